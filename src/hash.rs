//! A fast, non-cryptographic hasher for the solver's tables.
//!
//! Positions come from the rules of a game, not from an adversary, so the standard library's
//! DoS-resistant `SipHash` buys nothing here and costs several times the lookup time. This is
//! the multiply-add scheme of rustc's `FxHasher` (as revised in `rustc-hash` 2), written out
//! so that the crate needs no extra dependency for twenty lines.

use std::hash::{BuildHasherDefault, Hasher};

/// An odd constant with well-mixed bits (from `rustc-hash` 2).
const MULTIPLIER: u64 = 0xf135_7aea_2e62_a9c5;

/// Multiply-add hasher; see the module docs for why it is safe to use here.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher {
    hash: u64,
}

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = self.hash.wrapping_add(word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The length keeps "ab" and "ab\0" apart.
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The product's best-mixed bits are its high ones, which is what the table's
        // multiply-shift indexing uses.
        self.hash
    }
}

pub(crate) type FastBuildHasher = BuildHasherDefault<FastHasher>;

/// [`FastHasher`] finished so that every bit is mixed, for a `std` hash map, which takes its
/// bucket index from the low bits and its tag from the top seven. (Keys that differ only in
/// high bits — boards whose lower rows differ — would share low bits of the plain product.)
#[derive(Default, Clone, Copy)]
pub(crate) struct MapHasher(FastHasher);

impl Hasher for MapHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.0.write_u8(i);
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.0.write_u16(i);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.0.write_u32(i);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0.write_u64(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.0.write_u128(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.0.write_usize(i);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // A folded multiply (as `foldhash` finishes): the product's high half carries every
        // input bit into the low bits, which a rotation alone does not (a key that differs
        // only above bit 40 leaves the plain product's low 40 bits zero).
        let full = u128::from(self.0.hash) * u128::from(MULTIPLIER);
        (full as u64) ^ ((full >> 64) as u64)
    }
}

pub(crate) type MapBuildHasher = BuildHasherDefault<MapHasher>;

/// `SplitMix64`'s finalizer: every bit of the result depends on every bit of `z`.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A 64-bit fingerprint of `words` and their count: what a position keeps of the graph or
/// poset it was made for, so that another game refuses it. Each half-word is mixed into the
/// state in turn; two different graphs share a fingerprint with a chance of about one in
/// 2⁶⁴. Fixed, not seeded: a position's fingerprint is written in files.
pub(crate) fn fingerprint(words: impl IntoIterator<Item = u128>) -> u64 {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut count = 0u64;
    for word in words {
        for half in [word as u64, (word >> 64) as u64] {
            state = mix(state ^ half).wrapping_add(0x9e37_79b9_7f4a_7c15);
        }
        count += 1;
    }
    mix(state ^ count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn different_small_keys_spread_over_high_bits() {
        let build = FastBuildHasher::default();
        let mut buckets = [0u32; 64];
        for r in 0u32..64 {
            for l in 0u32..64 {
                buckets[(build.hash_one((r, l)) >> 58) as usize] += 1;
            }
        }
        // 4096 keys over 64 buckets: a fair spread puts about 64 in each.
        assert!(
            buckets.iter().all(|&count| (16..=160).contains(&count)),
            "{buckets:?}"
        );
    }

    /// Keys that differ only in their high bits land in different low bits of a map's hash.
    #[test]
    fn keys_differing_in_high_bits_spread_over_low_bits() {
        let build = MapBuildHasher::default();
        let mut buckets = [0u32; 64];
        for high in 0u64..4096 {
            buckets[(build.hash_one(high << 40) & 63) as usize] += 1;
        }
        assert!(
            buckets.iter().all(|&count| (16..=160).contains(&count)),
            "{buckets:?}"
        );
    }

    /// Graphs one edge apart, or one vertex, or with their words in another order, have
    /// fingerprints apart.
    #[test]
    fn fingerprints_tell_close_words_apart() {
        let base: Vec<u128> = (0..16)
            .map(|word| 1u128 << word | 1 << (word + 1))
            .collect();
        let mut seen = std::collections::HashSet::new();
        assert!(seen.insert(fingerprint(base.iter().copied())));
        for at in 0..base.len() {
            for bit in [0, 63, 64, 127] {
                let mut changed = base.clone();
                changed[at] ^= 1 << bit;
                assert!(seen.insert(fingerprint(changed)), "word {at}, bit {bit}");
            }
        }
        assert!(seen.insert(fingerprint(base[..15].iter().copied())));
        assert!(seen.insert(fingerprint(base.iter().rev().copied())));
        assert!(seen.insert(fingerprint(base.iter().copied().chain([0]))));
    }

    #[test]
    fn byte_strings_that_differ_only_in_length_hash_apart() {
        let build = FastBuildHasher::default();
        assert_ne!(build.hash_one(&b"ab"[..]), build.hash_one(&b"ab\0"[..]));
    }
}
