//! One run of a sweep: its seed, its raw row, and the checks before it starts.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{settings::*, template::*};
use crate::analysis::opt::Role;
use crate::error::InputError;
use crate::learn::learner::{Algorithm, Settings};
use crate::learn::params::{Engine, Params};
use crate::learn::rules::{Opponent, Rule, RulesRun};
use crate::learn::rules_game::{RulesGame, MAX_PLAYS};
use crate::learn::task::Task;
use crate::learn::umda::Run;
use crate::numbers::bad_value;

use crate::combinatorics::splitmix64 as mix;

/// The seed of run `run` at size `size` in a sweep with base seed `seed` (the same in every
/// μ/γ cell of that size).
pub fn run_seed(seed: u64, size: u64, run: u32) -> u64 {
    mix(mix(mix(seed) ^ size) ^ u64::from(run))
}

/// The seed of a cell's bootstrap stream: from the cell alone, so a summary does not depend
/// on how its runs were sharded.
pub(super) fn bootstrap_seed(size: u64, mu: u32, gamma: f64) -> u64 {
    mix(mix(mix(0x626f_6f74_7374_7270) ^ size) ^ u64::from(mu)) ^ gamma.to_bits()
}

/// One run's result: a row of the raw table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRow {
    /// The value substituted for N in the game spec.
    pub size: u64,
    /// The UMDA engine (`fast`, `naive`, `expected`), or `-` for a rule learner.
    pub engine: String,
    /// The run's budget: most games (UMDA) or plays (a rule) before it stops unfinished.
    pub max_games: u64,
    /// n: the positions of the learnt game (counting v* where the root is a P-position).
    pub positions: usize,
    /// Δ: the most moves from one position.
    pub max_degree: usize,
    /// The run's index in its cell, from 0.
    pub run: u32,
    /// The run's seed, [`run_seed`] of the sweep's seed, the size and the run.
    pub seed: u64,
    /// The μ the run used (0 for a rule learner).
    pub mu: u32,
    /// The γ the run used (0 for a rule learner).
    pub gamma: f64,
    /// Whether the learner reached a strategy in Opt(G) within the budget.
    pub found: bool,
    /// T when found, else the games spent.
    pub games: u64,
    /// Generations run until found or stopped (UMDA); for a rule learner, the plays made.
    pub generations: u64,
    /// log10 of Corollary 5.3's bound over C² at this size (Benford & Lehre); None under misère
    /// play and for rule learners.
    pub bound_log10: Option<f64>,
    /// The μ of the grid axis this run belongs to (`100`, `paper`); empty in rows written
    /// before grids existed.
    #[serde(default)]
    pub mu_setting: String,
    /// The γ of the grid axis (`0.01`, `paper`); empty in rows written before grids existed.
    #[serde(default)]
    pub gamma_setting: String,
    /// The learner as [`Learner::label`] writes it (`umda` in rows written before learners).
    #[serde(default = "umda_label")]
    pub learner: String,
}

/// The raw table's header: one name per value of [`RunRow::to_csv`], in its order.
pub const RAW_HEADER: &str = "size,engine,max_games,positions,max_degree,run,seed,mu,gamma,found,games,generations,bound_log10,mu_setting,gamma_setting,learner";

