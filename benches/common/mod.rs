//! Inputs shared by the benchmarks.

/// `count` deterministic pseudo-random words: a 64-bit linear congruential generator from
/// `seed`, its high bits folded into the low ones.
#[must_use]
pub fn random_words(count: usize, seed: u64) -> Vec<u64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state ^ (state >> 29)
        })
        .collect()
}
