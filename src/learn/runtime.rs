//! Runtime experiments: the distribution of T (Def 5.1) over many seeds per game size, to set
//! beside the bounds of seed 000 §5–6 (Theorem 5.2, Corollary 5.3, Props 6.1–6.4).
//!
//! A sweep names its game by a spec whose size key is written `N` (e.g.
//! `game=subtraction&moves=1,2&heap=N`); each size replaces every `N` value. Run r of size N uses
//! seed [`run_seed`]`(seed, N, r)`, so a sweep split into shards (`--shard i/k`) runs exactly the
//! runs of the whole sweep, and any single run can be replayed with `impartial umda --seed`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::params::{check_gamma, paper_gamma, paper_mu, Engine, Params};
use super::task::Task;
use super::umda::Run;
use crate::error::InputError;
use crate::games::{self, Limits};
use crate::spec::GameSpec;
use crate::value::bad_value;

/// How μ is chosen per size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MuSetting {
    Fixed(u32),
    /// Theorem 5.2's μ with the constant C scaled to `c` and confidence `k`.
    Paper {
        c: f64,
        k: f64,
    },
}

/// How γ is chosen per size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GammaSetting {
    Fixed(f64),
    /// Theorem 5.2's γ = 1/(20Δn).
    Paper,
}

impl GammaSetting {
    /// `paper` or a finite number (checked against each size's Δ later, in [`prepare`]).
    pub fn parse(text: &str) -> Result<GammaSetting, InputError> {
        match text.trim() {
            "paper" => Ok(GammaSetting::Paper),
            t => match t.parse::<f64>() {
                Ok(g) if g.is_finite() => Ok(GammaSetting::Fixed(g)),
                _ => Err(bad_value("gamma", text, "a number from 0 up to, not including, 1/Δ, or 'paper'")),
            },
        }
    }
}

/// One game size of a sweep, built and with its parameters fixed.
#[derive(Debug, Clone)]
pub struct Size {
    /// The value substituted for N.
    pub size: u64,
    pub task: Arc<Task>,
    pub params: Params,
    /// log10 of Corollary 5.3's runtime bound divided by C² (None under misère play).
    pub bound_log10: Option<f64>,
}

/// What a sweep's spec must look like, for messages.
pub const TEMPLATE_RULE: &str =
    "a spec in which the size is written N, as a whole value or a whole item of a \
     comma-separated list, e.g. 'game=subtraction&moves=1,2&heap=N' or 'game=nim&heaps=N,N'";

/// The spec of one size: every value, or comma-separated item of a value, written `N` replaced
/// by `size`.
pub fn spec_for(template: &str, size: u64) -> Result<String, InputError> {
    let mut found = false;
    let parts: Vec<String> = template
        .split('&')
        .map(|part| match part.split_once('=') {
            Some((key, value)) => {
                let items: Vec<String> = value
                    .split(',')
                    .map(|item| {
                        if item == "N" {
                            found = true;
                            size.to_string()
                        } else {
                            item.to_string()
                        }
                    })
                    .collect();
                format!("{key}={}", items.join(","))
            }
            None => part.to_string(),
        })
        .collect();
    if !found {
        return Err(bad_value("game", template, TEMPLATE_RULE));
    }
    Ok(parts.join("&"))
}

/// Sizes every size of a sweep from its spec alone, before anything is built: the first size
/// whose spec is bad or whose instance is above the budget is returned with its error, so a
/// sweep is refused before its first graph is allocated.
pub fn check_sizes(template: &str, sizes: &[u64], limits: &Limits) -> Result<(), (u64, InputError)> {
    for &size in sizes {
        let check = || {
            let spec = GameSpec::parse(&spec_for(template, size)?)?;
            games::check_size(spec.family.name(), games::estimate(&spec, limits)?, limits)
        };
        check().map_err(|e| (size, e))?;
    }
    Ok(())
}

/// Builds one size and fixes its μ and γ. A sweep builds its sizes one at a time (see
/// [`sweep`]), so memory is that of the largest size, not of all of them.
pub fn prepare(
    template: &str,
    size: u64,
    mu: MuSetting,
    gamma: GammaSetting,
    limits: &Limits,
) -> Result<Size, InputError> {
    let task = Task::from_spec(&spec_for(template, size)?, limits)?;
    let gamma = match gamma {
        GammaSetting::Fixed(g) => check_gamma(&task, g)?,
        GammaSetting::Paper => paper_gamma(&task),
    };
    let mu = match mu {
        MuSetting::Fixed(m) => m,
        MuSetting::Paper { c, k } => paper_mu(&task, c, k)?,
    };
    let bounds = task.runtime_bounds(1.0);
    let bound_log10 = bounds.and_then(|b| b.corollary_runtime_over_c2.log10);
    let params = Params::new(&task, mu, gamma)?;
    Ok(Size { size, task: Arc::new(task), params, bound_log10 })
}

