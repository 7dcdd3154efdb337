//! The options of one heap that a test accepts, lazily and in the order of
//! [`HeapRules::moves`], skipping the runs of options a period rules out: how a closed form
//! finds a heap's winning moves among a handful of candidates, whatever the heap's size.
//!
//! A test that reads a heap only through a *class* — its Grundy value, its element of a
//! misère quotient — which repeats with a period past a preperiod, accepts a split
//! `a + b` with both parts past the preperiod according to `a`'s place in the period alone
//! (`b` is what is left). So the splits of a heap of 10¹⁵ are tried a period at a time: the
//! places in the period that pass are found once, by one representative each, and the
//! splits of the places that fail are never listed. The same holds one level down for a
//! split into three.

use std::rc::Rc;

use smallvec::{SmallVec, smallvec};

use super::counts::Partitions;
use super::rules::HeapRules;

/// The heaps one option leaves of a single heap, smallest first.
pub(crate) type Parts = SmallVec<[u64; 3]>;

/// Where the classes a test reads of a heap repeat: from `preperiod` on, with `period`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Repeats {
    pub(crate) preperiod: u64,
    pub(crate) period: u64,
}

impl Repeats {
    /// The representative of what is left of `total` by parts at `places` in the period —
    /// the last part of a split whose other parts are past the preperiod — as a heap: the
    /// last part is past the preperiod too, and its class is this heap's.
    fn rest_representative(self, total: u64, places: &[u64]) -> u64 {
        let (start, period) = (i128::from(self.preperiod), i128::from(self.period));
        // total − Σ (start + place), taken to the period from `start`.
        let parts: i128 = places.iter().map(|&place| start + i128::from(place)).sum();
        let place = (i128::from(total) - parts - start).rem_euclid(period);
        // Less than the period, a `u64`: the place past the preperiod is a heap.
        self.preperiod + u64::try_from(place).unwrap_or(0)
    }
}

/// The options of a heap of `heap` counters under `rules` that `accept` takes, lazily, in
/// the order of [`HeapRules::moves`]. With `repeats`, `accept` must read each part only
/// through a class that repeats as it says (every part past the preperiod as the part of
/// its place in the first period); without, every option is listed and tried.
pub(crate) fn accepted_options<'a>(
    rules: &'a HeapRules,
    heap: u64,
    repeats: Option<Repeats>,
    accept: impl Fn(&[u64]) -> bool + 'a,
) -> impl Iterator<Item = Parts> + 'a {
    let accept: Test<'a> = Rc::new(accept);
    let (for_two, for_three) = (Rc::clone(&accept), Rc::clone(&accept));
    let whole = rules
        .taken_whole()
        .binary_search(&heap)
        .is_ok()
        .then(Parts::new)
        .into_iter();
    let one = rules
        .taken_leaving_one()
        .iter()
        .filter(move |&&taken| taken < heap)
        .map(move |&taken| smallvec![heap - taken]);
    let two = rules
        .taken_leaving_two()
        .iter()
        .zip(rules.leaving_two_shapes())
        .filter(move |&(&taken, _)| taken.saturating_add(2) <= heap)
        .flat_map(move |(&taken, &shapes)| {
            Pairs::new(heap - taken, 1, repeats, Rc::clone(&for_two))
                .filter(move |&(small, large)| shapes.allows_pair(small, large))
                .map(|(small, large)| smallvec![small, large])
        });
    let three = rules
        .taken_leaving_three()
        .iter()
        .zip(rules.leaving_three_shapes())
        .filter(move |&(&taken, _)| taken.saturating_add(3) <= heap)
        .flat_map(move |(&taken, &shapes)| {
            Triples::new(heap - taken, repeats, Rc::clone(&for_three))
                .filter(move |parts| shapes.allows_triple(parts[0], parts[1], parts[2]))
        });
    // Splits into four heaps or more are no period's (no period is proved for them): tried
    // one by one, as the rules list them — by amount, by count, each partition in order.
    let many = rules
        .taken_leaving_many()
        .iter()
        .zip(rules.leaving_many_counts())
        .filter(move |&(&taken, _)| taken.saturating_add(4) <= heap)
        .flat_map(move |(&taken, &counts)| {
            let rest = heap - taken;
            std::iter::successors(counts.next_after(3), move |&count| counts.next_after(count))
                .take_while(move |&count| count <= rest)
                .flat_map(move |count| {
                    let mut partition = Partitions::new(rest, count);
                    let mut first = true;
                    std::iter::from_fn(move || {
                        let current = partition.as_mut()?;
                        if !std::mem::take(&mut first) && !current.advance() {
                            partition = None;
                            return None;
                        }
                        Some(current.parts().iter().copied().collect::<Parts>())
                    })
                })
        });
    whole
        .chain(one)
        .chain(two)
        .chain(three)
        .chain(many)
        .filter(move |parts| accept(parts))
}

