//! The sparse-space method (Berlekamp; Gangolli and Plambeck): values of the rare parity come
//! only from splits with the few rare heaps; the common values are confirmed by a search
//! that stops once every smaller value of the other parity is seen.

use std::ops::Range;

use super::bytes::{count_flags, least_unreached, mark_unreached};
use super::direct::{
    BLOCK, HeapValues, Reached, direct_value, insert_single_options, split_rests, splits,
};
use super::values::Value;
use crate::heap::HeapRules;

/// Masks are chosen among the values' lowest bits only.
pub(super) const MASK_BITS: u32 = 12;
/// How many missing values the vector search compares at once.
pub(super) const FEW_MISSING: usize = 4;
/// Splits per step of the vector search.
pub(super) const VECTOR_STEP: usize = 16;
/// Splits whose values are stored at once before the missing values are counted again.
pub(super) const STORE_BATCH: usize = 64;

pub(super) fn parity_of(bits: u32) -> u32 {
    bits.count_ones() & 1
}

/// A sparse space: a mask and a class for every heap, such that two heaps of the common
/// class always split into a value of a known parity. Values of the other parity then come
/// only from splits with a rare heap — few — and the common class is found by search.
///
/// The class of heap `a` is `parity(G(a) & mask)`, flipped on odd `a` in a *domain* space.
/// For a split of `rest` into `a + b` the value's parity is
/// `class(a) ^ class(b) ^ (domain && rest odd)`, so two heaps of one class give the *easy*
/// parity `domain && rest odd`, and a rare heap is needed for the other, *hard* parity.
#[derive(Clone, Debug)]
pub(super) struct SparseSpace {
    mask: u32,
    domain: bool,
    rare_class: u32,
    /// The rare heaps so far, ascending, and their values.
    rare: Vec<usize>,
    rare_values: Vec<u32>,
    /// Byte `v`: the parity of `v & mask`.
    parity: Vec<u8>,
    /// Byte `v`: whether `v` is an easy-parity value below the candidate not reached yet.
    missing: Vec<u8>,
    /// The values the older rare heaps give the heaps of a block, `BLOCK` heaps from
    /// `block_start`: row `j` (`block_width` bytes, one per value, as in [`Reached`]) for
    /// heap `block_start + j`.
    rows: Vec<u8>,
    /// Whether the rows belong to the current block; false once values may have changed.
    block_ready: bool,
    block_start: usize,
    block_width: usize,
    /// How many rare heaps the rows include (those of at least [`ROW_HEAPS`] counters, found
    /// before the block).
    block_rare: usize,
}

/// What the splits with rare heaps tell of a heap's value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Candidate {
    /// The value, computed by the definition: the space does not apply to this heap.
    Exact(u32),
    /// The value if the heap is common, and the parity of such values.
    Common { value: u32, hard_parity: u8 },
}

/// The least rare heap the rows of a block include: for heap `start + j`, `j < BLOCK`, a
/// split with such a heap leaves at most `start − 1` counters, a value known when the block
/// starts.
pub(super) const ROW_HEAPS: usize = BLOCK;

impl SparseSpace {
    pub(super) fn new(mask: u32, domain: bool, rare_class: u32) -> Self {
        SparseSpace {
            mask,
            domain,
            rare_class,
            rare: Vec::new(),
            rare_values: Vec::new(),
            parity: Vec::new(),
            missing: Vec::new(),
            rows: Vec::new(),
            block_ready: false,
            block_start: 0,
            block_width: 0,
            block_rare: 0,
        }
    }

    /// Fills the rows of the block of heaps from `start`: every split with a rare heap of at
    /// least [`ROW_HEAPS`] counters known now.
    pub(super) fn prepare_block<H: HeapValues + ?Sized>(
        &mut self,
        rules: &HeapRules,
        values: &H,
        start: usize,
        width: usize,
    ) {
        self.block_start = start;
        self.block_width = width;
        self.block_rare = self.rare.len();
        self.rows.clear();
        self.rows.resize(BLOCK * width, 0);
        let first_large = self.rare.partition_point(|&rare| rare < ROW_HEAPS);
        self.mark_rows(rules, values, start, width, first_large..self.rare.len());
    }

    /// Marks in the rows of the block of heaps from `start` the splits with the rare heaps
    /// `rare[marked]`, each of at least [`ROW_HEAPS`] counters. For heap `start + j` such a
    /// split with a rare heap `a` leaves `start + j − r − a ≤ start − 1` counters, a value
    /// already computed — so these splits, most of the work of the method, are done for
    /// [`BLOCK`] heaps at once, reading the values in order instead of one scattered value
    /// per split and heap.
    pub(super) fn mark_rows<H: HeapValues + ?Sized>(
        &mut self,
        rules: &HeapRules,
        values: &H,
        start: usize,
        width: usize,
        marked: Range<usize>,
    ) {
        let rare = &self.rare[marked.clone()];
        let rare_values = &self.rare_values[marked];
        let rows = &mut self.rows[..];
        let mut scratch = [0u32; BLOCK];
        let mut buffer = [H::Value::default(); BLOCK];
        for &r in rules.taken_leaving_two() {
            let Some(rest) = usize::try_from(r).ok().and_then(|r| start.checked_sub(r)) else {
                continue;
            };
            for (&a, &rare_value) in rare.iter().zip(rare_values) {
                // The other heap of row j is rest + j − a; it must have a counter.
                let first_j = (a + 1).saturating_sub(rest);
                if first_j >= BLOCK {
                    continue;
                }
                let from = rest + first_j - a;
                let count = BLOCK - first_j;
                let Some(window) = values.heaps(from..from + count, &mut buffer) else {
                    values.note_missed();
                    continue;
                };
                // Grundy's game may not split into two equal heaps: skip the row whose other
                // heap is `a`.
                let equal = a
                    .checked_sub(from)
                    .filter(|&k| rules.splits_unequal() && k < count);
                let marks = Marks { width, rare_value };
                match equal {
                    Some(k) => {
                        marks.apply(rows, first_j, window, 0..k, &mut scratch);
                        marks.apply(rows, first_j, window, k + 1..count, &mut scratch);
                    }
                    None => marks.apply(rows, first_j, window, 0..count, &mut scratch),
                }
            }
        }
    }

