//! One game on the page: its graph, analysis and layout, a UMDA run on it (Benford & Lehre
//! Algorithm 1) and, when asked, the expected dynamics (Lemma 3.1) stepped alongside.
//!
//! The page drives the run with [`Session::work`] from its frame loop; a generation's result
//! does not depend on how it is sliced, so the page stays responsive and replays exactly.

mod arrays;
mod duel;
mod learn;
mod play;

use std::sync::Arc;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{refused, to_js};
use crate::analysis::nim_sum::Components;
use crate::analysis::Outcome;
use crate::games::Limits;
use crate::layout::{layered, Layout};
use crate::learn::params::{self, Engine, Params};

use crate::learn::task::Task;
use crate::learn::umda::Run;
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
}
