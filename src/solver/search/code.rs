//! What the memo tables store per position — a *code* — and which table each question uses.
//!
//! A code is a number the table's rule records (a Grundy value, a remoteness, a suspense, or
//! for scores an index into the score arena), or one of two markers at the top of the range:
//! [`ON_PATH`] while a position is on the line of play being explored, and [`OUTCOME_N`] in
//! the normal-play table for a position known to be N whose Grundy value is not computed yet.
//! The misère table holds only [`MISERE_P`] and [`MISERE_N`]. Every number a code holds is at
//! most [`MAX_NUMBER`].

use crate::game::Outcome;
use crate::solver::memo::MAX_CODE;

/// What a table stores for a position: a number of its rule, at most [`MAX_NUMBER`], or a
/// marker above it.
pub(crate) type Code = u32;

/// The position is on the line of play being explored: meeting it again is a cycle.
pub(super) const ON_PATH: Code = MAX_CODE;

/// The position is N, its Grundy value not yet computed (`outcome` stops early).
pub(super) const OUTCOME_N: Code = MAX_CODE - 1;

/// The largest number a code holds: a Grundy value, a remoteness or a suspense, or an index
/// into the score arena.
pub(super) const MAX_NUMBER: Code = OUTCOME_N - 1;

/// A misère P-position (the misère table stores only outcomes).
pub(super) const MISERE_P: Code = 0;

/// A misère N-position.
pub(super) const MISERE_N: Code = 1;

/// `number` as a code, if it is at most [`MAX_NUMBER`].
// The helpers of the engine are `#[inline]`: the engine is generic, compiled in the user's
// crate, where a plain function of this one is a call — this one, a call per position, was a
// tenth of the A Game sweep's time until marked.
#[inline]
pub(super) fn number_code(number: usize) -> Option<Code> {
    Code::try_from(number)
        .ok()
        .filter(|&code| code <= MAX_NUMBER)
}

/// Which question an outcome search answers: the convention of play.
pub(crate) use crate::game::Play;

/// The memo tables, one per kind of answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Table {
    Normal,
    Misere,
    Remoteness,
    Suspense,
    Score,
    /// Bounds on scores found by windowed searches (`window`): codes index `bounds`.
    Bounds,
    /// Misère Grundy values (the misère outcome table keeps outcomes only).
    MisereGrundy,
}

pub(super) const TABLES: usize = 7;

impl Table {
    #[inline]
    pub(super) fn of_play(play: Play) -> Table {
        match play {
            Play::Normal => Table::Normal,
            Play::Misere => Table::Misere,
        }
    }
}

#[inline]
pub(super) fn outcome_code(play: Play, outcome: Outcome) -> Code {
    match (play, outcome) {
        (Play::Normal, Outcome::P) => 0,
        (Play::Normal, Outcome::N) => OUTCOME_N,
        (Play::Misere, Outcome::P) => MISERE_P,
        (Play::Misere, Outcome::N) => MISERE_N,
    }
}
