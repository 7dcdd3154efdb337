//! Cram: players take turns placing a domino on two free cells that are side by side, in a
//! row or in a column; whoever cannot place one loses.
//!
//! The benchmark game of impartial-game search. A position of a board of at most 64 cells is
//! a [`CramPosition`], one bit a free cell; a move clears two adjacent bits. The ruleset tells the solver what makes
//! Cram fast to search, through the hooks any ruleset may implement:
//!
//! - [`components`](crate::Decompose::components): the free cells fall into regions no domino
//!   joins, and the board is the sum of its regions — deep in the game, most boards split.
//!   First the cells that change no value are dropped (the reductions of Beling's solver
//!   igsolve: cells no domino covers, all but one of the cells hanging on one neighbour,
//!   cells between such neighbours), which splits boards further;
//! - [`canonical`](crate::Decompose::canonical): a region, moved to the corner and turned or
//!   mirrored to the least of its eight images (those that fit the board), is one entry of
//!   the solver's table for all of them;
//! - [`known_grundy`](ImpartialGame::known_grundy): a board that a half turn maps onto itself
//!   with no domino on its centre is a second-player win — the second player answers every
//!   move with its mirror image — so its value is `*0` (this is why even-by-even boards are
//!   lost for the first player), asked of the board as given (the search's parts are
//!   reduced already);
//! - [`grundy_bound`](crate::Decompose::grundy_bound): the fewer of the free dark and light
//!   cells of a chessboard colouring, since a domino covers one of each and a value is at
//!   most the length of the longest play;
//! - [`search_size`](crate::Decompose::search_size): the free cells, so that the solver values
//!   the small regions of a sum and searches the largest last;
//! - the order of [`moves`](ImpartialGame::moves): dominoes near the middle first, the
//!   direction of the domino a half turn maps onto itself first — the moves that most often
//!   win (they leave a symmetric board) are tried first.
//!
//! ```
//! use impartial::cram::Cram;
//! use impartial::{Nimber, Outcome, Solver};
//!
//! let game = Cram::new(4, 5)?;
//! let mut solver = Solver::new(game);
//! assert_eq!(solver.grundy(game.start())?, Nimber(2));
//! // A winning move for the first player: a board of value *0 for the second.
//! let winning = solver.winning_move(game.start())?.expect("the first player wins");
//! assert_eq!(solver.outcome(winning)?, Outcome::P);
//! println!("{}", game.display(winning));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod position;

use std::fmt;

use crate::game::{Decompose, Decomposition};
use crate::game::{ImpartialGame, Nimber, PositionError};

pub use position::CramPosition;

/// Cram on a board of `width` columns and `height` rows (at most 64 cells); its positions
/// are [`CramPosition`]s.
///
/// # Examples
///
/// ```
/// use impartial::cram::Cram;
/// use impartial::ImpartialGame;
///
/// let game = Cram::new(3, 2)?;
/// assert_eq!(game.start().bits(), 0b111_111);
/// // Two dominoes across in each row, and three down.
/// assert_eq!(game.moves(&game.start()).count(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cram {
    width: u32,
    height: u32,
    /// The board as its positions keep it.
    board: std::num::NonZeroU16,
    /// Every cell of the board.
    all: u64,
    /// The cells with a neighbour to their right (not in the last column).
    has_right: u64,
    /// The cells with a neighbour below (not in the last row).
    has_below: u64,
    /// The cells of a chessboard's one colour: a domino covers one of them and one other.
    dark: u64,
    /// The cells of the first column, and of the first row.
    first_column: u64,
    first_row: u64,
    /// The row of each bit (a division by the width, read from a table).
    rows_of_bits: [u8; 64],
    /// For a board at most 8 wide, the rows that move in each of [`spread`](Cram::spread)'s
    /// three steps (none for a wider board).
    spread_steps: [u64; 3],
}

/// A Cram board or position that cannot be made.
///
/// # Examples
///
/// ```
/// use impartial::cram::{Cram, CramError};
///
/// assert_eq!(Cram::new(5, 13).unwrap_err(), CramError::BoardSize { width: 5, height: 13 });
/// assert_eq!(
///     Cram::new(0, 3).unwrap_err().to_string(),
///     "a board of 0 × 3 cells: Cram takes 1 to 64 cells"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CramError {
    /// A board with no cells, or more than 64.
    #[error("a board of {width} × {height} cells: Cram takes 1 to 64 cells")]
    BoardSize {
        /// The columns asked for.
        width: u32,
        /// The rows asked for.
        height: u32,
    },
    /// Free cells past the board.
    #[error("bits {bits:#x} are past the board's cells")]
    OffBoard {
        /// The bits past the board.
        bits: u64,
    },
}

impl fmt::Debug for Cram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cram")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

