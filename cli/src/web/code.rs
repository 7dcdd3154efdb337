//! Any heap game by its code on the site: each heap's nim-value, their XOR, each heap's
//! options, the computer's move, and why.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use impartial::all_but::AllButSubtraction;
use impartial::octal::{HexadecimalGame, OctalGame};
use impartial::repeating::{ArithmeticSequence, RepeatingCode};
use std::ops::ControlFlow;

use impartial::sequence::{GrundySequence, SequenceError, SequenceOptions};
use impartial::take_and_break::TakeAndBreak;
use impartial::{HeapGame, Heaps, ImpartialGame, SubtractionGame};
use serde::{Deserialize, Serialize};

use super::request::{ApiError, Deadline, at_most, compute, parse};

/// The most heaps a position may have.
pub const MAX_HEAPS: u64 = 16;
/// The largest heap: a hexadecimal code's options of a heap number in its square.
pub const MAX_HEAP: u64 = 1000;
/// The longest code.
pub const MAX_CODE: u64 = 64;
/// The most options listed for one heap (the page's menu); the move itself may be any.
pub const MAX_LISTED: usize = 200;
/// The most options one request may examine: a long hexadecimal code splits a heap of 1000
/// in millions of ways.
pub const MAX_OPTIONS: u64 = 2_000_000;

/// How the code is written.
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Octal,
    Hexadecimal,
    Subtraction,
    /// Any take-and-break code, with modifiers: `4!.0` is Grundy's game.
    TakeAndBreak,
    /// A code with a repeating tail: `0.[3]` is Nim.
    Repeating,
    /// An all-but subtraction set: `2,4,5` takes any amount but those.
    AllBut,
}

/// The game a code names.
pub enum CodeGame {
    Octal(OctalGame),
    Hexadecimal(HexadecimalGame),
    Subtraction(SubtractionGame),
    TakeAndBreak(TakeAndBreak),
    Repeating(RepeatingCode),
    AllBut(AllButSubtraction),
}

impl CodeGame {
    /// The game `code` names, or a 400 answer naming `field`.
    pub fn parse(kind: Kind, code: &str, field: &str) -> Result<Self, ApiError> {
        at_most(field, "characters", code.chars().count() as u64, MAX_CODE)?;
        let bad = |error: &dyn std::fmt::Display| ApiError::bad(field, error);
        Ok(match kind {
            Kind::Octal => CodeGame::Octal(code.parse().map_err(|error| bad(&error))?),
            Kind::Hexadecimal => CodeGame::Hexadecimal(code.parse().map_err(|error| bad(&error))?),
            Kind::Subtraction => CodeGame::Subtraction(code.parse().map_err(|error| bad(&error))?),
            Kind::TakeAndBreak => {
                CodeGame::TakeAndBreak(code.parse().map_err(|error| bad(&error))?)
            }
            Kind::Repeating => CodeGame::Repeating(code.parse().map_err(|error| bad(&error))?),
            Kind::AllBut => {
                let written = if code.trim_start().to_ascii_lowercase().starts_with("all") {
                    code.to_string()
                } else {
                    format!("all-but({code})")
                };
                CodeGame::AllBut(written.parse().map_err(|error| bad(&error))?)
            }
        })
    }

    /// The game's name, its code in the standard form.
    pub fn name(&self) -> String {
        match self {
            CodeGame::Octal(game) => format!("octal game {game}"),
            CodeGame::Hexadecimal(game) => format!("hexadecimal game {game}"),
            CodeGame::Subtraction(game) => format!("subtraction game {game}"),
            CodeGame::TakeAndBreak(game) => {
                format!("take-and-break game {}", game.code().unwrap_or_default())
            }
            CodeGame::Repeating(game) => format!("repeating code {game}"),
            CodeGame::AllBut(game) => format!("{game}, the repeating code {}", game.code()),
        }
    }

