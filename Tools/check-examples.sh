#!/bin/sh
# Runs the two deliberately wrong implementations of Examples/ against
# PointerSim and checks that each is caught with a counterexample of at most
# one item and two steps, written as files that replay to the divergence:
#   - Examples/ConformPython/band_round_even.py (halves rounded to even), through
#     `pointersim conform --exec`;
#   - Examples/WrongToggle (toggle from the current selection), a client package
#     of PointerSimTesting whose own property test must fail.
# Usage: Tools/check-examples.sh   (from anywhere; exit 0 when both are caught)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "check-examples: $*" >&2; exit 1; }

. Tools/lib/build.sh
bin=$(build_pointersim 2>/dev/null) || bin=$(build_pointersim)

# A counterexample's size and its replay: at most one item, at most two steps,
# `pointersim replay` prints exactly its expected log.
check_files() {  # DIR NAME
    for ext in scene.json trace expected.jsonl; do [ -f "$1/$2.$ext" ] || fail "$1/$2.$ext was not written"; done
    python3 - "$1/$2" <<'PY' || fail "$1/$2: the counterexample is too large"
import json, sys
base = sys.argv[1]
items = len(json.load(open(base + ".scene.json"))["items"])
steps = [l for l in open(base + ".trace").read().split("\n")[1:] if l.split("#", 1)[0].strip()]
print(f"check-examples: {base}: {items} item(s), {len(steps)} step(s)")
sys.exit(0 if items <= 1 and len(steps) <= 2 else 1)
PY
    "$bin" replay --scene "$1/$2.scene.json" "$1/$2.trace" | cmp -s - "$1/$2.expected.jsonl" \
        || fail "$1/$2: pointersim replay does not print $2.expected.jsonl"
}

# 1. Python, through pointersim conform --exec.
py="python3 Examples/ConformPython/band_round_even.py"
set +e
"$bin" conform --exec "$py" --kind band --profile uikit --sessions 100 --seed 1 --out "$out" --name round-even > "$out/python.txt"
rc=$?
set -e
cat "$out/python.txt"
[ "$rc" -eq 1 ] || fail "conform exited $rc for the Python implementation (expected 1: a divergence)"
check_files "$out" round-even
set +e
"$bin" conform --exec "$py" --session "$out/round-even" > "$out/python-replay.txt"
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q "diverges at step" "$out/python-replay.txt" || fail "the Python counterexample does not replay to the divergence"
echo "check-examples: Python: caught; the files replay to the divergence"

# 2. Swift, the client package's own property test (it must fail).
set +e
(cd Examples/WrongToggle && POINTERSIM_COUNTEREXAMPLES="$out/swift" swift test 2>&1) > "$out/swift.txt"
rc=$?
set -e
grep -A4 "diverges from PointerSim" "$out/swift.txt" || true
[ "$rc" -ne 0 ] || fail "Examples/WrongToggle's test passed: the wrong toggle was not caught"
grep -q "the counterexample files replay to the divergence" "$out/swift.txt" || { cat "$out/swift.txt"; fail "the Swift counterexample does not replay to the divergence"; }
check_files "$out/swift" counterexample
echo "check-examples: Swift: caught; the files replay to the divergence"
