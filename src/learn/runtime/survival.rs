//! Statistics for censored runtimes. A run that spent its budget without finding an optimal
//! strategy is right-censored at T = the games it played: its T is known only to exceed that.
//!
//! - **Kaplan–Meier** (E. L. Kaplan & P. Meier, "Nonparametric estimation from incomplete
//!   observations", JASA 53 (1958) 457–481): Ŝ(t) = Π_{t_i ≤ t} (1 − d_i/n_i) over the distinct
//!   times t_i at which runs finished, d_i of them, n_i runs still running just before t_i (a
//!   run censored at t_i counts as at risk at t_i).
//! - **Quantiles**: the KM p-quantile is the smallest t_i with Ŝ(t_i) ≤ 1 − p (None when Ŝ stays
//!   above 1 − p); the KM median is p = ½. Ŝ is compared with a relative tolerance of 10⁻⁹, so a
//!   product that is ½ in exact arithmetic counts as ½.
//! - **The median's 95% interval**: Brookmeyer & Crowley ("A confidence interval for the median
//!   survival time", Biometrics 38 (1982) 29–41), inverting the pointwise test of Ŝ(t) = ½ with
//!   the log–log transform and Greenwood's variance: var̂(ln(−ln Ŝ(t))) = Σ_{t_i ≤ t} d_i /
//!   (n_i(n_i − d_i)) ÷ (ln Ŝ(t))², pointwise limits Ŝ(t)^{exp(±z·se)} with z = 1.959964, and the
//!   interval's ends are the first t_i at which the lower, resp. the upper, limit is at most ½
//!   (the construction of R's `survfit(conf.type = "log-log")`). An end the curve never reaches
//!   is None.
//! - **Restricted mean** (RMST): ∫₀^τ Ŝ(t) dt with τ = the cell's budget, Ŝ held at its last value
//!   after the last observed T: E[min(T, τ)] when no run is censored before the budget.
//! - **Log-rank test** (N. Mantel, "Evaluation of survival data and two new rank order statistics
//!   arising in its consideration", Cancer Chemother. Rep. 50 (1966) 163–170): at each distinct
//!   finishing time of the pooled sample, O − E of the first sample with the hypergeometric
//!   variance d·(n₁/n)(n₂/n)(n − d)/(n − 1); χ² = (Σ(O − E))² / ΣV on 1 degree of freedom, p =
//!   P(χ²₁ ≥ χ²) = erfc(√(χ²/2)) (libm's erfc, correctly rounded to a few ulps).

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::learn::bootstrap::{self, SlopeReplicates, RESAMPLES};

/// The normal quantile z_{0.975} of a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// One run's T: the games when found, or the games played so far when censored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Observation {
    /// T if found, else the games spent.
    pub time: u64,
    /// Whether the run finished (found); false = censored at `time`.
    pub event: bool,
}

/// One distinct finishing time of a Kaplan–Meier curve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// t_i.
    pub time: u64,
    /// n_i: runs still running just before t_i.
    pub at_risk: usize,
    /// d_i: runs that finished at t_i.
    pub events: usize,
    /// Ŝ(t_i).
    pub survival: f64,
    /// Greenwood's sum Σ_{t_j ≤ t_i} d_j / (n_j(n_j − d_j)) (∞ once Ŝ is 0).
    pub greenwood: f64,
}

/// The Kaplan–Meier curve of a sample: its steps at the distinct finishing times, ascending.
#[derive(Debug, Clone, PartialEq)]
pub struct KaplanMeier {
    /// The steps, by ascending time.
    pub steps: Vec<Step>,
    /// The last observed time (finished or censored), 0 for an empty sample.
    pub last_time: u64,
}

/// Ŝ ≤ x, up to the rounding of a product of ratios.
fn at_most(s: f64, x: f64) -> bool {
    s <= x * (1.0 + 1e-9)
}

