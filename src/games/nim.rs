//! Nim: remove any positive number of items from one heap.
//!
//! Positions: every vector of heap sizes up to the starting sizes (all are reachable).
//! Label: heap sizes in the order given, `3,0,5`.
//! Ids: mixed radix with radix (size + 1) per heap, last heap fastest; shrinking a heap lowers
//! the id, so ids are reverse topological and the root (all heaps full) is the largest.

use super::{Bound, Size};
use crate::graph::{CsrBuilder, GameGraph, Labels};

/// Π (h_i + 1) positions; heap i contributes h_i(h_i+1)/2 · Π_{j≠i}(h_j + 1) moves.
pub fn estimate(heaps: &[u64]) -> Size {
    let radices: Vec<u128> = heaps.iter().map(|&h| u128::from(h) + 1).collect();
    let positions = radices.iter().fold(1u128, |acc, &r| acc.saturating_mul(r));
    let edges = radices
        .iter()
        .map(|&r| {
            // r ≥ 1; when `positions` saturated, so do the moves.
            (positions / r).saturating_mul(r * (r - 1) / 2)
        })
        .fold(0u128, |acc, e| acc.saturating_add(e));
    Size { positions, edges, bound: Bound::Exact }
}

/// Builds the graph; sizes within the budget.
pub fn build(heaps: &[u64]) -> GameGraph {
    let radices: Vec<u64> = heaps.iter().map(|&h| h + 1).collect();
    let size = estimate(heaps);
    // Stride of heap i = product of the radices after it.
    let mut strides = vec![1u64; heaps.len()];
    for i in (0..heaps.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * radices[i + 1];
    }
    let mut digits = vec![0u64; heaps.len()];
    let mut csr = CsrBuilder::with_capacity(size.positions as usize, size.edges as usize);
    for id in 0..size.positions as u64 {
        for (i, &d) in digits.iter().enumerate() {
            for take in 1..=d {
                csr.targets.push((id - take * strides[i]) as u32);
            }
        }
        csr.end_position();
        // Odometer increment of the digits, last heap fastest.
        for i in (0..digits.len()).rev() {
            digits[i] += 1;
            if digits[i] < radices[i] {
                break;
            }
            digits[i] = 0;
        }
    }
    GameGraph::from_csr(csr.offsets, csr.targets, Labels::MixedRadix(radices))
}
