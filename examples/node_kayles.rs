//! Node Kayles: the value of a grid, a path or a cycle, and a winning pick if there is one.
//!
//! `cargo run --release --example node_kayles -- grid 12 2` (columns, rows; at most 128
//! vertices), `-- path 40`, `-- cycle 40`. `--plain` answers with the plain search instead,
//! the reference the decomposing one is tested against; `--budget BYTES` keeps the table
//! within that many bytes.

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::process::ExitCode;
use std::time::Instant;

use impartial::node_kayles::{NodeKayles, NodeKaylesPosition};
use impartial::{ImpartialGame, Solver, Whole};

/// Counts as the `impartial` command line reads them: `1000000`, `1_000_000`, `1e6`, `2^20`.
#[path = "../cli/src/count.rs"]
mod count;

const HELP: &str = "\
Node Kayles: players take turns picking a vertex of a graph, which removes it and its
neighbours; who cannot pick loses. Prints the graph's nim-value and a winning first pick.

usage: node_kayles grid COLUMNS ROWS | path VERTICES | cycle VERTICES [--plain] [--budget BYTES]

  grid COLUMNS ROWS  the grid graph (at most 128 vertices, numbered row by row)
  path VERTICES      the path 0 - 1 - 2 - ...
  cycle VERTICES     the cycle
  --plain            search every position whole, without splitting it into parts
  --budget BYTES     keep the table within BYTES (2^30, 1e9, ...)
  -h, --help         this help";

struct Arguments {
    shape: String,
    sizes: Vec<usize>,
    plain: bool,
    budget: Option<usize>,
}

fn number(text: &str, what: &str) -> Result<u128, String> {
    count::parse_count(text).map_err(|error| format!("{what}: {error}"))
}

fn parse() -> Result<Option<Arguments>, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut shape, mut sizes) = (None, Vec::new());
    let (mut plain, mut budget) = (false, None);
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("plain") => plain = true,
            Long("budget") => {
                let value = number(&parser.value()?.string()?, "--budget")?;
                budget = Some(usize::try_from(value).map_err(|_| "--budget: too large")?);
            }
            Short('h') | Long("help") => return Ok(None),
            Value(value) if shape.is_none() => {
                let name = value.string()?;
                if !["grid", "path", "cycle"].contains(&name.as_str()) {
                    return Err(format!("{name:?} is not grid, path or cycle").into());
                }
                shape = Some(name);
            }
            Value(value) if sizes.len() < 2 => {
                let size = number(&value.string()?, "a size")?;
                sizes.push(usize::try_from(size).map_err(|_| "a size is too large")?);
            }
            _ => return Err(argument.unexpected()),
        }
    }
    let Some(shape) = shape else {
        return Err("name a graph: grid COLUMNS ROWS, path VERTICES or cycle VERTICES".into());
    };
    let wanted = if shape == "grid" { 2 } else { 1 };
    if sizes.len() != wanted {
        return Err(format!("{shape} takes {wanted} size(s)").into());
    }
    Ok(Some(Arguments {
        shape,
        sizes,
        plain,
        budget,
    }))
}

fn main() -> ExitCode {
    let arguments = match arguments::or_exit(parse(), HELP) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let built = match (arguments.shape.as_str(), &arguments.sizes[..]) {
        ("grid", &[columns, rows]) => NodeKayles::grid(columns, rows),
        ("path", &[vertices]) => NodeKayles::path(vertices),
        (_, &[vertices]) => NodeKayles::cycle(vertices),
        _ => unreachable!("parse checks the sizes"),
    };
    let game = match built {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    // The plain search is the same game with no decomposition: `Whole(game)`.
    if arguments.plain {
        solve(Solver::new(Whole(game.clone())), &game, &arguments)
    } else {
        solve(Solver::new(game.clone()), &game, &arguments)
    }
}

/// The value and a winning move of the graph, by `solver`'s search.
fn solve<G>(mut solver: Solver<G>, game: &NodeKayles, arguments: &Arguments) -> ExitCode
where
    G: ImpartialGame<Position = NodeKaylesPosition>,
{
    let start = game.start();
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
    let value = solver.grundy(start).unwrap();
    let elapsed = started.elapsed();
    let stats = solver.stats();
    say!(
        "Node Kayles on the {} {:?}: value {value} ({} states, {} kB, {elapsed:.2?})",
        arguments.shape,
        arguments.sizes,
        stats.states,
        stats.bytes / 1000
    );
    match solver.winning_move(start).unwrap() {
        Some(after) => {
            let vertex = game.picked(start, after).expect("a move picks a vertex");
            say!("The first player wins by picking vertex {vertex}.");
        }
        None => say!("The second player wins: every first pick loses."),
    }
    ExitCode::SUCCESS
}
