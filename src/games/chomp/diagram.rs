//! Young diagrams in a `u128`, a byte a row, and their ranks in lexicographic order: what the
//! ruleset and the table of every diagram's value share.

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
