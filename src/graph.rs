//! The game graph G = (V, F, v0) of seed 000 §2: a finite acyclic rooted digraph whose
//! positions are all reachable from the root.
//!
//! Stored as compressed sparse rows (CSR). Invariants, established by every builder in
//! [`crate::games`] and relied on by the analysis:
//! - ids are a reverse topological order: every move goes to a smaller id (the ordering
//!   u_1, …, u_n with F(u_i) ⊆ {u_1, …, u_{i−1}} used in seed 000's proofs), so a single pass
//!   in increasing id order sees every successor before its predecessors;
//! - the root v0 is the largest id (it reaches every other position);
//! - no position lists the same move twice.

use crate::games::Binomials;

/// A position's label in its family's canonical notation, computed from the id when needed
/// so that a million-position graph does not hold a million strings.
#[derive(Debug, Clone)]
pub(crate) enum Labels {
    /// Subtraction games: the heap size of each id. Invariant: strictly increasing (so a
    /// label is found by binary search).
    Heaps(Vec<u64>),
    /// Mixed-radix ids (Nim, Wythoff, and subtraction games whose ids are the heap sizes):
    /// `radices[i]` = heap i's size + 1; the last heap varies fastest.
    MixedRadix(Vec<u64>),
    /// Turning Turtles: the id's bit i is coin i (leftmost coin = bit 0), 1 = heads.
    Coins(u32),
    /// Silver Dollar: id = combinadic rank of the occupied squares (`coins` of them).
    Subsets { binomials: Binomials, coins: u32, squares: u32 },
    /// Chomp: id + 1 = combinadic rank of the partition with `parts` parts each ≤ `largest`
    /// (a_i = λ_{parts−1−i} + i); `transposed` when the parts are columns, not rows.
    Partitions { binomials: Binomials, parts: u32, largest: u32, transposed: bool },
    /// Poset games: each position's set of remaining elements, named by `names`.
    /// Invariant: `masks` sorted by (number of elements, mask), so a label is found by binary
    /// search; `names` distinct, none containing `,`, `{` or `}`.
    Masks { masks: Vec<u64>, names: Vec<String> },
    /// Families that store their labels outright (custom graphs, G*).
    Stored(Vec<String>),
}

/// A game graph in CSR form; see the module doc for its invariants.
#[derive(Debug, Clone)]
pub struct GameGraph {
    /// `offsets[v]..offsets[v+1]` indexes `targets` for position v. Invariant: len = n + 1.
    offsets: Vec<u32>,
    /// Move targets; every target of v is < v.
    targets: Vec<u32>,
    labels: Labels,
}

impl GameGraph {
    /// Assembles a graph; `debug_assert`s the invariants (builders guarantee them).
    pub(crate) fn from_csr(offsets: Vec<u32>, targets: Vec<u32>, labels: Labels) -> GameGraph {
        debug_assert!(!offsets.is_empty() && offsets[0] == 0);
        debug_assert_eq!(*offsets.last().unwrap_or(&0) as usize, targets.len());
        let graph = GameGraph { offsets, targets, labels };
        debug_assert!((0..graph.len()).all(|v| graph.moves(v).iter().all(|&w| (w as usize) < v)));
        graph
    }

    /// Number of positions n.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Never true: every game has at least its root.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of moves |E(G)|.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The root v0 (the largest id).
    pub fn root(&self) -> usize {
        self.len() - 1
    }

