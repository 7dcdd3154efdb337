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
//! Heap `n` is added to the quotient of the smaller heaps as an element of it when one is
//! verified. Otherwise it becomes a generator of its own: the product of the quotient with a
//! cyclic monoid (powers repeating with period 2 from the square), whose P-portion is marked
//! by the positions reaching each element first in lexicographic order (the largest heap's
//! count first, so that every option of a position is marked before it), reduced, and
//! verified. When the verification finds a position mispredicted, the candidate is
//! *recalibrated* on it: the fewest heaps of that position are given generators of their own
//! (the quotient the other heaps generate, times a cyclic monoid for each), until the
//! position's outcome — searched by a [`Solver`](crate::Solver) — is predicted; and verified
//! again. (The scheme is that of Siegel's `MisereSolver`, described in Plambeck, *Advances in
//! losing*, 2009, and Siegel's notes; the code is this crate's.) When no recalibration helps
//! the computation stops, and the quotient covers the heaps before (see
//! [`MisereQuotient::stop`]) — never a candidate that was not proved.

mod monoid;

use std::collections::HashMap;

use smallvec::SmallVec;
use std::fmt;

use monoid::Bipartite;

use crate::game::{ImpartialGame, Outcome};
use crate::heap::Heaps;
use crate::solver::Solver;
use crate::solver::hash::MapBuildHasher;

/// Most elements a candidate may have (a product with a cyclic monoid included) before the
/// computation stops: past it, the table of products alone would take megabytes.
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_ELEMENTS, 2_048);
/// ```
pub const MAX_ELEMENTS: usize = 2_048;

/// Most pairs (element, options' elements) a verification may meet before the computation
/// stops.
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_VERIFIED_STATES, 2_000_000);
/// ```
pub const MAX_VERIFIED_STATES: usize = 2_000_000;

/// Most bytes the search for a mispredicted position's outcome may hold (see
/// [`Stop::OutOfWork`]).
const MAX_SEARCH_BYTES: usize = 256 << 20;

/// The largest heap bound [`MisereQuotient::compute`] accepts: the options of every heap
/// up to it are kept (some four million for an octal game to this bound).
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_HEAP, 4_096);
/// ```
pub const MAX_HEAP: u64 = 4_096;

/// Most pairs the verifications of all candidates tried for one heap may meet together
/// before the computation stops: a bound on the time one heap takes (some seconds).
///
/// # Examples
///
/// ```
/// assert_eq!(impartial::quotient::MAX_PAIRS_PER_HEAP, 20_000_000);
/// ```
pub const MAX_PAIRS_PER_HEAP: usize = 20_000_000;

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
#[non_exhaustive]
pub enum Stop {
    /// At this heap no element of the quotient before was verified, and no recalibration of
    /// a new generator's candidate predicted the positions that failed.
    NoCandidate {
        /// The heap that could not be added.
        heap: u64,
    },
    /// A candidate at this heap passed [`MAX_ELEMENTS`], or its verification
    /// [`MAX_VERIFIED_STATES`].
    TooLarge {
        /// The heap that could not be added.
        heap: u64,
    },
    /// The candidates tried at this heap met more than [`MAX_PAIRS_PER_HEAP`] pairs in
    /// their verifications together, or the search for the outcome of a position one
    /// mispredicted needed more than 256 MiB.
    OutOfWork {
        /// The heap that could not be added.
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
                "heap {heap} would make a candidate of more than {MAX_ELEMENTS} elements or a verification of more than {MAX_VERIFIED_STATES} states"
            ),
            Stop::OutOfWork { heap } => write!(
                f,
                "heap {heap} took candidates whose verifications met more than {MAX_PAIRS_PER_HEAP} pairs together, or a search of more than 256 MiB"
            ),
        }
    }
}

/// Bad input to [`MisereQuotient::compute`].
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
    /// A move from one heap left a heap at least as large, so the ruleset is not a heap game
    /// whose heaps only shrink.
    #[error(
        "a move from a heap of {heap} leaves a heap of {left}: not a heap game whose heaps shrink"
    )]
    NotShrinking {
        /// The heap moved from.
        heap: u64,
        /// The heap left.
        left: u64,
    },
}

