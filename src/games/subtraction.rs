//! Subtraction games (seed 004; seed 000 §6.1).
//!
//! Rules: one heap; a move removes s items for some s in the subtraction set with s ≤ heap.
//! SubtractionNim^k_n of seed 000 is `moves=1,…,k&heap=n−1`.
//! Positions: the heap sizes reachable from the starting heap. Label: the heap size (`13`).
//! Ids: reachable heap sizes in increasing order, so every move goes to a smaller id.
//!
//! Every reachable size is congruent to the heap modulo g = gcd(moves), so the game is built
//! on the scaled heap ⌊heap/g⌋ with moves s/g. When the smallest scaled move is 1 every scaled
//! size is reachable; otherwise the reachable sizes are found by a search from the top, so
//! memory follows the reachable sizes and never the heap.

use super::{Bound, Size, U64Map};
use crate::graph::{CsrBuilder, GameGraph, Labels};

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The scaled game: g, heap mod g, the scaled heap ⌊heap/g⌋ and the scaled moves.
struct Scaled {
    g: u64,
    rest: u64,
    top: u64,
    moves: Vec<u64>,
}

impl Scaled {
    fn new(moves: &[u64], heap: u64) -> Scaled {
        let g = moves.iter().fold(0, |acc, &s| gcd(acc, s)).max(1);
        Scaled { g, rest: heap % g, top: heap / g, moves: moves.iter().map(|&s| s / g).collect() }
    }

    fn all_reachable(&self) -> bool {
        self.moves.first() == Some(&1)
    }

    /// The reachable scaled sizes, ascending, or None past `cap` of them.
    fn reachable(&self, cap: u64) -> Option<Vec<u64>> {
        let mut seen: U64Map<()> = U64Map::default();
        seen.insert(self.top, ());
        let mut stack = vec![self.top];
        while let Some(h) = stack.pop() {
            for &s in self.moves.iter().take_while(|&&s| s <= h) {
                if seen.insert(h - s, ()).is_none() {
                    if seen.len() as u64 > cap {
                        return None;
                    }
                    stack.push(h - s);
                }
            }
        }
        let mut sizes: Vec<u64> = seen.into_keys().collect();
        sizes.sort_unstable();
        Some(sizes)
    }
}

/// Moves from the scaled sizes `sizes`: one per scaled move s ≤ size.
fn move_count(moves: &[u64], sizes: impl Iterator<Item = u64>) -> u128 {
    sizes.map(|h| moves.iter().take_while(|&&s| s <= h).count() as u128).sum()
}

/// ⌊heap/g⌋ + 1 positions when every scaled size is reachable, with one move per scaled
/// s ≤ size; otherwise the reachable sizes are counted, stopping past `cap`.
pub fn estimate(moves: &[u64], heap: u64, cap: u64) -> Size {
    let game = Scaled::new(moves, heap);
    if game.all_reachable() {
        let positions = u128::from(game.top) + 1;
        let edges = game.moves.iter().map(|&s| positions.saturating_sub(u128::from(s))).sum();
        return Size { positions, edges, bound: Bound::Exact };
    }
    match game.reachable(cap) {
        Some(sizes) => Size {
            positions: sizes.len() as u128,
            edges: move_count(&game.moves, sizes.into_iter()),
            bound: Bound::Exact,
        },
        None => Size { positions: u128::from(cap) + 1, edges: 0, bound: Bound::AtLeast },
    }
}

/// Builds the graph; `moves` sorted ascending, the instance within the budget.
pub fn build(moves: &[u64], heap: u64) -> GameGraph {
    let game = Scaled::new(moves, heap);
    let mut csr;
    if game.all_reachable() {
        // Ids are the scaled sizes themselves.
        let n = game.top as usize + 1;
        csr = CsrBuilder::with_capacity(n, n * moves.len());
        for h in 0..=game.top {
            csr.targets.extend(game.moves.iter().take_while(|&&s| s <= h).map(|&s| (h - s) as u32));
            csr.end_position();
        }
        if game.g == 1 {
            return GameGraph::from_csr(csr.offsets, csr.targets, Labels::MixedRadix(vec![game.top + 1]));
        }
        let heaps = (0..=game.top).map(|h| game.rest + game.g * h).collect();
        return GameGraph::from_csr(csr.offsets, csr.targets, Labels::Heaps(heaps));
    }
    let sizes = game.reachable(u64::MAX).unwrap_or_default();
    let id_of: U64Map<u32> = sizes.iter().enumerate().map(|(i, &h)| (h, i as u32)).collect();
    csr = CsrBuilder::with_capacity(sizes.len(), sizes.len() * moves.len());
    for &h in &sizes {
        csr.targets.extend(game.moves.iter().take_while(|&&s| s <= h).map(|&s| id_of[&(h - s)]));
        csr.end_position();
    }
    let heaps = sizes.into_iter().map(|h| game.rest + game.g * h).collect();
    GameGraph::from_csr(csr.offsets, csr.targets, Labels::Heaps(heaps))
}
