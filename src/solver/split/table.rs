//! What the decomposing search knows of each part it has met: a lower bound on its value, or
//! the value itself ([`Facts`]) — in a table that grows as needed, within the solver's
//! limits, or in one of a fixed number of bytes that forgets the cheapest facts to make room
//! (a forgotten fact is found again, never guessed).

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::mem::size_of;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::error::TableError;
use crate::hash::MapBuildHasher;

/// What is known of a part's value: it is at least `lower`, and exactly `lower` if
/// [`exact`](Self::exact); besides, it is none of the values below 64 whose bits
/// [`excluded`](Self::excluded) has.
///
/// A value is ruled out when some option has it (then the part's value is another). The
/// search asks first about the value a question needs — "is it `k`?" is most often answered
/// *no* by one option of value `k` — so the values ruled out need not be the first ones;
/// `lower` moves up over those that are.
///
/// Twelve bytes, aligned to four: beside a position of twelve (Cram's, with its board) a
/// table's entry is 24 bytes, where a `u64` and a `bool` beside the bits would make it 32.
/// The bits below `lower` say nothing more and are kept clear, so that bits all set — which
/// no inexact facts can have, bit `lower` being clear — mean "exact".
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Facts {
    lower: u32,
    /// The values below 64 ruled out, low half first; all set when the value is `lower`.
    excluded: [u32; 2],
}

/// `excluded` of exact facts.
const EXACT: [u32; 2] = [u32::MAX; 2];

impl std::fmt::Debug for Facts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Facts")
            .field("lower", &self.lower)
            .field("exact", &self.exact())
            .field("excluded", &format_args!("{:#x}", self.excluded()))
            .finish()
    }
}

impl Facts {
    /// The facts of a known value.
    pub(crate) fn exactly(value: u32) -> Facts {
        Facts {
            lower: value,
            excluded: EXACT,
        }
    }

    /// The facts that the value is at least `lower` and none of the values whose bits
    /// `excluded` has, `lower` moved up over those ruled out; or exactly `lower`.
    pub(crate) fn new(lower: u32, exact: bool, excluded: u64) -> Facts {
        if exact {
            return Facts::exactly(lower);
        }
        let mut facts = Facts {
            lower,
            excluded: [0; 2],
        };
        facts.set_excluded(excluded);
        facts
    }

    /// The least value the part may have; its value if [`exact`](Self::exact).
    pub(crate) fn lower(self) -> u32 {
        self.lower
    }

    /// Whether the value is known: it is `lower`.
    pub(crate) fn exact(self) -> bool {
        self.excluded == EXACT
    }

    /// The values below 64 ruled out (none for exact facts).
    #[inline]
    pub(crate) fn excluded(self) -> u64 {
        if self.exact() {
            return 0;
        }
        u64::from(self.excluded[1]) << 32 | u64::from(self.excluded[0])
    }

    /// Rules out the values of `excluded`: `lower` moves up over them, and the bits below
    /// it are cleared.
    #[inline]
    fn set_excluded(&mut self, excluded: u64) {
        let above = if self.lower < 64 {
            self.lower += (excluded >> self.lower).trailing_ones();
            excluded & u64::MAX.checked_shl(self.lower).unwrap_or(0)
        } else {
            0
        };
        self.excluded = [above as u32, (above >> 32) as u32];
    }

    /// The value, if known.
    pub(crate) fn value(self) -> Option<u32> {
        self.exact().then_some(self.lower)
    }

    /// Whether `value` is known not to be the part's.
    pub(crate) fn rules_out(self, value: u32) -> bool {
        if self.exact() {
            return value != self.lower;
        }
        value < self.lower || (value < 64 && self.excluded() >> value & 1 == 1)
    }

    /// These facts and that the value is not `value`.
    #[inline]
    pub(crate) fn without(mut self, value: u32) -> Facts {
        let excluded = self.excluded();
        if value == self.lower {
            self.lower += 1;
        }
        let bit = if value < 64 { 1u64 << value } else { 0 };
        self.set_excluded(excluded | bit);
        self
    }

    /// The facts combined with `other`, found since: all that either knows.
    fn merged(self, other: Facts) -> Facts {
        if self.exact() {
            return self;
        }
        if other.exact() {
            return other;
        }
        Facts::new(
            self.lower.max(other.lower),
            false,
            self.excluded() | other.excluded(),
        )
    }
}