    /// Makes the next heap start a new block: values the rows were filled from may have
    /// been taken back.
    pub(super) fn end_block(&mut self) {
        self.block_ready = false;
    }

    /// Forgets the heaps from `heap` on, whose values are taken back.
    pub(super) fn forget_from(&mut self, heap: usize) {
        let kept = self.rare.partition_point(|&rare| rare < heap);
        self.rare.truncate(kept);
        self.rare_values.truncate(kept);
        self.end_block();
    }

    pub(super) fn mask(&self) -> u32 {
        self.mask
    }

    /// How many rare heaps there are so far.
    pub(super) fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The rare heaps so far, ascending.
    pub(super) fn rare(&self) -> &[usize] {
        &self.rare
    }

    /// The largest rare heap so far (0 if none).
    pub(super) fn last_rare(&self) -> usize {
        self.rare.last().copied().unwrap_or(0)
    }

    pub(super) fn class(&self, heap: usize, value: u32) -> u32 {
        parity_of(value & self.mask) ^ (u32::from(self.domain) & heap as u32 & 1)
    }

    /// Classes `value`, the first to reach its top bit — every value before it is below
    /// `below`, a power of two — as common if flipping that bit of the mask makes it so:
    /// no value before has the bit, so no class changes but this one's. (A run holding every
    /// value chooses its space again at such a value, from all of them; a bounded run keeps
    /// its space and decides the new bit alone, so that a first large value is not taken for
    /// a new rare heap.)
    /// The bit flipped, or 0.
    pub(super) fn class_new_bit(&mut self, heap: usize, value: u32, below: u32) -> u32 {
        debug_assert!(below.is_power_of_two() && value >= below);
        if self.class(heap, value) != self.rare_class {
            return 0;
        }
        let bit = 1 << (u32::BITS - 1 - value.leading_zeros());
        self.flip_mask(bit);
        bit
    }

    /// Flips `bits` of the mask, as [`class_new_bit`](Self::class_new_bit) did in a run
    /// resumed now.
    pub(super) fn flip_mask(&mut self, bits: u32) {
        self.mask ^= bits;
        // Parities below the lowest flipped bit stay right.
        let lowest = if bits == 0 {
            usize::MAX
        } else {
            1usize << bits.trailing_zeros()
        };
        self.parity.truncate(lowest);
        self.block_ready = false;
    }

    pub(super) fn record(&mut self, heap: usize, value: u32) {
        if heap > 0 && self.class(heap, value) == self.rare_class {
            self.rare.push(heap);
            self.rare_values.push(value);
        }
    }
    /// The space with the fewest rare heaps among `values[from..]`, and that count.
    ///
    /// Masks are tried on the values' low bits; each may also be *extended* by ones above
    /// them (Grundy's game has the mask `…11110`), so values larger than any seen so far are
    /// classed as the pattern suggests.
    ///
    /// The count for every mask at once is a Walsh–Hadamard transform: with `f(x)` the number
    /// of heaps whose value has low bits `x`, signed by the parts of the class that do not
    /// depend on the mask, the transform at `m` is (heaps of class 0) − (heaps of class 1)
    /// under mask `m`. O(w log w) for values below `w` instead of O(w²).
    pub(super) fn choose<V: Value>(
        rules: &HeapRules,
        values: &[V],
        from: usize,
    ) -> Option<(SparseSpace, usize)> {
        let largest = values[from..]
            .iter()
            .map(|&value| value.into())
            .max()
            .unwrap_or(0);
        let bits = (u32::BITS - largest.leading_zeros()).clamp(1, MASK_BITS);
        let counts = class_counts(values, from, bits);
        let total: i64 = counts.iter().sum();
        // A domain space needs every split to have the same easy parity: all split amounts
        // of one parity.
        let split_parity = rules
            .taken_leaving_two()
            .first()
            .map_or(0, |&r| (r & 1) as u32);
        let domain_possible = rules
            .taken_leaving_two()
            .iter()
            .all(|&r| (r & 1) as u32 == split_parity);
        // For each (extended, domain): the transform of the counts signed by the class's
        // parts that do not depend on the mask — the high bits' parity if extended, the
        // heap's parity in a domain space.
        let transform = |extended: bool, domain: bool| {
            let mut signed: Vec<i64> = counts
                .chunks_exact(4)
                .map(|slots| {
                    (0..4)
                        .map(|slot| {
                            let flip =
                                (slot >> 1 & usize::from(extended)) ^ (slot & usize::from(domain));
                            if flip == 0 { slots[slot] } else { -slots[slot] }
                        })
                        .sum()
                })
                .collect();
            walsh_hadamard(&mut signed);
            signed
        };
        let transforms = [
            [transform(false, false), transform(false, true)],
            [transform(true, false), transform(true, true)],
        ];
        // A common heap's value is the least hard-parity value its options miss, so the
        // common class is the one whose values have the hard parity: class 1 in a range
        // space, `1 ^ (r & 1)` in a domain space with split amount `r`.
        let top_bit = 1u32 << (bits - 1);
        let mut best: Option<(SparseSpace, usize)> = None;
        for low_mask in 1..(1u32 << bits) {
            let extensions: &[bool] = if low_mask & top_bit == 0 {
                &[false]
            } else {
                &[false, true]
            };
            for &extended in extensions {
                for domain in [false, true] {
                    if domain && !domain_possible {
                        continue;
                    }
                    let rare_class = u32::from(domain) & split_parity;
                    let difference =
                        transforms[usize::from(extended)][usize::from(domain)][low_mask as usize];
                    // Both count every heap once, with a sign: their sum is even.
                    let of_class_0 = i64::midpoint(total, difference);
                    let rare_count = usize::try_from(if rare_class == 0 {
                        of_class_0
                    } else {
                        total - of_class_0
                    })
                    .expect("a count of heaps");
                    if best.as_ref().is_none_or(|(_, fewest)| rare_count < *fewest) {
                        let mask = if extended {
                            low_mask | !((1u32 << bits) - 1)
                        } else {
                            low_mask
                        };
                        best = Some((SparseSpace::new(mask, domain, rare_class), rare_count));
                    }
                }
            }
        }
        let (mut space, rare_count) = best?;
        for (heap, &value) in values.iter().enumerate() {
            space.record(heap, value.into());
        }
        Some((space, rare_count))
    }

