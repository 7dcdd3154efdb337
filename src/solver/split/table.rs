//! What the decomposing search knows of each part it has met: a lower bound on its value, or
//! the value itself ([`Facts`]) — in a table that grows as needed, within the solver's
//! limits, or in one of a fixed number of bytes that forgets the cheapest facts to make room
//! (a forgotten fact is found again, never guessed).

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::mem::size_of;

use crate::error::TableError;
use crate::solver::hash::MapBuildHasher;

/// What is known of a part's value: it is at least `lower`, and exactly `lower` if `exact`;
/// besides, it is none of the values below 64 whose bits `excluded` has.
///
/// A value is ruled out when some option has it (then the part's value is another). The
/// search asks first about the value a question needs — "is it `k`?" is most often answered
/// *no* by one option of value `k` — so the values ruled out need not be the first ones;
/// `lower` moves up over those that are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Facts {
    pub(crate) lower: u32,
    pub(crate) exact: bool,
    pub(crate) excluded: u64,
}

impl Facts {
    /// The facts of a known value.
    pub(crate) fn exactly(value: u32) -> Facts {
        Facts {
            lower: value,
            exact: true,
            excluded: 0,
        }
    }

    /// The value, if known.
    pub(crate) fn value(self) -> Option<u32> {
        self.exact.then_some(self.lower)
    }

    /// Whether `value` is known not to be the part's.
    pub(crate) fn rules_out(self, value: u32) -> bool {
        if self.exact {
            return value != self.lower;
        }
        value < self.lower || (value < 64 && self.excluded >> value & 1 == 1)
    }

    /// These facts and that the value is not `value`.
    pub(crate) fn without(mut self, value: u32) -> Facts {
        if value < 64 {
            self.excluded |= 1 << value;
        }
        if value == self.lower {
            self.lower += 1;
        }
        while self.lower < 64 && self.excluded >> self.lower & 1 == 1 {
            self.lower += 1;
        }
        self
    }

    /// The facts combined with `other`, found since: all that either knows.
    fn merged(self, other: Facts) -> Facts {
        if self.exact {
            return self;
        }
        if other.exact {
            return other;
        }
        let mut merged = Facts {
            lower: self.lower.max(other.lower),
            exact: false,
            excluded: self.excluded | other.excluded,
        };
        while merged.lower < 64 && merged.excluded >> merged.lower & 1 == 1 {
            merged.lower += 1;
        }
        merged
    }
}

/// A stored fact, with the work its finding cost (the positions searched for it): the table
/// of fixed size keeps the expensive ones.
#[derive(Clone, Debug)]
struct Slot<P> {
    position: P,
    facts: Facts,
    work: u32,
    /// The bytes `position` owns.
    owned: usize,
}

/// The table: growing, or of a fixed number of bytes.
#[derive(Clone, Debug)]
pub(crate) enum Table<P> {
    Growing(HashMap<P, Facts, MapBuildHasher>),
    Fixed(Fixed<P>),
}

/// A small cache of values in front of the table, one slot a hash: the values asked for most
/// — those of the small parts every position splits into — stay in the processor's cache
/// instead of a random read of a large table each.
#[derive(Clone, Debug)]
pub(crate) struct ValueCache<P> {
    /// Allocated at the first value put, so that an unused search holds nothing.
    slots: Vec<Option<(P, u32)>>,
    /// A power of two.
    capacity: usize,
    hasher: MapBuildHasher,
}

/// Most slots of the value cache: 2¹⁴, some 256 KiB for a `u64` position.
const CACHE_SLOTS: usize = 1 << 14;

impl<P: Clone + Eq + Hash> ValueCache<P> {
    pub(crate) fn new() -> Self {
        ValueCache {
            slots: Vec::new(),
            capacity: CACHE_SLOTS,
            hasher: MapBuildHasher::default(),
        }
    }

    /// The largest cache of at most [`CACHE_SLOTS`] slots in `bytes` (at least one slot).
    pub(crate) fn within(bytes: usize) -> Self {
        let fitting = (bytes / size_of::<Option<(P, u32)>>()).clamp(1, CACHE_SLOTS);
        ValueCache {
            capacity: 1 << (usize::BITS - 1 - fitting.leading_zeros()),
            ..ValueCache::new()
        }
    }

