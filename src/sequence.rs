//! Nim-value sequences of heap games: G(0), G(1), G(2), … — fast, exact, and proven periodic
//! where the theory allows.
//!
//! By the Sprague–Grundy theorem a position of several heaps of one heap game is worth the
//! XOR of its heaps' values, so one sequence answers every position. A [`HeapGame`] —
//! [`OctalGame`](crate::octal::OctalGame), [`HexadecimalGame`](crate::octal::HexadecimalGame),
//! [`GrundysGame`](crate::octal::GrundysGame), [`SubtractionGame`](crate::SubtractionGame),
//! or any [`TakeAndBreak`](crate::take_and_break::TakeAndBreak) game given by its rules —
//! computes it with [`values_up_to`](HeapGame::values_up_to) (`G(0)` to `G(max_heap)`, both
//! included):
//!
//! ```
//! use impartial::octal::OctalGame;
//! use impartial::Nimber;
//!
//! let kayles: OctalGame = "0.77".parse()?;
//! let values = kayles.values_up_to(1_000)?;
//! assert_eq!(values.get(5), Some(Nimber(4)));
//! let period = values.period().expect("Kayles is periodic");
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! // Proven, so every heap size is known — here far beyond what was computed.
//! assert_eq!(values.get(1_000_000_000_000), values.get(1_000_000_000_000 % 12 + 72));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Methods
//!
//! - **Direct**: `G(n) = mex` of the values of `n`'s options. A split into two heaps has
//!   `n/2` ways, so games that split cost O(n²) in all; games that never split (subtraction
//!   games) cost O(n · moves) and always use it.
//! - **Sparse space** (Berlekamp; Gangolli and Plambeck, *A note on periodicity in some octal
//!   games*, IJGT 18 (1989)): choose a bit mask; most heaps have a value of one mask parity,
//!   the *common* class, and the XOR of two common values always has the same parity. A value
//!   of the other parity can then only come from a split with a *rare* heap — few of them —
//!   and a value of the common parity is almost always found after a short search. The
//!   result is exact whatever the mask; the mask only decides the speed.
//!   [`Method::Auto`] computes the first values directly, picks the mask with the fewest
//!   rare heaps among them (again as the values grow), and switches when few enough are
//!   rare; a game with no such mask keeps the direct recurrence.
//!
//! # Two threads
//!
//! [`SequenceOptions::parallel`] puts a second thread to work on games that split heaps, by
//! default where the machine has two or more cores. The values are the same either way, and
//! there is one table of them: both threads read it, and each keeps apart only the values
//! of the stretch of at most 2¹⁶ heaps they are computing together.
//!
//! - **In a sparse space**, once new rare heaps have stopped coming for a while, the calling
//!   thread *computes ahead*: it gives each heap the value it has if it is common — the
//!   least value of the parity only splits with rare heaps give that none of them reaches,
//!   which needs no search — and both threads *verify* those values, a batch of heaps at a
//!   time, by the search for the other parity's values below them. The search is most of the
//!   work, and verifying needs only values already computed, so the two threads share it
//!   without waiting for each other. A heap found wrong is a new rare heap: its true value
//!   is kept, the values computed after it are taken back, and the calculation goes on from
//!   there.
//! - **By the direct recurrence**, a heap's options almost all leave heaps at least two
//!   smaller than it, so the two threads take turns: while one finishes heap `n − 1`, the
//!   other works out heap `n` from the options that do not need `G(n − 1)`, and once that
//!   value arrives checks whether the options leaving heap `n − 1` change the answer
//!   (rarely: then it computes `G(n)` again).
//!
//! Small sequences stay on one thread: below a few thousand heaps a second one costs more
//! than it saves.
//!
//! # Memory
//!
//! The values are kept as [`Values`], in the narrowest width that holds them: one byte each
//! while they are below 256, two below 65 536, four beyond — widened on the fly when the
//! first larger value comes. 0.6 or Grundy's game to 10⁹ hold 2 GB of values. For longer
//! runs, [`HeapGame::values_streamed`] keeps only a prefix and a window of recent values.

//! # Periods
//!
//! The octal periodicity theorem (Guy and Smith, 1956): if a game's moves remove at most `t`
//! counters and `G(n + p) = G(n)` for `n0 ≤ n < 2·n0 + p + t`, then `G(n + p) = G(n)` for
//! every `n ≥ n0`. (For games that never split, `n0 ≤ n < n0 + t` suffices.) The engine tries
//! the theorem as it goes and stops as soon as a period is proven: the [`Period`] it reports
//! is the shortest, with the least preperiod, and every later value comes from the table.
//! Grundy's game has no such theorem, and no period is ever claimed for it.

mod ahead;
mod bounded;
mod bytes;
mod direct;
mod period;
mod relay;
mod run;
mod sparse;
#[cfg(test)]
mod testing;
mod values;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

pub use values::{Iter, ValueSlice, Values};

use crate::game::{ImpartialGame, Nimber};
use crate::games::heaps::Heaps;
use crate::games::take_and_break::HeapRules;

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
/// # Ok::<(), impartial::sequence::SequenceError>(())
/// ```
pub const MAX_HEAP: u64 = u32::MAX as u64;

/// The largest heap size a bounded run ([`HeapGame::values_streamed`]) may reach: 2⁴⁸ − 1,
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

/// How a [`GrundySequence`] is computed.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::sequence::{Method, SequenceOptions};
///
/// let game: OctalGame = "0.6".parse()?;
/// let options = SequenceOptions::default().with_method(Method::Direct);
/// let direct = game.values_up_to_with(3_000, &options)?;
/// assert_eq!(direct.method(), Method::Direct);
/// assert_eq!(direct.computed_values(), game.values_up_to(3_000)?.computed_values());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Method {
    /// The sparse-space method when the first values show a sparse space, the direct
    /// recurrence otherwise.
    #[default]
    Auto,
    /// The mex of every option's value.
    Direct,
    /// The sparse-space method with the best mask found, however many heaps are rare (games
    /// that never split have nothing to gain and use the direct recurrence).
    SparseSpace,
}

