//! `impartial runtime --learner`: Böhme's rules measured beside UMDA on
//! the same games and seeds. A rule's rows equal the same runs made one by one with
//! `impartial learn`, a sweep of several learners equals each learner's sweep, shards of
//! different learners are refused by --summarise, and a bad learner gets one sentence.

use serde_json::Value;

use crate::common::cli;
use cli::{ok, run};

/// SubtractionNim²_N: N = 8 and 11 have N-roots (heap 7, 10), N = 10 and 16 P-roots (heap 9,
/// 15), where the learner moves second (Benford & Lehre's G*).
const GAME: &str = "game=subtraction&moves=1,2&heap=N-1";
const SIZES: &str = "8,10,11,16";

/// The runs of a raw CSV table, split into fields (not its header), without the last column,
/// the run's CPU time (the one column two runs of a command do not share).
fn rows(table: &str) -> Vec<Vec<String>> {
    table
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.rsplit_once(',').unwrap().0.split(',').map(str::to_string).collect())
        .collect()
}

/// `runtime` on GAME at SIZES, 4 runs, with `learner` and `extra` arguments.
fn runtime(learner: &str, extra: &[&str]) -> String {
    let mut args = vec!["runtime", "--game", GAME, "--sizes", SIZES, "--runs", "4", "--learner", learner];
    args.extend_from_slice(extra);
    ok(&args)
}

/// The raw table of [`runtime`].
fn sweep(learner: &str, extra: &[&str]) -> String {
    runtime(learner, &[&["--raw"], extra].concat())
}

#[test]
fn a_rule_learners_rows_are_its_runs_made_one_by_one_with_learn() {
    for (learner, budget) in [("lnwp:random", "100000"), ("rlnwt:random", "100000"), ("lnwt:first", "50")] {
        let table = sweep(learner, &["--max-evals", budget]);
        let (rule, opponent) = learner.split_once(':').unwrap();
        let rows = rows(&table);
        assert_eq!(rows.len(), 16, "{table}");
        for f in &rows {
            // size,engine,max_games,positions,max_degree,run,seed,mu,gamma,found,games,generations,…,learner
            assert_eq!(
                (f[1].as_str(), f[13].as_str(), f[14].as_str(), f[15].as_str()),
                ("-", "-", "-", learner)
            );
            let heap = (f[0].parse::<u64>().unwrap() - 1).to_string();
            let spec = format!("game=subtraction&moves=1,2&heap={heap}");
            let found = f[9] == "true";
            let plays = if found { f[10].clone() } else { budget.to_string() };
            let mut args = vec![
                "learn",
                "--game",
                &spec,
                "--rule",
                rule,
                "--opponent",
                opponent,
                "--seed",
                &f[6],
                "--plays",
                &plays,
                "--json",
            ];
            // A P-root (heap ≡ 0 mod 3): the learner moves second, as in G*.
            let second = heap.parse::<u64>().unwrap() % 3 == 0;
            if second {
                args.push("--second");
            }
            let learned: Value = serde_json::from_str(&ok(&args)).unwrap();
            assert_eq!(learned["learner_moves"], if second { "second" } else { "first" });
            if found {
                assert_eq!(learned["optimal_after"].as_u64(), Some(f[10].parse().unwrap()), "{f:?}");
            } else {
                assert!(learned["optimal_after"].is_null(), "{f:?}: {learned}");
                assert_eq!(f[10], budget);
            }
            // n counts v* where the learner moves second, as for UMDA.
            let positions: usize = f[3].parse().unwrap();
            assert_eq!(positions, learned["positions"].as_u64().unwrap() as usize + usize::from(second));
        }
        if learner != "lnwt:first" {
            assert!(rows.iter().all(|f| f[9] == "true"), "the random opponent shows every line: {table}");
        }
    }
}

