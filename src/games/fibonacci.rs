//! Fibonacci Nim in **O(log N)**: Zeckendorf representations and the winning rule.
//!
//! One heap of `N` counters; the first player takes 1 to `N − 1`, then each player takes at
//! least one and at most twice what the opponent just took; whoever takes the last counter
//! wins. Whinihan (1963) showed that the first player loses exactly when `N` is a Fibonacci
//! number, and that from `(remaining, limit)` the player to move wins iff the smallest term
//! of the *Zeckendorf representation* of `remaining` (its greedy sum of non-consecutive
//! Fibonacci numbers 1, 2, 3, 5, 8, …) is at most `limit`: taking that term wins.
//!
//! ```
//! use impartial::fibonacci;
//! use impartial::take_away::TakeAwayState;
//!
//! assert_eq!(fibonacci::zeckendorf(100u64).collect::<Vec<_>>(), [89, 8, 3]);
//! assert!(fibonacci::is_fibonacci(144u64));
//! // From the start with 100 counters, take 3: 97 are left, and the opponent may take 6.
//! let best = fibonacci::winning_move(100u64).expect("100 is not a Fibonacci number");
//! assert_eq!((best.take, best.to), (3, TakeAwayState::new(97, 6)));
//! // 97 = 89 + 8, whose smallest term is more than 6: every reply loses.
//! assert_eq!(fibonacci::winning_move(best.to), None);
//! ```
//!
//! The general method would search `O(N²)` states in `O(N³)` time; these functions read a
//! table of the Fibonacci numbers that fit in the type (92 for `u64`, 185 for `u128`: F(93)
//! is the last in `u64`, F(186) in `u128`), built once. They are the `k = 2` case of
//! [`take_away`](crate::take_away), and share its code.
//!
//! M. J. Whinihan, "Fibonacci Nim", *Fibonacci Quarterly* 1 (1963) 9–13; E. Zeckendorf,
//! *Bull. Soc. Roy. Sci. Liège* 41 (1972) 179–182; OEIS A000045.

#[cfg(feature = "bigint")]
pub mod big;

use std::iter::FusedIterator;
use std::marker::PhantomData;
use std::sync::OnceLock;

use crate::game::Either;
use crate::game::HeapSize;
use crate::game::Outcome;
use crate::games::golden::{floor_over_phi, high_half_product};
use crate::games::take_away::{self, SizeTable, TakeAway, TakeAwayState, TakeMove, Terms};

/// Fibonacci Nim as a ruleset: the take-away game with multiplier 2.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::FibonacciNim;
/// use impartial::take_away::{TakeAway, TakeAwayState};
/// use impartial::{Outcome, Solver};
///
/// let game: FibonacciNim<u32> = TakeAway::fibonacci_nim();
/// let mut solver = Solver::new(game);
/// assert_eq!(solver.outcome(&TakeAwayState::start(21))?, Outcome::P);
/// // 20 = 13 + 5 + 2: taking 2 leaves 18 = 13 + 5, and the opponent may take at most 4.
/// assert_eq!(solver.winning_move(&TakeAwayState::start(20))?, Some(TakeAwayState::new(18, 4)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type FibonacciNim<T = u64> = TakeAway<T>;

fn table_u64() -> &'static TakeAway<u64> {
    static TABLE: OnceLock<TakeAway<u64>> = OnceLock::new();
    TABLE.get_or_init(TakeAway::fibonacci_nim)
}

fn table_u128() -> &'static TakeAway<u128> {
    static TABLE: OnceLock<TakeAway<u128>> = OnceLock::new();
    TABLE.get_or_init(TakeAway::fibonacci_nim)
}

/// F(91) and F(92); F(93) is the largest Fibonacci number below 2⁶⁴.
const F91: u128 = 4_660_046_610_375_530_309;
const F92: u128 = 7_540_113_804_746_346_429;
/// `⌊φ⁻⁹¹ · 2¹⁹⁰⌋`.
const PHI_POWER_MINUS_91: u128 = 0x714c_6f2c_8724_eccc_fa0a_ff5f_1667_f9db;

/// The Zeckendorf terms of at least F(93) of a number whose high terms, shifted down by 91
/// places, make the number `a`: `Σ F(j + 91) = a·F(92) + b·F(91)` with `b = Σ F(j − 1)
/// = ⌊(a + 1)/φ⌋` (from `F(j + 91) = F(j)·F(92) + F(j − 1)·F(91)`). `None` on overflow.
fn high_terms(a: u128) -> Option<u128> {
    let b = floor_over_phi(a.checked_add(1)?);
    a.checked_mul(F92)?.checked_add(b.checked_mul(F91)?)
}