    /// `answer` with the game as a [`HeapGame`] (the sequence engine's games), or a 400
    /// answer naming `field` for a code with a repeating tail.
    pub fn with<R>(
        &self,
        answer: impl HeapGameAnswer<Result<R, ApiError>>,
        field: &str,
    ) -> Result<R, ApiError> {
        match self {
            CodeGame::Octal(game) => answer.with(game),
            CodeGame::Hexadecimal(game) => answer.with(game),
            CodeGame::Subtraction(game) => answer.with(game),
            CodeGame::TakeAndBreak(game) => answer.with(game),
            CodeGame::Repeating(_) | CodeGame::AllBut(_) => Err(ApiError::bad(
                field,
                "pictures are drawn for octal, hexadecimal, subtraction and take-and-break codes",
            )),
        }
    }

    /// G(0), …, G(`largest`), or a 503 answer past `deadline`.
    fn values(&self, largest: u64, deadline: Deadline) -> Result<Vec<u64>, ApiError> {
        let bad = |error: SequenceError| ApiError::bad("heaps", error);
        let table = |sequence: Result<Result<GrundySequence, ApiError>, SequenceError>| {
            let sequence = sequence.map_err(bad)??;
            Ok::<Vec<u64>, ApiError>(
                (0..=largest)
                    .map(|heap| sequence.get(heap).map_or(0, |value| value.0 as u64))
                    .collect(),
            )
        };
        Ok(match self {
            CodeGame::Octal(game) => table(values_by(game, largest, deadline))?,
            CodeGame::Hexadecimal(game) => table(values_by(game, largest, deadline))?,
            CodeGame::Subtraction(game) => table(values_by(game, largest, deadline))?,
            CodeGame::TakeAndBreak(game) => table(values_by(game, largest, deadline))?,
            CodeGame::Repeating(game) => climbing(game, largest, deadline)?,
            CodeGame::AllBut(game) => climbing(game.code(), largest, deadline)?,
        })
    }

    /// Calls `visit` with each option of a heap of `heap` until it returns `true`.
    fn visit_moves(&self, heap: u64, visit: &mut dyn FnMut(&Heaps) -> bool) {
        let position = Heaps::from([heap]);
        let mut each = |mut moves: Box<dyn Iterator<Item = Heaps> + '_>| {
            moves.any(|option| visit(&option));
        };
        match self {
            CodeGame::Octal(game) => each(Box::new(game.rules().moves(&position))),
            CodeGame::Hexadecimal(game) => each(Box::new(game.rules().moves(&position))),
            CodeGame::Subtraction(game) => each(Box::new(game.rules().moves(&position))),
            CodeGame::TakeAndBreak(game) => each(Box::new(game.rules().moves(&position))),
            CodeGame::Repeating(game) => each(Box::new(game.moves(&position))),
            CodeGame::AllBut(game) => each(Box::new(game.moves(&position))),
        }
    }
}

