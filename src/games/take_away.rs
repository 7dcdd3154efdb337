//! Take-away games with a multiplier: Fibonacci Nim and its relatives, in **O(log N)**.
//!
//! One heap of `N` counters. The first player takes 1 to `N − 1`; after that a player takes
//! at least one counter and at most `k` times what the opponent just took; whoever takes the
//! last counter wins. A position is a [`TakeAwayState`] `(remaining, limit)`: after taking
//! `t`, the opponent faces `(remaining − t, k·t)`. With `k = 2` this is Fibonacci Nim
//! (see [`fibonacci`](crate::fibonacci) for its ready-made functions).
//!
//! # The theory (Schwenk, 1970)
//!
//! The losing start sizes are `H₁ = 1` and `H_{j+1} = H_j + H_m`, with `m` the smallest index
//! such that `k·H_m ≥ H_j`: powers of two for `k = 1`, the Fibonacci numbers for `k = 2`.
//! Every `n > 0` is, uniquely, a sum of these taken greedily (largest first), and in such a
//! sum each term is more than `k` times the next. Then:
//!
//! - the player to move from `(n, limit)` wins **iff the smallest term of `n` is at most
//!   `limit`**, and taking that term wins (it leaves a sum whose smallest term exceeds `k`
//!   times what was taken);
//! - every winning move takes a *tail* of the sum: the last term, the last two, …, or all of
//!   `n` — whichever tails are at most `limit` and at most `1/k` of the term before them.
//!
//! A. J. Schwenk, "Take-away games", *Fibonacci Quarterly* 8 (1970) 225–234; Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 15.
//!
//! # Limits
//!
//! A [`TakeAway`] keeps the losing sizes as a table. Sizes `1..=k+1` are all losing and are
//! not stored. Above them the sizes come in runs: while `H_j` lies in `(k·H_{m−1}, k·H_m]`
//! the step to the next size is `H_m`, so each run is an arithmetic progression. Small
//! multipliers have short runs and the table lists every size (at most 2²⁰); large ones have
//! long runs and the table stores each run as its first size and step (at most 2²⁰ runs).
//! Either way the table may stop short of `T::MAX`: [`TakeAway::covered`] says the largest
//! heap it decides, and the queries return [`TakeAwayError::HeapBeyondTable`] above that.
//! Measured:
//!
//! | heap type | every heap is covered for |
//! |-----------|---------------------------|
//! | `u8`, `u16`, `u32` | every `k` |
//! | `u64`     | `k ≤ 44 564` and `k ≥ 17 592 169 267 215` (just under 2⁴⁴) |
//! | `u128`    | `k ≤ 14 963` |
//!
//! A table of runs answers a query with a binary search per term: 0.67 µs for `k = 40 000` on
//! `u64`, against 130 ns for `k = 3`'s list; a large `k` has few terms and few
//! runs (69 ns for `k = 2⁵⁰`). (`cargo bench --bench fibonacci -- take_away`.)
//!
//! **Why the middle range has no O(log N) method here.** The run of step `H_m = m`
//! (`2 ≤ m ≤ k`) starts where the Josephus problem says: the smallest term of `k·m` is
//! `J(m, k + 1)`, the survivor's place (counted from 0) when `m` people stand in a circle
//! and every `(k + 1)`-th is removed — and `k·m` itself is a losing size when that place is 0.
//! (The tests check this for every `k < 60`, `m ≤ k`.) So any method that answered
//! [`TakeAway::winning_move`] in time polynomial in `log N` for every `k` would solve the
//! Josephus problem with `n ≤ k` as fast, and the methods known for it take
//! `O(min(n, k·log n))` steps (see, e.g., cp-algorithms, "Josephus problem"). With `k` in the
//! middle range, `n` runs up to `N / k`, and the table would need that many runs.

mod state;

use std::borrow::Borrow;
use std::hint::select_unpredictable;

use smallvec::SmallVec;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{HeapSize, to_u128};
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome};

pub use state::{TakeAwayState, TakeMove};

/// The most losing sizes a table lists above its implicit run `1..=k+1`, and the most runs it
/// stores when it keeps runs instead.
const MAX_TABLE: usize = 1 << 20;

/// Why a take-away game cannot be made or cannot answer.
///
/// # Examples
///
/// ```
/// use impartial::take_away::{TakeAway, TakeAwayError};
/// use impartial::ClosedForm;
///
/// assert_eq!(TakeAway::<u64>::new(0), Err(TakeAwayError::ZeroMultiplier));
/// let wide = TakeAway::<u64>::new(1 << 40)?;
/// assert!(matches!(wide.outcome(u64::MAX), Err(TakeAwayError::HeapBeyondTable { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TakeAwayError {
    /// A multiplier of 0 would allow no move after the first.
    #[error("the multiplier k must be at least 1, got 0")]
    ZeroMultiplier,
    /// The table of losing sizes does not reach this heap (a wide heap type with a
    /// multiplier in the middle range; see [`take_away`](self)).
    #[error(
        "a heap of {heap} is beyond the losing sizes computed for multiplier {k}, which reach {covered}"
    )]
    HeapBeyondTable {
        /// The heap size asked about.
        heap: u128,
        /// The largest heap size the table decides.
        covered: u128,
        /// The multiplier of the game.
        k: u64,
    },
    /// A move takes an amount the rules do not allow.
    #[error("taking {take} is not allowed here: the rules allow {min} to {max}")]
    IllegalTake {
        /// The amount the move takes.
        take: u128,
        /// The least amount allowed.
        min: u128,
        /// The most allowed.
        max: u128,
    },
}

