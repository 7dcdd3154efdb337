//! Take-away games with a multiplier: Fibonacci Nim and its relatives, in **O(log N)**.
//!
//! One heap of `N` counters. The first player takes 1 to `N − 1`; after that a player takes
//! at least one counter and at most `k` times what the opponent just took; whoever takes the
//! last counter wins. A position is a [`TakeAwayState`] `(remaining, limit)`: after taking
//! `t`, the opponent faces `(remaining − t, k·t)`. With `k = 2` this is Fibonacci Nim
//! (see [`fibonacci`](crate::fibonacci) for its ready-made functions).
//!
//! # The theory (Schwenk, 1970)
//!
//! The losing start sizes are `H₁ = 1` and `H_{j+1} = H_j + H_m`, with `m` the smallest index
//! such that `k·H_m ≥ H_j`: powers of two for `k = 1`, the Fibonacci numbers for `k = 2`.
//! Every `n > 0` is, uniquely, a sum of these taken greedily (largest first), and in such a
//! sum each term is more than `k` times the next. Then:
//!
//! - the player to move from `(n, limit)` wins **iff the smallest term of `n` is at most
//!   `limit`**, and taking that term wins (it leaves a sum whose smallest term exceeds `k`
//!   times what was taken);
//! - every winning move takes a *tail* of the sum: the last term, the last two, …, or all of
//!   `n` — whichever tails are at most `limit` and at most `1/k` of the term before them.
//!
//! A. J. Schwenk, "Take-away games", *Fibonacci Quarterly* 8 (1970) 225–234; Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 15.
//!
//! # Limits
//!
//! A [`TakeAway`] keeps the losing sizes as a table. Sizes `1..=k+1` are all losing and are
//! not stored; above them the table grows like `k·ln(max/k)`, so for a wide heap type and a
//! multiplier in the middle range it would not fit in memory. The table is then cut at 2²⁰
//! stored entries and [`TakeAway::covered`] says the largest heap it decides; the `try_`
//! methods return [`GameError::HeapBeyondTable`] above that, and the plain methods panic.
//! Every multiplier covers every heap of `u8` and `u16`; the whole range of `u32` is covered
//! for `k ≤ 102 607`, of `u64` for `k ≤ 31 216` and of `u128` for `k ≤ 13 306` (measured),
//! and of any type for `k ≥ T::MAX − 1`.

use std::fmt;
use std::hint::select_unpredictable;

use crate::error::GameError;
use crate::game::ImpartialGame;
use crate::nim::{HeapSize, to_u128};

/// The most losing sizes a table stores above its implicit run `1..=k+1`.
const MAX_TABLE: usize = 1 << 20;

/// A position of a take-away game: counters left, and the most the player to move may take.
///
/// # Examples
///
/// ```
/// use impartial::take_away::TakeAwayState;
///
/// let state = TakeAwayState::new(10u32, 3);
/// assert_eq!((state.remaining, state.limit), (10, 3));
/// assert_eq!(TakeAwayState::start(10u32), TakeAwayState::new(10, 9));
/// assert_eq!(state.to_string(), "10 left, take at most 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TakeAwayState<T> {
    /// Counters left on the heap.
    pub remaining: T,
    /// The most the player to move may take (more than `remaining` means "all of them").
    pub limit: T,
}

impl<T: HeapSize> TakeAwayState<T> {
    /// The state `(remaining, limit)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAwayState;
    ///
    /// assert_eq!(TakeAwayState::new(5u8, 2).limit, 2);
    /// ```
    #[must_use]
    pub fn new(remaining: T, limit: T) -> Self {
        TakeAwayState { remaining, limit }
    }

    /// The start of a game with `n` counters: the first player may take 1 to `n − 1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAwayState;
    ///
    /// assert_eq!(TakeAwayState::start(8u64).limit, 7);
    /// assert_eq!(TakeAwayState::start(0u64).limit, 0);
    /// ```
    #[must_use]
    pub fn start(n: T) -> Self {
        TakeAwayState {
            remaining: n,
            limit: n.saturating_sub(T::one()),
        }
    }

    /// The most the player to move can actually take: `min(limit, remaining)`.
    fn max_take(self) -> T {
        self.limit.min(self.remaining)
    }
}

impl<T: HeapSize> fmt::Display for TakeAwayState<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} left, take at most {}", self.remaining, self.limit)
    }
}

