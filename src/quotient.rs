//! Misère quotients of heap games (Plambeck, *Taming the wild in impartial combinatorial
//! games*, 2005; Plambeck and Siegel, *Misère quotients for impartial games*, JCTA 115, 2008).
//!
//! Under misère play the positions of a heap game that no sum tells apart form a
//! commutative monoid `Q`, the quotient, with the classes of the P-positions as its
//! P-portion; every heap size maps to an element (`Φ`), and a position of any number of heaps
//! is a P-position exactly when the product of its heaps' elements is in the P-portion.
//! [`MisereQuotient::compute`] finds the quotient of the positions whose heaps are at most a
//! bound, heap by heap, and proves it.
//!
//! # How it is computed, and why it is right
//!
//! A candidate is a finite monoid with a P-portion and a map `Φ` from heaps to elements.
//! It is **verified** when, for every position `G`, `Φ(G)` is in the P-portion exactly when
//! `G` has a move and no option of `G` maps into the P-portion — then, by induction on
//! positions, it predicts every misère outcome. What that needs of `G` is its element and the
//! set of its options' elements, and adding a heap `h` changes that pair by a rule that reads
//! only the pair, `Φ(h)` and the elements of `h`'s options; so the pairs of all positions are
//! the closure of the empty position's under adding heaps — finite, and checked pair by pair.
//! A verified candidate, reduced by indistinguishability (`x ~ y` when `xz` and `yz` are in
//! the P-portion together for every `z`), *is* the quotient.
//!
//! A heap added as an element of the quotient so far needs only the pairs its kind adds: a
//! position with a heap of the new kind is one without it — whose pair the closure of the
//! heaps before holds, already checked — that heap added, then heaps of any kind. So the
//! closure is kept from heap to heap, and each new kind checks only what it adds.
//!
//! The pairs are checked in order of the size of the smallest position reaching each (its
//! counters in all), so the first that fails gives a *smallest* mispredicted position. Every
//! smaller position is predicted right, its options among them; so its true outcome needs no
//! search: it is P exactly when it has a move and none of its options' elements is in P.
//!
//! Heap `n` is added to the quotient of the smaller heaps as an element of it when one is
//! verified. Otherwise it becomes a generator of its own: the product of the quotient with a
//! cyclic monoid (powers repeating with period 2 from the square), whose P-portion is marked
//! by the positions reaching each element first in lexicographic order (the largest heap's
//! count first, so that every option of a position is marked before it), reduced, and
//! verified. When the verification finds a position mispredicted, the candidate is
//! *recalibrated* on it: the fewest heaps of that position are given generators of their own
//! (the quotient the other heaps generate, times a cyclic monoid for each), until the
//! position's outcome is predicted; and verified again. The products with cyclic monoids
//! are computed rather than tabled until they are reduced, so candidates of tens of thousands
//! of elements are marked and reduced to the quotients of hundreds they stand for. (The scheme is that of Siegel's `MisereSolver`, described in Plambeck, *Advances in
//! losing*, 2009, and Siegel's notes; the code is this crate's.) When no recalibration helps
//! the computation stops, and the quotient covers the heaps before (see
//! [`MisereQuotient::stop`]) — never a candidate that was not proved.

mod build;
mod limits;
mod monoid;
mod presentation;
#[cfg(feature = "serde")]
mod saved;
mod verify;

use std::borrow::Borrow;
use std::ops::ControlFlow;

use build::Builder;
pub use limits::{
    MAX_ELEMENTS, MAX_HEAP, MAX_OPTION_WORDS, MAX_PAIRS_PER_HEAP, MAX_VERIFIED_STATES, Stop,
};
use monoid::Bipartite;
pub use presentation::{Presentation, Word};

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome, Play};
use crate::heap::{HeapMove, HeapRules, Heaps, Repeats, accepted_options};
use crate::sequence::HeapGame;
use crate::sequence::Period;
use crate::sequence::period::{next_check, prove_period};

