//! Why a sequence could not be computed, and the largest heaps a run reaches.

/// The largest heap size a sequence may reach: 2³² − 1 (4 bytes per value, 16 GiB).
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::sequence::MAX_HEAP;
///
/// // A proven period makes the whole range cheap.
/// let kayles = OctalGame::kayles().values_up_to(MAX_HEAP)?;
/// assert!(kayles.covers(MAX_HEAP));
/// assert!(OctalGame::kayles().values_up_to(MAX_HEAP + 1).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_HEAP: u64 = u32::MAX as u64;

/// The largest heap size a bounded run ([`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed)) may reach: 2⁴⁸ − 1,
/// past what any run finishes in years at the rates of today's machines (on a 32-bit target
/// the address space sets a smaller bound, with [`SequenceError::TooLarge`] past it).
///
/// A bounded run keeps only a prefix and a window of values in memory, so its heaps are not
/// limited by [`MAX_HEAP`]: the published tables of the field go to 2⁴¹.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use impartial::octal::OctalGame;
/// use impartial::sequence::{SequenceError, SequenceOptions, StreamState, MAX_STREAMED_HEAP};
///
/// let game: OctalGame = "0.167".parse()?;
/// let beyond = game.values_streamed(
///     MAX_STREAMED_HEAP + 1,
///     &SequenceOptions::default(),
///     StreamState::new(1_024),
///     |_| ControlFlow::Continue(()),
///     |_, _| {},
/// );
/// assert_eq!(beyond.unwrap_err(), SequenceError::TooLarge { n: MAX_STREAMED_HEAP + 1, max: MAX_STREAMED_HEAP });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_STREAMED_HEAP: u64 = (1 << 48) - 1;

/// Why a sequence could not be computed.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::sequence::{SequenceError, MAX_HEAP};
///
/// let game: OctalGame = "0.6".parse()?;
/// assert_eq!(game.values_up_to(u64::MAX).unwrap_err(), SequenceError::TooLarge { n: u64::MAX, max: MAX_HEAP });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SequenceError {
    /// `n` is above [`MAX_HEAP`] (or, for a bounded run, [`MAX_STREAMED_HEAP`]).
    #[error("heap size {n} is beyond the largest sequence length supported, {max}")]
    TooLarge {
        /// The largest heap asked for: the `max_heap` of
        /// [`values_up_to`](crate::sequence::HeapGame::values_up_to).
        n: u64,
        /// [`MAX_HEAP`], or [`MAX_STREAMED_HEAP`] for a bounded run.
        max: u64,
    },
    /// A heap past the values computed, of a sequence whose period is not proved.
    #[error("heap {heap} is past the values computed (G(0) to G({last})) and no period is proved")]
    HeapNotCovered {
        /// The heap asked about.
        heap: u64,
        /// The largest heap computed.
        last: u64,
    },
    /// The values would not fit in memory.
    #[error("could not allocate {bytes} bytes for the values")]
    OutOfMemory {
        /// The bytes the values need.
        bytes: u64,
    },
    /// Values given as known ([`HeapGame::values_continued`](crate::sequence::HeapGame::values_continued)) that no heap game has: G(0) is
    /// 0 in every one.
    #[error("known values must start with G(0) = 0, not {found}")]
    NotFromZero {
        /// The first value given.
        found: u32,
    },
    /// A bounded run ([`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed)) reached the end of its prefix with no
    /// sparse space in use for a game that splits heaps: each value then reads every value
    /// before it, and memory cannot be bounded.
    #[error(
        "the values from heap {heap} on cannot be computed in bounded memory: the game uses no \
         sparse space there, so each value reads every value before it"
    )]
    Unbounded {
        /// The first heap past the prefix.
        heap: u64,
    },
    /// A value in a bounded run ([`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed)) needed a value the run did not
    /// keep — a new rare heap, or a search for the common values deeper than the prefix with
    /// no [`ValueStore`](crate::sequence::ValueStore) to read the dropped values back from. No value is guessed: the run
    /// stops before this heap, and a run with a longer prefix (or holding every value) goes
    /// on.
    #[error(
        "heap {heap} needs values that a bounded run with a prefix of {prefix} heaps does not \
         keep (a new rare heap, or a longer search); run again with a longer prefix"
    )]
    BoundExceeded {
        /// The heap whose value could not be computed.
        heap: u64,
        /// The prefix the run kept.
        prefix: u64,
    },
    /// A bounded run ([`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed)) resumed from a state past the heaps it
    /// asks for: those values were handed out by the run that left the state, and a run
    /// cannot take them back. Ask for `max_heap ≥ next_heap − 1`, or read the values the
    /// earlier run handed out.
    #[error(
        "the run's state is at heap {next_heap}, past the heaps asked for (up to {max_heap}): \
         those values were handed out by the run that left it"
    )]
    StatePastEnd {
        /// The first heap the state has not computed: [`StreamState::next_heap`](crate::sequence::StreamState::next_heap).
        next_heap: u64,
        /// The largest heap asked for.
        max_heap: u64,
    },
    /// A value past 2³¹ − 1 in a bounded run: past what the engine's tables hold. (No known
    /// game comes near: values grow with the logarithm of the heap in every sparse space.)
    #[error("the values from heap {heap} on may pass 2^31 - 1, the largest the engine holds")]
    ValueTooLarge {
        /// The first heap not computed.
        heap: u64,
    },
    /// A [`StreamState`](crate::sequence::StreamState) that no bounded run could have left.
    #[error(
        "the stream state is not one a bounded run leaves: the prefix, the window and where it \
         starts do not fit together"
    )]
    InvalidState,
}

/// How many values a run to heap `n` holds — `n + 1` — if `n` is at most `max`, the bound of
/// its kind of run, and the target's address space holds them; the one check of both kinds.
pub(crate) fn checked_len(n: u64, max: u64) -> Result<usize, SequenceError> {
    if n > max {
        return Err(SequenceError::TooLarge { n, max });
    }
    // A 32-bit target counts fewer heaps.
    usize::try_from(n + 1).map_err(|_| SequenceError::TooLarge {
        n,
        max: (usize::MAX as u64).min(max) - 1,
    })
}
