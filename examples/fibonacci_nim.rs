//! Play Fibonacci Nim against the computer, which plays perfectly and shows its reasoning.
//!
//! ```text
//! cargo run --example fibonacci_nim                  # 100 counters, you move first
//! cargo run --example fibonacci_nim -- 89 --me-first # the computer moves first
//! cargo run --example fibonacci_nim -- --k 3 50      # at most three times the last take
//! ```
//!
//! The first player takes 1 to N − 1 counters; then each player takes at least one and at
//! most k times (2 times in Fibonacci Nim) what the other just took. Whoever takes the last
//! counter wins. End the game early with end of input (Ctrl-D).

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use impartial::ClosedForm;
use impartial::take_away::{TakeAway, TakeAwayState};

/// Counts as the `impartial` command line reads them: `1000000`, `1_000_000`, `1e6`, `2^20`.
#[path = "../cli/src/count.rs"]
mod count;

const HELP: &str = "\
Play Fibonacci Nim (or any multiplier k) against the computer, which explains its moves.

usage: fibonacci_nim [--k K] [--me-first] [COUNTERS]

  COUNTERS    the heap to start with, at least 2 (default 100)
  --k K       the multiplier: take at most K times the last take (default 2, Fibonacci Nim)
  --me-first  the computer moves first
  -h, --help  this help

Take from 1 up to the limit shown at each turn; end the game with end of input (Ctrl-D).";

struct Options {
    k: u64,
    counters: u64,
    computer_first: bool,
}

/// `text` as a whole number of at most 2⁶⁴ − 1, written as the command line writes counts.
fn number(text: &str) -> Option<u64> {
    count::parse_count(text)
        .ok()
        .and_then(|n| u64::try_from(n).ok())
}

/// The options, `None` for `--help`, or what is wrong with them.
fn parse_options() -> Result<Option<Options>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut options = Options {
        k: 2,
        counters: 100,
        computer_first: false,
    };
    let mut counters_given = false;
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("k") => {
                let value = parser.value()?.string()?;
                options.k = number(&value).filter(|&k| k >= 1).ok_or_else(|| {
                    format!("--k takes a whole number of at least 1, got {value:?}")
                })?;
            }
            Long("me-first") => options.computer_first = true,
            Short('h') | Long("help") => return Ok(None),
            Value(value) if !counters_given => {
                let value = value.string()?;
                options.counters = number(&value).filter(|&n| n >= 2).ok_or_else(|| {
                    format!(
                        "the number of counters must be a whole number of at least 2, got {value:?}"
                    )
                })?;
                counters_given = true;
            }
            Value(value) => {
                return Err(format!(
                    "one heap only: {:?} comes after the counters",
                    value.string()?
                )
                .into());
            }
            _ => return Err(argument.unexpected()),
        }
    }
    Ok(Some(options))
}

fn join(terms: &[u64]) -> String {
    terms
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

/// `main` refuses a start past the table, and counts only fall from there.
const COVERED: &str = "main checked the count against the table";

/// The computer's move, with what it thinks.
fn computer_move(game: &TakeAway<u64>, state: TakeAwayState<u64>) -> u64 {
    let terms: Vec<u64> = game
        .representation(state.remaining)
        .expect(COVERED)
        .collect();
    let smallest = *terms.last().expect("the game is not over");
    let limit = state.limit.min(state.remaining);
    if terms.len() == 1 {
        say!("  {} is one term of the sequence.", state.remaining);
    } else {
        say!("  I write {} as {}.", state.remaining, join(&terms));
    }
    match game.winning_move(state).expect(COVERED) {
        Some(best) if best.to.remaining == 0 => {
            say!("  I may take all {smallest}: I take the last counter and win.");
            best.take
        }
        Some(best) => {
            say!(
                "  Its smallest term, {smallest}, is at most {limit}: taking it leaves {} = {}, whose smallest term is more than {} × {smallest}, more than you may take.",
                best.to.remaining,
                join(&terms[..terms.len() - 1]),
                game.multiplier()
            );
            best.take
        }
        None => {
            say!(
                "  Its smallest term, {smallest}, is more than I may take ({limit}): with best play I lose. I take 1 and hope."
            );
            1
        }
    }
}

/// Asks until the player enters a legal take; `None` at end of input.
fn human_move(input: &mut impl BufRead, state: TakeAwayState<u64>) -> io::Result<Option<u64>> {
    let limit = state.limit.min(state.remaining);
    loop {
        say_on!("  Your take (1 to {limit}): ");
        io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        match line.trim().parse::<u64>() {
            Ok(take) if (1..=limit).contains(&take) => return Ok(Some(take)),
            Ok(take) => say!("  {take} is not allowed: take from 1 to {limit}."),
            Err(_) => say!(
                "  {:?} is not a number: take from 1 to {limit}.",
                line.trim()
            ),
        }
    }
}

/// Says what the game is, with the six largest losing sizes up to the start — each the top
/// term of one less than the size before it: a walk through all of them would take about k
/// steps.
fn announce(game: &TakeAway<u64>, options: &Options) {
    let mut losing: Vec<u64> = Vec::new();
    let mut below = options.counters;
    while losing.len() < 6 && below > 0 {
        let top = game
            .representation(below)
            .expect(COVERED)
            .next()
            .expect("a positive count");
        losing.push(top);
        below = top - 1;
    }
    losing.reverse();
    let name = if options.k == 2 {
        "Fibonacci Nim (take at most twice the last take)".to_string()
    } else {
        format!(
            "Take-away with multiplier {} (take at most {} times the last take)",
            options.k, options.k
        )
    };
    say!(
        "{name}: {} counters. The first player loses exactly when the count is one of {} …",
        options.counters,
        losing
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
}

fn main() -> ExitCode {
    let options = match arguments::or_exit(parse_options(), HELP) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let game = match TakeAway::<u64>::new(options.k) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    if options.counters > game.covered() {
        eprintln!(
            "error: with k = {} the table of losing sizes reaches {} counters, not {}",
            options.k,
            game.covered(),
            options.counters
        );
        return ExitCode::from(2);
    }
    let mut state = TakeAwayState::start(options.counters);
    announce(&game, &options);
    let mut computer_turn = options.computer_first;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    while state.remaining > 0 {
        say!(
            "\n{} counters left; the player to move may take up to {}.",
            state.remaining,
            state.limit.min(state.remaining)
        );
        let take = if computer_turn {
            let take = computer_move(&game, state);
            say!("  I take {take}.");
            take
        } else {
            match human_move(&mut input, state) {
                Ok(Some(take)) => take,
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
        state = game
            .play(state, take)
            .expect("only legal takes are played")
            .to;
        computer_turn = !computer_turn;
    }
    if computer_turn {
        say!("\nYou took the last counter: you win!");
    } else {
        say!("\nI took the last counter: I win.");
    }
    ExitCode::SUCCESS
}