/// A run of losing sizes in arithmetic progression: `first`, `first + step`, … up to its last
/// size, which is the next run's `first` less the next run's `step` (see [`last_of_run`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run<T> {
    first: T,
    step: T,
}

/// The losing sizes of one multiplier, as the greedy representation needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SizeTable<'a, T> {
    /// Every size `1..=linear_end` is a losing size (`linear_end = min(k + 1, T::MAX)`).
    pub(crate) linear_end: T,
    /// The losing sizes above `linear_end`, ascending, when they are listed one by one.
    pub(crate) tail: &'a [T],
    /// The losing sizes above `linear_end` as runs, when they are not listed (then `tail` is
    /// empty).
    pub(crate) runs: &'a [Run<T>],
    /// The last size of the last run.
    pub(crate) runs_end: T,
    /// `by_bits[b]`: how many tail entries have at most `b` significant bits, so the entries
    /// of bit length `b` are `tail[by_bits[b - 1]..by_bits[b]]`.
    pub(crate) by_bits: &'a [usize],
    /// `k = 1`: the losing sizes are the powers of two.
    pub(crate) powers_of_two: bool,
}

impl<'a, T: HeapSize> SizeTable<'a, T> {
    /// The largest losing size `≤ n`, for `0 < n ≤` the table's coverage.
    ///
    /// The table is bucketed by bit length, so only the entries with as many bits as `n` are
    /// searched: at most two for Fibonacci Nim, a handful for small multipliers.
    #[inline]
    fn top_term(&self, n: T) -> T {
        if n <= self.linear_end {
            return n;
        }
        if !self.runs.is_empty() {
            return self.top_term_in_runs(n);
        }
        let bits = (T::zero().count_zeros() - n.leading_zeros()) as usize;
        let (start, end) = (self.by_bits[bits - 1], self.by_bits[bits]);
        let within = self.tail[start..end].partition_point(|&size| size <= n);
        match (start + within).checked_sub(1) {
            Some(index) => self.tail[index],
            None => self.linear_end,
        }
    }

    /// [`top_term`](Self::top_term) on a table of runs, `n > linear_end`: the run that holds
    /// the largest size `≤ n` is found by binary search, the size within it by one division.
    fn top_term_in_runs(&self, n: T) -> T {
        let after = self.runs.partition_point(|run| run.first <= n);
        let Some(index) = after.checked_sub(1) else {
            return self.linear_end;
        };
        let run = self.runs[index];
        let last = self.last_of_run(index);
        if n >= last {
            last
        } else {
            n - (n - run.first) % run.step
        }
    }

    fn last_of_run(&self, index: usize) -> T {
        last_of_run(self.runs, self.runs_end, index)
    }

    /// The greedy representation of `n`, largest term first.
    pub(crate) fn terms(self, n: T) -> Terms<'a, T> {
        Terms {
            sizes: self,
            rest: n,
        }
    }

    /// The smallest term of the greedy representation of `n`, `None` for 0.
    ///
    /// For `k = 1` the losing sizes are the powers of two and this is the lowest set bit.
    #[inline]
    pub(crate) fn smallest_term(&self, n: T) -> Option<T> {
        if n.is_zero() {
            return None;
        }
        if self.powers_of_two {
            return Some(n ^ (n & (n - T::one())));
        }
        if !self.runs.is_empty() {
            // Each term is below the step of the run above it, about `1/k` of it: few terms.
            let mut rest = n;
            loop {
                let term = self.top_term(rest);
                rest = rest - term;
                if rest.is_zero() {
                    return Some(term);
                }
            }
        }
        Some(self.smallest_listed_term(n))
    }

    /// [`smallest_term`](Self::smallest_term) for `n > 0`, `k ≥ 2` and sizes listed one by
    /// one (no runs), as Fibonacci Nim's are.
    ///
    /// Two neighbouring losing sizes are never both terms (`H_{j+1} ≤ 2·H_j ≤ k·H_j`), so the
    /// list is walked down two entries at a time: each step takes the larger of the pair, the
    /// smaller, or neither, chosen without branches — the choices are as random as the bits of
    /// `n`, and mispredicted branches would cost more than the walk.
    #[inline]
    pub(crate) fn smallest_listed_term(&self, n: T) -> T {
        debug_assert!(self.runs.is_empty() && !self.powers_of_two && !n.is_zero());
        let zero = T::zero();
        // Entries with more bits than `n` cannot be terms; those with as many may be, and the
        // walk skips them when they exceed `n`.
        let bits = (zero.count_zeros() - n.leading_zeros()) as usize;
        let top = self.by_bits[bits];
        let mut rest = n;
        let mut last = zero;
        let mut pairs = self.tail[..top].rchunks_exact(2);
        for pair in &mut pairs {
            let (smaller, larger) = (pair[0], pair[1]);
            let take = select_unpredictable(
                rest >= larger,
                larger,
                select_unpredictable(rest >= smaller, smaller, zero),
            );
            rest = rest - take;
            last = select_unpredictable(take.is_zero(), last, take);
        }
        if let [single] = pairs.remainder() {
            let take = rest >= *single;
            rest = rest - select_unpredictable(take, *single, zero);
            last = select_unpredictable(take, *single, last);
        }
        // What is left lies below the tail: one term of the run 1..=k+1, or that run's top
        // and then one more term of it.
        if rest.is_zero() {
            last
        } else if rest <= self.linear_end {
            rest
        } else {
            rest - self.linear_end
        }
    }
}

