//! The start position's Grundy value by the cheapest exact method the game's structure allows,
//! without building the position graph where theory permits: the Sprague–Grundy theorem as an
//! algorithm (Rees & Thomas, Fenner & Rogers §2–3, the SG notes).
//!
//! - Nim: the nim-sum (XOR) of the heaps (Rees & Thomas).
//! - Lasker's Nim: each heap's value by its formula (Winning Ways ch. 4), XORed.
//! - Subtraction and octal games, Grundy's game: each heap's value from the single-heap sequence
//!   ([`super::sequence`]), and beyond the values computed from its proven period; several heaps
//!   XOR (the heaps of a position are a sum).
//! - Posets without `divN` parts (N-free): Deuber and Thomassé's g-set algebra (Fenner & Rogers §3.1,
//!   Fact 3.1 and Lemma 3.2), for expressions far beyond any graph.
//! - Everything else, and misère play (which sums do not respect): the position graph within
//!   its budget, as `analyse` does.

use serde::Serialize;

use super::game::AnalysedGame;
use super::sequence::{HeapGame, VALUE_LIMIT, VALUE_WORK};
use super::Outcome;
use crate::budget::Limits;
use crate::error::{group_digits, InputError};
use crate::games::hackendot::forest_gset;
use crate::games::poset::{GsetStep, PosetExpr};
use crate::games::{self, chomp, Family};
use crate::numbers::bad_value;
use crate::spec::{parse_pairs, GameSpec, Play};

/// The largest heap `value` takes: a Grundy value of Nim is then an i64 as well as a u64, which
/// every JSON reader holds exactly only below 2^53, so values are also given as text.
pub const MAX_HEAP: u64 = (1 << 63) - 1;

/// How a value was found: a public interface (README lists them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// XOR of Nim heaps.
    NimSum,
    /// The heaps' values by the rule's closed form (Lasker's Nim), XORed.
    HeapFormula,
    /// Values of single heaps read from the computed sequence, XORed.
    HeapSequence,
    /// As [`Method::HeapSequence`], with some heap beyond the values computed reduced by a
    /// proven period.
    Period,
    /// Deuber and Thomassé's g-set algebra over a series–parallel poset.
    GsetAlgebra,
    /// A sum: the XOR of its parts' values, each found by its own method.
    SumOfParts,
    /// The position graph, built and analysed.
    PositionGraph,
}

impl Method {
    /// In words, for the text output and the page.
    pub fn describe(self) -> &'static str {
        match self {
            Method::NimSum => "the nim-sum of the heaps (Rees & Thomas)",
            Method::HeapFormula => "the heaps' values by the game's formula (Winning Ways ch. 4), XORed",
            Method::HeapSequence => "the heaps' values from the Grundy sequence, XORed (the SG notes)",
            Method::Period => "the heaps' values by the proven period of the Grundy sequence, XORed",
            Method::GsetAlgebra => "the g-set algebra of Deuber and Thomassé (Fenner & Rogers §3.1)",
            Method::SumOfParts => "the nim-sum of the parts' values (Fenner & Rogers Theorem 2.28)",
            Method::PositionGraph => "the position graph",
        }
    }
}

/// The start position's value and how it was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Value {
    /// The canonical spec.
    pub game: String,
    /// g(start); None under misère play.
    pub grundy: Option<u64>,
    /// P or N at the start (under misère play, the misère outcome).
    pub outcome: Outcome,
    /// How the value was found.
    pub method: Method,
    /// Posets by the algebra: the g-set of the start (the values of its options).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gset: Option<Vec<u32>>,
    /// Sums: each part's value and method, in the order given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<Value>>,
}

impl Value {
    /// In words: "Grundy value 406 by the g-set algebra of Deuber and Thomassé (Fenner & Rogers §3.1),
    /// so the first player wins".
    pub fn summary(&self) -> String {
        let winner = match self.outcome {
            Outcome::P => "the second player wins",
            _ => "the first player wins",
        };
        // A sum shows its parts' values: "… by the nim-sum of the parts' values (3 ⊕ 1 ⊕ 28) …".
        let terms = self.parts.as_ref().map_or(String::new(), |parts| {
            let values: Vec<String> =
                parts.iter().map(|p| p.grundy.map_or("?".into(), |g| g.to_string())).collect();
            format!(" ({})", values.join(" ⊕ "))
        });
        match self.grundy {
            Some(g) => format!("Grundy value {g} by {}{terms}, so {winner}", self.method.describe()),
            None => format!("{}-position by {}: {winner}", self.outcome.as_str(), self.method.describe()),
        }
    }

