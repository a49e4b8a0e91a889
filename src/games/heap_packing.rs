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
//!   irrelevant: both merge states (0.04 with heaps 60 and 31 fits in 2^18 of them).
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
            (Some(r), None) => by % r == 0,
            // a·r + b·s: a below s is enough (s copies of r are r copies of s).
            (Some(r), Some(s)) => (0..s).take_while(|&a| a * r <= by).any(|a| (by - a * r) % s == 0),
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
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let Some(&largest) = sorted.first() else { return AtLeast::default() };
    let group = |h: u64| Group { cap: h + part.take, reduce: part.reduce, reduce_too: part.reduce_too };
    // First fit over as many of the largest heaps as the programme holds, in both orders.
    let mut groups: Vec<Group> = Vec::new();
    let mut states = 1u64;
    for &h in &sorted {
        let next = states.saturating_mul(h + part.take + 1);
        if next > MAX_FIT_STATES || next.saturating_mul(largest) > MAX_FIT_WORK {
            break;
        }
        groups.push(group(h));
        states = next;
    }
    if groups.is_empty() {
        return AtLeast::default();
    }
    // Part sizes run up to the largest heap: their moves under the whole rule, once each.
    let moves: Vec<u64> = (0..=largest).map(|x| if x == 0 { 0 } else { moves(x) }).collect();
    let mut best = first_fit(&groups, part.take, largest, &moves);
    if groups.len() > 1 {
        groups.reverse();
        best = best.max(first_fit(&groups, part.take, largest, &moves));
    }
    let near = |count: u128, budget: u64| count > u128::from(budget / 2);
    let past = |count: u128, budget: u64| count > u128::from(budget);
    let decided = past(best.positions, limits.max_positions) || past(best.edges, limits.max_edges);
    let close = near(best.positions, limits.max_positions) || near(best.edges, limits.max_edges);
    // Natively only: at the page's budget the walk after first fit costs a few tenths of a
    // second at most, and the programme would add 7 KB to the wasm every visitor downloads.
    if let ([a, b, ..], false, true, false) = (&sorted[..], decided, close, cfg!(target_arch = "wasm32")) {
        if let Some(exact) = two_exactly(group(*b), group(*a), part.take, &moves) {
            best = best.max(exact);
        }
    }
    best
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
        let (mut next_count, mut next_edges) = (count.clone(), edges.clone());
        for index in 0..total {
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
                next_count[to] = add(next_count[to], w);
                next_edges[to] = add(next_edges[to], add(e, w.saturating_mul(moves[x as usize])));
            }
        }
        (count, edges) = (next_count, next_edges);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap_rule::{estimate, packed_size_of, HeapRule};
    use crate::games::lasker::TakeOrSplit;
    use crate::games::octal::OctalCode;
    use crate::size::Bound;

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
            let moves = |largest: u64| -> Vec<u64> {
                let count = |x: u64| {
                    let mut count = 0;
                    code.leaves(x, &mut |_| {
                        count += 1;
                        true
                    });
                    count
                };
                (0..=largest).map(|x| if x == 0 { 0 } else { count(x) }).collect()
            };
            for heaps in [[9, 5], [12, 12], [14, 3], [11, 10], [17, 13]] {
                let size = estimate(&code, &heaps, &Limits::DEFAULT);
                let group =
                    |h: u64| Group { cap: h + part.take, reduce: part.reduce, reduce_too: part.reduce_too };
                let bound =
                    two_exactly(group(heaps[1]), group(heaps[0]), part.take, &moves(heaps[0])).unwrap();
                assert_eq!(
                    (bound.positions, bound.edges),
                    (size.positions, size.edges),
                    "{code:?} {heaps:?}"
                );
            }
        }
    }

    /// The slowest refusals the walk made: now refused by the bound, on the budget they pass.
    /// From 0.04 heaps 60,31 on, they were 1.2–3.6 s walks while subsets holding a valid split
    /// kept their other costs, costs that can no longer fit were kept under a reduction, and a
    /// heap removed whole after a split (0.05, 0.15) did not count as a reduction, nor a second
    /// reduction (0.16, 0.17) as one.
    #[test]
    fn games_far_past_the_budget_are_bounded_past_it() {
        let limits = Limits::DEFAULT;
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
            let code = OctalCode::parse(code).unwrap();
            let bound = code
                .free_splits()
                .into_iter()
                .map(|part| packed_size_of(&code, part, &heaps, &limits))
                .fold(AtLeast::default(), AtLeast::max);
            assert!(bound.edges > u128::from(limits.max_edges), "{code:?} {heaps:?}: {bound:?}");
            // The refusal names the budget passed: these games fit in the positions budget.
            let size = estimate(&code, &heaps, &limits);
            let refusal = crate::budget::check_size("octal", size, &limits).unwrap_err().to_string();
            assert!(refusal.contains("moves, above the budget of 40,000,000 moves"), "{refusal}");
        }
    }
}
