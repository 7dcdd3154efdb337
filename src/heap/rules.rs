//! [`HeapRules`]: what a move of a take-and-break game may do to one heap, and the moves of a
//! position that follow ([`HeapMoves`]). The heap-sequence engine computes from these rules;
//! the rulesets of `games` are made of them.

use std::iter::FusedIterator;

use crate::heap::counts::{HeapCounts, Partitions};
use crate::heap::heaps::Heaps;
use crate::heap::rules_error::RulesError;
use crate::heap::shapes::SplitShapes;

/// What a move may do to one heap of `n`: take `r` counters and leave nothing, one heap, two
/// heaps or three heaps, for the amounts `r` listed for each. Made with
/// [`HeapRules::builder`].
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::HeapRules;
///
/// // Kayles: knock down one pin or two adjacent ones, from the end or the middle of a row.
/// let kayles = HeapRules::builder()
///     .take_whole([1, 2])
///     .take_leaving_one([1, 2])
///     .take_leaving_two([1, 2])
///     .build()?;
/// assert_eq!(kayles.reach(), 2);
/// assert!(kayles.splits());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HeapRules {
    /// `r` such that a heap of exactly `r` may be taken whole; ascending.
    leave_none: Vec<u64>,
    /// `r ≥ 1` such that `r` may be taken from a larger heap, leaving one heap; ascending.
    leave_one: Vec<u64>,
    /// `r` such that `r` may be taken and the rest split into two non-empty heaps.
    leave_two: Vec<u64>,
    /// The shapes of the splits of each amount of `leave_two`, as two heaps see them.
    two_shapes: Vec<SplitShapes>,
    /// `r` such that `r` may be taken and the rest split into three non-empty heaps.
    leave_three: Vec<u64>,
    /// The shapes of the splits of each amount of `leave_three`.
    three_shapes: Vec<SplitShapes>,
    /// `r` such that `r` may be taken and the rest split into four heaps or more, ascending.
    leave_many: Vec<u64>,
    /// How many heaps each amount of `leave_many` may leave.
    many_counts: Vec<HeapCounts>,
    /// Whether some amount splits into two heaps and every such split must leave unequal
    /// ones: derived from `two_shapes`, kept for the engine's inner loops.
    two_unequal: bool,
}

/// Builds [`HeapRules`]: returned by [`HeapRules::builder`].
///
/// # Examples
///
/// ```
/// use impartial::take_and_break::HeapRules;
///
/// // Grundy's game: split a heap into two heaps of different sizes.
/// let grundy = HeapRules::builder().take_leaving_two([0]).unequal_splits().build()?;
/// assert!(!grundy.has_periodicity_theorem());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
#[must_use = "a builder does nothing until `build` is called"]
pub struct HeapRulesBuilder {
    leave_none: Vec<u64>,
    leave_one: Vec<u64>,
    two: Vec<(u64, SplitShapes)>,
    three: Vec<(u64, SplitShapes)>,
    many: Vec<(u64, HeapCounts)>,
    all_unequal: bool,
}

impl HeapRulesBuilder {
    /// A heap of exactly `r` may be taken whole, for each `r` in `amounts`.
    pub fn take_whole(mut self, amounts: impl IntoIterator<Item = u64>) -> Self {
        self.leave_none.extend(amounts);
        self
    }

    /// `r` counters may be taken from a larger heap, leaving the rest as one heap.
    pub fn take_leaving_one(mut self, amounts: impl IntoIterator<Item = u64>) -> Self {
        self.leave_one.extend(amounts);
        self
    }

    /// `r` counters may be taken and the rest split into two non-empty heaps (`r = 0`
    /// splits a heap without taking anything).
    pub fn take_leaving_two(self, amounts: impl IntoIterator<Item = u64>) -> Self {
        self.take_leaving_two_shaped(amounts, SplitShapes::ANY)
    }

