//! A game given as positions: where it starts, the positions one move leads to, and how a
//! position is written and read back (as `moves() -> Vec<Self>` in cgt-tools' `Impartial`
//! trait). A family that says this much in a few dozen lines gets its size counted, its budget
//! checked and its graph built here.
//!
//! [`build`] walks the positions depth first, with a hash table of those met, and numbers each
//! position when it is finished, that is after every position its moves lead to (post-order).
//! So every move goes to a smaller id and the start, finished last, has the largest: the reverse
//! topological ids [`GameGraph`] requires. Positions and moves are counted as the walk goes, and
//! the walk stops as soon as either passes the budget, so a refused instance costs at most the
//! budget's worth of walking and no graph is allocated for it. [`count`] is the same walk
//! without the graph, for [`crate::games::Game::estimate`]; a family with a closed form for its
//! size gives that instead (Moore's Nim), and [`build`] still checks as it walks.
//!
//! The game must be acyclic (every move makes progress); a position met again while it is
//! still being expanded is refused ([`InputError::Cycle`]), never numbered wrongly.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::budget::Limits;
use crate::combinatorics::splitmix64;
use crate::error::InputError;
use crate::game_graph::{GameGraph, Labeling};
use crate::size::{Bound, Size};

/// A game as positions. Implemented by a family's instance (its validated parameters).
pub trait Positions: fmt::Debug + Clone + Send + Sync + 'static {
    /// One position: small and cheap to hash (a bitmask, a few numbers).
    type Position: Clone + Eq + Hash + Ord + fmt::Debug + Send + Sync + 'static;

    /// The starting position.
    fn start(&self) -> Self::Position;

    /// The positions one move leads to, in the order the game lists its moves. A position
    /// listed twice is kept once (where it first appears).
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// True when [`Positions::moves`] never lists a position twice, so the walk need not look
    /// for repeats (a debug build still checks).
    const DISTINCT_MOVES: bool = false;

    /// The position's label, in the family's canonical notation.
    fn label(&self, position: &Self::Position) -> String;

    /// The position a label names: the inverse of [`Positions::label`] on every position the
    /// walk meets (only the canonical spelling matches). It may name a position the start does
    /// not reach; the graph then finds nothing.
    fn parse_label(&self, label: &str) -> Option<Self::Position>;
}

/// A Fx-style hasher (multiply and rotate per word, SplitMix64 at the end): positions are a
/// family's own values, not attacker-chosen, and SipHash would dominate a walk's cost.
#[derive(Default)]
struct WalkHasher(u64);

