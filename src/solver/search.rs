//! The search behind [`Solver`](crate::Solver): an explicit stack of frames over one shared
//! stack of options, the memo, and the limits that keep both bounded.
//!
//! The ruleset is passed to every call rather than owned, so that a caller can walk a
//! position's moves lazily while it asks the search about each one.

use std::fmt::Debug;
use std::hash::Hash;
use std::mem::size_of;

use super::memo::{MAX_CODE, Memo, MemoSlot};
use crate::error::SolveError;
use crate::game::{ImpartialGame, Nimber, Outcome, mex_of_codes};

/// Codes stored per position. Values below `OUTCOME_N` are Grundy values; in the misère
/// table only `MISERE_P` and `MISERE_N` occur.
pub(crate) type Code = u32;
/// The position is on the line of play being explored: meeting it again is a cycle.
const ON_PATH: Code = MAX_CODE;
/// The position is N, its Grundy value not yet computed (`outcome` stops early).
const OUTCOME_N: Code = MAX_CODE - 1;
/// Largest Grundy value the table can hold.
const MAX_STORED_GRUNDY: Code = OUTCOME_N - 1;
const MISERE_P: Code = 0;
const MISERE_N: Code = 1;

/// How much of its array a dense-indexed memo may use per state the limit allows.
const DENSE_SLOTS_PER_STATE: usize = 4;
/// The array may always grow this far: small games keep their fast path under any limit.
const DENSE_SLOTS_ALWAYS: usize = 1 << 10;

/// Which question a search answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    Normal,
    Misere,
}

/// What a look through a frame's stacked options found.
enum Scan<P> {
    /// A P option: the frame's position is N.
    FoundP,
    /// An option whose outcome needs a search of its own.
    Descend(P),
    /// Every option is N.
    Exhausted,
}

/// One position being explored: its options are `options[first_option..]` of the shared
/// stack, of which those before `next_option` have been looked at.
#[derive(Clone, Debug)]
struct Frame<P> {
    position: P,
    slot: MemoSlot,
    first_option: usize,
    next_option: usize,
    first_value: usize,
}

/// The bounds a search keeps to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Most states stored, normal and misère together; also the most options waiting on
    /// the search stack.
    pub(crate) states: Option<usize>,
    /// Most bytes held: tables, stored positions and what they own, the search stack.
    pub(crate) bytes: Option<usize>,
}

impl Limits {
    /// How many slots a dense-indexed memo array may have: unbounded without limits,
    /// otherwise a few per state allowed and at most half the memory allowed.
    fn dense_budget(self) -> usize {
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

/// The memo, the search stack, and what they hold.
#[derive(Clone, Debug)]
pub(crate) struct Search<P> {
    normal: Memo<P>,
    misere: Memo<P>,
    limits: Limits,
    pub(crate) use_known_grundy: bool,
    // Scratch buffers kept between queries so that a query allocates nothing once warm.
    frames: Vec<Frame<P>>,
    options: Vec<P>,
    values: Vec<Code>,
    seen: Vec<bool>,
    /// Bytes the stored positions own beyond their own size
    /// ([`ImpartialGame::allocated_bytes`]).
    stored_allocated: usize,
    /// Bytes the positions on the frames and the option stack own.
    working_allocated: usize,
}

impl<P: Clone + Eq + Hash + Debug> Search<P> {
    pub(crate) fn new() -> Self {
        Search {
            normal: Memo::new(),
            misere: Memo::new(),
            limits: Limits::default(),
            use_known_grundy: true,
            frames: Vec::new(),
            options: Vec::new(),
            values: Vec::new(),
            seen: Vec::new(),
            stored_allocated: 0,
            working_allocated: 0,
        }
    }

    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }

    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        let budget = limits.dense_budget();
        self.normal.set_dense_budget(budget);
        self.misere.set_dense_budget(budget);
    }

    pub(crate) fn states(&self) -> usize {
        self.normal.len() + self.misere.len()
    }

    /// Bytes of the tables and of what the stored positions own.
    pub(crate) fn stored_bytes(&self) -> usize {
        self.normal.allocated_bytes() + self.misere.allocated_bytes() + self.stored_allocated
    }

