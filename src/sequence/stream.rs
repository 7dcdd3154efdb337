//! Runs in bounded memory, as the library hands them out: where a run stands
//! ([`StreamState`]), where its values go ([`ValueStore`]) and how it ended ([`Streamed`]).

use super::options::Method;
use super::period::Period;

/// Where a bounded run ([`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed)) stands: the values it keeps, from
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
    pub(super) prefix_len: u64,
    pub(super) prefix: Vec<u32>,
    pub(super) window_start: u64,
    pub(super) window: Vec<u32>,
    pub(super) largest: u32,
    pub(super) mask_flips: u32,
}

impl StreamState {
    /// A run not yet started, keeping the first `prefix_len` values (at least 1).
    ///
    /// The prefix bounds how deep the search for a common value may go: the longer, the
    /// fewer runs stop with [`SequenceError::BoundExceeded`](crate::sequence::SequenceError::BoundExceeded), at 12 bytes per heap of prefix.
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
    /// when the run starts ([`SequenceError::InvalidState`](crate::sequence::SequenceError::InvalidState)).
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
    /// value first needed it (see [`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed)): flipped from the mask the
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

/// Where a bounded run ([`HeapGame::values_streamed_into`](crate::sequence::HeapGame::values_streamed_into)) hands its values — and, if it
/// keeps them, where the run reads back the few a deep search needs.
///
/// Past its prefix a bounded run keeps only the prefix and a window of recent values. Now
/// and then (in 0.167, once in some hundred million heaps) a heap's search for its common
/// value finds no split with a value it needs among the prefix's small heaps and must go
/// deeper, into values the run has dropped. A store that can give them back —
/// [`read`](Self::read) — lets the run go on; one that cannot stops it with
/// [`SequenceError::BoundExceeded`](crate::sequence::SequenceError::BoundExceeded). Either way no value is guessed.
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
    /// [`SequenceError::BoundExceeded`](crate::sequence::SequenceError::BoundExceeded). Asked only for heaps already stored. By default,
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

/// A closure as a store that keeps nothing: the sink of [`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed).
pub(super) struct Sink<F>(pub(super) F);

impl<F: FnMut(u64, &[u32])> ValueStore for Sink<F> {
    fn store(&mut self, first: u64, values: &[u32]) {
        (self.0)(first, values);
    }
}

/// How a bounded run ([`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed)) ended.
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
/// assert_eq!(run.rare_heaps.as_deref(), full.rare_heaps());
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
    /// What the run kept: pass it to [`HeapGame::values_streamed`](crate::sequence::HeapGame::values_streamed) to go on.
    pub state: StreamState,
}
