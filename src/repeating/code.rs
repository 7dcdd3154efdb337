//! [`RepeatingCode`]: a code's digits, read and written, and the moves they allow.

use std::fmt;
use std::str::FromStr;

use crate::game::ImpartialGame;
use crate::heap::Heaps;

/// The most digits before the tail.
///
/// ```
/// use impartial::repeating::{MAX_DIGITS, RepeatingCode};
///
/// assert!(RepeatingCode::new(&vec![0; MAX_DIGITS], 3).is_ok());
/// assert!(RepeatingCode::new(&vec![0; MAX_DIGITS + 1], 3).is_err());
/// ```
pub const MAX_DIGITS: usize = 4096;

pub(super) const TAKES_WHOLE: u8 = 1;
pub(super) const LEAVES_ONE: u8 = 2;

/// A code with a repeating tail; see the [module docs](crate::repeating).
///
/// # Examples
///
/// ```
/// use impartial::repeating::RepeatingCode;
/// use impartial::{Outcome, Solver};
///
/// // Take 2 exactly, or any amount from 3 on leaving something: 0.02[2].
/// let game: RepeatingCode = "0.02[2]".parse()?;
/// let values = game.values_up_to(20)?;
/// let mut solver = Solver::new(game);
/// for heap in 0..=20 {
///     assert_eq!(Some(solver.grundy([heap])?), values.get(heap));
/// }
/// assert_eq!(solver.outcome([4, 4])?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepeatingCode {
    /// The digit before the point, of taking nothing: 0, or a split (4, 8 or C).
    pub(super) first: u8,
    /// The digits of the amounts 1 to `k − 1`, the last not equal to the tail.
    pub(super) digits: Vec<u8>,
    /// The digit of every amount from `k` on: 1 to F.
    pub(super) tail: u8,
}

/// Why a code with a repeating tail was refused.
///
/// ```
/// use impartial::repeating::{RepeatingCode, RepeatingCodeError};
///
/// assert_eq!("0.3".parse::<RepeatingCode>(), Err(RepeatingCodeError::Form));
/// assert_eq!(
///     "0.x[3]".parse::<RepeatingCode>(),
///     Err(RepeatingCodeError::InvalidDigit { position: 2, found: 'x' })
/// );
/// assert!("0.[0]".parse::<RepeatingCode>().unwrap_err().to_string().contains("finite code"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RepeatingCodeError {
    /// Not of the form `d.d…[d]`.
    #[error(
        "a code with a repeating tail is written d.d…[d], as in 0.[3], 0.02[2] or 4.[3] (Lasker's Nim)"
    )]
    Form,
    /// A digit before the point that does more than split a heap.
    #[error(
        "the digit before the point is {found:?}: taking nothing can only split a heap, so it is 0, 4, 8 or C"
    )]
    FirstDigit {
        /// The digit.
        found: char,
    },
    /// A character that is not a hexadecimal digit before the tail.
    #[error("{found:?} at position {position}: the digits before the tail are 0 to 9 and A to F")]
    InvalidDigit {
        /// Its position, in characters from 0.
        position: usize,
        /// The character.
        found: char,
    },
    /// A tail this engine does not compute.
    #[error(
        "a tail of {found:?}: a repeating tail is a digit from 1 to F (a tail of 0 is a finite code: write it without the brackets)"
    )]
    UnsupportedTail {
        /// The tail's digit.
        found: char,
    },
    /// More than [`MAX_DIGITS`] digits before the tail.
    #[error("{digits} digits before the tail; at most {max} are supported")]
    TooLong {
        /// How many there are.
        digits: usize,
        /// [`MAX_DIGITS`].
        max: usize,
    },
}

