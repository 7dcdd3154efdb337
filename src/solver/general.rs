//! [`Solver`]: the general method's front end for impartial games — outcomes and
//! Sprague–Grundy values in normal and misère play, winning moves, remoteness and suspense.

use std::borrow::Borrow;
use std::collections::TryReserveError;
use std::fmt::{self, Debug};
#[cfg(feature = "decompose")]
use std::path::Path;
#[cfg(feature = "decompose")]
use std::thread;

use super::decomposing::Decomposing;
use super::genus::WithTwos;
use super::search::{Play, Rule, Search, search_order};
#[cfg(feature = "decompose")]
use super::split::{self, SplitSearch};
use super::stats::SolverStats;
use crate::error::SolveError;
#[cfg(feature = "decompose")]
use crate::error::TableError;
#[cfg(feature = "decompose")]
use crate::game::StoredPosition;
use crate::game::{Either, ImpartialGame, IntoPosition, Nimber, Outcome};

/// The general method: memoized Sprague–Grundy search over any [`ImpartialGame`].
///
/// A solver owns its ruleset and keeps every answer it has computed, so repeated and
/// overlapping queries are cheap. The search is iterative (a line of play a million moves
/// long needs no deep stack), detects cycles, and can be bounded with a state limit.
///
/// | question | method | cost |
/// |---|---|---|
/// | who wins? | [`outcome`](Self::outcome) | stops at the first P option |
/// | Sprague–Grundy value | [`grundy`](Self::grundy) | looks at every option |
/// | how to win | [`winning_move`](Self::winning_move), [`winning_moves`](Self::winning_moves) | outcome of each option |
/// | misère play: who wins, how, the genus | [`misere`](Self::misere), then the same names | as `outcome` |
/// | how soon it ends, hurrying or delaying | [`remoteness`](Self::remoteness), [`suspense`](Self::suspense) | looks at every option |
///
/// Every question returns a `Result`: [`SolveError`] says why it could not be answered — a
/// position that repeats along a line of play, or a limit reached — which cannot happen for
/// a finite acyclic game without limits. The solver stays usable after an error.
///
/// On a game whose positions can repeat, a search that meets a repeated position fails with
/// [`SolveError::Cycle`]. A query may still be answered without meeting one, from positions
/// decided before (a P option found first, say); such an answer is right — the outcome that
/// [`LoopySolver`](crate::loopy::LoopySolver) gives, and its generalized Sprague–Grundy
/// value, which is finite there — because every position it rests on was decided from
/// positions decided before it.
///
/// # Complexity
///
/// Each reachable position is stored once per kind of play; [`grundy`](Self::grundy) visits
/// every move once, in **O(V + E)** time for V positions and E moves (expected, hashing).
/// Positions for which the ruleset's [`known_grundy`](ImpartialGame::known_grundy) answers
/// are neither explored nor stored (in normal play).
///
/// # Examples
///
/// ```
/// use impartial::{Outcome, Solver, SubtractionGame};
///
/// // Take 1, 3 or 4 counters from one heap.
/// let mut solver = Solver::new(SubtractionGame::new(&[1, 3, 4])?);
/// let mut values = Vec::new();
/// for n in 0..14u64 {
///     values.push(solver.grundy([n])?.0);
/// }
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// assert_eq!(solver.outcome([7])?, Outcome::P);
/// assert_eq!(solver.winning_move([6])?, Some([2].into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver<G: ImpartialGame> {
    pub(super) game: G,
    pub(super) search: Search<G::Position>,
    /// The decomposing search, for rulesets that split (feature `decompose`).
    pub(super) decomposing: Decomposing<G>,
    /// The misère values of positions beside nim-heaps of size 2, for [`genus`](Self::genus).
    pub(super) genus: Search<WithTwos<G::Position>>,
}

impl<G: ImpartialGame + Clone> Clone for Solver<G> {
    fn clone(&self) -> Self {
        Solver {
            game: self.game.clone(),
            search: self.search.clone(),
            decomposing: self.decomposing.clone(),
            genus: self.genus.clone(),
        }
    }
}

