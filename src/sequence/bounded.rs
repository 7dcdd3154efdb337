//! Runs in bounded memory: past a prefix of heaps, a value of a sparse-space game depends on
//! the prefix (the smaller heaps of the splits the search reads first), the rare heaps (all
//! in the prefix, once no new one comes) and a window of recent values. Those are kept; the
//! rest is streamed out. A value whose options reach past what is kept — a new rare heap, or
//! a search deeper than the prefix — is never guessed: the run stops with an error.

use std::cell::Cell;
use std::ops::{ControlFlow, Range};

use super::direct::{HeapValues, Pairs, Reached, Rest, direct_value, split_rests, splits};
use super::run::{Tuning, compute_full};
use super::sparse::{BLOCK, Candidate, SparseSpace};
use super::values::{Value, Values, typed};
use super::{
    Method, Period, Progress, SequenceError, SequenceOptions, StreamState, Streamed, ValueStore,
};
use crate::games::take_and_break::HeapRules;

/// The values a bounded run keeps: heaps `0..prefix`, then heaps `base..computed`, in one
/// buffer. While `base == prefix` the two are one run of heaps and the buffer is indexed by
/// heap.
#[derive(Debug)]
pub(super) struct Kept {
    buffer: Vec<u32>,
    prefix: usize,
    base: usize,
    /// The window holds at least this many heaps once it has dropped any.
    window: usize,
    missed: Cell<bool>,
}

