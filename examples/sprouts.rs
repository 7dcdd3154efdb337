//! Sprouts: who wins the game of `n` spots (or a position in Glop's notation), by the
//! decomposing search, with a winning move and the time and memory it took.
//!
//! `cargo run --release --example sprouts -- 6` (at most 17 spots); `--position
//! "0.0.AB.}AB.}]!"` starts from a position instead; `--misere` asks who wins when the last
//! player to move loses (the outcome search of whole positions, in rounds: sums do not add
//! up in misère play).

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::process::ExitCode;
use std::time::Instant;

use impartial::Solver;
use impartial::sprouts::{Sprouts, SproutsPosition};

/// Counts as the `impartial` command line reads them: `1000000`, `1_000_000`, `1e6`, `2^20`.
#[path = "../cli/src/count.rs"]
mod count;

const HELP: &str = "\
Sprouts: join two spots (or a spot to itself) by a line through no other, and put a new
spot on it; a spot takes three line ends; who cannot move loses. Prints who wins, a
winning move if there is one, and what the search took.

usage: sprouts SPOTS | --position TEXT [--misere]

  SPOTS            the start of that many spots (at most 17)
  --position TEXT  a position in Glop's notation, such as 0.0.AB.}AB.}]!
  --misere         misère play: the last player to move loses
  -h, --help       this help";

struct Arguments {
    start: SproutsPosition,
    misere: bool,
}

fn parse() -> Result<Option<Arguments>, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut start, mut misere) = (None, false);
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("position") => {
                let text = parser.value()?.string()?;
                start = Some(
                    text.parse::<SproutsPosition>()
                        .map_err(|error| error.to_string())?,
                );
            }
            Long("misere") => misere = true,
            Short('h') | Long("help") => return Ok(None),
            Value(value) if start.is_none() => {
                let spots = count::parse_count(&value.string()?)
                    .map_err(|error| format!("spots: {error}"))?;
                let spots = usize::try_from(spots).map_err(|_| "spots: too many")?;
                start = Some(SproutsPosition::start(spots).map_err(|error| error.to_string())?);
            }
            _ => return Err(argument.unexpected()),
        }
    }
    let Some(start) = start else {
        return Err("give the number of spots, e.g. 6, or --position".into());
    };
    Ok(Some(Arguments { start, misere }))
}

fn main() -> ExitCode {
    let arguments = match arguments::or_exit(parse(), HELP) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let start = &arguments.start;
    let began = Instant::now();
    let mut solver = Solver::new(Sprouts);
    let (outcome, winning) = if arguments.misere {
        let outcome = solver.misere().outcome(start).unwrap();
        (outcome, solver.misere().winning_move(start).unwrap())
    } else {
        let outcome = solver.outcome(start).unwrap();
        (outcome, solver.winning_move(start).unwrap())
    };
    let play = if arguments.misere {
        "misère"
    } else {
        "normal"
    };
    say!("{start} ({play} play): {outcome}");
    match winning {
        Some(after) => say!("a winning move leaves {after}"),
        None => say!("every move loses"),
    }
    let stats = solver.stats();
    say!(
        "{:.2} s, {} positions stored, {} kB",
        began.elapsed().as_secs_f64(),
        stats.states,
        stats.bytes / 1_000
    );
    ExitCode::SUCCESS
}
