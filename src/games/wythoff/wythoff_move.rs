//! The move of both two-heap games, Wythoff's and a-Wythoff.

use std::fmt;

use crate::game::HeapSize;

/// A move of Wythoff's game or of [`AWythoff`](super::AWythoff): the pair of heaps before and the pair it
/// leaves, each in the order the position gives them.
///
/// # Examples
///
/// ```
/// use impartial::wythoff::{self, WythoffMove};
///
/// let best = wythoff::winning_move((2u32, 9)).expect("N");
/// assert_eq!(best, WythoffMove { from: (2, 9), to: (2, 1) });
/// assert_eq!(best.to_string(), "take 8 from the second heap (2, 9 → 2, 1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WythoffMove<T> {
    /// The heaps before the move.
    pub from: (T, T),
    /// The heaps it leaves.
    pub to: (T, T),
}

impl<T: HeapSize> WythoffMove<T> {
    /// What the move takes from each heap, if it starts from `position` and takes at least
    /// one counter without adding any; else why not. The game's own rule on the two takes
    /// is the caller's.
    pub(crate) fn takes_from(&self, position: (T, T)) -> Result<(T, T), String> {
        let ((x, y), (to_x, to_y)) = (self.from, self.to);
        if position != self.from {
            return Err(format!("it starts from ({x}, {y})"));
        }
        match (x.checked_sub(&to_x), y.checked_sub(&to_y)) {
            (Some(first), Some(second)) if !(first.is_zero() && second.is_zero()) => {
                Ok((first, second))
            }
            (Some(_), Some(_)) => Err("a move takes at least one counter".into()),
            _ => Err("a move takes counters, it does not add them".into()),
        }
    }
}

impl<T: HeapSize> fmt::Display for WythoffMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ((x, y), (to_x, to_y)) = (self.from, self.to);
        let (Some(first), Some(second)) = (x.checked_sub(&to_x), y.checked_sub(&to_y)) else {
            // A move made by hand that adds counters: no move, but it still prints.
            return write!(f, "add counters ({x}, {y} → {to_x}, {to_y})");
        };
        if first.is_zero() {
            write!(f, "take {second} from the second heap")?;
        } else if second.is_zero() {
            write!(f, "take {first} from the first heap")?;
        } else if first == second {
            write!(f, "take {first} from both heaps")?;
        } else {
            write!(
                f,
                "take {first} from the first heap and {second} from the second"
            )?;
        }
        write!(f, " ({x}, {y} → {to_x}, {to_y})")
    }
}
