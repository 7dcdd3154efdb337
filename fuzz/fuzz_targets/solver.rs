//! `Solver` on random finite graphs — a token moves along an edge — against a plain
//! recursive search: Grundy values, outcomes, winning moves and misère play on acyclic
//! graphs, a cycle error exactly when a cycle is reachable, and under a state or memory
//! limit either the same answer or the limit's error. Some graphs give their nodes dense
//! indices spread far apart, so that a limited solver hashes some of them.
#![no_main]

#[path = "../../tests/reference/mod.rs"]
mod reference;

use arbitrary::Arbitrary;
use impartial::loopy::{LoopySolver, LoopyValue};
use impartial::{ImpartialGame, Nimber, Outcome, SolveError, Solver};
use libfuzzer_sys::fuzz_target;
use reference::Class;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Each node's edges, as offsets to later nodes (acyclic) or any node (cyclic).
    edges: Vec<Vec<u8>>,
    acyclic: bool,
    /// 0: no dense index; otherwise every `dense_every`-th node gets `node · stride`.
    dense_every: u8,
    stride_log: u8,
    state_limit: u16,
    memory_limit: u16,
}

struct Graph {
    edges: Vec<Vec<usize>>,
    dense_every: usize,
    stride: usize,
}

impl ImpartialGame for Graph {
    type Position = usize;

    fn moves(&self, &node: &usize) -> impl Iterator<Item = usize> {
        self.edges[node].iter().copied()
    }

    fn dense_index(&self, &node: &usize) -> Option<usize> {
        (self.dense_every > 0 && node.is_multiple_of(self.dense_every)).then(|| node * self.stride)
    }
}

fn class_of(outcome: Outcome) -> Class {
    match outcome {
        Outcome::P => Class::P,
        Outcome::N => Class::N,
    }
}

fn outcome_of(value: u32) -> Outcome {
    if value == 0 { Outcome::P } else { Outcome::N }
}

fuzz_target!(|input: Input| {
    let nodes = input.edges.len().min(48);
    if nodes == 0 {
        return;
    }
    let edges: Vec<Vec<usize>> = input.edges[..nodes]
        .iter()
        .enumerate()
        .map(|(node, targets)| {
            targets
                .iter()
                .take(6)
                .filter_map(|&target| {
                    let target = usize::from(target);
                    if input.acyclic {
                        let later = nodes - node - 1;
                        (later > 0).then(|| node + 1 + target % later)
                    } else {
                        Some(target % nodes)
                    }
                })
                .collect()
        })
        .collect();
    let graph = Graph {
        edges: edges.clone(),
        dense_every: usize::from(input.dense_every % 4),
        stride: 1 << (input.stride_log % 16),
    };
    let mut solver = Solver::new(graph);
    let mut limited = Solver::new(Graph {
        edges: edges.clone(),
        dense_every: usize::from(input.dense_every % 4),
        stride: 1 << (input.stride_log % 16),
    })
    .with_state_limit(usize::from(input.state_limit % 200))
    .with_memory_limit(usize::from(input.memory_limit) * 16);
    let classes = reference::retrograde(&edges);
    let mut loopy = LoopySolver::new(Graph {
        edges: edges.clone(),
        dense_every: 0,
        stride: 1,
    });
    let mut grundy_memo = Vec::new();
    let mut misere_memo = Vec::new();
    for node in 0..nodes {
        if reference::reaches_cycle(&edges, node) {
            // The search reports a cycle when it meets one. It may also answer from what
            // earlier queries decided without meeting it; such an answer is still right:
            // the outcome of the retrograde analysis, and the generalized Sprague–Grundy
            // value that the loopy solver gives.
            let class = classes[node];
            match solver.grundy(&node) {
                Err(SolveError::Cycle { position }) => {
                    assert!(
                        reference::reaches_cycle(&edges, position),
                        "{node}: {position}"
                    );
                }
                Ok(value) => {
                    assert_eq!(
                        loopy.value(&node).unwrap(),
                        LoopyValue::Finite(value),
                        "node {node}"
                    );
                    let expected = if value.is_zero() { Class::P } else { Class::N };
                    assert_eq!(class, expected, "node {node}");
                }
                Err(other) => panic!("node {node}: {other:?}"),
            }
            match solver.outcome(&node) {
                Err(SolveError::Cycle { .. }) => {}
                Ok(outcome) => assert_eq!(class, class_of(outcome), "node {node}"),
                Err(other) => panic!("node {node}: {other:?}"),
            }
            continue;
        }
        let value = reference::grundy(&edges, node, &mut grundy_memo);
        assert_eq!(
            solver.grundy(&node),
            Ok(Nimber(u128::from(value))),
            "node {node}"
        );
        assert_eq!(solver.outcome(&node), Ok(outcome_of(value)), "node {node}");
        let winning: Vec<usize> = edges[node]
            .iter()
            .copied()
            .filter(|&next| reference::grundy(&edges, next, &mut grundy_memo) == 0)
            .collect();
        let winning = if value == 0 { Vec::new() } else { winning };
        assert_eq!(
            solver.winning_moves(&node),
            Ok(winning.clone()),
            "node {node}"
        );
        assert_eq!(solver.winning_move(&node), Ok(winning.first().copied()));
        let misere = reference::misere_win(&edges, node, &mut misere_memo);
        let expected = if misere { Outcome::N } else { Outcome::P };
        assert_eq!(solver.misere().outcome(&node), Ok(expected), "node {node}");
        match limited.grundy(&node) {
            Ok(got) => assert_eq!(got, Nimber(u128::from(value)), "limited, node {node}"),
            Err(SolveError::StateLimit { .. } | SolveError::MemoryLimit { .. }) => {}
            Err(other) => panic!("limited, node {node}: {other:?}"),
        }
        match limited.misere().outcome(&node) {
            Ok(got) => assert_eq!(got, expected, "limited misère, node {node}"),
            Err(SolveError::StateLimit { .. } | SolveError::MemoryLimit { .. }) => {}
            Err(other) => panic!("limited misère, node {node}: {other:?}"),
        }
    }
});
