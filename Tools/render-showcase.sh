#!/usr/bin/env bash
# The second demo, the iPad showcase (docs/Regions.md, "Regions that follow
# the selection"): a band selects an image, its edge and corner handles appear
# with their arrows, the right handle (latched horizontally) resizes the image
# while the pointer rubber-bands vertically, and at the release the arrows
# animate away. Tells it in words (one line per moment, on stderr), then
# prints the interaction log (stdout).
#   Tools/render-showcase.sh               the story, then the log (regions, resizes, band)
#   Tools/render-showcase.sh --frames      the log with the presented pointer sampled at 60 Hz
#   Tools/render-showcase.sh --html FILE   the viewer (an HTML page) instead: open FILE in a browser
# FILE is relative to the folder it is run from.
set -euo pipefail
. "$(dirname "$0")/lib/paths.sh"
cd "$(dirname "$0")/.."
Tools/setup.sh
. Tools/lib/build.sh
bin=$(build_pointersim)
trace=Traces/showcase/showcase.trace
scene=Traces/showcase/showcase-animated.scene.json
usage() { echo "usage: Tools/render-showcase.sh [--frames | --html FILE]" >&2; exit 64; }
case "${1:-}" in
  --html)
    [ $# -eq 2 ] || usage
    out=$(from_caller "$2")
    echo "# pointersim render $trace --scene $scene --output $out" >&2
    "$bin" render "$trace" --scene "$scene" --output "$out"
    echo "# open $(for_caller "$out") in a browser: space plays, ← → step through the log lines, the wheel zooms" >&2 ;;
  --frames)
    [ $# -eq 1 ] || usage
    echo "# pointersim replay $trace --scene $scene --verbose --frames 60" >&2
    exec "$bin" replay "$trace" --scene "$scene" --verbose --frames 60 ;;
  "")
    echo "# What happens (pointersim replay $trace --scene $scene --narrate):" >&2
    "$bin" replay "$trace" --scene "$scene" --narrate >&2
    echo "# The interaction log (pointersim replay $trace --scene $scene):" >&2
    "$bin" replay "$trace" --scene "$scene"
    echo "# To watch it: Tools/render-showcase.sh --html showcase.html, then open showcase.html in a browser" >&2 ;;
  *) usage ;;
esac
