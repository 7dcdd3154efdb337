//! The closed forms of the classics — Nim (normal and misère play), Fibonacci Nim, Wythoff's
//! game — under the crate's names: `outcome`, `grundy`, `winning_move`, `winning_moves`.

use impartial::take_away::TakeAwayState;
use impartial::{fibonacci, nim, wythoff};
use pyo3::prelude::*;

use crate::errors;
use crate::vocabulary::{Nimber, Outcome};

/// A move of Nim: `take` counters from heap number `heap` (counted from 0), which had
/// `from_` and keeps `to`.
///
/// >>> from impartial import nim
/// >>> move = nim.winning_move([3, 4, 5])
/// >>> move
/// NimMove(heap=0, from_=3, to=1, take=2)
/// >>> str(move)
/// 'take 2 from heap 0 (3 → 1)'
/// >>> move.to_tuple()
/// (0, 3, 1, 2)
#[pyclass(module = "impartial.nim", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// The heap's place, from 0.
    #[pyo3(get)]
    heap: usize,
    /// Its counters before the move.
    #[pyo3(get)]
    from_: u128,
    /// Its counters after.
    #[pyo3(get)]
    to: u128,
    /// The counters taken.
    #[pyo3(get)]
    take: u128,
}

impl From<nim::NimMove<u128>> for NimMove {
    fn from(made: nim::NimMove<u128>) -> Self {
        NimMove {
            heap: made.heap,
            from_: made.from,
            to: made.to,
            take: made.take,
        }
    }
}

#[pymethods]
impl NimMove {
    fn __repr__(&self) -> String {
        format!(
            "NimMove(heap={}, from_={}, to={}, take={})",
            self.heap, self.from_, self.to, self.take
        )
    }

    fn __str__(&self) -> String {
        nim::NimMove {
            heap: self.heap,
            from: self.from_,
            to: self.to,
            take: self.take,
        }
        .to_string()
    }

    /// `(heap, from_, to, take)`.
    pub fn to_tuple(&self) -> (usize, u128, u128, u128) {
        (self.heap, self.from_, self.to, self.take)
    }
}

/// The nim-sum of the heaps: their XOR.
///
/// >>> from impartial import nim
/// >>> nim.nim_sum([3, 4, 5])
/// 2
#[pyfunction]
fn nim_sum(heaps: Vec<u128>) -> u128 {
    nim::nim_sum(&heaps)
}

/// The value of the position: `*` of its nim-sum in normal play.
///
/// >>> from impartial import nim
/// >>> nim.grundy([3, 4, 5])
/// Nimber(2)
#[pyfunction]
fn grundy(heaps: Vec<u128>) -> Nimber {
    Nimber(impartial::Nimber(nim::nim_sum(&heaps)))
}

/// Who wins: `P` when the nim-sum is 0 (in misère play, when every heap is at most 1, when
/// the number of heaps of 1 is odd).
///
/// >>> from impartial import nim
/// >>> nim.outcome([1, 1])
/// Outcome.P
/// >>> nim.outcome([1, 1], misere=True)
/// Outcome.N
#[pyfunction]
#[pyo3(signature = (heaps, *, misere = false))]
fn outcome(heaps: Vec<u128>, misere: bool) -> Outcome {
    if misere {
        nim::misere::outcome(&heaps).into()
    } else {
        nim::outcome(&heaps).into()
    }
}

/// A winning move, or `None` when the player to move loses: from the first heap with a 1 in
/// the nim-sum's highest column (in misère play, the same but at the end, where it leaves
/// an odd number of heaps of 1).
///
/// >>> from impartial import nim
/// >>> nim.winning_move([3, 4, 5])
/// NimMove(heap=0, from_=3, to=1, take=2)
/// >>> nim.winning_move([1, 2, 3]) is None
/// True
/// >>> nim.winning_move([2, 1], misere=True)
/// NimMove(heap=0, from_=2, to=0, take=2)
#[pyfunction]
#[pyo3(signature = (heaps, *, misere = false))]
fn winning_move(heaps: Vec<u128>, misere: bool) -> Option<NimMove> {
    if misere {
        nim::misere::winning_move(&heaps).map(NimMove::from)
    } else {
        nim::winning_move(&heaps).map(NimMove::from)
    }
}

