//! The vocabulary of impartial games: the [`ImpartialGame`] trait, [`Outcome`] and [`Nimber`].
//!
//! This module holds no algorithm; the general method lives in [`crate::solver`].

use std::borrow::Borrow;
use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::ops::{BitXor, BitXorAssign};

#[cfg(feature = "decompose")]
pub(crate) use decomposition::Hooks;
#[cfg(feature = "decompose")]
pub use decomposition::{Decompose, Decomposition, Whole};

use num_traits::{PrimInt, Unsigned};

/// The rules of an impartial game: from every position both players have the same moves.
///
/// A ruleset is an object (it may carry parameters such as a subtraction set) with an
/// associated [`Position`](ImpartialGame::Position) type that stays small. Play is *normal*:
/// the player who cannot move loses. [`Solver`](crate::Solver) also answers misère play from
/// the same rules.
///
/// # Laws
///
/// For every position `p` with options `q₁ … qₖ` (the positions [`moves`](Self::moves) yields):
///
/// - `grundy(p) = mex { grundy(qᵢ) }`, so a terminal position has value `*0`;
/// - `outcome(p) == P` ⇔ `grundy(p) == *0`;
/// - the value of a disjunctive sum is the nim-sum (XOR) of its parts' values;
/// - if [`known_grundy`](Self::known_grundy) returns `Some(g)` then `g` is the true value of
///   `p`: the solver trusts it without checking.
///
/// A ruleset whose positions fall apart into independent parts says so with a second trait,
/// `Decompose` (feature `decompose`), whose hooks have laws of their own.
///
/// The graph of positions reachable from a start must be finite and acyclic for
/// [`Solver`](crate::Solver); a position that repeats along a line of play is reported as
/// [`SolveError::Cycle`](crate::SolveError::Cycle).
///
/// # Examples
///
/// A game where a move takes one or two counters from a single heap:
///
/// ```
/// use impartial::{ImpartialGame, Nimber, Outcome, Solver};
///
/// struct TakeOneOrTwo;
///
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///
///     fn moves(&self, &heap: &u32) -> impl Iterator<Item = u32> {
///         (1..=2).filter(move |&take| take <= heap).map(move |take| heap - take)
///     }
/// }
///
/// let mut solver = Solver::new(TakeOneOrTwo);
/// assert_eq!(solver.outcome(&0)?, Outcome::P);
/// assert_eq!(solver.outcome(&1)?, Outcome::N);
/// assert_eq!(solver.outcome(&3)?, Outcome::P);
/// assert_eq!(solver.grundy(&5)?, Nimber(2));
/// assert_eq!(solver.winning_move(&5)?, Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[doc(alias = "Sprague-Grundy")]
pub trait ImpartialGame {
    /// A position of the game. Keep it small: the solver stores one per state. `Debug`
    /// lets errors name the position they are about.
    type Position: Clone + Eq + Hash + Debug;

    /// The options of `position`: each position one move can reach, as a lazy iterator.
    ///
    /// The iterator may borrow the ruleset and the position. The solver pulls options one
    /// at a time and stops as soon as it knows the answer, so a position with many moves
    /// and an early winning one costs little; nothing needs a heap allocation per position
    /// unless the positions themselves allocate. The order of the options is the order in
    /// which winning moves are reported.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Heaps, ImpartialGame, SubtractionGame};
    ///
    /// let game = SubtractionGame::new(&[1, 3, 4])?;
    /// let options: Vec<Heaps> = game.moves(&Heaps::from([5])).collect();
    /// assert_eq!(options, [[4], [2], [1]].map(Heaps::from));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position>;

