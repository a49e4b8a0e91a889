//! The fast engine's per-position pass: the winners' pooled moves, the update p_{t+1} = π_γ(q_{t+1})
//! and the skipping of positions that cannot change, in one pass over fixed chunks of positions.
//!
//! # Why each step is exact (Benford & Lehre §3, Algorithm 1 and π_γ)
//! The tournaments (in [`super::umda`]) draw only the moves a game or the optimality check reads;
//! at a position v the m_v = μ − taken_v winners whose move there was never read each hold a fresh
//! draw from p_t(v), independent of everything else, so their counts are one Multinomial(m_v,
//! p_t(v)) draw (Algorithm 1, lines 7–18). This pass makes that draw, then line 20.
//!
//! 1. **Moves at γ are pooled.** π_γ writes γ itself (not a rounded γ + 0) for every move whose
//!    share was at most γ, so the k moves with p = γ bit for bit have equal probabilities. A
//!    multinomial can be drawn as sequential conditional binomials in any order of its categories,
//!    and the k equal ones can be merged into one category of mass kγ whose count is then spread
//!    uniformly over them (a Multinomial(g, 1/k each)): one binomial for the group, almost always
//!    0 since kγm ≪ 1, then binomials over the live moves only ([`pooled_draw`]).
//! 2. **The update is fused and, when γ < 1/μ, in closed form.** Every chosen move has
//!    q ≥ 1/μ > γ and every other q = 0 ≤ γ, so with z moves chosen by nobody π_γ's sums are
//!    β⁻ = zγ and β⁺ = 1 − (d − z)γ without adding up p ([`update`]); otherwise the general
//!    [`super::projection::project`]. The position's running sums, which the path sampler draws
//!    from, are rewritten at once while its p is in cache (a game drawing from a stale flag
//!    at every step cost more than the sums).
//! 3. **Fixated positions are skipped.** When all μ winners chose one move e*, p(v) becomes
//!    (1 − (d−1)γ at e*, γ elsewhere) after rounding: P* below. While no game reads v, every later
//!    generation redraws Multinomial(μ, P*), and p(v) stays P* exactly when all μ land on e*,
//!    with probability (1 − r)^μ, r = kγ/(kγ + P*(e*)), independently from generation to
//!    generation. The generation of the next change is therefore Geometric(1 − (1 − r)^μ)
//!    ([`super::sample::change_clock`]); until then counts and p are unchanged and v is not
//!    visited. At the change, the moves off e* are a Binomial(μ, r) conditioned on ≥ 1
//!    ([`super::sample::binomial_at_least_one`]), spread uniformly over the k moves at γ.
//!    A game or check that reads v in some generation first — its choice of v depends on p only,
//!    never on the clock — processes v normally in that generation and the clock is thrown away:
//!    all it revealed is that no change happened before, and by memorylessness the future is
//!    then drawn afresh. Clocks assume the next generations run the fast engine with this μ and
//!    γ, so every clock is dropped on a change of μ, γ or engine, on reset and on a new model.
//!
//! # Determinism
//! Positions are split into fixed chunks of [`CHUNK`]. Each generation draws one u64 from the
//! run's stream; chunk c draws from its own Xoshiro256++ stream seeded from that word and c, and
//! its work touches only its own positions (and their edges). So the model does not depend on
//! how many threads run the chunks (natively with rayon) or on running them in order (wasm, and
//! [`super::umda::Run::work`]'s slices).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::projection::project;
use super::sample::{
    binomial, binomial_at_least_one, change_clock, clock_after, stay_log, uniform, uniform_index,
};

/// Positions per chunk, a multiple of 64 (one bitset word per 64 positions). Small enough that a
/// page's frame budget is rarely overrun by one chunk, large enough that seeding its stream is free.
pub const CHUNK: usize = 1024;
const WORDS_PER_CHUNK: usize = CHUNK / 64;
/// The clock of a position that never changes (γ = 0, or a change too unlikely to schedule).
const NEVER: u64 = u64::MAX;

/// One chunk's scheduled changes.
#[derive(Debug, Clone, Default)]
struct Calendar {
    /// (generation of the change, position), earliest first.
    due: BinaryHeap<Reverse<(u64, u32)>>,
    /// The clocks the last pass drew, not yet worked out: (position's index in the chunk, U,
    /// μ·ln(1 − r)), drawn in generation `drawn_in`. The next pass works out only those of the
    /// positions no game read in between (a read position's clock is thrown away unseen): where
    /// games read most positions every generation (SubtractionNim), the logarithm and the
    /// heap's push and sweep were a tenth of a generation for nothing. The uniform is drawn in
    /// the pass, so the stream is the same.
    pending: Vec<(u32, f64, f64)>,
    drawn_in: u64,
}

