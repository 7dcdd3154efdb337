//! Octal games, hexadecimal games and Grundy's game: take counters from a heap, and perhaps
//! split what is left.
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
//! A **hexadecimal game** has digits 0 to F, whose **8** lets a move leave three non-empty
//! heaps (*Winning Ways*, ch. 4): `0.F` takes one counter and leaves the rest as zero to three
//! heaps. `d0` is then 0, 4, 8 or C.
//!
//! **Grundy's game**: split one heap into two heaps of different sizes.
//!
//! Every ruleset here plays on [`Heaps`] and is a [`HeapGame`]: the nim-value sequences —
//! direct or by the sparse-space method, with proven periods — are in [`sequence`]
//! (`values_up_to`).
//!
//! ```
//! use impartial::octal::OctalGame;
//! use impartial::{Heaps, Solver};
//!
//! let kayles: OctalGame = "0.77".parse()?;
//! assert_eq!(kayles.to_string(), "0.77");
//! let mut solver = Solver::new(kayles.clone());
//! // A row of 4 pins: knock down the middle two, leaving 1 + 1, and win.
//! assert_eq!(solver.winning_move([4])?, Some(Heaps::from([1, 1])));
//! assert_eq!(kayles.values_up_to(4)?.computed_values(), [0, 1, 2, 3, 1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`sequence`]: crate::sequence

use std::fmt;
use std::str::FromStr;

use crate::game::ImpartialGame;
use crate::heap::Heaps;
use crate::heap::{HeapCounts, HeapRules, HeapRulesBuilder, SplitShapes};
use crate::sequence::{HeapGame, heap_game_methods};

/// The most digits after the point a code may have (the most counters one move may remove).
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

/// A malformed octal or hexadecimal code.
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
    #[error("a code may not be empty: write it as d0.d1d2…, for example 0.77")]
    Empty,
    /// There is no point.
    #[error("a code needs a point, as in 0.77")]
    MissingPoint,
    /// Nothing follows the point.
    #[error("a code needs at least one digit after the point, as in 0.77")]
    NoDigitsAfterPoint,
    /// The digit before the point cannot be a move that removes nothing.
    #[error(
        "the digit before the point must be 0 or 4 (or 8 or C in a hexadecimal code): a move that removes nothing can only split; found {0:?}"
    )]
    InvalidFirstDigit(char),
    /// More than one digit before the point.
    #[error("only one digit may come before the point; found {0:?}")]
    SeveralDigitsBeforePoint(String),
    /// A character is not a digit of the code.
    #[error(
        "{found:?} at position {position} is not a digit of the code (0-7 in an octal code, 0-F in a hexadecimal one)"
    )]
    InvalidDigit {
        /// Its position in the code, in characters from 0.
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
    /// A modifier (`!`, `?`, `=`) that does not follow a digit.
    #[error(
        "{found:?} at position {position} does not follow a digit: `!` (all different), `?` (not all equal) and `=` (all equal) go right after the digit whose splits they restrict"
    )]
    UnsupportedModifier {
        /// Its position in the code, in characters from 0.
        position: usize,
        /// The modifier.
        found: char,
    },
    /// A digit written `{…}` that names a count of heaps past
    /// [`HeapCounts::MAX_COUNT`](crate::take_and_break::HeapCounts::MAX_COUNT), listed or as
    /// `k+`.
    #[error(
        "the digit at position {position} names {heaps} heaps: counts up to 63 may be listed, and `k+` (k up to 63) stands for every count from k on"
    )]
    TooManyHeaps {
        /// Where the digit's `{` is, in characters from 0.
        position: usize,
        /// The number of heaps asked for.
        heaps: u32,
    },
    /// A modifier after a digit that also splits into four heaps or more: modifiers restrict
    /// splits into two and three heaps only.
    #[error(
        "the modifier at position {position} follows a digit that splits into four heaps or more: modifiers restrict splits into two and three heaps only"
    )]
    ModifierOnManyHeaps {
        /// Where the modifier is, in characters from 0.
        position: usize,
    },
    /// A modifier after a digit that splits nothing (it leaves neither two heaps nor three).
    #[error(
        "the modifier at position {position} follows a digit that leaves neither two heaps nor three: there is no split for it to restrict"
    )]
    ModifierWithoutSplit {
        /// Where the modifier is, in characters from 0.
        position: usize,
    },
}

