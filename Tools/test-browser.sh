#!/usr/bin/env bash
# The replay viewer tested in a real browser: headless Chromium (Debian's
# `chromium` package) loads `pointersim render` pages of Traces/ scenarios and
# checks what is on screen at given times against the log (Tools/browser-test/run.py).
# Installs chromium with apt-get when it is missing (as root or through sudo -n);
# when it cannot, it says so and skips (exit 0), unless
# POINTERSIM_REQUIRE_BROWSER_TEST=1. POINTERSIM_SKIP_BROWSER_TEST=1 skips it.
#
# usage: Tools/test-browser.sh [--bin PATH] [run.py options: --case DIR/NAME, --all,
#        --bench LINES, --screenshot FILE, --screenshot-case DIR/NAME@T, --verbose,
#        --fits-only (only the showcase and three-toolkit checks), --shots DIR
#        (docs/Viewer.md's screenshots; Tools/gen-viewer-screenshots.sh)]
# env: POINTERSIM_CHROMIUM (the browser binary; default: chromium on PATH)
# Paths (--bin, --screenshot, --shots) are relative to the folder it is run from.
set -euo pipefail
. "$(dirname "$0")/lib/paths.sh"
cd "$(dirname "$0")/.."
# Interrupted or terminated (a timeout), Chromium and the test driver are ended too.
. Tools/lib/children.sh
skip() {
	if [ "${POINTERSIM_REQUIRE_BROWSER_TEST:-0}" = 1 ]; then echo "[browser-test] error: $*" >&2; exit 1; fi
	echo "== browser test SKIPPED: $*" >&2
	exit 0
}
if [ "${POINTERSIM_SKIP_BROWSER_TEST:-0}" = 1 ]; then skip "POINTERSIM_SKIP_BROWSER_TEST=1"; fi
BIN=
ARGS=()
while [ $# -gt 0 ]; do
	case "$1" in
	--bin) BIN=$(from_caller "$2"); shift 2 ;;
	--screenshot|--shots) ARGS+=("$1" "$(from_caller "$2")"); shift 2 ;;
	*) ARGS+=("$1"); shift ;;
	esac
done
PY=$(command -v python3 || true)
[ -n "$PY" ] || skip "no python3 (install python3)"
POINTERSIM_CHROMIUM=${POINTERSIM_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$POINTERSIM_CHROMIUM" ]; then
	command -v apt-get >/dev/null 2>&1 || skip "no chromium and no apt-get to install it (set POINTERSIM_CHROMIUM=/path/to/chromium)"
	SUDO=()
	if [ "$(id -u)" != 0 ]; then
		sudo -n true 2>/dev/null || skip "chromium is not installed and installing needs root: sudo apt-get install --no-install-recommends chromium"
		SUDO=(sudo -n)
	fi
	echo "[browser-test] installing chromium (apt-get, once)" >&2
	log=$(mktemp)
	{ "${SUDO[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends chromium; } >"$log" 2>&1 \
		|| { tail -20 "$log" >&2; skip "apt-get install chromium failed (log above)"; }
	POINTERSIM_CHROMIUM=$(command -v chromium || true)
	[ -n "$POINTERSIM_CHROMIUM" ] || skip "chromium is missing after apt-get install"
fi
if [ -z "$BIN" ]; then
	. Tools/lib/build.sh
	BIN=$(build_pointersim)
fi
echo "== browser test: $("$POINTERSIM_CHROMIUM" --version 2>/dev/null || echo chromium), $BIN" >&2
run_child "$PY" Tools/browser-test/run.py --bin "$BIN" --chromium "$POINTERSIM_CHROMIUM" "${ARGS[@]}"
