//! Algorithm 1 of Benford & Lehre (§3): UMDA with binary tournament selection, as a resumable run.
//!
//! The model p_t(v, ·) is a distribution over the moves F(v) of every interior position v, stored
//! flat and aligned with the graph's edge array; p_0 is uniform. One generation plays μ
//! tournaments between two fresh samples x, y ~ Univ(X_G, p_t), keeps each winner, sets
//! q_{t+1}(v)(w) to the share of winners with x(v) = w and p_{t+1}(v) = π_γ(q_{t+1}(v)).
//!
//! # Why the fast engine is exact
//! A sample is independent across positions (Univ(X, p)). A game between x and y reads only the
//! moves on its path, each made by the player to move there. So, given the game, the winner's
//! move at any position it did not play is still a fresh draw from p_t(v), independent of the
//! game and of everything else. The fast engine therefore draws only the path; it counts the
//! winner's path moves, and for the m_v winners whose move at v was never read it adds one
//! Multinomial(m_v, p_t(v)) draw: the same q_{t+1} in distribution, at cost O(μ·path + edges)
//! instead of O(μ·positions). How that draw, the update and the skipping of positions that
//! cannot change are made exactly and cheaply is in [`super::fast`].
//! The optimality check needs individual winners' moves off their path. It reads them by the
//! same argument: a fresh draw from p_t(v), counted for that winner at v (and so removed from
//! the pool m_v filled later). Each winner's move at each position is drawn at most once, so the
//! joint law of the winners — and everything reported about them — is that of Algorithm 1.
//!
//! # Determinism
//! One Xoshiro256++ stream per run (rand_xoshiro, seeded by SplitMix64 from the u64 seed): only
//! 64-bit integer arithmetic, so it is as fast in wasm as natively. The update uses +, −, ×, ÷
//! only and the binomial sampler uses `libm`, so runs are bit-identical natively and in wasm.
//! The fast engine's per-position pass draws from per-chunk streams seeded from one word of the
//! run's stream ([`super::fast`]), so natively it runs on every core (rayon) with the same result
//! as on one.
//! μ, γ and the engine may change between generations; the run continues from the current p
//! and RNG stream, so a recorded sequence of changes replays exactly. A generation may also be
//! computed in slices ([`Run::work`]) without changing its result.

use std::sync::Arc;

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

use super::dynamics::{expected_selection, visit_probability};
use super::fast::{FastState, Generation};
use super::params::{Engine, Params};
use super::projection::project;
use super::sample::uniform;
use super::task::Task;

/// When the generation's winners first contained a strategy in Opt(G).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The generation t (1-based) whose winners contained it.
    pub generation: u64,
    /// T: games played up to and including that generation (Def 5.1, τ = μ per generation).
    pub games: u64,
}

/// Progress of a run after a generation (Benford & Lehre §5 and Prop 2.2). "Mass" at a critical position
/// v is p(v, optimal moves), the probability that a sample moves from v to a P-position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measures {
    /// Generations completed, t.
    pub generation: u64,
    /// Games played so far: Σ μ over the generations run (Def 5.1's runtime measure).
    pub games: u64,
    /// Whether the last generation's winners contain a strategy in Opt(G). The expected engine
    /// has no winners: there it means μ·Π ≥ 1, i.e. in expectation at least one of μ samples of
    /// the model meets Prop 2.2's condition.
    pub winners_optimal: bool,
    /// T, the games played when that first happened.
    pub found_after_games: Option<u64>,
    /// |W_G|.
    pub critical: usize,
    /// Critical positions holding more than half their mass on optimal moves.
    pub critical_learned: usize,
    /// Mean and minimum over W_G of the mass on optimal moves (None when W_G is empty).
    pub critical_mass_mean: Option<f64>,
    /// The minimum over W_G of the mass on optimal moves (None when W_G is empty).
    pub critical_mass_min: Option<f64>,
    /// Π_{v∈W_G} p(v, optimal moves): the probability that a sample meets Prop 2.2's condition
    /// (and so is in Opt(G)); 1 when W_G is empty.
    pub prop22_probability: f64,
    /// R(v) = P(v ∈ Path_G(x, y)) at the critical positions, in `Task::critical` order.
    pub critical_visit: Vec<f64>,
}

