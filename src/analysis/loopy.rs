//! Outcomes and generalised Sprague–Grundy values of games whose graph may have cycles.
//!
//! **Outcomes, by retrograde analysis.** Under normal play a sink is a P-position (the player
//! to move cannot move and loses); under misère play it is an N-position. Then, as long as
//! something changes: a position with a move to a P-position is N; a position all of whose moves
//! go to N-positions is P. What is never labelled is D: a draw, neither player can force a win
//! (Winning Ways ch. 12; Fraenkel, "Scenic trails ascending from sea-level Nim to alpine chess",
//! 1996, §4). This is Böhme's (W1)–(W2) for the two players of an impartial game: a
//! position's `rank` is the least i with the player to move winning (N) or the other player
//! winning (P) in A^i (§3, Corollary 3.2), which [`crate::learn::rules`] needs for Corollary 4.4's
//! h. One pass over the edges backwards with a counter per position: positions are labelled in
//! increasing rank, so an N-position's first P-follower has the least rank and a P-position's
//! last N-follower the greatest.
//!
//! **The generalised Sprague–Grundy function γ** (normal play only) of C. A. B. Smith, "Graphs
//! and composite games", J. Combin. Theory 1 (1966) 51–81, computed by the algorithm of
//! A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its invariance
//! under certain mappings", J. Combin. Theory A 43 (1986) 165–177:
//! 1. m ← 0, every position unlabelled;
//! 2. while some unlabelled u has no follower labelled m, and every follower of u that is
//!    unlabelled or labelled ∞ has a follower labelled m, label u with m;
//! 3. label ∞ every unlabelled position with no follower labelled m;
//! 4. if any position is unlabelled, m ← m + 1 and go to 2.
//!
//! A position labelled ∞ gets γ = ∞(K), K the finite values among its followers. Then γ(u) = 0
//! exactly at P-positions, and u is N iff γ(u) > 0 is finite or γ(u) = ∞(K) with 0 ∈ K; the rest
//! are D (Smith; Winning Ways ch. 12). On an acyclic graph γ is the Sprague–Grundy function.
//! Step 2 is a worklist: `open[u]` counts u's followers that are unlabelled or ∞ and have no
//! follower labelled m yet, so each stage costs O(n + edges). A position unlabelled at stage m
//! has followers labelled 0, …, m − 1, and one labelled j has at least j moves, so there are at
//! most about √(2·edges) + 2 stages.

use serde::Serialize;

use crate::csr::Csr;
use crate::loopy::LoopyGraph;
use crate::spec::Play;

/// Who wins with best play from a position, draws included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LoopyOutcome {
    /// The previous player (the one who just moved) can force a win.
    P,
    /// The next player (the one to move) can force a win.
    N,
    /// Neither can: with best play the game goes on for ever (a draw).
    D,
}

impl LoopyOutcome {
    /// `"P"`, `"N"` or `"D"`, as reports write it.
    pub fn as_str(self) -> &'static str {
        match self {
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::D => "D",
        }
    }
}

/// A value of the generalised Sprague–Grundy function γ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Gsg {
    /// A finite value m.
    Finite(u32),
    /// ∞(K): K, ascending, is the set of finite values among the followers.
    Infinite(Vec<u32>),
}

impl Gsg {
    /// `3`, or `∞(0,2)` (`∞()` when no follower has a finite value).
    pub fn text(&self) -> String {
        match self {
            Gsg::Finite(m) => m.to_string(),
            Gsg::Infinite(k) => {
                format!("∞({})", k.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            }
        }
    }
}

/// Per-position results, indexed by id.
#[derive(Debug, Clone)]
pub struct LoopyAnalysis {
    /// Normal or misère play.
    pub play: Play,
    /// P, N or D per position, by retrograde analysis.
    pub outcome: Vec<LoopyOutcome>,
    /// The least i with the position in A^i of Böhme (W1)–(W2) for the player who wins it;
    /// `u32::MAX` at D-positions.
    pub rank: Vec<u32>,
    /// γ(v); None under misère play.
    pub gsg: Option<Vec<Gsg>>,
}

impl LoopyAnalysis {
    /// Outcomes, ranks and (under normal play) γ.
    pub fn new(graph: &LoopyGraph, play: Play) -> LoopyAnalysis {
        let reverse = graph.reversed();
        let (outcome, rank) = retrograde(graph, &reverse, play);
        let gsg = (play == Play::Normal).then(|| generalised_grundy(graph, &reverse));
        LoopyAnalysis { play, outcome, rank, gsg }
    }

