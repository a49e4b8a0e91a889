//! Moore's Nim_k (E. H. Moore, "A generalization of the game called Nim", Annals of
//! Mathematics 11, 1910; Winning Ways ch. 15, "Moore's Nim_k"): a move takes any positive
//! number of counters from each of 1 to k heaps, the amounts chosen freely per heap. Nim is
//! Nim_1.
//!
//! Moore's theorem: a position is a P-position exactly when, in every binary column, the number
//! of heaps with a 1 there is divisible by k + 1 ([`is_p_position`]). Only the outcome has a
//! closed form: the Grundy values of Nim_k for k ≥ 2 are not known in general.
//!
//! Positions: every vector of heap sizes up to the starting sizes (each is reached by emptying
//! heaps one counter at a time). Label: heap sizes in the order given, `3,0,5`. Built by the
//! generic walk ([`crate::sizing::walk`]), each position held as its mixed-radix number (heap
//! i in radix size + 1, the last heap fastest); its size has a closed form ([`estimate`]), the
//! walk's fast path.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::{join_u64, number, numbers};
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::numbers::{bad_value, parse_list, parse_number};
use crate::size::{Bound, Size};
use crate::sizing::walk::{self, Positions};

/// Most heaps a spec may list (each non-empty heap multiplies the positions, so the budget binds
/// first; this stops endless lists of empty heaps).
pub const MAX_HEAPS: usize = 64;

const HEAPS: &str = "a comma-separated list of heap sizes (whole numbers), e.g. 3,5,6";
const K: &str = "how many heaps a move may take from: a whole number from 1 to 64";

/// A Moore's Nim_k instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moore {
    /// The starting heaps, in the order given.
    pub heaps: Vec<u64>,
    /// The most heaps one move may take from.
    pub k: u64,
}

impl Game for Moore {
    const INFO: FamilyInfo = family_info!(
        "moore",
        "Moore's Nim",
        [("heaps", "Heaps", "3,5,6", HEAPS, None), ("k", "Heaps a move may take from (k)", "2", K, None)]
    );

    fn parse(keys: &Keys) -> Result<Moore, InputError> {
        let text = keys.need("heaps")?;
        let heaps = parse_list("heaps", text, 0, u64::MAX, HEAPS)?;
        if heaps.len() > MAX_HEAPS {
            return Err(bad_value("heaps", text, &format!("at most {MAX_HEAPS} heaps")));
        }
        let k = parse_number("k", keys.need("k")?, 1, MAX_HEAPS as u64, K)?;
        Ok(Moore { heaps, k })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&heaps={}&k={}", join_u64(&self.heaps), self.k)
    }

    /// The closed form: no walk needed to size it.
    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        Ok(estimate(&self.heaps, self.k))
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        // Positions are numbered in mixed radix in a u64: only once the closed form fits.
        crate::budget::check_size(Self::INFO.name, estimate(&self.heaps, self.k), limits)?;
        walk::build(self, Self::INFO.name, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Heaps { heaps: numbers(&graph.label(v)).unwrap_or_default() }
    }

    fn rules(&self) -> String {
        match self.k {
            1 => "Take any number of counters, at least one, from one heap.".into(),
            k => format!(
                "Take counters from 1 to {k} heaps at once: at least one from each heap you choose, any amounts."
            ),
        }
    }
}

impl Moore {
    /// Heap sizes of a position numbered in mixed radix.
    fn digits(&self, mut code: u64) -> Vec<u64> {
        let mut heaps = vec![0; self.heaps.len()];
        for (i, &h) in self.heaps.iter().enumerate().rev() {
            heaps[i] = code % (h + 1);
            code /= h + 1;
        }
        heaps
    }

    /// The mixed-radix number of heap sizes each within the start's.
    fn code(&self, heaps: &[u64]) -> u64 {
        heaps.iter().zip(&self.heaps).fold(0, |code, (&a, &h)| code * (h + 1) + a)
    }
}

impl Positions for Moore {
    type Position = u64;
    const DISTINCT_MOVES: bool = true;

    fn start(&self) -> u64 {
        self.code(&self.heaps)
    }

