//! The driver: which method and how many threads for each stretch of heaps, when to choose the
//! sparse space, prove a period and report progress.

use std::ops::ControlFlow;

use super::ahead::compute_ahead;
use super::direct::{Reached, direct_value};
use super::period::{next_check, prove_period};
use super::relay::take_turns;
use super::sparse::SparseSpace;
use super::{GrundySequence, Method, Period, Progress, SequenceError, SequenceOptions};
use crate::games::take_and_break::HeapRules;

/// Values computed by the direct recurrence before the sparse space is chosen from them.
const SAMPLE: usize = 1 << 10;
/// The sparse space is kept only if at most this fraction (1/4) of the sampled heaps are rare.
const RARE_DENOMINATOR: usize = 4;

/// The engine's knobs that are not options: tuned defaults, which tests lower to reach the
/// two-thread paths early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tuning {
    /// The first heap computed on two threads.
    pub(crate) parallel_from: usize,
    /// In a sparse space, values are computed ahead only this many heaps after the last
    /// rare heap: each new rare heap takes back what was computed after it.
    pub(crate) ahead_after: usize,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            parallel_from: 1 << 12,
            ahead_after: 1 << 8,
        }
    }
}

/// What a thread computing values needs: its values so far (the sequence itself on the
/// calling thread, a copy on the other), the sparse space if any, and scratch space.
#[derive(Debug, Default)]
pub(super) struct Worker {
    pub(super) values: Vec<u32>,
    pub(super) space: Option<SparseSpace>,
    pub(super) reached: Reached,
    pub(super) largest: u32,
}

impl Worker {
    /// Appends the next value; room for it was reserved.
    pub(super) fn push(&mut self, value: u32) {
        let heap = self.values.len();
        self.values.push(value);
        self.largest = self.largest.max(value);
        if let Some(space) = &mut self.space {
            space.record(heap, value);
        }
    }

    /// The sequence this worker computed, for heaps up to `max_heap`.
    fn into_sequence(
        self,
        period: Option<Period>,
        max_heap: u64,
        method: Method,
    ) -> GrundySequence {
        let Worker {
            mut values, space, ..
        } = self;
        values.shrink_to_fit();
        GrundySequence {
            values,
            period,
            max_heap,
            method,
            sparse_mask: space.as_ref().map(SparseSpace::mask),
            rare_heaps: space
                .as_ref()
                .map(|space| space.rare().iter().map(|&heap| heap as u64).collect()),
        }
    }

    /// Takes the known value of `heap`, already in `values`, into the worker's state, as
    /// [`push`](Self::push) would have.
    fn replay(&mut self, heap: usize) {
        let value = self.values[heap];
        self.largest = self.largest.max(value);
        if let Some(space) = &mut self.space {
            space.record(heap, value);
        }
    }

    /// Chooses the sparse space when it is time, from the second half of the first `sampled`
    /// values: once there are [`SAMPLE`] of them, again each time their number doubles, and
    /// whenever a value needs a bit more than `chosen_below` (updated) allows. Whether a space
    /// is in use now.
    fn choose_space(
        &mut self,
        rules: &HeapRules,
        sampled: usize,
        chosen_below: &mut u32,
        method: Method,
    ) -> bool {
        let new_bit = self.largest >= *chosen_below;
        if sampled >= SAMPLE && (sampled.is_power_of_two() || new_bit) {
            *chosen_below = (self.largest + 1).next_power_of_two();
            let so_far = &self.values[..sampled];
            if let Some((space, rare)) = SparseSpace::choose(rules, so_far, sampled / 2) {
                let sparse_enough = rare * RARE_DENOMINATOR <= sampled / 2;
                if sparse_enough || method == Method::SparseSpace {
                    self.space = Some(space);
                    return true;
                }
            }
        }
        false
    }