/// What [`MisereQuotient::compute_with_progress`] reports after each heap.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use impartial::octal::OctalGame;
/// use impartial::quotient::MisereQuotient;
///
/// let mut orders = Vec::new();
/// MisereQuotient::compute_with_progress(&"0.75".parse::<OctalGame>()?, 5, |progress| {
///     orders.push((progress.heap, progress.order));
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(orders.first(), Some(&(1, 2))); // heap 1: the empty position and *1
/// assert_eq!(orders.len(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct QuotientProgress {
    /// The heap just added.
    pub heap: u64,
    /// The order of the quotient of the heaps up to it.
    pub order: usize,
}

/// Bad input to [`MisereQuotient`]'s functions.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::quotient::{MisereQuotient, QuotientError};
///
/// let kayles: OctalGame = "0.77".parse()?;
/// assert_eq!(MisereQuotient::compute(&kayles, 0), Err(QuotientError::ZeroBound));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QuotientError {
    /// A bound of 0 heaps: there is nothing to compute.
    #[error("the heap bound is 0: give the largest heap the quotient should cover")]
    ZeroBound,
    /// A bound past [`MAX_HEAP`]: the options of every heap are kept, and they grow with the
    /// square of the bound.
    #[error("the heap bound {bound} is past {MAX_HEAP}, the largest a quotient is computed to")]
    BoundTooLarge {
        /// The bound asked for.
        bound: u64,
    },
    /// A heap past the quotient's [`heaps`](MisereQuotient::heaps), of a quotient whose
    /// period is not proved.
    #[error("heap {heap} is past {covered}, the largest heap this partial quotient covers")]
    HeapNotCovered {
        /// The heap asked about.
        heap: u64,
        /// The largest heap the quotient covers.
        covered: u64,
    },
}

/// The misère quotient of a heap game: of all its positions when `Φ`'s period is proved (see
/// [`period`](MisereQuotient::period)), else of the positions with heaps up to some size.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::quotient::MisereQuotient;
/// use impartial::{ClosedForm, Outcome};
///
/// // 0.75 (Plambeck and Siegel): order 8, two elements in P, proved for every heap at 34.
/// let q = MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 100)?;
/// assert_eq!((q.order(), q.p_portion_size()), (8, 2));
/// assert!(q.is_complete());
/// assert_eq!(q.outcome([1])?, Outcome::P);
/// assert_eq!(q.outcome([1, 1])?, Outcome::N);
/// assert!(q.outcome([1_000_000, 7]).is_ok()); // any heap, by the period
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "saved::QuotientParts", into = "saved::QuotientParts")
)]
pub struct MisereQuotient {
    rules: HeapRules,
    monoid: Bipartite,
    /// `Φ(h)` for heaps `0 ..= heaps`.
    phi: Vec<u32>,
    /// `Φ`'s period, proved: then the quotient is the whole game's.
    period: Option<Period>,
    stop: Option<Stop>,
    /// The elements of each heap's options (`0 ..= heaps`), each once, in order.
    images: Vec<Vec<u32>>,
}

