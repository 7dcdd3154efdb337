//! The decomposing search on several threads: the sums of the root part's options dealt out
//! one at a time, the table shared (see [`SplitSearch::answer_on_threads`]); a thread with
//! none left helps with another's, and near the root a thread leaves for later the sums
//! whose parts another is searching.

use std::fmt::Debug;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;

use super::busy::Busy;
use super::line::LineOfPlay;
use super::search::{Answer, Question, SplitSearch};
use super::sums::Split;
use super::sums::largest_index;
use crate::error::SolveError;
use crate::game::{ImpartialGame, Nimber, Outcome};

/// The sums of a threaded question not taken yet: those kept for each thread (by rank), and
/// the rest; and those being searched, each with the flag set when it is finished.
struct Picks {
    kept: Vec<Vec<usize>>,
    untaken: std::ops::Range<usize>,
    searched: Vec<Searched>,
}

/// A sum a thread is searching.
struct Searched {
    index: usize,
    done: Arc<AtomicBool>,
    helped: bool,
}

/// What a thread of a threaded question does next.
enum Pick {
    /// Search sum `index`, its own.
    Take(usize),
    /// Help with sum `index`, which another thread is searching, until `done` is set.
    Help(usize, Arc<AtomicBool>),
}

impl Picks {
    /// The picks of `sums` sums among `helpers` helpers and the first thread. Every thread
    /// takes the sums from the smallest up: the likeliest to answer *yes* soon. (Helpers once
    /// took the largest first, to finish together: on Cram 5 × 9 the one that took the
    /// largest searched 14 s for nothing while the first thread found a *yes* in the second
    /// smallest.) Each thread has the sum of its rank kept for it, so that it searches at
    /// least one however late it starts (a thread the system will not give leaves its sum to
    /// the first).
    fn new(helpers: usize, sums: usize) -> Self {
        let starting = helpers.min(sums.saturating_sub(1)) + 1;
        let mut kept = vec![Vec::new(); helpers + 1];
        for (rank, kept) in kept.iter_mut().enumerate().take(starting) {
            kept.push(rank);
        }
        Picks {
            kept,
            untaken: starting..sums,
            searched: Vec::new(),
        }
    }

    /// What thread `rank` does next: its own sum first, then the smallest left; with none
    /// left, help with the largest sum being searched that no thread helps with yet.
    fn take(&mut self, rank: usize) -> Option<Pick> {
        let untaken = self.kept[rank].pop().or_else(|| self.untaken.next());
        if let Some(index) = untaken {
            self.searched.push(Searched {
                index,
                done: Arc::new(AtomicBool::new(false)),
                helped: false,
            });
            return Some(Pick::Take(index));
        }
        let searched = self
            .searched
            .iter_mut()
            .filter(|searched| !searched.helped)
            .max_by_key(|searched| searched.index)?;
        searched.helped = true;
        Some(Pick::Help(searched.index, Arc::clone(&searched.done)))
    }

