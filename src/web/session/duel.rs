//! Whole strategies on a [`Session`]'s game (Benford & Lehre §1): written, drawn, played
//! against each other, and intransitive triples among them.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::super::convert::to_js;
use super::Session;
use crate::analysis::Outcome;
use crate::report;

/// One move of a game between two strategies.
#[derive(Serialize)]
struct Ply {
    from: usize,
    from_label: String,
    from_outcome: Outcome,
    to: usize,
    to_label: String,
    to_outcome: Outcome,
    /// None under misère play.
    to_grundy: Option<u32>,
}

/// One play of a strategy against another.
#[derive(Serialize)]
struct DuelGame {
    /// Position ids from the start.
    path: Vec<usize>,
    plies: Vec<Ply>,
    /// The strategy that moved first wins.
    first_wins: bool,
}

/// x against y, each moving first once.
#[derive(Serialize)]
struct DuelReport {
    /// The strategies as read, written canonically.
    x: String,
    y: String,
    x_first: DuelGame,
    y_first: DuelGame,
}

#[wasm_bindgen]
impl Session {
    /// A whole strategy as the paper writes one (Benford & Lehre §1; see `strategy_grammar`):
    /// `perfect` (the perfect player's move at every position, as `computer_move`), `first`
    /// (the first listed move everywhere) or `learned` (one strategy sampled from the current
    /// model p_t, position by position, seeded by `draw` and the run's seed).
    ///
    /// # Errors
    /// Another `kind` throws a sentence naming the allowed ones.
    pub fn strategy(&self, kind: &str, draw: f64) -> Result<String, JsValue> {
        let task = &*self.task;
        let graph = &task.graph;
        let draw = if draw.is_finite() && draw >= 0.0 { draw } else { 0.0 };
        let mut strategy = vec![report::NO_MOVE; graph.len()];
        for v in report::interior(task) {
            strategy[v] = match kind {
                "first" => graph.moves(v)[0],
                // One draw per position: the page's draw number spread over the positions.
                "perfect" | "learned" => {
                    let player = if kind == "perfect" { "perfect" } else { "learned" };
                    self.computer_move(v, player, draw * graph.len() as f64 + v as f64)? as u32
                }
                _ => {
                    return Err(JsValue::from_str(&format!(
                        "Unknown strategy '{}': use perfect, first, learned or one move per position.",
                        kind.chars().take(40).collect::<String>()
                    )))
                }
            };
        }
        Ok(report::write_strategy_string(task, &strategy))
    }

    /// How a strategy is written for this game, e.g. "6 entries (one digit), one per position
    /// with a move in increasing order, each the amount taken".
    pub fn strategy_grammar(&self) -> String {
        report::strategy_grammar(&self.task)
    }

    /// The game between strategies x and y (written as the paper writes them), played twice
    /// from the start: x moving first (Path_G(x, y), f_G(x, y)) and y moving first.
    ///
    /// # Errors
    /// A strategy of the wrong length or with an illegal move throws the core's message,
    /// naming x or y.
    pub fn duel(&self, x: &str, y: &str) -> Result<JsValue, JsValue> {
        let task = &*self.task;
        let read = |name: &str, text: &str| {
            report::read_strategy_string(task, text)
                .map_err(|e| JsValue::from_str(&format!("Strategy {name}: {e}")))
        };
        let (sx, sy) = (read("x", x)?, read("y", y)?);
        let game = |first: &[u32], second: &[u32]| {
            let duel = report::play_strategies(&task.graph, task.play, first, second);
            let plies = duel
                .path
                .windows(2)
                .map(|pair| Ply {
                    from: pair[0],
                    from_label: task.graph.label(pair[0]),
                    from_outcome: task.analysis.outcome[pair[0]],
                    to: pair[1],
                    to_label: task.graph.label(pair[1]),
                    to_outcome: task.analysis.outcome[pair[1]],
                    to_grundy: task.analysis.grundy.as_ref().map(|h| h[pair[1]]),
                })
                .collect();
            DuelGame { path: duel.path, plies, first_wins: duel.first_wins }
        };
        to_js(&DuelReport {
            x: report::write_strategy_string(task, &sx),
            y: report::write_strategy_string(task, &sy),
            x_first: game(&sx, &sy),
            y_first: game(&sy, &sx),
        })
    }

    /// Strategy triples x, y, z each beating the next whoever plays first (x beats y, y beats
    /// z, z beats x; Benford & Lehre §1), found by playing every pair of strategies: `{ strategies,
    /// triples: [[x, y, z], …] }` with at most `cap` triples, or null when the game has more
    /// than 512 strategies to try.
    pub fn intransitive_triples(&self, cap: u32) -> Result<JsValue, JsValue> {
        let task = &*self.task;
        let Some(found) = report::intransitive_triples(task, cap as usize) else {
            return Ok(JsValue::NULL);
        };
        let strategies = report::all_strategies(task, report::MAX_STRATEGIES_SEARCHED).map_or(0, |a| a.len());
        let triples: Vec<[String; 3]> =
            found.iter().map(|t| t.clone().map(|s| report::write_strategy_string(task, &s))).collect();
        #[derive(Serialize)]
        struct Triples {
            strategies: usize,
            triples: Vec<[String; 3]>,
        }
        to_js(&Triples { strategies, triples })
    }
}
