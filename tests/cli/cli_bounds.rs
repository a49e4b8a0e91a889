//! The CLI bounded in time and memory by what it builds (hardening issue): output written as a
//! stream under a budget, files read with a cap, sweeps built one size at a time, messages that
//! quote user text escaped and short. Each process runs under a memory limit (prlimit) and a
//! wall-clock limit, so a regression fails here instead of exhausting the machine.

use std::time::Duration;

use serde_json::Value;

/// Address-space limit for every process here: far above what the commands need (about
/// 300 MB at most), far below what the unbounded versions took (4–15 GB).
const MEMORY_LIMIT: u64 = 2 << 30;

use crate::common::cli::Outcome;

/// Runs the CLI under the memory limit, killing it after `limit`; stdout is kept whole
/// (these outputs are bounded by the budget under test).
fn run_within(limit: Duration, args: &[&str]) -> Outcome {
    crate::common::cli::run_within(limit, MEMORY_LIMIT, args)
}

/// Asserts one refusal: exit 2, one line on stderr, short, no control characters.
fn assert_one_line_refusal(out: &Outcome, contains: &str) {
    assert_eq!(out.code, Some(2), "exit code (None: killed at the time limit); stderr: {}", out.stderr);
    let line = out.stderr.strip_suffix('\n').expect("ends with a newline");
    assert!(!line.contains('\n'), "one line: {line:?}");
    assert!(!line.chars().any(char::is_control), "no control characters: {line:?}");
    assert!(line.chars().count() < 400, "short: {} characters", line.chars().count());
    assert!(line.starts_with("impartial: "), "{line}");
    assert!(line.contains(contains), "{line}");
}

const NIM_21_ONES: &str = "game=nim&heaps=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1";

#[test]
fn listings_over_the_output_budget_are_refused_before_writing() {
    // 2^21 positions, 22 million moves: the listing would be gigabytes (it took 11 GB of memory).
    for flag in [&["--positions", "--json"][..], &["--positions"]] {
        let mut args = vec!["analyse", "--game", NIM_21_ONES];
        args.extend_from_slice(flag);
        let out = run_within(Duration::from_secs(60), &args);
        assert_one_line_refusal(&out, "above the output budget of 256 MB");
        assert!(out.stdout.is_empty(), "nothing is written before the refusal");
    }
    // Chomp 2521×1: only 2,521 positions, but each label lists every row (it aborted after 83 s).
    let out = run_within(
        Duration::from_secs(60),
        &["analyse", "--game", "game=chomp&rows=2521&cols=1", "--positions"],
    );
    assert_one_line_refusal(&out, "--positions would write about");
    let out = run_within(
        Duration::from_secs(60),
        &["umda", "--game", NIM_21_ONES, "--dump-model", "--max-evals", "100"],
    );
    assert_one_line_refusal(&out, "--dump-model would write about");
}