impl KaplanMeier {
    /// The product-limit estimate of `sample` (any order).
    pub fn new(sample: &[Observation]) -> KaplanMeier {
        let mut sorted = sample.to_vec();
        // Finishes before censorings at the same time: a run censored at t was at risk at t.
        sorted.sort_unstable_by_key(|o| (o.time, !o.event));
        let mut steps = Vec::new();
        let (mut survival, mut greenwood) = (1.0, 0.0);
        let mut i = 0;
        while i < sorted.len() {
            let time = sorted[i].time;
            let at_risk = sorted.len() - i;
            let mut events = 0;
            let mut j = i;
            while j < sorted.len() && sorted[j].time == time {
                events += usize::from(sorted[j].event);
                j += 1;
            }
            if events > 0 {
                survival *= 1.0 - events as f64 / at_risk as f64;
                greenwood += if events < at_risk {
                    events as f64 / (at_risk as f64 * (at_risk - events) as f64)
                } else {
                    f64::INFINITY
                };
                steps.push(Step { time, at_risk, events, survival, greenwood });
            }
            i = j;
        }
        KaplanMeier { steps, last_time: sorted.last().map_or(0, |o| o.time) }
    }

    /// Ŝ(t).
    pub fn survival_at(&self, t: u64) -> f64 {
        self.steps.iter().take_while(|s| s.time <= t).last().map_or(1.0, |s| s.survival)
    }

    /// The KM p-quantile: the smallest finishing time with Ŝ ≤ 1 − p; None if Ŝ stays above.
    pub fn quantile(&self, p: f64) -> Option<u64> {
        self.steps.iter().find(|s| at_most(s.survival, 1.0 - p)).map(|s| s.time)
    }

    /// The KM median.
    pub fn median(&self) -> Option<u64> {
        self.quantile(0.5)
    }

    /// Brookmeyer–Crowley's 95% interval of the median with the log–log transform (module doc):
    /// (first t whose lower limit is ≤ ½, first t whose upper limit is ≤ ½).
    pub fn median_interval(&self) -> (Option<u64>, Option<u64>) {
        let limits = |s: &Step| -> (f64, f64) {
            if s.survival <= 0.0 || !s.greenwood.is_finite() {
                return (0.0, 0.0);
            }
            let log = s.survival.ln();
            let se = s.greenwood.sqrt() / log.abs();
            // exp(−exp(ln(−ln S) ± z·se)) = S^{exp(± z·se)}.
            (s.survival.powf((Z_95 * se).exp()), s.survival.powf((-Z_95 * se).exp()))
        };
        let low = self.steps.iter().find(|s| at_most(limits(s).0, 0.5)).map(|s| s.time);
        let high = self.steps.iter().find(|s| at_most(limits(s).1, 0.5)).map(|s| s.time);
        (low, high)
    }

    /// ∫₀^τ Ŝ(t) dt, Ŝ a right-continuous step function held at its last value.
    pub fn restricted_mean(&self, tau: u64) -> f64 {
        let (mut area, mut from, mut level) = (0.0, 0u64, 1.0);
        for s in self.steps.iter().take_while(|s| s.time < tau) {
            area += level * (s.time - from) as f64;
            from = s.time;
            level = s.survival;
        }
        area + level * tau.saturating_sub(from) as f64
    }
}

/// A cell's censored-runtime statistics, written beside its other figures in the summary.
/// (Summaries written before these fields read them as empty.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct CellSurvival {
    /// The Kaplan–Meier median of T; None when Ŝ stays above ½.
    pub km_median: Option<u64>,
    /// Its Brookmeyer–Crowley 95% interval (log–log, Greenwood); an end is None where the
    /// limit curve stays above ½; the whole is None when the median is.
    pub km_median_ci: Option<[Option<u64>; 2]>,
    /// The KM 10th percentile of T (smallest T with Ŝ ≤ 0.9).
    pub km_p10: Option<u64>,
    /// The KM 90th percentile of T (smallest T with Ŝ ≤ 0.1).
    pub km_p90: Option<u64>,
    /// The restricted mean ∫₀^τ Ŝ(t) dt up to τ = `rmst_tau`.
    pub rmst: f64,
    /// τ of the restricted mean: the cell's budget.
    pub rmst_tau: u64,
    /// The nearest-rank median over all runs, unfinished ones counted as T = ∞ (the ⌈n/2⌉-th
    /// smallest T); None when it falls on an unfinished run.
    pub nearest_rank_median: Option<u64>,
}

