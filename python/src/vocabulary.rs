//! `Outcome` and `Nimber`, as Python sees them.

use pyo3::IntoPyObjectExt;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;

/// Who wins with perfect play: `P`, the player who just moved (the one to move loses), or
/// `N`, the next player, the one to move.
///
/// >>> from impartial import Outcome, nim
/// >>> nim.outcome([1, 2, 3])
/// Outcome.P
/// >>> nim.outcome([1]) == Outcome.N
/// True
#[pyclass(module = "impartial", eq, eq_int, hash, frozen, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: whoever must move loses.
    P,
    /// The next player, the one to move, wins.
    N,
}

impl From<impartial::Outcome> for Outcome {
    fn from(outcome: impartial::Outcome) -> Self {
        match outcome {
            impartial::Outcome::P => Outcome::P,
            impartial::Outcome::N => Outcome::N,
        }
    }
}

/// A nimber `*n`, the value of an impartial game: `+` is the nim-sum (XOR) and `*` the
/// nim-product, which make the nimbers below `2**(2**k)` a field.
///
/// >>> from impartial import Nimber
/// >>> Nimber(3) + Nimber(5)
/// Nimber(6)
/// >>> Nimber(2) * Nimber(2)
/// Nimber(3)
/// >>> int(Nimber(4) * Nimber(4).inverse())
/// 1
/// >>> str(Nimber(7))
/// '*7'
#[pyclass(module = "impartial", frozen, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nimber(pub impartial::Nimber);

#[pymethods]
impl Nimber {
    /// `*value`, for `0 <= value < 2**128`.
    #[new]
    fn new(value: u128) -> Self {
        Nimber(impartial::Nimber(value))
    }

    /// The nimber's number, as an `int`.
    #[getter]
    fn value(&self) -> u128 {
        self.0.0
    }

    fn __int__(&self) -> u128 {
        self.0.0
    }

    fn __index__(&self) -> u128 {
        self.0.0
    }

    fn __bool__(&self) -> bool {
        self.0.0 != 0
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __hash__(&self) -> u64 {
        // As the int of the same value hashes, so that a set or a dict treats them alike.
        (self.0.0 % ((1u128 << 61) - 1)) as u64
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.extract::<Nimber>() else {
            return py.NotImplemented();
        };
        match op {
            CompareOp::Eq => (self.0 == other.0)
                .into_py_any(py)
                .unwrap_or_else(|_| py.NotImplemented()),
            CompareOp::Ne => (self.0 != other.0)
                .into_py_any(py)
                .unwrap_or_else(|_| py.NotImplemented()),
            _ => py.NotImplemented(),
        }
    }

    /// The nim-sum: `a + b` is `a ^ b`.
    fn __add__(&self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }

    /// The nim-sum is its own inverse: `a - b` is `a + b`.
    fn __sub__(&self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }

    /// The nim-product.
    fn __mul__(&self, other: Nimber) -> Nimber {
        Nimber(self.0 * other.0)
    }

    /// The nim-quotient `a * b.inverse()`.
    fn __truediv__(&self, other: Nimber) -> PyResult<Nimber> {
        if other.0.0 == 0 {
            return Err(PyZeroDivisionError::new_err("nimber division by *0"));
        }
        Ok(Nimber(self.0 * other.0.inverse()))
    }

    /// The inverse under the nim-product.
    ///
    /// >>> from impartial import Nimber
    /// >>> Nimber(2).inverse()
    /// Nimber(3)
    fn inverse(&self) -> PyResult<Nimber> {
        if self.0.0 == 0 {
            return Err(PyValueError::new_err("*0 has no inverse"));
        }
        Ok(Nimber(self.0.inverse()))
    }
}

/// A picture drawn by the crate, as SVG: Jupyter shows it (`_repr_svg_`); `svg` is its
/// text, to save.
///
/// >>> from impartial import wythoff
/// >>> picture = wythoff.map(30)
/// >>> picture.svg.startswith("<svg")
/// True
#[pyclass(module = "impartial", frozen)]
pub struct Picture {
    svg: String,
}

impl Picture {
    /// The picture of `svg`.
    pub fn new(svg: String) -> Self {
        Picture { svg }
    }
}

#[pymethods]
impl Picture {
    /// The SVG text.
    #[getter]
    fn svg(&self) -> &str {
        &self.svg
    }

    fn _repr_svg_(&self) -> &str {
        &self.svg
    }

    fn __repr__(&self) -> String {
        format!("<Picture: {} bytes of SVG>", self.svg.len())
    }
}

/// Adds `Outcome`, `Nimber` and `Picture` to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Picture>()?;
    module.add_class::<Outcome>()?;
    module.add_class::<Nimber>()?;
    Ok(())
}
