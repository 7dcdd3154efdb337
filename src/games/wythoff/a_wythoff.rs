//! Fraenkel's a-Wythoff game, [`AWythoff`]: re-exported by [`wythoff`](super).

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::convert::Infallible;

use super::wythoff_move::WythoffMove;
use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome};
use crate::games::golden::{Wide, add, compare, high_half_product, multiply, wide};

/// Fraenkel's *a*-Wythoff game (1982, *How to beat your Wythoff games' opponent on three
/// fronts*, Amer. Math. Monthly 89): two heaps; a move takes any number from one heap, or
/// `k` from one and `l` from the other with `|k − l| < a`. With `a = 1` it is Wythoff's
/// game.
///
/// Its P-positions are `(Aₙ, Bₙ)` and their mirror images, with `Aₙ` the least number not
/// yet used and `Bₙ = Aₙ + a·n`; they are Beatty sequences, `Aₙ = ⌊nα⌋` and `Bₙ = ⌊nβ⌋`
/// with `α = (2 − a + √(a² + 4))/2` and `β = α + a`. Here `Aₙ = n + ⌊n·β'⌋` with
/// `β' = (√(a² + 4) − a)/2 = 2/(a + √(a² + 4))`, evaluated exactly: a 128-bit fixed-point
/// estimate of `β'`, then one or two checks `(2m + a·n)² ≤ n²(a² + 4)` on 384-bit products.
/// So outcomes and winning moves are exact for heaps up to `u128::MAX`, in `O(log x)` steps
/// for the inverse (which `n` has `Aₙ = x`).
///
/// The Sprague–Grundy values have no known closed form (for `a = 1` neither); the ruleset
/// lets the [`Solver`](crate::Solver) compute them.
///
/// # Examples
///
/// ```
/// use impartial::wythoff::AWythoff;
/// use impartial::{ClosedForm, Outcome, Solver};
///
/// let game = AWythoff::new(2)?;
/// let first: Vec<(u128, u128)> = (0..5).filter_map(|n| game.p_position(n)).collect();
/// assert_eq!(first, [(0, 0), (1, 3), (2, 6), (4, 10), (5, 13)]);
/// assert_eq!(game.outcome((13, 5))?, Outcome::P);
/// let step = game.winning_move((5, 14))?.expect("N");
/// assert_eq!(step.to_string(), "take 1 from the second heap (5, 14 → 5, 13)");
/// assert_eq!(game.outcome(step.to)?, Outcome::P);
/// // Its values, by search.
/// let mut solver = Solver::new(game);
/// assert_eq!(solver.grundy((1, 3))?.0, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AWythoff {
    a: u32,
    /// `⌊β'·2¹²⁸⌋`, within one of `β'·2¹²⁸`.
    beta_fixed: u128,
    /// About `2¹²⁸/(1 + β')`: `n` from `Aₙ ≈ n(1 + β')`.
    lower_slope: u128,
    /// About `2¹²⁸/(1 + a + β')`: `n` from `Bₙ ≈ n(1 + a + β')`.
    upper_slope: u128,
}

/// An a-Wythoff game that cannot be made.
///
/// # Examples
///
/// ```
/// use impartial::wythoff::{AWythoff, AWythoffError};
///
/// let error = AWythoff::new(0).unwrap_err();
/// assert_eq!(error, AWythoffError::ZeroA);
/// assert_eq!(error.to_string(), "a must be at least 1: with a = 0 there are no diagonal moves (two heaps of Nim)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AWythoffError {
    /// `a = 0`: no diagonal move.
    #[error("a must be at least 1: with a = 0 there are no diagonal moves (two heaps of Nim)")]
    ZeroA,
}