impl Hasher for WalkHasher {
    fn finish(&self) -> u64 {
        splitmix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

type Build = BuildHasherDefault<WalkHasher>;

/// The refusal of an instance whose walk passed the budget: `count` positions (or moves) met,
/// which is more than the budget, so the true size is at least that.
fn too_large(family: &'static str, what: &'static str, count: u64, budget: u64) -> InputError {
    InputError::TooLarge { family, what, size: u128::from(count), bound: Bound::AtLeast, budget }
}

/// The moves of `position` without repeats, the first of each kept (rows of a game graph list a
/// move once).
fn distinct<G: Positions>(game: &G, position: &G::Position) -> Vec<G::Position> {
    let mut moves = game.moves(position);
    if G::DISTINCT_MOVES && !cfg!(debug_assertions) {
        return moves;
    }
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    if sorted.windows(2).all(|w| w[0] != w[1]) {
        return moves;
    }
    debug_assert!(!G::DISTINCT_MOVES, "{game:?} lists a move twice from {position:?}");
    let mut seen = std::collections::BTreeSet::new();
    moves.retain(|m| seen.insert(m.clone()));
    moves
}

/// [`count`] after a quick refusal: a game of at least `at_least` positions (a lower bound the
/// family counts without a walk) above the budget is refused at once, with at least as many
/// moves less one (every position but the start is reached by a move).
pub fn count_above<G: Positions>(game: &G, at_least: u128, limits: &Limits) -> Result<Size, InputError> {
    if at_least > u128::from(limits.max_positions) {
        return Ok(Size { positions: at_least, edges: at_least - 1, bound: Bound::AtLeast });
    }
    count(game, limits)
}

/// The size of the game: every position the start reaches and their moves, counted by a walk
/// that stores the positions met but no graph. Exact within `limits`; past them the walk stops
/// at once and the size is a lower bound above the budget ([`Bound::AtLeast`]), which
/// [`crate::budget::check_size`] refuses.
pub fn count<G: Positions>(game: &G, limits: &Limits) -> Result<Size, InputError> {
    let start = game.start();
    let mut seen: HashSet<G::Position, Build> = HashSet::default();
    seen.insert(start.clone());
    let mut stack = vec![start];
    let mut edges = 0u64;
    while let Some(position) = stack.pop() {
        let moves = distinct(game, &position);
        edges += moves.len() as u64;
        if edges > limits.max_edges {
            return Ok(Size {
                positions: seen.len() as u128,
                edges: u128::from(edges),
                bound: Bound::AtLeast,
            });
        }
        for next in moves {
            if seen.insert(next.clone()) {
                if seen.len() as u64 > limits.max_positions {
                    return Ok(Size {
                        positions: seen.len() as u128,
                        edges: u128::from(edges),
                        bound: Bound::AtLeast,
                    });
                }
                stack.push(next);
            }
        }
    }
    Ok(Size { positions: seen.len() as u128, edges: u128::from(edges), bound: Bound::Exact })
}

/// Marks a position met and not yet finished in [`build`]'s table (ids are below the budget,
/// which [`crate::games::build`] caps under `u32::MAX`).
const OPEN: u32 = u32::MAX;

/// One position being expanded: its moves and the next one to follow.
struct Frame<P> {
    position: P,
    moves: Vec<P>,
    next: usize,
}

/// Builds the graph of every position the start reaches, ids in post-order (reverse
/// topological, the start last), refusing the instance as soon as its positions or moves pass
/// `limits` (the error names `family`). Each row lists its moves in the game's order.
pub fn build<G: Positions>(game: &G, family: &'static str, limits: &Limits) -> Result<GameGraph, InputError> {
    let start = game.start();
    let mut ids: HashMap<G::Position, u32, Build> = HashMap::default();
    ids.insert(start.clone(), OPEN);
    let mut stack = vec![Frame { moves: distinct(game, &start), position: start, next: 0 }];
    let mut positions: Vec<G::Position> = Vec::new();
    let mut offsets = vec![0u32];
    let mut targets: Vec<u32> = Vec::new();
    while let Some(top) = stack.last_mut() {
        if let Some(next) = top.moves.get(top.next) {
            top.next += 1;
            match ids.get(next) {
                Some(&OPEN) => return Err(InputError::Cycle { family, position: game.label(next) }),
                Some(_) => {}
                None => {
                    let next = next.clone();
                    ids.insert(next.clone(), OPEN);
                    if ids.len() as u64 > limits.max_positions {
                        return Err(too_large(family, "positions", ids.len() as u64, limits.max_positions));
                    }
                    stack.push(Frame { moves: distinct(game, &next), position: next, next: 0 });
                }
            }
            continue;
        }
        // Every move of the top position is finished: it gets the next id.
        let Some(frame) = stack.pop() else { break };
        targets.extend(frame.moves.iter().map(|m| ids[m]));
        if targets.len() as u64 > limits.max_edges {
            return Err(too_large(family, "moves", targets.len() as u64, limits.max_edges));
        }
        offsets.push(targets.len() as u32);
        ids.insert(frame.position.clone(), positions.len() as u32);
        positions.push(frame.position);
    }
    drop(ids);
    // The positions by label order, for finding a label by binary search (4 bytes a position
    // rather than a second hash table).
    let mut sorted: Vec<u32> = (0..positions.len() as u32).collect();
    sorted.sort_unstable_by(|&a, &b| positions[a as usize].cmp(&positions[b as usize]));
    let labels = WalkLabels { game: game.clone(), positions, sorted };
    Ok(GameGraph::from_csr(offsets, targets, labels))
}

/// The labels of a walked graph: each id's position, written by the game on demand.
struct WalkLabels<G: Positions> {
    game: G,
    /// Each id's position.
    positions: Vec<G::Position>,
    /// The ids ordered by their positions.
    sorted: Vec<u32>,
}

impl<G: Positions> fmt::Debug for WalkLabels<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WalkLabels({:?}, {} positions)", self.game, self.positions.len())
    }
}

