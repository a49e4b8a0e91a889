//! Lower bounds on a heap game's size from several heaps splitting at once, counted by a
//! dynamic programme instead of a walk, so that a game far past the budget is refused at once.
//!
//! A [`FreeSplit`](super::heap_rule::FreeSplit) part reaches from one heap of n exactly the
//! multisets λ of heaps whose cost Σ (x + take) over its heaps x is at most n + take, with
//! n + take − cost a sum of the part's reductions r and s (equal to it without one): the heap
//! shrinks by that first, each step leaving at least the heap it then splits, which is at least
//! one counter, so no step fails; then it splits one heap off at a time. Heaps move
//! independently, so the starting heaps n₁, n₂, … reach every multiset that splits into groups, group i
//! reached from n_i, the other starting heaps left alone: the multiset of their union is a
//! position. Different multisets are different positions, so any rule that assigns a multiset
//! to at most one split, and a split only to reachable groups, counts distinct positions:
//!
//! - **first fit**: heaps from the largest down, each into the first group with room;
//! - **two groups exactly**: a multiset splits into two reachable groups when some subset of it
//!   has a cost the first group accepts and the rest one the second accepts; the costs of its
//!   subsets, a set of at most 120, depend only on the multiset, so the programme keeps each
//!   (total cost, subset costs) once and counts every splittable multiset exactly once. Subset
//!   costs that can no longer leave the rest within the second group's cap are forgotten, and
//!   where both groups must be filled exactly, a subset that fills the first makes the others
//!   irrelevant: both merge states (0.04 with heaps 60 and 31 fits in 2^18 of them);
//! - **three groups exactly**: the same with the set of pairs of costs the first two groups can
//!   hold (the third holds the rest), a bitset; pairs that leave a group a room nothing fills
//!   are forgotten, and where every group must be filled exactly, a pair filling the first two
//!   collapses the set. The last heap size is applied through a table, computed backwards, of
//!   the pairs from which m heaps of it complete a split, so its layer, the largest, is never
//!   kept (0.04 with heaps 31, 31, 31: 316,566 states in the last layer kept, 570,831 in the one
//!   skipped);
//! - **two takes exactly**: a rule with two split digits (0.44: take one or two, leave two
//!   heaps) reaches from n a group of k heaps of cost s (cost x + the smaller take) when
//!   n + take − s is i times the difference of the takes plus a sum of reductions, i < k: the
//!   states of two groups keep the pairs (cost, heap count) of the first group's subsets.
//!
//! The moves of a position are at least those of its distinct heap sizes in the groups (each
//! heap size's moves under the whole rule, as the walk counts them), so the programme carries
//! them too: a game far past the moves budget but not the positions budget (0.6 with heaps 36
//! and 30: about 3,000,000 positions and 58,000,000 moves) is refused as surely. The bounds are
//! checked against the walk's exact counts on small games of every one- and two-digit octal code
//! and Lasker's Nim (`tests` below) and against built graphs on random codes of up to three
//! digits (`tests/core/heap_families.rs`).
//!
//! Heaps above `MAX_PACKED_HEAP` (1,024) stay where they are: a heap's moves are listed for
//! every size up to the largest heap that moves, and larger heaps alone are sized by formulas.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::budget::Limits;
use crate::combinatorics::U64Hasher;

/// Past this a count is as good as infinite (far above any budget).
const SATURATED: u64 = 1 << 62;

/// The largest heap the programmes move (its moves and those of every smaller size listed:
/// about 2^19 of them at most for a rule like 0.4).
const MAX_PACKED_HEAP: u64 = 1 << 10;

/// The most cost vectors the first-fit programme keeps (one entry each), and the most entries
/// times part sizes it visits.
const MAX_FIT_STATES: u64 = 1 << 18;
const MAX_FIT_WORK: u64 = 1 << 25;

/// First fit again over more heaps, natively, when the first came within a 32nd of the budget
/// without deciding: four groups of caps up to 31 (up to 0.2 s and 36 MB). Four heaps of 22 to
/// 27 under 0.4 or 0.04 were walked to the budget (2.3–3.6 s) because first fit over three of
/// them fell 13–20 times short; games that fit come much further below (0.4 with five heaps of
/// 13: 275 times), so they do not pay for it.
const MAX_FIT_STATES_AGAIN: u64 = 1 << 20;

/// The most (total, subset costs) states the exact two-group programme keeps and visits, summed
/// over the heap sizes, before it gives up (0.6 with heaps 36 and 30 keeps about 260,000; at
/// the cap, with the next map sized at twice the current, about 50 MB).
const MAX_EXACT_STATES: usize = 1 << 18;
const MAX_EXACT_WORK: usize = 1 << 22;

/// The largest cost of a group in the exact programme: its subset costs are bits of a u128,
/// with the total cost in the top 8 bits of the key.
const MAX_EXACT_COST: u64 = 119;

/// Positions and moves a game reaches, each at least this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AtLeast {
    /// Positions reached, at least.
    pub positions: u128,
    /// Moves from them, at least.
    pub edges: u128,
}

impl AtLeast {
    fn max(self, other: AtLeast) -> AtLeast {
        AtLeast { positions: self.positions.max(other.positions), edges: self.edges.max(other.edges) }
    }
}

fn add(a: u64, b: u64) -> u64 {
    a.saturating_add(b).min(SATURATED)
}

/// Counts in u64 inside the programmes (smaller code in the wasm than u128), saturated far
/// above any budget.
#[derive(Debug, Clone, Copy, Default)]
struct Counted {
    positions: u64,
    edges: u64,
}

impl Counted {
    fn add(&mut self, positions: u64, edges: u64) {
        self.positions = add(self.positions, positions);
        self.edges = add(self.edges, edges);
    }
}

impl From<Counted> for AtLeast {
    fn from(c: Counted) -> AtLeast {
        AtLeast { positions: u128::from(c.positions), edges: u128::from(c.edges) }
    }
}

/// A group's accepted costs: what one heap of `cap − take` reaches through the part.
#[derive(Debug, Clone, Copy)]
struct Group {
    cap: u64,
    reduce: Option<u64>,
    reduce_too: Option<u64>,
}

impl Group {
    /// Whether the heap can shrink by `by` before it splits: by a sum of its reductions.
    fn shrinks(self, by: u64) -> bool {
        match (self.reduce, self.reduce_too) {
            (None, _) => by == 0,
            (Some(r), None) => by.is_multiple_of(r),
            // a·r + b·s: a below s is enough (s copies of r are r copies of s).
            (Some(r), Some(s)) => (0..s).take_while(|&a| a * r <= by).any(|a| (by - a * r).is_multiple_of(s)),
        }
    }

    /// Whether a heap of `cost` goes into a group at `filled`: it fits, and leaves room that is
    /// none, a sum of the reductions, or enough for another heap. A choice, not a
    /// condition: any rule that depends only on what was placed so far counts distinct
    /// multisets, and this one keeps groups that must be filled exactly (no reduction) from
    /// being left with a gap nothing fills.
    fn fits(self, filled: u64, cost: u64, take: u64) -> bool {
        let Some(room) = self.cap.checked_sub(filled + cost) else { return false };
        room == 0 || room > take || self.shrinks(room)
    }