impl Calendar {
    fn clear(&mut self) {
        self.due.clear();
        self.pending.clear();
    }
}

/// What one generation's pass needs to know.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Generation {
    pub mu: u32,
    pub gamma: f64,
    /// The number of the generation being computed (1-based).
    pub now: u64,
    /// The word drawn from the run's stream for this generation's chunk streams.
    pub seed: u64,
}

/// The fast engine's state between generations.
#[derive(Debug, Clone)]
pub(crate) struct FastState {
    /// Per position: winners whose move there was read this generation (0 between generations).
    pub taken: Vec<u32>,
    /// Bitset: positions with ≥ 2 moves that are not fixated, processed every generation.
    live: Vec<u64>,
    /// Bitset: positions read this generation or due to change, processed once.
    mark: Vec<u64>,
    /// Bitset: positions processed by a pass (whose p may have changed) since
    /// [`FastState::take_changed`] last read them.
    changed: Vec<u64>,
    /// Per fixated position: the generation of its next change (NEVER if none).
    clock: Vec<u64>,
    calendars: Vec<Calendar>,
    /// False until [`FastState::restart`] has run since the last reset, new model, μ, γ or engine.
    valid: bool,
}

impl FastState {
    pub fn new(positions: usize) -> FastState {
        let chunks = positions.div_ceil(CHUNK);
        FastState {
            taken: vec![0; positions],
            live: vec![0; positions.div_ceil(64)],
            mark: vec![0; positions.div_ceil(64)],
            changed: vec![0; positions.div_ceil(64)],
            clock: vec![NEVER; positions],
            calendars: vec![Calendar::default(); chunks],
            valid: false,
        }
    }

    /// Drops every clock: the next fast generation starts with [`FastState::restart`].
    pub fn invalidate(&mut self) {
        self.valid = false;
    }

    pub fn is_valid(&self) -> bool {
        self.valid
    }

    /// Every position with a choice is live again, with nothing read and no clock. Forced
    /// positions are never visited: their single move's count is set to μ here.
    pub fn restart(&mut self, offsets: &[u32], counts: &mut [u32], mu: u32) {
        self.taken.fill(0);
        self.mark.fill(0);
        self.live.fill(0);
        self.clock.fill(NEVER);
        self.calendars.iter_mut().for_each(Calendar::clear);
        for v in 0..offsets.len() - 1 {
            let (start, end) = (offsets[v] as usize, offsets[v + 1] as usize);
            match end - start {
                0 => {}
                1 => counts[start] = mu,
                _ => self.live[v / 64] |= 1 << (v % 64),
            }
        }
        self.valid = true;
    }

    /// Counts one winner's move `e` at v (a position with ≥ 2 moves, `range` its edges), read
    /// by its game or the check. The first read of v in a generation clears v's counts (they
    /// held the last generation's) and marks v for the pass.
    #[inline]
    pub fn count_read(&mut self, v: usize, e: usize, range: std::ops::Range<usize>, counts: &mut [u32]) {
        if self.taken[v] == 0 {
            // The counts become this read alone: one select per move, where clearing them was
            // a memset call per position and generation (most positions have a few moves).
            let first = range.start;
            for (i, c) in counts[range].iter_mut().enumerate() {
                *c = u32::from(first + i == e);
            }
            self.mark[v / 64] |= 1 << (v % 64);
            self.taken[v] = 1;
            return;
        }
        self.taken[v] += 1;
        counts[e] += 1;
    }

    pub fn chunk_count(&self) -> usize {
        self.calendars.len()
    }

