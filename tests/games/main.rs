//! The integration tests of the rulesets and their closed forms, the frontier games and
//! nimber arithmetic: one binary, each file a module (see `tests/general/main.rs` for why
//! two).

#[path = "../reference/mod.rs"]
mod reference;

mod coins;
mod field;
mod frontier;
mod nim;
mod take_away;
mod wythoff;