impl RepeatingCode {
    /// The code of `digits` (the amounts 1, 2, …) followed by `tail` forever.
    ///
    /// # Errors
    ///
    /// [`RepeatingCodeError::InvalidDigit`] for a digit above F (its position counts from
    /// the first digit after the point, as in `0.` + digits), [`RepeatingCodeError::UnsupportedTail`]
    /// for a tail of 0 or above F, [`RepeatingCodeError::TooLong`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    ///
    /// assert_eq!(RepeatingCode::new(&[3, 0, 3, 0, 0], 3)?.to_string(), "0.30300[3]");
    /// assert!(RepeatingCode::new(&[16], 3).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(digits: &[u8], tail: u8) -> Result<Self, RepeatingCodeError> {
        Self::with_first_digit(0, digits, tail)
    }

    /// The code `first.digits[tail]`: as [`new`](Self::new), with the digit before the point,
    /// of moves that take nothing and split a heap into two (4), three (8) or either (C)
    /// non-empty heaps. Lasker's Nim, which may also split a heap in two, is `4.[3]`.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new), and [`RepeatingCodeError::FirstDigit`] for a first digit that is
    /// not 0, 4, 8 or C: one that takes nothing and leaves one heap would be a pass, and the
    /// game would never end.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    ///
    /// let lasker = RepeatingCode::with_first_digit(4, &[], 3)?;
    /// assert_eq!(lasker.to_string(), "4.[3]");
    /// assert!(lasker.splits());
    /// assert!(RepeatingCode::with_first_digit(2, &[], 3).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_first_digit(
        first: u8,
        digits: &[u8],
        tail: u8,
    ) -> Result<Self, RepeatingCodeError> {
        if !matches!(first, 0 | 4 | 8 | 12) {
            return Err(RepeatingCodeError::FirstDigit {
                found: char::from_digit(u32::from(first), 36)
                    .map_or('?', |digit| digit.to_ascii_uppercase()),
            });
        }
        if let Some(at) = digits.iter().position(|&digit| digit > 15) {
            return Err(RepeatingCodeError::InvalidDigit {
                position: at + 2,
                found: char::from_digit(u32::from(digits[at]), 36).unwrap_or('?'),
            });
        }
        if !matches!(tail, 1..=15) {
            return Err(RepeatingCodeError::UnsupportedTail {
                found: char::from_digit(u32::from(tail), 36).unwrap_or('?'),
            });
        }
        let mut digits = digits.to_vec();
        while digits.last() == Some(&tail) {
            digits.pop();
        }
        if digits.len() > MAX_DIGITS {
            return Err(RepeatingCodeError::TooLong {
                digits: digits.len(),
                max: MAX_DIGITS,
            });
        }
        Ok(RepeatingCode {
            first,
            digits,
            tail,
        })
    }

    /// The code of `digits` and `tail` as they are, which the caller has checked as
    /// [`new`](Self::new) would.
    pub(crate) fn trusted(mut digits: Vec<u8>, tail: u8) -> Self {
        debug_assert!(digits.len() <= MAX_DIGITS && digits.iter().all(|&digit| digit <= 15));
        debug_assert!(matches!(tail, 1..=15));
        while digits.last() == Some(&tail) {
            digits.pop();
        }
        RepeatingCode {
            first: 0,
            digits,
            tail,
        }
    }

    /// The digit of taking `amount` counters (for 0, the digit before the point).
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    ///
    /// let game: RepeatingCode = "0.02[3]".parse()?;
    /// assert_eq!([game.digit(0), game.digit(1), game.digit(2), game.digit(99)], [0, 0, 2, 3]);
    /// assert_eq!(game.tail_start(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn digit(&self, amount: u64) -> u8 {
        match amount {
            0 => self.first,
            _ => usize::try_from(amount - 1)
                .ok()
                .and_then(|index| self.digits.get(index).copied())
                .unwrap_or(self.tail),
        }
    }

    /// Whether a digit splits heaps (4 to F, or a first digit of 4, 8 or C): then the values
    /// come by the definition, and no period is proved.
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    /// use impartial::{Solver, sequence::SequenceError};
    ///
    /// // Take any number, leaving nothing, one heap or two.
    /// let game: RepeatingCode = "0.[7]".parse()?;
    /// assert!(game.splits());
    /// let values = game.values_up_to(24)?;
    /// assert_eq!(values.period(), None);
    /// let mut solver = Solver::new(game.clone());
    /// assert_eq!(Some(solver.grundy([24])?), values.get(24));
    /// assert!(matches!(game.values_up_to(1 << 20), Err(SequenceError::TooLarge { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn splits(&self) -> bool {
        (self.first | self.tail | self.digits.iter().fold(0, |all, &digit| all | digit)) & 12 != 0
    }

    /// The first amount of the tail, `k`: every amount from it on has the tail's digit (see
    /// [`digit`](Self::digit)'s example).
    #[must_use]
    pub fn tail_start(&self) -> u64 {
        self.digits.len() as u64 + 1
    }
}

