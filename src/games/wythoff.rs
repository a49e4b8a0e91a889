//! Wythoff's game: two heaps; take any positive number from one heap, or the same positive
//! number from both.
//!
//! Positions: every (x, y) with x ≤ a, y ≤ b. Label: `x,y`.
//! Ids: x·(b+1) + y, lowered by every move; the root (a, b) is the largest.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::{numbers, MixedRadix};
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph};
use crate::numbers::{bad_value, parse_list};
use crate::size::{Bound, Size};

const HEAPS: &str = "exactly two heap sizes, e.g. 5,8";

/// A Wythoff instance: the two starting heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wythoff {
    /// The two starting heaps.
    pub heaps: [u64; 2],
}

impl Game for Wythoff {
    const INFO: FamilyInfo =
        family_info!("wythoff", "Wythoff's game", [("heaps", "Heaps (two)", "5,8", HEAPS, None)]);

    fn parse(keys: &Keys) -> Result<Wythoff, InputError> {
        let text = keys.need("heaps")?;
        let heaps = parse_list("heaps", text, 0, u64::MAX, "two heap sizes, e.g. 5,8")?;
        match heaps.as_slice() {
            [a, b] => Ok(Wythoff { heaps: [*a, *b] }),
            _ => Err(bad_value("heaps", text, HEAPS)),
        }
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&heaps={},{}", self.heaps[0], self.heaps[1])
    }

    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        Ok(estimate(self.heaps))
    }

    fn build(&self, _: &Limits) -> Result<GameGraph, InputError> {
        Ok(build(self.heaps))
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let heaps = numbers(&graph.label(v)).unwrap_or_default();
        PositionView::Queen {
            heaps: [heaps.first().copied().unwrap_or(0), heaps.get(1).copied().unwrap_or(0)],
        }
    }

    fn rules(&self) -> String {
        "Move the queen left, down or diagonally down-left, any number of squares: take from one heap, or the same number from both.".into()
    }
}

/// (a+1)(b+1) positions; position (x, y) has x + y + min(x, y) moves.
pub fn estimate([a, b]: [u64; 2]) -> Size {
    let (a, b) = (u128::from(a), u128::from(b));
    let positions = (a + 1).saturating_mul(b + 1);
    // Σ_x Σ_y (x + y + min(x, y)), with Σ_{x≤a,y≤b} min(x,y) = Σ_{t=1}^{min(a,b)} (a−t+1)(b−t+1).
    let sum_x = (a * (a + 1) / 2).saturating_mul(b + 1);
    let sum_y = (b * (b + 1) / 2).saturating_mul(a + 1);
    let sum_min = sum_of_min(a, b).unwrap_or(u128::MAX);
    let edges = sum_x.saturating_add(sum_y).saturating_add(sum_min);
    Size { positions, edges, bound: Bound::Exact }
}

/// Σ_{u=0}^{m−1} (a−u)(b−u) with m = min(a, b), in closed form (a loop over m would cost
/// time in proportion to the heaps before any refusal): m·ab − (a+b)·m(m−1)/2 + (m−1)m(2m−1)/6.
/// None when it does not fit in u128 (the positions alone are then far above any budget).
fn sum_of_min(a: u128, b: u128) -> Option<u128> {
    let m = a.min(b);
    if m == 0 {
        return Some(0);
    }
    let linear = (m * (m - 1) / 2).checked_mul(a + b)?;
    // (m−1)m(2m−1) is divisible by 6; divide m(m−1) by 2 first to stay in range longer.
    let square = (m * (m - 1) / 2).checked_mul(2 * m - 1)? / 3;
    m.checked_mul(a)?.checked_mul(b)?.checked_sub(linear)?.checked_add(square)
}

/// Builds the graph; sizes within the budget.
pub fn build(heaps: [u64; 2]) -> GameGraph {
    let size = estimate(heaps);
    let width = heaps[1] + 1;
    let mut csr = CsrBuilder::with_capacity(size.positions as usize, size.edges as usize);
    for x in 0..=heaps[0] {
        for y in 0..=heaps[1] {
            let id = x * width + y;
            csr.targets.extend((1..=x).map(|k| (id - k * width) as u32));
            csr.targets.extend((1..=y).map(|k| (id - k) as u32));
            csr.targets.extend((1..=x.min(y)).map(|k| (id - k * width - k) as u32));
            csr.end_position();
        }
    }
    GameGraph::from_csr(csr.offsets, csr.targets, MixedRadix(vec![heaps[0] + 1, width]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_saturate_instead_of_overflowing() {
        let size = estimate([2, u64::MAX]);
        assert_eq!(size.positions, 3 * (u128::from(u64::MAX) + 1));
        assert!(size.edges >= size.positions, "moves wrapped around: {size:?}");
    }

    #[test]
    fn the_sum_of_minima_is_the_loop_it_replaces() {
        for (a, b) in [(0, 0), (0, 7), (1, 1), (3, 5), (6, 6), (9, 4), (100, 37)] {
            let looped: u128 = (1..=a.min(b)).map(|t| (a - t + 1) * (b - t + 1)).sum();
            assert_eq!(sum_of_min(a, b), Some(looped), "{a},{b}");
        }
        assert_eq!(sum_of_min(u128::from(u64::MAX), u128::from(u64::MAX)), None);
    }

    #[test]
    fn moves_count_matches_the_formula() {
        for heaps in [[0, 0], [1, 0], [3, 5], [6, 6]] {
            let size = estimate(heaps);
            let graph = build(heaps);
            assert_eq!((graph.len() as u128, graph.edge_count() as u128), (size.positions, size.edges));
        }
    }
}