    /// A compact index for `position`, if the ruleset has one: the solver then memoizes the
    /// position in an array slot (4 bytes, no hashing) instead of its hash table.
    ///
    /// The default is `None` for every position, which is always correct. A ruleset whose
    /// positions map naturally onto `0..n` (a heap size, a pair `(remaining, limit)` laid out
    /// as a triangle, bounded heaps in mixed radix) can return that number and get memo
    /// lookups as fast as a hand-written dynamic program. Distinct positions must get
    /// distinct indices; a position may get `None` while others get `Some`. Keep indices
    /// small: the array grows to the largest index seen, so its memory follows the largest
    /// index rather than the number of positions (indices of 2³² and above are hashed).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{ImpartialGame, Outcome, Solver};
    ///
    /// /// Take one or two counters from a single heap; the heap size is its own index.
    /// struct TakeOneOrTwo;
    ///
    /// impl ImpartialGame for TakeOneOrTwo {
    ///     type Position = u32;
    ///     fn moves(&self, &heap: &u32) -> impl Iterator<Item = u32> {
    ///         (1..=heap.min(2)).map(move |take| heap - take)
    ///     }
    ///     fn dense_index(&self, &heap: &u32) -> Option<usize> {
    ///         usize::try_from(heap).ok()
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new(TakeOneOrTwo);
    /// assert_eq!(solver.outcome(&3_000)?, Outcome::P);
    /// assert_eq!(solver.stats().states, 3_001);
    /// assert!(solver.stats().bytes < 3_001 * 8); // about 4 bytes a state
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        let _ = position;
        None
    }

    /// The bytes `position` keeps in allocations of its own, beyond
    /// `size_of::<Self::Position>()`: the buffer of a `Vec`, say.
    ///
    /// The solver adds them up for [`SolverStats::bytes`](crate::SolverStats::bytes) and
    /// checks them against [`Solver::with_memory_limit`](crate::Solver::with_memory_limit).
    /// The default, 0, is exact for positions that own nothing (integers, tuples, arrays of
    /// them); a ruleset whose positions own memory should report it, or a memory limit
    /// undercounts it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Heaps, ImpartialGame, Nim};
    ///
    /// assert_eq!(Nim.allocated_bytes(&Heaps::from([1, 2, 3])), 0); // four heaps fit inline
    /// let many: Heaps = (1..=100).collect();
    /// assert!(Nim.allocated_bytes(&many) >= 100 * 8);
    /// ```
    fn allocated_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }

    /// A closed-form Grundy value for `position`, if the ruleset knows one.
    ///
    /// The default knows none. A ruleset that returns `Some` lets the solver skip the search
    /// below `position`, which is how sums of Nim heaps and other games are solved at once.
    /// The value must be exact (see the laws above).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{ImpartialGame, Nim, Nimber};
    ///
    /// assert_eq!(Nim.known_grundy(&[3, 5].into()), Some(Nimber(6)));
    /// ```
    fn known_grundy(&self, position: &Self::Position) -> Option<Nimber> {
        let _ = position;
        None
    }

    /// The convention the game is played by: [`Play::Normal`] — whoever cannot move loses —
    /// unless the ruleset declares [`Play::Misere`] (misère Nim, a misère quotient).
    ///
    /// [`Solver`](crate::Solver) answers [`outcome`](crate::Solver::outcome),
    /// [`winning_move`](crate::Solver::winning_move),
    /// [`winning_moves`](crate::Solver::winning_moves) and
    /// [`prove_outcome`](crate::Solver::prove_outcome) under it, so a misère ruleset is
    /// solved as misère, never as normal play; its questions that only normal play has (the
    /// Sprague–Grundy value, remoteness, suspense) are refused with
    /// [`SolveError::MiserePlay`](crate::SolveError::MiserePlay).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::nim::misere::MisereNim;
    /// use impartial::{ImpartialGame, Nim, Outcome, Play, Solver};
    ///
    /// assert_eq!(Nim::PLAY, Play::Normal);
    /// assert_eq!(MisereNim::PLAY, Play::Misere);
    /// // Whoever takes the last counter loses: a single counter is lost by the player to move.
    /// assert_eq!(Solver::new(MisereNim).outcome([1])?, Outcome::P);
    /// assert_eq!(Solver::new(Nim).outcome([1])?, Outcome::N);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    const PLAY: Play = Play::Normal;

    /// Whether `position` is one of this game's: `Ok` for every position the ruleset's own
    /// constructors and moves make, an error saying why for one made for another board,
    /// graph or poset, or one no move of this game reaches (cells past the board).
    ///
    /// The default accepts every value of the type, which is right for a ruleset whose every
    /// value is a position (Nim's heaps, Sprouts). A ruleset whose positions mean something
    /// only on its own board checks them here, and every front end — the solvers, the
    /// certificate checker — asks it of each position a user hands them, before answering:
    /// an answer about a position of another game is not given.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::{ImpartialGame, Solver, SolveError};
    ///
    /// let (small, large) = (Cram::new(2, 2)?, Cram::new(8, 8)?);
    /// assert!(large.check_position(&large.start()).is_ok());
    /// let error = large.check_position(&small.start()).unwrap_err();
    /// assert_eq!(error.to_string(), "a position of the 2 × 2 board, not of the 8 × 8 board");
    /// assert!(matches!(
    ///     Solver::new(large).grundy(small.start()),
    ///     Err(SolveError::InvalidPosition { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn check_position(&self, position: &Self::Position) -> Result<(), PositionError> {
        let _ = position;
        Ok(())
    }

    #[cfg(feature = "decompose")]
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    /// How this ruleset's positions fall apart, for the solver's decomposing search: `None`
    /// (the default), searched whole; `Some(Decomposition::of())` for a ruleset that
    /// implements [`Decompose`](crate::Decompose), whose hooks the solver then reads from
    /// here.
    ///
    /// The compiler holds the two together: [`Decomposition::of`](crate::Decomposition::of)
    /// exists only for a ruleset that implements [`Decompose`](crate::Decompose), so no
    /// ruleset can claim to decompose without saying how. The solver picks its engine from
    /// this constant, at compile time: a ruleset that keeps `None` is built without the
    /// decomposing search at all.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::{ImpartialGame, Nim};
    ///
    /// assert!(Cram::DECOMPOSITION.is_some());
    /// assert!(Nim::DECOMPOSITION.is_none());
    /// ```
    const DECOMPOSITION: Option<Decomposition<Self>> = None;
}

/// The play convention: who wins when no move is left.
///
/// # Examples
///
/// ```
/// use impartial::{ImpartialGame, Play};
/// use impartial::nim::{Nim, misere::MisereNim};
///
/// assert_eq!(Nim::PLAY, Play::Normal);
/// assert_eq!(MisereNim::PLAY, Play::Misere);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Play {
    /// Normal play: whoever cannot move loses (the last to move wins).
    #[default]
    Normal,
    /// Misère play: whoever cannot move wins (the last to move loses).
    #[doc(alias = "misère")]
    Misere,
}

/// Why a position is not one of a game's: made for another board, graph or poset, or
/// holding what no position of the game holds. Returned by
/// [`ImpartialGame::check_position`]; the solvers report it as
/// [`SolveError::InvalidPosition`](crate::SolveError::InvalidPosition).
///
/// # Examples
///
/// ```
/// use impartial::PositionError;
///
/// let error = PositionError::new("cells past the board");
/// assert_eq!(error.to_string(), "cells past the board");
/// assert_eq!(error.reason(), "cells past the board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{reason}")]
pub struct PositionError {
    reason: String,
}

impl PositionError {
    /// The error, with what is wrong in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::PositionError;
    ///
    /// assert_eq!(PositionError::new("row 2 is longer than row 1").reason(), "row 2 is longer than row 1");
    /// ```
    #[must_use]
    pub fn new(reason: impl Into<String>) -> Self {
        PositionError {
            reason: reason.into(),
        }
    }

