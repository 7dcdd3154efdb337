//! Nim on the site: a position in binary columns with its parity row, the computer's move by
//! the seed's rule (`impartial::nim::winning_move`, or misère Nim's), and why.

use std::fmt::Write as _;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use impartial::Outcome;
use impartial::nim::{self as theory, NimMove};
use serde::{Deserialize, Serialize};

use super::request::{ApiError, MAX_NUMBER, at_most, parse};

/// The most heaps a position may have.
pub const MAX_HEAPS: u64 = 64;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    heaps: Vec<u64>,
    #[serde(default)]
    misere: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    heaps: Vec<u64>,
    #[serde(default)]
    misere: bool,
    /// The heap's index, from 0.
    heap: usize,
    /// The heap's size after the move.
    to: u64,
}

/// A position, as the page draws it.
#[derive(Debug, Serialize)]
pub struct Position {
    heaps: Vec<u64>,
    misere: bool,
    nim_sum: u64,
    /// The player to move loses against perfect play (a P-position): safe for the one who
    /// just moved.
    safe: bool,
    /// No counter is left.
    over: bool,
    /// The columns' place values, the highest first.
    columns: Vec<u64>,
    /// Each heap in binary, one digit per column.
    binary: Vec<String>,
    /// Per column, 1 where it holds an odd number of ones.
    parity: Vec<u8>,
    /// What the computer plays here, unless the game is over.
    computer: Option<ComputerMove>,
}

/// The computer's move and the reason for it.
#[derive(Debug, Serialize)]
pub struct ComputerMove {
    /// The heap's index, from 0.
    heap: usize,
    from: u64,
    to: u64,
    take: u64,
    /// Whether it leaves a safe position (there was a winning move).
    winning: bool,
    /// The first odd column, which the rule chose the heap by (normal play's rule).
    column: Option<u64>,
    explanation: String,
}

/// The answer to a move: the move and the position it leaves.
#[derive(Debug, Serialize)]
pub struct Played {
    played: NimMove<u64>,
    position: Position,
}

pub async fn position(body: Result<Bytes, BytesRejection>) -> Result<Json<Position>, ApiError> {
    let request: PositionRequest = parse(body)?;
    check(&request.heaps)?;
    Ok(Json(analyse(request.heaps, request.misere)))
}

pub async fn play(body: Result<Bytes, BytesRejection>) -> Result<Json<Played>, ApiError> {
    let request: MoveRequest = parse(body)?;
    check(&request.heaps)?;
    let mut heaps = request.heaps;
    let played = match theory::play(&mut heaps, request.heap, request.to) {
        Ok(played) => played,
        Err(error @ theory::MoveError::NoSuchHeap { .. }) => {
            return Err(ApiError::bad("heap", error));
        }
        Err(error) => return Err(ApiError::bad("to", error)),
    };
    Ok(Json(Played {
        played,
        position: analyse(heaps, request.misere),
    }))
}

fn check(heaps: &[u64]) -> Result<(), ApiError> {
    at_most("heaps", "heaps", heaps.len() as u64, MAX_HEAPS)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    at_most("heaps", "counters in a heap", largest, MAX_NUMBER)
}

/// The position as the page draws it, with the computer's move.
pub fn analyse(heaps: Vec<u64>, misere: bool) -> Position {
    let nim_sum = theory::nim_sum(&heaps);
    let outcome = if misere {
        theory::misere::outcome(&heaps)
    } else {
        theory::outcome(&heaps)
    };
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let width = (u64::BITS - largest.leading_zeros()).max(1);
    let columns = (0..width).rev().map(|bit| 1u64 << bit).collect();
    let binary = heaps
        .iter()
        .map(|heap| format!("{heap:0width$b}", width = width as usize))
        .collect();
    let parity = (0..width)
        .rev()
        .map(|bit| u8::from(nim_sum >> bit & 1 == 1))
        .collect();
    let computer = computer_move(&heaps, misere, nim_sum);
    Position {
        over: heaps.iter().all(|&heap| heap == 0),
        heaps,
        misere,
        nim_sum,
        safe: outcome == Outcome::P,
        columns,
        binary,
        parity,
        computer,
    }
}

/// The library's winning move, or, in a safe position, one counter from the largest heap.
fn computer_move(heaps: &[u64], misere: bool, nim_sum: u64) -> Option<ComputerMove> {
    let winning = if misere {
        theory::misere::winning_move(heaps)
    } else {
        theory::winning_move(heaps)
    };
    if let Some(best) = winning {
        let endgame = misere
            && heaps
                .iter()
                .enumerate()
                .all(|(index, &heap)| heap <= 1 || index == best.heap && best.to <= 1);
        let (column, explanation) = if endgame {
            (None, misere_endgame(heaps, &best))
        } else {
            let column = 1u64 << nim_sum.ilog2();
            (Some(column), by_columns(heaps, &best, nim_sum, misere))
        };
        return Some(ComputerMove {
            heap: best.heap,
            from: best.from,
            to: best.to,
            take: best.take,
            winning: true,
            column,
            explanation,
        });
    }
    let (heap, &from) = heaps
        .iter()
        .enumerate()
        .rev()
        .max_by_key(|&(_, heap)| heap)
        .filter(|&(_, &heap)| heap > 0)?;
    let why = if misere {
        "In misère play this position is lost for the player to move whatever it does"
    } else {
        "Every column holds an even number of ones: the position is safe for you, and any \
         move the computer makes leaves a column odd"
    };
    Some(ComputerMove {
        heap,
        from,
        to: from - 1,
        take: 1,
        winning: false,
        column: None,
        explanation: format!(
            "{why}. It takes one counter from the largest heap, heap {}, and waits for a \
             mistake.",
            heap + 1
        ),
    })
}