impl Cram {
    /// The game on a board of `width` columns and `height` rows.
    ///
    /// # Errors
    ///
    /// [`CramError::BoardSize`] for an empty board or one of more than 64 cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert!(Cram::new(8, 8).is_ok());
    /// assert!(Cram::new(5, 13).is_err());
    /// assert!(Cram::new(0, 3).is_err());
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Self, CramError> {
        let cells = u64::from(width) * u64::from(height);
        if width == 0 || height == 0 || cells > 64 {
            return Err(CramError::BoardSize { width, height });
        }
        let all = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let last_column =
            (0..height).fold(0u64, |mask, row| mask | 1u64 << (row * width + width - 1));
        let last_row = all & !all.checked_shr(width).unwrap_or(0);
        Ok(Cram {
            width,
            height,
            board: CramPosition::board_of(width, height),
            all,
            has_right: all & !last_column,
            has_below: all & !last_row,
            dark: (0..cells).fold(0u64, |dark, bit| {
                let (row, column) = (bit / u64::from(width), bit % u64::from(width));
                dark | u64::from((row + column) % 2 == 0) << bit
            }),
            first_column: last_column >> (width - 1),
            first_row: all >> (width * (height - 1)),
            // At most 64 cells, so at most 64 rows: each fits a byte.
            rows_of_bits: std::array::from_fn(|bit| (bit as u32 / width) as u8),
            spread_steps: spread_steps(width),
        })
    }

