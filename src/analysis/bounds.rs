//! The parameter settings and runtime bounds of Benford & Lehre §5 (Theorem 5.2, Corollary 5.3).
//!
//! Theorem 5.2: with γ = 1/(20Δn), s = max_{v∈W_G} s(v) and
//! μ ≥ C(K + s + 1)(20Δn)^{1+2s} log n, P[T ≥ C μ Σ_{v∈W_G} (20Δn)^{s(v)} log n] ≤ n^{−K}.
//! Corollary 5.3: with s = max_{v∈V} s(v) and μ = C(K + s + 1)(20Δn)^{1+2s} log n,
//! P[T ≥ C²(K + s + 1)(20Δn)^{2+3s} log² n] ≤ n^{−K}. Logarithms are natural (§1.2).
//!
//! C is an unknown constant, so every quantity is reported divided by the power of C it
//! carries. Numbers this large overflow f64 quickly, so each is given as log10 as well.
//! Where exact s(v) is unknown we use an upper bound (Prop 4.4 or Prop 6.1); the bounds are
//! increasing in s, so they stay valid upper bounds.

use serde::Serialize;

use super::{switchability, Analysis, Outcome};
use crate::game_graph::GameGraph;
use crate::games::Family;
use crate::spec::Play;

/// A possibly astronomically large non-negative number: its log10 (null for 0, e.g. a runtime
/// bound summed over an empty W_G), and its value when f64 holds it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Big {
    /// log10 of the number; null when it is 0.
    pub log10: Option<f64>,
    /// The number itself; null when it passes f64.
    pub value: Option<f64>,
}

impl Big {
    fn from_log10(log10: f64) -> Big {
        if log10 == f64::NEG_INFINITY {
            return Big { log10: None, value: Some(0.0) };
        }
        let value = 10f64.powf(log10);
        Big { log10: Some(log10), value: value.is_finite().then_some(value) }
    }
}

/// Theorem 5.2's and Corollary 5.3's settings for one game graph (the learning graph: G, or G*
/// when the root is a P-position).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuntimeBounds {
    /// n, the number of positions.
    pub n: usize,
    /// Δ, the maximum degree.
    pub max_degree: usize,
    /// The confidence parameter K (failure probability n^{−K}).
    pub k: f64,
    /// γ = 1/(20Δn).
    pub gamma: f64,
    /// max over W_G of s(v) (Theorem 5.2's s), or its upper bound.
    pub s_critical: u32,
    /// max over V of s(v) (Corollary 5.3's s), or its upper bound.
    pub s_all: u32,
    /// Whether the s values are exact (else upper bounds).
    pub s_exact: bool,
    /// Theorem 5.2's least μ, divided by C.
    pub theorem_mu_over_c: Big,
    /// Theorem 5.2's runtime bound with that μ, divided by C².
    pub theorem_runtime_over_c2: Big,
    /// Corollary 5.3's μ, divided by C.
    pub corollary_mu_over_c: Big,
    /// Corollary 5.3's runtime bound, divided by C².
    pub corollary_runtime_over_c2: Big,
    /// log10 of Corollary 5.3's runtime bound over C² (`corollary_runtime_over_c2.log10`), the
    /// bound `runtime` reports as `bound_log10`.
    pub bound_log10: Option<f64>,
    /// log10 of Theorem 5.2's runtime bound over C² at its least μ
    /// (`theorem_runtime_over_c2.log10`), `runtime`'s `bound_theorem_log10`; null when W_G is
    /// empty (the sum is 0).
    pub bound_theorem_log10: Option<f64>,
}

/// Computes the bounds from n, Δ, the s(v) at critical positions and max_v s(v).
pub fn runtime_bounds(
    n: usize,
    max_degree: usize,
    critical_s: &[u32],
    s_all: u32,
    s_exact: bool,
    k: f64,
) -> RuntimeBounds {
    let base = 20.0 * max_degree.max(1) as f64 * n as f64; // 20Δn
    let lb = base.log10();
    // The learning graph has n ≥ 2 (a one-position game gets v*), so log n > 0; the max only
    // keeps log10 finite should a caller pass n = 1.
    let ln_n = (n as f64).ln().max(f64::MIN_POSITIVE);
    let s_critical = critical_s.iter().copied().max().unwrap_or(0);
    let theorem_mu =
        (k + f64::from(s_critical) + 1.0).log10() + (1.0 + 2.0 * f64::from(s_critical)) * lb + ln_n.log10();
    // log10 Σ_{v∈W_G} (20Δn)^{s(v)}, summed stably in log space.
    let sum_log = log10_sum(critical_s.iter().map(|&s| f64::from(s) * lb));
    let theorem_runtime = theorem_mu + sum_log + ln_n.log10();
    let corollary_mu =
        (k + f64::from(s_all) + 1.0).log10() + (1.0 + 2.0 * f64::from(s_all)) * lb + ln_n.log10();
    let corollary_runtime =
        (k + f64::from(s_all) + 1.0).log10() + (2.0 + 3.0 * f64::from(s_all)) * lb + 2.0 * ln_n.log10();
    let theorem_runtime_over_c2 = Big::from_log10(theorem_runtime);
    let corollary_runtime_over_c2 = Big::from_log10(corollary_runtime);
    RuntimeBounds {
        n,
        max_degree,
        k,
        gamma: 1.0 / base,
        s_critical,
        s_all,
        s_exact,
        theorem_mu_over_c: Big::from_log10(theorem_mu),
        theorem_runtime_over_c2,
        corollary_mu_over_c: Big::from_log10(corollary_mu),
        corollary_runtime_over_c2,
        bound_log10: corollary_runtime_over_c2.log10,
        bound_theorem_log10: theorem_runtime_over_c2.log10,
    }
}

