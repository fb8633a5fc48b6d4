#!/usr/bin/env bash
# Fuzzes the parsers with libFuzzer for a while (default 60 s per target),
# seeded with the committed traces and scenes. A crash leaves crash-* files in
# Fuzz/findings/<target>/ and a non-zero exit.
# Usage: Tools/fuzz.sh [seconds] [FuzzTrace|FuzzScene ...]
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
secs=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(FuzzTrace FuzzScene)
export SWIFT_BACKTRACE=enable=no   # let libFuzzer see crashes (Swift's backtracer would catch them first)
for t in "${targets[@]}"; do
  swift build -c debug --sanitize fuzzer --sanitize address --product "$t" >&2
  bin=$(swift build -c debug --sanitize fuzzer --sanitize address --show-bin-path)/$t
  corpus=$(mktemp -d); mkdir -p "findings/$t"
  case $t in
    FuzzTrace) find ../Traces -name '*.trace' -exec cp {} "$corpus/" \; ;;
    FuzzScene) find ../Traces -name '*.scene.json' -exec cp {} "$corpus/" \; ;;
  esac
  echo "== $t for ${secs}s" >&2
  "$bin" "$corpus" -max_total_time="$secs" -artifact_prefix="findings/$t/" -print_final_stats=1 2>&1 | tail -5
done
