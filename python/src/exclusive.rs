//! One question at a time per object, from any thread. An object's state is behind a lock
//! taken with Python's own lock released, so a thread waiting for its turn never stops the
//! thread inside (whose search calls back into Python); and a question asked from inside an
//! answer — an options function that asks its own solver — is refused with `BusyError`
//! instead of waiting for itself for ever.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::sync::MutexExt;

use crate::errors;

/// A number of the calling thread's own, never 0.
fn this_thread() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local! {
        static NUMBER: u64 = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    NUMBER.with(|number| *number)
}

/// State that one question at a time may use.
pub struct Exclusive<T> {
    state: Mutex<T>,
    /// The thread inside, 0 when none.
    inside: AtomicU64,
}

/// Marks the thread as gone out, however the work ends.
struct Leave<'a>(&'a AtomicU64);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.store(0, Ordering::Release);
    }
}

impl<T> Exclusive<T> {
    pub fn new(state: T) -> Self {
        Exclusive {
            state: Mutex::new(state),
            inside: AtomicU64::new(0),
        }
    }

    /// Runs `work` on the state once no other question is inside: `BusyError` if this
    /// thread is inside already.
    pub fn with<R>(&self, py: Python<'_>, work: impl FnOnce(&mut T) -> PyResult<R>) -> PyResult<R> {
        let me = this_thread();
        if self.inside.load(Ordering::Acquire) == me {
            return Err(errors::BusyError::new_err(
                "a question asked while this object answers another on the same thread (from \
                 its own options function?): ask it once that answer is given",
            ));
        }
        // A question that ended in a panic left the state as an error leaves it: usable.
        let mut state = self
            .state
            .lock_py_attached(py)
            .unwrap_or_else(PoisonError::into_inner);
        self.inside.store(me, Ordering::Release);
        let _leave = Leave(&self.inside);
        work(&mut state)
    }
}
