//! Threads in a sparse space: one computes each value ahead as a common heap's, and all of
//! them verify those values behind it.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::direct::Joined;
use super::error::SequenceError;
use super::sparse::Candidate;
use super::stretch::{Ended, Stretch, Worker, pause, prepare};
use super::values::Value;

/// Heaps verified at a time, by any thread: small, so that none waits long for the
/// other at the start and end of a stretch.
const VERIFY_BATCH: usize = 64;

/// How many heaps computed ahead may wait for a thread to verify them before the calling
/// thread verifies some too.
const LEAD: usize = 16 * VERIFY_BATCH;

/// What the threads computing a stretch ahead share.
///
/// Past the last rare heap, new rare heaps are rare, so the calling thread computes each
/// heap's value as a common heap's — the [`Candidate`], from the splits with rare heaps
/// alone — and the search that confirms it, most of the work, is left for later: every
/// thread takes a chunk of heaps at a time to verify. A heap found wrong is a new rare heap;
/// its true value is kept and the values after it are taken back.
///
/// All read the values before the stretch where they lie; each keeps the stretch's own
/// values apart, a helper copying them from those published as it needs them.
struct Ahead<'s, V> {
    stretch: &'s Stretch<'s>,
    /// The values before the stretch.
    base: &'s [V],
    /// The values computed ahead so far, for the helpers to copy.
    published: Mutex<Vec<V>>,
    /// Every heap below this is computed: its value is in the calling thread's sequence
    /// and in `published`.
    computed: AtomicUsize,
    /// No more heaps will be computed.
    done: AtomicBool,
    /// Computing stopped before a heap whose value computed ahead the width does not hold.
    too_wide: AtomicBool,
    /// How many batches the threads have taken to verify.
    claimed: AtomicUsize,
    /// The first heap found wrong so far, and its value.
    wrong: Mutex<Option<(usize, u32)>>,
    /// The heap in `wrong` (`usize::MAX` if none), to read without the lock.
    first_wrong: AtomicUsize,
}

/// What a thread may verify next.
enum Claim {
    Heaps(Range<usize>),
    NotYet,
    Done,
}

impl<'s, V: Value> Ahead<'s, V> {
    fn new(stretch: &'s Stretch<'s>, base: &'s [V]) -> Self {
        Ahead {
            stretch,
            base,
            published: Mutex::new(Vec::new()),
            computed: AtomicUsize::new(base.len()),
            done: AtomicBool::new(false),
            too_wide: AtomicBool::new(false),
            claimed: AtomicUsize::new(0),
            wrong: Mutex::new(None),
            first_wrong: AtomicUsize::new(usize::MAX),
        }
    }

    /// The stretch's first heap.
    fn from(&self) -> usize {
        self.base.len()
    }

    /// Takes the next batch of heaps to verify: a whole one while heaps are still computed.
    fn claim(&self) -> Claim {
        loop {
            let batch = self.claimed.load(Ordering::Acquire);
            let start = self.from() + batch * VERIFY_BATCH;
            // `done` first: once it is set, `computed` is final.
            let done = self.done.load(Ordering::Acquire);
            let computed = self.computed.load(Ordering::Acquire);
            if start >= self.first_wrong.load(Ordering::Acquire) {
                return Claim::Done;
            }
            let end = (start + VERIFY_BATCH).min(computed);
            if end <= start || (end < start + VERIFY_BATCH && !done) {
                return if done { Claim::Done } else { Claim::NotYet };
            }
            let taken = self.claimed.compare_exchange(
                batch,
                batch + 1,
                Ordering::AcqRel,
                Ordering::Acquire,
            );
            if taken.is_ok() {
                return Claim::Heaps(start..end);
            }
        }
    }

    /// How many computed heaps no thread has taken yet.
    fn waiting(&self) -> usize {
        let claimed = self.from() + self.claimed.load(Ordering::Relaxed) * VERIFY_BATCH;
        self.computed
            .load(Ordering::Relaxed)
            .saturating_sub(claimed)
    }

    fn found_wrong(&self, heap: usize, value: u32) {
        let mut wrong = self.wrong.lock().unwrap_or_else(PoisonError::into_inner);
        if wrong.is_none_or(|(first, _)| heap < first) {
            *wrong = Some((heap, value));
        }
        self.first_wrong.fetch_min(heap, Ordering::AcqRel);
    }

    /// Puts `values`, the next heaps computed, where the helpers can copy them.
    fn publish(&self, values: &[V], computed: usize) {
        self.published
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(values);
        self.computed.store(computed, Ordering::Release);
    }
}

/// Tells the helpers no more heaps will be computed, even if the calling thread panics.
struct DoneOnDrop<'a, 's, V>(&'a Ahead<'s, V>);

impl<V> Drop for DoneOnDrop<'_, '_, V> {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Release);
    }
}

