//! Score games against plain negamax: random weighted acyclic graphs, the number row of
//! IOI 1996 "A Game" by both the sweep and the top-down search (dense and hashed), and a
//! win/lose game written as a score game against `Solver`, and the alpha–beta windows
//! against the same plain negamax.

use crate::common;
use crate::reference;

use std::collections::HashMap;

use common::dag;
use impartial::score::{NumberRow, ScoreBound, ScoreGame, ScoreMove, ScoreSolver, WinLoss};
use impartial::{Outcome, SolveError, Solver};
use proptest::prelude::*;

/// A token on a graph whose edges carry points; nodes without moves score `terminal`.
#[derive(Clone, Debug)]
struct Weighted {
    edges: Vec<Vec<(i64, usize)>>,
    terminal: Vec<i64>,
}

impl ScoreGame for Weighted {
    type Position = usize;

    fn moves(&self, &node: &usize) -> impl Iterator<Item = (i64, usize)> {
        self.edges[node].iter().copied()
    }

    fn terminal_score(&self, &node: &usize) -> i64 {
        self.terminal[node]
    }
}

fn weighted(max_nodes: usize) -> impl Strategy<Value = Weighted> {
    dag(max_nodes, 4).prop_flat_map(|graph| {
        let nodes = graph.0.len();
        let edges = graph.0.iter().map(Vec::len).sum::<usize>();
        (
            Just(graph),
            prop::collection::vec(-20i64..=20, edges),
            prop::collection::vec(-5i64..=5, nodes),
        )
            .prop_map(|(graph, points, terminal)| {
                let mut points = points.into_iter();
                let edges = graph
                    .0
                    .iter()
                    .map(|targets| {
                        targets
                            .iter()
                            .map(|&target| (points.next().unwrap(), target))
                            .collect()
                    })
                    .collect();
                Weighted { edges, terminal }
            })
    })
}

/// The sign-alternating sum of a line's points: the score it realises.
fn realised(line: &[ScoreMove<impl Clone>]) -> i64 {
    line.iter()
        .enumerate()
        .map(|(turn, step)| {
            if turn % 2 == 0 {
                step.points
            } else {
                -step.points
            }
        })
        .sum()
}

/// The number row without its bottom-up order (and optionally without its dense index), so
/// that the top-down search answers.
struct TopDown {
    row: NumberRow,
    dense: bool,
}

impl ScoreGame for TopDown {
    type Position = (usize, usize);

    fn moves(&self, position: &(usize, usize)) -> impl Iterator<Item = (i64, (usize, usize))> {
        self.row.moves(position)
    }

    fn dense_index(&self, position: &(usize, usize)) -> Option<usize> {
        if self.dense {
            self.row.dense_index(position)
        } else {
            None
        }
    }
}

/// A bottom-up order that lies: longest intervals first.
struct WrongOrder(NumberRow);

impl ScoreGame for WrongOrder {
    type Position = (usize, usize);

    fn moves(&self, position: &(usize, usize)) -> impl Iterator<Item = (i64, (usize, usize))> {
        self.0.moves(position)
    }

    fn dense_index(&self, position: &(usize, usize)) -> Option<usize> {
        self.0.dense_index(position)
    }

    fn bottom_up(&self, start: &(usize, usize)) -> Option<impl Iterator<Item = (usize, usize)>> {
        let order: Vec<(usize, usize)> = self.0.bottom_up(start)?.collect();
        Some(order.into_iter().rev())
    }
}

