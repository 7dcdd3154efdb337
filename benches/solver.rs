//! The general method against its two baselines on one large state graph.
//!
//! The graph: every state `(remaining, limit)` of Fibonacci Nim with `remaining ≤ 1000`
//! (a move takes `1..=limit`, the opponent may then take up to twice as many), 501 501
//! states. Each contender classifies every state as P or N, scanning moves in the same
//! order and stopping at the first P option:
//!
//! - `solver_hashed`: `impartial::Solver` with its compact open-addressing memo;
//! - `solver_hashed_reserved`: the same, told the number of states up front
//!   (`Solver::reserve`), so its table never grows and stays 4/5 full;
//! - `solver_dense_index`: the same solver, with the ruleset's `dense_index` hook laying the
//!   states out as a triangle, so the memo is an array;
//! - `naive_recursive_hashmap`: a recursive memo on `std::collections::HashMap` with its
//!   default hasher, what one writes first (baseline a);
//! - `dense_array`: a hand-written bottom-up DP over a triangular array, the practical
//!   limit (baseline b).
//!
//! A second group answers only what a player asks, "who wins from `n` counters?" for every
//! `n ≤ 1000`, where the top-down search visits a fraction of the states.
//!
//! `cargo bench --bench solver` prints states per second (criterion's throughput) and, once,
//! the bytes each contender holds per state.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use impartial::{ImpartialGame, Outcome, Solver};

const MAX_REMAINING: u16 = 1000;

/// Fibonacci Nim states; the limit is capped at what remains so equal futures share a state.
struct FibonacciStates;

fn fibonacci_moves(remaining: u16, limit: u16) -> impl Iterator<Item = (u16, u16)> {
    (1..=limit.min(remaining)).map(move |take| {
        let left = remaining - take;
        (left, (2 * take).min(left))
    })
}

impl ImpartialGame for FibonacciStates {
    type Position = (u16, u16);

    fn moves(&self, &(remaining, limit): &(u16, u16)) -> impl Iterator<Item = (u16, u16)> {
        fibonacci_moves(remaining, limit)
    }
}

/// The same game, telling the solver that states lie in a triangle `0 ≤ limit ≤ remaining`.
struct IndexedFibonacciStates;

impl ImpartialGame for IndexedFibonacciStates {
    type Position = (u16, u16);

    fn moves(&self, &(remaining, limit): &(u16, u16)) -> impl Iterator<Item = (u16, u16)> {
        fibonacci_moves(remaining, limit)
    }

    fn dense_index(&self, &(remaining, limit): &(u16, u16)) -> Option<usize> {
        Some(triangle_index(remaining, limit))
    }
}

fn triangle_index(remaining: u16, limit: u16) -> usize {
    let r = usize::from(remaining);
    r * (r + 1) / 2 + usize::from(limit)
}

fn states(max_remaining: u16) -> usize {
    let n = usize::from(max_remaining);
    (n + 1) * (n + 2) / 2
}

fn solve_with_solver<G: ImpartialGame<Position = (u16, u16)>>(
    game: G,
    max_remaining: u16,
    reserve: bool,
) -> (usize, Solver<G>) {
    let mut solver = Solver::new(game);
    if reserve {
        solver
            .try_reserve(states(max_remaining))
            .expect("room for the states");
    }
    let mut p_positions = 0;
    for remaining in 0..=max_remaining {
        for limit in 0..=remaining {
            if solver.outcome(&(remaining, limit)).unwrap() == Outcome::P {
                p_positions += 1;
            }
        }
    }
    (p_positions, solver)
}

fn naive_wins(remaining: u16, limit: u16, memo: &mut HashMap<(u16, u16), bool>) -> bool {
    if let Some(&wins) = memo.get(&(remaining, limit)) {
        return wins;
    }
    let mut wins = false;
    for (left, next_limit) in fibonacci_moves(remaining, limit) {
        if !naive_wins(left, next_limit, memo) {
            wins = true;
            break;
        }
    }
    memo.insert((remaining, limit), wins);
    wins
}

fn solve_naive(max_remaining: u16) -> (usize, HashMap<(u16, u16), bool>) {
    let mut memo = HashMap::new();
    let mut p_positions = 0;
    for remaining in 0..=max_remaining {
        for limit in 0..=remaining {
            if !naive_wins(remaining, limit, &mut memo) {
                p_positions += 1;
            }
        }
    }
    (p_positions, memo)
}

