//! Fibonacci Nim on arbitrarily large heaps (`num_bigint::BigUint`), behind the feature
//! `bigint`.
//!
//! The same rule as the fixed-width functions: the player to move from
//! `(remaining, limit)` wins iff the smallest Zeckendorf term of `remaining` is at most
//! `limit`. Each call walks the Fibonacci numbers up to `remaining` and back down, two at a
//! time: **O(log N)** big-number additions and memory linear in the digits of `N`.
//!
//! ```
//! use impartial::fibonacci::big;
//! use num_bigint::BigUint;
//!
//! let googol = BigUint::from(10u32).pow(100);
//! assert_eq!(big::zeckendorf(&googol).sum::<BigUint>(), googol);
//! let best = big::winning_move(&big::start(googol.clone())).expect("not a Fibonacci number");
//! assert_eq!(Some(best.take), big::smallest_term(&googol));
//! ```

use std::iter::FusedIterator;
use std::mem;

use std::borrow::Borrow;
use std::convert::Infallible;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::closed_form::ClosedForm;
use crate::game::{IllegalMove, ImpartialGame, IntoPosition, Nimber, Outcome};
use crate::games::take_away::{TakeAwayState, TakeMove};

/// The Zeckendorf terms of a big number, largest first: see [`zeckendorf`].
///
/// It holds three numbers — what is left, and two consecutive Fibonacci numbers it walks
/// down — so its memory is linear in the digits of `n`, however many terms it yields.
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Terms {
    rest: BigUint,
    /// The Fibonacci number tried next, and the one below it.
    current: BigUint,
    below: BigUint,
}

impl Iterator for Terms {
    type Item = BigUint;

    fn next(&mut self) -> Option<BigUint> {
        while !self.rest.is_zero() {
            let take = self.current <= self.rest;
            if take {
                self.rest -= &self.current;
            }
            // One step down, in place: (F(k), F(k − 1)) becomes (F(k − 1), F(k − 2)).
            let term = take.then(|| self.current.clone());
            self.current -= &self.below;
            mem::swap(&mut self.current, &mut self.below);
            if term.is_some() {
                return term;
            }
        }
        None
    }
}

impl FusedIterator for Terms {}

/// The largest Fibonacci number at most `n` (`n ≥ 1`) and the one below it, by walking up
/// two numbers at a time.
fn largest_at_most(n: &BigUint) -> (BigUint, BigUint) {
    // F(2) = 1 and F(1) = 1: the walk then meets 2, 3, 5, …
    let mut current = BigUint::from(1u32);
    let mut below = BigUint::from(1u32);
    loop {
        // (F(k), F(k − 1)) becomes (F(k + 1), F(k)), in place.
        below += &current;
        mem::swap(&mut current, &mut below);
        if &current > n {
            // One step back.
            current -= &below;
            mem::swap(&mut current, &mut below);
            return (current, below);
        }
    }
}

/// The Zeckendorf representation of `n`, largest term first: nothing for 0.
///
/// Lazy and linear in memory: the terms are found one at a time by walking the Fibonacci
/// numbers down from the largest at most `n`, keeping only two of them. Finding the start
/// costs **O(log n)** big additions, and so does the whole walk.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use num_bigint::BigUint;
///
/// let terms: Vec<BigUint> = big::zeckendorf(&BigUint::from(100u32)).collect();
/// assert_eq!(terms, [89u32, 8, 3].map(BigUint::from));
/// assert_eq!(big::zeckendorf(&BigUint::from(0u32)).next(), None);
/// ```
pub fn zeckendorf(n: &BigUint) -> Terms {
    let (current, below) = if n.is_zero() {
        (BigUint::zero(), BigUint::zero())
    } else {
        largest_at_most(n)
    };
    Terms {
        rest: n.clone(),
        current,
        below,
    }
}