    /// G(heap): the hard-parity values from the rare heaps, then a search among all splits
    /// that stops as soon as every easy-parity value below the candidate is seen.
    ///
    /// Only options whose heaps are in `values` count.
    pub(super) fn value<H: HeapValues + ?Sized>(
        &mut self,
        rules: &HeapRules,
        values: &H,
        heap: usize,
        largest: u32,
        reached: &mut Reached,
    ) -> u32 {
        match self.candidate(rules, values, heap, largest, reached) {
            Candidate::Exact(value) => value,
            Candidate::Common { value, hard_parity } => {
                self.confirm(rules, values, heap, reached, value, hard_parity)
            }
        }
    }

    /// The value of `heap` if it is a common heap: the least hard-parity value its options
    /// miss, which only the splits with rare heaps (and the options leaving one heap) can
    /// reach. `reached` is left holding what they reach.
    pub(super) fn candidate<H: HeapValues + ?Sized>(
        &mut self,
        rules: &HeapRules,
        values: &H,
        heap: usize,
        largest: u32,
        reached: &mut Reached,
    ) -> Candidate {
        let width = (largest as usize + 1).next_power_of_two();
        let in_block = self.block_ready
            && heap.wrapping_sub(self.block_start) < BLOCK
            && width == self.block_width;
        if !in_block {
            self.prepare_block(rules, values, heap, width);
            self.block_ready = true;
        }
        let row = heap - self.block_start;
        reached.bytes.clear();
        reached
            .bytes
            .extend_from_slice(&self.rows[row * width..(row + 1) * width]);
        insert_single_options(rules, values, heap, reached);
        // The rows hold the older large rare heaps; here the small ones, and those found
        // since the rows were filled.
        let small = self.rare.partition_point(|&rare| rare < ROW_HEAPS);
        let newer = self.block_rare;
        for (rest, _) in split_rests(rules, heap) {
            let pairs = self.rare[..small]
                .iter()
                .zip(&self.rare_values[..small])
                .chain(self.rare[newer..].iter().zip(&self.rare_values[newer..]));
            for (&rare, &rare_value) in pairs {
                if rare >= rest {
                    continue;
                }
                let other = rest - rare;
                if rules.splits_unequal() && other == rare {
                    continue;
                }
                if let Some(other_value) = values.value_of(other) {
                    reached.insert(rare_value ^ other_value);
                }
            }
        }
        let Some(hard_parity) = self.hard_parity(rules, heap) else {
            return Candidate::Exact(direct_value(rules, values, heap, largest, reached));
        };
        let parity = self.parity_table(width);
        // Every option's value is below the width, so the width itself is never reached:
        // the mex is at most the least unreached hard-parity value and at most the width.
        let value = least_unreached(&reached.bytes, parity, hard_parity) as u32;
        Candidate::Common { value, hard_parity }
    }

    /// G(heap), where `candidate` is its value as a common heap, computed ahead by
    /// [`candidate`](Self::candidate): that value if every easy-parity value below it is
    /// reached, else the least one that is not. `below` holds the values of the heaps below
    /// `heap`, and no more.
    pub(super) fn verify<H: HeapValues + ?Sized>(
        &mut self,
        rules: &HeapRules,
        below: &H,
        heap: usize,
        candidate: u32,
        largest: u32,
        reached: &mut Reached,
    ) -> u32 {
        debug_assert_eq!(below.computed(), heap);
        reached.reset(largest.max(candidate));
        insert_single_options(rules, below, heap, reached);
        match self.hard_parity(rules, heap) {
            Some(hard_parity) => self.confirm(rules, below, heap, reached, candidate, hard_parity),
            None => direct_value(rules, below, heap, largest.max(candidate), reached),
        }
    }

