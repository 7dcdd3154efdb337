//! Take-and-break games: a move takes counters from one heap and leaves nothing, one heap,
//! two heaps or three — the octal and hexadecimal games, subtraction games, Grundy's game.
//!
//! [`HeapRules`] says which amounts a move may take and what it may leave; it is what the
//! heap-sequence engine reads. [`TakeAndBreak`] is a ruleset made from any `HeapRules`: it
//! plays in the [`Solver`](crate::Solver) and computes its nim-value sequence with the fast
//! engine ([`HeapGame`]), so a game of your own needs no code beyond its rules.
//!
//! ```
//! use impartial::take_and_break::{HeapRules, TakeAndBreak};
//! use impartial::{Outcome, Solver};
//!
//! // Take one counter, leaving the rest in one, two or three heaps.
//! let rules = HeapRules::builder()
//!     .take_leaving_one([1])
//!     .take_leaving_two([1])
//!     .take_leaving_three([1])
//!     .build()?;
//! let game = TakeAndBreak::new(rules);
//! assert_eq!(game.values_up_to(8)?.computed_values(), [0, 0, 1, 2, 3, 4, 1, 5, 3]);
//! assert_eq!(Solver::new(game).outcome([5, 8]), Outcome::N);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::str::FromStr;

use super::octal::{Base, CodeError, MAX_DIGITS, digit_char, parse_code, rules_with_shapes};
use crate::game::ImpartialGame;
use crate::heap::Heaps;
use crate::sequence::{HeapGame, heap_game_methods};

mod canonical;

pub use crate::heap::{HeapMoves, HeapRules, HeapRulesBuilder, SplitShapes};

/// The take-and-break game with the given rules: a ruleset for the
/// [`Solver`](crate::Solver), and a [`HeapGame`] whose nim-values the sequence engine
/// computes.
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::{HeapRules, TakeAndBreak};
///
/// // Dawson's Kayles, 0.07: take two, leaving nothing, one heap or two.
/// let rules = HeapRules::builder()
///     .take_whole([2])
///     .take_leaving_one([2])
///     .take_leaving_two([2])
///     .build()?;
/// let values = TakeAndBreak::new(rules).values_up_to(10)?;
/// assert_eq!(values.computed_values(), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    rules: HeapRules,
}

impl TakeAndBreak {
    /// The game with `rules`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{HeapRules, TakeAndBreak};
    /// use impartial::HeapGame;
    ///
    /// let game = TakeAndBreak::new(HeapRules::builder().take_leaving_one([1]).build()?);
    /// assert_eq!(game.rules().reach(), 1);
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn new(rules: HeapRules) -> Self {
        TakeAndBreak { rules }
    }

    /// The game's code in the standard form — a hexadecimal code (octal where its digits
    /// are), `!` after each digit that splits into two heaps if they must differ, no
    /// trailing zeros — or `None` if a move takes more than [`MAX_DIGITS`] counters.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::TakeAndBreak;
    ///
    /// let grundy: TakeAndBreak = "4?.000".parse()?;
    /// assert_eq!(grundy.code().as_deref(), Some("4!.0"));
    /// # Ok::<(), impartial::octal::CodeError>(())
    /// ```
    #[must_use]
    pub fn code(&self) -> Option<String> {
        let digits = self.digits()?;
        let two = shapes_by_amount(
            self.rules.taken_leaving_two(),
            self.rules.leaving_two_shapes(),
        );
        let three = shapes_by_amount(
            self.rules.taken_leaving_three(),
            self.rules.leaving_three_shapes(),
        );
        let mut code = String::new();
        for (amount, &digit) in digits.iter().enumerate() {
            code.push(digit_char(digit));
            let amount = amount as u64;
            code.push_str(digit_modifier(two(amount), three(amount))?);
            if amount == 0 {
                code.push('.');
            }
        }
        Some(code)
    }

