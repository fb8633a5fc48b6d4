#!/usr/bin/env bash
# Fuzzes everything that reads input, with libFuzzer, coverage and
# AddressSanitizer together (swiftc keeps only the last -sanitize= flag, so
# the Swift code is compiled with one `-sanitize=fuzzer,address`; SwiftPM's
# own `--sanitize fuzzer` is what makes it link the fuzz entry point).
#
# Usage: Tools/fuzz.sh [SECONDS] [TARGET ...]     (default: 60 s, every target)
#        Tools/fuzz.sh --ci RUNS [TARGET ...]
# --ci is the bounded, reproducible run of the test command (Tools/test.sh):
# RUNS inputs per target from a fixed random seed and a corpus made of the
# committed inputs only, so the same commit fuzzes the same inputs on every
# machine (a minute or so per target on 2 cores; FuzzOverrides, FuzzKeys,
# FuzzLog and FuzzCompare, 20 to 50 inputs a second here, run RUNS / 10).
# Targets (Fuzz/Sources): FuzzTrace FuzzScene FuzzEvemu FuzzEvemuSplit
# FuzzLibinputRecord FuzzDecoder FuzzSimulator FuzzOverrides FuzzCompare
# FuzzLog FuzzKeys.
#
# For each target: first every committed regression input in
# Fuzz/regressions/TARGET/ is replayed (each one a crash that was found and
# fixed), then libFuzzer runs for SECONDS from a corpus seeded with the
# committed traces, scenes and recordings (Traces/) plus what earlier runs on
# this machine found (Fuzz/corpus/TARGET, not committed). A crash, a leak, an
# input slower than 30 s (this debug AddressSanitizer build runs some 30-100
# times slower than release) or one needing over 2 GB leaves its input in
# Fuzz/findings/TARGET/ and makes the script exit 1. At the end a table gives,
# per target, the runs, the coverage reached (edges of the instrumented code)
# and the corpus size.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# Interrupted or terminated (a timeout), the build and the fuzzer running are
# ended too (Tools/lib/children.sh): long commands run through run_child.
. Tools/lib/children.sh
ci=0 runs=
if [ "${1:-}" = --ci ]; then ci=1; runs=${2:?"--ci needs a number of runs"}; shift 2; secs=0
else secs=${1:-60}; shift || true; fi
all=(FuzzTrace FuzzScene FuzzEvemu FuzzEvemuSplit FuzzLibinputRecord FuzzDecoder FuzzSimulator
     FuzzOverrides FuzzCompare FuzzLog FuzzKeys)
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
command -v swift >/dev/null || { echo "fuzz.sh: swift is not on PATH" >&2; exit 2; }

