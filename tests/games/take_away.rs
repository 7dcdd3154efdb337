//! The O(log N) rule for take-away games (Fibonacci Nim is k = 2) against the general solver
//! on every state with at most 150 counters, and the representations' laws up to the widest
//! types.

use impartial::HeapSize;
use impartial::take_away::{TakeAway, TakeAwayError, TakeAwayState};
use impartial::{ClosedForm, Outcome, Solver, fibonacci};
use proptest::prelude::*;

const MAX_REMAINING: u64 = 150;

/// The takes that the solver finds winning from `state`, ascending.
fn solver_takes<T: HeapSize + std::hash::Hash>(
    solver: &mut Solver<TakeAway<T>>,
    state: TakeAwayState<T>,
) -> Vec<T> {
    let mut takes: Vec<T> = solver
        .winning_moves(&state)
        .unwrap()
        .into_iter()
        .map(|after| state.remaining - after.remaining)
        .collect();
    takes.sort_unstable();
    takes
}

fn check_every_state(k: u64) {
    let game = TakeAway::<u64>::new(k).unwrap();
    let mut solver = Solver::new(game.clone());
    for remaining in 0..=MAX_REMAINING {
        // Limits above `remaining` are the same as `remaining`; check one of them too.
        for limit in 0..=remaining + 1 {
            let state = TakeAwayState::new(remaining, limit);
            let expected = solver_takes(&mut solver, state);
            assert_eq!(
                game.outcome(state).unwrap(),
                solver.outcome(state).unwrap(),
                "k = {k}, {state}"
            );
            let best = game.winning_move(state).unwrap();
            assert_eq!(
                best.map(|m| m.take),
                expected.first().copied(),
                "k = {k}, {state}"
            );
            if let Some(best) = best {
                assert_eq!(
                    Some(best.to),
                    game.play(state, best.take).ok().map(|m| m.to)
                );
                assert_eq!(best.from, state);
            }
            // Smallest take first, as documented.
            let takes: Vec<u64> = game.winning_moves(state).unwrap().map(|m| m.take).collect();
            assert_eq!(takes, expected, "k = {k}, {state}");
            if k == 2 {
                assert_eq!(fibonacci::winning_move(state), best, "{state}");
                assert_eq!(
                    fibonacci::outcome(state),
                    solver.outcome(state).unwrap(),
                    "{state}"
                );
            }
        }
        let start = TakeAwayState::start(remaining);
        let losing = remaining > 0 && solver.outcome(start).unwrap() == Outcome::P;
        assert_eq!(
            game.is_losing_start(remaining).unwrap(),
            losing,
            "k = {k}, start {remaining}"
        );
    }
}

#[test]
fn multipliers_one_to_six_agree_with_the_solver_on_every_state() {
    for k in 1..=6 {
        check_every_state(k);
    }
}

#[test]
fn huge_multipliers_agree_with_the_solver_on_every_state() {
    for k in [100, 1 << 40, u64::MAX - 1, u64::MAX] {
        check_every_state(k);
    }
}

#[test]
fn losing_sizes_match_the_recurrence_computed_independently() {
    for k in 1..=12u64 {
        // H₁ = 1, H_{j+1} = H_j + H_m with m least such that k·H_m ≥ H_j, in u128.
        let mut expected: Vec<u128> = vec![1];
        while let Some(next) = {
            let last = *expected.last().unwrap();
            let m = expected
                .iter()
                .position(|&h| u128::from(k) * h >= last)
                .unwrap();
            last.checked_add(expected[m])
                .filter(|&next| next <= u128::from(u64::MAX))
        } {
            expected.push(next);
        }
        let game = TakeAway::<u64>::new(k).unwrap();
        let sizes: Vec<u128> = game.losing_sizes().map(u128::from).collect();
        assert_eq!(sizes, expected, "k = {k}");
        assert_eq!(game.covered(), u64::MAX);
    }
}

