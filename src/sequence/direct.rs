//! The direct recurrence: G(n) is the mex of the values of every option of a heap of `n`.

use std::ops::Range;

use crate::games::take_and_break::HeapRules;

/// The values the engine reads, by heap: the whole table (`[u32]`, heap `h` at index `h`), or
/// what a bounded run keeps ([`Kept`](super::bounded::Kept)) — a prefix and a recent window.
///
/// A value asked for that was computed but not kept is *missed*: the store remembers it, and
/// the bounded run refuses the heap's value instead of using one computed without it.
pub(super) trait HeapValues {
    /// Heaps below this are computed.
    fn computed(&self) -> usize;
    /// G(`heap`), if computed and kept.
    fn value_of(&self, heap: usize) -> Option<u32>;
    /// The values of `heaps`, if all are computed and kept.
    fn heaps(&self, heaps: Range<usize>) -> Option<&[u32]>;
    /// The values of the pairs of heaps `(low + i, high − i)` for `i` in `0..count` that are
    /// kept, from `i = 0` on: the low heaps ascending and the high heaps in ascending order
    /// (reverse them to zip), and whether those are all `count` pairs.
    fn pairs(&self, low: usize, high: usize, count: usize) -> (&[u32], &[u32], bool);
    /// Records that a value the heap needs was not kept.
    fn note_missed(&self);
}

impl HeapValues for [u32] {
    #[inline]
    fn computed(&self) -> usize {
        self.len()
    }

    #[inline]
    fn value_of(&self, heap: usize) -> Option<u32> {
        self.get(heap).copied()
    }

    #[inline]
    fn heaps(&self, heaps: Range<usize>) -> Option<&[u32]> {
        self.get(heaps)
    }

    #[inline]
    fn pairs(&self, low: usize, high: usize, count: usize) -> (&[u32], &[u32], bool) {
        (
            &self[low..low + count],
            &self[high + 1 - count..=high],
            true,
        )
    }

    #[inline]
    fn note_missed(&self) {}
}

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
pub(super) fn insert_single_options<V: HeapValues + ?Sized>(
    rules: &HeapRules,
    values: &V,
    heap: usize,
    reached: &mut Reached,
) {
    let n = heap as u64;
    if rules.leave_none.contains(&n) {
        reached.insert(0);
    }
    for &r in rules.leave_one.iter().take_while(|&&r| r < n) {
        if let Some(value) = values.value_of((n - r) as usize) {
            reached.insert(value);
        }
    }
}

/// The splits of `rest` counters into two non-empty heaps, as two slices to zip: the
/// smaller heaps ascending and the larger heaps descending (reverse the second) — and
/// whether those are all the splits whose heaps are computed (not in a bounded run, where
/// they stop at the first pair not kept).
pub(super) fn splits<'v, V: HeapValues + ?Sized>(
    rules: &HeapRules,
    values: &'v V,
    rest: usize,
) -> (&'v [u32], &'v [u32], bool) {
    let largest_small = if rules.unequal_split {
        rest.saturating_sub(1) / 2
    } else {
        rest / 2
    };
    // The larger heap must be computed: at most `computed − 1` counters.
    let smallest = (rest + 1).saturating_sub(values.computed()).max(1);
    if largest_small < smallest {
        return (&[], &[], true);
    }
    values.pairs(smallest, rest - smallest, largest_small + 1 - smallest)
}

/// The counters left to split after each split amount, for a heap of `heap`.
pub(super) fn split_rests(rules: &HeapRules, heap: usize) -> impl Iterator<Item = usize> + '_ {
    rules
        .leave_two
        .iter()
        .filter_map(move |&r| heap.checked_sub(usize::try_from(r).ok()?))
        .filter(|&rest| rest >= 2)
}

/// The values of the splits into three heaps: `least ≤ middle ≤ largest`, each non-empty,
/// for every amount that may leave three. O(heap²) per amount.
fn insert_three_heap_options<V: HeapValues + ?Sized>(
    rules: &HeapRules,
    values: &V,
    heap: usize,
    reached: &mut Reached,
) {
    for &r in &rules.leave_three {
        let Some(rest) = usize::try_from(r).ok().and_then(|r| heap.checked_sub(r)) else {
            continue;
        };
        for least in 1..=rest / 3 {
            // The other two heaps split `rest − least`, neither smaller than `least`.
            let pair = rest - least;
            let Some(least_value) = values.value_of(least) else {
                break;
            };
            let largest_middle = pair / 2;
            // The largest heap must be computed.
            let smallest_middle = least.max((pair + 1).saturating_sub(values.computed()));
            if smallest_middle > largest_middle {
                continue;
            }
            let (middles, largests, all) = values.pairs(
                smallest_middle,
                pair - smallest_middle,
                largest_middle + 1 - smallest_middle,
            );
            if !all {
                values.note_missed();
            }
            for (&middle, &largest) in middles.iter().zip(largests.iter().rev()) {
                reached.insert(least_value ^ middle ^ largest);
            }
        }
    }
}

/// G(heap) by the definition: the mex of every option's value. O(heap) per amount that
/// leaves two heaps, O(heap²) per amount that leaves three.
pub(super) fn direct_value<V: HeapValues + ?Sized>(
    rules: &HeapRules,
    values: &V,
    heap: usize,
    largest: u32,
    reached: &mut Reached,
) -> u32 {
    reached.reset(largest);
    insert_single_options(rules, values, heap, reached);
    for rest in split_rests(rules, heap) {
        let (small, large, all) = splits(rules, values, rest);
        if !all {
            values.note_missed();
        }
        for (&a, &b) in small.iter().zip(large.iter().rev()) {
            reached.insert(a ^ b);
        }
    }
    insert_three_heap_options(rules, values, heap, reached);
    reached.mex()
}
