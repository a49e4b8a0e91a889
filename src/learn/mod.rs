//! Learning an optimal strategy by self-play: UMDA with binary tournament selection
//! (seed 000 §3, Algorithm 1), its exact expected dynamics (Lemma 3.1) and runtime experiments.
//!
//! - [`task`] — a game prepared for learning (roles, optimal moves, W_G).
//! - [`params`] — μ, γ, engine, seed and budget, validated from text.
//! - [`projection`] — π_γ.
//! - [`sample`] — portable binomial and multinomial draws.
//! - [`dynamics`] — R(u), W(u) and E[q] of Lemma 3.1.
//! - [`umda`] — the run itself (fast, naive and expected engines).
//! - [`runtime`] — many seeded runs per size, summarised.
//! - [`bootstrap`] — percentile-bootstrap intervals for the runtime summary.

pub mod bootstrap;
pub mod dynamics;
pub mod params;
pub mod projection;
pub mod runtime;
pub mod sample;
pub mod task;
pub mod umda;

pub use params::{Engine, Params};
pub use task::Task;
pub use umda::{Found, Measures, Run};
