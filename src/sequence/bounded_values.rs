//! The values a bounded run keeps: its prefix and a window of recent values, in one buffer,
//! read by the engine through [`HeapValues`] — a value asked for and not kept is *missed*,
//! never guessed.

use std::cell::Cell;
use std::ops::Range;

use super::direct::{BLOCK, HeapValues, Pairs, Rest};
use super::error::SequenceError;
use super::values::Values;
use crate::heap::HeapRules;

/// The values a bounded run keeps: heaps `0..prefix`, then heaps `base..computed`, in one
/// buffer. While `base == prefix` the two are one run of heaps and the buffer is indexed by
/// heap.
#[derive(Debug)]
pub(super) struct BoundedValues {
    buffer: Vec<u32>,
    prefix: usize,
    base: usize,
    /// The window holds at least this many heaps once it has dropped any.
    window: usize,
    missed: Cell<bool>,
}

impl BoundedValues {
    /// The heaps of `prefix`, then of `window` from `base`, keeping windows of at least
    /// `window_len` heaps, for a run of `len` heaps; the room for the longest window — or
    /// for every heap of the run, if fewer — is reserved now, or refused.
    pub(super) fn new(
        prefix: &Values,
        base: usize,
        window: &[u32],
        window_len: usize,
        len: usize,
    ) -> Result<Self, SequenceError> {
        let prefix_len = prefix.len();
        // Past the prefix the buffer holds the window and the heaps computed since, at most
        // `len − base` in all, and is cut back once it holds twice `window_len` (or, from a
        // longer window, at the first push).
        let longest = window_len
            .saturating_mul(2)
            .max(window.len().saturating_add(1))
            .min(len.saturating_sub(base).max(window.len()));
        let room = prefix_len.saturating_add(longest);
        // The prefix as numbers, with the window's room reserved with it: one allocation,
        // and an error rather than an abort if it cannot be had.
        let mut buffer = Vec::new();
        buffer
            .try_reserve_exact(room)
            .map_err(|_| SequenceError::OutOfMemory {
                bytes: (room as u64).saturating_mul(4),
            })?;
        buffer.extend(prefix.iter());
        buffer.extend_from_slice(window);
        Ok(BoundedValues {
            buffer,
            prefix: prefix_len,
            base,
            window: window_len,
            missed: Cell::new(false),
        })
    }

    fn index(&self, heap: usize) -> usize {
        if heap < self.prefix {
            heap
        } else {
            self.prefix + heap - self.base
        }
    }

    fn contiguous(&self) -> bool {
        self.base == self.prefix
    }

    /// How many kept heaps follow one another in the buffer from `heap` up (`heap` included).
    fn kept_up(&self, heap: usize) -> usize {
        let computed = self.computed();
        if heap < self.prefix {
            if self.contiguous() {
                computed - heap
            } else {
                self.prefix - heap
            }
        } else if heap >= self.base && heap < computed {
            computed - heap
        } else {
            0
        }
    }

    /// How many kept heaps precede one another in the buffer from `heap` down (`heap`
    /// included), for a computed `heap`.
    fn kept_down(&self, heap: usize) -> usize {
        if heap >= self.base {
            if self.contiguous() {
                heap + 1
            } else {
                heap - self.base + 1
            }
        } else if heap < self.prefix {
            heap + 1
        } else {
            0
        }
    }

    /// Copies the values of heaps `heap..` into `values`, as many as are kept one after
    /// another (at most `values.len()`); how many.
    pub(super) fn copy_run(&self, heap: usize, values: &mut [u32]) -> usize {
        let run = self.kept_up(heap).min(values.len());
        if run > 0 {
            let start = self.index(heap);
            values[..run].copy_from_slice(&self.buffer[start..start + run]);
        }
        run
    }

    /// Whether a value was missed since the last call, and forgets it.
    pub(super) fn take_missed(&self) -> bool {
        self.missed.replace(false)
    }

    /// Appends the next heap's value; drops the oldest half of the window once it holds
    /// twice what it keeps, after handing the values not yet handed out to `flush`.
    pub(super) fn push(&mut self, value: u32, flush: &mut impl FnMut(&Self)) {
        self.buffer.push(value);
        let held = self.buffer.len() - self.prefix;
        if held >= 2 * self.window {
            flush(self);
            let dropped = held - self.window;
            self.buffer.drain(self.prefix..self.prefix + dropped);
            self.base += dropped;
        }
    }

    /// The values of the computed heaps from `from` on, every one of them kept.
    pub(super) fn tail(&self, from: usize) -> &[u32] {
        &self.buffer[self.index(from)..]
    }

    /// The first heap of the window.
    pub(super) fn base(&self) -> usize {
        self.base
    }

    /// The values of the prefix and of the window, the prefix's without a copy.
    pub(super) fn into_parts(mut self) -> (Vec<u32>, Vec<u32>) {
        let window = self.buffer.split_off(self.prefix);
        (self.buffer, window)
    }
}

impl HeapValues for BoundedValues {
    type Value = u32;

    fn computed(&self) -> usize {
        self.base + self.buffer.len() - self.prefix
    }

    fn value_of(&self, heap: usize) -> Option<u32> {
        if heap >= self.computed() {
            return None;
        }
        if heap < self.prefix || heap >= self.base {
            Some(self.buffer[self.index(heap)])
        } else {
            self.note_missed();
            None
        }
    }

    fn heaps<'s>(&'s self, heaps: Range<usize>, _: &'s mut [u32; BLOCK]) -> Option<&'s [u32]> {
        if heaps.end > self.computed() || heaps.start > heaps.end {
            return None;
        }
        if heaps.is_empty() {
            return Some(&[]);
        }
        if self.kept_up(heaps.start) >= heaps.len() {
            let start = self.index(heaps.start);
            Some(&self.buffer[start..start + heaps.len()])
        } else {
            self.note_missed();
            None
        }
    }

