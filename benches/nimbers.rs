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

/// The 64-bit product's memory reads alone, none of the arithmetic that combines them: the
/// logarithms of the nine Karatsuba components of each operand (18 reads of a table of
/// 2¹⁶ `u32`, 256 KiB) and ten powers (a table of 2¹⁹ `u16`, of which sums of logarithms
/// reach the first 384 KiB) — the floor of the logarithm-table method on this machine.
fn reads_alone(log: &[u32], exp: &[u16], x: u64, y: u64) -> u64 {
    let quarters = |v: u64| {
        [
            v as u16,
            (v >> 16) as u16,
            (v >> 32) as u16,
            (v >> 48) as u16,
        ]
    };
    let components = |[q0, q1, q2, q3]: [u16; 4]| {
        [
            q0,
            q1,
            q0 ^ q1,
            q2,
            q3,
            q2 ^ q3,
            q0 ^ q2,
            q1 ^ q3,
            q0 ^ q1 ^ q2 ^ q3,
        ]
    };
    let (xs, ys) = (components(quarters(x)), components(quarters(y)));
    let mask = exp.len() - 1;
    let power = |i: usize, constant: usize| {
        let sum = log[usize::from(xs[i])] as usize + log[usize::from(ys[i])] as usize;
        u64::from(exp[(sum + constant) & mask])
    };
    (0..9).fold(power(5, 7), |sum, i| sum ^ power(i, 0))
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
        // Tables of the product's sizes, filled with values of its ranges.
        let log: Vec<u32> = (0..1u32 << 16)
            .map(|i| i.wrapping_mul(2_654_435_761) % 65_535)
            .collect();
        let exp: Vec<u16> = (0..1u32 << 19)
            .map(|i| (i.wrapping_mul(40_503) >> 3) as u16)
            .collect();
        group.bench_function("reads_alone", |bencher| {
            bencher.iter(|| {
                black_box(&a)
                    .iter()
                    .zip(black_box(&b))
                    .fold(0, |sum, (&x, &y)| sum ^ reads_alone(&log, &exp, x, y))
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
