//! Exact, portable random variates for the UMDA engine: uniform, binomial and multinomial draws.
//!
//! *Exact*: `binomial` samples the binomial distribution itself (inversion for small means, Hörmann's
//! BTRD rejection sampler otherwise), never a normal or Poisson approximation, so small populations and
//! extreme probabilities behave exactly as the model says. (`rand_distr`'s `Binomial` is not used: where
//! 1 − p rounds to 1 it switches to a Poisson approximation, its inversion takes P(0) as
//! `(1 − p).powf(n)`, which loses most of a tiny p (the regime of the moves held at γ), and redraws
//! past 110 (conditioning the law); and it takes `powf` and `ln` from the platform, which need not
//! agree with wasm bit for bit.)
//!
//! *Portable*: a run must reproduce bit for bit from its seed both natively and in WebAssembly. The
//! samplers therefore use only IEEE-754 basic arithmetic, comparisons, `f64::sqrt`, `floor` and `abs`
//! (all correctly rounded or exact on every target) plus the pure-Rust `libm` crate for `log`, `exp`,
//! `log1p` and `expm1`. The
//! inherent `f64::ln`/`exp`/`powf` call the platform's C library natively and can differ from wasm in the
//! last ulp; in a rejection sampler one flipped acceptance changes every later draw of the run.

use rand::RngCore;

/// 2⁻⁵³, the spacing of the grid `uniform` draws from.
const TWO_POW_MINUS_53: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Below this mean (of the problem with p ≤ ½) `binomial` inverts the cdf; from here on BTRD, whose
/// constants the paper fits for n·p ≥ 10 only (below, its step-1 box is not guaranteed to stay in [0, n]
/// and under the pmf).
const INVERSION_MAX_MEAN: f64 = 10.0;

/// Uniform in [0, 1) from the top 53 bits of one next_u64(): (x >> 11) as f64 * 2^-53.
pub fn uniform(rng: &mut impl RngCore) -> f64 {
    // Both the conversion (< 2⁵³, exact) and the scaling (a power of two) are exact.
    (rng.next_u64() >> 11) as f64 * TWO_POW_MINUS_53
}

/// One draw from Binomial(n, p); p is clamped to [0, 1] (NaN counts as 0). Exact distribution.
///
/// Degenerate cases (n = 0, p ≤ 0 or NaN, p ≥ 1) consume no randomness. Otherwise the draw is made for
/// p' = min(p, 1 − p) and mirrored (n − k) when p > ½:
/// - n·p' < 10: sequential search of the cdf from 0 (expected n·p' + 1 steps), with P(0) = (1 − p')ⁿ
///   by repeated squaring and the ratio recurrence by a table of reciprocals: no transcendental
///   function, so the common case (a mean near 0) costs one uniform and a few multiplications;
/// - n·p' ≥ 10: BTRD, the transformed rejection with decomposition of W. Hörmann, "The generation of
///   binomial random variates", J. Statist. Comput. Simul. 46 (1993) 101–110 — expected O(1) time for
///   any n up to `u32::MAX` (measured: 2.5 uniforms per draw at n·p = 10, 1.4 for large n·p), with one
///   safeguard added to the paper's squeeze (see `squeeze_applies`).
// Inlined: the engine's commonest draws (a mean near 0, most often 0) end in the first lines of
// the inversion, cheaper than the call and the frame the whole sampler needs; the rest of the
// inversion and BTRD are calls.
#[inline]
pub fn binomial(rng: &mut impl RngCore, n: u32, p: f64) -> u32 {
    if n == 0 || p.is_nan() || p <= 0.0 {
        return 0;
    }
    if p >= 1.0 {
        return n;
    }
    // 1 − p is exact for p ≥ ½ (Sterbenz), so the mirrored problem is the same distribution.
    let flipped = p > 0.5;
    let p = if flipped { 1.0 - p } else { p };
    let k = if n as f64 * p < INVERSION_MAX_MEAN { inversion(rng, n, p) } else { btrd(rng, n, p) };
    if flipped {
        n - k
    } else {
        k
    }
}

/// One draw from Multinomial(n, probs), ADDED to `out[i]` (out.len() == probs.len(); probs sum to ~1,
/// non-negative). Sequential conditional binomials: k_i ~ Binomial(remaining, `probs[i]` / remaining_mass),
/// ratio clamped to [0, 1]; the last category takes what remains; stop early when nothing remains.
///
/// Negative and NaN entries count as 0 and the masses are normalised by their actual sum, so rounding
/// in `probs` cannot leak draws into zero-probability categories: "the last category" is the last one
/// with positive probability (or the very last if none is positive).
///
/// # Panics
/// If `out.len() != probs.len()`.
pub fn multinomial(rng: &mut impl RngCore, n: u32, probs: &[f64], out: &mut [u32]) {
    assert_eq!(probs.len(), out.len(), "multinomial: one output per category");
    let weight = |p: f64| if p > 0.0 { p } else { 0.0 };
    let Some(last) = probs.iter().rposition(|&p| p > 0.0).or(probs.len().checked_sub(1)) else {
        return; // no categories at all
    };
    let mut mass = 0.0;
    for &p in &probs[..=last] {
        mass += weight(p);
    }
    let mut remaining = n;
    for (i, &p) in probs[..last].iter().enumerate() {
        if remaining == 0 {
            return;
        }
        let p = weight(p);
        // `binomial` clamps the ratio to [0, 1] (rounding can push it past 1 near the end; 0/0 is NaN → 0).
        let k = binomial(rng, remaining, p / mass);
        out[i] += k;
        remaining -= k;
        mass -= p;
    }
    out[last] += remaining;
}

/// What the inversion's shortcut for a draw of 0 leaves between 1 − np and the computed P(0).
const BERNOULLI_SLACK: f64 = 1e-9;

