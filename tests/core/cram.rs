//! Cram (src/games/cram.rs) against a brute force that plays on the label's text (rows of `.`
//! and `x`, not bitmasks), against the symmetry facts of Winning Ways ch. 9 and Gardner, and
//! against Dawson's Kayles (the octal game 0.07, Winning Ways ch. 4) on 1 × n strips.

use std::collections::HashMap;

use impartial::{build, Analysis, GameGraph, GameSpec, Limits, Outcome};

fn built(spec: &str) -> (GameGraph, Analysis) {
    let spec = GameSpec::parse(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    let graph = build(&spec, &Limits::DEFAULT).unwrap_or_else(|e| panic!("{e}"));
    let analysis = Analysis::new(&graph, spec.play);
    (graph, analysis)
}

/// Every board a domino leads to, found in the text: two `.` side by side in a row, or one
/// above the other in two rows.
fn placements(board: &str) -> Vec<String> {
    let rows: Vec<Vec<u8>> = board.split('/').map(|r| r.as_bytes().to_vec()).collect();
    let mut out = Vec::new();
    let mut place = |cells: [(usize, usize); 2]| {
        let mut next = rows.clone();
        for (r, c) in cells {
            next[r][c] = b'x';
        }
        out.push(next.iter().map(|r| String::from_utf8(r.clone()).unwrap()).collect::<Vec<_>>().join("/"));
    };
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            if rows[r][c] != b'.' {
                continue;
            }
            if c + 1 < rows[r].len() && rows[r][c + 1] == b'.' {
                place([(r, c), (r, c + 1)]);
            }
            if r + 1 < rows.len() && rows[r + 1][c] == b'.' {
                place([(r, c), (r + 1, c)]);
            }
        }
    }
    out
}

fn brute(board: &str, memo: &mut HashMap<String, u32>) -> u32 {
    if let Some(&g) = memo.get(board) {
        return g;
    }
    let options: std::collections::HashSet<u32> = placements(board).iter().map(|b| brute(b, memo)).collect();
    let g = (0..).find(|g| !options.contains(g)).unwrap();
    memo.insert(board.to_string(), g);
    g
}

#[test]
fn small_boards_match_a_brute_force_on_the_text() {
    for (rows, cols) in
        [(1, 1), (1, 7), (1, 12), (2, 2), (2, 3), (2, 5), (3, 3), (3, 4), (2, 7), (4, 4), (3, 5)]
    {
        let (graph, analysis) = built(&format!("game=cram&rows={rows}&cols={cols}"));
        let h = analysis.grundy.unwrap();
        let empty = vec![".".repeat(cols); rows].join("/");
        assert_eq!(graph.label(graph.root()), empty);
        let mut memo = HashMap::new();
        brute(&empty, &mut memo);
        assert_eq!(memo.len(), graph.len(), "{rows}×{cols}: positions");
        for (v, g) in h.iter().enumerate() {
            assert_eq!(memo.get(&graph.label(v)), Some(g), "{rows}×{cols} at {}", graph.label(v));
        }
    }
}

#[test]
fn even_boards_follow_the_symmetry_strategies() {
    // Both sides even: the second player copies each domino turned half a turn about the
    // centre, so the start is P. One side even and one odd: the first player fills the two
    // central cells and then copies, so it is N.
    for (rows, cols, outcome) in [
        (2, 2, Outcome::P),
        (2, 4, Outcome::P),
        (4, 4, Outcome::P),
        (2, 6, Outcome::P),
        (2, 8, Outcome::P),
        (1, 2, Outcome::N),
        (2, 3, Outcome::N),
        (3, 4, Outcome::N),
        (2, 5, Outcome::N),
        (4, 5, Outcome::N),
        (1, 10, Outcome::N),
    ] {
        let (graph, analysis) = built(&format!("game=cram&rows={rows}&cols={cols}"));
        assert_eq!(analysis.outcome[graph.root()], outcome, "{rows}×{cols}");
    }
}

#[test]
fn a_strip_is_dawson_s_kayles() {
    // Dawson's Kayles, 0.07 (Winning Ways ch. 4; OEIS A002187), from a heap of 1.
    // A strip of n reaches Fib(n + 1) boards: 10,946 at 20.
    let known = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3];
    for n in 1..=20u32 {
        let (graph, analysis) = built(&format!("game=cram&rows=1&cols={n}"));
        let cram = analysis.grundy.unwrap()[graph.root()];
        let (octal, values) = built(&format!("game=octal&code=0.07&heaps={n}"));
        assert_eq!(cram, values.grundy.unwrap()[octal.root()], "1×{n}");
        assert_eq!(cram, known[n as usize - 1], "1×{n}");
        // And the transposed strip.
        let (graph, analysis) = built(&format!("game=cram&rows={n}&cols=1"));
        assert_eq!(analysis.grundy.unwrap()[graph.root()], cram, "{n}×1");
    }
}

#[test]
fn bad_boards_and_large_ones_are_refused_in_one_sentence() {
    for (spec, says) in [
        ("game=cram&rows=3", "needs the key 'cols'"),
        ("game=cram&rows=0&cols=3", "is not a valid value for rows"),
        ("game=cram&rows=9&cols=8", "this board has 72 cells"),
    ] {
        let err = GameSpec::parse(spec).unwrap_err().to_string();
        assert!(err.contains(says), "{spec}: {err}");
    }
    // Refused by a count of small blocks (at least 5,700^4 boards: four blocks of 4 × 4), or
    // else by the walk, which stops at the budget: built or refused, in bounded time.
    let spec = GameSpec::parse("game=cram&rows=8&cols=8").unwrap();
    let err = build(&spec, &Limits::DEFAULT).unwrap_err().to_string();
    assert!(
        err.starts_with("This cram game has more than ") && err.contains(" positions, above the budget"),
        "{err}"
    );
    // Between the two, the walk itself meets the budget: fast at the page's 200,000 boards;
    // 4 × 7 walks to the CLI's 4,000,000 in 3.5 s of CPU on a quiet 2-core machine, 6.5 s at
    // load 18 (boards whose blocks count less than the budget but which reach more take that
    // long). The bound says the walk ends near the budget, not how fast: a walk that did not stop
    // would take hours.
    for (spec, limits) in [
        ("game=cram&rows=5&cols=6", Limits::DEFAULT),
        ("game=cram&rows=4&cols=6", Limits::PAGE),
        ("game=cram&rows=4&cols=7", Limits::PAGE),
        ("game=cram&rows=5&cols=5", Limits::PAGE),
        ("game=cram&rows=3&cols=7", Limits::PAGE),
        ("game=cram&rows=3&cols=8", Limits::PAGE),
        ("game=cram&rows=4&cols=7", Limits::DEFAULT),
        ("game=cram&rows=2&cols=32", Limits::DEFAULT),
    ] {
        let start = crate::common::thread_cpu();
        let result = build(&GameSpec::parse(spec).unwrap(), &limits);
        let took = crate::common::thread_cpu() - start;
        eprintln!("{spec}: {:?} in {took:?}", result.as_ref().map(|g| g.len()).map_err(|e| e.to_string()));
        assert!(result.is_ok() || matches!(result, Err(impartial::InputError::TooLarge { .. })), "{spec}");
        let bound = if limits == Limits::PAGE { 3 } else { 20 };
        assert!(took < std::time::Duration::from_secs(bound), "{spec}: took {took:?}");
    }
}
