//! The general method: a memoized, iterative search of the game graph.
//!
//! [`Solver`] explores the positions reachable from a query top-down and remembers every
//! answer, so one solver serves many queries. It works for any [`ImpartialGame`] whose
//! graph is finite and acyclic; loopy games are reported with [`SolveError::Cycle`].

use std::fmt::Debug;
use std::mem::size_of;
use std::num::NonZeroU32;

use crate::error::SolveError;
use crate::game::{ImpartialGame, Nimber, Outcome};
use crate::table::{MAX_CODE, Memo, MemoSlot};

/// Codes stored per position. Values below `OUTCOME_N` are Grundy values; in the misère
/// table only `MISERE_P` and `MISERE_N` occur.
type Code = u32;
/// The position is on the line of play being explored: meeting it again is a cycle.
const ON_PATH: Code = MAX_CODE;
/// The position is N, its Grundy value not yet computed (`outcome` stops early).
const OUTCOME_N: Code = MAX_CODE - 1;
/// Largest Grundy value the table can hold.
const MAX_STORED_GRUNDY: Code = OUTCOME_N - 1;
const MISERE_P: Code = 0;
const MISERE_N: Code = 1;

/// Which question a search answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Play {
    Normal,
    Misere,
}

/// What a look through a frame's stacked options found.
enum Scan<P> {
    /// A P option: the frame's position is N.
    FoundP,
    /// An option whose outcome needs a search of its own.
    Descend(P),
    /// Every option is N.
    Exhausted,
}

/// One position being explored: its options are `options[first_option..]` of the shared
/// stack, of which those before `next_option` have been looked at.
struct Frame<P> {
    position: P,
    slot: MemoSlot,
    first_option: usize,
    next_option: usize,
    first_value: usize,
}

