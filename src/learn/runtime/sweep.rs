//! A sweep's grid of cells, its shards, and merging the raw tables of a sharded sweep.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{runs::*, settings::*};
use crate::error::InputError;
use crate::learn::learner::Knobs;
use crate::numbers::bad_value;

/// Which part of a sweep this job runs: the jobs whose index in the sweep's order (see
/// [`Grid::job_index`]) is `index − 1` modulo `count` (1-based, like a cluster's job array).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This job's part, from 1 to `count`.
    pub index: u32,
    /// How many parts the sweep is split into.
    pub count: u32,
}

impl Shard {
    /// The whole sweep in one part (`1/1`).
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

    /// Whether the job at `job` in the sweep's order (see [`Grid::job_index`]) belongs to this
    /// shard.
    pub fn includes(self, job: u64) -> bool {
        job % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A sweep's grid: sizes × learners × μ × γ cells, each with `runs` runs. A rule learner has no
/// μ or γ, so a grid with one takes one μ and one γ (UMDA's, if UMDA is among the learners).
#[derive(Debug, Clone)]
pub struct Grid {
    /// The values substituted for N, one size per entry.
    pub sizes: Vec<u64>,
    /// The learners, each a series of its own.
    pub learners: Vec<Learner>,
    /// The μ axis.
    pub mus: Vec<MuSetting>,
    /// The γ axis.
    pub gammas: Vec<GammaSetting>,
    /// Runs per cell.
    pub runs: u32,
    /// PBIL's ρ and the compact GA's K, the same in every cell.
    pub knobs: Knobs,
}

/// One job of a sweep: indices into the grid's axes, and the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// Index into [`Grid::sizes`].
    pub size: usize,
    /// Index into [`Grid::learners`].
    pub learner: usize,
    /// Index into [`Grid::mus`].
    pub mu: usize,
    /// Index into [`Grid::gammas`].
    pub gamma: usize,
    /// The run's index in its cell, from 0.
    pub run: u32,
}

impl Grid {
    /// Cells of the grid (sizes × learners × μ × γ), in u64 so a huge grid is counted, not
    /// overflowed.
    pub fn cells(&self) -> u64 {
        self.sizes.len() as u64
            * self.learners.len() as u64
            * self.mus.len() as u64
            * self.gammas.len() as u64
    }

    /// Runs of the whole sweep.
    pub fn jobs_total(&self) -> u64 {
        self.cells() * u64::from(self.runs)
    }

    /// The job's place in the sweep's order: size-major, then learner, μ, γ and run. With one
    /// learner, μ and γ this is the order of sweeps before grids, so their shards are unchanged.
    pub fn job_index(&self, job: Job) -> u64 {
        let (l, m, g, r) = (
            self.learners.len() as u64,
            self.mus.len() as u64,
            self.gammas.len() as u64,
            u64::from(self.runs),
        );
        let cell = ((job.size as u64 * l + job.learner as u64) * m + job.mu as u64) * g + job.gamma as u64;
        cell * r + u64::from(job.run)
    }

