//! Heap games: a position is a multiset of heaps and a move replaces one heap by what a
//! [`HeapRule`] says it may leave (Winning Ways ch. 4, "Taking and Breaking"). Octal games,
//! Grundy's game and Lasker's Nim are heap rules; this file builds any of them.
//!
//! A rule states its moves once ([`HeapRule::leaves`]); the size count, the builder and the
//! plain Grundy recurrence all read that one statement.
//!
//! Positions: the multisets reachable from the starting heaps. Label: the non-empty heaps in
//! non-increasing order, `5,3,3`; the position with no heaps is `0`. Ids: by the number of
//! counters left, then by label. Every heap a move leaves is smaller than the heap it came from
//! and together they hold no more counters, so a move either removes counters or (a pure split)
//! keeps them and makes the non-increasing list lexicographically smaller: ids are reverse
//! topological and the start is the largest id.
//!
//! **Sizing without storing positions.** A position is named by the sum of one mix per heap,
//! so a move changes the name in O(1) and no position is copied per move. The count walks the
//! positions depth first, applying and undoing moves on one list of heaps, and keeps only the
//! names seen and the moves still to try; it stops as soon as the moves or the positions pass
//! the budget. Moves from distinct heaps reach distinct positions (each heap left is smaller
//! than the heap moved, so the moved heap can be read back from the result), so a rule that
//! lists each leave once gives the moves without a deduplication.
//!
//! **Why the walk is built as it is.** A game just past the budget that neither a formula nor
//! [`heap_packing`](super::heap_packing)'s programmes (heaps splitting by one of the rule's
//! [`FreeSplit`] parts) bound is refused only after the budget's worth of walking, so the
//! walk's cost per move is the refusal's cost, and a refusal should come within a second.
//! Natively, rules whose every move removes a counter are counted instead layer by layer
//! (the private `heap_layers`: the same numbers, in about two fifths of the time); the
//! walk counts the others (Grundy's game, Lasker's Nim), the page's games, and builds.
//! Measured on the project's 2-core machine, a general hash set of 128-bit names spent most of
//! 2–3 s of CPU in its look-ups (40,000,000 moves, one look-up each). The walk now (1) looks up
//! fewer moves: only paths whose moved heaps never grow are followed (see `walk`), a third of
//! the moves for 0.562 and 0.14, three fifths for Grundy's game and 0.77;
//! (2) names positions by 64 bits in the count, in a table of cache-line buckets whose lines a
//! batch of moves asks for before reading any (`NameTable`); and (3) lists each heap's moves
//! and their names once, so a move is one addition. Two distinct positions of a count of n
//! share a 64-bit name with probability below n²/2^65: 5·10^-7 at the budget's 4,000,000, and
//! such a collision can only make the count smaller, never refuse a game that fits; the build
//! names positions by 128 bits (below 2^-64 for 2^32 positions) and checks the budget again as
//! it walks, so no wrong graph is built.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::heap_layers::{Counted, HeapMove};
use super::heap_names::{Name, NameTable, Reached};
use super::heap_packing::{packed_size, packed_two_takes, AtLeast, Part};
use crate::budget::Limits;
use crate::codec::numbers;
use crate::combinatorics::U64Hasher;
use crate::error::InputError;
use crate::game_graph::{CsrBuilder, GameGraph, Labeling};
use crate::size::{Bound, Size};

/// What a move from one heap leaves in its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leave {
    /// The heap is taken whole.
    Nothing,
    /// One non-empty heap.
    One(u64),
    /// Two non-empty heaps, the larger first.
    Two(u64, u64),
}

impl Leave {
    /// Two heaps in either order, the larger first.
    pub fn two(a: u64, b: u64) -> Leave {
        Leave::Two(a.max(b), a.min(b))
    }

    /// The counters left.
    pub fn counters(self) -> u64 {
        match self {
            Leave::Nothing => 0,
            Leave::One(a) => a,
            Leave::Two(a, b) => a + b,
        }
    }
}

/// How a rule's Grundy sequence is computed and how a period of it is proven, when a faster
/// method than the plain recurrence applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recurrence<'a> {
    /// A subtraction game: its moves, ascending (a period is proven by a repeated window).
    Subtraction(&'a [u64]),
    /// An octal game: its digits d_1…d_k (Guy and Smith's periodicity theorem).
    Octal(&'a [u8]),
    /// Grundy's game (a heap split into two unequal heaps): the sparse-space engine of
    /// `analysis::sequence`, as for octal games; no period is known or proven.
    SplitUnequal,
    /// Every option listed from the rule; no period proof.
    Plain,
}

/// A closed form of a rule's Grundy values, from a theorem.
#[derive(Debug, Clone, Copy)]
pub struct Formula {
    /// g(n) for every heap n.
    pub g: fn(u64) -> u64,
    /// Whether g(n) = n (Nim): a position's value is then the nim-sum of its heaps.
    pub identity: bool,
    /// The theorem, for reports: "Winning Ways ch. 4 (Lasker's Nim)".
    pub source: &'static str,
}

/// Which heaps a move from one heap may leave.
///
/// The contract every rule keeps: each heap left is non-empty and smaller than n, the heaps left
/// hold at most n counters together, and each distinct [`Leave`] is listed once.
pub trait HeapRule: std::fmt::Debug + Sync {
    /// Calls `visit` with each leave of a heap of `n`, stopping as soon as it returns false;
    /// returns false when stopped. The one statement of the game's moves.
    fn leaves(&self, n: u64, visit: &mut dyn FnMut(Leave) -> bool) -> bool;

    /// How the sequence is computed (default: the plain recurrence).
    fn recurrence(&self) -> Recurrence<'_> {
        Recurrence::Plain
    }

    /// g(n) in closed form, when a theorem gives it (default: none).
    fn formula(&self) -> Option<Formula> {
        None
    }

    /// Parts of the rule whose reachable positions are counted by a formula
    /// ([`counted_positions`]), a lower bound on the game's size that refuses huge games
    /// before any walk (default: none).
    fn free_splits(&self) -> Vec<FreeSplit> {
        Vec::new()
    }

    /// The fewest counters a move removes leaving one heap, from every heap larger than that
    /// (n → n − r whenever n > r), if the rule has such moves: a heap then passes through the
    /// sizes h, h − r, … on its own, which [`shrinking_heaps_positions`] counts (default: none).
    fn reduction(&self) -> Option<u64> {
        None
    }
}

