//! The heap-sequence engine: the values G(0), G(1), … of an octal game, computed with
//! Python's lock released, stopped by Ctrl-C, with the period the octal periodicity theorem
//! proves and a picture for Jupyter.

use impartial::sequence::GrundySequence;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::errors;

/// The values of a heap game, G(0) to G(n), as a sequence: `len(sequence)` is the heaps it
/// holds (n + 1, or fewer if the run stopped before n without a period), iteration goes
/// through them and stops, `value in sequence` looks among them, and `sequence[-1]` is the
/// last. An index past the end is answered too, by the proved period, where there is one.
///
/// >>> from impartial import octal
/// >>> kayles = octal.values("0.77", 1000)
/// >>> len(kayles), kayles[-1] == kayles[1000]
/// (1001, True)
/// >>> kayles.tolist()[:12]
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
/// >>> kayles.period
/// (71, 12)
/// >>> kayles[10**18] == kayles[10**18 - 12] == kayles[76]  # by the period
/// True
/// >>> 8 in kayles, 9 in kayles  # Kayles' values are at most 8
/// (True, False)
/// >>> sum(1 for _ in kayles)
/// 1001
#[pyclass(module = "impartial.octal", frozen)]
pub struct Sequence {
    name: String,
    values: GrundySequence,
    /// The heaps the sequence holds: G(0) to G(len − 1).
    len: u64,
}

impl Sequence {
    /// The values of the game `name` to heap `n`, as `sequence` has them.
    pub fn new(name: String, sequence: GrundySequence, n: u64) -> Self {
        // Every heap to n, by the values or the period; or the values computed, if fewer.
        let len = if sequence.get(n).is_some() {
            n.saturating_add(1)
        } else {
            sequence.computed_len()
        };
        Sequence {
            name,
            values: sequence,
            len,
        }
    }

    /// G(`n`), which the values or the period give.
    fn at(&self, n: u64) -> PyResult<u32> {
        self.values
            .get(n)
            .and_then(|value| u32::try_from(value.0).ok())
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "heap {n} is past the {} values computed and no period is proved",
                    self.values.computed_len()
                ))
            })
    }
}

#[pymethods]
impl Sequence {
    /// The heaps the sequence holds: G(0) to G(len - 1).
    fn __len__(&self) -> usize {
        usize::try_from(self.len).unwrap_or(usize::MAX)
    }

    /// G(`index`): by the values or, past them, by the proved period; from the end for a
    /// negative index, as a list's.
    fn __getitem__(&self, index: i128) -> PyResult<u32> {
        let heap = if index < 0 {
            i128::from(self.len) + index
        } else {
            index
        };
        let heap = u64::try_from(heap).map_err(|_| {
            PyIndexError::new_err(format!(
                "index {index} is before the first of the {} values",
                self.len
            ))
        })?;
        self.at(heap)
    }

    /// The values G(0) to G(len - 1), in order.
    fn __iter__(slf: Bound<'_, Self>) -> SequenceIterator {
        SequenceIterator {
            sequence: slf.unbind(),
            next: 0,
        }
    }

    /// Whether some heap of the sequence has the value `value`.
    fn __contains__(&self, value: i128) -> bool {
        let Ok(value) = u32::try_from(value) else {
            return false;
        };
        let computed = self.values.computed_values();
        let shown = self.values.computed_len().min(self.len);
        if computed
            .iter()
            .take(shown as usize)
            .any(|found| found == value)
        {
            return true;
        }
        // Past the values computed, a period repeats a stretch of them; an arithmetic one
        // adds its saltus each period: a value is met there if some heap of the first period
        // past them climbs to it before the end.
        let Some(climb) = self.values.arithmetic_period() else {
            return false;
        };
        let (first, period) = (self.values.computed_len(), climb.period.max(1));
        (first..self.len.min(first.saturating_add(period))).any(|heap| {
            let Ok(start) = self.at(heap) else {
                return false;
            };
            match (value.checked_sub(start), climb.saltus) {
                (Some(0), _) => true,
                (Some(gap), saltus) if saltus > 0 && gap % saltus == 0 => {
                    let periods = u64::from(gap / saltus);
                    periods
                        .checked_mul(period)
                        .and_then(|past| heap.checked_add(past))
                        .is_some_and(|found| found < self.len)
                }
                _ => false,
            }
        })
    }

    /// The values G(0) to G(len - 1), as a list.
    fn tolist(&self) -> PyResult<Vec<u32>> {
        (0..self.len).map(|heap| self.at(heap)).collect()
    }

    /// `(preperiod, period)` when the periodicity theorem proves the period from the values
    /// computed, else `None`.
    #[getter]
    fn period(&self) -> Option<(u64, u64)> {
        self.values
            .period()
            .map(|period| (period.preperiod, period.period))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Sequence of {}: {} values, {}>",
            self.name,
            self.len,
            self.period().map_or_else(
                || "no period proved".to_string(),
                |(preperiod, period)| format!("period {period} from n = {preperiod}")
            )
        )
    }

    /// The sequence as an SVG picture: Jupyter shows it.
    fn _repr_svg_(&self) -> PyResult<String> {
        impartial::plot::nim_sequence(&self.name, &self.values).map_err(errors::sequence)
    }
}

/// G(0) to G(`n`) of the octal game `code` (`"0.77"` is Kayles), computed by the engine
/// with Python's lock released (another thread runs meanwhile); Ctrl-C stops it within a
/// fraction of a second.
///
/// >>> from impartial import octal
/// >>> octal.values("0.07", 20).tolist()
/// [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
/// >>> octal.values("0.9", 10)
/// Traceback (most recent call last):
///     ...
/// impartial.CodeError: ...
#[pyfunction]
fn values(py: Python<'_>, code: &str, n: u64) -> PyResult<Sequence> {
    crate::heap_games::HeapGame::octal(code)?.values(py, n)
}

/// The iterator of a [`Sequence`]: G(0), G(1), … to its end.
///
/// >>> from impartial import octal
/// >>> list(iter(octal.values("0.07", 6)))
/// [0, 0, 1, 1, 2, 0, 3]
#[pyclass(module = "impartial.octal")]
pub struct SequenceIterator {
    sequence: Py<Sequence>,
    next: u64,
}

#[pymethods]
impl SequenceIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<u32>> {
        let sequence = self.sequence.bind(py).get();
        if self.next >= sequence.len {
            return Ok(None);
        }
        self.next += 1;
        sequence.at(self.next - 1).map(Some)
    }
}

/// Adds the octal games' functions and `Sequence` to its module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Sequence>()?;
    module.add_class::<SequenceIterator>()?;
    module.add_function(wrap_pyfunction!(values, module)?)?;
    Ok(())
}
