//! Chomp: a bar of chocolate whose top left square is poisoned; a move eats a square and
//! every square below it and to its right; whoever must eat the poison loses.
//!
//! Played as an impartial game in normal play: the poison is not a move, so the player
//! facing the poison alone cannot move and loses. Every position is a *Young diagram* — rows
//! that never grow from top to bottom — so a position ([`ChompPosition`]) is its row lengths,
//! 8 bits a row in a `u128` (row 0, the poisoned one, in the low byte): up to 16 rows of up to
//! 255 squares.
//!
//! The ruleset gives the solver:
//!
//! - [`dense_index`](ImpartialGame::dense_index): the diagrams in a box of `R` rows and `C`
//!   columns are counted by the binomial C(R + C, R), and each gets its rank among them, so
//!   the solver keeps 4 bytes a diagram in an array — 10.4 million for a 13 × 13 bar;
//! - [`known_grundy`](ImpartialGame::known_grundy): a diagram of one row and one column (an
//!   *L*) is two Nim heaps, its arms, and worth their nim-sum.
//!
//! A diagram and its transpose (rows read as columns) are the same game; the ranks keep
//! them apart, which costs less than turning every diagram to compare it with its transpose.
//!
//! For the value of a whole bar, or of many diagrams of one, [`Chomp::values`] is faster
//! than the solver: it fills a table of every diagram's value bottom-up in the order of the
//! ranks ([`ChompValues`]), each option a subtraction and a read, in two bytes a diagram
//! (`bash benches/frontier_vs_igsolve.sh` times it beside igsolve). The solver remains the
//! way to ask about a few positions of a large bar, or with a budget smaller than the table.
//!
//! A rectangle larger than one square is a first-player win (a strategy-stealing argument:
//! if eating the bottom right square lost, the reply that wins would have been a first move
//! too), but which first move wins is known only by search.
//!
//! ```
//! use impartial::chomp::Chomp;
//! use impartial::{ImpartialGame, Nimber, Outcome, Solver};
//!
//! let game = Chomp::new(4, 7)?;
//! let mut solver = Solver::new(game.clone());
//! assert_eq!(solver.outcome(game.start())?, Outcome::N);
//! let winning = solver.winning_move(game.start())?.expect("the first player wins");
//! assert_eq!(solver.outcome(winning)?, Outcome::P);
//! println!("{}", game.display(winning));
//! // An L of arms 3 and 5 is Nim with heaps 3 and 5.
//! let l = game.diagram(&[6, 1, 1, 1])?;
//! assert_eq!(game.known_grundy(&l), Some(Nimber(3 ^ 5)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod diagram;
mod values;

use std::fmt;

use diagram::{check_diagram, length, options};

use crate::error::TableError;
use crate::game::{ImpartialGame, Nimber, PositionError};

pub use diagram::{ChompError, ChompPosition, MAX_COLUMNS, MAX_ROWS};
pub use values::{ChompMove, ChompValues};

/// Chomp on a bar of `rows` × `columns` squares; its positions are [`ChompPosition`]s.
///
/// # Examples
///
/// ```
/// use impartial::chomp::Chomp;
/// use impartial::ImpartialGame;
///
/// let game = Chomp::new(2, 3)?;
/// assert_eq!(game.start().lengths(), [3, 3]);
/// // Any square but the poison: five moves.
/// assert_eq!(game.moves(&game.start()).count(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Chomp {
    rows: u32,
    columns: u32,
    /// `ranks[row][length]`: how many diagrams of the box come before those whose rows up
    /// to `row` are fixed and whose row `row` has `length` squares, counted over the choices
    /// of that row — summed over the rows, a diagram's rank. Sized for every row and length
    /// a `u128` of bytes can hold, so that no index is out of bounds. Counts past
    /// `u64::MAX` (sixteen rows of 255 squares have about 4 · 10²⁵ diagrams) saturate.
    ranks: Box<[[u64; 256]]>,
}

impl fmt::Debug for Chomp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Chomp")
            .field("rows", &self.rows)
            .field("columns", &self.columns)
            .finish_non_exhaustive()
    }
}

impl Chomp {
    /// The game on a bar of `rows` × `columns` squares.
    ///
    /// # Errors
    ///
    /// [`ChompError::BarSize`] for no rows or columns, more than [`MAX_ROWS`] rows or more
    /// than [`MAX_COLUMNS`] columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// assert!(Chomp::new(16, 255).is_ok());
    /// assert!(Chomp::new(17, 3).is_err());
    /// assert!(Chomp::new(3, 0).is_err());
    /// ```
    pub fn new(rows: u32, columns: u32) -> Result<Self, ChompError> {
        if rows == 0 || columns == 0 || rows > MAX_ROWS || columns > MAX_COLUMNS {
            return Err(ChompError::BarSize { rows, columns });
        }
        let ranks = diagram::rank_table(rows, columns);
        Ok(Chomp {
            rows,
            columns,
            ranks,
        })
    }