impl AWythoff {
    /// The `a`-Wythoff game, `a ≥ 1`.
    ///
    /// # Errors
    ///
    /// [`AWythoffError::ZeroA`] for `a = 0`, a game without diagonal moves (two heaps of
    /// Nim).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::wythoff::{AWythoff, AWythoffError};
    ///
    /// assert_eq!(AWythoff::new(3)?.a(), 3);
    /// assert_eq!(AWythoff::new(0), Err(AWythoffError::ZeroA));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(a: u32) -> Result<Self, AWythoffError> {
        if a == 0 {
            return Err(AWythoffError::ZeroA);
        }
        // The largest X < 2¹²⁸ with X ≤ β'·2¹²⁸, bit by bit: (2X + a·2¹²⁸)² ≤ c·2²⁵⁶.
        let c = multiply(&wide(u128::from(a)), &wide(u128::from(a)));
        let c = add(&c, &wide(4));
        let scaled_c = shift_limbs(&c, 4);
        let a_scaled = shift_limbs(&wide(u128::from(a)), 2);
        let mut beta_fixed = 0u128;
        for bit in (0..128).rev() {
            let candidate = beta_fixed | 1 << bit;
            let twice = add(&wide(candidate), &wide(candidate));
            let side = add(&twice, &a_scaled);
            if compare(&multiply(&side, &side), &scaled_c) != Ordering::Greater {
                beta_fixed = candidate;
            }
        }
        // The largest Y with Y·(m·2¹²⁸ + X) ≤ 2²⁵⁶, for m = 1 and m = 1 + a.
        let slope = |whole: u128| {
            let divisor = add(&shift_limbs(&wide(whole), 2), &wide(beta_fixed));
            let limit = shift_limbs(&wide(1), 4);
            let mut y = 0u128;
            for bit in (0..128).rev() {
                let candidate = y | 1 << bit;
                if compare(&multiply(&wide(candidate), &divisor), &limit) != Ordering::Greater {
                    y = candidate;
                }
            }
            y
        };
        Ok(AWythoff {
            a,
            beta_fixed,
            lower_slope: slope(1),
            upper_slope: slope(1 + u128::from(a)),
        })
    }

    /// The parameter `a`: a diagonal move takes amounts that differ by less than `a`.
    ///
    /// ```
    /// use impartial::wythoff::AWythoff;
    ///
    /// assert_eq!(AWythoff::new(2)?.a(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn a(&self) -> u32 {
        self.a
    }

    /// `⌊n·β'⌋`, exactly, if `a·n` fits in `u128`.
    fn floor_beta(&self, n: u128) -> Option<u128> {
        let a_n = n.checked_mul(u128::from(self.a))?;
        // (2m + a·n)² ≤ n²·(a² + 4): m ≤ n·β'.
        let n_wide = wide(n);
        let a_wide = wide(u128::from(self.a));
        let c = add(&multiply(&a_wide, &a_wide), &wide(4));
        let bound = multiply(&multiply(&n_wide, &n_wide), &c);
        let at_most = |m: u128| {
            let twice = add(&wide(m), &wide(m));
            let side = add(&twice, &wide(a_n));
            compare(&multiply(&side, &side), &bound) != Ordering::Greater
        };
        // The estimate is at most two below: β'·2¹²⁸ − 1 < X ≤ β'·2¹²⁸.
        let mut m = high_half_product(n, self.beta_fixed);
        while m < n && at_most(m + 1) {
            m += 1;
        }
        while m > 0 && !at_most(m) {
            m -= 1;
        }
        Some(m)
    }

    /// `Aₙ`, if `a·n` and `Aₙ` fit in `u128`.
    fn lower(&self, n: u128) -> Option<u128> {
        n.checked_add(self.floor_beta(n)?)
    }

    /// The `n`-th P-position `(Aₙ, Bₙ)`, or `None` if it does not fit in `u128`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::wythoff::{self, AWythoff};
    ///
    /// // a = 1 is Wythoff's game.
    /// let one = AWythoff::new(1)?;
    /// assert_eq!(one.p_position(1_000_000), wythoff::p_position(1_000_000u128));
    /// assert_eq!(AWythoff::new(7)?.p_position(u128::MAX), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn p_position(&self, n: u128) -> Option<(u128, u128)> {
        let lower = self.lower(n)?;
        let upper = lower.checked_add(n.checked_mul(u128::from(self.a))?)?;
        Some((lower, upper))
    }

    /// Who wins from `(x, y)`: P exactly at the pairs `(Aₙ, Bₙ)` and their mirror images.
    fn outcome_of(&self, &(x, y): &(u128, u128)) -> Outcome {
        if self.is_p_position(x, y) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Whether the player to move from `(x, y)` loses.
    fn is_p_position(&self, x: u128, y: u128) -> bool {
        let (low, high) = if x <= y { (x, y) } else { (y, x) };
        let difference = high - low;
        let a = u128::from(self.a);
        difference % a == 0 && self.lower(difference / a) == Some(low)
    }

    /// The `n` with `Aₙ = x`, if `x` is a lower heap of a P-position.
    fn lower_index(&self, x: u128) -> Option<u128> {
        index_of(x, high_half_product(x, self.lower_slope), |n| self.lower(n))
    }

    /// The `n` with `Bₙ = x`, if `x` is an upper heap of a P-position.
    fn upper_index(&self, x: u128) -> Option<u128> {
        index_of(x, high_half_product(x, self.upper_slope), |n| {
            self.p_position(n).map(|(_, upper)| upper)
        })
    }

    /// The heap that makes a P-position with `x`: every number is the lower heap of one
    /// P-position or the upper heap of one (0 is both, with itself).
    fn partner(&self, x: u128) -> Option<u128> {
        if let Some(n) = self.lower_index(x) {
            return self.p_position(n).map(|(_, upper)| upper);
        }
        self.upper_index(x)
            .and_then(|n| self.p_position(n))
            .map(|(lower, _)| lower)
    }

    /// Every winning move from `(x, y)`, as the pairs they leave (in the order `x`, `y`),
    /// ascending; empty from a P-position. A move along one heap leaves the partner of the
    /// other; a move on both heaps, by amounts differing by less than `a`, leaves the
    /// P-position whose difference is within `a` of `|x − y|`.
    fn winning_pairs(&self, x: u128, y: u128) -> Vec<(u128, u128)> {
        if self.is_p_position(x, y) {
            return Vec::new();
        }
        let swapped = x > y;
        let (low, high) = if x <= y { (x, y) } else { (y, x) };
        let mut moves = Vec::new();
        // One heap: the other heap's partner, if it is below this heap.
        if let Some(partner) = self.partner(low).filter(|&partner| partner < high) {
            moves.push((low, partner));
        }
        if let Some(partner) = self.partner(high).filter(|&partner| partner < low) {
            moves.push((partner, high));
        }
        // Both heaps, to (Aₙ, Bₙ) with |(high − Bₙ) − (low − Aₙ)| = |d − a·n| < a.
        let a = u128::from(self.a);
        let difference = high - low;
        for n in [Some(difference / a), (difference / a).checked_add(1)] {
            if let Some((lower, upper)) = n.and_then(|n| self.p_position(n))
                && lower < low
                && upper < high
                && difference.abs_diff(upper - lower) < a
            {
                moves.push((lower, upper));
            }
        }
        let mut moves: Vec<(u128, u128)> = moves
            .into_iter()
            .map(|(l, h)| if swapped { (h, l) } else { (l, h) })
            .collect();
        moves.sort_unstable();
        moves.dedup();
        moves
    }
}

