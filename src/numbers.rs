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
    // The common case in one pass: up to 19 plain digits cannot overflow a u64.
    if (1..=19).contains(&text.len()) {
        let mut n = 0u64;
        let mut plain = true;
        for &b in text.as_bytes() {
            let d = b.wrapping_sub(b'0');
            plain &= d <= 9;
            n = n.wrapping_mul(10).wrapping_add(u64::from(d));
        }
        if plain {
            return if (min..=max).contains(&n) { Ok(n) } else { Err(bad_value(key, text, allowed)) };
        }
    }
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

#[cfg(test)]
mod parse_tests {
    use super::*;

    /// The one-pass digits and the general path agree on everything they both take.
    #[test]
    fn parse_number_reads_digits_and_refuses_the_rest() {
        let ok = |t: &str| parse_number("k", t, 0, u64::MAX, "a number").ok();
        assert_eq!(ok("0"), Some(0));
        assert_eq!(ok("007"), Some(7));
        assert_eq!(ok(" 42 "), Some(42));
        assert_eq!(ok("9999999999999999999"), Some(9_999_999_999_999_999_999));
        assert_eq!(ok("18446744073709551615"), Some(u64::MAX));
        assert_eq!(ok("18446744073709551616"), None);
        for bad in ["", " ", "+3", "-1", "3a", "1,2", "٣", "1 2"] {
            assert_eq!(ok(bad), None, "{bad:?}");
        }
        assert!(parse_number("k", "5", 6, 9, "6 to 9").is_err());
        assert_eq!(parse_number("k", "9", 6, 9, "6 to 9").ok(), Some(9));
    }
}
