//! Remoteness, suspense and the three compounds against their definitions: the measures
//! against plain recursion on random acyclic graphs, and each compound against a plain
//! search of its product graph — the positions are tuples of component positions, and the
//! moves are exactly what the compound's rule allows.

use crate::common;
use crate::reference;

use std::collections::HashMap;

use common::{Graph, dag};
use impartial::compound::{Conjunctive, ContinuedConjunctive, Selective};
use impartial::{Outcome, Solver};
use proptest::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Conjunctive,
    Selective,
    Continued,
}

/// The moves of the compound `kind` of `graph` from `components`, by its rule.
fn compound_moves(graph: &Graph, kind: Kind, components: &[usize]) -> Vec<Vec<usize>> {
    let options: Vec<&Vec<usize>> = components.iter().map(|&c| &graph.0[c]).collect();
    let mut moves = Vec::new();
    match kind {
        Kind::Conjunctive => {
            // Over when any component is (and, with no components, at once).
            if options.is_empty() || options.iter().any(|o| o.is_empty()) {
                return moves;
            }
            // Every component moves: the cartesian product.
            let mut partial = vec![Vec::new()];
            for component_options in &options {
                partial = partial
                    .into_iter()
                    .flat_map(|prefix: Vec<usize>| {
                        component_options.iter().map(move |&option| {
                            let mut next = prefix.clone();
                            next.push(option);
                            next
                        })
                    })
                    .collect();
            }
            moves = partial;
        }
        Kind::Selective | Kind::Continued => {
            // Each component stays or moves; a continued conjunctive move must move every
            // component that can, a selective move at least one.
            let mut partial = vec![(Vec::new(), false)];
            for (index, component_options) in options.iter().enumerate() {
                let stay = kind == Kind::Selective || component_options.is_empty();
                partial = partial
                    .into_iter()
                    .flat_map(|(prefix, moved): (Vec<usize>, bool)| {
                        let mut next = Vec::new();
                        if stay {
                            let mut same = prefix.clone();
                            same.push(components[index]);
                            next.push((same, moved));
                        }
                        for &option in *component_options {
                            let mut changed = prefix.clone();
                            changed.push(option);
                            next.push((changed, true));
                        }
                        next
                    })
                    .collect();
            }
            moves = partial
                .into_iter()
                .filter(|(_, moved)| *moved)
                .map(|(next, _)| next)
                .collect();
        }
    }
    moves
}

/// Whether the player to move wins the compound, by plain search of the product graph.
fn wins(
    graph: &Graph,
    kind: Kind,
    components: &[usize],
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    if let Some(&win) = memo.get(components) {
        return win;
    }
    let win = compound_moves(graph, kind, components)
        .iter()
        .any(|next| !wins(graph, kind, next, memo));
    memo.insert(components.to_vec(), win);
    win
}

fn check_compound(graph: &Graph, components: &[usize]) -> Result<(), TestCaseError> {
    for kind in [Kind::Conjunctive, Kind::Selective, Kind::Continued] {
        let mut memo = HashMap::new();
        let expected = if wins(graph, kind, components, &mut memo) {
            Outcome::N
        } else {
            Outcome::P
        };
        let (outcome, best) = match kind {
            Kind::Conjunctive => {
                let mut compound = Conjunctive::new(graph.clone());
                (
                    compound.outcome(components).unwrap(),
                    compound.winning_move(components).unwrap(),
                )
            }
            Kind::Selective => {
                let mut compound = Selective::new(graph.clone());
                (
                    compound.outcome(components).unwrap(),
                    compound.winning_move(components).unwrap(),
                )
            }
            Kind::Continued => {
                let mut compound = ContinuedConjunctive::new(graph.clone());
                (
                    compound.outcome(components).unwrap(),
                    compound.winning_move(components).unwrap(),
                )
            }
        };
        prop_assert_eq!(outcome, expected, "{:?} of {:?}", kind, components);
        match best {
            None => prop_assert_eq!(
                expected,
                Outcome::P,
                "{:?}: no move from an N-position",
                kind
            ),
            Some(next) => {
                prop_assert!(
                    compound_moves(graph, kind, components).contains(&next),
                    "{:?}: {:?} is not a move from {:?}",
                    kind,
                    next,
                    components
                );
                prop_assert!(
                    !wins(graph, kind, &next, &mut memo),
                    "{:?}: {:?} does not win",
                    kind,
                    next
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn remoteness_and_suspense_follow_their_definitions(graph in dag(40, 5)) {
        let mut solver = Solver::new(graph.clone());
        let (mut remote, mut suspense) = (Vec::new(), Vec::new());
        for node in 0..graph.0.len() {
            let r = reference::remoteness(&graph.0, node, false, &mut remote);
            let s = reference::remoteness(&graph.0, node, true, &mut suspense);
            prop_assert_eq!(solver.remoteness(node).unwrap(), r);
            prop_assert_eq!(solver.suspense(node).unwrap(), s);
            // Both are even exactly at P-positions.
            let p = solver.outcome(node).unwrap() == Outcome::P;
            prop_assert_eq!(r.is_multiple_of(2), p);
            prop_assert_eq!(s.is_multiple_of(2), p);
        }
    }

    #[test]
    fn compounds_agree_with_their_product_graphs(
        graph in dag(12, 3),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..=3),
    ) {
        let components: Vec<usize> = picks.iter().map(|pick| pick.index(graph.0.len())).collect();
        check_compound(&graph, &components)?;
    }
}

#[test]
fn nim_heaps_as_components() {
    // Single Nim heaps: remoteness 1 (take it all) unless empty; two heaps of 2 and one of 3.
    let mut conjunctive = Conjunctive::new(impartial::Nim);
    assert_eq!(conjunctive.remoteness([[2], [2], [3]]).unwrap(), 1);
    assert_eq!(conjunctive.outcome([[2], [2], [3]]).unwrap(), Outcome::N);
    assert_eq!(conjunctive.outcome([[2], [0]]).unwrap(), Outcome::P); // one component is over
    let mut continued = ContinuedConjunctive::new(impartial::Nim);
    assert_eq!(continued.outcome([[0], [0]]).unwrap(), Outcome::P);
    let no_components: [[u64; 1]; 0] = [];
    assert_eq!(continued.outcome(no_components).unwrap(), Outcome::P);
    assert_eq!(conjunctive.outcome(no_components).unwrap(), Outcome::P);
    assert_eq!(
        Selective::new(impartial::Nim)
            .outcome(no_components)
            .unwrap(),
        Outcome::P
    );
}
