//! The page's experiment: R seeded runs of one game, each exactly the run
//! `impartial runtime` makes for that seed, with Π recorded along the way for a picture.
//!
//! A page's game is one size of a sweep: `runtime --game TEMPLATE --sizes N --seed S` runs
//! run r with seed [`run_seed`]`(S, N, r)`, where TEMPLATE is the game with N written for the
//! size ([`template_of`]). The experiment builds the game with [`SweepSize::build`] and runs each
//! run with [`run_one`], the function the CLI's sweep calls, so T agrees bit for bit.
//!
//! [`run_seed`]: super::runtime::run_seed
//! [`template_of`]: super::runtime::template_of
//! [`run_one`]: super::runtime::run_one

use super::params::{self, Engine, Params};
use super::runtime::{
    self, check_runnable, run_one, CellSetting, CellSummary, GammaSetting, MuSetting, RunRow, Summary,
    SweepSize,
};
use crate::error::InputError;
use crate::games::Limits;
use crate::numbers::bad_value;

/// The most runs one experiment on the page may hold (each is a whole UMDA run, and each keeps
/// its Π curve for the picture).
pub const MAX_RUNS: u32 = 1000;

/// The most points of one run's Π curve (then every other one is dropped, see [`Curve`]).
pub const MAX_CURVE_POINTS: usize = 200;

/// R: a whole number from 1 to [`MAX_RUNS`].
pub fn parse_runs(text: &str) -> Result<u32, InputError> {
    match text.trim().parse::<u32>() {
        Ok(r) if (1..=MAX_RUNS).contains(&r) => Ok(r),
        _ => Err(bad_value("runs", text, &format!("a whole number from 1 to {MAX_RUNS}"))),
    }
}

/// N: the size this game is in a sweep, a whole number from 0 to 2^64 − 1.
pub fn parse_size(text: &str) -> Result<u64, InputError> {
    text.trim().parse::<u64>().map_err(|_| {
        bad_value("size", text, "a whole number from 0 to 18446744073709551615 (the N of runtime --sizes)")
    })
}

/// One run's Π = Π_{v∈W_G} p(v, optimal moves) over its generations, as log₁₀ (None where Π
/// is 0), bounded in size: a point every `stride` generations, the stride doubling (and every
/// other point dropped) whenever the curve would pass [`MAX_CURVE_POINTS`]; the last
/// generation is always kept.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Curve {
    /// (generation, log10 Π) pairs, by ascending generation; None where Π is 0.
    pub points: Vec<(u64, Option<f64>)>,
    stride: u64,
}

impl Curve {
    /// Whether generation `generation` is one the curve keeps (so Π is computed only then).
    fn wants(&self, generation: u64) -> bool {
        generation.is_multiple_of(self.stride.max(1))
    }

    fn push(&mut self, generation: u64, log10: f64) {
        self.stride = self.stride.max(1);
        self.points.push((generation, log10.is_finite().then_some(log10)));
        if self.points.len() > MAX_CURVE_POINTS {
            self.stride *= 2;
            let stride = self.stride;
            self.points.retain(|&(g, _)| g % stride == 0);
        }
    }
}

/// An experiment: the game built once, the settings checked once, then run by run.
pub struct Experiment {
    size: SweepSize,
    setting: CellSetting,
    params: Params,
    engine: Engine,
    max_games: u64,
    seed: u64,
    /// The runs made so far, in the order made.
    pub rows: Vec<RunRow>,
}

