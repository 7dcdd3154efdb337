//! Nim-value sequences of heap games against the generic solver, against published tables,
//! and their periods against recomputation.

use std::ops::ControlFlow;

use impartial::octal::{CodeError, GrundysGame, MAX_DIGITS, OctalGame};
use impartial::sequence::{
    GrundySequence, HeapGame, MAX_HEAP, Method, SequenceError, SequenceOptions, Tabulated,
};
use impartial::{Heaps, ImpartialGame, Nimber, Outcome, Solver, SubtractionGame, Sum};
use proptest::prelude::*;

/// A heap game whose positions of heaps below `values.len()` are valued by the
/// Sprague–Grundy theorem from `values`: the solver then computes G(n) from the options
/// of a heap of n, by its own mex.
struct Known<'g, G> {
    game: &'g G,
    values: &'g [Nimber],
}

impl<G: HeapGame> ImpartialGame for Known<'_, G> {
    type Position = Heaps;

    fn moves(&self, position: &Heaps) -> impl Iterator<Item = Heaps> {
        self.game.moves(position)
    }

    fn known_grundy(&self, position: &Heaps) -> Option<Nimber> {
        position.iter().try_fold(Nimber::ZERO, |sum, &heap| {
            Some(sum ^ *self.values.get(usize::try_from(heap).ok()?)?)
        })
    }
}

/// G(0..=n) by the generic solver, one heap size at a time.
fn solver_values<G: HeapGame>(game: &G, n: u64) -> Vec<u32> {
    let mut values: Vec<Nimber> = Vec::new();
    for heap in 0..=n {
        let value = Solver::new(Known {
            game,
            values: &values,
        })
        .grundy(&vec![heap])
        .unwrap();
        values.push(value);
    }
    values
        .iter()
        .map(|value| u32::try_from(value.0).unwrap())
        .collect()
}

fn options(method: Method) -> SequenceOptions {
    SequenceOptions::default().with_method(method)
}

fn run<G: HeapGame>(game: &G, n: u64, options: &SequenceOptions) -> GrundySequence {
    game.values_up_to_with(n, options).unwrap()
}

/// Every value the sequence gives up to `n` (from the period beyond the computed ones).
fn values_up_to(sequence: &GrundySequence, n: u64) -> Vec<u32> {
    (0..=n)
        .map(|heap| u32::try_from(sequence.get(heap).unwrap().0).unwrap())
        .collect()
}

