//! The integration tests of the rulesets, their closed forms and nimber arithmetic: one
//! binary, each file a module (`tests/general/main.rs` says why two).

#[path = "../reference/mod.rs"]
mod reference;

mod all_but;
mod canonical;
mod codes;
mod coins;
mod field;
mod many;
mod nim;
mod repeating;
mod take_away;
mod wythoff;