/// The greedy representation of a number as a sum of losing sizes, largest term first.
///
/// Returned by [`TakeAway::representation`].
///
/// # Examples
///
/// ```
/// use impartial::take_away::{TakeAway, Terms};
///
/// let game = TakeAway::<u32>::fibonacci_nim();
/// let terms: Terms<'_, u32> = game.representation(100)?;
/// assert_eq!(terms.collect::<Vec<_>>(), [89, 8, 3]);
/// # Ok::<(), impartial::take_away::TakeAwayError>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Terms<'a, T> {
    sizes: SizeTable<'a, T>,
    rest: T,
}

impl<T: HeapSize> Iterator for Terms<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        if self.rest.is_zero() {
            return None;
        }
        let term = self.sizes.top_term(self.rest);
        self.rest = self.rest - term;
        Some(term)
    }
}

impl<T: HeapSize> std::iter::FusedIterator for Terms<'_, T> {}

/// Whether `k·t < bound`, without computing `k·t` (which may overflow).
#[inline]
pub(crate) fn k_times_below<T: HeapSize>(k: u64, t: T, bound: T) -> bool {
    if bound.is_zero() {
        return false;
    }
    // k·t < bound  ⇔  t ≤ (bound − 1) / k, and a k wider than T makes the right side 0.
    match T::from(k) {
        Some(k) => t <= (bound - T::one()) / k,
        None => false,
    }
}

/// The losing start sizes of a take-away game, ascending: returned by
/// [`TakeAway::losing_sizes`].
///
/// # Examples
///
/// ```
/// use impartial::take_away::{LosingSizes, TakeAway};
///
/// let game = TakeAway::<u16>::new(3)?;
/// let sizes: LosingSizes<'_, u16> = game.losing_sizes();
/// assert!(sizes.take(6).eq([1, 2, 3, 4, 6, 8]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct LosingSizes<'a, T> {
    /// The next size of the run `1..=k+1`, until it is done.
    next_linear: Option<T>,
    linear_end: T,
    tail: std::slice::Iter<'a, T>,
    runs: &'a [Run<T>],
    runs_end: T,
    /// The run being walked, and its next size.
    run: usize,
    next_in_run: Option<T>,
}

impl<T: HeapSize> Iterator for LosingSizes<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        if let Some(size) = self.next_linear {
            self.next_linear = (size < self.linear_end).then(|| size + T::one());
            return Some(size);
        }
        if let Some(&size) = self.tail.next() {
            return Some(size);
        }
        let size = self.next_in_run?;
        let last = last_of_run(self.runs, self.runs_end, self.run);
        self.next_in_run = if size < last {
            Some(size + self.runs[self.run].step)
        } else {
            self.run += 1;
            self.runs.get(self.run).map(|run| run.first)
        };
        Some(size)
    }
}

impl<T: HeapSize> std::iter::FusedIterator for LosingSizes<'_, T> {}

/// The winning moves from a state, smallest take first: the tails of the greedy sum of the
/// remaining counters that the rules allow and that leave the opponent lost — what
/// [`TakeAway`]'s [`ClosedForm::winning_moves`] and [`fibonacci::winning_moves`](crate::fibonacci::winning_moves)
/// list.
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub(crate) struct WinningMoves<T> {
    /// At most one move a term of the representation, largest take first: taken from the
    /// back.
    moves: SmallVec<[TakeMove<T>; 4]>,
}

impl<T: HeapSize> Iterator for WinningMoves<T> {
    type Item = TakeMove<T>;

    fn next(&mut self) -> Option<TakeMove<T>> {
        self.moves.pop()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.moves.len(), Some(self.moves.len()))
    }
}

