//! IOI 1996 "A Game": play the number row against the computer, which plays perfectly and
//! explains each choice with the scores of what it leaves.
//!
//! ```text
//! cargo run --example a_game                          # the contest's sample row, you first
//! cargo run --example a_game -- 3 9 1 2 --me-first    # your own row; the computer first
//! ```
//!
//! The numbers lie in a row. In turn each player takes the number at either end of what is
//! left and adds it to their total. When the row is empty, the larger total wins. The score of
//! a row is the best difference of totals the player to move can force on it; the computer
//! takes the end whose number minus the score of the row it leaves is largest. End the game
//! early with end of input (Ctrl-D).

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use impartial::score::{NumberRow, ScoreSolver};

const HELP: &str = "\
Play IOI 1996's \"A Game\" against the computer, which explains its choices.

usage: a_game [--me-first] [NUMBER ...]

  NUMBER ...  the row, up to 1000 whole numbers (default: the contest's sample 4 7 2 9 5 2);
              put negative numbers after --, as in: a_game -- 3 -5 2
  --me-first  the computer moves first
  -h, --help  this help

Answer L or R to take the number at the left or the right end; end with end of input (Ctrl-D).";

/// The most numbers a row may have: the solver stores every interval, (n + 1)(n + 2) / 2.
const MAX_NUMBERS: usize = 1_000;

struct Options {
    numbers: Vec<i64>,
    computer_first: bool,
}

/// The options, `None` for `--help`, or what is wrong with them.
fn parse_options() -> Result<Option<Options>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut options = Options {
        numbers: Vec::new(),
        computer_first: false,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("me-first") => options.computer_first = true,
            Short('h') | Long("help") => return Ok(None),
            Value(value) => {
                let text = value.string()?;
                // Numbers up to a trillion in size: the totals of a thousand fit with room.
                let number = text
                    .parse::<i64>()
                    .ok()
                    .filter(|number| number.unsigned_abs() <= 1_000_000_000_000)
                    .ok_or_else(|| {
                        format!("each number must be a whole number of at most 10^12 in size, got {text:?}")
                    })?;
                options.numbers.push(number);
            }
            _ => return Err(argument.unexpected()),
        }
    }
    if options.numbers.len() > MAX_NUMBERS {
        return Err(format!(
            "at most {MAX_NUMBERS} numbers, got {}",
            options.numbers.len()
        )
        .into());
    }
    if options.numbers.is_empty() {
        options.numbers = vec![4, 7, 2, 9, 5, 2];
    }
    Ok(Some(options))
}

fn show(numbers: &[i64], (left, right): (usize, usize)) -> String {
    numbers[left..right]
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The computer's choice, with its reasons: the position after the take.
fn computer_move(
    solver: &mut ScoreSolver<NumberRow>,
    (left, right): (usize, usize),
) -> (usize, usize) {
    let numbers = solver.game().numbers().to_vec();
    let score = solver.value((left, right)).unwrap();
    let mut explain = |end: &str, number: i64, after: (usize, usize)| {
        let rest = solver.value(after).unwrap();
        let subtracted = if rest < 0 {
            format!("({rest})")
        } else {
            rest.to_string()
        };
        say!(
            "  Taking the {end} {number} leaves you a row worth {rest} to you: {number} − {subtracted} = {}.",
            number - rest
        );
    };
    explain("left", numbers[left], (left + 1, right));
    if right - left > 1 {
        explain("right", numbers[right - 1], (left, right - 1));
    }
    let best = solver
        .best_move((left, right))
        .expect("a row of numbers needs no deep search")
        .expect("a row with numbers has a move");
    let end = if best.to == (left + 1, right) {
        "left"
    } else {
        "right"
    };
    let outlook = match score {
        0 => "from here we finish level".to_string(),
        ahead if ahead > 0 => format!("from here I finish {ahead} ahead of you"),
        behind => format!(
            "nothing does better, and from here I finish {} behind you",
            behind.unsigned_abs()
        ),
    };
    say!("  I take the {end} {}: {outlook}.", best.points);
    best.to
}

/// Asks until the player answers L or R; `None` at end of input.
fn human_move(
    input: &mut impl BufRead,
    numbers: &[i64],
    (left, right): (usize, usize),
) -> io::Result<Option<(usize, usize)>> {
    loop {
        say_on!(
            "  Take the left {} or the right {} (L/R): ",
            numbers[left],
            numbers[right - 1]
        );
        io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        match line.trim().to_ascii_lowercase().as_str() {
            "l" | "left" => return Ok(Some((left + 1, right))),
            "r" | "right" => return Ok(Some((left, right - 1))),
            other => say!("  {other:?}: answer L for the left end or R for the right."),
        }
    }
}

fn main() -> ExitCode {
    let options = match arguments::or_exit(parse_options(), HELP) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let numbers = options.numbers;
    let row = NumberRow::new(numbers.clone());
    let mut position = row.whole();
    let mut solver = ScoreSolver::new(row);
    let score = solver.value(position).unwrap();
    let (first, second) = solver.game().totals(score);
    say!(
        "The row {}: with best play the first player ends with {first}, the second with {second}.",
        show(&numbers, position)
    );
    let (mut mine, mut yours) = (0i64, 0i64);
    let mut computer_turn = options.computer_first;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    while position.0 < position.1 {
        say!(
            "\nThe row: {}   (you {yours}, me {mine})",
            show(&numbers, position)
        );
        let after = if computer_turn {
            computer_move(&mut solver, position)
        } else {
            match human_move(&mut input, &numbers, position) {
                Ok(Some(after)) => after,
                Ok(None) => {
                    say!("\nGoodbye.");
                    return ExitCode::SUCCESS;
                }
                Err(error) => {
                    eprintln!("error reading input: {error}");
                    return ExitCode::FAILURE;
                }
            }
        };
        let taken = if after.0 > position.0 {
            numbers[position.0]
        } else {
            numbers[position.1 - 1]
        };
        if computer_turn {
            mine += taken;
        } else {
            yours += taken;
        }
        position = after;
        computer_turn = !computer_turn;
    }
    say!("\nThe row is empty: you {yours}, me {mine}.");
    match yours.cmp(&mine) {
        std::cmp::Ordering::Greater => say!("You win!"),
        std::cmp::Ordering::Less => say!("I win."),
        std::cmp::Ordering::Equal => say!("A draw."),
    }
    ExitCode::SUCCESS
}
