//! Octal games and Grundy's game: take counters from a heap, and perhaps split what is left.
//!
//! An octal game is written `d0.d1d2d3…`: digit `dᵢ` (0 to 7) says what a move that removes
//! `i` counters from one heap may leave, as a sum of
//!
//! - **1**: nothing (the heap had exactly `i` counters),
//! - **2**: one non-empty heap,
//! - **4**: two non-empty heaps (the rest is split in two).
//!
//! `d0` is 0 or 4 (splitting a heap without removing anything). Kayles is `0.77` (knock down
//! one pin or two adjacent pins of a row), Dawson's Kayles `0.07`, Dawson's chess `0.137`;
//! a subtraction game is an octal game of 3s and 0s (`S(1, 3, 4)` is `0.3033`: remove 1, 3 or
//! 4, leaving nothing or one heap).
//!
//! **Grundy's game**: split one heap into two heaps of different sizes.
//!
//! Both rulesets play on positions of several heaps (`Vec<u64>`, kept sorted). Their
//! nim-value sequences — direct or by the sparse-space method, with proven periods — are in
//! [`sequence`].
//!
//! ```
//! use impartial::octal::OctalGame;
//! use impartial::sequence::HeapGame;
//! use impartial::Solver;
//!
//! let kayles: OctalGame = "0.77".parse()?;
//! assert_eq!(kayles.to_string(), "0.77");
//! let mut solver = Solver::new(kayles.clone());
//! // A row of 4 pins: knock down the middle two, leaving 1 + 1, and win.
//! assert_eq!(solver.winning_move(&vec![4]), Some(vec![1, 1]));
//! assert_eq!(kayles.sequence(4)?.values(), [0, 1, 2, 3, 1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use crate::game::{ImpartialGame, vec_bytes};
use crate::sequence::rules::{HeapRules, position_options};
use crate::sequence::{self, GrundySequence, HeapGame, Progress, SequenceError, SequenceOptions};

/// The most digits after the point an octal code may have (the most counters one move may
/// remove).
///
/// # Examples
///
/// ```
/// use impartial::octal::{MAX_DIGITS, OctalGame};
///
/// assert!(format!("0.{}", "7".repeat(MAX_DIGITS)).parse::<OctalGame>().is_ok());
/// assert!(format!("0.{}", "7".repeat(MAX_DIGITS + 1)).parse::<OctalGame>().is_err());
/// ```
pub const MAX_DIGITS: usize = 256;

/// A malformed octal code.
///
/// # Examples
///
/// ```
/// use impartial::octal::{CodeError, OctalGame};
///
/// assert_eq!("".parse::<OctalGame>(), Err(CodeError::Empty));
/// assert_eq!("0.8".parse::<OctalGame>(), Err(CodeError::InvalidDigit { position: 2, found: '8' }));
/// assert_eq!("1.2".parse::<OctalGame>(), Err(CodeError::InvalidFirstDigit('1')));
/// assert_eq!("40.7".parse::<OctalGame>(), Err(CodeError::SeveralDigitsBeforePoint("40".into())));
/// assert_eq!("0x1.7".parse::<OctalGame>(), Err(CodeError::InvalidDigit { position: 1, found: 'x' }));
/// assert_eq!("0.".parse::<OctalGame>(), Err(CodeError::NoDigitsAfterPoint));
/// assert_eq!(
///     format!("0.{}", "7".repeat(300)).parse::<OctalGame>(),
///     Err(CodeError::TooLong { digits: 300, max: 256 })
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CodeError {
    /// The code is empty.
    #[error("an octal code may not be empty: write it as d0.d1d2…, for example 0.77")]
    Empty,
    /// There is no point.
    #[error("an octal code needs a point, as in 0.77")]
    MissingPoint,
    /// Nothing follows the point.
    #[error("an octal code needs at least one digit after the point, as in 0.77")]
    NoDigitsAfterPoint,
    /// The digit before the point is not 0 or 4.
    #[error(
        "the digit before the point must be 0 or 4 (a move removing nothing can only split), found {0:?}"
    )]
    InvalidFirstDigit(char),
    /// More than one digit before the point.
    #[error("only one digit, 0 or 4, may come before the point; found {0:?}")]
    SeveralDigitsBeforePoint(String),
    /// A character after the point is not an octal digit.
    #[error("'{found}' at position {position} is not an octal digit 0-7")]
    InvalidDigit {
        /// Its position in the code, from 0.
        position: usize,
        /// The character.
        found: char,
    },
    /// More digits after the point than [`MAX_DIGITS`].
    #[error("{digits} digits after the point; at most {max} are supported")]
    TooLong {
        /// How many there are.
        digits: usize,
        /// [`MAX_DIGITS`].
        max: usize,
    },
    /// Every digit is 0: no move at all.
    #[error("every digit is 0, so the game has no moves")]
    NoMoves,
}

