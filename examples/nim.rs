//! Who wins a Nim position, and how: the nim-sum worked out in binary columns, as by hand.
//!
//! ```text
//! cargo run --example nim -- 3 4 5
//! cargo run --example nim -- --misere 1 1 5
//! ```
//!
//! Heap sizes are whole numbers from 0 to 2¹²⁸ − 1.

#[macro_use]
#[path = "common/output.rs"]
mod output;

#[path = "common/arguments.rs"]
mod arguments;

use std::process::ExitCode;

use impartial::Outcome;
use impartial::nim::{self, NimMove, misere};

/// Counts as the `impartial` command line reads them: `1000000`, `1_000_000`, `1e6`, `2^20`.
#[path = "../cli/src/count.rs"]
mod count;

const HELP: &str = "\
Who wins a Nim position, and how: the nim-sum worked out in binary columns.

usage: nim [--misere] HEAP [HEAP ...]

  HEAP        a heap size: a whole number from 0 to 2^128 - 1
  --misere    misère play: whoever takes the last counter loses
  -h, --help  this help";

/// What the command line asks for.
struct Options {
    misere: bool,
    heaps: Vec<u128>,
}

fn parse_heap(text: &str) -> Result<u128, String> {
    count::parse_count(text).map_err(|error| {
        if error.contains("too large") {
            format!(
                "{text:?} is too large: a heap may hold at most {} counters",
                u128::MAX
            )
        } else {
            format!("{text:?} is not a heap size: write a whole number such as 7, 1e6 or 2^20")
        }
    })
}

/// The options, `None` for `--help`, or what is wrong with them.
fn parse_options() -> Result<Option<Options>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut options = Options {
        misere: false,
        heaps: Vec::new(),
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Long("misere") => options.misere = true,
            Short('h') | Long("help") => return Ok(None),
            Short(digit) if digit.is_ascii_digit() => {
                return Err(
                    "heap sizes cannot be negative: a heap holds 0 or more counters".into(),
                );
            }
            Value(value) => options.heaps.push(parse_heap(&value.string()?)?),
            _ => return Err(argument.unexpected()),
        }
    }
    if options.heaps.is_empty() {
        return Err("no heaps given".into());
    }
    Ok(Some(options))
}

/// `value` in binary, `width` digits, separated by spaces to line up in columns.
fn binary_columns(value: u128, width: usize) -> String {
    (0..width)
        .rev()
        .map(|bit| if value >> bit & 1 == 1 { "1" } else { "0" })
        .collect::<Vec<_>>()
        .join(" ")
}

fn show_columns(heaps: &[u128]) {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let width = (u128::BITS - largest.leading_zeros()).max(1) as usize;
    let digits = largest.to_string().len().max(7);
    for (index, &heap) in heaps.iter().enumerate() {
        say!(
            "  heap {index:<3} {heap:>digits$} = {}",
            binary_columns(heap, width)
        );
    }
    say!(
        "  {:>w$}   {}",
        "",
        "-".repeat(2 * width - 1),
        w = digits + 9
    );
    let ones: Vec<String> = (0..width)
        .rev()
        .map(|bit| {
            heaps
                .iter()
                .filter(|&&heap| heap >> bit & 1 == 1)
                .count()
                .to_string()
        })
        .collect();
    say!(
        "  {:<w$} = {}",
        "ones per column",
        ones.join(" "),
        w = digits + 9
    );
    let sum = nim::nim_sum(heaps);
    say!(
        "  {:<8} {sum:>digits$} = {}   (1 where a column has an odd number of ones)",
        "nim-sum",
        binary_columns(sum, width)
    );
}

fn explain_normal(heaps: &[u128]) {
    show_columns(heaps);
    let sum = nim::nim_sum(heaps);
    say!();
    match nim::outcome(heaps) {
        Outcome::P => {
            say!("The nim-sum is 0: every column is even. This is a P-position:");
            say!("whoever moves now loses against best play, since any move makes a column odd.");
        }
        Outcome::N => {
            let made = nim::winning_move(heaps).expect("an N-position has a winning move");
            let bit = u128::BITS - 1 - sum.leading_zeros();
            say!("The nim-sum is {sum}, not 0. This is an N-position: the player to move wins.");
            say!(
                "The first odd column from the left is bit {bit} (worth {}); the first heap with a 1 there is heap {}.",
                1u128 << bit,
                made.heap
            );
            say!(
                "Flip that heap's bits in every odd column: {} XOR {sum} = {}.",
                made.from,
                made.to
            );
            report(heaps, &made);
            let others = nim::winning_moves(heaps).count() - 1;
            if others > 0 {
                say!(
                    "({others} other winning move(s): one for each other heap with a 1 in bit {bit}.)"
                );
            }
        }
    }
}

fn explain_misere(heaps: &[u128]) {
    show_columns(heaps);
    say!();
    let large = heaps.iter().filter(|&&heap| heap > 1).count();
    say!("Misère play: whoever takes the last counter loses.");
    if large == 0 {
        say!(
            "No heap is larger than 1, so parity decides: an odd number of 1-heaps loses for the mover."
        );
    } else if large == 1 {
        say!(
            "Exactly one heap is larger than 1: the mover shrinks it to 0 or 1, leaving an odd number of 1-heaps."
        );
    } else {
        say!("Two or more heaps are larger than 1: play exactly as in normal Nim.");
    }
    match (misere::outcome(heaps), misere::winning_move(heaps)) {
        (Outcome::P, _) => {
            say!("This is a P-position: the player to move loses against best play.");
        }
        (Outcome::N, None) => {
            say!(
                "No counters are left: the opponent took the last one, so the player to move has won."
            );
        }
        (Outcome::N, Some(made)) => {
            say!("This is an N-position: the player to move wins.");
            report(heaps, &made);
        }
    }
}

fn report(heaps: &[u128], made: &NimMove<u128>) {
    let mut after = heaps.to_vec();
    nim::play(&mut after, made.heap, made.to).expect("the winning move is legal");
    say!("Winning move: {made}.");
    let shown: Vec<String> = after.iter().map(ToString::to_string).collect();
    say!("That leaves {}.", shown.join(" "));
}

fn main() -> ExitCode {
    let options = match arguments::or_exit(parse_options(), HELP) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let heaps = options.heaps;
    let shown: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    say!("Nim with heaps {}\n", shown.join(" "));
    if options.misere {
        explain_misere(&heaps);
    } else {
        explain_normal(&heaps);
    }
    ExitCode::SUCCESS
}