/// The losing sizes of one multiplier, as the greedy representation needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LosingSizes<'a, T> {
    /// Every size `1..=linear_end` is a losing size (`linear_end = min(k + 1, T::MAX)`).
    pub(crate) linear_end: T,
    /// The losing sizes above `linear_end`, ascending.
    pub(crate) tail: &'a [T],
    /// `by_bits[b]`: how many tail entries have at most `b` significant bits, so the entries
    /// of bit length `b` are `tail[by_bits[b - 1]..by_bits[b]]`.
    pub(crate) by_bits: &'a [usize],
    /// `k = 1`: the losing sizes are the powers of two.
    pub(crate) powers_of_two: bool,
}

impl<'a, T: HeapSize> LosingSizes<'a, T> {
    /// The largest losing size `≤ n`, for `0 < n ≤` the table's coverage.
    ///
    /// The table is bucketed by bit length, so only the entries with as many bits as `n` are
    /// searched: at most two for Fibonacci Nim, a handful for small multipliers.
    #[inline]
    fn top_term(&self, n: T) -> T {
        if n <= self.linear_end {
            return n;
        }
        let bits = (T::zero().count_zeros() - n.leading_zeros()) as usize;
        let (start, end) = (self.by_bits[bits - 1], self.by_bits[bits]);
        let within = self.tail[start..end].partition_point(|&size| size <= n);
        match (start + within).checked_sub(1) {
            Some(index) => self.tail[index],
            None => self.linear_end,
        }
    }

    /// The greedy representation of `n`, largest term first.
    pub(crate) fn terms(self, n: T) -> Terms<'a, T> {
        Terms {
            sizes: self,
            rest: n,
        }
    }

    /// The smallest term of the greedy representation of `n`, `None` for 0.
    ///
    /// For `k = 1` the losing sizes are the powers of two and this is the lowest set bit. For
    /// `k ≥ 2` two neighbouring losing sizes are never both terms (`H_{j+1} ≤ 2·H_j ≤ k·H_j`),
    /// so the table is walked down two entries at a time: each step takes the larger of the
    /// pair, the smaller, or neither, chosen without branches — the choices are as random as
    /// the bits of `n`, and mispredicted branches would cost more than the walk.
    #[inline]
    pub(crate) fn smallest_term(&self, n: T) -> Option<T> {
        if n.is_zero() {
            return None;
        }
        if self.powers_of_two {
            return Some(n ^ (n & (n - T::one())));
        }
        let zero = T::zero();
        // Entries with more bits than `n` cannot be terms; those with as many may be, and the
        // walk skips them when they exceed `n`.
        let bits = (zero.count_zeros() - n.leading_zeros()) as usize;
        let top = self.by_bits[bits];
        let mut rest = n;
        let mut last = zero;
        let mut pairs = self.tail[..top].rchunks_exact(2);
        for pair in &mut pairs {
            let (smaller, larger) = (pair[0], pair[1]);
            let take = select_unpredictable(
                rest >= larger,
                larger,
                select_unpredictable(rest >= smaller, smaller, zero),
            );
            rest = rest - take;
            last = select_unpredictable(take.is_zero(), last, take);
        }
        if let [single] = pairs.remainder() {
            let take = rest >= *single;
            rest = rest - select_unpredictable(take, *single, zero);
            last = select_unpredictable(take, *single, last);
        }
        // What is left lies below the tail: one term of the run 1..=k+1, or that run's top
        // and then one more term of it.
        if rest.is_zero() {
            Some(last)
        } else if rest <= self.linear_end {
            Some(rest)
        } else {
            Some(rest - self.linear_end)
        }
    }
}

/// The greedy representation of a number as a sum of losing sizes, largest term first.
///
/// Returned by [`TakeAway::representation`].
///
/// # Examples
///
/// ```
/// use impartial::take_away::{TakeAway, Terms};
///
/// let game = TakeAway::<u32>::fibonacci_nim();
/// let terms: Terms<'_, u32> = game.representation(100);
/// assert_eq!(terms.collect::<Vec<_>>(), [89, 8, 3]);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Terms<'a, T> {
    sizes: LosingSizes<'a, T>,
    rest: T,
}

impl<T: HeapSize> Iterator for Terms<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        if self.rest.is_zero() {
            return None;
        }
        let term = self.sizes.top_term(self.rest);
        self.rest = self.rest - term;
        Some(term)
    }
}

impl<T: HeapSize> std::iter::FusedIterator for Terms<'_, T> {}

