//! Disjunctive sums: play several games side by side, moving in exactly one per turn.
//!
//! By the Sprague–Grundy theorem the value of a sum is the nim-sum (XOR) of its parts'
//! values, so a sum of `k` games costs the sum, not the product, of their state graphs.
//! [`Sum`] solves sums of positions of one ruleset; [`Union`] puts two rulesets under one
//! roof so that a [`Sum`] can mix them (and nesting [`Union`]s mixes more).

use std::borrow::Borrow;
use std::fmt::{self, Debug};
use std::sync::{Mutex, PoisonError};

use super::general::Solver;
use crate::error::SolveError;
use crate::game::{
    Either, ImpartialGame, IntoPosition, Nimber, Outcome, Play, PositionError, vec_bytes,
};

/// A winning move in a sum: which component to play in, and the position to leave there.
///
/// # Examples
///
/// ```
/// use impartial::{Heaps, Nim, Sum, SumMove};
///
/// let mut sum = Sum::new(Nim);
/// let best = sum.winning_move([[3], [5]])?;
/// assert_eq!(best, Some(SumMove { component: 1, to: Heaps::from([3]) }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SumMove<P> {
    /// Index of the component the move is made in.
    pub component: usize,
    /// The component's position after the move.
    pub to: P,
}

/// The disjunctive sum of positions of one ruleset, solved by the Sprague–Grundy theorem.
///
/// A `Sum` owns a [`Solver`] for its ruleset and asks it for each component's value, then
/// XORs them. It is itself an [`ImpartialGame`] (positions are lists of components) whose
/// closed-form hook is that XOR, so sums nest and a [`Solver`] of sums never searches the
/// product graph. Its queries take the components as any list of positions, each given as
/// the solver's queries take them ([`IntoPosition`]). It is `Send` and `Sync` when its
/// ruleset and positions are.
///
/// # Complexity
///
/// One query costs what the components' values cost, once each; the solver inside keeps
/// them for later queries.
///
/// # Examples
///
/// ```
/// use impartial::{Heaps, Nimber, Outcome, Sum, SubtractionGame};
///
/// // Three heaps of S(1, 3, 4): values 2, 3 and 0.
/// let mut sum = Sum::new(SubtractionGame::new(&[1, 3, 4])?);
/// let heaps = [[4], [5], [7]];
/// assert_eq!(sum.grundy(heaps)?, Nimber(2 ^ 3));
/// assert_eq!(sum.outcome(heaps)?, Outcome::N);
/// // Bring the value-3 heap of 5 down to value 2: 5 → 4.
/// let best = sum.winning_move(heaps)?.expect("an N-position has a winning move");
/// assert_eq!((best.component, best.to), (1, Heaps::from([4])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Sum<G: ImpartialGame> {
    /// Behind a lock only for the [`ImpartialGame`] impl, whose methods take `&self`; the
    /// queries take `&mut self` and never wait for it.
    solver: Mutex<Solver<G>>,
}

impl<G: ImpartialGame> Sum<G> {
    /// Sums of positions of `game`, with a fresh solver for the components.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Sum};
    ///
    /// assert_eq!(Sum::new(Nim).grundy([[1], [2]])?, Nimber(3));
    /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
    /// ```
    #[must_use]
    pub fn new(game: G) -> Self {
        Self::with_solver(Solver::new(game))
    }

