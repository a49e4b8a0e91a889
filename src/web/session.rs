//! One game on the page: its graph, analysis and layout, a UMDA run on it (Benford & Lehre
//! Algorithm 1) and, when asked, the expected dynamics (Lemma 3.1) stepped alongside.
//!
//! The page drives the run with [`Session::work`] from its frame loop; a generation's result
//! does not depend on how it is sliced, so the page stays responsive and replays exactly.

use std::sync::Arc;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{refused, to_js};
use crate::analysis::nim_sum::Components;
use crate::analysis::Outcome;
use crate::games::Limits;
use crate::layout::{layered, Layout};
use crate::learn::params::{self, Engine, Params};
use crate::learn::play;
use crate::learn::task::Task;
use crate::learn::umda::Run;
use crate::report;
use crate::spec::Play;

/// The page's defaults: a population that learns SubtractionNim^2_7 in a few generations and
/// the paper's margin γ = 1/(20Δn) (Theorem 5.2).
const DEFAULT_MU: u32 = 20;
const DEFAULT_SEED: u64 = 1;

/// A game and a run on it, owned by the page (freed with `free()`).
#[wasm_bindgen]
pub struct Session {
    task: Arc<Task>,
    run: Run,
    /// The expected dynamics p ← π_γ(E\[q\]), kept at the run's generation while switched on.
    expected: Option<Run>,
    layout: Layout,
    /// Per position: 0 for a P-position, 1 for an N-position.
    outcome: Vec<u8>,
    /// Per position: the Grundy value (u32::MAX under misère play, which has none).
    grundy: Vec<u32>,
    /// Per position: p(v, optimal moves) for critical positions, NaN elsewhere; refreshed by
    /// [`Session::refresh_masses`].
    mass: Vec<f32>,
    /// p(v, optimal moves) per critical position in `Task::critical` order, as f64, and their
    /// log₁₀: the stats are made from these, recomputed only where p changed.
    masses: Vec<f64>,
    mass_log10: Vec<f64>,
    /// Per position: its index in `Task::critical`, or u32::MAX.
    critical_index: Vec<u32>,
    /// The optimal moves of critical position i (`Task::critical` order) are
    /// `optimal_edges[optimal_starts[i]..optimal_starts[i + 1]]`, in edge order: a mass is summed
    /// from these alone, in the order [`Run::optimal_mass`] sums them (the same bits), instead of
    /// scanning every move's flag (most of a generation's stats on a large graph).
    optimal_starts: Vec<u32>,
    optimal_edges: Vec<u32>,
    /// Scratch: the positions whose p changed in the last generations.
    changed: Vec<u32>,
    /// Whether `masses` are those of the current model: not after the page wrote a model into
    /// the run's memory (a worker's, see [`Session::model_written`]).
    masses_current: bool,
    /// Per position: the edge of its most likely move and how it is drawn, written by
    /// [`Session::find_top_moves`].
    top: Vec<u32>,
    top_shade: Vec<u8>,
    /// Nim, octal games and sums under normal play: what the nim-sum panel adds up.
    components: Option<Components>,
}

/// See [`Session::kept_summary`].
struct Kept {
    learned: usize,
    sum: f64,
    min: f64,
    product: f64,
    lost: usize,
    log10: f64,
}

