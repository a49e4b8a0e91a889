//! The fast engine's exactness beyond Lemma 3.1's means (src/learn/fast.rs): its pooled count
//! vectors against Multinomial(m, p), its skipping clock against stepping every generation, its
//! runtime T against the naive engine's, and its independence of the thread count.

use std::collections::HashMap;
use std::sync::Arc;

use impartial::learn::fast::{change_fixated, next_change, pooled_draw, update};
use impartial::learn::{Engine, Params, Run, Task};
use impartial::Limits;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// The 0.999 quantile of χ²(df) (Wilson–Hilferty; within 0.5% for df ≥ 3, lenient at df = 1).
fn chi2_999(df: usize) -> f64 {
    const Z: f64 = 3.090_232_306_167_813;
    let d = df as f64;
    let h = 2.0 / (9.0 * d);
    d * (1.0 - h + Z * h.sqrt()).powi(3)
}

/// Every vector of `d` counts summing to `m`.
fn compositions(m: u32, d: usize) -> Vec<Vec<u32>> {
    if d == 1 {
        return vec![vec![m]];
    }
    (0..=m)
        .flat_map(|first| {
            compositions(m - first, d - 1).into_iter().map(move |mut rest| {
                rest.insert(0, first);
                rest
            })
        })
        .collect()
}

/// The Multinomial(m, p) probability of `counts`.
fn multinomial_pmf(counts: &[u32], p: &[f64]) -> f64 {
    let ln_fact = |k: u32| (1..=k).map(|i| (i as f64).ln()).sum::<f64>();
    let m: u32 = counts.iter().sum();
    let mut ln = ln_fact(m);
    for (&c, &x) in counts.iter().zip(p) {
        if c > 0 {
            ln += c as f64 * x.ln() - ln_fact(c); // −∞ where x = 0: probability 0
        }
    }
    ln.exp()
}

/// Pearson χ² of observed cells against expected probabilities; cells expecting fewer than 5
/// draws are pooled into one. Fails above the 0.999 quantile.
fn assert_fits(label: &str, observed: &HashMap<Vec<u32>, u64>, cells: &[(Vec<u32>, f64)], draws: u64) {
    let total = draws as f64;
    let (mut stat, mut df) = (0.0, 0usize);
    let (mut pooled_expected, mut pooled_observed) = (0.0, 0.0);
    let mut seen = 0u64;
    for (cell, prob) in cells {
        let o = *observed.get(cell).unwrap_or(&0) as f64;
        seen += o as u64;
        let e = prob * total;
        if e < 5.0 {
            pooled_expected += e;
            pooled_observed += o;
        } else {
            stat += (o - e).powi(2) / e;
            df += 1;
        }
    }
    assert_eq!(seen, draws, "{label}: a draw outside the support");
    if pooled_expected > 0.0 {
        stat += (pooled_observed - pooled_expected).powi(2) / pooled_expected.max(1e-300);
        df += 1;
    }
    let df = df - 1;
    assert!(df >= 2, "{label}: too few cells to test");
    let critical = chi2_999(df);
    assert!(stat < critical, "{label}: χ² = {stat:.1} ≥ {critical:.1} ({df} df)");
}

#[test]
fn pooled_count_vectors_are_multinomial() {
    // (label, m, γ, p): moves at γ pooled with live moves; live moves only; a fixated position
    // (one live move, the rest at γ); a group large enough to be spread by binomials; γ = 0 with
    // a move of probability 0.
    let cases: &[(&str, u32, f64, &[f64])] = &[
        ("group at γ and live moves", 6, 0.1, &[0.1, 0.4, 0.1, 0.3, 0.1]),
        ("live moves only", 7, 0.01, &[0.2, 0.3, 0.5]),
        ("fixated", 5, 0.05, &[0.05, 0.85, 0.05, 0.05]),
        ("a group spread by binomials", 24, 0.3, &[0.3, 0.4, 0.3]),
        ("γ = 0, a move of probability 0", 8, 0.0, &[0.25, 0.0, 0.75]),
    ];
    const DRAWS: u64 = 100_000;
    for (i, &(label, m, gamma, p)) in cases.iter().enumerate() {
        let mut r = rng(100 + i as u64);
        let mut observed: HashMap<Vec<u32>, u64> = HashMap::new();
        for _ in 0..DRAWS {
            let mut counts = vec![0; p.len()];
            pooled_draw(&mut r, m, gamma, p, &mut counts);
            *observed.entry(counts).or_default() += 1;
        }
        let cells: Vec<(Vec<u32>, f64)> = compositions(m, p.len())
            .into_iter()
            .map(|c| {
                let q = multinomial_pmf(&c, p);
                (c, q)
            })
            .collect();
        assert_fits(label, &observed, &cells, DRAWS);
    }
}

