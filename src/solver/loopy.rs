//! Loopy impartial games: positions that can recur, draws, and generalized Sprague–Grundy
//! values.
//!
//! In a loopy game play may go on for ever (a token moving around a cycle, moves that undo
//! moves). [`Solver`](crate::Solver) refuses such games with
//! [`SolveError::Cycle`]; [`LoopySolver`] solves them. It explores every position reachable
//! from a query, then
//!
//! - classifies each as **P**, **N** or **Draw** by *retrograde analysis*: a terminal position
//!   is P, a position with a P option is N, a position whose options are all N is P, and what
//!   these rules never reach is a Draw — neither player can force a win. Time is linear in the
//!   number of moves explored.
//! - assigns each its *generalized Sprague–Grundy value* `γ` (Smith 1966; Fraenkel and Yesha
//!   1986): a finite nimber, or `∞(K)` — infinite, with the *escape set* `K` of the finite
//!   values among its options. `γ = 0` exactly at P-positions; a finite `γ > 0` and `∞(K)`
//!   with `0 ∈ K` are N; `∞(K)` with `0 ∉ K` is a Draw. Values decide sums
//!   ([`sum_outcome`]): finite parts add by XOR, `g + ∞(K)` is N iff `g ∈ K` and a Draw
//!   otherwise, and a sum with two infinite parts is a Draw.
//!
//! ```
//! use impartial::loopy::{LoopyOutcome, LoopySolver};
//! use impartial::ImpartialGame;
//!
//! /// A token on a graph: 0 ⇄ 1 → 2, and 3 ⇄ 4.
//! struct Token;
//! impl ImpartialGame for Token {
//!     type Position = u8;
//!     fn moves(&self, &node: &u8) -> impl Iterator<Item = u8> {
//!         let targets: &[u8] = match node { 0 => &[1], 1 => &[0, 2], 3 => &[4], 4 => &[3], _ => &[] };
//!         targets.iter().copied()
//!     }
//! }
//!
//! let mut solver = LoopySolver::new(Token);
//! assert_eq!(solver.outcome(&0)?, LoopyOutcome::P); // the only move lets the opponent escape to 2
//! assert_eq!(solver.outcome(&1)?, LoopyOutcome::N);
//! assert_eq!(solver.outcome(&3)?, LoopyOutcome::Draw);
//! assert_eq!(solver.value(&3)?.to_string(), "∞{}");
//! assert_eq!(solver.winning_move(&1)?, Some(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The algorithm for `γ`
//!
//! Fraenkel's labelling, stage by stage for `m = 0, 1, 2, …`: (1) while some unlabelled
//! position `u` has no option labelled `m`, and each of its options that is unlabelled or
//! labelled `∞` has an option labelled `m`, label `u` with `m`; (2) label `∞` every unlabelled
//! position without an option labelled `m`. Each stage is a worklist pass in **O(V + E)**;
//! there are as many stages as the largest finite value plus two.
//!
//! C. A. B. Smith, "Graphs and composite games", *J. Combin. Theory* 1 (1966) 51–81;
//! A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its
//! invariance under certain mappings", *J. Combin. Theory A* 43 (1986) 165–177;
//! A. S. Fraenkel, "Scenic trails ascending from sea-level Nim to alpine chess" (1996).

use std::collections::VecDeque;
use std::fmt;

use super::memo::{MAX_CODE, StateTable};
use crate::error::SolveError;
use crate::game::{ImpartialGame, IntoPosition, Nimber, Outcome};
use std::borrow::Borrow;

/// The outcome of a position in a loopy game.
///
/// # Examples
///
/// ```
/// use impartial::loopy::LoopyOutcome;
/// use impartial::Outcome;
///
/// assert_eq!(LoopyOutcome::from(Outcome::P), LoopyOutcome::P);
/// assert_eq!(LoopyOutcome::Draw.to_string(), "Draw");
/// assert_eq!(LoopyOutcome::N.decided(), Some(Outcome::N));
/// assert_eq!(LoopyOutcome::Draw.decided(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LoopyOutcome {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// Neither player can force a win: best play goes on for ever.
    Draw,
}