/// The losing sizes up to `max` by the recurrence, in u128 arithmetic.
fn losing_sizes_up_to(k: u64, max: u128) -> Vec<u128> {
    let mut sizes: Vec<u128> = vec![1];
    loop {
        let last = *sizes.last().unwrap();
        let m = sizes
            .iter()
            .position(|&h| u128::from(k) * h >= last)
            .unwrap();
        match last.checked_add(sizes[m]) {
            Some(next) if next <= max => sizes.push(next),
            _ => return sizes,
        }
    }
}

#[test]
fn narrow_types_are_covered_for_every_multiplier() {
    // Near the top of a narrow type, ⌈H/k⌉ must not overflow (it once did, for u8 and k = 12).
    for k in (1..=600u64).chain([65_534, 65_535, 65_536, u64::MAX]) {
        let narrow = TakeAway::<u8>::new(k).unwrap();
        assert_eq!(narrow.covered(), u8::MAX, "k = {k}");
        let sizes: Vec<u128> = narrow.losing_sizes().map(u128::from).collect();
        assert_eq!(
            sizes,
            losing_sizes_up_to(k, u128::from(u8::MAX)),
            "u8, k = {k}"
        );
        let wider = TakeAway::<u16>::new(k).unwrap();
        assert_eq!(wider.covered(), u16::MAX, "k = {k}");
        if k <= 600 {
            let sizes: Vec<u128> = wider.losing_sizes().map(u128::from).collect();
            assert_eq!(
                sizes,
                losing_sizes_up_to(k, u128::from(u16::MAX)),
                "u16, k = {k}"
            );
        }
    }
}

#[test]
fn fibonacci_nim_loses_exactly_at_the_fibonacci_numbers() {
    // OEIS A000045 from F(2): 1, 2, 3, 5, 8, …
    let game = TakeAway::<u64>::fibonacci_nim();
    let sizes: Vec<u64> = game.losing_sizes().collect();
    assert_eq!(&sizes[..12], [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]);
    assert_eq!(sizes.len(), 92);
    assert_eq!(*sizes.last().unwrap(), 12_200_160_415_121_876_738); // F(93)
    assert!(sizes.windows(3).all(|w| w[2] == w[1] + w[0]));
    for n in 1..=1000u64 {
        assert_eq!(fibonacci::is_fibonacci(n), sizes.contains(&n), "{n}");
    }
    assert_eq!(
        TakeAway::<u8>::new(1).unwrap().losing_sizes().last(),
        Some(128)
    );
}

#[test]
fn values_at_the_top_of_u64_and_u128() {
    let f93 = 12_200_160_415_121_876_738u64;
    assert!(fibonacci::is_fibonacci(f93));
    assert_eq!(fibonacci::zeckendorf(u64::MAX).next(), Some(f93));
    assert_eq!(fibonacci::zeckendorf(u64::MAX).sum::<u64>(), u64::MAX);
    assert_eq!(fibonacci::outcome(TakeAwayState::start(f93)), Outcome::P);
    assert_eq!(
        fibonacci::winning_move(TakeAwayState::new(u64::MAX, u64::MAX)).map(|m| m.take),
        fibonacci::smallest_term(u64::MAX)
    );

    let f186: u128 = 332_825_110_087_067_562_321_196_029_789_634_457_848;
    assert!(fibonacci::is_fibonacci(f186));
    assert!(!fibonacci::is_fibonacci(u128::MAX));
    assert_eq!(fibonacci::zeckendorf(u128::MAX).sum::<u128>(), u128::MAX);
    assert_eq!(fibonacci::outcome(TakeAwayState::start(f186)), Outcome::P);
    assert_eq!(
        fibonacci::outcome(TakeAwayState::start(f186 + 1)),
        Outcome::N
    );
    assert_eq!(fibonacci::winning_move(f186 + 1).map(|m| m.take), Some(1));

    // k·t at the top of the type never overflows: the next limit is capped.
    let game = TakeAway::<u64>::new(u64::MAX).unwrap();
    let state = TakeAwayState::new(u64::MAX, u64::MAX);
    assert_eq!(
        game.play(state, u64::MAX - 1).map(|m| m.to),
        Ok(TakeAwayState::new(1, 1))
    );
    assert_eq!(
        game.winning_move(state).unwrap().map(|m| m.take),
        Some(u64::MAX)
    );
    // Around every Fibonacci number and power of two, where the u128 shortcut changes rows.
    let fibonacci_nim = TakeAway::<u128>::fibonacci_nim();
    let powers = (0..128).map(|bit| 1u128 << bit);
    for size in fibonacci_nim.losing_sizes().chain(powers) {
        for near in [size - 1, size, size.saturating_add(1)] {
            assert_eq!(
                fibonacci::smallest_term(near),
                fibonacci_nim.smallest_term(near).unwrap(),
                "{near}"
            );
        }
    }
    assert_eq!(
        fibonacci::smallest_term(u128::MAX),
        fibonacci::zeckendorf(u128::MAX).last()
    );
    // Sums of wide Fibonacci numbers only (no rest below 2⁶⁴), and with a small rest.
    let sizes: Vec<u128> = fibonacci_nim.losing_sizes().collect();
    let wide = sizes
        .iter()
        .position(|&f| f > u128::from(u64::MAX))
        .unwrap();
    for i in wide..sizes.len() {
        for j in i + 2..sizes.len() {
            let Some(sum) = sizes[i].checked_add(sizes[j]) else {
                continue;
            };
            assert_eq!(fibonacci::smallest_term(sum), Some(sizes[i]));
            assert_eq!(fibonacci::smallest_term(sum + 4), Some(1)); // 4 = 3 + 1
        }
    }

    let wide = TakeAway::<u128>::new(3).unwrap();
    assert_eq!(wide.covered(), u128::MAX);
    assert_eq!(
        wide.representation(u128::MAX).unwrap().sum::<u128>(),
        u128::MAX
    );
}

