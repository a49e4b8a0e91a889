//! The `impartial analyse` command as a user runs it: JSON fields, text output, and one clear
//! sentence with exit code 2 for every kind of bad input.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_impartial")).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(spec: &str, positions: bool) -> Value {
    let mut args = vec!["analyse", "--game", spec, "--json"];
    if positions {
        args.push("--positions");
    }
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{spec}: {stderr}");
    serde_json::from_str(&stdout).expect("one JSON object")
}

#[test]
fn json_summary_has_the_documented_fields() {
    let report = json("game=subtraction&heap=6&moves=2,1", false);
    assert_eq!(report["game"], "game=subtraction&moves=1,2&heap=6&play=normal");
    assert_eq!(report["positions"], 7);
    assert_eq!(report["edges"], 11);
    assert_eq!(report["max_degree"], 2);
    assert_eq!(report["root"], "6");
    assert_eq!(report["root_grundy"], 0);
    assert_eq!(report["root_outcome"], "P");
    // h = 0,1,2,0,1,2,0 on heaps 0..6; critical = N with a move to an N: heaps 2, 4 and 5
    // (heap 1's only move is to 0).
    assert_eq!(report["critical"], 3);
    assert_eq!(report["fictitious_start"], true);
    assert_eq!(report["bounds"]["n"], 8, "G* has the extra start v*");
    assert!(report.get("nodes").is_none());
    assert_eq!(report["subtraction_period"]["period"], 3);
}

