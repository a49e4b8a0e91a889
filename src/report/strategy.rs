//! A strategy given by a person (position label → move label), read and checked against
//! Opt(G) (seed 000 §2).

use super::data::StrategyCheck;
use crate::analysis::opt;
use crate::error::InputError;
use crate::graph::GameGraph;
use crate::spec::Play;
use crate::value::bad_value;

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
