//! The Grundy sequence of a heap rule ([`HeapRule`]: octal games, Grundy's game) by its
//! recurrence, fast: Winning Ways' "Sparse space spells speed" (ch. 4, Extras), as
//! Flammenkamp's and Czajka's octal tables compute them.
//!
//! g(n) is the mex of the values one move from a heap of n: 0 (the heap taken whole), g(m)
//! (one heap left) and g(a) ⊕ g(m − a) (two heaps left; the XOR is the Sprague–Grundy theorem
//! for their sum, Rees & Thomas). The two-heap options make the plain recurrence O(n²).
//!
//! **Sparse space.** Fix a bit mask and call heap a *common* or *rare* by the parity of
//! g(a) & mask (optionally also of a: the "twist", Flammenkamp's domain variant). The mask is
//! oriented so that the XOR of a common pair has the parity that common values do not: then
//! the options of the common values' parity come only from pairs with one rare member, listed
//! exactly from the (short) rare list, which bounds the mex; options of the other parity
//! below that bound are searched among the pairs, a search that stops at the first pair making
//! each (most are made by the first few). Only a heap whose value is rare needs a search
//! through every pair. The result never depends on the mask, only the speed. On x86-64 with
//! AVX-512 the search looks its blocks of pairs up in a register window of the values sought
//! instead of stamping each pair (the kernel of the growing codes below; [`clear_in_window`]),
//! about a fifth less time in all for 0.6; and the rare heaps far enough behind are listed for
//! sixteen consecutive splits at once ([`rare_block_rows`]: their partners are then
//! consecutive), which halves the time of 0.6 and Grundy's game, most of it the listing's.
//!
//! **Choosing the mask.** For every mask of the all-time value width (up to 16 bits) and both
//! twists, the number of rare heaps is read off the Walsh–Hadamard transform of the histogram
//! of (value, heap parity): with h the count of heaps by value, Σ_v h(v)(−1)^{|v & mask|} is
//! the transform at `mask`, so one O(w·2^w) transform counts every mask at once. The mask is
//! chosen again when a new value arrives in the rare class or the width grows (at most once per
//! 2^(w−3) heaps, so the transforms stay a small share), and the rare list is rebuilt only when
//! the best mask leaves clearly fewer rare heaps than the current one.
//!
//! **When the classes are not sparse** (the codes whose values keep growing: 0.06 and 0.76 with
//! a third or more of the heaps rare, 0.04 until about 2^19), every pair is scanned instead, a
//! split at a time: the values made by the pairs of m counters go into a table of a byte per
//! value, and since heap m + k reaches that split for every splitting removal k, a code with
//! splitting digits in a row (0.76, 0.777) computes each table once for all the heaps that
//! read it. The pairs are read as two streams; the scattered store of a byte per pair is the
//! whole cost. The search among all pairs could not do better there, since the values just
//! below each mex are made by only a pair or two, anywhere. On x86-64 with AVX-512 only the
//! first sixteenth of each split's pairs is stored; the rest are looked up, 64 at a time, in a
//! bit set of the values still sought held in registers (a window of 2,032 values), which
//! costs about a sixth of a store a pair ([`Engine::mex_by_windows`]; the wasm build and other
//! CPUs keep the stores, with the same values). Which way is cheaper is chosen with the mask: listing the rare heaps (their
//! count, read off the transform) and the search (its share of the pairs, measured while the
//! split is tried and tried again each doubling) against the pairs of the splits not yet
//! scanned.
//!
//! **Memory.** Values are u16 while they fit ([`Cell`]; the sequence is widened to u32 once a
//! value passes 65,535), and the rare heaps are kept with their values (no per-heap class
//! bits), so the loop over them reads only the partner g(m − r), which for the (mostly small)
//! rare r lies in the window just behind the heap being computed (41 KB for 0.6, 166 KB for
//! Grundy's game), a scattered read a pair; the blocks above read them in runs of sixteen.

use super::compact_values::{Cell, Values};
use super::heap_recurrence::{HeapRule, Split};
use super::period_proof::{proven_period, Period, Proof};

/// Values computed with the plain recurrence before a mask is first chosen.
const FIRST_MASK_AT: usize = 512;
/// The widest mask tried: the transform of 2^16 cells takes about a millisecond.
const MASK_BITS: u32 = 16;
/// What listing one rare partner costs against one pair of a whole scan (a scattered read and
/// store against a streamed one; measured on 0.04, whose split is neither clearly cheap nor
/// clearly dear).
const RARE_COST: u64 = 3;
/// What one pair of the search among all pairs costs against one of a whole scan, in
/// 1/[`SEARCH_COST_UNIT`]s (it marks with stamps, in blocks, and drops the values made).
const SEARCH_COST: u64 = 3;
const SEARCH_COST_UNIT: u64 = 2;
/// The unit of the measured search share.
const SHARE_ONE: u64 = 1 << 10;
/// Pairs a scan would have met before the search's share is taken as measured.
const SEARCH_SAMPLE: u64 = 1 << 16;
/// How often a heap's value is checked against the work budget and the caller is told.
const REPORT_EVERY: usize = 1 << 12;
/// The first length at which a period is sought; later ones grow by a quarter each time, so
/// the proofs cost O(n) in all.
const FIRST_PROOF_AT: usize = 64;

/// What the computation reports to its caller every few thousand heaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status {
    /// Heaps computed: g(0..heaps).
    pub heaps: usize,
    /// The largest value so far.
    pub top: u32,
    /// The current mask (0 while every pair is scanned) and whether it is twisted.
    pub mask: u32,
    /// Whether the class also counts the heap's parity (the twist).
    pub twist: bool,
    /// Heaps in the rare class under the current mask, heap 0 included when its value 0 is in
    /// it (as Czajka's tables count them), and the largest of them (0 if none).
    pub rare: usize,
    /// The largest rare heap (0 if none).
    pub last_rare: usize,
    /// Pairs looked at so far (scanned or listed), and values checked against the tables of
    /// scanned pairs: the work done.
    pub pairs: u64,
}

/// Grundy values of one heap rule, extended on demand.
#[derive(Debug, Clone)]
pub struct OctalSequence {
    rule: HeapRule,
    store: Store,
    period: Option<Period>,
    next_proof: usize,
}

#[derive(Debug, Clone)]
enum Store {
    Narrow(Engine<u16>),
    Wide(Engine<u32>),
}

