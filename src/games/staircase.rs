//! Staircase Nim: coins stand on the steps of a staircase; a move takes any positive number
//! of coins from one step down to the step below. Step 0 is the ground, where coins stay.
//! Whoever makes the last move wins.
//!
//! The coins on the **odd** steps are a game of Nim, and the position is worth their nim-sum
//! (Sprague 1937; Berlekamp, Conway and Guy, *Winning Ways*, ch. 14 "Staircase Nim"): a move
//! from an odd step is a Nim move; a move from an even step to the odd step below adds coins
//! to a Nim heap, and the player who has the balance takes them straight down to the next
//! even step, so those moves are reversible and change no value.
//!
//! ```
//! use impartial::staircase;
//! use impartial::Outcome;
//!
//! // Ground, then steps 1, 2, 3: the odd steps hold 3 and 1 coins.
//! let steps = [0u32, 3, 5, 1];
//! assert_eq!(staircase::nim_sum(&steps), 2);
//! let best = staircase::winning_move(&steps).expect("an N-position");
//! // Two coins from step 1 to the ground leave odd steps 1 and 1.
//! assert_eq!(best.to_string(), "move 2 coins from step 1 to the ground (step 1: 3 → 1)");
//! assert_eq!(staircase::outcome(&[0u32, 1, 7, 1]), Outcome::P);
//! ```

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{HeapSize, IllegalMove, ImpartialGame, Nimber, Outcome, to_u128};

/// The XOR of the coins on the odd steps (`steps[0]` is the ground): the position's
/// Sprague–Grundy value.
///
/// # Examples
///
/// ```
/// use impartial::staircase;
///
/// assert_eq!(staircase::nim_sum(&[9u8, 1, 100, 2]), 3);
/// assert_eq!(staircase::nim_sum::<u8>(&[]), 0);
/// ```
#[must_use]
pub fn nim_sum<T: HeapSize>(steps: &[T]) -> T {
    steps
        .iter()
        .skip(1)
        .step_by(2)
        .fold(T::zero(), |sum, &coins| sum ^ coins)
}

/// Who wins from `steps` (coins per step, the ground first).
///
/// # Examples
///
/// ```
/// use impartial::{staircase, Outcome};
///
/// assert_eq!(staircase::outcome(&[0u64, 5]), Outcome::N);
/// // Coins on the ground and on even steps are no matter: only step 1 counts here.
/// assert_eq!(staircase::outcome(&[5u64, 0, 5]), Outcome::P);
/// ```
#[must_use]
pub fn outcome<T: HeapSize>(steps: &[T]) -> Outcome {
    Outcome::from(Nimber(to_u128(nim_sum(steps))))
}

/// A move of Staircase Nim: `coins` coins from step `step`, which held `from`, down to
/// `step − 1`.
///
/// # Examples
///
/// ```
/// use impartial::staircase::{self, StairMove};
///
/// let best = staircase::winning_move(&[0u8, 0, 0, 4]).expect("N");
/// assert_eq!(best, StairMove { step: 3, coins: 4, from: 4 });
/// assert_eq!(best.to_string(), "move 4 coins from step 3 to step 2 (step 3: 4 → 0)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StairMove<T> {
    /// The step the coins leave, at least 1.
    pub step: usize,
    /// How many coins move down, at least 1.
    pub coins: T,
    /// The coins on `step` before the move.
    pub from: T,
}

impl<T: HeapSize> fmt::Display for StairMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.coins == T::one() {
            "coin"
        } else {
            "coins"
        };
        write!(
            f,
            "move {} {plural} from step {} to ",
            self.coins, self.step
        )?;
        match self.step - 1 {
            0 => f.write_str("the ground")?,
            below => write!(f, "step {below}")?,
        }
        write!(
            f,
            " (step {}: {} → {})",
            self.step,
            self.from,
            self.from - self.coins
        )
    }
}

/// Every winning move from `steps`; none from a P-position. First Nim's moves on the odd
/// steps, ascending — each odd step with the nim-sum `s`'s highest bit, down to
/// `coins ^ s` — then the moves from an even step that bring the odd step below up to
/// `coins ^ s`, where it has fewer and the even step has the coins.
///
/// # Examples
///
/// ```
/// use impartial::staircase;
///
/// // Odd steps 6, 3 and 4: nim-sum 1. Step 3 loses one coin, or step 2 gives one to step 1.
/// let moves: Vec<String> = staircase::winning_moves(&[0u32, 6, 2, 3, 0, 4])
///     .map(|made| made.to_string())
///     .collect();
/// assert_eq!(moves, [
///     "move 1 coin from step 3 to step 2 (step 3: 3 → 2)",
///     "move 1 coin from step 2 to step 1 (step 2: 2 → 1)",
/// ]);
/// ```
pub fn winning_moves<T: HeapSize>(steps: &[T]) -> impl Iterator<Item = StairMove<T>> + '_ {
    let sum = nim_sum(steps);
    let live = !sum.is_zero();
    let odd = (1..steps.len()).step_by(2).filter_map(move |step| {
        let coins = steps[step];
        (live && coins ^ sum < coins).then(|| StairMove {
            step,
            coins: coins - (coins ^ sum),
            from: coins,
        })
    });
    let even = (2..steps.len()).step_by(2).filter_map(move |step| {
        let below = steps[step - 1];
        let wanted = below ^ sum;
        (live && wanted > below && wanted - below <= steps[step]).then(|| StairMove {
            step,
            coins: wanted - below,
            from: steps[step],
        })
    });
    odd.chain(even)
}

