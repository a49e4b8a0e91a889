//! The UMDA run of a [`Session`] (Benford & Lehre Algorithm 1) and the expected dynamics
//! (Lemma 3.1) beside it: its settings, its stepping from the page's frame loop, and the stats
//! the page charts (the critical positions' masses, Prop 2.2's product, the model's hash).

use std::sync::Arc;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::super::convert::{refused, to_js};
use super::Session;
use crate::learn::params::{self, Engine, Params};
use crate::learn::umda::Run;

/// See [`Session::kept_summary`].
struct Kept {
    learned: usize,
    sum: f64,
    min: f64,
    product: f64,
    lost: usize,
    log10: f64,
}

/// The stats row and one point of the progress chart.
#[derive(Serialize)]
struct Progress {
    generation: u64,
    games: u64,
    mu: u32,
    gamma: f64,
    engine: &'static str,
    /// The generation under way: games played of μ (None between generations).
    games_in_progress: Option<u32>,
    winners_optimal: bool,
    found_after_games: Option<u64>,
    found_at_generation: Option<u64>,
    critical: usize,
    critical_learned: usize,
    /// Critical positions whose winning moves have p = 0: with γ = 0 they are never sampled
    /// again, so no later strategy wins there (Benford & Lehre §3: π_γ keeps every move ≥ γ).
    critical_lost: usize,
    critical_mass_mean: Option<f64>,
    critical_mass_min: Option<f64>,
    /// Π_{v∈W_G} p(v, optimal moves) (Prop 2.2).
    prop22_probability: f64,
    /// log₁₀ Π, which stays finite where Π underflows to 0 (None for −∞: an optimal mass of 0).
    prop22_log10: Option<f64>,
    /// The same Π under the expected dynamics at this generation, when switched on.
    expected_prop22: Option<f64>,
    /// Its log₁₀.
    expected_prop22_log10: Option<f64>,
    /// None in [`Session::progress_unhashed`]: the hash is one pass over every byte of p.
    model_hash: Option<String>,
}

#[wasm_bindgen]
impl Session {
    /// Sets μ from text (a whole number from 1 to 10^8); used from the next generation.
    ///
    /// # Errors
    /// Anything else throws the core's message and leaves μ as it was.
    pub fn set_mu(&mut self, text: &str) -> Result<u32, JsValue> {
        let mu = params::parse_mu(text).map_err(refused)?;
        self.apply(Params::new(&self.task, mu, self.run.params().gamma()).map_err(refused)?);
        Ok(mu)
    }

    /// Sets γ from text (0 ≤ γ < 1/Δ, or `paper`); used from the next generation.
    ///
    /// # Errors
    /// Anything else throws the core's message and leaves γ as it was.
    pub fn set_gamma(&mut self, text: &str) -> Result<f64, JsValue> {
        let gamma = params::parse_gamma(&self.task, text).map_err(refused)?;
        self.apply(Params::new(&self.task, self.run.params().mu(), gamma).map_err(refused)?);
        Ok(gamma)
    }

    /// Sets the engine (`fast`, `naive` or `expected`); used from the next generation.
    ///
    /// # Errors
    /// An unknown name throws the core's message.
    pub fn set_engine(&mut self, text: &str) -> Result<(), JsValue> {
        self.run.set_engine(Engine::parse(text).map_err(refused)?);
        Ok(())
    }

    /// Starts over at generation 0 with the seed in `text` (0 to 2^64 − 1).
    ///
    /// # Errors
    /// A bad seed throws the core's message and changes nothing.
    pub fn reseed(&mut self, text: &str) -> Result<(), JsValue> {
        let seed = params::parse_seed(text).map_err(refused)?;
        self.run.reseed(seed);
        self.after_reset();
        Ok(())
    }

    /// Back to generation 0 with the same seed: the same run replays.
    pub fn reset(&mut self) {
        self.run.reset();
        self.after_reset();
    }