proptest! {
    #[test]
    fn scores_are_negamax(game in weighted(30)) {
        let mut memo = Vec::new();
        let mut solver = ScoreSolver::new(game.clone());
        for node in (0..game.edges.len()).rev().chain(0..game.edges.len()) {
            let expected = reference::negamax(&game.edges, &game.terminal, node, &mut memo);
            prop_assert_eq!(solver.value(node).unwrap(), expected);
            let best: Vec<ScoreMove<usize>> = game.edges[node]
                .iter()
                .filter(|&&(points, next)| points - solver.value(next).unwrap() == expected)
                .map(|&(points, to)| ScoreMove { points, to })
                .collect();
            prop_assert_eq!(solver.best_moves(node).unwrap(), best.clone());
            prop_assert_eq!(solver.best_move(node).unwrap(), best.first().cloned());
            let line = solver.best_line(node).unwrap();
            let end = line.last().map_or(node, |step| step.to);
            prop_assert!(game.edges[end].is_empty());
            let sign = if line.len() % 2 == 0 { 1 } else { -1 };
            prop_assert_eq!(realised(&line) + sign * game.terminal[end], expected);
        }
    }

    #[test]
    fn a_win_loss_game_scores_its_outcome(graph in dag(40, 5)) {
        let mut scores = ScoreSolver::new(WinLoss(graph.clone()));
        let mut solver = Solver::new(graph.clone());
        for node in 0..graph.0.len() {
            let expected = if solver.outcome(node).unwrap() == Outcome::N { 1 } else { -1 };
            prop_assert_eq!(scores.value(node).unwrap(), expected);
        }
    }

    #[test]
    fn the_number_row_by_every_path(numbers in prop::collection::vec(-1000i64..=1000, 0..60)) {
        let n = numbers.len();
        let mut memo = HashMap::new();
        let expected = reference::number_row(&numbers, 0, n, &mut memo);
        let row = NumberRow::new(numbers.clone());
        let mut sweep = ScoreSolver::new(row.clone());
        prop_assert_eq!(sweep.value((0, n)).unwrap(), expected);
        let mut dense = ScoreSolver::new(TopDown { row: row.clone(), dense: true });
        let mut hashed = ScoreSolver::new(TopDown { row: row.clone(), dense: false });
        let mut lying = ScoreSolver::new(WrongOrder(row.clone()));
        // A limit sends the sweep down its general path; a few top-down answers first leave
        // the fast lane a memo to build on.
        let mut limited = ScoreSolver::new(row.clone()).with_state_limit(1 << 20);
        prop_assert_eq!(limited.value((0, n)).unwrap(), expected);
        let mut warm = ScoreSolver::new(row.clone());
        for start in (0..=n).step_by(7) {
            let expected = reference::number_row(&numbers, start, n, &mut memo);
            prop_assert_eq!(warm.value((start, n)).unwrap(), expected);
        }
        prop_assert_eq!(warm.value((0, n)).unwrap(), expected);
        for left in 0..=n {
            for right in left..=n {
                let expected = reference::number_row(&numbers, left, right, &mut memo);
                prop_assert_eq!(sweep.value((left, right)).unwrap(), expected);
                prop_assert_eq!(dense.value((left, right)).unwrap(), expected);
                prop_assert_eq!(hashed.value((left, right)).unwrap(), expected);
                prop_assert_eq!(lying.value((left, right)).unwrap(), expected);
            }
        }
        let line = sweep.best_line((0, n)).unwrap();
        prop_assert_eq!(line.len(), n);
        prop_assert_eq!(realised(&line), expected);
        let (first, second) = row.totals(expected);
        prop_assert_eq!(first + second, numbers.iter().sum::<i64>());
        prop_assert_eq!(first - second, expected);
    }

    /// Numbers near the ends of `i64`: the sweep's fast lane leaves an overflow to the
    /// general path, which reports it as the top-down search does.
    #[test]
    fn the_number_row_at_the_ends_of_i64(
        numbers in prop::collection::vec(
            prop_oneof![-3i64..=3, Just(i64::MAX), Just(i64::MIN), Just(i64::MAX / 2 + 1)],
            0..12,
        ),
    ) {
        let n = numbers.len();
        let row = NumberRow::new(numbers);
        let mut sweep = ScoreSolver::new(row.clone());
        let mut hashed = ScoreSolver::new(TopDown { row, dense: false });
        let swept = sweep.value((0, n));
        let searched = hashed.value((0, n));
        prop_assert_eq!(swept.is_ok(), searched.is_ok(), "{:?} {:?}", swept, searched);
        if let (Ok(swept), Ok(searched)) = (swept, searched) {
            prop_assert_eq!(swept, searched);
        }
    }
}

