//! Lasker's Nim: a move takes any positive number of counters from one heap, or splits a
//! heap into two non-empty heaps without taking any. Whoever moves last wins.
//!
//! In the take-and-break code language it is `4.333…`: the digit before the point, 4, lets
//! a move take nothing and leave two heaps; each digit 3 lets it take that many counters,
//! leaving nothing or one heap. Its values have a closed form (Lasker 1931; *Winning Ways*,
//! ch. 4 "Lasker's Nim"): `G(0) = 0` and, for `k ≥ 0`,
//!
//! ```text
//! G(4k + 1) = 4k + 1,   G(4k + 2) = 4k + 2,   G(4k + 3) = 4k + 4,   G(4k + 4) = 4k + 3.
//! ```
//!
//! [`code`] gives the octal code for heaps up to a bound, so the sequence engine checks the
//! form (the tests do, to heap 256, the longest code), and [`Lasker`] is the ruleset for
//! the solver. With its tail written once, `4.[3]` is a
//! [`RepeatingCode`](crate::repeating::RepeatingCode), valued by the definition for every
//! heap (the tests hold it to this form to heap 600).
//!
//! The winning move is Nim's on the values, with one twist: where the heap to change has
//! `4k + 3` counters and must fall to value `4k + 3`, no smaller heap has that value
//! (`G(4k + 4) = 4k + 3` is larger), so it splits into `1` and `4k + 2`, worth
//! `1 ⊕ (4k + 2) = 4k + 3`. Every other target is a heap within one of the value.
//!
//! ```
//! use impartial::lasker::{self, LaskerMove};
//! use impartial::{Nimber, Outcome};
//!
//! assert_eq!(lasker::heap_grundy(3), Nimber(4));
//! assert_eq!(lasker::grundy(&[3, 4]), Nimber(4 ^ 3));
//! assert_eq!(lasker::outcome(&[3, 4]), Outcome::N);
//! // Heaps 3 and 7 are worth 4 and 8: the 7 must become worth 4, which is a heap of 3.
//! assert_eq!(lasker::winning_move(&[3, 7]), Some(LaskerMove::Take { heap: 1, from: 7, to: 3 }));
//! // Worth 4, 8 and 3: the 7 must become worth 7, and no smaller heap is; 1 and 6 are.
//! assert_eq!(
//!     lasker::winning_move(&[3, 7, 4]),
//!     Some(LaskerMove::Split { heap: 1, from: 7, into: (1, 6) })
//! );
//! ```

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome};
use crate::games::octal::{CodeError, OctalGame};
use crate::heap::Heaps;

/// `G(heap)`, the value of one heap (past `u64`: `G(2⁶⁴ − 1) = 2⁶⁴`).
///
/// # Examples
///
/// ```
/// use impartial::{lasker, Nimber};
///
/// let first: Vec<u128> = (0..9).map(|heap| lasker::heap_grundy(heap).0).collect();
/// assert_eq!(first, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// assert_eq!(lasker::heap_grundy(u64::MAX), Nimber(u128::from(u64::MAX) + 1));
/// ```
#[must_use]
pub fn heap_grundy(heap: u64) -> Nimber {
    let heap = u128::from(heap);
    Nimber(match heap % 4 {
        3 => heap + 1,
        0 if heap > 0 => heap - 1,
        _ => heap,
    })
}

/// The heap whose value is `target` (the inverse of [`heap_grundy`]).
fn heap_of_value(target: u128) -> u128 {
    match target % 4 {
        3 => target + 1,
        0 if target > 0 => target - 1,
        _ => target,
    }
}

