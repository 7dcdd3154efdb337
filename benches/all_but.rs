//! All-but subtraction games (a set of amounts plus every amount from some size on): the
//! `O(|S|)`-per-heap rule beside the definition's `O(n)`-per-heap mex, every value to 10⁶ and
//! 10⁸ heaps, and 10¹² heaps computed only to the proof of the arithmetic period.
//!
//! `cargo bench --bench all_but`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use impartial::all_but::AllButSubtraction;

/// The baseline: each heap's value as the mex of every option's, from the definition.
fn plain(game: &AllButSubtraction, n: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(n + 1);
    let mut seen = Vec::new();
    for heap in 0..=n {
        seen.clear();
        seen.resize(heap + 2, false);
        for take in (1..=heap).filter(|&take| game.allows(take as u64)) {
            seen[values[heap - take] as usize] = true;
        }
        values.push(seen.iter().position(|&seen| !seen).unwrap_or(0) as u32);
    }
    values
}

fn values(c: &mut Criterion) {
    // Take 1, 3, or anything from 6 on.
    let game = AllButSubtraction::with_tail(&[1, 3], 6).expect("a set");
    let mut group = c.benchmark_group("all-but(2, 4, 5)");
    group.sample_size(10);
    group.bench_function("10^4 heaps, the definition", |b| {
        b.iter(|| plain(black_box(&game), 10_000));
    });
    for (name, n) in [
        ("10^4", 10_000u64),
        ("10^6", 1_000_000),
        ("10^8", 100_000_000),
    ] {
        group.bench_function(format!("{name} heaps"), |b| {
            b.iter(|| game.code().every_value_up_to(black_box(n)).expect("fits"));
        });
    }
    // What `values_up_to` does: stop at the proof (G(17)), and answer the rest by the period.
    group.bench_function("10^12 heaps, to the proof", |b| {
        b.iter(|| {
            game.values_up_to(black_box(1_000_000_000_000))
                .expect("proved")
        });
    });
    group.finish();
}

criterion_group!(benches, values);
criterion_main!(benches);
