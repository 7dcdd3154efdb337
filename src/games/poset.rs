//! Poset games: a finite partially ordered set; a move takes an element and every element
//! above it. Whoever cannot move — the set is empty — loses.
//!
//! Chomp is the poset game of a rectangle's squares without the poisoned corner, ordered by
//! "below and to the right of"; the divisor game (Schuh, 1952) is the poset game of the
//! divisors of `n` other than 1, ordered by divisibility. Any poset, given by its Hasse
//! diagram or any relation whose transitive closure is the order, up to [`MAX_ELEMENTS`].
//!
//! Two facts make the search lighter:
//!
//! - **Strategy stealing** (Gale 1974; for posets, Soltys and Wilson 2011): a non-empty
//!   position with a *greatest* element `g` is N. Taking `g` alone either wins, or the
//!   opponent has a winning reply `x`; but taking `x` also takes `g`, which is above
//!   everything, so `x` was a winning first move. [`PosetGame::known_outcome`] answers such
//!   positions at once, without saying which move wins.
//! - **Sums**: elements not linked by any chain of comparisons play independently, so a
//!   position is the sum of its connected parts ([`components`](crate::Decompose::components)),
//!   and the [`Solver`](crate::Solver) values each part once.
//!
//! ```
//! use impartial::poset::PosetGame;
//! use impartial::{Outcome, Solver};
//!
//! // The divisor game of 12: 2, 3, 4, 6, 12. 12 is the greatest: N, by stealing.
//! let game = PosetGame::divisors(12)?;
//! assert_eq!(game.known_outcome(game.start()), Some(Outcome::N));
//! let mut solver = Solver::new(game.clone());
//! let winning = solver.winning_move(game.start())?.expect("N");
//! assert_eq!(solver.outcome(winning)?, Outcome::P);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use super::marked::Marked;
use crate::game::{Decompose, Decomposition};
use crate::game::{ImpartialGame, Outcome, PositionError, StoredPosition};
use crate::hash::fingerprint;

/// The most elements of a poset: a position is a `u128`, one bit an element.
pub const MAX_ELEMENTS: usize = 128;

/// The largest `n` of [`PosetGame::divisors`]: 2⁴⁰, a million trial divisions.
pub const MAX_DIVIDEND: u64 = 1 << 40;

/// A poset game on elements `0..n`; its positions are [`PosetPosition`]s.
///
/// # Examples
///
/// ```
/// use impartial::poset::PosetGame;
/// use impartial::{Nimber, Solver};
///
/// // A chain 0 < 1 < 2 is a Nim heap of 3.
/// let chain = PosetGame::new(3, &[(0, 1), (1, 2)])?;
/// assert_eq!(Solver::new(chain.clone()).grundy(chain.start())?, Nimber(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PosetGame {
    /// For each element, the set of elements at or above it.
    up: Vec<u128>,
    /// The fingerprint of `up`, which the game's positions carry.
    fingerprint: u64,
    /// For each element, the set of elements at or below it.
    down: Vec<u128>,
    /// For each element, the elements comparable to it.
    linked: Vec<u128>,
}

/// A position of a [`PosetGame`]: the elements left, bit `e` for element `e`, and a
/// fingerprint of the poset they are elements of. Made by [`PosetGame::start`],
/// [`PosetGame::position`] (which refuses bits past the poset), [`PosetGame::take`] and the
/// moves; a position of one poset is refused by the game of another
/// ([`check_position`](ImpartialGame::check_position)).
///
/// # Examples
///
/// ```
/// use impartial::poset::PosetGame;
///
/// let chain = PosetGame::new(3, &[(0, 1), (1, 2)])?;
/// let after = chain.take(chain.start(), 2)?;
/// assert_eq!((after.bits(), after.left()), (0b011, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PosetPosition(Marked);

impl PosetPosition {
    /// The elements left, one bit each.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    ///
    /// assert_eq!(PosetGame::divisors(12)?.start().bits(), 0b11111);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn bits(self) -> u128 {
        self.0.bits()
    }

    /// How many elements are left.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    ///
    /// assert_eq!(PosetGame::divisors(12)?.start().left(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn left(self) -> u32 {
        self.bits().count_ones()
    }

    /// The position of the elements `left` of the same poset.
    #[inline]
    fn with(self, left: u128) -> PosetPosition {
        PosetPosition(self.0.with(left))
    }
}

