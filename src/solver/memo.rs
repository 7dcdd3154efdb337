//! The solver's memo: a compact open-addressing hash table from positions to 32-bit codes.
//!
//! Why not `std::collections::HashMap`: its bucket count is a power of two, so right after it
//! grows it is less than half full, and with its control bytes a state then costs up to
//! 2.3 times the size of the position and its code. This table
//!
//! - stores each entry inline as `Option<(K, NonZeroU32)>`, whose niche makes it exactly as
//!   large as the entry itself (no control bytes, no tags, no `unsafe`);
//! - maps a hash to a slot by multiply-shift (Lemire's "fastrange"), so the slot count can be
//!   any number and the table grows by a factor of 1.5;
//! - keeps the load between 8/15 and 4/5, so a state costs at most 1.875 times its entry.
//!
//! Collisions are resolved by linear probing, which at these loads scans a few consecutive
//! slots of small entries: a cache line or two. Removal (only on an abandoned search) leaves
//! a tombstone that the next growth drops.

use std::collections::TryReserveError;
use std::hash::{BuildHasher, Hash};
use std::num::NonZeroU32;

use crate::hash::FastBuildHasher;

/// A stored code that means "removed": lookups skip it, inserts of the same key reuse it.
const TOMBSTONE: NonZeroU32 = NonZeroU32::MAX;

/// One slot of a table: a position and its code, or nothing — exactly as large as the
/// position plus four bytes, rounded up to its alignment, by the niche of `NonZeroU32`.
type Entry<K> = Option<(K, NonZeroU32)>;

/// The bytes one stored entry of a table of `K` takes: the layout known in this one place.
pub(crate) const fn entry_bytes<K>() -> usize {
    std::mem::size_of::<Entry<K>>()
}

/// The most a stored code may be (one below the tombstone).
pub(crate) const MAX_CODE: u32 = u32::MAX - 2;

/// Load factor bounds, as fractions: grow past 4/5 full, to 1.5 times the slots.
const MAX_LOAD_NUMERATOR: usize = 4;
const MAX_LOAD_DENOMINATOR: usize = 5;
const MIN_SLOTS: usize = 16;

/// Where a key is stored: valid while the table's generation (bumped when it is rebuilt)
/// has not changed, so that a search can update a position without looking it up again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    index: usize,
    generation: u32,
}

#[derive(Clone)]
pub(crate) struct StateTable<K> {
    slots: Vec<Entry<K>>,
    generation: u32,
    /// Live entries.
    len: usize,
    /// Live entries plus tombstones: what counts toward the load.
    used: usize,
    hasher: FastBuildHasher,
}

