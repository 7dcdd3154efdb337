//! The decomposing search: the value of a position is the XOR of its parts' values, and the
//! question "is this sum plus `*k` a P-position?" needs the full values of all its parts but
//! one — that one is asked only whether its value is `k`, a question that stops at the first
//! option that answers it (Lemoine and Viennot, *Nimbers are inevitable*, TCS 462, 2012).
//!
//! A part's value is found the same way, one candidate at a time: it is the least `j` such
//! that no option has value `j`, and "has some option value `j`?" stops at the first that
//! has. The table keeps, for every part met, the values ruled out so far (`0..lower`) or the
//! value itself — so a later question about the part starts where the last one stopped.

use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::busy::{BUSY_DEPTH, Busy};
use super::line::LineOfPlay;
use super::sums::{Options, Split, largest_index, most_value};
use super::table::{Facts, Limits, Passed, Table, ValueCache};
use crate::error::{SolveError, TableError};
use crate::game::Hooks;
use crate::game::{ImpartialGame, Nimber, Outcome};

/// The least work (options listed) for which a search that ruled out values without finding
/// the value keeps what it ruled out in the table: Cram 5 × 7 stores 249 000 facts when every
/// one is kept, 39 000 from 256 on and 33 000 with values alone, in the same time (within
/// 10 %). Today every one kept saves 13 % of 5 × 7's instructions, but 5 × 8 then holds
/// 80 MB against 12 MB and takes more time (3.85–4.37 s against 3.67–4.16 s). A cheaper
/// search keeps what it ruled out in the value cache alone.
const PARTIAL_FACTS_WORK: u64 = 256;

/// Most option sums a part's listing reserves room for at once (a Cram board has at most
/// 112 moves); past them the list grows as it needs.
const MOST_RESERVED_OPTIONS: usize = 128;

/// The least work a round must have left for a question inside it to run rounds of its own.
/// Measured on Sprouts (first round 64, growth 8; one run each, 2026-12-06): in order, 12
/// spots 233 s, 13 spots not answered in an hour. In rounds at every depth, 10 spots took
/// 2.6 s against 0.7 s in order. In rounds below the start only, never inside another
/// round: 12 spots 10.6 s, 13 spots not answered in 18 minutes; inside a round with 10 000
/// left, 5.7 s and 10.1 s (with 1 000 left, 12 spots 25 s; with 30 000, 7.3 s); and with
/// the start's options in rounds too, 5.8 s and 12.5 s, but 14 spots searched in 217 s and
/// proved in 113 s against 275 s and 447 s (the prover asks about each part as a start).
/// Rounds inside rounds with little left spend it on tries that run out.
pub(super) const NESTED_ROUND_LEAST: u64 = 10_000;

/// Most threads a search runs on; more are refused as [`set_threads`](SplitSearch::set_threads)
/// says.
pub(crate) const MAX_THREADS: usize = 64;

/// A question the decomposing search answers about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Question {
    Outcome,
    Grundy,
}

/// The answer to a [`Question`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Outcome(Outcome),
    Grundy(Nimber),
}

/// How a search asks whether some sum of a part's options, plus `*value`, is a P-position:
/// one after the other on this thread, or on several at the root.
pub(super) trait Ask<G, P: Debug>:
    FnMut(&mut SplitSearch<P>, &G, &[Split<P>], u32) -> Result<bool, SolveError<P>>
{
}

impl<G, P: Debug, F> Ask<G, P> for F where
    F: FnMut(&mut SplitSearch<P>, &G, &[Split<P>], u32) -> Result<bool, SolveError<P>>
{
}