impl<T: HeapSize> ExactSizeIterator for WinningMoves<T> {}

impl<T: HeapSize> std::iter::FusedIterator for WinningMoves<T> {}

/// The outcome rule on a table of losing sizes.
pub(crate) fn winning_moves<T: HeapSize>(
    sizes: SizeTable<'_, T>,
    k: u64,
    state: TakeAwayState<T>,
) -> WinningMoves<T> {
    let mut moves = SmallVec::new();
    let max_take = state.max_take();
    // Each tail of the representation, largest first: a take of the tail leaves the terms
    // above it, and the opponent lost, when k times the tail is below the term before it.
    let mut terms = Terms {
        rest: state.remaining,
        sizes,
    };
    let (mut tail_sum, mut previous) = (state.remaining, None);
    while !tail_sum.is_zero() {
        let take = tail_sum;
        let leaves_a_loss = previous.is_none_or(|previous| k_times_below(k, take, previous));
        let Some(term) = terms.next() else { break };
        previous = Some(term);
        tail_sum = tail_sum - term;
        if leaves_a_loss && take <= max_take {
            moves.push(TakeMove::new(state, take, k));
        }
    }
    WinningMoves { moves }
}

/// The take-away game with multiplier `k` on heaps of type `T`, and its closed form.
///
/// Implements [`ImpartialGame`] on [`TakeAwayState`]s, so the [`Solver`](crate::Solver) can
/// play it and check the theory; its own methods answer in **O(log N)** from the table of
/// losing sizes built once by [`new`](Self::new).
///
/// # Examples
///
/// ```
/// use impartial::take_away::{TakeAway, TakeAwayState};
/// use impartial::{ClosedForm, Outcome};
///
/// let game = TakeAway::<u64>::new(3)?; // take at most three times the last take
/// let losing: Vec<u64> = game.losing_sizes().take(9).collect();
/// assert_eq!(losing, [1, 2, 3, 4, 6, 8, 11, 15, 21]);
/// assert_eq!(game.outcome(TakeAwayState::start(15))?, Outcome::P);
/// // 20 = 15 + 4 + 1: take the smallest term, 1.
/// assert_eq!(game.winning_move(20)?.map(|best| best.take), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAway<T> {
    k: u64,
    linear_end: T,
    tail: Vec<T>,
    by_bits: Vec<usize>,
    runs: Vec<Run<T>>,
    runs_end: T,
    covered: T,
}

/// The losing sizes above `1..=k+1` as runs, as many as the table may hold.
struct RunTable<T> {
    runs: Vec<Run<T>>,
    /// The last size of the last run (`linear_end` if there is none).
    end: T,
    /// The largest heap the runs decide.
    covered: T,
    /// How many sizes the runs hold, saturating.
    size_count: u64,
}

impl<T: HeapSize> RunTable<T> {
    /// The runs of multiplier `k` (which fits in `T`) above `linear_end = k + 1`, at most
    /// `max_runs` of them.
    fn build(k: T, linear_end: T, max_runs: usize) -> Self {
        let mut table = RunTable {
            runs: Vec::new(),
            end: linear_end,
            covered: T::max_value(),
            size_count: 0,
        };
        let mut last = linear_end;
        // The run where the least size ≥ ⌈last / k⌉ lies; it only moves forward.
        let mut cursor = 0;
        while last < T::max_value() {
            // From `last`, the step is H_m, the least losing size ≥ ⌈last / k⌉; it stays
            // the step while `last ≤ k·H_m`, which leaves k − ⌈last / H_m⌉ + 1 sizes in the
            // run (at least one, as `last ≤ k·H_m`; no product is formed, so none overflows).
            let step = table.least_size_from(div_ceil(last, k), linear_end, &mut cursor);
            let Some(first) = last.checked_add(&step) else {
                break;
            };
            if table.runs.len() == max_runs {
                table.covered = first - T::one();
                break;
            }
            let wanted = k - div_ceil(last, step) + T::one();
            let (count, end) = match wanted
                .checked_mul(&step)
                .and_then(|gap| last.checked_add(&gap))
            {
                Some(end) => (wanted, end),
                None => {
                    let fitting = (T::max_value() - last) / step;
                    (fitting, last + fitting * step)
                }
            };
            table.runs.push(Run { first, step });
            last = end;
            table.end = last;
            table.size_count = table
                .size_count
                .saturating_add(count.to_u64().unwrap_or(u64::MAX));
        }
        table
    }

    /// The least losing size `≥ need`, for `need` at most the last size so far and not less
    /// than at the previous call; `cursor` is the run where the previous answer lay.
    fn least_size_from(&self, need: T, linear_end: T, cursor: &mut usize) -> T {
        if need <= linear_end {
            return need;
        }
        while need > self.last_of_run(*cursor) {
            *cursor += 1;
        }
        let run = self.runs[*cursor];
        if need <= run.first {
            run.first
        } else {
            run.first + div_ceil(need - run.first, run.step) * run.step
        }
    }