impl RunRow {
    /// One CSV line of the raw table, in the columns of [`RAW_HEADER`].
    pub fn to_csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
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
            self.bound_log10.map(|b| b.to_string()).unwrap_or_default(),
            self.mu_setting,
            self.gamma_setting,
            self.learner,
        )
    }

    /// Parses a line written by [`RunRow::to_csv`] (or by a version before grids, without the
    /// two settings, or before learners, without the learner).
    pub fn from_csv(line: &str) -> Option<RunRow> {
        let f: Vec<&str> = line.trim().split(',').collect();
        if ![13, 15, 16].contains(&f.len()) {
            return None;
        }
        let setting = |i: usize, ok: fn(&str) -> bool| -> Option<String> {
            let text = f.get(i).copied().unwrap_or("");
            (text.is_empty() || ok(text)).then(|| text.to_string())
        };
        Some(RunRow {
            size: f[0].parse().ok()?,
            engine: if f[1] == NO_SETTING {
                NO_SETTING.to_string()
            } else {
                Engine::parse(f[1]).ok()?.as_str().to_string()
            },
            max_games: f[2].parse().ok()?,
            positions: f[3].parse().ok()?,
            max_degree: f[4].parse().ok()?,
            run: f[5].parse().ok()?,
            seed: f[6].parse().ok()?,
            mu: f[7].parse().ok()?,
            gamma: f[8].parse().ok().filter(|g: &f64| g.is_finite())?,
            found: f[9].parse().ok()?,
            games: f[10].parse().ok()?,
            generations: f[11].parse().ok()?,
            // "NaN" and "inf" parse as f64 but are no bound a sweep writes.
            bound_log10: if f[12].is_empty() {
                None
            } else {
                Some(f[12].parse().ok().filter(|b: &f64| b.is_finite())?)
            },
            mu_setting: setting(13, |t| t == "paper" || t == NO_SETTING || t.parse::<u32>().is_ok())?,
            gamma_setting: setting(14, |t| {
                t == "paper" || t == NO_SETTING || t.parse::<f64>().is_ok_and(f64::is_finite)
            })?,
            learner: match f.get(15) {
                Some(t) => Learner::parse(t).ok()?.label(),
                None => umda_label(),
            },
        })
    }
}

/// A sweep's cell settings, as run: the μ and γ of the grid axes and their labels.
#[derive(Debug, Clone, Copy)]
pub struct CellSetting {
    /// The μ of the cell.
    pub mu: MuSetting,
    /// The γ of the cell.
    pub gamma: GammaSetting,
}

