//! What the drivers of the engine share: a thread's worker (its sparse space, scratch space
//! and largest value), the stretch of heaps computed in one go, and how one ended — below
//! the paths on several threads (`ahead`, `relay`) and the driver that chooses between them (`run`).
// Without the feature `research`, the parts that only the sparse space, the threads and
// the bounded runs read are left unused.
#![cfg_attr(not(feature = "research"), allow(dead_code))]

use super::direct::{HeapValues, Reached, direct_value};
use super::error::SequenceError;
use super::options::{Method, Progress};
use super::sparse::SparseSpace;
use super::values::Value;
use crate::heap::HeapRules;

/// The most heaps two threads compute in one go: each keeps the values of its stretch
/// apart from the table they share, so this bounds what they hold besides it.
const MAX_STRETCH: usize = 1 << 16;

/// Values computed by the direct recurrence before the sparse space is chosen from them.
const SAMPLE: usize = 1 << 10;

/// The sparse space is kept only if at most this fraction (1/4) of the sampled heaps are rare.
const RARE_DENOMINATOR: usize = 4;

/// What a thread computing values needs besides the values themselves: the sparse space if
/// any, scratch space, and the largest value it has seen.
#[derive(Debug, Default)]
pub(super) struct Worker {
    pub(super) space: Option<SparseSpace>,
    pub(super) reached: Reached,
    pub(super) largest: u32,
}

impl Worker {
    /// A progress report of `computed` values of `target`, from this worker's state.
    pub(super) fn progress(&self, computed: usize, target: u64) -> Progress {
        Progress {
            computed: computed as u64,
            target,
            rare_heap_count: self.space.as_ref().map(SparseSpace::rare_count),
            largest_value: self.largest,
        }
    }

    /// Takes G(`heap`) = `value`, just stored, into the worker's state.
    pub(super) fn record(&mut self, heap: usize, value: u32) {
        self.largest = self.largest.max(value);
        if let Some(space) = &mut self.space {
            space.record(heap, value);
        }
    }

    /// Chooses the sparse space when it is time, from the second half of the first `sampled`
    /// values: once there are [`SAMPLE`] of them, again each time their number doubles, and
    /// whenever a value needs a bit more than `chosen_below` (updated) allows. Whether a space
    /// is in use now.
    pub(super) fn choose_space<V: Value>(
        &mut self,
        rules: &HeapRules,
        so_far: &[V],
        chosen_below: &mut u32,
        method: Method,
    ) -> bool {
        let sampled = so_far.len();
        let new_bit = self.largest >= *chosen_below;
        if sampled >= SAMPLE && (sampled.is_power_of_two() || new_bit) {
            *chosen_below = (self.largest + 1).next_power_of_two();
            if let Some((space, rare)) = SparseSpace::choose(rules, so_far, sampled / 2) {
                let sparse_enough = rare * RARE_DENOMINATOR <= sampled / 2;
                if sparse_enough || method == Method::SparseSpace {
                    self.space = Some(space);
                    return true;
                }
            }
        }
        false
    }

    /// The mex of the options of `heap` that leave only heaps in `values`: G(heap) if
    /// `values` reaches `heap − 1`.
    pub(super) fn mex<H: HeapValues + ?Sized>(
        &mut self,
        rules: &HeapRules,
        values: &H,
        heap: usize,
    ) -> u32 {
        match &mut self.space {
            Some(space) => space.value(rules, values, heap, self.largest, &mut self.reached),
            None => direct_value(rules, values, heap, self.largest, &mut self.reached),
        }
    }
}

