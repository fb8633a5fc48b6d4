#!/usr/bin/env python3
"""Writes the render --profiles workload of docs/Viewer.md ("Profiles side by
side"): a grid scene whose view shows every item, and three bands that grow
over the whole grid, so each profile's selection changes by thousands of items
at every step.

Usage: Tools/gen-render-profiles-scale.py DIR [COLUMNS=400] [ROWS=250]

Writes into DIR:
  grid.scene.json  a uikit scene: COLUMNS x ROWS items 40 x 30, pitch 50 x 40,
                   the view as large as the grid (400 x 250: 10^5 items)
  bands.trace      three bands from the top-left corner, 500 moves each to the
                   bottom-right one (3,015 log lines with every pointer line)

Measure (release build):
  /usr/bin/time -f "%U s user, %M KB" .build-release/release/pointersim render DIR/bands.trace \\
      --scene DIR/grid.scene.json --profiles uikit,qt-itemview,qt-graphicsview,gtk,gtk3,imgui --output DIR/page.html
"""
import os
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    cols = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    rows = int(sys.argv[3]) if len(sys.argv) > 3 else 250
    w, h = cols * 50, rows * 40
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "grid.scene.json"), "w") as f:
        f.write('{ "format": "pointersim-scene/1", "band": { "profile": "uikit" },\n'
                '  "view": { "width": %d, "height": %d, "scale": 1 },\n'
                '  "items": { "grid": { "rows": %d, "columns": %d, "size": [40, 30], "pitch": [50, 40] } } }\n' % (w, h, rows, cols))
    lines, t = ["pointersim-trace 1"], 0
    def ev(s):
        nonlocal t
        lines.append("%d.%03d %s" % (t // 1000, t % 1000, s))
        t += 10
    for b in range(3):
        ev("move %d 5" % (5 + b))
        ev("press primary")
        for k in range(1, 501):
            ev("move %d %d" % (5 + k * (w - 10) // 500, 5 + k * (h - 10) // 500))
        ev("release primary")
        t += 200
    with open(os.path.join(out, "bands.trace"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
