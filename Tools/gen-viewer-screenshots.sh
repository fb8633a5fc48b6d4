#!/usr/bin/env bash
# The screenshots of docs/Viewer.md, regenerated: the showcase while the photo
# grows (t = 0.95) and after the release (t = 1.25), and the three-toolkit
# page at the control-click (t = 2.85) under each profile, at 1400 × 900 in
# headless Chromium, after the checks they illustrate (Tools/test-browser.sh
# --fits-only), and the band-over-regions picture at the top of the page
# (t = 0.6).
#   Tools/gen-viewer-screenshots.sh [DIR]   (default: docs/images)
# DIR is relative to the folder it is run from.
set -euo pipefail
. "$(dirname "$0")/lib/paths.sh"
cd "$(dirname "$0")/.."
POINTERSIM_REQUIRE_BROWSER_TEST=1 exec Tools/test-browser.sh --fits-only --shots "$(from_caller "${1:-$(pwd)/docs/images}")"