/// The misère quotient of a heap game's positions with heaps up to some size.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::quotient::MisereQuotient;
/// use impartial::Outcome;
///
/// // 0.75 (Plambeck and Siegel): order 8, two elements in P.
/// let q = MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 20)?;
/// assert_eq!((q.order(), q.p_portion_size()), (8, 2));
/// assert_eq!(q.heaps(), 20);
/// assert_eq!(q.outcome(&[1]), Some(Outcome::P));
/// assert_eq!(q.outcome(&[1, 1]), Some(Outcome::N));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereQuotient {
    monoid: Bipartite,
    /// `Φ(h)` for heaps `0 ..= heaps`.
    phi: Vec<u32>,
    stop: Option<Stop>,
}

impl MisereQuotient {
    /// The quotient of `game`'s positions whose heaps are at most `max_heap`, proved (see the
    /// module docs); fewer heaps if the computation stops ([`stop`](Self::stop) says why).
    /// `game` lists a position's moves as [`Heaps`] (octal, hexadecimal, subtraction and
    /// take-and-break games all do) and each move changes one heap into smaller ones.
    ///
    /// # Errors
    ///
    /// [`QuotientError::ZeroBound`] for `max_heap` 0, [`QuotientError::BoundTooLarge`] past
    /// [`MAX_HEAP`]; [`QuotientError::NotShrinking`] for a
    /// move that leaves a heap at least as large as the one it moved in.
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
    /// assert!(MisereQuotient::compute(&"0.31".parse::<OctalGame>()?, 0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute<G>(game: &G, max_heap: u64) -> Result<Self, QuotientError>
    where
        G: ImpartialGame<Position = Heaps> + Clone,
    {
        if max_heap == 0 {
            return Err(QuotientError::ZeroBound);
        }
        if max_heap > MAX_HEAP {
            return Err(QuotientError::BoundTooLarge { bound: max_heap });
        }
        let mut builder = Builder {
            // The outcomes recalibration needs are of short positions; a long one is a sign of
            // a quotient out of reach, and the limit keeps its search within memory and time.
            solver: Solver::new(game.clone()).with_memory_limit(MAX_SEARCH_BYTES),
            options: vec![Vec::new()],
            monoid: Bipartite::trivial(),
            phi: vec![0],
            kinds: Vec::new(),
            work_left: MAX_PAIRS_PER_HEAP,
        };
        for heap in 1..=max_heap {
            builder.options.push(single_heap_options(game, heap)?);
            if let Err(stop) = builder.add_heap() {
                builder.options.pop();
                return Ok(builder.finish(Some(stop)));
            }
        }
        Ok(builder.finish(None))
    }

    /// The largest heap the quotient covers.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// let q = MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 34)?;
    /// assert_eq!(q.heaps(), 34);
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
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    ///
    /// // Kayles to heap 253, where `MisereSolver` proves its quotient complete: every heap
    /// // added and proved.
    /// let q = MisereQuotient::compute(&"0.77".parse::<OctalGame>()?, 253)?;
    /// assert_eq!(q.stop(), None);
    /// assert_eq!(q.heaps(), 253);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
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
    /// (the empty position); `None` past [`heaps`](Self::heaps).
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
    /// assert_eq!(q.element(11), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn element(&self, heap: u64) -> Option<u32> {
        usize::try_from(heap)
            .ok()
            .and_then(|heap| self.phi.get(heap).copied())
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

    /// The misère outcome of a position of any number of heaps, in one multiplication a
    /// heap; `None` if a heap is past [`heaps`](Self::heaps).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::quotient::MisereQuotient;
    /// use impartial::Outcome;
    ///
    /// // A million rows of 0.75 in microseconds.
    /// let q = MisereQuotient::compute(&"0.75".parse::<OctalGame>()?, 40)?;
    /// let rows: Vec<u64> = (0..1_000_000u64).map(|i| 1 + i % 40).collect();
    /// assert!(q.outcome(&rows).is_some());
    /// assert_eq!(q.outcome(&[1]), Some(Outcome::P)); // take the counter, and lose
    /// assert_eq!(q.outcome(&[41]), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let mut element = 0;
        for &heap in heaps {
            element = self.monoid.product(element, self.element(heap)?);
        }
        Some(if self.is_p(element) {
            Outcome::P
        } else {
            Outcome::N
        })
    }
}

