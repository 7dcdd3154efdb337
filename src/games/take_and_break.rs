//! Take-and-break games: a move takes counters from one heap and leaves nothing, one heap,
//! or splits the rest into several — the octal and hexadecimal games, subtraction games,
//! Grundy's game, and codes whose digits split into four heaps or more (`0.{2+}`).
//!
//! Which engine paths a code takes: splits into at most three heaps of any shape, or into
//! two unequal heaps on every two-heap digit, run on every path (sparse space, two
//! threads, bounded memory); other modifiers on the direct path (one thread or two); splits
//! into four heaps or more on a path of their own by the definition, one thread, heaps in
//! the thousands. Only unrestricted codes of at most three heaps get periods proved.
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
//! assert_eq!(Solver::new(game).outcome([5, 8])?, Outcome::N);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::str::FromStr;

use super::octal::{CodeError, rules_with_shapes};
use crate::game::ImpartialGame;
use crate::heap::Heaps;
use crate::sequence::{HeapGame, heap_game_methods};

mod canonical;
mod code;

pub use crate::heap::{
    HeapCounts, HeapMoves, HeapRules, HeapRulesBuilder, RulesError, SplitShapes,
};

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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(rules: HeapRules) -> Self {
        TakeAndBreak { rules }
    }

    /// The game's code in the standard form — a hexadecimal code (octal where its digits
    /// are), a digit that also splits into four heaps or more in braces (`{2+}`), each
    /// digit's modifier (`!`, `?`, `=`) after it, no trailing zeros — or `None` if a move
    /// takes more than [`MAX_DIGITS`](crate::octal::MAX_DIGITS) counters, or a digit's splits
    /// have shapes no one modifier names (rules built so, not read from a code).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::TakeAndBreak;
    ///
    /// let grundy: TakeAndBreak = "4?.000".parse()?;
    /// assert_eq!(grundy.code().as_deref(), Some("4!.0"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn code(&self) -> Option<String> {
        code::write(&self.rules)
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> Option<Canonical> {
        let digits = code::digits(&self.rules)?;
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
        let rules = rules_with_shapes(&digits, &vec![shape; digits.len()], &[]);
        Some(Canonical {
            game: TakeAndBreak::new(rules),
            offset,
        })
    }
}

impl FromStr for TakeAndBreak {
    type Err = CodeError;

    /// A hexadecimal code (`0.77`, `0.F`, `4.007`) in which a digit that splits — leaves two
    /// heaps or three — may be followed by a modifier restricting its splits: `!` all the
    /// heaps left differ (Grundy's game is `4!.0`), `?` they are not all equal (for two
    /// heaps the same as `!`), `=` they are all equal. A digit may also be written as the
    /// numbers of heaps a move may leave, `{0,1}` for 3 and `{2,3}` for C, and past three
    /// heaps too: `{4}` splits into exactly four, `{2+}` into two heaps or more (counts up
    /// to 63 listed; [`HeapCounts`]). A modifier that follows no digit, or a digit that
    /// does not split, or one that splits into four heaps or more, is refused with its
    /// position.
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
    /// // Split a heap into two heaps or more, taking one counter.
    /// let any_split: TakeAndBreak = "0.{2+}".parse()?;
    /// assert_eq!(any_split.values_up_to(8)?.computed_values(), [0, 0, 0, 1, 1, 2, 2, 3, 3]);
    /// assert_eq!(
    ///     "0.{64}".parse::<TakeAndBreak>(),
    ///     Err(CodeError::TooManyHeaps { position: 2, heaps: 64 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(code: &str) -> Result<Self, CodeError> {
        code::parse(code).map(TakeAndBreak::new)
    }
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