/// SplitMix64's output function: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of run `run` at size `size` in a sweep with base seed `seed`.
pub fn run_seed(seed: u64, size: u64, run: u32) -> u64 {
    mix(mix(mix(seed) ^ size) ^ u64::from(run))
}

/// One run's result: a row of the raw table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRow {
    pub size: u64,
    pub engine: String,
    pub max_games: u64,
    pub positions: usize,
    pub max_degree: usize,
    pub run: u32,
    pub seed: u64,
    pub mu: u32,
    pub gamma: f64,
    pub found: bool,
    /// T when found, else the games spent.
    pub games: u64,
    pub generations: u64,
    pub bound_log10: Option<f64>,
}

/// The raw table's header: one name per value of [`RunRow::to_csv`], in its order.
pub const RAW_HEADER: &str =
    "size,engine,max_games,positions,max_degree,run,seed,mu,gamma,found,games,generations,bound_log10";

impl RunRow {
    pub fn to_csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{}",
            self.size,
            self.engine,
            self.max_games,
            self.positions,
            self.max_degree,
            self.run,
            self.seed,
            self.mu,
            self.gamma,
            self.found,
            self.games,
            self.generations,
            self.bound_log10.map(|b| b.to_string()).unwrap_or_default()
        )
    }

    /// Parses a line written by [`RunRow::to_csv`].
    pub fn from_csv(line: &str) -> Option<RunRow> {
        let f: Vec<&str> = line.trim().split(',').collect();
        if f.len() != 13 {
            return None;
        }
        Some(RunRow {
            size: f[0].parse().ok()?,
            engine: Engine::parse(f[1]).ok()?.as_str().to_string(),
            max_games: f[2].parse().ok()?,
            positions: f[3].parse().ok()?,
            max_degree: f[4].parse().ok()?,
            run: f[5].parse().ok()?,
            seed: f[6].parse().ok()?,
            mu: f[7].parse().ok()?,
            gamma: f[8].parse().ok()?,
            found: f[9].parse().ok()?,
            games: f[10].parse().ok()?,
            generations: f[11].parse().ok()?,
            bound_log10: if f[12].is_empty() { None } else { Some(f[12].parse().ok()?) },
        })
    }
}

/// Runs run `run` of one size until found or `max_games` is spent.
pub fn run_one(size: &Size, run: u32, engine: Engine, max_games: u64, seed: u64) -> RunRow {
    let seed = run_seed(seed, size.size, run);
    let mut umda = Run::new(Arc::clone(&size.task), engine, size.params, seed);
    let found = umda.run_until_found(max_games, |_| {});
    RunRow {
        size: size.size,
        engine: engine.as_str().to_string(),
        max_games,
        positions: size.task.n,
        max_degree: size.task.max_degree,
        run,
        seed,
        mu: size.params.mu(),
        gamma: size.params.gamma(),
        found,
        games: umda.found().map_or(umda.games(), |f| f.games),
        generations: umda.found().map_or(umda.generation(), |f| f.generation),
        bound_log10: size.bound_log10,
    }
}

/// Which part of a sweep this job runs: the (size, run) pairs whose index in size-major order
/// is `index − 1` modulo `count` (1-based, like a cluster's job array).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// `i/k` with 1 ≤ i ≤ k.
    pub fn parse(text: &str) -> Result<Shard, InputError> {
        let allowed = "i/k with whole numbers 1 ≤ i ≤ k, e.g. 3/10 for the third of ten jobs";
        let (i, k) = text.split_once('/').ok_or_else(|| bad_value("shard", text, allowed))?;
        let (i, k): (u32, u32) = match (i.trim().parse(), k.trim().parse()) {
            (Ok(i), Ok(k)) if 1 <= i && i <= k => (i, k),
            _ => return Err(bad_value("shard", text, allowed)),
        };
        Ok(Shard { index: i, count: k })
    }

    fn includes(self, job: u64) -> bool {
        job % u64::from(self.count) == u64::from(self.index - 1)
    }
}

