//! Cram: players take turns placing a domino on two free cells that are side by side, in a
//! row or in a column; whoever cannot place one loses.
//!
//! The benchmark game of impartial-game search. A board of at most 64 cells is a `u64`, one
//! bit a free cell; a move clears two adjacent bits. The ruleset tells the solver what makes
//! Cram fast to search, through the hooks any ruleset may implement:
//!
//! - [`components`](ImpartialGame::components): the free cells fall into regions no domino
//!   joins, and the board is the sum of its regions — deep in the game, most boards split;
//! - [`canonical`](ImpartialGame::canonical): a region, moved to the corner and turned or
//!   mirrored to the least of its eight images (those that fit the board), is one entry of
//!   the solver's table for all of them; cells no domino can reach are dropped;
//! - [`known_grundy`](ImpartialGame::known_grundy): a region that a half turn maps onto itself
//!   with no domino on its centre is a second-player win — the second player answers every
//!   move with its mirror image — so its value is `*0` (this is why even-by-even boards are
//!   lost for the first player);
//! - [`search_size`](ImpartialGame::search_size): the free cells, so that the solver values
//!   the small regions of a sum and searches the largest last.
//!
//! ```
//! use impartial::cram::Cram;
//! use impartial::{Nimber, Outcome, Solver};
//!
//! let game = Cram::new(4, 5)?;
//! let mut solver = Solver::new(game);
//! assert_eq!(solver.grundy(game.board()), Nimber(2));
//! // A winning move for the first player: a board of value *0 for the second.
//! let winning = solver.winning_move(game.board()).expect("the first player wins");
//! assert_eq!(solver.outcome(winning), Outcome::P);
//! println!("{}", game.display(winning));
//! # Ok::<(), impartial::GameError>(())
//! ```

use std::fmt;

use crate::error::GameError;
use crate::game::{ImpartialGame, Nimber};

/// Cram on a board of `width` columns and `height` rows (at most 64 cells). Positions are
/// `u64`s: bit `row · width + column` is set for a free cell.
///
/// # Examples
///
/// ```
/// use impartial::cram::Cram;
/// use impartial::ImpartialGame;
///
/// let game = Cram::new(3, 2)?;
/// assert_eq!(game.board(), 0b111_111);
/// // Three horizontal dominoes in each row's two pairs, and three vertical ones.
/// assert_eq!(game.moves(&game.board()).count(), 7);
/// # Ok::<(), impartial::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cram {
    width: u32,
    height: u32,
    /// Every cell of the board.
    all: u64,
    /// The cells with a neighbour to their right (not in the last column).
    has_right: u64,
    /// The cells with a neighbour below (not in the last row).
    has_below: u64,
}

impl Cram {
    /// The game on a board of `width` columns and `height` rows.
    ///
    /// # Errors
    ///
    /// [`GameError::BoardTooLarge`] for an empty board or one of more than 64 cells.
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
    pub fn new(width: u32, height: u32) -> Result<Self, GameError> {
        let cells = u64::from(width) * u64::from(height);
        if width == 0 || height == 0 || cells > 64 {
            return Err(GameError::BoardTooLarge {
                width,
                height,
                most: 64,
            });
        }
        let all = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let last_column =
            (0..height).fold(0u64, |mask, row| mask | 1u64 << (row * width + width - 1));
        let last_row = all & !(all >> width);
        Ok(Cram {
            width,
            height,
            all,
            has_right: all & !last_column,
            has_below: all & !last_row,
        })
    }

    /// The empty board: every cell free.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(8, 8)?.board(), u64::MAX);
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> u64 {
        self.all
    }