/// The base of a code: its digits and what its first digit may be.
#[derive(Clone, Copy)]
pub(crate) enum Base {
    Octal,
    Hexadecimal,
}

impl Base {
    fn radix(self) -> u32 {
        match self {
            Base::Octal => 8,
            Base::Hexadecimal => 16,
        }
    }

    /// A first digit may only split: no 1 (take nothing, leave nothing) or 2 (leave the
    /// heap as it was).
    fn first_digit_valid(digit: u8) -> bool {
        digit & (LEAVES_NONE | LEAVES_ONE) == 0
    }
}

/// The digits of a code, checked: the first may only split, each is below the radix, the
/// code has at most [`MAX_DIGITS`] after the point and some move (unless the code has
/// `other_moves` its digits do not say); trailing zeros dropped.
fn checked_digits(digits: &[u8], base: Base, other_moves: bool) -> Result<Vec<u8>, CodeError> {
    let (&first, rest) = digits.split_first().ok_or(CodeError::Empty)?;
    let radix = base.radix();
    if u32::from(first) >= radix || !Base::first_digit_valid(first) {
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
    if let Some(position) = rest.iter().position(|&d| u32::from(d) >= radix) {
        return Err(CodeError::InvalidDigit {
            position: position + 2,
            found: digit_char(rest[position]),
        });
    }
    let used = digits.iter().rposition(|&d| d != 0);
    let used = match used {
        Some(used) => used,
        None if other_moves => 1,
        None => return Err(CodeError::NoMoves),
    };
    Ok(digits[..=used.max(1)].to_vec())
}

/// The digits of a code written `d0.d1d2…` in `base`.
pub(crate) fn parse_code(code: &str, base: Base) -> Result<Vec<u8>, CodeError> {
    parse_code_with(code, base, false)
}

/// As [`parse_code`], for a code that has moves its digits do not say when `other_moves`
/// (splits into four heaps or more): then digits all 0 are no error.
pub(crate) fn parse_code_with(
    code: &str,
    base: Base,
    other_moves: bool,
) -> Result<Vec<u8>, CodeError> {
    if code.is_empty() {
        return Err(CodeError::Empty);
    }
    let (before, after) = code.split_once('.').ok_or(CodeError::MissingPoint)?;
    let radix = base.radix();
    let mut before_chars = before.chars();
    let first = match before_chars.next() {
        None => 0,
        Some(c) => match c.to_digit(radix) {
            Some(digit) => u8::try_from(digit).expect("a digit below 16"),
            None if c.is_ascii_digit() => return Err(CodeError::InvalidFirstDigit(c)),
            None => {
                return Err(CodeError::InvalidDigit {
                    position: 0,
                    found: c,
                });
            }
        },
    };
    if let Some((offset, c)) = before_chars
        .enumerate()
        .find(|(_, c)| c.to_digit(radix).is_none())
    {
        return Err(CodeError::InvalidDigit {
            position: offset + 1,
            found: c,
        });
    }
    if before.chars().count() > 1 {
        return Err(CodeError::SeveralDigitsBeforePoint(before.to_string()));
    }
    if !Base::first_digit_valid(first) {
        return Err(CodeError::InvalidFirstDigit(digit_char(first)));
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
        match c.to_digit(radix) {
            Some(d) => digits.push(u8::try_from(d).expect("a digit below 16")),
            None => {
                return Err(CodeError::InvalidDigit {
                    position: before.chars().count() + 1 + offset,
                    found: c,
                });
            }
        }
    }
    checked_digits(&digits, base, other_moves)
}

/// What a bit of a digit lets a move leave.
const LEAVES_NONE: u8 = 1;
const LEAVES_ONE: u8 = 2;
const LEAVES_TWO: u8 = 4;
const LEAVES_THREE: u8 = 8;

/// The rules of valid digits: bits 1, 2, 4 and 8 leave no, one, two and three heaps.
pub(crate) fn rules_of(digits: &[u8]) -> HeapRules {
    builder_of(digits)
        .build()
        .expect("the first digit of a checked code neither takes nothing whole nor leaves the heap")
}

/// The rules of valid digits, the splits of each restricted to the shapes of its modifier
/// (`shapes[r]`, any shape where there is none), and the splits into four heaps or more of
/// `many` (amount, counts).
pub(crate) fn rules_with_shapes(
    digits: &[u8],
    shapes: &[SplitShapes],
    many: &[(usize, HeapCounts)],
) -> HeapRules {
    let shape_of = |r: usize| shapes.get(r).copied().unwrap_or(SplitShapes::ANY);
    let mut builder = HeapRules::builder()
        .take_whole(amounts_with_bit(digits, LEAVES_NONE))
        .take_leaving_one(amounts_with_bit(digits, LEAVES_ONE));
    for r in amounts_with_bit(digits, LEAVES_TWO) {
        builder = builder.take_leaving_two_shaped([r], shape_of(r as usize));
    }
    for r in amounts_with_bit(digits, LEAVES_THREE) {
        builder = builder.take_leaving_three_shaped([r], shape_of(r as usize));
    }
    for &(amount, counts) in many {
        builder = builder.take_leaving_many([amount as u64], counts);
    }
    builder
        .build()
        .expect("the first digit of a checked code neither takes nothing whole nor leaves the heap")
}

/// The amounts whose digit has `bit`.
fn amounts_with_bit(digits: &[u8], bit: u8) -> impl Iterator<Item = u64> + '_ {
    (0u64..)
        .zip(digits)
        .filter(move |&(_, &d)| d & bit != 0)
        .map(|(r, _)| r)
}