    /// Sums whose components are solved by `solver` (with its limits and what it knows).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Solver, Sum};
    ///
    /// let mut sum = Sum::with_solver(Solver::new(Nim).without_closed_form());
    /// assert_eq!(sum.outcome([vec![2, 2], vec![1]])?, Outcome::N);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_solver(solver: Solver<G>) -> Self {
        Sum {
            solver: Mutex::new(solver),
        }
    }

    /// Gives back the solver of the components, with all it has learnt.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Solver, Sum};
    ///
    /// let mut sum = Sum::with_solver(Solver::new(Nim).without_closed_form());
    /// sum.grundy([[3]])?;
    /// assert_eq!(sum.into_solver().stats().states, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_solver(self) -> Solver<G> {
        self.solver
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn solver(&mut self) -> &mut Solver<G> {
        self.solver
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The value of the sum: the XOR of the components' values.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`], for the first component that fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Sum};
    ///
    /// let mut sum = Sum::new(Nim);
    /// assert_eq!(sum.grundy(Vec::<Vec<u64>>::new())?, Nimber(0));
    /// assert_eq!(sum.grundy([vec![1, 2], vec![4]])?, Nimber(7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Nimber, SolveError<G::Position>> {
        let solver = self.solver();
        components
            .into_iter()
            .map(|component| solver.grundy(component))
            .sum()
    }

    /// The outcome of the sum: `P` exactly when the XOR of the values is `*0`.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`], for the first component that fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Outcome, Sum};
    ///
    /// assert_eq!(Sum::new(Nim).outcome([[3], [3]])?, Outcome::P);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Outcome, SolveError<G::Position>> {
        Ok(Outcome::from(self.grundy(components)?))
    }

    /// A winning move in the sum, or `None` if the sum is a P-position.
    ///
    /// This is Bouton's move lifted to any game: with `s` the nim-sum, it plays in the first
    /// component whose value `g` has `g ^ s < g`, to the first option whose value is
    /// `g ^ s` (one exists, by the definition of mex). The options are searched as they are
    /// listed, and no further.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`], for the first component that fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Heaps, Nim, Sum, SumMove};
    ///
    /// let mut sum = Sum::new(Nim);
    /// assert_eq!(sum.winning_move([[1], [1]])?, None);
    /// assert_eq!(
    ///     sum.winning_move([vec![6], vec![1, 2]])?,
    ///     Some(SumMove { component: 0, to: Heaps::from([3]) })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_move<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Option<SumMove<G::Position>>, SolveError<G::Position>> {
        let (holders, values) = self.component_values(components)?;
        let total: Nimber = values.iter().copied().sum();
        if total.is_zero() {
            return Ok(None);
        }
        let solver = self.solver();
        for (component, (holder, &value)) in holders.iter().zip(&values).enumerate() {
            let target = value ^ total;
            if target >= value {
                continue;
            }
            if let Some(to) = solver
                .options_with_value(holder.borrow(), target, true)?
                .pop()
            {
                return Ok(Some(SumMove { component, to }));
            }
        }
        // Unreachable for a ruleset whose closed form obeys the laws of `ImpartialGame`.
        Ok(None)
    }

    /// Every winning move in the sum: each move, in any component, after which the nim-sum
    /// is `*0`. In component order, and within a component in the ruleset's order.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`], for the first component that fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Sum};
    ///
    /// let moves = Sum::new(Nim).winning_moves([[3], [5], [7]])?;
    /// let targets: Vec<(usize, Vec<u64>)> =
    ///     moves.into_iter().map(|m| (m.component, m.to.into())).collect();
    /// assert_eq!(targets, [(0, vec![2]), (1, vec![4]), (2, vec![6])]);
    /// # Ok::<(), impartial::SolveError<impartial::Heaps>>(())
    /// ```
    pub fn winning_moves<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<Vec<SumMove<G::Position>>, SolveError<G::Position>> {
        let (holders, values) = self.component_values(components)?;
        let total: Nimber = values.iter().copied().sum();
        let mut winning = Vec::new();
        if total.is_zero() {
            return Ok(winning);
        }
        let solver = self.solver();
        for (component, (holder, &value)) in holders.iter().zip(&values).enumerate() {
            // A winning option may have a larger value than its component: look at all.
            let target = value ^ total;
            let options = solver.options_with_value(holder.borrow(), target, false)?;
            winning.extend(options.into_iter().map(|to| SumMove { component, to }));
        }
        Ok(winning)
    }

    /// The components, held, and their values.
    #[allow(clippy::type_complexity)]
    fn component_values<P: IntoPosition<G::Position>>(
        &mut self,
        components: impl IntoIterator<Item = P>,
    ) -> Result<(Vec<P::Holder>, Vec<Nimber>), SolveError<G::Position>> {
        let holders: Vec<P::Holder> = components
            .into_iter()
            .map(IntoPosition::into_holder)
            .collect();
        let solver = self.solver();
        let values = holders
            .iter()
            .map(|holder| solver.grundy(holder.borrow()))
            .collect::<Result<_, _>>()?;
        Ok((holders, values))
    }

    /// The solver, locked: for the [`ImpartialGame`] methods, which take `&self`.
    fn locked(&self) -> std::sync::MutexGuard<'_, Solver<G>> {
        self.solver.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<G: ImpartialGame> ImpartialGame for Sum<G> {
    type Position = Vec<G::Position>;

    /// The components' convention: a sum of misère games is played misère.
    const PLAY: Play = G::PLAY;

    /// Each component one of the components' game's.
    fn check_position(&self, components: &Vec<G::Position>) -> Result<(), PositionError> {
        let solver = self.locked();
        components
            .iter()
            .enumerate()
            .try_for_each(|(index, component)| {
                solver.game().check_position(component).map_err(|error| {
                    PositionError::new(format!("component {index}: {}", error.reason()))
                })
            })
    }

    /// Every move of every component, component by component.
    ///
    /// The components' solver is locked only while the moves are listed, so the options
    /// are collected first: a sum is meant to be valued through its closed form, and a
    /// search of the product graph is the slow path anyway.
    fn moves(&self, components: &Vec<G::Position>) -> impl Iterator<Item = Vec<G::Position>> {
        let solver = self.locked();
        let mut options = Vec::new();
        for (index, component) in components.iter().enumerate() {
            for option in solver.game().moves(component) {
                let mut sum = components.clone();
                sum[index] = option;
                options.push(sum);
            }
        }
        options.into_iter()
    }

    /// The XOR of the components' values, or `None` if a component cannot be solved (the
    /// outer solver then searches, and reports the error itself).
    fn known_grundy(&self, components: &Vec<G::Position>) -> Option<Nimber> {
        let mut solver = self.locked();
        components
            .iter()
            .map(|component| solver.grundy(component))
            .sum::<Result<Nimber, _>>()
            .ok()
    }

    fn allocated_bytes(&self, components: &Vec<G::Position>) -> usize {
        let solver = self.locked();
        let inner: usize = components
            .iter()
            .map(|component| solver.game().allocated_bytes(component))
            .sum();
        vec_bytes(components) + inner
    }
}

