//! The decomposing search on several threads: the sums of the root part's options dealt out
//! one at a time, the table shared (see [`SplitSearch::answer_on_threads`]).

use std::fmt::Debug;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use super::line::LineOfPlay;
use super::search::{Answer, Question, SplitSearch, largest_index};
use super::sums::Split;
use crate::error::SolveError;
use crate::game::{ImpartialGame, Nimber, Outcome};

/// The sums of a threaded question not taken yet: those kept for each thread (by rank), and
/// the rest.
struct Picks {
    kept: Vec<Vec<usize>>,
    untaken: std::ops::Range<usize>,
}

impl Picks {
    /// The next sum for thread `rank`: its own first, then the smallest left for the first
    /// thread and the largest for a helper.
    fn take(&mut self, rank: usize) -> Option<usize> {
        self.kept[rank].pop().or_else(|| match rank {
            0 => self.untaken.next(),
            _ => self.untaken.next_back(),
        })
    }

    /// Gives the sums kept for helper `rank`, which could not start, to the first thread.
    fn orphan(&mut self, rank: usize) {
        let orphaned = std::mem::take(&mut self.kept[rank]);
        self.kept[0].extend(orphaned);
    }
}

/// Sets its flag if the thread panics while it lives.
struct StopOnPanic<'f>(&'f AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

impl<P: Clone + Eq + Hash + Debug> SplitSearch<P> {
    /// The answer to `question` about `position`, on the threads set. The question comes
    /// down to questions about the options of the position's largest part ("has some option
    /// value `k`?"), each answered by searching sums of parts; the threads take those sums
    /// one at a time from a shared counter, the table shared among them (a fact one finds,
    /// the others read), and the first sum that answers *yes* stops the others. Every answer
    /// is the one a single thread gives — whichever option answers, the answer is the same,
    /// and a fact in the table is true whoever found it — only the work differs.
    pub(crate) fn answer_on_threads<G>(
        &mut self,
        game: &G,
        position: &P,
        question: Question,
    ) -> Result<Answer, SolveError<P>>
    where
        G: ImpartialGame<Position = P> + Sync,
        P: Send + Sync,
    {
        if self.threads == 1 || !self.table.is_shared() {
            return self.answer(game, position, question);
        }
        let mut helpers: Vec<SplitSearch<P>> = (1..self.threads).map(|_| self.helper()).collect();
        let mut ask = |search: &mut Self, game: &G, pending: &[Split<P>], value: u32| {
            if pending.len() < 2 {
                // Nothing to share: a thread started would find no sum to take.
                return search.any_sum_has(game, pending, value);
            }
            search.any_sum_has_on_threads(game, pending, value, &mut helpers)
        };
        let result = self.split(game, position).and_then(|split| {
            let mut target = split.known;
            let largest = largest_index(game, &split.unknown);
            for (index, part) in split.unknown.iter().enumerate() {
                if question == Question::Grundy || Some(index) != largest {
                    target ^= self.part_value_with(game, part, &mut ask)?;
                }
            }
            Ok(match (question, largest) {
                (Question::Grundy, _) => Answer::Grundy(Nimber(u128::from(target))),
                (Question::Outcome, None) => {
                    Answer::Outcome(Outcome::from(Nimber(u128::from(target))))
                }
                (Question::Outcome, Some(largest)) => {
                    let part = &split.unknown[largest];
                    if self.has_value_with(game, part, target, &mut ask)? {
                        Answer::Outcome(Outcome::P)
                    } else {
                        Answer::Outcome(Outcome::N)
                    }
                }
            })
        });
        self.finish(result)
    }

    /// A search for a helper thread, on this one's table.
    fn helper(&self) -> Self {
        SplitSearch {
            table: self.table.share().expect("threads share the table"),
            cache: self.cache.empty_like(),
            path: LineOfPlay::default(),
            state_limit: self.state_limit,
            byte_limit: self.byte_limit,
            use_known_grundy: self.use_known_grundy,
            work: 0,
            budget: self.budget,
            threads: self.threads,
            stop: None,
            spare_lists: Vec::new(),
        }
    }

    /// Whether some sum of `pending` plus `*value` is a P-position, this search and
    /// `helpers` each taking the next sum not taken until one is (then all stop) or none
    /// is left. A limit one thread meets stops the others, and is the answer.
    fn any_sum_has_on_threads<G>(
        &mut self,
        game: &G,
        pending: &[Split<P>],
        value: u32,
        helpers: &mut [SplitSearch<P>],
    ) -> Result<bool, SolveError<P>>
    where
        G: ImpartialGame<Position = P> + Sync,
        P: Send + Sync,
    {
        // The first thread takes the sums from the smallest up (the likeliest to answer
        // *yes* soon), the helpers from the largest down (the longest, started first, so
        // that no thread is left alone with one at the end). Each helper has the largest
        // sum not given to another kept for it, so that it searches at least one however
        // late it starts (a thread the system will not give leaves its sum to this one).
        let helper_count = helpers.len().min(pending.len().saturating_sub(1));
        let mut kept: Vec<Vec<usize>> = vec![Vec::new(); helpers.len() + 1];
        for (rank, kept) in kept.iter_mut().enumerate().skip(1).take(helper_count) {
            kept.push(pending.len() - rank);
        }
        let picks = Mutex::new(Picks {
            kept,
            untaken: 0..pending.len() - helper_count,
        });
        let stop = Arc::new(AtomicBool::new(false));
        let found = AtomicBool::new(false);
        let failure = Mutex::new(None);
        let work = |search: &mut SplitSearch<P>, rank: usize| {
            // A panic in the ruleset stops the other threads too, then reaches the caller.
            let _stop_on_panic = StopOnPanic(&stop);
            while !stop.load(Ordering::Relaxed) {
                let taken = picks
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take(rank);
                let Some(sum) = taken.map(|index| &pending[index]) else {
                    break;
                };
                match search.sum_is_p(game, sum, value) {
                    Ok(false) => {}
                    Ok(true) => {
                        found.store(true, Ordering::Relaxed);
                        stop.store(true, Ordering::Relaxed);
                    }
                    // An error after the stop may be the stop itself; the first before it
                    // is the answer.
                    Err(error) => {
                        if !stop.swap(true, Ordering::Relaxed) {
                            *failure.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
                        }
                    }
                }
            }
        };
        for helper in helpers.iter_mut() {
            helper.path.clone_from(&self.path);
            helper.stop = Some(Arc::clone(&stop));
        }
        let outer = self.stop.replace(Arc::clone(&stop));
        thread::scope(|scope| {
            let mut running = Vec::new();
            for (rank, helper) in (1..).zip(helpers.iter_mut()) {
                let work = &work;
                match thread::Builder::new().spawn_scoped(scope, move || work(helper, rank)) {
                    Ok(thread) => running.push(thread),
                    Err(_) => picks
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .orphan(rank),
                }
            }
            work(self, 0);
            for thread in running {
                if let Err(panic) = thread.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
        self.stop = outer;
        match failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(error) if !found.load(Ordering::Relaxed) => Err(error),
            _ => Ok(found.load(Ordering::Relaxed)),
        }
    }
}