fn octal_code() -> impl Strategy<Value = OctalGame> {
    (
        prop_oneof![Just(0u8), Just(4u8)],
        prop::collection::vec(0u8..8, 1..=4),
    )
        .prop_filter_map("a code with a move", |(first, rest)| {
            let mut digits = vec![first];
            digits.extend(rest);
            OctalGame::from_digits(&digits).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn octal_sequences_equal_the_solver(game in octal_code()) {
        let expected = solver_values(&game, 60);
        for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
            let sequence = run(&game, 60, &options(method));
            prop_assert_eq!(&values_up_to(&sequence, 60), &expected, "{} {:?}", game, method);
        }
    }

    #[test]
    fn subtraction_sequences_equal_the_solver(set in prop::collection::vec(1u64..16, 1..5)) {
        let game = SubtractionGame::new(&set).unwrap();
        let expected = solver_values(&game, 60);
        prop_assert_eq!(values_up_to(&game.values_up_to(60).unwrap(), 60), expected);
    }

    #[test]
    fn sparse_space_equals_the_direct_recurrence(game in octal_code()) {
        // Past the 1 024 values the sparse space is chosen from.
        let direct = run(&game, 2_500, &options(Method::Direct).with_prove_period(false));
        let sparse = run(&game, 2_500, &options(Method::SparseSpace).with_prove_period(false));
        prop_assert_eq!(direct.computed_values(), sparse.computed_values(), "{}", game);
    }

    #[test]
    fn a_proven_period_holds_far_beyond_its_proof(game in octal_code()) {
        let sequence = game.values_up_to(3_000).unwrap();
        if let Some(period) = sequence.period() {
            let far = 2 * period.proof_bound + 2 * period.period;
            let plain = run(&game, far, &options(Method::Auto).with_prove_period(false));
            prop_assert_eq!(values_up_to(&sequence, far), plain.computed_values().to_vec(), "{}", game);
            check_least(&plain, period.preperiod, period.period);
        }
    }
}

/// The period is the shortest and the preperiod the least that the values show.
fn check_least(plain: &GrundySequence, preperiod: u64, period: u64) {
    let values = plain.computed_values().to_vec();
    let (pre, p) = (preperiod as usize, period as usize);
    if pre > 0 {
        assert_ne!(
            values[pre - 1],
            values[pre - 1 + p],
            "preperiod {pre} is not least"
        );
    }
    for shorter in (1..p).filter(|d| p % d == 0) {
        assert!(
            (pre..values.len() - shorter).any(|i| values[i] != values[i + shorter]),
            "period {p} is not shortest: {shorter} works"
        );
    }
}

#[test]
fn the_multi_heap_rulesets_agree_with_the_sprague_grundy_theorem() {
    // The solver on the rulesets alone, no closed form: positions of several heaps are
    // worth the XOR of their heaps' values.
    for game in [
        OctalGame::kayles(),
        OctalGame::dawsons_chess(),
        "4.07".parse().unwrap(),
    ] {
        let values = game.values_up_to(12).unwrap();
        let mut solver = Solver::new(game.clone());
        for heaps in [vec![3, 5], vec![1, 2, 4], vec![6, 6], vec![2, 3, 7]] {
            let expected = heaps
                .iter()
                .map(|&h| values.get(h).unwrap())
                .fold(Nimber::ZERO, |a, b| a ^ b);
            assert_eq!(solver.grundy(&heaps).unwrap(), expected, "{game} {heaps:?}");
        }
    }
    let values = GrundysGame.values_up_to(14).unwrap();
    let mut solver = Solver::new(GrundysGame);
    assert_eq!(
        solver.grundy(vec![9, 14]).unwrap(),
        values.get(9).unwrap() ^ values.get(14).unwrap()
    );
}

#[test]
fn grundys_game_equals_the_solver() {
    let expected = solver_values(&GrundysGame, 60);
    for method in [Method::Direct, Method::SparseSpace] {
        assert_eq!(
            run(&GrundysGame, 60, &options(method)).computed_values(),
            expected
        );
    }
    let direct = run(&GrundysGame, 3_000, &options(Method::Direct));
    let sparse = run(&GrundysGame, 3_000, &options(Method::SparseSpace));
    assert_eq!(direct.computed_values(), sparse.computed_values());
    assert_eq!(sparse.period(), None, "no theorem covers Grundy's game");
}

/// OEIS A002186: Kayles (octal game .77), G(0..=104).
const KAYLES: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187: Dawson's chess (octal game .137), G(0..=136).
const DAWSONS_CHESS: [u32; 137] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4, 5, 3, 7, 4, 8,
];

/// OEIS A002188: Grundy's game, G(0..=104).
const GRUNDYS_GAME: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

#[test]
fn published_tables() {
    let kayles = OctalGame::kayles().values_up_to(104).unwrap();
    assert_eq!(values_up_to(&kayles, 104), KAYLES);
    let chess = OctalGame::dawsons_chess().values_up_to(136).unwrap();
    assert_eq!(values_up_to(&chess, 136), DAWSONS_CHESS);
    // A002187's comment: Dawson's Kayles (.07) has the values a(n − 1).
    let dawsons_kayles = OctalGame::dawsons_kayles().values_up_to(137).unwrap();
    assert_eq!(dawsons_kayles.get(0), Some(Nimber(0)));
    assert_eq!(values_up_to(&dawsons_kayles, 137)[1..], DAWSONS_CHESS);
    for method in [Method::Direct, Method::SparseSpace] {
        let grundy = run(&GrundysGame, 104, &options(method));
        assert_eq!(grundy.computed_values(), GRUNDYS_GAME);
    }
}

/// `(preperiod, period)` as proven, and the values recomputed well past the proof agree.
fn proven(game: &impl HeapGame, n: u64) -> (u64, u64) {
    let sequence = game.values_up_to(n).unwrap();
    let period = sequence.period().expect("a period is proven");
    let far = 2 * period.proof_bound + 10 * period.period;
    let plain = run(game, far, &options(Method::Auto).with_prove_period(false));
    assert_eq!(values_up_to(&sequence, far), plain.computed_values());
    check_least(&plain, period.preperiod, period.period);
    (period.preperiod, period.period)
}

#[test]
fn known_periods() {
    // Guy and Smith (1956); Winning Ways ch. 4; OEIS A002186 and A002187.
    assert_eq!(proven(&OctalGame::kayles(), 1_000), (71, 12));
    assert_eq!(proven(&OctalGame::dawsons_kayles(), 1_000), (53, 34));
    assert_eq!(proven(&OctalGame::dawsons_chess(), 1_000), (52, 34));
    // S(1, 3, 4): period 7 from the start — the n0 = 0 corner of the theorem.
    assert_eq!(
        proven(&SubtractionGame::new(&[1, 3, 4]).unwrap(), 100),
        (0, 7)
    );
    let s134 = SubtractionGame::new(&[1, 3, 4])
        .unwrap()
        .values_up_to(100)
        .unwrap();
    assert_eq!(s134.period().unwrap().proof_bound, 12);
}

