//! Moore's Nim<sub>k</sub>: Nim where one move may take from up to `k` heaps at once — any positive
//! number of counters from each heap it touches. Whoever takes the last counter wins.
//!
//! Moore (1910, *A generalization of the game called Nim*, Annals of Mathematics 11)
//! solved it: write the heaps in binary; a position is P exactly when **every binary
//! column's count of ones is divisible by `k + 1`**. With `k = 1` that is Bouton's rule for
//! Nim (every column even). Every function here counts the columns in one pass over the
//! heaps, so the outcome and the winning move of a million heaps cost a few milliseconds.
//!
//! # The winning move: the column rule generalised
//!
//! [`winning_move`] goes down the columns from the highest, keeping a set of
//! *chosen* heaps, at most `k`, which it has already made smaller: below the column where a
//! chosen heap first lost a one, its bits are free. At each column, with `c` ones among the
//! heaps not chosen and `m` chosen heaps, it needs `(k + 1 − c mod (k + 1)) mod (k + 1)`
//! more ones to make the count divisible:
//!
//! - if that many chosen heaps exist, it gives a one to the first that many of them (in
//!   heap order) and a zero to the rest;
//! - otherwise `c mod (k + 1) + m ≤ k`, and it chooses the first `c mod (k + 1)` unchosen
//!   heaps with a one in this column, clears that one (those heaps become smaller here), and
//!   gives every chosen heap a zero.
//!
//! Every column ends divisible by `k + 1`, at most `k` heaps change, and each changed heap
//! lost a one at its highest changed bit, so it shrank: a legal move to a P-position. From a
//! P-position, a move changes at most `k` heaps, so the highest column it changes loses
//! between 1 and `k` ones and is no longer divisible: every move leads to an N-position.
//!
//! Only the outcome has a closed form; the Sprague–Grundy values for `k ≥ 2` are not known
//! in general, and [`MooreNim`] as a ruleset lets the [`Solver`](crate::Solver) compute them.
//!
//! ```
//! use impartial::moore;
//! use impartial::Outcome;
//!
//! // Take from one or two heaps: a column needs a multiple of three ones.
//! assert_eq!(moore::outcome(2, &[1u32, 2, 3]), Outcome::N);
//! assert_eq!(moore::outcome(2, &[3u32, 3, 3]), Outcome::P);
//! let best = moore::winning_move(2, &[1u32, 2, 3]).expect("an N-position");
//! // It takes from heaps 1 and 2, leaving 1, 1, 1.
//! assert_eq!(best.to_string(), "take 1 from heap 1 (2 → 1) and 2 from heap 2 (3 → 1)");
//! ```

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{HeapSize, IllegalMove, ImpartialGame, Nimber, Outcome};
use crate::games::nim::NimMove;
use crate::heap::Heaps;

/// A move of Moore's Nim<sub>k</sub>: what it takes from each heap it changes (at most
/// `k`, in heap order).
///
/// # Examples
///
/// ```
/// use impartial::moore::{self, MooreMove};
/// use impartial::nim::NimMove;
///
/// let best: MooreMove<u8> = moore::winning_move(2, &[1u8, 2, 3]).expect("N");
/// assert_eq!(best.takes, [NimMove { heap: 1, from: 2, to: 1, take: 1 }, NimMove { heap: 2, from: 3, to: 1, take: 2 }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MooreMove<T> {
    /// One take for each heap the move changes, in heap order.
    pub takes: Vec<NimMove<T>>,
}

impl<T: HeapSize> fmt::Display for MooreMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (place, take) in self.takes.iter().enumerate() {
            match place {
                0 => write!(f, "take ")?,
                _ if place + 1 == self.takes.len() => write!(f, " and ")?,
                _ => write!(f, ", ")?,
            }
            write!(
                f,
                "{} from heap {} ({} → {})",
                take.take, take.heap, take.from, take.to
            )?;
        }
        Ok(())
    }
}

/// Who wins from `heaps` when one move may take from up to `k` heaps: P exactly when every
/// binary column's count of ones is divisible by `k + 1`. One pass over the heaps. With
/// `k = 0` no move is possible: every position is P.
///
/// # Examples
///
/// ```
/// use impartial::{moore, Outcome};
///
/// assert_eq!(moore::outcome(2, &[5u8, 5, 5]), Outcome::P);
/// assert_eq!(moore::outcome::<u8>(2, &[]), Outcome::P);
/// assert_eq!(moore::outcome(2, &[5u8, 5]), Outcome::N);
/// assert_eq!(moore::outcome(3, &[7u64; 4]), Outcome::P);
/// // With k = 1 it is Nim.
/// assert_eq!(moore::outcome(1, &[1u8, 2, 3]), Outcome::P);
/// ```
#[must_use]
pub fn outcome<T: HeapSize>(k: usize, heaps: &[T]) -> Outcome {
    let modulus = k.saturating_add(1);
    let balanced = column_counts(heaps)
        .iter()
        .all(|&count| count % modulus == 0);
    if balanced { Outcome::P } else { Outcome::N }
}