    /// What is wrong, in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::PositionError;
    ///
    /// assert_eq!(PositionError::new("no such vertex").reason(), "no such vertex");
    /// ```
    #[must_use]
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// A move that is not one from the position it was applied to: a heap that is not there, a
/// size that is not the heap's, more taken than the rules allow.
/// [`ClosedForm::leaves`](crate::ClosedForm::leaves) returns it rather than leave a position
/// the move could not have made.
///
/// # Examples
///
/// ```
/// use impartial::{ClosedForm, Heaps, IllegalMove, Nim};
/// use impartial::nim::NimMove;
///
/// let heaps = Heaps::from([3, 4]);
/// let from_elsewhere = NimMove { heap: 2, from: 5, to: 1, take: 4 };
/// let error: IllegalMove<Heaps, NimMove<u64>> = Nim.leaves(&heaps, &from_elsewhere).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "take 4 from heap 2 (5 → 1) is not a move from [3, 4]: there is no heap 2"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{chosen} is not a move from {position:?}: {reason}")]
pub struct IllegalMove<P: Debug, M: Display> {
    /// The position the move was applied to.
    pub position: P,
    /// The move.
    pub chosen: M,
    /// Why it is not a move from there.
    pub reason: String,
}

impl<P: Debug + Clone, M: Display + Clone> IllegalMove<P, M> {
    /// The error for `chosen` applied to `position`, with why in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::IllegalMove;
    ///
    /// let error = IllegalMove::new(&(3u64, 5u64), &"take 9 from the first heap", "only 3 are there");
    /// assert_eq!(error.to_string(), "take 9 from the first heap is not a move from (3, 5): only 3 are there");
    /// ```
    #[must_use]
    pub fn new(position: &P, chosen: &M, reason: impl Into<String>) -> Self {
        IllegalMove {
            position: position.clone(),
            chosen: chosen.clone(),
            reason: reason.into(),
        }
    }
}

/// The outcome class of a position under optimal play.
///
/// # Examples
///
/// ```
/// use impartial::{Nimber, Outcome};
///
/// assert_eq!(Outcome::from(Nimber(0)), Outcome::P);
/// assert_eq!(Outcome::from(Nimber(3)), Outcome::N);
/// assert!(Outcome::N.is_win_for_mover());
/// assert_eq!(Outcome::P.to_string(), "P");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The *previous* player wins: whoever must move loses.
    #[doc(alias = "P-position")]
    P,
    /// The *next* player, the one to move, wins.
    #[doc(alias = "N-position")]
    N,
}

impl Outcome {
    /// Whether the player to move wins with best play.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Outcome;
    ///
    /// assert!(Outcome::N.is_win_for_mover());
    /// assert!(!Outcome::P.is_win_for_mover());
    /// ```
    #[must_use]
    pub const fn is_win_for_mover(self) -> bool {
        matches!(self, Outcome::N)
    }
}

impl From<Nimber> for Outcome {
    /// `P` exactly when the value is `*0`.
    fn from(value: Nimber) -> Self {
        if value.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// A Sprague–Grundy value (a *nimber*): the size of the Nim heap a position is equivalent to.
///
/// Nim-addition is XOR (`^`), the value of a disjunctive sum. It displays as `*n`.
///
/// # Examples
///
/// ```
/// use impartial::Nimber;
///
/// assert_eq!(Nimber(3) ^ Nimber(5), Nimber(6));
/// assert_eq!(Nimber(7).to_string(), "*7");
/// assert_eq!(Nimber::mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
/// assert!(Nimber::ZERO.is_zero());
/// ```
#[doc(alias = "Sprague-Grundy")]
#[doc(alias = "grundy")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Nimber(pub u128);

impl Nimber {
    /// The value `*0` of every P-position.
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber::ZERO, Nimber(0));
    /// assert_eq!(Nimber::ZERO ^ Nimber(5), Nimber(5));
    /// ```
    pub const ZERO: Nimber = Nimber(0);

    /// Whether this is `*0`, the value of a P-position.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert!(Nimber(0).is_zero());
    /// assert!(!Nimber(1).is_zero());
    /// ```
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The *minimum excludant*: the least value not in `values`.
    ///
    /// This is the rule `grundy(p) = mex { grundy(q) }`. Values may come in any order and
    /// repeat.
    ///
    /// Computes in **O(k)** time and space for `k` values.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber::mex([]), Nimber(0));
    /// assert_eq!(Nimber::mex([Nimber(1), Nimber(2)]), Nimber(0));
    /// assert_eq!(Nimber::mex([Nimber(2), Nimber(0), Nimber(0), Nimber(1)]), Nimber(3));
    /// ```
    #[must_use]
    pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
        let values: Vec<u128> = values.into_iter().map(|v| v.0).collect();
        Nimber(mex_of_codes(&values, &mut Vec::new()) as u128)
    }
}

/// The bytes of a `Vec`'s buffer: what a position made of a `Vec` owns.
pub(crate) fn vec_bytes<T>(vec: &Vec<T>) -> usize {
    vec.capacity() * std::mem::size_of::<T>()
}

/// The least value not in `values`, using `seen` as scratch space: **O(k)** for `k` values,
/// as the mex of `k` values is at most `k` and larger values can never be it.
pub(crate) fn mex_of_codes<T: Copy + TryInto<usize>>(values: &[T], seen: &mut Vec<bool>) -> usize {
    seen.clear();
    seen.resize(values.len() + 1, false);
    for &value in values {
        if let Ok(index) = value.try_into()
            && let Some(slot) = seen.get_mut(index)
        {
            *slot = true;
        }
    }
    seen.iter()
        .position(|&present| !present)
        .unwrap_or(values.len())
}

impl BitXor for Nimber {
    type Output = Nimber;

    /// Nim-addition: the value of the sum of two games.
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    /// The nim-sum of many values.
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, BitXor::bitxor)
    }
}