/// Refuses settings under which a run can do nothing useful: a budget below one generation, or
/// the expected engine's criterion out of reach.
pub fn check_runnable(task: &Task, engine: Engine, params: Params, max_games: u64) -> Result<(), InputError> {
    check_budget(params.mu(), max_games)?;
    if engine == Engine::Expected {
        crate::learn::params::check_expected_reachable(task, params).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Refuses a budget below μ games (not one generation fits); needs no game, so a fixed μ is
/// checked before the game is built.
pub fn check_budget(mu: u32, max_games: u64) -> Result<(), InputError> {
    if max_games < u64::from(mu) {
        return Err(format!(
            "The budget of {} games is below μ = {mu}: not even one generation fits; raise it or lower μ.",
            crate::error::group_digits(u128::from(max_games)),
        )
        .into());
    }
    Ok(())
}

/// Runs run `run` of a cell until found or `max_games` is spent, calling `each` with the run
/// before its first generation and after every generation (the page's experiment records Π
/// this way; watching does not change the run).
#[allow(clippy::too_many_arguments)]
pub fn run_one(
    size: &SweepSize,
    setting: CellSetting,
    params: Params,
    run: u32,
    engine: Engine,
    max_games: u64,
    seed: u64,
    mut each: impl FnMut(&Run),
) -> RunRow {
    let seed = run_seed(seed, size.size, run);
    let mut umda = Run::new(Arc::clone(&size.task), engine, params, seed);
    each(&umda);
    let found = umda.run_until_found(max_games, each);
    RunRow {
        size: size.size,
        engine: engine.as_str().to_string(),
        max_games,
        positions: size.task.n,
        max_degree: size.task.max_degree,
        run,
        seed,
        mu: params.mu(),
        gamma: params.gamma(),
        found,
        games: umda.found().map_or(umda.games(), |f| f.games),
        generations: umda.found().map_or(umda.generation(), |f| f.generation),
        bound_log10: size.bound_log10,
        mu_setting: setting.mu.label(),
        gamma_setting: setting.gamma.label(),
        learner: umda_label(),
    }
}

/// Runs run `run` of a model learner ([`crate::learn::learner`]) in a cell until found or until
/// its next step would pass `max_games`. For UMDA the same run, row for row, as [`run_one`].
/// A learner without μ (the compact GA) writes μ 0 and `-` for its μ setting, one without an
/// engine `-` for the engine; Corollary 5.3's bound is written for UMDA only.
#[allow(clippy::too_many_arguments)]
pub fn run_model(
    size: &SweepSize,
    setting: CellSetting,
    algorithm: &Algorithm,
    settings: &Settings,
    run: u32,
    max_games: u64,
    seed: u64,
) -> RunRow {
    let seed = run_seed(seed, size.size, run);
    let mut learner = (algorithm.start)(Arc::clone(&size.task), settings, seed);
    let found = learner.run_until_found(max_games);
    let found_at = learner.found();
    RunRow {
        size: size.size,
        engine: if algorithm.uses_engine {
            settings.engine.as_str().to_string()
        } else {
            NO_SETTING.to_string()
        },
        max_games,
        positions: size.task.n,
        max_degree: size.task.max_degree,
        run,
        seed,
        mu: if algorithm.uses_mu { settings.params.mu() } else { 0 },
        gamma: settings.params.gamma(),
        found,
        games: found_at.map_or(learner.games(), |f| f.games),
        generations: found_at.map_or(learner.steps(), |f| f.generation),
        bound_log10: if algorithm.paper_bound { size.bound_log10 } else { None },
        mu_setting: if algorithm.uses_mu { setting.mu.label() } else { NO_SETTING.to_string() },
        gamma_setting: setting.gamma.label(),
        learner: algorithm.name.to_string(),
    }
}

/// Runs run `run` of a rule learner at a size: plays against the opponent until the learner's
/// strategy is in Opt(G) or `max_plays` are spent. The same run as `impartial learn` on the
/// size's spec with the row's seed (and `--second` where the root is a P-position).
pub fn run_rule(
    size: &SweepSize,
    rule: Rule,
    opponent: Opponent,
    run: u32,
    max_plays: u64,
    seed: u64,
) -> RunRow {
    let seed = run_seed(seed, size.size, run);
    let task = &*size.task;
    let game = RulesGame::acyclic(task.spec.clone(), task.play, task.graph.clone());
    let mut rules = RulesRun::seated(game, rule, opponent, seed, task.role == Role::Second);
    while rules.counts().optimal_after.is_none() && rules.counts().plays < max_plays {
        rules.play();
    }
    let counts = rules.counts();
    RunRow {
        size: size.size,
        engine: NO_SETTING.to_string(),
        max_games: max_plays,
        positions: task.n,
        max_degree: task.max_degree,
        run,
        seed,
        mu: 0,
        gamma: 0.0,
        found: counts.optimal_after.is_some(),
        games: counts.optimal_after.unwrap_or(counts.plays),
        generations: counts.plays,
        // Corollary 5.3 bounds UMDA's T; Böhme bounds plays not won, not this T.
        bound_log10: None,
        mu_setting: NO_SETTING.to_string(),
        gamma_setting: NO_SETTING.to_string(),
        learner: Learner::Rule(rule, opponent).label(),
    }
}

/// Refuses a rule learner's budget that `impartial learn` would not run at this size (more
/// than its 10,000,000 plays, or plays that could visit more than its 10^10 positions), so
/// every run of the sweep can be replayed there.
pub fn check_rule_budget(size: &SweepSize, max_plays: u64) -> Result<(), InputError> {
    if max_plays > MAX_PLAYS {
        return Err(bad_value(
            "max-evals",
            &max_plays.to_string(),
            "for a rule learner, the most plays of a run: a whole number from 1 to 10,000,000",
        ));
    }
    let task = &*size.task;
    RulesGame::acyclic(task.spec.clone(), task.play, task.graph.clone()).check_plays(max_plays)
}