    /// The board's columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(5, 3)?.width(), 5);
    /// # Ok::<(), impartial::GameError>(())
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
    /// # Ok::<(), impartial::GameError>(())
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
    /// # Ok::<(), impartial::GameError>(())
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
    /// assert_eq!(game.display(0b011_110).to_string(), "#..\n..#\n");
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn display(&self, position: u64) -> impl fmt::Display + '_ {
        Picture {
            game: self,
            position,
        }
    }

    /// The cells of `cells` with a free neighbour among `free`.
    fn with_neighbour(&self, cells: u64, free: u64) -> u64 {
        let right = (free >> 1) & self.has_right;
        let left = (free & self.has_right) << 1;
        let below = free >> self.width;
        let above = (free & self.has_below) << self.width;
        cells & (right | left | below | above)
    }

    /// The cells next to `cells` (in the board).
    fn around(&self, cells: u64) -> u64 {
        ((cells & self.has_right) << 1)
            | ((cells >> 1) & self.has_right)
            | ((cells & self.has_below) << self.width)
            | (cells >> self.width)
    }

    /// The region of `free` that holds the lowest cell of `seed`.
    fn region(&self, free: u64, seed: u64) -> u64 {
        let mut region = seed & seed.wrapping_neg();
        loop {
            let grown = (region | self.around(region)) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The box around `cells` (not empty): its top row, its left column and its size.
    fn bounds(&self, cells: u64) -> (u32, u32, Bounds) {
        let top = cells.trailing_zeros() / self.width;
        let bottom = (u64::BITS - 1 - cells.leading_zeros()) / self.width;
        let columns = (top..=bottom).fold(0u64, |columns, row| columns | self.row(cells, row));
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
        let shifted = cells >> (row * self.width);
        if self.width == 64 {
            shifted
        } else {
            shifted & ((1u64 << self.width) - 1)
        }
    }

    /// The rows of `cells` (not empty), each shifted to start at the box's left column, and
    /// the box's size.
    fn rows(&self, cells: u64) -> ([u64; 64], Bounds) {
        let (top, left, bounds) = self.bounds(cells);
        let mut rows = [0u64; 64];
        for (slot, row) in rows.iter_mut().zip(top..top + bounds.height) {
            *slot = self.row(cells, row) >> left;
        }
        (rows, bounds)
    }

    /// The least of the images of `cells` (a region) under the symmetries of the rectangle
    /// around it that fit the board, moved to the top left corner. A region within 8 × 8
    /// cells is turned as an 8 × 8 bit matrix, a few word operations an image; a larger one
    /// row by row.
    fn least_image(&self, cells: u64) -> u64 {
        let (top, left, bounds) = self.bounds(cells);
        if bounds.width <= 8 && bounds.height <= 8 {
            let matrix = (0..bounds.height).fold(0u64, |matrix, row| {
                matrix | (self.row(cells, top + row) >> left) << (8 * row)
            });
            let least = self.least_of_matrix(matrix, bounds);
            return self.board_of_matrix(least.0, least.1);
        }
        let (rows, bounds) = self.rows(cells);
        self.least_of_rows(&rows[..bounds.height as usize], bounds)
    }

    /// The least of the images of the region `matrix` (8 cells a row, `bounds` in the top
    /// left corner), by its 8 × 8 encoding, with the height of that image.
    fn least_of_matrix(&self, matrix: u64, bounds: Bounds) -> (u64, u32) {
        let Bounds { width, height } = bounds;
        let mut least = (u64::MAX, height);
        for (image, rows) in flips(matrix, width, height) {
            least = least.min((image, rows));
        }
        if height <= self.width && width <= self.height {
            for (image, rows) in flips(transpose8(matrix), height, width) {
                least = least.min((image, rows));
            }
        }
        least
    }

    /// A region of `rows` rows given 8 cells a row, on the board.
    fn board_of_matrix(&self, matrix: u64, rows: u32) -> u64 {
        (0..rows).fold(0u64, |cells, row| {
            cells | ((matrix >> (8 * row)) & 0xFF) << (row * self.width)
        })
    }

    /// The least of the images of a region larger than 8 × 8 given by its `rows`.
    fn least_of_rows(&self, rows: &[u64], bounds: Bounds) -> u64 {
        let Bounds { width, height } = bounds;
        let reversed = |bits: u64, length: u32| bits.reverse_bits() >> (u64::BITS - length);
        let mut least = u64::MAX;
        let mut consider = |image: &mut dyn Iterator<Item = u64>| {
            let mut packed = 0u64;
            for (row, bits) in (0..).zip(image) {
                packed |= bits << (row * self.width);
            }
            least = least.min(packed);
        };
        consider(&mut rows.iter().copied());
        consider(&mut rows.iter().map(|&bits| reversed(bits, width)));
        consider(&mut rows.iter().rev().copied());
        consider(&mut rows.iter().rev().map(|&bits| reversed(bits, width)));
        if height <= self.width && width <= self.height {
            let mut columns = [0u64; 64];
            for (row, &bits) in (0..).zip(rows) {
                for (column, slot) in columns.iter_mut().enumerate().take(width as usize) {
                    *slot |= ((bits >> column) & 1) << row;
                }
            }
            let columns = &columns[..width as usize];
            consider(&mut columns.iter().copied());
            consider(&mut columns.iter().map(|&bits| reversed(bits, height)));
            consider(&mut columns.iter().rev().copied());
            consider(&mut columns.iter().rev().map(|&bits| reversed(bits, height)));
        }
        least
    }

    /// Whether a half turn of its bounding box maps `cells` (one region) onto itself, with
    /// no domino of it on the centre: then the second player wins by answering every move
    /// with its mirror image.
    fn mirror_wins(&self, cells: u64) -> bool {
        let (rows, Bounds { width, height }) = self.rows(cells);
        let rows = &rows[..height as usize];
        let turned = rows
            .iter()
            .rev()
            .map(|&bits| bits.reverse_bits() >> (u64::BITS - width));
        if !rows.iter().copied().eq(turned) {
            return false;
        }
        // A domino on the centre is its own mirror image: the centre is between two cells
        // only when one side of the box is even and the other odd.
        let (middle_row, middle_column) = (height / 2, width / 2);
        match (width % 2, height % 2) {
            (0, 1) => {
                let row = rows[middle_row as usize];
                (row >> (middle_column - 1)) & 0b11 != 0b11
            }
            (1, 0) => {
                let (upper, lower) = (rows[middle_row as usize - 1], rows[middle_row as usize]);
                (upper & lower) >> middle_column & 1 == 0
            }
            // The centre is a cell: a domino on it overlaps its mirror image.
            (1, 1) => rows[middle_row as usize] >> middle_column & 1 == 0,
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
struct Picture<'g> {
    game: &'g Cram,
    position: u64,
}

impl fmt::Display for Picture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.game.height {
            for column in 0..self.game.width {
                let free = self.position >> (row * self.game.width + column) & 1 == 1;
                f.write_str(if free { "." } else { "#" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl ImpartialGame for Cram {
    type Position = u64;

    fn moves(&self, &free: &u64) -> impl Iterator<Item = u64> {
        let across = free & (free >> 1) & self.has_right;
        let down = free & (free >> self.width) & self.has_below;
        let width = self.width;
        Bits(across)
            .map(move |cell| free & !(0b11 << cell))
            .chain(Bits(down).map(move |cell| free & !(1 << cell | 1 << (cell + width))))
    }

    const DECOMPOSES: bool = true;

    fn components(&self, &free: &u64) -> Option<impl Iterator<Item = u64>> {
        let mut left = self.with_neighbour(free, free);
        let first = self.region(left, left);
        if first == left {
            // One region (or none): no split, but cells no domino reaches are dropped by
            // the canonical form.
            return None;
        }
        Some(std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let region = self.region(left, left);
            left &= !region;
            Some(region)
        }))
    }

    fn canonical(&self, &free: &u64) -> Option<u64> {
        let playable = self.with_neighbour(free, free);
        if playable == 0 {
            return Some(0);
        }
        Some(self.least_image(playable))
    }

    fn known_grundy(&self, &free: &u64) -> Option<Nimber> {
        let playable = self.with_neighbour(free, free);
        if playable == 0 {
            return Some(Nimber::ZERO);
        }
        if playable.count_ones() == 2 {
            return Some(Nimber(1));
        }
        let one_region = self.region(playable, playable) == playable;
        (one_region && self.mirror_wins(playable)).then_some(Nimber::ZERO)
    }

    fn search_size(&self, free: &u64) -> usize {
        free.count_ones() as usize
    }
}

/// The four images of a region given as an 8 × 8 bit matrix (`width` × `height` in the top
/// left corner) under the symmetries that keep its rows rows: itself, mirrored left to right,
/// upside down, and both — each moved back to the corner, with its height.
fn flips(matrix: u64, width: u32, height: u32) -> [(u64, u32); 4] {
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
    // Each byte reversed, then back to the low `width` bits of its byte.
    let mirrored = (matrix.reverse_bits().swap_bytes() >> (8 - width)) & LOW_BITS[width as usize];
    let upside_down = |rows: u64| rows.swap_bytes() >> (8 * (8 - height));
    [
        (matrix, height),
        (mirrored, height),
        (upside_down(matrix), height),
        (upside_down(mirrored), height),
    ]
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

/// The positions of the set bits of a `u64`, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit)
    }

    // Exact: a value is at most the number of options, which the solver reads from here.
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count_ones() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for Bits {}
