//! The game graph G = (V, F, v0) of Benford & Lehre §2: a finite acyclic rooted digraph whose
//! positions are all reachable from the root.
//!
//! Stored as compressed sparse rows (CSR). The graph knows nothing of any family: each family
//! builds it and names its positions through [`Labeling`]. Invariants, established by every
//! builder in [`crate::games`] and relied on by the analysis:
//! - ids are a reverse topological order: every move goes to a smaller id (the ordering
//!   u_1, …, u_n with F(u_i) ⊆ {u_1, …, u_{i−1}} used in Benford & Lehre's proofs), so a single pass
//!   in increasing id order sees every successor before its predecessors;
//! - the root v0 is the largest id (it reaches every other position);
//! - no position lists the same move twice.

use std::fmt;
use std::sync::Arc;

use crate::csr::Csr;

/// How a family names its positions: from an id to its label in the family's canonical
/// notation and back. Labels are computed from the id when needed, so that a million-position
/// graph does not hold a million strings; each family implements this in its own module.
pub trait Labeling: fmt::Debug + Send + Sync {
    /// Position `v`'s label (e.g. `3,0,5` for Nim).
    fn label(&self, v: usize) -> String;
    /// The id of the position with this label, parsed back from the label (only the canonical
    /// spelling matches: no spaces, signs or leading zeros). It may be out of range; the graph
    /// checks. The cost should follow the label's length, not the graph's size.
    fn find(&self, label: &str) -> Option<u64>;
    /// The graphs this one is the product of (a sum of games names its positions through its
    /// parts' graphs, and a board draws each part from its own graph); empty for any other.
    fn factors(&self) -> &[GameGraph] {
        &[]
    }
}

/// Labels held outright (custom graphs, octal games, G*): found by a scan.
#[derive(Debug, Clone)]
pub struct StoredLabels(pub Vec<String>);

impl Labeling for StoredLabels {
    fn label(&self, v: usize) -> String {
        self.0[v].clone()
    }
    fn find(&self, label: &str) -> Option<u64> {
        self.0.iter().position(|l| l == label).map(|v| v as u64)
    }
}

/// A game graph in CSR form; see the module doc for its invariants. Its adjacency accessors
/// (`len`, `moves`, `degree`, `edge_start`, `offsets`, `targets`, …) are [`Csr`]'s, reached
/// through `Deref`: a game graph is that CSR plus the invariants and the labels.
#[derive(Debug, Clone)]
pub struct GameGraph {
    /// Shared, so that the analysed game, the learner and the page can each hold the graph
    /// without copying millions of moves. Every target of v is < v.
    csr: Csr,
    labels: Arc<dyn Labeling>,
}

impl std::ops::Deref for GameGraph {
    type Target = Csr;
    fn deref(&self) -> &Csr {
        &self.csr
    }
}

impl GameGraph {
    /// Assembles a graph; `debug_assert`s the invariants (builders guarantee them).
    pub(crate) fn from_csr(
        offsets: Vec<u32>,
        targets: Vec<u32>,
        labels: impl Labeling + 'static,
    ) -> GameGraph {
        let graph = GameGraph { csr: Csr::new(offsets, targets), labels: Arc::new(labels) };
        debug_assert!(!graph.is_empty());
        debug_assert!((0..graph.len()).all(|v| graph.moves(v).iter().all(|&w| (w as usize) < v)));
        graph
    }

    /// The root v0 (the largest id).
    pub fn root(&self) -> usize {
        self.len() - 1
    }

    /// v's label in its family's canonical notation (e.g. `3,0,5` for Nim).
    pub fn label(&self, v: usize) -> String {
        self.labels.label(v)
    }

    /// The graphs this one is the product of, in order (a sum of games); empty otherwise.
    pub fn factors(&self) -> &[GameGraph] {
        self.labels.factors()
    }

    /// The CSR, shared rather than copied (a [`crate::loopy::LoopyGraph`] of the same game
    /// holds it too).
    pub(crate) fn csr(&self) -> &Csr {
        &self.csr
    }

    /// The family's naming of positions, shared (e.g. with a [`crate::loopy::LoopyGraph`] of the
    /// same game).
    pub fn labeling(&self) -> Arc<dyn Labeling> {
        Arc::clone(&self.labels)
    }

    /// The id of the position with this label, if there is one.
    ///
    /// The inverse of [`GameGraph::label`]: the family parses the label back into the id, so the
    /// cost follows the label's length and nothing is allocated in proportion to the graph
    /// (only stored labels are scanned). Only the canonical spelling matches.
    pub fn find(&self, label: &str) -> Option<usize> {
        let id = self.labels.find(label)?;
        usize::try_from(id).ok().filter(|&v| v < self.len())
    }

    /// G* of Benford & Lehre §2: this graph with a fictitious start v* whose only move is v* → v0.
    /// Used where the root is a P-position, so the first player has a winning strategy.
    /// v* gets the next id (it becomes the new root) and the label `v*`.
    pub fn with_fictitious_start(&self) -> GameGraph {
        let n = self.len();
        let mut offsets = self.offsets().to_vec();
        let mut targets = self.targets().to_vec();
        targets.push(self.root() as u32);
        offsets.push(targets.len() as u32);
        let mut labels: Vec<String> = (0..n).map(|v| self.label(v)).collect();
        labels.push(FICTITIOUS_START.to_string());
        GameGraph::from_csr(offsets, targets, StoredLabels(labels))
    }
}

/// Label of Benford & Lehre's fictitious start position.
pub const FICTITIOUS_START: &str = "v*";

/// Appends a graph's positions and moves row by row (sizes were checked against the budget
/// before building).
pub(crate) struct CsrBuilder {
    pub offsets: Vec<u32>,
    pub targets: Vec<u32>,
}

impl CsrBuilder {
    pub fn with_capacity(positions: usize, edges: usize) -> CsrBuilder {
        let mut offsets = Vec::with_capacity(positions + 1);
        offsets.push(0);
        CsrBuilder { offsets, targets: Vec::with_capacity(edges) }
    }

    /// Closes the current position's row.
    #[inline]
    pub fn end_position(&mut self) {
        self.offsets.push(self.targets.len() as u32);
    }
}
