//! The parsers of octal and hexadecimal codes and subtraction sets against plain readings of
//! their grammar:
//! the same texts accepted, the same games made, every accepted game shown in a form that
//! parses back to it, and every error naming a position inside the text. Take-and-break codes
//! with modifiers and braces, codes with a repeating tail and all-but sets: never a panic,
//! every accepted game's standard form parses back to it, every error's position names the
//! character it blames, and a plain hexadecimal code reads as the hexadecimal game.
#![no_main]

#[path = "../../tests/reference/mod.rs"]
mod reference;

use impartial::all_but::AllButSubtraction;
use impartial::octal::{CodeError, HexadecimalGame, OctalGame};
use impartial::repeating::{RepeatingCode, RepeatingCodeError};
use impartial::subtraction::SetError;
use impartial::take_and_break::TakeAndBreak;
use impartial::{HeapGame, SubtractionGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let parsed = text.parse::<OctalGame>();
    let digits = parsed.as_ref().ok().map(|game| game.digits().to_vec());
    assert_eq!(digits, reference::code_digits(text, 8), "{text:?}");
    match parsed {
        Ok(game) => assert_eq!(game.to_string().parse::<OctalGame>(), Ok(game)),
        Err(error) => {
            if let CodeError::InvalidDigit { position, found } = error {
                assert_eq!(text.chars().nth(position), Some(found), "{text:?}");
            }
            assert!(!error.to_string().is_empty());
        }
    }

    let parsed = text.parse::<HexadecimalGame>();
    let digits = parsed.as_ref().ok().map(|game| game.digits().to_vec());
    assert_eq!(digits, reference::code_digits(text, 16), "{text:?}");
    match parsed {
        Ok(game) => assert_eq!(game.to_string().parse::<HexadecimalGame>(), Ok(game)),
        Err(error) => {
            if let CodeError::InvalidDigit { position, found } = error {
                assert_eq!(text.chars().nth(position), Some(found), "{text:?}");
            }
            assert!(!error.to_string().is_empty());
        }
    }

    let parsed = text.parse::<SubtractionGame>();
    let set = parsed
        .as_ref()
        .ok()
        .map(|game| game.subtraction_set().to_vec());
    assert_eq!(set, reference::subtraction_set(text), "{text:?}");
    match parsed {
        Ok(game) => assert_eq!(game.to_string().parse::<SubtractionGame>(), Ok(game)),
        Err(error) => {
            let rest = |position: usize| text.chars().skip(position).collect::<String>();
            match &error {
                SetError::InvalidAmount { position, found } => {
                    assert!(rest(*position).starts_with(found.as_str()), "{text:?}");
                }
                SetError::Zero { position } => assert!(rest(*position).starts_with('0')),
                _ => {}
            }
            assert!(!error.to_string().is_empty());
        }
    }

    take_and_break(text);
    repeating(text);
});

fn take_and_break(text: &str) {
    let at = |position: usize| text.chars().nth(position);
    match text.parse::<TakeAndBreak>() {
        Ok(game) => {
            if let Some(code) = game.code() {
                assert_eq!(code.parse::<TakeAndBreak>().as_ref(), Ok(&game), "{text:?}");
            }
        }
        Err(error) => {
            match error {
                CodeError::InvalidDigit { position, found }
                | CodeError::UnsupportedModifier { position, found } => {
                    assert_eq!(at(position), Some(found), "{text:?}: {error:?}");
                }
                CodeError::TooManyHeaps { position, .. } => {
                    assert_eq!(at(position), Some('{'), "{text:?}");
                }
                CodeError::ModifierOnManyHeaps { position } => {
                    assert!(
                        matches!(at(position), Some('!' | '?' | '=')),
                        "{text:?}: {error:?}"
                    );
                }
                CodeError::ModifierWithoutSplit { position } => {
                    assert!(at(position).is_some(), "{text:?}: {error:?}");
                }
                _ => {}
            }
            assert!(!error.to_string().is_empty());
        }
    }
    // Without modifiers or braces, the hexadecimal game's rules.
    if !text.contains(['!', '?', '=', '{', '}']) {
        let hexadecimal = text.parse::<HexadecimalGame>();
        let rules = text
            .parse::<TakeAndBreak>()
            .map(|game| game.rules().clone());
        assert_eq!(
            rules.ok(),
            hexadecimal.ok().map(|game| game.rules().clone()),
            "{text:?}"
        );
    }
}

fn repeating(text: &str) {
    match text.parse::<RepeatingCode>() {
        Ok(game) => assert_eq!(game.to_string().parse::<RepeatingCode>(), Ok(game)),
        Err(error) => {
            if let RepeatingCodeError::InvalidDigit { position, found } = error {
                assert_eq!(text.chars().nth(position), Some(found), "{text:?}");
            }
            assert!(!error.to_string().is_empty());
        }
    }
    match text.parse::<AllButSubtraction>() {
        Ok(game) => assert_eq!(game.to_string().parse::<AllButSubtraction>(), Ok(game)),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}
