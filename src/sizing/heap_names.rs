//! Positions of a heap game named by 64 or 128 bits, and the table of names a count has seen
//! ([`heap_rule`](super::heap_rule)'s walk and the layered count both use them).
//!
//! A position's name is the sum of one mix per heap, so a move changes it in O(1) and no
//! position is copied per move. Two distinct positions of a count of n share a 64-bit name with
//! probability below n²/2^65 (see `heap_rule`).

use crate::combinatorics::splitmix64;

/// A position's name: the sum of its heaps' names, so that a move changes it in O(1). The count
/// names positions by 64 bits, the build by 128 (`heap_rule`'s module doc).
pub(super) trait Name: Copy + Eq {
    /// The name of no heaps.
    const ZERO: Self;
    /// A heap's name.
    fn heap(h: u64) -> Self;
    fn plus(self, other: Self) -> Self;
    fn minus(self, other: Self) -> Self;
    /// 64 well-mixed bits of the name, a table's index.
    fn key(self) -> u64;
}

impl Name for u64 {
    const ZERO: u64 = 0;
    #[inline]
    fn heap(h: u64) -> u64 {
        splitmix64(h)
    }
    #[inline]
    fn plus(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
    #[inline]
    fn minus(self, other: u64) -> u64 {
        self.wrapping_sub(other)
    }
    #[inline]
    fn key(self) -> u64 {
        self
    }
}

impl Name for u128 {
    const ZERO: u128 = 0;
    #[inline]
    fn heap(h: u64) -> u128 {
        (u128::from(splitmix64(h)) << 64) | u128::from(splitmix64(h ^ 0xD1B5_4A32_D192_ED03))
    }
    #[inline]
    fn plus(self, other: u128) -> u128 {
        self.wrapping_add(other)
    }
    #[inline]
    fn minus(self, other: u128) -> u128 {
        self.wrapping_sub(other)
    }
    #[inline]
    fn key(self) -> u64 {
        (self >> 64) as u64 ^ self as u64
    }
}

/// Names a bucket of [`NameTable`] holds: five 64-bit names and their 32-bit cursors fill
/// one 64-byte cache line.
const BUCKET: usize = 5;

/// A cache line of names and what is kept with them (the walk's cursors, the layered count's
/// indices), filled from the front (the empty name 0 after the last).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Bucket<N> {
    names: [N; BUCKET],
    cursors: [u32; BUCKET],
}

/// What [`NameTable::reach`] found.
pub(super) enum Reached {
    /// A name not seen before.
    New,
    /// A name seen with a smaller cursor, which it gave.
    Raised(u32),
    /// A name seen with this cursor or a larger one.
    Known,
}

/// The names seen by a walk, each with the largest cursor it was reached with: buckets of a
/// cache line probed in turn from the one a name hashes to, at most three quarters full, grown
/// by doubling up to the buckets the budget's positions need (about 4/3 of them: 68 MB at
/// 4,000,000 positions). A look-up reads one line and compares its names without a branch per
/// name; a batch of look-ups asks for its lines before reading any ([`NameTable::touch`]).
/// A general hash map cost about twice the time here, where most look-ups miss the cache.
/// The empty name is 0; a position named 0 (the one with no heaps) is kept aside.
pub(super) struct NameTable<N> {
    buckets: Vec<Bucket<N>>,
    len: u64,
    zero: Option<u32>,
    most: usize,
}

impl<N: Name> NameTable<N> {
    const EMPTY: Bucket<N> = Bucket { names: [N::ZERO; BUCKET], cursors: [0; BUCKET] };

    pub(super) fn new(max_positions: u64) -> Self {
        let names = max_positions.saturating_add(1).saturating_mul(4) / 3;
        let most = usize::try_from(names / BUCKET as u64 + 2).unwrap_or(usize::MAX);
        NameTable { buckets: vec![Self::EMPTY; most.min(1 << 8)], len: 0, zero: None, most }
    }

