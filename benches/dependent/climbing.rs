//! Times codes with a repeating tail and Grundy's game by its code as a dependent crate sees
//! them: all-but(2, 4, 5) (`0.30300[3]`) to 10⁴ and 10⁶ heaps, and `4!.0` beside the built-in
//! `GrundysGame` to 10⁴ (the best of fifteen runs each).
use std::hint::black_box;
use std::time::{Duration, Instant};

use impartial::all_but::AllButSubtraction;
use impartial::octal::GrundysGame;
use impartial::take_and_break::TakeAndBreak;

fn best_of_fifteen(mut f: impl FnMut()) -> Duration {
    (0..15)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .min()
        .expect("fifteen runs")
}

fn main() {
    let game = AllButSubtraction::with_tail(&[1, 3], 6).expect("a set");
    for n in [10_000u64, 1_000_000] {
        let time = best_of_fifteen(|| {
            black_box(game.code().every_value_up_to(n).expect("fits"));
        });
        println!("{game} to {n} heaps: {time:?}");
    }
    let code: TakeAndBreak = "4!.0".parse().expect("a code");
    let time = best_of_fifteen(|| {
        black_box(GrundysGame.values_up_to(10_000).expect("fits"));
    });
    println!("GrundysGame to 10^4 heaps: {time:?}");
    let time = best_of_fifteen(|| {
        black_box(code.values_up_to(10_000).expect("fits"));
    });
    println!("4!.0 to 10^4 heaps: {time:?}");
}
