//! Misère Nim: the player who takes the last counter *loses*.
//!
//! The rule (Bouton, 1901): play exactly as in normal Nim until your move would leave no heap
//! larger than 1; then leave an *odd* number of heaps of size 1 instead of an even one.
//! Equivalently, a position is P exactly when
//!
//! - every heap is 0 or 1 and the number of 1-heaps is odd, or
//! - some heap is larger than 1 and the nim-sum is 0.
//!
//! ```
//! use impartial::{nim::misere, Outcome};
//!
//! assert_eq!(misere::outcome(&[1u8, 1, 1]), Outcome::P); // you take one, I take one, you take the last
//! assert_eq!(misere::outcome(&[2u8, 2]), Outcome::P);
//! let best = misere::winning_move(&[1u8, 1, 5]).expect("an N-position");
//! assert_eq!((best.heap, best.to), (2, 1)); // leave three 1-heaps
//! ```

use std::borrow::Borrow;
use std::convert::Infallible;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{HeapSize, IllegalMove, ImpartialGame, Nimber, Outcome, Play};
use crate::games::nim::{self, Nim, NimMove};
use crate::heap::Heaps;

/// What the misère rule needs to know of a position.
struct Census<T> {
    /// How many heaps are larger than 1.
    large: usize,
    /// How many heaps are exactly 1.
    ones: usize,
    /// The index of the last large heap seen (the only one when `large == 1`).
    large_heap: Option<usize>,
    nim_sum: T,
}

fn census<T: HeapSize>(heaps: &[T]) -> Census<T> {
    let mut census = Census {
        large: 0,
        ones: 0,
        large_heap: None,
        nim_sum: T::zero(),
    };
    for (index, &heap) in heaps.iter().enumerate() {
        census.nim_sum = census.nim_sum ^ heap;
        if heap > T::one() {
            census.large += 1;
            census.large_heap = Some(index);
        } else if heap == T::one() {
            census.ones += 1;
        }
    }
    census
}

/// Who wins misère Nim: `P` if the player to move loses with best play.
///
/// The empty position (no counters left) is `N`: the opponent took the last counter and
/// lost, so the player to move has already won.
///
/// Computes in **O(n)** time, one pass.
///
/// # Examples
///
/// ```
/// use impartial::{nim::misere, Outcome};
///
/// assert_eq!(misere::outcome::<u32>(&[]), Outcome::N);
/// assert_eq!(misere::outcome(&[0u32, 0]), Outcome::N);
/// assert_eq!(misere::outcome(&[1u32]), Outcome::P);
/// assert_eq!(misere::outcome(&[1u32, 1]), Outcome::N);
/// assert_eq!(misere::outcome(&[3u32, 2, 1]), Outcome::P);
/// assert_eq!(misere::outcome(&[7u32]), Outcome::N);
/// ```
#[must_use]
pub fn outcome<T: HeapSize>(heaps: &[T]) -> Outcome {
    let census = census(heaps);
    let losing = if census.large == 0 {
        census.ones % 2 == 1
    } else {
        census.nim_sum.is_zero()
    };
    if losing { Outcome::P } else { Outcome::N }
}

/// A winning move in misère Nim, or `None` from a P-position and from the empty position
/// (already won, with nothing left to take).
///
/// Computes in **O(n)** time.
///
/// # Examples
///
/// ```
/// use impartial::nim::{misere, NimMove};
///
/// // One large heap: reduce it to leave an odd number of 1-heaps.
/// assert_eq!(misere::winning_move(&[1u64, 6]), Some(NimMove { heap: 1, from: 6, to: 0, take: 6 }));
/// assert_eq!(misere::winning_move(&[6u64]), Some(NimMove { heap: 0, from: 6, to: 1, take: 5 }));
/// // Two large heaps: as in normal Nim.
/// assert_eq!(misere::winning_move(&[2u64, 3]), Some(NimMove { heap: 1, from: 3, to: 2, take: 1 }));
/// assert_eq!(misere::winning_move(&[1u64]), None);
/// ```
#[must_use]
pub fn winning_move<T: HeapSize>(heaps: &[T]) -> Option<NimMove<T>> {
    winning_moves(heaps).next()
}