#[cfg(feature = "research")]
#[test]
fn a_long_preperiod_found_by_the_sparse_space() {
    // .127: period 4, last exception at n = 46 577 (Gangolli and Plambeck 1989; OEIS A071464).
    let game: OctalGame = "0.127".parse().unwrap();
    let sequence = game.values_up_to(200_000).unwrap();
    assert_eq!(sequence.method(), Method::SparseSpace);
    let period = sequence.period().unwrap();
    assert_eq!((period.preperiod, period.period), (46_578, 4));
    assert!(
        sequence.computed_len() < 110_000,
        "stops soon after the proof"
    );
}

#[cfg(feature = "research")]
#[test]
fn a_long_period_found_by_the_sparse_space() {
    // .16: period 149 459, last exception at n = 105 350 (Gangolli and Plambeck 1989). The
    // values to 260 000 were also checked against the direct recurrence once (52 s in
    // release mode; too slow for every run).
    let game: OctalGame = "0.16".parse().unwrap();
    let sequence = game.values_up_to(1_000_000).unwrap();
    let period = sequence.period().unwrap();
    assert_eq!((period.preperiod, period.period), (105_351, 149_459));
    assert_eq!(period.proof_bound, 2 * 105_351 + 2 * 149_459 + 2);
    let values = sequence.computed_values();
    assert_ne!(values.get(105_350), values.get(105_350 + 149_459));
}

#[test]
fn no_period_is_claimed_before_it_is_proven() {
    // Kayles' period needs G(0..168); just below, nothing is claimed.
    let early = OctalGame::kayles().values_up_to(160).unwrap();
    assert_eq!(early.period(), None);
    assert!(!early.covers(161));
    assert_eq!(early.get(161), None);
    let proven = OctalGame::kayles().values_up_to(168).unwrap();
    assert_eq!(proven.period().unwrap().proof_bound, 168);
    assert_eq!(proven.get(u64::MAX), proven.get(71 + (u64::MAX - 71) % 12));
}

#[test]
fn edge_cases() {
    let kayles = OctalGame::kayles();
    assert_eq!(kayles.values_up_to(0).unwrap().computed_values(), [0]);
    assert_eq!(kayles.values_up_to(1).unwrap().computed_values(), [0, 1]);
    assert_eq!(
        kayles.values_up_to(MAX_HEAP + 1),
        Err(SequenceError::TooLarge {
            n: MAX_HEAP + 1,
            max: MAX_HEAP
        })
    );
    // A periodic game answers up to the largest heap without reserving memory for it.
    let all = kayles.values_up_to(MAX_HEAP).unwrap();
    assert!(all.covers(MAX_HEAP) && all.computed_len() < 200);
    // A move that only splits (4.): a heap of one cannot move.
    let split: OctalGame = "4.0".parse().unwrap();
    assert_eq!(split.to_string(), "4.0");
    assert_eq!(
        split.values_up_to(4).unwrap().computed_values(),
        solver_values(&split, 4)
    );
    // Subtraction by a huge amount only: every heap below it is worth 0.
    let huge = SubtractionGame::new(&[u64::MAX]).unwrap();
    assert_eq!(huge.values_up_to(10).unwrap().computed_values(), [0; 11]);
}

/// Errors name the character at fault, counted in characters.
#[test]
fn parse_errors_name_the_character_at_fault() {
    let parse = |code: &str| code.parse::<OctalGame>();
    assert_eq!(
        parse("40.7"),
        Err(CodeError::SeveralDigitsBeforePoint("40".to_string()))
    );
    assert_eq!(
        parse("00.7"),
        Err(CodeError::SeveralDigitsBeforePoint("00".to_string()))
    );
    assert_eq!(
        parse("0x1.7"),
        Err(CodeError::InvalidDigit {
            position: 1,
            found: 'x'
        })
    );
    assert_eq!(
        parse("x.7"),
        Err(CodeError::InvalidDigit {
            position: 0,
            found: 'x'
        })
    );
    assert_eq!(
        parse("0.7é7"),
        Err(CodeError::InvalidDigit {
            position: 3,
            found: 'é'
        })
    );
    assert_eq!(
        parse("0.7.7"),
        Err(CodeError::InvalidDigit {
            position: 3,
            found: '.'
        })
    );
    assert!(parse("40.7").unwrap_err().to_string().contains("\"40\""));
}

