//! Learning an optimal strategy: UMDA with binary tournament selection
//! (Benford & Lehre §3, Algorithm 1), its exact expected dynamics (Lemma 3.1) and runtime experiments.
//!
//! - [`task`] — a game prepared for learning (roles, optimal moves, W_G).
//! - [`params`] — μ, γ, engine, seed and budget, validated from text.
//! - [`projection`] — π_γ.
//! - [`sample`] — portable binomial and multinomial draws.
//! - [`fast`] — the fast engine's pooled draws, update and skipping, chunk by chunk.
//! - [`dynamics`] — R(u), W(u) and E\[q\] of Lemma 3.1.
//! - [`umda`] — the run itself (fast, naive and expected engines).
//! - [`learner`] — the learner interface and registry: [`umda`], [`pbil`] (Baluja 1994) and
//!   [`cga`] (Harik, Lobo & Goldberg 1999) on the same task.
//! - [`runtime`] — many seeded runs per size, summarised.
//! - [`experiment`] — the page's R runs of one game, seeded as `runtime` seeds them.
//! - [`bootstrap`] — percentile-bootstrap intervals for the runtime summary.
//! - [`rules_game`], [`rules`], [`rules_bounds`] — Böhme's learning rules LNWT, LNWP, LLT, LLP,
//!   rLNWT and rLLT (Böhme §4–5), on games with or without cycles, and their bounds.

pub mod bootstrap;
pub mod cga;
pub mod dynamics;
pub mod experiment;
pub mod fast;
pub mod learner;
pub mod params;
pub mod pbil;
pub mod play;
pub mod projection;
pub mod registry;
pub mod rules;
pub mod rules_bounds;
pub mod rules_game;
pub mod runtime;
pub mod sample;
pub mod task;
pub mod umda;

pub use params::{Engine, Params};
pub use task::Task;
pub use umda::{Found, Measures, Run};