impl LoopyOutcome {
    /// The outcome as an ordinary [`Outcome`], or `None` for a draw.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::LoopyOutcome;
    /// use impartial::Outcome;
    ///
    /// assert_eq!(LoopyOutcome::P.decided(), Some(Outcome::P));
    /// ```
    #[must_use]
    pub fn decided(self) -> Option<Outcome> {
        match self {
            LoopyOutcome::P => Some(Outcome::P),
            LoopyOutcome::N => Some(Outcome::N),
            LoopyOutcome::Draw => None,
        }
    }
}

impl From<Outcome> for LoopyOutcome {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::P => LoopyOutcome::P,
            Outcome::N => LoopyOutcome::N,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::Draw => "Draw",
        })
    }
}

/// A generalized Sprague–Grundy value: finite, or infinite with its escape set.
///
/// # Examples
///
/// ```
/// use impartial::loopy::{LoopyOutcome, LoopyValue};
/// use impartial::Nimber;
///
/// let finite = LoopyValue::Finite(Nimber(3));
/// let escapes = LoopyValue::Infinite { escapes: vec![Nimber(0), Nimber(2)] };
/// assert_eq!(escapes.to_string(), "∞{0,2}");
/// assert_eq!(finite.outcome(), LoopyOutcome::N);
/// assert_eq!(escapes.outcome(), LoopyOutcome::N); // it can escape to a 0
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LoopyValue {
    /// A finite value: the position behaves like a Nim heap of this size.
    Finite(Nimber),
    /// An infinite value `∞(K)`.
    Infinite {
        /// `K`: the finite values among the position's options, ascending.
        escapes: Vec<Nimber>,
    },
}

impl LoopyValue {
    /// The outcome this value gives a position played alone.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] if exploring would exceed the state limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::{LoopyOutcome, LoopyValue};
    /// use impartial::Nimber;
    ///
    /// assert_eq!(LoopyValue::Finite(Nimber(0)).outcome(), LoopyOutcome::P);
    /// assert_eq!(LoopyValue::Infinite { escapes: vec![Nimber(1)] }.outcome(), LoopyOutcome::Draw);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> LoopyOutcome {
        sum_outcome(std::slice::from_ref(self))
    }

    /// Whether the value is finite.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::LoopyValue;
    /// use impartial::Nimber;
    ///
    /// assert!(LoopyValue::Finite(Nimber(2)).is_finite());
    /// ```
    #[must_use]
    pub fn is_finite(&self) -> bool {
        matches!(self, LoopyValue::Finite(_))
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            LoopyValue::Finite(value) => value.0.to_string(),
            LoopyValue::Infinite { escapes } => {
                let escapes: Vec<String> =
                    escapes.iter().map(|value| value.0.to_string()).collect();
                format!("∞{{{}}}", escapes.join(","))
            }
        };
        f.pad(&text)
    }
}

/// The outcome of a disjunctive sum of loopy positions, from their values.
///
/// Finite parts add by XOR to `g`. With no infinite part the sum is P iff `g = 0`; with one,
/// `∞(K)`, it is N iff `g ∈ K` and a Draw otherwise; with two or more it is a Draw.
///
/// # Examples
///
/// ```
/// use impartial::loopy::{sum_outcome, LoopyOutcome, LoopyValue};
/// use impartial::Nimber;
///
/// let heap = |n| LoopyValue::Finite(Nimber(n));
/// let loop_02 = LoopyValue::Infinite { escapes: vec![Nimber(0), Nimber(2)] };
/// assert_eq!(sum_outcome(&[heap(1), heap(1)]), LoopyOutcome::P);
/// assert_eq!(sum_outcome(&[heap(2), loop_02.clone()]), LoopyOutcome::N);
/// assert_eq!(sum_outcome(&[heap(1), loop_02.clone()]), LoopyOutcome::Draw);
/// assert_eq!(sum_outcome(&[loop_02.clone(), loop_02]), LoopyOutcome::Draw);
/// ```
#[must_use]
pub fn sum_outcome(values: &[LoopyValue]) -> LoopyOutcome {
    let mut finite = Nimber::ZERO;
    let mut infinite = None;
    for value in values {
        match value {
            LoopyValue::Finite(value) => finite ^= *value,
            LoopyValue::Infinite { escapes } => {
                if infinite.replace(escapes).is_some() {
                    return LoopyOutcome::Draw;
                }
            }
        }
    }
    match infinite {
        None if finite.is_zero() => LoopyOutcome::P,
        None => LoopyOutcome::N,
        Some(escapes) if escapes.contains(&finite) => LoopyOutcome::N,
        Some(_) => LoopyOutcome::Draw,
    }
}

