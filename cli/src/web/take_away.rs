//! Fibonacci Nim and take-away with multiplier k on the site: the heap's terms (Zeckendorf's
//! representation for k = 2), the computer's move by the smallest term, and why.

use std::fmt::Write as _;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use impartial::ClosedForm;
use impartial::take_away::{TakeAway, TakeAwayState, TakeMove};
use serde::{Deserialize, Serialize};

use super::request::{ApiError, MAX_NUMBER, at_most, compute, parse};

/// The largest multiplier the site plays: the page is for learning, and a table of losing
/// sizes for a huge k is long.
pub const MAX_MULTIPLIER: u64 = 1000;

const fn fibonacci_nim() -> u64 {
    2
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    #[serde(default = "fibonacci_nim")]
    k: u64,
    remaining: u64,
    /// The most the player to move may take; absent at the start (anything but all).
    limit: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(default = "fibonacci_nim")]
    k: u64,
    remaining: u64,
    limit: Option<u64>,
    take: u64,
}

/// A position, as the page draws it.
#[derive(Debug, Serialize)]
pub struct Position {
    k: u64,
    remaining: u64,
    /// The most the player to move may take.
    limit: u64,
    /// `remaining` as a sum of the game's terms, largest first (Zeckendorf's for k = 2).
    terms: Vec<u64>,
    /// The player to move loses against perfect play.
    safe: bool,
    /// No move is left: the player to move has lost.
    over: bool,
    computer: Option<ComputerMove>,
}

/// The computer's move and the reason for it.
#[derive(Debug, Serialize)]
pub struct ComputerMove {
    take: u64,
    remaining: u64,
    /// The most the opponent may take next.
    limit: u64,
    winning: bool,
    explanation: String,
}

/// The answer to a move: what was taken and the position it leaves.
#[derive(Debug, Serialize)]
pub struct Played {
    take: u64,
    position: Position,
}

pub async fn position(body: Result<Bytes, BytesRejection>) -> Result<Json<Position>, ApiError> {
    let request: PositionRequest = parse(body)?;
    compute(move |_| {
        let (game, state) = start(request.k, request.remaining, request.limit)?;
        analyse(&game, state).map(Json)
    })
    .await
}

pub async fn play(body: Result<Bytes, BytesRejection>) -> Result<Json<Played>, ApiError> {
    let request: MoveRequest = parse(body)?;
    compute(move |_| {
        let (game, state) = start(request.k, request.remaining, request.limit)?;
        let made = game
            .play(state, request.take)
            .map_err(|error| ApiError::bad("take", error))?;
        Ok(Json(Played {
            take: made.take,
            position: analyse(&game, made.to)?,
        }))
    })
    .await
}

/// The game and the state a request names.
fn start(
    k: u64,
    remaining: u64,
    limit: Option<u64>,
) -> Result<(TakeAway<u64>, TakeAwayState<u64>), ApiError> {
    at_most("k", "as a multiplier", k, MAX_MULTIPLIER)?;
    at_most("remaining", "counters", remaining, MAX_NUMBER)?;
    let game = TakeAway::new(k).map_err(|error| ApiError::bad("k", error))?;
    let state = match limit {
        Some(0) if remaining > 0 => {
            return Err(ApiError::bad("limit", "a limit of 0 leaves no move"));
        }
        Some(limit) => TakeAwayState::new(remaining, limit),
        None => TakeAwayState::start(remaining),
    };
    Ok((game, state))
}

/// The position with the computer's move.
fn analyse(game: &TakeAway<u64>, state: TakeAwayState<u64>) -> Result<Position, ApiError> {
    let remaining = state.remaining;
    let mut terms: Vec<u64> = game
        .representation(remaining)
        .map_err(|error| ApiError::bad("remaining", error))?
        .collect();
    terms.sort_unstable_by(|a, b| b.cmp(a));
    // Through the closed forms' one trait, as any game with a closed form is asked.
    let winning = game
        .winning_move(state)
        .map_err(|error| ApiError::bad("remaining", error))?;
    let limit = max_take(state);
    let computer = match winning {
        Some(best) => Some(winning_move(game, &terms, &best)),
        None if limit > 0 => {
            let made = game
                .play(state, 1)
                .map_err(|error| ApiError::bad("remaining", error))?;
            let smallest = terms.last().copied().unwrap_or(remaining);
            Some(ComputerMove {
                take: 1,
                remaining: made.to.remaining,
                limit: max_take(made.to),
                winning: false,
                explanation: format!(
                    "{remaining} = {}. Its smallest term, {smallest}, is more than the {limit} \
                     the computer may take: whatever it takes, you can answer with the \
                     smallest term of what is left. It takes 1 and waits for a mistake.",
                    sum(&terms)
                ),
            })
        }
        None => None,
    };
    Ok(Position {
        k: game.multiplier(),
        remaining,
        limit,
        terms,
        safe: winning.is_none(),
        // One counter at the start allows no move: the first player has lost.
        over: limit == 0,
        computer,
    })
}

fn winning_move(game: &TakeAway<u64>, terms: &[u64], best: &TakeMove<u64>) -> ComputerMove {
    let k = game.multiplier();
    let left = best.to.remaining;
    let name = if k == 2 {
        "distinct Fibonacci numbers, no two consecutive (Zeckendorf's representation)"
    } else {
        "terms of the game's sequence of losing sizes"
    };
    let mut explanation = format!(
        "{} = {}, a sum of {name}. Its smallest term, {}, is within the {} the computer may \
         take, so it takes {}",
        best.from.remaining,
        sum(terms),
        best.take,
        max_take(best.from),
        best.take,
    );
    if left == 0 {
        explanation.push_str(" — the last counters.");
    } else {
        let rest = &terms[..terms.len() - 1];
        let _ = write!(
            explanation,
            ", leaving {left} = {}. Its smallest term is more than {k} × {} = {}, the most \
             you may take: you cannot take a whole term, and after any move the computer can \
             do this again.",
            sum(rest),
            best.take,
            best.to.limit,
        );
    }
    ComputerMove {
        take: best.take,
        remaining: left,
        limit: max_take(best.to),
        winning: true,
        explanation,
    }
}

/// The most the player to move may take: the limit, or what is left.
fn max_take(state: TakeAwayState<u64>) -> u64 {
    state.limit.min(state.remaining)
}

fn sum(terms: &[u64]) -> String {
    if terms.is_empty() {
        return "0".to_string();
    }
    terms
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fibonacci_nim_from_twenty() {
        let (game, state) = start(2, 20, None).unwrap();
        let position = analyse(&game, state).unwrap();
        assert_eq!(position.terms, [13, 5, 2]);
        assert_eq!(position.limit, 19);
        let computer = position.computer.unwrap();
        assert_eq!(
            (computer.take, computer.remaining, computer.limit),
            (2, 18, 4)
        );
        assert!(computer.explanation.contains("leaving 18 = 13 + 5"));
    }

    #[test]
    fn losing_starts_and_bad_requests() {
        let (game, state) = start(2, 21, None).unwrap();
        let position = analyse(&game, state).unwrap();
        assert!(position.safe);
        assert_eq!(position.computer.unwrap().take, 1);
        assert_eq!(start(0, 5, None).unwrap_err().field(), Some("k"));
        assert_eq!(start(1001, 5, None).unwrap_err().field(), Some("k"));
        assert_eq!(start(2, 5, Some(0)).unwrap_err().field(), Some("limit"));
        let (game, state) = start(2, 0, None).unwrap();
        let over = analyse(&game, state).unwrap();
        assert!(over.over && over.computer.is_none());
    }
}
