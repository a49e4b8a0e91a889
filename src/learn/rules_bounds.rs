//! Böhme's bounds on the plays the learner p does not win (or loses), for the root x_0 with
//! p to move.
//!
//! - **Corollary 4.4** (LNWT): if x ∈ A^h_p(W_p) and |N(y)| ≤ d for every position y, p does
//!   not win at most K(x) ≤ K_h < (d + 1)^h plays through x. Here d is the largest number of
//!   moves of any position and h the least i with the root in A^i_p(W_p): the root's rank of
//!   the retrograde analysis ([`crate::analysis::loopy`]), defined when the root is an
//!   N-position (p to move can force a win, Corollary 3.2(a)).
//! - **Theorem 4.6** (LNWP): if x ∈ A_p(W_p), fewer than M_p(x) = Σ_{y ∈ R(x) ∩ X_p} |N(y)|
//!   plays through x are not won; **Theorem 4.8** (LLP): if x is a drawing position for p
//!   (x ∈ B_p: the root is N or D), fewer than M_p(x) plays are lost. R(x) ∩ X_p are the pairs
//!   (y, p to move) reachable from (x_0, p to move) in the two-player terminal game.
//!
//! Every play starts at the root, so "plays through x" are all plays.

use serde::Serialize;

use super::rules_game::RulesGame;
use crate::analysis::loopy::LoopyOutcome;
use crate::loopy::LoopyGraph;

/// The bounds for a game's root.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RuleBounds {
    /// (d + 1)^h of Corollary 4.4, as a number (None where the root is not winning for p, or
    /// when the value passes f64).
    pub corollary_4_4: Option<f64>,
    /// log10 of (d + 1)^h (None where the root is not winning for p).
    pub corollary_4_4_log10: Option<f64>,
    /// d: the most moves of any position.
    pub d: usize,
    /// h: the least i with the root in A^i_p(W_p) (None where it is not winning for p).
    pub h: Option<u32>,
    /// M_p(x_0) of Theorems 4.6 and 4.8.
    pub theorem_4_6: u64,
    /// The root is a winning position for p (x_0 ∈ A_p(W_p)): Corollary 4.4 and Theorem 4.6 apply.
    pub winning: bool,
    /// The root is a drawing position for p (x_0 ∈ B_p): Theorem 4.8 applies.
    pub drawing: bool,
}

impl RuleBounds {
    /// The bounds of Böhme §4 at the game's root, for p moving first.
    pub fn of(game: &RulesGame) -> RuleBounds {
        let graph = &game.graph;
        let root = graph.root();
        let outcome = game.analysis.outcome[root];
        let winning = outcome == LoopyOutcome::N;
        let d = graph.max_degree();
        let h = winning.then(|| game.analysis.rank[root]);
        let log10 = h.map(|h| f64::from(h) * ((d + 1) as f64).log10());
        let value = h.map(|h| ((d + 1) as f64).powi(h as i32)).filter(|v| v.is_finite());
        RuleBounds {
            corollary_4_4: value,
            corollary_4_4_log10: log10,
            d,
            h,
            theorem_4_6: m_p(graph),
            winning,
            drawing: outcome != LoopyOutcome::P,
        }
    }
}

/// M_p(x_0) = Σ |N(y)| over the pairs (y, p to move) reachable from (root, p to move).
pub fn m_p(graph: &LoopyGraph) -> u64 {
    let n = graph.len();
    let mut seen = vec![false; 2 * n];
    let mut stack = vec![2 * graph.root()];
    seen[2 * graph.root()] = true;
    let mut total = 0u64;
    while let Some(pair) = stack.pop() {
        let (v, side) = (pair / 2, pair % 2);
        if side == 0 {
            total += graph.degree(v) as u64;
        }
        for &w in graph.moves(v) {
            let next = 2 * w as usize + (side ^ 1);
            if !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    total
}
