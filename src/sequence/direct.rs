//! The direct recurrence: G(n) is the mex of the values of every option of a heap of `n`.
// Without the feature `research`, the parts that only the sparse space, the threads and
// the bounded runs read are left unused.
#![cfg_attr(not(feature = "research"), allow(dead_code))]

use std::ops::Range;

use super::values::Value;
use crate::heap::{HeapRules, SplitShapes};

/// Heaps whose splits with the older rare heaps of a sparse space are done together, and the
/// most values [`HeapValues::heaps`] gives at once.
pub(super) const BLOCK: usize = 64;

/// The values the engine reads, by heap: the whole table (`[V]`, heap `h` at index `h`),
/// the table shared by two threads and one thread's newest values ([`Joined`]), or what a
/// bounded run keeps ([`BoundedValues`](super::bounded::BoundedValues)) — a prefix and a recent window.
///
/// A value asked for that was computed but not kept is *missed*: the store remembers it, and
/// the bounded run refuses the heap's value instead of using one computed without it.
pub(super) trait HeapValues {
    /// How each value is stored.
    type Value: Value;
    /// Heaps below this are computed.
    fn computed(&self) -> usize;
    /// G(`heap`), if computed and kept.
    fn value_of(&self, heap: usize) -> Option<u32>;
    /// The values of `heaps` (at most [`BLOCK`]), if all are computed and kept: borrowed
    /// where they lie in one piece, else copied into `buffer`.
    fn heaps<'s>(
        &'s self,
        heaps: Range<usize>,
        buffer: &'s mut [Self::Value; BLOCK],
    ) -> Option<&'s [Self::Value]>;
    /// The first of the pairs of heaps `(low + i, high − i)` for `i` in `0..count` that lie
    /// in one piece of memory on each side: the low heaps ascending and the high heaps in
    /// ascending order (reverse them to zip), and what of the `count` pairs is left.
    fn pairs(&self, low: usize, high: usize, count: usize) -> Pairs<'_, Self::Value>;
    /// Records that a value the heap needs was not kept.
    fn note_missed(&self);
}

/// Some pairs of heaps `(low + i, high − i)`: see [`HeapValues::pairs`].
pub(super) struct Pairs<'v, V> {
    pub(super) small: &'v [V],
    pub(super) large: &'v [V],
    pub(super) rest: Rest,
}

/// What follows the pairs [`HeapValues::pairs`] gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rest {
    /// Nothing: they are all the pairs asked for.
    Nothing,
    /// More pairs, in another piece: ask again from the first pair not given.
    More,
    /// Pairs whose values were not kept.
    Missed,
}

impl<V: Value> HeapValues for [V] {
    type Value = V;

    #[inline]
    fn computed(&self) -> usize {
        self.len()
    }

    #[inline]
    fn value_of(&self, heap: usize) -> Option<u32> {
        self.get(heap).map(|&value| value.into())
    }

    #[inline]
    fn heaps<'s>(&'s self, heaps: Range<usize>, _: &'s mut [V; BLOCK]) -> Option<&'s [V]> {
        self.get(heaps)
    }

    #[inline]
    fn pairs(&self, low: usize, high: usize, count: usize) -> Pairs<'_, V> {
        Pairs {
            small: &self[low..low + count],
            large: &self[high + 1 - count..=high],
            rest: Rest::Nothing,
        }
    }

    #[inline]
    fn note_missed(&self) {}
}

/// The values of two threads computing one stretch of heaps: the table as it was when the
/// stretch began, which both read, and this thread's values since — so neither keeps a
/// copy of the table.
#[derive(Clone, Copy, Debug)]
pub(super) struct Joined<'v, V> {
    pub(super) base: &'v [V],
    pub(super) tail: &'v [V],
}

impl<V: Value> Joined<'_, V> {
    /// The `len` values from `heap` on, all in the base or all in the tail.
    #[inline]
    fn run(&self, heap: usize, len: usize) -> &[V] {
        match heap.checked_sub(self.base.len()) {
            None => &self.base[heap..heap + len],
            Some(at) => &self.tail[at..at + len],
        }
    }
}

