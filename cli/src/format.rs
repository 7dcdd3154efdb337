//! How values are written: little-endian integers of one width — the narrowest of 1, 2 or 4
//! bytes that holds them all — or text, one per line; and the values a proven period gives
//! past those computed.

use std::io::{self, Write};

use impartial::sequence::{Period, Values};

/// The narrowest width, in bytes, that holds every value.
pub fn width_for(values: impl IntoIterator<Item = u32>) -> u8 {
    let width = Values::width_holding(values.into_iter().max().unwrap_or(0));
    u8::try_from(width).expect("1, 2 or 4")
}

/// Writes `values` to `writer` in `width` bytes each, little-endian.
pub fn write_values<W: Write + ?Sized>(
    writer: &mut W,
    values: impl IntoIterator<Item = u32>,
    width: u8,
) -> io::Result<()> {
    for value in values {
        writer.write_all(&value.to_le_bytes()[..usize::from(width)])?;
    }
    Ok(())
}

/// A little-endian integer of 1, 2 or 4 bytes.
pub fn decode(bytes: &[u8]) -> u32 {
    let mut word = [0u8; 4];
    word[..bytes.len()].copy_from_slice(bytes);
    u32::from_le_bytes(word)
}

/// The values of one cycle of a proven `period`: G(preperiod) … G(preperiod + period − 1),
/// from `values` (G(0), G(1), …).
pub fn cycle_of(values: impl Iterator<Item = u32>, period: Period) -> Vec<u32> {
    let start = usize::try_from(period.preperiod).expect("within the values");
    let length = usize::try_from(period.period).expect("within the values");
    values.skip(start).take(length).collect()
}

/// The values of heaps `from` to `n` that a proven `period` repeats, from its `cycle`
/// ([`cycle_of`]); `from` is at least the end of the first cycle.
pub fn repeated(cycle: Vec<u32>, period: Period, from: u64, n: u64) -> impl Iterator<Item = u32> {
    (from..=n).map(move |heap| {
        let offset = (heap - period.preperiod) % period.period;
        cycle[usize::try_from(offset).expect("within the cycle")]
    })
}