    /// Switches the expected-dynamics curve on or off; when on, it is computed up to the run's
    /// generation at once (from p_0, with the current μ and γ).
    pub fn set_expected(&mut self, on: bool) {
        self.expected = on.then(|| {
            let mut twin =
                Run::new(Arc::clone(&self.task), Engine::Expected, self.run.params(), self.run.seed());
            while twin.generation() < self.run.generation() {
                twin.step();
            }
            twin
        });
    }

    /// Does about `budget` units of work (a unit is one sampled move or one edge visited) and
    /// returns whether a generation was completed (then the masses are refreshed).
    pub fn work(&mut self, budget: f64) -> bool {
        // A float from JS: NaN or negative become the minimum, huge values saturate.
        let budget = if budget.is_finite() && budget > 1.0 { budget as u64 } else { 1 };
        let finished = self.run.work(budget);
        if finished {
            if let Some(twin) = &mut self.expected {
                while twin.generation() < self.run.generation() {
                    twin.step();
                }
            }
            self.refresh_masses();
        }
        finished
    }

    /// Finishes the generation under way, or runs a whole one.
    pub fn step(&mut self) {
        while !self.work(f64::MAX) {}
    }

    /// The stats row (see `Progress`), with the model's hash (one pass over p's bytes).
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        self.report(true)
    }

    /// The stats row without the model's hash (null): what a worker reports for the generations
    /// whose hash nobody will read (a chart point), at a fraction of the cost on a big graph.
    pub fn progress_unhashed(&self) -> Result<JsValue, JsValue> {
        self.report(false)
    }

    /// The page has written a model into the run's memory (through `model_ptr`): the stats are
    /// computed from it afresh from now on.
    pub fn model_written(&mut self) {
        self.masses_current = false;
    }

    fn report(&self, hash: bool) -> Result<JsValue, JsValue> {
        let fresh;
        let masses = if self.masses_current {
            &self.masses
        } else {
            fresh = self.critical_masses();
            &fresh
        };
        let mut measures = self.run.measures_of(&[]);
        let (lost, log10);
        if let Some(kept) = self.masses_current.then(|| self.kept_summary()).flatten() {
            measures.critical = masses.len();
            measures.critical_learned = kept.learned;
            measures.critical_mass_mean = Some(kept.sum / masses.len() as f64);
            measures.critical_mass_min = Some(kept.min);
            measures.prop22_probability = kept.product;
            (lost, log10) = (kept.lost, kept.log10);
        } else {
            measures = self.run.measures_of(masses);
            lost = self.task.critical.iter().filter(|&&v| self.mass[v as usize] == 0.0).count();
            // The same sum of logarithms as Run::prop22_log10, from the same masses.
            log10 = if self.masses_current {
                self.mass_log10.iter().sum::<f64>()
            } else {
                masses.iter().map(|m| m.log10()).sum::<f64>()
            };
        }
        let params = self.run.params();
        to_js(&Progress {
            generation: measures.generation,
            games: measures.games,
            mu: params.mu(),
            gamma: params.gamma(),
            engine: self.run.engine().as_str(),
            games_in_progress: self.run.games_in_progress().map(|(done, _)| done),
            winners_optimal: measures.winners_optimal,
            found_after_games: measures.found_after_games,
            found_at_generation: self.run.found().map(|f| f.generation),
            critical: measures.critical,
            critical_learned: measures.critical_learned,
            critical_lost: lost,
            critical_mass_mean: measures.critical_mass_mean,
            critical_mass_min: measures.critical_mass_min,
            prop22_probability: measures.prop22_probability,
            prop22_log10: Some(log10).filter(|x| x.is_finite()),
            expected_prop22: self.expected.as_ref().map(Run::prop22_probability),
            expected_prop22_log10: self.expected.as_ref().map(Run::prop22_log10).filter(|x| x.is_finite()),
            model_hash: hash.then(|| format!("{:016x}", self.run.model_hash())),
        })
    }

    /// What `Run::measures_of` makes of the kept masses, their count at 0 and the sum of their
    /// logarithms, in one pass instead of six (a generation reported on a large graph paid more
    /// for these passes than for recomputing the masses). Each figure is accumulated in the same
    /// order and from the same first term as there (a sum's or product's fold from −0.0 or 1.0
    /// gives back its first term exactly), so the bits are the same. None without critical
    /// positions (then the empty folds are left to `measures_of`).
    fn kept_summary(&self) -> Option<Kept> {
        let (&first, rest) = self.masses.split_first()?;
        let logs = &self.mass_log10[1..];
        let mut kept = Kept {
            learned: usize::from(first > 0.5),
            sum: first,
            // f64::min's answer, as `reduce(f64::min)` folds it, without its call in wasm.
            min: first,
            product: first,
            lost: usize::from(first as f32 == 0.0),
            log10: self.mass_log10[0],
        };
        for (&m, &log) in rest.iter().zip(logs) {
            kept.learned += usize::from(m > 0.5);
            kept.sum += m;
            if m < kept.min || kept.min.is_nan() {
                kept.min = m;
            }
            kept.product *= m;
            kept.lost += usize::from(m as f32 == 0.0);
            kept.log10 += log;
        }
        Some(kept)
    }

    /// Games played so far in the generation under way, or -1 between generations (cheap, for
    /// a progress line during long generations).
    pub fn games_in_progress(&self) -> f64 {
        self.run.games_in_progress().map_or(-1.0, |(done, _)| f64::from(done))
    }

    /// μ of the generation under way (a new μ applies from the next one), or the current μ.
    pub fn mu_in_progress(&self) -> u32 {
        self.run.games_in_progress().map_or(self.run.params().mu(), |(_, mu)| mu)
    }

    /// μ of the current parameters.
    pub fn mu(&self) -> u32 {
        self.run.params().mu()
    }
    /// γ of the current parameters.
    pub fn gamma(&self) -> f64 {
        self.run.params().gamma()
    }
    /// The seed as decimal text (a u64 does not fit a JS number).
    pub fn seed(&self) -> String {
        self.run.seed().to_string()
    }
    /// The engine's name: `fast`, `naive` or `expected`.
    pub fn engine(&self) -> String {
        self.run.engine().as_str().to_string()
    }
    /// Generations completed.
    pub fn generation(&self) -> f64 {
        self.run.generation() as f64
    }
}

