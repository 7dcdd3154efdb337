#!/usr/bin/env bash
# What a user's first build costs: a crate of the user's own that calls
# `impartial::nim::winning_move`, depending on this checkout with the default features and
# with `default-features = false`, each built cold (its own target directory, nothing cached
# but the registry's sources) in debug and in release, one after the other in one run.
# Prints the seconds of each build, the crates each compiles, and the ratios.
#
#   bash benches/dependent_build.sh            # both profiles
#   PROFILES=debug bash benches/dependent_build.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
profiles="${PROFILES:-debug release}"

make_crate() {
    local name="$1" dependency="$2"
    mkdir -p "$scratch/$name/src"
    cat > "$scratch/$name/Cargo.toml" <<EOF
[package]
name = "$name"
version = "0.1.0"
edition = "2024"

[dependencies]
impartial = $dependency

[workspace]
EOF
    cat > "$scratch/$name/src/main.rs" <<'EOF'
fn main() {
    let heaps = [3u64, 4, 5];
    match impartial::nim::winning_move(&heaps) {
        Some(best) => println!("{best}"),
        None => println!("no winning move"),
    }
}
EOF
}

make_crate with-defaults "{ path = \"$root\" }"
make_crate without-defaults "{ path = \"$root\", default-features = false }"

# Fetch first, so that no build is timed with a download in it.
for name in with-defaults without-defaults; do
    (cd "$scratch/$name" && cargo fetch --quiet)
done

crates() {
    (cd "$scratch/$1" && cargo tree --edges normal,build --prefix none --quiet) |
        sed 's/ v[0-9].*//' | sort -u | grep -vx "$1" | wc -l
}

declare -A seconds
for profile in $profiles; do
    flag=""
    [ "$profile" = release ] && flag="--release"
    for name in with-defaults without-defaults; do
        start=$(date +%s.%N)
        (cd "$scratch/$name" && cargo build --quiet $flag --target-dir "$scratch/target-$name-$profile")
        end=$(date +%s.%N)
        seconds[$name-$profile]=$(awk "BEGIN { print $end - $start }")
    done
done

echo "A crate of a user's own, built cold ($(nproc) cores, $(rustc --version | cut -d' ' -f2)):"
printf '%-18s %8s %8s   %s\n' "" debug release "crates compiled besides the user's"
for name in with-defaults without-defaults; do
    printf '%-18s %7.1fs %7.1fs   %s\n' "$name" "${seconds[$name-debug]:-0}" \
        "${seconds[$name-release]:-0}" "$(crates "$name")"
done
for profile in $profiles; do
    ratio=$(awk "BEGIN { printf \"%.2f\", ${seconds[without-defaults-$profile]} / ${seconds[with-defaults-$profile]} }")
    echo "without / with defaults, $profile: $ratio"
done
