#!/usr/bin/env bash
# Installs what PointerSim needs on Debian/Ubuntu when it is missing:
# libevdev-dev, pkg-config, nodejs (the viewer script's tests) and python3-venv (the
# Python test dependencies go into .build/venv, Tools/lib/python.sh) (plus any extra Debian packages named as
# arguments). Uses apt-get as root, or sudo when it works without a prompt;
# otherwise says exactly what to run.
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libevdev; }; then need+=(libevdev-dev); fi
command -v node >/dev/null 2>&1 || need+=(nodejs)
# Debian's python3 makes a virtual environment only with python3-venv (ensurepip).
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then need+=(python3-venv); fi
for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done

if ! command -v swift >/dev/null 2>&1; then
  echo "error: the Swift toolchain (6.1 or newer) is not on PATH; install it from swift.org and retry." >&2
  exit 1
fi
[ ${#need[@]} -eq 0 ] && exit 0

echo "PointerSim: installing missing Debian packages: ${need[*]}" >&2
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: no apt-get here. Install these packages with your system's package manager: ${need[*]}" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  run=(sudo -n)
else
  echo "error: cannot install without root. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq >&2 || { echo "error: apt-get update failed; run it by hand and retry" >&2; exit 1; }
"${run[@]}" apt-get install -y -qq "${need[@]}" >&2 || {
  echo "error: could not install ${need[*]}; run: sudo apt-get install -y ${need[*]}" >&2; exit 1; }
