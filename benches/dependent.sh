#!/usr/bin/env bash
# Figures as a user gets them: a small crate that depends on this one by path, built with the
# default release profile, runs benches/dependent/NAME.rs as its main and reports peak memory
# by /usr/bin/time.
#
#   bash benches/dependent.sh quotient   # misère quotients (BENCHMARKS.md, Misère quotients)
#   bash benches/dependent.sh climbing   # repeating codes and 4!.0 (BENCHMARKS.md, Any take-and-break code)
#
# The scratch crate is in SCRATCH (default target/dependent-bench/NAME).
set -euo pipefail

name=${1:?"which bench: a file name of benches/dependent/, without .rs"}
repo=$(cd "$(dirname "$0")/.." && pwd)
program="$repo/benches/dependent/$name.rs"
[ -f "$program" ] || { echo "no $program" >&2; exit 2; }
scratch=${SCRATCH:-$repo/target/dependent-bench/$name}
mkdir -p "$scratch/src"
cat >"$scratch/Cargo.toml" <<TOML
[package]
name = "$name-bench"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
impartial = { path = "$repo" }

[workspace]
TOML
cp "$program" "$scratch/src/main.rs"
cargo build --release --quiet --manifest-path "$scratch/Cargo.toml"
/usr/bin/time -f "peak %M KB, %e s in all" "$scratch/target/release/$name-bench"
