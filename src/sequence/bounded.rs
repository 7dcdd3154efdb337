//! Runs in bounded memory: past a prefix of heaps, a value of a sparse-space game depends on
//! the prefix (the smaller heaps of the splits the search reads first), the rare heaps (all
//! in the prefix, once no new one comes) and a window of recent values. Those are kept; the
//! rest is streamed out. A value whose options reach past what is kept — a new rare heap, or
//! a search deeper than the prefix — is never guessed: the run stops with an error.

use std::ops::ControlFlow;

use super::bounded_values::{BoundedValues, window_len};
use super::direct::{HeapValues, Reached, direct_value, small_heaps, split_rests, splits};
use super::error::{MAX_STREAMED_HEAP, SequenceError, checked_len};
use super::options::{Method, Progress, SequenceOptions};
use super::period::Period;
use super::run::{FullRun, Start, Tuning, compute_full};
use super::sparse::{Candidate, SparseSpace};
use super::stream::{StreamState, Streamed, ValueStore};
use super::values::{Value, Values, typed};
use crate::heap::HeapRules;

/// G(0), …, G(n) in bounded memory: see [`HeapGame::values_streamed`](super::HeapGame::values_streamed).
pub(crate) fn compute_streamed(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    tuning: Tuning,
    state: StreamState,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    store: &mut dyn ValueStore,
) -> Result<Streamed, SequenceError> {
    let len = checked_len(n, MAX_STREAMED_HEAP)?;
    let prefix_len = usize::try_from(state.prefix_len).unwrap_or(usize::MAX);
    let resumed_at = check_state(rules, &state, prefix_len)?;
    if resumed_at > len {
        return Err(SequenceError::StatePastEnd {
            next_heap: resumed_at as u64,
            max_heap: n,
        });
    }
    let mut outlet = Outlet {
        store,
        progress,
        handed: resumed_at,
        target: n + 1,
        report_every: options.progress_every.max(1),
    };
    let StreamState {
        prefix: known,
        window_start,
        window,
        largest: known_largest,
        mask_flips,
        ..
    } = state;
    let full = compute_prefix(
        rules,
        len.min(prefix_len),
        options,
        tuning,
        known,
        &mut outlet,
    )?;
    let resumed = Resumed {
        at: resumed_at,
        window_start,
        window,
        largest: known_largest,
        mask_flips,
    };
    let done = full.values.len();
    if full.stopped || full.period.is_some() || done >= len {
        return ended_in_prefix(&full, prefix_len, resumed);
    }
    // Past the prefix: a sparse space or no splits, or the values cannot be bounded.
    if full.main.space.is_none() && rules.splits() {
        return Err(SequenceError::Unbounded { heap: done as u64 });
    }
    stream_past_prefix(rules, len, prefix_len, full, &resumed, &mut outlet)
}

/// What a bounded run resumed from: where, and the state's window and decisions.
struct Resumed {
    at: usize,
    window_start: u64,
    window: Vec<u32>,
    largest: u32,
    mask_flips: u32,
}

/// A bounded run that ended in its prefix — stopped, with a period proven, or at its last
/// heap. The values handed out before, if it resumed past them, are still the run's, and so
/// is its window.
fn ended_in_prefix(
    full: &FullRun,
    prefix_len: usize,
    resumed: Resumed,
) -> Result<Streamed, SequenceError> {
    let done = full.values.len();
    let past = !resumed.window.is_empty();
    let largest = full.main.largest.max(resumed.largest);
    Ok(Streamed {
        computed: done.max(resumed.at) as u64,
        period: full.period,
        method: full.method,
        rare_heaps: rare_heaps(full.main.space.as_ref()),
        state: StreamState {
            prefix_len: prefix_len as u64,
            prefix: numbers(&full.values)?,
            window_start: if past {
                resumed.window_start
            } else {
                done as u64
            },
            window: resumed.window,
            largest: if past { resumed.largest } else { largest },
            mask_flips: if past { resumed.mask_flips } else { 0 },
        },
    })
}

