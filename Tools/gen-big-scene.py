#!/usr/bin/env python3
"""Writes the large scene files of docs/Benchmarks.md ("Scene files at a
million items") and a short drag to replay over them.

Usage: Tools/gen-big-scene.py DIR [N=1000000]

Writes into DIR:
  items.scene.json    N explicit items {"id", "rect"}, 40 x 30 on a grid of
                      80 columns (pitch 50 x 40), one per line
  regions.scene.json  the same rects as N plain regions
  path.scene.json     one region whose style's shape is a path of N points
  drag.trace          a press, 49 motions down and right, a release

Measure (release build) with, for S in the three scenes:
  /usr/bin/time -f "%e s %M KB" .build/release/pointersim replay DIR/drag.trace --scene DIR/S > /dev/null
"""
import math
import os
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    os.makedirs(out, exist_ok=True)
    for key, name, prefix in (("items", "items.scene.json", "i"), ("regions", "regions.scene.json", "r")):
        with open(os.path.join(out, name), "w") as f:
            f.write('{ "format": "pointersim-scene/1",\n  "%s": [\n' % key)
            for i in range(n):
                f.write('    {"id": "%s%d", "rect": [%d, %d, 40, 30]}%s\n'
                        % (prefix, i, 50 * (i % 80), 40 * (i // 80), "," if i < n - 1 else ""))
            f.write("  ] }\n")
    with open(os.path.join(out, "path.scene.json"), "w") as f:
        f.write('{ "format": "pointersim-scene/1",\n  "regions": [ { "id": "shape", "rect": [0, 0, 400, 300],\n'
                '    "style": { "effect": "none", "shape": { "path": [\n')
        for i in range(n):
            a = 2 * math.pi * i / n
            f.write("      [%.3f, %.3f]%s\n" % (20 * math.cos(a), 20 * math.sin(a), "," if i < n - 1 else ""))
        f.write("    ] } } } ] }\n")
    with open(os.path.join(out, "drag.trace"), "w") as f:
        f.write("pointersim-trace 1\n0.000 move 10 10\n0.020 press primary\n")
        t = 0.04
        for k in range(1, 50):
            f.write("%.3f move %d %d\n" % (t, 10 + 20 * k, 10 + 30 * k))
            t += 0.016
        f.write("%.3f release primary\n" % t)


if __name__ == "__main__":
    main()
