//! Games with cycles (`game=graph`): retrograde outcomes, ranks and the generalised
//! Sprague–Grundy function against brute-force twins written from the definitions.
//!
//! - Outcomes: the fixed point iterated naively, every position re-examined until nothing
//!   changes (no queue, no counters).
//! - Ranks: Böhme's sets A^i of (W1)–(W2) built literally on the two-player terminal game
//!   whose positions are (position, player to move).
//! - γ: the sum with a Nim heap. By Smith's theory γ(u) = a exactly when u + *a is a
//!   P-position, and γ(u) = ∞ when no a does this; the sum's outcomes come from the naive fixed
//!   point on the product graph, so the twin never runs Fraenkel and Yesha's labelling.
//! - On acyclic graphs everything must equal the `dag` family's Grundy analysis.

#![allow(clippy::needless_range_loop)] // positions are ids indexing several tables at once
use impartial::analysis::loopy::{Gsg, LoopyAnalysis, LoopyOutcome};
use impartial::games::{self, Family, Opened};
use impartial::loopy::LoopyGraph;
use impartial::{build, Analysis, GameSpec, InputError, Limits, Outcome, Play};
use proptest::prelude::*;

use crate::common::seed003;
use seed003::random_spec as graph_spec;

fn loopy(spec: &str) -> LoopyGraph {
    match GameSpec::parse(spec).unwrap().family {
        Family::Graph(g) => g.build_loopy(),
        _ => unreachable!(),
    }
}

/// The outcome fixed point, iterated naively.
fn naive_outcomes(moves: &[Vec<usize>], play: Play) -> Vec<LoopyOutcome> {
    let mut out = vec![LoopyOutcome::D; moves.len()];
    loop {
        let mut changed = false;
        for v in 0..moves.len() {
            if out[v] != LoopyOutcome::D {
                continue;
            }
            let new = if moves[v].is_empty() {
                if play == Play::Normal {
                    LoopyOutcome::P
                } else {
                    LoopyOutcome::N
                }
            } else if moves[v].iter().any(|&w| out[w] == LoopyOutcome::P) {
                LoopyOutcome::N
            } else if moves[v].iter().all(|&w| out[w] == LoopyOutcome::N) {
                LoopyOutcome::P
            } else {
                continue;
            };
            out[v] = new;
            changed = true;
        }
        if !changed {
            return out;
        }
    }
}

fn move_lists(graph: &LoopyGraph) -> Vec<Vec<usize>> {
    (0..graph.len()).map(|v| graph.moves(v).iter().map(|&w| w as usize).collect()).collect()
}

/// γ from sums with Nim heaps 0..=Δ+1 (a finite γ(u) is at most |F(u)|).
fn gsg_by_sums(graph: &LoopyGraph) -> Vec<Gsg> {
    let n = graph.len();
    let heaps = graph.max_degree() + 2;
    let id = |v: usize, a: usize| v * heaps + a;
    let mut sum = vec![Vec::new(); n * heaps];
    for v in 0..n {
        for a in 0..heaps {
            for &w in graph.moves(v) {
                sum[id(v, a)].push(id(w as usize, a));
            }
            for b in 0..a {
                sum[id(v, a)].push(id(v, b));
            }
        }
    }
    let outcome = naive_outcomes(&sum, Play::Normal);
    let finite: Vec<Option<u32>> = (0..n)
        .map(|v| (0..heaps).find(|&a| outcome[id(v, a)] == LoopyOutcome::P).map(|a| a as u32))
        .collect();
    (0..n)
        .map(|v| match finite[v] {
            Some(a) => Gsg::Finite(a),
            None => {
                let mut k: Vec<u32> = graph.moves(v).iter().filter_map(|&w| finite[w as usize]).collect();
                k.sort_unstable();
                k.dedup();
                Gsg::Infinite(k)
            }
        })
        .collect()
}

/// Böhme's A^i for the learner p (to move at the root), literally: positions (v, side),
/// side 0 = p to move; T = sinks; W_p = sinks with the other player to move (normal play) or
/// with p to move (misère). Returns the least i with (v, side) ∈ A^i, or None.
fn seed_003_ranks(moves: &[Vec<usize>], play: Play) -> Vec<[Option<u32>; 2]> {
    let n = moves.len();
    let mut rank = vec![[None; 2]; n];
    let winning_side = if play == Play::Normal { 1 } else { 0 };
    for v in 0..n {
        if moves[v].is_empty() {
            rank[v][winning_side] = Some(0);
        }
    }
    for i in 1.. {
        let before = rank.clone();
        let in_a = |w: usize, side: usize| before[w][side].is_some();
        for v in 0..n {
            if moves[v].is_empty() {
                continue; // (W2) ranges over X_Q and X_{−Q}, which partition X \ T.
            }
            if before[v][0].is_none() && moves[v].iter().any(|&w| in_a(w, 1)) {
                rank[v][0] = Some(i);
            }
            if before[v][1].is_none() && moves[v].iter().all(|&w| in_a(w, 0)) {
                rank[v][1] = Some(i);
            }
        }
        if rank == before {
            break;
        }
    }
    rank
}

