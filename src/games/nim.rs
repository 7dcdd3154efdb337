//! Nim: heaps of counters; a move takes any positive number of counters from one heap.
//!
//! Bouton (1901) solved Nim completely: a position is P exactly when the XOR of its heap
//! sizes, the *nim-sum*, is zero. Every function here runs in one or two passes over the
//! heaps, for every unsigned integer type from `u8` to `u128` (and `usize`), on slices,
//! arrays and vectors alike.
//!
//! ```
//! use impartial::{nim, Outcome};
//!
//! let heaps = [3u32, 4, 5];
//! assert_eq!(nim::nim_sum(&heaps), 2);
//! assert_eq!(nim::outcome(&heaps), Outcome::N);
//! let best = nim::winning_move(&heaps).expect("an N-position has a winning move");
//! assert_eq!((best.heap, best.from, best.to, best.take), (0, 3, 1, 2));
//! assert_eq!(best.to_string(), "take 2 from heap 0 (3 → 1)");
//! ```
//!
//! # The winning move, by hand and by machine
//!
//! Write the heaps in binary, one under another. Find the first column from the left with
//! an odd number of ones: that is the highest set bit `d` of the nim-sum `s`. Take the first
//! row with a one in that column, and flip that row's bit in every column with an odd count:
//! the row becomes `heap ^ s`.
//!
//! - *The move is legal*: `heap ^ s` agrees with `heap` above bit `d`, and clears bit `d`,
//!   which `heap` had set; whatever happens below, `heap ^ s < heap`.
//! - *It wins*: the new nim-sum is `s ^ heap ^ (heap ^ s) = 0`, a P-position, and from a
//!   P-position every move changes one heap, hence the nim-sum, back to non-zero.
//! - *The winning moves are exactly these*: a move on heap `h` wins iff it leaves `h ^ s`,
//!   which is legal iff `h ^ s < h`, iff `h` has bit `d` set. So there are as many winning
//!   moves as heaps with bit `d` set, and [`winning_moves`] lists them.
//!
//! Misère Nim, where taking the last counter loses, is in [`misere`].

pub mod misere;

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{HeapSize, IllegalMove, ImpartialGame, Nimber, Outcome, to_u128};
use crate::heap::Heaps;

/// One move of Nim: from heap number `heap` (counting from 0), take `take` counters,
/// leaving `to` of the `from` it had.
///
/// Always `take == from - to` and `to < from`.
///
/// # Examples
///
/// ```
/// use impartial::nim::{self, NimMove};
///
/// let best = nim::winning_move(&[1u64, 2]).expect("1 ^ 2 = 3 is not zero");
/// assert_eq!(best, NimMove { heap: 1, from: 2, to: 1, take: 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimMove<T> {
    /// Index of the heap the move takes from.
    pub heap: usize,
    /// The heap's size before the move.
    pub from: T,
    /// The heap's size after the move.
    pub to: T,
    /// How many counters the move takes: `from - to`, at least 1.
    pub take: T,
}

impl<T: HeapSize> fmt::Display for NimMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} from heap {} ({} → {})",
            self.take, self.heap, self.from, self.to
        )
    }
}

impl<T: HeapSize> NimMove<T> {
    /// Whether this is a move from `heaps`, and if not, why: a heap that is not there, a
    /// size that is not the heap's, a heap that does not shrink, a take that is not the
    /// difference.
    pub(crate) fn check_from(&self, heaps: &[T]) -> Result<(), String> {
        let Some(&size) = heaps.get(self.heap) else {
            return Err(format!("there is no heap {}", self.heap));
        };
        if size != self.from {
            Err(format!("heap {} has {size}, not {}", self.heap, self.from))
        } else if self.to >= self.from {
            Err(format!("{} is not less than {}", self.to, self.from))
        } else if self.take != self.from - self.to {
            Err(format!(
                "taking {} from {} does not leave {}",
                self.take, self.from, self.to
            ))
        } else {
            Ok(())
        }
    }

    pub(crate) fn reduce(heap: usize, from: T, to: T) -> Self {
        NimMove {
            heap,
            from,
            to,
            take: from - to,
        }
    }
}

