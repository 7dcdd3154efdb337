//! What the engine's unit tests share: rules written out, the direct values, a
//! deterministic stream of random words.
// Without the feature `research`, only the random words are read.
#![cfg_attr(not(feature = "research"), allow(dead_code))]

use super::direct::{Reached, direct_value};
use crate::heap::{HeapRules, SplitShapes};

pub(super) fn rules(none: &[u64], one: &[u64], two: &[u64], unequal: bool) -> HeapRules {
    let builder = HeapRules::builder()
        .take_whole(none.iter().copied())
        .take_leaving_one(one.iter().copied())
        .take_leaving_two(two.iter().copied());
    let builder = if unequal {
        builder.unequal_splits()
    } else {
        builder
    };
    builder.build().expect("rules of a test")
}

pub(super) fn direct(rules: &HeapRules, n: usize) -> Vec<u32> {
    let mut values = vec![0];
    let mut reached = Reached::default();
    let mut largest = 0;
    for heap in 1..=n {
        let value = direct_value(rules, values.as_slice(), heap, largest, &mut reached);
        largest = largest.max(value);
        values.push(value);
    }
    values
}

/// 0.6, 0.16, 0.77 and Grundy's game: games whose sparse spaces differ.
pub(super) fn splitting_games() -> Vec<HeapRules> {
    vec![
        rules(&[], &[1], &[1], false),           // 0.6
        rules(&[1], &[2], &[2], false),          // 0.16
        rules(&[1, 2], &[1, 2], &[1, 2], false), // 0.77
        rules(&[], &[], &[0], true),             // Grundy's game
    ]
}

/// A deterministic stream of pseudo-random words (splitmix64), for every unit test of the
/// crate.
pub(crate) fn random_words(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The digits of random octal codes as the engine's rules, as `OctalGame` makes them.
pub(super) fn octal_rules(digits: &[u8]) -> HeapRules {
    let with_bit = |bit: u8| -> Vec<u64> {
        (0u64..)
            .zip(digits)
            .filter(|&(_, &d)| d & bit != 0)
            .map(|(r, _)| r)
            .collect()
    };
    rules(&with_bit(1), &with_bit(2), &with_bit(4), false)
}

/// The rules of a code whose digits' splits are restricted by `modifiers` (`!`, `?`, `=`
/// after the digit of each amount listed), as `TakeAndBreak` parses them.
pub(super) fn shaped_rules(digits: &[u8], modifiers: &[(usize, char)]) -> HeapRules {
    let shape = |amount: usize| match modifiers.iter().find(|&&(at, _)| at == amount) {
        Some((_, '!')) => SplitShapes::UNEQUAL,
        Some((_, '?')) => SplitShapes::NOT_ALL_EQUAL,
        Some((_, '=')) => SplitShapes::ALL_EQUAL,
        _ => SplitShapes::ANY,
    };
    let mut builder = HeapRules::builder();
    for (amount, &digit) in digits.iter().enumerate() {
        let r = amount as u64;
        if digit & 1 != 0 {
            builder = builder.take_whole([r]);
        }
        if digit & 2 != 0 {
            builder = builder.take_leaving_one([r]);
        }
        if digit & 4 != 0 {
            builder = builder.take_leaving_two_shaped([r], shape(amount));
        }
        if digit & 8 != 0 {
            builder = builder.take_leaving_three_shaped([r], shape(amount));
        }
    }
    builder.build().expect("rules of a test")
}
