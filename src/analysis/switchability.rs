//! Switchability s(v), Benford & Lehre §4 (Defs 4.1–4.3, Prop 4.4).
//!
//! An edge set A is a v-switcher if every A-compatible path from v0 to a sink contains v: at a
//! position with an A-edge out the path must take an A-edge (A2), elsewhere any move (A3).
//! Depth(A) is the largest number of A-edges on one directed path; s(v) is the least depth of
//! a v-switcher.
//!
//! Exact search. Two reductions keep it small, both checked against a literal brute force over
//! all edge sets in the tests:
//! - keeping one A-edge per position never hurts: a path compatible with the smaller set is
//!   compatible with the larger, and the depth cannot grow;
//! - A-edges only matter at strict ancestors of v, pointing at positions that still reach v:
//!   elsewhere they add depth and change nothing about visiting v.
//!
//! So a switcher is a choice, at each position a compatible path reaches before v, of "free"
//! or one move a(u). The search decides positions top-down in decreasing id (every predecessor
//! first), carrying for each position the most A-edges on a path ending there; a reached
//! position that cannot reach v ends the branch, and branches as deep as the best switcher so
//! far are cut, starting from Prop 4.4's bound (a shortest root-to-v path is a switcher).

use crate::game_graph::GameGraph;

/// Largest graph for which [`exact`] is attempted.
pub const EXACT_MAX_POSITIONS: usize = 64;
/// Search nodes allowed per position before [`exact`] gives up on it (the bound stands then).
pub const EXACT_NODE_BUDGET: u64 = 200_000;

/// Prop 4.4: s(v) ≤ the length of a shortest directed path from v0 to v.
pub fn path_bounds(graph: &GameGraph) -> Vec<u32> {
    let n = graph.len();
    let mut dist = vec![u32::MAX; n];
    dist[graph.root()] = 0;
    // Every predecessor has a larger id, so a pass in decreasing id order relaxes each edge
    // after its source's distance is final.
    for u in (0..n).rev() {
        let next = dist[u].saturating_add(1);
        for &w in graph.moves(u) {
            let w = w as usize;
            if next < dist[w] {
                dist[w] = next;
            }
        }
    }
    dist
}

/// Exact s(v) for every position, or `None` for a graph above [`EXACT_MAX_POSITIONS`]; an entry
/// is `None` where the search passed [`EXACT_NODE_BUDGET`].
pub fn exact(graph: &GameGraph) -> Option<Vec<Option<u32>>> {
    if graph.len() > EXACT_MAX_POSITIONS {
        return None;
    }
    let bounds = path_bounds(graph);
    Some((0..graph.len()).map(|v| exact_at(graph, v, bounds[v], EXACT_NODE_BUDGET)).collect())
}

/// s(v) by branch and bound (see the module doc), or None past `budget` search nodes.
pub fn exact_at(graph: &GameGraph, v: usize, bound: u32, budget: u64) -> Option<u32> {
    let n = graph.len();
    if v == graph.root() {
        return Some(0);
    }
    // reaches[u]: u = v or some move of u reaches v. Ancestors have larger ids than v.
    let mut reaches = vec![false; n];
    reaches[v] = true;
    for u in v + 1..n {
        reaches[u] = graph.moves(u).iter().any(|&w| reaches[w as usize]);
    }
    let mut search = Search {
        graph,
        v,
        reaches: &reaches,
        reached: vec![false; n],
        ending: vec![0; n],
        trail: Vec::new(),
        best: bound,
        nodes: 0,
        budget,
    };
    search.reached[graph.root()] = true;
    search.descend(graph.root());
    (search.nodes <= budget).then_some(search.best)
}

/// Top-down search: positions are decided in decreasing id order, so all predecessors of a
/// position are decided before it. Only positions some compatible path reaches get a choice;
/// a reached position other than v that cannot reach v ends the branch (a compatible path
/// through it avoids v).
struct Search<'a> {
    graph: &'a GameGraph,
    v: usize,
    reaches: &'a [bool],
    /// Some A-compatible path from the root reaches u without passing v.
    reached: Vec<bool>,
    /// Most A-edges on a directed path ending at u (from anywhere), over the decided part.
    ending: Vec<u32>,
    /// (index, old reached, old ending) to undo a branch.
    trail: Vec<(usize, bool, u32)>,
    /// Least depth of a v-switcher found so far.
    best: u32,
    nodes: u64,
    budget: u64,
}

impl Search<'_> {
    /// Decides position u (and then u − 1, …); every position above u is decided.
    fn descend(&mut self, u: usize) {
        self.nodes += 1;
        if self.nodes > self.budget {
            return;
        }
        if u == self.v {
            // Every compatible path that got this far has met v; positions below v cannot
            // reach v and were never reached. Depth(A) = the largest ending count.
            let depth = self.ending.iter().copied().max().unwrap_or(0);
            self.best = self.best.min(depth);
            return;
        }
        let moves = self.graph.moves(u);
        if !self.reached[u] {
            // Free, and no path needs it: pass its path counts on unchanged.
            let mark = self.trail.len();
            self.push_all(u, None);
            self.descend(u - 1);
            self.undo(mark);
            return;
        }
        // Free: every move is taken by some compatible path, so all must still reach v.
        if moves.iter().all(|&w| self.reaches[w as usize]) {
            let mark = self.trail.len();
            self.push_all(u, None);
            self.descend(u - 1);
            self.undo(mark);
        }
        // Forced along one move that still reaches v: one more A-edge on paths through it.
        for &w in moves {
            let w = w as usize;
            if !self.reaches[w] || self.ending[u] + 1 >= self.best {
                continue;
            }
            let mark = self.trail.len();
            self.push_all(u, Some(w));
            self.descend(u - 1);
            self.undo(mark);
        }
    }

    /// Propagates u's path counts to its moves; with `forced = Some(w)` only w is reached
    /// and the edge u → w is an A-edge.
    fn push_all(&mut self, u: usize, forced: Option<usize>) {
        let here = self.ending[u];
        let reached = self.reached[u];
        for &w in self.graph.moves(u) {
            let w = w as usize;
            let is_a_edge = forced == Some(w);
            let count = here + u32::from(is_a_edge);
            let reach = reached && (forced.is_none() || is_a_edge) && w != self.v;
            if count > self.ending[w] || (reach && !self.reached[w]) {
                self.trail.push((w, self.reached[w], self.ending[w]));
                self.ending[w] = self.ending[w].max(count);
                self.reached[w] |= reach;
            }
        }
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some((w, reached, ending)) = self.trail.pop() {
                self.reached[w] = reached;
                self.ending[w] = ending;
            }
        }
    }
}
