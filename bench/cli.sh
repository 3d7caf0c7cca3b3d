#!/usr/bin/env bash
# Whole-process figures on the performance fixture: Waterloo (453 units) with a log of
# 500, 2,000 and 10,000 commands (benches/common, written by examples/perf_fixture).
# Usage: bench/cli.sh [runs]   (builds the release binary and examples first)
# In-process figures (replay, apply+save, frame render) come from `cargo bench`.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
cargo build --release --quiet --bin adjutant --example perf_fixture --example floor
bin=$PWD/target/release/adjutant
floor=$PWD/target/release/examples/floor
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"

time_ms() { # label, command...
  local label=$1; shift
  local start end
  start=$(date +%s%N)
  for _ in $(seq "$runs"); do "$@" >/dev/null; done
  end=$(date +%s%N)
  printf '  %-40s %7.1f ms\n' "$label" "$(echo "($end - $start) / $runs / 1000000" | bc -l)"
}

"$bin" new waterloo -o "$work/waterloo-0.toml" --seed 1 >/dev/null
for n in 500 2000 10000; do
  target/release/examples/perf_fixture "$n" "$work/waterloo-$n.toml" >/dev/null
done
for n in 0 500 2000 10000; do
  save=$work/waterloo-$n.toml
  echo "waterloo, $n commands ($(wc -c <"$save") bytes):"
  time_ms "show (load, replay, print)" "$bin" show "$save"
  time_ms "show --json" "$bin" show "$save" --json
  cp "$save" "$work/scratch.toml"
  undo_after_hit() { "$bin" do "$work/scratch.toml" hit f54-1 >/dev/null; "$bin" do "$work/scratch.toml" undo; }
  time_ms "do hit + do undo (two processes)" undo_after_hit
  python3 bench/terminal.py "$bin" "$floor" "$save" "$runs" | sed 's/^/  /'
done
