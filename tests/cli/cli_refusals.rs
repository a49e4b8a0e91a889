//! Hostile input refused before work proportional to it: summaries with zero positions or too
//! many cells, long axes, unreadable files (`/dev/zero`, a FIFO nobody writes to), budgets
//! that no generation fits, and listings streamed rather than held. Each process runs under an
//! address-space limit (prlimit) and a wall-clock limit, so a regression fails here.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::cli::{Outcome, Scratch};

/// Runs the CLI under `memory_mib` of address space, killed after `limit`.
fn run_within(limit: Duration, memory_mib: u64, args: &[&str]) -> Outcome {
    crate::common::cli::run_within(limit, memory_mib << 20, args)
}

fn assert_refused(out: &Outcome, words: &str) {
    assert_eq!(out.code, Some(2), "exit 2 within the limit; stderr: {}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "one line: {}", out.stderr);
    assert!(out.stderr.contains(words), "{words:?} in {}", out.stderr);
}

/// A raw table: the header and one row per (μ label, positions).
fn raw_table(name: &str, rows: impl Iterator<Item = (u64, u64)>) -> Scratch {
    let mut text = String::from(impartial::learn::runtime::RAW_HEADER);
    text.push('\n');
    for (mu, positions) in rows {
        // T = μ per generation, within the budget, as a run writes it (other rows are refused).
        let generations = 1 + mu % 7;
        text += &format!(
            "5,fast,1000000000,{positions},2,0,1,{mu},0.01,true,{},{generations},2.5,{mu},0.01,umda\n",
            mu * generations
        );
    }
    let path = Scratch::new(name);
    std::fs::write(&path.0, text).expect("temp file");
    path
}

#[test]
fn a_summary_with_zero_positions_and_a_plot_ends_with_a_sentence() {
    let file = raw_table("zero.csv", std::iter::once((5, 0)));
    let svg = Scratch::new("zero.svg");
    let out = run_within(
        Duration::from_secs(10),
        1024,
        &["runtime", "--summarise", &file.arg(), "--plot", &svg.arg()],
    );
    assert_refused(&out, "has 0 positions, which no game has");
}

#[test]
fn a_summary_of_more_cells_than_a_sweep_is_refused_at_once() {
    // 100,000 distinct μ labels: 12.7 s before, 166 s with --plot.
    let file = raw_table("many.csv", (1..=100_000).map(|mu| (mu, 6)));
    let svg = Scratch::new("many.svg");
    for plot in [false, true] {
        let (file, svg) = (file.arg(), svg.arg());
        let mut args = vec!["runtime", "--summarise", &file];
        if plot {
            args.extend(["--plot", &svg]);
        }
        let out = run_within(Duration::from_secs(5), 400, &args);
        assert_refused(&out, "more than 10,000 cells (size, learner, μ, γ), the most one sweep has");
    }
}

#[test]
fn a_summary_of_a_full_grid_is_linear_in_its_cells() {
    // 10,000 series of one cell each: the series-by-cell scans took seconds here.
    let file = raw_table("grid.csv", (1..=10_000).map(|mu| (mu, 6)));
    let svg = Scratch::new("grid.svg");
    let started = Instant::now();
    let out = run_within(
        Duration::from_secs(30),
        1024,
        &["runtime", "--summarise", &file.arg(), "--plot", &svg.arg()],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout_text().lines().filter(|l| l.starts_with("5,")).count(), 10_000);
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_long_mu_axis_is_refused_before_its_labels_are_compared() {
    let mus: Vec<String> = (1..=20_000).map(|m| m.to_string()).collect();
    let mus = mus.join(",");
    let out = run_within(
        Duration::from_secs(1),
        400,
        &["runtime", "--game", "game=nim&heaps=N", "--sizes", "1", "--mu", &mus],
    );
    assert_refused(&out, "= 20,000 cells (sizes × μ × γ), above the limit of 10,000");
}

#[test]
fn dev_zero_as_a_raw_table_is_refused_after_one_line() {
    // It was read to the 256 MB file cap first.
    let out = run_within(Duration::from_secs(10), 100, &["runtime", "--summarise", "/dev/zero"]);
    assert_refused(&out, "Line 1 of '/dev/zero' is longer than");
}

#[test]
fn a_budget_below_mu_is_refused_before_the_game_is_built() {
    // 1,088,640 positions took 159 MB to build before the refusal.
    let game = "game=nim&heaps=1,2,2,3,4,5,6,7,8";
    let out =
        run_within(Duration::from_secs(5), 60, &["umda", "--game", game, "--max-evals", "3", "--mu", "12"]);
    assert_refused(&out, "The budget of 3 games is below μ = 12");
    let out = run_within(
        Duration::from_secs(5),
        60,
        &[
            "runtime",
            "--game",
            "game=nim&heaps=1,2,2,3,4,5,6,7,N",
            "--sizes",
            "8",
            "--max-evals",
            "3",
            "--mu",
            "12",
        ],
    );
    assert_refused(&out, "The budget of 3 games is below μ = 12");
}

#[test]
fn a_heap_game_of_heaps_that_each_shrink_is_refused_from_a_count() {
    // 82,598,880 and 81,921,840 positions, counted by a formula: the walk held 213 MB before
    // refusing either.
    for heaps in ["60,60,60,60,60,60", "60,59,58,57,56,55"] {
        let game = format!("game=octal&code=0.3&heaps={heaps}");
        let out = run_within(Duration::from_secs(5), 60, &["analyse", "--game", &game]);
        assert_refused(&out, "This octal game has more than 4,000,000 positions");
    }
}

#[test]
fn a_trace_that_cannot_fit_is_refused_before_the_game_is_built() {
    let game = "game=nim&heaps=1,2,2,3,4,5,6,7,8";
    let out =
        run_within(Duration::from_secs(5), 60, &["learn", "--game", game, "--plays", "10000000", "--trace"]);
    assert_refused(&out, "--trace would write about");
}

#[test]
fn the_dumped_strategy_is_streamed_not_held() {
    // 1,088,640 positions: the learner itself needs under 200 MB, the held listing 110 MB more.
    let game = "game=nim&heaps=1,2,2,3,4,5,6,7,8";
    let out = run_within(
        Duration::from_secs(60),
        280,
        &["learn", "--game", game, "--plays", "1", "--dump-strategy", "--json"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let summary: serde_json::Value = serde_json::from_str(&out.stdout_text()).expect("one JSON object");
    let strategy = summary["strategy"].as_object().expect("the strategy");
    // Every position with a move: all but the terminal one.
    assert_eq!(strategy.len() as u64 + 1, summary["positions"].as_u64().unwrap());
    assert_eq!(strategy["1,2,2,3,4,5,6,7,8"].as_str().map(|m| m.split(',').count()), Some(9));
}

#[test]
fn a_fifo_nobody_writes_to_is_refused_without_blocking() {
    let fifo = Scratch::new("fifo");
    let _ = std::fs::remove_file(&fifo.0);
    let made = Command::new("mkfifo").arg(&fifo.0).status().expect("mkfifo runs");
    assert!(made.success());
    let at = format!("@{}", fifo.arg());
    for args in
        [vec!["analyse", "--game", &at], vec!["sequence", "--game", &at], vec!["learn", "--game", &at]]
    {
        let out = run_within(Duration::from_secs(5), 200, &args);
        assert_refused(&out, "is a FIFO or device that gave no text");
    }
}

#[test]
fn sequence_reads_its_game_from_a_file() {
    let path = Scratch::new("spec");
    std::fs::write(&path.0, "game=octal&code=0.77").expect("temp file");
    let out = run_within(
        Duration::from_secs(10),
        400,
        &["sequence", "--game", &format!("@{}", path.arg()), "--to", "10", "--json"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout_text()).expect("JSON");
    // Kayles (0.77): 0 1 2 3 1 4 3 2 1 4 2.
    assert_eq!(json["values"], serde_json::json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]));
}

#[test]
fn a_misere_sequence_is_refused_not_printed_as_normal_play() {
    for game in ["game=subtraction&moves=1,2&play=misere", "game=octal&code=0.77&play=misere"] {
        let out = run_within(Duration::from_secs(5), 400, &["sequence", "--game", game, "--to", "10"]);
        assert_refused(&out, "a sequence holds normal-play Grundy values");
    }
}

#[test]
fn a_subtraction_heap_refusal_names_its_key() {
    let out = run_within(
        Duration::from_secs(5),
        400,
        &["value", "--game", "game=subtraction&moves=1&heap=9223372036854775808"],
    );
    assert_refused(&out, "not a valid value for heap:");
}
