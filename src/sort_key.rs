//! Sorting by a key through one sort of `u128`s. Each `sort_by` closure and element type is its
//! own copy of the standard library's sort (3–6 kB of wasm each, 33 of them in the page's module
//! once); the sorts that go through here share one, which keeps the page's module under its
//! budget (docs/performance.md, "The wasm").

/// `x`'s bits as a `u64` whose order is `f64::total_cmp`'s (the same mapping it uses).
pub fn ordered_bits(x: f64) -> u64 {
    let bits = x.to_bits() as i64;
    ((bits ^ (((bits >> 63) as u64) >> 1) as i64) as u64) ^ (1 << 63)
}

/// Sorts `items` by `key`, equal keys by `tie` (to be distinct between items for a given order):
/// the order of `sort_unstable_by_key(|v| (key(v), tie(v)))`.
pub fn sort_by_key_then(items: &mut [u32], key: impl Fn(u32) -> u64, tie: impl Fn(u32) -> u32) {
    let mut packed: Vec<u128> = items
        .iter()
        .map(|&v| (u128::from(key(v)) << 64) | (u128::from(tie(v)) << 32) | u128::from(v))
        .collect();
    sort_u128(&mut packed);
    for (item, p) in items.iter_mut().zip(packed) {
        *item = p as u32;
    }
}

/// The one sort: not inlined, so every caller shares its code.
#[inline(never)]
pub fn sort_u128(values: &mut [u128]) {
    values.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_bits_orders_as_total_cmp() {
        let xs = [
            f64::NEG_INFINITY,
            -1e300,
            -1.5,
            -0.0,
            0.0,
            1e-300,
            0.5,
            1.0,
            2.0,
            f64::INFINITY,
            f64::NAN,
            -f64::NAN,
        ];
        for &a in &xs {
            for &b in &xs {
                assert_eq!(ordered_bits(a).cmp(&ordered_bits(b)), a.total_cmp(&b), "{a} {b}");
            }
        }
    }

    #[test]
    fn sorts_as_a_sort_by_key_then_tie() {
        // A small deterministic generator (splitmix64-like), keys with many ties.
        let mut state = 12345u64;
        let mut next = move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z ^ (z >> 27)
        };
        for len in [0usize, 1, 2, 7, 100, 1000] {
            let keys: Vec<u64> = (0..len).map(|_| next() % 5).collect();
            let ties: Vec<u32> = (0..len as u32).rev().collect();
            let mut items: Vec<u32> = (0..len as u32).collect();
            let mut expected = items.clone();
            expected.sort_by(|&a, &b| {
                keys[a as usize].cmp(&keys[b as usize]).then(ties[a as usize].cmp(&ties[b as usize]))
            });
            sort_by_key_then(&mut items, |v| keys[v as usize], |v| ties[v as usize]);
            assert_eq!(items, expected, "length {len}");
        }
    }
}