/// The quotient being built: the heaps' options, the monoid and `Φ` proved so far.
struct Builder<G: ImpartialGame<Position = Heaps>> {
    solver: Solver<G>,
    /// The options of each heap, as lists of heaps (each smaller than it).
    options: Vec<Vec<Vec<u64>>>,
    monoid: Bipartite,
    phi: Vec<u32>,
    /// The kinds of the heaps so far under `monoid` and `phi`.
    kinds: Vec<HeapKind>,
    /// Pairs the verifications for the heap being added may still meet.
    work_left: usize,
}

/// A candidate: a monoid with its P-portion, and `Φ` for every heap so far.
struct Candidate {
    monoid: Bipartite,
    phi: Vec<u32>,
}

/// What a verification found.
enum Verdict {
    /// Every position's outcome is predicted.
    Proved,
    /// A shortest position (its heaps) whose outcome is mispredicted.
    Fails(Vec<u64>),
    /// Past [`MAX_VERIFIED_STATES`].
    TooLarge,
    /// Past the heap's [`MAX_PAIRS_PER_HEAP`].
    OutOfWork,
}

/// Most recalibrations one heap may take before the computation stops.
const MAX_RECALIBRATIONS: usize = 64;

/// Most heaps one recalibration gives generators of their own.
const MAX_PROMOTED: usize = 3;

impl<G: ImpartialGame<Position = Heaps>> Builder<G> {
    fn finish(self, stop: Option<Stop>) -> MisereQuotient {
        MisereQuotient {
            monoid: self.monoid,
            phi: self.phi,
            stop,
        }
    }

    /// Adds the last heap of `options` to the quotient, or says why it cannot: as an element
    /// of the quotient so far if one is verified, else by a change of presentation.
    fn add_heap(&mut self) -> Result<(), Stop> {
        let heap = (self.options.len() - 1) as u64;
        self.work_left = MAX_PAIRS_PER_HEAP;
        if self.options[heap as usize].is_empty() {
            // A heap without moves is the empty position.
            self.phi.push(0);
            return Ok(());
        }
        let images = self.images(&self.monoid, &self.phi, heap as usize);
        // A heap of a kind met before (the same options' elements, and an element with them)
        // adds no new pair: the verification of the heaps before covers it.
        if let Some(kind) = self.kinds.iter().find(|kind| kind.images == images) {
            self.phi.push(kind.element);
            return Ok(());
        }
        let heap_is_p = images.iter().all(|&image| !self.monoid.p[image as usize]);
        for x in 0..self.monoid.size() as u32 {
            if self.monoid.p[x as usize] != heap_is_p {
                continue;
            }
            self.kinds.push(HeapKind {
                element: x,
                images: images.clone(),
                heap,
            });
            if !passes_near(&self.monoid, &self.kinds) {
                self.kinds.pop();
                continue;
            }
            match check(&self.monoid, &self.kinds, &mut self.work_left) {
                Verdict::Proved => {
                    self.phi.push(x);
                    return Ok(());
                }
                Verdict::Fails(_) => {
                    self.kinds.pop();
                }
                Verdict::TooLarge => {
                    self.kinds.pop();
                    return Err(Stop::TooLarge { heap });
                }
                Verdict::OutOfWork => {
                    self.kinds.pop();
                    return Err(Stop::OutOfWork { heap });
                }
            }
        }
        self.change_presentation(heap)
    }

