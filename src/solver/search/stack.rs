//! The search stack: the options waiting to be looked at, one shared stack for every frame,
//! the frames of the positions being explored, and the values gathered for them — each push
//! within the limits.

use std::fmt::Debug;
use std::hash::Hash;

use super::code::{Code, ON_PATH, Table};
use super::graph::{Gain, Graph};
use super::state::{Frame, Search};
use crate::error::SolveError;

impl<P: Clone + Eq + Hash + Debug, E: Gain> Search<P, E> {
    /// Puts `option` on the stack of options waiting to be looked at, within the limits.
    #[inline]
    pub(super) fn push_option<G: Graph<Position = P, Gain = E>>(
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
    pub(super) fn push_options<G: Graph<Position = P, Gain = E>>(
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
    pub(super) fn truncate_options<G: Graph<Position = P, Gain = E>>(
        &mut self,
        game: &G,
        first: usize,
    ) {
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
    pub(super) fn push_frame<G: Graph<Position = P, Gain = E>>(
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

    /// Pops the top frame and stores `code` for its position; returns the gain of the move
    /// that reached it.
    pub(super) fn pop_frame<G: Graph<Position = P, Gain = E>>(
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

    /// Pushes an option's value, within the limits: a position with more known options than
    /// the limit allows states is refused too.
    #[inline]
    pub(super) fn push_value(&mut self, gain: E, value: Code) -> Result<(), SolveError<P>> {
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
}
