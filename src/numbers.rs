//! Values as the spec grammar and the CLI's options read them: whole numbers and lists of
//! them, each refusal one sentence naming what is allowed. Near the bottom of the core: it
//! needs only [`crate::error`].

use crate::error::{clipped, InputError};

/// The value is kept only as far as [`crate::error::quoted`] shows it, so an error never holds a huge input.
pub fn bad_value(key: &str, value: &str, allowed: &str) -> InputError {
    InputError::BadValue { key: key.to_string(), value: clipped(value), allowed: allowed.to_string() }
}

/// A whole number in `[min, max]`; anything else is a [`InputError::BadValue`] quoting `allowed`.
pub fn parse_number(key: &str, text: &str, min: u64, max: u64, allowed: &str) -> Result<u64, InputError> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad_value(key, text, allowed));
    }
    match t.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(_) => Err(bad_value(key, text, allowed)),
        Err(_) => Err(bad_value(key, text, &format!("{allowed} (this one has too many digits)"))),
    }
}

/// A comma-separated list of whole numbers in `[min, max]`; the error quotes the whole list.
pub fn parse_list(key: &str, text: &str, min: u64, max: u64, allowed: &str) -> Result<Vec<u64>, InputError> {
    if text.trim().is_empty() {
        return Err(bad_value(key, text, allowed));
    }
    text.split(',')
        .map(|part| parse_number(key, part, min, max, allowed).map_err(|_| bad_value(key, text, allowed)))
        .collect()
}