    /// The empty board: every cell free.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(8, 8)?.start().bits(), u64::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> CramPosition {
        self.at(self.all)
    }

    /// The position of the free cells `free` on this board.
    #[inline]
    fn at(&self, free: u64) -> CramPosition {
        CramPosition::of_board(self.board, free)
    }

    /// The position whose free cells are the bits of `free` (bit `row · width + column`).
    ///
    /// # Errors
    ///
    /// [`CramError::OffBoard`] if `free` has a bit past the board's cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::{Cram, CramError};
    ///
    /// let game = Cram::new(3, 2)?;
    /// assert_eq!(game.position(0b011_110)?.free_cells(), 4);
    /// assert_eq!(game.position(1 << 6), Err(CramError::OffBoard { bits: 1 << 6 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, free: u64) -> Result<CramPosition, CramError> {
        match free & !self.all {
            0 => Ok(self.at(free)),
            bits => Err(CramError::OffBoard { bits }),
        }
    }

    /// The board's columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(5, 3)?.width(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The board's rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(5, 3)?.height(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The bit of the cell in `row` and `column`, if it is on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// let game = Cram::new(3, 2)?;
    /// assert_eq!(game.cell(1, 2), Some(1 << 5));
    /// assert_eq!(game.cell(2, 0), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cell(&self, row: u32, column: u32) -> Option<u64> {
        (row < self.height && column < self.width).then(|| 1u64 << (row * self.width + column))
    }

    /// `position` drawn as rows of `.` (free) and `#` (covered), for printing.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// let game = Cram::new(3, 2)?;
    /// assert_eq!(game.display(game.position(0b011_110)?).to_string(), "#..\n..#\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn display(&self, position: CramPosition) -> impl fmt::Display + use<> {
        // Drawn on its own board, which is this one's for a position of this game.
        let (width, height) = position.board();
        Picture {
            width,
            height,
            position: position.bits(),
        }
    }

    /// The cells next to `cells` (in the board).
    fn around(&self, cells: u64) -> u64 {
        ((cells & self.has_right) << 1)
            | ((cells >> 1) & self.has_right)
            | self.row_down(cells)
            | self.row_up(cells)
    }

    /// `free` with cells dropped that change no value, until none is left to drop (the
    /// reductions of Beling's igsolve, each proved by showing both boards have the same
    /// options' values):
    ///
    /// - a cell with no free neighbour: no domino covers it;
    /// - of two *tufts* (cells with one free neighbour) on one *centre*, one: a domino on the
    ///   centre kills both, and the two dominoes on a tuft lead to boards that differ by a
    ///   dead cell;
    /// - a *bridge*, a cell all of whose free neighbours are centres of tufts: a domino on
    ///   the bridge and a centre leaves the board a domino on that centre and its tuft
    ///   leaves, up to a dead cell, and in every board reached otherwise the bridge is a
    ///   bridge, a second tuft or dead.
    ///
    /// Tests hold the reduced board's value to the plain search's on random boards.
    pub(crate) fn reduced(&self, mut free: u64) -> u64 {
        loop {
            let next = self.reduced_once(free);
            if next == free {
                return free;
            }
            free = next;
        }
    }

    /// One round of [`reduced`](Self::reduced)'s drops, all decided on `free` as it stands.
    fn reduced_once(&self, free: u64) -> u64 {
        // The free cells with a free neighbour in each direction.
        let right = free & (free >> 1) & self.has_right;
        let left = free & ((free & self.has_right) << 1);
        let below = free & self.row_up(free);
        let above = free & self.row_down(free);
        let two_or_more = (right & left) | ((right | left) & (below | above)) | (below & above);
        let tufts = (right ^ left ^ below ^ above) & !two_or_more;
        // Each centre keeps its first tuft, in the order below, right, above, left.
        let mut centres = self.row_down(tufts & below);
        let mut dropped = 0;
        let from_right = (tufts & right) << 1;
        dropped |= (centres & from_right) >> 1;
        centres |= from_right;
        let from_above = self.row_up(tufts & above);
        dropped |= self.row_down(centres & from_above);
        centres |= from_above;
        let from_left = (tufts & left) >> 1;
        dropped |= (centres & from_left) << 1;
        centres |= from_left;
        // Neither tuft nor centre, with no such neighbour: every free neighbour is a centre
        // (a tuft's neighbour is a centre); with none, a dead cell.
        let others = free & !(tufts | centres);
        let bridges = others & !self.around(others);
        free & !(dropped | bridges)
    }

    /// The region of `free` that holds the lowest cell of `seed`.
    fn region(&self, free: u64, seed: u64) -> u64 {
        // The free cells with a neighbour on the left, and on the right: a shift across
        // masked by them stays in its row. A shift down or up needs no mask, as it leaves
        // the board or the word or (a single row of 64) shifts by nothing.
        let with_left = free & (self.has_right << 1);
        let with_right = free & self.has_right;
        let mut region = seed & seed.wrapping_neg();
        loop {
            let grown = region
                | ((region << 1) & with_left)
                | ((region >> 1) & with_right)
                | (region.wrapping_shl(self.width) & free)
                | (region.wrapping_shr(self.width) & free);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// `cells` (on the board) one row up: the first row falls off. A masked shift, not a
    /// checked one: no branch or select for the one board, a single row of 64, whose
    /// shift would overflow (it has no row below, so the mask is empty).
    fn row_up(&self, cells: u64) -> u64 {
        cells.wrapping_shr(self.width) & self.has_below
    }

    /// `cells` one row down: the last row falls off, as in [`row_up`](Self::row_up).
    fn row_down(&self, cells: u64) -> u64 {
        (cells & self.has_below).wrapping_shl(self.width)
    }

    /// The row of bit `bit`.
    fn row_of(&self, bit: u32) -> u32 {
        u32::from(self.rows_of_bits[bit as usize])
    }

    /// The columns of `cells`, as bits of the first row: every row folded onto it.
    fn columns(&self, mut cells: u64) -> u64 {
        let mut step = self.width;
        while step < u64::BITS {
            cells |= cells >> step;
            step *= 2;
        }
        cells & self.first_row
    }

    /// `cells` (not empty) moved to the top left corner of the board, and the size of the
    /// box around them.
    fn cornered(&self, cells: u64) -> (u64, Bounds) {
        let (top, left, bounds) = self.bounds(cells);
        ((cells >> (top * self.width)) >> left, bounds)
    }

    /// The box around `cells` (not empty): its top row, its left column and its size.
    fn bounds(&self, cells: u64) -> (u32, u32, Bounds) {
        let top = self.row_of(cells.trailing_zeros());
        let bottom = self.row_of(u64::BITS - 1 - cells.leading_zeros());
        let columns = self.columns(cells >> (top * self.width));
        let left = columns.trailing_zeros();
        let right = u64::BITS - 1 - columns.leading_zeros();
        let bounds = Bounds {
            width: right - left + 1,
            height: bottom - top + 1,
        };
        (top, left, bounds)
    }

    /// The cells of `cells` in `row`, as the low bits.
    fn row(&self, cells: u64, row: u32) -> u64 {
        (cells >> (row * self.width)) & self.first_row
    }

    /// A half turn of the cornered region `cells` in its box: one bit reversal of the word.
    fn half_turn(&self, cells: u64, bounds: Bounds) -> u64 {
        let span = (bounds.height - 1) * self.width + bounds.width;
        cells.reverse_bits() >> (u64::BITS - span)
    }

    /// The cornered region `cells` upside down in its box.
    fn upside_down(&self, cells: u64, bounds: Bounds) -> u64 {
        (0..bounds.height).fold(0, |turned, row| {
            turned | self.row(cells, row) << ((bounds.height - 1 - row) * self.width)
        })
    }

    /// The cornered region `cells` mirrored about its box's diagonal, cell by cell, and the
    /// new box; it must fit the board (`bounds.height ≤ width`, `bounds.width ≤ height`).
    fn transposed(&self, cells: u64, bounds: Bounds) -> (u64, Bounds) {
        let turned = Bounds {
            width: bounds.height,
            height: bounds.width,
        };
        let mut image = 0;
        let mut rest = cells;
        while rest != 0 {
            let bit = rest.trailing_zeros();
            rest &= rest - 1;
            let row = self.row_of(bit);
            let column = bit - row * self.width;
            image |= 1 << (column * self.width + row);
        }
        (image, turned)
    }

    /// The least of the images of `cells` (a region) under the symmetries of the rectangle
    /// around it that fit the board, moved to the top left corner. Within 8 × 8 cells the
    /// images are those of an 8 × 8 bit matrix (byte swaps, bit reversals, a transpose in
    /// three delta swaps), ordered by that encoding; a larger region's in the board, where a
    /// half turn is one bit reversal and upside down a pass over the rows.
    fn least_image(&self, cells: u64) -> u64 {
        if self.height <= 8 && self.width <= 8 {
            return self.gathered(self.least_matrix(self.spread(cells)));
        }
        let (cornered, bounds) = self.cornered(cells);
        if bounds.width <= 8 && bounds.height <= 8 {
            if self.width <= 8 {
                return self.gathered(self.least_matrix(self.spread(cornered)));
            }
            let matrix = (0..bounds.height).fold(0u64, |matrix, row| {
                matrix | self.row(cornered, row) << (8 * row)
            });
            let least = self.least_matrix(matrix);
            let height = (u64::BITS - least.leading_zeros()).div_ceil(8);
            return (0..height).fold(0u64, |image, row| {
                image | ((least >> (8 * row)) & 0xFF) << (row * self.width)
            });
        }
        let mut least = self.least_of_four(cornered, bounds);
        if bounds.height <= self.width && bounds.width <= self.height {
            let (transposed, turned) = self.transposed(cornered, bounds);
            least = least.min(self.least_of_four(transposed, turned));
        }
        least
    }

    /// The least image, cornered, of a region (not empty) given as an 8 × 8 bit matrix, as
    /// [`least_image`](Self::least_image) orders them: its box found and cornered in the
    /// matrix, where the columns are the bytes folded together and no row crosses a byte.
    fn least_matrix(&self, matrix: u64) -> u64 {
        let top = matrix.trailing_zeros() / 8;
        let bottom = (u64::BITS - 1 - matrix.leading_zeros()) / 8;
        let mut columns = matrix | matrix >> 32;
        columns |= columns >> 16;
        columns = (columns | columns >> 8) & 0xFF;
        let left = columns.trailing_zeros();
        let right = u64::BITS - 1 - columns.leading_zeros();
        let bounds = Bounds {
            width: right - left + 1,
            height: bottom - top + 1,
        };
        let cornered = matrix >> (8 * top + left);
        let mut least = least_flip(cornered, bounds);
        if bounds.height <= self.width && bounds.width <= self.height {
            let turned = Bounds {
                width: bounds.height,
                height: bounds.width,
            };
            least = least.min(least_flip(transpose8(cornered), turned));
        }
        least
    }

    /// `cells` of a board at most 8 wide with its rows moved 8 bits apart, as in an 8 × 8
    /// bit matrix: the last four rows moved up by four rows' gap, then the last two of each
    /// four by two rows' gap, then each odd row by one — three masked shifts, where a loop
    /// would move the rows one at a time.
    fn spread(&self, mut cells: u64) -> u64 {
        let gap = 8 - self.width;
        if gap == 0 {
            return cells;
        }
        for (step, &moving) in self.spread_steps.iter().enumerate() {
            let shift = (4 >> step) * gap;
            cells = (cells & !moving) | (cells & moving) << shift;
        }
        cells
    }

    /// The rows of an 8 × 8 bit matrix back to the board's width (at most 8):
    /// [`spread`](Self::spread) undone, its steps in reverse.
    fn gathered(&self, mut matrix: u64) -> u64 {
        let gap = 8 - self.width;
        if gap == 0 {
            return matrix;
        }
        for (step, &moving) in self.spread_steps.iter().enumerate().rev() {
            let shift = (4 >> step) * gap;
            let moved = moving << shift;
            matrix = (matrix & !moved) | (matrix & moved) >> shift;
        }
        matrix
    }

    /// The least of the cornered region `cells`, its half turn, and both upside down.
    fn least_of_four(&self, cells: u64, bounds: Bounds) -> u64 {
        let flipped = self.upside_down(cells, bounds);
        cells
            .min(self.half_turn(cells, bounds))
            .min(flipped)
            .min(self.half_turn(flipped, bounds))
    }

    /// Whether the half turn of the whole board maps `cells` onto a shift of them: true of
    /// every set a half turn of its own box maps onto itself (that half turn is the board's
    /// and a move of the box, and a move within the board is a shift of the bits), and
    /// cheaper to rule out than the box's half turn is to write.
    fn turns_into_a_shift(&self, cells: u64) -> bool {
        let cells_on_board = self.all.count_ones();
        let turned = cells.reverse_bits() >> (u64::BITS - cells_on_board);
        let (to, from) = (turned.trailing_zeros(), cells.trailing_zeros());
        if to >= from {
            cells << (to - from) == turned
        } else {
            cells >> (from - to) == turned
        }
    }

    /// Whether a half turn of its bounding box maps `cells` onto itself, with
    /// no domino of it on the centre: then the second player wins by answering every move
    /// with its mirror image.
    fn mirror_wins(&self, cells: u64) -> bool {
        // The half turn pairs the cells, but for the centre cell of an odd-by-odd box, which
        // must be covered: an odd count is never a mirror image of itself.
        if cells.count_ones() % 2 == 1 || !self.turns_into_a_shift(cells) {
            return false;
        }
        let (cornered, bounds) = self.cornered(cells);
        if self.half_turn(cornered, bounds) != cornered {
            return false;
        }
        let Bounds { width, height } = bounds;
        let row = |row: u32| self.row(cornered, row);
        // A domino on the centre is its own mirror image: the centre is between two cells
        // only when one side of the box is even and the other odd.
        let (middle_row, middle_column) = (height / 2, width / 2);
        match (width % 2, height % 2) {
            (0, 1) => (row(middle_row) >> (middle_column - 1)) & 0b11 != 0b11,
            (1, 0) => (row(middle_row - 1) & row(middle_row)) >> middle_column & 1 == 0,
            // The centre is a cell: a domino on it overlaps its mirror image.
            (1, 1) => row(middle_row) >> middle_column & 1 == 0,
            _ => true,
        }
    }
}

/// The size of a bounding box.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    width: u32,
    height: u32,
}

