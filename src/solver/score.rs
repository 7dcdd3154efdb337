//! Score games on the search engine: the [`ScoreGame`] trait, its adapter to the engine's
//! graph, [`ScoreSolver`] and [`WinLoss`]. The crate docs of `impartial::score` explain them.

use std::borrow::Borrow;
use std::collections::TryReserveError;
use std::fmt::{self, Debug};
use std::hash::Hash;
use std::ops::RangeInclusive;

use super::search::{Graph, Proven, Rule, Search};
use super::stats::SolverStats;
use crate::error::SolveError;
use crate::game::{ImpartialGame, IntoPosition, Nimber};

/// A game in which both players have the same moves and moves are worth points.
///
/// The score of a position is the best difference of totals the player to move can force from
/// there: the most, over its moves, of the move's points minus the score after it; a position
/// without moves scores [`terminal_score`](ScoreGame::terminal_score). Points may be negative.
///
/// # Examples
///
/// ```
/// use impartial::score::{ScoreGame, ScoreSolver};
///
/// /// Take 1, 2 or 3 from a heap; a move scores the square of what it takes.
/// struct Squares;
///
/// impl ScoreGame for Squares {
///     type Position = u32;
///     fn moves(&self, &heap: &u32) -> impl Iterator<Item = (i64, u32)> {
///         (1..=heap.min(3)).map(move |take| (i64::from(take * take), heap - take))
///     }
///     fn dense_index(&self, &heap: &u32) -> Option<usize> {
///         usize::try_from(heap).ok()
///     }
/// }
///
/// let mut solver = ScoreSolver::new(Squares);
/// assert_eq!(solver.value(3)?, 9); // take all three
/// assert_eq!(solver.value(4)?, 8); // take 3 (9 − 1), not 1 (1 − 9) or 2 (4 − 4)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ScoreGame {
    /// A position of the game. Keep it small: the solver stores one per state.
    type Position: Clone + Eq + Hash + Debug;

    /// The moves of `position`: for each, the points it earns the player making it and the
    /// position it leaves. The order is the order in which best moves are reported.
    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = (i64, Self::Position)>;

    /// The score of a position without moves, to the player who cannot move. The default is
    /// 0: the game simply ends.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{ScoreGame, ScoreSolver};
    ///
    /// /// Nothing to do but lose a point.
    /// struct Stuck;
    /// impl ScoreGame for Stuck {
    ///     type Position = ();
    ///     fn moves(&self, _: &()) -> impl Iterator<Item = (i64, ())> {
    ///         std::iter::empty()
    ///     }
    ///     fn terminal_score(&self, _: &()) -> i64 {
    ///         -1
    ///     }
    /// }
    ///
    /// assert_eq!(ScoreSolver::new(Stuck).value(())?, -1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn terminal_score(&self, position: &Self::Position) -> i64 {
        let _ = position;
        0
    }

    /// A compact index for `position`, as [`ImpartialGame::dense_index`]: the solver then
    /// memoizes it in an array slot instead of its hash table.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreGame};
    ///
    /// let row = NumberRow::new(vec![3, 1, 4]);
    /// // By length: the 4 empty intervals, the 3 of one number, the 2 of two, then (0, 3).
    /// assert_eq!(row.dense_index(&(0, 3)), Some(9));
    /// assert_eq!(row.dense_index(&(3, 3)), Some(3));
    /// ```
    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        let _ = position;
        None
    }

    /// Every position below `start`, each after all of its options and `start` last, if the
    /// ruleset can list them: the solver then fills its table bottom-up, as a dynamic program
    /// does, with no search stack — the fastest way when most positions below `start` are
    /// needed anyway. The default, `None`, leaves the order to the top-down search. An order
    /// that lists a position before one of its options is still answered right, more slowly.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreGame};
    ///
    /// let row = NumberRow::new(vec![3, 1, 4]);
    /// let order: Vec<(usize, usize)> = row.bottom_up(&(0, 2)).expect("by length").collect();
    /// assert_eq!(order, [(0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (0, 2)]);
    /// ```
    fn bottom_up(&self, start: &Self::Position) -> Option<impl Iterator<Item = Self::Position>> {
        let _ = start;
        None::<std::iter::Empty<Self::Position>>
    }

    /// The bytes `position` owns beyond its own size, as
    /// [`ImpartialGame::allocated_bytes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreGame};
    ///
    /// assert_eq!(NumberRow::new(vec![1, 2]).allocated_bytes(&(0, 2)), 0);
    /// ```
    fn allocated_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }
}