fn check(graph: &LoopyGraph, play: Play) -> Result<(), TestCaseError> {
    let analysis = LoopyAnalysis::new(graph, play);
    let moves = move_lists(graph);
    prop_assert_eq!(&analysis.outcome, &naive_outcomes(&moves, play));
    let a = seed_003_ranks(&moves, play);
    for v in 0..graph.len() {
        let (p_wins_moving, p_wins_waiting) = (a[v][0], a[v][1]);
        match analysis.outcome[v] {
            LoopyOutcome::N => prop_assert_eq!(p_wins_moving, Some(analysis.rank[v])),
            LoopyOutcome::P => prop_assert_eq!(p_wins_waiting, Some(analysis.rank[v])),
            LoopyOutcome::D => prop_assert_eq!(analysis.rank[v], u32::MAX),
        }
        // Corollary 3.2: the one who moves wins only at N, the one who waits only at P.
        prop_assert_eq!(p_wins_moving.is_some(), analysis.outcome[v] == LoopyOutcome::N);
        prop_assert_eq!(p_wins_waiting.is_some(), analysis.outcome[v] == LoopyOutcome::P);
    }
    if play == Play::Normal {
        let gsg = analysis.gsg.as_ref().unwrap();
        prop_assert_eq!(gsg, &gsg_by_sums(graph));
        for v in 0..graph.len() {
            let from_gsg = match &gsg[v] {
                Gsg::Finite(0) => LoopyOutcome::P,
                Gsg::Finite(_) => LoopyOutcome::N,
                Gsg::Infinite(k) if k.contains(&0) => LoopyOutcome::N,
                Gsg::Infinite(_) => LoopyOutcome::D,
            };
            prop_assert_eq!(from_gsg, analysis.outcome[v]);
        }
    } else {
        prop_assert!(analysis.gsg.is_none());
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::common::proptest_config(400))]

    #[test]
    fn cyclic_graphs_agree_with_the_brute_force_twins(
        n in 2usize..9, bits in prop::collection::vec(prop::bool::weighted(0.25), 1..80), misere in any::<bool>()
    ) {
        let graph = loopy(&graph_spec(n, &bits, false));
        check(&graph, if misere { Play::Misere } else { Play::Normal })?;
    }

    #[test]
    fn acyclic_graphs_give_exactly_the_dag_analysis(
        n in 2usize..12, bits in prop::collection::vec(any::<bool>(), 1..80), misere in any::<bool>()
    ) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let spec = graph_spec(n, &bits, true);
        let graph = loopy(&spec);
        prop_assert!(!graph.is_cyclic());
        check(&graph, play)?;
        // The same edges as a dag build the same game graph, with the same ids.
        let dag = build(&GameSpec::parse(&spec.replace("game=graph", "game=dag")).unwrap(), &Limits::DEFAULT).unwrap();
        let as_graph = build(&GameSpec::parse(&spec).unwrap(), &Limits::DEFAULT).unwrap();
        prop_assert_eq!(dag.offsets(), as_graph.offsets());
        prop_assert_eq!(dag.targets(), as_graph.targets());
        let converted = LoopyGraph::from_game_graph(&dag);
        prop_assert_eq!(dag.offsets(), converted.offsets());
        prop_assert_eq!(converted.root(), dag.root());
        for v in 0..dag.len() {
            prop_assert_eq!(dag.label(v), graph.label(v));
            prop_assert_eq!(dag.moves(v), graph.moves(v));
        }
        let grundy = Analysis::new(&dag, play);
        let analysis = LoopyAnalysis::new(&graph, play);
        for v in 0..dag.len() {
            let expected = match grundy.outcome[v] { Outcome::P => LoopyOutcome::P, Outcome::N => LoopyOutcome::N };
            prop_assert_eq!(analysis.outcome[v], expected);
            if let Some(h) = &grundy.grundy {
                prop_assert_eq!(&analysis.gsg.as_ref().unwrap()[v], &Gsg::Finite(h[v]));
            }
        }
    }
}

/// Whether `root` reaches a position that reaches itself, by reachability sets (no search order).
fn reaches_a_cycle(n: usize, edges: &[(usize, usize)], root: usize) -> bool {
    let mut reach = vec![vec![false; n]; n]; // reach[u][v]: v after one move or more from u
    for &(a, b) in edges {
        reach[a][b] = true;
    }
    for k in 0..n {
        for u in 0..n {
            if reach[u][k] {
                for v in 0..n {
                    reach[u][v] |= reach[k][v];
                }
            }
        }
    }
    (0..n).any(|v| (v == root || reach[root][v]) && reach[v][v])
}

