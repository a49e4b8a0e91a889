//! The flags `impartial umda` and `impartial runtime` share, and their writers to stdout.

use std::io::Write;

use clap::Args;
use impartial::learn::learner::{parse_k, parse_rho, Knobs};
use impartial::learn::params::{parse_budget, parse_mu, parse_seed, Engine};
use impartial::learn::runtime::{Learner, MuSetting};

use impartial::error::quoted;
use impartial::InputError;

/// The parameters `umda` and `runtime` share. Values stay text here: the core's parsers turn
/// bad ones into one sentence naming what is allowed.
#[derive(Args)]
pub struct LearnFlags {
    /// Population μ: games per generation (1 to 100,000,000), or 'paper' for Theorem 5.2's
    /// μ = C(K+s+1)(20Δn)^{1+2s} ln n with C = --paper-c. For `runtime`, a comma-separated
    /// list makes a grid axis.
    #[arg(long, default_value = "100", allow_hyphen_values = true)]
    pub mu: String,
    /// Margin γ in [0, 1/Δ), or 'paper' for Theorem 5.2's 1/(20Δn). For `runtime`, a
    /// comma-separated list makes a grid axis.
    #[arg(long, default_value = "paper", allow_hyphen_values = true)]
    pub gamma: String,
    /// Seed of the random stream (0 to 2^64 − 1); the same seed replays the same run.
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub seed: String,
    /// fast (lazy sampling), naive (whole strategies) or expected (Lemma 3.1, no sampling).
    #[arg(long, default_value = "fast", allow_hyphen_values = true)]
    pub engine: String,
    /// Game budget per run: stop before a generation would take the games played past this.
    #[arg(long, value_name = "GAMES", default_value = "10000000", allow_hyphen_values = true)]
    pub max_evals: String,
    /// With --mu paper: the scale C of Theorem 5.2's unknown constant [default: 1].
    #[arg(long, value_name = "C", allow_hyphen_values = true)]
    pub paper_c: Option<String>,
    /// With --mu paper: Theorem 5.2's confidence K (failure probability n^-K) [default: 1].
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub paper_k: Option<String>,
    /// PBIL's learning rate ρ in (0, 1]: p ← π_γ((1 − ρ)p + ρq), q the winners' frequencies
    /// (ρ = 1 is UMDA) [default: 0.5].
    #[arg(long, value_name = "RHO", allow_hyphen_values = true)]
    pub rho: Option<String>,
    /// The compact GA's K (2 to 10^9): each game moves 1/K of probability to the winner's move
    /// wherever the two strategies differ [default: 100].
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub cga_k: Option<String>,
}

impl LearnFlags {
    /// PBIL's ρ and the compact GA's K, each refused unless its learner is among `learners`
    /// (a flag that would change nothing is a mistake worth a sentence).
    pub(crate) fn knobs(&self, learners: &[Learner]) -> Result<Knobs, InputError> {
        let has = |name: &str| learners.iter().any(|l| l.label() == name);
        let mut knobs = Knobs::default();
        if let Some(text) = &self.rho {
            if !has("pbil") {
                return Err(
                    "--rho sets PBIL's learning rate; add pbil to --learner or leave --rho out.".into()
                );
            }
            knobs.rho = parse_rho(text)?;
        }
        if let Some(text) = &self.cga_k {
            if !has("cga") {
                return Err(
                    "--cga-k sets the compact GA's K; add cga to --learner or leave --cga-k out.".into()
                );
            }
            knobs.k = parse_k(text)?;
        }
        Ok(knobs)
    }
}

/// The flags common to both commands, parsed (the game is needed to check γ, so not γ).
pub(crate) struct Common {
    pub engine: Engine,
    pub seed: u64,
    pub max_games: u64,
    pub mu: MuSetting,
}

impl LearnFlags {
    pub(crate) fn parse(&self) -> Result<Common, InputError> {
        Ok(Common {
            engine: Engine::parse(&self.engine).map_err(|e| e.to_string())?,
            seed: parse_seed(&self.seed).map_err(|e| e.to_string())?,
            max_games: parse_budget(&self.max_evals).map_err(|e| e.to_string())?,
            mu: mu_setting(&self.mu, self.paper_c.as_deref(), self.paper_k.as_deref())?,
        })
    }
}

fn positive(key: &str, text: &str, what: &str) -> Result<f64, InputError> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("{} is not a valid value for {key}: {what}.", quoted(text)).into()),
    }
}

pub(crate) fn mu_setting(
    mu: &str,
    paper_c: Option<&str>,
    paper_k: Option<&str>,
) -> Result<MuSetting, InputError> {
    if mu.trim() == "paper" {
        let c = positive(
            "paper-c",
            paper_c.unwrap_or("1"),
            "a positive number (the scale of Theorem 5.2's constant C)",
        )?;
        let k = positive("paper-k", paper_k.unwrap_or("1"), "a positive number (Theorem 5.2's K)")?;
        Ok(MuSetting::Paper { c, k })
    } else if paper_c.is_some() || paper_k.is_some() {
        Err("--paper-c and --paper-k only apply with --mu paper.".to_string().into())
    } else {
        parse_mu(mu).map(MuSetting::Fixed).map_err(|e| e.to_string().into())
    }
}

/// Writes to stdout; an error is recorded and decides the exit code (see `output`).
pub(crate) fn out(text: &str) {
    crate::output::print(text);
}

/// Writes to a buffered stdout; an error is recorded and decides the exit code (see `output`).
pub(crate) fn write_out(write: impl FnOnce(&mut crate::output::Stdout) -> std::io::Result<()>) {
    let mut w = crate::output::stdout();
    let _ = write(&mut w).and_then(|()| w.flush());
}

/// "1 game", "3 games".
pub(crate) fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