/// The winning move Nim's rule gives on the odd steps — the first odd step with the nim-sum's
/// highest bit, down to `coins ^ s` — or `None` from a P-position: the first of
/// [`winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::staircase;
///
/// let mut steps = [0u32, 6, 2, 3, 0, 4];
/// let best = staircase::winning_move(&steps).expect("6 ^ 3 ^ 4 = 1");
/// steps[best.step] -= best.coins;
/// steps[best.step - 1] += best.coins;
/// assert_eq!(staircase::nim_sum(&steps), 0);
/// assert_eq!(staircase::winning_move(&steps), None);
/// ```
#[must_use]
pub fn winning_move<T: HeapSize>(steps: &[T]) -> Option<StairMove<T>> {
    winning_moves(steps).next()
}

/// Staircase Nim as a ruleset: a position is the coins on each step, the ground first. The
/// coins on the ground take no part, so the moves leave the ground empty (the game is the
/// same, with fewer positions).
///
/// Its closed-form hook returns [`nim_sum`]; use
/// [`Solver::without_closed_form`](crate::Solver::without_closed_form) to check the theory.
///
/// # Examples
///
/// ```
/// use impartial::staircase::Staircase;
/// use impartial::{Nimber, Solver};
///
/// let mut solver = Solver::new(Staircase).without_closed_form();
/// assert_eq!(solver.grundy(&vec![0, 3, 5, 1])?, Nimber(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Staircase;

impl ImpartialGame for Staircase {
    type Position = Vec<u64>;

    /// Every move, step by step from the top down, fewest coins first. A step holds at most
    /// `u64::MAX` coins: a move that would pile more on the step below is left out (a
    /// position that large is out of the search's reach anyway).
    fn moves(&self, steps: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        (1..steps.len()).rev().flat_map(move |step| {
            (1..=steps[step]).filter_map(move |coins| {
                let mut next = steps.clone();
                next[step] -= coins;
                if step > 1 {
                    next[step - 1] = next[step - 1].checked_add(coins)?;
                }
                next[0] = 0;
                Some(next)
            })
        })
    }

    fn known_grundy(&self, steps: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(to_u128(nim_sum(steps))))
    }

    fn allocated_bytes(&self, steps: &Vec<u64>) -> usize {
        steps.capacity() * size_of::<u64>()
    }
}

/// The closed form on the ruleset's positions: the nim-sum of the odd steps, and the moves
/// of [`winning_moves`]. A move leaves the ground empty, as the ruleset's moves do.
///
/// # Examples
///
/// ```
/// use impartial::staircase::Staircase;
/// use impartial::{ClosedForm, Nimber};
///
/// let steps = vec![0, 3, 5, 1];
/// assert_eq!(Staircase.grundy(&steps), Ok(Some(Nimber(2))));
/// let Ok(best) = Staircase.winning_move(&steps);
/// let best = best.expect("an N-position");
/// assert_eq!(Staircase.leaves(&steps, &best)?, [0, 1, 5, 1]);
/// // Applied to other steps, the move is refused.
/// assert!(Staircase.leaves(&vec![0, 0, 0, 1], &best).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for Staircase {
    type Move = StairMove<u64>;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<Vec<u64>>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let steps: &Vec<u64> = holder.borrow();
        Ok(outcome(steps))
    }

    fn grundy(&self, position: impl IntoPosition<Vec<u64>>) -> Result<Option<Nimber>, Infallible> {
        let holder = position.into_holder();
        let steps: &Vec<u64> = holder.borrow();
        Ok(Some(Nimber(to_u128(nim_sum(steps)))))
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Vec<u64>>,
    ) -> Result<impl Iterator<Item = StairMove<u64>>, Infallible> {
        let holder = position.into_holder();
        let steps: &Vec<u64> = holder.borrow();
        // At most one move a heap: listed at once, so that the moves need not borrow the
        // position, which may be a temporary.
        Ok(winning_moves(steps).collect::<Vec<_>>().into_iter())
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<Vec<u64>>,
    ) -> Result<Option<StairMove<u64>>, Infallible> {
        Ok(winning_move(position.into_holder().borrow()))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Vec<u64>>,
        chosen: &StairMove<u64>,
    ) -> Result<Vec<u64>, IllegalMove<Vec<u64>, StairMove<u64>>> {
        let holder = position.into_holder();
        let steps: &Vec<u64> = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(steps, chosen, reason);
        let &StairMove { step, coins, from } = chosen;
        if step == 0 {
            return Err(refuse("no coin moves down from the ground".into()));
        }
        let Some(&held) = steps.get(step) else {
            return Err(refuse(format!("there is no step {step}")));
        };
        if held != from {
            return Err(refuse(format!(
                "step {step} holds {held} coins, not {from}"
            )));
        }
        if coins == 0 || coins > held {
            return Err(refuse(format!(
                "step {step} cannot give {coins} of its {held} coins"
            )));
        }
        let mut after = steps.clone();
        after[step] -= coins;
        if step > 1 {
            after[step - 1] = after[step - 1].checked_add(coins).ok_or_else(|| {
                refuse(format!(
                    "step {} cannot hold more than {} coins",
                    step - 1,
                    u64::MAX
                ))
            })?;
        }
        after[0] = 0;
        Ok(after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_would_overflow_a_step_is_left_out() {
        // Step 2's two coins cannot go down onto u64::MAX: the first option is step 1's.
        let steps = vec![0, u64::MAX, 2];
        let first = Staircase.moves(&steps).next().expect("step 1 can move");
        assert_eq!(first, [0, u64::MAX - 1, 2]);
        let small = vec![7, 1, 2];
        let all: Vec<Vec<u64>> = Staircase.moves(&small).collect();
        assert_eq!(all, [vec![0, 2, 1], vec![0, 3, 0], vec![0, 0, 2]]);
    }
}
