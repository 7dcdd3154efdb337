//! The search behind [`Solver`](crate::Solver) and [`ScoreSolver`](crate::score::ScoreSolver):
//! an explicit stack of frames over one shared stack of options, the memo, and the limits that
//! keep both bounded.
//!
//! This is the seed's general method in three parts. The *states* are the positions, stored in
//! a [`Memo`] per kind of answer ([`Table`]). The *rule* is the win/lose rule of
//! [`run_outcome`](Search::run_outcome): a position is N if some option is P, else P. The
//! *extended rule* is [`Rule`]: the number recorded for each state, derived from the numbers of
//! its options by [`run_value`](Search::run_value) — the mex (Sprague–Grundy), Steinhaus's
//! remoteness, the suspense number, or the negamax score of a [`ScoreGame`]. One engine, one
//! memo, the same limits, cycle detection and stats for all of them.
//!
//! The ruleset is passed to every call rather than owned, so that a caller can walk a
//! position's moves lazily while it asks the search about each one.
//!
//! [`ScoreGame`]: crate::score::ScoreGame

use std::fmt::Debug;
use std::hash::Hash;
use std::mem::size_of;

mod window;

pub(crate) use window::Proven;

use super::memo::{ArrayLane, InArray, MAX_CODE, Memo, MemoSlot};
use crate::error::SolveError;
use crate::game::{ImpartialGame, Nimber, Outcome, mex_of_codes};

/// A game graph as the search sees it: positions, and moves that may carry points.
pub(crate) trait Graph {
    type Position: Clone + Eq + Hash + Debug;
    /// What a move is worth to the player making it: nothing (`()`) in an impartial game.
    type Gain: Gain;

    /// The moves of `position`: what each is worth, and the position it leaves.
    fn edges(
        &self,
        position: &Self::Position,
    ) -> impl Iterator<Item = (Self::Gain, Self::Position)>;

    fn dense_index(&self, position: &Self::Position) -> Option<usize>;

    fn allocated_bytes(&self, position: &Self::Position) -> usize;

    fn known_grundy(&self, position: &Self::Position) -> Option<Nimber>;

    /// The score of a position without moves, for the player who cannot move.
    fn terminal_score(&self, position: &Self::Position) -> i64;

    /// The positions below `start`, each after all of its options, if the ruleset can list
    /// them: the search can then fill its table bottom-up.
    fn bottom_up(&self, start: &Self::Position) -> Option<impl Iterator<Item = Self::Position>> {
        let _ = start;
        None::<std::iter::Empty<Self::Position>>
    }
}

/// The points a move carries.
pub(crate) trait Gain: Copy + Debug + Default {
    fn points(self) -> i64;
}

impl Gain for () {
    fn points(self) -> i64 {
        0
    }
}

impl Gain for i64 {
    fn points(self) -> i64 {
        self
    }
}

impl<G: ImpartialGame> Graph for G {
    type Position = G::Position;
    type Gain = ();

    #[inline]
    fn edges(&self, position: &G::Position) -> impl Iterator<Item = ((), G::Position)> {
        self.moves(position).map(|option| ((), option))
    }

    #[inline]
    fn dense_index(&self, position: &G::Position) -> Option<usize> {
        ImpartialGame::dense_index(self, position)
    }

    #[inline]
    fn allocated_bytes(&self, position: &G::Position) -> usize {
        ImpartialGame::allocated_bytes(self, position)
    }

    #[inline]
    fn known_grundy(&self, position: &G::Position) -> Option<Nimber> {
        ImpartialGame::known_grundy(self, position)
    }

    fn terminal_score(&self, _: &G::Position) -> i64 {
        0
    }
}

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

/// Which question an outcome search answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    Normal,
    Misere,
}

/// The extended rule: which number a value search records for every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// The Sprague–Grundy value: the mex of the options' values. Shares its table with the
    /// normal-play outcome search.
    Grundy,
    /// Steinhaus's remoteness: 0 at the end; else one more than the least even remoteness of
    /// an option if there is one (the winner hurries), or than the largest (the loser delays).
    Remoteness,
    /// The suspense number: as remoteness, but the winner delays and the loser hurries.
    Suspense,
    /// The negamax score: the best over moves of the move's points minus the score after it.
    Score,
}

