//! Every path of the heap-sequence engine against the plain reference in `reference/`.
//!
//! The engine has fast paths that famous games never stress: byte tables counted eight at a
//! time, a sparse space whose search stops early, two threads that compute ahead and take
//! values back, a period proof that ends the run. Each is held here against the mex of every
//! option by the definition, on random octal codes of up to ten digits — biased towards
//! codes with many splitting digits, whose values grow past 255, 1 024 and 4 096 — and on
//! random subtraction sets, with every method, one thread and two, the period proof on and
//! off, and through `Tabulated`.
//!
//! The sizes grow with the build: a debug build checks the small sizes, a release build
//! (`cargo test --release --test differential`, which CI runs) reaches the sizes where the
//! two threads take over and the values pass 4 096.

mod reference;

use impartial::octal::{GrundysGame, HexadecimalGame, OctalGame};

use impartial::sequence::{GrundySequence, HeapGame, Method, SequenceOptions, Tabulated};
use impartial::take_and_break::{HeapRules, TakeAndBreak};
use impartial::{Heaps, ImpartialGame, Nimber, SubtractionGame};
use proptest::prelude::*;

/// Larger sizes in an optimised build, where the reference is fast enough.
const RELEASE: bool = !cfg!(debug_assertions);

/// Every combination of method, threads (one, two, and more than this machine's cores) and
/// period proof.
fn every_option_set() -> Vec<SequenceOptions> {
    let mut all = Vec::new();
    for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
        // More than one thread only on the research paths.
        let threads: &[usize] = if cfg!(feature = "research") {
            &[1, 2, 5]
        } else {
            &[1]
        };
        for &threads in threads {
            for prove_period in [false, true] {
                let options = SequenceOptions::default()
                    .with_method(method)
                    .with_prove_period(prove_period);
                #[cfg(feature = "research")]
                let options = options.with_threads(threads);
                #[cfg(not(feature = "research"))]
                let _ = threads;
                all.push(options);
            }
        }
    }
    all
}

fn run<G: HeapGame>(game: &G, n: u64, options: &SequenceOptions) -> GrundySequence {
    game.values_up_to_with(n, options)
        .expect("n is within MAX_HEAP")
}

/// Checks every value the sequence gives for heaps `0..=n` (from its period beyond those it
/// computed) against `expected`, naming the first heap that differs.
fn check(sequence: &GrundySequence, expected: &[u32], what: &str) -> Result<(), TestCaseError> {
    for (heap, &want) in expected.iter().enumerate() {
        let got = sequence.get(heap as u64);
        prop_assert_eq!(
            got,
            Some(Nimber(u128::from(want))),
            "{}: heap {} (largest value {})",
            what,
            heap,
            expected.iter().max().copied().unwrap_or(0)
        );
    }
    Ok(())
}

/// Holds `game` to `expected` (its values up to `expected.len() − 1`) under every option set
/// and through `Tabulated`.
fn check_every_path<G: HeapGame + Clone + std::fmt::Debug>(
    game: &G,
    expected: &[u32],
) -> Result<(), TestCaseError> {
    let n = expected.len() as u64 - 1;
    for options in every_option_set() {
        let sequence = run(game, n, &options);
        check(&sequence, expected, &format!("{game:?} {options:?}"))?;
    }
    // `Tabulated` values positions of several heaps by the XOR of the table's values.
    let tabulated = Tabulated::new(game.clone(), n).expect("n is within MAX_HEAP");
    // Heaps clamped to n: a sequence up to heap 0 or 1 covers no larger heap.
    for heaps in [[1, n / 2, n], [n / 3, n / 3 + 1, n.saturating_sub(1)]]
        .map(|heaps| heaps.map(|heap| heap.min(n)))
    {
        let want = heaps
            .iter()
            .fold(0, |sum, &heap| sum ^ expected[heap as usize]);
        prop_assert_eq!(
            tabulated.known_grundy(&Heaps::from(heaps)),
            Some(Nimber(u128::from(want))),
            "{:?} Tabulated {:?}",
            game,
            heaps
        );
    }
    Ok(())
}

/// Octal codes of up to ten digits after the point, with and without a leading `4.`: half
/// of them uniform, half with digits that split (4 to 7) three times as often, whose values
/// grow fastest.
fn octal_code() -> impl Strategy<Value = OctalGame> {
    let uniform = prop::collection::vec(0u8..8, 1..=10).boxed();
    let splitting = prop::collection::vec(prop_oneof![1 => 0u8..4, 3 => 4u8..8], 1..=10).boxed();
    (
        prop_oneof![Just(0u8), Just(4u8)],
        prop_oneof![uniform, splitting],
    )
        .prop_filter_map("a code with a move", |(first, rest)| {
            let mut digits = vec![first];
            digits.extend(rest);
            OctalGame::from_digits(&digits).ok()
        })
}

/// Hexadecimal codes of up to six digits after the point, the first 0, 4, 8 or C.
fn hexadecimal_code() -> impl Strategy<Value = HexadecimalGame> {
    (
        prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
        prop::collection::vec(0u8..16, 1..=6),
    )
        .prop_filter_map("a code with a move", |(first, rest)| {
            let mut digits = vec![first];
            digits.extend(rest);
            HexadecimalGame::from_digits(&digits).ok()
        })
}

