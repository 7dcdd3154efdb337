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

mod arithmetic_sequence;
mod code;
mod count;
mod split;

pub use crate::sequence::ArithmeticPeriod;
pub use arithmetic_sequence::ArithmeticSequence;
pub use code::{MAX_DIGITS, RepeatingCode, RepeatingCodeError};
pub use count::MAX_HEAP;
