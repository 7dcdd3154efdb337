//! How far a quotient's computation goes, and why it stops.

use std::fmt;

/// Most elements a candidate may have, reduced, before the computation stops: its table of
/// products takes 4 bytes times the square of its order (64 MiB at this limit).
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_ELEMENTS, 4_096);
/// ```
pub const MAX_ELEMENTS: usize = 4_096;

/// Most elements a candidate may have before it is reduced — the product of a quotient with
/// cyclic monoids, its products computed, not tabled: past it, marking it would take seconds.
pub(crate) const MAX_PRODUCT: usize = 1 << 16;

/// Most pairs (element, options' elements) a verification may meet before the computation
/// stops: some hundreds of bytes each for a quotient of hundreds of elements, so a
/// verification holds at most about half a gigabyte.
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_VERIFIED_STATES, 2_000_000);
/// ```
pub const MAX_VERIFIED_STATES: usize = 2_000_000;

/// The largest heap bound [`MisereQuotient::compute`](super::MisereQuotient::compute) accepts: the options of every heap
/// up to it are kept (within [`MAX_OPTION_WORDS`]).
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_HEAP, 4_096);
/// ```
pub const MAX_HEAP: u64 = 4_096;

/// Most memory the options of lone heaps a quotient keeps may take, in 8-byte words: each
/// option (the list of heaps it leaves) counts four words and one per heap, some 200 MB in
/// all. Octal games proved by [`MAX_HEAP`] stay below it; a code that splits a heap into many
/// heaps (`0.{2+}`: every partition) or into three (a heap of `h` in some `h²/12` ways)
/// reaches it, and the computation stops with [`Stop::TooManyOptions`] instead of
/// exhausting memory. A saved quotient whose heaps would need more is refused when read.
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_OPTION_WORDS, 24_000_000);
/// ```
pub const MAX_OPTION_WORDS: usize = 24_000_000;

/// Most work one heap may take before the computation stops, in steps of some tens of
/// nanoseconds: a heap added to a pair of a verification, an element of a candidate marked
/// (an eighth of a step a word of its set of options), an element's key in a round of a
/// reduction. A bound on the time one heap takes: some seconds (Dawson's Kayles needs most of
/// it at heap 33).
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_PAIRS_PER_HEAP, 100_000_000);
/// ```
pub const MAX_PAIRS_PER_HEAP: usize = 100_000_000;

/// Why a quotient covers fewer heaps than asked.
///
/// # Examples
///
/// ```
/// use impartial::quotient::Stop;
///
/// let stop = Stop::NoCandidate { heap: 25 };
/// assert!(stop.to_string().starts_with("heap 25 changes the quotient"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Stop {
    /// At this heap no element of the quotient before was verified, and no recalibration of
    /// a new generator's candidate predicted the positions that failed.
    NoCandidate {
        /// The heap that could not be added.
        heap: u64,
    },
    /// A candidate at this heap passed [`MAX_ELEMENTS`] (or, before it was reduced, 65 536
    /// elements), or its verification [`MAX_VERIFIED_STATES`].
    TooLarge {
        /// The heap that could not be added.
        heap: u64,
    },
    /// The candidates tried at this heap took more than [`MAX_PAIRS_PER_HEAP`] steps of
    /// work together.
    OutOfWork {
        /// The heap that could not be added.
        heap: u64,
    },
    /// The options of the heaps up to this one would pass [`MAX_OPTION_WORDS`].
    TooManyOptions {
        /// The heap that could not be added.
        heap: u64,
    },
    /// The progress callback of [`MisereQuotient::compute_with_progress`](super::MisereQuotient::compute_with_progress) stopped the
    /// computation before this heap.
    Interrupted {
        /// The first heap not added.
        heap: u64,
    },
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::NoCandidate { heap } => write!(
                f,
                "heap {heap} changes the quotient in a way this engine does not find (no element was verified, and no recalibration predicted the positions that failed)"
            ),
            Stop::TooLarge { heap } => write!(
                f,
                "heap {heap} would make a candidate of more than {MAX_ELEMENTS} elements ({MAX_PRODUCT} before it is reduced) or a verification of more than {MAX_VERIFIED_STATES} states"
            ),
            Stop::OutOfWork { heap } => write!(
                f,
                "heap {heap} took candidates whose construction and verification passed {MAX_PAIRS_PER_HEAP} steps of work together"
            ),
            Stop::TooManyOptions { heap } => write!(
                f,
                "heap {heap}'s options would pass the {MAX_OPTION_WORDS} words the options of the heaps so far may take"
            ),
            Stop::Interrupted { heap } => write!(f, "stopped by the caller before heap {heap}"),
        }
    }
}
