#!/usr/bin/env python3
"""Writes a `libinput record` file with N mice (default 10,000), each moving
a little at its own times: the hostile-input figure "10,000 devices in one
file" (docs/Limits.md). Usage: Tools/gen-many-devices.py [N] > many.yaml"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
out = sys.stdout
out.write("# libinput record\nversion: 1\nndevices: %d\nlibinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\n"
          "system:\n  os: \"pointersim\"\n  kernel: \"unknown\"\n  dmi: \"unknown\"\ndevices:\n" % n)
for d in range(n):
    out.write("- node: /dev/input/event%d\n  evdev:\n    name: \"Mouse %d\"\n    id: [3, 4660, 22136, 273]\n"
              "    codes:\n      0: [0, 1, 2]\n      1: [272, 273, 274]\n      2: [0, 1, 8]\n    properties: []\n"
              "  udev:\n    properties: []\n  events:\n" % (d, d))
    for k in range(3):
        usec = d * 37 + k * 1000
        out.write("  - evdev:\n    - [%3d, %6d,   2,   0,       1]\n    - [%3d, %6d,   0,   0,       0]\n"
                  % (usec // 1000000, usec % 1000000, usec // 1000000, usec % 1000000))
