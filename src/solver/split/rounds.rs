//! The search in rounds (`Decompose::SEARCH_IN_ROUNDS`): to find a sum of a part's
//! options that is a P-position, each sum is asked with an allowance of work, those that ran
//! out again with more, so that a cheap answer placed after a costly sum is found first.
//! A question that runs out unwinds as an error the round that gave the allowance catches;
//! what it learnt on the way (the facts of parts it finished) stays in the table.

use std::fmt::Debug;
use std::hash::Hash;

use super::search::SplitSearch;
use super::sums::Split;
use crate::error::SolveError;
use crate::game::ImpartialGame;

/// The work (positions listed) a sum gets in the first round of a search in rounds, and
/// how many times more in each next round (see `Decompose::SEARCH_IN_ROUNDS`).
pub(super) const FIRST_ROUND: u64 = 64;
pub(super) const ROUND_GROWTH: u64 = 8;

impl<P: Clone + Eq + Hash + Debug> SplitSearch<P> {
    /// [`any_sum_has`](Self::any_sum_has) in rounds of growing allowances of work. On
    /// threads, each thread runs its own rounds (the threads split the sums near the root
    /// only): a sum another thread is searching is not left for later here.
    pub(super) fn any_sum_has_in_rounds<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        pending: &[Split<P>],
        value: u32,
    ) -> Result<bool, SolveError<P>> {
        let found = first_in_rounds(pending.len(), true, |index, allowance| {
            if self.stopped() {
                // Another thread has answered: this search's answer is never read.
                return Err(SolveError::StateLimit { limit: 0 });
            }
            let outer = self.start_round(allowance);
            let answer = self.sum_is_p(game, &pending[index], value);
            self.end_round(outer, answer)
        })?;
        Ok(found.is_some())
    }

    /// Gives the questions asked from now on `allowance` more positions to list (as many as
    /// the round they are in, if `None`): the deadline before, for
    /// [`end_round`](Self::end_round).
    pub(crate) fn start_round(&mut self, allowance: Option<u64>) -> u64 {
        let outer = self.deadline;
        if let Some(allowance) = allowance {
            self.deadline = self.work.saturating_add(allowance).min(outer);
        }
        outer
    }

    /// The answer of a question asked since [`start_round`](Self::start_round), `None` if
    /// it ran out of its allowance; restores the deadline of the round around it (`outer`).
    /// A question that ran out of the outer round's allowance is that round's to see.
    pub(crate) fn end_round<T>(
        &mut self,
        outer: u64,
        answer: Result<T, SolveError<P>>,
    ) -> Result<Option<T>, SolveError<P>> {
        let own = std::mem::replace(&mut self.deadline, outer);
        end_of_round(&mut self.abandoned, own < outer, answer)
    }
}

/// The answer of a question asked in a round, `None` if it ran out of the round's allowance:
/// it gave up (`abandoned`, cleared here) at a deadline of its own round (`own_deadline`:
/// earlier than the round around it). One that ran out of an outer round's allowance is that
/// round's to see.
pub(crate) fn end_of_round<T, E>(
    abandoned: &mut bool,
    own_deadline: bool,
    answer: Result<T, E>,
) -> Result<Option<T>, E> {
    match answer {
        Ok(answer) => Ok(Some(answer)),
        Err(_) if *abandoned && own_deadline => {
            *abandoned = false;
            Ok(None)
        }
        Err(error) => Err(error),
    }
}

