//! [`GrundySequence`]: the values a run computed, with its period, method and sparse space —
//! and, read back from serde, checked to be what a run could have left.

use super::arithmetic::{ApparentArithmeticPeriod, ArithmeticPeriod};
#[cfg(feature = "serde")]
use super::error::MAX_HEAP;
use super::options::Method;
use super::period::Period;
use super::values::Values;
use crate::game::Nimber;

/// The nim-values G(0), G(1), … of a heap game, with a proven period if one was found.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::Nimber;
///
/// let dawsons_kayles: OctalGame = "0.07".parse()?;
/// let values = dawsons_kayles.values_up_to(200)?;
/// let first: Vec<u32> = values.computed_values().iter().take(8).collect();
/// assert_eq!(first, [0, 0, 1, 1, 2, 0, 3, 1]);
/// assert_eq!(values.get(3), Some(Nimber(1)));
/// assert_eq!(values.period().map(|p| (p.preperiod, p.period)), Some((53, 34)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "SequenceParts")
)]
pub struct GrundySequence {
    pub(super) values: Values,
    pub(super) period: Option<Period>,
    /// A proved arithmetic period (never beside a period).
    pub(super) arithmetic: Option<ArithmeticPeriod>,
    pub(super) max_heap: u64,
    pub(super) method: Method,
    pub(super) sparse_mask: Option<u32>,
    /// The rare heaps of the sparse space, ascending.
    pub(super) rare_heaps: Option<Vec<u64>>,
}

/// A [`GrundySequence`] as read, before its parts are checked to fit together.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SequenceParts {
    values: Values,
    period: Option<Period>,
    /// Absent from sequences saved before arithmetic periods were proved.
    #[serde(default)]
    arithmetic: Option<ArithmeticPeriod>,
    max_heap: u64,
    method: Method,
    sparse_mask: Option<u32>,
    rare_heaps: Option<Vec<u64>>,
}

#[cfg(feature = "serde")]
impl TryFrom<SequenceParts> for GrundySequence {
    type Error = String;

    /// The sequence, if its parts are ones the engine could have given: see
    /// [`SequenceParts::check`].
    fn try_from(parts: SequenceParts) -> Result<Self, String> {
        parts.check()?;
        Ok(GrundySequence {
            values: parts.values,
            period: parts.period,
            arithmetic: parts.arithmetic,
            max_heap: parts.max_heap,
            method: parts.method,
            sparse_mask: parts.sparse_mask,
            rare_heaps: parts.rare_heaps,
        })
    }
}

#[cfg(feature = "serde")]
impl SequenceParts {
    /// Whether the parts fit together as the engine leaves them — checked in full, since
    /// [`get`](GrundySequence::get) answers every heap from a period: G(0) = 0 and at most
    /// `max_heap + 1 ≤ 2³²` values; a period that the values repeat from its preperiod on,
    /// whose preperiod is the least for it, and whose proof bound lies between its first full
    /// cycle and the values computed; the mask and the rare heaps exactly when the sparse
    /// space was the method, the rare heaps being the heaps of one class under the mask.
    ///
    /// Whether the values are those of a given game no sequence can say by itself: compare
    /// with [`HeapGame::values_up_to`](crate::sequence::HeapGame::values_up_to), or keep a checksum beside the file.
    fn check(&self) -> Result<(), String> {
        let values = &self.values;
        let computed = values.len() as u64;
        if computed == 0 || computed > self.max_heap.saturating_add(1) || self.max_heap > MAX_HEAP {
            return Err(format!(
                "{computed} values do not fit a sequence up to heap {} (at most {MAX_HEAP})",
                self.max_heap
            ));
        }
        if let Some(found) = values.get(0).filter(|&found| found != 0) {
            return Err(format!("G(0) is 0 in every heap game, not {found}"));
        }
        if self.period.is_some() && self.arithmetic.is_some() {
            return Err("a sequence with both a period and an arithmetic period".to_string());
        }
        if let Some(period) = self.period {
            check_period(values, period)?;
        }
        if let Some(arithmetic) = self.arithmetic {
            check_arithmetic(values, arithmetic)?;
        }
        match (self.method, self.sparse_mask, &self.rare_heaps) {
            (Method::Direct, None, None) => Ok(()),
            (Method::SparseSpace, Some(mask), Some(rare)) => check_rare_heaps(values, mask, rare),
            (method, mask, rare) => Err(format!(
                "a sequence computed by {method:?} with {} mask and {} rare heaps",
                if mask.is_some() { "a" } else { "no" },
                if rare.is_some() { "a list of" } else { "no" },
            )),
        }
    }
}

