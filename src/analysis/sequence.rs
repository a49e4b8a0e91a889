//! Grundy sequences of heap games, computed by their recurrence (not through a position graph),
//! and their periods with a proof.
//!
//! For an octal game (Winning Ways ch. 4; see [`crate::games::octal`]), g(n) is the mex of the
//! values of the positions one move from a heap of n: 0 (the heap taken whole), g(n − i) (one
//! heap left) and g(a) ⊕ g(b) with a + b = n − i, a, b ≥ 1 (two heaps left; the XOR is the
//! Sprague–Grundy theorem for the sum of the two, seed 001). A subtraction game is the octal
//! game whose digits are 3 at its moves.
//!
//! **Speed.** The two-heap options make the plain recurrence O(n²). Winning Ways' "Sparse
//! space spells speed" (ch. 4, Extras; Flammenkamp's tables of octal games use the same
//! method) avoids most of it: fix a bit mask m and split the values by the parity of the bits
//! of `g & m` (Flammenkamp's "domain" variant also adds the parity of n). The XOR of a pair's
//! values has odd (twisted) parity exactly when one member is in each class, so if one class is
//! sparse, every option value of that parity comes from a pair with a sparse member and can be
//! listed exactly from the (short) sparse list. Only values of the other parity need a scan of
//! the pairs, and a scan for a value smaller than the mex ends at the first pair that makes it.
//! The result never depends on the mask, only the speed: [`OctalSequence`] picks the mask that
//! would have been cheapest on the last values computed, and re-picks it as the sequence grows.
//!
//! Where no split pays (the games whose values grow without bound, like 0.04, 0.06 and 0.76,
//! have no sparse class), every pair is listed: the plain O(n²) recurrence, with its inner loop
//! made cheap ([`mark_pairs`]: two slices, no bounds checks, about 0.5 ns a pair here). When
//! only a few values are still sought among the pairs, each pair is compared with them in a
//! loop the compiler vectorises rather than marked ([`first_not_made`]). Measured to 10^6 heaps
//! on one core here: 0.6 in 4 s, 0.74 (the slowest split game) in 6 s; the three growing codes
//! take minutes (README, "Performance").
//!
//! **Periods.** Guy and Smith's periodicity theorem (Winning Ways ch. 4, "The Periodicity
//! Theorem"): for an octal game whose code has length k, if g(n + p) = g(n) for all n with
//! n0 ≤ n < 2·n0 + p + k, then for all n ≥ n0. For a subtraction game with largest move s a
//! repeated window of s values suffices (g(n) depends on the s values before it), so
//! g(n + p) = g(n) for n0 ≤ n < n0 + s proves it (seed 004's argument, see
//! [`super::period`]). [`proven_period`] reports the least period such a proof covers within the
//! values computed, and for it the least preperiod.

use crate::error::InputError;
use crate::games::heap_rule::{self, Recurrence};
use crate::games::octal::OctalCode;
use crate::games::{Family, FamilyInfo, FAMILIES};
use crate::spec::{parse_pairs, GameSpec};
use crate::value::bad_value;

/// The largest `--to` a sequence may be asked for: values are 4 bytes each, and a game whose
/// values grow (no sparse split) costs time quadratic in the heap, about 5 minutes here at this
/// size for the slowest two-digit code (0.76: 252 s of user CPU to 10^6).
pub const MAX_TO: usize = 1 << 20;

/// How far a sequence is computed, without `--to`, while no period is proven.
pub const SEARCH_LIMIT: usize = 1 << 17;

/// How far `analyse` looks for an octal game's period: about 50 ms for a five-digit code
/// whose values grow (the quadratic case); Kayles and Dawson's Kayles are proven within 200.
pub const ANALYSE_LIMIT: usize = 1 << 12;

/// A heap game whose Grundy sequence is computed by its recurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapGame {
    /// A subtraction game's moves, ascending.
    Subtraction(Vec<u64>),
    Octal(OctalCode),
    /// Any other heap rule ([`crate::games::heap_rule`]): its closed form when a theorem gives
    /// one, else the plain recurrence over the rule's moves; no period proof.
    Rule(Family),
}

/// g(0..=to) of a heap game and the least period proven within those values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence {
    pub values: Vec<u32>,
    pub period: Option<Period>,
}