/// An octal game, from its code.
///
/// Parsed with [`FromStr`] (`"0.77"`, `".07"`, `"4.07"`), shown with [`Display`](fmt::Display)
/// without trailing zeros. Positions are lists of heap sizes; moves keep them sorted and drop
/// empty heaps.
///
/// On its own the ruleset has no closed form, so the [`Solver`](crate::Solver) searches —
/// an independent check of the sequence. Wrapped in [`Tabulated`](crate::sequence::Tabulated)
/// it answers every position from the nim-values of its heaps, and the solver and
/// [`Sum`](crate::Sum) search nothing the table covers.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::{Outcome, Solver};
///
/// let dawsons_kayles: OctalGame = ".07".parse()?;
/// assert_eq!(dawsons_kayles.to_string(), "0.07");
/// assert_eq!(dawsons_kayles.digits(), [0, 0, 7]);
/// let mut solver = Solver::new(dawsons_kayles);
/// assert_eq!(solver.outcome(&vec![5]), Outcome::P);
/// # Ok::<(), impartial::octal::CodeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalGame {
    digits: Vec<u8>,
    rules: HeapRules,
}

impl OctalGame {
    /// The game from its digits `d0, d1, …` (as [`digits`](Self::digits) returns them).
    ///
    /// # Errors
    ///
    /// As parsing: [`CodeError::InvalidFirstDigit`] unless `d0` is 0 or 4,
    /// [`CodeError::InvalidDigit`] for a digit above 7, [`CodeError::NoDigitsAfterPoint`],
    /// [`CodeError::TooLong`], [`CodeError::NoMoves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// assert_eq!(OctalGame::from_digits(&[0, 7, 7])?.to_string(), "0.77");
    /// assert!(OctalGame::from_digits(&[0, 9]).is_err());
    /// # Ok::<(), impartial::octal::CodeError>(())
    /// ```
    pub fn from_digits(digits: &[u8]) -> Result<Self, CodeError> {
        let (&first, rest) = digits.split_first().ok_or(CodeError::Empty)?;
        if first != 0 && first != 4 {
            return Err(CodeError::InvalidFirstDigit(digit_char(first)));
        }
        if rest.is_empty() {
            return Err(CodeError::NoDigitsAfterPoint);
        }
        if rest.len() > MAX_DIGITS {
            return Err(CodeError::TooLong {
                digits: rest.len(),
                max: MAX_DIGITS,
            });
        }
        if let Some(position) = rest.iter().position(|&d| d > 7) {
            return Err(CodeError::InvalidDigit {
                position: position + 2,
                found: digit_char(rest[position]),
            });
        }
        let used = digits
            .iter()
            .rposition(|&d| d != 0)
            .ok_or(CodeError::NoMoves)?;
        Ok(Self::known(&digits[..=used.max(1)]))
    }

    /// Kayles, `0.77`: knock down one pin or two adjacent pins from a row.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// assert_eq!(OctalGame::kayles().to_string(), "0.77");
    /// ```
    #[must_use]
    pub fn kayles() -> Self {
        Self::known(&[0, 7, 7])
    }

    /// Dawson's Kayles, `0.07`: knock down two adjacent pins.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// assert_eq!(OctalGame::dawsons_kayles().to_string(), "0.07");
    /// ```
    #[must_use]
    pub fn dawsons_kayles() -> Self {
        Self::known(&[0, 0, 7])
    }

    /// Dawson's chess, `0.137`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// assert_eq!(OctalGame::dawsons_chess().to_string(), "0.137");
    /// ```
    #[must_use]
    pub fn dawsons_chess() -> Self {
        Self::known(&[0, 1, 3, 7])
    }

    /// A game from digits known to be valid: ones, twos and fours leave no, one and two
    /// heaps, with no checks to fail.
    fn known(digits: &[u8]) -> Self {
        let with_bit = |bit: u8| -> Vec<u64> {
            (0u64..)
                .zip(digits)
                .filter(|&(_, &d)| d & bit != 0)
                .map(|(r, _)| r)
                .collect()
        };
        let rules = HeapRules {
            leave_none: with_bit(1),
            leave_one: with_bit(2),
            leave_two: with_bit(4),
            unequal_split: false,
            periodicity_theorem: true,
        };
        OctalGame {
            digits: digits.to_vec(),
            rules,
        }
    }

