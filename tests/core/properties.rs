//! Property tests on random DAGs, and brute-force twins written from the definitions of
//! Benford & Lehre §2 and §4 rather than from the main code's shortcuts.

use std::collections::HashMap;

use impartial::analysis::{opt, switchability};
use impartial::{build, Analysis, GameGraph, GameSpec, Limits, Outcome, Play};
use proptest::prelude::*;

use crate::common;

use common::{all_strategies, dag, payoff};

proptest! {
    #![proptest_config(crate::common::proptest_config(300))]

    #[test]
    fn grundy_values_satisfy_mex_and_outcomes_are_consistent(graph in dag(14)) {
        let analysis = Analysis::new(&graph, Play::Normal);
        let h = analysis.grundy.as_ref().unwrap();
        for v in 0..graph.len() {
            let options: Vec<u32> = graph.moves(v).iter().map(|&w| h[w as usize]).collect();
            // h(v) is absent from the options and every smaller value is present.
            prop_assert!(!options.contains(&h[v]));
            prop_assert!((0..h[v]).all(|g| options.contains(&g)));
            let to_p = graph.moves(v).iter().filter(|&&w| analysis.outcome[w as usize] == Outcome::P).count();
            match analysis.outcome[v] {
                Outcome::P => prop_assert_eq!(to_p, 0, "a P-position moves to a P-position"),
                Outcome::N => prop_assert!(to_p > 0, "an N-position has no move to a P-position"),
            }
            // W_G, Def 2.1, from its own words.
            let critical = !graph.is_sink(v) && h[v] != 0 && options.iter().any(|&g| g != 0);
            prop_assert_eq!(analysis.critical[v], critical);
        }
    }

    #[test]
    fn misere_outcomes_satisfy_the_misere_recursion(graph in dag(14)) {
        let analysis = Analysis::new(&graph, Play::Misere);
        for v in 0..graph.len() {
            let wins = graph.is_sink(v) || graph.moves(v).iter().any(|&w| analysis.outcome[w as usize] == Outcome::P);
            prop_assert_eq!(analysis.outcome[v] == Outcome::N, wins);
        }
    }

    #[test]
    fn opt_check_agrees_with_all_strategy_pairs(graph in dag(7), misere in any::<bool>()) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let strategies = all_strategies(&graph);
        prop_assume!(strategies.len() <= 400);
        for x in &strategies {
            let brute = strategies.iter().all(|y| payoff(&graph, graph.root(), x, y, play) == 1);
            prop_assert_eq!(opt::is_optimal(&graph, x, play), brute);
        }
        // Opt(G) is non-empty exactly when the root is an N-position.
        let analysis = Analysis::new(&graph, play);
        let any_optimal = strategies.iter().any(|x| opt::is_optimal(&graph, x, play));
        prop_assert_eq!(any_optimal, analysis.outcome[graph.root()] == Outcome::N);
    }

    #[test]
    fn prop_2_2_any_strategy_right_on_w_g_is_optimal(graph in dag(12)) {
        // Prop 2.2 / Lemma A.1: h(x(v)) = 0 on W_G suffices, whatever x does elsewhere, on G or
        // (root a P-position) on G*; positions off W_G are left open, i.e. any move.
        let analysis = Analysis::new(&graph, Play::Normal);
        let strategy: Vec<Option<u32>> = (0..graph.len())
            .map(|v| if analysis.critical[v] { analysis.winning_move(&graph, v).map(|w| w as u32) } else { None })
            .collect();
        let role = if analysis.outcome[graph.root()] == Outcome::P { opt::Role::Second } else { opt::Role::First };
        prop_assert!(opt::every_completion_wins(&graph, &strategy, Play::Normal, role));
    }

    #[test]
    fn playing_second_from_v0_is_opt_of_g_star(
        graph in dag(7),
        open in prop::collection::vec(any::<bool>(), 7),
        pick in prop::collection::vec(any::<prop::sample::Index>(), 7),
        misere in any::<bool>(),
    ) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let partial: Vec<Option<u32>> = (0..graph.len())
            .map(|v| {
                let moves = graph.moves(v);
                (!open[v] && !moves.is_empty()).then(|| moves[pick[v].index(moves.len())])
            })
            .collect();
        // G* built for real: v* is the new root with its one move v* → v0.
        let star = graph.with_fictitious_start();
        let mut on_star = partial.clone();
        on_star.push(Some(graph.root() as u32));
        prop_assert_eq!(
            opt::every_completion_wins(&graph, &partial, play, opt::Role::Second),
            opt::every_completion_is_optimal(&star, &on_star, play)
        );
    }

    #[test]
    fn exact_switchability_agrees_with_the_literal_definition(graph in dag(6)) {
        prop_assume!(graph.edge_count() <= 11);
        let literal = literal_switchability(&graph);
        let bounds = switchability::path_bounds(&graph);
        let exact = switchability::exact(&graph).unwrap();
        for v in 0..graph.len() {
            prop_assert_eq!(exact[v], Some(literal[v]), "position {}", graph.label(v));
            prop_assert!(literal[v] <= bounds[v], "Prop 4.4 violated at {}", graph.label(v));
        }
    }
}

