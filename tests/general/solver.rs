//! The general method against known theory: Bouton's rule for Nim, the period of S(1,3,4),
//! the Sprague–Grundy theorem for sums, the misère Nim rule; and the solver's limits
//! (deep chains, cycles, state limits, statistics).

use crate::common;

use common::Graph;
use impartial::{
    Either, Heaps, ImpartialGame, Nim, Nimber, Outcome, SolveError, Solver, SubtractionGame, Sum,
    Union,
};

/// Every position of `heaps` heaps with sizes in `0..=max`.
fn all_positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut positions = vec![vec![]];
    for _ in 0..heaps {
        positions = positions
            .into_iter()
            .flat_map(|position| {
                (0..=max).map(move |size| {
                    let mut next = position.clone();
                    next.push(size);
                    next
                })
            })
            .collect();
    }
    positions
}

#[test]
fn nim_positions_of_up_to_four_heaps_follow_boutons_rule() {
    let mut solver = Solver::new(Nim).without_closed_form();
    let mut checked = 0;
    for heaps in 0..=4 {
        for position in all_positions(heaps, 7) {
            let nim_sum = position.iter().fold(0, |sum, &heap| sum ^ heap);
            let expected = if nim_sum == 0 { Outcome::P } else { Outcome::N };
            assert_eq!(solver.outcome(&position).unwrap(), expected, "{position:?}");
            assert_eq!(
                solver.grundy(&position).unwrap(),
                Nimber(u128::from(nim_sum)),
                "{position:?}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 8 + 64 + 512 + 4096);
}

#[test]
fn subtraction_1_3_4_has_period_seven() {
    // S(1,3,4): 0 1 0 1 2 3 2 repeating (Berlekamp, Conway and Guy, Winning Ways, ch. 4).
    let pattern = [0, 1, 0, 1, 2, 3, 2];
    let mut solver = Solver::new(SubtractionGame::new(&[1, 3, 4]).unwrap());
    for heap in 0..500u64 {
        let expected = pattern[(heap % 7) as usize];
        assert_eq!(
            solver.grundy(vec![heap]).unwrap(),
            Nimber(expected),
            "heap {heap}"
        );
    }
}

#[test]
fn sum_value_equals_brute_force_on_the_product_game() {
    let game = SubtractionGame::new(&[1, 3, 4]).unwrap();
    // A multi-heap position of a subtraction game has no closed form: the solver searches
    // the whole product graph, which is the brute force.
    let mut product = Solver::new(game.clone());
    let mut sum = Sum::new(game);
    for position in all_positions(3, 9) {
        let components: Vec<Vec<u64>> = position.iter().map(|&heap| vec![heap]).collect();
        assert_eq!(
            sum.grundy(&components).unwrap(),
            product.grundy(&position).unwrap(),
            "{position:?}"
        );
    }
}

/// Two different rulesets played side by side, solved as one product graph.
struct Product<A, B>(A, B);

impl<A: ImpartialGame, B: ImpartialGame> ImpartialGame for Product<A, B> {
    type Position = (A::Position, B::Position);

    fn moves(&self, (a, b): &Self::Position) -> impl Iterator<Item = Self::Position> {
        let left = self.0.moves(a).map(|a| (a, b.clone()));
        let right = self.1.moves(b).map(|b| (a.clone(), b));
        left.chain(right)
    }
}

#[test]
fn sum_of_two_rulesets_equals_brute_force_and_its_winning_move_wins() {
    let subtraction = SubtractionGame::new(&[2, 5]).unwrap();
    let mut product = Solver::new(Product(Nim, subtraction.clone())).without_closed_form();
    let mut sum = Sum::with_solver(Solver::new(Union::new(Nim, subtraction)).without_closed_form());
    for nim in all_positions(2, 5) {
        for heap in 0..12u64 {
            let nim = Heaps::from(&nim);
            let components = [
                Either::Left(nim.clone()),
                Either::Right(Heaps::from([heap])),
            ];
            let brute = product.grundy((nim.clone(), Heaps::from([heap]))).unwrap();
            assert_eq!(sum.grundy(&components).unwrap(), brute);
            match sum.winning_move(&components).unwrap() {
                None => assert_eq!(brute, Nimber(0)),
                Some(best) => {
                    let mut after = components.clone();
                    after[best.component] = best.to;
                    assert_eq!(
                        sum.outcome(&after).unwrap(),
                        Outcome::P,
                        "{components:?} → {after:?}"
                    );
                }
            }
            let all = sum.winning_moves(&components).unwrap();
            let as_product: Vec<_> = product
                .winning_moves((nim.clone(), Heaps::from([heap])))
                .unwrap()
                .into_iter()
                .collect();
            assert_eq!(all.len(), as_product.len(), "{components:?}");
        }
    }
}

#[test]
fn misere_nim_follows_the_misere_rule() {
    let mut solver = Solver::new(Nim);
    for heaps in 0..=4 {
        for position in all_positions(heaps, 5) {
            let nim_sum = position.iter().fold(0, |sum, &heap| sum ^ heap);
            let ones = position.iter().filter(|&&heap| heap == 1).count();
            let expected = if position.iter().all(|&heap| heap <= 1) {
                if ones % 2 == 1 {
                    Outcome::P
                } else {
                    Outcome::N
                }
            } else if nim_sum == 0 {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(
                solver.misere().outcome(&position).unwrap(),
                expected,
                "{position:?}"
            );
            if let Some(best) = solver.misere().winning_move(&position).unwrap() {
                assert_eq!(
                    solver.misere().outcome(&best).unwrap(),
                    Outcome::P,
                    "{position:?} → {best:?}"
                );
            } else {
                // Only a P-position, or a terminal one (already won by the player to move),
                // has no winning move.
                let terminal = position.iter().all(|&heap| heap == 0);
                assert!(expected == Outcome::P || terminal, "{position:?}");
            }
        }
    }
}

/// One counter fewer each move: a line of play as long as the start.
struct Chain;

impl ImpartialGame for Chain {
    type Position = u32;

    fn moves(&self, &position: &u32) -> impl Iterator<Item = u32> {
        position.checked_sub(1).into_iter()
    }
}

#[test]
fn a_chain_a_million_moves_deep_does_not_overflow_the_stack() {
    let mut solver = Solver::new(Chain);
    // The parity decides: an even chain is P.
    assert_eq!(solver.grundy(1_000_000).unwrap(), Nimber(0));
    assert_eq!(solver.grundy(999_999).unwrap(), Nimber(1));
    let mut fresh = Solver::new(Chain);
    assert_eq!(fresh.outcome(1_000_001).unwrap(), Outcome::N);
    assert_eq!(fresh.misere().outcome(1_000_000).unwrap(), Outcome::N);
    assert_eq!(fresh.stats().states, 1_000_002 + 1_000_001);
}

#[test]
fn a_repeated_position_is_a_cycle_error_naming_it() {
    // 0 → 1 → 2 → 3 → 1, and 0 → 4 (terminal).
    let graph = Graph(vec![vec![1, 4], vec![2], vec![3], vec![1], vec![]]);
    let mut solver = Solver::new(graph);
    assert_eq!(solver.grundy(0), Err(SolveError::Cycle { position: 1 }));
    assert_eq!(
        solver.misere().outcome(2),
        Err(SolveError::Cycle { position: 2 })
    );
    // The solver stays usable and forgets nothing true.
    assert_eq!(solver.grundy(4), Ok(Nimber(0)));
    assert_eq!(solver.grundy(0), Err(SolveError::Cycle { position: 1 }));
    let message = solver.outcome(3).unwrap_err().to_string();
    assert_eq!(message, "position repeats along a line of play: 3");
}

#[test]
fn a_self_loop_is_a_cycle() {
    let mut solver = Solver::new(Graph(vec![vec![0]]));
    assert_eq!(solver.outcome(0), Err(SolveError::Cycle { position: 0 }));
}

#[test]
fn the_state_limit_stops_a_search_and_leaves_the_solver_usable() {
    let mut solver = Solver::new(Chain).with_state_limit(1000);
    assert_eq!(
        solver.grundy(5000),
        Err(SolveError::StateLimit { limit: 1000 })
    );
    assert!(solver.stats().states <= 1000);
    assert_eq!(solver.grundy(998), Ok(Nimber(0)));
    assert_eq!(solver.stats().states, 999);
    assert_eq!(
        solver.misere().outcome(10),
        Err(SolveError::StateLimit { limit: 1000 })
    );
    assert_eq!(solver.stats().states, 999);
}

#[test]
fn statistics_count_states_and_bytes() {
    let mut solver = Solver::new(Chain);
    assert_eq!(solver.stats().states, 0);
    assert_eq!(solver.stats().bytes, 0);
    solver.grundy(9_999).unwrap();
    let stats = solver.stats();
    assert_eq!(stats.states, 10_000);
    assert_eq!(stats.bytes_per_entry, 8);
    // Each state takes a slot of a position and a code; the table is kept at least 8/15 full.
    assert!(stats.bytes >= 10_000 * 8, "{stats:?}");
    assert!(stats.bytes * 8 <= 10_000 * 8 * 15, "{stats:?}");
}

#[test]
fn outcome_then_grundy_share_the_table() {
    let mut solver = Solver::new(Nim).without_closed_form();
    assert_eq!(solver.outcome(vec![6, 5, 3]).unwrap(), Outcome::P);
    let after_outcome = solver.stats().states;
    assert_eq!(solver.grundy(vec![6, 5, 3]).unwrap(), Nimber(0));
    assert_eq!(solver.grundy(vec![6, 5, 2]).unwrap(), Nimber(1));
    assert!(solver.stats().states >= after_outcome);
}

#[test]
fn closed_form_positions_are_not_stored() {
    let mut solver = Solver::new(Nim);
    assert_eq!(
        solver.grundy(vec![1_000_000_000, 7]).unwrap(),
        Nimber(1_000_000_000 ^ 7)
    );
    assert_eq!(
        solver.winning_move([9, 1]).unwrap(),
        Some(Heaps::from([1, 1]))
    );
    assert_eq!(solver.stats().states, 0);
}

/// A ruleset that panics once, the first time it lists the options of `at` after it is
/// armed, and otherwise plays as `inner`.
#[derive(Debug)]
struct PanicsOnce<G: ImpartialGame> {
    inner: G,
    at: G::Position,
    armed: std::sync::atomic::AtomicBool,
}

impl<G: ImpartialGame> PanicsOnce<G> {
    fn new(inner: G, at: G::Position) -> Self {
        PanicsOnce {
            inner,
            at,
            armed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    fn arm(&self) {
        self.armed.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

impl<G: ImpartialGame> ImpartialGame for PanicsOnce<G> {
    type Position = G::Position;
    #[cfg(feature = "decompose")]
    const DECOMPOSITION: Option<impartial::Decomposition<Self>> =
        impartial::Decomposition::through::<G>();

    fn moves(&self, position: &G::Position) -> impl Iterator<Item = G::Position> {
        let armed =
            *position == self.at && self.armed.swap(false, std::sync::atomic::Ordering::SeqCst);
        assert!(!armed, "the ruleset's own panic");
        self.inner.moves(position)
    }
}

impl<G: ImpartialGame> AsRef<G> for PanicsOnce<G> {
    fn as_ref(&self) -> &G {
        &self.inner
    }
}

/// A panic of the ruleset's, caught by the caller, leaves the solver able to answer: the
/// positions it unwound through were once left marked as on the line of play, and the next
/// question about them reported a cycle in Kayles, which has none. Every question, both
/// searches, one thread and two.
#[test]
fn a_caught_panic_leaves_no_false_cycle() {
    use std::panic::{AssertUnwindSafe, catch_unwind};

    let kayles = impartial::octal::OctalGame::kayles();
    let root = Heaps::from([9, 4]);
    let deep = Heaps::from([3, 2]);
    let mut reference = Solver::new(kayles.clone());
    let grundy = reference.grundy(root.clone()).unwrap();
    let misere = reference.misere().outcome(root.clone()).unwrap();
    let remoteness = reference.remoteness(root.clone()).unwrap();
    for question in 0..4 {
        let mut solver = Solver::new(PanicsOnce::new(kayles.clone(), deep.clone()));
        let ask = |solver: &mut Solver<PanicsOnce<_>>| match question {
            0 => solver.grundy(root.clone()).map(|value| value.0 as i64),
            1 => solver
                .outcome(root.clone())
                .map(|o| i64::from(o == Outcome::P)),
            2 => solver
                .misere()
                .outcome(root.clone())
                .map(|o| i64::from(o == Outcome::P)),
            _ => solver.remoteness(root.clone()).map(i64::from),
        };
        solver.game().arm();
        let caught = catch_unwind(AssertUnwindSafe(|| ask(&mut solver)));
        assert!(caught.is_err(), "question {question}: the ruleset panicked");
        let expected = [
            grundy.0 as i64,
            i64::from(grundy == Nimber(0)),
            i64::from(misere == Outcome::P),
            i64::from(remoteness),
        ][question];
        assert_eq!(ask(&mut solver), Ok(expected), "question {question}");
    }

    // The decomposing search, on one thread and on two (the panic on a helper thread).
    #[cfg(feature = "frontier")]
    a_caught_panic_in_the_decomposing_search_leaves_no_false_cycle();
}

#[cfg(feature = "frontier")]
fn a_caught_panic_in_the_decomposing_search_leaves_no_false_cycle() {
    use std::panic::{AssertUnwindSafe, catch_unwind};

    let cram = impartial::cram::Cram::new(4, 4).unwrap();
    let board = cram.start();
    let expected = Solver::new(cram).grundy(board).unwrap();
    let mut parts = Vec::new();
    let mut stack = vec![board];
    while let Some(position) = stack.pop() {
        parts.push(position);
        if parts.len() < 400 {
            stack.extend(cram.moves(&position));
        }
    }
    for threads in [1, 2] {
        let mut panicked = 0;
        for &at in parts.iter().step_by(5) {
            let mut solver = Solver::new(PanicsOnce::new(cram, at))
                .with_threads(threads)
                .unwrap();
            solver.game().arm();
            let first = catch_unwind(AssertUnwindSafe(|| solver.grundy(board)));
            if first.is_ok() {
                continue; // the search never listed this position's options
            }
            panicked += 1;
            assert_eq!(
                solver.grundy(board),
                Ok(expected),
                "{threads} threads, {at:#b}"
            );
            solver.game().arm();
            let outcome = catch_unwind(AssertUnwindSafe(|| solver.outcome(at)));
            if outcome.is_err() {
                assert_eq!(
                    solver.outcome(at),
                    Ok(Solver::new(cram).outcome(at).unwrap()),
                    "{threads} threads, {at:#b}"
                );
            }
        }
        assert!(panicked > 3, "{threads} threads: {panicked} panics");
    }

    // Sprouts is searched in rounds: a panic inside one leaves no round behind, whose
    // deadline would stop the next question, or the next proof, short.
    let sprouts = impartial::sprouts::Sprouts;
    let start = impartial::sprouts::SproutsPosition::start(7).unwrap();
    // Parts whose options the search lists: those its certificate holds.
    let certificate = Solver::new(sprouts).prove_outcome(&start).unwrap();
    let positions: Vec<_> = certificate
        .entries()
        .map(|(part, _)| part.clone())
        .collect();
    let mut panicked = 0;
    for at in positions.iter().step_by(positions.len() / 12 + 1) {
        let mut solver = Solver::new(PanicsOnce::new(sprouts, at.clone()));
        solver.game().arm();
        if catch_unwind(AssertUnwindSafe(|| solver.outcome(&start))).is_err() {
            panicked += 1;
            assert_eq!(solver.outcome(&start), Ok(Outcome::P), "{at}");
        }
        solver.game().arm();
        if catch_unwind(AssertUnwindSafe(|| solver.prove_outcome(&start))).is_err() {
            let certificate = solver.prove_outcome(&start).unwrap();
            let checked = certificate.check(solver.game(), &start, impartial::Play::Normal);
            assert!(checked.is_ok(), "{at}");
        }
    }
    assert!(panicked > 3, "Sprouts: {panicked} panics");
    a_caught_panic_in_misere_sprouts_leaves_no_false_cycle();
}

/// Misère play is searched in rounds too, by the outcome search: positions a panic unwound
/// through, left marked as on the line of play, would be reported as cycles.
#[cfg(feature = "frontier")]
fn a_caught_panic_in_misere_sprouts_leaves_no_false_cycle() {
    use std::panic::{AssertUnwindSafe, catch_unwind};

    let sprouts = impartial::sprouts::Sprouts;
    let start = impartial::sprouts::SproutsPosition::start(6).unwrap();
    let expected = Solver::new(sprouts).misere().outcome(&start).unwrap();
    let mut below = vec![start.clone()];
    for depth in 0..3 {
        let next: Vec<_> = below
            .iter()
            .flat_map(|position| sprouts.moves(position))
            .collect();
        below.extend(next.into_iter().step_by(3 + depth * 5));
    }
    let mut panicked = 0;
    for at in below.iter().step_by(below.len() / 16 + 1) {
        let mut solver = Solver::new(PanicsOnce::new(sprouts, at.clone()));
        solver.game().arm();
        if catch_unwind(AssertUnwindSafe(|| solver.misere().outcome(&start))).is_err() {
            panicked += 1;
            assert_eq!(solver.misere().outcome(&start), Ok(expected), "{at}");
        }
    }
    assert!(panicked > 3, "misère Sprouts: {panicked} panics");
}

/// Two heaps of Nim as a pair, with a `components` hook that splits them (`Decompose`), and
/// the same pair without it: the decomposing search answers the first by its parts, the
/// plain search the second whole, with Nim's values both.
#[cfg(feature = "decompose")]
#[derive(Clone, Copy)]
struct TwoHeaps<const SPLITS: bool>;

#[cfg(feature = "decompose")]
impl impartial::ImpartialGame for TwoHeaps<true> {
    type Position = (u8, u8);

    const DECOMPOSITION: Option<impartial::Decomposition<Self>> =
        Some(impartial::Decomposition::of());

    fn moves(&self, &(a, b): &(u8, u8)) -> impl Iterator<Item = (u8, u8)> {
        (0..a)
            .map(move |x| (x, b))
            .chain((0..b).map(move |y| (a, y)))
    }
}

#[cfg(feature = "decompose")]
impl impartial::Decompose for TwoHeaps<true> {
    fn components(&self, &(a, b): &(u8, u8)) -> Option<impl Iterator<Item = (u8, u8)>> {
        (a > 0 && b > 0).then(|| [(a, 0), (0, b)].into_iter())
    }
}

#[cfg(feature = "decompose")]
impl impartial::ImpartialGame for TwoHeaps<false> {
    type Position = (u8, u8);

    fn moves(&self, &(a, b): &(u8, u8)) -> impl Iterator<Item = (u8, u8)> {
        (0..a)
            .map(move |x| (x, b))
            .chain((0..b).map(move |y| (a, y)))
    }
}

#[cfg(feature = "decompose")]
#[test]
fn a_ruleset_that_decomposes_is_searched_by_its_parts() {
    use impartial::ImpartialGame;
    assert!(TwoHeaps::<true>::DECOMPOSITION.is_some());
    assert!(TwoHeaps::<false>::DECOMPOSITION.is_none());
    let mut parts = Solver::new(TwoHeaps::<true>);
    let mut whole = Solver::new(TwoHeaps::<false>);
    for (a, b) in [(3, 5), (7, 7), (0, 9), (12, 1), (40, 33)] {
        let nim = Ok(Nimber(u128::from(a ^ b)));
        assert_eq!(parts.grundy((a, b)), nim);
        assert_eq!(whole.grundy((a, b)), nim);
    }
    // By parts, a heap is valued once whatever it is paired with: 40 + 34 + 1 positions
    // at most, against the pairs below (40, 33) searched whole.
    assert!(parts.stats().states <= 80, "{:?}", parts.stats());
    assert!(whole.stats().states >= 40 * 33, "{:?}", whole.stats());
}
