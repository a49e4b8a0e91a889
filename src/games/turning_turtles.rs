//! Turning Turtles, Benford & Lehre §6.3.
//!
//! Rules: m coins in a row, all heads at the start. A move turns one coin from heads to tails,
//! then optionally turns any one coin to its left (heads or tails). Play ends when all show
//! tails. Every one of the 2^m head/tail patterns is reachable.
//! Label: `H`/`T` per coin, leftmost first, e.g. `HTTHHH`.
//! Ids: the pattern as a bit mask with the leftmost coin as bit 0 (1 = heads). A move clears
//! bit i and may flip a lower bit j < i, so the mask drops by 2^i ± 2^j > 0: ids are reverse
//! topological, and all heads (2^m − 1) is the root.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph, Labeling};
use crate::numbers::parse_number;
use crate::size::{Bound, Size};

const COINS: &str = "a whole number, at least 1";

/// A Turning Turtles instance: m coins, all heads. Invariant: coins ≥ 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurningTurtles {
    /// m: the coins in the row, all heads at the start.
    pub coins: u64,
}

impl Game for TurningTurtles {
    const INFO: FamilyInfo =
        family_info!("turning-turtles", "Turning Turtles", [("coins", "Coins", "6", COINS, None)]);

    fn parse(keys: &Keys) -> Result<TurningTurtles, InputError> {
        Ok(TurningTurtles { coins: parse_number("coins", keys.need("coins")?, 1, u64::MAX, COINS)? })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&coins={}", self.coins)
    }

    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        Ok(estimate(self.coins))
    }

    fn build(&self, _: &Limits) -> Result<GameGraph, InputError> {
        Ok(build(self.coins))
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Turtles { heads: graph.label(v).bytes().map(|c| c == b'H').collect() }
    }

    fn rules(&self) -> String {
        "Turn one coin from heads to tails and, if you like, turn over one coin to its left as well.".into()
    }
}

/// Labels: the id's bit i is coin i (leftmost coin = bit 0), 1 = heads.
#[derive(Debug, Clone)]
struct Coins(u32);

impl Labeling for Coins {
    fn label(&self, v: usize) -> String {
        (0..self.0).map(|i| if v >> i & 1 == 1 { 'H' } else { 'T' }).collect()
    }

    fn find(&self, label: &str) -> Option<u64> {
        if label.len() != self.0 as usize {
            return None;
        }
        let mut id = 0u64;
        for (i, c) in label.bytes().enumerate() {
            match c {
                b'H' => id |= 1 << i,
                b'T' => {}
                _ => return None,
            }
        }
        Some(id)
    }
}

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
    GameGraph::from_csr(csr.offsets, csr.targets, Coins(m))
}