    /// The parity of the values a common heap's value may have, or `None` when splits give
    /// both parities (never in a chosen space: a domain space needs all split amounts of one
    /// parity).
    pub(super) fn hard_parity(&self, rules: &HeapRules, heap: usize) -> Option<u8> {
        let mut easy = [false; 2];
        for (rest, _) in split_rests(rules, heap) {
            easy[usize::from(self.domain) & rest & 1] = true;
        }
        match easy {
            [true, true] => None,
            [false, true] => Some(0),
            [_, false] => Some(1),
        }
    }

    /// The parities of the values below `width`.
    pub(super) fn parity_table(&mut self, width: usize) -> &[u8] {
        while self.parity.len() < width {
            let value = self.parity.len() as u32;
            self.parity.push(parity_of(value & self.mask) as u8);
        }
        &self.parity[..width]
    }

    /// G(heap) given the least hard-parity value `candidate` not in `reached`, which holds
    /// some of its options' values: `candidate` unless an easy-parity value below it is
    /// reached by no split, found by a search that stops once every one is seen.
    pub(super) fn confirm<H: HeapValues + ?Sized>(
        &mut self,
        rules: &HeapRules,
        values: &H,
        heap: usize,
        reached: &Reached,
        candidate: u32,
        hard_parity: u8,
    ) -> u32 {
        let width = reached.width();
        self.parity_table(width);
        let parity = &self.parity[..width];
        let candidate = candidate as usize;
        // The easy-parity values below the candidate that no option has reached yet.
        self.missing.clear();
        self.missing.resize(width, 0);
        let mut missing = mark_unreached(
            &reached.bytes[..candidate],
            &parity[..candidate],
            1 - hard_parity,
            &mut self.missing[..candidate],
        );
        let candidate = candidate as u32;
        if missing == 0 {
            return candidate;
        }
        // Several split amounts take turns, in growing slices: a value one amount never
        // gives (two equal values from an odd rest, say) is often among another's first.
        // A single amount searches its splits in one slice.
        let mut slice = if rules.taken_leaving_two().len() == 1 {
            usize::MAX
        } else {
            64
        };
        let mut start = 0;
        let mut every_split = true;
        loop {
            let mut any_left = false;
            for (rest, shapes) in split_rests(rules, heap) {
                let pairs = splits(values, rest, shapes);
                every_split &= pairs.all;
                if start >= pairs.len() {
                    continue;
                }
                any_left = true;
                let end = start.saturating_add(slice);
                for (small, large) in pairs.range(start, end) {
                    if self.search(candidate as usize, small, large, &mut missing) {
                        return candidate;
                    }
                }
            }
            if !any_left {
                break;
            }
            start = start.saturating_add(slice);
            slice = slice.saturating_mul(2);
        }
        // An easy-parity value below the candidate is missing from every split: a rare heap —
        // unless some splits were not kept, and then nothing is known.
        if !every_split {
            values.note_missed();
        }
        self.least_missing(candidate)
    }

    /// Goes on with a search that [`confirm`](Self::confirm) left unfinished because some
    /// splits were not kept: the splits `small[i] ^ large[len − 1 − i]` clear more of the
    /// values it found missing. True once none is left.
    pub(super) fn confirm_further<V: Value>(
        &mut self,
        candidate: u32,
        small: &[V],
        large: &[V],
    ) -> bool {
        let below = candidate as usize;
        let mut missing = count_flags(&self.missing[..below]);
        missing == 0 || self.search(below, small, large, &mut missing)
    }

    /// The value the searches so far give: the least value below `candidate` still missing,
    /// or `candidate`.
    pub(super) fn least_missing(&self, candidate: u32) -> u32 {
        self.missing[..candidate as usize]
            .iter()
            .position(|&wanted| wanted == 1)
            .map_or(candidate, |value| value as u32)
    }

    /// Clears in `missing` the values of the splits `small[i] ^ large[len − 1 − i]`; true
    /// once none is left. Every missing value is below `below` (the candidate), so only
    /// those flags are counted.
    ///
    /// The first splits find most values; the last few missing values can take thousands of
    /// splits, so once at most [`FEW_MISSING`] are left the splits are compared [`VECTOR_STEP`] at a time
    /// against all of them at once, in a loop the compiler turns into vector instructions.
    #[inline(never)]
    pub(super) fn search<V: Value>(
        &mut self,
        below: usize,
        small: &[V],
        large: &[V],
        missing: &mut u32,
    ) -> bool {
        let len = small.len();
        let mut i = 0;
        // Every value is below the table's length, a power of two: masking the index
        // instead of checking it leaves the store loop a load, a mask and a store per split.
        let table_mask = self.missing.len() - 1;
        debug_assert!(self.missing.len().is_power_of_two());
        // A chunk of splits at a time: their values into a buffer, then one store each (as
        // in `mark_rows`, so no load waits on a store), then a recount of what is missing.
        while i < len && *missing as usize > FEW_MISSING {
            let end = (i + STORE_BATCH).min(len);
            let mut found = [0u32; STORE_BATCH];
            let found = &mut found[..end - i];
            let pairs = small[i..end]
                .iter()
                .zip(large[len - end..len - i].iter().rev());
            for (value, (&a, &b)) in found.iter_mut().zip(pairs) {
                *value = (a ^ b).into();
            }
            let table = &mut self.missing[..=table_mask];
            for &value in found.iter() {
                table[value as usize & table_mask] = 0;
            }
            *missing = count_flags(&self.missing[..below]);
            i = end;
        }
        if *missing == 0 {
            return true;
        }
        // The values still missing, as stored (a split's value always fits the width:
        // one that does not is never found here, and the plain loop below goes on).
        let mut left = [V::default(); FEW_MISSING];
        let mut count = 0;
        let still = self.missing[..below]
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w == 1)
            .filter_map(|(value, _)| V::narrow(value as u32));
        for value in still.take(FEW_MISSING) {
            left[count] = value;
            count += 1;
        }
        'vector: while count > 0 && i + VECTOR_STEP <= len {
            i = first_hit(padded(left, count), small, large, i);
            if i + VECTOR_STEP > len {
                break;
            }
            for lane in i..i + VECTOR_STEP {
                let value = small[lane] ^ large[len - 1 - lane];
                if let Some(k) = left[..count].iter().position(|&w| w == value) {
                    left.copy_within(k + 1..count, k);
                    count -= 1;
                    self.missing[value.index()] = 0;
                    *missing -= 1;
                    if *missing == 0 {
                        return true;
                    }
                    if count == 0 {
                        // The plain loop goes on from this step (its splits again: harmless).
                        break 'vector;
                    }
                }
            }
            i += VECTOR_STEP;
        }
        while i < len {
            let value = (small[i] ^ large[len - 1 - i]).index();
            *missing -= u32::from(self.missing[value]);
            self.missing[value] = 0;
            if *missing == 0 {
                return true;
            }
            i += 1;
        }
        false
    }
}

