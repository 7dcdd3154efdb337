//! Scores filled bottom-up: when a ruleset lists its positions each after its options, the
//! score table is a dynamic program over that order, on the engine's memo and within its
//! limits.

use std::fmt::Debug;
use std::hash::Hash;

use super::code::{Code, ON_PATH, Table, number_code};
use super::graph::{Gain, Graph};
use super::rule::{Negamax, Rule};
use super::state::Search;
use crate::error::SolveError;
use crate::solver::memo::{ArrayLane, InArray};

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
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
        let unlimited = self.limits.states.is_none() && self.limits.bytes.is_none();
        if unlimited && let Some(largest) = largest_index {
            // The start comes last and, in a dense layout that lists options first, has the
            // largest index: size the array and the scores once.
            self.tables[Table::Score as usize].reserve_array(largest.saturating_add(1));
            let _ = self
                .scores
                .try_reserve(largest.saturating_add(1).saturating_sub(self.scores.len()));
        }
        let mut order = order;
        loop {
            let next = match self.tables[Table::Score as usize].array_lane() {
                Some(lane) if unlimited => {
                    Self::sweep_in_array(game, &mut order, lane, &mut self.scores)
                }
                _ => order.next(),
            };
            let Some(position) = next else {
                return Ok(());
            };
            let index = game.dense_index(&position);
            if self.stored_score_code(&position, index).is_none() {
                self.sweep_one(game, &position, index, unlimited)?;
            }
        }
    }

    /// The code the score table holds for `position` (of dense index `index`), if any: from
    /// the memo's array, which answers most lookups of a dense-indexed game at once, or its
    /// table.
    #[inline]
    fn stored_score_code(&self, position: &P, index: Option<usize>) -> Option<Code> {
        let table = &self.tables[Table::Score as usize];
        match index.map(|index| table.get_in_array(index)) {
            Some(InArray::Stored(code)) => Some(code),
            Some(InArray::Empty) => None,
            Some(InArray::AskTable) | None => table.get(position, index),
        }
    }

    /// Scores `position` from its options' scores (searching any not stored yet), and stores
    /// it — in the memo's array when there are no limits to account for.
    fn sweep_one<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        index: Option<usize>,
        unlimited: bool,
    ) -> Result<(), SolveError<P>> {
        let mut negamax = Negamax::default();
        for (gain, option) in game.edges(position) {
            let code = match self.stored_score_code(&option, game.dense_index(&option)) {
                Some(code) if code != ON_PATH => code,
                _ => self.code_of(game, &option, Rule::Score)?,
            };
            negamax
                .option(gain.points(), self.scores[code as usize])
                .map_err(|_| SolveError::ScoreOverflow {
                    position: position.clone(),
                })?;
        }
        let code = self.push_score(negamax.score(|| game.terminal_score(position)))?;
        let stored_in_array = unlimited
            && game.allocated_bytes(position) == 0
            && index.is_some_and(|index| {
                self.tables[Table::Score as usize].insert_in_array(index, code)
            });
        if !stored_in_array {
            self.store(game, position, code, Table::Score)?;
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
        let mut negamax = Negamax::default();
        for (gain, option) in game.edges(position) {
            let Some(&after) = game
                .dense_index(&option)
                .and_then(|option| lane.code(option))
                // A position on the search path (`ON_PATH`) has no score: past the arena.
                .and_then(|code| scores.get(code as usize))
            else {
                return false;
            };
            if negamax.option(gain.points(), after).is_err() {
                return false;
            }
        }
        let score = negamax.score(|| game.terminal_score(position));
        match number_code(scores.len()) {
            Some(code) if game.allocated_bytes(position) == 0 && lane.fill(index, code) => {
                scores.push(score);
                true
            }
            _ => false,
        }
    }

    /// Keeps `score` in the arena and returns its code.
    #[inline]
    pub(super) fn push_score(&mut self, score: i64) -> Result<Code, SolveError<P>> {
        if self.limits.bytes.is_some() {
            self.check_room_to_push(&self.scores, 0)?;
        }
        let code =
            number_code(self.scores.len()).ok_or(SolveError::StateLimit { limit: MAX_SCORES })?;
        self.scores.push(score);
        Ok(code)
    }

    /// The score of `root` under the negamax rule: swept bottom-up first if the ruleset lists
    /// its positions so.
    pub(crate) fn score<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
    ) -> Result<i64, SolveError<P>> {
        if self.known_code(game, root, Rule::Score)?.is_none()
            && let Some(order) = game.bottom_up(root)
        {
            self.run_abandoning(game, Table::Score, |search| {
                search.sweep_scores(game, order, game.dense_index(root))
            })?;
        }
        self.value(game, root, Rule::Score)
    }
}

/// The most scores the arena holds: one code each.
const MAX_SCORES: usize = super::code::MAX_NUMBER as usize + 1;
