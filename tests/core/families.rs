//! Every family's Grundy values against independent facts: closed forms from the documents,
//! and brute forces that recurse over the label text with the rules written out again.

use std::collections::HashMap;

use impartial::analysis::period::subtraction_period;
use impartial::{build, Analysis, GameGraph, GameSpec, Limits, Outcome, Play};

fn analysed(spec: &str) -> (GameGraph, Analysis) {
    let spec = GameSpec::parse(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    let graph = build(&spec, &Limits::DEFAULT).unwrap_or_else(|e| panic!("{e}"));
    let analysis = Analysis::new(&graph, spec.play);
    (graph, analysis)
}

fn grundy_of(spec: &str) -> Vec<(String, u32)> {
    let (graph, analysis) = analysed(spec);
    let h = analysis.grundy.expect("normal play has Grundy values");
    (0..graph.len()).map(|v| (graph.label(v), h[v])).collect()
}

fn numbers(label: &str) -> Vec<u64> {
    if label.is_empty() {
        return Vec::new();
    }
    label.split(',').map(|x| x.parse().unwrap()).collect()
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let set: std::collections::HashSet<u32> = values.into_iter().collect();
    (0..).find(|g| !set.contains(g)).unwrap()
}

/// Memoised Grundy value of a label, with moves given as a function from label to labels.
fn brute(label: &str, moves: &dyn Fn(&str) -> Vec<String>, memo: &mut HashMap<String, u32>) -> u32 {
    if let Some(&g) = memo.get(label) {
        return g;
    }
    let options: Vec<u32> = moves(label).iter().map(|m| brute(m, moves, memo)).collect();
    let g = mex(options);
    memo.insert(label.to_string(), g);
    g
}

/// Checks the graph's Grundy values at every position against the brute force, and that both
/// see the same set of positions.
fn agree_with_brute(spec: &str, moves: &dyn Fn(&str) -> Vec<String>) {
    let values = grundy_of(spec);
    let root = values.last().unwrap().0.clone();
    let mut memo = HashMap::new();
    brute(&root, moves, &mut memo);
    assert_eq!(memo.len(), values.len(), "{spec}: position count");
    for (label, g) in values {
        assert_eq!(memo.get(&label), Some(&g), "{spec}: position {label}");
    }
}

#[test]
fn subtraction_nim_is_heap_mod_k_plus_1() {
    for k in 1..=5u32 {
        let moves: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
        for (label, g) in grundy_of(&format!("game=subtraction&moves={}&heap=40", moves.join(","))) {
            assert_eq!(g, label.parse::<u32>().unwrap() % (k + 1), "k={k} heap={label}");
        }
    }
}

#[test]
fn subtraction_1_3_4_has_period_0101232() {
    let cycle = [0, 1, 0, 1, 2, 3, 2];
    for (label, g) in grundy_of("game=subtraction&moves=1,3,4&heap=200") {
        assert_eq!(g, cycle[label.parse::<usize>().unwrap() % 7], "heap {label}");
    }
    let period = subtraction_period(&[1, 3, 4], 1000).unwrap();
    assert_eq!((period.preperiod, period.period, period.cycle), (0, 7, cycle.to_vec()));
}

#[test]
fn subtraction_periods_match_the_computed_sequence() {
    // Period detection against the graph's own values, for sets with preperiods.
    for moves in [vec![2, 5, 6], vec![1, 4], vec![3, 4, 9], vec![2, 3], vec![1, 2, 3]] {
        let text: Vec<String> = moves.iter().map(u64::to_string).collect();
        let values = grundy_of(&format!("game=subtraction&moves={}&heap=400", text.join(",")));
        let period = subtraction_period(&moves, 100_000).unwrap();
        // Heap sizes near the top may be unreachable; g(h) of the heaps 0..=380 (all reachable).
        let by_heap: HashMap<usize, u32> = values.iter().map(|(l, g)| (l.parse().unwrap(), *g)).collect();
        let g: Vec<u32> = (0..=380).map(|h| by_heap[&h]).collect();
        let (p, q) = (period.preperiod as usize, period.period as usize);
        assert!((p..=380 - q).all(|i| g[i] == g[i + q]), "{moves:?} not periodic from {p} with {q}");
        if p > 0 {
            assert_ne!(g[p - 1], g[p - 1 + q], "{moves:?}: preperiod not least");
        }
        assert!((1..q).all(|d| (p..p + 2 * q).any(|i| g[i] != g[i + d])), "{moves:?}: period not least");
    }
}

#[test]
fn subtraction_with_unreachable_sizes_keeps_only_reachable_positions() {
    let values = grundy_of("game=subtraction&moves=2&heap=7");
    let labels: Vec<&str> = values.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels, ["1", "3", "5", "7"]);
    // 1 is a sink (0), 3 → 1 (1), 5 → 3 (0), 7 → 5 (1).
    assert_eq!(values.iter().map(|(_, g)| *g).collect::<Vec<_>>(), [0, 1, 0, 1]);
}