impl MisereQuotient {
    /// The quotient of `game`, computed heap by heap, each heap proved (see the module docs),
    /// until `Φ`'s period is proved — the quotient of the whole game — or `max_heap` is
    /// reached: then it is the quotient of the positions with heaps up to `max_heap`. Fewer
    /// heaps if the computation stops ([`stop`](Self::stop) says why). The moves are
    /// `game`'s [`rules`](HeapGame::rules), so every octal, hexadecimal, subtraction and
    /// take-and-break game has a quotient.
    ///
    /// # Errors
    ///
    /// [`QuotientError::ZeroBound`] for `max_heap` 0, [`QuotientError::BoundTooLarge`] past
    /// [`MAX_HEAP`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// // 0.31 is tame: its quotient is misère Nim's, of order 6 with 2 elements in P.
    /// let q = MisereQuotient::compute(&"0.31".parse::<OctalGame>()?, 30)?;
    /// assert_eq!((q.order(), q.p_portion_size()), (6, 2));
    /// assert!(q.is_tame());
    /// assert!(MisereQuotient::compute(&"0.31".parse::<OctalGame>()?, 0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute<G: HeapGame + ?Sized>(game: &G, max_heap: u64) -> Result<Self, QuotientError> {
        Self::compute_with_progress(game, max_heap, |_| ControlFlow::Continue(()))
    }

    /// As [`compute`](Self::compute), calling `progress` after each heap is added with the
    /// quotient so far; [`ControlFlow::Break`] stops the computation there, with
    /// [`Stop::Interrupted`].
    ///
    /// # Errors
    ///
    /// As [`compute`](Self::compute).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::{MisereQuotient, Stop};
    ///
    /// let kayles = OctalGame::kayles();
    /// let q = MisereQuotient::compute_with_progress(&kayles, 300, |progress| {
    ///     if progress.heap == 20 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert_eq!(q.heaps(), 20);
    /// assert_eq!(q.stop(), Some(&Stop::Interrupted { heap: 21 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute_with_progress<G: HeapGame + ?Sized>(
        game: &G,
        max_heap: u64,
        mut progress: impl FnMut(&QuotientProgress) -> ControlFlow<()>,
    ) -> Result<Self, QuotientError> {
        if max_heap == 0 {
            return Err(QuotientError::ZeroBound);
        }
        if max_heap > MAX_HEAP {
            return Err(QuotientError::BoundTooLarge { bound: max_heap });
        }
        let rules = game.rules();
        let mut builder = Builder::new(rules);
        let mut next_proof = next_check(0);
        let (period, stop) = loop {
            if builder.heaps() == max_heap {
                break (None, None);
            }
            if let Err(stop) = builder.add_next() {
                break (None, Some(stop));
            }
            let heap = builder.heaps();
            let report = QuotientProgress {
                heap,
                order: builder.monoid.size(),
            };
            if progress(&report).is_break() {
                break (None, Some(Stop::Interrupted { heap: heap + 1 }));
            }
            if builder.phi.len() >= next_proof || heap == max_heap {
                next_proof = next_check(builder.phi.len());
                if let Some(period) = prove_phi_period(rules, &builder.phi) {
                    break (Some(period), None);
                }
            }
        };
        let (monoid, phi, options) = builder.into_parts();
        Ok(Self::from_parts(rules, monoid, phi, &options, period, stop))
    }

    /// The quotient of its parts; `options[h]` lists heap `h`'s options (`0 ..= heaps`).
    fn from_parts(
        rules: &HeapRules,
        monoid: Bipartite,
        phi: Vec<u32>,
        options: &[Vec<Vec<u64>>],
        period: Option<Period>,
        stop: Option<Stop>,
    ) -> Self {
        let images = options
            .iter()
            .map(|options| build::images(options, &monoid, &phi))
            .collect();
        MisereQuotient {
            rules: rules.clone(),
            monoid,
            phi,
            period,
            stop,
            images,
        }
    }

    /// The largest heap computed: the quotient covers the heaps up to it, or every heap when
    /// [`period`](Self::period) is proved (the computation stops as soon as it is).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 20)?;
    /// assert_eq!(q.heaps(), 20);
    /// assert!(!q.is_complete()); // 0.75's period is proved at heap 34
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn heaps(&self) -> u64 {
        (self.phi.len() - 1) as u64
    }

    /// Why the quotient covers fewer heaps than asked, if it does.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::{MisereQuotient, Stop};
    ///
    /// // Dawson's Kayles changes its quotient again and again (order 638 at heap 33, and
    /// // past this engine's limits at heap 34); stopped here at heap 12 by the caller.
    /// let dawson: OctalGame = "0.07".parse()?;
    /// let q = MisereQuotient::compute_with_progress(&dawson, 40, |progress| {
    ///     if progress.heap < 12 { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
    /// })?;
    /// assert_eq!(q.stop(), Some(&Stop::Interrupted { heap: 13 }));
    /// assert_eq!(MisereQuotient::compute(&dawson, 12)?.stop(), None); // reached the bound
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// `Φ`'s period, when proved: then `Φ(h + period) = Φ(h)` for every `h ≥ preperiod`, the
    /// quotient is that of the whole game, and every heap has an element. The proof is the
    /// octal periodicity theorem of the sequence engine ([`Period`]) applied to `Φ`: a heap
    /// of `h + p` past the window proved has the options of a heap of `h` shifted by `p` in
    /// their largest heap, so the same element and the same options' elements — a kind of
    /// heap the verification has checked. (Games whose splits are restricted by shape —
    /// unequal, equal — have no such theorem, and no proved period.)
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// // Kayles (Plambeck and Siegel; `MisereSolver` proves it at heap 253 too).
    /// let q = MisereQuotient::compute(&OctalGame::kayles(), 1_000)?;
    /// let period = q.period().expect("proved");
    /// assert_eq!((period.preperiod, period.period), (71, 12));
    /// assert!(period.proof_bound <= q.heaps() + 1);
    /// assert_eq!(q.element(1_000_000), q.element(71 + (1_000_000 - 71) % 12));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn period(&self) -> Option<&Period> {
        self.period.as_ref()
    }

    /// Whether the quotient is the whole game's: `Φ`'s [`period`](Self::period) is proved.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// assert!(MisereQuotient::compute(&"0.31".parse::<OctalGame>()?, 100)?.is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.period.is_some()
    }

    /// The number of elements of the quotient.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// // 0.3 (take one counter) alone: a heap of n is n heaps of 1, and 1 + 1 = 0.
    /// let q = MisereQuotient::compute(&"0.3".parse::<OctalGame>()?, 10)?;
    /// assert_eq!(q.order(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn order(&self) -> usize {
        self.monoid.size()
    }

    /// The number of elements in the P-portion.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.3".parse::<OctalGame>()?, 10)?;
    /// assert_eq!(q.p_portion_size(), 1); // an odd number of counters
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn p_portion_size(&self) -> usize {
        self.monoid.p.iter().filter(|&&p| p).count()
    }

    /// The element of a heap (`Φ`): an index below [`order`](Self::order), 0 the identity
    /// (the empty position); `None` past [`heaps`](Self::heaps) when the period is not
    /// proved.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.3".parse::<OctalGame>()?, 10)?;
    /// assert_eq!(q.element(0), Some(0));
    /// assert_eq!(q.element(2), Some(0)); // two counters: 1 + 1 = 0
    /// assert_eq!(q.element(3), q.element(1));
    /// assert_eq!(q.element(u64::MAX - 1), Some(0)); // by the period, proved
    ///
    /// let partial = MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 10)?;
    /// assert_eq!(partial.element(11), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn element(&self, heap: u64) -> Option<u32> {
        self.covered(heap).map(|heap| self.phi[heap])
    }

    /// The heap of at most [`heaps`](Self::heaps) with `heap`'s element and options'
    /// elements: `heap` itself, or by the period.
    fn covered(&self, heap: u64) -> Option<usize> {
        if heap <= self.heaps() {
            return Some(heap as usize);
        }
        let period = self.period?;
        Some((period.preperiod + (heap - period.preperiod) % period.period) as usize)
    }

    /// A heap of at most [`heaps`](Self::heaps) whose options have the elements of
    /// `heap`'s options: `heap` itself, or by the period the heap congruent to it in the last
    /// period computed. A heap past the proof's window has the options of the heap a period
    /// below, shifted in their largest heap (see [`period`](Self::period)); a heap the period
    /// maps into the preperiod's end, or below the window, may have other options (heap 16
    /// of 0.3 is heap 0 by its element, which has no option at all).
    fn covered_with_options(&self, heap: u64) -> Option<usize> {
        let last = self.heaps();
        if heap <= last {
            return Some(heap as usize);
        }
        let period = self.period?.period;
        // `last` is at least the proof's window, which holds a whole period past the
        // preperiod: the heap found is past the preperiod too.
        let behind = (period - (heap - last) % period) % period;
        Some((last - behind) as usize)
    }

    /// The product of two elements.
    ///
    /// # Panics
    ///
    /// If an element is not below [`order`](Self::order).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.3".parse::<OctalGame>()?, 10)?;
    /// let one = q.element(1).unwrap();
    /// assert_eq!(q.product(one, one), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn product(&self, a: u32, b: u32) -> u32 {
        assert!(
            (a as usize) < self.order() && (b as usize) < self.order(),
            "elements {a} and {b} of a quotient of order {}",
            self.order()
        );
        self.monoid.product(a, b)
    }

    /// Whether an element is in the P-portion (`false` for one not below the order).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.3".parse::<OctalGame>()?, 10)?;
    /// assert!(q.is_p(q.element(1).unwrap()));
    /// assert!(!q.is_p(0)); // the empty position: the player to move has won
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_p(&self, element: u32) -> bool {
        self.monoid
            .p
            .get(element as usize)
            .copied()
            .unwrap_or(false)
    }

    /// The outcome of `heaps` in misère play, from their elements' product.
    fn outcome_of(&self, heaps: &[u64]) -> Result<Outcome, QuotientError> {
        let mut element = 0;
        for &heap in heaps {
            let covered = self.covered_or_error(heap)?;
            element = self.monoid.product(element, self.phi[covered]);
        }
        Ok(if self.is_p(element) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every winning move in misère play of `heaps`, lazily: see the [`ClosedForm`]
    /// implementation.
    fn winning_moves_of<'q>(
        &'q self,
        heaps: &[u64],
    ) -> Result<impl Iterator<Item = HeapMove> + use<'q>, QuotientError> {
        let covered: Vec<usize> = heaps
            .iter()
            .map(|&heap| self.covered_or_error(heap))
            .collect::<Result<_, _>>()?;
        // The product of the heaps after each one, so that the rest of the position beside a
        // heap is one multiplication.
        let mut after = vec![0; heaps.len() + 1];
        for i in (0..heaps.len()).rev() {
            after[i] = self.monoid.product(self.phi[covered[i]], after[i + 1]);
        }
        let balanced = self.is_p(after[0]);
        let mut before = 0;
        let mut rests = Vec::with_capacity(heaps.len());
        for (index, &heap) in covered.iter().enumerate() {
            rests.push(self.monoid.product(before, after[index + 1]));
            before = self.monoid.product(before, self.phi[heap]);
        }
        // The sizes copied out: the moves, listed lazily, need not borrow the position.
        let sizes: Vec<u64> = heaps.to_vec();
        Ok(sizes
            .into_iter()
            .enumerate()
            .filter(move |_| !balanced)
            .flat_map(move |(index, heap)| {
                let rest = rests[index];
                let wins = move |image: u32| self.is_p(self.monoid.product(rest, image));
                let any = self.images[covered[index]].iter().any(|&image| wins(image));
                // The options are listed only for a heap with a winning image among them, a
                // period of the elements at a time (a part's element is its place's).
                let repeats = self.period.map(|period| Repeats {
                    preperiod: period.preperiod,
                    period: period.period,
                });
                any.then(|| {
                    accepted_options(&self.rules, heap, repeats, move |parts: &[u64]| {
                        wins(self.element_of(parts))
                    })
                    .map(move |option| HeapMove::new(index, heap, &option))
                })
                .into_iter()
                .flatten()
            }))
    }

    /// The covered heap standing for `heap`, or the error that says it is past the values.
    fn covered_or_error(&self, heap: u64) -> Result<usize, QuotientError> {
        self.covered_with_options(heap)
            .ok_or(QuotientError::HeapNotCovered {
                heap,
                covered: self.heaps(),
            })
    }

    /// The element of a position whose heaps are all covered.
    fn element_of(&self, heaps: &[u64]) -> u32 {
        heaps.iter().fold(0, |element, &heap| {
            let heap = self.covered(heap).expect("an option's heaps are covered");
            self.monoid.product(element, self.phi[heap])
        })
    }

    /// Whether the quotient is *tame* — isomorphic to the quotient of misère Nim on the
    /// heaps it has: trivial (no heap with a move), `⟨a | a² = 1⟩` with `P = {a}` (heaps
    /// of `*0` and `*1`), or `⟨a, b | a² = 1, b³ = b⟩` with `P = {a, b²}` (Plambeck and
    /// Siegel, 2008, §5: a set of games is tame in Conway's sense exactly when its quotient is
    /// one of these three). Then every position plays as misère Nim on its heaps' Grundy
    /// values.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// assert!(MisereQuotient::compute(&"0.52".parse::<OctalGame>()?, 100)?.is_tame());
    /// assert!(!MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 100)?.is_tame());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_tame(&self) -> bool {
        self.monoid.is_tame()
    }

    /// A presentation of the quotient: generators and relations (see [`Presentation`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.52".parse::<OctalGame>()?, 100)?;
    /// assert_eq!(q.presentation().to_string(), "⟨a, b | a² = 1, b³ = b⟩");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn presentation(&self) -> Presentation {
        Presentation::of(&self.monoid, &self.phi)
    }

    /// The P-portion, each element as its normal form in [`presentation`](Self::presentation),
    /// in the order of the normal forms.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.52".parse::<OctalGame>()?, 100)?;
    /// let p: Vec<String> = q.p_portion().map(|word| word.to_string()).collect();
    /// assert_eq!(p, ["a", "b²"]); // misère Nim: *1, and *2 + *2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn p_portion(&self) -> impl Iterator<Item = Word> + use<> {
        let presentation = self.presentation();
        let mut p: Vec<Word> = (0..self.order() as u32)
            .filter(|&x| self.is_p(x))
            .filter_map(|x| presentation.normal_form(x).cloned())
            .collect();
        p.sort_by_key(Word::key);
        p.into_iter()
    }
}

