#!/usr/bin/env bash
# The main job: builds pointersim, replays a bundled recording and prints the
# interaction log (JSON Lines, stdout), after telling it in words (one line per
# moment, stderr). Any arguments replace the default replay arguments, e.g.
#   Tools/run-demo.sh Traces/band/autoscroll.trace --scene Traces/band/autoscroll.scene.json
#   Tools/run-demo.sh mine.trace --profile gtk
# Paths are relative to the folder it is run from (the replay runs there).
set -euo pipefail
. "$(dirname "$0")/lib/paths.sh"
cd "$(dirname "$0")/.."
root=$(pwd)
Tools/setup.sh
. Tools/lib/build.sh
bin=$(build_pointersim)
cd "$caller_dir"
if [ $# -eq 0 ]; then
  set -- "$(for_caller "$root/Traces/band/uikit-add-shift.trace")" --scene "$(for_caller "$root/Traces/band/uikit-add-shift.scene.json")"
  echo "# A UIKit band with Shift held (add mode) over a grid of 6 × 8 items where r0c0 and r2c2" >&2
  echo "# are already selected: the band sweeps over five more items and back, so at the" >&2
  echo "# release only the two it started with stay selected." >&2
fi
echo "# What happens (pointersim replay $* --narrate):" >&2
"$bin" replay "$@" --narrate >&2
echo "# The interaction log (pointersim replay $*):" >&2
"$bin" replay "$@"
html=${TMPDIR:-/tmp}/pointersim-demo.html
# The command as it can be typed here: `pointersim` when Tools/install.sh put
# it on PATH, else the binary just built.
if [ "$(command -v pointersim 2>/dev/null)" != "" ]; then cmd=pointersim; else cmd=$(for_caller "$bin"); fi
echo "# To watch it: $cmd render $* --output $html, then open $html in a browser" >&2
[ "$cmd" = pointersim ] || echo "# (Tools/install.sh puts pointersim on your PATH; or: swift run --package-path $(for_caller "$root") pointersim …)" >&2
