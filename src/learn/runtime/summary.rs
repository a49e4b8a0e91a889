//! The distribution of T per cell and the fitted slopes: the summary of a sweep's raw rows.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::survival::{cell_survival, km_slope, observations, CellSurvival, KmSlope};
use super::{runs::*, settings::*, sweep::*};
use crate::error::InputError;
use crate::learn::bootstrap::{self, SlopeReplicates};

/// The distribution of T in one cell (size, μ, γ). Unfinished runs count as T = ∞: a
/// percentile that falls on them is None ("more than the budget"), and the mean is over
/// finished runs only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellSummary {
    /// The value substituted for N in the game spec.
    pub size: u64,
    /// The UMDA engine (`fast`, `naive`, `expected`), or `-` for a rule learner.
    pub engine: String,
    /// The runs' budget: most games (UMDA) or plays (a rule) per run.
    pub max_games: u64,
    /// n: the positions of the learnt game (counting v* where the root is a P-position).
    pub positions: usize,
    /// Δ: the most moves from one position.
    pub max_degree: usize,
    /// The cell's μ (0 for a rule learner).
    pub mu: u32,
    /// The cell's γ (0 for a rule learner).
    pub gamma: f64,
    /// Runs in the cell.
    pub runs: usize,
    /// Runs that reached Opt(G) within the budget.
    pub finished: usize,
    /// Runs censored at the budget (`runs − finished`): their T is only known to exceed the
    /// games they played.
    #[serde(default)]
    pub censored: usize,
    /// Mean T over the finished runs (CSV `mean_T`); None when none finished.
    pub mean_finished: Option<f64>,
    /// Median T (CSV `median_T`); None when it falls on unfinished runs.
    pub median: Option<u64>,
    /// 10th percentile of T (CSV `p10_T`); None when it falls on unfinished runs.
    pub p10: Option<u64>,
    /// 90th percentile of T (CSV `p90_T`); None when it falls on unfinished runs.
    pub p90: Option<u64>,
    /// log10 of Corollary 5.3's bound over C² (for normal play).
    pub bound_log10: Option<f64>,
    /// log10 of Theorem 5.2's bound over C² (its sum over W_G at the theorem's least μ).
    #[serde(default)]
    pub bound_theorem_log10: Option<f64>,
    /// The grid axes' labels of this cell (empty for rows from before grids).
    pub mu_setting: String,
    /// The γ axis label of this cell (`0.01`, `paper`; `-` for a rule learner).
    pub gamma_setting: String,
    /// The bootstrap 95% interval of the median (see [`bootstrap`]); None for an end that
    /// falls on unfinished runs.
    pub median_low: Option<u64>,
    /// The upper end of that interval.
    pub median_high: Option<u64>,
    /// The learner ([`Learner::label`]).
    /// (`umda` in summaries written before learners.)
    #[serde(default = "umda_label")]
    pub learner: String,
    /// Kaplan–Meier median and interval, restricted mean and the nearest-rank median
    /// ([`super::survival`]).
    #[serde(flatten)]
    pub survival: CellSurvival,
}

/// One line of a sweep: the cells of one (μ, γ) across sizes, and their fitted slopes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesSummary {
    /// (`umda` in summaries written before learners.)
    #[serde(default = "umda_label")]
    pub learner: String,
    /// The μ axis label of the series (`100`, `paper`; `-` for a rule learner).
    pub mu_setting: String,
    /// The γ axis label of the series (`0.01`, `paper`; `-` for a rule learner).
    pub gamma_setting: String,
    /// Least-squares slope of ln(median T) against ln n over the cells with a finite median.
    pub slope: Option<f64>,
    /// Its bootstrap 95% interval (None for an end past the budget, or no slope).
    pub slope_low: Option<f64>,
    /// The upper end of that interval.
    pub slope_high: Option<f64>,
    /// The same slope for Corollary 5.3's bound, for comparison.
    pub bound_slope: Option<f64>,
    /// The same slope for Theorem 5.2's bound.
    #[serde(default)]
    pub bound_theorem_slope: Option<f64>,
    /// How many sizes the measured slope was fitted on (sizes whose median is past the budget
    /// are left out), of `sizes`.
    pub slope_sizes: usize,
    /// The sizes (cells) of the series.
    pub sizes: usize,
    /// The slope fitted on the Kaplan–Meier medians, with its interval ([`super::survival`]).
    #[serde(flatten)]
    pub km: KmSlope,
}