/// Below this n, P(0) = (1 − p)ⁿ is taken by repeated squaring (see `one_minus_pow`).
const SQUARING_MAX_N: u32 = 1 << 16;

/// 1/(k + 1) for the first steps of the inversion's pmf recurrence: a multiplication instead of
/// a division per step (a draw of mean < 10 takes fewer than 64 steps but for ~10⁻²⁰ of draws).
const RECIPROCALS: [f64; 64] = {
    let mut table = [0.0; 64];
    let mut k = 0;
    while k < 64 {
        table[k] = 1.0 / (k as f64 + 1.0);
        k += 1;
    }
    table
};

/// (1 − p)ⁿ for 0 < p ≤ ½ without a transcendental function when n < 2¹⁶: 1 − p is split into its
/// rounded value h and the rounding error l = (1 − h) − p (1 − h is exact by Sterbenz), hⁿ is
/// taken by repeated squaring and corrected by (1 + l/h)ⁿ ≈ 1 + n·l/h. Each squaring doubles the
/// relative error it inherits, so the result is within about 2n·2⁻⁵³ relative (< 1.5·10⁻¹¹ for
/// n < 2¹⁶), far below what any number of draws could detect. Larger n use exp(n·log1p(−p)) from
/// `libm` (a few ulps). Both use only correctly rounded operations or `libm`: portable.
fn one_minus_pow(p: f64, n: u32) -> f64 {
    if n >= SQUARING_MAX_N {
        return libm::exp(n as f64 * libm::log1p(-p));
    }
    let h = 1.0 - p;
    let l = (1.0 - h) - p;
    let (mut base, mut e, mut acc) = (h, n, 1.0_f64);
    while e > 0 {
        // Multiplying by 1.0 is exact, so this is the textbook loop without its branch on the
        // bits of n, which the branch predictor cannot learn. The factor is chosen by masking
        // bits: a select of two floats compiles to a branch (there is no conditional move
        // between float registers), mispredicted half the time.
        let mask = 0u64.wrapping_sub(u64::from(e & 1));
        acc *= f64::from_bits((base.to_bits() & mask) | (1.0_f64.to_bits() & !mask));
        base *= base;
        e >>= 1;
    }
    acc * (1.0 + n as f64 * (l / h))
}

/// Cdf inversion for n·p < 10, p ≤ ½, n ≥ 1: one uniform, then the pmf from P(0) = (1 − p)ⁿ by the
/// ratio recurrence P(k + 1)/P(k) = (n − k)/(k + 1) · p/(1 − p) (expected n·p + 1 steps).
#[inline]
fn inversion(rng: &mut impl RngCore, n: u32, p: f64) -> u32 {
    let u = uniform(rng);
    // Most draws of the small means the engine makes stop at 0, before the ratio is needed, and
    // most of those are decided by Bernoulli's inequality (1 − p)ⁿ ≥ 1 − np without (1 − p)ⁿ:
    // the slack of 10⁻⁹ is far above one_minus_pow's error (< 1.5·10⁻¹¹ relative below 2¹⁶,
    // a few ulps above), so u below it is below the computed P(0) too: the same draw.
    if u < 1.0 - n as f64 * p - BERNOULLI_SLACK {
        return 0;
    }
    inversion_from(rng, n, p, u)
}

/// BTRD's setup and draw, out of line (see `binomial`).
#[inline(never)]
fn btrd(rng: &mut impl RngCore, n: u32, p: f64) -> u32 {
    Btrd::new(n, p).sample(rng)
}

/// The inversion past its first test, with its first uniform `u`.
#[inline(never)]
fn inversion_from(rng: &mut impl RngCore, n: u32, p: f64, mut u: f64) -> u32 {
    // n·p < 10 and p ≤ ½ keep P(0) above e^(−14): no underflow.
    let p0 = one_minus_pow(p, n);
    if u < p0 {
        return 0;
    }
    let odds = p / (1.0 - p);
    let mut first = true;
    loop {
        if !first {
            u = uniform(rng);
        }
        first = false;
        let mut k = 0;
        let mut pk = p0;
        loop {
            if u < pk {
                return k;
            }
            u -= pk;
            // The computed pmf sums to 1 only up to rounding, so u can outlast it: past n, or once the
            // tail has underflowed to 0 (a few hundred steps at most), redraw — that conditions on the
            // computed mass instead of looping forever or returning more than n.
            if k == n || pk == 0.0 {
                break;
            }
            let reciprocal = match RECIPROCALS.get(k as usize) {
                Some(&r) => r,
                None => 1.0 / (k as f64 + 1.0),
            };
            pk *= (n - k) as f64 * reciprocal * odds;
            k += 1;
        }
    }
}

/// A uniform index in 0..k (k ≥ 1), exactly uniform: the high word of a 64×64-bit product,
/// with Lemire's rejection of the few low words that would bias it. Integer arithmetic only.
pub fn uniform_index(rng: &mut impl RngCore, k: u32) -> u32 {
    let k = u64::from(k.max(1));
    let threshold = k.wrapping_neg() % k; // 2⁶⁴ mod k
    loop {
        let product = u128::from(rng.next_u64()) * u128::from(k);
        if (product as u64) >= threshold {
            return (product >> 64) as u32;
        }
    }
}

/// Adds `count` draws, uniform over the slots `out`, to them: Multinomial(count, 1/k each) with
/// k = out.len() ≥ 1. Few draws go one uniform index each; many, by sequential binomials
/// Binomial(remaining, 1/(slots left)).
pub fn spread_uniformly(rng: &mut impl RngCore, count: u32, out: &mut [u32]) {
    let k = out.len();
    if k == 0 || count == 0 {
        return;
    }
    if count <= 8 {
        for _ in 0..count {
            out[uniform_index(rng, k as u32) as usize] += 1;
        }
        return;
    }
    let mut remaining = count;
    for (i, slot) in out.iter_mut().enumerate() {
        let left = k - i;
        let c = if left == 1 { remaining } else { binomial(rng, remaining, 1.0 / left as f64) };
        *slot += c;
        remaining -= c;
        if remaining == 0 {
            break;
        }
    }
}

