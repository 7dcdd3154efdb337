//! Fibonacci Nim: the O(log N) rule against the general solver.
//!
//! - `fibonacci/winning_move/u64` and `/u128`: the smallest winning take from the start of a
//!   game of random size (a batch of 1024 sizes per iteration; the report is per batch);
//! - `take_away/winning_move/u64/k=…`: the same for the general multiplier: `k = 3` (a list
//!   of losing sizes), `k = 40 000` and `k = 2⁵⁰` (runs of sizes, many and few);
//! - `fibonacci/solver_start/N` beside `fibonacci/closed_form_start/N`: who wins from `N`
//!   counters, by searching the state graph (a fresh solver each time) and by the rule.
//!
//! `cargo bench --bench fibonacci`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use impartial::take_away::{TakeAway, TakeAwayState};
use impartial::{ClosedForm, Solver, fibonacci};

const BATCH: usize = 1024;

use impartial_benches as common;

fn closed_form(c: &mut Criterion) {
    let words = common::random_words(2 * BATCH, 0x2545_F491_4F6C_DD1D);
    let starts_u64: Vec<TakeAwayState<u64>> = words[..BATCH]
        .iter()
        .map(|&n| TakeAwayState::start(n))
        .collect();
    let starts_u128: Vec<TakeAwayState<u128>> = words
        .chunks_exact(2)
        .map(|pair| TakeAwayState::start(u128::from(pair[0]) << 64 | u128::from(pair[1])))
        .collect();
    let mut group = c.benchmark_group("fibonacci/winning_move");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("u64", |b| {
        b.iter(|| {
            black_box(&starts_u64)
                .iter()
                .filter_map(|&state| fibonacci::winning_move(state))
                .fold(0, |sum: u64, best| sum.wrapping_add(best.take))
        });
    });
    group.bench_function("u128", |b| {
        b.iter(|| {
            black_box(&starts_u128)
                .iter()
                .filter_map(|&state| fibonacci::winning_move(state))
                .fold(0, |sum: u128, best| sum.wrapping_add(best.take))
        });
    });
    group.finish();

    // k = 3 lists its losing sizes; 40 000 and 2⁵⁰ keep them as runs (many and few).
    let mut group = c.benchmark_group("take_away/winning_move/u64");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, k) in [("k=3", 3), ("k=40000", 40_000), ("k=2^50", 1 << 50)] {
        let game = TakeAway::<u64>::new(k).expect("a valid multiplier");
        assert_eq!(game.covered(), u64::MAX);
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&starts_u64)
                    .iter()
                    .filter_map(|&state| game.winning_move(state).expect("covered"))
                    .fold(0, |sum: u64, best| sum.wrapping_add(best.take))
            });
        });
    }
    group.finish();
}

fn against_the_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("fibonacci/start");
    group.sample_size(10);
    for n in [100u32, 1_000, 10_000] {
        let start = TakeAwayState::start(n);
        group.bench_with_input(BenchmarkId::new("solver", n), &start, |b, &start| {
            b.iter(|| {
                Solver::new(TakeAway::<u32>::fibonacci_nim())
                    .winning_move(black_box(&start))
                    .unwrap()
            });
        });
        group.bench_with_input(BenchmarkId::new("closed_form", n), &start, |b, &start| {
            b.iter(|| fibonacci::winning_move(black_box(start)));
        });
    }
    group.finish();
}

criterion_group!(benches, closed_form, against_the_solver);
criterion_main!(benches);
