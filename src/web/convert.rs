//! Values crossing to the page: refusals as the core's sentence, structures as plain JS objects.

use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::error::InputError;

/// A refused input as the JS exception the page shows: the core's sentence, as a string.
pub(crate) fn refused(err: InputError) -> JsValue {
    JsValue::from_str(&err.to_string())
}

/// Plain JS objects (not Maps), `null` for None; numbers above 2^53 are refused, not rounded.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|err| JsValue::from_str(&format!("Could not pass a value to the page: {err}.")))
}
