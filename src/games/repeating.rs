//! Codes with a repeating tail: `0.d₁d₂…d₍ₖ₋₁₎[d]`, whose last digit holds for every larger
//! amount, so a move may take infinitely many amounts. `0.[3]` is Nim (take any amount,
//! leaving nothing or one heap); `0.30300[3]` takes 1, 3 or any amount from 6 on.
//!
//! The digits are those of a hexadecimal code (1 takes a whole heap, 2 leaves one heap, 4
//! two, 8 three). The digit before the point, of taking nothing, is 0 or a split (4, 8 or
//! C): `4.[3]` is Lasker's Nim, which may also split a heap in two
//! ([`RepeatingCode::with_first_digit`]). Where none splits (digits 0 to 3, a tail of 1, 2 or 3) no table of options
//! grows with the heap. With a tail of 2 or 3, each value costs `O(b log b)` for the `b`
//! amounts before the tail that may not leave a heap (digits 0 and 1): the options of heap
//! `n` are every heap from 1 to `n − 1` but the `b` they bar (and heap 0 where the whole heap
//! may go), so a count of the values held from 1 to `n − 1` gives their mex. Such a
//! sequence climbs: `G(n + p) = G(n) + s` from some heap on, with a saltus `s ≥ 1`
//! ([`ArithmeticSequence::period`] proves it from the values; the argument is in its docs).
//! A tail of 1 only takes whole heaps: past the digits a value depends on the `k − 1` before
//! it, each costs `O(k)`, and the sequence is periodic (saltus 0), proved once those repeat.
//! Where a digit splits, no closed rule is known: each heap's options are listed as the
//! definition says, up to a bound on the work (heaps to about 3 600 with two-heap splits,
//! 870 with three — [`RepeatingCode::values_up_to`] names the bound), and no period is
//! proved, though [`ArithmeticSequence::apparent_arithmetic_period`] says what is seen. The
//! sequence engine's paths (the sparse space, two threads) do not apply: each value needs
//! every one before, and a count or the plain definition replaces the search.
//!
//! ```
//! use impartial::repeating::RepeatingCode;
//!
//! let nim: RepeatingCode = "0.[3]".parse()?;
//! let values = nim.values_up_to(1_000)?;
//! assert_eq!(values.get(123_456_789).map(|value| value.0), Some(123_456_789));
//! // Equivalent codes have one form: the digits equal to the tail at its end belong to it.
//! assert_eq!("0.0333[3]".parse::<RepeatingCode>()?.to_string(), "0.0[3]");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod split;

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use crate::game::{ImpartialGame, Nimber};
use crate::heap::Heaps;
pub use crate::sequence::ArithmeticPeriod;
use crate::sequence::{ApparentArithmeticPeriod, Progress, SequenceError, apparent_arithmetic};

/// The largest heap whose value [`RepeatingCode::values_up_to`] computes: values are held
/// as `u32`, one per heap. Past it, only a proved period answers.
///
/// ```
/// use impartial::repeating::{MAX_HEAP, RepeatingCode};
///
/// let nim: RepeatingCode = "0.[3]".parse()?;
/// let values = nim.values_up_to(MAX_HEAP + 1)?; // proved at once: G(n) = n
/// assert_eq!(values.get(MAX_HEAP + 1).map(|value| value.0), Some(u128::from(MAX_HEAP + 1)));
/// let splitting: RepeatingCode = "0.[7]".parse()?; // no period proved
/// assert!(splitting.values_up_to(MAX_HEAP + 1).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_HEAP: u64 = u32::MAX as u64 - 1;

/// The most digits before the tail.
///
/// ```
/// use impartial::repeating::{MAX_DIGITS, RepeatingCode};
///
/// assert!(RepeatingCode::new(&vec![0; MAX_DIGITS], 3).is_ok());
/// assert!(RepeatingCode::new(&vec![0; MAX_DIGITS + 1], 3).is_err());
/// ```
pub const MAX_DIGITS: usize = 4096;

const TAKES_WHOLE: u8 = 1;
const LEAVES_ONE: u8 = 2;