/// Checks what a windowed search proved against the score, and that it says what the range
/// asks: the score itself inside the range; outside, the score or a bound past the range on
/// the side the score lies.
fn check_bound(bound: ScoreBound, range: (i64, i64), score: i64) -> Result<(), TestCaseError> {
    let (lowest, highest) = range;
    prop_assert!(bound.admits(score), "{:?} does not admit {}", bound, score);
    if lowest > highest || (lowest..=highest).contains(&score) {
        prop_assert_eq!(bound, ScoreBound::Exact(score));
    } else if score < lowest {
        prop_assert!(
            matches!(bound, ScoreBound::Exact(_))
                || matches!(bound, ScoreBound::AtMost(at_most) if at_most < lowest)
        );
    } else {
        prop_assert!(
            matches!(bound, ScoreBound::Exact(_))
                || matches!(bound, ScoreBound::AtLeast(at_least) if at_least > highest)
        );
    }
    Ok(())
}

proptest! {
    /// Windows of every width, on one solver that keeps what each proves (bounds that later
    /// windows reuse), against plain negamax; null windows likewise; and the full search on
    /// the same solver afterwards still right.
    #[test]
    fn windows_agree_with_negamax(
        game in weighted(30),
        queries in prop::collection::vec((0usize..30, -30i64..=30, 0i64..=12, any::<bool>()), 1..40),
    ) {
        let mut memo = Vec::new();
        let mut windowed = ScoreSolver::new(game.clone());
        let nodes = game.edges.len();
        for &(node, lowest, width, null) in &queries {
            let node = node % nodes;
            let expected = reference::negamax(&game.edges, &game.terminal, node, &mut memo);
            if null {
                prop_assert_eq!(windowed.value_at_least(node, lowest).unwrap(), expected >= lowest);
            } else {
                // Width 0 is a one-value range; 12 is read as an empty range (high below low).
                let highest = if width == 12 { lowest - 1 } else { lowest + width };
                let bound = windowed.value_within(node, lowest..=highest).unwrap();
                check_bound(bound, (lowest, highest), expected)?;
            }
        }
        for node in 0..nodes {
            let expected = reference::negamax(&game.edges, &game.terminal, node, &mut memo);
            prop_assert_eq!(windowed.value(node).unwrap(), expected);
        }
    }

    /// The number row by windows, from a fresh solver each time, against the plain recursion.
    #[test]
    fn number_row_windows(
        numbers in prop::collection::vec(-1000i64..=1000, 0..14),
        lowest in -3000i64..=3000,
        width in 0i64..=200,
    ) {
        let n = numbers.len();
        let expected = reference::number_row(&numbers, 0, n, &mut HashMap::new());
        let row = NumberRow::new(numbers);
        let mut solver = ScoreSolver::new(row.clone());
        let bound = solver.value_within((0, n), lowest..=lowest + width).unwrap();
        check_bound(bound, (lowest, lowest + width), expected)?;
        let mut solver = ScoreSolver::new(row);
        prop_assert_eq!(solver.value_at_least((0, n), lowest).unwrap(), expected >= lowest);
        prop_assert_eq!(solver.value_at_least((0, n), expected).unwrap(), true);
        prop_assert_eq!(solver.value_at_least((0, n), expected + 1).unwrap(), false);
    }

    /// Numbers near the ends of i64: when the plain search finds a score, the windows agree.
    #[test]
    fn windows_at_the_ends_of_i64(
        numbers in prop::collection::vec(
            prop_oneof![-3i64..=3, Just(i64::MAX), Just(i64::MIN), Just(i64::MAX / 2 + 1)],
            0..9,
        ),
        lowest in prop_oneof![Just(i64::MIN), Just(i64::MAX), -5i64..=5],
        highest in prop_oneof![Just(i64::MIN), Just(i64::MAX), -5i64..=5],
    ) {
        let n = numbers.len();
        let row = NumberRow::new(numbers);
        if let Ok(expected) = ScoreSolver::new(row.clone()).value((0, n)) {
            let mut solver = ScoreSolver::new(row.clone());
            if let Ok(bound) = solver.value_within((0, n), lowest..=highest) {
                check_bound(bound, (lowest, highest), expected)?;
            }
            let mut solver = ScoreSolver::new(row);
            if let Ok(at_least) = solver.value_at_least((0, n), lowest) {
                prop_assert_eq!(at_least, expected >= lowest);
            }
        }
    }
}

