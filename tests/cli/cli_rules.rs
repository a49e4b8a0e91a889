//! `impartial learn` as a user runs it: Böhme's rules on the paper's
//! examples, the JSON summary and trace, the strategy dump, and one sentence with exit code 2
//! for bad input.

use serde_json::Value;

use crate::common::cli;
use crate::common::seed003;
use cli::{ok, run};
use seed003::{g_n, k_n, H};

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn the_summary_counts_plays_and_gives_the_bounds() {
    let spec = k_n(5);
    let s =
        json(&["learn", "--game", &spec, "--rule", "lnwp", "--opponent", "first", "--plays", "20", "--json"]);
    assert_eq!(s["rule"], "lnwp");
    assert_eq!(s["opponent"], "first");
    assert_eq!((s["plays"].as_u64(), s["won"].as_u64(), s["lost"].as_u64()), (Some(20), Some(15), Some(5)));
    assert_eq!(
        (s["drawn"].as_u64(), s["last_not_won"].as_u64(), s["last_lost"].as_u64()),
        (Some(0), Some(5), Some(5))
    );
    assert_eq!(s["optimal_after"], 5, "after the fifth play a → w");
    assert_eq!(s["root_outcome"], "N");
    assert_eq!(s["cyclic"], false);
    let b = &s["bounds"];
    // d = 5 (b's moves), h = 1 (a → w wins at once), M_p(a) = 2 + 5.
    assert_eq!((b["d"].as_u64(), b["h"].as_u64(), b["theorem_4_6"].as_u64()), (Some(5), Some(1), Some(7)));
    assert_eq!(b["corollary_4_4"], 6.0);
    let lnwt = json(&["learn", "--game", &spec, "--rule", "lnwt", "--plays", "20", "--json"]);
    assert_eq!((lnwt["lost"].as_u64(), lnwt["optimal_after"].as_u64()), (Some(1), Some(1)));
}

#[test]
fn the_trace_has_one_line_per_play_and_llp_draws_on_h() {
    let out =
        ok(&["learn", "--game", H, "--rule", "llp", "--plays", "4", "--json", "--trace", "--dump-strategy"]);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let (summary, plays) = lines.split_last().unwrap();
    assert_eq!(plays.len(), 4);
    assert_eq!(plays[0]["result"], "lost");
    assert_eq!(plays[0]["trace"], serde_json::json!(["a", "xab", "b", "ybc", "c", "zct", "t"]));
    assert_eq!(plays[0]["changed"], serde_json::json!([{"position": "c", "from": "zct", "to": "zcb"}]));
    for (i, p) in plays.iter().enumerate() {
        assert_eq!(p["play"], i as u64 + 1);
    }
    assert!(plays[1..].iter().all(|p| p["result"] == "drawn"));
    assert_eq!(summary["root_outcome"], "D");
    assert_eq!(summary["cyclic"], true);
    assert_eq!(summary["opt_defined"], false);
    assert_eq!(summary["optimal_after"], Value::Null);
    assert_eq!(summary["strategy"]["c"], "zcb");
    assert_eq!(summary["bounds"]["drawing"], true);
    // LLT from the same start loses every play.
    let llt = json(&["learn", "--game", H, "--rule", "llt", "--plays", "50", "--json"]);
    assert_eq!(llt["lost"], 50);
}

#[test]
fn self_play_reports_both_players_changes_and_runs_repeat_by_seed() {
    let spec = "game=chomp&rows=3&cols=3";
    let args = [
        "learn",
        "--game",
        spec,
        "--rule",
        "rlnwt",
        "--opponent",
        "same",
        "--plays",
        "30",
        "--seed",
        "4",
        "--trace",
    ];
    let first = ok(&args);
    assert_eq!(first, ok(&args));
    assert!(first.lines().take(30).all(|l| l.contains("\"opponent_changed\"")));
    let text = ok(&["learn", "--game", spec, "--plays", "100"]);
    assert!(text.contains("plays       100:"), "{text}");
    // Böhme's bounds are upper bounds on the plays not won (Corollary 4.4: K_h < (d+1)^h).
    assert!(text.contains("Cor 4.4     LNWT leaves fewer than (d+1)^h = "), "{text}");
    assert!(text.contains("plays not won (d = "), "{text}");
}

