//! Subtraction games: a move takes an amount from a fixed set from one heap.
//!
//! `S(1, 3, 4)` lets a move take 1, 3 or 4 counters from one heap. A game is made from its
//! amounts ([`SubtractionGame::new`]) or parsed from text — `"1,3,4"`, `"1 3 4"`,
//! `"{1, 3, 4}"` or `"S(1, 3, 4)"` — and shown as `S(1, 3, 4)`:
//!
//! ```
//! use impartial::SubtractionGame;
//!
//! let game: SubtractionGame = "S(4, 1, 3)".parse()?;
//! assert_eq!(game.to_string(), "S(1, 3, 4)");
//! assert_eq!(game.values_up_to(7)?.computed_values(), [0, 1, 0, 1, 2, 3, 2, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::game::ImpartialGame;
use crate::heap::HeapRules;
use crate::heap::Heaps;
use crate::sequence::{HeapGame, heap_game_methods};

/// The subtraction game `S(s₁, s₂, …)`: a move takes exactly `sᵢ` counters from one heap.
///
/// Positions are [`Heaps`]; a move changes one heap. The set is kept sorted and without
/// repeats; a heap's options are listed taking it whole first, then by amount ascending.
///
/// # Examples
///
/// ```
/// use impartial::{Outcome, Solver, SubtractionGame};
///
/// // S(1, 2): the P-positions of one heap are the multiples of 3.
/// let mut solver = Solver::new(SubtractionGame::new(&[2, 1])?);
/// assert_eq!(solver.game().subtraction_set(), [1, 2]);
/// assert_eq!(solver.outcome([9])?, Outcome::P);
/// assert_eq!(solver.winning_move([10])?, Some([9].into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionGame {
    /// A heap of exactly `s` may be taken whole, and `s` taken from a larger one, for each
    /// `s` of the set: the set is the rules' amounts.
    rules: HeapRules,
}

impl SubtractionGame {
    /// The subtraction game with the amounts in `set`.
    ///
    /// # Errors
    ///
    /// [`SetError::Empty`] for an empty set, and [`SetError::Zero`] if it contains 0 (a move
    /// must change something), with the index of the first 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::SubtractionGame;
    /// use impartial::subtraction::SetError;
    ///
    /// assert!(SubtractionGame::new(&[1, 3, 4]).is_ok());
    /// assert_eq!(SubtractionGame::new(&[]), Err(SetError::Empty));
    /// assert_eq!(SubtractionGame::new(&[3, 0]), Err(SetError::Zero { position: 1 }));
    /// ```
    pub fn new(set: &[u64]) -> Result<Self, SetError> {
        if set.is_empty() {
            return Err(SetError::Empty);
        }
        if let Some(position) = set.iter().position(|&amount| amount == 0) {
            return Err(SetError::Zero { position });
        }
        let rules = HeapRules::builder()
            .take_whole(set.iter().copied())
            .take_leaving_one(set.iter().copied())
            .build()
            // The rules refuse only an amount of 0, refused above.
            .map_err(|_| SetError::Zero { position: 0 })?;
        Ok(SubtractionGame { rules })
    }

    /// The amounts a move may take, ascending, without repeats.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::SubtractionGame;
    ///
    /// assert_eq!(SubtractionGame::new(&[4, 1, 3, 1])?.subtraction_set(), [1, 3, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn subtraction_set(&self) -> &[u64] {
        self.rules.taken_leaving_one()
    }
}