impl<G: ImpartialGame + Debug> Debug for Solver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("game", &self.game)
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver for `game` with no state limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.outcome([1, 2, 3])?, Outcome::P);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(game: G) -> Self {
        Solver {
            game,
            search: Search::new(),
            decomposing: Decomposing::new(),
            genus: Search::new(),
        }
    }

    /// Bounds the number of stored states (normal and misère together): a query that would
    /// store more fails with [`SolveError::StateLimit`].
    ///
    /// The same bound applies to what a search keeps on its stack at once — the options
    /// waiting to be looked at, and the values of a position's options gathered for their
    /// mex — so a position with more moves than the limit is refused rather than listed.
    /// Positions with a [`dense_index`](ImpartialGame::dense_index) keep to an array of at
    /// most four slots per state the limit allows; larger indices are hashed.
    ///
    /// **A state limit counts states, not bytes.** Memory stays proportional to the limit
    /// times the size of a position — and a position may own much: a [`Heaps`](crate::Heaps)
    /// of 3 000 Kayles rows holds about 5 KB, so five million such states want 24 GB, and
    /// when the allocator cannot give them the process aborts. To keep a query within the
    /// machine, bound the bytes with [`with_memory_limit`](Self::with_memory_limit), which
    /// counts what positions own ([`ImpartialGame::allocated_bytes`]) — alone or together
    /// with this limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, SolveError, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form().with_state_limit(100);
    /// assert_eq!(
    ///     solver.grundy([20, 20]),
    ///     Err(SolveError::StateLimit { limit: 100 })
    /// );
    /// assert!(solver.grundy([3, 4]).is_ok()); // 20 states fit
    ///
    /// // Large positions: the memory limit is the one that keeps the machine safe.
    /// use impartial::octal::OctalGame;
    /// let rows = vec![5u64; 3_000];
    /// let mut kayles = Solver::new(OctalGame::kayles())
    ///     .without_closed_form()
    ///     .with_state_limit(5_000_000)
    ///     .with_memory_limit(64 << 20);
    /// assert_eq!(kayles.outcome(rows), Err(SolveError::MemoryLimit { limit: 64 << 20 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_state_limit(mut self, limit: usize) -> Self {
        self.search.limit_states(limit);
        self.genus.limit_states(limit);
        self.decomposing.limit_states(limit);
        self
    }

    /// Bounds the bytes the solver holds: its tables, the stored positions and what they own
    /// (as [`ImpartialGame::allocated_bytes`] reports it), and the search stack. A query
    /// that would need more fails with [`SolveError::MemoryLimit`], checked before each
    /// allocation the search makes (a table that would grow past the limit is not grown).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, SolveError, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form().with_memory_limit(64 * 1024);
    /// assert_eq!(
    ///     solver.grundy([30, 30, 30]),
    ///     Err(SolveError::MemoryLimit { limit: 64 * 1024 })
    /// );
    /// assert!(solver.stats().bytes <= 64 * 1024); // what it learnt before the limit
    /// solver.clear();
    /// assert!(solver.grundy([5, 5]).is_ok()); // 36 states fit
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_memory_limit(mut self, bytes: usize) -> Self {
        self.search.limit_bytes(bytes);
        self.genus.limit_bytes(bytes);
        self.decomposing.limit_bytes(bytes);
        self
    }

    /// Ignores the ruleset's [`known_grundy`](ImpartialGame::known_grundy) closed form and
    /// searches every position: for cross-checking a closed form, or measuring the search.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Solver};
    ///
    /// let mut searching = Solver::new(Nim).without_closed_form();
    /// assert_eq!(searching.grundy([3, 5])?, Nimber(6));
    /// assert_eq!(searching.stats().states, 18); // every {a, b} with a ≤ 3, b ≤ 5
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn without_closed_form(mut self) -> Self {
        self.search.ignore_closed_forms();
        self.decomposing.ignore_closed_forms();
        self
    }

    /// Keeps the decomposing search's table within `bytes`: once it is full, a new fact
    /// replaces one that cost less work to find, and a fact forgotten is found again when it
    /// is needed — never guessed, so every answer stays exact. For searches whose tables
    /// would not fit in memory; the plain search keeps its own limits.
    ///
    /// # Errors
    ///
    /// [`TableError::BudgetTooSmall`] for fewer bytes than a table of a thousand entries
    /// needs ([`least_table_budget`](Self::least_table_budget));
    /// [`TableError::OutOfMemory`] for more than the system will allocate (nothing is
    /// aborted: the table is reserved before it is filled).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::{Nimber, Solver};
    ///
    /// let game = Cram::new(4, 5)?;
    /// let mut solver = Solver::new(game).with_table_budget(64 << 10)?;
    /// assert_eq!(solver.grundy(game.start())?, Nimber(2));
    /// assert!(solver.stats().bytes <= 64 << 10);
    /// assert!(Solver::new(game).with_table_budget(100).is_err());
    /// assert!(Solver::new(game).with_table_budget(usize::MAX).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "decompose")]
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    pub fn with_table_budget(mut self, bytes: usize) -> Result<Self, TableError> {
        self.decomposing.set_budget(bytes)?;
        Ok(self)
    }

    /// The number of threads [`with_threads`](Self::with_threads) set: 1 unless told.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::Solver;
    ///
    /// let game = Cram::new(4, 4)?;
    /// assert_eq!(Solver::new(game).threads(), 1);
    /// assert_eq!(Solver::new(game).with_threads(2)?.threads(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "decompose")]
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    #[must_use]
    pub fn threads(&self) -> usize {
        self.decomposing.threads()
    }

    /// The fewest bytes [`with_table_budget`](Self::with_table_budget) accepts for this
    /// ruleset's positions.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::Solver;
    ///
    /// assert!(Solver::<Cram>::least_table_budget() < 64 << 10);
    /// ```
    #[cfg(feature = "decompose")]
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    #[must_use]
    pub fn least_table_budget() -> usize {
        SplitSearch::<G::Position>::least_budget()
    }

    /// Refuses a position that is not one of the game's
    /// ([`check_position`](ImpartialGame::check_position)): every question a user asks
    /// passes here first.
    pub(super) fn asked(&self, position: &G::Position) -> Result<(), SolveError<G::Position>> {
        self.game
            .check_position(position)
            .map_err(|error| SolveError::InvalidPosition {
                position: position.clone(),
                reason: error.reason().to_owned(),
            })
    }

    /// Refuses a question of normal play — `question` — for a ruleset that declares misère
    /// play.
    pub(super) fn normal_play_only(question: &'static str) -> Result<(), SolveError<G::Position>> {
        match G::PLAY {
            Play::Normal => Ok(()),
            Play::Misere => Err(SolveError::MiserePlay { question }),
        }
    }

    /// The outcome of `position` under `play`, by the search that answers it.
    fn outcome_of(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Outcome, SolveError<G::Position>> {
        let mut engines = Engines {
            search: &mut self.search,
            decomposing: &mut self.decomposing,
        };
        engines.outcome(&self.game, position, play)
    }

    /// The Grundy value of `position`, by the search that answers it.
    pub(super) fn grundy_of(
        &mut self,
        position: &G::Position,
    ) -> Result<Nimber, SolveError<G::Position>> {
        let mut engines = Engines {
            search: &mut self.search,
            decomposing: &mut self.decomposing,
        };
        engines.grundy(&self.game, position)
    }

    /// Reserves room for `additional` more states in the normal-play table, so that a
    /// problem of known size is stored without rehashing and without slack; or says why it
    /// cannot.
    ///
    /// # Errors
    ///
    /// [`TryReserveError`] if the room would pass the address space or the allocator
    /// refuses it; the solver is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert!(solver.try_reserve(usize::MAX).is_err());
    /// assert!(solver.try_reserve(1_000).is_ok());
    /// ```
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.search.try_reserve(additional)
    }

    /// The ruleset this solver plays.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Solver, SubtractionGame};
    ///
    /// let solver = Solver::new(SubtractionGame::new(&[2, 5])?);
    /// assert_eq!(solver.game().subtraction_set(), [2, 5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Forgets every stored answer, keeping the ruleset and the settings.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form();
    /// solver.grundy([4])?;
    /// solver.clear();
    /// assert_eq!(solver.stats().states, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.search.clear();
        self.decomposing.clear();
        self.genus.clear();
    }

    /// Size and memory figures of what the solver has stored.
    ///
    /// Computes in **O(1)** time.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form();
    /// solver.outcome([1, 1])?;
    /// assert_eq!(solver.stats().states, 3); // {1, 1}, {1} and {}
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> SolverStats {
        let plain = self.search.stats();
        let genus = self.genus.stats();
        SolverStats {
            states: plain.states + self.decomposing.states() + genus.states,
            bytes: plain.bytes + self.decomposing.bytes() + genus.bytes,
            ..plain
        }
    }

    /// The outcome of `position`: `N` if the player to move wins, `P` if the player who just
    /// moved does — under normal play, or misère play for a ruleset that declares it
    /// ([`PLAY`](ImpartialGame::PLAY)). Stops exploring a position at its first P option.
    ///
    /// # Errors
    ///
    /// [`SolveError::InvalidPosition`] if `position` is not one of the game's (made for
    /// another board: see [`check_position`](ImpartialGame::check_position));
    /// [`SolveError::Cycle`] if a position repeats along a line of play (the game is loopy:
    /// see [`LoopySolver`](crate::loopy::LoopySolver)); [`SolveError::StateLimit`] and
    /// [`SolveError::MemoryLimit`] if the search would pass the solver's limits. None of
    /// these can happen for a finite acyclic game's own positions without limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form();
    /// assert_eq!(solver.outcome([])?, Outcome::P);
    /// assert_eq!(solver.outcome([3, 3])?, Outcome::P);
    /// assert_eq!(solver.outcome([3, 4])?, Outcome::N);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Outcome, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.asked(holder.borrow())?;
        self.outcome_of(holder.borrow(), G::PLAY)
    }

    /// The Sprague–Grundy value of `position`: the least value none of its options has.
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome); [`SolveError::MiserePlay`] for a ruleset that declares
    /// misère play, whose positions have no such value (ask
    /// [`misere`](Self::misere)`().grundy` for the misère one);
    /// [`SolveError::NumberTooLarge`] for a position with more than `u32::MAX − 3` options,
    /// whose value the tables cannot hold.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, SolveError, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form();
    /// assert_eq!(solver.grundy([])?, Nimber(0));
    /// assert_eq!(solver.grundy([5])?, Nimber(5));
    /// assert_eq!(solver.grundy([1, 2, 4])?, Nimber(7));
    /// let mut small = Solver::new(Nim).without_closed_form().with_state_limit(3);
    /// assert_eq!(small.grundy([9]), Err(SolveError::StateLimit { limit: 3 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Nimber, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.asked(holder.borrow())?;
        Self::normal_play_only("Sprague–Grundy value")?;
        self.grundy_of(holder.borrow())
    }

    /// The remoteness of `position` (Steinhaus; *Winning Ways*, ch. 9): how many moves the
    /// game lasts when the winner hurries and the loser delays. 0 at the end; otherwise one
    /// more than the least even remoteness among the options if there is one (a P option —
    /// the winner moves there, as fast as possible), else one more than the largest (the
    /// loser puts the end off). Even exactly for P-positions, so it decides the outcome too.
    ///
    /// It decides [conjunctive compounds](crate::compound), where the game ends as soon as
    /// one component does.
    ///
    /// Computes in **O(V + E)** over the positions below `position`, each stored once in a
    /// table of its own (closed forms do not give remoteness, so they are not used).
    ///
    /// # Errors
    ///
    /// As [`grundy`](Self::grundy).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.remoteness([])?, 0);
    /// assert_eq!(solver.remoteness([5])?, 1); // take it all
    /// assert_eq!(solver.remoteness([1, 1])?, 2);
    /// // (2, 2) is P: the loser delays, taking one; the winner copies.
    /// assert_eq!(solver.remoteness([2, 2])?, 4);
    /// assert_eq!(solver.remoteness([3, 1])?, 3); // to (1, 1), then two
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remoteness(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<u32, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.asked(holder.borrow())?;
        Self::normal_play_only("remoteness")?;
        self.search
            .moves_to_end(&self.game, holder.borrow(), Rule::Remoteness)
    }

    /// The suspense number of `position` (*Winning Ways*, ch. 9): as the
    /// [remoteness](Self::remoteness), with the roles turned round — the winner delays the end
    /// and the loser hurries it. Even exactly for P-positions. It decides continued
    /// conjunctive compounds, where play goes on in every component that can still move.
    ///
    /// Computes as [`remoteness`](Self::remoteness), in a table of its own.
    ///
    /// # Errors
    ///
    /// As [`grundy`](Self::grundy).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.suspense([5])?, 1); // () is the only P option: take it all
    /// // (2, 2) is P: the loser hurries, taking a whole heap, and the winner takes the other —
    /// // where its remoteness, the loser delaying, is 4.
    /// assert_eq!(solver.suspense([2, 2])?, 2);
    /// assert_eq!(solver.remoteness([2, 2])?, 4);
    /// // (3, 1): to (1, 1), its only P option, and two more moves.
    /// assert_eq!(solver.suspense([3, 1])?, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn suspense(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<u32, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.asked(holder.borrow())?;
        Self::normal_play_only("suspense number")?;
        self.search
            .moves_to_end(&self.game, holder.borrow(), Rule::Suspense)
    }

    /// The first option of `position` (in the ruleset's order) whose remoteness (or suspense
    /// number, with `rule`) is `target`.
    pub(super) fn option_with_measure(
        &mut self,
        position: &G::Position,
        rule: Rule,
        target: u32,
    ) -> Result<Option<G::Position>, SolveError<G::Position>> {
        for option in self.game.moves(position) {
            if self.search.moves_to_end(&self.game, &option, rule)? == target {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }

    /// A winning move from `position` under the game's convention
    /// ([`PLAY`](ImpartialGame::PLAY)): the first option that is a P-position, in the order the search tries them — the ruleset's, or for a ruleset
    /// whose positions [decompose](ImpartialGame::DECOMPOSITION), the options by
    /// [`search_size`](crate::Decompose::search_size), least first, ties in the ruleset's order.
    /// `None` if `position` is P.
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Heaps, Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.winning_move([3, 5])?, Some([3, 3].into()));
    /// assert_eq!(solver.winning_move([4, 4])?, None);
    /// assert_eq!(solver.winning_move([1, 0])?, Some(Heaps::new()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_move(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Option<G::Position>, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.asked(holder.borrow())?;
        Ok(self
            .winning_options(holder.borrow(), G::PLAY, true)?
            .into_iter()
            .next())
    }

    /// Every winning move from `position` under the game's convention
    /// ([`PLAY`](ImpartialGame::PLAY)): exactly the options that are
    /// P-positions, in the order the ruleset lists them. Empty if `position` is P.
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// // Nim-sum 1 ^ 2 ^ 4 = 7: only the heap of 4 has the top bit, so only it can move.
    /// assert_eq!(solver.winning_moves([1, 2, 4])?, [vec![1, 2, 3]]);
    /// assert_eq!(solver.winning_moves([3, 5, 7])?, [vec![2, 5, 7], vec![3, 4, 7], vec![3, 5, 6]]);
    /// assert!(solver.winning_moves([2, 2])?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        let holder = position.into_holder();
        self.asked(holder.borrow())?;
        self.winning_options(holder.borrow(), G::PLAY, false)
    }

    /// The options of `position` that are P under `play`; only the first if `first_only`.
    /// The moves are listed lazily and each is searched as it comes, so a winning move
    /// early in the list is found without listing the rest.
    pub(super) fn winning_options(
        &mut self,
        position: &G::Position,
        play: Play,
        first_only: bool,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        if self.outcome_of(position, play)? == Outcome::P {
            return Ok(Vec::new());
        }
        let mut winning = Vec::new();
        let options = if first_only && play == Play::Normal {
            // The order the searches try them in: the option found P is known, where one
            // earlier in the ruleset's order may cost a search of its own (Sprouts 10 spots:
            // 0.7 s against 31 s).
            Either::Left(search_order(&self.game, position))
        } else {
            // Listed as they come: the search may stop long before the last.
            Either::Right(self.game.moves(position))
        };
        let mut engines = Engines {
            search: &mut self.search,
            decomposing: &mut self.decomposing,
        };
        for option in options {
            if engines.outcome(&self.game, &option, play)? == Outcome::P {
                winning.push(option);
                if first_only {
                    break;
                }
            }
        }
        Ok(winning)
    }

    /// The options of `position` whose Grundy value is `target`, in the ruleset's order;
    /// only the first if `first_only`. Lazy, as [`winning_options`](Self::winning_options).
    pub(super) fn options_with_value(
        &mut self,
        position: &G::Position,
        target: Nimber,
        first_only: bool,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        let mut found = Vec::new();
        let mut engines = Engines {
            search: &mut self.search,
            decomposing: &mut self.decomposing,
        };
        for option in self.game.moves(position) {
            if engines.grundy(&self.game, &option)? == target {
                found.push(option);
                if first_only {
                    break;
                }
            }
        }
        Ok(found)
    }
}

