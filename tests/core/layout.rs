//! The layered drawing: layers checked against a longest-path relaxation written from the
//! definition, slots against their closed form, and crossings against a brute-force count.

use impartial::layout::{layered, Layout};
use impartial::{build, GameGraph, GameSpec, Limits};
use proptest::prelude::*;

use crate::common;

use common::dag;

const FAMILIES: &[&str] = &[
    "game=subtraction&moves=1,2&heap=7",
    "game=nim&heaps=3,4,5",
    "game=chomp&rows=4&cols=5",
    "game=chomp&rows=5&cols=3",
    "game=turning-turtles&coins=6",
    "game=silver-dollar&coins=3&squares=8",
    "game=wythoff&heaps=5,8",
    "game=dag&edges=v0-a,v0-b,a-c,b-c&root=v0",
];

fn graph(spec: &str) -> GameGraph {
    build(&GameSpec::parse(spec).unwrap(), &Limits::DEFAULT).unwrap()
}

/// Longest path to a sink by Bellman–Ford-style relaxation to a fixed point, sweeping ids
/// downwards (against the topological order, so it does take several rounds).
fn longest_paths(graph: &GameGraph) -> Vec<u32> {
    let mut d = vec![0u32; graph.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for v in (0..graph.len()).rev() {
            for &w in graph.moves(v) {
                if d[w as usize] + 1 > d[v] {
                    d[v] = d[w as usize] + 1;
                    changed = true;
                }
            }
        }
    }
    d
}

/// Every check that holds for any graph: layers, x, slots, counts.
fn check(graph: &GameGraph, layout: &Layout) -> Result<(), TestCaseError> {
    let n = graph.len();
    prop_assert_eq!(layout.layer.len(), n);
    prop_assert_eq!(&layout.layer, &longest_paths(graph));
    for v in 0..n {
        prop_assert_eq!(graph.is_sink(v), layout.layer[v] == 0);
        for &w in graph.moves(v) {
            prop_assert!(layout.layer[w as usize] < layout.layer[v], "move {} -> {} does not go left", v, w);
        }
        prop_assert_eq!(layout.x[v], layout.layer[v] as f32);
    }
    prop_assert_eq!(layout.layers, layout.layer.iter().max().map_or(0, |&m| m + 1));
    let mut widest = 0;
    for l in 0..layout.layers {
        let mut ys: Vec<f32> = (0..n).filter(|&v| layout.layer[v] == l).map(|v| layout.y[v]).collect();
        ys.sort_by(f32::total_cmp);
        let k = ys.len();
        prop_assert!(k > 0, "layer {} is empty", l);
        let expected: Vec<f32> = (0..k).map(|i| i as f32 - (k - 1) as f32 / 2.0).collect();
        prop_assert_eq!(ys, expected, "layer {}", l);
        widest = widest.max(k as u32);
    }
    prop_assert_eq!(layout.widest, widest);
    Ok(())
}

/// Crossings between adjacent layers, pair by pair.
fn brute_crossings(graph: &GameGraph, layer: &[u32], y: &[f32]) -> u64 {
    let edges: Vec<(usize, usize)> = (0..graph.len())
        .flat_map(|u| graph.moves(u).iter().map(move |&w| (u, w as usize)))
        .filter(|&(u, w)| layer[w] + 1 == layer[u])
        .collect();
    let mut count = 0;
    for (i, &(u1, w1)) in edges.iter().enumerate() {
        for &(u2, w2) in &edges[i + 1..] {
            if layer[u1] == layer[u2] && (y[u1] - y[u2]) * (y[w1] - y[w2]) < 0.0 {
                count += 1;
            }
        }
    }
    count
}

/// The starting order: by id within each layer, centred like the layout's.
fn id_order_y(layout: &Layout) -> Vec<f32> {
    let mut size = vec![0u32; layout.layers as usize];
    for &l in &layout.layer {
        size[l as usize] += 1;
    }
    let mut seen = vec![0u32; layout.layers as usize];
    let mut y = Vec::with_capacity(layout.layer.len());
    for &l in &layout.layer {
        y.push(seen[l as usize] as f32 - (size[l as usize] - 1) as f32 / 2.0);
        seen[l as usize] += 1;
    }
    y
}

proptest! {
    #![proptest_config(crate::common::proptest_config(200))]

    #[test]
    fn random_dags_are_laid_out_consistently(graph in dag(16)) {
        let layout = layered(&graph);
        check(&graph, &layout)?;
        let brute = brute_crossings(&graph, &layout.layer, &layout.y);
        prop_assert_eq!(layout.adjacent_crossings(&graph), brute);
        prop_assert!(brute <= brute_crossings(&graph, &layout.layer, &id_order_y(&layout)));
    }
}

#[test]
fn families_are_laid_out_consistently() {
    for spec in FAMILIES {
        let graph = graph(spec);
        if let Err(e) = check(&graph, &layered(&graph)) {
            panic!("{spec}: {e}");
        }
    }
}

#[test]
fn subtraction_layers_are_heap_sizes_one_per_layer() {
    let graph = graph("game=subtraction&moves=1,2&heap=7");
    let layout = layered(&graph);
    assert_eq!((layout.layers, layout.widest), (8, 1));
    for v in 0..graph.len() {
        assert_eq!(layout.layer[v].to_string(), graph.label(v));
        assert_eq!(layout.y[v], 0.0);
    }
    assert_eq!(layout.layer[graph.root()], 7);
}

#[test]
fn chomp_layers_are_squares_left_minus_one() {
    let graph = graph("game=chomp&rows=4&cols=4");
    assert_eq!(graph.len(), 69); // C(8, 4) − 1: the empty board is not a position
    let layout = layered(&graph);
    for v in 0..graph.len() {
        let squares: u32 = graph.label(v).split(',').map(|r| r.parse::<u32>().unwrap()).sum();
        assert_eq!(layout.layer[v], squares - 1, "{}", graph.label(v));
    }
    assert_eq!(layout.layers, 16);
}

#[test]
fn layout_is_deterministic() {
    for spec in FAMILIES {
        let graph = graph(spec);
        assert_eq!(layered(&graph), layered(&graph), "{spec}");
    }
}

#[test]
fn crossing_reduction_does_not_add_crossings() {
    for spec in ["game=chomp&rows=5&cols=5", "game=nim&heaps=3,4,5", "game=turning-turtles&coins=6"] {
        let graph = graph(spec);
        let layout = layered(&graph);
        let after = brute_crossings(&graph, &layout.layer, &layout.y);
        let before = brute_crossings(&graph, &layout.layer, &id_order_y(&layout));
        assert_eq!(layout.adjacent_crossings(&graph), after, "{spec}");
        assert!(after <= before, "{spec}: {after} crossings after, {before} before");
        eprintln!("{spec}: {before} -> {after}");
    }
}