/// The position's Sprague–Grundy value: the XOR of its heaps' values.
///
/// # Examples
///
/// ```
/// use impartial::{lasker, Nimber};
///
/// assert_eq!(lasker::grundy(&[3, 4]), Nimber(4 ^ 3));
/// assert_eq!(lasker::grundy(&[]), Nimber(0));
/// ```
#[must_use]
pub fn grundy(heaps: &[u64]) -> Nimber {
    // In 64 bits, with the one value past them — G(2⁶⁴ − 1) = 2⁶⁴ — as a parity of its own.
    let mut low = 0u64;
    let mut top = false;
    for &heap in heaps {
        match heap % 4 {
            3 => {
                let (next, past) = heap.overflowing_add(1);
                low ^= next;
                top ^= past;
            }
            0 => low ^= heap.saturating_sub(1),
            _ => low ^= heap,
        }
    }
    Nimber(u128::from(low) | u128::from(top) << 64)
}

/// Who wins from `heaps`.
///
/// # Examples
///
/// ```
/// use impartial::{lasker, Outcome};
///
/// assert_eq!(lasker::outcome(&[3, 4]), Outcome::N);
/// assert_eq!(lasker::outcome(&[1, 2, 4]), Outcome::P); // 1 ⊕ 2 ⊕ 3 = 0
/// ```
#[must_use]
pub fn outcome(heaps: &[u64]) -> Outcome {
    Outcome::from(grundy(heaps))
}

/// A move of Lasker's Nim.
///
/// # Examples
///
/// ```
/// use impartial::lasker::{self, LaskerMove};
///
/// let split = LaskerMove::Split { heap: 1, from: 7, into: (1, 6) };
/// assert_eq!(split.to_string(), "split heap 1 (7) into 1 and 6");
/// assert_eq!(lasker::winning_move(&[3, 7, 4]), Some(split));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LaskerMove {
    /// Take counters from heap number `heap`, leaving `to` of its `from`.
    Take {
        /// The heap's place in the list.
        heap: usize,
        /// Its size before.
        from: u64,
        /// Its size after, below `from`.
        to: u64,
    },
    /// Split heap number `heap` of `from` counters into two non-empty heaps.
    Split {
        /// The heap's place in the list.
        heap: usize,
        /// Its size, the sum of the two parts.
        from: u64,
        /// The two heaps it becomes, smaller first.
        into: (u64, u64),
    },
}

impl fmt::Display for LaskerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LaskerMove::Take { heap, from, to } => {
                // Saturating: a move made by hand, to be refused, still prints.
                write!(
                    f,
                    "take {} from heap {heap} ({from} → {to})",
                    from.saturating_sub(to)
                )
            }
            LaskerMove::Split { heap, from, into } => {
                write!(
                    f,
                    "split heap {heap} ({from}) into {} and {}",
                    into.0, into.1
                )
            }
        }
    }
}

/// A winning move — on the first heap whose value has the nim-sum's highest bit — or `None`
/// from a P-position: the first of [`winning_moves`]. One pass over the heaps.
///
/// # Examples
///
/// ```
/// use impartial::lasker;
///
/// let heaps = [2, 5, 12];
/// let best = lasker::winning_move(&heaps).expect("N");
/// println!("{best}");
/// assert_eq!(lasker::winning_move(&[1, 2, 4]), None); // 1 ⊕ 2 ⊕ 3 = 0
/// ```
#[must_use]
pub fn winning_move(heaps: &[u64]) -> Option<LaskerMove> {
    let sum = grundy(heaps).0;
    if sum == 0 {
        return None;
    }
    let top = 1u128 << sum.ilog2();
    let (heap, &from) = heaps
        .iter()
        .enumerate()
        .find(|&(_, &from)| heap_grundy(from).0 & top != 0)?;
    let target = heap_grundy(from).0 ^ sum;
    let to = heap_of_value(target);
    if to < u128::from(from) {
        // Below `from`, so it fits in u64.
        return Some(LaskerMove::Take {
            heap,
            from,
            to: to as u64,
        });
    }
    // Only a heap of 4k + 3 falling to value 4k + 3 gets here (module docs).
    Some(LaskerMove::Split {
        heap,
        from,
        into: (1, from - 1),
    })
}

