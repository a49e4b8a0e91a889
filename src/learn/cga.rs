//! The compact genetic algorithm (G. R. Harik, F. G. Lobo and D. E. Goldberg, "The compact genetic
//! algorithm", IEEE Transactions on Evolutionary Computation 3(4):287–297, 1999), generalised from
//! one bit to one categorical distribution per interior position, on Benford & Lehre's task.
//!
//! Harik, Lobo & Goldberg's cGA keeps a probability vector p and, for a simulated population of
//! size n, repeats: generate two individuals from p, let them compete, and at every bit where the
//! winner and the loser differ move p by 1/n toward the winner's bit (p[i] += 1/n if the winner's
//! bit is 1, −= 1/n if it is 0). Here an individual is a strategy x ~ Univ(X_G, p) (Benford & Lehre
//! §3), the competition is the game f_G(x, y) of the paper's tournament (x moves first from v0),
//! n is called K, and at every position v where the winner's move w and the loser's move l differ
//! 1/K of probability moves from l to w:
//!
//!   p'(v, w) = p(v, w) + 1/K,   p'(v, l) = p(v, l) − 1/K,   p_{t+1}(v) = π_γ(p'(v)).
//!
//! With two moves this is Harik, Lobo & Goldberg's update of one bit. p'(v, l) may fall below 0
//! (when p(v, l) < 1/K); p'(v) still sums to 1 and π_γ maps it to a distribution with every move at
//! γ or more (its β⁻ counts the deficit, [`super::projection`]), as the cGA's frequencies are kept
//! in [1/n, 1 − 1/n] by margins in its runtime analyses. Positions where x and y agree do not move.
//!
//! One step is one game, so T counts games one by one (Def 5.1); found when a game's winner is in
//! Opt(G), as UMDA is found when a generation's winners contain one. Both strategies are drawn
//! whole (each position's update needs both moves), so a step costs O(positions).
//!
//! Expected step (checked in tests/learn/learners.rs): with z the winner and z' the loser,
//! E[p'(v, w) − p(v, w)] = (P(z(v) = w) − P(z'(v) = w))/K, and {z, z'} = {x, y} with x, y ~ p, so
//! P(z'(v) = w) = 2p(v, w) − P(z(v) = w), where P(z(v) = w) is Lemma 3.1's E\[q(v, w)\]:
//! E\[p'\] = p + (2/K)(E\[q\] − p).

use std::sync::Arc;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::learner::{first_wins, running_sums, sample_strategy, uniform_model, Algorithm, ModelLearner};
use super::params::Params;
use super::projection::project;
use super::task::Task;
use super::umda::Found;

/// The compact GA in the learner registry.
pub static CGA: Algorithm = Algorithm {
    name: "cga",
    title: "the compact GA (Harik, Lobo & Goldberg 1999), one categorical distribution per position",
    uses_mu: false,
    uses_engine: false,
    paper_bound: false,
    start: |task, settings, seed| Box::new(Cga::new(task, settings.params.gamma(), settings.knobs.k, seed)),
};

/// One seeded run of the compact GA.
#[derive(Debug, Clone)]
pub struct Cga {
    task: Arc<Task>,
    gamma: f64,
    /// 1/K, the mass moved per game at a position where the two strategies differ.
    step: f64,
    rng: Xoshiro256PlusPlus,
    p: Vec<f64>,
    cdf: Vec<f64>,
    games: u64,
    found: Option<Found>,
    first: Vec<u32>,
    second: Vec<u32>,
    tag: u64,
    visited_tag: Vec<u64>,
    stack: Vec<u32>,
}

impl Cga {
    /// A run with p_0 uniform; γ below 1/Δ and K ≥ 2 (validated by the caller).
    pub fn new(task: Arc<Task>, gamma: f64, k: u32, seed: u64) -> Cga {
        let (p, cdf) = uniform_model(&task);
        let n = task.graph.len();
        Cga {
            gamma,
            step: 1.0 / f64::from(k),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            p,
            cdf,
            games: 0,
            found: None,
            first: Vec::new(),
            second: Vec::new(),
            tag: 0,
            visited_tag: vec![0; n],
            stack: Vec::new(),
            task,
        }
    }

    /// A run from `model` instead of p_0 (see [`super::pbil::Pbil::with_model`]); None unless
    /// per position non-negative and summing to 1 within 1e-9.
    pub fn with_model(task: Arc<Task>, params: Params, k: u32, seed: u64, model: &[f64]) -> Option<Cga> {
        let mut run = Cga::new(task, params.gamma(), k, seed);
        if !run.task.is_model(model) {
            return None;
        }
        run.p.copy_from_slice(model);
        for v in 0..run.task.graph.len() {
            running_sums(&run.task, &run.p, &mut run.cdf, v);
        }
        Some(run)
    }
}

impl ModelLearner for Cga {
    fn step(&mut self) {
        let task = &*self.task;
        sample_strategy(&mut self.rng, task, &self.cdf, &mut self.first);
        sample_strategy(&mut self.rng, task, &self.cdf, &mut self.second);
        let first_won = first_wins(task, &self.first, &self.second).0;
        let (winner, loser) =
            if first_won { (&self.first, &self.second) } else { (&self.second, &self.first) };
        for v in 0..task.graph.len() {
            let (w, l) = (winner[v] as usize, loser[v] as usize);
            if w == l || task.graph.degree(v) < 2 {
                continue;
            }
            self.p[w] += self.step;
            self.p[l] -= self.step;
            project(&mut self.p[task.edges(v)], self.gamma);
            running_sums(task, &self.p, &mut self.cdf, v);
        }
        self.games += 1;
        if self.found.is_none() {
            self.tag += 1;
            if task
                .strategy_is_optimal(&mut self.visited_tag, self.tag, &mut self.stack, |v| winner[v] as usize)
            {
                self.found = Some(Found { generation: self.games, games: self.games });
            }
        }
    }
    fn step_games(&self) -> u64 {
        1
    }
    fn steps(&self) -> u64 {
        self.games
    }
    fn games(&self) -> u64 {
        self.games
    }
    fn found(&self) -> Option<Found> {
        self.found
    }
    fn model(&self) -> &[f64] {
        &self.p
    }
}
