//! The integration tests of the general method (the frontier games' decomposing search
//! among them), the sequence engine, the value types and the command line: one binary, each file a module. With `tests/games` (the rulesets),
//! two binaries that build side by side on two cores — eighteen took half of a fresh
//! `cargo test`'s build, one took as long alone. The differential and published-table tests
//! stay binaries of their own, which CI also runs in release.

#[path = "../common/mod.rs"]
mod common;
#[path = "../reference/mod.rs"]
mod reference;

mod architecture;
mod compound;
mod frontier;
mod genus;
mod limits;
mod loopy;
#[cfg(feature = "plot")]
mod plot;
mod quotient;
mod score;
mod sequence;
mod serde;
mod solver;
mod solver_properties;
