//! The values of rules whose moves may split a heap into four heaps or more: by the
//! definition, with the XORs of every split tabled as sets.
//!
//! A split into `j` heaps of `s` counters is worth the XOR of `j` values of heaps summing to
//! `s`; the set `E_j(s)` of all of them is `G(a) ⊕ E_{j−1}(s − a)` over the first heap `a`
//! (the XOR does not care for order), `E_1(s) = {G(s)}`. Splits into `j` heaps *or more*
//! read `C_j(s) = G(a) ⊕ C_{j−1}(s − a)` over `a`, with `C_1(s) = {G(s)} ∪ C_2(s)`. Each set
//! is a bitset over the values below a power of two (an XOR of such values stays below it),
//! and `x ⊕ c` permutes it: words swap by the high bits of `c`, bits within a word by its
//! six low bits. So a heap of `s` costs some `levels × s` word-sized set operations: heaps
//! in the thousands, not the millions of the engine's other paths. No period is claimed
//! (see [`HeapRules::has_periodicity_theorem`]), and a run is one thread.

use std::ops::ControlFlow;

use super::direct::{Reached, direct_value_and};
use super::error::{MAX_HEAP, SequenceError, checked_len};
use super::options::Progress;
use super::values::Values;
use crate::heap::HeapRules;

/// Most word operations a run spends on its tables: some seconds (`0.{2+}` reaches heap
/// 6 975 in 9 s on the machine this was written on). Past them the run stops with
/// [`SequenceError::TooLarge`] naming the last heap it reached.
const MAX_WORK: u64 = 5_000_000_000;

/// A set of values: bit `v` of word `v / 64`. Words past the end are zero.
type Set = Vec<u64>;

/// The tables of one run: for each heap size `s` so far, the exact sets `E_1 … E_J` and the
/// cumulative `C_1 … C_K` (index 0 unused).
struct Tables {
    exact: Vec<Vec<Set>>,
    cumulative: Vec<Vec<Set>>,
    exact_levels: usize,
    cumulative_levels: usize,
}

/// G(0), …, G(n) of `rules`, which split into four heaps or more, from the values `known`
/// (of an earlier run): the values, and whether `progress` stopped the run.
pub(super) fn compute(
    rules: &HeapRules,
    n: u64,
    known: Values,
    progress: &mut dyn FnMut(&Progress, &Values) -> ControlFlow<()>,
) -> Result<(Values, bool), SequenceError> {
    compute_within(rules, n, known, progress, MAX_WORK)
}

/// As [`compute`], spending at most `max_work` word operations.
fn compute_within(
    rules: &HeapRules,
    n: u64,
    mut known: Values,
    progress: &mut dyn FnMut(&Progress, &Values) -> ControlFlow<()>,
    max_work: u64,
) -> Result<(Values, bool), SequenceError> {
    let len = checked_len(n, MAX_HEAP)?;
    known.truncate(len);
    let counts = rules.leaving_many_counts();
    let exact_levels = counts.iter().flat_map(|c| c.listed()).max().unwrap_or(0) as usize;
    // A count past the heaps asked for splits nothing here.
    let cumulative_levels = counts
        .iter()
        .filter_map(|c| c.from())
        .map(|from| (from as usize).min(len))
        .max()
        .unwrap_or(0);
    let mut tables = Tables {
        exact: Vec::new(),
        cumulative: Vec::new(),
        exact_levels,
        cumulative_levels,
    };
    let mut values: Vec<u32> = known.iter().collect();
    let mut reached = Reached::default();
    let mut largest = values.iter().copied().max().unwrap_or(0);
    let mut work = 0u64;
    let mut stopped = false;
    for heap in 0..len {
        let words = words_for(largest);
        // The levels a heap of this size keeps (see `Tables::levels`).
        let levels = (exact_levels.min(heap) + cumulative_levels.min(heap)) as u64;
        work = work.saturating_add(levels * heap as u64 * words as u64);
        if work > max_work {
            return Err(SequenceError::TooLarge {
                n,
                max: heap.saturating_sub(1) as u64,
            });
        }
        tables.extend_before(&values, heap, words);
        if heap >= values.len() {
            let value = if heap == 0 {
                0
            } else {
                direct_value_and(
                    rules,
                    values.as_slice(),
                    heap,
                    largest,
                    &mut reached,
                    |reached| {
                        tables.insert_splits(rules, heap, reached);
                    },
                )
            };
            values.push(value);
            largest = largest.max(value);
        }
        tables.extend_after(values[heap], heap, words_for(largest));
        if heap % 1024 == 1023 || heap + 1 == len {
            let report = Progress {
                computed: heap as u64 + 1,
                target: len as u64,
                rare_heap_count: None,
                largest_value: largest,
            };
            let so_far = values_of(&values[..=heap]);
            if progress(&report, &so_far).is_break() {
                stopped = true;
                values.truncate(heap + 1);
                break;
            }
        }
    }
    Ok((values_of(&values), stopped))
}