/// The `n` with `sequence(n) = x`, for a sequence that increases (by at least one a step)
/// and is `None` past some `n`: from `estimate` (off by a few), step to it; if the estimate
/// were far off, bisect on `[0, x]` instead, so the answer never depends on its accuracy.
fn index_of(x: u128, estimate: u128, sequence: impl Fn(u128) -> Option<u128>) -> Option<u128> {
    let below_or_at = |n: u128| sequence(n).is_some_and(|value| value <= x);
    let mut n = estimate.min(x);
    for _ in 0..8 {
        if n > 0 && !below_or_at(n) {
            n -= 1;
        } else if n < x && below_or_at(n + 1) {
            n += 1;
        } else {
            return (sequence(n) == Some(x)).then_some(n);
        }
    }
    bisect(x, sequence)
}

/// The `n` with `sequence(n) = x` by bisection on `[0, x]`: the plain way, `O(log x)`
/// evaluations, and [`index_of`]'s twin in the tests.
fn bisect(x: u128, sequence: impl Fn(u128) -> Option<u128>) -> Option<u128> {
    let (mut low, mut high) = (0u128, x);
    while low < high {
        let middle = low + (high - low) / 2;
        match sequence(middle) {
            Some(value) if value < x => low = middle + 1,
            _ => high = middle,
        }
    }
    (sequence(low) == Some(x)).then_some(low)
}

