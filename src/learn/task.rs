//! What UMDA needs to know about a game besides its graph: who learns which role, which moves
//! are optimal, where the critical positions are (seed 000 §2, Def 2.1).

use crate::analysis::bounds::RuntimeBounds;
use crate::analysis::opt::Role;
use crate::analysis::switchability;
use crate::analysis::{Analysis, Outcome};
use crate::error::SpecError;
use crate::games::{build, Limits};
use crate::graph::GameGraph;
use crate::report::{learning_bounds, switchability_bounds};
use crate::spec::{GameSpec, Play};

/// A game prepared for learning. Shared (behind an `Arc`) by every run on the same game.
///
/// Seed 000 assumes the first player can win. When the root v0 is a P-position the paper adds a
/// fictitious start v* with the single move v* → v0 (§2) and learns G*. We do not build G*:
/// v*'s distribution is the constant 1 on its only move, so a strategy of G* is a strategy of G
/// plus that forced move, and the learner's first real decision comes after the opponent has
/// moved from v0 (`Role::Second`). The learning graph's n and Δ are those of G*.
#[derive(Debug, Clone)]
pub struct Task {
    /// The game as parsed; later questions about it (its bounds) need no re-parsing, which
    /// would also fail where the canonical text outgrows the spec limit.
    pub game: GameSpec,
    /// The game's canonical spec text, for reports.
    pub spec: String,
    pub graph: GameGraph,
    pub play: Play,
    pub analysis: Analysis,
    /// Role::First when v0 is an N-position, Role::Second (learning G*) when it is a P-position.
    pub role: Role,
    /// Per edge (aligned with `graph.targets()`): the move leads to a P-position, so it keeps a
    /// won game won (under normal play, h(target) = 0).
    pub optimal_edge: Vec<bool>,
    /// W_G, the critical positions, by ascending id.
    pub critical: Vec<u32>,
    /// n of the learning graph (G, or G* with one more position).
    pub n: usize,
    /// Δ of the learning graph (G* has Δ ≥ 1).
    pub max_degree: usize,
}

impl Task {
    /// Analyses `graph` (built from `game`) and prepares it for learning.
    pub fn new(game: GameSpec, graph: GameGraph) -> Task {
        let play = game.play;
        let spec = game.to_string();
        let analysis = Analysis::new(&graph, play);
        let fictitious_start = analysis.outcome[graph.root()] == Outcome::P;
        let role = if fictitious_start { Role::Second } else { Role::First };
        let optimal_edge =
            graph.targets().iter().map(|&w| analysis.outcome[w as usize] == Outcome::P).collect();
        let critical = analysis.critical_positions().into_iter().map(|v| v as u32).collect();
        let (n, max_degree) = if fictitious_start {
            (graph.len() + 1, graph.max_degree().max(1))
        } else {
            (graph.len(), graph.max_degree())
        };
        Task { game, spec, graph, play, analysis, role, optimal_edge, critical, n, max_degree }
    }

    /// Parses, builds (within `limits`) and analyses a game spec.
    pub fn from_spec(text: &str, limits: &Limits) -> Result<Task, SpecError> {
        let spec = GameSpec::parse(text)?;
        let graph = build(&spec, limits)?;
        Ok(Task::new(spec, graph))
    }

    /// The indices of position `v`'s moves in the flat per-edge arrays.
    pub fn edges(&self, v: usize) -> std::ops::Range<usize> {
        let offsets = self.graph.offsets();
        offsets[v] as usize..offsets[v + 1] as usize
    }

    /// Theorem 5.2's and Corollary 5.3's settings and bounds for this task with confidence K
    /// (None under misère play), with s(v) exact on small graphs and bounded otherwise.
    pub fn runtime_bounds(&self, k: f64) -> Option<RuntimeBounds> {
        let (bounds_s, _) = switchability_bounds(&self.game, &self.graph);
        let exact = switchability::exact(&self.graph);
        learning_bounds(&self.game, &self.graph, &self.analysis, &bounds_s, exact.as_deref(), k)
    }

    /// Whether the root is a P-position, so that the learner plays G* (seed 000 §2).
    pub fn fictitious_start(&self) -> bool {
        self.role == Role::Second
    }
}
