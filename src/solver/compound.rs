//! Compounds beyond the disjunctive sum: several games played at once, where a turn moves in
//! more than one of them (*Winning Ways*, ch. 9).
//!
//! | compound | a turn moves in | play stops when | decided by |
//! |---|---|---|---|
//! | [`Sum`](crate::Sum) (disjunctive) | exactly one component | no component can move | the XOR of Grundy values |
//! | [`Conjunctive`] | every component | any component cannot move | the least [remoteness](crate::Solver::remoteness) |
//! | [`Selective`] | any non-empty set of components | no component can move | whether every component is P |
//! | [`ContinuedConjunctive`] | every component that still can | no component can move | the largest [suspense number](crate::Solver::suspense) |
//!
//! In every case the player who cannot move loses. The Grundy value does not decide the
//! conjunctive compounds: how *soon* each component ends does. In a conjunctive compound the
//! first component to end ends the game, so each player plays every component by its
//! remoteness — hurrying where they win, delaying where they lose — and the least remoteness
//! wins the race; in a continued conjunctive compound the last component to end decides, and
//! the winner delays while the loser hurries.
//!
//! ```
//! use impartial::compound::{Conjunctive, ContinuedConjunctive, Selective};
//! use impartial::{Nim, Outcome};
//!
//! // Nim heaps of 1 and 3: a sum worth 1 ⊕ 3 = 2, a first-player win …
//! let heaps = [[1], [3]];
//! // … but moving in both at once, the heap of 1 ends the game after one move: a win too.
//! assert_eq!(Conjunctive::new(Nim).outcome(heaps)?, Outcome::N);
//! assert_eq!(Selective::new(Nim).outcome(heaps)?, Outcome::N);
//! // Two heaps of 2: as a sum, P (the second player copies); as a continued conjunctive
//! // compound, the first player empties both at once and wins.
//! assert_eq!(ContinuedConjunctive::new(Nim).outcome([[2], [2]])?, Outcome::N);
//! # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
//! ```

use std::borrow::Borrow;

use super::general::Solver;
use super::search::Rule;
use crate::error::SolveError;
use crate::game::{ImpartialGame, IntoPosition, Outcome};

/// The components as owned positions.
fn owned<G: ImpartialGame, P: IntoPosition<G::Position>>(
    components: impl IntoIterator<Item = P>,
) -> Vec<G::Position> {
    components
        .into_iter()
        .map(|component| component.into_holder().borrow().clone())
        .collect()
}

/// The common part of the three compounds: a solver for the components.
macro_rules! compound_solver {
    ($name:ident) => {
        impl<G: ImpartialGame> $name<G> {
            /// Compounds of positions of `game`, with a fresh solver for the components.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use impartial::compound::", stringify!($name), ";")]
            /// use impartial::Nim;
            ///
            #[doc = concat!("let compound = ", stringify!($name), "::new(Nim);")]
            /// assert_eq!(compound.solver().stats().states, 0);
            /// ```
            #[must_use]
            pub fn new(game: G) -> Self {
                Self::with_solver(Solver::new(game))
            }

            /// Compounds whose components are solved by `solver`, with its limits and what it
            /// knows.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use impartial::compound::", stringify!($name), ";")]
            /// use impartial::{Nim, Outcome, Solver};
            ///
            #[doc = concat!("let mut compound = ", stringify!($name), "::with_solver(Solver::new(Nim).with_state_limit(1_000));")]
            /// assert_eq!(compound.outcome([[1, 1], [1, 1]])?, Outcome::P);
            /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
            /// ```
            #[must_use]
            pub fn with_solver(solver: Solver<G>) -> Self {
                $name { solver }
            }

            /// The solver of the components, with all it has learnt.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use impartial::compound::", stringify!($name), ";")]
            /// use impartial::Nim;
            ///
            #[doc = concat!("let mut compound = ", stringify!($name), "::new(Nim);")]
            /// compound.outcome([[2], [3]])?;
            /// assert_eq!(compound.solver().game(), &Nim);
            /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
            /// ```
            pub fn solver(&self) -> &Solver<G> {
                &self.solver
            }

            /// Gives back the solver of the components.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use impartial::compound::", stringify!($name), ";")]
            /// use impartial::Nim;
            ///
            #[doc = concat!("let solver = ", stringify!($name), "::new(Nim).into_solver();")]
            /// assert_eq!(solver.stats().states, 0);
            /// ```
            #[must_use]
            pub fn into_solver(self) -> Solver<G> {
                self.solver
            }
        }

        impl<G: ImpartialGame + std::fmt::Debug> std::fmt::Debug for $name<G> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("solver", &self.solver)
                    .finish()
            }
        }

        impl<G: ImpartialGame + Clone> Clone for $name<G> {
            fn clone(&self) -> Self {
                $name {
                    solver: self.solver.clone(),
                }
            }
        }
    };
}

