#!/usr/bin/env bash
# The main job: builds pointersim, replays a bundled recording and prints the
# interaction log (JSON Lines, stdout), after telling it in words (one line per
# moment, stderr). Any arguments replace the default replay arguments, e.g.
#   Tools/run-demo.sh Traces/band/autoscroll.trace --scene Traces/band/autoscroll.scene.json
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/setup.sh
. Tools/lib/build.sh
bin=$(build_pointersim)
if [ $# -eq 0 ]; then
  set -- Traces/band/uikit-add-shift.trace --scene Traces/band/uikit-add-shift.scene.json
  echo "# A UIKit band with Shift held (add mode) over a grid of 6 × 8 items where r0c0 and r2c2" >&2
  echo "# are already selected: the band sweeps over five more items and back, so at the" >&2
  echo "# release only the two it started with stay selected." >&2
fi
echo "# What happens (pointersim replay $* --narrate):" >&2
"$bin" replay "$@" --narrate >&2
echo "# The interaction log (pointersim replay $*):" >&2
"$bin" replay "$@"
html=${TMPDIR:-/tmp}/pointersim-demo.html
echo "# To watch it: pointersim render $* --output $html, then open $html in a browser" >&2
