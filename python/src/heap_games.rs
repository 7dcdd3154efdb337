//! Heap games by their rules — octal, hexadecimal and take-and-break codes, subtraction
//! sets — with their values by the sequence engine, their closed form from the proved
//! sequence (`Tabulated`), and their misère quotients.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use impartial::octal::{HexadecimalGame, OctalGame};
use impartial::quotient::MisereQuotient;
use impartial::sequence::{SequenceOptions, Tabulated};
use impartial::take_and_break::TakeAndBreak;
use impartial::{ClosedForm, HeapMove as RustHeapMove, Heaps, SubtractionGame};
use pyo3::prelude::*;

use crate::errors;
use crate::interrupt::released;
use crate::sequence::Sequence;
use crate::vocabulary::{Nimber, Outcome};

/// A heap game given by its rules: `HeapGame.octal("0.77")` (Kayles),
/// `HeapGame.hexadecimal("0.F")`, `HeapGame.code("4!.0")` (any take-and-break code, Grundy's
/// game here) or `HeapGame.subtraction([1, 3, 4])`.
///
/// >>> from impartial import HeapGame
/// >>> kayles = HeapGame.octal("0.77")
/// >>> kayles
/// HeapGame('octal game 0.77')
/// >>> kayles.values(1000)[10**9]
/// 1
/// >>> kayles.tabulated(1000).winning_move([1, 4, 7])
/// HeapMove(heap=1, from_=4, leaves=[3])
/// >>> str(HeapGame.code("4!.0").tabulated(100).winning_move([8]))
/// 'split heap 0 (8) into 1 + 7'
/// >>> kayles.misere_quotient(200).outcome([1, 1])
/// Outcome.N
#[pyclass(module = "impartial", frozen)]
pub struct HeapGame {
    name: String,
    game: TakeAndBreak,
}

/// The values of `game` to heap `n`, with Python's lock released and Ctrl-C honoured.
pub fn compute(
    py: Python<'_>,
    game: &TakeAndBreak,
    n: u64,
) -> PyResult<impartial::sequence::GrundySequence> {
    let options = SequenceOptions::default();
    released(py, |stop| {
        game.values_up_to_with_progress(n, &options, |_| stop())
    })?
    .map_err(errors::sequence)
}

impl HeapGame {
    /// `game` under `name`, by its rules: every heap game is a take-and-break game.
    fn of(name: String, game: &impl impartial::HeapGame) -> Self {
        HeapGame {
            name,
            game: TakeAndBreak::new(game.rules().clone()),
        }
    }
}

#[pymethods]
impl HeapGame {
    /// The octal game of `code`: `"0.77"` is Kayles, `"0.07"` Dawson's Kayles.
    #[staticmethod]
    pub(crate) fn octal(code: &str) -> PyResult<Self> {
        let game: OctalGame = code.parse().map_err(errors::code)?;
        Ok(HeapGame::of(format!("octal game {code}"), &game))
    }

    /// The hexadecimal game of `code`: its digits may also split a heap in three.
    #[staticmethod]
    fn hexadecimal(code: &str) -> PyResult<Self> {
        let game: HexadecimalGame = code.parse().map_err(errors::code)?;
        Ok(HeapGame::of(format!("hexadecimal game {code}"), &game))
    }

    /// Any take-and-break code with its modifiers: `"4!.0"` is Grundy's game.
    #[staticmethod]
    fn code(code: &str) -> PyResult<Self> {
        let game: TakeAndBreak = code.parse().map_err(errors::code)?;
        Ok(HeapGame {
            name: format!("code {code}"),
            game,
        })
    }

    /// The subtraction game of `takes`: a move takes one of these amounts from one heap.
    #[staticmethod]
    fn subtraction(takes: Vec<u64>) -> PyResult<Self> {
        let game = SubtractionGame::new(&takes).map_err(errors::game)?;
        Ok(HeapGame::of(format!("subtraction game {takes:?}"), &game))
    }

    /// G(0) to G(`n`), computed with Python's lock released; Ctrl-C stops it.
    pub(crate) fn values(&self, py: Python<'_>, n: u64) -> PyResult<Sequence> {
        Ok(Sequence::new(
            self.name.clone(),
            compute(py, &self.game, n)?,
            n,
        ))
    }

    /// The closed form of every position of heaps the values to `n` cover — by the period
    /// where it is proved, any heap: `outcome`, `grundy`, `winning_move(s)`. The values are
    /// computed with the lock released; Ctrl-C stops them.
    fn tabulated(&self, py: Python<'_>, n: u64) -> PyResult<HeapGameValues> {
        let game = self.game.clone();
        let options = SequenceOptions::default();
        let tabulated = released(py, |stop| {
            Tabulated::new_with_progress(game, n, &options, |_| stop())
        })?;
        Ok(HeapGameValues(Arc::new(
            tabulated.map_err(errors::sequence)?,
        )))
    }