impl<K: Hash + Eq> StateTable<K> {
    pub(crate) fn new() -> Self {
        StateTable {
            slots: Vec::new(),
            generation: 0,
            len: 0,
            used: 0,
            hasher: FastBuildHasher::default(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes held by the slot array.
    pub(crate) fn allocated_bytes(&self) -> usize {
        self.slots.capacity() * entry_bytes::<K>()
    }

    pub(crate) fn clear(&mut self) {
        self.slots = Vec::new();
        self.generation = self.generation.wrapping_add(1);
        self.len = 0;
        self.used = 0;
    }

    /// Makes room for `additional` more entries without growing again, or says why it
    /// cannot: too many for the address space, or not enough memory.
    pub(crate) fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        let needed = self
            .used
            .checked_add(additional)
            .ok_or_else(capacity_overflow)?;
        let slots = needed
            .checked_mul(MAX_LOAD_DENOMINATOR)
            .ok_or_else(capacity_overflow)?
            / MAX_LOAD_NUMERATOR
            + 1;
        if slots > self.slots.len() {
            self.try_resize(slots.max(MIN_SLOTS))?;
        }
        Ok(())
    }

    /// The bytes the next insertion would allocate: a new slot array if it makes the table
    /// grow (the old one is freed only after the entries have moved), else nothing.
    pub(crate) fn growth_bytes(&self) -> usize {
        if self.needs_growth() {
            self.grown_slots().saturating_mul(entry_bytes::<K>())
        } else {
            0
        }
    }

    fn needs_growth(&self) -> bool {
        (self.used + 1) * MAX_LOAD_DENOMINATOR > self.slots.len() * MAX_LOAD_NUMERATOR
    }

    fn grown_slots(&self) -> usize {
        let grown = (self.slots.len() + self.slots.len() / 2).max(MIN_SLOTS);
        grown.max(slots_for(self.len + 1))
    }

    #[inline]
    fn home(&self, key: &K) -> usize {
        let hash = self.hasher.hash_one(key);
        // Multiply-shift maps the hash onto 0..slots using its well-mixed high bits.
        ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize
    }

    /// The slot holding `key`, live or tombstone, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: &K) -> Result<usize, usize> {
        let slots = self.slots.len();
        let mut index = self.home(key);
        loop {
            match &self.slots[index] {
                None => return Err(index),
                Some((stored, _)) if stored == key => return Ok(index),
                Some(_) => {
                    index += 1;
                    if index == slots {
                        index = 0;
                    }
                }
            }
        }
    }

    #[inline]
    pub(crate) fn get(&self, key: &K) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        match self.find(key) {
            Ok(index) => match &self.slots[index] {
                Some((_, code)) if *code != TOMBSTONE => Some(code.get() - 1),
                _ => None,
            },
            Err(_) => None,
        }
    }

    /// Sets the code of a key that is already present; returns whether it was.
    #[inline]
    fn update(&mut self, key: &K, code: u32) -> bool {
        if self.len == 0 {
            return false;
        }
        if let Ok(index) = self.find(key)
            && let Some((_, stored)) = &mut self.slots[index]
            && *stored != TOMBSTONE
        {
            *stored = encode(code);
            return true;
        }
        false
    }

    /// Sets the code of `key`, storing a clone of the key if it is absent and
    /// `allow_insert` says so. Returns where the key is, or `None` if it was absent and not
    /// allowed in. One lookup either way.
    pub(crate) fn set(&mut self, key: &K, code: u32, allow_insert: bool) -> Option<Slot>
    where
        K: Clone,
    {
        self.grow_for_one_more();
        let index = match self.find(key) {
            Ok(index) => match &mut self.slots[index] {
                Some((_, stored)) if *stored != TOMBSTONE => {
                    *stored = encode(code);
                    return Some(self.slot(index));
                }
                _ if !allow_insert => return None,
                slot => {
                    *slot = Some((key.clone(), encode(code)));
                    index
                }
            },
            Err(_) if !allow_insert => return None,
            Err(index) => {
                self.slots[index] = Some((key.clone(), encode(code)));
                self.used += 1;
                index
            }
        };
        self.len += 1;
        Some(self.slot(index))
    }

    /// Sets the code of `key`, which is stored at `slot` if the table has not been rebuilt
    /// since `slot` was handed out.
    #[inline]
    pub(crate) fn set_at(&mut self, slot: Slot, key: &K, code: u32) {
        if slot.generation == self.generation {
            if let Some((stored_key, stored)) = &mut self.slots[slot.index] {
                debug_assert!(stored_key == key);
                *stored = encode(code);
            }
        } else {
            self.update(key, code);
        }
    }

    fn slot(&self, index: usize) -> Slot {
        Slot {
            index,
            generation: self.generation,
        }
    }

    fn grow_for_one_more(&mut self) {
        if self.needs_growth() {
            self.resize(self.grown_slots());
        }
    }

    /// Inserts a key known to be absent (or removed).
    #[cfg(test)]
    pub(crate) fn insert_new(&mut self, key: K, code: u32) {
        self.grow_for_one_more();
        match self.find(&key) {
            Ok(index) => {
                debug_assert!(matches!(self.slots[index], Some((_, TOMBSTONE))));
                self.slots[index] = Some((key, encode(code)));
            }
            Err(index) => {
                self.slots[index] = Some((key, encode(code)));
                self.used += 1;
            }
        }
        self.len += 1;
    }