#[test]
fn bad_input_is_an_error() {
    assert_eq!(TakeAway::<u64>::new(0), Err(TakeAwayError::ZeroMultiplier));
    let game = TakeAway::<u64>::fibonacci_nim();
    let state = TakeAwayState::new(10, 4);
    assert_eq!(
        game.play(state, 0),
        Err(TakeAwayError::IllegalTake {
            take: 0,
            min: 1,
            max: 4
        })
    );
    assert_eq!(
        game.play(state, 5),
        Err(TakeAwayError::IllegalTake {
            take: 5,
            min: 1,
            max: 4
        })
    );
    assert_eq!(
        game.play(TakeAwayState::new(0, 3), 1),
        Err(TakeAwayError::IllegalTake {
            take: 1,
            min: 1,
            max: 0
        })
    );

    // A middle-range multiplier on a wide type: its table stops short, and says so.
    let cut = TakeAway::<u64>::new(1 << 40).unwrap();
    assert!(cut.covered() > 1 << 40);
    let beyond = TakeAwayState::start(u64::MAX);
    let error = cut.outcome(beyond).unwrap_err();
    assert!(matches!(error, TakeAwayError::HeapBeyondTable { k, .. } if k == 1 << 40));
    assert!(error.to_string().contains("beyond the losing sizes"));
    assert!(cut.outcome(TakeAwayState::start(cut.covered())).is_ok());
    // Every question about a heap past the table is the same error, never an answer.
    let heap = u128::from(u64::MAX);
    let beyond_table = |result: Result<(), TakeAwayError>| matches!(result, Err(TakeAwayError::HeapBeyondTable { heap: h, .. }) if h == heap);
    assert!(beyond_table(cut.winning_move(beyond).map(drop)));
    assert!(beyond_table(cut.winning_moves(beyond).map(drop)));
    assert!(beyond_table(cut.is_losing_start(u64::MAX).map(drop)));
    assert!(beyond_table(cut.representation(u64::MAX).map(drop)));
    assert!(beyond_table(cut.smallest_term(u64::MAX).map(drop)));
}