/// The search and what it has learnt.
#[derive(Clone, Debug)]
pub(crate) struct SplitSearch<P> {
    pub(super) table: Table<P>,
    /// The values asked for most, in front of the table.
    pub(super) cache: ValueCache<P>,
    /// The parts being valued, along the line of play: one met again is a cycle.
    pub(super) path: LineOfPlay<P>,
    /// Most states stored, and most bytes held, in a growing table.
    pub(crate) state_limit: Option<usize>,
    pub(crate) byte_limit: Option<usize>,
    pub(crate) use_known_grundy: bool,
    /// Positions whose options were listed: the work a fact cost is the count spent on it.
    pub(super) work: u64,
    /// The bytes of a fixed table, if it has a budget.
    pub(super) budget: Option<usize>,
    /// Threads a question runs on: the table is shared among their searches if more than one.
    pub(super) threads: usize,
    /// Set when another thread has answered the question this search works on.
    pub(super) stop: Option<Arc<AtomicBool>>,
    /// Set when the thread that took the sum this search helps with has finished it.
    pub(super) helped_done: Option<Arc<AtomicBool>>,
    /// The parts near the root that the threads of a threaded question are searching.
    pub(super) busy: Option<Arc<Busy<P>>>,
    /// Lists of pending sums that searches done with them left, emptied, for the next to
    /// fill: one allocation for each depth of the search, not one for each search.
    pub(super) spare_lists: Vec<Vec<Split<P>>>,
    /// The work at which a question asked in a round gives up (`u64::MAX`: none).
    pub(super) deadline: u64,
    /// Set when a question gave up at its round's deadline, until the round sees it.
    pub(super) abandoned: bool,
}

impl<P: Clone + Eq + Hash + Debug> SplitSearch<P> {
    pub(crate) fn new() -> Self {
        SplitSearch {
            table: Table::growing(),
            cache: ValueCache::new(),
            path: LineOfPlay::default(),
            state_limit: None,
            byte_limit: None,
            use_known_grundy: true,
            work: 0,
            budget: None,
            threads: 1,
            stop: None,
            spare_lists: Vec::new(),
            helped_done: None,
            busy: None,
            deadline: u64::MAX,
            abandoned: false,
        }
    }

    /// Keeps the table and the caches in front of it within `bytes` from now on, forgetting
    /// what they must. The caches (one a thread) take at most an eighth.
    ///
    /// # Errors
    ///
    /// [`TableError::BudgetTooSmall`] below [`least_budget`](Self::least_budget),
    /// [`TableError::OutOfMemory`] if the table cannot be allocated.
    pub(crate) fn set_budget(&mut self, bytes: usize) -> Result<(), TableError> {
        // One bound for every budget: the cache's share rounds, and the least must not.
        let least = Self::least_budget();
        if bytes < least {
            return Err(TableError::BudgetTooSmall { bytes, least });
        }
        // The old table goes first: the new one may take all the memory there is.
        self.table = Table::growing();
        self.budget = Some(bytes);
        self.rebuild(&Table::growing())
    }

    /// Runs each question on `threads` threads (1 for one), sharing the table among them;
    /// what the table knows is kept.
    ///
    /// # Errors
    ///
    /// As [`set_budget`](Self::set_budget), for a table with a budget.
    pub(crate) fn set_threads(&mut self, threads: usize) -> Result<(), TableError> {
        self.threads = threads.clamp(1, MAX_THREADS);
        let old = std::mem::replace(&mut self.table, Table::growing());
        self.rebuild(&old)
    }

    /// Makes the table and the cache for the budget and the threads, with the facts of `old`.
    fn rebuild(&mut self, old: &Table<P>) -> Result<(), TableError> {
        let shared = self.threads > 1;
        let (table, cache) = match self.budget {
            None if shared => (Table::growing_shared(), ValueCache::new()),
            None => (Table::growing(), ValueCache::new()),
            Some(bytes) => {
                let cache = ValueCache::within(bytes / 8 / self.threads);
                let rest = bytes.saturating_sub(cache.capacity_bytes() * self.threads);
                let table = if shared {
                    Table::fixed_shared(rest)
                } else {
                    Table::fixed(rest)
                };
                let least = Self::least_budget();
                let table = table.map_err(|error| match error {
                    TableError::BudgetTooSmall { .. } => {
                        TableError::BudgetTooSmall { bytes, least }
                    }
                    other => other,
                })?;
                (table, cache)
            }
        };
        self.table = table;
        self.cache = cache;
        // A growing table keeps what it knew; a fixed one starts empty (what positions own
        // counts against its budget, and only the search that stores a fact knows it).
        if self.budget.is_none() {
            old.with_entries(|facts| {
                for (position, fact) in facts {
                    self.table.set(position, fact, 0, 0);
                }
            });
        }
        Ok(())
    }

    /// The threads a question runs on.
    pub(crate) fn threads(&self) -> usize {
        self.threads
    }

    /// The least budget [`set_budget`](Self::set_budget) accepts.
    pub(crate) fn least_budget() -> usize {
        // The least table and the cache that an eighth more affords: solved for the budget.
        (Table::<P>::least_budget() * 8).div_ceil(7)
    }