/// A value's label during the labelling, per position.
const UNLABELLED: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX - 1;

/// Explores loopy games and solves them by retrograde analysis.
///
/// Positions are numbered as they are discovered; each query explores what it reaches that
/// is new, then analyses the graph again (in time linear in its moves for outcomes, and per
/// stage for values), so ask about a start position first and its descendants after.
///
/// # Examples
///
/// ```
/// use impartial::loopy::{LoopyOutcome, LoopySolver};
/// use impartial::{ImpartialGame, SolveError};
///
/// /// Move a token around a ring of 5 cells, one or two cells clockwise.
/// struct Ring;
/// impl ImpartialGame for Ring {
///     type Position = u8;
///     fn moves(&self, &cell: &u8) -> impl Iterator<Item = u8> {
///         [(cell + 1) % 5, (cell + 2) % 5].into_iter()
///     }
/// }
///
/// let mut solver = LoopySolver::new(Ring);
/// assert_eq!(solver.outcome(&0)?, LoopyOutcome::Draw);
/// assert_eq!(solver.best_move(&0)?, Some(1)); // keep the draw
/// let mut tiny = LoopySolver::new(Ring).with_state_limit(3);
/// assert_eq!(tiny.outcome(&0), Err(SolveError::StateLimit { limit: 3 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct LoopySolver<G: ImpartialGame> {
    game: G,
    state_limit: Option<usize>,
    index: StateTable<G::Position>,
    positions: Vec<G::Position>,
    /// Options of position `i`: `successors[first_successor[i]..first_successor[i + 1]]`.
    first_successor: Vec<u32>,
    successors: Vec<u32>,
    outcomes: Vec<LoopyOutcome>,
    /// When each decided position was decided by the retrograde analysis: a win moves to the
    /// P option decided first, so that play gets closer to the end at every move.
    decided_at: Vec<u32>,
    /// `γ` per position: a finite value, `INFINITE`, or not yet computed (empty vector).
    values: Vec<u32>,
    analysed: usize,
    valued: usize,
}

impl<G: ImpartialGame + Clone> Clone for LoopySolver<G> {
    fn clone(&self) -> Self {
        LoopySolver {
            game: self.game.clone(),
            state_limit: self.state_limit,
            index: self.index.clone(),
            positions: self.positions.clone(),
            first_successor: self.first_successor.clone(),
            successors: self.successors.clone(),
            outcomes: self.outcomes.clone(),
            decided_at: self.decided_at.clone(),
            values: self.values.clone(),
            analysed: self.analysed,
            valued: self.valued,
        }
    }
}

impl<G: ImpartialGame + fmt::Debug> fmt::Debug for LoopySolver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LoopySolver")
            .field("game", &self.game)
            .field("positions", &self.positions.len())
            .field("state_limit", &self.state_limit)
            .finish_non_exhaustive()
    }
}