    /// Everything held: what is stored, and the search stack with what its positions own.
    fn bytes_in_use(&self) -> usize {
        self.stored_bytes()
            + self.frames.capacity() * size_of::<Frame<P>>()
            + self.options.capacity() * size_of::<P>()
            + self.working_allocated
            + self.values.capacity() * size_of::<Code>()
            + self.seen.capacity()
    }

    /// Under a memory limit, an error if pushing onto `stack` an element that owns `owned`
    /// bytes would pass it.
    #[cold]
    #[inline(never)]
    fn check_room_to_push<T>(&self, stack: &Vec<T>, owned: usize) -> Result<(), SolveError<P>> {
        self.check_room(growth_bytes(stack).saturating_add(owned))
    }

    /// An error if `extra` more bytes would pass the memory limit.
    fn check_room(&self, extra: usize) -> Result<(), SolveError<P>> {
        match self.limits.bytes {
            Some(limit) if self.bytes_in_use().saturating_add(extra) > limit => {
                Err(SolveError::MemoryLimit { limit })
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn clear(&mut self) {
        self.normal.clear();
        self.misere.clear();
        self.stored_allocated = 0;
    }

    pub(crate) fn try_reserve(
        &mut self,
        additional: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        self.normal.try_reserve(additional)
    }

    /// The outcome of `root` under `play`.
    pub(crate) fn outcome<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        play: Play,
    ) -> Result<Outcome, SolveError<P>> {
        if let Some(outcome) = self.known_outcome(game, root, play)? {
            return Ok(outcome);
        }
        self.run_outcome(game, root, play)
            .map_err(|error| self.abandon(game, play, error))
    }

    /// The Grundy value of `root`.
    pub(crate) fn grundy<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
    ) -> Result<Nimber, SolveError<P>> {
        if let Some(value) = self.known_grundy(game, root) {
            return Ok(value);
        }
        match self.normal.get(root, game.dense_index(root)) {
            Some(ON_PATH) => unreachable!("no search is running between queries"),
            Some(code) if code <= MAX_STORED_GRUNDY => return Ok(Nimber(u128::from(code))),
            _ => {}
        }
        self.run_grundy(game, root)
            .map(|value| Nimber(u128::from(value)))
            .map_err(|error| self.abandon(game, Play::Normal, error))
    }

    fn known_grundy<G: ImpartialGame<Position = P>>(
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

    /// What the closed form and the tables know of `position`'s outcome, without searching.
    // Called once per option. Left to `#[inline]` it was not inlined into the loops over
    // options, and a search of Fibonacci Nim starts ran 10 % more instructions (callgrind).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn known_outcome<G: ImpartialGame<Position = P>>(
        &self,
        game: &G,
        position: &P,
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<P>> {
        let code = match play {
            Play::Normal => {
                if let Some(value) = self.known_grundy(game, position) {
                    return Ok(Some(Outcome::from(value)));
                }
                self.normal.get(position, game.dense_index(position))
            }
            Play::Misere => self.misere.get(position, game.dense_index(position)),
        };
        match code {
            None => Ok(None),
            Some(ON_PATH) => Err(SolveError::Cycle {
                position: position.clone(),
            }),
            // A stored normal-play Grundy value 0 and the misère P code are both 0.
            Some(0) => Ok(Some(Outcome::P)),
            Some(_) => Ok(Some(Outcome::N)),
        }
    }

    /// The Grundy value of `position` if the closed form or the normal table knows it; large
    /// closed-form values are clamped, which is exact for a mex over fewer options.
    #[inline]
    fn known_value<G: ImpartialGame<Position = P>>(
        &self,
        game: &G,
        position: &P,
    ) -> Result<Option<Code>, SolveError<P>> {
        if let Some(value) = self.known_grundy(game, position) {
            return Ok(Some(Code::try_from(value.0).unwrap_or(Code::MAX)));
        }
        match self.normal.get(position, game.dense_index(position)) {
            Some(ON_PATH) => Err(SolveError::Cycle {
                position: position.clone(),
            }),
            Some(code) if code <= MAX_STORED_GRUNDY => Ok(Some(code)),
            // Absent, or known to be N without a value yet.
            _ => Ok(None),
        }
    }

    fn table(&self, play: Play) -> &Memo<P> {
        match play {
            Play::Normal => &self.normal,
            Play::Misere => &self.misere,
        }
    }

    fn table_mut(&mut self, play: Play) -> &mut Memo<P> {
        match play {
            Play::Normal => &mut self.normal,
            Play::Misere => &mut self.misere,
        }
    }

    /// Puts `option` on the stack of options waiting to be looked at, within the limits.
    #[inline]
    fn push_option<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        option: P,
    ) -> Result<(), SolveError<P>> {
        if let Some(limit) = self.limits.states
            && self.options.len() >= limit
        {
            return Err(SolveError::StateLimit { limit });
        }
        let owned = game.allocated_bytes(&option);
        if self.limits.bytes.is_some() {
            self.check_room_to_push(&self.options, owned)?;
        }
        self.working_allocated += owned;
        self.options.push(option);
        Ok(())
    }

    /// Puts `first` and then every option `rest` yields on the stack, within the limits.
    ///
    /// In batches: `Vec::extend` reserves what an iterator's size hint promises, which for a
    /// heap of 2⁴⁰ is terabytes, so it is given at most a batch (or what the state limit
    /// leaves) at a time, and keeps its fast path for exact-size iterators. Under a memory
    /// limit each option is checked before it is pushed.
    fn push_options<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        first: P,
        mut rest: impl Iterator<Item = P>,
    ) -> Result<(), SolveError<P>> {
        const BATCH: usize = 4_096;
        self.push_option(game, first)?;
        if self.limits.bytes.is_some() {
            return rest.try_for_each(|option| self.push_option(game, option));
        }
        loop {
            let room = self.limits.states.map_or(BATCH, |limit| {
                limit.saturating_sub(self.options.len()).min(BATCH)
            });
            if room == 0 {
                return match (rest.next(), self.limits.states) {
                    (Some(_), Some(limit)) => Err(SolveError::StateLimit { limit }),
                    _ => Ok(()),
                };
            }
            let before = self.options.len();
            self.options.extend(rest.by_ref().take(room));
            let owned: usize = self.options[before..]
                .iter()
                .map(|option| game.allocated_bytes(option))
                .sum();
            self.working_allocated += owned;
            if self.options.len() - before < room {
                return Ok(());
            }
        }
    }

