//! `impartial umda` and `impartial runtime` as a user runs them: the
//! summary, the trace, the model dump, the runtime table, sharding, and one sentence with exit
//! code 2 for bad input.

use impartial::error::group_digits;
use serde_json::Value;

use crate::common::cli;
use cli::{ok, run};

const NIM27: &str = "game=subtraction&moves=1,2&heap=6";

#[test]
fn umda_json_reports_t_and_a_reproducible_hash() {
    let args = ["umda", "--game", NIM27, "--mu", "10", "--gamma", "0.01", "--seed", "5", "--json"];
    let first: Value = serde_json::from_str(&ok(&args)).unwrap();
    let second: Value = serde_json::from_str(&ok(&args)).unwrap();
    assert_eq!(first, second, "same seed, same output");
    assert_eq!(first["found"], true);
    assert_eq!(first["fictitious_start"], true);
    assert_eq!(first["positions"], 8, "SubtractionNim^2_7 plus v*");
    let games = first["found_after_games"].as_u64().unwrap();
    assert_eq!(games, 10 * first["found_in_generation"].as_u64().unwrap());
    assert_eq!(first["model_hash"].as_str().unwrap().len(), 16);
    let other: Value = serde_json::from_str(&ok(&[
        "umda", "--game", NIM27, "--mu", "10", "--gamma", "0.01", "--seed", "6", "--json",
    ]))
    .unwrap();
    assert_ne!(first["model_hash"], other["model_hash"]);
}

