//! The search's state: the memo tables, the search stack's buffers, the limits and what they
//! count. The other files of the search add its operations to [`Search`].

use std::fmt::Debug;
use std::hash::Hash;
use std::mem::size_of;

use super::code::{Code, TABLES, Table};
use super::graph::{Gain, Graph};
use super::rule::Rule;
use crate::error::SolveError;
use crate::game::Nimber;
use crate::solver::memo::{Memo, MemoSlot, entry_bytes};
use crate::solver::stats::SolverStats;

/// How much of its array a dense-indexed memo may use per state the limit allows.
pub(super) const DENSE_SLOTS_PER_STATE: usize = 4;

/// The array may always grow this far: small games keep their fast path under any limit.
pub(super) const DENSE_SLOTS_ALWAYS: usize = 1 << 10;

/// One position being explored: its options are `options[first_option..]` of the shared
/// stack, of which those before `next_option` have been looked at; the values found so far
/// are `values[first_value..]`.
#[derive(Clone, Debug)]
pub(super) struct Frame<P, E> {
    pub(super) position: P,
    /// The gain of the move that reached `position` (unused at the root).
    pub(super) gain: E,
    pub(super) slot: MemoSlot,
    pub(super) first_option: usize,
    pub(super) next_option: usize,
    pub(super) first_value: usize,
}

/// The bounds a search keeps to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Limits {
    /// Most states stored, all tables together; also the most options waiting on the search
    /// stack.
    pub(crate) states: Option<usize>,
    /// Most bytes held: tables, stored positions and what they own, the search stack.
    pub(crate) bytes: Option<usize>,
}

impl Limits {
    /// How many slots a dense-indexed memo array may have: unbounded without limits,
    /// otherwise a few per state allowed and at most half the memory allowed.
    pub(super) fn dense_budget(self) -> usize {
        let by_states = self.states.map_or(usize::MAX, |states| {
            states
                .saturating_mul(DENSE_SLOTS_PER_STATE)
                .max(DENSE_SLOTS_ALWAYS)
        });
        let by_bytes = self.bytes.map_or(usize::MAX, |bytes| {
            (bytes / (2 * size_of::<u32>())).max(DENSE_SLOTS_ALWAYS)
        });
        by_states.min(by_bytes)
    }
}

/// The least work (positions listed) a round must have left for a position inside it to
/// take its own options in rounds (`rounds`). Measured on misère Sprouts with a prototype
/// (one run each, 2026-12-06): 9 spots took 59 s without rounds, 96 s with rounds inside a
/// round with 10 000 left (the decomposing search's rule), 37–42 s with 100 000 left;
/// rounds at every depth made 8 spots 66 s against 1 s.
#[cfg(feature = "decompose")]
pub(super) const NESTED_ROUND_LEAST: u64 = 100_000;

/// The work done and the round's deadline of an outcome search in rounds (`rounds`), and
/// the line of play it marked in the table.
#[cfg(feature = "decompose")]
#[derive(Clone, Debug)]
pub(super) struct Rounds<P> {
    /// The positions marked as on the line of play, to take out if the search fails.
    pub(super) path: Vec<P>,
    /// Positions whose options were listed.
    pub(super) work: u64,
    /// The work at which a question asked in a round gives up (`u64::MAX`: none).
    pub(super) deadline: u64,
    /// Set when a question gave up at its round's deadline, until the round sees it.
    pub(super) abandoned: bool,
    /// [`NESTED_ROUND_LEAST`], or less in the tests, for rounds at every depth.
    pub(super) nested_least: u64,
}

#[cfg(feature = "decompose")]
impl<P> Default for Rounds<P> {
    fn default() -> Self {
        Rounds {
            path: Vec::new(),
            work: 0,
            deadline: u64::MAX,
            abandoned: false,
            nested_least: NESTED_ROUND_LEAST,
        }
    }
}