impl fmt::Display for RepeatingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex =
            |digit: u8| char::from_digit(u32::from(digit), 16).map(|c| c.to_ascii_uppercase());
        write!(f, "{}.", hex(self.first).unwrap_or('?'))?;
        for &digit in &self.digits {
            write!(f, "{}", hex(digit).unwrap_or('?'))?;
        }
        write!(f, "[{}]", hex(self.tail).unwrap_or('?'))
    }
}

impl FromStr for RepeatingCode {
    type Err = RepeatingCodeError;

    /// Parses `d.d…[d]` (a first digit of `0` may be left out: `.[3]`).
    fn from_str(text: &str) -> Result<Self, RepeatingCodeError> {
        let code = text.trim();
        let (before, after) = code.split_once('.').ok_or(RepeatingCodeError::Form)?;
        let mut before_chars = before.chars();
        let first = match (before_chars.next(), before_chars.next()) {
            (None, _) => 0,
            (Some(c), None) => c.to_digit(16).ok_or(RepeatingCodeError::Form)?,
            _ => return Err(RepeatingCodeError::Form),
        };
        // Positions count characters of the text as given, white space before included.
        let start = (text.len() - text.trim_start().len()) + (code.len() - after.len());
        let offset = text[..start].chars().count();
        let (digits, tail) = after.split_once('[').ok_or(RepeatingCodeError::Form)?;
        let tail = tail.strip_suffix(']').ok_or(RepeatingCodeError::Form)?;
        let mut parsed = Vec::with_capacity(digits.len());
        for (at, c) in digits.chars().enumerate() {
            match c.to_digit(16) {
                Some(digit) => parsed.push(digit as u8),
                None => {
                    return Err(RepeatingCodeError::InvalidDigit {
                        position: offset + at,
                        found: c,
                    });
                }
            }
        }
        let mut tail_chars = tail.chars();
        let (Some(tail), None) = (tail_chars.next(), tail_chars.next()) else {
            return Err(RepeatingCodeError::Form);
        };
        let digit = tail
            .to_digit(16)
            .ok_or(RepeatingCodeError::UnsupportedTail { found: tail })?;
        Self::with_first_digit(first as u8, &parsed, digit as u8)
    }
}

impl ImpartialGame for RepeatingCode {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        let mut distinct = heaps.to_vec();
        distinct.dedup();
        distinct.into_iter().flat_map(move |heap| {
            let index = heaps.partition_point(|&size| size < heap);
            // Taking nothing only splits: a first digit of 0 has no move.
            let least = u64::from(self.first == 0);
            (least..=heap).flat_map(move |amount| {
                let digit = self.digit(amount);
                let rest = heap - amount;
                let whole = (rest == 0 && digit & TAKES_WHOLE != 0).then(Vec::new);
                let one = (rest > 0 && digit & LEAVES_ONE != 0).then(|| vec![rest]);
                let two = (digit & 4 != 0)
                    .then(|| (1..=rest / 2).map(move |small| vec![small, rest - small]))
                    .into_iter()
                    .flatten();
                let three = (digit & 8 != 0)
                    .then(|| {
                        (1..=rest / 3).flat_map(move |least| {
                            (least..=(rest - least) / 2)
                                .map(move |middle| vec![least, middle, rest - least - middle])
                        })
                    })
                    .into_iter()
                    .flatten();
                whole
                    .into_iter()
                    .chain(one)
                    .chain(two)
                    .chain(three)
                    .map(move |leaves| heaps.replace(index, &leaves))
            })
        })
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}
