//! The games searched at the frontier — Cram, Chomp, Node Kayles, Sprouts — each a class
//! whose solver remembers every answer, its positions a class of their own that prints
//! itself. Searches run with Python's lock released, and Ctrl-C stops them; a class answers
//! one question at a time, from any thread. Each proves its answers too: `prove_outcome`
//! and `prove_grundy` write a certificate that `check` (or the command line's
//! `impartial check`) confirms from the rules alone, as the answer to the question asked.
//! The questions are the same methods in every game, written once (`search_game!`).

use impartial::chomp::{Chomp as RustChomp, ChompPosition as RustChompPosition};
use impartial::cram::{Cram as RustCram, CramPosition as RustCramPosition};
use impartial::node_kayles::{
    NodeKayles as RustNodeKayles, NodeKaylesPosition as RustNodeKaylesPosition,
};
use impartial::sprouts::{Sprouts as RustSprouts, SproutsPosition as RustSproutsPosition};
use std::fmt;
use std::path::PathBuf;

use impartial::certificate::{Certificate, Claim};
use impartial::{
    Decomposition, ImpartialGame, Nimber as RustNimber, Play, SolveError, StoredPosition,
};
use pyo3::prelude::*;

use crate::errors;
use crate::exclusive::Exclusive;
use crate::interrupt::Watch;
use crate::vocabulary::{Nimber, Outcome};

/// How many option lists a search makes between two looks at Python's signals.
const SIGNAL_EVERY: u32 = 4096;

/// A ruleset whose search looks at Python's signals now and then: on Ctrl-C it records the
/// error and lists no more moves, so the search ends at once (its answer is then thrown
/// away, and the memo cleared).
struct Watched<G> {
    game: G,
    watch: Watch,
}

impl<G> Watched<G> {
    fn new(game: G) -> Self {
        Watched {
            game,
            watch: Watch::new(SIGNAL_EVERY),
        }
    }
}

/// The ruleset's own name: a certificate written through the watch names the ruleset, so
/// that the command line checks it as it checks its own.
impl<G: fmt::Debug> fmt::Debug for Watched<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.fmt(f)
    }
}

impl<G: ImpartialGame> ImpartialGame for Watched<G> {
    type Position = G::Position;

    const DECOMPOSITION: Option<Decomposition<Self>> = Decomposition::through::<G>();
    const PLAY: impartial::Play = G::PLAY;

    fn check_position(&self, position: &G::Position) -> Result<(), impartial::PositionError> {
        self.game.check_position(position)
    }

    fn moves(&self, position: &G::Position) -> impl Iterator<Item = G::Position> {
        let moves = (!self.watch.stopped()).then(|| self.game.moves(position));
        moves.into_iter().flatten()
    }

    fn dense_index(&self, position: &G::Position) -> Option<usize> {
        self.game.dense_index(position)
    }

    fn allocated_bytes(&self, position: &G::Position) -> usize {
        self.game.allocated_bytes(position)
    }

    fn known_grundy(&self, position: &G::Position) -> Option<RustNimber> {
        self.game.known_grundy(position)
    }
}

impl<G> AsRef<G> for Watched<G> {
    fn as_ref(&self) -> &G {
        &self.game
    }
}

/// A solver of a frontier game, asked with Python's lock released.
struct Searcher<G: ImpartialGame> {
    solver: impartial::Solver<Watched<G>>,
}