impl<V: Value> HeapValues for Joined<'_, V> {
    type Value = V;

    #[inline]
    fn computed(&self) -> usize {
        self.base.len() + self.tail.len()
    }

    #[inline]
    fn value_of(&self, heap: usize) -> Option<u32> {
        match heap.checked_sub(self.base.len()) {
            None => Some(self.base[heap].into()),
            Some(at) => self.tail.get(at).map(|&value| value.into()),
        }
    }

    fn heaps<'s>(&'s self, heaps: Range<usize>, buffer: &'s mut [V; BLOCK]) -> Option<&'s [V]> {
        let boundary = self.base.len();
        if heaps.end > self.computed() || heaps.start > heaps.end {
            return None;
        }
        if heaps.end <= boundary || heaps.start >= boundary {
            return Some(self.run(heaps.start, heaps.len()));
        }
        // Across the boundary: copied, at most a block.
        debug_assert!(heaps.len() <= BLOCK, "runs of at most a block");
        let (from_base, from_tail) = (boundary - heaps.start, heaps.end - boundary);
        buffer[..from_base].copy_from_slice(&self.base[heaps.start..]);
        buffer[from_base..heaps.len()].copy_from_slice(&self.tail[..from_tail]);
        Some(&buffer[..heaps.len()])
    }

    #[inline]
    fn pairs(&self, low: usize, high: usize, count: usize) -> Pairs<'_, V> {
        let boundary = self.base.len();
        // The low heaps run on in one piece up to the boundary (or the end), the high heaps
        // down to the boundary (or heap 0).
        let low_run = if low < boundary {
            boundary - low
        } else {
            self.computed() - low
        };
        let high_run = if high >= boundary {
            high + 1 - boundary
        } else {
            high + 1
        };
        let taken = count.min(low_run).min(high_run);
        Pairs {
            small: self.run(low, taken),
            large: self.run(high + 1 - taken, taken),
            rest: if taken == count {
                Rest::Nothing
            } else {
                Rest::More
            },
        }
    }

    #[inline]
    fn note_missed(&self) {}
}

/// The most pieces the pairs of one split amount come in: each side crosses the boundary
/// of a [`Joined`] at most once.
const MAX_PIECES: usize = 3;

/// Pairs of heaps `(low + i, high − i)`, `i` in `0..len`, in up to [`MAX_PIECES`] pieces
/// of memory, in order of `i`: each piece the low heaps ascending and the high heaps
/// ascending (reverse them to zip).
pub(super) struct Splits<'v, V> {
    pieces: [(&'v [V], &'v [V]); MAX_PIECES],
    count: usize,
    len: usize,
    /// Whether those are all the pairs asked for (not in a bounded run, where they stop at
    /// the first pair not kept).
    pub(super) all: bool,
}

impl<'v, V: Value> Splits<'v, V> {
    /// The pairs `(low + i, high − i)` for `i` in `0..count`, as `values` holds them.
    ///
    /// # Panics
    ///
    /// If `values` gives more than [`MAX_PIECES`] pieces — never for the stores here.
    pub(super) fn of<H: HeapValues<Value = V> + ?Sized>(
        values: &'v H,
        mut low: usize,
        mut high: usize,
        mut count: usize,
    ) -> Self {
        let mut splits = Splits::none();
        while count > 0 {
            let pairs = values.pairs(low, high, count);
            let taken = pairs.small.len();
            if taken > 0 {
                splits.pieces[splits.count] = (pairs.small, pairs.large);
                splits.count += 1;
                splits.len += taken;
            }
            match pairs.rest {
                Rest::Nothing => break,
                Rest::Missed => {
                    splits.all = false;
                    break;
                }
                Rest::More => {
                    assert!(
                        taken > 0 && splits.count < MAX_PIECES,
                        "pairs in more than {MAX_PIECES} pieces"
                    );
                    (low, high, count) = (low + taken, high - taken, count - taken);
                }
            }
        }
        splits
    }

    /// No pairs.
    fn none() -> Self {
        Splits {
            pieces: [(&[][..], &[][..]); MAX_PIECES],
            count: 0,
            len: 0,
            all: true,
        }
    }

