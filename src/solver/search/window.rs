//! Alpha–beta windows for one-start score queries: the negamax search of the score rule,
//! cut off wherever a move already proves the position better than the caller needs, on the
//! engine's memo.
//!
//! A windowed search answers "what is the score, if it lies in `(alpha, beta)`?" *fail-soft*:
//! a result `r` with `alpha < r < beta` is the score; `r <= alpha` means the score is at most
//! `r`; `r >= beta` means at least `r`. What it learns is kept: exact scores go to the score
//! table, where every later query finds them, and bounds to [`Table::Bounds`], which narrows
//! the windows of later visits (a transposition table). A position being searched is marked
//! [`ON_PATH`] in the bounds table, so a cycle is reported as in the rest of the engine, and
//! both tables count against the state and memory limits.
//!
//! Why the classification is sound, in the terms of a frame: its window `(alpha, beta)`
//! starts narrowed by the stored bounds, and a child is asked about the window that decides
//! the parent, `(gain − beta, gain − alpha)`. A child that fails high gives a worth at most
//! the current `alpha`, so it can raise neither `alpha` nor the best above it; a child that
//! fails low gives a worth of at least `beta`, a cutoff. So a frame that is cut off has
//! proven a lower bound; one that is not has either an exact best above `alpha` or, with
//! every worth at most `alpha`, an upper bound. Saturating the child's window at the ends of
//! `i64` only moves a bound to a value no score passes, where the bound is exact.

use std::fmt::Debug;
use std::hash::Hash;
use std::mem::size_of;

use super::code::{Code, ON_PATH, Table};
use super::graph::{Gain, Graph};
use super::rule::Rule;
use super::state::Search;
use crate::error::SolveError;

/// What a windowed search proved about a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proven {
    Exact(i64),
    AtLeast(i64),
    AtMost(i64),
}

impl Proven {
    pub(crate) fn value(self) -> i64 {
        match self {
            Proven::Exact(value) | Proven::AtLeast(value) | Proven::AtMost(value) => value,
        }
    }
}

/// One position being searched with a window.
struct Frame<P> {
    position: P,
    /// Its moves, the points first; those before `next` have been searched.
    moves: Vec<(i64, P)>,
    next: usize,
    alpha: i64,
    beta: i64,
    /// The `alpha` the frame started with, after the stored bounds narrowed it.
    entry_alpha: i64,
    best: i64,
    /// The bounds stored before this visit, and their code in the bounds table.
    stored: Option<(Code, (i64, i64))>,
}

