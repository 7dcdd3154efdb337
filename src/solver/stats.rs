//! [`SolverStats`]: what a solver has stored, in states and bytes — one type for every front
//! end of the search engine.

/// Memory and size figures of a [`Solver`](crate::Solver), to size problems before running them.
///
/// # Examples
///
/// ```
/// use impartial::{Nim, Solver};
///
/// let mut solver = Solver::new(Nim).without_closed_form();
/// solver.grundy([2, 3])?;
/// let stats = solver.stats();
/// assert_eq!(stats.states, 9); // {}, {1}, {2}, {3}, {1, 1}, {1, 2}, {1, 3}, {2, 2}, {2, 3}
/// assert!(stats.bytes >= stats.states * stats.bytes_per_entry);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolverStats {
    /// Positions stored, normal and misère play together.
    pub states: usize,
    /// Bytes held for the stored states: the tables' allocated slots times
    /// [`bytes_per_entry`](Self::bytes_per_entry), plus what the stored positions own
    /// (a `Vec` position's buffer), as the ruleset's
    /// [`allocated_bytes`](crate::ImpartialGame::allocated_bytes) reports it. The tables stay
    /// between 8/15 and 4/5 full, so their part is at most 1.875 times
    /// `states * bytes_per_entry` once a table has grown past its first 16 slots.
    pub bytes: usize,
    /// Bytes one stored entry takes: the position plus a 4-byte code, rounded up to the
    /// position's alignment (no control bytes).
    pub bytes_per_entry: usize,
}
