//! Score games: both players have the same moves, and a move — or the end — is worth points.
//!
//! Win or lose is not always the question. In IOI 1996 "A Game" the players take numbers from
//! either end of a row and each wants the larger total; in IOI 2001 "Score" the moves carry
//! points. The general method still applies, with the *extended rule* in place of the win/lose
//! rule: record for every state the best number the player to move can guarantee, and derive
//! it from the states below. Here that number is the **score** — the best difference of
//! totals (the mover's minus the other's, from this position on) that the player to move can
//! force:
//!
//! ```text
//! score(p) = terminal_score(p)                          if p has no moves
//! score(p) = max over moves (points, q) of points − score(q)   otherwise      (negamax)
//! ```
//!
//! [`ScoreSolver`] computes it with the engine of [`Solver`](crate::Solver) — the same memo,
//! the same iterative search (no deep stack), cycle detection, state and memory limits and
//! stats — only the rule that combines the options' numbers differs.
//!
//! ```
//! use impartial::score::{ScoreGame, ScoreSolver};
//!
//! /// A heap; take 1 or 2 counters, and score what you take. The last taker scores 3 more.
//! struct Bonus;
//!
//! impl ScoreGame for Bonus {
//!     type Position = u32;
//!     fn moves(&self, &heap: &u32) -> impl Iterator<Item = (i64, u32)> {
//!         (1..=heap.min(2)).map(move |take| {
//!             let bonus = if take == heap { 3 } else { 0 };
//!             (i64::from(take) + bonus, heap - take)
//!         })
//!     }
//! }
//!
//! let mut solver = ScoreSolver::new(Bonus);
//! assert_eq!(solver.value(1)?, 4); // take it: 1 + 3
//! assert_eq!(solver.value(2)?, 5); // take both: 2 + 3
//! // From 3, taking 1 leaves 2 (1 − 5 = −4), taking 2 leaves 1 (2 − 4 = −2): a loss either way.
//! assert_eq!(solver.value(3)?, -2);
//! let line: Vec<i64> = solver.best_line(3)?.iter().map(|step| step.points).collect();
//! assert_eq!(line, [2, 4]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! For one start and one question — "does the first player win by at least 10?" — a full
//! table is more than needed: [`ScoreSolver::value_within`] and
//! [`ScoreSolver::value_at_least`] search with an alpha–beta window and stop exploring a
//! move as soon as it cannot change the answer.
//!
//! A win/lose game is the score game whose moves are worth 0 and whose end is worth −1 to the
//! player who cannot move: its score is +1 exactly at N-positions ([`WinLoss`]).

pub use crate::games::number_row::NumberRow;
pub use crate::solver::score::{ScoreBound, ScoreGame, ScoreMove, ScoreSolver, WinLoss};
