//! Chomp in Benford & Lehre §6.4's normal-play form.
//!
//! Rules: a rows × cols board; a move picks a remaining square and removes it with every
//! square to its right and above. The lower-left square is poison: the position with no
//! squares is removed, so taking the poison square is not a move and the poison-only position
//! is a sink (its player to move has lost).
//! Positions: every non-empty Young diagram in the box (row lengths non-increasing upwards).
//! Label: row lengths from the bottom row up, empty rows left out: `5,5,3,1`.
//! Ids: the diagram is stored as a partition along the shorter side (rows, or columns when
//! rows > cols; the move rule is symmetric under transposition). With k parts
//! λ_0 ≥ … ≥ λ_{k−1}, the set a_i = λ_{k−1−i} + i has combinadic rank Σ C(a_i, i+1); removing
//! squares lowers some λ and so the rank. id = rank − 1 (rank 0 is the empty board).

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::Limits;
use crate::codec::{join, number, numbers};
use crate::combinatorics::{binomial_u128, Binomials};
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph, Labeling};
use crate::numbers::parse_number;
use crate::size::{Bound, Size};

const SIDE: &str = "a whole number, at least 1";

/// A rows × cols Chomp board. Invariant: both ≥ 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chomp {
    /// Rows of the board, at least 1.
    pub rows: u64,
    /// Columns of the board, at least 1.
    pub cols: u64,
}

impl Game for Chomp {
    const INFO: FamilyInfo = family_info!(
        "chomp",
        "Chomp",
        [("rows", "Rows", "4", SIDE, None), ("cols", "Columns", "4", SIDE, None)]
    );

    fn parse(keys: &Keys) -> Result<Chomp, InputError> {
        Ok(Chomp {
            rows: parse_number("rows", keys.need("rows")?, 1, u64::MAX, SIDE)?,
            cols: parse_number("cols", keys.need("cols")?, 1, u64::MAX, SIDE)?,
        })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&rows={}&cols={}", self.rows, self.cols)
    }

    fn estimate(&self, _: &Limits) -> Result<Size, InputError> {
        Ok(estimate(self.rows, self.cols))
    }

    fn build(&self, _: &Limits) -> Result<GameGraph, InputError> {
        Ok(build(self.rows, self.cols))
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        let lengths = numbers(&graph.label(v)).unwrap_or_default().into_iter().map(|l| l as u32).collect();
        PositionView::Chomp { rows: self.rows, cols: self.cols, lengths }
    }

    fn rules(&self) -> String {
        "Bite a square: it goes with every square above it and to its right; the poisoned bottom-left square may not be eaten.".into()
    }
}

/// Labels: id + 1 = combinadic rank of the partition with `parts` parts each ≤ `largest`
/// (a_i = λ_{parts−1−i} + i); `transposed` when the parts are columns, not rows.
#[derive(Debug, Clone)]
struct Partitions {
    binomials: Binomials,
    parts: u32,
    largest: u32,
    transposed: bool,
}

impl Labeling for Partitions {
    fn label(&self, v: usize) -> String {
        let lengths = partition_of(&self.binomials, v as u64 + 1, self.parts, self.largest);
        let rows: Vec<u32> = if self.transposed {
            (0..self.largest).map(|i| lengths.iter().filter(|&&l| l > i).count() as u32).collect()
        } else {
            lengths
        };
        join(&rows.into_iter().filter(|&l| l > 0).collect::<Vec<_>>())
    }

