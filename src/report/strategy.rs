//! A strategy given by a person (position label → move label), read and checked against
//! Opt(G) (Benford & Lehre §2).

use super::data::StrategyCheck;
use crate::analysis::opt;
use crate::error::InputError;
use crate::game_graph::GameGraph;
use crate::numbers::bad_value;
use crate::spec::Play;

/// Reads a strategy written as a JSON object from position labels to move labels,
/// e.g. `{"6":"4","5":"3"}`.
pub fn parse_strategy(text: &str) -> Result<Vec<(String, String)>, InputError> {
    let map: std::collections::BTreeMap<String, String> = serde_json::from_str(text).map_err(|_| {
        bad_value("strategy", text, "a JSON object from position labels to move labels, e.g. {\"6\":\"4\"}")
    })?;
    Ok(map.into_iter().collect())
}

/// The id of the position with this label, or a sentence saying there is none.
pub(super) fn position_named(graph: &GameGraph, label: &str, what: &str) -> Result<usize, InputError> {
    graph.find(label).ok_or_else(|| bad_value(what, label, "the label of a position of this game"))
}

/// Checks a strategy given as (position, move) labels against Opt of the learning graph (G, or
/// G* when x plays second from v0); positions it does not list are open.
pub(super) fn check_strategy(
    graph: &GameGraph,
    entries: &[(String, String)],
    play: Play,
    role: opt::Role,
) -> Result<StrategyCheck, InputError> {
    let mut strategy: Vec<Option<u32>> = vec![None; graph.len()];
    for (from, to) in entries {
        let v = position_named(graph, from, "strategy position")?;
        let w = position_named(graph, to, "strategy move")?;
        if !graph.moves(v).contains(&(w as u32)) {
            return Err(bad_value(
                "strategy move",
                &format!("{from} → {to}"),
                &format!("{to} is not a move from {from}"),
            ));
        }
        strategy[v] = Some(w as u32);
    }
    let open = (0..graph.len()).filter(|&v| !graph.is_sink(v) && strategy[v].is_none()).count();
    Ok(StrategyCheck {
        fixed: entries.len(),
        open,
        optimal: opt::every_completion_wins(graph, &strategy, play, role),
    })
}

// --- Strategies as the paper writes them, and the play of one against another --------------

use crate::analysis::game::AnalysedGame;

/// No move: the entry of a strategy at a position with no moves (a sink).
pub const NO_MOVE: u32 = u32::MAX;

/// Whole strategies searched at most by [`intransitive_triples`]; beyond, it says so.
pub const MAX_STRATEGIES_SEARCHED: u128 = 512;

/// The name of each move of `v`, in the graph's order, as a strategy string writes it
/// (Benford & Lehre §1): for a subtraction game the amount taken ("subtract 1 or 2"), for every other
/// family the move's number (from 1) in the position's list of moves.
pub fn move_names(game: &AnalysedGame, v: usize) -> Vec<u64> {
    match game.game.family.move_names(&game.graph, v) {
        Some((names, _)) => names,
        None => (1..=game.graph.degree(v) as u64).collect(),
    }
}

/// The positions a strategy string covers, in its order: every position with a move, by id
/// (for a subtraction game, by heap size: entry i is for the heap of size i, as in Benford & Lehre §1).
pub fn interior(game: &AnalysedGame) -> Vec<usize> {
    (0..game.graph.len()).filter(|&v| !game.graph.is_sink(v)).collect()
}

/// Whether every move name of the game is one digit, so a strategy is written without commas.
fn one_digit_names(game: &AnalysedGame) -> bool {
    interior(game).into_iter().all(|v| move_names(game, v).iter().all(|&n| n <= 9))
}

/// What a strategy string is, for messages.
pub fn strategy_grammar(game: &AnalysedGame) -> String {
    let count = interior(game).len();
    let what = interior(game)
        .first()
        .and_then(|&v| game.game.family.move_names(&game.graph, v))
        .map_or("the number (from 1) of the move in the position's list of moves", |(_, what)| what);
    let sep = if one_digit_names(game) { "one digit" } else { "comma-separated numbers" };
    format!("{count} entries ({sep}), one per position with a move in increasing order, each {what}")
}

/// Reads a strategy written as the paper writes one (Benford & Lehre §1, e.g. `122111` for
/// SubtractionNim²₇: entry i is the move at the i-th position with a move): digits, or numbers
/// separated by commas. Returns the chosen target per position ([`NO_MOVE`] at sinks).
///
/// # Errors
/// A string of the wrong length, or naming a move that is not legal at its position.
pub fn read_strategy_string(game: &AnalysedGame, text: &str) -> Result<Vec<u32>, InputError> {
    let text = text.trim();
    let tokens: Vec<&str> = if text.contains(',') {
        text.split(',').map(str::trim).collect()
    } else {
        text.char_indices().map(|(i, c)| &text[i..i + c.len_utf8()]).collect()
    };
    let positions = interior(game);
    if tokens.len() != positions.len() || tokens.iter().any(|t| t.is_empty()) {
        return Err(bad_value("strategy", text, &strategy_grammar(game)));
    }
    let mut strategy = vec![NO_MOVE; game.graph.len()];
    for (&v, token) in positions.iter().zip(&tokens) {
        let names = move_names(game, v);
        let index = token.parse::<u64>().ok().and_then(|n| names.iter().position(|&m| m == n));
        let Some(index) = index else {
            let legal: Vec<String> = names.iter().map(u64::to_string).collect();
            return Err(bad_value(
                "strategy",
                text,
                &format!(
                    "at position {} the entry '{token}' is not a legal move there (legal: {})",
                    game.graph.label(v),
                    legal.join(", ")
                ),
            ));
        };
        strategy[v] = game.graph.moves(v)[index];
    }
    Ok(strategy)
}