impl<G: Positions> Labeling for WalkLabels<G> {
    fn label(&self, v: usize) -> String {
        self.game.label(&self.positions[v])
    }

    fn find(&self, label: &str) -> Option<u64> {
        let position = self.game.parse_label(label)?;
        let at = self.sorted.binary_search_by(|&id| self.positions[id as usize].cmp(&position)).ok()?;
        Some(u64::from(self.sorted[at]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction {1, 2} on one heap, and (with `cycle`) a move from 1 back to 3.
    #[derive(Debug, Clone)]
    struct Toy {
        heap: u32,
        cycle: bool,
    }

    impl Positions for Toy {
        type Position = u32;
        fn start(&self) -> u32 {
            self.heap
        }
        fn moves(&self, &n: &u32) -> Vec<u32> {
            let mut moves: Vec<u32> = [1, 2, 1].iter().filter(|&&t| t <= n).map(|t| n - t).collect();
            if self.cycle && n == 1 {
                moves.push(3);
            }
            moves
        }
        fn label(&self, n: &u32) -> String {
            n.to_string()
        }
        fn parse_label(&self, label: &str) -> Option<u32> {
            crate::codec::number(label).and_then(|n| u32::try_from(n).ok())
        }
    }

    #[test]
    fn ids_are_post_order_and_labels_parse_back() {
        let game = Toy { heap: 6, cycle: false };
        let graph = build(&game, "toy", &Limits::DEFAULT).unwrap();
        assert_eq!(graph.len(), 7);
        assert_eq!(graph.label(graph.root()), "6");
        for v in 0..graph.len() {
            assert!(graph.moves(v).iter().all(|&w| (w as usize) < v));
            assert_eq!(graph.find(&graph.label(v)), Some(v));
            let n: u32 = graph.label(v).parse().unwrap();
            // The repeated "take 1" is listed once, in the game's order.
            let expected: Vec<String> =
                [1, 2].iter().filter(|&&t| t <= n).map(|t| (n - t).to_string()).collect();
            let got: Vec<String> = graph.moves(v).iter().map(|&w| graph.label(w as usize)).collect();
            assert_eq!(got, expected);
        }
        assert_eq!(graph.find("7"), None);
        assert_eq!(graph.find("06"), None);
        let size = count(&game, &Limits::DEFAULT).unwrap();
        assert_eq!(size, Size { positions: 7, edges: graph.edge_count() as u128, bound: Bound::Exact });
    }

    #[test]
    fn the_walk_stops_at_the_budget() {
        let game = Toy { heap: 1000, cycle: false };
        let tight = Limits { max_positions: 100, max_edges: 10_000 };
        let err = build(&game, "toy", &tight).unwrap_err().to_string();
        assert_eq!(err, "This toy game has more than 100 positions, above the budget of 100 positions; choose a smaller instance.");
        let size = count(&game, &tight).unwrap();
        assert_eq!((size.positions, size.bound), (101, Bound::AtLeast));
        let few_moves = Limits { max_positions: 10_000, max_edges: 50 };
        assert!(build(&game, "toy", &few_moves).unwrap_err().to_string().contains("more than 50 moves"));
        assert_eq!(count(&game, &few_moves).unwrap().bound, Bound::AtLeast);
    }

    #[test]
    fn a_cycle_is_refused_not_numbered() {
        let err = build(&Toy { heap: 5, cycle: true }, "toy", &Limits::DEFAULT).unwrap_err();
        assert!(matches!(err, InputError::Cycle { .. }), "{err}");
    }
}