    /// Removes `key`; returns whether it was there.
    pub(crate) fn remove(&mut self, key: &K) -> bool {
        if self.len == 0 {
            return false;
        }
        if let Ok(index) = self.find(key)
            && let Some((_, code)) = &mut self.slots[index]
            && *code != TOMBSTONE
        {
            *code = TOMBSTONE;
            self.len -= 1;
            return true;
        }
        false
    }

    fn resize(&mut self, slots: usize) {
        if let Err(error) = self.try_resize(slots) {
            // As `Vec` does when it cannot grow.
            panic!("the solver's table could not grow to {slots} slots: {error}");
        }
    }

    fn try_resize(&mut self, slots: usize) -> Result<(), TryReserveError> {
        let mut new_slots = Vec::new();
        new_slots.try_reserve_exact(slots)?;
        new_slots.resize_with(slots, || None);
        let old = std::mem::replace(&mut self.slots, new_slots);
        self.generation = self.generation.wrapping_add(1);
        self.used = 0;
        self.len = 0;
        for (key, code) in old.into_iter().flatten() {
            if code != TOMBSTONE {
                let index = self.find(&key).expect_err("keys are unique");
                self.slots[index] = Some((key, code));
                self.used += 1;
                self.len += 1;
            }
        }
        Ok(())
    }
}

/// The error `Vec::try_reserve` gives when a capacity does not fit the address space.
fn capacity_overflow() -> TryReserveError {
    Vec::<u8>::new()
        .try_reserve(usize::MAX)
        .expect_err("usize::MAX bytes never fit")
}

impl<K> std::fmt::Debug for StateTable<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StateTable")
            .field("len", &self.len)
            .field("slots", &self.slots.len())
            .finish_non_exhaustive()
    }
}

/// Slots needed to hold `entries` at no more than the maximum load.
fn slots_for(entries: usize) -> usize {
    (entries.saturating_mul(MAX_LOAD_DENOMINATOR) / MAX_LOAD_NUMERATOR + 1).max(MIN_SLOTS)
}

#[inline]
fn encode(code: u32) -> NonZeroU32 {
    debug_assert!(code <= MAX_CODE);
    NonZeroU32::new(code + 1).expect("code + 1 is never zero for code <= MAX_CODE")
}

/// Dense indices at or above this go to the hash table: an array that large is a mistake.
const DENSE_INDEX_LIMIT: u64 = 1 << 32;

/// What a memo's array says of a slot, for the fast path of a sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InArray {
    /// The code stored there.
    Stored(u32),
    /// Nothing is stored for that index.
    Empty,
    /// The array cannot say (the index is past its reach, or indexed keys live in the hash
    /// table): ask [`Memo::get`].
    AskTable,
}

/// A memo's array borrowed on its own ([`Memo::array_lane`]): held in registers by a sweep,
/// its slots answer and take codes with no look at the hash table and no growth.
pub(crate) struct ArrayLane<'a> {
    slots: &'a mut [u32],
    /// The memo's count of array entries, brought up to date when the lane is dropped.
    memo_len: &'a mut usize,
    /// Entries filled through the lane: counted in a register, not in the memo.
    filled: usize,
}

impl Drop for ArrayLane<'_> {
    fn drop(&mut self) {
        *self.memo_len += self.filled;
    }
}

impl ArrayLane<'_> {
    /// The code at slot `index`, if one is stored there.
    #[inline]
    pub(crate) fn code(&self, index: usize) -> Option<u32> {
        match self.slots.get(index) {
            Some(&stored) if stored != 0 => Some(stored - 1),
            _ => None,
        }
    }

    /// Stores `code` for a key new to the memo at slot `index`; `false` (nothing stored) if
    /// the array is too short.
    #[inline]
    pub(crate) fn fill(&mut self, index: usize, code: u32) -> bool {
        match self.slots.get_mut(index) {
            Some(slot) => {
                debug_assert_eq!(*slot, 0, "a new key");
                *slot = encode(code).get();
                self.filled += 1;
                true
            }
            None => false,
        }
    }
}