/// Writes a strategy (target per position) as [`read_strategy_string`] reads it.
pub fn write_strategy_string(game: &AnalysedGame, strategy: &[u32]) -> String {
    let names: Vec<String> = interior(game)
        .into_iter()
        .map(|v| {
            let index = game.graph.moves(v).iter().position(|&w| w == strategy[v]).unwrap_or(0);
            move_names(game, v)[index].to_string()
        })
        .collect();
    names.join(if one_digit_names(game) { "" } else { "," })
}

/// The play of strategy x against strategy y (Benford & Lehre §2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duel {
    /// Path_G(x, y) = v0, x(v0), y(x(v0)), …, ending at a position with no moves.
    pub path: Vec<usize>,
    /// f_G(x, y) = 1: the strategy that moved first wins.
    pub first_wins: bool,
}

/// Plays x (moving first) against y from the start v0: Path_G(x, y) of Benford & Lehre §2. Under
/// normal play the player who cannot move loses (f_G), under misère play wins. Strategies are
/// targets per position; an entry that is not a move of its position (a bug of the caller)
/// ends the play there.
pub fn play_strategies(graph: &GameGraph, play: Play, x: &[u32], y: &[u32]) -> Duel {
    let mut path = vec![graph.root()];
    let mut v = graph.root();
    // A game graph is acyclic, so the play ends within n moves.
    while !graph.is_sink(v) && path.len() <= graph.len() {
        let strategy = if path.len() % 2 == 1 { x } else { y };
        let w = strategy[v];
        if !graph.moves(v).contains(&w) {
            break;
        }
        v = w as usize;
        path.push(v);
    }
    // Moves made: path.len() − 1. The first player made the last move when it is odd.
    let first_moved_last = path.len() % 2 == 0;
    Duel { path, first_wins: first_moved_last == (play == Play::Normal) }
}

/// x beats y whoever plays first: f_G(x, y) = 1 and f_G(y, x) = −1 (Benford & Lehre §1, "regardless
/// of who plays first").
pub fn beats_either_way(graph: &GameGraph, play: Play, x: &[u32], y: &[u32]) -> bool {
    play_strategies(graph, play, x, y).first_wins && !play_strategies(graph, play, y, x).first_wins
}

/// Every strategy of the game, in the order of their strings (the first listed move first),
/// or None when there are more than `limit`.
pub fn all_strategies(game: &AnalysedGame, limit: u128) -> Option<Vec<Vec<u32>>> {
    let positions = interior(game);
    let mut count: u128 = 1;
    for &v in &positions {
        count = count.checked_mul(game.graph.degree(v) as u128)?;
        if count > limit {
            return None;
        }
    }
    let mut digits = vec![0usize; positions.len()];
    let mut out = Vec::with_capacity(count as usize);
    loop {
        let mut strategy = vec![NO_MOVE; game.graph.len()];
        for (&v, &d) in positions.iter().zip(&digits) {
            strategy[v] = game.graph.moves(v)[d];
        }
        out.push(strategy);
        // The next string in order: the last position varies fastest.
        let mut i = positions.len();
        loop {
            if i == 0 {
                return Some(out);
            }
            i -= 1;
            digits[i] += 1;
            if digits[i] < game.graph.degree(positions[i]) {
                break;
            }
            digits[i] = 0;
        }
    }
}

/// The intransitive triples of Benford & Lehre §1: strategies x, y, z with x beating y, y beating z
/// and z beating x whoever plays first, found by trying every strategy (at most
/// [`MAX_STRATEGIES_SEARCHED`]). Each cycle once, starting at its first strategy in string
/// order; at most `cap` of them, in order. None when there are too many strategies to try.
pub fn intransitive_triples(game: &AnalysedGame, cap: usize) -> Option<Vec<[Vec<u32>; 3]>> {
    let all = all_strategies(game, MAX_STRATEGIES_SEARCHED)?;
    let n = all.len();
    let beats: Vec<Vec<bool>> = (0..n)
        .map(|a| (0..n).map(|b| beats_either_way(&game.graph, game.play, &all[a], &all[b])).collect())
        .collect();
    let mut found = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if !beats[a][b] {
                continue;
            }
            for c in a + 1..n {
                if beats[b][c] && beats[c][a] {
                    found.push([all[a].clone(), all[b].clone(), all[c].clone()]);
                    if found.len() >= cap {
                        return Some(found);
                    }
                }
            }
        }
    }
    Some(found)
}
