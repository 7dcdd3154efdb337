//! The value of every diagram of a bar, bottom-up in the order of their ranks: Chomp's own
//! method, where the solver's search is general.

use std::borrow::Borrow;
use std::fmt;

use super::diagram::{
    ChompError, ChompPosition, MAX_ROWS, bite, check, check_diagram, length, options, rank,
};
use crate::closed_form::ClosedForm;
use crate::error::TableError;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome, PositionError};

/// The nimber of every position of Chomp on a bar, computed at once
/// ([`Chomp::values`](super::Chomp::values)): two bytes a diagram, read by a position's rank.
///
/// Every move shortens rows, so every option of a diagram comes before it in the
/// lexicographic order of row lengths — the order of the ranks. The table is filled in that
/// order, each diagram's value the mex of its options' values, which are already there: no
/// search, no recursion, no hashing. An option's rank is the diagram's less what the cut
/// rows lose, so each option costs a subtraction and a read. A value is at most the number
/// of options, under 16 · 255, so two bytes hold it.
///
/// # Examples
///
/// ```
/// use impartial::chomp::Chomp;
/// use impartial::{ClosedForm, Nimber, Outcome, Solver};
///
/// let game = Chomp::new(5, 6)?;
/// let values = game.values(1 << 20)?;
/// assert_eq!(values.len(), 462); // C(11, 5) diagrams, the empty one among them
/// let bar = game.start();
/// assert_eq!(values.grundy(bar)?, Some(Solver::new(game.clone()).grundy(bar)?));
/// assert_eq!(values.outcome(bar)?, Outcome::N);
/// for winning in values.winning_moves(bar)? {
///     assert_eq!(values.grundy(winning.leaves)?, Some(Nimber(0)));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ChompValues {
    rows: u32,
    columns: u32,
    ranks: Box<[[u64; 256]]>,
    /// By rank; the empty diagram's, 0, is never read.
    values: Vec<u16>,
}

impl std::fmt::Debug for ChompValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChompValues")
            .field("rows", &self.rows)
            .field("columns", &self.columns)
            .field("diagrams", &self.values.len())
            .finish_non_exhaustive()
    }
}

/// Fills the table of the box of `rows` × `columns` whose ranks `ranks` gives, if its two
/// bytes a diagram fit in `budget` bytes.
pub(super) fn compute(
    rows: u32,
    columns: u32,
    ranks: Box<[[u64; 256]]>,
    budget: usize,
) -> Result<ChompValues, TableError> {
    let bar = (0..rows).fold(0u128, |bar, row| bar | u128::from(columns) << (8 * row));
    // The bar's rank is the last; a saturated count is more than any budget.
    let count = rank(&ranks, bar).map_or(u64::MAX, |last| last + 1);
    let bytes = count.saturating_mul(2);
    if bytes > budget as u64 || count > u64::from(u32::MAX) {
        return Err(TableError::BudgetTooSmall {
            bytes: budget,
            least: usize::try_from(bytes).unwrap_or(usize::MAX),
        });
    }
    let count = usize::try_from(count).expect("within the budget, a usize");
    let mut values: Vec<u16> = Vec::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| TableError::OutOfMemory { bytes: 2 * count })?;
    values.push(0);
    // The lengths of the current diagram, in lexicographic order from the empty one.
    let mut lengths = [0u8; MAX_ROWS as usize];
    let rows = rows as usize;
    // `seen[v] == stamp`: some option of the current diagram has value `v`.
    let mut seen = vec![0u32; 16 * 256];
    for rank in 1..count {
        // The next diagram: the last row that can grow grows, the rows below it empty.
        let grows = (0..rows)
            .rev()
            .find(|&row| {
                let bound = if row == 0 {
                    columns
                } else {
                    u32::from(lengths[row - 1])
                };
                u32::from(lengths[row]) < bound
            })
            .expect("the bar is the last diagram");
        lengths[grows] += 1;
        lengths[grows + 1..].fill(0);
        let stamp = rank as u32;
        // Eating square (row, column) cuts the rows from `row` to the last one longer than
        // `column` down to `column` squares: the option's rank is this one's less what
        // those rows lose, added up from the bottom row up.
        for column in 0..lengths[0] {
            let height = lengths[..rows].iter().take_while(|&&l| l > column).count();
            let first = usize::from(column == 0);
            let mut lost = 0u64;
            for row in (first..height).rev() {
                let table = &ranks[row];
                lost += table[usize::from(lengths[row])] - table[usize::from(column)];
                let option = rank - lost as usize;
                seen[usize::from(values[option])] = stamp;
            }
        }
        let mex = seen
            .iter()
            .position(|&at| at != stamp)
            .unwrap_or(seen.len());
        values.push(u16::try_from(mex).expect("at most 16 · 255 options"));
    }
    Ok(ChompValues {
        rows: rows as u32,
        columns,
        ranks,
        values,
    })
}