    /// How many pairs there are.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The pieces, in order.
    pub(super) fn pieces(&self) -> impl Iterator<Item = (&'v [V], &'v [V])> + '_ {
        self.pieces[..self.count].iter().copied()
    }

    /// The pairs `start..end` of them (clamped to the pairs there are), in pieces: each the
    /// low heaps ascending and the high heaps ascending.
    pub(super) fn range(
        &self,
        start: usize,
        end: usize,
    ) -> impl Iterator<Item = (&'v [V], &'v [V])> + '_ {
        let mut first = 0;
        self.pieces().filter_map(move |(small, large)| {
            let (piece_start, len) = (first, small.len());
            first += len;
            let from = start.max(piece_start) - piece_start;
            let to = end.min(piece_start + len).saturating_sub(piece_start);
            (from < to).then(|| (&small[from..to], &large[len - to..len - from]))
        })
    }
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
    if rules.taken_whole().contains(&n) {
        reached.insert(0);
    }
    for &r in rules.taken_leaving_one().iter().take_while(|&&r| r < n) {
        if let Some(value) = values.value_of((n - r) as usize) {
            reached.insert(value);
        }
    }
}

/// The splits of `rest` counters into two non-empty heaps of `shapes` whose heaps are
/// computed: the smaller heaps ascending, each with the larger (see [`Splits`]).
pub(super) fn splits<H: HeapValues + ?Sized>(
    values: &H,
    rest: usize,
    shapes: SplitShapes,
) -> Splits<'_, H::Value> {
    let Some((lowest, largest_small)) = small_heaps(rest, shapes) else {
        return Splits::none();
    };
    // The larger heap must be computed: at most `computed − 1` counters.
    let smallest = (rest + 1).saturating_sub(values.computed()).max(lowest);
    if largest_small < smallest {
        return Splits::none();
    }
    Splits::of(
        values,
        smallest,
        rest - smallest,
        largest_small + 1 - smallest,
    )
}

/// The least and the largest smaller heap of the splits of `rest` counters into two
/// non-empty heaps of `shapes` (those between all allowed), or `None` if there is none.
pub(super) fn small_heaps(rest: usize, shapes: SplitShapes) -> Option<(usize, usize)> {
    let half = rest / 2;
    let equal = rest.is_multiple_of(2) && shapes.allows_pair(half as u64, half as u64);
    let unequal = shapes.allows_pair(0, 1);
    match (unequal, equal) {
        (true, true) => Some((1, half)),
        (true, false) => Some((1, (rest.saturating_sub(1)) / 2)),
        (false, true) => Some((half, half)),
        (false, false) => None,
    }
    .filter(|&(lowest, largest)| lowest >= 1 && lowest <= largest)
}

/// The counters left to split after each split amount, for a heap of `heap`, with the
/// shapes the split may leave.
pub(super) fn split_rests(
    rules: &HeapRules,
    heap: usize,
) -> impl Iterator<Item = (usize, SplitShapes)> + '_ {
    rules
        .taken_leaving_two()
        .iter()
        .zip(rules.leaving_two_shapes())
        .filter_map(move |(&r, &shapes)| {
            let rest = heap.checked_sub(usize::try_from(r).ok()?)?;
            (rest >= 2).then_some((rest, shapes))
        })
}

/// The values of the splits into three heaps: `least ≤ middle ≤ largest`, each non-empty,
/// for every amount that may leave three. O(heap²) per amount.
fn insert_three_heap_options<V: HeapValues + ?Sized>(
    rules: &HeapRules,
    values: &V,
    heap: usize,
    reached: &mut Reached,
) {
    for (&r, &shapes) in rules
        .taken_leaving_three()
        .iter()
        .zip(rules.leaving_three_shapes())
    {
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
            if shapes != SplitShapes::ANY {
                let middles = smallest_middle..=largest_middle;
                insert_shaped_triples(values, (least, least_value), middles, pair, shapes, reached);
                continue;
            }
            let pairs = Splits::of(
                values,
                smallest_middle,
                pair - smallest_middle,
                largest_middle + 1 - smallest_middle,
            );
            if !pairs.all {
                values.note_missed();
            }
            for (middles, largests) in pairs.pieces() {
                for (&middle, &largest) in middles.iter().zip(largests.iter().rev()) {
                    reached.insert(least_value ^ (middle ^ largest).into());
                }
            }
        }
    }
}

