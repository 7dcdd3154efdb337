//! Misère quotients against the search: every sum of up to four heaps the quotient covers
//! (up to a size the search affords), its outcome predicted by the quotient and searched by
//! the `Solver`; the monoid laws; the published orders.

use impartial::octal::OctalGame;
use impartial::quotient::{MisereQuotient, QuotientError};
use impartial::{Heaps, Solver};
use proptest::prelude::*;

/// Every multiset of at most `count` heaps from `1..=largest`, checked.
fn check_sums(code: &str, quotient: &MisereQuotient, largest: u64, count: usize) {
    let game: OctalGame = code.parse().unwrap();
    let mut solver = Solver::new(game);
    let mut heaps = Vec::new();
    check_from(&mut solver, quotient, code, &mut heaps, 1, largest, count);
}

fn check_from(
    solver: &mut Solver<OctalGame>,
    quotient: &MisereQuotient,
    code: &str,
    heaps: &mut Vec<u64>,
    least: u64,
    largest: u64,
    count: usize,
) {
    let predicted = quotient.outcome(heaps).expect("heaps the quotient covers");
    let searched = solver.misere_outcome(Heaps::from(heaps.clone()));
    assert_eq!(predicted, searched, "{code}: {heaps:?}");
    if heaps.len() == count {
        return;
    }
    for heap in least..=largest {
        heaps.push(heap);
        check_from(solver, quotient, code, heaps, heap, largest, count);
        heaps.pop();
    }
}

/// The laws: 0 the identity, products commutative and associative.
fn check_laws(quotient: &MisereQuotient) {
    let order = quotient.order() as u32;
    for a in 0..order {
        assert_eq!(quotient.product(0, a), a);
        for b in 0..order {
            assert_eq!(quotient.product(a, b), quotient.product(b, a));
            for c in 0..order {
                assert_eq!(
                    quotient.product(quotient.product(a, b), c),
                    quotient.product(a, quotient.product(b, c))
                );
            }
        }
    }
}

/// The tame games 0.31 and 0.52 have misère Nim's quotient (order 6, |P| = 2), and 0.75 the
/// order-8 quotient with |P| = 2 (Plambeck and Siegel, *Misère quotients for impartial
/// games*, 2008); each predicts every sum of up to four heaps below 12.
#[test]
fn published_quotients_predict_every_small_sum() {
    for (code, order) in [("0.31", 6), ("0.52", 6), ("0.75", 8)] {
        let quotient = MisereQuotient::compute(&code.parse::<OctalGame>().unwrap(), 60).unwrap();
        assert_eq!(quotient.heaps(), 60, "{code}: {:?}", quotient.stop());
        assert_eq!(
            (quotient.order(), quotient.p_portion_size()),
            (order, 2),
            "{code}"
        );
        check_laws(&quotient);
        check_sums(code, &quotient, 11, 4);
    }
}

/// Kayles (order 40 from heap 30 on here) and Dawson's Kayles, wild games whose quotients
/// change presentation again and again: every sum of up to three heaps to 16 predicted (the
/// quotient says where it stops, if it stops).
#[test]
fn partial_quotients_predict_what_they_cover() {
    for (code, bound) in [("0.77", 16), ("0.07", 16)] {
        let quotient = MisereQuotient::compute(&code.parse::<OctalGame>().unwrap(), bound).unwrap();
        check_laws(&quotient);
        let covered = quotient.heaps();
        assert!(covered >= 8, "{code} covers {covered}");
        assert_eq!(covered < bound, quotient.stop().is_some(), "{code}");
        check_sums(code, &quotient, covered, 3);
        // Past the heaps covered, no answer.
        assert_eq!(quotient.outcome(&[covered + 1]), None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random octal codes: whatever the quotient covers, it predicts every sum of up to three
    /// heaps there (below 9).
    #[test]
    fn random_codes_predict_what_they_cover(digits in proptest::collection::vec(0u8..8, 1..=3)) {
        let code = format!("0.{}", digits.iter().map(u8::to_string).collect::<String>());
        let Ok(game) = code.parse::<OctalGame>() else {
            return Ok(());
        };
        let quotient = MisereQuotient::compute(&game, 8).unwrap();
        check_laws(&quotient);
        let covered = quotient.heaps().min(8);
        check_sums(&code, &quotient, covered, 3);
    }
}

#[test]
fn bad_input_is_an_error() {
    let game: OctalGame = "0.77".parse().unwrap();
    assert_eq!(
        MisereQuotient::compute(&game, 0),
        Err(QuotientError::ZeroBound)
    );
    let quotient = MisereQuotient::compute(&game, 3).unwrap();
    assert_eq!(quotient.element(4), None);
    assert_eq!(quotient.element(u64::MAX), None);
    assert!(!quotient.is_p(u32::MAX));
}
