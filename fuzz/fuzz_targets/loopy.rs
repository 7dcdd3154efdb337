//! `LoopySolver` on random directed graphs, cycles and self-loops allowed, against a plain
//! retrograde analysis (sweep every node until nothing changes): the same P, N and Draw
//! positions; values that obey the definition of the generalized Sprague–Grundy function and
//! give the outcomes; moves that lead to P from N and keep a draw; and under a state limit
//! either the same answers or the limit's error.
#![no_main]

#[path = "../../tests/reference/mod.rs"]
mod reference;

use arbitrary::Arbitrary;
use impartial::ImpartialGame;
use impartial::loopy::{LoopyOutcome, LoopySolver, LoopyValue};
use impartial::{Nimber, SolveError};
use libfuzzer_sys::fuzz_target;
use reference::Class;

#[derive(Arbitrary, Debug)]
struct Input {
    edges: Vec<Vec<u8>>,
    state_limit: u8,
}

struct Graph(Vec<Vec<usize>>);

impl ImpartialGame for Graph {
    type Position = usize;

    fn moves(&self, &node: &usize) -> impl Iterator<Item = usize> {
        self.0[node].iter().copied()
    }
}

fn class_of(outcome: LoopyOutcome) -> Class {
    match outcome {
        LoopyOutcome::P => Class::P,
        LoopyOutcome::N => Class::N,
        LoopyOutcome::Draw => Class::Draw,
    }
}

fn finite(value: &LoopyValue) -> Option<u128> {
    match value {
        LoopyValue::Finite(value) => Some(value.0),
        _ => None,
    }
}

fuzz_target!(|input: Input| {
    let nodes = input.edges.len().min(40);
    if nodes == 0 {
        return;
    }
    let edges: Vec<Vec<usize>> = input.edges[..nodes]
        .iter()
        .map(|targets| {
            targets
                .iter()
                .take(5)
                .map(|&t| usize::from(t) % nodes)
                .collect()
        })
        .collect();
    let classes = reference::retrograde(&edges);
    let mut solver = LoopySolver::new(Graph(edges.clone()));
    let mut limited = LoopySolver::new(Graph(edges.clone()))
        .with_state_limit(usize::from(input.state_limit % 48));
    let values: Vec<LoopyValue> = (0..nodes)
        .map(|node| solver.value(&node).unwrap())
        .collect();
    for node in 0..nodes {
        let outcome = solver.outcome(&node).unwrap();
        assert_eq!(class_of(outcome), classes[node], "node {node}");
        assert_eq!(
            values[node].outcome(),
            outcome,
            "node {node}: {}",
            values[node]
        );
        match limited.outcome(&node) {
            Ok(got) => assert_eq!(got, outcome, "limited, node {node}"),
            Err(SolveError::StateLimit { .. }) => {}
            Err(other) => panic!("limited, node {node}: {other:?}"),
        }
        // The definition of γ (Smith; Fraenkel and Yesha).
        let option_values: Vec<Option<u128>> =
            edges[node].iter().map(|&q| finite(&values[q])).collect();
        let mex = Nimber::mex(option_values.iter().flatten().map(|&v| Nimber(v))).0;
        match finite(&values[node]) {
            Some(g) => {
                assert_eq!(g, mex, "node {node}");
                for &option in &edges[node] {
                    if finite(&values[option]).is_none_or(|v| v > g) {
                        let back = edges[option].iter().any(|&w| finite(&values[w]) == Some(g));
                        assert!(back, "node {node} option {option}");
                    }
                }
            }
            None => {
                let stuck = edges[node].iter().any(|&option| {
                    finite(&values[option]).is_none()
                        && !edges[option]
                            .iter()
                            .any(|&w| finite(&values[w]) == Some(mex))
                });
                assert!(stuck, "node {node}: {}", values[node]);
            }
        }
        match outcome {
            LoopyOutcome::N => {
                let next = solver
                    .winning_move(&node)
                    .unwrap()
                    .expect("an N-position has a winning move");
                assert_eq!(classes[next], Class::P, "node {node}");
            }
            LoopyOutcome::Draw => {
                assert_eq!(solver.winning_move(&node).unwrap(), None);
                let next = solver
                    .best_move(&node)
                    .unwrap()
                    .expect("a draw has a move that keeps it");
                assert_eq!(classes[next], Class::Draw, "node {node}");
            }
            LoopyOutcome::P => assert_eq!(solver.best_move(&node).unwrap(), None),
        }
    }
});
