//! Take-and-break codes with modifiers (`4!.0` is Grundy's game): the parsed rules against
//! the definition written plainly from the code's text, on every path of the engine; Grundy's
//! game by its code is held against the built-in one to 10⁶ in `tests/differential.rs`; the standard form read back; bad codes refused
//! with the character at fault.

use impartial::octal::CodeError;
use impartial::sequence::{HeapGame, Method, SequenceOptions};
use impartial::take_and_break::TakeAndBreak;
use impartial::{Heaps, ImpartialGame};
use proptest::prelude::*;

use super::reference::{PlainRules, plain_options, rules_values};

/// A code as text with its digits and the modifier after each digit that has one: the
/// first 0, 4, 8 or C, then up to six digits (as characters, or as the numbers of heaps they
/// leave in braces); then no modifiers, or `!` or `?` after every digit that leaves two
/// heaps (none then leaves three: the rules the sparse space reads), or a random modifier
/// (or none) after each digit that splits.
pub(super) fn written_codes() -> impl Strategy<Value = (String, Vec<u8>, Vec<(usize, char)>)> {
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec(0u8..16, 1..7),
        0..3,
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(prop::sample::select(vec![' ', '!', '?', '=']), 7),
    )
        .prop_filter_map(
            "a code with a move",
            |(first, rest, mode, question, braces, random)| {
                let mut digits = vec![first];
                digits.extend(rest);
                if mode == 1 {
                    // A digit that leaves two heaps and three would restrict both.
                    for digit in &mut digits {
                        if *digit & 12 == 12 {
                            *digit &= !8;
                        }
                    }
                }
                if digits.iter().all(|&digit| digit == 0) {
                    return None;
                }
                let modifier = |amount: usize, digit: u8| match mode {
                    1 if digit & 4 != 0 => Some(if question { '?' } else { '!' }),
                    2 if digit & 12 != 0 && random[amount] != ' ' => Some(random[amount]),
                    _ => None,
                };
                let mut text = String::new();
                let mut modifiers = Vec::new();
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
                    if let Some(m) = modifier(amount, digit) {
                        text.push(m);
                        modifiers.push((amount, m));
                    }
                    if amount == 0 {
                        text.push('.');
                    }
                }
                Some((text, digits, modifiers))
            },
        )
}

/// `code` is refused with `expected`, whose message says something.
pub(super) fn refused(code: &str, expected: &CodeError) {
    assert_eq!(
        code.parse::<TakeAndBreak>().as_ref(),
        Err(expected),
        "{code}"
    );
    assert!(!expected.to_string().is_empty());
}

pub(super) fn plain_rules(digits: &[u8], modifiers: &[(usize, char)]) -> PlainRules {
    PlainRules {
        modifiers: modifiers.to_vec(),
        ..PlainRules::of_code(digits)
    }
}

/// The plain rules of a code in the standard form: hexadecimal digits, each maybe followed
/// by a modifier.
pub(super) fn plain_rules_of_code(code: &str) -> PlainRules {
    let mut digits = Vec::new();
    let mut modifiers = Vec::new();
    for c in code.chars() {
        match c {
            '.' => {}
            '!' | '?' | '=' => modifiers.push((digits.len() - 1, c)),
            _ => digits.push(c.to_digit(16).expect("a hexadecimal digit") as u8),
        }
    }
    plain_rules(&digits, &modifiers)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn written_codes_are_their_rules_on_every_path((text, digits, modifiers) in written_codes()) {
        let game: TakeAndBreak = text.parse().unwrap();
        let all_unequal = digits.iter().enumerate().all(|(amount, &d)| {
            d & 4 == 0 || modifiers.iter().any(|&(at, m)| at == amount && m != '=')
        });
        prop_assert_eq!(game.rules().splits_unequal(),
            all_unequal && digits.iter().any(|&d| d & 4 != 0));
        let n = 120;
        let expected = rules_values(&plain_rules(&digits, &modifiers), n);
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
                for (heap, &want) in expected.iter().enumerate() {
                    prop_assert_eq!(values.get(heap as u64).map(|value| value.0),
                        Some(u128::from(want)), "{} heap {} {:?}", text, heap, options);
                }
            }
        }
        // The standard form reads back as the same rules, and says them plainly.
        let code = game.code().unwrap();
        prop_assert_eq!(&code.parse::<TakeAndBreak>().unwrap(), &game);
        prop_assert_eq!(rules_values(&plain_rules_of_code(&code), n), expected);
        // The solver's moves are the rules' too: every option of a heap, by the definition.
        for heap in 0..=24u64 {
            let options: Vec<Heaps> = game.moves(&Heaps::from([heap])).collect();
            let listed = plain_options(&plain_rules(&digits, &modifiers), heap as usize);
            prop_assert_eq!(options.len(), listed.len(), "{} heap {}", text, heap);
            for option in listed {
                prop_assert!(options.contains(&Heaps::from(option.clone())), "{} {:?}", text, option);
            }
        }
    }
}

#[test]
fn bad_codes_name_the_character() {
    for (code, expected) in [
        (
            "4.!0",
            CodeError::UnsupportedModifier {
                position: 2,
                found: '!',
            },
        ),
        (
            "4!!.0",
            CodeError::UnsupportedModifier {
                position: 2,
                found: '!',
            },
        ),
        (
            "0.C?=",
            CodeError::UnsupportedModifier {
                position: 4,
                found: '=',
            },
        ),
        (
            "!4.0",
            CodeError::UnsupportedModifier {
                position: 0,
                found: '!',
            },
        ),
        ("0.4!3=", CodeError::ModifierWithoutSplit { position: 5 }),
        ("0.1!", CodeError::ModifierWithoutSplit { position: 3 }),
        ("0!.4", CodeError::ModifierWithoutSplit { position: 1 }),
        (
            "4!.0x",
            CodeError::InvalidDigit {
                position: 4,
                found: 'x',
            },
        ),
        (
            "0.{100}",
            CodeError::TooManyHeaps {
                position: 2,
                heaps: 100,
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
        (
            "0.{2}!{1}!",
            CodeError::ModifierWithoutSplit { position: 9 },
        ),
    ] {
        refused(code, &expected);
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
        // Modifiers per digit, and on three-heap digits.
        ("4=.0", "4=.0"),
        ("4!.4", "4!.4"),
        ("8!.0", "8!.0"),
        ("0.C?", "0.C?"),
        ("0.C!4=", "0.C!4="),
    ] {
        let game: TakeAndBreak = braces.parse().unwrap();
        assert_eq!(game.code().as_deref(), Some(code), "{braces}");
    }
}