    /// F(v): the positions v moves to, all with smaller ids.
    pub fn moves(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// |F(v)|.
    pub fn degree(&self, v: usize) -> usize {
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// Whether v has no moves.
    pub fn is_sink(&self, v: usize) -> bool {
        self.degree(v) == 0
    }

    /// Δ = max_v |F(v)| (seed 000 §1.2).
    pub fn max_degree(&self) -> usize {
        (0..self.len()).map(|v| self.degree(v)).max().unwrap_or(0)
    }

    /// Index of v's first move in the flat edge array: per-edge data aligned with it is
    /// `data[edge_start(v)..edge_start(v) + degree(v)]`.
    pub fn edge_start(&self, v: usize) -> usize {
        self.offsets[v] as usize
    }

    /// The CSR offsets (length n + 1), for views that read the edge array directly.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The flat array of move targets, aligned with [`GameGraph::offsets`].
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// v's label in its family's canonical notation (e.g. `3,0,5` for Nim).
    pub fn label(&self, v: usize) -> String {
        match &self.labels {
            Labels::Heaps(heaps) => heaps[v].to_string(),
            Labels::MixedRadix(radices) => {
                let mut rest = v as u64;
                let mut parts = vec![0u64; radices.len()];
                for (i, &radix) in radices.iter().enumerate().rev() {
                    parts[i] = rest % radix;
                    rest /= radix;
                }
                parts.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            }
            Labels::Coins(m) => (0..*m).map(|i| if v >> i & 1 == 1 { 'H' } else { 'T' }).collect(),
            Labels::Subsets { binomials, coins, squares } => {
                let mut set = vec![0u32; *coins as usize];
                binomials.unrank(v as u64, &mut set, *squares);
                join(&set)
            }
            Labels::Partitions { binomials, parts, largest, transposed } => {
                let lengths = partition_of(binomials, v as u64 + 1, *parts, *largest);
                let rows: Vec<u32> = if *transposed {
                    (0..*largest).map(|i| lengths.iter().filter(|&&l| l > i).count() as u32).collect()
                } else {
                    lengths
                };
                join(&rows.into_iter().filter(|&l| l > 0).collect::<Vec<_>>())
            }
            Labels::Masks { masks, names } => {
                let mask = masks[v];
                let inside: Vec<&str> =
                    (0..names.len()).filter(|&i| mask >> i & 1 == 1).map(|i| names[i].as_str()).collect();
                format!("{{{}}}", inside.join(","))
            }
            Labels::Stored(labels) => labels[v].clone(),
        }
    }

    /// The id of the position with this label, if there is one.
    ///
    /// The inverse of [`GameGraph::label`]: the label is parsed back into the id (mixed radix,
    /// combinadic rank, bit mask, or a binary search), so the cost follows the label's length
    /// and nothing is allocated in proportion to the graph; only stored labels are scanned.
    /// Only the canonical spelling matches (no spaces, signs or leading zeros), as before.
    pub fn find(&self, label: &str) -> Option<usize> {
        let id = match &self.labels {
            Labels::Heaps(heaps) => heaps.binary_search(&number(label)?).ok()? as u64,
            Labels::MixedRadix(radices) => {
                let mut parts = label.split(',');
                let mut id = 0u64;
                for &radix in radices {
                    let digit = number(parts.next()?)?;
                    if digit >= radix {
                        return None;
                    }
                    id = id.checked_mul(radix)?.checked_add(digit)?;
                }
                if parts.next().is_some() {
                    return None;
                }
                id
            }
            Labels::Coins(m) => {
                if label.len() != *m as usize {
                    return None;
                }
                let mut id = 0u64;
                for (i, c) in label.bytes().enumerate() {
                    match c {
                        b'H' => id |= 1 << i,
                        b'T' => {}
                        _ => return None,
                    }
                }
                id
            }
            Labels::Subsets { binomials, coins, squares } => {
                let set = increasing(label, *coins as usize, *squares)?;
                if set.len() != *coins as usize {
                    return None;
                }
                set.iter()
                    .enumerate()
                    .fold(0u64, |rank, (i, &a)| rank.saturating_add(binomials.get(a as usize, i + 1)))
            }
            Labels::Partitions { binomials, parts, largest, transposed } => {
                // The label lists the non-empty rows, each at most `width` long, non-increasing.
                let (rows_at_most, width) = if *transposed { (*largest, *parts) } else { (*parts, *largest) };
                let mut rows = Vec::new();
                for part in label.split(',') {
                    let row = u32::try_from(number(part)?).ok()?;
                    if row == 0 || row > width || rows.last().is_some_and(|&last| row > last) {
                        return None;
                    }
                    rows.push(row);
                    if rows.len() > rows_at_most as usize {
                        return None;
                    }
                }
                // λ_j, the parts (columns when transposed), each at most `largest`; the column
                // heights are the number of rows longer than j (rows are non-increasing).
                let lambda = |j: usize| -> u32 {
                    if *transposed {
                        rows.partition_point(|&r| r as usize > j) as u32
                    } else {
                        rows.get(j).copied().unwrap_or(0)
                    }
                };
                let k = *parts as usize;
                // Rank = Σ C(a_i, i+1) with a_i = λ_{k−1−i} + i; rank ≥ 1 as the board is not empty.
                let rank = (0..k).fold(0u64, |rank, i| {
                    rank.saturating_add(binomials.get(lambda(k - 1 - i) as usize + i, i + 1))
                });
                rank.checked_sub(1)?
            }
            Labels::Masks { masks, names } => {
                let inside = label.strip_prefix('{')?.strip_suffix('}')?;
                let mut mask = 0u64;
                let mut last: Option<usize> = None;
                if !inside.is_empty() {
                    for name in inside.split(',') {
                        let i = names.iter().position(|n| n == name)?;
                        if last.is_some_and(|l| i <= l) {
                            return None;
                        }
                        last = Some(i);
                        mask |= 1 << i;
                    }
                }
                let key = (mask.count_ones(), mask);
                masks.binary_search_by_key(&key, |&m| (m.count_ones(), m)).ok()? as u64
            }
            Labels::Stored(labels) => labels.iter().position(|l| l == label)? as u64,
        };
        usize::try_from(id).ok().filter(|&v| v < self.len())
    }

    /// G* of seed 000 §2: this graph with a fictitious start v* whose only move is v* → v0.
    /// Used where the root is a P-position, so the first player has a winning strategy.
    /// v* gets the next id (it becomes the new root) and the label `v*`.
    pub fn with_fictitious_start(&self) -> GameGraph {
        let n = self.len();
        let mut offsets = self.offsets.clone();
        let mut targets = self.targets.clone();
        targets.push(self.root() as u32);
        offsets.push(targets.len() as u32);
        let mut labels: Vec<String> = (0..n).map(|v| self.label(v)).collect();
        labels.push(FICTITIOUS_START.to_string());
        GameGraph::from_csr(offsets, targets, Labels::Stored(labels))
    }
}

/// A whole number as [`GameGraph::label`] writes it: digits only, no leading zero (but `0`).
fn number(text: &str) -> Option<u64> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text.len() == 1 || !text.starts_with('0'));
    if canonical {
        text.parse().ok()
    } else {
        None
    }
}

/// At most `most` comma-separated numbers, strictly increasing, each below `upper`; None for
/// anything else, and after reading at most `most` + 1 parts.
fn increasing(label: &str, most: usize, upper: u32) -> Option<Vec<u32>> {
    let mut set: Vec<u32> = Vec::new();
    for part in label.split(',') {
        let a = u32::try_from(number(part)?).ok()?;
        if a >= upper || set.last().is_some_and(|&last| a <= last) || set.len() == most {
            return None;
        }
        set.push(a);
    }
    Some(set)
}

fn join(values: &[u32]) -> String {
    values.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// The partition λ_0 ≥ … ≥ λ_{parts−1} (each ≤ `largest`) whose combinadic rank is `rank`.
pub(crate) fn partition_of(binomials: &Binomials, rank: u64, parts: u32, largest: u32) -> Vec<u32> {
    let mut set = vec![0u32; parts as usize];
    binomials.unrank(rank, &mut set, parts + largest);
    // a_i = λ_{parts−1−i} + i
    (0..parts as usize).map(|j| set[parts as usize - 1 - j] - (parts as usize - 1 - j) as u32).collect()
}

/// Label of seed 000's fictitious start position.
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
