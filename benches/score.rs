//! IOI 1996 "A Game" — take a number from either end of a row, each player wanting the
//! larger total — solved by the general method with the extended rule (`ScoreSolver` with the
//! ruleset's dense index), beside the hand-written O(n²) dynamic program over the lengths of
//! the intervals (one row of `n` scores, updated in place), for rows of 100 numbers (the
//! contest size) and of 5 000.
//!
//! Each iteration answers both players' totals from the whole row, from scratch: a fresh
//! solver, or a fresh DP array.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use impartial::score::{NumberRow, ScoreSolver};

/// A row of `n` pseudo-random numbers below 1 000 (splitmix64).
fn row(n: usize, seed: u64) -> Vec<i64> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            i64::try_from((z ^ (z >> 31)) % 1000).expect("below 1000")
        })
        .collect()
}

/// The contest's dynamic program: `best[l]` is the score of the interval of the current
/// length starting at `l`; lengths grow from 1 to `n`.
fn dynamic_program(numbers: &[i64]) -> i64 {
    let n = numbers.len();
    let mut best = vec![0i64; n + 1];
    for length in 1..=n {
        for left in 0..=n - length {
            let right = left + length - 1;
            best[left] = (numbers[left] - best[left + 1]).max(numbers[right] - best[left]);
        }
    }
    best[0]
}

fn solver(numbers: &[i64]) -> i64 {
    let game = NumberRow::new(numbers.to_vec());
    let whole = game.whole();
    let mut solver = ScoreSolver::new(game);
    solver.value(whole)
}

fn a_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("score/a_game");
    for n in [100, 5_000] {
        let numbers = row(n, 1996);
        assert_eq!(solver(&numbers), dynamic_program(&numbers), "the two agree");
        let intervals = (n * (n + 1) / 2) as u64;
        group.throughput(Throughput::Elements(intervals));
        if n > 1_000 {
            group.sample_size(10);
        }
        group.bench_with_input(
            BenchmarkId::new("score_solver_dense", n),
            &numbers,
            |b, numbers| {
                b.iter(|| solver(black_box(numbers)));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("dynamic_program", n),
            &numbers,
            |b, numbers| {
                b.iter(|| dynamic_program(black_box(numbers)));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, a_game);
criterion_main!(benches);