/// The heaps past the prefix, from the full table of the prefix and the state resumed.
fn stream_past_prefix(
    rules: &HeapRules,
    len: usize,
    prefix_len: usize,
    full: FullRun,
    resumed: &Resumed,
    outlet: &mut Outlet,
) -> Result<Streamed, SequenceError> {
    let FullRun {
        values: prefix_values,
        main,
        method,
        ..
    } = full;
    let done = prefix_values.len();
    let window_start = usize::try_from(resumed.window_start).unwrap_or(usize::MAX);
    let kept = BoundedValues::new(
        &prefix_values,
        window_start.max(done),
        &resumed.window,
        window_len(rules, prefix_len, len),
        len,
    )?;
    drop(prefix_values);
    let largest = main
        .largest
        .max(resumed.largest)
        .max(resumed.window.iter().copied().max().unwrap_or(0));
    let mut past = PastPrefix::new(kept, main.space, largest, resumed.mask_flips)?;
    let heap = past.run(rules, len, prefix_len, outlet)?;
    let PastPrefix {
        kept,
        space,
        largest,
        mask_flips,
        ..
    } = past;
    let base = kept.base();
    let rare = rare_heaps(space.as_ref());
    let (prefix, window) = kept.into_parts();
    Ok(Streamed {
        computed: heap as u64,
        period: None::<Period>,
        method: if space.is_some() {
            Method::SparseSpace
        } else {
            method
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

/// The next heap of a run from `state`, if a run could have left it: the values from G(0)
/// up to the prefix, then — only after the whole prefix — a window right after it or as
/// long as a run keeps.
fn check_state(
    rules: &HeapRules,
    state: &StreamState,
    prefix_len: usize,
) -> Result<usize, SequenceError> {
    let known = state.prefix.len();
    let window_start = usize::try_from(state.window_start).unwrap_or(usize::MAX);
    let consistent = if state.window.is_empty() {
        window_start == known && known <= prefix_len && state.mask_flips == 0
    } else {
        // A run drops values only from a window longer than it keeps, whatever its n.
        known == prefix_len
            && window_start >= prefix_len
            && (window_start == prefix_len
                || state.window.len() >= window_len(rules, prefix_len, usize::MAX))
    };
    if let Some(&found) = state.prefix.first()
        && found != 0
    {
        return Err(SequenceError::NotFromZero { found });
    }
    match window_start.checked_add(state.window.len()) {
        Some(next) if consistent => Ok(next),
        _ => Err(SequenceError::InvalidState),
    }
}

/// Where a bounded run hands its values and reports its progress.
struct Outlet<'a> {
    store: &'a mut dyn ValueStore,
    progress: &'a mut dyn FnMut(&Progress) -> ControlFlow<()>,
    /// Values handed to the store: G(0) to G(`handed` − 1), by this run or the one it
    /// resumes.
    handed: usize,
    target: u64,
    report_every: u64,
}

impl Outlet<'_> {
    /// Hands the kept values not handed out yet to the store.
    fn flush(&mut self, kept: &BoundedValues) {
        let computed = kept.computed();
        if self.handed < computed {
            self.store.store(self.handed as u64, kept.tail(self.handed));
            self.handed = computed;
        }
    }
}

/// The full table up to heap `end − 1` (the prefix, or less), from the `known` values of
/// the run resumed; each report past the heaps handed out before hands the new values out
/// first.
fn compute_prefix(
    rules: &HeapRules,
    end: usize,
    options: &SequenceOptions,
    tuning: Tuning,
    known: Vec<u32>,
    outlet: &mut Outlet,
) -> Result<FullRun, SequenceError> {
    let full = compute_full(
        rules,
        end as u64 - 1,
        options,
        tuning,
        Start::Resumed(Values::from(known)),
        &mut |report, values| {
            // A resumed run reports only heaps it computes: stopped at a report it has
            // passed, it would go back.
            if report.computed <= outlet.handed as u64 {
                return ControlFlow::Continue(());
            }
            store_from(outlet.store, values, outlet.handed);
            outlet.handed = values.len();
            // The end of the full table is a report only if it is the end of the run.
            if report.computed.is_multiple_of(outlet.report_every)
                || report.computed == outlet.target
            {
                (outlet.progress)(&Progress {
                    target: outlet.target,
                    ..*report
                })
            } else {
                ControlFlow::Continue(())
            }
        },
    )?;
    if outlet.handed < full.values.len() {
        store_from(outlet.store, &full.values, outlet.handed);
        outlet.handed = full.values.len();
    }
    Ok(full)
}

/// A bounded run past its prefix: the values kept, the sparse space, and what the heaps so
/// far decided.
struct PastPrefix {
    kept: BoundedValues,
    space: Option<SparseSpace>,
    largest: u32,
    /// The mask bits decided past the prefix.
    mask_flips: u32,
    reached: Reached,
    /// Rare heaps when the run went past the prefix: one more is a heap the run cannot
    /// compute.
    rare_before: usize,
    /// Buffers of the deep searches.
    deep: (Vec<u32>, Vec<u32>),
}

impl PastPrefix {
    fn new(
        kept: BoundedValues,
        mut space: Option<SparseSpace>,
        largest: u32,
        mask_flips: u32,
    ) -> Result<Self, SequenceError> {
        // The bits decided past the prefix before the run stopped decide the same now.
        match &mut space {
            Some(space) => space.flip_mask(mask_flips),
            None if mask_flips != 0 => return Err(SequenceError::InvalidState),
            None => {}
        }
        Ok(PastPrefix {
            kept,
            rare_before: space.as_ref().map_or(0, SparseSpace::rare_count),
            space,
            largest,
            mask_flips,
            reached: Reached::default(),
            deep: (Vec::new(), Vec::new()),
        })
    }

    /// Computes the heaps up to `len − 1`, handing each value out and reporting, until the
    /// progress callback stops the run; the next heap.
    fn run(
        &mut self,
        rules: &HeapRules,
        len: usize,
        prefix_len: usize,
        outlet: &mut Outlet,
    ) -> Result<usize, SequenceError> {
        let mut heap = self.kept.computed();
        let every = outlet.report_every;
        let mut report_at = (heap as u64 / every + 1).saturating_mul(every);
        while heap < len {
            // A value needing a new top bit past 2³¹ would pass what the engine holds.
            if self.largest >= 1 << 31 {
                outlet.flush(&self.kept);
                return Err(SequenceError::ValueTooLarge { heap: heap as u64 });
            }
            let Some(value) = self.value(rules, heap, outlet) else {
                outlet.flush(&self.kept);
                return Err(SequenceError::BoundExceeded {
                    heap: heap as u64,
                    prefix: prefix_len as u64,
                });
            };
            self.largest = self.largest.max(value);
            self.kept.push(value, &mut |kept| outlet.flush(kept));
            heap += 1;
            if heap as u64 >= report_at || heap == len {
                outlet.flush(&self.kept);
                report_at = report_at.saturating_add(every);
                let report = Progress {
                    computed: heap as u64,
                    target: outlet.target,
                    rare_heap_count: self.space.as_ref().map(SparseSpace::rare_count),
                    largest_value: self.largest,
                };
                if (outlet.progress)(&report).is_break() {
                    break;
                }
            }
        }
        outlet.flush(&self.kept);
        Ok(heap)
    }

    /// G(`heap`), recorded in the sparse space; `None` if it needs a value the run did not
    /// keep, or is a new rare heap.
    fn value(&mut self, rules: &HeapRules, heap: usize, outlet: &mut Outlet) -> Option<u32> {
        let kept = &self.kept;
        let mut missed = false;
        let value = match &mut self.space {
            Some(space) => {
                match space.candidate(rules, kept, heap, self.largest, &mut self.reached) {
                    Candidate::Exact(value) => value,
                    Candidate::Common { value, hard_parity } => {
                        // Every split with a rare heap is kept: only the search may go deeper.
                        missed = kept.take_missed();
                        let found =
                            space.confirm(rules, kept, heap, &self.reached, value, hard_parity);
                        if !missed && kept.take_missed() {
                            outlet.flush(kept);
                            let (small, large) = &mut self.deep;
                            search_deeper(
                                rules,
                                space,
                                kept,
                                outlet.store,
                                heap,
                                value,
                                (small, large),
                            )
                            .unwrap_or_else(|| {
                                missed = true;
                                found
                            })
                        } else {
                            found
                        }
                    }
                }
            }
            None => direct_value(rules, kept, heap, self.largest, &mut self.reached),
        };
        missed |= kept.take_missed();
        let below = (self.largest + 1).next_power_of_two();
        let new_rare = self.space.as_mut().is_some_and(|space| {
            if value >= below {
                self.mask_flips ^= space.class_new_bit(heap, value, below);
            }
            space.record(heap, value);
            space.rare_count() > self.rare_before
        });
        (!missed && !new_rare).then_some(value)
    }
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
    kept: &BoundedValues,
    store: &mut dyn ValueStore,
    heap: usize,
    candidate: u32,
    (small, large): (&mut Vec<u32>, &mut Vec<u32>),
) -> Option<u32> {
    for (rest, shapes) in split_rests(rules, heap) {
        // `splits` gives the pairs the kept values hold, from the least small heap on; the
        // search goes on from the first pair it did not give.
        let searched = splits(kept, rest, shapes).len();
        let Some((lowest, largest_small)) = small_heaps(rest, shapes) else {
            continue;
        };
        let smallest = (rest + 1).saturating_sub(kept.computed()).max(lowest);
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
fn read_kept(
    kept: &BoundedValues,
    store: &mut dyn ValueStore,
    first: usize,
    values: &mut [u32],
) -> bool {
    let mut at = 0;
    while at < values.len() {
        let heap = first + at;
        let run = kept.copy_run(heap, &mut values[at..]);
        if run > 0 {
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
