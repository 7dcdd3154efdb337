//! Codes whose digits split a heap into four heaps or more (`{4}`, `{2+}`): read into the
//! rules the text says, their moves and values against the definition written plainly
//! (partitions listed one by one), on every method and thread mode; the standard form read
//! back; bad codes refused with the character at fault.

use impartial::octal::CodeError;
use impartial::sequence::{Method, SequenceOptions};
use impartial::take_and_break::TakeAndBreak;
use impartial::{Heaps, ImpartialGame};
use proptest::prelude::*;

use super::codes::refused;
use super::reference::{PlainRules, many_values_by_sets, plain_options, rules_values};

/// A code with up to four digits after the point, each a hexadecimal digit or in braces
/// with counts up to 7 and maybe `k+` (k from 0 to 8), and its plain rules.
fn many_heap_codes() -> impl Strategy<Value = (String, PlainRules)> {
    let digit = (
        0u8..16,
        prop::collection::vec(4usize..8, 0..3),
        prop::option::of(0usize..9),
    );
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec(digit, 1..5),
    )
        .prop_filter_map(
            "a digit that splits into four heaps or more",
            |(first, rest)| {
                let mut text = format!("{first:X}.");
                let mut digits = vec![first];
                let mut many = Vec::new();
                for (offset, (bits, listed, from)) in rest.into_iter().enumerate() {
                    let amount = offset + 1;
                    let mut bits = bits;
                    if listed.is_empty() && from.is_none() {
                        text.push(char::from_digit(u32::from(bits), 16).unwrap());
                        digits.push(bits);
                        continue;
                    }
                    let mut words: Vec<String> = (0..4)
                        .filter(|h| bits >> h & 1 == 1)
                        .map(|h: u32| h.to_string())
                        .collect();
                    words.extend(listed.iter().map(ToString::to_string));
                    if let Some(from) = from {
                        words.push(format!("{from}+"));
                        bits |= (0..4u8)
                            .filter(|&h| usize::from(h) >= from)
                            .fold(0, |b, h| b | 1 << h);
                    }
                    text.push('{');
                    text.push_str(&words.join(","));
                    text.push('}');
                    digits.push(bits);
                    many.push((amount, listed, from.map(|f| f.max(4))));
                }
                if many.is_empty() {
                    return None;
                }
                let plain = PlainRules {
                    many,
                    ..PlainRules::of_code(&digits)
                };
                Some((text, plain))
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn codes_splitting_into_many_heaps_are_their_rules((text, plain) in many_heap_codes()) {
        let game: TakeAndBreak = text.parse().unwrap();
        let n = 32;
        let expected = rules_values(&plain, n);
        // The reference with its sets written out, which reaches further, agrees.
        prop_assert_eq!(&many_values_by_sets(&plain, n), &expected);
        for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
            for parallel in [false, true] {
                // One thread only, without the research paths.
                #[cfg(not(feature = "research"))]
                if parallel {
                    continue;
                }
                let options = SequenceOptions::default().with_method(method);
                #[cfg(feature = "research")]
                let options = options.with_parallel(parallel);
                let values = game.values_up_to_with(n as u64, &options).unwrap();
                prop_assert_eq!(values.period(), None);
                for (heap, &want) in expected.iter().enumerate() {
                    prop_assert_eq!(values.get(heap as u64).map(|value| value.0),
                        Some(u128::from(want)), "{} heap {} {:?}", text, heap, options);
                }
            }
        }
        for heap in 0..=18u64 {
            let options: Vec<Heaps> = game.moves(&Heaps::from([heap])).collect();
            let listed = plain_options(&plain, heap as usize);
            prop_assert_eq!(options.len(), listed.len(), "{} heap {}", text, heap);
            for option in listed {
                prop_assert!(options.contains(&Heaps::from(option.clone())), "{} {:?}", text, option);
            }
        }
        let code = game.code().unwrap();
        prop_assert_eq!(&code.parse::<TakeAndBreak>().unwrap(), &game, "{} as {}", text, code);
    }
}

#[test]
fn the_standard_form_and_bad_codes() {
    for (code, standard) in [
        ("0.{2+}", "0.{2+}"),
        ("0.{2,3,4+}", "0.{2+}"),
        ("0.{4,5,6+}", "0.{4+}"),
        ("{4}.0", "{4}.0"),
        ("0.{0,1,4}0", "0.{0,1,4}"),
        ("0.{9+}", "0.{9+}"),
        ("0.{63}", "0.{63}"),
        ("4=.{5}", "4=.{5}"),
    ] {
        let game: TakeAndBreak = code.parse().unwrap();
        assert_eq!(game.code().as_deref(), Some(standard), "{code}");
    }
    for (code, expected) in [
        (
            "0.{64}",
            CodeError::TooManyHeaps {
                position: 2,
                heaps: 64,
            },
        ),
        ("0.{2+}!", CodeError::ModifierOnManyHeaps { position: 6 }),
        (
            "0.{+}",
            CodeError::InvalidDigit {
                position: 3,
                found: '+',
            },
        ),
        (
            "0.{4",
            CodeError::InvalidDigit {
                position: 2,
                found: '{',
            },
        ),
        (
            "0.{4x}",
            CodeError::InvalidDigit {
                position: 4,
                found: 'x',
            },
        ),
        ("{1,4}.0", CodeError::InvalidFirstDigit('2')),
    ] {
        refused(code, &expected);
    }
}

/// The largest count, `{63+}`: a thousand heaps cost little (the tables keep no level a heap
/// cannot fill), and until a split changes a value they are `0.1`'s. A count past 63
/// is refused (before, `{1000000+}` had each heap reserve a million sets).
#[test]
fn the_largest_count_costs_little() {
    assert_eq!(
        "0.1{64+}".parse::<TakeAndBreak>(),
        Err(CodeError::TooManyHeaps {
            position: 3,
            heaps: 64
        })
    );
    let far: TakeAndBreak = "0.1{63+}".parse().unwrap();
    let near: TakeAndBreak = "0.1".parse().unwrap();
    let far = far.values_up_to(1_000).unwrap();
    let near = near.values_up_to(1_000).unwrap();
    // The splits take two counters. Heap 65 leaves 63 heaps of one (XOR 1): worth
    // mex{1} = 0 still. Heap 66 leaves 64 as 62 ones and a two or as 64 ones (XOR 0 each):
    // worth 1, not 0 — the first difference.
    let first_difference = (0..=1_000).find(|&heap| far.get(heap) != near.get(heap));
    assert_eq!(first_difference, Some(66));
    assert_eq!(near.get(66).map(|v| v.0), Some(0));
}