#[test]
fn pooled_draws_add_to_counts_and_conserve_m() {
    let mut r = rng(7);
    let p = [0.2, 0.2, 0.6];
    let mut counts = [5, 0, 1];
    pooled_draw(&mut r, 1000, 0.2, &p, &mut counts);
    assert_eq!(counts.iter().sum::<u32>(), 1006);
    pooled_draw(&mut r, 0, 0.2, &p, &mut counts);
    assert_eq!(counts.iter().sum::<u32>(), 1006, "m = 0 draws nothing");
}

/// P* of a position with `d` moves fixated on move 0 under μ and γ, as the engine writes it.
fn fixated_model(d: usize, mu: u32, gamma: f64) -> Vec<f64> {
    let mut p = vec![0.0; d];
    let mut counts = vec![0; d];
    counts[0] = mu;
    assert_eq!(update(&mut p, &counts, gamma, 1.0 / f64::from(mu)), Some(0));
    p
}

/// Two-sample χ² test of homogeneity over the union of cells (cells rarer than 5 expected
/// draws pooled), at level 0.001.
fn assert_same_law<K: std::hash::Hash + Eq + Clone + Ord>(
    label: &str,
    a: &HashMap<K, u64>,
    b: &HashMap<K, u64>,
) {
    let (na, nb) = (a.values().sum::<u64>() as f64, b.values().sum::<u64>() as f64);
    let mut keys: Vec<K> = a.keys().chain(b.keys()).cloned().collect();
    keys.sort();
    keys.dedup();
    let (mut stat, mut df) = (0.0, 0usize);
    let (mut rare_a, mut rare_b) = (0.0, 0.0);
    for k in &keys {
        let (oa, ob) = (*a.get(k).unwrap_or(&0) as f64, *b.get(k).unwrap_or(&0) as f64);
        let pooled = (oa + ob) / (na + nb);
        if pooled * na.min(nb) < 5.0 {
            rare_a += oa;
            rare_b += ob;
            continue;
        }
        stat += (oa - pooled * na).powi(2) / (pooled * na) + (ob - pooled * nb).powi(2) / (pooled * nb);
        df += 1;
    }
    let rare = (rare_a + rare_b) / (na + nb);
    if rare * na.min(nb) >= 1.0 {
        stat += (rare_a - rare * na).powi(2) / (rare * na) + (rare_b - rare * nb).powi(2) / (rare * nb);
        df += 1;
    }
    let df = df.saturating_sub(1);
    assert!(df >= 2, "{label}: too few cells to test");
    let critical = chi2_999(df);
    assert!(stat < critical, "{label}: χ² = {stat:.1} ≥ {critical:.1} ({df} df)");
}

#[test]
fn the_skipping_clock_has_the_law_of_stepping_every_generation() {
    // A fixated position left alone: stepping draws Multinomial(μ, P*) every generation until
    // the counts leave e*; the clock draws the generation of that change and the counts at it.
    // Both the generation (capped into one tail cell) and the counts must have the same law.
    for (seed, d, mu, gamma, samples) in [(1u64, 3usize, 4u32, 0.1, 40_000u32), (2, 4, 100, 1e-4, 8_000)] {
        let p = fixated_model(d, mu, gamma);
        let label = format!("d = {d}, μ = {mu}, γ = {gamma}");
        let (mut step_when, mut clock_when) = (HashMap::new(), HashMap::new());
        let (mut step_counts, mut clock_counts) = (HashMap::new(), HashMap::new());
        let mut r = rng(seed);
        for _ in 0..samples {
            let mut generation = 0u64;
            let counts = loop {
                generation += 1;
                let mut counts = vec![0; d];
                pooled_draw(&mut r, mu, gamma, &p, &mut counts);
                if counts[0] != mu {
                    break counts;
                }
            };
            *step_when.entry(generation.min(200)).or_insert(0u64) += 1;
            *step_counts.entry(counts).or_insert(0u64) += 1;
        }
        let mut r = rng(seed + 1000);
        for _ in 0..samples {
            let generation = next_change(&mut r, mu, gamma, &p, 0).expect("γ > 0 changes some time");
            let mut counts = vec![0; d];
            change_fixated(&mut r, mu, gamma, &p, &mut counts);
            assert_eq!(counts.iter().sum::<u32>(), mu);
            assert_ne!(counts[0], mu, "a change leaves e*");
            *clock_when.entry(generation.min(200)).or_insert(0u64) += 1;
            *clock_counts.entry(counts).or_insert(0u64) += 1;
        }
        assert_same_law(&format!("{label}: generation of the change"), &step_when, &clock_when);
        assert_same_law(&format!("{label}: counts at the change"), &step_counts, &clock_counts);
    }
    // γ = 0: P* = (1, 0, …) never changes.
    let p = fixated_model(3, 10, 0.0);
    assert_eq!(next_change(&mut rng(3), 10, 0.0, &p, 0), None);
}

