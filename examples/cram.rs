//! Cram: the value of a board, and a winning move for the first player if there is one.
//!
//! `cargo run --release --example cram -- 5 6` (columns, rows; at most 64 cells).
//! `--plain` answers with the plain search instead, the reference the decomposing one is
//! tested against; `--budget BYTES` keeps the table within that many bytes; `--threads N`
//! searches on N threads.

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::process::ExitCode;
use std::time::Instant;

use impartial::cram::{Cram, CramPosition};
use impartial::{ImpartialGame, Solver, Whole};

/// Counts as the `impartial` command line reads them: `1000000`, `1_000_000`, `1e6`, `2^20`.
#[path = "../cli/src/count.rs"]
mod count;

const HELP: &str = "\
Cram: players take turns placing a domino on two free cells side by side; who cannot, loses.
Prints the board's nim-value and a winning move for the first player, if there is one.

usage: cram COLUMNS ROWS [--plain] [--budget BYTES] [--threads N]

  COLUMNS ROWS     the board (at most 64 cells)
  --plain          search every position whole, without splitting boards into regions
  --budget BYTES   keep the table within BYTES (2^30, 1e9, ...)
  --threads N      search on N threads (0: as many as the machine has; default 1)
  -h, --help       this help";

struct Arguments {
    width: u32,
    height: u32,
    plain: bool,
    budget: Option<usize>,
    threads: usize,
}

fn number(text: &str, what: &str) -> Result<u128, String> {
    count::parse_count(text).map_err(|error| format!("{what}: {error}"))
}

fn parse() -> Result<Option<Arguments>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut sizes = Vec::new();
    let (mut plain, mut budget, mut threads) = (false, None, 1);
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("plain") => plain = true,
            Long("budget") => {
                let value = number(&parser.value()?.string()?, "--budget")?;
                budget = Some(usize::try_from(value).map_err(|_| "--budget: too large")?);
            }
            Long("threads") => {
                let value = number(&parser.value()?.string()?, "--threads")?;
                threads = usize::try_from(value).map_err(|_| "--threads: too large")?;
            }
            Short('h') | Long("help") => return Ok(None),
            Value(value) if sizes.len() < 2 => {
                let size = number(&value.string()?, "a board side")?;
                sizes.push(u32::try_from(size).map_err(|_| "a board side is too large")?);
            }
            _ => return Err(argument.unexpected()),
        }
    }
    let [width, height] = sizes[..] else {
        return Err("give the board's columns and rows, e.g. 5 6".into());
    };
    Ok(Some(Arguments {
        width,
        height,
        plain,
        budget,
        threads,
    }))
}

fn main() -> ExitCode {
    let arguments = match arguments::or_exit(parse(), HELP) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let game = match Cram::new(arguments.width, arguments.height) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    // The plain search is the same game with no decomposition: `Whole(game)`.
    if arguments.plain {
        solve(Solver::new(Whole(game)), &game, &arguments)
    } else {
        solve(Solver::new(game), &game, &arguments)
    }
}

/// The value and a winning move of the board, by `solver`'s search.
fn solve<G>(solver: Solver<G>, game: &Cram, arguments: &Arguments) -> ExitCode
where
    G: ImpartialGame<Position = CramPosition> + Sync,
{
    let mut solver = match solver.with_threads(arguments.threads) {
        Ok(solver) => solver,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    if let Some(bytes) = arguments.budget {
        solver = match solver.with_table_budget(bytes) {
            Ok(solver) => solver,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        };
    }
    let started = Instant::now();
    let value = solver.grundy(game.start()).unwrap();
    let elapsed = started.elapsed();
    let stats = solver.stats();
    say!(
        "Cram {} × {}: value {value} ({} states, {} kB, {elapsed:.2?})",
        arguments.width,
        arguments.height,
        stats.states,
        stats.bytes / 1000
    );
    match solver.winning_move(game.start()).unwrap() {
        Some(board) => say!(
            "The first player wins; a winning first domino (#):\n{}",
            game.display(board)
        ),
        None => say!("The second player wins: every first domino loses."),
    }
    ExitCode::SUCCESS
}
