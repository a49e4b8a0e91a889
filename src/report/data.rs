//! The report's fields: a public interface (the JSON field names are documented in README).

use serde::Serialize;

use crate::analysis::bounds::RuntimeBounds;
use crate::analysis::period::Periodicity;
use crate::analysis::sequence::Period;
use crate::analysis::Outcome;
use crate::spec::Play;

/// Everything `impartial analyse` reports about one game.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The canonical spec.
    pub game: String,
    /// `"normal"` or `"misere"`.
    pub play: Play,
    /// n: the number of positions.
    pub positions: usize,
    /// |E(G)|: the number of moves.
    pub edges: usize,
    /// Δ: the most moves from one position.
    pub max_degree: usize,
    /// The root's label.
    pub root: String,
    /// h(v0); null under misère play.
    pub root_grundy: Option<u32>,
    /// `"P"` or `"N"` (under misère play, the misère outcome).
    pub root_outcome: Outcome,
    /// The label the winning move from the root leads to; null at a P-position.
    pub winning_move: Option<String>,
    /// |W_G|.
    pub critical: usize,
    /// True when the root is a P-position, so Benford & Lehre's fictitious start v* → v0 is added for
    /// everything that assumes a first-player win (Opt(G), the runtime bounds).
    pub fictitious_start: bool,
    /// Largest Prop 4.4 (or Prop 6.1) upper bound on s(v) over all positions.
    pub switchability_bound: u32,
    /// Which result the bound comes from: "Prop 4.4" or "Prop 6.1".
    pub switchability_bound_from: &'static str,
    /// Largest exact s(v) over all positions, when computed (graphs of at most
    /// `switchability_exact_limit` positions whose searches finished).
    pub switchability_exact: Option<u32>,
    /// The most positions a graph may have for the exact s(v) search to run.
    pub switchability_exact_limit: usize,
    /// Theorem 5.2 / Corollary 5.3 settings on the learning graph; null under misère play.
    pub bounds: Option<RuntimeBounds>,
    /// Whether the strategy "play a winning move where there is one" is in Opt of the learning
    /// graph, checked by the Opt(G) test (a self-check; true whenever the analysis is right).
    pub optimal_strategy_checked: bool,
    /// Subtraction games only: the Grundy sequence's period (null if none within the limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtraction_period: Option<Option<Periodicity>>,
    /// Subtraction and octal games: the least period of a single heap's Grundy sequence that the
    /// values computed prove (a repeated window for subtraction games, Guy and Smith's theorem
    /// for octal games; `impartial sequence` prints the same object), null if none is proven
    /// within the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<Option<Period>>,
    /// Subtraction and octal games: the largest heap size the period search looked at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period_search_limit: Option<u64>,
    /// Sums only: each part's canonical spec as a game on its own (`game=…&play=normal`) and the
    /// normal-play Grundy value of that part at its start, in the order of the parts. Under
    /// normal play `root_grundy` is their XOR; under misère play it is not determined by them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<PartReport>>,
    /// One entry per position, only when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<Vec<NodeReport>>,
    /// The position asked about with `--from`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<NodeReport>,
    /// The Opt(G) check of a strategy given with `--strategy`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<StrategyCheck>,
}

/// One part of a sum, in a report's `parts`.
#[derive(Debug, Clone, Serialize)]
pub struct PartReport {
    /// The part's canonical spec as a game on its own, with `play=normal`.
    pub game: String,
    /// Its normal-play Grundy value at its start (whatever the sum's play).
    pub grundy: u32,
}

/// What to add to a report beyond the summary.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// List every position.
    pub positions: bool,
    /// Describe one position, by label.
    pub from: Option<String>,
    /// Check a strategy: (position label, move label) pairs.
    pub strategy: Option<Vec<(String, String)>>,
}

/// The result of checking a (possibly partial) strategy against Opt(G) (Benford & Lehre §2).
#[derive(Debug, Clone, Serialize)]
pub struct StrategyCheck {
    /// Positions the strategy fixes a move at.
    pub fixed: usize,
    /// Interior positions it leaves open (they count as "any move").
    pub open: usize,
    /// Every strategy that agrees with it is in Opt (of G, or of G* when `fictitious_start`):
    /// it wins from the root against every opponent.
    pub optimal: bool,
}

/// One position in a report's `nodes`.
#[derive(Debug, Clone, Serialize)]
pub struct NodeReport {
    /// The position's label.
    pub label: String,
    /// Its Grundy value h(v) (Benford & Lehre §2.1); null under misère play.
    pub grundy: Option<u32>,
    /// `"P"` or `"N"`.
    pub outcome: Outcome,
    /// Whether it is in W_G, the critical positions (Benford & Lehre Def 2.1).
    pub critical: bool,
    /// Labels of the positions it moves to.
    pub moves: Vec<String>,
    /// Labels of its optimal moves (to P-positions).
    pub optimal_moves: Vec<String>,
    /// Its Prop 4.4 (or Prop 6.1) upper bound on s(v).
    pub switchability_bound: u32,
    /// Its exact s(v) (Benford & Lehre Def 4.3); null where not computed.
    pub switchability: Option<u32>,
    /// The Grundy value worked out, e.g. `mex{0, 2} = 1`; null under misère play.
    pub mex: Option<String>,
}
