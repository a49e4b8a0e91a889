//! A game graph that may contain cycles ("loopy" games, Winning Ways ch. 12): positions with
//! their move lists, a root, and labels. Unlike [`crate::graph::GameGraph`] its ids need not be
//! a topological order, and a play may return to a position.
//!
//! Invariants (established by [`LoopyGraph::from_csr`]'s callers): every target is an id,
//! no position lists the same move twice or moves to itself, and every position is reachable
//! from the root. A position's moves keep the order its family lists them in: Böhme's
//! learners read that order as the list N(x) (§4.2, §4.3).

use std::sync::Arc;

use crate::graph::{GameGraph, Labeling};

/// Positions and moves in CSR form, cycles allowed.
#[derive(Debug, Clone)]
pub struct LoopyGraph {
    /// `offsets[v]..offsets[v+1]` indexes `targets`. Invariant: len = n + 1.
    offsets: Arc<Vec<u32>>,
    targets: Arc<Vec<u32>>,
    root: usize,
    labels: Arc<dyn Labeling>,
    /// Whether some play can repeat a position.
    cyclic: bool,
}

impl LoopyGraph {
    /// Assembles a graph; `cyclic` is found here by a depth-first search.
    pub(crate) fn from_csr(
        offsets: Vec<u32>,
        targets: Vec<u32>,
        root: usize,
        labels: Arc<dyn Labeling>,
    ) -> LoopyGraph {
        debug_assert!(!offsets.is_empty() && offsets[0] == 0);
        debug_assert!(root + 1 < offsets.len());
        let mut graph = LoopyGraph {
            offsets: Arc::new(offsets),
            targets: Arc::new(targets),
            root,
            labels,
            cyclic: false,
        };
        graph.cyclic = graph.find_cycle().is_some();
        graph
    }

    /// The same game as an acyclic [`GameGraph`]: same ids, moves, order and labels (the
    /// arrays are shared, not copied).
    pub fn from_game_graph(graph: &GameGraph) -> LoopyGraph {
        let (offsets, targets) = graph.shared_csr();
        LoopyGraph { offsets, targets, root: graph.root(), labels: graph.labeling(), cyclic: false }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Never true: a game has at least its root.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of moves.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The start position.
    pub fn root(&self) -> usize {
        self.root
    }

    /// N(v), in the family's order.
    pub fn moves(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Every move's target, position by position (`offsets` says where each position's start).
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// |N(v)|.
    pub fn degree(&self, v: usize) -> usize {
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// Whether v has no moves (a terminal position, Böhme (G3)).
    pub fn is_sink(&self, v: usize) -> bool {
        self.degree(v) == 0
    }

    /// max_v |N(v)|.
    pub fn max_degree(&self) -> usize {
        (0..self.len()).map(|v| self.degree(v)).max().unwrap_or(0)
    }

    /// The CSR offsets (length n + 1), for views that read the edge array directly.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// Index of v's first move in the flat edge array.
    pub fn edge_start(&self, v: usize) -> usize {
        self.offsets[v] as usize
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

    /// The predecessors of every position, as CSR (offsets, sources): retrograde analysis
    /// walks moves backwards.
    pub fn reverse(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.len();
        let mut count = vec![0u32; n + 1];
        for &w in self.targets.iter() {
            count[w as usize + 1] += 1;
        }
        for v in 0..n {
            count[v + 1] += count[v];
        }
        let mut fill = count.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for v in 0..n {
            for &w in self.moves(v) {
                sources[fill[w as usize] as usize] = v as u32;
                fill[w as usize] += 1;
            }
        }
        (count, sources)
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
