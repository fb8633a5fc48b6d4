#!/bin/bash
# Run the GTK 4 harness in a private Xvfb.
#
#   Tools/toolkits/gtk/run.sh --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate] [--detail]
#
# Installs what it needs with apt-get when missing (python3-gi gir1.2-gtk-4.0 xvfb
# xdotool; xdotool brings libXtst, which the harness drives through ctypes), starts
# Xvfb on a free display, runs harness.py with the given arguments and stops only the
# Xvfb it started. Interrupted or terminated (a timeout), it ends the harness and Xvfb
# first (Tools/lib/children.sh). Exit status: the harness's, or 2 when the packages
# cannot be installed.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../../lib/children.sh"
python=/usr/bin/python3
gtk_version=4

. "$here/../lib/gtk-xvfb.sh"
