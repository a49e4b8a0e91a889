//! Silver Dollar without the silver dollar, Benford & Lehre §6.2.
//!
//! Rules: k coins on a strip of m squares, starting on the rightmost k. A move slides one coin
//! left any number of squares, without passing or landing on another coin. Every placement of
//! the k coins is reachable: n = C(m, k).
//! Label: occupied squares, 0-based from the left, ascending: `0,3,7`.
//! Ids: the combinadic rank Σ C(c_i, i+1) of the occupied squares c_0 < … < c_{k−1}; moving a
//! coin left lowers one c_i and so the rank. The starting placement has the largest rank.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::{increasing, join, numbers};
use crate::combinatorics::{binomial_u128, Binomials};
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph, Labeling};
use crate::numbers::{bad_value, parse_number};
use crate::size::{Bound, Size};

const COINS: &str = "a whole number, at least 1";
const SQUARES: &str = "a whole number at least the number of coins";

/// A Silver Dollar instance. Invariant: 1 ≤ coins ≤ squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SilverDollar {
    /// Coins on the strip, at least 1.
    pub coins: u64,
    /// Squares of the strip, at least `coins`.
    pub squares: u64,
}

impl Game for SilverDollar {
    const INFO: FamilyInfo = family_info!(
        "silver-dollar",
        "Silver Dollar",
        [("coins", "Coins", "3", COINS, None), ("squares", "Squares", "8", SQUARES, None)]
    );

    fn parse(keys: &Keys) -> Result<SilverDollar, InputError> {
        let coins = parse_number("coins", keys.need("coins")?, 1, u64::MAX, COINS)?;
        let squares = parse_number("squares", keys.need("squares")?, coins, u64::MAX, SQUARES)?;
        Ok(SilverDollar { coins, squares })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&coins={}&squares={}", self.coins, self.squares)
    }

    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        estimate(self.coins, self.squares)
    }

    fn build(&self, _: &Limits) -> Result<GameGraph, InputError> {
        Ok(build(self.coins, self.squares))
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let coins = numbers(&graph.label(v)).unwrap_or_default().into_iter().map(|c| c as u32).collect();
        PositionView::Strip { squares: self.squares, coins }
    }

    fn rules(&self) -> String {
        "Slide one coin to the left, as far as you like, without jumping over or landing on another coin."
            .into()
    }
}

/// Labels: id = combinadic rank of the occupied squares (`coins` of them).
#[derive(Debug, Clone)]
struct Subsets {
    binomials: Binomials,
    coins: u32,
    squares: u32,
}

impl Labeling for Subsets {
    fn label(&self, v: usize) -> String {
        let mut set = vec![0u32; self.coins as usize];
        self.binomials.unrank(v as u64, &mut set, self.squares);
        join(&set)
    }

    fn find(&self, label: &str) -> Option<u64> {
        let set = increasing(label, self.coins as usize, self.squares)?;
        if set.len() != self.coins as usize {
            return None;
        }
        Some(
            set.iter()
                .enumerate()
                .fold(0u64, |rank, (i, &a)| rank.saturating_add(self.binomials.get(a as usize, i + 1))),
        )
    }
}

/// Most coins a Silver Dollar spec may have (the rank table has one column per coin).
pub const MAX_COINS: u64 = 64;

/// C(m, k) positions. A placement whose last coin is on square c has c + 1 − k empty squares
/// to its left, one move each, and C(c, k−1)(c+1−k) = k·C(c, k); summing over c (hockey stick)
/// gives k·C(m, k+1) moves.
pub fn estimate(coins: u64, squares: u64) -> Result<Size, InputError> {
    if coins > MAX_COINS {
        return Err(bad_value("coins", &coins.to_string(), &format!("at most {MAX_COINS} coins")));
    }
    let (k, m) = (u128::from(coins), u128::from(squares));
    let positions = binomial_u128(m, k);
    let edges = binomial_u128(m, k + 1).saturating_mul(k);
    Ok(Size { positions, edges, bound: Bound::Exact })
}

/// Builds the graph; sizes within the budget.
pub fn build(coins: u64, squares: u64) -> GameGraph {
    let (k, m) = (coins as usize, squares as u32);
    let binomials = Binomials::new(m as usize, k);
    let positions = binomial_u128(u128::from(squares), u128::from(coins)) as u64;
    // k·C(m, k+1) moves (see `estimate`): reserving k per position would over-reserve up to
    // k-fold when the coins are packed (60 coins on 64 squares: 38M slots for 2.5M moves).
    let edges = binomial_u128(u128::from(squares), u128::from(coins) + 1).saturating_mul(u128::from(coins));
    let mut csr = CsrBuilder::with_capacity(positions as usize, edges as usize);
    let mut placed = vec![0u32; k];
    for id in 0..positions {
        binomials.unrank(id, &mut placed, m);
        for i in 0..k {
            let from = placed[i];
            let lowest = if i == 0 { 0 } else { placed[i - 1] + 1 };
            let without = id - binomials.get(from as usize, i + 1);
            csr.targets.extend((lowest..from).map(|to| (without + binomials.get(to as usize, i + 1)) as u32));
        }
        csr.end_position();
    }
    GameGraph::from_csr(csr.offsets, csr.targets, Subsets { binomials, coins: k as u32, squares: m })
}
