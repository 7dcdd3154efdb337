//! The rulesets with a theory: each implements [`ImpartialGame`](crate::ImpartialGame) for
//! the general method and offers its closed form — the special method — beside it.
//!
//! The modules are re-exported at the crate root (`impartial::nim`, `impartial::fibonacci`,
//! …); this module only groups their files.

#[cfg(feature = "repeating")]
#[cfg_attr(docsrs, doc(cfg(feature = "repeating")))]
pub mod all_but;
#[cfg(feature = "frontier")]
#[cfg_attr(docsrs, doc(cfg(feature = "frontier")))]
pub mod chomp;
pub mod coins;
#[cfg(feature = "frontier")]
#[cfg_attr(docsrs, doc(cfg(feature = "frontier")))]
pub mod cram;
pub mod euclid;
pub mod fibonacci;
pub(crate) mod golden;
pub mod hackenbush;
pub mod lasker;
#[cfg(feature = "frontier")]
mod marked;
pub mod moore;
pub mod nim;
#[cfg(feature = "frontier")]
#[cfg_attr(docsrs, doc(cfg(feature = "frontier")))]
pub mod node_kayles;
pub(crate) mod number_row;
pub mod octal;
#[cfg(feature = "frontier")]
#[cfg_attr(docsrs, doc(cfg(feature = "frontier")))]
pub mod poset;
#[cfg(feature = "frontier")]
#[cfg_attr(docsrs, doc(cfg(feature = "frontier")))]
pub mod sprouts;
pub mod staircase;
pub mod subtraction;
pub mod take_and_break;
pub mod take_away;
pub mod welter;
pub mod wythoff;
