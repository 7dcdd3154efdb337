//! The crate's errors: [`SolveError`] for the solver, [`GameError`] for invalid rules or moves.

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
    /// Answering would hold more bytes than the solver's memory limit allows.
    #[error("memory limit of {limit} bytes reached: the search needs more memory than that")]
    MemoryLimit {
        /// The limit that was set with
        /// [`Solver::with_memory_limit`](crate::Solver::with_memory_limit).
        limit: usize,
    },
}

/// Invalid rules, parameters or moves.
///
/// # Examples
///
/// ```
/// use impartial::{GameError, SubtractionGame};
///
/// assert_eq!(SubtractionGame::new(&[]).unwrap_err(), GameError::EmptySubtractionSet);
/// assert_eq!(
///     SubtractionGame::new(&[0, 2]).unwrap_err().to_string(),
///     "subtraction set contains 0, which would be a move that changes nothing"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// A subtraction game needs at least one amount a move may take.
    #[error("subtraction set is empty: a subtraction game needs at least one amount to take")]
    EmptySubtractionSet,
    /// A move of a take-and-break game may not take 0 counters and leave the heap whole (or
    /// take a heap of 0 whole): it would change nothing.
    #[error(
        "a move that takes 0 counters must split the heap: taking 0 and leaving nothing or one heap changes nothing"
    )]
    MoveChangesNothing,
    /// A subtraction set may not contain zero.
    #[error("subtraction set contains 0, which would be a move that changes nothing")]
    ZeroInSubtractionSet,
    /// An amount past what the ruleset supports, such as an all-but game's excluded
    /// amount past [`MAX_EXCLUDED`](crate::all_but::MAX_EXCLUDED).
    #[error("an amount of {amount} is more than the {max} this ruleset supports")]
    AmountTooLarge {
        /// The amount given.
        amount: u64,
        /// The largest supported.
        max: u64,
    },
    /// A count of heaps a split leaves outside what [`HeapCounts`](crate::take_and_break::HeapCounts)
    /// holds: 4 to [`MAX_COUNT`](crate::take_and_break::HeapCounts::MAX_COUNT) (fewer heaps
    /// are the rules' other moves).
    #[error(
        "a split into {count} heaps: counts of 4 to {max} are held here (fewer are the rules' other moves)"
    )]
    HeapCountOutOfRange {
        /// The count given.
        count: u32,
        /// The largest count that may be listed.
        max: u32,
    },
    /// A move names a heap the position does not have.
    #[error("heap index {index} is out of range for a position of {heaps} heaps")]
    HeapIndexOutOfRange {
        /// The index the move named.
        index: usize,
        /// How many heaps the position has.
        heaps: usize,
    },
    /// A move must make a heap strictly smaller.
    #[error("a move must shrink the heap: new size {new_size} is not smaller than {old_size}")]
    MoveDoesNotShrink {
        /// The heap's size before the move.
        old_size: u128,
        /// The size the move asked for.
        new_size: u128,
    },
    /// A multiplier of zero would allow no move after the first.
    #[error("multiplier k must be at least 1, got {0}")]
    ZeroMultiplier(u64),
    /// A take-away game's table of losing sizes does not reach this heap (a wide heap type
    /// with a multiplier in the middle range; see [`take_away`](crate::take_away)).
    #[error(
        "heap of {heap} is beyond the losing sizes computed for multiplier {k}, which reach {covered}"
    )]
    HeapBeyondTable {
        /// The heap size asked about.
        heap: u128,
        /// The largest heap size the table decides.
        covered: u128,
        /// The multiplier of the game.
        k: u64,
    },
    /// A move takes an amount the rules do not allow.
    #[error("taking {take} is not allowed here: the rules allow {min} to {max}")]
    IllegalTake {
        /// The amount the move takes.
        take: u128,
        /// The least amount allowed.
        min: u128,
        /// The most allowed.
        max: u128,
    },
    /// A board of a size the ruleset's positions cannot hold.
    #[error("a board of {width} × {height} cells is out of range: {limit}")]
    BoardTooLarge {
        /// The columns asked for.
        width: u32,
        /// The rows asked for.
        height: u32,
        /// The sizes the ruleset takes.
        limit: &'static str,
    },
    /// A position that is not one of the ruleset's: rows that grow, a cell off the board.
    #[error("not a position of this game: {0}")]
    InvalidPosition(&'static str),
    /// A graph with more vertices than the ruleset's positions hold.
    #[error("a graph of {vertices} vertices: the positions hold at most {most}")]
    GraphTooLarge {
        /// The vertices asked for.
        vertices: usize,
        /// The most vertices a graph may have.
        most: usize,
    },
    /// An edge names a vertex the graph does not have, or joins a vertex to itself.
    #[error("edge {from}–{to} is not an edge of a graph on vertices 0 to {vertices} − 1")]
    InvalidEdge {
        /// One end of the edge.
        from: usize,
        /// The other end.
        to: usize,
        /// The vertices of the graph.
        vertices: usize,
    },
    /// An edge names a vertex the graph does not have.
    #[error(
        "edge {edge} names vertex {vertex}, not one of the graph's vertices 0 to {vertices} − 1"
    )]
    VertexOutOfRange {
        /// The edge's place in the list given.
        edge: usize,
        /// The vertex it names.
        vertex: usize,
        /// The vertices of the graph.
        vertices: usize,
    },
    /// A relation that is not a partial order: an element below itself, directly or
    /// through a cycle.
    #[error("not a partial order: element {element} is below itself")]
    NotAnOrder {
        /// An element on the cycle.
        element: usize,
    },
    /// A string that is not a Sprouts position in the notation of
    /// [`sprouts`](crate::sprouts).
    #[error("not a Sprouts position: {reason} (byte {at})")]
    NotASproutsPosition {
        /// The byte of the string where it goes wrong.
        at: usize,
        /// What is wrong there.
        reason: &'static str,
    },
    /// A permutation given as a symmetry of a graph is not one: not a permutation of its
    /// vertices, or it does not map edges onto edges.
    #[error("symmetry {index} is not an automorphism of the graph: {reason}")]
    NotASymmetry {
        /// Its place in the list given.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
    /// The file could not be read or written.
    #[error("cannot {action} {path}: {message}")]
    Io {
        /// `read` or `write`.
        action: &'static str,
        /// The file.
        path: String,
        /// What the system said.
        message: String,
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