/// A score game as the search engine sees it.
struct Scored<'a, G>(&'a G);

impl<G: ScoreGame> Graph for Scored<'_, G> {
    type Position = G::Position;
    type Gain = i64;

    #[inline]
    fn edges(&self, position: &G::Position) -> impl Iterator<Item = (i64, G::Position)> {
        self.0.moves(position)
    }

    #[inline]
    fn dense_index(&self, position: &G::Position) -> Option<usize> {
        self.0.dense_index(position)
    }

    #[inline]
    fn allocated_bytes(&self, position: &G::Position) -> usize {
        self.0.allocated_bytes(position)
    }

    fn known_grundy(&self, _: &G::Position) -> Option<Nimber> {
        None
    }

    fn terminal_score(&self, position: &G::Position) -> i64 {
        self.0.terminal_score(position)
    }

    fn bottom_up(&self, start: &G::Position) -> Option<impl Iterator<Item = G::Position>> {
        self.0.bottom_up(start)
    }
}

/// One move of a score game: the points it earns the player making it, and the position it
/// leaves.
///
/// # Examples
///
/// ```
/// use impartial::score::{NumberRow, ScoreMove, ScoreSolver};
///
/// let mut solver = ScoreSolver::new(NumberRow::new(vec![1, 2, 9, 3]));
/// // Not the 3, which opens the 9 to the other player: the 1, and the 9 is ours next turn.
/// assert_eq!(solver.best_move((0, 4))?, Some(ScoreMove { points: 1, to: (1, 4) }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoreMove<P> {
    /// The points the move earns the player making it.
    pub points: i64,
    /// The position it leaves.
    pub to: P,
}

/// What a windowed score search ([`ScoreSolver::value_within`]) proved.
///
/// # Examples
///
/// ```
/// use impartial::score::{NumberRow, ScoreBound, ScoreSolver};
///
/// // Whoever moves first here gets 3 or 1 and the other gets 9: the score is −5.
/// let mut solver = ScoreSolver::new(NumberRow::new(vec![3, 9, 1]));
/// let bound = solver.value_within((0, 3), -1..=1)?;
/// assert!(matches!(bound, ScoreBound::AtMost(at_most) if at_most < -1));
/// assert!(bound.admits(solver.value((0, 3))?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ScoreBound {
    /// The score: always when it lies in the range asked about, and outside it when proved
    /// on the way.
    Exact(i64),
    /// The score is at least this, which is above the range.
    AtLeast(i64),
    /// The score is at most this, which is below the range.
    AtMost(i64),
}

impl ScoreBound {
    /// Whether `score` agrees with what was proved.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::ScoreBound;
    ///
    /// assert!(ScoreBound::AtLeast(5).admits(8));
    /// assert!(!ScoreBound::AtMost(5).admits(8));
    /// assert!(ScoreBound::Exact(5).admits(5));
    /// ```
    #[must_use]
    pub fn admits(self, score: i64) -> bool {
        match self {
            ScoreBound::Exact(value) => score == value,
            ScoreBound::AtLeast(value) => score >= value,
            ScoreBound::AtMost(value) => score <= value,
        }
    }
}

