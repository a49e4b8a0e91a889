//! π_γ, the projection of Benford & Lehre §3 that keeps every probability at least γ.
//!
//! For γ ∈ [0, 1/|S|) and p ∈ P(S):
//!   β⁺_γ(p) = Σ_s max{p(s) − γ, 0},   β⁻_γ(p) = Σ_s max{γ − p(s), 0},
//!   π_γ(p)(s) = γ                                  if p(s) ≤ γ,
//!             = γ + (1 − β⁻_γ(p)/β⁺_γ(p))(p(s) − γ)  if p(s) ≥ γ.
//! Mass below γ is lifted to γ and paid for by shrinking the excess above γ in proportion.
//! App. B proves C1–C4; for |S| = 2 it is clamping to [γ, 1 − γ]. Only +, −, ×, ÷ are used, so
//! the result is bit-identical on every IEEE platform (native and wasm).

/// Replaces `values` (a distribution over one position's moves) by π_γ of it, in place.
///
/// Requires 0 ≤ γ < 1/len and values summing to 1 (callers validate γ against Δ).
pub fn project(values: &mut [f64], gamma: f64) {
    let mut beta_plus = 0.0;
    let mut beta_minus = 0.0;
    for &x in values.iter() {
        if x > gamma {
            beta_plus += x - gamma;
        } else {
            beta_minus += gamma - x;
        }
    }
    // β⁻ = 0: every value is at least γ and π_γ is the identity (skipping the arithmetic keeps
    // such values bit-exact rather than γ + (p − γ) rounded).
    if beta_minus == 0.0 {
        return;
    }
    // β⁺ − β⁻ = 1 − γ|S| > 0 (App. B, eq. 4), so β⁺ > 0 here.
    let shrink = 1.0 - beta_minus / beta_plus;
    for x in values.iter_mut() {
        *x = if *x <= gamma { gamma } else { gamma + shrink * (*x - gamma) };
    }
}

/// π_γ(p) as a new vector (for tests and callers that keep p).
pub fn projected(values: &[f64], gamma: f64) -> Vec<f64> {
    let mut out = values.to_vec();
    project(&mut out, gamma);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifts_small_values_and_shrinks_the_excess() {
        // p = (0.9, 0.1, 0), γ = 0.2: β⁺ = 0.7, β⁻ = 0.1 + 0.2 = 0.3, factor 1 − 3/7 = 4/7.
        let q = projected(&[0.9, 0.1, 0.0], 0.2);
        assert!((q[0] - (0.2 + 4.0 / 7.0 * 0.7)).abs() < 1e-15);
        assert_eq!(q[1], 0.2);
        assert_eq!(q[2], 0.2);
        assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-15);
    }

    #[test]
    fn values_already_above_gamma_are_unchanged() {
        let p = [0.3, 0.3, 0.4];
        assert_eq!(projected(&p, 0.1), p);
        assert_eq!(projected(&p, 0.0), p);
    }
}