#[test]
fn windows_cut_and_keep_their_limits() {
    // A null window needs one move at the mover's turns and all at the other's: about half
    // the intervals of the full table (961 of 1 891 here).
    let numbers: Vec<i64> = (0..60).map(|i| (i * 7_919) % 1_000).collect();
    let row = NumberRow::new(numbers.clone());
    let whole = row.whole();
    let score = ScoreSolver::new(row.clone()).value(whole).unwrap();
    let mut windowed = ScoreSolver::new(TopDown {
        row: row.clone(),
        dense: false,
    });
    assert!(windowed.value_at_least(whole, i64::from(i32::MIN)).unwrap());
    let full = 61 * 62 / 2;
    assert!(
        windowed.stats().states < full * 3 / 5,
        "{} states of {full}",
        windowed.stats().states
    );
    assert_eq!(
        windowed.value_within(whole, score..=score).unwrap(),
        ScoreBound::Exact(score)
    );
    // A cycle is reported, and the solver stays usable.
    let looped = Weighted {
        edges: vec![vec![(1, 1)], vec![(1, 0)], vec![]],
        terminal: vec![0, 0, 7],
    };
    let mut solver = ScoreSolver::new(looped);
    assert!(matches!(
        solver.value_within(0, -5..=5),
        Err(SolveError::Cycle { .. })
    ));
    assert!(matches!(
        solver.value_at_least(1, 0),
        Err(SolveError::Cycle { .. })
    ));
    assert_eq!(solver.value_within(2, 0..=0).unwrap(), ScoreBound::Exact(7)); // proved on the way
    // Limits hold, and after the error the solver answers smaller questions.
    let mut limited = ScoreSolver::new(TopDown { row, dense: true }).with_state_limit(40);
    assert_eq!(
        limited.value_within(whole, score..=score),
        Err(SolveError::StateLimit { limit: 40 })
    );
    assert!(limited.stats().states <= 40);
    let expected = reference::number_row(&numbers, 0, 5, &mut HashMap::new());
    assert_eq!(
        limited.value_within((0, 5), -5000..=5000),
        Ok(ScoreBound::Exact(expected))
    );
    let mut tiny = ScoreSolver::new(TopDown {
        row: NumberRow::new(numbers),
        dense: false,
    })
    .with_memory_limit(4 * 1024);
    assert!(matches!(
        tiny.value_within(whole, score..=score),
        Err(SolveError::MemoryLimit { .. })
    ));
    assert!(tiny.stats().bytes <= 4 * 1024);
}

#[test]
fn the_contest_sample() {
    // IOI 1996, day 1, "A Game": the sample row 4 7 2 9 5 2 gives totals 18 and 11.
    let row = NumberRow::new(vec![4, 7, 2, 9, 5, 2]);
    let whole = row.whole();
    let mut solver = ScoreSolver::new(row);
    let score = solver.value(whole).unwrap();
    assert_eq!(solver.game().totals(score), (18, 11));
}

