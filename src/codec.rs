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

/// "00", "01", … "99" in a row.
const PAIRS: &[u8; 200] =
    b"0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// Numbers joined by commas, as specs and labels list them.
pub fn join_u64(values: &[u64]) -> String {
    // Digits written straight into one buffer, checked as UTF-8 once at the end: a list of
    // 64 heaps (a Nim spec's canonical text, written for every `value`) cost 65 allocations
    // through `to_string` and `join`.
    let mut out = Vec::with_capacity(values.len() * 4);
    let mut digits = [0u8; 20];
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        // Two digits a step from the right, from a table of 00..99.
        let (mut v, mut at) = (v, digits.len());
        while v >= 100 {
            let pair = 2 * (v % 100) as usize;
            v /= 100;
            at -= 2;
            digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        }
        if v >= 10 {
            at -= 2;
            digits[at..at + 2].copy_from_slice(&PAIRS[2 * v as usize..2 * v as usize + 2]);
        } else {
            at -= 1;
            digits[at] = b'0' + v as u8;
        }
        out.extend_from_slice(&digits[at..]);
    }
    // ASCII digits and commas only.
    String::from_utf8(out).unwrap_or_default()
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
    }
}
