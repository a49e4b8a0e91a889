//! The page's experiment panel, in the lab module (`--features lab`, loaded on demand): R runs of
//! the page's game in a Web Worker, each the run `impartial runtime` makes for the same seed (see
//! [`crate::learn::experiment`]), the plan and grid checked before a run, and the figure of a
//! `runtime --json` file. The settings alone ([`super::experiment`]) are in the page's module.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{refused, to_js};
use crate::games::Limits;
use crate::learn::experiment::{self, Experiment, ExperimentGrid, NOT_A_SUMMARY};
use crate::learn::params;
use crate::learn::play::runtime_command;
use crate::learn::runtime::{self, default_size, figure_series, template_of, CellSummary, Summary};

/// What the panel checks before it starts a worker: its settings, read as the core reads them,
/// and the CLI command that makes the same runs.
#[derive(Serialize)]
struct Plan {
    runs: u32,
    /// Text: seeds go up to 2^64 − 1, past what a JS number holds exactly.
    seed: String,
    size: String,
    budget: u64,
    /// The game with N for the size, or None when no value of the game is the size.
    template: Option<String>,
    /// `impartial runtime …` with every setting spelled out, when there is a template.
    command: Option<String>,
}

/// Checks the experiment's settings for the game `spec` with the page's μ, γ and engine: `runs`
/// (1 to 1,000), `seed` (the sweep's base seed), `size` (N; empty for the spec's largest
/// number) and `budget` (games per run, as `--max-evals`). Returns `{ runs, seed, size, budget,
/// template, command }`.
///
/// # Errors
/// A bad value throws the core's sentence naming what is allowed.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn experiment_plan(
    spec: &str,
    runs: &str,
    seed: &str,
    size: &str,
    budget: &str,
    mu: &str,
    gamma: &str,
    engine: &str,
) -> Result<JsValue, JsValue> {
    let (runs, seed, size, budget) = sweep_settings(spec, runs, seed, size, budget)?;
    let template = template_of(spec, size);
    let command = template.as_ref().map(|t| runtime_command(t, size, runs, seed, mu, gamma, engine, budget));
    to_js(&Plan { runs, seed: seed.to_string(), size: size.to_string(), budget, template, command })
}

/// The panel's runs, seed, size (empty: the spec's largest number) and budget, each parsed by the
/// core (a bad one throws its sentence).
fn sweep_settings(
    spec: &str,
    runs: &str,
    seed: &str,
    size: &str,
    budget: &str,
) -> Result<(u32, u64, u64, u64), JsValue> {
    let runs = experiment::parse_runs(runs).map_err(refused)?;
    let seed = params::parse_seed(seed).map_err(refused)?;
    let size = if size.trim().is_empty() {
        default_size(spec)
    } else {
        experiment::parse_size(size).map_err(refused)?
    };
    let budget = params::parse_budget(budget).map_err(refused)?;
    Ok((runs, seed, size, budget))
}

/// A μ × γ grid as the panel runs it: its axes' values and the CLI command of the same sweep.
#[derive(Serialize)]
struct GridPlan {
    mus: Vec<String>,
    gammas: Vec<String>,
    /// `impartial runtime … --mu A,B --gamma C,D …`, when the game has a template.
    command: Option<String>,
}

/// Checks a μ × γ grid before any run: `mus` and `gammas` comma-separated (empty: the page's
/// `mu` or `gamma` alone), at most 10 values each and cells × `runs` at most 1,000, every
/// cell's μ and γ valid for the game of `spec` at `size` (empty: the spec's largest number).
/// Returns `{ mus, gammas, command }`, the axes named as `runtime --json` names them.
///
/// # Errors
/// A grid over the limits or a bad value throws one sentence naming what is allowed.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn experiment_grid(
    spec: &str,
    mus: &str,
    gammas: &str,
    runs: &str,
    seed: &str,
    size: &str,
    budget: &str,
    mu: &str,
    gamma: &str,
    engine: &str,
) -> Result<JsValue, JsValue> {
    let (runs, seed, size, budget) = sweep_settings(spec, runs, seed, size, budget)?;
    let grid = ExperimentGrid::new(spec, size, mus, gammas, mu, gamma, runs, &Limits::PAGE)
        .map_err(|e| JsValue::from_str(&e.to_string()))?;
    let command = template_of(spec, size).map(|t| {
        runtime_command(&t, size, runs, seed, &grid.mus.join(","), &grid.gammas.join(","), engine, budget)
    });
    to_js(&GridPlan { mus: grid.mus, gammas: grid.gammas, command })
}

/// The R runs of one experiment, made one call at a time by the worker (freed with `free()`).
#[wasm_bindgen]
pub struct ExperimentRuns {
    inner: Experiment,
}