/// A stored fact, with the work its finding cost (the positions searched for it): the table
/// of fixed size keeps the expensive ones.
#[derive(Clone, Debug)]
struct Slot<P> {
    position: P,
    facts: Facts,
    /// One more than the work, saturating: never zero, which gives `Option<Slot>` its
    /// marker for free (40 bytes a slot with a twelve-byte position, not 48).
    work: NonZeroU32,
    /// The bytes `position` owns.
    owned: usize,
}

/// The table: growing, or of a fixed number of bytes; of one search, or shared by the
/// searches of several threads.
#[derive(Debug)]
pub(crate) enum Table<P> {
    Growing(HashMap<P, Facts, MapBuildHasher>),
    Fixed(Fixed<P>),
    Shared(Arc<Shards<P>>),
}

impl<P: Clone> Clone for Table<P> {
    /// A copy of the facts: a shared table's copy is a table of its own, not a second
    /// handle on the same shards (a cloned solver must not clear another's table).
    fn clone(&self) -> Self {
        match self {
            Table::Growing(map) => Table::Growing(map.clone()),
            Table::Fixed(fixed) => Table::Fixed(fixed.clone()),
            Table::Shared(shards) => Table::Shared(Arc::new(Shards {
                tables: shards
                    .tables
                    .iter()
                    .map(|shard| Line(Mutex::new(lock(shard).clone())))
                    .collect(),
                len: Line(AtomicUsize::new(shards.len.load(Ordering::Relaxed))),
                bytes: Line(AtomicUsize::new(shards.bytes.load(Ordering::Relaxed))),
                hasher: shards.hasher.clone(),
            })),
        }
    }
}

/// The limits of a growing table: most states, most bytes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Limits {
    pub(crate) states: Option<usize>,
    pub(crate) bytes: Option<usize>,
}

/// A limit a new state would pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Passed {
    States(usize),
    Bytes(usize),
}

/// A table that the searches of several threads share, in shards each behind a lock of
/// its own: two threads seldom want the same shard at once, and a lock is held for one
/// lookup or one store.
#[derive(Debug)]
pub(crate) struct Shards<P> {
    tables: Box<[Line<Mutex<Table<P>>>]>,
    /// States stored and bytes held over all shards, kept as they change, so that a
    /// growing table's limits are checked without taking every lock.
    len: Line<AtomicUsize>,
    bytes: Line<AtomicUsize>,
    hasher: MapBuildHasher,
}

/// A value alone on its cache lines (two of 64 bytes: a core fetches lines in pairs), so
/// that a thread writing one shard's lock or a count does not take from the other cores the
/// line that holds its neighbours.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Line<T>(T);

impl<T> std::ops::Deref for Line<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// Shards of a shared table: a power of two. A lookup takes its shard's lock, and a lock
/// the other thread took last must come from its core: with 16 shards, two threads on
/// Cram 5 × 9 each listed options a third slower than one alone (3.8 against 5.7 million a
/// second), with 256 as fast. At most `MIN_FIXED_SLOTS / 4`, so that the least fixed
/// table still gives each shard a bucket of two.
const SHARDS: usize = 256;
const _: () = assert!(SHARDS.is_power_of_two() && SHARDS <= MIN_FIXED_SLOTS / 4);

/// The shard's table, also after a thread panicked holding it: its facts are each whole
/// (a store either happened or not), so they are still true.
fn lock<P>(shard: &Mutex<Table<P>>) -> MutexGuard<'_, Table<P>> {
    shard.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A cache slot's code for values ruled out: this bit, and bit `v` for each value `v` below
/// [`RULED_OUT_BITS`] ruled out. A code without it is a value.
const RULED_OUT: u32 = 1 << 31;
const RULED_OUT_BITS: u32 = 31;

/// The facts a cache slot's code says.
#[inline]
fn decoded(code: u32) -> Facts {
    if code & RULED_OUT == 0 {
        return Facts::exactly(code);
    }
    Facts::new(0, false, u64::from(code & !RULED_OUT))
}

/// A small cache of values in front of the table, one slot a hash: the values asked for most
/// — those of the small parts every position splits into — stay in the processor's cache
/// instead of a random read of a large table each. The search keeps positions here as it
/// meets them too, not only canonical ones: an option or a part met again as it was drawn
/// is valued with no split and no canonical form written (10 % of Cram 5 × 8's time). A
/// part whose search ruled out values but was too cheap to keep in the table keeps them
/// here (those below 31): asked again about one of them, it answers with no search.
#[derive(Clone, Debug)]
pub(crate) struct ValueCache<P> {
    /// Allocated at the first value put, so that an unused search holds nothing.
    slots: Vec<Option<(P, u32)>>,
    /// A power of two.
    capacity: usize,
    hasher: MapBuildHasher,
}

