//! The vocabulary of heap games, below both the rulesets and the heap-sequence engine:
//! [`Heaps`], the position (a multiset of heap sizes), and [`HeapRules`], what a move may do
//! to one heap, with the moves of a position that follow ([`HeapMoves`]); [`HeapMove`]
//! names one move.
//!
//! Both are public through their users' modules as well: `impartial::Heaps` and
//! `impartial::take_and_break::HeapRules`.

mod accepted;
mod counts;
mod heap_move;
mod heaps;
mod rules;
mod rules_error;
mod shapes;

pub(crate) use accepted::{Repeats, accepted_options};
pub use counts::HeapCounts;
pub use heap_move::HeapMove;
pub use heaps::Heaps;
pub use rules::{HeapMoves, HeapRules, HeapRulesBuilder};
pub use rules_error::RulesError;
pub use shapes::SplitShapes;
