//! Every closed form of the crate held to the general method through the one trait: for
//! random positions, `ClosedForm`'s outcome, value and winning moves against the `Solver`'s
//! search of the same ruleset, with its closed-form hook turned off (`without_closed_form`),
//! under the convention the closed form is for. The positions are drawn to reach each
//! theory's edges — empty positions, heaps of 0 and 1, equal heaps, the largest sizes a
//! search can still reach.

use std::collections::BTreeSet;
use std::fmt::Debug;

use impartial::nim::MisereNim;
use impartial::wythoff::{AWythoff, Wythoff};
use impartial::{ClosedForm, Heaps, ImpartialGame, Nim, Outcome, Play, Solver};

use crate::common::Rng;

/// Holds `game`'s closed form to the search on each of `positions`: the laws of
/// [`ClosedForm`]. Returns how many positions were answered (the rest were past the closed
/// form's table, which the caller may require to be none).
pub fn holds_to_solver<G>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> usize
where
    G: ClosedForm + Clone,
    G::Position: Ord + Debug,
{
    let mut solver = Solver::new(game.clone()).without_closed_form();
    let mut answered = 0;
    for position in positions {
        let Ok(outcome) = game.outcome(&position) else {
            continue;
        };
        answered += 1;
        let (searched, winning) = match G::PLAY {
            Play::Normal => (
                solver.outcome(&position).unwrap(),
                solver.winning_moves(&position).unwrap(),
            ),
            Play::Misere => {
                let mut misere = solver.misere();
                (
                    misere.outcome(&position).unwrap(),
                    misere.winning_moves(&position).unwrap(),
                )
            }
        };
        assert_eq!(outcome, searched, "outcome of {position:?}");
        if let Some(value) = game.grundy(&position).ok().flatten() {
            assert_eq!(G::PLAY, Play::Normal, "a value is a normal-play value");
            assert_eq!(value, solver.grundy(&position).unwrap(), "{position:?}");
            assert_eq!(value.0 == 0, outcome == Outcome::P, "{position:?}");
        }
        let moves: Vec<G::Move> = game.winning_moves(&position).ok().unwrap().collect();
        let left: BTreeSet<G::Position> = moves
            .iter()
            .map(|chosen| game.leaves(&position, chosen))
            .collect();
        let expected: BTreeSet<G::Position> = winning.into_iter().collect();
        assert_eq!(left, expected, "winning moves from {position:?}: {moves:?}");
        assert_eq!(
            game.winning_move(&position).ok().unwrap(),
            moves.first().cloned(),
            "the winning move is the first of them, from {position:?}"
        );
        // None from a P-position; one at least from an N-position with a move (a terminal
        // position is N in misère play, with no move to make).
        let terminal = game.moves(&position).next().is_none();
        assert_eq!(
            moves.is_empty(),
            outcome == Outcome::P || terminal,
            "{position:?}"
        );
        for chosen in &moves {
            assert!(!chosen.to_string().is_empty(), "{chosen:?} said in words");
        }
    }
    answered
}

/// `count` random heap positions of up to `most_heaps` heaps of up to `largest` counters,
/// with the edges: no heaps, empty heaps dropped, equal heaps.
fn heap_positions(rng: &mut Rng, count: usize, most_heaps: u64, largest: u64) -> Vec<Heaps> {
    let mut positions = vec![Heaps::new(), Heaps::from([1]), Heaps::from([1, 1])];
    while positions.len() < count {
        let heaps = rng.below(most_heaps + 1);
        let sizes: Vec<u64> = (0..heaps)
            .map(|_| match rng.below(4) {
                0 => rng.below(2),
                1 => largest,
                _ => rng.below(largest + 1),
            })
            .collect();
        let mut position = Heaps::from_iter(sizes.iter().copied());
        if rng.below(3) == 0
            && let Some(&first) = position.first()
        {
            // Equal heaps: a sum with a pair in it.
            position = position.iter().copied().chain([first]).collect();
        }
        positions.push(position);
    }
    positions
}

#[test]
fn nim_in_normal_and_misere_play() {
    let mut rng = Rng::new(0x4e49_4d00);
    let positions = heap_positions(&mut rng, 400, 4, 7);
    assert_eq!(holds_to_solver(&Nim, positions.clone()), positions.len());
    assert_eq!(holds_to_solver(&MisereNim, positions.clone()), positions.len());
}

#[test]
fn wythoff_and_a_wythoff() {
    let pairs = |most: u64| (0..=most).flat_map(move |x| (0..=most).map(move |y| (x, y)));
    assert_eq!(holds_to_solver(&Wythoff, pairs(14)), 225);
    for a in [1, 2, 3, 5] {
        let game = AWythoff::new(a).unwrap();
        let wide = pairs(12).map(|(x, y)| (u128::from(x), u128::from(y)));
        assert_eq!(holds_to_solver(&game, wide), 169, "a = {a}");
    }
}
