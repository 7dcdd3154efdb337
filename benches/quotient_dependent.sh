#!/usr/bin/env bash
# Misère quotients as a user gets them: a small crate that depends on this one by path,
# built with the default release profile, times the quotients of 0.31, 0.52, 0.75 and
# Kayles (each computed until its period is proved, the best of five runs), the misère
# outcome and a winning move of 10⁶ Kayles rows of random sizes up to 10⁶ through Kayles'
# quotient (80 MB of rows and copies, far past the caches), and how far Dawson's Kayles
# gets; peak memory by /usr/bin/time.
#
#   bash benches/quotient_dependent.sh
#
# The scratch crate is in SCRATCH (default target/quotient-bench).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-$repo/target/quotient-bench}
mkdir -p "$scratch/src"
cat >"$scratch/Cargo.toml" <<TOML
[package]
name = "quotient-bench"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
impartial = { path = "$repo" }

[workspace]
TOML
cat >"$scratch/src/main.rs" <<'RUST'
//! Times `impartial::quotient` as a dependent crate sees it.
use std::time::{Duration, Instant};

use impartial::octal::OctalGame;
use impartial::quotient::MisereQuotient;

fn best_of_five(mut f: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .min()
        .expect("five runs")
}

fn main() {
    for code in ["0.31", "0.52", "0.75", "0.77"] {
        let game: OctalGame = code.parse().expect("a code");
        let quotient = MisereQuotient::compute(&game, 4096).expect("a bound");
        let time = best_of_five(|| {
            MisereQuotient::compute(&game, 4096).expect("a bound");
        });
        let period = quotient.period().expect("proved");
        println!(
            "quotient of {code}: order {}, period {} from heap {}, proved at heap {}: {time:?}",
            quotient.order(),
            period.period,
            period.preperiod,
            quotient.heaps()
        );
    }
    let kayles = MisereQuotient::compute(&OctalGame::kayles(), 4096).expect("a bound");
    // A xorshift generator: rows of 1 to 10⁶ pins.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let rows: Vec<u64> = (0..1_000_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            1 + state % 1_000_000
        })
        .collect();
    let mut outcome = None;
    let time = best_of_five(|| outcome = kayles.outcome(&rows));
    println!("outcome of 10^6 Kayles rows <= 10^6: {outcome:?}: {time:?}");
    let mut found = None;
    let time = best_of_five(|| found = Some(kayles.winning_move(&rows).expect("covered")));
    let found = found.expect("run").map(|m| (m.index, rows[m.index], m.leaves));
    println!("winning move of the same: {found:?}: {time:?}");
    let started = Instant::now();
    let dawson = MisereQuotient::compute(&"0.07".parse::<OctalGame>().expect("a code"), 4096)
        .expect("a bound");
    println!(
        "Dawson's Kayles: heaps to {}, order {}, stop {:?}: {:?}",
        dawson.heaps(),
        dawson.order(),
        dawson.stop().map(ToString::to_string),
        started.elapsed()
    );
}
RUST
cargo build --release --quiet --manifest-path "$scratch/Cargo.toml"
/usr/bin/time -f "peak %M KB, %e s in all" "$scratch/target/release/quotient-bench"
