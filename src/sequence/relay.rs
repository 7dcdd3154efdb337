//! Threads taking turns at the heaps, by the direct recurrence: with `N` threads, thread `i`
//! computes heaps `from + i`, `from + i + N`, …, and while the others finish the heaps just
//! below its own, it works out its heap's value from the options that need none of them.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

use super::direct::{HeapValues, Joined};
use super::error::SequenceError;
use super::options::MAX_THREADS;
use super::stretch::{Ended, Stretch, Worker, pause, prepare};
use super::values::Value;
use crate::heap::HeapRules;

/// How many recent values the threads pass each other: more than there are threads, so
/// that a value is never overwritten before every thread that needs it has read it (a thread
/// reads only the heaps between its last and its next, and those are finished in order).
const RECENT: usize = 2 * MAX_THREADS;

/// Where the threads taking turns at the heaps hand each other the values, in order.
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

    /// G(heap) if it is finished already.
    fn finished_value(&self, heap: usize) -> Option<u32> {
        (self.finished.load(Ordering::Acquire) > heap)
            .then(|| self.recent[heap % RECENT].load(Ordering::Relaxed))
    }

    /// G(heap) once another thread has it, or `None` if it never will.
    fn wait(&self, heap: usize) -> Option<u32> {
        let mut spins = 0;
        loop {
            if let Some(value) = self.finished_value(heap) {
                return Some(value);
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

/// What the threads taking turns share: the stretch, the values before it, the relay.
struct Turns<'s, V> {
    stretch: &'s Stretch<'s>,
    /// The values before the stretch, which all read; each keeps the stretch's own apart.
    base: &'s [V],
    relay: Relay,
    threads: usize,
}

impl<V: Value> Turns<'_, V> {
    /// The values this thread reads: the table before the stretch, then its `tail`.
    fn joined<'t>(&'t self, tail: &'t [V]) -> Joined<'t, V> {
        Joined {
            base: self.base,
            tail,
        }
    }

    /// Takes G(`heap`), finished by any thread, into this thread's `tail`.
    fn take(&self, worker: &mut Worker, tail: &mut Vec<V>, heap: usize, value: u32) {
        tail.push(
            self.stretch
                .stored(value)
                .expect("only values that fit are finished"),
        );
        worker.record(heap, value);
    }

    /// Computes heaps `first`, `first + threads`, … of the stretch on one thread, the others
    /// being the other threads', keeping the stretch's values in `tail`.
    ///
    /// A heap's options almost all leave heaps far smaller than it, so the values they reach
    /// are marked while the other threads finish the heaps just below; then the few options
    /// leaving one of those (the late options) are marked too, and the mex read.
    fn run(&self, worker: &mut Worker, tail: &mut Vec<V>, first: usize) {
        // If this thread panics, the others must not wait for it.
        let _stop_on_panic = StopOnPanic(&self.relay);
        // The marks read below are the direct recurrence's: no sparse space here.
        debug_assert!(worker.space.is_none());
        let rules = self.stretch.rules;
        let from = self.base.len();
        let mut heap = first;
        while heap < self.stretch.end {
            // What is finished already shortens the wait.
            while from + tail.len() < heap {
                let next = from + tail.len();
                let Some(value) = self.relay.finished_value(next) else {
                    break;
                };
                self.take(worker, tail, next, value);
            }
            let known = from + tail.len();
            let value = if known == heap {
                worker.mex(rules, &self.joined(tail), heap)
            } else {
                // Marks what the options whose heaps are all computed reach.
                worker.mex(rules, &self.joined(tail), heap);
                for below in known..heap {
                    let Some(value) = self.relay.wait(below) else {
                        return;
                    };
                    self.take(worker, tail, below, value);
                }
                // Those marks are still in the worker's table: the late options' values join
                // them. A value past the table's width needs a wider one: then the value is
                // computed again with every option.
                let mut fits = true;
                let reached = &mut worker.reached;
                late_options(
                    rules,
                    &self.joined(tail),
                    heap,
                    known,
                    |value| match reached.bytes.get_mut(value as usize) {
                        Some(mark) => *mark = 1,
                        None => fits = false,
                    },
                );
                if fits {
                    worker.reached.mex()
                } else {
                    worker.mex(rules, &self.joined(tail), heap)
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
            heap += self.threads;
        }
    }
}

/// Visits the value of every option of `heap` that leaves a heap of `known..heap` (those
/// that leave two such heaps twice), every value below `heap` computed.
fn late_options<H: HeapValues + ?Sized>(
    rules: &HeapRules,
    values: &H,
    heap: usize,
    known: usize,
    mut visit: impl FnMut(u32),
) {
    let value = |heap: usize| values.value_of(heap).expect("every heap below is computed");
    for late in known..heap {
        let late_value = value(late);
        // The counters beside the late heap: taken, or left in the other heaps.
        let beside = heap - late;
        if rules.taken_leaving_one().contains(&(beside as u64)) {
            visit(late_value);
        }
        for (&taken, shapes) in rules
            .taken_leaving_two()
            .iter()
            .zip(rules.leaving_two_shapes())
        {
            let Some(other) = beside.checked_sub(taken as usize).filter(|&h| h >= 1) else {
                continue;
            };
            if shapes.allows_pair(other as u64, late as u64) {
                visit(late_value ^ value(other));
            }
        }
        for (&taken, shapes) in rules
            .taken_leaving_three()
            .iter()
            .zip(rules.leaving_three_shapes())
        {
            let Some(pair) = beside.checked_sub(taken as usize) else {
                continue;
            };
            for least in 1..=pair / 2 {
                let middle = pair - least;
                // The late heap is the largest unless others are late too.
                let mut triple = [least as u64, middle as u64, late as u64];
                triple.sort_unstable();
                if shapes.allows_triple(triple[0], triple[1], triple[2]) {
                    visit(late_value ^ value(least) ^ value(middle));
                }
            }
        }
    }
}

/// Computes the stretch on the calling thread and `helpers.len()` more taking turns at the
/// heaps, by the direct recurrence.
pub(super) fn take_turns<V: Value>(
    values: &mut Vec<V>,
    main: &mut Worker,
    helpers: &mut [Worker],
    stretch: &Stretch,
) -> Result<Ended, SequenceError> {
    let (from, mut main_tail, mut helper_tails) = prepare(values, main, helpers, stretch)?;
    let turns = Turns {
        stretch,
        base: values.as_slice(),
        relay: Relay {
            recent: std::array::from_fn(|_| AtomicU32::new(0)),
            finished: AtomicUsize::new(from),
            stop: AtomicUsize::new(usize::MAX),
            too_wide: AtomicBool::new(false),
        },
        threads: helpers.len() + 1,
    };
    std::thread::scope(|scope| {
        for (place, (helper, tail)) in helpers.iter_mut().zip(&mut helper_tails).enumerate() {
            let turns = &turns;
            scope.spawn(move || turns.run(helper, tail, from + 1 + place));
        }
        turns.run(main, &mut main_tail, from);
    });
    let finished = turns.relay.finished.load(Ordering::Acquire);
    let too_wide = turns.relay.too_wide.load(Ordering::Acquire);
    // The last values may be other threads': the thread that finished the last heap holds
    // every value of the stretch.
    if let Some(longest) = helper_tails.iter().max_by_key(|tail| tail.len()) {
        for heap in from + main_tail.len()..finished {
            let value = longest[heap - from];
            main_tail.push(value);
            main.record(heap, value.into());
        }
    }
    values.extend_from_slice(&main_tail);
    Ok(if too_wide {
        Ended::TooWide
    } else {
        Ended::Done
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{PlainRules, plain_options};
    use crate::sequence::testing::{random_words, shaped_rules};

    /// The late options are the definition's: for codes with every kind of split and every
    /// shape of restriction, random values, every heap to 40 and every first late heap, the
    /// values visited are those of the options (listed plainly) that leave a late heap.
    #[test]
    fn late_options_are_the_options_that_leave_a_late_heap() {
        let mut random = random_words(17);
        for (digits, modifiers) in [
            (vec![0, 6, 4], vec![]),
            (vec![4, 4, 6], vec![(0, '='), (1, '!')]),
            (vec![8, 7], vec![(0, '?')]),
            (vec![0, 8, 15], vec![(1, '='), (2, '!')]),
            (vec![0, 12, 4], vec![(1, '?'), (2, '=')]),
            (vec![0, 15, 15], vec![(1, '!'), (2, '?')]),
        ] {
            let rules = shaped_rules(&digits, &modifiers);
            let plain = PlainRules {
                modifiers: modifiers.clone(),
                ..PlainRules::of_code(&digits)
            };
            let values: Vec<u32> = (0..40).map(|_| (random() % 64) as u32).collect();
            for heap in 1..40 {
                for known in 1..heap {
                    let mut visited = Vec::new();
                    late_options(&rules, &values[..heap], heap, known, |value| {
                        visited.push(value);
                    });
                    let mut expected: Vec<u32> = plain_options(&plain, heap)
                        .into_iter()
                        .filter(|option| option.iter().any(|&piece| piece as usize >= known))
                        .map(|option| {
                            option
                                .iter()
                                .fold(0, |sum, &piece| sum ^ values[piece as usize])
                        })
                        .collect();
                    for list in [&mut visited, &mut expected] {
                        list.sort_unstable();
                        list.dedup();
                    }
                    assert_eq!(visited, expected, "{digits:?} {modifiers:?} {heap} {known}");
                }
            }
        }
    }
}
