//! The counting engine: a code's values by counting the values held below each heap (tails
//! of 2 and 3), by a window of the last values (a tail of 1), or by listing options (codes
//! that split), on prefixes that grow until a period is proved.

use std::ops::ControlFlow;

use super::arithmetic_sequence::{ArithmeticSequence, prove, prove_window};
use super::code::{LEAVES_ONE, RepeatingCode, TAKES_WHOLE};
use super::split;
use crate::sequence::{ArithmeticPeriod, Progress, SequenceError};

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

impl RepeatingCode {
    /// G(0), …, G(`max_heap`), each in `O(b log b)` for the `b` barred amounts (see the
    /// [module docs](crate::repeating)), with the arithmetic period proved from them
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
    /// [module docs](crate::repeating)).
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
}
