#!/usr/bin/env bash
# `adjutant serve` end to end on the performance fixture (Waterloo, 453 units, 2,000
# commands) with the real OpenSSH client: see bench/serve.py.
# Usage: bench/serve.sh [clients] [changes]   (builds the release binary and fixture first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin adjutant --example perf_fixture
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
target/release/examples/perf_fixture 2000 "$work/waterloo-2000.toml" >/dev/null
python3 bench/serve.py "$PWD/target/release/adjutant" "$work/waterloo-2000.toml" "$@"
