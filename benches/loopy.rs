//! The loopy solver on a graph of about a million positions full of cycles.
//!
//! A token on a 1000 × 1000 torus moves one cell right or one cell down (wrapping around),
//! or two cells left; one cell in 97 is a pit with no move out. Every query explores all
//! 10⁶ positions and 3·10⁶ moves from the start.
//!
//! `cargo bench --bench loopy` reports the time to explore and classify (P / N / Draw), the
//! time to explore and compute generalized Sprague–Grundy values, and bytes per position.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use impartial::ImpartialGame;
use impartial::loopy::{LoopyOutcome, LoopySolver};

const SIDE: u16 = 1000;

struct Torus;

fn is_pit(x: u16, y: u16) -> bool {
    (u32::from(x) * 7 + u32::from(y) * 13) % 97 == 0
}

impl ImpartialGame for Torus {
    type Position = (u16, u16);

    fn moves(&self, &(x, y): &(u16, u16)) -> impl Iterator<Item = (u16, u16)> {
        let moves = [
            ((x + 1) % SIDE, y),
            (x, (y + 1) % SIDE),
            ((x + SIDE - 2) % SIDE, y),
        ];
        let open = !is_pit(x, y);
        moves.into_iter().filter(move |_| open)
    }
}

fn torus(c: &mut Criterion) {
    let start = (1, 1);
    let mut solver = LoopySolver::new(Torus);
    let outcome = solver.outcome(start).unwrap();
    let value = solver.value(start).unwrap();
    let positions = solver.positions();
    let mut counts = [0usize; 3];
    for x in 0..SIDE {
        for y in 0..SIDE {
            counts[solver.outcome((x, y)).unwrap() as usize] += 1;
        }
    }
    #[allow(clippy::cast_precision_loss)] // byte counts far below 2^52
    let per_position = solver.bytes() as f64 / positions as f64;
    eprintln!(
        "loopy/torus: {positions} positions; start {outcome} {value}; P {} N {} Draw {}; {per_position:.1} bytes per position",
        counts[LoopyOutcome::P as usize],
        counts[LoopyOutcome::N as usize],
        counts[LoopyOutcome::Draw as usize],
    );

    let mut group = c.benchmark_group("loopy/torus_1e6");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions as u64));
    group.bench_function("outcome", |b| {
        b.iter(|| LoopySolver::new(Torus).outcome(black_box(&start)).unwrap());
    });
    group.bench_function("value", |b| {
        b.iter(|| LoopySolver::new(Torus).value(black_box(&start)).unwrap());
    });
    group.finish();
}

criterion_group!(benches, torus);
criterion_main!(benches);
