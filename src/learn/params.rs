//! UMDA's parameters, validated at the edge: μ, γ, the engine, the seed and the game budget.
//!
//! Every parser takes the user's text and returns a typed value or one sentence saying what is
//! wrong and what is allowed (a [`InputError::BadValue`]); nothing here panics.

use super::task::Task;
use crate::error::InputError;
use crate::numbers::{bad_value, parse_number};

/// The largest population: a generation is μ games, and 10^8 of them take seconds.
pub const MAX_MU: u32 = 100_000_000;
/// The largest game budget (`--max-evals`).
pub const MAX_GAMES: u64 = 1_000_000_000_000_000;

/// How a generation is computed. All three follow Algorithm 1's distribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Lazy sampling: only the moves a game or the optimality check reads are drawn one by one;
    /// the rest of each winner's strategy is pooled into one multinomial per position.
    Fast,
    /// The reference: two whole strategies per tournament, the winner copied in full.
    Naive,
    /// The infinite-population limit: p ← π_γ(E\[q\]) by Lemma 3.1, no sampling.
    Expected,
}

impl Engine {
    /// The name used by `--engine` and in rows: `fast`, `naive` or `expected`.
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Fast => "fast",
            Engine::Naive => "naive",
            Engine::Expected => "expected",
        }
    }

    /// The engine named `text` (surrounding spaces ignored); an error naming the three otherwise.
    pub fn parse(text: &str) -> Result<Engine, InputError> {
        match text.trim() {
            "fast" => Ok(Engine::Fast),
            "naive" => Ok(Engine::Naive),
            "expected" => Ok(Engine::Expected),
            _ => Err(bad_value("engine", text, "fast, naive or expected")),
        }
    }
}

/// μ and γ of Algorithm 1, checked against the game by [`Params::new`] (the only way to make
/// one, so a run never sees μ = 0 or a γ for which π_γ is undefined).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Population: tournaments (games) per generation, 1 ≤ μ ≤ MAX_MU.
    mu: u32,
    /// Margin: every move keeps probability ≥ γ; 0 ≤ γ < 1/Δ.
    gamma: f64,
}

impl Params {
    /// μ and γ for `task`: 1 ≤ μ ≤ MAX_MU and 0 ≤ γ < 1/Δ (γ finite).
    pub fn new(task: &Task, mu: u32, gamma: f64) -> Result<Params, InputError> {
        if !(1..=MAX_MU).contains(&mu) {
            return Err(bad_value("mu", &mu.to_string(), MU_ALLOWED));
        }
        Ok(Params { mu, gamma: check_gamma(task, gamma)? })
    }
    /// μ: tournaments (games) per generation, 1 ≤ μ ≤ MAX_MU.
    pub fn mu(self) -> u32 {
        self.mu
    }
    /// γ: the margin, every move keeps probability ≥ γ; 0 ≤ γ < 1/Δ.
    pub fn gamma(self) -> f64 {
        self.gamma
    }
}

const MU_ALLOWED: &str = "a whole number of games per generation from 1 to 100,000,000";

/// μ from text.
pub fn parse_mu(text: &str) -> Result<u32, InputError> {
    // MAX_MU fits u32, so the conversion cannot fail once parse_number has checked the range.
    parse_number("mu", text, 1, u64::from(MAX_MU), MU_ALLOWED).map(|m| m as u32)
}

/// γ from text: a decimal number in [0, 1/Δ), or `paper` for Theorem 5.2's 1/(20Δn).
pub fn parse_gamma(task: &Task, text: &str) -> Result<f64, InputError> {
    if text.trim() == "paper" {
        return Ok(paper_gamma(task));
    }
    let value: f64 = text.trim().parse().map_err(|_| gamma_error(task, text))?;
    check_gamma(task, value).map_err(|_| gamma_error(task, text))
}

/// γ must be finite, at least 0 and below 1/Δ, so that π_γ is defined at every position (§3).
pub fn check_gamma(task: &Task, gamma: f64) -> Result<f64, InputError> {
    let delta = task.max_degree.max(1) as f64;
    if gamma.is_finite() && gamma >= 0.0 && gamma < 1.0 / delta {
        Ok(gamma)
    } else {
        Err(gamma_error(task, &gamma.to_string()))
    }
}

