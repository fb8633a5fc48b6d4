#!/usr/bin/env python3
"""Writes the selection workloads of docs/Benchmarks.md ("Selection
operations at two million items"): a grid scene of 1414 x 1414 items
(1,999,396, the most a scene may hold) and four key traces over it.

Usage: Tools/gen-selection-scale.py DIR [KEYS=10000] [CYCLES=100]

Writes into DIR:
  grid.scene.json   a uikit scene: items {"grid": 1414 x 1414, 40 x 30, pitch 50 x 40}
  arrows.trace      KEYS arrow keys (right, then down, then left, ... : a walk
                    that moves focus every time, never off the grid)
  shift.trace       a click on r0c0, then KEYS Shift+arrows (down and right
                    alternately: the range from r0c0 grows by a row or a column)
  space.trace       Command-A (select all), a click on an item, then KEYS
                    Space presses (the focused item toggles in and out of a
                    selection of two million)
  selectall.trace   CYCLES times Command-A then Escape

Measure (release build), for T in the four traces:
  /usr/bin/time -f "%e s %M KB" .build/release/pointersim replay DIR/T --scene DIR/grid.scene.json | tail -c 300
"""
import os
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    keys = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    cycles = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "grid.scene.json"), "w") as f:
        f.write('{ "format": "pointersim-scene/1", "band": { "profile": "uikit" },\n'
                '  "items": { "grid": { "rows": 1414, "columns": 1414, "size": [40, 30], "pitch": [50, 40] } } }\n')

    def trace(name, lines):
        with open(os.path.join(out, name), "w") as f:
            f.write("pointersim-trace 1\n")
            t = 0
            for ev in lines:
                f.write("%d.%03d %s\n" % (t // 1000, t % 1000, ev))
                t += 10

    click = ["move 20 15", "press primary", "release primary"]
    # A walk: 30 right, 1 down, 30 left, 1 down, ...
    walk = []
    direction = "right"
    while len(walk) < keys:
        walk += ["key " + direction] * 30 + ["key down"]
        direction = "left" if direction == "right" else "right"
    trace("arrows.trace", click + walk[:keys])
    trace("shift.trace", click + ["modifiers shift"] + ["key down" if k % 2 == 0 else "key right" for k in range(keys)])
    trace("space.trace", ["modifiers command", "key a", "modifiers"] + ["move 520 415", "press primary", "release primary"]
          + ["key space"] * keys)
    trace("selectall.trace", ["modifiers command", "key a", "modifiers", "key escape"] * cycles)


if __name__ == "__main__":
    main()