/// The sequence in cells of type T and the state of the sparse-space method.
#[derive(Debug, Clone)]
struct Engine<T> {
    g: Vec<T>,
    classes: Option<Classes<T>>,
    /// Heaps a ≥ 1 by the low 16 bits of their value and their parity.
    histogram: [Vec<u64>; 2],
    /// Stamp per value: `marks[v] == stamp` means v is an option of the heap being computed.
    marks: Vec<u32>,
    stamp: u32,
    top: u32,
    /// Bits of the largest value so far (at most [`MASK_BITS`]).
    width: u32,
    /// The heap at which the classes were last chosen, and whether a reason to choose again
    /// has arisen since.
    chosen_at: usize,
    rechoose: bool,
    pairs: u64,
    /// The values still sought for the heap being computed (kept to spare an allocation).
    missing: Vec<u32>,
    /// While every pair is scanned: the values each recent split makes (see [`SplitTable`]).
    tables: Vec<SplitTable>,
    /// Pairs looked at by the search among all pairs while the split is in use, and the pairs
    /// a scan of every pair would have met meanwhile: their ratio is what the search costs.
    searched: u64,
    search_budget: u64,
    /// The last measured ratio, in 1/[`SHARE_ONE`]s, and the heap at which it was measured (0:
    /// never); a measure older than a doubling is tried afresh.
    search_share: u64,
    share_at: usize,
    /// The heap at which a trial of the split ends (0: none running).
    trial_until: usize,
    /// x86-64 with AVX-512: the split tables marked only for their first pairs, the rest of
    /// the pairs looked up in a window of the values sought ([`Engine::mex_by_windows`]).
    #[cfg(target_arch = "x86_64")]
    windows: Option<Vec<PartialTable>>,
    /// With `windows`: g read backwards, for the scans.
    #[cfg(target_arch = "x86_64")]
    reversed: super::pair_scan_x86::Reversed,
    /// With `windows`: the windows the recent mex searches reached (mex / WINDOW + 1), a
    /// running average in 1/256ths.
    #[cfg(target_arch = "x86_64")]
    reach: u32,
    /// x86-64 with AVX-512: the rare heaps' pairs listed sixteen splits at a time
    /// ([`Engine::mark_rare_pairs`]), the blocks of the last splits asked for (emptied when the
    /// classes change).
    #[cfg(target_arch = "x86_64")]
    rare_blocks: Option<Vec<RareBlock>>,
}

/// A [`SplitTable`] whose pairs are marked only for 1 ≤ a ≤ upto (≤ hi), in `made`; `bits`
/// holds the same as a bit set, and also what the rest of the pairs make in the windows of
/// values (v / [`super::pair_scan_x86::WINDOW`] = k) scanned so far (bit k of `scanned`).
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone)]
struct PartialTable {
    m: usize,
    hi: usize,
    upto: usize,
    made: Vec<u8>,
    bits: Vec<u8>,
    scanned: u32,
}

/// The values made by the pairs of one split (m counters left in two heaps, the smaller heap
/// a in 1..=hi), a byte per value below a power of two above every value at the time. A split
/// is reached from heap m + k by every splitting move that removes k counters, so when every
/// pair is scanned its table is computed once and read by each of those heaps: a code with two
/// splitting digits in a row (0.76, 0.77) scans each pair once rather than twice.
#[derive(Debug, Clone)]
struct SplitTable {
    m: usize,
    hi: usize,
    made: Vec<u8>,
}

/// The sparse-space split (see the module doc).
#[derive(Debug, Clone)]
struct Classes<T> {
    mask: u32,
    twist: u32,
    /// The class (parity of g & mask, XOR the heap's parity when twisted) of the rare heaps.
    rare_class: u32,
    /// Rare heaps a ≥ 1, ascending, with their values.
    rare: Vec<(usize, T)>,
    /// x86-64 with AVX-512: the same heaps as lanes for [`super::pair_scan_x86::mark_rare_block`],
    /// while they fit (dropped otherwise).
    #[cfg(target_arch = "x86_64")]
    lanes: Option<RareLanes>,
}

/// The rare heaps (below 2^32) and their values (two bytes), each in an array of its own, for
/// [`super::pair_scan_x86::mark_rare_block`].
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone, Default)]
struct RareLanes {
    heaps: Vec<u32>,
    values: Vec<u16>,
}

/// Rows of [`super::pair_scan_x86::mark_rare_block`] for the splits of m0 .. m0 + 16
/// counters: the values their pairs with a rare heap far enough behind make (the rare heaps
/// 16 ≤ r < m0 of the list at the time, which stays the same while the classes do).
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone)]
struct RareBlock {
    m0: usize,
    cover: usize,
    made: Vec<u8>,
}

#[inline(always)]
fn parity(x: u32) -> u32 {
    x.count_ones() & 1
}

impl<T: Cell> Classes<T> {
    fn class(&self, a: usize, v: u32) -> u32 {
        parity(v & self.mask) ^ (self.twist & a as u32 & 1)
    }

    fn push(&mut self, a: usize, v: T) {
        if a >= 1 && self.class(a, v.get()) == self.rare_class {
            self.rare.push((a, v));
            #[cfg(target_arch = "x86_64")]
            if let Some(lanes) = &mut self.lanes {
                match (u32::try_from(a), u16::try_from(v.get())) {
                    (Ok(r), Ok(gr)) => {
                        lanes.heaps.push(r);
                        lanes.values.push(gr);
                    }
                    _ => self.lanes = None,
                }
            }
        }
    }

    /// The parity of the values that only pairs with one rare member make, for a split leaving
    /// m counters in two heaps.
    fn listed_parity(&self, m: usize) -> u32 {
        1 ^ (self.twist & m as u32 & 1)
    }
}

/// A move that leaves two heaps: m counters in all, the smaller heap a in 1..=hi.
#[derive(Clone, Copy)]
struct Pairs {
    m: usize,
    hi: usize,
}

/// The splits of one heap (at most one per kind of move).
struct SplitList {
    items: [Pairs; crate::games::octal::MAX_CODE_DIGITS + 1],
    len: usize,
}

impl SplitList {
    fn as_slice(&self) -> &[Pairs] {
        &self.items[..self.len]
    }
}

impl OctalSequence {
    /// The sequence of an octal game.
    pub fn new(code: crate::games::octal::OctalCode) -> OctalSequence {
        OctalSequence::of_rule(HeapRule::octal(&code))
    }

    /// The sequence of any heap rule (Grundy's game: [`HeapRule::grundy`]).
    pub fn of_rule(rule: HeapRule) -> OctalSequence {
        OctalSequence { rule, store: Store::Narrow(Engine::new()), period: None, next_proof: FIRST_PROOF_AT }
    }

    /// The heap rule whose sequence this is.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// What proves this rule's periods: Guy and Smith for octal games, nothing otherwise.
    pub fn proof(&self) -> Proof {
        if self.rule.is_octal() {
            Proof::Octal { code_len: self.rule.longest_removal() }
        } else {
            Proof::None
        }
    }