    /// `r` counters may be taken and the rest split into two non-empty heaps of one of
    /// `shapes` (the `!`, `?` or `=` after a code's digit).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{HeapRules, SplitShapes};
    /// use impartial::Heaps;
    ///
    /// // Take one, leaving two equal heaps.
    /// let rules = HeapRules::builder().take_leaving_two_shaped([1], SplitShapes::ALL_EQUAL).build()?;
    /// assert_eq!(rules.moves(&Heaps::from([7])).collect::<Vec<_>>(), [Heaps::from([3, 3])]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_leaving_two_shaped(
        mut self,
        amounts: impl IntoIterator<Item = u64>,
        shapes: SplitShapes,
    ) -> Self {
        self.two.extend(amounts.into_iter().map(|r| (r, shapes)));
        self
    }

    /// `r` counters may be taken and the rest split into three non-empty heaps.
    pub fn take_leaving_three(self, amounts: impl IntoIterator<Item = u64>) -> Self {
        self.take_leaving_three_shaped(amounts, SplitShapes::ANY)
    }

    /// `r` counters may be taken and the rest split into three non-empty heaps of one of
    /// `shapes`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{HeapRules, SplitShapes};
    /// use impartial::Heaps;
    ///
    /// let rules = HeapRules::builder()
    ///     .take_leaving_three_shaped([0], SplitShapes::NOT_ALL_EQUAL)
    ///     .build()?;
    /// assert_eq!(rules.moves(&Heaps::from([3])).count(), 0);
    /// assert_eq!(rules.moves(&Heaps::from([4])).collect::<Vec<_>>(), [Heaps::from([1, 1, 2])]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_leaving_three_shaped(
        mut self,
        amounts: impl IntoIterator<Item = u64>,
        shapes: SplitShapes,
    ) -> Self {
        self.three.extend(amounts.into_iter().map(|r| (r, shapes)));
        self
    }

    /// `r` counters may be taken and the rest split into as many non-empty heaps as
    /// `counts` allows (four or more).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{HeapCounts, HeapRules};
    /// use impartial::Heaps;
    ///
    /// // Split a heap into exactly four.
    /// let rules = HeapRules::builder().take_leaving_many([0], HeapCounts::new(&[4], None)?).build()?;
    /// let options: Vec<Heaps> = rules.moves(&Heaps::from([5])).collect();
    /// assert_eq!(options, [Heaps::from([1, 1, 1, 2])]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_leaving_many(
        mut self,
        amounts: impl IntoIterator<Item = u64>,
        counts: HeapCounts,
    ) -> Self {
        self.many.extend(amounts.into_iter().map(|r| (r, counts)));
        self
    }

    /// The two heaps every move leaves of one heap must differ in size, as in Grundy's
    /// game, whatever the amounts' shapes say. (No periodicity theorem is known for such
    /// games, and none is used.)
    pub fn unequal_splits(mut self) -> Self {
        self.all_unequal = true;
        self
    }

    /// The rules, with each list of amounts sorted and without repeats.
    ///
    /// # Errors
    ///
    /// [`RulesError::MoveChangesNothing`] if 0 is among the amounts taken whole or taken
    /// leaving one heap: such a move would change nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapRules;
    /// use impartial::take_and_break::RulesError;
    ///
    /// assert_eq!(
    ///     HeapRules::builder().take_leaving_one([0, 2]).build(),
    ///     Err(RulesError::MoveChangesNothing)
    /// );
    /// ```
    pub fn build(self) -> Result<HeapRules, RulesError> {
        let HeapRulesBuilder {
            mut leave_none,
            mut leave_one,
            mut two,
            three,
            mut many,
            all_unequal,
        } = self;
        if leave_none.contains(&0) || leave_one.contains(&0) {
            return Err(RulesError::MoveChangesNothing);
        }
        for amounts in [&mut leave_none, &mut leave_one] {
            amounts.sort_unstable();
            amounts.dedup();
        }
        if all_unequal {
            for (_, shapes) in &mut two {
                *shapes = SplitShapes::UNEQUAL;
            }
        }
        let (leave_two, two_shapes) = merged(two, 2);
        let (leave_three, three_shapes) = merged(three, 3);
        many.sort_unstable_by_key(|&(r, _)| r);
        let mut leave_many: Vec<u64> = Vec::new();
        let mut many_counts: Vec<HeapCounts> = Vec::new();
        for (r, counts) in many.into_iter().filter(|(_, counts)| !counts.is_empty()) {
            match (leave_many.last(), many_counts.last_mut()) {
                (Some(&last), Some(joined)) if last == r => *joined = joined.union(counts),
                _ => {
                    leave_many.push(r);
                    many_counts.push(counts);
                }
            }
        }
        let two_unequal =
            !two_shapes.is_empty() && two_shapes.iter().all(|&s| s == SplitShapes::UNEQUAL);
        Ok(HeapRules {
            leave_none,
            leave_one,
            leave_two,
            two_shapes,
            leave_three,
            three_shapes,
            leave_many,
            many_counts,
            two_unequal,
        })
    }
}