    /// The bytes the cache holds once in use.
    pub(crate) fn capacity_bytes(&self) -> usize {
        self.capacity * size_of::<Option<(P, u32)>>()
    }

    fn slot(&self, position: &P) -> usize {
        (self.hasher.hash_one(position) as usize) & (self.capacity - 1)
    }

    pub(crate) fn get(&self, position: &P) -> Option<u32> {
        match self.slots.get(self.slot(position))? {
            Some((cached, value)) if cached == position => Some(*value),
            _ => None,
        }
    }

    pub(crate) fn put(&mut self, position: &P, value: u32) {
        if self.slots.is_empty() {
            self.slots = vec![None; self.capacity];
        }
        let slot = self.slot(position);
        self.slots[slot] = Some((position.clone(), value));
    }

    pub(crate) fn clear(&mut self) {
        self.slots = Vec::new();
    }

    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * size_of::<Option<(P, u32)>>()
    }
}

/// A table of a fixed number of slots, in buckets of two: a new fact takes the bucket's free
/// slot, or replaces the one that cost less work to find.
#[derive(Clone, Debug)]
pub(crate) struct Fixed<P> {
    slots: Vec<Option<Slot<P>>>,
    len: usize,
    /// The bytes the stored positions own, and the most they may own.
    owned: usize,
    owned_limit: usize,
    hasher: MapBuildHasher,
}

/// The least table of fixed size: a budget below it is refused.
pub(crate) const MIN_FIXED_SLOTS: usize = 1 << 10;

impl<P: Clone + Eq + Hash> Table<P> {
    pub(crate) fn growing() -> Self {
        Table::Growing(HashMap::default())
    }

    /// A table that never holds more than `bytes`: three quarters for its slots, the rest for
    /// what positions own.
    ///
    /// # Errors
    ///
    /// [`TableError::BudgetTooSmall`] for fewer than [`MIN_FIXED_SLOTS`] slots,
    /// [`TableError::OutOfMemory`] if the slots cannot be allocated.
    pub(crate) fn fixed(bytes: usize) -> Result<Self, TableError> {
        let slot = size_of::<Option<Slot<P>>>();
        let wanted = bytes / 4 * 3 / slot;
        if wanted < MIN_FIXED_SLOTS {
            return Err(TableError::BudgetTooSmall {
                bytes,
                least: Self::least_budget(),
            });
        }
        // A power of two, so that a hash is masked, not divided; buckets of two.
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(count)
            .map_err(|_| TableError::OutOfMemory { bytes })?;
        slots.resize(count, None);
        Ok(Table::Fixed(Fixed {
            slots,
            len: 0,
            owned: 0,
            owned_limit: bytes - count * slot,
            hasher: MapBuildHasher::default(),
        }))
    }

    /// The least budget a fixed table accepts, for a position of `P`.
    pub(crate) fn least_budget() -> usize {
        (MIN_FIXED_SLOTS * size_of::<Option<Slot<P>>>()).div_ceil(3) * 4
    }

    pub(crate) fn get(&self, position: &P) -> Option<Facts> {
        match self {
            Table::Growing(map) => map.get(position).copied(),
            Table::Fixed(fixed) => fixed.get(position),
        }
    }

    /// States stored.
    pub(crate) fn len(&self) -> usize {
        match self {
            Table::Growing(map) => map.len(),
            Table::Fixed(fixed) => fixed.len,
        }
    }

    /// Bytes held: the table and what its positions own (`owned` reports it).
    pub(crate) fn bytes(&self) -> usize {
        match self {
            Table::Growing(map) => map.capacity() * (size_of::<(P, Facts)>() + 1),
            Table::Fixed(fixed) => fixed.slots.len() * size_of::<Option<Slot<P>>>() + fixed.owned,
        }
    }