/// Most slots of the value cache: 2¹⁵, some 512 KiB for a `u64` position. With values
/// alone, 2¹⁴ was the fastest on Cram 5 × 8 (a larger cache spills from the 2 MiB level-2
/// cache). With the values cheap searches ruled out kept too, 2¹⁵ is: median of six runs
/// 3.33 s against 3.43 s for 2¹⁴ (5 × 7: 4.51 against 4.63 billion instructions); 2¹⁶ takes
/// fewer instructions again (4.39 billion) but was no faster in six runs.
const CACHE_SLOTS: usize = 1 << 15;

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

    /// An empty cache of the same size.
    pub(crate) fn empty_like(&self) -> Self {
        ValueCache {
            capacity: self.capacity,
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

    /// `position`'s value, if the cache holds it.
    pub(crate) fn get(&self, position: &P) -> Option<u32> {
        self.get_facts(position).and_then(Facts::value)
    }

    /// What the cache holds of `position`'s value: the value, or values ruled out.
    pub(crate) fn get_facts(&self, position: &P) -> Option<Facts> {
        match self.slots.get(self.slot(position))? {
            Some((cached, code)) if cached == position => Some(decoded(*code)),
            _ => None,
        }
    }

    /// Keeps the values `facts` rules out below [`RULED_OUT_BITS`] (not a value: those are
    /// [`put`](Self::put)).
    pub(crate) fn put_ruled_out(&mut self, position: &P, facts: Facts) {
        let below = facts.excluded() & ((1 << RULED_OUT_BITS) - 1);
        let up_to_lower = if facts.lower >= RULED_OUT_BITS {
            (1 << RULED_OUT_BITS) - 1
        } else {
            (1u64 << facts.lower) - 1
        };
        let mask = u32::try_from(below | up_to_lower).unwrap_or(0);
        if mask != 0 {
            self.put_code(position, RULED_OUT | mask);
        }
    }

    /// Keeps `position`'s value, below [`RULED_OUT`] (a larger one is not kept).
    pub(crate) fn put(&mut self, position: &P, value: u32) {
        if value < RULED_OUT {
            self.put_code(position, value);
        }
    }

    fn put_code(&mut self, position: &P, code: u32) {
        if self.slots.is_empty() {
            self.slots = vec![None; self.capacity];
        }
        let slot = self.slot(position);
        self.slots[slot] = Some((position.clone(), code));
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
        let (count, owned_limit) = Self::fixed_layout(bytes)?;
        Ok(Table::Fixed(Fixed::new(count, owned_limit, bytes)?))
    }

    /// The slots of a fixed table of `bytes` (three quarters of them, in buckets of two, an
    /// equal number for each shard of a shared table), and the bytes left for what positions
    /// own.
    fn fixed_layout(bytes: usize) -> Result<(usize, usize), TableError> {
        let slot = size_of::<Option<Slot<P>>>();
        let wanted = bytes / 4 * 3 / slot;
        if wanted < MIN_FIXED_SLOTS {
            return Err(TableError::BudgetTooSmall {
                bytes,
                least: Self::least_budget(),
            });
        }
        // Whole buckets of two in every shard.
        let count = wanted / (2 * SHARDS) * (2 * SHARDS);
        Ok((count, bytes - count * slot))
    }

    /// The least budget a fixed table accepts, for a position of `P`.
    pub(crate) fn least_budget() -> usize {
        (MIN_FIXED_SLOTS * size_of::<Option<Slot<P>>>()).div_ceil(3) * 4
    }

    /// A growing table that several threads share.
    pub(crate) fn growing_shared() -> Self {
        Table::Shared(Arc::new(Shards::of(
            (0..SHARDS).map(|_| Table::growing()).collect(),
        )))
    }

    /// A table of at most `bytes` that several threads share: the slots and the room for
    /// what positions own of [`fixed`](Self::fixed), dealt out to the shards evenly.
    ///
    /// # Errors
    ///
    /// As [`fixed`](Self::fixed).
    pub(crate) fn fixed_shared(bytes: usize) -> Result<Self, TableError> {
        let (count, owned_limit) = Self::fixed_layout(bytes)?;
        let shards = (0..SHARDS)
            .map(|_| Fixed::new(count / SHARDS, owned_limit / SHARDS, bytes).map(Table::Fixed))
            .collect::<Result<_, _>>()?;
        Ok(Table::Shared(Arc::new(Shards::of(shards))))
    }

    /// A second handle on a shared table, for another thread's search; `None` for a table
    /// of one search.
    pub(crate) fn share(&self) -> Option<Self> {
        match self {
            Table::Shared(shards) => Some(Table::Shared(Arc::clone(shards))),
            _ => None,
        }
    }

    pub(crate) fn is_shared(&self) -> bool {
        matches!(self, Table::Shared(_))
    }

    pub(crate) fn get(&self, position: &P) -> Option<Facts> {
        match self {
            Table::Growing(map) => map.get(position).copied(),
            Table::Fixed(fixed) => fixed.get(position),
            Table::Shared(shards) => lock(shards.shard(position)).get(position),
        }
    }

    /// States stored.
    pub(crate) fn len(&self) -> usize {
        match self {
            Table::Growing(map) => map.len(),
            Table::Fixed(fixed) => fixed.len,
            Table::Shared(shards) => shards.len.load(Ordering::Relaxed),
        }
    }

    /// Bytes held: the table and what its positions own (`owned` reports it).
    pub(crate) fn bytes(&self) -> usize {
        match self {
            Table::Growing(map) => map.capacity() * (size_of::<(P, Facts)>() + 1),
            Table::Fixed(fixed) => fixed.slots.len() * size_of::<Option<Slot<P>>>() + fixed.owned,
            Table::Shared(shards) => shards.bytes.load(Ordering::Relaxed),
        }
    }

    /// Bytes the growing table would hold with one more entry: its size after the next
    /// growth if it is full.
    fn bytes_after_insert(&self) -> usize {
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
        self.set_within(position, facts, work, owned, Limits::default())
            .unwrap_or(false)
    }

    /// As [`set`](Self::set), but a growing table refuses a new state that would pass
    /// `limits` (a state stored already is updated at any limit): the limit it would pass.
    /// A fixed table has no limits but its size.
    pub(crate) fn set_within(
        &mut self,
        position: &P,
        facts: Facts,
        work: u64,
        owned: usize,
        limits: Limits,
    ) -> Result<bool, Passed> {
        match self {
            Table::Growing(map) => {
                if let Some(known) = map.get_mut(position) {
                    *known = known.merged(facts);
                    return Ok(false);
                }
                if let Some(limit) = limits.states.filter(|&limit| map.len() >= limit) {
                    return Err(Passed::States(limit));
                }
                if let Some(limit) = limits
                    .bytes
                    .filter(|&limit| self.bytes_after_insert() > limit)
                {
                    return Err(Passed::Bytes(limit));
                }
                let Table::Growing(map) = self else {
                    unreachable!("matched above")
                };
                map.insert(position.clone(), facts);
                Ok(true)
            }
            Table::Fixed(fixed) => Ok(fixed.set(position, facts, work, owned)),
            Table::Shared(shards) => shards.set_within(position, facts, work, owned, limits),
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
            Table::Shared(shards) => {
                for shard in &shards.tables {
                    lock(shard).clear();
                }
                shards.len.store(0, Ordering::Relaxed);
                shards.bytes.store(shards.shard_bytes(), Ordering::Relaxed);
            }
        }
    }

    /// Calls `visit` with every stored fact.
    pub(crate) fn with_entries<R>(
        &self,
        visit: impl FnOnce(&mut dyn Iterator<Item = (&P, Facts)>) -> R,
    ) -> R {
        match self {
            Table::Growing(_) | Table::Fixed(_) => visit(&mut self.entries()),
            Table::Shared(shards) => {
                let guards: Vec<_> = shards.tables.iter().map(|shard| lock(shard)).collect();
                let mut facts = guards.iter().flat_map(|shard| shard.entries());
                visit(&mut facts)
            }
        }
    }

    /// Every stored fact of a table of one search, or of one shard.
    fn entries(&self) -> Box<dyn Iterator<Item = (&P, Facts)> + '_> {
        match self {
            Table::Growing(map) => Box::new(map.iter().map(|(position, &facts)| (position, facts))),
            Table::Fixed(fixed) => Box::new(
                fixed
                    .slots
                    .iter()
                    .flatten()
                    .map(|slot| (&slot.position, slot.facts)),
            ),
            Table::Shared(_) => unreachable!("a shard is a table of one search"),
        }
    }
}

