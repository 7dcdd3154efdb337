//! [`SplitShapes`]: which splits of a heap a move may make, by whether the heaps it leaves
//! are equal — the `!`, `?` and `=` of take-and-break codes.

use std::fmt;
use std::ops::BitOr;

/// The shapes a split may leave, as a set: all heaps different, some equal but not all
/// (three heaps only), all equal. A take-and-break code writes them after a digit: nothing
/// for any shape, `!` for all different, `?` for not all equal, `=` for all equal. For two
/// heaps `?` is `!`: two heaps not both equal differ.
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::SplitShapes;
///
/// assert!(SplitShapes::UNEQUAL.allows(&[2, 5]));
/// assert!(!SplitShapes::UNEQUAL.allows(&[3, 3]));
/// assert!(SplitShapes::NOT_ALL_EQUAL.allows(&[2, 2, 5]));
/// assert!(!SplitShapes::NOT_ALL_EQUAL.allows(&[4, 4, 4]));
/// assert!(SplitShapes::ALL_EQUAL.allows(&[4, 4, 4]));
/// assert_eq!(SplitShapes::UNEQUAL | SplitShapes::ALL_EQUAL, SplitShapes::ANY.for_heaps(2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SplitShapes(u8);

/// All heaps different.
const DIFFERENT: u8 = 1;
/// Some heaps equal, not all: only three heaps can be so.
const SOME_EQUAL: u8 = 2;
/// All heaps equal.
const EQUAL: u8 = 4;

impl SplitShapes {
    /// Any split.
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert!(SplitShapes::ANY.allows(&[2, 2, 5]) && SplitShapes::ANY.allows(&[1, 2, 3]));
    /// ```
    pub const ANY: SplitShapes = SplitShapes(DIFFERENT | SOME_EQUAL | EQUAL);
    /// `!`: all the heaps left differ (Grundy's game, `4!.0`).
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert!(!SplitShapes::UNEQUAL.allows(&[2, 2, 5]));
    /// ```
    pub const UNEQUAL: SplitShapes = SplitShapes(DIFFERENT);
    /// `?`: the heaps left are not all equal.
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert!(SplitShapes::NOT_ALL_EQUAL.allows(&[2, 2, 5]));
    /// ```
    pub const NOT_ALL_EQUAL: SplitShapes = SplitShapes(DIFFERENT | SOME_EQUAL);
    /// `=`: the heaps left are all equal.
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert!(SplitShapes::ALL_EQUAL.allows(&[3, 3]) && !SplitShapes::ALL_EQUAL.allows(&[1, 5]));
    /// ```
    pub const ALL_EQUAL: SplitShapes = SplitShapes(EQUAL);

    /// The shapes as a split into `heaps` heaps sees them: for two heaps "some equal but
    /// not all" cannot happen, so `?` is `!` and any split is "different or equal".
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert_eq!(SplitShapes::NOT_ALL_EQUAL.for_heaps(2), SplitShapes::UNEQUAL);
    /// assert_eq!(SplitShapes::NOT_ALL_EQUAL.for_heaps(3), SplitShapes::NOT_ALL_EQUAL);
    /// ```
    #[must_use]
    pub fn for_heaps(self, heaps: usize) -> SplitShapes {
        if heaps == 2 {
            SplitShapes(self.0 & (DIFFERENT | EQUAL))
        } else {
            self
        }
    }

    /// Whether a split leaving `heaps` (in any order) has one of these shapes.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert!(SplitShapes::ANY.allows(&[1, 1]));
    /// assert!(!SplitShapes::ALL_EQUAL.allows(&[1, 2]));
    /// ```
    #[must_use]
    pub fn allows(self, heaps: &[u64]) -> bool {
        let mut sorted = heaps.to_vec();
        sorted.sort_unstable();
        let equal_pairs = sorted.windows(2).filter(|pair| pair[0] == pair[1]).count();
        let shape = if equal_pairs == 0 {
            DIFFERENT
        } else if equal_pairs + 1 == sorted.len() {
            EQUAL
        } else {
            SOME_EQUAL
        };
        self.0 & shape != 0
    }

    /// Whether two heaps of sizes `small ≤ large` may be left.
    pub(crate) fn allows_pair(self, small: u64, large: u64) -> bool {
        let shape = if small == large { EQUAL } else { DIFFERENT };
        self.0 & shape != 0
    }

    /// Whether three heaps `least ≤ middle ≤ largest` may be left.
    pub(crate) fn allows_triple(self, least: u64, middle: u64, largest: u64) -> bool {
        let shape = match (least == middle, middle == largest) {
            (true, true) => EQUAL,
            (false, false) => DIFFERENT,
            _ => SOME_EQUAL,
        };
        self.0 & shape != 0
    }

    /// The set as bits (saved with a quotient): 1 all different, 2 some equal, 4 all equal.
    #[cfg(all(feature = "serde", feature = "quotient"))]
    pub(crate) fn bits(self) -> u8 {
        self.0
    }

    /// The set of [`bits`](Self::bits), if they are one.
    #[cfg(all(feature = "serde", feature = "quotient"))]
    pub(crate) fn from_bits(bits: u8) -> Option<SplitShapes> {
        (bits <= SplitShapes::ANY.0).then_some(SplitShapes(bits))
    }

    /// Whether no split has these shapes.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert!(!SplitShapes::ALL_EQUAL.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The modifier a code writes after a digit whose splits into `heaps` heaps have these
    /// shapes: `Some("")` for any split, `!`, `?` or `=`, or `None` for a set no modifier
    /// names (such as "all different or all equal" of three heaps).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::SplitShapes;
    ///
    /// assert_eq!(SplitShapes::UNEQUAL.modifier(2), Some("!"));
    /// assert_eq!(SplitShapes::NOT_ALL_EQUAL.modifier(2), Some("!"));
    /// assert_eq!(SplitShapes::ANY.modifier(3), Some(""));
    /// assert_eq!((SplitShapes::UNEQUAL | SplitShapes::ALL_EQUAL).modifier(3), None);
    /// ```
    #[must_use]
    pub fn modifier(self, heaps: usize) -> Option<&'static str> {
        let shapes = self.for_heaps(heaps);
        [
            (SplitShapes::ANY, ""),
            (SplitShapes::UNEQUAL, "!"),
            (SplitShapes::NOT_ALL_EQUAL, "?"),
            (SplitShapes::ALL_EQUAL, "="),
        ]
        .into_iter()
        .find(|&(named, _)| named.for_heaps(heaps) == shapes)
        .map(|(_, modifier)| modifier)
    }
}

impl Default for SplitShapes {
    /// Any split.
    fn default() -> Self {
        SplitShapes::ANY
    }
}

impl BitOr for SplitShapes {
    type Output = SplitShapes;

    /// The splits either allows.
    fn bitor(self, other: SplitShapes) -> SplitShapes {
        SplitShapes(self.0 | other.0)
    }
}

impl fmt::Debug for SplitShapes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (DIFFERENT, "different"),
            (SOME_EQUAL, "some equal"),
            (EQUAL, "equal"),
        ];
        let shown: Vec<&str> = names
            .iter()
            .filter(|&&(bit, _)| self.0 & bit != 0)
            .map(|&(_, name)| name)
            .collect();
        write!(f, "SplitShapes({})", shown.join(" | "))
    }
}