/// A part of a rule: from every heap h, remove `take` counters and split the rest into any two
/// non-empty heaps (h ≥ take + 2), and, when `reduce` is `Some(r)`, remove r counters and leave
/// one heap (h > r). The positions this part reaches from a heap n are exactly the multisets of
/// k ≥ 1 heaps with t counters where t + take·(k − 1) ≤ n and, with `reduce`, r divides
/// n − take·(k − 1) − t (without it, t = n − take·(k − 1)): each split removes `take`, each
/// reduction r; conversely, reduce n to t + take·(k − 1) first, then split one heap off at a time.
/// With `reduce_too` it reaches more: the multisets whose n − take·(k − 1) − t is a sum of both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreeSplit {
    /// Counters removed by a split.
    pub take: u64,
    /// Counters removed by a move that leaves one heap, if such moves are part of it (or by
    /// moves in a row that leave one heap of h − r from every h > r: what is reached is the same).
    pub reduce: Option<u64>,
    /// Another such shrink, if the part has one: a heap then shrinks by any sum of the two
    /// before it splits (0.16: take two leaving one heap, or split a heap of one off and remove
    /// it). Counted by [`heap_packing`](super::heap_packing); [`counted_positions`] uses
    /// `reduce` alone, which reaches less.
    pub reduce_too: Option<u64>,
}

/// The largest heap [`counted_positions`] counts from: its table is one row of that length.
const MAX_COUNTED_HEAP: u64 = 1 << 16;

/// The number of positions `part` reaches from one heap of `n` (see [`FreeSplit`]), counted by
/// partitions into exactly k parts (p(t, k) = p(t − 1, k − 1) + p(t − k, k)); stops once past
/// `cap` and returns a number above it. 0 for heaps beyond `MAX_COUNTED_HEAP` (2^16).
pub fn counted_positions(part: FreeSplit, n: u64, cap: u64) -> u128 {
    if n == 0 || n > MAX_COUNTED_HEAP {
        return 0;
    }
    let n = n as usize;
    let (take, r) = (part.take as usize, part.reduce.map(|r| r as usize));
    // row[t] = p(t, k) for the current k, saturating.
    let mut row: Vec<u128> = vec![0; n + 1];
    let mut total = 0u128;
    for k in 1..=n {
        // p(t, k) from p(t − 1, k − 1) (the previous row) and p(t − k, k) (this row).
        let mut next = vec![0u128; n + 1];
        for t in k..=n {
            let fewer = if k == 1 { u128::from(t == 1) } else { row[t - 1] };
            next[t] = fewer.saturating_add(next[t - k]).min(u128::from(u64::MAX));
        }
        row = next;
        let Some(room) = take.checked_mul(k - 1).and_then(|used| n.checked_sub(used)) else { break };
        total += match r {
            None => row.get(room).copied().unwrap_or(0),
            Some(r) => (k..=room).filter(|&t| (room - t) % r == 0).map(|t| row[t]).sum::<u128>(),
        };
        if total > u128::from(cap) {
            return total;
        }
        if room < k {
            break;
        }
    }
    total
}

/// The most sizes per heap [`shrinking_heaps_positions`] counts by its dynamic programme.
const SHRINK_SIZES: u64 = 1 << 12;

/// Past this a count is as good as infinite (far above any budget).
const SATURATED: u128 = 1 << 100;

/// A lower bound on the positions the starting `heaps` reach when each moves on its own by
/// `reduction` r ([`HeapRule::reduction`]): heap h through the c = ⌊(h − 1)/r⌋ + 1 sizes h,
/// h − r, … ≥ 1, the others staying. Counted without a walk, saturated at 2^100.
///
/// Heaps alike mod r move on one grid of sizes; with the heaps in non-increasing order, every
/// non-increasing choice of a size for each is a distinct multiset (sorted, it gives the choice
/// back). A dynamic programme over the grid's lowest `SHRINK_SIZES` (2^12) sizes counts these
/// choices; grids of different residues never share a size, so their counts multiply. m equal
/// heaps are also counted in closed form, C(c + m − 1, m) for any c. Six heaps of 60 in octal
/// 0.3 are 82,598,880 positions, and 60, 59, …, 55 are 81,921,840 (the walk took 3.5–4.3 s
/// and 213 MB to refuse either).
pub fn shrinking_heaps_positions(reduction: u64, heaps: &[u64]) -> u128 {
    if reduction == 0 {
        return 0;
    }
    let sizes = |h: u64| (h - 1) / reduction + 1;
    let heaps = root(heaps);
    // m equal heaps: C(c + m − 1, m) as a running product, each step exact.
    let equal = heaps
        .chunk_by(|a, b| a == b)
        .map(|copies| {
            let c = u128::from(sizes(copies[0]));
            (1..=copies.len() as u128)
                .try_fold(1u128, |acc, i| Some(acc.checked_mul(c - 1 + i)? / i).filter(|&n| n < SATURATED))
                .unwrap_or(SATURATED)
        })
        .max()
        .unwrap_or(0);
    let mut residues: Vec<u64> = heaps.iter().map(|h| h % reduction).collect();
    residues.sort_unstable();
    residues.dedup();
    let mut product = 1u128;
    for residue in residues {
        // The grid's sizes indexed from its lowest: heap h covers 0..sizes(h), non-increasing.
        let mut class =
            heaps.iter().filter(|&&h| h % reduction == residue).map(|&h| sizes(h).min(SHRINK_SIZES));
        let first = class.next().expect("a residue of some heap") as usize;
        // ways[x]: the choices for the heaps so far whose last size is x.
        let mut ways = vec![1u128; first];
        for c in class {
            let mut suffix = 0u128;
            for x in (0..ways.len()).rev() {
                suffix = (suffix + ways[x]).min(SATURATED);
                ways[x] = if x < c as usize { suffix } else { 0 };
            }
            ways.truncate(c as usize);
        }
        let count = ways.iter().fold(0u128, |sum, &w| (sum + w).min(SATURATED));
        product = product.saturating_mul(count).min(SATURATED);
    }
    product.max(equal)
}

