//! The extended rule: the number each state records — the mex (Sprague–Grundy), the
//! remoteness, the suspense, the negamax score — found by a search that looks at every
//! option, and combined by [`Rule`]'s formula.

use std::fmt::Debug;
use std::hash::Hash;

use super::code::{Code, ON_PATH, OUTCOME_N, number_code};
use super::graph::{Gain, Graph};
use super::rule::{Negamax, Rule, hurry_or_delay};
use super::state::Search;
use crate::error::SolveError;
use crate::game::{Nimber, mex_of_codes};

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
    /// The Grundy value of `root`.
    pub(crate) fn grundy<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
    ) -> Result<Nimber, SolveError<P>> {
        if let Some(value) = self.known_grundy(game, root) {
            return Ok(value);
        }
        self.code_of(game, root, Rule::Grundy)
            .map(|code| Nimber(u128::from(code)))
    }

    /// The misère Grundy value of `root`.
    pub(crate) fn misere_grundy<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
    ) -> Result<Nimber, SolveError<P>> {
        self.code_of(game, root, Rule::MisereGrundy)
            .map(|code| Nimber(u128::from(code)))
    }

    /// The number `rule` records for `root`: its Grundy value, remoteness, suspense or score.
    pub(crate) fn value<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        rule: Rule,
    ) -> Result<i64, SolveError<P>> {
        let code = self.code_of(game, root, rule)?;
        Ok(match rule {
            Rule::Score => self.scores[code as usize],
            _ => i64::from(code),
        })
    }

    /// The remoteness or suspense of `root` (`rule`): a number of moves.
    pub(crate) fn moves_to_end<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        rule: Rule,
    ) -> Result<u32, SolveError<P>> {
        debug_assert!(matches!(rule, Rule::Remoteness | Rule::Suspense));
        self.code_of(game, root, rule)
    }

    /// The code `rule`'s table keeps for `root`, searched if it is not known yet.
    pub(super) fn code_of<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        root: &P,
        rule: Rule,
    ) -> Result<Code, SolveError<P>> {
        if let Some(code) = self.known_code(game, root, rule)? {
            return Ok(code);
        }
        self.run_abandoning(game, rule.table(), |search| {
            search.run_value(game, root, rule)
        })
    }

    /// The code `rule`'s table keeps for `position`, if the closed form (for Grundy values)
    /// or the table knows it; large closed-form values are clamped, which is exact for a mex
    /// over fewer options.
    #[inline]
    pub(super) fn known_code<G: Graph<Position = P, Gain = E>>(
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
        match self.tables[rule.table() as usize].get(position, game.dense_index(position)) {
            Some(ON_PATH) => Err(SolveError::Cycle {
                position: position.clone(),
            }),
            // In the normal table, N without a value yet counts as unknown.
            Some(OUTCOME_N) if rule == Rule::Grundy => Ok(None),
            code => Ok(code),
        }
    }

    /// Looks on through the top frame's stacked options, pushing their known values, until
    /// one needs a search of its own (returned, with the gain of the move to it) or none is
    /// left (`None`).
    pub(super) fn scan_value_options<G: Graph<Position = P, Gain = E>>(
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
            match self.known_code(game, option, rule)? {
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
    pub(super) fn open_value<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        (entry_gain, position): (E, P),
        rule: Rule,
    ) -> Result<Option<(E, Code)>, SolveError<P>> {
        let first_option = self.options.len();
        let first_value = self.values.len();
        let mut moves = game.edges(&position);
        while let Some((gain, option)) = moves.next() {
            match self.known_code(game, &option, rule)? {
                Some(value) => self.push_value(gain, value)?,
                None => {
                    self.push_options(game, (gain, option), moves)?;
                    let table = rule.table();
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
        self.store(game, &position, value, rule.table())?;
        Ok(Some((entry_gain, value)))
    }

    pub(super) fn run_value<G: Graph<Position = P, Gain = E>>(
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
                let gain = self.pop_frame(game, value, rule.table());
                Some((gain, value))
            };
        }
    }

    /// The code `rule` records for `position`, whose options' codes are `values[first..]`
    /// (reached by moves worth `gains[first..]`): the rule's formula (see `rule`), its number
    /// stored as a code.
    ///
    /// # Errors
    ///
    /// [`SolveError::NumberTooLarge`] if a number passes what a code holds (a Grundy value
    /// of a position with more than `u32::MAX − 3` options, a line of play as long);
    /// [`SolveError::ScoreOverflow`] for a score past `i64`.
    pub(super) fn combine<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        position: &P,
        first: usize,
        rule: Rule,
    ) -> Result<Code, SolveError<P>> {
        let values = &self.values[first..];
        let number = match rule {
            Rule::MisereGrundy if values.is_empty() => 1,
            Rule::Grundy | Rule::MisereGrundy => mex_of_codes(values, &mut self.seen),
            Rule::Remoteness | Rule::Suspense => hurry_or_delay(rule, values) as usize,
            Rule::Score => {
                debug_assert!(Self::MOVES_CARRY_GAINS, "scores are for moves with points");
                let mut negamax = Negamax::default();
                for (&value, &gain) in values.iter().zip(&self.gains[first..]) {
                    negamax
                        .option(gain.points(), self.scores[value as usize])
                        .map_err(|_| SolveError::ScoreOverflow {
                            position: position.clone(),
                        })?;
                }
                let score = negamax.score(|| game.terminal_score(position));
                return self.push_score(score);
            }
        };
        number_code(number).ok_or_else(|| SolveError::NumberTooLarge {
            position: position.clone(),
            rule: rule.name(),
            options: values.len(),
        })
    }
}
