//! The game graph as the search sees it ([`Graph`]): positions, and moves that may carry
//! points ([`Gain`]). Every [`ImpartialGame`] is one, its moves worth nothing.

use std::fmt::Debug;
use std::hash::Hash;

#[cfg(feature = "decompose")]
use crate::game::Hooks;
use crate::game::{Either, ImpartialGame, Nimber};

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

    /// The moves an outcome search looks through, in the order it should: by default those
    /// of [`edges`](Self::edges).
    fn outcome_edges(
        &self,
        position: &Self::Position,
    ) -> impl Iterator<Item = (Self::Gain, Self::Position)> {
        self.edges(position)
    }

    /// Whether an outcome search takes a position's options in rounds
    /// ([`Decompose::SEARCH_IN_ROUNDS`](crate::Decompose::SEARCH_IN_ROUNDS)).
    #[cfg(feature = "decompose")]
    const IN_ROUNDS: bool = false;

    /// Whether the outcome search lists a position's options as [`edges`](Self::edges)
    /// gives them, stopping at the first known P, and sorts only those not known by
    /// [`search_size`](Self::search_size), least first; else it takes
    /// [`outcome_edges`](Self::outcome_edges) lazily.
    #[cfg(feature = "decompose")]
    const SORTS_UNKNOWN: bool = false;

    /// The order a search in rounds tries options in, least first
    /// ([`Decompose::search_size`](crate::Decompose::search_size)).
    #[cfg(feature = "decompose")]
    fn search_size(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }

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

    /// The options in [`search_order`]: the outcome search stops at the first P option, and
    /// that order finds it sooner (misère Sprouts 7 spots: 0.6 s, against 289 s). A search
    /// for values lists every option anyway, and keeps the ruleset's order. (With feature
    /// `decompose`, a ruleset that decomposes is listed as [`SORTS_UNKNOWN`](Graph::SORTS_UNKNOWN)
    /// says, and only one that does not comes here.)
    #[inline]
    fn outcome_edges(&self, position: &G::Position) -> impl Iterator<Item = ((), G::Position)> {
        search_order(self, position).map(|option| ((), option))
    }

    #[cfg(feature = "decompose")]
    const IN_ROUNDS: bool = <G as Hooks>::IN_ROUNDS;

    /// A ruleset that decomposes says how large each option's search is: misère Cram 5 × 7
    /// took 10.3 s and 0.61 GB so, against 16.0–16.6 s and 1.35 GB with every option sorted
    /// before any was looked up (6 × 6: 15.1–16.1 s against 18.3–18.4 s; alternate runs,
    /// 2026-12-06, beside another search).
    #[cfg(feature = "decompose")]
    const SORTS_UNKNOWN: bool = <G as Hooks>::DECOMPOSES;

    #[cfg(feature = "decompose")]
    fn search_size(&self, position: &G::Position) -> usize {
        Hooks::search_size(self, position)
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

/// The options of `position` in the order the searches try them for an outcome: for a
/// ruleset whose positions decompose, by [`search_size`](crate::Decompose::search_size), least
/// first, ties in the ruleset's order (the decomposing search's order); otherwise as the
/// ruleset lists them, lazily, so that a search may stop long before the last.
pub(crate) fn search_order<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
) -> impl Iterator<Item = G::Position> {
    #[cfg(feature = "decompose")]
    if <G as Hooks>::DECOMPOSES {
        let mut sorted: Vec<G::Position> = game.moves(position).collect();
        sorted.sort_by_cached_key(|option| Hooks::search_size(game, option));
        return Either::Left(sorted.into_iter());
    }
    Either::<std::vec::IntoIter<G::Position>, _>::Right(game.moves(position))
}