    /// Sum `index` is finished: a thread helping with it stops.
    fn finish(&mut self, index: usize) {
        if let Some(at) = self
            .searched
            .iter()
            .position(|searched| searched.index == index)
        {
            self.searched
                .swap_remove(at)
                .done
                .store(true, Ordering::Relaxed);
        }
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
    /// Forgets the line of play of a search a panic unwound through, the stop flag its
    /// threads shared, the sum it was helping another thread with, the parts it marked busy,
    /// and the rounds it was in.
    pub(crate) fn forget_line_of_play(&mut self) {
        self.path.clear();
        self.stop = None;
        // A panic while helping with another thread's sum left its flag, which the next
        // question would read as "finished" and stop at once (seen: 1 run in 10 of the
        // panic test on two threads answered `StateLimit { limit: 0 }`).
        self.helped_done = None;
        self.busy = None;
        // A panic unwound through the rounds it was in, without ending them.
        self.deadline = u64::MAX;
        self.abandoned = false;
    }

    /// The answer to `question` about `position`, on the threads set. The question comes
    /// down to questions about the options of the position's largest part ("has some option
    /// value `k`?"), each answered by searching sums of parts; the threads take those sums
    /// one at a time from a shared counter, the table shared among them (a fact one finds,
    /// the others read), and the first sum that answers *yes* stops the others. Every answer
    /// is the one a single thread gives — whichever option answers, the answer is the same,
    /// and a fact in the table is true whoever found it — only the work differs.
    ///
    /// Two things keep the threads from doing each other's work. Down to [`BUSY_DEPTH`]
    /// parts deep, each thread marks the parts it is searching, and a thread leaves a sum
    /// with a marked part for after its other sums (by then, mostly a fact in the table) —
    /// once some thread has found the first of those sums not a P-position: before, the
    /// first alone may answer, and it follows the other thread into it.
    /// And a thread with no sum left to take searches one another thread is searching: the
    /// marks send it down other branches, whose facts the other then finds in the table; it
    /// stops when the other finishes.
    ///
    /// Past two threads, on paper: the root's sums are few (21 on Cram 4 × 11, 7 on Sprouts
    /// 12 spots) and share much of their work, so each thread added finds less that the
    /// others would not have found, and ends sooner with nothing to take but help; and a
    /// question is as slow as its longest sum (Sprouts 12's largest option is three fifths
    /// of the search). Sharing more would split that sum's own options among the threads
    /// where none answers at once (a *young brothers wait* scheme); today only the marks do.
    /// The shared table's 256 shards keep four or eight threads from meeting at its locks.
    /// The answer is the same on any number.
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
        self.busy = Some(Arc::new(Busy::default()));
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
        self.busy = None;
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
            helped_done: None,
            busy: self.busy.clone(),
            deadline: u64::MAX,
            abandoned: false,
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
        let question = SharedQuestion {
            game,
            pending,
            value,
            picks: Mutex::new(Picks::new(helpers.len(), pending.len())),
            stop: Arc::new(AtomicBool::new(false)),
            found: AtomicBool::new(false),
            failure: Mutex::new(None),
        };
        for helper in helpers.iter_mut() {
            helper.path.clone_from(&self.path);
            helper.stop = Some(Arc::clone(&question.stop));
        }
        let outer = self.stop.replace(Arc::clone(&question.stop));
        thread::scope(|scope| {
            let mut running = Vec::new();
            for (rank, helper) in (1..).zip(helpers.iter_mut()) {
                let question = &question;
                match thread::Builder::new()
                    .spawn_scoped(scope, move || question.work(helper, rank))
                {
                    Ok(thread) => running.push(thread),
                    Err(_) => question.picks().orphan(rank),
                }
            }
            question.work(self, 0);
            for thread in running {
                if let Err(panic) = thread.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
        self.stop = outer;
        let found = question.found.load(Ordering::Relaxed);
        match question
            .failure
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            Some(error) if !found => Err(error),
            _ => Ok(found),
        }
    }
}

/// A question the threads answer together, and what they share for it: whether some sum of
/// `pending` plus `*value` is a P-position.
struct SharedQuestion<'q, G, P: Debug> {
    game: &'q G,
    pending: &'q [Split<P>],
    value: u32,
    picks: Mutex<Picks>,
    /// Set when the question is answered, or a thread failed.
    stop: Arc<AtomicBool>,
    found: AtomicBool,
    /// The first error met before the stop.
    failure: Mutex<Option<SolveError<P>>>,
}

impl<G, P> SharedQuestion<'_, G, P>
where
    G: ImpartialGame<Position = P>,
    P: Clone + Eq + Hash + Debug,
{
    fn picks(&self) -> MutexGuard<'_, Picks> {
        self.picks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Answers with the sum found a P-position: the others stop.
    fn answer_yes(&self) {
        self.found.store(true, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Thread `rank`'s part, with `search`: sums taken, then help, until the question is
    /// answered or nothing is left.
    fn work(&self, search: &mut SplitSearch<P>, rank: usize) {
        // A panic in the ruleset stops the other threads too, then reaches the caller.
        let _stop_on_panic = StopOnPanic(&self.stop);
        while !self.stop.load(Ordering::Relaxed) {
            let taken = self.picks().take(rank);
            match taken {
                None => break,
                Some(Pick::Take(index)) => {
                    let answer = search.sum_is_p(self.game, &self.pending[index], self.value);
                    self.picks().finish(index);
                    match answer {
                        Ok(false) => {}
                        Ok(true) => self.answer_yes(),
                        // An error after the stop may be the stop itself; the first before
                        // it is the answer.
                        Err(error) => {
                            if !self.stop.swap(true, Ordering::Relaxed) {
                                *self.failure.lock().unwrap_or_else(PoisonError::into_inner) =
                                    Some(error);
                            }
                        }
                    }
                }
                Some(Pick::Help(index, done)) => {
                    // The same sum: below it, the parts the other thread is searching are
                    // marked busy, so this one takes the sums after them first. The facts it
                    // finds are true whoever finds them, and the other thread reads them from
                    // the table. Its answer is the sum's; a limit it meets, the other thread
                    // meets too, and reports. (Taking the sums below largest first instead
                    // was no faster: Cram 4 × 11 3.2–4.2 s against 3.1–3.3 s, Sprouts 12
                    // spots 150 s against 152 s.)
                    search.helped_done = Some(done);
                    let answer = search.sum_is_p(self.game, &self.pending[index], self.value);
                    search.helped_done = None;
                    if matches!(answer, Ok(true)) {
                        self.answer_yes();
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::busy::Busy;
    use super::{Pick, Picks};
    use std::sync::atomic::Ordering;

    fn picks(kept: Vec<Vec<usize>>, untaken: std::ops::Range<usize>) -> Picks {
        Picks {
            kept,
            untaken,
            searched: Vec::new(),
        }
    }

    fn taken(pick: Option<Pick>) -> Option<usize> {
        match pick? {
            Pick::Take(index) => Some(index),
            Pick::Help(..) => None,
        }
    }

    /// Each thread takes its own sum, then the smallest left; with none left, it helps with
    /// the largest sum being searched that no one helps with, until that sum is finished.
    #[test]
    fn threads_take_the_smallest_then_help_with_the_largest_searched() {
        let mut picks = picks(vec![vec![0], vec![1]], 2..4);
        assert_eq!(taken(picks.take(1)), Some(1));
        assert_eq!(taken(picks.take(0)), Some(0));
        assert_eq!(taken(picks.take(0)), Some(2));
        picks.finish(0);
        assert_eq!(taken(picks.take(1)), Some(3));
        picks.finish(3);
        let Some(Pick::Help(index, done)) = picks.take(1) else {
            panic!("sums 1 and 2 are searched: thread 1 helps");
        };
        assert_eq!(index, 2);
        assert!(!done.load(Ordering::Relaxed));
        // Sum 1 is left to help with, by no one twice.
        assert!(matches!(picks.take(0), Some(Pick::Help(1, _))));
        assert!(picks.take(0).is_none());
        picks.finish(2);
        assert!(done.load(Ordering::Relaxed), "the helper stops");
        picks.finish(1);
        assert!(picks.take(0).is_none() && picks.take(1).is_none());
    }

    /// Each thread starts with the sum of its rank; a helper with no sum to start on starts
    /// with none.
    #[test]
    fn each_thread_starts_with_the_sum_of_its_rank() {
        let mut picks = Picks::new(1, 4);
        assert_eq!(taken(picks.take(1)), Some(1));
        assert_eq!(taken(picks.take(0)), Some(0));
        assert_eq!(taken(picks.take(0)), Some(2));
        assert_eq!(taken(picks.take(1)), Some(3));
        let mut few = Picks::new(3, 2);
        assert_eq!(taken(few.take(2)), None);
        assert_eq!(taken(few.take(1)), Some(1));
        assert_eq!(taken(few.take(0)), Some(0));
    }

    /// A helper that could not start leaves its sum to the first thread.
    #[test]
    fn an_orphaned_sum_goes_to_the_first_thread() {
        let mut picks = picks(vec![vec![0], vec![1]], 2..2);
        picks.orphan(1);
        assert_eq!(taken(picks.take(0)), Some(1));
        assert_eq!(taken(picks.take(0)), Some(0));
    }

    #[test]
    fn a_part_is_busy_while_some_thread_searches_it() {
        let busy = Busy::default();
        assert!(!busy.holds_any(&[1u64, 2]));
        busy.enter(&2);
        busy.enter(&2);
        assert!(busy.holds_any(&[1, 2]));
        assert!(!busy.holds_any(&[1, 3]));
        busy.leave(&2);
        assert!(busy.holds_any(&[2]), "a second thread still searches it");
        busy.leave(&2);
        assert!(!busy.holds_any(&[2]));
        busy.enter(&5);
        assert!(!busy.past_first(&5));
        busy.pass_first(&5);
        assert!(busy.past_first(&5));
        busy.leave(&5);
        assert!(
            !busy.past_first(&5),
            "a part no thread searches is forgotten"
        );
        busy.pass_first(&5);
        assert!(!busy.past_first(&5));
    }
}