/// Options for [`HeapGame::values_up_to_with`].
///
/// # Examples
///
/// ```
/// use impartial::sequence::{Method, SequenceOptions};
///
/// let options = SequenceOptions::default().with_prove_period(false);
/// assert!(!options.prove_period);
/// assert_eq!(options.method, Method::Auto);
/// assert_eq!(options.progress_every, 1 << 16);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SequenceOptions {
    /// How to compute.
    pub method: Method,
    /// Try the periodicity theorem as values come, and stop once a period is proven.
    pub prove_period: bool,
    /// Call the progress callback every this many values (and once at the end).
    pub progress_every: u64,
    /// Use two threads for games that split heaps: by the direct recurrence they take turns
    /// at the heaps; in a sparse space, once new rare heaps have become rare, one computes
    /// each value as a common heap's and both verify those values (see the
    /// [module docs](self#two-threads)). The values are the same either way, and both
    /// threads read one table of them. On by default where the machine has two or more
    /// cores.
    pub parallel: bool,
}

impl SequenceOptions {
    /// These options with `method`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::{Method, SequenceOptions};
    ///
    /// assert_eq!(SequenceOptions::default().with_method(Method::Direct).method, Method::Direct);
    /// ```
    #[must_use]
    pub fn with_method(mut self, method: Method) -> Self {
        self.method = method;
        self
    }

    /// These options, trying the periodicity theorem or not.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::SequenceOptions;
    ///
    /// let kayles: OctalGame = "0.77".parse()?;
    /// let options = SequenceOptions::default().with_prove_period(false);
    /// let values = kayles.values_up_to_with(1_000, &options)?;
    /// assert_eq!((values.computed_len(), values.period()), (1_001, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_prove_period(mut self, prove_period: bool) -> Self {
        self.prove_period = prove_period;
        self
    }

    /// These options, reporting progress every `values` values (at least 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::SequenceOptions;
    ///
    /// assert_eq!(SequenceOptions::default().with_progress_every(0).progress_every, 1);
    /// ```
    #[must_use]
    pub fn with_progress_every(mut self, values: u64) -> Self {
        self.progress_every = values.max(1);
        self
    }

    /// These options, on two threads or on one.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    /// use impartial::sequence::SequenceOptions;
    ///
    /// let one = SequenceOptions::default().with_parallel(false);
    /// let two = SequenceOptions::default().with_parallel(true);
    /// assert_eq!(
    ///     GrundysGame.values_up_to_with(10_000, &one)?.computed_values(),
    ///     GrundysGame.values_up_to_with(10_000, &two)?.computed_values(),
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_parallel(mut self, parallel: bool) -> Self {
        self.parallel = parallel;
        self
    }
}

impl Default for SequenceOptions {
    fn default() -> Self {
        SequenceOptions {
            method: Method::Auto,
            prove_period: true,
            progress_every: 1 << 16,
            parallel: std::thread::available_parallelism().is_ok_and(|cores| cores.get() >= 2),
        }
    }
}

/// How far a computation has come; passed to the progress callback.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use impartial::octal::GrundysGame;
/// use impartial::sequence::SequenceOptions;
///
/// let options = SequenceOptions::default().with_progress_every(1_000);
/// let mut seen = Vec::new();
/// let values = GrundysGame.values_up_to_with_progress(10_000, &options, |progress| {
///     seen.push(progress.computed);
///     // Stop early: the sequence keeps what was computed.
///     if progress.computed >= 5_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })?;
/// assert_eq!(seen, [1_000, 2_000, 3_000, 4_000, 5_000]);
/// assert_eq!(values.computed_len(), 5_000);
/// # Ok::<(), impartial::sequence::SequenceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Values computed so far: G(0) up to G(computed − 1).
    pub computed: u64,
    /// Values asked for: `n + 1`.
    pub target: u64,
    /// How many rare heaps the sparse space has, once it is in use.
    pub rare_heaps: Option<usize>,
    /// The largest value so far.
    pub largest_value: u32,
}

/// A proven period: `G(n + period) = G(n)` for every `n ≥ preperiod`.
///
/// # Examples
///
/// ```
/// use impartial::SubtractionGame;
///
/// let period = SubtractionGame::new(&[1, 3, 4])?.values_up_to(100)?.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 7));
/// assert_eq!(period.to_string(), "period 7 from n = 0 (proven with G(0..12))");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Period {
    /// The least `n0` from which the values repeat.
    pub preperiod: u64,
    /// The shortest period.
    pub period: u64,
    /// How many values the periodicity theorem needed: G(0) to G(`proof_bound` − 1).
    pub proof_bound: u64,
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "period {} from n = {} (proven with G(0..{}))",
            self.period, self.preperiod, self.proof_bound
        )
    }
}

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
        /// [`values_up_to`](HeapGame::values_up_to).
        n: u64,
        /// [`MAX_HEAP`], or [`MAX_STREAMED_HEAP`] for a bounded run.
        max: u64,
    },
    /// The values would not fit in memory.
    #[error("could not allocate {bytes} bytes for the values")]
    OutOfMemory {
        /// The bytes the values need.
        bytes: u64,
    },
    /// Values given as known ([`HeapGame::values_continued`]) that no heap game has: G(0) is
    /// 0 in every one.
    #[error("known values must start with G(0) = 0, not {found}")]
    NotFromZero {
        /// The first value given.
        found: u32,
    },
    /// A bounded run ([`HeapGame::values_streamed`]) reached the end of its prefix with no
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
    /// A value in a bounded run ([`HeapGame::values_streamed`]) needed a value the run did not
    /// keep — a new rare heap, or a search for the common values deeper than the prefix with
    /// no [`ValueStore`] to read the dropped values back from. No value is guessed: the run
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
    /// A bounded run ([`HeapGame::values_streamed`]) resumed from a state past the heaps it
    /// asks for: those values were handed out by the run that left the state, and a run
    /// cannot take them back. Ask for `max_heap ≥ next_heap − 1`, or read the values the
    /// earlier run handed out.
    #[error(
        "the run's state is at heap {next_heap}, past the heaps asked for (up to {max_heap}): \
         those values were handed out by the run that left it"
    )]
    StatePastEnd {
        /// The first heap the state has not computed: [`StreamState::next_heap`].
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
    /// A [`StreamState`] that no bounded run could have left.
    #[error(
        "the stream state is not one a bounded run leaves: the prefix, the window and where it \
         starts do not fit together"
    )]
    InvalidState,
}