impl Experiment {
    /// Builds the game of `spec` as size `size` within `limits` and checks μ, γ (a number or
    /// `paper`), the engine, the budget and the base seed as the CLI's `runtime` does.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        spec: &str,
        size: u64,
        mu: &str,
        gamma: &str,
        engine: &str,
        budget: &str,
        seed: &str,
        limits: &Limits,
    ) -> Result<Experiment, InputError> {
        let text = |e: InputError| e.to_string();
        let mu = MuSetting::Fixed(params::parse_mu(mu).map_err(text)?);
        let gamma = GammaSetting::parse(gamma).map_err(text)?;
        let engine = Engine::parse(engine).map_err(text)?;
        let max_games = params::parse_budget(budget).map_err(text)?;
        let seed = params::parse_seed(seed).map_err(text)?;
        let size = SweepSize::build(spec, size, limits).map_err(text)?;
        let params = size.params(mu, gamma).map_err(text)?;
        check_runnable(&size.task, engine, params, max_games)?;
        Ok(Experiment {
            size,
            setting: CellSetting { mu, gamma },
            params,
            engine,
            max_games,
            seed,
            rows: Vec::new(),
        })
    }

    /// Makes run `run` (its seed is [`runtime::run_seed`]`(seed, size, run)`) and records it.
    pub fn run(&mut self, run: u32) -> (RunRow, Curve) {
        let mut curve = Curve::default();
        let (mu, max_games) = (u64::from(self.params.mu()), self.max_games);
        let row = run_one(
            &self.size,
            self.setting,
            self.params,
            run,
            self.engine,
            self.max_games,
            self.seed,
            |umda| {
                // The run's last generation (the loop's own test in Run::run_until_found_in_slices).
                let last = umda.found().is_some() || umda.games().saturating_add(mu) > max_games;
                if last || curve.wants(umda.generation()) {
                    curve.push(umda.generation(), umda.prop22_log10());
                }
            },
        );
        self.rows.push(row.clone());
        (row, curve)
    }

    /// The runs so far as `runtime` summarises a cell (median, percentiles and the bootstrap
    /// interval of the median); None before the first run.
    pub fn summary(&self) -> Option<CellSummary> {
        runtime::summarise(&self.rows).ok()?.sizes.into_iter().next()
    }
}

/// The most values on one axis of the page's μ × γ grid (a 10 × 10 heat map).
pub const MAX_GRID_AXIS: usize = 10;

/// The most runs a grid on the page makes in all, cells × R: as many as one experiment holds.
pub const MAX_GRID_RUNS: u64 = MAX_RUNS as u64;

/// A μ × γ grid of experiments on one game, each cell R runs seeded as `runtime --mu … --gamma
/// …` seeds them: run r of every cell has [`runtime::run_seed`]`(S, N, r)`, whatever the cell.
#[derive(Debug, Clone, PartialEq)]
pub struct ExperimentGrid {
    /// The μ values as the grid axis names them (`runtime`'s `mu_setting`), in the order given.
    pub mus: Vec<String>,
    /// The γ values likewise (`gamma_setting`: the shortest number, or `paper`).
    pub gammas: Vec<String>,
}

/// One axis: comma-separated values, each once; empty text is `default` alone.
fn axis<T>(
    key: &str,
    text: &str,
    default: &str,
    parse: impl Fn(&str) -> Result<T, InputError>,
    label: impl Fn(&T) -> String,
) -> Result<(Vec<T>, Vec<String>), InputError> {
    let text = if text.trim().is_empty() { default } else { text };
    let mut values = Vec::new();
    let mut labels: Vec<String> = Vec::new();
    for item in text.split(',') {
        if labels.len() == MAX_GRID_AXIS {
            return Err(format!("The grid takes at most {MAX_GRID_AXIS} values of {key}: list fewer, or sweep them with impartial runtime.").into());
        }
        let value = parse(item).map_err(|e| e.to_string())?;
        let name = label(&value);
        if labels.contains(&name) {
            return Err(format!("The {key} {name} is listed twice in the grid; list each value once.").into());
        }
        labels.push(name);
        values.push(value);
    }
    Ok((values, labels))
}

