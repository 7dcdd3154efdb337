//! Wythoff's game: the closed form against the solver, the mex construction and exact
//! big-number arithmetic.

use std::collections::BTreeSet;

use impartial::wythoff::{self, Wythoff};
use impartial::{Outcome, Solver};
use proptest::prelude::*;

#[test]
fn the_closed_form_equals_the_solver_on_the_grid() {
    let mut solver = Solver::new(Wythoff);
    for x in 0..=60u64 {
        for y in 0..=60u64 {
            let outcome = solver.outcome((x, y)).unwrap();
            assert_eq!(wythoff::outcome((x, y)), outcome, "({x}, {y})");
            let expected: BTreeSet<(u64, u64)> =
                solver.winning_moves((x, y)).unwrap().into_iter().collect();
            let moves: BTreeSet<(u64, u64)> =
                wythoff::winning_moves((x, y)).map(|made| made.to).collect();
            assert_eq!(moves, expected, "({x}, {y})");
            assert_eq!(
                wythoff::winning_move((x, y)).is_some(),
                outcome == Outcome::N
            );
        }
    }
}

#[test]
fn p_positions_are_the_mex_construction() {
    // a_k is the least number not yet used; b_k = a_k + k (Wythoff 1907).
    let mut used = BTreeSet::new();
    let mut a = 0u64;
    for k in 0..20_000u64 {
        while used.contains(&a) {
            a += 1;
        }
        let b = a + k;
        assert_eq!(wythoff::p_position(k), Some((a, b)), "k = {k}");
        used.insert(a);
        used.insert(b);
    }
}

#[test]
fn the_top_of_each_type() {
    // The last P-position that fits in u8: (156, 253) for k = 97.
    assert_eq!(wythoff::p_position(97u8), Some((156, 253)));
    assert_eq!(wythoff::p_position(98u8), None);
    assert_eq!(wythoff::p_position(u8::MAX), None);
    // u64 and u128: the largest k whose pair fits, and the next.
    for bits in [64u32, 128] {
        let max = if bits == 64 {
            u128::from(u64::MAX)
        } else {
            u128::MAX
        };
        // The largest k whose pair fits (about max/φ²), by bisection.
        let fits = |k: u128| wythoff::p_position(k).is_some_and(|(_, upper)| upper <= max);
        let (mut low, mut high) = (0u128, max / 2);
        while low < high {
            let middle = low + (high - low).div_ceil(2);
            if fits(middle) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        let k = low;
        assert!(fits(k) && !fits(k + 1));
        let (lower, upper) = wythoff::p_position(k).unwrap();
        assert_eq!(wythoff::outcome((lower, upper)), Outcome::P);
        assert_eq!(wythoff::outcome((upper, lower)), Outcome::P);
        assert_eq!(wythoff::outcome((lower, upper - 1)), Outcome::N);
        if bits == 64 {
            let narrow = wythoff::p_position(u64::try_from(k).unwrap()).unwrap();
            assert_eq!(u128::from(narrow.0), lower);
            assert_eq!(wythoff::p_position(u64::try_from(k + 1).unwrap()), None);
        }
    }
    assert_eq!(wythoff::outcome((u128::MAX, u128::MAX)), Outcome::N);
    assert_eq!(
        wythoff::winning_move((u128::MAX, u128::MAX)).map(|made| made.to),
        Some((0, 0))
    );
    assert_eq!(
        wythoff::winning_move((u64::MAX, 1)).map(|made| made.to),
        Some((2, 1))
    );
}

proptest! {
    #[test]
    fn winning_moves_lead_to_p_positions(x in any::<u128>(), y in any::<u128>()) {
        let moves: Vec<(u128, u128)> = wythoff::winning_moves((x, y)).map(|made| made.to).collect();
        prop_assert_eq!(moves.is_empty(), wythoff::outcome((x, y)) == Outcome::P);
        for (to_x, to_y) in moves {
            prop_assert_eq!(wythoff::outcome((to_x, to_y)), Outcome::P);
            // A legal move: one heap down, or both down by the same amount.
            let legal = (to_x < x && to_y == y)
                || (to_x == x && to_y < y)
                || (to_x < x && to_y < y && x - to_x == y - to_y);
            prop_assert!(legal, "({}, {}) -> ({}, {})", x, y, to_x, to_y);
        }
    }

    #[test]
    #[allow(clippy::cast_sign_loss)] // floors of positive numbers
    fn small_p_positions_agree_with_floating_point(k in 0u32..(1 << 20)) {
        // Below 2²⁰, f64 is exact enough: kφ is at least 1/(3k) from an integer.
        let phi = f64::midpoint(1.0, 5f64.sqrt());
        let x = f64::from(k);
        let expected = ((x * phi).floor() as u64, (x * phi * phi).floor() as u64);
        prop_assert_eq!(wythoff::p_position(u64::from(k)), Some(expected));
    }
}

#[cfg(feature = "bigint")]
mod big {
    use impartial::wythoff;
    use num_bigint::BigUint;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn p_positions_equal_the_integer_square_root_formula(
            k in prop_oneof![any::<u128>(), any::<u64>().prop_map(u128::from)],
        ) {
            // ⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2, in arbitrary precision.
            let big = BigUint::from(k);
            let lower = (&big + (&big * &big * 5u32).sqrt()) / 2u32;
            let upper = &lower + &big;
            let expected = u128::try_from(&lower).ok().zip(u128::try_from(&upper).ok());
            prop_assert_eq!(wythoff::p_position(k), expected);
            if let Ok(narrow_k) = u64::try_from(k) {
                let narrow = u64::try_from(&lower).ok().zip(u64::try_from(&upper).ok());
                prop_assert_eq!(wythoff::p_position(narrow_k), narrow);
            }
        }
    }
}