    fn last_of_run(&self, index: usize) -> T {
        last_of_run(&self.runs, self.end, index)
    }

    /// Every size of the runs, ascending.
    fn sizes(&self) -> Vec<T> {
        let mut sizes = Vec::with_capacity(usize::try_from(self.size_count).unwrap_or(0));
        for (index, run) in self.runs.iter().enumerate() {
            let last = self.last_of_run(index);
            let mut size = run.first;
            sizes.push(size);
            while size < last {
                size = size + run.step;
                sizes.push(size);
            }
        }
        sizes
    }
}

/// The last size of `runs[index]`, where the last run ends at `end`: the next run starts one of
/// its own steps above it.
fn last_of_run<T: HeapSize>(runs: &[Run<T>], end: T, index: usize) -> T {
    runs.get(index + 1)
        .map_or(end, |next| next.first - next.step)
}

/// `⌈a / b⌉` for `b > 0`, without the overflow of `a + b − 1`.
fn div_ceil<T: HeapSize>(a: T, b: T) -> T {
    let quotient = a / b;
    if (a % b).is_zero() {
        quotient
    } else {
        quotient + T::one()
    }
}

impl<T: HeapSize> TakeAway<T> {
    /// The game with multiplier `k`, with its table of losing sizes.
    ///
    /// Computes in **O(R + L)** time and memory for the `R` runs of losing sizes above `k + 1`
    /// that fit in `T` — one size per run for Fibonacci Nim (92 on `u64`), few runs for a
    /// large `k` — and the `L` sizes listed when they number at most 2²⁰; at most 2²⁰ runs
    /// are kept otherwise (see the [module docs](self)).
    ///
    /// # Errors
    ///
    /// [`TakeAwayError::ZeroMultiplier`] for `k = 0`, which would allow no move after the
    /// first.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    /// use impartial::take_away::TakeAwayError;
    ///
    /// assert_eq!(TakeAway::<u32>::new(0), Err(TakeAwayError::ZeroMultiplier));
    /// let powers = TakeAway::<u8>::new(1)?;
    /// assert!(powers.losing_sizes().eq([1, 2, 4, 8, 16, 32, 64, 128]));
    /// let huge = TakeAway::<u64>::new(u64::MAX)?; // every size up to k + 1 is losing
    /// assert_eq!(huge.covered(), u64::MAX);
    /// let large = TakeAway::<u64>::new(1 << 50)?; // about 2¹⁴ runs of sizes
    /// assert_eq!(large.covered(), u64::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(k: u64) -> Result<Self, TakeAwayError> {
        Self::with_table_limit(k, MAX_TABLE)
    }

    /// [`new`](Self::new) with at most `max_entries` sizes or runs in the table, so tests can
    /// reach the table's limits on narrow types.
    pub(crate) fn with_table_limit(k: u64, max_entries: usize) -> Result<Self, TakeAwayError> {
        if k == 0 {
            return Err(TakeAwayError::ZeroMultiplier);
        }
        let linear_end = T::from(k)
            .and_then(|k| k.checked_add(&T::one()))
            .unwrap_or_else(T::max_value);
        let table = match T::from(k) {
            Some(k) if linear_end < T::max_value() => RunTable::build(k, linear_end, max_entries),
            _ => RunTable {
                runs: Vec::new(),
                end: linear_end,
                covered: T::max_value(),
                size_count: 0,
            },
        };
        // Listing every size makes queries faster (a short branch-free walk instead of a
        // binary search per term), so it is preferred whenever the list is complete and fits.
        let listed = table.covered == T::max_value()
            && usize::try_from(table.size_count).is_ok_and(|count| count <= max_entries);
        let (tail, runs) = if listed {
            (table.sizes(), Vec::new())
        } else {
            let mut runs = table.runs;
            runs.shrink_to_fit();
            (Vec::new(), runs)
        };
        let width = T::zero().count_zeros();
        let by_bits = (0..=width)
            .map(|bits| tail.partition_point(|&size| width - size.leading_zeros() <= bits))
            .collect();
        Ok(TakeAway {
            k,
            linear_end,
            tail,
            by_bits,
            runs,
            runs_end: table.end,
            covered: table.covered,
        })
    }

    /// Fibonacci Nim: the game with `k = 2`.
    ///
    /// # Panics
    ///
    /// Never: 2 is a valid multiplier.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u64>::fibonacci_nim();
    /// assert_eq!(game.multiplier(), 2);
    /// assert_eq!(game.losing_sizes().count(), 92); // F(2) = 1 … F(93)
    /// ```
    #[must_use]
    pub fn fibonacci_nim() -> Self {
        Self::new(2).expect("2 is a valid multiplier")
    }

    /// The multiplier `k`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// assert_eq!(TakeAway::<u16>::new(5)?.multiplier(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn multiplier(&self) -> u64 {
        self.k
    }

    /// The largest heap size the table decides: `T::MAX` unless the table was cut (see the
    /// [module docs](self)).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// assert_eq!(TakeAway::<u64>::new(6)?.covered(), u64::MAX);
    /// assert!(TakeAway::<u64>::new(1 << 40)?.covered() < u64::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn covered(&self) -> T {
        self.covered
    }

    /// The losing start sizes `H₁ < H₂ < …` that fit in `T` (up to [`covered`](Self::covered)),
    /// lazily: the run `1..=k+1` alone may be as long as the type is wide.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u8>::fibonacci_nim();
    /// assert!(game.losing_sizes().eq([1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]));
    /// let huge = TakeAway::<u64>::new(u64::MAX)?;
    /// assert!(huge.losing_sizes().take(3).eq([1, 2, 3]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn losing_sizes(&self) -> LosingSizes<'_, T> {
        LosingSizes {
            next_linear: Some(T::one()),
            linear_end: self.linear_end,
            tail: self.tail.iter(),
            runs: &self.runs,
            runs_end: self.runs_end,
            run: 0,
            next_in_run: self.runs.first().map(|run| run.first),
        }
    }

    pub(crate) fn sizes(&self) -> SizeTable<'_, T> {
        SizeTable {
            linear_end: self.linear_end,
            tail: &self.tail,
            runs: &self.runs,
            runs_end: self.runs_end,
            by_bits: &self.by_bits,
            powers_of_two: self.k == 1,
        }
    }

    fn check(&self, n: T) -> Result<(), TakeAwayError> {
        if n > self.covered {
            return Err(TakeAwayError::HeapBeyondTable {
                heap: to_u128(n),
                covered: to_u128(self.covered),
                k: self.k,
            });
        }
        Ok(())
    }

    /// Whether a game starting with `n` counters is lost by the first player (`n` is a
    /// losing size).
    ///
    /// # Errors
    ///
    /// [`TakeAwayError::HeapBeyondTable`] above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u32>::fibonacci_nim();
    /// assert!(game.is_losing_start(21)?);
    /// assert!(!game.is_losing_start(22)?);
    /// assert_eq!(TakeAway::<u8>::new(1)?.is_losing_start(64), Ok(true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_losing_start(&self, n: T) -> Result<bool, TakeAwayError> {
        self.check(n)?;
        Ok(!n.is_zero() && self.sizes().smallest_term(n) == Some(n))
    }

    /// The greedy representation of `n` as a sum of losing sizes, largest term first; each
    /// term is more than `k` times the next. Empty for 0.
    ///
    /// # Errors
    ///
    /// [`TakeAwayError::HeapBeyondTable`] above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u64>::new(3)?;
    /// assert_eq!(game.representation(20)?.collect::<Vec<_>>(), [15, 4, 1]);
    /// let wide = TakeAway::<u64>::new(1 << 40)?;
    /// assert!(wide.representation(u64::MAX).is_err());
    /// assert_eq!(wide.representation(5)?.collect::<Vec<_>>(), [5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn representation(&self, n: T) -> Result<Terms<'_, T>, TakeAwayError> {
        self.check(n)?;
        Ok(self.sizes().terms(n))
    }

    /// The smallest term of the representation of `n`, `None` for 0.
    ///
    /// # Errors
    ///
    /// [`TakeAwayError::HeapBeyondTable`] above [`covered`](Self::covered).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::TakeAway;
    ///
    /// let game = TakeAway::<u64>::fibonacci_nim();
    /// assert_eq!(game.smallest_term(100)?, Some(3)); // 100 = 89 + 8 + 3
    /// assert_eq!(game.smallest_term(0)?, None);
    /// assert_eq!(TakeAway::<u32>::new(3)?.smallest_term(20), Ok(Some(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn smallest_term(&self, n: T) -> Result<Option<T>, TakeAwayError> {
        self.check(n)?;
        Ok(self.sizes().smallest_term(n))
    }

    /// Who wins from `state` (a heap size means the start of a game): `N` iff the smallest
    fn outcome_of(&self, state: impl Into<TakeAwayState<T>>) -> Result<Outcome, TakeAwayError> {
        Ok(if self.winning_move_of(state)?.is_some() {
            Outcome::N
        } else {
            Outcome::P
        })
    }

    /// The winning move that takes the least — the smallest term of `remaining`, when
    fn winning_move_of(
        &self,
        state: impl Into<TakeAwayState<T>>,
    ) -> Result<Option<TakeMove<T>>, TakeAwayError> {
        let state = state.into();
        self.check(state.remaining)?;
        Ok(self
            .sizes()
            .smallest_term(state.remaining)
            .filter(|&term| term <= state.max_take())
            .map(|take| TakeMove::new(state, take, self.k)))
    }

    /// Every winning move from `state`, smallest take first; none if `state` is P.
    fn winning_moves_of(
        &self,
        state: impl Into<TakeAwayState<T>>,
    ) -> Result<WinningMoves<T>, TakeAwayError> {
        let state = state.into();
        self.check(state.remaining)?;
        Ok(winning_moves(self.sizes(), self.k, state))
    }

    /// Takes `take` from `state`: the move, with the state it leaves,
    /// `(remaining − take, min(k·take, rest))`.
    ///
    /// # Errors
    ///
    /// [`TakeAwayError::IllegalTake`] unless `1 ≤ take ≤ min(limit, remaining)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_away::{TakeAway, TakeAwayError, TakeAwayState};
    ///
    /// let game = TakeAway::<u32>::fibonacci_nim();
    /// let state = TakeAwayState::start(20);
    /// assert_eq!(game.play(state, 2).map(|made| made.to), Ok(TakeAwayState::new(18, 4)));
    /// assert_eq!(
    ///     game.play(state, 20),
    ///     Err(TakeAwayError::IllegalTake { take: 20, min: 1, max: 19 })
    /// );
    /// ```
    pub fn play(&self, state: TakeAwayState<T>, take: T) -> Result<TakeMove<T>, TakeAwayError> {
        let max = state.max_take();
        if take.is_zero() || take > max {
            return Err(TakeAwayError::IllegalTake {
                take: to_u128(take),
                min: 1,
                max: to_u128(max),
            });
        }
        Ok(TakeMove::new(state, take, self.k))
    }
}

