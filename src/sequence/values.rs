//! Values in the narrowest width that holds them: one byte while every value is below 256,
//! two below 65 536, four beyond, widened as larger values come.
// Without the feature `research`, the parts that only the sparse space, the threads and
// the bounded runs read are left unused.
#![cfg_attr(not(feature = "research"), allow(dead_code))]

use std::fmt;
use std::ops::BitXor;

/// A value as the engine stores it, in 1, 2 or 4 bytes.
pub(crate) trait Value:
    Copy
    + Default
    + Eq
    + fmt::Debug
    + Send
    + Sync
    + BitXor<Output = Self>
    + Into<u32>
    + TryFrom<u32>
    + 'static
{
    /// The values of this width as a store.
    fn into_store(values: Vec<Self>) -> Store;

    /// The value, if this width holds it.
    #[inline]
    fn narrow(value: u32) -> Option<Self> {
        Self::try_from(value).ok()
    }

    /// The value as a plain number.
    #[inline]
    fn number(self) -> u32 {
        self.into()
    }

    /// The value as an index into a table of values.
    #[inline]
    fn index(self) -> usize {
        self.number() as usize
    }
}

impl Value for u8 {
    fn into_store(values: Vec<Self>) -> Store {
        Store::U8(values)
    }
}

impl Value for u16 {
    fn into_store(values: Vec<Self>) -> Store {
        Store::U16(values)
    }
}

impl Value for u32 {
    fn into_store(values: Vec<Self>) -> Store {
        Store::U32(values)
    }
}

/// The values, in one of the three widths.
#[derive(Clone)]
pub(crate) enum Store {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

/// Runs `$body` with `$values` bound to the store's vector, whatever its width: the body is
/// compiled once per width.
macro_rules! typed {
    ($store:expr, $values:ident => $body:expr) => {
        match $store {
            $crate::sequence::values::Store::U8($values) => $body,
            $crate::sequence::values::Store::U16($values) => $body,
            $crate::sequence::values::Store::U32($values) => $body,
        }
    };
}
pub(crate) use typed;

/// The nim-values G(0), G(1), … of a heap game, each stored in the narrowest width that
/// holds every one of them — 1, 2 or 4 bytes — and widened when a larger value comes. A
/// billion values below 65 536 take 2 GB, not 4.
///
/// Read them by [`get`](Self::get) or [`iter`](Self::iter), or borrow them in their width
/// with [`as_slice`](Self::as_slice); they compare equal to a slice of `u32` with the same
/// numbers.
///
/// # Examples
///
/// ```
/// use impartial::sequence::{ValueSlice, Values};
///
/// let mut values = Values::from(vec![0, 1, 2, 3]);
/// assert_eq!(values.width(), 1);
/// values.push(300); // past a byte: every value now takes two
/// assert_eq!(values.width(), 2);
/// assert_eq!(values, [0, 1, 2, 3, 300]);
/// assert_eq!(values.get(4), Some(300));
/// assert!(matches!(values.as_slice(), ValueSlice::U16(&[0, 1, 2, 3, 300])));
/// ```
#[derive(Clone)]
pub struct Values {
    store: Store,
}

/// [`Values`] borrowed in the width they are stored in.
///
/// # Examples
///
/// ```
/// use impartial::sequence::{ValueSlice, Values};
///
/// let values = Values::from(vec![0, 1, 1, 2]);
/// let ValueSlice::U8(bytes) = values.as_slice() else { unreachable!("all below 256") };
/// assert_eq!(bytes, [0, 1, 1, 2]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueSlice<'a> {
    /// Every value below 256, one byte each.
    U8(&'a [u8]),
    /// Two bytes each.
    U16(&'a [u16]),
    /// Four bytes each.
    U32(&'a [u32]),
}

impl Values {
    /// No values, in the narrowest width.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// assert!(Values::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Values {
            store: Store::U8(Vec::new()),
        }
    }

    /// Values of one byte each, as they are: no copy.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// let values = Values::from_u8(vec![0, 1, 255]);
    /// assert_eq!((values.width(), values.get(2)), (1, Some(255)));
    /// ```
    #[must_use]
    pub fn from_u8(values: Vec<u8>) -> Self {
        Values {
            store: Store::U8(values),
        }
    }

    /// Values of two bytes each, kept in one byte each if every one is below 256 (the
    /// narrowest width).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// assert_eq!(Values::from_u16(vec![0, 300]).width(), 2);
    /// assert_eq!(Values::from_u16(vec![0, 200]).width(), 1);
    /// ```
    #[must_use]
    pub fn from_u16(values: Vec<u16>) -> Self {
        let store = if values.iter().all(|&value| u8::try_from(value).is_ok()) {
            Store::U8(values.iter().map(|&value| value as u8).collect())
        } else {
            Store::U16(values)
        };
        Values { store }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }

    /// How many values there are.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// assert_eq!(Values::from(vec![0, 1, 1]).len(), 3);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        typed!(&self.store, values => values.len())
    }