/// The memo tables, one per kind of answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    Normal,
    Misere,
    Remoteness,
    Suspense,
    Score,
    /// Bounds on scores found by windowed searches ([`window`]): codes index `bounds`.
    Bounds,
}

const TABLES: usize = 6;

impl Table {
    fn of_play(play: Play) -> Table {
        match play {
            Play::Normal => Table::Normal,
            Play::Misere => Table::Misere,
        }
    }

    fn of_rule(rule: Rule) -> Table {
        match rule {
            Rule::Grundy => Table::Normal,
            Rule::Remoteness => Table::Remoteness,
            Rule::Suspense => Table::Suspense,
            Rule::Score => Table::Score,
        }
    }
}

/// What a look through a frame's stacked options found.
enum Scan<P, E> {
    /// A P option: the frame's position is N.
    FoundP,
    /// An option whose outcome needs a search of its own, and the gain of the move to it.
    Descend((E, P)),
    /// Every option is N.
    Exhausted,
}

/// One position being explored: its options are `options[first_option..]` of the shared
/// stack, of which those before `next_option` have been looked at; the values found so far
/// are `values[first_value..]`.
#[derive(Clone, Debug)]
struct Frame<P, E> {
    position: P,
    /// The gain of the move that reached `position` (unused at the root).
    gain: E,
    slot: MemoSlot,
    first_option: usize,
    next_option: usize,
    first_value: usize,
}

/// The bounds a search keeps to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Most states stored, all tables together; also the most options waiting on the search
    /// stack.
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