/// The smallest Zeckendorf term of a `u128`.
///
/// A wide size splits as `n = H + L`: `H` its terms of at least F(93), `L < F(93) < 2⁶⁴` the
/// rest. `H` is `high_terms(a)` for the largest `a` that keeps it at most `n`, and
/// `a ≈ n/φ⁹¹` — a fixed-point product, off by at most one — so the wide part costs two
/// or three exact evaluations instead of a walk through 93 more Fibonacci numbers; `L`
/// goes to the `u64` walk.
fn smallest_term_u128(n: u128) -> Option<u128> {
    if let Ok(narrow) = u64::try_from(n) {
        if narrow == 0 {
            return None;
        }
        return Some(u128::from(sizes_u64().smallest_listed_term(narrow)));
    }
    let fits = |a: u128| high_terms(a).is_some_and(|high| high <= n);
    let mut a = high_half_product(n, PHI_POWER_MINUS_91) >> 62;
    while !fits(a) {
        a -= 1;
    }
    while fits(a + 1) {
        a += 1;
    }
    let high = high_terms(a)?;
    // The rest is below F(93) < 2⁶⁴.
    match (n - high) as u64 {
        0 => {
            // n is all high terms: its smallest is F(j + 91) for the smallest term F(j) of
            // a, and F(j − 1) = ⌊(F(j) + 1)/φ⌋.
            let term = sizes_u128().smallest_listed_term(a);
            Some(term * F92 + floor_over_phi(term + 1) * F91)
        }
        low => Some(u128::from(sizes_u64().smallest_listed_term(low))),
    }
}

fn sizes_u64() -> SizeTable<'static, u64> {
    table_u64().sizes()
}

fn sizes_u128() -> SizeTable<'static, u128> {
    table_u128().sizes()
}

/// Whether `T` is at most 64 bits wide, so that the `u64` table serves it.
fn fits_u64<T: HeapSize>() -> bool {
    T::max_value().to_u64().is_some()
}

/// A term of a number of type `T` is at most that number, so it fits in `T`.
fn from_u64<T: HeapSize>(value: u64) -> T {
    T::from(value).unwrap_or_else(T::max_value)
}

fn from_u128<T: HeapSize>(value: u128) -> T {
    T::from(value).unwrap_or_else(T::max_value)
}

/// The Zeckendorf representation of `n`: its Fibonacci numbers, largest first, taken
/// greedily; no two are consecutive Fibonacci numbers. Empty for 0.
///
/// Lazy; each term costs **O(1)** amortized for all of `n`'s up to 92 (`u64`) terms.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci;
///
/// assert_eq!(fibonacci::zeckendorf(0u8).count(), 0);
/// assert_eq!(fibonacci::zeckendorf(4u8).collect::<Vec<_>>(), [3, 1]);
/// assert_eq!(fibonacci::zeckendorf(u64::MAX).next(), Some(12_200_160_415_121_876_738)); // F(93)
/// assert_eq!(fibonacci::zeckendorf(u128::MAX).count(), 61);
/// ```
#[doc(alias = "Zeckendorf")]
pub fn zeckendorf<T: HeapSize>(n: T) -> Zeckendorf<T> {
    // The conversions cannot fail: `fits_u64` checked the width, and every heap type fits
    // in u128.
    let terms = if fits_u64::<T>() {
        Either::Left(sizes_u64().terms(n.to_u64().unwrap_or(0)))
    } else {
        Either::Right(sizes_u128().terms(n.to_u128().unwrap_or(0)))
    };
    Zeckendorf {
        terms,
        width: PhantomData,
    }
}

/// The Zeckendorf terms of a number, largest first: returned by [`zeckendorf`].
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::{self, Zeckendorf};
///
/// let terms: Zeckendorf<u32> = fibonacci::zeckendorf(100);
/// assert!(terms.eq([89, 8, 3]));
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Zeckendorf<T> {
    terms: Either<Terms<'static, u64>, Terms<'static, u128>>,
    width: PhantomData<T>,
}

impl<T: HeapSize> Iterator for Zeckendorf<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        match &mut self.terms {
            Either::Left(terms) => terms.next().map(from_u64::<T>),
            Either::Right(terms) => terms.next().map(from_u128::<T>),
        }
    }
}

impl<T: HeapSize> FusedIterator for Zeckendorf<T> {}

/// The smallest term of the Zeckendorf representation of `n`, `None` for 0.
///
/// Computes in **O(log N)** time.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci;
///
/// assert_eq!(fibonacci::smallest_term(0u32), None);
/// assert_eq!(fibonacci::smallest_term(12u32), Some(1)); // 8 + 3 + 1
/// assert_eq!(fibonacci::smallest_term(13u32), Some(13));
/// ```
#[must_use]
pub fn smallest_term<T: HeapSize>(n: T) -> Option<T> {
    if fits_u64::<T>() {
        sizes_u64().smallest_term(n.to_u64()?).map(from_u64::<T>)
    } else {
        smallest_term_u128(n.to_u128()?).map(from_u128::<T>)
    }
}