proptest! {
    #[test]
    fn representations_are_greedy_sums_with_the_multiplier_gap(n in any::<u64>(), k in 1u64..=6) {
        let game = TakeAway::<u64>::new(k).unwrap();
        let terms: Vec<u64> = game.representation(n).unwrap().collect();
        prop_assert_eq!(terms.iter().map(|&t| u128::from(t)).sum::<u128>(), u128::from(n));
        for pair in terms.windows(2) {
            prop_assert!(u128::from(k) * u128::from(pair[1]) < u128::from(pair[0]), "{:?}", terms);
        }
        prop_assert!(terms.iter().all(|&t| game.is_losing_start(t) == Ok(true)));
        prop_assert_eq!(game.smallest_term(n), Ok(terms.last().copied()));
    }

    #[test]
    fn the_winning_move_leaves_a_losing_state(n in 1u64.., limit in any::<u64>(), k in 1u64..=6) {
        let game = TakeAway::<u64>::new(k).unwrap();
        let state = TakeAwayState::new(n, limit);
        match game.winning_move(state).unwrap() {
            Some(best) => {
                prop_assert_eq!(game.play(state, best.take), Ok(best));
                prop_assert_eq!(game.outcome(best.to), Ok(Outcome::P));
            }
            None => prop_assert!(game.smallest_term(n).unwrap().unwrap() > limit),
        }
        for made in game.winning_moves(state).unwrap() {
            prop_assert_eq!(game.play(state, made.take), Ok(made));
            prop_assert_eq!(game.outcome(made.to), Ok(Outcome::P));
        }
    }

    #[test]
    fn the_u128_shortcut_agrees_with_the_greedy_representation(n in any::<u128>(), shift in 0u32..128) {
        // Sizes of every bit length, not only the 128-bit ones a uniform draw gives.
        let game = TakeAway::<u128>::fibonacci_nim();
        for size in [n, n >> shift] {
            let smallest = fibonacci::smallest_term(size);
            prop_assert_eq!(smallest, fibonacci::zeckendorf(size).last());
            prop_assert_eq!(Ok(smallest), game.smallest_term(size));
        }
    }

    #[test]
    fn fibonacci_functions_agree_across_widths(n in any::<u64>(), limit in any::<u64>()) {
        let narrow = TakeAwayState::new(n, limit);
        let wide = TakeAwayState::new(u128::from(n), u128::from(limit));
        let take = |state| fibonacci::winning_move(state).map(|m: impartial::take_away::TakeMove<u128>| m.take);
        prop_assert_eq!(fibonacci::winning_move(narrow).map(|m| u128::from(m.take)), take(wide));
        let narrow_terms: Vec<u128> = fibonacci::zeckendorf(n).map(u128::from).collect();
        let wide_terms: Vec<u128> = fibonacci::zeckendorf(u128::from(n)).collect();
        prop_assert_eq!(narrow_terms, wide_terms);
        let game = TakeAway::<u64>::fibonacci_nim();
        prop_assert_eq!(fibonacci::winning_moves(narrow).collect::<Vec<_>>(), game.winning_moves(narrow).unwrap().collect::<Vec<_>>());
    }
}