/// Memory and size figures of a [`Solver`], to size problems before running them.
///
/// # Examples
///
/// ```
/// use impartial::{Nim, Solver};
///
/// let mut solver = Solver::new(Nim).without_closed_form();
/// solver.grundy(&vec![2, 3]);
/// let stats = solver.stats();
/// assert_eq!(stats.states, 12); // every (a, b) with a ≤ 2, b ≤ 3
/// assert!(stats.bytes >= stats.states * stats.bytes_per_entry);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolverStats {
    /// Positions stored, normal and misère play together.
    pub states: usize,
    /// Bytes held by the solver's tables: allocated slots times
    /// [`bytes_per_entry`](Self::bytes_per_entry). The tables stay between 8/15 and 4/5
    /// full, so this is at most 1.875 times `states * bytes_per_entry` once a table has
    /// grown past its first 16 slots. Heap memory owned by positions themselves (a `Vec`
    /// position's buffer) is not counted.
    pub bytes: usize,
    /// Bytes one stored entry takes: the position plus a 4-byte code, rounded up to the
    /// position's alignment (no control bytes).
    pub bytes_per_entry: usize,
}

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
/// | misère play | [`misere_outcome`](Self::misere_outcome), [`misere_winning_move`](Self::misere_winning_move) | as `outcome` |
///
/// Every method has a `try_` form returning [`SolveError`]; the plain forms panic on those
/// errors, which cannot happen for a finite acyclic game without a state limit.
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
/// let values: Vec<u128> = (0..14).map(|n| solver.grundy(&vec![n]).0).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// assert_eq!(solver.outcome(&vec![7]), Outcome::P);
/// assert_eq!(solver.winning_move(&vec![6]), Some(vec![2]));
/// # Ok::<(), impartial::GameError>(())
/// ```
pub struct Solver<G: ImpartialGame> {
    game: G,
    normal: Memo<G::Position>,
    misere: Memo<G::Position>,
    state_limit: Option<usize>,
    use_known_grundy: bool,
    // Scratch buffers kept between queries so that a query allocates nothing once warm.
    frames: Vec<Frame<G::Position>>,
    options: Vec<G::Position>,
    values: Vec<Code>,
    seen: Vec<bool>,
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
    /// assert_eq!(solver.outcome(&vec![1, 2, 3]), Outcome::P);
    /// ```
    #[must_use]
    pub fn new(game: G) -> Self {
        Solver {
            game,
            normal: Memo::new(),
            misere: Memo::new(),
            state_limit: None,
            use_known_grundy: true,
            frames: Vec::new(),
            options: Vec::new(),
            values: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Bounds the number of stored states (normal and misère together): a query that would
    /// store more fails with [`SolveError::StateLimit`] instead of exhausting memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, SolveError, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form().with_state_limit(100);
    /// assert_eq!(
    ///     solver.try_grundy(&vec![20, 20]),
    ///     Err(SolveError::StateLimit { limit: 100 })
    /// );
    /// assert!(solver.try_grundy(&vec![3, 4]).is_ok()); // 20 states fit
    /// ```
    #[must_use]
    pub fn with_state_limit(mut self, limit: usize) -> Self {
        self.state_limit = Some(limit);
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
    /// assert_eq!(searching.grundy(&vec![3, 5]), Nimber(6));
    /// assert_eq!(searching.stats().states, 24);
    /// ```
    #[must_use]
    pub fn without_closed_form(mut self) -> Self {
        self.use_known_grundy = false;
        self
    }

    /// Reserves room for `additional` more states in the normal-play table, so that a
    /// problem of known size is stored without rehashing and without slack.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form();
    /// solver.reserve(1000);
    /// solver.grundy(&vec![9, 9, 9]);
    /// assert_eq!(solver.stats().states, 1000);
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        self.normal.reserve(additional);
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
    /// # Ok::<(), impartial::GameError>(())
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
    /// solver.grundy(&vec![4]);
    /// solver.clear();
    /// assert_eq!(solver.stats().states, 0);
    /// ```
    pub fn clear(&mut self) {
        self.normal.clear();
        self.misere.clear();
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
    /// solver.outcome(&vec![1, 1]);
    /// assert_eq!(solver.stats().states, 4);
    /// ```
    #[must_use]
    pub fn stats(&self) -> SolverStats {
        let bytes_per_entry = size_of::<Option<(G::Position, NonZeroU32)>>();
        SolverStats {
            states: self.normal.len() + self.misere.len(),
            bytes: self.normal.allocated_bytes() + self.misere.allocated_bytes(),
            bytes_per_entry,
        }
    }

    /// The outcome of `position` under normal play: `N` if the player to move wins.
    ///
    /// Stops exploring a position at its first P option.
    ///
    /// # Panics
    ///
    /// If the game is loopy ([`SolveError::Cycle`]) or the state limit is reached; use
    /// [`try_outcome`](Self::try_outcome) to get these as errors.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form();
    /// assert_eq!(solver.outcome(&vec![]), Outcome::P);
    /// assert_eq!(solver.outcome(&vec![3, 3]), Outcome::P);
    /// assert_eq!(solver.outcome(&vec![3, 4]), Outcome::N);
    /// ```
    #[track_caller]
    pub fn outcome(&mut self, position: &G::Position) -> Outcome {
        unwrap_solved(self.try_outcome(position))
    }

    /// The outcome of `position` under normal play, or why it cannot be found.
    ///
    /// # Errors
    ///
    /// [`SolveError::Cycle`] if a position repeats along a line of play;
    /// [`SolveError::StateLimit`] if the state limit would be exceeded.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.try_outcome(&vec![5, 6]), Ok(Outcome::N));
    /// ```
    pub fn try_outcome(
        &mut self,
        position: &G::Position,
    ) -> Result<Outcome, SolveError<G::Position>> {
        self.search_outcome(position, Play::Normal)
    }

    /// The outcome of `position` under misère play, where the player who makes the last
    /// move *loses*: a terminal position is `N` (the player to move has already won).
    ///
    /// The closed-form hook is not used: a normal-play value does not decide misère play.
    ///
    /// # Panics
    ///
    /// As [`outcome`](Self::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.misere_outcome(&vec![]), Outcome::N);
    /// assert_eq!(solver.misere_outcome(&vec![1]), Outcome::P);
    /// assert_eq!(solver.misere_outcome(&vec![1, 1]), Outcome::N);
    /// assert_eq!(solver.misere_outcome(&vec![2, 2]), Outcome::P);
    /// ```
    #[track_caller]
    pub fn misere_outcome(&mut self, position: &G::Position) -> Outcome {
        unwrap_solved(self.try_misere_outcome(position))
    }

    /// The misère outcome of `position`, or why it cannot be found.
    ///
    /// # Errors
    ///
    /// As [`try_outcome`](Self::try_outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver};
    ///
    /// assert_eq!(Solver::new(Nim).try_misere_outcome(&vec![1, 1, 1]), Ok(Outcome::P));
    /// ```
    pub fn try_misere_outcome(
        &mut self,
        position: &G::Position,
    ) -> Result<Outcome, SolveError<G::Position>> {
        self.search_outcome(position, Play::Misere)
    }

    /// The Sprague–Grundy value of `position`.
    ///
    /// # Panics
    ///
    /// As [`outcome`](Self::outcome), and if a position has more than `u32::MAX - 2`
    /// options (its value could then exceed what the table stores).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Solver};
    ///
    /// let mut solver = Solver::new(Nim).without_closed_form();
    /// assert_eq!(solver.grundy(&vec![]), Nimber(0));
    /// assert_eq!(solver.grundy(&vec![5]), Nimber(5));
    /// assert_eq!(solver.grundy(&vec![1, 2, 4]), Nimber(7));
    /// ```
    #[track_caller]
    pub fn grundy(&mut self, position: &G::Position) -> Nimber {
        unwrap_solved(self.try_grundy(position))
    }

    /// The Sprague–Grundy value of `position`, or why it cannot be found.
    ///
    /// # Errors
    ///
    /// As [`try_outcome`](Self::try_outcome).
    ///
    /// # Panics
    ///
    /// If a position has more than `u32::MAX - 2` options.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Solver};
    ///
    /// assert_eq!(Solver::new(Nim).try_grundy(&vec![6, 3]), Ok(Nimber(5)));
    /// ```
    pub fn try_grundy(
        &mut self,
        position: &G::Position,
    ) -> Result<Nimber, SolveError<G::Position>> {
        self.search_grundy(position)
    }

    /// A winning move from `position` under normal play: the first option (in the order
    /// the ruleset lists them) that is a P-position, or `None` if `position` is P.
    ///
    /// # Panics
    ///
    /// As [`outcome`](Self::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.winning_move(&vec![3, 5]), Some(vec![3, 3]));
    /// assert_eq!(solver.winning_move(&vec![4, 4]), None);
    /// ```
    #[track_caller]
    pub fn winning_move(&mut self, position: &G::Position) -> Option<G::Position> {
        unwrap_solved(self.try_winning_move(position))
    }

    /// A winning move from `position` under normal play, or why it cannot be found.
    ///
    /// # Errors
    ///
    /// As [`try_outcome`](Self::try_outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// assert_eq!(Solver::new(Nim).try_winning_move(&vec![1, 0]), Ok(Some(vec![0, 0])));
    /// ```
    pub fn try_winning_move(
        &mut self,
        position: &G::Position,
    ) -> Result<Option<G::Position>, SolveError<G::Position>> {
        Ok(self
            .winning_options(position, Play::Normal, true)?
            .into_iter()
            .next())
    }

    /// Every winning move from `position` under normal play: exactly the options that are
    /// P-positions, in the order the ruleset lists them. Empty if `position` is P.
    ///
    /// # Panics
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
    /// assert_eq!(solver.winning_moves(&vec![1, 2, 4]), [vec![1, 2, 3]]);
    /// assert_eq!(solver.winning_moves(&vec![3, 5, 7]), [vec![2, 5, 7], vec![3, 4, 7], vec![3, 5, 6]]);
    /// ```
    #[track_caller]
    pub fn winning_moves(&mut self, position: &G::Position) -> Vec<G::Position> {
        unwrap_solved(self.try_winning_moves(position))
    }

    /// Every winning move from `position` under normal play, or why they cannot be found.
    ///
    /// # Errors
    ///
    /// As [`try_outcome`](Self::try_outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// assert_eq!(Solver::new(Nim).try_winning_moves(&vec![2, 2]), Ok(vec![]));
    /// ```
    pub fn try_winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        self.winning_options(position, Play::Normal, false)
    }

    /// A winning move under misère play: the first option that is a misère P-position.
    ///
    /// `None` from a P-position, and from a terminal position: that one is N, but the player
    /// to move has already won and has no move to make.
    ///
    /// # Panics
    ///
    /// As [`outcome`](Self::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// // Normal play would empty the big heap; misère play leaves one counter there.
    /// assert_eq!(solver.misere_winning_move(&vec![1, 5]), Some(vec![1, 0]));
    /// assert_eq!(solver.misere_winning_move(&vec![1]), None);
    /// ```
    #[track_caller]
    pub fn misere_winning_move(&mut self, position: &G::Position) -> Option<G::Position> {
        unwrap_solved(self.try_misere_winning_move(position))
    }

    /// A winning move under misère play, or why it cannot be found.
    ///
    /// # Errors
    ///
    /// As [`try_outcome`](Self::try_outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// assert_eq!(Solver::new(Nim).try_misere_winning_move(&vec![2, 2]), Ok(None));
    /// ```
    pub fn try_misere_winning_move(
        &mut self,
        position: &G::Position,
    ) -> Result<Option<G::Position>, SolveError<G::Position>> {
        Ok(self
            .winning_options(position, Play::Misere, true)?
            .into_iter()
            .next())
    }

    /// Every winning move under misère play: exactly the options that are misère
    /// P-positions, in the order the ruleset lists them.
    ///
    /// # Panics
    ///
    /// As [`outcome`](Self::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// // Misère play from 2, 2, 1: leave an odd number of single counters, or pair the heaps.
    /// assert_eq!(solver.misere_winning_moves(&vec![2, 2, 1]), [vec![2, 2, 0]]);
    /// ```
    #[track_caller]
    pub fn misere_winning_moves(&mut self, position: &G::Position) -> Vec<G::Position> {
        unwrap_solved(self.try_misere_winning_moves(position))
    }

    /// Every winning move under misère play, or why they cannot be found.
    ///
    /// # Errors
    ///
    /// As [`try_outcome`](Self::try_outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver};
    ///
    /// let mut solver = Solver::new(Nim);
    /// assert_eq!(solver.try_misere_winning_moves(&vec![1, 1]), Ok(vec![vec![0, 1], vec![1, 0]]));
    /// ```
    pub fn try_misere_winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        self.winning_options(position, Play::Misere, false)
    }

    /// The options of `position` that are P under `play`; only the first if `first_only`.
    fn winning_options(
        &mut self,
        position: &G::Position,
        play: Play,
        first_only: bool,
    ) -> Result<Vec<G::Position>, SolveError<G::Position>> {
        if self.search_outcome(position, play)? == Outcome::P {
            return Ok(Vec::new());
        }
        let options: Vec<G::Position> = self.game.moves(position).collect();
        let mut winning = Vec::new();
        for option in options {
            if self.search_outcome(&option, play)? == Outcome::P {
                winning.push(option);
                if first_only {
                    break;
                }
            }
        }
        Ok(winning)
    }

    fn known_grundy(&self, position: &G::Position) -> Option<Nimber> {
        if self.use_known_grundy {
            self.game.known_grundy(position)
        } else {
            None
        }
    }

    /// What the closed form and the tables know of `position`'s outcome, without searching.
    #[inline]
    fn known_outcome(
        &self,
        position: &G::Position,
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<G::Position>> {
        let code = match play {
            Play::Normal => {
                if let Some(value) = self.known_grundy(position) {
                    return Ok(Some(Outcome::from(value)));
                }
                self.normal.get(position, self.game.dense_index(position))
            }
            Play::Misere => self.misere.get(position, self.game.dense_index(position)),
        };
        match code {
            None => Ok(None),
            Some(ON_PATH) => Err(SolveError::Cycle {
                position: position.clone(),
            }),
            // A stored normal-play Grundy value 0 and the misère P code are both 0.
            Some(0) => Ok(Some(Outcome::P)),
            Some(_) => Ok(Some(Outcome::N)),
        }
    }

    /// The Grundy value of `position` if the closed form or the normal table knows it; large
    /// closed-form values are clamped, which is exact for a mex over fewer options.
    #[inline]
    fn known_value(&self, position: &G::Position) -> Result<Option<Code>, SolveError<G::Position>> {
        if let Some(value) = self.known_grundy(position) {
            return Ok(Some(Code::try_from(value.0).unwrap_or(Code::MAX)));
        }
        match self.normal.get(position, self.game.dense_index(position)) {
            Some(ON_PATH) => Err(SolveError::Cycle {
                position: position.clone(),
            }),
            Some(code) if code <= MAX_STORED_GRUNDY => Ok(Some(code)),
            // Absent, or known to be N without a value yet.
            _ => Ok(None),
        }
    }

    fn table_mut(&mut self, play: Play) -> &mut Memo<G::Position> {
        match play {
            Play::Normal => &mut self.normal,
            Play::Misere => &mut self.misere,
        }
    }

    /// Marks `position` as on the current line of play and pushes its frame, whose options
    /// are `options[first_option..]`.
    fn push_frame(
        &mut self,
        position: G::Position,
        first_option: usize,
        play: Play,
    ) -> Result<(), SolveError<G::Position>> {
        let first_value = self.values.len();
        self.push_frame_with_values(position, first_option, first_value, play)
    }

    /// As [`push_frame`](Self::push_frame), for a frame whose options' values start at
    /// `values[first_value]`.
    fn push_frame_with_values(
        &mut self,
        position: G::Position,
        first_option: usize,
        first_value: usize,
        play: Play,
    ) -> Result<(), SolveError<G::Position>> {
        let slot = self.store(&position, ON_PATH, play)?;
        self.frames.push(Frame {
            position,
            slot,
            first_option,
            next_option: first_option,
            first_value,
        });
        Ok(())
    }

    /// Stores `code` for `position`, within the state limit.
    #[inline]
    fn store(
        &mut self,
        position: &G::Position,
        code: Code,
        play: Play,
    ) -> Result<MemoSlot, SolveError<G::Position>> {
        let stored = self.normal.len() + self.misere.len();
        let room = self.state_limit.is_none_or(|limit| stored < limit);
        let index = self.game.dense_index(position);
        match self.table_mut(play).set(position, index, code, room) {
            Some(slot) => Ok(slot),
            None => Err(SolveError::StateLimit {
                limit: self.state_limit.expect("only a limit refuses a state"),
            }),
        }
    }

    /// Pops the top frame and stores `code` for its position.
    fn pop_frame(&mut self, code: Code, play: Play) {
        let frame = self.frames.pop().expect("a frame is being explored");
        self.options.truncate(frame.first_option);
        self.values.truncate(frame.first_value);
        self.table_mut(play)
            .set_at(frame.slot, &frame.position, code);
    }

    /// Forgets the positions of the abandoned line of play so the solver stays consistent.
    fn abandon(&mut self, play: Play, error: SolveError<G::Position>) -> SolveError<G::Position> {
        let mut frames = std::mem::take(&mut self.frames);
        for frame in frames.drain(..) {
            let index = self.game.dense_index(&frame.position);
            self.table_mut(play).remove(&frame.position, index);
        }
        self.frames = frames;
        self.options.clear();
        self.values.clear();
        error
    }

    /// Opens `position` for an outcome search: looks at its moves lazily and decides it at
    /// once if every option is known (or one is a known P), storing the answer. Otherwise
    /// pushes its frame, with its unexplored options on the shared stack, and returns `None`.
    ///
    /// A position decided at once is never marked as on the line of play: it has no option
    /// below it to meet it again, and a self-loop is an unknown option, so it gets a frame.
    fn open_outcome(
        &mut self,
        position: G::Position,
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<G::Position>> {
        let first_option = self.options.len();
        let mut moves = self.game.moves(&position);
        let mut terminal = true;
        let mut decided = None;
        while let Some(option) = moves.next() {
            terminal = false;
            match self.known_outcome(&option, play)? {
                Some(Outcome::P) => {
                    decided = Some(Outcome::N);
                    break;
                }
                Some(Outcome::N) => {}
                None => {
                    // Only now, with a search below this position ahead, are the remaining
                    // moves materialised.
                    self.options.push(option);
                    self.options.extend(moves);
                    self.push_frame(position, first_option, play)?;
                    return Ok(None);
                }
            }
        }
        drop(moves);
        // Every option is N. A terminal position is P in normal play and N in misère play,
        // where the player to move did not make the last move.
        let outcome = decided.unwrap_or(if terminal && play == Play::Misere {
            Outcome::N
        } else {
            Outcome::P
        });
        self.store(&position, outcome_code(play, outcome), play)?;
        Ok(Some(outcome))
    }

    fn search_outcome(
        &mut self,
        root: &G::Position,
        play: Play,
    ) -> Result<Outcome, SolveError<G::Position>> {
        if let Some(outcome) = self.known_outcome(root, play)? {
            return Ok(outcome);
        }
        self.run_outcome(root, play)
            .map_err(|error| self.abandon(play, error))
    }

    fn run_outcome(
        &mut self,
        root: &G::Position,
        play: Play,
    ) -> Result<Outcome, SolveError<G::Position>> {
        // The outcome of the position just decided, to hand to its parent.
        let mut decided = self.open_outcome(root.clone(), play)?;
        loop {
            if let Some(outcome) = decided {
                if self.frames.is_empty() {
                    return Ok(outcome);
                }
                if outcome == Outcome::P {
                    self.pop_frame(outcome_code(play, Outcome::N), play);
                    decided = Some(Outcome::N);
                    continue;
                }
            }
            decided = match self.scan_outcome_options(play)? {
                Scan::Descend(option) => self.open_outcome(option, play)?,
                // A frame always has an option, so an exhausted scan means all were N.
                scan => {
                    let outcome = if matches!(scan, Scan::FoundP) {
                        Outcome::N
                    } else {
                        Outcome::P
                    };
                    self.pop_frame(outcome_code(play, outcome), play);
                    Some(outcome)
                }
            };
        }
    }

    /// Looks on through the top frame's stacked options for the first one that decides it
    /// (a P option) or that needs a search of its own.
    fn scan_outcome_options(
        &mut self,
        play: Play,
    ) -> Result<Scan<G::Position>, SolveError<G::Position>> {
        loop {
            let frame = self.frames.last_mut().expect("a frame is being explored");
            let index = frame.next_option;
            if index == self.options.len() {
                return Ok(Scan::Exhausted);
            }
            frame.next_option += 1;
            let option = &self.options[index];
            match self.known_outcome(option, play)? {
                Some(Outcome::P) => return Ok(Scan::FoundP),
                Some(Outcome::N) => {}
                None => return Ok(Scan::Descend(option.clone())),
            }
        }
    }

    /// Looks on through the top frame's stacked options, pushing their known values, until
    /// one needs a search of its own (returned) or none is left (`None`).
    fn scan_grundy_options(&mut self) -> Result<Option<G::Position>, SolveError<G::Position>> {
        loop {
            let frame = self.frames.last_mut().expect("a frame is being explored");
            let index = frame.next_option;
            if index == self.options.len() {
                return Ok(None);
            }
            frame.next_option += 1;
            let option = &self.options[index];
            match self.known_value(option)? {
                Some(value) => self.values.push(value),
                None => return Ok(Some(option.clone())),
            }
        }
    }

    /// Opens `position` for a Grundy search: collects the known values of its options
    /// lazily, and finishes it at once if all are known. Otherwise keeps its frame and
    /// returns `None`.
    fn open_grundy(
        &mut self,
        position: G::Position,
    ) -> Result<Option<Code>, SolveError<G::Position>> {
        let first_option = self.options.len();
        let first_value = self.values.len();
        let mut moves = self.game.moves(&position);
        while let Some(option) = moves.next() {
            match self.known_value(&option)? {
                Some(value) => self.values.push(value),
                None => {
                    self.options.push(option);
                    self.options.extend(moves);
                    self.push_frame_with_values(position, first_option, first_value, Play::Normal)?;
                    return Ok(None);
                }
            }
        }
        drop(moves);
        let value = mex(&self.values[first_value..], &mut self.seen);
        self.values.truncate(first_value);
        self.store(&position, value, Play::Normal)?;
        Ok(Some(value))
    }

    fn search_grundy(&mut self, root: &G::Position) -> Result<Nimber, SolveError<G::Position>> {
        if let Some(value) = self.known_grundy(root) {
            return Ok(value);
        }
        match self.normal.get(root, self.game.dense_index(root)) {
            Some(ON_PATH) => unreachable!("no search is running between queries"),
            Some(code) if code <= MAX_STORED_GRUNDY => return Ok(Nimber(u128::from(code))),
            _ => {}
        }
        self.run_grundy(root)
            .map(|value| Nimber(u128::from(value)))
            .map_err(|error| self.abandon(Play::Normal, error))
    }

    fn run_grundy(&mut self, root: &G::Position) -> Result<Code, SolveError<G::Position>> {
        // The value of the position just finished, to hand to its parent.
        let mut finished = self.open_grundy(root.clone())?;
        loop {
            if let Some(value) = finished {
                if self.frames.is_empty() {
                    return Ok(value);
                }
                self.values.push(value);
            }
            finished = if let Some(option) = self.scan_grundy_options()? {
                self.open_grundy(option)?
            } else {
                let first_value = self
                    .frames
                    .last()
                    .expect("a frame is being explored")
                    .first_value;
                let value = mex(&self.values[first_value..], &mut self.seen);
                self.pop_frame(value, Play::Normal);
                Some(value)
            };
        }
    }
}

fn outcome_code(play: Play, outcome: Outcome) -> Code {
    match (play, outcome) {
        (Play::Normal, Outcome::P) => 0,
        (Play::Normal, Outcome::N) => OUTCOME_N,
        (Play::Misere, Outcome::P) => MISERE_P,
        (Play::Misere, Outcome::N) => MISERE_N,
    }
}

/// The least value not in `values`, using `seen` as scratch space.
///
/// # Panics
///
/// If the mex would not fit in a stored code (more than `u32::MAX - 2` values).
fn mex(values: &[Code], seen: &mut Vec<bool>) -> Code {
    seen.clear();
    seen.resize(values.len() + 1, false);
    for &value in values {
        if let Some(slot) = seen.get_mut(value as usize) {
            *slot = true;
        }
    }
    let first_gap = seen
        .iter()
        .position(|&present| !present)
        .unwrap_or(values.len());
    assert!(
        first_gap <= MAX_STORED_GRUNDY as usize,
        "a position with {} options has a Grundy value too large to store",
        values.len()
    );
    first_gap as Code
}

#[track_caller]
fn unwrap_solved<T, P: Debug>(result: Result<T, SolveError<P>>) -> T {
    match result {
        Ok(value) => value,
        Err(error) => panic!("solver failed: {error}; use the try_ method to handle this"),
    }
}
