//! [`HeapCounts`]: how many heaps a split may leave when it leaves more than three.

use crate::heap::rules_error::RulesError;

/// The numbers of heaps, four or more, that a move may split a heap into: counts listed one
/// by one, and every count from some number on (each 4 to [`MAX_COUNT`](Self::MAX_COUNT)).
/// Splits into one, two or three heaps are the rules' other moves. In a code, the digit
/// `{0,4}` takes a heap whole or leaves four heaps, `{2+}` leaves two heaps or more.
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::HeapCounts;
///
/// let counts = HeapCounts::new(&[4, 6], Some(9))?;
/// assert!(counts.contains(6) && counts.contains(100));
/// assert!(!counts.contains(5) && !counts.contains(8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HeapCounts {
    /// Bit `j` for each count `j` listed (4 ≤ j ≤ 63).
    listed: u64,
    /// Every count from this one on, if any.
    from: Option<u32>,
}

impl HeapCounts {
    /// The largest count that may be listed one by one, or be the "from": the values of a
    /// split into `j` heaps are tabled in `j` levels, so the levels stay few.
    ///
    /// ```
    /// use impartial::take_and_break::HeapCounts;
    ///
    /// assert!(HeapCounts::new(&[HeapCounts::MAX_COUNT], None).is_ok());
    /// assert!(HeapCounts::new(&[], Some(HeapCounts::MAX_COUNT + 1)).is_err());
    /// ```
    pub const MAX_COUNT: u32 = 63;

    /// The counts `listed`, and every count from `from` on.
    ///
    /// # Errors
    ///
    /// [`RulesError::HeapCountOutOfRange`] for a count (listed or `from`) below 4 or past
    /// [`MAX_COUNT`](Self::MAX_COUNT).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapCounts;
    /// use impartial::take_and_break::RulesError;
    ///
    /// assert_eq!(
    ///     HeapCounts::new(&[3], None),
    ///     Err(RulesError::HeapCountOutOfRange { count: 3, max: 63 })
    /// );
    /// ```
    pub fn new(listed: &[u32], from: Option<u32>) -> Result<Self, RulesError> {
        let out_of_range = |count: u32| RulesError::HeapCountOutOfRange {
            count,
            max: Self::MAX_COUNT,
        };
        let mut bits = 0u64;
        for &count in listed {
            if !(4..=Self::MAX_COUNT).contains(&count) {
                return Err(out_of_range(count));
            }
            bits |= 1 << count;
        }
        if let Some(from) = from.filter(|&from| !(4..=Self::MAX_COUNT).contains(&from)) {
            return Err(out_of_range(from));
        }
        Ok(HeapCounts { listed: bits, from }.normalized())
    }

    /// Whether a split into `count` heaps is allowed.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapCounts;
    ///
    /// assert!(HeapCounts::new(&[5], None)?.contains(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn contains(self, count: u64) -> bool {
        self.from.is_some_and(|from| count >= u64::from(from))
            || (count <= u64::from(Self::MAX_COUNT) && self.listed >> count & 1 == 1)
    }

    /// The counts listed one by one (those below "from"), ascending.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapCounts;
    ///
    /// assert_eq!(HeapCounts::new(&[7, 4], Some(6))?.listed().collect::<Vec<_>>(), [4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn listed(self) -> impl Iterator<Item = u32> {
        (4..=Self::MAX_COUNT).filter(move |&count| self.listed >> count & 1 == 1)
    }

    /// The count from which every count is allowed, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapCounts;
    ///
    /// // Listed counts just below it join it.
    /// assert_eq!(HeapCounts::new(&[5], Some(6))?.from(), Some(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from(self) -> Option<u32> {
        self.from
    }

    /// Whether no count is allowed.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapCounts;
    ///
    /// assert!(HeapCounts::new(&[], None)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.listed == 0 && self.from.is_none()
    }

    /// The counts either allows.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapCounts;
    ///
    /// let both = HeapCounts::new(&[4], None)?.union(HeapCounts::new(&[], Some(7))?);
    /// assert!(both.contains(4) && !both.contains(5) && both.contains(9));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn union(self, other: HeapCounts) -> HeapCounts {
        let from = match (self.from, other.from) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        HeapCounts {
            listed: self.listed | other.listed,
            from,
        }
        .normalized()
    }

    /// The least count allowed past `count`, if any.
    pub(crate) fn next_after(self, count: u64) -> Option<u64> {
        let listed = if count >= u64::from(Self::MAX_COUNT) {
            None
        } else {
            let above = self.listed & !((2u64 << count) - 1);
            (above != 0).then(|| u64::from(above.trailing_zeros()))
        };
        let from = self.from.map(|from| u64::from(from).max(count + 1));
        match (listed, from) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The largest count that needs counting exactly: the largest listed, or "from".
    pub(crate) fn deepest(self) -> u32 {
        let listed = 64u32.saturating_sub(self.listed.leading_zeros() + 1);
        self.from.map_or(listed, |from| from.max(listed))
    }

    /// Listed counts at or past "from" folded into it, and "from" lowered over the listed
    /// counts just below it: one form for one set.
    fn normalized(mut self) -> HeapCounts {
        if let Some(mut from) = self.from {
            while from > 4 && from - 1 <= Self::MAX_COUNT && self.listed >> (from - 1) & 1 == 1 {
                from -= 1;
            }
            if from <= Self::MAX_COUNT {
                self.listed &= (1u64 << from) - 1;
            }
            self.from = Some(from);
        }
        self
    }
}

