//! Take-and-break codes with modifiers (`4!.0` is Grundy's game): the parsed rules against
//! the definition written plainly from the code's text, on every path of the engine; Grundy's
//! game by its code is held against the built-in one to 10⁶ in `tests/differential.rs`; the standard form read back; bad codes refused
//! with the character at fault.

use impartial::octal::CodeError;
use impartial::sequence::{HeapGame, Method, SequenceOptions};
use impartial::take_and_break::TakeAndBreak;
use proptest::prelude::*;

use super::reference::{PlainRules, rules_values};

/// A code as text with its digits: the first 0, 4, 8 or C, then up to six digits (as
/// characters, or as the numbers of heaps they leave in braces), and when `unequal`, `!` or
/// `?` after every digit that leaves two heaps (none then leaves three).
pub(super) fn written_codes() -> impl Strategy<Value = (String, Vec<u8>, bool)> {
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec(0u8..16, 1..7),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_filter_map(
            "a code with a move",
            |(first, rest, unequal, question, braces)| {
                let mut digits = vec![first];
                digits.extend(rest);
                if unequal {
                    // A digit that leaves two heaps and three cannot carry the modifier.
                    for digit in &mut digits {
                        if *digit & 12 == 12 {
                            *digit &= !8;
                        }
                    }
                }
                if digits.iter().all(|&digit| digit == 0) {
                    return None;
                }
                let mut text = String::new();
                for (amount, &digit) in digits.iter().enumerate() {
                    if braces {
                        // The numbers of heaps the digit lets a move leave.
                        let heaps: Vec<String> = (0..4)
                            .filter(|heaps| digit >> heaps & 1 == 1)
                            .map(|h| h.to_string())
                            .collect();
                        text.push('{');
                        text.push_str(&heaps.join(","));
                        text.push('}');
                    } else {
                        text.push(char::from_digit(u32::from(digit), 16).unwrap());
                    }
                    if unequal && digit & 4 != 0 {
                        text.push(if question { '?' } else { '!' });
                    }
                    if amount == 0 {
                        text.push('.');
                    }
                }
                Some((text, digits, unequal))
            },
        )
}

pub(super) fn plain_rules(digits: &[u8], unequal: bool) -> PlainRules {
    PlainRules {
        unequal,
        ..PlainRules::of_code(digits)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn written_codes_are_their_rules_on_every_path((text, digits, unequal) in written_codes()) {
        let game: TakeAndBreak = text.parse().unwrap();
        prop_assert_eq!(game.rules().splits_unequal(), unequal && digits.iter().any(|&d| d & 4 != 0));
        let n = 120;
        let expected = rules_values(&plain_rules(&digits, unequal), n);
        for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
            for parallel in [false, true] {
                let options = SequenceOptions::default().with_method(method).with_parallel(parallel);
                let values = game.values_up_to_with(n as u64, &options).unwrap();
                for (heap, &want) in expected.iter().enumerate() {
                    prop_assert_eq!(values.get(heap as u64).map(|value| value.0),
                        Some(u128::from(want)), "{} heap {} {:?}", text, heap, options);
                }
            }
        }
        // The standard form reads back as the same rules.
        let code = game.code().unwrap();
        prop_assert_eq!(code.parse::<TakeAndBreak>().unwrap(), game);
    }
}

#[test]
fn bad_codes_name_the_character() {
    for (code, expected) in [
        (
            "4=.0",
            CodeError::UnsupportedModifier {
                position: 1,
                found: '=',
            },
        ),
        (
            "8!.0",
            CodeError::UnsupportedModifier {
                position: 1,
                found: '!',
            },
        ),
        (
            "0.C?",
            CodeError::UnsupportedModifier {
                position: 3,
                found: '?',
            },
        ),
        (
            "!4.0",
            CodeError::UnsupportedModifier {
                position: 0,
                found: '!',
            },
        ),
        ("0.4!7", CodeError::MixedModifiers { position: 4 }),
        ("0.1!", CodeError::MixedModifiers { position: 3 }),
        ("4!.4", CodeError::MixedModifiers { position: 3 }),
        (
            "4!.0x",
            CodeError::InvalidDigit {
                position: 4,
                found: 'x',
            },
        ),
        (
            "0.{4}",
            CodeError::TooManyHeaps {
                position: 2,
                heaps: 4,
            },
        ),
        (
            "0.{2+}",
            CodeError::TooManyHeaps {
                position: 2,
                heaps: 4,
            },
        ),
        (
            "0.{1",
            CodeError::InvalidDigit {
                position: 2,
                found: '{',
            },
        ),
        (
            "0.{x}",
            CodeError::InvalidDigit {
                position: 3,
                found: 'x',
            },
        ),
        ("0.{2}!{1}!", CodeError::MixedModifiers { position: 9 }),
    ] {
        assert_eq!(
            code.parse::<TakeAndBreak>(),
            Err(expected.clone()),
            "{code}"
        );
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn codes_without_modifiers_and_digits_in_braces() {
    // Without modifiers, the codes of octal and hexadecimal games.
    let kayles: TakeAndBreak = "0.77".parse().unwrap();
    assert_eq!(kayles.code().as_deref(), Some("0.77"));
    assert_eq!(
        "0.F".parse::<TakeAndBreak>().unwrap().code().as_deref(),
        Some("0.F")
    );
    // Digits written as the numbers of heaps left.
    for (braces, code) in [
        ("{2}.{}{}{0,1,2}", "4.007"),
        ("0.{0,1}{0, 1}", "0.33"),
        ("0.{2,3}", "0.C"),
        ("{2}!.{}", "4!.0"),
        ("0.{}{2}?", "0.04!"),
    ] {
        let game: TakeAndBreak = braces.parse().unwrap();
        assert_eq!(game.code().as_deref(), Some(code), "{braces}");
    }
}