/// A code with a repeating tail; see the [module docs](self).
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
    first: u8,
    /// The digits of the amounts 1 to `k − 1`, the last not equal to the tail.
    digits: Vec<u8>,
    /// The digit of every amount from `k` on: 1 to F.
    tail: u8,
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

    /// G(0), …, G(`max_heap`), each in `O(b log b)` for the `b` barred amounts (see the
    /// [module docs](self)), with the arithmetic period proved from them
    /// where they suffice ([`ArithmeticSequence::period`]).
    ///
    /// Where no digit splits, the values are computed on a prefix that grows eightfold
    /// (from a few thousand heaps) until the period is proved or `max_heap` is reached: once
    /// it is proved, [`get`](ArithmeticSequence::get) answers every heap by it, so time and
    /// memory do not grow with `max_heap` — and `max_heap` may pass [`MAX_HEAP`] when the
    /// period is proved by heap 2²⁴. ([`values`](ArithmeticSequence::values) holds the values
    /// computed, to where the proof stopped.)
    ///
    /// # Errors
    ///
    /// [`SequenceError::TooLarge`] above [`MAX_HEAP`] without a period proved by heap 2²⁴ —
    /// or, for a code that splits, above the heap whose options pass four billion (the
    /// error's `max`) — and [`SequenceError::OutOfMemory`] when the values do not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    ///
    /// let values = "0.02[2]".parse::<RepeatingCode>()?.values_up_to(100)?;
    /// assert_eq!(&values.values()[..8], [0, 0, 0, 1, 1, 2, 2, 3]); // heap n reaches 1 to n − 2
    /// assert!(values.period().is_some());
    ///
    /// // A trillion heaps: the period (6, saltus 2 from 0) is proved at G(17), and no more
    /// // than the first prefix is computed. 10¹² = 6 × 166 666 666 666 + 4, and G(4) = 0.
    /// let values = "0.30300[3]".parse::<RepeatingCode>()?.values_up_to(1_000_000_000_000)?;
    /// assert!(values.values().len() <= 4_096);
    /// assert_eq!(values.get(4).map(|value| value.0), Some(0));
    /// assert_eq!(values.get(1_000_000_000_000).map(|value| value.0), Some(333_333_333_332));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values_up_to(&self, max_heap: u64) -> Result<ArithmeticSequence, SequenceError> {
        self.values_up_to_with_progress(max_heap, |_| ControlFlow::Continue(()))
    }

    /// [`values_up_to`](Self::values_up_to), calling `progress` as the values are computed
    /// — after every value of a code that splits (each costs a pass over the options), every
    /// 4 096 values otherwise — and stopping where it returns [`ControlFlow::Break`]: the
    /// sequence then holds the values computed so far, a prefix of G(0), …, G(`max_heap`),
    /// with no period. So a caller with a deadline or a Ctrl-C stops even the slowest code.
    ///
    /// # Errors
    ///
    /// As [`values_up_to`](Self::values_up_to).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use impartial::repeating::RepeatingCode;
    ///
    /// // Splitting into three heaps: heap 866 takes seconds. Stopped after 100 values:
    /// let code: RepeatingCode = "0.[F]".parse()?;
    /// let values = code.values_up_to_with_progress(866, |progress| {
    ///     if progress.computed >= 100 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert_eq!(values.values().len(), 100);
    /// assert_eq!(values.values(), &code.values_up_to(99)?.values()[..]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values_up_to_with_progress(
        &self,
        max_heap: u64,
        mut progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<ArithmeticSequence, SequenceError> {
        let target = max_heap.saturating_add(1);
        // The largest value, kept up as the values grow: each is looked at once (a longer
        // prefix, computed anew, starts the count again).
        let (mut largest, mut scanned) = (0, 0);
        let mut report = |values: &[u32]| {
            if values.len() < scanned {
                (largest, scanned) = (0, 0);
            }
            largest = values[scanned..].iter().copied().fold(largest, u32::max);
            scanned = values.len();
            progress(&Progress {
                computed: values.len() as u64,
                target,
                rare_heap_count: None,
                largest_value: largest,
            })
        };
        if self.splits() {
            return self.split_values_up_to(max_heap, &mut report);
        }
        let too_large = SequenceError::TooLarge {
            n: max_heap,
            max: MAX_HEAP,
        };
        let reach = if max_heap > MAX_HEAP {
            PROOF_REACH_PAST_MAX_HEAP
        } else {
            max_heap
        };
        let last_len = reach as usize + 1;
        let mut len = last_len.min(FIRST_PREFIX.max(8 * self.tail_start() as usize));
        loop {
            let (values, period) = self.values_and_proof(len, &mut report)?;
            if values.len() < len {
                // Stopped by `progress`.
                return Ok(ArithmeticSequence {
                    values,
                    period: None,
                });
            }
            if period.is_some() {
                return Ok(ArithmeticSequence { values, period });
            }
            if len == last_len {
                if max_heap > MAX_HEAP {
                    return Err(too_large);
                }
                return Ok(ArithmeticSequence { values, period });
            }
            len = last_len.min(len.saturating_mul(8));
        }
    }

    /// G(0), …, G(`max_heap`), every one computed — none from the period, which is proved
    /// from all of them: the reference [`values_up_to`](Self::values_up_to)'s early proofs are
    /// held against.
    ///
    /// # Errors
    ///
    /// As [`values_up_to`](Self::values_up_to), with [`SequenceError::TooLarge`] above
    /// [`MAX_HEAP`] whatever the period.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    ///
    /// let code: RepeatingCode = "0.30300[3]".parse()?;
    /// let every = code.every_value_up_to(10_000)?;
    /// assert_eq!(every.values().len(), 10_001);
    /// assert_eq!(every.period(), code.values_up_to(10_000)?.period());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn every_value_up_to(&self, max_heap: u64) -> Result<ArithmeticSequence, SequenceError> {
        if self.splits() {
            return self.split_values_up_to(max_heap, &mut |_| ControlFlow::Continue(()));
        }
        if max_heap > MAX_HEAP {
            return Err(SequenceError::TooLarge {
                n: max_heap,
                max: MAX_HEAP,
            });
        }
        let (values, period) =
            self.values_and_proof(max_heap as usize + 1, &mut |_| ControlFlow::Continue(()))?;
        Ok(ArithmeticSequence { values, period })
    }

    /// G(0..len) of a code that does not split, and the period proved from them; fewer
    /// values, and no period, if `progress` stops them.
    fn values_and_proof(
        &self,
        len: usize,
        progress: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(Vec<u32>, Option<ArithmeticPeriod>), SequenceError> {
        let k = self.tail_start();
        let mut values = room_for(len)?;
        let period = if self.tail == TAKES_WHOLE {
            self.window_values(len, &mut values, progress);
            prove_window(&values, k)
        } else {
            self.counted_values(len, &mut values, progress)?;
            prove(&values, k, self.tail)
        };
        if values.len() < len {
            return Ok((values, None));
        }
        Ok((values, period))
    }

    /// The values of a code that splits, by the definition, up to its bound on the work;
    /// fewer if `progress` stops them.
    fn split_values_up_to(
        &self,
        max_heap: u64,
        progress: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<ArithmeticSequence, SequenceError> {
        // The bound on the work first: it is far below the values' room.
        let three =
            (self.first | self.tail) & 8 != 0 || self.digits.iter().any(|&digit| digit & 8 != 0);
        let largest = split::largest_heap(three).min(MAX_HEAP);
        if max_heap > largest {
            return Err(SequenceError::TooLarge {
                n: max_heap,
                max: largest,
            });
        }
        let len = max_heap as usize + 1;
        let mut values = room_for(len)?;
        split::values(len, |amount| self.digit(amount), &mut values, progress);
        Ok(ArithmeticSequence {
            values,
            period: None,
        })
    }
}

/// An empty list with room for `len` values, or the error that says how much they need.
fn room_for(len: usize) -> Result<Vec<u32>, SequenceError> {
    let mut values: Vec<u32> = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| SequenceError::OutOfMemory {
            bytes: (len as u64).saturating_mul(4),
        })?;
    Ok(values)
}

