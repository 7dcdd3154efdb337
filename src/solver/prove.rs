//! The prover: a certificate of a search's answer, built from the root down by asking the
//! searches (which answer from what they have learnt) for a witness of each claim the
//! answer needs, and nothing the search explored besides.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt::Debug;

use super::general::Solver;
use super::split::first_in_rounds;
use crate::certificate::{Certificate, Claim, Entry, Parts, Witness, parts, xor_rule};
use crate::error::SolveError;
use crate::game::Hooks;
use crate::game::{ImpartialGame, IntoPosition, Nimber, Outcome, Play, StoredPosition};
use crate::hash::MapBuildHasher;

#[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
impl<G: ImpartialGame + Debug> Solver<G>
where
    G::Position: StoredPosition,
{
    /// The outcome of `position`, as [`outcome`](Self::outcome) finds it, with a
    /// [certificate](crate::certificate) that proves it: for an N-position a winning move and
    /// a proof that it leads to a P-position; for a P-position a proof that every option is
    /// an N-position. Only what the answer needs is written. For a ruleset that declares
    /// misère play ([`PLAY`](ImpartialGame::PLAY)), the certificate of its misère outcome
    /// ([`Misere::prove_outcome`](crate::Misere::prove_outcome)).
    ///
    /// # Errors
    ///
    /// As [`outcome`](Self::outcome); [`SolveError::MemoryLimit`] if the certificate being
    /// written, with the tables the search filled, passes the solver's
    /// [memory limit](Self::with_memory_limit); [`SolveError::Contradiction`] if the searches' answers
    /// disagree (a ruleset that breaks the laws of its hooks).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::Claim;
    /// use impartial::sprouts::{Sprouts, SproutsPosition};
    /// use impartial::{Outcome, Play, Solver};
    ///
    /// let start = SproutsPosition::start(5)?;
    /// let certificate = Solver::new(Sprouts).prove_outcome(&start)?;
    /// assert_eq!(certificate.check(&Sprouts, &start, Play::Normal)?, Claim::Outcome(Outcome::N));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prove_outcome(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Certificate<G::Position>, SolveError<G::Position>> {
        let root = position.into_holder().borrow().clone();
        if G::PLAY == Play::Misere {
            return self.misere().prove_outcome(root);
        }
        let outcome = self.outcome(&root)?;
        let claim = Claim::Outcome(outcome);
        self.prove(root, claim, 0, outcome == Outcome::P)
    }

    /// The Sprague–Grundy value of `position`, as [`grundy`](Self::grundy) finds it, with a
    /// [certificate](crate::certificate) that proves it: every part the value rests on, each
    /// with an option of every smaller value and a proof that no option has its own.
    ///
    /// # Errors
    ///
    /// As [`prove_outcome`](Self::prove_outcome); [`SolveError::MiserePlay`] for a ruleset
    /// that declares misère play, as [`grundy`](Self::grundy).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::Claim;
    /// use impartial::cram::Cram;
    /// use impartial::{Nimber, Play, Solver};
    ///
    /// let game = Cram::new(3, 5)?;
    /// let certificate = Solver::new(game).prove_grundy(game.start())?;
    /// assert_eq!(certificate.check(&game, game.start(), Play::Normal)?, Claim::Grundy(Nimber(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prove_grundy(
        &mut self,
        position: impl IntoPosition<G::Position>,
    ) -> Result<Certificate<G::Position>, SolveError<G::Position>> {
        let root = position.into_holder().borrow().clone();
        let value = self.grundy(&root)?;
        let Ok(target) = u32::try_from(value.0) else {
            return Err(SolveError::Contradiction { position: root });
        };
        self.prove(root, Claim::Grundy(value), target, true)
    }

    fn prove(
        &mut self,
        root: G::Position,
        claim: Claim,
        target: u32,
        is_p: bool,
    ) -> Result<Certificate<G::Position>, SolveError<G::Position>> {
        // A panic of the ruleset's during an earlier proof may have left the search inside
        // the rounds the prover asked it in.
        self.decomposing.split.forget_line_of_play();
        let limit = self.search.byte_limit();
        // The proof is held beside the tables the search filled.
        let bytes = self.stats().bytes;
        let mut prover = Prover {
            solver: self,
            entries: Vec::new(),
            uses: Vec::new(),
            index: HashMap::default(),
            bytes,
            limit,
        };
        let root_parts = parts(&prover.solver.game, &root);
        prover.prove_sum(&root_parts, target, is_p)?;
        let used = prover.used_from(&root_parts);
        let mut entries = std::mem::take(&mut prover.entries);
        drop(prover);
        // In place: the certificate takes the prover's list, without a second copy.
        let mut keep = used.into_iter();
        entries.retain(|_| keep.next().unwrap_or(false));
        entries.shrink_to_fit();
        Ok(Certificate::with_entries(&self.game, root, claim, entries))
    }
}

