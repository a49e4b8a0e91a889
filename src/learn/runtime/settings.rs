//! Who learns in a sweep and the μ and γ of its cells, as the user wrote them.

use crate::error::InputError;
use crate::learn::learner::Algorithm;
use crate::learn::registry::algorithm;
use crate::learn::rules::{Opponent, Rule};
use crate::numbers::bad_value;

/// Who learns in a sweep. T is the games played until the learner holds a strategy in Opt(G)
/// (Benford & Lehre §2, Def 5.1): for a model learner ([`crate::learn::learner`]: UMDA, PBIL,
/// the compact GA), until a game's winner is one (UMDA and PBIL count μ games a generation, the
/// compact GA one a step); for a rule of Böhme (§4–5), the plays against its opponent until the
/// learner's strategy is in Opt(G), one game a play (`impartial learn`'s `optimal_after`).
/// Where the root is a P-position all learn Benford & Lehre's G* (§2): the learner moves second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Learner {
    /// A model learner of the registry ([`crate::learn::registry::ALGORITHMS`]), with the cell's μ and γ.
    Model(&'static Algorithm),
    /// One of Böhme's rules (§4–5) against an opponent.
    Rule(Rule, Opponent),
}

impl Learner {
    /// UMDA (Benford & Lehre Algorithm 1).
    pub const UMDA: Learner = Learner::Model(&crate::learn::learner::UMDA);

    /// A model learner's name (`umda`, `pbil`, `cga`), or a rule and its opponent as
    /// `rule:opponent` (e.g. `lnwp:random`).
    pub fn parse(text: &str) -> Result<Learner, InputError> {
        let allowed = format!(
            "{}, or one of Böhme's rules (lnwt, lnwp, llt, llp, rlnwt, rllt) with its \
             opponent (first, perfect, random, same) as rule:opponent, e.g. lnwp:random",
            crate::learn::registry::names()
        );
        if let Some(algorithm) = algorithm(text) {
            return Ok(Learner::Model(algorithm));
        }
        match text.trim().split_once(':') {
            Some((rule, opponent)) => match (Rule::parse(rule), Opponent::parse(opponent)) {
                (Ok(r), Ok(o)) => Ok(Learner::Rule(r, o)),
                _ => Err(bad_value("learner", text, &allowed)),
            },
            None => Err(bad_value("learner", text, &allowed)),
        }
    }

    /// A comma-separated list of learners (`umda,lnwp:random`), none twice.
    pub fn parse_list(text: &str) -> Result<Vec<Learner>, InputError> {
        let mut learners = Vec::new();
        for item in text.split(',') {
            let learner = Learner::parse(item)?;
            if learners.contains(&learner) {
                return Err(bad_value("learner", text, "a list of learners with none given twice"));
            }
            learners.push(learner);
        }
        Ok(learners)
    }

    /// As [`Learner::parse`] reads it: `umda`, `pbil`, `lnwp:random`.
    pub fn label(&self) -> String {
        match self {
            Learner::Model(a) => a.name.to_string(),
            Learner::Rule(r, o) => format!("{}:{}", r.name(), o.name()),
        }
    }

    /// The model learner, None for a rule.
    pub fn algorithm(&self) -> Option<&'static Algorithm> {
        match self {
            Learner::Model(a) => Some(a),
            Learner::Rule(..) => None,
        }
    }

    /// Whether the learner plays μ games a step (UMDA, PBIL): it has a μ axis.
    pub fn uses_mu(&self) -> bool {
        self.algorithm().is_some_and(|a| a.uses_mu)
    }

    /// Whether `--engine` applies to it (UMDA, PBIL).
    pub fn uses_engine(&self) -> bool {
        self.algorithm().is_some_and(|a| a.uses_engine)
    }
}

/// A rule learner's rows name no μ, γ or engine: their settings are written this way.
pub const NO_SETTING: &str = "-";

pub(super) fn umda_label() -> String {
    "umda".to_string()
}

/// How μ is chosen per size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MuSetting {
    /// A fixed μ at every size.
    Fixed(u32),
    /// Theorem 5.2's μ with the constant C scaled to `c` and confidence `k`.
    Paper {
        /// The scale of Theorem 5.2's unknown constant C (`--paper-c`).
        c: f64,
        /// Theorem 5.2's confidence K (`--paper-k`).
        k: f64,
    },
}

impl MuSetting {
    /// The setting as a grid axis names it: the number, or `paper`.
    pub fn label(&self) -> String {
        match self {
            MuSetting::Fixed(m) => m.to_string(),
            MuSetting::Paper { .. } => "paper".to_string(),
        }
    }
}

/// How γ is chosen per size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GammaSetting {
    /// A fixed γ at every size.
    Fixed(f64),
    /// Theorem 5.2's γ = 1/(20Δn).
    Paper,
}

impl GammaSetting {
    /// `paper` or a finite number (checked against each size's Δ later, in [`SweepSize::params`](super::SweepSize::params)).
    pub fn parse(text: &str) -> Result<GammaSetting, InputError> {
        match text.trim() {
            "paper" => Ok(GammaSetting::Paper),
            t => match t.parse::<f64>() {
                // + 0.0 turns −0 into 0, so "-0" and "0" are one grid value.
                Ok(g) if g.is_finite() => Ok(GammaSetting::Fixed(g + 0.0)),
                _ => Err(bad_value("gamma", text, "a number from 0 up to, not including, 1/Δ, or 'paper'")),
            },
        }
    }

    /// The setting as a grid axis names it: the number (shortest form), or `paper`.
    pub fn label(&self) -> String {
        match self {
            GammaSetting::Fixed(g) => g.to_string(),
            GammaSetting::Paper => "paper".to_string(),
        }
    }
}