    /// Outcomes and ranks only (`gsg` is None): what the learning rules need, in one pass.
    pub fn outcomes(graph: &LoopyGraph, play: Play) -> LoopyAnalysis {
        let (outcome, rank) = retrograde(graph, &graph.reversed(), play);
        LoopyAnalysis { play, outcome, rank, gsg: None }
    }

    /// Counts of P-, N- and D-positions.
    pub fn counts(&self) -> [usize; 3] {
        let mut out = [0; 3];
        for o in &self.outcome {
            out[*o as usize] += 1;
        }
        out
    }
}

/// Outcomes and ranks by retrograde analysis (see the module doc).
fn retrograde(graph: &LoopyGraph, reverse: &Csr, play: Play) -> (Vec<LoopyOutcome>, Vec<u32>) {
    let n = graph.len();
    let mut outcome = vec![LoopyOutcome::D; n];
    let mut rank = vec![u32::MAX; n];
    let mut unresolved: Vec<u32> = (0..n).map(|v| graph.degree(v) as u32).collect();
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    let sink_outcome = if play == Play::Normal { LoopyOutcome::P } else { LoopyOutcome::N };
    for v in 0..n {
        if graph.is_sink(v) {
            outcome[v] = sink_outcome;
            rank[v] = 0;
            queue.push(v as u32);
        }
    }
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        let v = v as usize;
        for &u in reverse.moves(v) {
            let u = u as usize;
            if rank[u] != u32::MAX {
                continue;
            }
            let decided = match outcome[v] {
                LoopyOutcome::P => Some(LoopyOutcome::N),
                _ => {
                    unresolved[u] -= 1;
                    (unresolved[u] == 0).then_some(LoopyOutcome::P)
                }
            };
            if let Some(o) = decided {
                outcome[u] = o;
                rank[u] = rank[v] + 1;
                queue.push(u as u32);
            }
        }
    }
    (outcome, rank)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Unlabelled,
    Finite(u32),
    Infinite,
}

/// γ by Fraenkel and Yesha's algorithm (see the module doc).
fn generalised_grundy(graph: &LoopyGraph, reverse: &Csr) -> Vec<Gsg> {
    let n = graph.len();
    let preds = |v: usize| reverse.moves(v);
    let mut label = vec![Label::Unlabelled; n];
    let mut unlabelled = n;
    let mut has_m = vec![false; n];
    let mut open = vec![0u32; n];
    let mut work: Vec<u32> = Vec::new();
    let mut m = 0u32;
    while unlabelled > 0 {
        has_m.fill(false);
        for u in 0..n {
            if label[u] == Label::Unlabelled {
                open[u] = graph
                    .moves(u)
                    .iter()
                    .filter(|&&w| matches!(label[w as usize], Label::Unlabelled | Label::Infinite))
                    .count() as u32;
                if open[u] == 0 {
                    work.push(u as u32);
                }
            }
        }
        // Step 2.
        while let Some(u) = work.pop() {
            let u = u as usize;
            if label[u] != Label::Unlabelled || has_m[u] || open[u] != 0 {
                continue;
            }
            label[u] = Label::Finite(m);
            unlabelled -= 1;
            for &z in preds(u) {
                let z = z as usize;
                // u was unlabelled with no follower labelled m: it counted in open[z]. Counts
                // are kept for unlabelled positions only.
                if label[z] == Label::Unlabelled {
                    open[z] -= 1;
                }
                if has_m[z] {
                    continue;
                }
                has_m[z] = true;
                if matches!(label[z], Label::Unlabelled | Label::Infinite) {
                    // z no longer counts against its predecessors: it now has a follower
                    // labelled m.
                    for &y in preds(z) {
                        let y = y as usize;
                        if label[y] == Label::Unlabelled {
                            open[y] -= 1;
                            if open[y] == 0 && !has_m[y] {
                                work.push(y as u32);
                            }
                        }
                    }
                }
            }
        }
        // Step 3.
        for u in 0..n {
            if label[u] == Label::Unlabelled && !has_m[u] {
                label[u] = Label::Infinite;
                unlabelled -= 1;
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| match label[u] {
            Label::Finite(g) => Gsg::Finite(g),
            _ => {
                let mut k: Vec<u32> = graph
                    .moves(u)
                    .iter()
                    .filter_map(|&w| match label[w as usize] {
                        Label::Finite(g) => Some(g),
                        _ => None,
                    })
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gsg::Infinite(k)
            }
        })
        .collect()
}