/// The facts about the game the page shows once.
#[derive(Serialize)]
struct Info {
    game: String,
    play: Play,
    positions: usize,
    edges: usize,
    /// Δ of the game graph.
    max_degree: usize,
    root: usize,
    root_label: String,
    /// The rules in one sentence and who wins in another (normal or misère), for the board.
    rules: String,
    root_outcome: Outcome,
    root_grundy: Option<u32>,
    fictitious_start: bool,
    critical: usize,
    /// γ's range: 0 ≤ γ < 1/Δ, and Theorem 5.2's 1/(20Δn).
    gamma_limit: f64,
    paper_gamma: f64,
    layers: u32,
    widest: u32,
    /// Sums only: each part's canonical spec and normal-play Grundy value at its start, as
    /// `analyse --json` lists them (`parts`); absent for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    parts: Option<Vec<crate::report::PartReport>>,
    /// Posets and Hackendot under normal play: how the g-set algebra (Fenner & Rogers §3.1) finds the
    /// start's value, one step per part of the expression.
    #[serde(skip_serializing_if = "Option::is_none")]
    gset_steps: Option<Vec<crate::games::poset::GsetStep>>,
    /// Subtraction and octal games: g(0), g(1), … of one heap and its proven period, for the
    /// Grundy strip.
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy_strip: Option<crate::analysis::sequence::Strip>,
}

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

/// The stats row and one point of the progress chart.
#[derive(Serialize)]
struct Progress {
    generation: u64,
    games: u64,
    mu: u32,
    gamma: f64,
    engine: &'static str,
    /// The generation under way: games played of μ (None between generations).
    games_in_progress: Option<u32>,
    winners_optimal: bool,
    found_after_games: Option<u64>,
    found_at_generation: Option<u64>,
    critical: usize,
    critical_learned: usize,
    /// Critical positions whose winning moves have p = 0: with γ = 0 they are never sampled
    /// again, so no later strategy wins there (Benford & Lehre §3: π_γ keeps every move ≥ γ).
    critical_lost: usize,
    critical_mass_mean: Option<f64>,
    critical_mass_min: Option<f64>,
    /// Π_{v∈W_G} p(v, optimal moves) (Prop 2.2).
    prop22_probability: f64,
    /// log₁₀ Π, which stays finite where Π underflows to 0 (None for −∞: an optimal mass of 0).
    prop22_log10: Option<f64>,
    /// The same Π under the expected dynamics at this generation, when switched on.
    expected_prop22: Option<f64>,
    /// Its log₁₀.
    expected_prop22_log10: Option<f64>,
    /// None in [`Session::progress_unhashed`]: the hash is one pass over every byte of p.
    model_hash: Option<String>,
}

