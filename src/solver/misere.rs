//! [`Misere`]: a [`Solver`]'s questions under misère play, where whoever moves last loses.

use std::borrow::Borrow;

use super::general::Solver;
use super::genus::{self, Genus};
use super::search::Play;
use crate::error::SolveError;
use crate::game::{ImpartialGame, IntoPosition, Nimber, Outcome};

/// The questions of misère play — whoever makes the last move *loses* — asked of a
/// [`Solver`]'s game through [`Solver::misere`], in tables of their own beside the normal
/// ones, with the solver's limits.
///
/// The normal-play value of a position does not decide misère play, and neither does a
/// ruleset's closed-form hook: every answer is searched, as whole positions (sums do not add
/// up in misère play), the options in rounds where the ruleset asks
/// ([`SEARCH_IN_ROUNDS`](crate::Decompose::SEARCH_IN_ROUNDS), feature `decompose`). For
/// sums, see [`genus`](Self::genus) and the misère quotients ([`quotient`](crate::quotient)).
///
/// | question | method |
/// |---|---|
/// | who wins? | [`outcome`](Self::outcome) |
/// | how to win | [`winning_move`](Self::winning_move), [`winning_moves`](Self::winning_moves) |
/// | the misère Grundy value | [`grundy`](Self::grundy) |
/// | the genus, and whether every follower is tame | [`genus`](Self::genus), [`is_tame`](Self::is_tame) |
///
/// # Examples
///
/// ```
/// use impartial::{Nim, Outcome, Solver};
///
/// let mut solver = Solver::new(Nim);
/// assert_eq!(solver.outcome([1, 1])?, Outcome::P);
/// // Misère play: two single counters are won by taking one.
/// assert_eq!(solver.misere().outcome([1, 1])?, Outcome::N);
/// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
/// ```
#[derive(Debug)]
pub struct Misere<'s, G: ImpartialGame> {
    pub(super) solver: &'s mut Solver<G>,
}

impl<G: ImpartialGame> Solver<G> {
    /// The questions of misère play — whoever moves last loses — on this solver's game,
    /// with its limits and in tables of their own: [`Misere`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.misere().outcome([1, 1, 1])?, Outcome::P);
    /// assert_eq!(solver.misere().winning_move([1, 5])?, Some([1].into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn misere(&mut self) -> Misere<'_, G> {
        Misere { solver: self }
    }
}