    fn accepts(self, cost: u64) -> bool {
        cost > 0 && cost <= self.cap && self.shrinks(self.cap - cost)
    }
}

/// A part of a rule whose heaps split freely: the fields of a
/// [`FreeSplit`](super::heap_rule::FreeSplit).
#[derive(Debug, Clone, Copy)]
pub struct Part {
    /// Counters removed by a split.
    pub take: u64,
    /// Counters removed by a move (or moves in a row) that leaves one heap, if the part has such.
    pub reduce: Option<u64>,
    /// Another such shrink, if the part has one.
    pub reduce_too: Option<u64>,
}

/// A lower bound on the positions and moves the starting `heaps` reach through `part` of a rule
/// whose heap of x has `moves(x)` moves, the largest of them up to `MAX_PACKED_HEAP` (1,024)
/// moving together (see the module doc); zero when no programme fits them. The exact programme, the
/// costlier, runs only when first fit comes within half of `limits` without passing them, and
/// not in the wasm.
pub fn packed_size(part: Part, heaps: &[u64], moves: &dyn Fn(u64) -> u64, limits: &Limits) -> AtLeast {
    let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0 && h <= MAX_PACKED_HEAP).collect();
    sorted.sort_unstable();
    sorted.reverse();
    let Some(&largest) = sorted.first() else { return AtLeast::default() };
    let group = |h: u64| Group { cap: h + part.take, reduce: part.reduce, reduce_too: part.reduce_too };
    // First fit over as many of the largest heaps as the programme holds, in both orders.
    let fit_groups = |most_states: u64| {
        let mut groups: Vec<Group> = Vec::new();
        let mut states = 1u64;
        for &h in &sorted {
            let next = states.saturating_mul(h + part.take + 1);
            if next > most_states || next.saturating_mul(largest) > MAX_FIT_WORK {
                break;
            }
            groups.push(group(h));
            states = next;
        }
        groups
    };
    let groups = fit_groups(MAX_FIT_STATES);
    if groups.is_empty() {
        return AtLeast::default();
    }
    // Part sizes run up to the largest heap: their moves under the whole rule, once each.
    let moves: Vec<u64> = (0..=largest).map(|x| if x == 0 { 0 } else { moves(x) }).collect();
    let fit_both_ways = |groups: &[Group]| {
        let reversed: Vec<Group> = groups.iter().rev().copied().collect();
        let best = first_fit(groups, part.take, largest, &moves);
        if groups.len() > 1 {
            best.max(first_fit(&reversed, part.take, largest, &moves))
        } else {
            best
        }
    };
    // Past `limits` divided by `share`.
    let near = |best: AtLeast, share: u64| {
        best.positions > u128::from(limits.max_positions / share)
            || best.edges > u128::from(limits.max_edges / share)
    };
    let decided = |best: AtLeast| near(best, 1);
    let mut best = fit_both_ways(&groups);
    if !decided(best) && near(best, 32) && !cfg!(target_arch = "wasm32") {
        let more = fit_groups(MAX_FIT_STATES_AGAIN);
        if more.len() > groups.len() {
            best = best.max(fit_both_ways(&more));
        }
    }
    let close = near(best, 2);
    // Natively only: at the page's budget the walk after first fit costs a few tenths of a
    // second at most, and the programmes would add to the wasm every visitor downloads.
    if !close || cfg!(target_arch = "wasm32") {
        return best;
    }
    // Three heaps exactly count at least what two of them do with the third left alone: two
    // only when three do not fit the programme.
    let exact = match sorted[..] {
        [a, b, c, ..] if !decided(best) => three_exactly([group(c), group(b), group(a)], part.take, &moves)
            .or_else(|| two_exactly(group(b), group(a), part.take, &moves)),
        [a, b, ..] if !decided(best) => two_exactly(group(b), group(a), part.take, &moves),
        _ => None,
    };
    exact.map_or(best, |exact| best.max(exact))
}

/// First fit: each heap, from the largest size down, into the first group with room for its
/// cost ([`Group::fits`]); a multiset is counted when every group's cost is accepted.
fn first_fit(groups: &[Group], take: u64, largest: u64, moves: &[u64]) -> AtLeast {
    let dims: Vec<usize> = groups.iter().map(|g| g.cap as usize + 1).collect();
    let total: usize = dims.iter().product();
    let decode = |mut index: usize, costs: &mut [u64]| {
        for (cost, &dim) in costs.iter_mut().zip(&dims) {
            *cost = (index % dim) as u64;
            index /= dim;
        }
    };
    let encode =
        |costs: &[u64]| costs.iter().zip(&dims).rev().fold(0usize, |acc, (&c, &d)| acc * d + c as usize);
    let mut count = vec![0u64; total];
    let mut edges = vec![0u64; total];
    count[0] = 1;
    let mut costs = vec![0u64; groups.len()];
    for x in (1..=largest).rev() {
        let cost = x + take;
        // In place, from the last state down: a state's copies of x go to later states only
        // (each raises a group's cost), which have been read already, so every state is read
        // before copies of x reach it. (A copy of the tables per heap size was 16 MB a size
        // for five groups of 15, most of 0.6 with heaps 14 ×5's page faults.)
        for index in (0..total).rev() {
            let (w, e) = (count[index], edges[index]);
            if w == 0 {
                continue;
            }
            decode(index, &mut costs);
            // One copy of x, two, …: each into the first group with room, leaving room that
            // smaller heaps or the rule's reductions can still fill.
            while let Some(at) = (0..groups.len()).find(|&i| groups[i].fits(costs[i], cost, take)) {
                costs[at] += cost;
                let to = encode(&costs);
                debug_assert!(to > index);
                count[to] = add(count[to], w);
                edges[to] = add(edges[to], add(e, w.saturating_mul(moves[x as usize])));
            }
        }
    }
    let mut found = Counted::default();
    for index in 0..total {
        if count[index] == 0 {
            continue;
        }
        decode(index, &mut costs);
        if costs.iter().zip(groups).all(|(&c, g)| g.accepts(c)) {
            found.add(count[index], edges[index]);
        }
    }
    found.into()
}