/// The elements left and the poset's fingerprint, in hexadecimal.
impl fmt::Debug for PosetPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PosetPosition {{ left: {:#x}, poset: {:#018x} }}",
            self.bits(),
            self.0.mark()
        )
    }
}

/// The bits, as `{:b}` writes an integer's.
impl fmt::Binary for PosetPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.bits(), f)
    }
}

/// The poset's fingerprint, then the elements left: a table file or a certificate holds
/// positions of one poset, and the checker refuses one of another.
impl StoredPosition for PosetPosition {
    fn write_to(&self, bytes: &mut Vec<u8>) {
        self.0.write_to(bytes);
    }

    fn read_from(bytes: &[u8]) -> Option<Self> {
        Marked::read_from(bytes).map(PosetPosition)
    }
}

/// A poset game or position that cannot be made, or a move that is not one.
///
/// # Examples
///
/// ```
/// use impartial::poset::{PosetError, PosetGame};
///
/// assert_eq!(PosetGame::divisors(0), Err(PosetError::DividendOutOfRange { n: 0, max: 1 << 40 }));
/// assert_eq!(
///     PosetGame::new(2, &[(1, 1)]).unwrap_err().to_string(),
///     "not a partial order: element 1 is below itself"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PosetError {
    /// More elements than a position holds.
    #[error("a poset of {elements} elements: a position holds at most {most}")]
    TooManyElements {
        /// The elements asked for.
        elements: usize,
        /// [`MAX_ELEMENTS`].
        most: usize,
    },
    /// A pair of the relation names an element the poset does not have.
    #[error("pair {pair} names element {element}, not one of 0 to {elements} − 1")]
    ElementOutOfRange {
        /// The pair's place in the relation.
        pair: usize,
        /// The element it names.
        element: usize,
        /// The elements of the poset.
        elements: usize,
    },
    /// A relation that is not a partial order: an element below itself, directly or
    /// through a cycle.
    #[error("not a partial order: element {element} is below itself")]
    NotAnOrder {
        /// An element on the cycle.
        element: usize,
    },
    /// A Chomp bar of no squares or more than [`MAX_ELEMENTS`] + 1.
    #[error("a bar of {rows} × {columns}: the poset of Chomp takes 1 to 129 squares")]
    BarSize {
        /// The rows asked for.
        rows: u32,
        /// The columns asked for.
        columns: u32,
    },
    /// A divisor game of 0, or past [`MAX_DIVIDEND`].
    #[error("the divisor game of {n}: n must be 1 to {max}")]
    DividendOutOfRange {
        /// The `n` asked for.
        n: u64,
        /// [`MAX_DIVIDEND`].
        max: u64,
    },
    /// A move takes an element the position does not hold.
    #[error("element {element} is not in the position")]
    NotInPosition {
        /// The element.
        element: usize,
    },
    /// A position of another poset, or with elements past this one's.
    #[error("not a position of this poset: {reason}")]
    OtherPoset {
        /// What is wrong.
        reason: String,
    },
    /// Elements past the poset's.
    #[error("bits {bits:#x} are past the poset's elements")]
    OffPoset {
        /// The bits past the poset.
        bits: u128,
    },
}

