#!/usr/bin/env bash
# The main job: builds pointersim, replays a bundled recording and prints the
# interaction log (JSON Lines). Any arguments replace the default replay
# arguments, e.g. Tools/demo.sh Traces/band/autoscroll.trace --scene Traces/band/autoscroll.scene.json
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/setup.sh
swift build --product pointersim >&2
bin=$(swift build --show-bin-path)/pointersim
if [ $# -eq 0 ]; then
  set -- Traces/band/uikit-add-shift.trace --scene Traces/band/uikit-add-shift.scene.json
  echo "# pointersim replay $*" >&2
fi
exec "$bin" replay "$@"