/// The rules of valid digits, to be built (with more options, such as unequal splits).
pub(crate) fn builder_of(digits: &[u8]) -> HeapRulesBuilder {
    HeapRules::builder()
        .take_whole(amounts_with_bit(digits, LEAVES_NONE))
        .take_leaving_one(amounts_with_bit(digits, LEAVES_ONE))
        .take_leaving_two(amounts_with_bit(digits, LEAVES_TWO))
        .take_leaving_three(amounts_with_bit(digits, LEAVES_THREE))
}

pub(crate) fn digit_char(digit: u8) -> char {
    char::from_digit(u32::from(digit), 36).map_or('?', |c| c.to_ascii_uppercase())
}

fn write_code(f: &mut fmt::Formatter<'_>, digits: &[u8]) -> fmt::Result {
    write!(f, "{}.", digit_char(digits[0]))?;
    digits[1..]
        .iter()
        .try_for_each(|&d| write!(f, "{}", digit_char(d)))
}

/// An octal game, from its code.
///
/// Parsed with [`FromStr`] (`"0.77"`, `".07"`, `"4.07"`), shown with [`Display`](fmt::Display)
/// without trailing zeros. Positions are [`Heaps`].
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
/// assert_eq!(solver.outcome([5])?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_digits(digits: &[u8]) -> Result<Self, CodeError> {
        Ok(Self::known(&checked_digits(digits, Base::Octal, false)?))
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

    /// A game from digits known to be valid.
    fn known(digits: &[u8]) -> Self {
        OctalGame {
            digits: digits.to_vec(),
            rules: rules_of(digits),
        }
    }

    /// The digits `d0, d1, …`, without trailing zeros (but with at least one after the point).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// assert_eq!("4.070".parse::<OctalGame>()?.digits(), [4, 0, 7]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }
}

impl FromStr for OctalGame {
    type Err = CodeError;

    fn from_str(code: &str) -> Result<Self, CodeError> {
        Ok(Self::known(&parse_code(code, Base::Octal)?))
    }
}

impl fmt::Display for OctalGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_code(f, &self.digits)
    }
}

impl ImpartialGame for OctalGame {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        self.rules.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

/// An octal game's values come from the sparse space where it helps, and its period is
/// proven by the octal periodicity theorem (Guy and Smith).
///
/// ```
/// use impartial::octal::OctalGame;
///
/// let period = OctalGame::kayles().values_up_to(1_000)?.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (71, 12));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl HeapGame for OctalGame {
    fn rules(&self) -> &HeapRules {
        &self.rules
    }
}

heap_game_methods!(OctalGame);