/// Random rules of every kind, unequal splits included, with the same rules written out
/// plainly for the reference.
fn take_and_break_rules() -> impl Strategy<Value = (TakeAndBreak, reference::PlainRules)> {
    let amounts = |least: usize| prop::collection::vec(least..6, 0..3);
    (
        amounts(1),
        amounts(1),
        amounts(0),
        amounts(0),
        any::<bool>(),
    )
        .prop_map(|(none, one, two, three, unequal)| {
            let wide = |amounts: &[usize]| amounts.iter().map(|&r| r as u64).collect::<Vec<_>>();
            let mut builder = HeapRules::builder()
                .take_whole(wide(&none))
                .take_leaving_one(wide(&one))
                .take_leaving_two(wide(&two))
                .take_leaving_three(wide(&three));
            if unequal {
                builder = builder.unequal_splits();
            }
            let game = TakeAndBreak::new(builder.build().expect("no amount of 0 is taken whole"));
            let plain = reference::PlainRules {
                none,
                one,
                two,
                three,
                unequal,
                modifiers: Vec::new(),
                many: Vec::new(),
            };
            (game, plain)
        })
}

/// A period proven for a game whose moves leave three heaps holds far beyond the values
/// that proved it: the periodicity theorem extended to three heaps checks
/// `n0 ≤ n < 3·n0 + 2p + t`.
fn check_a_proven_period_holds(
    sequence: &GrundySequence,
    plain: impl Fn(usize) -> Vec<u32>,
    what: &str,
) -> Result<(), TestCaseError> {
    if let Some(period) = sequence.period() {
        let far = 2 * period.proof_bound + 3 * period.period;
        if far <= if RELEASE { 3_000 } else { 600 } {
            check(sequence, &plain(far as usize), &format!("{what}: {period}"))?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if RELEASE { 48 } else { 12 }))]

    #[test]
    fn hexadecimal_games_on_every_path_equal_the_definition(
        game in hexadecimal_code(),
        n in if RELEASE { 100usize..900 } else { 20usize..250 },
    ) {
        let expected = reference::code_values(game.digits(), n);
        check_every_path(&game, &expected)?;
        let sequence = game.values_up_to(n as u64).expect("n is within MAX_HEAP");
        check_a_proven_period_holds(&sequence, |far| reference::code_values(game.digits(), far), &game.to_string())?;
    }

    #[test]
    fn take_and_break_rules_on_every_path_equal_the_definition(
        (game, plain) in take_and_break_rules(),
        n in if RELEASE { 100usize..900 } else { 20usize..250 },
    ) {
        let expected = reference::rules_values(&plain, n);
        check_every_path(&game, &expected)?;
        let sequence = game.values_up_to(n as u64).expect("n is within MAX_HEAP");
        check_a_proven_period_holds(&sequence, |far| reference::rules_values(&plain, far), &format!("{plain:?}"))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if RELEASE { 64 } else { 12 }))]

    #[test]
    fn octal_games_on_every_path_equal_the_definition(
        game in octal_code(),
        n in if RELEASE { 1_000usize..9_000 } else { 200usize..1_500 },
    ) {
        let expected = reference::code_values(game.digits(), n);
        check_every_path(&game, &expected)?;
    }

    #[test]
    fn subtraction_games_on_every_path_equal_the_definition(
        set in prop::collection::vec(1u64..40, 1..8),
        n in 0usize..2_000,
    ) {
        let game = SubtractionGame::new(&set).expect("a non-empty set without 0");
        let expected = reference::subtraction_values(&set, n);
        check_every_path(&game, &expected)?;
    }
}

/// Codes that grow past 1 024 (and some past 4 096) early: on two threads past the heap
/// where they take over, and in a sparse space whose search stops early.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: run with --release, as CI does"
)]
fn fast_growing_codes_past_the_two_thread_hand_over() {
    let mut past_4096 = 0;
    for (code, n) in [
        ("4.6233766352", 12_000),
        ("4.4713175026", 10_000),
        ("0.6401664", 8_000),
        ("0.4554055526", 8_000),
    ] {
        let game: OctalGame = code.parse().expect("a valid code");
        let expected = reference::code_values(game.digits(), n);
        let largest = expected.iter().copied().max().unwrap_or(0);
        assert!(largest > 1_024, "{code} stays below 1 024 up to {n}");
        past_4096 += usize::from(largest > 4_096);
        check_every_path(&game, &expected).unwrap();
    }
    assert!(
        past_4096 >= 1,
        "no code passed 4 096: the test reached no edge"
    );
}

/// Arithmetic periods proved from a few hundred values hold thousands of heaps on, past
/// values of 255 and 1 024: random hexadecimal codes whose last digit splits into three
/// (the codes the test covers), each run stopped where its proof held and answered from the
/// period, against the same code computed to the end without proofs (whose values every
/// test above holds to the definition) on one thread and two. A climb seen and then broken
/// must not be proved: `0.311CA` climbs by 8 every 15 heaps from 219 to 500 at least, and
/// 0.B71F by 1 every heap from 109 to 250, then neither does.
#[cfg(feature = "research")]
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: run with --release, as CI does"
)]
fn proved_arithmetic_periods_hold_far_past_their_proofs() {
    let mut rng = proptest::test_runner::TestRng::deterministic_rng(
        proptest::test_runner::RngAlgorithm::ChaCha,
    );
    let mut proved = 0;
    let mut past_1024 = 0;
    for _ in 0..40 {
        let length = rng.random_range(1..=4);
        let mut digits: Vec<u8> = vec![0];
        digits.extend((0..length).map(|_| rng.random_range(0u8..16)));
        *digits.last_mut().expect("a digit") |= 8;
        let game = HexadecimalGame::from_digits(&digits).expect("a code with a move");
        let early = game.values_up_to(600).expect("n is within MAX_HEAP");
        let Some(period) = early.arithmetic_period() else {
            continue;
        };
        proved += 1;
        let far = (4 * period.proved_at).max(2_500);
        for parallel in [false, true] {
            let options = SequenceOptions::default()
                .with_prove_period(false)
                .with_parallel(parallel);
            let whole = run(&game, far, &options);
            let expected: Vec<u32> = whole.computed_values().iter().collect();
            past_1024 += usize::from(!parallel && expected[far as usize] > 1_024);
            check(&early, &expected, &format!("{game} {period}")).unwrap();
        }
    }
    assert!(
        proved >= 15 && past_1024 >= 12,
        "{proved} proved, {past_1024} past 1 024"
    );
    for (code, seen_to) in [("0.311CA", 500), ("0.B71F", 250)] {
        let game: HexadecimalGame = code.parse().expect("a valid code");
        let early = game.values_up_to(seen_to).expect("n is within MAX_HEAP");
        assert!(early.apparent_arithmetic_period().is_some(), "{code}");
        assert_eq!(early.arithmetic_period(), None, "{code}");
        let later = game.values_up_to(3_000).expect("n is within MAX_HEAP");
        let seen = early.apparent_arithmetic_period().expect("seen");
        assert_ne!(
            later
                .apparent_arithmetic_period()
                .map(|p| (p.preperiod, p.period)),
            Some((seen.preperiod, seen.period)),
            "{code}"
        );
    }
}

