//! [`HeapMove`]: a move of a heap game, by the heap it changes and what that heap becomes.

use std::fmt;

use smallvec::SmallVec;

use super::heaps::Heaps;
use super::rules::HeapRules;
use crate::game::IllegalMove;

/// A move of a heap game (an octal, hexadecimal, subtraction or take-and-break game): heap
/// number `heap` (in the position's order), of `from` counters, becomes the heaps in
/// `leaves` — none when it is taken whole, one after a take, two or more after a split.
///
/// # Examples
///
/// ```
/// use impartial::HeapMove;
///
/// let split = HeapMove::new(1, 7, &[2, 4]);
/// assert_eq!(split.to_string(), "take 1 from heap 1 (7) and split the rest into 2 + 4");
/// assert_eq!(HeapMove::new(0, 5, &[]).to_string(), "take heap 0 (5) whole");
/// assert_eq!(HeapMove::new(0, 5, &[3]).to_string(), "take 2 from heap 0 (5 → 3)");
/// assert_eq!(HeapMove::new(0, 6, &[1, 5]).to_string(), "split heap 0 (6) into 1 + 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapMove {
    /// The heap's place in the position.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// The non-empty heaps it becomes, smallest first.
    pub leaves: SmallVec<[u64; 3]>,
}

impl HeapMove {
    /// Heap number `heap`, of `from` counters, becoming `leaves` (empty heaps dropped,
    /// sorted).
    #[must_use]
    pub fn new(heap: usize, from: u64, leaves: &[u64]) -> Self {
        let mut leaves: SmallVec<[u64; 3]> =
            leaves.iter().copied().filter(|&leaf| leaf > 0).collect();
        leaves.sort_unstable();
        HeapMove { heap, from, leaves }
    }

    /// The counters the move takes: `from` less what it leaves.
    #[must_use]
    pub fn take(&self) -> u64 {
        self.from.saturating_sub(
            self.leaves
                .iter()
                .fold(0u64, |sum, &leaf| sum.saturating_add(leaf)),
        )
    }

    /// The position this move leaves from `position`, whose heap number `heap` must have
    /// `from` counters, if `rules` allow the move.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `position` has no heap number `heap`, if that heap's size is not
    /// `from`, or if `rules` do not turn a heap of `from` into `leaves`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::{HeapGame, HeapMove, Heaps};
    ///
    /// let rules = OctalGame::kayles().rules().clone();
    /// let split = HeapMove::new(1, 7, &[2, 4]);
    /// assert_eq!(split.after(&Heaps::from([3, 7]), &rules)?, Heaps::from([2, 3, 4]));
    /// assert!(split.after(&Heaps::from([3, 8]), &rules).is_err()); // heap 1 has 8
    /// assert!(HeapMove::new(0, 7, &[1]).after(&Heaps::from([7]), &rules).is_err()); // take 6
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn after(
        &self,
        position: &Heaps,
        rules: &HeapRules,
    ) -> Result<Heaps, IllegalMove<Heaps, HeapMove>> {
        let refuse = |reason: String| IllegalMove::new(position, self, reason);
        match position.get(self.heap) {
            None => Err(refuse(format!("there is no heap {}", self.heap))),
            Some(&size) if size != self.from => Err(refuse(format!(
                "heap {} has {size}, not {}",
                self.heap, self.from
            ))),
            Some(_) if !rules.allows(self.from, &self.leaves) => {
                Err(refuse("the rules allow no such move".into()))
            }
            Some(_) => Ok(position.replace(self.heap, &self.leaves)),
        }
    }
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (heap, from, take) = (self.heap, self.from, self.take());
        let parts = || {
            self.leaves
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        };
        match (self.leaves.as_slice(), take) {
            ([], _) => write!(f, "take heap {heap} ({from}) whole"),
            ([to], _) => write!(f, "take {take} from heap {heap} ({from} → {to})"),
            (_, 0) => write!(f, "split heap {heap} ({from}) into {}", parts()),
            _ => write!(
                f,
                "take {take} from heap {heap} ({from}) and split the rest into {}",
                parts()
            ),
        }
    }
}
