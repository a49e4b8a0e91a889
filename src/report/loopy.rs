//! The analysis summary of a game with cycles (`game=graph`): P/N/D outcomes by retrograde
//! analysis and the generalised Sprague–Grundy values ([`crate::analysis::loopy`]). Benford & Lehre's
//! parts (Grundy values, W_G, Opt(G), switchability, the runtime bounds) need an acyclic game
//! and are left out. The JSON field names are a public interface, documented in README.

use serde::Serialize;

use crate::analysis::loopy::{LoopyAnalysis, LoopyOutcome};
use crate::error::InputError;
use crate::learn::rules_game::RulesGame;

/// One position of a loopy game.
#[derive(Debug, Clone, Serialize)]
pub struct LoopyNode {
    /// The position's label.
    pub label: String,
    /// `"P"`, `"N"` or `"D"`.
    pub outcome: &'static str,
    /// γ as text: `2`, or `∞(0,1)` (∞ with the finite values among the followers); null under
    /// misère play.
    pub gsg: Option<String>,
    /// The least i with the position in Böhme's A^i for the player who wins it; null at a draw.
    pub rank: Option<u32>,
    /// Labels of the positions it moves to.
    pub moves: Vec<String>,
    /// Moves to P-positions (winning moves), then, where there is none, moves to D-positions
    /// (the moves that keep a draw).
    pub good_moves: Vec<String>,
}

/// The summary of a loopy game.
#[derive(Debug, Clone, Serialize)]
pub struct LoopyReport {
    /// The canonical spec.
    pub game: String,
    /// `"normal"` or `"misere"`.
    pub play: &'static str,
    /// n: the number of positions.
    pub positions: usize,
    /// |E(G)|: the number of moves.
    pub edges: usize,
    /// Δ: the most moves from one position.
    pub max_degree: usize,
    /// Whether the graph has a cycle (false for an acyclic `graph` game).
    pub cyclic: bool,
    /// The root's label.
    pub root: String,
    /// The root's outcome: `"P"`, `"N"` or `"D"`.
    pub root_outcome: &'static str,
    /// The root's γ as text (see [`LoopyNode::gsg`]); null under misère play.
    pub root_gsg: Option<String>,
    /// How many positions are P, N and D.
    pub counts: Counts,
    /// With `--positions`: every position, in id order; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<Vec<LoopyNode>>,
    /// With `--from LABEL`: that position; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<LoopyNode>,
}

/// Positions by outcome, serialised as `{"P", "N", "D"}`.
#[derive(Debug, Clone, Copy, Serialize)]
#[allow(non_snake_case)]
pub struct Counts {
    /// P-positions: the player to move loses.
    pub P: usize,
    /// N-positions: the player to move wins.
    pub N: usize,
    /// D-positions: a draw, neither player can force a win.
    pub D: usize,
}

impl LoopyReport {
    /// The summary; with `positions` every position, with `from` the one so labelled.
    pub fn of(game: &RulesGame, positions: bool, from: Option<&str>) -> Result<LoopyReport, InputError> {
        let graph = &game.graph;
        // The learner's analysis has no γ; the report computes the whole analysis.
        let analysis = LoopyAnalysis::new(graph, game.play);
        let analysed = &Analysed { game, analysis };
        let from = match from {
            Some(label) => Some(node(analysed, graph.find(label).ok_or_else(|| unknown_position(label))?)),
            None => None,
        };
        let analysis = &analysed.analysis;
        let [p, n, d] = analysis.counts();
        let root = graph.root();
        Ok(LoopyReport {
            game: game.spec.clone(),
            play: game.play.as_str(),
            positions: graph.len(),
            edges: graph.edge_count(),
            max_degree: graph.max_degree(),
            cyclic: graph.is_cyclic(),
            root: graph.label(root),
            root_outcome: analysis.outcome[root].as_str(),
            root_gsg: analysis.gsg.as_ref().map(|g| g[root].text()),
            counts: Counts { P: p, N: n, D: d },
            // A graph game has at most 100,000 moves of names of at most 32 characters: its
            // listing stays far below the output budget.
            nodes: positions.then(|| (0..graph.len()).map(|v| node(analysed, v)).collect()),
            from,
        })
    }

    /// The plain-text summary `impartial analyse` prints.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "game        {}\nsize        {} positions, {} moves, max degree Δ = {}{}\n",
            self.game,
            self.positions,
            self.edges,
            self.max_degree,
            if self.cyclic { ", with cycles" } else { "" }
        );
        let outcome = match self.root_outcome {
            "P" => "P-position (the second player wins)",
            "N" => "N-position (the first player wins)",
            _ => "D-position (a draw: neither player can force a win)",
        };
        let gsg =
            self.root_gsg.as_ref().map(|g| format!("generalised Grundy value γ = {g}, ")).unwrap_or_default();
        text += &format!("root        {}: {gsg}{outcome}\n", self.root);
        text += &format!(
            "outcomes    {} P, {} N, {} D (retrograde analysis)\n",
            self.counts.P, self.counts.N, self.counts.D
        );
        for n in self.from.iter().chain(self.nodes.iter().flatten()) {
            text += &format!(
                "{}: {}{}, moves {}; good moves {}\n",
                n.label,
                n.outcome,
                n.gsg.as_ref().map(|g| format!(", γ = {g}")).unwrap_or_default(),
                n.moves.join(" "),
                if n.good_moves.is_empty() { "none".to_string() } else { n.good_moves.join(" ") }
            );
        }
        text
    }
}

/// A game with its whole analysis (γ included).
struct Analysed<'a> {
    game: &'a RulesGame,
    analysis: LoopyAnalysis,
}

fn node(analysed: &Analysed, v: usize) -> LoopyNode {
    let Analysed { game, analysis } = analysed;
    let graph = &game.graph;
    let outcome = &analysis.outcome;
    let to = |o: LoopyOutcome| -> Vec<String> {
        graph
            .moves(v)
            .iter()
            .filter(|&&w| outcome[w as usize] == o)
            .map(|&w| graph.label(w as usize))
            .collect()
    };
    let mut good_moves = to(LoopyOutcome::P);
    if good_moves.is_empty() {
        good_moves = to(LoopyOutcome::D);
    }
    let rank = analysis.rank[v];
    LoopyNode {
        label: graph.label(v),
        outcome: outcome[v].as_str(),
        gsg: analysis.gsg.as_ref().map(|g| g[v].text()),
        rank: (rank != u32::MAX).then_some(rank),
        moves: graph.moves(v).iter().map(|&w| graph.label(w as usize)).collect(),
        good_moves,
    }
}

fn unknown_position(label: &str) -> InputError {
    crate::numbers::bad_value("position", label, "the label of a position of this game")
}