/// Whether `k·t < bound`, without computing `k·t` (which may overflow).
#[inline]
pub(crate) fn k_times_below<T: HeapSize>(k: u64, t: T, bound: T) -> bool {
    if bound.is_zero() {
        return false;
    }
    // k·t < bound  ⇔  t ≤ (bound − 1) / k, and a k wider than T makes the right side 0.
    match T::from(k) {
        Some(k) => t <= (bound - T::one()) / k,
        None => false,
    }
}

/// `min(k·t, cap)`, without overflow.
#[inline]
pub(crate) fn k_times_capped<T: HeapSize>(k: u64, t: T, cap: T) -> T {
    T::from(k)
        .and_then(|k| k.checked_mul(&t))
        .map_or(cap, |product| product.min(cap))
}

/// The winning takes from `state`, largest first: the tails of the greedy sum of the
/// remaining counters that the rules allow and that leave the opponent lost.
///
/// Returned by [`TakeAway::winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::take_away::{TakeAway, TakeAwayState, WinningTakes};
///
/// let game = TakeAway::<u16>::fibonacci_nim();
/// let takes: WinningTakes<'_, u16> = game.winning_moves(TakeAwayState::new(16, 16));
/// assert_eq!(takes.collect::<Vec<_>>(), [16, 3]); // 16 = 13 + 3
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningTakes<'a, T> {
    terms: Terms<'a, T>,
    k: u64,
    max_take: T,
    /// What remains of `n` after the terms seen so far: the next tail.
    tail_sum: T,
    /// The term before the next tail, or `None` at the start (the tail is all of `n`).
    previous: Option<T>,
}

impl<T: HeapSize> Iterator for WinningTakes<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        while !self.tail_sum.is_zero() {
            let take = self.tail_sum;
            let leaves_a_loss = match self.previous {
                None => true,
                Some(previous) => k_times_below(self.k, take, previous),
            };
            let term = self.terms.next()?;
            self.previous = Some(term);
            self.tail_sum = self.tail_sum - term;
            if leaves_a_loss && take <= self.max_take {
                return Some(take);
            }
        }
        None
    }
}

impl<T: HeapSize> std::iter::FusedIterator for WinningTakes<'_, T> {}

/// The outcome rule on a table of losing sizes.
pub(crate) fn winning_takes<T: HeapSize>(
    sizes: LosingSizes<'_, T>,
    k: u64,
    state: TakeAwayState<T>,
) -> WinningTakes<'_, T> {
    WinningTakes {
        terms: Terms {
            rest: state.remaining,
            sizes,
        },
        k,
        max_take: state.max_take(),
        tail_sum: state.remaining,
        previous: None,
    }
}

/// The take-away game with multiplier `k` on heaps of type `T`, and its closed form.
///
/// Implements [`ImpartialGame`] on [`TakeAwayState`]s, so the [`Solver`](crate::Solver) can
/// play it and check the theory; its own methods answer in **O(log N)** from the table of
/// losing sizes built once by [`new`](Self::new).
///
/// # Examples
///
/// ```
/// use impartial::take_away::{TakeAway, TakeAwayState};
/// use impartial::Outcome;
///
/// let game = TakeAway::<u64>::new(3)?; // take at most three times the last take
/// let losing: Vec<u64> = game.losing_sizes().take(9).collect();
/// assert_eq!(losing, [1, 2, 3, 4, 6, 8, 11, 15, 21]);
/// assert_eq!(game.outcome(TakeAwayState::start(15)), Outcome::P);
/// // 20 = 15 + 4 + 1: take the smallest term, 1.
/// assert_eq!(game.winning_move(TakeAwayState::start(20)), Some(1));
/// # Ok::<(), impartial::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAway<T> {
    k: u64,
    linear_end: T,
    tail: Vec<T>,
    by_bits: Vec<usize>,
    covered: T,
}