/// A game of independent heaps under one rule: what sequences, values and nim-sums need to
/// know of a family ([`crate::games::Game::heap_sum`]).
#[derive(Debug, Clone, Copy)]
pub struct HeapSum<'a> {
    /// The starting heaps.
    pub heaps: &'a [u64],
    /// The spec key naming them: `heaps`, or `heap` for a subtraction game.
    pub key: &'static str,
    /// The rule every heap follows.
    pub rule: &'a dyn HeapRule,
    /// What the board calls one heap: "heap", or "row" for rows of pins (octal games). The
    /// nim-sum table and the Grundy strip use the board's word (issue 44: one word for a row).
    pub unit: &'static str,
}

/// The value of what a move leaves, from the values `g` of smaller heaps: 0 for nothing, g(a)
/// for one heap, g(a) ⊕ g(b) for two (the Sprague–Grundy theorem for their sum, Winning Ways
/// ch. 4). Every leave's heaps must be below `g.len()`.
pub fn leave_value(g: &[u32], leave: Leave) -> u32 {
    match leave {
        Leave::Nothing => 0,
        Leave::One(a) => g[a as usize],
        Leave::Two(a, b) => g[a as usize] ^ g[b as usize],
    }
}

/// g(0..=to) by the plain recurrence: the mex of 0 (a heap taken whole), g(a) (one heap left)
/// and g(a) ⊕ g(b) (two heaps left, the Sprague–Grundy theorem for their sum) over the rule's
/// leaves. Quadratic for rules that split; the reference the fast methods are tested against.
pub fn plain_values(rule: &dyn HeapRule, to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(to + 1);
    // stamp[x] == n + 1 marks x as an option of heap n; values stay below 2·(n + 1).
    let mut stamp: Vec<usize> = Vec::new();
    for n in 0..=to {
        {
            let g = &g;
            rule.leaves(n as u64, &mut |leave| {
                let x = leave_value(g, leave) as usize;
                if x >= stamp.len() {
                    stamp.resize((x + 1).next_power_of_two(), 0);
                }
                stamp[x] = n + 1;
                true
            });
        }
        let mex = (0..).find(|&x| stamp.get(x) != Some(&(n + 1))).unwrap_or(0);
        g.push(mex as u32);
    }
    g
}

#[inline]
pub(super) fn leave_name<N: Name>(leave: Leave) -> N {
    match leave {
        Leave::Nothing => N::ZERO,
        Leave::One(a) => N::heap(a),
        Leave::Two(a, b) => N::heap(a).plus(N::heap(b)),
    }
}

fn name_of<N: Name>(heaps: &[u64]) -> N {
    heaps.iter().fold(N::ZERO, |acc, &h| acc.plus(N::heap(h)))
}

type NameMap<V> = HashMap<u128, V, BuildHasherDefault<U64Hasher>>;

/// Removes one `h` from the non-increasing `heaps` and inserts `leave`'s heaps in order. The
/// leave's heaps are smaller than `h`: the first takes `h`'s place and moves right, the second
/// joins at the end and moves left (each step a copy: cheaper than a remove and two inserts).
fn apply(heaps: &mut Vec<u64>, h: u64, leave: Leave) {
    let mut at = heaps.partition_point(|&x| x > h);
    let (a, b) = match leave {
        Leave::Nothing => {
            heaps.remove(at);
            return;
        }
        Leave::One(a) => (a, None),
        Leave::Two(a, b) => (a, Some(b)),
    };
    while at + 1 < heaps.len() && heaps[at + 1] > a {
        heaps[at] = heaps[at + 1];
        at += 1;
    }
    heaps[at] = a;
    if let Some(b) = b {
        heaps.push(b);
        let mut at = heaps.len() - 1;
        while at > 0 && heaps[at - 1] < b {
            heaps[at] = heaps[at - 1];
            at -= 1;
        }
        heaps[at] = b;
    }
}

