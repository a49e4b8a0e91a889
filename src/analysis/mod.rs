//! Sprague–Grundy analysis of a game graph (Benford & Lehre §2 and App. A, the SG notes).
//!
//! [`Analysis`] holds, per position, the Grundy value h (normal play), the outcome P/N and
//! whether it is critical (W_G, Def 2.1). Misère play has no Grundy values here: outcomes come
//! from the misère recursion (a sink is a win for the player to move), and "critical" keeps the
//! same shape with outcomes in place of h: an N-position with a move to another N-position.

pub mod bounds;
pub mod compact_values;
pub mod game;
pub mod grundy;
pub mod heap_recurrence;
pub mod loopy;
pub mod nim_sum;
pub mod opt;
#[cfg(target_arch = "x86_64")]
mod pair_scan_x86;
pub mod period;
pub mod period_proof;
pub mod sequence;
pub mod sparse_space;
pub mod switchability;
pub mod value;

use serde::Serialize;

use crate::game_graph::GameGraph;
use crate::spec::Play;

/// Who wins with best play from a position: the Next player to move, or the Previous one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl Outcome {
    /// `"P"` or `"N"`, as reports write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
        }
    }
}

/// Per-position results of the analysis, indexed by position id.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Normal or misère play, which decides who wins at a sink.
    pub play: Play,
    /// h(v); None under misère play.
    pub grundy: Option<Vec<u32>>,
    /// P or N per position (under misère play, the misère outcome).
    pub outcome: Vec<Outcome>,
    /// v ∈ W_G (Def 2.1).
    pub critical: Vec<bool>,
}

impl Analysis {
    /// Analyses every position in one or two passes over the edges.
    pub fn new(graph: &GameGraph, play: Play) -> Analysis {
        match play {
            Play::Normal => {
                // W_G = {v ∈ Int(G) : h(v) ≠ 0 and F(v) \ h⁻¹(0) ≠ ∅}, found in the Grundy pass.
                let (h, critical) = grundy::grundy_and_critical(graph);
                let outcome = h.iter().map(|&g| if g == 0 { Outcome::P } else { Outcome::N }).collect();
                Analysis { play, grundy: Some(h), outcome, critical }
            }
            Play::Misere => {
                // The same shape with outcomes: an N-position with a move to an N-position.
                let outcome = misere_outcomes(graph);
                let critical = (0..graph.len())
                    .map(|v| {
                        outcome[v] == Outcome::N
                            && graph.moves(v).iter().any(|&w| outcome[w as usize] == Outcome::N)
                    })
                    .collect();
                Analysis { play, grundy: None, outcome, critical }
            }
        }
    }

    /// |W_G|.
    pub fn critical_count(&self) -> usize {
        self.critical.iter().filter(|&&c| c).count()
    }

    /// The positions W_G, in id order.
    pub fn critical_positions(&self) -> Vec<usize> {
        (0..self.critical.len()).filter(|&v| self.critical[v]).collect()
    }

    /// Optimal moves from v: those to P-positions (Grundy value 0 under normal play).
    /// Empty at a P-position, where every move loses.
    pub fn optimal_moves<'g>(&'g self, graph: &'g GameGraph, v: usize) -> impl Iterator<Item = usize> + 'g {
        graph.moves(v).iter().map(|&w| w as usize).filter(move |&w| self.outcome[w] == Outcome::P)
    }

    /// The winning move from v (the first optimal move), if v is an N-position.
    pub fn winning_move(&self, graph: &GameGraph, v: usize) -> Option<usize> {
        self.optimal_moves(graph, v).next()
    }

    /// A strategy that plays a winning move wherever there is one, and the first move elsewhere:
    /// by Prop 2.2 it is in Opt(G) when the root is an N-position.
    pub fn optimal_strategy(&self, graph: &GameGraph) -> Vec<u32> {
        (0..graph.len())
            .map(|v| {
                self.winning_move(graph, v)
                    .map(|w| w as u32)
                    .or_else(|| graph.moves(v).first().copied())
                    .unwrap_or(v as u32)
            })
            .collect()
    }
}

/// Misère outcomes: a sink is N (the player to move has no move and so, under misère play,
/// wins); otherwise N iff some move reaches a P-position.
fn misere_outcomes(graph: &GameGraph) -> Vec<Outcome> {
    let mut outcome = Vec::with_capacity(graph.len());
    for v in 0..graph.len() {
        let moves = graph.moves(v);
        let wins = moves.is_empty() || moves.iter().any(|&w| outcome[w as usize] == Outcome::P);
        outcome.push(if wins { Outcome::N } else { Outcome::P });
    }
    outcome
}