/// The test of a split: `accept` itself for a split of a heap in two, `accept` with `a` in
/// front for the `b + c` of a split in three.
type Test<'a> = Rc<dyn Fn(&[u64]) -> bool + 'a>;

/// The splits `(a, rest − a)` with `lowest ≤ a ≤ rest − a`, ascending, less those whose
/// place in the period fails the test: the candidates the caller tries. Below the preperiod
/// every `a` is a candidate; past it, the `a` of the places that pass.
struct Pairs<'a> {
    rest: u64,
    next: u64,
    repeats: Option<Repeats>,
    accept: Test<'a>,
    /// The places in the period whose splits pass, found when `next` first passes the
    /// preperiod.
    places: Option<Vec<u64>>,
}

impl<'a> Pairs<'a> {
    fn new(rest: u64, lowest: u64, repeats: Option<Repeats>, accept: Test<'a>) -> Self {
        Pairs {
            rest,
            next: lowest,
            repeats,
            accept,
            places: None,
        }
    }
}

/// The first number at or after `from` (past `repeats`' preperiod) whose place in the period
/// is one of `places` (ascending), if any.
fn next_of_places(from: u64, repeats: Repeats, places: &[u64]) -> Option<u64> {
    let offset = from - repeats.preperiod;
    let (block, within) = (offset / repeats.period, offset % repeats.period);
    let place = match places.iter().find(|&&place| place >= within) {
        Some(&place) => block.checked_mul(repeats.period)?.checked_add(place)?,
        None => (block + 1)
            .checked_mul(repeats.period)?
            .checked_add(*places.first()?)?,
    };
    repeats.preperiod.checked_add(place)
}

impl Iterator for Pairs<'_> {
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        let half = self.rest / 2;
        if self.next > half {
            return None;
        }
        let candidate = match self.repeats {
            Some(repeats) if self.next >= repeats.preperiod => {
                let (rest, accept) = (self.rest, &self.accept);
                let places = self.places.get_or_insert_with(|| {
                    (0..repeats.period)
                        .filter(|&place| {
                            let part = repeats.preperiod + place;
                            accept(&[part, repeats.rest_representative(rest, &[place])])
                        })
                        .collect()
                });
                next_of_places(self.next, repeats, places)
            }
            _ => Some(self.next),
        };
        match candidate {
            Some(candidate) if candidate <= half => {
                self.next = candidate + 1;
                Some((candidate, self.rest - candidate))
            }
            _ => {
                self.next = half + 1;
                None
            }
        }
    }
}

/// The splits `a ≤ b ≤ c` of `rest`, by `a` then `b` ascending, less the runs a period rules
/// out: for each `a`, the candidate `b`s of [`Pairs`] on `rest − a` from `a` on. Past the
/// preperiod, the places of `a` for which no place of `b` passes are found once (a period of
/// `b`s each: for a period of `p`, `p²` tests), and their `a`s passed by.
struct Triples<'a> {
    rest: u64,
    least: u64,
    repeats: Option<Repeats>,
    accept: Test<'a>,
    inner: Option<(u64, Pairs<'a>)>,
    /// The places of `a` in the period that can lead to a split that passes.
    fruitful: Option<Vec<u64>>,
}

impl<'a> Triples<'a> {
    fn new(rest: u64, repeats: Option<Repeats>, accept: Test<'a>) -> Self {
        Triples {
            rest,
            least: 1,
            repeats,
            accept,
            inner: None,
            fruitful: None,
        }
    }

    /// The next `a` at or after `least` that may lead to a split that passes: past the
    /// preperiod, one of a place for which some `b` of some place passes (`c` is what is
    /// left, past the preperiod too). A place for which none does rules its `a`s out
    /// however few `b`s they have. `None` when there is none.
    fn next_least(&mut self, least: u64) -> Option<u64> {
        let Some(repeats) = self.repeats.filter(|repeats| least >= repeats.preperiod) else {
            return Some(least);
        };
        let (rest, accept) = (self.rest, &self.accept);
        let fruitful = self.fruitful.get_or_insert_with(|| {
            (0..repeats.period)
                .filter(|&place| {
                    let part = repeats.preperiod + place;
                    (0..repeats.period).any(|b_place| {
                        let b = repeats.preperiod + b_place;
                        accept(&[
                            part,
                            b,
                            repeats.rest_representative(rest, &[place, b_place]),
                        ])
                    })
                })
                .collect()
        });
        next_of_places(least, repeats, fruitful)
    }
}

