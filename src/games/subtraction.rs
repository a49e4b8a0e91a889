//! Subtraction games (the SG notes; Benford & Lehre §6.1).
//!
//! Rules: one heap; a move removes s items for some s in the subtraction set with s ≤ heap.
//! SubtractionNim^k_n of Benford & Lehre is `moves=1,…,k&heap=n−1`.
//! Positions: the heap sizes reachable from the starting heap. Label: the heap size (`13`).
//! Ids: reachable heap sizes in increasing order, so every move goes to a smaller id.
//!
//! Every reachable size is congruent to the heap modulo g = gcd(moves), so the game is built
//! on the scaled heap ⌊heap/g⌋ with moves s/g. When the smallest scaled move is 1 every scaled
//! size is reachable. Otherwise the reachable sizes are top − x for x in the numerical
//! semigroup S the moves generate, and S is known from its Apéry set: with m the smallest
//! move, the least w_r ∈ S in each residue class r mod m, for then S ∩ (r + mℕ) = w_r + mℕ.
//! A shortest-path search over the residues finds the w_r, and each class's positions and
//! moves are counted in closed form; the search stops once past the budget, so its cost
//! follows the budget, never the heap or the number of moves.

use std::fmt;

use super::family::{family_info, FamilyInfo, Game, Keys, PositionView};
use crate::budget::{check_size, Limits};
use crate::codec::{join_u64, number, MixedRadix};
use crate::combinatorics::U64Map;
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph, Labeling};
use crate::numbers::{parse_list, parse_number};
use crate::size::{Bound, Size};
use crate::sizing::heap_rule::{HeapRule, HeapSum, Leave, Recurrence};

const MOVES: &str = "a comma-separated list of whole numbers, each at least 1, e.g. 1,3,4";
const HEAP: &str = "a whole number, at least 0";

/// A subtraction game. Invariant: `moves` sorted ascending, distinct, all ≥ 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtraction {
    /// The subtraction set: the amounts a move may take, ascending, distinct, each ≥ 1.
    pub moves: Vec<u64>,
    /// The starting heap.
    pub heap: u64,
}

impl Subtraction {
    /// SubtractionNim^k_n of Benford & Lehre §6.1: the moves are exactly 1..k.
    pub fn is_subtraction_nim(&self) -> bool {
        self.moves.iter().enumerate().all(|(i, &s)| s == i as u64 + 1)
    }
}

impl Game for Subtraction {
    const INFO: FamilyInfo = family_info!(
        "subtraction",
        "Subtraction game",
        [("moves", "Moves (amounts to take)", "1,2", MOVES, None), ("heap", "Heap", "7", HEAP, None)]
    );

    fn parse(keys: &Keys) -> Result<Subtraction, InputError> {
        let mut moves = parse_list("moves", keys.need("moves")?, 1, u64::MAX, MOVES)?;
        moves.sort_unstable();
        moves.dedup();
        let heap = parse_number("heap", keys.need("heap")?, 0, u64::MAX, HEAP)?;
        Ok(Subtraction { moves, heap })
    }

    fn write_keys(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "&moves={}&heap={}", join_u64(&self.moves), self.heap)
    }

    fn estimate(&self, limits: &Limits) -> Result<Size, InputError> {
        Ok(estimate(&self.moves, self.heap, limits))
    }

    fn build(&self, limits: &Limits) -> Result<GameGraph, InputError> {
        build(&self.moves, self.heap, limits)
    }

    fn view(&self, graph: &GameGraph, v: usize) -> PositionView {
        PositionView::Heap { heap: number(&graph.label(v)).unwrap_or(0), moves: self.moves.clone() }
    }

    fn rules(&self) -> String {
        format!(
            "Take {} counters from the heap.",
            crate::games::family::or_list(&self.moves.iter().map(u64::to_string).collect::<Vec<_>>())
        )
    }

    fn heap_sum(&self) -> Option<HeapSum<'_>> {
        Some(HeapSum { heaps: std::slice::from_ref(&self.heap), key: "heap", rule: self, unit: "heap" })
    }

    /// The amount taken ("subtract 1 or 2", Benford & Lehre §1).
    fn move_names(&self, graph: &GameGraph, v: usize) -> Option<(Vec<u64>, &'static str)> {
        let heap = |u: usize| number(&graph.label(u)).unwrap_or(0);
        let names = graph.moves(v).iter().map(|&w| heap(v).saturating_sub(heap(w as usize))).collect();
        Some((names, "the amount taken"))
    }

    fn switchable_in_one(&self) -> bool {
        self.is_subtraction_nim()
    }
}

