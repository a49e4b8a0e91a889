//! A game between two strategies (Benford & Lehre §1, §2): the play of x against y, strategies written
//! as the paper writes them, and the search for intransitive triples, each checked against the
//! literal recursive payoff f_G of tests/common (written differently from the core's loop).

use crate::common;

use common::{dag, payoff};
use impartial::report::{
    intransitive_triples, play_strategies, read_strategy_string, write_strategy_string, NO_MOVE,
};
use impartial::{AnalysedGame, Limits, Play};
use proptest::prelude::*;

fn game(spec: &str) -> AnalysedGame {
    AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap()
}

const NIM27: &str = "game=subtraction&moves=1,2&heap=6";

#[test]
fn the_papers_play_of_122111_against_122122() {
    // Benford & Lehre §1: P1 122111, P2 122122; 6 → 5 → 3 → 1 → 0, P1 cannot move, P2 wins.
    let g = game(NIM27);
    let x = read_strategy_string(&g, "122111").unwrap();
    let y = read_strategy_string(&g, "122122").unwrap();
    let duel = play_strategies(&g.graph, g.play, &x, &y);
    let labels: Vec<String> = duel.path.iter().map(|&v| g.graph.label(v)).collect();
    assert_eq!(labels, ["6", "5", "3", "1", "0"]);
    assert!(!duel.first_wins);
}

#[test]
fn any_12x12x_wins_when_it_does_not_move_first() {
    // Benford & Lehre §1: "any strategy of the form 12*12* will always win this game, provided the
    // corresponding player does not move first".
    let g = game(NIM27);
    for a in ['1', '2'] {
        for b in ['1', '2'] {
            let y = read_strategy_string(&g, &format!("12{a}12{b}")).unwrap();
            for x in impartial::report::all_strategies(&g, 1000).unwrap() {
                assert!(!play_strategies(&g.graph, g.play, &x, &y).first_wins);
            }
        }
    }
}

#[test]
fn strategy_strings_round_trip_and_bad_ones_are_refused() {
    let g = game(NIM27);
    for text in ["122111", "111121", "122112"] {
        assert_eq!(write_strategy_string(&g, &read_strategy_string(&g, text).unwrap()), text);
    }
    // The seed's "12122" lost a digit: five entries for six positions.
    let short = read_strategy_string(&g, "12122").unwrap_err().to_string();
    assert!(short.contains("6 entries"), "{short}");
    // From a heap of 1 only 1 can be taken.
    let illegal = read_strategy_string(&g, "222111").unwrap_err().to_string();
    assert!(illegal.contains("at position 1") && illegal.contains("legal: 1"), "{illegal}");
    assert!(read_strategy_string(&g, "12x111").is_err());
    assert!(read_strategy_string(&g, "").is_err());
    // Comma-separated numbers where a move name has two digits.
    let big = game("game=subtraction&moves=1,10&heap=11");
    let s = read_strategy_string(&big, "1,1,1,1,1,1,1,1,1,10,1").unwrap();
    assert_eq!(write_strategy_string(&big, &s), "1,1,1,1,1,1,1,1,1,10,1");
    // Other families: the move's number in the position's list.
    let nim = game("game=nim&heaps=1,1");
    let s = read_strategy_string(&nim, &"1".repeat(impartial::report::interior(&nim).len())).unwrap();
    assert!(s.iter().enumerate().all(|(v, &w)| nim.graph.is_sink(v) == (w == NO_MOVE)));
}

/// Every strategy as the core takes it: NO_MOVE at sinks.
fn strategies(graph: &impartial::GameGraph) -> Vec<Vec<u32>> {
    common::all_strategies(graph)
        .into_iter()
        .map(|s| s.iter().enumerate().map(|(v, &w)| if graph.is_sink(v) { NO_MOVE } else { w }).collect())
        .collect()
}

proptest! {
    #![proptest_config(crate::common::proptest_config(48))]
    #[test]
    fn play_agrees_with_the_recursive_payoff(graph in dag(6)) {
        let all = strategies(&graph);
        for play in [Play::Normal, Play::Misere] {
            for x in all.iter().take(40) {
                for y in all.iter().take(40) {
                    let duel = play_strategies(&graph, play, x, y);
                    let f = payoff(&graph, graph.root(), x, y, play);
                    prop_assert_eq!(duel.first_wins, f == 1);
                    // The path alternates x, y, x, … and ends where no move is left.
                    prop_assert_eq!(duel.path[0], graph.root());
                    prop_assert!(graph.is_sink(*duel.path.last().unwrap()));
                    for (i, pair) in duel.path.windows(2).enumerate() {
                        let s = if i % 2 == 0 { x } else { y };
                        prop_assert_eq!(s[pair[0]] as usize, pair[1]);
                    }
                }
            }
        }
    }
}

/// Cycles by brute force: every ordered triple, beating by the recursive payoff both ways.
fn brute_cycles(g: &AnalysedGame) -> usize {
    let all = strategies(&g.graph);
    let root = g.graph.root();
    let beats = |a: &[u32], b: &[u32]| {
        payoff(&g.graph, root, a, b, g.play) == 1 && payoff(&g.graph, root, b, a, g.play) == -1
    };
    let mut count = 0;
    for a in &all {
        for b in &all {
            for c in &all {
                if beats(a, b) && beats(b, c) && beats(c, a) {
                    count += 1;
                }
            }
        }
    }
    count / 3 // each cycle is counted once per rotation
}

#[test]
fn intransitive_triples_are_exactly_the_cycles() {
    for spec in [NIM27, "game=subtraction&moves=1,2&heap=7", "game=subtraction&moves=1,2,3&heap=6"] {
        let g = game(spec);
        let found = intransitive_triples(&g, usize::MAX).unwrap();
        assert_eq!(found.len(), brute_cycles(&g), "{spec}");
        for [x, y, z] in &found {
            let root = g.graph.root();
            for (a, b) in [(x, y), (y, z), (z, x)] {
                assert_eq!(payoff(&g.graph, root, a, b, g.play), 1, "{spec}");
                assert_eq!(payoff(&g.graph, root, b, a, g.play), -1, "{spec}");
            }
        }
    }
    // SubtractionNim²₇ has such cycles (Benford & Lehre §1), found here by search.
    assert!(!intransitive_triples(&game(NIM27), 1).unwrap().is_empty());
    // Too many strategies to try: None, not a long wait.
    assert!(intransitive_triples(&game("game=subtraction&moves=1,2&heap=30"), 1).is_none());
}