/// The seed's rule in words: the first odd column, the first heap with a one there, its bits
/// flipped in every odd column.
fn by_columns(heaps: &[u64], best: &NimMove<u64>, nim_sum: u64, misere: bool) -> String {
    let others_empty = heaps
        .iter()
        .enumerate()
        .all(|(index, &heap)| index == best.heap || heap == 0);
    if others_empty && !misere {
        // The rule still holds (every column of one heap is odd where it has a one), but
        // with one heap left there is nothing to compare.
        return format!(
            "Only heap {} has counters left: the computer takes all {}, the last.",
            best.heap + 1,
            best.from
        );
    }
    let largest = heaps.iter().copied().max().unwrap_or(1);
    let width = (u64::BITS - largest.leading_zeros()).max(1) as usize;
    let odd: Vec<String> = (0..width)
        .rev()
        .filter(|&bit| nim_sum >> bit & 1 == 1)
        .map(|bit| format!("{}s", 1u64 << bit))
        .collect();
    let column = 1u64 << nim_sum.ilog2();
    let mut text = format!(
        "The odd columns are the {} (the nim-sum is {nim_sum}, {nim_sum:0width$b} in binary). \
         The first odd column is the {column}s column; heap {} ({}, {:0width$b}) is the first \
         heap with a one there. Flipping its bits in every odd column makes it {:0width$b} = \
         {}: the computer takes {}, and every column is even again.",
        odd.join(", "),
        best.heap + 1,
        best.from,
        best.from,
        best.to,
        best.to,
        best.take,
    );
    if misere {
        text.push_str(
            " (In misère play the normal rule holds while two heaps have more than one counter.)",
        );
    }
    text
}

/// Misère Nim's last phase: leave an odd number of heaps of one counter.
fn misere_endgame(heaps: &[u64], best: &NimMove<u64>) -> String {
    let ones_left = heaps
        .iter()
        .enumerate()
        .filter(|&(index, &heap)| {
            if index == best.heap {
                best.to == 1
            } else {
                heap == 1
            }
        })
        .count();
    let mut text = String::from("Misère play's last phase: ");
    if best.from > 1 {
        let _ = write!(
            text,
            "heap {} is the only one with more than one counter, so the computer ",
            best.heap + 1
        );
    } else {
        text.push_str("every heap has at most one counter, so the computer ");
    }
    let _ = write!(
        text,
        "takes {} from heap {}, leaving {ones_left} heap{} of one counter: an odd number, so \
         that you take the last counter.",
        best.take,
        best.heap + 1,
        if ones_left == 1 { "" } else { "s" },
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_parity_and_the_rule() {
        let position = analyse(vec![3, 4, 5], false);
        assert_eq!(position.columns, [4, 2, 1]);
        assert_eq!(position.binary, ["011", "100", "101"]);
        assert_eq!(position.parity, [0, 1, 0]);
        assert!(!position.safe);
        let computer = position.computer.expect("an unsafe position has a move");
        assert_eq!(
            (computer.heap, computer.to, computer.column),
            (0, 1, Some(2))
        );
        assert!(
            computer
                .explanation
                .contains("The first odd column is the 2s column")
        );
    }

    #[test]
    fn safe_and_finished_positions() {
        let position = analyse(vec![1, 2, 3], false);
        assert!(position.safe && !position.over);
        let computer = position.computer.expect("a move while counters are left");
        assert_eq!(
            (computer.heap, computer.to, computer.winning),
            (2, 2, false)
        );
        let over = analyse(vec![0, 0], false);
        assert!(over.over && over.safe && over.computer.is_none());
        assert!(analyse(Vec::new(), true).over);
        assert!(!analyse(Vec::new(), true).safe, "misère: no move left wins");
    }

    #[test]
    fn one_heap_is_taken_whole_and_said_so() {
        for heaps in [vec![5], vec![0, 7, 0]] {
            let computer = analyse(heaps.clone(), false).computer.unwrap();
            assert_eq!(computer.to, 0, "{heaps:?}");
            assert!(
                computer.explanation.starts_with(&format!(
                    "Only heap {} has counters left: the computer takes all {}",
                    computer.heap + 1,
                    computer.from
                )),
                "{heaps:?}: {}",
                computer.explanation
            );
        }
    }

    #[test]
    fn misere_endgame_leaves_odd_ones() {
        let computer = analyse(vec![1, 1, 5], true).computer.unwrap();
        assert_eq!((computer.heap, computer.to), (2, 1));
        assert!(
            computer
                .explanation
                .contains("leaving 3 heaps of one counter")
        );
        assert_eq!(computer.column, None);
    }
}
