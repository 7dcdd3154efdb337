//! Nim's closed forms against the limit: one pass over memory.
//!
//! For 10³ … 10⁷ random `u64` heaps, `nim::nim_sum` and `nim::winning_move` run beside a plain
//! `iter().fold(0, |a, &h| a ^ h)` over the same slice. Criterion reports bytes per second
//! (8 bytes a heap). `winning_move` also runs on an adversarial slice whose only heap with
//! the nim-sum's top bit is the last, so that its second pass reads everything.
//!
//! `cargo bench --bench nim`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use impartial::nim;

use impartial_benches as common;

/// Deterministic pseudo-random heaps.
fn random_heaps(count: usize) -> Vec<u64> {
    common::random_words(count, 0x9E37_79B9_7F4A_7C15)
}

/// Small heaps and one huge last heap: the winning move is found only at the end.
fn last_heap_decides(count: usize) -> Vec<u64> {
    let mut heaps: Vec<u64> = random_heaps(count)
        .into_iter()
        .map(|heap| heap >> 40)
        .collect();
    if let Some(last) = heaps.last_mut() {
        *last = u64::MAX;
    }
    heaps
}

fn nim_functions(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim");
    for exponent in 3..=7 {
        let count = 10usize.pow(exponent);
        let heaps = random_heaps(count);
        let adversarial = last_heap_decides(count);
        let label = format!("1e{exponent}");
        group.throughput(Throughput::Bytes(
            (count * std::mem::size_of::<u64>()) as u64,
        ));
        if count >= 1_000_000 {
            group.sample_size(20);
        }
        group.bench_with_input(
            BenchmarkId::new("plain_fold", &label),
            &heaps,
            |b, heaps| {
                b.iter(|| black_box(heaps.as_slice()).iter().fold(0, |a, &h| a ^ h));
            },
        );
        group.bench_with_input(BenchmarkId::new("nim_sum", &label), &heaps, |b, heaps| {
            b.iter(|| nim::nim_sum(black_box(heaps.as_slice())));
        });
        group.bench_with_input(
            BenchmarkId::new("winning_move", &label),
            &heaps,
            |b, heaps| {
                b.iter(|| nim::winning_move(black_box(heaps.as_slice())));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("winning_move_last_heap", &label),
            &adversarial,
            |b, heaps| b.iter(|| nim::winning_move(black_box(heaps.as_slice()))),
        );
    }
    group.finish();
}

criterion_group!(benches, nim_functions);
criterion_main!(benches);