impl<G: ImpartialGame + Debug> Debug for Sum<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sum")
            .field("game", self.locked().game())
            .finish_non_exhaustive()
    }
}

impl<G: ImpartialGame + Clone> Clone for Sum<G> {
    fn clone(&self) -> Self {
        Sum::with_solver(self.locked().clone())
    }
}

/// Two rulesets as one: a position is a position of either, and moves within its own rules.
///
/// On its own a `Union` is just a way to name positions of two games with one type; its use
/// is as the ruleset of a [`Sum`], whose components may then come from different games.
/// Nest unions to mix more rulesets.
///
/// # Examples
///
/// ```
/// use impartial::{Either, Heaps, Nim, Nimber, SubtractionGame, Sum, SumMove, Union};
///
/// let mut sum = Sum::new(Union::new(Nim, SubtractionGame::new(&[1, 3, 4])?));
/// // A Nim heap of 2 and an S(1,3,4) heap of 5 (value 3): nim-sum 1.
/// let position = [Either::Left(Heaps::from([2])), Either::Right(Heaps::from([5]))];
/// assert_eq!(sum.grundy(&position)?, Nimber(1));
/// assert_eq!(
///     sum.winning_move(&position)?,
///     Some(SumMove { component: 1, to: Either::Right(Heaps::from([4])) })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Union<A, B> {
    left: A,
    right: B,
}

impl<A: ImpartialGame, B: ImpartialGame> Union<A, B> {
    /// The union of `left` and `right`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Either, Heaps, ImpartialGame, Nim, Union};
    ///
    /// let union = Union::new(Nim, Nim);
    /// let options: Vec<_> = union.moves(&Either::Right(Heaps::from([1]))).collect();
    /// assert_eq!(options, [Either::Right(Heaps::new())]);
    /// ```
    #[must_use]
    pub fn new(left: A, right: B) -> Self {
        Union { left, right }
    }
}

impl<A: ImpartialGame, B: ImpartialGame> ImpartialGame for Union<A, B> {
    type Position = Either<A::Position, B::Position>;

    /// The sides' convention; a union of a normal and a misère game does not compile when it
    /// is solved.
    const PLAY: Play = {
        assert!(
            matches!(
                (A::PLAY, B::PLAY),
                (Play::Normal, Play::Normal) | (Play::Misere, Play::Misere)
            ),
            "a union of games of two play conventions"
        );
        A::PLAY
    };

    fn check_position(&self, position: &Self::Position) -> Result<(), PositionError> {
        match position {
            Either::Left(left) => self.left.check_position(left),
            Either::Right(right) => self.right.check_position(right),
        }
    }

    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position> {
        match position {
            Either::Left(left) => Either::Left(self.left.moves(left).map(Either::Left)),
            Either::Right(right) => Either::Right(self.right.moves(right).map(Either::Right)),
        }
    }

    fn known_grundy(&self, position: &Self::Position) -> Option<Nimber> {
        match position {
            Either::Left(left) => self.left.known_grundy(left),
            Either::Right(right) => self.right.known_grundy(right),
        }
    }

    fn allocated_bytes(&self, position: &Self::Position) -> usize {
        match position {
            Either::Left(left) => self.left.allocated_bytes(left),
            Either::Right(right) => self.right.allocated_bytes(right),
        }
    }

    /// The sides' indices interleaved: even for the left, odd for the right.
    fn dense_index(&self, position: &Self::Position) -> Option<usize> {
        match position {
            Either::Left(left) => self.left.dense_index(left)?.checked_mul(2),
            Either::Right(right) => self
                .right
                .dense_index(right)?
                .checked_mul(2)?
                .checked_add(1),
        }
    }
}
