//! A game prepared for Böhme's learning rules: its move lists (cycles allowed), outcomes by
//! retrograde analysis, and, for acyclic games, the core's Opt(G) check.
//!
//! Böhme's terminal game (Böhme §2, (G1)–(G4)) is read off the impartial game graph: its
//! positions are pairs (position, player to move), the learner p moving first from the root;
//! the terminal positions T are the sinks; p wins at a sink where the other player is to move
//! (normal play) or where p is to move (misère play). A play ends at a sink or when a pair
//! repeats (T3), which is a draw.

use crate::analysis::loopy::{LoopyAnalysis, LoopyOutcome};
use crate::analysis::Outcome;
use crate::budget::Limits;
use crate::error::{group_digits, InputError};
use crate::game_graph::GameGraph;
use crate::games::{self, Opened};
use crate::loopy::LoopyGraph;
use crate::numbers::{bad_value, parse_number};
use crate::spec::{GameSpec, Play};

/// A game the rules can learn.
#[derive(Debug, Clone)]
pub struct RulesGame {
    /// The canonical spec.
    pub spec: String,
    /// Normal or misère play.
    pub play: Play,
    /// The game graph, which may have cycles.
    pub graph: LoopyGraph,
    /// Outcomes and ranks (no generalised Grundy values: the rules do not need them).
    pub analysis: LoopyAnalysis,
    /// The acyclic game graph and its outcomes, for the Opt(G) check (None with cycles).
    pub acyclic: Option<(GameGraph, Vec<Outcome>)>,
    /// The most positions a play's trace can hold: the longest path + 1 on an acyclic game,
    /// 2n + 1 with cycles (every pair (position, player to move) once, then the repeated one).
    pub max_trace: u64,
}

/// Most plays one run may ask for.
pub const MAX_PLAYS: u64 = 10_000_000;

/// Most positions all of a run's traces may visit together (plays × the longest trace), so
/// that a run ends in minutes: about 10^10 steps.
pub const MAX_STEPS: u64 = 10_000_000_000;

/// The number of plays: a whole number from 1 to [`MAX_PLAYS`].
pub fn parse_plays(text: &str) -> Result<u64, InputError> {
    parse_number("plays", text, 1, MAX_PLAYS, "a whole number of plays from 1 to 10,000,000")
}

impl RulesGame {
    /// Parses and builds a spec within `limits`; a `graph` with cycles is built as a loopy game,
    /// every other game through its family's builder.
    pub fn from_spec(text: &str, limits: &Limits) -> Result<RulesGame, InputError> {
        let game = GameSpec::parse(text)?;
        Ok(match games::open(&game, limits)? {
            Opened::Loopy(graph) => RulesGame::loopy(game.to_string(), game.play, graph),
            Opened::Acyclic(graph) => RulesGame::acyclic(game.to_string(), game.play, graph),
        })
    }

    /// A game with (possibly) cycles: no Opt(G) check.
    pub fn loopy(spec: String, play: Play, graph: LoopyGraph) -> RulesGame {
        let analysis = LoopyAnalysis::outcomes(&graph, play);
        let max_trace = 2 * graph.len() as u64 + 1;
        RulesGame { spec, play, graph, analysis, acyclic: None, max_trace }
    }

    /// An acyclic game: the same ids, moves and labels as its game graph.
    pub fn acyclic(spec: String, play: Play, graph: GameGraph) -> RulesGame {
        let loopy = LoopyGraph::from_game_graph(&graph);
        let analysis = LoopyAnalysis::outcomes(&loopy, play);
        // Acyclic: every position is P or N (tests/core/loopy.rs checks this equals the Grundy
        // analysis), so the Opt(G) check reads the same outcomes.
        let outcome = analysis
            .outcome
            .iter()
            .map(|&o| if o == LoopyOutcome::N { Outcome::N } else { Outcome::P })
            .collect();
        // Ids are a reverse topological order: every move goes to a smaller id.
        let mut longest = vec![0u64; graph.len()];
        for v in 0..graph.len() {
            longest[v] = graph.moves(v).iter().map(|&w| longest[w as usize] + 1).max().unwrap_or(0);
        }
        let max_trace = longest[graph.root()] + 1;
        RulesGame { spec, play, graph: loopy, analysis, acyclic: Some((graph, outcome)), max_trace }
    }

    /// Refuses a run whose plays could visit more than [`MAX_STEPS`] positions in all.
    pub fn check_plays(&self, plays: u64) -> Result<(), InputError> {
        if plays.saturating_mul(self.max_trace) <= MAX_STEPS {
            return Ok(());
        }
        Err(bad_value(
            "plays",
            &plays.to_string(),
            &format!(
                "a play of this game can visit {} positions, so at most {} plays fit the budget of {} steps",
                group_digits(u128::from(self.max_trace)),
                group_digits(u128::from(MAX_STEPS / self.max_trace)),
                group_digits(u128::from(MAX_STEPS))
            ),
        ))
    }

    /// The root's outcome (the learner is to move there).
    pub fn root_outcome(&self) -> LoopyOutcome {
        self.analysis.outcome[self.graph.root()]
    }

    /// Whether "in Opt(G)" is defined and reachable: an acyclic game whose root is an
    /// N-position (Benford & Lehre §2; the learner moves first).
    pub fn has_opt(&self) -> bool {
        self.has_opt_as(false)
    }

    /// As [`RulesGame::has_opt`] for a learner that moves first or, with `second`, second
    /// (Benford & Lehre's G*: defined where the root is a P-position).
    pub fn has_opt_as(&self, second: bool) -> bool {
        let winning_root = if second { LoopyOutcome::P } else { LoopyOutcome::N };
        self.acyclic.is_some() && self.root_outcome() == winning_root
    }
}