    fn pairs(&self, low: usize, high: usize, count: usize) -> Pairs<'_, u32> {
        let kept = count.min(self.kept_up(low)).min(self.kept_down(high));
        let rest = if kept == count {
            Rest::Nothing
        } else {
            Rest::Missed
        };
        if kept == 0 {
            return Pairs {
                small: &[],
                large: &[],
                rest,
            };
        }
        let (low, high) = (self.index(low), self.index(high));
        Pairs {
            small: &self.buffer[low..low + kept],
            large: &self.buffer[high + 1 - kept..=high],
            rest,
        }
    }

    fn note_missed(&self) {
        self.missed.set(true);
    }
}

/// How many recent heaps a bounded run of `len` heaps keeps besides the prefix: every split
/// the search reads pairs a prefix heap with a heap at most `prefix + reach` below the heap
/// computed, and the blocks of splits with rare heaps (all in the prefix) read [`BLOCK`]
/// more — but never more heaps than the run has (a move larger than the largest heap is
/// never made).
pub(super) fn window_len(rules: &HeapRules, prefix: usize, len: usize) -> usize {
    let reach = usize::try_from(rules.reach()).unwrap_or(usize::MAX);
    prefix
        .saturating_add(reach)
        .saturating_add(2 * BLOCK)
        .min(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::testing::random_words;

    /// The store against its definition: heaps below the prefix and from the window's start
    /// are kept, the rest are missed; runs and pairs stop at the first heap not kept.
    #[test]
    fn the_store_keeps_the_prefix_and_the_window_by_definition() {
        let mut random = random_words(17);
        for _ in 0..400 {
            let prefix_len = (random() % 40) as usize + 1;
            let window_len = (random() % 40) as usize + 1;
            let computed = prefix_len + (random() % 200) as usize;
            let all: Vec<u32> = (0..computed).map(|_| (random() % 1000) as u32).collect();
            // Resumed, now and then, from a window after the prefix — right after it, or
            // after dropped heaps, as long as a run keeps or longer.
            let (start, resumed) = if random().is_multiple_of(3) && computed > prefix_len {
                let start = prefix_len + (random() % (computed - prefix_len) as u64) as usize;
                let end = start + (random() % (computed - start + 1) as u64) as usize;
                (start, &all[start..end])
            } else {
                (prefix_len, &all[..0])
            };
            // Pushed one by one, as a run would, with every value handed out once.
            let mut kept = BoundedValues::new(
                &Values::from(&all[..prefix_len]),
                start,
                resumed,
                window_len,
                // The run's length, or more: the room reserved holds it either way.
                if random().is_multiple_of(2) {
                    computed
                } else {
                    usize::MAX
                },
            )
            .expect("a small window");
            let room = kept.buffer.capacity();
            let mut handed = start + resumed.len();
            for &value in &all[start + resumed.len()..] {
                kept.push(value, &mut |kept: &BoundedValues| {
                    let tail = kept.tail(handed);
                    assert_eq!(tail, &all[handed..handed + tail.len()]);
                    handed += tail.len();
                });
            }
            assert_eq!(kept.computed(), computed);
            assert_eq!(
                kept.buffer.capacity(),
                room,
                "the buffer grew past its room"
            );
            let base = kept.base();
            let dropped = base != start;
            assert!(!dropped || computed - base >= window_len);
            assert!(computed - base < 2 * window_len || !dropped);
            let is_kept = |heap: usize| heap < prefix_len || (heap >= base && heap < computed);
            for heap in 0..computed + 2 {
                let want = if is_kept(heap) {
                    all.get(heap).copied()
                } else {
                    None
                };
                assert_eq!(kept.value_of(heap), want, "heap {heap}");
                assert_eq!(kept.take_missed(), heap < computed && !is_kept(heap));
            }
            for _ in 0..50 {
                check_runs_and_pairs(&kept, &all, &is_kept, &mut random);
            }
        }
    }

    /// A random run of heaps and random pairs of heaps from `kept` against `all`: the run as
    /// the rows read it (at most a block), the pairs `(low + i, high − i)` for a high heap
    /// computed, each up to the first heap not kept.
    fn check_runs_and_pairs(
        kept: &BoundedValues,
        all: &[u32],
        is_kept: &dyn Fn(usize) -> bool,
        random: &mut impl FnMut() -> u64,
    ) {
        let computed = all.len();
        let start = (random() % (computed as u64 + 1)) as usize;
        let end = start + (random() % (computed - start + 2).min(BLOCK + 1) as u64) as usize;
        let all_kept = (start..end).all(is_kept);
        let want = (end <= computed && all_kept).then(|| &all[start..end]);
        let mut buffer = [0; BLOCK];
        assert_eq!(kept.heaps(start..end, &mut buffer), want, "{start}..{end}");
        assert_eq!(kept.take_missed(), end <= computed && !all_kept);
        let low = (random() % computed as u64) as usize;
        let high = low + (random() % (computed - low) as u64) as usize;
        let count = (random() % ((high - low) / 2 + 2) as u64) as usize;
        let count = count.min(high + 1 - low);
        let both = (0..count)
            .take_while(|&i| is_kept(low + i) && is_kept(high - i))
            .count();
        let pairs = kept.pairs(low, high, count);
        assert_eq!(pairs.small, &all[low..low + both]);
        assert_eq!(pairs.large, &all[high + 1 - both..=high]);
        let rest = if both == count {
            Rest::Nothing
        } else {
            Rest::Missed
        };
        assert_eq!(pairs.rest, rest);
        assert!(!kept.take_missed());
    }
}