/// Binomial(n, r) conditioned on being at least 1 (n ≥ 1, 0 < r < 1), exactly: the index J of the
/// first success among n Bernoulli(r) trials given that there is one, P(J = j) ∝ (1 − r)^(j−1) r,
/// drawn by inverting its cdf (1 − (1 − r)^j)/(1 − (1 − r)ⁿ), plus an independent
/// Binomial(n − J, r) for the trials after it. `libm` only, so portable.
pub fn binomial_at_least_one(rng: &mut impl RngCore, n: u32, r: f64) -> u32 {
    if n == 0 {
        return 0;
    }
    if !(r > 0.0 && r < 1.0) {
        return if r >= 1.0 { n } else { 1 };
    }
    let log_stay = libm::log1p(-r); // ln(1 − r) < 0
    let q = -libm::expm1(n as f64 * log_stay); // P(at least one success)
    let u = uniform(rng);
    // J − 1 = ⌊ln(1 − u·q) / ln(1 − r)⌋ ∈ [0, n) in exact arithmetic; clamped against rounding.
    let before = f64::floor(libm::log1p(-u * q) / log_stay);
    let first = if before.is_finite() && before >= 0.0 {
        (before as u64).min(u64::from(n) - 1) as u32 + 1
    } else {
        1
    };
    1 + binomial(rng, n - first, r)
}

/// The number of generations C ≥ 1 until a position whose μ draws stay on one move with
/// probability (1 − r)^μ per generation first does not: Geometric(1 − (1 − r)^μ) on {1, 2, …},
/// C = 1 + ⌊ln U / (μ·ln(1 − r))⌋ with U uniform in (0, 1], since P(C > j) = (1 − r)^(μj).
/// None when it never happens (r = 0, or so small that C passes 2⁶²).
pub fn change_clock(rng: &mut impl RngCore, mu: u32, r: f64) -> Option<u64> {
    change_clock_from(rng, stay_log(mu, r)?)
}

/// μ·ln(1 − r), the log of the chance (1 − r)^μ that a generation changes nothing; None when
/// r is 0 or NaN (no change ever, and no draw). A pass whose fixated positions share r computes
/// it once ([`super::fast`]): the same bits as computing it for each.
pub fn stay_log(mu: u32, r: f64) -> Option<f64> {
    if r.is_nan() || r <= 0.0 {
        return None;
    }
    Some(f64::from(mu) * libm::log1p(-r.min(1.0)))
}

/// [`change_clock`] given its [`stay_log`].
pub fn change_clock_from(rng: &mut impl RngCore, log_stay: f64) -> Option<u64> {
    clock_after(1.0 - uniform(rng), log_stay)
}

/// [`change_clock`] given its [`stay_log`] and its uniform u in (0, 1].
pub fn clock_after(u: f64, log_stay: f64) -> Option<u64> {
    // ln U ≤ 0 and log_stay < 0, so the ratio is ≥ 0 (or −0, or NaN): its floor is its
    // truncation, without floor's libm call on baseline x86-64. 4.6e18 is a whole number, so
    // the floor reaches it exactly when the ratio does.
    let waited = libm::log(u) / log_stay;
    if log_stay == 0.0 || waited.is_nan() || waited >= 4.6e18 {
        return None;
    }
    // log_stay = −∞ (r = 1) gives −0 / −∞ = 0: a change every generation.
    Some(1 + waited.max(0.0) as u64)
}

/// Hörmann's BTRD for n·p ≥ 10, p ≤ ½: the paper's constants, steps numbered as there. All integers are
/// carried as f64, exact up to 2⁵³ ≫ u32::MAX.
struct Btrd {
    n: f64,
    m: f64,
    r: f64,
    nr: f64,
    npq: f64,
    a: f64,
    b: f64,
    c: f64,
    alpha: f64,
    v_r: f64,
    u_rv_r: f64,
}

impl Btrd {
    /// Step 0: setup.
    fn new(n: u32, p: f64) -> Self {
        let n = n as f64;
        let q = 1.0 - p;
        let npq = n * p * q;
        let spq = npq.sqrt();
        let b = 1.15 + 2.53 * spq;
        let v_r = 0.92 - 4.2 / b;
        Btrd {
            n,
            m: f64::floor((n + 1.0) * p), // the mode
            r: p / q,
            nr: (n + 1.0) * (p / q),
            npq,
            a: -0.0873 + 0.0248 * b + 0.01 * p,
            b,
            c: n * p + 0.5,
            alpha: (2.83 + 5.1 / b) * spq,
            v_r,
            u_rv_r: 0.86 * v_r,
        }
    }

    /// The transformation: u ∈ (−½, ½) to (us, candidate k) with us = ½ − |u|.
    fn candidate(&self, u: f64) -> (f64, f64) {
        let us = 0.5 - f64::abs(u);
        (us, f64::floor((2.0 * self.a / us + self.b) * u + self.c))
    }

