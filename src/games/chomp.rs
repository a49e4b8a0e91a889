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

/// The board as `parts` parts, each at most `largest` (columns when `rows > cols`: the move rule
/// is symmetric under transposition), and term[t·(largest+1) + l] = C(l + k−1−t, k−t): part t's
/// share of the rank when it has length l.
fn shape(rows: u64, cols: u64) -> (bool, u32, u32, Binomials, Vec<u64>) {
    let transposed = rows > cols;
    let (parts, largest) = if transposed { (cols as u32, rows as u32) } else { (rows as u32, cols as u32) };
    let k = parts as usize;
    let binomials = Binomials::new(k + largest as usize, k);
    let width = largest as usize + 1;
    let term: Vec<u64> = (0..k)
        .flat_map(|t| (0..width).map(move |l| (t, l)))
        .map(|(t, l)| binomials.get(l + k - 1 - t, k - t))
        .collect();
    (transposed, parts, largest, binomials, term)
}

/// The partition after λ in rank order (the combinadic's colex order): the last part that
/// may grow (below the part before it, or the first part below `largest`) grows by one and
/// the parts after it become 0. Stepping from rank r − 1 to r this way replaces an unranking
/// per position.
#[inline]
fn next_partition(lambda: &mut [u32], largest: u32) {
    let mut p = lambda.len();
    while p > 0 {
        p -= 1;
        let bound = if p == 0 { largest } else { lambda[p - 1] };
        if lambda[p] < bound {
            lambda[p] += 1;
            return;
        }
        lambda[p] = 0;
    }
}

/// Builds the graph; the board within the budget.
pub fn build(rows: u64, cols: u64) -> GameGraph {
    let (transposed, parts, largest, binomials, term) = shape(rows, cols);
    let k = parts as usize;
    let width = largest as usize + 1;
    let size = estimate(rows, cols);
    let mut csr = CsrBuilder::with_capacity(size.positions as usize, size.edges as usize);
    let mut lambda = vec![0u32; k];
    for id in 0..size.positions as u64 {
        let rank = id + 1;
        next_partition(&mut lambda, largest);
        debug_assert_eq!(lambda, partition_of(&binomials, rank, parts, largest));
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

/// The Grundy value of the full board, from the same positions and moves as [`build`]'s graph
/// but without storing its edges: every position in rank order (each move lowers the rank, so
/// its options come first), the mex of its options' values. The caller checks the budget first,
/// as for the graph.
///
/// A move at column q of part p cuts the parts p, p+1, … longer than q; for a fixed q those are
/// parts 0..m, so walking p down from m − 1 adds one part's share at a time: one addition per
/// move where the graph's build sums the run.
pub fn root_grundy(rows: u64, cols: u64) -> u32 {
    let (_, parts, largest, _, term) = shape(rows, cols);
    let k = parts as usize;
    let width = largest as usize + 1;
    let positions = estimate(rows, cols).positions as usize;
    // g[rank]; rank 0, the empty board, is no position (taking the poison is not a move).
    let mut g = vec![0u32; positions + 1];
    // seen[v] == rank when an option of the position of that rank has value v (a value is at
    // most the number of moves, below rows·cols).
    let mut seen = vec![0u64; k * width + 1];
    let mut lambda = vec![0u32; k];
    let mut share = vec![0u64; k];
    for rank in 1..=positions as u64 {
        next_partition(&mut lambda, largest);
        for (t, &l) in lambda.iter().enumerate() {
            share[t] = term[t * width + l as usize];
        }
        let mut m = k;
        for q in 0..lambda[0] as usize {
            // Parts 0..m are longer than q.
            while lambda[m - 1] as usize <= q {
                m -= 1;
            }
            let mut after = rank;
            // At q = 0 part 0's cut is the poison square, not a move.
            for p in (usize::from(q == 0)..m).rev() {
                after -= share[p] - term[p * width + q];
                seen[g[after as usize] as usize] = rank;
            }
        }
        let mut v = 0;
        while seen[v] == rank {
            v += 1;
        }
        g[rank as usize] = v as u32;
    }
    g[positions]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::grundy::grundy_and_critical;

    /// The edge-free value equals the graph's at the root, on every board up to 8 × 8 and on
    /// long thin ones both ways round.
    #[test]
    fn root_grundy_equals_the_graphs() {
        let boards =
            (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).chain([(2, 12), (12, 2), (3, 9), (9, 3)]);
        for (rows, cols) in boards {
            let graph = build(rows, cols);
            let (h, _) = grundy_and_critical(&graph);
            assert_eq!(root_grundy(rows, cols), h[graph.root()], "{rows}x{cols}");
        }
    }

    /// Stepping through the partitions visits them in rank order, as unranking each does.
    #[test]
    fn next_partition_follows_the_rank() {
        for (parts, largest) in [(1, 5), (3, 4), (5, 5), (4, 9)] {
            let binomials = Binomials::new((parts + largest) as usize, parts as usize);
            let count = binomial_u128(u128::from(parts + largest), u128::from(parts)) as u64;
            let mut lambda = vec![0u32; parts as usize];
            for rank in 1..count {
                next_partition(&mut lambda, largest);
                assert_eq!(lambda, partition_of(&binomials, rank, parts, largest));
            }
        }
    }
}
