#!/bin/sh
# Run the real-Qt harness: Tools/toolkits/qt/run.sh --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate]
# Needs PySide6 (Qt 6 with QtWidgets and QtTest); installs pyside6-essentials with pip into .build/venv if missing.
# Interrupted or terminated (a timeout), it ends the harness and its workers (Tools/lib/children.sh).
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
if ! "$py" -c 'import PySide6.QtWidgets, PySide6.QtTest' >/dev/null 2>&1; then
    echo "run.sh: PySide6 is missing for $py; installing pyside6-essentials with pip ..." >&2
    if ! venv_install "$py" pyside6-essentials ||
       ! "$py" -c 'import PySide6.QtWidgets, PySide6.QtTest' >/dev/null 2>&1; then
        echo "run.sh: could not install pyside6-essentials (pip install pyside6-essentials failed or gave no QtWidgets/QtTest); nothing was run" >&2
        exit 2
    fi
fi
QT_QPA_PLATFORM=offscreen
export QT_QPA_PLATFORM
run_child "$py" "$here/harness.py" "$@"
