//! The general method on a game written in Python: `Solver(options)`, where `options` is a
//! function from a position (any hashable object) to an iterable of the positions one move
//! leaves. The memo, the search and the misère questions are the crate's `Solver`; each
//! position is given a number the first time it is met, so the search stores numbers and
//! calls Python only to list a new position's options.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use impartial::{Decompose, Decomposition, ImpartialGame, SolveError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyTuple};

use crate::errors;
use crate::exclusive::Exclusive;
use crate::interrupt::Watch;
use crate::vocabulary::{Nimber, Outcome};

/// How many option lists are asked between two looks at Python's signals (Ctrl-C).
const SIGNAL_EVERY: u32 = 1024;

/// The `int` positions from 0 below this are numbered through a table indexed by the int
/// (four bytes each, grown as they are met, so at most 4 MB whatever ints a game uses);
/// others through a hash map, which grows with the positions met only.
const SMALL_INTS: usize = 1 << 20;

/// A hasher for `i64` keys: one multiplication spreads the bits (Fibonacci hashing).
#[derive(Default)]
struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_i64(&mut self, value: i64) {
        self.0 = u64::from_ne_bytes(value.to_ne_bytes()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// A game whose moves a Python function lists; with `SPLIT`, one whose positions a second
/// function splits into independent parts, for the decomposing search.
struct PyGame<const SPLIT: bool> {
    options: Py<PyAny>,
    /// `components(position)`: the parts of a position that falls apart, or `None`.
    components: Option<Py<PyAny>>,
    /// Each position met, by its number.
    positions: RefCell<Vec<Py<PyAny>>>,
    /// One more than the number of each small `int` position (of exactly that type), by its
    /// value; 0 where none: the common case, looked up without Python.
    small_numbers: RefCell<Vec<u32>>,
    /// The number of each other `int` position of 64 bits.
    int_numbers: RefCell<HashMap<i64, u32, BuildHasherDefault<IntHasher>>>,
    /// The number of each other position: a dict, so Python's own `__hash__` and `__eq__`
    /// decide.
    numbers: Py<PyDict>,
    /// The first error of the options function (or Ctrl-C): the search then meets no more
    /// moves, finishes at once, and the question raises this.
    watch: Watch,
}

impl<const SPLIT: bool> PyGame<SPLIT> {
    fn new(py: Python<'_>, options: Py<PyAny>, components: Option<Py<PyAny>>) -> Self {
        PyGame {
            options,
            components,
            positions: RefCell::new(Vec::new()),
            small_numbers: RefCell::new(Vec::new()),
            int_numbers: RefCell::new(HashMap::default()),
            numbers: PyDict::new(py).unbind(),
            watch: Watch::new(SIGNAL_EVERY),
        }
    }

    /// The parts of position `number`, by the Python function: `None` when it does not fall
    /// apart.
    fn parts_of(&self, py: Python<'_>, number: u32) -> PyResult<Option<Vec<u32>>> {
        let Some(components) = &self.components else {
            return Ok(None);
        };
        let position = self.positions.borrow()[number as usize].clone_ref(py);
        let parts = components.bind(py).call1((position,))?;
        if parts.is_none() {
            return Ok(None);
        }
        let parts = parts
            .try_iter()?
            .map(|part| self.number(&part?))
            .collect::<PyResult<Vec<u32>>>()?;
        Ok(Some(parts))
    }

    /// The number of `position`, given now if it is new.
    fn number(&self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        if position.is_exact_instance_of::<PyInt>()
            && let Ok(value) = position.extract::<i64>()
        {
            if let Ok(index) = usize::try_from(value)
                && index < SMALL_INTS
            {
                if let Some(&number) = self.small_numbers.borrow().get(index)
                    && number > 0
                {
                    return Ok(number - 1);
                }
                let number = self.push(position)?;
                let mut small = self.small_numbers.borrow_mut();
                if small.len() <= index {
                    let grown = (index + 1).max(2 * small.len()).min(SMALL_INTS);
                    small.resize(grown, 0);
                }
                small[index] = number + 1;
                return Ok(number);
            }
            if let Some(&number) = self.int_numbers.borrow().get(&value) {
                return Ok(number);
            }
            let number = self.push(position)?;
            self.int_numbers.borrow_mut().insert(value, number);
            return Ok(number);
        }
        let numbers = self.numbers.bind(position.py());
        if let Some(number) = numbers.get_item(position)? {
            return number.extract();
        }
        let number = self.push(position)?;
        numbers.set_item(position, number)?;
        Ok(number)
    }

    /// Keeps a new position, and gives it the next number.
    fn push(&self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        let mut positions = self.positions.borrow_mut();
        // Numbers stop one short of u32::MAX, so that the small table's "one more" fits.
        let number = u32::try_from(positions.len())
            .ok()
            .filter(|&number| number < u32::MAX)
            .ok_or_else(|| errors::SolveError::new_err("more than 2**32 - 1 positions"))?;
        positions.push(position.clone().unbind());
        Ok(number)
    }

    /// The options of position `number`, by the Python function.
    fn options_of(&self, py: Python<'_>, number: u32) -> PyResult<Vec<u32>> {
        let position = self.positions.borrow()[number as usize].clone_ref(py);
        let listed = self.options.bind(py).call1((position,))?;
        // Lists and tuples read directly; any other iterable through its iterator.
        if let Ok(list) = listed.cast::<PyList>() {
            return list.iter().map(|option| self.number(&option)).collect();
        }
        if let Ok(tuple) = listed.cast::<PyTuple>() {
            return tuple.iter().map(|option| self.number(&option)).collect();
        }
        listed
            .try_iter()?
            .map(|option| self.number(&option?))
            .collect()
    }

    /// The object of position `number`.
    fn position(&self, py: Python<'_>, number: u32) -> Py<PyAny> {
        self.positions.borrow()[number as usize].clone_ref(py)
    }
}

impl<const SPLIT: bool> ImpartialGame for PyGame<SPLIT> {
    type Position = u32;

    // With a `components` function, the solver searches by parts.
    const DECOMPOSITION: Option<Decomposition<Self>> = if SPLIT {
        Some(Decomposition::of())
    } else {
        None
    };

    fn moves(&self, &number: &u32) -> impl Iterator<Item = u32> {
        let options = if self.watch.stopped() {
            Vec::new()
        } else {
            Python::attach(|py| {
                self.options_of(py, number).unwrap_or_else(|error| {
                    self.watch.fail(error);
                    Vec::new()
                })
            })
        };
        options.into_iter()
    }

    // Positions are numbered 0, 1, 2, … as they are met: the memo is an array.
    fn dense_index(&self, &number: &u32) -> Option<usize> {
        usize::try_from(number).ok()
    }
}

impl<const SPLIT: bool> Decompose for PyGame<SPLIT> {
    fn components(&self, &number: &u32) -> Option<impl Iterator<Item = u32>> {
        if !SPLIT || self.watch.stopped() {
            return None;
        }
        let parts = Python::attach(|py| {
            self.parts_of(py, number).unwrap_or_else(|error| {
                self.watch.fail(error);
                None
            })
        });
        parts.map(Vec::into_iter)
    }
}

/// `solver` with the limits asked for.
fn limited<G: ImpartialGame>(
    mut solver: impartial::Solver<G>,
    max_states: Option<usize>,
    max_bytes: Option<usize>,
) -> impartial::Solver<G> {
    if let Some(limit) = max_states {
        solver = solver.with_state_limit(limit);
    }
    if let Some(bytes) = max_bytes {
        solver = solver.with_memory_limit(bytes);
    }
    solver
}

/// The solver of a game, with or without its `components` function.
enum Engine {
    Whole(impartial::Solver<PyGame<false>>),
    Split(impartial::Solver<PyGame<true>>),
}

/// Runs `$body` with `$solver` bound to the engine's solver, whichever it is.
macro_rules! on_engine {
    ($engine:expr, $solver:ident => $body:expr) => {
        match $engine {
            Engine::Whole($solver) => $body,
            Engine::Split($solver) => $body,
        }
    };
}

/// Asks `question` of `position` in `solver`, raising the options function's error, Ctrl-C
/// or the search's own error.
fn ask_in<const SPLIT: bool, T>(
    solver: &mut impartial::Solver<PyGame<SPLIT>>,
    position: &Bound<'_, PyAny>,
    question: impl FnOnce(&mut impartial::Solver<PyGame<SPLIT>>, u32) -> Result<T, SolveError<u32>>,
) -> PyResult<T> {
    let py = position.py();
    let number = solver.game().number(position)?;
    let answer = question(solver, number);
    if let Some(error) = solver.game().watch.take() {
        // What was stored while the options were missing is wrong: forget it.
        solver.clear();
        return Err(error);
    }
    answer.map_err(|error| {
        let game = solver.game();
        let described = error.map_position(|number| {
            let position = game.position(py, number);
            position
                .bind(py)
                .repr()
                .map_or_else(|_| format!("#{number}"), |text| text.to_string())
        });
        errors::solve(described)
    })
}

/// The general method: a memoized search of the game graph that the function `options`
/// lists, one position's options at a time. Positions are any hashable objects; every
/// answer is remembered, so one solver serves many questions.
///
/// >>> from impartial import Solver
/// >>> def options(n):  # a subtraction game: take 1, 3 or 4
/// ...     return [n - take for take in (1, 3, 4) if take <= n]
/// >>> solver = Solver(options)
/// >>> [solver.grundy(n).value for n in range(8)]
/// [0, 1, 0, 1, 2, 3, 2, 0]
/// >>> solver.outcome(7)
/// Outcome.P
/// >>> solver.winning_move(6)
/// 2
/// >>> solver.misere().outcome(1)
/// Outcome.P
#[pyclass(module = "impartial", frozen)]
pub struct Solver {
    /// One question at a time, from any thread; a question from inside an answer (the
    /// options function asking its own solver) raises `BusyError`.
    engine: Exclusive<Engine>,
}

impl Solver {
    /// Asks `question` of `position`, whichever the engine.
    fn ask<T>(
        &self,
        position: &Bound<'_, PyAny>,
        question: impl FnOnce(&mut Engine, &Bound<'_, PyAny>) -> PyResult<T>,
    ) -> PyResult<T> {
        self.engine
            .with(position.py(), |engine| question(engine, position))
    }
}

/// The object of position `number` of `engine`.
fn position_of(engine: &Engine, py: Python<'_>, number: u32) -> Py<PyAny> {
    on_engine!(engine, solver => solver.game().position(py, number))
}

#[pymethods]
impl Solver {
    /// A solver for the game whose moves `options(position)` lists. `max_states` and
    /// `max_bytes` bound its memo: a question that needs more raises `SolveError`. Where a
    /// position may fall apart into independent parts (a sum), `components(position)`
    /// returns its parts — or `None` when it does not — and the decomposing search values
    /// the parts apart and XORs them.
    #[new]
    #[pyo3(signature = (options, *, components = None, max_states = None, max_bytes = None))]
    fn new(
        py: Python<'_>,
        options: Py<PyAny>,
        components: Option<Py<PyAny>>,
        max_states: Option<usize>,
        max_bytes: Option<usize>,
    ) -> Self {
        let engine = match components {
            None => Engine::Whole(limited(
                impartial::Solver::new(PyGame::new(py, options, None)),
                max_states,
                max_bytes,
            )),
            Some(components) => Engine::Split(limited(
                impartial::Solver::new(PyGame::new(py, options, Some(components))),
                max_states,
                max_bytes,
            )),
        };
        Solver {
            engine: Exclusive::new(engine),
        }
    }

    /// Who wins from `position` with perfect play, in normal play.
    fn outcome(&self, position: &Bound<'_, PyAny>) -> PyResult<Outcome> {
        self.ask(position, |engine, position| {
            on_engine!(engine, solver => ask_in(solver, position, impartial::Solver::outcome))
        })
        .map(Outcome::from)
    }

    /// The Sprague–Grundy value of `position`.
    fn grundy(&self, position: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        self.ask(position, |engine, position| {
            on_engine!(engine, solver => ask_in(solver, position, impartial::Solver::grundy))
        })
        .map(Nimber)
    }

    /// The position a winning move leaves, or `None` when the player to move loses.
    fn winning_move(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        let py = position.py();
        self.ask(position, |engine, position| {
            let found = on_engine!(&mut *engine, solver =>
                ask_in(solver, position, impartial::Solver::winning_move))?;
            Ok(found.map(|number| position_of(engine, py, number)))
        })
    }

    /// Every position a winning move leaves.
    fn winning_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let py = position.py();
        self.ask(position, |engine, position| {
            let found = on_engine!(&mut *engine, solver =>
                ask_in(solver, position, impartial::Solver::winning_moves))?;
            Ok(found
                .into_iter()
                .map(|number| position_of(engine, py, number))
                .collect())
        })
    }

    /// How many moves the game lasts from `position` when the winner hurries and the loser
    /// delays (the extended rule's remoteness).
    ///
    /// >>> from impartial import Solver
    /// >>> Solver(lambda n: range(n)).remoteness(5)
    /// 1
    fn remoteness(&self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.ask(position, |engine, position| {
            on_engine!(engine, solver => ask_in(solver, position, impartial::Solver::remoteness))
        })
    }

    /// The same questions in misère play, where whoever moves last loses.
    fn misere(slf: Bound<'_, Self>) -> Misere {
        Misere {
            solver: slf.unbind(),
        }
    }

    /// How many positions the memo holds.
    #[getter]
    fn states(&self, py: Python<'_>) -> PyResult<usize> {
        self.engine.with(py, |engine| {
            Ok(on_engine!(engine, solver => solver.stats().states))
        })
    }

    /// Forgets every answer (the positions keep their numbers).
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.engine.with(py, |engine| {
            on_engine!(engine, solver => solver.clear());
            Ok(())
        })
    }
}

/// A solver's questions in misère play, where whoever moves last loses: `solver.misere()`.
///
/// >>> from impartial import Solver
/// >>> solver = Solver(lambda heaps: [heaps[:i] + (k,) + heaps[i + 1:]
/// ...                                for i, h in enumerate(heaps) for k in range(h)])
/// >>> solver.misere().outcome((1, 1))
/// Outcome.N
/// >>> solver.misere().grundy((2,))
/// Nimber(2)
#[pyclass(module = "impartial", frozen)]
pub struct Misere {
    solver: Py<Solver>,
}

#[pymethods]
impl Misere {
    /// Who wins from `position` in misère play.
    fn outcome(&self, position: &Bound<'_, PyAny>) -> PyResult<Outcome> {
        self.solver
            .get()
            .ask(position, |engine, position| {
                on_engine!(engine, solver =>
                ask_in(solver, position, |solver, at| solver.misere().outcome(at)))
            })
            .map(Outcome::from)
    }

    /// The misère Grundy value of `position`.
    fn grundy(&self, position: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        self.solver
            .get()
            .ask(position, |engine, position| {
                on_engine!(engine, solver =>
                ask_in(solver, position, |solver, at| solver.misere().grundy(at)))
            })
            .map(Nimber)
    }

    /// The position a winning move leaves in misère play, or `None`.
    fn winning_move(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        let py = position.py();
        self.solver.get().ask(position, |engine, position| {
            let found = on_engine!(&mut *engine, solver =>
                ask_in(solver, position, |solver, at| solver.misere().winning_move(at)))?;
            Ok(found.map(|number| position_of(engine, py, number)))
        })
    }

    /// Every position a winning move leaves in misère play.
    fn winning_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let py = position.py();
        self.solver.get().ask(position, |engine, position| {
            let found = on_engine!(&mut *engine, solver =>
                ask_in(solver, position, |solver, at| solver.misere().winning_moves(at)))?;
            Ok(found
                .into_iter()
                .map(|number| position_of(engine, py, number))
                .collect())
        })
    }
}

/// Adds `Solver` and `Misere` to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Solver>()?;
    module.add_class::<Misere>()?;
    Ok(())
}