/// Two groups exactly: every multiset with a subset group `a` accepts and the rest group `b`
/// accepts, counted once by its total cost and its subsets' costs up to `a`'s cap. None when
/// `a`'s cap is past [`MAX_EXACT_COST`] or the states pass [`MAX_EXACT_STATES`] or those
/// visited [`MAX_EXACT_WORK`].
fn two_exactly(a: Group, b: Group, take: u64, moves: &[u64]) -> Option<AtLeast> {
    if a.cap > MAX_EXACT_COST || a.cap + b.cap > 255 {
        return None;
    }
    let mask: u128 = (1u128 << (a.cap + 1)) - 1;
    // Groups without a reduction accept only their cap: every multiset counted has the total
    // cost a.cap + b.cap, and a subset of cost exactly a.cap.
    let exact_fill = a.reduce.is_none() && b.reduce.is_none();
    let key = |total: u64, sums: u128| sums | (u128::from(total) << 120);
    // The states as keys and counts, found through an index of the keys (the map type the
    // build's names use, so the wasm holds one copy of its code).
    type Index = HashMap<u128, u32, BuildHasherDefault<U64Hasher>>;
    let (mut keys, mut counts): (Vec<u128>, Vec<(u64, u64)>) = (vec![key(0, 1)], vec![(1, 0)]);
    let largest = (moves.len() - 1) as u64;
    let mut work = 0usize;
    for x in (1..=largest).rev() {
        work += keys.len();
        if work > MAX_EXACT_WORK {
            return None;
        }
        let cost = x + take;
        let mut index = Index::default();
        index.reserve(keys.len() * 2);
        let (mut next_keys, mut next_counts) = (Vec::new(), Vec::<(u64, u64)>::new());
        // Adds to a state, or a new one; the number of states after.
        let mut put = |k: u128, w: u64, e: u64| {
            match index.get(&k) {
                Some(&i) => {
                    let slot = &mut next_counts[i as usize];
                    *slot = (add(slot.0, w), add(slot.1, e));
                }
                None => {
                    index.insert(k, next_keys.len() as u32);
                    next_keys.push(k);
                    next_counts.push((w, e));
                }
            }
            next_keys.len()
        };
        for (&k, &(w, e)) in keys.iter().zip(&counts) {
            if put(k, w, e) > MAX_EXACT_STATES {
                return None;
            }
            let (mut total, mut sums) = ((k >> 120) as u64, k & mask);
            let e = add(e, w.saturating_mul(moves[x as usize]));
            while total + cost <= a.cap + b.cap {
                total += cost;
                if cost <= a.cap {
                    sums = (sums | (sums << cost)) & mask;
                }
                // A subset's cost less the total only falls as heaps come (a heap joins the
                // total, and the subset or not): a subset below total − b.cap never leaves the
                // rest within b's cap. Forgetting it merges states.
                let below = total.saturating_sub(b.cap);
                sums &= !((1u128 << below) - 1);
                if sums == 0 {
                    break;
                }
                if exact_fill && sums >> a.cap & 1 == 1 {
                    // A subset fills a exactly: the multiset splits if the total ends at
                    // a.cap + b.cap, whatever the other subsets (that cost is never forgotten
                    // above: the total stays at most a.cap + b.cap).
                    sums = 1u128 << a.cap;
                }
                if put(key(total, sums), w, e) > MAX_EXACT_STATES {
                    return None;
                }
            }
        }
        (keys, counts) = (next_keys, next_counts);
    }
    let mut found = Counted::default();
    for (&k, &(w, e)) in keys.iter().zip(&counts) {
        let (total, sums) = ((k >> 120) as u64, k & mask);
        let splits =
            (1..=a.cap.min(total)).any(|s| sums >> s & 1 == 1 && a.accepts(s) && b.accepts(total - s));
        if splits {
            found.add(w, e);
        }
    }
    Some(found.into())
}

/// The largest set of cost pairs the three-group programme keeps per state, in bits (group
/// caps up to 44 or so: three heaps of about 40).
const MAX_THREE_BITS: usize = 64 * 32;

/// The most words of states the pair-set programmes keep in a layer (64 MB), and the most work
/// they do in all (words of pair sets shifted, and [`VISIT_WORDS`] for each state looked up:
/// about 1.3 s here), before they give up: 0.04 with heaps 31, 31 and 31 does about 90,000,000
/// (0.9 s).
const MAX_THREE_WORDS: usize = 1 << 23;
const MAX_THREE_WORK: usize = 1 << 27;

/// Whether a pair-set programme is bound to pass [`MAX_THREE_WORK`]: its layers' work grows
/// geometrically towards the smallest sizes (about 1.8–2.3 times a layer), so the work of the
/// `left` layers still to come is projected from the last two layers' (`before`, then `last`),
/// at their ratio, once a sixteenth of the cap is spent. Giving up then rather than at the cap: 0.004 with heaps 35, 35 and 35 spent
/// 0.9 s and 199 MB on layers it could not finish; projected, it stops after a third of that.
/// The projection errs low where the ratio still rises (0.04 with heaps 32, 32, 32 is caught at
/// the cap), and no game the programme finishes is projected past it (`tests`).
fn doomed(work: usize, before: usize, last: usize, left: usize) -> bool {
    // The first layers grow faster (a few states each, many sizes to go): projected from them,
    // every programme would pass the cap.
    if work < MAX_THREE_WORK / 16 || before == 0 || left == 0 {
        return false;
    }
    let ratio = last as f64 / before as f64;
    let mut next = last as f64;
    let mut projected = work as f64;
    for _ in 0..left {
        next *= ratio;
        projected += next;
    }
    projected > MAX_THREE_WORK as f64
}

/// What looking a state up costs, in words shifted (a thousand layers of a few states must
/// count, as well as the words).
const VISIT_WORDS: usize = 16;

/// The most pairs times tags a pair-set programme's masks may cover (their setup looks at each,
/// and they take two bits each): 0.44 with heaps 33 and 33 covers 1,521,450; one heap much
/// larger than the others (1,000 beside 20) would cover 10^8 before any state.
const MAX_THREE_CELLS: usize = 1 << 24;

/// Bitsets of `words` words, one after another, each kept once: the states of one layer of
/// a pair-set programme ([`count_pairs`]). Found by a hash of their words in an open-addressed
/// table that keeps each state's hash beside it, so a probe compares words only when the hashes
/// agree; two different sets are never merged. (A chained map of the hashes, and a hash taking
/// the words in one chain of multiplies, took 0.04 with heaps 31, 31, 31 to 0.50–0.57 s
/// against 0.39–0.47 s.)
struct SetTable {
    words: usize,
    keys: Vec<u64>,
    counts: Vec<(u64, u64)>,
    hashes: Vec<u64>,
    /// Index + 1 of a state (0: empty); a power of two, at most half full.
    slots: Vec<u32>,
}

impl SetTable {
    fn new(words: usize, room: usize) -> SetTable {
        let slots = vec![0; (2 * room).next_power_of_two().max(16)];
        SetTable { words, keys: Vec::new(), counts: Vec::new(), hashes: Vec::new(), slots }
    }

    /// Empties the table for about `room` states, keeping its memory: a layer's pages, taken
    /// afresh from the system, cost more to map than to clear.
    fn reset(&mut self, room: usize) {
        self.keys.clear();
        self.counts.clear();
        self.hashes.clear();
        self.slots.clear();
        self.slots.resize((2 * room).next_power_of_two().max(16), 0);
    }

    fn len(&self) -> usize {
        self.counts.len()
    }