    /// The jobs of a shard, in the sweep's order.
    pub fn jobs(&self, shard: Shard) -> Vec<Job> {
        let mut jobs = Vec::new();
        for size in 0..self.sizes.len() {
            for learner in 0..self.learners.len() {
                for mu in 0..self.mus.len() {
                    for gamma in 0..self.gammas.len() {
                        for run in 0..self.runs {
                            let job = Job { size, learner, mu, gamma, run };
                            if shard.includes(self.job_index(job)) {
                                jobs.push(job);
                            }
                        }
                    }
                }
            }
        }
        jobs
    }
}

/// Runs a shard's jobs on all cores; rows come back in job order whatever the thread count.
/// Each size is built by `prepare` when its first job comes up and dropped after its last.
/// `progress` is called once as each run finishes, from whichever thread ran it, with the
/// number of runs in the shard; the caller counts the calls (under its own lock), since a count
/// taken here could reach it out of order.
#[cfg(not(target_arch = "wasm32"))]
pub fn sweep(
    grid: &Grid,
    prepare: impl Fn(u64) -> Result<super::template::SweepSize, InputError>,
    shard: Shard,
    engine: crate::learn::params::Engine,
    max_games: u64,
    seed: u64,
    progress: impl Fn(usize) + Sync,
) -> Result<Vec<RunRow>, InputError> {
    use crate::learn::learner::Settings;
    use rayon::prelude::*;
    let jobs = grid.jobs(shard);
    let mut rows = Vec::with_capacity(jobs.len());
    // Jobs are in size-major order: one size is built, its cells' runs go to every core, and
    // it is dropped before the next is built.
    for group in jobs.chunk_by(|a, b| a.size == b.size) {
        let size = prepare(grid.sizes[group[0].size])?;
        let mut params = HashMap::new();
        for job in group.iter().filter(|job| grid.learners[job.learner].algorithm().is_some()) {
            if let std::collections::hash_map::Entry::Vacant(e) = params.entry((job.mu, job.gamma)) {
                e.insert(size.params(grid.mus[job.mu], grid.gammas[job.gamma])?);
            }
        }
        rows.par_extend(group.par_iter().map(|job| {
            let setting = CellSetting { mu: grid.mus[job.mu], gamma: grid.gammas[job.gamma] };
            let row = match grid.learners[job.learner] {
                Learner::Model(algorithm) => {
                    let settings =
                        Settings { params: params[&(job.mu, job.gamma)], engine, knobs: grid.knobs };
                    run_model(&size, setting, algorithm, &settings, job.run, max_games, seed)
                }
                Learner::Rule(rule, opponent) => run_rule(&size, rule, opponent, job.run, max_games, seed),
            };
            progress(jobs.len());
            row
        }));
    }
    Ok(rows)
}

/// What a raw table records about the sweep it comes from, so that shards can be checked to
/// be parts of one sweep, merged, and any run replayed (with [`spec_for`](super::spec_for)`(game, size)` and the
/// row's seed, μ and γ).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepInfo {
    /// The spec with N.
    pub game: String,
    /// The sizes substituted for N.
    pub sizes: Vec<u64>,
    /// The μ axis, as labels (`100`, `paper`).
    pub mu: Vec<String>,
    /// The γ axis, as labels (`0.01`, `paper`).
    pub gamma: Vec<String>,
    /// With μ = paper: C and K of Theorem 5.2.
    pub paper_c: Option<f64>,
    /// With μ = paper: K of Theorem 5.2.
    pub paper_k: Option<f64>,
    /// Runs per cell.
    pub runs: u32,
    /// The UMDA engine (`fast`, `naive`, `expected`), or `-` when only rule learners run.
    pub engine: String,
    /// The budget per run (`--max-evals`): games for UMDA, plays for a rule.
    pub max_evals: u64,
    /// The sweep's base seed; each run's seed is [`run_seed`] of it.
    pub seed: u64,
    /// The learners, as [`Learner::label`]s joined by commas (`umda,lnwp:random`).
    /// (`umda` in summaries written before learners.)
    #[serde(default = "umda_label")]
    pub learner: String,
    /// PBIL's ρ, when PBIL is among the learners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rho: Option<f64>,
    /// The compact GA's K, when it is among the learners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<u32>,
    /// The part of the sweep this table holds.
    pub shard: Shard,
}

/// The most (size, μ, γ) cells one sweep may hold (each is checked before any run).
pub const MAX_CELLS: u64 = 10_000;

/// The most runs one sweep may hold (its job list is built up front).
pub const MAX_JOBS: u64 = 1_000_000;