proptest! {
    #![proptest_config(crate::common::proptest_config(600))]

    /// What the size check before building accepts (the page's estimate: `games::estimate` and
    /// `check_size` under its budget), `open` builds: with cycles exactly when the root reaches
    /// one, and then the graph-only `build` refuses it as cyclic; otherwise `build` gives the
    /// same graph. A sum takes no part with cycles, and its estimate already says so.
    #[test]
    fn what_the_estimate_accepts_is_built(
        n in 2usize..9,
        pairs in prop::collection::vec((0usize..9, 0usize..9), 1..24),
        root in 0usize..9,
        in_sum in any::<bool>(),
        page in any::<bool>(),
    ) {
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for (a, b) in pairs {
            let (a, b) = (a % n, b % n);
            if a != b && !edges.contains(&(a, b)) {
                edges.push((a, b));
            }
        }
        prop_assume!(!edges.is_empty());
        let root = edges[root % edges.len()].0;
        let list: Vec<String> = edges.iter().map(|(a, b)| format!("p{a}-p{b}")).collect();
        let graph = format!("edges={}&root=p{root}", list.join(","));
        let text = if in_sum {
            format!("game=sum&parts=graph({})+nim(heaps=2)", graph.replace('&', ";"))
        } else {
            format!("game=graph&{graph}")
        };
        let spec = GameSpec::parse(&text).unwrap();
        let cyclic = reaches_a_cycle(n, &edges, root);
        let limits = if page { Limits::PAGE } else { Limits { max_positions: 4, max_edges: 6 } };
        let accepted = games::estimate(&spec, &limits).and_then(|size| games::check_size("graph", size, &limits));
        match games::open(&spec, &limits) {
            Ok(Opened::Loopy(loopy)) => {
                prop_assert!(accepted.is_ok() && cyclic && !in_sum && loopy.is_cyclic(), "{}", text);
                let refused = matches!(build(&spec, &limits), Err(InputError::NeedsAcyclic { .. }));
                prop_assert!(refused, "{}", text);
            }
            Ok(Opened::Acyclic(g)) => {
                prop_assert!(accepted.is_ok() && !cyclic, "{}", text);
                let built = build(&spec, &limits).unwrap();
                prop_assert_eq!(built.offsets(), g.offsets());
                prop_assert_eq!(built.targets(), g.targets());
            }
            Err(e) => {
                prop_assert!(accepted.is_err(), "estimate accepted, open refused {}: {}", text, e);
                let says_cyclic = matches!(accepted, Err(InputError::NeedsAcyclic { .. }));
                prop_assert!(says_cyclic || !(in_sum && cyclic), "{}", text);
            }
        }
    }
}

#[test]
fn a_known_loopy_game() {
    // a → b → c → a is a cycle; c → d → e ends. From c, moving to d loses (d → e wins for the
    // next player), so c, a and b go round for ever: draws (the classic example of a cyclic
    // game without a finite SG function). e is P, d is N.
    let graph = loopy("game=graph&edges=a-b,b-c,c-a,c-d,d-e&root=a");
    let analysis = LoopyAnalysis::new(&graph, Play::Normal);
    let of = |name: &str| graph.find(name).unwrap();
    let outcome: Vec<&str> =
        ["a", "b", "c", "d", "e"].iter().map(|n| analysis.outcome[of(n)].as_str()).collect();
    assert_eq!(outcome, ["D", "D", "D", "N", "P"]);
    let gsg = analysis.gsg.unwrap();
    let text: Vec<String> = ["a", "b", "c", "d", "e"].iter().map(|n| gsg[of(n)].text()).collect();
    assert_eq!(text, ["∞()", "∞()", "∞(1)", "1", "0"]);
}

#[test]
fn a_long_cycle_with_many_chords_is_analysed_quickly() {
    // 5,000 positions on a cycle, each also moving 2 and 3 ahead, and a sink: about 15,000
    // moves. Fraenkel and Yesha's stages are bounded by √(2·edges), each O(n + edges).
    let n = 5_000;
    let mut edges = Vec::new();
    for i in 0..n {
        for step in [1, 2, 3] {
            edges.push(format!("q{i}-q{}", (i + step) % n));
        }
    }
    edges.push("q0-end".into());
    let graph = loopy(&format!("game=graph&edges={}&root=q0", edges.join(",")));
    let start = crate::common::thread_cpu();
    let analysis = LoopyAnalysis::new(&graph, Play::Normal);
    assert!((crate::common::thread_cpu() - start).as_secs_f64() < 5.0);
    assert_eq!(analysis.outcome.len(), n + 1);
}