impl<V: Value> Ahead<'_, V> {
    /// The calling thread's part: computes heaps from the stretch's first towards its end,
    /// into `tail` — stopping after its last value, once a heap is found wrong, or before a
    /// value the width does not hold — verifying batches too whenever the helpers fall
    /// behind, then verifies what is left with them.
    fn compute(&self, main: &mut Worker, tail: &mut Vec<V>) {
        let rules = self.stretch.rules;
        let done = DoneOnDrop(self);
        let from = self.from();
        let mut published = from;
        let mut heap = from;
        while heap < self.stretch.end && self.first_wrong.load(Ordering::Relaxed) == usize::MAX {
            let space = main
                .space
                .as_mut()
                .expect("values are computed ahead only in a sparse space");
            let values = Joined {
                base: self.base,
                tail,
            };
            let value = match space.candidate(rules, &values, heap, main.largest, &mut main.reached)
            {
                Candidate::Exact(value) | Candidate::Common { value, .. } => value,
            };
            let Some(stored) = self.stretch.stored::<V>(value) else {
                self.too_wide.store(true, Ordering::Release);
                break;
            };
            tail.push(stored);
            main.record(heap, value);
            heap += 1;
            let last = self.stretch.ends_at(value) || heap == self.stretch.end;
            if last || (heap - from).is_multiple_of(VERIFY_BATCH) {
                self.publish(&tail[published - from..], heap);
                published = heap;
            }
            if last {
                break;
            }
            if self.waiting() >= LEAD
                && let Claim::Heaps(heaps) = self.claim()
            {
                self.verify(main, tail, heaps);
            }
        }
        if published < heap {
            self.publish(&tail[published - from..], heap);
        }
        drop(done);
        let mut spins = 0;
        loop {
            match self.claim() {
                Claim::Heaps(heaps) => self.verify(main, tail, heaps),
                Claim::NotYet => pause(&mut spins),
                Claim::Done => return,
            }
        }
    }

    /// A helper's part: verifies batches of heaps until none is left, copying the values
    /// computed into `tail` as far as a batch needs them.
    fn help(&self, helper: &mut Worker, tail: &mut Vec<V>) {
        let mut spins = 0;
        loop {
            match self.claim() {
                Claim::Heaps(heaps) => {
                    if self.from() + tail.len() < heaps.end {
                        let published = self
                            .published
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner);
                        let new = &published[tail.len()..];
                        let largest = new.iter().map(|&value| value.into()).max().unwrap_or(0);
                        helper.largest = helper.largest.max(largest);
                        tail.extend_from_slice(new);
                    }
                    self.verify(helper, tail, heaps);
                    spins = 0;
                }
                Claim::NotYet => pause(&mut spins),
                Claim::Done => return,
            }
        }
    }

    /// Checks the values of `heaps`, computed ahead as common heaps', up to the first one
    /// found wrong, which it records; `tail` must reach `heaps.end − 1`.
    fn verify(&self, worker: &mut Worker, tail: &[V], heaps: Range<usize>) {
        let space = worker
            .space
            .as_mut()
            .expect("values are computed ahead only in a sparse space");
        let from = self.from();
        for heap in heaps {
            if heap >= self.first_wrong.load(Ordering::Relaxed) {
                return;
            }
            let below = Joined {
                base: self.base,
                tail: &tail[..heap - from],
            };
            let candidate = tail[heap - from].into();
            let value = space.verify(
                self.stretch.rules,
                &below,
                heap,
                candidate,
                worker.largest,
                &mut worker.reached,
            );
            if value != candidate {
                self.found_wrong(heap, value);
                return;
            }
        }
    }
}

/// Computes the stretch on the calling thread and one more for each of `helpers`, ahead
/// (see [`Ahead`]), stopping early at the first heap found wrong, whose true value ends the
/// stretch — or, if the width does not hold it, ends it just before. A helper the system
/// cannot start leaves its share to the others: the answer is the same.
pub(super) fn compute_ahead<V: Value>(
    values: &mut Vec<V>,
    main: &mut Worker,
    helpers: &mut [Worker],
    stretch: &Stretch,
) -> Result<Ended, SequenceError> {
    let (from, mut main_tail, mut helper_tails) = prepare(values, main, helpers, stretch)?;
    let largest_before = main.largest;
    let ahead = Ahead::new(stretch, values.as_slice());
    std::thread::scope(|scope| {
        for (helper, tail) in helpers.iter_mut().zip(&mut helper_tails) {
            let ahead = &ahead;
            let started = std::thread::Builder::new()
                .name("impartial-verify".into())
                .spawn_scoped(scope, move || ahead.help(helper, tail));
            if started.is_err() {
                break;
            }
        }
        ahead.compute(main, &mut main_tail);
    });
    let too_wide = ahead.too_wide.load(Ordering::Acquire);
    let wrong = ahead
        .wrong
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let ended = match wrong {
        Some((heap, value)) => {
            main_tail.truncate(heap - from);
            let kept = main_tail
                .iter()
                .map(|&value| value.into())
                .max()
                .unwrap_or(0);
            main.largest = largest_before.max(kept);
            if let Some(space) = &mut main.space {
                space.forget_from(heap);
            }
            match stretch.stored::<V>(value) {
                Some(stored) => {
                    main_tail.push(stored);
                    main.record(heap, value);
                    Ended::Done
                }
                None => Ended::TooWide,
            }
        }
        None if too_wide => Ended::TooWide,
        None => Ended::Done,
    };
    values.extend_from_slice(&main_tail);
    Ok(ended)
}