/// Every winning move from `heaps`; none from a P-position. [`winning_move`]'s first, then
/// every other, heap by heap: the take to the one smaller heap of the value that balances
/// (a heap's options may be worth more than it), then the splits, smaller part ascending.
/// Lazy: the splits of a heap of `h` counters cost `O(h)`, so take what you need of a large
/// position.
///
/// # Examples
///
/// ```
/// use impartial::lasker;
///
/// // Worth 2 ⊕ 5 = 7, and a heap of 5 has options worth 1 to 6: take it to 2, or split it
/// // into two heaps worth 2 together.
/// let moves: Vec<String> = lasker::winning_moves(&[2, 5]).map(|made| made.to_string()).collect();
/// assert_eq!(moves[0], "take 3 from heap 1 (5 → 2)");
/// assert!(moves.len() > 1, "{moves:?}");
/// assert_eq!(lasker::winning_moves(&[1, 2, 4]).count(), 0);
/// ```
pub fn winning_moves(heaps: &[u64]) -> impl Iterator<Item = LaskerMove> + '_ {
    let sum = grundy(heaps).0;
    let first = winning_move(heaps);
    let others = heaps
        .iter()
        .enumerate()
        .filter(move |_| sum != 0)
        .flat_map(move |(heap, &from)| {
            let target = heap_grundy(from).0 ^ sum;
            let to = heap_of_value(target);
            // Below `from`, so it fits in u64.
            let take = (to < u128::from(from)).then_some(LaskerMove::Take {
                heap,
                from,
                to: to as u64,
            });
            let splits = (1..=from / 2)
                .filter(move |&part| (heap_grundy(part) ^ heap_grundy(from - part)).0 == target)
                .map(move |part| LaskerMove::Split {
                    heap,
                    from,
                    into: (part, from - part),
                });
            take.into_iter().chain(splits)
        })
        .filter(move |made| Some(*made) != first);
    first.into_iter().chain(others)
}

/// The code of Lasker's Nim on heaps up to `max_heap`: `4.` followed by `max_heap` threes.
///
/// # Errors
///
/// [`CodeError::TooLong`] past [`MAX_DIGITS`](crate::games::octal::MAX_DIGITS) digits, refused
/// before the code is written out (so `usize::MAX` allocates nothing).
///
/// # Examples
///
/// ```
/// use impartial::lasker;
///
/// let game = lasker::code(6)?;
/// assert_eq!(game.to_string(), "4.333333");
/// let values = game.values_up_to(6)?;
/// assert_eq!(values.computed_values(), [0, 1, 2, 4, 3, 5, 6]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn code(max_heap: usize) -> Result<OctalGame, CodeError> {
    if max_heap > crate::games::octal::MAX_DIGITS {
        return Err(CodeError::TooLong {
            digits: max_heap,
            max: crate::games::octal::MAX_DIGITS,
        });
    }
    format!("4.{}", "3".repeat(max_heap)).parse()
}

/// Lasker's Nim as a ruleset on [`Heaps`]; its closed-form hook returns [`grundy`].
///
/// # Examples
///
/// ```
/// use impartial::lasker::Lasker;
/// use impartial::{Nimber, Solver};
///
/// let mut solver = Solver::new(Lasker).without_closed_form();
/// assert_eq!(solver.grundy([7])?, Nimber(8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lasker;