    /// Calls `f` for every position a pass processed since the last call, and forgets them.
    pub fn take_changed(&mut self, mut f: impl FnMut(usize)) {
        for (w, word) in self.changed.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                f(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// Mutable views of chunks `from..to`, disjoint, for running them in any order or at once.
    pub fn views<'a>(
        &'a mut self,
        offsets: &[u32],
        p: &'a mut [f64],
        cdf: &'a mut [f64],
        counts: &'a mut [u32],
        from: usize,
        to: usize,
    ) -> Vec<ChunkView<'a>> {
        let n = self.taken.len();
        let first = from * CHUNK;
        let first_edge = offsets[first.min(n)] as usize;
        let mut p = &mut p[first_edge..];
        let mut cdf = &mut cdf[first_edge..];
        let mut counts = &mut counts[first_edge..];
        let mut taken = &mut self.taken[first.min(n)..];
        let mut clock = &mut self.clock[first.min(n)..];
        let words = self.live.len();
        let mut live = &mut self.live[(from * WORDS_PER_CHUNK).min(words)..];
        let mut mark = &mut self.mark[(from * WORDS_PER_CHUNK).min(words)..];
        let mut changed = &mut self.changed[(from * WORDS_PER_CHUNK).min(words)..];
        let mut calendars = self.calendars[from..to].iter_mut();
        let mut out = Vec::with_capacity(to - from);
        for c in from..to {
            let start = c * CHUNK;
            let end = ((c + 1) * CHUNK).min(n);
            let edges = offsets[end] as usize - offsets[start] as usize;
            let word_count = end.div_ceil(64) - start / 64;
            let (p_c, p_rest) = std::mem::take(&mut p).split_at_mut(edges);
            let (cdf_c, cdf_rest) = std::mem::take(&mut cdf).split_at_mut(edges);
            let (counts_c, counts_rest) = std::mem::take(&mut counts).split_at_mut(edges);
            let (taken_c, taken_rest) = std::mem::take(&mut taken).split_at_mut(end - start);
            let (clock_c, clock_rest) = std::mem::take(&mut clock).split_at_mut(end - start);
            let (live_c, live_rest) = std::mem::take(&mut live).split_at_mut(word_count);
            let (mark_c, mark_rest) = std::mem::take(&mut mark).split_at_mut(word_count);
            let (changed_c, changed_rest) = std::mem::take(&mut changed).split_at_mut(word_count);
            (p, cdf, counts, taken, clock, live, mark, changed) =
                (p_rest, cdf_rest, counts_rest, taken_rest, clock_rest, live_rest, mark_rest, changed_rest);
            out.push(ChunkView {
                index: c,
                start,
                edge_start: offsets[start] as usize,
                p: p_c,
                cdf: cdf_c,
                counts: counts_c,
                taken: taken_c,
                clock: clock_c,
                live: live_c,
                mark: mark_c,
                changed: changed_c,
                calendar: calendars.next().expect("one calendar per chunk"),
            });
        }
        out
    }
}

/// One chunk's share of the run's arrays (positions start..start + CHUNK and their edges).
pub(crate) struct ChunkView<'a> {
    index: usize,
    start: usize,
    edge_start: usize,
    p: &'a mut [f64],
    cdf: &'a mut [f64],
    counts: &'a mut [u32],
    taken: &'a mut [u32],
    clock: &'a mut [u64],
    live: &'a mut [u64],
    mark: &'a mut [u64],
    changed: &'a mut [u64],
    calendar: &'a mut Calendar,
}