fn task(spec: &str) -> Arc<Task> {
    Arc::new(Task::from_spec(spec, &Limits::DEFAULT).unwrap())
}

/// T (games until the winners contain an optimal strategy) over `seeds` seeded runs.
fn runtimes(spec: &str, engine: Engine, mu: u32, gamma: f64, seeds: u64) -> Vec<f64> {
    let task = task(spec);
    (0..seeds)
        .map(|seed| {
            let params = Params::new(&task, mu, gamma).unwrap();
            let mut run = Run::new(Arc::clone(&task), engine, params, seed + 7_000_000 * (engine as u64));
            assert!(run.run_until_found(10_000_000, |_| {}), "{spec}: seed {seed} did not finish");
            run.found().unwrap().games as f64
        })
        .collect()
}

/// sup |F_a − F_b|.
fn ks_distance(a: &[f64], b: &[f64]) -> f64 {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_by(f64::total_cmp);
    b.sort_by(f64::total_cmp);
    let (mut i, mut j, mut d) = (0, 0, 0.0f64);
    while i < a.len() && j < b.len() {
        let t = a[i].min(b[j]);
        while i < a.len() && a[i] <= t {
            i += 1;
        }
        while j < b.len() && b[j] <= t {
            j += 1;
        }
        d = d.max((i as f64 / a.len() as f64 - j as f64 / b.len() as f64).abs());
    }
    d
}

/// Brown–Forsythe: Welch's t on the absolute deviations from each sample's median, a test of
/// equal spread that does not assume normality (T is skewed).
fn brown_forsythe_t(a: &[f64], b: &[f64]) -> f64 {
    let deviations = |x: &[f64]| {
        let mut s = x.to_vec();
        s.sort_by(f64::total_cmp);
        let median = s[s.len() / 2];
        x.iter().map(|v| (v - median).abs()).collect::<Vec<f64>>()
    };
    let moments = |x: &[f64]| {
        let n = x.len() as f64;
        let mean = x.iter().sum::<f64>() / n;
        (mean, x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0), n)
    };
    let ((ma, va, na), (mb, vb, nb)) = (moments(&deviations(a)), moments(&deviations(b)));
    (ma - mb) / (va / na + vb / nb).sqrt()
}

#[test]
fn fast_and_naive_runtimes_agree_in_law_and_spread() {
    // 1,000 seeded runs per engine on three tiny games. KS at level 0.001 (c = 1.95; T is
    // discrete, which only makes it conservative) and Brown–Forsythe's |t| < 3.3 (two-sided
    // 0.001). The fast runs skip fixated positions, so these also check the clocks in use.
    let cases = [
        ("game=subtraction&moves=1,2&heap=6", 2, 0.05),
        ("game=chomp&rows=3&cols=3", 4, 0.02),
        ("game=turning-turtles&coins=4", 3, 0.02),
    ];
    let seeds = 1000;
    for (spec, mu, gamma) in cases {
        let naive = runtimes(spec, Engine::Naive, mu, gamma, seeds);
        let fast = runtimes(spec, Engine::Fast, mu, gamma, seeds);
        let d = ks_distance(&naive, &fast);
        let critical = 1.95 * (2.0 / seeds as f64).sqrt();
        let mean = |t: &[f64]| t.iter().sum::<f64>() / t.len() as f64;
        assert!(
            d < critical,
            "{spec}: KS {d:.3} ≥ {critical:.3} (mean T naive {}, fast {})",
            mean(&naive),
            mean(&fast)
        );
        let t = brown_forsythe_t(&naive, &fast);
        assert!(t.abs() < 3.3, "{spec}: Brown–Forsythe t = {t:.2}");
        // The tests can see a difference: a run that learns half as fast fails both.
        let slower: Vec<f64> = fast.iter().map(|x| 2.0 * x).collect();
        assert!(ks_distance(&naive, &slower) >= critical, "{spec}: KS cannot tell T from 2T");
    }
}

