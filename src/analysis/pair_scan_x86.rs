//! The x86-64 scan of a split's pairs against a window of sought values (AVX-512), for
//! [`super::sparse_space`] when every pair is scanned (the codes whose values grow).
//!
//! The portable scan stores a byte per pair, a scattered store each: the whole cost (about
//! 0.45 ns a pair on an idle Sapphire Rapids core; an AVX-512 loop writing the XORs out and
//! reading them back for the stores was no faster).
//! Here the pairs are instead looked up, 64 at a time and with no store, in a bit set of the
//! values still sought (those the first pairs of the split do not make), held in four 512-bit
//! registers: 2,032 values from a start (about 0.07 ns a pair). A pair whose value is still
//! sought clears its bit; what is left set afterwards is what no pair of the range makes.
//! Most sought values are met once the first pairs are marked, so the hits are many (a
//! thousand or so per scan at 2^18 heaps) and are noted without a branch per block.
//!
//! For the sparse codes, [`mark_rare_block`] lists the pairs of the rare heaps sixteen splits
//! at a time: the partners of a rare heap in sixteen consecutive splits are sixteen consecutive
//! values, one load instead of sixteen scattered ones, and the values are stored a byte each
//! into a row per split. Gathering a heap's partners instead and looking its values up in a
//! register set of the unmarked ones was slower than the plain loop: a heap of 0.6 first meets
//! about 190 of its values, in 67 of its 99 blocks of sixteen pairs.
//!
//! Compiled for x86-64 only (the wasm build has none of it) and called only after
//! [`available`] has seen the CPU features at run time.

use std::arch::x86_64::*;

/// Bytes of the bit set: byte j (1 ≤ j ≤ 254) holds the values base + 8(j − 1) ..+ 8, bit by
/// bit; bytes 0 and 255 stay 0, so values below or past the window (clamped onto them) are
/// never sought.
pub const WINDOW_BYTES: usize = 256;
/// The values one window holds.
pub const WINDOW: u32 = 8 * (WINDOW_BYTES as u32 - 2);
/// The largest window start the engine asks for: its values stay below 2^15 (0.76 reaches
/// 2^13 at 2^19 heaps).
pub const MAX_START: u32 = (1 << 15) - WINDOW - 8;

/// Whether this CPU has what the functions below are compiled for: AVX-512 F, BW, VBMI (byte
/// permutes) and VBMI2 (byte compress), and POPCNT.
pub fn available() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vbmi")
        && is_x86_feature_detected!("avx512vbmi2")
        && is_x86_feature_detected!("popcnt")
}

/// g read backwards: cell C − 1 − j holds g(j) (C a power of two), so the large heaps of a
/// split's pairs are read forwards, with no permute per block.
#[derive(Debug, Clone, Default)]
pub struct Reversed {
    cells: Vec<u16>,
    filled: usize,
}

impl Reversed {
    /// Copies g(filled..) in, moving everything when g outgrows the capacity.
    pub fn sync(&mut self, g: &[u16]) {
        if g.len() > self.cells.len() {
            self.cells = vec![0; g.len().next_power_of_two().max(1024)];
            self.filled = 0;
        }
        let top = self.cells.len() - 1;
        for (j, &v) in g.iter().enumerate().skip(self.filled) {
            self.cells[top - j] = v;
        }
        self.filled = g.len();
    }
}

/// Word i: 31 − i, to reverse the 32 words of a register.
const BACKWARDS: [u16; 32] = {
    let mut t = [0; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = 31 - i as u16;
        i += 1;
    }
    t
};

/// Byte k of the bit pattern table: the bit of a difference whose low bits are k.
const BIT_OF: [u8; 64] = {
    let mut t = [0; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = 1 << (k % 8);
        k += 1;
    }
    t
};

/// vpackuswb orders bytes by 128-bit lane: lane L holds words 8L..8L+8 of the first source then
/// of the second. Byte p here picks the low byte of the difference that lands at p, so the low
/// bytes are gathered in the same order.
const LOW_ORDER: [u8; 64] = {
    let mut t = [0; 64];
    let mut p = 0;
    while p < 64 {
        let (lane, k) = (p / 16, p % 16);
        let word = 8 * lane + k % 8;
        t[p] = (if k < 8 { 2 * word } else { 64 + 2 * word }) as u8;
        p += 1;
    }
    t
};