/// How many values of a code that does not split are computed between two calls of a
/// progress callback: a few microseconds' work.
const PROGRESS_EVERY: usize = 4_096;

/// The first prefix [`RepeatingCode::values_up_to`] tries to prove a period on (or eight
/// times the digits before the tail, if more): most codes are proved within it.
const FIRST_PREFIX: usize = 4_096;

/// How far [`RepeatingCode::values_up_to`] looks for a proof when asked past [`MAX_HEAP`]:
/// 2²⁴ heaps, 64 MB of values.
const PROOF_REACH_PAST_MAX_HEAP: u64 = 1 << 24;

impl RepeatingCode {
    /// G(0..len) for a tail of 2 or 3 without splitting digits, by counting (see the
    /// [module docs](self)).
    fn counted_values(
        &self,
        len: usize,
        values: &mut Vec<u32>,
        progress: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(), SequenceError> {
        let k = self.digits.len() + 1;
        // How many heaps from 1 to n − 1 hold each value (a value is at most its heap).
        let mut counts: Vec<u32> = Vec::new();
        counts
            .try_reserve_exact(len + 1)
            .map_err(|_| SequenceError::OutOfMemory {
                bytes: (len as u64).saturating_mul(8),
            })?;
        counts.resize(len + 1, 0);
        // The amounts below the tail that may not leave a heap: every other move that leaves
        // one is allowed, so the options are every heap from 1 to n − 1 but these.
        let barred: Vec<usize> = (1..k)
            .filter(|&amount| self.digit(amount as u64) & LEAVES_ONE == 0)
            .collect();
        // The least value no heap from 1 to n − 1 holds, and the least above 0: both only
        // grow, as the counts do.
        let (mut unseen, mut unseen_above_zero) = (0u32, 1u32);
        let mut barred_values: Vec<u32> = Vec::with_capacity(barred.len());
        for n in 0..len {
            if n % PROGRESS_EVERY == 0 && n > 0 && progress(values).is_break() {
                return Ok(());
            }
            if n >= 2 {
                counts[values[n - 1] as usize] += 1;
                while counts[unseen as usize] > 0 {
                    unseen += 1;
                }
                while counts[unseen_above_zero as usize] > 0 {
                    unseen_above_zero += 1;
                }
            }
            let zero_reached = self.digit(n as u64) & TAKES_WHOLE != 0;
            barred_values.clear();
            barred_values.extend(
                barred
                    .iter()
                    .take_while(|&&amount| amount < n)
                    .map(|&amount| values[n - amount]),
            );
            barred_values.sort_unstable();
            let mut value = if zero_reached {
                unseen_above_zero
            } else {
                unseen
            };
            // A value is missing when every heap from 1 that holds it is barred.
            for run in barred_values.chunk_by(|a, b| a == b) {
                let missing = counts[run[0] as usize] as usize == run.len();
                if missing && run[0] < value && !(zero_reached && run[0] == 0) {
                    value = run[0];
                }
            }
            values.push(value);
        }
        Ok(())
    }

    /// G(0..len) for a tail of 1: past the digits, a heap's options are heap 0 and the
    /// heaps its last `k − 1` values' digits reach, so each value costs `O(k)`.
    fn window_values(
        &self,
        len: usize,
        values: &mut Vec<u32>,
        progress: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) {
        let leaving: Vec<usize> = (1..=self.digits.len())
            .filter(|&amount| self.digit(amount as u64) & LEAVES_ONE != 0)
            .collect();
        let mut reached = Vec::with_capacity(leaving.len() + 1);
        for n in 0..len {
            if n % PROGRESS_EVERY == 0 && n > 0 && progress(values).is_break() {
                return;
            }
            reached.clear();
            if self.digit(n as u64) & TAKES_WHOLE != 0 {
                reached.push(0);
            }
            reached.extend(
                leaving
                    .iter()
                    .take_while(|&&amount| amount < n)
                    .map(|&amount| values[n - amount]),
            );
            reached.sort_unstable();
            let mut value = 0;
            for &option in &reached {
                if option == value {
                    value += 1;
                } else if option > value {
                    break;
                }
            }
            values.push(value);
        }
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

/// The values of a game whose sequence climbs, with its arithmetic period where proved.
///
/// ```
/// use impartial::repeating::RepeatingCode;
///
/// let values = "0.[2]".parse::<RepeatingCode>()?.values_up_to(5)?; // G(n) = n − 1 from 1
/// assert_eq!(values.values(), [0, 0, 1, 2, 3, 4]);
/// assert_eq!(values.get(1_000).map(|value| value.0), Some(999));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithmeticSequence {
    values: Vec<u32>,
    period: Option<ArithmeticPeriod>,
}

impl ArithmeticSequence {
    /// The values computed, G(0) first.
    #[must_use]
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// G(`n`): computed, or from the proved period for any `n`; `None` past the values
    /// without a proof.
    ///
    /// ```
    /// use impartial::Nimber;
    /// use impartial::repeating::RepeatingCode;
    ///
    /// let values = "0.[3]".parse::<RepeatingCode>()?.values_up_to(50)?; // Nim: G(n) = n
    /// assert_eq!(values.get(u64::MAX), Some(Nimber(u128::from(u64::MAX))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn get(&self, n: u64) -> Option<Nimber> {
        if let Some(&value) = usize::try_from(n).ok().and_then(|n| self.values.get(n)) {
            return Some(Nimber(u128::from(value)));
        }
        let period = self.period?;
        let periods = (n - period.preperiod) / period.period;
        let base = period.preperiod + (n - period.preperiod) % period.period;
        let value = u128::from(self.values[base as usize]);
        Some(Nimber(
            value + u128::from(periods) * u128::from(period.saltus),
        ))
    }

    /// The arithmetic period, if the values computed prove it (with a tail of 1, the plain
    /// period, saltus 0: the values past heap `k − 1` depend on the `k − 1` before them, so
    /// they repeat once those do).
    ///
    /// The proof (ours). Let `k` be the tail's first amount, and say `G(n + p) = G(n) + s`
    /// holds for `T ≤ n < N₀`, with `N₀ ≥ max(k, T)`. Let `C` be the largest of the values
    /// below `T + p` and of `s` plus the values below `max(T, 1)`, and suppose every value
    /// up to `C` is held by some heap `j` with `1 ≤ j ≤ N₀ − k` (or is 0 and the tail takes
    /// a whole heap). Then the relation holds for every `n ≥ T`. By induction on
    /// `N ≥ N₀`, the relation holding on `[T, N)`: a value `v > C` is held below `N + p`
    /// exactly by the heaps `i + p`, `i` below `N` holding `v − s`, all of which lie in
    /// `[max(T, 1), N)` as `v − s` exceeds every value below `max(T, 1)`; the move from
    /// `N + p` to `i + p` and the move from `N` to `i` take the same amount and leave a heap,
    /// so one is allowed exactly when the other is. Every value up to `C` is an option of
    /// both `N` and `N + p`, through the tail (heap `j` is at least `k` below both). So the
    /// mex of `N + p`'s options is `s` plus the least non-option of `N` above `C − s`, which
    /// is the least non-option of `N`: `G(N + p) = G(N) + s`.
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    ///
    /// let values = "0.30300[3]".parse::<RepeatingCode>()?.values_up_to(1_000)?;
    /// let period = values.period().expect("proved");
    /// assert_eq!((period.period, period.saltus), (6, 2));
    /// assert!(period.to_string().contains("proved"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn period(&self) -> Option<ArithmeticPeriod> {
        self.period
    }

