//! The move rules of a heap game, in the form the sequence engine reads them.

/// What a move may do to one heap of `n`: take `r` counters and leave nothing, one heap or
/// two heaps. Octal games, subtraction games and Grundy's game are all of this form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct HeapRules {
    /// `r` such that a heap of exactly `r` may be taken whole.
    pub(crate) leave_none: Vec<u64>,
    /// `r ≥ 1` such that `r` may be taken from a larger heap, leaving one heap.
    pub(crate) leave_one: Vec<u64>,
    /// `r ≥ 0` such that `r` may be taken and the rest split into two non-empty heaps.
    pub(crate) leave_two: Vec<u64>,
    /// The two heaps of a split must differ in size (Grundy's game).
    pub(crate) unequal_split: bool,
    /// Whether the octal periodicity theorem applies (every finite octal or subtraction
    /// game; not Grundy's game, whose splits are constrained).
    pub(crate) periodicity_theorem: bool,
}

impl HeapRules {
    /// The most counters one move removes: `t` in the periodicity theorem.
    pub(crate) fn reach(&self) -> u64 {
        self.leave_none
            .iter()
            .chain(&self.leave_one)
            .chain(&self.leave_two)
            .copied()
            .max()
            .unwrap_or(0)
    }

    pub(crate) fn splits(&self) -> bool {
        !self.leave_two.is_empty()
    }

    /// The options of one heap, as heap sizes (a split gives two).
    pub(crate) fn heap_options(&self, heap: u64) -> impl Iterator<Item = HeapOption> + '_ {
        let none = self
            .leave_none
            .iter()
            .filter(move |&&r| r == heap)
            .map(|_| HeapOption::None);
        let one = self
            .leave_one
            .iter()
            .filter(move |&&r| r < heap)
            .map(move |&r| HeapOption::One(heap - r));
        let unequal = self.unequal_split;
        let two = self
            .leave_two
            .iter()
            .filter(move |&&r| r.saturating_add(2) <= heap)
            .flat_map(move |&r| {
                let rest = heap - r;
                let largest_small = if unequal { (rest - 1) / 2 } else { rest / 2 };
                (1..=largest_small).map(move |small| HeapOption::Two(small, rest - small))
            });
        none.chain(one).chain(two)
    }
}

/// One option of a heap: nothing left, one heap, or two heaps (smaller first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HeapOption {
    None,
    One(u64),
    Two(u64, u64),
}

/// The options of a position made of several heaps, each a sorted list without empty heaps:
/// every option of every heap, one heap at a time (equal heaps are tried once).
pub(crate) fn position_options(rules: &HeapRules, heaps: &[u64]) -> impl Iterator<Item = Vec<u64>> {
    heaps
        .iter()
        .enumerate()
        .filter(move |&(index, heap)| index == 0 || heaps[index - 1] != *heap)
        .flat_map(move |(index, &heap)| {
            rules.heap_options(heap).map(move |option| {
                let mut next: Vec<u64> = Vec::with_capacity(heaps.len() + 1);
                next.extend_from_slice(&heaps[..index]);
                next.extend_from_slice(&heaps[index + 1..]);
                match option {
                    HeapOption::None => {}
                    HeapOption::One(size) => insert_sorted(&mut next, size),
                    HeapOption::Two(small, large) => {
                        insert_sorted(&mut next, small);
                        insert_sorted(&mut next, large);
                    }
                }
                next
            })
        })
}

fn insert_sorted(heaps: &mut Vec<u64>, heap: u64) {
    let at = heaps.partition_point(|&h| h < heap);
    heaps.insert(at, heap);
}
