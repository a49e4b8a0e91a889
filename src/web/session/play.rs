//! Play on a [`Session`]'s game: the positions table, a position and its moves as the hover
//! card shows them, the computer's move, puzzles and exercises, a position's board and nim-sum.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::super::convert::{refused, to_js};
use super::Session;
use crate::analysis::Outcome;
use crate::learn::play;

/// One row of the positions table.
#[derive(Serialize)]
struct Row {
    id: usize,
    label: String,
    grundy: Option<u32>,
    outcome: Outcome,
    critical: bool,
}

/// A move as the hover card shows it.
#[derive(Serialize)]
struct MoveInfo {
    to: u32,
    label: String,
    grundy: Option<u32>,
    outcome: Outcome,
    /// Leads to a P-position: keeps a won game won.
    optimal: bool,
    /// p_t(v, w).
    probability: f64,
}

/// A position as the hover card shows it.
#[derive(Serialize)]
struct PositionInfo {
    id: usize,
    label: String,
    grundy: Option<u32>,
    /// e.g. "mex{0, 2} = 1"; None under misère play.
    mex: Option<String>,
    outcome: Outcome,
    critical: bool,
    root: bool,
    /// p(v, optimal moves) when v is critical.
    optimal_mass: Option<f64>,
    moves: Vec<MoveInfo>,
    /// Moves not listed (the card lists at most MAX_MOVES_SHOWN).
    more_moves: usize,
}

const MAX_MOVES_SHOWN: usize = 40;

#[wasm_bindgen]
impl Session {
    /// The positions table: the first `limit` positions by id (sinks first).
    pub fn rows(&self, limit: usize) -> Result<JsValue, JsValue> {
        let task = &*self.task;
        let rows: Vec<Row> = (0..task.graph.len().min(limit))
            .map(|v| Row {
                id: v,
                label: task.graph.label(v),
                grundy: task.analysis.grundy.as_ref().map(|h| h[v]),
                outcome: task.analysis.outcome[v],
                critical: task.analysis.critical[v],
            })
            .collect();
        to_js(&rows)
    }

    /// Everything the hover card shows about position `v` (null when there is no such id).
    pub fn position(&self, v: usize) -> Result<JsValue, JsValue> {
        let task = &*self.task;
        let graph = &task.graph;
        if v >= graph.len() {
            return Ok(JsValue::NULL);
        }
        let grundy = task.analysis.grundy.as_deref();
        let moves = task.edges(v).take(MAX_MOVES_SHOWN).map(|e| self.move_info(e)).collect();
        let critical = task.analysis.critical[v];
        to_js(&PositionInfo {
            id: v,
            label: graph.label(v),
            grundy: grundy.map(|h| h[v]),
            mex: task.mex_text(v),
            outcome: task.analysis.outcome[v],
            critical,
            root: v == graph.root(),
            optimal_mass: critical.then(|| self.run.optimal_mass(v)),
            moves,
            more_moves: graph.degree(v).saturating_sub(MAX_MOVES_SHOWN),
        })
    }

    /// Move `e` (an edge index) as the hover card and the play mode list it.
    fn move_info(&self, e: usize) -> MoveInfo {
        let task = &*self.task;
        let w = task.graph.targets()[e] as usize;
        MoveInfo {
            to: w as u32,
            label: task.graph.label(w),
            grundy: task.analysis.grundy.as_deref().map(|h| h[w]),
            outcome: task.analysis.outcome[w],
            optimal: task.optimal_edge[e],
            probability: self.run.model()[e],
        }
    }

    /// Every move of position `v` (the play mode's list of legal moves; the hover card's
    /// `position` lists at most 40), in the graph's order; empty for no such id.
    pub fn moves(&self, v: usize) -> Result<JsValue, JsValue> {
        let task = &*self.task;
        let graph = &task.graph;
        if v >= graph.len() {
            return to_js(&Vec::<MoveInfo>::new());
        }
        let moves: Vec<MoveInfo> = task.edges(v).map(|e| self.move_info(e)).collect();
        to_js(&moves)
    }

    /// The computer's move from position `v` in play mode: the id of the position it moves to,
    /// or -1 when `v` has no moves (or is no position). `player` is
    /// - `perfect`: the first move (in the graph's order) to a P-position when there is one;
    ///   from a P-position, where every move loses against best play, the move to the position
    ///   with the longest play left (the largest layer of the drawing: longest path to a
    ///   position with no moves), first in order on ties, so that the opponent has the most
    ///   chances to go wrong;
    /// - `learned`: a move drawn from the current model p_t(v) (play against what UMDA has
    ///   learned so far);
    /// - `random`: a move drawn uniformly.
    ///
    /// Draws are seeded and deterministic: `draw` (a whole number, the page counts its draws)
    /// and the run's seed give one Xoshiro256++ stream of one uniform, so a replayed game makes
    /// the same moves. The run's own generator is not touched.
    ///
    /// # Errors
    /// Another `player` throws a sentence naming the allowed ones.
    pub fn computer_move(&self, v: usize, player: &str, draw: f64) -> Result<i32, JsValue> {
        let player = play::Player::parse(player).map_err(refused)?;
        let task = &*self.task;
        let x = &self.layout.x;
        let edge = play::computer_move(task, v, player, x, self.run.model(), self.run.seed(), draw);
        Ok(edge.map_or(-1, |e| task.graph.targets()[e] as i32))
    }

    /// Puzzle `k` (a whole number) of "find the winning move", seeded by the run's seed: the id
    /// of a position with a move, mostly an N-position (see `play::puzzle_position`), or -1 when
    /// no position has a move.
    pub fn puzzle(&self, k: f64) -> i32 {
        let k = if k.is_finite() && k >= 0.0 { k as u64 } else { 0 };
        play::puzzle_position(&self.task, self.run.seed(), k).map_or(-1, |v| v as i32)
    }

    /// Draw `k` of an exercise (the quiz's suggestion among `bound` positions), seeded by the
    /// run's seed: a whole number below `bound`, the same in every browser.
    pub fn exercise_draw(&self, k: f64, bound: u32) -> u32 {
        let k = if k.is_finite() && k >= 0.0 { k as u64 } else { 0 };
        play::exercise_draw(self.run.seed(), k, bound)
    }

    /// The id of the position labelled `label`, or -1.
    pub fn find(&self, label: &str) -> i32 {
        self.task.graph.find(label).and_then(|v| i32::try_from(v).ok()).unwrap_or(-1)
    }

    /// Position `v`'s independent components (heaps, or a sum's parts) with their Grundy values
    /// and XOR, for the nim-sum panel; null for other games, misère play or no such id.
    pub fn nim_sum(&self, v: usize) -> Result<JsValue, JsValue> {
        match &self.components {
            Some(components) if v < self.task.graph.len() => to_js(&components.at(&self.task, v)),
            _ => Ok(JsValue::NULL),
        }
    }

    /// Position `v` as a board draws it: `{ view, how, next }`, the family's structured view and
    /// the words of its board (board_words.rs); null for no such id.
    pub fn view(&self, v: usize) -> Result<JsValue, JsValue> {
        if v >= self.task.graph.len() {
            return Ok(JsValue::NULL);
        }
        to_js(&self.task.view(v).with_words())
    }

    /// The label of position `v` (empty for no such id).
    pub fn label(&self, v: usize) -> String {
        if v < self.task.graph.len() {
            self.task.graph.label(v)
        } else {
            String::new()
        }
    }
}
