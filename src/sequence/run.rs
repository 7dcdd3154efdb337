//! The driver: which method and how many threads for each stretch of heaps, when to choose the
//! sparse space, prove a period and report progress.
// Without the feature `research`, the parts that only the sparse space, the threads and
// the bounded runs read are left unused.
#![cfg_attr(not(feature = "research"), allow(dead_code))]

use std::ops::ControlFlow;

#[cfg(feature = "research")]
use super::ahead::compute_ahead;
use super::arithmetic::ArithmeticPeriod;
#[cfg(feature = "research")]
use super::arithmetic::apparent as apparent_arithmetic;
#[cfg(feature = "research")]
use super::arithmetic_proof::{applies_to, prove_arithmetic};
use super::error::{MAX_HEAP, SequenceError, checked_len};
use super::grundy_sequence::GrundySequence;
use super::many;
use super::options::{Method, Progress, SequenceOptions};
use super::period::{Period, next_check, prove_period};
#[cfg(feature = "research")]
use super::relay::take_turns;
use super::sparse::SparseSpace;
#[cfg(feature = "research")]
use super::stretch::Ended;
use super::stretch::{Stretch, Worker, reserve_for};
use super::values::{Value, Values, typed, width_within};
use crate::heap::HeapRules;

/// The engine's knobs that are not options: tuned defaults, which tests lower to reach the
/// two-thread paths early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tuning {
    /// The first heap computed on two threads.
    pub(crate) parallel_from: usize,
    /// In a sparse space, values are computed ahead only this many heaps after the last
    /// rare heap: each new rare heap takes back what was computed after it.
    pub(crate) ahead_after: usize,
    /// The largest value kept in one byte and in two: 255 and 65 535, lowered by tests so
    /// that small runs widen their values on every path.
    pub(crate) width_limits: [u32; 2],
    /// The most threads that take turns at the heaps by the direct recurrence: the machine's
    /// cores, since a thread there waits for the heaps just below its own, and on more
    /// threads than cores it waits while the thread it waits for is off its core (0.6 to
    /// 2 · 10⁵ on 3, 4 and 8 threads on 2 cores: 9.2, 8.7 and 11.1 s, against 5.7–6.8 s on
    /// 2). Tests lift it, to run many threads on few cores.
    pub(crate) turn_threads: usize,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            parallel_from: 1 << 12,
            ahead_after: 1 << 8,
            width_limits: [u8::MAX.into(), u16::MAX.into()],
            turn_threads: cores(),
        }
    }
}

/// The cores this process may run on, asked once.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

impl Tuning {
    /// The largest value values `width` bytes wide hold.
    fn largest_in_width(&self, width: usize) -> u32 {
        match width {
            1 => self.width_limits[0],
            2 => self.width_limits[1],
            _ => u32::MAX,
        }
    }

    /// The width in bytes that holds `value`.
    fn width_for(&self, value: u32) -> usize {
        width_within(value, self.width_limits)
    }
}

/// The values, the calling thread's worker and, once threads have run, the helpers'.
#[derive(Debug, Default)]
pub(super) struct Workers {
    pub(super) values: Values,
    pub(super) main: Worker,
    helpers: Vec<Worker>,
}

impl Workers {
    /// Workers holding `known` values, or G(0) if there are none: room for more is made as
    /// they come rather than for all `len` up front, since a periodic game may stop after a
    /// few hundred values.
    fn starting_from(mut known: Values, len: usize) -> Result<Self, SequenceError> {
        let mut main = Worker::default();
        if known.is_empty() {
            typed!(known.store_mut(), values => {
                reserve_for(values, 1, len)?;
                values.push(Value::narrow(0).expect("every width holds 0"));
            });
            main.record(0, 0);
        }
        Ok(Workers {
            values: known,
            main,
            helpers: Vec::new(),
        })
    }

