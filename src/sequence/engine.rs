//! Computing G(0), G(1), … of a heap game: the direct recurrence, the sparse-space method,
//! and the proof of periodicity.

use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::rules::HeapRules;
use super::{GrundySequence, Method, Period, Progress, SequenceError, SequenceOptions};

/// Values computed by the direct recurrence before the sparse space is chosen from them.
const SAMPLE: usize = 1 << 10;
/// The sparse space is kept only if at most this fraction (1/4) of the sampled heaps are rare.
const RARE_DENOMINATOR: usize = 4;
/// Masks are chosen among the values' lowest bits only.
const MASK_BITS: u32 = 12;
/// Heaps whose splits with the older rare heaps are done together.
const BLOCK: usize = 64;
/// How many missing values the vector search compares at once.
const FEW: usize = 4;
/// Splits per vector step.
const LANES: usize = 16;
/// Splits per step of the search before the vector search.
const CHUNK: usize = 64;

/// Which values the options of the heap being computed reach, one byte per value.
///
/// Values below `2^b` XOR to values below `2^b`, so the table is as wide as the largest
/// value so far rounded up to a power of two — a few hundred bytes, cleared per heap. Bytes
/// rather than bits: marking is a plain store, with no read-modify-write chain between
/// consecutive marks of the same word.
#[derive(Clone, Debug, Default)]
struct Reached {
    bytes: Vec<u8>,
}

impl Reached {
    /// Empties the table and sizes it for the values below `2^bits(largest)`.
    fn reset(&mut self, largest: u32) {
        let width = (largest as usize + 1).next_power_of_two();
        self.bytes.clear();
        self.bytes.resize(width, 0);
    }

    fn width(&self) -> usize {
        self.bytes.len()
    }

    #[inline]
    fn insert(&mut self, value: u32) {
        self.bytes[value as usize] = 1;
    }

    /// The least value not reached: the mex.
    fn mex(&self) -> u32 {
        self.bytes
            .iter()
            .position(|&reached| reached == 0)
            .unwrap_or(self.bytes.len()) as u32
    }
}

fn parity_of(bits: u32) -> u32 {
    bits.count_ones() & 1
}

/// The values of the options that leave no heap or one heap.
///
/// Here and below, only options whose heaps are all in `values` count: a heap may be
/// computed before the value just below it is known (see [`run_lane`]).
fn insert_single_options(rules: &HeapRules, values: &[u32], heap: usize, reached: &mut Reached) {
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
fn splits<'v>(rules: &HeapRules, values: &'v [u32], rest: usize) -> (&'v [u32], &'v [u32]) {
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
fn split_rests(rules: &HeapRules, heap: usize) -> impl Iterator<Item = usize> + '_ {
    rules
        .leave_two
        .iter()
        .filter_map(move |&r| heap.checked_sub(usize::try_from(r).ok()?))
        .filter(|&rest| rest >= 2)
}

