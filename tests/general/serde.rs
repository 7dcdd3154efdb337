//! The value types through JSON and back (feature `serde`): each round-trips unchanged, a
//! `Heaps` read from any list is canonical, and a sequence whose parts do not fit together
//! is refused rather than accepted to fail later.
#![cfg(feature = "serde")]

use impartial::coins::{Coins, TurningCorners};
use impartial::fibonacci;
use impartial::loopy::{LoopyOutcome, LoopyValue};
use impartial::nim::{self, NimMove};
use impartial::octal::{HexadecimalGame, OctalGame};
use impartial::score::{ScoreBound, ScoreMove};
use impartial::sequence::{GrundySequence, Method, Period, SequenceOptions};
use impartial::take_away::{TakeAwayState, TakeMove};
use impartial::{ClosedForm, Either, Heaps, Nim, Nimber, Outcome, Sum, SumMove};
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
        .ok()
        .flatten()
        .expect("1 ⊗ 1 is not 0");
    round_trip(&best);
    round_trip(&Either::<Heaps, u32>::Left(Heaps::from([7])));
    let best: NimMove<u64> = nim::winning_move(&[3, 4, 5]).expect("N");
    round_trip(&best);
    let take: TakeMove<u64> = fibonacci::winning_move(100u64).expect("N");
    round_trip(&take);
    round_trip(&TakeAwayState::new(u128::MAX, 1));
    let mut sum = Sum::new(Nim);
    let sum_move: SumMove<Heaps> = sum.winning_move([[3], [5]]).unwrap().expect("N");
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

/// The forged sequences of the issue that found the checks missing: each was accepted and
/// answered wrongly (`get(10) = 0` from a period the values do not have, `covers(2⁴⁰)`).
#[test]
fn forged_sequences_are_refused() {
    let refused = |json: serde_json::Value, says: &str| {
        let error = serde_json::from_value::<GrundySequence>(json.clone()).unwrap_err();
        assert!(error.to_string().contains(says), "{json}: {error}");
    };
    let forged = serde_json::json!({
        "values": [0, 1, 2, 3, 4, 5, 6, 7],
        "period": {"preperiod": 0, "period": 2, "proof_bound": 3},
        "max_heap": 100, "method": "Direct", "sparse_mask": null, "rare_heaps": null,
    });
    refused(forged.clone(), "G(2) differs from G(0)");
    let mut no_period = forged.clone();
    no_period["period"] = serde_json::Value::Null;
    assert!(serde_json::from_value::<GrundySequence>(no_period.clone()).is_ok());
    let mut from_five = no_period.clone();
    from_five["values"][0] = 5.into();
    refused(from_five, "not 5");
    // A proof bound past the values: the proof read values the sequence does not have.
    let mut beyond = forged.clone();
    beyond["values"] = serde_json::json!([0, 1, 0, 1, 0, 1, 0, 1]);
    beyond["period"]["proof_bound"] = 1_000_000.into();
    refused(beyond.clone(), "does not fit");
    beyond["period"]["proof_bound"] = 8.into();
    assert!(serde_json::from_value::<GrundySequence>(beyond.clone()).is_ok());
    // A preperiod that is not the least.
    beyond["period"]["preperiod"] = 2.into();
    refused(beyond, "repeat from n = 1 already");
    // The sparse space: a mask with no rare heaps, rare heaps with no mask, neither for the
    // sparse method, a mask that classes the values otherwise, more values than heaps.
    let mut sparse = no_period;
    sparse["method"] = "SparseSpace".into();
    refused(sparse.clone(), "SparseSpace with no mask");
    sparse["sparse_mask"] = 1.into();
    refused(sparse.clone(), "SparseSpace with a mask and no rare heaps");
    // Under mask 1 the odd values 1, 3, 5, 7 are of one class, the even ones of the other.
    sparse["rare_heaps"] = serde_json::json!([2, 4, 6]);
    assert!(serde_json::from_value::<GrundySequence>(sparse.clone()).is_ok());
    sparse["rare_heaps"] = serde_json::json!([2, 4]);
    refused(sparse.clone(), "not the heaps of one class");
    let mut direct_with_mask = sparse.clone();
    direct_with_mask["method"] = "Direct".into();
    refused(direct_with_mask, "Direct with a mask");
    sparse["max_heap"] = 3.into();
    refused(sparse, "do not fit a sequence up to heap 3");
}

