//! One analysed game: the spec, its graph, the analysis and what Benford & Lehre derives from them
//! (the learner's role, n and Δ of the learning graph, the bounds). The report, the learner's
//! task and the page's session are all built from it, so each is computed in one place.

use super::bounds::{learning_bounds, switchability_bounds, RuntimeBounds};
use super::opt::Role;
use super::{grundy, switchability, Analysis, Outcome};
use crate::budget::Limits;
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::games::{self, PositionView};
use crate::spec::{GameSpec, Play};

/// A game, built and analysed.
///
/// Benford & Lehre assumes the first player can win. When the root v0 is a P-position the paper adds a
/// fictitious start v* with the single move v* → v0 (§2) and learns G*. We do not build G*:
/// v*'s distribution is the constant 1 on its only move, so a strategy of G* is a strategy of G
/// plus that forced move, and the learner's first real decision comes after the opponent has
/// moved from v0 (`Role::Second`). The learning graph's n and Δ are those of G*.
#[derive(Debug, Clone)]
pub struct AnalysedGame {
    /// The game as parsed; later questions about it need no re-parsing, which would also fail
    /// where the canonical text outgrows the spec limit.
    pub game: GameSpec,
    /// The game's canonical spec text, for reports.
    pub spec: String,
    /// The game graph G, built from `game`.
    pub graph: GameGraph,
    /// Normal or misère play.
    pub play: Play,
    /// Outcomes, Grundy values and W_G of every position of G.
    pub analysis: Analysis,
    /// Role::First when v0 is an N-position, Role::Second (learning G*) when it is a P-position.
    pub role: Role,
    /// n of the learning graph (G, or G* with one more position).
    pub n: usize,
    /// Δ of the learning graph (G* has Δ ≥ 1).
    pub max_degree: usize,
}

impl AnalysedGame {
    /// Analyses `graph`, built from `game`.
    pub fn new(game: GameSpec, graph: GameGraph) -> AnalysedGame {
        let play = game.play;
        let spec = game.to_string();
        let analysis = Analysis::new(&graph, play);
        let fictitious_start = analysis.outcome[graph.root()] == Outcome::P;
        let role = if fictitious_start { Role::Second } else { Role::First };
        let (n, max_degree) = if fictitious_start {
            (graph.len() + 1, graph.max_degree().max(1))
        } else {
            (graph.len(), graph.max_degree())
        };
        AnalysedGame { game, spec, graph, play, analysis, role, n, max_degree }
    }

    /// Parses, builds (within `limits`) and analyses a game spec.
    pub fn from_spec(text: &str, limits: &Limits) -> Result<AnalysedGame, InputError> {
        let game = GameSpec::parse(text)?;
        let graph = games::build(&game, limits)?;
        Ok(AnalysedGame::new(game, graph))
    }

    /// Whether the root is a P-position, so that the learner plays G* (Benford & Lehre §2).
    pub fn fictitious_start(&self) -> bool {
        self.role == Role::Second
    }

    /// Upper bounds on s(v) for every position and the result they come from.
    pub fn switchability_bounds(&self) -> (Vec<u32>, &'static str) {
        switchability_bounds(&self.game.family, &self.graph)
    }

    /// Theorem 5.2's and Corollary 5.3's settings and bounds with confidence K (None under
    /// misère play), with s(v) exact on small graphs and bounded otherwise.
    pub fn runtime_bounds(&self, k: f64) -> Option<RuntimeBounds> {
        let (bounds_s, _) = self.switchability_bounds();
        let exact = switchability::exact(&self.graph);
        learning_bounds(self.play, &self.graph, &self.analysis, &bounds_s, exact.as_deref(), k)
    }

    /// Position `v`'s Grundy value worked out, e.g. `mex{0, 2} = 1`; None under misère play.
    pub fn mex_text(&self, v: usize) -> Option<String> {
        self.analysis.grundy.as_ref().map(|h| grundy::mex_text(&self.graph, h, v))
    }

    /// Position `v` as a board draws it.
    pub fn view(&self, v: usize) -> PositionView {
        self.game.family.view(&self.graph, v)
    }
}