    /// Adds `heap` as a new generator — the product of the quotient with a cyclic monoid,
    /// marked and reduced — then, while the candidate mispredicts a position, recalibrates it
    /// on that position ([`recalibrate`](Self::recalibrate)).
    fn change_presentation(&mut self, heap: u64) -> Result<(), Stop> {
        let mut phi = self.phi.clone();
        phi.push(0);
        let promoted = [heap as usize];
        let mut candidate = self
            .extended(&self.monoid.clone(), &phi, &promoted, &[2])
            .ok_or(Stop::TooLarge { heap })?;
        for _ in 0..MAX_RECALIBRATIONS {
            match self.verify(&candidate.monoid, &candidate.phi) {
                Verdict::Proved => {
                    self.kinds = self.types(&candidate.monoid, &candidate.phi);
                    self.monoid = candidate.monoid;
                    self.phi = candidate.phi;
                    return Ok(());
                }
                Verdict::Fails(position) => {
                    candidate = self
                        .recalibrate(&candidate, &position)?
                        .ok_or(Stop::NoCandidate { heap })?;
                }
                Verdict::TooLarge => return Err(Stop::TooLarge { heap }),
                Verdict::OutOfWork => return Err(Stop::OutOfWork { heap }),
            }
        }
        Err(Stop::NoCandidate { heap })
    }

    /// A candidate that predicts `position` right, made from `candidate` by giving some of
    /// the heaps in `position` generators of their own (the fewest that will do): the
    /// submonoid the other heaps generate, times a cyclic monoid for each (its powers
    /// repeating with period 2 from the heap's count in `position`), marked and reduced.
    /// `None` if no set of heaps will do.
    fn recalibrate(
        &mut self,
        candidate: &Candidate,
        position: &[u64],
    ) -> Result<Option<Candidate>, Stop> {
        let heap = (candidate.phi.len() - 1) as u64;
        let mut involved: Vec<usize> = position.iter().map(|&h| h as usize).collect();
        involved.sort_unstable();
        involved.dedup();
        let Ok(truth) = self
            .solver
            .try_misere_outcome(Heaps::from(position.to_vec()))
        else {
            return Err(Stop::OutOfWork { heap });
        };
        for size in 1..=involved.len().min(MAX_PROMOTED) {
            for promoted in combinations(&involved, size) {
                let indices: Vec<usize> = promoted
                    .iter()
                    .map(|&h| position.iter().filter(|&&p| p as usize == h).count().max(2))
                    .collect();
                let Some(trial) =
                    self.extended(&candidate.monoid, &candidate.phi, &promoted, &indices)
                else {
                    return Err(Stop::TooLarge { heap });
                };
                let element = position
                    .iter()
                    .fold(0, |x, &h| trial.monoid.product(x, trial.phi[h as usize]));
                if trial.monoid.p[element as usize] == (truth == Outcome::P) {
                    return Ok(Some(trial));
                }
            }
        }
        Ok(None)
    }

    /// `monoid` under `phi` with the heaps `promoted` made generators of their own: the
    /// submonoid the others generate times a cyclic monoid of index `indices[i]` and period 2
    /// for each, marked and reduced. `None` past [`MAX_ELEMENTS`].
    fn extended(
        &mut self,
        monoid: &Bipartite,
        phi: &[u32],
        promoted: &[usize],
        indices: &[usize],
    ) -> Option<Candidate> {
        let mut phi = phi.to_vec();
        for &heap in promoted {
            phi[heap] = 0;
        }
        let (base, number) = monoid.submonoid(&phi);
        let mut phi: Vec<u32> = phi
            .iter()
            .map(|&x| number[x as usize].expect("reached"))
            .collect();
        let mut product = base;
        for (&heap, &index) in promoted.iter().zip(indices) {
            if product.size() * (index + 2) > MAX_ELEMENTS {
                return None;
            }
            let generator = product.new_generator();
            product = product.times_cyclic(index, 2);
            phi[heap] = generator;
        }
        self.mark(&mut product, &phi);
        let mut generators = phi.clone();
        generators.sort_unstable();
        generators.dedup();
        let (reduced, class) = product.reduce(&generators);
        let phi = phi
            .iter()
            .map(|&x| class[x as usize].expect("a heap's element is reached"))
            .collect();
        Some(Candidate {
            monoid: reduced,
            phi,
        })
    }