impl HeapGame {
    /// The heap game of a family, if it is one.
    /// Nim (g(n) = n) is left out: its sequence says nothing.
    pub fn of(family: &Family) -> Option<HeapGame> {
        let rule = family.heap_sum()?.rule;
        if rule.formula().is_some_and(|f| f.identity) {
            return None;
        }
        Some(match rule.recurrence() {
            Recurrence::Subtraction(moves) => HeapGame::Subtraction(moves.to_vec()),
            Recurrence::Octal(digits) => HeapGame::Octal(OctalCode::from_digits(digits)),
            Recurrence::Plain => HeapGame::Rule(family.clone()),
        })
    }

    /// Reads a spec of a heap game; its heap key may be left out (the sequence is of single
    /// heaps of every size). Returns the game and its canonical spec.
    pub fn parse(text: &str) -> Result<(HeapGame, String), InputError> {
        let mut pairs = parse_pairs(text)?;
        let game = pairs.iter().find(|(k, _)| k == "game").map(|(_, v)| v.clone());
        let heap_games = || heap_families().join(", ");
        let info = match game.as_deref() {
            Some(name) => match FAMILIES.iter().find(|f| f.name == name && heap_key(f).is_some()) {
                Some(info) => Some(info),
                None => {
                    let allowed = format!("{}: sequences are of heap games", heap_games());
                    return Err(bad_value("game", name, &allowed));
                }
            },
            None => None,
        };
        let heap_key = info.and_then(heap_key).unwrap_or("");
        if !heap_key.is_empty() && !pairs.iter().any(|(k, _)| k == heap_key) {
            pairs.push((heap_key.to_string(), "0".to_string()));
        }
        let spec = GameSpec::from_pairs(&pairs)?;
        let heap_game =
            HeapGame::of(&spec.family).ok_or_else(|| bad_value("game", spec.family.name(), &heap_games()))?;
        // The canonical spec without the heap key, which a sequence does not use.
        let canonical = spec.to_string();
        let canonical = canonical
            .split('&')
            .filter(|pair| !pair.starts_with(&format!("{heap_key}=")))
            .collect::<Vec<_>>()
            .join("&");
        Ok((heap_game, canonical))
    }

    /// Whether a period of this game's sequence can be proven from its values.
    pub fn proves_periods(&self) -> bool {
        self.proof() != Proof::None
    }

    /// What proves a period of this game.
    fn proof(&self) -> Proof {
        match self {
            // A move longer than any heap computed never proves anything; cap it so the sum
            // in the proof's bound cannot overflow.
            HeapGame::Subtraction(moves) => Proof::Window {
                largest_move: moves
                    .last()
                    .map_or(1, |&s| usize::try_from(s).unwrap_or(usize::MAX).min(MAX_TO * 4)),
            },
            HeapGame::Octal(code) => Proof::Octal { code_len: code.len() },
            HeapGame::Rule(_) => Proof::None,
        }
    }

    /// g(0..=to) and the least period proven within those values.
    pub fn values_to(&self, to: usize) -> Sequence {
        let values = match self {
            HeapGame::Subtraction(moves) => subtraction_values(moves, to),
            HeapGame::Octal(code) => {
                let mut sequence = OctalSequence::new(code.clone());
                sequence.extend_to(to);
                sequence.g.truncate(to + 1);
                sequence.g
            }
            HeapGame::Rule(family) => rule_values(family, to),
        };
        let period = proven_period(&values, self.proof());
        Sequence { values, period }
    }

    /// Computes g until a period is proven or `limit` heaps are reached, doubling the length
    /// each round (`progress` hears each new length); the values end where the proof was found.
    /// A game no theorem proves periodic here is computed to `limit` at once.
    pub fn until_period(&self, limit: usize, mut progress: impl FnMut(usize)) -> Sequence {
        if !self.proves_periods() {
            progress(limit);
            return self.values_to(limit);
        }
        let mut to = 255.min(limit);
        loop {
            progress(to);
            let sequence = self.values_to(to);
            if sequence.period.is_some() || to >= limit {
                return sequence;
            }
            to = (2 * to + 1).min(limit);
        }
    }
}

/// Grundy values of one octal game, extended on demand.
#[derive(Debug, Clone)]
pub struct OctalSequence {
    code: OctalCode,
    g: Vec<u32>,
    classes: Option<Classes>,
    /// Stamp per value: `marks[v] == stamp` means v is an option of the heap being computed.
    marks: Vec<u32>,
    stamp: u32,
    /// Values found only by scanning every pair since the classes were last chosen.
    full_scans: usize,
    /// A period proven by Guy and Smith's theorem: later values are copies.
    period: Option<Period>,
    /// The largest value so far.
    top: u32,
}