/// The (size index, run) pairs of a shard, in size-major order.
pub fn jobs(sizes: usize, runs: u32, shard: Shard) -> Vec<(usize, u32)> {
    (0..sizes)
        .flat_map(|s| (0..runs).map(move |r| (s, r)))
        .enumerate()
        .filter(|&(job, _)| shard.includes(job as u64))
        .map(|(_, pair)| pair)
        .collect()
}

/// Runs a shard's jobs on all cores; rows come back in job order whatever the thread count.
/// Each size is built by `prepare` when its first job comes up and dropped after its last.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::too_many_arguments)] // the sweep's settings, each a CLI flag
pub fn sweep(
    sizes: &[u64],
    prepare: impl Fn(u64) -> Result<Size, InputError>,
    runs: u32,
    shard: Shard,
    engine: Engine,
    max_games: u64,
    seed: u64,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Vec<RunRow>, InputError> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let jobs = jobs(sizes.len(), runs, shard);
    let done = AtomicUsize::new(0);
    let mut rows = Vec::with_capacity(jobs.len());
    // Jobs are in size-major order: one size is built, its runs go to every core, and it is
    // dropped before the next is built.
    for group in jobs.chunk_by(|a, b| a.0 == b.0) {
        let size = prepare(sizes[group[0].0])?;
        rows.par_extend(group.par_iter().map(|&(_, r)| {
            let row = run_one(&size, r, engine, max_games, seed);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
            row
        }));
    }
    Ok(rows)
}

/// The distribution of T at one size. Unfinished runs count as T = ∞: a percentile that falls
/// on them is None ("more than the budget"), and the mean is over finished runs only.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SizeSummary {
    pub size: u64,
    pub engine: String,
    pub max_games: u64,
    pub positions: usize,
    pub max_degree: usize,
    pub mu: u32,
    pub gamma: f64,
    pub runs: usize,
    pub finished: usize,
    pub mean_finished: Option<f64>,
    pub median: Option<u64>,
    pub p10: Option<u64>,
    pub p90: Option<u64>,
    /// log10 of Corollary 5.3's bound over C² (for normal play).
    pub bound_log10: Option<f64>,
}

/// A sweep's table and its fitted log–log slopes against n (positions).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub sizes: Vec<SizeSummary>,
    /// Least-squares slope of ln(median T) against ln n over sizes with a finite median.
    pub slope: Option<f64>,
    /// The same slope for Corollary 5.3's bound, for comparison.
    pub bound_slope: Option<f64>,
    /// How many sizes the measured slope was fitted on (sizes whose median is past the budget
    /// are left out).
    pub slope_sizes: usize,
}

/// Groups rows by size (in order of first appearance) and summarises each. Refuses rows that
/// cannot belong to one sweep: the same run twice, or one size run with different settings.
pub fn summarise(rows: &[RunRow]) -> Result<Summary, String> {
    // Rows grouped by size, sizes in order of first appearance: one pass with a map from size
    // to group, so the cost is O(rows · log sizes) however many sizes there are.
    let mut seen = std::collections::HashSet::new();
    let mut group_of = std::collections::HashMap::new();
    let mut groups: Vec<Vec<&RunRow>> = Vec::new();
    for row in rows {
        let g = *group_of.entry(row.size).or_insert_with(|| {
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
                ));
            }
        }
        if !seen.insert((row.size, row.run)) {
            return Err(format!(
                "Run {} of size {} appears twice; summarise each run once (e.g. each shard's file once).",
                row.run, row.size
            ));
        }
        groups[g].push(row);
    }
    let sizes: Vec<SizeSummary> = groups
        .iter()
        .map(|group| {
            let size = group[0].size;
            let first = group[0];
            let mut finished: Vec<u64> = group.iter().filter(|r| r.found).map(|r| r.games).collect();
            finished.sort_unstable();
            let runs = group.len();
            // Nearest rank: the ⌈q·runs⌉-th smallest, unfinished runs sorted last.
            let percentile = |q: f64| {
                let rank = ((q * runs as f64).ceil() as usize).clamp(1, runs);
                finished.get(rank - 1).copied()
            };
            SizeSummary {
                size,
                engine: first.engine.clone(),
                max_games: first.max_games,
                positions: first.positions,
                max_degree: first.max_degree,
                mu: first.mu,
                gamma: first.gamma,
                runs,
                finished: finished.len(),
                mean_finished: (!finished.is_empty())
                    .then(|| finished.iter().map(|&t| t as f64).sum::<f64>() / finished.len() as f64),
                median: percentile(0.5),
                p10: percentile(0.1),
                p90: percentile(0.9),
                bound_log10: first.bound_log10,
            }
        })
        .collect();
    let ln10 = std::f64::consts::LN_10;
    let slope =
        fit_slope(sizes.iter().filter_map(|s| Some(((s.positions as f64).ln(), (s.median? as f64).ln()))));
    let bound_slope =
        fit_slope(sizes.iter().filter_map(|s| Some(((s.positions as f64).ln(), s.bound_log10? * ln10))));
    let slope_sizes = sizes.iter().filter(|s| s.median.is_some()).count();
    Ok(Summary { sizes, slope, bound_slope, slope_sizes })
}