/// One run as the panel draws it.
#[derive(Serialize)]
struct RunReport {
    run: u32,
    /// The run's own seed (text: up to 2^64 − 1), as `runtime --raw` lists it.
    seed: String,
    found: bool,
    /// T (games until found) when found, else the games spent.
    games: u64,
    generations: u64,
    /// (generation, log₁₀ Π or None where Π = 0), at most 200 points.
    curve: Vec<(u64, Option<f64>)>,
    /// The runs so far: how many, how many finished, and T's nearest-rank percentiles
    /// (None when one falls on unfinished runs), as `runtime` summarises a cell.
    runs: usize,
    finished: usize,
    p10: Option<u64>,
    median: Option<u64>,
    p90: Option<u64>,
}

#[wasm_bindgen]
impl ExperimentRuns {
    /// Builds the game of `spec` within the page's budget as size `size` of a sweep, with μ,
    /// γ (a number or `paper`), the engine, the budget (games per run) and the base seed as
    /// text.
    ///
    /// # Errors
    /// A bad setting, or a budget below μ, throws one sentence.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        spec: &str,
        size: &str,
        mu: &str,
        gamma: &str,
        engine: &str,
        budget: &str,
        seed: &str,
    ) -> Result<ExperimentRuns, JsValue> {
        let size = experiment::parse_size(size).map_err(refused)?;
        Experiment::new(spec, size, mu, gamma, engine, budget, seed, &Limits::PAGE)
            .map(|inner| ExperimentRuns { inner })
            .map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// Makes run `run` to the end (found or the budget spent) and reports it.
    pub fn run(&mut self, run: u32) -> Result<JsValue, JsValue> {
        let (row, curve) = self.inner.run(run);
        let rows = &self.inner.rows;
        let mut finished: Vec<u64> = rows.iter().filter(|r| r.found).map(|r| r.games).collect();
        finished.sort_unstable();
        let at = |q| runtime::percentile(&finished, rows.len(), q);
        to_js(&RunReport {
            run: row.run,
            seed: row.seed.to_string(),
            found: row.found,
            games: row.games,
            generations: row.generations,
            curve: curve.points,
            runs: rows.len(),
            finished: finished.len(),
            p10: at(0.1),
            median: at(0.5),
            p90: at(0.9),
        })
    }

    /// The runs so far as `runtime --json` summarises a cell (with the bootstrap interval of
    /// the median); null before the first run.
    pub fn summary(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.summary())
    }
}

/// One median of the page's sweep figure.
#[derive(Serialize)]
struct FigurePoint {
    size: u64,
    positions: usize,
    runs: usize,
    finished: usize,
    median: Option<u64>,
    p10: Option<u64>,
    p90: Option<u64>,
}

#[derive(Serialize)]
struct FigureLine {
    label: String,
    /// The line's μ and γ as the grid names them (`-` for a rule learner's), so the page can
    /// draw a μ × γ grid as heat maps.
    mu: String,
    gamma: String,
    bound_slope: Option<f64>,
    points: Vec<FigurePoint>,
}

/// What the page draws of a sweep: the lines `runtime --plot` draws, and the budget.
#[derive(Serialize)]
struct Figure {
    budget: u64,
    lines: Vec<FigureLine>,
}

/// Reads a summary written by `impartial runtime --json`, as the page's `JSON.parse` gives it
/// (so the core carries no JSON number parser for this), and returns the figure's lines: `{
/// budget, lines: [{ label, bound_slope, points: [{ size, positions, runs, finished, median,
/// p10, p90 }] }] }`, each line's points sorted by positions as `--plot` draws them.
///
/// # Errors
/// Anything else throws one sentence.
#[wasm_bindgen]
pub fn runtime_figure(value: JsValue) -> Result<JsValue, JsValue> {
    let summary = serde_wasm_bindgen::from_value::<Summary>(value)
        .map_err(|_| format!("{NOT_A_SUMMARY} (it needs the summary's sizes and series).").into())
        .and_then(experiment::check_summary)
        .map_err(|e| JsValue::from_str(&e.to_string()))?;
    let lines = figure_series(&summary)
        .into_iter()
        .map(|s| FigureLine {
            mu: s.cells.first().map_or(String::new(), |c| match c.mu_setting.as_str() {
                "" => c.mu.to_string(),
                m => m.to_string(),
            }),
            gamma: s.cells.first().map_or(String::new(), |c| match c.gamma_setting.as_str() {
                "" => format!("{:.3e}", c.gamma),
                g => g.to_string(),
            }),
            label: s.label,
            bound_slope: s.bound_slope,
            points: s.cells.iter().map(|c| point(c)).collect(),
        })
        .collect::<Vec<_>>();
    let budget = summary.sizes.iter().map(|c| c.max_games).max().unwrap_or(0);
    to_js(&Figure { budget, lines })
}

fn point(c: &CellSummary) -> FigurePoint {
    FigurePoint {
        size: c.size,
        positions: c.positions,
        runs: c.runs,
        finished: c.finished,
        median: c.median,
        p10: c.p10,
        p90: c.p90,
    }
}