/// s(v) of Def 4.3 by enumerating every edge set A ⊆ E(G): A-compatible paths by A1–A3,
/// Depth(A) over every directed path of G (Def 4.1).
fn literal_switchability(graph: &GameGraph) -> Vec<u32> {
    let edges: Vec<(usize, usize)> =
        (0..graph.len()).flat_map(|u| graph.moves(u).iter().map(move |&w| (u, w as usize))).collect();
    let mut best = vec![u32::MAX; graph.len()];
    for subset in 0u32..(1 << edges.len()) {
        let in_a: HashMap<(usize, usize), bool> =
            edges.iter().enumerate().map(|(i, &e)| (e, subset >> i & 1 == 1)).collect();
        let depth = (0..graph.len()).map(|u| max_a_edges_from(graph, u, &in_a)).max().unwrap_or(0);
        let mut paths = Vec::new();
        compatible_paths(graph, vec![graph.root()], &in_a, &mut paths);
        for (v, slot) in best.iter_mut().enumerate() {
            if paths.iter().all(|p| p.contains(&v)) {
                *slot = (*slot).min(depth);
            }
        }
    }
    best
}

fn max_a_edges_from(graph: &GameGraph, u: usize, in_a: &HashMap<(usize, usize), bool>) -> u32 {
    graph
        .moves(u)
        .iter()
        .map(|&w| u32::from(in_a[&(u, w as usize)]) + max_a_edges_from(graph, w as usize, in_a))
        .max()
        .unwrap_or(0)
}

/// All A-compatible paths from the root that end at a sink.
fn compatible_paths(
    graph: &GameGraph,
    path: Vec<usize>,
    in_a: &HashMap<(usize, usize), bool>,
    out: &mut Vec<Vec<usize>>,
) {
    let last = *path.last().unwrap();
    if graph.is_sink(last) {
        out.push(path);
        return;
    }
    let a_moves: Vec<usize> =
        graph.moves(last).iter().map(|&w| w as usize).filter(|&w| in_a[&(last, w)]).collect();
    // A2: follow an A-edge; A3: any move when the position has no A-edge.
    let next: Vec<usize> =
        if a_moves.is_empty() { graph.moves(last).iter().map(|&w| w as usize).collect() } else { a_moves };
    for w in next {
        let mut longer = path.clone();
        longer.push(w);
        compatible_paths(graph, longer, in_a, out);
    }
}

#[test]
fn figure_4_a_strategy_wrong_at_a_critical_position_can_still_be_optimal() {
    // Prop 2.2 is sufficient, not necessary (Benford & Lehre App. A, Figure 4).
    let spec = GameSpec::parse("game=dag&edges=v0-a,v0-b,v0-d,a-b,a-c,b-c,b-d,c-d&root=v0").unwrap();
    let graph = build(&spec, &Limits::DEFAULT).unwrap();
    let at = |name: &str| graph.find(name).unwrap() as u32;
    let mut x = Analysis::new(&graph, Play::Normal).optimal_strategy(&graph);
    x[at("v0") as usize] = at("d");
    x[at("b") as usize] = at("c"); // b is critical and c is not a P-position
    assert!(opt::is_optimal(&graph, &x, Play::Normal));
    x[at("v0") as usize] = at("b"); // now the first move itself loses
    assert!(!opt::is_optimal(&graph, &x, Play::Normal));
}

