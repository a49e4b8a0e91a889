//! A game graph that may contain cycles ("loopy" games, Winning Ways ch. 12): positions with
//! their move lists, a root, and labels. Unlike [`crate::game_graph::GameGraph`] its ids need not be
//! a topological order, and a play may return to a position.
//!
//! Invariants (established by `LoopyGraph::from_csr`'s callers): every target is an id,
//! no position lists the same move twice or moves to itself, and every position is reachable
//! from the root. A position's moves keep the order its family lists them in: Böhme's
//! learners read that order as the list N(x) (§4.2, §4.3).

use std::sync::Arc;

use crate::csr::Csr;
use crate::game_graph::{GameGraph, Labeling};

/// Positions and moves in CSR form, cycles allowed. Its adjacency accessors (`len`, `moves`
/// in the family's order N(v), `degree`, `is_sink`, `edge_start`, …) are [`Csr`]'s, through
/// `Deref`.
#[derive(Debug, Clone)]
pub struct LoopyGraph {
    csr: Csr,
    root: usize,
    labels: Arc<dyn Labeling>,
    /// Whether some play can repeat a position.
    cyclic: bool,
}

impl std::ops::Deref for LoopyGraph {
    type Target = Csr;
    fn deref(&self) -> &Csr {
        &self.csr
    }
}

impl LoopyGraph {
    /// Assembles a graph; `cyclic` is found here by a depth-first search.
    pub(crate) fn from_csr(
        offsets: Vec<u32>,
        targets: Vec<u32>,
        root: usize,
        labels: Arc<dyn Labeling>,
    ) -> LoopyGraph {
        debug_assert!(root + 1 < offsets.len());
        let mut graph = LoopyGraph { csr: Csr::new(offsets, targets), root, labels, cyclic: false };
        graph.cyclic = graph.find_cycle().is_some();
        graph
    }

    /// The same game as an acyclic [`GameGraph`]: same ids, moves, order and labels (the
    /// arrays are shared, not copied).
    pub fn from_game_graph(graph: &GameGraph) -> LoopyGraph {
        LoopyGraph { csr: graph.csr().clone(), root: graph.root(), labels: graph.labeling(), cyclic: false }
    }

    /// The start position.
    pub fn root(&self) -> usize {
        self.root
    }

    /// Whether the graph has a cycle (so plays may end in a draw by repetition).
    pub fn is_cyclic(&self) -> bool {
        self.cyclic
    }

    /// v's label.
    pub fn label(&self, v: usize) -> String {
        self.labels.label(v)
    }

    /// The id of the position with this label.
    pub fn find(&self, label: &str) -> Option<usize> {
        let id = self.labels.find(label)?;
        usize::try_from(id).ok().filter(|&v| v < self.len())
    }

    /// A position on a cycle, if there is one (iterative depth-first search).
    pub fn find_cycle(&self) -> Option<usize> {
        let n = self.len();
        // 0 = unseen, 1 = on the stack, 2 = done
        let mut state = vec![0u8; n];
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            state[start] = 1;
            while let Some((v, i)) = stack.pop() {
                if let Some(&w) = self.moves(v).get(i) {
                    stack.push((v, i + 1));
                    match state[w as usize] {
                        0 => {
                            state[w as usize] = 1;
                            stack.push((w as usize, 0));
                        }
                        1 => return Some(w as usize),
                        _ => {}
                    }
                } else {
                    state[v] = 2;
                }
            }
        }
        None
    }
}