    fn key(&self, i: usize) -> &[u64] {
        &self.keys[i * self.words..(i + 1) * self.words]
    }

    /// The words' hash, four words at a time in independent lanes, each step an xor-shift and
    /// a multiply, so that a bit flipped anywhere in a word changes about half the lane's bits
    /// (a multiply and a rotate left a word's top bit as one bit of the lane, so flipping it and
    /// that bit of the lane's next word collided).
    fn hash(key: &[u64]) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut lanes = [0u64, 1, 2, 3];
        for (i, &x) in key.iter().enumerate() {
            let y = lanes[i % 4] ^ x;
            lanes[i % 4] = (y ^ y >> 32).wrapping_mul(K);
        }
        let mut h = key.len() as u64;
        for l in lanes {
            h = (h ^ l).wrapping_mul(K);
            h ^= h >> 32;
        }
        crate::combinatorics::splitmix64(h)
    }

    /// Asks for the slot a key of this hash is probed from first (a hint only).
    fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let at = hash as usize & (self.slots.len() - 1);
            // SAFETY: a prefetch reads nothing and cannot fault; the address is in the table.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(at).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Adds `w` multisets with `e` moves to the state `key`, whose hash is `hash`, kept once.
    fn put(&mut self, key: &[u64], hash: u64, w: u64, e: u64) {
        let wrap = self.slots.len() - 1;
        let mut at = hash as usize & wrap;
        loop {
            let i = self.slots[at] as usize;
            if i == 0 {
                break;
            }
            if self.hashes[i - 1] == hash && self.key(i - 1) == key {
                let c = &mut self.counts[i - 1];
                *c = (add(c.0, w), add(c.1, e));
                return;
            }
            at = (at + 1) & wrap;
        }
        self.keys.extend_from_slice(key);
        self.counts.push((w, e));
        self.hashes.push(hash);
        self.slots[at] = self.counts.len() as u32;
        if 2 * self.counts.len() > self.slots.len() {
            self.grow();
        }
    }

    /// Doubles the slots, placing each state again by its kept hash.
    fn grow(&mut self) {
        let mut slots = vec![0u32; 2 * self.slots.len()];
        let wrap = slots.len() - 1;
        for (i, &h) in self.hashes.iter().enumerate() {
            let mut at = h as usize & wrap;
            while slots[at] != 0 {
                at = (at + 1) & wrap;
            }
            slots[at] = i as u32 + 1;
        }
        self.slots = slots;
    }
}

/// The states a layer of [`count_pairs`] reaches from a few states of the last, with their
/// hashes, put together: each slot is asked for as its state is made, and read only after a
/// batch's worth of others (the look-ups missed the cache on their slots: half the time).
struct Batch {
    stride: usize,
    keys: Vec<u64>,
    made: Vec<(u64, u64, u64)>,
}

impl Batch {
    /// States per batch.
    const STATES: usize = 64;

    fn push(&mut self, next: &SetTable, key: &[u64], w: u64, e: u64) {
        let hash = SetTable::hash(key);
        next.prefetch(hash);
        self.keys.extend_from_slice(key);
        self.made.push((hash, w, e));
    }

    fn put_all(&mut self, next: &mut SetTable) {
        for (key, &(hash, w, e)) in self.keys.chunks_exact(self.stride).zip(&self.made) {
            next.put(key, hash, w, e);
        }
        self.keys.clear();
        self.made.clear();
    }
}

/// `dst` = `src` shifted up by `by` bits (bits past the end dropped). Indexed rather than
/// zipped, as are the three-group programme's loops over a state's words for each copy of a
/// heap (its hot path): the tests' build (no link-time optimisation) left the iterator adapters
/// as calls, and ran the programme at half the speed of the release build.
#[inline]
fn shift_up(src: &[u64], by: usize, dst: &mut [u64]) {
    let n = dst.len();
    let (words, bits) = ((by / 64).min(n), by % 64);
    dst[..words].fill(0);
    if words == n {
        return;
    }
    let src = &src[..n - words];
    if bits == 0 {
        dst[words..].copy_from_slice(src);
        return;
    }
    dst[words] = src[0] << bits;
    for i in 1..src.len() {
        dst[words + i] = src[i] << bits | src[i - 1] >> (64 - bits);
    }
}

/// `dst` = `src` shifted down by `by` bits.
fn shift_down(src: &[u64], by: usize, dst: &mut [u64]) {
    let (words, bits) = ((by / 64).min(src.len()), by % 64);
    let (low, high) = dst.split_at_mut(src.len() - words);
    high.fill(0);
    let from = &src[words..];
    if bits == 0 {
        low.copy_from_slice(from);
    } else {
        for (i, d) in low.iter_mut().enumerate() {
            *d = from[i] >> bits | from.get(i + 1).map_or(0, |&x| x << (64 - bits));
        }
    }
}

/// The pair sets a programme's states may hold, per tag: those whose groups still have room for
/// what may come, and those every group accepts as they are.
struct Masks {
    /// Words of a pair set.
    words: usize,
    /// Tags are below this, and start at 0; a heap moves a tag to a larger one.
    tags: usize,
    live: Vec<u64>,
    accepted: Vec<u64>,
}

impl Masks {
    fn new(words: usize, tags: usize) -> Masks {
        Masks { words, tags, live: vec![0; words * tags], accepted: vec![0; words * tags] }
    }
    fn live(&self, tag: usize) -> &[u64] {
        &self.live[tag * self.words..(tag + 1) * self.words]
    }
    fn accepted(&self, tag: usize) -> &[u64] {
        &self.accepted[tag * self.words..(tag + 1) * self.words]
    }
    /// Marks pair `at` live at `tag`, and accepted there if `accepted`.
    fn mark(&mut self, tag: usize, at: usize, accepted: bool) {
        let row = tag * self.words..(tag + 1) * self.words;
        set_bit(&mut self.live[row.clone()], at);
        if accepted {
            set_bit(&mut self.accepted[row], at);
        }
    }
}

/// What a pair-set programme ([`count_pairs`]) counts with: a state is a tag (the totals so far)
/// and a set of pairs, a bitset, of what the tracked groups can hold; the untracked group holds
/// the rest.
trait Pairs {
    fn masks(&self) -> &Masks;
    /// The tag after one heap more of `cost`, if any group may still hold it.
    fn next(&self, tag: usize, cost: usize) -> Option<usize>;
    /// `out` = the pairs reached from `pairs` by a heap of `cost` going to a tracked group.
    fn moved(&self, pairs: &[u64], cost: usize, scratch: &mut [u64], out: &mut [u64]);
    /// `out` = the pairs from which a heap of `cost` going to a tracked group reaches `pairs`.
    fn moved_back(&self, pairs: &[u64], cost: usize, scratch: &mut [u64], out: &mut [u64]);
    /// Where a set's outcome no longer depends on all its pairs, fewer of them: merges states.
    fn collapse(&self, _pairs: &mut [u64]) {}
}

