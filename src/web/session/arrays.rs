//! The arrays the page draws a [`Session`]'s graph from, shared without copying: typed-array
//! views of wasm memory (the graph, the model, the analysis, the layout, the top moves).

use wasm_bindgen::prelude::*;

use super::Session;

#[wasm_bindgen]
impl Session {
    // Typed-array views: pointers into wasm memory with the lengths `info` gives. They stay valid
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