/// Clears in `sought` (a window from `start`, see [`WINDOW_BYTES`]) the value
/// g(a) ⊕ g(m − a) of every a in `heaps` (1 ≤ a ≤ m, m − a < g.len(), `rev` synced with g when
/// given), `start` at most [`MAX_START`]. Without `rev`, the large heaps are read forwards and
/// reversed in the registers (two more permutes a block): the sparse-space search uses it so,
/// and spares the reversed copy's two bytes a heap. A value v is taken as v − (start − 8) in i16 (wrapping: a bijection on
/// u16), so only the values in the window land on its bytes 1..=254; the others clamp to 0 or
/// 255, which stay 0.
///
/// # Safety
/// The CPU must have the features [`available`] checks. (The reads are in bounds by the
/// assertions at the top.)
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt")]
pub unsafe fn clear_made(
    g: &[u16],
    rev: Option<&Reversed>,
    m: usize,
    heaps: std::ops::Range<usize>,
    start: u32,
    sought: &mut [u8; WINDOW_BYTES],
) {
    if heaps.is_empty() {
        return;
    }
    // Every heap read, a + i and m − a − i for heaps.start ≤ a + i < heaps.end, lies in
    // 1..=m − heaps.start, inside g (m itself may be g.len(): Grundy's game splits the whole
    // heap); g(m − a − i) is rev.cells[top + a + i − m], top ≥ g.len() − 1 ≥ m − a − i.
    // Read forwards, the partners of a block of 64 are g(m − a − 63 ..= m − a), and a + 63 < m + 1.
    assert!(heaps.start >= 1 && heaps.end <= m + 1 && m - heaps.start < g.len());
    assert!(rev.is_none_or(|rev| rev.filled == g.len()) && start <= MAX_START);
    let top = rev.map_or(0, |rev| rev.cells.len() - 1);
    // The tables below are constants: built with `array::from_fn` on each call, the test
    // profile (no LTO) made 192 calls a scan, most of the time of the search's short blocks.
    let backwards = _mm512_loadu_si512(BACKWARDS.as_ptr().cast());
    // The window's byte j holds base + 8j .. base + 8j + 8 with base = start − 8.
    let base = start as i32 - 8;
    let base_v = _mm512_set1_epi16(base as i16);
    let bit_of = _mm512_loadu_si512(BIT_OF.as_ptr().cast());
    let low_order = _mm512_loadu_si512(LOW_ORDER.as_ptr().cast());
    // The lookups read the window from four registers; the pairs found sought are noted (all
    // 64 bytes and bits of a block, with the block's mask of hits, stored without a branch)
    // and cleared from `sought` every FLUSH blocks, when the registers are read again. A value
    // made again before its bit is cleared is only cleared twice.
    const FLUSH: usize = 8;
    let mut noted_bytes = [[0u8; 64]; FLUSH];
    let mut noted_bits = [[0u8; 64]; FLUSH];
    let mut noted_hits = [0u64; FLUSH];
    let mut hit_bytes = [0u8; 64 * (FLUSH + 1)];
    let mut hit_bits = [0u8; 64 * (FLUSH + 1)];
    let load = |sought: &[u8; WINDOW_BYTES]| {
        let p = sought.as_ptr();
        [
            _mm512_loadu_si512(p.cast()),
            _mm512_loadu_si512(p.add(64).cast()),
            _mm512_loadu_si512(p.add(128).cast()),
            _mm512_loadu_si512(p.add(192).cast()),
        ]
    };
    let mut t = load(sought);
    let (gp, rp) = (g.as_ptr(), rev.map_or(std::ptr::null(), |rev| rev.cells.as_ptr()));
    // Pairs (a + i, m − a − i), i < 64: the byte and bit of each value in the window, and which
    // are sought in `t`.
    let look = |a: usize, t: &[__m512i; 4]| {
        let x0 = _mm512_loadu_si512(gp.add(a).cast());
        let x1 = _mm512_loadu_si512(gp.add(a + 32).cast());
        let (y0, y1) = if rev.is_some() {
            (
                _mm512_loadu_si512(rp.add(top + a - m).cast()),
                _mm512_loadu_si512(rp.add(top + a + 32 - m).cast()),
            )
        } else {
            let y0 = _mm512_loadu_si512(gp.add(m - a - 31).cast());
            let y1 = _mm512_loadu_si512(gp.add(m - a - 63).cast());
            (_mm512_permutexvar_epi16(backwards, y0), _mm512_permutexvar_epi16(backwards, y1))
        };
        let d0 = _mm512_sub_epi16(_mm512_xor_si512(x0, y0), base_v);
        let d1 = _mm512_sub_epi16(_mm512_xor_si512(x1, y1), base_v);
        // The byte of each difference, clamped to 0..=255 (below the window: 0; past: 255).
        let byte = _mm512_packus_epi16(_mm512_srai_epi16::<3>(d0), _mm512_srai_epi16::<3>(d1));
        let bit = _mm512_permutexvar_epi8(_mm512_permutex2var_epi8(d0, low_order, d1), bit_of);
        let lo_half = _mm512_permutex2var_epi8(t[0], byte, t[1]);
        let hi_half = _mm512_permutex2var_epi8(t[2], byte, t[3]);
        let looked = _mm512_mask_blend_epi8(_mm512_movepi8_mask(byte), lo_half, hi_half);
        (byte, bit, _mm512_test_epi8_mask(looked, bit))
    };
    let mut a = heaps.start;
    while a + 64 * FLUSH <= heaps.end {
        let mut any = 0u64;
        for k in 0..FLUSH {
            let (byte, bit, hit) = look(a, &t);
            _mm512_storeu_si512(noted_bytes[k].as_mut_ptr().cast(), byte);
            _mm512_storeu_si512(noted_bits[k].as_mut_ptr().cast(), bit);
            noted_hits[k] = hit;
            any |= hit;
            a += 64;
        }
        if any != 0 {
            // Gathered from the blocks with hits only, one loop over those blocks and one over
            // their hits: a loop per block mispredicts its exit, and compressing all eight
            // blocks took a sixteenth more time (0.76 to 2^18 in 3.66–4.01 s against
            // 3.34–3.90 s, five runs each).
            let mut count = 0;
            let mut blocks = 0u32;
            for (k, &hit) in noted_hits.iter().enumerate() {
                blocks |= u32::from(hit != 0) << k;
            }
            while blocks != 0 {
                let k = blocks.trailing_zeros() as usize;
                blocks &= blocks - 1;
                let bytes = _mm512_loadu_si512(noted_bytes[k].as_ptr().cast());
                let bits = _mm512_loadu_si512(noted_bits[k].as_ptr().cast());
                _mm512_storeu_si512(
                    hit_bytes.as_mut_ptr().add(count).cast(),
                    _mm512_maskz_compress_epi8(noted_hits[k], bytes),
                );
                _mm512_storeu_si512(
                    hit_bits.as_mut_ptr().add(count).cast(),
                    _mm512_maskz_compress_epi8(noted_hits[k], bits),
                );
                count += noted_hits[k].count_ones() as usize;
            }
            for (&j, &bit) in hit_bytes[..count].iter().zip(&hit_bits[..count]) {
                sought[usize::from(j)] &= !bit;
            }
            t = load(sought);
        }
    }
    // Blocks of 64 short of a flush, each cleared at once (the search's blocks are as small as 64).
    while a + 64 <= heaps.end {
        let (byte, bit, hit) = look(a, &t);
        if hit != 0 {
            _mm512_storeu_si512(hit_bytes.as_mut_ptr().cast(), _mm512_maskz_compress_epi8(hit, byte));
            _mm512_storeu_si512(hit_bits.as_mut_ptr().cast(), _mm512_maskz_compress_epi8(hit, bit));
            let count = hit.count_ones() as usize;
            for (&j, &bit) in hit_bytes[..count].iter().zip(&hit_bits[..count]) {
                sought[usize::from(j)] &= !bit;
            }
            t = load(sought);
        }
        a += 64;
    }
    for a in a..heaps.end {
        let d = i32::from(g[a] ^ g[m - a]) - base;
        let j = (d >> 3).clamp(0, 255) as usize;
        sought[j] &= !(1u8 << (d & 7));
    }
}