#[test]
fn positions_list_every_node_with_its_moves() {
    let report = json("game=nim&heaps=1,2", true);
    let nodes = report["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 6);
    let root = nodes.iter().find(|n| n["label"] == "1,2").unwrap();
    assert_eq!(root["grundy"], 3);
    assert_eq!(root["outcome"], "N");
    assert_eq!(root["critical"], true);
    let moves: Vec<&str> = root["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(moves, ["0,2", "1,1", "1,0"]);
    assert_eq!(root["optimal_moves"][0], "1,1");
}

#[test]
fn misere_play_has_null_grundy_values() {
    let report = json("game=nim&heaps=1,1,1&play=misere", true);
    assert_eq!(report["root_grundy"], Value::Null);
    assert_eq!(report["root_outcome"], "P");
    assert!(report["nodes"].as_array().unwrap().iter().all(|n| n["grundy"].is_null()));
    assert_eq!(report["bounds"], Value::Null);
}

#[test]
fn text_summary_reads_as_sentences() {
    let (code, stdout, _) = run(&["analyse", "--game", "game=chomp&rows=3&cols=3"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("19 positions"), "{stdout}");
    assert!(stdout.contains("N-position (the first player wins)"), "{stdout}");
    assert!(stdout.contains("winning     move to 3,1,1"), "{stdout}");
    let (_, stdout, _) = run(&["analyse", "--game", "game=subtraction&moves=1,2&heap=6"]);
    assert!(stdout.contains("fictitious start v* → 6"), "{stdout}");
}

#[test]
fn bad_input_gets_one_sentence_on_stderr_and_exit_code_2() {
    let cases = [
        ("game=go", "Unknown game family 'go'"),
        ("game=nim&heaps=1&size=3", "takes no key 'size'"),
        ("game=chomp&rows=3", "needs the key 'cols'"),
        ("game=chomp&rows=3&cols=three", "'three' is not a valid value for cols"),
        ("game=chomp&rows=3&cols=", "is not a valid value for cols"),
        ("game=dag&edges=a-b,b-c,c-a", "has a cycle through"),
        ("game=dag&edges=a-a", "from 'a' to itself"),
        ("game=dag&edges=a-b,a-b", "lists the move a-b twice"),
        ("game=dag&edges=", "has no moves"),
        ("game=poset&poset=C3/", "not a valid value for poset"),
        (
            "game=turning-turtles&coins=60",
            "1,152,921,504,606,846,976 positions, above the budget of 4,000,000 positions",
        ),
        ("game=chomp&rows=20&cols=20", "137,846,528,819 positions, above the budget of 4,000,000"),
        ("game=subtraction&moves=1&heap=18446744073709551615", "above the budget of 4,000,000 positions"),
        ("game=subtraction&moves=2&heap=99999999999999999999999", "(this one has too many digits)"),
        ("game=chomp&rows=1000000&cols=1000000", "more than 10^30 positions, above the budget"),
        ("game=turning-turtles&coins=200", "more than 10^30 positions"),
        ("game=poset&poset=div99999999999", "99999999999 is too large a size"),
        ("game=poset&poset=div1", "div needs a number of at least 2"),
        ("game=poset&poset=C3+(A2", "a ')' is missing (at the end)"),
        (
            "game=dag&edges=a-b,c-b",
            "several positions that no move reaches (a, c); name the start with root=NAME",
        ),
        ("game=nim&heaps=1000,1000,1000", "positions, above the budget"),
        ("game=wythoff&heaps=1500,1500", "moves, above the budget of 40,000,000 moves"),
        ("game=silver-dollar&coins=65&squares=100", "at most 64 coins"),
        ("game=poset&poset=A40", "above the budget"),
        ("game=poset&poset=C40+C40", "at most 64 elements"),
    ];
    for (spec, expected) in cases {
        let started = Instant::now();
        let (code, stdout, stderr) = run(&["analyse", "--game", spec]);
        assert_eq!(code, 2, "{spec}: exit code");
        assert!(stdout.is_empty(), "{spec}: printed {stdout}");
        assert!(stderr.contains(expected), "{spec}: {stderr:?} lacks {expected:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{spec}: {stderr:?}");
        // Refused before building: no instance here takes more than a blink.
        assert!(started.elapsed() < Duration::from_secs(5), "{spec} was slow to refuse");
    }
}

#[test]
fn flag_errors_are_exit_code_2_and_help_is_not_an_error() {
    assert_eq!(run(&["analyse"]).0, 2);
    assert_eq!(run(&["analyse", "--game", "game=nim&heaps=1", "--bogus"]).0, 2);
    assert_eq!(run(&["frobnicate"]).0, 2);
    let (code, stdout, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("analyse"));
}

#[test]
fn the_cli_uses_the_same_canonical_spec_as_the_library() {
    let report = json("#game=poset&poset=(C2 + A2)/C1", false);
    assert_eq!(report["game"], "game=poset&poset=(C2+A2)/C1&play=normal");
}

#[test]
fn from_describes_one_position_with_its_mex_worked_out() {
    let (code, stdout, _) =
        run(&["analyse", "--game", "game=subtraction&moves=1,2&heap=6", "--json", "--from", "5"]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["from"]["mex"], "mex{0, 1} = 2");
    assert_eq!(report["from"]["optimal_moves"][0], "3");
    assert_eq!(report["from"]["critical"], true);
}

#[test]
fn strategy_is_checked_against_opt_with_open_positions_as_any_move() {
    let check = |game: &str, strategy: &str| -> Value {
        let (code, stdout, stderr) = run(&["analyse", "--game", game, "--json", "--strategy", strategy]);
        assert_eq!(code, 0, "{stderr}");
        serde_json::from_str::<Value>(&stdout).unwrap()["strategy"].clone()
    };
    // SubtractionNim^2_7: the root 6 is P, so the learner plays second (after v* → 6) and must
    // answer 5 and 4 with 3, and 2 with 0.
    let sub = "game=subtraction&moves=1,2&heap=6";
    assert_eq!(check(sub, r#"{"5":"3","4":"3","2":"0"}"#)["optimal"], true);
    assert_eq!(check(sub, r#"{"5":"3","4":"3"}"#)["optimal"], false, "2 left open may move to 1");
    assert_eq!(check(sub, r#"{"5":"4","4":"3","2":"0"}"#)["optimal"], false);
    let nim = check("game=nim&heaps=1,2", r#"{"1,2":"1,1","1,1":"1,0"}"#);
    assert_eq!((nim["optimal"].as_bool(), nim["fixed"].as_u64()), (Some(true), Some(2)));
    // From a file, as @FILE.
    let path = std::env::temp_dir().join(format!("impartial-strategy-{}.json", std::process::id()));
    std::fs::write(&path, r#"{"1,2":"0,2"}"#).unwrap();
    let (code, stdout, _) =
        run(&["analyse", "--game", "game=nim&heaps=1,2", "--strategy", &format!("@{}", path.display())]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0);
    assert!(stdout.contains("not in Opt(G)"), "{stdout}");
}

#[test]
fn bad_strategies_and_positions_are_one_sentence_and_exit_2() {
    let game = "game=nim&heaps=1,2";
    for (flag, value, expected) in [
        ("--strategy", "nope", "a JSON object from position labels to move labels"),
        ("--strategy", r#"{"1,2":"1,3"}"#, "'1,3' is not a valid value for strategy move"),
        ("--strategy", r#"{"1,2":"0,0"}"#, "0,0 is not a move from 1,2"),
        ("--strategy", r#"{"7,7":"0,0"}"#, "'7,7' is not a valid value for strategy position"),
        ("--strategy", "@/no/such/file", "cannot be read"),
        ("--from", "9,9", "'9,9' is not a valid value for position"),
    ] {
        let (code, stdout, stderr) = run(&["analyse", "--game", game, flag, value]);
        assert_eq!(code, 2, "{value}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(expected), "{value}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1);
    }
}

#[test]
fn sparse_subtraction_games_are_sized_by_their_reachable_heaps() {
    // Only multiples of gcd(moves) below the heap are reachable: 6 positions, not 5,000,001,
    // and the period search over a window of 10^6 values stays small and quick.
    let started = Instant::now();
    let report = json("game=subtraction&moves=1000000&heap=5000000", true);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(report["positions"], 6);
    let labels: Vec<&str> =
        report["nodes"].as_array().unwrap().iter().map(|n| n["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["0", "1000000", "2000000", "3000000", "4000000", "5000000"]);
    assert_eq!(report["subtraction_period"], Value::Null, "period 2·10^6 is beyond the search");
    // Half the sizes of a 5,000,000 heap: within the budget.
    assert_eq!(json("game=subtraction&moves=2&heap=5000000", false)["positions"], 2_500_001);
    // gcd 1 but sparse: heap − (999,999a + 1,000,000b) ≥ 0 has 15 solutions.
    assert_eq!(json("game=subtraction&moves=999999,1000000&heap=4000000", false)["positions"], 15);
    // And a sparse set that does not fit is counted up to the budget, then refused.
    let started = Instant::now();
    let (code, _, stderr) = run(&["analyse", "--game", "game=subtraction&moves=2,3&heap=1000000000"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("more than 500,000,000 positions"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn the_game_spec_can_come_from_a_file() {
    let path = std::env::temp_dir().join(format!("impartial-game-{}.txt", std::process::id()));
    let edges: Vec<String> = (1..2000).map(|i| format!("n{i}-n{}", i - 1)).collect();
    std::fs::write(&path, format!("game=dag&edges={}\n", edges.join(","))).unwrap();
    let (code, stdout, stderr) = run(&["analyse", "--game", &format!("@{}", path.display()), "--json"]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    // A path of 2000 positions: the root n1999 is N exactly when 1999 is odd.
    assert_eq!((report["positions"].as_u64(), report["root_grundy"].as_u64()), (Some(2000), Some(1)));
    let (code, _, stderr) = run(&["analyse", "--game", "@/no/such/file"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("The game spec file '/no/such/file' cannot be read"), "{stderr}");
}

#[test]
fn the_readme_example_output_is_what_the_cli_prints() {
    let readme = crate::common::docs_text();
    let after = &readme[readme.find("Plain output is a readable summary:").expect("README section")..];
    let start = after.find("```\n").unwrap() + 4;
    let block = &after[start..start + after[start..].find("```").unwrap()];
    let (code, stdout, _) = run(&["analyse", "--game", "game=subtraction&moves=1,2&heap=6"]);
    assert_eq!(code, 0);
    assert_eq!(stdout, block);
}