/// The general method with the extended rule: the memoized, iterative search of
/// [`Solver`](crate::Solver), recording for every position its negamax score.
///
/// | question | method |
/// |---|---|
/// | the best difference of totals the player to move can force | [`value`](Self::value) |
/// | a move that forces it, every such move | [`best_move`](Self::best_move), [`best_moves`](Self::best_moves) |
/// | the whole game under best play | [`best_line`](Self::best_line) |
/// | the score if it lies in a range, else a bound (alpha–beta) | [`value_within`](Self::value_within) |
/// | whether the mover can force at least a target (a null window) | [`value_at_least`](Self::value_at_least) |
///
/// Every query has a `try_` form returning [`SolveError`]: a cycle, a state or memory limit,
/// or a score past the range of `i64` ([`SolveError::ScoreOverflow`]); the plain forms panic
/// on those errors, which cannot happen for a finite acyclic game without limits whose scores
/// fit.
///
/// # Complexity
///
/// Each reachable position is stored once, with an `i64`; [`value`](Self::value) visits every
/// move once, in **O(V + E)** time for V positions and E moves.
///
/// # Examples
///
/// ```
/// use impartial::score::{NumberRow, ScoreSolver};
///
/// // IOI 1996 "A Game": take a number from either end; each wants the larger total.
/// let mut solver = ScoreSolver::new(NumberRow::new(vec![4, 7, 2, 9, 5, 2]));
/// let score = solver.value((0, 6))?; // the first player's total minus the second's
/// assert_eq!(score, 7);
/// assert_eq!(solver.game().totals(score), (18, 11));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ScoreSolver<G: ScoreGame> {
    game: G,
    search: Search<G::Position, i64>,
}

impl<G: ScoreGame + Clone> Clone for ScoreSolver<G> {
    fn clone(&self) -> Self {
        ScoreSolver {
            game: self.game.clone(),
            search: self.search.clone(),
        }
    }
}