fn values_of(values: &[u32]) -> Values {
    let mut stored = Values::new();
    for &value in values {
        stored.push(value);
    }
    stored
}

/// Words for a set of the values below the power of two past `largest`.
fn words_for(largest: u32) -> usize {
    ((largest as usize + 1).next_power_of_two()).div_ceil(64)
}

impl Tables {
    /// The sets of heap size `s` that need no `G(s)`: `E_j(s)` for `j ≥ 2`, `C_j(s)` for
    /// `j ≥ 2` (from the values of the smaller heaps).
    fn extend_before(&mut self, values: &[u32], s: usize, words: usize) {
        let exact = self.levels(values, s, words, self.exact_levels, |t, rest, j| {
            t.exact[rest].get(j)
        });
        let cumulative = self.levels(values, s, words, self.cumulative_levels, |t, rest, j| {
            t.cumulative[rest].get(j)
        });
        self.exact.push(exact);
        self.cumulative.push(cumulative);
    }

    /// Levels 0 to `top` of heap size `s`, or to `s` if it is less (`s` counters make at most
    /// `s` heaps: the levels past are empty and not kept, so a count of heaps in the millions
    /// costs nothing): level `j ≥ 2` is `∪ G(a) ⊕ level(s − a, j − 1)`, a level a smaller
    /// heap does not keep being empty; levels 0 (unused) and 1 (waiting for `G(s)`) empty.
    fn levels(
        &self,
        values: &[u32],
        s: usize,
        words: usize,
        top: usize,
        level: impl Fn(&Tables, usize, usize) -> Option<&Set>,
    ) -> Vec<Set> {
        let top = top.min(s.max(1));
        let mut sets = vec![Set::new(); (top + 1).min(2)];
        sets.extend(
            (2..=top).map(|j| self.combined(values, s, words, |t, rest| level(t, rest, j - 1))),
        );
        sets
    }

    /// With `G(s)` known: `E_1(s) = {G(s)}` and `C_1(s) = {G(s)} ∪ C_2(s)`.
    fn extend_after(&mut self, value: u32, s: usize, words: usize) {
        let single = singleton(value, words);
        if let Some(one) = self.exact[s].get_mut(1) {
            one.clone_from(&single);
        }
        if self.cumulative[s].len() > 1 {
            let mut all = single;
            if let Some(two) = self.cumulative[s].get(2) {
                union_into(&mut all, two);
            }
            self.cumulative[s][1] = all;
        }
    }

    /// `∪ G(a) ⊕ level(s − a)` over the first heaps `1 ≤ a < s`.
    fn combined(
        &self,
        values: &[u32],
        s: usize,
        words: usize,
        level: impl Fn(&Tables, usize) -> Option<&Set>,
    ) -> Set {
        let mut out = vec![0u64; words];
        for (a, &value) in values.iter().enumerate().take(s).skip(1) {
            if let Some(set) = level(self, s - a) {
                xor_into(&mut out, set, value);
            }
        }
        out
    }