impl PosetGame {
    /// The poset on elements `0..elements` generated by `relation`: each pair `(a, b)`
    /// says `a < b`, and the order is the transitive closure.
    ///
    /// # Errors
    ///
    /// [`PosetError::TooManyElements`] past [`MAX_ELEMENTS`],
    /// [`PosetError::ElementOutOfRange`] for a pair naming an element outside `0..elements`,
    /// [`PosetError::NotAnOrder`] for a pair `(a, a)` or a cycle `a < … < a`, naming an
    /// element on it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::{PosetError, PosetGame};
    ///
    /// assert!(PosetGame::new(2, &[(0, 1)]).is_ok());
    /// assert!(matches!(
    ///     PosetGame::new(3, &[(0, 1), (1, 2), (2, 0)]),
    ///     Err(PosetError::NotAnOrder { .. })
    /// ));
    /// assert_eq!(
    ///     PosetGame::new(2, &[(0, 2)]),
    ///     Err(PosetError::ElementOutOfRange { pair: 0, element: 2, elements: 2 })
    /// );
    /// ```
    pub fn new(elements: usize, relation: &[(usize, usize)]) -> Result<Self, PosetError> {
        if elements > MAX_ELEMENTS {
            return Err(PosetError::TooManyElements {
                elements,
                most: MAX_ELEMENTS,
            });
        }
        let mut up: Vec<u128> = (0..elements).map(|element| 1 << element).collect();
        for (place, &(a, b)) in relation.iter().enumerate() {
            for element in [a, b] {
                if element >= elements {
                    return Err(PosetError::ElementOutOfRange {
                        pair: place,
                        element,
                        elements,
                    });
                }
            }
            up[a] |= 1 << b;
        }
        // Transitive closure, Warshall's way: whatever is above `middle` is above whatever
        // `middle` is above.
        for middle in 0..elements {
            for element in 0..elements {
                if up[element] >> middle & 1 == 1 {
                    up[element] |= up[middle];
                }
            }
        }
        // An order has no a < … < a: after the closure, no element sees another that sees it.
        for element in 0..elements {
            let others = up[element] & !(1 << element);
            let back = (0..elements)
                .filter(|&other| others >> other & 1 == 1)
                .any(|other| up[other] >> element & 1 == 1);
            let reflexive = relation.iter().any(|&(a, b)| a == b && a == element);
            if back || reflexive {
                return Err(PosetError::NotAnOrder { element });
            }
        }
        let mut down = vec![0u128; elements];
        for (element, &above) in up.iter().enumerate() {
            for (other, below) in down.iter_mut().enumerate() {
                if above >> other & 1 == 1 {
                    *below |= 1 << element;
                }
            }
        }
        let linked = up.iter().zip(&down).map(|(&u, &d)| u | d).collect();
        Ok(PosetGame {
            fingerprint: fingerprint(up.iter().copied()),
            up,
            down,
            linked,
        })
    }

    /// Chomp on a bar of `rows × columns`: the squares other than the poisoned corner,
    /// square `(r, c)` numbered `r · columns + c − 1`, each below the squares below it and
    /// to its right.
    ///
    /// # Errors
    ///
    /// [`PosetError::BarSize`] for an empty bar or more than [`MAX_ELEMENTS`] + 1 squares.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    /// use impartial::poset::PosetGame;
    /// use impartial::Solver;
    ///
    /// let poset = PosetGame::chomp(3, 4)?;
    /// let chomp = Chomp::new(3, 4)?;
    /// assert_eq!(
    ///     Solver::new(poset.clone()).grundy(poset.start())?,
    ///     Solver::new(chomp.clone()).grundy(chomp.start())?
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn chomp(rows: u32, columns: u32) -> Result<Self, PosetError> {
        let squares = u64::from(rows) * u64::from(columns);
        if squares == 0 || squares > MAX_ELEMENTS as u64 + 1 {
            return Err(PosetError::BarSize { rows, columns });
        }
        let (rows, columns) = (rows as usize, columns as usize);
        let index = |row: usize, column: usize| row * columns + column - 1;
        let mut relation = Vec::new();
        for row in 0..rows {
            for column in 0..columns {
                if (row, column) == (0, 0) {
                    continue;
                }
                if row + 1 < rows {
                    relation.push((index(row, column), index(row + 1, column)));
                }
                if column + 1 < columns {
                    relation.push((index(row, column), index(row, column + 1)));
                }
            }
        }
        // The poison's neighbours are minimal; nothing else is related to the poison.
        Self::new(rows * columns - 1, &relation)
    }

