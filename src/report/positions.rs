//! A game's positions listed one at a time, within an output budget.

use std::io::Write;

use super::data::{NodeReport, Report};
use super::text::node_line;
use crate::analysis::game::AnalysedGame;
use crate::error::InputError;
use crate::size::{Bound, Size};

/// The most text `--positions` may write, in bytes (estimated from the labels before anything
/// is written): enough for every game of a few hundred thousand positions, and written in
/// seconds. A larger listing is refused with a sentence saying so.
pub const OUTPUT_BUDGET: u64 = 256 << 20;

/// The fixed fields of one position's entry in a listing (grundy, outcome, critical, bounds, mex),
/// in bytes, rounded up: what the output estimate adds to each label.
const PER_POSITION_BYTES: u64 = 160;

/// Refuses a listing that the game's counted size alone puts over [`OUTPUT_BUDGET`], before
/// anything is built: by the estimate `Positions::check_output` makes once the graph is built,
/// each position writes at least a one-character label and its fixed fields, and each move
/// at least a one-character label and its quotes twice. A size that is only an upper bound
/// (a custom graph's) proves nothing and passes.
pub fn check_listing_size(size: Size) -> Result<(), InputError> {
    if size.bound == Bound::AtMost {
        return Ok(());
    }
    let per_position = size.positions.saturating_mul(u128::from(1 + PER_POSITION_BYTES));
    let least = per_position.saturating_add(size.edges.saturating_mul(18));
    if least > u128::from(OUTPUT_BUDGET) {
        let bytes = u64::try_from(least).unwrap_or(u64::MAX);
        return Err(InputError::OutputTooLarge { what: "--positions", bytes, budget: OUTPUT_BUDGET });
    }
    Ok(())
}

/// What lists a game's positions one at a time ([`Report::with_positions`]): the analysis and
/// the per-position switchability, kept so that no [`NodeReport`] has to be held for more
/// than the moment it is written.
pub struct Positions {
    pub(super) game: AnalysedGame,
    pub(super) switchability_bound: Vec<u32>,
    pub(super) switchability: Option<Vec<Option<u32>>>,
}

impl Positions {
    /// Every position's label, in id order: each label is made once, however many moves lead
    /// to it.
    pub fn labels(&self) -> Vec<String> {
        (0..self.game.graph.len()).map(|v| self.game.graph.label(v)).collect()
    }

    /// Every position's label, made once, if listing them fits the output budget (see
    /// `Positions::check_output`). Stops making labels as soon as they alone exceed it, so a
    /// refused listing never holds more than the budget.
    pub fn checked_labels(&self) -> Result<Vec<String>, InputError> {
        let mut labels = Vec::with_capacity(self.game.graph.len());
        let mut bytes = 0u64;
        for v in 0..self.game.graph.len() {
            let label = self.game.graph.label(v);
            bytes += label.len() as u64 + PER_POSITION_BYTES;
            if bytes > OUTPUT_BUDGET {
                return Err(InputError::OutputTooLarge { what: "--positions", bytes, budget: OUTPUT_BUDGET });
            }
            labels.push(label);
        }
        self.check_output(&labels)?;
        Ok(labels)
    }

    /// Position `v`'s entry, with `label(w)` naming each position.
    pub fn node(&self, v: usize, label: impl Fn(usize) -> String) -> NodeReport {
        let (graph, analysis) = (&self.game.graph, &self.game.analysis);
        NodeReport {
            label: label(v),
            grundy: analysis.grundy.as_ref().map(|h| h[v]),
            outcome: analysis.outcome[v],
            critical: analysis.critical[v],
            moves: graph.moves(v).iter().map(|&w| label(w as usize)).collect(),
            optimal_moves: analysis.optimal_moves(graph, v).map(&label).collect(),
            switchability_bound: self.switchability_bound[v],
            switchability: self.switchability.as_ref().and_then(|e| e[v]),
            mex: self.game.mex_text(v),
        }
    }

    /// About how many bytes listing every position writes (JSON; the text form is shorter):
    /// each label once for itself and up to twice per move into it (`moves`, `optimal_moves`),
    /// plus each entry's fixed fields. The sentence refusing a listing over [`OUTPUT_BUDGET`].
    fn check_output(&self, labels: &[String]) -> Result<(), InputError> {
        let graph = &self.game.graph;
        let per_position: u64 = labels.iter().map(|l| l.len() as u64 + PER_POSITION_BYTES).sum();
        let per_move: u64 = graph.targets().iter().map(|&w| 2 * (labels[w as usize].len() as u64 + 8)).sum();
        let bytes = per_position + per_move;
        if bytes > OUTPUT_BUDGET {
            return Err(InputError::OutputTooLarge { what: "--positions", bytes, budget: OUTPUT_BUDGET });
        }
        Ok(())
    }

    /// Writes the report as JSON with `nodes`, one position at a time (the same object that
    /// serialising a report with `nodes` gives, `nodes` last).
    pub fn write_json(
        &self,
        report: &Report,
        labels: &[String],
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let head = serde_json::to_string(report)?;
        out.write_all(&head.as_bytes()[..head.len() - 1])?;
        out.write_all(b",\"nodes\":[")?;
        for v in 0..self.game.graph.len() {
            if v > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, &self.node(v, |w| labels[w].clone()))?;
        }
        out.write_all(b"]}\n")
    }

    /// Writes the text report followed by its table of positions, one line at a time.
    pub fn write_text(
        &self,
        report: &Report,
        labels: &[String],
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        out.write_all(report.to_text().as_bytes())?;
        out.write_all(b"\nlabel\tgrundy\toutcome\tcritical\ts(v)\tmoves\n")?;
        for v in 0..self.game.graph.len() {
            writeln!(out, "{}", node_line(&self.node(v, |w| labels[w].clone())))?;
        }
        Ok(())
    }
}
