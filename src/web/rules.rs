//! Böhme's learning rules on the page: a thin layer over [`RulesRun`], the run the CLI's
//! `impartial learn` drives, so the page's plays are the CLI's for the same seed.
//!
//! One step is one play. Each play returns its trace, its result, the strategy changes it
//! caused and the counts so far; the learner's strategy and the outcomes (P, N and D) are
//! there for drawing. Every input from the page goes through the core's parsers, so a bad
//! rule, opponent or seed throws the core's one sentence.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{refused, to_js};
use crate::analysis::loopy::LoopyOutcome;
use crate::games::Limits;
use crate::learn::params;
use crate::learn::rules::{Counts, Opponent, PlayRecord, Rule, RulesRun, StrategyChange};
use crate::learn::rules_bounds::RuleBounds;
use crate::learn::rules_game::{RulesGame, MAX_PLAYS};

/// A rule learning one game against one opponent, owned by the page (freed with `free()`).
#[wasm_bindgen]
pub struct RulesSession {
    run: RulesRun,
    seed: u64,
    bounds: RuleBounds,
    /// Per position: 0 = P, 1 = N, 2 = D (a draw with best play).
    outcome: Vec<u8>,
}

/// One strategy change, as ids.
#[derive(Serialize)]
struct Change {
    position: u32,
    from: u32,
    to: u32,
}

fn changes(list: &[StrategyChange]) -> Vec<Change> {
    list.iter().map(|c| Change { position: c.position, from: c.from, to: c.to }).collect()
}

/// One play as the page shows it.
#[derive(Serialize)]
struct Play<'a> {
    /// 1-based, as the CLI's `--trace` lines.
    number: u64,
    result: crate::learn::rules::PlayResult,
    /// x_0 … x_k (ids); the learner moves from x_0, x_2, …
    trace: &'a [u32],
    changed: Vec<Change>,
    opponent_changed: Vec<Change>,
    counts: Counts,
}

/// The game's facts for the rules.
#[derive(Serialize)]
struct Info<'a> {
    game: &'a str,
    rule: Rule,
    opponent: Opponent,
    seed: String,
    positions: usize,
    edges: usize,
    root: usize,
    root_label: String,
    /// P, N or D.
    root_outcome: LoopyOutcome,
    cyclic: bool,
    /// Whether "in Opt(G)" is defined (an acyclic game with an N-root).
    has_opt: bool,
    max_plays: u64,
}

#[wasm_bindgen]
impl RulesSession {
    /// Builds `spec` within the page's budget (a `graph` may have cycles) and starts `rule`
    /// against `opponent` with `seed`, at play 0.
    ///
    /// # Errors
    /// A malformed or too large spec, an unknown rule or opponent, or a bad seed throws the
    /// core's sentence.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, rule: &str, opponent: &str, seed: &str) -> Result<RulesSession, JsValue> {
        let rule = Rule::parse(rule).map_err(refused)?;
        let opponent = Opponent::parse(opponent).map_err(refused)?;
        let seed = params::parse_seed(seed).map_err(refused)?;
        let game = RulesGame::from_spec(spec, &Limits::PAGE).map_err(refused)?;
        let bounds = RuleBounds::of(&game);
        let outcome = game
            .analysis
            .outcome
            .iter()
            .map(|o| match o {
                LoopyOutcome::P => 0,
                LoopyOutcome::N => 1,
                LoopyOutcome::D => 2,
            })
            .collect();
        Ok(RulesSession { run: RulesRun::new(game, rule, opponent, seed), seed, bounds, outcome })
    }

    /// The game's facts (see `Info`).
    pub fn info(&self) -> Result<JsValue, JsValue> {
        let game = self.run.game();
        let graph = &game.graph;
        to_js(&Info {
            game: &game.spec,
            rule: self.run.rule(),
            opponent: self.run.opponent(),
            seed: self.seed.to_string(),
            positions: graph.len(),
            edges: graph.edge_count(),
            root: graph.root(),
            root_label: graph.label(graph.root()),
            root_outcome: game.root_outcome(),
            cyclic: game.acyclic.is_none(),
            has_opt: game.has_opt(),
            max_plays: MAX_PLAYS,
        })
    }

    /// Plays one play and applies the rule; returns the play (see `Play`).
    ///
    /// # Errors
    /// After [`MAX_PLAYS`] plays (the CLI's limit) throws a sentence saying so.
    pub fn play(&mut self) -> Result<JsValue, JsValue> {
        if self.run.counts().plays >= MAX_PLAYS {
            return Err(JsValue::from_str(
                "This run has played 10,000,000 plays, the most a run may play: reset it to play again.",
            ));
        }
        let PlayRecord { number, result, trace, changed, opponent_changed } = self.run.play();
        to_js(&Play {
            number,
            result,
            trace: &trace,
            changed: changes(&changed),
            opponent_changed: changes(&opponent_changed),
            counts: self.run.counts(),
        })
    }

    /// The counts so far (plays, won, lost, drawn, last_not_won, last_lost, optimal_after).
    pub fn counts(&self) -> Result<JsValue, JsValue> {
        to_js(&self.run.counts())
    }

    /// Böhme's bounds for the root (Corollary 4.4's (d+1)^h with d and h, Theorem 4.6's M_p).
    pub fn bounds(&self) -> Result<JsValue, JsValue> {
        to_js(&self.bounds)
    }

    /// The learner's move per position: the id it moves to, -1 at a position with no moves.
    pub fn strategy(&self) -> Vec<i32> {
        self.run.strategy().into_iter().map(|m| m.map_or(-1, |w| w as i32)).collect()
    }

    /// Per position: 0 = P, 1 = N, 2 = D.
    pub fn outcomes(&self) -> Vec<u8> {
        self.outcome.clone()
    }

    /// Position v's moves (ids, in the listed order; empty for no such id).
    pub fn moves(&self, v: usize) -> Vec<u32> {
        let graph = &self.run.game().graph;
        if v < graph.len() {
            graph.moves(v).to_vec()
        } else {
            Vec::new()
        }
    }

    /// The label of position v (empty for no such id).
    pub fn label(&self, v: usize) -> String {
        let graph = &self.run.game().graph;
        if v < graph.len() {
            graph.label(v)
        } else {
            String::new()
        }
    }

    /// Back to play 0 with the same seed: the same plays replay.
    pub fn reset(&mut self) {
        self.restart(self.seed);
    }

    /// Back to play 0 with the seed in `text`.
    ///
    /// # Errors
    /// A bad seed throws the core's sentence and changes nothing.
    pub fn reseed(&mut self, text: &str) -> Result<(), JsValue> {
        let seed = params::parse_seed(text).map_err(refused)?;
        self.restart(seed);
        Ok(())
    }

    /// The seed as decimal text (a u64 does not fit a JS number).
    pub fn seed(&self) -> String {
        self.seed.to_string()
    }
}

impl RulesSession {
    fn restart(&mut self, seed: u64) {
        self.seed = seed;
        let game = self.run.game().clone();
        self.run = RulesRun::new(game, self.run.rule(), self.run.opponent(), seed);
    }
}