    /// The digits `d0, d1, …` of the game's code (at least two), or `None` if a move takes
    /// more than [`MAX_DIGITS`] counters.
    fn digits(&self) -> Option<Vec<u8>> {
        let reach = usize::try_from(self.rules.reach()).ok()?;
        if reach > MAX_DIGITS {
            return None;
        }
        let mut digits = vec![0u8; reach.max(1) + 1];
        let lists = [
            (self.rules.taken_whole(), 1),
            (self.rules.taken_leaving_one(), 2),
            (self.rules.taken_leaving_two(), 4),
            (self.rules.taken_leaving_three(), 8),
        ];
        for (amounts, bit) in lists {
            for &amount in amounts {
                digits[amount as usize] |= bit;
            }
        }
        Some(digits)
    }
}

/// A game's canonical form: the code without trailing zeros in which a heap of one counter
/// can move, and the number of counters every heap lost to reach it — returned by
/// [`TakeAndBreak::canonical`].
///
/// A heap of `offset + n` counters of the game is a heap of `n` of [`game`](Self::game),
/// move for move (heaps of `offset` or fewer have no move at all): every position's normal
/// and misère outcome, and its nim-value, are those of the same heaps `offset` smaller.
/// Dawson's Kayles `0.07` is Dawson's chess `0.137` one counter larger (OEIS A002187), and
/// `0.4` is `0.137` two counters larger (ibid.).
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::TakeAndBreak;
///
/// let dawsons_kayles: TakeAndBreak = "0.07".parse()?;
/// let canonical = dawsons_kayles.canonical().expect("a short code");
/// assert_eq!(canonical.game().code().as_deref(), Some("0.137"));
/// assert_eq!(canonical.offset(), 1);
/// # Ok::<(), impartial::octal::CodeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Canonical {
    game: TakeAndBreak,
    offset: u64,
}

impl Canonical {
    /// The game in canonical form.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::TakeAndBreak;
    ///
    /// let grundy: TakeAndBreak = "4!.0".parse()?;
    /// let canonical = grundy.canonical().expect("a short code");
    /// assert_eq!(canonical.game().code().as_deref(), Some("0.36!"));
    /// assert_eq!(
    ///     canonical.game().values_up_to(98)?.computed_values().to_vec(),
    ///     grundy.values_up_to(100)?.computed_values().to_vec()[2..]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    /// How many counters every heap lost: a heap of `offset + n` is a heap of `n` of
    /// [`game`](Self::game).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::TakeAndBreak;
    ///
    /// let kayles: TakeAndBreak = "0.77".parse()?;
    /// assert_eq!(kayles.canonical().map(|c| c.offset()), Some(0));
    /// # Ok::<(), impartial::octal::CodeError>(())
    /// ```
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The heap of the canonical game that a heap of `heap` counters of the original is (0,
    /// no heap, for the heaps too small to move).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::TakeAndBreak;
    ///
    /// let canonical = "0.4".parse::<TakeAndBreak>()?.canonical().expect("a short code");
    /// assert_eq!([1, 2, 3, 10].map(|heap| canonical.heap(heap)), [0, 0, 1, 8]);
    /// # Ok::<(), impartial::octal::CodeError>(())
    /// ```
    #[must_use]
    pub fn heap(&self, heap: u64) -> u64 {
        heap.saturating_sub(self.offset)
    }
}

impl TakeAndBreak {
    /// The game's canonical form (see [`Canonical`]): trailing zeros dropped, and while a
    /// heap of one counter has no move, one counter taken from every heap. Two codes with
    /// the same canonical form and offset play the same game; codes whose nim-sequences
    /// merely agree are not recognised (no rule short of the sequences tells them apart).
    /// Codes with modifiers other than `!` on every two-heap digit (and no three-heap digit)
    /// are their own canonical form. `None` when the game has no code
    /// ([`code`](Self::code) is `None`).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::TakeAndBreak;
    ///
    /// let written: TakeAndBreak = "0.4020".parse()?;
    /// let canonical = written.canonical().expect("a short code");
    /// assert_eq!((canonical.game().code().as_deref(), canonical.offset()), (Some("0.137"), 2));
    /// # Ok::<(), impartial::octal::CodeError>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> Option<Canonical> {
        let digits = self.digits()?;
        let unrestricted = self.rules.has_periodicity_theorem();
        let unequal = self.rules.splits_unequal() && self.rules.taken_leaving_three().is_empty();
        if !unrestricted && !unequal {
            // Other modifiers do not survive the reduction in a form a code can write.
            return Some(Canonical {
                game: self.clone(),
                offset: 0,
            });
        }
        let (digits, unequal, offset) = canonical::reduce(digits, unequal);
        let shape = if unequal {
            SplitShapes::UNEQUAL
        } else {
            SplitShapes::ANY
        };
        let rules = rules_with_shapes(&digits, &vec![shape; digits.len()]);
        Some(Canonical {
            game: TakeAndBreak::new(rules),
            offset,
        })
    }
}