impl Iterator for Triples<'_> {
    type Item = Parts;

    fn next(&mut self) -> Option<Parts> {
        loop {
            if let Some((least, inner)) = &mut self.inner {
                if let Some((middle, largest)) = inner.next() {
                    return Some(smallvec![*least, middle, largest]);
                }
                self.inner = None;
            }
            let least = match self.next_least(self.least) {
                Some(least) if least <= self.rest / 3 => least,
                _ => {
                    self.least = self.rest / 3 + 1;
                    return None;
                }
            };
            self.least = least + 1;
            let outer = Rc::clone(&self.accept);
            let test: Test<'_> = Rc::new(move |pair: &[u64]| outer(&[least, pair[0], pair[1]]));
            self.inner = Some((
                least,
                Pairs::new(self.rest - least, least, self.repeats, test),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{HeapCounts, Heaps, SplitShapes};

    fn words(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// Random rules: amounts leaving none to many heaps, every shape of split.
    fn random_rules(next: &mut impl FnMut() -> u64) -> HeapRules {
        let amounts = |next: &mut dyn FnMut() -> u64| -> Vec<u64> {
            (0..next() % 3).map(|_| next() % 4).collect()
        };
        let shapes = [
            SplitShapes::ANY,
            SplitShapes::UNEQUAL,
            SplitShapes::ALL_EQUAL,
            SplitShapes::NOT_ALL_EQUAL,
        ];
        let mut builder = HeapRules::builder()
            .take_whole(amounts(next).into_iter().map(|r| r + 1))
            .take_leaving_one(amounts(next).into_iter().map(|r| r + 1))
            .take_leaving_two_shaped(amounts(next), shapes[(next() % 4) as usize])
            .take_leaving_three_shaped(amounts(next), shapes[(next() % 4) as usize]);
        if next().is_multiple_of(4) {
            let counts = HeapCounts::new(&[4, 5], None).unwrap();
            builder = builder.take_leaving_many(amounts(next), counts);
        }
        builder.build().unwrap()
    }

    /// The differential test of the skipping: against every option of the rules filtered by
    /// the same test, in the same order, on random rules and random classes that repeat
    /// (and none), for heaps that pass the preperiod by many periods.
    #[test]
    fn the_options_accepted_are_every_option_the_test_takes_in_order() {
        let mut next = words(0x2545_f491_4f6c_dd1d);
        for round in 0..5_000 {
            let rules = random_rules(&mut next);
            let repeats = Repeats {
                preperiod: next() % 6,
                period: 1 + next() % 5,
            };
            let width = 1 + next() % 8;
            let first: Vec<u64> = (0..repeats.preperiod + repeats.period)
                .map(|_| next() % width)
                .collect();
            let class = |heap: u64| {
                let place = if heap < repeats.preperiod {
                    heap
                } else {
                    repeats.preperiod + (heap - repeats.preperiod) % repeats.period
                };
                first[place as usize]
            };
            let heap = next() % 90;
            let target = next() % width;
            let accept =
                |parts: &[u64]| parts.iter().fold(0, |sum, &part| sum ^ class(part)) == target;
            let expected: Vec<Parts> = rules
                .moves(&Heaps::from([heap]))
                .map(|option| option.iter().copied().collect::<Parts>())
                .filter(|parts| accept(parts))
                .collect();
            let skipping: Vec<Parts> =
                accepted_options(&rules, heap, Some(repeats), accept).collect();
            assert_eq!(
                skipping, expected,
                "round {round}: {rules:?}, heap {heap}, {repeats:?}"
            );
            let listed: Vec<Parts> = accepted_options(&rules, heap, None, accept).collect();
            assert_eq!(listed, expected, "round {round}: without the period");
        }
    }

    /// A heap of 10¹⁵ with no option that passes is answered at once: its splits are passed
    /// by a period at a time.
    #[test]
    fn a_huge_heap_with_no_option_that_passes_ends() {
        let rules = HeapRules::builder()
            .take_leaving_one([1, 2])
            .take_leaving_two([1, 2])
            .take_leaving_three([1])
            .build()
            .unwrap();
        let repeats = Repeats {
            preperiod: 3,
            period: 4,
        };
        let none = accepted_options(&rules, 1_000_000_000_000_000, Some(repeats), |_| false);
        assert_eq!(none.count(), 0);
        // The first that passes: the first split whose smaller part is at the period's last
        // place, heap 6.
        let place = |heap: u64| (heap >= 3).then(|| (heap - 3) % 4);
        let last = |parts: &[u64]| parts.len() == 2 && place(parts[0]) == Some(3);
        let first = accepted_options(&rules, 1_000_000_000_000_000, Some(repeats), last).next();
        assert_eq!(first.map(|parts| parts[0]), Some(6));
    }
}
