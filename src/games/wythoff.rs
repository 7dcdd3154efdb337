//! Wythoff's game: two heaps; a move takes any number of counters from one heap, or the
//! same number from both. Whoever takes the last counter wins.
//!
//! Wythoff (1907): the P-positions are the pairs `(⌊kφ⌋, ⌊kφ²⌋)` and their mirror images,
//! `k = 0, 1, 2, …`, with `φ = (1 + √5)/2`: `(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), …` The
//! `k`-th pair's heaps differ by exactly `k`, and the lower and upper heaps together take
//! every positive integer exactly once (Beatty's theorem).
//!
//! Everything here is exact integer arithmetic — no floating point, whose 53 bits would go
//! wrong beyond heaps of about 10¹⁵: `⌊k/φ⌋` is the largest `m` with `5m² ≤ (2k − m)²`,
//! found from a 128-bit fixed-point estimate and one exact check on 320-bit products, so
//! every function is **O(1)** for heaps up to `u128::MAX`.
//!
//! ```
//! use impartial::wythoff;
//!
//! use impartial::Outcome;
//!
//! assert_eq!(wythoff::p_position(3u64), Some((4, 7)));
//! assert_eq!(wythoff::outcome((7u64, 4)), Outcome::P);
//! assert_eq!(wythoff::outcome((4u64, 6)), Outcome::N);
//! // From (4, 6): take 1 from both, to (3, 5).
//! let best = wythoff::winning_move((4u64, 6)).expect("N");
//! assert_eq!((best.to, best.to_string().as_str()), ((3, 5), "take 1 from both heaps (4, 6 → 3, 5)"));
//! // The millionth-millionth P-position, exactly.
//! assert_eq!(
//!     wythoff::p_position(1_000_000_000_000u64),
//!     Some((1_618_033_988_749, 2_618_033_988_749))
//! );
//! ```

mod a_wythoff;
mod wythoff_move;

pub use a_wythoff::{AWythoff, AWythoffError};
pub use wythoff_move::WythoffMove;

use std::borrow::Borrow;
use std::convert::Infallible;

use crate::closed_form::ClosedForm;
use crate::game::HeapSize;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome};
use crate::games::golden::floor_over_phi;

/// `⌊kφ⌋ = k + ⌊k/φ⌋` in u128, `None` if it does not fit.
fn lower_wide(k: u128) -> Option<u128> {
    k.checked_add(floor_over_phi(k))
}

/// The `k`-th P-position `(⌊kφ⌋, ⌊kφ²⌋)`, lower heap first; `None` if it does not fit in
/// `T`.
///
/// # Examples
///
/// ```
/// use impartial::wythoff;
///
/// let first: Vec<(u8, u8)> = (0..5).filter_map(wythoff::p_position).collect();
/// assert_eq!(first, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
/// assert_eq!(wythoff::p_position(97u8), Some((156, 253)));
/// assert_eq!(wythoff::p_position(98u8), None); // 158 + 98 > 255
/// ```
#[must_use]
pub fn p_position<T: HeapSize>(k: T) -> Option<(T, T)> {
    let k = k.to_u128()?;
    let lower = lower_wide(k)?;
    let upper = lower.checked_add(k)?;
    Some((T::from(lower)?, T::from(upper)?))
}

/// Whether `(x, y)` is a P-position: `⌊(y − x)/φ⌋ = x` for the ordered pair.
fn is_p_position<T: HeapSize>(x: T, y: T) -> bool {
    let (low, high) = ordered(x, y);
    let Some((low, high)) = low.to_u128().zip(high.to_u128()) else {
        return false;
    };
    lower_wide(high - low) == Some(low)
}