    fn of(game: String, grundy: u64, method: Method, gset: Option<Vec<u32>>) -> Value {
        let outcome = if grundy == 0 { Outcome::P } else { Outcome::N };
        Value { game, grundy: Some(grundy), outcome, method, gset, parts: None }
    }
}

/// The value of the game `text` describes (a spec; a poset may have up to
/// [`crate::games::poset::MAX_ALGEBRA_ELEMENTS`] elements here).
pub fn value(text: &str) -> Result<Value, InputError> {
    if let Some(found) = by_theory_only(text)? {
        return Ok(found);
    }
    by_graph(text)
}

/// The g-set algebra's steps for a poset or Hackendot game under normal play (the page shows
/// them beside a Hasse diagram); None for other games, misère play or `divN` parts.
pub fn gset_steps(spec: &GameSpec) -> Option<Vec<GsetStep>> {
    if spec.play != Play::Normal {
        return None;
    }
    match &spec.family {
        Family::Poset(expr) => expr.gset_steps(),
        Family::Hackendot(forest) => forest.poset().gset_steps(),
        _ => None,
    }
}

/// The value when a theorem gives it without the position graph (normal play: Nim, heap games,
/// N-free posets, Hackendot); None when only the graph would. The page asks this of a game too
/// large to draw, so it never builds anything.
pub fn by_theory_only(text: &str) -> Result<Option<Value>, InputError> {
    let pairs = parse_pairs(text)?;
    let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    if matches!(get("play"), Some("misere" | "misère")) {
        // Checked like any spec, but sums do not respect misère play: no theorem here.
        GameSpec::from_pairs(&pairs).map(|_| None)
    } else if let Some(found) = by_algebra(&pairs)? {
        Ok(Some(found))
    } else {
        let spec = GameSpec::from_pairs(&pairs)?;
        by_theory(&spec)
    }
}

/// Posets without `divN` parts and Hackendot forests: the g-set algebra (Fenner & Rogers §3.1) on the
/// raw text, which may be far larger than a graph's limit; None for other games.
fn by_algebra(pairs: &[(String, String)]) -> Result<Option<Value>, InputError> {
    let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let (key, stand_in, found) = match (get("game"), get("poset"), get("forest")) {
        (Some("poset"), Some(text), _) => {
            let expr = PosetExpr::parse_for_algebra(text)?;
            ("poset", "C1", expr.gset().map(|gset| (expr.to_string(), gset)))
        }
        (Some("hackendot"), _, Some(text)) => {
            ("forest", "()", Some((text.replace(' ', ""), forest_gset(text)?)))
        }
        _ => return Ok(None),
    };
    let Some((canonical, gset)) = found else { return Ok(None) };
    // The rest of the spec is checked like any other (keys, duplicates, play): only the size
    // limit differs, so a one-element game stands in for the big one.
    let checked: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.clone(), if k == key { stand_in.to_string() } else { v.clone() }))
        .collect();
    let spec = GameSpec::from_pairs(&checked)?;
    let canonical = spec.to_string().replace(&format!("{key}={stand_in}"), &format!("{key}={canonical}"));
    Ok(Some(algebra_value(canonical, gset)))
}

