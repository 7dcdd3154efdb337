//! The values of a code with a repeating tail whose digits split heaps (4 to F): no closed
//! rule is known for them, so each heap's options are listed, as the definition says, up to
//! a bound on the work.

/// The most options listed for one sequence (some seconds of work).
pub const MAX_OPTIONS: u128 = 4_000_000_000;

/// An upper bound on the options of heaps 0 to `n`: every heap `m ≤ h` once through the
/// digits that leave none or one heap, `⌊m/2⌋` two-heap splits and, with `three`, fewer than
/// `m²/12` three-heap splits of each (`m = h` when the first digit splits).
fn options_bound(n: u64, three: bool) -> u128 {
    let n = u128::from(n) + 1;
    let two_and_fewer = n * n + n * n * n / 12;
    if three {
        two_and_fewer + n * n * n * n / 144 + n * n * n / 36
    } else {
        two_and_fewer
    }
}

/// The largest heap whose values fit [`MAX_OPTIONS`].
pub fn largest_heap(three: bool) -> u64 {
    let (mut fits, mut beyond) = (0u64, u64::from(u32::MAX));
    while beyond - fits > 1 {
        let middle = fits + (beyond - fits) / 2;
        if options_bound(middle, three) <= MAX_OPTIONS {
            fits = middle;
        } else {
            beyond = middle;
        }
    }
    fits
}

/// G(0..len) by the definition: the mex over every amount `t ≤ n` of what `digit(t)` lets a
/// move leave — nothing (bit 1, `t = n`), one heap (2), two (4) or three (8) non-empty heaps
/// (`t = 0` only splits: `digit(0)` is 0, 4, 8 or C). `progress` is called with the values
/// so far before each (a value costs up to `n²/12` options), and stops them where it breaks.
pub fn values(
    len: usize,
    digit: impl Fn(u64) -> u8,
    values: &mut Vec<u32>,
    progress: &mut dyn FnMut(&[u32]) -> std::ops::ControlFlow<()>,
) {
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..len {
        if n > 0 && progress(values).is_break() {
            return;
        }
        seen.clear();
        seen.resize(n + 2, false);
        // A value may pass the heap's size when taking nothing splits it (Lasker's Nim has
        // G(3) = 4), so the marks grow as they need.
        let mut mark = |value: u32| {
            let value = value as usize;
            if value >= seen.len() {
                seen.resize(value + 1, false);
            }
            seen[value] = true;
        };
        for amount in 0..=n {
            let bits = digit(amount as u64);
            let rest = n - amount;
            if bits & 1 != 0 && rest == 0 {
                mark(0);
            }
            if bits & 2 != 0 && rest >= 1 {
                mark(values[rest]);
            }
            if bits & 4 != 0 {
                for small in 1..=rest / 2 {
                    mark(values[small] ^ values[rest - small]);
                }
            }
            if bits & 8 != 0 {
                for least in 1..=rest / 3 {
                    for middle in least..=(rest - least) / 2 {
                        mark(values[least] ^ values[middle] ^ values[rest - least - middle]);
                    }
                }
            }
        }
        let mex = seen.iter().position(|&seen| !seen).unwrap_or(seen.len());
        values.push(mex as u32);
    }
}