/// A move takes s ≤ n for s in the subtraction set.
impl HeapRule for Subtraction {
    fn leaves(&self, n: u64, visit: &mut dyn FnMut(Leave) -> bool) -> bool {
        self.moves
            .iter()
            .take_while(|&&s| s <= n)
            .all(|&s| visit(if s == n { Leave::Nothing } else { Leave::One(n - s) }))
    }

    fn recurrence(&self) -> Recurrence<'_> {
        Recurrence::Subtraction(&self.moves)
    }
}

/// Labels: the heap size of each id. Invariant: strictly increasing (so a label is found by
/// binary search).
#[derive(Debug, Clone)]
struct Heaps(Vec<u64>);

impl Labeling for Heaps {
    fn label(&self, v: usize) -> String {
        self.0[v].to_string()
    }

    fn find(&self, label: &str) -> Option<u64> {
        self.0.binary_search(&number(label)?).ok().map(|v| v as u64)
    }
}

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
    /// The scaled moves s/g with s ≤ heap (larger ones are never playable). Invariant: sorted
    /// ascending and distinct, as the spec's moves are.
    moves: Vec<u64>,
}

/// The reachable scaled sizes, or how far the search got before the budget stopped it.
enum Reachable {
    /// The Apéry set (w_r for every residue class holding a reachable size, the sizes being
    /// top − w_r − j·m ≥ 0) and the exact number of positions and moves.
    All { apery: Vec<u64>, positions: u128, edges: u128 },
    /// More positions or moves than the budget: lower bounds on both.
    Over(Size),
}

/// The least x ∈ S known per residue mod m, stored as x + 1 (0 = none yet): an array when m
/// is within the budget's positions, else a map holding only the residues reached (each holds
/// a distinct reachable size, so at most the budget's positions of them).
enum Least {
    Array(Vec<u64>),
    Map(U64Map<u64>),
}

impl Least {
    fn get(&self, r: u64) -> Option<u64> {
        let stored = match self {
            Least::Array(least) => least[r as usize],
            Least::Map(least) => least.get(&r).copied().unwrap_or(0),
        };
        stored.checked_sub(1)
    }

    fn set(&mut self, r: u64, x: u64) {
        match self {
            Least::Array(least) => least[r as usize] = x + 1,
            Least::Map(least) => {
                least.insert(r, x + 1);
            }
        }
    }
}

impl Scaled {
    fn new(moves: &[u64], heap: u64) -> Scaled {
        let g = moves.iter().fold(0, |acc, &s| gcd(acc, s)).max(1);
        let top = heap / g;
        let playable = moves.partition_point(|&s| s <= heap);
        Scaled { g, rest: heap % g, top, moves: moves[..playable].iter().map(|&s| s / g).collect() }
    }

    fn all_reachable(&self) -> bool {
        self.moves.first() == Some(&1)
    }

    /// The number of moves from scaled size h: one per scaled move s ≤ h.
    fn degree(&self, h: u64) -> u64 {
        self.moves.partition_point(|&s| s <= h) as u64
    }

    /// The Apéry set of S with respect to the smallest move m, by Dijkstra's algorithm over
    /// the residues mod m (x → x + s for each move s, while x + s ≤ top), stopping as soon as
    /// the positions or moves counted pass the budget.
    ///
    /// Settling w_r counts its class's positions top − w_r − j·m and their moves,
    /// Σ_{s ≤ top−w_r} (⌊(top − w_r − s)/m⌋ + 1), in the loop over the moves that relaxes its
    /// neighbours; so the work is at most the moves counted (≤ `max_edges` + Δ). Every value
    /// pushed is a distinct reachable size, so the heap and the map hold at most
    /// `max_positions` + 1. First, the top's children top − s (distinct positions) and their
    /// moves refuse a long list of moves in one binary search per move.
    fn reachable(&self, limits: &Limits) -> Reachable {
        let (max_positions, max_edges) = (u128::from(limits.max_positions), u128::from(limits.max_edges));
        let Some(&m) = self.moves.first() else {
            return Reachable::All { apery: vec![0], positions: 1, edges: 0 };
        };
        let top_degree = self.moves.len() as u128;
        let mut edges = top_degree;
        for &s in &self.moves {
            edges += u128::from(self.degree(self.top - s));
            if edges > max_edges {
                return Reachable::Over(Size { positions: top_degree + 1, edges, bound: Bound::AtLeast });
            }
        }
        let mut least = if m <= limits.max_positions {
            Least::Array(vec![0; m as usize])
        } else {
            Least::Map(U64Map::default())
        };
        let mut queue = std::collections::BinaryHeap::new();
        least.set(0, 0);
        queue.push(std::cmp::Reverse(0u64));
        let (mut positions, mut edges, mut pushed) = (0u128, 0u128, 1u128);
        let mut apery = Vec::new();
        while let Some(std::cmp::Reverse(x)) = queue.pop() {
            if least.get(x % m) != Some(x) {
                continue; // superseded by a smaller x in its class
            }
            apery.push(x);
            let room = self.top - x;
            positions += u128::from(room / m) + 1;
            for &s in self.moves.iter().take_while(|&&s| s <= room) {
                edges += u128::from((room - s) / m) + 1;
                let y = x + s;
                if least.get(y % m).is_none_or(|known| y < known) {
                    least.set(y % m, y);
                    queue.push(std::cmp::Reverse(y));
                    pushed += 1;
                }
            }
            if positions.max(pushed) > max_positions || edges > max_edges {
                let positions = positions.max(pushed);
                return Reachable::Over(Size { positions, edges, bound: Bound::AtLeast });
            }
        }
        Reachable::All { apery, positions, edges }
    }
}