/// The sparse-space split of the values computed so far (see the module doc).
#[derive(Debug, Clone)]
struct Classes {
    mask: u32,
    /// 1 when the class also depends on the parity of the heap (Flammenkamp's domain variant).
    twist: u32,
    /// Which class value is the sparse one.
    sparse_class: u32,
    /// Heaps a ≥ 1 in the sparse class, ascending.
    sparse: Vec<u32>,
    /// Per heap a: whether it is in the sparse class (a table, so the pairs' loop does not
    /// recompute the class of its other member).
    member: Vec<bool>,
}

/// The sizes m = n − i left by the moves that split a heap in two (at most one per digit).
#[derive(Default)]
struct SplitSizes {
    sizes: [usize; crate::games::octal::MAX_CODE_DIGITS],
    len: usize,
}

impl SplitSizes {
    fn push(&mut self, m: usize) {
        self.sizes[self.len] = m;
        self.len += 1;
    }

    fn sizes(&self) -> &[usize] {
        &self.sizes[..self.len]
    }
}

/// Values computed with the plain recurrence before a mask is chosen.
const FIRST_MASK_AT: usize = 1024;
/// How many of the latest values the choice of a mask looks at.
const MASK_WINDOW: usize = 512;
/// Whole scans after which the classes are chosen again.
const RECHOOSE_AFTER: usize = 256;
/// What looking up one sparse member costs, in pairs marked by a scan: measured, about 1.5 ns
/// against 0.5 ns here (the look-up reads through the sparse list, the scan streams).
const SPARSE_LOOKUP_COST: f64 = 3.0;
/// Masks tried: every mask on the low bits of the largest value, at most this many bits.
const MASK_BITS: u32 = 9;

fn parity(x: u32) -> u32 {
    x.count_ones() & 1
}

impl Classes {
    fn class(&self, g: &[u32], a: usize) -> u32 {
        parity(g[a] & self.mask) ^ (self.twist & a as u32 & 1)
    }

    /// The parity of the values that only mixed pairs (one sparse member) of size m produce.
    fn listed_parity(&self, m: usize) -> u32 {
        1 ^ (self.twist & m as u32 & 1)
    }
}

impl OctalSequence {
    pub fn new(code: OctalCode) -> OctalSequence {
        OctalSequence {
            code,
            g: vec![0],
            classes: None,
            marks: Vec::new(),
            stamp: 0,
            full_scans: 0,
            period: None,
            top: 0,
        }
    }

    /// g(0), g(1), … as far as computed.
    pub fn values(&self) -> &[u32] {
        &self.g
    }

    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The period proven so far (Guy and Smith), if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Computes g up to and including heap `to`. Once a period is proven, the rest are
    /// copies; before, the classes are re-chosen at every power of two and whenever values
    /// have needed many whole scans since the last choice.
    pub fn extend_to(&mut self, to: usize) {
        self.g.reserve((to + 1).saturating_sub(self.g.len()));
        while self.g.len() <= to {
            let n = self.g.len();
            if let Some(Period { period, .. }) = self.period {
                let value = self.g[n - period];
                self.g.push(value);
                continue;
            }
            if n >= 64 && n.is_power_of_two() {
                self.period = proven_period(&self.g, Proof::Octal { code_len: self.code.len() });
                if self.period.is_some() {
                    continue;
                }
            }
            if self.code.splits()
                && n >= FIRST_MASK_AT
                && (n.is_power_of_two() || self.full_scans >= RECHOOSE_AFTER)
            {
                self.choose_classes();
                self.full_scans = 0;
            }
            let value = self.next_value();
            self.top = self.top.max(value);
            self.g.push(value);
            if let Some(c) = &mut self.classes {
                let member = n >= 1 && c.class(&self.g, n) == c.sparse_class;
                c.member.push(member);
                if member {
                    c.sparse.push(n as u32);
                }
            }
        }
    }

