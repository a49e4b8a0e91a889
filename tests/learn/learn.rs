//! UMDA (Benford & Lehre §3): π_γ's properties (App. B), Lemma 3.1 against a brute force over every
//! strategy pair, the sampling engines against Lemma 3.1 and against each other, determinism.

use crate::common;

use std::sync::Arc;

use common::{all_strategies, dag, payoff};
use impartial::analysis::opt;
use impartial::learn::dynamics::expected_selection;
use impartial::learn::projection::projected;
use impartial::learn::{Engine, Params, Run, Task};
use impartial::spec::GameSpec;
use impartial::{GameGraph, Limits, Play};
use proptest::prelude::*;

fn task(spec: &str) -> Arc<Task> {
    Arc::new(Task::from_spec(spec, &Limits::DEFAULT).unwrap())
}

/// A task on a generated graph: the spec written from its edges (positions named by id), the
/// graph itself used as generated, so ids match the brute force's.
fn task_of(graph: GameGraph, play: Play) -> Arc<Task> {
    let edges: Vec<String> =
        (0..graph.len()).flat_map(|v| graph.moves(v).iter().map(move |w| format!("{v}-{w}"))).collect();
    let play = if play == Play::Misere { "misere" } else { "normal" };
    let text = format!("game=dag&edges={}&root={}&play={play}", edges.join(","), graph.root());
    Arc::new(Task::new(GameSpec::parse(&text).unwrap(), graph))
}

// ---------------------------------------------------------------------------------------------
// π_γ: App. B's C1–C4, and clamping for |S| = 2.

/// A distribution over `len` outcomes with some exact zeros and values near γ.
fn distribution(max_len: usize) -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(prop_oneof![Just(0.0), 0.0..1.0f64, 0.0..0.02f64], 1..=max_len).prop_filter_map(
        "all zero",
        |w| {
            let total: f64 = w.iter().sum();
            (total > 0.0).then(|| w.iter().map(|x| x / total).collect())
        },
    )
}

const EPS: f64 = 1e-12;

proptest! {
    #![proptest_config(crate::common::proptest_config(2000))]

    #[test]
    fn projection_satisfies_c1_to_c4(p in distribution(12), fraction in 0.0..1.0f64) {
        let s = p.len();
        let gamma = fraction / s as f64 * 0.999; // γ ∈ [0, 1/|S|)
        let q = projected(&p, gamma);
        // Lands in P_γ(S).
        prop_assert!(q.iter().all(|&x| x >= gamma - EPS));
        // C1: sums to 1.
        prop_assert!((q.iter().sum::<f64>() - 1.0).abs() < EPS);
        let beta_minus: f64 = p.iter().map(|&x| (gamma - x).max(0.0)).sum();
        for (i, (&pi, &qi)) in p.iter().zip(&q).enumerate() {
            // C2: (1 − β⁻/(1 − γ|S|)) p(s) ≤ π(p)(s) ≤ p(s) when p(s) ≥ γ.
            if pi >= gamma {
                let low = (1.0 - beta_minus / (1.0 - gamma * s as f64)) * pi;
                prop_assert!(low - EPS <= qi && qi <= pi + EPS, "C2 at {i}: {low} ≤ {qi} ≤ {pi}");
            }
            // C3: π(p)(s) ≤ max{γ, p(s)}.
            prop_assert!(qi <= gamma.max(pi) + EPS);
        }
        // C4: π(p)(A) ≤ p(A) + γ|S| for every A ⊆ S (checked on all subsets when small).
        if s <= 10 {
            for mask in 0u32..(1 << s) {
                let pa: f64 = (0..s).filter(|i| mask >> i & 1 == 1).map(|i| p[i]).sum();
                let qa: f64 = (0..s).filter(|i| mask >> i & 1 == 1).map(|i| q[i]).sum();
                prop_assert!(qa <= pa + gamma * s as f64 + EPS);
            }
        }
    }

    #[test]
    fn projection_on_two_moves_is_clamping(a in 0.0..=1.0f64, fraction in 0.0..1.0f64) {
        let gamma = fraction * 0.4999;
        let q = projected(&[a, 1.0 - a], gamma);
        prop_assert!((q[0] - a.max(gamma).min(1.0 - gamma)).abs() < EPS);
        prop_assert!((q[1] - (1.0 - a).max(gamma).min(1.0 - gamma)).abs() < EPS);
    }
}