/// The model hash after `generations` generations on a pool of `threads` threads.
fn hash_on(threads: usize, task: &Arc<Task>, params: Params, generations: u32, slice: Option<u64>) -> u64 {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| {
        let mut run = Run::new(Arc::clone(task), Engine::Fast, params, 5);
        for _ in 0..generations {
            match slice {
                None => run.step(),
                Some(budget) => while !run.work(budget) {},
            }
        }
        run.model_hash()
    })
}

#[test]
fn the_model_does_not_depend_on_threads_or_slices() {
    // 6,720 positions: seven chunks of the per-position pass.
    let task = task("game=nim&heaps=3,4,5,6,7");
    assert!(task.graph.len() > 6 * impartial::learn::fast::CHUNK);
    let params = Params::new(&task, 40, 0.001).unwrap();
    let one = hash_on(1, &task, params, 12, None);
    assert_eq!(hash_on(2, &task, params, 12, None), one, "2 threads");
    assert_eq!(hash_on(4, &task, params, 12, None), one, "4 threads");
    assert_eq!(hash_on(2, &task, params, 12, Some(5_000)), one, "in slices");
}

#[test]
fn clocks_are_dropped_when_mu_gamma_or_the_engine_change() {
    // A run whose positions are nearly all fixated, then a change: the clocks drawn for the old
    // μ and γ must not be used. With μ = 1 every position fixates each generation; a new μ = 40
    // makes every position live again, so the next generation's counts sum to 40 everywhere.
    let task = task("game=chomp&rows=3&cols=4");
    let mut run = Run::new(Arc::clone(&task), Engine::Fast, Params::new(&task, 1, 0.01).unwrap(), 3);
    for _ in 0..5 {
        run.step();
    }
    run.set_params(Params::new(&task, 40, 0.01).unwrap());
    run.step();
    for v in (0..task.graph.len()).filter(|&v| !task.graph.is_sink(v)) {
        let total: u32 = task.edges(v).map(|e| run.selection_counts()[e]).sum();
        assert_eq!(total, 40, "position {} kept counts from μ = 1", task.graph.label(v));
    }
    // The same run with the change at the same generation replays exactly.
    let mut again = Run::new(Arc::clone(&task), Engine::Fast, Params::new(&task, 1, 0.01).unwrap(), 3);
    for _ in 0..5 {
        again.step();
    }
    again.set_params(Params::new(&task, 40, 0.01).unwrap());
    again.step();
    assert_eq!(again.model_hash(), run.model_hash());
}

#[test]
fn positions_not_reported_changed_keep_their_model() {
    // What the page recomputes per generation (the critical masses) is recomputed only where
    // take_changed says p may have changed: every other position's p must be bit for bit the
    // same. Across the fast engine's skipping (μ = 20, many fixated positions), slices, a change
    // of μ and a generation of the naive engine (every position reported).
    let task = task("game=nim&heaps=3,4,5,6,7");
    let mut run = Run::new(Arc::clone(&task), Engine::Fast, Params::new(&task, 20, 0.001).unwrap(), 9);
    let n = task.graph.len();
    let mut before = run.model().to_vec();
    run.take_changed(|_| {});
    let mut skipped = 0;
    for generation in 0..40 {
        match generation {
            15 => run.set_params(Params::new(&task, 30, 0.001).unwrap()),
            25 => run.set_engine(Engine::Naive),
            26 => run.set_engine(Engine::Fast),
            _ => {}
        }
        if generation % 3 == 0 {
            while !run.work(2_000) {}
        } else {
            run.step();
        }
        let mut reported = vec![false; n];
        run.take_changed(|v| reported[v] = true);
        for (v, &seen) in reported.iter().enumerate() {
            let range = task.edges(v);
            if !seen {
                skipped += 1;
                let same = run.model()[range.clone()]
                    .iter()
                    .zip(&before[range])
                    .all(|(a, b)| a.to_bits() == b.to_bits());
                assert!(same, "generation {generation}: position {} changed unreported", task.graph.label(v));
            }
        }
        if generation == 25 {
            assert!(reported.iter().all(|&r| r), "a naive generation reports every position");
        }
        before.copy_from_slice(run.model());
    }
    assert!(skipped > n, "the fast engine skipped few positions ({skipped}): the test tests little");
}