/// The chunk's own stream: SplitMix64's finaliser of the generation's word and the chunk index
/// seeds a Xoshiro256++ (itself seeded through SplitMix64), so chunks' streams do not overlap in
/// any way that matters.
fn chunk_rng(seed: u64, chunk: usize) -> Xoshiro256PlusPlus {
    let mut z = seed ^ (chunk as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

impl ChunkView<'_> {
    /// Processes every position of the chunk that is live, read or due; returns the work done
    /// (edges visited plus bitset words scanned).
    pub fn run(self, offsets: &[u32], g: Generation) -> u64 {
        let ChunkView {
            index,
            start,
            edge_start,
            p,
            cdf,
            counts,
            taken,
            clock,
            live,
            mark,
            changed,
            calendar,
        } = self;
        let mut rng = chunk_rng(g.seed, index);
        // The last pass's clocks, for the positions no game read since.
        let drawn_in = calendar.drawn_in;
        let mut pending = std::mem::take(&mut calendar.pending);
        for (local, u, log_stay) in pending.drain(..) {
            let local = local as usize;
            if taken[local] != 0 {
                continue;
            }
            let Some(wait) = clock_after(u, log_stay) else { continue };
            let due = drawn_in.saturating_add(wait);
            if due <= g.now {
                mark[local / 64] |= 1 << (local % 64);
            } else {
                clock[local] = due;
                schedule(calendar, clock, live, start, due, local);
            }
        }
        calendar.pending = pending; // empty, its room kept
        calendar.drawn_in = g.now;
        // Changes due now (entries whose clock was dropped or redrawn since are stale: skipped).
        while let Some(&Reverse((due, v))) = calendar.due.peek() {
            if due > g.now {
                break;
            }
            calendar.due.pop();
            let local = v as usize - start;
            if clock[local] == due && live[local / 64] >> (local % 64) & 1 == 0 {
                mark[local / 64] |= 1 << (local % 64);
            }
        }
        let inv_mu = 1.0 / f64::from(g.mu);
        let mut work = live.len() as u64;
        let mut scratch = Vec::new();
        // The last stay rate r and its μ·ln(1 − r): fixated positions with as many moves share
        // r bit for bit, so the logarithm is taken once per pass, not once per position.
        let mut stay: (u64, Option<f64>) = (f64::NAN.to_bits(), None);
        for w in 0..live.len() {
            let mut bits = live[w] | mark[w];
            mark[w] = 0;
            changed[w] |= bits;
            while bits != 0 {
                let local = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let v = start + local;
                let (lo, hi) = (offsets[v] as usize - edge_start, offsets[v + 1] as usize - edge_start);
                let (p, cdf, counts) = (&mut p[lo..hi], &mut cdf[lo..hi], &mut counts[lo..hi]);
                let read = std::mem::take(&mut taken[local]);
                let was_live = live[w] >> (local % 64) & 1 == 1;
                if read == 0 && !was_live {
                    change_fixated(&mut rng, g.mu, g.gamma, p, counts);
                } else {
                    if read == 0 {
                        counts.fill(0);
                    }
                    pooled_draw_with(&mut rng, g.mu - read, g.gamma, p, counts, &mut scratch);
                }
                let fixated = update(p, counts, g.gamma, inv_mu);
                let mut sum = 0.0;
                for (c, &x) in cdf.iter_mut().zip(p.iter()) {
                    sum += x;
                    *c = sum;
                }
                work += (hi - lo) as u64;
                match fixated {
                    None => {
                        live[w] |= 1 << (local % 64);
                        clock[local] = NEVER;
                    }
                    Some(dominant) => {
                        live[w] &= !(1 << (local % 64));
                        // Until the next pass works the clock out, no entry of v's is valid.
                        clock[local] = NEVER;
                        let r = stay_rate(p, dominant, g.gamma);
                        if r.to_bits() != stay.0 {
                            stay = (r.to_bits(), stay_log(g.mu, r));
                        }
                        if let Some(log_stay) = stay.1 {
                            let u = 1.0 - uniform(&mut rng); // (0, 1], as change_clock draws it
                            calendar.pending.push((local as u32, u, log_stay));
                        }
                    }
                }
            }
        }
        work
    }
}

/// Enters position `local`'s change at generation `due` (its clock) in the chunk's calendar.
fn schedule(calendar: &mut Calendar, clock: &[u64], live: &[u64], start: usize, due: u64, local: usize) {
    // Redrawn clocks leave their old entries behind; sweep them out before they outnumber the
    // chunk's positions (amortised O(1)).
    if calendar.due.len() >= 2 * CHUNK {
        calendar.due.retain(|&Reverse((due, v))| {
            let local = v as usize - start;
            clock[local] == due && live[local / 64] >> (local % 64) & 1 == 0
        });
    }
    calendar.due.push(Reverse((due, (start + local) as u32)));
}

/// r = kγ/(kγ + p(e*)) at a fixated position: the chance that one draw leaves e*, normalised by
/// the stored masses as [`pooled_draw`] normalises them.
fn stay_rate(p: &[f64], dominant: usize, gamma: f64) -> f64 {
    let others = (p.len() - 1) as f64 * gamma;
    others / (others + p[dominant])
}

/// Generations until a position fixated on `dominant` (p = P*, every other move at γ) changes,
/// with μ draws per generation: Geometric(1 − (1 − r)^μ); None if it never does (γ = 0).
pub fn next_change(rng: &mut impl RngCore, mu: u32, gamma: f64, p: &[f64], dominant: usize) -> Option<u64> {
    change_clock(rng, mu, stay_rate(p, dominant, gamma))
}

/// At a fixated position whose change is due (its μ draws are Multinomial(μ, P*) conditioned on
/// not all landing on e*): the moves off e* number Binomial(μ, r | ≥ 1), spread uniformly over
/// the k moves at γ. Writes the counts.
pub fn change_fixated(rng: &mut impl RngCore, mu: u32, gamma: f64, p: &[f64], counts: &mut [u32]) {
    let dominant = (0..p.len()).find(|&i| p[i] != gamma).unwrap_or(0);
    let off = binomial_at_least_one(rng, mu, stay_rate(p, dominant, gamma));
    counts.fill(0);
    counts[dominant] = mu - off;
    spread_over_group(rng, off, p, gamma, (p.len() - 1) as u32, counts);
}

/// Adds one Multinomial(m, p) draw to `counts` (p one position's distribution): the k moves
/// with p = γ exactly as one category of mass kγ whose count is spread uniformly over them, then
/// sequential binomials over the other moves of positive probability, the last of which takes
/// what remains. Masses are normalised by their actual sum, so rounding never sends a draw to a
/// move of probability 0.
pub fn pooled_draw(rng: &mut impl RngCore, m: u32, gamma: f64, p: &[f64], counts: &mut [u32]) {
    pooled_draw_with(rng, m, gamma, p, counts, &mut Vec::new());
}

/// [`pooled_draw`] with a scratch buffer for the live moves' indices, reused across positions.
///
/// One pass finds the mass, the group and the live moves without a branch on p (whether a move
/// sits at γ is a coin toss to the branch predictor): adding +0.0 for a move of no mass leaves
/// the sum's bits as they are, so the mass is the same sum in the same order; the binomials then
/// run over the live moves' list, in the same order as a scan of p would meet them.
pub(crate) fn pooled_draw_with(
    rng: &mut impl RngCore,
    m: u32,
    gamma: f64,
    p: &[f64],
    counts: &mut [u32],
    scratch: &mut Vec<u32>,
) {
    if m == 0 || p.is_empty() {
        return;
    }
    if scratch.len() < p.len() {
        scratch.resize(p.len(), 0);
    }
    let (mut mass, mut group, mut live) = (0.0, 0u32, 0usize);
    for (i, &x) in p.iter().enumerate() {
        let positive = x > 0.0;
        mass += if positive { x } else { 0.0 };
        let at_gamma = x == gamma;
        group += u32::from(at_gamma);
        // Written always, kept when live (x > 0 is false for NaN).
        scratch[live] = i as u32;
        live += usize::from(positive && !at_gamma);
    }
    let live = &scratch[..live];
    let mut remaining = m;
    if group > 0 && gamma > 0.0 {
        let group_mass = f64::from(group) * gamma;
        let g = if live.is_empty() { remaining } else { binomial(rng, remaining, group_mass / mass) };
        spread_over_group(rng, g, p, gamma, group, counts);
        remaining -= g;
        mass -= group_mass;
    }
    let Some((&last, others)) = live.split_last() else {
        // Nothing of positive probability outside the group (or at all): the last move takes
        // what is left, as `sample::multinomial` does.
        if remaining > 0 {
            counts[p.len() - 1] += remaining;
        }
        return;
    };
    for &i in others {
        if remaining == 0 {
            return;
        }
        let x = p[i as usize];
        let c = binomial(rng, remaining, x / mass);
        counts[i as usize] += c;
        remaining -= c;
        mass -= x;
    }
    counts[last as usize] += remaining;
}

/// Adds `count` draws spread uniformly over the `k` moves with p = γ exactly.
fn spread_over_group(rng: &mut impl RngCore, count: u32, p: &[f64], gamma: f64, k: u32, counts: &mut [u32]) {
    if count == 0 || k == 0 {
        return;
    }
    let members = || p.iter().enumerate().filter(|&(_, &x)| x == gamma).map(|(i, _)| i);
    if count <= 8 {
        for _ in 0..count {
            let j = uniform_index(rng, k) as usize;
            if let Some(i) = members().nth(j) {
                counts[i] += 1;
            }
        }
        return;
    }
    let mut remaining = count;
    for (left, i) in (1..=k).rev().zip(members()) {
        let c = if left == 1 { remaining } else { binomial(rng, remaining, 1.0 / f64::from(left)) };
        counts[i] += c;
        remaining -= c;
        if remaining == 0 {
            return;
        }
    }
}

/// p ← π_γ(counts/μ) at one position (`inv_mu` = 1/μ) (Algorithm 1, lines 18 and 20). Returns the chosen move
/// when all winners chose the same one (the position is fixated).
pub fn update(p: &mut [f64], counts: &[u32], gamma: f64, inv_mu: f64) -> Option<usize> {
    let (mut chosen, mut last_chosen) = (0usize, 0usize);
    for (i, &c) in counts.iter().enumerate() {
        if c > 0 {
            chosen += 1;
            last_chosen = i;
        }
    }
    let unchosen = p.len() - chosen;
    if inv_mu > gamma && unchosen > 0 {
        // Closed form: β⁻ = zγ, β⁺ = 1 − (d − z)γ (the shares of chosen moves exceed γ).
        let shrink = 1.0 - (unchosen as f64 * gamma) / (1.0 - chosen as f64 * gamma);
        for (x, &c) in p.iter_mut().zip(counts) {
            *x = if c == 0 { gamma } else { gamma + shrink * (f64::from(c) * inv_mu - gamma) };
        }
    } else {
        for (x, &c) in p.iter_mut().zip(counts) {
            *x = f64::from(c) * inv_mu;
        }
        if inv_mu <= gamma {
            project(p, gamma);
        }
    }
    (chosen == 1).then_some(last_chosen)
}
