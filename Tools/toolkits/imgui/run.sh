#!/bin/sh
# Run the real-Dear-ImGui harness: Tools/toolkits/imgui/run.sh --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate]
# (or --conform, as a child of `pointersim conform --exec`).
# Needs imgui-bundle (Dear ImGui 1.93.0) for the python3 on PATH; installs imgui-bundle==1.93.0 with pip if missing.
# No display, GPU or window: the harness runs ImGui's frame loop headless.
# Interrupted or terminated (a timeout), it ends the harness (Tools/lib/children.sh).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../lib/children.sh"
py=${PYTHON:-python3}
if ! command -v "$py" >/dev/null 2>&1; then
    echo "run.sh: no $py on PATH" >&2; exit 2
fi
if ! "$py" -c 'from imgui_bundle import imgui' >/dev/null 2>&1; then
    echo "run.sh: imgui-bundle is missing for $py; installing imgui-bundle==1.93.0 with pip ..." >&2
    if ! "$py" -m pip install --quiet imgui-bundle==1.93.0 >&2 ||
       ! "$py" -c 'from imgui_bundle import imgui' >/dev/null 2>&1; then
        echo "run.sh: could not install imgui-bundle (pip install imgui-bundle==1.93.0 failed or gave no imgui); nothing was run" >&2
        exit 2
    fi
fi
run_child "$py" "$here/harness.py" "$@"