impl<T: HeapSize + std::hash::Hash> ImpartialGame for TakeAway<T> {
    type Position = TakeAwayState<T>;

    /// Takes of `1..=min(limit, remaining)`, smallest first; the opponent's limit is capped
    /// at what remains, so equal futures are one position.
    fn moves(&self, state: &TakeAwayState<T>) -> impl Iterator<Item = TakeAwayState<T>> {
        let state = *state;
        let max = state.max_take();
        let first = if max.is_zero() { None } else { Some(T::one()) };
        std::iter::successors(first, move |&take| (take < max).then(|| take + T::one()))
            .map(move |take| TakeMove::new(state, take, self.k).to)
    }

    /// States with `limit ≤ remaining` lie in a triangle: `remaining·(remaining+1)/2 + limit`.
    fn dense_index(&self, state: &TakeAwayState<T>) -> Option<usize> {
        if state.limit > state.remaining {
            return None;
        }
        let remaining = state.remaining.to_usize()?;
        let limit = state.limit.to_usize()?;
        remaining
            .checked_add(1)?
            .checked_mul(remaining)?
            .checked_div(2)?
            .checked_add(limit)
    }
}

/// The take-away games' closed form, for generic code: [`TakeAway::outcome`] and
/// [`TakeAway::winning_moves`] (the Sprague–Grundy values have none: `grundy` is `None`).
///
/// # Examples
///
/// ```
/// use impartial::take_away::{TakeAway, TakeAwayState};
/// use impartial::{ClosedForm, Outcome};
///
/// let game = TakeAway::<u64>::fibonacci_nim();
/// let state = TakeAwayState::start(100);
/// let best = ClosedForm::winning_move(&game, &state)?.expect("N");
/// assert_eq!(ClosedForm::outcome(&game, &game.leaves(&state, &best)?)?, Outcome::P);
/// assert!(game.leaves(&TakeAwayState::start(99), &best).is_err()); // found from 100
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: HeapSize + std::hash::Hash> ClosedForm for TakeAway<T> {
    type Move = TakeMove<T>;
    type Error = TakeAwayError;

    fn outcome(
        &self,
        position: impl IntoPosition<TakeAwayState<T>>,
    ) -> Result<Outcome, TakeAwayError> {
        let holder = position.into_holder();
        let state: &TakeAwayState<T> = holder.borrow();
        self.outcome_of(*state)
    }

    fn grundy(
        &self,
        position: impl IntoPosition<TakeAwayState<T>>,
    ) -> Result<Option<Nimber>, TakeAwayError> {
        let holder = position.into_holder();
        let state: &TakeAwayState<T> = holder.borrow();
        self.check(state.remaining)?;
        Ok(None)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<TakeAwayState<T>>,
    ) -> Result<impl Iterator<Item = TakeMove<T>>, TakeAwayError> {
        let holder = position.into_holder();
        let state: &TakeAwayState<T> = holder.borrow();
        self.winning_moves_of(*state)
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<TakeAwayState<T>>,
    ) -> Result<Option<TakeMove<T>>, TakeAwayError> {
        let holder = position.into_holder();
        let state: &TakeAwayState<T> = holder.borrow();
        self.winning_move_of(*state)
    }

    fn leaves(
        &self,
        position: impl IntoPosition<TakeAwayState<T>>,
        chosen: &TakeMove<T>,
    ) -> Result<TakeAwayState<T>, IllegalMove<TakeAwayState<T>, TakeMove<T>>> {
        let holder = position.into_holder();
        let state: &TakeAwayState<T> = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(state, chosen, reason);
        if chosen.from != *state {
            return Err(refuse(format!(
                "it starts from {} left with a take of at most {}",
                chosen.from.remaining, chosen.from.limit
            )));
        }
        let most = state.max_take();
        if chosen.take.is_zero() || chosen.take > most {
            return Err(refuse(format!(
                "a take is 1 to {most} here, not {}",
                chosen.take
            )));
        }
        let made = TakeMove::new(*state, chosen.take, self.k);
        if made.to != chosen.to {
            return Err(refuse(format!(
                "taking {} leaves {} with a take of at most {}",
                chosen.take, made.to.remaining, made.to.limit
            )));
        }
        Ok(made.to)
    }
}

