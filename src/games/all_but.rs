//! All-but subtraction games: a move takes any number of counters from one heap *except* the
//! amounts of a finite set — and so, equally, a finite set of amounts plus every amount from
//! some size on.
//!
//! `all-but(1, 3)` lets a move take 2, 4, 5, 6, … counters; `all-but()` is Nim. Such games have
//! infinitely many moves, so the sequence engine's tables do not apply; their values are found
//! by a rule of their own in `O(|S|)` per heap, and their nim-sequences are *arithmetic-
//! periodic*: `G(n + p) = G(n) + s` from some heap on, with a saltus `s ≥ 1` (A. A. Siegel,
//! *Finite excluded subtraction sets and infinite geography*, M.Sc. thesis, Dalhousie, 2005).
//! [`AllButSequence::period`] proves it from the computed values (the argument is in its
//! docs) and then answers the value of any heap.
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
//! // Any heap, from the proof: against the values computed that far.
//! assert_eq!(values.get(10_000_000), Some(game.values_up_to(10_000)?.get(10_000_000).unwrap()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::GameError;
use crate::game::{ImpartialGame, Nimber};
use crate::heap::Heaps;
use crate::sequence::{ApparentArithmeticPeriod, SequenceError, apparent_arithmetic};
use super::subtraction::{SetError, parse_amounts};

/// The largest heap whose value [`AllButSubtraction::values_up_to`] computes: values are
/// held as `u32`, one per heap.
pub const MAX_HEAP: u64 = u32::MAX as u64 - 1;

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
/// assert_eq!(solver.outcome([1]), Outcome::P);
/// assert_eq!(solver.winning_move([5, 2]), Some([2, 3].into())); // G = 2 ^ 1 → 1 ^ 1
/// assert_eq!(game.values_up_to(7)?.values(), [0, 0, 1, 1, 2, 2, 3, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllButSubtraction {
    excluded: Vec<u64>,
}

impl AllButSubtraction {
    /// The game that takes any amount but those in `excluded` (which may be empty: Nim).
    ///
    /// # Errors
    ///
    /// [`GameError::ZeroInSubtractionSet`] if `excluded` holds 0, which no move takes anyway:
    /// a set written with it is a mistake.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::GameError;
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// assert_eq!(AllButSubtraction::new(&[3, 1, 3])?.excluded(), [1, 3]);
    /// assert_eq!(AllButSubtraction::new(&[0]), Err(GameError::ZeroInSubtractionSet));
    /// # Ok::<(), GameError>(())
    /// ```
    pub fn new(excluded: &[u64]) -> Result<Self, GameError> {
        if excluded.contains(&0) {
            return Err(GameError::ZeroInSubtractionSet);
        }
        let mut excluded = excluded.to_vec();
        excluded.sort_unstable();
        excluded.dedup();
        Ok(AllButSubtraction { excluded })
    }

    /// The game that takes the amounts of `amounts` and every amount from `tail` on: the
    /// all-but game of the amounts below `tail` not in `amounts`.
    ///
    /// # Errors
    ///
    /// [`GameError::ZeroInSubtractionSet`] for a 0 in `amounts` or a `tail` of 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// assert_eq!(AllButSubtraction::with_tail(&[2], 4)?.excluded(), [1, 3]);
    /// assert_eq!(AllButSubtraction::with_tail(&[], 1)?.excluded(), []); // Nim
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    pub fn with_tail(amounts: &[u64], tail: u64) -> Result<Self, GameError> {
        if tail == 0 || amounts.contains(&0) {
            return Err(GameError::ZeroInSubtractionSet);
        }
        let excluded: Vec<u64> = (1..tail)
            .filter(|amount| !amounts.contains(amount))
            .collect();
        Self::new(&excluded)
    }

    /// The amounts a move may not take, ascending.
    #[must_use]
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// Whether a move may take `amount` counters (from a heap that has them).
    #[must_use]
    pub fn allows(&self, amount: u64) -> bool {
        amount > 0 && self.excluded.binary_search(&amount).is_err()
    }

