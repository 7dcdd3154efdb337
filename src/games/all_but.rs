//! All-but subtraction games: a move takes any number of counters from one heap *except* the
//! amounts of a finite set — and so, equally, a finite set of amounts plus every amount from
//! some size on.
//!
//! `all-but(1, 3)` lets a move take 2, 4, 5, 6, … counters; `all-but()` is Nim. Such games have
//! infinitely many moves, so the sequence engine's tables do not apply; their values are found
//! by a rule of their own in `O(|S| log |S|)` per heap, and their nim-sequences are *arithmetic-
//! periodic*: `G(n + p) = G(n) + s` from some heap on, with a saltus `s ≥ 1` (A. A. Siegel,
//! *Finite excluded subtraction sets and infinite geography*, M.Sc. thesis, Dalhousie, 2005).
//! Every such game is a code with a repeating tail ([`AllButSubtraction::code`]: all-but(2, 4,
//! 5) is `0.30300[3]`), whose engine computes the values and
//! [`ArithmeticSequence::period`](crate::repeating::ArithmeticSequence::period) proves the
//! period from them (the argument is in its docs), then answers the value of any heap.
//!
//! ```
//! use impartial::all_but::AllButSubtraction;
//!
//! // Take 1, 3 or any amount from 6 on: the same game as all-but(2, 4, 5).
//! let game = AllButSubtraction::with_tail(&[1, 3], 6)?;
//! assert_eq!(game.to_string(), "all-but(2, 4, 5)");
//! let values = game.values_up_to(200)?;
//! let period = values.period().expect("proved within 200 heaps");
//! assert!(period.saltus > 0);
//! // Any heap, from the proof: the values computed to 20 000 agree with it.
//! let far = game.values_up_to(20_000)?;
//! assert!((0..=20_000).all(|n| values.get(n) == far.get(n)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use super::subtraction::{SetError, parse_amounts, write_amounts};
use crate::game::ImpartialGame;
use crate::heap::Heaps;
use crate::repeating::{ArithmeticSequence, RepeatingCode};
use crate::sequence::SequenceError;

/// The largest amount a set may exclude: the code's length.
///
/// ```
/// use impartial::all_but::{AllButSubtraction, MAX_EXCLUDED};
///
/// assert!(AllButSubtraction::new(&[MAX_EXCLUDED]).is_ok());
/// assert!(AllButSubtraction::new(&[MAX_EXCLUDED + 1]).is_err());
/// ```
pub const MAX_EXCLUDED: u64 = crate::repeating::MAX_DIGITS as u64;

/// The all-but subtraction game: take any number of counters from one heap but an amount of
/// the excluded set.
///
/// Positions are [`Heaps`]; a move changes one heap. The set is kept sorted and without
/// repeats; a heap's options are listed by amount ascending.
///
/// # Examples
///
/// ```
/// use impartial::all_but::AllButSubtraction;
/// use impartial::{Outcome, Solver};
///
/// // all-but(1): no heap of 1 can move, so the P-positions of one heap are 0 and 1.
/// let game = AllButSubtraction::new(&[1])?;
/// let mut solver = Solver::new(game.clone());
/// assert_eq!(solver.outcome([1])?, Outcome::P);
/// assert_eq!(solver.winning_move([5, 2])?, Some([2, 3].into())); // G = 2 ^ 1 → 1 ^ 1
/// assert_eq!(game.values_up_to(7)?.values(), [0, 0, 1, 1, 2, 2, 3, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllButSubtraction {
    /// The same game as a code with a repeating tail (digit 0 for each excluded amount),
    /// which values it and lists its moves.
    code: RepeatingCode,
}