    /// Bytes the growing table would hold with one more entry: its size after the next
    /// growth if it is full.
    pub(crate) fn bytes_after_insert(&self) -> usize {
        match self {
            Table::Growing(map) if map.len() == map.capacity() => {
                let entry = size_of::<(P, Facts)>() + 1;
                map.capacity().max(4).saturating_mul(2 * entry)
            }
            _ => self.bytes(),
        }
    }

    /// Stores `facts` (merged with what is known) for `position`, found by `work`, which
    /// owns `owned` bytes; whether a new state was stored.
    pub(crate) fn set(&mut self, position: &P, facts: Facts, work: u64, owned: usize) -> bool {
        match self {
            Table::Growing(map) => match map.get_mut(position) {
                Some(known) => {
                    *known = known.merged(facts);
                    false
                }
                None => {
                    map.insert(position.clone(), facts);
                    true
                }
            },
            Table::Fixed(fixed) => fixed.set(position, facts, work, owned),
        }
    }

    pub(crate) fn clear(&mut self) {
        match self {
            Table::Growing(map) => *map = HashMap::default(),
            Table::Fixed(fixed) => {
                fixed.slots.iter_mut().for_each(|slot| *slot = None);
                fixed.len = 0;
                fixed.owned = 0;
            }
        }
    }

    /// Every stored fact.
    pub(crate) fn entries(&self) -> Box<dyn Iterator<Item = (&P, Facts)> + '_> {
        match self {
            Table::Growing(map) => Box::new(map.iter().map(|(position, &facts)| (position, facts))),
            Table::Fixed(fixed) => Box::new(
                fixed
                    .slots
                    .iter()
                    .flatten()
                    .map(|slot| (&slot.position, slot.facts)),
            ),
        }
    }
}

impl<P: Clone + Eq + Hash> Fixed<P> {
    /// The two slots of `position`'s bucket.
    fn bucket(&self, position: &P) -> [usize; 2] {
        let first = (self.hasher.hash_one(position) as usize) & (self.slots.len() - 1) & !1;
        [first, first + 1]
    }

    fn get(&self, position: &P) -> Option<Facts> {
        self.bucket(position).into_iter().find_map(|index| {
            self.slots[index]
                .as_ref()
                .filter(|slot| slot.position == *position)
                .map(|slot| slot.facts)
        })
    }

    fn set(&mut self, position: &P, facts: Facts, work: u64, owned: usize) -> bool {
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        let bucket = self.bucket(position);
        for &index in &bucket {
            if let Some(slot) = &mut self.slots[index]
                && slot.position == *position
            {
                slot.facts = slot.facts.merged(facts);
                slot.work = slot.work.max(work);
                return false;
            }
        }
        // Two tiers: the first slot keeps the most expensive fact of the bucket, the second
        // the most recent one. A fact at least as expensive as the first takes its place and
        // moves it to the second; any other takes the second.
        let [keep, recent] = bucket;
        let first_work = self.slots[keep].as_ref().map_or(0, |slot| slot.work);
        if self.slots[keep].is_some() && work >= first_work {
            let moved = self.slots[keep].take();
            if let Some(moved) = &moved {
                self.len -= 1;
                self.owned -= moved.owned;
            }
            self.replace(recent, moved);
        }
        let index = if self.slots[keep].is_none() {
            keep
        } else {
            recent
        };
        let slot = Slot {
            position: position.clone(),
            facts,
            work,
            owned,
        };
        let was_empty = self.slots[index].is_none();
        self.replace(index, Some(slot)) && was_empty
    }

    /// Puts `slot` in slot `index`, if what positions own stays within the limit; whether it
    /// did.
    fn replace(&mut self, index: usize, slot: Option<Slot<P>>) -> bool {
        let freed = self.slots[index].as_ref().map_or(0, |old| old.owned);
        let added = slot.as_ref().map_or(0, |new| new.owned);
        let owned_after = self.owned - freed + added;
        if owned_after > self.owned_limit {
            return false;
        }
        self.owned = owned_after;
        match (&self.slots[index], &slot) {
            (None, Some(_)) => self.len += 1,
            (Some(_), None) => self.len -= 1,
            _ => {}
        }
        self.slots[index] = slot;
        true
    }
}