impl<P: Clone + Eq + Hash> Shards<P> {
    fn of(shards: Vec<Table<P>>) -> Self {
        let mut made = Shards {
            tables: shards
                .into_iter()
                .map(|shard| Line(Mutex::new(shard)))
                .collect(),
            len: Line(AtomicUsize::new(0)),
            bytes: Line(AtomicUsize::new(0)),
            hasher: MapBuildHasher::default(),
        };
        *made.bytes.0.get_mut() = made.shard_bytes();
        made
    }

    /// The bytes the shards hold now.
    fn shard_bytes(&self) -> usize {
        self.tables.iter().map(|shard| lock(shard).bytes()).sum()
    }

    /// The shard of `position`: bits of its hash that neither the shard's own table (low
    /// bits for the slot, the top seven for a growing map's tags) reads.
    fn shard(&self, position: &P) -> &Mutex<Table<P>> {
        let hash = self.hasher.hash_one(position);
        &self.tables[(hash >> 40) as usize & (SHARDS - 1)]
    }

    /// [`Table::set_within`] on the shard of `position`. The limits hold over all shards: a
    /// new state and the growth it causes are reserved on the shared counts before the store,
    /// and refused if they would pass a limit.
    fn set_within(
        &self,
        position: &P,
        facts: Facts,
        work: u64,
        owned: usize,
        limits: Limits,
    ) -> Result<bool, Passed> {
        let mut shard = lock(self.shard(position));
        let (len_before, bytes_before) = (shard.len(), shard.bytes());
        if let Table::Growing(map) = &*shard
            && !map.contains_key(position)
        {
            // A new state: reserve it, and the bytes a growth would add, within the limits.
            let growth = shard.bytes_after_insert() - bytes_before;
            reserve(&self.len, 1, limits.states).map_err(Passed::States)?;
            if let Err(limit) = reserve(&self.bytes, growth, limits.bytes) {
                self.len.fetch_sub(1, Ordering::Relaxed);
                return Err(Passed::Bytes(limit));
            }
            let stored = shard.set(position, facts, work, owned);
            // The growth foreseen is the growth made, unless the map grew by another rule.
            adjust(&self.bytes, bytes_before + growth, shard.bytes());
            return Ok(stored);
        }
        let stored = shard.set(position, facts, work, owned);
        adjust(&self.len, len_before, shard.len());
        adjust(&self.bytes, bytes_before, shard.bytes());
        Ok(stored)
    }
}

