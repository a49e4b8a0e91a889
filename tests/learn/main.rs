//! The learners through the library: UMDA, Böhme's rules, duels and experiments.
//! One test crate per area, so the tests link a few times rather than once per file.

#[path = "../common/mod.rs"]
mod common;

mod duel;
mod exercises;
mod experiment;
mod fast;
mod learn;
mod learners;
mod rules;
mod survival;
