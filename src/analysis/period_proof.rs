//! The least period that a theorem proves from a computed Grundy sequence, in time linear in
//! its length: shared by `sequence`, `value`, `analyse` and the page's strip.
//!
//! **Theorems.** Guy and Smith's periodicity theorem (R. K. Guy and C. A. B. Smith, "The
//! G-values of various games", Proc. Cambridge Philos. Soc. 52 (1956); Winning Ways ch. 4,
//! "The Periodicity Theorem"): for an octal game whose code has length k, if g(n + p) = g(n)
//! for all n with n0 ≤ n < 2·n0 + p + k, then for all n ≥ n0. For a subtraction game with
//! largest move s, g(n) depends on the s values before it, so a repeated window
//! (g(n + p) = g(n) for n0 ≤ n < n0 + s) proves it (the SG notes, see [`super::period`]).
//!
//! **Linear time, constant memory.** Both proofs ask, for a candidate period p, that the last
//! L_p values g[len − L_p .. len) have period p, where L_p = p + D and the agreement D is the same
//! for every p (Guy–Smith: the latest n0 is ⌊(len − 2p − k)/2⌋ = ⌊(len − k)/2⌋ − p, so
//! D = len − ⌊(len − k)/2⌋; the window: D = s). Read backwards (R\[j\] = g\[len − 1 − j\]), that is:
//! R[0..D) occurs in R at position p. So the least p proven is the first occurrence of R's
//! first D values in R after position 0 — a string search, done by Crochemore and Perrin's
//! two-way algorithm ("Two-way string-matching", J. ACM 38 (1991)), in at most about 2·len
//! comparisons and O(1) extra memory: no table per candidate, so a sequence of 2^30 heaps
//! needs its values and nothing else. A caller that proves at lengths growing geometrically
//! pays O(len) overall. The least p passing is the least period any such proof covers: a
//! smaller one q would be the least period of the last L_p values, so of the last L_q ≤ L_p
//! too. Its least preperiod is found by walking back from n0, and the least period of the
//! tail (a divisor of p) as the primitive root of one period w: the first occurrence of w in
//! ww after position 0, by the same search.

/// An eventual period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Period {
    /// n0, the least preperiod: from heap n0 on the values repeat.
    pub preperiod: usize,
    /// p, the least period (at least 1).
    pub period: usize,
}

/// What proves a period from values computed so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Guy–Smith: agreement for n0 ≤ n < 2·n0 + p + k, k the octal code's length.
    Octal {
        /// k: the most counters a move removes (the octal code's digits after the point).
        code_len: usize,
    },
    /// A repeated window: agreement for n0 ≤ n < n0 + s, s the largest subtraction move.
    Window {
        /// s: the largest move of the subtraction set.
        largest_move: usize,
    },
    /// No theorem applies (a splitting game such as Grundy's): nothing is ever proven.
    None,
}

impl Proof {
    /// The latest start s_p of the agreement that proves period p among `len` values, if the
    /// proof fits at all: agreement on [s_p, len − p) is needed.
    fn latest_start(self, len: usize, p: usize) -> Option<usize> {
        match self {
            Proof::Octal { code_len } => len.checked_sub(2 * p)?.checked_sub(code_len).map(|room| room / 2),
            Proof::Window { largest_move } => len.checked_sub(largest_move.max(1))?.checked_sub(p),
            Proof::None => None,
        }
    }
}

/// A sequence the proof can read: a slice of u16 or u32 values.
pub trait Cells {
    /// How many values the sequence holds.
    fn cells(&self) -> usize;
    /// Value `i`, for `i` below [`Cells::cells`].
    fn cell(&self, i: usize) -> u32;
}

