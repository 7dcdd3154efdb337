//! [`Heaps`]: the position of a heap game, a multiset of heap sizes.

use std::fmt;
use std::ops::Deref;

use smallvec::SmallVec;

use crate::game::IntoPosition;

/// How many heaps a position holds without an allocation.
const INLINE: usize = 4;

/// A position of a heap game — Nim, an octal game, Grundy's game, a subtraction game: the
/// sizes of its heaps, as a multiset.
///
/// The sizes are kept sorted, smallest first, and empty heaps are dropped, so two positions
/// that differ only in the order of their heaps, or in empty heaps, are the same position
/// (and the solver stores them once). Up to four heaps are held inline, with no allocation.
///
/// Every query of the solvers takes what a user has — an array, a slice or a `Vec` of sizes,
/// or a `Heaps` (see [`IntoPosition`](crate::IntoPosition)).
///
/// # Examples
///
/// ```
/// use impartial::{Heaps, Nim, Solver};
///
/// let heaps = Heaps::from([5, 0, 3, 5]);
/// assert_eq!(heaps, [3, 5, 5]);
/// assert_eq!(heaps.len(), 3);
/// assert_eq!(format!("{heaps:?}"), "[3, 5, 5]");
/// // Queries take arrays, slices and vectors as they are.
/// let mut solver = Solver::new(Nim);
/// assert_eq!(solver.winning_move([3, 5, 7])?, Some(Heaps::from([2, 5, 7])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "Vec<u64>", into = "Vec<u64>")
)]
pub struct Heaps(SmallVec<[u64; INLINE]>);

impl Heaps {
    /// No heaps at all: the terminal position of every heap game.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Heaps;
    ///
    /// assert!(Heaps::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Heaps(SmallVec::new())
    }

    /// The sizes, smallest first.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Heaps;
    ///
    /// assert_eq!(Heaps::from([4, 1]).as_slice(), [1, 4]);
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> &[u64] {
        &self.0
    }

    /// The bytes of its own allocation: none while the heaps fit inline.
    pub(crate) fn allocated_bytes(&self) -> usize {
        if self.0.spilled() {
            self.0.capacity() * std::mem::size_of::<u64>()
        } else {
            0
        }
    }

    /// The position with `removed` (an index into the sizes) replaced by the heaps in
    /// `added`, kept sorted and without empty heaps.
    pub(crate) fn replace(&self, removed: usize, added: &[u64]) -> Self {
        let mut sizes: SmallVec<[u64; INLINE]> = SmallVec::with_capacity(self.0.len() + 2);
        sizes.extend_from_slice(&self.0[..removed]);
        sizes.extend_from_slice(&self.0[removed + 1..]);
        for &heap in added.iter().filter(|&&heap| heap > 0) {
            let at = sizes.partition_point(|&size| size < heap);
            sizes.insert(at, heap);
        }
        Heaps(sizes)
    }
}

impl Deref for Heaps {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        &self.0
    }
}

impl FromIterator<u64> for Heaps {
    /// Sorts the sizes and drops the empty heaps.
    fn from_iter<I: IntoIterator<Item = u64>>(sizes: I) -> Self {
        let mut sizes: SmallVec<[u64; INLINE]> =
            sizes.into_iter().filter(|&size| size > 0).collect();
        sizes.sort_unstable();
        Heaps(sizes)
    }
}

impl<const N: usize> From<[u64; N]> for Heaps {
    fn from(sizes: [u64; N]) -> Self {
        sizes.into_iter().collect()
    }
}

impl<const N: usize> From<&[u64; N]> for Heaps {
    fn from(sizes: &[u64; N]) -> Self {
        sizes.iter().copied().collect()
    }
}

impl From<&[u64]> for Heaps {
    fn from(sizes: &[u64]) -> Self {
        sizes.iter().copied().collect()
    }
}

impl From<Vec<u64>> for Heaps {
    fn from(sizes: Vec<u64>) -> Self {
        sizes.into_iter().collect()
    }
}

impl From<&Vec<u64>> for Heaps {
    fn from(sizes: &Vec<u64>) -> Self {
        sizes.iter().copied().collect()
    }
}

impl From<Heaps> for Vec<u64> {
    fn from(heaps: Heaps) -> Self {
        heaps.0.into_vec()
    }
}

impl<'a> IntoIterator for &'a Heaps {
    type Item = &'a u64;
    type IntoIter = std::slice::Iter<'a, u64>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl PartialEq<[u64]> for Heaps {
    fn eq(&self, other: &[u64]) -> bool {
        self.as_slice() == other
    }
}

impl<const N: usize> PartialEq<[u64; N]> for Heaps {
    fn eq(&self, other: &[u64; N]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<Vec<u64>> for Heaps {
    fn eq(&self, other: &Vec<u64>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

/// The sizes joined by `+`, the sum they form: `3 + 5 + 5`, or `0` for no heaps.
impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0");
        }
        for (index, size) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{size}")?;
        }
        Ok(())
    }
}

impl<const N: usize> IntoPosition<Heaps> for [u64; N] {
    type Holder = Heaps;

    fn into_holder(self) -> Heaps {
        Heaps::from(self)
    }
}

impl<const N: usize> IntoPosition<Heaps> for &[u64; N] {
    type Holder = Heaps;

    fn into_holder(self) -> Heaps {
        Heaps::from(self)
    }
}

impl IntoPosition<Heaps> for &[u64] {
    type Holder = Heaps;

    fn into_holder(self) -> Heaps {
        Heaps::from(self)
    }
}

impl IntoPosition<Heaps> for Vec<u64> {
    type Holder = Heaps;

    fn into_holder(self) -> Heaps {
        Heaps::from(self)
    }
}

impl IntoPosition<Heaps> for &Vec<u64> {
    type Holder = Heaps;

    fn into_holder(self) -> Heaps {
        Heaps::from(self)
    }
}