    /// The divisor game of `n`: the divisors of `n` other than 1, ascending, each below its
    /// multiples. Naming 1 would lose, so it is left out, as Chomp's poison is.
    ///
    /// # Errors
    ///
    /// [`PosetError::TooManyElements`] if `n` has more than [`MAX_ELEMENTS`] such divisors,
    /// [`PosetError::DividendOutOfRange`] for `n = 0` (which every number divides) and past
    /// [`MAX_DIVIDEND`] (the divisors are found by trial division).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    ///
    /// let game = PosetGame::divisors(12)?;
    /// assert_eq!(game.elements(), 5); // 2, 3, 4, 6, 12
    /// assert_eq!(PosetGame::divisors(1)?.elements(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn divisors(n: u64) -> Result<Self, PosetError> {
        if n == 0 || n > MAX_DIVIDEND {
            return Err(PosetError::DividendOutOfRange {
                n,
                max: MAX_DIVIDEND,
            });
        }
        let divisors = Self::divisor_list(n);
        if divisors.len() > MAX_ELEMENTS {
            return Err(PosetError::TooManyElements {
                elements: divisors.len(),
                most: MAX_ELEMENTS,
            });
        }
        let mut relation = Vec::new();
        for (i, &a) in divisors.iter().enumerate() {
            for (j, &b) in divisors.iter().enumerate() {
                if i != j && b % a == 0 {
                    relation.push((i, j));
                }
            }
        }
        Self::new(divisors.len(), &relation)
    }

    /// The divisors of `n` other than 1, ascending, by trial division up to `√n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    ///
    /// assert_eq!(PosetGame::divisor_list(12), [2, 3, 4, 6, 12]);
    /// ```
    #[must_use]
    pub fn divisor_list(n: u64) -> Vec<u64> {
        let mut small = Vec::new();
        let mut large = Vec::new();
        let mut d = 1u64;
        while d.checked_mul(d).is_some_and(|square| square <= n) {
            if n.is_multiple_of(d) {
                small.push(d);
                if d != n / d {
                    large.push(n / d);
                }
            }
            d += 1;
        }
        small.extend(large.into_iter().rev());
        small.retain(|&divisor| divisor != 1);
        small
    }

    /// How many elements the poset has.
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    ///
    /// assert_eq!(PosetGame::chomp(3, 4)?.elements(), 11); // the poison left out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn elements(&self) -> usize {
        self.up.len()
    }

    /// Every element: the starting position.
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    ///
    /// assert_eq!(PosetGame::new(3, &[])?.start().bits(), 0b111);
    /// assert_eq!(PosetGame::new(128, &[])?.start().bits(), u128::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> PosetPosition {
        self.at(self.all())
    }

    /// The position of the elements `left` of this poset.
    #[inline]
    fn at(&self, left: u128) -> PosetPosition {
        PosetPosition(Marked::new(left, self.fingerprint))
    }

    /// Every element, one bit each.
    fn all(&self) -> u128 {
        if self.up.len() == MAX_ELEMENTS {
            u128::MAX
        } else {
            (1 << self.up.len()) - 1
        }
    }

    /// The position with the elements of `left` (bit `e` for element `e`).
    ///
    /// # Errors
    ///
    /// [`PosetError::OffPoset`] for a bit past the poset's elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::{PosetError, PosetGame};
    ///
    /// let chain = PosetGame::new(3, &[(0, 1), (1, 2)])?;
    /// assert_eq!(chain.position(0b011)?.left(), 2);
    /// assert_eq!(chain.position(0b1000), Err(PosetError::OffPoset { bits: 0b1000 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, left: u128) -> Result<PosetPosition, PosetError> {
        match left & !self.all() {
            0 => Ok(self.at(left)),
            bits => Err(PosetError::OffPoset { bits }),
        }
    }

    /// The position after taking `element` and everything above it.
    ///
    /// # Errors
    ///
    /// [`PosetError::NotInPosition`] if `element` is not in `position`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::{PosetError, PosetGame};
    ///
    /// let chain = PosetGame::new(3, &[(0, 1), (1, 2)])?;
    /// let after = chain.take(chain.start(), 1)?;
    /// assert_eq!(after.bits(), 0b001);
    /// assert_eq!(chain.take(after, 2), Err(PosetError::NotInPosition { element: 2 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take(
        &self,
        position: PosetPosition,
        element: usize,
    ) -> Result<PosetPosition, PosetError> {
        if let Err(error) = self.check_position(&position) {
            return Err(PosetError::OtherPoset {
                reason: error.reason().to_owned(),
            });
        }
        if element >= self.up.len() || position.bits() >> element & 1 == 0 {
            return Err(PosetError::NotInPosition { element });
        }
        Ok(position.with(position.bits() & !self.up[element]))
    }

    /// A greatest element of `position` — one at or above every element left — if it has
    /// one.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    ///
    /// let game = PosetGame::divisors(12)?; // 2, 3, 4, 6, 12
    /// assert_eq!(game.greatest(game.start()), Some(4)); // 12
    /// assert_eq!(game.greatest(game.position(0b00011)?), None); // 2 and 3 are not comparable
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn greatest(&self, position: PosetPosition) -> Option<usize> {
        // A position of another poset has no element of this one.
        self.check_position(&position).ok()?;
        let position = position.bits();
        if position == 0 {
            return None;
        }
        // A greatest element is above the position's lowest element, so look only there.
        let lowest = position.trailing_zeros() as usize;
        (0..self.up.len())
            .filter(|&element| self.up[lowest] >> element & 1 == 1 && position >> element & 1 == 1)
            .find(|&element| position & !self.down[element] == 0)
    }

    /// Who wins from `position`, if it is known without a search: P when it is empty, N
    /// when it has a greatest element (by strategy stealing, which does not say which move
    /// wins). `None` otherwise — ask the [`Solver`](crate::Solver) — and for a position of
    /// another poset.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::poset::PosetGame;
    /// use impartial::{Outcome, Solver};
    ///
    /// let game = PosetGame::chomp(8, 8)?;
    /// // The whole bar has a greatest square: no search at all.
    /// assert_eq!(game.known_outcome(game.start()), Some(Outcome::N));
    /// // Two chains side by side have none.
    /// let chains = PosetGame::new(4, &[(0, 1), (2, 3)])?;
    /// let position = chains.start();
    /// assert_eq!(chains.known_outcome(position), None);
    /// let outcome = match chains.known_outcome(position) {
    ///     Some(known) => known,
    ///     None => Solver::new(chains.clone()).outcome(position)?,
    /// };
    /// assert_eq!(outcome, Outcome::P); // two Nim heaps of 2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn known_outcome(&self, position: PosetPosition) -> Option<Outcome> {
        // Nothing is known of a position of another poset.
        self.check_position(&position).ok()?;
        if position.bits() == 0 {
            Some(Outcome::P)
        } else {
            self.greatest(position).map(|_| Outcome::N)
        }
    }

    /// The elements of `position` connected to `element` through comparisons.
    fn part_of(&self, position: u128, element: usize) -> u128 {
        let mut part = 1u128 << element;
        let mut frontier = part;
        while frontier != 0 {
            let next = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.linked[next] & position & !part;
            part |= new;
            frontier |= new;
        }
        part
    }
}

