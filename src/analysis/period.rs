//! Periodicity of subtraction games' Grundy sequences (the SG notes).
//!
//! For a finite subtraction set S with largest element k, g(h) depends only on the k values
//! before it once h ≥ k. So as soon as a window of k consecutive values repeats, the sequence
//! repeats from there on: the first repeated window gives the least period, and walking back
//! from it gives the preperiod. The SG notes' lookup returns `g[LIM]` when no period is found; we
//! say "not found within the limit" instead.
//!
//! Windows are compared through a rolling hash (O(1) per step) and checked value by value on a
//! hash hit, so memory stays O(limit) however large k is.

use std::collections::HashMap;

/// The eventual period of a subtraction game's Grundy sequence.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Periodicity {
    /// g(h) = g(h + period) for every h ≥ preperiod, and no smaller values do this.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// g(preperiod), …, g(preperiod + period − 1).
    pub cycle: Vec<u32>,
}

/// Heap sizes searched before giving up on finding a period.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 20;
/// Work budget of the search: heap sizes searched × |S| stays below this.
pub const PERIOD_SEARCH_WORK: u64 = 1 << 26;

/// How many heap sizes [`subtraction_period`] searches for a set of `moves` moves.
pub fn search_limit(moves: usize) -> u64 {
    PERIOD_SEARCH_LIMIT.min(PERIOD_SEARCH_WORK / moves.max(1) as u64)
}

/// Finds preperiod and period of g for `moves` (sorted ascending, all ≥ 1), searching heap
/// sizes up to `limit`; None when no window repeats within it.
pub fn subtraction_period(moves: &[u64], limit: u64) -> Option<Periodicity> {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15; // odd, so powers never vanish mod 2^64
    let k = *moves.last()?;
    if k > limit {
        return None;
    }
    let (k, limit) = (k as usize, limit as usize);
    let base_k = (0..k).fold(1u64, |p, _| p.wrapping_mul(BASE));
    let mut g: Vec<u32> = Vec::new();
    let mut seen = vec![usize::MAX; moves.len() + 2];
    let mut first_seen: HashMap<u64, usize> = HashMap::new();
    let mut hash = 0u64;
    for h in 0..=limit {
        // mex of the values one move away, with a stamp array (values ≤ |S|).
        for &s in moves.iter().take_while(|&&s| s as usize <= h) {
            let v = g[h - s as usize] as usize;
            if v < seen.len() {
                seen[v] = h;
            }
        }
        let value = (0..).find(|&v| seen[v] != h).unwrap_or(0) as u32;
        g.push(value);
        // Hash of the window g[h+1−k ..= h]: shift in the new value, drop the one k back.
        hash = hash.wrapping_mul(BASE).wrapping_add(u64::from(value) + 1);
        if h >= k {
            hash = hash.wrapping_sub((u64::from(g[h - k]) + 1).wrapping_mul(base_k));
        }
        if h + 1 < k {
            continue;
        }
        match first_seen.get(&hash) {
            Some(&earlier) if g[earlier + 1 - k..=earlier] == g[h + 1 - k..=h] => {
                let period = h - earlier;
                // Periodic from earlier + 1 − k; walk back while values still agree.
                let mut start = earlier + 1 - k;
                while start > 0 && g[start - 1] == g[start - 1 + period] {
                    start -= 1;
                }
                return Some(Periodicity {
                    preperiod: start as u64,
                    period: period as u64,
                    cycle: g[start..start + period].to_vec(),
                });
            }
            Some(_) => {} // a hash collision: keep the first window, search on
            None => {
                first_seen.insert(hash, h);
            }
        }
    }
    None
}
