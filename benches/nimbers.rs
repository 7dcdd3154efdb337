//! Nim-multiplication and inversion: `impartial::field` beside the `nimber` crate and the
//! plain twin of the tests (products of powers of two by Conway's rules, remembered), on the
//! same random operands. Criterion reports the time per batch of 1 024 operations.

#[path = "../tests/reference/mod.rs"]
mod reference;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use impartial::field;
use nimber::FiniteNimber;

const BATCH: usize = 1 << 10;

/// Deterministic pseudo-random words (splitmix64).
fn words(seed: u64, count: usize) -> Vec<u64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
        .collect()
}

fn finite(value: u128) -> FiniteNimber {
    FiniteNimber::from(&[value as u64, (value >> 64) as u64][..])
}

fn products(c: &mut Criterion) {
    let a64 = words(1, BATCH);
    let b64 = words(2, BATCH);
    let a128: Vec<u128> = a64
        .iter()
        .zip(words(3, BATCH))
        .map(|(&l, h)| u128::from(h) << 64 | u128::from(l))
        .collect();
    let b128: Vec<u128> = b64
        .iter()
        .zip(words(4, BATCH))
        .map(|(&l, h)| u128::from(h) << 64 | u128::from(l))
        .collect();
    let _ = field::mul(1u8, 1); // build the tables before timing

    let mut group = c.benchmark_group("nimbers/mul/u64");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("impartial", |bencher| {
        bencher.iter(|| {
            black_box(&a64)
                .iter()
                .zip(black_box(&b64))
                .fold(0, |sum, (&a, &b)| sum ^ field::mul(a, b))
        });
    });
    let (fa, fb): (Vec<_>, Vec<_>) = a64
        .iter()
        .zip(&b64)
        .map(|(&a, &b)| (FiniteNimber::from(a), FiniteNimber::from(b)))
        .unzip();
    group.bench_function("nimber_crate", |bencher| {
        bencher.iter(|| {
            black_box(&fa)
                .iter()
                .zip(black_box(&fb))
                .for_each(|(a, b)| {
                    black_box(a * b);
                });
        });
    });
    group.bench_function("plain_twin", |bencher| {
        bencher.iter(|| {
            black_box(&a64)
                .iter()
                .zip(black_box(&b64))
                .fold(0, |sum, (&a, &b)| {
                    sum ^ reference::nim_mul(u128::from(a), u128::from(b))
                })
        });
    });
    group.finish();

    let mut group = c.benchmark_group("nimbers/mul/u128");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("impartial", |bencher| {
        bencher.iter(|| {
            black_box(&a128)
                .iter()
                .zip(black_box(&b128))
                .fold(0, |sum, (&a, &b)| sum ^ field::mul(a, b))
        });
    });
    let (fa, fb): (Vec<_>, Vec<_>) = a128
        .iter()
        .zip(&b128)
        .map(|(&a, &b)| (finite(a), finite(b)))
        .unzip();
    group.bench_function("nimber_crate", |bencher| {
        bencher.iter(|| {
            black_box(&fa)
                .iter()
                .zip(black_box(&fb))
                .for_each(|(a, b)| {
                    black_box(a * b);
                });
        });
    });
    group.bench_function("plain_twin", |bencher| {
        bencher.iter(|| {
            black_box(&a128)
                .iter()
                .zip(black_box(&b128))
                .fold(0, |sum, (&a, &b)| sum ^ reference::nim_mul(a, b))
        });
    });
    group.finish();

    let mut group = c.benchmark_group("nimbers/inverse/u64");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("impartial", |bencher| {
        bencher.iter(|| {
            black_box(&a64)
                .iter()
                .fold(0, |sum, &a| sum ^ field::inverse(a).unwrap_or(0))
        });
    });
    let fa: Vec<FiniteNimber> = a64.iter().map(|&a| FiniteNimber::from(a)).collect();
    group.bench_function("nimber_crate", |bencher| {
        bencher.iter(|| {
            black_box(&fa).iter().for_each(|a| {
                black_box(a.inverse());
            });
        });
    });
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);