// ---------------------------------------------------------------------------------------------
// Lemma 3.1 against a brute force over every pair of strategies.

/// A random model: positive weights per position, normalised.
fn random_model(graph: &GameGraph, weights: &[f64]) -> Vec<f64> {
    let mut p = vec![0.0; graph.edge_count()];
    let mut k = 0;
    for v in 0..graph.len() {
        let start = graph.edge_start(v);
        let d = graph.degree(v);
        let w: Vec<f64> = (0..d)
            .map(|_| {
                k += 1;
                0.05 + weights[k % weights.len()]
            })
            .collect();
        let total: f64 = w.iter().sum();
        for i in 0..d {
            p[start + i] = w[i] / total;
        }
    }
    p
}

/// P(z(u) = w) for every edge by enumerating (x, y): z is x if f_G(x, y) = 1, else y.
fn brute_force_selection(graph: &GameGraph, p: &[f64], play: Play) -> Vec<f64> {
    let strategies = all_strategies(graph);
    let probability = |x: &[u32]| -> f64 {
        (0..graph.len())
            .filter(|&v| !graph.is_sink(v))
            .map(|v| {
                let i = graph.moves(v).iter().position(|&w| w == x[v]).unwrap();
                p[graph.edge_start(v) + i]
            })
            .product()
    };
    let weights: Vec<f64> = strategies.iter().map(|x| probability(x)).collect();
    let mut out = vec![0.0; graph.edge_count()];
    for (x, px) in strategies.iter().zip(&weights) {
        for (y, py) in strategies.iter().zip(&weights) {
            let z = if payoff(graph, graph.root(), x, y, play) == 1 { x } else { y };
            for v in (0..graph.len()).filter(|&v| !graph.is_sink(v)) {
                let i = graph.moves(v).iter().position(|&w| w == z[v]).unwrap();
                out[graph.edge_start(v) + i] += px * py;
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(crate::common::proptest_config(150))]

    #[test]
    fn lemma_3_1_matches_the_brute_force(
        graph in dag(6),
        weights in prop::collection::vec(0.0..1.0f64, 1..20),
        misere in any::<bool>(),
    ) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let p = random_model(&graph, &weights);
        let brute = brute_force_selection(&graph, &p, play);
        let task = task_of(graph, play);
        let lemma = expected_selection(&task, &p);
        for (e, (a, b)) in lemma.iter().zip(&brute).enumerate() {
            prop_assert!((a - b).abs() < 1e-12, "edge {e}: Lemma 3.1 gives {a}, brute force {b}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The sampling engines against Lemma 3.1, and against each other.

/// Runs one generation from `model` for `seeds` seeds; returns the mean of q per edge and how
/// often the winners contained an optimal strategy.
fn one_generation_means(
    task: &Arc<Task>,
    model: &[f64],
    engine: Engine,
    mu: u32,
    seeds: u64,
) -> (Vec<f64>, f64) {
    let params = Params::new(task, mu, 0.0).unwrap();
    let mut sum = vec![0.0; model.len()];
    let mut optimal = 0u64;
    for seed in 0..seeds {
        let mut run = Run::with_model(Arc::clone(task), engine, params, seed, model).unwrap();
        run.step();
        for (s, &c) in sum.iter_mut().zip(run.selection_counts()) {
            *s += f64::from(c) / f64::from(mu);
        }
        optimal += u64::from(run.last_winners_optimal());
    }
    (sum.iter().map(|s| s / seeds as f64).collect(), optimal as f64 / seeds as f64)
}

/// A non-uniform model: a few expected-engine generations away from p_0, so both early
/// (near-uniform) and skewed distributions are exercised.
fn skewed_model(task: &Arc<Task>) -> Vec<f64> {
    learned_model(task, 3)
}

/// The model after `generations` generations of the expected engine.
fn learned_model(task: &Arc<Task>, generations: u32) -> Vec<f64> {
    let mut run = Run::new(Arc::clone(task), Engine::Expected, Params::new(task, 1, 0.0).unwrap(), 0);
    for _ in 0..generations {
        run.step();
    }
    run.model().to_vec()
}

/// The mean of q over `seeds` runs of μ winners each is within 5 standard errors of E[q]:
/// Var(q(u, v)) = P(1 − P)/μ because the μ winners are independent (Algorithm 1).
fn assert_engine_matches_lemma(spec: &str, engine: Engine, mu: u32, seeds: u64) {
    let task = task(spec);
    for model in [
        Run::new(Arc::clone(&task), engine, Params::new(&task, mu, 0.0).unwrap(), 0).model().to_vec(),
        skewed_model(&task),
    ] {
        let expected = expected_selection(&task, &model);
        let (mean, _) = one_generation_means(&task, &model, engine, mu, seeds);
        for v in 0..task.graph.len() {
            for e in task.edges(v) {
                let p = expected[e];
                let se = (p * (1.0 - p) / (f64::from(mu) * seeds as f64)).sqrt();
                assert!(
                    (mean[e] - p).abs() <= 5.0 * se + 1e-12,
                    "{spec}, {} engine, edge {e} of position {}: mean q = {} but Lemma 3.1 gives {p} (se {se})",
                    engine.as_str(),
                    task.graph.label(v),
                    mean[e]
                );
            }
        }
    }
}

const SUBTRACTION_NIM_2_7: &str = "game=subtraction&moves=1,2&heap=6";
const CHOMP_3: &str = "game=chomp&rows=3&cols=3";
const TURNING_TURTLES_4: &str = "game=turning-turtles&coins=4";
/// Misère play flips who wins at a sink: the engines must follow (Lemma 3.1 holds as well).
const MISERE_CHOMP_3: &str = "game=chomp&rows=3&cols=3&play=misere";
/// Heap 7 ≡ 1 (mod 3) is a misère P-position: the second seat (G*) under misère play.
const MISERE_NIM_2_8: &str = "game=subtraction&moves=1,2&heap=7&play=misere";

#[test]
fn naive_engine_matches_lemma_3_1() {
    for spec in [SUBTRACTION_NIM_2_7, CHOMP_3, TURNING_TURTLES_4, MISERE_CHOMP_3, MISERE_NIM_2_8] {
        assert_engine_matches_lemma(spec, Engine::Naive, 50, 1500);
    }
}

#[test]
fn fast_engine_matches_lemma_3_1() {
    for spec in [SUBTRACTION_NIM_2_7, CHOMP_3, TURNING_TURTLES_4, MISERE_CHOMP_3, MISERE_NIM_2_8] {
        assert_engine_matches_lemma(spec, Engine::Fast, 50, 1500);
    }
}

/// Two proportions agree within 5 standard errors of their difference.
fn assert_same_proportion(what: &str, a: f64, b: f64, n: f64) {
    let pooled = (a + b) / 2.0;
    let se = (2.0 * pooled * (1.0 - pooled) / n).sqrt();
    assert!((a - b).abs() <= 5.0 * se + 1e-12, "{what}: {a} vs {b} (se {se})");
}

#[test]
fn fast_and_naive_find_optimal_winners_equally_often() {
    // The optimality check reads winners' moves off their path; the fast engine draws those
    // lazily. The chance that a generation's winners contain an optimal strategy must match.
    for (spec, mu) in [(SUBTRACTION_NIM_2_7, 3), (CHOMP_3, 3), (TURNING_TURTLES_4, 40)] {
        let task = task(spec);
        let model = skewed_model(&task);
        let seeds = 3000;
        let (_, naive) = one_generation_means(&task, &model, Engine::Naive, mu, seeds);
        let (_, fast) = one_generation_means(&task, &model, Engine::Fast, mu, seeds);
        assert!(naive > 0.02 && naive < 0.98, "{spec}: the check is uninformative at {naive}");
        assert_same_proportion(spec, naive, fast, seeds as f64);
    }
}

#[test]
fn with_one_winner_the_check_agrees_with_the_counted_strategy() {
    // With μ = 1 the counts are exactly the winner's strategy, so "the winners contain an
    // optimal strategy" must equal Opt(G) membership of the counted strategy, seed by seed. A
    // fast engine whose check read moves other than those it counts fails this.
    for (spec, generations) in [
        (SUBTRACTION_NIM_2_7, 3),
        (CHOMP_3, 3),
        (TURNING_TURTLES_4, 12),
        (MISERE_CHOMP_3, 12),
        (MISERE_NIM_2_8, 3),
    ] {
        let task = task(spec);
        let graph = &task.graph;
        let model = learned_model(&task, generations);
        for engine in [Engine::Naive, Engine::Fast] {
            let mut optimal = 0;
            for seed in 0..400 {
                let params = Params::new(&task, 1, 0.0).unwrap();
                let mut run = Run::with_model(Arc::clone(&task), engine, params, seed, &model).unwrap();
                run.step();
                let counts = run.selection_counts();
                let strategy: Vec<Option<u32>> = (0..graph.len())
                    .map(|v| {
                        let chosen: Vec<usize> = task.edges(v).filter(|&e| counts[e] == 1).collect();
                        assert_eq!(chosen.len(), usize::from(!graph.is_sink(v)), "one winner, one move");
                        chosen.first().map(|&e| graph.targets()[e])
                    })
                    .collect();
                let counted_is_optimal = opt::every_completion_wins(graph, &strategy, task.play, task.role);
                assert_eq!(
                    run.last_winners_optimal(),
                    counted_is_optimal,
                    "{spec}, {}, seed {seed}",
                    engine.as_str()
                );
                optimal += u32::from(counted_is_optimal);
            }
            assert!(optimal > 5 && optimal < 395, "{spec}: uninformative ({optimal} of 400 optimal)");
        }
    }
}

// T of the fast engine against the naive one: tests/learn/fast.rs.

// ---------------------------------------------------------------------------------------------
// Determinism and live parameters.

#[test]
fn the_same_seed_replays_the_same_run_and_slicing_does_not_matter() {
    let task = task(CHOMP_3);
    for engine in [Engine::Fast, Engine::Naive, Engine::Expected] {
        let params = Params::new(&task, 40, 0.01).unwrap();
        let mut a = Run::new(Arc::clone(&task), engine, params, 9);
        let mut b = Run::new(Arc::clone(&task), engine, params, 9);
        for _ in 0..20 {
            a.step();
            while !b.work(7) {}
        }
        assert_eq!(a.model_hash(), b.model_hash(), "{}", engine.as_str());
        assert_eq!(a.model(), b.model());
        let mut c = Run::new(Arc::clone(&task), engine, params, 10);
        for _ in 0..20 {
            c.step();
        }
        if engine != Engine::Expected {
            assert_ne!(a.model_hash(), c.model_hash(), "another seed gives another run");
        }
        a.reset();
        for _ in 0..20 {
            a.step();
        }
        assert_eq!(a.model_hash(), b.model_hash(), "reset replays");
    }
}

#[test]
fn recorded_parameter_changes_replay_exactly() {
    let task = task(TURNING_TURTLES_4);
    let script = |run: &mut Run| {
        let task = Arc::clone(run.task());
        for g in 0..30u32 {
            if g == 5 {
                run.set_params(Params::new(&task, 7, 0.02).unwrap());
            }
            if g == 12 {
                run.set_engine(Engine::Naive);
            }
            if g == 20 {
                run.set_params(Params::new(&task, 150, 0.0).unwrap());
                run.set_engine(Engine::Fast);
            }
            run.step();
        }
        (run.model_hash(), run.games())
    };
    let mut a = Run::new(Arc::clone(&task), Engine::Fast, Params::new(&task, 20, 0.01).unwrap(), 3);
    let mut b = Run::new(Arc::clone(&task), Engine::Fast, Params::new(&task, 20, 0.01).unwrap(), 3);
    let (hash_a, games) = script(&mut a);
    assert_eq!(games, 5 * 20 + 15 * 7 + 10 * 150);
    assert_eq!(script(&mut b).0, hash_a);
}

use crate::common::pinned;

#[test]
fn the_pinned_runs_give_the_pinned_hashes() {
    for (spec, engine, hash) in pinned::PINNED {
        let got = pinned::pinned_hash(spec, engine);
        assert_eq!(got, hash, "{spec} ({}): {got:#018x}", engine.as_str());
    }
}

#[test]
fn a_p_position_root_is_learned_from_the_second_seat() {
    assert!(task(MISERE_NIM_2_8).fictitious_start(), "heap 7 is a misère P-position");
    // Heap 6 of SubtractionNim^2 is a P-position: Benford & Lehre learns G* (v* → v0). An optimal
    // strategy answers every opening move by returning to a multiple of 3.
    let task = task(SUBTRACTION_NIM_2_7);
    assert!(task.fictitious_start());
    assert_eq!(task.n, 8);
    let mut run = Run::new(Arc::clone(&task), Engine::Fast, Params::new(&task, 50, 0.01).unwrap(), 4);
    assert!(run.run_until_found(100_000, |_| {}));
    let found = run.found().unwrap();
    assert_eq!(found.games, 50 * found.generation);
}

/// Π as log₁₀ (Π once underflowed to 0 on Chomp 8×8 although every mass is at least γ):
/// the same number where Π is representable, and finite where the product underflows.
#[test]
fn prop22_log10_is_pi_without_underflow() {
    let small = Arc::new(Task::from_spec("game=nim&heaps=2,3,4", &Limits::DEFAULT).unwrap());
    let mut run = Run::new(Arc::clone(&small), Engine::Fast, Params::new(&small, 8, 0.01).unwrap(), 3);
    for _ in 0..3 {
        let pi = run.prop22_probability();
        assert!(pi > 0.0);
        assert!((run.prop22_log10() - pi.log10()).abs() < 1e-9, "{} vs {}", run.prop22_log10(), pi.log10());
        run.step();
    }
    let chomp = Arc::new(Task::from_spec("game=chomp&rows=8&cols=8", &Limits::DEFAULT).unwrap());
    let run = Run::new(Arc::clone(&chomp), Engine::Fast, Params::new(&chomp, 20, 0.0).unwrap(), 1);
    assert_eq!(run.prop22_probability(), 0.0, "the product underflows");
    let log = run.prop22_log10();
    assert!(log.is_finite() && log < -308.0, "{log}");
}

// ---------------------------------------------------------------------------------------------
// The floor the benchmark measures the fast engine against.

#[test]
fn the_lower_bound_pass_draws_the_mu_games_and_leaves_the_run_alone() {
    // Take-1 from heap 10: every game is exactly 10 moves long, whatever is drawn.
    let short = task("game=subtraction&moves=1&heap=10");
    let mut run = Run::new(Arc::clone(&short), Engine::Fast, Params::new(&short, 7, 0.0).unwrap(), 3);
    let mut out = Vec::new();
    assert_eq!(run.lower_bound_pass(&mut out), 7 * 10);
    assert_eq!(out.len(), short.graph.edge_count());
    run.step();
    assert_eq!(run.path_moves(), 7 * 10);
    // A long game with choices: the pass reads the model and a copy of the stream only.
    let long = task("game=subtraction&moves=1,2&heap=200");
    let mut run = Run::new(Arc::clone(&long), Engine::Fast, Params::new(&long, 20, 0.001).unwrap(), 5);
    run.step();
    let mut twin = run.clone();
    let shares: Vec<f64> = run.selection_counts().iter().map(|&c| f64::from(c) / 20.0).collect();
    let moves = run.lower_bound_pass(&mut out);
    assert!((20 * 100..=20 * 200).contains(&moves), "{moves} moves");
    run.step();
    twin.step();
    assert_eq!(run.model_hash(), twin.model_hash());
    assert!((20 * 100..=20 * 200).contains(&run.path_moves()));
    assert!(out.iter().zip(&shares).all(|(a, b)| (a - b).abs() < 1e-15));
}