/// The first `count` of `left` (at least one), the other slots repeating the first: a
/// repeated slot matches only what its original does, so it stands for no value.
fn padded<V: Value>(left: [V; FEW_MISSING], count: usize) -> [V; FEW_MISSING] {
    let mut wanted = left;
    for slot in &mut wanted[count..] {
        *slot = left[0];
    }
    wanted
}

/// The first step of [`VECTOR_STEP`] splits `small[i] ^ large[len − 1 − i]` from `from` on with a
/// value among `wanted`, or where fewer than [`VECTOR_STEP`] splits are left.
///
/// `wanted` is passed by value so that it stays in registers: the loop compares each step's
/// values lane by lane against each wanted value, with no branch, and vectorizes — more
/// lanes at once the narrower the values.
pub(super) fn first_hit<V: Value>(
    wanted: [V; FEW_MISSING],
    small: &[V],
    large: &[V],
    from: usize,
) -> usize {
    let len = small.len();
    let mut i = from;
    while i + VECTOR_STEP <= len {
        let low: &[V; VECTOR_STEP] = small[i..i + VECTOR_STEP]
            .try_into()
            .expect("VECTOR_STEP values");
        let high: &[V; VECTOR_STEP] = large[len - i - VECTOR_STEP..len - i]
            .try_into()
            .expect("VECTOR_STEP values");
        let mut values = [V::default(); VECTOR_STEP];
        for (lane, value) in values.iter_mut().enumerate() {
            *value = low[lane] ^ high[VECTOR_STEP - 1 - lane];
        }
        let mut hits = [false; VECTOR_STEP];
        for w in wanted {
            for (hit, &value) in hits.iter_mut().zip(&values) {
                *hit |= value == w;
            }
        }
        if hits.iter().any(|&hit| hit) {
            return i;
        }
        i += VECTOR_STEP;
    }
    i
}

/// How often each (low `bits` bits of the value, parity of its higher bits, heap parity)
/// occurs among `values[from..]`, four counts per low-bits pattern.
fn class_counts<V: Value>(values: &[V], from: usize, bits: u32) -> Vec<i64> {
    let width = 1usize << bits;
    let mut counts = vec![0i64; 4 * width];
    for (heap, &value) in values.iter().enumerate().skip(from) {
        let value: u32 = value.into();
        let high = parity_of(value >> bits) as usize;
        counts[4 * (value as usize & (width - 1)) + 2 * high + (heap & 1)] += 1;
    }
    counts
}

