#!/usr/bin/env bash
# Regenerates golden logs (<name>.expected.jsonl) from the current build.
# Review every diff by hand before committing: a golden file records what is
# right, not merely what the code does.
#
# Usage: Tools/update-golden.sh [FOLDER | NAME.trace | NAME.inputs ...]
#   FOLDER (default: Traces)   every golden log under it is written again
#   NAME.trace, NAME.inputs    that case's golden log is written, made anew
#                              when it has none yet
# A case is NAME.trace (or NAME.inputs: the recordings, one per line, beside
# it) with NAME.scene.json and NAME.flags (replay's options) when present.
# A replay that fails leaves that golden file as it was, says so, and makes
# the script exit 1 after the others are done.
# FOLDER and NAME are relative to the folder it is run from (inside the repository).
set -euo pipefail
. "$(dirname "$0")/lib/paths.sh"
cd "$(dirname "$0")/.."
root=$(pwd)
. Tools/lib/build.sh
bin=$(build_pointersim 2>/dev/null) || bin=$(build_pointersim)
[ $# -gt 0 ] || set -- "$root/Traces"
for a in "$@"; do
  a=$(realpath -m --relative-to="$root" "$(from_caller "$a")")
  case $a in
    *.trace|*.inputs) [ -f "$a" ] || { echo "update-golden: no such file: $a" >&2; exit 2; }; echo "${a%.*}" ;;
    *) [ -d "$a" ] || { echo "update-golden: not a folder, .trace or .inputs: $a" >&2; exit 2; }
       find "$a" -name '*.expected.jsonl' | sed -E 's/\.expected\.jsonl$//' ;;
  esac
done | sort -u | {
failed=0
while read -r base; do
  dir=$(dirname "$base")
  if [ -f "$base.inputs" ]; then mapfile -t inputs < <(grep -v '^\s*$' "$base.inputs" | sed "s|^|$dir/|")
  elif [ -f "$base.trace" ]; then inputs=("$base.trace")
  else echo "update-golden: $base.expected.jsonl: no $base.trace or $base.inputs" >&2; failed=1; continue; fi
  args=(); [ -f "$base.scene.json" ] && args+=(--scene "$base.scene.json")
  [ -f "$base.flags" ] && mapfile -t -O ${#args[@]} args < <(grep -v '^\s*$' "$base.flags")
  # written beside it first: a replay that fails leaves the golden file as it was
  if "$bin" replay "${inputs[@]}" "${args[@]}" > "$base.expected.jsonl.new"; then
    mv "$base.expected.jsonl.new" "$base.expected.jsonl"
    echo "$base.expected.jsonl: $(wc -l < "$base.expected.jsonl") lines"
  else
    rm -f "$base.expected.jsonl.new"
    echo "update-golden: $base: pointersim replay failed (above); its golden file is unchanged" >&2
    failed=1
  fi
done
exit $failed
}
