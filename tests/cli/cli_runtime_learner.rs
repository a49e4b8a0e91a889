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
    let cases: [(&[&str], &str); 6] = [
        (&["--learner", "lnwt"], "'lnwt' is not a valid value for learner: umda, or one of Böhme's rules"),
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
