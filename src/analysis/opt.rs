//! Whether a strategy is in Opt(G), seed 000 §2: x ∈ Opt(G) iff f_G(x, y) = 1 for every y,
//! with x moving first from the root.
//!
//! A strategy maps each interior position to one of its moves. Because G is acyclic, a play
//! visits each position at most once, so "against every fixed y" equals "against an opponent
//! free to choose at every position". Two values per position, computed in id order:
//! - x_wins_moving(v): x is to move at v and wins whatever y does: v interior and
//!   x_wins_waiting(x(v));
//! - x_wins_waiting(v): y is to move at v: v is a sink, or every move w has x_wins_moving(w).
//!
//! Under misère play the sink rule flips (the player who cannot move wins).

use crate::graph::GameGraph;
use crate::spec::Play;

/// x ∈ Opt(G): `strategy[v]` is the position x moves to from interior v (ignored at sinks).
/// Returns false if the strategy names a position that is not a move.
pub fn is_optimal(graph: &GameGraph, strategy: &[u32], play: Play) -> bool {
    let n = graph.len();
    if strategy.len() != n {
        return false;
    }
    let mover_at_sink_wins = play == Play::Misere;
    let mut moving = vec![false; n];
    let mut waiting = vec![false; n];
    for v in 0..n {
        let moves = graph.moves(v);
        if moves.is_empty() {
            moving[v] = mover_at_sink_wins;
            waiting[v] = !mover_at_sink_wins;
            continue;
        }
        let choice = strategy[v];
        if !moves.contains(&choice) {
            return false;
        }
        moving[v] = waiting[choice as usize];
        waiting[v] = moves.iter().all(|&w| moving[w as usize]);
    }
    moving[graph.root()]
}
