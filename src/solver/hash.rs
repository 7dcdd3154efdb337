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

    #[test]
    fn byte_strings_that_differ_only_in_length_hash_apart() {
        let build = FastBuildHasher::default();
        assert_ne!(build.hash_one(&b"ab"[..]), build.hash_one(&b"ab\0"[..]));
    }
}