impl<T: HeapSize> TakeAway<T> {
    /// The game with multiplier `k`, with its table of losing sizes.
    ///
    /// Computes in **O(L)** time and memory for the `L` losing sizes above `k + 1` that fit
    /// in `T` (92 for Fibonacci Nim on `u64`), at most 2²⁰ (see the [module docs](self)).
    ///
    /// # Errors
    ///
    /// [`GameError::ZeroMultiplier`] for `k = 0`, which would allow no move after the first.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    /// use impartial::GameError;
    ///
    /// assert_eq!(TakeAway::<u32>::new(0), Err(GameError::ZeroMultiplier(0)));
    /// let powers = TakeAway::<u8>::new(1)?;
    /// assert!(powers.losing_sizes().eq([1, 2, 4, 8, 16, 32, 64, 128]));
    /// let huge = TakeAway::<u64>::new(u64::MAX)?; // every size up to k + 1 is losing
    /// assert_eq!(huge.covered(), u64::MAX);
    /// # Ok::<(), GameError>(())
    /// ```
    pub fn new(k: u64) -> Result<Self, GameError> {
        if k == 0 {
            return Err(GameError::ZeroMultiplier(k));
        }
        let linear_end = T::from(k)
            .and_then(|k| k.checked_add(&T::one()))
            .unwrap_or_else(T::max_value);
        let mut tail: Vec<T> = Vec::new();
        let mut covered = T::max_value();
        let mut last = linear_end;
        while last < T::max_value() {
            // H_{j+1} = H_j + H_m, with H_m the least losing size ≥ ⌈H_j / k⌉.
            // ⌈last / k⌉, without the overflow of `last + k − 1` near `T::MAX`.
            let need = match T::from(k) {
                Some(k) if (last % k).is_zero() => last / k,
                Some(k) => last / k + T::one(),
                None => T::one(),
            };
            let step = if need <= linear_end {
                need
            } else {
                tail[tail.partition_point(|&size| size < need)]
            };
            let Some(next) = last.checked_add(&step) else {
                break;
            };
            if tail.len() == MAX_TABLE {
                covered = next - T::one();
                break;
            }
            tail.push(next);
            last = next;
        }
        tail.shrink_to_fit();
        let width = T::zero().count_zeros();
        let by_bits = (0..=width)
            .map(|bits| tail.partition_point(|&size| width - size.leading_zeros() <= bits))
            .collect();
        Ok(TakeAway {
            k,
            linear_end,
            tail,
            by_bits,
            covered,
        })
    }

    /// Fibonacci Nim: the game with `k = 2`.
    ///
    /// # Panics
    ///
    /// Never: 2 is a valid multiplier.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u64>::fibonacci_nim();
    /// assert_eq!(game.multiplier(), 2);
    /// assert_eq!(game.losing_sizes().count(), 92); // F(2) = 1 … F(93)
    /// ```
    #[must_use]
    pub fn fibonacci_nim() -> Self {
        Self::new(2).expect("2 is a valid multiplier")
    }

    /// The multiplier `k`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// assert_eq!(TakeAway::<u16>::new(5)?.multiplier(), 5);
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn multiplier(&self) -> u64 {
        self.k
    }

    /// The largest heap size the table decides: `T::MAX` unless the table was cut (see the
    /// [module docs](self)).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// assert_eq!(TakeAway::<u64>::new(6)?.covered(), u64::MAX);
    /// assert!(TakeAway::<u64>::new(1 << 40)?.covered() < u64::MAX);
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn covered(&self) -> T {
        self.covered
    }