    /// The values of the splits of a heap of `heap` into four heaps or more.
    fn insert_splits(&self, rules: &HeapRules, heap: usize, reached: &mut Reached) {
        let amounts = rules.taken_leaving_many().iter();
        for (&r, counts) in amounts.zip(rules.leaving_many_counts()) {
            let Some(rest) = usize::try_from(r).ok().and_then(|r| heap.checked_sub(r)) else {
                continue;
            };
            let row =
                (rest < self.exact.len()).then(|| (&self.exact[rest], &self.cumulative[rest]));
            let Some((exact, cumulative)) = row else {
                continue;
            };
            let sets = counts
                .listed()
                .filter_map(|count| exact.get(count as usize));
            let from = counts.from().and_then(|from| cumulative.get(from as usize));
            for set in sets.chain(from) {
                insert_members(reached, set);
            }
        }
    }
}

fn singleton(value: u32, words: usize) -> Set {
    let mut set = vec![0u64; words];
    set[value as usize / 64] |= 1 << (value % 64);
    set
}

fn union_into(out: &mut Set, other: &Set) {
    if out.len() < other.len() {
        out.resize(other.len(), 0);
    }
    for (word, &bits) in out.iter_mut().zip(other) {
        *word |= bits;
    }
}

fn insert_members(reached: &mut Reached, set: &Set) {
    for (w, &bits) in set.iter().enumerate() {
        let mut rest = bits;
        while rest != 0 {
            reached.insert(w as u32 * 64 + rest.trailing_zeros());
            rest &= rest - 1;
        }
    }
}

/// `out ∪= {x ⊕ c : x ∈ set}`; `out` is as wide as every value, `c` among them.
fn xor_into(out: &mut [u64], set: &[u64], c: u32) {
    let high = (c / 64) as usize;
    for (w, &bits) in set.iter().enumerate() {
        if bits != 0 {
            out[w ^ high] |= permute_word(bits, c % 64);
        }
    }
}

/// The bits of `word` moved from `i` to `i ⊕ low` (`low < 64`): for each bit of `low`, the
/// blocks of that size swapped pairwise.
fn permute_word(mut word: u64, low: u32) -> u64 {
    const LOWER: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (bit, &lower) in LOWER.iter().enumerate() {
        if low >> bit & 1 == 1 {
            let shift = 1 << bit;
            word = ((word & lower) << shift) | ((word >> shift) & lower);
        }
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past its work bound a run is an error naming the last heap it reached, and the values
    /// to there are those of a run that stops there.
    #[test]
    fn the_work_bound_names_the_last_heap_reached() {
        let counts = crate::heap::HeapCounts::new(&[], Some(4)).unwrap();
        let rules = HeapRules::builder()
            .take_leaving_two([1])
            .take_leaving_many([1], counts)
            .build()
            .unwrap();
        let keep_going = &mut |_: &Progress, _: &Values| ControlFlow::Continue(());
        let error = compute_within(&rules, 1_000, Values::new(), keep_going, 100_000).unwrap_err();
        let SequenceError::TooLarge { n: 1_000, max } = error else {
            panic!("{error:?}");
        };
        assert!(max > 10 && max < 1_000, "{max}");
        let (reached, _) = compute_within(&rules, max, Values::new(), keep_going, 100_000).unwrap();
        assert_eq!(reached.len() as u64, max + 1);
        let (beyond, _) = compute(&rules, max + 50, Values::new(), keep_going).unwrap();
        assert_eq!(reached.to_vec()[..], beyond.to_vec()[..=max as usize]);
    }

    #[test]
    fn a_word_permutes_as_its_bits_xor() {
        let mut next = crate::sequence::testing::random_words(5);
        for _ in 0..200 {
            let word = next();
            let low = (next() % 64) as u32;
            let permuted = permute_word(word, low);
            for i in 0..64u32 {
                assert_eq!(permuted >> (i ^ low) & 1, word >> i & 1, "{word:x} {low}");
            }
        }
    }
}