/// The pair-set programme: heaps from the largest size down, each copy of a size going to a
/// tracked group (the pairs it reaches) or to the untracked one (the pairs as they are), a state
/// kept once per (tag, pairs). The smallest size is applied through a table, computed
/// backwards, of the pairs from which m heaps of it reach pairs every group accepts, so its
/// layer, the largest, is never kept. None when a layer passes [`MAX_THREE_WORDS`] or the
/// words shifted [`MAX_THREE_WORK`], or are projected to ([`doomed`]).
fn count_pairs(shape: &impl Pairs, take: u64, moves: &[u64]) -> Option<AtLeast> {
    let masks = shape.masks();
    let words = masks.words;
    let stride = words + 1;
    let mut layer = SetTable::new(stride, 1);
    let mut key = vec![0u64; stride];
    key[1] = 1;
    layer.put(&key, SetTable::hash(&key), 1, 0);
    // The layer before `layer`, its memory reused for the next.
    let mut spare = SetTable::new(stride, 0);
    let mut batch = Batch { stride, keys: Vec::new(), made: Vec::new() };
    let mut work = 0usize;
    // The work of the last layer, and the work done before the current one.
    let (mut last, mut at_layer) = (0usize, 0usize);
    let (mut scratch, mut moved) = (vec![0u64; words], vec![0u64; words]);
    for x in (2..moves.len()).rev() {
        let cost = x + take as usize;
        let mut next = spare;
        next.reset(layer.len() * 2);
        for i in 0..layer.len() {
            let (w, e) = layer.counts[i];
            let state = layer.key(i);
            // No copy of x (a state's visit counts as the words it copies, and its look-up).
            work += words + VISIT_WORDS;
            if work > MAX_THREE_WORK {
                return None;
            }
            batch.push(&next, state, w, e);
            let mut tag = state[0] as usize;
            // The pairs are updated in place in the key, copy after copy.
            key.copy_from_slice(state);
            let e = add(e, w.saturating_mul(moves[x]));
            // One copy of x more at a time, until no pair is left or the caps are passed.
            while let Some(after) = shape.next(tag, cost) {
                work += words + VISIT_WORDS;
                if work > MAX_THREE_WORK {
                    return None;
                }
                tag = after;
                shape.moved(&key[1..], cost, &mut scratch, &mut moved);
                let (mut any, live) = (0, masks.live(tag));
                for j in 0..words {
                    let p = (key[1 + j] | moved[j]) & live[j];
                    key[1 + j] = p;
                    any |= p;
                }
                if any == 0 {
                    break;
                }
                shape.collapse(&mut key[1..]);
                key[0] = tag as u64;
                batch.push(&next, &key, w, e);
            }
            if (i + 1) % Batch::STATES == 0 || i + 1 == layer.len() {
                batch.put_all(&mut next);
                if next.keys.len() > MAX_THREE_WORDS {
                    return None;
                }
            }
        }
        spare = std::mem::replace(&mut layer, next);
        // The layers of sizes x − 1 down to 2 are still to come.
        let before = last;
        (last, at_layer) = (work - at_layer, work);
        if doomed(work, before, last, x.saturating_sub(2)) {
            return None;
        }
    }
    // The layer before the last is not read again.
    drop(spare);
    // Heaps of one: done[first[tag] + m], for m copies of them from `tag`, in blocks of tags from
    // the largest down, so that each block reads the one its tag's next copy leads to.
    let cost = 1 + take as usize;
    let tags = masks.tags;
    let mut copies = vec![0usize; tags];
    for tag in (0..tags).rev() {
        copies[tag] = 1 + shape.next(tag, cost).map_or(0, |after| copies[after]);
    }
    let mut first = vec![0usize; tags + 1];
    for tag in 0..tags {
        first[tag + 1] = first[tag] + copies[tag];
    }
    let mut done = vec![0u64; first[tags] * words];
    for tag in (0..tags).rev() {
        let here = first[tag];
        done[here * words..(here + 1) * words].copy_from_slice(masks.accepted(tag));
        let Some(after) = shape.next(tag, cost) else { continue };
        let (head, tail) = done.split_at_mut(first[after] * words);
        for m in 1..copies[tag] {
            let to = &mut head[(here + m) * words..(here + m + 1) * words];
            let from = &tail[(m - 1) * words..m * words];
            shape.moved_back(from, cost, &mut scratch, &mut moved);
            for ((d, f), b) in to.iter_mut().zip(from).zip(&moved) {
                *d = f | b;
            }
        }
    }
    let some: Vec<bool> = done.chunks(words).map(|d| d.iter().any(|&x| x != 0)).collect();
    let mut found = Counted::default();
    for i in 0..layer.len() {
        let (w, e) = layer.counts[i];
        let state = layer.key(i);
        let tag = state[0] as usize;
        for m in 0..copies[tag] {
            let at = first[tag] + m;
            if some[at] && state[1..].iter().zip(&done[at * words..(at + 1) * words]).any(|(p, d)| p & d != 0)
            {
                found.add(w, if m == 0 { e } else { add(e, w.saturating_mul(moves[1])) });
            }
        }
    }
    Some(found.into())
}

/// Sets bit `i` of `mask`.
fn set_bit(mask: &mut [u64], i: usize) {
    mask[i / 64] |= 1 << (i % 64);
}

/// Three groups exactly: every multiset whose heaps split into three groups the three groups
/// accept. The tag is the total cost so far; the pairs are the costs (s₁, s₂) the first two
/// groups can hold, bit s₁·(c₂ + 1) + s₂ (the third holds the rest); a heap of cost c adds c to
/// s₁, to s₂ or to the third group's share. Pairs that leave a group a room nothing fills (at
/// most `take` and no sum of its reductions) or the third group past its cap are forgotten,
/// and where every group must be filled exactly, a pair that fills the first two exactly makes
/// the others irrelevant (the rest then fills the third exactly or nothing does): both merge
/// states. `groups` come smallest cap first. None when the pair sets pass [`MAX_THREE_BITS`], the
/// masks [`MAX_THREE_CELLS`], or [`count_pairs`] gives up.
fn three_exactly(groups: [Group; 3], take: u64, moves: &[u64]) -> Option<AtLeast> {
    let [g1, g2, g3] = groups;
    let (c1, c2, c3) = (g1.cap as usize, g2.cap as usize, g3.cap as usize);
    let bits = (c1 + 1) * (c2 + 1);
    let total = c1 + c2 + c3;
    if bits > MAX_THREE_BITS || bits * (total + 1) > MAX_THREE_CELLS {
        return None;
    }
    let words = bits.div_ceil(64);
    let at = |s1: usize, s2: usize| s1 * (c2 + 1) + s2;
    let row = |t: usize| t * words..(t + 1) * words;
    let fillable = |g: Group, room: usize| room == 0 || room as u64 > take || g.shrinks(room as u64);
    let mut masks = Masks::new(words, total + 1);
    for t in 0..=total {
        for s1 in 0..=c1.min(t) {
            for s2 in t.saturating_sub(s1 + c3)..=c2.min(t - s1) {
                let s3 = t - s1 - s2;
                if fillable(g1, c1 - s1) && fillable(g2, c2 - s2) && fillable(g3, c3 - s3) {
                    let accepted = g1.accepts(s1 as u64) && g2.accepts(s2 as u64) && g3.accepts(s3 as u64);
                    masks.mark(t, at(s1, s2), accepted);
                }
            }
        }
    }
    // Per cost c: the pairs whose s₂ has room for c more.
    let most_cost = moves.len() - 1 + take as usize;
    let mut room_for = vec![0u64; (most_cost + 1) * words];
    for c in 0..=most_cost.min(c2) {
        for s1 in 0..=c1 {
            for s2 in 0..=c2 - c {
                set_bit(&mut room_for[row(c)], at(s1, s2));
            }
        }
    }
    let exact_fill = groups.iter().all(|g| g.reduce.is_none());
    let shape = ThreeGroups { masks, total, c2, room_for, both_full: exact_fill.then_some(at(c1, c2)) };
    count_pairs(&shape, take, moves)
}

