//! Adjacency in compressed sparse row (CSR) form: the one representation of moves that the
//! acyclic [`crate::game_graph::GameGraph`], the [`crate::loopy::LoopyGraph`] and the layout's
//! working graphs share. It knows nothing of games: rows are ids, entries are target ids.

use std::sync::Arc;

/// Rows of targets: row v is `targets[offsets[v]..offsets[v + 1]]`. The arrays are shared, so
/// the analysed game, the learner, the page and a loopy view of one game hold one copy.
#[derive(Debug, Clone)]
pub struct Csr {
    /// Length = rows + 1, starting at 0, non-decreasing, ending at `targets.len()`.
    offsets: Arc<Vec<u32>>,
    targets: Arc<Vec<u32>>,
}

impl Csr {
    /// Assembles the arrays; `debug_assert`s their shape (builders guarantee it).
    pub fn new(offsets: Vec<u32>, targets: Vec<u32>) -> Csr {
        debug_assert!(!offsets.is_empty() && offsets[0] == 0);
        debug_assert_eq!(*offsets.last().unwrap_or(&0) as usize, targets.len());
        debug_assert!(offsets.windows(2).all(|w| w[0] <= w[1]));
        Csr { offsets: Arc::new(offsets), targets: Arc::new(targets) }
    }

    /// Number of rows (positions).
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of entries (moves).
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// Row v: the positions v moves to, in the order they were added.
    pub fn moves(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The length of row v (|F(v)|).
    pub fn degree(&self, v: usize) -> usize {
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// Whether row v is empty (a position with no moves).
    pub fn is_sink(&self, v: usize) -> bool {
        self.degree(v) == 0
    }

    /// The longest row (Δ = max_v |F(v)|, Benford & Lehre §1.2); 0 when there are no rows.
    pub fn max_degree(&self) -> usize {
        self.offsets.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0)
    }

    /// Index of v's first entry in the flat array: per-edge data aligned with it is
    /// `data[edge_start(v)..edge_start(v) + degree(v)]`.
    pub fn edge_start(&self, v: usize) -> usize {
        self.offsets[v] as usize
    }

    /// The offsets (length rows + 1), for views that read the flat array directly.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The flat array of targets, aligned with [`Csr::offsets`].
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// Every entry turned round: row w lists the rows that have w, in increasing id order
    /// (the predecessors that retrograde analysis and the layout's upward sweeps walk).
    pub fn reversed(&self) -> Csr {
        let n = self.len();
        let mut offsets = vec![0u32; n + 1];
        for &w in self.targets.iter() {
            offsets[w as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for v in 0..n {
            for &w in self.moves(v) {
                sources[fill[w as usize] as usize] = v as u32;
                fill[w as usize] += 1;
            }
        }
        Csr::new(offsets, sources)
    }
}

#[cfg(test)]
mod tests {
    use super::Csr;

    #[test]
    fn reversing_twice_gives_the_rows_back_sorted() {
        let csr = Csr::new(vec![0, 2, 2, 5], vec![1, 0, 0, 1, 0]);
        let back = csr.reversed();
        assert_eq!(back.moves(0), [0, 2, 2]);
        assert_eq!(back.moves(1), [0, 2]);
        assert!(back.is_sink(2));
        let again = back.reversed();
        for v in 0..csr.len() {
            let mut row = csr.moves(v).to_vec();
            row.sort_unstable();
            assert_eq!(again.moves(v), row);
        }
        assert_eq!(csr.max_degree(), 3);
        assert_eq!(csr.edge_count(), 5);
    }
}
