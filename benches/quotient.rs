//! Misère quotients: computing them (every heap added and proved), and using one for the
//! outcome of many heaps, beside the search the quotient replaces; the winning moves of
//! heaps of 10¹⁵.
//!
//! `cargo bench --bench quotient`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use impartial::octal::OctalGame;
use impartial::quotient::MisereQuotient;
use impartial::sequence::Tabulated;
use impartial::{ClosedForm, Heaps, Solver};

use impartial_benches as common;

fn compute(c: &mut Criterion) {
    let mut group = c.benchmark_group("quotient");
    group.sample_size(10);
    // Each until its period is proved: the quotient of every heap.
    for code in ["0.31", "0.52", "0.75", "0.77"] {
        let game: OctalGame = code.parse().expect("a code");
        group.bench_function(format!("{code}, every heap"), |b| {
            b.iter(|| MisereQuotient::compute(black_box(&game), 4096).expect("a bound"));
        });
    }
    group.finish();
}

fn outcome(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere outcome");
    let kayles = OctalGame::kayles();
    let quotient = MisereQuotient::compute(&kayles, 4096).expect("a bound");
    // A million rows of up to 10⁶ pins, far past the caches as a slice (8 MB).
    let rows: Vec<u64> = common::random_words(1_000_000, 0x5851_F42D_4C95_7F2D)
        .into_iter()
        .map(|word| 1 + word % 1_000_000)
        .collect();
    group.sample_size(20);
    group.bench_function("Kayles, 10^6 rows, quotient", |b| {
        b.iter(|| quotient.outcome(black_box(&rows)));
    });
    group.bench_function("Kayles, 10^6 rows, winning move", |b| {
        b.iter(|| quotient.winning_move(black_box(&rows)));
    });
    // The search the quotient replaces, on what it can reach: four rows.
    let four = [6u64, 9, 11, 13];
    group.bench_function("Kayles, 4 rows, search (fresh solver)", |b| {
        b.iter(|| {
            Solver::new(kayles.clone())
                .misere()
                .outcome(Heaps::from(black_box(four)))
                .unwrap()
        });
    });
    group.bench_function("Kayles, 4 rows, quotient", |b| {
        b.iter(|| quotient.outcome(black_box(&four)));
    });
    group.finish();
}

/// The winning moves of heaps of 10¹⁵ — whose options no one lists — by the misère quotient
/// and by the values of normal play, each a period of the splits at a time: the first move,
/// and the first thousand.
fn huge_heaps(c: &mut Criterion) {
    let mut group = c.benchmark_group("winning moves of a heap of 10^15");
    let kayles = OctalGame::kayles();
    let quotient = MisereQuotient::compute(&kayles, 4096).expect("a bound");
    let values = Tabulated::new(kayles, 4096).expect("a bound");
    let huge = 1_000_000_000_000_000u64;
    let rows = Heaps::from([huge, 3, huge + 7]);
    group.bench_function("Kayles, misère quotient, first move", |b| {
        b.iter(|| quotient.winning_move(black_box(&rows)).unwrap());
    });
    group.bench_function("Kayles, normal play, first move", |b| {
        b.iter(|| values.winning_move(black_box(&rows)).unwrap());
    });
    group.bench_function("Kayles, normal play, 1000 moves", |b| {
        b.iter(|| {
            values
                .winning_moves(black_box(&rows))
                .unwrap()
                .take(1000)
                .count()
        });
    });
    group.finish();
}

criterion_group!(benches, compute, outcome, huge_heaps);
criterion_main!(benches);