/// Codes whose digits restrict their splits each its own way (`=` equal heaps, `!` all
/// different, `?` not all equal; on two-heap and three-heap digits), past values of 255 and
/// past the two-thread hand-over, against the definition on every path. Only `!` on every
/// two-heap digit (`4!.4!`) goes through the sparse space; the others are computed by the
/// definition's direct path on one thread or two.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: run with --release, as CI does"
)]
fn codes_with_a_modifier_per_digit_past_255() {
    // Whether the values pass 255 by heap n: the two-heap `=` and three-heap `=` of
    // `0.C=4!` keep its values below 100 that far.
    for (code, n, past_255) in [
        ("4=.4!6", 4_000, true),
        ("4.4!", 4_000, true),
        ("4!.4!", 12_000, true),
        ("0.4=4!4", 12_000, true),
        ("8?.7", 700, true),
        ("0.8=F!", 700, true),
        ("0.C=4!", 1_500, false),
    ] {
        let game: TakeAndBreak = code.parse().expect("a valid code");
        let mut plain = reference::PlainRules::of_code(
            &reference::code_digits(&code.replace(['!', '?', '='], ""), 16).expect("digits"),
        );
        let mut amount = 0;
        for c in code.chars() {
            match c {
                '.' => {}
                '!' | '?' | '=' => plain.modifiers.push((amount - 1, c)),
                _ => amount += 1,
            }
        }
        let expected = reference::rules_values(&plain, n);
        assert_eq!(
            expected.iter().any(|&v| v > 255),
            past_255,
            "{code}: values past 255"
        );
        check_every_path(&game, &expected).unwrap();
    }
}

/// Codes that split into four heaps or more, past values of 255 (the tables' sets span
/// several words, permuted across them), against the definition with its sets written out
/// (listing partitions one by one does not reach these heaps), on every path.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: run with --release, as CI does"
)]
fn codes_splitting_into_many_heaps_past_255() {
    for (code, n, plain) in [
        (
            "0.{2+}",
            600,
            reference::PlainRules {
                two: vec![1],
                three: vec![1],
                many: vec![(1, vec![], Some(4))],
                ..reference::PlainRules::default()
            },
        ),
        (
            "0.7{4}",
            600,
            reference::PlainRules {
                many: vec![(2, vec![4], None)],
                ..reference::PlainRules::of_code(&[0, 7])
            },
        ),
        (
            "0.{1,5+}",
            800,
            reference::PlainRules {
                one: vec![1],
                many: vec![(1, vec![], Some(5))],
                ..reference::PlainRules::default()
            },
        ),
    ] {
        let game: TakeAndBreak = code.parse().expect("a valid code");
        let expected = reference::many_values_by_sets(&plain, n);
        assert!(expected.iter().any(|&v| v > 255), "{code}: values past 255");
        check_every_path(&game, &expected).unwrap();
    }
}

/// Random codes with a digit that splits into four heaps or more (counts listed, or `k+`)
/// beside digits of up to three heaps, with the rules they mean written plainly.
fn many_heap_codes() -> impl Strategy<Value = (String, reference::PlainRules)> {
    let digit = (
        0u8..16,
        prop::option::of(4usize..9),
        prop::option::of(4usize..9),
    );
    prop::collection::vec(digit, 1..4).prop_filter_map("a split into many heaps", |digits| {
        let mut text = String::from("0.");
        let mut bits = vec![0u8];
        let mut many = Vec::new();
        for (offset, (digit, listed, from)) in digits.into_iter().enumerate() {
            bits.push(digit);
            if listed.is_none() && from.is_none() {
                text.push(char::from_digit(u32::from(digit), 16).unwrap());
                continue;
            }
            let mut words: Vec<String> = (0..4)
                .filter(|h| digit >> h & 1 == 1)
                .map(|h: u32| h.to_string())
                .collect();
            words.extend(listed.map(|c| c.to_string()));
            words.extend(from.map(|f| format!("{f}+")));
            text.push('{');
            text.push_str(&words.join(","));
            text.push('}');
            many.push((offset + 1, listed.into_iter().collect(), from));
        }
        (!many.is_empty()).then(|| {
            let plain = reference::PlainRules {
                many,
                ..reference::PlainRules::of_code(&bits)
            };
            (text, plain)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if RELEASE { 32 } else { 4 }))]

    /// The random codes above to 150–300 heaps (where their values grow, past 64: the
    /// tables' sets then span words, permuted across them; `codes_splitting_into_many_heaps_
    /// past_255` holds codes that surely do), against the definition with its sets written
    /// out, on every path.
    #[test]
    fn many_heap_codes_on_every_path_equal_the_definition(
        (text, plain) in many_heap_codes(),
        n in if RELEASE { 150usize..300 } else { 40usize..60 },
    ) {
        let game: TakeAndBreak = text.parse().unwrap();
        let expected = reference::many_values_by_sets(&plain, n);
        check_every_path(&game, &expected)?;
    }
}

/// The heaps where the sparse space once returned a wrong value, under default options: the
/// byte-sum that counted the missing values wrapped at 256, so the search stopped with
/// values still missing.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: run with --release, as CI does"
)]
fn the_heaps_once_valued_wrongly() {
    for (code, heap, parallel, wrong, right) in [
        ("0.0404", 20_836, true, 1_388, 694),
        ("0.43647", 3_516, true, 722, 692),
        ("4.45505", 3_151, true, 771, 725),
        ("0.64144", 4_542, true, 750, 717),
        ("4.007", 47_782, false, 675, 513),
    ] {
        let game: OctalGame = code.parse().expect("a valid code");
        let expected = reference::code_values(game.digits(), heap);
        assert_eq!(expected[heap], right, "{code}: the reference itself");
        assert_ne!(right, wrong);
        let options = SequenceOptions::default();
        #[cfg(feature = "research")]
        let options = options.with_parallel(parallel);
        #[cfg(not(feature = "research"))]
        let _ = parallel;
        let sequence = run(&game, heap as u64, &options);
        let first_wrong =
            (0..=heap).find(|&h| sequence.get(h as u64) != Some(Nimber(u128::from(expected[h]))));
        assert_eq!(first_wrong, None, "{code}");
    }
}

