//! Codes with a repeating tail: the counting rule against the definition written plainly on
//! random codes, the ruleset against the solver, every proved arithmetic period against
//! values computed ten times as far, and the codes' one written form.

use impartial::repeating::{RepeatingCode, RepeatingCodeError};

use super::reference::{PlainRules, rules_values};
use impartial::{Nimber, Solver};
use proptest::prelude::*;

/// G(0..=n) from the definition: the mex over every amount `t ≤ heap` whose digit takes a
/// whole heap (`t = heap`, bit 1) or leaves one (`t < heap`, bit 2) — for a code without
/// splits.
fn plain(digits: &[u8], tail: u8, n: usize) -> Vec<u32> {
    let digit = |amount: usize| digits.get(amount - 1).copied().unwrap_or(tail);
    let mut values: Vec<u32> = Vec::with_capacity(n + 1);
    for heap in 0..=n {
        let mut seen = vec![false; heap + 2];
        for amount in 1..=heap {
            let d = digit(amount);
            if (amount == heap && d & 1 != 0) || (amount < heap && d & 2 != 0) {
                seen[values[heap - amount] as usize] = true;
            }
        }
        values.push(seen.iter().position(|&seen| !seen).unwrap() as u32);
    }
    values
}

/// G(0..=n) of any code, splits included: the code written out to heap n as a finite
/// hexadecimal code, valued by the reference's definition.
fn plain_with_splits(first: u8, digits: &[u8], tail: u8, n: usize) -> Vec<u32> {
    let mut finite = vec![first];
    finite.extend((1..=n).map(|amount| digits.get(amount - 1).copied().unwrap_or(tail)));
    rules_values(&PlainRules::of_code(&finite), n)
}

fn splitting_codes() -> impl Strategy<Value = (u8, Vec<u8>, u8)> {
    (
        prop_oneof![Just(0u8), Just(4u8), Just(8u8), Just(12u8)],
        prop::collection::vec(0u8..16, 0..6),
        1u8..16,
    )
}