/// A sweep's table (one row per cell) and its fitted log–log slopes against n (positions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Where the rows come from: the build, its random stream, the sweep and the command (set
    /// by the caller; None in summaries written before 0.2.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<super::provenance::Provenance>,
    /// The sweep the rows come from (its sizes, axes, runs, engine, budget and seed; None for
    /// rows that name none, as tables written before sweeps were recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<SweepInfo>,
    /// The cells, size-major as run (the name predates grids, when a cell was a size).
    pub sizes: Vec<CellSummary>,
    /// One per (μ, γ) of the grid, in the grid's order.
    pub series: Vec<SeriesSummary>,
    /// With a single series, its slope, interval and bound slope (as before grids); None with
    /// several (see `series`).
    pub slope: Option<f64>,
    /// With a single series, the lower end of its slope's bootstrap 95% interval; else None.
    pub slope_low: Option<f64>,
    /// With a single series, the upper end of its slope's bootstrap 95% interval; else None.
    pub slope_high: Option<f64>,
    /// With a single series, the slope of Corollary 5.3's bound; else None.
    pub bound_slope: Option<f64>,
    /// With a single series, the sizes its slope was fitted on; else 0.
    pub slope_sizes: usize,
    /// The bootstrap's resamples per interval.
    pub resamples: usize,
}

