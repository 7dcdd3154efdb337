//! [`CramPosition`]: the free cells of a Cram board, and the board they are on.

use std::fmt;
use std::num::NonZeroU16;

use crate::game::StoredPosition;

/// A position of [`Cram`](super::Cram): the free cells of the board, one bit a cell (bit
/// `row · width + column`), and the board they are on. Made by
/// [`Cram::start`](super::Cram::start) and [`Cram::position`](super::Cram::position), which refuses cells past the board, and by the moves; a position of
/// one board is refused by the game of another
/// ([`check_position`](crate::ImpartialGame::check_position)), whose bits would mean other cells.
///
/// # Examples
///
/// ```
/// use impartial::cram::Cram;
///
/// let game = Cram::new(3, 2)?;
/// let corner = game.cell(0, 0).expect("on the board");
/// let position = game.start().without(corner);
/// assert_eq!((position.bits(), position.free_cells()), (0b111_110, 5));
/// assert_eq!(position.board(), (3, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Eq)]
// Aligned to four bytes: with its board, 12 bytes, and beside a table's four-byte code 16 —
// as small as a bare `u64` was. (Fields are read by value, never borrowed.)
#[repr(C, packed(4))]
pub struct CramPosition {
    free: u64,
    /// The columns in the low byte, the rows in the high one: compared at once. Never 0 —
    /// a board has a column — which leaves `Option<CramPosition>` the size of a position.
    board: NonZeroU16,
}

impl CramPosition {
    /// The position of the free cells `free` on a board of `width` × `height` (each at most
    /// 64, as a [`Cram`](super::Cram) has them).
    pub(super) fn on(width: u32, height: u32, free: u64) -> CramPosition {
        CramPosition {
            free,
            board: Self::board_of(width, height),
        }
    }

    /// The board of `width` × `height` (at least 1 × 1), as a position keeps it.
    pub(super) fn board_of(width: u32, height: u32) -> NonZeroU16 {
        NonZeroU16::new(u16::from(width as u8) | u16::from(height as u8) << 8)
            .unwrap_or(NonZeroU16::MIN)
    }

    /// The position of `free` on `board` ([`board_of`](Self::board_of)).
    #[inline]
    pub(super) fn of_board(board: NonZeroU16, free: u64) -> CramPosition {
        CramPosition { free, board }
    }

    /// The position of `free` on the same board.
    #[inline]
    fn with(self, free: u64) -> CramPosition {
        CramPosition { free, ..self }
    }

    /// The free cells, one bit a cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(2, 2)?.start().bits(), 0b1111);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn bits(self) -> u64 {
        self.free
    }

    /// The board the position is on: its columns and rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(5, 3)?.start().board(), (5, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn board(self) -> (u32, u32) {
        let board = self.board.get();
        (u32::from(board & 0xff), u32::from(board >> 8))
    }

    /// How many cells are free.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// assert_eq!(Cram::new(5, 3)?.start().free_cells(), 15);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn free_cells(self) -> u32 {
        self.bits().count_ones()
    }

    /// The position with the cells of `cells` covered too (cells covered already stay so).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    ///
    /// let game = Cram::new(2, 1)?;
    /// assert_eq!(game.start().without(0b01).bits(), 0b10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn without(self, cells: u64) -> CramPosition {
        self.with(self.bits() & !cells)
    }
}

/// The board and the free cells, in hexadecimal: `CramPosition { board: 4 × 3, free: 0xfff }`.
impl fmt::Debug for CramPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "CramPosition {{ board: {} × {}, free: {:#x} }}",
            self.board().0,
            self.board().1,
            self.bits()
        )
    }
}

/// The board and the free cells, each compared at once.
impl PartialEq for CramPosition {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let (board, other_board) = (self.board, other.board);
        self.bits() == other.bits() && board == other_board
    }
}

/// The free cells: positions of one board are what a table holds together, and they differ
/// in their cells alone.
impl std::hash::Hash for CramPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.bits());
    }
}

/// By board, then by the free cells as a number.
impl Ord for CramPosition {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |position: &Self| (position.board(), position.bits());
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for CramPosition {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The bits, as `{:b}` writes an integer's.
impl fmt::Binary for CramPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.bits(), f)
    }
}

/// The board's width and height (a byte each), then the free cells: a table file or a
/// certificate holds positions of one board, and the checker refuses one of another.
impl StoredPosition for CramPosition {
    fn write_to(&self, bytes: &mut Vec<u8>) {
        let (width, height) = self.board();
        bytes.push(width as u8);
        bytes.push(height as u8);
        self.bits().write_to(bytes);
    }

    fn read_from(bytes: &[u8]) -> Option<Self> {
        let (&[width, height], free) = bytes.split_first_chunk::<2>()?;
        let cells = u32::from(width) * u32::from(height);
        if width == 0 || height == 0 || cells > 64 {
            return None;
        }
        let free = u64::read_from(free)?;
        (cells == 64 || free >> cells == 0)
            .then(|| CramPosition::on(u32::from(width), u32::from(height), free))
    }
}
