//! Nim-value sequences of heap games: the direct recurrence against the sparse space.
//!
//! Two parts, one run (`cargo bench --bench octal`):
//!
//! - criterion, `octal/n=10000/{direct,sparse}/<game>`: G(0..=10⁴) with the period proof
//!   off, so both methods compute every value;
//! - single timed runs (too long for criterion's repeated samples), printed as a table: the
//!   default run at n = 10⁵, 10⁶ and 10⁷ (it stops once a period is proven; two threads where
//!   the machine has two cores), the default on one thread at 10⁶, and both methods computing
//!   every value at 10⁵. Set `IMPARTIAL_BENCH_QUICK=1` to stop at 10⁶.

// Counts become f64 only to be printed as rates.
#![allow(clippy::cast_precision_loss)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use impartial::octal::{GrundysGame, OctalGame};
use impartial::sequence::{GrundySequence, Method, SequenceOptions};
use impartial::take_and_break::TakeAndBreak;

/// `4!.0` is Grundy's game by its take-and-break code: the same rules, parsed, beside the
/// built-in game.
const GAMES: [&str; 7] = ["0.77", "0.07", "0.137", "0.6", "0.16", "grundy", "4!.0"];

fn sequence(game: &str, n: u64, options: &SequenceOptions) -> GrundySequence {
    let result = if game == "grundy" {
        GrundysGame.values_up_to_with(n, options)
    } else if game.contains('!') {
        let code: TakeAndBreak = game.parse().expect("a valid code");
        code.values_up_to_with(n, options)
    } else {
        let octal: OctalGame = game.parse().expect("a valid code");
        octal.values_up_to_with(n, options)
    };
    result.expect("fits in memory")
}

fn every_value(method: Method) -> SequenceOptions {
    SequenceOptions::default()
        .with_method(method)
        .with_prove_period(false)
}

fn criterion_part(c: &mut Criterion) {
    let n = 10_000;
    let mut group = c.benchmark_group(format!("octal/n={n}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(n + 1));
    for game in GAMES {
        for (name, method) in [("direct", Method::Direct), ("sparse", Method::SparseSpace)] {
            let options = every_value(method);
            group.bench_with_input(BenchmarkId::new(name, game), &options, |b, options| {
                b.iter(|| sequence(black_box(game), n, options));
            });
        }
    }
    group.finish();
}

/// The peak resident memory of this process so far, in bytes (Linux only).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

fn timed(game: &str, n: u64, options: &SequenceOptions) -> (Duration, GrundySequence) {
    let start = Instant::now();
    let values = sequence(game, n, options);
    (start.elapsed(), values)
}

fn row(game: &str, n: u64, mode: &str, elapsed: Duration, values: &GrundySequence) {
    let known = if values.covers(n) {
        n + 1
    } else {
        values.computed_len()
    };
    let period = values.period().map_or_else(
        || "-".to_string(),
        |p| format!("{} from {}", p.period, p.preperiod),
    );
    println!(
        "{game:>7} {n:>9} {mode:<22} {:>10.3} s {:>12.0} {:>10} {:>9} {period}",
        elapsed.as_secs_f64(),
        known as f64 / elapsed.as_secs_f64(),
        values.computed_len(),
        values
            .rare_heap_count()
            .map_or_else(|| "-".to_string(), |r| r.to_string()),
    );
}

fn long_runs() {
    let quick = std::env::var_os("IMPARTIAL_BENCH_QUICK").is_some();
    let sizes: &[u64] = if quick {
        &[100_000, 1_000_000]
    } else {
        &[100_000, 1_000_000, 10_000_000]
    };
    println!();
    println!(
        "{:>7} {:>9} {:<22} {:>12} {:>12} {:>10} {:>9} period",
        "game", "n", "mode", "time", "values/s", "computed", "rare"
    );
    for game in GAMES {
        for &n in sizes {
            let (elapsed, values) = timed(game, n, &SequenceOptions::default());
            row(game, n, "default (stops early)", elapsed, &values);
        }
        // The baseline for the second thread, in the same run.
        let n = 1_000_000;
        let one_thread = SequenceOptions::default().with_parallel(false);
        let (elapsed, values) = timed(game, n, &one_thread);
        row(game, n, "default, one thread", elapsed, &values);
        // Both methods computing every value: the direct recurrence is quadratic, seconds
        // at 10⁵ and minutes at 10⁶, so they meet at 10⁵.
        let n = 100_000;
        for (mode, method) in [
            ("sparse, every value", Method::SparseSpace),
            ("direct, every value", Method::Direct),
        ] {
            let (elapsed, values) = timed(game, n, &every_value(method));
            row(game, n, mode, elapsed, &values);
        }
    }
    if let Some(bytes) = peak_memory() {
        println!(
            "peak memory of the whole run: {:.1} MB ({:.2} bytes per heap size at n = {})",
            bytes as f64 / 1e6,
            bytes as f64 / (sizes[sizes.len() - 1] + 1) as f64,
            sizes[sizes.len() - 1]
        );
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    criterion_part(&mut criterion);
    criterion.final_summary();
    // `cargo bench -- <filter>` that names something else skips the long part.
    let filter = std::env::args()
        .skip(1)
        .find(|arg| !arg.starts_with('-'))
        .unwrap_or_default();
    if filter.is_empty() || "octal/long".contains(filter.as_str()) {
        long_runs();
    }
}
