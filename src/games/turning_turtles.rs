//! Turning Turtles, seed 000 §6.3.
//!
//! Rules: m coins in a row, all heads at the start. A move turns one coin from heads to tails,
//! then optionally turns any one coin to its left (heads or tails). Play ends when all show
//! tails. Every one of the 2^m head/tail patterns is reachable.
//! Label: `H`/`T` per coin, leftmost first, e.g. `HTTHHH`.
//! Ids: the pattern as a bit mask with the leftmost coin as bit 0 (1 = heads). A move clears
//! bit i and may flip a lower bit j < i, so the mask drops by 2^i ± 2^j > 0: ids are reverse
//! topological, and all heads (2^m − 1) is the root.

use super::{Bound, Size};
use crate::graph::{CsrBuilder, GameGraph, Labels};

/// 2^m positions; each head at coin i gives 1 + i moves, and each coin is heads in half the
/// positions: 2^(m−1) · Σ_i (1 + i) = 2^(m−1) · m(m+1)/2 moves.
pub fn estimate(coins: u64) -> Size {
    if coins >= 100 {
        return Size { positions: u128::MAX, edges: u128::MAX, bound: Bound::AtMost };
    }
    let m = u128::from(coins);
    let positions = 1u128 << m;
    Size { positions, edges: (positions / 2).saturating_mul(m * (m + 1) / 2), bound: Bound::Exact }
}

/// Builds the graph; `coins` within the budget.
pub fn build(coins: u64) -> GameGraph {
    let m = coins as u32;
    let size = estimate(coins);
    let mut csr = CsrBuilder::with_capacity(size.positions as usize, size.edges as usize);
    for mask in 0..size.positions as u32 {
        let mut heads = mask;
        while heads != 0 {
            let i = heads.trailing_zeros();
            heads &= heads - 1;
            let turned = mask ^ (1 << i);
            csr.targets.push(turned);
            csr.targets.extend((0..i).map(|j| turned ^ (1 << j)));
        }
        csr.end_position();
    }
    GameGraph::from_csr(csr.offsets, csr.targets, Labels::Coins(m))
}