/// The conjunctive compound: every turn moves in **every** component, and play stops as soon
/// as one component has no move — the player who cannot move in all of them loses.
///
/// Decided by the least remoteness (*Winning Ways*, ch. 9): the compound lasts as long as its
/// quickest component, and is a P-position exactly when that least remoteness is even. The
/// winning move plays every component by its remoteness: to an option one less remote —
/// the quickest win where its remoteness is odd, the slowest loss where it is even.
///
/// # Examples
///
/// ```
/// use impartial::compound::Conjunctive;
/// use impartial::{Heaps, Nim, Outcome};
///
/// let mut compound = Conjunctive::new(Nim);
/// // Heaps 2 and 2 (remoteness 4) with a heap of 3 (remoteness 1): the 3 ends it at once.
/// let position = [vec![2, 2], vec![3]];
/// assert_eq!(compound.remoteness(&position)?, 1);
/// assert_eq!(compound.outcome(&position)?, Outcome::N);
/// let best = compound.winning_move(&position)?.expect("N");
/// assert_eq!(best[1], Heaps::new()); // take the whole 3
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Conjunctive<G: ImpartialGame> {
    solver: Solver<G>,
}

compound_solver!(Conjunctive);

impl<G: ImpartialGame> Conjunctive<G> {
    /// How many moves the compound lasts with best play: the least remoteness of its
    /// components (0 if there are none, or one has ended).
    ///
    /// # Errors
    ///
    /// The first error of [`Solver::remoteness`] on a component.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::Conjunctive;
    /// use impartial::Nim;
    ///
    /// let mut compound = Conjunctive::new(Nim);
    /// assert_eq!(compound.remoteness([vec![5], vec![1, 1]])?, 1);
    /// assert_eq!(compound.remoteness([[2, 2], [1, 1]])?, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remoteness<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<u32, SolveError<G::Position>> {
        let mut least: Option<u32> = None;
        for component in components {
            let remoteness = self.solver.remoteness(component)?;
            least = Some(least.map_or(remoteness, |least| least.min(remoteness)));
        }
        Ok(least.unwrap_or(0))
    }

    /// Who wins, or why a component could not be solved.
    ///
    /// # Errors
    ///
    /// As [`remoteness`](Self::remoteness).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::Conjunctive;
    /// use impartial::{Nim, Outcome};
    ///
    /// assert_eq!(Conjunctive::new(Nim).outcome([[2, 2], [1, 1]]), Ok(Outcome::P));
    /// ```
    pub fn outcome<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Outcome, SolveError<G::Position>> {
        Ok(parity(self.remoteness(components)?))
    }

    /// A winning move, or why a component could not be solved.
    ///
    /// # Errors
    ///
    /// As [`remoteness`](Self::remoteness).
    ///
    /// # Panics
    ///
    /// Only if the ruleset lists different moves for a position from one call to the next:
    /// a component's remoteness `r` is one more than an option's, so an option of remoteness
    /// `r − 1` is there to be found.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::Conjunctive;
    /// use impartial::{Heaps, Nim};
    ///
    /// // Heap 1 (remoteness 1) and heap 2 (remoteness 1): take both.
    /// let best = Conjunctive::new(Nim).winning_move([[1], [2]]);
    /// assert_eq!(best, Ok(Some(vec![Heaps::new(), Heaps::new()])));
    /// ```
    pub fn winning_move<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Option<Vec<G::Position>>, SolveError<G::Position>> {
        let components = owned::<G, P>(components);
        if self.remoteness(&components)?.is_multiple_of(2) {
            return Ok(None);
        }
        let mut after = Vec::with_capacity(components.len());
        for component in &components {
            let remoteness = self.solver.remoteness(component)?;
            let option = self
                .solver
                .option_with_measure(component, Rule::Remoteness, remoteness - 1)?
                .expect("a position of remoteness r has an option of remoteness r − 1");
            after.push(option);
        }
        Ok(Some(after))
    }
}

/// The selective compound: every turn moves in **any non-empty set** of components, and play
/// stops when no component can move.
///
/// A position is P exactly when every component is P (*Winning Ways*, ch. 9): from there any
/// move leaves some component N, and the reply moves exactly those back to P. The winning move
/// does that: every N component to a P option, the P components left alone.
///
/// # Examples
///
/// ```
/// use impartial::compound::Selective;
/// use impartial::{Heaps, Nim, Outcome};
///
/// let mut compound = Selective::new(Nim);
/// // Sums of Nim heaps as components: (1, 1) is P, (1, 2) and (3) are N.
/// let position = [vec![1, 1], vec![1, 2], vec![3]];
/// assert_eq!(compound.outcome(&position)?, Outcome::N);
/// let best = compound.winning_move(&position)?.expect("N");
/// assert_eq!(best, [Heaps::from([1, 1]), Heaps::from([1, 1]), Heaps::new()]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Selective<G: ImpartialGame> {
    solver: Solver<G>,
}

compound_solver!(Selective);

impl<G: ImpartialGame> Selective<G> {
    /// Who wins, or why a component could not be solved.
    ///
    /// # Errors
    ///
    /// The first error of [`Solver::outcome`] on a component.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::Selective;
    /// use impartial::{Nim, Outcome};
    ///
    /// assert_eq!(Selective::new(Nim).outcome([[2, 2], [1, 1]]), Ok(Outcome::P));
    /// ```
    pub fn outcome<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Outcome, SolveError<G::Position>> {
        for component in components {
            if self.solver.outcome(component)? == Outcome::N {
                return Ok(Outcome::N);
            }
        }
        Ok(Outcome::P)
    }

