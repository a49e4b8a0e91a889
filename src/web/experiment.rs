//! The experiment panel's settings, read as the core reads them on every link (the panel's
//! runs, plans and sweep figures are in [`super::sweep`], in the lab module only).

use wasm_bindgen::prelude::*;

use super::convert::refused;
use crate::learn::experiment;
use crate::learn::params;

/// One of the experiment's settings as the core reads it, written back as text (`007` → `7`):
/// `runs` (1 to 1,000), `seed` (0 to 2^64 − 1), `size` (N, the same range, or empty for the
/// spec's largest number) or `budget` (games per run, 1 to 10^15).
///
/// # Errors
/// A bad value (or key) throws the core's sentence naming what is allowed.
#[wasm_bindgen]
pub fn experiment_setting(key: &str, text: &str) -> Result<String, JsValue> {
    let value = match key {
        "runs" => experiment::parse_runs(text).map(|r| r.to_string()),
        "seed" => params::parse_seed(text).map(|s| s.to_string()),
        "size" if text.trim().is_empty() => Ok(String::new()),
        "size" => experiment::parse_size(text).map(|s| s.to_string()),
        "budget" => params::parse_budget(text).map(|b| b.to_string()),
        _ => return Err(JsValue::from_str("The experiment has no such setting.")),
    };
    value.map_err(refused)
}