/// [`three_exactly`]'s geometry.
struct ThreeGroups {
    masks: Masks,
    total: usize,
    c2: usize,
    room_for: Vec<u64>,
    /// The pair filling the first two groups, where every group must be filled exactly.
    both_full: Option<usize>,
}

impl Pairs for ThreeGroups {
    fn masks(&self) -> &Masks {
        &self.masks
    }
    fn next(&self, t: usize, cost: usize) -> Option<usize> {
        (t + cost <= self.total).then_some(t + cost)
    }
    fn moved(&self, pairs: &[u64], cost: usize, scratch: &mut [u64], out: &mut [u64]) {
        // Along s₂ (within its room), then along s₁ (past c₁ is past the bits, or not live).
        let words = self.masks.words;
        let room = &self.room_for[cost * words..(cost + 1) * words];
        for i in 0..words {
            scratch[i] = pairs[i] & room[i];
        }
        shift_up(scratch, cost, out);
        shift_up(pairs, cost * (self.c2 + 1), scratch);
        for i in 0..words {
            out[i] |= scratch[i];
        }
    }
    fn moved_back(&self, pairs: &[u64], cost: usize, scratch: &mut [u64], out: &mut [u64]) {
        shift_down(pairs, cost * (self.c2 + 1), out);
        shift_down(pairs, cost, scratch);
        let room = &self.room_for[cost * self.masks.words..(cost + 1) * self.masks.words];
        for ((o, m), r) in out.iter_mut().zip(scratch.iter()).zip(room) {
            *o |= m & r;
        }
    }
    fn collapse(&self, pairs: &mut [u64]) {
        if let Some(full) = self.both_full {
            if pairs[full / 64] >> (full % 64) & 1 == 1 {
                pairs.fill(0);
                set_bit(pairs, full);
            }
        }
    }
}

/// A lower bound on the positions and moves the two largest of `heaps` reach together through
/// `part` and a second split that takes `take_too` counters (more than `part.take`): what
/// `two_takes` counts, natively only; zero where it does not run.
pub fn packed_two_takes(part: Part, take_too: u64, heaps: &[u64], moves: &dyn Fn(u64) -> u64) -> AtLeast {
    if cfg!(target_arch = "wasm32") || take_too <= part.take {
        return AtLeast::default();
    }
    let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0 && h <= MAX_PACKED_HEAP).collect();
    sorted.sort_unstable();
    sorted.reverse();
    let [a, b, ..] = sorted[..] else { return AtLeast::default() };
    let group = |h: u64| Group { cap: h + part.take, reduce: part.reduce, reduce_too: part.reduce_too };
    let moves: Vec<u64> = (0..=a).map(|x| if x == 0 { 0 } else { moves(x) }).collect();
    two_takes(group(b), group(a), part.take, take_too - part.take, &moves).unwrap_or_default()
}

/// Two groups exactly under splits that take `take` or `take + step` counters. A group of k
/// heaps of cost s (each heap x costing x + take) is reached from its heap when its room
/// cap − s is i·step plus a sum of its reductions for some i < k: k − 1 splits, i of them taking
/// the more. The tag is the total cost and heap count so far; the pairs are the (s, k) the first
/// group can hold, bit s·(k_a + 1) + k (the second holds the rest); pairs that leave the second
/// group past its cap or its most heaps are forgotten. None when the pair sets pass
/// [`MAX_THREE_BITS`], the masks [`MAX_THREE_CELLS`], or [`count_pairs`] gives up.
fn two_takes(a: Group, b: Group, take: u64, step: u64, moves: &[u64]) -> Option<AtLeast> {
    let (ca, cb) = (a.cap as usize, b.cap as usize);
    // The most heaps a group holds: each costs at least 1 + take.
    let most = |cap: usize| cap / (1 + take as usize);
    let (ka, kb) = (most(ca), most(cb));
    let bits = (ca + 1) * (ka + 1);
    let (totals, counts) = (ca + cb + 1, ka + kb + 1);
    if bits > MAX_THREE_BITS || bits * totals * counts > MAX_THREE_CELLS {
        return None;
    }
    let words = bits.div_ceil(64);
    let at = |s: usize, k: usize| s * (ka + 1) + k;
    let accepts = |g: Group, s: usize, k: usize| {
        let cap = g.cap as usize;
        let step = step as usize;
        k > 0 && s <= cap && (0..k).any(|i| i * step <= cap - s && g.shrinks((cap - s - i * step) as u64))
    };
    let mut masks = Masks::new(words, totals * counts);
    for t in 0..totals {
        for n in 0..counts {
            for s in t.saturating_sub(cb)..=ca.min(t) {
                for k in n.saturating_sub(kb)..=ka.min(n) {
                    masks.mark(t * counts + n, at(s, k), accepts(a, s, k) && accepts(b, t - s, n - k));
                }
            }
        }
    }
    // The pairs whose group may take one heap more.
    let mut room = vec![0u64; words];
    for s in 0..=ca {
        for k in 0..ka {
            set_bit(&mut room, at(s, k));
        }
    }
    count_pairs(&TwoTakes { masks, totals, counts, ka, room }, take, moves)
}

/// [`two_takes`]' geometry: tag t·counts + n for total cost t and heap count n.
struct TwoTakes {
    masks: Masks,
    totals: usize,
    counts: usize,
    ka: usize,
    room: Vec<u64>,
}

