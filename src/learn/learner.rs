//! The learner interface over Benford & Lehre's task (§2–3): a strategy is one move per interior
//! position, a learner keeps one distribution over the moves of every interior position (a
//! model, stored flat and aligned with the graph's edge array), samples strategies from it and
//! learns from games between them. T is the games played until a strategy the learner plays
//! (a tournament's winner) is in Opt(G) (Def 5.1).
//!
//! A learner is one module that defines an [`Algorithm`] (its name, which of the sweep's
//! settings it reads, its checks and how a run starts) and a type implementing [`ModelLearner`];
//! adding it to `registry::ALGORITHMS` (a file of its own, so that no learner's module and this
//! one depend on each other) makes it a `--learner` of `impartial umda` and `impartial runtime`
//! and of every sweep (rows, shards, summaries). The learners:
//! - `umda` — Algorithm 1 of Benford & Lehre, [`super::umda`];
//! - `pbil` — Baluja's PBIL (1994), [`super::pbil`];
//! - `cga` — the compact GA of Harik, Lobo & Goldberg (1999), per position, [`super::cga`].

use std::sync::Arc;

use super::params::{Engine, Params};
use super::task::Task;
use super::umda::{Found, Run};
use crate::error::InputError;
use crate::numbers::bad_value;

/// What a run of a model learner is given besides its task and seed: the cell's μ and γ
/// (validated against the task), the engine, and the learners' own parameters (each reads only
/// its own).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// μ and γ of the cell (γ is read by every model learner; μ by those with `uses_mu`).
    pub params: Params,
    /// The engine (read by those with `uses_engine`).
    pub engine: Engine,
    /// The learners' own parameters.
    pub knobs: Knobs,
}

/// The parameters of the learners other than UMDA, sweep-wide (not grid axes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knobs {
    /// PBIL's learning rate ρ ∈ (0, 1]: p ← π_γ((1 − ρ)p + ρq) (ρ = 1 is UMDA).
    pub rho: f64,
    /// The compact GA's K ≥ 2: each game moves 1/K of mass to the winner's move.
    pub k: u32,
}

impl Default for Knobs {
    fn default() -> Knobs {
        Knobs { rho: DEFAULT_RHO, k: DEFAULT_K }
    }
}

/// PBIL's ρ when none is given.
pub const DEFAULT_RHO: f64 = 0.5;
/// The compact GA's K when none is given (the population size it stands for, as μ = 100 does).
pub const DEFAULT_K: u32 = 100;
/// The largest K: a step of 1/K below 10⁻⁹ would take more games than any budget allows.
pub const MAX_K: u32 = 1_000_000_000;

/// ρ from text: a number in (0, 1].
pub fn parse_rho(text: &str) -> Result<f64, InputError> {
    match text.trim().parse::<f64>() {
        Ok(r) if r > 0.0 && r <= 1.0 => Ok(r),
        _ => Err(bad_value("rho", text, "a number above 0 and at most 1 (PBIL's learning rate; 1 is UMDA)")),
    }
}

/// K from text: a whole number from 2 to 1,000,000,000.
pub fn parse_k(text: &str) -> Result<u32, InputError> {
    crate::numbers::parse_number(
        "cga-k",
        text,
        2,
        u64::from(MAX_K),
        "a whole number from 2 to 1,000,000,000 (the compact GA moves 1/K of mass per game)",
    )
    .map(|k| k as u32)
}

/// One seeded run of a model learner, advanced a step at a time.
pub trait ModelLearner: Send {
    /// One step: a generation of μ games (UMDA, PBIL) or one game (the compact GA).
    fn step(&mut self);
    /// The games the next step plays.
    fn step_games(&self) -> u64;
    /// Steps completed.
    fn steps(&self) -> u64;
    /// Games played in completed steps.
    fn games(&self) -> u64;
    /// When a strategy the learner played first was in Opt(G) (T and the step); None until then.
    fn found(&self) -> Option<Found>;
    /// The model: per edge (aligned with `graph.targets()`), the probability of that move.
    fn model(&self) -> &[f64];

    /// Steps until found or until the next step would take the games past `max_games`;
    /// returns whether found.
    fn run_until_found(&mut self, max_games: u64) -> bool {
        while self.found().is_none() && self.games().saturating_add(self.step_games()) <= max_games {
            self.step();
        }
        self.found().is_some()
    }

