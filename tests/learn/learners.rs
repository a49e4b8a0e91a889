//! The learners besides UMDA (src/learn/pbil.rs, src/learn/cga.rs), checked exactly as Lemma 3.1
//! is for UMDA (tests/learn/learn.rs): their expected one-step update against a hand computation
//! on a game small enough to do by hand, against a brute force over every pair of strategies on
//! generated games, and their sampled steps against that expectation. PBIL with ρ = 1 is UMDA bit
//! for bit; every learner replays from its seed.

use crate::common;

use std::sync::Arc;

use common::{all_strategies, dag, payoff};
use impartial::learn::cga::Cga;
use impartial::learn::dynamics::expected_selection;
use impartial::learn::learner::{Knobs, ModelLearner, Settings};
use impartial::learn::pbil::Pbil;
use impartial::learn::registry::algorithm;
use impartial::learn::{Engine, Params, Run, Task};
use impartial::spec::GameSpec;
use impartial::{GameGraph, Limits, Play};
use proptest::prelude::*;

fn task(spec: &str) -> Arc<Task> {
    Arc::new(Task::from_spec(spec, &Limits::DEFAULT).unwrap())
}

/// The hand-computed game: from 0 a move to the sink 1 (a P-position: the mover wins) or to 2,
/// whose only move leads to the sink 3 (so the mover to 2 loses). Only position 0 has a choice.
const TWO_MOVES: &str = "game=dag&edges=0-1,0-2,2-3&root=0";

/// The edge 0 → 1 (the winning move) of [`TWO_MOVES`].
fn winning_edge(task: &Task) -> usize {
    task.edges(task.graph.root())
        .find(|&e| task.graph.label(task.graph.targets()[e] as usize) == "1")
        .unwrap()
}

// ---------------------------------------------------------------------------------------------
// By hand. With a = p(0, → 1): x wins when x(0) = 1; else y wins, and y's move at 0 is its own
// draw. So the winner's move at 0 is 1 with probability a + (1 − a)a = a(2 − a): 3/4 at a = 1/2.
//   PBIL:  E[p'(0, → 1)] = (1 − ρ)/2 + ρ·3/4 = 0.625 at ρ = 1/2 (γ = 0: π_γ is the identity).
//   cGA:   x and y differ at 0 with probability 1/2, and then the one that moved to 1 wins, so
//          p' = 1/2 + 1/K with probability 1/2 and 1/2 otherwise: E[p'] = 1/2 + 1/(2K), and
//          p' is never below 1/2.

#[test]
fn pbil_one_step_by_hand() {
    let t = task(TWO_MOVES);
    let e = winning_edge(&t);
    let params = Params::new(&t, 100, 0.0).unwrap();
    // The expected engine is the expectation itself.
    let mut run = Pbil::new(Arc::clone(&t), Engine::Expected, params, 0.5, 1);
    run.step();
    assert_eq!(run.model()[e], 0.625);
    // ρ = 1 is UMDA's expected engine: Lemma 3.1's 3/4.
    let mut umda_like = Pbil::new(Arc::clone(&t), Engine::Expected, params, 1.0, 1);
    umda_like.step();
    assert_eq!(umda_like.model()[e], 0.75);
    // The sampling engines: the mean of p' over seeds, within 5 standard errors of 0.625
    // (p' = 1/4 + q/2 with μq ~ Binomial(μ, 3/4), so sd(p') = √(3/16/μ)/2).
    for engine in [Engine::Naive, Engine::Fast] {
        let seeds = 2000u64;
        let mean = (0..seeds)
            .map(|seed| {
                let mut run = Pbil::new(Arc::clone(&t), engine, params, 0.5, seed);
                run.step();
                run.model()[e]
            })
            .sum::<f64>()
            / seeds as f64;
        let se = (3.0 / 16.0 / 100.0f64).sqrt() / 2.0 / (seeds as f64).sqrt();
        assert!((mean - 0.625).abs() < 5.0 * se, "{engine:?}: mean p' = {mean}, expected 0.625 (se {se})");
    }
}

