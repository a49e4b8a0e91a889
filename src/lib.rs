//! impartial: impartial combinatorial games as game graphs, their Sprague–Grundy analysis, and
//! (in later modules) UMDA learning an optimal strategy by self-play (Benford & Lehre, GECCO 2025,
//! "seed 000" in the docs).
//!
//! Data flows one way: a spec string ([`spec`]) → a validated [`spec::GameSpec`] → a
//! [`graph::GameGraph`] built by [`games::build`] → [`analysis::Analysis`] and the
//! [`report::Report`] that the CLI and the wasm facade print. The core knows nothing of the DOM
//! or of the CLI.

pub mod analysis;
pub mod error;
pub mod games;
pub mod graph;
pub mod layout;
pub mod learn;
pub mod report;
pub mod spec;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use analysis::{Analysis, Outcome};
pub use error::SpecError;
pub use games::{build, Limits};
pub use graph::GameGraph;
pub use spec::{GameSpec, Play};
