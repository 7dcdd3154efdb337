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

/// Deterministic pseudo-random 128-bit operands (splitmix64), and the same in the `nimber`
/// crate's type; `narrow` keeps the low 64 bits.
fn operands(seed: u64, narrow: bool) -> (Vec<u128>, Vec<FiniteNimber>) {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let values: Vec<u128> = (0..BATCH)
        .map(|_| {
            let low = u128::from(next());
            if narrow {
                low
            } else {
                u128::from(next()) << 64 | low
            }
        })
        .collect();
    let theirs = values
        .iter()
        .map(|&value| FiniteNimber::from(&[value as u64, (value >> 64) as u64][..]))
        .collect();
    (values, theirs)
}

fn products(c: &mut Criterion, name: &str, narrow: bool) {
    let (a, their_a) = operands(1, narrow);
    let (b, their_b) = operands(2, narrow);
    let _ = field::mul(1u8, 1); // the tables are built before timing
    let mut group = c.benchmark_group(format!("nimbers/mul/{name}"));
    group.throughput(Throughput::Elements(BATCH as u64));
    if narrow {
        let (a, b): (Vec<u64>, Vec<u64>) = a
            .iter()
            .zip(&b)
            .map(|(&x, &y)| (x as u64, y as u64))
            .unzip();
        group.bench_function("impartial", |bencher| {
            bencher.iter(|| {
                black_box(&a)
                    .iter()
                    .zip(black_box(&b))
                    .fold(0, |sum, (&x, &y)| sum ^ field::mul(x, y))
            });
        });
    } else {
        group.bench_function("impartial", |bencher| {
            bencher.iter(|| {
                black_box(&a)
                    .iter()
                    .zip(black_box(&b))
                    .fold(0, |sum, (&x, &y)| sum ^ field::mul(x, y))
            });
        });
    }
    group.bench_function("nimber_crate", |bencher| {
        bencher.iter(|| {
            for (x, y) in black_box(&their_a).iter().zip(black_box(&their_b)) {
                black_box(x * y);
            }
        });
    });
    group.bench_function("plain_twin", |bencher| {
        bencher.iter(|| {
            black_box(&a)
                .iter()
                .zip(black_box(&b))
                .fold(0, |sum, (&x, &y)| sum ^ reference::nim_mul(x, y))
        });
    });
    group.finish();
}

fn multiplication(c: &mut Criterion) {
    products(c, "u64", true);
    products(c, "u128", false);
}

fn inversion(c: &mut Criterion) {
    let (a, theirs) = operands(3, true);
    let a: Vec<u64> = a.iter().map(|&x| x as u64).collect();
    let _ = field::mul(1u8, 1);
    let mut group = c.benchmark_group("nimbers/inverse/u64");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("impartial", |bencher| {
        bencher.iter(|| {
            black_box(&a)
                .iter()
                .fold(0, |sum, &x| sum ^ field::inverse(x).unwrap_or(0))
        });
    });
    group.bench_function("nimber_crate", |bencher| {
        bencher.iter(|| {
            for x in black_box(&theirs) {
                black_box(x.inverse());
            }
        });
    });
    group.finish();
}

criterion_group!(benches, multiplication, inversion);
criterion_main!(benches);
