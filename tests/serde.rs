//! The value types through JSON and back (feature `serde`): each round-trips unchanged, a
//! `Heaps` read from any list is canonical, and a sequence whose parts do not fit together
//! is refused rather than accepted to fail later.
#![cfg(feature = "serde")]

use impartial::coins::{CoinRule, Coins, TurningCorners};
use impartial::fibonacci;
use impartial::loopy::{LoopyOutcome, LoopyValue};
use impartial::nim::{self, NimMove};
use impartial::octal::OctalGame;
use impartial::score::{ScoreBound, ScoreMove};
use impartial::sequence::{GrundySequence, Method, Period};
use impartial::take_away::{TakeAwayState, TakeMove};
use impartial::{Either, Heaps, Nim, Nimber, Outcome, Sum, SumMove};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(&back, value, "{json}");
    json
}

#[test]
fn value_types_round_trip() {
    assert_eq!(
        round_trip(&Nimber(u128::from(u64::MAX) + 5)),
        "18446744073709551620"
    );
    assert_eq!(round_trip(&Outcome::P), "\"P\"");
    assert_eq!(round_trip(&Heaps::from([3, 1, 2])), "[1,2,3]");
    assert_eq!(round_trip(&Coins::from([(2, 1), (0, 5)])), "[[0,5],[2,1]]");
    let read: Coins<u64> = serde_json::from_str("[4,1,4]").expect("a list of coins");
    assert_eq!(read, [1, 4]);
    let best = TurningCorners::default()
        .winning_move([(1, 1)])
        .expect("1 ⊗ 1 is not 0");
    round_trip(&best);
    round_trip(&Either::<Heaps, u32>::Left(Heaps::from([7])));
    let best: NimMove<u64> = nim::winning_move(&[3, 4, 5]).expect("N");
    round_trip(&best);
    let take: TakeMove<u64> = fibonacci::winning_move(100u64).expect("N");
    round_trip(&take);
    round_trip(&TakeAwayState::new(u128::MAX, 1));
    let mut sum = Sum::new(Nim);
    let sum_move: SumMove<Heaps> = sum.winning_move([[3], [5]]).expect("N");
    round_trip(&sum_move);
    round_trip(&LoopyOutcome::Draw);
    round_trip(&LoopyValue::Infinite {
        escapes: vec![Nimber(0), Nimber(2)],
    });
    round_trip(&Method::SparseSpace);
    round_trip(&ScoreBound::AtLeast(-3));
    round_trip(&ScoreMove {
        points: 9,
        to: (1usize, 4usize),
    });
}

#[test]
fn a_heaps_read_from_any_list_is_canonical() {
    let heaps: Heaps = serde_json::from_str("[5, 0, 3, 5]").expect("a list of sizes");
    assert_eq!(heaps, Heaps::from([3, 5, 5]));
    assert!(serde_json::from_str::<Heaps>("[-1]").is_err());
}

#[test]
fn sequences_round_trip_and_answer_past_their_values() {
    let kayles = OctalGame::kayles().values_up_to(1_000).expect("in memory");
    let json = round_trip(&kayles);
    let back: GrundySequence = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back.get(1_000_000_007), kayles.get(1_000_000_007));
    let period: Period = kayles.period().expect("Kayles is periodic");
    round_trip(&period);
}

#[test]
fn a_sequence_whose_parts_do_not_fit_is_refused() {
    let kayles = OctalGame::kayles().values_up_to(1_000).expect("in memory");
    let mut json: serde_json::Value = serde_json::to_value(&kayles).expect("serializes");
    // A period of 0 would divide by zero at the first heap past the values.
    json["period"]["period"] = 0.into();
    let error = serde_json::from_value::<GrundySequence>(json.clone()).unwrap_err();
    assert!(error.to_string().contains("does not fit"), "{error}");
    // A period longer than the values computed.
    json["period"]["period"] = 10_000.into();
    assert!(serde_json::from_value::<GrundySequence>(json.clone()).is_err());
    // No values at all.
    json["period"] = serde_json::Value::Null;
    json["values"] = serde_json::json!([]);
    assert!(serde_json::from_value::<GrundySequence>(json).is_err());
}

#[test]
fn rare_heaps_that_are_not_ascending_heaps_of_the_sequence_are_refused() {
    let six = OctalGame::from_digits(&[0, 6])
        .expect("0.6")
        .values_up_to(5_000)
        .expect("in memory");
    let json: serde_json::Value = serde_json::to_value(&six).expect("serializes");
    assert!(serde_json::from_value::<GrundySequence>(json.clone()).is_ok());
    for rare in [
        serde_json::json!([2, 1]),
        serde_json::json!([1, 1]),
        serde_json::json!([1, 5_001]),
    ] {
        let mut bad = json.clone();
        bad["rare_heaps"] = rare;
        let error = serde_json::from_value::<GrundySequence>(bad).unwrap_err();
        assert!(error.to_string().contains("rare heaps"), "{error}");
    }
}
