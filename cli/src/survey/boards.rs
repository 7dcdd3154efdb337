//! Board families: every board of a range of sizes of Cram, Chomp or Node Kayles on a grid,
//! each valued by the library (the solver's decomposing search, or Chomp's table) and kept
//! as a [`BoardRecord`].

use std::fmt;
use std::ops::RangeInclusive;
use std::time::Instant;

use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::node_kayles::NodeKayles;
use impartial::{ClosedForm, ImpartialGame, Nimber, SolveError, Solver, TableError};

use super::board_record::BoardRecord;
use super::family::MAX_GAMES;
use crate::args::BoardArguments;

/// The games a board family can be of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    Cram,
    Chomp,
    NodeKayles,
}

impl BoardKind {
    /// Why a board of `rows` × `columns` is no board of this game (too large), if it is not.
    pub fn not_a_board(self, rows: u32, columns: u32) -> Option<String> {
        match self {
            BoardKind::Cram => Cram::new(columns, rows)
                .err()
                .map(|error| error.to_string()),
            BoardKind::NodeKayles => NodeKayles::grid(columns as usize, rows as usize)
                .err()
                .map(|error| error.to_string()),
            BoardKind::Chomp => Chomp::new(rows, columns)
                .err()
                .map(|error| error.to_string()),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Cram => "cram",
            BoardKind::Chomp => "chomp",
            BoardKind::NodeKayles => "node-kayles",
        }
    }
}

/// Every board of `rows` × `columns` of one game, rows varying slowest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardFamily {
    pub kind: BoardKind,
    pub rows: RangeInclusive<u32>,
    pub columns: RangeInclusive<u32>,
}

impl fmt::Display for BoardFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} boards of {} to {} rows and {} to {} columns",
            self.kind.name(),
            self.rows.start(),
            self.rows.end(),
            self.columns.start(),
            self.columns.end()
        )
    }
}

impl BoardFamily {
    /// How many boards the family lists (at most 255², far below [`MAX_GAMES`]).
    pub fn len(&self) -> u64 {
        let count = |sizes: &RangeInclusive<u32>| u64::from(sizes.end() - sizes.start() + 1);
        let len = count(&self.rows) * count(&self.columns);
        debug_assert!(len <= MAX_GAMES);
        len
    }

    /// The rows and columns of the board at `index` (below [`len`](Self::len)).
    pub fn member(&self, index: u64) -> (u32, u32) {
        let width = u64::from(self.columns.end() - self.columns.start() + 1);
        let offset = |start: u32, step: u64| start + u32::try_from(step).unwrap_or(u32::MAX);
        (
            offset(*self.rows.start(), index / width),
            offset(*self.columns.start(), index % width),
        )
    }
}

/// What valuing one board found: its value, or that the state limit stopped it; and the
/// positions stored (Chomp: the diagrams of its table).
pub struct Valued {
    pub value: Option<u32>,
    pub states: u64,
}

/// Why a board has no record: not a board of its game (too large), or a failure.
pub enum Unvalued {
    NotABoard(String),
    Failed(String),
}

/// Values the `rows` × `columns` board of `kind` from its start.
pub fn value_board(
    kind: BoardKind,
    rows: u32,
    columns: u32,
    arguments: &BoardArguments,
) -> Result<Valued, Unvalued> {
    fn not_a_board(error: impl std::error::Error) -> Unvalued {
        Unvalued::NotABoard(error.to_string())
    }
    let limit = arguments
        .states
        .map(|states| usize::try_from(states).unwrap_or(usize::MAX));
    let threads = arguments.threads as usize;
    match kind {
        BoardKind::Cram => {
            let game = Cram::new(columns, rows).map_err(not_a_board)?;
            search(game, game.start(), limit, threads)
        }
        BoardKind::NodeKayles => {
            let game = NodeKayles::grid(columns as usize, rows as usize).map_err(not_a_board)?;
            let start = game.start();
            search(game, start, limit, threads)
        }
        BoardKind::Chomp => {
            let game = Chomp::new(rows, columns).map_err(not_a_board)?;
            // Two bytes a diagram: the limit on states is a limit on the table.
            let budget = limit.map_or(usize::MAX, |states| states.saturating_mul(2));
            match game.values(budget) {
                Ok(values) => {
                    let value = values
                        .grundy(game.start())
                        .map_err(|error| Unvalued::Failed(error.to_string()))?
                        .unwrap_or(Nimber::ZERO);
                    valued(value, values.len())
                }
                Err(TableError::BudgetTooSmall { .. }) if limit.is_some() => Ok(Valued {
                    value: None,
                    states: 0,
                }),
                Err(error) => Err(Unvalued::Failed(error.to_string())),
            }
        }
    }
}

/// `start` valued by the solver's search with the job's state limit and threads: stopped
/// if the limit is reached.
fn search<G>(
    game: G,
    start: G::Position,
    limit: Option<usize>,
    threads: usize,
) -> Result<Valued, Unvalued>
where
    G: ImpartialGame + Sync,
    G::Position: Send + Sync,
{
    let mut solver = Solver::new(game)
        .with_threads(threads)
        .map_err(|error| Unvalued::Failed(error.to_string()))?;
    if let Some(limit) = limit {
        solver = solver.with_state_limit(limit);
    }
    let result = solver.grundy(start);
    let states = solver.stats().states;
    match result {
        Ok(value) => valued(value, states),
        Err(SolveError::StateLimit { .. }) => Ok(Valued {
            value: None,
            states: states as u64,
        }),
        Err(error) => Err(Unvalued::Failed(error.to_string())),
    }
}

/// A board's value, found with `states` positions stored.
fn valued(value: Nimber, states: usize) -> Result<Valued, Unvalued> {
    let value = u32::try_from(value.0)
        .map_err(|_| Unvalued::Failed(format!("the value {value} is past 2^32 − 1")))?;
    Ok(Valued {
        value: Some(value),
        states: states as u64,
    })
}

/// The record of a board valued at `index` of its family.
pub fn record_of(
    kind: BoardKind,
    (rows, columns): (u32, u32),
    index: u64,
    valued: &Valued,
    started: Instant,
    arguments: &BoardArguments,
) -> BoardRecord {
    BoardRecord {
        kind: kind.name().to_string(),
        game: BoardRecord::name(rows, columns),
        index,
        rows,
        columns,
        value: valued.value,
        states: valued.states,
        seconds: started.elapsed().as_secs_f64(),
        state_limit: arguments.states,
        stopped: valued.value.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_lists_every_board_once_rows_first() {
        let family = BoardFamily {
            kind: BoardKind::Cram,
            rows: 2..=4,
            columns: 3..=7,
        };
        assert_eq!(family.len(), 15);
        let boards: Vec<(u32, u32)> = (0..15).map(|index| family.member(index)).collect();
        let mut expected = Vec::new();
        for rows in 2..=4 {
            for columns in 3..=7 {
                expected.push((rows, columns));
            }
        }
        assert_eq!(boards, expected);
        assert_eq!(BoardRecord::name(5, 8), "5x8");
    }

    #[test]
    fn sizes_read_as_one_or_a_range() {
        use crate::args::{parse_sizes, parse_states};
        assert_eq!(parse_sizes("5"), Ok(5..=5));
        assert_eq!(parse_sizes("1-9"), Ok(1..=9));
        for bad in ["0", "3-2", "1-256", "a", "", "1-", "-4"] {
            assert!(parse_sizes(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_states("1e6"), Ok(1_000_000));
        assert!(parse_states("0").is_err());
    }
}