#[test]
fn nim_is_the_xor_of_the_heaps() {
    for heaps in ["3,4,5", "1,2,3", "7", "2,0,6,3", "5,7,2", "4,5,6"] {
        for (label, g) in grundy_of(&format!("game=nim&heaps={heaps}")) {
            let xor = numbers(&label).iter().fold(0, |a, &h| a ^ h);
            assert_eq!(u64::from(g), xor, "nim {label}");
        }
    }
    // Rees & Thomas' worked positions: (5,7,2) is P; (4,5,6) is N (nim-sum 7; the slide is wrong).
    assert_eq!(analysed("game=nim&heaps=5,7,2").1.outcome.last(), Some(&Outcome::P));
    let (graph, analysis) = analysed("game=nim&heaps=4,5,6");
    assert_eq!(analysis.grundy.as_ref().unwrap()[graph.root()], 7);
    // The winning move reduces one heap n_j to n_j XOR 7 (Fenner & Rogers, corrected): 4 → 3.
    assert_eq!(graph.label(analysis.winning_move(&graph, graph.root()).unwrap()), "3,5,6");
}

#[test]
fn misere_nim_follows_the_corrected_rule() {
    // Bouton's misère rule (Bouton 1902; Winning Ways ch. 13): if every heap is ≤ 1, P iff the
    // number of 1-heaps is odd; otherwise P iff the nim-sum is 0. The SG notes' code counts an
    // empty heap as "not 1" in the first test, so it misjudges e.g. 0,1; that is not copied.
    for heaps in ["1,1,1", "3,4,5", "1,2,3", "2,2", "1,1,4", "1", "0,1"] {
        let (graph, analysis) = analysed(&format!("game=nim&heaps={heaps}&play=misere"));
        assert!(analysis.grundy.is_none());
        for v in 0..graph.len() {
            let h = numbers(&graph.label(v));
            let expected_p = if h.iter().all(|&x| x <= 1) {
                h.iter().filter(|&&x| x == 1).count() % 2 == 1
            } else {
                h.iter().fold(0, |a, &x| a ^ x) == 0
            };
            assert_eq!(analysis.outcome[v] == Outcome::P, expected_p, "misère nim {}", graph.label(v));
        }
    }
}

#[test]
fn turning_turtles_is_nim_on_head_positions_and_matches_brute_force() {
    // A lone head at 1-based position k moves to all tails or to a lone head at j < k, so it is
    // a Nim heap of k; the game is the sum of its heads.
    for (label, g) in grundy_of("game=turning-turtles&coins=8") {
        let xor =
            label.chars().enumerate().filter(|(_, c)| *c == 'H').fold(0, |a, (i, _)| a ^ (i as u32 + 1));
        assert_eq!(g, xor, "turtles {label}");
    }
    let moves = |label: &str| -> Vec<String> {
        let coins: Vec<char> = label.chars().collect();
        let mut out = Vec::new();
        for i in 0..coins.len() {
            if coins[i] != 'H' {
                continue;
            }
            let mut turned = coins.clone();
            turned[i] = 'T';
            out.push(turned.iter().collect());
            for j in 0..i {
                let mut also = turned.clone();
                also[j] = if also[j] == 'H' { 'T' } else { 'H' };
                out.push(also.iter().collect());
            }
        }
        out
    };
    agree_with_brute("game=turning-turtles&coins=7", &moves);
}