/// Least-squares slope; None with fewer than two distinct x.
fn fit_slope(points: impl Iterator<Item = (f64, f64)>) -> Option<f64> {
    let points: Vec<(f64, f64)> = points.collect();
    let count = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / count;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    (points.len() >= 2 && sxx > 0.0).then(|| sxy / sxx)
}

pub const SUMMARY_HEADER: &str =
    "size,positions,max_degree,engine,mu,gamma,max_games,runs,finished,mean_T,median_T,p10_T,p90_T,bound_log10";

impl Summary {
    /// CSV: one row per size; a missing percentile (it falls on unfinished runs) is written
    /// `>budget`; the slopes follow as `#` comment lines.
    pub fn to_csv(&self) -> String {
        let opt = |x: Option<u64>| x.map_or(">budget".to_string(), |t| t.to_string());
        let mut out = String::from(SUMMARY_HEADER);
        out.push('\n');
        for s in &self.sizes {
            out += &format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
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
                s.bound_log10.map_or(String::new(), |b| format!("{b:.3}")),
            );
        }
        let slope = |x: Option<f64>| x.map_or("n/a".to_string(), |s| format!("{s:.3}"));
        let left_out = self.sizes.len() - self.slope_sizes;
        let note = if left_out > 0 {
            format!(
                " (fitted on {} of {} sizes: a median past the budget is left out)",
                self.slope_sizes,
                self.sizes.len()
            )
        } else {
            String::new()
        };
        out += &format!(
            "# log-log slope of median T against positions n: {}{note}; of Corollary 5.3's bound: {}\n",
            slope(self.slope),
            slope(self.bound_slope)
        );
        out
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    #[test]
    fn a_sweep_builds_each_size_once_after_the_last_one_finished() {
        let template = "game=subtraction&moves=1,2&heap=N";
        let sizes = [5, 9, 12];
        let built = AtomicUsize::new(0);
        let prepare = |size| {
            built.fetch_add(1, Ordering::SeqCst);
            super::prepare(template, size, MuSetting::Fixed(4), GammaSetting::Paper, &Limits::DEFAULT)
        };
        // Each finished run records how many sizes had been built by then.
        let seen = Mutex::new(Vec::new());
        let rows = sweep(&sizes, prepare, 3, Shard::ALL, Engine::Fast, 400, 7, |_, _| {
            seen.lock().unwrap().push(built.load(Ordering::SeqCst));
        })
        .unwrap();
        assert_eq!(built.load(Ordering::SeqCst), 3, "each size is built once");
        assert_eq!(*seen.lock().unwrap(), [1, 1, 1, 2, 2, 2, 3, 3, 3], "one size at a time, in order");
        let order: Vec<(u64, u32)> = rows.iter().map(|r| (r.size, r.run)).collect();
        assert_eq!(order, [(5, 0), (5, 1), (5, 2), (9, 0), (9, 1), (9, 2), (12, 0), (12, 1), (12, 2)]);
    }

    #[test]
    fn a_shard_builds_only_the_sizes_it_runs() {
        let built = Mutex::new(Vec::new());
        let prepare = |size| {
            built.lock().unwrap().push(size);
            super::prepare(
                "game=nim&heaps=N,2",
                size,
                MuSetting::Fixed(4),
                GammaSetting::Paper,
                &Limits::DEFAULT,
            )
        };
        // Shard 2 of 4 over 3 sizes × 2 runs: jobs 1 and 5, i.e. (size 1, run 1) and (size 3, run 1).
        let rows =
            sweep(&[1, 2, 3], prepare, 2, Shard { index: 2, count: 4 }, Engine::Fast, 100, 1, |_, _| {})
                .unwrap();
        assert_eq!(*built.lock().unwrap(), [1, 3]);
        assert_eq!(rows.iter().map(|r| (r.size, r.run)).collect::<Vec<_>>(), [(1, 1), (3, 1)]);
    }
}