/// G(0) … G(`largest`) of a code with a repeating tail: computed, or past the proof from the
/// arithmetic period; a 503 answer once `deadline` has passed (the computation stops there,
/// as every other of the site).
fn climbing(code: &RepeatingCode, largest: u64, deadline: Deadline) -> Result<Vec<u64>, ApiError> {
    let sequence = code
        .values_up_to_with_progress(largest, |_| {
            if deadline.passed() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .map_err(|error| ApiError::bad("heaps", error))?;
    if !covers(&sequence, largest) {
        return Err(Deadline::error());
    }
    Ok((0..=largest)
        .map(|heap| sequence.get(heap).map_or(0, |value| value.0 as u64))
        .collect())
}

/// Whether `sequence` answers every heap to `largest`: computed to it, or proved.
fn covers(sequence: &ArithmeticSequence, largest: u64) -> bool {
    sequence.period().is_some() || sequence.values().len() as u64 > largest
}

/// G(0) … G(`max_heap`) of `game`, the engine reporting after every value so that the
/// computation stops once `deadline` has passed (the inner `Err`, a 503 answer).
pub fn values_by(
    game: &impl HeapGame,
    max_heap: u64,
    deadline: Deadline,
) -> Result<Result<GrundySequence, ApiError>, SequenceError> {
    let options = SequenceOptions::default().with_progress_every(1);
    let sequence = game.values_up_to_with_progress(max_heap, &options, |_| {
        if deadline.passed() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    let complete = sequence.computed_len() > max_heap || sequence.period().is_some();
    Ok(if complete || !deadline.passed() {
        Ok(sequence)
    } else {
        Err(Deadline::error())
    })
}

/// Something computed from any heap game (a generic closure).
pub trait HeapGameAnswer<R> {
    fn with(self, game: &impl HeapGame) -> R;
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    kind: Kind,
    code: String,
    heaps: Vec<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    kind: Kind,
    code: String,
    heaps: Vec<u64>,
    /// The heap's index, from 0.
    heap: usize,
    /// The heaps it becomes, in any order (none when it is taken whole).
    leaves: Vec<u64>,
}

/// A position, as the page draws it.
#[derive(Debug, Serialize)]
pub struct Position {
    game: String,
    heaps: Vec<u64>,
    /// Each heap's nim-value.
    values: Vec<u64>,
    nim_sum: u64,
    /// The player to move loses against perfect play.
    safe: bool,
    /// No move is left.
    over: bool,
    /// Each heap's options, at most [`MAX_LISTED`] of them.
    options: Vec<Vec<HeapOption>>,
    computer: Option<ComputerMove>,
}

/// What a heap can become, and the value of that.
#[derive(Clone, Debug, Serialize)]
pub struct HeapOption {
    leaves: Vec<u64>,
    value: u64,
}

/// The computer's move and the reason for it.
#[derive(Debug, Serialize)]
pub struct ComputerMove {
    heap: usize,
    from: u64,
    leaves: Vec<u64>,
    winning: bool,
    explanation: String,
}

/// The answer to a move: the position it leaves.
#[derive(Debug, Serialize)]
pub struct Played {
    position: Position,
}

pub async fn position(body: Result<Bytes, BytesRejection>) -> Result<Json<Position>, ApiError> {
    let request: PositionRequest = parse(body)?;
    compute(move |deadline| {
        let game = CodeGame::parse(request.kind, &request.code, "code")?;
        check(&request.heaps)?;
        Analyse {
            name: game.name(),
            heaps: request.heaps,
            deadline,
        }
        .with(&game)
        .map(Json)
    })
    .await
}

pub async fn play(body: Result<Bytes, BytesRejection>) -> Result<Json<Played>, ApiError> {
    let request: MoveRequest = parse(body)?;
    compute(move |deadline| {
        let game = CodeGame::parse(request.kind, &request.code, "code")?;
        check(&request.heaps)?;
        let heaps = Apply {
            name: game.name(),
            heaps: request.heaps,
            heap: request.heap,
            leaves: request.leaves,
        }
        .with(&game)?;
        // The position the move leaves is one the site must answer too.
        at_most(
            "leaves",
            "heaps after the move",
            heaps.len() as u64,
            MAX_HEAPS,
        )?;
        let position = Analyse {
            name: game.name(),
            heaps,
            deadline,
        }
        .with(&game)?;
        Ok(Json(Played { position }))
    })
    .await
}

fn check(heaps: &[u64]) -> Result<(), ApiError> {
    at_most("heaps", "heaps", heaps.len() as u64, MAX_HEAPS)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    at_most("heaps", "counters in a heap", largest, MAX_HEAP)
}

/// Calls `visit` with each option of `heap` (its leaves sorted, empty heaps dropped) until it
/// returns `true`, counting them against `budget`: a 400 answer when that runs out.
fn visit_options(
    game: &CodeGame,
    heap: u64,
    budget: &mut u64,
    mut visit: impl FnMut(Vec<u64>) -> bool,
) -> Result<(), ApiError> {
    let mut exhausted = false;
    game.visit_moves(heap, &mut |leaves| {
        if *budget == 0 {
            exhausted = true;
            return true;
        }
        *budget -= 1;
        let mut leaves: Vec<u64> = leaves.iter().copied().filter(|&leaf| leaf > 0).collect();
        leaves.sort_unstable();
        visit(leaves)
    });
    if exhausted {
        return Err(ApiError::bad(
            "heaps",
            format!(
                "the position has more than the {MAX_OPTIONS} options a request may examine: \
                 smaller heaps or a shorter code"
            ),
        ));
    }
    Ok(())
}

/// What the page and the computer need of one heap size's options.
#[derive(Default)]
struct HeapSummary {
    listed: Vec<HeapOption>,
    first: Option<Vec<u64>>,
    /// The first option of value `target`, which leaves the XOR 0.
    winning: Option<Vec<u64>>,
}

impl HeapSummary {
    /// The summary of `heap`'s options; the computer's picks (`winning`, `first`) only
    /// among those leaving at most `room` heaps.
    fn of(
        game: &CodeGame,
        sequence: &[u64],
        heap: u64,
        target: Option<u64>,
        room: usize,
        budget: &mut u64,
    ) -> Result<Self, ApiError> {
        let mut summary = HeapSummary::default();
        visit_options(game, heap, budget, |leaves| {
            let value = value_of(sequence, &leaves);
            let fits = leaves.len() <= room;
            if fits && summary.winning.is_none() && Some(value) == target {
                summary.winning = Some(leaves.clone());
            }
            if fits && summary.first.is_none() {
                summary.first = Some(leaves.clone());
            }
            if summary.listed.len() < MAX_LISTED {
                summary.listed.push(HeapOption { leaves, value });
            }
            // Past the menu, only a winning move is still sought.
            summary.listed.len() == MAX_LISTED && (summary.winning.is_some() || target.is_none())
        })?;
        Ok(summary)
    }
}

fn value_of(values: &[u64], leaves: &[u64]) -> u64 {
    leaves
        .iter()
        .map(|&leaf| values.get(leaf as usize).copied().unwrap_or(0))
        .fold(0, |sum, value| sum ^ value)
}

/// The position's values, options and the computer's move.
struct Analyse {
    name: String,
    heaps: Vec<u64>,
    deadline: Deadline,
}

impl Analyse {
    fn with(self, game: &CodeGame) -> Result<Position, ApiError> {
        let largest = self.heaps.iter().copied().max().unwrap_or(0);
        let sequence = game.values(largest, self.deadline)?;
        let values: Vec<u64> = self
            .heaps
            .iter()
            .map(|&heap| value_of(&sequence, &[heap]))
            .collect();
        let nim_sum = values.iter().fold(0, |sum, value| sum ^ value);
        let mut budget = MAX_OPTIONS;
        let mut summaries: HashMap<u64, HeapSummary> = HashMap::new();
        // The computer's move keeps the position within the site's limit of heaps.
        let room = (MAX_HEAPS as usize + 1).saturating_sub(self.heaps.len());
        for (index, &heap) in self.heaps.iter().enumerate() {
            if let Entry::Vacant(entry) = summaries.entry(heap) {
                self.deadline.check()?;
                let target = (nim_sum != 0).then_some(values[index] ^ nim_sum);
                let summary = HeapSummary::of(game, &sequence, heap, target, room, &mut budget)?;
                entry.insert(summary);
            }
        }
        let summary = |index: usize| &summaries[&self.heaps[index]];
        let chosen = (0..self.heaps.len())
            .find_map(|index| Some((index, summary(index).winning.clone()?, true)))
            .or_else(|| {
                (0..self.heaps.len())
                    .find_map(|index| Some((index, summary(index).first.clone()?, false)))
            });
        let mut computer = chosen.map(|(index, leaves, winning)| ComputerMove {
            heap: index,
            from: self.heaps[index],
            leaves,
            winning,
            explanation: String::new(),
        });
        let listed: Vec<Vec<HeapOption>> = (0..self.heaps.len())
            .map(|index| summary(index).listed.clone())
            .collect();
        if let Some(computer) = &mut computer {
            computer.explanation = explain(&values, nim_sum, computer, &sequence);
        }
        Ok(Position {
            game: self.name,
            over: listed.iter().all(Vec::is_empty),
            heaps: self.heaps,
            values,
            nim_sum,
            safe: nim_sum == 0,
            options: listed,
            computer,
        })
    }
}

fn explain(values: &[u64], nim_sum: u64, best: &ComputerMove, sequence: &[u64]) -> String {
    let list = values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let becomes = match best.leaves.as_slice() {
        [] => "takes it whole".to_string(),
        [leaf] => format!("leaves {leaf}"),
        leaves => format!(
            "splits it into {}",
            leaves
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        ),
    };
    let value = value_of(sequence, &best.leaves);
    if let [only] = values {
        // One heap: no XOR to speak of, only whether its value is 0.
        return if best.winning {
            format!(
                "The heap's nim-value is {only}, not 0: the computer {becomes} (value {value}), \
                 a position lost for the player to move."
            )
        } else {
            format!(
                "The heap's nim-value is 0, so every move leaves a position its opponent wins. \
                 The computer {becomes}, and waits for a mistake."
            )
        };
    }
    if best.winning {
        format!(
            "The heaps' nim-values are {list}; their XOR is {nim_sum}. Heap {} ({}, value {}) \
             can move to value {} XOR {nim_sum} = {value}: the computer {becomes} (value \
             {value}), and the XOR is 0 — a position lost for the player to move.",
            best.heap + 1,
            best.from,
            values[best.heap],
            values[best.heap],
        )
    } else {
        format!(
            "The heaps' nim-values are {list}; their XOR is 0, so every move leaves a position \
             its opponent wins. The computer plays on heap {} ({}): it {becomes}, and waits \
             for a mistake.",
            best.heap + 1,
            best.from,
        )
    }
}

/// The heaps after the move a request names, or a 400 answer if the rules forbid it.
struct Apply {
    name: String,
    heaps: Vec<u64>,
    heap: usize,
    leaves: Vec<u64>,
}

impl Apply {
    fn with(mut self, game: &CodeGame) -> Result<Vec<u64>, ApiError> {
        let count = self.heaps.len();
        let Some(&from) = self.heaps.get(self.heap) else {
            return Err(ApiError::bad(
                "heap",
                format!("no heap {} in a position of {count} heaps", self.heap),
            ));
        };
        let mut leaves: Vec<u64> = self
            .leaves
            .iter()
            .copied()
            .filter(|&leaf| leaf > 0)
            .collect();
        leaves.sort_unstable();
        let mut allowed = false;
        let mut budget = MAX_OPTIONS;
        visit_options(game, from, &mut budget, |option| {
            allowed = option == leaves;
            allowed
        })?;
        if !allowed {
            return Err(ApiError::bad(
                "leaves",
                format!(
                    "the {} does not let a heap of {from} become {:?}",
                    self.name, leaves
                ),
            ));
        }
        // The leaves take the heap's place, so the page's heaps keep their order.
        self.heaps.splice(
            self.heap..=self.heap,
            self.leaves.iter().copied().filter(|&leaf| leaf > 0),
        );
        Ok(self.heaps)
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use axum::http::StatusCode;

    use super::*;

    fn analyse(kind: Kind, code: &str, heaps: &[u64]) -> Position {
        let game = CodeGame::parse(kind, code, "code").unwrap();
        Analyse {
            name: game.name(),
            heaps: heaps.to_vec(),
            deadline: Deadline::from_now(),
        }
        .with(&game)
        .unwrap()
    }

    #[test]
    fn a_deadline_stops_every_kind_of_code() {
        // Each kind's costliest position within the site's limits: every one is answered,
        // refused, or stopped with a 503, soon after its deadline. (A repeating code that splits
        // into three heaps once ran on for seconds past it: 0.[F] takes about 6 s to 866.)
        let many = 1..=MAX_HEAPS;
        // The largest heap a code splitting into three heaps is valued to (its bound on
        // the work, about 870), and 10 below it.
        let three_heaps: RepeatingCode = "0.[F]".parse().unwrap();
        let Err(SequenceError::TooLarge { max: three, .. }) = three_heaps.values_up_to(u64::MAX)
        else {
            panic!("0.[F] has a bound on its heaps")
        };
        let cases = [
            (Kind::Octal, "0.7777777777777777", MAX_HEAP),
            (Kind::Hexadecimal, "0.FFFFFFFFFFFFFFFF", MAX_HEAP),
            (
                Kind::Subtraction,
                "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
                MAX_HEAP,
            ),
            (Kind::TakeAndBreak, "4!.F!F!F!F!F!F!", MAX_HEAP),
            (Kind::Repeating, "0.[F]", three),
            (Kind::Repeating, "C.[F]", three - 10),
            (Kind::Repeating, "0.[3]", MAX_HEAP),
            (
                Kind::AllBut,
                "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
                MAX_HEAP,
            ),
        ];
        let limit = Duration::from_millis(300);
        let mut stopped = 0;
        for (kind, code, largest) in cases {
            let game = CodeGame::parse(kind, code, "code").unwrap();
            let started = Instant::now();
            let answer = Analyse {
                name: game.name(),
                heaps: many.clone().map(|step| largest + 1 - step).collect(),
                deadline: Deadline::after(limit),
            }
            .with(&game);
            let elapsed = started.elapsed();
            assert!(
                elapsed < limit + Duration::from_secs(1),
                "{code}: {elapsed:?}"
            );
            // Answered; stopped at the deadline (503); or, in a fast build, refused for
            // having more options than a request may examine (400).
            match answer.map_err(|error| error.status()) {
                Ok(_) | Err(StatusCode::BAD_REQUEST) => {}
                Err(status) => {
                    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{code}");
                    stopped += 1;
                }
            }
        }
        assert!(stopped >= 2, "{stopped}");
    }

    #[test]
    fn kayles_values_and_a_winning_split() {
        // Kayles: G(1..=5) = 1, 2, 3, 1, 4 (OEIS A002186).
        let position = analyse(Kind::Octal, "0.77", &[1, 2, 3, 4, 5]);
        assert_eq!(position.values, [1, 2, 3, 1, 4]);
        assert_eq!(
            position.nim_sum,
            [1, 2, 3, 1, 4].iter().fold(0, |sum, value| sum ^ value)
        );
        let computer = position.computer.unwrap();
        assert!(computer.winning);
        let mut after = position.heaps.clone();
        after.splice(computer.heap..=computer.heap, computer.leaves.clone());
        assert!(analyse(Kind::Octal, "0.77", &after).safe);
    }

    #[test]
    fn one_heap_is_explained_without_a_xor() {
        // Kayles: G(5) = 4, G(4) = 1 (OEIS A002186): 5 wins, and so does 4.
        for (heap, value) in [(5, 4), (4, 1)] {
            let computer = analyse(Kind::Octal, "0.77", &[heap]).computer.unwrap();
            assert!(computer.winning);
            assert!(
                computer.explanation.starts_with(&format!(
                    "The heap's nim-value is {value}, not 0: the computer"
                )),
                "{}",
                computer.explanation
            );
            assert!(!computer.explanation.contains("XOR"));
        }
        // Dawson's Kayles 0.07: G(5) = 0 (OEIS A002187), and moves are left.
        let computer = analyse(Kind::Octal, "0.07", &[5]).computer.unwrap();
        assert!(!computer.winning);
        assert!(
            computer
                .explanation
                .starts_with("The heap's nim-value is 0"),
            "{}",
            computer.explanation
        );
    }

    #[test]
    fn moves_are_checked_against_the_rules() {
        let game = CodeGame::parse(Kind::Subtraction, "1,3,4", "code").unwrap();
        let apply = |leaves: Vec<u64>| {
            Apply {
                name: game.name(),
                heaps: vec![7, 2],
                heap: 0,
                leaves,
            }
            .with(&game)
        };
        assert_eq!(apply(vec![4]).unwrap(), [4, 2]);
        assert_eq!(apply(vec![5]).unwrap_err().field(), Some("leaves"));
        let over = analyse(Kind::Subtraction, "1,3,4", &[0]);
        assert!(over.over && over.computer.is_none());
        assert!(CodeGame::parse(Kind::Octal, "0.8", "code").is_err());
        // Grundy's game by its code: 7 is P (OEIS A002188), 8 is worth 2.
        let grundy = analyse(Kind::TakeAndBreak, "4!.0", &[7, 8]);
        assert_eq!(
            (grundy.values.as_slice(), grundy.game.as_str()),
            (&[0, 2][..], "take-and-break game 4!.0")
        );
    }
}