/// Who wins Wythoff's game from heaps `x` and `y`.
///
/// # Examples
///
/// ```
/// use impartial::{wythoff, Outcome};
///
/// assert_eq!(wythoff::outcome((3u64, 5)), Outcome::P);
/// assert_eq!(wythoff::outcome((3u64, 6)), Outcome::N);
/// assert_eq!(wythoff::outcome((0u32, 0)), Outcome::P);
/// assert_eq!(wythoff::outcome((10u32, 6)), Outcome::P);
/// assert_eq!(wythoff::outcome((u128::MAX, u128::MAX)), Outcome::N);
/// ```
#[must_use]
pub fn outcome<T: HeapSize>((x, y): (T, T)) -> Outcome {
    if is_p_position(x, y) {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn ordered<T: HeapSize>(x: T, y: T) -> (T, T) {
    if x <= y { (x, y) } else { (y, x) }
}

/// Every winning move from heaps `x` and `y` (the pairs they leave in the order `x`,
/// `y`); none from a P-position. There are at most three: along the diagonal (take the
/// same from both), from the larger heap, or from the smaller.
///
/// # Examples
///
/// ```
/// use impartial::wythoff;
///
/// // (2, 9): (1, 2) is the only P-position within reach — take 8 from the larger heap.
/// assert!(wythoff::winning_moves((2u32, 9)).map(|made| made.to).eq([(2, 1)]));
/// assert!(wythoff::winning_moves((0u32, 9)).map(|made| made.to).eq([(0, 0)]));
/// assert_eq!(wythoff::winning_moves((3u32, 5)).count(), 0);
/// ```
pub fn winning_moves<T: HeapSize>((x, y): (T, T)) -> WinningMoves<T> {
    // The three kinds of move never give the same position: the diagonal changes both
    // heaps, the others one heap each, a different one.
    let mut moves: [Option<(T, T)>; 3] = [None; 3];
    if !is_p_position(x, y) {
        let swapped = x > y;
        let (low, high) = ordered(x, y);
        // Every heap size of T fits in u128, and every target is below a heap, so fits in T.
        let (low_wide, high_wide) = (low.to_u128().unwrap_or(0), high.to_u128().unwrap_or(0));
        let target = |a: u128, b: u128| {
            let (a, b) = (T::from(a)?, T::from(b)?);
            Some(if swapped { (b, a) } else { (a, b) })
        };
        // Along the diagonal: keep the difference, bring the pair down to the P-position
        // with that difference.
        let difference = high_wide - low_wide;
        moves[0] = lower_wide(difference)
            .filter(|&lower| lower < low_wide)
            .and_then(|lower| target(lower, lower + difference));
        // The smaller heap stays: move the larger to its partner, if that is below it.
        moves[1] = partner(low_wide)
            .filter(|&partner| partner < high_wide)
            .and_then(|partner| target(low_wide, partner));
        // The larger heap stays: move the smaller to its partner, if that is below it.
        moves[2] = partner(high_wide)
            .filter(|&partner| partner < low_wide)
            .and_then(|partner| target(partner, high_wide));
    }
    WinningMoves {
        from: (x, y),
        moves: moves.into_iter(),
    }
}

/// The winning moves of Wythoff's game from a pair of heaps: returned by
/// [`winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::wythoff::{self, WinningMoves};
///
/// let moves: WinningMoves<u8> = wythoff::winning_moves((4, 6));
/// assert!(moves.map(|made| made.to).eq([(3, 5)]));
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<T> {
    from: (T, T),
    moves: std::array::IntoIter<Option<(T, T)>, 3>,
}

impl<T: HeapSize> Iterator for WinningMoves<T> {
    type Item = WythoffMove<T>;

    fn next(&mut self) -> Option<WythoffMove<T>> {
        let to = self.moves.by_ref().flatten().next()?;
        Some(WythoffMove {
            from: self.from,
            to,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.moves.len()))
    }
}

impl<T: HeapSize> std::iter::FusedIterator for WinningMoves<T> {}

/// The smallest winning move: the first of [`winning_moves`], or `None` from a
/// P-position.
///
/// # Examples
///
/// ```
/// use impartial::wythoff;
///
/// assert_eq!(wythoff::winning_move((5u64, 5)).map(|made| made.to), Some((0, 0)));
/// assert_eq!(wythoff::winning_move((u64::MAX, 0)).map(|made| made.to), Some((0, 0)));
/// assert_eq!(wythoff::winning_move((1u64, 2)), None);
/// ```
#[must_use]
pub fn winning_move<T: HeapSize>((x, y): (T, T)) -> Option<WythoffMove<T>> {
    winning_moves((x, y)).next()
}

/// The heap that makes a P-position with `heap`: each positive integer is the lower heap of
/// exactly one P-position or the upper heap of exactly one.
fn partner(heap: u128) -> Option<u128> {
    if heap == 0 {
        return Some(0);
    }
    // As a lower heap: heap = ⌊jφ⌋ for j = ⌈heap/φ⌉, one of ⌊heap/φ⌋ and the next.
    let below = floor_over_phi(heap);
    for j in [below, below + 1] {
        if lower_wide(j) == Some(heap) {
            return j.checked_add(heap);
        }
    }
    // As an upper heap: heap = ⌊jφ⌋ + j, so j is about heap/φ² = heap − heap/φ.
    let estimate = heap - below;
    for j in [estimate.saturating_sub(1), estimate, estimate + 1] {
        if let Some(lower) = lower_wide(j)
            && lower.checked_add(j) == Some(heap)
        {
            return Some(lower);
        }
    }
    None
}

/// Wythoff's game as a ruleset, for the [`Solver`](crate::Solver) and sums: positions are
/// pairs of heaps.
///
/// # Examples
///
/// ```
/// use impartial::wythoff::Wythoff;
/// use impartial::{Nimber, Outcome, Solver};
///
/// let mut solver = Solver::new(Wythoff);
/// assert_eq!(solver.outcome(&(4, 7))?, Outcome::P);
/// assert_eq!(solver.grundy(&(1, 1))?, Nimber(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wythoff;

impl ImpartialGame for Wythoff {
    type Position = (u64, u64);

    fn moves(&self, &(x, y): &(u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        let from_x = (0..x).map(move |to| (to, y));
        let from_y = (0..y).map(move |to| (x, to));
        let both = (1..=x.min(y)).map(move |take| (x - take, y - take));
        from_x.chain(from_y).chain(both)
    }
}

/// Wythoff's closed form on pairs of `u64` heaps: the P-positions are the Beatty pairs; the
/// Sprague–Grundy values have no known closed form (`grundy` is `None`: the
/// [`Solver`](crate::Solver) computes them).
///
/// # Examples
///
/// ```
/// use impartial::wythoff::Wythoff;
/// use impartial::{ClosedForm, Outcome};
///
/// let Ok(best) = Wythoff.winning_move(&(9, 9));
/// let best = best.expect("an N-position");
/// assert_eq!(best.to_string(), "take 9 from both heaps (9, 9 → 0, 0)");
/// assert_eq!(Wythoff.outcome(&Wythoff.leaves(&(9, 9), &best)?), Ok(Outcome::P));
/// assert!(Wythoff.leaves(&(9, 10), &best).is_err()); // the move starts from (9, 9)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for Wythoff {
    type Move = WythoffMove<u64>;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<(u64, u64)>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let &(x, y): &(u64, u64) = holder.borrow();
        Ok(outcome((x, y)))
    }

    fn grundy(
        &self,
        _position: impl IntoPosition<(u64, u64)>,
    ) -> Result<Option<Nimber>, Infallible> {
        Ok(None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<(u64, u64)>,
    ) -> Result<impl Iterator<Item = WythoffMove<u64>>, Infallible> {
        let holder = position.into_holder();
        let &(x, y): &(u64, u64) = holder.borrow();
        Ok(winning_moves((x, y)))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<(u64, u64)>,
        chosen: &WythoffMove<u64>,
    ) -> Result<(u64, u64), IllegalMove<(u64, u64), WythoffMove<u64>>> {
        let holder = position.into_holder();
        let &position: &(u64, u64) = holder.borrow();
        match chosen.takes_from(position) {
            Ok((first, second)) if first == 0 || second == 0 || first == second => Ok(chosen.to),
            Ok(_) => Err("from both heaps a move takes as many from each".into()),
            Err(reason) => Err(reason),
        }
        .map_err(|reason: String| IllegalMove::new(&position, chosen, reason))
    }
}
