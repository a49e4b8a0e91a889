//! Censored-runtime statistics (src/learn/runtime/survival.rs) against a twin written from the
//! definitions, on random censored samples with pinned seeds, and against the textbook example:
//! Freireich et al.'s 6-MP leukaemia remission data (Blood 21 (1963) 699–716), whose Kaplan–Meier
//! table and log-rank test are in every survival textbook (e.g. Klein & Moeschberger, Survival
//! Analysis, Table 4.1A; Kleinbaum & Klein, Survival Analysis: log-rank χ² = 16.79).

use impartial::learn::runtime::survival::{
    cell_survival, chi2_1_survival, log_rank, KaplanMeier, Observation, Z_95,
};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn o(time: u64, event: bool) -> Observation {
    Observation { time, event }
}

/// 6-MP: remission weeks, relapses (events) and censored.
fn six_mp() -> Vec<Observation> {
    let events = [6, 6, 6, 7, 10, 13, 16, 22, 23];
    let censored = [6, 9, 10, 11, 17, 19, 20, 25, 32, 32, 34, 35];
    events.iter().map(|&t| o(t, true)).chain(censored.iter().map(|&t| o(t, false))).collect()
}

/// Placebo: every patient relapsed.
fn placebo() -> Vec<Observation> {
    [1, 1, 2, 2, 3, 4, 4, 5, 5, 8, 8, 8, 8, 11, 11, 12, 12, 15, 17, 22, 23]
        .iter()
        .map(|&t| o(t, true))
        .collect()
}

#[test]
fn six_mp_kaplan_meier_table_median_and_interval() {
    let km = KaplanMeier::new(&six_mp());
    // (week, Ŝ, Greenwood standard error of Ŝ) as printed in the textbooks' table.
    let table = [
        (6, 0.857, 0.076),
        (7, 0.807, 0.087),
        (10, 0.753, 0.096),
        (13, 0.690, 0.107),
        (16, 0.627, 0.114),
        (22, 0.538, 0.128),
        (23, 0.448, 0.135),
    ];
    assert_eq!(km.steps.len(), table.len());
    for (step, (week, s, se)) in km.steps.iter().zip(table) {
        assert_eq!(step.time, week);
        assert!((step.survival - s).abs() < 5e-4, "week {week}: Ŝ = {}", step.survival);
        let greenwood_se = step.survival * step.greenwood.sqrt();
        assert!((greenwood_se - se).abs() < 5e-4, "week {week}: se = {greenwood_se}");
    }
    assert_eq!(km.median(), Some(23));
    // Log–log Brookmeyer–Crowley: the lower limit first reaches ½ at week 13 (at week 10 it is
    // 0.505, at 13 it is 0.431); the upper limit never does (Ŝ ends at 0.448 with se 0.135).
    assert_eq!(km.median_interval(), (Some(13), None));
    // Placebo: no censoring, Ŝ = 10/21 first at week 8 (11 of 21 still in remission before it).
    assert_eq!(KaplanMeier::new(&placebo()).median(), Some(8));
}

#[test]
fn six_mp_against_placebo_log_rank() {
    let test = log_rank(&six_mp(), &placebo());
    assert_eq!(test.observed, 9);
    assert!((test.expected - 19.25).abs() < 0.005, "E = {}", test.expected);
    assert!((test.chi2 - 16.79).abs() < 0.005, "χ² = {}", test.chi2);
    assert!((test.p_value - 4.17e-5).abs() < 0.01e-5, "p = {}", test.p_value);
    // The same test from the other side.
    let other = log_rank(&placebo(), &six_mp());
    assert_eq!(other.observed, 21);
    assert!((other.chi2 - test.chi2).abs() < 1e-9);
    // A sample against itself: no evidence at all.
    let same = log_rank(&six_mp(), &six_mp());
    assert!(same.chi2.abs() < 1e-12 && (same.p_value - 1.0).abs() < 1e-6);
}

// ---------------------------------------------------------------------------------------------
// The twin: Ŝ, its quantiles, Greenwood's variance, the interval and the restricted mean from
// the definitions, each distinct finishing time looked up by counting over the whole sample.

struct Twin {
    /// (t, Ŝ(t), Greenwood sum) at each distinct finishing time.
    points: Vec<(u64, f64, f64)>,
}

impl Twin {
    fn new(sample: &[Observation]) -> Twin {
        let mut times: Vec<u64> = sample.iter().filter(|o| o.event).map(|o| o.time).collect();
        times.sort_unstable();
        times.dedup();
        let (mut s, mut g) = (1.0, 0.0);
        let mut points = Vec::new();
        for t in times {
            let n = sample.iter().filter(|o| o.time >= t).count() as f64;
            let d = sample.iter().filter(|o| o.time == t && o.event).count() as f64;
            s *= (n - d) / n;
            g += if n > d { d / (n * (n - d)) } else { f64::INFINITY };
            points.push((t, s, g));
        }
        Twin { points }
    }

