//! The prover of misère play: a certificate of a misère outcome, built from the root down.
//! An N-position takes the winning move the search stored, a P-position every option; each
//! is asked of the search, which answers from its tables.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt::Debug;

use super::misere::Misere;
use super::prove::contradiction;
use super::search::Play;
use crate::certificate::{Certificate, Claim, Entry};
use crate::error::SolveError;
use crate::game::{ImpartialGame, IntoPosition, Outcome, StoredPosition};
use crate::hash::MapBuildHasher;

#[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
impl<G: ImpartialGame + Debug> Misere<'_, G>
where
    G::Position: StoredPosition,
{
    /// The misère outcome of `position`, as [`outcome`](Self::outcome) finds it, with a
    /// [certificate](crate::certificate) that proves it: for an N-position a winning move
    /// and a proof that it leads to a misère P-position (or that there is no move: the
    /// player to move has won), for a P-position a proof that every option is a misère
    /// N-position. Misère play does not add up over sums, so the certificate is about whole
    /// positions, as the ruleset's [`moves`](ImpartialGame::moves) list them; its check
    /// trusts those moves and nothing else.
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome); [`SolveError::MemoryLimit`] if the certificate being
    /// written, with the tables the search filled, passes the solver's
    /// [memory limit](crate::Solver::with_memory_limit); [`SolveError::Contradiction`] if
    /// the search's answers disagree (a ruleset whose moves change from call to call).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::Claim;
    /// use impartial::sprouts::{Sprouts, SproutsPosition};
    /// use impartial::{Outcome, Play, Solver};
    ///
    /// // OEIS A164950: the first player wins misère Sprouts of 5 spots.
    /// let start = SproutsPosition::start(5)?;
    /// let certificate = Solver::new(Sprouts).misere().prove_outcome(&start)?;
    /// assert_eq!(certificate.check(&Sprouts, &start, Play::Misere)?, Claim::MisereOutcome(Outcome::N));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prove_outcome(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Certificate<G::Position>, SolveError<G::Position>> {
        let root = position.into_holder().borrow().clone();
        let outcome = self.outcome(&root)?;
        // The proof is held beside the tables the search filled.
        let bytes = self.solver.stats().bytes;
        let limit = self.solver.search.byte_limit();
        let mut prover = Prover {
            misere: Misere {
                solver: &mut *self.solver,
            },
            entries: Vec::new(),
            index: HashMap::default(),
            bytes,
            limit,
        };
        if prover.prove(&root)? != outcome {
            return Err(contradiction(&root));
        }
        let mut entries = prover.entries;
        entries.shrink_to_fit();
        let game = &self.solver.game;
        Ok(Certificate::with_entries(
            game,
            root,
            Claim::MisereOutcome(outcome),
            entries,
        ))
    }
}

struct Prover<'s, G: ImpartialGame> {
    misere: Misere<'s, G>,
    /// The certificate's positions, each written once its claim's witnesses are.
    entries: Vec<(G::Position, Entry)>,
    index: HashMap<G::Position, usize, MapBuildHasher>,
    /// About what the search's tables held when the proof began and what the entries and
    /// the index hold since, and the most they may: the solver's memory limit.
    bytes: usize,
    limit: Option<usize>,
}

impl<G: ImpartialGame> Prover<'_, G> {
    /// Proves the misère outcome of `position`, and every claim it rests on; returns it.
    /// Every claim the prover writes is needed: none is written and dropped again.
    fn prove(&mut self, position: &G::Position) -> Result<Outcome, SolveError<G::Position>> {
        if let Some(&at) = self.index.get(position) {
            return Ok(match self.entries[at].1 {
                Entry::MisereP => Outcome::P,
                _ => Outcome::N,
            });
        }
        stacker::maybe_grow(1 << 16, 1 << 22, || {
            let options: Vec<G::Position> = self.misere.solver.game.moves(position).collect();
            let (outcome, entry) = if options.is_empty() {
                (Outcome::N, Entry::MisereN(None))
            } else if self.misere.outcome(position)? == Outcome::P {
                for option in &options {
                    if self.prove(option)? != Outcome::N {
                        return Err(contradiction(option));
                    }
                }
                (Outcome::P, Entry::MisereP)
            } else {
                let index = self.winning_index(position, &options)?;
                if self.prove(&options[index])? != Outcome::P {
                    return Err(contradiction(&options[index]));
                }
                (Outcome::N, Entry::MisereN(Some(index as u32)))
            };
            self.write(position, entry)?;
            Ok(outcome)
        })
    }

    /// The index of a misère P option of the N-position `position`: one already written,
    /// else one the search stored (it stored the one that decided the position), else the
    /// first the search finds.
    fn winning_index(
        &mut self,
        position: &G::Position,
        options: &[G::Position],
    ) -> Result<usize, SolveError<G::Position>> {
        let written = options.iter().position(|option| {
            self.index
                .get(option)
                .is_some_and(|&at| self.entries[at].1 == Entry::MisereP)
        });
        let solver = &*self.misere.solver;
        let stored = || {
            options.iter().position(|option| {
                solver
                    .search
                    .stored_outcome(&solver.game, option, Play::Misere)
                    == Some(Outcome::P)
            })
        };
        if let Some(index) = written.or_else(stored) {
            return Ok(index);
        }
        let winning = self.misere.winning_move(position)?;
        winning
            .and_then(|winning| options.iter().position(|option| *option == winning))
            .ok_or_else(|| contradiction(position))
    }

    /// Writes `entry` for `position`, counting what it holds against the memory limit.
    fn write(
        &mut self,
        position: &G::Position,
        entry: Entry,
    ) -> Result<(), SolveError<G::Position>> {
        // The position twice (entry and index), its entry, the index's slot.
        let owned = self.misere.solver.game.allocated_bytes(position);
        let held =
            2 * (size_of::<G::Position>() + owned) + size_of::<Entry>() + size_of::<usize>() + 1;
        self.index.insert(position.clone(), self.entries.len());
        self.entries.push((position.clone(), entry));
        self.bytes = self.bytes.saturating_add(held);
        match self.limit {
            Some(limit) if self.bytes > limit => Err(SolveError::MemoryLimit { limit }),
            _ => Ok(()),
        }
    }
}
