//! The analysis summary that the CLI prints and the wasm facade returns: one serialisable
//! [`Report`] per game, built from an [`AnalysedGame`]; its plain-text rendering (`text`), the
//! streamed listing of positions (`positions`) and the check of a given strategy (`strategy`). The JSON field names are a public
//! interface, documented in README.

mod data;
mod loopy;
mod positions;
mod strategy;
mod text;

pub use data::{NodeReport, Options, PartReport, Report, StrategyCheck};
pub use loopy::{LoopyNode, LoopyReport};
pub use positions::{check_listing_size, Positions, OUTPUT_BUDGET};
pub use strategy::{
    all_strategies, beats_either_way, interior, intransitive_triples, move_names, parse_strategy,
    play_strategies, read_strategy_string, strategy_grammar, write_strategy_string, Duel,
    MAX_STRATEGIES_SEARCHED, NO_MOVE,
};

use crate::analysis::bounds::learning_bounds;
use crate::analysis::game::AnalysedGame;
use crate::analysis::period::{search_limit, subtraction_period};
use crate::analysis::sequence::{HeapGame, Period, ANALYSE_LIMIT};
use crate::analysis::{grundy, opt, switchability};
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::games::octal::OctalCode;
use crate::games::{self, Family, Limits};
use crate::sizing::heap_rule::Recurrence;
use crate::spec::{GameSpec, Play};
use strategy::{check_strategy, position_named};

/// The K of Theorem 5.2 / Corollary 5.3 used in reports: failure probability at most 1/n.
pub const REPORT_K: f64 = 1.0;

/// Parses, builds and analyses a spec in one call.
pub fn analyse(spec_text: &str, with_positions: bool) -> Result<Report, InputError> {
    analyse_with(spec_text, &Options { positions: with_positions, ..Options::default() })
}

/// [`analyse`] with the extra parts of [`Options`].
pub fn analyse_with(spec_text: &str, options: &Options) -> Result<Report, InputError> {
    let spec = GameSpec::parse(spec_text)?;
    let graph = games::build(&spec, &Limits::DEFAULT)?;
    Report::new(&spec, &graph, options)
}

impl Report {
    /// The report of a built game, with `nodes` when `options.positions` asks for them.
    pub fn new(spec: &GameSpec, graph: &GameGraph, options: &Options) -> Result<Report, InputError> {
        let (mut report, positions) = Report::with_positions(spec, graph, options)?;
        if options.positions {
            let labels = positions.labels();
            report.nodes = Some((0..graph.len()).map(|v| positions.node(v, |w| labels[w].clone())).collect());
        }
        Ok(report)
    }

    /// The report without `nodes`, and what lists them: for output that writes the positions
    /// one at a time ([`Positions::write_json`], [`Positions::write_text`]) instead of holding
    /// them all. `options.positions` is ignored here.
    pub fn with_positions(
        spec: &GameSpec,
        graph: &GameGraph,
        options: &Options,
    ) -> Result<(Report, Positions), InputError> {
        // The graph's arrays are shared, not copied.
        Report::of(AnalysedGame::new(spec.clone(), graph.clone()), options)
    }

    /// [`Report::with_positions`] of an analysed game.
    pub fn of(game: AnalysedGame, options: &Options) -> Result<(Report, Positions), InputError> {
        let (graph, analysis, play) = (&game.graph, &game.analysis, game.play);
        let root = graph.root();
        let (bounds_s, switchability_bound_from) = game.switchability_bounds();
        let exact = switchability::exact(graph);
        let s_exact = exact.as_ref().is_some_and(|e| e.iter().all(Option::is_some));
        let strategy: Vec<Option<u32>> = analysis.optimal_strategy(graph).into_iter().map(Some).collect();
        let optimal_strategy_checked = opt::every_completion_wins(graph, &strategy, play, game.role);
        let bounds = learning_bounds(play, graph, analysis, &bounds_s, exact.as_deref(), REPORT_K);

        let recurrence = game.game.family.heap_sum().map(|h| h.rule.recurrence());
        let (subtraction_period, period, period_search_limit) = match recurrence {
            Some(Recurrence::Subtraction(moves)) => {
                let limit = search_limit(moves.len());
                let found = subtraction_period(moves, limit);
                let period = found
                    .as_ref()
                    .map(|p| Period { preperiod: p.preperiod as usize, period: p.period as usize });
                (Some(found), Some(period), Some(limit))
            }
            Some(Recurrence::Octal(digits)) => {
                let sequence = HeapGame::Octal(OctalCode::from_digits(digits)).values_to(ANALYSE_LIMIT);
                (None, Some(sequence.period), Some(ANALYSE_LIMIT as u64))
            }
            _ => (None, None, None),
        };
        let parts = parts_of(&game);
        let from =
            options.from.as_deref().map(|label| position_named(graph, label, "position")).transpose()?;
        let strategy = match &options.strategy {
            Some(entries) => Some(check_strategy(graph, entries, play, game.role)?),
            None => None,
        };
        let mut report = Report {
            game: game.spec.clone(),
            play,
            positions: graph.len(),
            edges: graph.edge_count(),
            max_degree: graph.max_degree(),
            root: graph.label(root),
            root_grundy: analysis.grundy.as_ref().map(|h| h[root]),
            root_outcome: analysis.outcome[root],
            winning_move: analysis.winning_move(graph, root).map(|w| graph.label(w)),
            critical: analysis.critical_count(),
            fictitious_start: game.fictitious_start(),
            switchability_bound: bounds_s.iter().copied().max().unwrap_or(0),
            switchability_bound_from,
            switchability_exact: if s_exact {
                exact.as_ref().and_then(|e| e.iter().flatten().copied().max())
            } else {
                None
            },
            switchability_exact_limit: switchability::EXACT_MAX_POSITIONS,
            bounds,
            optimal_strategy_checked,
            subtraction_period,
            period,
            period_search_limit,
            parts,
            nodes: None,
            from: None,
            strategy,
        };
        let positions = Positions { game, switchability_bound: bounds_s, switchability: exact };
        report.from = from.map(|v| positions.node(v, |w| positions.game.graph.label(w)));
        Ok((report, positions))
    }
}

/// A sum's parts as a report lists them (None for any other game): each as a game on its own,
/// with its normal-play Grundy value at its start. The page shows the same list (`Session::info`).
pub fn parts_of(game: &AnalysedGame) -> Option<Vec<PartReport>> {
    game.game.family.parts().map(|parts| part_reports(parts, game.graph.factors()))
}

/// Each part of a sum as a game on its own, with its normal-play Grundy value at its start,
/// computed on the part's own graph (the factors the sum's graph was built from).
fn part_reports(parts: &[Family], factors: &[GameGraph]) -> Vec<PartReport> {
    parts
        .iter()
        .zip(factors)
        .map(|(part, graph)| PartReport {
            game: GameSpec { family: part.clone(), play: Play::Normal }.to_string(),
            grundy: grundy::grundy_and_critical(graph).0[graph.root()],
        })
        .collect()
}