    /// Heaps computed so far.
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Narrow(e) => e.g.len(),
            Store::Wide(e) => e.g.len(),
        }
    }

    /// Always false: g(0) is there from the start.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// g(i) for i < len().
    pub fn get(&self, i: usize) -> u32 {
        match &self.store {
            Store::Narrow(e) => e.g[i].get(),
            Store::Wide(e) => e.g[i].get(),
        }
    }

    /// g(0), g(1), … as far as computed.
    pub fn values(&self) -> Vec<u32> {
        (0..self.len()).map(|i| self.get(i)).collect()
    }

    /// The values computed, handed over in their compact cells.
    pub fn into_values(self) -> Values {
        match self.store {
            Store::Narrow(e) => Values::Narrow(e.g),
            Store::Wide(e) => Values::Wide(e.g),
        }
    }

    /// The period proven so far (Guy and Smith), if any: later values are copies.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Where the computation stands (heaps, largest value, mask, rare heaps, work).
    pub fn status(&self) -> Status {
        match &self.store {
            Store::Narrow(e) => e.status(),
            Store::Wide(e) => e.status(),
        }
    }

    /// Reserves room for g(0..=to) in the current cells.
    pub fn reserve_to(&mut self, to: usize) {
        let more = (to + 1).saturating_sub(self.len());
        match &mut self.store {
            Store::Narrow(e) => e.g.reserve_exact(more),
            Store::Wide(e) => e.g.reserve_exact(more),
        }
    }

    /// Computes g up to and including heap `to`.
    pub fn extend_to(&mut self, to: usize) {
        self.run(to, false, |_| true);
    }

    /// Computes g up to and including heap `to` (with `until_proven`, only until a period is
    /// proven), telling `go_on` the status every few thousand heaps; it stops early (returning
    /// false) when `go_on` says so. Once a period is proven the rest are copies; before, a
    /// period is sought each time the length grows by a quarter.
    pub fn run(&mut self, to: usize, until_proven: bool, mut go_on: impl FnMut(&Status) -> bool) -> bool {
        while self.len() <= to {
            let n = self.len();
            if let Some(Period { period, .. }) = self.period {
                if until_proven {
                    return true;
                }
                let v = self.get(n - period);
                self.push_copy(v);
                continue;
            }
            if n >= self.next_proof {
                self.next_proof = n + n / 4;
                let proof = self.proof();
                self.period = match &self.store {
                    Store::Narrow(e) => proven_period(e.g.as_slice(), proof),
                    Store::Wide(e) => proven_period(e.g.as_slice(), proof),
                };
                if self.period.is_some() {
                    continue;
                }
            }
            if n.is_multiple_of(REPORT_EVERY) && n > 0 && !go_on(&self.status()) {
                return false;
            }
            let stop = (to + 1).min(self.next_proof).min((n / REPORT_EVERY + 1) * REPORT_EVERY);
            let widen = match &mut self.store {
                Store::Narrow(e) => e.extend(&self.rule, stop),
                Store::Wide(e) => e.extend(&self.rule, stop),
            };
            if let Some(v) = widen {
                let Store::Narrow(e) = &self.store else { unreachable!("only narrow cells overflow") };
                let mut wide = e.widen();
                wide.push(v);
                self.store = Store::Wide(wide);
            }
        }
        true
    }

    fn push_copy(&mut self, v: u32) {
        match &mut self.store {
            Store::Narrow(e) => e.g.push(T16::of(v)),
            Store::Wide(e) => e.g.push(v),
        }
    }
}

type T16 = u16;

impl<T: Cell> Engine<T> {
    fn new() -> Engine<T> {
        Engine {
            g: vec![T::of(0)],
            classes: None,
            histogram: [vec![0; 1 << MASK_BITS], vec![0; 1 << MASK_BITS]],
            marks: Vec::new(),
            stamp: 0,
            top: 0,
            width: 0,
            chosen_at: 0,
            rechoose: false,
            pairs: 0,
            missing: Vec::new(),
            tables: Vec::new(),
            searched: 0,
            search_budget: 0,
            search_share: 0,
            share_at: 0,
            trial_until: 0,
            #[cfg(target_arch = "x86_64")]
            windows: super::pair_scan_x86::available().then(Vec::new),
            #[cfg(target_arch = "x86_64")]
            reversed: Default::default(),
            #[cfg(target_arch = "x86_64")]
            reach: 256,
            #[cfg(target_arch = "x86_64")]
            rare_blocks: super::pair_scan_x86::available().then(Vec::new),
        }
    }

    fn status(&self) -> Status {
        let (mask, twist, rare, last_rare) = self.classes.as_ref().map_or((0, false, 0, 0), |c| {
            let heap_0 = usize::from(c.rare_class == 0);
            (c.mask, c.twist == 1, c.rare.len() + heap_0, c.rare.last().map_or(0, |&(a, _)| a))
        });
        Status { heaps: self.g.len(), top: self.top, mask, twist, rare, last_rare, pairs: self.pairs }
    }

    /// Computes values up to heap `stop` (exclusive); returns a value that does not fit in T
    /// (not pushed), for the caller to widen the cells.
    fn extend(&mut self, rule: &HeapRule, stop: usize) -> Option<u32> {
        while self.g.len() < stop {
            let n = self.g.len();
            if rule.splits() && n >= FIRST_MASK_AT && self.should_choose(n) {
                self.choose_classes(rule);
            }
            let v = self.next_value(rule);
            if v > T::MAX {
                return Some(v);
            }
            self.push(v);
        }
        None
    }

    fn push(&mut self, v: u32) {
        let n = self.g.len();
        let cell = T::of(v);
        self.g.push(cell);
        let seen =
            self.histogram[n & 1][(v & 0xffff) as usize] + self.histogram[1 - (n & 1)][(v & 0xffff) as usize];
        self.histogram[n & 1][(v & 0xffff) as usize] += 1;
        if v > self.top {
            self.top = v;
            let width = (32 - v.leading_zeros()).min(MASK_BITS);
            if width > self.width {
                self.width = width;
                self.rechoose = true;
            }
        }
        if let Some(c) = &mut self.classes {
            let before = c.rare.len();
            c.push(n, cell);
            if c.rare.len() > before && seen == 0 {
                self.rechoose = true;
            }
        }
    }

    fn should_choose(&self, n: usize) -> bool {
        let since = n - self.chosen_at;
        let spacing = (1usize << self.width.saturating_sub(3)).max(256);
        self.chosen_at == 0
            || n.is_power_of_two()
            || (self.rechoose && since >= spacing)
            || (self.trial_until != 0 && n >= self.trial_until)
    }

    /// Converts to four-byte cells (a value has passed 65,535).
    fn widen(&self) -> Engine<u32> {
        let mut g = Vec::with_capacity(self.g.capacity());
        g.extend(self.g.iter().map(|v| v.get()));
        Engine {
            g,
            classes: self.classes.as_ref().map(|c| Classes {
                mask: c.mask,
                twist: c.twist,
                rare_class: c.rare_class,
                rare: c.rare.iter().map(|&(a, v)| (a, v.get())).collect(),
                #[cfg(target_arch = "x86_64")]
                lanes: None,
            }),
            histogram: self.histogram.clone(),
            marks: self.marks.clone(),
            stamp: self.stamp,
            top: self.top,
            width: self.width,
            chosen_at: self.chosen_at,
            rechoose: self.rechoose,
            pairs: self.pairs,
            missing: Vec::new(),
            tables: Vec::new(),
            searched: self.searched,
            search_budget: self.search_budget,
            search_share: self.search_share,
            share_at: self.share_at,
            trial_until: self.trial_until,
            #[cfg(target_arch = "x86_64")]
            windows: None,
            #[cfg(target_arch = "x86_64")]
            reversed: Default::default(),
            #[cfg(target_arch = "x86_64")]
            reach: 256,
            #[cfg(target_arch = "x86_64")]
            rare_blocks: None,
        }
    }