#[test]
fn subtraction_nim_switchability_is_at_most_one_as_prop_6_1_says() {
    for k in 1..=3 {
        let moves: Vec<String> = (1..=k).map(|s: u32| s.to_string()).collect();
        let spec = GameSpec::parse(&format!("game=subtraction&moves={}&heap=9", moves.join(","))).unwrap();
        let graph = build(&spec, &Limits::DEFAULT).unwrap();
        let exact = switchability::exact(&graph).unwrap();
        for (v, s) in exact.iter().enumerate() {
            let s = s.expect("small search finishes");
            assert!(s <= 1, "k={k}: s({}) = {s}", graph.label(v));
            // Every play passes the root and the only sink 0 (and, for k = 1, everything).
            let on_every_path = v == graph.root() || graph.label(v) == "0" || k == 1;
            assert_eq!(s == 0, on_every_path, "k={k} at {}", graph.label(v));
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(200))]

    #[test]
    fn a_partial_strategy_passes_iff_every_completion_is_optimal(
        graph in dag(7),
        open in prop::collection::vec(any::<bool>(), 7),
        pick in prop::collection::vec(any::<prop::sample::Index>(), 7),
    ) {
        let partial: Vec<Option<u32>> = (0..graph.len())
            .map(|v| {
                let moves = graph.moves(v);
                (!open[v] && !moves.is_empty()).then(|| moves[pick[v].index(moves.len())])
            })
            .collect();
        let completions: Vec<Vec<u32>> = all_strategies(&graph)
            .into_iter()
            .filter(|x| partial.iter().zip(x).all(|(p, &c)| p.is_none_or(|p| p == c)))
            .collect();
        prop_assume!(!completions.is_empty() && completions.len() <= 400);
        let all_optimal = completions.iter().all(|x| opt::is_optimal(&graph, x, Play::Normal));
        prop_assert_eq!(opt::every_completion_is_optimal(&graph, &partial, Play::Normal), all_optimal);
    }
}