    /// Marks the P-portion of `monoid` (under `phi`) by the positions reaching each element
    /// first in lexicographic order, the count of the largest heap first: an option of a
    /// position comes before it (it trades a heap for smaller ones), so its element is marked
    /// when the position is, and the position is P when it has a move and no option's
    /// element is P. Heaps of a kind (same element, same options' elements) count as the
    /// smallest of them. Whether every other position agrees is the verification's to check.
    fn mark(&self, monoid: &mut Bipartite, phi: &[u32]) {
        let kinds = self.types(monoid, phi);
        let mut marked = vec![false; monoid.size()];
        let words = monoid.size().div_ceil(64);
        mark_from(monoid, &kinds, &mut marked, kinds.len(), 0, &vec![0; words]);
    }

    /// The elements of `heap`'s options under `phi`, each once.
    fn images(&self, monoid: &Bipartite, phi: &[u32], heap: usize) -> Vec<u32> {
        let mut images: Vec<u32> = self.options[heap]
            .iter()
            .map(|option| {
                option.iter().fold(0, |element, &left| {
                    monoid.product(element, phi[left as usize])
                })
            })
            .collect();
        images.sort_unstable();
        images.dedup();
        images
    }

    /// The kinds of heap a verification adds — `Φ(h)` and the elements of `h`'s options,
    /// each kind once with its smallest heap (heaps without moves add nothing).
    fn types(&self, monoid: &Bipartite, phi: &[u32]) -> Vec<HeapKind> {
        let mut kinds: Vec<HeapKind> = Vec::new();
        for heap in 1..phi.len() {
            if self.options[heap].is_empty() {
                continue;
            }
            let kind = HeapKind {
                element: phi[heap],
                images: self.images(monoid, phi, heap),
                heap: heap as u64,
            };
            if !kinds
                .iter()
                .any(|k| k.element == kind.element && k.images == kind.images)
            {
                kinds.push(kind);
            }
        }
        kinds
    }

    /// Whether `monoid` under `phi` predicts every misère outcome of the positions of the
    /// heaps so far (see [`check`]).
    fn verify(&mut self, monoid: &Bipartite, phi: &[u32]) -> Verdict {
        check(monoid, &self.types(monoid, phi), &mut self.work_left)
    }
}

/// Marks, for the positions whose counts of the `digits` largest kinds vary (the counts of
/// the larger ones fixed, reaching `element` with options' elements `options`), the element
/// of each one reaching a new element first (see [`Builder::mark`]).
fn mark_from(
    monoid: &mut Bipartite,
    kinds: &[HeapKind],
    marked: &mut [bool],
    digits: usize,
    element: u32,
    options: &[u64],
) {
    if digits == 0 {
        if !marked[element as usize] {
            marked[element as usize] = true;
            let has_move = options.iter().any(|&word| word != 0);
            let option_in_p = members(options).any(|y| monoid.p[y as usize]);
            monoid.p[element as usize] = has_move && !option_in_p;
        }
        return;
    }
    let kind = &kinds[digits - 1];
    let (mut element, mut options): (u32, Elements) = (element, SmallVec::from_slice(options));
    loop {
        mark_from(monoid, kinds, marked, digits - 1, element, &options);
        let (next, next_options) = add_heap_to(monoid, element, &options, kind);
        if marked[next as usize] {
            break;
        }
        (element, options) = (next, next_options);
    }
}

/// The pair (element, options' elements) of a position with that pair, a heap of `kind`
/// added.
fn add_heap_to(
    monoid: &Bipartite,
    element: u32,
    options: &[u64],
    kind: &HeapKind,
) -> (u32, Elements) {
    let mut after: Elements = SmallVec::from_elem(0, options.len());
    for y in members(options) {
        let z = monoid.product(y, kind.element) as usize;
        after[z / 64] |= 1 << (z % 64);
    }
    for &image in &kind.images {
        let z = monoid.product(element, image) as usize;
        after[z / 64] |= 1 << (z % 64);
    }
    (monoid.product(element, kind.element), after)
}

/// The elements of a set, in order.
fn members(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(word, &bits)| {
        let mut rest = bits;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                word as u32 * 64 + bit
            })
        })
    })
}

