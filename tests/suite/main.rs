//! The integration tests, one binary: each file a module, sharing one build of the generic
//! code they test and one link (twenty binaries took half a fresh `cargo test`'s two and a
//! half minutes to build). The differential and published-table tests stay binaries of
//! their own, which CI also runs in release.

#[path = "../common/mod.rs"]
mod common;
#[path = "../reference/mod.rs"]
mod reference;

mod architecture;
#[cfg(feature = "cli")]
mod cli;
mod coins;
mod compound;
mod field;
mod frontier;
mod limits;
mod loopy;
mod nim;
mod score;
mod sequence;
mod serde;
mod solver;
mod solver_properties;
mod take_away;
mod wythoff;