#[cfg(feature = "decompose")]
#[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
impl<G: ImpartialGame + Sync> Solver<G>
where
    G::Position: Send + Sync,
{
    /// Runs the decomposing search of each question on `threads` threads: each searches the
    /// whole question, the table shared among them (a fact one finds, the others read), the
    /// helpers taking the options near the root in orders of their own, and the first to
    /// answer stops the others. `0` means as many as the machine has
    /// ([`std::thread::available_parallelism`]); more than 64 are 64.
    ///
    /// Every answer is the one a single thread gives — a fact in the table is true whichever
    /// thread found it — only the time differs, and [`stats`](Self::stats) (which states
    /// were stored first). The plain search, and every question the decomposing search does
    /// not answer (misère play, remoteness, suspense), run on one thread. With a
    /// [`table budget`](Self::with_table_budget) the budget holds for all threads together.
    /// What the solver has learnt is kept, except a budgeted table's, which starts again.
    ///
    /// # Errors
    ///
    /// The [`TableError`] of a table budget set before whose table cannot be made again for
    /// the threads once the old one is freed.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::{Nimber, Solver};
    ///
    /// let game = Cram::new(5, 5)?;
    /// let mut solver = Solver::new(game).with_threads(2)?.with_table_budget(16 << 20)?;
    /// assert_eq!(solver.grundy(game.start())?, Nimber(0));
    /// assert!(solver.winning_move(game.start())?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Result<Self, TableError> {
        let threads = match threads {
            0 => thread::available_parallelism().map_or(1, usize::from),
            threads => threads,
        };
        self.decomposing.set_threads(threads)?;
        Ok(self)
    }
}

