//! The closed forms of `impartial::nim` against the general solver searching Nim without its
//! closed form, for every heap type; and the edge cases of each function.

use std::cell::RefCell;

use impartial::HeapSize;
use impartial::nim::MoveError;
use impartial::nim::{self, NimMove, misere};
use impartial::{Heaps, Nim, Nimber, Outcome, Solver};
use proptest::prelude::*;

use crate::reference;

thread_local! {
    /// One searching solver for all cases, so that what it learns is reused.
    static SEARCH: RefCell<Solver<Nim>> = RefCell::new(Solver::new(Nim).without_closed_form());
}

fn as_u64<T: HeapSize>(heaps: &[T]) -> Vec<u64> {
    heaps
        .iter()
        .map(|heap| heap.to_u64().expect("small heaps"))
        .collect()
}

/// The position a move leads to, as the solver writes positions.
fn after<T: HeapSize>(heaps: &[T], made: &NimMove<T>) -> Heaps {
    let mut position = as_u64(heaps);
    position[made.heap] = made.to.to_u64().expect("small heaps");
    Heaps::from(position)
}

/// Positions as a set: the solver lists the moves of equal heaps once, the closed form once
/// per heap.
fn distinct(mut positions: Vec<Heaps>) -> Vec<Heaps> {
    positions.sort();
    positions.dedup();
    positions
}

fn assert_well_formed<T: HeapSize>(heaps: &[T], made: &NimMove<T>) {
    assert_eq!(heaps[made.heap], made.from, "{made:?} on {heaps:?}");
    assert!(made.to < made.from, "{made:?}");
    assert_eq!(made.take, made.from - made.to, "{made:?}");
}

fn check_against_solver<T: HeapSize>(heaps: &[T]) {
    SEARCH.with(|search| {
        let mut solver = search.borrow_mut();
        let position = as_u64(heaps);

        let value = solver.grundy(&position).unwrap();
        assert_eq!(
            Nimber(nim::nim_sum(heaps).to_u128().unwrap()),
            value,
            "{heaps:?}"
        );
        assert_eq!(
            nim::outcome(heaps),
            solver.outcome(&position).unwrap(),
            "{heaps:?}"
        );

        let expected = solver.winning_moves(&position).unwrap();
        let moves: Vec<NimMove<T>> = nim::winning_moves(heaps).collect();
        for made in &moves {
            assert_well_formed(heaps, made);
        }
        let reached: Vec<Heaps> = moves.iter().map(|made| after(heaps, made)).collect();
        assert_eq!(
            distinct(reached),
            distinct(expected),
            "winning moves of {heaps:?}"
        );
        match nim::winning_move(heaps) {
            Some(made) => {
                assert_well_formed(heaps, &made);
                assert_eq!(solver.outcome(after(heaps, &made)).unwrap(), Outcome::P);
                assert_eq!(Some(made), moves.first().copied());
            }
            None => assert_eq!(value, Nimber(0), "{heaps:?}"),
        }

        assert_eq!(
            misere::outcome(heaps),
            solver.misere().outcome(&position).unwrap(),
            "misère {heaps:?}"
        );
        let expected = solver.misere().winning_moves(&position).unwrap();
        let moves: Vec<NimMove<T>> = misere::winning_moves(heaps).collect();
        for made in &moves {
            assert_well_formed(heaps, made);
        }
        let reached: Vec<Heaps> = moves.iter().map(|made| after(heaps, made)).collect();
        assert_eq!(
            distinct(reached),
            distinct(expected),
            "misère winning moves of {heaps:?}"
        );
        assert_eq!(misere::winning_move(heaps), moves.first().copied());
    });
}

/// The closed forms against the plain definitions in `reference`, for heaps of any size.
fn check_against_plain<T: HeapSize>(heaps: &[T]) {
    let wide: Vec<u128> = heaps.iter().map(|heap| heap.to_u128().unwrap()).collect();
    let moves = |made: Vec<NimMove<T>>| -> Vec<(usize, u128)> {
        made.iter()
            .inspect(|made| assert_well_formed(heaps, made))
            .map(|made| (made.heap, made.to.to_u128().unwrap()))
            .collect()
    };
    assert_eq!(
        nim::nim_sum(heaps).to_u128(),
        Some(reference::nim_sum(&wide))
    );
    let winning = reference::nim_winning_moves(&wide);
    assert_eq!(moves(nim::winning_moves(heaps).collect()), winning);
    assert_eq!(
        moves(nim::winning_move(heaps).into_iter().collect()),
        winning[..winning.len().min(1)]
    );
    let mut misere = moves(misere::winning_moves(heaps).collect());
    misere.sort_unstable();
    assert_eq!(
        misere,
        reference::misere_nim_winning_moves(&wide),
        "{wide:?}"
    );
    let p = if reference::misere_nim_is_p(&wide) {
        Outcome::P
    } else {
        Outcome::N
    };
    assert_eq!(misere::outcome(heaps), p);
}