/// Whether `values` repeat with `period` from its preperiod on, the preperiod the least for
/// it, and its proof bound between the first full cycle and the values computed.
#[cfg(feature = "serde")]
fn check_period(values: &Values, period: Period) -> Result<(), String> {
    let computed = values.len() as u64;
    let first_cycle = period.preperiod.checked_add(period.period);
    if period.period == 0
        || first_cycle.is_none_or(|end| end > period.proof_bound)
        || period.proof_bound > computed
    {
        return Err(format!("{period} does not fit {computed} computed values"));
    }
    // Within the values: indices below `computed`, which is a `usize`.
    let (preperiod, length) = (period.preperiod as usize, period.period as usize);
    if let Some(heap) = (preperiod + length..values.len())
        .find(|&heap| values.get(heap) != values.get(heap - length))
    {
        return Err(format!(
            "{period}, but G({heap}) differs from G({})",
            heap - length
        ));
    }
    if preperiod > 0 && values.get(preperiod - 1) == values.get(preperiod - 1 + length) {
        return Err(format!(
            "{period}, but the values repeat from n = {} already",
            preperiod - 1
        ));
    }
    Ok(())
}

/// Whether `values` climb by `arithmetic` from its preperiod on, the preperiod the least for
/// it, the saltus at least 1, and the heap its proof read among those computed.
#[cfg(feature = "serde")]
fn check_arithmetic(values: &Values, arithmetic: ArithmeticPeriod) -> Result<(), String> {
    let computed = values.len() as u64;
    let first_cycle = arithmetic.preperiod.checked_add(arithmetic.period);
    if arithmetic.period == 0
        || arithmetic.saltus == 0
        || first_cycle.is_none_or(|end| end > arithmetic.proved_at)
        || arithmetic.proved_at >= computed
    {
        return Err(format!(
            "{arithmetic} does not fit {computed} computed values"
        ));
    }
    let (preperiod, length) = (arithmetic.preperiod as usize, arithmetic.period as usize);
    let climbs = |heap: usize| {
        let (later, earlier) = (values.get(heap), values.get(heap - length));
        later.zip(earlier).and_then(|(l, e)| l.checked_sub(e)) == Some(arithmetic.saltus)
    };
    if let Some(heap) = (preperiod + length..values.len()).find(|&heap| !climbs(heap)) {
        return Err(format!(
            "{arithmetic}, but G({heap}) is not G({}) + {}",
            heap - length,
            arithmetic.saltus
        ));
    }
    if preperiod > 0 && climbs(preperiod - 1 + length) {
        return Err(format!(
            "{arithmetic}, but the values climb so from n = {} already",
            preperiod - 1
        ));
    }
    Ok(())
}

/// Whether `rare` lists exactly the heaps after 0 of one class under `mask`: the parity of
/// `G(heap) & mask`, flipped on odd heaps in a domain space.
#[cfg(feature = "serde")]
fn check_rare_heaps(values: &Values, mask: u32, rare: &[u64]) -> Result<(), String> {
    let computed = values.len() as u64;
    if rare.windows(2).any(|pair| pair[0] >= pair[1])
        || rare.first() == Some(&0)
        || rare.last().is_some_and(|&last| last >= computed)
    {
        return Err(format!(
            "the rare heaps are not ascending heaps from 1 to {}",
            computed - 1
        ));
    }
    let class = |heap: usize, value: u32, domain: bool| {
        (value & mask).count_ones() & 1 ^ u32::from(domain) & heap as u32 & 1
    };
    let of_one_class = [false, true].into_iter().any(|domain| {
        let rare_class = match rare.first() {
            Some(&heap) => class(
                heap as usize,
                values.get(heap as usize).unwrap_or(0),
                domain,
            ),
            // No rare heap: every heap after 0 is of one class, the common one.
            None => 1 ^ values.get(1).map_or(0, |value| class(1, value, domain)),
        };
        let mut listed = rare.iter().peekable();
        values.iter().enumerate().skip(1).all(|(heap, value)| {
            let is_rare = class(heap, value, domain) == rare_class;
            let is_listed = listed.next_if(|&&next| next == heap as u64).is_some();
            is_rare == is_listed
        })
    });
    if of_one_class {
        Ok(())
    } else {
        Err(format!(
            "the {} rare heaps are not the heaps of one class under the mask {mask:#x}",
            rare.len()
        ))
    }
}