/// Groups rows by cell (in order of first appearance) and summarises each. Refuses rows that
/// cannot belong to one sweep: the same run twice, or one cell run with different settings.
pub fn summarise(rows: &[RunRow]) -> Result<Summary, InputError> {
    // Rows grouped by cell in one pass with a map, so the cost is O(rows · log cells).
    let mut seen = std::collections::HashSet::new();
    let mut group_of = HashMap::new();
    let mut groups: Vec<Vec<&RunRow>> = Vec::new();
    for row in rows {
        if row.positions == 0 {
            // A game has its start position at least; a figure's log axis has no place for 0.
            return Err(format!(
                "Run {} of size {}{} has 0 positions, which no game has; give the files as --raw wrote them.",
                row.run,
                row.size,
                cell_words(&row.mu_setting, &row.gamma_setting)
            )
            .into());
        }
        check_row(row)?;
        let key = (row.learner.as_str(), row.mu_setting.as_str(), row.gamma_setting.as_str(), row.size);
        let g = *group_of.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        if let Some(first) = groups[g].first() {
            let same = first.engine == row.engine
                && first.max_games == row.max_games
                && first.mu == row.mu
                && first.gamma.to_bits() == row.gamma.to_bits()
                && first.positions == row.positions;
            if !same {
                return Err(format!(
                    "Size {} was run with different settings (engine, budget, μ, γ or game) in these rows; \
                     summarise one sweep at a time.",
                    row.size
                )
                .into());
            }
        }
        if let Some(first) = groups[g].first() {
            let same_bits = |a: Option<f64>, b: Option<f64>| a.map(f64::to_bits) == b.map(f64::to_bits);
            if !same_bits(first.bound_log10, row.bound_log10)
                || !same_bits(first.bound_theorem_log10, row.bound_theorem_log10)
            {
                return Err(format!(
                    "Size {}{} has two different bounds in these rows (runs {} and {}), which one game cannot have; give the files as --raw wrote them.",
                    row.size,
                    cell_words(&row.mu_setting, &row.gamma_setting),
                    first.run,
                    row.run
                )
                .into());
            }
        }
        if !seen.insert((key, row.run)) {
            return Err(format!(
                "Run {} of size {}{} appears twice; summarise each run once (e.g. each shard's file once).",
                row.run,
                row.size,
                cell_words(&row.mu_setting, &row.gamma_setting)
            )
            .into());
        }
        groups[g].push(row);
        // Checked as the groups grow, so the rest of the work (a bootstrap per cell) is bounded.
        if groups.len() as u64 > MAX_CELLS {
            return Err(format!(
                "These rows hold more than {} cells (size, learner, μ, γ), the most one sweep has; summarise one sweep at a time.",
                crate::error::group_digits(u128::from(MAX_CELLS))
            ).into());
        }
    }
    let mut finished_of: Vec<Vec<u64>> = Vec::with_capacity(groups.len());
    let mut cells: Vec<CellSummary> = groups
        .iter()
        .map(|group| {
            let first = group[0];
            let mut finished: Vec<u64> = group.iter().filter(|r| r.found).map(|r| r.games).collect();
            finished.sort_unstable();
            let runs = group.len();
            let percentile = |q: f64| percentile(&finished, runs, q);
            let cell = CellSummary {
                size: first.size,
                engine: first.engine.clone(),
                max_games: first.max_games,
                positions: first.positions,
                max_degree: first.max_degree,
                mu: first.mu,
                gamma: first.gamma,
                runs,
                finished: finished.len(),
                censored: runs - finished.len(),
                mean_finished: (!finished.is_empty())
                    .then(|| finished.iter().map(|&t| t as f64).sum::<f64>() / finished.len() as f64),
                median: percentile(0.5),
                p10: percentile(0.1),
                p90: percentile(0.9),
                bound_log10: first.bound_log10,
                bound_theorem_log10: first.bound_theorem_log10,
                mu_setting: first.mu_setting.clone(),
                gamma_setting: first.gamma_setting.clone(),
                median_low: None,
                median_high: None,
                learner: first.learner.clone(),
                survival: cell_survival(&observations(group), first.max_games),
            };
            finished_of.push(finished);
            cell
        })
        .collect();
    // Series in order of first appearance.
    let mut series_of: HashMap<(&str, &str, &str), usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        let key = (cell.learner.as_str(), cell.mu_setting.as_str(), cell.gamma_setting.as_str());
        let s = *series_of.entry(key).or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        members[s].push(i);
    }
    let ln10 = std::f64::consts::LN_10;
    let mut intervals = vec![(None, None); cells.len()];
    let series: Vec<SeriesSummary> = members
        .iter()
        .map(|m| {
            let of = || m.iter().map(|&i| &cells[i]);
            let slope =
                fit_slope(of().filter_map(|s| Some(((s.positions as f64).ln(), (s.median? as f64).ln()))));
            let bound_slope =
                fit_slope(of().filter_map(|s| Some(((s.positions as f64).ln(), s.bound_log10? * ln10))));
            let bound_theorem_slope = fit_slope(
                of().filter_map(|s| Some(((s.positions as f64).ln(), s.bound_theorem_log10? * ln10))),
            );
            // Each cell's replicates are made, used for its interval and the series' slope
            // replicates, and dropped: memory is one cell's, not the sweep's.
            let mut reps = slope.map(|_| SlopeReplicates::default());
            for &i in m {
                let c = &cells[i];
                let replicates = bootstrap::median_replicates(
                    &finished_of[i],
                    c.runs,
                    bootstrap_seed(c.size, c.mu, c.gamma),
                );
                intervals[i] = bootstrap::interval(&replicates);
                if let (Some(reps), Some(_)) = (reps.as_mut(), c.median) {
                    reps.add((c.positions as f64).ln(), &replicates);
                }
            }
            let (slope_low, slope_high) = reps.map_or((None, None), |r| r.interval());
            let first = &cells[m[0]];
            SeriesSummary {
                learner: first.learner.clone(),
                mu_setting: first.mu_setting.clone(),
                gamma_setting: first.gamma_setting.clone(),
                slope,
                slope_low,
                slope_high,
                bound_slope,
                bound_theorem_slope,
                slope_sizes: of().filter(|s| s.median.is_some()).count(),
                sizes: m.len(),
                km: km_slope(
                    &m.iter()
                        .map(|&i| {
                            let c = &cells[i];
                            (c.positions, observations(&groups[i]), bootstrap_seed(c.size, c.mu, c.gamma))
                        })
                        .collect::<Vec<_>>(),
                ),
            }
        })
        .collect();
    for (cell, (low, high)) in cells.iter_mut().zip(intervals) {
        cell.median_low = low;
        cell.median_high = high;
    }
    let single = (series.len() == 1).then(|| series[0].clone());
    Ok(Summary {
        provenance: None,
        sweep: None,
        sizes: cells,
        slope: single.as_ref().and_then(|s| s.slope),
        slope_low: single.as_ref().and_then(|s| s.slope_low),
        slope_high: single.as_ref().and_then(|s| s.slope_high),
        bound_slope: single.as_ref().and_then(|s| s.bound_slope),
        slope_sizes: single.as_ref().map_or(0, |s| s.slope_sizes),
        series,
        resamples: bootstrap::RESAMPLES,
    })
}

