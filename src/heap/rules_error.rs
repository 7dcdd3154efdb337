//! [`RulesError`]: rules of a take-and-break game that cannot be built.

/// Rules of a take-and-break game that cannot be built: a move that would change nothing, a
/// split into a count of heaps outside what the rules hold.
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::{HeapRules, RulesError};
///
/// let error = HeapRules::builder().take_whole([0]).build().unwrap_err();
/// assert_eq!(error, RulesError::MoveChangesNothing);
/// assert!(error.to_string().starts_with("a move that takes 0 counters"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A move may not take 0 counters and leave the heap whole (or take a heap of 0 whole):
    /// it would change nothing.
    #[error(
        "a move that takes 0 counters must split the heap: taking 0 and leaving nothing or one heap changes nothing"
    )]
    MoveChangesNothing,
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
}