#[cfg(test)]
mod tests {
    use super::{RunTable, TakeAway, TakeAwayState};
    use crate::closed_form::ClosedForm;

    /// The survivor's place, counted from 0, when `people` stand in a circle and every
    /// `count`-th is removed: `J(1) = 0`, `J(n) = (J(n − 1) + count) mod n`.
    fn josephus(people: u64, count: u64) -> u64 {
        (2..=people).fold(0, |survivor, n| (survivor + count) % n)
    }

    #[test]
    fn runs_decide_as_the_listed_sizes_do() {
        for k in [1, 2, 3, 4, 7, 13, 100, 999, 4_096, 30_000, 65_534] {
            let listed = TakeAway::<u16>::new(k).unwrap();
            assert!(listed.runs.is_empty());
            let runs = RunTable::<u16>::build(k.try_into().unwrap(), listed.linear_end, usize::MAX)
                .runs
                .len();
            let in_runs = TakeAway::<u16>::with_table_limit(k, runs).unwrap();
            assert_eq!(in_runs.covered(), u16::MAX, "k = {k}");
            assert_eq!(
                in_runs.runs.is_empty(),
                listed.tail.len() <= runs,
                "k = {k}"
            );
            assert!(in_runs.losing_sizes().eq(listed.losing_sizes()), "k = {k}");
            for n in (0..=u16::MAX).step_by(5).chain(u16::MAX - 300..=u16::MAX) {
                assert!(
                    in_runs
                        .representation(n)
                        .unwrap()
                        .eq(listed.representation(n).unwrap()),
                    "k = {k}, n = {n}"
                );
                assert_eq!(in_runs.smallest_term(n), listed.smallest_term(n));
                let state = TakeAwayState::new(n, n / 3);
                assert!(
                    in_runs
                        .winning_moves(state)
                        .unwrap()
                        .eq(listed.winning_moves(state).unwrap())
                );
            }
        }
    }