    /// The misère quotient of the game, heap by heap to `max_heap` (or where its period is
    /// proved), with Python's lock released.
    ///
    /// Ctrl-C is looked at between heaps: a heap whose quotient is large (Dawson's Kayles past
    /// heap 30) finishes first, and the quotient computed so far is dropped.
    fn misere_quotient(&self, py: Python<'_>, max_heap: u64) -> PyResult<Quotient> {
        let game = &self.game;
        released(py, |stop| {
            MisereQuotient::compute_with_progress(game, max_heap, |_| stop())
        })?
        .map(Quotient)
        .map_err(errors::sequence)
    }

    /// The P-positions of two heaps below `size`, as a picture: heap `a` across, heap `b`
    /// up, a cell filled where `G(a) = G(b)`.
    ///
    /// >>> from impartial import HeapGame
    /// >>> HeapGame.octal("0.77").pair_map(40)
    /// <Picture: ... bytes of SVG>
    fn pair_map(&self, py: Python<'_>, size: u64) -> PyResult<crate::vocabulary::Picture> {
        let sequence = compute(py, &self.game, size.saturating_sub(1))?;
        impartial::plot::heap_pair_map(&self.name, &sequence, size)
            .map(crate::vocabulary::Picture::new)
            .map_err(errors::sequence)
    }

    fn __repr__(&self) -> String {
        format!("HeapGame('{}')", self.name)
    }
}

/// A move of a heap game: heap number `heap` (counted from 0, in the order given) of
/// `from_` counters becomes the heaps `leaves` (none when it is taken whole).
///
/// >>> from impartial import HeapGame
/// >>> move = HeapGame.octal("0.77").tabulated(100).winning_move([5])
/// >>> move.to_tuple(), str(move)
/// ((0, 5, [2, 2]), 'take 1 from heap 0 (5) and split the rest into 2 + 2')
#[pyclass(module = "impartial", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove(RustHeapMove);

#[pymethods]
impl HeapMove {
    /// The heap's place, from 0.
    #[getter]
    fn heap(&self) -> usize {
        self.0.heap
    }

    /// Its counters before the move.
    #[getter]
    fn from_(&self) -> u64 {
        self.0.from
    }

    /// The non-empty heaps it leaves, smallest first.
    #[getter]
    fn leaves(&self) -> Vec<u64> {
        self.0.leaves.to_vec()
    }