/// The Walsh–Hadamard transform in place: `f̂(m) = Σₓ f(x)·(−1)^popcount(x & m)`, for a
/// length that is a power of two.
pub(super) fn walsh_hadamard(f: &mut [i64]) {
    let mut half = 1;
    while half < f.len() {
        for pair in f.chunks_exact_mut(2 * half) {
            let (low, high) = pair.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
}

/// Marks the splits of one rare heap in the rows of a block.
pub(super) struct Marks {
    width: usize,
    rare_value: u32,
}

impl Marks {
    /// Row `first_row + k` gets the value `rare_value ^ window[k]`, for `k` in `ks`.
    ///
    /// Bytes, not bits: a plain store per split rather than a read-modify-write. And the
    /// values are worked out first, into a buffer, then stored: in one loop each store's
    /// address would wait on a load from `window`, and the loads after it on the store (the
    /// processor cannot tell they never overlap) — a chain three times slower on the
    /// machine measured.
    // Not inlined: inlined into `mark_rows`, the whole run measured 4 % slower.
    #[inline(never)]
    pub(super) fn apply(
        &self,
        rows: &mut [u8],
        first_row: usize,
        window: &[impl Value],
        ks: Range<usize>,
        scratch: &mut [u32; BLOCK],
    ) {
        if ks.is_empty() {
            return;
        }
        let marked = &mut scratch[..ks.len()];
        for (value, &other) in marked.iter_mut().zip(&window[ks.start..]) {
            *value = self.rare_value ^ other.into();
        }
        let rows = &mut rows[(first_row + ks.start) * self.width..];
        // The common widths as constants: each index is then masked, not checked.
        match self.width {
            64 => mark_in::<64>(rows, marked),
            128 => mark_in::<128>(rows, marked),
            256 => mark_in::<256>(rows, marked),
            512 => mark_in::<512>(rows, marked),
            1024 => mark_in::<1024>(rows, marked),
            2048 => mark_in::<2048>(rows, marked),
            width => {
                for (row, &value) in rows.chunks_exact_mut(width).zip(marked.iter()) {
                    row[value as usize] = 1;
                }
            }
        }
    }
}

/// Marks `values[k]` in row `k` of `rows`, rows of `WIDTH` bytes, every value below `WIDTH`
/// (a power of two).
pub(super) fn mark_in<const WIDTH: usize>(rows: &mut [u8], values: &[u32]) {
    let (rows, _) = rows.as_chunks_mut::<WIDTH>();
    for (row, &value) in rows.iter_mut().zip(values) {
        row[value as usize % WIDTH] = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::testing::{direct, random_words, rules, splitting_games};

    /// A first value with a new top bit, rare as the mask stands, is made common by flipping
    /// that bit of the mask — and the class of every value below it stays as it was; a
    /// common one leaves the mask alone.
    #[test]
    fn a_new_top_bit_is_classed_common_and_nothing_else_moves() {
        let mut random = random_words(29);
        for _ in 0..2_000 {
            let mask = random() as u32;
            let domain = random() & 1 == 1;
            let rare_class = (random() & 1) as u32;
            let bits = (random() % 20) as u32;
            let below = 1u32 << bits;
            let value = below + (random() as u32 & (below - 1)) * u32::from(random() & 1 == 1);
            let heap = (random() % 1_000_000) as usize;
            let mut space = SparseSpace::new(mask, domain, rare_class);
            let _ = space.parity_table(below as usize * 2);
            let before: Vec<u32> = (0..below.min(1 << 12))
                .map(|old| space.class(heap, old))
                .collect();
            let was_rare = space.class(heap, value) == rare_class;
            let flipped = space.class_new_bit(heap, value, below);
            assert_ne!(space.class(heap, value), rare_class);
            assert_eq!(space.mask(), mask ^ flipped);
            assert_eq!(flipped != 0, was_rare);
            for (old, &class) in before.iter().enumerate() {
                assert_eq!(space.class(heap, old as u32), class);
            }
            // The parities kept for the values below the width agree with the new mask.
            let width = below as usize * 2;
            let table = space.parity_table(width).to_vec();
            for (value, &parity) in table.iter().enumerate() {
                assert_eq!(u32::from(parity), parity_of(value as u32 & space.mask()));
            }
        }
    }

    /// The sparse-space method is exact whatever the mask, space type and rare class: only
    /// its speed depends on them.
    #[test]
    fn every_space_gives_the_direct_values() {
        let mut games = splitting_games();
        games.push(rules(&[2, 3], &[1, 3], &[3], false)); // 0.0xyz-like mixture
        let masks = [1, 2, 3, 5, 6, 7, 0b1110, 0b1_0110, !0, !1];
        for rules in &games {
            let expected = direct(rules, 900);
            let domain_possible = rules
                .taken_leaving_two()
                .iter()
                .all(|&r| r % 2 == rules.taken_leaving_two()[0] % 2);
            for mask in masks {
                for domain in [false, true] {
                    if domain && !domain_possible {
                        continue;
                    }
                    for rare_class in [0, 1] {
                        let mut space = SparseSpace::new(mask, domain, rare_class);
                        let mut values = expected[..200].to_vec();
                        for (heap, &value) in values.iter().enumerate() {
                            space.record(heap, value);
                        }
                        let mut reached = Reached::default();
                        let mut largest = values.iter().copied().max().unwrap_or(0);
                        for (heap, &want) in expected.iter().enumerate().skip(200) {
                            let value =
                                space.value(rules, values.as_slice(), heap, largest, &mut reached);
                            assert_eq!(
                                value, want,
                                "{rules:?} mask {mask:b} domain {domain} rare {rare_class} heap {heap}"
                            );
                            largest = largest.max(value);
                            values.push(value);
                            space.record(heap, value);
                        }
                    }
                }
            }
        }
    }

    /// A value computed ahead — the candidate, as if the heap were common — is confirmed
    /// when right and replaced by the true value when not, which happens only at rare heaps.
    #[test]
    fn verifying_a_candidate_gives_the_true_value() {
        let mut corrected = 0;
        for rules in &splitting_games() {
            let expected = direct(rules, 900);
            let (mut space, _) = SparseSpace::choose(rules, &expected[..300], 150).unwrap();
            let mut checker = space.clone();
            let mut reached = Reached::default();
            let mut largest = expected[..300].iter().copied().max().unwrap();

            for heap in 300..expected.len() {
                let below = &expected[..heap];
                let candidate = match space.candidate(rules, below, heap, largest, &mut reached) {
                    Candidate::Exact(value) | Candidate::Common { value, .. } => value,
                };
                let value = checker.verify(rules, below, heap, candidate, largest, &mut reached);
                assert_eq!(value, expected[heap], "{rules:?} heap {heap}");
                if candidate != value {
                    assert_eq!(
                        space.class(heap, value),
                        space.rare_class,
                        "{rules:?} {heap}"
                    );
                    corrected += 1;
                }
                largest = largest.max(value);
                space.record(heap, value);
            }
        }
        assert!(
            corrected > 0,
            "no candidate was wrong: the test proves nothing"
        );
    }

    /// The transform counts the rare heaps of every space as the definition does, and the
    /// choice is the first space (masks ascending, unextended first, range first) with the
    /// fewest.
    #[test]
    fn the_chosen_space_has_the_fewest_rare_heaps_by_definition() {
        let mut games = splitting_games();
        games.push(rules(&[], &[], &[1], false)); // 0.4: a domain space is possible
        for rules in &games {
            let values = direct(rules, 1_500);
            let from = 700;
            let (chosen, count) = SparseSpace::choose(rules, &values, from).unwrap();
            let largest = values[from..].iter().copied().max().unwrap();
            let bits = (u32::BITS - largest.leading_zeros()).clamp(1, MASK_BITS);
            let split_parity = (rules.taken_leaving_two()[0] & 1) as u32;
            let domain_possible = rules
                .taken_leaving_two()
                .iter()
                .all(|&r| (r & 1) as u32 == split_parity);
            let mut best: Option<(u32, bool, usize)> = None;
            for low_mask in 1..(1u32 << bits) {
                let mut masks = vec![low_mask];
                if low_mask >> (bits - 1) == 1 {
                    masks.push(low_mask | !((1u32 << bits) - 1));
                }
                for mask in masks {
                    for domain in [false, true] {
                        if domain && !domain_possible {
                            continue;
                        }
                        let space =
                            SparseSpace::new(mask, domain, u32::from(domain) & split_parity);
                        let rare = (from..values.len())
                            .filter(|&heap| space.class(heap, values[heap]) == space.rare_class)
                            .count();
                        if best.is_none_or(|(_, _, fewest)| rare < fewest) {
                            best = Some((mask, domain, rare));
                        }
                    }
                }
            }
            assert_eq!(Some((chosen.mask, chosen.domain, count)), best, "{rules:?}");
        }
    }

    #[test]
    fn the_chosen_space_of_grundys_game_is_flammenkamps() {
        // Flammenkamp: the rare values of Grundy's game have an even number of ones above
        // the lowest bit.
        let rules = rules(&[], &[], &[0], true);
        let values = direct(&rules, 4_096);
        let (space, rare) = SparseSpace::choose(&rules, &values, 2_048).unwrap();
        assert_eq!(space.mask & 0x7f, 0b111_1110);
        assert!(!space.domain);
        assert!(rare * 8 < 2_048, "{rare} rare heaps among 2 048");
    }

    /// The vector scan against a plain one, in every width: one to [`FEW_MISSING`] values wanted (the
    /// empty slots padded as the search pads them), lengths around a step and past 255.
    fn first_hit_in<V: Value>(seed: u64) {
        let mut next = random_words(seed);
        let narrow = |value: u64| V::narrow(value as u32).expect("below 64");
        for len in [
            0,
            1,
            VECTOR_STEP - 1,
            VECTOR_STEP,
            VECTOR_STEP + 1,
            2 * VECTOR_STEP,
            255,
            256,
            257,
            1_000,
        ] {
            for round in 0..40 {
                // Values below 64, so that hits are neither certain nor rare.
                let small: Vec<V> = (0..len).map(|_| narrow(next() % 64)).collect();
                let large: Vec<V> = (0..len).map(|_| narrow(next() % 64)).collect();
                let count = 1 + round % FEW_MISSING;
                let mut left = [V::default(); FEW_MISSING];
                for slot in &mut left[..count] {
                    *slot = narrow(next() % 64);
                }
                let wanted = padded(left, count);
                let from = if len == 0 {
                    0
                } else {
                    (next() as usize % len) / VECTOR_STEP * VECTOR_STEP
                };
                let value = |i: usize| small[i] ^ large[len - 1 - i];
                let mut plain = from;
                while plain + VECTOR_STEP <= len
                    && !(plain..plain + VECTOR_STEP).any(|i| left[..count].contains(&value(i)))
                {
                    plain += VECTOR_STEP;
                }
                assert_eq!(
                    first_hit(wanted, &small, &large, from),
                    plain,
                    "{len} {wanted:?}"
                );
            }
        }
    }

    #[test]
    fn first_hit_finds_the_first_step_holding_a_wanted_value() {
        first_hit_in::<u8>(4);
        first_hit_in::<u16>(5);
        first_hit_in::<u32>(6);
    }

    #[test]
    fn the_transform_is_the_signed_sum_by_definition() {
        let mut next = random_words(5);
        for len in [1, 2, 4, 8, 64, 256] {
            let f: Vec<i64> = (0..len)
                .map(|_| i64::try_from(next() % 2_001).unwrap() - 1_000)
                .collect();
            let mut fast = f.clone();
            walsh_hadamard(&mut fast);
            for (m, &got) in fast.iter().enumerate() {
                let plain: i64 = (0..len)
                    .map(|x| {
                        if (x & m).count_ones() % 2 == 0 {
                            f[x]
                        } else {
                            -f[x]
                        }
                    })
                    .sum();
                assert_eq!(got, plain, "length {len}, m {m}");
            }
        }
    }

    #[test]
    fn marks_set_each_row_value_at_every_width() {
        let mut next = random_words(6);
        for width in [1, 2, 32, 64, 128, 256, 512, 1_024, 2_048, 4_096, 65_536] {
            for _ in 0..4 {
                let first_row = next() as usize % BLOCK;
                let count = BLOCK - first_row;
                let window: Vec<u32> = (0..count).map(|_| (next() % width as u64) as u32).collect();
                let rare_value = (next() % width as u64) as u32;
                let start = next() as usize % (count + 1);
                let end = start + next() as usize % (count - start + 1);
                let mut rows = vec![0u8; BLOCK * width];
                let mut scratch = [0u32; BLOCK];
                Marks { width, rare_value }.apply(
                    &mut rows,
                    first_row,
                    &window,
                    start..end,
                    &mut scratch,
                );
                let mut plain = vec![0u8; BLOCK * width];
                for k in start..end {
                    plain[(first_row + k) * width + (rare_value ^ window[k]) as usize] = 1;
                }
                assert_eq!(
                    rows, plain,
                    "width {width}, rows {start}..{end} from {first_row}"
                );
            }
        }
    }

    /// The search clears in the flags every value the splits give, however many are missing
    /// (past 255 and a full batch, where counting them once went wrong), and says whether
    /// none is left — in every width, for tables as wide as the width's values reach.
    fn search_in<V: Value>(seed: u64, widths: &[usize]) {
        let mut next = random_words(seed);
        let narrow = |value: u64| V::narrow(value as u32).expect("below the width");
        for &width in widths {
            for missing_count in [
                0usize,
                1,
                FEW_MISSING,
                FEW_MISSING + 1,
                255,
                256,
                257,
                2_040,
                2_041,
            ] {
                if missing_count > width / 2 {
                    continue;
                }
                for splits in [
                    0usize,
                    1,
                    STORE_BATCH,
                    STORE_BATCH + 1,
                    3 * VECTOR_STEP + 5,
                    (4 * width).min(4_096),
                ] {
                    let mut space = SparseSpace::new(1, false, 0);
                    space.missing = vec![0; width];
                    // Missing values among the even ones below the width.
                    let mut flagged = 0;
                    while flagged < missing_count {
                        let value = (next() as usize % (width / 2)) * 2;
                        if space.missing[value] == 0 {
                            space.missing[value] = 1;
                            flagged += 1;
                        }
                    }
                    let below = width;
                    let mut expected = space.missing.clone();
                    let small: Vec<V> =
                        (0..splits).map(|_| narrow(next() % width as u64)).collect();
                    let large: Vec<V> =
                        (0..splits).map(|_| narrow(next() % width as u64)).collect();
                    for i in 0..splits {
                        expected[(small[i] ^ large[splits - 1 - i]).index()] = 0;
                    }
                    let left: usize = expected.iter().map(|&f| usize::from(f == 1)).sum();
                    let mut missing = missing_count as u32;
                    let none_left = space.search(below, &small, &large, &mut missing);
                    assert_eq!(none_left, left == 0, "{width} {missing_count} {splits}");
                    if !none_left {
                        assert_eq!(space.missing, expected, "{width} {missing_count} {splits}");
                        assert_eq!(missing as usize, left);
                    }
                }
            }
        }
    }

    #[test]
    fn the_search_clears_exactly_what_the_splits_give() {
        search_in::<u8>(7, &[64, 256]);
        search_in::<u16>(8, &[64, 256, 512, 4_096, 65_536]);
        search_in::<u32>(9, &[64, 256, 512, 4_096, 65_536]);
    }

    /// The sparse space values a heap as the definition does whatever the values below it —
    /// here random ones past 65 535, mostly of the common class, so the tables are wide and
    /// the rare heaps few.
    #[test]
    fn wide_values_are_valued_as_the_definition_says() {
        let mut next = random_words(8);
        for rules in &splitting_games() {
            for (bits, heaps) in [(9u32, 600usize), (12, 500), (17, 260)] {
                let mask = (1u32 << bits) - 2; // ones above the lowest bit, as Grundy's game
                let space_template = SparseSpace::new(mask, false, 0);
                let mut values: Vec<u32> = Vec::new();
                for heap in 0..heaps {
                    let mut value = (next() % (1 << bits)) as u32;
                    // Nine in ten heaps common (class 1 here).
                    if heap > 0
                        && !next().is_multiple_of(10)
                        && space_template.class(heap, value) == 0
                    {
                        value ^= 2;
                    }
                    values.push(if heap == 0 { 0 } else { value });
                }
                let largest = values.iter().copied().max().unwrap();
                let mut space = space_template.clone();
                for (heap, &value) in values.iter().enumerate().take(heaps / 2) {
                    space.record(heap, value);
                }
                let mut reached = Reached::default();
                let mut plain = Reached::default();
                for heap in heaps / 2..heaps {
                    let below = &values[..heap];
                    let fast = space.value(rules, below, heap, largest, &mut reached);
                    let definition = direct_value(rules, below, heap, largest, &mut plain);
                    assert_eq!(fast, definition, "{rules:?} {bits} bits, heap {heap}");
                    // Computed ahead: the value as a common heap's, then verified.
                    let candidate = match space.candidate(rules, below, heap, largest, &mut reached)
                    {
                        Candidate::Exact(value) | Candidate::Common { value, .. } => value,
                    };
                    let verified =
                        space
                            .clone()
                            .verify(rules, below, heap, candidate, largest, &mut reached);
                    assert_eq!(
                        verified, definition,
                        "verify, {rules:?} {bits} bits, heap {heap}"
                    );
                    space.record(heap, values[heap]);
                }
            }
        }
    }
}