/// The partitions of a number into exactly `count` positive parts, each as its parts in
/// ascending order, one after another in lexicographic order: `1 + 1 + … + (rest − count +
/// 1)` first.
#[derive(Clone, Debug)]
pub(crate) struct Partitions {
    parts: Vec<u64>,
}

impl Partitions {
    /// The first partition of `rest` into `count` parts, or `None` if there is none.
    pub(crate) fn new(rest: u64, count: u64) -> Option<Partitions> {
        if count == 0 || rest < count {
            return None;
        }
        let count = usize::try_from(count).ok()?;
        let mut parts = vec![1; count];
        parts[count - 1] = rest - (count as u64 - 1);
        Some(Partitions { parts })
    }

    /// The current partition's parts, ascending.
    pub(crate) fn parts(&self) -> &[u64] {
        &self.parts
    }

    /// Moves to the next partition; `false` (and the last one kept) when there is none.
    pub(crate) fn advance(&mut self) -> bool {
        let len = self.parts.len();
        // The sum of the parts from `i` on, as `i` goes down.
        let mut tail = self.parts[len - 1];
        for i in (0..len - 1).rev() {
            tail += self.parts[i];
            let raised = self.parts[i] + 1;
            let slots = (len - i) as u64;
            // The parts from `i` on all at least `raised`, the last taking what is left.
            if raised.saturating_mul(slots) <= tail {
                for part in &mut self.parts[i..len - 1] {
                    *part = raised;
                }
                self.parts[len - 1] = tail - raised * (slots - 1);
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The partitions listed one by one against those counted by brute force: every
    /// non-decreasing list of `count` positive parts summing to `rest`, each once, in order.
    #[test]
    fn partitions_are_every_partition_once_in_order() {
        for rest in 0..=14u64 {
            for count in 0..=rest + 1 {
                let mut listed: Vec<Vec<u64>> = Vec::new();
                if let Some(mut partitions) = Partitions::new(rest, count) {
                    loop {
                        listed.push(partitions.parts().to_vec());
                        if !partitions.advance() {
                            break;
                        }
                    }
                }
                let mut expected = Vec::new();
                brute_force(rest, count, 1, &mut Vec::new(), &mut expected);
                assert_eq!(listed, expected, "{rest} into {count}");
            }
        }
    }

    /// Every non-decreasing list of `count` parts of at least `least` summing to `rest`,
    /// after `prefix`, in lexicographic order.
    fn brute_force(
        rest: u64,
        count: u64,
        least: u64,
        prefix: &mut Vec<u64>,
        out: &mut Vec<Vec<u64>>,
    ) {
        if count == 0 {
            if rest == 0 && !prefix.is_empty() {
                out.push(prefix.clone());
            }
            return;
        }
        for part in least..=rest {
            prefix.push(part);
            brute_force(rest - part, count - 1, part, prefix, out);
            prefix.pop();
        }
    }

    #[test]
    fn counts_fold_into_one_form() {
        let a = HeapCounts::new(&[4, 5, 9], Some(6)).unwrap();
        let b = HeapCounts::new(&[4], Some(5)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.deepest(), 4.max(a.from().unwrap()));
        assert_eq!(HeapCounts::new(&[], None).unwrap().deepest(), 0);
        assert_eq!(HeapCounts::new(&[63], None).unwrap().deepest(), 63);
        assert!(HeapCounts::new(&[64], None).is_err());
        assert!(HeapCounts::new(&[], Some(3)).is_err());
        assert_eq!(a.next_after(3), Some(4));
        assert_eq!(a.next_after(4), Some(5));
        assert_eq!(a.next_after(99), Some(100));
        let sparse = HeapCounts::new(&[4, 9, 63], None).unwrap();
        let listed: Vec<u64> =
            std::iter::successors(sparse.next_after(0), |&c| sparse.next_after(c)).collect();
        assert_eq!(listed, [4, 9, 63]);
        assert!(HeapCounts::new(&[], Some(64)).is_err());
        let far = HeapCounts::new(&[], Some(63)).unwrap();
        assert!(far.contains(u64::from(u32::MAX)) && !far.contains(62));
    }
}