impl<G> Searcher<G>
where
    G: ImpartialGame + Send + fmt::Debug,
    G::Position: Send + fmt::Debug + StoredPosition,
{
    fn new(game: G) -> Self {
        Searcher {
            solver: impartial::Solver::new(Watched::new(game)),
        }
    }

    /// Asks `question`, raising Ctrl-C (and forgetting what the interrupted search stored)
    /// or the search's own error: `GameError` for a position of another game.
    fn ask<T: Send>(
        &mut self,
        py: Python<'_>,
        question: impl FnOnce(&mut impartial::Solver<Watched<G>>) -> Result<T, SolveError<G::Position>>
        + Send,
    ) -> PyResult<T> {
        let solver = &mut self.solver;
        let answer = py.detach(|| question(solver));
        if let Some(error) = self.solver.game().watch.take() {
            self.solver.clear();
            return Err(error);
        }
        answer.map_err(errors::solve)
    }

    /// Proves the outcome of `at` (its value, with `value`; its misère outcome, with
    /// `misere`), writes the certificate to `path`, and returns what it claims.
    fn prove(
        &mut self,
        py: Python<'_>,
        at: G::Position,
        path: PathBuf,
        (value, misere): (bool, bool),
    ) -> PyResult<Claim> {
        let certificate = self.ask(py, |solver| {
            if misere {
                solver.misere().prove_outcome(at)
            } else if value {
                solver.prove_grundy(at)
            } else {
                solver.prove_outcome(at)
            }
        })?;
        let claim = certificate.claim();
        py.detach(move || certificate.save(&path))
            .map_err(|error| errors::certificate(&error))?;
        Ok(claim)
    }

    /// Reads the certificate at `path` and checks it with this ruleset's moves alone (not
    /// the solver's memo), as the answer to the question asked — `at`, under `play` — and
    /// to no other.
    fn check(
        &mut self,
        py: Python<'_>,
        path: PathBuf,
        at: &G::Position,
        play: Play,
    ) -> PyResult<Claim>
    where
        G::Position: Sync,
    {
        let solver = &mut self.solver;
        let checked = py.detach(move || {
            let game = solver.game();
            Certificate::load(game, &path)?.check(game, at, play)
        });
        if let Some(error) = self.solver.game().watch.take() {
            return Err(error);
        }
        checked.map_err(|error| errors::certificate(&error))
    }
}

/// The outcome a certificate claims, or an error for a claim of a value.
fn outcome_of(claim: Claim) -> PyResult<Outcome> {
    match claim {
        Claim::Outcome(outcome) | Claim::MisereOutcome(outcome) => Ok(outcome.into()),
        other @ Claim::Grundy(_) => Err(errors::SolveError::new_err(format!(
            "the proof claims {other}, not an outcome"
        ))),
    }
}

/// The value a certificate claims, or an error for a claim of an outcome.
fn value_of(claim: Claim) -> PyResult<Nimber> {
    match claim {
        Claim::Grundy(value) => Ok(Nimber(value)),
        other @ (Claim::Outcome(_) | Claim::MisereOutcome(_)) => Err(errors::SolveError::new_err(
            format!("the proof claims {other}, not a value"),
        )),
    }
}

/// A claim as Python has it: an `Outcome` (of the play asked) or a `Nimber`.
fn claim_object(py: Python<'_>, claim: Claim) -> PyResult<Py<PyAny>> {
    match claim {
        Claim::Outcome(outcome) | Claim::MisereOutcome(outcome) => Ok(Outcome::from(outcome)
            .into_pyobject(py)?
            .into_any()
            .unbind()),
        Claim::Grundy(value) => Ok(Nimber(value).into_pyobject(py)?.into_any().unbind()),
    }
}