#[cfg(feature = "bigint")]
mod big {
    use impartial::fibonacci::{self, big};
    use impartial::take_away::TakeAwayState;
    use num_bigint::BigUint;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn big_numbers_agree_with_u128(n in any::<u128>(), limit in any::<u128>()) {
            let terms: Vec<u128> = fibonacci::zeckendorf(n).collect();
            let big_terms: Vec<BigUint> = big::zeckendorf(&BigUint::from(n)).collect();
            prop_assert_eq!(big_terms, terms.iter().map(|&t| BigUint::from(t)).collect::<Vec<_>>());
            let expected = fibonacci::winning_move(TakeAwayState::new(n, limit)).map(|m| BigUint::from(m.take));
            let state = TakeAwayState::new(BigUint::from(n), BigUint::from(limit));
            prop_assert_eq!(big::winning_move(&state).map(|m| m.take), expected);
            // Every winning move of the big ruleset's closed form, against the fixed width's.
            let Ok(moves) = impartial::ClosedForm::winning_moves(&big::BigFibonacciNim, &state);
            let big_takes: Vec<BigUint> = moves.map(|m| m.take).collect();
            let takes: Vec<BigUint> = fibonacci::winning_moves(TakeAwayState::new(n, limit))
                .map(|m| BigUint::from(m.take))
                .collect();
            prop_assert_eq!(big_takes, takes);
        }
    }

    /// The ruleset on big numbers against the solver's search of its own moves, every
    /// state of up to 40 counters: outcomes, every winning move, and moves applied only
    /// from where they were found.
    #[test]
    fn the_big_closed_form_agrees_with_the_search() {
        use impartial::fibonacci::big::BigFibonacciNim;
        use impartial::{ClosedForm, Outcome, Solver};
        let mut solver = Solver::new(BigFibonacciNim);
        for n in 0u32..=40 {
            for limit in 0..=n {
                let state = TakeAwayState::new(BigUint::from(n), BigUint::from(limit));
                let searched = solver.outcome(&state).unwrap();
                assert_eq!(
                    BigFibonacciNim.outcome(&state),
                    Ok(searched),
                    "{n}, {limit}"
                );
                let Ok(moves) = BigFibonacciNim.winning_moves(&state);
                let found: Vec<TakeAwayState<BigUint>> = moves
                    .map(|made| BigFibonacciNim.leaves(&state, &made).unwrap())
                    .collect();
                let mut expected = solver.winning_moves(&state).unwrap();
                expected.sort_by(|a, b| b.remaining.cmp(&a.remaining));
                assert_eq!(found, expected, "{n}, {limit}");
                let Ok(first) = BigFibonacciNim.winning_move(&state);
                assert_eq!(first.is_some(), searched == Outcome::N, "{n}, {limit}");
                if let Some(first) = first {
                    let other = TakeAwayState::new(BigUint::from(n + 1), BigUint::from(limit));
                    assert!(BigFibonacciNim.leaves(&other, &first).is_err());
                }
            }
        }
    }

    #[test]
    fn beyond_u128() {
        // F(187), F(188) and their sum F(189): just past u128 (OEIS A000045).
        let f187: BigUint = "538522340430300790495419781092981030533".parse().unwrap();
        let f188: BigUint = "871347450517368352816615810882615488381".parse().unwrap();
        assert!(big::is_fibonacci(&f187));
        assert!(big::is_fibonacci(&(&f187 + &f188)));
        let n = &f188 + 4u32; // F(188) + 3 + 1
        assert_eq!(
            big::zeckendorf(&n).collect::<Vec<_>>(),
            vec![f188, BigUint::from(3u32), BigUint::from(1u32)]
        );
        assert_eq!(big::smallest_term(&n), Some(BigUint::from(1u32)));
    }

    /// The Zeckendorf terms by the definition: list every Fibonacci number up to `n`, then
    /// take greedily from the largest.
    fn plain_zeckendorf(n: &BigUint) -> Vec<BigUint> {
        let mut fibonacci = vec![BigUint::from(1u32), BigUint::from(2u32)];
        while fibonacci[fibonacci.len() - 1] <= *n {
            let next = &fibonacci[fibonacci.len() - 1] + &fibonacci[fibonacci.len() - 2];
            fibonacci.push(next);
        }
        let mut rest = n.clone();
        let mut terms = Vec::new();
        for number in fibonacci.iter().rev() {
            if *number <= rest {
                rest -= number;
                terms.push(number.clone());
            }
        }
        terms
    }

    proptest! {
        /// Numbers of up to 600 decimal digits, and each with a neighbourhood of Fibonacci
        /// numbers, against the plain greedy walk.
        #[test]
        fn big_numbers_agree_with_the_plain_greedy_walk(
            digits in prop::collection::vec(any::<u32>(), 0..64),
            offset in 0u32..4,
            limit_digits in prop::collection::vec(any::<u32>(), 0..64),
        ) {
            let n = BigUint::new(digits) + offset;
            let limit = BigUint::new(limit_digits);
            let plain = plain_zeckendorf(&n);
            prop_assert_eq!(big::zeckendorf(&n).collect::<Vec<_>>(), plain.clone());
            prop_assert_eq!(big::smallest_term(&n), plain.last().cloned());
            prop_assert_eq!(big::is_fibonacci(&n), plain.len() == 1);
            let allowed = (&limit).min(&n);
            let expected = plain.last().filter(|&term| term <= allowed).cloned();
            let state = TakeAwayState::new(n.clone(), limit.clone());
            prop_assert_eq!(big::winning_move(&state).map(|m| m.take), expected);
            // The Fibonacci numbers next to n's largest term, and one either side of them.
            if let Some(top) = plain.first() {
                for near in [top - 1u32, top.clone(), top + 1u32] {
                    let plain = plain_zeckendorf(&near);
                    prop_assert_eq!(big::zeckendorf(&near).collect::<Vec<_>>(), plain.clone());
                    prop_assert_eq!(big::is_fibonacci(&near), plain.len() == 1);
                }
            }
        }
    }
}