/// A generation begun but not finished ([`Run::work`] slices it).
#[derive(Debug, Clone)]
struct InProgress {
    params: Params,
    engine: Engine,
    tournaments: u32,
    /// Fast engine: the next chunk of positions still to be passed over.
    chunk_cursor: usize,
    /// Fast engine: the word of the run's stream that seeds this generation's chunk streams,
    /// drawn when the pass begins.
    pass_seed: Option<u64>,
    winners_optimal: bool,
}

/// One seeded run of Algorithm 1 on a task.
#[derive(Debug, Clone)]
pub struct Run {
    task: Arc<Task>,
    engine: Engine,
    params: Params,
    seed: u64,
    rng: Xoshiro256PlusPlus,
    /// p_t, per edge.
    p: Vec<f64>,
    /// Running sums of p within each position (the categorical sampler's table).
    cdf: Vec<f64>,
    generation: u64,
    games: u64,
    found: Option<Found>,
    last_winners_optimal: bool,
    current: Option<InProgress>,
    /// Winners per edge in the current (or last finished) generation: μ·q_{t+1}.
    counts: Vec<u32>,
    /// The fast engine's read counts and skipping clocks.
    fast: FastState,
    /// Every position's p may have changed since [`Run::take_changed`] last ran (a reset, a
    /// new model, a generation of another engine); else those the fast passes processed.
    all_changed: bool,
    /// Moves drawn on the games' paths this generation.
    path_moves: u64,
    /// k/μ for k = 0..=μ, rebuilt each generation (see [`Run::update_model`]).
    shares: Vec<f64>,
    // Scratch, reused across tournaments. Tags avoid clearing per-position marks.
    tag: u64,
    played_tag: Vec<u64>,
    played_edge: Vec<u32>,
    visited_tag: Vec<u64>,
    stack: Vec<u32>,
    path: Vec<(u32, u32)>,
    first: Vec<u32>,
    second: Vec<u32>,
}

impl Run {
    /// A run at generation 0 with p_0 uniform (Algorithm 1, lines 1–5).
    pub fn new(task: Arc<Task>, engine: Engine, params: Params, seed: u64) -> Run {
        let n = task.graph.len();
        let edges = task.graph.edge_count();
        let mut run = Run {
            task,
            engine,
            params,
            seed,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            p: vec![0.0; edges],
            cdf: vec![0.0; edges],
            generation: 0,
            games: 0,
            found: None,
            last_winners_optimal: false,
            current: None,
            counts: vec![0; edges],
            fast: FastState::new(n),
            all_changed: true,
            path_moves: 0,
            shares: Vec::new(),
            tag: 0,
            played_tag: vec![0; n],
            played_edge: vec![0; n],
            visited_tag: vec![0; n],
            stack: Vec::new(),
            path: Vec::new(),
            first: Vec::new(),
            second: Vec::new(),
        };
        run.reset();
        run
    }

    /// A run at generation 0 that starts from `model` instead of p_0 (for experiments and
    /// tests). None unless `model` holds, per position, non-negative numbers summing to 1
    /// (within 1e-9). [`Run::reset`] still goes back to the uniform p_0.
    pub fn with_model(
        task: Arc<Task>,
        engine: Engine,
        params: Params,
        seed: u64,
        model: &[f64],
    ) -> Option<Run> {
        let mut run = Run::new(task, engine, params, seed);
        if !run.task.is_model(model) {
            return None;
        }
        run.p.copy_from_slice(model);
        run.rebuild_cdf();
        run.fast.invalidate();
        run.all_changed = true;
        Some(run)
    }