fn codes() -> impl Strategy<Value = (Vec<u8>, u8)> {
    (
        prop::collection::vec(0u8..4, 0..14),
        prop_oneof![Just(2u8), Just(3u8)],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_counting_rule_is_the_definition((digits, tail) in codes(), n in 0usize..1_000) {
        let game = RepeatingCode::new(&digits, tail).unwrap();
        let values = game.values_up_to(n as u64).unwrap();
        let expected = plain(&digits, tail, n);
        prop_assert_eq!(values.values(), expected.as_slice(), "{}", game);
    }

    #[test]
    fn codes_that_split_are_the_definition(
        (first, digits, tail) in splitting_codes(),
        n in 0usize..90,
    ) {
        let game = RepeatingCode::with_first_digit(first, &digits, tail).unwrap();
        let values = game.values_up_to(n as u64).unwrap();
        let expected = plain_with_splits(first, &digits, tail, n);
        prop_assert_eq!(values.values(), expected.as_slice(), "{}", game);
        if game.splits() {
            prop_assert_eq!(values.period(), None);
        }
        let text = game.to_string();
        prop_assert_eq!(text.parse::<RepeatingCode>().unwrap(), game);
    }

    #[test]
    fn a_proved_period_predicts_every_heap_ten_times_as_far((digits, tail) in codes()) {
        let game = RepeatingCode::new(&digits, tail).unwrap();
        let short = game.values_up_to(7_000).unwrap();
        if let Some(period) = short.period() {
            let long = game.every_value_up_to(70_000).unwrap();
            prop_assert_eq!(long.values().len(), 70_001);
            for (n, &value) in long.values().iter().enumerate() {
                prop_assert_eq!(short.get(n as u64), Some(Nimber(u128::from(value))),
                    "{} at {}: {}", game, n, period);
            }
        }
    }

    /// The values asked for past a proof come from the period, computed no further: every
    /// heap to `n` (past the first prefix tried, 4 096, and the next, 32 768) as every value
    /// computed gives it, the same period proved, and no more values held than the proof
    /// needed.
    #[test]
    fn values_past_an_early_proof_are_every_value((digits, tail) in codes(), n in 0u64..40_000) {
        let game = RepeatingCode::new(&digits, tail).unwrap();
        let early = game.values_up_to(n).unwrap();
        let every = game.every_value_up_to(n).unwrap();
        for heap in 0..=n {
            prop_assert_eq!(early.get(heap), every.get(heap), "{} at {}", game, heap);
        }
        prop_assert_eq!(early.period().is_some(), every.period().is_some(), "{}", game);
        if let Some(period) = early.period() {
            if period.proved_at < 1_000 {
                prop_assert!(early.values().len() <= 4_096, "{}: {}", game, early.values().len());
            }
        } else {
            prop_assert_eq!(early.values().len() as u64, n + 1);
        }
    }

    #[test]
    fn the_written_form_reads_back((digits, tail) in codes()) {
        let game = RepeatingCode::new(&digits, tail).unwrap();
        let text = game.to_string();
        prop_assert_eq!(text.parse::<RepeatingCode>().unwrap(), game.clone());
        // Digits equal to the tail at the end of the others belong to the tail.
        let longer = format!("{}{}[{}]", &text[..text.len() - 3], tail, tail);
        prop_assert_eq!(longer.parse::<RepeatingCode>().unwrap(), game);
    }
}

#[test]
fn sums_follow_sprague_grundy() {
    for code in [
        "4.[3]",
        "8.[2]",
        "C.0[7]",
        "0.[3]",
        "0.[2]",
        "0.02[2]",
        "0.1[3]",
        "0.30300[3]",
        "0.0123[2]",
        "0.2[1]",
        "0.0322[1]",
        "0.[7]",
        "0.1[F]",
        "0.4[2]",
    ] {
        let game: RepeatingCode = code.parse().unwrap();
        let values = game.values_up_to(13).unwrap();
        let mut solver = Solver::new(game);
        for a in 0..=13u64 {
            for b in 0..=a.min(8) {
                let expected = values.get(a).unwrap() ^ values.get(b).unwrap();
                assert_eq!(
                    solver.grundy([a, b]).unwrap(),
                    expected,
                    "{code}: heaps {a} and {b}"
                );
            }
        }
    }
}

/// Lasker's Nim, `4.[3]`: G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4,
/// G(4k + 4) = 4k + 3 (Winning Ways, ch. 4), as the `lasker` module's closed form gives, past
/// the heap size a value may exceed (G(3) = 4).
#[test]
fn lasker_nim_is_the_code_4_with_a_tail_of_3() {
    let game: RepeatingCode = "4.[3]".parse().unwrap();
    assert_eq!(game.to_string(), "4.[3]");
    let values = game.values_up_to(600).unwrap();
    for n in 0..=600u64 {
        let expected = match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        };
        assert_eq!(values.get(n), Some(Nimber(u128::from(expected))), "G({n})");
        assert_eq!(
            values.get(n),
            Some(impartial::lasker::heap_grundy(n)),
            "G({n}) against lasker::heap_grundy"
        );
    }
    // The ruleset itself, by the search (it does not decompose: every position whole).
    let mut solver = Solver::new(game);
    for n in 0..=24u64 {
        assert_eq!(Some(solver.grundy([n]).unwrap()), values.get(n), "heap {n}");
    }
}