/// Where a memo entry lives, to update it without looking it up again.
#[derive(Clone, Copy, Debug)]
pub(crate) enum MemoSlot {
    Dense(usize),
    Hashed(Slot),
}

/// The solver's memo: an array for positions the ruleset can index densely, the hash table
/// for the rest.
///
/// The array grows to the largest index stored, so its memory follows the indices rather
/// than the states. A *dense budget* caps it: an index at or past the budget goes to the
/// hash table instead, whose memory follows the states. The solver sets the budget from its
/// limits, so a limited search cannot make the array huge.
#[derive(Clone)]
pub(crate) struct Memo<K> {
    /// Code + 1 per index; 0 is empty.
    dense: Vec<u32>,
    dense_len: usize,
    /// The array never grows to this many slots or more.
    dense_budget: usize,
    hashed: StateTable<K>,
    /// How many keys in `hashed` have a dense index (stored there for the budget): while
    /// there are none, an index the array does not hold needs no look in the table.
    hashed_with_index: usize,
}

impl<K> std::fmt::Debug for Memo<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo")
            .field("dense_len", &self.dense_len)
            .field("dense_slots", &self.dense.len())
            .field("hashed", &self.hashed)
            .finish_non_exhaustive()
    }
}

impl<K: Hash + Eq + Clone> Memo<K> {
    pub(crate) fn new() -> Self {
        Memo {
            dense: Vec::new(),
            dense_len: 0,
            dense_budget: usize::MAX,
            hashed: StateTable::new(),
            hashed_with_index: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.dense_len + self.hashed.len()
    }

    pub(crate) fn allocated_bytes(&self) -> usize {
        self.dense.capacity() * std::mem::size_of::<u32>() + self.hashed.allocated_bytes()
    }

    pub(crate) fn clear(&mut self) {
        self.dense = Vec::new();
        self.dense_len = 0;
        self.hashed.clear();
        self.hashed_with_index = 0;
    }

    pub(crate) fn set_dense_budget(&mut self, slots: usize) {
        self.dense_budget = slots;
    }

    pub(crate) fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.hashed.try_reserve(additional)
    }

    /// The index as an array slot, if it may have one.
    #[inline]
    fn dense_slot(index: Option<usize>) -> Option<usize> {
        index.filter(|&index| (index as u64) < DENSE_INDEX_LIMIT)
    }

    #[inline]
    pub(crate) fn get(&self, key: &K, index: Option<usize>) -> Option<u32> {
        match Self::dense_slot(index) {
            Some(index) => match self.dense.get(index) {
                Some(&stored) if stored != 0 => Some(stored - 1),
                _ if self.hashed_with_index > 0 => self.hashed.get(key),
                _ => None,
            },
            None => self.hashed.get(key),
        }
    }

    /// What the array alone says of slot `index`.
    #[inline]
    pub(crate) fn get_in_array(&self, index: usize) -> InArray {
        if self.hashed_with_index > 0 || index as u64 >= DENSE_INDEX_LIMIT {
            return InArray::AskTable;
        }
        match self.dense.get(index) {
            Some(&stored) if stored != 0 => InArray::Stored(stored - 1),
            _ => InArray::Empty,
        }
    }

