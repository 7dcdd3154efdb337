//! The field of nimbers at work: a nim-multiplication table, and a Turning Corners position
//! solved by nim-division.
//!
//! Turning Corners is played on a grid of coins. A move turns over the four corners of a
//! rectangle whose far corner `(x, y)` — largest row and column — shows heads and turns to
//! tails. A head on `(x, y)` is worth the nim-product `x ⊗ y` (the Tartan theorem), so the
//! table printed first is also the table of single heads.
//!
//! ```text
//! cargo run --example nimbers                       # a 16 × 16 table, a sample position
//! cargo run --example nimbers -- --size 8 3,5 6,4   # an 8 × 8 table, heads at (3,5) and (6,4)
//! ```

use std::process::ExitCode;

use impartial::coins::{Coins, TurningCorners};
use impartial::{ClosedForm, Nimber, Outcome};

#[macro_use]
#[path = "common/output.rs"]
mod output;

/// The largest table and board drawn: 64 columns still fit a wide terminal.
const MAX_SIZE: u64 = 64;

const HELP: &str = "\
Nim-multiplication, and a Turning Corners position solved with it.

usage: nimbers [--size N] [ROW,COLUMN ...]

  --size N        the table of x ⊗ y for x, y below N, 1 to 64 (default 16)
  ROW,COLUMN ...  the heads of a Turning Corners position, rows and columns from 0 to 63
                  (default 3,5 5,6 6,2 7,7)
  -h, --help      this help";

struct Arguments {
    size: u64,
    heads: Vec<(u64, u64)>,
}

/// `text` as a number below `MAX_SIZE` (or, for a size, from 1 to `MAX_SIZE`).
fn parse_coordinate(text: &str, what: &str, smallest: u64, largest: u64) -> Result<u64, String> {
    text.parse()
        .ok()
        .filter(|value| (smallest..=largest).contains(value))
        .ok_or_else(|| {
            format!("{what} must be a number from {smallest} to {largest}, got {text:?}")
        })
}

/// The arguments, `None` for `--help`, or what is wrong.
fn parse_arguments() -> Result<Option<Arguments>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut arguments = Arguments {
        size: 16,
        heads: Vec::new(),
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Short('h') | Long("help") => return Ok(None),
            Long("size") => {
                let text = parser.value()?.string()?;
                arguments.size = parse_coordinate(&text, "--size", 1, MAX_SIZE)?;
            }
            Value(value) => {
                let text = value.string()?;
                let Some((row, column)) = text.split_once(',') else {
                    return Err(format!("a head is ROW,COLUMN, got {text:?}").into());
                };
                arguments.heads.push((
                    parse_coordinate(row, "a row", 0, MAX_SIZE - 1)?,
                    parse_coordinate(column, "a column", 0, MAX_SIZE - 1)?,
                ));
            }
            _ => return Err(argument.unexpected()),
        }
    }
    if arguments.heads.is_empty() {
        arguments.heads = vec![(3, 5), (5, 6), (6, 2), (7, 7)];
    }
    Ok(Some(arguments))
}

fn print_table(size: u64) {
    let width = (size * size).to_string().len().max(2);
    say!("x ⊗ y for x, y below {size}:\n");
    say_on!("{:>width$} |", "⊗");
    for y in 0..size {
        say_on!(" {y:>width$}");
    }
    say!("\n{}", "-".repeat((width + 1) * (size as usize + 1) + 1));
    for x in 0..size {
        say_on!("{x:>width$} |");
        for y in 0..size {
            say_on!(" {:>width$}", (Nimber::from(x) * Nimber::from(y)).0);
        }
        say!();
    }
}

/// The board, `H` for heads, `.` for tails, and `*` for the coins `marked`.
fn draw(heads: &Coins<(u64, u64)>, marked: &[(u64, u64)]) {
    let rows = heads
        .iter()
        .chain(marked)
        .map(|&(x, _)| x)
        .max()
        .unwrap_or(0)
        + 1;
    let columns = heads
        .iter()
        .chain(marked)
        .map(|&(_, y)| y)
        .max()
        .unwrap_or(0)
        + 1;
    for x in 0..rows {
        let line: String = (0..columns)
            .map(|y| {
                if marked.contains(&(x, y)) {
                    '*'
                } else if heads.contains(&(x, y)) {
                    'H'
                } else {
                    '.'
                }
            })
            .collect();
        say!("  {x:>2}  {line}");
    }
}

fn main() -> ExitCode {
    let arguments = match parse_arguments() {
        Ok(Some(arguments)) => arguments,
        Ok(None) => {
            say!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    print_table(arguments.size);

    let corners = TurningCorners::default();
    let position = Coins::from(arguments.heads);
    let Ok(Some(value)) = corners.grundy(&position) else {
        unreachable!("every position of coins has a value")
    };
    say!("\nTurning Corners, heads at {position:?}:\n");
    draw(&position, &[]);
    let terms: Vec<String> = position.iter().map(|(x, y)| format!("{x}⊗{y}")).collect();
    say!("\nworth {} = {value}", terms.join(" ⊕ "));
    let Ok(found) = corners.winning_move(&position);
    match found {
        None => say!("{}: every move loses.", Outcome::P),
        Some(best) => {
            let mut corners_turned = best.turned.to_vec();
            corners_turned.push(best.coin);
            // The near corner (a, b) comes first in coin order.
            let ((x, y), (a, b)) = (best.coin, best.turned[0]);
            say!(
                "{}: turn over the corners {corners_turned:?}, marked *. The rectangle changes the \
                 value by (x ⊕ a) ⊗ (y ⊕ b) = {} ⊗ {} = {value}; nim-division found it.\n",
                Outcome::N,
                x ^ a,
                y ^ b
            );
            draw(&position, &corners_turned);
            say!(
                "\nleaving {:?}, worth {}:\n",
                best.leaves,
                corners
                    .grundy(&best.leaves)
                    .ok()
                    .flatten()
                    .unwrap_or_default()
            );
            draw(&best.leaves, &[]);
        }
    }
    ExitCode::SUCCESS
}