/// The memo, the search stack, and what they hold, for a graph whose moves carry `E`.
#[derive(Clone, Debug)]
pub(crate) struct Search<P, E = ()> {
    pub(super) tables: [Memo<P>; TABLES],
    /// The scores of [`Table::Score`]: its codes are indices here.
    pub(super) scores: Vec<i64>,
    /// The bounds `(lower, upper)` of [`Table::Bounds`]: its codes are indices here.
    pub(super) bounds: Vec<(i64, i64)>,
    pub(super) limits: Limits,
    pub(super) use_known_grundy: bool,
    // Scratch buffers kept between queries so that a query allocates nothing once warm.
    pub(super) frames: Vec<Frame<P, E>>,
    pub(super) options: Vec<P>,
    /// The gains of the moves to `options`, one each (nothing at all when `E` is `()`).
    pub(super) option_gains: Vec<E>,
    pub(super) values: Vec<Code>,
    /// The gains of the moves whose values are `values`, one each.
    pub(super) gains: Vec<E>,
    pub(super) seen: Vec<bool>,
    /// Bytes the stored positions own beyond their own size
    /// ([`ImpartialGame::allocated_bytes`]).
    pub(super) stored_allocated: usize,
    /// Bytes the positions on the frames and the option stack own.
    pub(super) working_allocated: usize,
    /// The state of an outcome search in rounds (`rounds`).
    #[cfg(feature = "decompose")]
    pub(super) rounds: Rounds<P>,
}

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
    /// Whether moves carry gains worth keeping (a score game), or nothing (`()`): then
    /// `option_gains` stays empty.
    pub(super) const MOVES_CARRY_GAINS: bool = size_of::<E>() > 0;

    /// The gain of the move to `options[index]`.
    #[inline]
    pub(super) fn option_gain(&self, index: usize) -> E {
        if Self::MOVES_CARRY_GAINS {
            self.option_gains[index]
        } else {
            E::default()
        }
    }

    pub(crate) fn new() -> Self {
        Search {
            tables: std::array::from_fn(|_| Memo::new()),
            scores: Vec::new(),
            bounds: Vec::new(),
            limits: Limits::default(),
            use_known_grundy: true,
            frames: Vec::new(),
            options: Vec::new(),
            option_gains: Vec::new(),
            values: Vec::new(),
            gains: Vec::new(),
            seen: Vec::new(),
            stored_allocated: 0,
            working_allocated: 0,
            #[cfg(feature = "decompose")]
            rounds: Rounds::default(),
        }
    }

    /// Searches every position, ignoring the ruleset's `known_grundy`: the front ends'
    /// `without_closed_form`.
    pub(crate) fn ignore_closed_forms(&mut self) {
        self.use_known_grundy = false;
    }

    /// Bounds the states stored: the front ends' `with_state_limit`.
    pub(crate) fn limit_states(&mut self, limit: usize) {
        self.set_limits(Limits {
            states: Some(limit),
            ..self.limits
        });
    }

    /// The most bytes it may hold, if bounded: what the front ends' `with_memory_limit` set.
    #[cfg(feature = "decompose")]
    pub(crate) fn byte_limit(&self) -> Option<usize> {
        self.limits.bytes
    }

    /// Bounds the bytes held: the front ends' `with_memory_limit`.
    pub(crate) fn limit_bytes(&mut self, bytes: usize) {
        self.set_limits(Limits {
            bytes: Some(bytes),
            ..self.limits
        });
    }

    /// The state limit, if any.
    pub(crate) fn state_limit(&self) -> Option<usize> {
        self.limits.states
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        let budget = limits.dense_budget();
        for table in &mut self.tables {
            table.set_dense_budget(budget);
        }
    }

    pub(crate) fn states(&self) -> usize {
        self.tables.iter().map(Memo::len).sum()
    }

    /// Bytes of the tables and of what the stored positions own.
    pub(crate) fn stored_bytes(&self) -> usize {
        self.tables.iter().map(Memo::allocated_bytes).sum::<usize>()
            + self.scores.capacity() * size_of::<i64>()
            + self.bounds.capacity() * size_of::<(i64, i64)>()
            + self.stored_allocated
    }

    /// The front ends' [`SolverStats`]: states, the bytes stored, an entry's size.
    pub(crate) fn stats(&self) -> SolverStats {
        SolverStats {
            states: self.states(),
            bytes: self.stored_bytes(),
            bytes_per_entry: entry_bytes::<P>(),
        }
    }

    /// Everything held: what is stored, and the search stack with what its positions own.
    pub(super) fn bytes_in_use(&self) -> usize {
        self.stored_bytes()
            + self.frames.capacity() * size_of::<Frame<P, E>>()
            + self.options.capacity() * size_of::<P>()
            + self.option_gains.capacity() * size_of::<E>()
            + self.working_allocated
            + self.values.capacity() * size_of::<Code>()
            + self.gains.capacity() * size_of::<E>()
            + self.seen.capacity()
    }

    /// Under a memory limit, an error if pushing onto `stack` an element that owns `owned`
    /// bytes would pass it.
    #[cold]
    #[inline(never)]
    pub(super) fn check_room_to_push<T>(
        &self,
        stack: &Vec<T>,
        owned: usize,
    ) -> Result<(), SolveError<P>> {
        self.check_room(growth_bytes(stack).saturating_add(owned))
    }

    /// An error if `extra` more bytes would pass the memory limit.
    pub(super) fn check_room(&self, extra: usize) -> Result<(), SolveError<P>> {
        match self.limits.bytes {
            Some(limit) if self.bytes_in_use().saturating_add(extra) > limit => {
                Err(SolveError::MemoryLimit { limit })
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn clear(&mut self) {
        for table in &mut self.tables {
            table.clear();
        }
        self.scores = Vec::new();
        self.bounds = Vec::new();
        self.stored_allocated = 0;
    }

    pub(crate) fn try_reserve(
        &mut self,
        additional: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        self.tables[Table::Normal as usize].try_reserve(additional)
    }

    /// Reserves room for `additional` more states of `rule`'s table.
    pub(crate) fn try_reserve_for(
        &mut self,
        rule: Rule,
        additional: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        let table = rule.table();
        if table == Table::Score {
            self.scores.try_reserve(additional)?;
        }
        self.tables[table as usize].try_reserve(additional)
    }

    pub(super) fn known_grundy<G: Graph<Position = P, Gain = E>>(
        &self,
        game: &G,
        position: &P,
    ) -> Option<Nimber> {
        if self.use_known_grundy {
            game.known_grundy(position)
        } else {
            None
        }
    }

    /// Stores `code` for `position`, within the limits.
    #[inline]
    pub(super) fn store<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        code: Code,
        table: Table,
    ) -> Result<MemoSlot, SolveError<P>> {
        let room = self.limits.states.is_none_or(|limit| self.states() < limit);
        let index = game.dense_index(position);
        if self.limits.bytes.is_some() {
            self.check_room_to_store(game, position, index, table)?;
        }
        match self.tables[table as usize].set(position, index, code, room) {
            Some((slot, new)) => {
                if new {
                    self.stored_allocated += game.allocated_bytes(position);
                }
                Ok(slot)
            }
            None => Err(SolveError::StateLimit {
                limit: self.limits.states.expect("only a limit refuses a state"),
            }),
        }
    }

    /// Under a memory limit, an error if storing `position` (new to the table) would pass it.
    /// Out of line: the search without a memory limit stays small enough to inline.
    #[cold]
    #[inline(never)]
    pub(super) fn check_room_to_store<G: Graph<Position = P, Gain = E>>(
        &self,
        game: &G,
        position: &P,
        index: Option<usize>,
        table: Table,
    ) -> Result<(), SolveError<P>> {
        let table = &self.tables[table as usize];
        if table.get(position, index).is_some() {
            return Ok(());
        }
        let growth = table.growth_bytes(index);
        self.check_room(growth.saturating_add(game.allocated_bytes(position)))
    }

    /// Runs a search whose line of play is marked in `table`, and forgets that line if the
    /// search fails — with an error, or with a panic of the ruleset's that unwinds through it
    /// (resumed once the marks are out: a caller that catches it finds a consistent search,
    /// not positions left marked as on the path that the next query would call a cycle).
    pub(super) fn run_abandoning<G: Graph<Position = P, Gain = E>, T>(
        &mut self,
        game: &G,
        table: Table,
        search: impl FnOnce(&mut Self) -> Result<T, SolveError<P>>,
    ) -> Result<T, SolveError<P>> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| search(self))) {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(error)) => Err(self.abandon(game, table, error)),
            Err(panic) => {
                self.forget_line_of_play(game, table);
                std::panic::resume_unwind(panic)
            }
        }
    }

    /// Forgets the positions of the abandoned line of play so the search stays consistent.
    pub(super) fn abandon<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        table: Table,
        error: SolveError<P>,
    ) -> SolveError<P> {
        self.forget_line_of_play(game, table);
        error
    }

    fn forget_line_of_play<G: Graph<Position = P, Gain = E>>(&mut self, game: &G, table: Table) {
        let mut frames = std::mem::take(&mut self.frames);
        for frame in frames.drain(..) {
            self.forget_entry(game, &frame.position, table);
        }
        self.frames = frames;
        self.options.clear();
        self.option_gains.clear();
        self.values.clear();
        self.gains.clear();
        self.working_allocated = 0;
        #[cfg(feature = "decompose")]
        self.forget_rounds(game, table);
    }

    /// Takes `position`'s entry out of `table`, with the bytes it owned.
    pub(super) fn forget_entry<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        table: Table,
    ) {
        if self.tables[table as usize].remove(position, game.dense_index(position)) {
            self.stored_allocated -= game.allocated_bytes(position);
        }
    }
}

/// The bytes pushing one more element onto `vec` would allocate (it doubles when full).
pub(super) fn growth_bytes<T>(vec: &Vec<T>) -> usize {
    if vec.len() < vec.capacity() {
        0
    } else {
        vec.capacity().max(4).saturating_mul(2 * size_of::<T>())
    }
}
