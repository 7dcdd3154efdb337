//! The loopy solver on hand-made graphs with known labels, and on random graphs with cycles
//! against independent brute force: a naive fixed point for outcomes, the defining
//! properties of generalized Sprague–Grundy values, the product graph for sums, and the
//! ordinary solver on acyclic graphs.

use impartial::loopy::{LoopyOutcome, LoopySolver, LoopyValue, sum_outcome};
use impartial::{ImpartialGame, Nimber, SolveError, Solver};
use proptest::prelude::*;

use crate::common;
use crate::reference;

use common::{Graph, dag, digraph};

/// Two tokens on two graphs; a move moves one of them.
#[derive(Clone, Debug)]
struct Product(Graph, Graph);

impl ImpartialGame for Product {
    type Position = (usize, usize);

    fn moves(&self, &(a, b): &(usize, usize)) -> impl Iterator<Item = (usize, usize)> {
        let left = self.0.0[a].iter().map(move |&a| (a, b));
        let right = self.1.0[b].iter().map(move |&b| (a, b));
        left.chain(right)
    }
}

fn finite(value: u128) -> LoopyValue {
    LoopyValue::Finite(Nimber(value))
}

fn infinite(escapes: &[u128]) -> LoopyValue {
    LoopyValue::Infinite {
        escapes: escapes.iter().map(|&value| Nimber(value)).collect(),
    }
}

fn labels(graph: &Graph) -> Vec<(LoopyOutcome, LoopyValue)> {
    let mut solver = LoopySolver::new(graph.clone());
    (0..graph.0.len())
        .map(|node| (solver.outcome(node).unwrap(), solver.value(node).unwrap()))
        .collect()
}

#[test]
fn a_bare_cycle_is_a_draw() {
    let graph = Graph(vec![vec![1], vec![0]]);
    let draw = (LoopyOutcome::Draw, infinite(&[]));
    assert_eq!(labels(&graph), [draw.clone(), draw]);
}

#[test]
fn a_cycle_with_an_exit_to_a_terminal_position() {
    // 0 ⇄ 1 → 2: from 1, escape to 2 and win; from 0, the only move lets the opponent do it.
    let graph = Graph(vec![vec![1], vec![0, 2], vec![]]);
    assert_eq!(
        labels(&graph),
        [
            (LoopyOutcome::P, finite(0)),
            (LoopyOutcome::N, finite(1)),
            (LoopyOutcome::P, finite(0))
        ]
    );
    assert_eq!(LoopySolver::new(graph).winning_move(1).unwrap(), Some(2));
}

#[test]
fn a_position_that_can_only_reach_cycles() {
    // 0 → 1 ⇄ 2.
    let graph = Graph(vec![vec![1], vec![2], vec![1]]);
    let draw = (LoopyOutcome::Draw, infinite(&[]));
    assert_eq!(labels(&graph), [draw.clone(), draw.clone(), draw]);
    assert_eq!(LoopySolver::new(graph).best_move(0).unwrap(), Some(1));
}

#[test]
fn self_loops() {
    let alone = Graph(vec![vec![0]]);
    assert_eq!(labels(&alone), [(LoopyOutcome::Draw, infinite(&[]))]);
    // 0 ↺ and 0 → 1 (terminal): N, by escaping; its value is ∞{0}.
    let with_exit = Graph(vec![vec![0, 1], vec![]]);
    assert_eq!(
        labels(&with_exit),
        [
            (LoopyOutcome::N, infinite(&[0])),
            (LoopyOutcome::P, finite(0))
        ]
    );
}

#[test]
fn a_cycle_with_escapes_to_several_values() {
    // 0 ⇄ 1; 0 → 2 (value 0); 1 → 3 (value 1, via 3 → 4 terminal).
    let graph = Graph(vec![vec![1, 2], vec![0, 3], vec![], vec![4], vec![]]);
    let got = labels(&graph);
    assert_eq!(got[2], (LoopyOutcome::P, finite(0)));
    assert_eq!(got[3], (LoopyOutcome::N, finite(1)));
    // γ(1) = 0: its options 0 and 3 are worth more, and each can move back to a 0.
    assert_eq!(got[1], (LoopyOutcome::P, finite(0)));
    // γ(0) = mex{γ(1), γ(2)} = mex{0, 0} = 1.
    assert_eq!(got[0], (LoopyOutcome::N, finite(1)));
}

#[test]
fn the_state_limit_is_an_error_and_forgets_the_query() {
    let ring = Graph((0..100).map(|node| vec![(node + 1) % 100]).collect());
    let mut solver = LoopySolver::new(ring).with_state_limit(50);
    assert_eq!(solver.outcome(0), Err(SolveError::StateLimit { limit: 50 }));
    assert_eq!(solver.positions(), 0);
    let mut roomy = LoopySolver::new(Graph(vec![vec![1], vec![0]])).with_state_limit(2);
    assert_eq!(roomy.outcome(0), Ok(LoopyOutcome::Draw));
}