/// The nim-sum of the heaps: their XOR, the Sprague–Grundy value of the position.
///
/// Computes in **O(n)** time, one pass; `0` for no heaps.
///
/// # Examples
///
/// ```
/// use impartial::nim;
///
/// assert_eq!(nim::nim_sum::<u8>(&[]), 0);
/// assert_eq!(nim::nim_sum(&[7u16]), 7);
/// assert_eq!(nim::nim_sum(&vec![1u64, 2, 3]), 0); // arrays, slices and vectors alike
/// assert_eq!(nim::nim_sum(&[u128::MAX, 1]), u128::MAX - 1);
/// ```
#[doc(alias = "xor")]
#[doc(alias = "grundy")]
#[must_use]
pub fn nim_sum<T: HeapSize>(heaps: &[T]) -> T {
    // Eight independent lanes: the compiler turns them into vector XORs wherever this is
    // inlined, where a single accumulator would be one serial chain of scalar XORs.
    const LANES: usize = 8;
    let mut lanes = [T::zero(); LANES];
    let mut chunks = heaps.chunks_exact(LANES);
    for chunk in &mut chunks {
        for (lane, &heap) in lanes.iter_mut().zip(chunk) {
            *lane = *lane ^ heap;
        }
    }
    let tail = chunks
        .remainder()
        .iter()
        .fold(T::zero(), |sum, &heap| sum ^ heap);
    lanes.iter().fold(tail, |sum, &lane| sum ^ lane)
}

/// Who wins: `P` (the player to move loses) exactly when the nim-sum is zero.
///
/// Computes in **O(n)** time.
///
/// # Examples
///
/// ```
/// use impartial::{nim, Outcome};
///
/// assert_eq!(nim::outcome::<u32>(&[]), Outcome::P);
/// assert_eq!(nim::outcome(&[0u32, 0]), Outcome::P);
/// assert_eq!(nim::outcome(&[5u32]), Outcome::N);
/// assert_eq!(nim::outcome(&[1u32, 4, 5]), Outcome::P);
/// ```
#[doc(alias = "P-position")]
#[doc(alias = "N-position")]
#[must_use]
pub fn outcome<T: HeapSize>(heaps: &[T]) -> Outcome {
    if nim_sum(heaps).is_zero() {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The canonical winning move, or `None` from a P-position.
///
/// With `s` the nim-sum and `d` its highest set bit, the move reduces the first heap that
/// has bit `d` set to `heap ^ s` (see the [module docs](self) for why that is legal and
/// wins).
///
/// Computes in **O(n)** time: one pass for the nim-sum, and a second that stops at the
/// chosen heap.
///
/// # Examples
///
/// ```
/// use impartial::nim::{self, NimMove};
///
/// assert_eq!(nim::winning_move::<u64>(&[]), None);
/// assert_eq!(nim::winning_move(&[2u64, 2]), None);
/// assert_eq!(nim::winning_move(&[9u64]), Some(NimMove { heap: 0, from: 9, to: 0, take: 9 }));
/// // 3 ^ 4 ^ 5 = 2 (binary 010); heap 3 (011) is the first with that bit: 3 → 1.
/// assert_eq!(nim::winning_move(&[3u64, 4, 5]), Some(NimMove { heap: 0, from: 3, to: 1, take: 2 }));
/// ```
#[must_use]
pub fn winning_move<T: HeapSize>(heaps: &[T]) -> Option<NimMove<T>> {
    let sum = nim_sum(heaps);
    let top_bit = highest_bit(sum)?;
    first_with_bit(heaps, top_bit)
        .map(|index| NimMove::reduce(index, heaps[index], heaps[index] ^ sum))
}

/// The index of the first heap with `bit` set.
fn first_with_bit<T: HeapSize>(heaps: &[T], bit: T) -> Option<usize> {
    // Test blocks of 32 heaps at once (an OR the compiler vectorizes), then search the block
    // that has one: the second pass then runs near the speed of the first.
    const BLOCK: usize = 32;
    let has_bit = |heap: &T| *heap & bit != T::zero();
    let mut start = 0;
    for block in heaps.chunks(BLOCK) {
        if block.iter().fold(T::zero(), |any, &heap| any | heap) & bit != T::zero() {
            return block.iter().position(has_bit).map(|offset| start + offset);
        }
        start += block.len();
    }
    None
}

/// Every winning move, lazily, in heap order: one for each heap that has the nim-sum's
/// highest bit set. Empty from a P-position.
///
/// Computes the nim-sum in **O(n)** time up front; the iterator then takes **O(n)** in all.
///
/// # Examples
///
/// ```
/// use impartial::nim;
///
/// // 3 ^ 5 ^ 7 = 1: every heap is odd, so every heap has a winning move.
/// let moves: Vec<(usize, u8)> = nim::winning_moves(&[3u8, 5, 7]).map(|m| (m.heap, m.to)).collect();
/// assert_eq!(moves, [(0, 2), (1, 4), (2, 6)]);
/// assert_eq!(nim::winning_moves(&[1u8, 1]).count(), 0);
/// ```
pub fn winning_moves<T: HeapSize>(heaps: &[T]) -> WinningMoves<'_, T> {
    let sum = nim_sum(heaps);
    WinningMoves {
        heaps: heaps.iter().enumerate(),
        sum,
        top_bit: highest_bit(sum),
    }
}

/// The iterator [`winning_moves`] returns.
///
/// # Examples
///
/// ```
/// use impartial::nim::{self, WinningMoves};
///
/// let moves: WinningMoves<'_, u32> = nim::winning_moves(&[6, 3]);
/// assert_eq!(moves.map(|m| m.to).collect::<Vec<_>>(), [3]);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T> {
    heaps: std::iter::Enumerate<std::slice::Iter<'a, T>>,
    sum: T,
    top_bit: Option<T>,
}

