//! A `graph` game with cycles on the page: its positions, outcomes (P, N and D) and
//! generalised Grundy values (retrograde analysis, [`crate::analysis::loopy`]) and a drawing,
//! with the same accessors the page reads from [`super::Session`]. UMDA and its bounds need an
//! acyclic game (Benford & Lehre §2), so there is no run here: the page lets Böhme's rules learn it
//! ([`super::RulesSession`]).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{refused, to_js};
use crate::analysis::loopy::{LoopyAnalysis, LoopyOutcome};
use crate::games::{self, Limits, Opened};
use crate::loopy::LoopyGraph;
use crate::spec::{GameSpec, Play};

/// Whether `spec` is a `graph` whose moves have a cycle (the page then builds a [`LoopyGame`]);
/// false for anything else, malformed specs included (their refusal comes from the builder).
#[wasm_bindgen]
pub fn has_cycle(spec: &str) -> bool {
    GameSpec::parse(spec).is_ok_and(|game| game.family.has_cycle())
}

/// A game with cycles, owned by the page (freed with `free()`).
#[wasm_bindgen]
pub struct LoopyGame {
    spec: String,
    play: Play,
    graph: LoopyGraph,
    analysis: LoopyAnalysis,
    /// Per position: 0 = P, 1 = N, 2 = D.
    outcome: Vec<u8>,
    /// Per position: γ when finite, u32::MAX for ∞ (and under misère play).
    grundy: Vec<u32>,
    x: Vec<f32>,
    y: Vec<f32>,
    layers: u32,
    widest: u32,
    /// Per edge: 1 when the move goes to a P-position (a winning move).
    optimal: Vec<u8>,
}

#[derive(Serialize)]
struct Info {
    game: String,
    play: Play,
    positions: usize,
    edges: usize,
    max_degree: usize,
    root: usize,
    root_label: String,
    root_outcome: LoopyOutcome,
    /// γ(root) as text ("2", "∞(0,1)"); None under misère play.
    root_grundy: Option<String>,
    cyclic: bool,
    /// Positions by outcome: P, N, D.
    counts: [usize; 3],
    layers: u32,
    widest: u32,
    // What the page's UMDA panels read, fixed for a game UMDA cannot learn.
    fictitious_start: bool,
    critical: usize,
}

#[derive(Serialize)]
struct Row {
    id: usize,
    label: String,
    grundy: Option<String>,
    outcome: LoopyOutcome,
    critical: bool,
}

#[derive(Serialize)]
struct MoveInfo {
    to: u32,
    label: String,
    grundy: Option<String>,
    outcome: LoopyOutcome,
    optimal: bool,
}

#[derive(Serialize)]
struct PositionInfo {
    id: usize,
    label: String,
    grundy: Option<String>,
    outcome: LoopyOutcome,
    root: bool,
    moves: Vec<MoveInfo>,
    more_moves: usize,
}

const MAX_MOVES_SHOWN: usize = 40;

