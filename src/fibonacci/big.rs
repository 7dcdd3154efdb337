//! Fibonacci Nim on arbitrarily large heaps (`num_bigint::BigUint`), behind the feature
//! `bigint`.
//!
//! The same rule as the fixed-width functions: the player to move from
//! `(remaining, limit)` wins iff the smallest Zeckendorf term of `remaining` is at most
//! `limit`. Each call builds the Fibonacci numbers up to `remaining`: **O(log N)** big-number
//! additions.
//!
//! ```
//! use impartial::fibonacci::big;
//! use num_bigint::BigUint;
//!
//! let googol = BigUint::from(10u32).pow(100);
//! let terms = big::zeckendorf(&googol);
//! assert_eq!(terms.iter().sum::<BigUint>(), googol);
//! assert_eq!(big::winning_move(&googol, &googol), big::smallest_term(&googol));
//! ```

use num_bigint::BigUint;

use crate::game::Outcome;

/// The Fibonacci numbers 1, 2, 3, 5, … up to `n`, ascending.
fn fibonacci_up_to(n: &BigUint) -> Vec<BigUint> {
    let mut numbers = vec![BigUint::from(1u32), BigUint::from(2u32)];
    loop {
        let next = &numbers[numbers.len() - 1] + &numbers[numbers.len() - 2];
        if &next > n {
            break;
        }
        numbers.push(next);
    }
    numbers.retain(|number| number <= n);
    numbers
}

/// The Zeckendorf representation of `n`, largest term first; empty for 0.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use num_bigint::BigUint;
///
/// let terms = big::zeckendorf(&BigUint::from(100u32));
/// assert_eq!(terms, [89u32, 8, 3].map(BigUint::from));
/// assert!(big::zeckendorf(&BigUint::from(0u32)).is_empty());
/// ```
#[must_use]
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut rest = n.clone();
    let mut terms = Vec::new();
    for number in fibonacci_up_to(n).iter().rev() {
        if number <= &rest {
            rest -= number;
            terms.push(number.clone());
        }
    }
    terms
}

/// The smallest term of the Zeckendorf representation of `n`, `None` for 0.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use num_bigint::BigUint;
///
/// assert_eq!(big::smallest_term(&BigUint::from(12u32)), Some(BigUint::from(1u32)));
/// ```
#[must_use]
pub fn smallest_term(n: &BigUint) -> Option<BigUint> {
    zeckendorf(n).pop()
}

/// Whether `n` is a Fibonacci number (0 is not counted).
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use num_bigint::BigUint;
///
/// assert!(big::is_fibonacci(&BigUint::from(144u32)));
/// assert!(!big::is_fibonacci(&BigUint::from(145u32)));
/// ```
#[must_use]
pub fn is_fibonacci(n: &BigUint) -> bool {
    zeckendorf(n).len() == 1
}

/// The smallest winning take from `(remaining, limit)`, or `None` from a P-position.
///
/// # Examples
///
/// ```
/// use impartial::fibonacci::big;
/// use num_bigint::BigUint;
///
/// let remaining = BigUint::from(20u32);
/// assert_eq!(big::winning_move(&remaining, &BigUint::from(19u32)), Some(BigUint::from(2u32)));
/// assert_eq!(big::winning_move(&remaining, &BigUint::from(1u32)), None);
/// ```
#[must_use]
pub fn winning_move(remaining: &BigUint, limit: &BigUint) -> Option<BigUint> {
    let allowed = limit.min(remaining);
    smallest_term(remaining).filter(|term| term <= allowed)
}

/// Who wins from `(remaining, limit)`.
///
/// # Examples
///
/// ```
/// use impartial::{fibonacci::big, Outcome};
/// use num_bigint::BigUint;
///
/// let f = BigUint::from(233u32);
/// assert_eq!(big::outcome(&f, &(&f - 1u32)), Outcome::P);
/// ```
#[must_use]
pub fn outcome(remaining: &BigUint, limit: &BigUint) -> Outcome {
    if winning_move(remaining, limit).is_some() {
        Outcome::N
    } else {
        Outcome::P
    }
}