    /// The arithmetic period the values show, proved or not (as
    /// [`GrundySequence::apparent_arithmetic_period`](crate::sequence::GrundySequence::apparent_arithmetic_period)).
    ///
    /// ```
    /// use impartial::repeating::RepeatingCode;
    ///
    /// // A code that splits: no proof, but the climb is seen.
    /// let values = "0.[7]".parse::<RepeatingCode>()?.values_up_to(400)?;
    /// assert_eq!(values.period(), None);
    /// let seen = values.apparent_arithmetic_period().expect("seen");
    /// assert_eq!((seen.period, seen.saltus), (1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn apparent_arithmetic_period(&self) -> Option<ApparentArithmeticPeriod> {
        apparent_arithmetic(self.values.len(), |n| self.values[n])
    }
}

/// The arithmetic period of `values` if they prove it (see [`ArithmeticSequence::period`]),
/// for a tail from amount `k` with digit `tail`.
fn prove(values: &[u32], k: u64, tail: u8) -> Option<ArithmeticPeriod> {
    let seen = apparent_arithmetic(values.len(), |n| values[n])?;
    let (start, period) = (seen.preperiod as usize, seen.period as usize);
    let below = |end: usize| values[..end.min(values.len())].iter().copied().max();
    let ceiling = below(start + period)?.max(below(start.max(1))? + seen.saltus);
    // The first heap from 1 holding each value up to the ceiling.
    let mut first = vec![None; ceiling as usize + 1];
    for (heap, &value) in values.iter().enumerate().skip(1) {
        if let Some(slot @ None) = first.get_mut(value as usize) {
            *slot = Some(heap as u64);
        }
    }
    if tail & TAKES_WHOLE != 0 {
        // Heap 0 holds 0, and the tail reaches it from every heap of at least k.
        first[0] = Some(0);
    }
    let last_first = first
        .into_iter()
        .try_fold(0, |last, heap| Some(heap?.max(last)))?;
    let needed = (last_first + k).max(start as u64);
    let proved_at = needed + seen.period - 1;
    (proved_at <= seen.seen_to).then_some(ArithmeticPeriod {
        preperiod: seen.preperiod,
        period: seen.period,
        saltus: seen.saltus,
        proved_at,
    })
}