#[test]
fn edges_and_errors() {
    // The empty row, and intervals outside the row (no moves, no index).
    let mut solver = ScoreSolver::new(NumberRow::new(vec![]));
    assert_eq!(solver.value((0, 0)).unwrap(), 0);
    assert_eq!(solver.best_move((0, 0)).unwrap(), None);
    let mut solver = ScoreSolver::new(NumberRow::new(vec![1, 2, 3]));
    assert_eq!(solver.value((2, 7)).unwrap(), 0);
    assert_eq!(solver.value((3, 1)).unwrap(), 0);
    assert_eq!(solver.game().dense_index(&(2, 7)), None);
    // Scores past i64: an error naming where.
    let mut solver = ScoreSolver::new(NumberRow::new(vec![i64::MAX, -1, i64::MAX]));
    assert!(matches!(
        solver.value((0, 3)),
        Err(SolveError::ScoreOverflow { .. })
    ));
    let mut solver = ScoreSolver::new(TopDown {
        row: NumberRow::new(vec![i64::MIN, 5]),
        dense: false,
    });
    assert_eq!(
        solver.value((0, 2)),
        Err(SolveError::ScoreOverflow { position: (0, 2) })
    );
    // A loop is a cycle error, and the solver stays usable.
    let looped = Weighted {
        edges: vec![vec![(1, 1)], vec![(1, 0)], vec![]],
        terminal: vec![0, 0, 7],
    };
    let mut solver = ScoreSolver::new(looped);
    assert!(matches!(solver.value(0), Err(SolveError::Cycle { .. })));
    assert_eq!(solver.value(2).unwrap(), 7);
    // A state limit stops the sweep and the search alike, and a smaller query still works.
    let mut solver = ScoreSolver::new(NumberRow::new(vec![3; 200])).with_state_limit(5_000);
    assert_eq!(
        solver.value((0, 200)),
        Err(SolveError::StateLimit { limit: 5_000 })
    );
    solver.clear();
    assert_eq!(solver.value((0, 50)), Ok(0));
    let mut solver = ScoreSolver::new(TopDown {
        row: NumberRow::new(vec![3; 200]),
        dense: true,
    })
    .with_memory_limit(64 * 1024);
    assert!(matches!(
        solver.value((0, 200)),
        Err(SolveError::MemoryLimit { .. })
    ));
    assert!(solver.stats().bytes <= 64 * 1024);
}

#[test]
fn a_long_row_needs_no_deep_stack() {
    // 3 000 numbers: a top-down line of play 3 000 moves deep, and 4.5 million intervals.
    let numbers: Vec<i64> = (0..3_000).map(|i| (i * 7_919) % 1_000).collect();
    let mut solver = ScoreSolver::new(TopDown {
        row: NumberRow::new(numbers.clone()),
        dense: true,
    });
    let mut sweep = ScoreSolver::new(NumberRow::new(numbers));
    assert_eq!(
        solver.value((0, 3_000)).unwrap(),
        sweep.value((0, 3_000)).unwrap()
    );
}

#[test]
fn the_number_row_index_is_a_bijection_in_bottom_up_order() {
    for n in 0..12 {
        let row = NumberRow::new(vec![1; n]);
        let order: Vec<(usize, usize)> = row.bottom_up(&row.whole()).expect("listed").collect();
        let indices: Vec<usize> = order
            .iter()
            .map(|interval| row.dense_index(interval).expect("inside"))
            .collect();
        // Every interval once, shortest first, numbered 0, 1, 2, … in that order.
        assert_eq!(order.len(), (n + 1) * (n + 2) / 2);
        assert_eq!(indices, (0..order.len()).collect::<Vec<_>>());
        assert!(order.windows(2).all(|w| w[0].1 - w[0].0 <= w[1].1 - w[1].0));
        assert_eq!(row.dense_index(&(1, 0)), None);
        assert_eq!(row.dense_index(&(0, n + 1)), None);
    }
}