#[test]
fn grundys_game_on_every_path_equals_the_definition() {
    let n = if RELEASE { 12_000 } else { 2_500 };
    let expected = reference::grundys_game_values(n);
    for options in every_option_set() {
        let sequence = run(&GrundysGame, n as u64, &options);
        check(&sequence, &expected, &format!("{options:?}")).unwrap();
    }
}

/// Grundy's game written as a code, `4!.0`, against the built-in game: the same values to
/// 10⁶ in a release build, by the same method.
#[test]
fn grundys_game_by_its_code_to_a_million() {
    let n = if RELEASE { 1_000_000 } else { 30_000 };
    let by_code: TakeAndBreak = "4!.0".parse().unwrap();
    let ours = by_code.values_up_to(n).unwrap();
    let built_in = GrundysGame.values_up_to(n).unwrap();
    assert_eq!(ours.computed_values(), built_in.computed_values());
    assert_eq!(ours.method(), built_in.method());
}

/// The reference itself against published tables: Kayles, 0.77 (OEIS A002186); Dawson's
/// Kayles, 0.07 (A002187); Grundy's game (A002188); S(1, 3, 4), period 7 (*Winning Ways*,
/// ch. 4).
#[test]
fn the_reference_gives_published_values() {
    assert_eq!(
        reference::code_values(&[0, 7, 7], 15),
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]
    );
    assert_eq!(
        reference::code_values(&[0, 0, 7], 15),
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0]
    );
    assert_eq!(
        reference::grundys_game_values(18),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4]
    );
    assert_eq!(
        reference::subtraction_values(&[1, 3, 4], 13),
        [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    );
    assert_eq!(reference::mex([]), 0);
    assert_eq!(reference::mex([3, 0, 1, 0]), 2);
}

/// The smallest sequences: up to heap 0 and heap 1, where `Tabulated` covers no larger heap.
#[test]
fn the_shortest_sequences_on_every_path() {
    for n in [0, 1, 2] {
        let game = SubtractionGame::new(&[1]).expect("a set");
        let expected = reference::subtraction_values(&[1], n);
        check_every_path(&game, &expected).expect("agrees");
    }
}

/// Bounded and streamed runs (the research paths).
#[cfg(feature = "research")]
mod streamed {
    use super::*;
    use impartial::sequence::{Progress, SequenceError, StreamState, Streamed, ValueStore};
    use std::ops::ControlFlow;

    /// A store that keeps every value, as the command line's file does.
    struct Archive {
        values: Vec<u32>,
    }

    impl ValueStore for Archive {
        fn store(&mut self, first: u64, values: &[u32]) {
            assert_eq!(
                first,
                self.values.len() as u64,
                "values handed out in order"
            );
            self.values.extend_from_slice(values);
        }

        fn read(&mut self, first: u64, values: &mut [u32]) -> bool {
            let first = usize::try_from(first).unwrap();
            assert!(
                first + values.len() <= self.values.len(),
                "read before stored"
            );
            values.copy_from_slice(&self.values[first..first + values.len()]);
            true
        }
    }

    /// A bounded run from `state`, stopped at the report after `stop_after` values if given:
    /// the values it handed out, checked to come in order from the state's next heap, and how
    /// it ended. With `earlier` — the values handed out before the state — the run's store
    /// keeps every value and gives them back; without, it keeps nothing.
    fn stream<G: HeapGame>(
        game: &G,
        n: u64,
        options: &SequenceOptions,
        state: StreamState,
        stop_after: Option<u64>,
        earlier: Option<&[u32]>,
    ) -> (Vec<u32>, Result<Streamed, SequenceError>) {
        let first = state.next_heap();
        let progress = |report: &Progress| match stop_after {
            Some(stop) if report.computed >= stop => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        };
        if let Some(earlier) = earlier {
            assert_eq!(earlier.len() as u64, first);
            let mut archive = Archive {
                values: earlier.to_vec(),
            };
            let result = game.values_streamed_into(n, options, state, progress, &mut archive);
            return (archive.values.split_off(earlier.len()), result);
        }
        let mut handed = Vec::new();
        let result = game.values_streamed(n, options, state, progress, |heap, values| {
            assert_eq!(
                heap,
                first + handed.len() as u64,
                "values handed out in order"
            );
            handed.extend_from_slice(values);
        });
        (handed, result)
    }

