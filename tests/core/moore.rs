//! Moore's Nim_k (src/games/moore.rs) against Moore's theorem (1910; Winning Ways ch. 15): the
//! P-positions of the built graph are exactly those whose binary columns each hold a multiple
//! of k + 1 ones, at every position of every small instance; and Nim_1 is Nim.

use impartial::games::moore::is_p_position;
use impartial::{build, Analysis, GameSpec, Limits, Outcome};

/// The rule written out again: column by column, counting ones.
fn moore_p(heaps: &[u64], k: u64) -> bool {
    let top = heaps.iter().copied().max().unwrap_or(0);
    let mut bit = 1;
    while bit <= top {
        let ones = heaps.iter().filter(|&&h| h & bit != 0).count() as u64;
        if !ones.is_multiple_of(k + 1) {
            return false;
        }
        bit <<= 1;
    }
    true
}

#[test]
fn p_positions_are_moore_s_columns_divisible_by_k_plus_1() {
    for (heaps, k) in
        [("3,5,6", 2), ("4,4,4,4", 2), ("2,3,5,7", 3), ("7,7,6", 1), ("1,2,3,4,5", 2), ("6,6,6", 3)]
    {
        let spec = GameSpec::parse(&format!("game=moore&heaps={heaps}&k={k}")).unwrap();
        let graph = build(&spec, &Limits::DEFAULT).unwrap();
        let analysis = Analysis::new(&graph, spec.play);
        let sizes: Vec<u64> = heaps.split(',').map(|h| h.parse().unwrap()).collect();
        assert_eq!(graph.len() as u64, sizes.iter().map(|h| h + 1).product::<u64>(), "{heaps}");
        for v in 0..graph.len() {
            let label = graph.label(v);
            let position: Vec<u64> = label.split(',').map(|h| h.parse().unwrap()).collect();
            let p = analysis.outcome[v] == Outcome::P;
            assert_eq!(p, moore_p(&position, k), "Nim_{k} from {heaps}: position {label}");
            assert_eq!(p, is_p_position(&position, k), "{label}");
        }
    }
}

#[test]
fn nim_1_is_nim_value_for_value() {
    for heaps in ["3,4,5", "1,6,2,2"] {
        let values = |text: &str| {
            let spec = GameSpec::parse(text).unwrap();
            let graph = build(&spec, &Limits::DEFAULT).unwrap();
            let h = Analysis::new(&graph, spec.play).grundy.unwrap();
            let mut by_label: Vec<(String, u32)> = (0..graph.len()).map(|v| (graph.label(v), h[v])).collect();
            by_label.sort();
            by_label
        };
        assert_eq!(
            values(&format!("game=moore&heaps={heaps}&k=1")),
            values(&format!("game=nim&heaps={heaps}"))
        );
    }
}

#[test]
fn bad_specs_and_large_ones_are_refused_in_one_sentence() {
    for (spec, says) in [
        ("game=moore&heaps=3,5", "needs the key 'k'"),
        ("game=moore&heaps=3,5&k=0", "is not a valid value for k"),
        ("game=moore&heaps=3,x&k=2", "is not a valid value for heaps"),
    ] {
        let err = GameSpec::parse(spec).unwrap_err().to_string();
        assert!(err.contains(says), "{spec}: {err}");
    }
    // Refused by the closed form, before any walk.
    let spec = GameSpec::parse("game=moore&heaps=100,100,100,100&k=3").unwrap();
    let err = build(&spec, &Limits::DEFAULT).unwrap_err().to_string();
    assert!(err.contains("104,060,401 positions, above the budget"), "{err}");
}