#[test]
fn known_sequences_past_65_535() {
    // 0.[3] is Nim: G(n) = n (OEIS A001477).
    let nim: RepeatingCode = "0.[3]".parse().unwrap();
    let values = nim.values_up_to(70_000).unwrap();
    assert!(
        values
            .values()
            .iter()
            .enumerate()
            .all(|(n, &value)| value as usize == n)
    );
    let period = values.period().expect("proved");
    assert_eq!((period.preperiod, period.period, period.saltus), (0, 1, 1));
    // 0.[2] may never empty a heap: heap n reaches 1 to n − 1, so G(n) = n − 1 from 1.
    let values = "0.[2]"
        .parse::<RepeatingCode>()
        .unwrap()
        .values_up_to(70_000)
        .unwrap();
    assert!(
        values
            .values()
            .iter()
            .enumerate()
            .skip(1)
            .all(|(n, &v)| v as usize == n - 1)
    );
    assert_eq!(values.get(1 << 40), Some(Nimber((1 << 40) - 1)));
}

#[test]
fn bad_codes_say_why() {
    for (code, expected) in [
        ("0.3", RepeatingCodeError::Form),
        ("0.[3", RepeatingCodeError::Form),
        ("0.[33]", RepeatingCodeError::Form),
        ("1.[3]", RepeatingCodeError::FirstDigit { found: '1' }),
        ("2.[3]", RepeatingCodeError::FirstDigit { found: '2' }),
        ("F.[3]", RepeatingCodeError::FirstDigit { found: 'F' }),
        ("40.[3]", RepeatingCodeError::Form),
        ("x.[3]", RepeatingCodeError::Form),
        ("0.[3]x", RepeatingCodeError::Form),
        (
            "0.G[3]",
            RepeatingCodeError::InvalidDigit {
                position: 2,
                found: 'G',
            },
        ),
        (
            "0.0x[3]",
            RepeatingCodeError::InvalidDigit {
                position: 3,
                found: 'x',
            },
        ),
        ("0.[0]", RepeatingCodeError::UnsupportedTail { found: '0' }),
        ("0.[G]", RepeatingCodeError::UnsupportedTail { found: 'G' }),
    ] {
        assert_eq!(code.parse::<RepeatingCode>(), Err(expected), "{code}");
    }
    let long = format!("0.{}[3]", "0".repeat(5_000));
    assert!(matches!(
        long.parse::<RepeatingCode>(),
        Err(RepeatingCodeError::TooLong { .. })
    ));
    // A code that splits is computed only as far as its options allow.
    let splits: RepeatingCode = "0.[7]".parse().unwrap();
    match splits.values_up_to(1_000_000) {
        Err(impartial::sequence::SequenceError::TooLarge { max, .. }) => {
            assert!((2_000..10_000).contains(&max), "{max}");
        }
        other => panic!("{other:?}"),
    }
    let nim: RepeatingCode = ".[3]".parse().unwrap();
    let all = nim.values_up_to(u64::MAX).unwrap();
    assert_eq!(all.get(u64::MAX), Some(Nimber(u128::from(u64::MAX))));
    assert!(nim.every_value_up_to(u64::MAX).is_err());
    assert!(splits.values_up_to(u64::MAX).is_err());
    assert_eq!(nim.values_up_to(0).unwrap().values(), [0]);
}

#[test]
fn every_short_code_is_proved() {
    // Every code of up to four digits before a tail of 1, 2 or 3: the values to 5 000 prove
    // the period of each (the provers are not vacuous).
    for length in 0..=4u32 {
        for number in 0..4u32.pow(length) {
            let digits: Vec<u8> = (0..length)
                .map(|place| (number >> (2 * place) & 3) as u8)
                .collect();
            for tail in [1, 2, 3] {
                let game = RepeatingCode::new(&digits, tail).unwrap();
                let values = game.values_up_to(5_000).unwrap();
                assert!(
                    values.period().is_some(),
                    "{game}: {:?}",
                    values.apparent_arithmetic_period()
                );
            }
        }
    }
}

#[test]
fn positions_count_characters_of_the_text_as_given() {
    // White space before, and characters of several bytes, count as one position each.
    assert_eq!(
        " \u{3000}0.΄[3]".parse::<RepeatingCode>(),
        Err(RepeatingCodeError::InvalidDigit {
            position: 4,
            found: '΄'
        })
    );
}
