//! Subtraction games: a move takes an amount from a fixed set from one heap.

use std::ops::ControlFlow;

use crate::error::GameError;
use crate::game::ImpartialGame;
use crate::sequence::rules::HeapRules;
use crate::sequence::{self, GrundySequence, HeapGame, Progress, SequenceError, SequenceOptions};

/// The subtraction game `S(s₁, s₂, …)`: a move takes exactly `sᵢ` counters from one heap.
///
/// Positions are lists of heap sizes; a move changes one heap. The set is kept sorted and
/// without repeats, so options are listed heap by heap, smallest amount first.
///
/// # Examples
///
/// ```
/// use impartial::{Outcome, Solver, SubtractionGame};
///
/// // S(1, 2): the P-positions of one heap are the multiples of 3.
/// let mut solver = Solver::new(SubtractionGame::new(&[2, 1])?);
/// assert_eq!(solver.game().subtraction_set(), [1, 2]);
/// assert_eq!(solver.outcome(&vec![9]), Outcome::P);
/// assert_eq!(solver.winning_move(&vec![10]), Some(vec![9]));
/// # Ok::<(), impartial::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionGame {
    set: Vec<u64>,
    rules: HeapRules,
}

impl SubtractionGame {
    /// The subtraction game with the amounts in `set`.
    ///
    /// # Errors
    ///
    /// [`GameError::EmptySubtractionSet`] for an empty set, and
    /// [`GameError::ZeroInSubtractionSet`] if it contains 0 (a move must change something).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{GameError, SubtractionGame};
    ///
    /// assert!(SubtractionGame::new(&[1, 3, 4]).is_ok());
    /// assert_eq!(SubtractionGame::new(&[]), Err(GameError::EmptySubtractionSet));
    /// assert_eq!(SubtractionGame::new(&[3, 0]), Err(GameError::ZeroInSubtractionSet));
    /// ```
    pub fn new(set: &[u64]) -> Result<Self, GameError> {
        if set.is_empty() {
            return Err(GameError::EmptySubtractionSet);
        }
        if set.contains(&0) {
            return Err(GameError::ZeroInSubtractionSet);
        }
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        let rules = HeapRules {
            leave_none: set.clone(),
            leave_one: set.clone(),
            leave_two: Vec::new(),
            unequal_split: false,
            periodicity_theorem: true,
        };
        Ok(SubtractionGame { set, rules })
    }

    /// The amounts a move may take, ascending, without repeats.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::SubtractionGame;
    ///
    /// assert_eq!(SubtractionGame::new(&[4, 1, 3, 1])?.subtraction_set(), [1, 3, 4]);
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn subtraction_set(&self) -> &[u64] {
        &self.set
    }
}

impl ImpartialGame for SubtractionGame {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        heaps.iter().enumerate().flat_map(move |(index, &heap)| {
            self.set
                .iter()
                .take_while(move |&&take| take <= heap)
                .map(move |&take| {
                    let mut option = heaps.clone();
                    option[index] = heap - take;
                    option
                })
        })
    }
}

/// A subtraction game's values never need the sparse space (there are no splits): each costs
/// one look per amount, and with a finite set the sequence is always eventually periodic —
/// proven once a window of `max(set)` values repeats.
///
/// ```
/// use impartial::SubtractionGame;
/// use impartial::sequence::HeapGame;
///
/// let values = SubtractionGame::new(&[2, 5, 6])?.sequence(1_000)?;
/// let period = values.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 11));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl HeapGame for SubtractionGame {
    fn sequence_with(
        &self,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<GrundySequence, SequenceError> {
        sequence::sequence_of(&self.rules, n, options, progress)
    }
}
