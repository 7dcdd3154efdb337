//! The nim-values of an octal game, a hexadecimal game or Grundy's game, and its proven period.
//!
//! `cargo run --release --example octal -- 0.77 --n 100000`
//!
//! Arguments: an octal code (`0.77`, `.07`, `4.07`), a hexadecimal code (`0.F`, digits 8 to F
//! leave three heaps) or `grundy`; `--n N` (default 10 000), the largest heap;
//! `--method auto|direct|sparse`. Progress goes to standard error once a second.

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use impartial::octal::{GrundysGame, HexadecimalGame, OctalGame};
use impartial::sequence::{GrundySequence, Method, SequenceError, SequenceOptions};

/// Counts as the `impartial` command line reads them: `1000000`, `1_000_000`, `1e6`, `2^20`.
#[path = "../cli/src/count.rs"]
mod count;

const HELP: &str = "\
The nim-values G(0), G(1), ... of a heap game, and the period the periodicity theorem proves.

usage: octal GAME [--n N] [--method auto|direct|sparse]

  GAME             an octal code (0.77, .07, 4.07), a hexadecimal code (0.F: digits 8 to F
                   leave three heaps), or grundy for Grundy's game
  --n N            the largest heap (default 10000; 1_000_000, 1e6 and 2^20 are fine). A
                   hexadecimal code with no period costs cubic time: 0.9 to 10 000 takes
                   some 15 s on two cores, to 10^6 months
  --method METHOD  auto (default), direct, or sparse (the sparse-space method)
  -h, --help       this help";

struct Arguments {
    game: Game,
    n: u64,
    method: Method,
}

enum Game {
    Octal(OctalGame),
    Hexadecimal(HexadecimalGame),
    Grundy,
}

/// The game a command-line word names: `grundy`, an octal code, or a hexadecimal one.
fn parse_game(word: &str) -> Result<Game, String> {
    if word == "grundy" {
        return Ok(Game::Grundy);
    }
    match word.parse::<OctalGame>() {
        Ok(game) => Ok(Game::Octal(game)),
        Err(octal_error) => match word.parse::<HexadecimalGame>() {
            Ok(game) => Ok(Game::Hexadecimal(game)),
            Err(_) => Err(format!("{word:?} names no game: {octal_error}")),
        },
    }
}

/// The arguments, `None` for `--help`, or what is wrong with them.
fn parse() -> Result<Option<Arguments>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut game = None;
    let mut n = 10_000;
    let mut method = Method::Auto;
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("n") => {
                let value = parser.value()?.string()?;
                n = count::parse_count(&value)
                    .ok()
                    .and_then(|n| u64::try_from(n).ok())
                    .ok_or_else(|| format!("--n: {value:?} is not a heap size (1e6, 2^20, ...)"))?;
            }
            Long("method") => {
                method = match parser.value()?.string()?.as_str() {
                    "auto" => Method::Auto,
                    "direct" => Method::Direct,
                    "sparse" => Method::SparseSpace,
                    other => {
                        return Err(
                            format!("--method: {other:?} is not auto, direct or sparse").into()
                        );
                    }
                };
            }
            Short('h') | Long("help") => return Ok(None),
            Value(value) if game.is_none() => game = Some(parse_game(&value.string()?)?),
            Value(value) => {
                return Err(format!("one game only: {:?} comes after it", value.string()?).into());
            }
            _ => return Err(argument.unexpected()),
        }
    }
    let game = game.ok_or("name a game: an octal code such as 0.77, or grundy")?;
    Ok(Some(Arguments { game, n, method }))
}

fn compute(arguments: &Arguments) -> Result<GrundySequence, SequenceError> {
    // Reports come often and are shown once a second, so a slow game (a hexadecimal code
    // without a period costs cubic time) shows it is alive.
    let options = SequenceOptions::default()
        .with_method(arguments.method)
        .with_progress_every(1 << 10);
    let mut shown = Instant::now();
    let report = |progress: &impartial::sequence::Progress| {
        if shown.elapsed() >= Duration::from_secs(1) {
            shown = Instant::now();
            eprintln!(
                "  {} of {} values, largest {}, rare heaps {}",
                progress.computed,
                progress.target,
                progress.largest_value,
                progress
                    .rare_heap_count
                    .map_or_else(|| "-".to_string(), |rare| rare.to_string()),
            );
        }
        ControlFlow::Continue(())
    };
    match &arguments.game {
        Game::Octal(game) => game.values_up_to_with_progress(arguments.n, &options, report),
        Game::Hexadecimal(game) => game.values_up_to_with_progress(arguments.n, &options, report),
        Game::Grundy => GrundysGame.values_up_to_with_progress(arguments.n, &options, report),
    }
}

fn main() -> ExitCode {
    let arguments = match arguments::or_exit(parse(), HELP) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let name = match &arguments.game {
        Game::Octal(game) => game.to_string(),
        Game::Hexadecimal(game) => game.to_string(),
        Game::Grundy => "Grundy's game".to_string(),
    };
    let start = Instant::now();
    let sequence = match compute(&arguments) {
        Ok(sequence) => sequence,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let elapsed = start.elapsed();
    let head: Vec<String> = sequence
        .computed_values()
        .iter()
        .take(40)
        .map(|value| value.to_string())
        .collect();
    say!("{name}: G(0..) = {} …", head.join(" "));
    match sequence.period() {
        Some(period) => say!(
            "period {} from n = {}, proven with G(0..{}) by the periodicity theorem",
            period.period,
            period.preperiod,
            period.proof_bound
        ),
        None => say!("no period proven up to n = {}", sequence.computed_len() - 1),
    }
    let largest = sequence.computed_values().iter().max().unwrap_or(0);
    say!(
        "computed {} values (largest {largest}) by the {} method in {:.2?}",
        sequence.computed_len(),
        match sequence.method() {
            Method::SparseSpace => "sparse-space",
            _ => "direct",
        },
        elapsed
    );
    if let Some(mask) = sequence.sparse_mask() {
        say!(
            "sparse space: mask {mask:#b}, {} rare heaps",
            sequence.rare_heap_count().unwrap_or(0)
        );
    }
    ExitCode::SUCCESS
}