#[test]
fn a_sweep_of_several_learners_equals_each_learners_sweep() {
    let budget = ["--max-evals", "200000", "--mu", "20"];
    let all = sweep("umda,lnwp:random,rllt:same", &budget);
    let umda = sweep("umda", &budget);
    let lnwp = sweep("lnwp:random", &budget[..2]);
    let rllt = sweep("rllt:same", &budget[..2]);
    let all = rows(&all);
    // Size-major, then learner: each size's runs of each learner, in the order listed.
    let mut expected = Vec::new();
    for size in ["8", "10", "11", "16"] {
        for table in [&umda, &lnwp, &rllt] {
            expected.extend(rows(table).into_iter().filter(|f| f[0] == size));
        }
    }
    assert_eq!(all, expected);
    // Identical games and seeds: run r at a size has one seed whoever learns.
    for chunk in all.chunks(12) {
        let seeds: Vec<&str> = chunk.iter().map(|f| f[6].as_str()).collect();
        assert_eq!(seeds[..4], seeds[4..8]);
        assert_eq!(seeds[..4], seeds[8..]);
    }
    // The summary has one series per learner, and the figure one line each.
    let dir = std::env::temp_dir().join(format!("impartial-learners-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("learners.svg").to_string_lossy().into_owned();
    let summary: Value = serde_json::from_str(&runtime(
        "umda,lnwp:random,rllt:same",
        &["--max-evals", "200000", "--mu", "20", "--json", "--plot", &svg],
    ))
    .unwrap();
    let learners: Vec<&str> =
        summary["series"].as_array().unwrap().iter().map(|s| s["learner"].as_str().unwrap()).collect();
    assert_eq!(learners, ["umda", "lnwp:random", "rllt:same"]);
    let figure = std::fs::read_to_string(&svg).unwrap();
    for label in ["UMDA, μ = 20, γ = paper", "lnwp against random", "rllt against same"] {
        assert!(figure.contains(label), "{label}");
    }
    assert!(!figure.contains("median T at N"), "no μ × γ heat map for learners");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_of_a_sweep_of_learners_merge_and_shards_of_different_learners_do_not() {
    let dir = std::env::temp_dir().join(format!("impartial-learner-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, learner: &str, shard: &str| {
        let path = dir.join(name).to_string_lossy().into_owned();
        // The sweep each shard belongs to is in the sidecar --out writes beside it.
        assert_eq!(sweep(learner, &["--shard", shard, "--max-evals", "100000", "--out", &path]), "");
        path
    };
    let whole = runtime("umda,lnwp:random", &["--max-evals", "100000"]);
    let (a, b) = (write("a.csv", "umda,lnwp:random", "1/2"), write("b.csv", "umda,lnwp:random", "2/2"));
    assert_eq!(ok(&["runtime", "--summarise", &a, &b]), whole);
    let other = write("c.csv", "lnwt:random", "2/2");
    let (code, stdout, stderr) = run(&["runtime", "--summarise", &a, &other]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("are from different sweeps (they differ in their learner)"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_learners_get_one_sentence() {
    let cases: [(&[&str], &str); 13] = [
        (
            &["--learner", "lnwt"],
            "'lnwt' is not a valid value for learner: umda, pbil or cga, or one of Böhme's rules",
        ),
        (&["--learner", "umda", "--rho", "0.5"], "--rho sets PBIL's learning rate; add pbil"),
        (&["--learner", "pbil", "--cga-k", "10"], "--cga-k sets the compact GA's K; add cga"),
        (
            &["--learner", "pbil", "--rho", "0"],
            "'0' is not a valid value for rho: a number above 0 and at most 1",
        ),
        (&["--learner", "pbil", "--rho", "1.5"], "'1.5' is not a valid value for rho"),
        (&["--learner", "cga", "--cga-k", "1"], "'1' is not a valid value for cga-k: a whole number from 2"),
        (&["--learner", "cga", "--mu", "10,20"], "The compact GA has no μ"),
        (&["--learner", "cga", "--engine", "naive"], "--engine sets UMDA and PBIL"),
        (&["--learner", "lnwq:random"], "'lnwq:random' is not a valid value for learner"),
        (&["--learner", "lnwp:clever"], "'lnwp:clever' is not a valid value for learner"),
        (&["--learner", "umda,lnwp:random,umda"], "with none given twice"),
        (&["--learner", "lnwp:random", "--mu", "50"], "--mu sets UMDA"),
        (&["--learner", "umda,lnwp:random", "--gamma", "paper,0.01"], "takes one --mu and one --gamma"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["runtime", "--game", GAME, "--sizes", "8"];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {stderr}");
        assert!(stdout.is_empty(), "{extra:?}");
        assert!(stderr.contains(expected), "{extra:?}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
    // A budget `impartial learn` could not replay is refused before any run.
    let (code, _, stderr) = run(&[
        "runtime",
        "--game",
        GAME,
        "--sizes",
        "8",
        "--learner",
        "lnwp:random",
        "--max-evals",
        "20000000",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("At size 8:") && stderr.contains("10,000,000"), "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// The model learners besides UMDA (PBIL, the compact GA), and the censored-runtime statistics.

/// The model learners' flags for a small sweep: μ = 20, ρ = 0.4, K = 20, a budget of 20,000.
const MODEL_FLAGS: [&str; 8] = ["--mu", "20", "--rho", "0.4", "--cga-k", "20", "--max-evals", "20000"];

#[test]
fn a_pbil_or_cga_row_is_its_run_made_alone_with_umda_learner() {
    let table = sweep("umda,pbil,cga", &MODEL_FLAGS);
    let rows = rows(&table);
    assert_eq!(rows.len(), 48, "{table}");
    for f in rows.iter().filter(|f| f[15] != "umda") {
        let learner = f[15].as_str();
        // size,engine,max_games,positions,max_degree,run,seed,mu,gamma,found,games,generations,…
        let expected = if learner == "pbil" { ("fast", "20", "20") } else { ("-", "0", "-") };
        assert_eq!((f[1].as_str(), f[7].as_str(), f[13].as_str()), expected, "{f:?}");
        let heap = (f[0].parse::<u64>().unwrap() - 1).to_string();
        let spec = format!("game=subtraction&moves=1,2&heap={heap}");
        let knob: [&str; 2] = if learner == "pbil" { ["--rho", "0.4"] } else { ["--cga-k", "20"] };
        let mut args =
            vec!["umda", "--game", &spec, "--learner", learner, "--seed", &f[6], "--max-evals", "20000"];
        args.extend_from_slice(&knob);
        if learner == "pbil" {
            args.extend_from_slice(&["--mu", "20"]);
        }
        args.push("--json");
        let alone: Value = serde_json::from_str(&ok(&args)).unwrap();
        assert_eq!(alone["found"].as_bool(), Some(f[9] == "true"), "{f:?}: {alone}");
        let games = alone["found_after_games"].as_u64().or(alone["games"].as_u64()).unwrap();
        assert_eq!(games.to_string(), f[10], "{f:?}: {alone}");
    }
    // The compact GA counts games one by one, and every learner found at these sizes.
    assert!(rows.iter().filter(|f| f[15] == "cga").any(|f| f[10].parse::<u64>().unwrap() % 20 != 0));
}

#[test]
fn a_sweep_of_learners_is_the_same_on_one_thread_and_on_two() {
    let bin = env!("CARGO_BIN_EXE_impartial");
    let output = |threads: &str| {
        let mut args =
            vec!["runtime", "--game", GAME, "--sizes", SIZES, "--runs", "6", "--learner", "umda,pbil,cga"];
        args.extend_from_slice(&MODEL_FLAGS);
        args.push("--raw");
        let out =
            std::process::Command::new(bin).args(&args).env("RAYON_NUM_THREADS", threads).output().unwrap();
        assert!(out.status.success());
        without_cpu_time(&String::from_utf8(out.stdout).unwrap())
    };
    assert_eq!(output("1"), output("2"));
}

/// A raw table without its last column, each run's CPU time (the one column two runs of a
/// command do not share).
fn without_cpu_time(table: &str) -> String {
    table.lines().map(|l| l.rsplit_once(',').map_or(l, |(rest, _)| rest).to_string() + "\n").collect()
}

/// A summary's JSON without its provenance, which names the command, the host and the date.
fn without_provenance(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v.as_object_mut().unwrap().remove("provenance");
    v
}

#[test]
fn the_summary_states_its_censored_statistics_by_name() {
    // A budget of 60 games (3 generations of μ = 20) leaves runs unfinished, so cells are censored.
    let summary: Value =
        serde_json::from_str(&runtime("umda,pbil,cga", &["--mu", "20", "--max-evals", "60", "--json"]))
            .unwrap();
    let mut censored = 0;
    for cell in summary["sizes"].as_array().unwrap() {
        for key in
            ["runs", "censored", "km_median", "km_median_ci", "rmst", "rmst_tau", "nearest_rank_median"]
        {
            assert!(cell.get(key).is_some(), "{key} missing: {cell}");
        }
        let runs = cell["runs"].as_u64().unwrap();
        censored += cell["censored"].as_u64().unwrap();
        assert_eq!(
            cell["runs"].as_u64().unwrap() - cell["finished"].as_u64().unwrap(),
            cell["censored"].as_u64().unwrap()
        );
        assert_eq!(cell["rmst_tau"].as_u64(), Some(60));
        let rmst = cell["rmst"].as_f64().unwrap();
        assert!(rmst > 0.0 && rmst <= 60.0, "{cell}");
        match cell["km_median"].as_u64() {
            Some(m) => {
                let ci = cell["km_median_ci"].as_array().unwrap();
                assert!(ci[0].as_u64().is_none_or(|low| low <= m), "{cell}");
                assert!(ci[1].as_u64().is_none_or(|high| high >= m), "{cell}");
            }
            None => assert!(cell["km_median_ci"].is_null(), "{cell}"),
        }
        assert!(runs > 0);
    }
    assert!(censored > 0, "the budget of 60 should censor some runs: {summary}");
    for series in summary["series"].as_array().unwrap() {
        assert!(series.get("km_slope").is_some(), "{series}");
    }
}

#[test]
fn compare_tests_every_two_learners_at_each_size() {
    let direct = runtime("umda,pbil,cga", &[&MODEL_FLAGS[..], &["--compare"]].concat());
    let lines: Vec<&str> = direct.lines().collect();
    assert!(lines[0].starts_with("size,learner_a,mu_a,gamma_a,learner_b"), "{direct}");
    assert_eq!(lines.len(), 1 + 4 * 3, "three pairs at each of four sizes: {direct}");
    for line in &lines[1..] {
        let f: Vec<&str> = line.split(',').collect();
        let p: f64 = f[16].parse().unwrap();
        assert!((0.0..=1.0).contains(&p), "{line}");
    }
    let pairs: Vec<(&str, &str)> = lines[1..4]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1], f[4])
        })
        .collect();
    assert_eq!(pairs, [("umda", "pbil"), ("umda", "cga"), ("pbil", "cga")]);
    // From the raw table, the same tests.
    let dir = std::env::temp_dir().join(format!("impartial-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let raw = dir.join("raw.csv");
    std::fs::write(&raw, sweep("umda,pbil,cga", &MODEL_FLAGS)).unwrap();
    assert_eq!(ok(&["runtime", "--summarise", &raw.to_string_lossy(), "--compare"]), direct);
    let json: Value =
        serde_json::from_str(&ok(&["runtime", "--summarise", &raw.to_string_lossy(), "--compare", "--json"]))
            .unwrap();
    let first = &json["comparisons"][0];
    assert_eq!(first["a"]["learner"], "umda");
    assert!(first["log_rank"]["p_value"].as_f64().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// docs/experiments.md's comparison of the learners, reproduced at its smallest sizes.

/// 12345 → "12,345".
fn grouped(x: u64) -> String {
    let digits = x.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A cell's row of the docs' table: N, n, learner, finished/runs, KM median [interval], KM
/// 10th–90th percentile, restricted mean (— for what does not exist).
fn docs_row(cell: &Value) -> String {
    let number = |v: &Value| v.as_u64().map_or("—".to_string(), grouped);
    let median = match cell["km_median"].as_u64() {
        Some(m) => format!(
            "{} [{}, {}]",
            grouped(m),
            number(&cell["km_median_ci"][0]),
            number(&cell["km_median_ci"][1])
        ),
        None => "—".to_string(),
    };
    let spread = match (cell["km_p10"].as_u64(), cell["km_p90"].as_u64()) {
        (None, None) => "—".to_string(),
        _ => format!("{}–{}", number(&cell["km_p10"]), number(&cell["km_p90"])),
    };
    format!(
        "| {} | {} | {} | {}/{} | {median} | {spread} | {} |",
        cell["size"],
        cell["positions"],
        cell["learner"].as_str().unwrap(),
        cell["finished"],
        cell["runs"],
        grouped((cell["rmst"].as_f64().unwrap() + 0.5).floor() as u64)
    )
}

/// A size's row of the docs' log-rank table: χ² and p for umda–pbil, umda–cga, pbil–cga.
fn docs_compare_row(size: &str, tests: &[Value]) -> String {
    let cells: Vec<String> = tests
        .iter()
        .map(|t| {
            let (chi2, p) =
                (t["log_rank"]["chi2"].as_f64().unwrap(), t["log_rank"]["p_value"].as_f64().unwrap());
            let p = if p >= 0.001 { format!("p = {p:.3}") } else { "p < 0.001".to_string() };
            format!("χ² = {chi2:.2}, {p}")
        })
        .collect();
    format!("| {size} | {} |", cells.join(" | "))
}

/// A shell word list with '…' quoting, as the docs write commands.
fn words(command: &str) -> Vec<String> {
    let (mut out, mut word, mut quoted) = (Vec::new(), String::new(), false);
    for c in command.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn the_docs_comparison_of_learners_is_reproduced_at_its_smallest_sizes() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/experiments.md")).unwrap();
    // The published commands, continuation lines joined.
    let joined = doc.replace("\\\n", " ");
    let commands: Vec<&str> = joined
        .lines()
        .map(str::trim)
        .filter(|l| {
            l.starts_with("target/release/impartial runtime") && l.contains("--learner umda,pbil,cga")
        })
        .collect();
    assert_eq!(commands.len(), 4, "one command per game of the paper");
    for command in commands {
        let mut args: Vec<String> = words(command).into_iter().skip(1).take_while(|w| w != ">").collect();
        args.retain(|a| a != "--json" && a != "--raw");
        // The two smallest sizes: each size's runs are seeded by the size alone, so they are the
        // published rows.
        let at = args.iter().position(|a| a == "--sizes").unwrap() + 1;
        let small: Vec<String> = args[at].split(',').take(2).map(str::to_string).collect();
        args[at] = small.join(",");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let summary: Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
        for cell in summary["sizes"].as_array().unwrap() {
            let row = docs_row(cell);
            assert!(doc.contains(&row), "{command}: docs/experiments.md lacks the row\n{row}");
        }
        let tests: Value =
            serde_json::from_str(&ok(&[&args[..], &["--compare", "--json"]].concat())).unwrap();
        let tests = tests["comparisons"].as_array().unwrap();
        for size in &small {
            let at_size: Vec<Value> = tests
                .iter()
                .filter(|t| t["size"].as_u64().map(|s| s.to_string()).as_deref() == Some(size.as_str()))
                .cloned()
                .collect();
            let row = docs_compare_row(size, &at_size);
            assert!(doc.contains(&row), "{command}: docs/experiments.md lacks the log-rank row\n{row}");
        }
    }
}

#[test]
fn umda_learner_refuses_what_its_learner_does_not_take() {
    let game = "game=nim&heaps=2,2";
    let cases: [(&[&str], &str); 5] = [
        (&["--learner", "cga", "--trace"], "--trace prints UMDA's measures per generation"),
        (&["--learner", "lnwp:random"], "is one of Böhme's rules, which `impartial learn` runs"),
        (&["--learner", "cga", "--engine", "naive"], "--engine sets UMDA and PBIL"),
        (&["--learner", "umda", "--cga-k", "5"], "--cga-k sets the compact GA's K"),
        (&["--learner", "pbil", "--rho", "nan"], "'nan' is not a valid value for rho"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["umda", "--game", game];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {stderr}");
        assert!(stdout.is_empty(), "{extra:?}");
        assert!(stderr.contains(expected), "{extra:?}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
    // The text report of another learner names it, its settings and T.
    let text = ok(&["umda", "--game", game, "--learner", "pbil", "--rho", "0.25", "--seed", "4"]);
    assert!(text.contains("pbil: engine fast, μ = 100, γ = ") && text.contains("ρ = 0.25"), "{text}");
    assert!(text.contains("found: a game's winner in Opt(G) after T = "), "{text}");
}

#[test]
fn shards_of_a_sweep_of_model_learners_merge_into_the_whole_and_other_knobs_are_refused() {
    let dir = std::env::temp_dir().join(format!("impartial-model-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Each shard's table with its sidecar (`--out`), which names the sweep the shard is part of.
    let write = |name: &str, flags: &[&str], shard: &str| {
        let path = dir.join(name).to_string_lossy().into_owned();
        sweep("umda,pbil,cga", &[flags, &["--shard", shard, "--out", &path]].concat());
        path
    };
    let whole = runtime("umda,pbil,cga", &[&MODEL_FLAGS[..], &["--json"]].concat());
    let (a, b, c) = (
        write("a.csv", &MODEL_FLAGS, "1/3"),
        write("b.csv", &MODEL_FLAGS, "2/3"),
        write("c.csv", &MODEL_FLAGS, "3/3"),
    );
    assert_eq!(
        without_provenance(&ok(&["runtime", "--summarise", &a, &b, &c, "--json"])),
        without_provenance(&whole)
    );
    // A shard run with another ρ is part of another sweep.
    let mut other = MODEL_FLAGS;
    other[3] = "0.6";
    let d = write("d.csv", &other, "3/3");
    let (code, _, stderr) = run(&["runtime", "--summarise", &a, &b, &d]);
    assert_eq!(code, 2);
    assert!(stderr.contains("they differ in their learners' parameters (ρ, K)"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