/// Where a bounded run ([`HeapGame::values_streamed`]) stands: the values it keeps, from
/// which a later run goes on as if never stopped.
///
/// A bounded run keeps G(0) to G(`prefix_len` − 1) — the *prefix* — and, past it, a *window*
/// of the most recent values, between one and two window lengths (the prefix length plus the
/// game's reach and a little): about `12 × prefix_len` bytes in all, whatever the number of
/// heaps. [`new`](Self::new) starts a run; [`Streamed::state`] is where one stopped, and its
/// parts ([`prefix`](Self::prefix), [`window_start`](Self::window_start),
/// [`window`](Self::window), [`largest_value`](Self::largest_value)) are what a checkpoint
/// saves and [`from_parts`](Self::from_parts) reads back.
///
/// # Examples
///
/// ```
/// use impartial::sequence::StreamState;
///
/// let state = StreamState::new(1 << 20);
/// assert_eq!((state.prefix_len(), state.next_heap()), (1 << 20, 0));
/// assert!(state.prefix().is_empty() && state.window().is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamState {
    prefix_len: u64,
    prefix: Vec<u32>,
    window_start: u64,
    window: Vec<u32>,
    largest: u32,
    mask_flips: u32,
}

impl StreamState {
    /// A run not yet started, keeping the first `prefix_len` values (at least 1).
    ///
    /// The prefix bounds how deep the search for a common value may go: the longer, the
    /// fewer runs stop with [`SequenceError::BoundExceeded`], at 12 bytes per heap of prefix.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::StreamState;
    ///
    /// assert_eq!(StreamState::new(0).prefix_len(), 1);
    /// ```
    #[must_use]
    pub fn new(prefix_len: u64) -> Self {
        StreamState {
            prefix_len: prefix_len.max(1),
            prefix: Vec::new(),
            window_start: 0,
            window: Vec::new(),
            largest: 0,
            mask_flips: 0,
        }
    }

    /// A state from its parts, as [`prefix_len`](Self::prefix_len),
    /// [`prefix`](Self::prefix), [`window_start`](Self::window_start),
    /// [`window`](Self::window), [`largest_value`](Self::largest_value) and
    /// [`mask_flips`](Self::mask_flips) gave them. Parts that do not fit together are refused
    /// when the run starts ([`SequenceError::InvalidState`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::StreamState;
    ///
    /// let state = StreamState::from_parts(4, vec![0, 1, 2, 0], 4, vec![1, 2], 2, 0);
    /// assert_eq!(state.next_heap(), 6);
    /// assert_eq!(StreamState::from_parts(4, vec![0, 1, 2, 0], 4, vec![1, 2], 2, 0), state);
    /// ```
    #[must_use]
    pub fn from_parts(
        prefix_len: u64,
        prefix: Vec<u32>,
        window_start: u64,
        window: Vec<u32>,
        largest_value: u32,
        mask_flips: u32,
    ) -> Self {
        StreamState {
            prefix_len: prefix_len.max(1),
            prefix,
            window_start,
            window,
            largest: largest_value,
            mask_flips,
        }
    }

    /// How many values from G(0) the run keeps.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::StreamState;
    ///
    /// assert_eq!(StreamState::new(4_096).prefix_len(), 4_096);
    /// ```
    #[must_use]
    pub fn prefix_len(&self) -> u64 {
        self.prefix_len
    }

    /// G(0), G(1), … as kept: the whole prefix once the run is past it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::{SequenceOptions, StreamState};
    ///
    /// let game: OctalGame = "0.167".parse()?;
    /// let run = game.values_streamed(20_000, &SequenceOptions::default(), StreamState::new(4_096), |_| std::ops::ControlFlow::Continue(()), |_, _| {})?;
    /// assert_eq!(run.state.prefix(), game.values_up_to(4_095)?.computed_values().to_vec());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn prefix(&self) -> &[u32] {
        &self.prefix
    }

    /// The heap of the window's first value.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::StreamState;
    ///
    /// assert_eq!(StreamState::from_parts(2, vec![0, 1], 2, vec![2], 2, 0).window_start(), 2);
    /// ```
    #[must_use]
    pub fn window_start(&self) -> u64 {
        self.window_start
    }

    /// The most recent values: G(`window_start`), G(`window_start` + 1), …
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::StreamState;
    ///
    /// assert_eq!(StreamState::from_parts(2, vec![0, 1], 2, vec![2], 2, 0).window(), [2]);
    /// ```
    #[must_use]
    pub fn window(&self) -> &[u32] {
        &self.window
    }

    /// The largest value computed so far, dropped ones included.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::StreamState;
    ///
    /// assert_eq!(StreamState::from_parts(2, vec![0, 1], 2, vec![2], 5, 0).largest_value(), 5);
    /// ```
    #[must_use]
    pub fn largest_value(&self) -> u32 {
        self.largest
    }

    /// The bits of the sparse space's mask the run decided past its prefix, each when a
    /// value first needed it (see [`HeapGame::values_streamed`]): flipped from the mask the
    /// prefix gives, they class every value as the run did. 0 before any.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::{SequenceOptions, StreamState};
    ///
    /// // 0.0345's values first reach 64 at heap 2 407, past this prefix.
    /// let game: OctalGame = "0.0345".parse()?;
    /// let options = SequenceOptions::default();
    /// let run = game.values_streamed(3_000, &options, StreamState::new(1_594), |_| ControlFlow::Continue(()), |_, _| {})?;
    /// assert_eq!(run.state.mask_flips(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mask_flips(&self) -> u32 {
        self.mask_flips
    }

    /// The first heap not computed yet: where a run from this state begins.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::StreamState;
    ///
    /// assert_eq!(StreamState::from_parts(2, vec![0, 1], 2, vec![2], 2, 0).next_heap(), 3);
    /// ```
    #[must_use]
    pub fn next_heap(&self) -> u64 {
        self.window_start.saturating_add(self.window.len() as u64)
    }
}