    fn sample(&self, rng: &mut impl RngCore) -> u32 {
        let Btrd { n, m, r, nr, npq, a, b, alpha, v_r, u_rv_r, .. } = *self;
        loop {
            // Step 1: the box under the pmf, accepted without any test (most draws).
            let mut v = uniform(rng);
            if v <= u_rv_r {
                return self.candidate(v / v_r - 0.43).1 as u32;
            }
            // Step 2: a point (u, v) under the hat but outside the box.
            let u = if v >= v_r {
                uniform(rng) - 0.5
            } else {
                let w = v / v_r - 0.93;
                v = uniform(rng) * v_r;
                (if w < 0.0 { -0.5 } else { 0.5 }) - w
            };
            // Step 3.0: the candidate; the negated test also rejects NaN (u = ±½ divides by zero).
            let (us, k) = self.candidate(u);
            if !(0.0..=n).contains(&k) {
                continue;
            }
            v = v * alpha / (a / (us * us) + b);
            let km = f64::abs(k - m);
            if km <= 15.0 {
                // Step 3.1: near the mode, the exact pmf ratio f(k)/f(m) by the recurrence.
                let mut f = 1.0;
                let mut i = m.min(k);
                while i < m.max(k) {
                    i += 1.0;
                    let ratio = nr / i - r; // f(i)/f(i−1)
                    if m < k {
                        f *= ratio;
                    } else {
                        v *= ratio;
                    }
                }
                if v <= f {
                    return k as u32;
                }
                continue;
            }
            let v = libm::log(v);
            // Step 3.2: the squeeze, where its bounds hold (see `squeeze_applies`).
            if squeeze_applies(km, npq) {
                let (lower, upper) = squeeze_bounds(km, npq);
                if v < lower {
                    return k as u32;
                }
                if v > upper {
                    continue;
                }
            }
            // Steps 3.3–3.4: the final test against the exact ln(f(k)/f(m)).
            if v <= log_pmf_ratio(n, m, k, r) {
                return k as u32;
            }
        }
    }
}

/// Whether step 3.2's squeeze may be used for |k − m| = km. The paper uses it for every km > 15, but
/// its bounds come from a series in km/npq and the lower one fails as km/npq nears 1 (the far left tail
/// for small p: at n = 1500, p = 0.015, k = 0 the true ln(f(0)/f(m)) is 0.9 below it, so k = 0 would be
/// over-sampled). Checked over a wide grid to hold with margin for km < npq/2; beyond, which is at least
/// √npq/2 standard deviations out and so rare, the exact test decides alone.
fn squeeze_applies(km: f64, npq: f64) -> bool {
    km < 0.5 * npq
}

/// Step 3.2's bounds (lower, upper) on ln(f(k)/f(m)) around its normal approximation −km²/2npq.
fn squeeze_bounds(km: f64, npq: f64) -> (f64, f64) {
    let rho = (km / npq) * (((km / 3.0 + 0.625) * km + 1.0 / 6.0) / npq + 0.5);
    let t = -km * km / (2.0 * npq);
    (t - rho, t + rho)
}

/// ln(f(k)/f(m)) for the Binomial(n, p) pmf f, with r = p/(1 − p) (BTRD steps 3.3–3.4), in O(1):
/// Stirling's formula for the four factorials, each corrected by its tail `stirling_tail`. Off by at
/// most about 10⁻¹⁰ (the tails' series) plus n·2⁻⁵³ (rounding of the logarithms' arguments).
fn log_pmf_ratio(n: f64, m: f64, k: f64, r: f64) -> f64 {
    let nm = n - m + 1.0;
    let h = (m + 0.5) * libm::log((m + 1.0) / (r * nm)) + stirling_tail(m) + stirling_tail(n - m);
    let nk = n - k + 1.0;
    h + (n + 1.0) * libm::log(nm / nk) + (k + 0.5) * libm::log(nk * r / (k + 1.0))
        - stirling_tail(k)
        - stirling_tail(n - k)
}