/// The values of the splits `least ≤ middle ≤ pair − middle` for the `middles` given, of the
/// shapes allowed: one value at a time (a restricted three-heap digit is rare, and its
/// splits leave gaps in the runs the unrestricted path reads whole).
fn insert_shaped_triples<V: HeapValues + ?Sized>(
    values: &V,
    (least, least_value): (usize, u32),
    middles: std::ops::RangeInclusive<usize>,
    pair: usize,
    shapes: SplitShapes,
    reached: &mut Reached,
) {
    for middle in middles {
        let largest = pair - middle;
        if !shapes.allows_triple(least as u64, middle as u64, largest as u64) {
            continue;
        }
        match (values.value_of(middle), values.value_of(largest)) {
            (Some(a), Some(b)) => reached.insert(least_value ^ a ^ b),
            _ => values.note_missed(),
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
    direct_value_and(rules, values, heap, largest, reached, |_| {})
}

/// As [`direct_value`], with the values `more` inserts among the options' (those of splits
/// into four heaps or more, which the caller tables).
pub(super) fn direct_value_and<V: HeapValues + ?Sized>(
    rules: &HeapRules,
    values: &V,
    heap: usize,
    largest: u32,
    reached: &mut Reached,
    more: impl FnOnce(&mut Reached),
) -> u32 {
    reached.reset(largest);
    more(reached);
    insert_single_options(rules, values, heap, reached);
    for (rest, shapes) in split_rests(rules, heap) {
        let pairs = splits(values, rest, shapes);
        if !pairs.all {
            values.note_missed();
        }
        for (small, large) in pairs.pieces() {
            for (&a, &b) in small.iter().zip(large.iter().rev()) {
                reached.insert((a ^ b).into());
            }
        }
    }
    insert_three_heap_options(rules, values, heap, reached);
    reached.mex()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::testing::random_words;

    /// The pairs `(low + i, high − i)` as a plain loop gives them.
    fn plain_pairs(all: &[u16], low: usize, high: usize, range: Range<usize>) -> Vec<(u16, u16)> {
        range.map(|i| (all[low + i], all[high - i])).collect()
    }

    /// The pairs the pieces give, in order.
    fn flattened<'v>(pieces: impl Iterator<Item = (&'v [u16], &'v [u16])>) -> Vec<(u16, u16)> {
        pieces
            .flat_map(|(small, large)| small.iter().copied().zip(large.iter().rev().copied()))
            .collect()
    }

    /// A table cut anywhere into the part two threads share and one thread's newest values
    /// reads as the whole table: each value, runs of up to a block (copied across the cut),
    /// and the pairs of every split in at most three pieces — whole and in any sub-range,
    /// as the search reads them in growing slices.
    #[test]
    fn a_table_cut_in_two_reads_as_the_whole() {
        let mut random = random_words(43);
        for _ in 0..2_000 {
            let computed = 1 + (random() % 300) as usize;
            let all: Vec<u16> = (0..computed).map(|_| random() as u16).collect();
            let cut = (random() % (computed as u64 + 1)) as usize;
            let joined = Joined {
                base: &all[..cut],
                tail: &all[cut..],
            };
            assert_eq!(joined.computed(), computed);
            for heap in 0..computed + 2 {
                assert_eq!(joined.value_of(heap), all.get(heap).map(|&v| u32::from(v)));
            }
            let start = (random() % (computed as u64 + 1)) as usize;
            // Runs of at most a block, past the end too.
            let end = start + (random() % ((computed + 1 - start).min(BLOCK) as u64 + 1)) as usize;
            let mut buffer = [0u16; BLOCK];
            let want = all.get(start..end);
            assert_eq!(
                joined.heaps(start..end, &mut buffer),
                want,
                "{start}..{end} cut {cut}"
            );
            // A split of `rest`: pairs (low + i, high − i), the high heap computed.
            let high = (random() % computed as u64) as usize;
            let low = (random() % (high as u64 + 1)) as usize;
            let count = ((high - low) / 2 + 1).min(1 + (random() % 200) as usize);
            let splits = Splits::of(&joined, low, high, count);
            assert!(splits.all);
            assert_eq!(splits.len(), count);
            assert!(splits.pieces().count() <= MAX_PIECES);
            assert_eq!(
                flattened(splits.pieces()),
                plain_pairs(&all, low, high, 0..count)
            );
            let from = (random() % (count as u64 + 1)) as usize;
            let to = from + (random() % (count as u64 + 2)) as usize;
            assert_eq!(
                flattened(splits.range(from, to)),
                plain_pairs(&all, low, high, from..to.min(count)),
                "cut {cut}, pairs ({low} + i, {high} − i), {from}..{to}"
            );
        }
    }
}
