//! The WebAssembly facade: a thin wasm-bindgen layer over [`crate::report::analyse`].
//!
//! No game logic lives here. Reports cross the boundary as JSON strings (the field names are
//! those of [`crate::report::Report`]); a refused spec becomes a JS exception whose message is
//! the core's one-sentence [`crate::SpecError`] text.

use wasm_bindgen::prelude::*;

/// Installs the panic hook so that a panic (a bug) shows up in the browser console with its
/// message rather than as an opaque `unreachable` trap. Runs once when the module loads.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Analyses the game given by `spec` (e.g. `game=subtraction&moves=1,2&heap=6`) and returns
/// the report as JSON; with `positions`, the report lists every position in `nodes`.
///
/// # Errors
/// A bad or too large spec throws a JS `Error`-like value carrying the core's message.
#[wasm_bindgen]
pub fn analyse(spec: &str, positions: bool) -> Result<String, JsValue> {
    let report =
        crate::report::analyse(spec, positions).map_err(|err| JsValue::from_str(&err.to_string()))?;
    serde_json::to_string(&report)
        .map_err(|err| JsValue::from_str(&format!("Could not encode the report: {err}.")))
}

/// The crate version, so the page can say which core it runs.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