    /// The mex of the options of `heap` that leave only heaps in `values`: G(heap) if
    /// `values` reaches `heap − 1`.
    pub(super) fn mex(&mut self, rules: &HeapRules, heap: usize) -> u32 {
        match &mut self.space {
            Some(space) => space.value(
                rules,
                self.values.as_slice(),
                heap,
                self.largest,
                &mut self.reached,
            ),
            None => direct_value(
                rules,
                self.values.as_slice(),
                heap,
                self.largest,
                &mut self.reached,
            ),
        }
    }

    /// Doubles the room for values (at least 4 096, at most `len` in all), or reports how
    /// many bytes could not be had.
    fn grow(&mut self, len: usize) -> Result<(), SequenceError> {
        let values = &mut self.values;
        let wanted = (values.capacity().max(1 << 12) * 2).min(len);
        let additional = wanted.saturating_sub(values.len()).max(1);
        values
            .try_reserve_exact(additional)
            .map_err(|_| SequenceError::OutOfMemory {
                bytes: ((values.len() + additional) as u64).saturating_mul(4),
            })
    }
}

/// The heaps computed in one go, from the next heap to `end` (not included).
#[derive(Clone, Copy, Debug)]
pub(super) struct Stretch<'r> {
    pub(super) rules: &'r HeapRules,
    pub(super) end: usize,
    /// How many values the whole run may hold: room is never reserved beyond it.
    pub(super) len: usize,
    /// A value of at least this needs a new sparse space: the stretch ends after it.
    pub(super) stop_value: u32,
}

impl Stretch<'_> {
    /// Whether the stretch ends after a heap of value `value`.
    pub(super) fn ends_at(&self, value: u32) -> bool {
        value >= self.stop_value
    }
}

/// The calling thread's worker and, once two threads have run, the helper's, which keeps
/// its copy of the values between stretches.
#[derive(Debug, Default)]
pub(super) struct Workers {
    pub(super) main: Worker,
    helper: Option<Worker>,
}

impl Workers {
    /// Makes room for the stretch's values in both workers and brings the helper's copy up
    /// to date with the calling thread's.
    pub(super) fn prepare(
        &mut self,
        stretch: &Stretch,
    ) -> Result<(&mut Worker, &mut Worker), SequenceError> {
        let main = &mut self.main;
        while main.values.capacity() < stretch.end {
            main.grow(stretch.len)?;
        }
        let helper = self.helper.get_or_insert_with(Worker::default);
        let wanted = stretch.end - helper.values.len();
        helper
            .values
            .try_reserve(wanted)
            .map_err(|_| SequenceError::OutOfMemory {
                bytes: (stretch.end as u64).saturating_mul(4),
            })?;
        helper
            .values
            .extend_from_slice(&main.values[helper.values.len()..]);
        helper.space.clone_from(&main.space);
        helper.largest = main.largest;
        Ok((main, helper))
    }

    /// Computes the stretch, or its next heap: on two threads where they help, else on this
    /// one.
    fn extend(
        &mut self,
        stretch: &Stretch,
        options: &SequenceOptions,
        tuning: Tuning,
    ) -> Result<(), SequenceError> {
        let heap = self.main.values.len();
        let two_threads = options.parallel
            && stretch.rules.splits()
            && heap >= tuning.parallel_from
            && stretch.end > heap + 1;
        let quiet = |space: &SparseSpace| heap - space.last_rare() >= tuning.ahead_after;
        match &self.main.space {
            None if two_threads => take_turns(self, stretch),
            Some(space) if two_threads && quiet(space) => compute_ahead(self, stretch),
            _ => {
                let main = &mut self.main;
                let value = main.mex(stretch.rules, heap);
                if main.values.len() == main.values.capacity() {
                    main.grow(stretch.len)?;
                }
                main.push(value);
                Ok(())
            }
        }
    }
}

/// Waits a little: spinning is right while both threads run; yielding lets the other one in
/// when there are fewer cores than threads.
pub(super) fn pause(spins: &mut u32) {
    if *spins < 1 << 10 {
        std::hint::spin_loop();
        *spins += 1;
    } else {
        std::thread::yield_now();
    }
}

