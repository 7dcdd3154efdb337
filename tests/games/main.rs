//! The integration tests of the rulesets, their closed forms and nimber arithmetic: one
//! binary, each file a module (`tests/general/main.rs` says why two).

#[path = "../reference/mod.rs"]
mod reference;

#[cfg(feature = "repeating")]
mod all_but;
mod canonical;
mod codes;
mod coins;
mod field;
mod many;
mod nim;
#[cfg(feature = "repeating")]
mod repeating;
mod take_away;
mod wythoff;
