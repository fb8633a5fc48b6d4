#!/usr/bin/env bash
# Regenerates Traces/**/<name>.expected.jsonl from the current build.
# Review every diff by hand before committing: a golden file records what is
# right, not merely what the code does.
# Usage: Tools/update-golden.sh [Traces/group ...]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product pointersim >/dev/null
bin=$(swift build --show-bin-path)/pointersim
dirs=("$@"); [ ${#dirs[@]} -gt 0 ] || dirs=(Traces)
find "${dirs[@]}" -name '*.expected.jsonl' -o -name '*.trace' -o -name '*.inputs' | sed -E 's/\.(expected\.jsonl|trace|inputs)$//' | sort -u |
while read -r base; do
  dir=$(dirname "$base"); name=$(basename "$base")
  if [ -f "$base.inputs" ]; then mapfile -t inputs < <(grep -v '^\s*$' "$base.inputs" | sed "s|^|$dir/|")
  elif [ -f "$base.trace" ]; then inputs=("$base.trace")
  else continue; fi
  args=(); [ -f "$base.scene.json" ] && args+=(--scene "$base.scene.json")
  [ -f "$base.flags" ] && mapfile -t -O ${#args[@]} args < <(grep -v '^\s*$' "$base.flags")
  "$bin" replay "${inputs[@]}" "${args[@]}" > "$base.expected.jsonl"
  echo "$base.expected.jsonl: $(wc -l < "$base.expected.jsonl") lines"
done