/// Outcomes by the plain retrograde analysis of `reference`: sweep until nothing changes.
fn brute_outcomes(graph: &Graph) -> Vec<LoopyOutcome> {
    reference::retrograde(&graph.0)
        .into_iter()
        .map(|class| match class {
            reference::Class::P => LoopyOutcome::P,
            reference::Class::N => LoopyOutcome::N,
            reference::Class::Draw => LoopyOutcome::Draw,
        })
        .collect()
}

fn finite_value(value: &LoopyValue) -> Option<u128> {
    match value {
        LoopyValue::Finite(value) => Some(value.0),
        LoopyValue::Infinite { .. } => None,
    }
}

/// Whether the player to move from `node`, always playing `winning_move`, wins against every
/// reply within `depth` moves.
fn forced_win(solver: &mut LoopySolver<Graph>, graph: &Graph, node: usize, depth: usize) -> bool {
    if depth == 0 {
        return false;
    }
    let Some(next) = solver.winning_move(node).unwrap() else {
        return false;
    };
    // The opponent, at `next`, tries every reply; none may escape or stall.
    graph.0[next]
        .iter()
        .all(|&reply| forced_win(solver, graph, reply, depth - 1))
}

proptest! {
    #[test]
    fn outcomes_match_a_naive_fixed_point(graph in digraph(25, 3)) {
        let expected = brute_outcomes(&graph);
        let mut solver = LoopySolver::new(graph.clone());
        for (node, &outcome) in expected.iter().enumerate() {
            prop_assert_eq!(solver.outcome(node).unwrap(), outcome, "node {}", node);
        }
    }

    #[test]
    fn values_obey_their_definition_and_give_the_outcomes(graph in digraph(25, 3)) {
        let expected = brute_outcomes(&graph);
        let mut solver = LoopySolver::new(graph.clone());
        let values: Vec<LoopyValue> = (0..graph.0.len()).map(|node| solver.value(node).unwrap()).collect();
        for (node, value) in values.iter().enumerate() {
            prop_assert_eq!(value.outcome(), expected[node], "node {} value {}", node, value);
            let option_values: Vec<Option<u128>> = graph.0[node].iter().map(|&q| finite_value(&values[q])).collect();
            let mex = Nimber::mex(option_values.iter().flatten().map(|&v| Nimber(v))).0;
            match finite_value(value) {
                Some(g) => {
                    // A: a finite value is the mex of the options' finite values.
                    prop_assert_eq!(g, mex, "node {}", node);
                    // B: an option valued higher, or infinite, can move back to g.
                    for &option in &graph.0[node] {
                        if finite_value(&values[option]).is_none_or(|v| v > g) {
                            let back = graph.0[option].iter().any(|&w| finite_value(&values[w]) == Some(g));
                            prop_assert!(back, "node {} option {}", node, option);
                        }
                    }
                }
                None => {
                    // C: some infinite option has no move to the mex of node's finite options.
                    let stuck = graph.0[node].iter().any(|&option| {
                        finite_value(&values[option]).is_none()
                            && !graph.0[option].iter().any(|&w| finite_value(&values[w]) == Some(mex))
                    });
                    prop_assert!(stuck, "node {} value {}", node, value);
                }
            }
        }
    }

    #[test]
    fn moves_win_or_keep_the_draw(graph in digraph(12, 3)) {
        let expected = brute_outcomes(&graph);
        let mut solver = LoopySolver::new(graph.clone());
        for (node, &outcome) in expected.iter().enumerate() {
            match outcome {
                LoopyOutcome::N => {
                    let next = solver.winning_move(node).unwrap().unwrap();
                    prop_assert_eq!(expected[next], LoopyOutcome::P);
                    prop_assert!(forced_win(&mut solver, &graph, node, 2 * graph.0.len() + 2), "node {}", node);
                }
                LoopyOutcome::Draw => {
                    prop_assert_eq!(solver.winning_move(node).unwrap(), None);
                    let next = solver.best_move(node).unwrap().unwrap();
                    prop_assert_eq!(expected[next], LoopyOutcome::Draw);
                }
                LoopyOutcome::P => prop_assert_eq!(solver.best_move(node).unwrap(), None),
            }
        }
    }

    #[test]
    fn sums_are_decided_by_the_values(left in digraph(8, 2), right in digraph(8, 2)) {
        let mut product = LoopySolver::new(Product(left.clone(), right.clone()));
        let mut left_solver = LoopySolver::new(left.clone());
        let mut right_solver = LoopySolver::new(right.clone());
        for a in 0..left.0.len() {
            for b in 0..right.0.len() {
                let values = [left_solver.value(a).unwrap(), right_solver.value(b).unwrap()];
                prop_assert_eq!(product.outcome((a, b)).unwrap(), sum_outcome(&values), "{} + {}", values[0], values[1]);
            }
        }
    }

    #[test]
    fn on_acyclic_graphs_it_agrees_with_the_ordinary_solver(graph in dag(30, 4)) {
        let mut loopy = LoopySolver::new(graph.clone());
        let mut plain = Solver::new(graph.clone());
        for node in 0..graph.0.len() {
            prop_assert_eq!(loopy.outcome(node).unwrap().decided(), Some(plain.outcome(node).unwrap()));
            prop_assert_eq!(loopy.value(node).unwrap(), LoopyValue::Finite(plain.grundy(node).unwrap()));
        }
    }
}
