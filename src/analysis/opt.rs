//! Whether a strategy is in Opt(G), Benford & Lehre §2: x ∈ Opt(G) iff f_G(x, y) = 1 for every y,
//! with x moving first from the root.
//!
//! A strategy maps each interior position to one of its moves. Because G is acyclic, a play
//! visits each position at most once, so "against every fixed y" equals "against an opponent
//! free to choose at every position". Two values per position, computed in id order:
//! - x_wins_moving(v): x is to move at v and wins whatever y does: v interior and
//!   x_wins_waiting(x(v));
//! - x_wins_waiting(v): y is to move at v: v is a sink, or every move w has x_wins_moving(w).
//!
//! A partial strategy leaves some positions open; it passes only if every completion is in
//! Opt(G), i.e. x_wins_moving(v) must hold for every move at an open v.
//! Under misère play the sink rule flips (the player who cannot move wins).

use super::Outcome;
use crate::game_graph::GameGraph;
use crate::spec::Play;

/// Which player x is at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// x moves first from v0: Opt(G).
    First,
    /// y moves first from v0: Opt(G*) of Benford & Lehre §2, where x's forced first move v* → v0
    /// hands the root to y. Used when v0 is a P-position, without building G*.
    Second,
}

/// x ∈ Opt(G): `strategy[v]` is the position x moves to from interior v (ignored at sinks).
/// Returns false if the strategy has the wrong length or names a position that is not a move.
pub fn is_optimal(graph: &GameGraph, strategy: &[u32], play: Play) -> bool {
    let partial: Vec<Option<u32>> = strategy.iter().map(|&w| Some(w)).collect();
    every_completion_is_optimal(graph, &partial, play)
}

/// Whether every strategy that agrees with `strategy` where it is `Some` is in Opt(G).
/// Returns false if the strategy has the wrong length or names a position that is not a move.
pub fn every_completion_is_optimal(graph: &GameGraph, strategy: &[Option<u32>], play: Play) -> bool {
    every_completion_wins(graph, strategy, play, Role::First)
}

/// Whether every completion of `strategy` wins from the root against every opponent, with x in
/// the given role there.
pub fn every_completion_wins(graph: &GameGraph, strategy: &[Option<u32>], play: Play, role: Role) -> bool {
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
        moving[v] = match strategy[v] {
            Some(choice) if moves.contains(&choice) => waiting[choice as usize],
            Some(_) => return false,
            None => moves.iter().all(|&w| waiting[w as usize]),
        };
        waiting[v] = moves.iter().all(|&w| moving[w as usize]);
    }
    match role {
        Role::First => moving[graph.root()],
        Role::Second => waiting[graph.root()],
    }
}

/// Space [`reachable_moves_win`] reuses between calls: `visited[v] == tag` marks a position
/// seen in this call (a new tag per call clears the marks without a pass), and the walk's stack.
pub struct Scratch<'a> {
    /// Per position: equal to `tag` when seen in the current call; as long as the graph.
    pub visited: &'a mut [u64],
    /// This call's mark, unlike every earlier call's.
    pub tag: u64,
    /// The walk's stack of positions.
    pub stack: &'a mut Vec<u32>,
}

/// Whether a strategy, read move by move through `move_of` (an edge index per interior
/// position), is in Opt(G) — or Opt(G*) in the second role. The lazy twin of
/// [`every_completion_wins`]: it reads only the positions the strategy lets the game reach,
/// which is what UMDA needs after every generation.
///
/// From an N-position the learner stays winning exactly when it moves to a P-position; any
/// move to an N-position loses to an opponent who then plays well. So the strategy is optimal
/// iff at every position where it is to move and which the game can reach (the opponent free
/// to choose), its move leads to a P-position. A depth-first walk over those positions, each
/// read once (`visited` marks with `tag`), stops at the first bad move.
pub fn reachable_moves_win(
    graph: &GameGraph,
    outcome: &[Outcome],
    (play, role): (Play, Role),
    Scratch { visited, tag, stack }: Scratch,
    mut move_of: impl FnMut(usize) -> usize,
) -> bool {
    let targets = graph.targets();
    stack.clear();
    let mut visit = |v: u32, stack: &mut Vec<u32>| {
        if visited[v as usize] != tag {
            visited[v as usize] = tag;
            stack.push(v);
        }
    };
    match role {
        Role::First => visit(graph.root() as u32, stack),
        // G*: the learner's forced v* → v0, then the opponent moves from v0.
        Role::Second => {
            for &c in graph.moves(graph.root()) {
                visit(c, stack);
            }
        }
    }
    while let Some(u) = stack.pop() {
        let u = u as usize;
        if graph.is_sink(u) {
            // The learner is stuck: it loses under normal play, wins under misère play.
            if play == Play::Normal {
                return false;
            }
            continue;
        }
        let w = targets[move_of(u)] as usize;
        if outcome[w] != Outcome::P {
            return false;
        }
        for &c in graph.moves(w) {
            visit(c, stack);
        }
    }
    true
}
