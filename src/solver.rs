//! The general method: a memoized, iterative search of the game graph.
//!
//! [`Solver`] explores the positions reachable from a query top-down and remembers every
//! answer, so one solver serves many queries. It works for any [`ImpartialGame`] whose
//! graph is finite and acyclic; loopy games are reported with [`SolveError::Cycle`].

//! The layer holds one search engine (`search`: the memo, the iterative search, the limits,
//! the rules it records) and its front ends: [`Solver`] for impartial games, the score games'
//! [`ScoreSolver`](score::ScoreSolver), the sums ([`Sum`], [`Union`]) and the compounds, and
//! the retrograde [`LoopySolver`](loopy::LoopySolver) for games with cycles.

pub mod compound;
mod decomposing;
mod general;
mod genus;
pub mod loopy;
pub(crate) mod memo;
mod misere;
#[cfg(feature = "decompose")]
mod prove;
#[cfg(feature = "decompose")]
mod prove_misere;
pub mod score;
pub(crate) mod search;
#[cfg(feature = "decompose")]
mod split;
mod stats;
mod sum;

pub use general::Solver;
pub use genus::Genus;
pub use misere::Misere;
pub use stats::SolverStats;
pub use sum::{Sum, SumMove, Union};
