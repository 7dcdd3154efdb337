#!/usr/bin/env bash
# Certificates of the search games: for each, the search's time, the proof's, the
# certificate's positions and bytes, and the check's time on one thread and on two, with the
# ratio search / check; peak memory of each process by /usr/bin/time.
#
#   bash benches/certificates.sh            # Cram 5 × 8, Chomp 12 × 12, Node Kayles 8 × 8,
#                                           # Sprouts 11, 12 and 13 spots, misère Sprouts 9
#                                           # (a few minutes)
#   bash benches/certificates.sh --large    # and Cram 5 × 9, Sprouts 14 spots and misère
#                                           # Sprouts 10 (~30 min)
#   CASES="sprouts --spots 8" bash benches/certificates.sh
#
# Through the command line built with the release profile, as a user runs it: `impartial
# prove … --output FILE`, then `impartial check FILE`. Each certificate is checked, and the
# script stops if one is refused.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${SCRATCH:-$repo/target/certificates-bench}
mkdir -p "$scratch"
cargo build --release --quiet -p impartial-cli --manifest-path "$repo/Cargo.toml"
binary=$repo/target/release/impartial

cases=(
    "cram --rows 5 --columns 8 --value"
    "chomp --rows 12 --columns 12"
    "node-kayles --rows 8 --columns 8 --value"
    "sprouts --spots 11"
    "sprouts --spots 12"
    "sprouts --spots 13"
    "sprouts --spots 9 --misere"
)
if [ "${1:-}" = "--large" ]; then
    cases+=("cram --rows 5 --columns 9 --value" "sprouts --spots 14" "sprouts --spots 10 --misere")
fi
# CASES="cram --rows 4 --columns 5 --value" runs those instead, one a line.
if [ -n "${CASES:-}" ]; then
    mapfile -t cases <<<"$CASES"
fi

# The number after `label` in `text`.
after() { grep -o "$2 [0-9.]*" <<<"$1" | head -n 1 | awk '{print $NF}'; }
# Seconds and peak kB of the process `time` reported in `file`.
peak() { awk '/^TIME/ {print $3}' "$1"; }

echo "| game | claim | search | proof | positions | bytes | check, 1 thread | search / check | check, 2 threads | search / check |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for case in "${cases[@]}"; do
    file=$scratch/$(tr ' ' '_' <<<"$case" | tr -d -).proof
    # shellcheck disable=SC2086
    proved=$(/usr/bin/time -f "TIME %e %M" -o "$scratch/time" "$binary" prove $case --output "$file")
    prove_peak=$(peak "$scratch/time")
    claim=$(sed -n 2p <<<"$proved")
    search=$(after "$proved" "searched in")
    proof=$(after "$proved" "then proved in")
    positions=$(grep -o '[0-9]* positions' <<<"$proved" | awk '{print $1}')
    bytes=$(grep -o '[0-9]* bytes' <<<"$proved" | awk '{print $1}')
    checks=()
    # The question names its play: a misère certificate is checked as an answer about
    # misère play.
    play=()
    if [[ " $case " == *" --misere "* ]]; then play=(--misere); fi
    for threads in 1 2; do
        checked=$(/usr/bin/time -f "TIME %e %M" -o "$scratch/time" "$binary" check "$file" "${play[@]}" --threads "$threads")
        grep -q ": confirmed$" <<<"$checked" || { echo "not confirmed: $case" >&2; exit 1; }
        seconds=$(grep -o 'checked in [0-9.]*' <<<"$checked" | awk '{print $3}')
        checks+=("$seconds s ($(( $(peak "$scratch/time") / 1024 )) MB)" "$(awk -v a="$search" -v b="$seconds" 'BEGIN {if (b > 0) printf "%.1f×", a / b; else print "–"}')")
    done
    echo "| ${case%% *} ${case#* } | $claim | $search s ($(( prove_peak / 1024 )) MB) | $proof s | $positions | $bytes | ${checks[0]} | ${checks[1]} | ${checks[2]} | ${checks[3]} |"
done
