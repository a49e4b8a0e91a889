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
    assert_eq!(values[..14], [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2], "the SG notes: period 0101232");
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
        (
            vec!["--game", "game=nim&heaps=3"],
            "subtraction, octal, grundy, lasker: sequences are of heap games",
        ),
        (vec!["--game", "game=octal&code=0.8"], "octal code"),
        (vec!["--game", "game=octal&code=1.7"], "octal code"),
        (vec!["--game", "game=octal&code=0."], "octal code"),
        (vec!["--game", &format!("game=octal&code=0.{}", "7".repeat(33))], "32 digits"),
        (vec!["--game", "game=octal&code=0.77&heaps=x"], "heaps"),
        (vec!["--game", "game=octal&code=0.77", "--to", "-1"], "to"),
        (vec!["--game", "game=octal&code=0.77", "--to", "x"], "to"),
        (vec!["--game", "game=octal&code=0.77", "--to", "4294967297"], "4294967296 (2^32)"),
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

#[test]
fn a_huge_subtraction_move_costs_linear_time() {
    // One move longer than every heap: g is all zeros and no window can repeat. Checking every
    // candidate period against the whole suffix took minutes here (quadratic).
    let started = std::time::Instant::now();
    let seq = json(&["sequence", "--game", "game=subtraction&moves=5000000", "--to", "1048576", "--json"]);
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    assert_eq!(seq["values"].as_array().unwrap().len(), 1_048_577);
    assert_eq!(seq["proven"], false);
    assert_eq!(seq["stopped"], false, "the search reached --to");
}