/// The memo, the search stack, and what they hold, for a graph whose moves carry `E`.
#[derive(Clone, Debug)]
pub(crate) struct Search<P, E = ()> {
    tables: [Memo<P>; TABLES],
    /// The scores of [`Table::Score`]: its codes are indices here.
    scores: Vec<i64>,
    /// The bounds `(lower, upper)` of [`Table::Bounds`]: its codes are indices here.
    bounds: Vec<(i64, i64)>,
    limits: Limits,
    pub(crate) use_known_grundy: bool,
    // Scratch buffers kept between queries so that a query allocates nothing once warm.
    frames: Vec<Frame<P, E>>,
    options: Vec<P>,
    /// The gains of the moves to `options`, one each (nothing at all when `E` is `()`).
    option_gains: Vec<E>,
    values: Vec<Code>,
    /// The gains of the moves whose values are `values`, one each.
    gains: Vec<E>,
    seen: Vec<bool>,
    /// Bytes the stored positions own beyond their own size
    /// ([`ImpartialGame::allocated_bytes`]).
    stored_allocated: usize,
    /// Bytes the positions on the frames and the option stack own.
    working_allocated: usize,
}

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
    /// Whether moves carry gains worth keeping (a score game), or nothing (`()`): then
    /// `option_gains` stays empty.
    const MOVES_CARRY_GAINS: bool = size_of::<E>() > 0;

    /// The gain of the move to `options[index]`.
    #[inline]
    fn option_gain(&self, index: usize) -> E {
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
        }
    }

    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }

    pub(crate) fn set_limits(&mut self, limits: Limits) {
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

    /// Everything held: what is stored, and the search stack with what its positions own.
    fn bytes_in_use(&self) -> usize {
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
        let table = Table::of_rule(rule);
        if table == Table::Score {
            self.scores.try_reserve(additional)?;
        }
        self.tables[table as usize].try_reserve(additional)
    }

    /// The outcome of `root` under `play`.
    pub(crate) fn outcome<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        play: Play,
    ) -> Result<Outcome, SolveError<P>> {
        if let Some(outcome) = self.known_outcome(game, root, play)? {
            return Ok(outcome);
        }
        self.run_outcome(game, root, play)
            .map_err(|error| self.abandon(game, Table::of_play(play), error))
    }

    /// The Grundy value of `root`.
    pub(crate) fn grundy<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
    ) -> Result<Nimber, SolveError<P>> {
        if let Some(value) = self.known_grundy(game, root) {
            return Ok(Nimber(u128::from(value)));
        }
        self.value(game, root, Rule::Grundy)
            .map(|value| Nimber(u128::from(value)))
    }

    /// The number `rule` records for `root`, as stored: a value, or for [`Rule::Score`] an
    /// index into the scores (see [`score`](Self::score)).
    pub(crate) fn value<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        rule: Rule,
    ) -> Result<Code, SolveError<P>> {
        if let Some(code) = self.known_value(game, root, rule)? {
            return Ok(code);
        }
        self.run_value(game, root, rule)
            .map_err(|error| self.abandon(game, Table::of_rule(rule), error))
    }

    /// Fills the score table bottom-up along `order`, each position after its options (the
    /// ruleset's [`Graph::bottom_up`]): every position's score comes from its options' stored
    /// scores by the negamax rule, with no search stack — a dynamic program on the engine's
    /// memo. An option not yet stored (an order that breaks its promise) is searched
    /// top-down, so the answers are right whatever the order.
    pub(crate) fn sweep_scores<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        order: impl Iterator<Item = P>,
        largest_index: Option<usize>,
    ) -> Result<(), SolveError<P>> {
        const SCORE: usize = Table::Score as usize;
        let unlimited = self.limits.states.is_none() && self.limits.bytes.is_none();
        if unlimited && let Some(largest) = largest_index {
            // The start comes last and, in a dense layout that lists options first, has the
            // largest index: size the array and the scores once.
            self.tables[SCORE].reserve_array(largest.saturating_add(1));
            let _ = self
                .scores
                .try_reserve(largest.saturating_add(1).saturating_sub(self.scores.len()));
        }
        let mut order = order;
        loop {
            let next = match self.tables[SCORE].array_lane() {
                Some(lane) if unlimited => {
                    Self::sweep_in_array(game, &mut order, lane, &mut self.scores)
                }
                _ => order.next(),
            };
            let Some(position) = next else {
                break;
            };
            let index = game.dense_index(&position);
            // The array of the memo answers most lookups of a dense-indexed game at once.
            let known = match index.map(|index| self.tables[SCORE].get_in_array(index)) {
                Some(InArray::Stored(code)) => Some(code),
                Some(InArray::Empty) => None,
                Some(InArray::AskTable) | None => self.tables[SCORE].get(&position, index),
            };
            if known.is_some() {
                continue;
            }
            let mut best: Option<i64> = None;
            for (gain, option) in game.edges(&position) {
                let option_index = game.dense_index(&option);
                let stored = match option_index.map(|index| self.tables[SCORE].get_in_array(index))
                {
                    Some(InArray::Stored(code)) => Some(code),
                    Some(InArray::Empty) => None,
                    Some(InArray::AskTable) | None => self.tables[SCORE].get(&option, option_index),
                };
                let code = match stored {
                    Some(code) if code != ON_PATH => code,
                    _ => self.value(game, &option, Rule::Score)?,
                };
                let worth = gain
                    .points()
                    .checked_sub(self.scores[code as usize])
                    .ok_or_else(|| SolveError::ScoreOverflow {
                        position: position.clone(),
                    })?;
                best = Some(best.map_or(worth, |best| best.max(worth)));
            }
            let score = best.unwrap_or_else(|| game.terminal_score(&position));
            let code = if unlimited {
                let code = self.scores.len();
                self.scores.push(score);
                Code::try_from(code)
                    .ok()
                    .filter(|&code| code <= MAX_STORED_GRUNDY)
                    .ok_or(SolveError::StateLimit {
                        limit: MAX_STORED_GRUNDY as usize,
                    })?
            } else {
                self.push_score(score)?
            };
            let stored_in_array = unlimited
                && game.allocated_bytes(&position) == 0
                && index.is_some_and(|index| self.tables[SCORE].insert_in_array(index, code));
            if !stored_in_array {
                self.store(game, &position, code, Table::Score)?;
            }
        }
        Ok(())
    }

    /// The sweep's fast lane, for a search without limits whose memo array holds every
    /// indexed key: scores the positions of `order` while each lives in the array with all
    /// its options already scored there, and returns the first that does not (an option not
    /// yet scored, an overflow, a position the array cannot hold) for the general path, which
    /// searches, reports and stores as usual. The lane and the scores are borrowed apart from
    /// the solver so that the loop keeps them in registers: with no error paths, a dense sweep
    /// stays within a small factor of a hand-written dynamic program.
    // A plain loop, not `find`: the closure of `find` was not inlined into the iterator's
    // `try_fold`, and the call per position cost a tenth of the A Game sweep.
    #[allow(clippy::manual_find)]
    #[inline]
    fn sweep_in_array<G: Graph<Position = P, Gain = E>>(
        game: &G,
        order: &mut impl Iterator<Item = P>,
        mut lane: ArrayLane<'_>,
        scores: &mut Vec<i64>,
    ) -> Option<P> {
        for position in order {
            if !Self::score_in_array(game, &position, &mut lane, scores) {
                return Some(position);
            }
        }
        None
    }

    /// One step of [`sweep_in_array`](Self::sweep_in_array): whether `position` is scored
    /// (already, or now).
    #[inline]
    fn score_in_array<G: Graph<Position = P, Gain = E>>(
        game: &G,
        position: &P,
        lane: &mut ArrayLane<'_>,
        scores: &mut Vec<i64>,
    ) -> bool {
        let Some(index) = game.dense_index(position) else {
            return false;
        };
        if lane.code(index).is_some() {
            return true;
        }
        let mut best = i64::MIN;
        let mut any = false;
        for (gain, option) in game.edges(position) {
            let Some(&score) = game
                .dense_index(&option)
                .and_then(|option| lane.code(option))
                // A position on the search path (`ON_PATH`) has no score: past the arena.
                .and_then(|code| scores.get(code as usize))
            else {
                return false;
            };
            let Some(worth) = gain.points().checked_sub(score) else {
                return false;
            };
            best = best.max(worth);
            any = true;
        }
        let score = if any {
            best
        } else {
            game.terminal_score(position)
        };
        let Ok(code) = Code::try_from(scores.len()) else {
            return false;
        };
        if code <= MAX_STORED_GRUNDY
            && game.allocated_bytes(position) == 0
            && lane.fill(index, code)
        {
            scores.push(score);
            true
        } else {
            false
        }
    }

    /// Keeps `score` and returns its code.
    #[inline]
    fn push_score(&mut self, score: i64) -> Result<Code, SolveError<P>> {
        if self.limits.bytes.is_some() {
            self.check_room_to_push(&self.scores, 0)?;
        }
        let code = Code::try_from(self.scores.len())
            .ok()
            .filter(|&code| code <= MAX_STORED_GRUNDY)
            .ok_or(SolveError::StateLimit {
                limit: MAX_STORED_GRUNDY as usize,
            })?;
        self.scores.push(score);
        Ok(code)
    }

    /// The score of `root` under the negamax rule.
    pub(crate) fn score<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
    ) -> Result<i64, SolveError<P>> {
        if self.known_value(game, root, Rule::Score)?.is_none()
            && let Some(order) = game.bottom_up(root)
        {
            self.sweep_scores(game, order, game.dense_index(root))
                .map_err(|error| self.abandon(game, Table::Score, error))?;
        }
        let code = self.value(game, root, Rule::Score)?;
        Ok(self.scores[code as usize])
    }

    fn known_grundy<G: Graph<Position = P, Gain = E>>(
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
    fn known_outcome<G: Graph<Position = P, Gain = E>>(
        &self,
        game: &G,
        position: &P,
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<P>> {
        if play == Play::Normal
            && let Some(value) = self.known_grundy(game, position)
        {
            return Ok(Some(Outcome::from(value)));
        }
        let code =
            self.tables[Table::of_play(play) as usize].get(position, game.dense_index(position));
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

    /// The number `rule` records for `position` if the closed form (for Grundy values) or the
    /// table knows it; large closed-form values are clamped, which is exact for a mex over
    /// fewer options.
    #[inline]
    fn known_value<G: Graph<Position = P, Gain = E>>(
        &self,
        game: &G,
        position: &P,
        rule: Rule,
    ) -> Result<Option<Code>, SolveError<P>> {
        if rule == Rule::Grundy
            && let Some(value) = self.known_grundy(game, position)
        {
            return Ok(Some(Code::try_from(value.0).unwrap_or(Code::MAX)));
        }
        match self.tables[Table::of_rule(rule) as usize].get(position, game.dense_index(position)) {
            Some(ON_PATH) => Err(SolveError::Cycle {
                position: position.clone(),
            }),
            // In the normal table, N without a value yet counts as unknown.
            Some(OUTCOME_N) if rule == Rule::Grundy => Ok(None),
            code => Ok(code),
        }
    }

    /// Puts `option` on the stack of options waiting to be looked at, within the limits.
    #[inline]
    fn push_option<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        gain: E,
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
        if Self::MOVES_CARRY_GAINS {
            self.option_gains.push(gain);
        }
        Ok(())
    }

    /// Puts `first` and then every option `rest` yields on the stack, within the limits.
    ///
    /// In batches: `Vec::extend` reserves what an iterator's size hint promises, which for a
    /// heap of 2⁴⁰ is terabytes, so it is given at most a batch (or what the state limit
    /// leaves) at a time, and keeps its fast path for exact-size iterators. Under a memory
    /// limit each option is checked before it is pushed.
    fn push_options<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        (gain, first): (E, P),
        mut rest: impl Iterator<Item = (E, P)>,
    ) -> Result<(), SolveError<P>> {
        const BATCH: usize = 4_096;
        self.push_option(game, gain, first)?;
        if self.limits.bytes.is_some() {
            return rest.try_for_each(|(gain, option)| self.push_option(game, gain, option));
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
            if Self::MOVES_CARRY_GAINS {
                let gains = &mut self.option_gains;
                self.options
                    .extend(rest.by_ref().take(room).map(|(gain, option)| {
                        gains.push(gain);
                        option
                    }));
            } else {
                // Nothing to keep beside the options: the plain extend stays a tight loop.
                self.options
                    .extend(rest.by_ref().take(room).map(|(_, option)| option));
            }
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
    fn truncate_options<G: Graph<Position = P, Gain = E>>(&mut self, game: &G, first: usize) {
        let owned: usize = self.options[first..]
            .iter()
            .map(|option| game.allocated_bytes(option))
            .sum();
        self.working_allocated -= owned;
        self.options.truncate(first);
        if Self::MOVES_CARRY_GAINS {
            self.option_gains.truncate(first);
        }
    }

    /// Marks `position` as on the current line of play and pushes its frame, whose options
    /// are `options[first_option..]` and their values `values[first_value..]`.
    fn push_frame<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        (gain, position): (E, P),
        first_option: usize,
        first_value: usize,
        table: Table,
    ) -> Result<(), SolveError<P>> {
        if self.limits.bytes.is_some() {
            self.check_room_to_push(&self.frames, 0)?;
        }
        let slot = self.store(game, &position, ON_PATH, table)?;
        self.working_allocated += game.allocated_bytes(&position);
        self.frames.push(Frame {
            position,
            gain,
            slot,
            first_option,
            next_option: first_option,
            first_value,
        });
        Ok(())
    }

    /// Stores `code` for `position`, within the limits.
    #[inline]
    fn store<G: Graph<Position = P, Gain = E>>(
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
    fn check_room_to_store<G: Graph<Position = P, Gain = E>>(
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

    /// Pops the top frame and stores `code` for its position; returns the gain of the move
    /// that reached it.
    fn pop_frame<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        code: Code,
        table: Table,
    ) -> E {
        let frame = self.frames.pop().expect("a frame is being explored");
        self.truncate_options(game, frame.first_option);
        self.values.truncate(frame.first_value);
        if Self::MOVES_CARRY_GAINS {
            self.gains.truncate(frame.first_value);
        }
        self.working_allocated -= game.allocated_bytes(&frame.position);
        self.tables[table as usize].set_at(frame.slot, &frame.position, code);
        frame.gain
    }

    /// Forgets the positions of the abandoned line of play so the search stays consistent.
    fn abandon<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        table: Table,
        error: SolveError<P>,
    ) -> SolveError<P> {
        let mut frames = std::mem::take(&mut self.frames);
        for frame in frames.drain(..) {
            let index = game.dense_index(&frame.position);
            if self.tables[table as usize].remove(&frame.position, index) {
                self.stored_allocated -= game.allocated_bytes(&frame.position);
            }
        }
        self.frames = frames;
        self.options.clear();
        self.option_gains.clear();
        self.values.clear();
        self.gains.clear();
        self.working_allocated = 0;
        error
    }

    /// Opens `position` for an outcome search: looks at its moves lazily and decides it at
    /// once if every option is known (or one is a known P), storing the answer. Otherwise
    /// pushes its frame, with its unexplored options on the shared stack, and returns `None`.
    ///
    /// A position decided at once is never marked as on the line of play: it has no option
    /// below it to meet it again, and a self-loop is an unknown option, so it gets a frame.
    fn open_outcome<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        (entry_gain, position): (E, P),
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<P>> {
        let first_option = self.options.len();
        let mut moves = game.edges(&position);
        let mut terminal = true;
        let mut decided = None;
        while let Some((gain, option)) = moves.next() {
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
                    self.push_options(game, (gain, option), moves)?;
                    let first_value = self.values.len();
                    let table = Table::of_play(play);
                    let entry = (entry_gain, position);
                    self.push_frame(game, entry, first_option, first_value, table)?;
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
        self.store(
            game,
            &position,
            outcome_code(play, outcome),
            Table::of_play(play),
        )?;
        Ok(Some(outcome))
    }

    fn run_outcome<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        play: Play,
    ) -> Result<Outcome, SolveError<P>> {
        let table = Table::of_play(play);
        // The outcome of the position just decided, to hand to its parent.
        let mut decided = self.open_outcome(game, (E::default(), root.clone()), play)?;
        loop {
            if let Some(outcome) = decided {
                if self.frames.is_empty() {
                    return Ok(outcome);
                }
                if outcome == Outcome::P {
                    let _ = self.pop_frame(game, outcome_code(play, Outcome::N), table);
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
                    let _ = self.pop_frame(game, outcome_code(play, outcome), table);
                    Some(outcome)
                }
            };
        }
    }

    /// Looks on through the top frame's stacked options for the first one that decides it
    /// (a P option) or that needs a search of its own.
    fn scan_outcome_options<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        play: Play,
    ) -> Result<Scan<P, E>, SolveError<P>> {
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
                None => return Ok(Scan::Descend((self.option_gain(index), option.clone()))),
            }
        }
    }

    /// Looks on through the top frame's stacked options, pushing their known values, until
    /// one needs a search of its own (returned, with the gain of the move to it) or none is
    /// left (`None`).
    fn scan_value_options<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        rule: Rule,
    ) -> Result<Option<(E, P)>, SolveError<P>> {
        loop {
            let frame = self.frames.last_mut().expect("a frame is being explored");
            let index = frame.next_option;
            if index == self.options.len() {
                return Ok(None);
            }
            frame.next_option += 1;
            let option = &self.options[index];
            let gain = self.option_gain(index);
            match self.known_value(game, option, rule)? {
                Some(value) => {
                    self.values.push(value);
                    if Self::MOVES_CARRY_GAINS {
                        self.gains.push(gain);
                    }
                }
                None => return Ok(Some((gain, option.clone()))),
            }
        }
    }

    /// Opens `position` for a value search: collects the known values of its options
    /// lazily, and finishes it at once if all are known. Otherwise keeps its frame and
    /// returns `None`.
    fn open_value<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        (entry_gain, position): (E, P),
        rule: Rule,
    ) -> Result<Option<(E, Code)>, SolveError<P>> {
        let first_option = self.options.len();
        let first_value = self.values.len();
        let mut moves = game.edges(&position);
        while let Some((gain, option)) = moves.next() {
            match self.known_value(game, &option, rule)? {
                Some(value) => self.push_value(gain, value)?,
                None => {
                    self.push_options(game, (gain, option), moves)?;
                    let table = Table::of_rule(rule);
                    let entry = (entry_gain, position);
                    self.push_frame(game, entry, first_option, first_value, table)?;
                    return Ok(None);
                }
            }
        }
        drop(moves);
        let value = self.combine(game, &position, first_value, rule)?;
        self.values.truncate(first_value);
        if Self::MOVES_CARRY_GAINS {
            self.gains.truncate(first_value);
        }
        self.store(game, &position, value, Table::of_rule(rule))?;
        Ok(Some((entry_gain, value)))
    }

    /// Pushes an option's value, within the limits: a position with more known options than
    /// the limit allows states is refused too.
    #[inline]
    fn push_value(&mut self, gain: E, value: Code) -> Result<(), SolveError<P>> {
        if let Some(limit) = self.limits.states
            && self.values.len() >= limit
        {
            return Err(SolveError::StateLimit { limit });
        }
        if self.limits.bytes.is_some() {
            self.check_room_to_push(&self.values, 0)?;
        }
        self.values.push(value);
        if Self::MOVES_CARRY_GAINS {
            self.gains.push(gain);
        }
        Ok(())
    }

    fn run_value<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        rule: Rule,
    ) -> Result<Code, SolveError<P>> {
        // The value of the position just finished, with the gain of the move to it, to hand
        // to its parent.
        let mut finished = self.open_value(game, (E::default(), root.clone()), rule)?;
        loop {
            if let Some((gain, value)) = finished {
                if self.frames.is_empty() {
                    return Ok(value);
                }
                self.push_value(gain, value)?;
            }
            finished = if let Some(option) = self.scan_value_options(game, rule)? {
                self.open_value(game, option, rule)?
            } else {
                let frame = self.frames.last().expect("a frame is being explored");
                let (first_value, position) = (frame.first_value, frame.position.clone());
                let value = self.combine(game, &position, first_value, rule)?;
                let gain = self.pop_frame(game, value, Table::of_rule(rule));
                Some((gain, value))
            };
        }
    }

    /// The code `rule` records for `position`, whose options' values are `values[first..]`
    /// (reached by moves worth `gains[first..]`).
    ///
    /// # Panics
    ///
    /// If a Grundy value would not fit in a stored code (more than `u32::MAX - 3` options).
    fn combine<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        first: usize,
        rule: Rule,
    ) -> Result<Code, SolveError<P>> {
        let values = &self.values[first..];
        let code = match rule {
            Rule::Grundy => {
                let value = mex_of_codes(values, &mut self.seen);
                assert!(
                    value <= MAX_STORED_GRUNDY as usize,
                    "a position with {} options has a Grundy value too large to store",
                    values.len()
                );
                value as Code
            }
            Rule::Remoteness | Rule::Suspense => {
                let even = values.iter().copied().filter(|value| value % 2 == 0);
                let odd = values.iter().copied().filter(|value| value % 2 == 1);
                // The winner (who has an even option) hurries in remoteness and delays in
                // suspense; the loser does the opposite.
                let best = match rule {
                    Rule::Remoteness => even.min().or_else(|| odd.max()),
                    _ => even.max().or_else(|| odd.min()),
                };
                let value = best.map_or(0, |best| best + 1);
                assert!(
                    value <= MAX_STORED_GRUNDY,
                    "a line of play longer than the memo can count"
                );
                value
            }
            Rule::Score => {
                debug_assert!(Self::MOVES_CARRY_GAINS, "scores are for moves with points");
                let best = if values.is_empty() {
                    Some(game.terminal_score(position))
                } else {
                    let mut best: Option<i64> = None;
                    for (&value, &gain) in values.iter().zip(&self.gains[first..]) {
                        let Some(worth) = gain.points().checked_sub(self.scores[value as usize])
                        else {
                            best = None;
                            break;
                        };
                        best = Some(best.map_or(worth, |best| best.max(worth)));
                    }
                    best
                };
                let Some(best) = best else {
                    return Err(SolveError::ScoreOverflow {
                        position: position.clone(),
                    });
                };
                self.push_score(best)?
            }
        };
        Ok(code)
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
