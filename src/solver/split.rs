//! The decomposing search: for games whose positions fall apart into independent parts
//! ([`Decompose::components`](crate::Decompose::components)), each part valued once, in
//! canonical form, and sums asked only what decides them (see `search`).

mod busy;
mod file;
mod line;
mod rounds;
mod search;
mod sums;
mod table;
mod threads;

pub(crate) use file::{load, save};
pub(crate) use rounds::{end_of_round, first_in_rounds};
pub(crate) use search::{Answer, Question, SplitSearch};
