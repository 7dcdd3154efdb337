//! Implement `ImpartialGame` for a game of your own and solve it: Chomp.
//!
//! A bar of chocolate, `rows × columns` squares; the top-left square is poisoned. A move
//! picks a remaining square and eats it together with every square below and to the right
//! of it. Whoever must eat the poisoned square loses, so a move may not pick it, and the
//! position where only it is left is a loss for the player to move.
//!
//! A strategy-stealing argument (Gale, 1974) proves the first player wins on every
//! rectangle larger than 1×1, but says nothing of *how*. The solver finds the move.
//!
//! ```text
//! cargo run --example custom_game            # boards up to 4 × 7
//! cargo run --example custom_game -- 6 8     # up to 6 rows and 8 columns
//! ```

use std::fmt::Write as _;
use std::process::ExitCode;

use impartial::{ImpartialGame, Nimber, Outcome, Solver};

#[macro_use]
#[path = "common/output.rs"]
mod output;

/// The most rows a board may have: positions are arrays, small and cheap to hash.
const MAX_ROWS: usize = 8;
/// The most columns: row lengths are stored in a `u8`.
const MAX_COLUMNS: u8 = 16;

/// A Chomp position: the number of squares left in each row, never increasing downwards.
type Board = [u8; MAX_ROWS];

/// The rules of Chomp. It has no parameters: every board size plays by the same rules.
struct Chomp;

impl ImpartialGame for Chomp {
    type Position = Board;

    fn moves(&self, board: &Board) -> impl Iterator<Item = Board> {
        // Eat square (row, column) and everything below and to the right of it.
        (0..MAX_ROWS).flat_map(move |row| {
            (0..board[row]).filter_map(move |column| {
                if row == 0 && column == 0 {
                    return None; // the poisoned square is never chosen
                }
                let mut after = *board;
                for length in &mut after[row..] {
                    *length = (*length).min(column);
                }
                Some(after)
            })
        })
    }
}

fn rectangle(rows: usize, columns: u8) -> Board {
    let mut board = [0; MAX_ROWS];
    board[..rows].fill(columns);
    board
}

/// The square a move eats: the first cell where the two boards differ.
fn eaten_square(before: Board, after: Board) -> (usize, u8) {
    let row = (0..MAX_ROWS)
        .find(|&row| before[row] != after[row])
        .unwrap_or(0);
    (row, after[row])
}

fn draw(board: Board) -> String {
    let mut picture = String::new();
    for (row, &length) in board
        .iter()
        .enumerate()
        .take_while(|(_, length)| **length > 0)
    {
        for column in 0..length {
            picture.push(if row == 0 && column == 0 { 'X' } else { '#' });
        }
        picture.push('\n');
    }
    picture
}

/// `text` as a number in `range`, or a message naming `what` and the bad text.
fn parse_bounded<T>(text: &str, what: &str, range: std::ops::RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    text.parse()
        .ok()
        .filter(|value| range.contains(value))
        .ok_or_else(|| {
            format!(
                "{what} must be a number from {} to {}, got {text:?}",
                range.start(),
                range.end()
            )
        })
}

const HELP: &str = "\
Chomp, solved by the general method: who wins each board, and the winning bite.

usage: custom_game [ROWS COLUMNS]

  ROWS COLUMNS  the largest board, 1 to 8 rows and 1 to 16 columns (default 4 7)
  -h, --help    this help";

/// The largest board asked for, `None` for `--help`, or what is wrong.
fn parse_arguments() -> Result<Option<(usize, u8)>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut sizes = Vec::new();
    let mut parser = lexopt::Parser::from_env();
    while let Some(argument) = parser.next()? {
        match argument {
            Short('h') | Long("help") => return Ok(None),
            Value(value) => sizes.push(value.string()?),
            _ => return Err(argument.unexpected()),
        }
    }
    match sizes.as_slice() {
        [] => Ok(Some((4, 7))),
        [rows, columns] => {
            let rows = parse_bounded(rows, "rows", 1..=MAX_ROWS)?;
            let columns = parse_bounded(columns, "columns", 1..=MAX_COLUMNS)?;
            Ok(Some((rows, columns)))
        }
        _ => Err(format!(
            "give both ROWS and COLUMNS, or neither; got {}",
            sizes.join(" ")
        )
        .into()),
    }
}

fn main() -> ExitCode {
    let (max_rows, max_columns) = match parse_arguments() {
        Ok(Some(sizes)) => sizes,
        Ok(None) => {
            say!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    // Chomp boards of up to 8 × 16 have at most C(24, 8) = 735 471 positions; cap the
    // memo well above that rather than trusting the arithmetic.
    let mut solver = Solver::new(Chomp).with_state_limit(5_000_000);
    say!("Chomp: who wins, and the winning bite (row, column), counted from 0.\n");
    let mut table = String::new();
    for rows in 1..=max_rows {
        for columns in 1..=max_columns {
            let board = rectangle(rows, columns);
            let entry = match solver.winning_move(board) {
                Ok(Some(after)) => {
                    let (row, column) = eaten_square(board, after);
                    format!("N ({row},{column})")
                }
                Ok(None) => format!("{}", Outcome::P),
                Err(error) => {
                    eprintln!("error: {error}");
                    return ExitCode::FAILURE;
                }
            };
            let _ = write!(table, "{entry:>9}");
        }
        table.push('\n');
    }
    say!("rows ↓ columns → 1..={max_columns}\n{table}");

    let board = rectangle(max_rows, max_columns);
    let value: Nimber = match solver.grundy(board) {
        Ok(value) => value,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    say!("The {max_rows} × {max_columns} board has Sprague–Grundy value {value}:");
    say_on!("{}", draw(board));
    // Every option of the board was valued above, so these answers come from the memo.
    if let Ok(Some(after)) = solver.winning_move(board) {
        let (row, column) = eaten_square(board, after);
        say!("Bite at row {row}, column {column}, leaving a P-position:");
        say_on!("{}", draw(after));
    }
    let stats = solver.stats();
    say!(
        "\nThe solver stored {} positions in {} KiB ({} bytes an entry).",
        stats.states,
        stats.bytes / 1024,
        stats.bytes_per_entry
    );
    ExitCode::SUCCESS
}
