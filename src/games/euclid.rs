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
//! assert_eq!(euclid::outcome(3, 2), Outcome::P); // 3/2 < φ
//! assert_eq!(euclid::outcome(5, 2), Outcome::N);
//! // From (5, 2): leave (3, 2), a P-position.
//! assert_eq!(euclid::winning_move(5, 2), Some((3, 2)));
//! // Ratios of consecutive Fibonacci numbers fall on either side of φ, ever closer.
//! assert_eq!(euclid::outcome(8, 5), Outcome::P);
//! assert_eq!(euclid::outcome(13, 8), Outcome::N);
//! ```

use crate::game::{ImpartialGame, Outcome};
use crate::games::golden::below_phi_times;

/// Whether the player to move from `(x, y)` loses (either order). A position with a 0 is
/// over: P.
///
/// # Examples
///
/// ```
/// use impartial::euclid;
///
/// assert!(euclid::is_p_position(5, 8));
/// assert!(!euclid::is_p_position(8, 8));
/// assert!(euclid::is_p_position(5, 0));
/// assert!(euclid::is_p_position(u128::MAX, u128::MAX - 1));
/// ```
#[must_use]
pub fn is_p_position(x: u128, y: u128) -> bool {
    let (large, small) = if x >= y { (x, y) } else { (y, x) };
    small == 0 || (small < large && below_phi_times(large, small))
}

/// Who wins from `(x, y)`.
///
/// # Examples
///
/// ```
/// use impartial::{euclid, Outcome};
///
/// assert_eq!(euclid::outcome(7, 5), Outcome::P);
/// assert_eq!(euclid::outcome(7, 3), Outcome::N);
/// ```
#[must_use]
pub fn outcome(x: u128, y: u128) -> Outcome {
    if is_p_position(x, y) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The winning move from `(x, y)`, as the pair it leaves (in the same order), or `None`
/// from a P-position. There are at most two, and only one when the quotient is 1 or the
/// smaller divides the larger; this is the one the rule above picks.
///
/// # Examples
///
/// ```
/// use impartial::euclid;
///
/// // 7 = 3·2 + 1, and (2, 1) would win for the opponent: take 2·2, leave (2, 3).
/// assert_eq!(euclid::winning_move(2, 7), Some((2, 3)));
/// assert_eq!(euclid::winning_move(4, 4), Some((0, 4)));
/// assert_eq!(euclid::winning_move(7, 5), None);
/// ```
#[must_use]
pub fn winning_move(x: u128, y: u128) -> Option<(u128, u128)> {
    if is_p_position(x, y) {
        return None;
    }
    let swapped = x < y;
    let (large, small) = if swapped { (y, x) } else { (x, y) };
    let remainder = large % small;
    let left = if remainder == 0 || is_p_position(small, remainder) {
        remainder
    } else {
        // (small, remainder) wins for its mover, so (small + remainder, small) loses; the
        // quotient is at least 2 here, or the position would be P.
        remainder + small
    };
    Some(if swapped {
        (small, left)
    } else {
        (left, small)
    })
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
/// assert_eq!(solver.outcome((13, 8))?, euclid::outcome(13, 8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Euclid;

impl ImpartialGame for Euclid {
    type Position = (u64, u64);

    fn moves(&self, &(x, y): &(u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        let (large, small) = if x >= y { (x, y) } else { (y, x) };
        let times = large.checked_div(small).unwrap_or(0);
        (1..=times).map(move |k| {
            let left = large - k * small;
            if x >= y { (left, small) } else { (small, left) }
        })
    }
}
