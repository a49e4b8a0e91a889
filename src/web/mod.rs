//! The WebAssembly facade: a thin wasm-bindgen layer over the core, for the page in `www/`.
//!
//! No game logic lives here: it converts, validates and forwards. Text from the page (a spec,
//! a slider's value, a seed) goes through the core's parsers, so a bad value becomes a JS
//! exception carrying the core's one-sentence message, never a panic. Structured values cross
//! as plain JS objects (serde-wasm-bindgen); per-position and per-edge arrays are not copied
//! but exposed as pointers into wasm memory, which the page wraps in typed-array views.

mod convert;
mod experiment;
mod heap_step;
mod loopy;
mod rules;
mod session;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::analysis::value::{self, Method};
use crate::games::{self, Bound, Limits};
use crate::spec::GameSpec;

use convert::{refused, to_js};
pub use experiment::{experiment_plan, experiment_setting, runtime_figure, ExperimentRuns};
pub use heap_step::heap_options;
pub use loopy::{has_cycle, LoopyGame};
pub use rules::RulesSession;
pub use session::Session;

/// Installs the panic hook so that a panic (a bug) shows up in the browser console with its
/// message rather than as an opaque `unreachable` trap. Runs once when the module loads.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// What the page learns about a spec before building it, so that the size and the budget are
/// shown before anything is built.
#[derive(Serialize)]
struct Estimate {
    /// The canonical spec.
    game: String,
    /// Positions and moves, as numbers (they may exceed 2^53 for absurd inputs: then rounded,
    /// which is fine for a message) and as grouped text.
    positions: f64,
    edges: f64,
    positions_text: String,
    edges_text: String,
    /// "exact", "at most" or "at least".
    bound: &'static str,
    /// The page's budget.
    max_positions: u64,
    max_edges: u64,
    /// Why it will be refused, when it will.
    refused: Option<String>,
}

/// Sizes a spec without building it and says whether the page will accept it.
///
/// # Errors
/// A malformed spec throws the core's message.
#[wasm_bindgen]
pub fn estimate(spec: &str) -> Result<JsValue, JsValue> {
    let parsed = GameSpec::parse(spec).map_err(refused)?;
    let limits = Limits::PAGE;
    let size = games::estimate(&parsed, &limits).map_err(refused)?;
    let refused = games::check_size(parsed.family.name(), size, &limits).err().map(|e| e.to_string());
    to_js(&Estimate {
        game: parsed.to_string(),
        positions: size.positions as f64,
        edges: size.edges as f64,
        positions_text: crate::error::group_digits(size.positions),
        edges_text: crate::error::group_digits(size.edges),
        bound: match size.bound {
            Bound::Exact => "exact",
            Bound::AtMost => "at most",
            Bound::AtLeast => "at least",
        },
        max_positions: limits.max_positions,
        max_edges: limits.max_edges,
        refused,
    })
}

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

/// The QR code of `text` (a link to the page), as one byte per module (1 = dark), row by row;
/// the side is the square root of the length.
///
/// # Errors
/// Text too long for a QR code throws a message saying so.
#[wasm_bindgen]
pub fn qr_modules(text: &str) -> Result<Vec<u8>, JsValue> {
    let code =
        qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::L).map_err(|_| {
            JsValue::from_str(&format!(
                "This link is too long for a QR code ({} characters; a QR code holds at most 2,953).",
                text.len()
            ))
        })?;
    Ok(code.to_colors().into_iter().map(|c| u8::from(c == qrcode::Color::Dark)).collect())
}

/// The grammar's families and the ready-made examples, for the page's game form and its
/// known-keys filter: `{ families: [{ name, title, keys: [{ key, label, example, allowed,
/// default }] }],
/// presets: [{ title, spec }] }`. The page writes no family names or keys of its own.
///
/// # Errors
/// Only if the table could not be converted (a bug).
#[wasm_bindgen]
pub fn families() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Catalogue {
        families: &'static [crate::games::FamilyInfo],
        presets: &'static [crate::spec::Preset],
    }
    to_js(&Catalogue { families: crate::games::FAMILIES, presets: &crate::spec::PRESETS })
}

/// The crate version, so the page can say which core it runs.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
