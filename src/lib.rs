//! impartial: impartial combinatorial games as game graphs, their Sprague–Grundy analysis, and
//! learners that find an optimal strategy by play alone: UMDA with binary tournaments (Benford &
//! Lehre, GECCO 2025, "Benford & Lehre" in the docs) and Böhme's simple rules.
//!
//! Data flows one way: a spec string ([`spec`]) → a validated [`spec::GameSpec`] → a
//! [`game_graph::GameGraph`] built by [`games::build`] → [`analysis::Analysis`] and the
//! [`report::Report`] that the CLI and the wasm facade print. The core knows nothing of the DOM
//! or of the CLI.

// Layers, each using only those above it in this list (tests/core/layers.rs checks there is no
// cycle): sizes, combinatorics and the CSR adjacency; errors and number parsing; the budget; the generic graph and
// its label codecs; the loopy graphs; sizing (counting and walking games within the budget); the families; the words of
// their boards; the spec grammar; analysis; layout; learning; the report; the wasm facade.
#![warn(missing_docs)]
pub mod analysis;
pub mod board_words;
pub mod budget;
pub mod codec;
pub mod combinatorics;
pub mod csr;
pub mod error;
pub mod game_graph;
pub mod games;
pub mod layout;
pub mod learn;
pub mod loopy;
pub mod numbers;
pub mod report;
pub mod size;
pub mod sizing;
pub mod sort_key;
pub mod spec;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use analysis::game::AnalysedGame;
pub use analysis::{Analysis, Outcome};
pub use error::InputError;
pub use game_graph::GameGraph;
pub use games::{build, Limits};
pub use spec::{GameSpec, Play};