    /// Computes the stretch, or its next heap: on the threads set where they help, else on
    /// this one. A heap whose value does not fit the values' width widens them.
    fn extend(
        &mut self,
        stretch: &Stretch,
        options: &SequenceOptions,
        tuning: Tuning,
    ) -> Result<(), SequenceError> {
        let Workers {
            values,
            main,
            helpers,
        } = self;
        let stretch = &Stretch {
            held: tuning.largest_in_width(values.width()),
            ..*stretch
        };
        #[cfg(feature = "research")]
        {
            let heap = values.len();
            let several_threads = options.threads >= 2
                && stretch.rules.splits()
                && heap >= tuning.parallel_from
                && stretch.end > heap + 1;
            let quiet = |space: &SparseSpace| heap - space.last_rare() >= tuning.ahead_after;
            let several_threads_ended = match &main.space {
                None if several_threads && tuning.turn_threads >= 2 => {
                    helpers.resize_with(
                        options.threads.min(tuning.turn_threads) - 1,
                        Worker::default,
                    );
                    Some(
                        typed!(values.store_mut(), values => take_turns(values, main, helpers, stretch))?,
                    )
                }
                Some(space) if several_threads && quiet(space) => {
                    helpers.resize_with(options.threads - 1, Worker::default);
                    Some(
                        typed!(values.store_mut(), values => compute_ahead(values, main, helpers, stretch))?,
                    )
                }
                _ => None,
            };
            if several_threads_ended == Some(Ended::Done) {
                return Ok(());
            }
        }
        #[cfg(not(feature = "research"))]
        let _ = (options, &helpers);
        // One thread was asked for, or threads stopped before a heap whose value their width
        // does not hold: one heap on this thread, in whatever width its value needs.
        {
            let heap = values.len();
            let value =
                typed!(values.store(), values => main.mex(stretch.rules, values.as_slice(), heap));
            values
                .try_widen_to(tuning.width_for(value))
                .map_err(|bytes| SequenceError::OutOfMemory { bytes })?;
            typed!(values.store_mut(), values => {
                reserve_for(values, heap + 1, stretch.len)?;
                values.push(Value::narrow(value).expect("widened for the value"));
            });
            main.record(heap, value);
        }
        Ok(())
    }
}