/// The value by a theorem, for the families that have one (normal play).
fn by_theory(spec: &GameSpec) -> Result<Option<Value>, InputError> {
    // The refusal names the family's own key (a subtraction game's is `heap`).
    let checked = |key: &str, heaps: &[u64]| -> Result<(), InputError> {
        match heaps.iter().find(|&&h| h > MAX_HEAP) {
            Some(h) => Err(bad_value(key, &h.to_string(), "heaps of at most 2^63 − 1 for value")),
            None => Ok(()),
        }
    };
    let canonical = spec.to_string();
    if let Some(game) = spec.family.heap_sum() {
        checked(game.key, game.heaps)?;
        // The heaps of a position are a sum: the XOR of their values (Fenner & Rogers Theorem 2.28).
        if let Some(formula) = game.rule.formula() {
            // Nim's values are its heaps: XORed without a call through the formula per heap.
            let total = if formula.identity {
                game.heaps.iter().fold(0, |x, &h| x ^ h)
            } else {
                game.heaps.iter().fold(0, |x, &h| x ^ (formula.g)(h))
            };
            let method = if formula.identity { Method::NimSum } else { Method::HeapFormula };
            return Ok(Some(Value::of(canonical, total, method, None)));
        }
        if let Some(sequence) = HeapGame::of(&spec.family) {
            return Ok(Some(heap_values(&sequence, game.heaps, canonical)?));
        }
    }
    if let Some(sum) = spec.family.parts() {
        // Fenner & Rogers §2.5 Theorem 2.28: g(G + H) = g(G) ⊕ g(H), each part by its own method.
        let mut parts = Vec::with_capacity(sum.len());
        for part in sum {
            let alone = GameSpec { family: part.clone(), play: Play::Normal };
            let found = match by_theory(&alone)? {
                Some(found) => found,
                None => by_graph(&alone.to_string())?,
            };
            parts.push(found);
        }
        let total = parts.iter().fold(0, |x, p| x ^ p.grundy.unwrap_or(0));
        let mut found = Value::of(canonical, total, Method::SumOfParts, None);
        found.parts = Some(parts);
        return Ok(Some(found));
    }
    Ok(match &spec.family {
        // Parts of a sum (a whole poset or forest comes through `by_algebra`, whose size limit
        // is larger): the same algebra on the parsed expression.
        Family::Poset(expr) => expr.gset().map(|gset| algebra_value(canonical, gset)),
        Family::Hackendot(forest) => forest.poset().gset().map(|gset| algebra_value(canonical, gset)),
        _ => None,
    })
}

fn algebra_value(canonical: String, gset: Vec<u32>) -> Value {
    Value::of(canonical, u64::from(crate::games::poset::mex(&gset)), Method::GsetAlgebra, Some(gset))
}

/// The start's value from the position graph, built within the CLI's budget. Chomp under
/// normal play walks its graph without storing the edges ([`chomp::root_grundy`]): the same
/// positions, moves and budget, a fifth of the memory traffic.
fn by_graph(text: &str) -> Result<Value, InputError> {
    let spec = GameSpec::parse(text)?;
    if let (Family::Chomp(board), Play::Normal) = (&spec.family, spec.play) {
        games::check_budget(&spec, &Limits::DEFAULT)?;
        let grundy = u64::from(chomp::root_grundy(board.rows, board.cols));
        return Ok(Value::of(spec.to_string(), grundy, Method::PositionGraph, None));
    }
    let game = AnalysedGame::from_spec(text, &Limits::DEFAULT)?;
    let root = game.graph.root();
    Ok(Value {
        game: game.spec.clone(),
        grundy: game.analysis.grundy.as_ref().map(|h| u64::from(h[root])),
        outcome: game.analysis.outcome[root],
        method: Method::PositionGraph,
        gset: None,
        parts: None,
    })
}

/// The XOR of single heaps' values: from the sequence, computed until a period is proven or the
/// largest heap is reached (at most [`VALUE_LIMIT`] heaps and [`VALUE_WORK`] of work, so a game
/// whose values grow is refused in under half a second), and by that period beyond it.
fn heap_values(game: &HeapGame, heaps: &[u64], canonical: String) -> Result<Value, InputError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let limit = usize::try_from(largest).unwrap_or(usize::MAX).min(VALUE_LIMIT);
    let (sequence, _) = game.values_while(limit, true, |status| status.pairs < VALUE_WORK);
    let computed = sequence.values.len() as u64;
    let mut method = Method::HeapSequence;
    let mut total = 0u64;
    for &h in heaps {
        let g = if h < computed {
            sequence.values.get(h as usize)
        } else {
            let Some(p) = sequence.period else {
                return Err(bad_value(
                    "heaps",
                    &h.to_string(),
                    &format!(
                        "heaps up to {} for this game: no period is proven within its first {} values, so larger heaps cannot be reduced",
                        group_digits(u128::from(computed - 1)),
                        group_digits(u128::from(computed))
                    ),
                ));
            };
            method = Method::Period;
            let (n0, period) = (p.preperiod as u64, p.period as u64);
            sequence.values.get((n0 + (h - n0) % period) as usize)
        };
        total ^= u64::from(g);
    }
    Ok(Value::of(canonical, total, method, None))
}