/// The runs of a cell as observations: T when found, else censored at the games played. In the
/// order of the runs' numbers, whatever the order of the rows (a sweep's, or its shards' in the
/// order the files were given), so that the bootstrap of the slope resamples the same sample.
pub fn observations(rows: &[&super::runs::RunRow]) -> Vec<Observation> {
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| r.run);
    rows.iter().map(|r| Observation { time: r.games, event: r.found }).collect()
}

/// The statistics of a cell from its runs (time, found) and its budget τ.
pub fn cell_survival(sample: &[Observation], tau: u64) -> CellSurvival {
    let km = KaplanMeier::new(sample);
    let median = km.median();
    let (low, high) = km.median_interval();
    let mut finished: Vec<u64> = sample.iter().filter(|o| o.event).map(|o| o.time).collect();
    finished.sort_unstable();
    CellSurvival {
        km_median: median,
        km_median_ci: median.map(|_| [low, high]),
        km_p10: km.quantile(0.1),
        km_p90: km.quantile(0.9),
        rmst: km.restricted_mean(tau),
        rmst_tau: tau,
        nearest_rank_median: (!sample.is_empty())
            .then(|| finished.get(bootstrap::rank(0.5, sample.len())).copied())
            .flatten(),
    }
}

/// The log–log slope of a series' KM medians against the positions n, with a stratified
/// percentile-bootstrap 95% interval (runs resampled within each cell, [`RESAMPLES`] times).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct KmSlope {
    /// Least-squares slope of ln(KM median T) against ln n over the cells with a KM median.
    pub km_slope: Option<f64>,
    /// Its interval's lower end (None: no slope).
    pub km_slope_low: Option<f64>,
    /// Its upper end (None: a replicate's median past the budget, or no slope).
    pub km_slope_high: Option<f64>,
    /// The sizes it was fitted on.
    pub km_slope_sizes: usize,
}

/// [`KmSlope`] over the cells of a series: (positions n, the cell's runs, its bootstrap seed).
pub fn km_slope(cells: &[(usize, Vec<Observation>, u64)]) -> KmSlope {
    let points: Vec<(f64, f64)> = cells
        .iter()
        .filter_map(|(n, sample, _)| {
            Some(((*n as f64).ln(), (KaplanMeier::new(sample).median()? as f64).ln()))
        })
        .collect();
    let Some(slope) = fit(&points) else {
        return KmSlope { km_slope_sizes: points.len(), ..KmSlope::default() };
    };
    let mut reps = SlopeReplicates::default();
    for (n, sample, seed) in cells {
        if KaplanMeier::new(sample).median().is_none() {
            continue;
        }
        reps.add((*n as f64).ln(), &km_median_replicates(sample, *seed));
    }
    let (low, high) = reps.interval();
    KmSlope { km_slope: Some(slope), km_slope_low: low, km_slope_high: high, km_slope_sizes: points.len() }
}

/// The KM medians of [`RESAMPLES`] resamples of a cell's runs (None: Ŝ stays above ½), from a
/// stream of its own (the cell's bootstrap seed, mixed so it is not the nearest-rank one's).
pub fn km_median_replicates(sample: &[Observation], seed: u64) -> Vec<Option<u64>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(crate::combinatorics::splitmix64(seed ^ 0x6b6d));
    let n = sample.len();
    let mut resample = vec![Observation { time: 0, event: false }; n];
    (0..RESAMPLES)
        .map(|_| {
            if n == 0 {
                return None;
            }
            for r in resample.iter_mut() {
                *r = sample[((u128::from(rng.next_u64()) * n as u128) >> 64) as usize];
            }
            KaplanMeier::new(&resample).median()
        })
        .collect()
}