    /// g(n) for n = the next heap, from the values before it.
    fn next_value(&mut self, rule: &HeapRule) -> u32 {
        self.next_stamp();
        self.cover_every_xor();
        let n = self.g.len();
        let mut splits =
            SplitList { items: [Pairs { m: 0, hi: 0 }; crate::games::octal::MAX_CODE_DIGITS + 1], len: 0 };
        for mv in rule.moves() {
            let Some(m) = n.checked_sub(mv.remove) else { continue };
            if mv.leave.none && m == 0 {
                self.marks[0] = self.stamp;
            }
            if mv.leave.one && m >= 1 {
                self.marks[self.g[m].get() as usize] = self.stamp;
            }
            if let Some(split) = mv.leave.two {
                let hi = match split {
                    Split::Any => m / 2,
                    Split::Unequal => m.saturating_sub(1) / 2,
                };
                if hi >= 1 && splits.len < splits.items.len() {
                    splits.items[splits.len] = Pairs { m, hi };
                    splits.len += 1;
                }
            }
        }
        let splits = splits.as_slice();
        if splits.is_empty() {
            return self.first_unmarked(0, |_| true);
        }
        let listed = self.classes.as_ref().and_then(|c| {
            let q = c.listed_parity(splits[0].m);
            splits.iter().all(|s| c.listed_parity(s.m) == q).then_some((c.mask, q))
        });
        match listed {
            Some((mask, q)) => self.mex_by_classes(splits, mask, q),
            None => self.mex_by_tables(splits),
        }
    }

