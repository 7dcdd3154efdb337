#!/usr/bin/env bash
# Cram, Chomp and Node Kayles through `impartial`, beside igsolve (Piotr Beling's solver,
# the `igs` library), in one run on this machine: time and peak memory of each, and the ratio.
#
#   bash benches/frontier_vs_igsolve.sh            # Cram up to 5 × 8, Chomp to 11 × 11
#   bash benches/frontier_vs_igsolve.sh --large    # and Cram 5 × 9, 4 × 11, 3 × 18, Chomp 12, 13,
#                                                  # and the large Cram boards on two threads
#   RUNS=9 bash benches/frontier_vs_igsolve.sh     # each figure the median of 9 runs in turns
#
# igsolve is GPL: it is installed from the registry into a scratch folder (SCRATCH, default
# target/frontier-bench) to be timed, never a dependency of this crate. Our side is a small
# crate in the same folder that depends on this one by path and builds with the default
# release profile, as a user's would. Each figure is one run (or the median of RUNS), wall
# time and peak resident memory by /usr/bin/time (the peak of the last run: what the process
# touched, not what it reserved); both programs print the nimber of the start, and a
# disagreement stops the script.
#
# A fair race: both sides are built as igsolve's README recommends, with
# `-C target-cpu=native` (NATIVE=0 builds both without), and igsolve's transposition table
# is sized to the boards, `--tt_size 1` (GB; TT_SIZE=N to change it): its default, 8 GB,
# costs it seconds of kernel time to reserve and touch, and 1 GB, the least it takes but 0,
# is its fastest on the largest board here (Cram 5 × 9, native build, 2026-12-05: 59.3 s
# with 1 GB, 73.8 s with 2 GB, 99.6 s with 8 GB, 18.3 s of them in the kernel).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-$repo/target/frontier-bench}
large=false
[ "${1:-}" = "--large" ] && large=true
# Each figure of the main table is the median of this many runs, ours and igsolve's in turns:
# one run of a few seconds varies by a fifth on a shared machine.
runs=${RUNS:-1}
native=${NATIVE:-1}
tt_size=${TT_SIZE:-1}
mkdir -p "$scratch"

flags=""
kind=portable
if [ "$native" = 1 ]; then
    flags="-C target-cpu=native"
    kind=native
fi
igsolve_bin=$scratch/igsolve-$kind/bin/igsolve
if [ ! -x "$igsolve_bin" ]; then
    RUSTFLAGS="$flags" cargo install igsolve --version 0.1.2 --locked --root "$scratch/igsolve-$kind" >&2
fi
# igsolve with its table sized to the boards (`--tt_size` before the game's command).
igsolve=("$igsolve_bin" --tt_size "$tt_size")

ours=$scratch/ours
mkdir -p "$ours/src"
cat >"$ours/Cargo.toml" <<TOML
[package]
name = "frontier-bench"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
impartial = { path = "$repo" }

[workspace]
TOML
cat >"$ours/src/main.rs" <<'RUST'
//! `cram COLUMNS ROWS`, `chomp ROWS COLUMNS`, `chomp-search ROWS COLUMNS` or
//! `node-kayles-grid COLUMNS ROWS`: the nimber of the start, by `impartial`'s solver with its
//! default settings (on `THREADS` threads if that is set), or for `chomp` by Chomp's table.
use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::node_kayles::NodeKayles;
use impartial::Solver;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let size = |i: usize| arguments[i].parse::<u32>().expect("a size");
    let threads: usize = std::env::var("THREADS").map_or(1, |n| n.parse().expect("a count"));
    let value = match arguments[0].as_str() {
        "cram" => {
            let game = Cram::new(size(1), size(2)).expect("a board");
            Solver::new(game).with_threads(threads).grundy(game.start()).expect("solved")
        }
        // Chomp's own method: every diagram's value bottom-up (`Chomp::values`), the table
        // two bytes a diagram; `chomp-search` is the solver's search, for comparison.
        "chomp" => {
            let game = Chomp::new(size(1), size(2)).expect("a bar");
            let values = game.values(8 << 30).expect("a table within 8 GiB");
            values.grundy(game.start()).expect("the bar is a diagram")
        }
        "chomp-search" => {
            let game = Chomp::new(size(1), size(2)).expect("a bar");
            Solver::new(game.clone()).with_threads(threads).grundy(game.start()).expect("solved")
        }
        _ => {
            let game = NodeKayles::grid(size(1) as usize, size(2) as usize).expect("a grid");
            Solver::new(game.clone()).with_threads(threads).grundy(game.start()).expect("solved")
        }
    };
    println!("{}", value.0);
}
RUST
RUSTFLAGS="$flags" cargo build --release --quiet --manifest-path "$ours/Cargo.toml" \
    --target-dir "$ours/target-$kind"