/// The amounts of `listed`, ascending and each once with the union of its shapes (as
/// splits into `heaps` heaps see them); an amount with no shape makes no move.
fn merged(mut listed: Vec<(u64, SplitShapes)>, heaps: usize) -> (Vec<u64>, Vec<SplitShapes>) {
    listed.sort_unstable_by_key(|&(r, _)| r);
    let mut amounts: Vec<u64> = Vec::with_capacity(listed.len());
    let mut shapes: Vec<SplitShapes> = Vec::with_capacity(listed.len());
    for (r, shape) in listed {
        let shape = shape.for_heaps(heaps);
        if shape.is_empty() {
            continue;
        }
        match (amounts.last(), shapes.last_mut()) {
            (Some(&last), Some(joined)) if last == r => *joined = *joined | shape,
            _ => {
                amounts.push(r);
                shapes.push(shape);
            }
        }
    }
    (amounts, shapes)
}

impl HeapRules {
    /// The amounts `r` for which a heap of exactly `r` may be taken whole, ascending.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::HeapGame;
    ///
    /// let kayles = OctalGame::kayles(); // 0.77
    /// assert_eq!(kayles.rules().taken_whole(), [1, 2]);
    /// assert_eq!(kayles.rules().taken_leaving_one(), [1, 2]);
    /// assert_eq!(kayles.rules().taken_leaving_two(), [1, 2]);
    /// assert!(kayles.rules().taken_leaving_three().is_empty());
    /// assert!(!kayles.rules().splits_unequal());
    /// ```
    #[must_use]
    pub fn taken_whole(&self) -> &[u64] {
        &self.leave_none
    }

    /// The amounts `r ≥ 1` that may be taken from a larger heap leaving one heap, ascending.
    #[must_use]
    pub fn taken_leaving_one(&self) -> &[u64] {
        &self.leave_one
    }

    /// The amounts that may be taken leaving the rest split into two non-empty heaps,
    /// ascending.
    #[must_use]
    pub fn taken_leaving_two(&self) -> &[u64] {
        &self.leave_two
    }

    /// The amounts that may be taken leaving the rest split into three non-empty heaps,
    /// ascending.
    #[must_use]
    pub fn taken_leaving_three(&self) -> &[u64] {
        &self.leave_three
    }