/// s(v) by enumerating every "free or one move" choice per position (the first reduction of
/// the search, applied exhaustively): Depth and compatibility straight from Defs 4.1–4.2.
fn one_move_switchability(graph: &GameGraph) -> Vec<u32> {
    let n = graph.len();
    let options: Vec<usize> = (0..n).map(|v| graph.degree(v) + 1).collect();
    let mut choice = vec![0usize; n]; // 0 = free, i = the i-th move
    let mut best = vec![u32::MAX; n];
    loop {
        let forced = |u: usize| (choice[u] > 0).then(|| graph.moves(u)[choice[u] - 1] as usize);
        // Depth(A): most A-edges on a path starting at u, in id order (successors first).
        let mut from = vec![0u32; n];
        for u in 0..n {
            from[u] = graph
                .moves(u)
                .iter()
                .map(|&w| from[w as usize] + u32::from(forced(u) == Some(w as usize)))
                .max()
                .unwrap_or(0);
        }
        let depth = from.iter().copied().max().unwrap_or(0);
        // avoids[u][v]: some A-compatible path from u to a sink avoids v.
        let mut avoids = vec![vec![false; n]; n];
        #[allow(clippy::needless_range_loop)] // rows read earlier rows: indices are clearer
        for u in 0..n {
            for v in 0..n {
                avoids[u][v] = u != v
                    && match forced(u) {
                        _ if graph.is_sink(u) => true,
                        Some(w) => avoids[w][v],
                        None => graph.moves(u).iter().any(|&w| avoids[w as usize][v]),
                    };
            }
        }
        for v in 0..n {
            if !avoids[graph.root()][v] {
                best[v] = best[v].min(depth);
            }
        }
        // Next choice vector (odometer).
        let mut i = 0;
        loop {
            if i == n {
                return best;
            }
            choice[i] += 1;
            if choice[i] < options[i] {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(120))]

    #[test]
    fn exact_switchability_agrees_with_one_move_enumeration_on_larger_graphs(graph in dag(10)) {
        let combinations: f64 = (0..graph.len()).map(|v| (graph.degree(v) + 1) as f64).product();
        prop_assume!(combinations <= 60_000.0);
        let twin = one_move_switchability(&graph);
        let exact = switchability::exact(&graph).unwrap();
        for v in 0..graph.len() {
            prop_assert_eq!(exact[v], Some(twin[v]), "position {}", graph.label(v));
        }
    }
}

/// Every family of the registry at its example values, more instances of a few (other sizes and
/// shapes), and G*, whose labels are stored.
fn every_family_small() -> Vec<GameGraph> {
    let more = [
        "game=subtraction&moves=1,3,4&heap=20",
        "game=subtraction&moves=2,4&heap=13",
        "game=subtraction&moves=3,5&heap=23",
        "game=subtraction&moves=4,6,9&heap=40",
        "game=nim&heaps=3,0,5",
        "game=nim&heaps=2,2,1,3",
        "game=silver-dollar&coins=1&squares=5",
        "game=chomp&rows=4&cols=2",
        "game=chomp&rows=1&cols=5",
        "game=poset&poset=div60",
    ];
    let specs: Vec<String> =
        crate::common::family_examples().into_iter().chain(more.map(String::from)).collect();
    let mut graphs: Vec<GameGraph> =
        specs.iter().map(|s| build(&GameSpec::parse(s).unwrap(), &Limits::DEFAULT).unwrap()).collect();
    graphs.push(graphs[0].with_fictitious_start());
    graphs
}

#[test]
fn find_inverts_label_on_every_family() {
    for graph in every_family_small() {
        for v in 0..graph.len() {
            assert_eq!(
                graph.find(&graph.label(v)),
                Some(v),
                "{:?} of {}",
                graph.label(v),
                graph.label(graph.root())
            );
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(300))]

    /// Any text is found exactly when it is some position's label, and never panics: mangled
    /// labels (doubled or stray commas, signs, spaces, leading zeros, huge numbers, extra or
    /// missing parts) give None.
    #[test]
    fn find_accepts_exactly_the_labels(
        family in any::<prop::sample::Index>(),
        v in any::<prop::sample::Index>(),
        edit in 0usize..12,
        text in "[0-9,{}HTv* +-]{0,12}",
    ) {
        let graphs = every_family_small();
        let graph = &graphs[family.index(graphs.len())];
        let label = graph.label(v.index(graph.len()));
        let candidate = match edit {
            0 => text,
            1 => format!("{label},"),
            2 => format!(",{label}"),
            3 => label.replacen(',', ",,", 1),
            4 => format!("-{label}"),
            5 => format!(" {label}"),
            6 => format!("{label} "),
            7 => format!("0{label}"),
            8 => format!("{label},0"),
            9 => format!("{label}99999999999999999999999"),
            10 => "18446744073709551616,1".to_string(),
            _ => label.split(',').next().unwrap_or("").to_string(),
        };
        let labels: Vec<String> = (0..graph.len()).map(|w| graph.label(w)).collect();
        let expected = labels.iter().position(|l| *l == candidate);
        prop_assert_eq!(graph.find(&candidate), expected, "{:?}", candidate);
    }

    /// The reachable heaps of a subtraction game, as counted and built, against a plain search
    /// over heap sizes written from the rules.
    #[test]
    fn subtraction_reachable_sizes_match_a_plain_search(
        moves in prop::collection::btree_set(1u64..40, 1..6),
        heap in 0u64..400,
    ) {
        let moves: Vec<u64> = moves.into_iter().collect();
        let list = moves.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let spec = GameSpec::parse(&format!("game=subtraction&moves={list}&heap={heap}")).unwrap();
        let mut reachable = vec![false; heap as usize + 1];
        reachable[heap as usize] = true;
        let mut edges = 0u128;
        for h in (0..=heap).rev() {
            if reachable[h as usize] {
                for &s in moves.iter().filter(|&&s| s <= h) {
                    reachable[(h - s) as usize] = true;
                    edges += 1;
                }
            }
        }
        let sizes: Vec<String> = (0..=heap).filter(|&h| reachable[h as usize]).map(|h| h.to_string()).collect();
        let size = impartial::games::estimate(&spec, &Limits::DEFAULT).unwrap();
        prop_assert_eq!((size.positions, size.edges), (sizes.len() as u128, edges));
        let graph = build(&spec, &Limits::DEFAULT).unwrap();
        let labels: Vec<String> = (0..graph.len()).map(|v| graph.label(v)).collect();
        let (positions, moves_count) = (sizes.len() as u64, edges as u64);
        prop_assert_eq!(labels, sizes);
        prop_assert_eq!(graph.edge_count() as u128, edges);
        // Under a budget just below the true size, the count stops and says so.
        for limits in [
            Limits { max_positions: positions - 1, max_edges: moves_count },
            Limits { max_positions: positions, max_edges: moves_count.saturating_sub(1) },
        ] {
            if limits.max_positions > 0 && (limits.max_edges < moves_count || limits.max_positions < positions) {
                let err = build(&spec, &limits).unwrap_err();
                prop_assert!(err.to_string().contains("above the budget"), "{}", err);
            }
        }
    }
}