/// A set of elements, a bit each: inline for quotients of up to 128 elements.
type Elements = SmallVec<[u64; 2]>;

/// A kind of heap: its element, its options' elements, and the smallest heap of the kind.
struct HeapKind {
    element: u32,
    images: Vec<u32>,
    heap: u64,
}

/// Whether `monoid` predicts every misère outcome of the positions made of heaps of `kinds`:
/// the closure of the empty position's pair (element, options' elements) under adding heaps,
/// in order of the number of heaps added, each pair checked; the first pair that fails
/// gives a shortest position mispredicted.
fn check(monoid: &Bipartite, kinds: &[HeapKind], work_left: &mut usize) -> Verdict {
    let words = monoid.size().div_ceil(64);
    let mut index: HashMap<(u32, Elements), usize, MapBuildHasher> = HashMap::default();
    // Each state, the state it was reached from and the heap added.
    let mut states: Vec<((u32, Elements), usize, u64)> = Vec::new();
    let start: (u32, Elements) = (0, SmallVec::from_elem(0, words));
    index.insert(start.clone(), 0);
    states.push((start, usize::MAX, 0));
    let mut next = 0;
    while next < states.len() {
        let (element, options) = states[next].0.clone();
        if !predicted(monoid, element, &options) {
            return Verdict::Fails(position_of(&states, next));
        }
        for kind in kinds {
            let state = add_heap_to(monoid, element, &options, kind);
            if !index.contains_key(&state) {
                if states.len() >= MAX_VERIFIED_STATES {
                    return Verdict::TooLarge;
                }
                if *work_left == 0 {
                    return Verdict::OutOfWork;
                }
                *work_left -= 1;
                index.insert(state.clone(), states.len());
                states.push((state, next, kind.heap));
            }
        }
        next += 1;
    }
    Verdict::Proved
}

/// Whether the positions of one heap of the last kind, alone or beside one heap of any kind,
/// are predicted: a quick test that rejects most wrong elements for a new heap before the
/// full [`check`].
fn passes_near(monoid: &Bipartite, kinds: &[HeapKind]) -> bool {
    let Some(new) = kinds.last() else {
        return true;
    };
    let words = monoid.size().div_ceil(64);
    let (element, options) = add_heap_to(monoid, 0, &vec![0; words], new);
    if !predicted(monoid, element, &options) {
        return false;
    }
    kinds.iter().all(|kind| {
        let (beside, beside_options) = add_heap_to(monoid, element, &options, kind);
        predicted(monoid, beside, &beside_options)
    })
}

/// Whether `element` is in the P-portion exactly when a position with options' elements
/// `options` is P: it has a move and no option's element is P.
fn predicted(monoid: &Bipartite, element: u32, options: &[u64]) -> bool {
    let has_move = options.iter().any(|&word| word != 0);
    let option_in_p = members(options).any(|y| monoid.p[y as usize]);
    monoid.p[element as usize] == (has_move && !option_in_p)
}

/// The heaps of the position that reached state `at`.
fn position_of(states: &[((u32, Elements), usize, u64)], mut at: usize) -> Vec<u64> {
    let mut heaps = Vec::new();
    while at != 0 {
        heaps.push(states[at].2);
        at = states[at].1;
    }
    heaps
}

/// Every `size`-element subset of `values`, in order.
fn combinations(values: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &first) in values.iter().enumerate() {
        for mut rest in combinations(&values[i + 1..], size - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The options of a lone heap of `heap`, each as its heaps (zeros dropped), each smaller.
fn single_heap_options<G: ImpartialGame<Position = Heaps>>(
    game: &G,
    heap: u64,
) -> Result<Vec<Vec<u64>>, QuotientError> {
    let mut options = Vec::new();
    for option in game.moves(&Heaps::from([heap])) {
        let left: Vec<u64> = option.iter().copied().filter(|&h| h > 0).collect();
        if let Some(&large) = left.iter().find(|&&h| h >= heap) {
            return Err(QuotientError::NotShrinking { heap, left: large });
        }
        options.push(left);
    }
    Ok(options)
}
