//! Euclid's game: two positive numbers; a move subtracts a positive multiple of the smaller
//! from the larger, leaving it at least 0. Whoever makes a number 0 wins: the position
//! `(x, 0)` has no move, so the player facing it has lost, as in normal play.
//!
//! Cole and Davie (1969, *A game based on the Euclidean algorithm and a winning strategy for
//! it*, Math. Gazette 53) found the golden ratio rule: with `x ≥ y > 0`, the player to move
//! loses exactly when `y < x < φ·y`. From such a position the only move is to `(y, x − y)`,
//! and `y / (x − y) > φ`; from any other position there is a move into one: take all if `y`
//! divides `x`, else leave `x mod y` (if `(y, x mod y)` loses) or `y + x mod y` (which then
//! loses). Every test here is exact integer arithmetic on up to `u128::MAX` (no floating
//! point), in constant time.
//!
//! ```
//! use impartial::{euclid, Outcome};
//!
//! assert_eq!(euclid::outcome((3, 2)), Outcome::P); // 3/2 < φ
//! assert_eq!(euclid::outcome((5, 2)), Outcome::N);
//! // From (5, 2): leave (3, 2), a P-position.
//! let best = euclid::winning_move((5, 2)).expect("N");
//! assert_eq!(best.to_string(), "take 1 × 2 from 5 (5, 2 → 3, 2)");
//! // Ratios of consecutive Fibonacci numbers fall on either side of φ, ever closer.
//! assert_eq!(euclid::outcome((8, 5)), Outcome::P);
//! assert_eq!(euclid::outcome((13, 8)), Outcome::N);
//! ```

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome};
use crate::games::golden::below_phi_times;

/// A move of Euclid's game: the pair before and the pair it leaves, in the same order —
/// the larger number less a multiple of the smaller.
///
/// # Examples
///
/// ```
/// use impartial::euclid::{self, EuclidMove};
///
/// let best = euclid::winning_move((2, 7)).expect("N");
/// assert_eq!(best, EuclidMove { from: (2, 7), to: (2, 3) });
/// assert_eq!(best.to_string(), "take 2 × 2 from 7 (2, 7 → 2, 3)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EuclidMove {
    /// The pair before the move.
    pub from: (u128, u128),
    /// The pair it leaves.
    pub to: (u128, u128),
}

impl fmt::Display for EuclidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ((first, second), (to_first, to_second)) = (self.from, self.to);
        let (large, left, small) = if to_first == first {
            (second, to_second, first)
        } else {
            (first, to_first, second)
        };
        // Saturating: a move made by hand, to be refused, still prints.
        let times = large.saturating_sub(left) / small.max(1);
        write!(
            f,
            "take {times} × {small} from {large} ({first}, {second} → {to_first}, {to_second})"
        )
    }
}

/// Whether the player to move from `(x, y)` loses (either order); a position with a 0 is
/// over: P.
fn is_p_position(x: u128, y: u128) -> bool {
    let (large, small) = if x >= y { (x, y) } else { (y, x) };
    small == 0 || (small < large && below_phi_times(large, small))
}