/// Every winning move in misère Nim, lazily, in heap order. Empty from a P-position and from
/// the empty position.
///
/// With two or more heaps larger than 1 these are the normal-play winning moves; with one,
/// the single move that turns it into 0 or 1 leaving an odd number of 1-heaps; with none,
/// emptying any 1-heap (when their number is even).
///
/// Computes in **O(n)** time in all.
///
/// # Examples
///
/// ```
/// use impartial::nim::misere;
///
/// let moves: Vec<usize> = misere::winning_moves(&[1u8, 0, 1]).map(|m| m.heap).collect();
/// assert_eq!(moves, [0, 2]);
/// assert_eq!(misere::winning_moves(&[1u8, 0, 1, 1]).count(), 0);
/// ```
pub fn winning_moves<T: HeapSize>(heaps: &[T]) -> WinningMoves<'_, T> {
    let census = census(heaps);
    match (census.large, census.large_heap) {
        (0, _) => {
            // Only 1-heaps: emptying one wins exactly when their number is even.
            let winning = census.ones.is_multiple_of(2);
            let ones = if winning { heaps } else { &[] };
            WinningMoves(Moves::EmptyAOne(ones.iter().enumerate()))
        }
        (1, Some(index)) => {
            // Leave an odd number of 1-heaps: the large heap becomes 1 if the others hold an
            // even number of them, 0 if odd.
            let from = heaps[index];
            let to = if census.ones.is_multiple_of(2) {
                T::one()
            } else {
                T::zero()
            };
            WinningMoves(Moves::One(Some(NimMove {
                heap: index,
                from,
                to,
                take: from - to,
            })))
        }
        _ => WinningMoves(Moves::Normal(nim::winning_moves(heaps))),
    }
}

/// The winning moves of misère Nim, in heap order: returned by [`winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::nim::misere::{self, WinningMoves};
///
/// let moves: WinningMoves<'_, u8> = misere::winning_moves(&[1, 1, 5]);
/// assert!(moves.map(|made| (made.heap, made.to)).eq([(2, 1)]));
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T>(Moves<'a, T>);

/// The three shapes of a misère position's winning moves.
#[derive(Clone, Debug)]
enum Moves<'a, T> {
    /// Only heaps of 0 and 1, an even number of 1s: empty any 1 (none if the slice is empty).
    EmptyAOne(std::iter::Enumerate<std::slice::Iter<'a, T>>),
    /// One heap above 1: the single move that leaves an odd number of 1s.
    One(Option<NimMove<T>>),
    /// Two or more above 1: as in normal play.
    Normal(nim::WinningMoves<'a, T>),
}

impl<T: HeapSize> Iterator for WinningMoves<'_, T> {
    type Item = NimMove<T>;

    fn next(&mut self) -> Option<NimMove<T>> {
        match &mut self.0 {
            Moves::EmptyAOne(heaps) => {
                heaps
                    .find(|&(_, &heap)| heap == T::one())
                    .map(|(index, _)| NimMove {
                        heap: index,
                        from: T::one(),
                        to: T::zero(),
                        take: T::one(),
                    })
            }
            Moves::One(made) => made.take(),
            Moves::Normal(moves) => moves.next(),
        }
    }
}

impl<T: HeapSize> std::iter::FusedIterator for WinningMoves<'_, T> {}

/// Nim under misère play, as a ruleset: Nim's moves ([`ImpartialGame`], on [`Heaps`]), and
/// the misère rule as its closed form. It declares misère play
/// ([`ImpartialGame::PLAY`] is [`Play::Misere`]), so the [`Solver`](crate::Solver) answers
/// it as misère too; it has no closed-form hook for the solver: a normal-play value says
/// nothing of misère play.
///
/// # Examples
///
/// ```
/// use impartial::nim::misere::MisereNim;
/// use impartial::{ClosedForm, Heaps, Outcome, Solver};
///
/// let heaps = Heaps::from([1, 1, 5]);
/// let Ok(best) = MisereNim.winning_move(&heaps);
/// let best = best.expect("an N-position");
/// assert_eq!(best.to_string(), "take 4 from heap 2 (5 → 1)"); // leave three 1-heaps
/// let after = MisereNim.leaves(&heaps, &best)?;
/// assert_eq!(MisereNim.outcome(&after), Ok(Outcome::P));
/// assert_eq!(Solver::new(MisereNim).outcome(&after)?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MisereNim;

impl ImpartialGame for MisereNim {
    type Position = Heaps;

    const PLAY: Play = Play::Misere;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        Nim.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

impl ClosedForm for MisereNim {
    type Move = NimMove<u64>;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<Heaps>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        Ok(outcome(heaps))
    }

    /// `None`: the misère value of a position says nothing of sums.
    fn grundy(&self, position: impl IntoPosition<Heaps>) -> Result<Option<Nimber>, Infallible> {
        let holder = position.into_holder();
        let _: &Heaps = holder.borrow();
        Ok(None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<impl Iterator<Item = NimMove<u64>>, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        // At most one move a heap: listed at once, so that the moves need not borrow the
        // position, which may be a temporary.
        Ok(winning_moves(heaps).collect::<Vec<_>>().into_iter())
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<Option<NimMove<u64>>, Infallible> {
        Ok(winning_move(position.into_holder().borrow()))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Heaps>,
        chosen: &NimMove<u64>,
    ) -> Result<Heaps, IllegalMove<Heaps, NimMove<u64>>> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        Nim.leaves(heaps, chosen)
    }
}