#[test]
fn trace_has_one_line_per_generation_and_the_model_sums_to_one() {
    let stdout = ok(&[
        "umda",
        "--game",
        "game=chomp&rows=3&cols=3",
        "--mu",
        "8",
        "--seed",
        "2",
        "--trace",
        "--json",
        "--dump-model",
    ]);
    let lines: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let (summary, trace) = lines.split_last().unwrap();
    let generations = summary["generations"].as_u64().unwrap();
    assert_eq!(trace.len() as u64, generations);
    for (i, line) in trace.iter().enumerate() {
        assert_eq!(line["generation"], i as u64 + 1);
        assert_eq!(line["games"], 8 * (i as u64 + 1));
        let visits = line["critical_visit"].as_array().unwrap();
        assert_eq!(visits.len(), summary["critical_positions"].as_array().unwrap().len());
        assert!(visits.iter().all(|r| (0.0..=1.0).contains(&r.as_f64().unwrap())));
    }
    assert_eq!(trace.last().unwrap()["winners_optimal"], summary["found"]);
    let model = summary["model"].as_object().unwrap();
    let analysis: Value = serde_json::from_str(&ok(&[
        "analyse",
        "--game",
        "game=chomp&rows=3&cols=3",
        "--json",
        "--positions",
    ]))
    .unwrap();
    let interior: Vec<&str> = analysis["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| !n["moves"].as_array().unwrap().is_empty())
        .map(|n| n["label"].as_str().unwrap())
        .collect();
    assert_eq!(model.keys().map(String::as_str).collect::<Vec<_>>().len(), interior.len());
    assert!(
        interior.iter().all(|label| model.contains_key(*label)),
        "one distribution per interior position"
    );
    for (position, moves) in model {
        let total: f64 = moves.as_object().unwrap().values().map(|p| p.as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-9, "{position}: {total}");
    }
}

#[test]
fn a_spent_budget_reports_not_found_with_its_numbers() {
    let stdout = ok(&[
        "umda",
        "--game",
        "game=turning-turtles&coins=8",
        "--mu",
        "10",
        "--gamma",
        "0",
        "--max-evals",
        "35",
    ]);
    assert!(
        stdout.contains("not found: no optimal strategy among the winners after 3 generations (30 games"),
        "{stdout}"
    );
}

#[test]
fn the_engines_all_run_and_paper_settings_are_computed() {
    for engine in ["fast", "naive", "expected"] {
        let stdout = ok(&["umda", "--game", NIM27, "--mu", "30", "--engine", engine]);
        assert!(stdout.contains(&format!("engine {engine}")), "{stdout}");
        assert!(stdout.contains("found:"), "{stdout}");
    }
    // γ = 1/(20Δn) with Δ = 2 and n = 8 (G*): 1/320.
    let stdout = ok(&["umda", "--game", NIM27, "--mu", "30", "--gamma", "paper", "--json"]);
    let summary: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(summary["gamma"], 1.0 / 320.0);
    // μ = C(K+s+1)(20Δn)^{1+2s} ln n with s = 1, K = 1, C = 10^-6: 3·320³·ln 8·10^-6 ≈ 204.4.
    let stdout = ok(&[
        "umda",
        "--game",
        NIM27,
        "--mu",
        "paper",
        "--paper-c",
        "0.000001",
        "--json",
        "--max-evals",
        "300",
    ]);
    let summary: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(summary["mu"], (3.0 * 320f64.powi(3) * 8f64.ln() * 1e-6).ceil() as u64);
}

#[test]
fn bad_parameters_get_one_sentence_and_exit_code_2() {
    let cases: [(&[&str], &str); 15] = [
        (&["--mu", "paper", "--paper-c", "1e300"], "with C = 1e300, above the limit"),
        (&["--mu", "0"], "'0' is not a valid value for mu: a whole number of games per generation from 1"),
        (&["--mu", "-3"], "'-3' is not a valid value for mu"),
        (&["--mu", "1e3"], "'1e3' is not a valid value for mu"),
        (&["--mu", "100000001"], "from 1 to 100,000,000"),
        (
            &["--gamma", "0.5"],
            "'0.5' is not a valid value for gamma: a number from 0 up to, not including, 1/Δ = 0.5",
        ),
        (&["--gamma", "-0.1"], "is not a valid value for gamma"),
        (&["--gamma", "NaN"], "'NaN' is not a valid value for gamma"),
        (&["--gamma", "inf"], "'inf' is not a valid value for gamma"),
        (&["--engine", "turbo"], "'turbo' is not a valid value for engine: fast, naive or expected"),
        (&["--max-evals", "-5"], "'-5' is not a valid value for max-evals"),
        (&["--max-evals", "99999999999999999999999"], "too many digits"),
        (&["--seed", "18446744073709551616"], "is not a valid value for seed"),
        (&["--mu", "paper"], "above the limit of 100,000,000; scale it down with --paper-c"),
        (&["--mu", "paper", "--paper-c", "0"], "'0' is not a valid value for paper-c"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["umda", "--game", NIM27];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {stderr}");
        assert!(stdout.is_empty(), "{extra:?}: {stdout}");
        assert!(stderr.contains(expected), "{extra:?}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{extra:?}: {stderr:?}");
    }
    let (code, _, stderr) = run(&["umda", "--game", "game=go"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("Unknown game family 'go'"));
    let (code, _, stderr) =
        run(&["umda", "--game", "game=subtraction&moves=1,2&heap=6&play=misere", "--mu", "paper"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("Theorem 5.2 is for normal play"), "{stderr}");
}

const SWEEP: &str = "game=subtraction&moves=1,2&heap=N";

/// The runs of a raw CSV table: its lines that start with a digit (not the header), without
/// the last column, the run's CPU time (the one column two runs of a command do not share).
fn data_lines(table: &str) -> Vec<String> {
    table
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

#[test]
fn runtime_writes_a_table_with_percentiles_and_a_slope() {
    let stdout = ok(&[
        "runtime", "--game", SWEEP, "--sizes", "7,15,31", "--runs", "6", "--mu", "20", "--gamma", "paper",
    ]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "size,positions,max_degree,engine,mu,gamma,max_games,runs,finished,mean_T,median_T,p10_T,p90_T,bound_log10,\
         mu_setting,gamma_setting,median_T_low,median_T_high,learner,censored,bound_theorem_log10"
    );
    assert_eq!(lines.len(), 4, "{stdout}");
    for (line, n) in lines[1..4].iter().zip([8, 17, 32]) {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f[1], n.to_string(), "positions, counting v* where heap 15 is a P-position");
        assert_eq!((f[3], f[4], f[7]), ("fast", "20", "6"), "engine, μ, runs");
        let (p10, median, p90): (u64, u64, u64) =
            (f[11].parse().unwrap(), f[10].parse().unwrap(), f[12].parse().unwrap());
        assert!(p10 <= median && median <= p90 && p10 % 20 == 0, "{line}");
    }
    // A tidy table: the slopes are in the JSON summary, not in comment lines.
    assert!(!stdout.contains('#'), "{stdout}");
    let json: Value = serde_json::from_str(&ok(&[
        "runtime", "--game", SWEEP, "--sizes", "7,15,31", "--runs", "6", "--mu", "20", "--json",
    ]))
    .unwrap();
    assert!(json["slope"].is_number());
    // Corollary 5.3 for SubtractionNim: (20Δn)^{2+3s} log² n with s = 1: slope a little above 5.
    let bound_slope = json["bound_slope"].as_f64().unwrap();
    assert!((5.0..6.0).contains(&bound_slope), "{bound_slope}");
}

#[test]
fn shards_run_exactly_the_runs_of_the_whole_sweep() {
    let all = ok(&["runtime", "--game", SWEEP, "--sizes", "7,15", "--runs", "5", "--mu", "10", "--raw"]);
    let dir = std::env::temp_dir().join(format!("impartial-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rows: Vec<String> = Vec::new();
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let part = ok(&[
            "runtime", "--game", SWEEP, "--sizes", "7,15", "--runs", "5", "--mu", "10", "--raw", "--shard",
            &shard,
        ]);
        let file = dir.join(format!("shard{i}.csv")).to_string_lossy().into_owned();
        let written = ok(&[
            "runtime", "--game", SWEEP, "--sizes", "7,15", "--runs", "5", "--mu", "10", "--raw", "--shard",
            &shard, "--out", &file,
        ]);
        assert_eq!(written, "");
        // The table on stdout has the rows --out appends (in the order they finished).
        let mut appended = data_lines(&std::fs::read_to_string(&file).unwrap());
        appended.sort();
        let mut printed = data_lines(&part);
        printed.sort();
        assert_eq!(appended, printed);
        files.push(file);
        rows.extend(data_lines(&part));
    }
    let mut expected: Vec<String> = data_lines(&all);
    expected.sort();
    rows.sort();
    assert_eq!(rows, expected);
    // Summarising the shards gives the table of the whole sweep.
    let mut args = vec!["runtime", "--summarise"];
    args.extend(files.iter().map(String::as_str));
    let merged = ok(&args);
    let whole = ok(&["runtime", "--game", SWEEP, "--sizes", "7,15", "--runs", "5", "--mu", "10"]);
    assert_eq!(merged, whole);
    // A run can be replayed by its seed.
    let first: Vec<&str> = expected[0].split(',').collect();
    let (size, seed, games) = (first[0], first[6], first[10]);
    let spec = format!("game=subtraction&moves=1,2&heap={size}");
    let replay: Value =
        serde_json::from_str(&ok(&["umda", "--game", &spec, "--mu", "10", "--seed", seed, "--json"]))
            .unwrap();
    assert_eq!(replay["found_after_games"].to_string(), games);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn summarising_refuses_rows_that_are_not_one_sweep() {
    let dir = std::env::temp_dir().join(format!("impartial-summarise-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, extra: &[&str]| {
        let mut args = vec!["runtime", "--game", SWEEP, "--sizes", "7", "--runs", "3", "--raw"];
        args.extend_from_slice(extra);
        let path = dir.join(name).to_string_lossy().into_owned();
        if extra.contains(&"--json") {
            std::fs::write(&path, ok(&args)).unwrap();
        } else {
            // The sweep is recorded in the sidecar --out writes beside the table.
            args.extend(["--out", &path]);
            assert_eq!(ok(&args), "");
        }
        path
    };
    let (a, naive) =
        (write("a.csv", &["--mu", "10"]), write("naive.csv", &["--mu", "10", "--engine", "naive"]));
    let json = write("raw-a.json", &["--mu", "10", "--json"]);
    // The same tables without their sidecar, as a table on stdout or written before sweeps
    // were recorded: the rows alone are checked.
    let legacy = |path: &str, name: &str| {
        let path_new = dir.join(name);
        std::fs::copy(path, &path_new).unwrap();
        path_new.to_string_lossy().into_owned()
    };
    let (old_a, old_naive) = (legacy(&a, "old-a.csv"), legacy(&naive, "old-naive.csv"));
    let cases = [
        (vec![a.as_str(), a.as_str()], "Shard 1/1 is given twice"),
        (vec![a.as_str(), naive.as_str()], "are from different sweeps (they differ in their engine)"),
        (vec![a.as_str(), old_a.as_str()], "names no sweep (it was written before sweeps were recorded)"),
        (vec![old_a.as_str(), old_a.as_str()], "Run 0 of size 7 (μ = 10, γ = paper) appears twice"),
        (vec![old_a.as_str(), old_naive.as_str()], "Size 7 was run with different settings"),
    ];
    for (files, expected) in cases {
        let mut args = vec!["runtime", "--summarise"];
        args.extend(files);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(expected), "{stderr}");
    }
    // --raw --json files are read too, and give the CSV's table.
    assert_eq!(ok(&["runtime", "--summarize", &json]), ok(&["runtime", "--summarise", &a]));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn settings_that_cannot_run_are_refused() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["umda", "--game", NIM27, "--mu", "100", "--max-evals", "50"],
            "below μ = 100: not even one generation fits",
        ),
        (&["umda", "--game", NIM27, "--mu", "1", "--engine", "expected"], "so μ must be at least 2"),
        (
            &["umda", "--game", NIM27, "--paper-c", "0.1"],
            "--paper-c and --paper-k only apply with --mu paper",
        ),
        (&["runtime", "--game", SWEEP, "--sizes", "7,15,7"], "The size 7 is listed twice"),
    ];
    for (args, expected) in cases {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(expected), "{args:?}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1);
    }
}

#[test]
fn the_size_may_be_an_item_of_a_list() {
    let stdout =
        ok(&["runtime", "--game", "game=nim&heaps=N,N", "--sizes", "2,3", "--runs", "2", "--mu", "20"]);
    let positions: Vec<&str> = stdout.lines().skip(1).take(2).map(|l| l.split(',').nth(1).unwrap()).collect();
    // Nim (N, N) is a P-position, learned as G*: (N+1)² positions plus v*.
    assert_eq!(positions, ["10", "17"]);
}

#[test]
fn bad_runtime_input_gets_one_sentence() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--game", "game=subtraction&moves=1,2&heap=6", "--sizes", "7"],
            "the size is written N, as a whole value",
        ),
        (&["--game", SWEEP, "--sizes", "7,x"], "'7,x' is not a valid value for sizes"),
        (&["--game", SWEEP, "--sizes", "7", "--runs", "0"], "'0' is not a valid value for runs"),
        (&["--game", SWEEP, "--sizes", "7", "--shard", "4/3"], "'4/3' is not a valid value for shard"),
        (&["--game", SWEEP, "--sizes", "7", "--gamma", "0.6"], "is not a valid value for gamma"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["runtime"];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(expected), "{extra:?}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1);
    }
}

#[test]
fn the_readme_umda_example_is_what_the_cli_prints() {
    let readme = crate::common::docs_text();
    let after = &readme[readme.find("A worked example on SubtractionNim^2_7").expect("README section")..];
    let after = &after[after.find("```\ngame:").expect("the output block") + 4..];
    let block = &after[..after.find("```").unwrap()];
    assert_eq!(ok(&["umda", "--game", NIM27, "--mu", "4", "--seed", "2"]), block);
}

#[test]
fn the_readme_runtime_table_is_what_the_cli_measures() {
    // The three smaller sizes of README's table (the larger two take seconds): seeds derive
    // from (seed, size, run), so a subset of sizes reproduces its rows exactly.
    let readme = crate::common::docs_text();
    let stdout = ok(&[
        "runtime",
        "--game",
        SWEEP,
        "--sizes",
        "7,15,31",
        "--runs",
        "100",
        "--mu",
        "100",
        "--gamma",
        "paper",
        "--max-evals",
        "100000000",
        "--json",
    ]);
    let summary: Value = serde_json::from_str(&stdout).unwrap();
    let group = |x: u64| group_digits(u128::from(x));
    for size in summary["sizes"].as_array().unwrap() {
        let n = size["size"].as_u64().unwrap() + 1;
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| n = {n} |")))
            .unwrap_or_else(|| panic!("README has a row for n = {n}"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let at = |key: &str| size[key].as_u64().unwrap();
        assert_eq!(cells[3], group(at("median")), "median T at n = {n}");
        assert_eq!(cells[4], format!("{}–{}", group(at("p10")), group(at("p90"))), "percentiles at n = {n}");
        let mean = size["mean_finished"].as_f64().unwrap().round() as u64;
        assert_eq!(cells[5], group(mean), "mean T at n = {n}");
    }
}
