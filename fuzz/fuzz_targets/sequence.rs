//! The heap-sequence engine against the mex of every option by the definition, on small
//! heaps: random octal codes (with and without a leading 4), hexadecimal codes, random
//! take-and-break rules (unequal splits too), Grundy's game and random subtraction sets,
//! every method, one thread or two, the period proof on or off.
#![no_main]

#[path = "../../tests/reference/mod.rs"]
mod reference;

use arbitrary::Arbitrary;
use impartial::octal::{GrundysGame, HexadecimalGame, OctalGame};
use impartial::sequence::{GrundySequence, Method, SequenceOptions};
use impartial::take_and_break::{HeapRules, SplitShapes, TakeAndBreak};
use impartial::{Nimber, SubtractionGame};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Game {
    Octal {
        splits_first: bool,
        digits: Vec<u8>,
    },
    Hexadecimal {
        first: u8,
        digits: Vec<u8>,
    },
    Rules {
        amounts: [Vec<u8>; 4],
        unequal: bool,
        /// Per amount (mod 8), a modifier restricting its splits (0 none, `!`, `?`, `=`).
        modifiers: Vec<(u8, u8)>,
    },
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
            let expected = reference::code_values(game.digits(), n);
            let sequence = game.values_up_to_with(n as u64, &options).unwrap();
            check(&sequence, &expected, &(&game.to_string(), &options));
        }
        Game::Hexadecimal { first, digits } => {
            // Three-heap splits cost O(n²) a heap: fewer heaps.
            let n = n % 600;
            let mut code = vec![first % 4 * 4];
            code.extend(digits.iter().take(6).map(|digit| digit % 16));
            let Ok(game) = HexadecimalGame::from_digits(&code) else {
                return;
            };
            let expected = reference::code_values(game.digits(), n);
            let sequence = game.values_up_to_with(n as u64, &options).unwrap();
            check(&sequence, &expected, &(&game.to_string(), &options));
        }
        Game::Rules {
            amounts,
            unequal,
            modifiers,
        } => {
            let n = n % 600;
            let list = |kind: usize, least: u8| -> Vec<usize> {
                amounts[kind]
                    .iter()
                    .take(3)
                    .map(|&r| usize::from(r % 8).max(usize::from(least)))
                    .collect()
            };
            let plain = reference::PlainRules {
                none: list(0, 1),
                one: list(1, 1),
                two: list(2, 0),
                three: list(3, 0),
                unequal: *unequal,
                // `unequal_splits` overrides the two-heap shapes: modifiers only without it.
                modifiers: modifiers
                    .iter()
                    .take(4)
                    .filter(|_| !*unequal)
                    .filter_map(|&(r, kind)| {
                        let modifier =
                            [None, Some('!'), Some('?'), Some('=')][usize::from(kind % 4)];
                        modifier.map(|m| (usize::from(r % 8), m))
                    })
                    .collect(),
                many: Vec::new(),
            };
            let shape = |r: usize| match plain.modifiers.iter().find(|&&(at, _)| at == r) {
                Some((_, '!')) => SplitShapes::UNEQUAL,
                Some((_, '?')) => SplitShapes::NOT_ALL_EQUAL,
                Some((_, '=')) => SplitShapes::ALL_EQUAL,
                _ => SplitShapes::ANY,
            };
            let wide = |amounts: &[usize]| amounts.iter().map(|&r| r as u64).collect::<Vec<_>>();
            let mut rules = HeapRules::builder()
                .take_whole(wide(&plain.none))
                .take_leaving_one(wide(&plain.one));
            for &r in &plain.two {
                rules = rules.take_leaving_two_shaped([r as u64], shape(r));
            }
            for &r in &plain.three {
                rules = rules.take_leaving_three_shaped([r as u64], shape(r));
            }
            if plain.unequal {
                rules = rules.unequal_splits();
            }
            let game = TakeAndBreak::new(rules.build().unwrap());
            let expected = reference::rules_values(&plain, n);
            let sequence = game.values_up_to_with(n as u64, &options).unwrap();
            check(&sequence, &expected, &(&plain, &options));
        }
        Game::Grundys => {
            let expected = reference::grundys_game_values(n);
            let sequence = GrundysGame.values_up_to_with(n as u64, &options).unwrap();
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
            let sequence = game.values_up_to_with(n as u64, &options).unwrap();
            check(&sequence, &expected, &(&set, &options));
        }
    }
});