fn solve_dense(max_remaining: u16) -> (usize, Vec<bool>) {
    let mut wins = vec![false; states(max_remaining)];
    let mut p_positions = 0;
    for remaining in 0..=max_remaining {
        for limit in 0..=remaining {
            let win = fibonacci_moves(remaining, limit)
                .any(|(left, next_limit)| !wins[triangle_index(left, next_limit)]);
            wins[triangle_index(remaining, limit)] = win;
            if !win {
                p_positions += 1;
            }
        }
    }
    (p_positions, wins)
}

fn report_memory() {
    let n = states(MAX_REMAINING);
    let (p_hashed, hashed) = solve_with_solver(FibonacciStates, MAX_REMAINING, false);
    let (p_reserved, reserved) = solve_with_solver(FibonacciStates, MAX_REMAINING, true);
    let (p_indexed, indexed) = solve_with_solver(IndexedFibonacciStates, MAX_REMAINING, false);
    let (p_naive, memo) = solve_naive(MAX_REMAINING);
    let (p_dense, dense) = solve_dense(MAX_REMAINING);
    assert!(
        [p_hashed, p_reserved, p_indexed, p_naive]
            .iter()
            .all(|&p| p == p_dense),
        "the contenders disagree"
    );
    assert_eq!(hashed.stats().states, n);
    assert_eq!(indexed.stats().states, n);
    // std's SwissTable: buckets (a power of two, at most 7/8 full) of entry + control byte.
    let naive_buckets = (memo.capacity() * 8 / 7).next_power_of_two();
    let naive_bytes = naive_buckets * (std::mem::size_of::<((u16, u16), bool)>() + 1);
    #[allow(clippy::cast_precision_loss)] // byte counts far below 2^52
    let per_state = |bytes: usize| bytes as f64 / n as f64;
    eprintln!(
        "solver/fibonacci_states/{MAX_REMAINING}: {n} states, {p_dense} P-positions; bytes per \
         state: solver_hashed {:.1} (entry {} = position 4 + code 4), solver_hashed_reserved \
         {:.1}, solver_dense_index {:.1}, naive_recursive_hashmap {:.1}, dense_array {:.1}",
        per_state(hashed.stats().bytes),
        hashed.stats().bytes_per_entry,
        per_state(reserved.stats().bytes),
        per_state(indexed.stats().bytes),
        per_state(naive_bytes),
        per_state(dense.capacity()),
    );
}

fn all_states(c: &mut Criterion) {
    report_memory();
    let mut group = c.benchmark_group(format!("solver/fibonacci_states/{MAX_REMAINING}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(states(MAX_REMAINING) as u64));
    group.bench_function("solver_hashed", |b| {
        b.iter(|| solve_with_solver(FibonacciStates, black_box(MAX_REMAINING), false).0);
    });
    group.bench_function("solver_hashed_reserved", |b| {
        b.iter(|| solve_with_solver(FibonacciStates, black_box(MAX_REMAINING), true).0);
    });
    group.bench_function("solver_dense_index", |b| {
        b.iter(|| solve_with_solver(IndexedFibonacciStates, black_box(MAX_REMAINING), false).0);
    });
    group.bench_function("naive_recursive_hashmap", |b| {
        b.iter(|| solve_naive(black_box(MAX_REMAINING)).0);
    });
    group.bench_function("dense_array", |b| {
        b.iter(|| solve_dense(black_box(MAX_REMAINING)).0);
    });
    group.finish();
}

fn start_positions<G: ImpartialGame<Position = (u16, u16)>>(game: G, max: u16) -> usize {
    let mut solver = Solver::new(game);
    (1..=max)
        .filter(|&n| solver.outcome(&(n, n - 1)).unwrap() == Outcome::P)
        .count()
}

fn starts(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("solver/fibonacci_starts/{MAX_REMAINING}"));
    group.sample_size(20);
    group.bench_function("solver_hashed", |b| {
        b.iter(|| start_positions(FibonacciStates, black_box(MAX_REMAINING)));
    });
    group.bench_function("solver_dense_index", |b| {
        b.iter(|| start_positions(IndexedFibonacciStates, black_box(MAX_REMAINING)));
    });
    group.bench_function("naive_recursive_hashmap", |b| {
        b.iter(|| {
            let mut memo = HashMap::new();
            (1..=black_box(MAX_REMAINING))
                .filter(|&n| !naive_wins(n, n - 1, &mut memo))
                .count()
        });
    });
    group.finish();
}

criterion_group!(benches, all_states, starts);
criterion_main!(benches);