/// Malformed text for a subtraction set.
///
/// # Examples
///
/// ```
/// use impartial::SubtractionGame;
/// use impartial::subtraction::SetError;
///
/// assert_eq!("".parse::<SubtractionGame>(), Err(SetError::Empty));
/// assert_eq!("S()".parse::<SubtractionGame>(), Err(SetError::Empty));
/// assert_eq!("1, 0".parse::<SubtractionGame>(), Err(SetError::Zero { position: 3 }));
/// assert_eq!(
///     "1, x3".parse::<SubtractionGame>(),
///     Err(SetError::InvalidAmount { position: 3, found: "x3".to_string() })
/// );
/// assert_eq!(
///     "S(1, 3".parse::<SubtractionGame>(),
///     Err(SetError::Unclosed { open: "S(".to_string() })
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetError {
    /// No amount at all.
    #[error("a subtraction set needs at least one amount, as in 1,3,4")]
    Empty,
    /// Something that is not a whole number from 1 to `u64::MAX`.
    #[error(
        "{found:?} at position {position} is not an amount: write whole numbers from 1 to {max}, separated by commas or spaces, as in 1,3,4",
        max = u64::MAX
    )]
    InvalidAmount {
        /// Where it starts, in characters from 0.
        position: usize,
        /// The text found there.
        found: String,
    },
    /// An amount of 0, a move that would change nothing.
    #[error("0 at position {position}: every amount must take at least one counter")]
    Zero {
        /// Where it is: in characters from 0 in a text, the index in a slice of amounts.
        position: usize,
    },
    /// An all-but set's tail of 0 ([`AllButSubtraction::with_tail`](crate::all_but::AllButSubtraction::with_tail)):
    /// the amounts from the tail on would include taking nothing.
    #[error("a tail of 0: the amounts taken from the tail on must start at 1 or more")]
    ZeroTail,
    /// `S(` or `{` without its closing bracket.
    #[error("{open:?} is never closed")]
    Unclosed {
        /// The opening bracket.
        open: String,
    },
    /// An amount past the largest the set may hold (an all-but set's
    /// [`MAX_EXCLUDED`](crate::all_but::MAX_EXCLUDED)).
    #[error("{amount} is more than the largest amount the set may hold, {max}")]
    AmountTooLarge {
        /// The amount.
        amount: u64,
        /// The largest allowed.
        max: u64,
    },
}

impl FromStr for SubtractionGame {
    type Err = SetError;

    /// Parses the amounts, separated by commas or white space, optionally inside `S( )` or
    /// `{ }`. Repeats are allowed, and the order does not matter.
    fn from_str(text: &str) -> Result<Self, SetError> {
        let trimmed = text.trim_start();
        let offset = text.chars().count() - trimmed.chars().count();
        let brackets = [("S(", ')'), ("s(", ')'), ("{", '}')];
        let amounts = parse_amounts(trimmed, offset, &brackets)?;
        Self::new(&amounts)
    }
}

/// The amounts of `text` (which starts `offset` characters into what the user wrote),
/// separated by commas or white space, optionally inside one pair of `brackets`; none is 0.
pub(crate) fn parse_amounts(
    text: &str,
    mut offset: usize,
    brackets: &[(&str, char)],
) -> Result<Vec<u64>, SetError> {
    let trimmed = text.trim_start();
    offset += text.chars().count() - trimmed.chars().count();
    let mut inner = trimmed.trim_end();
    for &(open, close) in brackets {
        if let Some(rest) = inner.strip_prefix(open) {
            inner = rest.strip_suffix(close).ok_or_else(|| SetError::Unclosed {
                open: open.to_string(),
            })?;
            offset += open.chars().count();
            break;
        }
    }
    let mut amounts = Vec::new();
    let mut chars = inner.chars().enumerate().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c == ',' || c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut word = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if c == ',' || c.is_whitespace() {
                break;
            }
            word.push(c);
            chars.next();
        }
        let position = offset + at;
        let amount = if word.bytes().all(|b| b.is_ascii_digit()) {
            word.parse::<u64>().ok()
        } else {
            None
        };
        match amount {
            Some(0) => return Err(SetError::Zero { position }),
            Some(amount) => amounts.push(amount),
            None => {
                return Err(SetError::InvalidAmount {
                    position,
                    found: word,
                });
            }
        }
    }
    Ok(amounts)
}

impl fmt::Display for SubtractionGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_amounts(f, "S(", self.subtraction_set().iter().copied())
    }
}

/// `open`, the amounts separated by `, `, and `)`: how the sets of amounts are shown.
pub(crate) fn write_amounts(
    f: &mut fmt::Formatter<'_>,
    open: &str,
    amounts: impl IntoIterator<Item = u64>,
) -> fmt::Result {
    f.write_str(open)?;
    for (index, amount) in amounts.into_iter().enumerate() {
        if index > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{amount}")?;
    }
    f.write_str(")")
}

impl ImpartialGame for SubtractionGame {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        self.rules.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

/// A subtraction game's values never need the sparse space (there are no splits): each costs
/// one look per amount, and with a finite set the sequence is always eventually periodic —
/// proven once a window of `max(set)` values repeats.
///
/// ```
/// use impartial::SubtractionGame;
///
/// let values = SubtractionGame::new(&[2, 5, 6])?.values_up_to(1_000)?;
/// let period = values.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 11));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl HeapGame for SubtractionGame {
    fn rules(&self) -> &HeapRules {
        &self.rules
    }
}

heap_game_methods!(SubtractionGame);