#[cfg(feature = "serde")]
impl From<MisereQuotient> for saved::QuotientParts {
    fn from(quotient: MisereQuotient) -> Self {
        saved::QuotientParts::new(
            &quotient.rules,
            &quotient.monoid,
            &quotient.phi,
            quotient.stop,
        )
    }
}

#[cfg(feature = "serde")]
impl TryFrom<saved::QuotientParts> for MisereQuotient {
    type Error = String;

    /// The quotient, if the parts are one (see `QuotientParts::check`: the verification runs
    /// again in full); its period proved again from `Φ` — and when it is, the quotient is
    /// complete, whatever stop was saved.
    fn try_from(parts: saved::QuotientParts) -> Result<Self, String> {
        let (rules, monoid, phi, options, stop) = parts.check()?;
        let period = prove_phi_period(&rules, &phi);
        let stop = if period.is_some() { None } else { stop };
        Ok(Self::from_parts(
            &rules, monoid, phi, &options, period, stop,
        ))
    }
}

/// [`Period`] of `Φ` proved by the octal periodicity theorem, for rules that have it.
fn prove_phi_period(rules: &HeapRules, phi: &[u32]) -> Option<Period> {
    if !rules.has_periodicity_theorem() {
        return None;
    }
    prove_period(rules, phi)
}

