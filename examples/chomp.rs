//! Chomp: the value of a bar (or of a Young diagram), and a winning move if there is one.
//!
//! `cargo run --release --example chomp -- 8 10` (rows, columns; at most 16 rows of 255
//! squares); `--rows 7,5,5,2` starts from a diagram of those row lengths instead of the whole
//! bar. It answers with the solver's search (every diagram met ranked into an array), or
//! with `--table` by Chomp's own method, every diagram's value filled bottom-up
//! (`Chomp::values`), the fastest for a whole bar.

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::process::ExitCode;
use std::time::Instant;

use impartial::chomp::{Chomp, ChompPosition};
use impartial::{ClosedForm, Nimber, Solver};

/// Counts as the `impartial` command line reads them: `1000000`, `1_000_000`, `1e6`, `2^20`.
#[path = "../cli/src/count.rs"]
mod count;

const HELP: &str = "\
Chomp: eat a square and every square below and right of it; who must eat the poisoned
corner loses. Prints the position's nim-value and a winning move, if there is one.

usage: chomp ROWS COLUMNS [--rows LENGTHS] [--table [--budget BYTES]]

  ROWS COLUMNS      the bar (at most 16 rows of 255 squares)
  --rows LENGTHS    start from rows of these lengths (7,5,5,2), not the whole bar
  --table           every diagram's value bottom-up, two bytes each (the fastest)
  --budget BYTES    keep the table within BYTES (2^30, 1e9, ...; default 8 GiB)
  -h, --help        this help";

struct Arguments {
    rows: u32,
    columns: u32,
    lengths: Option<Vec<u32>>,
    table: bool,
    budget: Option<usize>,
}

fn number(text: &str, what: &str) -> Result<u128, String> {
    count::parse_count(text).map_err(|error| format!("{what}: {error}"))
}

fn parse() -> Result<Option<Arguments>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut sizes = Vec::new();
    let (mut lengths, mut table, mut budget) = (None, false, None);
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("rows") => {
                let text = parser.value()?.string()?;
                let parsed = text
                    .split(',')
                    .map(|length| {
                        let length = number(length.trim(), "--rows")?;
                        u32::try_from(length).map_err(|_| "--rows: a row is too long".to_string())
                    })
                    .collect::<Result<Vec<u32>, String>>()?;
                lengths = Some(parsed);
            }
            Long("table") => table = true,
            Long("budget") => {
                let value = number(&parser.value()?.string()?, "--budget")?;
                budget = Some(usize::try_from(value).map_err(|_| "--budget: too large")?);
            }
            Short('h') | Long("help") => return Ok(None),
            Value(value) if sizes.len() < 2 => {
                let size = number(&value.string()?, "a side of the bar")?;
                sizes.push(u32::try_from(size).map_err(|_| "a side of the bar is too large")?);
            }
            _ => return Err(argument.unexpected()),
        }
    }
    let [rows, columns] = sizes[..] else {
        return Err("give the bar's rows and columns, e.g. 8 10".into());
    };
    Ok(Some(Arguments {
        rows,
        columns,
        lengths,
        table,
        budget,
    }))
}

fn main() -> ExitCode {
    let arguments = match arguments::or_exit(parse(), HELP) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let game = match Chomp::new(arguments.rows, arguments.columns) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let start = match &arguments.lengths {
        None => game.start(),
        Some(lengths) => match game.diagram(lengths) {
            Ok(diagram) => diagram,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        },
    };
    if arguments.table {
        return by_table(&game, start, arguments.budget.unwrap_or(8 << 30));
    }
    let mut solver = Solver::new(game.clone());
    let started = Instant::now();
    let value = solver.grundy(start).unwrap();
    let elapsed = started.elapsed();
    let stats = solver.stats();
    say!(
        "Chomp {} × {}: value {value} ({} states, {} kB, {elapsed:.2?})",
        arguments.rows,
        arguments.columns,
        stats.states,
        stats.bytes / 1000
    );
    match solver.winning_move(start).unwrap() {
        Some(eaten) => say!(
            "The player to move wins by leaving (X poison, # squares left):\n{}",
            game.display(eaten)
        ),
        None => say!("The player to move loses: every bite leaves a winning position."),
    }
    ExitCode::SUCCESS
}

/// The value and a winning move from Chomp's table of every diagram, within `budget` bytes.
fn by_table(game: &Chomp, start: ChompPosition, budget: usize) -> ExitCode {
    let started = Instant::now();
    let answer = game
        .values(budget)
        .map_err(|error| error.to_string())
        .and_then(|values| {
            let value = values.grundy(start).map_err(|error| error.to_string())?;
            // Every diagram of the bar has a value in the table.
            let value = value.unwrap_or(Nimber::ZERO);
            let winning = values
                .winning_move(start)
                .map_err(|error| error.to_string())?;
            Ok((values.len(), value, winning))
        });
    let (diagrams, value, winning) = match answer {
        Ok(answer) => answer,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    say!(
        "Chomp {} × {}: value {value} (every one of {diagrams} diagrams, {} kB, {:.2?})",
        game.rows(),
        game.columns(),
        diagrams * 2 / 1000,
        started.elapsed()
    );
    match winning {
        Some(eaten) => say!(
            "The player to move wins: {eaten}, leaving (X poison, # squares left):\n{}",
            game.display(eaten.leaves)
        ),
        None => say!("The player to move loses: every bite leaves a winning position."),
    }
    ExitCode::SUCCESS
}
