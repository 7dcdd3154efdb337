//! [`ArithmeticSequence`]: the values of a code whose sequence climbs, with its arithmetic
//! period, and the proofs of that period.

use super::code::TAKES_WHOLE;
use crate::game::Nimber;
use crate::sequence::{ApparentArithmeticPeriod, ArithmeticPeriod, apparent_arithmetic};

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
    pub(super) values: Vec<u32>,
    pub(super) period: Option<ArithmeticPeriod>,
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
pub(super) fn prove(values: &[u32], k: u64, tail: u8) -> Option<ArithmeticPeriod> {
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
pub(super) fn prove_window(values: &[u32], k: u64) -> Option<ArithmeticPeriod> {
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