#[cfg(feature = "decompose")]
#[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
impl<G: ImpartialGame + Debug> Solver<G>
where
    G::Position: StoredPosition,
{
    /// Saves what the decomposing search knows — every part's value, or the values it has
    /// ruled out — to `path`, with the ruleset's name, a version and a CRC-32, written to a
    /// file of its own beside it (`.NAME.PID-K.partial`, created new, so no other file is
    /// touched) and renamed over it: a day-long search can stop and go on later with
    /// [`load_table`](Self::load_table). How many facts were saved.
    ///
    /// # Errors
    ///
    /// [`TableError::Io`] if the file cannot be written (a directory, say); nothing is left
    /// beside it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::{Nimber, Solver};
    ///
    /// let game = Cram::new(4, 5)?;
    /// let path = std::env::temp_dir().join(format!("cram-doc-{}.facts", std::process::id()));
    /// let mut solver = Solver::new(game);
    /// solver.grundy(game.start())?;
    /// let saved = solver.save_table(&path)?;
    /// let mut again = Solver::new(game);
    /// assert_eq!(again.load_table(&path)?, saved);
    /// assert_eq!(again.grundy(game.start())?, Nimber(2)); // from the table, no search
    /// // Another game's table is refused.
    /// assert!(Solver::new(Cram::new(5, 4)?).load_table(&path).is_err());
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save_table(&self, path: impl AsRef<Path>) -> Result<usize, TableError> {
        let name = format!("{:?}", self.game);
        self.decomposing
            .split
            .table()
            .with_entries(|facts| split::save(path.as_ref(), &name, facts))
    }

    /// Loads a table [`save_table`](Self::save_table) wrote into the decomposing search, on
    /// top of what it knows; how many facts it read. A file of another ruleset (its `Debug`
    /// form differs), of another version, or damaged is refused, and nothing is loaded.
    ///
    /// # Errors
    ///
    /// [`TableError::Io`] if the file cannot be read, [`TableError::Refused`] as above.
    ///
    /// # Examples
    ///
    /// See [`save_table`](Self::save_table).
    pub fn load_table(&mut self, path: impl AsRef<Path>) -> Result<usize, TableError> {
        let name = format!("{:?}", self.game);
        let facts = split::load::<G::Position>(path.as_ref(), &name)?;
        for (position, fact) in &facts {
            self.decomposing.split.learn(position, *fact);
        }
        Ok(facts.len())
    }
}

/// The two searches of a solver, borrowed apart from its ruleset so that a query can walk a
/// position's options while it asks about each.
struct Engines<'s, G: ImpartialGame> {
    search: &'s mut Search<G::Position>,
    decomposing: &'s mut Decomposing<G>,
}

impl<G: ImpartialGame> Engines<'_, G> {
    fn outcome(
        &mut self,
        game: &G,
        position: &G::Position,
        play: Play,
    ) -> Result<Outcome, SolveError<G::Position>> {
        if play == Play::Normal && self.decomposing.active() {
            return self.decomposing.outcome(game, position);
        }
        self.search.outcome(game, position, play)
    }

    fn grundy(
        &mut self,
        game: &G,
        position: &G::Position,
    ) -> Result<Nimber, SolveError<G::Position>> {
        if self.decomposing.active() {
            return self.decomposing.grundy(game, position);
        }
        self.search.grundy(game, position)
    }
}