/// The methods every search game's class has, on its solver: `grundy`, `outcome`,
/// `winning_move`, `prove_outcome`, `prove_grundy` and `check`, each at a position of the
/// game's own class (the game's start when none is given) — the same names and arguments in
/// every game, written once. The class keeps its ruleset in `game` and its solver in
/// `searcher`, and says in `start_of` what a missing position means and in `wrap` how a
/// position is given back.
macro_rules! search_game {
    ($class:ident, $position:ident, $start:literal, { $($own:tt)* }) => {
        impl $class {
            /// The position asked about: `given`, one of this game's, or the start.
            fn asked(&self, given: Option<&$position>) -> PyResult<
                <<$class as SearchGame>::Game as ImpartialGame>::Position,
            > {
                let at = match given {
                    Some(given) => given.inner(),
                    None => self.start_of()?,
                };
                // A position of another board, graph or poset is refused by name.
                self.game
                    .check_position(&at)
                    .map_err(|error| errors::GameError::new_err(error.reason().to_owned()))?;
                Ok(at)
            }
        }

        #[pymethods]
        impl $class {
            $($own)*

            #[doc = concat!("The value of `position` (", $start, " when not given).")]
            #[pyo3(signature = (position = None))]
            fn grundy(&self, py: Python<'_>, position: Option<&$position>) -> PyResult<Nimber> {
                let at = self.asked(position)?;
                self.searcher
                    .with(py, |searcher| searcher.ask(py, |solver| solver.grundy(at)))
                    .map(Nimber)
            }

            #[doc = concat!("Who wins from `position` (", $start, " when not given).")]
            #[pyo3(signature = (position = None))]
            fn outcome(&self, py: Python<'_>, position: Option<&$position>) -> PyResult<Outcome> {
                let at = self.asked(position)?;
                self.searcher
                    .with(py, |searcher| searcher.ask(py, |solver| solver.outcome(at)))
                    .map(Outcome::from)
            }

            /// The position a winning move leaves, or `None`.
            #[pyo3(signature = (position = None))]
            fn winning_move(
                &self,
                py: Python<'_>,
                position: Option<&$position>,
            ) -> PyResult<Option<$position>> {
                let at = self.asked(position)?;
                let found = self
                    .searcher
                    .with(py, |searcher| searcher.ask(py, |solver| solver.winning_move(at)))?;
                Ok(found.map(|left| self.wrap(left)))
            }

            #[doc = concat!(
                "Proves who wins from `position` (", $start, " when not given) and writes \
                 the certificate to `path`: the outcome. With `misere=True`, who wins misère \
                 play, where whoever moves last loses."
            )]
            #[pyo3(signature = (path, position = None, *, misere = false))]
            fn prove_outcome(
                &self,
                py: Python<'_>,
                path: PathBuf,
                position: Option<&$position>,
                misere: bool,
            ) -> PyResult<Outcome> {
                let at = self.asked(position)?;
                let claim = self
                    .searcher
                    .with(py, |searcher| searcher.prove(py, at, path, (false, misere)))?;
                outcome_of(claim)
            }

            #[doc = concat!(
                "Proves the value of `position` (", $start, " when not given) and writes the \
                 certificate to `path`: the value."
            )]
            #[pyo3(signature = (path, position = None))]
            fn prove_grundy(
                &self,
                py: Python<'_>,
                path: PathBuf,
                position: Option<&$position>,
            ) -> PyResult<Nimber> {
                let at = self.asked(position)?;
                let claim = self
                    .searcher
                    .with(py, |searcher| searcher.prove(py, at, path, (true, false)))?;
                value_of(claim)
            }

            #[doc = concat!(
                "Checks that the certificate at `path` answers the question asked — this \
                 game, from `position` (", $start, " when not given), in normal play or with \
                 `misere=True` misère play — with this game's rules alone, and returns its \
                 claim: an `Outcome` of that play or a `Nimber`. A certificate about another \
                 position or play, however true, raises `CertificateError`, as one whose \
                 claim fails does."
            )]
            #[pyo3(signature = (path, position = None, *, misere = false))]
            fn check(
                &self,
                py: Python<'_>,
                path: PathBuf,
                position: Option<&$position>,
                misere: bool,
            ) -> PyResult<Py<PyAny>> {
                let at = self.asked(position)?;
                let play = if misere { Play::Misere } else { Play::Normal };
                let claim = self
                    .searcher
                    .with(py, |searcher| searcher.check(py, path, &at, play))?;
                claim_object(py, claim)
            }
        }
    };
}

/// What the macro's methods need of a search game's class: the position a question
/// without one is about, and how a position is given back.
trait SearchGame {
    type Game: ImpartialGame;
    type Position;

    /// The start: the position asked about when none is given.
    fn start_of(&self) -> PyResult<<Self::Game as ImpartialGame>::Position>;

    /// `position` as the class of the game's positions.
    fn wrap(&self, position: <Self::Game as ImpartialGame>::Position) -> Self::Position;
}

/// What the macro's methods need of a position's class: the crate's position inside.
trait Inner<P> {
    fn inner(&self) -> P;
}

/// A Cram position: the free cells of a board, as bits (cell `x + y * columns`), and the
/// board they are on.
///
/// >>> from impartial.cram import Cram
/// >>> game = Cram(3, 2)
/// >>> str(game.start())
/// '...\n...'
/// >>> print(game.position(0b110_011))  # "." free, "#" covered
/// ..#
/// #..
/// >>> game.start().bits
/// 63
#[pyclass(module = "impartial.cram", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CramPosition {
    game: RustCram,
    position: RustCramPosition,
}

impl Inner<RustCramPosition> for CramPosition {
    fn inner(&self) -> RustCramPosition {
        self.position
    }
}

#[pymethods]
impl CramPosition {
    /// The free cells, as bits.
    #[getter]
    fn bits(&self) -> u64 {
        self.position.bits()
    }