    /// g(n) for n = the next heap, from the values before it.
    fn next_value(&mut self) -> u32 {
        self.next_stamp();
        self.cover_every_xor();
        let splits = self.mark_single_heap_options();
        let splits = splits.sizes();
        if splits.is_empty() {
            return self.first_unmarked(0, |_| true);
        }
        match self.listed_parity(splits) {
            Some((mask, q)) => self.mex_by_classes(splits, mask, q),
            None => {
                // No class split: every pair is an option to list.
                for &m in splits {
                    mark_pairs(&self.g, m, 1..m / 2 + 1, &mut self.marks, self.stamp);
                }
                self.first_unmarked(0, |_| true)
            }
        }
    }

    /// A new stamp for the heap about to be computed (the marks of earlier heaps go stale).
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    /// Grows `marks` to a power of two above every value, so that it holds the XOR of any two
    /// and [`mark_pairs`] can mask its index instead of checking it, plus one slot that
    /// branch-free loops write to when a pair is not to be marked.
    fn cover_every_xor(&mut self) {
        let cover = (self.top as usize + 1).max(self.marks.len().saturating_sub(1)).next_power_of_two();
        self.marks.resize(cover + 1, 0);
    }

    /// Marks the options that leave no heap or one heap, and returns the sizes m = n − i of
    /// the moves that leave two.
    fn mark_single_heap_options(&mut self) -> SplitSizes {
        let n = self.g.len();
        let mut splits = SplitSizes::default();
        for i in 1..=self.code.len().min(n) {
            let (d, m) = (self.code.digit(i), n - i);
            if d & 1 != 0 && m == 0 {
                self.marks[0] = self.stamp;
            }
            if d & 2 != 0 && m >= 1 {
                self.marks[self.g[m] as usize] = self.stamp;
            }
            if d & 4 != 0 && m >= 2 {
                splits.push(m);
            }
        }
        splits
    }

    fn marked(&self, v: u32) -> bool {
        is_marked(&self.marks, v, self.stamp)
    }

    /// The least unmarked value from `from` on that is `wanted`.
    fn first_unmarked(&self, from: u32, wanted: impl Fn(u32) -> bool) -> u32 {
        (from..).find(|&v| !self.marked(v) && wanted(v)).unwrap_or(from)
    }

    /// The mask and the parity every split lists exactly, if there are classes and the splits
    /// agree on it (see the module doc).
    fn listed_parity(&self, splits: &[usize]) -> Option<(u32, u32)> {
        let c = self.classes.as_ref()?;
        let q = c.listed_parity(splits[0]);
        splits.iter().all(|&m| c.listed_parity(m) == q).then_some((c.mask, q))
    }

    /// The mex by the sparse-space split: the values of the listed parity come exactly from
    /// the pairs with one sparse member; the least of them not made bounds the mex, and only
    /// the values of the other parity below it need a search through the pairs, which stops
    /// as soon as each is made.
    fn mex_by_classes(&mut self, splits: &[usize], mask: u32, q: u32) -> u32 {
        for &m in splits {
            self.mark_mixed_pairs(m);
        }
        let bound = self.first_unmarked(0, |v| parity(v & mask) == q);
        let mut missing: Vec<u32> = (0..bound).filter(|&v| !self.marked(v)).collect();
        if missing.is_empty() {
            return bound;
        }
        match first_not_made(&self.g, splits, &mut missing, &mut self.marks, self.stamp) {
            None => bound,
            Some(v) => {
                self.full_scans += 1;
                v
            }
        }
    }

    /// Marks the values of the pairs of size m with exactly one member in the sparse class,
    /// found from the sparse list.
    fn mark_mixed_pairs(&mut self, m: usize) {
        let Some(c) = &self.classes else { return };
        let (g, wrap) = (&self.g, xor_wrap(&self.marks));
        // Half the pairs are not mixed, at random: choosing the slot rather than branching
        // keeps the loop free of mispredictions.
        let sink = wrap + 1;
        for &r in &c.sparse {
            let r = r as usize;
            if r >= m {
                break;
            }
            // All ones when the other member is common (the pair is mixed), else zero.
            let mixed = usize::from(c.member[m - r]).wrapping_sub(1);
            let slot = ((g[r] ^ g[m - r]) as usize & wrap & mixed) | (sink & !mixed);
            self.marks[slot] = self.stamp;
        }
    }