/// Least-squares slope; None with fewer than two distinct x.
pub(super) fn fit(points: &[(f64, f64)]) -> Option<f64> {
    let count = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / count;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    (points.len() >= 2 && sxx > 0.0).then(|| sxy / sxx)
}

/// The log-rank test of two samples (module doc).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LogRank {
    /// Finished runs of the first sample (O).
    pub observed: usize,
    /// Their expectation under equal survival (E).
    pub expected: f64,
    /// Σ of the hypergeometric variances.
    pub variance: f64,
    /// χ² = (O − E)²/V, 1 degree of freedom (0 when V = 0: nothing to compare).
    pub chi2: f64,
    /// P(χ²₁ ≥ chi2); 1 when V = 0.
    pub p_value: f64,
}

/// The log-rank test of `a` against `b`.
pub fn log_rank(a: &[Observation], b: &[Observation]) -> LogRank {
    let mut pooled: Vec<(u64, bool, bool)> =
        a.iter().map(|o| (o.time, o.event, true)).chain(b.iter().map(|o| (o.time, o.event, false))).collect();
    pooled.sort_unstable_by_key(|&(t, event, _)| (t, !event));
    let (mut n1, mut n2) = (a.len() as f64, b.len() as f64);
    let (mut observed, mut expected, mut variance) = (0usize, 0.0, 0.0);
    let mut i = 0;
    while i < pooled.len() {
        let time = pooled[i].0;
        let (mut d1, mut d2, mut c1, mut c2) = (0.0, 0.0, 0.0, 0.0);
        while i < pooled.len() && pooled[i].0 == time {
            let (_, event, first) = pooled[i];
            match (event, first) {
                (true, true) => d1 += 1.0,
                (true, false) => d2 += 1.0,
                (false, true) => c1 += 1.0,
                (false, false) => c2 += 1.0,
            }
            i += 1;
        }
        let (n, d) = (n1 + n2, d1 + d2);
        if d > 0.0 {
            observed += d1 as usize;
            expected += d * n1 / n;
            if n > 1.0 {
                variance += d * (n1 / n) * (n2 / n) * (n - d) / (n - 1.0);
            }
        }
        n1 -= d1 + c1;
        n2 -= d2 + c2;
    }
    let chi2 = if variance > 0.0 { (observed as f64 - expected).powi(2) / variance } else { 0.0 };
    LogRank { observed, expected, variance, chi2, p_value: chi2_1_survival(chi2) }
}

/// P(χ²₁ ≥ x) = erfc(√(x/2)) for x ≥ 0 (a χ² of one degree of freedom is a squared normal).
pub fn chi2_1_survival(x: f64) -> f64 {
    if x <= 0.0 {
        1.0
    } else {
        libm::erfc((x / 2.0).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_tail_at_known_points() {
        // The 95th and 99th percentiles of χ²₁, and a far tail.
        assert!((chi2_1_survival(3.841_458_820_694_124) - 0.05).abs() < 1e-15);
        assert!((chi2_1_survival(6.634_896_601_021_214) - 0.01).abs() < 1e-15);
        assert!((chi2_1_survival(1.0) - 0.317_310_507_862_914_1).abs() < 1e-15);
        assert!((chi2_1_survival(100.0) / 1.523_970_604_832_105e-23 - 1.0).abs() < 1e-12);
        assert_eq!(chi2_1_survival(0.0), 1.0);
    }

    #[test]
    fn restricted_mean_integrates_the_steps() {
        let o = |time, event| Observation { time, event };
        // Ŝ = 1 on [0, 2), 2/3 on [2, 5), then 1/3; censored at 7. ∫₀¹⁰ = 2 + 3·2/3 + 5·1/3.
        let km = KaplanMeier::new(&[o(2, true), o(5, true), o(7, false)]);
        assert!((km.restricted_mean(10) - (2.0 + 2.0 + 5.0 / 3.0)).abs() < 1e-12);
        assert_eq!(km.restricted_mean(1), 1.0);
    }
}

/// A cell of a comparison: its learner and grid settings.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellKey {
    /// The learner's label.
    pub learner: String,
    /// The μ axis label (`-` for a learner without μ).
    pub mu_setting: String,
    /// The γ axis label (`-` for a rule).
    pub gamma_setting: String,
}

/// The log-rank test between two cells of one size (`runtime --compare`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The size both cells are at.
    pub size: u64,
    /// The first cell (in the sweep's order).
    pub a: CellKey,
    /// The second cell.
    pub b: CellKey,
    /// Runs of a and of b.
    pub runs: [usize; 2],
    /// Censored runs of a and of b.
    pub censored: [usize; 2],
    /// The KM medians of a and of b (None: Ŝ stays above ½).
    pub km_median: [Option<u64>; 2],
    /// The test, O and E counted for a.
    pub log_rank: LogRank,
}