/// Undoes [`apply`]: removes the leave's heaps and puts back `h`, which takes the place of the
/// first and moves left.
fn undo(heaps: &mut Vec<u64>, h: u64, leave: Leave) {
    let a = match leave {
        Leave::Nothing => {
            let at = heaps.partition_point(|&x| x > h);
            heaps.insert(at, h);
            return;
        }
        Leave::One(a) => a,
        Leave::Two(a, b) => {
            let at = heaps.partition_point(|&y| y > b);
            heaps.remove(at);
            a
        }
    };
    let mut at = heaps.partition_point(|&y| y > a);
    while at > 0 && heaps[at - 1] < h {
        heaps[at] = heaps[at - 1];
        at -= 1;
    }
    heaps[at] = h;
}

/// The start: its non-empty heaps, non-increasing.
pub(super) fn root(start: &[u64]) -> Vec<u64> {
    let mut root: Vec<u64> = start.iter().copied().filter(|&h| h > 0).collect();
    root.sort_unstable();
    root.reverse();
    root
}

/// Heaps below this have their moves listed once ([`HeapMoves`]).
const LISTED_HEAPS: u64 = 1 << 16;

/// The most moves [`HeapMoves`] lists, over all heaps (8 MB of leaves and names).
const LISTED_MOVES: usize = 1 << 18;

/// A heap whose moves [`HeapMoves`] has not listed yet.
const NOT_YET: (u32, u32) = (u32::MAX, 0);

/// A heap whose moves [`HeapMoves`] does not list: more than its lists hold.
const NEVER: (u32, u32) = (u32::MAX, 1);

/// Moves looked up together ([`NameTable::touch`]).
const BATCH: usize = 64;

/// The moves from each heap below [`LISTED_HEAPS`], listed once, up to [`LISTED_MOVES`] in
/// all: what each leaves and its name. A position's moves are then names added to its own,
/// with no call into the rule; heaps not listed (large, or past the total) are asked of the
/// rule each time: they are few before a game passes the budget.
pub(super) struct HeapMoves<N> {
    /// Heap h's moves are `leaves[at[h].0..at[h].1]`, or [`NOT_YET`] or [`NEVER`] listed.
    at: Vec<(u32, u32)>,
    pub(super) leaves: Vec<Leave>,
    pub(super) names: Vec<N>,
}

impl<N: Name> HeapMoves<N> {
    pub(super) fn new(largest: u64) -> Self {
        let heaps = largest.saturating_add(1).min(LISTED_HEAPS) as usize;
        HeapMoves { at: vec![NOT_YET; heaps], leaves: Vec::new(), names: Vec::new() }
    }

    /// Heap h's moves as a range of the lists, if they are listed (or can be now: at most
    /// `room` of them, within the total).
    pub(super) fn listed(
        &mut self,
        rule: &dyn HeapRule,
        h: u64,
        room: u64,
    ) -> Option<std::ops::Range<usize>> {
        match *self.at.get(h as usize)? {
            NEVER => return None,
            NOT_YET => {}
            (from, to) => return Some(from as usize..to as usize),
        }
        let from = self.leaves.len();
        let room = room.min((LISTED_MOVES - from) as u64);
        let mut count = 0u64;
        let all = rule.leaves(h, &mut |leave| {
            count += 1;
            self.leaves.push(leave);
            self.names.push(leave_name(leave));
            count <= room
        });
        if !all {
            // More moves than the lists hold (or than the budget allows, and the walk stops).
            self.leaves.truncate(from);
            self.names.truncate(from);
            self.at[h as usize] = NEVER;
            return None;
        }
        self.at[h as usize] = (from as u32, self.leaves.len() as u32);
        Some(from..self.leaves.len())
    }

    /// The moves from a heap of `h`, or a number above `room` if there are more.
    pub(super) fn count(&mut self, rule: &dyn HeapRule, h: u64, room: u64) -> u64 {
        if let Some(range) = self.listed(rule, h, room) {
            return range.len() as u64;
        }
        let mut count = 0u64;
        rule.leaves(h, &mut |_| {
            count += 1;
            count <= room
        });
        count
    }
}

/// A move still to try: the depth of the position it leaves, the heap moved, what it leaves,
/// and the cursor the position it reaches had before (0 if new: it is then expanded whole).
type Pending = (u32, u64, Leave, u64);

/// A move to look up: the name it reaches, the heap moved, the heap after it in the position
/// (0 if none; [`allows_more`]) and what it leaves.
type Move<N> = (N, u64, u64, Leave);

/// Looks up a batch of moves' names (touching all their lines first), pushing to `pending`
/// those that reach a position first or with a larger cursor (the heap moved); false as soon
/// as more than `max_positions` names are seen.
fn look_up<N: Name>(
    seen: &mut NameTable<N>,
    batch: &mut Vec<Move<N>>,
    pending: &mut Vec<Pending>,
    depth: u32,
    max_positions: u64,
    looked: &mut u64,
    narrow: bool,
) -> bool {
    *looked += batch.len() as u64;
    for &(x, ..) in batch.iter() {
        seen.touch(x);
    }
    for &(x, h, next, leave) in batch.iter() {
        // Heaps of 2^32 − 1 or more have no 32-bit cursor: every move is then tried.
        match seen.reach(x, if narrow { h as u32 } else { u32::MAX }) {
            Reached::New if seen.len() > max_positions => return false,
            Reached::New => pending.push((depth, h, leave, 0)),
            Reached::Raised(before) if allows_more(h, next, leave, u64::from(before)) => {
                pending.push((depth, h, leave, u64::from(before)))
            }
            Reached::Raised(_) => {}
            Reached::Known => {}
        }
    }
    batch.clear();
    true
}