/// The first of `0..count` for which `ask` answers `true`, asked in order: in rounds if
/// `rounds`, else each once to its end (`ask(index, None)`). In rounds, each is asked with
/// an allowance of work (`ask` answers `None` if it ran out), those that ran out are asked
/// again with [`ROUND_GROWTH`] times as much, and so on; one left alone, every other
/// answered `false`, is asked to its end. The search and the prover of certificates take a
/// part's options this way alike.
pub(crate) fn first_in_rounds<E>(
    count: usize,
    rounds: bool,
    mut ask: impl FnMut(usize, Option<u64>) -> Result<Option<bool>, E>,
) -> Result<Option<usize>, E> {
    // The first round takes `0..count` as it is: a list is made only once some question runs
    // out, not for every part whose options are asked about.
    let mut left = Vec::new();
    let mut allowance = FIRST_ROUND;
    if let Some(found) = round(0..count, rounds, allowance, &mut ask, &mut left)? {
        return Ok(Some(found));
    }
    while !left.is_empty() {
        allowance = allowance.saturating_mul(ROUND_GROWTH);
        let open = std::mem::take(&mut left);
        if let Some(found) = round(open.into_iter(), rounds, allowance, &mut ask, &mut left)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// One round of [`first_in_rounds`]: asks each of `open` within `allowance`, the last one to
/// its end if every other answered `false`; those that ran out go to `left`.
fn round<E>(
    open: impl ExactSizeIterator<Item = usize>,
    rounds: bool,
    allowance: u64,
    ask: &mut impl FnMut(usize, Option<u64>) -> Result<Option<bool>, E>,
    left: &mut Vec<usize>,
) -> Result<Option<usize>, E> {
    let last = open.len().saturating_sub(1);
    for (at, index) in open.enumerate() {
        let alone = at == last && left.is_empty();
        let limit = (rounds && !alone).then_some(allowance);
        match ask(index, limit)? {
            Some(true) => return Ok(Some(index)),
            Some(false) => {}
            // Only an allowance runs out: asked to its end, a question answers.
            None => left.push(index),
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::{FIRST_ROUND, ROUND_GROWTH, first_in_rounds};

    /// Questions of known cost and answer: asked within an allowance below the cost, one
    /// runs out.
    fn ask_of(
        questions: &[(u64, bool)],
        asked: &mut Vec<(usize, Option<u64>)>,
        spent: &mut u64,
    ) -> impl FnMut(usize, Option<u64>) -> Result<Option<bool>, ()> {
        move |index, allowance| {
            asked.push((index, allowance));
            let (cost, answer) = questions[index];
            match allowance {
                Some(allowance) if allowance < cost => {
                    *spent += allowance;
                    Ok(None)
                }
                _ => {
                    *spent += cost;
                    Ok(Some(answer))
                }
            }
        }
    }

    #[test]
    fn rounds_find_a_cheap_true_answer_behind_a_costly_false_one() {
        let questions = [(1 << 30, false), (5_000, false), (100, true), (10, false)];
        let (mut asked, mut spent) = (Vec::new(), 0);
        let found = first_in_rounds(4, true, ask_of(&questions, &mut asked, &mut spent));
        assert_eq!(found, Ok(Some(2)));
        // The first round: each with the least allowance; the second finds option 2.
        let round = |index, times: u32| (index, Some(FIRST_ROUND * ROUND_GROWTH.pow(times)));
        assert_eq!(
            asked,
            [
                round(0, 0),
                round(1, 0),
                round(2, 0),
                round(3, 0),
                round(0, 1),
                round(1, 1),
                round(2, 1)
            ]
        );
        assert!(spent < 2_000);

        // In order, each to its end: the costly one first.
        let (mut asked, mut spent) = (Vec::new(), 0);
        let found = first_in_rounds(4, false, ask_of(&questions, &mut asked, &mut spent));
        assert_eq!(found, Ok(Some(2)));
        assert_eq!(asked, [(0, None), (1, None), (2, None)]);
        assert!(spent > 1 << 30);
    }

    #[test]
    fn in_rounds_every_false_answer_is_found_and_the_last_asked_to_its_end() {
        for count in 0..6 {
            for seed in 0..64u64 {
                let questions: Vec<(u64, bool)> = (0..count)
                    .map(|index| {
                        (
                            seed.wrapping_mul(2_654_435_761) >> (index * 3) & 0xF_FFFF,
                            false,
                        )
                    })
                    .collect();
                let (mut asked, mut spent) = (Vec::new(), 0);
                let found =
                    first_in_rounds(count, true, ask_of(&questions, &mut asked, &mut spent));
                assert_eq!(found, Ok(None));
                // Every question answered once; only the last open one without an allowance.
                let answered = asked
                    .iter()
                    .filter(|&&(index, allowance)| {
                        allowance.is_none_or(|a| a >= questions[index].0)
                    })
                    .count();
                assert_eq!(answered, count);
                assert!(
                    asked
                        .iter()
                        .filter(|(_, allowance)| allowance.is_none())
                        .count()
                        <= 1
                );
                // A question that ran out had less than its cost each round, a geometric sum:
                // under 8/7 of its cost spent for nothing, at worst.
                let needed: u64 = questions.iter().map(|&(cost, _)| cost).sum();
                assert!(spent * (ROUND_GROWTH - 1) <= needed * (2 * ROUND_GROWTH - 1));
            }
        }
    }

    #[test]
    fn an_error_ends_the_rounds() {
        let mut asked = 0;
        let found = first_in_rounds(3, true, |_, _| {
            asked += 1;
            if asked == 2 { Err("limit") } else { Ok(None) }
        });
        assert_eq!(found, Err("limit"));
        assert_eq!(asked, 2);
    }
}
