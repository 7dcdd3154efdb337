//! The win/lose rule: a position is N if some option is P, else P — searched top-down, and
//! stopped at the first P option.

use std::fmt::Debug;
use std::hash::Hash;

use super::code::{ON_PATH, Play, Table, outcome_code};
use super::graph::{Gain, Graph};
use super::state::Search;
use crate::error::SolveError;
use crate::game::Outcome;

/// What a look through a frame's stacked options found.
pub(super) enum Scan<P, E> {
    /// A P option: the frame's position is N.
    FoundP,
    /// An option whose outcome needs a search of its own, and the gain of the move to it.
    Descend((E, P)),
    /// Every option is N.
    Exhausted,
}

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
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
        #[cfg(feature = "decompose")]
        if G::IN_ROUNDS {
            return self.run_abandoning(game, Table::of_play(play), |search| {
                search.run_outcome_in_rounds(game, root, play)
            });
        }
        self.run_abandoning(game, Table::of_play(play), |search| {
            search.run_outcome(game, root, play)
        })
    }

    /// What the tables know of `position`'s outcome under `play` (and, in normal play, the
    /// closed form), without searching: for the prover of misère certificates, which takes
    /// the winning move the search stored.
    #[cfg(feature = "decompose")]
    pub(crate) fn stored_outcome<G: Graph<Position = P, Gain = E>>(
        &self,
        game: &G,
        position: &P,
        play: Play,
    ) -> Option<Outcome> {
        self.known_outcome(game, position, play).ok().flatten()
    }

    /// What the closed form and the tables know of `position`'s outcome, without searching.
    // Called once per option. Left to `#[inline]` it was not inlined into the loops over
    // options, and a search of Fibonacci Nim starts ran 10 % more instructions (callgrind).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn known_outcome<G: Graph<Position = P, Gain = E>>(
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

    /// Opens `position` for an outcome search: looks at its moves lazily and decides it at
    /// once if every option is known (or one is a known P), storing the answer. Otherwise
    /// pushes its frame, with its unexplored options on the shared stack, and returns `None`.
    ///
    /// A position decided at once is never marked as on the line of play: it has no option
    /// below it to meet it again, and a self-loop is an unknown option, so it gets a frame.
    pub(super) fn open_outcome<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        (entry_gain, position): (E, P),
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<P>> {
        #[cfg(feature = "decompose")]
        if G::SORTS_UNKNOWN {
            return self.open_outcome_sorting_unknown(game, (entry_gain, position), play);
        }
        let first_option = self.options.len();
        let mut moves = game.outcome_edges(&position);
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
                    self.open_frame(game, (entry_gain, position), first_option, play)?;
                    return Ok(None);
                }
            }
        }
        drop(moves);
        self.decide_at_once(game, &position, decided, terminal, play)
            .map(Some)
    }

    /// Pushes the frame of `entry`, whose options were pushed on the shared stack from
    /// `first_option` on.
    fn open_frame<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        entry: (E, P),
        first_option: usize,
        play: Play,
    ) -> Result<(), SolveError<P>> {
        let first_value = self.values.len();
        self.push_frame(game, entry, first_option, first_value, Table::of_play(play))
    }

    /// Stores the outcome of `position` decided as its options were listed: N if one was a
    /// known P (`decided`), else every option is N, and a terminal position is P in normal
    /// play and N in misère play, where the player to move did not make the last move.
    pub(super) fn decide_at_once<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        decided: Option<Outcome>,
        terminal: bool,
        play: Play,
    ) -> Result<Outcome, SolveError<P>> {
        let outcome = decided.unwrap_or(if terminal && play == Play::Misere {
            Outcome::N
        } else {
            Outcome::P
        });
        self.store(
            game,
            position,
            outcome_code(play, outcome),
            Table::of_play(play),
        )?;
        Ok(outcome)
    }

    /// [`open_outcome`](Self::open_outcome) for a ruleset whose options are searched least
    /// [`search_size`](Graph::search_size) first: every option listed as the ruleset lists
    /// them, stopping at the first known P, and only the others sorted.
    #[cfg(feature = "decompose")]
    fn open_outcome_sorting_unknown<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        (entry_gain, position): (E, P),
        play: Play,
    ) -> Result<Option<Outcome>, SolveError<P>> {
        let first_option = self.options.len();
        let mut unknown = Vec::new();
        let mut terminal = true;
        let mut decided = None;
        for (gain, option) in game.edges(&position) {
            terminal = false;
            match self.known_outcome(game, &option, play)? {
                Some(Outcome::P) => {
                    decided = Some(Outcome::N);
                    break;
                }
                Some(Outcome::N) => {}
                None => unknown.push((gain, option)),
            }
        }
        if decided.is_none() {
            unknown.sort_by_cached_key(|(_, option)| game.search_size(option));
            let mut unknown = unknown.into_iter();
            if let Some(first) = unknown.next() {
                self.push_options(game, first, unknown)?;
                self.open_frame(game, (entry_gain, position), first_option, play)?;
                return Ok(None);
            }
        }
        self.decide_at_once(game, &position, decided, terminal, play)
            .map(Some)
    }

    pub(super) fn run_outcome<G: Graph<Position = P, Gain = E>>(
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
    pub(super) fn scan_outcome_options<G: Graph<Position = P, Gain = E>>(
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
}