impl AllButSubtraction {
    /// The game that takes any amount but those in `excluded` (which may be empty: Nim).
    ///
    /// # Errors
    ///
    /// [`SetError::Zero`] if `excluded` holds 0, which no move takes anyway: a set written
    /// with it is a mistake; [`SetError::AmountTooLarge`] for an amount above
    /// [`MAX_EXCLUDED`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    /// use impartial::subtraction::SetError;
    ///
    /// assert_eq!(AllButSubtraction::new(&[3, 1, 3])?.excluded(), [1, 3]);
    /// assert_eq!(AllButSubtraction::new(&[0]), Err(SetError::Zero { position: 0 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(excluded: &[u64]) -> Result<Self, SetError> {
        if let Some(position) = excluded.iter().position(|&amount| amount == 0) {
            return Err(SetError::Zero { position });
        }
        if let Some(&amount) = excluded.iter().find(|&&amount| amount > MAX_EXCLUDED) {
            return Err(SetError::AmountTooLarge {
                amount,
                max: MAX_EXCLUDED,
            });
        }
        let mut excluded = excluded.to_vec();
        excluded.sort_unstable();
        excluded.dedup();
        let largest = excluded.last().copied().unwrap_or(0);
        let digits: Vec<u8> = (1..=largest)
            .map(|amount| {
                if excluded.binary_search(&amount).is_ok() {
                    0
                } else {
                    3
                }
            })
            .collect();
        // Digits 0 and 3, a tail of 3, at most MAX_DIGITS of them: a valid code.
        let code = RepeatingCode::trusted(digits, 3);
        Ok(AllButSubtraction { code })
    }

    /// The game that takes the amounts of `amounts` and every amount from `tail` on: the
    /// all-but game of the amounts below `tail` not in `amounts`.
    ///
    /// # Errors
    ///
    /// [`SetError::Zero`] for a 0 in `amounts`, [`SetError::ZeroTail`] for a `tail` of 0,
    /// [`SetError::AmountTooLarge`] for a `tail` past [`MAX_EXCLUDED`] + 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// assert_eq!(AllButSubtraction::with_tail(&[2], 4)?.excluded(), [1, 3]);
    /// assert_eq!(AllButSubtraction::with_tail(&[], 1)?.excluded(), []); // Nim
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_tail(amounts: &[u64], tail: u64) -> Result<Self, SetError> {
        if let Some(position) = amounts.iter().position(|&amount| amount == 0) {
            return Err(SetError::Zero { position });
        }
        if tail == 0 {
            return Err(SetError::ZeroTail);
        }
        if tail > MAX_EXCLUDED + 1 {
            return Err(SetError::AmountTooLarge {
                amount: tail,
                max: MAX_EXCLUDED + 1,
            });
        }
        let excluded: Vec<u64> = (1..tail)
            .filter(|amount| !amounts.contains(amount))
            .collect();
        Self::new(&excluded)
    }

    /// The amounts a move may not take, ascending: the code's digits 0.
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// assert_eq!("all-but(5, 2)".parse::<AllButSubtraction>()?.excluded(), [2, 5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn excluded(&self) -> Vec<u64> {
        (1..self.code.tail_start())
            .filter(|&amount| self.code.digit(amount) == 0)
            .collect()
    }

    /// Whether a move may take `amount` counters (from a heap that has them).
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// let game = AllButSubtraction::new(&[2])?;
    /// assert!(game.allows(1) && !game.allows(2) && game.allows(1 << 40));
    /// assert!(!game.allows(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn allows(&self, amount: u64) -> bool {
        self.code.digit(amount) != 0
    }

    /// The same game as a code with a repeating tail: digit 0 for each excluded amount, 3
    /// for the others, and a tail of 3.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// assert_eq!(AllButSubtraction::new(&[2, 4, 5])?.code().to_string(), "0.30300[3]");
    /// assert_eq!(AllButSubtraction::new(&[])?.code().to_string(), "0.[3]"); // Nim
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn code(&self) -> &RepeatingCode {
        &self.code
    }

    /// G(0), …, G(`max_heap`), each in `O(|S| log |S|)` time, with
    /// the arithmetic period proved from them where they suffice (through [`code`](Self::code)).
    ///
    /// # Errors
    ///
    /// As [`RepeatingCode::values_up_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// // Nim: G(n) = n, period 1 and saltus 1 from the start.
    /// let nim = AllButSubtraction::new(&[])?.values_up_to(100)?;
    /// assert_eq!(nim.get(100).map(|value| value.0), Some(100));
    /// let period = nim.period().expect("proved");
    /// assert_eq!((period.preperiod, period.period, period.saltus), (0, 1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values_up_to(&self, max_heap: u64) -> Result<ArithmeticSequence, SequenceError> {
        self.code.values_up_to(max_heap)
    }
}

impl fmt::Display for AllButSubtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_amounts(f, "all-but(", self.excluded())
    }
}

impl FromStr for AllButSubtraction {
    type Err = SetError;

    /// Parses `all-but(1, 3)`, `all-but 1,3` or `all-but {1 3}` (`all but` too, any case);
    /// `all-but()` is Nim.
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// let game: AllButSubtraction = "All but {3, 1}".parse()?;
    /// assert_eq!(game.to_string(), "all-but(1, 3)");
    /// assert!("all-but(1, x)".parse::<AllButSubtraction>().is_err());
    /// assert_eq!(
    ///     "all-but(4097)".parse::<AllButSubtraction>().unwrap_err().to_string(),
    ///     "4097 is more than the largest amount the set may hold, 4096"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, SetError> {
        let trimmed = text.trim_start();
        let lower = trimmed.to_ascii_lowercase();
        let prefix = ["all-but", "all but"]
            .into_iter()
            .find(|prefix| lower.starts_with(prefix))
            .ok_or_else(|| SetError::InvalidAmount {
                position: text.chars().count() - trimmed.chars().count(),
                found: trimmed.chars().take_while(|c| !c.is_whitespace()).collect(),
            })?;
        let offset = text.chars().count() - trimmed.chars().count() + prefix.len();
        let amounts = parse_amounts(&trimmed[prefix.len()..], offset, &[("(", ')'), ("{", '}')])?;
        // `parse_amounts` refused a 0 where it stood in the text.
        Self::new(&amounts)
    }
}

impl ImpartialGame for AllButSubtraction {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        self.code.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}