/// Where a bounded run ([`HeapGame::values_streamed_into`]) hands its values — and, if it
/// keeps them, where the run reads back the few a deep search needs.
///
/// Past its prefix a bounded run keeps only the prefix and a window of recent values. Now
/// and then (in 0.167, once in some hundred million heaps) a heap's search for its common
/// value finds no split with a value it needs among the prefix's small heaps and must go
/// deeper, into values the run has dropped. A store that can give them back —
/// [`read`](Self::read) — lets the run go on; one that cannot stops it with
/// [`SequenceError::BoundExceeded`]. Either way no value is guessed.
///
/// # Examples
///
/// A store that keeps every value in memory, which bounds nothing but shows the calls; the
/// `impartial` command line keeps them in a file.
///
/// ```
/// use std::ops::ControlFlow;
/// use impartial::octal::OctalGame;
/// use impartial::sequence::{SequenceOptions, StreamState, ValueStore};
///
/// struct Everything(Vec<u32>);
///
/// impl ValueStore for Everything {
///     fn store(&mut self, first: u64, values: &[u32]) {
///         assert_eq!(first, self.0.len() as u64);
///         self.0.extend_from_slice(values);
///     }
///
///     fn read(&mut self, first: u64, values: &mut [u32]) -> bool {
///         let first = first as usize;
///         values.copy_from_slice(&self.0[first..first + values.len()]);
///         true
///     }
/// }
///
/// let game: OctalGame = "0.167".parse()?;
/// let mut store = Everything(Vec::new());
/// let run = game.values_streamed_into(50_000, &SequenceOptions::default(), StreamState::new(1_400), |_| ControlFlow::Continue(()), &mut store)?;
/// assert_eq!(run.computed, 50_001);
/// assert_eq!(store.0, game.values_up_to(50_000)?.computed_values());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ValueStore {
    /// Takes G(`first`), G(`first` + 1), …: called in order of heaps, each heap once.
    fn store(&mut self, first: u64, values: &[u32]);

    /// Fills `values` with G(`first`), G(`first` + 1), … as stored, and returns true; false
    /// if they were not kept or cannot be read, and the run stops with
    /// [`SequenceError::BoundExceeded`]. Asked only for heaps already stored. By default,
    /// false.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::ValueStore;
    ///
    /// struct Counter(u64);
    /// impl ValueStore for Counter {
    ///     fn store(&mut self, _: u64, values: &[u32]) {
    ///         self.0 += values.len() as u64;
    ///     }
    /// }
    /// assert!(!Counter(0).read(0, &mut [0; 4]));
    /// ```
    fn read(&mut self, first: u64, values: &mut [u32]) -> bool {
        let _ = (first, values);
        false
    }
}

/// A closure as a store that keeps nothing: the sink of [`HeapGame::values_streamed`].
struct Sink<F>(F);

impl<F: FnMut(u64, &[u32])> ValueStore for Sink<F> {
    fn store(&mut self, first: u64, values: &[u32]) {
        (self.0)(first, values);
    }
}

/// How a bounded run ([`HeapGame::values_streamed`]) ended.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use impartial::octal::OctalGame;
/// use impartial::sequence::{Method, SequenceOptions, StreamState};
///
/// let game: OctalGame = "0.167".parse()?;
/// let run = game.values_streamed(20_000, &SequenceOptions::default(), StreamState::new(4_096), |_| ControlFlow::Continue(()), |_, _| {})?;
/// assert_eq!((run.computed, run.method, run.period), (20_001, Method::SparseSpace, None));
/// let full = game.values_up_to(20_000)?;
/// assert_eq!(run.rare_heaps.as_deref(), full.rare_heap_list());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Streamed {
    /// Values computed: G(0) to G(`computed` − 1).
    pub computed: u64,
    /// The proven period, if one was proven within the prefix (past it, periods are not
    /// looked for: the periodicity theorem reads values the run has dropped).
    pub period: Option<Period>,
    /// How the last values were computed.
    pub method: Method,
    /// The rare heaps of the sparse space, ascending, if one was in use.
    pub rare_heaps: Option<Vec<u64>>,
    /// What the run kept: pass it to [`HeapGame::values_streamed`] to go on.
    pub state: StreamState,
}

/// The nim-values G(0), G(1), … of a heap game, with a proven period if one was found.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::Nimber;
///
/// let dawsons_kayles: OctalGame = "0.07".parse()?;
/// let values = dawsons_kayles.values_up_to(200)?;
/// let first: Vec<u32> = values.computed_values().iter().take(8).collect();
/// assert_eq!(first, [0, 0, 1, 1, 2, 0, 3, 1]);
/// assert_eq!(values.get(3), Some(Nimber(1)));
/// assert_eq!(values.period().map(|p| (p.preperiod, p.period)), Some((53, 34)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "SequenceParts")
)]
pub struct GrundySequence {
    values: Values,
    period: Option<Period>,
    max_heap: u64,
    method: Method,
    sparse_mask: Option<u32>,
    /// The rare heaps of the sparse space, ascending.
    rare_heaps: Option<Vec<u64>>,
}

/// A [`GrundySequence`] as read, before its parts are checked to fit together.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SequenceParts {
    values: Values,
    period: Option<Period>,
    max_heap: u64,
    method: Method,
    sparse_mask: Option<u32>,
    rare_heaps: Option<Vec<u64>>,
}

#[cfg(feature = "serde")]
impl TryFrom<SequenceParts> for GrundySequence {
    type Error = String;

    /// The sequence, if its parts are ones the engine could have given: see
    /// [`SequenceParts::check`].
    fn try_from(parts: SequenceParts) -> Result<Self, String> {
        parts.check()?;
        Ok(GrundySequence {
            values: parts.values,
            period: parts.period,
            max_heap: parts.max_heap,
            method: parts.method,
            sparse_mask: parts.sparse_mask,
            rare_heaps: parts.rare_heaps,
        })
    }
}

#[cfg(feature = "serde")]
impl SequenceParts {
    /// Whether the parts fit together as the engine leaves them — checked in full, since
    /// [`get`](GrundySequence::get) answers every heap from a period: G(0) = 0 and at most
    /// `max_heap + 1 ≤ 2³²` values; a period that the values repeat from its preperiod on,
    /// whose preperiod is the least for it, and whose proof bound lies between its first full
    /// cycle and the values computed; the mask and the rare heaps exactly when the sparse
    /// space was the method, the rare heaps being the heaps of one class under the mask.
    ///
    /// Whether the values are those of a given game no sequence can say by itself: compare
    /// with [`HeapGame::values_up_to`], or keep a checksum beside the file.
    fn check(&self) -> Result<(), String> {
        let values = &self.values;
        let computed = values.len() as u64;
        if computed == 0 || computed > self.max_heap.saturating_add(1) || self.max_heap > MAX_HEAP {
            return Err(format!(
                "{computed} values do not fit a sequence up to heap {} (at most {MAX_HEAP})",
                self.max_heap
            ));
        }
        if let Some(found) = values.get(0).filter(|&found| found != 0) {
            return Err(format!("G(0) is 0 in every heap game, not {found}"));
        }
        if let Some(period) = self.period {
            check_period(values, period)?;
        }
        match (self.method, self.sparse_mask, &self.rare_heaps) {
            (Method::Direct, None, None) => Ok(()),
            (Method::SparseSpace, Some(mask), Some(rare)) => check_rare_heaps(values, mask, rare),
            (method, mask, rare) => Err(format!(
                "a sequence computed by {method:?} with {} mask and {} rare heaps",
                if mask.is_some() { "a" } else { "no" },
                if rare.is_some() { "a list of" } else { "no" },
            )),
        }
    }
}

