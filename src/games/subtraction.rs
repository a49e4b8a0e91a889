//! Subtraction games (seed 004; seed 000 §6.1).
//!
//! Rules: one heap; a move removes s items for some s in the subtraction set with s ≤ heap.
//! SubtractionNim^k_n of seed 000 is `moves=1,…,k&heap=n−1`.
//! Positions: the heap sizes reachable from the starting heap. Label: the heap size (`13`).
//! Ids: reachable heap sizes in increasing order, so every move goes to a smaller id.

use super::Size;
use crate::graph::{CsrBuilder, GameGraph, Labels};

/// At most heap + 1 positions; each size h has one move per s ≤ h (exact when every size is
/// reachable, as it is whenever 1 is a move).
pub fn estimate(moves: &[u64], heap: u64) -> Size {
    let positions = u128::from(heap) + 1;
    let edges = moves.iter().map(|&s| positions.saturating_sub(u128::from(s))).sum();
    Size { positions, edges, exact: moves.first() == Some(&1) }
}

/// Builds the graph; `moves` sorted ascending, `heap` within the budget.
pub fn build(moves: &[u64], heap: u64) -> GameGraph {
    let top = heap as usize;
    // Mark the reachable sizes from the top down: a size is reachable if a reachable larger
    // size subtracts to it.
    let mut reachable = vec![false; top + 1];
    reachable[top] = true;
    for h in (0..=top).rev() {
        if reachable[h] {
            for &s in moves.iter().take_while(|&&s| s <= h as u64) {
                reachable[h - s as usize] = true;
            }
        }
    }
    if reachable.iter().all(|&r| r) {
        // The common case (e.g. 1 is a move): ids are the heap sizes themselves.
        let mut csr = CsrBuilder::with_capacity(top + 1, (top + 1) * moves.len());
        for h in 0..=top as u64 {
            csr.targets.extend(moves.iter().take_while(|&&s| s <= h).map(|&s| (h - s) as u32));
            csr.end_position();
        }
        return GameGraph::from_csr(csr.offsets, csr.targets, Labels::MixedRadix(vec![top as u64 + 1]));
    }
    let mut id_of = vec![u32::MAX; top + 1];
    let mut heaps = Vec::new();
    for (h, _) in reachable.iter().enumerate().filter(|(_, &r)| r) {
        id_of[h] = heaps.len() as u32;
        heaps.push(h as u64);
    }
    let mut csr = CsrBuilder::with_capacity(heaps.len(), heaps.len() * moves.len());
    for &h in &heaps {
        for &s in moves.iter().take_while(|&&s| s <= h) {
            csr.targets.push(id_of[(h - s) as usize]);
        }
        csr.end_position();
    }
    GameGraph::from_csr(csr.offsets, csr.targets, Labels::Heaps(heaps))
}
