//! PBIL, population-based incremental learning (S. Baluja, "Population-Based Incremental
//! Learning: A Method for Integrating Genetic Search Based Function Optimization and Competitive
//! Learning", Carnegie Mellon University, CMU-CS-94-163, 1994), on Benford & Lehre's task.
//!
//! Baluja's update moves the probability vector toward the selected solutions at a learning rate:
//! p ← (1 − LR)·p + LR·x for the selected x. Here the selected solutions are the μ winners of
//! Algorithm 1's binary tournaments (Benford & Lehre §3) and, one categorical distribution per
//! interior position, their frequencies q_{t+1}(v) are blended with the old model at rate ρ and
//! then projected as UMDA's are:
//!
//!   p_{t+1}(v) = π_γ((1 − ρ)·p_t(v) + ρ·q_{t+1}(v)).
//!
//! ρ = 1 is UMDA (Algorithm 1) exactly: (1 − 1)·p + 1·q is q bit for bit, and the naive engine
//! below draws from the run's stream in UMDA's naive engine's order, so it gives UMDA's runs.
//! Baluja's mutation of the probability vector is left out: π_γ's margin plays its part (every
//! move keeps probability ≥ γ), as in Benford & Lehre's UMDA.
//!
//! # Engines (all follow the update's law exactly)
//! - `naive`: two whole strategies per tournament, the winner counted at every position.
//! - `fast`: the game's path only; the winners' moves nobody read are, as in UMDA's fast engine
//!   ([`super::umda`]), fresh draws from p_t(v) independent of the games, so their counts at v
//!   are one Multinomial(μ − read_v, p_t(v)) draw per position, made after the tournaments.
//!   Unlike UMDA's fast engine nothing is skipped: with ρ < 1 a fixated position still moves
//!   (p(v) tends to its limit geometrically), so every position is updated every generation.
//! - `expected`: the infinite-population limit, p ← π_γ((1 − ρ)p + ρ·E\[q\]) with E\[q\] from
//!   Lemma 3.1; found when μ·Π ≥ 1, as for UMDA's expected engine.
//!
//! T counts μ games per generation (Def 5.1), found when a generation's winners contain a strategy
//! in Opt(G), as for UMDA.

use std::sync::Arc;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::dynamics::expected_selection;
use super::learner::{first_wins, running_sums, sample_strategy, uniform_model, Algorithm, ModelLearner};
use super::params::{Engine, Params};
use super::projection::project;
use super::sample::multinomial;
use super::task::Task;
use super::umda::{draw, winner_parity, Found};

/// PBIL in the learner registry.
pub static PBIL: Algorithm = Algorithm {
    name: "pbil",
    title: "PBIL (Baluja 1994): UMDA's frequencies blended with the old model at rate ρ, then π_γ",
    uses_mu: true,
    uses_engine: true,
    paper_bound: false,
    start: |task, settings, seed| {
        Box::new(Pbil::new(task, settings.engine, settings.params, settings.knobs.rho, seed))
    },
};

/// One seeded run of PBIL.
#[derive(Debug, Clone)]
pub struct Pbil {
    task: Arc<Task>,
    engine: Engine,
    params: Params,
    rho: f64,
    rng: Xoshiro256PlusPlus,
    /// p_t per edge.
    p: Vec<f64>,
    /// Running sums of p within each position.
    cdf: Vec<f64>,
    /// Winners per edge in the generation under way (μ·q_{t+1} once complete).
    counts: Vec<u32>,
    /// Fast engine: per position, winners whose move there was read.
    taken: Vec<u32>,
    generation: u64,
    games: u64,
    found: Option<Found>,
    // Scratch: whole strategies (naive), the path and the winner's played moves (fast).
    first: Vec<u32>,
    second: Vec<u32>,
    path: Vec<(u32, u32)>,
    tag: u64,
    played_tag: Vec<u64>,
    played_edge: Vec<u32>,
    visited_tag: Vec<u64>,
    stack: Vec<u32>,
}

impl Pbil {
    /// A run at generation 0 with p_0 uniform; `rho` in (0, 1] (validated by the caller).
    pub fn new(task: Arc<Task>, engine: Engine, params: Params, rho: f64, seed: u64) -> Pbil {
        let (p, cdf) = uniform_model(&task);
        let (n, edges) = (task.graph.len(), task.graph.edge_count());
        Pbil {
            engine,
            params,
            rho,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            p,
            cdf,
            counts: vec![0; edges],
            taken: vec![0; n],
            generation: 0,
            games: 0,
            found: None,
            first: Vec::new(),
            second: Vec::new(),
            path: Vec::new(),
            tag: 0,
            played_tag: vec![0; n],
            played_edge: vec![0; n],
            visited_tag: vec![0; n],
            stack: Vec::new(),
            task,
        }
    }

    /// A run at generation 0 from `model` (per position non-negative and summing to 1 within
    /// 1e-9) instead of p_0; None otherwise. For checking one step against its expectation.
    pub fn with_model(
        task: Arc<Task>,
        engine: Engine,
        params: Params,
        rho: f64,
        seed: u64,
        model: &[f64],
    ) -> Option<Pbil> {
        let mut run = Pbil::new(task, engine, params, rho, seed);
        if !run.task.is_model(model) {
            return None;
        }
        run.p.copy_from_slice(model);
        for v in 0..run.task.graph.len() {
            running_sums(&run.task, &run.p, &mut run.cdf, v);
        }
        Some(run)
    }