/// log10 Σ 10^{x_i}; −∞ for an empty sum.
fn log10_sum(logs: impl Iterator<Item = f64> + Clone) -> f64 {
    let top = logs.clone().fold(f64::NEG_INFINITY, f64::max);
    if top == f64::NEG_INFINITY {
        return top;
    }
    top + logs.map(|x| 10f64.powf(x - top)).sum::<f64>().log10()
}

/// Theorem 5.2's and Corollary 5.3's settings and bounds for the learning graph (G, or G* when
/// the root is a P-position); None under misère play, for which the paper proves nothing.
///
/// G* is not built: its learner makes the forced move v* → v0 and then plays second from v0
/// (opt::Role::Second); v* is not critical (its one move goes to the P-position v0); n grows
/// by one and Δ is at least 1; s(v) is unchanged for v ≠ v* and s(v*) = 0, because a switcher
/// never needs the edge v* → v0. Where exact s(v) is unknown its upper bound is used (valid,
/// since the bounds increase in s).
pub fn learning_bounds(
    play: Play,
    graph: &GameGraph,
    analysis: &Analysis,
    bounds_s: &[u32],
    exact: Option<&[Option<u32>]>,
    k: f64,
) -> Option<RuntimeBounds> {
    if play != Play::Normal {
        return None;
    }
    let s_value = |v: usize| exact.and_then(|e| e[v]).unwrap_or(bounds_s[v]);
    let s_exact = exact.is_some_and(|e| e.iter().all(Option::is_some));
    let critical_s: Vec<u32> = analysis.critical_positions().into_iter().map(s_value).collect();
    let s_all = (0..graph.len()).map(s_value).max().unwrap_or(0);
    let (n, max_degree) = if analysis.outcome[graph.root()] == Outcome::P {
        (graph.len() + 1, graph.max_degree().max(1))
    } else {
        (graph.len(), graph.max_degree())
    };
    Some(runtime_bounds(n, max_degree, &critical_s, s_all, s_exact, k))
}

/// Upper bounds on s(v): Prop 4.4's shortest-path length, and Prop 6.1's s(v) ≤ 1 for
/// SubtractionNim^k_n (moves exactly 1..k), whose proof builds a depth-1 switcher for every v.
/// Returns the bounds and which result they come from.
pub fn switchability_bounds(family: &Family, graph: &GameGraph) -> (Vec<u32>, &'static str) {
    let mut bounds = switchability::path_bounds(graph);
    if family.switchable_in_one() {
        for b in &mut bounds {
            *b = (*b).min(1);
        }
        return (bounds, "Prop 6.1");
    }
    (bounds, "Prop 4.4")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_formulas_on_a_small_case() {
        // n = 7, Δ = 2 (SubtractionNim^2_7), s = 1, critical s values [1, 1], K = 1.
        let b = runtime_bounds(7, 2, &[1, 1], 1, true, 1.0);
        let base: f64 = 20.0 * 2.0 * 7.0;
        assert!((b.gamma - 1.0 / 280.0).abs() < 1e-15);
        let mu = 3.0 * base.powi(3) * 7f64.ln();
        let close = |x: Big, y: f64| (x.value.unwrap() / y - 1.0).abs() < 1e-9;
        assert!(close(b.theorem_mu_over_c, mu));
        assert!(close(b.theorem_runtime_over_c2, mu * 2.0 * base * 7f64.ln()));
        assert!(close(b.corollary_mu_over_c, mu));
        assert!(close(b.corollary_runtime_over_c2, 3.0 * base.powi(5) * 7f64.ln().powi(2)));
    }

    #[test]
    fn the_theorem_sums_over_critical_positions_with_their_own_s() {
        // Σ_{v∈W_G} (20Δn)^{s(v)} with s = 0, 1, 2: 1 + b + b², and Theorem 5.2's s is the max.
        let b = runtime_bounds(10, 3, &[0, 1, 2], 2, true, 2.0);
        let base: f64 = 600.0;
        let ln_n = 10f64.ln();
        let mu = (2.0 + 2.0 + 1.0) * base.powi(5) * ln_n;
        assert_eq!(b.s_critical, 2);
        let runtime = b.theorem_runtime_over_c2.value.unwrap();
        assert!((runtime / (mu * (1.0 + base + base * base) * ln_n) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn huge_values_keep_their_logarithm() {
        let b = runtime_bounds(1_000_000, 3, &[400], 400, false, 1.0);
        assert!(b.corollary_runtime_over_c2.value.is_none());
        assert!(b.corollary_runtime_over_c2.log10.unwrap() > 1000.0);
    }

    #[test]
    fn no_critical_positions_means_a_zero_runtime_bound() {
        let b = runtime_bounds(5, 1, &[], 0, true, 1.0);
        assert_eq!(b.theorem_runtime_over_c2, Big { log10: None, value: Some(0.0) });
    }
}