    /// Back to generation 0 with the same seed: the same run replays.
    pub fn reset(&mut self) {
        for v in 0..self.task.graph.len() {
            let range = self.task.edges(v);
            let uniform = 1.0 / range.len() as f64;
            self.p[range].fill(uniform);
        }
        self.rebuild_cdf();
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.seed);
        self.generation = 0;
        self.games = 0;
        self.found = None;
        self.last_winners_optimal = false;
        self.current = None;
        self.counts.fill(0);
        self.path_moves = 0;
        self.fast.invalidate();
        self.all_changed = true;
    }

    /// Back to generation 0 with another seed.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        self.reset();
    }

    /// New μ and γ (validated by the caller against the task), used from the next generation.
    pub fn set_params(&mut self, params: Params) {
        if params != self.params {
            self.fast.invalidate();
        }
        self.params = params;
    }

    /// Another engine, used from the next generation; p and the RNG stream carry over.
    pub fn set_engine(&mut self, engine: Engine) {
        if engine != self.engine {
            self.fast.invalidate();
        }
        self.engine = engine;
    }

    /// The game being learnt, analysed.
    pub fn task(&self) -> &Arc<Task> {
        &self.task
    }
    /// How generations are computed.
    pub fn engine(&self) -> Engine {
        self.engine
    }
    /// μ and γ of Algorithm 1.
    pub fn params(&self) -> Params {
        self.params
    }
    /// The seed of the run's random stream.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Generations completed.
    pub fn generation(&self) -> u64 {
        self.generation
    }
    /// Games played in completed generations.
    pub fn games(&self) -> u64 {
        self.games
    }
    /// When the winners first contained a strategy in Opt(G); None until then.
    pub fn found(&self) -> Option<Found> {
        self.found
    }
    /// Whether the last completed generation's winners contain a strategy in Opt(G).
    pub fn last_winners_optimal(&self) -> bool {
        self.last_winners_optimal
    }
    /// Whether a generation has been started by [`Run::work`] and not finished.
    pub fn in_progress(&self) -> bool {
        self.current.is_some()
    }
    /// Games played so far in the generation under way, and its μ (None between generations).
    pub fn games_in_progress(&self) -> Option<(u32, u32)> {
        self.current.as_ref().map(|c| (c.tournaments, c.params.mu()))
    }
    /// p_t per edge, aligned with `graph.targets()`.
    pub fn model(&self) -> &[f64] {
        &self.p
    }
    /// μ·q_t per edge: the winners' counts of the last completed generation (all zero at
    /// generation 0 and for the expected engine).
    pub fn selection_counts(&self) -> &[u32] {
        &self.counts
    }

    /// Moves drawn on the μ games' paths in the generation under way or last completed: the
    /// sampled moves a generation cannot do without (see [`Run::lower_bound_pass`]).
    pub fn path_moves(&self) -> u64 {
        self.path_moves
    }

    /// The floor a fast-engine generation is measured against: the work no
    /// generation of Algorithm 1 on this model can skip. It draws the moves of μ games from p_t,
    /// each move as a tournament draws its path (the same sampler, from a copy of the run's
    /// stream), and makes one pass over the edges, writing count/μ per edge into `out` (what
    /// turning μ·q_{t+1} into p_{t+1} costs at least). Nothing else: no winner, no check against
    /// Opt(G), no pooled draws for the positions off the paths, no projection. The run is left
    /// unchanged; returns the moves drawn. `benches/umda.rs` reports time(generation) ÷
    /// time(this pass) on the same model.
    pub fn lower_bound_pass(&self, out: &mut Vec<f64>) -> u64 {
        let task = &*self.task;
        let (offsets, targets) = (task.graph.offsets(), task.graph.targets());
        let mut rng = self.rng.clone();
        let mut moves = 0u64;
        for _ in 0..self.params.mu() {
            let mut u = task.graph.root();
            loop {
                let range = offsets[u] as usize..offsets[u + 1] as usize;
                if range.is_empty() {
                    break;
                }
                let e = draw(&mut rng, &self.cdf, range);
                moves += 1;
                u = targets[e] as usize;
            }
        }
        let scale = 1.0 / f64::from(self.params.mu());
        out.clear();
        out.extend(self.counts.iter().map(|&c| f64::from(c) * scale));
        moves
    }

    /// Calls `f` for every position whose p may have changed since the last call (every
    /// position the first time, and after a reset, a new model or a generation of the naive or
    /// expected engine; else the positions the fast engine's passes processed), so that what is
    /// derived from p per position need only be recomputed there.
    pub fn take_changed(&mut self, f: impl FnMut(usize)) {
        if std::mem::take(&mut self.all_changed) {
            self.fast.take_changed(|_| {});
            (0..self.task.graph.len()).for_each(f);
        } else {
            self.fast.take_changed(f);
        }
    }

    /// A 64-bit FNV-1a hash of p's bits: equal hashes mean (beyond reasonable doubt) equal models.
    pub fn model_hash(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for x in &self.p {
            for byte in x.to_bits().to_le_bytes() {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        }
        hash
    }

    /// Runs one whole generation (finishing one already begun by [`Run::work`]).
    pub fn step(&mut self) {
        while !self.work(u64::MAX) {}
    }

    /// Does up to about `budget` units of work (a unit is one sampled move or one edge visited)
    /// and returns whether a generation was completed. The result of a generation does not
    /// depend on how it is sliced, so a page can keep every frame short. The expected engine
    /// is not sliced: its generation is one O(edges) pass.
    pub fn work(&mut self, budget: u64) -> bool {
        // A budget of 0 still makes progress, so `while !run.work(0) {}` ends.
        let budget = budget.max(1);
        let mut current = match self.current.take() {
            Some(current) => current,
            None => self.begin(),
        };
        let mut spent = 0u64;
        if current.engine == Engine::Expected {
            self.expected_generation(&mut current);
            self.finish(current);
            return true;
        }
        while current.tournaments < current.params.mu() && spent < budget {
            spent += match current.engine {
                Engine::Naive => self.naive_tournament(&mut current),
                _ => self.fast_tournament(&mut current),
            };
            current.tournaments += 1;
        }
        let unbounded = budget == u64::MAX;
        if current.engine == Engine::Fast
            && current.tournaments == current.params.mu()
            && (unbounded || spent < budget)
        {
            self.fast_pass(&mut current, if unbounded { u64::MAX } else { budget - spent });
        }
        let done = current.tournaments == current.params.mu()
            && (current.engine != Engine::Fast || current.chunk_cursor == self.fast.chunk_count());
        if done {
            self.finish(current);
        } else {
            self.current = Some(current);
        }
        done
    }

    /// Runs generations until the winners contain an optimal strategy or the next generation
    /// would pass `max_games`; calls `each` after every generation. Returns whether it was found.
    pub fn run_until_found(&mut self, max_games: u64, mut each: impl FnMut(&Run)) -> bool {
        self.run_until_found_in_slices(max_games, u64::MAX, |run, finished| {
            if finished {
                each(run)
            }
        })
    }

    /// As [`Run::run_until_found`], in slices of about `slice` units of work; `each` is called
    /// after every slice with whether it finished a generation (so a caller can show progress
    /// during long generations).
    pub fn run_until_found_in_slices(
        &mut self,
        max_games: u64,
        slice: u64,
        mut each: impl FnMut(&Run, bool),
    ) -> bool {
        while self.in_progress()
            || (self.found.is_none() && self.games.saturating_add(u64::from(self.params.mu())) <= max_games)
        {
            let finished = self.work(slice);
            each(self, finished);
        }
        self.found.is_some()
    }

    fn begin(&mut self) -> InProgress {
        if self.engine == Engine::Fast {
            // The fast engine keeps the counts of positions it skips (they would be the same), so
            // it clears a position's counts where it first touches it instead of all of them here.
            if !self.fast.is_valid() {
                self.fast.restart(self.task.graph.offsets(), &mut self.counts, self.params.mu());
            }
        } else {
            // The other engines change p without the fast engine's clocks.
            self.fast.invalidate();
            self.counts.fill(0);
        }
        self.path_moves = 0;
        InProgress {
            params: self.params,
            engine: self.engine,
            tournaments: 0,
            chunk_cursor: 0,
            pass_seed: None,
            winners_optimal: false,
        }
    }

    /// The fast engine's per-position pass ([`super::fast`]) over chunks from the cursor on,
    /// until about `budget` units of work are spent; all remaining chunks at once (on every
    /// core natively) when the budget is unlimited. Either way the same result.
    fn fast_pass(&mut self, current: &mut InProgress, budget: u64) {
        let seed = *current.pass_seed.get_or_insert_with(|| self.rng.next_u64());
        let generation = Generation {
            mu: current.params.mu(),
            gamma: current.params.gamma(),
            now: self.generation + 1,
            seed,
        };
        let offsets = self.task.graph.offsets();
        let chunks = self.fast.chunk_count();
        if budget == u64::MAX {
            let views = self.fast.views(
                offsets,
                &mut self.p,
                &mut self.cdf,
                &mut self.counts,
                current.chunk_cursor,
                chunks,
            );
            current.chunk_cursor = chunks;
            #[cfg(not(target_arch = "wasm32"))]
            if views.len() > 1 {
                use rayon::prelude::*;
                views.into_par_iter().for_each(|view| {
                    view.run(offsets, generation);
                });
                return;
            }
            for view in views {
                view.run(offsets, generation);
            }
            return;
        }
        let mut spent = 0;
        while current.chunk_cursor < chunks && spent < budget {
            let c = current.chunk_cursor;
            for view in self.fast.views(offsets, &mut self.p, &mut self.cdf, &mut self.counts, c, c + 1) {
                spent += view.run(offsets, generation);
            }
            current.chunk_cursor += 1;
        }
    }

    /// Lines 16–21: q_{t+1} from the counts, p_{t+1} = π_γ(q_{t+1}); then the bookkeeping.
    fn finish(&mut self, current: InProgress) {
        let mu = f64::from(current.params.mu());
        match current.engine {
            Engine::Expected => self.rebuild_cdf(),
            Engine::Naive => self.update_model(current.params),
            Engine::Fast => {} // updated position by position in the pass
        }
        self.all_changed |= current.engine != Engine::Fast;
        self.generation += 1;
        self.games += u64::from(current.params.mu());
        let winners_optimal = if current.engine == Engine::Expected {
            mu * self.prop22_probability() >= 1.0
        } else {
            current.winners_optimal
        };
        self.last_winners_optimal = winners_optimal;
        if winners_optimal && self.found.is_none() {
            self.found = Some(Found { generation: self.generation, games: self.games });
        }
    }

    /// p_{t+1} = π_γ(counts/μ) and its running sums, in one pass over the positions (each
    /// position's moves are still in cache for its sums).
    fn update_model(&mut self, params: Params) {
        let (mu, gamma) = (params.mu(), params.gamma());
        let offsets = self.task.graph.offsets();
        // k/μ for every count k ≤ μ, looked up instead of divided per edge: the same quotients,
        // so the same bits. Only when μ is below the edge count, so the table never costs more
        // divisions than it saves.
        let lookup = (mu as usize) < self.counts.len();
        self.shares.clear();
        if lookup {
            self.shares.extend((0..=mu).map(|k| f64::from(k) / f64::from(mu)));
        }
        for v in 0..self.task.graph.len() {
            let range = offsets[v] as usize..offsets[v + 1] as usize;
            if range.len() < 2 {
                continue; // a forced move keeps probability 1 (and its running sum)
            }
            let (p, counts) = (&mut self.p[range.clone()], &self.counts[range.clone()]);
            for (x, &k) in p.iter_mut().zip(counts) {
                *x = if lookup { self.shares[k as usize] } else { f64::from(k) / f64::from(mu) };
            }
            project(p, gamma);
            let mut sum = 0.0;
            for (c, &x) in self.cdf[range].iter_mut().zip(p.iter()) {
                sum += x;
                *c = sum;
            }
        }
    }

    /// The expected engine: p ← π_γ(E[q]) with E[q] from Lemma 3.1.
    fn expected_generation(&mut self, current: &mut InProgress) {
        let expected = expected_selection(&self.task, &self.p);
        for v in 0..self.task.graph.len() {
            let range = self.task.edges(v);
            if range.len() < 2 {
                continue;
            }
            self.p[range.clone()].copy_from_slice(&expected[range.clone()]);
            project(&mut self.p[range], current.params.gamma());
        }
    }

    fn rebuild_cdf(&mut self) {
        for v in 0..self.task.graph.len() {
            let mut sum = 0.0;
            for e in self.task.edges(v) {
                sum += self.p[e];
                self.cdf[e] = sum;
            }
        }
    }

    /// A fast-engine tournament: draw the path only, count the winner's path moves, then (until
    /// one is found this generation) check the winner against Opt(G). Returns the work done.
    fn fast_tournament(&mut self, current: &mut InProgress) -> u64 {
        let task = &*self.task;
        // Both arrays read once: the graph keeps them behind an Arc, and this loop is the hot path.
        let (offsets, targets) = (task.graph.offsets(), task.graph.targets());
        // Fields borrowed once as slices, so the loops keep their pointers in registers.
        let cdf = &self.cdf[..];
        // The stream in a local for the walk: in the field it was stored back to memory at every
        // step (the same draws either way).
        let mut rng = self.rng.clone();
        // The path is written by index into a buffer kept between tournaments, its length in a
        // register: a push reloaded and stored the Vec's length at every step.
        let path = &mut self.path;
        let mut len = 0;
        let mut u = task.graph.root();
        'walk: loop {
            let buffer = &mut path[..];
            while len < buffer.len() {
                let range = offsets[u] as usize..offsets[u + 1] as usize;
                if range.is_empty() {
                    break 'walk;
                }
                let e = draw(&mut rng, cdf, range);
                buffer[len] = (u as u32, e as u32);
                len += 1;
                u = targets[e] as usize;
            }
            // Longer than every path so far: room for twice as many moves.
            let longer = 2 * path.len() + 64;
            path.resize(longer, (0, 0));
        }
        self.rng = rng;
        let path = &self.path[..len];
        self.path_moves += path.len() as u64;
        let winner_parity = winner_parity(path.len(), task);
        self.tag += 1;
        let tag = self.tag;
        let (fast, counts) = (&mut self.fast, &mut self.counts);
        let (played_tag, played_edge) = (&mut self.played_tag, &mut self.played_edge);
        for &(v, e) in path.iter().skip(winner_parity).step_by(2) {
            let (v, e) = (v as usize, e as usize);
            let range = offsets[v] as usize..offsets[v + 1] as usize;
            // A forced move's count is always μ: the pass never visits it.
            if range.len() > 1 {
                fast.count_read(v, e, range, counts);
            }
            played_tag[v] = tag;
            played_edge[v] = e as u32;
        }
        let mut work = len as u64 + 1;
        if !current.winners_optimal {
            let (rng, cdf, counts, fast) = (&mut self.rng, &self.cdf, &mut self.counts, &mut self.fast);
            let (played_tag, played_edge) = (&self.played_tag, &self.played_edge);
            let mut reads = 0u64;
            current.winners_optimal =
                task.strategy_is_optimal(&mut self.visited_tag, tag, &mut self.stack, |v: usize| {
                    reads += 1;
                    if played_tag[v] == tag {
                        return played_edge[v] as usize;
                    }
                    // A move the game never read: a fresh draw, counted for this winner here.
                    let range = task.edges(v);
                    if range.len() == 1 {
                        return range.start;
                    }
                    let e = draw(rng, cdf, range.clone());
                    fast.count_read(v, e, range, counts);
                    e
                });
            work += reads;
        }
        work
    }

    /// A naive tournament: two whole strategies, the game, the winner copied in full.
    fn naive_tournament(&mut self, current: &mut InProgress) -> u64 {
        let task = &*self.task;
        let n = task.graph.len();
        let targets = task.graph.targets();
        for strategy in [&mut self.first, &mut self.second] {
            strategy.resize(n, 0);
            for (v, slot) in strategy.iter_mut().enumerate() {
                let range = task.edges(v);
                *slot = match range.len() {
                    0 => 0,
                    1 => range.start as u32,
                    _ => draw(&mut self.rng, &self.cdf, range) as u32,
                };
            }
        }
        // Play: the first strategy moves first from v0.
        let mut u = task.graph.root();
        let mut length = 0;
        while !task.graph.is_sink(u) {
            let strategy = if length % 2 == 0 { &self.first } else { &self.second };
            u = targets[strategy[u] as usize] as usize;
            length += 1;
        }
        self.path_moves += length as u64;
        let winner = if winner_parity(length, task) == 0 { &self.first } else { &self.second };
        for (v, &e) in winner.iter().enumerate() {
            if !task.graph.is_sink(v) {
                self.counts[e as usize] += 1;
            }
        }
        if !current.winners_optimal {
            self.tag += 1;
            current.winners_optimal =
                task.strategy_is_optimal(&mut self.visited_tag, self.tag, &mut self.stack, |v| {
                    winner[v] as usize
                });
        }
        3 * n as u64
    }

    /// The measures the stats row and `learn --json` show for the current model (Benford & Lehre §2, Prop 2.2).
    pub fn measures(&self) -> Measures {
        let visit = visit_probability(&self.task, &self.p);
        let mut measures = self.mass_measures();
        measures.critical_visit = self.task.critical.iter().map(|&v| visit[v as usize]).collect();
        measures
    }

    /// [`Run::measures`] without `critical_visit` (left empty): no R pass over the edges, for
    /// callers that read them every generation (the page's stats row and chart).
    pub fn mass_measures(&self) -> Measures {
        let masses: Vec<f64> = self.task.critical.iter().map(|&v| self.optimal_mass(v as usize)).collect();
        self.measures_of(&masses)
    }

    /// [`Run::mass_measures`] from `masses`, p(v, optimal moves) per critical position in
    /// `Task::critical` order, already computed for the current model (the page keeps them
    /// between generations): the same numbers, bit for bit, without another pass over the edges.
    pub fn measures_of(&self, masses: &[f64]) -> Measures {
        let count = masses.len();
        Measures {
            generation: self.generation,
            games: self.games,
            winners_optimal: self.last_winners_optimal,
            found_after_games: self.found.map(|f| f.games),
            critical: count,
            critical_learned: masses.iter().filter(|&&m| m > 0.5).count(),
            critical_mass_mean: (count > 0).then(|| masses.iter().sum::<f64>() / count as f64),
            critical_mass_min: masses.iter().copied().reduce(f64::min),
            prop22_probability: masses.iter().product(),
            critical_visit: Vec::new(),
        }
    }

    /// p(v, optimal moves): the mass on moves to P-positions.
    pub fn optimal_mass(&self, v: usize) -> f64 {
        self.task.edges(v).filter(|&e| self.task.optimal_edge[e]).map(|e| self.p[e]).sum()
    }

    /// Π_{v∈W_G} p(v, optimal moves) (Prop 2.2).
    pub fn prop22_probability(&self) -> f64 {
        self.task.critical.iter().map(|&v| self.optimal_mass(v as usize)).product()
    }

    /// log₁₀ Π_{v∈W_G} p(v, optimal moves): the same Π as a sum of logarithms, which does not
    /// underflow to 0 when thousands of critical positions each hold a little mass (Chomp 8×8
    /// at generation 0 has Π ≈ 10^−1,000); −∞ when a critical position has no optimal mass.
    pub fn prop22_log10(&self) -> f64 {
        self.task.critical.iter().map(|&v| self.optimal_mass(v as usize).log10()).sum()
    }
}

