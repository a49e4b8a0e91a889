//! The value theory gives a game too large to draw, asked in known.js's worker: in the lab module
//! (`--features lab`, loaded on demand), like the experiment panel's runs ([`super::sweep`]).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{refused, to_js};
use crate::analysis::value::{self, Method};
use crate::games::{self, Bound, Limits};
use crate::spec::GameSpec;

/// A game's value known by a theorem, for a game too large to draw.
#[derive(Serialize)]
struct Known {
    /// The canonical spec.
    game: String,
    /// g(start) as text (it may exceed 2^53).
    grundy: Option<String>,
    outcome: &'static str,
    method: Method,
    /// "Grundy value 406 by the g-set algebra …, so the first player wins".
    summary: String,
    /// The number of positions in words ("2.1·10⁴³", "at least 4,000,001"), when the spec
    /// can be sized (a poset beyond a graph's 64 elements cannot).
    positions_text: Option<String>,
}

/// The start's value when a theorem gives it without building anything (Nim, heap games,
/// N-free posets, Hackendot; see `impartial value`), or null when only the position graph
/// would. The page asks this of a game too large to draw, so it says who wins instead of only
/// refusing.
///
/// # Errors
/// A malformed spec throws the core's message.
#[wasm_bindgen]
pub fn known_value(spec: &str) -> Result<JsValue, JsValue> {
    let Some(found) = value::by_theory_only(spec).map_err(refused)? else {
        return Ok(JsValue::NULL);
    };
    let size = GameSpec::parse(spec).ok().and_then(|g| games::estimate(&g, &Limits::PAGE).ok());
    to_js(&Known {
        game: found.game.clone(),
        grundy: found.grundy.map(|g| g.to_string()),
        outcome: found.outcome.as_str(),
        method: found.method,
        summary: found.summary(),
        positions_text: size.map(|s| {
            let at_least = if s.bound == Bound::AtLeast { "at least " } else { "" };
            format!("{at_least}{}", approximately(s.positions))
        }),
    })
}

/// Grouped digits below 10^7, else one decimal (cut, not rounded) and a power of ten written
/// as a lecturer would: "2.1·10⁴³".
fn approximately(n: u128) -> String {
    if n < 10_000_000 {
        return crate::error::group_digits(n);
    }
    let digits = n.to_string();
    let exponent: String = (digits.len() - 1)
        .to_string()
        .chars()
        .map(|d| ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][d as usize - '0' as usize])
        .collect();
    format!("{}.{}·10{exponent}", &digits[..1], &digits[1..2])
}
