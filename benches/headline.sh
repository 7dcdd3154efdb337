#!/usr/bin/env bash
# The headline figures of BENCHMARKS.md at this checkout and at an earlier commit, in one run,
# one after the other on the same machine: Nim on 10⁶ heaps and Fibonacci Nim (criterion),
# Kayles' misère quotient (criterion), and from a crate that depends on each checkout with the
# default release profile, as a user builds it: octal 0.6 to 10⁶ heaps, Cram 5 × 8 and
# Chomp 12 × 12 (wall time of the whole process, the best of RUNS).
#
#   bash benches/headline.sh            # against 6f35566, the commit before the one-library change
#   bash benches/headline.sh COMMIT     # against another commit
#   RUNS=5 bash benches/headline.sh
#
# The earlier commit is checked out as a git worktree in SCRATCH (default target/headline).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
base=${1:-6f35566}
runs=${RUNS:-3}
scratch=${SCRATCH:-$repo/target/headline}
mkdir -p "$scratch"
old=$scratch/tree-$base
if [ ! -d "$old" ]; then
    git -C "$repo" worktree add --detach --force "$old" "$base" >/dev/null
fi

# A user's crate depending on `tree`, whose main answers `octal`, `cram` or `chomp`.
dependent() {
    local tree=$1 crate=$2
    mkdir -p "$crate/src"
    cat >"$crate/Cargo.toml" <<TOML
[package]
name = "headline"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
impartial = { path = "$tree" }

[workspace]
TOML
    # The API before the one-library change answered with panics and raw positions.
    local cram chomp
    if grep -q "pub fn start(&self) -> CramPosition" "$tree/src/games/cram.rs"; then
        cram='Solver::new(game).grundy(game.start()).expect("solved")'
        chomp='game.values(8 << 30).expect("a table").grundy(game.start()).expect("a diagram")'
    else
        cram='Solver::new(game).grundy(game.board())'
        chomp='game.values(8 << 30).expect("a table").grundy(game.bar()).expect("a diagram")'
    fi
    cat >"$crate/src/main.rs" <<RUST
use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::octal::OctalGame;
use impartial::Solver;

fn main() {
    let what = std::env::args().nth(1).expect("octal, cram or chomp");
    let value = match what.as_str() {
        "octal" => {
            let game: OctalGame = "0.6".parse().expect("a code");
            let values = game.values_up_to(1_000_000).expect("values");
            values.get(1_000_000).expect("a value").0
        }
        "cram" => {
            let game = Cram::new(8, 5).expect("a board");
            $cram.0
        }
        _ => {
            let game = Chomp::new(12, 12).expect("a bar");
            $chomp.0
        }
    };
    println!("{value}");
}
RUST
    cargo build --release --quiet --manifest-path "$crate/Cargo.toml"
}

# The best wall time of RUNS runs, and the value printed.
best_of() {
    local binary=$1 what=$2 best="" value seconds
    for _ in $(seq "$runs"); do
        value=$( { /usr/bin/time -f "TIME %e" "$binary" "$what"; } 2>"$scratch/time")
        seconds=$(sed -n 's/^TIME //p' "$scratch/time")
        best=$(awk -v a="$best" -v b="$seconds" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    echo "$value $best"
}

# Criterion's median of each benchmark matching the filter.
criterion() {
    local tree=$1 bench=$2 filter=$3
    (cd "$tree" && cargo bench --quiet --bench "$bench" -- --noplot "$filter" 2>/dev/null) |
        awk '/time:/ { i = index($0, "time:"); name = substr($0, 1, i - 1);
                       if (name ~ /^ *$/) name = last;
                       gsub(/^ +| +$/, "", name); split(substr($0, i), a, "["); split(a[2], m, " ");
                       printf "  %-60s %s %s\n", name, m[3], m[4] }
             { last = $0 }'
}

for tree in "$old" "$repo"; do
    label=$(git -C "$tree" log --oneline -1 | cut -c1-60)
    echo "== $label"
    criterion "$tree" nim '^nim/(plain_fold|nim_sum|winning_move)/1e6$'
    criterion "$tree" fibonacci '^fibonacci/winning_move/u64$'
    criterion "$tree" quotient '^quotient/0.77, every heap$'
    crate=$scratch/dependent-$(basename "$tree")
    dependent "$tree" "$crate"
    for what in octal cram chomp; do
        read -r value seconds < <(best_of "$crate/target/release/headline" "$what")
        printf '  %-60s %s s (value %s)\n' "$what" "$seconds" "$value"
    done
done