/// A quotient is a ruleset too: its game's moves on [`Heaps`], for the search to check it.
impl ImpartialGame for MisereQuotient {
    type Position = Heaps;

    const PLAY: Play = Play::Misere;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        self.rules.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

/// The misère quotient as a closed form: outcomes and winning moves in misère play of
/// positions of any number of heaps, each heap's element looked up and multiplied. There is
/// no Sprague–Grundy value in misère play: [`grundy`](ClosedForm::grundy) is `None` (for a
/// position the quotient covers).
///
/// The winning moves come heap by heap in the position's order, each heap's options in the
/// order of the game's rules, the ones that leave a P-position; none when the position is P,
/// or has no move. Each heap's options' elements are known, so a heap without a winning
/// option costs a pass over them, and its options are listed only when it has one — lazily,
/// and with a period proved a period of them at a time: the winning moves of a heap of 10¹⁵
/// come as fast as those of a small one.
///
/// # Errors
///
/// [`QuotientError::HeapNotCovered`] for a heap past [`heaps`](MisereQuotient::heaps) of a
/// quotient whose period is not proved.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::quotient::MisereQuotient;
/// use impartial::{ClosedForm, Outcome};
///
/// // A million rows of Kayles in milliseconds.
/// let q = MisereQuotient::compute(&OctalGame::kayles(), 1_000)?;
/// let rows: Vec<u64> = (0..1_000_000u64).map(|i| 1 + i * 7_919 % 1_000_000).collect();
/// assert!(q.outcome(&rows).is_ok());
/// assert_eq!(q.outcome([1])?, Outcome::P); // take the pin, and lose
/// assert_eq!(q.outcome([])?, Outcome::N); // no move: the player to move has won
///
/// // Misère Kayles on one row of 3: knock down two from an end, leaving one pin.
/// let moves: Vec<String> = q.winning_moves([3])?.map(|made| made.to_string()).collect();
/// assert_eq!(moves, ["take 2 from heap 0 (3 → 1)"]);
/// assert_eq!(q.winning_moves([1])?.count(), 0); // P: every move loses
///
/// let rows = [5, 9, 40];
/// let best = q.winning_move(rows)?.expect("an N-position");
/// assert_eq!(q.outcome(q.leaves(rows, &best)?)?, Outcome::P);
/// assert_eq!(q.winning_move([1])?, None);
///
/// let partial = MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 10)?;
/// assert!(partial.outcome([11]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for MisereQuotient {
    type Move = HeapMove;
    type Error = QuotientError;

