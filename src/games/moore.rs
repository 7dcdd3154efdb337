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
//! [`MooreNim::winning_move`] goes down the columns from the highest, keeping a set of
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
//! use impartial::moore::MooreNim;
//! use impartial::Outcome;
//!
//! // Take from one or two heaps: a column needs a multiple of three ones.
//! let game = MooreNim::new(2)?;
//! assert_eq!(game.outcome(&[1u32, 2, 3]), Outcome::N);
//! assert_eq!(game.outcome(&[3u32, 3, 3]), Outcome::P);
//! let best = game.winning_move(&[1u32, 2, 3]).expect("an N-position");
//! // It takes from heaps 1 and 2, leaving 1, 1, 1.
//! assert_eq!(best.iter().map(|step| (step.heap, step.to)).collect::<Vec<_>>(), [(1, 1), (2, 1)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::GameError;
use crate::game::{HeapSize, ImpartialGame, Outcome};
use crate::games::nim::NimMove;
use crate::heap::Heaps;

/// Moore's Nim<sub>k</sub>: a move takes from 1 to `k` heaps. As a ruleset its positions are
/// [`Heaps`]; its closed form is in [`is_p_position`](Self::is_p_position) and
/// [`winning_move`](Self::winning_move).
///
/// # Examples
///
/// ```
/// use impartial::moore::MooreNim;
/// use impartial::{Outcome, Solver};
///
/// let game = MooreNim::new(2)?;
/// let mut solver = Solver::new(game);
/// assert_eq!(solver.outcome([3, 3, 3])?, game.outcome(&[3u64, 3, 3]));
/// assert_eq!(solver.outcome([3, 3, 3])?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MooreNim {
    k: usize,
}

impl MooreNim {
    /// Nim<sub>k</sub> for `k ≥ 1`: one move takes from up to `k` heaps.
    ///
    /// # Errors
    ///
    /// [`GameError::ZeroMultiplier`] for `k = 0`, a game without moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::moore::MooreNim;
    /// use impartial::GameError;
    ///
    /// assert_eq!(MooreNim::new(3)?.k(), 3);
    /// assert_eq!(MooreNim::new(0), Err(GameError::ZeroMultiplier(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(k: usize) -> Result<Self, GameError> {
        if k == 0 {
            return Err(GameError::ZeroMultiplier(0));
        }
        Ok(MooreNim { k })
    }

    /// How many heaps one move may take from.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::moore::MooreNim;
    ///
    /// assert_eq!(MooreNim::new(1)?.k(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn k(&self) -> usize {
        self.k
    }

    /// Whether the player to move from `heaps` loses: every binary column's count of ones
    /// is divisible by `k + 1`. One pass over the heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::moore::MooreNim;
    ///
    /// let game = MooreNim::new(2)?;
    /// assert!(game.is_p_position(&[5u8, 5, 5]));
    /// assert!(game.is_p_position::<u8>(&[]));
    /// assert!(!game.is_p_position(&[5u8, 5]));
    /// // With k = 1 it is Nim.
    /// assert!(MooreNim::new(1)?.is_p_position(&[1u8, 2, 3]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_p_position<T: HeapSize>(&self, heaps: &[T]) -> bool {
        let modulus = self.modulus();
        column_counts(heaps)
            .iter()
            .all(|&count| count % modulus == 0)
    }

    /// Who wins from `heaps`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::moore::MooreNim;
    /// use impartial::Outcome;
    ///
    /// let game = MooreNim::new(3)?;
    /// assert_eq!(game.outcome(&[7u64; 4]), Outcome::P);
    /// assert_eq!(game.outcome(&[7u64; 3]), Outcome::N);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome<T: HeapSize>(&self, heaps: &[T]) -> Outcome {
        if self.is_p_position(heaps) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// A winning move from `heaps`, as one [`NimMove`] per heap it takes from (at most `k`,
    /// in heap order), or `None` from a P-position. The move is the one the column rule of
    /// the [module docs](self) chooses. Time `O(n · b)` for `n` heaps of `b` bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::moore::MooreNim;
    ///
    /// let game = MooreNim::new(2)?;
    /// let best = game.winning_move(&[6u16, 5, 4, 1]).expect("N");
    /// let mut heaps = vec![6u16, 5, 4, 1];
    /// for step in &best {
    ///     heaps[step.heap] = step.to;
    /// }
    /// assert!(best.len() <= 2);
    /// assert!(game.is_p_position(&heaps));
    /// assert_eq!(game.winning_move(&[1u16, 1, 1]), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn winning_move<T: HeapSize>(&self, heaps: &[T]) -> Option<Vec<NimMove<T>>> {
        let modulus = self.modulus();
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
        Some(
            chosen
                .into_iter()
                .map(|(index, to)| NimMove::reduce(index, heaps[index], to))
                .collect(),
        )
    }

    fn modulus(self) -> usize {
        self.k.saturating_add(1)
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
    /// enumeration, for the search on small positions (a position of heaps `h₁, …, hₙ`
    /// has up to `(h₁ + 1) ⋯ (hₙ + 1)` options).
    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        let sizes: Vec<u64> = heaps.to_vec();
        let mut next: Vec<u64> = sizes.clone();
        let k = self.k;
        let mut done = sizes.is_empty();
        std::iter::from_fn(move || {
            while !done {
                // Count the odometer down from the position itself through every smaller
                // tuple; report the tuples that change 1 to k heaps.
                let mut place = 0;
                loop {
                    if place == next.len() {
                        done = true;
                        break;
                    }
                    if next[place] > 0 {
                        next[place] -= 1;
                        break;
                    }
                    next[place] = sizes[place];
                    place += 1;
                }
                if done {
                    break;
                }
                let changed = next.iter().zip(&sizes).filter(|(a, b)| a != b).count();
                if (1..=k).contains(&changed) {
                    return Some(Heaps::from(next.as_slice()));
                }
            }
            None
        })
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_odometer_lists_every_option_once() {
        let game = MooreNim::new(2).unwrap();
        let options: Vec<Heaps> = game.moves(&Heaps::from([1, 2])).collect();
        // (0..=1) × (0..=2) minus the position itself: 5 options, every one at most 2 heaps.
        assert_eq!(options.len(), 5);
        let one = MooreNim::new(1).unwrap();
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
        let game = MooreNim::new(2).unwrap();
        let heaps = [u128::MAX, u128::MAX, u128::MAX];
        assert!(game.is_p_position(&heaps));
        let best = game.winning_move(&[u128::MAX, 1 << 127]).unwrap();
        let mut after = [u128::MAX, 1 << 127];
        for step in &best {
            after[step.heap] = step.to;
        }
        assert!(game.is_p_position(&after));
    }
}
