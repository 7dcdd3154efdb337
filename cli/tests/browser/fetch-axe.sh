#!/usr/bin/env bash
# Fetches axe-core (MPL-2.0; the accessibility engine the browser tests run in the page) from
# the npm registry into target/axe-core-VERSION/, and checks it against the registry's
# published sha512 before it is used. Kept out of the repository: a test tool, not our code.
set -euo pipefail
version=4.11.0
# The registry's `dist.integrity` (sha512-ilYanEU8vxxB…JmF1jQ==), in hexadecimal for sha512sum.
sha512="8a561a9c453cbf1c417b1a4977c716338125490ab841cb422ca8a1d1349f8c87c24137b21ffeb356b98825f2cfaca4ca2516e21be71f9d96d02230252661758d"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}/axe-core-$version"
if [ -f "$target/axe.min.js" ]; then
    exit 0
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
curl -sSfL --retry 3 -o "$scratch/axe.tgz" "https://registry.npmjs.org/axe-core/-/axe-core-$version.tgz"
actual="$(sha512sum "$scratch/axe.tgz" | cut -d' ' -f1)"
if [ "$actual" != "$sha512" ]; then
    echo "axe-core $version: the download's sha512 is not the registry's; refusing it" >&2
    exit 1
fi
tar -xzf "$scratch/axe.tgz" -C "$scratch" package/axe.min.js package/LICENSE
mkdir -p "$target"
mv "$scratch/package/LICENSE" "$target/LICENSE"
mv "$scratch/package/axe.min.js" "$target/axe.min.js"
echo "axe-core $version in $target"