/// G(heap) by the definition: the mex of every option's value. O(heap) per split amount.
fn direct_value(
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

/// A sparse space: a mask and a class for every heap, such that two heaps of the common
/// class always split into a value of a known parity. Values of the other parity then come
/// only from splits with a rare heap — few — and the common class is found by search.
///
/// The class of heap `a` is `parity(G(a) & mask)`, flipped on odd `a` in a *domain* space.
/// For a split of `rest` into `a + b` the value's parity is
/// `class(a) ^ class(b) ^ (domain && rest odd)`, so two heaps of one class give the *easy*
/// parity `domain && rest odd`, and a rare heap is needed for the other, *hard* parity.
#[derive(Clone, Debug)]
struct SparseSpace {
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
enum Candidate {
    /// The value, computed by the definition: the space does not apply to this heap.
    Exact(u32),
    /// The value if the heap is common, and the parity of such values.
    Common { value: u32, hard_parity: u8 },
}

/// The least rare heap the rows of a block include: for heap `start + j`, `j < BLOCK`, a
/// split with such a heap leaves at most `start − 1` counters, a value known when the block
/// starts.
const ROW_HEAPS: usize = BLOCK;

impl SparseSpace {
    fn new(mask: u32, domain: bool, rare_class: u32) -> Self {
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
    fn prepare_block(&mut self, rules: &HeapRules, values: &[u32], start: usize, width: usize) {
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
    fn mark_rows(
        &mut self,
        rules: &HeapRules,
        values: &[u32],
        start: usize,
        width: usize,
        marked: Range<usize>,
    ) {
        let rare = &self.rare[marked.clone()];
        let rare_values = &self.rare_values[marked];
        let rows = &mut self.rows[..];
        let mut scratch = [0u32; BLOCK];
        for &r in &rules.leave_two {
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
                let window = &values[from..from + count];
                // Grundy's game may not split into two equal heaps: skip the row whose other
                // heap is `a`.
                let equal = a
                    .checked_sub(from)
                    .filter(|&k| rules.unequal_split && k < count);
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
    fn end_block(&mut self) {
        self.block_ready = false;
    }

    /// Forgets the heaps from `heap` on, whose values are taken back.
    fn forget_from(&mut self, heap: usize) {
        let kept = self.rare.partition_point(|&rare| rare < heap);
        self.rare.truncate(kept);
        self.rare_values.truncate(kept);
        self.end_block();
    }

    fn class(&self, heap: usize, value: u32) -> u32 {
        parity_of(value & self.mask) ^ (u32::from(self.domain) & heap as u32 & 1)
    }

    fn record(&mut self, heap: usize, value: u32) {
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
    fn choose(rules: &HeapRules, values: &[u32], from: usize) -> Option<(SparseSpace, usize)> {
        let largest = values[from..].iter().copied().max().unwrap_or(0);
        let bits = (u32::BITS - largest.leading_zeros()).clamp(1, MASK_BITS);
        let width = 1usize << bits;
        // How often each (low bits, parity of the high bits, heap parity) occurs.
        let mut counts = vec![0i64; 4 * width];
        for (heap, &value) in values.iter().enumerate().skip(from) {
            let high = parity_of(value >> bits) as usize;
            counts[4 * (value as usize & (width - 1)) + 2 * high + (heap & 1)] += 1;
        }
        let total: i64 = counts.iter().sum();
        // A domain space needs every split to have the same easy parity: all split amounts
        // of one parity.
        let split_parity = rules.leave_two.first().map_or(0, |&r| (r & 1) as u32);
        let domain_possible = rules
            .leave_two
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
            space.record(heap, value);
        }
        Some((space, rare_count))
    }

    /// G(heap): the hard-parity values from the rare heaps, then a search among all splits
    /// that stops as soon as every easy-parity value below the candidate is seen.
    ///
    /// Only options whose heaps are in `values` count.
    fn value(
        &mut self,
        rules: &HeapRules,
        values: &[u32],
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
    fn candidate(
        &mut self,
        rules: &HeapRules,
        values: &[u32],
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
        for rest in split_rests(rules, heap) {
            let pairs = self.rare[..small]
                .iter()
                .zip(&self.rare_values[..small])
                .chain(self.rare[newer..].iter().zip(&self.rare_values[newer..]));
            for (&rare, &rare_value) in pairs {
                if rare >= rest {
                    continue;
                }
                let other = rest - rare;
                if rules.unequal_split && other == rare {
                    continue;
                }
                if let Some(&other_value) = values.get(other) {
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

    /// G(heap), where `values[heap]` is its value as a common heap, computed ahead by
    /// [`candidate`](Self::candidate): that value if every easy-parity value below it is
    /// reached, else the least one that is not.
    fn verify(
        &mut self,
        rules: &HeapRules,
        values: &[u32],
        heap: usize,
        largest: u32,
        reached: &mut Reached,
    ) -> u32 {
        let (below, candidate) = (&values[..heap], values[heap]);
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
    fn hard_parity(&self, rules: &HeapRules, heap: usize) -> Option<u8> {
        let mut easy = [false; 2];
        for rest in split_rests(rules, heap) {
            easy[usize::from(self.domain) & rest & 1] = true;
        }
        match easy {
            [true, true] => None,
            [false, true] => Some(0),
            [_, false] => Some(1),
        }
    }

    /// The parities of the values below `width`.
    fn parity_table(&mut self, width: usize) -> &[u8] {
        while self.parity.len() < width {
            let value = self.parity.len() as u32;
            self.parity.push(parity_of(value & self.mask) as u8);
        }
        &self.parity[..width]
    }

    /// G(heap) given the least hard-parity value `candidate` not in `reached`, which holds
    /// some of its options' values: `candidate` unless an easy-parity value below it is
    /// reached by no split, found by a search that stops once every one is seen.
    fn confirm(
        &mut self,
        rules: &HeapRules,
        values: &[u32],
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
        let mut slice = if rules.leave_two.len() == 1 {
            usize::MAX
        } else {
            64
        };
        let mut start = 0;
        loop {
            let mut any_left = false;
            for rest in split_rests(rules, heap) {
                let (small, large) = splits(rules, values, rest);
                let len = small.len();
                if start >= len {
                    continue;
                }
                any_left = true;
                let end = start.saturating_add(slice).min(len);
                if self.search(
                    candidate as usize,
                    &small[start..end],
                    &large[len - end..len - start],
                    &mut missing,
                ) {
                    return candidate;
                }
            }
            if !any_left {
                break;
            }
            start = start.saturating_add(slice);
            slice = slice.saturating_mul(2);
        }
        // An easy-parity value below the candidate is missing from every split: a rare heap.
        self.missing
            .iter()
            .position(|&wanted| wanted == 1)
            .map_or(candidate, |v| v as u32)
    }

    /// Clears in `missing` the values of the splits `small[i] ^ large[len − 1 − i]`; true
    /// once none is left. Every missing value is below `below` (the candidate), so only
    /// those flags are counted.
    ///
    /// The first splits find most values; the last few missing values can take thousands of
    /// splits, so once at most [`FEW`] are left the splits are compared [`LANES`] at a time
    /// against all of them at once, in a loop the compiler turns into vector instructions.
    #[inline(never)]
    fn search(&mut self, below: usize, small: &[u32], large: &[u32], missing: &mut u32) -> bool {
        let len = small.len();
        let mut i = 0;
        // Every value is below the table's length, a power of two: masking the index
        // instead of checking it leaves the store loop a load, a mask and a store per split.
        let table_mask = self.missing.len() - 1;
        debug_assert!(self.missing.len().is_power_of_two());
        // A chunk of splits at a time: their values into a buffer, then one store each (as
        // in `mark_rows`, so no load waits on a store), then a recount of what is missing.
        while i < len && *missing as usize > FEW {
            let end = (i + CHUNK).min(len);
            let mut found = [0u32; CHUNK];
            let found = &mut found[..end - i];
            let pairs = small[i..end]
                .iter()
                .zip(large[len - end..len - i].iter().rev());
            for (value, (&a, &b)) in found.iter_mut().zip(pairs) {
                *value = a ^ b;
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
        let mut wanted = [u32::MAX; FEW];
        let still = self.missing[..below]
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w == 1);
        for (slot, (value, _)) in wanted.iter_mut().zip(still) {
            *slot = value as u32;
        }
        while i + LANES <= len {
            i = first_hit(wanted, small, large, i);
            if i + LANES > len {
                break;
            }
            for lane in i..i + LANES {
                let value = small[lane] ^ large[len - 1 - lane];
                if let Some(slot) = wanted.iter_mut().find(|w| **w == value) {
                    *slot = u32::MAX;
                    self.missing[value as usize] = 0;
                    *missing -= 1;
                    if *missing == 0 {
                        return true;
                    }
                }
            }
            i += LANES;
        }
        while i < len {
            let value = (small[i] ^ large[len - 1 - i]) as usize;
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

/// The first step of [`LANES`] splits `small[i] ^ large[len − 1 − i]` from `from` on with a
/// value among `wanted`, or where fewer than [`LANES`] splits are left.
///
/// `wanted` is passed by value so that it stays in registers: the loop compares each step's
/// values lane by lane against each wanted value, with no branch, and vectorizes.
fn first_hit(wanted: [u32; FEW], small: &[u32], large: &[u32], from: usize) -> usize {
    let len = small.len();
    let mut i = from;
    while i + LANES <= len {
        let low: &[u32; LANES] = small[i..i + LANES].try_into().expect("LANES values");
        let high: &[u32; LANES] = large[len - i - LANES..len - i]
            .try_into()
            .expect("LANES values");
        let mut values = [0u32; LANES];
        for (lane, value) in values.iter_mut().enumerate() {
            *value = low[lane] ^ high[LANES - 1 - lane];
        }
        let mut hits = [0u32; LANES];
        for w in wanted {
            for (hit, &value) in hits.iter_mut().zip(&values) {
                *hit |= u32::from(value == w);
            }
        }
        if hits.iter().fold(0, |any, &hit| any | hit) != 0 {
            return i;
        }
        i += LANES;
    }
    i
}

/// The Walsh–Hadamard transform in place: `f̂(m) = Σₓ f(x)·(−1)^popcount(x & m)`, for a
/// length that is a power of two.
fn walsh_hadamard(f: &mut [i64]) {
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

/// A byte 1 in each byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// Eight bytes, each 0 or 1, as one word.
fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes.try_into().expect("eight bytes"))
}

/// The least `v` with `reached[v] == 0` and `parity[v] == wanted`, or the length: eight
/// values at a time, as the bytes of a word.
fn least_unreached(reached: &[u8], parity: &[u8], wanted: u8) -> usize {
    // Bytes 1 where the parity is the one wanted.
    let flip = if wanted == 1 { 0 } else { ONES };
    let words = reached.chunks_exact(8).zip(parity.chunks_exact(8));
    for (k, (reached, parity)) in words.enumerate() {
        let open = !word(reached) & (word(parity) ^ flip) & ONES;
        if open != 0 {
            return 8 * k + open.trailing_zeros() as usize / 8;
        }
    }
    let tail = reached.len() / 8 * 8;
    (tail..reached.len())
        .find(|&v| reached[v] == 0 && parity[v] == wanted)
        .unwrap_or(reached.len())
}

/// Sets `flags[v]` to whether `reached[v] == 0` and `parity[v] == wanted`, and counts them:
/// eight values at a time.
fn mark_unreached(reached: &[u8], parity: &[u8], wanted: u8, flags: &mut [u8]) -> u32 {
    let flip = if wanted == 1 { 0 } else { ONES };
    let mut count = 0;
    let words = reached.chunks_exact(8).zip(parity.chunks_exact(8));
    for ((reached, parity), flags) in words.zip(flags.chunks_exact_mut(8)) {
        let open = !word(reached) & (word(parity) ^ flip) & ONES;
        flags.copy_from_slice(&open.to_le_bytes());
        count += open.count_ones();
    }
    let tail = reached.len() / 8 * 8;
    for v in tail..reached.len() {
        let open = u8::from(reached[v] == 0 && parity[v] == wanted);
        flags[v] = open;
        count += u32::from(open);
    }
    count
}

/// How many of `flags` (each 0 or 1) are 1: eight at a time, as the bytes of a word.
fn count_flags(flags: &[u8]) -> u32 {
    // Each byte is 0 or 1, so up to 255 words add up without a carry between bytes: each
    // byte of the sum is then at most 255, and their total at most 2 040.
    const WORDS: usize = 255;
    let mut total = 0;
    for batch in flags.chunks(8 * WORDS) {
        let words = batch.chunks_exact(8);
        total += words
            .remainder()
            .iter()
            .map(|&flag| u32::from(flag))
            .sum::<u32>();
        total += byte_sum(words.map(word).fold(0u64, u64::wrapping_add));
    }
    total
}

/// The sum of the eight bytes of `word`, each taken as a number from 0 to 255.
///
/// The sum may reach 2 040, more than a byte holds, so the bytes are first added in pairs
/// into four 16-bit lanes (each at most 510), and a multiplication then adds the four lanes
/// into the top one (at most 2 040, no carry out of it).
fn byte_sum(word: u64) -> u32 {
    const LOW_BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    const LANE_ONES: u64 = 0x0001_0001_0001_0001;
    let pairs = (word & LOW_BYTES) + ((word >> 8) & LOW_BYTES);
    (pairs.wrapping_mul(LANE_ONES) >> 48) as u32
}

/// Marks the splits of one rare heap in the rows of a block.
struct Marks {
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
    fn apply(
        &self,
        rows: &mut [u8],
        first_row: usize,
        window: &[u32],
        ks: Range<usize>,
        scratch: &mut [u32; BLOCK],
    ) {
        if ks.is_empty() {
            return;
        }
        let marked = &mut scratch[..ks.len()];
        for (value, &other) in marked.iter_mut().zip(&window[ks.start..]) {
            *value = self.rare_value ^ other;
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
fn mark_in<const WIDTH: usize>(rows: &mut [u8], values: &[u32]) {
    let (rows, _) = rows.as_chunks_mut::<WIDTH>();
    for (row, &value) in rows.iter_mut().zip(values) {
        row[value as usize % WIDTH] = 1;
    }
}

/// The smallest period and least preperiod that the periodicity theorem proves from
/// `values`, if any.
///
/// Octal games (Guy and Smith): if `G(n + p) = G(n)` for `n0 ≤ n < 2·n0 + p + t`, then for
/// all `n ≥ n0`, where `t` is the most counters a move removes. Without splits the window
/// `n0 ≤ n < n0 + t` suffices, as every value then depends on the `t` before it. Both proofs
/// pair a heap of `n − p` with one of `n` and need `n0 ≥ 1` — at `n0 = 0` a move leaving one
/// heap of `p` would pair with a move leaving nothing — so a period from 0 is proven from 1
/// and extended back by comparing `G(0)` and `G(p)`.
pub(crate) fn prove_period(rules: &HeapRules, values: &[u32]) -> Option<Period> {
    let len = values.len() as u64;
    let t = rules.reach();
    let splits = rules.splits();
    let bound = |n0: u64, p: u64| {
        let n0 = n0.max(1);
        let window = if splits {
            n0.saturating_mul(2).saturating_add(p.saturating_mul(2))
        } else {
            n0.saturating_add(p)
        };
        window.saturating_add(t)
    };
    // Periods whose values already repeat over half the sequence, but not yet long enough
    // for a proof. Their multiples repeat as long and would each cost as long a comparison,
    // so they wait for a later check, when the period itself will be proven.
    let mut repeating: Vec<usize> = Vec::new();
    let mut p = 1u64;
    while bound(0, p) <= len {
        let pu = p as usize;
        if repeating.iter().any(|&shorter| pu.is_multiple_of(shorter)) {
            p += 1;
            continue;
        }
        // The least n0 with G(n + p) = G(n) for every n0 ≤ n < len − p.
        let mut i = values.len() - 1;
        while i >= pu && values[i] == values[i - pu] {
            i -= 1;
        }
        let n0 = if i < pu { 0 } else { (i + 1 - pu) as u64 };
        if bound(n0, p) <= len {
            return Some(shortest(values, n0, p, bound(n0, p)));
        }
        if 2 * (i + 1) < values.len() && repeating.len() < 64 {
            repeating.push(pu);
        }
        p += 1;
    }
    None
}

/// A proven period `p` from `n0` may be a multiple of the shortest: the shortest period
/// divides every period of an eventually periodic sequence, and a divisor `d` is a period
/// iff one full period of values is invariant under a cyclic shift by `d`. The preperiod
/// does not depend on which period is used.
fn shortest(values: &[u32], n0: u64, p: u64, proof: u64) -> Period {
    let start = n0 as usize;
    let length = p as usize;
    let cycle = &values[start..start + length];
    let period = (1..=length)
        .filter(|&d| length.is_multiple_of(d))
        .find(|&d| (0..length).all(|i| cycle[i] == cycle[(i + d) % length]))
        .unwrap_or(length) as u64;
    Period {
        preperiod: n0,
        period,
        proof_bound: proof,
    }
}

/// The next length at which periodicity is tried: about 1/8 more each time, so the proof
/// comes at most 1/8 after it is possible and the checks cost O(n) in all.
fn next_check(len: usize) -> usize {
    len + (len / 8).max(16)
}

/// What a thread computing values needs: its values so far (the sequence itself on the
/// calling thread, a copy on the other), the sparse space if any, and scratch space.
#[derive(Debug, Default)]
struct Lane {
    values: Vec<u32>,
    space: Option<SparseSpace>,
    reached: Reached,
    largest: u32,
}

impl Lane {
    /// Appends the next value; room for it was reserved.
    fn push(&mut self, value: u32) {
        let heap = self.values.len();
        self.values.push(value);
        self.largest = self.largest.max(value);
        if let Some(space) = &mut self.space {
            space.record(heap, value);
        }
    }

    /// The mex of the options of `heap` that leave only heaps in `values`: G(heap) if
    /// `values` reaches `heap − 1`.
    fn mex(&mut self, rules: &HeapRules, heap: usize) -> u32 {
        match &mut self.space {
            Some(space) => space.value(rules, &self.values, heap, self.largest, &mut self.reached),
            None => direct_value(rules, &self.values, heap, self.largest, &mut self.reached),
        }
    }

    /// Checks the values of `heaps`, computed ahead as common heaps', up to the first one
    /// found wrong, which it reports to `ahead`; `values` must reach `heaps.end − 1`.
    fn verify(&mut self, rules: &HeapRules, heaps: Range<usize>, ahead: &Ahead) {
        let space = self
            .space
            .as_mut()
            .expect("values are computed ahead only in a sparse space");
        for heap in heaps {
            if heap >= ahead.first_wrong.load(Ordering::Relaxed) {
                return;
            }
            let value = space.verify(rules, &self.values, heap, self.largest, &mut self.reached);
            if value != self.values[heap] {
                ahead.found_wrong(heap, value);
                return;
            }
        }
    }
}

/// Waits a little: spinning is right while both threads run; yielding lets the other one in
/// when there are fewer cores than threads.
fn pause(spins: &mut u32) {
    if *spins < 1 << 10 {
        std::hint::spin_loop();
        *spins += 1;
    } else {
        std::thread::yield_now();
    }
}

/// How many recent values the two threads pass each other.
const RECENT: usize = 8;

/// Where two threads taking turns at the heaps hand each other the values, in order.
#[derive(Debug)]
struct Relay {
    recent: [AtomicU32; RECENT],
    /// Every heap below this is finished.
    finished: AtomicUsize,
    /// No heap at or above this will be finished.
    stop: AtomicUsize,
}

impl Relay {
    fn publish(&self, heap: usize, value: u32) {
        self.recent[heap % RECENT].store(value, Ordering::Relaxed);
        self.finished.store(heap + 1, Ordering::Release);
    }

    /// G(heap) once the other thread has it, or `None` if it never will.
    fn wait(&self, heap: usize) -> Option<u32> {
        let mut spins = 0;
        loop {
            if self.finished.load(Ordering::Acquire) > heap {
                return Some(self.recent[heap % RECENT].load(Ordering::Relaxed));
            }
            if self.stop.load(Ordering::Acquire) <= heap {
                return None;
            }
            pause(&mut spins);
        }
    }
}

/// Stops the other thread when dropped in a panic.
struct StopOnPanic<'r>(&'r Relay);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(0, Ordering::Release);
        }
    }
}

/// The values `G(n − 1) ^ key` of the options of heap `n` that leave heap `n − 1` (and
/// perhaps another): one heap of `n − 1` after taking one counter, and the split into 1 and
/// `n − 1`.
fn late_keys(rules: &HeapRules, values: &[u32]) -> Vec<u32> {
    let mut keys = Vec::new();
    if rules.leave_one.contains(&1) {
        keys.push(0);
    }
    if rules.leave_two.contains(&0) {
        keys.push(values[1]);
    }
    keys
}

/// Computes heaps `first`, `first + 2`, … below `end` on one thread by the direct
/// recurrence, the others being the other thread's, stopping after a value of at least
/// `stop_value`.
///
/// A heap's options almost all leave heaps at least two smaller, so its mex over those is
/// worked out while the other thread finishes the heap just below; then the options leaving
/// that heap (`late` keys) only matter if one of them has exactly that mex, when the value
/// is computed again with all options.
fn run_lane(
    rules: &HeapRules,
    lane: &mut Lane,
    relay: &Relay,
    first: usize,
    end: usize,
    late_keys: &[u32],
    stop_value: u32,
) {
    // If this thread panics, the other must not wait for it.
    let _stop_on_panic = StopOnPanic(relay);
    let mut heap = first;
    while heap < end {
        let value = if lane.values.len() == heap {
            lane.mex(rules, heap)
        } else {
            let early = lane.mex(rules, heap);
            let Some(below) = relay.wait(heap - 1) else {
                return;
            };
            lane.push(below);
            if late_keys.iter().any(|&key| below ^ key == early) {
                lane.mex(rules, heap)
            } else {
                early
            }
        };
        if relay.stop.load(Ordering::Acquire) <= heap {
            return;
        }
        if value >= stop_value {
            relay.stop.store(heap + 1, Ordering::Release);
        }
        relay.publish(heap, value);
        lane.push(value);
        if value >= stop_value {
            return;
        }
        heap += 2;
    }
}

/// Makes room for the values up to `end` (at most `len` in all), in `main` and in the
/// helper's copy, and brings that copy up to date with `main`'s.
fn prepare_stretch<'h>(
    main: &mut Lane,
    helper: &'h mut Option<Lane>,
    end: usize,
    len: usize,
) -> Result<&'h mut Lane, SequenceError> {
    while main.values.capacity() < end {
        grow(&mut main.values, len)?;
    }
    let helper = helper.get_or_insert_with(Lane::default);
    let wanted = end - helper.values.len();
    helper
        .values
        .try_reserve(wanted)
        .map_err(|_| SequenceError::OutOfMemory {
            bytes: (end as u64).saturating_mul(4),
        })?;
    helper
        .values
        .extend_from_slice(&main.values[helper.values.len()..]);
    helper.space.clone_from(&main.space);
    helper.largest = main.largest;
    Ok(helper)
}

/// Extends `main.values` towards `end` on two threads taking turns at the heaps, by the
/// direct recurrence, stopping early after a value of at least `stop_value`. `helper` keeps
/// the other thread's copy of the values between calls.
fn run_stretch(
    rules: &HeapRules,
    main: &mut Lane,
    helper: &mut Option<Lane>,
    end: usize,
    len: usize,
    stop_value: u32,
) -> Result<(), SequenceError> {
    let from = main.values.len();
    let helper = prepare_stretch(main, helper, end, len)?;
    let late = late_keys(rules, &main.values);
    let relay = Relay {
        recent: std::array::from_fn(|_| AtomicU32::new(0)),
        finished: AtomicUsize::new(from),
        stop: AtomicUsize::new(usize::MAX),
    };
    std::thread::scope(|scope| {
        scope.spawn(|| run_lane(rules, helper, &relay, from + 1, end, &late, stop_value));
        run_lane(rules, main, &relay, from, end, &late, stop_value);
    });
    // The last value may be the other thread's.
    let finished = relay.finished.load(Ordering::Acquire);
    for heap in main.values.len()..finished {
        main.push(helper.values[heap]);
    }
    Ok(())
}

/// Heaps verified at a time, by either thread: small, so that neither waits long for the
/// other at the start and end of a stretch.
const CHUNK_HEAPS: usize = 64;

/// How many heaps computed ahead may wait for a thread to verify them before the calling
/// thread verifies some too.
const LEAD: usize = 16 * CHUNK_HEAPS;

/// What two threads computing a stretch ahead share.
///
/// Past the last rare heap, new rare heaps are rare, so the calling thread computes each
/// heap's value as a common heap's — the [`Candidate`], from the splits with rare heaps
/// alone — and the search that confirms it, most of the work, is left for later: either
/// thread takes a chunk of heaps at a time to verify. A heap found wrong is a new rare heap;
/// its true value is kept and the values after it are taken back.
#[derive(Debug)]
struct Ahead {
    /// The stretch's first heap.
    from: usize,
    /// Values computed ahead that the helper has not taken yet.
    outbox: Mutex<Vec<u32>>,
    /// Every heap below this is computed: its value is in the calling thread's sequence
    /// and in the helper's or the outbox.
    computed: AtomicUsize,
    /// No more heaps will be computed.
    done: AtomicBool,
    /// How many chunks either thread has taken to verify.
    claimed: AtomicUsize,
    /// The first heap found wrong so far, and its value.
    wrong: Mutex<Option<(usize, u32)>>,
    /// The heap in `wrong` (`usize::MAX` if none), to read without the lock.
    first_wrong: AtomicUsize,
}

/// What a thread may verify next.
enum Claim {
    Heaps(Range<usize>),
    NotYet,
    Done,
}

impl Ahead {
    fn new(from: usize) -> Self {
        Ahead {
            from,
            outbox: Mutex::new(Vec::new()),
            computed: AtomicUsize::new(from),
            done: AtomicBool::new(false),
            claimed: AtomicUsize::new(0),
            wrong: Mutex::new(None),
            first_wrong: AtomicUsize::new(usize::MAX),
        }
    }

    /// Takes the next chunk of heaps to verify: a whole one while heaps are still computed.
    fn claim(&self) -> Claim {
        loop {
            let chunk = self.claimed.load(Ordering::Acquire);
            let start = self.from + chunk * CHUNK_HEAPS;
            // `done` first: once it is set, `computed` is final.
            let done = self.done.load(Ordering::Acquire);
            let computed = self.computed.load(Ordering::Acquire);
            if start >= self.first_wrong.load(Ordering::Acquire) {
                return Claim::Done;
            }
            let end = (start + CHUNK_HEAPS).min(computed);
            if end <= start || (end < start + CHUNK_HEAPS && !done) {
                return if done { Claim::Done } else { Claim::NotYet };
            }
            let taken = self.claimed.compare_exchange(
                chunk,
                chunk + 1,
                Ordering::AcqRel,
                Ordering::Acquire,
            );
            if taken.is_ok() {
                return Claim::Heaps(start..end);
            }
        }
    }

    /// How many computed heaps no thread has taken yet.
    fn waiting(&self) -> usize {
        let claimed = self.from + self.claimed.load(Ordering::Relaxed) * CHUNK_HEAPS;
        self.computed
            .load(Ordering::Relaxed)
            .saturating_sub(claimed)
    }

    fn found_wrong(&self, heap: usize, value: u32) {
        let mut wrong = self.wrong.lock().unwrap_or_else(PoisonError::into_inner);
        if wrong.is_none_or(|(first, _)| heap < first) {
            *wrong = Some((heap, value));
        }
        self.first_wrong.fetch_min(heap, Ordering::AcqRel);
    }

    /// Puts `values`, the next heaps computed, where the helper can take them.
    fn publish(&self, values: &[u32], computed: usize) {
        self.outbox
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(values);
        self.computed.store(computed, Ordering::Release);
    }
}

/// Tells the helper no more heaps will be computed, even if the calling thread panics.
struct DoneOnDrop<'a>(&'a Ahead);

impl Drop for DoneOnDrop<'_> {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Release);
    }
}

/// The calling thread's part of a stretch computed ahead: computes heaps from `ahead.from`
/// towards `end` — stopping after a value of at least `stop_value`, or once a heap is found
/// wrong — verifying chunks too whenever the helper falls behind, then verifies what is left
/// with it.
fn compute_ahead(rules: &HeapRules, main: &mut Lane, ahead: &Ahead, end: usize, stop_value: u32) {
    let done = DoneOnDrop(ahead);
    let mut published = ahead.from;
    let mut heap = ahead.from;
    while heap < end && ahead.first_wrong.load(Ordering::Relaxed) == usize::MAX {
        let space = main
            .space
            .as_mut()
            .expect("values are computed ahead only in a sparse space");
        let value =
            match space.candidate(rules, &main.values, heap, main.largest, &mut main.reached) {
                Candidate::Exact(value) | Candidate::Common { value, .. } => value,
            };
        main.push(value);
        heap += 1;
        let last = value >= stop_value || heap == end;
        if last || (heap - ahead.from).is_multiple_of(CHUNK_HEAPS) {
            ahead.publish(&main.values[published..heap], heap);
            published = heap;
        }
        if last {
            break;
        }
        if ahead.waiting() >= LEAD
            && let Claim::Heaps(heaps) = ahead.claim()
        {
            main.verify(rules, heaps, ahead);
        }
    }
    drop(done);
    let mut spins = 0;
    loop {
        match ahead.claim() {
            Claim::Heaps(heaps) => main.verify(rules, heaps, ahead),
            Claim::NotYet => pause(&mut spins),
            Claim::Done => return,
        }
    }
}

/// The helper's part of a stretch computed ahead: verifies chunks of heaps until none is
/// left, taking the values computed from the outbox.
fn help_verify(rules: &HeapRules, helper: &mut Lane, ahead: &Ahead) {
    let mut spins = 0;
    loop {
        match ahead.claim() {
            Claim::Heaps(heaps) => {
                if helper.values.len() < heaps.end {
                    let mut outbox = ahead.outbox.lock().unwrap_or_else(PoisonError::into_inner);
                    let largest = outbox.iter().copied().max().unwrap_or(0);
                    helper.largest = helper.largest.max(largest);
                    helper.values.extend_from_slice(&outbox);
                    outbox.clear();
                }
                helper.verify(rules, heaps, ahead);
                spins = 0;
            }
            Claim::NotYet => pause(&mut spins),
            Claim::Done => return,
        }
    }
}

/// Extends `main.values` towards `end` on two threads, computing ahead (see [`Ahead`]) and
/// stopping early after a value of at least `stop_value` or at the first heap found wrong,
/// whose true value ends the stretch. `helper` keeps the other thread's copy of the values
/// between calls.
fn run_ahead(
    rules: &HeapRules,
    main: &mut Lane,
    helper: &mut Option<Lane>,
    end: usize,
    len: usize,
    stop_value: u32,
) -> Result<(), SequenceError> {
    let from = main.values.len();
    let helper = prepare_stretch(main, helper, end, len)?;
    let largest_before = main.largest;
    let ahead = Ahead::new(from);
    std::thread::scope(|scope| {
        scope.spawn(|| help_verify(rules, helper, &ahead));
        compute_ahead(rules, main, &ahead, end, stop_value);
    });
    let wrong = ahead
        .wrong
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some((heap, value)) = wrong {
        helper.values.truncate(heap);
        main.values.truncate(heap);
        let kept = main.values[from..].iter().copied().max().unwrap_or(0);
        main.largest = largest_before.max(kept);
        if let Some(space) = &mut main.space {
            space.forget_from(heap);
        }
        main.push(value);
    }
    Ok(())
}

/// Doubles the room for values (at least 4 096, at most `len` in all), or reports how many
/// bytes could not be had.
fn grow(values: &mut Vec<u32>, len: usize) -> Result<(), SequenceError> {
    let wanted = (values.capacity().max(1 << 12) * 2).min(len);
    let additional = wanted.saturating_sub(values.len()).max(1);
    values
        .try_reserve_exact(additional)
        .map_err(|_| SequenceError::OutOfMemory {
            bytes: ((values.len() + additional) as u64).saturating_mul(4),
        })
}

/// Extends `main.values` towards `end`: the stretch on two threads where they help, else
/// one heap. Stops early after a value of at least `stop_value`.
fn extend(
    rules: &HeapRules,
    main: &mut Lane,
    helper: &mut Option<Lane>,
    options: &SequenceOptions,
    end: usize,
    len: usize,
    stop_value: u32,
) -> Result<(), SequenceError> {
    let heap = main.values.len();
    let two_threads =
        options.parallel && rules.splits() && heap >= options.parallel_from && end > heap + 1;
    // Computing ahead pays once rare heaps have become rare: each new one takes back what
    // was computed after it.
    let quiet =
        |space: &SparseSpace| heap - space.rare.last().copied().unwrap_or(0) >= options.ahead_after;
    match &main.space {
        None if two_threads => run_stretch(rules, main, helper, end, len, stop_value),
        Some(space) if two_threads && quiet(space) => {
            run_ahead(rules, main, helper, end, len, stop_value)
        }
        _ => {
            let value = main.mex(rules, heap);
            if main.values.len() == main.values.capacity() {
                grow(&mut main.values, len)?;
            }
            main.push(value);
            Ok(())
        }
    }
}

pub(crate) fn compute(
    rules: &HeapRules,
    n: u64,
    options: &SequenceOptions,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<GrundySequence, SequenceError> {
    let too_large = SequenceError::TooLarge {
        n,
        max: super::MAX_HEAP,
    };
    if n > super::MAX_HEAP {
        return Err(too_large);
    }
    let len = usize::try_from(n + 1).map_err(|_| too_large)?;
    // Grown as needed rather than reserved for `n` up front: a periodic game may stop after
    // a few hundred values, whatever `n` is.
    let mut main = Lane::default();
    grow(&mut main.values, len)?;
    main.push(0);
    let sparse_wanted = rules.splits() && options.method != Method::Direct;
    let mut method = Method::Direct;
    let mut period = None;
    let mut check_at = if rules.periodicity_theorem && options.prove_period {
        next_check(0)
    } else {
        usize::MAX
    };
    let report_every = usize::try_from(options.progress_every.max(1)).unwrap_or(usize::MAX);
    let mut report_at = report_every;
    let mut stopped = false;
    // The space is chosen again when a value needs more bits than the last choice saw.
    let mut chosen_below = 0;
    let mut helper: Option<Lane> = None;
    while main.values.len() < len {
        let heap = main.values.len();
        // A stretch of heaps for two threads, ending where the checks below may act: at a
        // power of two, a period check, a progress report, or a value needing a new bit.
        let end = len
            .min(check_at)
            .min(report_at)
            .min((heap + 1).next_power_of_two());
        let stop_value = if sparse_wanted && chosen_below > 0 {
            chosen_below
        } else {
            u32::MAX
        };
        extend(rules, &mut main, &mut helper, options, end, len, stop_value)?;
        // The space is chosen from the second half of the values so far, and chosen again
        // each time their number doubles, as larger values appear.
        let sampled = main.values.len();
        let new_bit = main.largest >= chosen_below;
        if sparse_wanted && sampled >= SAMPLE && (sampled.is_power_of_two() || new_bit) {
            chosen_below = (main.largest + 1).next_power_of_two();
            if let Some((space, rare)) = SparseSpace::choose(rules, &main.values, sampled / 2) {
                let sparse_enough = rare * RARE_DENOMINATOR <= sampled / 2;
                if sparse_enough || options.method == Method::SparseSpace {
                    main.space = Some(space);
                    method = Method::SparseSpace;
                }
            }
        }
        if main.values.len() >= check_at {
            period = prove_period(rules, &main.values);
            if period.is_some() {
                break;
            }
            check_at = next_check(main.values.len());
        }
        if main.values.len() >= report_at || main.values.len() == len {
            report_at = main.values.len().saturating_add(report_every);
            let report = Progress {
                computed: main.values.len() as u64,
                target: n + 1,
                rare_heaps: main.space.as_ref().map(|space| space.rare.len()),
                largest_value: main.largest,
            };
            if progress(&report).is_break() {
                stopped = true;
                break;
            }
        }
    }
    if period.is_none() && !stopped && rules.periodicity_theorem && options.prove_period {
        period = prove_period(rules, &main.values);
    }
    let Lane {
        mut values, space, ..
    } = main;
    values.shrink_to_fit();
    Ok(GrundySequence {
        values,
        period,
        requested: n,
        method,
        sparse_mask: space.as_ref().map(|space| space.mask),
        rare_heaps: space.map(|space| space.rare.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(none: &[u64], one: &[u64], two: &[u64], unequal: bool) -> HeapRules {
        HeapRules {
            leave_none: none.to_vec(),
            leave_one: one.to_vec(),
            leave_two: two.to_vec(),
            unequal_split: unequal,
            periodicity_theorem: !unequal,
        }
    }

    fn direct(rules: &HeapRules, n: usize) -> Vec<u32> {
        let mut values = vec![0];
        let mut reached = Reached::default();
        let mut largest = 0;
        for heap in 1..=n {
            let value = direct_value(rules, &values, heap, largest, &mut reached);
            largest = largest.max(value);
            values.push(value);
        }
        values
    }

    /// 0.6, 0.16, 0.77 and Grundy's game: games whose sparse spaces differ.
    fn splitting_games() -> Vec<HeapRules> {
        vec![
            rules(&[], &[1], &[1], false),           // 0.6
            rules(&[1], &[2], &[2], false),          // 0.16
            rules(&[1, 2], &[1, 2], &[1, 2], false), // 0.77
            rules(&[], &[], &[0], true),             // Grundy's game
        ]
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
                .leave_two
                .iter()
                .all(|&r| r % 2 == rules.leave_two[0] % 2);
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
                            let value = space.value(rules, &values, heap, largest, &mut reached);
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
                let mut ahead = below.to_vec();
                ahead.push(candidate);
                let value = checker.verify(rules, &ahead, heap, largest, &mut reached);
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

    /// Two threads give the values one thread gives, for every method, with the hand-over
    /// starting early, stretches cut short by frequent progress reports (65 and 129 heaps
    /// end one heap into a block of rows or a chunk), and values computed ahead from the
    /// first stretch on, so that many are found wrong and taken back.
    #[test]
    fn two_threads_give_the_values_of_one() {
        let mut games = splitting_games();
        games.push(rules(&[], &[], &[1], false)); // 0.4
        games.push(rules(&[2], &[1], &[0, 2], false)); // late options n − 1 and 1 + (n − 1)
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        for rules in &games {
            for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
                let one = SequenceOptions::default()
                    .with_method(method)
                    .with_prove_period(false)
                    .with_parallel(false);
                let expected = compute(rules, 3_000, &one, keep_going).unwrap();
                for every in [777, 65, 129, 3_000] {
                    let mut two = one.clone().with_parallel(true).with_progress_every(every);
                    two.parallel_from = 64;
                    two.ahead_after = 0;
                    let got = compute(rules, 3_000, &two, keep_going).unwrap();
                    let first_difference = (got.values.iter().zip(&expected.values))
                        .position(|(got, expected)| got != expected);
                    assert_eq!(first_difference, None, "{rules:?} {method:?} {every}");
                    assert_eq!(got.values.len(), expected.values.len());
                    assert_eq!(got.method, expected.method, "{rules:?} {method:?}");
                }
            }
        }
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
            let split_parity = (rules.leave_two[0] & 1) as u32;
            let domain_possible = rules
                .leave_two
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

    /// A deterministic stream of pseudo-random words (splitmix64).
    fn random_words(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
    }

    /// The lengths where a byte helper changes its way of working: empty, one byte, around
    /// a word, around 255 and 256 (a byte's range), around a full batch of 255 words, and
    /// past 65 535.
    const BOUNDARY_LENGTHS: [usize; 17] = [
        0, 1, 7, 8, 9, 255, 256, 257, 1_024, 2_039, 2_040, 2_041, 4_080, 4_081, 65_535, 65_536,
        65_537,
    ];

    /// Flags of `len` bytes, each 0 or 1: all clear, all set, alternating, and random with
    /// a few densities.
    fn flag_patterns(len: usize, next: &mut impl FnMut() -> u64) -> Vec<Vec<u8>> {
        let mut patterns = vec![
            vec![0; len],
            vec![1; len],
            (0..len).map(|i| (i % 2) as u8).collect(),
        ];
        for density in [1, 8, 64, 255] {
            patterns.push((0..len).map(|_| u8::from(next() % 256 < density)).collect());
        }
        patterns
    }

    #[test]
    fn byte_sum_adds_all_eight_bytes_even_past_255() {
        let plain = |word: u64| {
            word.to_le_bytes()
                .iter()
                .map(|&b| u32::from(b))
                .sum::<u32>()
        };
        let mut next = random_words(1);
        let mut words = vec![
            0,
            1,
            ONES,
            u64::MAX,
            0x8080_8080_8080_8080,
            0x00ff_00ff_00ff_00ff,
        ];
        words.extend((0..8).map(|byte| 0xffu64 << (8 * byte)));
        words.extend((0..8).map(|byte| !(0xffu64 << (8 * byte))));
        words.extend((0..10_000).map(|_| next()));
        for word in words {
            assert_eq!(byte_sum(word), plain(word), "{word:#018x}");
        }
        assert_eq!(byte_sum(u64::MAX), 2_040);
    }

    #[test]
    fn count_flags_counts_at_every_boundary() {
        let mut next = random_words(2);
        for len in BOUNDARY_LENGTHS {
            for flags in flag_patterns(len, &mut next) {
                let plain: u32 = flags.iter().map(|&flag| u32::from(flag == 1)).sum();
                assert_eq!(count_flags(&flags), plain, "{len} flags, {plain} set");
            }
        }
    }

    #[test]
    fn least_and_mark_unreached_agree_with_a_plain_scan_at_every_boundary() {
        let mut next = random_words(3);
        for len in BOUNDARY_LENGTHS {
            let parities = flag_patterns(len, &mut next);
            for reached in flag_patterns(len, &mut next) {
                for parity in &parities {
                    for wanted in [0, 1] {
                        let open = |v: usize| reached[v] == 0 && parity[v] == wanted;
                        let least = (0..len).find(|&v| open(v)).unwrap_or(len);
                        assert_eq!(least_unreached(&reached, parity, wanted), least, "{len}");
                        let mut flags = vec![7; len];
                        let count = mark_unreached(&reached, parity, wanted, &mut flags);
                        let plain: Vec<u8> = (0..len).map(|v| u8::from(open(v))).collect();
                        assert_eq!(flags, plain, "{len}");
                        assert_eq!(
                            count as usize,
                            plain.iter().map(|&f| usize::from(f == 1)).sum::<usize>()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn first_hit_finds_the_first_step_holding_a_wanted_value() {
        let mut next = random_words(4);
        for len in [
            0,
            1,
            LANES - 1,
            LANES,
            LANES + 1,
            2 * LANES,
            255,
            256,
            257,
            1_000,
        ] {
            for round in 0..40 {
                // Values below 64, so that hits are neither certain nor rare.
                let small: Vec<u32> = (0..len).map(|_| (next() % 64) as u32).collect();
                let large: Vec<u32> = (0..len).map(|_| (next() % 64) as u32).collect();
                let mut wanted = [u32::MAX; FEW];
                for slot in wanted.iter_mut().take(round % (FEW + 1)) {
                    *slot = (next() % 64) as u32;
                }
                let from = if len == 0 {
                    0
                } else {
                    (next() as usize % len) / LANES * LANES
                };
                let value = |i: usize| small[i] ^ large[len - 1 - i];
                let mut plain = from;
                while plain + LANES <= len
                    && !(plain..plain + LANES).any(|i| wanted.contains(&value(i)))
                {
                    plain += LANES;
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
    /// none is left.
    #[test]
    fn the_search_clears_exactly_what_the_splits_give() {
        let mut next = random_words(7);
        for width in [64usize, 256, 512, 4_096, 65_536] {
            for missing_count in [0usize, 1, FEW, FEW + 1, 255, 256, 257, 2_040, 2_041] {
                if missing_count > width / 2 {
                    continue;
                }
                for splits in [
                    0usize,
                    1,
                    CHUNK,
                    CHUNK + 1,
                    3 * LANES + 5,
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
                    let small: Vec<u32> = (0..splits)
                        .map(|_| (next() % width as u64) as u32)
                        .collect();
                    let large: Vec<u32> = (0..splits)
                        .map(|_| (next() % width as u64) as u32)
                        .collect();
                    for i in 0..splits {
                        expected[(small[i] ^ large[splits - 1 - i]) as usize] = 0;
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
                    let mut ahead = below.to_vec();
                    ahead.push(candidate);
                    let verified = space
                        .clone()
                        .verify(rules, &ahead, heap, largest, &mut reached);
                    assert_eq!(
                        verified, definition,
                        "verify, {rules:?} {bits} bits, heap {heap}"
                    );
                    space.record(heap, values[heap]);
                }
            }
        }
    }

    /// The digits of random octal codes as the engine's rules, as `OctalGame` makes them.
    fn octal_rules(digits: &[u8]) -> HeapRules {
        let with_bit = |bit: u8| -> Vec<u64> {
            (0u64..)
                .zip(digits)
                .filter(|&(_, &d)| d & bit != 0)
                .map(|(r, _)| r)
                .collect()
        };
        rules(&with_bit(1), &with_bit(2), &with_bit(4), false)
    }

    /// Every path of the engine with the hand-over to two threads and computing ahead
    /// brought early, against the definition, on random octal codes.
    #[test]
    fn every_path_with_early_hand_over_equals_the_definition() {
        let mut next = random_words(9);
        let keep_going = &mut |_: &Progress| ControlFlow::Continue(());
        let n = if cfg!(debug_assertions) { 1_500 } else { 6_000 };
        let mut larger_than_255 = 0;
        for _ in 0..12 {
            let length = 1 + next() as usize % 10;
            let mut digits = vec![if next().is_multiple_of(2) { 0 } else { 4 }];
            digits.extend((0..length).map(|_| {
                if next().is_multiple_of(4) {
                    (next() % 4) as u8
                } else {
                    4 + (next() % 4) as u8
                }
            }));
            let rules = octal_rules(&digits);
            if rules.leave_none.is_empty()
                && rules.leave_one.is_empty()
                && rules.leave_two.is_empty()
            {
                continue;
            }
            let expected = crate::reference::octal_values(&digits, n);
            if expected.iter().any(|&value| value > 255) {
                larger_than_255 += 1;
            }
            for method in [Method::Auto, Method::Direct, Method::SparseSpace] {
                for (ahead_after, every) in [(0, 65), (0, 129), (256, 1 << 20)] {
                    let mut options = SequenceOptions::default()
                        .with_method(method)
                        .with_prove_period(false)
                        .with_parallel(true)
                        .with_progress_every(every);
                    options.parallel_from = 64;
                    options.ahead_after = ahead_after;
                    let got = compute(&rules, n as u64, &options, keep_going).unwrap();
                    let first_difference = (got.values.iter().zip(&expected))
                        .position(|(got, expected)| got != expected);
                    assert_eq!(
                        first_difference, None,
                        "{digits:?} {method:?} {ahead_after} {every}"
                    );
                }
            }
        }
        assert!(
            larger_than_255 > 0,
            "no code had values past 255: the test reached no edge"
        );
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
}