/// Who wins from `(x, y)`: P exactly when the larger is below φ times the smaller, or a
/// number is 0 (the game is over).
///
/// # Examples
///
/// ```
/// use impartial::{euclid, Outcome};
///
/// assert_eq!(euclid::outcome((7, 5)), Outcome::P);
/// assert_eq!(euclid::outcome((7, 3)), Outcome::N);
/// assert_eq!(euclid::outcome((5, 8)), Outcome::P);
/// assert_eq!(euclid::outcome((8, 8)), Outcome::N);
/// assert_eq!(euclid::outcome((5, 0)), Outcome::P);
/// assert_eq!(euclid::outcome((u128::MAX, u128::MAX - 1)), Outcome::P);
/// ```
#[must_use]
pub fn outcome((x, y): (u128, u128)) -> Outcome {
    if is_p_position(x, y) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// Every winning move from `(x, y)`; none from a P-position. Only two options can be P —
/// leaving the remainder, or the remainder plus the smaller number — and they never both
/// are, so an N-position has exactly one.
///
/// # Examples
///
/// ```
/// use impartial::euclid;
///
/// // 7 = 3·2 + 1, and (2, 1) would win for the opponent: take 2·2, leave (2, 3).
/// assert!(euclid::winning_moves((2, 7)).map(|made| made.to).eq([(2, 3)]));
/// assert_eq!(euclid::winning_moves((7, 5)).count(), 0);
/// ```
pub fn winning_moves((x, y): (u128, u128)) -> impl Iterator<Item = EuclidMove> {
    let swapped = x < y;
    let (large, small) = if swapped { (y, x) } else { (x, y) };
    let candidates = if is_p_position(x, y) {
        [None, None]
    } else {
        let remainder = large % small;
        // The remainder, and one more of the smaller number while that is a move.
        let plus_one = remainder.checked_add(small).filter(|&left| left < large);
        [Some(remainder), plus_one]
    };
    candidates
        .into_iter()
        .flatten()
        .filter(move |&left| is_p_position(left, small))
        .map(move |left| EuclidMove {
            from: (x, y),
            to: if swapped {
                (small, left)
            } else {
                (left, small)
            },
        })
}

/// The winning move from `(x, y)`, or `None` from a P-position: the one of
/// [`winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::euclid;
///
/// assert_eq!(euclid::winning_move((4, 4)).map(|made| made.to), Some((0, 4)));
/// assert_eq!(euclid::winning_move((5, 2)).map(|made| made.to), Some((3, 2)));
/// assert_eq!(euclid::winning_move((7, 5)), None);
/// ```
#[must_use]
pub fn winning_move((x, y): (u128, u128)) -> Option<EuclidMove> {
    winning_moves((x, y)).next()
}

/// Euclid's game as a ruleset, for the [`Solver`](crate::Solver): positions are pairs.
///
/// # Examples
///
/// ```
/// use impartial::euclid::{self, Euclid};
/// use impartial::Solver;
///
/// let mut solver = Solver::new(Euclid);
/// assert_eq!(solver.outcome((13, 8))?, euclid::outcome((13, 8)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Euclid;

impl ImpartialGame for Euclid {
    type Position = (u128, u128);

    fn moves(&self, &(x, y): &(u128, u128)) -> impl Iterator<Item = (u128, u128)> {
        let (large, small) = if x >= y { (x, y) } else { (y, x) };
        let times = large.checked_div(small).unwrap_or(0);
        (1..=times).map(move |k| {
            let left = large - k * small;
            if x >= y { (left, small) } else { (small, left) }
        })
    }
}

/// Cole and Davie's closed form, exact for numbers up to `u128::MAX`; the Sprague–Grundy
/// values have none here (`grundy` is `None`).
///
/// # Examples
///
/// ```
/// use impartial::euclid::Euclid;
/// use impartial::{ClosedForm, Outcome};
///
/// let Ok(best) = Euclid.winning_move(&(13, 8));
/// let best = best.expect("an N-position");
/// assert_eq!(Euclid.outcome(&Euclid.leaves(&(13, 8), &best)?), Ok(Outcome::P));
/// assert!(Euclid.leaves(&(8, 13), &best).is_err()); // the move starts from (13, 8)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for Euclid {
    type Move = EuclidMove;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<(u128, u128)>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let &(x, y): &(u128, u128) = holder.borrow();
        Ok(outcome((x, y)))
    }

    fn grundy(
        &self,
        _position: impl IntoPosition<(u128, u128)>,
    ) -> Result<Option<Nimber>, Infallible> {
        Ok(None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<(u128, u128)>,
    ) -> Result<impl Iterator<Item = EuclidMove>, Infallible> {
        let holder = position.into_holder();
        let &(x, y): &(u128, u128) = holder.borrow();
        Ok(winning_moves((x, y)))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<(u128, u128)>,
        chosen: &EuclidMove,
    ) -> Result<(u128, u128), IllegalMove<(u128, u128), EuclidMove>> {
        let holder = position.into_holder();
        let &position: &(u128, u128) = holder.borrow();
        let refuse = |reason: &str| IllegalMove::new(&position, chosen, reason);
        let ((x, y), (to_x, to_y)) = (chosen.from, chosen.to);
        if position != chosen.from {
            return Err(refuse(&format!("it starts from ({x}, {y})")));
        }
        // The larger number (the first, if they are equal) loses a multiple of the other.
        let (large, small, left, kept) = if x >= y {
            (x, y, to_x, to_y)
        } else {
            (y, x, to_y, to_x)
        };
        if kept != small {
            return Err(refuse("a move changes the larger number only"));
        }
        match large.checked_sub(left) {
            Some(taken) if small > 0 && taken > 0 && taken % small == 0 => Ok(chosen.to),
            _ => Err(refuse(&format!(
                "{large} does not become {left} by taking a positive multiple of {small}"
            ))),
        }
    }
}