#[test]
fn the_documented_coverage_limits_hold() {
    // The module docs' table: listed sizes below the first gap, runs above the second.
    for k in [
        1,
        2,
        1_000,
        102_607,
        102_608,
        1 << 20,
        1 << 31,
        u64::from(u32::MAX),
    ] {
        assert_eq!(
            TakeAway::<u32>::new(k).unwrap().covered(),
            u32::MAX,
            "k = {k}"
        );
    }
    assert_eq!(TakeAway::<u64>::new(44_564).unwrap().covered(), u64::MAX);
    assert!(TakeAway::<u64>::new(44_565).unwrap().covered() < u64::MAX);
    assert!(TakeAway::<u64>::new(17_592_169_267_214).unwrap().covered() < u64::MAX);
    for k in [17_592_169_267_215, 1 << 44, 1 << 63, u64::MAX - 1] {
        assert_eq!(
            TakeAway::<u64>::new(k).unwrap().covered(),
            u64::MAX,
            "k = {k}"
        );
    }
    assert_eq!(TakeAway::<u128>::new(14_963).unwrap().covered(), u128::MAX);
    assert!(TakeAway::<u128>::new(14_964).unwrap().covered() < u128::MAX);
    assert!(TakeAway::<u128>::new(u64::MAX).unwrap().covered() < u128::MAX);
}

#[test]
fn a_huge_multiplier_is_decided_up_to_the_top_of_u64() {
    // k = 2⁶³: 1 ..= 2⁶³ + 1 are losing, then every second size (step H₂ = 2) up to 2⁶⁴.
    let game = TakeAway::<u64>::new(1 << 63).unwrap();
    assert_eq!(game.is_losing_start(u64::MAX), Ok(true));
    assert_eq!(game.is_losing_start((1 << 63) + 1), Ok(true));
    assert_eq!(game.is_losing_start((1 << 63) + 2), Ok(false));
    assert!(
        game.representation(u64::MAX - 1)
            .unwrap()
            .eq([u64::MAX - 2, 1])
    );
    assert_eq!(
        game.winning_move(u64::MAX - 1).unwrap().map(|m| m.take),
        Some(1)
    );
    assert_eq!(game.winning_move(TakeAwayState::start(u64::MAX)), Ok(None));
}

#[test]
fn every_state_of_a_u8_heap_agrees_with_the_solver() {
    // The whole range of a narrow type, where k·t and ⌈H/k⌉ meet the type's maximum.
    for k in [1, 2, 3, 12, 13, 100, 254, 255, 1_000] {
        let game = TakeAway::<u8>::new(k).unwrap();
        let mut solver = Solver::new(game.clone());
        for remaining in (0..=u8::MAX).step_by(3).chain([254, 255]) {
            for limit in (0..=remaining).step_by(5).chain([remaining]) {
                let state = TakeAwayState::new(remaining, limit);
                let expected = solver_takes(&mut solver, state);
                let takes: Vec<u8> = game.winning_moves(state).unwrap().map(|m| m.take).collect();
                assert_eq!(takes, expected, "k = {k}, {state}");
                assert_eq!(
                    game.outcome(state).unwrap(),
                    solver.outcome(state).unwrap(),
                    "k = {k}, {state}"
                );
            }
        }
    }
}