/// A position drawn for [`Cram::display`].
struct Picture {
    width: u32,
    height: u32,
    position: u64,
}

impl fmt::Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.height {
            for column in 0..self.width {
                let free = self.position >> (row * self.width + column) & 1 == 1;
                f.write_str(if free { "." } else { "#" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl ImpartialGame for Cram {
    type Position = CramPosition;

    /// A position of this board: the bits of another board's would mean other cells.
    fn check_position(&self, position: &CramPosition) -> Result<(), PositionError> {
        let (width, height) = position.board();
        if (width, height) != (self.width, self.height) {
            return Err(PositionError::new(format!(
                "a position of the {width} × {height} board, not of the {} × {} board",
                self.width, self.height
            )));
        }
        match position.bits() & !self.all {
            0 => Ok(()),
            bits => Err(PositionError::new(format!(
                "bits {bits:#x} are past the board's cells"
            ))),
        }
    }

    /// Dominoes near the middle of the free cells first — down ones from the middle column
    /// outwards, then across ones from the middle row — as they split the board most often,
    /// and the search looks at the options in this order among those of equal cost.
    fn moves(&self, position: &CramPosition) -> impl Iterator<Item = CramPosition> {
        // Bits past the board are no cells (a position made by hand is checked against the
        // board only when asked about): a domino on them would be found by no search for
        // the middle, which grows within the board.
        let free = position.bits() & self.all;
        let across = free & (free >> 1) & self.has_right;
        let down = free & self.row_up(free);
        MiddleFirst {
            game: self,
            free,
            first: Dominoes {
                cells: down,
                near: 0,
                step: self.width,
            },
            then: Dominoes {
                cells: across,
                near: 0,
                step: 1,
            },
            ordered: false,
        }
    }

    const DECOMPOSITION: Option<Decomposition<Self>> = Some(Decomposition::of());

    /// The value of the board as given, when it is empty (`*0`), one domino (`*1`), or lost
    /// by the mirror strategy (`*0`). The board is not reduced first: the decomposing search
    /// asks this of the parts [`components`](crate::Decompose::components) gives, reduced
    /// already, and reducing them again cost 5 % of Cram 5 × 8's work for no answer found
    /// (the search asks 8.4 million times and 368 are answered). Reduce a board first to
    /// find more: a strip of three is `*1`, as its reduction, one domino.
    fn known_grundy(&self, position: &CramPosition) -> Option<Nimber> {
        let free = position.bits() & self.all;
        if free == 0 {
            return Some(Nimber::ZERO);
        }
        if free.count_ones() == 2 && self.around(free & free.wrapping_neg()) & free != 0 {
            return Some(Nimber(1));
        }
        // The mirror strategy needs no single region: any board a half turn maps onto
        // itself, with no domino on its centre, is lost for the player to move.
        self.mirror_wins(free).then_some(Nimber::ZERO)
    }
}

impl Decompose for Cram {
    fn components(&self, position: &CramPosition) -> Option<impl Iterator<Item = CramPosition>> {
        let free = position.bits() & self.all;
        let mut left = self.reduced(free);
        let first = self.region(left, left);
        if left == free && first == left {
            // One region, nothing to drop: no split.
            return None;
        }
        let mut found = Some(first);
        Some(std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let region = found.take().unwrap_or_else(|| self.region(left, left));
            left &= !region;
            Some(self.at(region))
        }))
    }

    /// The least image of `free` under the symmetries of its box that fit the board. The
    /// solver asks it of the parts [`components`](crate::Decompose::components) gives, which
    /// are reduced already; dropping the cells that change no value is left to them.
    fn canonical(&self, position: &CramPosition) -> Option<CramPosition> {
        let free = position.bits() & self.all;
        if free == 0 {
            return None;
        }
        Some(self.at(self.least_image(free)))
    }

    /// The dark or the light free cells, the fewer: a play places at most that many
    /// dominoes, each on one cell of either colour, and a value is at most the length of
    /// the longest play.
    fn grundy_bound(&self, position: &CramPosition) -> Option<u128> {
        let free = position.bits() & self.all;
        let dark = (free & self.dark).count_ones();
        let light = (free & !self.dark).count_ones();
        Some(u128::from(dark.min(light)))
    }

    fn search_size(&self, position: &CramPosition) -> usize {
        (position.bits() & self.all).count_ones() as usize
    }
}

/// The least of the four images of a region given as an 8 × 8 bit matrix (`bounds` in the
/// top left corner) under the symmetries that keep its rows rows — itself, mirrored left to
/// right, upside down, and both — each moved back to the corner.
fn least_flip(matrix: u64, bounds: Bounds) -> u64 {
    const LOW_BITS: [u64; 9] = [
        0,
        0x0101_0101_0101_0101,
        0x0303_0303_0303_0303,
        0x0707_0707_0707_0707,
        0x0f0f_0f0f_0f0f_0f0f,
        0x1f1f_1f1f_1f1f_1f1f,
        0x3f3f_3f3f_3f3f_3f3f,
        0x7f7f_7f7f_7f7f_7f7f,
        u64::MAX,
    ];
    let Bounds { width, height } = bounds;
    // Each byte reversed, then back to the low `width` bits of its byte.
    let mirrored = (matrix.reverse_bits().swap_bytes() >> (8 - width)) & LOW_BITS[width as usize];
    let upside_down = |rows: u64| rows.swap_bytes() >> (8 * (8 - height));
    matrix
        .min(mirrored)
        .min(upside_down(matrix))
        .min(upside_down(mirrored))
}

/// For a board `width` cells wide (at most 8), the bits of the rows that [`Cram::spread`]
/// moves in each step, as they stand before it: rows 4 to 7, then rows 2, 3, 6 and 7, then
/// the odd rows, each moved by 4, 2 and 1 times the gap of `8 - width` bits. None for a wider
/// board.
fn spread_steps(width: u32) -> [u64; 3] {
    if width > 8 {
        return [0; 3];
    }
    let row_bits = (1u64 << width) - 1;
    let gap = 8 - width;
    let mut starts: [u32; 8] = std::array::from_fn(|row| row as u32 * width);
    std::array::from_fn(|step| {
        let group = 4 >> step;
        let mut moving = 0;
        for (row, start) in starts.iter_mut().enumerate() {
            if row & group != 0 {
                moving |= row_bits << *start;
                *start += group as u32 * gap;
            }
        }
        moving
    })
}

/// The transpose of an 8 × 8 bit matrix (bit `8·row + column`), by three delta swaps.
fn transpose8(mut x: u64) -> u64 {
    let mut t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^= t ^ (t << 28);
    x
}

/// [`Cram`]'s moves, middle first: of the dominoes in `first`, then of those in `then`
/// (each by its top or left cell), those nearest to the middle of the free cells — the
/// cells `near` holds, which grows by the cells around it whenever it holds none.
struct MiddleFirst<'g> {
    game: &'g Cram,
    free: u64,
    first: Dominoes,
    then: Dominoes,
    /// Whether the middle is found and the directions ordered: at the first move, as the
    /// solver often reads only the count of the moves.
    ordered: bool,
}

impl MiddleFirst<'_> {
    /// Finds the middle of the free cells, and puts the direction of the domino a half turn
    /// maps onto itself first, if there is one; with none, dominoes along the longer side
    /// first (measured: Cram 5 × 7 0.8 s this way, 1.3 s the other).
    fn order(&mut self) {
        self.ordered = true;
        if self.free == 0 {
            return;
        }
        let game = self.game;
        let (top, left, bounds) = game.bounds(self.free);
        let row = top + (bounds.height - 1) / 2;
        let column = left + (bounds.width - 1) / 2;
        let middle = 1u64 << (row * game.width + column);
        self.first.near = middle;
        self.then.near = middle;
        // That domino is across for an even width and an odd height, down for the opposite.
        let across_first = match (bounds.width % 2, bounds.height % 2) {
            (0, 1) => true,
            (1, 1) => bounds.width > bounds.height,
            _ => false,
        };
        if across_first {
            std::mem::swap(&mut self.first, &mut self.then);
        }
    }
}

