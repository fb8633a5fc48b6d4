#!/bin/sh
# Run the real-Dear-ImGui harness: Tools/toolkits/imgui/run.sh --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate]
# (or --conform, as a child of `pointersim conform --exec`).
# Needs imgui-bundle (Dear ImGui 1.93.0); installs imgui-bundle==1.93.0 with pip into .build/venv if missing.
# No display, GPU or window: the harness runs ImGui's frame loop headless.
# Interrupted or terminated (a timeout), it ends the harness (Tools/lib/children.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../lib/children.sh"
# The repository's Python environment (.build/venv, Tools/lib/python.sh):
# pip never installs into the system's site-packages. PYTHON=PATH runs another.
if [ -n "${PYTHON:-}" ]; then
    py=$PYTHON
    if ! command -v "$py" >/dev/null 2>&1; then
        echo "run.sh: no $py on PATH" >&2; exit 2
    fi
else
    POINTERSIM_ROOT=$(cd "$here/../../.." && pwd)
    . "$here/../../lib/python.sh"
    py=$(venv_python) || exit 2
fi
if ! "$py" -c 'from imgui_bundle import imgui' >/dev/null 2>&1; then
    echo "run.sh: imgui-bundle is missing for $py; installing imgui-bundle==1.93.0 with pip ..." >&2
    if ! venv_install "$py" imgui-bundle==1.93.0 ||
       ! "$py" -c 'from imgui_bundle import imgui' >/dev/null 2>&1; then
        echo "run.sh: could not install imgui-bundle (pip install imgui-bundle==1.93.0 failed or gave no imgui); nothing was run" >&2
        exit 2
    fi
fi
run_child "$py" "$here/harness.py" "$@"
