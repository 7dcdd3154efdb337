//! The solver's laws on random games: random directed graphs given as adjacency lists, with a
//! token that moves along an edge. Acyclic graphs are checked against the plain recursions of
//! `reference`; graphs with cycles must give a cycle error exactly when a cycle is
//! reachable.

use impartial::{Nimber, Outcome, SolveError, Solver};
use proptest::prelude::*;

use crate::common;
use crate::reference;

use common::{Graph, dag, digraph};

/// Grundy values and misère outcomes of every node, by the plain recursions of `reference`.
fn brute_force(graph: &Graph) -> (Vec<u128>, Vec<Outcome>) {
    let (mut grundy_memo, mut misere_memo) = (Vec::new(), Vec::new());
    (0..graph.0.len())
        .map(|node| {
            let grundy = u128::from(reference::grundy(&graph.0, node, &mut grundy_memo));
            let win = reference::misere_win(&graph.0, node, &mut misere_memo);
            (grundy, if win { Outcome::N } else { Outcome::P })
        })
        .unzip()
}

fn reaches_cycle(graph: &Graph, start: usize) -> bool {
    reference::reaches_cycle(&graph.0, start)
}

fn mex(values: Vec<u128>) -> u128 {
    let values = values
        .into_iter()
        .map(|value| u32::try_from(value).expect("a small value"));
    u128::from(reference::mex(values))
}

/// Whether `node` lies on a cycle (can reach itself in one or more moves).
fn on_cycle(graph: &Graph, node: usize) -> bool {
    let mut seen = vec![false; graph.0.len()];
    let mut stack: Vec<usize> = graph.0[node].clone();
    while let Some(next) = stack.pop() {
        if next == node {
            return true;
        }
        if !std::mem::replace(&mut seen[next], true) {
            stack.extend(&graph.0[next]);
        }
    }
    false
}

proptest! {
    #[test]
    fn outcome_is_p_exactly_when_grundy_is_zero(graph in dag(40, 5)) {
        let mut outcomes = Solver::new(graph.clone());
        let mut values = Solver::new(graph.clone());
        for node in 0..graph.0.len() {
            let grundy = values.grundy(node).unwrap();
            prop_assert_eq!(outcomes.outcome(node).unwrap() == Outcome::P, grundy == Nimber(0));
        }
    }

    #[test]
    fn grundy_is_the_mex_of_the_options_and_matches_brute_force(graph in dag(40, 5)) {
        let (expected, _) = brute_force(&graph);
        let mut solver = Solver::new(graph.clone());
        // Query in an order that mixes cached and fresh positions.
        for node in (0..graph.0.len()).step_by(3).chain(0..graph.0.len()) {
            let value = solver.grundy(node).unwrap().0;
            let options: Vec<u128> = graph.0[node].iter().map(|q| solver.grundy(q).unwrap().0).collect();
            prop_assert_eq!(value, mex(options));
            prop_assert_eq!(value, expected[node]);
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_p_options(graph in dag(40, 5)) {
        let (grundy, _) = brute_force(&graph);
        let mut solver = Solver::new(graph.clone());
        for node in 0..graph.0.len() {
            let expected: Vec<usize> =
                graph.0[node].iter().copied().filter(|&q| grundy[q] == 0).collect();
            prop_assert_eq!(solver.winning_moves(node).unwrap(), expected.clone());
            prop_assert_eq!(solver.winning_move(node).unwrap(), expected.first().copied());
            if let Some(best) = solver.winning_move(node).unwrap() {
                prop_assert_eq!(solver.outcome(best).unwrap(), Outcome::P);
            }
        }
    }

    #[test]
    fn misere_outcomes_match_brute_force(graph in dag(40, 5)) {
        let (_, misere) = brute_force(&graph);
        let mut solver = Solver::new(graph.clone());
        for node in 0..graph.0.len() {
            prop_assert_eq!(solver.misere().outcome(node).unwrap(), misere[node]);
            let expected: Vec<usize> =
                graph.0[node].iter().copied().filter(|&q| misere[q] == Outcome::P).collect();
            prop_assert_eq!(solver.misere().winning_moves(node).unwrap(), expected.clone());
            prop_assert_eq!(solver.misere().winning_move(node).unwrap(), expected.first().copied());
        }
    }

    #[test]
    fn cycles_are_reported_exactly_when_reachable(graph in digraph(24, 3)) {
        let mut solver = Solver::new(graph.clone());
        for node in 0..graph.0.len() {
            match solver.grundy(node) {
                Ok(value) => {
                    prop_assert!(!reaches_cycle(&graph, node));
                    let options: Vec<u128> =
                        graph.0[node].iter().map(|q| solver.grundy(q).unwrap().0).collect();
                    prop_assert_eq!(value.0, mex(options));
                }
                Err(SolveError::Cycle { position }) => {
                    prop_assert!(reaches_cycle(&graph, node));
                    prop_assert!(on_cycle(&graph, position), "{} is on no cycle", position);
                }
                Err(other) => prop_assert!(false, "unexpected error {}", other),
            }
        }
    }

    #[test]
    fn a_state_limit_never_changes_an_answer(graph in dag(40, 5), limit in 1usize..40) {
        let (grundy, _) = brute_force(&graph);
        let mut limited = Solver::new(graph.clone()).with_state_limit(limit);
        for (node, &expected) in grundy.iter().enumerate() {
            match limited.grundy(node) {
                Ok(value) => prop_assert_eq!(value.0, expected),
                Err(SolveError::StateLimit { limit: reported }) => prop_assert_eq!(reported, limit),
                Err(other) => prop_assert!(false, "unexpected error {}", other),
            }
            prop_assert!(limited.stats().states <= limit);
        }
    }
}
