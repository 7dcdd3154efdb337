//! The direct recurrence: G(n) is the mex of the values of every option of a heap of `n`.

use super::rules::HeapRules;

/// Which values the options of the heap being computed reach, one byte per value.
///
/// Values below `2^b` XOR to values below `2^b`, so the table is as wide as the largest
/// value so far rounded up to a power of two — a few hundred bytes, cleared per heap. Bytes
/// rather than bits: marking is a plain store, with no read-modify-write chain between
/// consecutive marks of the same word.
#[derive(Clone, Debug, Default)]
pub(super) struct Reached {
    pub(super) bytes: Vec<u8>,
}

impl Reached {
    /// Empties the table and sizes it for the values below `2^bits(largest)`.
    pub(super) fn reset(&mut self, largest: u32) {
        let width = (largest as usize + 1).next_power_of_two();
        self.bytes.clear();
        self.bytes.resize(width, 0);
    }

    pub(super) fn width(&self) -> usize {
        self.bytes.len()
    }

    #[inline]
    pub(super) fn insert(&mut self, value: u32) {
        self.bytes[value as usize] = 1;
    }

    /// The least value not reached: the mex.
    pub(super) fn mex(&self) -> u32 {
        self.bytes
            .iter()
            .position(|&reached| reached == 0)
            .unwrap_or(self.bytes.len()) as u32
    }
}

/// The values of the options that leave no heap or one heap.
///
/// Here and below, only options whose heaps are all in `values` count: a heap may be
/// computed before the value just below it is known (see [`run_lane`]).
pub(super) fn insert_single_options(
    rules: &HeapRules,
    values: &[u32],
    heap: usize,
    reached: &mut Reached,
) {
    let n = heap as u64;
    if rules.leave_none.contains(&n) {
        reached.insert(0);
    }
    for &r in rules.leave_one.iter().take_while(|&&r| r < n) {
        if let Some(&value) = values.get((n - r) as usize) {
            reached.insert(value);
        }
    }
}

/// The splits of `rest` counters into two non-empty heaps, as two slices to zip: the
/// smaller heaps ascending and the larger heaps descending (reverse the second).
pub(super) fn splits<'v>(
    rules: &HeapRules,
    values: &'v [u32],
    rest: usize,
) -> (&'v [u32], &'v [u32]) {
    let largest_small = if rules.unequal_split {
        rest.saturating_sub(1) / 2
    } else {
        rest / 2
    };
    // The larger heap must be in `values`: at most `values.len() − 1` counters.
    let smallest = (rest + 1).saturating_sub(values.len()).max(1);
    if largest_small < smallest {
        return (&[], &[]);
    }
    (
        &values[smallest..=largest_small],
        &values[rest - largest_small..=rest - smallest],
    )
}

/// The counters left to split after each split amount, for a heap of `heap`.
pub(super) fn split_rests(rules: &HeapRules, heap: usize) -> impl Iterator<Item = usize> + '_ {
    rules
        .leave_two
        .iter()
        .filter_map(move |&r| heap.checked_sub(usize::try_from(r).ok()?))
        .filter(|&rest| rest >= 2)
}

/// G(heap) by the definition: the mex of every option's value. O(heap) per split amount.
pub(super) fn direct_value(
    rules: &HeapRules,
    values: &[u32],
    heap: usize,
    largest: u32,
    reached: &mut Reached,
) -> u32 {
    reached.reset(largest);
    insert_single_options(rules, values, heap, reached);
    for rest in split_rests(rules, heap) {
        let (small, large) = splits(rules, values, rest);
        for (&a, &b) in small.iter().zip(large.iter().rev()) {
            reached.insert(a ^ b);
        }
    }
    reached.mex()
}
