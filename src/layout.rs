//! A layered (Sugiyama-style) drawing of a game graph, for the canvas view.
//!
//! 1. Layers: a position's layer is the length of the longest path from it to a sink. Ids are
//!    a reverse topological order, so one pass in increasing id order sees every move's target
//!    first; every move then points strictly leftwards (to a lower layer).
//! 2. Order: within a layer, by id to start with; then a fixed number of barycenter sweeps
//!    alternately sort each layer by the mean slot of its moves' targets in the layer below
//!    (layers taken upwards, so the targets are already placed) and of its predecessors in the
//!    layer above (layers taken downwards). Slots are normalised to [0, 1] within their layer,
//!    so that a position with no such neighbour can keep its own slot as its key. Moves that
//!    skip layers are left out: counting them too (tried) left every family tested worse than
//!    the plain id order. The "short" moves and their reverses are kept in CSR form, built
//!    once, and a sweep is a pass over them plus one sort per layer: O(E + n log n).
//! 3. Barycenters are a heuristic and can make things worse, so the crossings between adjacent
//!    layers are counted (a Fenwick tree, O(E log n)) for the id order and after each sweep,
//!    and the best order wins (the earliest on ties). Nothing is random: same graph, same
//!    drawing.

use crate::csr::Csr;
use crate::game_graph::GameGraph;
use crate::sort_key;

/// Enough to untangle most of what barycenters can untangle; more mainly costs time.
const SWEEPS: usize = 4;

/// A layered drawing: column = layer, row = slot within the layer, both in "node units".
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// Per position: its layer, the length of the longest path from it to a sink (sinks are
    /// 0, so layers read as "moves left at most"; for subtraction games with 1 as a move this
    /// is the heap size, for Chomp the squares left − 1).
    pub layer: Vec<u32>,
    /// Per position: x = layer (as f32), so the root sits right-most and sinks left-most.
    pub x: Vec<f32>,
    /// Per position: y = slot within its layer, centred on 0: slots i = 0..k−1 of a layer with
    /// k positions get y = i − (k−1)/2.
    pub y: Vec<f32>,
    /// Number of layers (max layer + 1; 0 for an empty graph).
    pub layers: u32,
    /// The largest number of positions in one layer.
    pub widest: u32,
}

impl Layout {
    /// Crossings among the moves between adjacent layers (L → L−1) in this drawing: the
    /// measure [`layered`] minimises, exposed so that views and tests can report it. `self`
    /// must be a layout of `graph` (from [`layered`], perhaps with slots permuted).
    pub fn adjacent_crossings(&self, graph: &GameGraph) -> u64 {
        let groups = Groups::new(&self.layer, self.layers);
        let mut slot = vec![0u32; self.layer.len()];
        let mut order = vec![0u32; self.layer.len()];
        for (v, (&l, &y)) in self.layer.iter().zip(&self.y).enumerate() {
            // y + (k−1)/2 is a whole number, exactly representable for any layer that fits.
            let s = (y + (groups.size(l as usize) - 1) as f32 / 2.0).round() as u32;
            slot[v] = s;
            order[groups.start[l as usize] as usize + s as usize] = v as u32;
        }
        crossings(&short_moves(graph, &self.layer), &groups, &order, &slot)
    }
}

/// Lays out `graph` in layers; see the module doc for the method.
pub fn layered(graph: &GameGraph) -> Layout {
    let n = graph.len();
    let mut layer = vec![0u32; n];
    for v in 0..n {
        layer[v] = graph.moves(v).iter().map(|&w| layer[w as usize] + 1).max().unwrap_or(0);
    }
    let layers = layer.iter().max().map_or(0, |&m| m + 1);
    let groups = Groups::new(&layer, layers);
    // Positions grouped by layer, by id within each layer (a counting sort).
    let mut order = vec![0u32; n];
    let mut fill = groups.start.clone();
    for (v, &l) in layer.iter().enumerate() {
        order[fill[l as usize] as usize] = v as u32;
        fill[l as usize] += 1;
    }
    let down = short_moves(graph, &layer);
    let up = down.reversed();
    let mut sweeper = Sweeper::new(&groups, order);
    let mut best_slot = sweeper.slot.clone();
    let mut best = crossings(&down, &groups, &sweeper.order, &sweeper.slot);
    for sweep in 0..SWEEPS {
        if sweep % 2 == 0 {
            sweeper.sweep(&down, 1..layers as usize);
        } else {
            sweeper.sweep(&up, (0..(layers as usize).saturating_sub(1)).rev());
        }
        let now = crossings(&down, &groups, &sweeper.order, &sweeper.slot);
        if now < best {
            best = now;
            best_slot.copy_from_slice(&sweeper.slot);
        }
    }
    let x = layer.iter().map(|&l| l as f32).collect();
    let y = (0..n).map(|v| best_slot[v] as f32 - (groups.size(layer[v] as usize) - 1) as f32 / 2.0).collect();
    let widest = (0..layers as usize).map(|l| groups.size(l)).max().unwrap_or(0);
    Layout { layer, x, y, layers, widest }
}