    /// The mex when every pair is scanned: each split's values from its table (computed here
    /// unless an earlier heap did), the one-heap options from `marks`.
    fn mex_by_tables(&mut self, splits: &[Pairs]) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if let Some(mex) = self.mex_by_windows(splits) {
            return mex;
        }
        let cover = self.marks.len() - 1;
        // Keep the tables this heap needs (and any spare); recompute only the missing ones.
        for s in splits {
            if self.tables.iter().any(|t| t.m == s.m && t.hi == s.hi) {
                continue;
            }
            let free = self.tables.iter().position(|t| !splits.iter().any(|s| s.m == t.m && s.hi == t.hi));
            let slot = match free {
                Some(slot) => slot,
                None => {
                    self.tables.push(SplitTable { m: 0, hi: 0, made: Vec::new() });
                    self.tables.len() - 1
                }
            };
            let table = &mut self.tables[slot];
            (table.m, table.hi) = (s.m, s.hi);
            table.made.clear();
            table.made.resize(cover, 0);
            mark_split(&self.g, s.m, s.hi, &mut table.made);
            self.pairs += s.hi as u64;
        }
        let mut used = [0usize; crate::games::octal::MAX_CODE_DIGITS + 1];
        for (u, s) in used.iter_mut().zip(splits) {
            *u = self.tables.iter().position(|t| t.m == s.m && t.hi == s.hi).unwrap_or(0);
        }
        let used = &used[..splits.len()];
        // A table computed before the values grew is shorter: what lies past it is not made.
        let made =
            |v: u32| used.iter().any(|&i| self.tables[i].made.get(v as usize).is_some_and(|&b| b != 0));
        let mex = self.first_unmarked(0, |v| !made(v));
        // The scan read up to one byte of each table per value below the mex: work as a pair's,
        // and for 32 splits with growing values more than the pairs (0.66…6, 32 digits, took
        // 11.7 s to reach the work limit when only pairs were counted).
        self.pairs += (u64::from(mex) + 1) * splits.len() as u64;
        mex
    }

    /// [`Engine::mex_by_tables`] on x86-64 with AVX-512, for two-byte values: each split's
    /// table marks only its first pairs (1/[`FIRST_SHARE`]: most values the split makes are
    /// made there, and the rare ones are made mostly by the small heaps); the values it leaves
    /// unmarked are sought among the rest of its pairs a window of values at a time
    /// ([`super::pair_scan_x86::clear_made`]: looked up, not stored), and only in the windows
    /// the mex search reaches. What a window finds is kept with the split, exact, for the other
    /// heaps that read it (0.76). None when this way does not apply.
    #[cfg(target_arch = "x86_64")]
    fn mex_by_windows(&mut self, splits: &[Pairs]) -> Option<u32> {
        use super::pair_scan_x86::{bits_of_bytes, clear_made, MAX_START, WINDOW, WINDOW_BYTES};
        let g = T::as_u16(&self.g)?;
        let tables = self.windows.as_mut()?;
        let cover = self.marks.len() - 1;
        if cover > MAX_START as usize {
            return None;
        }
        let rev = &mut self.reversed;
        rev.sync(g);
        let rev = &*rev;
        for s in splits {
            if tables.iter().any(|t| t.m == s.m && t.hi == s.hi) {
                continue;
            }
            let free = tables.iter().position(|t| !splits.iter().any(|s| s.m == t.m && s.hi == t.hi));
            let slot = free.unwrap_or_else(|| {
                tables.push(PartialTable {
                    m: 0,
                    hi: 0,
                    upto: 0,
                    made: Vec::new(),
                    bits: Vec::new(),
                    scanned: 0,
                });
                tables.len() - 1
            });
            let t = &mut tables[slot];
            // Each window the searches reach costs a look-up of the rest of the pairs: past
            // WHOLE_REACH of them, storing every pair is cheaper.
            let whole = s.hi < WHOLE_BELOW || self.reach > WHOLE_REACH;
            let upto = if whole { s.hi } else { s.hi / FIRST_SHARE };
            (t.m, t.hi, t.upto) = (s.m, s.hi, upto);
            t.made.clear();
            t.made.resize(cover, 0);
            // SAFETY (here and below): `windows` is Some only when `available()` found the
            // CPU features these functions are compiled for.
            mark_split(g, s.m, upto, &mut t.made);
            unsafe { bits_of_bytes(&t.made, &mut t.bits) };
            t.scanned = if upto == s.hi { u32::MAX } else { 0 };
            self.pairs += upto as u64;
        }
        let mut used = [0usize; crate::games::octal::MAX_CODE_DIGITS + 1];
        for (u, s) in used.iter_mut().zip(splits) {
            *u = tables.iter().position(|t| t.m == s.m && t.hi == s.hi).unwrap_or(0);
        }
        let used = &used[..splits.len()];
        // Values 64c..64c + 64 of a bit set (past its end: not made).
        let word = |bits: &[u8], c: usize| {
            let mut w = [0u8; 8];
            let have = bits.len().saturating_sub(8 * c).min(8);
            if have > 0 {
                w[..have].copy_from_slice(&bits[8 * c..8 * c + have]);
            }
            u64::from_le_bytes(w)
        };
        // The cover (a power of two above every value) is made by no pair: the search ends
        // there at the latest.
        for c in 0..=cover / 64 {
            let mut free = !0u64;
            for &i in used {
                free &= !word(&tables[i].bits, c);
            }
            while free != 0 {
                let v = 64 * c as u32 + free.trailing_zeros();
                free &= free - 1;
                if is_marked(&self.marks, v, self.stamp) {
                    continue;
                }
                // No split's bits hold v: it is the mex unless a split whose window around v
                // is not scanned yet makes it there.
                let mut made = false;
                for &i in used {
                    let t = &mut tables[i];
                    let k = v / WINDOW;
                    if (v as usize) < t.made.len() && t.scanned & (1 << k) == 0 {
                        let start = k * WINDOW;
                        let mut sought = [0u8; WINDOW_BYTES];
                        for (j, b) in sought[1..WINDOW_BYTES - 1].iter_mut().enumerate() {
                            *b = !t.bits.get(start as usize / 8 + j).copied().unwrap_or(0);
                        }
                        unsafe { clear_made(g, Some(rev), t.m, t.upto + 1..t.hi + 1, start, &mut sought) };
                        self.pairs += (t.hi - t.upto) as u64;
                        for (j, b) in sought[1..WINDOW_BYTES - 1].iter().enumerate() {
                            if let Some(x) = t.bits.get_mut(start as usize / 8 + j) {
                                *x = !b;
                            }
                        }
                        t.scanned |= 1 << k;
                        free &= !word(&t.bits, c);
                    }
                    if word(&t.bits, c) & (1 << (v % 64)) != 0 {
                        made = true;
                        break;
                    }
                }
                if !made {
                    self.pairs += (u64::from(v) + 1) * splits.len() as u64;
                    self.reach = self.reach - self.reach / 64 + 4 * (v / WINDOW + 1);
                    return Some(v);
                }
            }
        }
        unreachable!("the cover is never made")
    }

    /// Whether the search among all pairs may look its blocks up in a window of the sought
    /// values ([`first_not_made`]): x86-64 with AVX-512, as for [`Engine::mex_by_windows`].
    fn scans_windows(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        return self.windows.is_some();
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    /// Grows `marks` to a power of two above every value, so it holds the XOR of any two and
    /// the loops can mask the index instead of checking it, plus one sink slot.
    fn cover_every_xor(&mut self) {
        let cover = (self.top as usize + 1).max(self.marks.len().saturating_sub(1)).next_power_of_two();
        self.marks.resize(cover + 1, 0);
    }

    #[inline(always)]
    fn marked(&self, v: u32) -> bool {
        is_marked(&self.marks, v, self.stamp)
    }

    #[inline(always)]
    fn first_unmarked(&self, from: u32, wanted: impl Fn(u32) -> bool) -> u32 {
        (from..).find(|&v| !self.marked(v) && wanted(v)).unwrap_or(from)
    }

    /// The mex by the sparse-space split (see the module doc).
    fn mex_by_classes(&mut self, splits: &[Pairs], mask: u32, q: u32) -> u32 {
        for s in splits {
            self.mark_rare_pairs(*s);
        }
        let bound = self.first_unmarked(0, |v| parity(v & mask) == q);
        let mut missing = std::mem::take(&mut self.missing);
        missing.clear();
        missing.extend((0..bound).filter(|&v| !self.marked(v)));
        let before = self.pairs;
        let mex = if missing.is_empty() {
            bound
        } else {
            let windows = self.scans_windows();
            first_not_made(
                &self.g,
                splits,
                &mut missing,
                &mut self.marks,
                self.stamp,
                &mut self.pairs,
                windows,
            )
            .unwrap_or(bound)
        };
        self.missing = missing;
        self.searched += self.pairs - before;
        self.search_budget += splits.iter().map(|s| s.hi as u64).sum::<u64>();
        mex
    }

    /// Marks the values of the pairs of m counters with a rare member. The pairs with two rare
    /// members make values of the other parity: marked too (they are options all the same),
    /// which spares the loop a look-up of the partner's class. A split into unequal heaps
    /// (Grundy's game) has no pair of two heaps of m/2: when m/2 is rare, it is left out.
    fn mark_rare_pairs(&mut self, s: Pairs) {
        let m = s.m;
        let Some(c) = &self.classes else { return };
        let (g, wrap) = (&self.g, xor_wrap(&self.marks));
        let listed = c.rare.partition_point(|&(r, _)| r < m);
        // The rare heaps c.rare[skip] are not listed here: the half of an even m split into
        // unequal heaps (the only rare r with hi < r < m − hi: no move leaves two of it), or
        // else those marked from a block.
        let half = if m > 2 * s.hi + 1 {
            c.rare[..listed].binary_search_by_key(&(m / 2), |&(r, _)| r).ok()
        } else {
            None
        };
        let skip = match half {
            Some(half) => half..half + 1,
            #[cfg(target_arch = "x86_64")]
            None => match (&mut self.rare_blocks, &c.lanes, T::as_u16(g)) {
                (Some(blocks), Some(lanes), Some(g)) => {
                    rare_block_rows(blocks, lanes, g, m, &mut self.marks[..=wrap], self.stamp)
                }
                _ => 0..0,
            },
            #[cfg(not(target_arch = "x86_64"))]
            None => 0..0,
        };
        for &(r, gr) in c.rare[..skip.start].iter().chain(&c.rare[skip.end..listed]) {
            self.marks[(gr ^ g[m - r]).get() as usize & wrap] = self.stamp;
        }
        self.pairs += listed as u64;
    }

    /// Chooses the mask and twist that leave the fewest rare heaps (module doc), and rebuilds
    /// the rare list when that beats the current split clearly; drops the split when listing
    /// the rare heaps would cost more than scanning the pairs.
    fn choose_classes(&mut self, rule: &HeapRule) {
        let n = self.g.len();
        self.chosen_at = n;
        self.rechoose = false;
        // The rare class forced by each twist: with the twist, the removals of the splitting
        // moves must agree in parity (the rare class is that parity); without, it is 0.
        let removals: Vec<usize> =
            rule.moves().iter().filter(|m| m.leave.two.is_some()).map(|m| m.remove & 1).collect();
        let twisted_rare =
            if removals.iter().all(|&r| r == removals[0]) { Some(removals[0] as u32) } else { None };
        let width = self.width.max(1);
        let size = 1usize << width;
        let transform = |counts: &[u64]| {
            let mut w: Vec<i64> = counts[..size].iter().map(|&c| c as i64).collect();
            // Values wider than the mask fold onto its low bits (the histogram keeps 16).
            for (v, &c) in counts.iter().enumerate().skip(size) {
                w[v & (size - 1)] += c as i64;
            }
            walsh_hadamard(&mut w);
            w
        };
        let (even, odd) = (transform(&self.histogram[0]), transform(&self.histogram[1]));
        let (n_even, n_odd) = (even[0], odd[0]);
        // Rare heaps for (mask, twist): class 0 under the twist is parity 0 for even heaps and 1
        // for odd ones; (N + W)/2 heaps have parity 0, (N − W)/2 parity 1.
        let rare_count = |mask: usize, twist: u32, rare_class: u32| -> i64 {
            let zero = |n: i64, w: i64| (n + w) / 2;
            let one = |n: i64, w: i64| (n - w) / 2;
            match (twist, rare_class) {
                (0, _) => zero(n_even, even[mask]) + zero(n_odd, odd[mask]),
                (_, 0) => zero(n_even, even[mask]) + one(n_odd, odd[mask]),
                _ => one(n_even, even[mask]) + zero(n_odd, odd[mask]),
            }
        };
        let mut best: Option<(i64, u32, u32, u32)> = None;
        for mask in 1..size {
            let mut consider = |twist: u32, rare_class: u32| {
                let count = rare_count(mask, twist, rare_class);
                if best.is_none_or(|(b, ..)| count < b) {
                    best = Some((count, mask as u32, twist, rare_class));
                }
            };
            consider(0, 0);
            if let Some(rc) = twisted_rare {
                consider(1, rc);
            }
        }
        let Some((count, mask, twist, rare_class)) = best else { return };
        // What each way costs per heap, in pairs scanned: listing the rare heaps (a scattered
        // read each) and then searching among all pairs for the rare parity's values, against
        // scanning the pairs of the splits no earlier heap scanned. The search's share of the
        // pairs follows no formula: it is measured while the split is in use, and when no
        // measure from the last doubling is at hand the split is tried for 1/32 of the heaps
        // (taken as free meanwhile) and chosen again with what the trial measured.
        if self.search_budget >= SEARCH_SAMPLE {
            (self.search_share, self.share_at) = (self.searched * SHARE_ONE / self.search_budget, n);
        }
        (self.searched, self.search_budget, self.trial_until) = (0, 0, 0);
        let measured = self.share_at > 0 && self.share_at * 2 >= n;
        let half = n as u64 / 2;
        let splits = removals.len().max(1) as u64;
        let listing = count as u64 * RARE_COST * splits;
        let search = if measured {
            self.search_share * half * splits * SEARCH_COST / (SHARE_ONE * SEARCH_COST_UNIT)
        } else {
            0
        };
        let scan = half * fresh_splits(rule);
        if listing + search >= scan {
            self.classes = None;
            return;
        }
        if !measured {
            self.trial_until = n + (n / 32).max(FIRST_MASK_AT);
        }
        if let Some(c) = &self.classes {
            let current = if (c.mask as usize) < size {
                rare_count(c.mask as usize, c.twist, c.rare_class)
            } else {
                c.rare.len() as i64
            };
            // A new list costs a pass over every heap: only for a clear gain.
            if count * 5 >= current * 4 {
                return;
            }
        }
        let mut c = Classes {
            mask,
            twist,
            rare_class,
            rare: Vec::with_capacity(count as usize),
            #[cfg(target_arch = "x86_64")]
            lanes: (self.rare_blocks.is_some() && T::as_u16(&self.g).is_some()).then(RareLanes::default),
        };
        for (a, &v) in self.g.iter().enumerate() {
            c.push(a, v);
        }
        self.classes = Some(c);
        #[cfg(target_arch = "x86_64")]
        if let Some(blocks) = &mut self.rare_blocks {
            blocks.clear();
        }
    }
}