    #[test]
    fn a_cut_table_decides_every_heap_up_to_its_coverage() {
        for k in [3, 5, 40, 500] {
            let full = TakeAway::<u32>::new(k).unwrap();
            let runs = RunTable::<u32>::build(k.try_into().unwrap(), full.linear_end, usize::MAX)
                .runs
                .len();
            for limit in [1, 2, 10, runs / 2, runs - 1] {
                let cut = TakeAway::<u32>::with_table_limit(k, limit).unwrap();
                let covered = cut.covered();
                assert!(covered < u32::MAX, "k = {k}, limit = {limit}");
                // The first size the table leaves out is the one just above its coverage.
                assert!(
                    full.is_losing_start(covered + 1).unwrap(),
                    "k = {k}, limit = {limit}"
                );
                assert!(cut.is_losing_start(covered + 1).is_err());
                for n in (0..=covered).rev().take(3_000).chain(0..3_000.min(covered)) {
                    assert_eq!(
                        cut.smallest_term(n),
                        full.smallest_term(n),
                        "k = {k}, n = {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_runs_start_where_the_josephus_problem_says() {
        // The smallest term of k·m is J(m, k + 1), or k·m itself (a losing size) when that is
        // 0: the reason the module docs give for the middle range's table.
        for k in 1..60u64 {
            let game = TakeAway::<u32>::new(k).unwrap();
            for m in 1..=k {
                let n = u32::try_from(k * m).unwrap();
                let survivor = u32::try_from(josephus(m, k + 1)).unwrap();
                let expected = if survivor == 0 { n } else { survivor };
                assert_eq!(
                    game.smallest_term(n),
                    Ok(Some(expected)),
                    "k = {k}, m = {m}"
                );
            }
        }
        // The same on a table of runs reaching the top of u64.
        let k = 1u64 << 50;
        let game = TakeAway::<u64>::new(k).unwrap();
        assert!(game.tail.is_empty() && !game.runs.is_empty());
        let mut survivor = 0;
        for m in 1..=(u64::MAX / k) {
            if m > 1 {
                survivor = (survivor + k + 1) % m;
            }
            let expected = if survivor == 0 { k * m } else { survivor };
            assert_eq!(game.smallest_term(k * m), Ok(Some(expected)), "m = {m}");
        }
    }
}
