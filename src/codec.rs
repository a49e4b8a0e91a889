//! Label helpers shared by several families: whole numbers and number lists as labels write
//! them, and the mixed-radix labels of heap vectors (Nim, Wythoff, subtraction games whose ids
//! are the heap sizes).

use crate::game_graph::Labeling;

/// A whole number as a label writes it: digits only, no leading zero (but `0`).
pub fn number(text: &str) -> Option<u64> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text.len() == 1 || !text.starts_with('0'));
    if canonical {
        text.parse().ok()
    } else {
        None
    }
}

/// At most `most` comma-separated numbers, strictly increasing, each below `upper`; None for
/// anything else, and after reading at most `most` + 1 parts.
pub fn increasing(label: &str, most: usize, upper: u32) -> Option<Vec<u32>> {
    let mut set: Vec<u32> = Vec::new();
    for part in label.split(',') {
        let a = u32::try_from(number(part)?).ok()?;
        if a >= upper || set.last().is_some_and(|&last| a <= last) || set.len() == most {
            return None;
        }
        set.push(a);
    }
    Some(set)
}

/// Numbers joined by commas, as labels list them.
pub fn join(values: &[u32]) -> String {
    values.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// Mixed-radix ids: `radices[i]` = heap i's size + 1, the last heap varies fastest. The label
/// lists the heap sizes in order, comma-separated: `3,0,5`.
#[derive(Debug, Clone)]
pub struct MixedRadix(pub Vec<u64>);

impl Labeling for MixedRadix {
    fn label(&self, v: usize) -> String {
        let mut rest = v as u64;
        let mut parts = vec![0u64; self.0.len()];
        for (i, &radix) in self.0.iter().enumerate().rev() {
            parts[i] = rest % radix;
            rest /= radix;
        }
        parts.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
    }

    fn find(&self, label: &str) -> Option<u64> {
        let mut parts = label.split(',');
        let mut id = 0u64;
        for &radix in &self.0 {
            let digit = number(parts.next()?)?;
            if digit >= radix {
                return None;
            }
            id = id.checked_mul(radix)?.checked_add(digit)?;
        }
        if parts.next().is_some() {
            return None;
        }
        Some(id)
    }
}

/// The numbers of a label of comma-separated whole numbers (a board view reads labels back
/// this way); None for anything else.
pub fn numbers(label: &str) -> Option<Vec<u64>> {
    label.split(',').map(number).collect()
}

/// Numbers joined by commas, as specs and labels list them.
pub fn join_u64(values: &[u64]) -> String {
    // Digits written straight into one buffer, sixteen at a step ([`eight_digits`]), checked
    // as UTF-8 once at the end: `value` writes a Nim spec's 64 heaps as its canonical text
    // every call, and a digit pair at a time (a division chain per number and a copy of
    // variable length) was a fifth of its time. Room for 16 bytes more than the longest list,
    // as each number is written as 16 bytes and then cut back.
    let mut out = Vec::with_capacity(values.len() * 21 + 16);
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_decimal(&mut out, v);
    }
    // ASCII digits and commas only.
    String::from_utf8(out).unwrap_or_default()
}

const E8: u64 = 100_000_000;

/// Appends v in decimal: up to 16 digits at once, 17 to 20 as the first one to four and then
/// sixteen.
#[inline]
fn push_decimal(out: &mut Vec<u8>, v: u64) {
    if v >= E8 * E8 {
        push_sixteen(out, v / (E8 * E8), false);
        push_sixteen(out, v % (E8 * E8), true);
    } else {
        push_sixteen(out, v, false);
    }
}

/// Appends v < 10^16 in decimal, all sixteen digits when `padded`, else without leading zeros:
/// one 16-byte store with the zeros shifted out, the length cut back.
#[inline]
fn push_sixteen(out: &mut Vec<u8>, v: u64, padded: bool) {
    let digits =
        u128::from(eight_digits((v / E8) as u32)) | (u128::from(eight_digits((v % E8) as u32)) << 64);
    // The leading zeros are the low bytes that are '0'; 0 keeps one.
    let zeros = if padded { 0 } else { (((digits ^ ZEROS_16).trailing_zeros() / 8) as usize).min(15) };
    out.extend_from_slice(&(digits >> (8 * zeros)).to_le_bytes());
    out.truncate(out.len() - zeros);
}

const ZEROS_16: u128 = 0x3030_3030_3030_3030_3030_3030_3030_3030;

/// The eight decimal digits of v < 10^8 (leading zeros included) as ASCII, the first digit in
/// the lowest byte: v split into two halves of four digits (32-bit lanes), each into two pairs
/// (16-bit lanes), each pair into two digits (bytes), every lane by one multiplication and
/// shift (x / 100 = x·10486 >> 20 for x < 10^4, x / 10 = x·103 >> 10 for x < 100; the tests
/// check every value).
fn eight_digits(v: u32) -> u64 {
    let halves = u64::from(v / 10_000) | (u64::from(v % 10_000) << 32);
    let hundreds = ((halves * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let pairs = hundreds | ((halves - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    let digits = tens | ((pairs - tens * 10) << 8);
    digits | 0x3030_3030_3030_3030
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_u64_writes_each_number_in_decimal() {
        assert_eq!(join_u64(&[]), "");
        assert_eq!(join_u64(&[0]), "0");
        assert_eq!(join_u64(&[0, 7, 10, 309, u64::MAX]), "0,7,10,309,18446744073709551615");
        let values: Vec<u64> = (0..2000).map(|i| i * i * 977).collect();
        let twin = values.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        assert_eq!(join_u64(&values), twin);
        // Every number of digits, each side of every power of ten.
        let edges: Vec<u64> = (0..20)
            .flat_map(|k| {
                let p = 10u64.pow(k);
                [p - 1, p, p + 1, p.saturating_mul(9)]
            })
            .collect();
        let twin = edges.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        assert_eq!(join_u64(&edges), twin);
    }

    /// The lane arithmetic against `to_string` for every value below 10^8.
    #[test]
    fn eight_digits_is_right_for_every_value() {
        for v in 0..100_000_000u32 {
            let mut expected = [b'0'; 8];
            let mut rest = v;
            for slot in expected.iter_mut().rev() {
                *slot = b'0' + (rest % 10) as u8;
                rest /= 10;
            }
            assert_eq!(eight_digits(v).to_le_bytes(), expected, "{v}");
        }
    }
}
