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
//! Heap `n` is added to the quotient of the smaller heaps by trying each element as `Φ(n)`;
//! if none is verified, by trying the product with a cyclic monoid of a new generator (its
//! powers repeating from a small index with a small period), the P-portion marked by the
//! outcomes of the shortest positions reaching each element (searched by a
//! [`Solver`](crate::Solver)), reduced and verified. When neither gives a verified candidate
//! the computation stops, and the quotient covers the heaps before (see
//! [`MisereQuotient::stop`]) — never a candidate that was not proved.

mod monoid;

use std::collections::HashSet;
use std::fmt;

use monoid::Bipartite;

use crate::game::{ImpartialGame, Outcome};
use crate::heap::Heaps;
use crate::solver::Solver;

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

/// The cyclic monoids tried for a new generator: `(index, period)`, `g^(index + period) =
/// g^index`.
const CYCLIC_TRIALS: [(usize, usize); 8] = [
    (0, 2),
    (1, 2),
    (2, 2),
    (1, 1),
    (2, 1),
    (3, 2),
    (4, 2),
    (6, 2),
];

/// Why a quotient covers fewer heaps than asked.
///
/// # Examples
///
/// See [`MisereQuotient::stop`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stop {
    /// At this heap no element of the quotient before, and no product with a small cyclic
    /// monoid, gave a verified candidate.
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
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::NoCandidate { heap } => write!(
                f,
                "heap {heap} changes the quotient in a way this engine does not try (no element, and no product with a small cyclic monoid, was verified)"
            ),
            Stop::TooLarge { heap } => write!(
                f,
                "heap {heap} would make a candidate of more than {MAX_ELEMENTS} elements or a verification of more than {MAX_VERIFIED_STATES} states"
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
    /// [`QuotientError::ZeroBound`] for `max_heap` 0; [`QuotientError::NotShrinking`] for a
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
        let mut builder = Builder {
            solver: Solver::new(game.clone()),
            options: vec![Vec::new()],
            monoid: Bipartite::trivial(),
            phi: vec![0],
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
    /// use impartial::quotient::{MisereQuotient, Stop};
    ///
    /// // Dawson's Kayles changes its quotient at heap 10 in a way not tried yet.
    /// let q = MisereQuotient::compute(&"0.07".parse::<OctalGame>()?, 20)?;
    /// assert_eq!(q.heaps(), 9);
    /// assert_eq!(q.stop(), Some(&Stop::NoCandidate { heap: 10 }));
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
}

impl<G: ImpartialGame<Position = Heaps>> Builder<G> {
    fn finish(self, stop: Option<Stop>) -> MisereQuotient {
        MisereQuotient {
            monoid: self.monoid,
            phi: self.phi,
            stop,
        }
    }

    /// Adds the last heap of `options` to the quotient, or says why it cannot.
    fn add_heap(&mut self) -> Result<(), Stop> {
        let heap = (self.options.len() - 1) as u64;
        if self.options[heap as usize].is_empty() {
            // A heap without moves is the empty position.
            self.phi.push(0);
            return Ok(());
        }
        let images = self.images(&self.monoid, &self.phi, heap as usize);
        let heap_is_p = images.iter().all(|&image| !self.monoid.p[image as usize]);
        for x in 0..self.monoid.size() as u32 {
            if self.monoid.p[x as usize] != heap_is_p {
                continue;
            }
            let mut phi = self.phi.clone();
            phi.push(x);
            match verify(&self.monoid, &self.types(&self.monoid, &phi)) {
                Some(true) => {
                    self.phi = phi;
                    return Ok(());
                }
                Some(false) => {}
                None => return Err(Stop::TooLarge { heap }),
            }
        }
        self.change_presentation(heap)
    }

    /// Adds `heap` as a new generator: the product with a cyclic monoid, marked, reduced and
    /// verified, for each cyclic monoid tried.
    fn change_presentation(&mut self, heap: u64) -> Result<(), Stop> {
        for (index, period) in CYCLIC_TRIALS {
            if self.monoid.size() * (index + period) > MAX_ELEMENTS {
                return Err(Stop::TooLarge { heap });
            }
            let mut product = self.monoid.times_cyclic(index, period);
            let mut phi = self.phi.clone();
            phi.push(self.monoid.new_generator());
            self.mark(&mut product, &phi);
            let mut generators: Vec<u32> = phi.clone();
            generators.sort_unstable();
            generators.dedup();
            let (reduced, class) = product.reduce(&generators);
            let phi: Vec<u32> = phi
                .iter()
                .map(|&x| class[x as usize].expect("a heap's element is reached"))
                .collect();
            match verify(&reduced, &self.types(&reduced, &phi)) {
                Some(true) => {
                    self.monoid = reduced;
                    self.phi = phi;
                    return Ok(());
                }
                Some(false) => {}
                None => return Err(Stop::TooLarge { heap }),
            }
        }
        Err(Stop::NoCandidate { heap })
    }

    /// Marks the P-portion of `monoid` (under `phi`): each element reached from the empty
    /// position by adding heaps is P if the shortest position reaching it is a misère
    /// P-position, searched.
    fn mark(&mut self, monoid: &mut Bipartite, phi: &[u32]) {
        // The smallest heap of each element `Φ` takes: the shortest positions.
        let mut heaps: Vec<(u32, u64)> = Vec::new();
        for (heap, &x) in phi.iter().enumerate().skip(1) {
            if x != 0 && !heaps.iter().any(|&(y, _)| y == x) {
                heaps.push((x, heap as u64));
            }
        }
        let mut seen = vec![false; monoid.size()];
        let mut queue = vec![(0u32, Vec::<u64>::new())];
        seen[0] = true;
        let mut next = 0;
        while next < queue.len() {
            let (element, position) = queue[next].clone();
            next += 1;
            let outcome = self.solver.misere_outcome(Heaps::from(position.clone()));
            monoid.p[element as usize] = outcome == Outcome::P;
            for &(x, heap) in &heaps {
                let product = monoid.product(element, x);
                if !seen[product as usize] {
                    seen[product as usize] = true;
                    let mut longer = position.clone();
                    longer.push(heap);
                    queue.push((product, longer));
                }
            }
        }
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

    /// The kinds of heap a verification adds: `Φ(h)` and the elements of `h`'s options,
    /// each kind once (heaps without moves add nothing).
    fn types(&self, monoid: &Bipartite, phi: &[u32]) -> Vec<(u32, Vec<u32>)> {
        let mut types: Vec<(u32, Vec<u32>)> = (1..phi.len())
            .filter(|&heap| !self.options[heap].is_empty())
            .map(|heap| (phi[heap], self.images(monoid, phi, heap)))
            .collect();
        types.sort();
        types.dedup();
        types
    }
}

/// Whether `monoid` predicts every misère outcome of the positions made of heaps of `types`
/// (each `(Φ(h), elements of h's options)`): the closure of the empty position's pair
/// (element, options' elements) under adding heaps, each pair checked. `None` past
/// [`MAX_VERIFIED_STATES`].
fn verify(monoid: &Bipartite, types: &[(u32, Vec<u32>)]) -> Option<bool> {
    let words = monoid.size().div_ceil(64);
    let mut seen: HashSet<(u32, Vec<u64>)> = HashSet::new();
    let start = (0u32, vec![0u64; words]);
    seen.insert(start.clone());
    let mut stack = vec![start];
    while let Some((element, options)) = stack.pop() {
        let has_move = options.iter().any(|&word| word != 0);
        let option_in_p =
            (0..monoid.size()).any(|y| options[y / 64] >> (y % 64) & 1 == 1 && monoid.p[y]);
        if monoid.p[element as usize] != (has_move && !option_in_p) {
            return Some(false);
        }
        for (x, images) in types {
            let mut next = vec![0u64; words];
            for y in 0..monoid.size() {
                if options[y / 64] >> (y % 64) & 1 == 1 {
                    let z = monoid.product(y as u32, *x) as usize;
                    next[z / 64] |= 1 << (z % 64);
                }
            }
            for &image in images {
                let z = monoid.product(element, image) as usize;
                next[z / 64] |= 1 << (z % 64);
            }
            let state = (monoid.product(element, *x), next);
            if !seen.contains(&state) {
                if seen.len() >= MAX_VERIFIED_STATES {
                    return None;
                }
                seen.insert(state.clone());
                stack.push(state);
            }
        }
    }
    Some(true)
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