/// Whether `values` repeat with `period` from its preperiod on, the preperiod the least for
/// it, and its proof bound between the first full cycle and the values computed.
#[cfg(feature = "serde")]
fn check_period(values: &Values, period: Period) -> Result<(), String> {
    let computed = values.len() as u64;
    let first_cycle = period.preperiod.checked_add(period.period);
    if period.period == 0
        || first_cycle.is_none_or(|end| end > period.proof_bound)
        || period.proof_bound > computed
    {
        return Err(format!("{period} does not fit {computed} computed values"));
    }
    // Within the values: indices below `computed`, which is a `usize`.
    let (preperiod, length) = (period.preperiod as usize, period.period as usize);
    if let Some(heap) = (preperiod + length..values.len())
        .find(|&heap| values.get(heap) != values.get(heap - length))
    {
        return Err(format!(
            "{period}, but G({heap}) differs from G({})",
            heap - length
        ));
    }
    if preperiod > 0 && values.get(preperiod - 1) == values.get(preperiod - 1 + length) {
        return Err(format!(
            "{period}, but the values repeat from n = {} already",
            preperiod - 1
        ));
    }
    Ok(())
}

/// Whether `rare` lists exactly the heaps after 0 of one class under `mask`: the parity of
/// `G(heap) & mask`, flipped on odd heaps in a domain space.
#[cfg(feature = "serde")]
fn check_rare_heaps(values: &Values, mask: u32, rare: &[u64]) -> Result<(), String> {
    let computed = values.len() as u64;
    if rare.windows(2).any(|pair| pair[0] >= pair[1])
        || rare.first() == Some(&0)
        || rare.last().is_some_and(|&last| last >= computed)
    {
        return Err(format!(
            "the rare heaps are not ascending heaps from 1 to {}",
            computed - 1
        ));
    }
    let class = |heap: usize, value: u32, domain: bool| {
        (value & mask).count_ones() & 1 ^ u32::from(domain) & heap as u32 & 1
    };
    let of_one_class = [false, true].into_iter().any(|domain| {
        let rare_class = match rare.first() {
            Some(&heap) => class(
                heap as usize,
                values.get(heap as usize).unwrap_or(0),
                domain,
            ),
            // No rare heap: every heap after 0 is of one class, the common one.
            None => 1 ^ values.get(1).map_or(0, |value| class(1, value, domain)),
        };
        let mut listed = rare.iter().peekable();
        values.iter().enumerate().skip(1).all(|(heap, value)| {
            let is_rare = class(heap, value, domain) == rare_class;
            let is_listed = listed.next_if(|&&next| next == heap as u64).is_some();
            is_rare == is_listed
        })
    });
    if of_one_class {
        Ok(())
    } else {
        Err(format!(
            "the {} rare heaps are not the heaps of one class under the mask {mask:#x}",
            rare.len()
        ))
    }
}

impl GrundySequence {
    /// G(n): from the computed values, or from the period for any `n` once one is proven;
    /// `None` beyond the computed values otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    /// use impartial::Nimber;
    ///
    /// let values = GrundysGame.values_up_to(20)?;
    /// assert_eq!(values.get(13), Some(Nimber(3)));
    /// assert_eq!(values.get(21), None); // not computed, and no period is known
    /// # Ok::<(), impartial::sequence::SequenceError>(())
    /// ```
    #[must_use]
    pub fn get(&self, n: u64) -> Option<Nimber> {
        let index = match usize::try_from(n) {
            Ok(index) if index < self.values.len() => index,
            _ => {
                let period = self.period?;
                let offset = (n - period.preperiod) % period.period;
                usize::try_from(period.preperiod + offset).ok()?
            }
        };
        self.values
            .get(index)
            .map(|value| Nimber(u128::from(value)))
    }

    /// The values computed, G(0) first, each in the narrowest width that holds them all.
    /// Shorter than asked when a period was proven early (then [`get`](Self::get) answers
    /// every heap) or the progress callback stopped the run.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let kayles: OctalGame = "0.77".parse()?;
    /// let values = kayles.values_up_to(10)?;
    /// assert_eq!(values.computed_values(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
    /// assert_eq!(values.computed_values().width(), 1); // a byte each
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn computed_values(&self) -> &Values {
        &self.values
    }

    /// The values computed, moved out: for [`HeapGame::values_continued`], or to keep
    /// without the rest.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// let values = GrundysGame.values_up_to(6)?.into_values();
    /// assert_eq!(values, [0, 0, 0, 1, 0, 2, 1]);
    /// # Ok::<(), impartial::sequence::SequenceError>(())
    /// ```
    #[must_use]
    pub fn into_values(self) -> Values {
        self.values
    }

    /// How many values were computed (`computed_values().len()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let kayles: OctalGame = "0.77".parse()?;
    /// let values = kayles.values_up_to(1_000_000)?;
    /// assert!(values.computed_len() < 200); // the period was proven at 168
    /// assert!(values.covers(1_000_000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn computed_len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether [`get`](Self::get) answers for every heap up to `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// let values = GrundysGame.values_up_to(100)?;
    /// assert!(values.covers(100) && !values.covers(101));
    /// # Ok::<(), impartial::sequence::SequenceError>(())
    /// ```
    #[must_use]
    pub fn covers(&self, n: u64) -> bool {
        self.period.is_some() || n < self.computed_len()
    }