/// [`Engine::mark_rare_pairs`] on x86-64 with AVX-512: stamps in `marks` (its length the cover
/// of the values) the values the split of m counters makes with the rare heaps 16 ≤ r < m0 (m0
/// = m rounded down to a multiple of 16), from the block of the splits m0 .. m0 + 16, built
/// here unless a split before built it; returns the range of the rare list so marked (empty
/// when the block would hold too few pairs to pay, or the values outgrow its bytes).
#[cfg(target_arch = "x86_64")]
fn rare_block_rows(
    blocks: &mut Vec<RareBlock>,
    lanes: &RareLanes,
    g: &[u16],
    m: usize,
    marks: &mut [u32],
    stamp: u32,
) -> std::ops::Range<usize> {
    use super::pair_scan_x86::{mark_rare_block, stamp_row, RARE_BLOCK, RARE_COVER};
    let cover = marks.len();
    let m0 = m - m % RARE_BLOCK;
    let far = lanes.heaps.partition_point(|&r| (r as usize) < RARE_BLOCK)
        ..lanes.heaps.partition_point(|&r| (r as usize) < m0);
    if far.len() < RARE_BLOCK_AT_LEAST || !(64..=RARE_COVER).contains(&cover) || m0 > g.len() {
        return 0..0;
    }
    let slot = match blocks.iter().position(|b| b.m0 == m0) {
        Some(slot) => slot,
        None => {
            // Splits of a few removals in a row share a block; the oldest one gives way.
            let slot = if blocks.len() < RARE_BLOCKS_KEPT {
                blocks.push(RareBlock { m0: 0, cover: 0, made: Vec::new() });
                blocks.len() - 1
            } else {
                (0..blocks.len()).min_by_key(|&i| blocks[i].m0).expect("blocks are kept")
            };
            let b = &mut blocks[slot];
            (b.m0, b.cover) = (m0, cover);
            b.made.clear();
            b.made.resize(RARE_BLOCK * cover, 0);
            let (heaps, values) = (&lanes.heaps[far.clone()], &lanes.values[far.clone()]);
            // SAFETY: `rare_blocks` is kept only when `available()` found the CPU features;
            // 16 ≤ r < m0 ≤ g.len() for these rare heaps, and the values are below `cover`.
            unsafe { mark_rare_block(g, m0, heaps, values, cover, &mut b.made) };
            slot
        }
    };
    let b = &blocks[slot];
    let i = m - m0;
    // SAFETY: as above; a block's cover is at most the current one (covers only grow).
    unsafe { stamp_row(&b.made[i * b.cover..(i + 1) * b.cover], marks, stamp) };
    far
}

/// [`rare_block_rows`]: a block is built only when the rare heaps far enough behind are this
/// many (it costs a clear of 16 rows and a read of the heap's row besides its pairs).
#[cfg(target_arch = "x86_64")]
const RARE_BLOCK_AT_LEAST: usize = 64;
/// [`rare_block_rows`]: the blocks kept. A heap's splits lie at most 32 removals apart, so they
/// reach at most three blocks; the fourth kept is the oldest, which no heap reaches again.
#[cfg(target_arch = "x86_64")]
const RARE_BLOCKS_KEPT: usize = crate::games::octal::MAX_CODE_DIGITS / super::pair_scan_x86::RARE_BLOCK + 2;

/// How many splits a heap scans when every pair is scanned: a split of m counters is reached
/// from heap m + k by each splitting move removing k, so it is new to heap n only for the
/// removals k whose k − 1 removes no splitting move (0.76 and 0.777: one a heap, not two or three).
fn fresh_splits(rule: &HeapRule) -> u64 {
    let removes = |k: usize| rule.moves().iter().any(|m| m.leave.two.is_some() && m.remove == k);
    let fresh = rule
        .moves()
        .iter()
        .filter(|m| m.leave.two.is_some() && (m.remove == 0 || !removes(m.remove - 1)))
        .count();
    fresh.max(1) as u64
}

/// The Walsh–Hadamard transform in place: w[m] becomes Σ_v w[v]·(−1)^{|v & m|}.
fn walsh_hadamard(w: &mut [i64]) {
    let mut h = 1;
    while h < w.len() {
        for block in w.chunks_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        h *= 2;
    }
}

/// Whether v is marked with `stamp` (the sink slot past the values is not a value).
#[inline(always)]
fn is_marked(marks: &[u32], v: u32, stamp: u32) -> bool {
    (v as usize) < marks.len().saturating_sub(1) && marks[v as usize] == stamp
}

/// The mask that keeps an XOR of two values inside `marks`.
#[inline(always)]
fn xor_wrap(marks: &[u32]) -> usize {
    marks.len() - 2
}

/// Calls `mark` with g(a) ⊕ g(m − a) for every a in `heaps` (all below m): the two heaps read
/// as two slices, one reversed, so nothing is bounds-checked per pair. The XORs are computed
/// sixteen at a time into a block (which vectorises) and then handed over one by one: the
/// stores `mark` makes are the cost, one a pair.
#[inline(always)]
fn for_each_pair_xor<T: Cell>(g: &[T], m: usize, heaps: std::ops::Range<usize>, mut mark: impl FnMut(usize)) {
    const LANES: usize = 16;
    if heaps.is_empty() {
        return;
    }
    let (small, large) = pair_halves(g, m, heaps);
    let mut small = small.chunks_exact(LANES);
    let mut large = large.rchunks_exact(LANES);
    for (x, y) in (&mut small).zip(&mut large) {
        let mut block = [T::default(); LANES];
        for (i, v) in block.iter_mut().enumerate() {
            *v = x[i] ^ y[LANES - 1 - i];
        }
        for v in block {
            mark(v.get() as usize);
        }
    }
    for (&x, &y) in small.remainder().iter().zip(large.remainder().iter().rev()) {
        mark((x ^ y).get() as usize);
    }
}

