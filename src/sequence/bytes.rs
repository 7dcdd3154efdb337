//! Tables of one byte per value, read eight bytes at a time as the bytes of a word: which
//! values are reached, which are still missing, and how many.

/// A byte 1 in each byte of a word.
pub(super) const ONES: u64 = 0x0101_0101_0101_0101;

/// Eight bytes, each 0 or 1, as one word.
pub(super) fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes.try_into().expect("eight bytes"))
}

/// The least `v` with `reached[v] == 0` and `parity[v] == wanted`, or the length: eight
/// values at a time, as the bytes of a word.
pub(super) fn least_unreached(reached: &[u8], parity: &[u8], wanted: u8) -> usize {
    // Bytes 1 where the parity is the one wanted.
    let flip = if wanted == 1 { 0 } else { ONES };
    let words = reached.chunks_exact(8).zip(parity.chunks_exact(8));
    for (k, (reached, parity)) in words.enumerate() {
        let open = !word(reached) & (word(parity) ^ flip) & ONES;
        if open != 0 {
            return 8 * k + open.trailing_zeros() as usize / 8;
        }
    }
    let tail = reached.len() / 8 * 8;
    (tail..reached.len())
        .find(|&v| reached[v] == 0 && parity[v] == wanted)
        .unwrap_or(reached.len())
}

/// Sets `flags[v]` to whether `reached[v] == 0` and `parity[v] == wanted`, and counts them:
/// eight values at a time.
pub(super) fn mark_unreached(reached: &[u8], parity: &[u8], wanted: u8, flags: &mut [u8]) -> u32 {
    let flip = if wanted == 1 { 0 } else { ONES };
    let mut count = 0;
    let words = reached.chunks_exact(8).zip(parity.chunks_exact(8));
    for ((reached, parity), flags) in words.zip(flags.chunks_exact_mut(8)) {
        let open = !word(reached) & (word(parity) ^ flip) & ONES;
        flags.copy_from_slice(&open.to_le_bytes());
        count += open.count_ones();
    }
    let tail = reached.len() / 8 * 8;
    for v in tail..reached.len() {
        let open = u8::from(reached[v] == 0 && parity[v] == wanted);
        flags[v] = open;
        count += u32::from(open);
    }
    count
}

/// How many of `flags` (each 0 or 1) are 1: eight at a time, as the bytes of a word.
pub(super) fn count_flags(flags: &[u8]) -> u32 {
    // Each byte is 0 or 1, so up to 255 words add up without a carry between bytes: each
    // byte of the sum is then at most 255, and their total at most 2 040.
    const WORDS: usize = 255;
    let mut total = 0;
    for batch in flags.chunks(8 * WORDS) {
        let words = batch.chunks_exact(8);
        total += words
            .remainder()
            .iter()
            .map(|&flag| u32::from(flag))
            .sum::<u32>();
        total += byte_sum(words.map(word).fold(0u64, u64::wrapping_add));
    }
    total
}

/// The sum of the eight bytes of `word`, each taken as a number from 0 to 255.
///
/// The sum may reach 2 040, more than a byte holds, so the bytes are first added in pairs
/// into four 16-bit lanes (each at most 510), and a multiplication then adds the four lanes
/// into the top one (at most 2 040, no carry out of it).
pub(super) fn byte_sum(word: u64) -> u32 {
    const LOW_BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    const LANE_ONES: u64 = 0x0001_0001_0001_0001;
    let pairs = (word & LOW_BYTES) + ((word >> 8) & LOW_BYTES);
    (pairs.wrapping_mul(LANE_ONES) >> 48) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::testing::random_words;

    /// The lengths where a byte helper changes its way of working: empty, one byte, around
    /// a word, around 255 and 256 (a byte's range), around a full batch of 255 words, and
    /// past 65 535.
    const BOUNDARY_LENGTHS: [usize; 17] = [
        0, 1, 7, 8, 9, 255, 256, 257, 1_024, 2_039, 2_040, 2_041, 4_080, 4_081, 65_535, 65_536,
        65_537,
    ];

    /// Flags of `len` bytes, each 0 or 1: all clear, all set, alternating, and random with
    /// a few densities.
    fn flag_patterns(len: usize, next: &mut impl FnMut() -> u64) -> Vec<Vec<u8>> {
        let mut patterns = vec![
            vec![0; len],
            vec![1; len],
            (0..len).map(|i| (i % 2) as u8).collect(),
        ];
        for density in [1, 8, 64, 255] {
            patterns.push((0..len).map(|_| u8::from(next() % 256 < density)).collect());
        }
        patterns
    }

    #[test]
    fn byte_sum_adds_all_eight_bytes_even_past_255() {
        let plain = |word: u64| {
            word.to_le_bytes()
                .iter()
                .map(|&b| u32::from(b))
                .sum::<u32>()
        };
        let mut next = random_words(1);
        let mut words = vec![
            0,
            1,
            ONES,
            u64::MAX,
            0x8080_8080_8080_8080,
            0x00ff_00ff_00ff_00ff,
        ];
        words.extend((0..8).map(|byte| 0xffu64 << (8 * byte)));
        words.extend((0..8).map(|byte| !(0xffu64 << (8 * byte))));
        words.extend((0..10_000).map(|_| next()));
        for word in words {
            assert_eq!(byte_sum(word), plain(word), "{word:#018x}");
        }
        assert_eq!(byte_sum(u64::MAX), 2_040);
    }

    #[test]
    fn count_flags_counts_at_every_boundary() {
        let mut next = random_words(2);
        for len in BOUNDARY_LENGTHS {
            for flags in flag_patterns(len, &mut next) {
                let plain: u32 = flags.iter().map(|&flag| u32::from(flag == 1)).sum();
                assert_eq!(count_flags(&flags), plain, "{len} flags, {plain} set");
            }
        }
    }

    #[test]
    fn least_and_mark_unreached_agree_with_a_plain_scan_at_every_boundary() {
        let mut next = random_words(3);
        for len in BOUNDARY_LENGTHS {
            let parities = flag_patterns(len, &mut next);
            for reached in flag_patterns(len, &mut next) {
                for parity in &parities {
                    for wanted in [0, 1] {
                        let open = |v: usize| reached[v] == 0 && parity[v] == wanted;
                        let least = (0..len).find(|&v| open(v)).unwrap_or(len);
                        assert_eq!(least_unreached(&reached, parity, wanted), least, "{len}");
                        let mut flags = vec![7; len];
                        let count = mark_unreached(&reached, parity, wanted, &mut flags);
                        let plain: Vec<u8> = (0..len).map(|v| u8::from(open(v))).collect();
                        assert_eq!(flags, plain, "{len}");
                        assert_eq!(
                            count as usize,
                            plain.iter().map(|&f| usize::from(f == 1)).sum::<usize>()
                        );
                    }
                }
            }
        }
    }
}