/// A proved arithmetic period reads back and answers past the values; one the values do
/// not climb by, one beside a period, a saltus of 0, a proof past the values or a preperiod
/// that is not the least are refused. Sequences saved before arithmetic periods were proved
/// have no such field and read back without one.
#[test]
fn arithmetic_periods_read_back_checked() {
    let eight: HexadecimalGame = "0.8".parse().expect("a valid code");
    let values = eight.values_up_to(1_000_000).expect("in memory");
    let json: serde_json::Value = serde_json::to_value(&values).expect("serializes");
    let back: GrundySequence = serde_json::from_value(json.clone()).expect("reads back");
    assert_eq!(back.get(1_000_000), values.get(1_000_000));
    assert!(back.arithmetic_period().is_some());
    let refused = |change: &dyn Fn(&mut serde_json::Value), says: &str| {
        let mut forged = json.clone();
        change(&mut forged);
        let error = serde_json::from_value::<GrundySequence>(forged).unwrap_err();
        assert!(error.to_string().contains(says), "{error}");
    };
    refused(&|j| j["arithmetic"]["saltus"] = 2.into(), "is not G(");
    refused(&|j| j["arithmetic"]["saltus"] = 0.into(), "does not fit");
    refused(
        &|j| j["arithmetic"]["proved_at"] = 1_000.into(),
        "does not fit",
    );
    refused(
        &|j| j["arithmetic"]["preperiod"] = 2.into(),
        "climb so from n = 1 already",
    );
    refused(
        &|j| j["period"] = serde_json::json!({"preperiod": 1, "period": 3, "proof_bound": 20}),
        "both a period and an arithmetic period",
    );
    let mut old = json.clone();
    old.as_object_mut().expect("an object").remove("arithmetic");
    let old: GrundySequence = serde_json::from_value(old).expect("reads back");
    assert_eq!((old.arithmetic_period(), old.get(1_000_000)), (None, None));
}

/// Every sequence the engine gives reads back: random octal codes, with every method, one
/// thread and two, the period proof on and off — periods, preperiods and rare heaps all
/// pass the checks that forged ones fail.
#[test]
fn every_sequence_the_engine_gives_reads_back() {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut checked = 0;
    while checked < 60 {
        let length = 1 + random() % 6;
        let mut digits = vec![if random() % 2 == 0 { 0 } else { 4 }];
        digits.extend((0..length).map(|_| (random() % 8) as u8));
        let Ok(game) = OctalGame::from_digits(&digits) else {
            continue;
        };
        for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
            for (parallel, prove_period) in [(false, true), (true, true), (true, false)] {
                let options = SequenceOptions::default()
                    .with_method(method)
                    .with_parallel(parallel)
                    .with_prove_period(prove_period);
                let n = 200 + random() % if cfg!(debug_assertions) { 2_500 } else { 6_000 };
                let sequence = game.values_up_to_with(n, &options).expect("in memory");
                let json = serde_json::to_string(&sequence).expect("serializes");
                let back: GrundySequence = serde_json::from_str(&json)
                    .unwrap_or_else(|error| panic!("{game} {options:?} to {n}: {error}"));
                assert_eq!(back, sequence);
            }
        }
        checked += 1;
    }
}

/// A genus round-trips; one written longer than it needs, or with fewer than two exponents, is
/// refused.
#[test]
fn genus_round_trips_and_bad_ones_are_refused() {
    use impartial::Solver;
    let mut solver = Solver::new("0.312".parse::<OctalGame>().unwrap());
    for heap in 0..8u64 {
        let genus = solver.misere().genus([heap]).unwrap();
        let json = round_trip(&genus);
        assert!(json.contains("exponents"), "{json}");
    }
    for bad in [
        r#"{"normal":1,"exponents":[0]}"#,
        r#"{"normal":1,"exponents":[]}"#,
        r#"{"normal":1,"exponents":[0,3,0]}"#,
    ] {
        assert!(
            serde_json::from_str::<impartial::Genus>(bad).is_err(),
            "{bad}"
        );
    }
    let fine: impartial::Genus =
        serde_json::from_str(r#"{"normal":1,"exponents":[0,3,1]}"#).unwrap();
    assert_eq!(fine.to_string(), "1^031");
}