    /// The shapes of the splits of each amount of
    /// [`taken_leaving_two`](Self::taken_leaving_two), as two heaps see them.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{SplitShapes, TakeAndBreak};
    /// use impartial::HeapGame;
    ///
    /// let game: TakeAndBreak = "4=.04".parse()?;
    /// assert_eq!(game.rules().taken_leaving_two(), [0, 2]);
    /// assert_eq!(
    ///     game.rules().leaving_two_shapes(),
    ///     [SplitShapes::ALL_EQUAL, SplitShapes::ANY.for_heaps(2)]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn leaving_two_shapes(&self) -> &[SplitShapes] {
        &self.two_shapes
    }

    /// The shapes of the splits of each amount of
    /// [`taken_leaving_three`](Self::taken_leaving_three).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{SplitShapes, TakeAndBreak};
    /// use impartial::HeapGame;
    ///
    /// let game: TakeAndBreak = "0.8?".parse()?;
    /// assert_eq!(game.rules().leaving_three_shapes(), [SplitShapes::NOT_ALL_EQUAL]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn leaving_three_shapes(&self) -> &[SplitShapes] {
        &self.three_shapes
    }

    /// The amounts that may be taken leaving the rest split into four heaps or more,
    /// ascending, each with the numbers of heaps it may leave.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{HeapCounts, TakeAndBreak};
    /// use impartial::HeapGame;
    ///
    /// let game: TakeAndBreak = "0.{1,5+}".parse()?;
    /// assert_eq!(game.rules().taken_leaving_one(), [1]);
    /// assert_eq!(game.rules().taken_leaving_many(), [1]);
    /// assert_eq!(game.rules().leaving_many_counts(), [HeapCounts::new(&[], Some(5))?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn taken_leaving_many(&self) -> &[u64] {
        &self.leave_many
    }

    /// The numbers of heaps each amount of
    /// [`taken_leaving_many`](Self::taken_leaving_many) may leave.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::{HeapCounts, TakeAndBreak};
    /// use impartial::HeapGame;
    ///
    /// let game: TakeAndBreak = "{4,6}.0".parse()?;
    /// assert_eq!(game.rules().leaving_many_counts(), [HeapCounts::new(&[4, 6], None)?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn leaving_many_counts(&self) -> &[HeapCounts] {
        &self.many_counts
    }

    /// Whether a move may split a heap into two, and every such split must leave two heaps
    /// of different sizes (Grundy's game).
    #[must_use]
    pub fn splits_unequal(&self) -> bool {
        self.two_unequal
    }

    /// Whether every split into two heaps allows the same shapes — any, or unequal — and no
    /// split into three heaps is restricted: the rules the sparse-space method reads.
    pub(crate) fn splits_alike(&self) -> bool {
        let any_two = SplitShapes::ANY.for_heaps(2);
        let first = self.two_shapes.first().copied().unwrap_or(any_two);
        (first == any_two || first == SplitShapes::UNEQUAL)
            && self.two_shapes.iter().all(|&s| s == first)
            && self.three_shapes.iter().all(|&s| s == SplitShapes::ANY)
    }

    /// Rules with no move yet; add them with the builder's methods.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapRules;
    ///
    /// let rules = HeapRules::builder().take_whole([3]).take_leaving_one([3]).build()?;
    /// assert_eq!(rules.reach(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn builder() -> HeapRulesBuilder {
        HeapRulesBuilder::default()
    }

    /// The most counters one move removes: `t` in the periodicity theorem.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapRules;
    ///
    /// assert_eq!(HeapRules::builder().take_leaving_two([0, 4]).build()?.reach(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn reach(&self) -> u64 {
        self.leave_none
            .iter()
            .chain(&self.leave_one)
            .chain(&self.leave_two)
            .chain(&self.leave_three)
            .chain(&self.leave_many)
            .copied()
            .max()
            .unwrap_or(0)
    }

    /// Whether one move may turn a heap of `from` counters into the heaps `leaves` (in any
    /// order; none when the heap is taken whole): how a move is checked before it is
    /// applied, in time of the heaps left, whatever the heap's size.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::HeapGame;
    ///
    /// let rules = OctalGame::kayles().rules().clone(); // take 1 or 2, maybe splitting the rest
    /// assert!(rules.allows(10, &[3, 6])); // take 1, split 9 into 3 + 6
    /// assert!(rules.allows(10, &[8])); // take 2
    /// assert!(!rules.allows(10, &[7])); // take 3
    /// assert!(!rules.allows(10, &[2, 2, 5])); // three heaps
    /// assert!(!rules.allows(10, &[11])); // a heap that grows
    /// ```
    #[must_use]
    pub fn allows(&self, from: u64, leaves: &[u64]) -> bool {
        if leaves.contains(&0) {
            return false;
        }
        let Some(kept) = leaves
            .iter()
            .try_fold(0u64, |sum, &leaf| sum.checked_add(leaf))
        else {
            return false;
        };
        let Some(taken) = from.checked_sub(kept) else {
            return false;
        };
        let place = |amounts: &[u64]| amounts.binary_search(&taken).ok();
        match leaves.len() {
            0 => place(&self.leave_none).is_some(),
            1 => taken > 0 && place(&self.leave_one).is_some(),
            2 => place(&self.leave_two).is_some_and(|at| self.two_shapes[at].allows(leaves)),
            3 => place(&self.leave_three).is_some_and(|at| self.three_shapes[at].allows(leaves)),
            count => place(&self.leave_many)
                .is_some_and(|at| self.many_counts[at].contains(count as u64)),
        }
    }

    /// Whether a move may leave two heaps or three.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapRules;
    ///
    /// assert!(!HeapRules::builder().take_leaving_one([1, 2]).build()?.splits());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn splits(&self) -> bool {
        !self.leave_two.is_empty() || !self.leave_three.is_empty() || !self.leave_many.is_empty()
    }

    /// The most heaps one move leaves of one heap: 0 to 3.
    pub(crate) fn parts(&self) -> u64 {
        if let Some(deepest) = self.many_counts.iter().map(|c| c.deepest()).max() {
            u64::from(deepest)
        } else if !self.leave_three.is_empty() {
            3
        } else if !self.leave_two.is_empty() {
            2
        } else {
            u64::from(!self.leave_one.is_empty())
        }
    }

    /// Whether the octal periodicity theorem (extended to moves that leave three heaps)
    /// proves periods for these rules: every finite take-and-break game but those whose
    /// splits are restricted by shape (unequal, equal) or leave more than three heaps (the
    /// theorem's argument, as this crate applies it, does not cover them, and none is
    /// claimed).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::take_and_break::HeapRules;
    ///
    /// assert!(HeapRules::builder().take_leaving_two([1]).build()?.has_periodicity_theorem());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn has_periodicity_theorem(&self) -> bool {
        let any_two = SplitShapes::ANY.for_heaps(2);
        self.two_shapes.iter().all(|&s| s == any_two)
            && self.three_shapes.iter().all(|&s| s == SplitShapes::ANY)
            && self.leave_many.is_empty()
    }

    /// The options of a position: every option of every heap, one heap at a time (equal
    /// heaps are tried once), lazily.
    ///
    /// For a ruleset of your own that implements [`HeapGame`](crate::sequence::HeapGame): its
    /// [`moves`](crate::ImpartialGame::moves) can be this.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Heaps;
    /// use impartial::take_and_break::HeapRules;
    ///
    /// let rules = HeapRules::builder().take_leaving_one([1]).take_leaving_two([1]).build()?;
    /// let options: Vec<Heaps> = rules.moves(&Heaps::from([4])).collect();
    /// assert_eq!(options, [Heaps::from([3]), Heaps::from([1, 2])]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves<'h>(&self, position: &'h Heaps) -> HeapMoves<'_, 'h> {
        HeapMoves {
            rules: self,
            heaps: position,
            index: 0,
            stage: Stage::Whole,
            partition: None,
        }
    }
}

