//! The WebAssembly facade: a thin wasm-bindgen layer over the core, for the page in `www/`.
//!
//! No game logic lives here: it converts, validates and forwards. Text from the page (a spec,
//! a slider's value, a seed) goes through the core's parsers, so a bad value becomes a JS
//! exception carrying the core's one-sentence message, never a panic. Structured values cross
//! as plain JS objects (serde-wasm-bindgen); per-position and per-edge arrays are not copied
//! but exposed as pointers into wasm memory, which the page wraps in typed-array views.

mod session;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::SpecError;
use crate::games::{self, Bound, Limits};
use crate::spec::GameSpec;

pub use session::Session;

/// Installs the panic hook so that a panic (a bug) shows up in the browser console with its
/// message rather than as an opaque `unreachable` trap. Runs once when the module loads.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A refused input as the JS exception the page shows: the core's sentence, as a string.
pub(crate) fn refused(err: SpecError) -> JsValue {
    JsValue::from_str(&err.to_string())
}

/// Plain JS objects (not Maps), `null` for None; numbers above 2^53 are refused, not rounded.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|err| JsValue::from_str(&format!("Could not pass a value to the page: {err}.")))
}

/// Analyses the game given by `spec` (e.g. `game=subtraction&moves=1,2&heap=6`) and returns
/// the report as JSON; with `positions`, the report lists every position in `nodes`.
/// Built within the page's budget, [`Limits::PAGE`], like everything the page builds.
///
/// # Errors
/// A bad or too large spec throws a JS `Error`-like value carrying the core's message.
#[wasm_bindgen]
pub fn analyse(spec: &str, positions: bool) -> Result<String, JsValue> {
    let parsed = GameSpec::parse(spec).map_err(refused)?;
    let graph = games::build(&parsed, &Limits::PAGE).map_err(refused)?;
    let options = crate::report::Options { positions, ..crate::report::Options::default() };
    let report = crate::report::Report::new(&parsed, &graph, &options).map_err(refused)?;
    serde_json::to_string(&report)
        .map_err(|err| JsValue::from_str(&format!("Could not encode the report: {err}.")))
}

/// What the page learns about a spec before building it (item 2: the size budget is shown
/// before building).
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
/// known-keys filter: `{ families: [{ name, title, keys: [{ key, label, example }] }],
/// presets: [{ title, spec }] }`. The page writes no family names or keys of its own.
///
/// # Errors
/// Only if the table could not be converted (a bug).
#[wasm_bindgen]
pub fn families() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Catalogue {
        families: &'static [crate::spec::FamilyInfo],
        presets: &'static [crate::spec::Preset],
    }
    to_js(&Catalogue { families: &crate::spec::FAMILIES, presets: &crate::spec::PRESETS })
}

/// The crate version, so the page can say which core it runs.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