    /// Drops the options from `first` on.
    fn truncate_options<G: ImpartialGame<Position = P>>(&mut self, game: &G, first: usize) {
        let owned: usize = self.options[first..]
            .iter()
            .map(|option| game.allocated_bytes(option))
            .sum();
        self.working_allocated -= owned;
        self.options.truncate(first);
    }

    /// Marks `position` as on the current line of play and pushes its frame, whose options
    /// are `options[first_option..]` and their values `values[first_value..]`.
    fn push_frame<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: P,
        first_option: usize,
        first_value: usize,
        play: Play,
    ) -> Result<(), SolveError<P>> {
        if self.limits.bytes.is_some() {
            self.check_room_to_push(&self.frames, 0)?;
        }
        let slot = self.store(game, &position, ON_PATH, play)?;
        self.working_allocated += game.allocated_bytes(&position);
        self.frames.push(Frame {
            position,
            slot,
            first_option,
            next_option: first_option,
            first_value,
        });
        Ok(())
    }

    /// Stores `code` for `position`, within the limits.
    #[inline]
    fn store<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        code: Code,
        play: Play,
    ) -> Result<MemoSlot, SolveError<P>> {
        let room = self.limits.states.is_none_or(|limit| self.states() < limit);
        let index = game.dense_index(position);
        if self.limits.bytes.is_some() {
            self.check_room_to_store(game, position, index, play)?;
        }
        match self.table_mut(play).set(position, index, code, room) {
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
    fn check_room_to_store<G: ImpartialGame<Position = P>>(
        &self,
        game: &G,
        position: &P,
        index: Option<usize>,
        play: Play,
    ) -> Result<(), SolveError<P>> {
        let table = self.table(play);
        if table.get(position, index).is_some() {
            return Ok(());
        }
        let growth = table.growth_bytes(index);
        self.check_room(growth.saturating_add(game.allocated_bytes(position)))
    }

    /// Pops the top frame and stores `code` for its position.
    fn pop_frame<G: ImpartialGame<Position = P>>(&mut self, game: &G, code: Code, play: Play) {
        let frame = self.frames.pop().expect("a frame is being explored");
        self.truncate_options(game, frame.first_option);
        self.values.truncate(frame.first_value);
        self.working_allocated -= game.allocated_bytes(&frame.position);
        self.table_mut(play)
            .set_at(frame.slot, &frame.position, code);
    }

    /// Forgets the positions of the abandoned line of play so the search stays consistent.
    fn abandon<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        play: Play,
        error: SolveError<P>,
    ) -> SolveError<P> {
        let mut frames = std::mem::take(&mut self.frames);
        for frame in frames.drain(..) {
            let index = game.dense_index(&frame.position);
            if self.table_mut(play).remove(&frame.position, index) {
                self.stored_allocated -= game.allocated_bytes(&frame.position);
            }
        }
        self.frames = frames;
        self.options.clear();
        self.values.clear();
        self.working_allocated = 0;
        error
    }

    /// Opens `position` for an outcome search: looks at its moves lazily and decides it at
    /// once if every option is known (or one is a known P), storing the answer. Otherwise
    /// pushes its frame, with its unexplored options on the shared stack, and returns `None`.
    ///
    /// A position decided at once is never marked as on the line of play: it has no option
    /// below it to meet it again, and a self-loop is an unknown option, so it gets a frame.
    fn open_outcome<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: P,
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<P>> {
        let first_option = self.options.len();
        let mut moves = game.moves(&position);
        let mut terminal = true;
        let mut decided = None;
        while let Some(option) = moves.next() {
            terminal = false;
            match self.known_outcome(game, &option, play)? {
                Some(Outcome::P) => {
                    decided = Some(Outcome::N);
                    break;
                }
                Some(Outcome::N) => {}
                None => {
                    // Only now, with a search below this position ahead, are the remaining
                    // moves materialised.
                    self.push_options(game, option, moves)?;
                    let first_value = self.values.len();
                    self.push_frame(game, position, first_option, first_value, play)?;
                    return Ok(None);
                }
            }
        }
        drop(moves);
        // Every option is N. A terminal position is P in normal play and N in misère play,
        // where the player to move did not make the last move.
        let outcome = decided.unwrap_or(if terminal && play == Play::Misere {
            Outcome::N
        } else {
            Outcome::P
        });
        self.store(game, &position, outcome_code(play, outcome), play)?;
        Ok(Some(outcome))
    }

    fn run_outcome<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
        play: Play,
    ) -> Result<Outcome, SolveError<P>> {
        // The outcome of the position just decided, to hand to its parent.
        let mut decided = self.open_outcome(game, root.clone(), play)?;
        loop {
            if let Some(outcome) = decided {
                if self.frames.is_empty() {
                    return Ok(outcome);
                }
                if outcome == Outcome::P {
                    self.pop_frame(game, outcome_code(play, Outcome::N), play);
                    decided = Some(Outcome::N);
                    continue;
                }
            }
            decided = match self.scan_outcome_options(game, play)? {
                Scan::Descend(option) => self.open_outcome(game, option, play)?,
                // A frame always has an option, so an exhausted scan means all were N.
                scan => {
                    let outcome = if matches!(scan, Scan::FoundP) {
                        Outcome::N
                    } else {
                        Outcome::P
                    };
                    self.pop_frame(game, outcome_code(play, outcome), play);
                    Some(outcome)
                }
            };
        }
    }

    /// Looks on through the top frame's stacked options for the first one that decides it
    /// (a P option) or that needs a search of its own.
    fn scan_outcome_options<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        play: Play,
    ) -> Result<Scan<P>, SolveError<P>> {
        loop {
            let frame = self.frames.last_mut().expect("a frame is being explored");
            let index = frame.next_option;
            if index == self.options.len() {
                return Ok(Scan::Exhausted);
            }
            frame.next_option += 1;
            let option = &self.options[index];
            match self.known_outcome(game, option, play)? {
                Some(Outcome::P) => return Ok(Scan::FoundP),
                Some(Outcome::N) => {}
                None => return Ok(Scan::Descend(option.clone())),
            }
        }
    }

    /// Looks on through the top frame's stacked options, pushing their known values, until
    /// one needs a search of its own (returned) or none is left (`None`).
    fn scan_grundy_options<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
    ) -> Result<Option<P>, SolveError<P>> {
        loop {
            let frame = self.frames.last_mut().expect("a frame is being explored");
            let index = frame.next_option;
            if index == self.options.len() {
                return Ok(None);
            }
            frame.next_option += 1;
            let option = &self.options[index];
            match self.known_value(game, option)? {
                Some(value) => self.values.push(value),
                None => return Ok(Some(option.clone())),
            }
        }
    }

    /// Opens `position` for a Grundy search: collects the known values of its options
    /// lazily, and finishes it at once if all are known. Otherwise keeps its frame and
    /// returns `None`.
    fn open_grundy<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: P,
    ) -> Result<Option<Code>, SolveError<P>> {
        let first_option = self.options.len();
        let first_value = self.values.len();
        let mut moves = game.moves(&position);
        while let Some(option) = moves.next() {
            match self.known_value(game, &option)? {
                Some(value) => self.push_value(value)?,
                None => {
                    self.push_options(game, option, moves)?;
                    self.push_frame(game, position, first_option, first_value, Play::Normal)?;
                    return Ok(None);
                }
            }
        }
        drop(moves);
        let value = self.mex_from(first_value);
        self.values.truncate(first_value);
        self.store(game, &position, value, Play::Normal)?;
        Ok(Some(value))
    }

    /// Pushes an option's value for the mex, within the limits: a position with more known
    /// options than the limit allows states is refused too.
    #[inline]
    fn push_value(&mut self, value: Code) -> Result<(), SolveError<P>> {
        if let Some(limit) = self.limits.states
            && self.values.len() >= limit
        {
            return Err(SolveError::StateLimit { limit });
        }
        if self.limits.bytes.is_some() {
            self.check_room_to_push(&self.values, 0)?;
        }
        self.values.push(value);
        Ok(())
    }

    fn run_grundy<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: &P,
    ) -> Result<Code, SolveError<P>> {
        // The value of the position just finished, to hand to its parent.
        let mut finished = self.open_grundy(game, root.clone())?;
        loop {
            if let Some(value) = finished {
                if self.frames.is_empty() {
                    return Ok(value);
                }
                self.push_value(value)?;
            }
            finished = if let Some(option) = self.scan_grundy_options(game)? {
                self.open_grundy(game, option)?
            } else {
                let first_value = self
                    .frames
                    .last()
                    .expect("a frame is being explored")
                    .first_value;
                let value = self.mex_from(first_value);
                self.pop_frame(game, value, Play::Normal);
                Some(value)
            };
        }
    }

    /// The mex of `values[first..]`.
    ///
    /// # Panics
    ///
    /// If the mex would not fit in a stored code (more than `u32::MAX - 3` options).
    fn mex_from(&mut self, first: usize) -> Code {
        let values = &self.values[first..];
        let value = mex_of_codes(values, &mut self.seen);
        assert!(
            value <= MAX_STORED_GRUNDY as usize,
            "a position with {} options has a Grundy value too large to store",
            values.len()
        );
        value as Code
    }
}

/// The bytes pushing one more element onto `vec` would allocate (it doubles when full).
fn growth_bytes<T>(vec: &Vec<T>) -> usize {
    if vec.len() < vec.capacity() {
        0
    } else {
        vec.capacity().max(4).saturating_mul(2 * size_of::<T>())
    }
}

fn outcome_code(play: Play, outcome: Outcome) -> Code {
    match (play, outcome) {
        (Play::Normal, Outcome::P) => 0,
        (Play::Normal, Outcome::N) => OUTCOME_N,
        (Play::Misere, Outcome::P) => MISERE_P,
        (Play::Misere, Outcome::N) => MISERE_N,
    }
}