/// Where a [`HeapMoves`] is within the options of one heap.
#[derive(Clone, Copy, Debug)]
enum Stage {
    Whole,
    One {
        amount: usize,
    },
    Two {
        amount: usize,
        small: u64,
    },
    Three {
        amount: usize,
        least: u64,
        middle: u64,
    },
    Many {
        amount: usize,
    },
    NextHeap,
}

/// The options of a position of a take-and-break game, lazily: returned by
/// [`HeapRules::moves`].
///
/// For each distinct heap, smallest first: taking it whole, then leaving one heap, two heaps,
/// three heaps, each by amount ascending, and splits by their smallest heap ascending.
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct HeapMoves<'r, 'h> {
    rules: &'r HeapRules,
    heaps: &'h Heaps,
    index: usize,
    stage: Stage,
    /// The split into four heaps or more being listed, in [`Stage::Many`].
    partition: Option<Partitions>,
}

impl Iterator for HeapMoves<'_, '_> {
    type Item = Heaps;

    fn next(&mut self) -> Option<Heaps> {
        loop {
            let &heap = self.heaps.get(self.index)?;
            let found = match self.stage {
                Stage::Whole => self.take_whole(heap),
                Stage::One { amount } => self.leave_one(heap, amount),
                Stage::Two { amount, small } => self.leave_two(heap, amount, small),
                Stage::Three {
                    amount,
                    least,
                    middle,
                } => self.leave_three(heap, amount, least, middle),
                Stage::Many { amount } => self.leave_many(heap, amount),
                Stage::NextHeap => self.next_heap(heap),
            };
            if found.is_some() {
                return found;
            }
        }
    }
}

// Each stage yields the next option of the current heap, or moves on to the next stage
// (`None`).
impl HeapMoves<'_, '_> {
    fn take_whole(&mut self, heap: u64) -> Option<Heaps> {
        self.stage = Stage::One { amount: 0 };
        let whole = self.rules.leave_none.binary_search(&heap).is_ok();
        whole.then(|| self.heaps.replace(self.index, &[]))
    }