    /// Whether there are none.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// assert!(!Values::from(vec![0]).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per value: 1, 2 or 4.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// assert_eq!(Values::from(vec![0, 255]).width(), 1);
    /// assert_eq!(Values::from(vec![0, 256]).width(), 2);
    /// assert_eq!(Values::from(vec![0, 65_536]).width(), 4);
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        match &self.store {
            Store::U8(_) => 1,
            Store::U16(_) => 2,
            Store::U32(_) => 4,
        }
    }

    /// The value at `index`, if there is one.
    ///
    /// Computes in **O(1)**.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// let values = Values::from(vec![0, 1, 2]);
    /// assert_eq!((values.get(2), values.get(3)), (Some(2), None));
    /// ```
    #[must_use]
    pub fn get(&self, index: usize) -> Option<u32> {
        typed!(&self.store, values => values.get(index).map(|&value| value.number()))
    }

    /// The values in order, as plain numbers.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// let values = Values::from(vec![0, 1, 2, 0]);
    /// assert_eq!(values.iter().filter(|&value| value == 0).count(), 2);
    /// assert!(values.iter().take(3).eq([0, 1, 2]));
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            slice: self.as_slice(),
            front: 0,
            back: self.len(),
        }
    }

    /// The values borrowed in their width, for reading many of them fast.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::{ValueSlice, Values};
    ///
    /// let values = Values::from(vec![0, 70_000]);
    /// assert_eq!(values.as_slice(), ValueSlice::U32(&[0, 70_000]));
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> ValueSlice<'_> {
        match &self.store {
            Store::U8(values) => ValueSlice::U8(values),
            Store::U16(values) => ValueSlice::U16(values),
            Store::U32(values) => ValueSlice::U32(values),
        }
    }

    /// The values as plain numbers, copied: four bytes each.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// assert_eq!(Values::from(vec![3, 1]).to_vec(), [3, 1]);
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// Appends `value`, first widening every value if it does not fit their width.
    ///
    /// Computes in amortised **O(1)**, and **O(n)** when it widens.
    ///
    /// # Panics
    ///
    /// If the memory for the wider values cannot be had (as `Vec::push` fails when it
    /// cannot grow).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// let mut values = Values::new();
    /// values.push(7);
    /// values.push(70_000);
    /// assert_eq!((values.width(), values.to_vec()), (4, vec![7, 70_000]));
    /// ```
    pub fn push(&mut self, value: u32) {
        self.widen_for(value);
        match &mut self.store {
            Store::U8(values) => values.push(value as u8),
            Store::U16(values) => values.push(value as u16),
            Store::U32(values) => values.push(value),
        }
    }

    /// Keeps the first `len` values (all of them if there are fewer); the width stays.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// let mut values = Values::from(vec![0, 1, 2]);
    /// values.truncate(1);
    /// assert_eq!(values, [0]);
    /// ```
    pub fn truncate(&mut self, len: usize) {
        typed!(&mut self.store, values => values.truncate(len));
    }

    /// Frees the room reserved beyond the values.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// let mut values = Values::from(vec![0, 1]);
    /// values.shrink_to_fit();
    /// assert_eq!(values.len(), 2);
    /// ```
    pub fn shrink_to_fit(&mut self) {
        typed!(&mut self.store, values => values.shrink_to_fit());
    }

    /// The narrowest width, in bytes, that holds `value`: 1, 2 or 4 — the width [`Values`]
    /// keeps its values in, and the `impartial` command line writes them in.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sequence::Values;
    ///
    /// assert_eq!([0, 255, 256, 65_535, 65_536].map(Values::width_holding), [1, 1, 2, 2, 4]);
    /// ```
    #[must_use]
    pub fn width_holding(value: u32) -> usize {
        width_within(value, [u8::MAX.into(), u16::MAX.into()])
    }

    /// Widens every value, if need be, so that `value` fits too.
    ///
    /// # Panics
    ///
    /// If the memory for the wider values cannot be had.
    pub(crate) fn widen_for(&mut self, value: u32) {
        if let Err(bytes) = self.try_widen_to(Self::width_holding(value)) {
            panic!("{bytes} bytes for wider values cannot be had");
        }
    }

    /// Widens every value to at least `width` bytes (1, 2 or 4); the room reserved stays
    /// (in values), so that a run reserving as it goes is not surprised. The bytes that
    /// could not be had, if the wider values do not fit in memory (the values stay as
    /// they were).
    pub(crate) fn try_widen_to(&mut self, width: usize) -> Result<(), u64> {
        fn widened<From: Value, To: Value>(values: &[From], capacity: usize) -> Result<Store, u64> {
            let mut wide = Vec::new();
            wide.try_reserve_exact(capacity)
                .map_err(|_| (capacity as u64).saturating_mul(size_of::<To>() as u64))?;
            wide.extend(values.iter().map(|&value| {
                To::narrow(value.into()).expect("a wider width holds every narrower value")
            }));
            Ok(To::into_store(wide))
        }
        if width <= self.width() {
            return Ok(());
        }
        self.store = match (&self.store, width) {
            (Store::U8(values), 2) => widened::<u8, u16>(values, values.capacity())?,
            (Store::U8(values), _) => widened::<u8, u32>(values, values.capacity())?,
            (Store::U16(values), _) => widened::<u16, u32>(values, values.capacity())?,
            (Store::U32(_), _) => unreachable!("no width is wider"),
        };
        Ok(())
    }
}