impl Cells for [u16] {
    #[inline(always)]
    fn cells(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn cell(&self, i: usize) -> u32 {
        u32::from(self[i])
    }
}

impl Cells for [u32] {
    #[inline(always)]
    fn cells(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn cell(&self, i: usize) -> u32 {
        self[i]
    }
}

/// The least period that `proof` establishes from the values `g`, with its least preperiod;
/// None when no period is proven within them.
pub fn proven_period<G: Cells + ?Sized>(g: &G, proof: Proof) -> Option<Period> {
    prove(g, proof, &mut 0)
}

/// How many value comparisons [`proven_period`] makes on `g`: at most a small multiple of
/// its length, whatever the values (the tests hold it to that).
pub fn proof_comparisons<G: Cells + ?Sized>(g: &G, proof: Proof) -> u64 {
    let mut comparisons = 0;
    prove(g, proof, &mut comparisons);
    comparisons
}

fn prove<G: Cells + ?Sized>(g: &G, proof: Proof, comparisons: &mut u64) -> Option<Period> {
    let len = g.cells();
    // D, the agreement every candidate needs (the same for every p, module doc), and the
    // largest candidate: the one whose agreement starts at heap 0.
    let agreement = len - 1 - proof.latest_start(len, 1)?;
    let reversed = |j: usize| g.cell(len - 1 - j);
    // The pattern R[0..D) searched for in R[1..len): an occurrence at q is the period q + 1.
    let q = first_occurrence(reversed, agreement, |i| reversed(i + 1), len - 1, comparisons)?;
    let p = q + 1;
    let start = proof.latest_start(len, p)?;
    debug_assert_eq!(len - p - start, agreement, "every candidate needs the same agreement");
    let n0 = walk_back(g, start, p, comparisons);
    let d = primitive_root(g, n0, p, comparisons);
    let preperiod = if d == p { n0 } else { walk_back(g, n0, d, comparisons) };
    Some(Period { preperiod, period: d })
}

/// The least n0 ≤ `from` with g(n + p) = g(n) for n0 ≤ n < from.
fn walk_back<G: Cells + ?Sized>(g: &G, from: usize, p: usize, comparisons: &mut u64) -> usize {
    let mut n0 = from;
    while n0 > 0 && {
        *comparisons += 1;
        g.cell(n0 - 1) == g.cell(n0 - 1 + p)
    } {
        n0 -= 1;
    }
    n0
}

/// The least d dividing p with w = g[n0 .. n0 + p) made of p/d copies of its first d values:
/// the first occurrence of w in ww after position 0 (at d, the length of w's primitive root).
/// The values after n0 have period p, so they have period d exactly when one period is such a
/// power.
fn primitive_root<G: Cells + ?Sized>(g: &G, n0: usize, p: usize, comparisons: &mut u64) -> usize {
    let w = |i: usize| g.cell(n0 + i);
    // ww from position 1: w[1..p) then w[0..p).
    let rotated = |i: usize| if i + 1 < p { w(i + 1) } else { w(i + 1 - p) };
    first_occurrence(w, p, rotated, 2 * p - 1, comparisons).map_or(p, |q| q + 1)
}

/// The first position at which the m values of `pattern` occur in the n values of `text`, by
/// Crochemore and Perrin's two-way algorithm (J. ACM 38 (1991); as in Rust's `str::find`):
/// the pattern is cut at a critical factorisation u·v; each attempt matches v left to right,
/// then u right to left, and a mismatch shifts by the matched part of v or by the pattern's
/// period, so the search makes at most 2n comparisons and keeps three numbers.
fn first_occurrence(
    pattern: impl Fn(usize) -> u32,
    m: usize,
    text: impl Fn(usize) -> u32,
    n: usize,
    comparisons: &mut u64,
) -> Option<usize> {
    if m == 0 {
        return Some(0);
    }
    if m > n {
        return None;
    }
    let (cut_less, period_less) = maximal_suffix(&pattern, m, false, comparisons);
    let (cut_greater, period_greater) = maximal_suffix(&pattern, m, true, comparisons);
    let (cut, period) =
        if cut_less > cut_greater { (cut_less, period_less) } else { (cut_greater, period_greater) };
    // Whether `period` is the pattern's period (u is a suffix of v's first period): then a shift
    // by it keeps the matched prefix in memory; otherwise no shift shorter than the larger half
    // can match, and nothing is remembered.
    let periodic = (0..cut).all(|i| {
        *comparisons += 1;
        pattern(i) == pattern(i + period)
    });
    let (shift, remember) = if periodic { (period, true) } else { (cut.max(m - cut) + 1, false) };
    let (mut position, mut memory) = (0usize, 0usize);
    'attempt: while position + m <= n {
        for i in cut.max(memory)..m {
            *comparisons += 1;
            if pattern(i) != text(position + i) {
                position += i - cut + 1;
                memory = 0;
                continue 'attempt;
            }
        }
        for i in (memory..cut).rev() {
            *comparisons += 1;
            if pattern(i) != text(position + i) {
                position += shift;
                memory = if remember { m - shift } else { 0 };
                continue 'attempt;
            }
        }
        return Some(position);
    }
    None
}

/// The start and period of the pattern's maximal suffix for the order on values (reversed when
/// `greater`), in at most 2m comparisons (Crochemore and Perrin's Lemma; Duval's algorithm).
fn maximal_suffix(
    pattern: &impl Fn(usize) -> u32,
    m: usize,
    greater: bool,
    comparisons: &mut u64,
) -> (usize, usize) {
    let (mut left, mut right, mut offset, mut period) = (0usize, 1usize, 0usize, 1usize);
    while right + offset < m {
        let (a, b) = (pattern(right + offset), pattern(left + offset));
        *comparisons += 1;
        if (a < b && !greater) || (a > b && greater) {
            // The suffix at `right` is smaller: the period is everything from `left` so far.
            right += offset + 1;
            offset = 0;
            period = right - left;
        } else if a == b {
            // Through a repetition of the current period.
            if offset + 1 == period {
                right += offset + 1;
                offset = 0;
            } else {
                offset += 1;
            }
        } else {
            // The suffix at `right` is larger: it starts the maximal suffix.
            left = right;
            right += 1;
            offset = 0;
            period = 1;
        }
    }
    (left, period)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, quadratic: the least p whose proof fits, then its least divisor period.
    fn by_definition(g: &[u32], proof: Proof) -> Option<Period> {
        let len = g.len();
        let agree_from =
            |p: usize| (0..len.saturating_sub(p)).rev().find(|&n| g[n] != g[n + p]).map_or(0, |n| n + 1);
        let (n0, p) = (1..len).find_map(|p| {
            let start = proof.latest_start(len, p)?;
            let n0 = agree_from(p);
            (n0 <= start).then_some((n0, p))
        })?;
        for d in (1..p).filter(|d| p % d == 0) {
            if agree_from(d).max(n0) + p + d <= len {
                return Some(Period { preperiod: agree_from(d), period: d });
            }
        }
        Some(Period { preperiod: n0, period: p })
    }

    #[test]
    fn equals_the_definition_on_small_sequences() {
        // Every sequence over {0, 1, 2} made of a random prefix and a repeated block.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for _ in 0..4000 {
            let pre = next(20) as usize;
            let block: Vec<u32> = (0..1 + next(8)).map(|_| next(3) as u32).collect();
            let len = pre + next(80) as usize;
            let mut g: Vec<u32> = (0..pre).map(|_| next(3) as u32).collect();
            while g.len() < len {
                g.push(block[g.len() % block.len()]);
            }
            for proof in [
                Proof::Octal { code_len: 1 + next(3) as usize },
                Proof::Window { largest_move: 1 + next(9) as usize },
            ] {
                assert_eq!(proven_period(g.as_slice(), proof), by_definition(&g, proof), "{g:?} {proof:?}");
            }
        }
    }