    /// Chooses the mask, twist and sparse class that would have made the latest values
    /// cheapest: each value whose parity needs a scan costs a scan, each sparse heap a look-up.
    fn choose_classes(&mut self) {
        let g = &self.g;
        let n = g.len();
        let window = n.saturating_sub(MASK_WINDOW).max(1)..n;
        let top = g[window.clone()].iter().copied().max().unwrap_or(0);
        let bits = (32 - top.leading_zeros()).min(MASK_BITS);
        let code = &self.code;
        // Per heap in the window: whether it has a split of even size, of odd size.
        let split_parities: Vec<[bool; 2]> = window
            .clone()
            .map(|h| {
                let mut has = [false; 2];
                for i in (1..=code.len().min(h)).filter(|&i| code.digit(i) & 4 != 0 && h - i >= 2) {
                    has[(h - i) & 1] = true;
                }
                has
            })
            .collect();
        // Heaps 1..n by their value's low bits and their own parity: each class's size over
        // every heap so far (the sparse list is kept whole) for any mask, without a pass.
        let low = (1u32 << MASK_BITS) - 1;
        let mut histogram = vec![[0usize; 2]; 1 << MASK_BITS];
        for (a, &v) in g.iter().enumerate().skip(1) {
            histogram[(v & low) as usize][a & 1] += 1;
        }
        // Per heap: looking up each sparse member once per split, or scanning half the pairs.
        let (mut best_cost, mut best) = (f64::INFINITY, None);
        for mask in 1..(1u32 << bits.max(1)) {
            for twist in 0..2 {
                let mut c = Classes { mask, twist, sparse_class: 0, sparse: Vec::new(), member: Vec::new() };
                let mut ones = 0;
                for (v, counts) in histogram.iter().enumerate() {
                    for (odd, &count) in counts.iter().enumerate() {
                        if parity(v as u32 & mask) ^ (twist & odd as u32) == 1 {
                            ones += count;
                        }
                    }
                }
                c.sparse_class = u32::from(ones * 2 < n - 1);
                let sparse = ones.min(n - 1 - ones);
                // A heap whose value has the scanned parity for some split must scan it whole.
                let scans = window
                    .clone()
                    .zip(&split_parities)
                    .filter(|&(h, has)| (0..2).any(|m| has[m] && parity(g[h] & mask) != c.listed_parity(m)))
                    .count();
                let cost =
                    SPARSE_LOOKUP_COST * sparse as f64 + scans as f64 / window.len() as f64 * n as f64 / 2.0;
                if cost < best_cost {
                    (best_cost, best) = (cost, Some(c));
                }
            }
        }
        // No split is chosen when a bad one would cost more than scanning every pair.
        match best {
            Some(mut c) if best_cost < n as f64 / 2.0 => {
                c.member = (0..n).map(|a| a >= 1 && c.class(g, a) == c.sparse_class).collect();
                c.sparse = (1..n).filter(|&a| c.member[a]).map(|a| a as u32).collect();
                self.classes = Some(c);
            }
            _ => self.classes = None,
        }
    }
}

/// Whether v is marked with `stamp` (the sink slot past the values is not a value).
fn is_marked(marks: &[u32], v: u32, stamp: u32) -> bool {
    (v as usize) < marks.len().saturating_sub(1) && marks[v as usize] == stamp
}

/// The mask that keeps an XOR of two values inside `marks` (see `cover_every_xor`).
fn xor_wrap(marks: &[u32]) -> usize {
    debug_assert!((marks.len() - 1).is_power_of_two());
    marks.len() - 2
}

/// Marks g(a) ⊕ g(m − a) for every a in `heaps` (all below m) with `stamp`: the inner loop
/// of the whole computation. The two heaps are read as two slices, one reversed, and the index
/// into `marks` (a power of two long, above every value) is masked, so nothing is bounds-checked
/// per pair.
fn mark_pairs(g: &[u32], m: usize, heaps: std::ops::Range<usize>, marks: &mut [u32], stamp: u32) {
    if heaps.is_empty() {
        return;
    }
    let wrap = xor_wrap(marks);
    let (small, large) = pair_halves(g, m, heaps);
    for (&x, &y) in small.iter().zip(large.iter().rev()) {
        marks[(x ^ y) as usize & wrap] = stamp;
    }
}

