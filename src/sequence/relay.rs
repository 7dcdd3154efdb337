//! Two threads taking turns at the heaps, by the direct recurrence: while one finishes heap
//! `n − 1`, the other works out heap `n` from the options that do not need `G(n − 1)`.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

use super::direct::Joined;
use super::error::SequenceError;
use super::stretch::{Ended, Stretch, Worker, pause, prepare_two};
use super::values::Value;
use crate::heap::HeapRules;

/// How many recent values the two threads pass each other.
const RECENT: usize = 8;

/// Where two threads taking turns at the heaps hand each other the values, in order.
#[derive(Debug)]
struct Relay {
    recent: [AtomicU32; RECENT],
    /// Every heap below this is finished.
    finished: AtomicUsize,
    /// No heap at or above this will be finished.
    stop: AtomicUsize,
    /// The stretch stopped before a heap whose value the width does not hold.
    too_wide: AtomicBool,
}

impl Relay {
    fn publish(&self, heap: usize, value: u32) {
        self.recent[heap % RECENT].store(value, Ordering::Relaxed);
        self.finished.store(heap + 1, Ordering::Release);
    }

    /// G(heap) once the other thread has it, or `None` if it never will.
    fn wait(&self, heap: usize) -> Option<u32> {
        let mut spins = 0;
        loop {
            if self.finished.load(Ordering::Acquire) > heap {
                return Some(self.recent[heap % RECENT].load(Ordering::Relaxed));
            }
            if self.stop.load(Ordering::Acquire) <= heap {
                return None;
            }
            pause(&mut spins);
        }
    }
}

/// Stops the other thread when dropped in a panic.
struct StopOnPanic<'r>(&'r Relay);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(0, Ordering::Release);
        }
    }
}

/// What both threads taking turns share: the stretch, the values before it, the relay, and
/// the late keys.
struct Turns<'s, V> {
    stretch: &'s Stretch<'s>,
    /// The values before the stretch, which both read; each keeps the stretch's own apart.
    base: &'s [V],
    relay: Relay,
    /// The values `G(n − 1) ^ key` of the options of heap `n` that leave heap `n − 1` (and
    /// perhaps another): one heap of `n − 1` after taking one counter, and the split into 1
    /// and `n − 1`.
    late_keys: Vec<u32>,
}

impl<V: Value> Turns<'_, V> {
    /// The values this thread reads: the table before the stretch, then its `tail`.
    fn joined<'t>(&'t self, tail: &'t [V]) -> Joined<'t, V> {
        Joined {
            base: self.base,
            tail,
        }
    }

    fn late_keys(rules: &HeapRules, values: &[V]) -> Vec<u32> {
        let mut keys = Vec::new();
        if rules.taken_leaving_one().contains(&1) {
            keys.push(0);
        }
        if rules.taken_leaving_two().contains(&0) {
            keys.push(values[1].into());
        }
        keys
    }

    /// Computes heaps `first`, `first + 2`, … of the stretch on one thread, the others being
    /// the other thread's, keeping the stretch's values in `tail`.
    ///
    /// A heap's options almost all leave heaps at least two smaller, so its mex over those
    /// is worked out while the other thread finishes the heap just below; then the options
    /// leaving that heap (the late keys) only matter if one of them has exactly that mex,
    /// when the value is computed again with all options.
    fn run(&self, worker: &mut Worker, tail: &mut Vec<V>, first: usize) {
        // If this thread panics, the other must not wait for it.
        let _stop_on_panic = StopOnPanic(&self.relay);
        let rules = self.stretch.rules;
        let from = self.base.len();
        let mut heap = first;
        while heap < self.stretch.end {
            let value = if from + tail.len() == heap {
                worker.mex(rules, &self.joined(tail), heap)
            } else {
                let early = worker.mex(rules, &self.joined(tail), heap);
                let Some(below) = self.relay.wait(heap - 1) else {
                    return;
                };
                tail.push(
                    self.stretch
                        .stored(below)
                        .expect("only values that fit are finished"),
                );
                worker.record(heap - 1, below);
                if self.late_keys.iter().any(|&key| below ^ key == early) {
                    worker.mex(rules, &self.joined(tail), heap)
                } else {
                    early
                }
            };
            if self.relay.stop.load(Ordering::Acquire) <= heap {
                return;
            }
            // A value the width does not hold: no heap from this one on is finished here.
            let Some(stored) = self.stretch.stored::<V>(value) else {
                self.relay.too_wide.store(true, Ordering::Release);
                self.relay.stop.fetch_min(heap, Ordering::AcqRel);
                return;
            };
            let last = self.stretch.ends_at(value);
            if last {
                self.relay.stop.fetch_min(heap + 1, Ordering::AcqRel);
            }
            self.relay.publish(heap, value);
            tail.push(stored);
            worker.record(heap, value);
            if last {
                return;
            }
            heap += 2;
        }
    }
}

/// Computes the stretch on two threads taking turns at the heaps, by the direct recurrence.
pub(super) fn take_turns<V: Value>(
    values: &mut Vec<V>,
    main: &mut Worker,
    helper: &mut Worker,
    stretch: &Stretch,
) -> Result<Ended, SequenceError> {
    let (from, [mut main_tail, mut helper_tail]) = prepare_two(values, main, helper, stretch)?;
    let turns = Turns {
        stretch,
        base: values.as_slice(),
        relay: Relay {
            recent: std::array::from_fn(|_| AtomicU32::new(0)),
            finished: AtomicUsize::new(from),
            stop: AtomicUsize::new(usize::MAX),
            too_wide: AtomicBool::new(false),
        },
        late_keys: Turns::<V>::late_keys(stretch.rules, values.as_slice()),
    };
    std::thread::scope(|scope| {
        scope.spawn(|| turns.run(helper, &mut helper_tail, from + 1));
        turns.run(main, &mut main_tail, from);
    });
    let finished = turns.relay.finished.load(Ordering::Acquire);
    let too_wide = turns.relay.too_wide.load(Ordering::Acquire);
    // The last value may be the other thread's.
    for heap in from + main_tail.len()..finished {
        let value = helper_tail[heap - from];
        main_tail.push(value);
        main.record(heap, value.into());
    }
    values.extend_from_slice(&main_tail);
    Ok(if too_wide {
        Ended::TooWide
    } else {
        Ended::Done
    })
}
