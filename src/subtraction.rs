//! Subtraction games: a move takes an amount from a fixed set from one heap.

use crate::error::GameError;
use crate::game::ImpartialGame;

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
        Ok(SubtractionGame { set })
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