#[test]
fn cga_one_step_by_hand() {
    let t = task(TWO_MOVES);
    let e = winning_edge(&t);
    let params = Params::new(&t, 1, 0.0).unwrap();
    let k = 10u32;
    let seeds = 4000u64;
    let mut raised = 0u64;
    for seed in 0..seeds {
        let mut run = Cga::new(Arc::clone(&t), params.gamma(), k, seed);
        run.step();
        let p = run.model()[e];
        // Exactly one of the two values the hand computation allows.
        if p == 0.5 + 0.1 {
            raised += 1;
        } else {
            assert_eq!(p, 0.5, "seed {seed}");
        }
        assert_eq!(run.games(), 1);
    }
    // E[p'] = 1/2 + 1/(2K): the move is raised in half the steps (binomial sd √(n/4)).
    let sd = (seeds as f64 / 4.0).sqrt();
    assert!((raised as f64 - seeds as f64 / 2.0).abs() < 5.0 * sd, "{raised} of {seeds} raised");
}

// ---------------------------------------------------------------------------------------------
// By brute force over every pair of strategies, on generated games.

/// A task on a generated graph, as tests/learn/learn.rs builds one for Lemma 3.1.
fn task_of(graph: GameGraph, play: Play) -> Arc<Task> {
    let edges: Vec<String> =
        (0..graph.len()).flat_map(|v| graph.moves(v).iter().map(move |w| format!("{v}-{w}"))).collect();
    let play = if play == Play::Misere { "misere" } else { "normal" };
    let text = format!("game=dag&edges={}&root={}&play={play}", edges.join(","), graph.root());
    Arc::new(Task::new(GameSpec::parse(&text).unwrap(), graph))
}

/// A model with every probability at least 1/(5d) at a position of d moves (so a cGA step of
/// 1/K ≤ 1/1000 never takes one below 0 and π_0 is the identity).
fn spread_model(graph: &GameGraph, salt: usize) -> Vec<f64> {
    let mut p = vec![0.0; graph.edge_count()];
    for v in 0..graph.len() {
        let d = graph.degree(v);
        let w: Vec<f64> = (0..d).map(|i| 1.0 + ((v * 7 + i * 3 + salt) % 5) as f64).collect();
        let total: f64 = w.iter().sum();
        for i in 0..d {
            p[graph.edge_start(v) + i] = w[i] / total;
        }
    }
    p
}

/// For every pair (x, y) with its probability: the winner and the loser (x moves first).
fn pairs(graph: &GameGraph, p: &[f64], play: Play, mut each: impl FnMut(f64, &[u32], &[u32])) {
    let strategies = all_strategies(graph);
    let probability = |x: &[u32]| -> f64 {
        (0..graph.len())
            .filter(|&v| !graph.is_sink(v))
            .map(|v| p[graph.edge_start(v) + graph.moves(v).iter().position(|&w| w == x[v]).unwrap()])
            .product()
    };
    for x in &strategies {
        for y in &strategies {
            let first_wins = payoff(graph, graph.root(), x, y, play) == 1;
            let (winner, loser) = if first_wins { (x, y) } else { (y, x) };
            each(probability(x) * probability(y), winner, loser);
        }
    }
}

/// The edge of v's move to w.
fn edge(graph: &GameGraph, v: usize, w: u32) -> usize {
    graph.edge_start(v) + graph.moves(v).iter().position(|&t| t == w).unwrap()
}

