//! The rulesets with a theory: each implements [`ImpartialGame`](crate::ImpartialGame) for
//! the general method and offers its closed form — the special method — beside it.
//!
//! The modules are re-exported at the crate root (`impartial::nim`, `impartial::fibonacci`,
//! …); this module only groups their files.

pub mod all_but;
pub mod chomp;
pub mod coins;
pub mod cram;
pub mod euclid;
pub mod fibonacci;
pub(crate) mod golden;
pub mod hackenbush;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod node_kayles;
pub(crate) mod number_row;
pub mod octal;
pub mod poset;
pub mod quotient;
pub mod repeating;
pub mod sprouts;
pub mod staircase;
pub mod subtraction;
pub mod take_and_break;
pub mod take_away;
pub mod welter;
pub mod wythoff;
