//! The heap-sequence engine against the mex of every option by the definition, on small
//! heaps: random octal codes (with and without a leading 4), Grundy's game and random
//! subtraction sets, every method, one thread or two, the period proof on or off.
#![no_main]

#[path = "../../tests/reference/mod.rs"]
mod reference;

use std::ops::ControlFlow;

use arbitrary::Arbitrary;
use impartial::octal::{GrundysGame, OctalGame};
use impartial::sequence::{GrundySequence, HeapGame, Method, SequenceOptions};
use impartial::{Nimber, SubtractionGame};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Game {
    Octal { splits_first: bool, digits: Vec<u8> },
    Grundys,
    Subtraction(Vec<u8>),
}

#[derive(Arbitrary, Debug)]
struct Input {
    game: Game,
    n: u16,
    method: u8,
    parallel: bool,
    prove_period: bool,
}

fn check(sequence: &GrundySequence, expected: &[u32], what: &dyn std::fmt::Debug) {
    for (heap, &value) in expected.iter().enumerate() {
        assert_eq!(
            sequence.get(heap as u64),
            Some(Nimber(u128::from(value))),
            "{what:?}, heap {heap}"
        );
    }
}

fuzz_target!(|input: Input| {
    let n = usize::from(input.n % 4_096);
    let method = [Method::Auto, Method::Direct, Method::SparseSpace][usize::from(input.method % 3)];
    let options = SequenceOptions::default()
        .with_method(method)
        .with_parallel(input.parallel)
        .with_prove_period(input.prove_period);
    let keep_going = |_: &_| ControlFlow::Continue(());
    match &input.game {
        Game::Octal {
            splits_first,
            digits,
        } => {
            let mut code = vec![if *splits_first { 4 } else { 0 }];
            code.extend(digits.iter().take(10).map(|digit| digit % 8));
            let Ok(game) = OctalGame::from_digits(&code) else {
                return;
            };
            let expected = reference::octal_values(game.digits(), n);
            let sequence = game.sequence_with(n as u64, &options, keep_going).unwrap();
            check(&sequence, &expected, &(&game.to_string(), &options));
        }
        Game::Grundys => {
            let expected = reference::grundys_game_values(n);
            let sequence = GrundysGame
                .sequence_with(n as u64, &options, keep_going)
                .unwrap();
            check(&sequence, &expected, &options);
        }
        Game::Subtraction(set) => {
            let set: Vec<u64> = set
                .iter()
                .take(8)
                .map(|&amount| u64::from(amount))
                .collect();
            let Ok(game) = SubtractionGame::new(&set) else {
                return;
            };
            let expected = reference::subtraction_values(&set, n);
            let sequence = game.sequence_with(n as u64, &options, keep_going).unwrap();
            check(&sequence, &expected, &(&set, &options));
        }
    }
});
