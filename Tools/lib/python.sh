# Sourced by the scripts that need Python packages from PyPI (Tools/test.sh:
# pytest and junitparser; the Qt and Dear ImGui harnesses: pyside6-essentials,
# imgui-bundle). They go into a virtual environment of the repository,
# .build/venv, never into the system's site-packages: Debian 12's own
# /usr/bin/python3 refuses `pip install` outside one
# ("externally-managed-environment"). POSIX sh (dash and bash).
#
#   . Tools/lib/python.sh                   # (from the repository's root, or with POINTERSIM_ROOT set)
#   py=$(venv_python) || exit 1             # .build/venv/bin/python3, made on first use
#   venv_install "$py" pytest junitparser   # pip install into it, quietly
#
# The environment is made from the python3 on PATH (POINTERSIM_PYTHON=PATH
# names another) with --system-site-packages, so what Debian installs
# (python3-gi for the GTK harnesses) stays importable. Making it needs the
# venv module with ensurepip: Debian's python3-venv (Tools/setup.sh installs
# it). Remove .build/venv to start over.

venv_dir() { echo "${POINTERSIM_ROOT:-$(pwd)}/.build/venv"; }

# venv_python: makes the environment if it is not there yet (saying so on
# stderr) and prints its python3; returns 1 with a message saying what to
# install when it cannot be made.
venv_python() {
    _vd=$(venv_dir)
    if [ -x "$_vd/bin/python3" ] && "$_vd/bin/python3" -c 'import sys' >/dev/null 2>&1; then
        echo "$_vd/bin/python3"; return 0
    fi
    _base=${POINTERSIM_PYTHON:-python3}
    if ! command -v "$_base" >/dev/null 2>&1; then
        echo "error: no $_base on PATH (the Python test dependencies need Python 3)" >&2; return 1
    fi
    echo "making the Python environment $_vd (from $(command -v "$_base"), with the system's packages visible)" >&2
    rm -rf "$_vd"
    mkdir -p "$(dirname "$_vd")"
    if ! "$_base" -m venv --system-site-packages "$_vd" >&2; then
        rm -rf "$_vd"
        echo "error: '$_base -m venv' failed; on Debian/Ubuntu install its venv module: sudo apt-get install -y python3-venv (Tools/setup.sh does)" >&2
        return 1
    fi
    echo "$_vd/bin/python3"
}

# venv_install PYTHON PACKAGE...: pip install into the environment.
venv_install() {
    _py=$1; shift
    echo "installing into $(dirname "$(dirname "$_py")"): $*" >&2
    "$_py" -m pip install --quiet "$@" >&2
}
