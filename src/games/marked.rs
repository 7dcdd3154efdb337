//! [`Marked`]: the bits of a position of a game on a graph or a poset, and the fingerprint
//! of the graph or poset they are bits of — what Node Kayles' and the poset games' positions
//! are inside, so that each game refuses the positions of another.

use std::hash::{Hash, Hasher};

use crate::game::StoredPosition;

/// Bits, one a vertex or element, and the fingerprint they belong to.
#[derive(Clone, Copy, PartialEq, Eq)]
// Aligned to four bytes: 24 bytes, and beside a table's four-byte code 28 — less than the
// 32 a bare `u128` took. (Fields are read by value, never borrowed.)
#[repr(C, packed(4))]
pub(crate) struct Marked {
    bits: u128,
    mark: u64,
}

impl Marked {
    #[inline]
    pub(crate) fn new(bits: u128, mark: u64) -> Self {
        Marked { bits, mark }
    }

    #[inline]
    pub(crate) fn bits(self) -> u128 {
        self.bits
    }

    /// The fingerprint of the graph or poset.
    #[inline]
    pub(crate) fn mark(self) -> u64 {
        self.mark
    }

    /// Other bits of the same graph or poset.
    #[inline]
    pub(crate) fn with(self, bits: u128) -> Self {
        Marked { bits, ..self }
    }
}

/// The bits alone: positions of one graph or poset are what a table holds together.
impl Hash for Marked {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u128(self.bits());
    }
}

/// By fingerprint, then by the bits as a number.
impl Ord for Marked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.mark(), self.bits()).cmp(&(other.mark(), other.bits()))
    }
}

impl PartialOrd for Marked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The fingerprint, then the bits: a table file or a certificate holds positions of one
/// graph or poset, and the checker refuses one of another.
impl StoredPosition for Marked {
    fn write_to(&self, bytes: &mut Vec<u8>) {
        self.mark().write_to(bytes);
        self.bits().write_to(bytes);
    }

    fn read_from(bytes: &[u8]) -> Option<Self> {
        let (mark, bits) = bytes.split_first_chunk::<8>()?;
        Some(Marked::new(
            u128::read_from(bits)?,
            u64::from_le_bytes(*mark),
        ))
    }
}