/// Whether the position reached by moving a heap of `h` to `leave` has a heap above `below`
/// and at most `h`, other than those of the leave: `next`, the heap after the one moved in
/// the non-increasing list (0 if none), or one of the leave's heaps. These are the moves a
/// cursor raised from `below` to `h` newly allows.
fn allows_more(h: u64, next: u64, leave: Leave, below: u64) -> bool {
    let within = |x: u64| below < x && x <= h;
    within(next)
        || match leave {
            Leave::Nothing => false,
            Leave::One(a) => within(a),
            Leave::Two(a, b) => within(a) || within(b),
        }
}

/// Walks the positions reachable from `start`, depth first, each at most once, calling `found`
/// with each (its heaps and name) when it is expanded. The number of moves, each counted by the
/// heaps' numbers of moves when a position is first expanded, and the number of moves looked up;
/// or, as soon as more positions or moves than `limits` allow are seen to be reachable, the
/// size seen so far ([`Bound::AtLeast`]; one of the two past its budget).
///
/// **Moves whose heaps never grow.** Every position is reached by a path whose moved heaps
/// never grow: a move's leaves are smaller than its heap, so a move of a heap b right after a
/// move of a smaller heap a moves a heap that was there before, and the two can be swapped;
/// swapping sorts any path. The walk follows only such paths: a position reached by moving a
/// heap of h (its cursor; the start's is unbounded) tries only the moves of heaps of at most h,
/// and one reached again with a larger cursor tries the heaps newly allowed, once. By
/// induction along a sorted path, every position on it is reached with a cursor at least its
/// next move's heap, so every position is found; the moves skipped are the swapped orders of
/// moves tried elsewhere, two fifths to two thirds of all the look-ups in the games measured.
/// The price is the expansions again: rules that take one counter leaving one heap (0.6, 0.7,
/// 0.77) reach a position by many sizes of heap, and expand it about three times, which costs
/// about what the look-ups skipped save (trying the largest heaps first, or giving up the
/// cursors once expansions again outnumber the positions, measured no better). A position's
/// moves are counted before any is looked up, so one past the moves budget costs no look-up.
pub(super) fn walk<N: Name>(
    rule: &dyn HeapRule,
    start: &[u64],
    limits: &Limits,
    mut found: impl FnMut(&[u64], N),
) -> Result<(u64, u64), Size> {
    let passed = |positions: u64, edges: u64| Size {
        positions: u128::from(positions),
        edges: u128::from(edges),
        bound: Bound::AtLeast,
    };
    if limits.max_positions == 0 {
        return Err(passed(1, 0));
    }
    let mut looked = 0u64;
    let mut heaps = root(start);
    let mut moves = HeapMoves::<N>::new(heaps.first().copied().unwrap_or(0));
    let mut seen = NameTable::<N>::new(limits.max_positions);
    let mut current: N = name_of(&heaps);
    let narrow = heaps.first().is_none_or(|&h| h < u64::from(u32::MAX));
    seen.reach(current, u32::MAX);
    // Along the path from the start: the move made and the name before it.
    let mut path: Vec<(u64, Leave, N)> = Vec::new();
    let mut pending: Vec<Pending> = Vec::new();
    let mut batch: Vec<Move<N>> = Vec::with_capacity(BATCH);
    let mut edges = 0u64;
    // The heaps whose moves this expansion tries: above `tried`, at most `cursor`.
    let (mut tried, mut cursor) = (0u64, u64::MAX);
    loop {
        let depth = path.len() as u32;
        if tried == 0 {
            found(&heaps, current);
            let mut previous = None;
            for &h in &heaps {
                if previous != Some(h) {
                    edges += moves.count(rule, h, limits.max_edges - edges);
                    if edges > limits.max_edges {
                        return Err(passed(seen.len(), edges));
                    }
                }
                previous = Some(h);
            }
        }
        let mut previous = None;
        let first = heaps.partition_point(|&h| h > cursor);
        for (at, &h) in heaps.iter().enumerate().skip(first).take_while(|&(_, &h)| h > tried) {
            if previous == Some(h) {
                continue; // equal heaps give equal moves
            }
            previous = Some(h);
            let next = heaps.get(at + 1).copied().unwrap_or(0);
            let less = current.minus(N::heap(h));
            // Each move into the batch; a full batch is looked up (false: the budget is passed).
            let mut over = false;
            let mut push = |name: N, leave: Leave| {
                batch.push((less.plus(name), h, next, leave));
                over = batch.len() == BATCH
                    && !look_up(
                        &mut seen,
                        &mut batch,
                        &mut pending,
                        depth,
                        limits.max_positions,
                        &mut looked,
                        narrow,
                    );
                !over
            };
            if let Some(listed) = moves.listed(rule, h, u64::MAX) {
                for i in listed {
                    if !push(moves.names[i], moves.leaves[i]) {
                        break;
                    }
                }
            } else {
                rule.leaves(h, &mut |leave| push(leave_name(leave), leave));
            }
            if over {
                return Err(passed(seen.len(), edges));
            }
        }
        if !look_up(&mut seen, &mut batch, &mut pending, depth, limits.max_positions, &mut looked, narrow) {
            return Err(passed(seen.len(), edges));
        }
        let Some((depth, h, leave, before)) = pending.pop() else { return Ok((edges, looked)) };
        while path.len() as u32 > depth {
            let (h, leave, before) = path.pop().expect("deeper than the pending move");
            undo(&mut heaps, h, leave);
            current = before;
        }
        path.push((h, leave, current));
        current = current.minus(N::heap(h)).plus(leave_name(leave));
        apply(&mut heaps, h, leave);
        (tried, cursor) = (before, if narrow { h } else { u64::MAX });
    }
}