impl SweepInfo {
    /// Refuses a sweep line no sweep could have written (e.g. edited by hand): a shard outside
    /// 1..=count, an empty axis or no runs, or a grid above the limits.
    pub fn check(&self) -> Result<(), InputError> {
        let shard = self.shard;
        let Ok(learners) = Learner::parse_list(&self.learner) else {
            return Err(format!("its learner {} is not a list of learners", self.learner).into());
        };
        let grid = self.sizes.len() as u128
            * learners.len() as u128
            * self.mu.len() as u128
            * self.gamma.len() as u128;
        let has_rule = learners.iter().any(|l| l.algorithm().is_none());
        let without_mu = learners.iter().any(|l| l.algorithm().is_some_and(|a| !a.uses_mu));
        if shard.index < 1 || shard.index > shard.count {
            Err(format!("shard {}/{} is not one of 1 to k of k", shard.index, shard.count).into())
        } else if grid == 0 || self.runs == 0 {
            Err("its grid has no cells or its cells no runs".to_string().into())
        } else if grid > u128::from(MAX_CELLS) || grid * u128::from(self.runs) > u128::from(MAX_JOBS) {
            Err(format!("its grid is above the limits of {MAX_CELLS} cells and {MAX_JOBS} runs").into())
        } else if has_rule && (self.mu.len() > 1 || self.gamma.len() > 1) {
            Err("it has a rule learner and a μ or γ axis of several values".to_string().into())
        } else if without_mu && self.mu.len() > 1 {
            Err("it has a learner without μ (cga) and a μ axis of several values".to_string().into())
        } else {
            Ok(())
        }
    }

    /// Whether two tables are parts of the same sweep split the same way.
    pub fn same_sweep(&self, other: &SweepInfo) -> bool {
        let mut a = self.clone();
        a.shard.index = other.shard.index;
        a == *other
    }

    /// The job of a row, if the row belongs to this sweep (its axes, run and seed).
    pub fn job_of(&self, row: &RunRow) -> Option<Job> {
        let learners = self.learners();
        let learner = learners.iter().position(|l| l.label() == row.learner)?;
        let rule = learners[learner].algorithm().is_none();
        // A rule's rows name no μ, γ or engine: they sit at the grid's only μ and γ; a model
        // learner without μ (cga) sits at its only μ, one without an engine names none.
        let (mu, gamma, engine) = if rule {
            (row.mu_setting == NO_SETTING).then_some((0, 0, NO_SETTING))?
        } else {
            let l = learners[learner];
            (
                if l.uses_mu() {
                    self.mu.iter().position(|m| *m == row.mu_setting)?
                } else {
                    (row.mu_setting == NO_SETTING).then_some(0)?
                },
                self.gamma.iter().position(|g| *g == row.gamma_setting)?,
                if l.uses_engine() { self.engine.as_str() } else { NO_SETTING },
            )
        };
        let job =
            Job { size: self.sizes.iter().position(|&s| s == row.size)?, learner, mu, gamma, run: row.run };
        let fits = row.run < self.runs
            && (!rule || row.gamma_setting == NO_SETTING)
            && row.seed == run_seed(self.seed, row.size, row.run)
            && row.engine == engine
            && row.max_games == self.max_evals;
        fits.then_some(job)
    }

    /// The learners of the sweep (UMDA for a line that names none it can read; [`check`]
    /// refuses such a line first).
    ///
    /// [`check`]: SweepInfo::check
    pub fn learners(&self) -> Vec<Learner> {
        Learner::parse_list(&self.learner).unwrap_or_else(|_| vec![Learner::UMDA])
    }

    /// The grid's shape (only its axes' lengths and runs matter for job indices).
    pub fn shape(&self) -> Grid {
        Grid {
            sizes: self.sizes.clone(),
            learners: self.learners(),
            mus: vec![MuSetting::Fixed(1); self.mu.len()],
            gammas: vec![GammaSetting::Paper; self.gamma.len()],
            runs: self.runs,
            knobs: Knobs::default(),
        }
    }
}

