//! Periodicity of subtraction games' Grundy sequences (seed 004).
//!
//! For a finite subtraction set S with largest element k, g(h) depends only on the k values
//! before it once h ≥ k. So as soon as a window of k consecutive values repeats, the sequence
//! repeats from there on: the first repeated window gives the least period, and walking back
//! from it gives the preperiod. Seed 004's lookup returns g[LIM] when no period is found; we
//! say "not found within the limit" instead.

use std::collections::HashMap;

use super::grundy::mex;

/// The eventual period of a subtraction game's Grundy sequence.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Periodicity {
    /// g(h) = g(h + period) for every h ≥ preperiod, and no smaller values do this.
    pub preperiod: u64,
    pub period: u64,
    /// g(preperiod), …, g(preperiod + period − 1).
    pub cycle: Vec<u32>,
}

/// Heap sizes searched before giving up on finding a period.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 20;

/// Finds preperiod and period of g for `moves` (sorted ascending, all ≥ 1), searching heap
/// sizes up to `limit`; None when no window repeats within it.
pub fn subtraction_period(moves: &[u64], limit: u64) -> Option<Periodicity> {
    let k = *moves.last()? as usize;
    let limit = limit as usize;
    let mut g: Vec<u32> = Vec::new();
    let mut first_seen: HashMap<Vec<u32>, usize> = HashMap::new();
    for h in 0..=limit {
        let value = mex(moves.iter().take_while(|&&s| s as usize <= h).map(|&s| g[h - s as usize]));
        g.push(value);
        if h + 1 < k {
            continue;
        }
        // The window ending at h determines every later value.
        let window = g[h + 1 - k..=h].to_vec();
        if let Some(&earlier) = first_seen.get(&window) {
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
        first_seen.insert(window, h);
    }
    None
}