/// Room for values up to heap `end − 1`: doubled at a time (at least 4 096, at most `len`
/// in all), or the bytes that could not be had.
pub(super) fn reserve_for<V: Value>(
    values: &mut Vec<V>,
    end: usize,
    len: usize,
) -> Result<(), SequenceError> {
    while values.capacity() < end {
        let wanted = (values.capacity().max(1 << 12) * 2).min(len).max(end);
        let additional = wanted.saturating_sub(values.len()).max(1);
        values
            .try_reserve_exact(additional)
            .map_err(|_| SequenceError::OutOfMemory {
                bytes: ((values.len() + additional) as u64).saturating_mul(size_of::<V>() as u64),
            })?;
    }
    Ok(())
}

/// Where a stretch on several threads starts, and each thread's room for its values.
pub(super) type Rooms<V> = (usize, Vec<V>, Vec<Vec<V>>);

/// Makes room for a stretch on several threads — in the table for all its values, and for
/// each thread the values it keeps apart while they compute — and brings each of `helpers`'
/// state up to the calling thread's. The stretch's first heap, the calling thread's room and
/// each helper's.
pub(super) fn prepare<V: Value>(
    values: &mut Vec<V>,
    main: &Worker,
    helpers: &mut [Worker],
    stretch: &Stretch,
) -> Result<Rooms<V>, SequenceError> {
    reserve_for(values, stretch.end, stretch.len)?;
    for helper in helpers.iter_mut() {
        helper.space.clone_from(&main.space);
        helper.largest = main.largest;
    }
    let from = values.len();
    let len = stretch.end - from;
    let room = || {
        let mut tail = Vec::new();
        tail.try_reserve_exact(len)
            .map_err(|_| SequenceError::OutOfMemory {
                bytes: (len as u64).saturating_mul(size_of::<V>() as u64),
            })?;
        Ok(tail)
    };
    let helper_tails = helpers.iter().map(|_| room()).collect::<Result<_, _>>()?;
    Ok((from, room()?, helper_tails))
}

/// The heaps computed in one go, from the next heap to `end` (not included).
#[derive(Clone, Copy, Debug)]
pub(super) struct Stretch<'r> {
    pub(super) rules: &'r HeapRules,
    pub(super) end: usize,
    /// How many values the whole run may hold: room is never reserved beyond it.
    pub(super) len: usize,
    /// A value of at least this needs a new sparse space: the stretch ends after it.
    pub(super) stop_value: u32,
    /// The largest value the values' width holds: the stretch ends before a larger one.
    pub(super) held: u32,
}

impl<'r> Stretch<'r> {
    /// The stretch from `heap` of a run of `len` heaps, ending where the driver's checks may
    /// act — at a power of two, at `ends` (a period check, a progress report), after a value
    /// of at least `stop_value` — and at most [`MAX_STRETCH`] long.
    pub(super) fn from(
        rules: &'r HeapRules,
        heap: usize,
        len: usize,
        ends: [usize; 2],
        stop_value: u32,
    ) -> Self {
        Stretch {
            rules,
            end: len
                .min(ends[0])
                .min(ends[1])
                .min((heap + 1).next_power_of_two())
                .min(heap.saturating_add(MAX_STRETCH)),
            len,
            stop_value,
            held: u32::MAX,
        }
    }

    /// Whether the stretch ends after a heap of value `value`.
    pub(super) fn ends_at(&self, value: u32) -> bool {
        value >= self.stop_value
    }

    /// `value` as stored, if the values' width holds it.
    #[inline]
    pub(super) fn stored<V: Value>(&self, value: u32) -> Option<V> {
        if value <= self.held {
            V::narrow(value)
        } else {
            None
        }
    }
}

/// How a stretch computed in one width ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// As far as it goes.
    Done,
    /// Before a heap whose value, or the value computed ahead for it, the width does not
    /// hold: that heap is not computed.
    TooWide,
}

/// Waits a little: spinning is right while both threads run; yielding lets the other one in
/// when there are fewer cores than threads.
pub(super) fn pause(spins: &mut u32) {
    if *spins < 1 << 10 {
        std::hint::spin_loop();
        *spins += 1;
    } else {
        std::thread::yield_now();
    }
}