/// A winning move from `heaps`, or `None` from a P-position: the one the column rule of the
/// [module docs](self) chooses, taking from at most `k` heaps. Time `O(n · b)` for `n`
/// heaps of `b` bits.
///
/// # Examples
///
/// ```
/// use impartial::{moore, Outcome};
///
/// let best = moore::winning_move(2, &[6u16, 5, 4, 1]).expect("N");
/// let mut heaps = vec![6u16, 5, 4, 1];
/// for step in &best.takes {
///     heaps[step.heap] = step.to;
/// }
/// assert!(best.takes.len() <= 2);
/// assert_eq!(moore::outcome(2, &heaps), Outcome::P);
/// assert_eq!(moore::winning_move(2, &[1u16, 1, 1]), None);
/// ```
#[must_use]
pub fn winning_move<T: HeapSize>(k: usize, heaps: &[T]) -> Option<MooreMove<T>> {
    let modulus = k.saturating_add(1);
    let bits = T::zero().count_zeros() as usize;
    // Ones per column among the heaps not chosen yet.
    let mut counts = column_counts(heaps);
    // The chosen heaps, in the order chosen, with the value each is being given.
    let mut chosen: Vec<(usize, T)> = Vec::new();
    let mut is_chosen = vec![false; heaps.len()];
    for bit in (0..bits).rev() {
        let ones = counts[bit] % modulus;
        let needed = (modulus - ones) % modulus;
        if needed <= chosen.len() {
            for (place, (_, value)) in chosen.iter_mut().enumerate() {
                if place < needed {
                    *value = *value | T::one() << bit;
                }
            }
            continue;
        }
        // ones + chosen.len() ≤ k: choose `ones` heaps with a one here and clear it.
        let mut found = 0;
        for (index, &heap) in heaps.iter().enumerate() {
            if found == ones {
                break;
            }
            if is_chosen[index] || (heap >> bit) & T::one() == T::zero() {
                continue;
            }
            is_chosen[index] = true;
            found += 1;
            for (column, count) in counts.iter_mut().enumerate() {
                *count -= usize::from((heap >> column) & T::one() == T::one());
            }
            // The bits above this one stay; this one and those below are set from here.
            let kept = if bit + 1 >= bits {
                T::zero()
            } else {
                (heap >> (bit + 1)) << (bit + 1)
            };
            chosen.push((index, kept));
        }
    }
    if chosen.is_empty() {
        return None;
    }
    chosen.sort_unstable_by_key(|&(index, _)| index);
    Some(MooreMove {
        takes: chosen
            .into_iter()
            .map(|(index, to)| NimMove::reduce(index, heaps[index], to))
            .collect(),
    })
}

/// Every winning move from `heaps`: [`winning_move`]'s first, then every other, found by
/// trying each way to lower from 1 to `k` heaps — one pass over the heaps each — so this
/// costs the options of the position: for a large position take the first.
///
/// # Examples
///
/// ```
/// use impartial::moore;
///
/// let mut moves: Vec<String> = moore::winning_moves(2, &[1u8, 1, 2, 3]).map(|made| made.to_string()).collect();
/// moves.sort();
/// assert_eq!(moves, [
///     "take 1 from heap 2 (2 → 1) and 3 from heap 3 (3 → 0)",
///     "take 2 from heap 2 (2 → 0) and 2 from heap 3 (3 → 1)",
/// ]);
/// assert_eq!(moore::winning_moves(2, &[3u8, 3, 3]).count(), 0);
/// ```
pub fn winning_moves<T: HeapSize>(
    k: usize,
    heaps: &[T],
) -> impl Iterator<Item = MooreMove<T>> + '_ {
    let first = winning_move(k, heaps);
    let live = first.is_some();
    let others = Lowerings::new(heaps, k)
        .filter(move |_| live)
        .filter(move |lowered| outcome(k, lowered) == Outcome::P)
        .map(move |lowered| MooreMove {
            takes: heaps
                .iter()
                .zip(&lowered)
                .enumerate()
                .filter(|(_, (from, to))| from != to)
                .map(|(index, (&from, &to))| NimMove::reduce(index, from, to))
                .collect(),
        });
    let again = first.clone();
    first
        .into_iter()
        .chain(others.filter(move |made| Some(made) != again.as_ref()))
}