/// Whether `n` is a Fibonacci number (1, 2, 3, 5, 8, …; 0 is not counted): exactly the
/// losing start sizes of Fibonacci Nim.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci;
///
/// assert!(!fibonacci::is_fibonacci(0u64));
/// assert!(fibonacci::is_fibonacci(1u64));
/// assert!(!fibonacci::is_fibonacci(4u64));
/// assert!(fibonacci::is_fibonacci(12_200_160_415_121_876_738u64)); // F(93)
/// assert!(!fibonacci::is_fibonacci(u64::MAX));
/// ```
#[must_use]
pub fn is_fibonacci<T: HeapSize>(n: T) -> bool {
    !n.is_zero() && smallest_term(n) == Some(n)
}

/// Who wins Fibonacci Nim from `state` — or from the start, given a heap size: `N` iff the
/// smallest Zeckendorf term of `remaining` is at most `limit`.
///
/// # Examples
///
/// ```
/// use impartial::{fibonacci, Outcome};
/// use impartial::take_away::TakeAwayState;
///
/// assert_eq!(fibonacci::outcome(55u16), Outcome::P);
/// assert_eq!(fibonacci::outcome(56u16), Outcome::N);
/// assert_eq!(fibonacci::outcome(TakeAwayState::new(56u16, 0)), Outcome::P);
/// ```
#[must_use]
pub fn outcome<T: HeapSize>(state: impl Into<TakeAwayState<T>>) -> Outcome {
    if winning_move(state).is_some() {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The winning move that takes the least — the smallest Zeckendorf term of `remaining` —
/// from `state` (or from the start, given a heap size), or `None` from a P-position.
///
/// Computes in **O(log N)** time.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci;
/// use impartial::take_away::TakeAwayState;
///
/// let best = fibonacci::winning_move(20u64).expect("20 = 13 + 5 + 2"); // take 2
/// assert_eq!((best.take, best.to), (2, TakeAwayState::new(18, 4)));
/// assert_eq!(fibonacci::winning_move(TakeAwayState::new(20u64, 1)), None);
/// assert_eq!(fibonacci::winning_move(21u64), None);
/// ```
#[must_use]
pub fn winning_move<T: HeapSize>(state: impl Into<TakeAwayState<T>>) -> Option<TakeMove<T>> {
    let state = state.into();
    let limit = state.limit.min(state.remaining);
    smallest_term(state.remaining)
        .filter(|&term| term <= limit)
        .map(|take| TakeMove::new(state, take, 2))
}

/// Every winning move from `state` (or from the start, given a heap size), smallest take
/// first (as [`TakeAway`]'s [`ClosedForm::winning_moves`](crate::ClosedForm::winning_moves)): the first is [`winning_move`]'s.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci;
/// use impartial::take_away::TakeAwayState;
///
/// let takes: Vec<u32> = fibonacci::winning_moves(TakeAwayState::new(20u32, 20))
///     .map(|made| made.take)
///     .collect();
/// assert_eq!(takes, [2, 20]); // the smallest term, or all of it
/// ```
pub fn winning_moves<T: HeapSize>(state: impl Into<TakeAwayState<T>>) -> WinningMoves<T> {
    let state = state.into();
    // The conversions cannot fail: `fits_u64` checked the width, and every heap type fits
    // in u128.
    let moves = if fits_u64::<T>() {
        let state = TakeAwayState::new(
            state.remaining.to_u64().unwrap_or(0),
            state.limit.to_u64().unwrap_or(0),
        );
        Either::Left(take_away::winning_moves(sizes_u64(), 2, state))
    } else {
        let state = TakeAwayState::new(
            state.remaining.to_u128().unwrap_or(0),
            state.limit.to_u128().unwrap_or(0),
        );
        Either::Right(take_away::winning_moves(sizes_u128(), 2, state))
    };
    WinningMoves {
        moves,
        width: PhantomData,
    }
}

/// The winning moves of Fibonacci Nim from a state, smallest take first: returned by
/// [`winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::{self, WinningMoves};
///
/// let moves: WinningMoves<u8> = fibonacci::winning_moves(100);
/// assert!(moves.map(|made| made.take).eq([3, 11])); // 100 = 89 + 8 + 3
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<T> {
    moves: Either<take_away::WinningMoves<u64>, take_away::WinningMoves<u128>>,
    width: PhantomData<T>,
}

impl<T: HeapSize> Iterator for WinningMoves<T> {
    type Item = TakeMove<T>;

    fn next(&mut self) -> Option<TakeMove<T>> {
        // Every number of the move is at most the state's, which came from a `T`.
        match &mut self.moves {
            Either::Left(moves) => moves.next().and_then(TakeMove::convert),
            Either::Right(moves) => moves.next().and_then(TakeMove::convert),
        }
    }
}

impl<T: HeapSize> FusedIterator for WinningMoves<T> {}
