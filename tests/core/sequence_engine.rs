//! The heap-game sequence machinery at scale: the period proof's cost is linear in the values
//! whatever they are, and Grundy's game (a splitting rule, not an octal game) goes through the
//! same sparse-space computation as the octal games.

use std::collections::HashSet;

use impartial::analysis::sequence::{
    proof_comparisons, proven_period, HeapGame, HeapRule, OctalSequence, Proof,
};

/// A sequence on which every candidate period agrees with the values after it for half the
/// sequence and then fails: checking each candidate from scratch costs len²/4 comparisons.
fn long_agreements(len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    g[len / 2] = 1;
    g
}

#[test]
fn the_period_proof_is_linear_in_the_values() {
    for len in [1 << 12, 1 << 16, 1 << 20] {
        let g = long_agreements(len);
        // Guy and Smith need agreement over the last half and more: nothing is proven. A window
        // of five zeros repeats after the 1: period 1.
        for (proof, proven) in [
            (Proof::Octal { code_len: 3 }, None),
            (Proof::Window { largest_move: 5 }, Some((len / 2 + 1, 1))),
        ] {
            let found = proven_period(g.as_slice(), proof).map(|p| (p.preperiod, p.period));
            assert_eq!(found, proven, "{len} {proof:?}");
            let comparisons = proof_comparisons(g.as_slice(), proof);
            assert!(comparisons <= 4 * len as u64, "{len} {proof:?}: {comparisons} comparisons");
        }
    }
    // The same shape with the proof just fitting: period 1 from the heap after the 1.
    let mut g = long_agreements(1 << 16);
    g.extend(std::iter::repeat(0).take(1 << 16));
    let found = proven_period(g.as_slice(), Proof::Octal { code_len: 3 }).unwrap();
    assert_eq!((found.preperiod, found.period), ((1 << 15) + 1, 1));
}

/// OEIS A002188 (Sprague–Grundy values of Grundy's game), a(0..=104), from its data section.
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1,
    2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// Grundy's game by brute force, written apart from the engine: every split (a, b) with a ≠ b
/// in either order, the options gathered in a set.
fn grundy_brute_force(to: usize) -> Vec<u32> {
    let mut g = Vec::with_capacity(to + 1);
    for n in 0..=to {
        let options: HashSet<u32> = (1..n).filter(|&a| 2 * a != n).map(|a| g[a] ^ g[n - a]).collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

#[test]
fn grundys_game_matches_oeis_and_a_brute_force() {
    let brute = grundy_brute_force(10_000);
    assert_eq!(brute[..105], A002188, "the brute force reproduces the published table");
    let mut engine = OctalSequence::of_rule(HeapRule::grundy());
    engine.extend_to(10_000);
    assert_eq!(engine.values(), brute);
    // Flammenkamp's table of Grundy's game's rare values: G(87) = 7, G(158) = 11, G(196) = 10.
    assert_eq!((brute[87], brute[158], brute[196]), (7, 11, 10));
    let sequence = HeapGame::grundy().values_to(10_000);
    assert_eq!(sequence.values.to_vec(), brute);
    assert_eq!(sequence.period, None, "no theorem proves a period of Grundy's game");
}