/// The period of `values` for a tail of 1 if they prove it: past heap `k − 1` a value
/// depends only on the `k − 1` before it, so once those repeat `p` heaps later (from a heap
/// `a ≥ 1`), every later value does — `G(n + p) = G(n)` for `n ≥ a`, saltus 0.
fn prove_window(values: &[u32], k: u64) -> Option<ArithmeticPeriod> {
    let last = values.len().checked_sub(1)?;
    let window = k as usize - 1;
    (1..=values.len() / 4).find_map(|period| {
        // The least a from which values[n + period] = values[n] up to the last value.
        let mut n = last;
        while n > period && values[n] == values[n - period] {
            n -= 1;
        }
        let start = (n + 1).saturating_sub(period).max(1);
        let proved_at = start + window + period - 1;
        (proved_at <= last && last - start >= 3 * period).then_some(ArithmeticPeriod {
            preperiod: start as u64,
            period: period as u64,
            saltus: 0,
            proved_at: proved_at as u64,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_stopped_by_its_progress_is_a_prefix_of_the_whole() {
        // Every path: a tail of 1 (window), of 2 and 3 (counted, past the first prefix of
        // 4 096 and its eightfold successor), and codes that split into two and three heaps.
        let cases = [
            ("0.1101[1]", 40_000_u64),
            ("0.02[2]", 40_000),
            ("0.30300[3]", 40_000),
            ("0.0000000000000000000001[3]", 40_000),
            ("0.[7]", 300),
            ("4.[3]", 300),
            ("0.[F]", 120),
        ];
        let mut next = crate::sequence::testing::random_words(0x570B_5701);
        // Runs stopped past the first prefix, whose values a longer prefix computes anew.
        let mut stopped_late = 0;
        for (code, n) in cases {
            let code: RepeatingCode = code.parse().unwrap();
            let whole = code.every_value_up_to(n).unwrap();
            for _ in 0..6 {
                let stop_at = 1 + next() % n;
                let mut calls = 0_u64;
                let mut last = 0;
                let stopped = code
                    .values_up_to_with_progress(n, |progress| {
                        calls += 1;
                        assert!(progress.computed >= 1 && progress.target == n + 1);
                        let so_far = &whole.values()[..progress.computed as usize];
                        // The values restart only at a new, longer prefix.
                        assert!(progress.computed > last || progress.computed <= 4_096);
                        last = progress.computed;
                        assert_eq!(
                            progress.largest_value,
                            so_far.iter().copied().max().unwrap(),
                            "{code}"
                        );
                        if progress.computed >= stop_at {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    })
                    .unwrap();
                let len = stopped.values().len();
                assert!(calls > 0 || len as u64 == n + 1 || stopped.period().is_some());
                assert_eq!(
                    stopped.values(),
                    &whole.values()[..len],
                    "{code} to {stop_at}"
                );
                if (len as u64) <= n && stopped.period().is_none() {
                    // Stopped: where it was asked to, give or take one report.
                    assert!(len as u64 >= stop_at, "{code}: {len} of {stop_at}");
                    stopped_late += usize::from(len > 4_096);
                }
            }
        }
        // Most codes prove their period within the first prefix: the computation of one
        // prefix, stopped anywhere in it, by itself.
        for (code, n) in &cases[..4] {
            let code: RepeatingCode = code.parse().unwrap();
            let whole = code.every_value_up_to(*n).unwrap();
            for _ in 0..6 {
                let stop_at = (1 + next() % n) as usize;
                let (values, period) = code
                    .values_and_proof(*n as usize + 1, &mut |values| {
                        if values.len() >= stop_at {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    })
                    .unwrap();
                assert_eq!(values, &whole.values()[..values.len()], "{code}");
                assert!(values.len() >= stop_at.min(*n as usize + 1), "{code}");
                assert!(values.len() < stop_at + PROGRESS_EVERY, "{code}");
                if values.len() <= *n as usize {
                    assert_eq!(period, None);
                    stopped_late += usize::from(values.len() > 4_096);
                }
            }
        }
        assert!(stopped_late >= 10, "{stopped_late}");
    }

    /// ⌊n/2⌋ for n < len, the values of all-but(1), `0.0[3]`.
    fn halves(len: u32) -> Vec<u32> {
        (0..len).map(|n| n / 2).collect()
    }

    #[test]
    fn the_proof_waits_for_every_small_value_far_below() {
        // Each value up to C must sit at least k below N₀.
        let values = halves(200);
        assert!(prove(&values, 2, 3).is_some());
        // C = 1, first held at heap 2: N₀ = 253 with k = 251, past the values.
        assert_eq!(prove(&values, 251, 3), None);
        assert_eq!(prove(&halves(400), 251, 3).map(|p| p.proved_at), Some(254));
    }

    #[test]
    fn the_ceiling_counts_the_values_before_the_period() {
        // G(0) = 50, then ⌊(n − 1)/2⌋: the relation from T = 1, and C = 50 + 1 = 51, first
        // held at heap 103 — so the proof needs G(105), not G(101).
        let mut values = vec![50];
        values.extend((1..104).map(|n| (n - 1) / 2));
        assert_eq!(prove(&values, 1, 3), None);
        values.extend((104..106).map(|n| (n - 1) / 2));
        let period = prove(&values, 1, 3).expect("proved with G(105)");
        assert_eq!(
            (period.preperiod, period.period, period.proved_at),
            (1, 2, 105)
        );
    }

    #[test]
    fn a_window_proof_needs_the_whole_window_repeated() {
        // 5, then 0, 1 repeating: period 2 from heap 1. With k = 4 the three values from
        // heap 1 must recur two heaps later, seen at G(5); with k = 31, thirty of them.
        let mut values = vec![5];
        values.extend((0..19).map(|n| n % 2));
        let period = prove_window(&values, 4).expect("proved");
        assert_eq!((period.preperiod, period.period, period.saltus), (1, 2, 0));
        assert_eq!(period.proved_at, 5);
        assert_eq!(prove_window(&values, 31), None);
    }

    #[test]
    fn a_tail_that_leaves_a_heap_needs_zero_held_above_heap_zero() {
        // G(n) = n: value 0 is held by heap 0 alone. A tail that takes whole heaps reaches it
        // from every heap; one that only leaves a heap never does, and nothing is proved.
        let values: Vec<u32> = (0..300).collect();
        assert_eq!(prove(&values, 1, 2), None);
        assert_eq!(prove(&values, 1, 3).map(|p| p.proved_at), Some(2));
    }
}