impl GrundySequence {
    /// G(n): from the computed values, or from the period or the arithmetic period for any
    /// `n` once one is proven; `None` beyond the computed values otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    /// use impartial::Nimber;
    ///
    /// let values = GrundysGame.values_up_to(20)?;
    /// assert_eq!(values.get(13), Some(Nimber(3)));
    /// assert_eq!(values.get(21), None); // not computed, and no period is known
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn get(&self, n: u64) -> Option<Nimber> {
        let index = match usize::try_from(n) {
            Ok(index) if index < self.values.len() => index,
            _ => {
                if let Some(arithmetic) = self.arithmetic {
                    let first = |offset: u64| {
                        let heap = usize::try_from(arithmetic.preperiod + offset).ok()?;
                        self.values.get(heap)
                    };
                    return arithmetic.extend(n, first).map(Nimber);
                }
                let period = self.period?;
                let offset = (n - period.preperiod) % period.period;
                usize::try_from(period.preperiod + offset).ok()?
            }
        };
        self.values
            .get(index)
            .map(|value| Nimber(u128::from(value)))
    }

    /// The values computed, G(0) first, each in the narrowest width that holds them all.
    /// Shorter than asked when a period was proven early (then [`get`](Self::get) answers
    /// every heap) or the progress callback stopped the run.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let kayles: OctalGame = "0.77".parse()?;
    /// let values = kayles.values_up_to(10)?;
    /// assert_eq!(values.computed_values(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
    /// assert_eq!(values.computed_values().width(), 1); // a byte each
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn computed_values(&self) -> &Values {
        &self.values
    }