/// A hexadecimal game, from its code: an octal game whose digits may also be 8 to F, the 8
/// letting a move leave three heaps.
///
/// Parsed with [`FromStr`] (`"0.F"`, `"8.0F"`, lower case too), shown with
/// [`Display`](fmt::Display) in upper case without trailing zeros. Its values come from the
/// direct recurrence (a split into three heaps gives values of both parities from common
/// heaps, so no sparse space helps), and its periods are proven by the periodicity theorem
/// extended to three heaps: `G(n + p) = G(n)` for `n0 ≤ n < 3·n0 + 2p + t`.
///
/// # Examples
///
/// ```
/// use impartial::octal::{HexadecimalGame, OctalGame};
/// use impartial::{Outcome, Solver};
///
/// let game: HexadecimalGame = "0.f".parse()?;
/// assert_eq!(game.to_string(), "0.F");
/// assert_eq!(game.digits(), [0, 15]);
/// // A code of digits 0 to 7 is the octal game of the same code.
/// let kayles: HexadecimalGame = "0.77".parse()?;
/// assert_eq!(
///     kayles.values_up_to(100)?.computed_values(),
///     OctalGame::kayles().values_up_to(100)?.computed_values()
/// );
/// assert_eq!(Solver::new(game).outcome([3, 4])?, Outcome::N);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexadecimalGame {
    digits: Vec<u8>,
    rules: HeapRules,
}

impl HexadecimalGame {
    /// The game from its digits `d0, d1, …`, each 0 to 15.
    ///
    /// # Errors
    ///
    /// As parsing: [`CodeError::InvalidFirstDigit`] unless `d0` is 0, 4, 8 or 12,
    /// [`CodeError::InvalidDigit`] for a digit above 15, [`CodeError::NoDigitsAfterPoint`],
    /// [`CodeError::TooLong`], [`CodeError::NoMoves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::HexadecimalGame;
    ///
    /// assert_eq!(HexadecimalGame::from_digits(&[8, 0, 15])?.to_string(), "8.0F");
    /// assert!(HexadecimalGame::from_digits(&[0, 16]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_digits(digits: &[u8]) -> Result<Self, CodeError> {
        let digits = checked_digits(digits, Base::Hexadecimal, false)?;
        Ok(HexadecimalGame {
            rules: rules_of(&digits),
            digits,
        })
    }

    /// The digits `d0, d1, …`, without trailing zeros (but with at least one after the point).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::HexadecimalGame;
    ///
    /// assert_eq!("0.8F0".parse::<HexadecimalGame>()?.digits(), [0, 8, 15]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }
}

impl FromStr for HexadecimalGame {
    type Err = CodeError;

    fn from_str(code: &str) -> Result<Self, CodeError> {
        Self::from_digits(&parse_code(code, Base::Hexadecimal)?)
    }
}

impl fmt::Display for HexadecimalGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_code(f, &self.digits)
    }
}

impl ImpartialGame for HexadecimalGame {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        self.rules.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

impl HeapGame for HexadecimalGame {
    fn rules(&self) -> &HeapRules {
        &self.rules
    }
}

heap_game_methods!(HexadecimalGame);

/// Grundy's game: a move splits one heap into two non-empty heaps of different sizes.
///
/// No period is known (its values have been computed past 2³⁵ by Flammenkamp), and the
/// periodicity theorem does not apply, so its sequence never claims one. Its values come from
/// the sparse space: the rare values have an even number of ones above the lowest bit.
///
/// # Examples
///
/// ```
/// use impartial::octal::GrundysGame;
/// use impartial::{Outcome, Solver};
///
/// // OEIS A002188.
/// assert_eq!(GrundysGame.values_up_to(8)?.computed_values(), [0, 0, 0, 1, 0, 2, 1, 0, 2]);
/// // 7 = 6 + 1 = 5 + 2 = 4 + 3: every split leaves a nonzero value, and 7 is P.
/// assert_eq!(Solver::new(GrundysGame).outcome([7])?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GrundysGame;

impl GrundysGame {
    fn heap_rules() -> &'static HeapRules {
        static RULES: std::sync::OnceLock<HeapRules> = std::sync::OnceLock::new();
        RULES.get_or_init(|| {
            HeapRules::builder()
                .take_leaving_two([0])
                .unequal_splits()
                .build()
                .expect("a split without taking is a move")
        })
    }
}

impl ImpartialGame for GrundysGame {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        Self::heap_rules().moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

impl HeapGame for GrundysGame {
    fn rules(&self) -> &HeapRules {
        Self::heap_rules()
    }
}

heap_game_methods!(GrundysGame);
