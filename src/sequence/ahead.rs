//! Two threads in a sparse space: one computes each value ahead as a common heap's, and both
//! verify those values behind it.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::SequenceError;
use super::run::{Stretch, Worker, Workers, pause};
use super::sparse::Candidate;

/// Heaps verified at a time, by either thread: small, so that neither waits long for the
/// other at the start and end of a stretch.
const VERIFY_BATCH: usize = 64;

/// How many heaps computed ahead may wait for a thread to verify them before the calling
/// thread verifies some too.
const LEAD: usize = 16 * VERIFY_BATCH;

/// What two threads computing a stretch ahead share.
///
/// Past the last rare heap, new rare heaps are rare, so the calling thread computes each
/// heap's value as a common heap's — the [`Candidate`], from the splits with rare heaps
/// alone — and the search that confirms it, most of the work, is left for later: either
/// thread takes a chunk of heaps at a time to verify. A heap found wrong is a new rare heap;
/// its true value is kept and the values after it are taken back.
struct Ahead<'s> {
    stretch: &'s Stretch<'s>,
    /// The stretch's first heap.
    from: usize,
    /// Values computed ahead that the helper has not taken yet.
    outbox: Mutex<Vec<u32>>,
    /// Every heap below this is computed: its value is in the calling thread's sequence
    /// and in the helper's or the outbox.
    computed: AtomicUsize,
    /// No more heaps will be computed.
    done: AtomicBool,
    /// How many batches either thread has taken to verify.
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

impl<'s> Ahead<'s> {
    fn new(stretch: &'s Stretch<'s>, from: usize) -> Self {
        Ahead {
            stretch,
            from,
            outbox: Mutex::new(Vec::new()),
            computed: AtomicUsize::new(from),
            done: AtomicBool::new(false),
            claimed: AtomicUsize::new(0),
            wrong: Mutex::new(None),
            first_wrong: AtomicUsize::new(usize::MAX),
        }
    }

    /// Takes the next batch of heaps to verify: a whole one while heaps are still computed.
    fn claim(&self) -> Claim {
        loop {
            let batch = self.claimed.load(Ordering::Acquire);
            let start = self.from + batch * VERIFY_BATCH;
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
        let claimed = self.from + self.claimed.load(Ordering::Relaxed) * VERIFY_BATCH;
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

    /// Puts `values`, the next heaps computed, where the helper can take them.
    fn publish(&self, values: &[u32], computed: usize) {
        self.outbox
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(values);
        self.computed.store(computed, Ordering::Release);
    }
}

/// Tells the helper no more heaps will be computed, even if the calling thread panics.
struct DoneOnDrop<'a, 's>(&'a Ahead<'s>);

impl Drop for DoneOnDrop<'_, '_> {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Release);
    }
}

impl Ahead<'_> {
    /// The calling thread's part: computes heaps from `from` towards the stretch's end —
    /// stopping after its last value, or once a heap is found wrong — verifying batches too
    /// whenever the helper falls behind, then verifies what is left with it.
    fn compute(&self, main: &mut Worker) {
        let rules = self.stretch.rules;
        let done = DoneOnDrop(self);
        let mut published = self.from;
        let mut heap = self.from;
        while heap < self.stretch.end && self.first_wrong.load(Ordering::Relaxed) == usize::MAX {
            let space = main
                .space
                .as_mut()
                .expect("values are computed ahead only in a sparse space");
            let value = match space.candidate(
                rules,
                main.values.as_slice(),
                heap,
                main.largest,
                &mut main.reached,
            ) {
                Candidate::Exact(value) | Candidate::Common { value, .. } => value,
            };
            main.push(value);
            heap += 1;
            let last = self.stretch.ends_at(value) || heap == self.stretch.end;
            if last || (heap - self.from).is_multiple_of(VERIFY_BATCH) {
                self.publish(&main.values[published..heap], heap);
                published = heap;
            }
            if last {
                break;
            }
            if self.waiting() >= LEAD
                && let Claim::Heaps(heaps) = self.claim()
            {
                self.verify(main, heaps);
            }
        }
        drop(done);
        let mut spins = 0;
        loop {
            match self.claim() {
                Claim::Heaps(heaps) => self.verify(main, heaps),
                Claim::NotYet => pause(&mut spins),
                Claim::Done => return,
            }
        }
    }

    /// The helper's part: verifies batches of heaps until none is left, taking the values
    /// computed from the outbox.
    fn help(&self, helper: &mut Worker) {
        let mut spins = 0;
        loop {
            match self.claim() {
                Claim::Heaps(heaps) => {
                    if helper.values.len() < heaps.end {
                        let mut outbox = self.outbox.lock().unwrap_or_else(PoisonError::into_inner);
                        let largest = outbox.iter().copied().max().unwrap_or(0);
                        helper.largest = helper.largest.max(largest);
                        helper.values.extend_from_slice(&outbox);
                        outbox.clear();
                    }
                    self.verify(helper, heaps);
                    spins = 0;
                }
                Claim::NotYet => pause(&mut spins),
                Claim::Done => return,
            }
        }
    }

    /// Checks the values of `heaps`, computed ahead as common heaps', up to the first one
    /// found wrong, which it records; `worker.values` must reach `heaps.end − 1`.
    fn verify(&self, worker: &mut Worker, heaps: Range<usize>) {
        let space = worker
            .space
            .as_mut()
            .expect("values are computed ahead only in a sparse space");
        for heap in heaps {
            if heap >= self.first_wrong.load(Ordering::Relaxed) {
                return;
            }
            let value = space.verify(
                self.stretch.rules,
                &worker.values,
                heap,
                worker.largest,
                &mut worker.reached,
            );
            if value != worker.values[heap] {
                self.found_wrong(heap, value);
                return;
            }
        }
    }
}

/// Computes the stretch on two threads, ahead (see [`Ahead`]), stopping early at the first
/// heap found wrong, whose true value ends the stretch.
pub(super) fn compute_ahead(workers: &mut Workers, stretch: &Stretch) -> Result<(), SequenceError> {
    let (main, helper) = workers.prepare(stretch)?;
    let from = main.values.len();
    let largest_before = main.largest;
    let ahead = Ahead::new(stretch, from);
    std::thread::scope(|scope| {
        scope.spawn(|| ahead.help(helper));
        ahead.compute(main);
    });
    let wrong = ahead
        .wrong
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some((heap, value)) = wrong {
        helper.values.truncate(heap);
        main.values.truncate(heap);
        let kept = main.values[from..].iter().copied().max().unwrap_or(0);
        main.largest = largest_before.max(kept);
        if let Some(space) = &mut main.space {
            space.forget_from(heap);
        }
        main.push(value);
    }
    Ok(())
}