/// Every way to lower between 1 and `k` of `sizes`, each by any positive amount, as the
/// sizes after it (in the same order): an odometer counting down from the position through
/// every smaller tuple (a position of heaps `h₁, …, hₙ` has up to `(h₁ + 1) ⋯ (hₙ + 1)`).
struct Lowerings<'a, T> {
    sizes: &'a [T],
    next: Vec<T>,
    k: usize,
    done: bool,
}

impl<'a, T: HeapSize> Lowerings<'a, T> {
    fn new(sizes: &'a [T], k: usize) -> Self {
        Lowerings {
            sizes,
            next: sizes.to_vec(),
            k,
            done: sizes.is_empty(),
        }
    }
}

impl<T: HeapSize> Iterator for Lowerings<'_, T> {
    type Item = Vec<T>;

    fn next(&mut self) -> Option<Vec<T>> {
        while !self.done {
            let mut place = 0;
            loop {
                if place == self.next.len() {
                    self.done = true;
                    return None;
                }
                if self.next[place] > T::zero() {
                    self.next[place] = self.next[place] - T::one();
                    break;
                }
                self.next[place] = self.sizes[place];
                place += 1;
            }
            let changed = self
                .next
                .iter()
                .zip(self.sizes)
                .filter(|(a, b)| a != b)
                .count();
            if (1..=self.k).contains(&changed) {
                return Some(self.next.clone());
            }
        }
        None
    }
}

/// Moore's Nim<sub>k</sub>: a move takes from 1 to `k` heaps. As a ruleset its positions are
/// [`Heaps`]; its closed form is [`outcome`] and [`winning_moves`] (the Sprague–Grundy values
/// for `k ≥ 2` have none: the [`Solver`](crate::Solver) computes them).
///
/// # Examples
///
/// ```
/// use impartial::moore::MooreNim;
/// use impartial::{ClosedForm, Heaps, Outcome, Solver};
///
/// let game = MooreNim::new(2);
/// let mut solver = Solver::new(game);
/// assert_eq!(solver.outcome([3, 3, 3])?, Outcome::P);
/// assert_eq!(game.outcome(&Heaps::from([3, 3, 3]))?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MooreNim {
    k: usize,
}

impl MooreNim {
    /// Nim<sub>k</sub>: one move takes from 1 to `k` heaps (with `k = 0`, no move at all).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::moore::MooreNim;
    ///
    /// assert_eq!(MooreNim::new(3).k(), 3);
    /// ```
    #[must_use]
    pub fn new(k: usize) -> Self {
        MooreNim { k }
    }

    /// How many heaps one move may take from.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::moore::MooreNim;
    ///
    /// assert_eq!(MooreNim::new(1).k(), 1);
    /// ```
    #[must_use]
    pub fn k(&self) -> usize {
        self.k
    }
}

/// How many heaps have a one in each binary column, lowest column first.
///
/// The counts of a block of 255 heaps are kept *bit-sliced*: eight words, word `i` holding
/// digit `i` of every column's count, so adding a heap is an eight-step ripple of carries —
/// sixteen word operations, no branch — whatever its bits. Each block's digits are then
/// added into the plain counts, a few operations per heap.
fn column_counts<T: HeapSize>(heaps: &[T]) -> Vec<usize> {
    /// Digits a block's counts need: a block holds at most 2⁸ − 1 heaps.
    const DIGITS: usize = 8;
    let bits = T::zero().count_zeros() as usize;
    let mut counts = vec![0usize; bits];
    for block in heaps.chunks((1 << DIGITS) - 1) {
        let mut digits = [T::zero(); DIGITS];
        for &heap in block {
            let mut carry = heap;
            for digit in &mut digits {
                let next = *digit & carry;
                *digit = *digit ^ carry;
                carry = next;
            }
        }
        for (place, &digit) in digits.iter().enumerate() {
            let mut rest = digit;
            while !rest.is_zero() {
                counts[rest.trailing_zeros() as usize] += 1 << place;
                rest = rest & (rest - T::one());
            }
        }
    }
    counts
}

impl ImpartialGame for MooreNim {
    type Position = Heaps;