/// G(0), …, G(n) of the game with `rules`.
pub(crate) fn compute(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<GrundySequence, SequenceError> {
    compute_tuned(
        rules,
        n,
        options,
        Tuning::default(),
        Values::new(),
        progress,
    )
}

/// G(0), …, G(n) of the game with `rules`, given that `known` holds G(0), G(1), … already
/// (from an earlier run of the same rules): they are taken as they are, not computed again.
pub(crate) fn compute_from(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    known: Values,
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
    known: Values,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<GrundySequence, SequenceError> {
    let full = compute_full(
        rules,
        n,
        options,
        tuning,
        Start::Known(known),
        &mut |report, _| progress(report),
    )?;
    Ok(full.into_sequence(n))
}

/// The values a run starts from, and what a period proven among them does to them.
pub(super) enum Start {
    /// Values of an earlier run, or none: cut at a proven period, as a run that computed
    /// them would be.
    Known(Values),
    /// The values a bounded run has handed out already: all kept, whatever period they
    /// prove, since the run cannot take them back.
    Resumed(Values),
}

impl Start {
    /// The values, and whether a period keeps them all.
    fn into_parts(self) -> (Values, bool) {
        match self {
            Start::Known(known) => (known, false),
            Start::Resumed(known) => (known, true),
        }
    }
}

/// How a run holding every value ended.
pub(super) struct FullRun {
    pub(super) values: Values,
    /// The calling thread's worker, with the sparse space.
    pub(super) main: Worker,
    pub(super) period: Option<Period>,
    /// A proved arithmetic period: only in a run that keeps every value, never with a period.
    pub(super) arithmetic: Option<ArithmeticPeriod>,
    pub(super) method: Method,
    /// Whether the progress callback stopped the run.
    pub(super) stopped: bool,
}

impl FullRun {
    /// The sequence computed, for heaps up to `max_heap`.
    fn into_sequence(self, max_heap: u64) -> GrundySequence {
        let FullRun {
            mut values,
            main,
            period,
            arithmetic,
            method,
            ..
        } = self;
        values.shrink_to_fit();
        let space = main.space.as_ref();
        GrundySequence {
            values,
            period,
            arithmetic,
            max_heap,
            method,
            sparse_mask: space.map(SparseSpace::mask),
            rare_heaps: space.map(|space| space.rare().iter().map(|&heap| heap as u64).collect()),
        }
    }
}

/// As [`compute_tuned`], with the worker's state returned; `progress` sees the values so far
/// with each report. Rules that split into four heaps or more take a path of their own, by
/// the definition ([`many`]).
pub(super) fn compute_full(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    tuning: Tuning,
    start: Start,
    progress: &mut dyn FnMut(&Progress, &Values) -> ControlFlow<()>,
) -> Result<FullRun, SequenceError> {
    if rules.taken_leaving_many().is_empty() {
        compute_on_the_engine(rules, n, options, tuning, start, progress)
    } else {
        let (known, _) = start.into_parts();
        let (values, stopped) = many::compute(rules, n, known, progress)?;
        Ok(FullRun {
            values,
            main: Worker::default(),
            period: None,
            arithmetic: None,
            method: Method::Direct,
            stopped,
        })
    }
}

/// [`compute_full`] for rules that split into at most three heaps.
fn compute_on_the_engine(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    tuning: Tuning,
    start: Start,
    progress: &mut dyn FnMut(&Progress, &Values) -> ControlFlow<()>,
) -> Result<FullRun, SequenceError> {
    let len = checked_len(n, MAX_HEAP)?;
    let (mut known, keep_known) = start.into_parts();
    known.truncate(len);
    // The known values are replayed heap by heap below — recorded in the sparse space, with
    // the space chosen and the period checked where a run computing them would — so that the
    // run goes on as if it had computed them itself.
    let known_len = known.len().max(1);
    let mut workers = Workers::starting_from(known, len)?;
    let mut done = 1;
    // Splits into three heaps give values of both parities from common heaps alone: no sparse
    // space helps them. Its rows read every split of an amount, or every unequal one, the
    // same for all amounts: other shapes are computed by the definition.
    let sparse_wanted = !rules.taken_leaving_two().is_empty()
        && rules.taken_leaving_three().is_empty()
        && rules.splits_alike()
        && options.method != Method::Direct;
    let mut method = Method::Direct;
    // A bounded run (which keeps the values it resumed from) streams past its prefix and
    // cannot answer from an arithmetic period; its games never leave three heaps, and only
    // games that do are proved arithmetic-periodic.
    let mut proofs = Proofs::new(!keep_known);
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
            let value = workers.values.get(done).expect("a known value");
            workers.main.record(done, value);
            done += 1;
        } else {
            let stop_value = if sparse_wanted && chosen_below > 0 {
                chosen_below
            } else {
                u32::MAX
            };
            let ends = [check_at, report_at];
            let stretch = Stretch::from(rules, workers.values.len(), len, ends, stop_value);
            workers.extend(&stretch, options, tuning)?;
            done = workers.values.len();
        }
        let Workers { values, main, .. } = &mut workers;
        if sparse_wanted
            && typed!(values.store(), values => {
                main.choose_space(rules, &values[..done], &mut chosen_below, options.method)
            })
        {
            method = Method::SparseSpace;
        }
        if done >= check_at {
            if typed!(values.store(), values => proofs.try_at(rules, &values[..done])) {
                if !keep_known {
                    values.truncate(done);
                }
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
            if progress(&main.progress(done, n + 1), values).is_break() {
                stopped = true;
                break;
            }
        }
    }
    if !stopped && rules.has_periodicity_theorem() && options.prove_period && !proofs.done() {
        typed!(workers.values.store(), values => proofs.try_at(rules, values));
    }
    Ok(FullRun {
        values: workers.values,
        main: workers.main,
        period: proofs.period,
        arithmetic: proofs.arithmetic,
        method,
        stopped,
    })
}

/// The periods a run proves as it goes: a period by the periodicity theorem, else (where
/// `arithmetic_too`) an arithmetic period while the values show one.
struct Proofs {
    arithmetic_too: bool,
    period: Option<Period>,
    arithmetic: Option<ArithmeticPeriod>,
    /// The arithmetic period last seen, and the multiple of it the proof is at.
    candidate: Option<(u64, u64, u32)>,
    times: u64,
}

impl Proofs {
    fn new(arithmetic_too: bool) -> Self {
        Proofs {
            arithmetic_too,
            period: None,
            arithmetic: None,
            candidate: None,
            times: 1,
        }
    }

    fn done(&self) -> bool {
        self.period.is_some() || self.arithmetic.is_some()
    }

    /// Tries both proofs on the values so far: whether one holds.
    fn try_at<V: Value>(&mut self, rules: &HeapRules, values: &[V]) -> bool {
        self.period = prove_period(rules, values);
        #[cfg(feature = "research")]
        if self.period.is_none() && self.arithmetic_too && applies_to(rules) {
            let seen = apparent_arithmetic(values.len(), |n| values[n].into());
            let candidate = seen.map(|seen| (seen.preperiod, seen.period, seen.saltus));
            if candidate != self.candidate {
                (self.candidate, self.times) = (candidate, 1);
            }
            if let Some(seen) = seen {
                // A failed step is not tried again: the values it read do not change.
                self.arithmetic = prove_arithmetic(rules, values, &seen, &mut self.times).ok();
            }
        }
        self.done()
    }
}

// Every test here runs a path of threads or widths the research paths take.
#[cfg(all(test, feature = "research"))]
mod tests {
    use super::*;
    use crate::reference;
    use crate::sequence::MAX_THREADS;
    use crate::sequence::testing::{octal_rules, random_words, rules, shaped_rules};

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
        let n = if cfg!(debug_assertions) { 900 } else { 6_000 };
        let mut larger_than_255 = 0;
        for game in games() {
            let rules = game.rules();
            let expected = game.values(n);
            if expected.iter().any(|&value| value > 255) {
                larger_than_255 += 1;
            }
            let settings = [(0, 65), (0, 129), (256, 777), (0, 4_096)];
            check_two_threads(&rules, &expected, &format!("{rules:?}"), &settings);
        }
        assert!(
            larger_than_255 > 0,
            "no game had values past 255: the test reached no edge"
        );
    }

    /// Many threads taking turns from the first heaps on, where a heap's options may leave
    /// two heaps that other threads have not finished yet: the definition's values, on 8 and
    /// 16 threads from heap 2, for every game of the sample and the restricted splits.
    #[test]
    fn many_threads_from_the_first_heaps_give_the_definitions_values() {
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        let n = if cfg!(debug_assertions) { 300 } else { 2_000 };
        let restricted = [
            (vec![4, 4, 6], vec![(0, '='), (1, '!')]),
            (vec![0, 8, 15], vec![(1, '='), (2, '!')]),
        ];
        let mut all: Vec<(HeapRules, Vec<u32>)> = games()
            .into_iter()
            .map(|game| (game.rules(), game.values(n)))
            .collect();
        for (digits, modifiers) in restricted {
            let plain = reference::PlainRules {
                modifiers: modifiers.clone(),
                ..reference::PlainRules::of_code(&digits)
            };
            all.push((
                shaped_rules(&digits, &modifiers),
                reference::rules_values(&plain, n),
            ));
        }
        for (rules, expected) in &all {
            for threads in [8, 16] {
                let options = SequenceOptions::default()
                    .with_method(Method::Direct)
                    .with_prove_period(false)
                    .with_threads(threads);
                let tuning = Tuning {
                    parallel_from: 2,
                    turn_threads: MAX_THREADS,
                    ..Tuning::default()
                };
                let got =
                    compute_tuned(rules, n as u64, &options, tuning, Values::new(), keep_going)
                        .unwrap();
                assert_eq!(got.values, *expected, "{rules:?} {threads} threads");
            }
        }
    }

    /// Splits restricted each its own way (`=`, `!`, `?`, on two-heap and three-heap digits)
    /// on two threads from heap 64, every method, values computed ahead and taken back:
    /// the definition's values, and the method one thread chooses.
    #[test]
    fn restricted_splits_on_two_threads() {
        let (two_heaps, three_heaps) = if cfg!(debug_assertions) {
            (800, 150)
        } else {
            (3_000, 400)
        };
        for (digits, modifiers, n) in [
            (vec![4, 4, 6], vec![(0, '='), (1, '!')], two_heaps),
            (vec![0, 4, 4, 4], vec![(1, '='), (2, '!')], two_heaps),
            (vec![4, 7], vec![(0, '=')], two_heaps),
            (vec![8, 7], vec![(0, '?')], three_heaps),
            (vec![0, 8, 15], vec![(1, '='), (2, '!')], three_heaps),
            (vec![0, 12, 4], vec![(1, '='), (2, '!')], three_heaps),
        ] {
            let rules = shaped_rules(&digits, &modifiers);
            let plain = reference::PlainRules {
                modifiers: modifiers.clone(),
                ..reference::PlainRules::of_code(&digits)
            };
            let expected = reference::rules_values(&plain, n);
            let what = format!("{digits:?} {modifiers:?}");
            check_two_threads(&rules, &expected, &what, &[(0, 65), (256, 65)]);
        }
    }

    /// Threads from heap 64 (if the options ask for more than one), values computed ahead
    /// once the last rare heap is `ahead_after` behind.
    fn tuning_from_64(ahead_after: usize) -> Tuning {
        Tuning {
            parallel_from: 64,
            ahead_after,
            turn_threads: MAX_THREADS,
            ..Tuning::default()
        }
    }

    /// Every value of `rules` to `n` with `options`, tuned by [`tuning_from_64`], from no
    /// known values.
    fn threads_from_64(
        rules: &HeapRules,
        n: usize,
        options: &SequenceOptions,
        ahead_after: usize,
    ) -> GrundySequence {
        let tuning = tuning_from_64(ahead_after);
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        compute_tuned(rules, n as u64, options, tuning, Values::new(), keep_going).unwrap()
    }

    /// 0.16, whose values past its last rare heap are computed ahead and verified by every
    /// thread, gives the definition's values on 1 to 8 threads, in stretches cut short by
    /// reports and whole.
    #[test]
    fn one_to_eight_threads_give_the_same_values() {
        let n = if cfg!(debug_assertions) {
            3_000
        } else {
            30_000
        };
        let game = Game::Octal(vec![0, 1, 6]);
        let (rules, expected) = (game.rules(), game.values(n));
        for threads in 1..=8 {
            for every in [100, 1 << 16] {
                let options = SequenceOptions::default()
                    .with_prove_period(false)
                    .with_threads(threads)
                    .with_progress_every(every);
                let got = threads_from_64(&rules, n, &options, 0);
                assert_eq!(got.method, Method::SparseSpace, "{threads} threads");
                assert_eq!(
                    got.values, expected,
                    "{threads} threads, reports every {every}"
                );
            }
        }
    }

    /// `rules` on one thread and on several from heap 64 (each `(ahead_after, report every)`
    /// of `settings`, on 2, 3, 5 and 8 threads in turn — more than this machine's cores, so
    /// that threads are preempted anywhere), every method: the values `expected` each time,
    /// and on several threads the method one thread chooses.
    fn check_two_threads(
        rules: &HeapRules,
        expected: &[u32],
        what: &str,
        settings: &[(usize, u64)],
    ) {
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        let n = expected.len() - 1;
        for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
            let one = SequenceOptions::default()
                .with_method(method)
                .with_prove_period(false)
                .with_parallel(false);
            let alone = compute(rules, n as u64, &one, keep_going).unwrap();
            assert_eq!(alone.values, expected, "{what} {method:?}");
            for (index, &(ahead_after, every)) in settings.iter().enumerate() {
                let threads = [2, 3, 5, 8][index % 4];
                let two = one.clone().with_threads(threads).with_progress_every(every);
                let got = threads_from_64(rules, n, &two, ahead_after);
                let first_difference =
                    (got.values.iter().zip(expected)).position(|(got, &expected)| got != expected);
                let what = format!("{what} {method:?} {ahead_after} {every} {threads} threads");
                assert_eq!(first_difference, None, "{what}");
                assert_eq!(got.values.len(), n + 1, "{what}");
                assert_eq!(got.method, alone.method, "{what}");
            }
        }
    }

    /// Values past what one byte and two hold — lowered to 3 and 40, to 100 and 300, and as
    /// they are — widen the table on every path: one thread and two, each method, values
    /// computed ahead from the first stretch on, stretches cut short by reports. Every value
    /// is the definition's, and the table ends as wide as its largest value needs.
    #[test]
    fn values_past_each_width_widen_the_table_on_every_path() {
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        let n = if cfg!(debug_assertions) { 600 } else { 6_000 };
        let mut four_bytes = 0;
        for game in games() {
            let rules = game.rules();
            let expected = game.values(n);
            let largest = expected.iter().copied().max().unwrap_or(0);
            for width_limits in [[3, 40], [100, 300], [255, 65_535]] {
                let width = if largest <= width_limits[0] {
                    1
                } else if largest <= width_limits[1] {
                    2
                } else {
                    4
                };
                four_bytes += usize::from(width == 4);
                for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
                    for (threads, ahead_after) in [(1, 0), (2, 0), (8, 0), (3, 256)] {
                        let options = SequenceOptions::default()
                            .with_method(method)
                            .with_prove_period(false)
                            .with_threads(threads)
                            .with_progress_every(129);
                        let tuning = Tuning {
                            parallel_from: 64,
                            ahead_after,
                            width_limits,
                            turn_threads: MAX_THREADS,
                        };
                        let got = compute_tuned(
                            &rules,
                            n as u64,
                            &options,
                            tuning,
                            Values::new(),
                            keep_going,
                        )
                        .unwrap();
                        let what = format!(
                            "{rules:?} {method:?} {width_limits:?} {threads} threads {ahead_after}"
                        );
                        assert_eq!(got.values, expected, "{what}");
                        assert_eq!(got.values.width(), width, "{what}");
                    }
                }
            }
        }
        assert!(four_bytes > 0, "no run widened its values twice");
    }

    /// A stretch to heap `n` that only the width ends, whose width holds values up to `held`.
    fn held_to(rules: &HeapRules, n: usize, held: u32) -> Stretch<'_> {
        Stretch {
            rules,
            end: n + 1,
            len: n + 1,
            stop_value: u32::MAX,
            held,
        }
    }

    /// The values of a table, as plain numbers.
    fn numbers(values: &[u8]) -> Vec<u32> {
        values.iter().map(|&value| value.into()).collect()
    }

    /// Two threads taking turns by the direct recurrence stop right before the first heap
    /// whose value their width does not hold, every value before it right.
    #[test]
    fn turns_stop_before_a_value_their_width_does_not_hold() {
        let n = if cfg!(debug_assertions) { 1_000 } else { 4_000 };
        let mut stopped = 0;
        for game in games() {
            let rules = game.rules();
            let expected = game.values(n);
            for held in [5, 30, 200] {
                let Some(first) = expected.iter().position(|&value| value > held) else {
                    continue;
                };
                let Some(from) = first.checked_sub(150) else {
                    continue;
                };
                let mut values: Vec<u8> =
                    expected[..from].iter().map(|&value| value as u8).collect();
                let (mut main, mut helper) = (Worker::default(), Worker::default());
                for (heap, &value) in expected[..from].iter().enumerate() {
                    main.record(heap, value);
                }
                let stretch = held_to(&rules, n, held);
                let ended = take_turns(
                    &mut values,
                    &mut main,
                    std::slice::from_mut(&mut helper),
                    &stretch,
                )
                .unwrap();
                assert_eq!(ended, Ended::TooWide, "{rules:?} {held}");
                assert_eq!(numbers(&values), expected[..first], "{rules:?} {held}");
                stopped += 1;
            }
        }
        assert!(stopped > 0, "no run reached a value past its width");
    }

    /// Two threads computing ahead in a sparse space stop right before the first heap whose
    /// value their width does not hold, every value before it verified. 0.0345's rare heaps
    /// end at 1 494; past them each new largest value (the first 64 at heap 2 407, ...) is a
    /// heap the width just below it does not hold.
    #[test]
    fn computing_ahead_stops_before_a_value_its_width_does_not_hold() {
        let rules = octal_rules(&[0, 0, 3, 4, 5]);
        let n = if cfg!(debug_assertions) {
            3_500
        } else {
            20_000
        };
        let expected = reference::code_values(&[0, 0, 3, 4, 5], n);
        let mut records = 0;
        for first in 1_700..=n {
            let held = expected[..first].iter().copied().max().unwrap_or(0);
            if expected[first] <= held {
                continue;
            }
            let from = first - 150;
            let known: Vec<u8> = expected[..from].iter().map(|&value| value as u8).collect();
            let (space, _) = SparseSpace::choose(&rules, &known, from / 2).expect("a space");
            assert_eq!(space.last_rare(), 1_494);
            let mut main = Worker {
                space: Some(space),
                largest: expected[..from].iter().copied().max().unwrap_or(0),
                ..Worker::default()
            };
            let mut values = known.clone();
            let stretch = held_to(&rules, n, held);
            let mut helper = Worker::default();
            let ended = compute_ahead(
                &mut values,
                &mut main,
                std::slice::from_mut(&mut helper),
                &stretch,
            )
            .unwrap();
            assert_eq!(ended, Ended::TooWide, "heap {first}");
            assert_eq!(numbers(&values), expected[..first], "heap {first}");
            records += 1;
        }
        assert!(records > 0, "no value past the largest before it");
    }

    /// A run stopped anywhere and continued from its values gives the values of a run never
    /// stopped, the same method and the same sparse space — stopped before and after the
    /// space is chosen, at a power of two and one heap past, on one thread and two, with
    /// values computed ahead from the first stretch on; continuing a complete run computes
    /// nothing more.
    #[test]
    fn a_stopped_run_continues_as_if_never_stopped() {
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        // The sparse space is chosen at 1 024 values: stops before it, at it and one past.
        let n = if cfg!(debug_assertions) { 1_100 } else { 5_000 };
        for game in games() {
            let rules = game.rules();
            for parallel in [false, true] {
                let options = SequenceOptions::default()
                    .with_prove_period(false)
                    .with_parallel(parallel);
                let tuning = tuning_from_64(0);
                let whole = threads_from_64(&rules, n, &options, 0);
                let stops = [1, 2, 700, 1_024, 1_025, 1_400, n + 1];
                for stop_at in stops.into_iter().filter(|&stop_at| stop_at <= n + 1) {
                    let stop_options = options.clone().with_progress_every(stop_at as u64);
                    let stop = &mut |_: &Progress| ControlFlow::Break(());
                    let first =
                        compute_tuned(&rules, n as u64, &stop_options, tuning, Values::new(), stop)
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
            game.values_continued(vec![3u32, 1], 10, &options, keep_going),
            Err(SequenceError::NotFromZero { found: 3 })
        );
        // No known values: a run from scratch.
        assert_eq!(
            game.values_continued(Values::new(), 10, &options, keep_going),
            game.values_up_to(10)
        );
    }
}
