//! The comparison table of README ("Böhme's rules beside UMDA"): seed 003's rules on its
//! examples G_n and K_n (as two-player games) and on SubtractionNim²_n, against the paper's
//! bounds, and the plays each learner needs until its strategy is in Opt(G), over many seeds.
//!
//! `cargo run --release --example rules_table` prints the Markdown tables (about 2 minutes on
//! 2 cores).

use std::sync::Arc;

use impartial::learn::params::paper_gamma;
use impartial::learn::rules::{Opponent, Rule, RulesRun};
use impartial::learn::rules_bounds::RuleBounds;
use impartial::learn::rules_game::RulesGame;
use impartial::learn::{Engine, Params, Run, Task};
use impartial::Limits;

const SEEDS: u64 = 100;
const MAX_PLAYS: u64 = 1_000_000;

#[path = "../tests/common/seed003.rs"]
mod seed003;
use seed003::{g_n, k_n};

fn game(spec: &str) -> RulesGame {
    RulesGame::from_spec(spec, &Limits::DEFAULT).expect("a valid spec")
}

/// Not-won and lost plays of a rule against an opponent over `plays` plays, and when its
/// strategy entered Opt(G).
fn counts(spec: &str, rule: Rule, opponent: Opponent, plays: u64, seed: u64) -> (u64, u64, Option<u64>) {
    let mut run = RulesRun::new(game(spec), rule, opponent, seed);
    for _ in 0..plays {
        run.play();
        if run.counts().optimal_after.is_some() && opponent != Opponent::Random {
            break;
        }
    }
    let c = run.counts();
    (c.plays - c.won, c.lost, c.optimal_after)
}

/// UMDA's T (seed 000 Def 5.1: games until a generation's winners include a strategy in Opt(G)).
fn umda_t(spec: &str, mu: u32, seed: u64) -> Option<u64> {
    let task = Task::from_spec(spec, &Limits::DEFAULT).expect("a valid spec");
    let params = Params::new(&task, mu, paper_gamma(&task)).expect("valid parameters");
    let mut run = Run::new(Arc::new(task), Engine::Fast, params, seed);
    run.run_until_found(10_000_000, |_| {});
    run.found().map(|f| f.games)
}

/// "median (p90, max)" of finished values, with the unfinished counted.
fn summary(mut values: Vec<Option<u64>>) -> String {
    let unfinished = values.iter().filter(|v| v.is_none()).count();
    values.sort_by_key(|v| v.unwrap_or(u64::MAX));
    let at = |q: f64| {
        let i = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len()) - 1;
        values[i].map_or(">cap".to_string(), |v| v.to_string())
    };
    let mut text = format!("{} ({}, {})", at(0.5), at(0.9), at(1.0));
    if unfinished > 0 {
        text += &format!(", {unfinished} past the cap");
    }
    text
}

fn main() {
    println!("| game | h | d | LNWT lost | 2^n − 1 | Cor 4.4 (d+1)^h | LNWP lost | M_p (Thm 4.6) |");
    println!("|---|---|---|---|---|---|---|---|");
    for n in 3..=10 {
        let spec = g_n(n);
        let b = RuleBounds::of(&game(&spec));
        let (lnwt, _, _) = counts(&spec, Rule::Lnwt, Opponent::First, 1 << 12, 1);
        let (lnwp, _, _) = counts(&spec, Rule::Lnwp, Opponent::First, 1 << 12, 1);
        println!(
            "| G_{n} | {} | {} | {lnwt} | {} | {:.3e} | {lnwp} | {} |",
            b.h.unwrap_or(0),
            b.d,
            (1u64 << n) - 1,
            b.corollary_4_4.unwrap_or(f64::INFINITY),
            b.theorem_4_6
        );
    }
    for n in [2, 5, 10, 20] {
        let spec = k_n(n);
        let b = RuleBounds::of(&game(&spec));
        let (lnwt, _, _) = counts(&spec, Rule::Lnwt, Opponent::First, 100, 1);
        let (lnwp, _, _) = counts(&spec, Rule::Lnwp, Opponent::First, 100, 1);
        println!(
            "| K_{n} | {} | {} | {lnwt} | (paper: 1) | {:.3e} | {lnwp} (paper: n = {n}) | {} |",
            b.h.unwrap_or(0),
            b.d,
            b.corollary_4_4.unwrap_or(f64::INFINITY),
            b.theorem_4_6
        );
    }
    println!();
    println!(
        "| SubtractionNim²_n | h | Cor 4.4 | M_p | LNWT not won, max | LNWP not won, max | plays until Opt(G): LNWT | LNWP | rLNWT | UMDA T (μ = 20, γ = 1/(20Δn)) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for n in [8u64, 11, 17, 23, 32] {
        let spec = format!("game=subtraction&moves=1,2&heap={}", n - 1);
        let b = RuleBounds::of(&game(&spec));
        let mut not_won = [0u64; 2];
        let mut opt: [Vec<Option<u64>>; 3] = Default::default();
        let mut umda = Vec::new();
        for seed in 0..SEEDS {
            for (i, rule) in [Rule::Lnwt, Rule::Lnwp, Rule::Rlnwt].into_iter().enumerate() {
                let mut run = RulesRun::new(game(&spec), rule, Opponent::Random, seed);
                while run.counts().optimal_after.is_none() && run.counts().plays < MAX_PLAYS {
                    run.play();
                }
                if i < 2 {
                    // The bounds count every play not won, so keep playing: in Opt(G) nothing is lost.
                    not_won[i] = not_won[i].max(run.counts().plays - run.counts().won);
                }
                opt[i].push(run.counts().optimal_after);
            }
            umda.push(umda_t(&spec, 20, seed));
        }
        println!(
            "| n = {n} (heap {}) | {} | {:.3e} | {} | {} | {} | {} | {} | {} | {} |",
            n - 1,
            b.h.unwrap_or(0),
            b.corollary_4_4.unwrap_or(f64::INFINITY),
            b.theorem_4_6,
            not_won[0],
            not_won[1],
            summary(opt[0].clone()),
            summary(opt[1].clone()),
            summary(opt[2].clone()),
            summary(umda),
        );
    }
}
