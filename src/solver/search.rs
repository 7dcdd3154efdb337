//! The search behind [`Solver`](crate::Solver) and [`ScoreSolver`](crate::score::ScoreSolver):
//! an explicit stack of frames over one shared stack of options, the memo, and the limits that
//! keep both bounded.
//!
//! This is the seed's general method in three parts. The *states* are the positions, stored in
//! a [`Memo`] per kind of answer ([`Table`]). The *rule* is the win/lose rule of
//! [`run_outcome`](Search::run_outcome): a position is N if some option is P, else P. The
//! *extended rule* is [`Rule`]: the number recorded for each state, derived from the numbers of
//! its options by [`run_value`](Search::run_value) — the mex (Sprague–Grundy), Steinhaus's
//! remoteness, the suspense number, or the negamax score of a [`ScoreGame`]. One engine, one
//! memo, the same limits, cycle detection and stats for all of them.
//!
//! The ruleset is passed to every call rather than owned, so that a caller can walk a
//! position's moves lazily while it asks the search about each one.
//!
//! [`ScoreGame`]: crate::score::ScoreGame

mod code;
mod graph;
mod outcome;
#[cfg(feature = "decompose")]
mod rounds;
mod rule;
mod stack;
mod state;
mod sweep;
mod value;
mod window;

pub(crate) use code::Play;
pub(crate) use graph::{Graph, search_order};
pub(crate) use rule::Rule;
pub(crate) use state::Search;
pub(crate) use window::Proven;
