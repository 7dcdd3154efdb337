//! Green Hackenbush and the coin-turning games, under the crate's names.

use impartial::coins::{self, CoinMove as RustCoinMove, Coins};
use impartial::hackenbush::{
    Edges, GreenHackenbush as RustHackenbush, HackenbushMove as RustHackenbushMove,
};
use impartial::{ClosedForm, ImpartialGame};
use pyo3::prelude::*;

use crate::errors;
use crate::vocabulary::{Nimber, Outcome};

/// A move of Green Hackenbush: cut edge number `edge` (in the order given), between the
/// vertices `ends`.
///
/// >>> from impartial.hackenbush import GreenHackenbush
/// >>> GreenHackenbush(3, [(0, 1), (1, 2), (0, 2)]).winning_move()
/// HackenbushMove(edge=1, ends=(1, 2))
#[pyclass(module = "impartial.hackenbush", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HackenbushMove(RustHackenbushMove);

#[pymethods]
impl HackenbushMove {
    /// The edge's place in the list given.
    #[getter]
    fn edge(&self) -> usize {
        self.0.edge
    }

    /// Its two ends.
    #[getter]
    fn ends(&self) -> (u32, u32) {
        self.0.ends
    }

    fn __repr__(&self) -> String {
        format!(
            "HackenbushMove(edge={}, ends={:?})",
            self.0.edge, self.0.ends
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(edge, ends)`.
    fn to_tuple(&self) -> (usize, (u32, u32)) {
        (self.0.edge, self.0.ends)
    }
}

/// A position of Green Hackenbush: the edges still standing.
///
/// >>> from impartial.hackenbush import GreenHackenbush
/// >>> game = GreenHackenbush(3, [(0, 1), (1, 2)])
/// >>> game.start().cut(0).edges  # the edge above falls with it
/// []
#[pyclass(module = "impartial.hackenbush", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct HackenbushPosition {
    game: RustHackenbush,
    edges: Edges,
}

impl PartialEq for HackenbushPosition {
    fn eq(&self, other: &Self) -> bool {
        self.edges == other.edges
    }
}

impl Eq for HackenbushPosition {}

impl std::hash::Hash for HackenbushPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.edges.hash(state);
    }
}

#[pymethods]
impl HackenbushPosition {
    /// The edges standing, by their places in the list given.
    #[getter]
    fn edges(&self) -> Vec<usize> {
        self.edges.iter().collect()
    }

    /// The position after cutting edge `edge` (a `ValueError` if it is not standing).
    ///
    /// >>> from impartial.hackenbush import GreenHackenbush
    /// >>> GreenHackenbush(2, [(0, 1), (0, 1)]).start().cut(1).edges
    /// [0]
    fn cut(&self, edge: usize) -> PyResult<HackenbushPosition> {
        Ok(HackenbushPosition {
            game: self.game.clone(),
            edges: self.game.cut(&self.edges, edge).map_err(errors::game)?,
        })
    }

    fn __repr__(&self) -> String {
        format!("HackenbushPosition(edges={:?})", self.edges())
    }
}

/// Green Hackenbush on a graph of `vertices` vertices, vertex 0 the ground, with these edges
/// (loops and parallel edges allowed): a move cuts an edge, and what no longer reaches the
/// ground falls. Valued by the colon and fusion principles.
///
/// >>> from impartial.hackenbush import GreenHackenbush
/// >>> triangle = GreenHackenbush(3, [(0, 1), (1, 2), (0, 2)])
/// >>> triangle.grundy(), triangle.outcome()  # fused: three loops, 1 + 1 + 1
/// (Nimber(1), Outcome.N)
/// >>> str(triangle.winning_move())
/// 'cut edge 1 (1–2)'
#[pyclass(module = "impartial.hackenbush", frozen)]
pub struct GreenHackenbush(RustHackenbush);

impl GreenHackenbush {
    /// The edges of `position`, one of this graph's (a `GameError` for another graph's), or
    /// the whole graph.
    fn edges_of(&self, position: Option<&HackenbushPosition>) -> PyResult<Edges> {
        let Some(given) = position else {
            return Ok(self.0.start());
        };
        self.0
            .check_position(&given.edges)
            .map_err(|error| errors::GameError::new_err(error.reason().to_owned()))?;
        Ok(given.edges.clone())
    }
}

#[pymethods]
impl GreenHackenbush {
    /// The graph (a `ValueError` names an edge with a vertex out of range).
    #[new]
    fn new(vertices: usize, edges: Vec<(usize, usize)>) -> PyResult<Self> {
        RustHackenbush::new(vertices, &edges)
            .map(GreenHackenbush)
            .map_err(errors::game)
    }

    /// Every edge standing.
    ///
    /// >>> from impartial.hackenbush import GreenHackenbush
    /// >>> GreenHackenbush(2, [(0, 1), (1, 1)]).start().edges
    /// [0, 1]
    fn start(&self) -> HackenbushPosition {
        HackenbushPosition {
            game: self.0.clone(),
            edges: self.0.start(),
        }
    }

    /// The value of `position` (every edge standing when not given).
    ///
    /// >>> from impartial.hackenbush import GreenHackenbush
    /// >>> GreenHackenbush(4, [(0, 1), (1, 2), (2, 3)]).grundy()  # a stalk of three
    /// Nimber(3)
    #[pyo3(signature = (position = None))]
    fn grundy(&self, position: Option<&HackenbushPosition>) -> PyResult<Nimber> {
        let value = self
            .0
            .grundy(&self.edges_of(position)?)
            .map_err(errors::game)?;
        // Every position of the graph has a value.
        Ok(Nimber(value.unwrap_or(impartial::Nimber::ZERO)))
    }

    /// Who wins from `position`.
    ///
    /// >>> from impartial.hackenbush import GreenHackenbush
    /// >>> GreenHackenbush(2, [(0, 1), (0, 1)]).outcome()  # two stalks of one
    /// Outcome.P
    #[pyo3(signature = (position = None))]
    fn outcome(&self, position: Option<&HackenbushPosition>) -> PyResult<Outcome> {
        Ok(self
            .0
            .outcome(&self.edges_of(position)?)
            .map_err(errors::game)?
            .into())
    }

    /// A winning move, or `None` when the player to move loses.
    ///
    /// >>> from impartial.hackenbush import GreenHackenbush
    /// >>> GreenHackenbush(2, [(0, 1), (0, 1)]).winning_move() is None
    /// True
    #[pyo3(signature = (position = None))]
    fn winning_move(
        &self,
        position: Option<&HackenbushPosition>,
    ) -> PyResult<Option<HackenbushMove>> {
        Ok(self
            .0
            .winning_move(&self.edges_of(position)?)
            .map_err(errors::game)?
            .map(HackenbushMove))
    }

    /// Every winning move, the one `winning_move` chooses first.
    ///
    /// >>> from impartial.hackenbush import GreenHackenbush
    /// >>> [move.edge for move in GreenHackenbush(3, [(0, 1), (1, 2), (0, 0)]).winning_moves()]
    /// [1]
    #[pyo3(signature = (position = None))]
    fn winning_moves(
        &self,
        position: Option<&HackenbushPosition>,
    ) -> PyResult<Vec<HackenbushMove>> {
        Ok(self
            .0
            .winning_moves(&self.edges_of(position)?)
            .map_err(errors::game)?
            .map(HackenbushMove)
            .collect())
    }
}

/// A move of a coin-turning game: turn coin `coin` from heads to tails, and turn over the
/// coins `turned`; `leaves` the coins heads up after it.
///
/// >>> from impartial import coins
/// >>> coins.winning_move("ruler", [3])
/// CoinMove(coin=3, turned=[], leaves=[])
#[pyclass(module = "impartial.coins", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinMove(RustCoinMove<u64>);

#[pymethods]
impl CoinMove {
    /// The coin turned from heads to tails.
    #[getter]
    fn coin(&self) -> u64 {
        self.0.coin
    }

    /// The other coins turned over.
    #[getter]
    fn turned(&self) -> Vec<u64> {
        self.0.turned.iter().copied().collect()
    }

    /// The coins heads up after the move.
    #[getter]
    fn leaves(&self) -> Vec<u64> {
        self.0.leaves.iter().copied().collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "CoinMove(coin={}, turned={:?}, leaves={:?})",
            self.0.coin,
            self.turned(),
            self.leaves()
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `(coin, turned, leaves)`.
    fn to_tuple(&self) -> (u64, Vec<u64>, Vec<u64>) {
        (self.0.coin, self.turned(), self.leaves())
    }
}

/// The coins heads up, checked: each listed once.
fn heads_of(heads: &[u64]) -> PyResult<Coins<u64>> {
    let coins: Coins<u64> = heads.iter().copied().collect();
    if coins.len() == heads.len() {
        Ok(coins)
    } else {
        Err(errors::GameError::new_err("a coin is listed twice"))
    }
}

/// Runs `$body` with `$rule` bound to the coin-turning rule named `$name`.
macro_rules! with_rule {
    ($name:expr, $rule:ident => $body:expr) => {
        match $name {
            "twins" => {
                let $rule = coins::Twins;
                $body
            }
            "turning_turtles" => {
                let $rule = coins::TurningTurtles;
                $body
            }
            "mock_turtles" => {
                let $rule = coins::MockTurtles;
                $body
            }
            "ruler" => {
                let $rule = coins::Ruler;
                $body
            }
            other => Err(errors::GameError::new_err(format!(
                "no coin-turning rule {other:?}: twins, turning_turtles, mock_turtles or ruler"
            ))),
        }
    };
}

/// The value of the coins `heads` (their places in the row, from 0) under `rule`: one of
/// `"twins"`, `"turning_turtles"`, `"mock_turtles"`, `"ruler"`.
///
/// >>> from impartial import coins
/// >>> coins.grundy("ruler", [1, 2, 3])
/// Nimber(2)
/// >>> coins.grundy("mock_turtles", [0])
/// Nimber(1)
#[pyfunction]
fn grundy(rule: &str, heads: Vec<u64>) -> PyResult<Nimber> {
    let position = heads_of(&heads)?;
    with_rule!(rule, game => {
        let value = game.grundy(&position).map_err(errors::game)?;
        Ok(Nimber(value.unwrap_or(impartial::Nimber(0))))
    })
}

/// Who wins with the coins `heads` up under `rule`.
///
/// >>> from impartial import coins
/// >>> coins.outcome("twins", [1, 2])
/// Outcome.N
#[pyfunction]
fn outcome(rule: &str, heads: Vec<u64>) -> PyResult<Outcome> {
    let position = heads_of(&heads)?;
    with_rule!(rule, game => {
        game.outcome(&position).map(Outcome::from).map_err(errors::game)
    })
}

/// A winning move, or `None` when the player to move loses.
///
/// >>> from impartial import coins
/// >>> str(coins.winning_move("turning_turtles", [2]))
/// 'turn coin 2 to tails'
#[pyfunction]
fn winning_move(rule: &str, heads: Vec<u64>) -> PyResult<Option<CoinMove>> {
    let position = heads_of(&heads)?;
    with_rule!(rule, game => {
        Ok(game.winning_move(&position).map_err(errors::game)?.map(CoinMove))
    })
}

/// Every winning move, the one `winning_move` chooses first.
///
/// >>> from impartial import coins
/// >>> len(coins.winning_moves("ruler", [1, 2, 3])) > 0
/// True
#[pyfunction]
fn winning_moves(rule: &str, heads: Vec<u64>) -> PyResult<Vec<CoinMove>> {
    let position = heads_of(&heads)?;
    with_rule!(rule, game => {
        Ok(game.winning_moves(&position)
            .map_err(errors::game)?
            .map(CoinMove)
            .collect())
    })
}

/// Adds Green Hackenbush's classes.
pub fn register_hackenbush(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<GreenHackenbush>()?;
    module.add_class::<HackenbushPosition>()?;
    module.add_class::<HackenbushMove>()
}

/// Adds the coin-turning games' functions and `CoinMove`.
pub fn register_coins(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<CoinMove>()?;
    module.add_function(wrap_pyfunction!(grundy, module)?)?;
    module.add_function(wrap_pyfunction!(outcome, module)?)?;
    module.add_function(wrap_pyfunction!(winning_move, module)?)?;
    module.add_function(wrap_pyfunction!(winning_moves, module)?)
}
