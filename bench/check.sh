#!/usr/bin/env bash
# `adjutant check` on big files, whole process: time and peak memory (RSS), and the
# memory as a multiple of the file. Scenarios of 500 to 2,000 units (the most a battle
# holds) and one of 50,000 (refused); the performance fixture's save (benches/common,
# written by examples/perf_fixture) from 10,000 to 400,000 commands (62 MB, near the
# 64 MB a save may be). Time should double with the file, and memory stay a few times it.
# Usage: bench/check.sh [runs]   (builds the release binary and the fixture first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet --bin adjutant --example perf_fixture
bin=$PWD/target/release/adjutant
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"

# A scenario as the tutorial writes its units, half French, half British.
scenario() { # units, file
  python3 - "$1" "$2" <<'EOF'
import sys
units, path = int(sys.argv[1]), sys.argv[2]
out = ['[scenario]', 'title = "A big battle"', 'ruleset = "sound-the-charge"',
       'first = "france"', 'turns = 8', '',
       '[[side]]', 'id = "france"', 'name = "French"', 'nation = "france"', '',
       '[[side]]', 'id = "britain"', 'name = "British"', 'nation = "britain"', '']
for n in range(units):
    side = 'france' if n % 2 == 0 else 'britain'
    out += ['[[unit]]', f'id = "u{n}"', f'side = "{side}"', f'name = "Battalion {n}"',
            'arm = "infantry"', 'type = "line"', 'grade = "C"', 'figures = 12',
            'formation = "column"', '']
out += ['[[general]]', 'id = "g1"', 'name = "General One"', 'side = "france"', '',
        '[[general]]', 'id = "g2"', 'name = "General Two"', 'side = "britain"', '']
open(path, 'w').write('\n'.join(out))
EOF
}

# Best time of `runs` and the largest peak RSS, from the kernel's account of the child.
measure() { # file
  python3 - "$bin" "$runs" "$1" <<'EOF'
import os, subprocess, sys, time
binary, runs, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
size = os.path.getsize(path)
best, rss, code = float('inf'), 0, 0
for _ in range(runs):
    start = time.perf_counter()
    child = subprocess.Popen([binary, 'check', path],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    best = min(best, time.perf_counter() - start)
    rss, code = max(rss, usage.ru_maxrss * 1024), os.waitstatus_to_exitcode(status)
print(f'  {os.path.basename(path):24} {size / 1e6:7.2f} MB {best * 1000:9.1f} ms '
      f'{rss / 1e6:8.1f} MB peak  x{rss / size:5.1f}{"  (refused)" if code else ""}')
EOF
}

echo "floor: the process itself, checking the tutorial (6 units):"
measure scenarios/tutorial.toml
echo "scenarios:"
for units in 500 1000 2000 50000; do
  scenario "$units" "$work/units-$units.toml"
  measure "$work/units-$units.toml"
done
echo "saves (waterloo, the performance fixture):"
for n in 10000 40000 160000 400000; do
  target/release/examples/perf_fixture "$n" "$work/waterloo-$n.toml" >/dev/null
  measure "$work/waterloo-$n.toml"
  rm "$work/waterloo-$n.toml"
done
