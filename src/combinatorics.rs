//! Combinatorial helpers shared by the families: binomial coefficients (the combinatorial
//! number system Chomp and Silver Dollar use as ids) and a fast hash map for u64 positions.

/// Hashes a u64 key with one multiplication: the maps of positions hold millions of keys, and
/// the default SipHash would dominate their cost. (The keys are positions, not attacker-chosen.)
#[derive(Default)]
pub(crate) struct U64Hasher(u64);

impl std::hash::Hasher for U64Hasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (x ^ (x >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    /// 128-bit keys are already mixed names (see `sizing::heap_rule`): fold the halves.
    fn write_u128(&mut self, x: u128) {
        self.write_u64((x as u64) ^ (x >> 64) as u64);
    }
}

/// SplitMix64's output function (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014): a bijective mix of 64 bits, the one mixer of the crate.
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A hash map keyed by u64 positions.
pub(crate) type U64Map<V> = std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<U64Hasher>>;

/// Binomial coefficients C(a, b) for a < `rows`, b ≤ `max_b`, saturating at u64::MAX.
///
/// Used for the combinatorial number system: a b-subset a_0 < … < a_{b−1} has rank
/// Σ C(a_i, i+1), a bijection onto 0..C(n, b) that strictly decreases when any a_i decreases
/// (keeping the set strictly increasing). Chomp and Silver Dollar use it as a reverse
/// topological id with no hash map.
#[derive(Debug, Clone)]
pub(crate) struct Binomials {
    max_b: usize,
    table: Vec<u64>,
}

impl Binomials {
    pub fn new(rows: usize, max_b: usize) -> Binomials {
        let width = max_b + 1;
        let mut table = vec![0u64; rows.max(1) * width];
        for a in 0..rows {
            table[a * width] = 1;
            for b in 1..=max_b.min(a) {
                let left = if a > 0 { table[(a - 1) * width + b - 1] } else { 0 };
                let up = if a > 0 { table[(a - 1) * width + b] } else { 0 };
                table[a * width + b] = left.saturating_add(up);
            }
        }
        Binomials { max_b, table }
    }

    #[inline]
    pub fn get(&self, a: usize, b: usize) -> u64 {
        debug_assert!(b <= self.max_b);
        self.table[a * (self.max_b + 1) + b]
    }

    /// Rank of the strictly increasing sequence `set` (the combinadic).
    #[cfg(test)]
    pub fn rank(&self, set: &[u32]) -> u64 {
        set.iter().enumerate().map(|(i, &a)| self.get(a as usize, i + 1)).sum()
    }

    /// Inverse of [`Binomials::rank`] for sets of `set.len()` elements below `upper`.
    pub fn unrank(&self, mut rank: u64, set: &mut [u32], upper: u32) {
        let mut a = upper;
        for i in (0..set.len()).rev() {
            // Largest a with C(a, i+1) ≤ rank; a > previous element is guaranteed.
            a -= 1;
            while self.get(a as usize, i + 1) > rank {
                a -= 1;
            }
            set[i] = a;
            rank -= self.get(a as usize, i + 1);
        }
    }
}

/// C(n, k) in u128, saturating; for size estimates of arbitrary (unvalidated) instances.
pub(crate) fn binomial_u128(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n.saturating_sub(k));
    let mut result: u128 = 1;
    for i in 0..k {
        // result * (n - i) / (i + 1) is exact at every step; saturate once it passes 2^100.
        result = match result.checked_mul(n - i) {
            Some(r) => r / (i + 1),
            None => return u128::MAX,
        };
        if result > 1u128 << 100 {
            return u128::MAX;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinadic_rank_and_unrank_are_inverse_and_colex() {
        let table = Binomials::new(9, 3);
        let mut expected_rank = 0;
        // All 3-subsets of 0..8 in colex order.
        for c in 2..8u32 {
            for b in 1..c {
                for a in 0..b {
                    let set = [a, b, c];
                    assert_eq!(table.rank(&set), expected_rank);
                    let mut back = [0; 3];
                    table.unrank(expected_rank, &mut back, 8);
                    assert_eq!(back, set);
                    expected_rank += 1;
                }
            }
        }
        assert_eq!(expected_rank, 56);
    }

    #[test]
    fn binomials_agree_and_saturate() {
        assert_eq!(binomial_u128(16, 8), 12870);
        assert_eq!(binomial_u128(5, 7), 0);
        assert_eq!(binomial_u128(100_000, 50_000), u128::MAX);
        assert_eq!(Binomials::new(17, 8).get(16, 8), 12870);
    }
}