/// Every winning move, the one `winning_move` chooses first.
///
/// >>> from impartial import nim
/// >>> [str(move) for move in nim.winning_moves([1, 2, 4])]
/// ['take 1 from heap 2 (4 → 3)']
#[pyfunction]
#[pyo3(signature = (heaps, *, misere = false))]
fn winning_moves(heaps: Vec<u128>, misere: bool) -> Vec<NimMove> {
    if misere {
        nim::misere::winning_moves(&heaps)
            .map(NimMove::from)
            .collect()
    } else {
        nim::winning_moves(&heaps).map(NimMove::from).collect()
    }
}

/// Adds Nim's functions and `NimMove` to its module.
pub fn register_nim(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<NimMove>()?;
    module.add_function(wrap_pyfunction!(nim_sum, module)?)?;
    module.add_function(wrap_pyfunction!(grundy, module)?)?;
    module.add_function(wrap_pyfunction!(outcome, module)?)?;
    module.add_function(wrap_pyfunction!(winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(winning_moves, module)?)?;
    Ok(())
}

/// A move of Fibonacci Nim (or of a take-away game): `take` counters, from the state
/// `from_` (remaining counters and the most a move may take) to the state `to`.
///
/// >>> from impartial import fibonacci
/// >>> move = fibonacci.winning_move(100)
/// >>> move
/// TakeMove(take=3, from_=(100, 99), to=(97, 6))
/// >>> str(move)
/// 'take 3 (100 → 97 left, the next take at most 6)'
/// >>> move.to_tuple()
/// (3, (100, 99), (97, 6))
#[pyclass(module = "impartial.fibonacci", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeMove(pub impartial::take_away::TakeMove<u128>);

#[pymethods]
impl TakeMove {
    /// The counters taken.
    #[getter]
    fn take(&self) -> u128 {
        self.0.take
    }

    /// `(remaining, limit)` before the move.
    #[getter]
    fn from_(&self) -> (u128, u128) {
        (self.0.from.remaining, self.0.from.limit)
    }

    /// `(remaining, limit)` after the move.
    #[getter]
    fn to(&self) -> (u128, u128) {
        (self.0.to.remaining, self.0.to.limit)
    }

    fn __repr__(&self) -> String {
        format!(
            "TakeMove(take={}, from_={:?}, to={:?})",
            self.take(),
            self.from_(),
            self.to()
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(take, from_, to)`.
    fn to_tuple(&self) -> (u128, (u128, u128), (u128, u128)) {
        (self.take(), self.from_(), self.to())
    }
}

/// The position: `remaining` counters, of which a move may take at most `limit` (the first
/// move, with no limit given, any but all of them).
pub fn take_state(remaining: u128, limit: Option<u128>) -> TakeAwayState<u128> {
    match limit {
        Some(limit) => TakeAwayState { remaining, limit },
        None => TakeAwayState::from(remaining),
    }
}

fn take_move(made: impartial::take_away::TakeMove<u128>) -> TakeMove {
    TakeMove(made)
}

/// Who wins Fibonacci Nim from `remaining` counters with at most `limit` to take (the start
/// when `limit` is not given: a Fibonacci number of counters is lost).
///
/// >>> from impartial import fibonacci
/// >>> fibonacci.outcome(21), fibonacci.outcome(20)
/// (Outcome.P, Outcome.N)
#[pyfunction]
#[pyo3(name = "outcome", signature = (remaining, limit = None))]
fn fibonacci_outcome(remaining: u128, limit: Option<u128>) -> Outcome {
    fibonacci::outcome(take_state(remaining, limit)).into()
}

/// A winning move of Fibonacci Nim — take the smallest term of the Zeckendorf
/// representation — or `None` when the player to move loses.
///
/// >>> from impartial import fibonacci
/// >>> fibonacci.winning_move(20).take
/// 2
/// >>> fibonacci.winning_move(21) is None
/// True
#[pyfunction]
#[pyo3(name = "winning_move", signature = (remaining, limit = None))]
fn fibonacci_winning_move(remaining: u128, limit: Option<u128>) -> Option<TakeMove> {
    fibonacci::winning_move(take_state(remaining, limit)).map(take_move)
}

/// Every winning move of Fibonacci Nim, smallest take first.
///
/// >>> from impartial import fibonacci
/// >>> [move.take for move in fibonacci.winning_moves(20)]
/// [2]
#[pyfunction]
#[pyo3(name = "winning_moves", signature = (remaining, limit = None))]
fn fibonacci_winning_moves(remaining: u128, limit: Option<u128>) -> Vec<TakeMove> {
    fibonacci::winning_moves(take_state(remaining, limit))
        .map(take_move)
        .collect()
}

/// The Zeckendorf representation of `n`: its Fibonacci terms, no two consecutive, largest
/// first.
///
/// >>> from impartial import fibonacci
/// >>> fibonacci.zeckendorf(20)
/// [13, 5, 2]
#[pyfunction]
fn zeckendorf(n: u128) -> Vec<u128> {
    fibonacci::zeckendorf(n).collect()
}

/// Adds Fibonacci Nim's functions and `TakeMove` to its module.
pub fn register_fibonacci(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<TakeMove>()?;
    module.add_function(wrap_pyfunction!(fibonacci_outcome, module)?)?;
    module.add_function(wrap_pyfunction!(fibonacci_winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(fibonacci_winning_moves, module)?)?;
    module.add_function(wrap_pyfunction!(zeckendorf, module)?)?;
    Ok(())
}

/// A move of Wythoff's game: from the heaps `from_` to the heaps `to`.
///
/// >>> from impartial import wythoff
/// >>> move = wythoff.winning_move(4, 4)
/// >>> move
/// WythoffMove(from_=(4, 4), to=(0, 0))
/// >>> move.to_tuple()
/// ((4, 4), (0, 0))
#[pyclass(module = "impartial.wythoff", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WythoffMove(pub impartial::wythoff::WythoffMove<u128>);

#[pymethods]
impl WythoffMove {
    /// The two heaps before the move.
    #[getter]
    fn from_(&self) -> (u128, u128) {
        self.0.from
    }

    /// The two heaps after.
    #[getter]
    fn to(&self) -> (u128, u128) {
        self.0.to
    }

    fn __repr__(&self) -> String {
        format!("WythoffMove(from_={:?}, to={:?})", self.0.from, self.0.to)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(from_, to)`.
    fn to_tuple(&self) -> ((u128, u128), (u128, u128)) {
        (self.0.from, self.0.to)
    }
}

fn wythoff_move(made: impartial::wythoff::WythoffMove<u128>) -> WythoffMove {
    WythoffMove(made)
}

/// Who wins Wythoff's game from heaps `x` and `y`: `P` exactly on the pairs
/// `(⌊kφ⌋, ⌊kφ²⌋)`.
///
/// >>> from impartial import wythoff
/// >>> wythoff.outcome(3, 5), wythoff.outcome(3, 4)
/// (Outcome.P, Outcome.N)
#[pyfunction]
#[pyo3(name = "outcome")]
fn wythoff_outcome(x: u128, y: u128) -> Outcome {
    wythoff::outcome((x, y)).into()
}

/// A winning move of Wythoff's game, or `None` when the player to move loses.
///
/// >>> from impartial import wythoff
/// >>> wythoff.winning_move(3, 5) is None
/// True
#[pyfunction]
#[pyo3(name = "winning_move")]
fn wythoff_winning_move(x: u128, y: u128) -> Option<WythoffMove> {
    wythoff::winning_move((x, y)).map(wythoff_move)
}

/// Every winning move of Wythoff's game, the one `winning_move` chooses first.
///
/// >>> from impartial import wythoff
/// >>> [move.to for move in wythoff.winning_moves(2, 2)]
/// [(0, 0), (2, 1), (1, 2)]
#[pyfunction]
#[pyo3(name = "winning_moves")]
fn wythoff_winning_moves(x: u128, y: u128) -> Vec<WythoffMove> {
    wythoff::winning_moves((x, y)).map(wythoff_move).collect()
}

/// The P-positions of Wythoff's game with both heaps below `size` (at most 2 000), as a
/// picture: heap `x` across, heap `y` up.
///
/// >>> from impartial import wythoff
/// >>> wythoff.map(20)
/// <Picture: ... bytes of SVG>
#[pyfunction]
fn map(size: u64) -> PyResult<crate::vocabulary::Picture> {
    impartial::plot::wythoff_map(size)
        .map(crate::vocabulary::Picture::new)
        .map_err(errors::game)
}

/// Adds Wythoff's functions and `WythoffMove` to its module.
pub fn register_wythoff(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(map, module)?)?;
    module.add_class::<WythoffMove>()?;
    module.add_function(wrap_pyfunction!(wythoff_outcome, module)?)?;
    module.add_function(wrap_pyfunction!(wythoff_winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(wythoff_winning_moves, module)?)?;
    Ok(())
}
