//! The heap-sequence engine: the values G(0), G(1), … of an octal game, computed with
//! Python's lock released, stopped by Ctrl-C, with the period the octal periodicity theorem
//! proves and a picture for Jupyter.

use impartial::sequence::GrundySequence;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::errors;

/// The values of a heap game: `sequence[n]` for any heap `n` the run computed or its proved
/// period covers; `len(sequence)` the heaps computed.
///
/// >>> from impartial import octal
/// >>> kayles = octal.values("0.77", 1000)
/// >>> kayles.tolist()[:12]
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
/// >>> kayles.period
/// (71, 12)
/// >>> kayles[10**18] == kayles[10**18 - 12] == kayles[76]  # by the period
/// True
#[pyclass(module = "impartial.octal", frozen)]
pub struct Sequence {
    name: String,
    sequence: GrundySequence,
}

impl Sequence {
    /// The values of the game `name`.
    pub fn new(name: String, sequence: GrundySequence) -> Self {
        Sequence { name, sequence }
    }
}

#[pymethods]
impl Sequence {
    /// The heaps computed: G(0) to G(len - 1).
    fn __len__(&self) -> usize {
        usize::try_from(self.sequence.computed_len()).unwrap_or(usize::MAX)
    }

    /// G(`n`), by the values or, past them, by the proved period.
    fn __getitem__(&self, n: u64) -> PyResult<u128> {
        self.sequence.get(n).map(|value| value.0).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "heap {n} is past the {} values computed and no period is proved",
                self.sequence.computed_len()
            ))
        })
    }

    /// The values computed, as a list.
    fn tolist(&self) -> Vec<u32> {
        self.sequence.computed_values().to_vec()
    }

    /// `(preperiod, period)` when the periodicity theorem proves the period from the values
    /// computed, else `None`.
    #[getter]
    fn period(&self) -> Option<(u64, u64)> {
        self.sequence
            .period()
            .map(|period| (period.preperiod, period.period))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Sequence of {}: {} values, {}>",
            self.name,
            self.sequence.computed_len(),
            self.period().map_or_else(
                || "no period proved".to_string(),
                |(preperiod, period)| format!("period {period} from n = {preperiod}")
            )
        )
    }

    /// The sequence as an SVG picture: Jupyter shows it.
    fn _repr_svg_(&self) -> PyResult<String> {
        impartial::plot::nim_sequence(&self.name, &self.sequence)
            .map_err(|error| errors::SequenceError::new_err(error.to_string()))
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

/// Adds the octal games' functions and `Sequence` to its module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Sequence>()?;
    module.add_function(wrap_pyfunction!(values, module)?)?;
    Ok(())
}