/// The least of `missing` (ascending) that no pair of any size in `splits` makes, or None
/// when every one is made. The pairs are searched in growing blocks from the smallest heap,
/// dropping the values made, so a value made by an early pair costs little. While only a few
/// values are sought, a block is compared with each of them ([`some_pair_makes`], which
/// vectorises); with many, the block's values are marked ([`mark_pairs`]) and looked up.
fn first_not_made(
    g: &[u32],
    splits: &[usize],
    missing: &mut Vec<u32>,
    marks: &mut [u32],
    stamp: u32,
) -> Option<u32> {
    let longest = splits.iter().map(|m| m / 2).max().unwrap_or(0);
    let (mut from, mut block) = (1, FIRST_BLOCK);
    while from <= longest && !missing.is_empty() {
        let to = (from + block).min(longest + 1);
        let heaps = |m: usize| from..to.min(m / 2 + 1);
        if missing.len() <= COMPARED_AT_MOST {
            missing.retain(|&v| !splits.iter().any(|&m| some_pair_makes(g, m, heaps(m), v)));
        } else {
            for &m in splits {
                mark_pairs(g, m, heaps(m), marks, stamp);
            }
            missing.retain(|&v| !is_marked(marks, v, stamp));
        }
        from = to;
        block = (2 * block).min(LAST_BLOCK);
    }
    missing.first().copied()
}

/// Pairs searched by [`first_not_made`] before it first drops the values made (most are made
/// by the first pairs), and at most per block later.
const FIRST_BLOCK: usize = 256;
const LAST_BLOCK: usize = 1 << 14;
/// How many sought values [`first_not_made`] compares each pair with rather than marking:
/// a vectorised comparison costs a fraction of a scattered store (4 was faster than 1 or 10
/// on 0.74, 0.6 and 0.14 to 3·10^5 heaps).
const COMPARED_AT_MOST: usize = 4;

/// The two halves of the pairs g(a), g(m − a) for a in `heaps`: the small members ascending
/// and the large ones descending (read reversed).
fn pair_halves(g: &[u32], m: usize, heaps: std::ops::Range<usize>) -> (&[u32], &[u32]) {
    (&g[heaps.clone()], &g[m + 1 - heaps.end..m + 1 - heaps.start])
}

/// Whether g(a) ⊕ g(m − a) = v for some a in `heaps`. The whole range is compared without an
/// early exit, so the loop vectorises; callers keep ranges short to stop soon after a match.
fn some_pair_makes(g: &[u32], m: usize, heaps: std::ops::Range<usize>, v: u32) -> bool {
    if heaps.is_empty() {
        return false;
    }
    let (small, large) = pair_halves(g, m, heaps);
    small.iter().zip(large.iter().rev()).fold(false, |made, (&x, &y)| made | (x ^ y == v))
}

/// g(0..=to) of an octal game by the plain recurrence, every option listed: the twin the tests
/// compare the fast method with, and what small sequences use.
pub fn octal_values_plain(code: &OctalCode, to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(to + 1);
    let mut top = 0;
    for n in 0..=to {
        // The XOR of values below a power of two is below it, and so is every option.
        let mut option = vec![false; (top as usize + 1).next_power_of_two()];
        for i in 1..=code.len().min(n) {
            let (d, m) = (code.digit(i), n - i);
            if d & 1 != 0 && m == 0 {
                option[0] = true;
            }
            if d & 2 != 0 && m >= 1 {
                option[g[m] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..m {
                    option[(g[a] ^ g[m - a]) as usize] = true;
                }
            }
        }
        let value = option.iter().position(|&o| !o).unwrap_or(option.len()) as u32;
        top = top.max(value);
        g.push(value);
    }
    g
}

/// g(0..=to) of the subtraction game with `moves` (any order, each ≥ 1).
pub fn subtraction_values(moves: &[u64], to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(to + 1);
    let mut seen = vec![usize::MAX; moves.len() + 2];
    for n in 0..=to {
        for &s in moves {
            if s as usize <= n {
                let v = g[n - s as usize] as usize;
                if v < seen.len() {
                    seen[v] = n;
                }
            }
        }
        g.push((0..seen.len()).find(|&v| seen[v] != n).unwrap_or(0) as u32);
    }
    g
}

/// g(0..=to) of a heap rule that is neither a subtraction nor an octal game: by its closed
/// form when it has one, else by the plain recurrence ([`heap_rule::plain_values`]).
fn rule_values(family: &Family, to: usize) -> Vec<u32> {
    let Some(heaps) = family.heap_sum() else { return Vec::new() };
    match heaps.rule.formula() {
        // Values past u32 would need heaps past 2^32, far beyond MAX_TO.
        Some(formula) => (0..=to as u64).map(|n| (formula.g)(n) as u32).collect(),
        None => heap_rule::plain_values(heaps.rule, to),
    }
}

/// The spec key naming a family's heaps, for families with a heap rule: the key `heap` or
/// `heaps` whose value 0 gives a game with a heap rule.
fn heap_key(info: &FamilyInfo) -> Option<&'static str> {
    let key = info.keys.iter().find(|k| k.key == "heap" || k.key == "heaps")?.key;
    let pairs: Vec<(String, String)> = std::iter::once(("game".to_string(), info.name.to_string()))
        .chain(info.keys.iter().map(|k| (k.key.to_string(), if k.key == key { "0" } else { k.example }.to_string())))
        .collect();
    let family = GameSpec::from_pairs(&pairs).ok()?.family;
    HeapGame::of(&family)?;
    family.heap_sum().map(|h| h.key)
}

