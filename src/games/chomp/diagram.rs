//! Young diagrams in a `u128`, a byte a row, and their ranks in lexicographic order: what the
//! ruleset and the table of every diagram's value share, with the position and the error
//! they both speak.

use std::fmt;

use crate::game::{PositionError, StoredPosition};

/// The most rows of a bar: one byte each in a `u128`.
pub const MAX_ROWS: u32 = 16;

/// The most columns of a bar: a row length is a byte.
pub const MAX_COLUMNS: u32 = 255;

/// A byte of ones in each of the sixteen rows.
pub(super) const REPEATED_ONES: u128 = u128::MAX / 0xFF;

/// The bytes of the rows before `row`.
pub(super) fn bytes_below(row: u32) -> u128 {
    if row >= MAX_ROWS {
        u128::MAX
    } else {
        (1u128 << (8 * row)) - 1
    }
}

/// Row `row`'s length in `position`.
pub(super) fn length(position: u128, row: u32) -> u32 {
    (position >> (8 * row)) as u32 & 0xFF
}

/// `table[row][length]`: how many diagrams of the box of `rows` × `columns` come before
/// those whose rows up to `row` are fixed and whose row `row` has `length` squares, counted
/// over the choices of that row — summed over the rows, a diagram's rank, its place in the
/// lexicographic order of the row lengths from the first row down (the empty diagram is 0).
/// Sized for every row and length a `u128` of bytes can hold, so that no index is out of
/// bounds. Counts past `u64::MAX` (sixteen rows of 255 squares have about 4 · 10²⁵
/// diagrams) saturate.
pub(super) fn rank_table(rows: u32, columns: u32) -> Box<[[u64; 256]]> {
    // Non-increasing sequences of `length` values at most `most`: C(length + most, length).
    let below = |length: u32, most: u32| -> u64 {
        let (n, k) = (u128::from(length + most), u128::from(length.min(most)));
        // A product of k consecutive integers over k! stays integral at every step, and
        // below C(271, 16) · 271 < 2¹⁰⁰ in a u128.
        let count = (0..k).fold(1u128, |product, i| product * (n - i) / (i + 1));
        u64::try_from(count).unwrap_or(u64::MAX)
    };
    let mut ranks = vec![[0u64; 256]; MAX_ROWS as usize].into_boxed_slice();
    for (row, sums) in (0..rows).zip(ranks.iter_mut()) {
        let after = rows - 1 - row;
        let mut sum = 0u64;
        for (length, slot) in (0..=columns).zip(sums.iter_mut()) {
            *slot = sum;
            sum = sum.saturating_add(below(after, length));
        }
    }
    ranks
}

/// The rank of `position` by `table` (see [`rank_table`]), unless a count saturated.
pub(super) fn rank(table: &[[u64; 256]], position: u128) -> Option<u64> {
    let mut rank = 0u64;
    for (row, sums) in table.iter().enumerate() {
        let length = (position >> (8 * row)) as u8;
        if length == 0 {
            break;
        }
        rank = rank.checked_add(sums[usize::from(length)])?;
    }
    // A saturated count gives no rank; beyond u64::MAX there is none to give.
    (rank < u64::MAX).then_some(rank)
}

/// A position of [`Chomp`](super::Chomp): a *Young diagram*, the lengths of rows that never
/// grow from top to bottom, the first (poisoned) row at least one square — a byte a row in a
/// `u128`, the poisoned row in the low byte. Made by [`Chomp::start`](super::Chomp::start)
/// and [`Chomp::diagram`](super::Chomp::diagram), which check it, and by the moves.
///
/// # Examples
///
/// ```
/// use impartial::chomp::Chomp;
///
/// let game = Chomp::new(3, 4)?;
/// let position = game.diagram(&[4, 2])?;
/// assert_eq!((position.lengths(), position.bits()), (vec![4, 2], 0x00_02_04));
/// assert_eq!(position.to_string(), "4 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChompPosition(pub(super) u128);

impl ChompPosition {
    /// The row lengths, from the poisoned row down to the last row with a square.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// assert_eq!(Chomp::new(2, 3)?.start().lengths(), [3, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn lengths(self) -> Vec<u32> {
        (0..MAX_ROWS)
            .map(|row| length(self.0, row))
            .take_while(|&length| length > 0)
            .collect()
    }

    /// The row lengths as bytes of a `u128`, the poisoned row in the low byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// assert_eq!(Chomp::new(3, 2)?.start().bits(), 0x02_02_02);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn bits(self) -> u128 {
        self.0
    }
}

/// The row lengths, separated by spaces.
impl fmt::Display for ChompPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, length) in self.lengths().into_iter().enumerate() {
            if row > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{length}")?;
        }
        Ok(())
    }
}