ours_bin=$ours/target-$kind/release/frontier-bench

# Runs a command; prints "value seconds megabytes".
measure() {
    local out
    out=$( { /usr/bin/time -f "TIME %e %M" "$@" 2>&1; } )
    local value seconds kilobytes
    value=$(printf '%s\n' "$out" | sed -n 's/^Nimber of initial position: //p; /^[0-9][0-9]*$/p' | head -1)
    read -r seconds kilobytes < <(printf '%s\n' "$out" | sed -n 's/^TIME //p')
    printf '%s %s %s\n' "$value" "$seconds" "$((kilobytes / 1024))"
}

# The median of the numbers given.
median() {
    printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# One table row: the game, its size, ours and igsolve's, each the median of RUNS runs taken
# in turns.
row() {
    local game=$1 label=$2
    shift 2
    local ours_args=$1 igs_args=$2
    local ours_times=() igs_times=()
    for _ in $(seq "$runs"); do
        read -r v1 t1 m1 < <(measure $ours_bin $ours_args)
        read -r v2 t2 m2 < <(measure "${igsolve[@]}" $igs_args)
        if [ "$v1" != "$v2" ]; then
            echo "$game $label: impartial says *$v1, igsolve *$v2" >&2
            exit 1
        fi
        ours_times+=("$t1")
        igs_times+=("$t2")
    done
    t1=$(median "${ours_times[@]}")
    t2=$(median "${igs_times[@]}")
    ratio=$(awk -v a="$t1" -v b="$t2" 'BEGIN { if (a > 0) printf "%.2f", b / a; else print "-" }')
    printf '| %s %s | *%s | %s s | %s MB | %s s | %s MB | %s |\n' \
        "$game" "$label" "$v1" "$t1" "$m1" "$t2" "$m2" "$ratio"
}

echo "| game | value | impartial | peak | igsolve | peak | igsolve time / ours |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for rows in 1 2 3 4 5; do
    for columns in 1 2 3 4 5 6 7 8; do
        row Cram "$rows × $columns" "cram $columns $rows" "cram -r $rows -c $columns"
    done
done
chomp_sides="6 7 8 9 10 11"
cram_large=""
if $large; then
    chomp_sides="$chomp_sides 12 13"
    cram_large="5,9 4,11 3,18"
fi
for board in $cram_large; do
    rows=${board%,*} columns=${board#*,}
    row Cram "$rows × $columns" "cram $columns $rows" "cram -r $rows -c $columns"
done
for side in $chomp_sides; do
    row Chomp "$side × $side" "chomp $side $side" "chomp -r $side -c $side"
done

if $large; then
    # The decomposing search on two threads beside one, and beside igsolve (one thread).
    echo
    echo "| game | value | one thread | two threads | peak | two / one | igsolve / two |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for board in 5,8 $cram_large; do
        rows=${board%,*} columns=${board#*,}
        read -r v1 t1 _ < <(measure $ours_bin cram "$columns" "$rows")
        read -r v2 t2 m2 < <(THREADS=2 measure $ours_bin cram "$columns" "$rows")
        read -r v3 t3 _ < <(measure "${igsolve[@]}" cram -r "$rows" -c "$columns")
        if [ "$v1" != "$v2" ] || [ "$v1" != "$v3" ]; then
            echo "Cram $rows × $columns: one thread *$v1, two *$v2, igsolve *$v3" >&2
            exit 1
        fi
        printf '| Cram %s × %s | *%s | %s s | %s s | %s MB | %s | %s |\n' \
            "$rows" "$columns" "$v1" "$t1" "$t2" "$m2" \
            "$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.2f", a / b }')" \
            "$(awk -v a="$t3" -v b="$t2" 'BEGIN { printf "%.2f", a / b }')"
    done
fi