/// Stamps in `marks` g(a) ⊕ g(m − a) for every a in `heaps`, the index masked.
fn mark_pairs<T: Cell>(g: &[T], m: usize, heaps: std::ops::Range<usize>, marks: &mut [u32], stamp: u32) {
    let wrap = xor_wrap(marks);
    for_each_pair_xor(g, m, heaps, |v| marks[v & wrap] = stamp);
}

/// Marks in `made` (a byte per value, its length a power of two above every value) the value
/// g(a) ⊕ g(m − a) of every pair with 1 ≤ a ≤ hi.
fn mark_split<T: Cell>(g: &[T], m: usize, hi: usize, made: &mut [u8]) {
    let wrap = made.len() - 1;
    for_each_pair_xor(g, m, 1..hi + 1, |v| made[v & wrap] = 1);
}

/// The least of `missing` (ascending) that no pair of any split makes, or None when every
/// one is made. The pairs are searched in growing blocks from the smallest heap, dropping the
/// values made, so a value made by an early pair costs little. On x86-64 with AVX-512 a block
/// is looked up in a register window of the values sought ([`clear_in_window`]), even for one
/// value: that is cheaper than comparing each pair with it (0.6 to 2^21 in 7.2–8.0 s against
/// 8.1–9.2 s, Grundy's game and 0.376 10–20% faster). Elsewhere, while only a few values are
/// sought, a block is compared with each ([`some_pair_makes`], which vectorises); with many,
/// the block's values are marked and looked up.
fn first_not_made<T: Cell>(
    g: &[T],
    splits: &[Pairs],
    missing: &mut Vec<u32>,
    marks: &mut [u32],
    stamp: u32,
    pairs: &mut u64,
    windows: bool,
) -> Option<u32> {
    let longest = splits.iter().map(|s| s.hi).max().unwrap_or(0);
    let (mut from, mut block) = (1, FIRST_BLOCK);
    let mut sought = Sought { start: None, bits: [0; 256] };
    while from <= longest && !missing.is_empty() {
        let to = (from + block).min(longest + 1);
        let heaps = |s: &Pairs| from.min(s.hi + 1)..to.min(s.hi + 1);
        *pairs += splits.iter().map(|s| heaps(s).len() as u64).sum::<u64>();
        if windows && clear_in_window(g, splits, heaps, missing, &mut sought) {
            // Looked up in the register window: cheaper than comparing even one value.
        } else if missing.len() <= COMPARED_AT_MOST {
            missing.retain(|&v| !splits.iter().any(|s| some_pair_makes(g, s.m, heaps(s), v)));
        } else {
            for s in splits {
                mark_pairs(g, s.m, heaps(s), marks, stamp);
            }
            missing.retain(|&v| !is_marked(marks, v, stamp));
        }
        from = to;
        block = (2 * block).min(LAST_BLOCK);
    }
    missing.first().copied()
}

/// The values a search among all pairs still seeks, as the bit set of a window from `start`
/// (byte 1 + d / 8, bit d % 8: the value start + d; see [`super::pair_scan_x86::clear_made`]),
/// once [`clear_in_window`] has taken them over from the list. (Only the x86-64 window reads
/// it; elsewhere it is passed along unread.)
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Sought {
    start: Option<u32>,
    bits: [u8; 256],
}

/// [`first_not_made`]'s marking of a block, done instead by looking its pairs up in a window
/// of the values sought ([`super::pair_scan_x86::clear_made`], reading the partners forwards:
/// no copy of g), with no store a pair: on x86-64 with AVX-512, when the cells are two bytes
/// and the values sought fit one window (false otherwise, and nothing is done). The window is
/// kept from block to block and `missing` read back from it. The sparse codes search a few
/// thousand pairs a heap this way (0.6 to 2^20: 3,900 on average, most of them in blocks of
/// 512 and more).
#[cfg(target_arch = "x86_64")]
fn clear_in_window<T: Cell>(
    g: &[T],
    splits: &[Pairs],
    heaps: impl Fn(&Pairs) -> std::ops::Range<usize>,
    missing: &mut Vec<u32>,
    sought: &mut Sought,
) -> bool {
    use super::pair_scan_x86::{clear_made, MAX_START, WINDOW, WINDOW_BYTES};
    const _: () = assert!(WINDOW_BYTES == 256);
    let Some(g) = T::as_u16(g) else { return false };
    let start = match sought.start {
        Some(start) => start,
        None => {
            let (Some(&start), Some(&last)) = (missing.first(), missing.last()) else { return false };
            if last - start >= WINDOW || start > MAX_START {
                return false;
            }
            sought.bits = [0; 256];
            for &v in missing.iter() {
                let d = (v - start) as usize;
                sought.bits[1 + d / 8] |= 1 << (d % 8);
            }
            sought.start = Some(start);
            start
        }
    };
    for s in splits {
        // SAFETY: the caller's flag is set only when `available()` found the CPU features
        // `clear_made` is compiled for; a split's heaps lie in 1..=m, m − 1 < g.len().
        unsafe { clear_made(g, None, s.m, heaps(s), start, &mut sought.bits) };
    }
    missing.clear();
    for (w, word) in sought.bits.chunks_exact(8).enumerate() {
        let mut word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        while word != 0 {
            // Bit i of word w is byte 8w + i / 8: the value start + 64w + i − 8.
            missing.push(start + 64 * w as u32 + word.trailing_zeros() - 8);
            word &= word - 1;
        }
    }
    true
}

#[cfg(not(target_arch = "x86_64"))]
fn clear_in_window<T: Cell>(
    _: &[T],
    _: &[Pairs],
    _: impl Fn(&Pairs) -> std::ops::Range<usize>,
    _: &mut Vec<u32>,
    _: &mut Sought,
) -> bool {
    false
}

/// [`Engine::mex_by_windows`]: splits of fewer pairs are marked whole; larger ones, their
/// first 1/FIRST_SHARE (1/8, 1/16 and 1/5 cost the same within the noise on 0.06 and 0.76 to
/// 2^17-400,000: fewer pairs marked, more values sought).
#[cfg(target_arch = "x86_64")]
const WHOLE_BELOW: usize = 4096;
#[cfg(target_arch = "x86_64")]
const FIRST_SHARE: usize = 16;
/// [`Engine::mex_by_windows`]: when the mex searches reach more windows than this on average
/// (in 1/256ths), new splits are marked whole. A window's look-ups and hits cost about a third
/// of a store a pair: 0.76 to 2^20, whose values reach 10,337 (six windows), took 137 s with
/// this, 145 s with the windows throughout and 157 s storing every pair (a run each).
#[cfg(target_arch = "x86_64")]
const WHOLE_REACH: u32 = 3 * 256;

const FIRST_BLOCK: usize = 64;
const LAST_BLOCK: usize = 1 << 14;
/// How many sought values are compared with each pair rather than marked.
const COMPARED_AT_MOST: usize = 4;

fn pair_halves<T>(g: &[T], m: usize, heaps: std::ops::Range<usize>) -> (&[T], &[T]) {
    (&g[heaps.clone()], &g[m + 1 - heaps.end..m + 1 - heaps.start])
}