#[test]
fn malformed_codes_are_errors() {
    let parse = |code: &str| code.parse::<OctalGame>();
    assert_eq!(parse(""), Err(CodeError::Empty));
    assert_eq!(
        parse("0.8"),
        Err(CodeError::InvalidDigit {
            position: 2,
            found: '8'
        })
    );
    assert_eq!(parse("1.2"), Err(CodeError::InvalidFirstDigit('1')));
    assert_eq!(parse("0."), Err(CodeError::NoDigitsAfterPoint));
    assert_eq!(parse("077"), Err(CodeError::MissingPoint));
    assert_eq!(parse("0.000"), Err(CodeError::NoMoves));
    assert_eq!(
        parse("0.7x"),
        Err(CodeError::InvalidDigit {
            position: 3,
            found: 'x'
        })
    );
    assert_eq!(
        parse(&format!("0.{}", "7".repeat(300))),
        Err(CodeError::TooLong {
            digits: 300,
            max: MAX_DIGITS
        })
    );
    // The longest code allowed works.
    let long = parse(&format!("0.{}", "3".repeat(MAX_DIGITS))).unwrap();
    assert_eq!(long.digits().len(), MAX_DIGITS + 1);
    assert!(long.values_up_to(600).unwrap().period().is_some());
    for code in ["0.77", "4.07", "0.137", "0.6", "4.0"] {
        assert_eq!(parse(code).unwrap().to_string(), code);
    }
    assert_eq!(parse(".07").unwrap().to_string(), "0.07");
    // The same checks from digits.
    assert_eq!(OctalGame::from_digits(&[]), Err(CodeError::Empty));
    assert_eq!(
        OctalGame::from_digits(&[0]),
        Err(CodeError::NoDigitsAfterPoint)
    );
    assert_eq!(
        OctalGame::from_digits(&[2, 7]),
        Err(CodeError::InvalidFirstDigit('2'))
    );
    assert_eq!(
        OctalGame::from_digits(&[0, 7, 8]),
        Err(CodeError::InvalidDigit {
            position: 3,
            found: '8'
        })
    );
    let mut too_many = vec![3; MAX_DIGITS + 2];
    too_many[0] = 0;
    assert_eq!(
        OctalGame::from_digits(&too_many),
        Err(CodeError::TooLong {
            digits: MAX_DIGITS + 1,
            max: MAX_DIGITS
        })
    );
    assert_eq!(
        OctalGame::from_digits(&[4, 0, 0]).unwrap().to_string(),
        "4.0"
    );
    assert_eq!(parse("0.0700").unwrap().to_string(), "0.07");
    for error in [CodeError::Empty, CodeError::NoMoves] {
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn progress_reports_and_stops() {
    let mut reports = Vec::new();
    let game: OctalGame = "0.6".parse().unwrap();
    let options = SequenceOptions::default().with_progress_every(500);
    let sequence = game
        .values_up_to_with_progress(10_000, &options, |progress| {
            reports.push(progress.computed);
            assert_eq!(progress.target, 10_001);
            if progress.computed >= 2_000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!(reports, [500, 1_000, 1_500, 2_000]);
    assert_eq!(sequence.computed_len(), 2_000);
    assert_eq!(sequence.max_heap(), 10_000);
    assert!(!sequence.covers(2_000));
}

#[test]
fn tabulated_games_answer_sums_from_the_table() {
    let kayles = Tabulated::new(OctalGame::kayles(), 200).unwrap();
    let mut solver = Solver::new(kayles.clone());
    // 10⁹ ≡ 4 (mod 12) beyond the preperiod: the value of 76 pins.
    let big = 1_000_000_000u64;
    let expected = kayles.sequence().get(big).unwrap() ^ kayles.sequence().get(5).unwrap();
    assert_eq!(solver.grundy(vec![5, big]).unwrap(), expected);
    assert_eq!(kayles.sequence().get(big), kayles.sequence().get(76));
    // A winning move from a sum of rows of pins, found without searching the heaps.
    let mut sum = Sum::new(kayles);
    let rows = [7, 8, 100].map(|pins| Heaps::from([pins]));
    let best = sum.winning_move(&rows).unwrap().expect("not balanced");
    let mut after = rows.to_vec();
    after[best.component] = best.to;
    assert_eq!(sum.outcome(&after).unwrap(), Outcome::P);
}