    /// The values computed, moved out: for [`HeapGame::values_continued`](crate::sequence::HeapGame::values_continued), or to keep
    /// without the rest.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// let values = GrundysGame.values_up_to(6)?.into_values();
    /// assert_eq!(values, [0, 0, 0, 1, 0, 2, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_values(self) -> Values {
        self.values
    }

    /// How many values were computed (`computed_values().len()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let kayles: OctalGame = "0.77".parse()?;
    /// let values = kayles.values_up_to(1_000_000)?;
    /// assert!(values.computed_len() < 200); // the period was proven at 168
    /// assert!(values.covers(1_000_000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn computed_len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether [`get`](Self::get) answers for every heap up to `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// let values = GrundysGame.values_up_to(100)?;
    /// assert!(values.covers(100) && !values.covers(101));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn covers(&self, n: u64) -> bool {
        self.period.is_some() || self.arithmetic.is_some() || n < self.computed_len()
    }

    /// The heap size asked for.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// assert_eq!(GrundysGame.values_up_to(100)?.max_heap(), 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// The proven period, if the periodicity theorem gave one.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let dawsons_chess: OctalGame = "0.137".parse()?;
    /// let period = dawsons_chess.values_up_to(500)?.period().unwrap();
    /// assert_eq!((period.preperiod, period.period), (52, 34));
    /// // 0.6 is not known to be periodic; nothing is proven this early.
    /// let six: OctalGame = "0.6".parse()?;
    /// assert_eq!(six.values_up_to(500)?.period(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// An arithmetic period the values computed show — `G(n + p) = G(n) + s`, `s > 0`, over
    /// at least three periods and half the values — when neither a period nor an arithmetic
    /// period is proven. *Apparent*: the values of every heap computed obey it, but too few
    /// values were computed for the proof, or the proof's test (see
    /// [`arithmetic_period`](Self::arithmetic_period)) does not apply or does not pass, so
    /// [`get`](Self::get) does not answer from it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::{HexadecimalGame, OctalGame};
    ///
    /// // 0.8's proof reads G(0..26): twenty values show the climb but do not prove it.
    /// let climbing = "0.8".parse::<HexadecimalGame>()?.values_up_to(20)?;
    /// let seen = climbing.apparent_arithmetic_period().expect("seen");
    /// assert_eq!((seen.preperiod, seen.period, seen.saltus, seen.seen_to), (1, 3, 1, 20));
    /// assert_eq!(climbing.get(21), None);
    ///
    /// // Kayles is periodic, not arithmetic-periodic.
    /// assert_eq!(OctalGame::kayles().values_up_to(1_000)?.apparent_arithmetic_period(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn apparent_arithmetic_period(&self) -> Option<ApparentArithmeticPeriod> {
        if self.period.is_some() || self.arithmetic.is_some() {
            return None;
        }
        let values = &self.values;
        super::arithmetic::apparent(values.len(), |n| values.get(n).unwrap_or(0))
    }

    /// The arithmetic period proved for the game, if any: `G(n + p) = G(n) + s` for every
    /// `n` from the preperiod, so [`get`](Self::get) answers every heap, and the run stopped
    /// computing as soon as the proof held.
    ///
    /// Proved for finite take-and-break codes whose moves leave at most three heaps and are
    /// not restricted by shape — the hexadecimal games among them — by a test of ours: the
    /// values up to `G(3·n0 + 4P + t − 3)` (`P` the period, doubled if odd, or that times 2,
    /// 4 or 8) show the climb, every value below each heap's is reached by options that climb
    /// with it, and no option of any later heap can equal its value (the argument is in the
    /// [`sequence`](crate::sequence) docs). The test is sound, not complete: a period it does
    /// not prove stays [apparent](Self::apparent_arithmetic_period).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::HexadecimalGame;
    ///
    /// // 0.28: period 53, saltus 16 — proved from the values up to G(426).
    /// let values = "0.28".parse::<HexadecimalGame>()?.values_up_to(4_000_000_000)?;
    /// let period = values.arithmetic_period().expect("proved");
    /// assert_eq!((period.preperiod, period.period, period.saltus), (1, 53, 16));
    /// assert!(values.computed_len() < 500 && values.covers(4_000_000_000));
    /// assert_eq!(values.get(1 + 53 * 1_000).map(|g| g.0), values.get(1).map(|g| g.0 + 16_000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn arithmetic_period(&self) -> Option<ArithmeticPeriod> {
        self.arithmetic
    }

    /// The method that computed the bulk of the values.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::sequence::Method;
    ///
    /// let six: OctalGame = "0.6".parse()?;
    /// assert_eq!(six.values_up_to(100)?.method(), Method::Direct); // too few values to sample
    /// assert_eq!(six.values_up_to(10_000)?.method(), Method::SparseSpace);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn method(&self) -> Method {
        self.method
    }

    /// The sparse space's mask, when that method was used.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::GrundysGame;
    ///
    /// // Grundy's game: the rare values have an even number of ones above the lowest bit.
    /// let mask = GrundysGame.values_up_to(20_000)?.sparse_mask().unwrap();
    /// assert_eq!(mask & 0xff, 0b1111_1110);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn sparse_mask(&self) -> Option<u32> {
        self.sparse_mask
    }

    /// How many heaps were rare in the sparse space, when that method was used.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// // 0.6: 1 583 of the first 10⁵ heap sizes are rare, none above 2¹⁵.
    /// let six: OctalGame = "0.6".parse()?;
    /// let rare = six.values_up_to(100_000)?.rare_heap_count().unwrap();
    /// assert!(rare < 2_000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rare_heap_count(&self) -> Option<usize> {
        self.rare_heaps.as_ref().map(Vec::len)
    }

    /// The heaps that were rare in the sparse space, ascending, when that method was used:
    /// the heaps whose values the sparse space could not foresee, which the other heaps'
    /// values are computed from.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    ///
    /// let six: OctalGame = "0.6".parse()?;
    /// let values = six.values_up_to(100_000)?;
    /// let rare = values.rare_heaps().unwrap();
    /// assert_eq!(rare.len(), values.rare_heap_count().unwrap());
    /// assert!(rare.iter().all(|&heap| heap < 1 << 15));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rare_heaps(&self) -> Option<&[u64]> {
        self.rare_heaps.as_deref()
    }

    /// The XOR of the values of `heaps`, if every heap is covered.
    pub(super) fn position_value(&self, heaps: &[u64]) -> Option<Nimber> {
        heaps
            .iter()
            .try_fold(Nimber::ZERO, |sum, &heap| Some(sum ^ self.get(heap)?))
    }
}