impl<G: ImpartialGame> LoopySolver<G> {
    /// A loopy solver for `game` with no state limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::{LoopyOutcome, LoopySolver};
    /// use impartial::Nim;
    ///
    /// // An acyclic game is a loopy game without loops.
    /// assert_eq!(LoopySolver::new(Nim).outcome([1, 2, 3])?, LoopyOutcome::P);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(game: G) -> Self {
        LoopySolver {
            game,
            state_limit: None,
            index: StateTable::new(),
            positions: Vec::new(),
            first_successor: vec![0],
            successors: Vec::new(),
            outcomes: Vec::new(),
            decided_at: Vec::new(),
            values: Vec::new(),
            analysed: 0,
            valued: 0,
        }
    }

    /// Bounds the number of explored positions: a query that would explore more fails with
    /// [`SolveError::StateLimit`] (and forgets what it explored) instead of exhausting memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::LoopySolver;
    /// use impartial::{Nim, SolveError};
    ///
    /// let mut solver = LoopySolver::new(Nim).with_state_limit(10);
    /// assert_eq!(solver.outcome([5, 5]), Err(SolveError::StateLimit { limit: 10 }));
    /// assert!(solver.outcome([2, 1]).is_ok()); // 6 positions
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_state_limit(mut self, limit: usize) -> Self {
        self.state_limit = Some(limit);
        self
    }

    /// How many positions have been explored.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::LoopySolver;
    /// use impartial::Nim;
    ///
    /// let mut solver = LoopySolver::new(Nim);
    /// solver.outcome([3])?;
    /// assert_eq!(solver.positions(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Approximate bytes held: positions (twice: in the list and in the index), the move
    /// graph in both directions while analysing, and a label and a value per position.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::LoopySolver;
    /// use impartial::Nim;
    ///
    /// let mut solver = LoopySolver::new(Nim);
    /// solver.outcome([3, 3])?;
    /// assert!(solver.bytes() > 16 * 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.index.allocated_bytes()
            + self.positions.capacity() * size_of::<G::Position>()
            + (self.first_successor.capacity() + self.successors.capacity()) * size_of::<u32>()
            // The predecessor lists the analysis builds, as large as the successor lists.
            + (self.first_successor.len() + self.successors.len()) * size_of::<u32>()
            + self.outcomes.capacity() * size_of::<LoopyOutcome>()
            + self.values.capacity() * size_of::<u32>()
    }

    /// The outcome of `position`, or why it cannot be found.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] if exploring would exceed the state limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::{LoopyOutcome, LoopySolver};
    /// use impartial::Nim;
    ///
    /// assert_eq!(LoopySolver::new(Nim).outcome([1]), Ok(LoopyOutcome::N));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<LoopyOutcome, SolveError<G::Position>> {
        let node = self.classify(position.into_holder().borrow())?;
        Ok(self.outcomes[node as usize])
    }

    /// Explores from `position` and brings the outcomes up to date; returns its number.
    fn classify(&mut self, position: &G::Position) -> Result<u32, SolveError<G::Position>> {
        let node = self.explore(position)?;
        self.analyse_outcomes();
        Ok(node)
    }

    /// The generalized Sprague–Grundy value of `position`.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] if exploring would exceed the state limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::{LoopySolver, LoopyValue};
    /// use impartial::{Nim, Nimber};
    ///
    /// assert_eq!(LoopySolver::new(Nim).value([1, 2])?, LoopyValue::Finite(Nimber(3)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<LoopyValue, SolveError<G::Position>> {
        let node = self.explore(position.into_holder().borrow())?;
        self.analyse_values();
        Ok(self.value_of(node))
    }

    /// A winning move from an N-position (to a P-position), or `None` from P and Draw
    /// positions.
    ///
    /// In a loopy game not every move to a P-position makes progress (it may only lead the
    /// play around a cycle). This one moves to the P option that the retrograde analysis
    /// decided first, so that always playing it wins in finitely many moves.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] if exploring would exceed the state limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::LoopySolver;
    /// use impartial::Nim;
    ///
    /// assert_eq!(LoopySolver::new(Nim).winning_move([3, 1])?, Some([1, 1].into()));
    /// let mut solver = LoopySolver::new(Nim).with_state_limit(3);
    /// assert_eq!(solver.winning_move([1]), Ok(Some([].into())));
    /// assert_eq!(solver.winning_move([9]), Err(impartial::SolveError::StateLimit { limit: 3 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_move(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Option<G::Position>, SolveError<G::Position>> {
        let node = self.classify(position.into_holder().borrow())?;
        Ok((self.outcomes[node as usize] == LoopyOutcome::N)
            .then(|| self.option_with(node, LoopyOutcome::P))
            .flatten())
    }

    /// The best move: to a P-position from an N-position, to a Draw from a Draw (keeping the
    /// draw), and `None` from a P-position or a terminal one.
    ///
    /// # Errors
    ///
    /// [`SolveError::StateLimit`] if exploring would exceed the state limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::loopy::LoopySolver;
    /// use impartial::Nim;
    ///
    /// assert_eq!(LoopySolver::new(Nim).best_move([2, 2])?, None);
    /// let mut solver = LoopySolver::new(Nim).with_state_limit(10);
    /// assert_eq!(solver.best_move([1, 2]), Ok(Some([1, 1].into())));
    /// assert!(matches!(solver.best_move([9, 9]), Err(impartial::SolveError::StateLimit { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Option<G::Position>, SolveError<G::Position>> {
        let node = self.classify(position.into_holder().borrow())?;
        Ok(match self.outcomes[node as usize] {
            LoopyOutcome::N => self.option_with(node, LoopyOutcome::P),
            LoopyOutcome::Draw => self.option_with(node, LoopyOutcome::Draw),
            LoopyOutcome::P => None,
        })
    }

    /// An option with `outcome`; for a P option, the one decided first.
    fn option_with(&self, node: u32, outcome: LoopyOutcome) -> Option<G::Position> {
        self.options(node)
            .iter()
            .filter(|&&option| self.outcomes[option as usize] == outcome)
            .min_by_key(|&&option| match outcome {
                LoopyOutcome::P => self.decided_at[option as usize],
                _ => 0,
            })
            .map(|&option| self.positions[option as usize].clone())
    }

    fn options(&self, node: u32) -> &[u32] {
        let node = node as usize;
        &self.successors
            [self.first_successor[node] as usize..self.first_successor[node + 1] as usize]
    }

    fn value_of(&self, node: u32) -> LoopyValue {
        match self.values[node as usize] {
            INFINITE => {
                let mut escapes: Vec<Nimber> = self
                    .options(node)
                    .iter()
                    .map(|&option| self.values[option as usize])
                    .filter(|&value| value != INFINITE)
                    .map(|value| Nimber(u128::from(value)))
                    .collect();
                escapes.sort_unstable();
                escapes.dedup();
                LoopyValue::Infinite { escapes }
            }
            value => LoopyValue::Finite(Nimber(u128::from(value))),
        }
    }

    /// Explores every position reachable from `start` that is new, breadth first, and
    /// returns `start`'s number. On error, forgets this query's positions.
    fn explore(&mut self, start: &G::Position) -> Result<u32, SolveError<G::Position>> {
        if let Some(node) = self.index.get(start) {
            return Ok(node);
        }
        let known = self.positions.len();
        let known_successors = self.successors.len();
        let result = self.explore_new(start);
        if result.is_err() {
            for position in self.positions.drain(known..) {
                self.index.remove(&position);
            }
            self.first_successor.truncate(known + 1);
            self.successors.truncate(known_successors);
        }
        result
    }

    fn explore_new(&mut self, start: &G::Position) -> Result<u32, SolveError<G::Position>> {
        let first = self.discover(start.clone())?;
        let mut next = first as usize;
        // One buffer for the whole query: options are listed, then numbered.
        let mut options = Vec::new();
        while next < self.positions.len() {
            // One at a time, not `extend`: a size hint of 2⁴⁰ options must not reserve them.
            for option in self.game.moves(&self.positions[next]) {
                if self.state_limit.is_some_and(|limit| options.len() >= limit) {
                    return Err(self.limit_error());
                }
                options.push(option);
            }
            for option in options.drain(..) {
                let node = match self.index.get(&option) {
                    Some(node) => node,
                    None => self.discover(option)?,
                };
                self.successors.push(node);
            }
            let end = u32::try_from(self.successors.len()).map_err(|_| self.limit_error())?;
            self.first_successor.push(end);
            next += 1;
        }
        Ok(first)
    }

    fn limit_error(&self) -> SolveError<G::Position> {
        SolveError::StateLimit {
            limit: self.state_limit.unwrap_or(MAX_CODE as usize),
        }
    }

    fn discover(&mut self, position: G::Position) -> Result<u32, SolveError<G::Position>> {
        let count = self.positions.len();
        if self.state_limit.is_some_and(|limit| count >= limit) || count >= MAX_CODE as usize {
            return Err(self.limit_error());
        }
        let node = count as u32;
        self.index.set(&position, node, true);
        self.positions.push(position);
        Ok(node)
    }

    /// Predecessor lists, built from the successor lists.
    fn predecessors(&self) -> (Vec<u32>, Vec<u32>) {
        let nodes = self.positions.len();
        let mut first = vec![0u32; nodes + 1];
        for &target in &self.successors {
            first[target as usize + 1] += 1;
        }
        for node in 0..nodes {
            first[node + 1] += first[node];
        }
        let mut filled = first.clone();
        let mut sources = vec![0u32; self.successors.len()];
        for node in 0..nodes {
            for &target in self.options(node as u32) {
                sources[filled[target as usize] as usize] = node as u32;
                filled[target as usize] += 1;
            }
        }
        (first, sources)
    }

    /// Retrograde analysis over the whole graph, if it grew since the last one.
    fn analyse_outcomes(&mut self) {
        let nodes = self.positions.len();
        if self.analysed == nodes {
            return;
        }
        let (first_predecessor, predecessors) = self.predecessors();
        let mut outcomes = vec![LoopyOutcome::Draw; nodes];
        // Options of each position not yet known to be N: at zero, the position is P.
        let mut open: Vec<u32> = (0..nodes)
            .map(|node| self.options(node as u32).len() as u32)
            .collect();
        let mut queue: VecDeque<u32> = (0..nodes as u32)
            .filter(|&node| open[node as usize] == 0)
            .collect();
        for &node in &queue {
            outcomes[node as usize] = LoopyOutcome::P;
        }
        let mut decided_at = vec![u32::MAX; nodes];
        let mut clock = 0;
        while let Some(node) = queue.pop_front() {
            decided_at[node as usize] = clock;
            clock += 1;
            let outcome = outcomes[node as usize];
            let from = first_predecessor[node as usize] as usize;
            let to = first_predecessor[node as usize + 1] as usize;
            for &parent in &predecessors[from..to] {
                let parent = parent as usize;
                if outcomes[parent] != LoopyOutcome::Draw {
                    continue;
                }
                if outcome == LoopyOutcome::P {
                    outcomes[parent] = LoopyOutcome::N;
                    queue.push_back(parent as u32);
                } else {
                    open[parent] -= 1;
                    if open[parent] == 0 {
                        outcomes[parent] = LoopyOutcome::P;
                        queue.push_back(parent as u32);
                    }
                }
            }
        }
        self.outcomes = outcomes;
        self.decided_at = decided_at;
        self.analysed = nodes;
    }

    /// Fraenkel's labelling (see the [module docs](self)), if the graph grew since the last.
    fn analyse_values(&mut self) {
        let nodes = self.positions.len();
        if self.valued == nodes {
            return;
        }
        let (first_predecessor, predecessors) = self.predecessors();
        let parents = |node: u32| {
            &predecessors[first_predecessor[node as usize] as usize
                ..first_predecessor[node as usize + 1] as usize]
        };
        let mut label = vec![UNLABELLED; nodes];
        let mut unlabelled = nodes;
        // Per stage: options labelled m, and options that are unlabelled or ∞ and have no
        // option labelled m (they block their parents from taking m).
        let mut labelled_m = vec![0u32; nodes];
        let mut blocking = vec![0u32; nodes];
        let mut worklist: Vec<u32> = Vec::new();
        let mut m: u32 = 0;
        while unlabelled > 0 {
            labelled_m.fill(0);
            for (node, blocked_by) in blocking.iter_mut().enumerate() {
                *blocked_by = self
                    .options(node as u32)
                    .iter()
                    .filter(|&&option| matches!(label[option as usize], UNLABELLED | INFINITE))
                    .count() as u32;
            }
            worklist.clear();
            worklist.extend((0..nodes as u32).filter(|&node| {
                label[node as usize] == UNLABELLED && blocking[node as usize] == 0
            }));
            while let Some(node) = worklist.pop() {
                let index = node as usize;
                if label[index] != UNLABELLED || labelled_m[index] != 0 || blocking[index] != 0 {
                    continue;
                }
                label[index] = m;
                unlabelled -= 1;
                for &parent in parents(node) {
                    let parent_index = parent as usize;
                    // `node` no longer blocks `parent`: it is labelled, and labelled m.
                    blocking[parent_index] -= 1;
                    labelled_m[parent_index] += 1;
                    if labelled_m[parent_index] == 1
                        && matches!(label[parent_index], UNLABELLED | INFINITE)
                    {
                        // `parent` now has an option labelled m: it stops blocking its own
                        // parents, which may become labellable.
                        for &grandparent in parents(parent) {
                            let grandparent = grandparent as usize;
                            blocking[grandparent] -= 1;
                            if blocking[grandparent] == 0
                                && labelled_m[grandparent] == 0
                                && label[grandparent] == UNLABELLED
                            {
                                worklist.push(grandparent as u32);
                            }
                        }
                    }
                }
            }
            for node in 0..nodes {
                if label[node] == UNLABELLED && labelled_m[node] == 0 {
                    label[node] = INFINITE;
                    unlabelled -= 1;
                }
            }
            m += 1;
        }
        self.values = label;
        self.valued = nodes;
    }
}