/// The game's size, counted without storing a position (see the module doc): exact within the
/// budget, else a lower bound just past it. The positions of the rule's [`FreeSplit`] parts
/// and of the heaps each shrinking on their own ([`shrinking_heaps_positions`]), counted by
/// formulas, and the positions and moves of several heaps splitting together
/// ([`heap_packing`](super::heap_packing)), counted by a dynamic programme, refuse a game they
/// show to be huge at once; the walk then costs at most the budget's worth of look-ups.
pub fn estimate(rule: &dyn HeapRule, start: &[u64], limits: &Limits) -> Size {
    // Every position but the start is reached by a move: at least positions − 1 moves.
    let over = Size {
        positions: u128::from(limits.max_positions) + 1,
        edges: u128::from(limits.max_positions),
        bound: Bound::AtLeast,
    };
    // Positions one heap reaches with the others left alone are distinct positions of the game.
    let splits = rule.free_splits();
    let split = start
        .iter()
        .flat_map(|&h| splits.iter().map(move |&part| counted_positions(part, h, limits.max_positions)))
        .max()
        .unwrap_or(0);
    let shrinking = rule.reduction().map_or(0, |r| shrinking_heaps_positions(r, start));
    let counted = split.max(shrinking);
    if counted > u128::from(limits.max_positions) {
        return over;
    }
    let past = |packed: AtLeast| {
        (packed.positions > u128::from(limits.max_positions) || packed.edges > u128::from(limits.max_edges))
            .then_some(Size { positions: packed.positions, edges: packed.edges, bound: Bound::AtLeast })
    };
    for &part in &splits {
        if let Some(over) = past(packed_size_of(rule, part, start, limits)) {
            return over;
        }
    }
    // Two split digits: heaps splitting by either of the two smallest takes reach more than by
    // one alone (each part's bound falls far short of 0.44's count).
    if let [first, second, ..] = splits[..] {
        let part = Part { take: first.take, reduce: first.reduce, reduce_too: first.reduce_too };
        if let Some(over) = past(packed_two_takes(part, second.take, start, &|x| moves_of(rule, x))) {
            return over;
        }
    }
    // Natively, layer by layer (heap_layers): the same numbers in a fraction of the time for a
    // large game. The page's budget is small enough for the walk, and its wasm keeps no copy.
    if !cfg!(target_arch = "wasm32") {
        match count_by_layers(rule, start, limits) {
            Counted::All { positions, moves } => {
                return Size { positions: positions.into(), edges: moves.into(), bound: Bound::Exact }
            }
            Counted::Passed { positions, moves } => {
                return Size { positions: positions.into(), edges: moves.into(), bound: Bound::AtLeast }
            }
            Counted::Left => {}
        }
    }
    let mut positions = 0u128;
    match walk::<u64>(rule, start, limits, |_, _| positions += 1) {
        Ok((edges, _)) => Size { positions, edges: u128::from(edges), bound: Bound::Exact },
        Err(passed) => passed,
    }
}

/// The layered count of `rule`'s game from `start` (see `heap_layers`), each heap's moves
/// listed from the rule.
pub(super) fn count_by_layers(rule: &dyn HeapRule, start: &[u64], limits: &Limits) -> Counted {
    super::heap_layers::count(&moves_listed(rule), &root(start), limits)
}

/// The rule's moves from a heap, as the layered count lists them.
pub(super) fn moves_listed(
    rule: &dyn HeapRule,
) -> impl Fn(u16, &mut dyn FnMut(HeapMove) -> bool) -> bool + '_ {
    |h: u16, visit: &mut dyn FnMut(HeapMove) -> bool| {
        rule.leaves(u64::from(h), &mut |leave| {
            let (a, b) = match leave {
                Leave::Nothing => (0, 0),
                Leave::One(a) => (a, 0),
                Leave::Two(a, b) => (a, b),
            };
            let take = u64::from(h) - leave.counters();
            visit(HeapMove { name: leave_name(leave), take, a: a as u16, b: b as u16 })
        })
    }
}

/// [`packed_size`] of one of `rule`'s [`FreeSplit`] parts, each heap's moves counted from the rule.
pub fn packed_size_of(rule: &dyn HeapRule, part: FreeSplit, heaps: &[u64], limits: &Limits) -> AtLeast {
    packed_size(
        Part { take: part.take, reduce: part.reduce, reduce_too: part.reduce_too },
        heaps,
        &|x| moves_of(rule, x),
        limits,
    )
}

/// The moves of a heap of `x` under `rule`.
pub(crate) fn moves_of(rule: &dyn HeapRule, x: u64) -> u64 {
    let mut count = 0u64;
    rule.leaves(x, &mut |_| {
        count += 1;
        true
    });
    count
}

/// Labels: the positions' heaps, one after another, in id order (by counters, then heaps).
#[derive(Debug, Clone)]
struct Positions {
    heaps: Vec<u64>,
    /// Position v's heaps are `heaps[starts[v]..starts[v + 1]]`.
    starts: Vec<usize>,
}

impl Positions {
    fn get(&self, v: usize) -> &[u64] {
        &self.heaps[self.starts[v]..self.starts[v + 1]]
    }
}

impl Labeling for Positions {
    fn label(&self, v: usize) -> String {
        label(self.get(v))
    }

    fn find(&self, text: &str) -> Option<u64> {
        let heaps = if text == "0" { Vec::new() } else { numbers(text)? };
        if heaps.contains(&0) || heaps.windows(2).any(|w| w[0] < w[1]) {
            return None;
        }
        let key = (counters(&heaps), heaps.as_slice());
        let (mut lo, mut hi) = (0, self.starts.len() - 1);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let p = self.get(mid);
            match (counters(p), p).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid as u64),
            }
        }
        None
    }
}