    fn find(&self, label: &str) -> Option<u64> {
        let Partitions { binomials, parts, largest, transposed } = self;
        // The label lists the non-empty rows, each at most `width` long, non-increasing.
        let (rows_at_most, width) = if *transposed { (*largest, *parts) } else { (*parts, *largest) };
        let mut rows = Vec::new();
        for part in label.split(',') {
            let row = u32::try_from(number(part)?).ok()?;
            if row == 0 || row > width || rows.last().is_some_and(|&last| row > last) {
                return None;
            }
            rows.push(row);
            if rows.len() > rows_at_most as usize {
                return None;
            }
        }
        // λ_j, the parts (columns when transposed), each at most `largest`; the column
        // heights are the number of rows longer than j (rows are non-increasing).
        let lambda = |j: usize| -> u32 {
            if *transposed {
                rows.partition_point(|&r| r as usize > j) as u32
            } else {
                rows.get(j).copied().unwrap_or(0)
            }
        };
        let k = *parts as usize;
        // Rank = Σ C(a_i, i+1) with a_i = λ_{k−1−i} + i; rank ≥ 1 as the board is not empty.
        let rank = (0..k)
            .fold(0u64, |rank, i| rank.saturating_add(binomials.get(lambda(k - 1 - i) as usize + i, i + 1)));
        rank.checked_sub(1)
    }
}

/// The partition λ_0 ≥ … ≥ λ_{parts−1} (each ≤ `largest`) whose combinadic rank is `rank`.
fn partition_of(binomials: &Binomials, rank: u64, parts: u32, largest: u32) -> Vec<u32> {
    let mut set = vec![0u32; parts as usize];
    binomials.unrank(rank, &mut set, parts + largest);
    // a_i = λ_{parts−1−i} + i
    (0..parts as usize).map(|j| set[parts as usize - 1 - j] - (parts as usize - 1 - j) as u32).collect()
}

/// C(r+c, r) − 1 positions. Over all C(r+c, r) diagrams of the box the squares sum to
/// C(r+c, r)·rc/2 (a diagram and its complement share the box), and a non-empty diagram has
/// one move per square but the poison: C(r+c, r)·rc/2 − (C(r+c, r) − 1) moves.
pub fn estimate(rows: u64, cols: u64) -> Size {
    let (r, c) = (u128::from(rows), u128::from(cols));
    let all = binomial_u128(r.saturating_add(c), r);
    if all == u128::MAX {
        return Size { positions: u128::MAX, edges: u128::MAX, bound: Bound::AtMost };
    }
    let squares = all.saturating_mul(r).saturating_mul(c) / 2;
    Size { positions: all - 1, edges: squares.saturating_sub(all - 1), bound: Bound::Exact }
}

/// Builds the graph; the board within the budget.
pub fn build(rows: u64, cols: u64) -> GameGraph {
    let transposed = rows > cols;
    let (parts, largest) = if transposed { (cols as u32, rows as u32) } else { (rows as u32, cols as u32) };
    let k = parts as usize;
    let binomials = Binomials::new(k + largest as usize, k);
    let size = estimate(rows, cols);
    // term[t][l] = C(l + k−1−t, k−t): part t's share of the rank when it has length l.
    let width = largest as usize + 1;
    let term: Vec<u64> = (0..k)
        .flat_map(|t| (0..width).map(move |l| (t, l)))
        .map(|(t, l)| binomials.get(l + k - 1 - t, k - t))
        .collect();
    let mut csr = CsrBuilder::with_capacity(size.positions as usize, size.edges as usize);
    for id in 0..size.positions as u64 {
        let rank = id + 1;
        let lambda = partition_of(&binomials, rank, parts, largest);
        for p in 0..k {
            for q in 0..lambda[p] {
                if p == 0 && q == 0 {
                    continue; // the poison square
                }
                // Parts p, p+1, … longer than q are cut to q; λ is non-increasing, so they
                // form a run starting at p.
                let mut after = rank;
                for t in p..k {
                    let l = lambda[t] as usize;
                    if l <= q as usize {
                        break;
                    }
                    after -= term[t * width + l] - term[t * width + q as usize];
                }
                csr.targets.push((after - 1) as u32);
            }
        }
        csr.end_position();
    }
    GameGraph::from_csr(csr.offsets, csr.targets, Partitions { binomials, parts, largest, transposed })
}