impl<G: ScoreGame + Debug> Debug for ScoreSolver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScoreSolver")
            .field("game", &self.game)
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl<G: ScoreGame> ScoreSolver<G> {
    /// A solver for `game` with no limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![2, 3]));
    /// assert_eq!(solver.value((0, 2))?, 1); // take the 3, leave the 2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(game: G) -> Self {
        ScoreSolver {
            game,
            search: Search::new(),
        }
    }

    /// Bounds the number of stored states, as [`Solver::with_state_limit`](crate::Solver::with_state_limit).
    /// It counts states, not bytes: bound the bytes with
    /// [`with_memory_limit`](Self::with_memory_limit) when positions own memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    /// use impartial::SolveError;
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![1; 100])).with_state_limit(1_000);
    /// assert_eq!(solver.value((0, 20)), Ok(0)); // 231 intervals fit
    /// assert_eq!(solver.value((0, 100)), Err(SolveError::StateLimit { limit: 1_000 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_state_limit(mut self, limit: usize) -> Self {
        self.search.limit_states(limit);
        self
    }

    /// Bounds the bytes the solver holds, as
    /// [`Solver::with_memory_limit`](crate::Solver::with_memory_limit).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    /// use impartial::SolveError;
    ///
    /// let mut solver =
    ///     ScoreSolver::new(NumberRow::new(vec![1; 1_000])).with_memory_limit(100_000);
    /// assert!(matches!(solver.value((0, 1_000)), Err(SolveError::MemoryLimit { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_memory_limit(mut self, bytes: usize) -> Self {
        self.search.limit_bytes(bytes);
        self
    }

    /// Reserves room for `additional` more states.
    ///
    /// # Errors
    ///
    /// [`TryReserveError`] if the room would pass the address space or the allocator refuses
    /// it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![1, 2, 3]));
    /// assert!(solver.try_reserve(10).is_ok());
    /// assert!(solver.try_reserve(usize::MAX).is_err());
    /// ```
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.search.try_reserve_for(Rule::Score, additional)
    }

    /// The ruleset this solver plays.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let solver = ScoreSolver::new(NumberRow::new(vec![1, 2]));
    /// assert_eq!(solver.game().numbers(), [1, 2]);
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Forgets every stored answer.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![1, 2]));
    /// solver.value((0, 2))?;
    /// solver.clear();
    /// assert_eq!(solver.stats().states, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.search.clear();
    }

    /// Size and memory figures of what the solver has stored; `bytes` includes the 8 bytes
    /// of each stored score.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![5, 1, 4, 2]));
    /// solver.value((0, 4))?;
    /// // The 10 intervals of 1 to 4 numbers and the 5 empty ones, filled shortest first.
    /// assert_eq!(solver.stats().states, 15);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> SolverStats {
        self.search.stats()
    }

    /// The score of `position`: the best difference of totals, from here on, that the player
    /// to move can force.
    ///
    /// # Errors
    ///
    /// [`SolveError::Cycle`] if a position repeats along a line of play,
    /// [`SolveError::StateLimit`] or [`SolveError::MemoryLimit`] past a limit, and
    /// [`SolveError::ScoreOverflow`] if a score leaves the range of `i64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![1, 100, 1]));
    /// assert_eq!(solver.value((0, 3))?, -98); // 2 against 100, whatever the first player does
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![i64::MIN, 1]));
    /// // The mover takes the 1, leaving the other to take i64::MIN: 1 − i64::MIN overflows.
    /// assert!(matches!(solver.value((0, 2)), Err(impartial::SolveError::ScoreOverflow { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<i64, SolveError<G::Position>> {
        self.search
            .score(&Scored(&self.game), position.into_holder().borrow())
    }

    /// The score of `position` if it lies in `range`; otherwise which side of the range it
    /// lies on, with a bound past the range (or the score itself, when the search happens to
    /// prove it: a position already solved, or one without moves). The search takes an alpha–beta window from the range: a move
    /// is explored only as far as it can change the answer, so a narrow range visits fewer
    /// positions than [`value`](Self::value). What it proves is kept — exact scores for every
    /// later query, bounds for later windows. An empty range asks for the exact score.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreBound, ScoreSolver};
    ///
    /// let row = NumberRow::new(vec![4, 7, 2, 9, 5, 2]);
    /// assert_eq!(ScoreSolver::new(row.clone()).value_within((0, 6), 0..=10)?, ScoreBound::Exact(7));
    /// // Asked only about scores from 20 to 30, a fresh solver proves the score is below.
    /// let bound = ScoreSolver::new(row).value_within((0, 6), 20..=30)?;
    /// assert!(matches!(bound, ScoreBound::AtMost(at_most) if at_most < 20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value_within(
        &mut self,
        position: impl IntoPosition<G::Position>,
        range: RangeInclusive<i64>,
    ) -> Result<ScoreBound, SolveError<G::Position>> {
        let (lowest, highest) = range.into_inner();
        // The search's window is open: (lowest − 1, highest + 1).
        let (alpha, beta) = if lowest <= highest {
            (lowest.saturating_sub(1), highest.saturating_add(1))
        } else {
            (i64::MIN, i64::MAX)
        };
        let proven = self.search.score_within(
            &Scored(&self.game),
            position.into_holder().borrow(),
            alpha,
            beta,
        )?;
        Ok(match proven {
            // A bound at the end of i64 leaves one score.
            Proven::AtLeast(i64::MAX) | Proven::AtMost(i64::MIN) => {
                ScoreBound::Exact(proven.value())
            }
            Proven::Exact(score) => ScoreBound::Exact(score),
            Proven::AtLeast(score) => ScoreBound::AtLeast(score),
            Proven::AtMost(score) => ScoreBound::AtMost(score),
        })
    }

    /// Whether the player to move can force a score of at least `target`: the null-window
    /// search, the narrowest question a score search answers.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![4, 7, 2, 9, 5, 2]));
    /// assert!(solver.value_at_least((0, 6), 7)?); // 18 against 11
    /// assert!(!solver.value_at_least((0, 6), 8)?);
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![2, 3])).with_state_limit(1);
    /// assert!(solver.value_at_least((0, 2), 1).is_err()); // the limit
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value_at_least(
        &mut self,
        position: impl IntoPosition<G::Position>,
        target: i64,
    ) -> Result<bool, SolveError<G::Position>> {
        if target == i64::MIN {
            return self.value(position).map(|_| true);
        }
        let proven = self.search.score_within(
            &Scored(&self.game),
            position.into_holder().borrow(),
            target - 1,
            target,
        )?;
        Ok(match proven {
            Proven::Exact(score) | Proven::AtLeast(score) | Proven::AtMost(score) => {
                score >= target
            }
        })
    }

    /// A move that forces the score: the first (in the ruleset's order) whose points minus
    /// the score after it equal the score of `position`, or `None` at the end.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreMove, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![3, 9, 1, 2]));
    /// // Take the 2: then whichever end the other player takes, the 9 is ours.
    /// let best = solver.best_move((0, 4))?.expect("moves are left");
    /// assert_eq!(best, ScoreMove { points: 2, to: (0, 3) });
    /// assert_eq!(solver.value((0, 4))?, 7); // 2 + 9 against 3 + 1
    /// assert_eq!(solver.best_move((2, 2))?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Option<ScoreMove<G::Position>>, SolveError<G::Position>> {
        let mut moves = self.best_moves_of(position.into_holder().borrow(), true)?;
        Ok(moves.pop())
    }

    /// Every move that forces the score, in the ruleset's order.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![5, 5]));
    /// assert_eq!(solver.best_moves((0, 2))?.len(), 2); // either 5
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_moves(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Vec<ScoreMove<G::Position>>, SolveError<G::Position>> {
        self.best_moves_of(position.into_holder().borrow(), false)
    }

    /// The game from `position` under best play, both sides: each step a best move (the
    /// first, as [`best_move`](Self::best_move)), until no move is left. The points of the
    /// steps, taken alternately with signs `+ − + − …`, add up to the score.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::{NumberRow, ScoreSolver};
    ///
    /// let mut solver = ScoreSolver::new(NumberRow::new(vec![3, 9, 1, 2]));
    /// let line = solver.best_line((0, 4))?;
    /// assert_eq!(line.len(), 4);
    /// let signed: i64 = line.iter().enumerate()
    ///     .map(|(turn, step)| if turn % 2 == 0 { step.points } else { -step.points })
    ///     .sum();
    /// assert_eq!(signed, solver.value((0, 4))?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_line(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Vec<ScoreMove<G::Position>>, SolveError<G::Position>> {
        let mut line = Vec::new();
        let mut position: G::Position = position.into_holder().borrow().clone();
        // A finite acyclic game (the search has checked it) ends.
        while let Some(step) = self.best_moves_of(&position, true)?.pop() {
            position = step.to.clone();
            line.push(step);
        }
        Ok(line)
    }

    fn best_moves_of(
        &mut self,
        position: &G::Position,
        first_only: bool,
    ) -> Result<Vec<ScoreMove<G::Position>>, SolveError<G::Position>> {
        let target = self.value(position)?;
        let mut best = Vec::new();
        for (points, to) in self.game.moves(position) {
            let after = self.search.score(&Scored(&self.game), &to)?;
            if points.checked_sub(after) == Some(target) {
                best.push(ScoreMove { points, to });
                if first_only {
                    break;
                }
            }
        }
        Ok(best)
    }
}

