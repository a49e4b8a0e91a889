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
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}
