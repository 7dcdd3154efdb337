//! IOI 1996 "A Game" — take a number from either end of a row, each player wanting the
//! larger total — solved by the general method with the extended rule (`ScoreSolver` with the
//! ruleset's dense index and bottom-up order), beside two hand-written O(n²) dynamic programs
//! over the lengths of the intervals: the contest's, with a table of every interval's score
//! (`f[l][r]`, as the solver keeps every state), and the lean one that keeps only the scores of
//! one length (`n + 1` numbers, updated in place). Rows of 100 numbers (the contest size) and
//! of 5 000.
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

/// The contest's dynamic program: `f[l][r]`, the score of the interval `l..r`, for every
/// interval, lengths growing from 1 to `n`.
fn table_dynamic_program(numbers: &[i64]) -> i64 {
    let n = numbers.len();
    let width = n + 1;
    let mut f = vec![0i64; width * width];
    for length in 1..=n {
        for left in 0..=n - length {
            let right = left + length;
            f[left * width + right] = (numbers[left] - f[(left + 1) * width + right])
                .max(numbers[right - 1] - f[left * width + right - 1]);
        }
    }
    f[n]
}

/// The lean dynamic program: `best[l]` is the score of the interval of the current length
/// starting at `l`; lengths grow from 1 to `n`.
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
    solver.value(whole).unwrap()
}

fn a_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("score/a_game");
    for n in [100, 5_000] {
        let numbers = row(n, 1996);
        assert_eq!(
            solver(&numbers),
            dynamic_program(&numbers),
            "the three agree"
        );
        assert_eq!(table_dynamic_program(&numbers), dynamic_program(&numbers));
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
            BenchmarkId::new("table_dynamic_program", n),
            &numbers,
            |b, numbers| {
                b.iter(|| table_dynamic_program(black_box(numbers)));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("lean_dynamic_program", n),
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