    /// The digits `d0, d1, …, dt`, without trailing zeros (but always one after the point).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// assert_eq!("4.070".parse::<OctalGame>()?.digits(), [4, 0, 7]);
    /// # Ok::<(), impartial::octal::CodeError>(())
    /// ```
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }
}

fn digit_char(digit: u8) -> char {
    char::from_digit(u32::from(digit), 36).unwrap_or('?')
}

impl FromStr for OctalGame {
    type Err = CodeError;

    fn from_str(code: &str) -> Result<Self, CodeError> {
        if code.is_empty() {
            return Err(CodeError::Empty);
        }
        let (before, after) = code.split_once('.').ok_or(CodeError::MissingPoint)?;
        let mut before_chars = before.chars();
        let first = match before_chars.next() {
            None | Some('0') => 0,
            Some('4') => 4,
            Some(c) if c.is_ascii_digit() => return Err(CodeError::InvalidFirstDigit(c)),
            Some(c) => {
                return Err(CodeError::InvalidDigit {
                    position: 0,
                    found: c,
                });
            }
        };
        if let Some((offset, c)) = before_chars.enumerate().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(CodeError::InvalidDigit {
                position: offset + 1,
                found: c,
            });
        }
        if before.len() > 1 {
            return Err(CodeError::SeveralDigitsBeforePoint(before.to_string()));
        }
        if after.is_empty() {
            return Err(CodeError::NoDigitsAfterPoint);
        }
        let count = after.chars().count();
        if count > MAX_DIGITS {
            return Err(CodeError::TooLong {
                digits: count,
                max: MAX_DIGITS,
            });
        }
        let mut digits = vec![first];
        for (offset, c) in after.chars().enumerate() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(CodeError::InvalidDigit {
                        position: before.chars().count() + 1 + offset,
                        found: c,
                    });
                }
            }
        }
        Self::from_digits(&digits)
    }
}

impl fmt::Display for OctalGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d}"))
    }
}

impl ImpartialGame for OctalGame {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        position_options(&self.rules, heaps)
    }

    fn allocated_bytes(&self, heaps: &Vec<u64>) -> usize {
        vec_bytes(heaps)
    }
}

impl HeapGame for OctalGame {
    fn sequence_with(
        &self,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<GrundySequence, SequenceError> {
        sequence::sequence_of(&self.rules, n, options, progress)
    }
}

/// Grundy's game: a move splits one heap into two non-empty heaps of different sizes.
///
/// Heaps of 1 and 2 cannot be split, so they are worth 0. No periodicity theorem covers the
/// game (Mike Guy computed ten million values without finding a pattern), and no period is
/// ever claimed for it; its values have a sparse space with the mask `…11110`
/// (Flammenkamp), which [`sequence`] finds and uses. As for [`OctalGame`], wrap it in
/// [`Tabulated`](crate::sequence::Tabulated) to answer positions from its values.
///
/// # Examples
///
/// ```
/// use impartial::octal::GrundysGame;
/// use impartial::sequence::HeapGame;
/// use impartial::{Outcome, Solver};
///
/// let mut solver = Solver::new(GrundysGame);
/// assert_eq!(solver.outcome(&vec![7]), Outcome::P);
/// assert_eq!(solver.winning_move(&vec![8]), Some(vec![1, 7]));
/// assert_eq!(GrundysGame.sequence(8)?.values(), [0, 0, 0, 1, 0, 2, 1, 0, 2]);
/// # Ok::<(), impartial::sequence::SequenceError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GrundysGame;

impl GrundysGame {
    fn rules() -> &'static HeapRules {
        static RULES: std::sync::OnceLock<HeapRules> = std::sync::OnceLock::new();
        RULES.get_or_init(|| HeapRules {
            leave_none: Vec::new(),
            leave_one: Vec::new(),
            leave_two: vec![0],
            unequal_split: true,
            periodicity_theorem: false,
        })
    }
}

impl ImpartialGame for GrundysGame {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        position_options(Self::rules(), heaps)
    }

    fn allocated_bytes(&self, heaps: &Vec<u64>) -> usize {
        vec_bytes(heaps)
    }
}

impl HeapGame for GrundysGame {
    fn sequence_with(
        &self,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<GrundySequence, SequenceError> {
        sequence::sequence_of(Self::rules(), n, options, progress)
    }
}