/// ⌊heap/g⌋ + 1 positions when every scaled size is reachable, with one move per scaled
/// s ≤ size; otherwise the reachable sizes are counted by a search bounded by `limits`, and
/// past them the size is a lower bound that exceeds them.
pub fn estimate(moves: &[u64], heap: u64, limits: &Limits) -> Size {
    let game = Scaled::new(moves, heap);
    if game.all_reachable() {
        let positions = u128::from(game.top) + 1;
        let edges = game.moves.iter().map(|&s| positions - u128::from(s)).sum();
        return Size { positions, edges, bound: Bound::Exact };
    }
    match game.reachable(limits) {
        Reachable::All { positions, edges, .. } => Size { positions, edges, bound: Bound::Exact },
        Reachable::Over(size) => size,
    }
}

/// Builds the graph; `moves` sorted ascending. An instance above `limits` is refused (the
/// same bounded search as [`estimate`]), before the graph is allocated.
pub fn build(moves: &[u64], heap: u64, limits: &Limits) -> Result<GameGraph, InputError> {
    let game = Scaled::new(moves, heap);
    let mut csr;
    if game.all_reachable() {
        // Ids are the scaled sizes themselves.
        let size = estimate(moves, heap, limits);
        check_size("subtraction", size, limits)?;
        let n = game.top as usize + 1;
        csr = CsrBuilder::with_capacity(n, size.edges as usize);
        for h in 0..=game.top {
            csr.targets.extend(game.moves.iter().take_while(|&&s| s <= h).map(|&s| (h - s) as u32));
            csr.end_position();
        }
        if game.g == 1 {
            return Ok(GameGraph::from_csr(csr.offsets, csr.targets, MixedRadix(vec![game.top + 1])));
        }
        let heaps = (0..=game.top).map(|h| game.rest + game.g * h).collect();
        return Ok(GameGraph::from_csr(csr.offsets, csr.targets, Heaps(heaps)));
    }
    let (apery, edges) = match game.reachable(limits) {
        Reachable::All { apery, edges, .. } => (apery, edges),
        Reachable::Over(size) => {
            // Over is past a limit, so check_size refuses it; the fallback only keeps this total.
            check_size("subtraction", size, limits)?;
            return Err(InputError::TooLarge {
                family: "subtraction",
                what: "positions",
                size: size.positions,
                bound: Bound::AtLeast,
                budget: limits.max_positions,
            });
        }
    };
    // The reachable sizes: top − w − j·m for each class's w, ascending.
    // With no playable move, the top alone.
    let m = game.moves.first().copied().unwrap_or(u64::MAX);
    let mut sizes: Vec<u64> =
        apery.iter().flat_map(|&w| (0..=(game.top - w) / m).map(move |j| game.top - w - j * m)).collect();
    sizes.sort_unstable();
    let id_of: U64Map<u32> = sizes.iter().enumerate().map(|(i, &h)| (h, i as u32)).collect();
    csr = CsrBuilder::with_capacity(sizes.len(), edges as usize);
    for &h in &sizes {
        csr.targets.extend(game.moves.iter().take_while(|&&s| s <= h).map(|&s| id_of[&(h - s)]));
        csr.end_position();
    }
    let heaps = sizes.into_iter().map(|h| game.rest + game.g * h).collect();
    Ok(GameGraph::from_csr(csr.offsets, csr.targets, Heaps(heaps)))
}