    /// The heap size asked for.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// assert_eq!(GrundysGame.values_up_to(100)?.max_heap(), 100);
    /// # Ok::<(), impartial::sequence::SequenceError>(())
    /// ```
    #[must_use]
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// The proven period, if the periodicity theorem gave one.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let dawsons_chess: OctalGame = "0.137".parse()?;
    /// let period = dawsons_chess.values_up_to(500)?.period().unwrap();
    /// assert_eq!((period.preperiod, period.period), (52, 34));
    /// // 0.6 is not known to be periodic; nothing is proven this early.
    /// let six: OctalGame = "0.6".parse()?;
    /// assert_eq!(six.values_up_to(500)?.period(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The method that computed the bulk of the values.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::Method;
    ///
    /// let six: OctalGame = "0.6".parse()?;
    /// assert_eq!(six.values_up_to(100)?.method(), Method::Direct); // too few values to sample
    /// assert_eq!(six.values_up_to(10_000)?.method(), Method::SparseSpace);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn method(&self) -> Method {
        self.method
    }

    /// The sparse space's mask, when that method was used.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// // Grundy's game: the rare values have an even number of ones above the lowest bit.
    /// let mask = GrundysGame.values_up_to(20_000)?.sparse_mask().unwrap();
    /// assert_eq!(mask & 0xff, 0b1111_1110);
    /// # Ok::<(), impartial::sequence::SequenceError>(())
    /// ```
    #[must_use]
    pub fn sparse_mask(&self) -> Option<u32> {
        self.sparse_mask
    }

    /// How many heaps were rare in the sparse space, when that method was used.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// // 0.6: 1 583 of the first 10⁵ heap sizes are rare, none above 2¹⁵.
    /// let six: OctalGame = "0.6".parse()?;
    /// let rare = six.values_up_to(100_000)?.rare_heaps().unwrap();
    /// assert!(rare < 2_000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rare_heaps(&self) -> Option<usize> {
        self.rare_heaps.as_ref().map(Vec::len)
    }

    /// The heaps that were rare in the sparse space, ascending, when that method was used:
    /// the heaps whose values the sparse space could not foresee, which the other heaps'
    /// values are computed from.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let six: OctalGame = "0.6".parse()?;
    /// let values = six.values_up_to(100_000)?;
    /// let rare = values.rare_heap_list().unwrap();
    /// assert_eq!(rare.len(), values.rare_heaps().unwrap());
    /// assert!(rare.iter().all(|&heap| heap < 1 << 15));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rare_heap_list(&self) -> Option<&[u64]> {
        self.rare_heaps.as_deref()
    }

    /// The XOR of the values of `heaps`, if every heap is covered.
    fn position_value(&self, heaps: &[u64]) -> Option<Nimber> {
        heaps
            .iter()
            .try_fold(Nimber::ZERO, |sum, &heap| Some(sum ^ self.get(heap)?))
    }
}

