//! The Sprague–Grundy function h of Benford & Lehre §2.1: sinks get 0, and
//! h(v) = mex {h(w) : w ∈ F(v)} once every successor has a value.

use crate::game_graph::GameGraph;

/// h(v) and membership of W_G (Def 2.1) for every position, in the same single pass: by the
/// time v is reached every successor's value is known, so "some move to h ≠ 0" is read off
/// while computing the mex.
///
/// h(v) ≤ |F(v)|, so a stamp array of Δ + 2 entries replaces a set per position: entry g holds
/// the last position that saw a successor of value g.
pub fn grundy_and_critical(graph: &GameGraph) -> (Vec<u32>, Vec<bool>) {
    let n = graph.len();
    let mut grundy = vec![0u32; n];
    let mut critical = vec![false; n];
    let mut stamp = vec![u32::MAX; graph.max_degree() + 2];
    for v in 0..n {
        let moves = graph.moves(v);
        let mark = v as u32;
        let mut to_nonzero = false;
        for &w in moves {
            let g = grundy[w as usize] as usize;
            to_nonzero |= g != 0;
            if g <= moves.len() {
                stamp[g] = mark;
            }
        }
        let mut g = 0;
        while stamp[g] == mark {
            g += 1;
        }
        grundy[v] = g as u32;
        critical[v] = g != 0 && to_nonzero;
    }
    (grundy, critical)
}

/// Position `v`'s Grundy value worked out from its options' values, e.g. `mex{0, 2} = 1`
/// (the SG notes: the minimum excluded value of the set of the options' Grundy values).
pub fn mex_text(graph: &GameGraph, grundy: &[u32], v: usize) -> String {
    let mut options: Vec<u32> = graph.moves(v).iter().map(|&w| grundy[w as usize]).collect();
    options.sort_unstable();
    options.dedup();
    let shown: Vec<String> = options.iter().map(u32::to_string).collect();
    format!("mex{{{}}} = {}", shown.join(", "), grundy[v])
}