impl Kept {
    /// The heaps of `prefix`, then of `window` from `base`, keeping windows of at least
    /// `window_len` heaps; the room for the longest window is reserved now, or refused.
    pub(super) fn new(
        prefix: &Values,
        base: usize,
        window: &[u32],
        window_len: usize,
    ) -> Result<Self, SequenceError> {
        let prefix_len = prefix.len();
        let room = prefix_len.saturating_add(window_len.max(window.len()).saturating_mul(2));
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
        Ok(Kept {
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

impl HeapValues for Kept {
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

/// How many recent heaps a bounded run keeps besides the prefix: every split the search
/// reads pairs a prefix heap with a heap at most `prefix + reach` below the heap computed,
/// and the blocks of splits with rare heaps (all in the prefix) read [`BLOCK`] more.
pub(super) fn window_len(rules: &HeapRules, prefix: usize) -> usize {
    let reach = usize::try_from(rules.reach()).unwrap_or(usize::MAX);
    prefix.saturating_add(reach).saturating_add(2 * BLOCK)
}

/// G(0), …, G(n) in bounded memory: see [`HeapGame::values_streamed`](super::HeapGame::values_streamed).
// The two phases share the sink, the count of values handed out and the reports; apart,
// they would pass all of these back and forth.
#[allow(clippy::too_many_lines)]
pub(crate) fn compute_streamed(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    tuning: Tuning,
    state: StreamState,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    store: &mut dyn ValueStore,
) -> Result<Streamed, SequenceError> {
    if n > super::MAX_HEAP {
        return Err(SequenceError::TooLarge {
            n,
            max: super::MAX_HEAP,
        });
    }
    let prefix_len = usize::try_from(state.prefix_len).unwrap_or(usize::MAX);
    let target = n + 1;
    let len = usize::try_from(target).unwrap_or(usize::MAX);
    let StreamState {
        prefix: known,
        window_start,
        window,
        largest: known_largest,
        mask_flips: known_flips,
        ..
    } = state;
    // The known values are handed out again only if they are all there is: a resumed run
    // hands out the heaps after them.
    let window_start = usize::try_from(window_start).unwrap_or(usize::MAX);
    let window_len = window_len(rules, prefix_len);
    // A state a run could have left: the values from G(0) up to the prefix, then — only
    // after the whole prefix — a window right after it or as long as a run keeps.
    let consistent = if window.is_empty() {
        window_start == known.len() && known.len() <= prefix_len && known_flips == 0
    } else {
        known.len() == prefix_len
            && window_start >= prefix_len
            && (window_start == prefix_len || window.len() >= window_len)
    };
    if !consistent {
        return Err(SequenceError::InvalidState);
    }
    let resumed_at = window_start.saturating_add(window.len());
    let report_every = options.progress_every.max(1);
    // The full table up to the prefix, handing its values out at each report.
    let mut handed = resumed_at.max(known.len());
    let phase_end = len.min(prefix_len);
    let full = compute_full(
        rules,
        phase_end as u64 - 1,
        options,
        tuning,
        Values::from(known),
        &mut |report, values| {
            if handed < values.len() {
                store_from(store, values, handed);
                handed = values.len();
            }
            // The end of the full table is a report only if it is the end of the run.
            if report.computed.is_multiple_of(report_every) || report.computed == target {
                progress(&Progress { target, ..*report })
            } else {
                ControlFlow::Continue(())
            }
        },
    )?;
    let mut main = full.main;
    let done = full.values.len();
    if handed < done {
        store_from(store, &full.values, handed);
        handed = done;
    }
    if full.stopped || full.period.is_some() || done >= len {
        let largest = main.largest;
        return Ok(Streamed {
            computed: done as u64,
            period: full.period,
            method: full.method,
            rare_heaps: rare_heaps(main.space.as_ref()),
            state: StreamState {
                prefix_len: prefix_len as u64,
                prefix: numbers(&full.values)?,
                window_start: done as u64,
                window: Vec::new(),
                largest,
                mask_flips: 0,
            },
        });
    }
    // Past the prefix: a sparse space or no splits, or the values cannot be bounded.
    if main.space.is_none() && rules.splits() {
        return Err(SequenceError::Unbounded { heap: done as u64 });
    }
    let mut kept = Kept::new(&full.values, window_start.max(done), &window, window_len)?;
    drop(full.values);
    let mut largest = main
        .largest
        .max(known_largest)
        .max(window.iter().copied().max().unwrap_or(0));
    let mut reached = Reached::default();
    let mut space = main.space.take();
    // The bits decided past the prefix before the run stopped decide the same now.
    let mut mask_flips = known_flips;
    match &mut space {
        Some(space) => space.flip_mask(mask_flips),
        None if mask_flips != 0 => return Err(SequenceError::InvalidState),
        None => {}
    }
    let rare_before = space.as_ref().map_or(0, SparseSpace::rare_count);
    let mut heap = kept.computed();
    let mut report_at = (heap as u64 / report_every + 1).saturating_mul(report_every);
    let flush = |store: &mut dyn ValueStore, kept: &Kept, handed: &mut usize| {
        let computed = kept.computed();
        if *handed < computed {
            store.store(*handed as u64, kept.tail(*handed));
            *handed = computed;
        }
    };
    let (mut deep_small, mut deep_large) = (Vec::new(), Vec::new());
    while heap < len {
        let mut missed = false;
        let value = match &mut space {
            Some(space) => match space.candidate(rules, &kept, heap, largest, &mut reached) {
                Candidate::Exact(value) => value,
                Candidate::Common { value, hard_parity } => {
                    // Every split with a rare heap is kept: only the search may go deeper.
                    missed = kept.take_missed();
                    let found = space.confirm(rules, &kept, heap, &reached, value, hard_parity);
                    if !missed && kept.take_missed() {
                        flush(store, &kept, &mut handed);
                        let buffers = (&mut deep_small, &mut deep_large);
                        search_deeper(rules, space, &kept, store, heap, value, buffers)
                            .unwrap_or_else(|| {
                                missed = true;
                                found
                            })
                    } else {
                        found
                    }
                }
            },
            None => direct_value(rules, &kept, heap, largest, &mut reached),
        };
        missed |= kept.take_missed();
        let below = (largest + 1).next_power_of_two();
        let new_rare = space.as_mut().is_some_and(|space| {
            if value >= below {
                mask_flips ^= space.class_new_bit(heap, value, below);
            }
            space.record(heap, value);
            space.rare_count() > rare_before
        });
        if missed || new_rare {
            flush(store, &kept, &mut handed);
            return Err(SequenceError::BoundExceeded {
                heap: heap as u64,
                prefix: prefix_len as u64,
            });
        }
        largest = largest.max(value);
        kept.push(value, &mut |kept| flush(store, kept, &mut handed));
        heap += 1;
        if heap as u64 >= report_at || heap == len {
            flush(store, &kept, &mut handed);
            report_at = report_at.saturating_add(report_every);
            let report = Progress {
                computed: heap as u64,
                target,
                rare_heaps: space.as_ref().map(SparseSpace::rare_count),
                largest_value: largest,
            };
            if progress(&report).is_break() {
                break;
            }
        }
    }
    flush(store, &kept, &mut handed);
    let base = kept.base();
    let rare = rare_heaps(space.as_ref());
    let (prefix, window) = kept.into_parts();
    Ok(Streamed {
        computed: heap as u64,
        period: None::<Period>,
        method: if space.is_some() {
            Method::SparseSpace
        } else {
            full.method
        },
        rare_heaps: rare,
        state: StreamState {
            prefix_len: prefix_len as u64,
            prefix,
            window_start: base as u64,
            window,
            largest,
            mask_flips,
        },
    })
}

/// The most splits read back from the store at a time in a deep search; the first read is
/// [`FIRST_DEEP_CHUNK`], and each next one twice the last, since most searches end soon
/// past the prefix.
const DEEP_CHUNK: usize = 1 << 16;
const FIRST_DEEP_CHUNK: usize = 64;

/// G(heap) for a common heap whose search for the values below `candidate` went past the
/// kept splits: the splits with both heaps past the prefix, read from `store` (which holds
/// every value computed) a chunk at a time, until every missing value is found — then the
/// value is `candidate` — or the splits run out, and it is the least value still missing.
/// `None` if the store cannot give the values back.
fn search_deeper(
    rules: &HeapRules,
    space: &mut SparseSpace,
    kept: &Kept,
    store: &mut dyn ValueStore,
    heap: usize,
    candidate: u32,
    (small, large): (&mut Vec<u32>, &mut Vec<u32>),
) -> Option<u32> {
    for rest in split_rests(rules, heap) {
        // `splits` gives the pairs the kept values hold, from the least small heap on; the
        // search goes on from the first pair it did not give.
        let searched = splits(rules, kept, rest).len();
        let smallest = (rest + 1).saturating_sub(kept.computed()).max(1);
        let largest_small = if rules.unequal_split {
            rest.saturating_sub(1) / 2
        } else {
            rest / 2
        };
        let mut low = smallest + searched;
        let mut chunk = FIRST_DEEP_CHUNK;
        while low <= largest_small {
            let count = (largest_small + 1 - low).min(chunk);
            chunk = (chunk * 2).min(DEEP_CHUNK);
            small.resize(count.max(small.len()), 0);
            large.resize(count.max(large.len()), 0);
            // Small heaps low.., large heaps down from rest − low.
            let high = rest - low;
            if !read_kept(kept, store, low, &mut small[..count])
                || !read_kept(kept, store, high + 1 - count, &mut large[..count])
            {
                return None;
            }
            if space.confirm_further(candidate, &small[..count], &large[..count]) {
                return Some(candidate);
            }
            low += count;
        }
    }
    Some(space.least_missing(candidate))
}

/// The values of heaps `first..first + values.len()`, all computed: from what `kept` holds,
/// the rest from `store`.
fn read_kept(kept: &Kept, store: &mut dyn ValueStore, first: usize, values: &mut [u32]) -> bool {
    let mut at = 0;
    while at < values.len() {
        let heap = first + at;
        let run = kept.kept_up(heap).min(values.len() - at);
        if run > 0 {
            let start = kept.index(heap);
            values[at..at + run].copy_from_slice(&kept.buffer[start..start + run]);
            at += run;
        } else {
            // Dropped heaps end where the window starts.
            let end = (values.len() - at).min(kept.base() - heap);
            if !store.read(heap as u64, &mut values[at..at + end]) {
                return false;
            }
            at += end;
        }
    }
    true
}

/// The values as plain numbers, or an error if their room cannot be had.
fn numbers(values: &Values) -> Result<Vec<u32>, SequenceError> {
    let mut numbers = Vec::new();
    numbers
        .try_reserve_exact(values.len())
        .map_err(|_| SequenceError::OutOfMemory {
            bytes: (values.len() as u64).saturating_mul(4),
        })?;
    numbers.extend(values.iter());
    Ok(numbers)
}

/// Hands the values from heap `first` on to `store`, as plain numbers, a chunk at a time.
fn store_from(store: &mut dyn ValueStore, values: &Values, first: usize) {
    const CHUNK: usize = 1 << 12;
    let mut chunk = Vec::with_capacity(CHUNK);
    typed!(values.store(), values => {
        for (k, part) in values[first..].chunks(CHUNK).enumerate() {
            chunk.clear();
            chunk.extend(part.iter().map(|&value| value.number()));
            store.store((first + k * CHUNK) as u64, &chunk);
        }
    });
}

fn rare_heaps(space: Option<&SparseSpace>) -> Option<Vec<u64>> {
    space.map(|space| space.rare().iter().map(|&heap| heap as u64).collect())
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
            // Pushed one by one, as a run would, with every value handed out once.
            let mut kept = Kept::new(
                &Values::from(&all[..prefix_len]),
                prefix_len,
                &[],
                window_len,
            )
            .expect("a small window");
            let mut handed = prefix_len;
            for &value in &all[prefix_len..] {
                kept.push(value, &mut |kept: &Kept| {
                    let tail = kept.tail(handed);
                    assert_eq!(tail, &all[handed..handed + tail.len()]);
                    handed += tail.len();
                });
            }
            assert_eq!(kept.computed(), computed);
            let base = kept.base();
            assert!(base == prefix_len || computed - base >= window_len);
            assert!(computed - base < 2 * window_len || base == prefix_len);
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
                let start = (random() % (computed as u64 + 1)) as usize;
                // Runs of at most a block, as the rows read.
                let end =
                    start + (random() % (computed - start + 2).min(BLOCK + 1) as u64) as usize;
                let all_kept = (start..end).all(is_kept);
                let want = (end <= computed && all_kept).then(|| &all[start..end]);
                let mut buffer = [0; BLOCK];
                assert_eq!(kept.heaps(start..end, &mut buffer), want, "{start}..{end}");
                assert_eq!(kept.take_missed(), end <= computed && !all_kept);
                // Pairs (low + i, high − i) for a high heap computed.
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
    }
}