#[test]
fn grundys_game_is_a_heap_game_sequence() {
    let seq = json(&["sequence", "--game", "game=grundy", "--to", "20", "--json"]);
    assert_eq!(seq["game"], "game=grundy&play=normal");
    let values: Vec<u64> = seq["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    // OEIS A002188.
    assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    assert_eq!(seq["period"], serde_json::Value::Null);
    let (code, _, err) = run(&["sequence", "--game", "game=grundy&moves=3"]);
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
}

#[test]
fn a_length_beyond_memory_is_refused_before_anything_is_allocated() {
    // Under a 1 GB address-space limit, 2^30 heaps (about 2 GB) are refused with the memory
    // they would need; had the values been allocated first, the run would abort instead.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1000000; exec {} sequence --game 'game=octal&code=0.6' --to 1073741824",
            env!("CARGO_BIN_EXE_impartial")
        ))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("would need about 2.1 GB of memory") && err.contains("available"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_search_without_a_length_fits_the_memory_it_has() {
    // Under a 100 MB address-space limit the default search of 2^26 heaps (134 MB reserved) does
    // not fit, but Kayles is proven at heap 195: a shorter search, not a refusal naming a flag
    // nobody gave. A --limit that does not fit is refused naming --limit.
    let under_limit = |args: &str| {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 100000; exec {} sequence {args}", env!("CARGO_BIN_EXE_impartial")))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = under_limit("--game 'game=octal&code=0.77' --summary");
    assert_eq!(code, Some(0), "{err}");
    let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((summary["stopped"].as_str(), summary["heaps"].as_u64()), (Some("proven"), Some(195)));
    assert!(err.starts_with("impartial: searching at most ") && err.lines().count() == 1, "{err}");
    let (code, out, err) = under_limit("--game 'game=octal&code=0.77' --limit 4294967296");
    assert_eq!((code, err.lines().count()), (Some(2), 1), "{err}");
    assert!(err.starts_with("impartial: --limit 4294967296 would need about 8.6 GB of memory"), "{err}");
    assert!(!err.contains("--to") && out.is_empty(), "{err}");
}

#[test]
fn the_summary_counts_the_rare_heaps_of_every_value_past_the_proof() {
    // 0.165 is proven at heap 16,722 (Austin's period 1,550 from 5,181); its rare heaps under
    // mask 1b recur with the period, so a summary to 40,000 counts them to 40,000. Counted here
    // from the values: the smaller class of parity(g & 1b) (Czajka counts heap 0 in it).
    let game = "game=octal&code=0.165";
    let summary = json(&["sequence", "--game", game, "--to", "40000", "--summary"]);
    let values: Vec<u64> = json(&["sequence", "--game", game, "--to", "40000", "--json"])["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(summary["mask"], "1b");
    let class = |v: u64| (v & 0x1b).count_ones() % 2;
    let ones = values.iter().filter(|&&v| class(v) == 1).count();
    let rare_class = u32::from(2 * ones < values.len());
    let rare: Vec<usize> = (0..values.len()).filter(|&a| class(values[a]) == rare_class).collect();
    assert_eq!(summary["rare"].as_u64(), Some(rare.len() as u64));
    assert_eq!(summary["last_rare"].as_u64(), rare.last().map(|&a| a as u64));
    assert!(
        rare.len() > 400 && *rare.last().unwrap() > 39_000,
        "{} rare, the last {:?}",
        rare.len(),
        rare.last()
    );
    // Until proven, the same count at the proof.
    let proven = json(&["sequence", "--game", game, "--summary"]);
    assert_eq!((proven["rare"].as_u64(), proven["last_rare"].as_u64()), (Some(215), Some(16_670)));
    // A twisted mask (0.127: 1+n, the heap's parity counts too; period 4 from 46,578): the
    // class of heap a is parity(g & 1) XOR parity(a), counted here to three times the proof.
    let game = "game=octal&code=0.127";
    let proven = json(&["sequence", "--game", game, "--summary"]);
    assert_eq!(proven["mask"], "1+n");
    let to = 3 * proven["heaps"].as_u64().unwrap();
    let summary = json(&["sequence", "--game", game, "--to", &to.to_string(), "--summary"]);
    let values = json(&["sequence", "--game", game, "--to", &to.to_string(), "--json"])["values"].clone();
    let class = |a: usize| (values[a].as_u64().unwrap() as usize ^ a) & 1;
    let at_proof = proven["heaps"].as_u64().unwrap() as usize;
    let ones = (0..at_proof).filter(|&a| class(a) == 1).count();
    let rare_class = usize::from(2 * ones < at_proof);
    let rare = |n: usize| (0..n).filter(|&a| class(a) == rare_class).collect::<Vec<_>>();
    assert_eq!(proven["rare"].as_u64(), Some(rare(at_proof).len() as u64));
    let all = rare(to as usize + 1);
    assert_eq!(
        (summary["rare"].as_u64(), summary["last_rare"].as_u64()),
        (Some(all.len() as u64), all.last().map(|&a| a as u64))
    );
    // (0.127's rare heaps all lie before its preperiod: 693, the last 27,106, as Czajka lists.)
    assert_eq!((all.len(), all.last()), (693, Some(&27_106)));
}

#[test]
fn ctrl_c_ends_a_search_with_what_was_computed() {
    use std::io::{BufRead, BufReader, Read};
    // 0.76's values grow and no period is known: the search runs until interrupted.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_impartial"))
        .args(["sequence", "--game", "game=octal&code=0.76", "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut progress = String::new();
    stderr.read_line(&mut progress).unwrap();
    assert!(
        progress.starts_with("computed ")
            && progress.contains("largest value")
            && progress.contains("mask")
            && progress.contains("rare"),
        "{progress}"
    );
    let killed = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(rest.contains("interrupted after"), "{rest}");
    let seq: serde_json::Value =
        serde_json::from_str(&out).expect("a whole JSON object, never a partial one");
    let values = seq["values"].as_array().unwrap().len();
    assert_eq!(seq["to"].as_u64().unwrap() as usize + 1, values);
    assert!(values > 4096, "{values}");
    assert_eq!(seq["proven"], false);
    assert_eq!(seq["stopped"], true, "the JSON says the search was cut short");
}
