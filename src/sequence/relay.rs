//! Two threads taking turns at the heaps, by the direct recurrence: while one finishes heap
//! `n − 1`, the other works out heap `n` from the options that do not need `G(n − 1)`.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use super::SequenceError;
use super::run::{Stretch, Worker, Workers, pause};
use crate::games::take_and_break::HeapRules;

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

/// What both threads taking turns share: the stretch, the relay, and the late keys.
struct Turns<'s> {
    stretch: &'s Stretch<'s>,
    relay: Relay,
    /// The values `G(n − 1) ^ key` of the options of heap `n` that leave heap `n − 1` (and
    /// perhaps another): one heap of `n − 1` after taking one counter, and the split into 1
    /// and `n − 1`.
    late_keys: Vec<u32>,
}

impl Turns<'_> {
    fn late_keys(rules: &HeapRules, values: &[u32]) -> Vec<u32> {
        let mut keys = Vec::new();
        if rules.leave_one.contains(&1) {
            keys.push(0);
        }
        if rules.leave_two.contains(&0) {
            keys.push(values[1]);
        }
        keys
    }

    /// Computes heaps `first`, `first + 2`, … of the stretch on one thread, the others being
    /// the other thread's.
    ///
    /// A heap's options almost all leave heaps at least two smaller, so its mex over those
    /// is worked out while the other thread finishes the heap just below; then the options
    /// leaving that heap (the late keys) only matter if one of them has exactly that mex,
    /// when the value is computed again with all options.
    fn run(&self, worker: &mut Worker, first: usize) {
        // If this thread panics, the other must not wait for it.
        let _stop_on_panic = StopOnPanic(&self.relay);
        let rules = self.stretch.rules;
        let mut heap = first;
        while heap < self.stretch.end {
            let value = if worker.values.len() == heap {
                worker.mex(rules, heap)
            } else {
                let early = worker.mex(rules, heap);
                let Some(below) = self.relay.wait(heap - 1) else {
                    return;
                };
                worker.push(below);
                if self.late_keys.iter().any(|&key| below ^ key == early) {
                    worker.mex(rules, heap)
                } else {
                    early
                }
            };
            if self.relay.stop.load(Ordering::Acquire) <= heap {
                return;
            }
            let last = self.stretch.ends_at(value);
            if last {
                self.relay.stop.store(heap + 1, Ordering::Release);
            }
            self.relay.publish(heap, value);
            worker.push(value);
            if last {
                return;
            }
            heap += 2;
        }
    }
}

/// Computes the stretch on two threads taking turns at the heaps, by the direct recurrence.
pub(super) fn take_turns(workers: &mut Workers, stretch: &Stretch) -> Result<(), SequenceError> {
    let (main, helper) = workers.prepare(stretch)?;
    let from = main.values.len();
    let turns = Turns {
        stretch,
        relay: Relay {
            recent: std::array::from_fn(|_| AtomicU32::new(0)),
            finished: AtomicUsize::new(from),
            stop: AtomicUsize::new(usize::MAX),
        },
        late_keys: Turns::late_keys(stretch.rules, &main.values),
    };
    std::thread::scope(|scope| {
        scope.spawn(|| turns.run(helper, from + 1));
        turns.run(main, from);
    });
    // The last value may be the other thread's.
    let finished = turns.relay.finished.load(Ordering::Acquire);
    for heap in main.values.len()..finished {
        main.push(helper.values[heap]);
    }
    Ok(())
}
