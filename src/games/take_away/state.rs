//! [`TakeAwayState`], a position of a take-away game, and [`TakeMove`], a move.

use std::fmt;

use crate::game::{HeapSize, IntoPosition};

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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TakeAwayState<T> {
    /// Counters left on the heap.
    pub remaining: T,
    /// The most the player to move may take (more than `remaining` means "all of them").
    pub limit: T,
}

impl<T> TakeAwayState<T> {
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
}

impl<T: HeapSize> TakeAwayState<T> {
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
    pub(super) fn max_take(self) -> T {
        self.limit.min(self.remaining)
    }
}

impl<T: fmt::Display> fmt::Display for TakeAwayState<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} left, take at most {}", self.remaining, self.limit)
    }
}

/// The start of a game of `n` counters, as [`TakeAwayState::start`]: what the functions that
/// take a state are given when they are given a heap size.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci;
/// use impartial::take_away::TakeAwayState;
///
/// assert_eq!(TakeAwayState::from(8u64), TakeAwayState::new(8, 7));
/// assert_eq!(fibonacci::winning_move(100u64), fibonacci::winning_move(TakeAwayState::start(100u64)));
/// ```
/// A heap size as the position at the start of a game on it: what the closed forms and the
/// solver take (`TakeAway::fibonacci_nim().winning_move(100u64)`).
macro_rules! sizes_into_positions {
    ($($size:ty),*) => {$(
        impl IntoPosition<TakeAwayState<$size>> for $size {
            type Holder = TakeAwayState<$size>;

            fn into_holder(self) -> TakeAwayState<$size> {
                TakeAwayState::start(self)
            }
        }
    )*};
}

sizes_into_positions!(u8, u16, u32, u64, u128, usize);

impl<T: HeapSize> From<T> for TakeAwayState<T> {
    fn from(n: T) -> Self {
        TakeAwayState::start(n)
    }
}

/// A move of a take-away game: from the state `from`, take `take` counters, leaving `to` —
/// the counters left, and the most the opponent may take next, `min(k·take, left)`.
///
/// Returned by the winning-move functions of [`take_away`](super) and
/// [`fibonacci`](crate::fibonacci), and by [`TakeAway::play`](super::TakeAway::play).
///
/// # Examples
///
/// ```
/// use impartial::fibonacci;
///
/// let best = fibonacci::winning_move(100u64).expect("100 is not a Fibonacci number");
/// assert_eq!((best.take, best.to.remaining, best.to.limit), (3, 97, 6));
/// assert_eq!(best.to_string(), "take 3 (100 → 97 left, the next take at most 6)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TakeMove<T> {
    /// The state before the move.
    pub from: TakeAwayState<T>,
    /// How many counters the move takes.
    pub take: T,
    /// The state after it, the opponent to move.
    pub to: TakeAwayState<T>,
}

impl<T: fmt::Display> fmt::Display for TakeMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} ({} → {} left, the next take at most {})",
            self.take, self.from.remaining, self.to.remaining, self.to.limit
        )
    }
}

impl<T: HeapSize> TakeMove<T> {
    /// The move that takes `take` from `from` in the game with multiplier `k`.
    pub(crate) fn new(from: TakeAwayState<T>, take: T, k: u64) -> Self {
        let remaining = from.remaining - take;
        TakeMove {
            from,
            take,
            to: TakeAwayState {
                remaining,
                limit: k_times_capped(k, take, remaining),
            },
        }
    }

    /// The same move on a wider or narrower heap type; `None` if a number does not fit.
    pub(crate) fn convert<U: HeapSize>(self) -> Option<TakeMove<U>> {
        let state = |state: TakeAwayState<T>| {
            Some(TakeAwayState {
                remaining: U::from(state.remaining)?,
                limit: U::from(state.limit)?,
            })
        };
        Some(TakeMove {
            from: state(self.from)?,
            take: U::from(self.take)?,
            to: state(self.to)?,
        })
    }
}

/// `min(k·t, cap)`, without overflow.
#[inline]
fn k_times_capped<T: HeapSize>(k: u64, t: T, cap: T) -> T {
    T::from(k)
        .and_then(|k| k.checked_mul(&t))
        .map_or(cap, |product| product.min(cap))
}