/// The width, in bytes, that holds `value` when one byte holds values up to `limits[0]` and
/// two up to `limits[1]`: 1, 2 or 4. The one width rule, with the true limits (255 and
/// 65 535) or those a test lowers to reach every width with small runs.
pub(crate) fn width_within(value: u32, limits: [u32; 2]) -> usize {
    if value <= limits[0] {
        1
    } else if value <= limits[1] {
        2
    } else {
        4
    }
}

impl Default for Values {
    fn default() -> Self {
        Values::new()
    }
}

impl fmt::Debug for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Values {
    /// Equal when they hold the same numbers, whatever their widths.
    fn eq(&self, other: &Values) -> bool {
        match (&self.store, &other.store) {
            (Store::U8(a), Store::U8(b)) => a == b,
            (Store::U16(a), Store::U16(b)) => a == b,
            (Store::U32(a), Store::U32(b)) => a == b,
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for Values {}

impl PartialEq<[u32]> for Values {
    fn eq(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl PartialEq<&[u32]> for Values {
    fn eq(&self, other: &&[u32]) -> bool {
        *self == **other
    }
}

impl PartialEq<Vec<u32>> for Values {
    fn eq(&self, other: &Vec<u32>) -> bool {
        *self == other[..]
    }
}

impl<const N: usize> PartialEq<[u32; N]> for Values {
    fn eq(&self, other: &[u32; N]) -> bool {
        *self == other[..]
    }
}

impl PartialEq<Values> for [u32] {
    fn eq(&self, other: &Values) -> bool {
        *other == *self
    }
}

impl PartialEq<Values> for Vec<u32> {
    fn eq(&self, other: &Values) -> bool {
        *other == self[..]
    }
}

// `&Values` compares with the vectors and arrays of `u32` it would be written as too, so
// that `assert_eq!(sequence.computed_values(), [0, 1, 2])` reads as it should.
impl PartialEq<Vec<u32>> for &Values {
    fn eq(&self, other: &Vec<u32>) -> bool {
        **self == *other
    }
}

impl<const N: usize> PartialEq<[u32; N]> for &Values {
    fn eq(&self, other: &[u32; N]) -> bool {
        **self == *other
    }
}

impl PartialEq<&Values> for Vec<u32> {
    fn eq(&self, other: &&Values) -> bool {
        **other == self[..]
    }
}

impl PartialEq<&Values> for [u32] {
    fn eq(&self, other: &&Values) -> bool {
        **other == *self
    }
}

impl From<Vec<u32>> for Values {
    /// The numbers in the narrowest width that holds them all (the vector itself if that
    /// is four bytes).
    fn from(values: Vec<u32>) -> Self {
        if values.iter().any(|&value| value > u32::from(u16::MAX)) {
            Values {
                store: Store::U32(values),
            }
        } else {
            Values::from(&values[..])
        }
    }
}

impl From<&[u32]> for Values {
    /// The numbers in the narrowest width that holds them all.
    fn from(values: &[u32]) -> Self {
        fn narrowed<V: Value>(values: &[u32]) -> Store {
            V::into_store(
                values
                    .iter()
                    .map(|&value| V::narrow(value).expect("the width holds the largest"))
                    .collect(),
            )
        }
        let largest = values.iter().copied().max().unwrap_or(0);
        let store = match Values::width_holding(largest) {
            1 => narrowed::<u8>(values),
            2 => narrowed::<u16>(values),
            _ => Store::U32(values.to_vec()),
        };
        Values { store }
    }
}

impl FromIterator<u32> for Values {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        let mut values = Values::new();
        values.extend(iter);
        values
    }
}

impl Extend<u32> for Values {
    fn extend<I: IntoIterator<Item = u32>>(&mut self, iter: I) {
        for value in iter {
            self.push(value);
        }
    }
}

impl<'a> IntoIterator for &'a Values {
    type Item = u32;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The values of [`Values::iter`], as plain numbers.
///
/// # Examples
///
/// ```
/// use impartial::sequence::Values;
///
/// let values = Values::from(vec![0, 1, 2]);
/// assert_eq!(values.iter().rev().collect::<Vec<_>>(), [2, 1, 0]);
/// assert_eq!(values.iter().len(), 3);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Iter<'a> {
    slice: ValueSlice<'a>,
    front: usize,
    back: usize,
}

impl Iter<'_> {
    fn at(&self, index: usize) -> u32 {
        match self.slice {
            ValueSlice::U8(values) => u32::from(values[index]),
            ValueSlice::U16(values) => u32::from(values[index]),
            ValueSlice::U32(values) => values[index],
        }
    }
}

impl Iterator for Iter<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        (self.front < self.back).then(|| {
            self.front += 1;
            self.at(self.front - 1)
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.back - self.front;
        (left, Some(left))
    }

    fn nth(&mut self, n: usize) -> Option<u32> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<u32> {
        (self.front < self.back).then(|| {
            self.back -= 1;
            self.at(self.back)
        })
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl std::iter::FusedIterator for Iter<'_> {}

#[cfg(feature = "serde")]
impl serde::Serialize for Values {
    /// As a sequence of numbers, whatever the width.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Values {
    /// From a sequence of numbers, into the narrowest width that holds them.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Numbers;
        impl<'de> serde::de::Visitor<'de> for Numbers {
            type Value = Values;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence of nim-values")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Values, A::Error> {
                let mut values = Values::new();
                while let Some(value) = seq.next_element::<u32>()? {
                    values.push(value);
                }
                Ok(values)
            }
        }
        deserializer.deserialize_seq(Numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::testing::random_words;

    /// Values against a plain `Vec<u32>` under random pushes and truncations that cross
    /// both widths' limits (255 | 256, 65 535 | 65 536): the same numbers, read every way,
    /// in the narrowest width that holds every value pushed since the last widening.
    #[test]
    fn values_behave_as_a_vector_of_numbers() {
        let mut random = random_words(41);
        for _ in 0..300 {
            let mut values = Values::new();
            let mut plain: Vec<u32> = Vec::new();
            let mut widest = 0u32;
            for _ in 0..(random() % 300) {
                match random() % 10 {
                    0 => {
                        let len = (random() % (plain.len() as u64 + 2)) as usize;
                        values.truncate(len);
                        plain.truncate(len);
                    }
                    step => {
                        let value = match step {
                            1 => 255 + (random() % 3) as u32,
                            2 => 65_535 + (random() % 3) as u32,
                            3 => u32::MAX - (random() % 2) as u32,
                            _ => (random() % 300) as u32,
                        };
                        values.push(value);
                        plain.push(value);
                        widest = widest.max(value);
                    }
                }
                assert_eq!(values, plain);
                assert_eq!(values.len(), plain.len());
                assert_eq!(values.to_vec(), plain);
                assert!(values.iter().rev().eq(plain.iter().rev().copied()));
                for (index, &value) in plain.iter().enumerate() {
                    assert_eq!(values.get(index), Some(value));
                }
                assert_eq!(values.get(plain.len()), None);
                let width = match widest {
                    0..=255 => 1,
                    256..=65_535 => 2,
                    _ => 4,
                };
                assert_eq!(values.width(), width);
                // Built at once, the narrowest width for what is there now.
                let rebuilt = Values::from(plain.clone());
                let largest = plain.iter().copied().max().unwrap_or(0);
                assert_eq!(rebuilt.width(), Values::from(vec![largest]).width());
                assert_eq!(rebuilt, values);
            }
        }
    }

    /// Widening keeps the room reserved, so a run that reserved for all its values does
    /// not grow again.
    #[test]
    fn widening_keeps_the_room_reserved() {
        let mut values = Values::new();
        typed!(values.store_mut(), values => values.reserve_exact(1_000));
        values.push(1);
        values.widen_for(70_000);
        assert_eq!(values.width(), 4);
        assert!(typed!(values.store(), values => values.capacity()) >= 1_000);
        assert_eq!(values, [1]);
    }
}