/// What entering a position gave: an answer at once, or a frame to search.
enum Entered<P> {
    Known(Proven),
    Opened(Frame<P>),
}

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
    /// The fail-soft negamax score of `root` within `(alpha, beta)` (`alpha < beta`), and what
    /// it proves.
    pub(crate) fn score_within<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        alpha: i64,
        beta: i64,
    ) -> Result<Proven, SolveError<P>> {
        debug_assert!(alpha < beta, "a window holds a value");
        let mut stack = Vec::new();
        // A panic of the ruleset's takes the path marks out too, then goes on unwinding.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.run_window(game, root, alpha, beta, &mut stack)
        }));
        match result {
            Ok(Ok(proven)) => Ok(proven),
            Ok(Err(error)) => {
                self.abandon_window(game, stack);
                Err(error)
            }
            Err(panic) => {
                self.abandon_window(game, stack);
                std::panic::resume_unwind(panic)
            }
        }
    }

    fn run_window<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        alpha: i64,
        beta: i64,
        stack: &mut Vec<Frame<P>>,
    ) -> Result<Proven, SolveError<P>> {
        match self.enter_window(game, root, alpha, beta)? {
            Entered::Known(proven) => return Ok(proven),
            Entered::Opened(frame) => stack.push(frame),
        }
        // The frame being searched is the top of the stack, so that an error finds every
        // position marked on the path there.
        loop {
            let frame = stack.last_mut().expect("a frame is being searched");
            if frame.alpha >= frame.beta || frame.next == frame.moves.len() {
                // Done: a cutoff proves a lower bound; otherwise the best is exact above the
                // entry alpha and an upper bound at or below it.
                let best = frame.best;
                let proven = if frame.alpha >= frame.beta {
                    Proven::AtLeast(best)
                } else if best > frame.entry_alpha {
                    Proven::Exact(best)
                } else {
                    Proven::AtMost(best)
                };
                let proven = self.keep_window_result(game, frame, proven)?;
                stack.pop();
                match stack.last_mut() {
                    None => return Ok(proven),
                    Some(parent) => Self::take_worth(parent, best)?,
                }
                continue;
            }
            let (gain, child) = frame.moves[frame.next].clone();
            frame.next += 1;
            let mut child_alpha = gain.saturating_sub(frame.beta);
            let mut child_beta = gain.saturating_sub(frame.alpha);
            if child_alpha >= child_beta {
                // Both ends saturated at one end of i64: ask for the exact score instead.
                (child_alpha, child_beta) = (i64::MIN, i64::MAX);
            }
            self.check_window_stack(stack)?;
            match self.enter_window(game, &child, child_alpha, child_beta)? {
                Entered::Known(proven) => {
                    let frame = stack.last_mut().expect("the parent");
                    Self::take_worth(frame, proven.value())?;
                }
                Entered::Opened(child_frame) => stack.push(child_frame),
            }
        }
    }

    /// Counts a child's result `value` into `frame`'s best and window.
    fn take_worth(frame: &mut Frame<P>, value: i64) -> Result<(), SolveError<P>> {
        let gain = frame.moves[frame.next - 1].0;
        let worth = gain
            .checked_sub(value)
            .ok_or_else(|| SolveError::ScoreOverflow {
                position: frame.position.clone(),
            })?;
        frame.best = frame.best.max(worth);
        frame.alpha = frame.alpha.max(worth);
        Ok(())
    }

    /// The bounds stored for `position` and their code; `None` if none (or it is on the
    /// path, which the caller has ruled out).
    fn stored_bounds<G: Graph<Position = P, Gain = E>>(
        &self,
        game: &G,
        position: &P,
    ) -> Option<(Code, (i64, i64))> {
        let code = self.tables[Table::Bounds as usize].get(position, game.dense_index(position))?;
        (code != ON_PATH).then(|| (code, self.bounds[code as usize]))
    }

    /// Looks `position` up: its exact score, a stored bound that already decides the window,
    /// or the score of a position without moves (stored) — else opens a frame, marking the
    /// position as on the path.
    fn enter_window<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        mut alpha: i64,
        mut beta: i64,
    ) -> Result<Entered<P>, SolveError<P>> {
        if let Some(code) = self.known_code(game, position, Rule::Score)? {
            return Ok(Entered::Known(Proven::Exact(self.scores[code as usize])));
        }
        let bounds_table = &self.tables[Table::Bounds as usize];
        if bounds_table.get(position, game.dense_index(position)) == Some(ON_PATH) {
            return Err(SolveError::Cycle {
                position: position.clone(),
            });
        }
        let stored = self.stored_bounds(game, position);
        if let Some((_, (lower, upper))) = stored {
            if lower >= beta {
                return Ok(Entered::Known(Proven::AtLeast(lower)));
            }
            if upper <= alpha {
                return Ok(Entered::Known(Proven::AtMost(upper)));
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let mut moves = Vec::new();
        for step in game.edges(position) {
            if let Some(limit) = self.limits.states
                && moves.len() >= limit
            {
                return Err(SolveError::StateLimit { limit });
            }
            if self.limits.bytes.is_some() {
                self.check_room(
                    size_of::<(i64, P)>()
                        .saturating_mul(moves.len().max(4))
                        .saturating_add(game.allocated_bytes(&step.1)),
                )?;
            }
            moves.push((step.0.points(), step.1));
        }
        if moves.is_empty() {
            let score = game.terminal_score(position);
            let code = self.push_score(score)?;
            self.store(game, position, code, Table::Score)?;
            return Ok(Entered::Known(Proven::Exact(score)));
        }
        self.store(game, position, ON_PATH, Table::Bounds)?;
        Ok(Entered::Opened(Frame {
            position: position.clone(),
            moves,
            next: 0,
            alpha,
            beta,
            entry_alpha: alpha,
            best: i64::MIN,
            stored,
        }))
    }

    /// An error if one more frame would pass a limit: the frames count as states, and
    /// under a memory limit the stack (the frames' moves included) counts as bytes.
    fn check_window_stack(&self, stack: &Vec<Frame<P>>) -> Result<(), SolveError<P>> {
        if let Some(limit) = self.limits.states
            && stack.len() >= limit
        {
            return Err(SolveError::StateLimit { limit });
        }
        if self.limits.bytes.is_none() {
            return Ok(());
        }
        let frames = stack.capacity().max(stack.len() + 1) * size_of::<Frame<P>>();
        let moves: usize = stack
            .iter()
            .map(|frame| frame.moves.capacity() * size_of::<(i64, P)>())
            .sum();
        self.check_room(frames.saturating_add(moves))
    }

    /// Stores what a finished frame proved, merged with the bounds stored before: an exact
    /// score in the score table (its bounds forgotten), a bound in the bounds table. Returns
    /// the merged proof.
    fn keep_window_result<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        frame: &Frame<P>,
        proven: Proven,
    ) -> Result<Proven, SolveError<P>> {
        let (mut lower, mut upper) = frame.stored.map_or((i64::MIN, i64::MAX), |(_, b)| b);
        match proven {
            Proven::Exact(value) => (lower, upper) = (value, value),
            Proven::AtLeast(value) => lower = lower.max(value),
            Proven::AtMost(value) => upper = upper.min(value),
        }
        let index = game.dense_index(&frame.position);
        if lower == upper {
            if self.tables[Table::Bounds as usize].remove(&frame.position, index) {
                self.stored_allocated -= game.allocated_bytes(&frame.position);
            }
            let code = self.push_score(lower)?;
            self.store(game, &frame.position, code, Table::Score)?;
            return Ok(Proven::Exact(lower));
        }
        let code = match frame.stored {
            Some((code, _)) => {
                self.bounds[code as usize] = (lower, upper);
                code
            }
            None => {
                if self.limits.bytes.is_some() {
                    self.check_room_to_push(&self.bounds, 0)?;
                }
                let code = Code::try_from(self.bounds.len())
                    .ok()
                    .filter(|&code| code < ON_PATH)
                    .ok_or(SolveError::StateLimit {
                        limit: ON_PATH as usize,
                    })?;
                self.bounds.push((lower, upper));
                code
            }
        };
        self.store(game, &frame.position, code, Table::Bounds)?;
        Ok(proven)
    }

    /// After an error, takes the path marks out of the bounds table, giving back the bounds
    /// stored before.
    fn abandon_window<G: Graph<Position = P, Gain = E>>(&mut self, game: &G, stack: Vec<Frame<P>>) {
        for frame in stack {
            self.unmark(game, &frame);
        }
    }

    fn unmark<G: Graph<Position = P, Gain = E>>(&mut self, game: &G, frame: &Frame<P>) {
        let table = &mut self.tables[Table::Bounds as usize];
        let index = game.dense_index(&frame.position);
        if table.get(&frame.position, index) != Some(ON_PATH) {
            return;
        }
        match frame.stored {
            Some((code, _)) => {
                let _ = table.set(&frame.position, index, code, true);
            }
            None => {
                if table.remove(&frame.position, index) {
                    self.stored_allocated -= game.allocated_bytes(&frame.position);
                }
            }
        }
    }
}