impl Session {
    fn apply(&mut self, params: Params) {
        self.run.set_params(params);
        if let Some(twin) = &mut self.expected {
            twin.set_params(params);
        }
    }

    fn after_reset(&mut self) {
        if let Some(twin) = &mut self.expected {
            twin.reseed(self.run.seed());
            twin.set_params(self.run.params());
        }
        self.refresh_masses();
    }

    /// Recomputes p(v, optimal moves) at the critical positions where p changed (all of them
    /// after the page wrote a model): late in a fast run, few positions change a generation.
    pub(super) fn refresh_masses(&mut self) {
        let mut changed = std::mem::take(&mut self.changed);
        changed.clear();
        self.run.take_changed(|v| changed.push(v as u32));
        if !self.masses_current {
            self.masses = self.critical_masses();
            self.mass_log10 = self.masses.iter().map(|m| m.log10()).collect();
            for (&v, &m) in self.task.critical.iter().zip(&self.masses) {
                self.mass[v as usize] = m as f32;
            }
            self.masses_current = true;
        } else {
            let p = self.run.model();
            for &v in &changed {
                let i = self.critical_index[v as usize] as usize;
                if i != u32::MAX as usize {
                    let (from, to) = (self.optimal_starts[i] as usize, self.optimal_starts[i + 1] as usize);
                    let m: f64 = self.optimal_edges[from..to].iter().map(|&e| p[e as usize]).sum();
                    // A pass often leaves a position's optimal mass as it was (a multiple of
                    // 1/μ, projected): then its logarithm (a libm call, slow in wasm) is kept.
                    if m.to_bits() == self.masses[i].to_bits() {
                        continue;
                    }
                    self.masses[i] = m;
                    self.mass_log10[i] = m.log10();
                    self.mass[v as usize] = m as f32;
                }
            }
        }
        self.changed = changed;
    }

    fn critical_masses(&self) -> Vec<f64> {
        self.task.critical.iter().map(|&v| self.run.optimal_mass(v as usize)).collect()
    }
}
