//! Misère quotients of random octal codes against a plain search of the misère outcome and
//! winning moves (every position of up to three heaps the quotient covers, below 9 — past
//! the heaps computed when the period is proved), and the same quotient saved,
//! changed at random and read back: a changed file is either refused or still predicts every
//! one of those positions — the verification on load lets nothing wrong through.
#![no_main]

use std::collections::HashMap;

use arbitrary::Arbitrary;
use impartial::octal::OctalGame;
use impartial::quotient::MisereQuotient;
use impartial::{ClosedForm, Heaps, ImpartialGame, Outcome};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    digits: Vec<u8>,
    bound: u8,
    changes: Vec<Change>,
}

#[derive(Arbitrary, Debug)]
enum Change {
    P(u16),
    Table(u16, u16),
    Phi(u8, u16),
    Order(u16),
}

/// The misère outcome by the definition: P when there is a move and every move leads to N.
fn misere_outcome(
    game: &OctalGame,
    position: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, Outcome>,
) -> Outcome {
    let mut key = position.clone();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let options: Vec<Heaps> = game.moves(&Heaps::from(key.clone())).collect();
    let mut outcome = if options.is_empty() {
        Outcome::N
    } else {
        Outcome::P
    };
    for option in options {
        let left: Vec<u64> = option.iter().copied().filter(|&h| h > 0).collect();
        if misere_outcome(game, left, memo) == Outcome::P {
            outcome = Outcome::N;
            break;
        }
    }
    memo.insert(key, outcome);
    outcome
}

/// Every position of up to three heaps from `1..=largest`, predicted as searched.
fn check(
    game: &OctalGame,
    quotient: &MisereQuotient,
    largest: u64,
    memo: &mut HashMap<Vec<u64>, Outcome>,
) {
    for a in 0..=largest {
        for b in a..=largest {
            for c in b..=largest {
                let heaps = [a, b, c];
                let searched = misere_outcome(game, heaps.to_vec(), memo);
                assert_eq!(quotient.outcome(&heaps), Ok(searched), "{game} {heaps:?}");
                // A winning move exactly from an N-position with a move — past the heaps
                // computed too, where the period answers — leaving a P-position.
                let found = quotient.winning_move(&heaps).expect("heaps it covers");
                let has_move = heaps
                    .iter()
                    .any(|&heap| game.moves(&Heaps::from([heap])).next().is_some());
                assert_eq!(
                    found.is_some(),
                    searched == Outcome::N && has_move,
                    "{game} {heaps:?}"
                );
                if let Some(found) = found {
                    // Applied by the closed form's own checked rule: its `heap` numbers the
                    // position as a `Heaps`, empty heaps dropped.
                    let after = quotient
                        .leaves(&heaps, &found)
                        .expect("a move from here")
                        .to_vec();
                    assert_eq!(
                        misere_outcome(game, after, memo),
                        Outcome::P,
                        "{game} {heaps:?}"
                    );
                }
            }
        }
    }
}

/// The heaps a quotient answers, up to 8.
fn covered(quotient: &MisereQuotient) -> u64 {
    if quotient.is_complete() {
        8
    } else {
        quotient.heaps().min(8)
    }
}

fuzz_target!(|input: Input| {
    let digits: String = input
        .digits
        .iter()
        .take(3)
        .map(|d| char::from(b'0' + d % 8))
        .collect();
    let Ok(game) = format!("0.{digits}").parse::<OctalGame>() else {
        return;
    };
    // Up to heap 10: far enough for every kind of stop, and a second or less a game.
    let bound = 1 + u64::from(input.bound % 10);
    let quotient = MisereQuotient::compute(&game, bound).expect("a bound from 1 to 10");
    let mut memo = HashMap::new();
    check(&game, &quotient, covered(&quotient), &mut memo);

    let mut saved = serde_json::to_value(&quotient).expect("serializes");
    let order = quotient.order() as u64;
    for change in &input.changes {
        match *change {
            Change::P(i) => {
                if let Some(bit) = saved["p"].get_mut(usize::from(i) % order as usize) {
                    *bit = serde_json::Value::Bool(!bit.as_bool().unwrap_or(false));
                }
            }
            Change::Table(i, value) => {
                let cells = (order * order) as usize;
                saved["table"][usize::from(i) % cells] =
                    serde_json::Value::from(u64::from(value) % (order + 1));
            }
            Change::Phi(i, value) => {
                let heaps = quotient.heaps() as usize + 1;
                saved["phi"][usize::from(i) % heaps] =
                    serde_json::Value::from(u64::from(value) % (order + 1));
            }
            Change::Order(value) => saved["order"] = serde_json::Value::from(value % 64),
        }
    }
    if let Ok(read) = serde_json::from_value::<MisereQuotient>(saved) {
        check(&game, &read, covered(&read), &mut memo);
    }
});