/// The first line of a raw CSV table: this prefix, then the [`SweepInfo`] as JSON.
pub const SWEEP_LINE: &str = "# sweep ";

/// One raw table as read from a file, for [`merge`].
#[derive(Debug, Clone)]
pub struct Table {
    /// The file name, for messages.
    pub file: String,
    /// The table's sweep line, None for a table written before sweep lines existed.
    pub info: Option<SweepInfo>,
    /// Its rows, in file order.
    pub rows: Vec<RunRow>,
}

/// The first field in which two sweeps differ, for messages.
fn first_difference(a: &SweepInfo, b: &SweepInfo) -> &'static str {
    if a.game != b.game {
        "game"
    } else if a.learner != b.learner {
        // Before μ, γ and engine, which a rule learner's sweep writes as '-'.
        "learner"
    } else if a.sizes != b.sizes {
        "sizes"
    } else if a.mu != b.mu || a.paper_c != b.paper_c || a.paper_k != b.paper_k {
        "μ"
    } else if a.gamma != b.gamma {
        "γ"
    } else if a.runs != b.runs {
        "runs"
    } else if a.engine != b.engine {
        "engine"
    } else if a.max_evals != b.max_evals {
        "budget"
    } else if a.seed != b.seed {
        "seed"
    } else if a.rho != b.rho || a.k != b.k {
        "learners' parameters (ρ, K)"
    } else {
        "number of shards"
    }
}