/// Nimbers from every unsigned integer, and back: `u128` always, narrower types when the
/// value fits.
///
/// # Examples
///
/// ```
/// use impartial::Nimber;
///
/// assert_eq!(Nimber::from(5u8), Nimber(5));
/// assert_eq!(u128::from(Nimber(7)), 7);
/// assert_eq!(u64::try_from(Nimber(7)), Ok(7));
/// assert!(u8::try_from(Nimber(300)).is_err());
/// ```
macro_rules! nimber_conversions {
    ($($unsigned:ty),*) => {
        $(
            impl From<$unsigned> for Nimber {
                fn from(value: $unsigned) -> Self {
                    Nimber(to_u128(value))
                }
            }

            impl TryFrom<Nimber> for $unsigned {
                type Error = std::num::TryFromIntError;

                fn try_from(value: Nimber) -> Result<Self, Self::Error> {
                    <$unsigned>::try_from(value.0)
                }
            }
        )*
    };
}

nimber_conversions!(u8, u16, u32, u64, usize);

impl From<u128> for Nimber {
    fn from(value: u128) -> Self {
        Nimber(value)
    }
}

impl From<Nimber> for u128 {
    fn from(value: Nimber) -> Self {
        value.0
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// A heap size: an unsigned primitive integer — `u8`, `u16`, `u32`, `u64`, `u128` or
/// `usize`. The closed forms ([`nim`](crate::nim), [`fibonacci`](crate::fibonacci),
/// [`take_away`](crate::take_away), [`wythoff`](crate::wythoff)) work on any of them.
///
/// Rust reads an integer literal without a suffix as an `i32`, which is no heap size: write
/// `[3u64, 4, 5]`, or give the type (`let heaps: [u64; 3] = [3, 4, 5];`). The compiler's
/// error says so.
///
/// # Examples
///
/// ```
/// use impartial::{nim, HeapSize};
///
/// fn is_balanced<T: HeapSize>(heaps: &[T]) -> bool {
///     nim::nim_sum(heaps) == T::zero()
/// }
/// assert!(is_balanced(&[1u8, 2, 3]));
/// assert!(!is_balanced(&[u128::MAX, 1]));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a heap size: heap sizes are unsigned integers",
    label = "heap sizes must be u8, u16, u32, u64, u128 or usize",
    note = "an integer literal without a suffix is an `i32`: write `3u64`, or give the type, as in `let heaps: [u64; 3] = [3, 4, 5];`"
)]
pub trait HeapSize:
    PrimInt + Unsigned + Debug + Display + Hash + Default + Send + Sync + 'static + sealed::Sealed
{
}

mod sealed {
    /// Only the unsigned primitives are heap sizes.
    pub trait Sealed {}
}

macro_rules! heap_sizes {
    ($($unsigned:ty),*) => {
        $(
            impl sealed::Sealed for $unsigned {}
            impl HeapSize for $unsigned {}
        )*
    };
}

heap_sizes!(u8, u16, u32, u64, u128, usize);

/// Every heap size fits in a `u128`.
pub(crate) fn to_u128<T: HeapSize>(value: T) -> u128 {
    value
        .to_u128()
        .expect("unsigned primitives are at most 128 bits wide")
}

/// One of two things: a position of the left or of the right ruleset of a
/// [`Union`](crate::Union), or, as an iterator, one of two iterators of the same items.
///
/// # Examples
///
/// ```
/// use impartial::Either;
///
/// let heap: Either<Vec<u64>, u32> = Either::Left(vec![3]);
/// assert!(matches!(heap, Either::Left(_)));
/// let items: Either<std::ops::Range<u8>, std::option::IntoIter<u8>> = Either::Left(0..3);
/// assert_eq!(items.sum::<u8>(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Either<L, R> {
    /// The left one.
    Left(L),
    /// The right one.
    Right(R),
}

impl<L, R, T> Iterator for Either<L, R>
where
    L: Iterator<Item = T>,
    R: Iterator<Item = T>,
{
    type Item = T;

    fn next(&mut self) -> Option<T> {
        match self {
            Either::Left(left) => left.next(),
            Either::Right(right) => right.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Either::Left(left) => left.size_hint(),
            Either::Right(right) => right.size_hint(),
        }
    }
}

/// What the solvers' queries accept as a position: the position itself, a reference to it,
/// or — for the heap games, whose positions are [`Heaps`](crate::Heaps) — an array, a slice or a `Vec` of
/// heap sizes, as a user has them.
///
/// # Examples
///
/// ```
/// use impartial::{Heaps, Nim, Outcome, Solver};
///
/// let mut solver = Solver::new(Nim);
/// let heaps = vec![1, 2, 3];
/// assert_eq!(solver.outcome([1, 2, 3])?, Outcome::P);
/// assert_eq!(solver.outcome(&heaps)?, Outcome::P);
/// assert_eq!(solver.outcome(&heaps[..2])?, Outcome::N);
/// assert_eq!(solver.outcome(Heaps::from([1, 2, 3]))?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait IntoPosition<P> {
    /// What holds the position: the position itself, a reference to it, or one built from
    /// the sizes given.
    type Holder: Borrow<P>;

    /// The position, in a holder that lends it.
    fn into_holder(self) -> Self::Holder;
}

impl<P> IntoPosition<P> for P {
    type Holder = P;

    fn into_holder(self) -> P {
        self
    }
}

impl<'a, P> IntoPosition<P> for &'a P {
    type Holder = &'a P;

    fn into_holder(self) -> &'a P {
        self
    }
}