    /// The array on its own, for a tight loop that owns it for a while — if the array alone
    /// answers for every indexed key (none lives in the hash table for the budget).
    #[inline]
    pub(crate) fn array_lane(&mut self) -> Option<ArrayLane<'_>> {
        (self.hashed_with_index == 0).then(|| ArrayLane {
            slots: &mut self.dense,
            memo_len: &mut self.dense_len,
            filled: 0,
        })
    }

    /// Grows the array to `slots` slots at once, within its budget: a sweep that knows its
    /// largest index allocates once.
    pub(crate) fn reserve_array(&mut self, slots: usize) {
        let slots = slots.min(self.dense_budget);
        if slots > self.dense.len() && (slots as u64) <= DENSE_INDEX_LIMIT {
            self.dense.resize(slots, 0);
        }
    }

    /// Stores `code` for a key new to the memo at array slot `index` if the array can take
    /// it without growing past its budget; `false` if the caller must use [`set`](Self::set).
    #[inline]
    pub(crate) fn insert_in_array(&mut self, index: usize, code: u32) -> bool {
        if self.hashed_with_index > 0 || index >= self.dense_budget {
            return false;
        }
        if index >= self.dense.len() {
            if index as u64 >= DENSE_INDEX_LIMIT {
                return false;
            }
            // Doubling, not one slot at a time: a sweep stores the indices in order.
            let slots = (index + 1)
                .max(self.dense.len().saturating_mul(2))
                .min(self.dense_budget);
            self.dense.resize(slots, 0);
        }
        debug_assert_eq!(self.dense[index], 0, "a new key");
        self.dense[index] = encode(code).get();
        self.dense_len += 1;
        true
    }

    /// The bytes storing one more entry at `index` would allocate: the array's growth, or
    /// the hash table's.
    pub(crate) fn growth_bytes(&self, index: Option<usize>) -> usize {
        match Self::dense_slot(index) {
            Some(index) if index < self.dense.capacity() => 0,
            Some(index) if index < self.dense_budget => {
                // `Vec::resize` at least doubles the capacity when it grows.
                let slots = (index + 1).max(self.dense.capacity().saturating_mul(2));
                slots.saturating_mul(std::mem::size_of::<u32>())
            }
            _ => self.hashed.growth_bytes(),
        }
    }

    /// As [`StateTable::set`]; also says whether the key is new.
    #[inline]
    pub(crate) fn set(
        &mut self,
        key: &K,
        index: Option<usize>,
        code: u32,
        allow_insert: bool,
    ) -> Option<(MemoSlot, bool)> {
        let Some(index) = Self::dense_slot(index) else {
            return self.set_hashed(key, code, allow_insert);
        };
        let present = self.dense.get(index).is_some_and(|&stored| stored != 0);
        if !present {
            if self.hashed_with_index > 0 && self.hashed.get(key).is_some() {
                return self.set_hashed(key, code, allow_insert);
            }
            if !allow_insert {
                return None;
            }
            if index >= self.dense.len() {
                if index >= self.dense_budget {
                    let stored = self.set_hashed(key, code, allow_insert);
                    if let Some((_, true)) = stored {
                        self.hashed_with_index += 1;
                    }
                    return stored;
                }
                self.dense.resize(index + 1, 0);
            }
            self.dense_len += 1;
        }
        self.dense[index] = encode(code).get();
        Some((MemoSlot::Dense(index), !present))
    }

    fn set_hashed(&mut self, key: &K, code: u32, allow_insert: bool) -> Option<(MemoSlot, bool)> {
        let before = self.hashed.len();
        let slot = self.hashed.set(key, code, allow_insert)?;
        Some((MemoSlot::Hashed(slot), self.hashed.len() > before))
    }

    #[inline]
    pub(crate) fn set_at(&mut self, slot: MemoSlot, key: &K, code: u32) {
        match slot {
            MemoSlot::Dense(index) => self.dense[index] = encode(code).get(),
            MemoSlot::Hashed(slot) => self.hashed.set_at(slot, key, code),
        }
    }

    /// Removes `key`; returns whether it was there.
    pub(crate) fn remove(&mut self, key: &K, index: Option<usize>) -> bool {
        let Some(index) = Self::dense_slot(index) else {
            return self.hashed.remove(key);
        };
        if let Some(stored) = self.dense.get_mut(index)
            && *stored != 0
        {
            *stored = 0;
            self.dense_len -= 1;
            return true;
        }
        if self.hashed_with_index > 0 && self.hashed.remove(key) {
            self.hashed_with_index -= 1;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn an_entry_costs_no_more_than_its_key_and_code() {
        assert_eq!(std::mem::size_of::<Option<((u32, u32), NonZeroU32)>>(), 12);
        assert_eq!(std::mem::size_of::<Option<(u16, NonZeroU32)>>(), 8);
    }

    #[test]
    fn behaves_like_a_hash_map_under_inserts_updates_and_removals() {
        let mut table = StateTable::new();
        let mut model = HashMap::new();
        let mut state = 12345u64;
        for step in 0..200_000u64 {
            // A small linear congruential generator keeps the test deterministic.
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let key = (state >> 40) % 5000;
            let code = (step % 1000) as u32;
            match (state >> 20) % 4 {
                0 => {
                    if model.contains_key(&key) {
                        assert!(table.update(&key, code));
                    } else {
                        table.insert_new(key, code);
                    }
                    model.insert(key, code);
                }
                1 => {
                    let allow = step % 3 != 0;
                    let slot = table.set(&key, code, allow);
                    if allow || model.contains_key(&key) {
                        model.insert(key, code);
                        let slot = slot.expect("stored");
                        table.set_at(slot, &key, code + 1);
                        model.insert(key, code + 1);
                    } else {
                        assert!(slot.is_none());
                    }
                }
                2 => {
                    table.remove(&key);
                    model.remove(&key);
                }
                _ => assert_eq!(table.get(&key), model.get(&key).copied()),
            }
            assert_eq!(table.len(), model.len());
        }
        for key in 0..5000 {
            assert_eq!(table.get(&key), model.get(&key).copied());
        }
    }

    #[test]
    fn load_stays_between_eight_fifteenths_and_four_fifths() {
        let mut table = StateTable::new();
        for key in 0..100_000u32 {
            table.insert_new(key, 0);
            let slots = table.slots.len();
            assert!(table.len() * 5 <= slots * 4);
            if table.len() > 100 {
                assert!(table.len() * 15 >= slots * 8, "{} in {slots}", table.len());
            }
        }
    }

    /// The memo behaves as one map whether a key sits in the array or, past the dense
    /// budget, in the hash table — also when the array later grows past a hashed key.
    #[test]
    fn the_memo_is_one_map_across_its_array_and_table() {
        for budget in [0, 7, 64, usize::MAX] {
            let mut memo: Memo<u64> = Memo::new();
            memo.set_dense_budget(budget);
            let mut model = HashMap::new();
            let mut state = 99u64;
            for step in 0..50_000u64 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let key = (state >> 40) % 300;
                // Keys below 200 have a dense index (twice the key), the rest none.
                let index = (key < 200).then(|| usize::try_from(2 * key).unwrap());
                let code = (step % 1000) as u32;
                match (state >> 20) % 4 {
                    0 | 1 => {
                        let allow = step % 5 != 0;
                        let was_new = !model.contains_key(&key);
                        match memo.set(&key, index, code, allow) {
                            Some((slot, new)) => {
                                assert_eq!(new, was_new, "{key}");
                                model.insert(key, code);
                                memo.set_at(slot, &key, code + 1);
                                model.insert(key, code + 1);
                            }
                            None => assert!(!allow && was_new, "{key}"),
                        }
                    }
                    2 => assert_eq!(memo.remove(&key, index), model.remove(&key).is_some()),
                    _ => assert_eq!(memo.get(&key, index), model.get(&key).copied()),
                }
                assert_eq!(memo.len(), model.len());
                assert!(memo.dense.len() <= budget.clamp(1, 400));
            }
        }
    }

    #[test]
    fn reserving_too_much_is_an_error_not_a_panic() {
        let mut table: StateTable<u64> = StateTable::new();
        assert!(table.try_reserve(usize::MAX).is_err());
        assert!(table.try_reserve(usize::MAX / 4).is_err());
        assert!(table.try_reserve(10).is_ok());
    }

    #[test]
    fn reserve_avoids_growth() {
        let mut table = StateTable::new();
        table.try_reserve(1000).unwrap();
        let slots = table.slots.len();
        for key in 0..1000u32 {
            table.insert_new(key, key);
        }
        assert_eq!(table.slots.len(), slots);
        assert_eq!(table.get(&999), Some(999));
    }
}
