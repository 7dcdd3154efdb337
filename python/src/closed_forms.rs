//! The other closed forms under the crate's names: take-away games with a multiplier,
//! a-Wythoff, Lasker's Nim, Welter's game, Moore's Nim, Staircase Nim and Euclid's game.
//! Each move class holds the crate's own move: `str` is its words, `to_tuple` its fields.

use impartial::{ClosedForm, euclid, lasker, moore, staircase, welter};
use pyo3::prelude::*;

use crate::classics::{NimMove, TakeMove, WythoffMove, take_state};
use crate::errors;
use crate::vocabulary::{Nimber, Outcome};

/// A take-away game with multiplier `k`: a move takes at most `k` times what the last move
/// took (the first, anything but everything). `k = 2` is Fibonacci Nim.
///
/// >>> from impartial.take_away import TakeAway
/// >>> game = TakeAway(3)
/// >>> game.outcome(8), game.outcome(9)
/// (Outcome.P, Outcome.N)
/// >>> game.winning_move(9)
/// TakeMove(take=1, from_=(9, 8), to=(8, 3))
/// >>> TakeAway(0)
/// Traceback (most recent call last):
///     ...
/// impartial.TakeAwayError: ...
#[pyclass(module = "impartial.take_away", frozen)]
pub struct TakeAway(impartial::take_away::TakeAway<u128>);

#[pymethods]
impl TakeAway {
    /// The game with multiplier `k` (at least 1).
    #[new]
    fn new(k: u64) -> PyResult<Self> {
        impartial::take_away::TakeAway::new(k)
            .map(TakeAway)
            .map_err(|error| errors::take_away(&error))
    }

    /// Who wins from `remaining` counters, a move taking at most `limit` (the first move when
    /// not given).
    #[pyo3(signature = (remaining, limit = None))]
    fn outcome(&self, remaining: u128, limit: Option<u128>) -> PyResult<Outcome> {
        self.0
            .outcome(take_state(remaining, limit))
            .map(Outcome::from)
            .map_err(|error| errors::take_away(&error))
    }

    /// A winning move, or `None` when the player to move loses.
    #[pyo3(signature = (remaining, limit = None))]
    fn winning_move(&self, remaining: u128, limit: Option<u128>) -> PyResult<Option<TakeMove>> {
        self.0
            .winning_move(take_state(remaining, limit))
            .map(|found| found.map(TakeMove))
            .map_err(|error| errors::take_away(&error))
    }

    /// Every winning move, smallest take first.
    #[pyo3(signature = (remaining, limit = None))]
    fn winning_moves(&self, remaining: u128, limit: Option<u128>) -> PyResult<Vec<TakeMove>> {
        Ok(self
            .0
            .winning_moves(take_state(remaining, limit))
            .map_err(|error| errors::take_away(&error))?
            .map(TakeMove)
            .collect())
    }

    fn __repr__(&self) -> String {
        format!("TakeAway({})", self.0.multiplier())
    }
}

/// Fraenkel's a-Wythoff game: Wythoff's moves, except that a move from both heaps must take
/// amounts differing by less than `a`. `a = 1` is Wythoff's game.
///
/// >>> from impartial.wythoff import AWythoff
/// >>> game = AWythoff(2)
/// >>> game.outcome(1, 3), game.outcome(1, 2)
/// (Outcome.P, Outcome.N)
#[pyclass(module = "impartial.wythoff", frozen)]
pub struct AWythoff(impartial::wythoff::AWythoff);

#[pymethods]
impl AWythoff {
    /// The game with parameter `a` (at least 1).
    #[new]
    fn new(a: u32) -> PyResult<Self> {
        impartial::wythoff::AWythoff::new(a)
            .map(AWythoff)
            .map_err(errors::game)
    }

    /// Who wins from heaps `x` and `y`.
    fn outcome(&self, x: u128, y: u128) -> Outcome {
        let Ok(outcome) = self.0.outcome((x, y));
        outcome.into()
    }

    /// A winning move, or `None` when the player to move loses.
    fn winning_move(&self, x: u128, y: u128) -> Option<WythoffMove> {
        let Ok(best) = self.0.winning_move((x, y));
        best.map(WythoffMove)
    }

