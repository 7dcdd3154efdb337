//! How a sequence is computed ([`Method`], [`SequenceOptions`]) and how far a run has come
//! ([`Progress`]).

/// How a [`GrundySequence`](crate::sequence::GrundySequence) is computed.
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
    /// that never split have nothing to gain and use the direct recurrence). Without the
    /// feature `research`, the direct recurrence.
    SparseSpace,
}

/// Options for [`HeapGame::values_up_to_with`](crate::sequence::HeapGame::values_up_to_with).
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
    /// Try the periodicity theorem — and, for the codes it covers, the test for arithmetic
    /// periods — as values come, and stop once a period or an arithmetic period is proven.
    pub prove_period: bool,
    /// Call the progress callback every this many values (and once at the end).
    pub progress_every: u64,
    /// How many threads compute games that split heaps (at least 1, at most
    /// [`MAX_THREADS`]): in a sparse space, once new rare heaps have become rare, one
    /// computes each value as a common heap's and all of them verify those values; by the
    /// direct recurrence up to one per core take turns at the heaps (see the
    /// [module docs](crate::sequence#threads)). The values are the same whatever the number,
    /// and every thread reads one table of them. By default 2 where the machine has two or
    /// more cores, else 1; [`with_threads`](Self::with_threads) sets it.
    #[cfg(feature = "research")]
    #[cfg_attr(docsrs, doc(cfg(feature = "research")))]
    pub threads: usize,
}

/// The most threads a sequence is computed on ([`SequenceOptions::with_threads`]).
///
/// # Examples
///
/// ```
/// use impartial::sequence::{MAX_THREADS, SequenceOptions};
///
/// let options = SequenceOptions::default().with_threads(MAX_THREADS + 1);
/// assert_eq!(options.threads, MAX_THREADS);
/// ```
#[cfg(feature = "research")]
#[cfg_attr(docsrs, doc(cfg(feature = "research")))]
pub const MAX_THREADS: usize = 64;

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

    /// These options, trying the periodicity theorem and the test for arithmetic periods, or
    /// not.
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

    /// These options, on two threads or on one: `with_threads(2)` or `with_threads(1)`.
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
    #[cfg(feature = "research")]
    #[cfg_attr(docsrs, doc(cfg(feature = "research")))]
    #[must_use]
    pub fn with_parallel(self, parallel: bool) -> Self {
        self.with_threads(if parallel { 2 } else { 1 })
    }

    /// These options, on `threads` threads: 0 for as many as the machine has cores, and at
    /// most [`MAX_THREADS`]. The values are the same whatever the number; see the
    /// [module docs](crate::sequence#threads) for what more than two do.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::{MAX_THREADS, SequenceOptions};
    ///
    /// // 0.16's values are mostly common past its rare heaps: threads verify them together.
    /// let game: OctalGame = "0.16".parse()?;
    /// let one = game.values_up_to_with(20_000, &SequenceOptions::default().with_threads(1))?;
    /// let four = game.values_up_to_with(20_000, &SequenceOptions::default().with_threads(4))?;
    /// assert_eq!(one.computed_values(), four.computed_values());
    /// assert_eq!(SequenceOptions::default().with_threads(1_000).threads, MAX_THREADS);
    /// assert!(SequenceOptions::default().with_threads(0).threads >= 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "research")]
    #[cfg_attr(docsrs, doc(cfg(feature = "research")))]
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            threads => threads,
        };
        self.threads = threads.min(MAX_THREADS);
        self
    }
}

impl Default for SequenceOptions {
    fn default() -> Self {
        SequenceOptions {
            method: Method::Auto,
            prove_period: true,
            progress_every: 1 << 16,
            #[cfg(feature = "research")]
            threads: std::thread::available_parallelism().map_or(1, |cores| cores.get().min(2)),
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Values computed so far: G(0) up to G(computed − 1).
    pub computed: u64,
    /// Values asked for: `n + 1`.
    pub target: u64,
    /// How many rare heaps the sparse space has, once it is in use.
    pub rare_heap_count: Option<usize>,
    /// The largest value so far.
    pub largest_value: u32,
}