impl Pairs for TwoTakes {
    fn masks(&self) -> &Masks {
        &self.masks
    }
    fn next(&self, tag: usize, cost: usize) -> Option<usize> {
        let (t, n) = (tag / self.counts, tag % self.counts);
        (t + cost < self.totals && n + 1 < self.counts).then_some((t + cost) * self.counts + n + 1)
    }
    fn moved(&self, pairs: &[u64], cost: usize, scratch: &mut [u64], out: &mut [u64]) {
        for ((m, p), r) in scratch.iter_mut().zip(pairs).zip(&self.room) {
            *m = p & r;
        }
        shift_up(scratch, cost * (self.ka + 1) + 1, out);
    }
    fn moved_back(&self, pairs: &[u64], cost: usize, _scratch: &mut [u64], out: &mut [u64]) {
        shift_down(pairs, cost * (self.ka + 1) + 1, out);
        for (o, r) in out.iter_mut().zip(&self.room) {
            *o &= r;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lasker::TakeOrSplit;
    use crate::games::octal::OctalCode;
    use crate::size::Bound;
    use crate::sizing::heap_rule::{estimate, moves_of, packed_size_of, HeapRule};

    /// States differing in two bits, in two words that share a lane of the hash (the pattern a
    /// multiply and a rotate let collide: 23 such pairs of this key did), hash apart; and the
    /// table keeps every one of them once, with its counts.
    #[test]
    fn states_two_bits_apart_hash_apart_and_are_kept_apart() {
        let base: Vec<u64> = (0..20).map(crate::combinatorics::splitmix64).collect();
        let mut hashes = vec![SetTable::hash(&base)];
        let mut table = SetTable::new(base.len(), 1);
        let mut key = base.clone();
        for i in 0..16 {
            for a in 0..64 {
                for b in (0..64).step_by(7) {
                    key[i] ^= 1 << a;
                    key[i + 4] ^= 1 << b;
                    hashes.push(SetTable::hash(&key));
                    table.put(&key, SetTable::hash(&key), 1, 2);
                    table.put(&key, SetTable::hash(&key), 1, 2);
                    key.copy_from_slice(&base);
                }
            }
        }
        let all = hashes.len();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), all);
        assert_eq!(table.len(), all - 1);
        assert!(table.counts.iter().all(|&c| c == (2, 4)));
    }

    /// Each heap size's moves under `code`, up to `largest` (none for 0).
    fn move_table(code: &OctalCode, largest: u64) -> Vec<u64> {
        (0..=largest).map(|x| if x == 0 { 0 } else { moves_of(code, x) }).collect()
    }

    /// Never more than the game reaches: positions and moves against the walk's exact counts, on
    /// every one- and two-digit octal code with a free split and on Lasker's Nim, over heaps of
    /// two and three sizes; and exact for two heaps where the rule is the part alone.
    #[test]
    fn the_bounds_are_at_most_what_the_walk_counts() {
        let mut codes: Vec<String> = (0..8).map(|d| format!("0.{d}")).collect();
        codes.extend((0..64).map(|d| format!("0.{}{}", d / 8, d % 8)));
        let mut rules: Vec<Box<dyn HeapRule>> =
            codes.iter().map(|c| Box::new(OctalCode::parse(c).unwrap()) as Box<dyn HeapRule>).collect();
        rules.push(Box::new(TakeOrSplit));
        let mut bounded = 0;
        for rule in &rules {
            for heaps in
                [vec![9, 5], vec![12, 12], vec![13, 7, 4], vec![10, 9, 8], vec![16, 3], vec![6, 6, 6, 2]]
            {
                for part in rule.free_splits() {
                    let size = estimate(rule.as_ref(), &heaps, &Limits::DEFAULT);
                    assert_eq!(size.bound, Bound::Exact);
                    // A budget of the game's own size: the exact programme runs too.
                    let own = Limits { max_positions: size.positions as u64, max_edges: size.edges as u64 };
                    let bound = packed_size_of(rule.as_ref(), part, &heaps, &own);
                    assert!(
                        bound.positions <= size.positions && bound.edges <= size.edges,
                        "{rule:?} {part:?} {heaps:?}: {bound:?} > {size:?}"
                    );
                    bounded += usize::from(bound.positions > 1);
                }
            }
        }
        assert!(bounded > 100, "{bounded}");
    }

    /// 0.6 (take one, leave one or two heaps), 0.4 (take one, split in two) and 0.04 (take two,
    /// split in two) are their free split: the exact programme gives the positions and moves of
    /// two heaps exactly (for 0.4 and 0.04 with subset costs too low to fill the group forgotten).
    #[test]
    fn two_heaps_of_a_pure_split_are_counted_exactly() {
        for code in ["0.6", "0.4", "0.04"] {
            let code = OctalCode::parse(code).unwrap();
            let part = code.free_splits()[0];
            for heaps in [[9, 5], [12, 12], [14, 3], [11, 10], [17, 13]] {
                let size = estimate(&code, &heaps, &Limits::DEFAULT);
                let group =
                    |h: u64| Group { cap: h + part.take, reduce: part.reduce, reduce_too: part.reduce_too };
                let bound =
                    two_exactly(group(heaps[1]), group(heaps[0]), part.take, &move_table(&code, heaps[0]))
                        .unwrap();
                assert_eq!(
                    (bound.positions, bound.edges),
                    (size.positions, size.edges),
                    "{code:?} {heaps:?}"
                );
            }
        }
    }

    /// Three heaps: the exact programme gives the positions and moves of rules that are their
    /// free split (0.4, 0.04, 0.6, 0.06), equal caps or not, and never more than the walk for
    /// the others.
    #[test]
    fn three_heaps_are_counted_exactly_by_their_split() {
        let mut codes: Vec<String> = (0..8).map(|d| format!("0.{d}")).collect();
        // Two digits ending in 0 are the one-digit codes again.
        codes.extend((0..64).filter(|d| d % 8 != 0).map(|d| format!("0.{}{}", d / 8, d % 8)));
        let mut exact = 0;
        for code in &codes {
            let code = OctalCode::parse(code).unwrap();
            for part in code.free_splits() {
                for heaps in [[9u64, 7, 5], [8, 8, 8], [12, 6, 3], [10, 10, 2], [13, 11, 11]] {
                    let moves = move_table(&code, heaps[0]);
                    let group = |h: u64| Group {
                        cap: h + part.take,
                        reduce: part.reduce,
                        reduce_too: part.reduce_too,
                    };
                    let bound =
                        three_exactly([group(heaps[2]), group(heaps[1]), group(heaps[0])], part.take, &moves)
                            .unwrap();
                    let size = estimate(&code, &heaps, &Limits::DEFAULT);
                    assert!(
                        bound.positions <= size.positions && bound.edges <= size.edges,
                        "{code:?} {part:?} {heaps:?}: {bound:?} > {size:?}"
                    );
                    let whole =
                        ["0.4", "0.04", "0.6", "0.06"].iter().any(|c| OctalCode::parse(c).unwrap() == code);
                    if whole {
                        assert_eq!(
                            (bound.positions, bound.edges),
                            (size.positions, size.edges),
                            "{code:?} {heaps:?}"
                        );
                        exact += 1;
                    }
                }
            }
        }
        assert_eq!(exact, 20);
    }