    /// The two-way search against the naive one, on texts over two or three values (where
    /// periodic patterns and near-misses abound), each pattern a piece of its text or random.
    #[test]
    fn the_two_way_search_finds_the_first_occurrence() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for _ in 0..20_000 {
            let alphabet = 2 + next(2);
            let block: Vec<u32> = (0..1 + next(6)).map(|_| next(alphabet) as u32).collect();
            let n = next(60) as usize;
            // Mostly repetitions of a block with a few changes, so matches overlap and fail late.
            let text: Vec<u32> = (0..n)
                .map(|i| if next(8) == 0 { next(alphabet) as u32 } else { block[i % block.len()] })
                .collect();
            let pattern: Vec<u32> = if n > 0 && next(3) > 0 {
                let start = next(n as u64) as usize;
                text[start..start + next((n - start) as u64 + 1) as usize].to_vec()
            } else {
                (0..next(8)).map(|_| next(alphabet) as u32).collect()
            };
            let naive = (0..=n.saturating_sub(pattern.len()))
                .find(|&p| p + pattern.len() <= n && text[p..p + pattern.len()] == pattern[..]);
            let mut comparisons = 0;
            let found =
                first_occurrence(|i| pattern[i], pattern.len(), |i| text[i], text.len(), &mut comparisons);
            assert_eq!(found, naive, "{pattern:?} in {text:?}");
            assert!(comparisons <= 2 * text.len() as u64 + 5 * pattern.len() as u64 + 1, "{comparisons}");
        }
    }
}
