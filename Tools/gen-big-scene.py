#!/usr/bin/env python3
"""Writes the large scene files of docs/Benchmarks.md ("Scene files at a
million items") and a short drag to replay over them.

Usage: Tools/gen-big-scene.py DIR [N=1000000]

Writes into DIR:
  items.scene.json    N explicit items {"id", "rect"}, 40 x 30 on a grid of
                      80 columns (pitch 50 x 40), one per line
  regions.scene.json  the same rects as N plain regions
  path.scene.json     one region whose style's shape is a path of N points
  styled.scene.json   the same rects as N regions, each with
                      "style": {"effect": "highlight"}
  latching.scene.json the same rects as N regions, each latching horizontally
                      with a lift style and two arrow accessories
  drag.trace          a press, 49 motions down and right, a release

Measure (release build) with, for S in the scenes:
  /usr/bin/time -f "%e s %M KB" .build/release/pointersim replay DIR/drag.trace --scene DIR/S > /dev/null
and python3's json.load of the same file in the same run:
  /usr/bin/time -f "%e s %M KB" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' DIR/S
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
    for name, extra in (("styled.scene.json", ', "style": {"effect": "highlight"}'),
                        ("latching.scene.json", ', "latchingAxes": "horizontal", "style": {"effect": "lift", '
                         '"accessories": [{"shape": "arrow", "position": "left"}, {"shape": "arrow", "position": "right"}]}')):
        with open(os.path.join(out, name), "w") as f:
            f.write('{ "format": "pointersim-scene/1",\n  "regions": [\n')
            for i in range(n):
                f.write('    {"id": "r%d", "rect": [%d, %d, 40, 30]%s}%s\n'
                        % (i, 50 * (i % 80), 40 * (i // 80), extra, "," if i < n - 1 else ""))
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
