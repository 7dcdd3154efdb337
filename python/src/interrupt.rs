//! Ctrl-C for the engines, in the two shapes they take it: a run that reports its progress
//! (a sequence, a tabulation, a quotient) is handed a stop check; a search, which does not
//! report, carries a `Watch` that its ruleset consults as it lists options.

use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;

use pyo3::prelude::*;

/// Python's signals, looked at from a thread that released the lock: `Break` (and the
/// error kept in `interrupted`) on Ctrl-C.
#[allow(
    clippy::redundant_closure_for_method_calls,
    reason = "the method is generic over the lock's lifetime"
)]
fn look(interrupted: &mut Option<PyErr>) -> ControlFlow<()> {
    match Python::attach(|py| py.check_signals()) {
        Ok(()) => ControlFlow::Continue(()),
        Err(error) => {
            *interrupted = Some(error);
            ControlFlow::Break(())
        }
    }
}

/// Runs `work` with Python's lock released, handing it a check to call at each report: the
/// check looks at Ctrl-C, and once it answers `Break` the run's result is dropped and the
/// interrupt raised.
pub fn released<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> ControlFlow<()>) -> T + Send,
) -> PyResult<T> {
    let mut interrupted = None;
    let result = py.detach(|| work(&mut || look(&mut interrupted)));
    match interrupted {
        Some(error) => Err(error),
        None => Ok(result),
    }
}

/// What a search's ruleset keeps to stop the search: the first error met (Ctrl-C, or an
/// error of a Python function the ruleset calls), after which it lists no more moves, so
/// the search ends at once and its answer is dropped.
pub struct Watch {
    failure: RefCell<Option<PyErr>>,
    calls: Cell<u32>,
    every: u32,
}

impl Watch {
    /// A watch that looks at Python's signals once every `every` calls of `stopped`.
    pub fn new(every: u32) -> Self {
        Watch {
            failure: RefCell::new(None),
            calls: Cell::new(0),
            every,
        }
    }

    /// Whether the search must stop: an error kept before, or Ctrl-C now.
    pub fn stopped(&self) -> bool {
        if self.failure.borrow().is_some() {
            return true;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        if calls.is_multiple_of(self.every) {
            let mut interrupted = None;
            if look(&mut interrupted).is_break() {
                *self.failure.borrow_mut() = interrupted;
                return true;
            }
        }
        false
    }

    /// Keeps `error`, the first one only: the search stops at its next look.
    pub fn fail(&self, error: PyErr) {
        self.failure.borrow_mut().get_or_insert(error);
    }

    /// The error that stopped the search, if any, taken so that the next search starts
    /// afresh.
    pub fn take(&self) -> Option<PyErr> {
        self.failure.borrow_mut().take()
    }
}