/// Which player won a game of `length` moves from v0: 0 for the first mover, 1 for the second.
/// The player to move at the final sink loses under normal play and wins under misère play.
pub(crate) fn winner_parity(length: usize, task: &Task) -> usize {
    let stuck = length % 2; // 0: the first mover is to move at the sink
    if task.play == crate::spec::Play::Misere {
        stuck
    } else {
        1 - stuck
    }
}

/// A move of position v drawn from p_t(v) by inverting its running sums. A move of probability
/// 0 is never drawn (its running sum equals the previous one).
pub(crate) fn draw(rng: &mut Xoshiro256PlusPlus, cdf: &[f64], range: std::ops::Range<usize>) -> usize {
    if range.len() == 1 {
        return range.start;
    }
    let sums = &cdf[range.clone()];
    let target = uniform(rng) * sums[sums.len() - 1];
    let index = if sums.len() <= 16 {
        sums.iter().position(|&s| target < s)
    } else {
        let i = sums.partition_point(|&s| s <= target);
        (i < sums.len()).then_some(i)
    };
    // Rounding can leave target at the total: take the last move of positive probability.
    let index = index.unwrap_or_else(|| (1..sums.len()).rev().find(|&i| sums[i] > sums[i - 1]).unwrap_or(0));
    range.start + index
}
