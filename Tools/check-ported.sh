#!/usr/bin/env bash
# Lists every libinput function ported in Sources/PointerSimInput by its C
# name and fails when one is ported twice.
#
# Convention: the doc comment of each port starts with a marker line
#     /// libinput: evdev_post_scroll
# naming the one C function it ports (see docs/Decoding.md, "Ported
# functions"). A wrapper that only glues a shared port to a dispatch names
# the C function in prose instead (for example "`evdev_post_scroll`
# (``EvdevScroll/post(dx:dy:)``) posted as ..."), so each C name has exactly
# one marker. PointerSimRepositoryTests.PortedFunctionTests runs the same check
# under `swift test`.
#
# Usage: Tools/check-ported.sh [--list]   (exit 1 on a duplicate)
set -euo pipefail
cd "$(dirname "$0")/.."
list=$(grep -rnE '^[[:space:]]*/// libinput: [a-z_][a-z0-9_]*[[:space:]]*$' Sources/PointerSimInput --include='*.swift' |
  sed -E 's|^([^:]+):([0-9]+):[[:space:]]*/// libinput: ([a-z0-9_]+).*$|\3 \1:\2|' | sort)
[ "${1:-}" = "--list" ] && echo "$list"
dups=$(echo "$list" | awk '{print $1}' | uniq -d)
echo "$(echo "$list" | grep -c .) ported libinput functions" >&2
if [ -n "$dups" ]; then
  echo "ported more than once:" >&2
  for d in $dups; do echo "$list" | awk -v d="$d" '$1 == d { print "  " $0 }' >&2; done
  exit 1
fi