    /// G(0), …, G(`max_heap`), each in `O(|S|)` time, with the arithmetic period proved
    /// from them where they suffice ([`AllButSequence::period`]).
    ///
    /// # Errors
    ///
    /// [`SequenceError::TooLarge`] above [`MAX_HEAP`], [`SequenceError::OutOfMemory`] when
    /// the values do not fit.
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
    pub fn values_up_to(&self, max_heap: u64) -> Result<AllButSequence, SequenceError> {
        if max_heap > MAX_HEAP {
            return Err(SequenceError::TooLarge {
                n: max_heap,
                max: MAX_HEAP,
            });
        }
        let len = max_heap as usize + 1;
        let mut values: Vec<u32> = Vec::new();
        let mut counts: Vec<u32> = Vec::new();
        let bytes = (len as u64).saturating_mul(8);
        values
            .try_reserve_exact(len)
            .and_then(|()| counts.try_reserve_exact(len + 1))
            .map_err(|_| SequenceError::OutOfMemory { bytes })?;
        counts.resize(len + 1, 0);
        // The least value no heap so far has: it only grows, as counts do.
        let mut unseen = 0u32;
        let mut excluded_values: Vec<u32> = Vec::with_capacity(self.excluded.len());
        for n in 0..len {
            excluded_values.clear();
            excluded_values.extend(
                self.excluded
                    .iter()
                    .take_while(|&&amount| amount <= n as u64)
                    .map(|&amount| values[n - amount as usize]),
            );
            excluded_values.sort_unstable();
            // A value is missing from the options when every heap that has it is excluded.
            let mut value = unseen;
            for run in excluded_values.chunk_by(|a, b| a == b) {
                if run[0] < value && counts[run[0] as usize] as usize == run.len() {
                    value = run[0];
                }
            }
            values.push(value);
            counts[value as usize] += 1;
            while counts[unseen as usize] > 0 {
                unseen += 1;
            }
        }
        let period = prove(&values, self.excluded.last().copied().unwrap_or(0));
        Ok(AllButSequence { values, period })
    }
}

impl fmt::Display for AllButSubtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("all-but(")?;
        for (index, amount) in self.excluded.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{amount}")?;
        }
        f.write_str(")")
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
    /// # Ok::<(), impartial::subtraction::SetError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, SetError> {
        let trimmed = text.trim_start();
        let lower = trimmed.to_ascii_lowercase();
        let prefix = ["all-but", "all but"]
            .into_iter()
            .find(|prefix| lower.starts_with(prefix))
            .ok_or_else(|| SetError::InvalidAmount {
                position: text.len() - trimmed.len(),
                found: trimmed.chars().take_while(|c| !c.is_whitespace()).collect(),
            })?;
        let offset = text.chars().count() - trimmed.chars().count() + prefix.len();
        let amounts = parse_amounts(&trimmed[prefix.len()..], offset, &[("(", ')'), ("{", '}')])?;
        Self::new(&amounts).map_err(|_| SetError::Zero { position: offset })
    }
}

impl ImpartialGame for AllButSubtraction {
    type Position = Heaps;

    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        let mut distinct = heaps.to_vec();
        distinct.dedup();
        distinct.into_iter().flat_map(move |heap| {
            let index = heaps.partition_point(|&size| size < heap);
            (1..=heap)
                .filter(|&amount| self.allows(amount))
                .map(move |amount| heaps.replace(index, &[heap - amount]))
        })
    }

    fn allocated_bytes(&self, heaps: &Heaps) -> usize {
        heaps.allocated_bytes()
    }
}

/// `G(n + period) = G(n) + saltus` for every `n ≥ preperiod`: proved, not only seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ArithmeticPeriod {
    /// The least heap from which the values climb so (within the values computed).
    pub preperiod: u64,
    /// The shortest period seen.
    pub period: u64,
    /// What a value gains over one period (at least 1).
    pub saltus: u32,
    /// The last heap whose value the proof needed.
    pub proved_at: u64,
}

impl fmt::Display for ArithmeticPeriod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "period {} and saltus {} from n = {} (proved at G({}))",
            self.period, self.saltus, self.preperiod, self.proved_at
        )
    }
}

/// The values of an all-but subtraction game, with their arithmetic period where proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllButSequence {
    values: Vec<u32>,
    period: Option<ArithmeticPeriod>,
}

impl AllButSequence {
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
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// let values = AllButSubtraction::new(&[1])?.values_up_to(50)?; // G(n) = ⌊n/2⌋
    /// assert_eq!(values.get(u64::MAX), Some(Nimber(u128::from(u64::MAX / 2))));
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

