//! Nim: heaps of counters; a move takes any positive number from one heap.

use crate::game::{ImpartialGame, Nimber};

/// The Nim ruleset on positions given as a list of heap sizes.
///
/// Its closed-form hook returns the nim-sum (Bouton, 1901), so a [`Solver`](crate::Solver)
/// answers Nim positions, and sums containing them, without searching.
///
/// # Examples
///
/// ```
/// use impartial::{Nim, Nimber, Outcome, Solver};
///
/// let mut solver = Solver::new(Nim);
/// assert_eq!(solver.grundy(&vec![3, 4, 5]), Nimber(2));
/// assert_eq!(solver.outcome(&vec![1, 2, 3]), Outcome::P);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        heaps.iter().enumerate().flat_map(move |(index, &heap)| {
            (0..heap).map(move |smaller| {
                let mut option = heaps.clone();
                option[index] = smaller;
                option
            })
        })
    }

    fn known_grundy(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(u128::from(
            heaps.iter().fold(0, |sum, &heap| sum ^ heap),
        )))
    }
}