/// Builds the graph of the heap game `rule` from the starting `heaps`, within `limits`. The rule
/// is a trait object, not a type parameter: one copy of the walk serves every family (each
/// family's own copy made the wasm about 6 KB larger).
pub fn build(
    rule: &dyn HeapRule,
    family: &'static str,
    start: &[u64],
    limits: &Limits,
) -> Result<GameGraph, InputError> {
    let mut found: Vec<(u128, u128, usize, usize)> = Vec::new(); // (counters, name, start, len)
    let mut arena: Vec<u64> = Vec::new();
    let walked = walk::<u128>(rule, start, limits, |heaps, name| {
        found.push((counters(heaps), name, arena.len(), heaps.len()));
        arena.extend_from_slice(heaps);
    });
    let edges = match walked {
        Ok((edges, _)) => edges,
        // A walk stops only past the budget, which `check_size` then names.
        Err(passed) => {
            return Err(crate::budget::check_size(family, passed, limits).err().unwrap_or(
                InputError::TooLarge {
                    family,
                    what: "positions",
                    size: passed.positions,
                    bound: Bound::AtLeast,
                    budget: limits.max_positions,
                },
            ))
        }
    };
    found.sort_unstable_by(|a, b| {
        a.0.cmp(&b.0).then_with(|| arena[a.2..a.2 + a.3].cmp(&arena[b.2..b.2 + b.3]))
    });
    let mut positions = Positions { heaps: Vec::with_capacity(arena.len()), starts: vec![0] };
    let mut id_of = NameMap::<u32>::default();
    id_of.reserve(found.len());
    for (v, &(_, name, at, len)) in found.iter().enumerate() {
        positions.heaps.extend_from_slice(&arena[at..at + len]);
        positions.starts.push(positions.heaps.len());
        id_of.insert(name, v as u32);
    }
    drop(arena);
    let mut csr = CsrBuilder::with_capacity(found.len(), edges as usize);
    for (v, &(_, current, _, _)) in found.iter().enumerate() {
        let row = csr.targets.len();
        let mut previous = None;
        for &h in positions.get(v) {
            if previous == Some(h) {
                continue;
            }
            previous = Some(h);
            let less = current.minus(u128::heap(h));
            rule.leaves(h, &mut |leave| {
                csr.targets.push(id_of[&less.plus(leave_name(leave))]);
                true
            });
        }
        csr.targets[row..].sort_unstable();
        csr.end_position();
    }
    Ok(GameGraph::from_csr(csr.offsets, csr.targets, positions))
}

/// Position `v`'s heaps as its label lists them (a board draws these).
pub fn heaps_at(graph: &GameGraph, v: usize) -> Vec<u64> {
    let label = graph.label(v);
    if label == "0" {
        Vec::new()
    } else {
        numbers(&label).unwrap_or_default()
    }
}

/// The counters left in a position, in u128: 64 heaps of up to 2^64 − 1 counters cannot
/// overflow it (a u64 sum would, and then misorder the ids).
fn counters(heaps: &[u64]) -> u128 {
    heaps.iter().map(|&h| u128::from(h)).sum()
}