/// Whether g(a) ⊕ g(m − a) = v for some a in `heaps`, compared without an early exit so the
/// loop vectorises; callers keep ranges short.
fn some_pair_makes<T: Cell>(g: &[T], m: usize, heaps: std::ops::Range<usize>, v: u32) -> bool {
    if heaps.is_empty() || v > T::MAX {
        return false;
    }
    let v = T::of(v);
    let (small, large) = pair_halves(g, m, heaps);
    small.iter().zip(large.iter().rev()).fold(false, |made, (&x, &y)| made | (x ^ y == v))
}

/// The values of a finished sequence in compact cells and its period proven over all of them.
pub fn finish(sequence: OctalSequence) -> (Values, Option<Period>) {
    let proof = sequence.proof();
    let values = sequence.into_values();
    let period = values.proven_period(proof);
    (values, period)
}

#[cfg(all(test, target_arch = "x86_64"))]
impl OctalSequence {
    /// The same sequence computed without [`Engine::mex_by_windows`].
    fn without_windows(mut self) -> OctalSequence {
        if let Store::Narrow(e) = &mut self.store {
            e.windows = None;
        }
        self
    }

    /// The same sequence listing every rare heap's pairs one by one ([`rare_block_rows`] off).
    fn without_rare_blocks(mut self) -> OctalSequence {
        if let Store::Narrow(e) = &mut self.store {
            e.rare_blocks = None;
        }
        self
    }

    /// Whether a block of [`rare_block_rows`] was built since the classes were last chosen.
    fn built_rare_blocks(&self) -> bool {
        matches!(&self.store, Store::Narrow(e) if e.rare_blocks.as_ref().is_some_and(|b| !b.is_empty()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of a heap rule by the plain recurrence, pair by pair (a twin of the engine
    /// written apart from it).
    fn plain(rule: &HeapRule, to: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(to);
        for n in 0..to {
            let mut options = Vec::new();
            for mv in rule.moves() {
                let Some(m) = n.checked_sub(mv.remove) else { continue };
                if mv.leave.none && m == 0 {
                    options.push(0);
                }
                if mv.leave.one && m >= 1 {
                    options.push(g[m]);
                }
                if let Some(split) = mv.leave.two {
                    for a in 1..=m / 2 {
                        if !(split == Split::Unequal && 2 * a == m) {
                            options.push(g[a] ^ g[m - a]);
                        }
                    }
                }
            }
            g.push((0..).find(|v| !options.contains(v)).expect("a mex"));
        }
        g
    }

    /// Splits into unequal heaps leave out the pair of two halves, also where the rare heaps are
    /// listed with the sparse-space classes: every two-digit octal code whose moves split, with
    /// its splits made unequal, equals the plain recurrence to 2^12. (Listing the halves' pair
    /// too changed no value of these, nor of any three-digit code so made, to 2^15: the pair of
    /// two rare heaps makes a value of the other parity, which is searched among the legal pairs
    /// unless a rare pair marked it; no such heap was met.)
    #[test]
    fn unequal_splits_leave_out_the_two_halves() {
        for d1 in 0..8u32 {
            for d2 in 0..8u32 {
                if (d1 | d2) & 4 == 0 {
                    continue;
                }
                let code = crate::games::octal::OctalCode::parse(&format!("0.{d1}{d2}")).unwrap();
                let moves = HeapRule::octal(&code)
                    .moves()
                    .iter()
                    .map(|&mv| {
                        let two = mv.leave.two.map(|_| Split::Unequal);
                        super::super::heap_recurrence::RuleMove {
                            leave: super::super::heap_recurrence::Leave { two, ..mv.leave },
                            ..mv
                        }
                    })
                    .collect();
                let rule = HeapRule::new(moves).unwrap();
                let mut fast = OctalSequence::of_rule(rule.clone());
                fast.extend_to(1 << 12);
                let (fast, plain) = (fast.values(), plain(&rule, 1 << 12));
                let first = fast.iter().zip(&plain).position(|(a, b)| a != b);
                assert_eq!(first, None, "0.{d1}{d2} unequal: first differs at {first:?}");
            }
        }
    }

    /// The windowed scan and the rare blocks (x86-64 with AVX-512) against the portable loops: growing codes (one
    /// split a heap, two sharing their tables, one listing its rare heaps from about 2^18),
    /// codes with three splits a heap, 0.76 far enough for its values to pass one window, and
    /// Grundy's game, which splits the whole heap.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_windowed_scan_equals_the_portable_one() {
        if !super::super::pair_scan_x86::available() {
            return;
        }
        let octal = |code: &str| HeapRule::octal(&crate::games::octal::OctalCode::parse(code).unwrap());
        let cases = [
            (octal("0.06"), 1 << 15),
            (octal("0.04"), 1 << 15),
            (octal("0.777"), 1 << 14),
            (octal("0.0607"), 1 << 14),
            (octal("0.76"), 1 << 17),
            (HeapRule::grundy(), 1 << 14),
            // Sparse codes: the search among all pairs looks its blocks up in a window.
            (octal("0.6"), 1 << 17),
            (octal("0.376"), 1 << 16),
            (octal("0.16"), 1 << 15),
            (HeapRule::grundy(), 1 << 17),
        ];
        for (rule, to) in cases {
            let mut fast = OctalSequence::of_rule(rule.clone());
            fast.extend_to(to);
            let mut plain = OctalSequence::of_rule(rule.clone()).without_windows().without_rare_blocks();
            plain.extend_to(to);
            assert_eq!(fast.values(), plain.values(), "{rule:?}");
        }
    }

    /// The rare heaps' pairs listed sixteen splits at a time (x86-64 with AVX-512) against one
    /// by one: sparse codes with one split a heap (0.6) and three (0.376), and Grundy's game,
    /// whose split is the whole heap, each far enough that the blocks are used; and 0.16, whose
    /// 53 rare heaps and values below 32 are too few for a block.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_rare_blocks_list_the_same_pairs() {
        if !super::super::pair_scan_x86::available() {
            return;
        }
        let octal = |code: &str| HeapRule::octal(&crate::games::octal::OctalCode::parse(code).unwrap());
        let cases = [
            (octal("0.6"), 1 << 16, true),
            (octal("0.376"), 1 << 16, true),
            (octal("0.16"), 1 << 15, false),
            (HeapRule::grundy(), 1 << 16, true),
        ];
        for (rule, to, blocks) in cases {
            let mut fast = OctalSequence::of_rule(rule.clone());
            fast.extend_to(to);
            assert_eq!(fast.built_rare_blocks(), blocks, "{rule:?}");
            let mut plain = OctalSequence::of_rule(rule.clone()).without_rare_blocks();
            plain.extend_to(to);
            assert_eq!(fast.values(), plain.values(), "{rule:?}");
            assert_eq!(fast.status(), plain.status(), "{rule:?}");
        }
    }

    #[test]
    fn the_transform_counts_parities() {
        let mut w = vec![3i64, 0, 1, 2];
        walsh_hadamard(&mut w);
        // mask 1: values 0 and 2 count +, 1 and 3 count −.
        assert_eq!(w, [6, 3 + 1 - 2, 3 - 1 - 2, 3 - 1 + 2]);
    }
}