/// A take-and-break game played on [`Heaps`]: the nim-value sequence of its heaps, computed by
/// the engine of this module from its [`HeapRules`].
///
/// Implemented by [`OctalGame`](crate::octal::OctalGame),
/// [`HexadecimalGame`](crate::octal::HexadecimalGame),
/// [`GrundysGame`](crate::octal::GrundysGame), [`SubtractionGame`](crate::SubtractionGame)
/// and [`TakeAndBreak`](crate::take_and_break::TakeAndBreak) — the last is any game given
/// by its rules. A ruleset of your own implements it by returning its rules; its
/// [`moves`](ImpartialGame::moves) can be [`HeapRules::moves`].
///
/// The concrete rulesets have these methods without the trait in scope, too.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::Solver;
///
/// // Dawson's chess, 0.137, on heaps of 5, 7 and 9: the XOR of the heaps' values.
/// let game: OctalGame = "0.137".parse()?;
/// let values = game.values_up_to(9)?;
/// let expected = values.get(5).unwrap() ^ values.get(7).unwrap() ^ values.get(9).unwrap();
/// assert_eq!(Solver::new(game).grundy([5, 7, 9]), expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait HeapGame: ImpartialGame<Position = Heaps> {
    /// The rules the engine computes from.
    fn rules(&self) -> &HeapRules;

    /// G(0), …, G(`max_heap`) — both ends included — with [`SequenceOptions::default`].
    ///
    /// # Errors
    ///
    /// [`SequenceError::TooLarge`] above [`MAX_HEAP`], [`SequenceError::OutOfMemory`] when
    /// the values do not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::SubtractionGame;
    ///
    /// let values = SubtractionGame::new(&[1, 2])?.values_up_to(6)?;
    /// assert_eq!(values.computed_values(), [0, 1, 2, 0, 1, 2, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn values_up_to(&self, max_heap: u64) -> Result<GrundySequence, SequenceError> {
        self.values_up_to_with(max_heap, &SequenceOptions::default())
    }

    /// G(0), …, G(`max_heap`) with `options`.
    ///
    /// # Errors
    ///
    /// As [`values_up_to`](Self::values_up_to).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::{Method, SequenceOptions};
    ///
    /// let options = SequenceOptions::default().with_method(Method::Direct);
    /// let values = OctalGame::kayles().values_up_to_with(10, &options)?;
    /// assert_eq!(values.method(), Method::Direct);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn values_up_to_with(
        &self,
        max_heap: u64,
        options: &SequenceOptions,
    ) -> Result<GrundySequence, SequenceError> {
        run::compute(self.rules(), max_heap, options, &mut |_| {
            ControlFlow::Continue(())
        })
    }

    /// G(0), …, G(`max_heap`) with `options`, calling `progress` every
    /// [`progress_every`](SequenceOptions::progress_every) values; returning
    /// [`ControlFlow::Break`] from it stops the run with the values computed so far.
    ///
    /// # Errors
    ///
    /// As [`values_up_to`](Self::values_up_to).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::SequenceOptions;
    ///
    /// let game: OctalGame = "0.16".parse()?;
    /// let mut reports = 0;
    /// let values = game.values_up_to_with_progress(100_000, &SequenceOptions::default(), |_| {
    ///     reports += 1;
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(values.computed_len(), 100_001);
    /// assert_eq!(reports, 2); // at 65 536 and at the end
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn values_up_to_with_progress(
        &self,
        max_heap: u64,
        options: &SequenceOptions,
        mut progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<GrundySequence, SequenceError> {
        run::compute(self.rules(), max_heap, options, &mut progress)
    }

    /// Continues `known` — G(0), G(1), … of this game from an earlier run, stopped by its
    /// progress callback or read back from a checkpoint, as [`Values`] or a `Vec<u32>` — up
    /// to `max_heap`, with `options` and `progress` as
    /// [`values_up_to_with_progress`](Self::values_up_to_with_progress).
    ///
    /// The known values are taken as they are: the run replays them into its state (the
    /// sparse space, the period checks) at a small constant cost per value, computes only
    /// the heaps after them, and ends as a run that computed every value would — the same
    /// values, period and method. Progress is reported for the new values only. Known values
    /// of another game give a sequence that means nothing; a checkpoint should record the game
    /// and a checksum (the `impartial` command line does).
    ///
    /// # Errors
    ///
    /// As [`values_up_to`](Self::values_up_to), and [`SequenceError::NotFromZero`] if the
    /// known values do not start with 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::SequenceOptions;
    ///
    /// let game: OctalGame = "0.6".parse()?;
    /// let options = SequenceOptions::default().with_progress_every(3_000);
    /// // Stopped at the first report, as a long run killed after a checkpoint would be …
    /// let first = game.values_up_to_with_progress(10_000, &options, |_| ControlFlow::Break(()))?;
    /// assert_eq!(first.computed_len(), 3_000);
    /// // … and continued from its values.
    /// let rest = game.values_continued(first.into_values(), 10_000, &options, |_| ControlFlow::Continue(()))?;
    /// assert_eq!(rest, game.values_up_to_with(10_000, &options)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn values_continued(
        &self,
        known: impl Into<Values>,
        max_heap: u64,
        options: &SequenceOptions,
        mut progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<GrundySequence, SequenceError> {
        let known = known.into();
        if let Some(found) = known.get(0)
            && found != 0
        {
            return Err(SequenceError::NotFromZero { found });
        }
        run::compute_from(self.rules(), max_heap, options, known, &mut progress)
    }

    /// G(0), …, G(`max_heap`) in bounded memory, handed to `sink` in order — `sink(first,
    /// values)` gets G(`first`), G(`first` + 1), … — as they are computed, for runs too long
    /// to hold every value.
    ///
    /// The first [`prefix_len`](StreamState::prefix_len) values are computed as by
    /// [`values_up_to_with_progress`](Self::values_up_to_with_progress) (on two threads if
    /// the options say so, proving a period if there is one). Past them the run goes on on
    /// one thread in the sparse space, keeping only the prefix and a window of recent
    /// values: the splits with rare heaps (all in the prefix) and the search for the common
    /// values, which reads the prefix's small heaps against the window's large ones, need
    /// nothing else. A heap that needs more — a new rare heap, a search past the prefix — is
    /// never given a guessed value: the run stops with [`SequenceError::BoundExceeded`], and
    /// every value handed out before is exact. (A deep search can read the dropped values
    /// back from a store that keeps them: [`values_streamed_into`](Self::values_streamed_into).)
    ///
    /// `progress` is called as in [`values_up_to_with_progress`](Self::values_up_to_with_progress),
    /// after `sink` has every value up to the report; [`ControlFlow::Break`] stops the run,
    /// and [`Streamed::state`] resumes it: passed back as `state`, the run goes on with the
    /// next heap and hands out only the values after it, exactly as if never stopped —
    /// whatever the options of either run. A resumed run reports only heaps past its state,
    /// and a period it proves among the values handed out before ends it where it resumed.
    ///
    /// `max_heap` may go to [`MAX_STREAMED_HEAP`] (2⁴⁸ − 1): only the prefix is held whole.
    ///
    /// # Errors
    ///
    /// [`SequenceError::TooLarge`] past [`MAX_STREAMED_HEAP`] (or a prefix past [`MAX_HEAP`]);
    /// [`SequenceError::OutOfMemory`] if the prefix and the window cannot be had;
    /// [`SequenceError::NotFromZero`] for a state whose values do not start with G(0) = 0;
    /// [`SequenceError::Unbounded`] if the game, past the prefix, splits heaps with no
    /// sparse space in use; [`SequenceError::BoundExceeded`] as above;
    /// [`SequenceError::InvalidState`] for a state no run could have left;
    /// [`SequenceError::StatePastEnd`] for a state past `max_heap` (its run handed out those
    /// values already).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::{SequenceOptions, StreamState};
    ///
    /// let game: OctalGame = "0.167".parse()?;
    /// let options = SequenceOptions::default().with_progress_every(10_000);
    /// let mut streamed = Vec::new();
    /// // Stopped at the first report past the prefix …
    /// let first = game.values_streamed(30_000, &options, StreamState::new(4_096), |report| {
    ///     if report.computed >= 20_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// }, |first, values| {
    ///     assert_eq!(first, streamed.len() as u64);
    ///     streamed.extend_from_slice(values);
    /// })?;
    /// assert_eq!(first.computed, 20_000);
    /// // … and resumed from what it kept, far less than the values it handed out.
    /// assert!(first.state.window().len() < 20_000);
    /// let rest = game.values_streamed(30_000, &options, first.state, |_| ControlFlow::Continue(()), |first, values| {
    ///     assert_eq!(first, streamed.len() as u64);
    ///     streamed.extend_from_slice(values);
    /// })?;
    /// assert_eq!(rest.computed, 30_001);
    /// assert_eq!(streamed, game.values_up_to(30_000)?.computed_values());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn values_streamed(
        &self,
        max_heap: u64,
        options: &SequenceOptions,
        state: StreamState,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
        sink: impl FnMut(u64, &[u32]),
    ) -> Result<Streamed, SequenceError> {
        self.values_streamed_into(max_heap, options, state, progress, &mut Sink(sink))
    }

    /// As [`values_streamed`](Self::values_streamed), handing the values to `store` — which,
    /// if it keeps them, lets a heap whose search goes deeper than the prefix read the values
    /// it needs back instead of stopping the run (see [`ValueStore`]).
    ///
    /// # Errors
    ///
    /// As [`values_streamed`](Self::values_streamed); [`SequenceError::BoundExceeded`] only
    /// for a new rare heap past the prefix, or a value the store could not give back.
    ///
    /// # Examples
    ///
    /// See [`ValueStore`].
    fn values_streamed_into(
        &self,
        max_heap: u64,
        options: &SequenceOptions,
        state: StreamState,
        mut progress: impl FnMut(&Progress) -> ControlFlow<()>,
        store: &mut impl ValueStore,
    ) -> Result<Streamed, SequenceError> {
        bounded::compute_streamed(
            self.rules(),
            max_heap,
            options,
            run::Tuning::default(),
            state,
            &mut progress,
            store,
        )
    }
}

