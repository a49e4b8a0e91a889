//! Grundy values stored in two bytes each while they fit, widened to four when one does not:
//! a sequence of 2^30 heaps holds 2 GB rather than 4, and a game whose values pass 65,535 (the
//! growing octal codes do, near 2^24 heaps) is widened once, never truncated.

use super::period_proof::{proven_period, Period, Proof};

/// A value type the sequence engine stores: u16 or u32.
pub trait Cell: Copy + Eq + Default + std::ops::BitXor<Output = Self> + Send + Sync + 'static {
    /// The largest value it holds.
    const MAX: u32;
    /// The cell holding v (v ≤ MAX; the callers check).
    fn of(v: u32) -> Self;
    /// The value it holds.
    fn get(self) -> u32;
    /// The cells as two-byte values, when they are (the x86-64 pair scan reads only those).
    fn as_u16(cells: &[Self]) -> Option<&[u16]>;
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    #[inline(always)]
    fn of(v: u32) -> u16 {
        v as u16
    }
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    fn as_u16(cells: &[u16]) -> Option<&[u16]> {
        Some(cells)
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    #[inline(always)]
    fn of(v: u32) -> u32 {
        v
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    fn as_u16(_: &[u32]) -> Option<&[u16]> {
        None
    }
}

/// g(0), g(1), … in the narrowest cells that hold them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Every value fits in two bytes (at most 65,535).
    Narrow(Vec<u16>),
    /// Some value passed 65,535: every value is four bytes.
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Values {
        Values::Narrow(Vec::new())
    }
}

impl Values {
    /// Empty, with room for `capacity` narrow values.
    pub fn with_capacity(capacity: usize) -> Values {
        Values::Narrow(Vec::with_capacity(capacity))
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// g(i); panics past the end like a slice.
    pub fn get(&self, i: usize) -> u32 {
        match self {
            Values::Narrow(v) => u32::from(v[i]),
            Values::Wide(v) => v[i],
        }
    }

    /// Appends v, widening every value first when v does not fit in two bytes.
    pub fn push(&mut self, v: u32) {
        if let Values::Narrow(narrow) = self {
            if v > u32::from(u16::MAX) {
                let mut wide = Vec::with_capacity(narrow.capacity().max(narrow.len() + 1));
                wide.extend(narrow.iter().map(|&x| u32::from(x)));
                *self = Values::Wide(wide);
            }
        }
        match self {
            Values::Narrow(narrow) => narrow.push(v as u16),
            Values::Wide(wide) => wide.push(v),
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::Narrow(v) => v.truncate(len),
            Values::Wide(v) => v.truncate(len),
        }
    }

    /// g(0), g(1), … as u32.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// The values as a `Vec<u32>`.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The least period `proof` proves from these values ([`proven_period`]).
    pub fn proven_period(&self, proof: Proof) -> Option<Period> {
        match self {
            Values::Narrow(v) => proven_period(v.as_slice(), proof),
            Values::Wide(v) => proven_period(v.as_slice(), proof),
        }
    }

    /// The largest value (0 when empty).
    pub fn top(&self) -> u32 {
        match self {
            Values::Narrow(v) => v.iter().copied().max().map_or(0, u32::from),
            Values::Wide(v) => v.iter().copied().max().unwrap_or(0),
        }
    }
}

impl From<Vec<u32>> for Values {
    fn from(values: Vec<u32>) -> Values {
        if values.iter().all(|&v| v <= u32::from(u16::MAX)) {
            Values::Narrow(values.into_iter().map(|v| v as u16).collect())
        } else {
            Values::Wide(values)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_once_and_keeps_every_value() {
        let mut values = Values::default();
        for v in [3, 65_535, 0] {
            values.push(v);
        }
        assert!(matches!(values, Values::Narrow(_)));
        values.push(70_000);
        assert!(matches!(values, Values::Wide(_)));
        assert_eq!(values.to_vec(), [3, 65_535, 0, 70_000]);
        assert_eq!(values.top(), 70_000);
    }
}
