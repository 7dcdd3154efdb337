//! The integration tests of the general method, the sequence engine and the value types:
//! one binary, each file a module. With `tests/games` (the rulesets), `tests/classics.rs`
//! (the textbooks' closed forms) and `tests/frontier.rs` (the decomposing search), four
//! binaries of similar weight that build side by side on two cores — eighteen took half of a
//! fresh `cargo test`'s build, one took as long alone, two left one core idle for the last
//! 15 s. The differential and published-table tests stay
//! binaries of their own, which CI also runs in release.

#[path = "../common/mod.rs"]
mod common;
#[path = "../reference/mod.rs"]
mod reference;

mod architecture;
mod closed_forms;
mod compound;
mod genus;
mod limits;
mod loopy;
#[cfg(feature = "plot")]
mod plot;
#[cfg(feature = "quotient")]
mod quotient;
mod score;
mod sequence;
mod serde;
mod solver;
mod solver_properties;
