#!/usr/bin/env bash
# Times the CLI on the performance fixture: Waterloo (405 units) with an 800-command log.
# Usage: bench/cli.sh [runs]   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
cargo build --release --quiet
bin=$PWD/target/release/adjutant
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
save=$work/waterloo.toml
"$bin" new waterloo -o "$save" --seed 1 >/dev/null
ids=$(grep -E '^id = "' scenarios/waterloo.toml | sed 's/id = "\(.*\)"/\1/' | head -402 | tail -400)
for id in $ids; do
  "$bin" do "$save" hit "$id" 1 >/dev/null
  "$bin" do "$save" disorder "$id" >/dev/null 2>&1 || true # guns are never disordered
done
echo "fixture: $(grep -c '^\[\[log\]\]' "$save") log entries, $(wc -c <"$save") bytes"

time_ms() { # label, command...
  local label=$1; shift
  local start end
  start=$(date +%s%N)
  for _ in $(seq "$runs"); do "$@" >/dev/null; done
  end=$(date +%s%N)
  printf '%-34s %6.1f ms\n' "$label" "$(echo "($end - $start) / $runs / 1000000" | bc -l)"
}
time_ms "adjutant (demo roster)" "$bin"
time_ms "show (load + replay + print)" "$bin" show "$save"
time_ms "show --json" "$bin" show "$save" --json
time_ms "do next (load, apply, save)" "$bin" do "$save" next

# A shot resolved and saved, then taken back; France's shooting phase is reached first,
# outside the timing.
for _ in $(seq 10); do
  "$bin" show "$save" | head -1 | grep -q "French Armée du Nord active · shooting" && break
  "$bin" do "$save" next >/dev/null
done
shoot_and_undo() {
  "$bin" do "$save" shoot f54-1 "$target" close >/dev/null
  "$bin" do "$save" undo >/dev/null
}
target=$(awk '/^id = /{id=$3} /^side = /{side=$3} /^arm = "infantry"/{if (side == "\"allies\"") {gsub(/"/, "", id); print id; exit}}' scenarios/waterloo.toml)
time_ms "do shoot + do undo (2 saves)" shoot_and_undo


# A round of close combat resolved and saved, then taken back, in France's combat phase.
"$bin" do "$save" next >/dev/null
combat_and_undo() {
  "$bin" do "$save" combat f54-1 vs "$target" >/dev/null
  "$bin" do "$save" undo >/dev/null
}
time_ms "do combat + do undo (2 saves)" combat_and_undo