/// A win/lose game as a score game: moves are worth nothing, and the player who cannot move
/// scores −1. The score is +1 at N-positions and −1 at P-positions — the win/lose rule is the
/// extended rule with these numbers.
///
/// # Examples
///
/// ```
/// use impartial::score::{ScoreSolver, WinLoss};
/// use impartial::{Nim, Outcome, Solver};
///
/// let mut scores = ScoreSolver::new(WinLoss(Nim));
/// let mut solver = Solver::new(Nim);
/// for heaps in [[1, 2], [3, 3], [2, 5]] {
///     let won = scores.value(heaps)? == 1;
///     assert_eq!(won, solver.outcome(heaps)? == Outcome::N);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WinLoss<G>(pub G);

impl<G: ImpartialGame> ScoreGame for WinLoss<G> {
    type Position = G::Position;

    fn moves(&self, position: &G::Position) -> impl Iterator<Item = (i64, G::Position)> {
        self.0.moves(position).map(|option| (0, option))
    }

    fn terminal_score(&self, _: &G::Position) -> i64 {
        -1
    }

    fn dense_index(&self, position: &G::Position) -> Option<usize> {
        self.0.dense_index(position)
    }

    fn allocated_bytes(&self, position: &G::Position) -> usize {
        self.0.allocated_bytes(position)
    }
}
