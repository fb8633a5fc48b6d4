#!/usr/bin/env bash
# Runs the Swift test suite under AddressSanitizer (with LeakSanitizer: leak
# detection stays on; Tools/sanitizers/lsan.supp names the two allocations of
# the toolchain's Foundation that outlive a test, nothing else) and under
# ThreadSanitizer. Each has its own build folder (.build-asan, .build-tsan).
# The command-line tests run the `pointersim` built with the same sanitizer.
# The ThreadSanitizer build of `pointersim` then runs the live-device test in
# the qemu VM (Tools/vm-test/run.sh --bin: several devices read at once,
# hot-plug, unplug and the SIGINT path), where any report on its standard
# error fails the test (skipped with POINTERSIM_SKIP_VM_TEST=1).
#
# Usage: Tools/sanitize.sh [address] [thread]     (default: both)
# Exit 0 when every run is clean; otherwise 1, with the sanitizer's report.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
kinds=("$@"); [ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
failed=0 passed=0
for k in "${kinds[@]}"; do
  case $k in
    address)
      scratch=.build-asan
      # XCTest's own runner leaks (its suite objects); the suites are Swift
      # Testing only, so XCTest is not run at all.
      extra=(--disable-xctest)
      export LSAN_OPTIONS="suppressions=$root/Tools/sanitizers/lsan.supp:print_suppressions=0"
      export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0"
      ;;
    thread)
      scratch=.build-tsan
      extra=()
      export TSAN_OPTIONS="halt_on_error=1"
      ;;
    *) echo "sanitize.sh: unknown sanitizer '$k' (expected address or thread)" >&2; exit 2 ;;
  esac
  echo "== swift test under the ${k} sanitizer ($scratch)" >&2
  log=$(mktemp)
  set +e
  swift test --sanitize "$k" "${extra[@]}" --scratch-path "$scratch" >"$log" 2>&1
  rc=$?
  set -e
  if [ $rc -eq 0 ] && ! grep -qE '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread|Leak)Sanitizer)' "$log"; then
    grep -E '^✔ Test run with' "$log" | tail -1 >&2 || true
    echo "${k} sanitizer: clean" >&2
    passed=$((passed + 1))
  else
    grep -vE '^◇ |^✔ ' "$log" | tail -80 >&2
    echo "sanitize.sh: the test suite under the ${k} sanitizer failed (exit $rc); full log: $log" >&2
    failed=$((failed + 1))
    continue
  fi
  rm -f "$log"
  if [ "$k" = thread ] && [ "${POINTERSIM_SKIP_VM_TEST:-0}" != 1 ]; then
    echo "== the live reader under ThreadSanitizer: the VM test with the .build-tsan pointersim" >&2
    bin=$(swift build --sanitize thread --scratch-path "$scratch" --show-bin-path)/pointersim
    swift build --sanitize thread --scratch-path "$scratch" --product pointersim >&2
    if Tools/vm-test/run.sh --bin "$bin"; then
      passed=$((passed + 1))
    else
      echo "sanitize.sh: the VM test with the ThreadSanitizer build failed" >&2
      failed=$((failed + 1))
    fi
  fi
done
echo "sanitizers: $passed passed, $failed failed"
[ $failed -eq 0 ]