#[cfg(feature = "decompose")]
#[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
/// A position that can be written as bytes and read back: what a solver's table file
/// ([`Solver::save_table`](crate::Solver::save_table)) and a
/// [certificate](crate::certificate) hold.
///
/// Implemented for the unsigned integers (little-endian), pairs of stored positions, and the
/// positions of the games searched at the frontier. A ruleset whose positions are something
/// else implements it to save its tables and write certificates; a position with `serde`'s
/// `Serialize` and `Deserialize` can be written by any of its binary formats in two lines.
///
/// Read back, the bytes must give the position written, and a position must have one
/// writing: a certificate's checker refuses bytes that do not read back as they are.
///
/// # Examples
///
/// ```
/// use impartial::StoredPosition;
///
/// let mut bytes = Vec::new();
/// 0x0102_0304_0506_0708_u64.write_to(&mut bytes);
/// assert_eq!(u64::read_from(&bytes), Some(0x0102_0304_0506_0708));
/// assert_eq!(u64::read_from(&bytes[1..]), None); // too short to be one
///
/// // A position of a user's game: a heap and a limit on the next move.
/// #[derive(Debug, PartialEq)]
/// struct Heap { left: u32, limit: u16 }
///
/// impl StoredPosition for Heap {
///     fn write_to(&self, bytes: &mut Vec<u8>) {
///         (self.left, self.limit).write_to(bytes);
///     }
///     fn read_from(bytes: &[u8]) -> Option<Self> {
///         let (left, limit) = <(u32, u16)>::read_from(bytes)?;
///         Some(Heap { left, limit })
///     }
/// }
///
/// let mut bytes = Vec::new();
/// Heap { left: 7, limit: 2 }.write_to(&mut bytes);
/// assert_eq!(Heap::read_from(&bytes), Some(Heap { left: 7, limit: 2 }));
/// ```
pub trait StoredPosition: Sized {
    /// Appends the position's bytes to `bytes`.
    fn write_to(&self, bytes: &mut Vec<u8>);

    /// The position that `bytes`, all of them, hold; `None` if they hold none.
    fn read_from(bytes: &[u8]) -> Option<Self>;
}

#[cfg(feature = "decompose")]
macro_rules! stored_integer {
    ($($integer:ty),*) => {$(
        impl StoredPosition for $integer {
            fn write_to(&self, bytes: &mut Vec<u8>) {
                bytes.extend_from_slice(&self.to_le_bytes());
            }

            fn read_from(bytes: &[u8]) -> Option<Self> {
                Some(<$integer>::from_le_bytes(bytes.try_into().ok()?))
            }
        }
    )*};
}

#[cfg(feature = "decompose")]
stored_integer!(u8, u16, u32, u64, u128);

/// The first position's length (one byte, then the bytes of each in turn): a pair of
/// positions of any length reads back as it was written.
#[cfg(feature = "decompose")]
impl<A: StoredPosition, B: StoredPosition> StoredPosition for (A, B) {
    fn write_to(&self, bytes: &mut Vec<u8>) {
        let mut first = Vec::new();
        self.0.write_to(&mut first);
        // A first position of 255 bytes or more writes 255, then its length in four bytes.
        match u8::try_from(first.len()) {
            Ok(short) if short < u8::MAX => bytes.push(short),
            _ => {
                bytes.push(u8::MAX);
                let long = u32::try_from(first.len()).unwrap_or(u32::MAX);
                bytes.extend_from_slice(&long.to_le_bytes());
            }
        }
        bytes.extend_from_slice(&first);
        self.1.write_to(bytes);
    }

    fn read_from(bytes: &[u8]) -> Option<Self> {
        let (&short, rest) = bytes.split_first()?;
        let (length, rest) = if short == u8::MAX {
            let (long, rest) = rest.split_at_checked(4)?;
            (u32::from_le_bytes(long.try_into().ok()?) as usize, rest)
        } else {
            (usize::from(short), rest)
        };
        let (first, second) = rest.split_at_checked(length)?;
        Some((A::read_from(first)?, B::read_from(second)?))
    }
}

/// [`Decompose`]: what only the decomposing search asks of a ruleset — its positions' parts,
/// canonical forms, search sizes and value bounds — in a trait of its own, and
/// [`Decomposition`], how the solver finds them from [`ImpartialGame::DECOMPOSITION`]. In
/// this file, beside the trait it extends, as each names the other.
#[cfg(feature = "decompose")]
mod decomposition {
    use super::{ImpartialGame, Nimber, Play, PositionError};