impl ImpartialGame for Lasker {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        heaps.iter().enumerate().flat_map(move |(index, &heap)| {
            let takes = (0..heap).map(move |to| heaps.replace(index, &[to]));
            let splits = (1..=heap / 2).map(move |part| heaps.replace(index, &[part, heap - part]));
            takes.chain(splits)
        })
    }

    fn known_grundy(&self, heaps: &Heaps) -> Option<Nimber> {
        Some(grundy(heaps))
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

/// Lasker's closed form on [`Heaps`]: [`grundy`] and [`winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::lasker::Lasker;
/// use impartial::{ClosedForm, Heaps, Outcome};
///
/// let heaps = Heaps::from([3, 7, 4]);
/// let Ok(best) = Lasker.winning_move(&heaps);
/// let best = best.expect("an N-position");
/// // The heaps sorted: 3, 4, 7 — heap 2 is the 7.
/// assert_eq!(best.to_string(), "split heap 2 (7) into 1 and 6");
/// assert_eq!(Lasker.leaves(&heaps, &best)?, Heaps::from([1, 3, 4, 6]));
/// assert_eq!(Lasker.outcome(&Lasker.leaves(&heaps, &best)?), Ok(Outcome::P));
/// assert!(Lasker.leaves(&Heaps::from([3, 4]), &best).is_err()); // no heap 2 there
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for Lasker {
    type Move = LaskerMove;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<Heaps>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        Ok(outcome(heaps))
    }

    fn grundy(&self, position: impl IntoPosition<Heaps>) -> Result<Option<Nimber>, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        Ok(Some(grundy(heaps)))
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<impl Iterator<Item = LaskerMove>, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        // At most one move a heap: listed at once, so that the moves need not borrow the
        // position, which may be a temporary.
        Ok(winning_moves(heaps).collect::<Vec<_>>().into_iter())
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<Option<LaskerMove>, Infallible> {
        Ok(winning_move(position.into_holder().borrow()))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Heaps>,
        chosen: &LaskerMove,
    ) -> Result<Heaps, IllegalMove<Heaps, LaskerMove>> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(heaps, chosen, reason);
        let (LaskerMove::Take { heap, from, .. } | LaskerMove::Split { heap, from, .. }) = *chosen;
        match heaps.get(heap) {
            None => return Err(refuse(format!("there is no heap {heap}"))),
            Some(&size) if size != from => {
                return Err(refuse(format!("heap {heap} has {size}, not {from}")));
            }
            Some(_) => {}
        }
        match *chosen {
            LaskerMove::Take { to, .. } if to < from => Ok(heaps.replace(heap, &[to])),
            LaskerMove::Take { to, .. } => Err(refuse(format!("{to} is not less than {from}"))),
            LaskerMove::Split { into, .. }
                if into.0 > 0 && into.1 > 0 && into.0.checked_add(into.1) == Some(from) =>
            {
                Ok(heaps.replace(heap, &[into.0, into.1]))
            }
            LaskerMove::Split { into, .. } => Err(refuse(format!(
                "{} and {} are not two heaps that make {from}",
                into.0, into.1
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_too_long_is_refused_before_it_is_written() {
        // `usize::MAX` once panicked ("capacity overflow") and 2³⁴ aborted on a 17 GB
        // allocation, where `CodeError::TooLong` is documented.
        let max = crate::games::octal::MAX_DIGITS;
        assert!(code(max).is_ok());
        assert!(code(0).is_err(), "4. has no move");
        for digits in [max + 1, 100_000_000, 1 << 34, usize::MAX] {
            assert_eq!(code(digits), Err(CodeError::TooLong { digits, max }));
        }
    }

    #[test]
    fn the_64_bit_nim_sum_equals_the_sum_of_the_values() {
        let mut next = crate::sequence::testing::random_words(0x2545_F491_4F6C_DD1D);
        for count in [0usize, 1, 2, 5, 100, 4096] {
            for shift in [0, 48, 56, 62] {
                let mut heaps: Vec<u64> = (0..count).map(|_| next() >> shift).collect();
                // The widest heap, worth 2⁶⁴, once or twice.
                for _ in 0..(count % 3) {
                    heaps.push(u64::MAX);
                }
                let plain = heaps
                    .iter()
                    .fold(0u128, |sum, &heap| sum ^ heap_grundy(heap).0);
                assert_eq!(grundy(&heaps), Nimber(plain), "{count} heaps >> {shift}");
            }
        }
    }
}
