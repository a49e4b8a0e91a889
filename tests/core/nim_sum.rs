//! The nim-sum panel's numbers: at every position of Nim, octal games and sums, the XOR of the
//! components' values equals the position graph's Grundy value (Fenner & Rogers Theorem 2.28).

use impartial::analysis::nim_sum::Components;
use impartial::{AnalysedGame, Limits};

#[test]
fn the_components_xor_to_the_grundy_value_at_every_position() {
    for spec in [
        "game=nim&heaps=3,4,5",
        "game=octal&code=0.77&heaps=7,4",
        "game=octal&code=0.6126&heaps=9",
        "game=sum&parts=nim(heaps=2)+chomp(rows=2;cols=3)+subtraction(moves=1,3,4;heap=9)",
        "game=sum&parts=octal(code=0.07;heaps=6)+poset(poset=D2)",
    ] {
        let game = AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap();
        let components = Components::of(&game).unwrap_or_else(|| panic!("{spec}"));
        let grundy = game.analysis.grundy.as_ref().unwrap();
        for (v, &g) in grundy.iter().enumerate() {
            let sum = components.at(&game, v);
            assert_eq!(sum.total, u64::from(g), "{spec} at {}", game.graph.label(v));
            assert!(!sum.rows.is_empty() || g == 0);
        }
    }
    for spec in ["game=nim&heaps=1,2&play=misere", "game=chomp&rows=2&cols=2"] {
        let game = AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap();
        assert!(Components::of(&game).is_none(), "{spec}: no nim-sum rule");
    }
}

/// One word for a heap, the board's: an octal game's board draws rows of pins, so its nim-sum
/// rows and its Grundy strip say "row"; Nim and subtraction games say "heap".
#[test]
fn the_nim_sum_and_the_strip_use_the_boards_word() {
    for (spec, word) in [
        ("game=octal&code=0.77&heaps=7,4", "row"),
        ("game=nim&heaps=3,4", "heap"),
        ("game=subtraction&moves=1,2&heap=6", "heap"),
    ] {
        let game = AnalysedGame::from_spec(spec, &Limits::DEFAULT).unwrap();
        let components = Components::of(&game).unwrap_or_else(|| panic!("{spec}"));
        assert_eq!(components.at(&game, game.graph.root()).kind, word, "{spec}");
        // Nim has no strip: a heap's value is its size.
        match impartial::analysis::sequence::strip(&game.game.family) {
            Some(strip) => assert_eq!(strip.unit, word, "{spec}"),
            None => assert!(spec.starts_with("game=nim"), "{spec}: no strip"),
        }
    }
}