    /// A 64-bit FNV-1a hash of the model's bits (as [`Run::model_hash`]).
    fn model_hash(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for x in self.model() {
            for byte in x.to_bits().to_le_bytes() {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        }
        hash
    }
}

/// A learner's definition: what the sweep needs to know to run, label and check it.
#[derive(Debug)]
pub struct Algorithm {
    /// The name `--learner` takes and rows carry (`umda`, `pbil`, `cga`).
    pub name: &'static str,
    /// What it is, with its source, for messages and help.
    pub title: &'static str,
    /// Whether it plays μ games a step (else μ is no setting of it: rows write `-`).
    pub uses_mu: bool,
    /// Whether `--engine` chooses how it computes a step (else rows write `-`).
    pub uses_engine: bool,
    /// Whether Corollary 5.3's bound is about it (UMDA's T only).
    pub paper_bound: bool,
    /// Starts run `seed` on `task`.
    pub start: fn(Arc<Task>, &Settings, u64) -> Box<dyn ModelLearner>,
}

impl PartialEq for Algorithm {
    fn eq(&self, other: &Algorithm) -> bool {
        self.name == other.name
    }
}

impl Eq for Algorithm {}

/// UMDA with binary tournaments (Benford & Lehre, Algorithm 1): [`Run`] with its three engines.
pub static UMDA: Algorithm = Algorithm {
    name: "umda",
    title: "UMDA with binary tournament selection (Benford & Lehre, Algorithm 1)",
    uses_mu: true,
    uses_engine: true,
    paper_bound: true,
    start: |task, settings, seed| Box::new(Run::new(task, settings.engine, settings.params, seed)),
};

impl ModelLearner for Run {
    fn step(&mut self) {
        Run::step(self)
    }
    fn step_games(&self) -> u64 {
        u64::from(self.params().mu())
    }
    fn steps(&self) -> u64 {
        self.generation()
    }
    fn games(&self) -> u64 {
        Run::games(self)
    }
    fn found(&self) -> Option<Found> {
        Run::found(self)
    }
    fn model(&self) -> &[f64] {
        Run::model(self)
    }
    fn run_until_found(&mut self, max_games: u64) -> bool {
        Run::run_until_found(self, max_games, |_| {})
    }
}

// ---------------------------------------------------------------------------------------------
// What the learners besides UMDA share: the model's layout, whole strategies and a game.

/// p_0 uniform per position and its running sums (the categorical sampler's table).
pub(crate) fn uniform_model(task: &Task) -> (Vec<f64>, Vec<f64>) {
    let edges = task.graph.edge_count();
    let (mut p, mut cdf) = (vec![0.0; edges], vec![0.0; edges]);
    for v in 0..task.graph.len() {
        let range = task.edges(v);
        let uniform = 1.0 / range.len() as f64;
        p[range].fill(uniform);
        running_sums(task, &p, &mut cdf, v);
    }
    (p, cdf)
}

/// The running sums of p at position v.
pub(crate) fn running_sums(task: &Task, p: &[f64], cdf: &mut [f64], v: usize) {
    let mut sum = 0.0;
    for e in task.edges(v) {
        sum += p[e];
        cdf[e] = sum;
    }
}

/// A whole strategy x ~ Univ(X_G, p): per position its move's edge index (0 at a sink), drawn
/// position by position in id order as UMDA's naive engine draws it (the same stream).
pub(crate) fn sample_strategy(
    rng: &mut rand_xoshiro::Xoshiro256PlusPlus,
    task: &Task,
    cdf: &[f64],
    out: &mut Vec<u32>,
) {
    out.resize(task.graph.len(), 0);
    for (v, slot) in out.iter_mut().enumerate() {
        let range = task.edges(v);
        *slot = match range.len() {
            0 => 0,
            1 => range.start as u32,
            _ => super::umda::draw(rng, cdf, range) as u32,
        };
    }
}

/// f_G(x, y): plays `first` (moving first from v0) against `second`; returns whether the
/// first won, and the game's length.
pub(crate) fn first_wins(task: &Task, first: &[u32], second: &[u32]) -> (bool, usize) {
    let targets = task.graph.targets();
    let mut u = task.graph.root();
    let mut length = 0;
    while !task.graph.is_sink(u) {
        let strategy = if length % 2 == 0 { first } else { second };
        u = targets[strategy[u] as usize] as usize;
        length += 1;
    }
    (super::umda::winner_parity(length, task) == 0, length)
}
