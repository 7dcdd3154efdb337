//! The solvers' errors: [`SolveError`] for a question they cannot answer, [`TableError`] for
//! a table they cannot set up, save or load. Each game and engine has its own.

use std::fmt::Debug;

/// Why the [`Solver`](crate::Solver) could not answer.
///
/// The solver stays usable after an error: what it learnt before is kept, and the positions
/// that were being explored are forgotten.
///
/// # Examples
///
/// ```
/// use impartial::{ImpartialGame, SolveError, Solver};
///
/// /// A token on a cycle 0 → 1 → 2 → 0.
/// struct Cycle;
///
/// impl ImpartialGame for Cycle {
///     type Position = u8;
///     fn moves(&self, position: &u8) -> impl Iterator<Item = u8> {
///         std::iter::once((position + 1) % 3)
///     }
/// }
///
/// let error = Solver::new(Cycle).outcome(&0).unwrap_err();
/// assert!(matches!(error, SolveError::Cycle { position: _ }));
/// assert!(error.to_string().starts_with("position repeats along a line of play"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError<P: Debug> {
    /// A position repeats along a line of play: the game is loopy, and the ordinary solver
    /// (which assumes an acyclic game) cannot classify it.
    #[error("position repeats along a line of play: {position:?}")]
    Cycle {
        /// The position that was reached a second time.
        position: P,
    },
    /// Answering would store more states than the solver's limit allows (or keep more
    /// options waiting on its search stack).
    #[error("state limit of {limit} reached: the search needs more states than that")]
    StateLimit {
        /// The limit that was set with [`Solver::with_state_limit`](crate::Solver::with_state_limit).
        limit: usize,
    },
    /// A score left the range of `i64`: at `position`, a move's points minus the score after
    /// it overflowed (see [`ScoreSolver`](crate::score::ScoreSolver)).
    #[error(
        "score out of range at {position:?}: a move's points minus the score after it overflowed i64"
    )]
    ScoreOverflow {
        /// The position whose score could not be computed.
        position: P,
    },
    /// Writing a certificate, the searches' answers about `position` did not agree with one
    /// another: a bug in the solver or a ruleset that breaks the laws of
    /// [`ImpartialGame`](crate::ImpartialGame) (a `canonical` form of another value, a
    /// `grundy_bound` below the value). No certificate is written.
    #[cfg(feature = "decompose")]
    #[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
    #[error(
        "the search's answers about {position:?} contradict one another: a solver bug, or a ruleset that breaks the laws of its hooks"
    )]
    Contradiction {
        /// The position the answers disagree about.
        position: P,
    },
    /// The position asked about is not one of the game's: made for another board, graph or
    /// poset, or holding what no position of the game holds (see
    /// [`ImpartialGame::check_position`](crate::ImpartialGame::check_position)).
    #[error("{position:?} is not a position of this game: {reason}")]
    InvalidPosition {
        /// The position asked about.
        position: P,
        /// Why it is not one of the game's.
        reason: String,
    },
    /// The ruleset declares misère play ([`ImpartialGame::PLAY`](crate::ImpartialGame::PLAY)),
    /// and the question is one of normal play: a Sprague–Grundy value, a remoteness, a
    /// suspense number. Ask [`Solver::misere`](crate::Solver::misere) for the misère ones.
    #[error(
        "the game is played misère: its positions have no {question}, which is a notion of normal play"
    )]
    MiserePlay {
        /// What was asked: `"Sprague–Grundy value"`, `"remoteness"`, ….
        question: &'static str,
    },
    /// A number the search records passed what its tables hold: the Grundy value of a
    /// position with more than `u32::MAX − 3` options, or a remoteness as large.
    #[error(
        "at {position:?}, a {rule} from {options} options passes what the solver's tables hold"
    )]
    NumberTooLarge {
        /// The position whose number could not be stored.
        position: P,
        /// What was being recorded: `"Sprague–Grundy value"`, `"remoteness"`, ….
        rule: &'static str,
        /// How many options it had.
        options: usize,
    },
    /// Answering would hold more bytes than the solver's memory limit allows.
    #[error("memory limit of {limit} bytes reached: the search needs more memory than that")]
    MemoryLimit {
        /// The limit that was set with
        /// [`Solver::with_memory_limit`](crate::Solver::with_memory_limit).
        limit: usize,
    },
}

impl<P: Debug> SolveError<P> {
    /// The same error about another kind of position: `map` applied to the position it
    /// names, if it names one.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::SolveError;
    ///
    /// let error: SolveError<(u8, u8)> = SolveError::Cycle { position: (3, 4) };
    /// assert_eq!(error.map_position(|(a, _)| a), SolveError::Cycle { position: 3 });
    /// let limit: SolveError<u8> = SolveError::StateLimit { limit: 10 };
    /// assert_eq!(limit.map_position(u32::from), SolveError::StateLimit { limit: 10 });
    /// ```
    pub fn map_position<Q: Debug>(self, map: impl FnOnce(P) -> Q) -> SolveError<Q> {
        match self {
            SolveError::Cycle { position } => SolveError::Cycle {
                position: map(position),
            },
            SolveError::StateLimit { limit } => SolveError::StateLimit { limit },
            SolveError::ScoreOverflow { position } => SolveError::ScoreOverflow {
                position: map(position),
            },
            #[cfg(feature = "decompose")]
            SolveError::Contradiction { position } => SolveError::Contradiction {
                position: map(position),
            },
            SolveError::MemoryLimit { limit } => SolveError::MemoryLimit { limit },
            SolveError::InvalidPosition { position, reason } => SolveError::InvalidPosition {
                position: map(position),
                reason,
            },
            SolveError::MiserePlay { question } => SolveError::MiserePlay { question },
            SolveError::NumberTooLarge {
                position,
                rule,
                options,
            } => SolveError::NumberTooLarge {
                position: map(position),
                rule,
                options,
            },
        }
    }
}

/// Why a solver's table could not be set up, saved or loaded.
///
/// # Examples
///
/// ```
/// use impartial::cram::Cram;
/// use impartial::{Solver, TableError};
///
/// let game = Cram::new(3, 3)?;
/// let error = Solver::new(game).with_table_budget(10).unwrap_err();
/// assert!(matches!(error, TableError::BudgetTooSmall { bytes: 10, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// A table budget too small to be a table.
    #[error("a table budget of {bytes} bytes is too small: it needs at least {least}")]
    BudgetTooSmall {
        /// The bytes asked for.
        bytes: usize,
        /// The least budget for this ruleset's positions.
        least: usize,
    },
    /// The table of the budget asked for could not be allocated.
    #[error("cannot allocate a table of {bytes} bytes")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// The file could not be read or written; what the system said is the
    /// [`source`](std::error::Error::source).
    #[error("cannot {action} {}", path.display())]
    Io {
        /// `read` or `write`.
        action: &'static str,
        /// The file.
        path: std::path::PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a table of this crate, of this version, or is damaged.
    #[error("{path} is not a table this solver can load: {reason}")]
    Refused {
        /// The file.
        path: String,
        /// Why: not a table, another version, a checksum that does not match, another
        /// game's table.
        reason: String,
    },
}
