#!/usr/bin/env bash
# Builds the DocC documentation of every library (swift-docc-plugin) and
# fails if DocC prints a warning. Archives: .build/plugins/Swift-DocC/outputs/.
#   Tools/build-docs.sh [TARGET...]   (default: the libraries and the command)
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(PointerSimCore PointerSimInput PointerSimFormats PointerSimPipeline PointerSimLive PointerSimRender PointerSimWorkloads PointerSimTesting pointersim)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "${targets[@]}"; do
  echo "== documentation: $t" >&2
  swift package generate-documentation --target "$t" > "$log" 2>&1 || { cat "$log" >&2; exit 1; }
  if grep -qiE '(^|[^a-z])(warning|error):' "$log"; then
    cat "$log" >&2
    echo "documentation of $t: DocC warnings (above)" >&2
    exit 1
  fi
done
echo "documentation built without warnings: ${targets[*]}" >&2