/// fc(k) = ln k! − [(k + ½)·ln(k + 1) − (k + 1) + ½·ln 2π], the error of Stirling's formula for ln k!
/// (k a non-negative integer): tabulated for k ≤ 9, where the series is too coarse, and
/// 1/12(k+1) − 1/360(k+1)³ + 1/1260(k+1)⁵ beyond (error < 4·10⁻¹¹ at k = 10, falling like (k+1)⁻⁷).
fn stirling_tail(k: f64) -> f64 {
    // Correctly rounded values (computed to 40 digits).
    const TABLE: [f64; 10] = [
        0.08106146679532726,
        0.0413406959554093,
        0.02767792568499834,
        0.020790672103765093,
        0.016644691189821193,
        0.013876128823070748,
        0.01189670994589177,
        0.010411265261972096,
        0.009255462182712733,
        0.00833056343336287,
    ];
    if k < 10.0 {
        return TABLE[k as usize];
    }
    let r = 1.0 / (k + 1.0);
    let r2 = r * r;
    (1.0 / 12.0 - (1.0 / 360.0 - r2 / 1260.0) * r2) * r
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn rng(seed: u64) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(seed)
    }

    /// The Binomial(n, p) pmf on `lo..lo + pmf.len()`, computed independently of the samplers: the ratio
    /// recurrence run outward from the mode, normalised by its sum, cut where the density falls below
    /// 10⁻²⁵ of the peak (the mass beyond that is far below anything 10⁵ draws can see).
    fn exact_pmf(n: u32, p: f64) -> (u32, Vec<f64>) {
        let q = 1.0 - p;
        let mode = ((n as f64 + 1.0) * p).floor().min(n as f64) as u32;
        let mut up = vec![1.0];
        let (mut k, mut f) = (mode, 1.0);
        while k < n {
            f *= (n - k) as f64 / (k + 1) as f64 * p / q; // f(k+1)/f(k)
            if f < 1e-25 {
                break;
            }
            up.push(f);
            k += 1;
        }
        let mut down = Vec::new();
        let (mut k, mut f) = (mode, 1.0);
        while k > 0 {
            f *= k as f64 / (n - k + 1) as f64 * q / p; // f(k−1)/f(k)
            if f < 1e-25 {
                break;
            }
            down.push(f);
            k -= 1;
        }
        let lo = mode - down.len() as u32;
        down.reverse();
        down.extend(up);
        let total: f64 = down.iter().sum();
        down.iter_mut().for_each(|f| *f /= total);
        (lo, down)
    }

    /// The 0.999 quantile of χ²(df), Wilson–Hilferty approximation (within 0.5% for df ≥ 3; at df = 1 it
    /// gives 11.16 against the exact 10.83, on the lenient side).
    fn chi2_quantile_999(df: usize) -> f64 {
        const Z_999: f64 = 3.090_232_306_167_813; // standard normal 0.999 quantile
        let d = df as f64;
        let h = 2.0 / (9.0 * d);
        d * (1.0 - h + Z_999 * h.sqrt()).powi(3)
    }

    /// Pearson χ² of `draws` against Binomial(n, p), failing above the 0.999 quantile. Values are binned
    /// singly where they expect at least max(5, N/100) draws, else pooled with their neighbours (the
    /// outer bins hold the tails). Also checks the sample mean within 5 standard errors.
    fn binomial_fit(label: &str, n: u32, p: f64, draws: &[u32]) -> Result<(), String> {
        let (lo, pmf) = exact_pmf(n, p);
        let total = draws.len() as f64;
        let target = (total / 100.0).max(5.0);
        let mut bin_of = Vec::with_capacity(pmf.len());
        let mut expected: Vec<f64> = Vec::new();
        let mut acc = 0.0;
        for &f in &pmf {
            bin_of.push(expected.len());
            acc += f * total;
            if acc >= target {
                expected.push(acc);
                acc = 0.0;
            }
        }
        let open = expected.len();
        if bin_of.last() == Some(&open) {
            // Trailing values short of the target join the last full bin.
            if let Some(last) = expected.last_mut() {
                *last += acc;
                bin_of.iter_mut().filter(|b| **b == open).for_each(|b| *b = open - 1);
            } else {
                expected.push(acc);
            }
        }
        let mut observed = vec![0u64; expected.len()];
        for &x in draws {
            if x < lo || (x - lo) as usize >= pmf.len() {
                return Err(format!("{label}: draw {x} outside the support (or of probability < 1e-25)"));
            }
            observed[bin_of[(x - lo) as usize]] += 1;
        }
        let stat: f64 = observed.iter().zip(&expected).map(|(&o, &e)| (o as f64 - e).powi(2) / e).sum();
        let df = expected.len() - 1;
        assert!(df >= 1, "{label}: a single bin tests nothing");
        let critical = chi2_quantile_999(df);
        if stat >= critical {
            return Err(format!("{label}: chi-square {stat:.2} ≥ {critical:.2} ({df} df)"));
        }

        let mean = draws.iter().map(|&x| x as f64).sum::<f64>() / total;
        let (mu, sd) = (n as f64 * p, (n as f64 * p * (1.0 - p)).sqrt());
        let z = (mean - mu) / (sd / total.sqrt());
        if z.abs() >= 5.0 {
            return Err(format!("{label}: mean {mean} vs {mu}, z = {z:.2}"));
        }
        Ok(())
    }

    /// Runs every check before failing, so a failure report shows all the cases that went wrong.
    fn assert_all(results: Vec<Result<(), String>>) {
        let failures: Vec<String> = results.into_iter().filter_map(Result::err).collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn binomial_matches_exact_pmf() {
        const DRAWS: usize = 50_000;
        let cases: &[(u32, f64)] = &[
            (1, 0.3),
            (5, 0.5),
            (20, 0.1),
            (100, 0.099), // n·p = 9.9: inversion at its limit
            (20, 0.5),    // n·p = 10: BTRD at its limit, mostly the recursive step 3.1
            (30, 0.45),
            (100, 0.2),
            (1000, 0.5),
            (9, 0.6),      // mirrored, inversion
            (40, 0.55),    // mirrored, BTRD, just above ½
            (1000, 0.993), // mirrored, inversion
            (1000, 0.95),  // mirrored, BTRD
            (10_000, 0.37),
            (1_000_000, 0.001),
            (1_000_000, 0.3),
            (4_000_000_000, 1e-9),          // huge n, inversion
            (3_000_000_000, 0.999_999_999), // huge n, mirrored inversion
            (4_000_000_000, 0.25),          // huge n, BTRD: squeeze and final log test
            (u32::MAX, 0.5),
        ];
        let results = cases.iter().enumerate().map(|(i, &(n, p))| {
            let mut r = rng(1000 + i as u64);
            let draws: Vec<u32> = (0..DRAWS).map(|_| binomial(&mut r, n, p)).collect();
            binomial_fit(&format!("B({n}, {p})"), n, p, &draws)
        });
        assert_all(results.collect());
    }

    #[test]
    fn binomial_moments_for_huge_n() {
        const DRAWS: usize = 20_000;
        let (n, p) = (4_000_000_000u32, 0.25);
        let (mu, var) = (n as f64 * p, n as f64 * p * (1.0 - p));
        let mut r = rng(7);
        // Centred at the true mean so the sums keep their precision.
        let devs: Vec<f64> = (0..DRAWS).map(|_| binomial(&mut r, n, p) as f64 - mu).collect();
        let d = DRAWS as f64;
        let mean_dev = devs.iter().sum::<f64>() / d;
        let sample_var = devs.iter().map(|x| (x - mean_dev).powi(2)).sum::<f64>() / (d - 1.0);
        let z_mean = mean_dev / (var / d).sqrt();
        // The excess kurtosis (1 − 6pq)/npq is ~0, so Var(s²) ≈ 2σ⁴/(N − 1).
        let z_var = (sample_var - var) / (var * (2.0 / (d - 1.0)).sqrt());
        assert!(z_mean.abs() < 5.0, "mean off by {mean_dev} (z = {z_mean:.2})");
        assert!(z_var.abs() < 5.0, "variance {sample_var} vs {var} (z = {z_var:.2})");
    }

    #[test]
    fn binomial_edge_cases() {
        let mut r = rng(3);
        let untouched = r.clone();
        for n in [0, 1, 10, u32::MAX] {
            assert_eq!(binomial(&mut r, n, 0.0), 0);
            assert_eq!(binomial(&mut r, n, -0.0), 0);
            assert_eq!(binomial(&mut r, n, -0.5), 0);
            assert_eq!(binomial(&mut r, n, f64::NEG_INFINITY), 0);
            assert_eq!(binomial(&mut r, n, f64::NAN), 0);
            assert_eq!(binomial(&mut r, n, 1.0), n);
            assert_eq!(binomial(&mut r, n, 1.5), n);
            assert_eq!(binomial(&mut r, n, f64::INFINITY), n);
        }
        for p in [0.3, 0.5, 0.9] {
            assert_eq!(binomial(&mut r, 0, p), 0);
        }
        assert_eq!(r, untouched, "degenerate cases consume no randomness");
        // P(result ≠ 0) ≈ 10⁻²⁹⁸ and P(result ≠ n) ≈ 5·10⁻⁷: the extreme non-degenerate probabilities.
        assert_eq!(binomial(&mut r, u32::MAX, f64::MIN_POSITIVE), 0);
        assert_eq!(binomial(&mut r, u32::MAX, 1.0 - f64::EPSILON / 2.0), u32::MAX);
        let big = u32::MAX - 1;
        for _ in 0..1000 {
            assert!(binomial(&mut r, 1, 0.5) <= 1);
            assert!(binomial(&mut r, big, 0.999) <= big);
            assert!(binomial(&mut r, big, 0.5) <= big);
        }
    }

    #[test]
    fn stirling_tail_matches_its_definition() {
        let direct = |k: u32| {
            // k! is exact in f64 up to 18!, so its logarithm is rounded once.
            let ln_fact = (1..=k).map(|i| i as f64).product::<f64>().ln();
            let k = k as f64;
            ln_fact - ((k + 0.5) * (k + 1.0).ln() - (k + 1.0) + 0.5 * (2.0 * std::f64::consts::PI).ln())
        };
        for k in 0..10 {
            let err = (stirling_tail(k as f64) - direct(k)).abs();
            assert!(err < 1e-14, "table entry {k}: {err}");
        }
        for k in 10..40 {
            let err = (stirling_tail(k as f64) - direct(k)).abs();
            assert!(err < 4e-11 * (11.0 / (k as f64 + 1.0)).powi(7) + 1e-13, "series at {k}: {err}");
        }
    }

    #[test]
    fn log_pmf_ratio_is_exact() {
        // Reference: the sum of ln(f(i)/f(i − 1)) = ln((n − i + 1)/i · r) from m to k, in std f64.
        let reference = |n: u32, m: u32, k: u32, r: f64| {
            let step = |i: u32| ((n - i + 1) as f64 / i as f64 * r).ln();
            if k >= m {
                (m + 1..=k).map(step).sum::<f64>()
            } else {
                -(k + 1..=m).map(step).sum::<f64>()
            }
        };
        for (n, p) in [(20u32, 0.5), (100, 0.2), (10_000, 0.37), (1_000_000, 0.001), (4_000_000_000, 0.25)] {
            let (nf, r) = (n as f64, p / (1.0 - p));
            let m = ((nf + 1.0) * p).floor();
            let sd = (nf * p * (1.0 - p)).sqrt();
            for offset in
                [0.0, 1.0, -1.0, 16.0, -16.0, 100.0, -100.0, 3.0 * sd, -3.0 * sd, 8.0 * sd, -8.0 * sd]
            {
                let k = (m + offset.round()).clamp(0.0, nf);
                let got = log_pmf_ratio(nf, m, k, r);
                let want = reference(n, m as u32, k as u32, r);
                // The tails' series is off by up to 3·10⁻¹¹ (at 10) and both sides lose about n·2⁻⁵³ to the
                // rounding of their arguments.
                let tolerance = 2e-10 + 4.0 * nf * f64::EPSILON;
                assert!((got - want).abs() < tolerance, "n={n} p={p} k={k}: {got} vs {want}");
            }
        }
    }

    /// (n, p) pairs for BTRD's geometric checks, including the far-tail cases where the paper's squeeze
    /// fails (n·p between 20 and 100 with small p).
    const BTRD_GRID: &[(u32, f64)] = &[
        (20, 0.5),
        (21, 0.49),
        (25, 0.4),
        (33, 0.3),
        (50, 0.2),
        (100, 0.1),
        (64, 0.45),
        (500, 0.1),
        (1000, 0.05),
        (1500, 0.015),
        (5000, 0.01),
        (10_000, 0.003),
        (10_000, 0.37),
        (100_000, 0.5),
        (100_000, 0.0002),
        (1_000_000, 0.001),
        (100_000_000, 0.3),
        (4_000_000_000, 0.25),
        (u32::MAX, 0.02),
        (u32::MAX, 0.5),
    ];

    #[test]
    fn btrd_box_lies_under_the_pmf_and_the_hat_over_it() {
        // Step 1 accepts the box |u| ≤ 0.43, v ≤ v_r untested, which is exact only if the box lies under
        // the transformed pmf; the rejection steps need the hat α/(a/us² + b) to lie above it.
        for &(n, p) in BTRD_GRID {
            let s = Btrd::new(n, p);
            const STEPS: usize = 20_000;
            for i in 0..=STEPS {
                // u from −½ to ½, denser towards the ends where the hat is steep.
                let t = (1.0 - (std::f64::consts::PI * i as f64 / STEPS as f64).cos()) / 2.0;
                let u = (t - 0.5) * (1.0 - 1e-9);
                let (us, k) = s.candidate(u);
                if !(0.0..=s.n).contains(&k) {
                    assert!(u.abs() > 0.43, "B({n}, {p}): the box reaches k = {k} outside [0, n]");
                    continue;
                }
                let pmf = log_pmf_ratio(s.n, s.m, k, s.r);
                let hat = (s.alpha / (s.a / (us * us) + s.b)).ln();
                assert!(hat > pmf, "B({n}, {p}): hat below the pmf at u = {u}, k = {k}");
                if u.abs() <= 0.43 {
                    let box_top = (s.v_r * s.alpha / (s.a / (us * us) + s.b)).ln();
                    assert!(box_top < pmf, "B({n}, {p}): box above the pmf at u = {u}, k = {k}");
                }
            }
        }
    }

    #[test]
    fn btrd_squeeze_brackets_the_exact_ratio() {
        for &(n, p) in BTRD_GRID.iter().filter(|&&(n, _)| n <= 100_000) {
            let s = Btrd::new(n, p);
            let m = s.m as u32;
            // Walk outward from the mode, summing ln(f(i)/f(i − 1)) = ln((n − i + 1)/i · r), down to a
            // log-ratio of −100, which no uniform can reach.
            for up in [true, false] {
                let (mut k, mut log_ratio) = (m, 0.0);
                while log_ratio > -100.0 && if up { k < n } else { k > 0 } {
                    let step = |i: u32| ((n - i + 1) as f64 / i as f64 * s.r).ln();
                    if up {
                        k += 1;
                        log_ratio += step(k);
                    } else {
                        log_ratio -= step(k);
                        k -= 1;
                    }
                    let km = (k as f64 - s.m).abs();
                    if km > 15.0 && squeeze_applies(km, s.npq) {
                        let (lower, upper) = squeeze_bounds(km, s.npq);
                        // The bounds touch the exact value to within rounding in places.
                        assert!(
                            lower - 1e-9 <= log_ratio && log_ratio <= upper + 1e-9,
                            "B({n}, {p}), k = {k}: {log_ratio} outside [{lower}, {upper}]"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn binomial_is_pinned() {
        // Recorded from this implementation; debug, release and wasm32 builds must all give these. A
        // change here means every seeded run changes: only accept it deliberately.
        let mut r = rng(2024);
        let btrd: Vec<u32> = (0..10).map(|_| binomial(&mut r, 10_000, 0.37)).collect();
        assert_eq!(btrd, [3723, 3687, 3678, 3706, 3780, 3750, 3649, 3700, 3734, 3718]);
        let mut r = rng(2025);
        let inversion: Vec<u32> = (0..10).map(|_| binomial(&mut r, 1000, 0.993)).collect();
        assert_eq!(inversion, [991, 991, 991, 988, 991, 993, 991, 998, 990, 995]);
        let mut r = rng(2026);
        assert_eq!(uniform(&mut r), 0.4270010221773205);
    }

    #[test]
    fn one_minus_pow_is_accurate_without_transcendentals() {
        for n in [1u32, 2, 7, 100, 10_000, 65_535, 65_536, 1 << 20] {
            for p in [1e-12, 1e-8, 1e-4, 0.01, 0.3, 0.5] {
                if n as f64 * p >= 10.0 {
                    continue;
                }
                let got = one_minus_pow(p, n);
                let want = (n as f64 * (-p).ln_1p()).exp();
                assert!((got / want - 1.0).abs() < 2e-11, "(1 − {p})^{n}: {got} vs {want}");
            }
        }
    }

    #[test]
    fn uniform_index_is_uniform_and_in_range() {
        let mut r = rng(31);
        for k in [1u32, 2, 3, 7, 1000, u32::MAX] {
            for _ in 0..1000 {
                assert!(uniform_index(&mut r, k) < k);
            }
        }
        const DRAWS: usize = 70_000;
        let mut counts = [0u32; 7];
        for _ in 0..DRAWS {
            counts[uniform_index(&mut r, 7) as usize] += 1;
        }
        let e = DRAWS as f64 / 7.0;
        let stat: f64 = counts.iter().map(|&c| (c as f64 - e).powi(2) / e).sum();
        assert!(stat < chi2_quantile_999(6), "χ² {stat}");
    }

    #[test]
    fn binomial_at_least_one_is_the_truncated_binomial() {
        const DRAWS: usize = 50_000;
        let mut results = Vec::new();
        for (i, &(n, r)) in [(10u32, 0.05), (100, 0.001), (50, 0.3), (4, 0.2)].iter().enumerate() {
            let mut g = rng(300 + i as u64);
            let draws: Vec<u32> = (0..DRAWS).map(|_| binomial_at_least_one(&mut g, n, r)).collect();
            assert!(draws.iter().all(|&k| (1..=n).contains(&k)));
            // Conditioned on ≥ 1: the Binomial(n, r) pmf renormalised without 0.
            let (lo, pmf) = exact_pmf(n, r);
            let zero = if lo == 0 { pmf[0] } else { 0.0 };
            let mut stat = 0.0;
            let mut df = 0;
            let mut rare = (0.0, 0.0);
            for (j, &f) in pmf.iter().enumerate() {
                let k = lo + j as u32;
                if k == 0 {
                    continue;
                }
                let e = f / (1.0 - zero) * DRAWS as f64;
                let o = draws.iter().filter(|&&x| x == k).count() as f64;
                if e < 5.0 {
                    rare = (rare.0 + e, rare.1 + o);
                } else {
                    stat += (o - e).powi(2) / e;
                    df += 1;
                }
            }
            if rare.0 > 0.0 {
                stat += (rare.1 - rare.0).powi(2) / rare.0;
                df += 1;
            }
            let critical = chi2_quantile_999((df as usize).max(2) - 1);
            results.push(if stat < critical {
                Ok(())
            } else {
                Err(format!("B({n}, {r}) | ≥ 1: χ² {stat:.1} ≥ {critical:.1}"))
            });
        }
        assert_all(results);
    }

    #[test]
    fn change_clock_is_geometric() {
        const DRAWS: usize = 50_000;
        for (mu, r) in [(1u32, 0.3f64), (100, 0.001), (100, 1e-6)] {
            let q = -(f64::from(mu) * (-r).ln_1p()).exp_m1();
            let mut g = rng(77);
            let clocks: Vec<u64> = (0..DRAWS).map(|_| change_clock(&mut g, mu, r).unwrap()).collect();
            assert!(clocks.iter().all(|&c| c >= 1));
            // P(C = 1) = q and E[C] = 1/q, each within 5 standard errors.
            let first = clocks.iter().filter(|&&c| c == 1).count() as f64 / DRAWS as f64;
            assert!(
                (first - q).abs() < 5.0 * (q * (1.0 - q) / DRAWS as f64).sqrt() + 1e-9,
                "P(C = 1) {first} vs {q}"
            );
            let mean = clocks.iter().map(|&c| c as f64).sum::<f64>() / DRAWS as f64;
            let sd = (1.0 - q).sqrt() / q;
            assert!((mean - 1.0 / q).abs() < 5.0 * sd / (DRAWS as f64).sqrt(), "E[C] {mean} vs {}", 1.0 / q);
        }
        let mut g = rng(1);
        assert_eq!(change_clock(&mut g, 10, 0.0), None);
        assert_eq!(change_clock(&mut g, 10, f64::NAN), None);
        assert_eq!(change_clock(&mut g, 10, 1e-300), None, "too rare to schedule");
        assert_eq!(change_clock(&mut g, 10, 1.0), Some(1));
    }

    #[test]
    fn multinomial_adds_and_conserves() {
        let mut r = rng(11);
        let mut out = [7, 7, 7, 7, 7];
        let probs = [0.0, 0.5, 0.0, 0.5, 0.0];
        for _ in 0..2000 {
            multinomial(&mut r, 1000, &probs, &mut out);
        }
        assert_eq!([out[0], out[2], out[4]], [7, 7, 7], "zero-probability categories get nothing");
        assert_eq!(out.iter().sum::<u32>(), 35 + 2000 * 1000);
        // Rounding in the running mass must not leak draws into a trailing zero-probability category.
        let mut out = [0; 4];
        for _ in 0..2000 {
            multinomial(&mut r, u32::MAX / 4000, &[0.1, 0.2, 0.7, 0.0], &mut out);
        }
        assert_eq!(out[3], 0);
        // No positive category: the last one takes everything; no categories: nothing happens.
        let mut out = [1, 2];
        multinomial(&mut r, 5, &[0.0, f64::NAN], &mut out);
        assert_eq!(out, [1, 7]);
        multinomial(&mut r, 5, &[], &mut []);
    }

    #[test]
    fn multinomial_mean_vector() {
        const DRAWS: usize = 20_000;
        let (n, probs) = (1000u32, [0.5, 0.3, 0.2]);
        let mut r = rng(12);
        let mut sums = [0u64; 3];
        for _ in 0..DRAWS {
            let mut out = [0; 3];
            multinomial(&mut r, n, &probs, &mut out);
            assert_eq!(out.iter().sum::<u32>(), n);
            sums.iter_mut().zip(out).for_each(|(s, o)| *s += o as u64);
        }
        for (i, (&s, &p)) in sums.iter().zip(&probs).enumerate() {
            let mean = s as f64 / DRAWS as f64;
            let se = (n as f64 * p * (1.0 - p) / DRAWS as f64).sqrt();
            let z = (mean - n as f64 * p) / se;
            assert!(z.abs() < 5.0, "category {i}: mean {mean}, z = {z:.2}");
        }
    }

    #[test]
    fn multinomial_marginals_are_binomial() {
        const DRAWS: usize = 50_000;
        let mut results = Vec::new();
        // The first mostly through BTRD, the second through inversion.
        for (seed, n, probs) in [(21, 60u32, [0.25, 0.35, 0.4]), (22, 60, [0.05, 0.15, 0.8])] {
            let mut r = rng(seed);
            let mut columns = [Vec::new(), Vec::new(), Vec::new()];
            for _ in 0..DRAWS {
                let mut out = [0; 3];
                multinomial(&mut r, n, &probs, &mut out);
                columns.iter_mut().zip(out).for_each(|(c, k)| c.push(k));
            }
            for (i, column) in columns.iter().enumerate() {
                results.push(binomial_fit(
                    &format!("category {i} of M({n}, {probs:?})"),
                    n,
                    probs[i],
                    column,
                ));
            }
        }
        assert_all(results);
    }

    // proptest is a native-only dev-dependency.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        fn any_p() -> impl Strategy<Value = f64> {
            prop_oneof![
                0.0..=1.0,
                1e-12..1e-6,
                (1e-12..1e-6).prop_map(|d: f64| 1.0 - d),
                -1.0..2.0,
                Just(0.5),
                Just(f64::NAN),
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(500))]

            #[test]
            fn binomial_never_exceeds_n(n in prop_oneof![0..64u32, any::<u32>()], p in any_p(), seed: u64) {
                let mut r = rng(seed);
                for _ in 0..8 {
                    prop_assert!(binomial(&mut r, n, p) <= n);
                }
            }

            #[test]
            fn multinomial_conserves_n(
                n in prop_oneof![0..64u32, 0..u32::MAX - 100],
                cells in prop::collection::vec((0..4u8, 0..100u32), 1..8),
                seed: u64,
            ) {
                let total: u32 = cells.iter().map(|&(w, _)| w as u32).sum();
                let probs: Vec<f64> =
                    cells.iter().map(|&(w, _)| if total == 0 { 0.0 } else { w as f64 / total as f64 }).collect();
                let before: Vec<u32> = cells.iter().map(|&(_, o)| o).collect();
                let mut out = before.clone();
                multinomial(&mut rng(seed), n, &probs, &mut out);
                let added: u64 = out.iter().zip(&before).map(|(&o, &b)| (o - b) as u64).sum();
                prop_assert_eq!(added, n as u64);
                if total > 0 {
                    for i in 0..out.len() {
                        if probs[i] == 0.0 {
                            prop_assert_eq!(out[i], before[i]);
                        }
                    }
                }
            }
        }
    }
}
