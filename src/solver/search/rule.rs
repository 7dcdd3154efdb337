//! The extended rule: which number a value search records for every state, and the formula
//! that derives it from the numbers of the options — each written once here, for the top-down
//! search, the bottom-up sweep and its fast lane alike.
//!
//! A new rule is a variant of [`Rule`], its table ([`Rule::table`]) and its formula in
//! `Search::combine`.

use super::code::Table;

/// The extended rule: which number a value search records for every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// The Sprague–Grundy value: the mex of the options' values. Shares its table with the
    /// normal-play outcome search.
    Grundy,
    /// Steinhaus's remoteness: 0 at the end; else one more than the least even remoteness of
    /// an option if there is one (the winner hurries), or than the largest (the loser delays).
    Remoteness,
    /// The suspense number: as remoteness, but the winner delays and the loser hurries.
    Suspense,
    /// The negamax score: the best over moves of the move's points minus the score after it.
    Score,
    /// The misère Grundy value: 1 at the end (the player to move, who cannot, wins misère
    /// play); else the mex of the options' values, as in normal play. 0 exactly at the
    /// misère P-positions.
    MisereGrundy,
}

impl Rule {
    /// What the rule's number is called, in an error.
    pub(super) fn name(self) -> &'static str {
        match self {
            Rule::Grundy => "Sprague–Grundy value",
            Rule::Remoteness => "remoteness",
            Rule::Suspense => "suspense number",
            Rule::Score => "score",
            Rule::MisereGrundy => "misère Grundy value",
        }
    }

    /// The table the rule's numbers are kept in.
    #[inline]
    pub(super) fn table(self) -> Table {
        match self {
            Rule::Grundy => Table::Normal,
            Rule::Remoteness => Table::Remoteness,
            Rule::Suspense => Table::Suspense,
            Rule::Score => Table::Score,
            Rule::MisereGrundy => Table::MisereGrundy,
        }
    }
}

/// Remoteness and suspense from the options' numbers: none, 0 (the game ends); else one more
/// than the option the mover picks. The winner (who has an even option) hurries in
/// remoteness and delays in suspense; the loser does the opposite.
#[inline]
pub(super) fn hurry_or_delay(rule: Rule, options: &[u32]) -> u32 {
    let even = options.iter().copied().filter(|number| number % 2 == 0);
    let odd = options.iter().copied().filter(|number| number % 2 == 1);
    let best = match rule {
        Rule::Remoteness => even.min().or_else(|| odd.max()),
        _ => even.max().or_else(|| odd.min()),
    };
    best.map_or(0, |best| best + 1)
}

/// The negamax score of a position, taken in one option at a time: the best over moves of the
/// move's points minus the score after it; without moves, the position's terminal score.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Negamax {
    best: Option<i64>,
}

/// A move's points minus the score after it passed the range of `i64`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Overflow;

impl Negamax {
    /// Takes in a move worth `points` to a position scored `after` for the opponent.
    #[inline]
    pub(super) fn option(&mut self, points: i64, after: i64) -> Result<(), Overflow> {
        let worth = points.checked_sub(after).ok_or(Overflow)?;
        self.best = Some(self.best.map_or(worth, |best| best.max(worth)));
        Ok(())
    }

    /// The score: the best move's worth, or `terminal` if there was no move.
    #[inline]
    pub(super) fn score(self, terminal: impl FnOnce() -> i64) -> i64 {
        self.best.unwrap_or_else(terminal)
    }
}
