//! The outcome search in rounds, for a ruleset that asks for them
//! ([`SEARCH_IN_ROUNDS`](crate::Decompose::SEARCH_IN_ROUNDS)): to find a P option, each
//! option is searched with an allowance of work, those that ran out again with more, as the
//! decomposing search does (`split/rounds.rs`). This is how misère play, where positions do
//! not fall apart into parts, finds a cheap winning move placed after a costly losing one.
//!
//! A recursive search over the same tables as the stacked one (`outcome`): a position whose
//! options are searched is marked as on the line of play, so a cycle is still found, and
//! every mark is taken out again when a search fails, runs out of its round or unwinds.
//! What the table stores counts against the solver's limits; the options each level of the
//! recursion holds do not (as in the decomposing search): a line of play as deep as the
//! game is long, each with the options not yet known.

use std::fmt::Debug;
use std::hash::Hash;

use super::code::{ON_PATH, Play, Table, outcome_code};
use super::graph::{Gain, Graph};
use super::state::Search;
use crate::error::SolveError;
use crate::game::Outcome;
use crate::solver::split::{end_of_round, first_in_rounds};

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
    /// Takes out of `table` the marks of a search in rounds that failed, and ends its rounds.
    pub(super) fn forget_rounds<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        table: Table,
    ) {
        let mut path = std::mem::take(&mut self.rounds.path);
        for position in path.drain(..) {
            self.forget_entry(game, &position, table);
        }
        self.rounds.path = path;
        self.rounds.deadline = u64::MAX;
        self.rounds.abandoned = false;
    }

    /// Whether `position` is a P-position under `play`, its options searched in rounds.
    pub(super) fn run_outcome_in_rounds<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        play: Play,
    ) -> Result<Outcome, SolveError<P>> {
        self.rounds.deadline = u64::MAX;
        self.rounds.abandoned = false;
        let is_p = self.is_p_in_rounds(game, position, play)?;
        Ok(if is_p { Outcome::P } else { Outcome::N })
    }

    /// Whether `position` is a P-position: decided as its options are listed if one is a
    /// known P or all are known; else marked as on the line of play while the others are
    /// searched, least [`search_size`](Graph::search_size) first.
    fn is_p_in_rounds<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        play: Play,
    ) -> Result<bool, SolveError<P>> {
        if let Some(outcome) = self.known_outcome(game, position, play)? {
            return Ok(outcome == Outcome::P);
        }
        let table = Table::of_play(play);
        let mut unknown = Vec::new();
        let mut terminal = true;
        // Listed as the ruleset lists them, which stops at the first known P option, and
        // only the others sorted: misère Sprouts 9 spots took 42 s so, 162 s (twice the
        // positions) with every option sorted first as the stacked search takes them (one
        // run each, 2026-12-06; 8 spots 3.8 s against 3.1 s).
        for (_, option) in game.edges(position) {
            terminal = false;
            self.rounds.work += 1;
            if self.rounds.work >= self.rounds.deadline {
                // Out of its round's allowance: unwound to the round.
                self.rounds.abandoned = true;
                return Err(SolveError::StateLimit { limit: 0 });
            }
            match self.known_outcome(game, &option, play)? {
                Some(Outcome::P) => {
                    self.decide_at_once(game, position, Some(Outcome::N), false, play)?;
                    return Ok(false);
                }
                Some(Outcome::N) => {}
                None => unknown.push(option),
            }
        }
        if unknown.is_empty() {
            let outcome = self.decide_at_once(game, position, None, terminal, play)?;
            return Ok(outcome == Outcome::P);
        }
        unknown.sort_by_cached_key(|option| game.search_size(option));
        self.store(game, position, ON_PATH, table)?;
        self.rounds.path.push(position.clone());
        let found = stacker::maybe_grow(1 << 16, 1 << 22, || {
            self.some_option_is_p(game, &unknown, play)
        });
        self.rounds.path.pop();
        let stored = found.and_then(|found| {
            let outcome = if found { Outcome::N } else { Outcome::P };
            self.store(game, position, outcome_code(play, outcome), table)?;
            Ok(!found)
        });
        if stored.is_err() {
            self.forget_entry(game, position, table);
        }
        stored
    }

    /// Whether some of `options` is a P-position: in rounds, unless the round this search
    /// is in has too little left.
    fn some_option_is_p<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        options: &[P],
        play: Play,
    ) -> Result<bool, SolveError<P>> {
        let rounds = options.len() > 1
            && self.rounds.deadline.saturating_sub(self.rounds.work) >= self.rounds.nested_least;
        let found = first_in_rounds(options.len(), rounds, |index, allowance| {
            let outer = self.rounds.deadline;
            if let Some(allowance) = allowance {
                self.rounds.deadline = self.rounds.work.saturating_add(allowance).min(outer);
            }
            let answer = self.is_p_in_rounds(game, &options[index], play);
            let own = std::mem::replace(&mut self.rounds.deadline, outer);
            end_of_round(&mut self.rounds.abandoned, own < outer, answer)
        })?;
        Ok(found.is_some())
    }
}

#[cfg(all(test, feature = "frontier"))]
mod tests {
    use super::super::code::{Play, Table};
    use super::super::state::Search;
    use crate::ImpartialGame;
    use crate::cram::Cram;
    use crate::sprouts::{Sprouts, SproutsPosition};

    /// Rounds inside rounds at every depth (no least work left), and from 1 000 left: the
    /// outcomes of the stacked search, in both conventions, on every position met from
    /// Sprouts of up to 5 spots and on every Cram position below a 3 × 4 board.
    #[test]
    fn rounds_at_every_depth_agree_with_the_stacked_search() {
        fn agree<G: ImpartialGame>(game: &G, positions: &[G::Position]) {
            for nested_least in [0, 1_000] {
                for play in [Play::Normal, Play::Misere] {
                    let mut stacked = Search::<G::Position>::new();
                    let mut rounds = Search::<G::Position>::new();
                    rounds.rounds.nested_least = nested_least;
                    for position in positions {
                        let expected = stacked
                            .run_abandoning(game, Table::of_play(play), |search| {
                                search.run_outcome(game, position, play)
                            })
                            .unwrap();
                        let found = rounds
                            .run_abandoning(game, Table::of_play(play), |search| {
                                search.run_outcome_in_rounds(game, position, play)
                            })
                            .unwrap();
                        assert_eq!(found, expected, "{position:?}, {play:?}, {nested_least}");
                    }
                }
            }
        }
        let mut sprouts = Vec::new();
        for spots in 0..=5 {
            let start = SproutsPosition::start(spots).unwrap();
            sprouts.extend(Sprouts.moves(&start).flat_map(|option| {
                let replies: Vec<_> = Sprouts.moves(&option).collect();
                replies.into_iter().chain([option])
            }));
            sprouts.push(start);
        }
        agree(&Sprouts, &sprouts);
        let cram = Cram::new(3, 4).unwrap();
        let mut boards: Vec<_> = cram.moves(&cram.start()).collect();
        boards.push(cram.start());
        agree(&cram, &boards);
    }
}