fn gamma_error(task: &Task, text: &str) -> InputError {
    let delta = task.max_degree.max(1);
    bad_value(
        "gamma",
        text,
        &format!(
            "a number from 0 up to, not including, 1/Δ = {} for this game (Δ = {delta}), or 'paper'",
            1.0 / delta as f64
        ),
    )
}

/// Theorem 5.2's margin γ = 1/(20Δn) on the learning graph.
pub fn paper_gamma(task: &Task) -> f64 {
    1.0 / (20.0 * task.max_degree.max(1) as f64 * task.n as f64)
}

/// Theorem 5.2's population μ = C(K + s + 1)(20Δn)^{1+2s} log n with s = max_{v∈W_G} s(v)
/// (its exact value on small graphs, else the Prop 4.4 / Prop 6.1 upper bound), for the given
/// scale C of the unknown constant and confidence K. Refused under misère play (the theorem is
/// for normal play) and when it exceeds MAX_MU.
pub fn paper_mu(task: &Task, c: f64, k: f64) -> Result<u32, InputError> {
    if !(c.is_finite() && c > 0.0) {
        return Err(bad_value(
            "paper-c",
            &c.to_string(),
            "a positive number (the scale of Theorem 5.2's constant C)",
        ));
    }
    if !(k.is_finite() && k > 0.0) {
        return Err(bad_value("paper-k", &k.to_string(), "a positive number (Theorem 5.2's K)"));
    }
    let bounds = task.runtime_bounds(k).ok_or_else(|| {
        bad_value("mu", "paper", "a whole number under misère play (Theorem 5.2 is for normal play)")
    })?;
    let log10 = bounds.theorem_mu_over_c.log10.unwrap_or(0.0) + c.log10();
    let mu = 10f64.powf(log10).ceil();
    if mu.is_finite() && mu <= f64::from(MAX_MU) {
        Ok(mu.max(1.0) as u32)
    } else {
        Err(bad_value(
            "mu",
            "paper",
            &format!(
                "Theorem 5.2's μ is about 10^{log10:.1} here with C = {}, above the limit of 100,000,000; \
                 scale it down with --paper-c or give μ as a number",
                short_number(c)
            ),
        ))
    }
}

/// A number as people write it: plain when moderate, else in e-notation (1e300, not 300 digits).
fn short_number(x: f64) -> String {
    if x == 0.0 || (1e-4..1e7).contains(&x.abs()) {
        x.to_string()
    } else {
        format!("{x:e}")
    }
}

/// The seed: any whole number from 0 to 2^64 − 1.
pub fn parse_seed(text: &str) -> Result<u64, InputError> {
    parse_number("seed", text, 0, u64::MAX, "a whole number from 0 to 18446744073709551615")
}

/// The game budget (`max-evals`): 1 to 10^15 games.
pub fn parse_budget(text: &str) -> Result<u64, InputError> {
    parse_number("max-evals", text, 1, MAX_GAMES, "a whole number of games from 1 to 10^15")
}

/// The expected engine has no winners; it counts as found when μ·Π_{v∈W_G} p(v, optimal) ≥ 1.
/// π_γ keeps every other move at γ or more, so Π can reach at most
/// Π_{v∈W_G} (1 − γ·(non-optimal moves of v)). Refuses μ and γ for which "found" is out of
/// reach (the run could only spend its whole budget).
pub fn check_expected_reachable(task: &Task, params: Params) -> Result<(), InputError> {
    let best: f64 = task
        .critical
        .iter()
        .map(|&v| {
            let others = task.edges(v as usize).filter(|&e| !task.optimal_edge[e]).count();
            1.0 - params.gamma * others as f64
        })
        .product();
    if f64::from(params.mu) * best >= 1.0 {
        return Ok(());
    }
    let need = (1.0 / best).ceil();
    Err(bad_value(
        "mu",
        &params.mu.to_string(),
        &format!(
            "the expected engine counts as found when μ·Π ≥ 1 (Π: the probability that a sample meets \
             Prop 2.2's condition), and with γ = {} here Π is at most {best:.4}, so μ must be at least {need}",
            params.gamma
        ),
    ))
}