    /// The losing start sizes `H₁ < H₂ < …` that fit in `T` (up to [`covered`](Self::covered)),
    /// lazily: the run `1..=k+1` alone may be as long as the type is wide.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u8>::fibonacci_nim();
    /// assert!(game.losing_sizes().eq([1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]));
    /// let huge = TakeAway::<u64>::new(u64::MAX)?;
    /// assert!(huge.losing_sizes().take(3).eq([1, 2, 3]));
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    pub fn losing_sizes(&self) -> impl Iterator<Item = T> + '_ {
        let linear_end = self.linear_end;
        std::iter::successors(Some(T::one()), move |&size| {
            (size < linear_end).then(|| size + T::one())
        })
        .chain(self.tail.iter().copied())
    }

    pub(crate) fn sizes(&self) -> LosingSizes<'_, T> {
        LosingSizes {
            linear_end: self.linear_end,
            tail: &self.tail,
            by_bits: &self.by_bits,
            powers_of_two: self.k == 1,
        }
    }

    fn check(&self, n: T) -> Result<(), GameError> {
        if n > self.covered {
            return Err(GameError::HeapBeyondTable {
                heap: to_u128(n),
                covered: to_u128(self.covered),
                k: self.k,
            });
        }
        Ok(())
    }

    /// Whether a game starting with `n` counters is lost by the first player (`n` is a
    /// losing size).
    ///
    /// # Panics
    ///
    /// If `n` is above [`covered`](Self::covered); see [`try_is_losing_start`](Self::try_is_losing_start).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u32>::fibonacci_nim();
    /// assert!(game.is_losing_start(21));
    /// assert!(!game.is_losing_start(22));
    /// ```
    #[must_use]
    #[track_caller]
    pub fn is_losing_start(&self, n: T) -> bool {
        expect_covered(self.try_is_losing_start(n))
    }

    /// Whether `n` is a losing start size, or an error if the table does not reach it.
    ///
    /// # Errors
    ///
    /// [`GameError::HeapBeyondTable`] above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// assert_eq!(TakeAway::<u8>::new(1)?.try_is_losing_start(64), Ok(true));
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    pub fn try_is_losing_start(&self, n: T) -> Result<bool, GameError> {
        self.check(n)?;
        Ok(!n.is_zero() && self.sizes().smallest_term(n) == Some(n))
    }

    /// The greedy representation of `n` as a sum of losing sizes, largest term first; each
    /// term is more than `k` times the next. Empty for 0.
    ///
    /// # Panics
    ///
    /// If `n` is above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u64>::new(3)?;
    /// assert_eq!(game.representation(20).collect::<Vec<_>>(), [15, 4, 1]);
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[track_caller]
    pub fn representation(&self, n: T) -> Terms<'_, T> {
        expect_covered(self.check(n));
        self.sizes().terms(n)
    }

    /// The smallest term of the representation of `n`, `None` for 0.
    ///
    /// # Panics
    ///
    /// If `n` is above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u64>::fibonacci_nim();
    /// assert_eq!(game.smallest_term(100), Some(3)); // 100 = 89 + 8 + 3
    /// assert_eq!(game.smallest_term(0), None);
    /// ```
    #[must_use]
    #[track_caller]
    pub fn smallest_term(&self, n: T) -> Option<T> {
        expect_covered(self.check(n));
        self.sizes().smallest_term(n)
    }

    /// Who wins from `state`: `N` iff the smallest term of `remaining` is at most `limit`.
    ///
    /// Computes in **O(log N)** time.
    ///
    /// # Panics
    ///
    /// If `remaining` is above [`covered`](Self::covered); see
    /// [`try_outcome`](Self::try_outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::{TakeAway, TakeAwayState};
    /// use impartial::Outcome;
    ///
    /// let game = TakeAway::<u64>::fibonacci_nim();
    /// assert_eq!(game.outcome(TakeAwayState::start(13)), Outcome::P);
    /// assert_eq!(game.outcome(TakeAwayState::new(100, 3)), Outcome::N);
    /// assert_eq!(game.outcome(TakeAwayState::new(100, 2)), Outcome::P);
    /// ```
    #[must_use]
    #[track_caller]
    pub fn outcome(&self, state: TakeAwayState<T>) -> crate::Outcome {
        expect_covered(self.try_outcome(state))
    }

    /// Who wins from `state`, or an error if the table does not reach `remaining`.
    ///
    /// # Errors
    ///
    /// [`GameError::HeapBeyondTable`] above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::{TakeAway, TakeAwayState};
    /// use impartial::Outcome;
    ///
    /// let game = TakeAway::<u8>::new(4)?;
    /// assert_eq!(game.try_outcome(TakeAwayState::start(255)), Ok(Outcome::N));
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    pub fn try_outcome(&self, state: TakeAwayState<T>) -> Result<crate::Outcome, GameError> {
        Ok(if self.try_winning_move(state)?.is_some() {
            crate::Outcome::N
        } else {
            crate::Outcome::P
        })
    }

    /// The smallest winning take from `state` — the smallest term of `remaining` — or `None`
    /// if `state` is P (that term exceeds `limit`).
    ///
    /// Computes in **O(log N)** time.
    ///
    /// # Panics
    ///
    /// If `remaining` is above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::{TakeAway, TakeAwayState};
    ///
    /// let game = TakeAway::<u64>::fibonacci_nim();
    /// assert_eq!(game.winning_move(TakeAwayState::start(100)), Some(3));
    /// assert_eq!(game.winning_move(TakeAwayState::start(89)), None);
    /// ```
    #[must_use]
    #[track_caller]
    pub fn winning_move(&self, state: TakeAwayState<T>) -> Option<T> {
        expect_covered(self.try_winning_move(state))
    }

    /// The smallest winning take, or an error if the table does not reach `remaining`.
    ///
    /// # Errors
    ///
    /// [`GameError::HeapBeyondTable`] above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::{TakeAway, TakeAwayState};
    ///
    /// let game = TakeAway::<u64>::new(1 << 40)?;
    /// assert!(game.try_winning_move(TakeAwayState::start(u64::MAX)).is_err());
    /// assert_eq!(game.try_winning_move(TakeAwayState::new(1000, 1000)), Ok(Some(1000)));
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    pub fn try_winning_move(&self, state: TakeAwayState<T>) -> Result<Option<T>, GameError> {
        self.check(state.remaining)?;
        Ok(self
            .sizes()
            .smallest_term(state.remaining)
            .filter(|&term| term <= state.max_take()))
    }

    /// Every winning take from `state`, largest first; empty if `state` is P.
    ///
    /// Each takes a tail of the representation of `remaining` (see the [module docs](self));
    /// there are at most as many as terms.
    ///
    /// # Panics
    ///
    /// If `remaining` is above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::{TakeAway, TakeAwayState};
    ///
    /// let game = TakeAway::<u64>::fibonacci_nim();
    /// // 11 = 8 + 3; with 4 allowed, take 3 (leaving 8, and the opponent at most 6).
    /// assert_eq!(game.winning_moves(TakeAwayState::new(11, 4)).collect::<Vec<_>>(), [3]);
    /// // With everything allowed, taking all 11 wins too.
    /// assert_eq!(game.winning_moves(TakeAwayState::new(11, 11)).collect::<Vec<_>>(), [11, 3]);
    /// ```
    #[track_caller]
    pub fn winning_moves(&self, state: TakeAwayState<T>) -> WinningTakes<'_, T> {
        expect_covered(self.check(state.remaining));
        winning_takes(self.sizes(), self.k, state)
    }

    /// The state after taking `take` from `state`: `(remaining − take, min(k·take, rest))`.
    ///
    /// # Errors
    ///
    /// [`GameError::IllegalTake`] unless `1 ≤ take ≤ min(limit, remaining)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::{TakeAway, TakeAwayState};
    /// use impartial::GameError;
    ///
    /// let game = TakeAway::<u32>::fibonacci_nim();
    /// let state = TakeAwayState::start(20);
    /// assert_eq!(game.play(state, 2), Ok(TakeAwayState::new(18, 4)));
    /// assert_eq!(
    ///     game.play(state, 20),
    ///     Err(GameError::IllegalTake { take: 20, min: 1, max: 19 })
    /// );
    /// ```
    pub fn play(&self, state: TakeAwayState<T>, take: T) -> Result<TakeAwayState<T>, GameError> {
        let max = state.max_take();
        if take.is_zero() || take > max {
            return Err(GameError::IllegalTake {
                take: to_u128(take),
                min: 1,
                max: to_u128(max),
            });
        }
        Ok(self.after(state, take))
    }

    fn after(&self, state: TakeAwayState<T>, take: T) -> TakeAwayState<T> {
        let remaining = state.remaining - take;
        TakeAwayState {
            remaining,
            limit: k_times_capped(self.k, take, remaining),
        }
    }
}