impl<T: HeapSize> Iterator for WinningMoves<'_, T> {
    type Item = NimMove<T>;

    fn next(&mut self) -> Option<NimMove<T>> {
        let top_bit = self.top_bit?;
        let sum = self.sum;
        self.heaps
            .find(|&(_, &heap)| heap & top_bit != T::zero())
            .map(|(index, &heap)| NimMove::reduce(index, heap, heap ^ sum))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.top_bit {
            None => (0, Some(0)),
            Some(_) => (0, self.heaps.size_hint().1),
        }
    }
}

impl<T: HeapSize> std::iter::FusedIterator for WinningMoves<'_, T> {}

/// A Nim move that is not one: [`play`]'s error.
///
/// # Examples
///
/// ```
/// use impartial::nim::{self, MoveError};
///
/// let error = nim::play(&mut [3u8, 4], 1, 4).unwrap_err();
/// assert_eq!(error, MoveError::DoesNotShrink { heap: 1, from: 4, to: 4 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The move names a heap the position does not have.
    #[error("there is no heap {heap}: the position has {heaps} heaps, numbered from 0")]
    NoSuchHeap {
        /// The heap the move named.
        heap: usize,
        /// How many heaps the position has.
        heaps: usize,
    },
    /// The move does not make its heap smaller.
    #[error("a move must shrink the heap: heap {heap} has {from}, and {to} is not less")]
    DoesNotShrink {
        /// The heap the move named.
        heap: usize,
        /// Its size before the move.
        from: u128,
        /// The size the move asked for.
        to: u128,
    },
}