    fn survival(&self, t: u64) -> f64 {
        self.points.iter().rev().find(|p| p.0 <= t).map_or(1.0, |p| p.1)
    }

    fn quantile(&self, q: f64) -> Option<u64> {
        self.points.iter().find(|p| p.1 <= (1.0 - q) * (1.0 + 1e-9)).map(|p| p.0)
    }

    /// The set {t : |ln(−ln Ŝ(t)) − ln ln 2| ≤ z·se(t)} read off from its ends: the first t
    /// whose ln(−ln Ŝ) + z·se reaches ln ln 2, and the first whose ln(−ln Ŝ) − z·se does.
    fn interval(&self) -> (Option<u64>, Option<u64>) {
        let target = std::f64::consts::LN_2.ln();
        let g = |s: f64, gw: f64, sign: f64| {
            if s <= 0.0 || !gw.is_finite() {
                return f64::INFINITY;
            }
            (-s.ln()).ln() + sign * Z_95 * gw.sqrt() / s.ln().abs()
        };
        let first = |sign| self.points.iter().find(|p| g(p.1, p.2, sign) >= target).map(|p| p.0);
        (first(1.0), first(-1.0))
    }
}

/// A random censored sample: T from a heavy-tailed law on small integers (many ties), censored
/// at a random time or at the budget.
fn sample(rng: &mut Xoshiro256PlusPlus, budget: u64) -> Vec<Observation> {
    let n = 1 + (rng.next_u64() % 40) as usize;
    (0..n)
        .map(|_| {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let t = (1.0 / (1.0 - u).max(1e-9)).powf(1.5) as u64 * (1 + rng.next_u64() % 3);
            let censor = if rng.next_u64().is_multiple_of(4) { 1 + rng.next_u64() % budget } else { budget };
            if t <= censor {
                o(t.max(1), true)
            } else {
                o(censor, false)
            }
        })
        .collect()
}

#[test]
fn kaplan_meier_equals_its_twin_on_random_censored_samples() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20_261_128);
    let mut compared_intervals = 0;
    for case in 0..2000 {
        let budget = 5 + rng.next_u64() % 120;
        let sample = sample(&mut rng, budget);
        let (km, twin) = (KaplanMeier::new(&sample), Twin::new(&sample));
        for t in 0..=budget + 1 {
            let (a, b) = (km.survival_at(t), twin.survival(t));
            assert!((a - b).abs() < 1e-12, "case {case}, t = {t}: {a} vs {b}");
        }
        for q in [0.1, 0.25, 0.5, 0.75, 0.9] {
            assert_eq!(km.quantile(q), twin.quantile(q), "case {case}, q = {q}: {sample:?}");
        }
        assert_eq!(km.median_interval(), twin.interval(), "case {case}: {sample:?}");
        compared_intervals += usize::from(km.median_interval().0.is_some());
        // The restricted mean as a sum over the unit steps of an integer clock.
        let rmst: f64 = (0..budget).map(|t| twin.survival(t)).sum();
        assert!((km.restricted_mean(budget) - rmst).abs() < 1e-9 * budget as f64, "case {case}");
        // A cell's summary: the nearest-rank median (∞ for unfinished runs). (Its count of
        // censored runs is the summary's `censored`, beside these fields.)
        let cell = cell_survival(&sample, budget);
        let mut ts: Vec<Option<u64>> = sample.iter().map(|o| o.event.then_some(o.time)).collect();
        ts.sort_unstable_by_key(|t| t.unwrap_or(u64::MAX));
        assert_eq!(cell.nearest_rank_median, ts[sample.len().div_ceil(2) - 1], "case {case}");
        assert_eq!(cell.km_median_ci.is_some(), cell.km_median.is_some());
    }
    assert!(compared_intervals > 500, "only {compared_intervals} samples had an interval's lower end");
}

#[test]
fn without_censoring_the_km_median_is_the_lower_median() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..500 {
        let n = 1 + (rng.next_u64() % 30) as usize;
        let mut times: Vec<u64> = (0..n).map(|_| 1 + rng.next_u64() % 50).collect();
        let sample: Vec<Observation> = times.iter().map(|&t| o(t, true)).collect();
        times.sort_unstable();
        assert_eq!(KaplanMeier::new(&sample).median(), Some(times[n.div_ceil(2) - 1]), "{times:?}");
    }
}

#[test]
fn log_rank_p_values_are_chi_square_tails() {
    // P(χ²₁ ≥ x) = P(|Z| ≥ √x): the two-sided normal tails at z = 1.96 and 2.576.
    assert!((chi2_1_survival(Z_95 * Z_95) - 0.05).abs() < 1e-12);
    assert!((chi2_1_survival(2.575_829_303_548_900_4f64.powi(2)) - 0.01).abs() < 1e-12);
}