/// The smallest term of the Zeckendorf representation of `n`, `None` for 0.
///
/// Memory linear in the digits of `n`; **O(log n)** big additions.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use num_bigint::BigUint;
///
/// assert_eq!(big::smallest_term(&BigUint::from(12u32)), Some(BigUint::from(1u32)));
/// ```
#[must_use]
pub fn smallest_term(n: &BigUint) -> Option<BigUint> {
    zeckendorf(n).last()
}

/// Whether `n` is a Fibonacci number (0 is not counted).
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use num_bigint::BigUint;
///
/// assert!(big::is_fibonacci(&BigUint::from(144u32)));
/// assert!(!big::is_fibonacci(&BigUint::from(145u32)));
/// ```
#[must_use]
pub fn is_fibonacci(n: &BigUint) -> bool {
    !n.is_zero() && largest_at_most(n).0 == *n
}

/// The start of a game of `n` counters: the first player may take 1 to `n − 1`.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use impartial::take_away::TakeAwayState;
/// use num_bigint::BigUint;
///
/// let n = BigUint::from(10u32).pow(30);
/// assert_eq!(big::start(n.clone()), TakeAwayState::new(n.clone(), n - 1u32));
/// ```
#[must_use]
pub fn start(n: BigUint) -> TakeAwayState<BigUint> {
    let limit = if n.is_zero() {
        BigUint::zero()
    } else {
        &n - 1u32
    };
    TakeAwayState::new(n, limit)
}

/// The winning move that takes the least — the smallest Zeckendorf term of `remaining`, when
/// `limit` allows it — or `None` from a P-position.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use impartial::take_away::TakeAwayState;
/// use num_bigint::BigUint;
///
/// let best = big::winning_move(&big::start(BigUint::from(20u32))).expect("13 + 5 + 2");
/// assert_eq!(best.take, BigUint::from(2u32));
/// assert_eq!(best.to, TakeAwayState::new(BigUint::from(18u32), BigUint::from(4u32)));
/// assert_eq!(best.to_string(), "take 2 (20 → 18 left, the next take at most 4)");
/// let held = TakeAwayState::new(BigUint::from(20u32), BigUint::from(1u32));
/// assert_eq!(big::winning_move(&held), None);
/// ```
#[must_use]
pub fn winning_move(state: &TakeAwayState<BigUint>) -> Option<TakeMove<BigUint>> {
    let allowed = (&state.limit).min(&state.remaining);
    let take = smallest_term(&state.remaining).filter(|term| term <= allowed)?;
    let remaining = &state.remaining - &take;
    let limit = (&take * 2u32).min(remaining.clone());
    Some(TakeMove {
        from: state.clone(),
        take,
        to: TakeAwayState::new(remaining, limit),
    })
}