    /// Every winning move, the one `winning_move` chooses first.
    fn winning_moves(&self, x: u128, y: u128) -> Vec<WythoffMove> {
        let Ok(moves) = self.0.winning_moves((x, y));
        moves.map(WythoffMove).collect()
    }

    fn __repr__(&self) -> String {
        format!("AWythoff({})", self.0.a())
    }
}

/// A Lasker move as plain values: `(kind, heap, from_, to, into)`.
type LaskerTuple = (&'static str, usize, u64, Option<u64>, Option<(u64, u64)>);

/// A move of Lasker's Nim: `kind` is `"take"` (heap `heap` from `from_` to `to`) or
/// `"split"` (heap `heap` of `from_` into the two heaps `into`).
///
/// >>> from impartial import lasker
/// >>> lasker.winning_move([3, 4])
/// LaskerMove(kind='split', heap=0, from_=3, to=None, into=(1, 2))
/// >>> str(lasker.winning_move([5, 1]))
/// 'take 4 from heap 0 (5 → 1)'
#[pyclass(module = "impartial.lasker", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LaskerMove(lasker::LaskerMove);

#[pymethods]
impl LaskerMove {
    /// `"take"` or `"split"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            lasker::LaskerMove::Take { .. } => "take",
            lasker::LaskerMove::Split { .. } => "split",
        }
    }

    /// The heap's place, from 0.
    #[getter]
    fn heap(&self) -> usize {
        match self.0 {
            lasker::LaskerMove::Take { heap, .. } | lasker::LaskerMove::Split { heap, .. } => heap,
        }
    }

    /// Its counters before the move.
    #[getter]
    fn from_(&self) -> u64 {
        match self.0 {
            lasker::LaskerMove::Take { from, .. } | lasker::LaskerMove::Split { from, .. } => from,
        }
    }

    /// What a take leaves of the heap (`None` for a split).
    #[getter]
    fn to(&self) -> Option<u64> {
        match self.0 {
            lasker::LaskerMove::Take { to, .. } => Some(to),
            lasker::LaskerMove::Split { .. } => None,
        }
    }

    /// The two heaps a split leaves (`None` for a take).
    #[getter]
    fn into(&self) -> Option<(u64, u64)> {
        match self.0 {
            lasker::LaskerMove::Split { into, .. } => Some(into),
            lasker::LaskerMove::Take { .. } => None,
        }
    }

    fn __repr__(&self) -> String {
        let show = |value: Option<String>| value.unwrap_or_else(|| "None".to_string());
        format!(
            "LaskerMove(kind='{}', heap={}, from_={}, to={}, into={})",
            self.kind(),
            self.heap(),
            self.from_(),
            show(self.to().map(|to| to.to_string())),
            show(self.into().map(|into| format!("{into:?}")))
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(kind, heap, from_, to, into)`.
    fn to_tuple(&self) -> LaskerTuple {
        (
            self.kind(),
            self.heap(),
            self.from_(),
            self.to(),
            self.into(),
        )
    }
}

/// The value of one heap of Lasker's Nim.
///
/// >>> from impartial import lasker
/// >>> [lasker.heap_grundy(n).value for n in range(9)]
/// [0, 1, 2, 4, 3, 5, 6, 8, 7]
#[pyfunction]
fn heap_grundy(heap: u64) -> Nimber {
    Nimber(lasker::heap_grundy(heap))
}

/// The value of a position of Lasker's Nim: the nim-sum of its heaps' values.
///
/// >>> from impartial import lasker
/// >>> lasker.grundy([3, 4])
/// Nimber(7)
#[pyfunction]
#[pyo3(name = "grundy")]
fn lasker_grundy(heaps: Vec<u64>) -> Nimber {
    Nimber(lasker::grundy(&heaps))
}

/// Who wins a position of Lasker's Nim.
///
/// >>> from impartial import lasker
/// >>> lasker.outcome([3, 4])
/// Outcome.N
#[pyfunction]
#[pyo3(name = "outcome")]
fn lasker_outcome(heaps: Vec<u64>) -> Outcome {
    lasker::outcome(&heaps).into()
}

/// A winning move of Lasker's Nim, or `None` when the player to move loses.
///
/// >>> from impartial import lasker
/// >>> lasker.winning_move([3, 4])
/// LaskerMove(kind='split', heap=0, from_=3, to=None, into=(1, 2))
#[pyfunction]
#[pyo3(name = "winning_move")]
fn lasker_winning_move(heaps: Vec<u64>) -> Option<LaskerMove> {
    lasker::winning_move(&heaps).map(LaskerMove)
}

/// Every winning move of Lasker's Nim, the one `winning_move` chooses first.
///
/// >>> from impartial import lasker
/// >>> [str(move) for move in lasker.winning_moves([3])]
/// ['take 3 from heap 0 (3 → 0)']
#[pyfunction]
#[pyo3(name = "winning_moves")]
fn lasker_winning_moves(heaps: Vec<u64>) -> Vec<LaskerMove> {
    lasker::winning_moves(&heaps).map(LaskerMove).collect()
}

/// A move of Welter's game: a coin from square `from_` to the free square `to` below it.
///
/// >>> from impartial import welter
/// >>> welter.winning_move([1, 2])
/// WelterMove(from_=2, to=0)
#[pyclass(module = "impartial.welter", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WelterMove(welter::WelterMove);

#[pymethods]
impl WelterMove {
    /// The coin's square before the move.
    #[getter]
    fn from_(&self) -> u64 {
        self.0.from
    }

    /// Its square after.
    #[getter]
    fn to(&self) -> u64 {
        self.0.to
    }

    fn __repr__(&self) -> String {
        format!("WelterMove(from_={}, to={})", self.0.from, self.0.to)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(from_, to)`.
    fn to_tuple(&self) -> (u64, u64) {
        (self.0.from, self.0.to)
    }
}

fn welter_position(squares: &[u64]) -> PyResult<welter::WelterPosition> {
    welter::WelterPosition::new(squares).map_err(errors::game)
}

/// The value of a position of Welter's game: coins on the squares `squares`, at most one a
/// square (a `ValueError` otherwise).
///
/// >>> from impartial import welter
/// >>> welter.grundy([1, 2])
/// Nimber(2)
#[pyfunction]
#[pyo3(name = "grundy")]
fn welter_grundy(squares: Vec<u64>) -> PyResult<Nimber> {
    Ok(Nimber(welter::grundy(&welter_position(&squares)?)))
}

/// Who wins a position of Welter's game.
///
/// >>> from impartial import welter
/// >>> welter.outcome([0, 1])
/// Outcome.P
#[pyfunction]
#[pyo3(name = "outcome")]
fn welter_outcome(squares: Vec<u64>) -> PyResult<Outcome> {
    Ok(welter::outcome(&welter_position(&squares)?).into())
}

/// A winning move of Welter's game, or `None` when the player to move loses.
///
/// >>> from impartial import welter
/// >>> str(welter.winning_move([1, 2]))
/// 'slide the coin on square 2 to square 0'
#[pyfunction]
#[pyo3(name = "winning_move")]
fn welter_winning_move(squares: Vec<u64>) -> PyResult<Option<WelterMove>> {
    Ok(welter::winning_move(&welter_position(&squares)?).map(WelterMove))
}

/// Every winning move of Welter's game, the one `winning_move` chooses first.
///
/// >>> from impartial import welter
/// >>> [move.to_tuple() for move in welter.winning_moves([1, 2])]
/// [(2, 0)]
#[pyfunction]
#[pyo3(name = "winning_moves")]
fn welter_winning_moves(squares: Vec<u64>) -> PyResult<Vec<WelterMove>> {
    Ok(welter::winning_moves(&welter_position(&squares)?)
        .map(WelterMove)
        .collect())
}

/// A move of Moore's Nim: one take from each of up to `k` heaps, as `NimMove`s.
///
/// >>> from impartial import moore
/// >>> move = moore.winning_move(2, [1, 2, 3])
/// >>> [take.to_tuple() for take in move.takes]
/// [(1, 2, 1, 1), (2, 3, 1, 2)]
/// >>> str(move)
/// 'take 1 from heap 1 (2 → 1) and 2 from heap 2 (3 → 1)'
#[pyclass(module = "impartial.moore", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MooreMove(moore::MooreMove<u128>);

#[pymethods]
impl MooreMove {
    /// The takes, one a heap.
    #[getter]
    fn takes(&self) -> Vec<NimMove> {
        self.0.takes.iter().copied().map(NimMove::from).collect()
    }

    fn __repr__(&self) -> String {
        let takes: Vec<String> = self
            .takes()
            .iter()
            .map(|take| format!("{:?}", take.to_tuple()))
            .collect();
        format!("MooreMove(takes=[{}])", takes.join(", "))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// The takes as `(heap, from_, to, take)` tuples.
    fn to_tuple(&self) -> Vec<(usize, u128, u128, u128)> {
        self.takes().iter().map(NimMove::to_tuple).collect()
    }
}

/// Who wins Moore's Nim with `k`: a move takes from up to `k` heaps at once.
///
/// >>> from impartial import moore
/// >>> moore.outcome(2, [1, 2, 3]), moore.outcome(2, [1, 1, 1])
/// (Outcome.N, Outcome.P)
#[pyfunction]
#[pyo3(name = "outcome")]
fn moore_outcome(k: usize, heaps: Vec<u128>) -> Outcome {
    moore::outcome(k, &heaps).into()
}

/// A winning move of Moore's Nim, or `None` when the player to move loses.
///
/// >>> from impartial import moore
/// >>> moore.winning_move(2, [1, 1, 1]) is None
/// True
#[pyfunction]
#[pyo3(name = "winning_move")]
fn moore_winning_move(k: usize, heaps: Vec<u128>) -> Option<MooreMove> {
    moore::winning_move(k, &heaps).map(MooreMove)
}

/// Every winning move of Moore's Nim, the one `winning_move` chooses first.
///
/// >>> from impartial import moore
/// >>> len(moore.winning_moves(1, [1, 2, 3]))  # Moore's Nim with k = 1 is Nim
/// 0
#[pyfunction]
#[pyo3(name = "winning_moves")]
fn moore_winning_moves(k: usize, heaps: Vec<u128>) -> Vec<MooreMove> {
    moore::winning_moves(k, &heaps).map(MooreMove).collect()
}

/// A move of Staircase Nim: `coins` coins from step `step` (which held `from_`) down one
/// step.
///
/// >>> from impartial import staircase
/// >>> staircase.winning_move([0, 3])
/// StairMove(step=1, coins=3, from_=3)
#[pyclass(module = "impartial.staircase", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StairMove(staircase::StairMove<u128>);

#[pymethods]
impl StairMove {
    /// The step, from 0 (the ground).
    #[getter]
    fn step(&self) -> usize {
        self.0.step
    }

    /// The coins moved down.
    #[getter]
    fn coins(&self) -> u128 {
        self.0.coins
    }

    /// The coins on the step before the move.
    #[getter]
    fn from_(&self) -> u128 {
        self.0.from
    }

    fn __repr__(&self) -> String {
        format!(
            "StairMove(step={}, coins={}, from_={})",
            self.0.step, self.0.coins, self.0.from
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(step, coins, from_)`.
    fn to_tuple(&self) -> (usize, u128, u128) {
        (self.0.step, self.0.coins, self.0.from)
    }
}

/// Who wins Staircase Nim with `steps[i]` coins on step `i` (step 0 the ground).
///
/// >>> from impartial import staircase
/// >>> staircase.outcome([5, 1, 0, 1])
/// Outcome.P
#[pyfunction]
#[pyo3(name = "outcome")]
fn staircase_outcome(steps: Vec<u128>) -> Outcome {
    staircase::outcome(&steps).into()
}

/// A winning move of Staircase Nim, or `None` when the player to move loses.
///
/// >>> from impartial import staircase
/// >>> str(staircase.winning_move([0, 3]))
/// 'move 3 coins from step 1 to the ground (step 1: 3 → 0)'
#[pyfunction]
#[pyo3(name = "winning_move")]
fn staircase_winning_move(steps: Vec<u128>) -> Option<StairMove> {
    staircase::winning_move(&steps).map(StairMove)
}

/// Every winning move of Staircase Nim, the one `winning_move` chooses first.
///
/// >>> from impartial import staircase
/// >>> [move.to_tuple() for move in staircase.winning_moves([0, 3, 0, 1])]
/// [(1, 2, 3)]
#[pyfunction]
#[pyo3(name = "winning_moves")]
fn staircase_winning_moves(steps: Vec<u128>) -> Vec<StairMove> {
    staircase::winning_moves(&steps).map(StairMove).collect()
}

/// A move of Euclid's game: from the pair `from_` to the pair `to`.
///
/// >>> from impartial import euclid
/// >>> euclid.winning_move(7, 3)
/// EuclidMove(from_=(7, 3), to=(4, 3))
#[pyclass(module = "impartial.euclid", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EuclidMove(euclid::EuclidMove);

#[pymethods]
impl EuclidMove {
    /// The pair before the move.
    #[getter]
    fn from_(&self) -> (u128, u128) {
        self.0.from
    }

    /// The pair after.
    #[getter]
    fn to(&self) -> (u128, u128) {
        self.0.to
    }

    fn __repr__(&self) -> String {
        format!("EuclidMove(from_={:?}, to={:?})", self.0.from, self.0.to)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(from_, to)`.
    fn to_tuple(&self) -> ((u128, u128), (u128, u128)) {
        (self.0.from, self.0.to)
    }
}

/// Who wins Euclid's game from the pair `x`, `y`.
///
/// >>> from impartial import euclid
/// >>> euclid.outcome(3, 2), euclid.outcome(7, 3)
/// (Outcome.P, Outcome.N)
#[pyfunction]
#[pyo3(name = "outcome")]
fn euclid_outcome(x: u128, y: u128) -> Outcome {
    euclid::outcome((x, y)).into()
}

/// A winning move of Euclid's game, or `None` when the player to move loses.
///
/// >>> from impartial import euclid
/// >>> str(euclid.winning_move(7, 3))
/// 'take 1 × 3 from 7 (7, 3 → 4, 3)'
#[pyfunction]
#[pyo3(name = "winning_move")]
fn euclid_winning_move(x: u128, y: u128) -> Option<EuclidMove> {
    euclid::winning_move((x, y)).map(EuclidMove)
}

/// Every winning move of Euclid's game, the one `winning_move` chooses first.
///
/// >>> from impartial import euclid
/// >>> [move.to for move in euclid.winning_moves(7, 3)]
/// [(4, 3)]
#[pyfunction]
#[pyo3(name = "winning_moves")]
fn euclid_winning_moves(x: u128, y: u128) -> Vec<EuclidMove> {
    euclid::winning_moves((x, y)).map(EuclidMove).collect()
}

/// Adds `TakeAway` to its module.
pub fn register_take_away(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<TakeAway>()?;
    module.add_class::<TakeMove>()
}

/// Adds `AWythoff` to Wythoff's module.
pub fn register_a_wythoff(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<AWythoff>()
}

/// Adds Lasker's Nim's functions and `LaskerMove`.
pub fn register_lasker(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<LaskerMove>()?;
    module.add_function(wrap_pyfunction!(heap_grundy, module)?)?;
    module.add_function(wrap_pyfunction!(lasker_grundy, module)?)?;
    module.add_function(wrap_pyfunction!(lasker_outcome, module)?)?;
    module.add_function(wrap_pyfunction!(lasker_winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(lasker_winning_moves, module)?)
}

/// Adds Welter's game's functions and `WelterMove`.
pub fn register_welter(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<WelterMove>()?;
    module.add_function(wrap_pyfunction!(welter_grundy, module)?)?;
    module.add_function(wrap_pyfunction!(welter_outcome, module)?)?;
    module.add_function(wrap_pyfunction!(welter_winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(welter_winning_moves, module)?)
}

/// Adds Moore's Nim's functions and `MooreMove`.
pub fn register_moore(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<MooreMove>()?;
    module.add_function(wrap_pyfunction!(moore_outcome, module)?)?;
    module.add_function(wrap_pyfunction!(moore_winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(moore_winning_moves, module)?)
}

/// Adds Staircase Nim's functions and `StairMove`.
pub fn register_staircase(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<StairMove>()?;
    module.add_function(wrap_pyfunction!(staircase_outcome, module)?)?;
    module.add_function(wrap_pyfunction!(staircase_winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(staircase_winning_moves, module)?)
}

/// Adds Euclid's game's functions and `EuclidMove`.
pub fn register_euclid(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<EuclidMove>()?;
    module.add_function(wrap_pyfunction!(euclid_outcome, module)?)?;
    module.add_function(wrap_pyfunction!(euclid_winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(euclid_winning_moves, module)?)
}
