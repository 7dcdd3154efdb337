//! The package's exceptions: each a subclass of `ValueError` where the input is wrong, with
//! the Rust error's own message.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    impartial,
    CodeError,
    PyValueError,
    "A take-and-break code that cannot be read: the message names the character at fault."
);
create_exception!(
    impartial,
    SequenceError,
    PyValueError,
    "A sequence that cannot be computed as asked: too many heaps, or more memory than there is."
);
create_exception!(
    impartial,
    TakeAwayError,
    PyValueError,
    "A take-away game or position that cannot be played: a zero multiplier, a take past the limit."
);
create_exception!(
    impartial,
    SolveError,
    PyRuntimeError,
    "A question the solver could not answer: a limit reached, or an error of the game's own options."
);
create_exception!(
    impartial,
    CycleError,
    PyValueError,
    "A game whose positions repeat along a line of play: the solver answers acyclic games only."
);

create_exception!(
    impartial,
    CertificateError,
    PyValueError,
    "A certificate refused: damaged, about another ruleset, or a claim that fails."
);

/// Adds the exceptions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("CodeError", py.get_type::<CodeError>())?;
    module.add("SequenceError", py.get_type::<SequenceError>())?;
    module.add("TakeAwayError", py.get_type::<TakeAwayError>())?;
    module.add("SolveError", py.get_type::<SolveError>())?;
    module.add("CycleError", py.get_type::<CycleError>())?;
    module.add("CertificateError", py.get_type::<CertificateError>())?;
    Ok(())
}