/// The methods of [`HeapGame`] as inherent methods of a ruleset, so that calling them needs
/// no trait in scope.
macro_rules! heap_game_methods {
    ($game:ty) => {
        impl $game {
            /// G(0), …, G(`max_heap`): see [`HeapGame::values_up_to`].
            ///
            /// # Errors
            ///
            /// As [`HeapGame::values_up_to`].
            pub fn values_up_to(
                &self,
                max_heap: u64,
            ) -> Result<$crate::sequence::GrundySequence, $crate::sequence::SequenceError> {
                $crate::sequence::HeapGame::values_up_to(self, max_heap)
            }

            /// G(0), …, G(`max_heap`) with options: see [`HeapGame::values_up_to_with`].
            ///
            /// # Errors
            ///
            /// As [`HeapGame::values_up_to`].
            pub fn values_up_to_with(
                &self,
                max_heap: u64,
                options: &$crate::sequence::SequenceOptions,
            ) -> Result<$crate::sequence::GrundySequence, $crate::sequence::SequenceError> {
                $crate::sequence::HeapGame::values_up_to_with(self, max_heap, options)
            }

            /// G(0), …, G(`max_heap`) with options and progress reports: see
            /// [`HeapGame::values_up_to_with_progress`].
            ///
            /// # Errors
            ///
            /// As [`HeapGame::values_up_to`].
            pub fn values_up_to_with_progress(
                &self,
                max_heap: u64,
                options: &$crate::sequence::SequenceOptions,
                progress: impl FnMut(&$crate::sequence::Progress) -> std::ops::ControlFlow<()>,
            ) -> Result<$crate::sequence::GrundySequence, $crate::sequence::SequenceError> {
                $crate::sequence::HeapGame::values_up_to_with_progress(
                    self, max_heap, options, progress,
                )
            }

            /// Continues the known values G(0), G(1), … up to `max_heap`: see
            /// [`HeapGame::values_continued`].
            ///
            /// # Errors
            ///
            /// As [`HeapGame::values_continued`].
            pub fn values_continued(
                &self,
                known: impl Into<$crate::sequence::Values>,
                max_heap: u64,
                options: &$crate::sequence::SequenceOptions,
                progress: impl FnMut(&$crate::sequence::Progress) -> std::ops::ControlFlow<()>,
            ) -> Result<$crate::sequence::GrundySequence, $crate::sequence::SequenceError> {
                $crate::sequence::HeapGame::values_continued(
                    self, known, max_heap, options, progress,
                )
            }

            /// G(0), …, G(`max_heap`) in bounded memory, handed to `sink` as they come: see
            /// [`HeapGame::values_streamed`].
            ///
            /// # Errors
            ///
            /// As [`HeapGame::values_streamed`].
            pub fn values_streamed(
                &self,
                max_heap: u64,
                options: &$crate::sequence::SequenceOptions,
                state: $crate::sequence::StreamState,
                progress: impl FnMut(&$crate::sequence::Progress) -> std::ops::ControlFlow<()>,
                sink: impl FnMut(u64, &[u32]),
            ) -> Result<$crate::sequence::Streamed, $crate::sequence::SequenceError> {
                $crate::sequence::HeapGame::values_streamed(
                    self, max_heap, options, state, progress, sink,
                )
            }

            /// As [`values_streamed`](Self::values_streamed), into a store that may give
            /// values back: see [`HeapGame::values_streamed_into`].
            ///
            /// # Errors
            ///
            /// As [`HeapGame::values_streamed_into`].
            pub fn values_streamed_into(
                &self,
                max_heap: u64,
                options: &$crate::sequence::SequenceOptions,
                state: $crate::sequence::StreamState,
                progress: impl FnMut(&$crate::sequence::Progress) -> std::ops::ControlFlow<()>,
                store: &mut impl $crate::sequence::ValueStore,
            ) -> Result<$crate::sequence::Streamed, $crate::sequence::SequenceError> {
                $crate::sequence::HeapGame::values_streamed_into(
                    self, max_heap, options, state, progress, store,
                )
            }
        }
    };
}
pub(crate) use heap_game_methods;

/// A heap game together with its nim-value sequence: the solver answers every position
/// whose heaps the sequence covers at once, through
/// [`ImpartialGame::known_grundy`], and searches only the rest.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::sequence::Tabulated;
/// use impartial::{Outcome, Solver};
///
/// let kayles: OctalGame = "0.77".parse()?;
/// let mut solver = Solver::new(Tabulated::new(kayles, 1_000)?);
/// // Heaps of a billion pins: the proven period answers.
/// assert_eq!(solver.outcome([1_000_000_000, 1_000_000_000]), Outcome::P);
/// assert_eq!(solver.stats().states, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tabulated<G> {
    game: G,
    values: Arc<GrundySequence>,
}

impl<G: HeapGame> Tabulated<G> {
    /// `game` with its values up to heap `n` (all heaps, once a period is proven).
    ///
    /// # Errors
    ///
    /// As [`HeapGame::values_up_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    /// use impartial::sequence::Tabulated;
    ///
    /// let game = Tabulated::new(GrundysGame, 100)?;
    /// assert_eq!(game.sequence().computed_len(), 101);
    /// # Ok::<(), impartial::sequence::SequenceError>(())
    /// ```
    pub fn new(game: G, n: u64) -> Result<Self, SequenceError> {
        let values = Arc::new(game.values_up_to(n)?);
        Ok(Tabulated { game, values })
    }

    /// The nim-value sequence the solver is given.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::Tabulated;
    ///
    /// let game = Tabulated::new("0.07".parse::<OctalGame>()?, 10)?;
    /// assert!(game.sequence().computed_values().iter().take(4).eq([0, 0, 1, 1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn sequence(&self) -> &GrundySequence {
        &self.values
    }

    /// The game.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    /// use impartial::sequence::Tabulated;
    ///
    /// assert_eq!(*Tabulated::new(GrundysGame, 10)?.game(), GrundysGame);
    /// # Ok::<(), impartial::sequence::SequenceError>(())
    /// ```
    #[must_use]
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: HeapGame> ImpartialGame for Tabulated<G> {
    type Position = Heaps;

    fn moves(&self, position: &Heaps) -> impl Iterator<Item = Heaps> {
        self.game.moves(position)
    }

    fn known_grundy(&self, position: &Heaps) -> Option<Nimber> {
        self.values.position_value(position)
    }

    fn allocated_bytes(&self, position: &Heaps) -> usize {
        self.game.allocated_bytes(position)
    }
}