/// The names of the families whose positions are heaps under one rule.
fn heap_families() -> Vec<&'static str> {
    FAMILIES.iter().filter(|f| heap_key(f).is_some()).map(|f| f.name).collect()
}

/// What proves a period from values computed so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Nothing: the rule has no periodicity theorem here.
    None,
    /// Guy–Smith: agreement for n0 ≤ n < 2·n0 + p + k, k the octal code's length.
    Octal { code_len: usize },
    /// A repeated window: agreement for n0 ≤ n < n0 + s, s the largest subtraction move.
    Window { largest_move: usize },
}

impl Proof {
    /// The end (exclusive) of the n for which g(n + p) = g(n) must be checked.
    fn checked_until(self, n0: usize, p: usize) -> usize {
        match self {
            Proof::None => usize::MAX,
            Proof::Octal { code_len } => 2 * n0 + p + code_len,
            Proof::Window { largest_move } => n0 + largest_move.max(1),
        }
    }
}

/// Most values a Grundy strip shows (a row of cells on the page).
pub const STRIP_MAX: usize = 600;
/// How far a strip looks for a period (Kayles and Dawson's Kayles are proven within 255).
pub const STRIP_SEARCH: usize = 1 << 10;

/// A heap game's Grundy values for the page's strip: g(0), g(1), … far enough to show the
/// game's heaps and, when a period is proven, the preperiod and three periods.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Strip {
    pub values: Vec<u32>,
    pub period: Option<Period>,
    /// The game's starting heaps (the cells to mark).
    pub heaps: Vec<u64>,
}

/// The strip of a subtraction or octal game; None for other families.
pub fn strip(family: &Family) -> Option<Strip> {
    let game = HeapGame::of(family)?;
    let heaps = family.heap_sum()?.heaps.to_vec();
    let largest = heaps.iter().copied().max().unwrap_or(0).min(STRIP_MAX as u64 - 1) as usize;
    let sequence = game.until_period(STRIP_SEARCH.max(largest), |_| {});
    let wanted = match sequence.period {
        Some(p) => (p.preperiod + 3 * p.period).max(largest + 1),
        None => (largest + 1).max(60),
    };
    let mut values = sequence.values;
    values.truncate(wanted.min(STRIP_MAX));
    Some(Strip { values, period: sequence.period, heaps })
}

/// An eventual period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Period {
    pub preperiod: usize,
    pub period: usize,
}

/// The least n0 with g(n + p) = g(n) for every n ≥ n0 that `g` holds (n + p < len).
fn last_agreement_start(g: &[u32], p: usize) -> usize {
    (0..g.len().saturating_sub(p)).rev().find(|&n| g[n] != g[n + p]).map_or(0, |n| n + 1)
}