impl ExperimentGrid {
    /// Reads the grid's axes (`mus`, `gammas`: comma-separated; empty for the page's `mu` or
    /// `gamma` alone) and checks, before any run, that cells × `runs` is at most
    /// [`MAX_GRID_RUNS`] and that every cell's μ and γ suit the game of `spec` at `size` (γ below
    /// 1/Δ, Benford & Lehre §3), building the game once within `limits`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        spec: &str,
        size: u64,
        mus: &str,
        gammas: &str,
        mu: &str,
        gamma: &str,
        runs: u32,
        limits: &Limits,
    ) -> Result<ExperimentGrid, InputError> {
        let (mu_values, mus) = axis("μ", mus, mu, params::parse_mu, u32::to_string)?;
        let (gamma_values, gammas) = axis("γ", gammas, gamma, GammaSetting::parse, GammaSetting::label)?;
        let cells = (mus.len() * gammas.len()) as u64;
        let total = cells * u64::from(runs);
        if total > MAX_GRID_RUNS {
            return Err(format!(
                "A grid of {} μ × {} γ with R = {runs} makes {} runs, more than the {} the page makes in one experiment: list fewer values or take a smaller R, or run the grid with impartial runtime.",
                mus.len(),
                gammas.len(),
                crate::error::group_digits(u128::from(total)),
                crate::error::group_digits(u128::from(MAX_GRID_RUNS)),
            ).into());
        }
        let built = SweepSize::build(spec, size, limits).map_err(|e| e.to_string())?;
        for &m in &mu_values {
            for &g in &gamma_values {
                built.params(MuSetting::Fixed(m), g).map_err(|e| e.to_string())?;
            }
        }
        Ok(ExperimentGrid { mus, gammas })
    }
}

/// The most cells (and series) of a summary the page draws: a 10 × 10 μ × γ grid over 20
/// sizes; larger ones are refused before any work, and `runtime --plot` draws them.
pub const MAX_FIGURE_CELLS: usize = 2_000;

/// How the page refuses a file that is not a summary `impartial runtime --json` wrote.
pub const NOT_A_SUMMARY: &str = "This file is not a summary written by `impartial runtime --json`";

/// A summary read from a `runtime --json` file, checked as one a sweep could have written: it
/// has cells, its series name them, and each cell's percentiles are in order.
pub fn check_summary(summary: Summary) -> Result<Summary, InputError> {
    let sound = |c: &CellSummary| {
        let order = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => a <= b,
            (None, Some(_)) => false,
            _ => true,
        };
        c.positions > 0 && c.finished <= c.runs && order(c.p10, c.median) && order(c.median, c.p90)
    };
    // A slope is a finite number (JSON has no others; a hand-made 1e400 is refused by the parser).
    if let Some(s) =
        summary.series.iter().find(|s| [s.slope, s.bound_slope].iter().flatten().any(|b| !b.is_finite()))
    {
        return Err(format!(
            "{NOT_A_SUMMARY}: the series {} has a slope that is not a finite number.",
            s.learner
        )
        .into());
    }
    if summary.sizes.is_empty() {
        return Err(format!("{NOT_A_SUMMARY}: it holds no cells.").into());
    }
    let most = summary.sizes.len().max(summary.series.len());
    if most > MAX_FIGURE_CELLS {
        return Err(format!(
            "This summary has {} {}, more than the {} the page draws; draw it with `impartial runtime --summarise RAW… --plot figure.svg`.",
            crate::error::group_digits(most as u128),
            if summary.sizes.len() >= summary.series.len() { "cells" } else { "series" },
            crate::error::group_digits(MAX_FIGURE_CELLS as u128)
        ).into());
    }
    if runtime::figure_series(&summary).is_empty() {
        return Err(format!("{NOT_A_SUMMARY}: its series name none of its cells.").into());
    }
    if let Some(c) = summary.sizes.iter().find(|c| !sound(c)) {
        return Err(format!(
            "{NOT_A_SUMMARY}: its cell at size {} has percentiles out of order or more finished runs than runs.",
            c.size
        ).into());
    }
    Ok(summary)
}