proptest! {
    #![proptest_config(crate::common::proptest_config(100))]

    /// E[p'] of the compact GA, summed over every pair (x, y): 1/K moved from the loser's move to
    /// the winner's wherever they differ; equal to the closed form p + (2/K)(E[q] − p) of
    /// src/learn/cga.rs with Lemma 3.1's E[q].
    #[test]
    fn cga_expected_step_is_the_brute_force(graph in dag(6), salt in 0usize..5, misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let p = spread_model(&graph, salt);
        let k = 1000.0;
        let mut brute = vec![0.0; p.len()];
        pairs(&graph, &p, play, |weight, winner, loser| {
            for v in (0..graph.len()).filter(|&v| graph.degree(v) > 1) {
                let mut step = p[graph.edge_start(v)..graph.edge_start(v) + graph.degree(v)].to_vec();
                if winner[v] != loser[v] {
                    step[edge(&graph, v, winner[v]) - graph.edge_start(v)] += 1.0 / k;
                    step[edge(&graph, v, loser[v]) - graph.edge_start(v)] -= 1.0 / k;
                }
                for (i, x) in step.iter().enumerate() {
                    brute[graph.edge_start(v) + i] += weight * x;
                }
            }
        });
        let task = task_of(graph.clone(), play);
        let q = expected_selection(&task, &p);
        for v in (0..graph.len()).filter(|&v| graph.degree(v) > 1) {
            for e in task.edges(v) {
                let closed = p[e] + 2.0 / k * (q[e] - p[e]);
                prop_assert!((brute[e] - closed).abs() < 1e-12, "edge {e}: brute {} closed {closed}", brute[e]);
            }
        }
    }

    /// E[p'] of PBIL with γ = 0, summed over every pair: (1 − ρ)p + ρ·P(winner's move), which the
    /// expected engine computes (through Lemma 3.1) for any ρ.
    #[test]
    fn pbil_expected_engine_is_the_brute_force(graph in dag(6), salt in 0usize..5, rho in 0.01..=1.0f64) {
        let p = spread_model(&graph, salt);
        let mut winners = vec![0.0; p.len()];
        pairs(&graph, &p, Play::Normal, |weight, winner, _| {
            for v in (0..graph.len()).filter(|&v| !graph.is_sink(v)) {
                winners[edge(&graph, v, winner[v])] += weight;
            }
        });
        let task = task_of(graph.clone(), Play::Normal);
        let params = Params::new(&task, 10, 0.0).unwrap();
        let mut run = Pbil::with_model(Arc::clone(&task), Engine::Expected, params, rho, 0, &p).unwrap();
        run.step();
        for v in (0..graph.len()).filter(|&v| graph.degree(v) > 1) {
            for e in task.edges(v) {
                let brute = (1.0 - rho) * p[e] + rho * winners[e];
                prop_assert!((run.model()[e] - brute).abs() < 1e-12, "edge {e}: {} vs {brute}", run.model()[e]);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Sampled steps against the expectation, on the paper's games.

/// The mean and standard error over `seeds` one-step runs of p' per edge.
fn mean_step(seeds: u64, mut one: impl FnMut(u64) -> Vec<f64>) -> (Vec<f64>, Vec<f64>) {
    let (mut sum, mut squares) = (Vec::new(), Vec::new());
    for seed in 0..seeds {
        let p = one(seed);
        sum.resize(p.len(), 0.0);
        squares.resize(p.len(), 0.0);
        for (e, x) in p.iter().enumerate() {
            sum[e] += x;
            squares[e] += x * x;
        }
    }
    let n = seeds as f64;
    let mean: Vec<f64> = sum.iter().map(|s| s / n).collect();
    let se = squares.iter().zip(&mean).map(|(s, m)| ((s / n - m * m).max(0.0) / n).sqrt()).collect();
    (mean, se)
}

/// What was sampled, its mean and standard error per edge, and the expected step.
type Check = (&'static str, Vec<f64>, Vec<f64>, Vec<f64>);

const GAMES: [&str; 3] =
    ["game=subtraction&moves=1,2&heap=6", "game=chomp&rows=3&cols=3", "game=turning-turtles&coins=4"];

#[test]
fn sampled_steps_match_the_expected_step() {
    for spec in GAMES {
        let t = task(spec);
        let p = spread_model(&t.graph, 1);
        let q = expected_selection(&t, &p);
        let (mu, rho, k) = (20u32, 0.3, 1000u32);
        let params = Params::new(&t, mu, 0.0).unwrap();
        let mut checks: Vec<Check> = Vec::new();
        for engine in [Engine::Naive, Engine::Fast] {
            let (mean, se) = mean_step(1500, |seed| {
                let mut run = Pbil::with_model(Arc::clone(&t), engine, params, rho, seed, &p).unwrap();
                run.step();
                run.model().to_vec()
            });
            let expected = p.iter().zip(&q).map(|(p, q)| (1.0 - rho) * p + rho * q).collect();
            checks.push((engine.as_str(), mean, se, expected));
        }
        let (mean, se) = mean_step(20_000, |seed| {
            let mut run = Cga::with_model(Arc::clone(&t), params, k, seed, &p).unwrap();
            run.step();
            run.model().to_vec()
        });
        let expected = p.iter().zip(&q).map(|(p, q)| p + 2.0 / f64::from(k) * (q - p)).collect();
        checks.push(("cga", mean, se, expected));
        for (what, mean, se, expected) in checks {
            for v in (0..t.graph.len()).filter(|&v| t.graph.degree(v) > 1) {
                for e in t.edges(v) {
                    assert!(
                        (mean[e] - expected[e]).abs() <= 5.0 * se[e] + 1e-12,
                        "{spec}, {what}, edge {e}: mean p' = {} but the expected step gives {} (se {})",
                        mean[e],
                        expected[e],
                        se[e]
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// PBIL at ρ = 1 is UMDA; every learner replays from its seed.

#[test]
fn pbil_with_rho_one_is_umda_bit_for_bit() {
    for spec in GAMES {
        let t = task(spec);
        for (mu, gamma) in [(10u32, 0.0), (50, 0.01)] {
            let params = Params::new(&t, mu, gamma).unwrap();
            for engine in [Engine::Naive, Engine::Expected] {
                let mut umda = Run::new(Arc::clone(&t), engine, params, 9);
                let mut pbil = Pbil::new(Arc::clone(&t), engine, params, 1.0, 9);
                for _ in 0..15 {
                    umda.step();
                    pbil.step();
                    assert_eq!(umda.model_hash(), pbil.model_hash(), "{spec}, {engine:?}");
                    assert_eq!(umda.found(), ModelLearner::found(&pbil), "{spec}, {engine:?}");
                }
            }
        }
    }
}

#[test]
fn every_learner_replays_from_its_seed_and_another_seed_differs() {
    let t = task("game=chomp&rows=3&cols=4");
    let params = Params::new(&t, 20, 0.001).unwrap();
    for name in ["umda", "pbil", "cga"] {
        let a = algorithm(name).unwrap();
        for engine in [Engine::Fast, Engine::Naive] {
            let settings = Settings { params, engine, knobs: Knobs { rho: 0.4, k: 30 } };
            let hashes = |seed| {
                let mut run = (a.start)(Arc::clone(&t), &settings, seed);
                (0..40)
                    .map(|_| {
                        run.step();
                        run.model_hash()
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(hashes(3), hashes(3), "{name}");
            assert_ne!(hashes(3), hashes(4), "{name}");
        }
    }
}

#[test]
fn found_means_a_winner_in_opt_and_t_counts_the_games() {
    // On the hand-computed game every winner plays 0 → 1 (the one that moves to 2 loses), so
    // each learner finds in its first step: T = μ for PBIL, 1 game for the compact GA.
    let t = task(TWO_MOVES);
    let params = Params::new(&t, 7, 0.0).unwrap();
    for (name, games) in [("umda", 7), ("pbil", 7), ("cga", 1)] {
        let a = algorithm(name).unwrap();
        let settings = Settings { params, engine: Engine::Fast, knobs: Knobs::default() };
        let mut run = (a.start)(Arc::clone(&t), &settings, 5);
        assert!(run.run_until_found(1000), "{name}");
        assert_eq!(run.found().map(|f| f.games), Some(games), "{name}");
    }
}