scratch="$root/.build-fuzz"
# SwiftPM does not notice a file added to the root package when it is this
# package's path dependency: plan the build anew each time.
rm -f "$scratch"/*/debug/description.json
echo "== building the fuzz targets (libFuzzer + AddressSanitizer, debug with internal checks)" >&2
run_child swift build --package-path Fuzz -c debug --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address \
  --scratch-path "$scratch" >&2
bindir=$(swift build --package-path Fuzz -c debug --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address \
  --scratch-path "$scratch" --show-bin-path)

# Let libFuzzer see crashes (Swift's backtracer would catch them first);
# leaks are checked (ASan's default on Linux).
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}

seed() { # target corpus-folder: copies the committed inputs of the target's kind
  local t=$1 dir=$2
  case $t in
    FuzzTrace) find Traces -name '*.trace' -o -name '*.ptrace' ;;
    FuzzScene) find Traces -name '*.scene.json' ;;
    FuzzEvemu) find Traces -name '*.evemu' -size -64k ;;
    FuzzLibinputRecord) find Traces -name '*.yaml' ;;
    # a first byte choosing the decoded recording, then a real reference
    FuzzCompare) find Traces/libinput Traces/hostile/options-clock-outputs -name '*.libinput.txt' -o -name 'reference-*.txt' ;;
    FuzzLog) find Traces -name '*.expected.jsonl' -size -16k ;;
    # structured targets (the bytes choose): any committed text of a useful size
    FuzzOverrides) find Traces/hostile/options-clock-outputs Traces/hostile/bounds -name '*.case' -size -8k ;;
    FuzzKeys) find Traces/selection -name '*.trace' ;;
    *) ;;
  esac | while read -r f; do cp "$f" "$dir/$(echo "$f" | tr '/' '_')"; done
  if [ "$t" = FuzzDecoder ]; then
    # each recording of Traces/libinput in the target's own encoding (it
    # decodes to the same events as libinput's reference)
    POINTERSIM_FUZZ_MAKE_SEEDS="$dir" "$bindir/$t"
  fi
  if [ "$t" = FuzzEvemuSplit ]; then
    # a description, the line ##split, then events recorded on that device
    for d in $(find Traces -name '*.desc'); do
      base=${d%.desc}
      for e in "$base".*events; do
        [ -f "$e" ] && [ "$(wc -c <"$e")" -lt 65536 ] || continue
        { cat "$d"; printf '##split\n'; cat "$e"; } >"$dir/$(echo "$e" | tr '/' '_')"
      done
    done
  fi
}

failed=0
summary=$(mktemp)
printf '%-20s %10s %8s %8s %9s %7s  %s\n' target runs cov/edges "cov%" features corpus result >"$summary"
for t in "${targets[@]}"; do
  bin="$bindir/$t"
  [ -x "$bin" ] || { echo "fuzz.sh: no target $t (expected one of: ${all[*]})" >&2; exit 2; }
  mkdir -p "Fuzz/findings/$t" "Fuzz/corpus/$t" "Fuzz/regressions/$t"
  if [ $ci = 1 ]; then corpus=$(mktemp -d); else corpus="Fuzz/corpus/$t"; fi
  seed "$t" "$corpus"
  cp Fuzz/regressions/"$t"/* "$corpus/" 2>/dev/null || true
  result=clean
  if compgen -G "Fuzz/regressions/$t/*" >/dev/null; then
    echo "== $t: replaying $(ls "Fuzz/regressions/$t" | wc -l) regression inputs" >&2
    if ! run_child "$bin" -timeout=30 -rss_limit_mb=2048 "Fuzz/regressions/$t"/* >"Fuzz/findings/$t/regressions.log" 2>&1; then
      tail -40 "Fuzz/findings/$t/regressions.log" >&2
      echo "fuzz.sh: $t: a regression input fails again (Fuzz/findings/$t/regressions.log)" >&2
      failed=1; result=REGRESSION
    fi
  fi
  if [ $ci = 1 ]; then
    # The slowest targets (each input decodes recordings or drives scenes of
    # thousands of items: 20 to 50 inputs a second in this build) take a
    # tenth, so that the bounded run stays a few minutes per target.
    n=$runs
    case "$t" in FuzzOverrides|FuzzKeys|FuzzLog|FuzzCompare) n=$(( runs / 10 > 0 ? runs / 10 : 1 )) ;; esac
    echo "== $t: $n runs (seed 1, committed inputs only)" >&2
    bound=(-runs="$n" -seed=1)
  else
    echo "== $t for ${secs}s" >&2
    bound=(-max_total_time="$secs")
  fi
  log="Fuzz/findings/$t/last-run.log"
  set +e
  run_child "$bin" "$corpus" "${bound[@]}" -timeout=30 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="Fuzz/findings/$t/" -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  [ $ci = 0 ] || rm -rf "$corpus"
  # a target that crashed leaves its scratch folder (FuzzSupport's Fuzz.folder)
  for d in /dev/shm/pointersim-fuzz-* /tmp/pointersim-fuzz-*; do
    [ -d "$d" ] && ! kill -0 "${d##*-}" 2>/dev/null && rm -rf "$d"
  done
  edges=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters.*/\1/p' "$log" | head -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  executed=$(sed -n "s/^stat::number_of_executed_units: *//p" "$log")
  cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p')
  pct=$(awk -v c="${cov:-0}" -v e="${edges:-0}" 'BEGIN { if (e > 0) printf "%.1f", 100 * c / e; else print "?" }')
  if [ $rc -ne 0 ]; then
    failed=1; result="FAILED (exit $rc)"
    grep -E 'ERROR:|SUMMARY|Fatal error|Precondition failed|Test unit written' "$log" | head -20 >&2 || true
    echo "fuzz.sh: $t found a failure; the input is in Fuzz/findings/$t/ (the log: $log)" >&2
  fi
  printf '%-20s %10s %8s %8s %9s %7s  %s\n' "$t" "${executed:-?}" "${cov:-?}/${edges:-?}" "$pct" "${ft:-?}" "${corp:-?}" "$result" >>"$summary"
done
if [ $ci = 1 ]; then what="$runs runs per target, seed 1"; else what="${secs}s per target"; fi
echo "== fuzzing summary ($what; coverage in edges of the instrumented code)" >&2
cat "$summary"
rm -f "$summary"
[ $failed -eq 0 ] && echo "fuzz: ${#targets[@]} passed, 0 failed" || echo "fuzz: some targets failed"
exit $failed