    fn __repr__(&self) -> String {
        format!(
            "HeapMove(heap={}, from_={}, leaves={:?})",
            self.0.heap,
            self.0.from,
            self.0.leaves.as_slice()
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(heap, from_, leaves)`.
    fn to_tuple(&self) -> (usize, u64, Vec<u64>) {
        (self.0.heap, self.0.from, self.leaves())
    }
}

/// `made`, its heap renumbered as the place of a heap of its size in `heaps` (the closed
/// form counts the heaps in sorted order).
fn in_given_order(heaps: &[u64], mut made: RustHeapMove) -> RustHeapMove {
    if let Some(place) = heaps.iter().position(|&heap| heap == made.from) {
        made.heap = place;
    }
    made
}

/// A heap game's closed form from its proved (or computed) values: `HeapGame.tabulated(n)`.
///
/// >>> from impartial import HeapGame
/// >>> dawson = HeapGame.octal("0.07").tabulated(500)
/// >>> dawson.grundy([4, 6]), dawson.outcome([5])
/// (Nimber(1), Outcome.P)
#[pyclass(module = "impartial", frozen)]
pub struct HeapGameValues(Arc<Tabulated<TakeAndBreak>>);

#[pymethods]
impl HeapGameValues {
    /// Who wins the sum of the heaps.
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<Outcome> {
        self.0
            .outcome(Heaps::from(heaps))
            .map(Outcome::from)
            .map_err(errors::sequence)
    }

    /// The value of the sum of the heaps: the XOR of theirs.
    fn grundy(&self, heaps: Vec<u64>) -> PyResult<Nimber> {
        let value = self
            .0
            .grundy(Heaps::from(heaps))
            .map_err(errors::sequence)?;
        Ok(Nimber(value.unwrap_or(impartial::Nimber(0))))
    }

    /// A winning move, or `None` when the player to move loses: found with Python's lock
    /// released, a period of a heap's splits at a time where the period is proved.
    fn winning_move(&self, py: Python<'_>, heaps: Vec<u64>) -> PyResult<Option<HeapMove>> {
        let values = &*self.0;
        let position = Heaps::from(&heaps);
        let found = py
            .detach(|| values.winning_move(&position))
            .map_err(errors::sequence)?;
        Ok(found.map(|made| HeapMove(in_given_order(&heaps, made))))
    }

    /// Every winning move, the one `winning_move` chooses first, lazily: an iterator, which
    /// finds each move as it is asked for (a heap of 10**15 has more winning moves than
    /// memory holds; the first come at once). Ctrl-C stops a wait for the next.
    ///
    /// >>> from impartial import HeapGame
    /// >>> kayles = HeapGame.octal("0.77").tabulated(1000)
    /// >>> moves = kayles.winning_moves([10**15, 3])
    /// >>> first = next(moves)
    /// >>> after = [h for i, h in enumerate([10**15, 3]) if i != first.heap] + list(first.leaves)
    /// >>> kayles.outcome(after)
    /// Outcome.P
    fn winning_moves(&self, heaps: Vec<u64>) -> PyResult<WinningMoves> {
        let position = Heaps::from(&heaps);
        // Refused here, not in the iterator: a heap the values do not answer.
        self.0.outcome(&position).map_err(errors::sequence)?;
        let values = Arc::clone(&self.0);
        let (sender, receiver) = std::sync::mpsc::sync_channel(MOVES_AHEAD);
        // The moves borrow the values, so they are found on a thread of their own that owns
        // them; it stops when the iterator is dropped and a move finds no one to take it.
        std::thread::spawn(move || {
            let Ok(moves) = values.winning_moves(&position) else {
                return;
            };
            for made in moves {
                if sender.send(made).is_err() {
                    break;
                }
            }
        });
        Ok(WinningMoves {
            heaps,
            receiver: Mutex::new(receiver),
        })
    }
}

/// How many winning moves are found before they are asked for.
const MOVES_AHEAD: usize = 64;

/// The winning moves of `HeapGameValues.winning_moves`, as they are found.
///
/// >>> from impartial import HeapGame
/// >>> moves = HeapGame.octal("0.77").tabulated(100).winning_moves([1, 2])
/// >>> [str(move) for move in moves]
/// ['take 1 from heap 1 (2 → 1)']
#[pyclass(module = "impartial")]
pub struct WinningMoves {
    heaps: Vec<u64>,
    receiver: Mutex<std::sync::mpsc::Receiver<RustHeapMove>>,
}

#[pymethods]
impl WinningMoves {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next winning move, waited for with Python's lock released; Ctrl-C stops the
    /// wait.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<HeapMove>> {
        use std::sync::mpsc::RecvTimeoutError;
        let receiver = &self.receiver;
        loop {
            let waited = py.detach(|| {
                receiver
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .recv_timeout(Duration::from_millis(100))
            });
            match waited {
                Ok(made) => return Ok(Some(HeapMove(in_given_order(&self.heaps, made)))),
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }
}

/// A misère quotient of a heap game (Plambeck): the outcome of any sum of the heaps it
/// covers in misère play, and a winning move, in the time of a lookup a heap.
///
/// >>> from impartial import HeapGame
/// >>> kayles = HeapGame.octal("0.77").misere_quotient(1000)
/// >>> kayles.order, kayles.outcome([1, 4, 1000000])
/// (40, Outcome.N)
#[pyclass(module = "impartial", frozen)]
pub struct Quotient(MisereQuotient);

#[pymethods]
impl Quotient {
    /// The number of elements of the quotient.
    #[getter]
    fn order(&self) -> usize {
        self.0.order()
    }

    /// The heaps it covers: 0 to this (or every heap, by the period, where proved).
    #[getter]
    fn heaps(&self) -> u64 {
        self.0.heaps()
    }

    /// Who wins the sum of the heaps in misère play.
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<Outcome> {
        self.0
            .outcome(&heaps)
            .map(Outcome::from)
            .map_err(errors::sequence)
    }

    /// A winning move in misère play, or `None` when the player to move loses: found with
    /// Python's lock released, a period of a heap's splits at a time where the period is
    /// proved.
    fn winning_move(&self, py: Python<'_>, heaps: Vec<u64>) -> PyResult<Option<HeapMove>> {
        let quotient = &self.0;
        py.detach(|| quotient.winning_move(&heaps))
            .map(|found| found.map(|made| HeapMove(in_given_order(&heaps, made))))
            .map_err(errors::sequence)
    }

    fn __repr__(&self) -> String {
        format!(
            "<misère quotient of order {}, heaps to {}>",
            self.0.order(),
            self.0.heaps()
        )
    }
}

/// Adds `HeapGame`, `HeapMove`, `HeapGameValues`, `WinningMoves` and `Quotient` to the
/// module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<WinningMoves>()?;
    module.add_class::<HeapGame>()?;
    module.add_class::<HeapMove>()?;
    module.add_class::<HeapGameValues>()?;
    module.add_class::<Quotient>()
}