type Result2<T, P> = Result<T, SolveError<P>>;

struct Prover<'s, G: ImpartialGame> {
    solver: &'s mut Solver<G>,
    /// The certificate's positions, in the order first met.
    entries: Vec<(G::Position, Entry)>,
    /// For each entry, the entries its claim is checked against.
    uses: Vec<Vec<u32>>,
    index: HashMap<G::Position, usize, MapBuildHasher>,
    /// About what the search's tables held when the proof began and what the entries, their
    /// uses and the index hold since, and the most they may: the solver's memory limit.
    bytes: usize,
    limit: Option<usize>,
}

impl<G: ImpartialGame> Prover<'_, G> {
    /// The value of the canonical part `part`, asked of the search that answers.
    fn ask_value(&mut self, part: &G::Position) -> Result2<u32, G::Position> {
        let solver = &mut *self.solver;
        if solver.decomposing.active() {
            return solver.decomposing.part_value(&solver.game, part);
        }
        let value = solver.search.grundy(&solver.game, part)?;
        u32::try_from(value.0).map_err(|_| contradiction(part))
    }

    /// Whether the canonical part `part` has value `k`, asked of the search that answers.
    fn ask_is(&mut self, part: &G::Position, k: u32) -> Result2<bool, G::Position> {
        let solver = &mut *self.solver;
        if solver.decomposing.active() {
            return solver.decomposing.part_is(&solver.game, part, k);
        }
        if k == 0 {
            let outcome = solver.search.outcome(&solver.game, part, Play::Normal)?;
            return Ok(outcome == Outcome::P);
        }
        Ok(solver.search.grundy(&solver.game, part)? == Nimber(u128::from(k)))
    }

    /// Whether the sum of `parts` plus `*k` is a P-position, asked as the search asks it:
    /// the values of all parts but the largest, then whether the largest has the rest.
    fn ask_sum(&mut self, parts: &[G::Position], k: u32) -> Result2<bool, G::Position> {
        let parts = cancel_pairs(parts);
        let Some(largest) = largest(&self.solver.game, &parts) else {
            return Ok(k == 0);
        };
        let mut target = k;
        for (index, part) in parts.iter().enumerate() {
            if index != largest {
                target ^= self.ask_value(part)?;
            }
        }
        self.ask_is(&parts[largest], target)
    }

    /// What the claims written so far say of "`parts` plus `*k` is a P-position", if they
    /// tell: the checker's own rule.
    fn known_sum(&self, parts: &[G::Position], k: u32) -> Option<bool> {
        let (target, unknown) = xor_rule(parts, k, |part| match self.entry(part) {
            Some(Entry::Value { value, .. }) => Ok(*value),
            _ => Err(()),
        });
        match unknown[..] {
            [] => Some(target == 0),
            [(part, ())] => self.is_not(part, target).then_some(false),
            _ => None,
        }
    }

    fn entry(&self, part: &G::Position) -> Option<&Entry> {
        self.index.get(part).map(|&at| &self.entries[at].1)
    }

    /// Whether the claims written so far say `part` is not of value `k`.
    fn is_not(&self, part: &G::Position, k: u32) -> bool {
        match self.entry(part) {
            Some(Entry::Value { value, .. }) => *value != k,
            Some(Entry::Not(values)) => values.iter().any(|&(value, _)| value == k),
            // The prover of normal play writes no misère entries.
            Some(Entry::MisereP | Entry::MisereN(_)) | None => false,
        }
    }

    /// Proves that the sum of `parts` plus `*k` is a P-position (`is_p`) or is not.
    fn prove_sum(&mut self, parts: &[G::Position], k: u32, is_p: bool) -> Result2<(), G::Position> {
        if self.known_sum(parts, k) == Some(is_p) {
            return Ok(());
        }
        let parts = cancel_pairs(parts);
        let Some(largest) = largest(&self.solver.game, &parts) else {
            return Ok(());
        };
        let mut target = k;
        for (index, part) in parts.iter().enumerate() {
            if index != largest {
                target ^= self.prove_value(part)?;
            }
        }
        self.prove_part(&parts[largest], target, is_p)
    }

    /// Proves that the canonical part `part` is of value `k` (`is_p`) or is not.
    fn prove_part(&mut self, part: &G::Position, k: u32, is_p: bool) -> Result2<(), G::Position> {
        if is_p {
            return match self.prove_value(part)? {
                value if value == k => Ok(()),
                _ => Err(contradiction(part)),
            };
        }
        if self.is_not(part, k) {
            return Ok(());
        }
        stacker::maybe_grow(1 << 16, 1 << 22, || {
            let options = self.options(part);
            let bound = self.solver.game.grundy_bound(part).unwrap_or(u128::MAX);
            let witness = if u128::from(k) > bound.min(options.len() as u128) {
                Some(Witness::AboveBound)
            } else {
                self.option_of_value(&options, k)?.map(Witness::Option)
            };
            match witness {
                Some(witness) => {
                    let uses = match witness {
                        Witness::Option(index) => {
                            self.entries_of(&cancel_pairs(&options[index as usize]))
                        }
                        Witness::AboveBound => Vec::new(),
                    };
                    self.add_not(part, k, witness, uses)?;
                    Ok(())
                }
                // No option of value `k`: the value is below it, and shown whole.
                None if self.prove_value(part)? != k => Ok(()),
                None => Err(contradiction(part)),
            }
        })
    }

    /// The index of an option of value `k`, proved so, if there is one: one the claims
    /// written already show, else the first the searches find, the smallest first.
    fn option_of_value(
        &mut self,
        options: &[Parts<G::Position>],
        k: u32,
    ) -> Result2<Option<u32>, G::Position> {
        if let Some(index) =
            (0..options.len()).find(|&i| self.known_sum(&options[i], k) == Some(true))
        {
            return Ok(Some(index as u32));
        }
        let mut order: Vec<usize> = (0..options.len()).collect();
        let game = &self.solver.game;
        order.sort_by_key(|&i| options[i].iter().map(|part| game.search_size(part)).max());
        // In rounds where the search took them in rounds: the option it found is cheap to
        // find again, the ones before it in order may not be.
        let rounds = <G as Hooks>::IN_ROUNDS && self.solver.decomposing.active();
        let found = first_in_rounds(order.len(), rounds, |at, allowance| {
            let outer = self.solver.decomposing.split.start_round(allowance);
            let answer = self.ask_sum(&options[order[at]], k);
            self.solver.decomposing.split.end_round(outer, answer)
        })?;
        let Some(at) = found else {
            return Ok(None);
        };
        let index = order[at];
        self.prove_sum(&options[index], k, true)?;
        Ok(Some(index as u32))
    }

    /// Proves the value of the canonical part `part` by the mex rule; returns it.
    fn prove_value(&mut self, part: &G::Position) -> Result2<u32, G::Position> {
        if let Some(Entry::Value { value, .. }) = self.entry(part) {
            return Ok(*value);
        }
        stacker::maybe_grow(1 << 16, 1 << 22, || {
            let value = self.ask_value(part)?;
            let options = self.options(part);
            let mut below = Vec::with_capacity(value as usize);
            for j in 0..value {
                let index = self.option_of_value(&options, j)?;
                below.push(index.ok_or_else(|| contradiction(part))?);
            }
            for option in &options {
                self.prove_sum(option, value, false)?;
            }
            let uses = options
                .iter()
                .flat_map(|option| self.entries_of(&cancel_pairs(option)))
                .collect();
            self.set(part, Entry::Value { value, below }, uses)?;
            Ok(value)
        })
    }

    /// The options of `part`, each as its canonical parts, in the ruleset's order.
    fn options(&self, part: &G::Position) -> Vec<Parts<G::Position>> {
        let game = &self.solver.game;
        game.moves(part)
            .map(|option| parts(game, &option))
            .collect()
    }

    /// The entries of those of `parts` that have one.
    fn entries_of(&self, parts: &[G::Position]) -> Vec<u32> {
        parts
            .iter()
            .filter_map(|part| self.index.get(part).map(|&at| at as u32))
            .collect()
    }

    /// Adds "not of value `k`" to `part`'s entry, checked against the entries `uses`.
    fn add_not(
        &mut self,
        part: &G::Position,
        k: u32,
        witness: Witness,
        uses: Vec<u32>,
    ) -> Result2<(), G::Position> {
        match self.index.get(part) {
            Some(&at) => {
                if let Entry::Not(values) = &mut self.entries[at].1 {
                    let place = values.partition_point(|&(value, _)| value < k);
                    values.insert(place, (k, witness));
                    let grown = size_of::<(u32, Witness)>() + size_of_val(&uses[..]);
                    self.uses[at].extend(uses);
                    self.count(grown)?;
                }
                Ok(())
            }
            None => self.set(part, Entry::Not(vec![(k, witness)]), uses),
        }
    }

    /// Writes `entry` for `part`, checked against the entries `uses`, over what was written
    /// of it (a value replaces the values it is not: it says all of them).
    fn set(
        &mut self,
        part: &G::Position,
        entry: Entry,
        uses: Vec<u32>,
    ) -> Result2<(), G::Position> {
        let held = |entry: &Entry, uses: &[u32]| {
            size_of_val(uses)
                + match entry {
                    Entry::Value { below, .. } => size_of_val(&below[..]),
                    Entry::Not(values) => size_of_val(&values[..]),
                    Entry::MisereP | Entry::MisereN(_) => 0,
                }
        };
        let now = held(&entry, &uses);
        match self.index.get(part) {
            Some(&at) => {
                // What the entry it replaces held is freed.
                let before = held(&self.entries[at].1, &self.uses[at]);
                self.bytes = self.bytes.saturating_sub(before);
                self.entries[at].1 = entry;
                self.uses[at] = uses;
                self.count(now)
            }
            None => {
                self.index.insert(part.clone(), self.entries.len());
                self.entries.push((part.clone(), entry));
                self.uses.push(uses);
                // The position twice (entry and index), its entry, its uses, the index's
                // slot.
                let owned = self.solver.game.allocated_bytes(part);
                let fixed = 2 * (size_of::<G::Position>() + owned)
                    + size_of::<Entry>()
                    + size_of::<Vec<u32>>()
                    + size_of::<usize>()
                    + 1;
                self.count(now + fixed)
            }
        }
    }

    /// Counts `bytes` more held; past the limit, the proof stops.
    fn count(&mut self, bytes: usize) -> Result2<(), G::Position> {
        self.bytes = self.bytes.saturating_add(bytes);
        match self.limit {
            Some(limit) if self.bytes > limit => Err(SolveError::MemoryLimit { limit }),
            _ => Ok(()),
        }
    }

    /// Which entries the claim about `root` rests on, from its parts down: the values an
    /// entry said before a value replaced them rest on entries no claim may need.
    fn used_from(&self, root: &[G::Position]) -> Vec<bool> {
        let mut used = vec![false; self.entries.len()];
        let mut next = self.entries_of(root);
        while let Some(at) = next.pop() {
            if !std::mem::replace(&mut used[at as usize], true) {
                next.extend(&self.uses[at as usize]);
            }
        }
        used
    }
}

/// `parts` with equal parts removed two by two: `G + G = 0`.
fn cancel_pairs<P: Eq + Clone>(parts: &[P]) -> Vec<P> {
    xor_rule(parts, 0, |_| Err(()))
        .1
        .into_iter()
        .map(|(part, ())| part.clone())
        .collect()
}

/// The index of the part that costs most to search, as the search picks it.
fn largest<G: ImpartialGame>(game: &G, parts: &[G::Position]) -> Option<usize> {
    (0..parts.len()).max_by_key(|&index| game.search_size(&parts[index]))
}

/// The error of answers that disagree about `position`.
pub(super) fn contradiction<P: Clone + Debug>(position: &P) -> SolveError<P> {
    SolveError::Contradiction {
        position: position.clone(),
    }
}
