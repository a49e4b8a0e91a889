//! Subtraction games (seed 004; seed 000 §6.1).
//!
//! Rules: one heap; a move removes s items for some s in the subtraction set with s ≤ heap.
//! SubtractionNim^k_n of seed 000 is `moves=1,…,k&heap=n−1`.
//! Positions: the heap sizes reachable from the starting heap. Label: the heap size (`13`).
//! Ids: reachable heap sizes in increasing order, so every move goes to a smaller id.
//!
//! Every reachable size is congruent to the heap modulo g = gcd(moves), so the game is built
//! on the scaled heap ⌊heap/g⌋ with moves s/g: memory follows the reachable sizes, not the heap.

use super::{Bound, Size};
use crate::graph::{CsrBuilder, GameGraph, Labels};

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The scaled game: (g, heap mod g, ⌊heap/g⌋, moves/g).
fn scaled(moves: &[u64], heap: u64) -> (u64, u64, u64, Vec<u64>) {
    let g = moves.iter().fold(0, |acc, &s| gcd(acc, s)).max(1);
    (g, heap % g, heap / g, moves.iter().map(|&s| s / g).collect())
}

/// At most ⌊heap/g⌋ + 1 positions; scaled size h has one move per scaled s ≤ h. Exact when
/// every scaled size is reachable, as it is whenever the smallest move is g.
pub fn estimate(moves: &[u64], heap: u64) -> Size {
    let (_, _, top, scaled_moves) = scaled(moves, heap);
    let positions = u128::from(top) + 1;
    let edges = scaled_moves.iter().map(|&s| positions.saturating_sub(u128::from(s))).sum();
    let bound = if scaled_moves.first() == Some(&1) { Bound::Exact } else { Bound::AtMost };
    Size { positions, edges, bound }
}

/// Builds the graph; `moves` sorted ascending, the instance within the budget.
pub fn build(moves: &[u64], heap: u64) -> GameGraph {
    let (g, rest, top, moves) = scaled(moves, heap);
    let top = top as usize;
    // Mark the reachable scaled sizes from the top down: a size is reachable if a reachable
    // larger size subtracts to it.
    let mut reachable = vec![false; top + 1];
    reachable[top] = true;
    for h in (0..=top).rev() {
        if reachable[h] {
            for &s in moves.iter().take_while(|&&s| s <= h as u64) {
                reachable[h - s as usize] = true;
            }
        }
    }
    if g == 1 && reachable.iter().all(|&r| r) {
        // The common case (e.g. 1 is a move): ids are the heap sizes themselves.
        let mut csr = CsrBuilder::with_capacity(top + 1, (top + 1) * moves.len());
        for h in 0..=top as u64 {
            csr.targets.extend(moves.iter().take_while(|&&s| s <= h).map(|&s| (h - s) as u32));
            csr.end_position();
        }
        return GameGraph::from_csr(csr.offsets, csr.targets, Labels::MixedRadix(vec![top as u64 + 1]));
    }
    let mut id_of = vec![u32::MAX; top + 1];
    let mut sizes = Vec::new();
    for (h, _) in reachable.iter().enumerate().filter(|(_, &r)| r) {
        id_of[h] = sizes.len() as u32;
        sizes.push(h as u64);
    }
    let mut csr = CsrBuilder::with_capacity(sizes.len(), sizes.len() * moves.len());
    for &h in &sizes {
        for &s in moves.iter().take_while(|&&s| s <= h) {
            csr.targets.push(id_of[(h - s) as usize]);
        }
        csr.end_position();
    }
    let heaps = sizes.into_iter().map(|h| rest + g * h).collect();
    GameGraph::from_csr(csr.offsets, csr.targets, Labels::Heaps(heaps))
}