    /// Every way to lower between 1 and `k` heaps, each by any positive amount: the plain
    /// enumeration, for the search on small positions.
    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        Lowerings::new(heaps.as_slice(), self.k).map(|lowered| Heaps::from(lowered.as_slice()))
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

/// Moore's closed form on [`Heaps`]: [`outcome`] and [`winning_moves`]; no value.
///
/// # Examples
///
/// ```
/// use impartial::moore::MooreNim;
/// use impartial::{ClosedForm, Heaps, Outcome};
///
/// let game = MooreNim::new(2);
/// let heaps = Heaps::from([1, 2, 3]);
/// let best = game.winning_move(&heaps)?.expect("N");
/// assert_eq!(game.leaves(&heaps, &best)?, Heaps::from([1, 1, 1]));
/// assert_eq!(game.outcome(&Heaps::from([1, 1, 1]))?, Outcome::P);
/// assert!(game.leaves(&Heaps::from([2]), &best).is_err()); // no heaps 1 and 2 there
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for MooreNim {
    type Move = MooreMove<u64>;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<Heaps>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        Ok(outcome(self.k, heaps))
    }

    fn grundy(&self, position: impl IntoPosition<Heaps>) -> Result<Option<Nimber>, Infallible> {
        let holder = position.into_holder();
        let _: &Heaps = holder.borrow();
        Ok(None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<impl Iterator<Item = MooreMove<u64>>, Infallible> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        // At most one move a heap: listed at once, so that the moves need not borrow the
        // position, which may be a temporary.
        Ok(winning_moves(self.k, heaps).collect::<Vec<_>>().into_iter())
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<Heaps>,
    ) -> Result<Option<MooreMove<u64>>, Infallible> {
        Ok(winning_move(self.k, position.into_holder().borrow()))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Heaps>,
        chosen: &MooreMove<u64>,
    ) -> Result<Heaps, IllegalMove<Heaps, MooreMove<u64>>> {
        let holder = position.into_holder();
        let heaps: &Heaps = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(heaps, chosen, reason);
        let count = chosen.takes.len();
        if count == 0 || count > self.k {
            return Err(refuse(format!(
                "a move changes 1 to {} heaps, not {count}",
                self.k
            )));
        }
        let mut sizes = heaps.to_vec();
        for (place, take) in chosen.takes.iter().enumerate() {
            take.check_from(heaps).map_err(&refuse)?;
            if place > 0 && take.heap <= chosen.takes[place - 1].heap {
                return Err(refuse(format!(
                    "heap {} is named after heap {}: the takes go in heap order, each heap once",
                    take.heap,
                    chosen.takes[place - 1].heap
                )));
            }
            sizes[take.heap] = take.to;
        }
        Ok(Heaps::from(sizes.as_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_odometer_lists_every_option_once() {
        let game = MooreNim::new(2);
        let options: Vec<Heaps> = game.moves(&Heaps::from([1, 2])).collect();
        // (0..=1) × (0..=2) minus the position itself: 5 options, every one at most 2 heaps.
        assert_eq!(options.len(), 5);
        let one = MooreNim::new(1);
        assert_eq!(one.moves(&Heaps::from([1, 2])).count(), 3);
        assert_eq!(one.moves(&Heaps::new()).count(), 0);
    }

    /// The plain count, column by column.
    fn plain_counts<T: HeapSize>(heaps: &[T]) -> Vec<usize> {
        let bits = T::zero().count_zeros() as usize;
        (0..bits)
            .map(|column| {
                heaps
                    .iter()
                    .filter(|&&heap| (heap >> column) & T::one() == T::one())
                    .count()
            })
            .collect()
    }

    #[test]
    fn bit_sliced_counts_equal_the_plain_count() {
        let mut next = crate::sequence::testing::random_words(0x853C_49E6_748F_EA9B);
        for count in [0usize, 1, 2, 3, 7, 255, 256, 1000, 70_000] {
            let wide: Vec<u128> = (0..count)
                .map(|_| u128::from(next()) << 64 | u128::from(next()))
                .collect();
            assert_eq!(
                column_counts(&wide),
                plain_counts(&wide),
                "{count} u128 heaps"
            );
            let narrow: Vec<u8> = (0..count).map(|_| next() as u8).collect();
            assert_eq!(
                column_counts(&narrow),
                plain_counts(&narrow),
                "{count} u8 heaps"
            );
            // Every bit set: each column counts every heap, the carries run the full height.
            let full = vec![u16::MAX; count];
            assert_eq!(column_counts(&full), vec![count; 16]);
        }
    }

    #[test]
    fn the_widest_heaps_count_their_top_column() {
        let heaps = [u128::MAX, u128::MAX, u128::MAX];
        assert_eq!(outcome(2, &heaps), Outcome::P);
        let best = winning_move(2, &[u128::MAX, 1 << 127]).unwrap();
        let mut after = [u128::MAX, 1 << 127];
        for step in &best.takes {
            after[step.heap] = step.to;
        }
        assert_eq!(outcome(2, &after), Outcome::P);
    }
}
