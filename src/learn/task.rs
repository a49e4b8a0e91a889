//! What UMDA needs to know about a game besides its analysis: per edge, whether the move is
//! optimal, and where the critical positions are (Benford & Lehre §2, Def 2.1).

use std::ops::Deref;

use crate::analysis::game::AnalysedGame;
use crate::analysis::opt::{reachable_moves_win, Scratch};
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::games::Limits;
use crate::spec::GameSpec;

/// A game prepared for learning. Shared (behind an `Arc`) by every run on the same game; it
/// reads as the [`AnalysedGame`] it is made from (`task.graph`, `task.role`, `task.n`, …).
#[derive(Debug, Clone)]
pub struct Task {
    /// The game, its graph and its analysis.
    pub analysed: AnalysedGame,
    /// Per edge (aligned with `graph.targets()`): the move leads to a P-position, so it keeps a
    /// won game won (under normal play, h(target) = 0).
    pub optimal_edge: Vec<bool>,
    /// W_G, the critical positions, by ascending id.
    pub critical: Vec<u32>,
}

impl Deref for Task {
    type Target = AnalysedGame;
    fn deref(&self) -> &AnalysedGame {
        &self.analysed
    }
}

impl Task {
    /// Analyses `graph` (built from `game`) and prepares it for learning.
    pub fn new(game: GameSpec, graph: GameGraph) -> Task {
        Task::from_analysed(AnalysedGame::new(game, graph))
    }

    /// Prepares an analysed game for learning.
    pub fn from_analysed(analysed: AnalysedGame) -> Task {
        let outcome = &analysed.analysis.outcome;
        let optimal_edge = analysed
            .graph
            .targets()
            .iter()
            .map(|&w| outcome[w as usize] == crate::analysis::Outcome::P)
            .collect();
        let critical = analysed.analysis.critical_positions().into_iter().map(|v| v as u32).collect();
        Task { analysed, optimal_edge, critical }
    }

    /// Parses, builds (within `limits`) and analyses a game spec.
    pub fn from_spec(text: &str, limits: &Limits) -> Result<Task, InputError> {
        Ok(Task::from_analysed(AnalysedGame::from_spec(text, limits)?))
    }

    /// The indices of position `v`'s moves in the flat per-edge arrays.
    pub fn edges(&self, v: usize) -> std::ops::Range<usize> {
        let offsets = self.graph.offsets();
        offsets[v] as usize..offsets[v + 1] as usize
    }

    /// Whether `model` is a model of this task: one probability per move, non-negative and
    /// summing to 1 within 1e-9 at every position that has moves (the check of every learner's
    /// `with_model`).
    pub(crate) fn is_model(&self, model: &[f64]) -> bool {
        model.len() == self.graph.edge_count()
            && (0..self.graph.len()).all(|v| {
                let values = &model[self.edges(v)];
                values.is_empty()
                    || (values.iter().all(|&x| x >= 0.0 && x.is_finite())
                        && (values.iter().sum::<f64>() - 1.0).abs() <= 1e-9)
            })
    }

    /// Whether the strategy read through `move_of` (an edge index per position) is in Opt of
    /// the learning graph; see [`reachable_moves_win`] (`visited`, `tag` and `stack` are
    /// scratch space kept between calls).
    pub fn strategy_is_optimal(
        &self,
        visited: &mut [u64],
        tag: u64,
        stack: &mut Vec<u32>,
        move_of: impl FnMut(usize) -> usize,
    ) -> bool {
        let scratch = Scratch { visited, tag, stack };
        reachable_moves_win(&self.graph, &self.analysis.outcome, (self.play, self.role), scratch, move_of)
    }
}
