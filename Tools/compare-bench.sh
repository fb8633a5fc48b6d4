#!/usr/bin/env bash
# The band workload (docs/Benchmarks.md) side by side in one run: PointerSim's
# release build and our C++ baseline (Benchmarks/Baselines/grid.cpp, a
# straightforward incremental uniform grid, built here with g++ -O2), each in
# its own process, alternating, at N items (default 1,000,000). Prints a table
# of the index build, the peak RSS of the whole process (/usr/bin/time %M),
# and the median and p99 update; fails if either misses the reference digests
# (Traces/bench/band-reference-digests.txt).
#
#   Tools/compare-bench.sh [--items N] [--mode MODE] [--runs R]
set -euo pipefail
cd "$(dirname "$0")/.."
items=1000000 mode=replace runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --items) items=$2; shift 2;;
    --mode) mode=$2; shift 2;;
    --runs) runs=$2; shift 2;;
    *) echo "usage: Tools/compare-bench.sh [--items N] [--mode MODE] [--runs R]" >&2; exit 64;;
  esac
done
command -v g++ >/dev/null || { echo "compare-bench: g++ is needed for the C++ baseline" >&2; exit 1; }
out=.build/compare-bench
mkdir -p "$out"
g++ -O2 -std=c++17 -o "$out/grid" Benchmarks/Baselines/grid.cpp
. Tools/lib/build.sh
ps=$(build_pointersim release)
want=$(awk -v n="$items" -v m="$mode" '$1 == n && $2 == m { print $3 }' Traces/bench/band-reference-digests.txt)
[ -n "$want" ] || echo "compare-bench: no reference digests for $items $mode; digests not checked" >&2

field() { sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" <<<"$2"; }
run() {  # name command… → one line: name build_ns rss_kb median_ns p99_ns
  local name=$1; shift
  local json rss
  json=$(/usr/bin/time -f %M -o "$out/rss" "$@")
  rss=$(tail -1 "$out/rss")
  if [ -n "$want" ]; then
    case "$json" in *"\"checkpoints\":$want,"*) ;; *) echo "compare-bench: $name: digests differ from the reference" >&2; exit 1;; esac
  fi
  echo "$name $(field build_ns "$json") $rss $(field median_ns "$json") $(field p99_ns "$json")"
}
results=$(for r in $(seq "$runs"); do
  run pointersim "$ps" bench band --items "$items" --mode "$mode" --json
  run cpp-grid "$out/grid" "$items" "$mode"
done)
echo "band workload v1, $items items, mode $mode, $runs runs each (median of runs), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "digests: both match the reference"
printf '%-12s %12s %14s %12s %12s\n' implementation "build (ms)" "peak RSS (MiB)" "median (µs)" "p99 (µs)"
for name in pointersim cpp-grid; do
  awk -v n="$name" '$1 == n' <<<"$results" | awk '
    { b[NR] = $2; m[NR] = $3; md[NR] = $4; p[NR] = $5 }
    function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } return a[int((n + 1) / 2)] }
    END { printf "%-12s %12.1f %14.1f %12.1f %12.1f\n", "'"$name"'", med(b, NR) / 1e6, med(m, NR) / 1024, med(md, NR) / 1e3, med(p, NR) / 1e3 }'
done
