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
//! **Linear time.** Both proofs ask, for a candidate period p, that the last L_p values
//! g[len − L_p .. len) have period p, where L_p grows with p (Guy–Smith: n0 at most
//! ⌊(len − 2p − k)/2⌋; the window: n0 at most len − s − p). Read backwards, that is: the
//! Z-function of the reversed sequence (the longest common prefix of R and R shifted by p) is at
//! least L_p − p. The Z-function is computed left to right in O(len) in all (Gusfield's box
//! argument), one candidate p at a time, and stops at the first p that passes: no earlier
//! candidate is revisited, so the proof costs O(len) per call, and a caller that proves at
//! lengths growing geometrically pays O(len) overall. The least p passing is the least period
//! any such proof covers: a smaller one q would be the least period of the last L_p values, so of
//! the last L_q ≤ L_p too. Its least preperiod is found by walking back from n0, and the least
//! period of the tail (a divisor of p) as the primitive root of one period, by the prefix
//! function.

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
    // R[j] = g[len − 1 − j]; z[p] = the longest l with R[j] = R[j + p] for j < l.
    let r = |j: usize| g.cell(len - 1 - j);
    // Grown as candidates are tried, so a period found early costs little memory.
    let most = match proof.latest_start(len, 1) {
        Some(_) => len / 2 + 2,
        None => 1,
    };
    let mut z: Vec<u32> = Vec::with_capacity(most.min(1 << 12));
    z.push(0);
    let (mut left, mut right) = (0usize, 0usize);
    let mut found = None;
    for p in 1..len {
        let Some(start) = proof.latest_start(len, p) else { break };
        let mut zp = if p < right { (right - p).min(z[p - left] as usize) } else { 0 };
        while p + zp < len && {
            *comparisons += 1;
            r(zp) == r(p + zp)
        } {
            zp += 1;
        }
        if p + zp > right {
            (left, right) = (p, p + zp);
        }
        if z.len() == z.capacity() {
            z.reserve_exact(z.len().min(len - z.len()));
        }
        z.push(zp as u32);
        if zp >= len - p - start {
            found = Some((start, p));
            break;
        }
    }
    drop(z);
    let (start, p) = found?;
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

/// The least d dividing p with g[n0 .. n0 + p) made of p/d copies of its first d values (by the
/// prefix function: its least period q, which is d when it divides p). The values after n0 have
/// period p, so they have period d exactly when one period is such a power.
fn primitive_root<G: Cells + ?Sized>(g: &G, n0: usize, p: usize, comparisons: &mut u64) -> usize {
    let w = |i: usize| g.cell(n0 + i);
    let mut pi = vec![0u32; p];
    for i in 1..p {
        let mut k = pi[i - 1] as usize;
        while k > 0 && {
            *comparisons += 1;
            w(i) != w(k)
        } {
            k = pi[k - 1] as usize;
        }
        *comparisons += 1;
        if w(i) == w(k) {
            k += 1;
        }
        pi[i] = k as u32;
    }
    let q = p - pi[p - 1] as usize;
    if p % q == 0 {
        q
    } else {
        p
    }
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
}
