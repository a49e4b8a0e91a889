//! The heap-game sequence machinery at scale: the period proof's cost is linear in the values
//! whatever they are, and Grundy's game (a splitting rule, not an octal game) goes through the
//! same sparse-space computation as the octal games.

use std::collections::HashSet;

use impartial::analysis::sequence::{
    proof_comparisons, proven_period, HeapGame, HeapRule, OctalSequence, Proof,
};
use impartial::games::octal::OctalCode;

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
    g.extend(std::iter::repeat_n(0, 1 << 16));
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

/// An octal game by brute force, written apart from the engine (and from
/// `octal_values_plain`): each digit's moves read off its bits, every split (a, b) in either
/// order, the options gathered as bits of 64-bit words.
fn octal_brute_force(code: &str, to: usize) -> Vec<u32> {
    let digits: Vec<u32> = code.trim_start_matches("0.").bytes().map(|b| u32::from(b - b'0')).collect();
    let mut g: Vec<u32> = Vec::with_capacity(to + 1);
    let mut options: Vec<u64> = Vec::new();
    for n in 0..=to {
        let largest = g.iter().copied().max().unwrap_or(0) as usize;
        options.clear();
        options.resize((2 * largest + 2) / 64 + 1, 0);
        let mut add = |v: u32| options[v as usize / 64] |= 1 << (v % 64);
        for (removed, &digit) in (1..=n).zip(&digits) {
            let rest = n - removed;
            if digit & 1 != 0 && rest == 0 {
                add(0);
            }
            if digit & 2 != 0 && rest > 0 {
                add(g[rest]);
            }
            if digit & 4 != 0 {
                (1..rest).for_each(|a| add(g[a] ^ g[rest - a]));
            }
        }
        let word = options.iter().position(|&w| w != u64::MAX).unwrap();
        g.push((64 * word) as u32 + options[word].trailing_ones());
    }
    g
}

/// Codes whose splits are reached from several heaps (splitting digits in a row, so a split's
/// table serves two or three heaps; or apart), codes whose values grow (every pair scanned,
/// with trials of the sparse split at each doubling), and a sparse one: the engine, stopped at
/// a report and resumed, equals the brute force.
#[test]
fn the_engine_equals_a_brute_force_on_shared_splits_and_growing_codes() {
    let to = 9000;
    for code in ["0.777", "0.166", "0.4007", "0.0607", "0.776", "0.04", "0.06", "0.76", "0.156"] {
        let brute = octal_brute_force(code, to);
        let mut engine = OctalSequence::new(OctalCode::parse(code).unwrap());
        let mut runs = 0;
        while engine.len() <= to {
            // Go on at the first report of each run (heap 4,096), stop at the second (8,192).
            let mut reports = 0;
            engine.run(to, false, |_| {
                reports += 1;
                reports < 2
            });
            runs += 1;
        }
        assert_eq!(runs, 2, "{code}: the run stopped once and resumed");
        assert_eq!(engine.values(), brute, "{code}");
    }
}