/// `value · 2⁶⁴ˢʰⁱᶠᵗ`.
fn shift_limbs(value: &Wide, shift: usize) -> Wide {
    let mut shifted = Wide::default();
    shifted[shift..].copy_from_slice(&value[..value.len() - shift]);
    shifted
}

impl ImpartialGame for AWythoff {
    type Position = (u128, u128);

    fn moves(&self, &(x, y): &(u128, u128)) -> impl Iterator<Item = (u128, u128)> {
        let a = u128::from(self.a);
        let from_x = (0..x).map(move |to| (to, y));
        let from_y = (0..y).map(move |to| (x, to));
        // Both heaps: k from x and l from y, k, l ≥ 1, |k − l| < a.
        let both = (1..=x).flat_map(move |k| {
            let least = k.saturating_sub(a - 1).max(1);
            let most = k.saturating_add(a - 1).min(y);
            (least..=most).map(move |l| (x - k, y - l))
        });
        from_x.chain(from_y).chain(both)
    }
}

/// The closed form of [`AWythoff`]'s own methods, for generic code; the Sprague–Grundy
/// values have no known closed form (`grundy` is `None`).
///
/// # Examples
///
/// ```
/// use impartial::wythoff::AWythoff;
/// use impartial::{ClosedForm, Outcome};
///
/// let game = AWythoff::new(2)?;
/// assert_eq!(ClosedForm::outcome(&game, &(5, 13))?, Outcome::P);
/// assert_eq!(ClosedForm::grundy(&game, &(5, 13))?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for AWythoff {
    type Move = WythoffMove<u128>;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<(u128, u128)>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let position: &(u128, u128) = holder.borrow();
        Ok(self.outcome_of(position))
    }

    fn grundy(
        &self,
        _position: impl IntoPosition<(u128, u128)>,
    ) -> Result<Option<Nimber>, Infallible> {
        Ok(None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<(u128, u128)>,
    ) -> Result<impl Iterator<Item = WythoffMove<u128>>, Infallible> {
        let holder = position.into_holder();
        let &(x, y): &(u128, u128) = holder.borrow();
        Ok(self
            .winning_pairs(x, y)
            .into_iter()
            .map(move |to| WythoffMove { from: (x, y), to }))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<(u128, u128)>,
        chosen: &WythoffMove<u128>,
    ) -> Result<(u128, u128), IllegalMove<(u128, u128), WythoffMove<u128>>> {
        let holder = position.into_holder();
        let &position: &(u128, u128) = holder.borrow();
        let a = u128::from(self.a);
        match chosen.takes_from(position) {
            Ok((first, second)) if first == 0 || second == 0 || first.abs_diff(second) < a => {
                Ok(chosen.to)
            }
            Ok(_) => Err(format!(
                "from both heaps a move takes amounts less than {a} apart"
            )),
            Err(reason) => Err(reason),
        }
        .map_err(|reason| IllegalMove::new(&position, chosen, reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimated_inverses_equal_bisection_across_the_range() {
        let mut next = crate::sequence::testing::random_words(0x9E37_79B9_7F4A_7C15);
        for a in [1u32, 2, 3, 5, 1000, u32::MAX] {
            let game = AWythoff::new(a).unwrap();
            for shift in [0u32, 40, 64, 100, 120] {
                for _ in 0..40 {
                    let n = (u128::from(next()) << 64 | u128::from(next())) >> shift;
                    for x in [n, n.saturating_add(1), game.lower(n).unwrap_or(n)] {
                        let upper = |m: u128| game.p_position(m).map(|(_, upper)| upper);
                        assert_eq!(
                            game.lower_index(x),
                            bisect(x, |m| game.lower(m)),
                            "a = {a}, x = {x}"
                        );
                        assert_eq!(game.upper_index(x), bisect(x, upper), "a = {a}, x = {x}");
                    }
                    if let Some((lower, upper)) = game.p_position(n) {
                        assert_eq!(game.lower_index(lower), Some(n));
                        assert_eq!(game.upper_index(upper), Some(n));
                    }
                }
            }
        }
    }
}