/// The bits, as `{:b}` writes an integer's.
impl fmt::Binary for ChompPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.0, f)
    }
}

/// Read from a table file as written; the file is checked to be this game's first.
impl StoredPosition for ChompPosition {
    fn write_to(&self, bytes: &mut Vec<u8>) {
        self.0.write_to(bytes);
    }

    fn read_from(bytes: &[u8]) -> Option<Self> {
        u128::read_from(bytes).map(ChompPosition)
    }
}

/// A Chomp bar or position that cannot be made, or a position another bar's.
///
/// # Examples
///
/// ```
/// use impartial::chomp::{Chomp, ChompError};
///
/// assert_eq!(Chomp::new(17, 3).unwrap_err(), ChompError::BarSize { rows: 17, columns: 3 });
/// let game = Chomp::new(3, 4)?;
/// assert_eq!(
///     game.diagram(&[2, 3]).unwrap_err().to_string(),
///     "not a diagram of a bar of 3 × 4: a row longer than the one above it"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChompError {
    /// A bar with no rows or columns, more than [`MAX_ROWS`] rows or more than
    /// [`MAX_COLUMNS`] columns.
    #[error(
        "a bar of {rows} × {columns}: Chomp takes 1 to {MAX_ROWS} rows of 1 to {MAX_COLUMNS} squares"
    )]
    BarSize {
        /// The rows asked for.
        rows: u32,
        /// The columns asked for.
        columns: u32,
    },
    /// Row lengths that are not a diagram of the bar.
    #[error("not a diagram of a bar of {rows} × {columns}: {reason}")]
    NotADiagram {
        /// The bar's rows.
        rows: u32,
        /// The bar's columns.
        columns: u32,
        /// What is wrong: rows that grow, no poison, more rows or longer ones than the bar's.
        reason: &'static str,
    },
}

/// Whether `lengths` (`rows` of them, the rest 0) are a diagram of a bar of `rows` ×
/// `columns`; the reason if not.
pub(super) fn check(lengths: &[u32], rows: u32, columns: u32) -> Result<(), ChompError> {
    let refuse = |reason| {
        Err(ChompError::NotADiagram {
            rows,
            columns,
            reason,
        })
    };
    let (inside, below) = lengths.split_at(lengths.len().min(rows as usize));
    if below.iter().any(|&length| length > 0) {
        return refuse("more rows than the bar has");
    }
    if inside.first().is_none_or(|&first| first == 0) {
        return refuse("the first row holds the poison: it has at least one square");
    }
    if inside.iter().any(|&length| length > columns) {
        return refuse("a row longer than the bar");
    }
    if inside.windows(2).any(|pair| pair[1] > pair[0]) {
        return refuse("a row longer than the one above it");
    }
    Ok(())
}

/// Every square but the poison, column by column; eating square `(row, column)` cuts the
/// rows from `row` to the last one longer than `column` — a run of bytes, set in one step.
/// The ruleset's moves and [`ChompValues`]'.
pub(super) fn options(position: ChompPosition) -> impl Iterator<Item = ChompPosition> {
    let ChompPosition(position) = position;
    let first = length(position, 0);
    (0..first).flat_map(move |column| {
        // The rows longer than `column`: the first `height`, as rows never grow.
        let height = (1..MAX_ROWS)
            .find(|&row| length(position, row) <= column)
            .unwrap_or(MAX_ROWS);
        let through = bytes_below(height);
        let cut = u128::from(column) * REPEATED_ONES;
        let from = u32::from(column == 0);
        (from..height).map(move |row| {
            let mask = through & !bytes_below(row);
            ChompPosition((position & !mask) | (cut & mask))
        })
    })
}

/// The diagram `eating (row, column)` leaves — every square below and right of it eaten —
/// or `None` if that square is not in the diagram or is the poison.
pub(super) fn bite(position: ChompPosition, row: u32, column: u32) -> Option<ChompPosition> {
    if (row, column) == (0, 0) || row >= MAX_ROWS || column >= length(position.0, row) {
        return None;
    }
    let cut = (row..MAX_ROWS).fold(position.0, |bits, below| {
        if length(bits, below) > column {
            (bits & !(0xFF << (8 * below))) | (u128::from(column) << (8 * below))
        } else {
            bits
        }
    });
    Some(ChompPosition(cut))
}

/// Whether `position` is a diagram of a bar of `rows` × `columns`: every byte a row, each
/// at most the one above, the first at least the poison, none past the bar.
pub(super) fn check_diagram(
    position: ChompPosition,
    rows: u32,
    columns: u32,
) -> Result<(), PositionError> {
    let lengths: Vec<u32> = (0..MAX_ROWS).map(|row| length(position.0, row)).collect();
    check(&lengths, rows, columns).map_err(|error| PositionError::new(error.to_string()))
}
