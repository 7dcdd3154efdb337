//! Take-and-break games: a move takes counters from one heap and leaves nothing, one heap,
//! two heaps or three — the octal and hexadecimal games, subtraction games, Grundy's game.
//!
//! [`HeapRules`] says which amounts a move may take and what it may leave; it is what the
//! heap-sequence engine reads. [`TakeAndBreak`] is a ruleset made from any `HeapRules`: it
//! plays in the [`Solver`](crate::Solver) and computes its nim-value sequence with the fast
//! engine ([`HeapGame`]), so a game of your own needs no code beyond its rules.
//!
//! ```
//! use impartial::take_and_break::{HeapRules, TakeAndBreak};
//! use impartial::{Outcome, Solver};
//!
//! // Take one counter, leaving the rest in one, two or three heaps.
//! let rules = HeapRules::builder()
//!     .take_leaving_one([1])
//!     .take_leaving_two([1])
//!     .take_leaving_three([1])
//!     .build()?;
//! let game = TakeAndBreak::new(rules);
//! assert_eq!(game.values_up_to(8)?.computed_values(), [0, 0, 1, 2, 3, 4, 1, 5, 3]);
//! assert_eq!(Solver::new(game).outcome([5, 8]), Outcome::N);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::ImpartialGame;
use crate::heap::Heaps;
use crate::sequence::{HeapGame, heap_game_methods};

pub use crate::heap::{HeapMoves, HeapRules, HeapRulesBuilder};

/// The take-and-break game with the given rules: a ruleset for the
/// [`Solver`](crate::Solver), and a [`HeapGame`] whose nim-values the sequence engine
/// computes.
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::{HeapRules, TakeAndBreak};
///
/// // Dawson's Kayles, 0.07: take two, leaving nothing, one heap or two.
/// let rules = HeapRules::builder()
///     .take_whole([2])
///     .take_leaving_one([2])
///     .take_leaving_two([2])
///     .build()?;
/// let values = TakeAndBreak::new(rules).values_up_to(10)?;
/// assert_eq!(values.computed_values(), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    rules: HeapRules,
}

impl TakeAndBreak {
    /// The game with `rules`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{HeapRules, TakeAndBreak};
    /// use impartial::HeapGame;
    ///
    /// let game = TakeAndBreak::new(HeapRules::builder().take_leaving_one([1]).build()?);
    /// assert_eq!(game.rules().reach(), 1);
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn new(rules: HeapRules) -> Self {
        TakeAndBreak { rules }
    }
}

impl ImpartialGame for TakeAndBreak {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        self.rules.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

impl HeapGame for TakeAndBreak {
    fn rules(&self) -> &HeapRules {
        &self.rules
    }
}

heap_game_methods!(TakeAndBreak);