/// Adds `amount` to `count` if it stays within `limit`; the limit passed, if not.
fn reserve(count: &AtomicUsize, amount: usize, limit: Option<usize>) -> Result<(), usize> {
    match limit {
        None => {
            count.fetch_add(amount, Ordering::Relaxed);
            Ok(())
        }
        Some(limit) => count
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |now| {
                now.checked_add(amount).filter(|&after| after <= limit)
            })
            .map(drop)
            .map_err(|_| limit),
    }
}

/// Moves `count` by the change from `before` to `after`.
fn adjust(count: &AtomicUsize, before: usize, after: usize) {
    // No write when nothing changed: a write takes the line from the other cores.
    if after > before {
        count.fetch_add(after - before, Ordering::Relaxed);
    } else if after < before {
        count.fetch_sub(before - after, Ordering::Relaxed);
    }
}

impl<P: Clone + Eq + Hash> Fixed<P> {
    /// An empty table of `count` slots (an even number) whose positions may own
    /// `owned_limit` bytes; `budget` names the budget in an error.
    fn new(count: usize, owned_limit: usize, budget: usize) -> Result<Self, TableError> {
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(count)
            .map_err(|_| TableError::OutOfMemory { bytes: budget })?;
        slots.resize(count, None);
        Ok(Fixed {
            slots,
            len: 0,
            owned: 0,
            owned_limit,
            hasher: MapBuildHasher::default(),
        })
    }

