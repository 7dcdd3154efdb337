//! The nim-values of an octal game (or Grundy's game) and its proven period.
//!
//! `cargo run --release --example octal -- 0.77 --n 100000`
//!
//! Arguments: an octal code (`0.77`, `.07`, `4.07`) or `grundy`; `--n N` (default 10 000),
//! the largest heap; `--method auto|direct|sparse`. Progress goes to standard error every
//! million values.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use impartial::octal::{GrundysGame, OctalGame};
use impartial::sequence::{GrundySequence, Method, SequenceError, SequenceOptions};

const USAGE: &str = "usage: octal <code | grundy> [--n N] [--method auto|direct|sparse]";

struct Arguments {
    game: Game,
    n: u64,
    method: Method,
}

enum Game {
    Octal(OctalGame),
    Grundy,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Arguments, String> {
    let mut game = None;
    let mut n = 10_000;
    let mut method = Method::Auto;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--n" => {
                let value = args.next().ok_or("--n needs a number")?;
                n = value
                    .replace('_', "")
                    .parse()
                    .map_err(|_| format!("--n: {value:?} is not a heap size"))?;
            }
            "--method" => {
                method = match args.next().as_deref() {
                    Some("auto") => Method::Auto,
                    Some("direct") => Method::Direct,
                    Some("sparse") => Method::SparseSpace,
                    Some(other) => {
                        return Err(format!("--method: {other:?} is not auto, direct or sparse"));
                    }
                    None => return Err("--method needs auto, direct or sparse".to_string()),
                };
            }
            "grundy" => game = Some(Game::Grundy),
            code => {
                let octal = code
                    .parse::<OctalGame>()
                    .map_err(|error| format!("{code:?}: {error}"))?;
                game = Some(Game::Octal(octal));
            }
        }
    }
    let game = game.ok_or("name a game")?;
    Ok(Arguments { game, n, method })
}

fn compute(arguments: &Arguments) -> Result<GrundySequence, SequenceError> {
    let options = SequenceOptions::default()
        .with_method(arguments.method)
        .with_progress_every(1_000_000);
    let report = |progress: &impartial::sequence::Progress| {
        eprintln!(
            "  {} of {} values, largest {}, rare heaps {}",
            progress.computed,
            progress.target,
            progress.largest_value,
            progress
                .rare_heaps
                .map_or_else(|| "-".to_string(), |rare| rare.to_string()),
        );
        ControlFlow::Continue(())
    };
    match &arguments.game {
        Game::Octal(game) => game.values_up_to_with_progress(arguments.n, &options, report),
        Game::Grundy => GrundysGame.values_up_to_with_progress(arguments.n, &options, report),
    }
}

fn main() -> ExitCode {
    let arguments = match parse(std::env::args().skip(1)) {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let name = match &arguments.game {
        Game::Octal(game) => game.to_string(),
        Game::Grundy => "Grundy's game".to_string(),
    };
    let start = Instant::now();
    let sequence = match compute(&arguments) {
        Ok(sequence) => sequence,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let elapsed = start.elapsed();
    let head: Vec<String> = sequence
        .computed_values()
        .iter()
        .take(40)
        .map(u32::to_string)
        .collect();
    println!("{name}: G(0..) = {} …", head.join(" "));
    match sequence.period() {
        Some(period) => println!(
            "period {} from n = {}, proven with G(0..{}) by the periodicity theorem",
            period.period, period.preperiod, period.proof_bound
        ),
        None => println!("no period proven up to n = {}", sequence.computed_len() - 1),
    }
    let largest = sequence
        .computed_values()
        .iter()
        .max()
        .copied()
        .unwrap_or(0);
    println!(
        "computed {} values (largest {largest}) by the {} method in {:.2?}",
        sequence.computed_len(),
        match sequence.method() {
            Method::SparseSpace => "sparse-space",
            _ => "direct",
        },
        elapsed
    );
    if let Some(mask) = sequence.sparse_mask() {
        println!(
            "sparse space: mask {mask:#b}, {} rare heaps",
            sequence.rare_heaps().unwrap_or(0)
        );
    }
    ExitCode::SUCCESS
}