    /// The arithmetic period, if the values computed prove it.
    ///
    /// The proof (ours; `S` the excluded set, `m` its largest amount, 0 if none): say
    /// `G(n + p) = G(n) + s` holds for `T ≤ n < N₀`. Let `C` be the largest of the values
    /// below `T + p` and of `s` plus the values below `T` (`s − 1` if `T = 0`), and suppose
    /// every value up to `C` is held by some heap `j` with `j + m < N₀`. Then it holds for
    /// every `n ≥ T`. By induction on `N ≥ N₀`, the relation holding on `[T, N)`: a value
    /// `v > C` is held below `N + p` exactly by the heaps `i + p`, `i` below `N` holding
    /// `v − s` (all of which lie in `[T, N)` as `v − s` exceeds every value below `T`), and
    /// `N + p − (i + p) = N − i`, so `v` is an option of `N + p` exactly when `v − s` is one
    /// of `N`. Every value up to `C` is an option of both, through a heap more than `m`
    /// below. So the mex of `N + p`'s options is `s` plus the least non-option of `N` above
    /// `C − s`, which is the least non-option of `N`: `G(N + p) = G(N) + s`.
    ///
    /// ```
    /// use impartial::all_but::AllButSubtraction;
    ///
    /// let values = AllButSubtraction::new(&[2, 3])?.values_up_to(1_000)?;
    /// let period = values.period().expect("proved");
    /// assert!(period.proved_at < 1_000);
    /// assert!(period.to_string().contains("proved"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn period(&self) -> Option<ArithmeticPeriod> {
        self.period
    }

    /// The arithmetic period the values show, proved or not (as
    /// [`GrundySequence::apparent_arithmetic_period`](crate::sequence::GrundySequence::apparent_arithmetic_period)).
    #[must_use]
    pub fn apparent_arithmetic_period(&self) -> Option<ApparentArithmeticPeriod> {
        apparent_arithmetic(self.values.len(), |n| self.values[n])
    }
}

/// The arithmetic period of `values` if they prove it (see [`AllButSequence::period`]),
/// `largest` the largest excluded amount.
fn prove(values: &[u32], largest: u64) -> Option<ArithmeticPeriod> {
    let seen = apparent_arithmetic(values.len(), |n| values[n])?;
    let (start, period) = (seen.preperiod as usize, seen.period as usize);
    let below = |end: usize| values[..end.min(values.len())].iter().copied().max();
    let ceiling = below(start + period)?.max(match below(start) {
        Some(largest_before) => largest_before + seen.saltus,
        None => seen.saltus - 1,
    });
    // The first heap holding each value up to the ceiling.
    let mut first = vec![None; ceiling as usize + 1];
    for (heap, &value) in values.iter().enumerate() {
        if let Some(slot @ None) = first.get_mut(value as usize) {
            *slot = Some(heap as u64);
        }
    }
    let last_first = first
        .into_iter()
        .try_fold(0, |last, heap| Some(heap?.max(last)))?;
    // The relation must hold on [start, needed) with every first heap + largest below it.
    let needed = (last_first + largest + 1).max(start as u64);
    let proved_at = needed + seen.period - 1;
    (proved_at <= seen.seen_to).then_some(ArithmeticPeriod {
        preperiod: seen.preperiod,
        period: seen.period,
        saltus: seen.saltus,
        proved_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ⌊n/2⌋ for n < len, the values of all-but(1).
    fn halves(len: u32) -> Vec<u32> {
        (0..len).map(|n| n / 2).collect()
    }

    #[test]
    fn the_proof_waits_for_every_small_value_far_below() {
        // Each value v ≤ C must sit more than the largest excluded amount below N₀.
        let values = halves(200);
        assert!(prove(&values, 1).is_some());
        // C = 0, first held at heap 0: N₀ = 251 with an amount of 250, past the values.
        assert_eq!(prove(&values, 250), None);
        assert_eq!(
            prove(&halves(400), 250).map(|period| period.proved_at),
            Some(252)
        );
    }

    #[test]
    fn the_ceiling_counts_the_values_before_the_period() {
        // G(0) = 50, then ⌊(n − 1)/2⌋: the relation from T = 1, and C = 50 + 1 = 51, first
        // held at heap 103 — so the proof needs G(105), not G(101).
        let mut values = vec![50];
        values.extend((1..104).map(|n| (n - 1) / 2));
        assert_eq!(prove(&values, 0), None);
        values.extend((104..106).map(|n| (n - 1) / 2));
        let period = prove(&values, 0).expect("proved with G(105)");
        assert_eq!(
            (period.preperiod, period.period, period.proved_at),
            (1, 2, 105)
        );
    }

    #[test]
    fn nim_and_halves() {
        let nim = AllButSubtraction::new(&[])
            .unwrap()
            .values_up_to(70_000)
            .unwrap();
        assert!(
            nim.values()
                .iter()
                .enumerate()
                .all(|(n, &value)| value as usize == n)
        );
        let halves = AllButSubtraction::new(&[1])
            .unwrap()
            .values_up_to(1000)
            .unwrap();
        assert!(
            halves
                .values()
                .iter()
                .enumerate()
                .all(|(n, &value)| value as usize == n / 2)
        );
    }
}