    fn outcome(&self, position: impl IntoPosition<Heaps>) -> Result<Outcome, QuotientError> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        self.outcome_of(heaps)
    }

    fn grundy(&self, position: impl IntoPosition<Heaps>) -> Result<Option<Nimber>, QuotientError> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        self.outcome_of(heaps).map(|_| None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<impl Iterator<Item = HeapMove>, QuotientError> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        self.winning_moves_of(heaps)
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Heaps>,
        chosen: &HeapMove,
    ) -> Result<Heaps, IllegalMove<Heaps, HeapMove>> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        chosen.after(heaps, &self.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::OctalGame;

    /// The period proved stands when the computation goes on: the heaps after the proof,
    /// each added and proved as any other, get the elements the period gives them, and the
    /// quotient does not change. A mutant that proves periods with the window of a game
    /// without splits (`n0 + p + t`) fails it at Kayles.
    #[test]
    fn heaps_past_a_proved_period_have_the_element_it_gives() {
        for code in [
            "0.3", "0.31", "0.52", "0.75", "0.77", "0.312", "0.71", "0.34", "0.72",
        ] {
            let game: OctalGame = code.parse().unwrap();
            let quotient = MisereQuotient::compute(&game, MAX_HEAP).unwrap();
            let period = *quotient
                .period()
                .unwrap_or_else(|| panic!("{code}: {:?}", quotient.stop()));
            let mut builder = Builder::new(game.rules());
            let until = quotient.heaps() + 3 * period.period + 40;
            while builder.heaps() < until {
                builder
                    .add_next()
                    .unwrap_or_else(|stop| panic!("{code}: {stop}"));
            }
            assert_eq!(builder.monoid, quotient.monoid, "{code}");
            for heap in 0..=until {
                assert_eq!(
                    Some(builder.phi[heap as usize]),
                    quotient.element(heap),
                    "{code} {heap}"
                );
            }
        }
    }
}