    /// The board: `(columns, rows)`.
    #[getter]
    fn board(&self) -> (u32, u32) {
        self.position.board()
    }

    fn __str__(&self) -> String {
        self.game
            .display(self.position)
            .to_string()
            .trim_end()
            .to_string()
    }

    fn __repr__(&self) -> String {
        format!("CramPosition(0b{:b})", self.position)
    }
}

/// Cram on a board of `columns` × `rows` cells (at most 64): a move places a domino on two
/// free neighbouring cells; whoever cannot, loses. Searched by the decomposing search; one
/// question at a time, from any thread.
///
/// >>> from impartial.cram import Cram
/// >>> game = Cram(4, 3)
/// >>> game.grundy(), game.outcome()
/// (Nimber(1), Outcome.N)
/// >>> game.winning_move()  # the domino across the centre: cells 5 and 6 covered
/// CramPosition(0b111110011111)
/// >>> Cram(3, 3).winning_move() is None  # lost for the player to move
/// True
///
/// A position of another board is refused, not read as cells of this one:
///
/// >>> Cram(8, 8).grundy(Cram(2, 2).start())
/// Traceback (most recent call last):
///     ...
/// impartial.GameError: a position of the 2 × 2 board, not of the 8 × 8 board
///
/// An answer someone else can check: the certificate names every position the value rests
/// on, and a check reads it with the rules alone (`impartial check FILE` does the same), as
/// the answer to the question its caller asks — the start unless another position is given.
///
/// >>> import os, tempfile
/// >>> path = os.path.join(tempfile.mkdtemp(), "cram-4x3.proof")
/// >>> game.prove_grundy(path)
/// Nimber(1)
/// >>> Cram(4, 3).check(path)  # a fresh game, no search
/// Nimber(1)
#[pyclass(module = "impartial.cram", frozen)]
pub struct Cram {
    game: RustCram,
    searcher: Exclusive<Searcher<RustCram>>,
}

impl SearchGame for Cram {
    type Game = RustCram;
    type Position = CramPosition;

    fn start_of(&self) -> PyResult<RustCramPosition> {
        Ok(self.game.start())
    }

    fn wrap(&self, position: RustCramPosition) -> CramPosition {
        CramPosition {
            game: self.game,
            position,
        }
    }
}

search_game!(Cram, CramPosition, "the empty board", {
    /// The board of `columns` × `rows` cells.
    #[new]
    fn new(columns: u32, rows: u32) -> PyResult<Self> {
        let game = RustCram::new(columns, rows).map_err(errors::game)?;
        Ok(Cram {
            game,
            searcher: Exclusive::new(Searcher::new(game)),
        })
    }

    /// The empty board.
    fn start(&self) -> CramPosition {
        self.wrap(self.game.start())
    }

    /// The position whose free cells are `bits` (a `GameError` for bits past the board).
    fn position(&self, bits: u64) -> PyResult<CramPosition> {
        Ok(self.wrap(self.game.position(bits).map_err(errors::game)?))
    }
});

/// A Chomp position: a Young diagram, its rows' lengths from the top. A diagram is the same
/// position in any bar it fits in.
///
/// >>> from impartial.chomp import Chomp
/// >>> Chomp(2, 3).start().lengths
/// [3, 3]
#[pyclass(module = "impartial.chomp", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct ChompPosition {
    game: RustChomp,
    position: RustChompPosition,
}

// A diagram is the same position whatever bar it was cut from.
impl PartialEq for ChompPosition {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
    }
}

impl Eq for ChompPosition {}

impl std::hash::Hash for ChompPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.position.hash(state);
    }
}

impl Inner<RustChompPosition> for ChompPosition {
    fn inner(&self) -> RustChompPosition {
        self.position
    }
}

#[pymethods]
impl ChompPosition {
    /// The rows' lengths, from the top.
    #[getter]
    fn lengths(&self) -> Vec<u32> {
        self.position.lengths()
    }

    fn __str__(&self) -> String {
        self.game
            .display(self.position)
            .to_string()
            .trim_end()
            .to_string()
    }

    fn __repr__(&self) -> String {
        format!("ChompPosition({:?})", self.position.lengths())
    }
}