    /// A winning move, or why a component could not be solved.
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::Selective;
    /// use impartial::{Heaps, Nim};
    ///
    /// let best = Selective::new(Nim).winning_move([vec![1], vec![2, 2]]);
    /// assert_eq!(best, Ok(Some(vec![Heaps::new(), Heaps::from([2, 2])])));
    /// ```
    pub fn winning_move<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Option<Vec<G::Position>>, SolveError<G::Position>> {
        let components = owned::<G, P>(components);
        let mut after = Vec::with_capacity(components.len());
        let mut moved = false;
        for component in components {
            match self.solver.winning_move(&component)? {
                Some(option) => {
                    after.push(option);
                    moved = true;
                }
                None => after.push(component),
            }
        }
        Ok(moved.then_some(after))
    }
}

/// The continued conjunctive compound: every turn moves in **every component that can still
/// move**, and play stops when none can.
///
/// Decided by the largest suspense number (*Winning Ways*, ch. 9): the compound lasts as long
/// as its slowest component, and is a P-position exactly when that largest suspense number is
/// even. The winning move plays every component that can move by its suspense number: to an
/// option one less — the slowest win where it is odd, the quickest loss where it is even.
///
/// # Examples
///
/// ```
/// use impartial::compound::ContinuedConjunctive;
/// use impartial::{Heaps, Nim, Outcome};
///
/// let mut compound = ContinuedConjunctive::new(Nim);
/// // (3, 1) has suspense 3, (2, 2) has 2: the largest is odd, a first-player win.
/// let position = [vec![3, 1], vec![2, 2]];
/// assert_eq!(compound.suspense(&position)?, 3);
/// assert_eq!(compound.outcome(&position)?, Outcome::N);
/// let best = compound.winning_move(&position)?.expect("N");
/// assert_eq!(best, [Heaps::from([1, 1]), Heaps::from([2])]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ContinuedConjunctive<G: ImpartialGame> {
    solver: Solver<G>,
}

compound_solver!(ContinuedConjunctive);

impl<G: ImpartialGame> ContinuedConjunctive<G> {
    /// How many moves the compound lasts with best play: the largest suspense number of its
    /// components (0 if none can move).
    ///
    /// # Errors
    ///
    /// The first error of [`Solver::suspense`] on a component.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::ContinuedConjunctive;
    /// use impartial::Nim;
    ///
    /// assert_eq!(ContinuedConjunctive::new(Nim).suspense([vec![5], vec![1, 1]])?, 2);
    /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
    /// ```
    pub fn suspense<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<u32, SolveError<G::Position>> {
        let mut largest = 0;
        for component in components {
            largest = largest.max(self.solver.suspense(component)?);
        }
        Ok(largest)
    }

    /// Who wins, or why a component could not be solved.
    ///
    /// # Errors
    ///
    /// As [`suspense`](Self::suspense).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::ContinuedConjunctive;
    /// use impartial::{Nim, Outcome};
    ///
    /// let position = [vec![5], vec![1, 1]];
    /// assert_eq!(ContinuedConjunctive::new(Nim).outcome(&position), Ok(Outcome::P));
    /// ```
    pub fn outcome<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Outcome, SolveError<G::Position>> {
        Ok(parity(self.suspense(components)?))
    }

    /// A winning move, or why a component could not be solved.
    ///
    /// # Errors
    ///
    /// As [`suspense`](Self::suspense).
    ///
    /// # Panics
    ///
    /// Only if the ruleset lists different moves for a position from one call to the next:
    /// a component's suspense number `s > 0` is one more than an option's.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::compound::ContinuedConjunctive;
    /// use impartial::{Heaps, Nim};
    ///
    /// // A heap of 4 (suspense 1) and an empty one: take the 4, the empty heap stays.
    /// let best = ContinuedConjunctive::new(Nim).winning_move([[4], [0]]);
    /// assert_eq!(best, Ok(Some(vec![Heaps::new(), Heaps::new()])));
    /// ```
    pub fn winning_move<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Option<Vec<G::Position>>, SolveError<G::Position>> {
        let components = owned::<G, P>(components);
        if self.suspense(&components)?.is_multiple_of(2) {
            return Ok(None);
        }
        let mut after = Vec::with_capacity(components.len());
        for component in components {
            let suspense = self.solver.suspense(&component)?;
            if suspense == 0 {
                after.push(component);
                continue;
            }
            let option = self
                .solver
                .option_with_measure(&component, Rule::Suspense, suspense - 1)?
                .expect("a position of suspense s > 0 has an option of suspense s − 1");
            after.push(option);
        }
        Ok(Some(after))
    }
}

/// P for an even measure, N for an odd one.
#[inline]
fn parity(measure: u32) -> Outcome {
    if measure.is_multiple_of(2) {
        Outcome::P
    } else {
        Outcome::N
    }
}