impl<G: ImpartialGame> Misere<'_, G> {
    /// The outcome of `position` under misère play: a terminal position is `N` (the player to
    /// move has already won), a position with a misère P option is `N`, one whose options are
    /// all `N` is `P`.
    ///
    /// # Errors
    ///
    /// As [`Solver::outcome`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.misere().outcome([])?, Outcome::N);
    /// assert_eq!(solver.misere().outcome([1])?, Outcome::P);
    /// assert_eq!(solver.misere().outcome([1, 1, 1])?, Outcome::P);
    /// assert_eq!(solver.misere().outcome([2, 2])?, Outcome::P);
    /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
    /// ```
    pub fn outcome(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Outcome, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.solver.asked(holder.borrow())?;
        let solver = &mut *self.solver;
        solver
            .search
            .outcome(&solver.game, holder.borrow(), Play::Misere)
    }

    /// A winning move under misère play: the first option, in the ruleset's order, that is
    /// a misère P-position. `None` from a P-position, and from a terminal position: that one
    /// is N, but the player to move has already won and has no move to make.
    ///
    /// # Errors
    ///
    /// As [`Solver::outcome`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// // Normal play would empty the big heap; misère play leaves one counter there.
    /// assert_eq!(solver.misere().winning_move([1, 5])?, Some([1].into()));
    /// assert_eq!(solver.misere().winning_move([1])?, None);
    /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
    /// ```
    pub fn winning_move(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Option<G::Position>, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.solver.asked(holder.borrow())?;
        let winning = self
            .solver
            .winning_options(holder.borrow(), Play::Misere, true)?;
        Ok(winning.into_iter().next())
    }

    /// Every winning move under misère play: exactly the options that are misère
    /// P-positions, in the order the ruleset lists them (the single one is the first).
    ///
    /// # Errors
    ///
    /// As [`Solver::outcome`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Heaps, Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// // From 2, 2, 1: pair the heaps of 2 — leaving an odd number of single counters fails.
    /// assert_eq!(solver.misere().winning_moves([2, 2, 1])?, [Heaps::from([2, 2])]);
    /// // Equal heaps are one heap to move in: the position left is the same.
    /// assert_eq!(solver.misere().winning_moves([1, 1])?, [Heaps::from([1])]);
    /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
    /// ```
    pub fn winning_moves(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.solver.asked(holder.borrow())?;
        self.solver
            .winning_options(holder.borrow(), Play::Misere, false)
    }

    /// The misère Grundy value of `position`: 1 for a position without moves (the player to
    /// move, who cannot, wins misère play), else the least value no option has. 0 exactly at
    /// the misère P-positions; for a nim-heap `*n` it is `n` except that `*0` has 1 and `*1`
    /// has 0. Unlike the normal value it says nothing of sums: for those see
    /// [`genus`](Self::genus).
    ///
    /// # Errors
    ///
    /// As [`Solver::outcome`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, SolveError, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.misere().grundy([])?, Nimber(1));
    /// assert_eq!(solver.misere().grundy([1])?, Nimber(0));
    /// assert_eq!(solver.misere().grundy([5])?, Nimber(5));
    /// assert_eq!(solver.misere().grundy([1, 1])?, Nimber(1));
    /// let mut small = Solver::new(Nim).with_state_limit(3);
    /// assert_eq!(small.misere().grundy([9]), Err(SolveError::StateLimit { limit: 3 }));
    /// # Ok::<(), SolveError<impartial::Heaps>>(())
    /// ```
    pub fn grundy(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Nimber, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.solver.asked(holder.borrow())?;
        let solver = &mut *self.solver;
        solver.search.misere_grundy(&solver.game, holder.borrow())
    }

    /// The genus of `position` (Conway): its normal value and the misère values of the
    /// position beside 0, 1, 2, … nim-heaps of size 2, which turn periodic (the search proves
    /// where). It tells the misère outcome of the position beside any nim-heaps of sizes 1,
    /// 2 and 3, and decides sums of tame games by misère Nim's rule (*Winning Ways*, ch. 13).
    ///
    /// Searches the position and its followers beside up to a few twos, in a table of its
    /// own that the solver's limits bound as the others.
    ///
    /// # Errors
    ///
    /// As [`Solver::outcome`], for the position and its followers.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::{Heaps, Nim, SolveError, Solver};
    ///
    /// // Kayles: rows of 1, 2 and 3 have the genera of nim-heaps *1, *2, *3; a row of 4
    /// // that of *1 again.
    /// let mut kayles = Solver::new(OctalGame::kayles());
    /// let mut genera = Vec::new();
    /// for n in 1..=4u64 {
    ///     genera.push(kayles.misere().genus(Heaps::from([n]))?.to_string());
    /// }
    /// assert_eq!(genera, ["1^031", "2^20", "3^31", "1^031"]);
    /// let mut small = Solver::new(Nim).with_state_limit(100);
    /// assert_eq!(small.misere().genus([9, 9]), Err(SolveError::StateLimit { limit: 100 }));
    /// # Ok::<(), SolveError<Heaps>>(())
    /// ```
    pub fn genus(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Genus, SolveError<G::Position>> {
        let holder = position.into_holder();
        let position: &G::Position = holder.borrow();
        self.solver.asked(position)?;
        let solver = &mut *self.solver;
        let normal = solver.grundy_of(position)?;
        let exponents = genus::genus_exponents(&mut solver.genus, &solver.game, position)
            .map_err(|error| error.map_position(|(position, _, _)| position))?;
        Ok(Genus::new(normal, exponents))
    }

    /// Whether `position` is tame: every follower (the position and every position
    /// reachable from it) has a tame [genus](Genus::is_tame). Sums of tame positions are
    /// played as misère Nim, each counted as the nim-heap its genus names (*Winning Ways*,
    /// ch. 13). Costs a genus for every follower.
    ///
    /// # Errors
    ///
    /// As [`genus`](Self::genus).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::{Heaps, Nim, Solver};
    ///
    /// assert!(Solver::new(Nim).misere().is_tame([3, 5, 6])?);
    /// // Kayles is wild in misère play: a row of 5 has a wild follower.
    /// let mut kayles = Solver::new(OctalGame::kayles());
    /// assert!(kayles.misere().is_tame(Heaps::from([4]))?);
    /// assert!(!kayles.misere().is_tame(Heaps::from([5]))?);
    /// # Ok::<(), impartial::SolveError<Heaps>>(())
    /// ```
    pub fn is_tame(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<bool, SolveError<G::Position>> {
        let holder = position.into_holder();
        let root: &G::Position = holder.borrow();
        self.solver.asked(root)?;
        // The same walk the genus search makes, bounded by the state limit as it is.
        let solver = &*self.solver;
        let followers = genus::followers(&solver.game, root, solver.genus.state_limit())
            .map_err(|limit| SolveError::StateLimit { limit })?;
        for follower in followers {
            if !self.genus(follower)?.is_tame() {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