/// Merges the raw tables of one sweep's shards into its rows, in the sweep's order, with the
/// sweep (its shard set to the whole). Refuses tables from different sweeps, rows that are not
/// runs of their table's shard, a shard given twice or missing, and a shard's table that lacks
/// runs (a job cut short). Tables written before sweeps were recorded (no sweep line) are
/// merged as they are, and only together.
pub fn merge(tables: Vec<Table>) -> Result<(Option<SweepInfo>, Vec<RunRow>), InputError> {
    use crate::error::quoted;
    let Some(first) = tables.first() else { return Ok((None, Vec::new())) };
    for table in &tables {
        if let Some(Err(e)) = table.info.as_ref().map(SweepInfo::check) {
            return Err(format!(
                "The sweep line of {} was not written by --raw: {e}; give the files as --raw wrote them.",
                quoted(&table.file)
            )
            .into());
        }
    }
    let Some(info) = first.info.clone() else {
        if let Some(t) = tables.iter().find(|t| t.info.is_some()) {
            return Err(format!(
                "{} names no sweep (it was written before sweeps were recorded) but {} does; summarise them separately.",
                quoted(&first.file),
                quoted(&t.file)
            ).into());
        }
        return Ok((None, tables.into_iter().flat_map(|t| t.rows).collect()));
    };
    let shape = info.shape();
    let mut shard_file: HashMap<u32, &str> = HashMap::new();
    let mut keyed = Vec::new();
    for table in &tables {
        let Some(other) = &table.info else {
            return Err(format!(
                "{} names no sweep (it was written before sweeps were recorded) but {} does; summarise them separately.",
                quoted(&table.file),
                quoted(&first.file)
            ).into());
        };
        if !info.same_sweep(other) {
            return Err(format!(
                "{} and {} are from different sweeps (they differ in their {}); summarise one sweep at a time.",
                quoted(&first.file),
                quoted(&table.file),
                first_difference(&info, other)
            ).into());
        }
        if let Some(before) = shard_file.insert(other.shard.index, &table.file) {
            return Err(format!(
                "Shard {} is given twice ({} and {}); give each shard's file once.",
                other.shard,
                quoted(before),
                quoted(&table.file)
            )
            .into());
        }
        for row in &table.rows {
            let job = info.job_of(row).filter(|&job| other.shard.includes(shape.job_index(job))).ok_or_else(|| {
                format!(
                    "{} holds a row (size {}, run {}) that is not a run of its shard {} of the sweep it names; give the files as --raw wrote them.",
                    quoted(&table.file),
                    row.size,
                    row.run,
                    other.shard
                )
            })?;
            keyed.push((shape.job_index(job), row));
        }
    }
    let count = info.shard.count;
    if shard_file.len() < count as usize {
        let missing: Vec<String> = (1..=count)
            .filter(|i| !shard_file.contains_key(i))
            .take(5)
            .map(|i| format!("{i}/{count}"))
            .collect();
        let more = count as usize - shard_file.len() - missing.len();
        return Err(format!(
            "The files hold {} of the sweep's {count} shards; shard {}{} is missing: give every shard's file.",
            shard_file.len(),
            missing.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() }
        ).into());
    }
    keyed.sort_unstable_by_key(|&(job, _)| job);
    if let Some(w) = keyed.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!(
            "Run {} of size {} appears twice; summarise each run once (e.g. each shard's file once).",
            w[1].1.run, w[1].1.size
        )
        .into());
    }
    if keyed.len() as u64 != shape.jobs_total() {
        return Err(format!(
            "The files hold {} of the sweep's {} runs: a shard's file is incomplete (was its job cut short?); run that shard again.",
            keyed.len(),
            shape.jobs_total()
        ).into());
    }
    let rows = keyed.into_iter().map(|(_, row)| row.clone()).collect();
    Ok((Some(SweepInfo { shard: Shard::ALL, ..info }), rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Limits;
    use crate::learn::params::Engine;
    use crate::learn::runtime::template::prepare;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    fn grid(sizes: &[u64], mus: &[u32], runs: u32) -> Grid {
        Grid {
            learners: vec![Learner::UMDA],
            sizes: sizes.to_vec(),
            mus: mus.iter().map(|&m| MuSetting::Fixed(m)).collect(),
            gammas: vec![GammaSetting::Paper],
            runs,
            knobs: Knobs::default(),
        }
    }

    #[test]
    fn a_sweep_builds_each_size_once_after_the_last_one_finished() {
        let template = "game=subtraction&moves=1,2&heap=N";
        let built = AtomicUsize::new(0);
        let prepare = |size| {
            built.fetch_add(1, Ordering::SeqCst);
            prepare(template, size, &Limits::DEFAULT)
        };
        // Each finished run records how many sizes had been built by then.
        let seen = Mutex::new(Vec::new());
        let rows = sweep(&grid(&[5, 9, 12], &[4], 3), prepare, Shard::ALL, Engine::Fast, 400, 7, |_| {
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
            prepare("game=nim&heaps=N,2", size, &Limits::DEFAULT)
        };
        // Shard 2 of 4 over 3 sizes × 2 runs: jobs 1 and 5, i.e. (size 1, run 1) and (size 3, run 1).
        let rows = sweep(
            &grid(&[1, 2, 3], &[4], 2),
            prepare,
            Shard { index: 2, count: 4 },
            Engine::Fast,
            100,
            1,
            |_| {},
        )
        .unwrap();
        assert_eq!(*built.lock().unwrap(), [1, 3]);
        assert_eq!(rows.iter().map(|r| (r.size, r.run)).collect::<Vec<_>>(), [(1, 1), (3, 1)]);
    }

    #[test]
    fn a_grid_cell_is_the_same_cell_run_alone() {
        let prepare = |size| prepare("game=chomp&rows=N&cols=N", size, &Limits::DEFAULT);
        let whole =
            sweep(&grid(&[2, 3], &[4, 8], 3), prepare, Shard::ALL, Engine::Fast, 2000, 9, |_| {}).unwrap();
        let alone = sweep(&grid(&[3], &[8], 3), prepare, Shard::ALL, Engine::Fast, 2000, 9, |_| {}).unwrap();
        let cell: Vec<&RunRow> = whole.iter().filter(|r| r.size == 3 && r.mu == 8).collect();
        assert_eq!(cell, alone.iter().collect::<Vec<_>>());
        assert_eq!(whole.len(), 12);
    }
}