    /// The nimber of every diagram of the bar, computed bottom-up in the order of their
    /// ranks ([`ChompValues`]): Chomp's own method, several times faster than the solver's
    /// search for a whole bar, in two bytes a diagram — C(rows + columns, rows) of them,
    /// 20.8 MB for 13 × 13.
    ///
    /// # Errors
    ///
    /// [`TableError::BudgetTooSmall`] if the table would take more than `budget` bytes
    /// (`least` says how many it needs), [`TableError::OutOfMemory`] if they cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    /// use impartial::{ClosedForm, Outcome, TableError};
    ///
    /// let game = Chomp::new(8, 8)?;
    /// let values = game.values(1 << 20)?;
    /// assert_eq!(values.outcome(game.start())?, Outcome::N);
    /// let error = Chomp::new(16, 255)?.values(1 << 30).unwrap_err();
    /// assert!(matches!(error, TableError::BudgetTooSmall { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values(&self, budget: usize) -> Result<ChompValues, TableError> {
        values::compute(self.rows, self.columns, self.ranks.clone(), budget)
    }

    /// The rows of the bar.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// assert_eq!(Chomp::new(4, 7)?.rows(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The columns of the bar.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// assert_eq!(Chomp::new(4, 7)?.columns(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// The whole bar.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// let game = Chomp::new(3, 2)?;
    /// assert_eq!(game.start().lengths(), [2, 2, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> ChompPosition {
        ChompPosition((0..self.rows).fold(0u128, |bar, row| {
            bar | u128::from(self.columns) << (8 * row)
        }))
    }

    /// The position with rows of `lengths` squares, from the poisoned row down (rows not
    /// given are empty).
    ///
    /// # Errors
    ///
    /// [`ChompError::NotADiagram`] for rows that grow, a first row without the poison (0
    /// squares), more rows than the bar has (trailing empty rows are allowed), or a row
    /// longer than the bar.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// let game = Chomp::new(3, 4)?;
    /// assert_eq!(game.diagram(&[4, 2])?.lengths(), [4, 2]);
    /// assert!(game.diagram(&[2, 3]).is_err());
    /// assert!(game.diagram(&[5]).is_err());
    /// assert!(game.diagram(&[1, 1, 1, 1]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn diagram(&self, lengths: &[u32]) -> Result<ChompPosition, ChompError> {
        diagram::check(lengths, self.rows, self.columns)?;
        Ok(ChompPosition(
            lengths
                .iter()
                .take(self.rows as usize)
                .zip(0..)
                .fold(0u128, |diagram, (&length, row)| {
                    diagram | u128::from(length) << (8 * row)
                }),
        ))
    }

    /// `position` drawn as rows of `#` (squares left, `X` the poison), for printing.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// let game = Chomp::new(2, 3)?;
    /// assert_eq!(game.display(game.diagram(&[3, 1])?).to_string(), "X##\n#..\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn display(&self, position: ChompPosition) -> impl fmt::Display + '_ {
        Picture {
            game: self,
            position: position.0,
        }
    }
}

/// A position drawn for [`Chomp::display`].
struct Picture<'g> {
    game: &'g Chomp,
    position: u128,
}

impl fmt::Display for Picture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.game.rows {
            let squares = length(self.position, row);
            for column in 0..self.game.columns {
                let mark = match (row, column) {
                    (0, 0) => "X",
                    _ if column < squares => "#",
                    _ => ".",
                };
                f.write_str(mark)?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl ImpartialGame for Chomp {
    type Position = ChompPosition;

    /// A diagram of this game's bar: a diagram of a smaller bar is one of this bar too (its
    /// moves and value are the diagram's own), one that does not fit is refused.
    fn check_position(&self, &position: &ChompPosition) -> Result<(), PositionError> {
        check_diagram(position, self.rows, self.columns)
    }

    /// Every square but the poison, column by column; eating square `(row, column)` cuts
    /// the rows from `row` to the last one longer than `column` — a run of bytes, set in
    /// one step.
    fn moves(&self, &position: &ChompPosition) -> impl Iterator<Item = ChompPosition> {
        options(position)
    }

    fn known_grundy(&self, &ChompPosition(position): &ChompPosition) -> Option<Nimber> {
        // An L: the first row and the first column, two Nim heaps.
        if length(position, 1) > 1 {
            return None;
        }
        let arm = length(position, 0).checked_sub(1)?;
        let leg = (1..self.rows)
            .take_while(|&row| length(position, row) == 1)
            .count() as u32;
        Some(Nimber(u128::from(arm ^ leg)))
    }

    fn dense_index(&self, &ChompPosition(position): &ChompPosition) -> Option<usize> {
        usize::try_from(diagram::rank(&self.ranks, position)?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ranks are a bijection onto 0..C(R + C, R) on a few boxes.
    #[test]
    fn ranks_number_every_diagram_once() {
        for (rows, columns) in [(1, 1), (1, 5), (3, 1), (3, 4), (4, 3), (5, 5)] {
            let game = Chomp::new(rows, columns).unwrap();
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![game.start()];
            let mut all = std::collections::HashSet::new();
            while let Some(position) = stack.pop() {
                if all.insert(position) {
                    stack.extend(game.moves(&position));
                }
            }
            for &position in &all {
                assert!(seen.insert(game.dense_index(&position).unwrap()));
            }
            // Every diagram with the poison: C(R + C, R) less the empty one.
            let binomial = (0..rows).fold(1u64, |product, i| {
                product * u64::from(rows + columns - i) / u64::from(i + 1)
            });
            assert_eq!(all.len() as u64, binomial - 1, "{rows}x{columns}");
            assert!(seen.iter().all(|&index| (index as u64) < binomial));
        }
    }
}