#[track_caller]
fn expect_covered<V>(result: Result<V, GameError>) -> V {
    match result {
        Ok(value) => value,
        Err(error) => panic!("{error}; use the try_ method to handle this"),
    }
}

impl<T: HeapSize + std::hash::Hash> ImpartialGame for TakeAway<T> {
    type Position = TakeAwayState<T>;

    /// Takes of `1..=min(limit, remaining)`, smallest first; the opponent's limit is capped
    /// at what remains, so equal futures are one position.
    fn moves(&self, state: &TakeAwayState<T>) -> impl Iterator<Item = TakeAwayState<T>> {
        let state = *state;
        let max = state.max_take();
        let first = if max.is_zero() { None } else { Some(T::one()) };
        std::iter::successors(first, move |&take| (take < max).then(|| take + T::one()))
            .map(move |take| self.after(state, take))
    }

    /// States with `limit ≤ remaining` lie in a triangle: `remaining·(remaining+1)/2 + limit`.
    fn dense_index(&self, state: &TakeAwayState<T>) -> Option<usize> {
        if state.limit > state.remaining {
            return None;
        }
        let remaining = state.remaining.to_usize()?;
        let limit = state.limit.to_usize()?;
        remaining
            .checked_add(1)?
            .checked_mul(remaining)?
            .checked_div(2)?
            .checked_add(limit)
    }
}