/// A position's label: its heaps, non-increasing, or `0` for none.
pub fn label(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        return "0".to_string();
    }
    heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lasker::TakeOrSplit;
    use crate::games::octal::OctalCode;

    /// A [`FreeSplit`] part as a rule of its own, to count its positions by the walk.
    #[derive(Debug)]
    struct Part(FreeSplit);

    impl HeapRule for Part {
        fn leaves(&self, n: u64, visit: &mut dyn FnMut(Leave) -> bool) -> bool {
            let FreeSplit { take, reduce, .. } = self.0;
            if reduce.is_some_and(|r| n > r) && !visit(Leave::One(n - reduce.unwrap_or(0))) {
                return false;
            }
            if n < take + 2 {
                return true;
            }
            let rest = n - take;
            (1..=rest / 2).all(|a| visit(Leave::two(rest - a, a)))
        }
    }

    fn exact(rule: &dyn HeapRule, heaps: &[u64]) -> u128 {
        let size = estimate(rule, heaps, &Limits::DEFAULT);
        assert_eq!(size.bound, Bound::Exact);
        size.positions
    }

    #[test]
    fn the_count_of_a_free_split_is_exactly_what_it_reaches() {
        for take in 0..4 {
            for reduce in [None, Some(1), Some(2), Some(3)] {
                let part = FreeSplit { take, reduce, reduce_too: None };
                for n in 1..=22 {
                    assert_eq!(
                        counted_positions(part, n, u64::MAX),
                        exact(&Part(part), &[n]),
                        "{part:?}, heap {n}"
                    );
                }
            }
        }
    }

    /// The count never refuses a game that fits: for every one- and two-digit octal code and
    /// Lasker's Nim it is at most the positions the whole rule reaches, counted by the walk.
    #[test]
    fn the_count_is_at_most_the_game_s_size() {
        let mut codes: Vec<String> = (0..8).map(|d| format!("0.{d}")).collect();
        codes.extend((0..64).map(|d| format!("0.{}{}", d / 8, d % 8)));
        let mut rules: Vec<Box<dyn HeapRule>> =
            codes.iter().map(|c| Box::new(OctalCode::parse(c).unwrap()) as Box<dyn HeapRule>).collect();
        rules.push(Box::new(TakeOrSplit));
        let mut counted_some = 0;
        for rule in &rules {
            for heaps in (1..=20).map(|n| vec![n]).chain([vec![9, 5], vec![12, 12, 3]]) {
                let counted = heaps
                    .iter()
                    .flat_map(|&h| {
                        rule.free_splits().into_iter().map(move |p| counted_positions(p, h, u64::MAX))
                    })
                    .max()
                    .unwrap_or(0);
                let size = exact(rule.as_ref(), &heaps);
                assert!(counted <= size, "{rule:?} {heaps:?}: counted {counted} > {size}");
                counted_some += usize::from(counted > 1);
            }
        }
        assert!(counted_some > 500, "{counted_some}");
    }

    /// Heaps that only shrink (0.2: take one, leave one; 0.02: take two, leave one) reach
    /// exactly the multisets the count gives: a multiset is reached when, both sorted, each of
    /// its heaps is at most a starting heap on that heap's grid. With splits and removals too
    /// (0.77, 0.62, 0.3, Lasker's Nim) the count is at most the game's size.
    #[test]
    fn the_count_of_shrinking_heaps_is_what_they_reach_on_their_own() {
        let one = OctalCode::parse("0.2").unwrap();
        let two = OctalCode::parse("0.02").unwrap();
        for heaps in [
            vec![1],
            vec![5],
            vec![5, 5, 5],
            vec![7, 7, 7, 7],
            vec![7, 5, 5, 3],
            vec![9, 4, 2, 2, 1],
            vec![3; 9],
        ] {
            assert_eq!(shrinking_heaps_positions(1, &heaps), exact(&one, &heaps), "0.2 {heaps:?}");
        }
        for heaps in [vec![9, 8, 7, 6], vec![10, 10, 7, 3], vec![12, 11, 5]] {
            assert_eq!(shrinking_heaps_positions(2, &heaps), exact(&two, &heaps), "0.02 {heaps:?}");
        }
        let rules: [&dyn HeapRule; 4] = [
            &OctalCode::parse("0.77").unwrap(),
            &OctalCode::parse("0.62").unwrap(),
            &OctalCode::parse("0.3").unwrap(),
            &TakeOrSplit,
        ];
        for rule in rules {
            for heaps in [vec![6, 6, 6], vec![9, 9], vec![4; 5], vec![8, 6, 5, 2], vec![11, 7]] {
                let counted = shrinking_heaps_positions(rule.reduction().unwrap(), &heaps);
                let size = exact(rule, &heaps);
                assert!(counted <= size, "{rule:?} {heaps:?}: counted {counted} > {size}");
            }
        }
        // Refused without a walk: six heaps of 60 in 0.3 (C(65, 6)), and six distinct ones.
        assert_eq!(shrinking_heaps_positions(1, &[60; 6]), 82_598_880);
        assert_eq!(shrinking_heaps_positions(1, &[60, 59, 58, 57, 56, 55]), 81_921_840);
        let code = OctalCode::parse("0.3").unwrap();
        for heaps in [[60; 6], [60, 59, 58, 57, 56, 55]] {
            assert_eq!(estimate(&code, &heaps, &Limits::DEFAULT).bound, Bound::AtLeast, "{heaps:?}");
        }
        // Beyond the programme's sizes the closed form still counts equal heaps; past any budget
        // the count saturates.
        assert_eq!(shrinking_heaps_positions(1, &[5_000_000]), 5_000_000);
        assert_eq!(shrinking_heaps_positions(1, &[u64::MAX; 64]), SATURATED);
        assert_eq!(shrinking_heaps_positions(3, &[0, 0]), 1, "no heap: the empty position");
    }

    /// The walk looks up only the moves of paths whose moved heaps never grow: measured as
    /// work, not time, a fraction of the moves (every move was looked up before).
    #[test]
    fn the_walk_looks_up_a_fraction_of_the_moves() {
        use crate::games::grundys_game::SplitUnequal;
        let octal = |code: &str| OctalCode::parse(code).unwrap();
        // (rule, heaps, positions, moves, the most look-ups a move)
        type Measured<'a> = (&'a dyn HeapRule, &'a [u64], u64, u64, f64);
        let games: [Measured; 4] = [
            (&octal("0.562"), &[24, 10, 8, 4], 137_996, 3_035_496, 0.4),
            (&octal("0.14"), &[30, 20], 34_500, 312_337, 0.4),
            (&SplitUnequal, &[20, 17, 15], 233_365, 2_760_942, 0.65),
            (&octal("0.77"), &[20, 15, 9], 107_745, 2_552_124, 0.65),
        ];
        for (rule, heaps, positions, moves, most) in games {
            let mut found = 0u64;
            let (edges, looked) =
                walk::<u64>(rule, heaps, &Limits::DEFAULT, |_, _| found += 1).expect("within the budget");
            assert_eq!((found, edges), (positions, moves), "{rule:?} {heaps:?}");
            let share = looked as f64 / moves as f64;
            assert!(share < most, "{rule:?} {heaps:?}: {looked} look-ups for {moves} moves");
        }
    }

    #[test]
    fn a_count_past_the_cap_stops_and_refuses() {
        let code = OctalCode::parse("0.6126").unwrap();
        // Exactly the part's positions: multisets of k heaps with t + (k − 1) ≤ 100 (p(100) alone
        // is 190,569,292).
        assert!(counted_positions(code.free_splits()[0], 100, 4_000_000) > 4_000_000);
        let size = estimate(&code, &[100], &Limits::DEFAULT);
        assert_eq!(size.bound, Bound::AtLeast);
        assert_eq!(counted_positions(code.free_splits()[0], 1 << 20, 10), 0, "beyond the table");
    }
}
