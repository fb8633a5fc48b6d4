#!/usr/bin/env bash
# The second demo, the iPad showcase (docs/Regions.md, "Regions that follow
# the selection"): a band selects an image, its edge and corner handles appear
# with their arrows, the right handle (latched horizontally) resizes the image
# while the pointer rubber-bands vertically, and at the release the arrows
# animate away. Prints the interaction log.
#   Tools/showcase.sh               the log (regions, resizes, band)
#   Tools/showcase.sh --frames      with the presented pointer sampled at 60 Hz
#   Tools/showcase.sh --html FILE   the viewer (an HTML page) instead
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/setup.sh
swift build --product pointersim >&2
bin=$(swift build --show-bin-path)/pointersim
trace=Traces/showcase/showcase.trace
scene=Traces/showcase/showcase-animated.scene.json
case "${1:-}" in
  --html)
    [ $# -eq 2 ] || { echo "usage: Tools/showcase.sh [--frames | --html FILE]" >&2; exit 64; }
    exec "$bin" render "$trace" --scene "$scene" --output "$2" ;;
  --frames)
    echo "# pointersim replay $trace --scene $scene --verbose --frames 60" >&2
    exec "$bin" replay "$trace" --scene "$scene" --verbose --frames 60 ;;
  "")
    echo "# pointersim replay $trace --scene $scene" >&2
    exec "$bin" replay "$trace" --scene "$scene" ;;
  *) echo "usage: Tools/showcase.sh [--frames | --html FILE]" >&2; exit 64 ;;
esac