    /// Only a rare heap stops a bounded run whose store gives values back: the run that holds
    /// every value up to that heap finds it rare too — unless that run chose its space again
    /// past the prefix, as it does at every power of two from 1 024 values and at a value with
    /// a new top bit, while the bounded run keeps the prefix's space. (A full run to `n` may
    /// have chosen again later still, and then have no rare heap past the prefix at all: 0.454,
    /// prefix 2 048, stopped rightly at 2 525.)
    fn stopped_at_a_rare_heap<G: HeapGame>(
        game: &G,
        expected: &[u32],
        prefix: u64,
        heap: u64,
        options: &SequenceOptions,
        what: &str,
    ) -> Result<(), TestCaseError> {
        let (stop, prefix) = (heap as usize, prefix as usize);
        let chosen_below = expected[..prefix]
            .iter()
            .max()
            .map_or(1, |&largest| (largest + 1).next_power_of_two());
        let chosen_again = (prefix + 1..=stop + 1)
            .any(|count| count >= 1_024 && count.is_power_of_two())
            || expected[prefix..=stop]
                .iter()
                .any(|&value| value >= chosen_below);
        if !chosen_again {
            let full = game.values_up_to_with(heap, options).expect("a small run");
            prop_assert!(
                full.rare_heaps()
                    .is_some_and(|rare| rare.last() == Some(&heap)),
                "{}: stopped at {}, which a run holding every value finds common",
                what,
                heap
            );
        }
        Ok(())
    }