/// Chomp on a bar of `rows` × `columns` squares, the top left one poisoned: a move eats a
/// square and every square below and to the right of it; whoever must eat the poison loses.
///
/// >>> from impartial.chomp import Chomp
/// >>> game = Chomp(3, 4)
/// >>> game.outcome()
/// Outcome.N
/// >>> game.winning_move()
/// ChompPosition([4, 2, 2])
#[pyclass(module = "impartial.chomp", frozen)]
pub struct Chomp {
    game: RustChomp,
    searcher: Exclusive<Searcher<RustChomp>>,
}

impl SearchGame for Chomp {
    type Game = RustChomp;
    type Position = ChompPosition;

    fn start_of(&self) -> PyResult<RustChompPosition> {
        Ok(self.game.start())
    }

    fn wrap(&self, position: RustChompPosition) -> ChompPosition {
        ChompPosition {
            game: self.game.clone(),
            position,
        }
    }
}

search_game!(Chomp, ChompPosition, "the whole bar", {
    /// The bar of `rows` × `columns` squares.
    #[new]
    fn new(rows: u32, columns: u32) -> PyResult<Self> {
        let game = RustChomp::new(rows, columns).map_err(errors::game)?;
        Ok(Chomp {
            searcher: Exclusive::new(Searcher::new(game.clone())),
            game,
        })
    }

    /// The whole bar.
    fn start(&self) -> ChompPosition {
        self.wrap(self.game.start())
    }

    /// The diagram with rows of these lengths, from the top (a `GameError` if they grow or
    /// pass the bar).
    fn diagram(&self, lengths: Vec<u32>) -> PyResult<ChompPosition> {
        Ok(self.wrap(self.game.diagram(&lengths).map_err(errors::game)?))
    }
});

/// A Node Kayles position: the vertices still in play, as bits, of one graph.
///
/// >>> from impartial.node_kayles import NodeKayles
/// >>> game = NodeKayles.path(3)
/// >>> game.start().bits, game.winning_move()  # pick the middle vertex: nothing is left
/// (7, NodeKaylesPosition(0b0))
#[pyclass(
    module = "impartial.node_kayles",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NodeKaylesPosition(RustNodeKaylesPosition);

impl Inner<RustNodeKaylesPosition> for NodeKaylesPosition {
    fn inner(&self) -> RustNodeKaylesPosition {
        self.0
    }
}

#[pymethods]
impl NodeKaylesPosition {
    /// The vertices in play, as bits (vertex `i` is bit `i`).
    #[getter]
    fn bits(&self) -> u128 {
        self.0.bits()
    }

    fn __repr__(&self) -> String {
        format!("NodeKaylesPosition(0b{:b})", self.0)
    }
}

/// Node Kayles on a graph of at most 128 vertices: a move picks a vertex in play, which
/// leaves play with its neighbours; whoever cannot pick, loses.
///
/// >>> from impartial.node_kayles import NodeKayles
/// >>> [NodeKayles.path(n).grundy().value for n in range(1, 9)]  # Dawson's Kayles
/// [1, 1, 2, 0, 3, 1, 1, 0]
/// >>> NodeKayles.grid(4, 4).outcome()
/// Outcome.P
#[pyclass(module = "impartial.node_kayles", frozen)]
pub struct NodeKayles {
    game: RustNodeKayles,
    searcher: Exclusive<Searcher<RustNodeKayles>>,
}

impl SearchGame for NodeKayles {
    type Game = RustNodeKayles;
    type Position = NodeKaylesPosition;

    fn start_of(&self) -> PyResult<RustNodeKaylesPosition> {
        Ok(self.game.start())
    }

    fn wrap(&self, position: RustNodeKaylesPosition) -> NodeKaylesPosition {
        NodeKaylesPosition(position)
    }
}

impl NodeKayles {
    fn of(game: RustNodeKayles) -> Self {
        NodeKayles {
            searcher: Exclusive::new(Searcher::new(game.clone())),
            game,
        }
    }
}

