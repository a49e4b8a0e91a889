//! Chomp in seed 000 §6.4's normal-play form.
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

use super::{binomial_u128, Binomials, Bound, Size};
use crate::graph::{partition_of, CsrBuilder, GameGraph, Labels};

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
    GameGraph::from_csr(
        csr.offsets,
        csr.targets,
        Labels::Partitions { binomials, parts, largest, transposed },
    )
}