impl ChompValues {
    /// How many diagrams the table holds: C(rows + columns, rows), the empty one among them.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// assert_eq!(Chomp::new(13, 13)?.values(1 << 20).is_err(), true); // 20.8 MB needed
    /// assert_eq!(Chomp::new(3, 4)?.values(1 << 20)?.len(), 35);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table is empty: never, a bar has at least the poison.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::chomp::Chomp;
    ///
    /// assert!(!Chomp::new(1, 1)?.values(1 << 10)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The rank of `position`, a diagram of the bar: one of a larger bar is refused, and a
    /// position read from a file is checked whole.
    fn rank_of(&self, ChompPosition(position): ChompPosition) -> Result<usize, ChompError> {
        let lengths: [u32; MAX_ROWS as usize] =
            std::array::from_fn(|row| length(position, row as u32));
        check(&lengths, self.rows, self.columns)?;
        Ok(self.rank_unchecked(position))
    }

    /// The rank of `position`, known to be a diagram of the bar.
    fn rank_unchecked(&self, position: u128) -> usize {
        let rank = rank(&self.ranks, position).expect("a diagram of a bar the table holds");
        usize::try_from(rank).expect("below the table's length")
    }

    /// The nimber of `position`.
    fn grundy_of(&self, position: ChompPosition) -> Result<Nimber, ChompError> {
        Ok(Nimber(u128::from(self.values[self.rank_of(position)?])))
    }

    /// Whether the player to move at `position` wins (N) or loses (P).
    fn outcome_of(&self, position: ChompPosition) -> Result<Outcome, ChompError> {
        Ok(Outcome::from(self.grundy_of(position)?))
    }

    /// Every move from `position` to a P-position (none if it is one), column by column
    fn winning_moves_of(
        &self,
        position: ChompPosition,
    ) -> Result<impl Iterator<Item = ChompMove> + '_, ChompError> {
        let rank = self.rank_of(position)?;
        let ChompPosition(bits) = position;
        let rows = self.rows;
        Ok((0..length(bits, 0)).flat_map(move |column| {
            let height = (0..rows)
                .take_while(|&row| length(bits, row) > column)
                .count() as u32;
            (u32::from(column == 0)..height).filter_map(move |row| {
                // Rows `row` to `height − 1` cut to `column` squares.
                let cut = (row..height).fold(bits, |cut, r| {
                    cut & !(0xFFu128 << (8 * r)) | u128::from(column) << (8 * r)
                });
                // An option of a diagram of the bar is one too: no checks again.
                let option = self.rank_unchecked(cut);
                debug_assert!(option < rank);
                (self.values[option] == 0).then_some(ChompMove {
                    row,
                    column,
                    leaves: ChompPosition(cut),
                })
            })
        }))
    }
}

/// A move of Chomp: the square eaten (with every square below and right of it), and the
/// diagram it leaves.
///
/// # Examples
///
/// ```
/// use impartial::chomp::Chomp;
/// use impartial::ClosedForm;
///
/// let game = Chomp::new(2, 3)?;
/// let best = game.values(1 << 10)?.winning_move(game.start())?.expect("N");
/// assert_eq!(best.to_string(), "eat row 1, column 2 and every square below and right of it (leaves 3 2)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChompMove {
    /// The row of the square eaten, from the poisoned row, 0.
    pub row: u32,
    /// Its column, from the poison's, 0.
    pub column: u32,
    /// The diagram the move leaves.
    pub leaves: ChompPosition,
}

impl fmt::Display for ChompMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "eat row {}, column {} and every square below and right of it (leaves {})",
            self.row, self.column, self.leaves
        )
    }
}

/// The table is a ruleset too: Chomp's moves, for the search to check it.
impl ImpartialGame for ChompValues {
    type Position = ChompPosition;

    fn moves(&self, &position: &ChompPosition) -> impl Iterator<Item = ChompPosition> {
        options(position)
    }

    /// A diagram of this table's bar.
    fn check_position(&self, &position: &ChompPosition) -> Result<(), PositionError> {
        check_diagram(position, self.rows, self.columns)
    }
}

/// Every diagram of the bar answered from the table; a diagram of a larger bar is an error.
impl ClosedForm for ChompValues {
    type Move = ChompMove;
    type Error = ChompError;

    fn outcome(&self, position: impl IntoPosition<ChompPosition>) -> Result<Outcome, ChompError> {
        let holder = position.into_holder();
        let position: &ChompPosition = holder.borrow();
        self.outcome_of(*position)
    }

    fn grundy(
        &self,
        position: impl IntoPosition<ChompPosition>,
    ) -> Result<Option<Nimber>, ChompError> {
        let holder = position.into_holder();
        let position: &ChompPosition = holder.borrow();
        self.grundy_of(*position).map(Some)
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<ChompPosition>,
    ) -> Result<impl Iterator<Item = ChompMove>, ChompError> {
        let holder = position.into_holder();
        let position: &ChompPosition = holder.borrow();
        self.winning_moves_of(*position)
    }

    fn leaves(
        &self,
        position: impl IntoPosition<ChompPosition>,
        chosen: &ChompMove,
    ) -> Result<ChompPosition, IllegalMove<ChompPosition, ChompMove>> {
        let holder = position.into_holder();
        let position: &ChompPosition = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(position, chosen, reason);
        let (row, column) = (chosen.row, chosen.column);
        let Some(after) = bite(*position, row, column) else {
            return Err(refuse(format!(
                "row {row}, column {column} is not a square of the diagram but the poison"
            )));
        };
        if after != chosen.leaves {
            return Err(refuse(format!("eating it leaves {after}")));
        }
        Ok(after)
    }
}
