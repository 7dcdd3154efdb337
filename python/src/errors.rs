//! The package's exceptions, all in one hierarchy under `impartial.ImpartialError`, so that
//! `except impartial.ImpartialError` catches every error of the package. Each is also the
//! built-in exception a Python user expects of its kind — `ValueError` where the input is
//! wrong, `RuntimeError` where a question could not be answered — with the Rust error's own
//! message.
//!
//! ```text
//! ImpartialError(Exception)
//! ├── GameError(ImpartialError, ValueError)        a game or position that cannot be made,
//! │                                                 a position of another game, a move that
//! │                                                 is not one from there
//! ├── CodeError(ImpartialError, ValueError)        a take-and-break code that cannot be read
//! ├── SequenceError(ImpartialError, ValueError)    a sequence that cannot be computed as asked
//! ├── TakeAwayError(ImpartialError, ValueError)    a take-away game that cannot be played
//! ├── CertificateError(ImpartialError, ValueError) a certificate refused
//! └── SolveError(ImpartialError, RuntimeError)     a question a solver could not answer
//!     ├── CycleError(SolveError, ValueError)       a game whose positions repeat
//!     └── BusyError(SolveError)                    a question asked of an object while it
//!                                                   answers another on the same thread
//! ```
//!
//! Every Rust error becomes its Python exception here, by the functions at the end: the
//! rest of the bindings call them rather than choosing a class of their own.
//!
//! The classes are made when the module is loaded, with `type(name, bases, namespace)`:
//! several bases are what `create_exception!` cannot give.

use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// One exception class of the package: its name, bases (names of this package's classes, or
/// the built-ins), and docstring.
struct Class {
    name: &'static str,
    bases: &'static [&'static str],
    doc: &'static str,
}

/// Every class, each after its bases.
const CLASSES: [Class; 9] = [
    Class {
        name: "ImpartialError",
        bases: &["Exception"],
        doc: "Every error of the package: `except impartial.ImpartialError` catches them all.",
    },
    Class {
        name: "GameError",
        bases: &["ImpartialError", "ValueError"],
        doc: "A game or position that cannot be made (a board of no cells, bits past the \
              board), a position of another game, or a move that is not one from there.",
    },
    Class {
        name: "CodeError",
        bases: &["ImpartialError", "ValueError"],
        doc: "A take-and-break code that cannot be read: the message names the character at \
              fault.",
    },
    Class {
        name: "SequenceError",
        bases: &["ImpartialError", "ValueError"],
        doc: "A sequence that cannot be computed as asked: too many heaps, or more memory than \
              there is.",
    },
    Class {
        name: "TakeAwayError",
        bases: &["ImpartialError", "ValueError"],
        doc: "A take-away game or position that cannot be played: a zero multiplier, a take \
              past the limit.",
    },
    Class {
        name: "CertificateError",
        bases: &["ImpartialError", "ValueError"],
        doc: "A certificate refused: damaged, about another ruleset, about another question \
              than the one asked, or a claim that fails.",
    },
    Class {
        name: "SolveError",
        bases: &["ImpartialError", "RuntimeError"],
        doc: "A question the solver could not answer: a limit reached, or an error of the \
              game's own options.",
    },
    Class {
        name: "CycleError",
        bases: &["SolveError", "ValueError"],
        doc: "A game whose positions repeat along a line of play: the solver answers acyclic \
              games only.",
    },
    Class {
        name: "BusyError",
        bases: &["SolveError"],
        doc: "A question asked of a solver or a game while it answers another on the same \
              thread — from its own options function, say. (Another thread waits its turn.)",
    },
];

/// The classes, made once.
static TYPES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// The classes, made the first time they are asked for.
fn types(py: Python<'_>) -> PyResult<&Vec<Py<PyType>>> {
    TYPES.get_or_try_init(py, || {
        let mut made: Vec<Py<PyType>> = Vec::with_capacity(CLASSES.len());
        for class in &CLASSES {
            let bases: Vec<Bound<'_, PyType>> = class
                .bases
                .iter()
                .map(|&base| match base {
                    "Exception" => py.get_type::<PyException>(),
                    "ValueError" => py.get_type::<PyValueError>(),
                    "RuntimeError" => py.get_type::<PyRuntimeError>(),
                    own => {
                        let at = CLASSES
                            .iter()
                            .position(|other| other.name == own)
                            .expect("a base made before its subclasses");
                        made[at].bind(py).clone()
                    }
                })
                .collect();
            let namespace = PyDict::new(py);
            namespace.set_item("__module__", "impartial")?;
            namespace.set_item("__doc__", class.doc)?;
            let new =
                py.get_type::<PyType>()
                    .call1((class.name, PyTuple::new(py, bases)?, namespace))?;
            made.push(new.cast_into::<PyType>()?.unbind());
        }
        Ok(made)
    })
}

/// An error of the class `name` with `message`.
fn raise(name: &str, message: String) -> PyErr {
    Python::attach(|py| match types(py) {
        Ok(types) => {
            let at = CLASSES
                .iter()
                .position(|class| class.name == name)
                .expect("one of the package's classes");
            PyErr::from_type(types[at].bind(py).clone(), message)
        }
        Err(error) => error,
    })
}

/// Each class as a Rust type with `new_err`, as `create_exception!` makes them.
macro_rules! classes {
    ($($class:ident),*) => {$(
        pub struct $class;

        impl $class {
            pub fn new_err(message: impl Into<String>) -> PyErr {
                raise(stringify!($class), message.into())
            }
        }
    )*};
}

classes!(
    GameError,
    CodeError,
    SequenceError,
    TakeAwayError,
    CertificateError,
    SolveError,
    CycleError,
    BusyError
);

/// Adds the exceptions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    for (class, made) in CLASSES.iter().zip(types(py)?) {
        module.add(class.name, made.bind(py))?;
    }
    Ok(())
}

/// A game, position or move that cannot be made or is not this game's: `GameError`.
pub fn game(error: impl std::fmt::Display) -> PyErr {
    GameError::new_err(error.to_string())
}

/// A take-and-break code that cannot be read: `CodeError`.
pub fn code(error: impl std::fmt::Display) -> PyErr {
    CodeError::new_err(error.to_string())
}

/// A sequence or quotient that cannot be computed as asked: `SequenceError`.
pub fn sequence(error: impl std::fmt::Display) -> PyErr {
    SequenceError::new_err(error.to_string())
}

/// A take-away game that cannot be played: `TakeAwayError`.
pub fn take_away(error: &impartial::take_away::TakeAwayError) -> PyErr {
    TakeAwayError::new_err(error.to_string())
}

/// A certificate that cannot be read or written is an `OSError`; one refused, a
/// `CertificateError` with the checker's message.
pub fn certificate(error: &impartial::certificate::CertificateError) -> PyErr {
    match error {
        impartial::certificate::CertificateError::Io { .. } => {
            pyo3::exceptions::PyOSError::new_err(error.to_string())
        }
        other => CertificateError::new_err(other.to_string()),
    }
}

/// A question a solver could not answer: a position of another game is a `GameError`, a
/// cycle a `CycleError`, anything else a `SolveError`, each with the solver's message.
pub fn solve<P: std::fmt::Debug>(error: impartial::SolveError<P>) -> PyErr {
    match error {
        impartial::SolveError::InvalidPosition { reason, .. } => GameError::new_err(reason),
        cycle @ impartial::SolveError::Cycle { .. } => CycleError::new_err(cycle.to_string()),
        other => SolveError::new_err(other.to_string()),
    }
}
