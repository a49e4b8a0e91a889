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
#[cfg(feature = "lab")]
mod known;
mod loopy;
mod rules;
mod session;
#[cfg(feature = "lab")]
mod sweep;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::games::{self, Bound, Limits};
use crate::spec::GameSpec;

use convert::{refused, to_js};
pub use experiment::experiment_setting;
pub use heap_step::heap_options;
#[cfg(feature = "lab")]
pub use known::known_value;
pub use loopy::{has_cycle, LoopyGame};
pub use rules::RulesSession;
pub use session::Session;
#[cfg(feature = "lab")]
pub use sweep::{experiment_grid, experiment_plan, runtime_figure, ExperimentRuns};

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