    /// The work of the pair-set programme's last layers, measured: 0.04, 0.4 and 0.05 with three
    /// heaps of 31, 27 and 29 finish (90, 46 and 49 million words) and must not be projected past
    /// the cap; 0.004 with three heaps of 35 passes it at the size 2, and is projected to at 5.
    #[test]
    fn a_programme_bound_to_pass_its_cap_is_stopped_early() {
        // (size x, work after its layer), down to the size 2.
        let finished: [&[(usize, usize)]; 3] = [
            &[(6, 5_603_395), (5, 10_362_415), (4, 20_277_285), (3, 41_657_245), (2, 90_341_195)],
            &[(6, 2_382_090), (5, 4_514_430), (4, 9_116_550), (3, 19_660_500), (2, 45_521_130)],
            &[(6, 2_864_224), (5, 5_311_168), (4, 10_490_048), (3, 21_968_512), (2, 48_997_152)],
        ];
        for layers in finished {
            for w in layers.windows(3) {
                let [(_, a), (_, b), (x, work)] = [w[0], w[1], w[2]];
                assert!(!doomed(work, b - a, work - b, x - 2), "{layers:?} at {x}");
            }
        }
        // 0.004 with heaps 35, 35 and 35: (7, 7,103,840), (6, 12,200,840), (5, 22,087,200).
        assert!(!doomed(12_200_840, 7_103_840 - 4_338_200, 12_200_840 - 7_103_840, 4));
        assert!(doomed(22_087_200, 12_200_840 - 7_103_840, 22_087_200 - 12_200_840, 3));
        // 0.004 with heaps 35, 35 and 35 gives up in the programme and is then counted by layers.
        let code = OctalCode::parse("0.004").unwrap();
        let part = code.free_splits()[0];
        let moves = move_table(&code, 35);
        let group = Group { cap: 35 + part.take, reduce: part.reduce, reduce_too: part.reduce_too };
        assert!(three_exactly([group; 3], part.take, &moves).is_none());
    }

    /// The slowest refusals the walk made: now refused by the bound, on the budget they pass.
    /// From 0.04 heaps 60,31 on, they were 1.2–3.6 s walks while subsets holding a valid split
    /// kept their other costs, costs that can no longer fit were kept under a reduction, and a
    /// heap removed whole after a split (0.05, 0.15) did not count as a reduction, nor a second
    /// reduction (0.16, 0.17) as one.
    #[test]
    fn games_far_past_the_budget_are_bounded_past_it() {
        for (code, heaps) in [
            ("0.6", [36, 30]),
            ("0.7", [36, 30]),
            ("0.77", [40, 20]),
            ("0.04", [46, 46]),
            ("0.4", [52, 27]),
            ("0.04", [60, 31]),
            ("0.06", [51, 26]),
            ("0.07", [39, 39]),
            ("0.35", [36, 36]),
            ("0.05", [42, 42]),
            ("0.15", [40, 40]),
            ("0.16", [49, 25]),
            ("0.17", [38, 38]),
        ] {
            bounded_past(code, &heaps);
        }
        // Three heaps: first fit fell 15–25% short of these, and the walk took 1.4–3.2 s.
        for (code, heaps) in [
            ("0.4", [27, 27, 27]),
            ("0.04", [31, 31, 31]),
            ("0.06", [26, 26, 26]),
            ("0.05", [29, 29, 29]),
            ("0.5", [24, 24, 24]),
        ] {
            bounded_past(code, &heaps);
        }
        // Four heaps: first fit over three of them fell short, and the walk took 2.9–3.3 s.
        for (code, heaps) in [("0.4", [22, 22, 22, 22]), ("0.04", [25, 25, 25, 25])] {
            bounded_past(code, &heaps);
        }
        // Two split digits: the walk took 1.8–2.6 s.
        for (code, heaps) in [("0.44", [43, 22]), ("0.44", [33, 33]), ("0.45", [31, 31])] {
            let code = OctalCode::parse(code).unwrap();
            let [first, second, ..] = code.free_splits()[..] else { panic!("{code:?}") };
            let part = Part { take: first.take, reduce: first.reduce, reduce_too: first.reduce_too };
            let bound = packed_two_takes(part, second.take, &heaps, &|x| moves_of(&code, x));
            assert!(bound.edges > u128::from(Limits::DEFAULT.max_edges), "{code:?} {heaps:?}: {bound:?}");
        }
    }

    /// Two split digits: the two takes together give 0.44's positions and moves of two heaps
    /// exactly (it is those splits alone), and never more than the walk for the others.
    #[test]
    fn two_takes_are_counted_exactly_together() {
        let mut exact = 0;
        for d in 0..64 {
            let code = OctalCode::parse(&format!("0.{}{}", d / 8, d % 8)).unwrap();
            let [first, second] = code.free_splits()[..] else { continue };
            let part = Part { take: first.take, reduce: first.reduce, reduce_too: first.reduce_too };
            for heaps in [[9u64, 5], [12, 12], [14, 3], [11, 10], [17, 13]] {
                let bound = packed_two_takes(part, second.take, &heaps, &|x| moves_of(&code, x));
                let size = estimate(&code, &heaps, &Limits::DEFAULT);
                assert!(
                    bound.positions <= size.positions && bound.edges <= size.edges,
                    "{code:?} {heaps:?}: {bound:?} > {size:?}"
                );
                assert!(bound.positions > 1, "{code:?} {heaps:?}");
                if code == OctalCode::parse("0.44").unwrap() {
                    assert_eq!((bound.positions, bound.edges), (size.positions, size.edges), "{heaps:?}");
                    exact += 1;
                }
            }
        }
        assert_eq!(exact, 5);
    }

    /// One heap far larger than the others gives each programme masks over 10^8 pairs and tags,
    /// or a thousand layers: refused before its tables are built (`estimate` never asks: a
    /// single heap's count refuses these first).
    #[test]
    fn lopsided_heaps_are_refused_before_the_tables() {
        let code = OctalCode::parse("0.44").unwrap();
        let group = |h: u64| Group { cap: h + 1, reduce: None, reduce_too: None };
        let moves = move_table(&code, 1000);
        assert!(two_takes(group(20), group(1000), 1, 1, &moves).is_none());
        assert!(three_exactly([group(10), group(10), group(1000)], 1, &moves).is_none());
    }

    /// `code` with `heaps` is bounded past the moves budget, and refused on it.
    fn bounded_past(code: &str, heaps: &[u64]) {
        let limits = Limits::DEFAULT;
        let code = OctalCode::parse(code).unwrap();
        let bound = code
            .free_splits()
            .into_iter()
            .map(|part| packed_size_of(&code, part, heaps, &limits))
            .fold(AtLeast::default(), AtLeast::max);
        assert!(bound.edges > u128::from(limits.max_edges), "{code:?} {heaps:?}: {bound:?}");
        // The refusal names the budget passed: these games fit in the positions budget.
        let size = estimate(&code, heaps, &limits);
        let refusal = crate::budget::check_size("octal", size, &limits).unwrap_err().to_string();
        assert!(refusal.contains("moves, above the budget of 40,000,000 moves"), "{refusal}");
    }
}
