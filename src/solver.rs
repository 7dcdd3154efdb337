//! The general method: a memoized, iterative search of the game graph.
//!
//! [`Solver`] explores the positions reachable from a query top-down and remembers every
//! answer, so one solver serves many queries. It works for any [`ImpartialGame`] whose
//! graph is finite and acyclic; loopy games are reported with [`SolveError::Cycle`].

use std::fmt::Debug;
use std::mem::size_of;

use crate::error::SolveError;
use crate::game::{ImpartialGame, Nimber, Outcome};
use crate::hash::FastMap;

/// Codes stored per position. Values below `OUTCOME_N` are Grundy values; in the misère
/// table only `MISERE_P` and `MISERE_N` occur.
type Code = u32;
/// The position is N, its Grundy value not yet computed (`outcome` stops early).
const OUTCOME_N: Code = Code::MAX - 1;
/// The position is on the line of play being explored: meeting it again is a cycle.
const ON_PATH: Code = Code::MAX;
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

/// One position being explored: its options are `options[first_option..]` of the shared
/// stack, of which those before `next_option` have been looked at.
struct Frame<P> {
    position: P,
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
    /// Approximate bytes held by the solver's tables: allocated slots times the size of a
    /// position plus its stored code and the table's one control byte. Heap memory owned
    /// by positions themselves (a `Vec` position's buffer) is not counted.
    pub bytes: usize,
    /// Bytes one stored entry takes in a table slot: the position plus a 4-byte code.
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
    normal: FastMap<G::Position, Code>,
    misere: FastMap<G::Position, Code>,
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
            normal: FastMap::default(),
            misere: FastMap::default(),
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
        let bytes_per_entry = size_of::<(G::Position, Code)>();
        SolverStats {
            states: self.normal.len() + self.misere.len(),
            bytes: table_bytes(&self.normal) + table_bytes(&self.misere),
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

    /// Every winning move under misère play: the options that are misère P-positions.
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
        let mut options = Vec::new();
        self.game.moves(position, &mut options);
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

    /// What is known of `position`'s outcome without searching below it.
    fn known_outcome(
        &self,
        position: &G::Position,
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<G::Position>> {
        if play == Play::Normal
            && let Some(value) = self.known_grundy(position)
        {
            return Ok(Some(Outcome::from(value)));
        }
        let table = match play {
            Play::Normal => &self.normal,
            Play::Misere => &self.misere,
        };
        Ok(match table.get(position).copied() {
            None => None,
            Some(ON_PATH) => {
                return Err(SolveError::Cycle {
                    position: position.clone(),
                });
            }
            Some(OUTCOME_N) => Some(Outcome::N),
            Some(code) => match play {
                Play::Normal if code == 0 => Some(Outcome::P),
                Play::Misere if code == MISERE_P => Some(Outcome::P),
                _ => Some(Outcome::N),
            },
        })
    }

    /// Marks `position` as on the current line of play and pushes its frame.
    fn enter(&mut self, position: G::Position, play: Play) -> Result<(), SolveError<G::Position>> {
        let stored = self.normal.len() + self.misere.len();
        let table = match play {
            Play::Normal => &mut self.normal,
            Play::Misere => &mut self.misere,
        };
        match table.get_mut(&position) {
            Some(code) => *code = ON_PATH,
            None => {
                if let Some(limit) = self.state_limit
                    && stored >= limit
                {
                    return Err(SolveError::StateLimit { limit });
                }
                table.insert(position.clone(), ON_PATH);
            }
        }
        let first_option = self.options.len();
        self.game.moves(&position, &mut self.options);
        self.frames.push(Frame {
            position,
            first_option,
            next_option: first_option,
            first_value: self.values.len(),
        });
        Ok(())
    }

    /// Pops the top frame and stores `code` for its position.
    fn leave(&mut self, code: Code, play: Play) {
        let frame = self
            .frames
            .pop()
            .expect("leave is called with a frame on the stack");
        self.options.truncate(frame.first_option);
        self.values.truncate(frame.first_value);
        let table = match play {
            Play::Normal => &mut self.normal,
            Play::Misere => &mut self.misere,
        };
        if let Some(stored) = table.get_mut(&frame.position) {
            *stored = code;
        }
    }

    /// Forgets the positions of the abandoned line of play so the solver stays consistent.
    fn abandon(&mut self, play: Play, error: SolveError<G::Position>) -> SolveError<G::Position> {
        let table = match play {
            Play::Normal => &mut self.normal,
            Play::Misere => &mut self.misere,
        };
        for frame in self.frames.drain(..) {
            table.remove(&frame.position);
        }
        self.options.clear();
        self.values.clear();
        error
    }

    fn search_outcome(
        &mut self,
        root: &G::Position,
        play: Play,
    ) -> Result<Outcome, SolveError<G::Position>> {
        if let Some(outcome) = self.known_outcome(root, play)? {
            return Ok(outcome);
        }
        self.enter(root.clone(), play)
            .map_err(|e| self.abandon(play, e))?;
        // The outcome of the frame just left, handed to its parent.
        let mut finished: Option<Outcome> = None;
        loop {
            let mut decided = match finished.take() {
                Some(Outcome::P) => Some(Outcome::N),
                _ => None,
            };
            if decided.is_none() {
                let frame = self.frames.last_mut().expect("a frame is being explored");
                let terminal = frame.first_option == self.options.len();
                let mut descend = None;
                while frame.next_option < self.options.len() {
                    let option = &self.options[frame.next_option];
                    frame.next_option += 1;
                    let known = match play {
                        Play::Normal if self.use_known_grundy => {
                            self.game.known_grundy(option).map(Outcome::from)
                        }
                        _ => None,
                    };
                    let known = match known {
                        Some(outcome) => Some(outcome),
                        None => {
                            let table = match play {
                                Play::Normal => &self.normal,
                                Play::Misere => &self.misere,
                            };
                            match table.get(option).copied() {
                                None => None,
                                Some(ON_PATH) => {
                                    let position = option.clone();
                                    return Err(self.abandon(play, SolveError::Cycle { position }));
                                }
                                Some(OUTCOME_N) => Some(Outcome::N),
                                Some(code) => Some(if code == 0 { Outcome::P } else { Outcome::N }),
                            }
                        }
                    };
                    match known {
                        Some(Outcome::P) => {
                            decided = Some(Outcome::N);
                            break;
                        }
                        Some(Outcome::N) => {}
                        None => {
                            descend = Some(option.clone());
                            break;
                        }
                    }
                }
                if let Some(option) = descend {
                    self.enter(option, play)
                        .map_err(|e| self.abandon(play, e))?;
                    continue;
                }
                if decided.is_none() {
                    // Every option is N. A terminal position is P in normal play and N in
                    // misère play, where the player to move has not made the last move.
                    decided = Some(if terminal && play == Play::Misere {
                        Outcome::N
                    } else {
                        Outcome::P
                    });
                }
            }
            let outcome = decided.expect("decided above");
            let code = match (play, outcome) {
                (Play::Normal, Outcome::P) => 0,
                (Play::Normal, Outcome::N) => OUTCOME_N,
                (Play::Misere, Outcome::P) => MISERE_P,
                (Play::Misere, Outcome::N) => MISERE_N,
            };
            self.leave(code, play);
            if self.frames.is_empty() {
                return Ok(outcome);
            }
            finished = Some(outcome);
        }
    }

    fn search_grundy(&mut self, root: &G::Position) -> Result<Nimber, SolveError<G::Position>> {
        if let Some(value) = self.known_grundy(root) {
            return Ok(value);
        }
        match self.normal.get(root).copied() {
            Some(ON_PATH) => unreachable!("no search is running between queries"),
            Some(code) if code <= MAX_STORED_GRUNDY => return Ok(Nimber(u128::from(code))),
            _ => {}
        }
        let play = Play::Normal;
        self.enter(root.clone(), play)
            .map_err(|e| self.abandon(play, e))?;
        loop {
            let frame = self.frames.last_mut().expect("a frame is being explored");
            let mut descend = None;
            while frame.next_option < self.options.len() {
                let option = &self.options[frame.next_option];
                frame.next_option += 1;
                let value = if self.use_known_grundy
                    && let Some(value) = self.game.known_grundy(option)
                {
                    // The mex of k values is at most k, so clamping large values is exact.
                    Some(Code::try_from(value.0).unwrap_or(Code::MAX))
                } else {
                    match self.normal.get(option).copied() {
                        Some(ON_PATH) => {
                            let position = option.clone();
                            return Err(self.abandon(play, SolveError::Cycle { position }));
                        }
                        Some(code) if code <= MAX_STORED_GRUNDY => Some(code),
                        _ => None,
                    }
                };
                match value {
                    Some(value) => self.values.push(value),
                    None => {
                        descend = Some(option.clone());
                        break;
                    }
                }
            }
            if let Some(option) = descend {
                self.enter(option, play)
                    .map_err(|e| self.abandon(play, e))?;
                continue;
            }
            let first_value = frame.first_value;
            let value = mex(&self.values[first_value..], &mut self.seen);
            self.leave(value, play);
            if self.frames.is_empty() {
                return Ok(Nimber(u128::from(value)));
            }
            self.values.push(value);
        }
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

fn table_bytes<K>(table: &FastMap<K, Code>) -> usize {
    let capacity = table.capacity();
    if capacity == 0 {
        return 0;
    }
    // SwissTable keeps at most 7/8 of its power-of-two bucket count full (all but one bucket
    // below 8 buckets), with one control byte per bucket plus one 16-byte group.
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity * 8 / 7).next_power_of_two()
    };
    buckets * (size_of::<(K, Code)>() + 1) + 16
}

#[track_caller]
fn unwrap_solved<T, P: Debug>(result: Result<T, SolveError<P>>) -> T {
    match result {
        Ok(value) => value,
        Err(error) => panic!("solver failed: {error}; use the try_ method to handle this"),
    }
}