    /// The bucket a name's probe starts at (Lemire's multiply-shift onto any table length).
    #[inline]
    fn home(&self, x: N) -> usize {
        ((u128::from(x.key()) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks for the line where `x`'s probe starts to be brought into the cache: a batch of
    /// these issued before the batch's look-ups waits on memory about once, not once each.
    #[inline]
    pub(super) fn touch(&self, x: N) {
        let bucket = &self.buckets[self.home(x)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint to the cache; it never faults or changes memory.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                (bucket as *const Bucket<N>).cast(),
            );
        }
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box(bucket);
    }

    /// Records that `x` was reached with `cursor`.
    #[inline]
    pub(super) fn reach(&mut self, x: N, cursor: u32) -> Reached {
        if x == N::ZERO {
            let before = self.zero;
            self.zero = Some(before.map_or(cursor, |c| c.max(cursor)));
            return match before {
                None => {
                    self.len += 1;
                    Reached::New
                }
                Some(c) if c < cursor => Reached::Raised(c),
                Some(_) => Reached::Known,
            };
        }
        let n = self.buckets.len();
        let mut i = self.home(x);
        loop {
            let bucket = &mut self.buckets[i];
            if let Some(at) = bucket.names.iter().position(|&y| y == x || y == N::ZERO) {
                let c = &mut bucket.cursors[at];
                if bucket.names[at] == x {
                    if *c >= cursor {
                        return Reached::Known;
                    }
                    let before = *c;
                    *c = cursor;
                    return Reached::Raised(before);
                }
                bucket.names[at] = x;
                *c = cursor;
                break;
            }
            i = if i + 1 == n { 0 } else { i + 1 };
        }
        self.len += 1;
        if self.len * 4 > (n * BUCKET) as u64 * 3 && n < self.most {
            self.grow();
        }
        Reached::New
    }

    /// Keeps the larger of `value` and the number kept with `x`, or keeps `value` with `x` if
    /// it is new (then true): the layered count keeps each name's cursor this way, in the line
    /// the look-up reads anyway. Every name of a bucket is compared, with no branch per name,
    /// so where a name sits in its bucket costs no misprediction.
    #[inline(always)]
    pub(super) fn raise_or_put(&mut self, x: N, value: u32) -> bool {
        if x == N::ZERO {
            let before = self.zero;
            self.zero = Some(before.map_or(value, |c| c.max(value)));
            self.len += u64::from(before.is_none());
            return before.is_none();
        }
        let n = self.buckets.len();
        let mut i = self.home(x);
        loop {
            let bucket = &mut self.buckets[i];
            let (mut found, mut empty) = (BUCKET, BUCKET);
            for k in (0..BUCKET).rev() {
                let y = bucket.names[k];
                found = if y == x { k } else { found };
                empty = if y == N::ZERO { k } else { empty };
            }
            if found < BUCKET {
                let c = &mut bucket.cursors[found];
                *c = (*c).max(value);
                return false;
            }
            if empty < BUCKET {
                self.put_new(i, empty, x, value);
                return true;
            }
            i = if i + 1 == n { 0 } else { i + 1 };
        }
    }

    /// Puts a new name in bucket `i` at `k` (out of line: the look-ups of names already seen,
    /// the most, keep their registers).
    #[inline(never)]
    fn put_new(&mut self, i: usize, k: usize, x: N, value: u32) {
        (self.buckets[i].names[k], self.buckets[i].cursors[k]) = (x, value);
        self.len += 1;
        if self.len * 4 > (self.buckets.len() * BUCKET) as u64 * 3 && self.buckets.len() < self.most {
            self.grow();
        }
    }

    /// The number kept with `x`, if it was put.
    #[inline]
    pub(super) fn get(&self, x: N) -> Option<u32> {
        if x == N::ZERO {
            return self.zero;
        }
        let n = self.buckets.len();
        let mut i = self.home(x);
        loop {
            let bucket = &self.buckets[i];
            let (mut found, mut empty) = (BUCKET, BUCKET);
            for (k, &y) in bucket.names.iter().enumerate().rev() {
                found = if y == x { k } else { found };
                empty = if y == N::ZERO { k } else { empty };
            }
            if found < BUCKET {
                return Some(bucket.cursors[found]);
            }
            if empty < BUCKET {
                return None;
            }
            i = if i + 1 == n { 0 } else { i + 1 };
        }
    }

    /// Forgets every name, with room for about `names` before it grows (buckets kept when
    /// their number is within a factor of two of that).
    pub(super) fn clear(&mut self, names: u64) {
        let want = (names.saturating_mul(4) / 3 / BUCKET as u64 + 1).min(self.most as u64).max(1) as usize;
        if self.buckets.len() > 2 * want || self.buckets.len() < want / 2 {
            self.buckets = vec![Self::EMPTY; want];
        } else {
            self.buckets.fill(Self::EMPTY);
        }
        (self.len, self.zero) = (0, None);
    }

    /// The names seen.
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// The bytes the table holds.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.capacity() * std::mem::size_of::<Bucket<N>>()
    }

    fn grow(&mut self) {
        let n = self.buckets.len().saturating_mul(2).min(self.most);
        let old = std::mem::replace(&mut self.buckets, vec![Self::EMPTY; n]);
        for bucket in &old {
            for (&x, &c) in bucket.names.iter().zip(&bucket.cursors).filter(|(&x, _)| x != N::ZERO) {
                let mut i = self.home(x);
                loop {
                    let into = &mut self.buckets[i];
                    if let Some(at) = into.names.iter().position(|&y| y == N::ZERO) {
                        (into.names[at], into.cursors[at]) = (x, c);
                        break;
                    }
                    i = if i + 1 == n { 0 } else { i + 1 };
                }
            }
        }
    }
}