/// The shapes of the splits of each amount, `None` for an amount that does not split so.
fn shapes_by_amount<'r>(
    amounts: &'r [u64],
    shapes: &'r [SplitShapes],
) -> impl Fn(u64) -> Option<SplitShapes> + 'r {
    move |amount| {
        let at = amounts.binary_search(&amount).ok()?;
        Some(shapes[at])
    }
}

/// The one modifier after a digit whose splits into two and three heaps have these shapes
/// (`None` for a split it does not make), or `None` if no modifier says both.
fn digit_modifier(two: Option<SplitShapes>, three: Option<SplitShapes>) -> Option<&'static str> {
    [
        (SplitShapes::ANY, ""),
        (SplitShapes::UNEQUAL, "!"),
        (SplitShapes::NOT_ALL_EQUAL, "?"),
        (SplitShapes::ALL_EQUAL, "="),
    ]
    .into_iter()
    .find(|&(named, _)| {
        two.is_none_or(|two| named.for_heaps(2) == two) && three.is_none_or(|three| named == three)
    })
    .map(|(_, modifier)| modifier)
}

impl FromStr for TakeAndBreak {
    type Err = CodeError;

    /// A hexadecimal code (`0.77`, `0.F`, `4.007`) in which a digit that splits — leaves two
    /// heaps or three — may be followed by a modifier restricting its splits: `!` all the
    /// heaps left differ (Grundy's game is `4!.0`), `?` they are not all equal (for two
    /// heaps the same as `!`), `=` they are all equal. A digit may also be written as the
    /// numbers of heaps a move may leave, `{0,1}` for 3 and `{2,3}` for C (at most three:
    /// `{4}` and `{2+}` are refused). A modifier that follows no digit, or a digit that
    /// does not split, is refused with its position.
    ///
    /// ```
    /// use impartial::octal::{CodeError, GrundysGame};
    /// use impartial::take_and_break::TakeAndBreak;
    ///
    /// let grundy: TakeAndBreak = "4!.0".parse()?;
    /// assert_eq!(
    ///     grundy.values_up_to(1_000)?.computed_values(),
    ///     GrundysGame.values_up_to(1_000)?.computed_values()
    /// );
    /// // Split into two equal heaps, or take one leaving two different heaps.
    /// let mixed: TakeAndBreak = "4=.4!".parse()?;
    /// assert_eq!(mixed.code().as_deref(), Some("4=.4!"));
    /// assert_eq!(
    ///     "0.3!".parse::<TakeAndBreak>(),
    ///     Err(CodeError::ModifierWithoutSplit { position: 3 })
    /// );
    /// assert_eq!("{2}!.{}".parse::<TakeAndBreak>()?, grundy);
    /// assert_eq!(
    ///     "0.{2+}".parse::<TakeAndBreak>(),
    ///     Err(CodeError::TooManyHeaps { position: 2, heaps: 4 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(code: &str) -> Result<Self, CodeError> {
        let (expanded, origin) = expand_braces(code)?;
        let at = |position: usize| origin.get(position).copied().unwrap_or(position);
        parse_expanded(&expanded).map_err(|error| match error {
            CodeError::InvalidDigit { position, found } => CodeError::InvalidDigit {
                position: at(position),
                found,
            },
            CodeError::UnsupportedModifier { position, found } => CodeError::UnsupportedModifier {
                position: at(position),
                found,
            },
            CodeError::ModifierWithoutSplit { position } => CodeError::ModifierWithoutSplit {
                position: at(position),
            },
            other => other,
        })
    }
}