/// Where each layer's positions sit in a by-layer array: layer l is `start[l]..start[l+1]`.
struct Groups {
    start: Vec<u32>,
}

impl Groups {
    fn new(layer: &[u32], layers: u32) -> Groups {
        let mut start = vec![0u32; layers as usize + 1];
        for &l in layer {
            start[l as usize + 1] += 1;
        }
        for l in 0..layers as usize {
            start[l + 1] += start[l];
        }
        Groups { start }
    }

    fn layers(&self) -> usize {
        self.start.len() - 1
    }

    fn size(&self, l: usize) -> u32 {
        self.start[l + 1] - self.start[l]
    }

    fn range(&self, l: usize) -> std::ops::Range<usize> {
        self.start[l] as usize..self.start[l + 1] as usize
    }
}

/// The short moves: those from layer L to layer L−1, in the graph's order.
fn short_moves(graph: &GameGraph, layer: &[u32]) -> Csr {
    let mut offsets = Vec::with_capacity(graph.len() + 1);
    let mut targets = Vec::new();
    offsets.push(0);
    for v in 0..graph.len() {
        targets.extend(graph.moves(v).iter().filter(|&&w| layer[w as usize] + 1 == layer[v]));
        offsets.push(targets.len() as u32);
    }
    Csr::new(offsets, targets)
}

/// The current order of every layer, and each position's slot and normalised slot in it.
struct Sweeper<'a> {
    groups: &'a Groups,
    order: Vec<u32>,
    slot: Vec<u32>,
    norm: Vec<f64>,
    key: Vec<f64>,
}

impl<'a> Sweeper<'a> {
    fn new(groups: &'a Groups, order: Vec<u32>) -> Sweeper<'a> {
        let n = order.len();
        let mut sweeper = Sweeper { groups, order, slot: vec![0; n], norm: vec![0.0; n], key: vec![0.0; n] };
        for l in 0..groups.layers() {
            sweeper.renumber(l);
        }
        sweeper
    }

    /// Re-sorts the given layers, in that order, each by the barycenters of its neighbours
    /// in `near` (short moves, or their reverses).
    fn sweep(&mut self, near: &Csr, layers: impl Iterator<Item = usize>) {
        for l in layers {
            let range = self.groups.range(l);
            for &v in &self.order[range.clone()] {
                let v = v as usize;
                let row = near.moves(v);
                self.key[v] = if row.is_empty() {
                    self.norm[v]
                } else {
                    row.iter().map(|&w| self.norm[w as usize]).sum::<f64>() / row.len() as f64
                };
            }
            // Equal keys keep their current order (their slots), as a stable sort keeps it.
            let (key, slot) = (&self.key, &self.slot);
            sort_key::sort_by_key_then(
                &mut self.order[range],
                |v| sort_key::ordered_bits(key[v as usize]),
                |v| slot[v as usize],
            );
            self.renumber(l);
        }
    }

    fn renumber(&mut self, l: usize) {
        let range = self.groups.range(l);
        let last = range.len().saturating_sub(1);
        for (i, &v) in self.order[range].iter().enumerate() {
            self.slot[v as usize] = i as u32;
            self.norm[v as usize] = if last == 0 { 0.5 } else { i as f64 / last as f64 };
        }
    }
}

/// Crossings among the short moves `down`: pairs (u, w), (u', w') from one layer with u
/// before u' and w after w'. Walking each layer in slot order, a Fenwick tree over the
/// slots of the layer below counts the earlier moves that land after each one.
fn crossings(down: &Csr, groups: &Groups, order: &[u32], slot: &[u32]) -> u64 {
    let mut total = 0u64;
    let widest = (0..groups.layers()).map(|l| groups.size(l)).max().unwrap_or(0) as usize;
    let mut tree = vec![0u32; widest + 1];
    for l in 1..groups.layers() {
        let below = groups.size(l - 1) as usize;
        tree[..=below].fill(0);
        let mut inserted = 0u64;
        for &u in &order[groups.range(l)] {
            let row = down.moves(u as usize);
            // All of u's moves are counted before any is inserted: u's own moves never cross.
            for &w in row {
                let mut i = slot[w as usize] as usize + 1;
                let mut at_or_before = 0u64;
                while i > 0 {
                    at_or_before += u64::from(tree[i]);
                    i &= i - 1;
                }
                total += inserted - at_or_before;
            }
            for &w in row {
                let mut i = slot[w as usize] as usize + 1;
                while i <= below {
                    tree[i] += 1;
                    i += i & i.wrapping_neg();
                }
            }
            inserted += row.len() as u64;
        }
    }
    total
}
