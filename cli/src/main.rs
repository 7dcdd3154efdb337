//! `impartial`: the nim-values of heap games at research scale, from the command line.
//!
//! `cargo install --locked --path cli` in a clone of the repository, then for instance
//!
//! ```text
//! impartial octal 0.6 --n 1e9 --checkpoint runs/0.6
//! impartial subtraction 1,3,4 --n 1000000
//! impartial grundy --n 1e8 --values grundy.csv
//! impartial octal 0.167 --n 2^33 --prefix 2^20 --checkpoint runs/0.167
//! impartial misere octal 0.77
//! impartial repeating '0.30300[3]' --n 1e8
//! impartial all-but 2,4,5
//! impartial survey octal '0.???' --n 2^20 --results runs/octal3 --shard 1/4
//! impartial survey merge runs/octal3 --format markdown
//! impartial prove cram --rows 5 --columns 8 --value --output cram-5x8.proof
//! impartial check cram-5x8.proof
//! impartial serve --port 8080            # feature `serve`, on by default
//! ```
//!
//! Prints the proven period (or "none up to n"), the rare heaps of the sparse space and the
//! frequency of every value as `value count` lines; writes the values themselves on request.
//! A run with `--checkpoint DIR` saves its values there every few minutes and, started
//! again with the same game and directory, goes on from the last checkpoint. A run with
//! `--prefix P` holds only the first P values and a window of recent ones in memory and
//! streams every value to a file (see `bounded`).
//!
//! The modules, each importing only those above it: `count`, `args`, `failure`, `counts`,
//! `format`, `lock`, `interrupt`, `game`, `progress`, `report`, `values_file`, `checkpoint`,
//! `outputs`, then the two kinds of run, `full` and `bounded`, `misere`, the misère
//! quotient of a game, `climbing`, the games whose values climb, `survey`, a family of games run shard by shard
//! into records, `prove`, the search games' answers with certificates, and `web`, the site `impartial serve` runs (feature `serve`).

mod args;
mod bounded;
mod checkpoint;
mod climbing;
mod count;
mod counts;
mod failure;
mod format;
mod full;
mod game;
mod interrupt;
mod lock;
mod misere;
mod notation;
mod outputs;
mod progress;
mod prove;
mod report;
mod survey;
mod values_file;
#[cfg(feature = "serve")]
mod web;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, GameArgument};
use game::Game;

fn main() -> ExitCode {
    let cli = Cli::parse();
    interrupt::report_file_size_limit();
    if let GameArgument::Misere { game } = &cli.game {
        interrupt::install();
        return finish(misere::execute(game));
    }
    match &cli.game {
        GameArgument::Survey { command } => return finish(survey::execute(command)),
        GameArgument::Prove(game) => return finish(prove::execute(game)),
        GameArgument::Check {
            file,
            position,
            misere,
            threads,
        } => {
            let question = prove::Question {
                position: position.as_deref(),
                misere: *misere,
            };
            return finish(prove::check(file, &question, *threads));
        }
        GameArgument::Repeating { code, run } => return finish(climbing::execute(code, run)),
        GameArgument::AllBut { set, run } => return finish(climbing::execute(set.code(), run)),
        _ => {}
    }
    #[cfg(feature = "serve")]
    if let GameArgument::Serve(arguments) = &cli.game {
        return finish(web::execute(arguments));
    }
    #[cfg(not(feature = "serve"))]
    if let GameArgument::Serve { .. } = &cli.game {
        eprintln!(
            "impartial: this build leaves the site out (it was built with --no-default-features); \
             the feature `serve`, on by default, builds it in: cargo install --locked --path cli"
        );
        return ExitCode::from(2);
    }
    let (game, run) = Game::from_argument(cli.game);
    let size = match run.size() {
        Ok(size) => size,
        Err(error) => error.exit(),
    };
    interrupt::install();
    let result = match size.prefix {
        Some(prefix) => bounded::execute(&game, &run, size, prefix),
        None => full::execute(&game, &run, size),
    };
    finish(result)
}

/// The exit code of a run's result, its message printed.
fn finish(result: Result<(), failure::Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("impartial: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}