/// The most cells one size may have for `--compare` (every pair is tested: 190 pairs).
pub const MAX_COMPARED_CELLS: usize = 20;

/// The log-rank test between every two cells (learner, μ, γ) at each size, in the rows' order.
/// Refuses a size with more than [`MAX_COMPARED_CELLS`] cells.
pub fn compare(rows: &[super::runs::RunRow]) -> Result<Vec<Comparison>, crate::InputError> {
    let mut sizes: Vec<u64> = Vec::new();
    let mut cells: Vec<(u64, CellKey, Vec<Observation>)> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for row in rows {
        let key = CellKey {
            learner: row.learner.clone(),
            mu_setting: row.mu_setting.clone(),
            gamma_setting: row.gamma_setting.clone(),
        };
        let i = *index.entry((row.size, key.clone())).or_insert_with(|| {
            cells.push((row.size, key, Vec::new()));
            cells.len() - 1
        });
        if !sizes.contains(&row.size) {
            sizes.push(row.size);
        }
        cells[i].2.push(Observation { time: row.games, event: row.found });
    }
    let mut out = Vec::new();
    for size in sizes {
        let at: Vec<&(u64, CellKey, Vec<Observation>)> = cells.iter().filter(|c| c.0 == size).collect();
        if at.len() > MAX_COMPARED_CELLS {
            return Err(format!(
                "Size {size} has {} cells (learner, μ, γ), and --compare tests every two of them, at most {MAX_COMPARED_CELLS} cells; compare a smaller grid.",
                at.len()
            )
            .into());
        }
        for (i, a) in at.iter().enumerate() {
            for b in &at[i + 1..] {
                let censored = |s: &[Observation]| s.iter().filter(|o| !o.event).count();
                out.push(Comparison {
                    size,
                    a: a.1.clone(),
                    b: b.1.clone(),
                    runs: [a.2.len(), b.2.len()],
                    censored: [censored(&a.2), censored(&b.2)],
                    km_median: [KaplanMeier::new(&a.2).median(), KaplanMeier::new(&b.2).median()],
                    log_rank: log_rank(&a.2, &b.2),
                });
            }
        }
    }
    Ok(out)
}

/// The comparisons' CSV header.
pub const COMPARE_HEADER: &str = "size,learner_a,mu_a,gamma_a,learner_b,mu_b,gamma_b,runs_a,runs_b,censored_a,censored_b,km_median_a,km_median_b,observed_a,expected_a,chi2,p_value";

/// The comparisons as CSV, one row per pair; a KM median that does not exist is left empty.
pub fn compare_csv(comparisons: &[Comparison]) -> String {
    let opt = |x: Option<u64>| x.map_or(String::new(), |t| t.to_string());
    let mut out = String::from(COMPARE_HEADER);
    out.push('\n');
    for c in comparisons {
        out += &format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            c.size,
            c.a.learner,
            c.a.mu_setting,
            c.a.gamma_setting,
            c.b.learner,
            c.b.mu_setting,
            c.b.gamma_setting,
            c.runs[0],
            c.runs[1],
            c.censored[0],
            c.censored[1],
            opt(c.km_median[0]),
            opt(c.km_median[1]),
            c.log_rank.observed,
            c.log_rank.expected,
            c.log_rank.chi2,
            c.log_rank.p_value,
        );
    }
    out
}
