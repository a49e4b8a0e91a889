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
    if let Some(values) = plain_list(text.as_bytes()) {
        return match values.iter().all(|v| (min..=max).contains(v)) {
            true => Ok(values),
            false => Err(bad_value(key, text, allowed)),
        };
    }
    if text.trim().is_empty() {
        return Err(bad_value(key, text, allowed));
    }
    text.split(',')
        .map(|part| parse_number(key, part, min, max, allowed).map_err(|_| bad_value(key, text, allowed)))
        .collect()
}

/// The numbers of a list whose parts are all 1 to 19 plain digits (so none overflows); None
/// for anything else (spaces, signs, empty parts, 20 digits), which the general path then reads
/// or refuses. A Nim spec's 64 heaps are read on every `value`, and splitting at commas to read
/// a byte at a time was a third of its time. Here the text is scanned eight bytes a word for
/// its commas, and each number is read from the word(s) ending at its comma: no number's
/// reading waits for the one before, so they overlap.
fn plain_list(bytes: &[u8]) -> Option<Vec<u64>> {
    // Parts have at least one digit, so there are at most (len + 1) / 2 of them.
    let mut out = Vec::with_capacity(bytes.len().div_ceil(2));
    let mut start = 0;
    let words = bytes.chunks_exact(8);
    let tail = words.remainder();
    // The tail padded with digits, which end no part and refuse nothing.
    let mut padded = [b'0'; 8];
    padded[..tail.len()].copy_from_slice(tail);
    let tail_word = u64::from_le_bytes(padded);
    for (w, word) in
        words.map(|w| u64::from_le_bytes(w.try_into().unwrap_or_default())).chain([tail_word]).enumerate()
    {
        let mut commas = zero_bytes(word ^ 0x2C2C_2C2C_2C2C_2C2C);
        if non_digits(word) != commas {
            return None; // a byte that is neither a digit nor a comma
        }
        while commas != 0 {
            let end = w * 8 + commas.trailing_zeros() as usize / 8;
            out.push(number_ending_at(bytes, start, end)?);
            start = end + 1;
            commas &= commas - 1;
        }
    }
    out.push(number_ending_at(bytes, start, bytes.len())?);
    out.shrink_to_fit();
    Some(out)
}

const POW10: [u64; 9] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/// The number of the digits `bytes[start..end]` (already checked to be digits), 1 to 19 of
/// them, read from at most three words ending at `end`; None for 0 or more than 19.
#[inline(always)]
fn number_ending_at(bytes: &[u8], start: usize, end: usize) -> Option<u64> {
    let len = end - start;
    if len == 0 || len > 19 {
        return None;
    }
    // The word of the last `k` digits, the bytes before them cleared (they read as 0 digits).
    let word = |end: usize, k: usize| digits_value(word_ending_at(bytes, end) & (u64::MAX << (8 * (8 - k))));
    Some(match len {
        1..=8 => word(end, len),
        9..=16 => word(end - 8, len - 8) * POW10[8] + word(end, 8),
        _ => (word(end - 16, len - 16) * POW10[8] + word(end - 8, 8)) * POW10[8] + word(end, 8),
    })
}

/// The eight bytes before `end` as a little-endian word (the last byte highest), zeros before
/// the text's start.
#[inline(always)]
fn word_ending_at(bytes: &[u8], end: usize) -> u64 {
    match end.checked_sub(8).and_then(|from| bytes.get(from..end)) {
        Some(eight) => u64::from_le_bytes(eight.try_into().unwrap_or_default()),
        None => {
            let mut word = [0u8; 8];
            word[8 - end..].copy_from_slice(&bytes[..end]);
            u64::from_le_bytes(word)
        }
    }
}

/// The high bit of every zero byte of `word`.
fn zero_bytes(word: u64) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((word & LOW) + LOW) | word | LOW)
}

/// The high bit of every byte of `word` that is not an ASCII digit: b ^ '0' is a digit's
/// value below 10; adding 0x76 to its low seven bits reaches the high bit from 10 on, without
/// a carry into the next byte.
fn non_digits(word: u64) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = word ^ 0x3030_3030_3030_3030;
    (((x & LOW) + 0x7676_7676_7676_7676) | x) & !LOW
}

/// The value of eight digits (zero bytes read as 0), the first in the lowest byte: adjacent
/// digits, then pairs, then fours combined by one multiplication each.
fn digits_value(word: u64) -> u64 {
    let v = word & 0x0F0F_0F0F_0F0F_0F0F;
    let v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    let v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    (v.wrapping_mul(10_000) + (v >> 32)) & 0xFFFF_FFFF
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

    /// The general path a part at a time: the twin the word-at-a-time lists are checked against.
    fn by_parts(text: &str, min: u64, max: u64) -> Option<Vec<u64>> {
        if text.trim().is_empty() {
            return None;
        }
        text.split(',').map(|part| parse_number("k", part, min, max, "a number").ok()).collect()
    }

    /// Lists of every length of digits (1 to 22, so both sides of 19 and of each eight), leading
    /// zeros, bounds, and every kind of bad part agree with the part-at-a-time reading.
    #[test]
    fn parse_list_agrees_with_reading_part_by_part() {
        let mut texts: Vec<String> = Vec::new();
        for len in 1..=22 {
            for first in ['0', '1', '9'] {
                let part: String = std::iter::once(first)
                    .chain((1..len).map(|i| char::from(b'0' + (i % 10) as u8)))
                    .collect();
                texts.push(part.clone());
                texts.push(format!("{part},7"));
                texts.push(format!("3,{part}"));
                texts.push(format!("{part},{part},{part}"));
            }
        }
        texts.push("18446744073709551615".into());
        texts.push("9999999999999999999,0".into());
        for bad in [
            "",
            ",",
            "1,",
            ",1",
            "1,,2",
            " 1",
            "1 ",
            "1, 2",
            "+1",
            "-1",
            "1a",
            "a",
            "1.5",
            "٣",
            "1,2,x",
            "12345678,",
        ] {
            texts.push(bad.into());
        }
        for text in &texts {
            for (min, max) in [(0, u64::MAX), (1, 1_000_000), (5, 5)] {
                let got = parse_list("k", text, min, max, "a number").ok();
                assert_eq!(got, by_parts(text, min, max), "{text:?} in {min}..={max}");
            }
        }
        // Random lists of random lengths.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let parts = 1 + next() % 9;
            let text: Vec<String> = (0..parts).map(|_| (next() >> (next() % 64)).to_string()).collect();
            let text = text.join(",");
            assert_eq!(parse_list("k", &text, 0, u64::MAX, "a").ok(), by_parts(&text, 0, u64::MAX), "{text}");
        }
    }
}