impl ImpartialGame for PosetGame {
    type Position = PosetPosition;

    /// A position of this poset: the bits of another poset's are other elements.
    fn check_position(&self, position: &PosetPosition) -> Result<(), PositionError> {
        let poset = position.0.mark();
        if poset != self.fingerprint {
            return Err(PositionError::new(format!(
                "a position of another poset (fingerprint {poset:#018x}, not {:#018x})",
                self.fingerprint
            )));
        }
        match position.bits() & !self.all() {
            0 => Ok(()),
            bits => Err(PositionError::new(format!(
                "bits {bits:#x} are past the poset's elements"
            ))),
        }
    }

    const DECOMPOSITION: Option<Decomposition<Self>> = Some(Decomposition::of());

    fn moves(&self, from: &PosetPosition) -> impl Iterator<Item = PosetPosition> {
        // Bits past the poset (a position made by hand is checked against it only when
        // asked about) are no elements: dropped, never read as an index.
        let position = from.bits() & self.all();
        let from = *from;
        let mut rest = position;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let element = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(from.with(position & !self.up[element]))
        })
    }
}

impl Decompose for PosetGame {
    /// The connected parts of the position, when there are two or more.
    fn components(&self, whole: &PosetPosition) -> Option<impl Iterator<Item = PosetPosition>> {
        let position = whole.bits() & self.all();
        let whole = *whole;
        if position == 0 {
            return None;
        }
        let first = self.part_of(position, position.trailing_zeros() as usize);
        if first == position {
            return None;
        }
        let mut rest = position;
        Some(std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let part = self.part_of(rest, rest.trailing_zeros() as usize);
            rest &= !part;
            Some(whole.with(part))
        }))
    }

    fn search_size(&self, position: &PosetPosition) -> usize {
        (position.bits() & self.all()).count_ones() as usize
    }
}
