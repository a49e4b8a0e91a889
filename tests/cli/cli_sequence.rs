//! `impartial sequence` and the `period` object of `analyse` for heap games: values from the
//! recurrence against published tables, periods with their proof, and one sentence (exit 2) for
//! every bad input.

use crate::common::cli;
use cli::run;

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

#[test]
fn kayles_matches_winning_ways_and_its_period_is_proven() {
    let seq = json(&["sequence", "--game", "game=octal&code=0.77", "--json"]);
    assert_eq!(seq["game"], "game=octal&code=0.77&play=normal", "the heap key is left out");
    let values: Vec<u64> = seq["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    // OEIS A002186 (Winning Ways' table of 0.77).
    assert_eq!(values[..24], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]);
    assert_eq!(seq["period"], serde_json::json!({"preperiod": 71, "period": 12}));
    assert_eq!(seq["proven"], true);
    assert_eq!(seq["to"].as_u64().unwrap() as usize + 1, values.len());
}

#[test]
fn dawsons_kayles_needs_enough_values_for_its_proof() {
    let short = json(&["sequence", "--game", "game=octal&code=0.07&heaps=5", "--to", "100", "--json"]);
    assert_eq!(short["values"].as_array().unwrap().len(), 101);
    assert_eq!(short["period"], serde_json::Value::Null);
    assert_eq!(short["proven"], false);
    let long = json(&["sequence", "--game", "game=octal&code=0.07", "--to", "400", "--json"]);
    assert_eq!(long["period"], serde_json::json!({"preperiod": 53, "period": 34}));
    let (code, text, _) = run(&["sequence", "--game", "game=octal&code=0.07", "--to", "100"]);
    assert_eq!(code, 0);
    assert!(text.contains("no period proven up to 100"), "{text}");
}

#[test]
fn subtraction_sequences_repeat_a_window() {
    let seq = json(&["sequence", "--game", "game=subtraction&moves=1,3,4", "--to", "30", "--json"]);
    assert_eq!(seq["game"], "game=subtraction&moves=1,3,4&play=normal");
    let values: Vec<u64> = seq["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values[..14], [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2], "seed 004: period 0101232");
    assert_eq!(seq["period"], serde_json::json!({"preperiod": 0, "period": 7}));
}

#[test]
fn analyse_reports_the_same_period_for_heap_games_only() {
    let kayles = json(&["analyse", "--game", "game=octal&code=0.77&heaps=6", "--json"]);
    assert_eq!(kayles["period"], serde_json::json!({"preperiod": 71, "period": 12}));
    let sub = json(&["analyse", "--game", "game=subtraction&moves=1,3,4&heap=9", "--json"]);
    assert_eq!(sub["period"], serde_json::json!({"preperiod": 0, "period": 7}));
    let nim = json(&["analyse", "--game", "game=nim&heaps=2,3", "--json"]);
    assert!(nim.get("period").is_none(), "{nim}");
}

#[test]
fn bad_input_is_one_sentence_and_exit_2() {
    for (args, says) in [
        (vec!["--game", "game=nim&heaps=3"], "subtraction, octal, grundy, lasker: sequences are of heap games"),
        (vec!["--game", "game=octal&code=0.8"], "octal code"),
        (vec!["--game", "game=octal&code=1.7"], "octal code"),
        (vec!["--game", "game=octal&code=0."], "octal code"),
        (vec!["--game", &format!("game=octal&code=0.{}", "7".repeat(33))], "32 digits"),
        (vec!["--game", "game=octal&code=0.77&heaps=x"], "heaps"),
        (vec!["--game", "game=octal&code=0.77", "--to", "-1"], "to"),
        (vec!["--game", "game=octal&code=0.77", "--to", "x"], "to"),
        (vec!["--game", "game=octal&code=0.77", "--to", "1048577"], "1048576"),
        (vec!["--game", "game=octal"], "code"),
    ] {
        let mut all = vec!["sequence"];
        all.extend(args.iter().copied());
        let (code, out, err) = run(&all);
        assert_eq!(code, 2, "{all:?}: {out}");
        assert!(out.is_empty(), "{all:?}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert!(err.contains(says), "{all:?}: {err}");
    }
}