/// Dominoes of one direction, by their top or left cells, the cells nearest the middle
/// first.
struct Dominoes {
    cells: u64,
    near: u64,
    /// From a domino's first cell to its second: 1 across, the board's width down.
    step: u32,
}

impl Dominoes {
    fn take(&mut self, game: &Cram, free: u64) -> Option<u64> {
        if self.cells == 0 {
            return None;
        }
        while self.cells & self.near == 0 {
            self.near |= game.around(self.near);
        }
        let nearest = self.cells & self.near;
        let cell = nearest & nearest.wrapping_neg();
        self.cells &= !cell;
        Some(free & !(cell | cell.checked_shl(self.step).unwrap_or(0)))
    }
}

impl Iterator for MiddleFirst<'_> {
    type Item = CramPosition;

    fn next(&mut self) -> Option<CramPosition> {
        if !self.ordered {
            self.order();
        }
        let (game, free) = (self.game, self.free);
        self.first
            .take(game, free)
            .or_else(|| self.then.take(game, free))
            .map(|free| game.at(free))
    }

    // Exact: a value is at most the number of options, which the solver reads from here.
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = (self.first.cells.count_ones() + self.then.cells.count_ones()) as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for MiddleFirst<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of a board `width` wide moved 8 bits apart one at a time, as the definition says.
    fn spread_row_by_row(game: &Cram, cells: u64) -> u64 {
        (0..8).fold(0, |matrix, row| {
            let bits = cells.checked_shr(row * game.width).unwrap_or(0) & game.first_row;
            matrix | bits << (8 * row)
        })
    }

    /// Random words (xorshift), from `state`, not zero.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// The region of `free` holding the lowest cell of `seed`, a step at a time to the
    /// neighbours of each cell by its row and column, as the definition says.
    fn region_cell_by_cell(game: &Cram, free: u64, seed: u64) -> u64 {
        let mut region = seed & seed.wrapping_neg();
        loop {
            let mut grown = region;
            for bit in (0..64).filter(|bit| region >> bit & 1 == 1) {
                let (row, column) = (bit / game.width, bit % game.width);
                let neighbours = [
                    game.cell(row, column + 1),
                    column.checked_sub(1).and_then(|left| game.cell(row, left)),
                    game.cell(row + 1, column),
                    row.checked_sub(1).and_then(|up| game.cell(up, column)),
                ];
                grown |= neighbours
                    .into_iter()
                    .flatten()
                    .fold(0, |all, cell| all | cell)
                    & free;
            }
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    #[test]
    fn bits_past_the_board_are_no_cells_to_any_hook() {
        // `moves` once looked for the middle of such bits for ever (Cram 3 × 3 and
        // 0x8000_0000_0000_0003): every hook now reads the board's cells alone.
        let mut next = xorshift(0x1234_5678_9abc_def1);
        for (width, height) in [(3, 3), (1, 1), (5, 7), (8, 7), (9, 5), (2, 31), (63, 1)] {
            let game = Cram::new(width, height).unwrap();
            for round in 0..2_000 {
                let free = match round % 3 {
                    0 => next(),
                    1 => next() & next(),
                    _ => !game.all | (next() & next()),
                };
                let (free, on_board) = (game.at(free), game.at(free & game.all));
                let moves: Vec<CramPosition> = game.moves(&free).collect();
                assert_eq!(moves, game.moves(&on_board).collect::<Vec<_>>(), "{free:?}");
                assert!(moves.iter().all(|option| option.bits() & !game.all == 0));
                assert_eq!(
                    game.components(&free).map(Iterator::collect::<Vec<_>>),
                    game.components(&on_board).map(Iterator::collect::<Vec<_>>)
                );
                assert_eq!(game.canonical(&free), game.canonical(&on_board));
                assert_eq!(game.known_grundy(&free), game.known_grundy(&on_board));
                assert_eq!(game.grundy_bound(&free), game.grundy_bound(&on_board));
                assert_eq!(game.search_size(&free), game.search_size(&on_board));
            }
        }
        let game = Cram::new(3, 3).unwrap();
        assert_eq!(game.moves(&game.at(0x8000_0000_0000_0003)).count(), 1);
    }

    #[test]
    fn regions_are_found_as_cell_by_cell_on_every_shape_of_board() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        // Every width, with one row, two and as many as fit: the shifts by a row of 64, of
        // 32 and of one, and boards that end before the word does.
        for width in 1..=64 {
            for height in [1, (64 / width).min(2), 64 / width] {
                let game = Cram::new(width, height).unwrap();
                for round in 0..300 {
                    // Dense and sparse boards, and the full board with a few cells taken.
                    let free = match round % 3 {
                        0 => next() | next(),
                        1 => next() & next() | next() & next(),
                        _ => !(next() & next() & next()),
                    } & game.all;
                    let seed = match next() & free {
                        0 => free,
                        seed => seed,
                    };
                    assert_eq!(
                        game.region(free, seed),
                        region_cell_by_cell(&game, free, seed),
                        "{width} × {height}: {free:#x} from {seed:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_half_turn_of_the_board_is_a_shift_of_every_set_a_half_turn_of_its_box_keeps() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for (width, height) in [(1, 64), (64, 1), (8, 8), (7, 5), (5, 7), (3, 4), (2, 32)] {
            let game = Cram::new(width, height).unwrap();
            let mut symmetric = 0;
            for _ in 0..20_000 {
                let cells = next() & next() & game.all;
                if cells == 0 {
                    continue;
                }
                let (cornered, bounds) = game.cornered(cells);
                // Made symmetric in its box half the time: the set and its half turn.
                let cells = if next() & 1 == 0 {
                    symmetric += 1;
                    let (top, left, _) = game.bounds(cells);
                    let both = cornered | game.half_turn(cornered, bounds);
                    (both << left) << (top * width)
                } else {
                    cells
                };
                let (cornered, bounds) = game.cornered(cells);
                if game.half_turn(cornered, bounds) == cornered {
                    assert!(
                        game.turns_into_a_shift(cells),
                        "{width} × {height}: {cells:#x}"
                    );
                }
            }
            assert!(symmetric > 1_000);
        }
    }

    #[test]
    fn known_grundy_answers_the_board_as_given() {
        let game = Cram::new(5, 3).unwrap();
        assert_eq!(game.known_grundy(&game.at(0)), Some(Nimber::ZERO));
        assert_eq!(game.known_grundy(&game.at(0b11)), Some(Nimber(1)));
        assert_eq!(game.known_grundy(&game.at(0b00001_00001)), Some(Nimber(1)));
        // Two cells apart and a square of four turn onto themselves with no domino on their
        // centre.
        assert_eq!(game.known_grundy(&game.at(0b101)), Some(Nimber::ZERO));
        assert_eq!(
            game.known_grundy(&game.at(0b00011_00011)),
            Some(Nimber::ZERO)
        );
        // A strip of three, and a domino with a dead cell: their reductions are known, one
        // domino, not they.
        for board in [0b111, 0b1011] {
            assert_eq!(game.known_grundy(&game.at(board)), None);
            assert_eq!(
                game.known_grundy(&game.at(game.reduced(board))),
                Some(Nimber(1))
            );
        }
        // Strips of four and five turn onto themselves, with a domino on their centre.
        assert_eq!(game.known_grundy(&game.at(0b1111)), None);
        assert_eq!(game.known_grundy(&game.at(0b11111)), None);
    }

    /// The least of the images of the region `cells` under the symmetries of its box that
    /// fit the board, each written out cell by cell and moved to the corner.
    fn least_image_cell_by_cell(game: &Cram, cells: u64) -> u64 {
        let (top, left, bounds) = game.bounds(cells);
        let (width, height) = (bounds.width, bounds.height);
        let mut least = u64::MAX;
        for turn in 0..8u32 {
            let (transpose, flip_rows, flip_columns) =
                (turn & 4 != 0, turn & 2 != 0, turn & 1 != 0);
            let (image_width, image_height) = if transpose {
                (height, width)
            } else {
                (width, height)
            };
            if image_width > game.width || image_height > game.height {
                continue;
            }
            let mut image = 0u64;
            for bit in (0..64).filter(|bit| cells >> bit & 1 == 1) {
                let (mut row, mut column) = (bit / game.width - top, bit % game.width - left);
                if flip_rows {
                    row = height - 1 - row;
                }
                if flip_columns {
                    column = width - 1 - column;
                }
                if transpose {
                    (row, column) = (column, row);
                }
                image |= 1 << (row * game.width + column);
            }
            least = least.min(image);
        }
        least
    }

    #[test]
    fn least_images_are_the_least_written_cell_by_cell() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        // Boards of the 8 × 8 matrix's path and of the board's own (wider or taller).
        for (width, height) in [
            (8, 8),
            (8, 5),
            (7, 5),
            (5, 7),
            (3, 8),
            (1, 8),
            (8, 1),
            (9, 7),
            (4, 16),
            (2, 32),
        ] {
            let game = Cram::new(width, height).unwrap();
            for _ in 0..3_000 {
                let cells = next() & next() & game.all;
                if cells == 0 {
                    continue;
                }
                assert_eq!(
                    game.least_image(cells),
                    least_image_cell_by_cell(&game, cells),
                    "{width} × {height}: {cells:#x}"
                );
            }
        }
    }

    #[test]
    fn spread_and_gathered_move_rows_as_one_at_a_time() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for width in 1..=8 {
            let height = (64 / width).min(8);
            let game = Cram::new(width, height).unwrap();
            for _ in 0..2_000 {
                // A random board of the first `height` rows.
                let cells = next() & game.all;
                let matrix = game.spread(cells);
                assert_eq!(matrix, spread_row_by_row(&game, cells), "{width} wide");
                assert_eq!(game.gathered(matrix), cells, "{width} wide");
            }
        }
    }
}