    /// A ruleset whose positions fall apart into independent parts — a board into regions, a
    /// graph into connected components — and that can say so: the hooks of the solver's
    /// decomposing search (feature `decompose`), beside the moves every engine needs.
    ///
    /// Implement it, and set [`ImpartialGame::DECOMPOSITION`] to
    /// `Some(Decomposition::of())`: [`Solver`](crate::Solver) then answers outcomes, Grundy
    /// values and winning moves by Lemoine and Viennot's search over parts, and its tables,
    /// threads and certificates follow. Every hook has a default that says nothing, so a
    /// ruleset implements the ones it has.
    ///
    /// # Laws
    ///
    /// The answers must not change with the hooks, only the work: each part of
    /// [`components`](Self::components) strictly smaller than the position and together its
    /// sum, a [`canonical`](Self::canonical) form the same game (of the same value), a
    /// [`grundy_bound`](Self::grundy_bound) that holds. A hook that breaks them gives wrong
    /// answers; `tests/frontier.rs` holds every ruleset of the crate to the plain search.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Decompose, Decomposition, ImpartialGame, Nimber, Solver};
    ///
    /// /// Rows of counters; a move takes one counter, or two side by side, from a row,
    /// /// which may split it in two (the octal game 0.77, Kayles). A position is its rows.
    /// struct Kayles;
    ///
    /// impl ImpartialGame for Kayles {
    ///     type Position = Vec<u8>;
    ///     fn moves(&self, rows: &Vec<u8>) -> impl Iterator<Item = Vec<u8>> {
    ///         let mut options = Vec::new();
    ///         for (index, &row) in rows.iter().enumerate() {
    ///             for take in 1..=row.min(2) {
    ///                 for left in 0..=row - take {
    ///                     let mut option = rows.clone();
    ///                     option.remove(index);
    ///                     option.extend([left, row - take - left].into_iter().filter(|&r| r > 0));
    ///                     option.sort_unstable();
    ///                     options.push(option);
    ///                 }
    ///             }
    ///         }
    ///         options.into_iter()
    ///     }
    ///     const DECOMPOSITION: Option<Decomposition<Self>> = Some(Decomposition::of());
    /// }
    ///
    /// impl Decompose for Kayles {
    ///     /// Each row is a game of its own.
    ///     fn components(&self, rows: &Vec<u8>) -> Option<impl Iterator<Item = Vec<u8>>> {
    ///         (rows.len() > 1).then(|| rows.clone().into_iter().map(|row| vec![row]))
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new(Kayles);
    /// // Kayles' values (OEIS A002186): 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6 for rows of 0 to 11.
    /// assert_eq!(solver.grundy(vec![11])?, Nimber(6));
    /// assert_eq!(solver.grundy(vec![4, 7])?, Nimber(1 ^ 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    pub trait Decompose: ImpartialGame {
        /// A number the Grundy value of `position` is at most, if the ruleset knows one cheaply.
        ///
        /// The default knows none. The length of the longest play from `position` is one (a
        /// value is at most one more than its options' largest, and a position with no option
        /// is worth 0): in Cram, the dominoes that fit on the free cells, at most the free cells
        /// of either colour of a chessboard. The decomposing search stops ruling out values at
        /// the bound — all below it ruled out, the value is the bound — and answers "is the
        /// value `k`?" with no for every `k` above it, without a search. The bound must hold
        /// (see the laws of [`ImpartialGame`]): a bound below the value gives wrong answers.
        ///
        /// # Examples
        ///
        /// ```
        /// use impartial::cram::Cram;
        /// use impartial::Decompose;
        ///
        /// let game = Cram::new(3, 1)?;
        /// // Two dark cells and one light one, as on a chessboard: one domino at most; the
        /// // value is 1.
        /// assert_eq!(game.grundy_bound(&game.start()), Some(1));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        fn grundy_bound(&self, position: &Self::Position) -> Option<u128> {
            let _ = position;
            None
        }

        /// The independent games `position` is the sum of, when that says something new: more
        /// than one part, or one part smaller than `position` with the same value (cells no
        /// move can use dropped). Each part is a position of this game, the moves of `position`
        /// being the moves of one of them. `None` (the default) if it neither splits nor shrinks.
        ///
        /// By the Sprague–Grundy theorem the value of `position` is the XOR of its parts' values:
        /// the solver values each part once, on its own, and remembers it for every position it
        /// appears in — a board whose free cells fall into regions, a graph into connected
        /// components. Each part must be strictly smaller than `position` (a part equal to it
        /// is reported as [`SolveError::Cycle`](crate::SolveError::Cycle), not searched forever).
        /// Remoteness, suspense, scores and misère play do not add up over a sum: the solver
        /// ignores this hook for them.
        ///
        /// # Examples
        ///
        /// ```
        /// use impartial::cram::Cram;
        /// use impartial::Decompose;
        ///
        /// let game = Cram::new(5, 1)?;
        /// // A 1 × 5 strip with its middle cell covered: two strips of two.
        /// let parts: Vec<u64> = game
        ///     .components(&game.position(0b11011)?)
        ///     .expect("two regions")
        ///     .map(|part| part.bits())
        ///     .collect();
        /// assert_eq!(parts, [0b00011, 0b11000]);
        /// // A strip of four is one region with nothing to drop.
        /// assert!(game.components(&game.position(0b01111)?).is_none());
        /// // In a strip of three, either end can go: the middle cell still pairs with the other.
        /// let strip = game.position(0b00111)?;
        /// let parts: Vec<_> = game.components(&strip).expect("one smaller part").collect();
        /// assert_eq!(parts.len(), 1);
        /// assert_eq!(parts[0].free_cells(), 2);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        fn components(
            &self,
            position: &Self::Position,
        ) -> Option<impl Iterator<Item = Self::Position>> {
            let _ = position;
            None::<std::iter::Empty<Self::Position>>
        }

        /// A canonical form of `position`: another position of this game that is the same game
        /// — a board turned or mirrored, cells no move can reach dropped — so that the solver
        /// stores all of them as one. `None` (the default) if `position` is its own.
        ///
        /// Two positions with the same canonical form must have the same value, and the
        /// canonical form of a canonical form must be itself. The solver's decomposing search
        /// canonicalizes every part it looks up.
        ///
        /// # Examples
        ///
        /// ```
        /// use impartial::cram::Cram;
        /// use impartial::Decompose;
        ///
        /// let game = Cram::new(3, 3)?;
        /// // An L of three cells in one corner, and the same L turned into another corner.
        /// let corner = game.position(0b000_001_011)?;
        /// let turned = game.position(0b110_100_000)?;
        /// assert_eq!(game.canonical(&corner), game.canonical(&turned));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        fn canonical(&self, position: &Self::Position) -> Option<Self::Position> {
            let _ = position;
            None
        }

        /// How much searching `position` costs, roughly — larger for more: the free cells of a
        /// board, the vertices of a graph. The decomposing search values the smaller parts of a
        /// sum whole and asks only outcome questions of the largest, which prune; and it tries a
        /// position's options least first, by the size of each one's largest part (ties in the
        /// order [`moves`](ImpartialGame::moves) gives them), so a finer size that puts likely answers
        /// first can save most of a search (Sprouts: 8 spots in 0.8 s, against 146 s by lives
        /// alone). The default, 0, keeps the parts in the order
        /// [`components`](Self::components) gives them, the last searched last, and the options
        /// in the ruleset's order.
        ///
        /// # Examples
        ///
        /// ```
        /// use impartial::cram::Cram;
        /// use impartial::Decompose;
        ///
        /// let game = Cram::new(4, 4)?;
        /// assert_eq!(game.search_size(&game.start()), 16);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        fn search_size(&self, position: &Self::Position) -> usize {
            let _ = position;
            0
        }

        /// Whether the decomposing search should look for a winning option in rounds: every
        /// option tried with a small allowance of work (64 positions listed), those that ran out
        /// tried again with eight times as much, and so on, so that a cheap winning option
        /// placed after a costly losing one is found first. Set it to `true` where
        /// [`search_size`](Self::search_size)'s order is a poor guess of which option wins:
        /// Sprouts' 12 spots take 6 s in rounds against 233 s in order, and 13 spots, not
        /// answered within an hour in order, 13 s. `false` by default: the options tried in
        /// order, each to its end, which is faster where the order is good (Cram 5 × 8 takes
        /// 2.1 s in order, 12 s in rounds). Either way the answers are the same; only the work
        /// differs, and with it which winning move is found and what a certificate holds.
        ///
        /// Inside a round, a position runs rounds of its own only with 10 000 positions or more
        /// left to list.
        ///
        /// The outcome search of whole positions — misère play, where positions do not split
        /// into parts — takes the options in rounds
        /// too (with 100 000 or more left inside a round): misère Sprouts' 9 spots take 40 s so,
        /// against 160 s in order.
        ///
        /// # Examples
        ///
        /// ```
        /// use impartial::cram::Cram;
        /// use impartial::sprouts::Sprouts;
        /// use impartial::Decompose;
        ///
        /// assert!(Sprouts::SEARCH_IN_ROUNDS);
        /// assert!(!Cram::SEARCH_IN_ROUNDS);
        /// ```
        const SEARCH_IN_ROUNDS: bool = false;
    }

    /// A ruleset's components hook: each part handed to a function, whether there are parts.
    type Components<G> = fn(
        &G,
        &<G as ImpartialGame>::Position,
        &mut dyn FnMut(<G as ImpartialGame>::Position),
    ) -> bool;

    /// What the solver's decomposing search reads from [`ImpartialGame::DECOMPOSITION`]: a
    /// ruleset's [`Decompose`] hooks, made by [`Decomposition::of`] and only for a ruleset that
    /// implements them.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::{Decomposition, ImpartialGame};
    ///
    /// let decomposition: Option<Decomposition<Cram>> = Cram::DECOMPOSITION;
    /// assert!(decomposition.is_some());
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    pub struct Decomposition<G: ImpartialGame + ?Sized> {
        components: Components<G>,
        canonical: fn(&G, &G::Position) -> Option<G::Position>,
        search_size: fn(&G, &G::Position) -> usize,
        grundy_bound: fn(&G, &G::Position) -> Option<u128>,
        in_rounds: bool,
    }

    impl<G: ImpartialGame + ?Sized> Clone for Decomposition<G> {
        fn clone(&self) -> Self {
            *self
        }
    }

    impl<G: ImpartialGame + ?Sized> Copy for Decomposition<G> {}

    impl<G: ImpartialGame + ?Sized> std::fmt::Debug for Decomposition<G> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_struct("Decomposition")
                .field("in_rounds", &self.in_rounds)
                .finish_non_exhaustive()
        }
    }

    impl<G: Decompose> Decomposition<G> {
        /// The hooks of `G`'s [`Decompose`]: what `G` sets its
        /// [`DECOMPOSITION`](ImpartialGame::DECOMPOSITION) to.
        ///
        /// # Examples
        ///
        /// ```
        /// use impartial::cram::Cram;
        /// use impartial::Decomposition;
        ///
        /// const CRAM: Decomposition<Cram> = Decomposition::of();
        /// # let _ = CRAM;
        /// ```
        #[must_use]
        pub const fn of() -> Self {
            Decomposition {
                components: components_of::<G>,
                canonical: G::canonical,
                search_size: G::search_size,
                grundy_bound: G::grundy_bound,
                in_rounds: G::SEARCH_IN_ROUNDS,
            }
        }
    }

    impl<G: ImpartialGame> Decomposition<G> {
        /// The decomposition of a ruleset `G` that wraps another, `Inner`, on the same positions
        /// (a ruleset with a watch, a counter or a panic armed around it): `Inner`'s hooks, asked
        /// of the `Inner` that [`AsRef`] lends, or `None` if `Inner` does not decompose.
        ///
        /// # Examples
        ///
        /// ```
        /// use impartial::cram::Cram;
        /// use impartial::{Decomposition, ImpartialGame, Nim, Solver};
        ///
        /// /// A ruleset that counts the positions whose options are listed.
        /// struct Counted<G> {
        ///     game: G,
        ///     listed: std::cell::Cell<u64>,
        /// }
        ///
        /// impl<G> AsRef<G> for Counted<G> {
        ///     fn as_ref(&self) -> &G {
        ///         &self.game
        ///     }
        /// }
        ///
        /// impl<G: ImpartialGame> ImpartialGame for Counted<G> {
        ///     type Position = G::Position;
        ///     fn moves(&self, position: &G::Position) -> impl Iterator<Item = G::Position> {
        ///         self.listed.set(self.listed.get() + 1);
        ///         self.game.moves(position)
        ///     }
        ///     const DECOMPOSITION: Option<Decomposition<Self>> = Decomposition::through::<G>();
        /// }
        ///
        /// assert!(Counted::<Cram>::DECOMPOSITION.is_some());
        /// assert!(Counted::<Nim>::DECOMPOSITION.is_none());
        /// let cram = Cram::new(4, 4)?;
        /// let start = cram.start();
        /// let mut solver = Solver::new(Counted { game: cram, listed: Default::default() });
        /// assert_eq!(solver.grundy(start)?.0, 0);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[must_use]
        pub const fn through<Inner>() -> Option<Self>
        where
            G: AsRef<Inner>,
            Inner: ImpartialGame<Position = G::Position>,
        {
            match Inner::DECOMPOSITION {
                None => None,
                Some(inner) => Some(Decomposition {
                    components: through_components::<G, Inner>,
                    canonical: through_canonical::<G, Inner>,
                    search_size: through_search_size::<G, Inner>,
                    grundy_bound: through_grundy_bound::<G, Inner>,
                    in_rounds: inner.in_rounds,
                }),
            }
        }
    }

    fn through_components<G: AsRef<Inner>, Inner: ImpartialGame>(
        game: &G,
        position: &Inner::Position,
        each: &mut dyn FnMut(Inner::Position),
    ) -> bool {
        Hooks::each_component(game.as_ref(), position, each)
    }

    fn through_canonical<G: AsRef<Inner>, Inner: ImpartialGame>(
        game: &G,
        position: &Inner::Position,
    ) -> Option<Inner::Position> {
        Hooks::canonical(game.as_ref(), position)
    }

    fn through_search_size<G: AsRef<Inner>, Inner: ImpartialGame>(
        game: &G,
        position: &Inner::Position,
    ) -> usize {
        Hooks::search_size(game.as_ref(), position)
    }

    fn through_grundy_bound<G: AsRef<Inner>, Inner: ImpartialGame>(
        game: &G,
        position: &Inner::Position,
    ) -> Option<u128> {
        Hooks::grundy_bound(game.as_ref(), position)
    }

    /// `G`'s components, gathered: a few parts inline.
    /// `G`'s components, each handed to `each` as the hook lists them (the decomposing
    /// search adds them up as they come, with no list in between).
    fn components_of<G: Decompose>(
        game: &G,
        position: &G::Position,
        each: &mut dyn FnMut(G::Position),
    ) -> bool {
        match game.components(position) {
            Some(parts) => {
                parts.for_each(each);
                true
            }
            None => false,
        }
    }

    /// The hooks as the engines ask them of any ruleset: through
    /// [`DECOMPOSITION`](ImpartialGame::DECOMPOSITION), a constant, so that each call is
    /// direct (and for a ruleset that keeps `None`, nothing at all).
    pub(crate) trait Hooks: ImpartialGame {
        /// Whether the ruleset decomposes.
        const DECOMPOSES: bool;
        /// Whether it asks for its options in rounds.
        const IN_ROUNDS: bool;

        /// Hands each part of `position` to `each`; whether it has parts to say.
        fn each_component(
            &self,
            position: &Self::Position,
            each: &mut dyn FnMut(Self::Position),
        ) -> bool;

        fn canonical(&self, position: &Self::Position) -> Option<Self::Position>;
        fn search_size(&self, position: &Self::Position) -> usize;
        fn grundy_bound(&self, position: &Self::Position) -> Option<u128>;
    }

    impl<G: ImpartialGame> Hooks for G {
        const DECOMPOSES: bool = G::DECOMPOSITION.is_some();
        const IN_ROUNDS: bool = match G::DECOMPOSITION {
            Some(decomposition) => decomposition.in_rounds,
            None => false,
        };

        #[inline]
        fn each_component(
            &self,
            position: &G::Position,
            each: &mut dyn FnMut(G::Position),
        ) -> bool {
            G::DECOMPOSITION.is_some_and(|hooks| (hooks.components)(self, position, each))
        }

        #[inline]
        fn canonical(&self, position: &G::Position) -> Option<G::Position> {
            G::DECOMPOSITION.and_then(|hooks| (hooks.canonical)(self, position))
        }

        #[inline]
        fn search_size(&self, position: &G::Position) -> usize {
            G::DECOMPOSITION.map_or(0, |hooks| (hooks.search_size)(self, position))
        }

        #[inline]
        fn grundy_bound(&self, position: &G::Position) -> Option<u128> {
            G::DECOMPOSITION.and_then(|hooks| (hooks.grundy_bound)(self, position))
        }
    }

    /// The same game searched whole: `G`'s moves, closed forms and convention, and no
    /// [`Decomposition`], so that [`Solver`](crate::Solver) answers it by the plain search,
    /// every position whole and every option looked at — the reference a decomposing search is
    /// held to, and what a ruleset's hooks save.
    ///
    /// Its name, as [`Debug`](std::fmt::Debug) writes it and a certificate records it, is
    /// `Whole(…)`: a certificate of the whole game is not one of `G`, whose check splits
    /// positions into parts.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::{Solver, Whole};
    ///
    /// let game = Cram::new(3, 4)?;
    /// let mut whole = Solver::new(Whole(game));
    /// let mut parts = Solver::new(game);
    /// assert_eq!(whole.grundy(game.start())?, parts.grundy(game.start())?);
    /// assert!(whole.stats().states > parts.stats().states);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    pub struct Whole<G>(pub G);

    impl<G: ImpartialGame> ImpartialGame for Whole<G> {
        type Position = G::Position;

        const PLAY: Play = G::PLAY;

        fn moves(&self, position: &G::Position) -> impl Iterator<Item = G::Position> {
            self.0.moves(position)
        }

        fn check_position(&self, position: &G::Position) -> Result<(), PositionError> {
            self.0.check_position(position)
        }

        fn dense_index(&self, position: &G::Position) -> Option<usize> {
            self.0.dense_index(position)
        }

        fn allocated_bytes(&self, position: &G::Position) -> usize {
            self.0.allocated_bytes(position)
        }

        fn known_grundy(&self, position: &G::Position) -> Option<Nimber> {
            self.0.known_grundy(position)
        }
    }
}