/// `code` with each digit written `{…}` — the numbers of heaps a move may leave, 0 to 3 —
/// replaced by its hexadecimal digit (`{0,1}` is 3, `{2,3}` is C), and where each character
/// of the result was in `code`.
fn expand_braces(code: &str) -> Result<(String, Vec<usize>), CodeError> {
    let mut expanded = String::with_capacity(code.len());
    let mut origin = Vec::with_capacity(code.len());
    let mut chars = code.chars().enumerate();
    while let Some((position, c)) = chars.next() {
        if c != '{' {
            expanded.push(c);
            origin.push(position);
            continue;
        }
        let mut digit = 0u32;
        let mut closed = false;
        let mut word = String::new();
        for (at, c) in chars.by_ref() {
            if c == ',' || c == '}' || c.is_whitespace() {
                if !word.is_empty() {
                    let heaps: u32 = word.parse().map_err(|_| CodeError::InvalidDigit {
                        position: at - word.len(),
                        found: word.chars().next().unwrap_or('?'),
                    })?;
                    if heaps > 3 {
                        return Err(CodeError::TooManyHeaps { position, heaps });
                    }
                    digit |= 1 << heaps;
                    word.clear();
                }
                if c == '}' {
                    closed = true;
                    break;
                }
            } else if c.is_ascii_digit() {
                word.push(c);
            } else if c == '+' {
                // Any number of heaps from some count on: more than three, whatever it is.
                return Err(CodeError::TooManyHeaps { position, heaps: 4 });
            } else {
                return Err(CodeError::InvalidDigit {
                    position: at,
                    found: c,
                });
            }
        }
        if !closed {
            return Err(CodeError::InvalidDigit {
                position,
                found: '{',
            });
        }
        expanded.push(char::from_digit(digit, 16).unwrap_or('0'));
        origin.push(position);
    }
    Ok((expanded, origin))
}

/// A code whose digits are all single characters: the digits, then the modifiers.
fn parse_expanded(code: &str) -> Result<TakeAndBreak, CodeError> {
    // The code without its modifiers, where each of its characters was, and each modifier
    // with the digit it follows (by its place in the plain code) and its own position.
    let mut plain = String::with_capacity(code.len());
    let mut origin = Vec::with_capacity(code.len());
    let mut modifiers = Vec::new();
    let mut after_digit = false;
    for (position, c) in code.chars().enumerate() {
        match c {
            '!' | '?' | '=' if after_digit => {
                modifiers.push((plain.chars().count() - 1, position, c));
                after_digit = false;
            }
            '!' | '?' | '=' => {
                return Err(CodeError::UnsupportedModifier { position, found: c });
            }
            _ => {
                plain.push(c);
                origin.push(position);
                after_digit = c.is_ascii_hexdigit();
            }
        }
    }
    let moved = |position: usize| origin.get(position).copied().unwrap_or(position);
    let digits = parse_code(&plain, Base::Hexadecimal).map_err(|error| match error {
        CodeError::InvalidDigit { position, found } => CodeError::InvalidDigit {
            position: moved(position),
            found,
        },
        other => other,
    })?;
    // The amount of each plain character that is a digit (the point is none).
    let point = plain.find('.').unwrap_or(0);
    let mut shapes = vec![SplitShapes::ANY; digits.len()];
    for (at, position, modifier) in modifiers {
        let amount = at.saturating_sub(point);
        let splits = digits.get(amount).is_some_and(|&d| d & 12 != 0);
        if at == point || !splits {
            return Err(CodeError::ModifierWithoutSplit { position });
        }
        shapes[amount] = match modifier {
            '!' => SplitShapes::UNEQUAL,
            '?' => SplitShapes::NOT_ALL_EQUAL,
            _ => SplitShapes::ALL_EQUAL,
        };
    }
    Ok(TakeAndBreak::new(rules_with_shapes(&digits, &shapes)))
}

impl ImpartialGame for TakeAndBreak {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        self.rules.moves(heaps)
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

impl HeapGame for TakeAndBreak {
    fn rules(&self) -> &HeapRules {
        &self.rules
    }
}

heap_game_methods!(TakeAndBreak);
