//! [`NumberRow`]: IOI 1996 "A Game" — a row of numbers, each player takes one from either
//! end, and each wants the larger total. A score game ([`ScoreGame`]) written against the
//! public hooks, with a dense index and a bottom-up order for the solver's sweep.

use std::fmt::{self, Debug};

use crate::solver::score::ScoreGame;

/// IOI 1996 "A Game": a row of numbers; a move takes the number at either end of what is
/// left, scoring it. Each player wants the larger total.
///
/// Positions are intervals `(left, right)`: the numbers `left..right` are still in the row.
/// The dense index lays the intervals out by length, so a row of `n` numbers needs
/// `(n + 1)(n + 2) / 2` slots, and the solver fills them shortest first
/// ([`ScoreGame::bottom_up`]) — the contest's dynamic program, on the general engine.
///
/// # Examples
///
/// ```
/// use impartial::score::{NumberRow, ScoreSolver};
///
/// let row = NumberRow::new(vec![4, 7, 2, 9, 5, 2]);
/// let whole = row.whole();
/// let mut solver = ScoreSolver::new(row);
/// let score = solver.value(whole)?;
/// assert_eq!(solver.game().totals(score), (18, 11));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct NumberRow {
    numbers: Vec<i64>,
    /// The dense index of the first interval of each length: the intervals shorter than it,
    /// `(n + 1) + n + … + (n + 2 − length)`. Empty if the count of intervals overflows.
    length_starts: Vec<usize>,
}

impl Debug for NumberRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NumberRow")
            .field("numbers", &self.numbers)
            .finish_non_exhaustive()
    }
}

impl NumberRow {
    /// The game on `numbers`, left to right.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::NumberRow;
    ///
    /// assert_eq!(NumberRow::new(vec![1, 2, 3]).whole(), (0, 3));
    /// ```
    #[must_use]
    pub fn new(numbers: Vec<i64>) -> Self {
        let n = numbers.len();
        // A row too long for its intervals to be counted in `usize` has no dense index.
        let length_starts = (0..=n)
            .scan(Some(0usize), |start, length| {
                let this = (*start)?;
                *start = this.checked_add(n + 1 - length);
                Some(this)
            })
            .collect::<Vec<usize>>();
        let length_starts = if length_starts.len() == n + 1 {
            length_starts
        } else {
            Vec::new()
        };
        NumberRow {
            numbers,
            length_starts,
        }
    }

    /// The numbers of the row.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::NumberRow;
    ///
    /// assert_eq!(NumberRow::new(vec![8, 1]).numbers(), [8, 1]);
    /// ```
    #[must_use]
    pub fn numbers(&self) -> &[i64] {
        &self.numbers
    }

    /// The starting position: the whole row.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::NumberRow;
    ///
    /// assert_eq!(NumberRow::new(vec![]).whole(), (0, 0));
    /// ```
    #[must_use]
    pub fn whole(&self) -> (usize, usize) {
        (0, self.numbers.len())
    }

    /// Both players' totals from the start under best play, given the score of the whole row:
    /// the first player's is `(sum + score) / 2`, the second's `(sum − score) / 2`. `None` if
    /// the sum overflows `i64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::NumberRow;
    ///
    /// let row = NumberRow::new(vec![1, 100, 1]);
    /// assert_eq!(row.totals(-98), (2, 100));
    /// ```
    ///
    /// # Panics
    ///
    /// If the sum of the numbers overflows `i64` (use [`checked_totals`](Self::checked_totals)).
    #[must_use]
    #[track_caller]
    pub fn totals(&self, score: i64) -> (i64, i64) {
        self.checked_totals(score)
            .expect("the numbers' sum and the score fit in i64")
    }

    /// Both players' totals, or `None` if the arithmetic leaves `i64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::score::NumberRow;
    ///
    /// assert_eq!(NumberRow::new(vec![i64::MAX, 1]).checked_totals(0), None);
    /// assert_eq!(NumberRow::new(vec![3, 4]).checked_totals(1), Some((4, 3)));
    /// ```
    #[must_use]
    pub fn checked_totals(&self, score: i64) -> Option<(i64, i64)> {
        let sum = self
            .numbers
            .iter()
            .try_fold(0i64, |sum, &number| sum.checked_add(number))?;
        let first = i128::from(sum) + i128::from(score);
        let second = i128::from(sum) - i128::from(score);
        Some((
            i64::try_from(first / 2).ok()?,
            i64::try_from(second / 2).ok()?,
        ))
    }
}

impl ScoreGame for NumberRow {
    type Position = (usize, usize);

    /// Take the leftmost number, or the rightmost (when they differ). An interval that is
    /// not inside the row has no moves.
    #[inline]
    fn moves(
        &self,
        &(left, right): &(usize, usize),
    ) -> impl Iterator<Item = (i64, (usize, usize))> {
        let row = self.numbers.get(left..right).unwrap_or_default();
        // Both moves built whatever the count, from numbers read only where they exist:
        // two array slots and a `take` make a tighter loop in the solver than a chain of
        // options (a fifth fewer instructions per interval in the A Game sweep).
        let first = row.first().copied().unwrap_or_default();
        let last = row.last().copied().unwrap_or_default();
        [
            // Wrapping only where the move is never given (no numbers between the ends).
            (first, (left.wrapping_add(1), right)),
            (last, (left, right.wrapping_sub(1))),
        ]
        .into_iter()
        .take(row.len().min(2))
    }

    /// Intervals by length, then by left end: the `n + 1 − k` intervals of each length `k`
    /// below `length` come first. `None` for intervals outside the row, and for every
    /// interval of a row too long for the count of its intervals to fit in `usize`.
    #[inline]
    fn dense_index(&self, &(left, right): &(usize, usize)) -> Option<usize> {
        if left > right || right > self.numbers.len() {
            return None;
        }
        // A table, not the closed form: the sweep asks three times per interval.
        Some(self.length_starts.get(right - left)? + left)
    }

    /// The intervals inside `start`, shortest first.
    fn bottom_up(
        &self,
        &(left, right): &(usize, usize),
    ) -> Option<impl Iterator<Item = (usize, usize)>> {
        let inside = left <= right && right <= self.numbers.len();
        Some(ShortestFirst {
            left,
            right,
            next: inside.then_some((left, left)),
        })
    }
}

/// The intervals inside `left..right`, shortest first, then by left end — a flat state
/// machine, since a flattening of ranges cost the A Game sweep a tenth of its time.
struct ShortestFirst {
    left: usize,
    right: usize,
    /// The next interval, `None` once the whole is given.
    next: Option<(usize, usize)>,
}

impl Iterator for ShortestFirst {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        let (first, last) = self.next?;
        self.next = if last < self.right {
            Some((first + 1, last + 1))
        } else if last - first < self.right - self.left {
            let length = last - first + 1;
            Some((self.left, self.left + length))
        } else {
            None
        };
        Some((first, last))
    }
}