/// G(0), …, G(n) of the game with `rules`.
pub(crate) fn compute(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<GrundySequence, SequenceError> {
    compute_tuned(rules, n, options, Tuning::default(), Vec::new(), progress)
}

/// G(0), …, G(n) of the game with `rules`, given that `known` holds G(0), G(1), … already
/// (from an earlier run of the same rules): they are taken as they are, not computed again.
pub(crate) fn compute_from(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    known: Vec<u32>,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<GrundySequence, SequenceError> {
    compute_tuned(rules, n, options, Tuning::default(), known, progress)
}

/// As [`compute_from`], with the engine's knobs set.
pub(crate) fn compute_tuned(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    tuning: Tuning,
    known: Vec<u32>,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<GrundySequence, SequenceError> {
    let full = compute_full(rules, n, options, tuning, known, &mut |report, _| {
        progress(report)
    })?;
    Ok(full.main.into_sequence(full.period, n, full.method))
}

/// How a run holding every value ended.
pub(super) struct Full {
    /// The calling thread's worker: the values and the sparse space.
    pub(super) main: Worker,
    pub(super) period: Option<Period>,
    pub(super) method: Method,
    /// Whether the progress callback stopped the run.
    pub(super) stopped: bool,
}

/// As [`compute_tuned`], with the worker's state returned; `progress` sees the values so far
/// with each report.
pub(super) fn compute_full(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    tuning: Tuning,
    mut known: Vec<u32>,
    progress: &mut dyn FnMut(&Progress, &[u32]) -> ControlFlow<()>,
) -> Result<Full, SequenceError> {
    let too_large = SequenceError::TooLarge {
        n,
        max: super::MAX_HEAP,
    };
    if n > super::MAX_HEAP {
        return Err(too_large);
    }
    let len = usize::try_from(n + 1).map_err(|_| too_large)?;
    // Grown as needed rather than reserved for `n` up front: a periodic game may stop after
    // a few hundred values, whatever `n` is.
    let mut workers = Workers::default();
    known.truncate(len);
    // The known values are replayed heap by heap below — recorded in the sparse space, with
    // the space chosen and the period checked where a run computing them would — so that the
    // run goes on as if it had computed them itself.
    let known_len = known.len().max(1);
    if known.is_empty() {
        workers.main.grow(len)?;
        workers.main.push(0);
    } else {
        workers.main.values = known;
    }
    let mut done = 1;
    // Splits into three heaps give values of both parities from common heaps alone: no sparse
    // space helps them.
    let sparse_wanted = !rules.leave_two.is_empty()
        && rules.leave_three.is_empty()
        && options.method != Method::Direct;
    let mut method = Method::Direct;
    let mut period = None;
    let mut check_at = if rules.has_periodicity_theorem() && options.prove_period {
        next_check(0)
    } else {
        usize::MAX
    };
    let report_every = usize::try_from(options.progress_every.max(1)).unwrap_or(usize::MAX);
    // Every `report_every` values counting from G(0), the known ones passed over.
    let mut report_at = (known_len / report_every)
        .saturating_add(1)
        .saturating_mul(report_every);
    let mut stopped = false;
    // The space is chosen again when a value needs more bits than the last choice saw.
    let mut chosen_below = 0;
    while done < len {
        if done < known_len {
            workers.main.replay(done);
            done += 1;
        } else {
            let heap = workers.main.values.len();
            // A stretch of heaps for two threads, ending where the checks below may act: at a
            // power of two, a period check, a progress report, or a value needing a new bit.
            let stretch = Stretch {
                rules,
                end: len
                    .min(check_at)
                    .min(report_at)
                    .min((heap + 1).next_power_of_two()),
                len,
                stop_value: if sparse_wanted && chosen_below > 0 {
                    chosen_below
                } else {
                    u32::MAX
                },
            };
            workers.extend(&stretch, options, tuning)?;
            done = workers.main.values.len();
        }
        let main = &mut workers.main;
        if sparse_wanted && main.choose_space(rules, done, &mut chosen_below, options.method) {
            method = Method::SparseSpace;
        }
        if done >= check_at {
            period = prove_period(rules, &main.values[..done]);
            if period.is_some() {
                main.values.truncate(done);
                break;
            }
            check_at = next_check(done);
        }
        if done < known_len {
            // Replaying what an earlier run reported: no reports, no stop.
            continue;
        }
        if done >= report_at || done == len {
            report_at = done.saturating_add(report_every);
            let report = Progress {
                computed: done as u64,
                target: n + 1,
                rare_heaps: main.space.as_ref().map(SparseSpace::rare_count),
                largest_value: main.largest,
            };
            if progress(&report, &main.values).is_break() {
                stopped = true;
                break;
            }
        }
    }
    if period.is_none() && !stopped && rules.has_periodicity_theorem() && options.prove_period {
        period = prove_period(rules, &workers.main.values);
    }
    Ok(Full {
        main: workers.main,
        period,
        method,
        stopped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;
    use crate::sequence::testing::{octal_rules, random_words, rules};

    /// A game for the tests: octal digits, or Grundy's game.
    enum Game {
        Octal(Vec<u8>),
        Grundys,
    }

    impl Game {
        fn rules(&self) -> HeapRules {
            match self {
                Game::Octal(digits) => octal_rules(digits),
                Game::Grundys => rules(&[], &[], &[0], true),
            }
        }

        fn values(&self, n: usize) -> Vec<u32> {
            match self {
                Game::Octal(digits) => reference::code_values(digits, n),
                Game::Grundys => reference::grundys_game_values(n),
            }
        }
    }

    /// Named games whose sparse spaces differ (0.6, 0.16, 0.77, Grundy's game, 0.4 with a
    /// domain space, 4.25 whose late options leave `n − 1` and split into 1 and `n − 1`), and
    /// random codes biased to splitting digits.
    fn games() -> Vec<Game> {
        let mut games = vec![
            Game::Octal(vec![0, 6]),
            Game::Octal(vec![0, 1, 6]),
            Game::Octal(vec![0, 7, 7]),
            Game::Grundys,
            Game::Octal(vec![0, 4]),
            Game::Octal(vec![4, 2, 5]),
        ];
        let mut next = random_words(9);
        while games.len() < 16 {
            let length = 1 + next() as usize % 10;
            let mut digits = vec![if next().is_multiple_of(2) { 0 } else { 4 }];
            digits.extend((0..length).map(|_| {
                if next().is_multiple_of(4) {
                    (next() % 4) as u8
                } else {
                    4 + (next() % 4) as u8
                }
            }));
            if digits.iter().any(|&digit| digit != 0) {
                games.push(Game::Octal(digits));
            }
        }
        games
    }

    /// Two threads give the definition's values, for every method, with the hand-over
    /// brought early, stretches cut short by frequent progress reports (65 and 129 heaps end
    /// one heap into a block of rows or a batch), and values computed ahead from the first
    /// stretch on, so that many are found wrong and taken back; and they choose the method
    /// one thread does.
    #[test]
    fn two_threads_give_the_definitions_values() {
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        let n = if cfg!(debug_assertions) { 1_500 } else { 6_000 };
        let mut larger_than_255 = 0;
        for game in games() {
            let rules = game.rules();
            let expected = game.values(n);
            if expected.iter().any(|&value| value > 255) {
                larger_than_255 += 1;
            }
            for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
                let one = SequenceOptions::default()
                    .with_method(method)
                    .with_prove_period(false)
                    .with_parallel(false);
                let alone = compute(&rules, n as u64, &one, keep_going).unwrap();
                for (ahead_after, every) in [(0, 65), (0, 129), (256, 777)] {
                    let two = one.clone().with_parallel(true).with_progress_every(every);
                    let tuning = Tuning {
                        parallel_from: 64,
                        ahead_after,
                    };
                    let got = compute_tuned(&rules, n as u64, &two, tuning, Vec::new(), keep_going)
                        .unwrap();
                    let first_difference = (got.values.iter().zip(&expected))
                        .position(|(got, expected)| got != expected);
                    let what = format!("{rules:?} {method:?} {ahead_after} {every}");
                    assert_eq!(first_difference, None, "{what}");
                    assert_eq!(got.values.len(), n + 1, "{what}");
                    assert_eq!(got.method, alone.method, "{what}");
                }
            }
        }
        assert!(
            larger_than_255 > 0,
            "no game had values past 255: the test reached no edge"
        );
    }

    /// A run stopped anywhere and continued from its values gives the values of a run never
    /// stopped, the same method and the same sparse space — stopped before and after the
    /// space is chosen, at a power of two and one heap past, on one thread and two, with
    /// values computed ahead from the first stretch on; continuing a complete run computes
    /// nothing more.
    #[test]
    fn a_stopped_run_continues_as_if_never_stopped() {
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        let n = if cfg!(debug_assertions) { 1_500 } else { 5_000 };
        for game in games() {
            let rules = game.rules();
            for parallel in [false, true] {
                let options = SequenceOptions::default()
                    .with_prove_period(false)
                    .with_parallel(parallel);
                let tuning = Tuning {
                    parallel_from: 64,
                    ahead_after: 0,
                };
                let whole =
                    compute_tuned(&rules, n as u64, &options, tuning, Vec::new(), keep_going)
                        .unwrap();
                for stop_at in [1, 2, 700, 1_024, 1_025, 1_400, n + 1] {
                    let stop_options = options.clone().with_progress_every(stop_at as u64);
                    let stop = &mut |_: &Progress| ControlFlow::Break(());
                    let first =
                        compute_tuned(&rules, n as u64, &stop_options, tuning, Vec::new(), stop)
                            .unwrap();
                    assert!(first.values.len() >= stop_at.min(n + 1));
                    let rest =
                        compute_tuned(&rules, n as u64, &options, tuning, first.values, keep_going)
                            .unwrap();
                    let what = format!("{rules:?} parallel {parallel}, stopped at {stop_at}");
                    assert_eq!(rest.values, whole.values, "{what}");
                    assert_eq!(rest.method, whole.method, "{what}");
                    assert_eq!(rest.sparse_mask, whole.sparse_mask, "{what}");
                }
            }
        }
    }

    /// A continued run reports at the multiples of the reporting interval past the known
    /// values, never at once: a caller that stops at every report makes progress.
    #[test]
    fn a_continued_run_reports_past_the_known_values() {
        let rules = octal_rules(&[0, 6]);
        let options = SequenceOptions::default().with_progress_every(1_000);
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        let known = compute(&rules, 2_500, &options, keep_going).unwrap().values;
        let mut reports = Vec::new();
        let record = &mut |progress: &Progress| {
            reports.push(progress.computed);
            ControlFlow::Continue(())
        };
        let rest = compute_from(&rules, 5_500, &options, known, record).unwrap();
        assert_eq!(rest.values.len(), 5_501);
        assert_eq!(reports, [3_000, 4_000, 5_000, 5_501]);
    }

    /// Known values that no heap game has are refused: G(0) is 0 in every one.
    #[test]
    fn known_values_must_start_from_zero() {
        use crate::octal::OctalGame;
        use crate::sequence::SequenceError;
        let keep_going = |_: &Progress| ControlFlow::Continue(());
        let game = OctalGame::kayles();
        let options = SequenceOptions::default();
        assert_eq!(
            game.values_continued(vec![3, 1], 10, &options, keep_going),
            Err(SequenceError::NotFromZero { found: 3 })
        );
        // No known values: a run from scratch.
        assert_eq!(
            game.values_continued(Vec::new(), 10, &options, keep_going),
            game.values_up_to(10)
        );
    }
}