#[test]
fn a_listing_over_the_budget_is_refused_from_the_count_before_building() {
    // Building Nim with 21 heaps of 1 holds about 230 MB: under 128 MB of address space only a
    // refusal made from the counted size, before building, gets through.
    for flag in [&["--positions", "--json"][..], &["--positions"]] {
        let mut args = vec!["analyse", "--game", NIM_21_ONES];
        args.extend_from_slice(flag);
        let out = crate::common::cli::run_within(Duration::from_secs(20), 128 << 20, &args);
        assert_one_line_refusal(&out, "above the output budget of 256 MB");
    }
    // A custom graph's size is only an upper bound: its listing is checked once built.
    let out =
        run_within(Duration::from_secs(20), &["analyse", "--game", "game=dag&edges=a-b", "--positions"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

#[test]
fn a_streamed_listing_is_the_report_the_library_makes() {
    for spec in
        ["game=chomp&rows=4&cols=5", "game=nim&heaps=2,3&play=misere", "game=subtraction&moves=1,2&heap=6"]
    {
        let out = run_within(Duration::from_secs(60), &["analyse", "--game", spec, "--json", "--positions"]);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        let streamed: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        let whole = impartial::report::analyse(spec, true).expect("a valid spec");
        // Both through text, so floats meet the same parser.
        let whole_json: Value = serde_json::from_str(&serde_json::to_string(&whole).unwrap()).unwrap();
        assert!(streamed == whole_json, "{spec}: the streamed JSON differs from the report's");

        let out = run_within(Duration::from_secs(60), &["analyse", "--game", spec, "--positions"]);
        assert_eq!(String::from_utf8(out.stdout).unwrap(), whole.to_text(), "{spec}");
    }
}

#[test]
fn a_listing_within_the_budget_is_written_in_bounded_memory() {
    // About 40 MB of JSON; memory stays that of the graph and its labels (prlimit checks it).
    let out = run_within(
        Duration::from_secs(120),
        &["analyse", "--game", "game=chomp&rows=8&cols=10", "--json", "--positions"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(report["nodes"].as_array().map(Vec::len), report["positions"].as_u64().map(|n| n as usize));
}

#[test]
fn the_dumped_model_is_the_map_it_was() {
    let out = run_within(
        Duration::from_secs(60),
        &[
            "umda",
            "--game",
            "game=subtraction&moves=1,2&heap=6",
            "--dump-model",
            "--json",
            "--max-evals",
            "2000",
        ],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let summary: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let model = summary["model"].as_object().expect("a model object");
    // SubtractionNim^2_7's interior positions 1..6, in label order (v* has a single move and is
    // not part of the model).
    let keys: Vec<&str> = model.keys().map(String::as_str).collect();
    assert_eq!(keys, ["1", "2", "3", "4", "5", "6"]);
    for (position, moves) in model {
        let total: f64 = moves.as_object().unwrap().values().map(|p| p.as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-9, "{position}: {total}");
    }
    assert_eq!(model["6"].as_object().unwrap().keys().collect::<Vec<_>>(), ["4", "5"]);
}

#[test]
fn spec_and_strategy_files_are_read_with_a_cap() {
    // /dev/zero never ends: it grew to 4.2 GB before. Now at most the spec limit is read.
    let out = run_within(Duration::from_secs(20), &["analyse", "--game", "@/dev/zero"]);
    assert_one_line_refusal(&out, "is longer than 262,144 bytes, the most that is read");
    assert!(out.elapsed < Duration::from_secs(5), "{:?}", out.elapsed);
    let out = run_within(
        Duration::from_secs(20),
        &["analyse", "--game", "game=nim&heaps=1,2", "--strategy", "@/dev/zero"],
    );
    assert_one_line_refusal(&out, "strategy file '/dev/zero' is longer than");
    let out = run_within(Duration::from_secs(20), &["runtime", "--summarise", "/dev/zero"]);
    assert_one_line_refusal(&out, "Line 1 of '/dev/zero' is longer than");
}

#[test]
fn messages_quote_user_text_escaped_and_cut() {
    let hostile = format!("{}\n\x1b[31mred", "x".repeat(100_000));
    let cases: Vec<Vec<&str>> = vec![
        vec!["analyse", "--game", &hostile],
        vec!["analyse", "--game", "game=nim&heaps=1,2", "--from", &hostile],
        vec!["umda", "--game", "game=nim&heaps=1,2", "--mu", &hostile],
        vec!["umda", "--game", "game=nim&heaps=1,2", "--mu", "paper", "--paper-c", &hostile],
        vec!["runtime", "--game", "game=nim&heaps=N", "--sizes", &hostile],
        vec!["runtime", "--game", "game=nim&heaps=N", "--sizes", "1", "--runs", &hostile],
        vec!["runtime", "--game", "game=nim&heaps=N", "--sizes", "1", "--shard", &hostile],
    ];
    for args in cases {
        let out = run_within(Duration::from_secs(20), &args);
        assert_one_line_refusal(&out, "…'");
    }
    // The poset parser's pointer into the text is escaped too.
    let out =
        run_within(Duration::from_secs(20), &["analyse", "--game", "game=poset&poset=C1+\x1b[2J\u{202e}"]);
    assert_one_line_refusal(&out, "(at '\\u{1b}[2J\\u{202e}')");
    // A file's first line is quoted escaped, never raw.
    let dir = std::env::temp_dir().join(format!("impartial-cli-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("strategy.txt");
    std::fs::write(&file, "\x1b]0;owned\x07line one\nline two\n").unwrap();
    let arg = format!("@{}", file.display());
    let out =
        run_within(Duration::from_secs(20), &["analyse", "--game", "game=nim&heaps=1,2", "--strategy", &arg]);
    assert_one_line_refusal(&out, "not a valid value for strategy");
    let raw = dir.join("raw.csv");
    std::fs::write(&raw, "1,fast,\x1b[2J\n").unwrap();
    let out = run_within(Duration::from_secs(20), &["runtime", "--summarise", raw.to_str().unwrap()]);
    assert_one_line_refusal(&out, "is not a row written by --raw");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_are_one_sentence_that_points_to_help() {
    let hostile_flag = format!("--{}\x1b[2J\n{}", "y".repeat(50_000), "z");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["analyse"], "--game <GAME>; usage: impartial analyse"),
        (vec!["analyse", "--fro", "x", "--game", "game=nim&heaps=1"], "'--fro'"),
        (vec!["analyse", "--game", "a", &hostile_flag], "…' found"),
        (vec!["frob"], "unrecognized subcommand 'frob'"),
        (vec!["analyse", "--game", "a", "--game", "b"], "cannot be used multiple times"),
        (vec!["umda", "--game", "game=nim&heaps=1", "--mu"], "a value is required for '--mu <MU>'"),
    ];
    for (args, contains) in cases {
        let out = run_within(Duration::from_secs(20), &args);
        assert_one_line_refusal(&out, contains);
        assert!(out.stderr.trim_end().ends_with("see --help."), "{}", out.stderr);
    }
    // Help and version are answers, not errors.
    for flag in ["--help", "--version"] {
        let out = run_within(Duration::from_secs(20), &[flag]);
        assert_eq!(out.code, Some(0), "{flag}");
        assert!(!out.stdout.is_empty() && out.stderr.is_empty(), "{flag}");
    }
}

#[test]
fn the_raw_header_names_every_value_of_a_row() {
    let out = run_within(
        Duration::from_secs(60),
        &[
            "runtime",
            "--game",
            "game=subtraction&moves=1,2&heap=N",
            "--sizes",
            "6,7",
            "--runs",
            "2",
            "--raw",
            "--mu",
            "10",
        ],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = String::from_utf8(out.stdout).unwrap();
    // A tidy table: the header first (the sweep is in --out's sidecar).
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(
        header,
        [
            "size",
            "engine",
            "max_games",
            "positions",
            "max_degree",
            "run",
            "seed",
            "mu",
            "gamma",
            "found",
            "games",
            "generations",
            "bound_log10",
            "mu_setting",
            "gamma_setting",
            "learner",
            "censored",
            "bound_theorem_log10",
            "cpu_seconds"
        ]
    );
    for line in lines {
        let row: Vec<&str> = line.split(',').collect();
        assert_eq!(row.len(), header.len(), "{line}");
        assert_eq!(row[1], "fast");
        assert_eq!(row[3], "8", "SubtractionNim^2 with heap 6 has 7 positions, plus v* at a P-position root");
    }
}

#[test]
fn summarising_grows_gently_with_the_number_of_sizes() {
    // The old quadratic grouping took 9 s for 100,000 sizes of one run each (now more cells
    // than a sweep has, refused). Compared with a fifth of them, a linear summary takes about 5
    // times as long and a quadratic one 25 times: the ratio, not a wall-clock limit, is what is
    // checked, so a busy machine does not fail it.
    let summarise = |sizes: u64| {
        let dir = std::env::temp_dir().join(format!("impartial-summarise-{}-{sizes}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("raw.csv");
        let mut text = String::from(impartial::learn::runtime::RAW_HEADER);
        text.push('\n');
        for size in 0..sizes {
            // T = μ per generation, as UMDA's rows have it (other rows are refused).
            let generations = 1 + size % 7;
            text += &format!(
                "{size},fast,1000,{},2,0,{size},10,0.001,true,{},{generations},\n",
                size + 2,
                10 * generations
            );
        }
        std::fs::write(&file, text).unwrap();
        let out = run_within(Duration::from_secs(120), &["runtime", "--summarise", file.to_str().unwrap()]);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        let summary = String::from_utf8(out.stdout).unwrap();
        let rows = summary.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).count();
        assert_eq!(rows as u64, sizes);
        out.elapsed
    };
    let small = summarise(2_000);
    let large = summarise(10_000);
    assert!(large < small * 15 + Duration::from_secs(1), "2,000 sizes: {small:?}; 10,000: {large:?}");
}

#[test]
fn a_sweep_is_sized_whole_before_its_first_graph_is_built() {
    // Ten sizes of 3,000,000 positions, then one over the budget: refused at once, where it was
    // refused only after building the ten (and holding them all).
    let mut sizes: Vec<String> = (0..10).map(|i| (3_000_000 + i).to_string()).collect();
    sizes.push("5000000".into());
    let sizes = sizes.join(",");
    let out = run_within(
        Duration::from_secs(120),
        &["runtime", "--game", "game=subtraction&moves=1,2&heap=N", "--sizes", &sizes, "--runs", "1"],
    );
    assert_one_line_refusal(&out, "At size 5000000: This subtraction game has 5,000,001 positions");
    assert!(out.elapsed < Duration::from_secs(2), "{:?}", out.elapsed);
}