#[test]
fn silver_dollar_matches_brute_force() {
    let moves = |label: &str| -> Vec<String> {
        let coins = numbers(label);
        let mut out = Vec::new();
        for i in 0..coins.len() {
            let low = if i == 0 { 0 } else { coins[i - 1] + 1 };
            for to in low..coins[i] {
                let mut next = coins.clone();
                next[i] = to;
                out.push(next.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
            }
        }
        out
    };
    for (coins, squares) in [(1, 6), (2, 7), (3, 8), (4, 9), (5, 5)] {
        agree_with_brute(&format!("game=silver-dollar&coins={coins}&squares={squares}"), &moves);
    }
    let (graph, _) = analysed("game=silver-dollar&coins=3&squares=8");
    assert_eq!(graph.label(graph.root()), "5,6,7");
    assert_eq!(graph.len(), 56); // C(8, 3)
}

fn chomp_moves(label: &str) -> Vec<String> {
    let rows = numbers(label);
    let mut out = Vec::new();
    for i in 0..rows.len() {
        for j in 0..rows[i] {
            if i == 0 && j == 0 {
                continue; // poison
            }
            let next: Vec<String> = rows
                .iter()
                .enumerate()
                .map(|(k, &l)| if k >= i { l.min(j) } else { l })
                .filter(|&l| l > 0)
                .map(|l| l.to_string())
                .collect();
            out.push(next.join(","));
        }
    }
    out
}

#[test]
fn chomp_matches_brute_force_in_both_orientations() {
    for (rows, cols) in [(1, 1), (1, 5), (2, 3), (3, 3), (4, 3), (3, 5), (5, 2), (4, 4)] {
        agree_with_brute(&format!("game=chomp&rows={rows}&cols={cols}"), &chomp_moves);
    }
    let (graph, _) = analysed("game=chomp&rows=4&cols=5");
    assert_eq!(graph.label(graph.root()), "5,5,5,5");
    assert_eq!(graph.len(), 125); // C(9, 4) − 1
}

#[test]
fn chomp_facts() {
    // Strategy stealing: every rectangle but the poison alone is a first-player win.
    for (rows, cols) in [(1, 1), (2, 2), (3, 5), (4, 4), (6, 3)] {
        let (graph, analysis) = analysed(&format!("game=chomp&rows={rows}&cols={cols}"));
        let expected = if rows * cols == 1 { Outcome::P } else { Outcome::N };
        assert_eq!(analysis.outcome[graph.root()], expected, "{rows}x{cols}");
    }
    // Two-row Chomp: P exactly when the bottom row is one longer than the top row.
    let (graph, analysis) = analysed("game=chomp&rows=2&cols=9");
    for v in 0..graph.len() {
        let rows = numbers(&graph.label(v));
        let (bottom, top) = (rows[0], rows.get(1).copied().unwrap_or(0));
        assert_eq!(analysis.outcome[v] == Outcome::P, bottom == top + 1, "{rows:?}");
    }
    // Square Chomp's winning move leaves an L with equal arms.
    let (graph, analysis) = analysed("game=chomp&rows=5&cols=5");
    assert_eq!(graph.label(analysis.winning_move(&graph, graph.root()).unwrap()), "5,1,1,1,1");
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut pairs = std::collections::HashSet::new();
    for k in 0..40u64 {
        let (a, b) = ((k as f64 * phi).floor() as u64, (k as f64 * phi * phi).floor() as u64);
        pairs.insert((a, b));
        pairs.insert((b, a));
    }
    let (graph, analysis) = analysed("game=wythoff&heaps=30,25");
    for v in 0..graph.len() {
        let xy = numbers(&graph.label(v));
        assert_eq!(analysis.outcome[v] == Outcome::P, pairs.contains(&(xy[0], xy[1])), "{xy:?}");
    }
}

#[test]
fn poset_facts_from_seed_002() {
    let root_grundy = |poset: &str| {
        let (graph, analysis) = analysed(&format!("game=poset&poset={poset}"));
        analysis.grundy.unwrap()[graph.root()]
    };
    for n in 1..=9 {
        assert_eq!(root_grundy(&format!("C{n}")), n, "C{n}");
        assert_eq!(root_grundy(&format!("A{n}")), n % 2, "A{n}");
        assert_eq!(root_grundy(&format!("V{n}")), n % 2 + 1, "V{n}");
    }
    assert_eq!(root_grundy("D2"), 3);
    // Sums are XORs (Fenner & Rogers §2): C3 + C5 + C6 is Nim 3,5,6.
    assert_eq!(root_grundy("C3+C5+C6"), 3 ^ 5 ^ 6);
    // V_n written out is the same game as the atom.
    assert_eq!(root_grundy("A4/C1"), root_grundy("V4"));
    // Divisors of p^a·q^b is Chomp on (a+1)×(b+1) (Fenner & Rogers §1.1.1), so square cases are N.
    assert_ne!(root_grundy("div36"), 0);
}

#[test]
fn divisors_of_a_prime_power_is_a_chain() {
    // The divisors of 2^5 except 1 form a chain of 5.
    let (graph, analysis) = analysed("game=poset&poset=div32");
    assert_eq!(graph.label(graph.root()), "{2,4,8,16,32}");
    assert_eq!(analysis.grundy.unwrap()[graph.root()], 5);
}

#[test]
fn custom_graph_matches_seed_000_figure_4_reading() {
    // A game shaped like Figure 4: W_G = {v0, b}, and x(v0) = d wins at once (d is a sink).
    let (graph, analysis) = analysed("game=dag&edges=v0-a,v0-b,v0-d,a-b,a-c,b-c,b-d,c-d&root=v0");
    let h = analysis.grundy.as_ref().unwrap();
    let at = |name: &str| graph.find(name).unwrap();
    // d sink 0; c → d: 1; b → c, d: 2; a → b, c: mex{2, 1} = 0; v0 → a, b, d: mex{0, 2, 0} = 1.
    assert_eq!((h[at("d")], h[at("c")], h[at("b")], h[at("a")], h[at("v0")]), (0, 1, 2, 0, 1));
    let mut critical: Vec<String> =
        analysis.critical_positions().into_iter().map(|v| graph.label(v)).collect();
    critical.sort();
    assert_eq!(critical, ["b", "v0"]);
}

#[test]
fn every_family_builds_ids_in_reverse_topological_order_without_repeated_moves() {
    for spec in [
        "game=subtraction&moves=1,3,4&heap=50",
        "game=nim&heaps=2,3,1",
        "game=silver-dollar&coins=3&squares=7",
        "game=turning-turtles&coins=5",
        "game=chomp&rows=3&cols=4",
        "game=chomp&rows=4&cols=2",
        "game=wythoff&heaps=4,6",
        "game=poset&poset=(C2+A2)/C1+div12",
        "game=dag&edges=a-b,b-c,a-c,c-d",
        "game=moore&heaps=3,2,4&k=2",
        "game=cram&rows=3&cols=3",
        "game=hackenbush&edges=0-1,1-2,2-0,2-3,3-3,0-4,0-4",
    ] {
        let (graph, _) = analysed(spec);
        let mut reached = vec![false; graph.len()];
        reached[graph.root()] = true;
        for v in (0..graph.len()).rev() {
            let moves = graph.moves(v);
            let distinct: std::collections::HashSet<_> = moves.iter().collect();
            assert_eq!(distinct.len(), moves.len(), "{spec}: repeated move at {}", graph.label(v));
            for &w in moves {
                assert!((w as usize) < v, "{spec}: move {v} → {w} goes up");
                reached[w as usize] |= reached[v];
            }
        }
        assert!(reached.iter().all(|&r| r), "{spec}: unreachable position");
        let labels: std::collections::HashSet<String> = (0..graph.len()).map(|v| graph.label(v)).collect();
        assert_eq!(labels.len(), graph.len(), "{spec}: labels not unique");
    }
}

#[test]
fn misere_outcomes_of_subtraction_nim_follow_the_shifted_pattern() {
    // Misère SubtractionNim with moves 1..k: P iff heap ≡ 1 (mod k+1) (the last taker loses).
    for k in 1..=4u64 {
        let moves: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
        let (graph, analysis) =
            analysed(&format!("game=subtraction&moves={}&heap=30&play=misere", moves.join(",")));
        for v in 0..graph.len() {
            let heap: u64 = graph.label(v).parse().unwrap();
            assert_eq!(analysis.outcome[v] == Outcome::P, heap % (k + 1) == 1, "k={k} heap={heap}");
        }
    }
    assert_eq!(Play::Misere.as_str(), "misere");
}

#[test]
fn subtraction_periods_with_long_windows() {
    // Checked against the computed sequence, with windows (the largest move) long enough to
    // exercise the rolling hash.
    for moves in [vec![1, 40], vec![7, 50], vec![3, 17, 64]] {
        let text: Vec<String> = moves.iter().map(u64::to_string).collect();
        let values = grundy_of(&format!("game=subtraction&moves={}&heap=20000", text.join(",")));
        let by_heap: HashMap<usize, u32> = values.iter().map(|(l, g)| (l.parse().unwrap(), *g)).collect();
        let period = subtraction_period(&moves, 1 << 16).unwrap();
        let (p, q) = (period.preperiod as usize, period.period as usize);
        assert!(p + 2 * q < 19_000, "{moves:?}: period too long for this check");
        for h in p..19_000 - q {
            if let (Some(a), Some(b)) = (by_heap.get(&h), by_heap.get(&(h + q))) {
                assert_eq!(a, b, "{moves:?}: g({h}) ≠ g({})", h + q);
            }
        }
        assert_eq!(period.cycle.len(), q);
        // Least: no smaller shift works over two periods past p, and p − 1 breaks it.
        let g = |h: usize| by_heap.get(&h).copied();
        assert!(
            (1..q).all(|d| (p..p + 2 * q).any(|i| g(i).is_some() && g(i + d).is_some() && g(i) != g(i + d)))
        );
        if p > 0 {
            assert_ne!(g(p - 1), g(p - 1 + q), "{moves:?}: preperiod not least");
        }
    }
}

#[test]
fn divisors_of_p2_q3_is_chomp_4_by_3() {
    // 72 = 2^3·3^2: the divisors except 1 ordered by divisibility are a 4×3 board without its
    // poison corner (Fenner & Rogers §1.1.1), so the two games have the same positions and values.
    let (poset, pa) = analysed("game=poset&poset=div72");
    let (chomp, ca) = analysed("game=chomp&rows=4&cols=3");
    assert_eq!(poset.len(), chomp.len());
    assert_eq!(poset.edge_count(), chomp.edge_count());
    let mut a = pa.grundy.unwrap();
    let mut b = ca.grundy.unwrap();
    assert_eq!(a[poset.root()], b[chomp.root()]);
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "same multiset of Grundy values");
}

/// The page's first example (its default game) is the paper's running example SubtractionNim²₇
/// as Benford & Lehre has it: positions {0, …, 6}, starting at 6, a P-position (so UMDA plays second,
/// from the fictitious start v*).
#[test]
fn the_first_example_is_the_paper_s_subtraction_nim() {
    let preset = &impartial::spec::PRESETS[0];
    assert!(preset.title.starts_with("SubtractionNim"), "{}", preset.title);
    let report = impartial::report::analyse(preset.spec, false).unwrap();
    assert_eq!(report.positions, 7, "positions 0, …, 6");
    assert_eq!(report.root, "6");
    assert_eq!(report.root_outcome, Outcome::P);
    assert!(report.fictitious_start);
}
