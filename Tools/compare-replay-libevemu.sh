#!/bin/bash
# Replay throughput against libevemu's parser alone, in one run: the release
# build's `pointersim replay FILE > /dev/null` (the whole job: parse, the
# libinput seat, the simulator, the log) and libevemu reading the same file
# and doing nothing else (Benchmarks/Baselines/evemu-parse-only.c: evemu_read,
# then evemu_read_event to the end; built here against libevemu-dev),
# alternating, RUNS times each, each in its own process. Prints each pair's
# CPU time (user + system, /usr/bin/time) and their ratio, then the medians;
# checks first that both read the same number of events.
#
#   Tools/compare-replay-libevemu.sh [BIN=.build-release/release/pointersim] [FILE=/tmp/big4m.evemu] [RUNS=5]
#
# FILE defaults to `Tools/gen-big-evemu.py FILE 235 100` (4,085,826 events,
# made if missing). With POINTERSIM_INSTRUCTIONS=1 in the environment it also counts
# instructions per event with valgrind --tool=callgrind (a 20 MB and a 2 MB
# file of the same generator, the difference over the difference of their
# events: the fixed start-up cost drops out). With POINTERSIM_MIN_RATIO=R it exits 1
# when the median CPU-time ratio (or the instruction ratio, when counted) is
# below R: issue #34's goal is POINTERSIM_MIN_RATIO=2.
# BIN and FILE are relative to the folder it is run from.
set -euo pipefail
. "$(dirname "$0")/lib/paths.sh"
cd "$(dirname "$0")/.."
bin=$(from_caller "${1:-$(pwd)/.build-release/release/pointersim}"); file=$(from_caller "${2:-/tmp/big4m.evemu}"); runs=${3:-5}
[ -x "$bin" ] || { echo "compare-replay-libevemu: no $bin (swift build -c release --product pointersim --scratch-path .build-release)" >&2; exit 1; }
[ -f /usr/include/evemu.h ] || { echo "compare-replay-libevemu: libevemu-dev is needed (apt-get install libevemu-dev)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/evemu-parse-only" Benchmarks/Baselines/evemu-parse-only.c -levemu
[ -f "$file" ] || python3 Tools/gen-big-evemu.py "$file" 235 100 >&2
events=$(grep -c '^E:' "$file")
got=$("$tmp/evemu-parse-only" "$file" | cut -d' ' -f1)
[ "$got" = "$events" ] || { echo "compare-replay-libevemu: libevemu read $got events, the file has $events" >&2; exit 1; }
echo "$file: $events events; $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
cpu() { /usr/bin/time -f "%U %S" -o "$tmp/t" "$@" > /dev/null; awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/t"; }
for r in $(seq "$runs"); do
  e=$(cpu "$tmp/evemu-parse-only" "$file"); p=$(cpu "$bin" replay "$file")
  echo "$e $p" >> "$tmp/pairs"
  awk -v r="$r" -v e="$e" -v p="$p" 'BEGIN { printf "run %d: libevemu parse-only %.3f s, pointersim replay %.3f s: %.2fx\n", r, e, p, e / p }'
done
sort -n -k1 "$tmp/pairs" | awk '{ print $1 }' > "$tmp/e"; sort -n -k2 "$tmp/pairs" | awk '{ print $2 }' > "$tmp/p"
awk -v n="$runs" -v ev="$events" 'FNR == 1 { f++ } f == 1 { e[FNR] = $1 } f == 2 { p[FNR] = $1 }
  END { m = int((n + 1) / 2); printf "median CPU time: libevemu %.3f s (%.2f M events/s), pointersim replay %.3f s (%.2f M events/s): %.2fx\n", e[m], ev / e[m] / 1e6, p[m], ev / p[m] / 1e6, e[m] / p[m] }' "$tmp/e" "$tmp/p" | tee "$tmp/median"
ratios=$(sed -n 's/.*: \([0-9.]*\)x$/\1/p' "$tmp/median")
if [ "${POINTERSIM_INSTRUCTIONS:-0}" = 1 ]; then
  python3 Tools/gen-big-evemu.py "$tmp/small.evemu" 20 100 > /dev/null; python3 Tools/gen-big-evemu.py "$tmp/tiny.evemu" 2 100 > /dev/null
  d=$(( $(grep -c '^E:' "$tmp/small.evemu") - $(grep -c '^E:' "$tmp/tiny.evemu") ))
  ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : *//p'; }
  ls=$(ir "$tmp/evemu-parse-only" "$tmp/small.evemu"); lt=$(ir "$tmp/evemu-parse-only" "$tmp/tiny.evemu")
  ps=$(ir "$bin" replay "$tmp/small.evemu"); pt=$(ir "$bin" replay "$tmp/tiny.evemu")
  awk -v ls="$ls" -v lt="$lt" -v ps="$ps" -v pt="$pt" -v d="$d" 'BEGIN { l = (ls - lt) / d; p = (ps - pt) / d;
    printf "instructions per event (callgrind, 20 MB minus 2 MB file, %d events apart): libevemu %.0f, pointersim replay %.0f: %.2fx\n", d, l, p, l / p }' | tee "$tmp/ir"
  ratios="$ratios $(sed -n 's/.*: \([0-9.]*\)x$/\1/p' "$tmp/ir")"
fi
if [ -n "${POINTERSIM_MIN_RATIO:-}" ]; then
  for r in $ratios; do
    awk -v r="$r" -v m="$POINTERSIM_MIN_RATIO" 'BEGIN { exit !(r >= m) }' || { echo "compare-replay-libevemu: ratio ${r}x is below ${POINTERSIM_MIN_RATIO}x" >&2; exit 1; }
  done
fi