/// The least period that `proof` establishes from the values `g`, with its least preperiod;
/// None when no period is proven within them.
///
/// The least p whose proof fits in `g` is found first; a smaller true period must divide it,
/// and a divisor d is proven as soon as g(n + d) = g(n) over one whole period-p window at or
/// after p's preperiod (every later n reduces into that window by multiples of p).
pub fn proven_period(g: &[u32], proof: Proof) -> Option<Period> {
    if proof == Proof::None {
        return None;
    }
    let len = g.len();
    let (n0, p) = (1..len).find_map(|p| {
        let n0 = last_agreement_start(g, p);
        (proof.checked_until(n0, p) + p <= len).then_some((n0, p))
    })?;
    for d in (1..p).filter(|d| p % d == 0) {
        let start = last_agreement_start(g, d).max(n0);
        if start + p + d <= len {
            return Some(Period { preperiod: last_agreement_start(g, d), period: d });
        }
    }
    Some(Period { preperiod: n0, period: p })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    fn fast(text: &str, to: usize) -> Vec<u32> {
        let mut s = OctalSequence::new(code(text));
        s.extend_to(to);
        s.values().to_vec()
    }

    /// Winning Ways' table of Kayles: period 12 after the last exceptional value at n = 70.
    #[test]
    fn kayles_has_period_12_from_71() {
        let g = fast("0.77", 400);
        assert_eq!(&g[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let period = proven_period(&g, Proof::Octal { code_len: 2 }).unwrap();
        assert_eq!(period, Period { preperiod: 71, period: 12 });
    }

    /// Dawson's Kayles (0.07): period 34. Its last exceptional value is at n = 52 here, n = 51
    /// in Dawson's chess (OEIS A002187, whose a(n) is g(n + 1) of 0.07).
    #[test]
    fn dawsons_kayles_has_period_34() {
        let g = fast("0.07", 400);
        let a002187 = [
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
            7, 4,
        ];
        assert_eq!(&g[1..35], &a002187);
        let exceptions: Vec<usize> = (0..300).filter(|&n| g[n] != g[n + 34]).collect();
        assert_eq!(exceptions, [0, 15, 17, 32, 35, 52]);
        let period = proven_period(&g, Proof::Octal { code_len: 2 }).unwrap();
        assert_eq!(period, Period { preperiod: 53, period: 34 });
    }

    /// Gangolli and Plambeck (1989): 0.16 is periodic with period 149,459, its last exceptional
    /// value at n = 105,350 (the theorem needs about 510,000 values to prove it).
    #[test]
    fn game_0_16_has_the_period_gangolli_and_plambeck_found() {
        let mut s = OctalSequence::new(code("0.16"));
        s.extend_to(600_000);
        assert_eq!(s.period(), Some(Period { preperiod: 105_351, period: 149_459 }));
        let g = s.values();
        assert_eq!(proven_period(g, Proof::Octal { code_len: 2 }), s.period());
        assert_ne!(g[105_350], g[105_350 + 149_459]);
    }

    #[test]
    fn the_fast_method_equals_the_plain_recurrence() {
        for text in ["0.137", "0.165", "0.644", "0.0", "0.004", "0.106", "0.4444"] {
            assert_eq!(fast(text, 3000), octal_values_plain(&code(text), 3000), "{text}");
        }
    }

    /// Every one- and two-digit code, past the heap where the sparse-space classes are first
    /// chosen and re-chosen (1024, 2048, 4096): the games whose values grow (0.04, 0.06, 0.76)
    /// scan, the others split, and 0.16's classes die out; all must equal the plain recurrence.
    #[test]
    fn every_two_digit_code_equals_the_plain_recurrence() {
        let to = 4200;
        for d1 in 0..8 {
            for d2 in std::iter::once(None).chain((0..8).map(Some)) {
                let text = match d2 {
                    None => format!("0.{d1}"),
                    Some(d2) => format!("0.{d1}{d2}"),
                };
                assert_eq!(fast(&text, to), octal_values_plain(&code(&text), to), "{text}");
            }
        }
    }

    #[test]
    fn subtraction_periods_agree_with_the_window_search() {
        for moves in [vec![1, 3, 4], vec![2, 3], vec![1, 2], vec![3, 5, 9], vec![4, 7, 12]] {
            let g = subtraction_values(&moves, 5000);
            let largest = *moves.iter().max().unwrap() as usize;
            let ours = proven_period(&g, Proof::Window { largest_move: largest }).unwrap();
            let theirs = super::super::period::subtraction_period(&moves, 5000).unwrap();
            assert_eq!(
                (ours.preperiod as u64, ours.period as u64),
                (theirs.preperiod, theirs.period),
                "{moves:?}"
            );
        }
    }

    #[test]
    fn too_few_values_prove_nothing() {
        let g = fast("0.77", 100);
        assert_eq!(proven_period(&g, Proof::Octal { code_len: 2 }), None);
        assert_eq!(proven_period(&[0], Proof::Window { largest_move: 1 }), None);
    }
}