/// Who wins from `state`.
///
/// # Examples
///
/// ```
/// use impartial::{fibonacci::big, Outcome};
/// use num_bigint::BigUint;
///
/// assert_eq!(big::outcome(&big::start(BigUint::from(233u32))), Outcome::P);
/// assert_eq!(big::outcome(&big::start(BigUint::from(234u32))), Outcome::N);
/// ```
#[must_use]
pub fn outcome(state: &TakeAwayState<BigUint>) -> Outcome {
    if winning_move(state).is_some() {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Fibonacci Nim on heaps of any size, as a ruleset and its closed form: the positions are
/// `TakeAwayState<BigUint>`s, a move takes from 1 to `limit` counters (at most all of
/// them) and leaves at most twice the take for the opponent.
///
/// The [`ClosedForm`] answers as this module's functions do, in **O(log N)** big-number
/// additions each; its winning moves are the tails of the Zeckendorf sum that the limit
/// allows and that leave a P-position, smallest take first. The [`Solver`](crate::Solver)
/// searches the same rules, every take one by one — for small heaps only.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big::{self, BigFibonacciNim};
/// use impartial::{ClosedForm, Outcome};
/// use num_bigint::BigUint;
///
/// let googol = big::start(BigUint::from(10u32).pow(100));
/// let Ok(Some(best)) = BigFibonacciNim.winning_move(&googol) else { panic!("N") };
/// let after = BigFibonacciNim.leaves(&googol, &best)?;
/// assert_eq!(BigFibonacciNim.outcome(after), Ok(Outcome::P));
/// // A move found from another position is refused.
/// assert!(BigFibonacciNim.leaves(big::start(BigUint::from(7u32)), &best).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BigFibonacciNim;

impl ImpartialGame for BigFibonacciNim {
    type Position = TakeAwayState<BigUint>;

    /// Take 1, 2, … up to the limit (and the counters left), each leaving twice the take.
    fn moves(
        &self,
        state: &TakeAwayState<BigUint>,
    ) -> impl Iterator<Item = TakeAwayState<BigUint>> {
        let most = (&state.limit).min(&state.remaining).clone();
        let remaining = state.remaining.clone();
        let mut take = BigUint::zero();
        std::iter::from_fn(move || {
            if take >= most {
                return None;
            }
            take += 1u32;
            Some(after(&remaining, &take))
        })
    }
}

/// The state `take` leaves from `remaining` counters.
fn after(remaining: &BigUint, take: &BigUint) -> TakeAwayState<BigUint> {
    let left = remaining - take;
    let limit = (take * 2u32).min(left.clone());
    TakeAwayState::new(left, limit)
}

impl ClosedForm for BigFibonacciNim {
    type Move = TakeMove<BigUint>;
    type Error = Infallible;

    fn outcome(
        &self,
        position: impl IntoPosition<TakeAwayState<BigUint>>,
    ) -> Result<Outcome, Infallible> {
        Ok(outcome(position.into_holder().borrow()))
    }

    /// `None`: Fibonacci Nim's values have no closed form.
    fn grundy(
        &self,
        _position: impl IntoPosition<TakeAwayState<BigUint>>,
    ) -> Result<Option<Nimber>, Infallible> {
        Ok(None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<TakeAwayState<BigUint>>,
    ) -> Result<impl Iterator<Item = TakeMove<BigUint>>, Infallible> {
        let state: TakeAwayState<BigUint> = position.into_holder().borrow().clone();
        let mut terms: Vec<BigUint> = zeckendorf(&state.remaining).collect();
        terms.reverse();
        let most = (&state.limit).min(&state.remaining).clone();
        // The tails of the Zeckendorf sum, smallest first: O(log N) of them, each checked.
        let mut take = BigUint::zero();
        let mut moves = Vec::new();
        for term in terms {
            take += term;
            if take > most {
                break;
            }
            let to = after(&state.remaining, &take);
            if outcome(&to) == Outcome::P {
                moves.push(TakeMove {
                    from: state.clone(),
                    take: take.clone(),
                    to,
                });
            }
        }
        Ok(moves.into_iter())
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<TakeAwayState<BigUint>>,
    ) -> Result<Option<TakeMove<BigUint>>, Infallible> {
        Ok(winning_move(position.into_holder().borrow()))
    }

    #[allow(
        clippy::result_large_err,
        reason = "the trait's refusal carries the position and the move, big numbers here"
    )]
    fn leaves(
        &self,
        position: impl IntoPosition<TakeAwayState<BigUint>>,
        chosen: &TakeMove<BigUint>,
    ) -> Result<TakeAwayState<BigUint>, IllegalMove<TakeAwayState<BigUint>, TakeMove<BigUint>>>
    {
        let holder = position.into_holder();
        let state: &TakeAwayState<BigUint> = holder.borrow();
        let refuse = |reason: &str| Err(IllegalMove::new(state, chosen, reason.to_owned()));
        if chosen.from != *state {
            return refuse("it was found from another position");
        }
        if chosen.take.is_zero() || chosen.take > (&state.limit).min(&state.remaining).clone() {
            return refuse("the take is not between 1 and the limit");
        }
        let to = after(&state.remaining, &chosen.take);
        if to != chosen.to {
            return refuse("it does not leave what the take leaves");
        }
        Ok(to)
    }
}