#[wasm_bindgen]
impl LoopyGame {
    /// Builds a `graph` with cycles within the page's budget.
    ///
    /// # Errors
    /// A malformed or too large spec throws the core's sentence; any other game a sentence
    /// saying this is for graphs with cycles.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str) -> Result<LoopyGame, JsValue> {
        let limits = Limits::PAGE;
        let game = GameSpec::parse(spec).map_err(refused)?;
        let Opened::Loopy(graph) = games::open(&game, &limits).map_err(refused)? else {
            return Err(JsValue::from_str("Only a graph game (game=graph) can have cycles."));
        };
        let analysis = LoopyAnalysis::new(&graph, game.play);
        let outcome = analysis.outcome.iter().map(|&o| o as u8).collect();
        let grundy = match &analysis.gsg {
            Some(values) => values
                .iter()
                .map(|v| match v {
                    crate::analysis::loopy::Gsg::Finite(m) => *m,
                    crate::analysis::loopy::Gsg::Infinite(_) => u32::MAX,
                })
                .collect(),
            None => vec![u32::MAX; graph.len()],
        };
        let optimal = (0..graph.len())
            .flat_map(|v| {
                graph.moves(v).iter().map(|&w| u8::from(analysis.outcome[w as usize] == LoopyOutcome::P))
            })
            .collect();
        let (x, y, layers, widest) = layout(&graph);
        Ok(LoopyGame {
            spec: game.to_string(),
            play: game.play,
            graph,
            analysis,
            outcome,
            grundy,
            x,
            y,
            layers,
            widest,
            optimal,
        })
    }

    /// The game's summary for the page, as a JS object: spec, play, sizes, the root with its
    /// outcome and γ, the P/N/D counts and the layout's layers.
    pub fn info(&self) -> Result<JsValue, JsValue> {
        let root = self.graph.root();
        to_js(&Info {
            game: self.spec.clone(),
            play: self.play,
            positions: self.graph.len(),
            edges: self.graph.edge_count(),
            max_degree: self.graph.max_degree(),
            root,
            root_label: self.graph.label(root),
            root_outcome: self.analysis.outcome[root],
            root_grundy: self.gsg_text(root),
            cyclic: self.graph.is_cyclic(),
            counts: self.analysis.counts(),
            layers: self.layers,
            widest: self.widest,
            fictitious_start: false,
            critical: 0,
        })
    }

    /// The positions table: the first `limit` positions by id.
    pub fn rows(&self, limit: usize) -> Result<JsValue, JsValue> {
        let rows: Vec<Row> = (0..self.graph.len().min(limit))
            .map(|v| Row {
                id: v,
                label: self.graph.label(v),
                grundy: self.gsg_text(v),
                outcome: self.analysis.outcome[v],
                critical: false,
            })
            .collect();
        to_js(&rows)
    }

    /// What the hover card shows about position `v` (null for no such id).
    pub fn position(&self, v: usize) -> Result<JsValue, JsValue> {
        if v >= self.graph.len() {
            return Ok(JsValue::NULL);
        }
        let moves = self
            .graph
            .moves(v)
            .iter()
            .take(MAX_MOVES_SHOWN)
            .map(|&w| MoveInfo {
                to: w,
                label: self.graph.label(w as usize),
                grundy: self.gsg_text(w as usize),
                outcome: self.analysis.outcome[w as usize],
                optimal: self.analysis.outcome[w as usize] == LoopyOutcome::P,
            })
            .collect();
        to_js(&PositionInfo {
            id: v,
            label: self.graph.label(v),
            grundy: self.gsg_text(v),
            outcome: self.analysis.outcome[v],
            root: v == self.graph.root(),
            moves,
            more_moves: self.graph.degree(v).saturating_sub(MAX_MOVES_SHOWN),
        })
    }

    /// The id of the position labelled `label`, or -1.
    pub fn find(&self, label: &str) -> i32 {
        self.graph.find(label).and_then(|v| i32::try_from(v).ok()).unwrap_or(-1)
    }

    /// The label of position `v` (empty for no such id).
    pub fn label(&self, v: usize) -> String {
        if v < self.graph.len() {
            self.graph.label(v)
        } else {
            String::new()
        }
    }

    // Typed-array views, as Session's (see there).
    /// u32 × (positions + 1): CSR offsets; position v's moves are edges `offsets[v]..offsets[v+1]`.
    pub fn offsets_ptr(&self) -> *const u32 {
        self.graph.offsets().as_ptr()
    }
    /// u32 × edges: each move's target position.
    pub fn targets_ptr(&self) -> *const u32 {
        self.graph.targets().as_ptr()
    }
    /// u8 × positions: 0 = P, 1 = N, 2 = D.
    pub fn outcome_ptr(&self) -> *const u8 {
        self.outcome.as_ptr()
    }
    /// u32 × positions: finite generalised Grundy values γ, 0xFFFFFFFF where γ is infinite or under
    /// misère play.
    pub fn grundy_ptr(&self) -> *const u32 {
        self.grundy.as_ptr()
    }
    /// u8 × edges: 1 when the move leads to a P-position.
    pub fn optimal_ptr(&self) -> *const u8 {
        self.optimal.as_ptr()
    }
    /// f32 × positions: the layout's x (layer).
    pub fn x_ptr(&self) -> *const f32 {
        self.x.as_ptr()
    }
    /// f32 × positions: the layout's y (slot in the layer).
    pub fn y_ptr(&self) -> *const f32 {
        self.y.as_ptr()
    }
}

impl LoopyGame {
    fn gsg_text(&self, v: usize) -> Option<String> {
        self.analysis.gsg.as_ref().map(|g| g[v].text())
    }
}

/// A drawing for a graph with cycles, where "longest path to a sink" is not defined: a
/// position's column is its distance from the start (breadth first, moves in listed order), the
/// start right-most, so that a play runs right to left as on acyclic games and a cycle shows as
/// a move back to the right. Rows: the order in which the search reaches positions, centred.
/// The graph holds only positions reachable from the start, so every position gets a column.
fn layout(graph: &LoopyGraph) -> (Vec<f32>, Vec<f32>, u32, u32) {
    let n = graph.len();
    let mut depth = vec![u32::MAX; n];
    let mut order = Vec::with_capacity(n);
    if n > 0 {
        depth[graph.root()] = 0;
        order.push(graph.root() as u32);
    }
    let mut head = 0;
    while let Some(&v) = order.get(head) {
        head += 1;
        for &w in graph.moves(v as usize) {
            if depth[w as usize] == u32::MAX {
                depth[w as usize] = depth[v as usize] + 1;
                order.push(w);
            }
        }
    }
    // Not reached (cannot happen for a graph built from its root): the last column.
    let deepest = depth.iter().copied().filter(|&d| d != u32::MAX).max().unwrap_or(0);
    for &v in &(0..n as u32).filter(|&v| depth[v as usize] == u32::MAX).collect::<Vec<_>>() {
        depth[v as usize] = deepest + 1;
        order.push(v);
    }
    let layers = depth.iter().max().map_or(0, |&m| m + 1);
    let mut size = vec![0u32; layers as usize];
    let mut slot = vec![0u32; n];
    for &v in &order {
        let d = depth[v as usize] as usize;
        slot[v as usize] = size[d];
        size[d] += 1;
    }
    let x = depth.iter().map(|&d| (layers - 1 - d) as f32).collect();
    let y = (0..n).map(|v| slot[v] as f32 - (size[depth[v] as usize] - 1) as f32 / 2.0).collect();
    let widest = size.iter().copied().max().unwrap_or(0);
    (x, y, layers, widest)
}
