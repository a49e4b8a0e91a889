//! Percentile-bootstrap 95% intervals for the median T of a sweep's cell and for the fitted
//! log–log slope of a series of cells.
//!
//! A cell's runs are resampled with replacement [`RESAMPLES`] times; each replicate's median is
//! the nearest-rank median of the resample, with unfinished runs counted as T = ∞ (as in the
//! summary). The interval is the 2.5th and 97.5th nearest-rank percentiles of the replicate
//! medians; an end that falls on ∞ is `None` ("more than the budget"). The slope's replicate
//! b fits the same sizes as the point estimate on replicate b of every cell of the series (a
//! stratified bootstrap: runs are resampled within each size); a replicate in which one of
//! those sizes' median falls on ∞ counts as a slope of +∞.
//!
//! The resampling stream of a cell is seeded from the cell alone (its size, μ and γ), and its
//! runs are taken in run order, so the intervals do not depend on how the runs were split into
//! shards or in which order files are given.

use rand::RngCore;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Resamples per interval.
pub const RESAMPLES: usize = 1000;

/// The interval's coverage: the 2.5th to the 97.5th percentile of the replicates.
pub const LEVEL: f64 = 0.95;

/// A uniform index below `n` (Lemire's multiply-shift; its bias, below n/2^64, is far under
/// anything a resample count can show).
fn index(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// The nearest-rank q-quantile's 0-based rank among `n` sorted values: the ⌈q·n⌉-th smallest.
pub fn rank(q: f64, n: usize) -> usize {
    ((q * n as f64).ceil() as usize).clamp(1, n) - 1
}

/// The medians of [`RESAMPLES`] resamples of a cell whose finished T are `finished` (sorted
/// ascending) among `runs` runs (the rest unfinished, T = ∞). `None` is a median on ∞.
pub fn median_replicates(finished: &[u64], runs: usize, seed: u64) -> Vec<Option<u64>> {
    debug_assert!(finished.windows(2).all(|w| w[0] <= w[1]) && finished.len() <= runs);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    if runs == 0 {
        return vec![None; RESAMPLES];
    }
    let k = rank(0.5, runs);
    let mut draws = vec![0usize; runs];
    (0..RESAMPLES)
        .map(|_| {
            // The values are sorted, so the resample's k-th smallest value is the value at the
            // k-th smallest of the drawn indices.
            for d in draws.iter_mut() {
                *d = index(&mut rng, runs);
            }
            let (_, &mut kth, _) = draws.select_nth_unstable(k);
            finished.get(kth).copied()
        })
        .collect()
}

/// The percentile interval of replicate values (`None` = +∞): the 2.5th and 97.5th
/// nearest-rank percentiles; either end is `None` when it falls on +∞.
pub fn interval<T: Copy + PartialOrd>(replicates: &[Option<T>]) -> (Option<T>, Option<T>) {
    if replicates.is_empty() {
        return (None, None);
    }
    let mut finite: Vec<T> = replicates.iter().filter_map(|r| *r).collect();
    finite.sort_unstable_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let tail = (1.0 - LEVEL) / 2.0;
    let at = |q: f64| finite.get(rank(q, replicates.len())).copied();
    (at(tail), at(1.0 - tail))
}

/// Least-squares slope accumulated one point at a time, for each bootstrap replicate.
#[derive(Debug, Clone)]
pub struct SlopeReplicates {
    sums: Vec<[f64; 5]>,
    infinite: Vec<bool>,
}

impl Default for SlopeReplicates {
    fn default() -> Self {
        SlopeReplicates { sums: vec![[0.0; 5]; RESAMPLES], infinite: vec![false; RESAMPLES] }
    }
}

impl SlopeReplicates {
    /// Adds a fitted size at x = ln n with its replicate medians (`None` = ∞).
    pub fn add(&mut self, x: f64, medians: &[Option<u64>]) {
        // Replicates repeat few values: ln is computed once per run of equal values.
        let mut last = (u64::MAX, 0.0);
        for ((sum, inf), median) in self.sums.iter_mut().zip(&mut self.infinite).zip(medians) {
            match *median {
                Some(t) => {
                    if last.0 != t {
                        last = (t, (t as f64).ln());
                    }
                    let y = last.1;
                    *sum = [sum[0] + 1.0, sum[1] + x, sum[2] + y, sum[3] + x * x, sum[4] + x * y];
                }
                None => *inf = true,
            }
        }
    }

    /// The percentile interval of the replicate slopes; `None` for a series whose slope cannot
    /// be fitted.
    pub fn interval(&self) -> (Option<f64>, Option<f64>) {
        let slopes: Vec<Option<f64>> = self
            .sums
            .iter()
            .zip(&self.infinite)
            .map(|(s, &inf)| {
                if inf {
                    return None;
                }
                let [n, sx, sy, sxx, sxy] = *s;
                let var = sxx - sx * sx / n;
                // Fewer than two distinct x cannot happen here: the series' sizes are distinct.
                (n >= 2.0 && var > 0.0).then(|| (sxy - sx * sy / n) / var)
            })
            .collect();
        interval(&slopes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_sample_has_a_point_interval() {
        let reps = median_replicates(&[7; 9], 9, 1);
        assert_eq!(interval(&reps), (Some(7), Some(7)));
    }

    #[test]
    fn mostly_unfinished_cells_have_an_open_upper_end() {
        let reps = median_replicates(&[1, 2, 3], 10, 1);
        assert_eq!(interval(&reps).1, None);
        assert_eq!(median_replicates(&[1, 2, 3], 10, 1), reps, "seeded");
    }

    /// The check: over many samples of a known distribution the interval covers the
    /// true median at about the stated 95%.
    #[test]
    fn intervals_cover_the_true_median_at_about_the_stated_rate() {
        // T = ⌊10^6 · E⌋ with E exponential(1): true median 10^6 · ln 2.
        let truth = 1e6 * std::f64::consts::LN_2;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2025);
        let trials = 400;
        let mut covered = 0;
        for trial in 0..trials {
            let mut sample: Vec<u64> = (0..60)
                .map(|_| {
                    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                    (-(1.0 - u).ln() * 1e6) as u64
                })
                .collect();
            sample.sort_unstable();
            let (lo, hi) = interval(&median_replicates(&sample, sample.len(), trial));
            if (lo.unwrap() as f64) <= truth && truth <= hi.unwrap() as f64 {
                covered += 1;
            }
        }
        let rate = covered as f64 / trials as f64;
        eprintln!("bootstrap coverage of the true median: {covered} of {trials} ({rate})");
        // 400 trials at 95%: the standard error is 1.1 points.
        assert!((0.91..=0.99).contains(&rate), "coverage {rate}");
    }

    #[test]
    fn slope_replicates_recover_an_exact_power_law() {
        let mut reps = SlopeReplicates::default();
        for n in [8u64, 16, 32, 64] {
            let t = n * n * n;
            reps.add((n as f64).ln(), &median_replicates(&[t; 5], 5, n));
        }
        let (lo, hi) = reps.interval();
        assert!((lo.unwrap() - 3.0).abs() < 1e-9 && (hi.unwrap() - 3.0).abs() < 1e-9);
    }
}
