//! The exact expected update of Algorithm 1: Lemma 3.1 of Benford & Lehre (§3, proof in App. C.1).
//!
//! For independent x, y ~ Univ(X_G, p) and z the winner of the game x (first) against y:
//!   P(z(u) = v) = p(u, v) · [1 + R(u) · (1 − W(v) − W(u))],
//! where R(u) = P(u ∈ Path_G(x, y)) and W(u) = P(f^u_G(x, y) = 1), the probability that the
//! player to move at u wins when both play from p. Since the μ winners of a generation are
//! independent copies of z, this is E[q_{t+1}(u, v)].
//!
//! Both quantities follow by dynamic programming over the acyclic graph:
//! - W(sink) = 0 under normal play (the player to move cannot and loses), 1 under misère play;
//!   W(u) = Σ_v p(u, v) · (1 − W(v)): the mover picks v, then the opponent moves at v.
//!   Ids are reverse topological (every move goes to a smaller id), so ascending ids work.
//! - R(v0) = 1; R(v) = Σ_{u : v ∈ F(u)} R(u) · p(u, v): a path reaches v through exactly one
//!   predecessor. Descending ids push R forward. On G* (P-position root) v* → v0 is forced, so
//!   R(v0) = 1 there too and nothing changes.

use super::task::Task;
use crate::spec::Play;

/// R(u) for every position: the probability that a game between two samples of `p` visits u.
pub fn visit_probability(task: &Task, p: &[f64]) -> Vec<f64> {
    let graph = &task.graph;
    let targets = graph.targets();
    let mut visit = vec![0.0; graph.len()];
    visit[graph.root()] = 1.0;
    for u in (0..graph.len()).rev() {
        let r = visit[u];
        if r == 0.0 {
            continue;
        }
        for e in task.edges(u) {
            visit[targets[e] as usize] += r * p[e];
        }
    }
    visit
}

/// W(u) for every position: the probability that the player to move at u wins when both
/// players sample their moves from `p`.
pub fn win_probability(task: &Task, p: &[f64]) -> Vec<f64> {
    let graph = &task.graph;
    let targets = graph.targets();
    let sink_value = if task.play == Play::Misere { 1.0 } else { 0.0 };
    let mut win = vec![0.0; graph.len()];
    for u in 0..graph.len() {
        let edges = task.edges(u);
        win[u] = if edges.is_empty() {
            sink_value
        } else {
            edges.map(|e| p[e] * (1.0 - win[targets[e] as usize])).sum()
        };
    }
    win
}

/// E[q_{t+1}(u, v)] for every edge (u, v), aligned with the graph's edge array: Lemma 3.1.
pub fn expected_selection(task: &Task, p: &[f64]) -> Vec<f64> {
    let visit = visit_probability(task, p);
    let win = win_probability(task, p);
    let targets = task.graph.targets();
    let mut out = vec![0.0; p.len()];
    for u in 0..task.graph.len() {
        for e in task.edges(u) {
            let v = targets[e] as usize;
            out[e] = p[e] * (1.0 + visit[u] * (1.0 - win[v] - win[u]));
        }
    }
    out
}