#[wasm_bindgen]
impl Session {
    /// Builds and analyses the game of `spec` within the page's budget ([`Limits::PAGE`]) and
    /// starts a run at generation 0 with μ = 20, γ = 1/(20Δn), seed 1, the fast engine.
    ///
    /// # Errors
    /// A malformed or too large spec throws the core's message.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str) -> Result<Session, JsValue> {
        let task = Arc::new(Task::from_spec(spec, &Limits::PAGE).map_err(refused)?);
        let params = Params::new(&task, DEFAULT_MU, params::paper_gamma(&task)).map_err(refused)?;
        let run = Run::new(Arc::clone(&task), Engine::Fast, params, DEFAULT_SEED);
        let layout = layered(&task.graph);
        let outcome = task.analysis.outcome.iter().map(|&o| u8::from(o == Outcome::N)).collect();
        let grundy = match &task.analysis.grundy {
            Some(h) => h.clone(),
            None => vec![u32::MAX; task.graph.len()],
        };
        let mass = vec![f32::NAN; task.graph.len()];
        let task_len = task.graph.len();
        let components = Components::of(&task);
        let mut session = Session {
            task,
            run,
            expected: None,
            layout,
            outcome,
            grundy,
            mass,
            masses: Vec::new(),
            mass_log10: Vec::new(),
            critical_index: Vec::new(),
            optimal_starts: Vec::new(),
            optimal_edges: Vec::new(),
            changed: Vec::new(),
            masses_current: false,
            // Allocated now: growing wasm memory later would detach the page's views.
            top: vec![0; task_len],
            top_shade: vec![0; task_len],
            components,
        };
        session.critical_index = vec![u32::MAX; task_len];
        session.optimal_starts.push(0);
        for (i, &v) in session.task.critical.iter().enumerate() {
            session.critical_index[v as usize] = i as u32;
            let task = &session.task;
            session
                .optimal_edges
                .extend(task.edges(v as usize).filter(|&e| task.optimal_edge[e]).map(|e| e as u32));
            session.optimal_starts.push(session.optimal_edges.len() as u32);
        }
        session.refresh_masses();
        Ok(session)
    }

    /// The game's facts (see `Info`).
    pub fn info(&self) -> Result<JsValue, JsValue> {
        let task = &*self.task;
        let graph = &task.graph;
        let root = graph.root();
        to_js(&Info {
            game: task.spec.clone(),
            play: task.play,
            positions: graph.len(),
            edges: graph.edge_count(),
            max_degree: graph.max_degree(),
            root,
            root_label: graph.label(root),
            rules: format!(
                "{} {}",
                task.game.family.rules(),
                crate::games::win_rule(task.play == Play::Misere)
            ),
            root_outcome: task.analysis.outcome[root],
            root_grundy: task.analysis.grundy.as_ref().map(|h| h[root]),
            fictitious_start: task.fictitious_start(),
            critical: task.critical.len(),
            gamma_limit: 1.0 / task.max_degree.max(1) as f64,
            paper_gamma: params::paper_gamma(task),
            layers: self.layout.layers,
            widest: self.layout.widest,
            parts: crate::report::parts_of(task),
            gset_steps: crate::analysis::value::gset_steps(&task.game),
            grundy_strip: crate::analysis::sequence::strip(&task.game.family),
        })
    }

    /// Sets μ from text (a whole number from 1 to 10^8); used from the next generation.
    ///
    /// # Errors
    /// Anything else throws the core's message and leaves μ as it was.
    pub fn set_mu(&mut self, text: &str) -> Result<u32, JsValue> {
        let mu = params::parse_mu(text).map_err(refused)?;
        self.apply(Params::new(&self.task, mu, self.run.params().gamma()).map_err(refused)?);
        Ok(mu)
    }

    /// Sets γ from text (0 ≤ γ < 1/Δ, or `paper`); used from the next generation.
    ///
    /// # Errors
    /// Anything else throws the core's message and leaves γ as it was.
    pub fn set_gamma(&mut self, text: &str) -> Result<f64, JsValue> {
        let gamma = params::parse_gamma(&self.task, text).map_err(refused)?;
        self.apply(Params::new(&self.task, self.run.params().mu(), gamma).map_err(refused)?);
        Ok(gamma)
    }

    /// Sets the engine (`fast`, `naive` or `expected`); used from the next generation.
    ///
    /// # Errors
    /// An unknown name throws the core's message.
    pub fn set_engine(&mut self, text: &str) -> Result<(), JsValue> {
        self.run.set_engine(Engine::parse(text).map_err(refused)?);
        Ok(())
    }

    /// Starts over at generation 0 with the seed in `text` (0 to 2^64 − 1).
    ///
    /// # Errors
    /// A bad seed throws the core's message and changes nothing.
    pub fn reseed(&mut self, text: &str) -> Result<(), JsValue> {
        let seed = params::parse_seed(text).map_err(refused)?;
        self.run.reseed(seed);
        self.after_reset();
        Ok(())
    }

    /// Back to generation 0 with the same seed: the same run replays.
    pub fn reset(&mut self) {
        self.run.reset();
        self.after_reset();
    }

    /// Switches the expected-dynamics curve on or off; when on, it is computed up to the run's
    /// generation at once (from p_0, with the current μ and γ).
    pub fn set_expected(&mut self, on: bool) {
        self.expected = on.then(|| {
            let mut twin =
                Run::new(Arc::clone(&self.task), Engine::Expected, self.run.params(), self.run.seed());
            while twin.generation() < self.run.generation() {
                twin.step();
            }
            twin
        });
    }

    /// Does about `budget` units of work (a unit is one sampled move or one edge visited) and
    /// returns whether a generation was completed (then the masses are refreshed).
    pub fn work(&mut self, budget: f64) -> bool {
        // A float from JS: NaN or negative become the minimum, huge values saturate.
        let budget = if budget.is_finite() && budget > 1.0 { budget as u64 } else { 1 };
        let finished = self.run.work(budget);
        if finished {
            if let Some(twin) = &mut self.expected {
                while twin.generation() < self.run.generation() {
                    twin.step();
                }
            }
            self.refresh_masses();
        }
        finished
    }

    /// Finishes the generation under way, or runs a whole one.
    pub fn step(&mut self) {
        while !self.work(f64::MAX) {}
    }

    /// The stats row (see `Progress`), with the model's hash (one pass over p's bytes).
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        self.report(true)
    }

    /// The stats row without the model's hash (null): what a worker reports for the generations
    /// whose hash nobody will read (a chart point), at a fraction of the cost on a big graph.
    pub fn progress_unhashed(&self) -> Result<JsValue, JsValue> {
        self.report(false)
    }

    /// The page has written a model into the run's memory (through `model_ptr`): the stats are
    /// computed from it afresh from now on.
    pub fn model_written(&mut self) {
        self.masses_current = false;
    }

    fn report(&self, hash: bool) -> Result<JsValue, JsValue> {
        let fresh;
        let masses = if self.masses_current {
            &self.masses
        } else {
            fresh = self.critical_masses();
            &fresh
        };
        let mut measures = self.run.measures_of(&[]);
        let (lost, log10);
        if let Some(kept) = self.masses_current.then(|| self.kept_summary()).flatten() {
            measures.critical = masses.len();
            measures.critical_learned = kept.learned;
            measures.critical_mass_mean = Some(kept.sum / masses.len() as f64);
            measures.critical_mass_min = Some(kept.min);
            measures.prop22_probability = kept.product;
            (lost, log10) = (kept.lost, kept.log10);
        } else {
            measures = self.run.measures_of(masses);
            lost = self.task.critical.iter().filter(|&&v| self.mass[v as usize] == 0.0).count();
            // The same sum of logarithms as Run::prop22_log10, from the same masses.
            log10 = if self.masses_current {
                self.mass_log10.iter().sum::<f64>()
            } else {
                masses.iter().map(|m| m.log10()).sum::<f64>()
            };
        }
        let params = self.run.params();
        to_js(&Progress {
            generation: measures.generation,
            games: measures.games,
            mu: params.mu(),
            gamma: params.gamma(),
            engine: self.run.engine().as_str(),
            games_in_progress: self.run.games_in_progress().map(|(done, _)| done),
            winners_optimal: measures.winners_optimal,
            found_after_games: measures.found_after_games,
            found_at_generation: self.run.found().map(|f| f.generation),
            critical: measures.critical,
            critical_learned: measures.critical_learned,
            critical_lost: lost,
            critical_mass_mean: measures.critical_mass_mean,
            critical_mass_min: measures.critical_mass_min,
            prop22_probability: measures.prop22_probability,
            prop22_log10: Some(log10).filter(|x| x.is_finite()),
            expected_prop22: self.expected.as_ref().map(Run::prop22_probability),
            expected_prop22_log10: self.expected.as_ref().map(Run::prop22_log10).filter(|x| x.is_finite()),
            model_hash: hash.then(|| format!("{:016x}", self.run.model_hash())),
        })
    }

    /// What `Run::measures_of` makes of the kept masses, their count at 0 and the sum of their
    /// logarithms, in one pass instead of six (a generation reported on a large graph paid more
    /// for these passes than for recomputing the masses). Each figure is accumulated in the same
    /// order and from the same first term as there (a sum's or product's fold from −0.0 or 1.0
    /// gives back its first term exactly), so the bits are the same. None without critical
    /// positions (then the empty folds are left to `measures_of`).
    fn kept_summary(&self) -> Option<Kept> {
        let (&first, rest) = self.masses.split_first()?;
        let logs = &self.mass_log10[1..];
        let mut kept = Kept {
            learned: usize::from(first > 0.5),
            sum: first,
            // f64::min's answer, as `reduce(f64::min)` folds it, without its call in wasm.
            min: first,
            product: first,
            lost: usize::from(first as f32 == 0.0),
            log10: self.mass_log10[0],
        };
        for (&m, &log) in rest.iter().zip(logs) {
            kept.learned += usize::from(m > 0.5);
            kept.sum += m;
            if m < kept.min || kept.min.is_nan() {
                kept.min = m;
            }
            kept.product *= m;
            kept.lost += usize::from(m as f32 == 0.0);
            kept.log10 += log;
        }
        Some(kept)
    }

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
    /// the words of its board (games/board_words.rs); null for no such id.
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

    /// Games played so far in the generation under way, or -1 between generations (cheap, for
    /// a progress line during long generations).
    pub fn games_in_progress(&self) -> f64 {
        self.run.games_in_progress().map_or(-1.0, |(done, _)| f64::from(done))
    }

    /// μ of the generation under way (a new μ applies from the next one), or the current μ.
    pub fn mu_in_progress(&self) -> u32 {
        self.run.games_in_progress().map_or(self.run.params().mu(), |(_, mu)| mu)
    }

    /// μ of the current parameters.
    pub fn mu(&self) -> u32 {
        self.run.params().mu()
    }
    /// γ of the current parameters.
    pub fn gamma(&self) -> f64 {
        self.run.params().gamma()
    }
    /// The seed as decimal text (a u64 does not fit a JS number).
    pub fn seed(&self) -> String {
        self.run.seed().to_string()
    }
    /// The engine's name: `fast`, `naive` or `expected`.
    pub fn engine(&self) -> String {
        self.run.engine().as_str().to_string()
    }
    /// Generations completed.
    pub fn generation(&self) -> f64 {
        self.run.generation() as f64
    }

    // Typed-array views: pointers into wasm memory with the lengths above. They stay valid
    // until wasm memory grows; the page re-makes its views when `memory.buffer` changes.

    /// u32 × (positions + 1): CSR offsets; position v's moves are edges `offsets[v]..offsets[v+1]`.
    pub fn offsets_ptr(&self) -> *const u32 {
        self.task.graph.offsets().as_ptr()
    }
    /// u32 × edges: each move's target position.
    pub fn targets_ptr(&self) -> *const u32 {
        self.task.graph.targets().as_ptr()
    }
    /// f64 × edges: p_t per move.
    pub fn model_ptr(&self) -> *const f64 {
        self.run.model().as_ptr()
    }
    /// u8 × edges: 1 when the move leads to a P-position.
    pub fn optimal_ptr(&self) -> *const bool {
        self.task.optimal_edge.as_ptr()
    }
    /// u8 × positions: 0 = P, 1 = N.
    pub fn outcome_ptr(&self) -> *const u8 {
        self.outcome.as_ptr()
    }
    /// u32 × positions: Grundy values (0xFFFFFFFF under misère play).
    pub fn grundy_ptr(&self) -> *const u32 {
        self.grundy.as_ptr()
    }
    /// u8 × positions: 1 for a critical position (Def 2.1).
    pub fn critical_ptr(&self) -> *const bool {
        self.task.analysis.critical.as_ptr()
    }
    /// f32 × positions: p(v, optimal moves) at critical positions, NaN elsewhere.
    pub fn mass_ptr(&self) -> *const f32 {
        self.mass.as_ptr()
    }
    /// Finds, per position, its most likely move under the current model (the first of its
    /// largest p) and how the graph draws it: `(optimal ? levels : 0) + min(levels − 1,
    /// ⌊p·levels⌋)`, or 255 when it is not drawn (no moves, or p ≤ 0), as the page computes it.
    /// A large graph is drawn with one move per position; this pass over every move is several
    /// times faster here than in the page's script. Read them through [`Session::top_moves_ptr`]
    /// and [`Session::top_shades_ptr`].
    pub fn find_top_moves(&mut self, levels: u32) {
        let offsets = self.task.graph.offsets();
        let p = self.run.model();
        let levels = levels.clamp(1, 127);
        for (v, (top, shade)) in self.top.iter_mut().zip(&mut self.top_shade).enumerate() {
            let (start, end) = (offsets[v] as usize, offsets[v + 1] as usize);
            let mut best = start;
            for e in start + 1..end {
                if p[e] > p[best] {
                    best = e;
                }
            }
            *top = best as u32;
            // Not drawn when p ≤ 0 or NaN.
            let drawn = start < end && p[best] > 0.0;
            *shade = if !drawn {
                u8::MAX
            } else {
                let level = (p[best] * f64::from(levels)).floor().min(f64::from(levels - 1)) as u8;
                level + if self.task.optimal_edge[best] { levels as u8 } else { 0 }
            };
        }
    }
    /// u32 × positions: the moves [`Session::find_top_moves`] found (its first edge for a
    /// position without moves).
    pub fn top_moves_ptr(&self) -> *const u32 {
        self.top.as_ptr()
    }
    /// u8 × positions: how [`Session::find_top_moves`] found each move drawn.
    pub fn top_shades_ptr(&self) -> *const u8 {
        self.top_shade.as_ptr()
    }
    /// f32 × positions: the layout's x (layer) and y (slot in the layer).
    pub fn x_ptr(&self) -> *const f32 {
        self.layout.x.as_ptr()
    }
    /// f32 × positions: the layout's y (slot in the layer).
    pub fn y_ptr(&self) -> *const f32 {
        self.layout.y.as_ptr()
    }
}