/// Refuses a row no run could have written: more games than its budget, UMDA's games other
/// than μ per generation, or a run censored before its budget was spent.
fn check_row(row: &RunRow) -> Result<(), InputError> {
    let at =
        || format!("Run {} of size {}{}", row.run, row.size, cell_words(&row.mu_setting, &row.gamma_setting));
    let budget = crate::error::group_digits(u128::from(row.max_games));
    let games = crate::error::group_digits(u128::from(row.games));
    if row.games > row.max_games {
        return Err(format!(
            "{} played {games} games, above its budget of {budget}, which no run does; give the files as --raw wrote them.",
            at()
        ).into());
    }
    let umda = row.learner == umda_label();
    if umda && Some(row.games) != u64::from(row.mu).checked_mul(row.generations) {
        return Err(format!(
            "{} played {games} games in {} generations of μ = {}, not μ games per generation as UMDA does; give the files as --raw wrote them.",
            at(),
            row.generations,
            row.mu
        ).into());
    }
    // Unfinished only when the budget has no room left: for UMDA, not for another generation
    // of μ games; for a rule learner, not for another play.
    let room = if umda {
        u64::from(row.mu)
    } else if row.mu_setting == NO_SETTING {
        1
    } else {
        0
    };
    if !row.found && room > 0 && row.games + room <= row.max_games {
        return Err(format!(
            "{} is marked unfinished after {games} games, though its budget of {budget} had room for more; give the files as --raw wrote them.",
            at()
        ).into());
    }
    Ok(())
}

/// The `q`-th percentile of T over `runs` runs whose finished T are `finished` (sorted): nearest
/// rank, the ⌈q·runs⌉-th smallest, unfinished runs sorted last (None when it falls on them).
pub fn percentile(finished: &[u64], runs: usize, q: f64) -> Option<u64> {
    finished.get(bootstrap::rank(q, runs)).copied()
}

/// " (μ = 100, γ = paper)" for messages; empty for rows from before grids.
pub(super) fn cell_words(mu: &str, gamma: &str) -> String {
    if mu.is_empty() && gamma.is_empty() {
        String::new()
    } else {
        format!(" (μ = {mu}, γ = {gamma})")
    }
}

/// Least-squares slope; None with fewer than two distinct x.
fn fit_slope(points: impl Iterator<Item = (f64, f64)>) -> Option<f64> {
    super::survival::fit(&points.collect::<Vec<_>>())
}

/// The summary CSV's header: one name per column [`Summary::to_csv`] writes, in its order.
/// (`censored` and `bound_theorem_log10` came with version 0.2.0, after the earlier columns.)
pub const SUMMARY_HEADER: &str = "size,positions,max_degree,engine,mu,gamma,max_games,runs,finished,mean_T,median_T,p10_T,p90_T,bound_log10,mu_setting,gamma_setting,median_T_low,median_T_high,learner,censored,bound_theorem_log10";

impl Summary {
    /// CSV: one row per cell, a tidy table (no comment lines; the slopes and provenance are in
    /// the JSON summary, its sidecar). Every column but the labels `engine`, `mu_setting`,
    /// `gamma_setting` and `learner` is a number or empty: a percentile or interval end that
    /// falls on censored runs (T only known to exceed the budget) is empty, as is a mean with
    /// no finished run or a bound under misère play.
    pub fn to_csv(&self) -> String {
        let opt = |x: Option<u64>| x.map_or(String::new(), |t| t.to_string());
        let bound = |b: Option<f64>| b.map_or(String::new(), |b| format!("{b:.3}"));
        let mut out = String::from(SUMMARY_HEADER);
        out.push('\n');
        for s in &self.sizes {
            out += &format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                s.size,
                s.positions,
                s.max_degree,
                s.engine,
                s.mu,
                s.gamma,
                s.max_games,
                s.runs,
                s.finished,
                s.mean_finished.map_or(String::new(), |m| format!("{m:.1}")),
                opt(s.median),
                opt(s.p10),
                opt(s.p90),
                bound(s.bound_log10),
                s.mu_setting,
                s.gamma_setting,
                opt(s.median_low),
                opt(s.median_high),
                s.learner,
                s.censored,
                bound(s.bound_theorem_log10),
            );
        }
        out
    }
}
