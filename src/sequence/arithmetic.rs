//! Arithmetic periods: `G(n + p) = G(n) + s` with a saltus `s > 0`, as hexadecimal games and
//! infinite codes show (Nim, `G(n) = n`, has period 1 and saltus 1). Seen in the values
//! computed, they are *apparent*; [`ArithmeticPeriod`] is one proved (for finite codes by the
//! test in `arithmetic_proof`, for repeating codes by their own).

use std::fmt;

/// `G(n + period) = G(n) + saltus` for every `n ≥ preperiod`: proved, not only seen.
///
/// # Examples
///
/// ```
/// use impartial::octal::HexadecimalGame;
/// use impartial::repeating::RepeatingCode;
///
/// // 0.8: take one counter and leave three heaps. Proved from G(0..26).
/// let values = "0.8".parse::<HexadecimalGame>()?.values_up_to(1_000_000)?;
/// let period = values.arithmetic_period().expect("proved");
/// assert_eq!((period.preperiod, period.period, period.saltus), (1, 3, 1));
/// assert_eq!(period.to_string(), "period 3 and saltus 1 from n = 1 (proved at G(25))");
/// assert!(values.computed_len() < 100);
/// assert_eq!(values.get(1_000_000).map(|g| g.0), Some(333_333));
///
/// // all-but(1), 0.0[3]: G(n) = ⌊n/2⌋.
/// let period = "0.0[3]".parse::<RepeatingCode>()?.values_up_to(100)?.period().unwrap();
/// assert_eq!((period.preperiod, period.period, period.saltus), (0, 2, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ArithmeticPeriod {
    /// The least heap from which the values climb so (within the values computed).
    pub preperiod: u64,
    /// The shortest period seen.
    pub period: u64,
    /// What a value gains over one period: at least 1, but 0 for a repeating code with a
    /// tail of 1, whose values repeat.
    pub saltus: u32,
    /// The last heap whose value the proof needed.
    pub proved_at: u64,
}

impl fmt::Display for ArithmeticPeriod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "period {} and saltus {} from n = {} (proved at G({}))",
            self.period, self.saltus, self.preperiod, self.proved_at
        )
    }
}

impl ArithmeticPeriod {
    /// G(`n`) for `n` from the preperiod, from the value whole periods back in the first
    /// period: `first_period(i)` is G(preperiod + i), if known. Exact: at most
    /// `u32::MAX + u64::MAX · u32::MAX`, below 2⁹⁶.
    pub(crate) fn extend(&self, n: u64, first_period: impl Fn(u64) -> Option<u32>) -> Option<u128> {
        let past = n.checked_sub(self.preperiod)?;
        let first = first_period(past % self.period)?;
        Some(u128::from(first) + u128::from(past / self.period) * u128::from(self.saltus))
    }
}

/// An arithmetic period the values computed show, not proved: `G(n + period) = G(n) +
/// saltus` for every `n` from `preperiod` while `n + period` was computed (to `seen_to`), over
/// at least three periods and half the values.
///
/// # Examples
///
/// ```
/// use impartial::octal::HexadecimalGame;
///
/// // 0.8: take one counter and leave the rest as three heaps. Its values climb by 1 every
/// // 3 heaps — which twenty values show, but the proof needs G(0..26).
/// let values = "0.8".parse::<HexadecimalGame>()?.values_up_to(20)?;
/// assert_eq!((values.period(), values.arithmetic_period()), (None, None));
/// let seen = values.apparent_arithmetic_period().expect("seen");
/// assert_eq!((seen.period, seen.saltus), (3, 1));
/// assert!(seen.to_string().contains("apparent"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ApparentArithmeticPeriod {
    /// The least `n` from which the values climb so.
    pub preperiod: u64,
    /// The shortest period.
    pub period: u64,
    /// What a value gains over one period (at least 1).
    pub saltus: u32,
    /// The last heap whose value was compared.
    pub seen_to: u64,
}

impl fmt::Display for ApparentArithmeticPeriod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "period {} and saltus {} from n = {} (apparent: seen to G({}), not proved)",
            self.period, self.saltus, self.preperiod, self.seen_to
        )
    }
}

/// The longest period looked for: a longer one is not "seen" in any run that fits in memory
/// three times over with room to spare, and the bound keeps the search to a fraction of a
/// second on a billion values.
pub const MAX_APPARENT_PERIOD: usize = 1 << 16;

