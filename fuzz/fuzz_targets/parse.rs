//! The parsers of octal and hexadecimal codes and subtraction sets against plain readings of
//! their grammar:
//! the same texts accepted, the same games made, every accepted game shown in a form that
//! parses back to it, and every error naming a position inside the text.
#![no_main]

#[path = "../../tests/reference/mod.rs"]
mod reference;

use impartial::SubtractionGame;
use impartial::octal::{CodeError, HexadecimalGame, OctalGame};
use impartial::subtraction::SetError;
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
});