    /// Heaps are chosen left to right; a heap chosen is lowered to each smaller size in turn.
    fn moves(&self, &code: &u64) -> Vec<u64> {
        let now = self.digits(code);
        let mut next = now.clone();
        let mut out = Vec::new();
        lower(self, &now, &mut next, 0, 0, &mut out);
        out
    }

    fn label(&self, &code: &u64) -> String {
        join_u64(&self.digits(code))
    }

    fn parse_label(&self, label: &str) -> Option<u64> {
        let mut heaps = Vec::with_capacity(self.heaps.len());
        for part in label.split(',') {
            let a = number(part)?;
            if heaps.len() == self.heaps.len() || a > self.heaps[heaps.len()] {
                return None;
            }
            heaps.push(a);
        }
        (heaps.len() == self.heaps.len()).then(|| self.code(&heaps))
    }
}

/// Every move from `now` that agrees with it before heap `i` as `next` does, having lowered
/// `taken` heaps so far (at most k).
fn lower(game: &Moore, now: &[u64], next: &mut Vec<u64>, i: usize, taken: u64, out: &mut Vec<u64>) {
    if i == now.len() {
        if taken > 0 {
            out.push(game.code(next));
        }
        return;
    }
    lower(game, now, next, i + 1, taken, out);
    if taken < game.k {
        for a in (0..now[i]).rev() {
            next[i] = a;
            lower(game, now, next, i + 1, taken + 1, out);
        }
        next[i] = now[i];
    }
}

/// Moore's theorem (1910; Winning Ways ch. 15): P-position exactly when every binary column's
/// count of 1s is divisible by k + 1.
pub fn is_p_position(heaps: &[u64], k: u64) -> bool {
    (0..64).all(|bit| (heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64).is_multiple_of(k + 1))
}

/// Π (h_i + 1) positions. The moves: a move lowers a set S of 1 to k heaps, heap i in h'_i ways
/// from a position where it holds h'_i; summed over all positions, S gives
/// Π_{i∈S} T_i · Π_{i∉S} R_i with T_i = h_i(h_i+1)/2 and R_i = h_i + 1. The sum over every S of
/// j heaps is the coefficient of x^j in Π (R_i + T_i x), summed here for j = 1…k.
pub fn estimate(heaps: &[u64], k: u64) -> Size {
    let mut by_size = vec![1u128];
    for &h in heaps {
        let (r, t) = (u128::from(h) + 1, u128::from(h) * (u128::from(h) + 1) / 2);
        let mut next = vec![0u128; by_size.len() + 1];
        for (j, &c) in by_size.iter().enumerate() {
            next[j] = next[j].saturating_add(c.saturating_mul(r));
            next[j + 1] = next[j + 1].saturating_add(c.saturating_mul(t));
        }
        by_size = next;
    }
    let positions = heaps.iter().fold(1u128, |p, &h| p.saturating_mul(u128::from(h) + 1));
    let edges = by_size.iter().skip(1).take(k as usize).fold(0u128, |sum, &c| sum.saturating_add(c));
    Size { positions, edges, bound: Bound::Exact }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_take_from_one_to_k_heaps() {
        let game = Moore { heaps: vec![1, 2, 1], k: 2 };
        let mut moves: Vec<String> = game.moves(&game.start()).iter().map(|c| game.label(c)).collect();
        moves.sort();
        // One heap: 0,2,1 1,1,1 1,0,1 1,2,0; two heaps: every pair lowered.
        let expected = ["0,0,1", "0,1,1", "0,2,0", "0,2,1", "1,0,0", "1,0,1", "1,1,0", "1,1,1", "1,2,0"];
        assert_eq!(moves, expected);
        assert_eq!(game.parse_label("1,2,1"), Some(game.start()));
        assert_eq!(game.parse_label("1,3,1"), None);
        assert_eq!(game.parse_label("1,2"), None);
    }

    #[test]
    fn the_closed_form_counts_what_the_walk_meets() {
        for (heaps, k) in [(vec![3, 5, 6], 2), (vec![2, 2, 2, 2], 3), (vec![4, 0, 7], 1), (vec![], 1)] {
            let game = Moore { heaps: heaps.clone(), k };
            let walked = walk::count(&game, &Limits::DEFAULT).unwrap();
            assert_eq!(estimate(&heaps, k), walked, "{heaps:?} k={k}");
        }
    }
}