    fn leave_one(&mut self, heap: u64, amount: usize) -> Option<Heaps> {
        match self.rules.leave_one.get(amount) {
            Some(&r) if r < heap => {
                self.stage = Stage::One { amount: amount + 1 };
                Some(self.heaps.replace(self.index, &[heap - r]))
            }
            _ => {
                self.stage = Stage::Two {
                    amount: 0,
                    small: 1,
                };
                None
            }
        }
    }

    fn leave_two(&mut self, heap: u64, amount: usize, small: u64) -> Option<Heaps> {
        let Some(&r) = self
            .rules
            .leave_two
            .get(amount)
            .filter(|&&r| r.saturating_add(2) <= heap)
        else {
            self.stage = Stage::Three {
                amount: 0,
                least: 1,
                middle: 1,
            };
            return None;
        };
        let rest = heap - r;
        let shapes = self.rules.two_shapes[amount];
        let mut small = small;
        // Only the shapes allowed: skip the unequal splits of an equal-only amount at once.
        if shapes == SplitShapes::ALL_EQUAL {
            small = small.max(rest / 2);
        }
        while small <= rest / 2 && !shapes.allows_pair(small, rest - small) {
            small += 1;
        }
        if small > rest / 2 {
            self.stage = Stage::Two {
                amount: amount + 1,
                small: 1,
            };
            return None;
        }
        self.stage = Stage::Two {
            amount,
            small: small + 1,
        };
        Some(self.heaps.replace(self.index, &[small, rest - small]))
    }

    fn leave_three(&mut self, heap: u64, amount: usize, least: u64, middle: u64) -> Option<Heaps> {
        let Some(&r) = self
            .rules
            .leave_three
            .get(amount)
            .filter(|&&r| r.saturating_add(3) <= heap)
        else {
            self.stage = Stage::Many { amount: 0 };
            return None;
        };
        // Heaps least ≤ middle ≤ largest with least + middle + largest = rest.
        let rest = heap - r;
        if least > rest / 3 {
            self.stage = Stage::Three {
                amount: amount + 1,
                least: 1,
                middle: 1,
            };
            None
        } else if middle > (rest - least) / 2 {
            self.stage = Stage::Three {
                amount,
                least: least + 1,
                middle: least + 1,
            };
            None
        } else {
            self.stage = Stage::Three {
                amount,
                least,
                middle: middle + 1,
            };
            let largest = rest - least - middle;
            self.rules.three_shapes[amount]
                .allows_triple(least, middle, largest)
                .then(|| self.heaps.replace(self.index, &[least, middle, largest]))
        }
    }

    /// The next split into four heaps or more: the next partition of the current count,
    /// else the first of the next count the amount allows, else the next amount.
    fn leave_many(&mut self, heap: u64, amount: usize) -> Option<Heaps> {
        let Some(&r) = self
            .rules
            .leave_many
            .get(amount)
            .filter(|&&r| r.saturating_add(4) <= heap)
        else {
            self.stage = Stage::NextHeap;
            return None;
        };
        let rest = heap - r;
        if let Some(partition) = self.partition.as_mut()
            && partition.advance()
        {
            return Some(self.heaps.replace(self.index, partition.parts()));
        }
        // The next count allowed, past the one just listed (from 4 when none was).
        let after = self.partition.take().map_or(3, |p| p.parts().len() as u64);
        let counts = self.rules.many_counts[amount];
        match counts.next_after(after).filter(|&count| count <= rest) {
            Some(count) => {
                let partition = Partitions::new(rest, count).expect("count ≤ rest");
                let option = self.heaps.replace(self.index, partition.parts());
                self.partition = Some(partition);
                Some(option)
            }
            None => {
                self.stage = Stage::Many { amount: amount + 1 };
                None
            }
        }
    }

    /// Past every heap of size `heap`: they have the same options.
    fn next_heap(&mut self, heap: u64) -> Option<Heaps> {
        self.index += 1;
        while self.heaps.get(self.index) == Some(&heap) {
            self.index += 1;
        }
        self.stage = Stage::Whole;
        None
    }
}

impl FusedIterator for HeapMoves<'_, '_> {}