/// The shortest arithmetic period (up to [`MAX_APPARENT_PERIOD`]) the values `value(0) …
/// value(len − 1)` show, with its least preperiod, if it holds over at least three periods
/// and half the values.
///
/// Each candidate period `p` takes its saltus from the last two values `p` apart and walks
/// back while the difference holds; a wrong `p` stops within a few values, the right one at
/// its preperiod, so the search costs little more than one pass.
pub(crate) fn apparent(
    len: usize,
    value: impl Fn(usize) -> u32,
) -> Option<ApparentArithmeticPeriod> {
    let last = len.checked_sub(1)?;
    for p in 1..=(len / 4).min(MAX_APPARENT_PERIOD) {
        let Some(saltus) = value(last).checked_sub(value(last - p)).filter(|&s| s > 0) else {
            continue;
        };
        let mut n = last;
        while n >= p && value(n).checked_sub(value(n - p)) == Some(saltus) {
            n -= 1;
        }
        // Every n' + p in (n, last] holds: the preperiod is the first n' with n' + p > n.
        let preperiod = if n < p { 0 } else { n + 1 - p };
        let covered = len - preperiod;
        if covered >= 3 * p && 2 * covered >= len {
            return Some(ApparentArithmeticPeriod {
                preperiod: preperiod as u64,
                period: p as u64,
                saltus,
                seen_to: last as u64,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, plainly: the least `p`, then the least `n0`, such that every
    /// `n0 ≤ n < len − p` has `G(n + p) = G(n) + s` for one `s > 0`, over three periods and
    /// half the values.
    fn reference(values: &[u32]) -> Option<(u64, u64, u32)> {
        let len = values.len();
        for p in 1..=len / 4 {
            for n0 in 0..len.saturating_sub(p) {
                let saltus = i64::from(values[n0 + p]) - i64::from(values[n0]);
                let holds = saltus > 0
                    && (n0..len - p)
                        .all(|n| i64::from(values[n + p]) - i64::from(values[n]) == saltus);
                if holds {
                    let covered = len - n0;
                    if covered >= 3 * p && 2 * covered >= len {
                        return Some((
                            n0 as u64,
                            p as u64,
                            u32::try_from(saltus).expect("positive"),
                        ));
                    }
                    break;
                }
            }
        }
        None
    }

    fn found(values: &[u32]) -> Option<(u64, u64, u32)> {
        apparent(values.len(), |n| values[n]).map(|a| (a.preperiod, a.period, a.saltus))
    }

    #[test]
    fn nim_and_friends() {
        let nim: Vec<u32> = (0..100).collect();
        assert_eq!(found(&nim), Some((0, 1, 1)));
        let periodic: Vec<u32> = (0..100).map(|n| n % 7).collect();
        assert_eq!(found(&periodic), None);
        assert_eq!(found(&[]), None);
        assert_eq!(found(&[5]), None);
        // A prefix, then the climb: the least preperiod.
        let mut late = vec![9, 0, 9, 0, 9];
        late.extend((0..60).map(|n| 2 * (n / 3) + n % 3));
        assert_eq!(found(&late), reference(&late));
        assert_eq!(found(&late).map(|(_, p, s)| (p, s)), Some((3, 2)));
    }

    /// Random sequences — a random prefix, then a random first period climbing by a random
    /// saltus, cut anywhere, some with a wrong value planted — against the definition.
    #[test]
    fn agrees_with_the_definition() {
        let mut next = crate::sequence::testing::random_words(0xA417_0001);
        for _ in 0..512 {
            let prefix: Vec<u32> = (0..next() % 30).map(|_| (next() % 20) as u32).collect();
            let cycle: Vec<u32> = (0..=next() % 7).map(|_| (next() % 10) as u32).collect();
            let saltus = (next() % 4) as u32;
            let length = (next() % 200) as usize;
            let planted = next()
                .is_multiple_of(2)
                .then(|| ((next() % 250) as usize, (next() % 40) as u32));
            check(&prefix, &cycle, saltus, length, planted);
        }
    }

    fn check(
        prefix: &[u32],
        cycle: &[u32],
        saltus: u32,
        length: usize,
        planted: Option<(usize, u32)>,
    ) {
        let mut values = prefix.to_vec();
        for i in 0..length {
            values.push(cycle[i % cycle.len()] + saltus * (i / cycle.len()) as u32);
        }
        if let Some((at, value)) = planted
            && at < values.len()
        {
            values[at] = value;
        }
        assert_eq!(found(&values), reference(&values), "{values:?}");
    }
}