/// The same property tests and edge cases for one heap type.
macro_rules! nim_tests_for {
    ($module:ident, $heap:ty) => {
        mod $module {
            use super::*;

            proptest! {
                #[test]
                fn agrees_with_the_solver(heaps in proptest::collection::vec(0..=7 as $heap, 0..=5)) {
                    check_against_solver(&heaps);
                }

                /// Long slices of any values, past the eight lanes of the nim-sum and the
                /// blocks of 32 heaps of the winning move, against the plain definitions.
                #[test]
                fn long_slices_agree_with_the_plain_definitions(
                    heaps in proptest::collection::vec(
                        prop_oneof![any::<$heap>(), 0..=2 as $heap],
                        0..300,
                    ),
                ) {
                    check_against_plain(&heaps);
                }
            }

            #[test]
            fn every_position_of_three_heaps_up_to_seven_agrees() {
                for a in 0..=7 as $heap {
                    for b in 0..=7 {
                        for c in 0..=7 {
                            check_against_solver(&[a, b, c]);
                        }
                    }
                }
            }

            #[test]
            fn no_heaps_and_zero_heaps() {
                let none: [$heap; 0] = [];
                assert_eq!(nim::nim_sum(&none), 0);
                assert_eq!(nim::outcome(&none), Outcome::P);
                assert_eq!(nim::winning_move(&none), None);
                assert_eq!(misere::outcome(&none), Outcome::N);
                assert_eq!(misere::winning_move(&none), None);
                let zeros: [$heap; 4] = [0; 4];
                assert_eq!(nim::outcome(&zeros), Outcome::P);
                assert_eq!(nim::winning_moves(&zeros).count(), 0);
                assert_eq!(misere::outcome(&zeros), Outcome::N);
                assert_eq!(misere::winning_moves(&zeros).count(), 0);
            }

            #[test]
            fn one_heap_is_taken_whole_or_left_at_one() {
                for size in 1..=<$heap>::MAX.min(200) {
                    let made = nim::winning_move(&[size]).unwrap();
                    assert_eq!((made.heap, made.to, made.take), (0, 0, size));
                    let misere_move = misere::winning_move(&[size]);
                    if size == 1 {
                        assert_eq!(misere_move, None);
                    } else {
                        assert_eq!(misere_move.unwrap().to, 1);
                    }
                }
            }

            #[test]
            fn heaps_at_the_maximum() {
                let max = <$heap>::MAX;
                assert_eq!(nim::nim_sum(&[max, max]), 0);
                assert_eq!(nim::winning_move(&[max, max, max]).unwrap().to, 0);
                let made = nim::winning_move(&[max, 1]).unwrap();
                assert_eq!((made.heap, made.from, made.to, made.take), (0, max, 1, max - 1));
                assert_eq!(nim::winning_moves(&[max, max - 1, 1]).count(), 0);
                assert_eq!(misere::outcome(&[max, max]), Outcome::P);
                assert_eq!(misere::winning_move(&[max, 1]).unwrap().to, 0);
                let mut heaps = [max, 0];
                assert_eq!(nim::play(&mut heaps, 0, max - 1).unwrap().take, 1);
                assert_eq!(heaps, [max - 1, 0]);
            }

            #[test]
            fn playing_an_illegal_move_is_an_error_and_changes_nothing() {
                let mut heaps: Vec<$heap> = vec![3, 0];
                assert_eq!(
                    nim::play(&mut heaps, 2, 0),
                    Err(MoveError::NoSuchHeap { heap: 2, heaps: 2 })
                );
                assert_eq!(
                    nim::play(&mut heaps, 1, 0),
                    Err(MoveError::DoesNotShrink { heap: 1, from: 0, to: 0 })
                );
                assert_eq!(
                    nim::play(&mut heaps, 0, <$heap>::MAX),
                    Err(MoveError::DoesNotShrink { heap: 0, from: 3, to: u128::try_from(<$heap>::MAX).unwrap() })
                );
                assert_eq!(heaps, [3, 0]);
                let empty: &mut [$heap] = &mut [];
                assert!(nim::play(empty, 0, 0).is_err());
            }
        }
    };
}

nim_tests_for!(heaps_u8, u8);
nim_tests_for!(heaps_u32, u32);
nim_tests_for!(heaps_u64, u64);
nim_tests_for!(heaps_u128, u128);
nim_tests_for!(heaps_usize, usize);

#[test]
fn arrays_vectors_and_slices_are_all_accepted() {
    let array = [3u64, 4, 5];
    let vector = vec![3u64, 4, 5];
    let slice: &[u64] = &vector[..];
    assert_eq!(nim::nim_sum(&array), 2);
    assert_eq!(nim::nim_sum(&vector), 2);
    assert_eq!(nim::nim_sum(slice), 2);
    assert_eq!(nim::winning_move(&array), nim::winning_move(&vector));
}

#[test]
fn the_number_of_winning_moves_is_the_number_of_heaps_with_the_top_bit() {
    let heaps = [12u32, 9, 8, 7, 1];
    let sum = nim::nim_sum(&heaps);
    assert_eq!(sum, 12 ^ 9 ^ 8 ^ 7 ^ 1);
    let top = 1u32 << sum.ilog2();
    let with_top_bit = heaps.iter().filter(|&&heap| heap & top != 0).count();
    assert_eq!(nim::winning_moves(&heaps).count(), with_top_bit);
}

#[test]
fn nim_ruleset_in_a_solver_uses_the_closed_form_for_huge_heaps() {
    let mut solver = Solver::new(Nim);
    let heaps = vec![u64::MAX, 1 << 40, 12_345];
    assert_eq!(
        solver.grundy(&heaps).unwrap(),
        Nimber(u128::from(nim::nim_sum(&heaps)))
    );
    assert_eq!(solver.stats().states, 0);
}