#[test]
fn bad_input_gets_one_sentence_and_exit_code_2() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["learn", "--game", "game=nim&heaps=2", "--rule", "best"],
            "not a valid value for rule: lnwt, lnwp",
        ),
        (&["learn", "--game", "game=nim&heaps=2", "--opponent", "x"], "first, perfect, random or same"),
        (&["learn", "--game", "game=nim&heaps=2", "--plays", "0"], "from 1 to 10,000,000"),
        (&["learn", "--game", "game=nim&heaps=2", "--plays", "-3"], "from 1 to 10,000,000"),
        (&["learn", "--game", "game=nim&heaps=2", "--plays", "10000001"], "from 1 to 10,000,000"),
        (&["learn", "--game", "game=graph&edges=a-b,b-b"], "to itself"),
        (&["learn", "--game", "game=graph&edges=a-b,a-b"], "twice"),
        (&["umda", "--game", "game=graph&edges=r-a,a-b,b-a"], "needs an acyclic game"),
    ];
    for (args, needle) in cases {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    // A long game times many plays is refused before it runs.
    let (code, _, stderr) =
        run(&["learn", "--game", "game=subtraction&moves=1&heap=3000000", "--plays", "10000000"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("fit the budget"), "{stderr}");
}

#[test]
fn analyse_of_a_graph_with_cycles_gives_draws_and_generalised_grundy_values() {
    let spec = "game=graph&edges=a-b,b-c,c-a,c-d,d-e&root=a";
    let r = json(&["analyse", "--game", spec, "--json", "--positions"]);
    assert_eq!((r["root_outcome"].as_str(), r["root_gsg"].as_str()), (Some("D"), Some("∞()")));
    assert_eq!(r["counts"], serde_json::json!({"P": 1, "N": 1, "D": 3}));
    let c = r["nodes"].as_array().unwrap().iter().find(|n| n["label"] == "c").unwrap();
    assert_eq!((c["gsg"].as_str(), c["rank"].is_null()), (Some("∞(1)"), true));
    assert_eq!(c["good_moves"], serde_json::json!(["a"]), "no winning move: the one that keeps the draw");
    // The same graph without the cycle is an ordinary acyclic analysis, as for `dag`.
    let acyclic = json(&["analyse", "--game", "game=graph&edges=a-b,b-c,c-d,d-e&root=a", "--json"]);
    let dag = json(&["analyse", "--game", "game=dag&edges=a-b,b-c,c-d,d-e&root=a", "--json"]);
    for key in ["root_grundy", "root_outcome", "critical", "positions", "winning_move"] {
        assert_eq!(acyclic[key], dag[key], "{key}");
    }
    let (code, _, stderr) = run(&["analyse", "--game", spec, "--strategy", "{}"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("needs an acyclic game"), "{stderr}");
}

fn readme() -> String {
    crate::common::docs_text()
}

#[test]
fn readme_s_loopy_example_is_what_analyse_prints() {
    let readme = readme();
    let after =
        &readme[readme.find("For a `graph` game with a cycle, `analyse` prints").expect("README section")..];
    let start = after.find("```\ngame ").expect("the output block") + 4;
    let block = &after[start..start + after[start..].find("```").unwrap()];
    let out = ok(&["analyse", "--game", "game=graph&edges=a-b,b-c,c-a,c-d,d-e&root=a"]);
    assert_eq!(out, block);
}

#[test]
fn readme_s_g_n_and_k_n_rows_are_what_learn_counts() {
    let readme = readme();
    let mut rows = 0;
    for line in readme.lines().filter(|l| l.starts_with("| G_") || l.starts_with("| K_")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (name, n): (&str, usize) = (&cells[1][..1], cells[1][2..].parse().unwrap());
        let spec = if name == "G" { g_n(n) } else { k_n(n) };
        let first_number = |cell: &str| cell.split_whitespace().next().unwrap().parse::<u64>().unwrap();
        for (rule, column) in [("lnwt", 4), ("lnwp", 7)] {
            let s = json(&["learn", "--game", &spec, "--rule", rule, "--plays", "2000", "--json"]);
            assert_eq!(s["lost"].as_u64().unwrap(), first_number(cells[column]), "{line}: {rule}");
            assert_eq!(s["bounds"]["h"].as_u64().unwrap(), first_number(cells[2]), "{line}");
            assert_eq!(s["bounds"]["theorem_4_6"].as_u64().unwrap(), first_number(cells[8]), "{line}");
        }
        rows += 1;
    }
    assert_eq!(rows, 12, "README lists G_3…G_10 and four K_n");
}

use crate::common::rules_pinned;

#[test]
fn the_cli_plays_the_pinned_runs_the_page_replays() {
    // tests/wasm.rs asserts the same plays from the page's facade compiled to wasm.
    for (spec, rule, opponent, seed, plays) in rules_pinned::PINNED_RULES {
        let out = ok(&[
            "learn",
            "--game",
            spec,
            "--rule",
            rule,
            "--opponent",
            opponent,
            "--seed",
            seed,
            "--plays",
            "40",
            "--trace",
            "--json",
        ]);
        assert_eq!(rules_pinned::plays_of_trace(&out), plays, "{spec} {rule} {opponent} seed {seed}");
    }
}