    /// How a bounded run of a game ended, and what it should have given.
    #[derive(Clone, Copy)]
    struct Ending<'a> {
        expected: &'a [u32],
        prefix: u64,
        options: &'a SequenceOptions,
        keep: bool,
        /// How many values the run handed out.
        handed: u64,
        what: &'a str,
    }

    /// Whether a bounded run ended as it should: all its values (or up to a proven period that
    /// holds for the rest), or an error at the heap after its last value — a new rare heap past
    /// the prefix, or no sparse space past it.
    fn check_ending<G: HeapGame>(
        game: &G,
        ending: &Ending,
        result: &Result<Streamed, SequenceError>,
    ) -> Result<(), TestCaseError> {
        let Ending {
            expected,
            prefix,
            options,
            keep,
            handed,
            what,
        } = *ending;
        let n = expected.len() as u64 - 1;
        match result {
            Ok(run) => {
                prop_assert_eq!(run.computed, handed, "{}", what);
                match run.period {
                    Some(period) => {
                        for heap in run.computed..=n {
                            let back = period.preperiod + (heap - period.preperiod) % period.period;
                            prop_assert_eq!(
                                expected[heap as usize],
                                expected[back as usize],
                                "{}",
                                what
                            );
                        }
                    }
                    None => prop_assert_eq!(run.computed, n + 1, "{}", what),
                }
                if let Some(rare) = &run.rare_heaps {
                    prop_assert!(rare.iter().all(|&heap| heap < prefix.max(1)), "{}", what);
                }
            }
            Err(SequenceError::BoundExceeded { heap, prefix: kept }) => {
                prop_assert_eq!(*kept, prefix.max(1), "{}", what);
                prop_assert_eq!(*heap, handed, "{}", what);
                prop_assert!(*heap >= prefix, "{}", what);
                if keep {
                    stopped_at_a_rare_heap(game, expected, prefix, *heap, options, what)?;
                }
            }
            Err(SequenceError::Unbounded { heap }) => {
                prop_assert_eq!(*heap, prefix.max(1), "{}", what);
                prop_assert_eq!(*heap, handed, "{}", what);
            }
            Err(error) => prop_assert!(false, "{}: {}", what, error),
        }
        Ok(())
    }

    /// Holds a bounded run of `game` with a prefix of `prefix` heaps to `expected`: every value
    /// it hands out is right, and it either hands out all of them (or up to a proven period) or
    /// stops with an error at the heap after the last one — never with a guessed value. Then the
    /// same run stopped at a report and resumed from its state hands out the same values and
    /// ends the same way. With `keep`, the run's store keeps every value and gives them back to
    /// the searches that go deeper than the prefix: then only a new rare heap stops it.
    fn check_bounded<G: HeapGame + std::fmt::Debug>(
        game: &G,
        expected: &[u32],
        prefix: u64,
        options: &SequenceOptions,
        stop_after: u64,
        keep: bool,
    ) -> Result<(), TestCaseError> {
        let n = expected.len() as u64 - 1;
        let what = format!("{game:?} prefix {prefix} {options:?} keep {keep}");
        let none: &[u32] = &[];
        let (handed, result) = stream(
            game,
            n,
            options,
            StreamState::new(prefix),
            None,
            keep.then_some(none),
        );
        prop_assert!(handed.len() <= expected.len(), "{}", what);
        prop_assert_eq!(&handed[..], &expected[..handed.len()], "{}", what);
        let ending = Ending {
            expected,
            prefix,
            options,
            keep,
            handed: handed.len() as u64,
            what: &what,
        };
        check_ending(game, &ending, &result)?;
        // Stopped at a report and resumed, perhaps more than once. Reports come at least every
        // `stop_after` heaps, so a run longer than that does stop.
        let every = options.progress_every.min(stop_after.max(1));
        let reporting = options.clone().with_progress_every(every);
        let mut state = StreamState::new(prefix);
        let mut resumed = Vec::new();
        let mut stop = stop_after;
        let mut stops = 0;
        let end = loop {
            let (more, result) = stream(
                game,
                n,
                &reporting,
                state,
                Some(stop),
                keep.then_some(&resumed[..]),
            );
            resumed.extend(more);
            match result {
                Ok(run) if run.computed < n + 1 && run.period.is_none() => {
                    prop_assert_eq!(run.computed, resumed.len() as u64, "{}", what);
                    prop_assert_eq!(run.state.next_heap(), run.computed, "{}", what);
                    state = run.state;
                    stop = run.computed + stop_after;
                    stops += 1;
                }
                other => break other,
            }
        };
        prop_assert_eq!(&resumed, &handed, "{} resumed every {}", what, stop_after);
        if handed.len() as u64 > stop_after + every {
            prop_assert!(
                stops > 0,
                "{}: never stopped before heap {}",
                what,
                handed.len()
            );
        }
        prop_assert_eq!(
            end.map(|run| (run.computed, run.period)),
            result.map(|run| (run.computed, run.period)),
            "{}",
            what
        );
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(if RELEASE { 64 } else { 12 }))]

        /// Bounded runs on random octal codes, with prefixes from a single heap to most of the
        /// run — around the block of 64 heaps the rows are filled for — so that windows are
        /// dropped many times, rare heaps come past the prefix and searches run past it.
        #[test]
        fn octal_games_in_bounded_memory_equal_the_definition(
            game in octal_code(),
            n in if RELEASE { 2_000usize..12_000 } else { 300usize..2_000 },
            prefix in prop_oneof![1u64..4, 60u64..70, 100u64..3_000],
            parallel in any::<bool>(),
            method in prop_oneof![Just(Method::Auto), Just(Method::SparseSpace)],
            stop_after in 1u64..4_000,
            keep in any::<bool>(),
        ) {
            let expected = reference::code_values(game.digits(), n);
            let options = SequenceOptions::default()
                .with_parallel(parallel)
                .with_method(method)
                .with_progress_every(97);
            check_bounded(&game, &expected, prefix, &options, stop_after, keep)?;
        }
    }

    /// Famous sparse games in bounded memory. 0.167's rare heaps all come early (the last at
    /// 1 303): with a prefix just past them, some searches for a common value go deeper than the
    /// prefix — a run that keeps nothing stops there, one whose store gives the values back runs
    /// to the end. 0.161, 0.16 and 0.6 have rare heaps past such a prefix (0.161's last is
    /// 23 784, 0.16's 13 935, 0.6's 20 627): a run stops no later than the first of them, and
    /// exactly there if its store gives values back; every value before it is exact.
    #[test]
    fn sparse_games_in_bounded_memory_equal_the_definition() {
        let n = if RELEASE { 30_000 } else { 5_000 };
        for (code, prefix) in [
            ("0.167", 2_048),
            ("0.161", 2_048),
            ("0.16", 2_048),
            ("0.6", 1_024),
        ] {
            let game: OctalGame = code.parse().expect("a valid code");
            let expected = reference::code_values(game.digits(), n);
            let full = game.values_up_to(n as u64).expect("n is within MAX_HEAP");
            let rare = full.rare_heaps().expect("a sparse space");
            let first_past = rare.iter().copied().find(|&rare| rare >= prefix);
            for parallel in [false, true] {
                let options = SequenceOptions::default().with_parallel(parallel);
                for keep in [false, true] {
                    check_bounded(&game, &expected, prefix, &options, 1_000, keep).unwrap();
                    let none: &[u32] = &[];
                    let state = StreamState::new(prefix);
                    let earlier = keep.then_some(none);
                    match stream(&game, n as u64, &options, state, None, earlier).1 {
                        Ok(run) => {
                            assert_eq!(first_past, None, "{code}");
                            assert_eq!(run.rare_heaps.as_deref(), Some(rare), "{code}");
                        }
                        Err(SequenceError::BoundExceeded { heap, .. }) => {
                            let stop = first_past.unwrap_or(u64::MAX);
                            assert!(heap <= stop, "{code}: stopped at {heap}");
                            assert!(!keep || heap == stop, "{code}: stopped at {heap}");
                        }
                        Err(error) => panic!("{code}: {error}"),
                    }
                }
            }
        }
        let expected = reference::grundys_game_values(n);
        let options = SequenceOptions::default();
        for keep in [false, true] {
            check_bounded(&GrundysGame, &expected, 1_024, &options, 1_000, keep).unwrap();
        }
    }

    /// 0.167 with a prefix just past its last rare heap (1 303): at heap 52 959 the search for a
    /// common value goes deeper than the prefix. A run that keeps nothing stops there; one whose
    /// store gives the values back reads them and runs on, every value equal to the full
    /// table's (held to the definition by the tests above at smaller sizes).
    #[test]
    fn deep_searches_read_the_dropped_values_back() {
        let game: OctalGame = "0.167".parse().expect("a valid code");
        let n = 60_000;
        let full = game.values_up_to(n).expect("n is within MAX_HEAP");
        let expected = &full.computed_values().to_vec()[..];
        for parallel in [false, true] {
            let options = SequenceOptions::default().with_parallel(parallel);
            for keep in [false, true] {
                check_bounded(&game, expected, 1_400, &options, 7_919, keep).unwrap();
            }
            let state = || StreamState::new(1_400);
            let (_, kept_nothing) = stream(&game, n, &options, state(), None, None);
            assert_eq!(
                kept_nothing.unwrap_err(),
                SequenceError::BoundExceeded {
                    heap: 52_959,
                    prefix: 1_400
                }
            );
            let (handed, kept_all) = stream(&game, n, &options, state(), None, Some(&[]));
            assert_eq!(
                kept_all.expect("no rare heap past the prefix").computed,
                n + 1
            );
            assert_eq!(handed, expected);
        }
    }

    /// The errors of a bounded run: known values not from G(0), a state no run leaves, a game
    /// that splits with no sparse space past the prefix.
    #[test]
    fn bounded_runs_refuse_what_they_cannot_do() {
        let game: OctalGame = "0.167".parse().expect("a valid code");
        let options = SequenceOptions::default();
        let from = |state| stream(&game, 1_000, &options, state, None, None).1;
        assert_eq!(
            from(StreamState::from_parts(8, vec![1, 0], 2, Vec::new(), 1, 0)).unwrap_err(),
            SequenceError::NotFromZero { found: 1 }
        );
        // A window before the prefix is whole, a window not right after it too short, a window
        // start that is not the end of the known values, mask bits decided within the prefix.
        for state in [
            StreamState::from_parts(8, vec![0, 0], 2, vec![1], 1, 0),
            StreamState::from_parts(4, vec![0, 0, 1, 1], 100, vec![1], 1, 0),
            StreamState::from_parts(8, vec![0, 0], 5, Vec::new(), 1, 0),
            StreamState::from_parts(8, vec![0, 0], 2, Vec::new(), 1, 64),
        ] {
            assert_eq!(from(state).unwrap_err(), SequenceError::InvalidState);
        }
        let direct = SequenceOptions::default().with_method(Method::Direct);
        let (handed, result) = stream(
            &GrundysGame,
            1_000,
            &direct,
            StreamState::new(300),
            None,
            None,
        );
        assert_eq!(result.unwrap_err(), SequenceError::Unbounded { heap: 300 });
        assert_eq!(handed, reference::grundys_game_values(299));
        // A prefix longer than the run: the whole run is the full table, nothing reserved for it.
        let huge = StreamState::new(1 << 40);
        let (_, result) = stream(&game, 100, &options, huge, None, None);
        assert_eq!(result.map(|run| run.computed).ok(), Some(101));
    }

    /// 0.0345's rare heaps end at 1 494, and its values first reach 64 at heap 2 407. A bounded
    /// run with a prefix of 1 594 has chosen its space before any value needed that bit: it
    /// classes the new value itself (common), where a run holding every value chooses its space
    /// again — the run goes on to the end instead of stopping there as at a new rare heap, every
    /// value right.
    #[test]
    fn a_new_top_bit_past_the_prefix_is_no_rare_heap() {
        let game: OctalGame = "0.0345".parse().expect("a valid code");
        let n = if RELEASE { 20_000 } else { 6_000 };
        let expected = reference::code_values(game.digits(), n);
        assert_eq!(expected[2_407], 64);
        assert!(expected[..2_407].iter().all(|&value| value < 64));
        let full = game.values_up_to(n as u64).expect("n is within MAX_HEAP");
        let rare = full.rare_heaps().expect("a sparse space");
        assert_eq!(rare.last(), Some(&1_494));
        for parallel in [false, true] {
            let options = SequenceOptions::default().with_parallel(parallel);
            check_bounded(&game, &expected, 1_594, &options, 997, false).unwrap();
            let state_at = || StreamState::new(1_594);
            let run = stream(&game, n as u64, &options, state_at(), None, None)
                .1
                .expect("no rare heap past the prefix");
            assert_eq!(run.computed, n as u64 + 1);
            assert_eq!(run.rare_heaps.as_deref(), Some(rare));
            assert_eq!(run.state.mask_flips(), 64);
            // Stopped past heap 2 407 and resumed, the run classes values as before: the state
            // keeps the bit it decided. (Reports every 100 heaps, so the stop comes at 2 500, well
            // before the end, and values of 64 and more follow it: 2 554, 2 957, ...)
            let reporting = options.clone().with_progress_every(100);
            let (first, stopped) =
                stream(&game, n as u64, &reporting, state_at(), Some(2_500), None);
            let stopped = stopped.expect("stopped by its callback");
            assert_eq!(stopped.state.next_heap(), 2_500);
            assert_eq!(stopped.state.mask_flips(), 64);
            let (rest, resumed) = stream(&game, n as u64, &reporting, stopped.state, None, None);
            assert_eq!(resumed.expect("runs to the end").computed, n as u64 + 1);
            assert_eq!([first, rest].concat(), expected);
        }
    }

    /// One leg of a run stopped and resumed: from `state`, reporting every `every` heaps, the
    /// period proof on or off, stopped at its first report. Every report and every value handed
    /// out lies past the state: a resumed run never goes back.
    fn one_leg<G: HeapGame>(
        game: &G,
        n: u64,
        state: StreamState,
        every: u64,
        prove_period: bool,
    ) -> (Vec<u32>, Result<Streamed, SequenceError>) {
        let first = state.next_heap();
        let options = SequenceOptions::default()
            .with_progress_every(every)
            .with_prove_period(prove_period);
        let mut handed = Vec::new();
        let result = game.values_streamed(
            n,
            &options,
            state,
            |report| {
                assert!(
                    report.computed > first,
                    "a report at {} from a state at {first}",
                    report.computed
                );
                ControlFlow::Break(())
            },
            |heap, values| {
                assert_eq!(heap, first + handed.len() as u64, "handed out in order");
                handed.extend_from_slice(values);
            },
        );
        (handed, result)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(if RELEASE { 96 } else { 24 }))]

        /// Runs stopped at every first report and resumed, the report interval changing from leg
        /// to leg — the prefix length and its halves among them, so that reports fall where the
        /// prefix ends, before or after the state — and the period proof on in some legs and off
        /// in others: the legs hand out every value once, in order, each exact, and each run's
        /// `computed` is where the next resumes.
        #[test]
        fn resumed_runs_never_go_back(
            game in octal_code(),
            n in if RELEASE { 1_000u64..6_000 } else { 300u64..1_500 },
            prefix in prop_oneof![1u64..4, 60u64..70, 100u64..1_200],
            legs in prop::collection::vec((0usize..5, 1u64..700, any::<bool>()), 1..40),
        ) {
            let expected = reference::code_values(game.digits(), n as usize);
            let mut state = StreamState::new(prefix);
            let mut handed = Vec::new();
            // Every leg hands out at least one heap (a report comes past the state), so n + 2
            // legs end any run, even one reporting every heap.
            let most_legs = usize::try_from(n).unwrap() + 2;
            for (kind, random_every, prove_period) in legs.iter().cycle().take(most_legs).copied() {
                let every = [prefix, prefix / 2, prefix / 4, random_every, n + 1][kind].max(1);
                let before = state.next_heap();
                let (more, result) = one_leg(&game, n, state, every, prove_period);
                handed.extend(more);
                prop_assert_eq!(&handed[..], &expected[..handed.len()], "{:?}", game);
                match result {
                    Ok(run) => {
                        prop_assert!(run.computed >= before, "{:?}: back to {}", game, run.computed);
                        prop_assert_eq!(run.computed, handed.len() as u64, "{:?}", game);
                        prop_assert_eq!(run.state.next_heap(), run.computed, "{:?}", game);
                        if run.computed == n + 1 || run.period.is_some() {
                            return Ok(());
                        }
                        state = run.state;
                    }
                    // Stops that a run never stopped meets too, at the heap after the last value.
                    Err(SequenceError::BoundExceeded { heap, .. } | SequenceError::Unbounded { heap }) => {
                        prop_assert_eq!(heap, handed.len() as u64, "{:?}", game);
                        return Ok(());
                    }
                    Err(error) => return Err(TestCaseError::fail(format!("{game:?}: {error}"))),
                }
            }
            prop_assert!(false, "{:?}: {} legs did not end the run", game, most_legs);
        }
    }

    /// The reproducer of a resumed run that went back to its prefix: 0.16 to 5 000 with a prefix
    /// of 3 700, stopped at 4 000, then resumed reporting every 100 heaps — a report falls where
    /// the prefix ends. The second run stops at 4 100, not 3 700, and the third hands out the
    /// heaps from 4 100 once.
    #[test]
    fn a_resumed_run_does_not_report_where_its_prefix_ends() {
        let game: OctalGame = "0.16".parse().expect("a valid code");
        let expected = reference::code_values(game.digits(), 5_000);
        let (first, run) = one_leg(&game, 5_000, StreamState::new(3_700), 4_000, true);
        let run = run.expect("stopped by its callback");
        assert_eq!(run.computed, 4_000);
        let (second, run) = one_leg(&game, 5_000, run.state, 100, true);
        let run = run.expect("stopped by its callback");
        assert_eq!((run.computed, run.state.next_heap()), (4_100, 4_100));
        assert!(!run.state.window().is_empty());
        let (third, run) = one_leg(&game, 5_000, run.state, 5_001, true);
        assert_eq!(run.expect("runs to the end").computed, 5_001);
        assert_eq!([first, second, third].concat(), expected);
    }

    /// Kayles stopped at heap 300 with the period proof off, then resumed with it on: the
    /// period (proven with 168 values) is found among the values handed out, and the run ends
    /// at 300 — where it resumed — not at 168, keeping every value it had.
    #[test]
    fn a_period_found_on_resuming_keeps_what_was_handed_out() {
        let kayles = OctalGame::kayles();
        let (first, run) = one_leg(&kayles, 1_000, StreamState::new(4_096), 300, false);
        let run = run.expect("stopped by its callback");
        assert_eq!(run.computed, 300);
        let (second, run) = one_leg(&kayles, 1_000, run.state, 10, true);
        let run = run.expect("a proven period");
        assert!(second.is_empty());
        assert_eq!(run.computed, 300);
        assert_eq!(run.state.next_heap(), 300);
        assert_eq!(run.state.prefix(), &first[..]);
        let period = run.period.expect("Kayles is periodic");
        assert_eq!((period.preperiod, period.period), (71, 12));
    }

    /// A state past the heaps asked for (a run to 20 000 resumed to 10 000) is an error: those
    /// values were handed out already, and a run cannot take them back. At exactly its next
    /// heap, the run is over at once.
    #[test]
    fn a_state_past_the_end_is_an_error() {
        let game: OctalGame = "0.167".parse().expect("a valid code");
        let options = SequenceOptions::default();
        let keep_going = |_: &Progress| ControlFlow::Continue(());
        let run = game
            .values_streamed(
                20_000,
                &options,
                StreamState::new(2_048),
                keep_going,
                |_, _| {},
            )
            .expect("no rare heap past the prefix");
        let state = run.state;
        let past = game.values_streamed(10_000, &options, state.clone(), keep_going, |_, _| {});
        assert_eq!(
            past.unwrap_err(),
            SequenceError::StatePastEnd {
                next_heap: 20_001,
                max_heap: 10_000
            }
        );
        let mut handed = 0;
        let done = game
            .values_streamed(20_000, &options, state, keep_going, |_, values| {
                handed += values.len();
            })
            .expect("nothing to compute");
        assert_eq!((done.computed, handed), (20_001, 0));
        // Within the prefix as well.
        let reporting = options.clone().with_progress_every(500);
        let stopped = game
            .values_streamed(
                1_000,
                &reporting,
                StreamState::new(2_048),
                |_| ControlFlow::Break(()),
                |_, _| {},
            )
            .expect("stopped by its callback");
        assert_eq!(stopped.computed, 500);
        let past = game.values_streamed(400, &options, stopped.state, keep_going, |_, _| {});
        assert_eq!(
            past.unwrap_err(),
            SequenceError::StatePastEnd {
                next_heap: 500,
                max_heap: 400
            }
        );
    }

    /// A subtraction game with a move far larger than the run (S(2, 7, 2³² − 1) to 20 000 with a
    /// prefix of 100): the window holds no more heaps than the run has, instead of asking for
    /// the 34 GB the move's reach would need.
    #[test]
    fn a_move_larger_than_the_run_reserves_no_window_for_it() {
        let set = [2, 7, (1 << 32) - 1];
        let game = SubtractionGame::new(&set).expect("a set");
        let expected = reference::subtraction_values(&set, 20_000);
        let mut handed = Vec::new();
        let run = game
            .values_streamed(
                20_000,
                &SequenceOptions::default(),
                StreamState::new(100),
                |_| ControlFlow::Continue(()),
                |_, values| handed.extend_from_slice(values),
            )
            .expect("a window of at most the run");
        assert!(run.computed == 20_001 || run.period.is_some());
        assert_eq!(handed, expected[..handed.len()]);
    }
}