impl Session {
    fn apply(&mut self, params: Params) {
        self.run.set_params(params);
        if let Some(twin) = &mut self.expected {
            twin.set_params(params);
        }
    }

    fn after_reset(&mut self) {
        if let Some(twin) = &mut self.expected {
            twin.reseed(self.run.seed());
            twin.set_params(self.run.params());
        }
        self.refresh_masses();
    }

    /// Recomputes p(v, optimal moves) at the critical positions where p changed (all of them
    /// after the page wrote a model): late in a fast run, few positions change a generation.
    fn refresh_masses(&mut self) {
        let mut changed = std::mem::take(&mut self.changed);
        changed.clear();
        self.run.take_changed(|v| changed.push(v as u32));
        if !self.masses_current {
            self.masses = self.critical_masses();
            self.mass_log10 = self.masses.iter().map(|m| m.log10()).collect();
            for (&v, &m) in self.task.critical.iter().zip(&self.masses) {
                self.mass[v as usize] = m as f32;
            }
            self.masses_current = true;
        } else {
            let p = self.run.model();
            for &v in &changed {
                let i = self.critical_index[v as usize] as usize;
                if i != u32::MAX as usize {
                    let (from, to) = (self.optimal_starts[i] as usize, self.optimal_starts[i + 1] as usize);
                    let m: f64 = self.optimal_edges[from..to].iter().map(|&e| p[e as usize]).sum();
                    // A pass often leaves a position's optimal mass as it was (a multiple of
                    // 1/μ, projected): then its logarithm (a libm call, slow in wasm) is kept.
                    if m.to_bits() == self.masses[i].to_bits() {
                        continue;
                    }
                    self.masses[i] = m;
                    self.mass_log10[i] = m.log10();
                    self.mass[v as usize] = m as f32;
                }
            }
        }
        self.changed = changed;
    }

    fn critical_masses(&self) -> Vec<f64> {
        self.task.critical.iter().map(|&v| self.run.optimal_mass(v as usize)).collect()
    }
}