    /// The two slots of `position`'s bucket.
    fn bucket(&self, position: &P) -> [usize; 2] {
        // A remainder, not a mask: every bit of the hash counts, and the table is as large as
        // its budget allows, not the power of two below.
        let buckets = (self.slots.len() / 2) as u64;
        let first = (self.hasher.hash_one(position) % buckets) as usize * 2;
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
        let work = NonZeroU32::MIN.saturating_add(u32::try_from(work).unwrap_or(u32::MAX));
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
        let first_work = self.slots[keep]
            .as_ref()
            .map_or(NonZeroU32::MIN, |slot| slot.work);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache keeps values as they are, and of facts short of a value exactly the values
    /// below 31 they rule out: never one they do not.
    #[test]
    fn the_cache_keeps_what_facts_rule_out_below_31() {
        let mut cache = ValueCache::<u64>::new();
        for value in [0, 1, 30, 31, 1 << 20, RULED_OUT - 1] {
            cache.put(&7, value);
            assert_eq!(cache.get(&7), Some(value));
            assert_eq!(cache.get_facts(&7), Some(Facts::exactly(value)));
        }
        let mut facts = Facts::default();
        for ruled_out in [3, 0, 1, 40, 30, 2, 5, 31, 4] {
            facts = facts.without(ruled_out);
            cache.put_ruled_out(&9, facts);
            let kept = cache.get_facts(&9).expect("ruled-out values kept");
            assert!(!kept.exact() && cache.get(&9).is_none());
            for value in 0..64 {
                let expected = value < 31 && facts.rules_out(value);
                assert_eq!(kept.rules_out(value), expected, "{value} after {ruled_out}");
            }
        }
        // Facts that rule out nothing below 31 leave the slot as it was.
        cache.put(&11, 5);
        cache.put_ruled_out(&11, Facts::default().without(40));
        assert_eq!(cache.get(&11), Some(5));
        // A value too large for a code is not kept rather than kept as ruled-out values.
        cache.put(&13, RULED_OUT);
        assert_eq!(cache.get_facts(&13), None);
    }

    /// Two threads storing new states at once into a shared table with a state limit store
    /// exactly the limit between them, and the count is the shards' own.
    #[test]
    fn shared_limits_hold_across_threads() {
        let table = Table::<u64>::growing_shared();
        let limits = Limits {
            states: Some(1_000),
            bytes: None,
        };
        std::thread::scope(|scope| {
            for thread in 0..2u64 {
                let mut table = table.share().unwrap();
                scope.spawn(move || {
                    for position in 0..1_000 {
                        let _ = table.set_within(
                            &(position * 2 + thread),
                            Facts::exactly(1),
                            1,
                            0,
                            limits,
                        );
                    }
                });
            }
        });
        assert_eq!(table.len(), 1_000);
        let counted = table.with_entries(|facts| facts.count());
        assert_eq!(counted, 1_000);
        // At the limit a state stored is still updated, and a new one refused.
        let mut table = table;
        let stored = table.with_entries(|facts| *facts.next().unwrap().0);
        assert_eq!(
            table.set_within(&stored, Facts::exactly(1), 1, 0, limits),
            Ok(false)
        );
        assert_eq!(
            table.set_within(&5_000, Facts::exactly(1), 1, 0, limits),
            Err(Passed::States(1_000))
        );
    }

    /// A byte limit holds over the shards: the bytes counted never pass it, and equal the
    /// shards' own.
    #[test]
    fn shared_byte_limits_hold() {
        let mut table = Table::<u64>::growing_shared();
        let limits = Limits {
            states: None,
            bytes: Some(20_000),
        };
        let mut refused = 0;
        for position in 0..10_000 {
            if table
                .set_within(&position, Facts::exactly(0), 1, 0, limits)
                .is_err()
            {
                refused += 1;
            }
            assert!(table.bytes() <= 20_000);
        }
        assert!(refused > 0);
        let Table::Shared(shards) = &table else {
            unreachable!()
        };
        assert_eq!(table.bytes(), shards.shard_bytes());
        table.clear();
        assert_eq!((table.len(), table.bytes()), (0, 0));
    }

    /// A shared fixed table holds the budget of a fixed one.
    #[test]
    fn shared_fixed_tables_keep_the_budget() {
        let least = Table::<u64>::least_budget();
        for bytes in [least, least + 1_000, 10 * least] {
            let mut table = Table::<u64>::fixed_shared(bytes).unwrap();
            for position in 0..100_000 {
                table.set(&position, Facts::exactly(0), position, 0);
            }
            assert!(table.bytes() <= bytes);
            assert!(table.len() > 0);
        }
        assert!(Table::<u64>::fixed_shared(least - 1).is_err());
    }
}
