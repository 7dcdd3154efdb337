//! [`HeapGame`]: a take-and-break game with its rules, and the runs of the engine on them;
//! [`Tabulated`]: a heap game with its sequence, for the solver.

use std::borrow::Borrow;
use std::ops::ControlFlow;
use std::sync::Arc;

#[cfg(feature = "research")]
use super::bounded;
use super::error::SequenceError;
use super::grundy_sequence::GrundySequence;
use super::options::{Progress, SequenceOptions};
use super::run;
#[cfg(feature = "research")]
use super::stream::{Sink, StreamState, Streamed, ValueStore};
use super::values::Values;
use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome};
use crate::heap::{HeapMove, HeapRules, Heaps, Repeats, accepted_options};

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
/// assert_eq!(Solver::new(game).grundy([5, 7, 9])?, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait HeapGame: ImpartialGame<Position = Heaps> {
    /// The rules the engine computes from.
    fn rules(&self) -> &HeapRules;

    /// G(0), …, G(`max_heap`) — both ends included — with [`SequenceOptions::default`].
    ///
    /// # Errors
    ///
    /// [`SequenceError::TooLarge`] above [`MAX_HEAP`](crate::sequence::MAX_HEAP), [`SequenceError::OutOfMemory`] when
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

    #[cfg(feature = "research")]
    #[cfg_attr(docsrs, doc(cfg(feature = "research")))]
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
    /// `max_heap` may go to [`MAX_STREAMED_HEAP`](crate::sequence::MAX_STREAMED_HEAP) (2⁴⁸ − 1): only the prefix is held whole.
    ///
    /// # Errors
    ///
    /// [`SequenceError::TooLarge`] past [`MAX_STREAMED_HEAP`](crate::sequence::MAX_STREAMED_HEAP) (or a prefix past [`MAX_HEAP`](crate::sequence::MAX_HEAP));
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

    #[cfg(feature = "research")]
    #[cfg_attr(docsrs, doc(cfg(feature = "research")))]
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
            #[cfg(feature = "research")]
            #[cfg_attr(docsrs, doc(cfg(feature = "research")))]
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
            #[cfg(feature = "research")]
            #[cfg_attr(docsrs, doc(cfg(feature = "research")))]
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
/// assert_eq!(solver.outcome([1_000_000_000, 1_000_000_000])?, Outcome::P);
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game: G, n: u64) -> Result<Self, SequenceError> {
        let values = Arc::new(game.values_up_to(n)?);
        Ok(Tabulated { game, values })
    }

    /// As [`new`](Self::new), computing the values as
    /// [`HeapGame::values_up_to_with_progress`] does: `progress` hears of the run and may
    /// stop it, and the game is then tabulated with the values computed to there (a
    /// program that stops on an interrupt — the Python bindings — drops it).
    ///
    /// # Errors
    ///
    /// As [`HeapGame::values_up_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::{SequenceOptions, Tabulated};
    ///
    /// let game: OctalGame = "0.6".parse()?;
    /// let options = SequenceOptions::default();
    /// let whole = Tabulated::new_with_progress(game.clone(), 100_000, &options, |_| {
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(whole.sequence().computed_len(), 100_001);
    /// let stopped = Tabulated::new_with_progress(game, 100_000, &options, |_| {
    ///     ControlFlow::Break(())
    /// })?;
    /// let len = stopped.sequence().computed_len();
    /// assert!(len < 100_001);
    /// assert!(stopped.sequence().computed_values().iter().eq(
    ///     whole.sequence().computed_values().iter().take(len as usize)
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_with_progress(
        game: G,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<Self, SequenceError> {
        let values = Arc::new(game.values_up_to_with_progress(n, options, progress)?);
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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

/// The closed form of a heap game whose values are computed: a position is worth the XOR of
/// its heaps' values, and a winning move changes one heap to options worth the value that
/// balances, heap by heap in order, each heap's options in the order of its
/// [`rules`](HeapGame::rules). Every heap is answered once the period is proved; before
/// that, the heaps computed.
///
/// # Errors
///
/// [`SequenceError::HeapNotCovered`] for a heap past the values computed, without a period.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::sequence::Tabulated;
/// use impartial::{ClosedForm, Heaps, Nimber};
///
/// let kayles = Tabulated::new(OctalGame::kayles(), 1_000)?; // period 12 from 71, proved
/// let rows = Heaps::from([5, 1_000_000_000]);
/// assert_eq!(kayles.grundy(&rows)?, Some(Nimber(4 ^ 1)));
/// let best = kayles.winning_move(&rows)?.expect("N");
/// assert_eq!(best.to_string(), "take 1 from heap 0 (5 → 4)"); // G(4) = 1
/// assert_eq!(kayles.grundy(&kayles.leaves(&rows, &best)?)?, Some(Nimber(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<G: HeapGame> ClosedForm for Tabulated<G> {
    type Move = HeapMove;
    type Error = SequenceError;

    fn outcome(&self, position: impl IntoPosition<Heaps>) -> Result<Outcome, SequenceError> {
        let holder = position.into_holder();
        let position: &Heaps = holder.borrow();
        Ok(Outcome::from(self.position_grundy(position)?))
    }

    fn grundy(&self, position: impl IntoPosition<Heaps>) -> Result<Option<Nimber>, SequenceError> {
        let holder = position.into_holder();
        let position: &Heaps = holder.borrow();
        self.position_grundy(position).map(Some)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<impl Iterator<Item = HeapMove>, SequenceError> {
        let holder = position.into_holder();
        let position: &Heaps = holder.borrow();
        let total = self.position_grundy(position)?;
        let rules = self.game.rules();
        let values = &self.values;
        // With a period proved, a part's value is its place's in the period: a heap's
        // options are tried a period at a time, not one by one.
        let repeats = values.period().map(|period| Repeats {
            preperiod: period.preperiod,
            period: period.period,
        });
        // The sizes copied out: the moves, listed lazily, need not borrow the position.
        let sizes: Vec<u64> = position.to_vec();
        let moves = sizes
            .into_iter()
            .enumerate()
            .filter(move |_| !total.is_zero())
            .flat_map(move |(index, heap)| {
                let target = values.get(heap).unwrap_or(Nimber::ZERO) ^ total;
                let balances = move |parts: &[u64]| {
                    parts
                        .iter()
                        .map(|&part| values.get(part).unwrap_or(Nimber::ZERO))
                        .fold(Nimber::ZERO, |sum, value| sum ^ value)
                        == target
                };
                accepted_options(rules, heap, repeats, balances)
                    .map(move |option| HeapMove::new(index, heap, &option))
            });
        Ok(moves)
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Heaps>,
        chosen: &HeapMove,
    ) -> Result<Heaps, IllegalMove<Heaps, HeapMove>> {
        let holder = position.into_holder();
        let position: &Heaps = holder.borrow();
        chosen.after(position, self.game.rules())
    }
}

impl<G: HeapGame> Tabulated<G> {
    /// The XOR of the heaps' values, or the first heap not covered.
    fn position_grundy(&self, position: &Heaps) -> Result<Nimber, SequenceError> {
        position.iter().try_fold(Nimber::ZERO, |sum, &heap| {
            self.values
                .get(heap)
                .map(|value| sum ^ value)
                .ok_or(SequenceError::HeapNotCovered {
                    heap,
                    last: self.values.computed_len().saturating_sub(1),
                })
        })
    }
}
