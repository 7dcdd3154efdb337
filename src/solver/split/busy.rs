//! Which parts near the root the threads of a threaded question are searching: what one
//! thread marks busy, the others leave for later.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::hash::MapBuildHasher;

/// How deep in the line of play the threads of a threaded question say which parts they are
/// searching, for the others to leave those for later (deeper, the lock would cost more than
/// the work it saves: on Cram 4 × 11 the threads list 4 % fewer options from 3 to 6 deep,
/// and take longer from 10 deep).
pub(super) const BUSY_DEPTH: usize = 6;

/// The parts near the root that the threads of a threaded question are searching: for each,
/// how many threads are, and whether one has found the first sum of its options not a
/// P-position.
#[derive(Debug)]
pub(crate) struct Busy<P> {
    parts: Mutex<HashMap<P, BusyPart, MapBuildHasher>>,
}

#[derive(Debug, Default)]
struct BusyPart {
    threads: u32,
    past_first: bool,
}

impl<P> Default for Busy<P> {
    fn default() -> Self {
        Busy {
            parts: Mutex::new(HashMap::default()),
        }
    }
}

impl<P: Clone + Eq + Hash> Busy<P> {
    fn lock(&self) -> MutexGuard<'_, HashMap<P, BusyPart, MapBuildHasher>> {
        self.parts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A thread starts searching `part`.
    pub(super) fn enter(&self, part: &P) {
        self.lock().entry(part.clone()).or_default().threads += 1;
    }

    /// A thread has finished searching `part` (or stopped).
    pub(super) fn leave(&self, part: &P) {
        let mut parts = self.lock();
        if let Some(busy) = parts.get_mut(part) {
            busy.threads -= 1;
            if busy.threads == 0 {
                parts.remove(part);
            }
        }
    }

    /// Whether a thread is searching one of `parts`.
    #[cfg(test)]
    pub(super) fn holds_any(&self, parts: &[P]) -> bool {
        let held = self.lock();
        !held.is_empty() && parts.iter().any(|part| held.contains_key(part))
    }

    /// A thread has found the first sum of `part`'s options not a P-position.
    pub(super) fn pass_first(&self, part: &P) {
        if let Some(busy) = self.lock().get_mut(part) {
            busy.past_first = true;
        }
    }

    /// Whether a thread searching `part` has found the first sum of its options not a
    /// P-position.
    #[cfg(test)]
    pub(super) fn past_first(&self, part: &P) -> bool {
        self.lock().get(part).is_some_and(|busy| busy.past_first)
    }

    /// Whether a sum of `node`'s options made of `parts` waits: some thread has found the
    /// first sum of `node`'s options not a P-position, and a thread is searching one of
    /// `parts`. One lock for both.
    pub(super) fn defers(&self, node: &P, parts: &[P]) -> bool {
        let held = self.lock();
        held.get(node).is_some_and(|busy| busy.past_first)
            && parts.iter().any(|part| held.contains_key(part))
    }
}