    pub(crate) fn table(&self) -> &Table<P> {
        &self.table
    }

    /// Takes in facts read from a file.
    pub(crate) fn learn(&mut self, position: &P, facts: Facts) {
        self.table.set(position, facts, u64::MAX, 0);
    }

    pub(crate) fn clear(&mut self) {
        self.table.clear();
        self.cache.clear();
        self.path.clear();
    }

    pub(crate) fn states(&self) -> usize {
        self.table.len()
    }

    pub(crate) fn bytes(&self) -> usize {
        self.table.bytes() + self.cache.bytes()
    }

    /// The answer to `question` about `position`, on one thread.
    pub(crate) fn answer<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        question: Question,
    ) -> Result<Answer, SolveError<P>> {
        match question {
            Question::Outcome => self.outcome(game, position).map(Answer::Outcome),
            Question::Grundy => self.grundy(game, position).map(Answer::Grundy),
        }
    }

    /// Whether another thread has answered the question this search works on.
    pub(super) fn stopped(&self) -> bool {
        let set = |flag: &Option<Arc<AtomicBool>>| {
            flag.as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
        };
        set(&self.stop) || set(&self.helped_done)
    }

    /// The outcome of `position`.
    pub(crate) fn outcome<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Outcome, SolveError<P>> {
        let result = self
            .split(game, position)
            .and_then(|split| self.sum_is_p(game, &split, 0));
        self.finish(result)
            .map(|p| if p { Outcome::P } else { Outcome::N })
    }

    /// The Grundy value of `position`.
    pub(crate) fn grundy<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Nimber, SolveError<P>> {
        let result = self.split(game, position).and_then(|split| {
            let mut value = split.known;
            for part in &split.unknown {
                value ^= self.part_value(game, part)?;
            }
            Ok(value)
        });
        self.finish(result).map(|value| Nimber(u128::from(value)))
    }

    /// The value of the canonical part `part`, as the prover of certificates asks it.
    pub(crate) fn value_of_part<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
    ) -> Result<u32, SolveError<P>> {
        let result = self.part_value(game, part);
        self.finish(result)
    }

    /// Whether the canonical part `part` has value `k`, as the prover of certificates asks.
    pub(crate) fn part_is<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
        k: u32,
    ) -> Result<bool, SolveError<P>> {
        let result = self.has_value(game, part, k);
        self.finish(result)
    }

    /// Forgets the line of play of a search that failed, so the next starts clean.
    pub(super) fn finish<T>(
        &mut self,
        result: Result<T, SolveError<P>>,
    ) -> Result<T, SolveError<P>> {
        if result.is_err() {
            self.path.clear();
        }
        result
    }

    /// `position` split into its parts, each canonical, their values folded in where known.
    pub(super) fn split<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Split<P>, SolveError<P>> {
        let mut split = Split::empty();
        self.split_into(game, position, &mut split)?;
        Ok(split)
    }

    /// [`split`](Self::split) into `split`, which is empty: the search lists a part's
    /// options into one, and moves out only those it keeps.
    fn split_into<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        split: &mut Split<P>,
    ) -> Result<(), SolveError<P>> {
        // Each part added as the ruleset lists it; after an error, the rest are passed over.
        let mut outcome = Ok(());
        let has_parts = game.each_component(position, &mut |part| {
            if outcome.is_err() {
                return;
            }
            outcome = if part == *position {
                Err(SolveError::Cycle { position: part })
            } else {
                self.add_part(game, part, split)
            };
        });
        if has_parts {
            outcome
        } else {
            self.add_part(game, position.clone(), split)
        }
    }

    fn add_part<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: P,
        split: &mut Split<P>,
    ) -> Result<(), SolveError<P>> {
        // A part met as it is drawn is valued without its canonical form, if cached.
        if let Some(value) = self.cached(game, &part) {
            split.known ^= value;
            return Ok(());
        }
        let (part, drawn) = match game.canonical(&part) {
            Some(canonical) if canonical != part => (canonical, Some(part)),
            _ => (part, None),
        };
        let facts = self.facts(game, &part);
        let value = match facts.value() {
            Some(value) => Some(value),
            // A part with values ruled out has been searched, its closed form asked first.
            // (Facts read from a file skip it too: that may cost a search, never a value.)
            None if facts == Facts::default() => self.closed_form(game, &part)?,
            None => None,
        };
        if let (Some(value), Some(drawn)) = (value, drawn) {
            self.cache_value(game, &drawn, value);
        }
        match value {
            Some(value) => split.known ^= value,
            // A part twice is worth nothing: G + G = 0.
            None => match split.unknown.iter().position(|other| *other == part) {
                Some(twin) => {
                    split.unknown.swap_remove(twin);
                }
                None => split.unknown.push(part),
            },
        }
        Ok(())
    }

    /// The ruleset's closed form for the canonical part `part`, stored as a fact.
    fn closed_form<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
    ) -> Result<Option<u32>, SolveError<P>> {
        if !self.use_known_grundy {
            return Ok(None);
        }
        let Some(value) = game
            .known_grundy(part)
            .and_then(|value| u32::try_from(value.0).ok())
        else {
            return Ok(None);
        };
        self.store(game, part, Facts::exactly(value), self.work)?;
        Ok(Some(value))
    }

    /// Whether the sum of `split`'s parts and `*k` is a P-position: the values of all parts
    /// but the largest, then whether the largest has the value that makes the XOR 0.
    pub(super) fn sum_is_p<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        split: &Split<P>,
        k: u32,
    ) -> Result<bool, SolveError<P>> {
        let mut target = split.known ^ k;
        let Some(largest) = largest_index(game, &split.unknown) else {
            return Ok(target == 0);
        };
        for (index, part) in split.unknown.iter().enumerate() {
            if index != largest {
                target ^= self.part_value(game, part)?;
            }
        }
        self.has_value(game, &split.unknown[largest], target)
    }

    /// The value of the canonical part `part`: the least value no option has, found by
    /// ruling out the others from the least not ruled out yet.
    fn part_value<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
    ) -> Result<u32, SolveError<P>> {
        self.part_value_with(game, part, &mut Self::any_sum_has)
    }

    /// [`part_value`](Self::part_value), asking `ask` whether some sum of the part's options
    /// has a value (below the part, the search asks on one thread).
    pub(super) fn part_value_with<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
        ask: &mut impl Ask<G, P>,
    ) -> Result<u32, SolveError<P>> {
        let facts = self.facts(game, part);
        if let Some(value) = facts.value() {
            return Ok(value);
        }
        let facts = self.on_path(part, |search| search.find_value(game, part, facts, ask))?;
        Ok(facts.lower())
    }

    /// Whether the canonical part `part` has value `k`: first whether some option has `k`
    /// (then it has not — the usual answer, found by one option); if none has, whether every
    /// smaller value is some option's.
    fn has_value<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
        k: u32,
    ) -> Result<bool, SolveError<P>> {
        self.has_value_with(game, part, k, &mut Self::any_sum_has)
    }

    /// [`has_value`](Self::has_value), asking `ask` as
    /// [`part_value_with`](Self::part_value_with) does.
    pub(super) fn has_value_with<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
        k: u32,
        ask: &mut impl Ask<G, P>,
    ) -> Result<bool, SolveError<P>> {
        let facts = self.facts(game, part);
        if facts.rules_out(k) {
            return Ok(false);
        }
        if facts.exact() {
            return Ok(true);
        }
        let most = most_value(game.moves(part).size_hint().1, game.grundy_bound(part));
        if k > most {
            return Ok(false);
        }
        if k == most && facts.lower() == k {
            // Every smaller value ruled out: the value is the bound.
            return Ok(true);
        }
        let facts = self.on_path(part, |search| search.test_value(game, part, facts, k, ask))?;
        Ok(facts.value() == Some(k))
    }

    /// What is known of `part`'s value: from the cache, else the table.
    fn facts<G: ImpartialGame<Position = P>>(&mut self, game: &G, part: &P) -> Facts {
        let cached = self.cache.get_facts(part);
        if let Some(facts) = cached.filter(|facts| facts.exact()) {
            return facts;
        }
        let Some(facts) = self.table.get(part) else {
            return cached.unwrap_or_default();
        };
        if let Some(value) = facts.value() {
            self.cache_value(game, part, value);
        }
        facts
    }

    /// `position`'s value if the cache has it, as drawn or canonical. A position that owns
    /// memory is never cached (see [`cache_value`](Self::cache_value)), so it is not hashed
    /// to look.
    fn cached<G: ImpartialGame<Position = P>>(&self, game: &G, position: &P) -> Option<u32> {
        if game.allocated_bytes(position) == 0 {
            self.cache.get(position)
        } else {
            None
        }
    }

    /// Keeps `part`'s value in the cache, unless `part` owns memory that no budget counts.
    fn cache_value<G: ImpartialGame<Position = P>>(&mut self, game: &G, part: &P, value: u32) {
        if game.allocated_bytes(part) == 0 {
            self.cache.put(part, value);
        }
    }

    /// Runs `search` with `part` on the line of play (met again, it is a cycle), on a stack
    /// that grows as deep as the search goes.
    fn on_path<T>(
        &mut self,
        part: &P,
        search: impl FnOnce(&mut Self) -> Result<T, SolveError<P>>,
    ) -> Result<T, SolveError<P>> {
        if !self.path.enter(part) {
            return Err(SolveError::Cycle {
                position: part.clone(),
            });
        }
        // Cloned only near the root: a clone writes the count all threads share.
        let busy = (self.path.len() <= BUSY_DEPTH)
            .then(|| self.busy.clone())
            .flatten();
        if let Some(busy) = &busy {
            busy.enter(part);
        }
        let result = stacker::maybe_grow(1 << 16, 1 << 22, || search(self));
        if let Some(busy) = &busy {
            busy.leave(part);
        }
        self.path.leave(part);
        result
    }

    /// Rules out the values of `part` from the least, each some option's, until one is no
    /// option's: the value. Stores what it learns, and returns it.
    fn find_value<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
        mut facts: Facts,
        ask: &mut impl Ask<G, P>,
    ) -> Result<Facts, SolveError<P>> {
        let start = self.work;
        let mut options = Options::with_list(self.spare_lists.pop().unwrap_or_default());
        let mut moves = game.moves(part);
        let most = most_value(moves.size_hint().1, game.grundy_bound(part));
        let mut candidate = facts.lower();
        loop {
            if !facts.rules_out(candidate) {
                // Every smaller value ruled out, the bound is the value with no search.
                if candidate >= most
                    || !self.some_option_has(game, &mut options, &mut moves, candidate, ask)?
                {
                    facts = Facts::exactly(candidate);
                    break;
                }
                facts = facts.without(candidate);
            }
            candidate += 1;
        }
        drop(moves);
        self.spare_lists.push(options.into_list());
        self.store(game, part, facts, start)?;
        Ok(facts)
    }

    /// Whether `part`'s value is `k`, not ruled out yet: ruled out at once if some option has
    /// it; else the value is the least of `0..=k` no option has. Stores what it learns, and
    /// returns it.
    fn test_value<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
        mut facts: Facts,
        k: u32,
        ask: &mut impl Ask<G, P>,
    ) -> Result<Facts, SolveError<P>> {
        let start = self.work;
        let mut options = Options::with_list(self.spare_lists.pop().unwrap_or_default());
        let mut moves = game.moves(part);
        if self.some_option_has(game, &mut options, &mut moves, k, ask)? {
            facts = facts.without(k);
        } else {
            // No option has `k`: the value is the first of `lower..=k` no option has.
            let mut candidate = facts.lower();
            while candidate < k {
                if !facts.rules_out(candidate) {
                    if !self.some_option_has(game, &mut options, &mut moves, candidate, ask)? {
                        break;
                    }
                    facts = facts.without(candidate);
                }
                candidate += 1;
            }
            facts = Facts::exactly(candidate);
        }
        drop(moves);
        self.spare_lists.push(options.into_list());
        self.store(game, part, facts, start)?;
        Ok(facts)
    }

    /// Whether some option has value `value`: an option whose value is known at once, as
    /// `moves` lists them (listing stops at the first that has it); once every option is
    /// listed, a search of the others, the smallest first. Options that are the same sum of
    /// parts (mirror images on a board) are listed once.
    fn some_option_has<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        options: &mut Options<P>,
        moves: &mut impl Iterator<Item = P>,
        value: u32,
        ask: &mut impl Ask<G, P>,
    ) -> Result<bool, SolveError<P>> {
        if options.known.contains(&value) {
            return Ok(true);
        }
        if !options.complete {
            let left = moves.size_hint().0;
            let mut split = Split::empty();
            for option in moves.by_ref() {
                self.work += 1;
                if self.work >= self.deadline {
                    // Out of its round's allowance: unwound to the round (`rounds.rs`).
                    self.abandoned = true;
                    return Err(SolveError::StateLimit { limit: 0 });
                }
                if let Some(known) = self.cached(game, &option) {
                    options.known.push(known);
                    if known == value {
                        return Ok(true);
                    }
                    continue;
                }
                split.known = 0;
                split.unknown.clear();
                self.split_into(game, &option, &mut split)?;
                if split.unknown.is_empty() {
                    self.cache_value(game, &option, split.known);
                    options.known.push(split.known);
                    if split.known == value {
                        return Ok(true);
                    }
                } else if options.is_new(&split) {
                    if options.pending.capacity() == 0 {
                        // One allocation for the part's options, not one for each doubling;
                        // capped, as a move iterator's hint is no promise.
                        options.pending.reserve(left.min(MOST_RESERVED_OPTIONS));
                    }
                    let size = split.unknown.iter().map(|part| game.search_size(part));
                    let size = size.max().unwrap_or(0);
                    let unknown = std::mem::take(&mut split.unknown);
                    options.pending.push(Split {
                        known: split.known,
                        unknown,
                        size,
                    });
                }
            }
            options.complete = true;
            options.pending.sort_by_key(|split| split.size);
        }
        ask(self, game, &options.pending, value)
    }

    /// Whether some sum of `pending` plus `*value` is a P-position, the sums in order.
    pub(super) fn any_sum_has<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        pending: &[Split<P>],
        value: u32,
    ) -> Result<bool, SolveError<P>> {
        // In rounds where the ruleset asks for them, but not in a round with too little work
        // left.
        if <G as Hooks>::IN_ROUNDS
            && pending.len() > 1
            && self.deadline.saturating_sub(self.work) >= NESTED_ROUND_LEAST
        {
            return self.any_sum_has_in_rounds(game, pending, value);
        }
        let busy = (self.path.len() < BUSY_DEPTH)
            .then(|| self.busy.clone())
            .flatten();
        // The part whose options these sums are.
        let node = busy.as_ref().and_then(|_| self.path.last().cloned());
        let mut deferred = Vec::new();
        for (index, sum) in pending.iter().enumerate() {
            if let (Some(busy), Some(node)) = (&busy, &node) {
                // Another thread is searching a part of this sum. Once some thread has found
                // the first sum here not a P-position, this one leaves it for later (by then,
                // mostly a fact in the table) and takes the next: they all need searching
                // unless one is a P-position. Before, the first sum alone may answer, and
                // the next would be searched for nothing: it follows the other thread in.
                if busy.defers(node, &sum.unknown) {
                    deferred.push(index);
                    continue;
                }
            }
            if self.stopped() {
                // Another thread has answered: this search's answer is never read.
                return Err(SolveError::StateLimit { limit: 0 });
            }
            if self.sum_is_p(game, sum, value)? {
                return Ok(true);
            }
            if let (Some(busy), Some(node), 0) = (&busy, &node, index) {
                busy.pass_first(node);
            }
        }
        for index in deferred {
            if self.stopped() {
                return Err(SolveError::StateLimit { limit: 0 });
            }
            if self.sum_is_p(game, &pending[index], value)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Stores `facts` of `part`, found by the work since `start`, within the limits of a
    /// growing table (at a limit, only a part stored already may be updated).
    fn store<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        part: &P,
        facts: Facts,
        start: u64,
    ) -> Result<(), SolveError<P>> {
        if !facts.exact() && self.work - start < PARTIAL_FACTS_WORK {
            // Cheaper to find again than to keep in the table: kept in the cache alone.
            if game.allocated_bytes(part) == 0 {
                self.cache.put_ruled_out(part, facts);
            }
            return Ok(());
        }
        let owned = game.allocated_bytes(part);
        let limits = Limits {
            states: self.state_limit,
            bytes: self.byte_limit,
        };
        self.table
            .set_within(part, facts, self.work - start, owned, limits)
            .map_err(|passed| match passed {
                Passed::States(limit) => SolveError::StateLimit { limit },
                Passed::Bytes(limit) => SolveError::MemoryLimit { limit },
            })?;
        if let Some(value) = facts.value() {
            self.cache_value(game, part, value);
        }
        Ok(())
    }
}
