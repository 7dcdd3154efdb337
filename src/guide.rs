//! The guide: the crate's story, from a first example to research runs, in chapters that
//! compile and run every example they show (`cargo test --doc`).
//!
//! | chapter | what it answers |
//! |---|---|
//! | [`tour`] | what the crate can do: one short example for each kind of game |
//! | [`theory`] | why the answers are right: Nim's binary-column rule and its proof, the general method and its extended rule, the special method and Zeckendorf |
//! | [`misere`] | misère play: Nim's rule, genus and tameness, misère quotients |
//! | [`certificates`] | results anyone can check: proving an answer, what a certificate says, checking one without the crate |
//! | [`command_line`] | the `impartial` command line and site: research runs, checkpoints, `impartial serve` |
//! | [`reliability`] | how it is tested: a plain twin for every fast path, published tables, fuzzing |
//!
//! The figures — how fast, against which baseline and peer, with the command that measures
//! each — are in `BENCHMARKS.md` beside the crate's `README.md`.
//!
//! These modules hold documentation only: no items.

#[doc = include_str!("guide/tour.md")]
pub mod tour {}

#[doc = include_str!("guide/theory.md")]
pub mod theory {}

#[doc = include_str!("guide/misere.md")]
pub mod misere {}

#[cfg(feature = "decompose")]
#[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
#[doc = include_str!("guide/certificates.md")]
pub mod certificates {}

#[doc = include_str!("guide/command_line.md")]
pub mod command_line {}

#[doc = include_str!("guide/reliability.md")]
pub mod reliability {}