/// Plays `heaps[heap] → new_size`, checking that the move is legal.
///
/// Returns the move made.
///
/// # Errors
///
/// [`MoveError::NoSuchHeap`] if there is no heap `heap`; [`MoveError::DoesNotShrink`] if
/// `new_size` is not smaller than the heap. The heaps are left unchanged on error.
///
/// # Examples
///
/// ```
/// use impartial::nim::{self, MoveError};
///
/// let mut heaps = vec![3u16, 4, 5];
/// let made = nim::play(&mut heaps, 2, 1)?;
/// assert_eq!((made.take, heaps.as_slice()), (4, &[3, 4, 1][..]));
///
/// assert_eq!(nim::play(&mut heaps, 3, 0), Err(MoveError::NoSuchHeap { heap: 3, heaps: 3 }));
/// assert_eq!(
///     nim::play(&mut heaps, 0, 3).unwrap_err().to_string(),
///     "a move must shrink the heap: heap 0 has 3, and 3 is not less"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play<T: HeapSize>(
    heaps: &mut [T],
    heap: usize,
    new_size: T,
) -> Result<NimMove<T>, MoveError> {
    let count = heaps.len();
    let slot = heaps
        .get_mut(heap)
        .ok_or(MoveError::NoSuchHeap { heap, heaps: count })?;
    let old_size = *slot;
    if new_size >= old_size {
        return Err(MoveError::DoesNotShrink {
            heap,
            from: to_u128(old_size),
            to: to_u128(new_size),
        });
    }
    *slot = new_size;
    Ok(NimMove::reduce(heap, old_size, new_size))
}

/// The highest set bit of `value` as a mask, or `None` for zero.
fn highest_bit<T: HeapSize>(value: T) -> Option<T> {
    if value.is_zero() {
        return None;
    }
    let bits = T::zero().count_zeros();
    Some(T::one() << (bits - 1 - value.leading_zeros()) as usize)
}

/// The Nim ruleset, on [`Heaps`].
///
/// Its closed-form hook returns the nim-sum, so a [`Solver`](crate::Solver) answers Nim
/// positions, and sums containing them, without searching. Use the functions of this
/// module directly for Nim alone; use the ruleset to mix Nim with other games, or with
/// [`Solver::without_closed_form`](crate::Solver::without_closed_form) to check the theory.
///
/// # Examples
///
/// ```
/// use impartial::{Heaps, Nim, Nimber, Outcome, Solver};
///
/// let mut solver = Solver::new(Nim);
/// assert_eq!(solver.grundy([3, 4, 5])?, Nimber(2));
/// assert_eq!(solver.outcome([1, 2, 3])?, Outcome::P);
/// assert_eq!(solver.winning_move([3, 4, 5])?, Some(Heaps::from([1, 4, 5])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = Heaps;

    /// Heap by heap, smallest first (equal heaps once), every smaller size, ascending.
    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        heaps
            .iter()
            .enumerate()
            .filter(move |&(index, heap)| index == 0 || heaps[index - 1] != *heap)
            .flat_map(move |(index, &heap)| {
                (0..heap).map(move |smaller| heaps.replace(index, &[smaller]))
            })
    }

    fn known_grundy(&self, heaps: &Heaps) -> Option<Nimber> {
        Some(Nimber(u128::from(nim_sum(heaps))))
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

/// Bouton's closed form, on [`Heaps`] (sorted, so a move's `heap` indexes the sorted sizes):
/// [`outcome`], [`winning_moves`] and the nim-sum as the value.
///
/// # Examples
///
/// ```
/// use impartial::{ClosedForm, Heaps, Nim, Nimber};
///
/// let heaps = Heaps::from([5, 3, 4]);
/// let Ok(best) = Nim.winning_move(&heaps);
/// let best = best.expect("an N-position");
/// assert_eq!(best.to_string(), "take 2 from heap 0 (3 → 1)");
/// assert_eq!(Nim.leaves(&heaps, &best)?, Heaps::from([1, 4, 5]));
/// assert_eq!(Nim.grundy(&heaps), Ok(Some(Nimber(2))));
/// // A move found for other heaps is refused, not applied.
/// assert!(Nim.leaves(&Heaps::from([4]), &best).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for Nim {
    type Move = NimMove<u64>;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<Heaps>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        Ok(outcome(heaps))
    }

    fn grundy(&self, position: impl IntoPosition<Heaps>) -> Result<Option<Nimber>, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        Ok(Some(Nimber(u128::from(nim_sum(heaps)))))
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
        chosen
            .check_from(heaps)
            .map(|()| heaps.replace(chosen.heap, &[chosen.to]))
            .map_err(|reason| IllegalMove::new(heaps, chosen, reason))
    }
}