    /// μ·q of the last generation per edge (the naive and fast engines; zero for the expected).
    pub fn selection_counts(&self) -> &[u32] {
        &self.counts
    }

    /// p_{t+1}(v) = π_γ((1 − ρ)p_t(v) + ρ·share(e)) at every position with a choice.
    fn update(&mut self, share: impl Fn(&Self, usize) -> f64) {
        let (rho, gamma) = (self.rho, self.params.gamma());
        for v in 0..self.task.graph.len() {
            let range = self.task.edges(v);
            if range.len() < 2 {
                continue; // a forced move keeps probability 1
            }
            let blended: Vec<f64> =
                range.clone().map(|e| (1.0 - rho) * self.p[e] + rho * share(self, e)).collect();
            self.p[range.clone()].copy_from_slice(&blended);
            project(&mut self.p[range], gamma);
            running_sums(&self.task, &self.p, &mut self.cdf, v);
        }
    }

    /// A tournament of whole strategies (as UMDA's naive engine): returns whether its winner is
    /// in Opt(G) (checked only while `check`).
    fn naive_tournament(&mut self, check: bool) -> bool {
        let task = &*self.task;
        sample_strategy(&mut self.rng, task, &self.cdf, &mut self.first);
        sample_strategy(&mut self.rng, task, &self.cdf, &mut self.second);
        let winner = if first_wins(task, &self.first, &self.second).0 { &self.first } else { &self.second };
        for (v, &e) in winner.iter().enumerate() {
            if !task.graph.is_sink(v) {
                self.counts[e as usize] += 1;
            }
        }
        if !check {
            return false;
        }
        self.tag += 1;
        task.strategy_is_optimal(&mut self.visited_tag, self.tag, &mut self.stack, |v| winner[v] as usize)
    }

    /// A tournament drawing the path only, counting the winner's read moves.
    fn fast_tournament(&mut self, check: bool) -> bool {
        let task = &*self.task;
        let (offsets, targets) = (task.graph.offsets(), task.graph.targets());
        self.path.clear();
        let mut u = task.graph.root();
        loop {
            let range = offsets[u] as usize..offsets[u + 1] as usize;
            if range.is_empty() {
                break;
            }
            let e = draw(&mut self.rng, &self.cdf, range);
            self.path.push((u as u32, e as u32));
            u = targets[e] as usize;
        }
        self.tag += 1;
        let tag = self.tag;
        for &(v, e) in self.path.iter().skip(winner_parity(self.path.len(), task)).step_by(2) {
            let (v, e) = (v as usize, e as usize);
            if task.graph.degree(v) > 1 {
                self.counts[e] += 1;
                self.taken[v] += 1;
            }
            self.played_tag[v] = tag;
            self.played_edge[v] = e as u32;
        }
        if !check {
            return false;
        }
        let (rng, cdf, counts, taken) = (&mut self.rng, &self.cdf, &mut self.counts, &mut self.taken);
        let (played_tag, played_edge) = (&self.played_tag, &self.played_edge);
        task.strategy_is_optimal(&mut self.visited_tag, tag, &mut self.stack, |v: usize| {
            if played_tag[v] == tag {
                return played_edge[v] as usize;
            }
            // A move the game never read: a fresh draw, counted for this winner here.
            let range = task.edges(v);
            if range.len() == 1 {
                return range.start;
            }
            let e = draw(rng, cdf, range);
            counts[e] += 1;
            taken[v] += 1;
            e
        })
    }
}

impl ModelLearner for Pbil {
    fn step(&mut self) {
        let mu = self.params.mu();
        let mut optimal = false;
        match self.engine {
            Engine::Expected => {
                let expected = expected_selection(&self.task, &self.p);
                self.update(|_, e| expected[e]);
                let pi: f64 = self
                    .task
                    .critical
                    .iter()
                    .map(|&v| {
                        self.task
                            .edges(v as usize)
                            .filter(|&e| self.task.optimal_edge[e])
                            .map(|e| self.p[e])
                            .sum::<f64>()
                    })
                    .product();
                optimal = f64::from(mu) * pi >= 1.0;
            }
            Engine::Naive => {
                self.counts.fill(0);
                for _ in 0..mu {
                    optimal |= self.naive_tournament(!optimal);
                }
                self.update(|run, e| f64::from(run.counts[e]) / f64::from(mu));
            }
            Engine::Fast => {
                self.counts.fill(0);
                self.taken.fill(0);
                for _ in 0..mu {
                    optimal |= self.fast_tournament(!optimal);
                }
                // The winners' moves nobody read: one multinomial per position.
                for v in 0..self.task.graph.len() {
                    let range = self.task.edges(v);
                    if range.len() > 1 {
                        let unread = mu - self.taken[v];
                        multinomial(&mut self.rng, unread, &self.p[range.clone()], &mut self.counts[range]);
                    }
                }
                self.update(|run, e| f64::from(run.counts[e]) / f64::from(mu));
            }
        }
        self.generation += 1;
        self.games += u64::from(mu);
        if optimal && self.found.is_none() {
            self.found = Some(Found { generation: self.generation, games: self.games });
        }
    }
    fn step_games(&self) -> u64 {
        u64::from(self.params.mu())
    }
    fn steps(&self) -> u64 {
        self.generation
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
