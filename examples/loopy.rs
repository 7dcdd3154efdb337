//! Solve a loopy game: outcomes with draws, generalized Sprague–Grundy values, good moves.
//!
//! The game: a ghost token wanders a house through one-way doors; on your turn you move it
//! through one door, and whoever cannot move (the ghost is out of the gate) loses. Some
//! rooms form loops, so some positions are draws.
//!
//! ```text
//! cargo run --example loopy
//! ```

#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::process::ExitCode;

use impartial::ImpartialGame;
use impartial::loopy::{LoopyOutcome, LoopySolver, LoopyValue, sum_outcome};

const HELP: &str = "\
A ghost in a house of one-way doors: outcomes with draws, generalized Sprague-Grundy
values, and good moves, for every room and for two ghosts at once.

usage: loopy

  -h, --help  this help";

/// Whether `--help` was asked for; an error for anything else given.
fn parse_arguments() -> Result<bool, lexopt::Error> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_env();
    match parser.next()? {
        None => Ok(false),
        Some(Short('h') | Long("help")) => Ok(true),
        Some(argument) => Err(argument.unexpected()),
    }
}

struct House;

const ROOMS: [&str; 9] = [
    "hall", "library", "study", "garden", "gate", "kitchen", "cellar", "attic", "tower",
];

impl ImpartialGame for House {
    type Position = &'static str;

    fn moves(&self, room: &&'static str) -> impl Iterator<Item = &'static str> {
        let doors: &[&'static str] = match *room {
            "hall" => &["library", "kitchen", "attic"],
            // The library and the study lead into each other, and both out to the garden.
            "library" => &["study", "garden"],
            "study" => &["library", "garden"],
            "garden" => &["gate"],
            // The cellar's trapdoor drops back into the cellar.
            "kitchen" => &["cellar"],
            "cellar" => &["cellar", "kitchen", "gate"],
            // The attic and the tower go round in a circle.
            "attic" => &["tower"],
            "tower" => &["attic"],
            _ => &[],
        };
        doors.iter().copied()
    }
}

fn describe(outcome: LoopyOutcome) -> &'static str {
    match outcome {
        LoopyOutcome::P => "the player to move loses",
        LoopyOutcome::N => "the player to move wins",
        LoopyOutcome::Draw => "neither can force a win",
    }
}

fn main() -> ExitCode {
    match parse_arguments() {
        Ok(false) => {}
        Ok(true) => {
            say!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\n\n{HELP}");
            return ExitCode::from(2);
        }
    }
    let mut solver = LoopySolver::new(House);
    say!("A ghost in a house of one-way doors; whoever cannot move it loses.\n");
    say!(
        "{:<8} {:<5} {:<6} {:<9} meaning",
        "room",
        "class",
        "value",
        "good move"
    );
    for room in ROOMS {
        let outcome = solver.outcome(&room).unwrap();
        let value = solver.value(&room).unwrap();
        let good = solver.best_move(&room).unwrap().unwrap_or("-");
        say!(
            "{room:<8} {outcome:<5} {value:<6} {good:<9} {}",
            describe(outcome)
        );
    }
    say!("\nExplored {} rooms.", solver.positions());

    say!("\nTwo ghosts in the house, one move of one ghost per turn:");
    for (a, b) in [
        ("garden", "garden"),
        ("library", "garden"),
        ("library", "kitchen"),
        ("study", "tower"),
    ] {
        let values = [solver.value(&a).unwrap(), solver.value(&b).unwrap()];
        let shown: Vec<String> = values.iter().map(LoopyValue::to_string).collect();
        say!(
            "  {a} + {b}: {} + {} → {}",
            shown[0],
            shown[1],
            sum_outcome(&values)
        );
    }
    ExitCode::SUCCESS
}
