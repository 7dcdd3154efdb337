//! [`ClosedForm`]: the special method as a trait, beside the general one.

use std::fmt::{Debug, Display};

use crate::game::{IllegalMove, ImpartialGame, IntoPosition, Nimber, Outcome};

/// The special method: a ruleset whose balanced positions — the P-positions — are known in
/// closed form, with a rule that moves back to one.
///
/// The general method ([`ImpartialGame`] and the [`Solver`](crate::Solver)) explores the
/// graph of positions; a closed form answers from the position alone, in time independent
/// of that graph: Nim by the XOR of its heaps, Fibonacci Nim by the Zeckendorf
/// representation, Wythoff's game by Beatty pairs, an octal game by its proved periodic
/// values. Every classic of this crate implements this trait, so each answers the same
/// questions under the same names — [`outcome`](Self::outcome), [`grundy`](Self::grundy),
/// [`winning_move`](Self::winning_move), [`winning_moves`](Self::winning_moves) — and its
/// moves are a type of its own that says, by [`Display`], what the move does and what it
/// leaves ([`leaves`](Self::leaves) gives that position). The trait extends
/// [`ImpartialGame`] with the same positions, so one generic harness holds every closed form
/// to the solver's search (`tests/general/closed_forms.rs`).
///
/// Positions are taken as the [`Solver`](crate::Solver) takes them, by
/// [`IntoPosition`]: the position, a reference to it, or — for the games on
/// [`Heaps`](crate::Heaps) — an array, a slice or a `Vec` of sizes
/// (`Nim.winning_move([3, 4, 5])`, `Wythoff.winning_move((4, 6))`).
///
/// A move's `heap`, in every move type that has one, numbers the heaps of the position the
/// move was found from, in that position's own order: a [`Heaps`](crate::Heaps) lists its
/// heaps smallest first, without the empty ones, so `[5, 0, 3]` asked as `Heaps` has heap 0
/// of 3 and heap 1 of 5; the module functions that take a slice (`nim::winning_move(&heaps)`)
/// number the slice as given.
///
/// The answers are `Result`s: a closed form that rests on a table — values to a heap, a
/// quotient to a heap, losing sizes to a bound — cannot answer past it, and says so with its
/// [`Error`](Self::Error). Where every position is answered, the error is
/// [`Infallible`](std::convert::Infallible), and `let Ok(outcome) = game.outcome(&position);`
/// needs no unwrapping. The games' modules keep one-line functions for the common call
/// (`nim::winning_move(&heaps)`).
///
/// # Laws
///
/// For every position `p` answered, under the convention
/// [`PLAY`](ImpartialGame::PLAY) the game declares:
///
/// - `outcome(p)` is the [`Solver`](crate::Solver)'s outcome of `p`, which follows the same
///   convention;
/// - `grundy(p)`, where it is `Some`, is the Sprague–Grundy value of `p`, and is `*0`
///   exactly when `outcome(p)` is P;
/// - the positions `winning_moves(p)` leave are exactly the options of `p` that are
///   P-positions (two moves may leave one position: from either of two equal heaps), and
///   there are none when `p` is P; `winning_move(p)` is the first of them;
/// - `leaves(p, m)` is `Ok` exactly for the moves `m` from `p`, and is then the option `m`
///   names.
///
/// # Examples
///
/// Generic code asks every closed form the same questions:
///
/// ```
/// use impartial::nim::Nim;
/// use impartial::wythoff::Wythoff;
/// use impartial::{ClosedForm, Heaps, Outcome};
///
/// /// The position a winning move leaves, described, or why there is none.
/// fn advice<G: ClosedForm>(game: &G, position: &G::Position) -> Result<String, G::Error> {
///     Ok(match game.winning_move(position)? {
///         Some(best) => format!("{best}"),
///         None => format!("{} (no winning move)", game.outcome(position)?),
///     })
/// }
///
/// let Ok(nim) = advice(&Nim, &Heaps::from([3, 4, 5]));
/// // Positions as the solver takes them: an array of heap sizes, a pair.
/// assert_eq!(Nim.winning_move([3, 4, 5]).map(|best| best.is_some()), Ok(true));
/// assert_eq!(Wythoff.outcome((3, 5)), Ok(Outcome::P));
/// assert_eq!(nim, "take 2 from heap 0 (3 → 1)");
/// let Ok(wythoff) = advice(&Wythoff, &(4, 6));
/// assert_eq!(wythoff, "take 1 from both heaps (4, 6 → 3, 5)");
/// let Ok(lost) = advice(&Wythoff, &(3, 5));
/// assert_eq!(lost, "P (no winning move)");
/// let Ok(value) = Nim.grundy(&Heaps::from([1, 2]));
/// assert_eq!(value.map(|value| value.0), Some(3));
/// assert_eq!(Nim.outcome(&Heaps::from([1, 1])), Ok(Outcome::P));
/// ```
#[doc(alias = "special method")]
pub trait ClosedForm: ImpartialGame {
    /// A move as the game names it: what it does and what it leaves, in words by
    /// [`Display`].
    type Move: Clone + Debug + Display + PartialEq;

    /// Why a position cannot be answered: past the table a closed form rests on.
    /// [`Infallible`](std::convert::Infallible) where every position is answered.
    type Error: std::error::Error;

    /// Who wins from `position` with best play: P if the player who just moved, N if the
    /// player to move.
    ///
    /// # Errors
    ///
    /// The game's [`Error`](Self::Error) for a position past what it answers.
    fn outcome(&self, position: impl IntoPosition<Self::Position>) -> Result<Outcome, Self::Error>;

    /// The Sprague–Grundy value of `position`, where the theory gives one (`None` where it
    /// does not: misère play, Fibonacci Nim).
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome).
    fn grundy(
        &self,
        position: impl IntoPosition<Self::Position>,
    ) -> Result<Option<Nimber>, Self::Error>;

    /// Every winning move from `position`, in the order [`winning_move`](Self::winning_move)
    /// chooses from; none from a P-position. The iterator owns what it needs: the position
    /// may be a temporary (`Nim.winning_moves([3, 4, 5])`).
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome).
    fn winning_moves(
        &self,
        position: impl IntoPosition<Self::Position>,
    ) -> Result<impl Iterator<Item = Self::Move>, Self::Error>;

    /// A winning move from `position`: the first of [`winning_moves`](Self::winning_moves),
    /// `None` from a P-position.
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome).
    fn winning_move(
        &self,
        position: impl IntoPosition<Self::Position>,
    ) -> Result<Option<Self::Move>, Self::Error> {
        Ok(self.winning_moves(position)?.next())
    }

    /// The position that `chosen`, a move from `position`, leaves.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `chosen` is not a move from `position` — a move found from another
    /// position, or made by hand with a heap that is not there or a take the rules do not
    /// allow: the position it would leave is not an option of `position`, and none is made.
    fn leaves(
        &self,
        position: impl IntoPosition<Self::Position>,
        chosen: &Self::Move,
    ) -> Result<Self::Position, IllegalMove<Self::Position, Self::Move>>;
}