/// The values [`mark_rare_block`] tables: the cover of the engine's values (0.6's and Grundy's
/// game's stay below 512 to 2^24 heaps).
pub const RARE_COVER: usize = 1024;
/// The heaps a [`mark_rare_block`] table serves: the two-byte lanes of a 256-bit register.
pub const RARE_BLOCK: usize = 16;

/// Marks in `made` (row i: `made[i * cover..][..cover]`, a byte per value) the value
/// g(r) ⊕ g(m0 + i − r) of every rare heap r = `heaps[j]`, g(r) = `values[j]`, for each i <
/// [`RARE_BLOCK`]: the listing of the sparse-space split for the splits of m0 .. m0 + 16
/// counters at once, for the rare heaps far enough behind (16 ≤ r ≤ m0 ≤ g.len()) that all
/// sixteen partners are known. Their partners are then sixteen consecutive values, read with
/// one load, where a heap at a time reads a scattered one per pair (1,584 pairs a heap for
/// 0.6, 1,275 for Grundy's game, their partners spread over 41 and 166 KB); what is left is a
/// byte store a pair. `cover` is a power of two at most [`RARE_COVER`] above every value of g
/// up to m0, as the engine keeps it.
///
/// # Safety
/// The CPU must have the features [`available`] checks. (The reads and stores are in bounds
/// by the assertions at the top and the clamp below.)
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt")]
pub unsafe fn mark_rare_block(
    g: &[u16],
    m0: usize,
    heaps: &[u32],
    values: &[u16],
    cover: usize,
    made: &mut [u8],
) {
    assert!(heaps.len() == values.len() && m0 <= g.len() && m0 >= RARE_BLOCK);
    assert!(cover.is_power_of_two() && cover <= RARE_COVER && made.len() == RARE_BLOCK * cover);
    // Lane i of a row's index: i · cover plus the value, below 16 · 1,024 (a u16).
    let lanes = _mm256_set_epi16(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    let rows = _mm256_mullo_epi16(lanes, _mm256_set1_epi16(cover as i16));
    let wrap = _mm256_set1_epi16((cover - 1) as i16);
    let (gp, mp) = (g.as_ptr(), made.as_mut_ptr());
    for (&r, &gr) in heaps.iter().zip(values) {
        // Partners g(m0 − r .. m0 − r + 16): inside g(0 .. m0) for 16 ≤ r ≤ m0.
        let r = (r as usize).clamp(RARE_BLOCK, m0);
        let partners = _mm256_loadu_si256(gp.add(m0 - r).cast());
        let v = _mm256_and_si256(_mm256_xor_si256(partners, _mm256_set1_epi16(gr as i16)), wrap);
        let mut at = [0u16; RARE_BLOCK];
        _mm256_storeu_si256(at.as_mut_ptr().cast(), _mm256_add_epi16(v, rows));
        for &at in &at {
            // Row i · cover plus a value masked below cover: inside `made`.
            *mp.add(usize::from(at)) = 1;
        }
    }
}

/// Stamps `marks[v]` for each v whose byte in `row` is set (`row.len() ≤ marks.len()`, a
/// multiple of 64): a row of [`mark_rare_block`] handed to the heap it belongs to.
///
/// # Safety
/// The CPU must have the features [`available`] checks.
#[target_feature(enable = "avx512f,avx512bw")]
pub unsafe fn stamp_row(row: &[u8], marks: &mut [u32], stamp: u32) {
    assert!(row.len() <= marks.len() && row.len().is_multiple_of(64));
    let stamp = _mm512_set1_epi32(stamp as i32);
    for (c, chunk) in row.chunks_exact(64).enumerate() {
        let x = _mm512_loadu_si512(chunk.as_ptr().cast());
        let set = _mm512_test_epi8_mask(x, x);
        for q in 0..4 {
            let p = marks.as_mut_ptr().add(64 * c + 16 * q);
            _mm512_mask_storeu_epi32(p.cast(), (set >> (16 * q)) as u16, stamp);
        }
    }
}

/// The bit set of the values a byte table marks: bit v % 8 of byte v / 8 for each nonzero
/// `made[v]` (the last byte padded with unmarked values).
///
/// # Safety
/// The CPU must have the features [`available`] checks.
#[target_feature(enable = "avx512f,avx512bw")]
pub unsafe fn bits_of_bytes(made: &[u8], bits: &mut Vec<u8>) {
    bits.clear();
    for chunk in made.chunks(64) {
        let mut bytes = [0u8; 64];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let x = _mm512_loadu_si512(bytes.as_ptr().cast());
        let word = _mm512_test_epi8_mask(x, x).to_le_bytes();
        bits.extend_from_slice(&word[..chunk.len().div_ceil(8)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan against a plain loop, on windows at several starts (values below, inside and
    /// past them) and ranges that end inside a flush and inside a block.
    #[test]
    fn the_scan_clears_exactly_the_values_made() {
        if !available() {
            return;
        }
        let mut x = 0x2545_f491_u32;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        let g: Vec<u16> = (0..20_000).map(|_| (next() % 6000) as u16).collect();
        let mut rev = Reversed::default();
        rev.sync(&g);
        for (m, heaps) in [
            (20_000, 1..10_001),
            (19_999, 1..10_000),
            (15_001, 700..7_501),
            (9_000, 3..1_000),
            (5_000, 10..20),
            // Blocks whose partners reach down to g(0) when read forwards.
            (1_100, 1..1_101),
            (520, 1..521),
        ] {
            for start in [0, 5, WINDOW, 3000, 5990, MAX_START] {
                let mut sought = [0u8; WINDOW_BYTES];
                for b in &mut sought[1..WINDOW_BYTES - 1] {
                    *b = (next() | next()) as u8;
                }
                let mut expected = sought;
                for a in heaps.clone() {
                    let d = u32::from(g[a] ^ g[m - a]).wrapping_sub(start);
                    if d < WINDOW {
                        expected[1 + d as usize / 8] &= !(1 << (d % 8));
                    }
                }
                let mut forwards = sought;
                unsafe { clear_made(&g, Some(&rev), m, heaps.clone(), start, &mut sought) };
                assert_eq!(sought, expected, "m {m}, heaps {heaps:?}, start {start}");
                unsafe { clear_made(&g, None, m, heaps.clone(), start, &mut forwards) };
                assert_eq!(forwards, expected, "forwards: m {m}, heaps {heaps:?}, start {start}");
            }
        }
    }

    /// The rare block against a plain loop: covers of 64, 512 and 1,024, the rare heaps at
    /// both ends of their range (r = 16 reads g(m0 − 1), r = m0 reads g(0)), with g ending at
    /// m0 and beyond; and its rows stamped against a plain loop.
    #[test]
    fn the_rare_block_marks_exactly_the_values_made() {
        if !available() {
            return;
        }
        let mut x = 0x9e37_79b9_u32;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        for cover in [64, 512, RARE_COVER] {
            let g: Vec<u16> = (0..3_000).map(|_| (next() % cover as u32) as u16).collect();
            for (m0, len) in [(16, 16), (2_000, 2_000), (2_000, 3_000), (2_992, 3_000)] {
                let g = &g[..len];
                let heaps: Vec<u32> =
                    (16..=m0 as u32).filter(|&r| r == 16 || r == m0 as u32 || next() % 3 == 0).collect();
                let values: Vec<u16> = heaps.iter().map(|_| (next() % cover as u32) as u16).collect();
                let mut made = vec![0u8; RARE_BLOCK * cover];
                unsafe { mark_rare_block(g, m0, &heaps, &values, cover, &mut made) };
                let mut expected = vec![0u8; RARE_BLOCK * cover];
                for (&r, &gr) in heaps.iter().zip(&values) {
                    for i in 0..RARE_BLOCK {
                        expected[i * cover + usize::from(gr ^ g[m0 + i - r as usize])] = 1;
                    }
                }
                assert!(made == expected, "cover {cover}, m0 {m0}, g.len() {len}");
                for i in [0, 7, RARE_BLOCK - 1] {
                    let row = &made[i * cover..(i + 1) * cover];
                    let mut marks: Vec<u32> = (0..2 * cover as u32).map(|_| next() % 4).collect();
                    let mut plain = marks.clone();
                    for (v, &b) in row.iter().enumerate() {
                        if b != 0 {
                            plain[v] = 9;
                        }
                    }
                    unsafe { stamp_row(row, &mut marks, 9) };
                    assert_eq!(marks, plain, "cover {cover}, m0 {m0}, row {i}");
                }
            }
        }
    }
}