search_game!(NodeKayles, NodeKaylesPosition, "every vertex in play", {
    /// The graph of `vertices` vertices (0 to `vertices - 1`) and these edges.
    #[new]
    fn new(vertices: usize, edges: Vec<(usize, usize)>) -> PyResult<Self> {
        Ok(Self::of(
            RustNodeKayles::new(vertices, &edges).map_err(errors::game)?,
        ))
    }

    /// The path of `vertices` vertices: Node Kayles on it is Dawson's Kayles.
    #[staticmethod]
    fn path(vertices: usize) -> PyResult<Self> {
        Ok(Self::of(
            RustNodeKayles::path(vertices).map_err(errors::game)?,
        ))
    }

    /// The cycle of `vertices` vertices.
    #[staticmethod]
    fn cycle(vertices: usize) -> PyResult<Self> {
        Ok(Self::of(
            RustNodeKayles::cycle(vertices).map_err(errors::game)?,
        ))
    }

    /// The grid graph of `columns` × `rows` vertices.
    #[staticmethod]
    fn grid(columns: usize, rows: usize) -> PyResult<Self> {
        Ok(Self::of(
            RustNodeKayles::grid(columns, rows).map_err(errors::game)?,
        ))
    }

    /// Every vertex in play.
    fn start(&self) -> NodeKaylesPosition {
        NodeKaylesPosition(self.game.start())
    }

    /// The position with the vertices of `bits` in play.
    fn position(&self, bits: u128) -> PyResult<NodeKaylesPosition> {
        Ok(NodeKaylesPosition(
            self.game.position(bits).map_err(errors::game)?,
        ))
    }
});

/// A Sprouts position in Glop's notation.
///
/// >>> from impartial.sprouts import SproutsPosition
/// >>> SproutsPosition("0.0.}]!")
/// SproutsPosition('0.0.}]!')
#[pyclass(module = "impartial.sprouts", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SproutsPosition(RustSproutsPosition);

impl Inner<RustSproutsPosition> for SproutsPosition {
    fn inner(&self) -> RustSproutsPosition {
        self.0.clone()
    }
}

#[pymethods]
impl SproutsPosition {
    /// The position written in Glop's notation (a `GameError` names what is wrong).
    #[new]
    fn new(notation: &str) -> PyResult<Self> {
        notation.parse().map(SproutsPosition).map_err(errors::game)
    }

    /// The start with `spots` spots.
    #[staticmethod]
    fn start(spots: usize) -> PyResult<Self> {
        RustSproutsPosition::start(spots)
            .map(SproutsPosition)
            .map_err(errors::game)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("SproutsPosition('{}')", self.0)
    }
}

/// Sprouts (Conway and Paterson): spots on paper; a move draws a line between spots (or
/// from one to itself) and a new spot on it, no line crossing another, no spot with more
/// than three lines. Searched as Lemoine and Viennot do, by lands. Sprouts has a start for
/// each number of spots: every question names its position.
///
/// >>> from impartial.sprouts import Sprouts, SproutsPosition
/// >>> game = Sprouts()
/// >>> [game.outcome(SproutsPosition.start(n)) for n in range(1, 6)]
/// [Outcome.P, Outcome.P, Outcome.N, Outcome.N, Outcome.N]
#[pyclass(module = "impartial.sprouts", frozen)]
pub struct Sprouts {
    game: RustSprouts,
    searcher: Exclusive<Searcher<RustSprouts>>,
}

impl SearchGame for Sprouts {
    type Game = RustSprouts;
    type Position = SproutsPosition;

    fn start_of(&self) -> PyResult<RustSproutsPosition> {
        Err(errors::GameError::new_err(
            "Sprouts has a start for each number of spots: name the position \
             (SproutsPosition.start(spots), or one in Glop's notation)",
        ))
    }

    fn wrap(&self, position: RustSproutsPosition) -> SproutsPosition {
        SproutsPosition(position)
    }
}

search_game!(Sprouts, SproutsPosition, "no position: Sprouts has none", {
    /// The game; one solver remembers every position it meets.
    #[new]
    fn new() -> Self {
        Sprouts {
            game: RustSprouts,
            searcher: Exclusive::new(Searcher::new(RustSprouts)),
        }
    }
});

/// Adds Cram's classes.
pub fn register_cram(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Cram>()?;
    module.add_class::<CramPosition>()
}

/// Adds Chomp's classes.
pub fn register_chomp(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Chomp>()?;
    module.add_class::<ChompPosition>()
}

/// Adds Node Kayles's classes.
pub fn register_node_kayles(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<NodeKayles>()?;
    module.add_class::<NodeKaylesPosition>()
}

/// Adds the classes of Sprouts.
pub fn register_sprouts(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Sprouts>()?;
    module.add_class::<SproutsPosition>()
}
