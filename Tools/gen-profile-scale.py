#!/usr/bin/env python3
"""Writes the per-profile scale workloads of docs/Benchmarks.md ("Every
profile at a million items", issue #44): grid scenes of ROWS x 1000 items
(40 x 30 at pitch 50 x 40) under each profile, and traces that touch the same
items whatever the size, so that the CPU time of one size against ten times
more shows how an operation grows with the items.

Usage: Tools/gen-profile-scale.py DIR [ROWS...]      (default ROWS: 100 1000; at least 16)

Writes into DIR:
  PROFILE-N.scene.json  for PROFILE in uikit gtk gtk3 imgui qt-graphicsview
                        qt-itemview and N = ROWS x 1000
  shift.trace     a click on r0c0, then 200 Shift-clicks alternating between
                  r10c12 and r12c9 (ranges of about 10,000 items)
  control.trace   a click on r0c0, then 3,000 Control-clicks over 300 items
  bands.trace     three bands of 300 moves from empty space (plain, Shift, Control)
  selectall.trace 100 cycles of Control-A (Command-A for uikit: selectall-uikit.trace)
                  and a click on r0c0 (every other item leaves the selection)
  keys.trace      a click on r0c0, 2,000 arrow keys walking, 1,000 Shift+arrows
  context.trace   select all (Control-A), then two context clicks on a selected
                  item (contextMenu lines over the whole selection)

Measure (release build), for S a scene and T a trace:
  /usr/bin/time -f "%U+%S s CPU %M KB" .build/release/pointersim replay DIR/T --scene DIR/S > /dev/null
  /usr/bin/time -f "%U+%S s CPU %M KB" .build/release/pointersim replay DIR/T --scene DIR/S --narrate > /dev/null
  /usr/bin/time -f "%U+%S s CPU %M KB" .build/release/pointersim compare DIR/T --scene DIR/S > /dev/null
"""
import os
import sys

PROFILES = ["uikit", "gtk", "gtk3", "imgui", "qt-graphicsview", "qt-itemview"]


def centre(r, c):
    return c * 50 + 20, r * 40 + 15


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    rows = [int(a) for a in sys.argv[2:]] or [100, 1000]
    os.makedirs(out, exist_ok=True)
    for p in PROFILES:
        for r in rows:
            with open(os.path.join(out, "%s-%d.scene.json" % (p, r * 1000)), "w") as f:
                f.write('{ "format": "pointersim-scene/1", "band": { "profile": "%s" },\n'
                        '  "items": { "grid": { "rows": %d, "columns": 1000, "size": [40, 30], "pitch": [50, 40] } } }\n'
                        % (p, r))

    def trace(name, lines):
        with open(os.path.join(out, name), "w") as f:
            f.write("pointersim-trace 1\n")
            t = 0
            for ev in lines:
                f.write("%d.%03d %s\n" % (t // 1000, t % 1000, ev))
                t += 10

    def click(r, c, mods="", button="primary"):
        x, y = centre(r, c)
        # 500 ms apart from the last click: never a double click
        return ["modifiers " + mods if mods else "modifiers", "move %d %d" % (x, y), "press " + button, "release " + button] + ["move %d %d" % (x, y)] * 46

    first = click(0, 0)
    trace("shift.trace", first + sum((click(10, 12, "shift") if k % 2 == 0 else click(12, 9, "shift") for k in range(200)), []))
    trace("control.trace", first + sum((click((k * 7) % 15, (k * 11) % 20, "control") for k in range(3000)), []))
    bands = []
    for mods in ["", "shift", "control"]:
        bands += ["modifiers " + mods if mods else "modifiers", "move 45 35", "press primary"]
        bands += ["move %d %d" % (45 + k * 2.5, 35 + k * 2) for k in range(1, 301)]
        bands += ["release primary"] + ["move 1000 700"] * 50
    trace("bands.trace", bands)
    for name, mod in [("selectall.trace", "control"), ("selectall-uikit.trace", "command")]:
        trace(name, sum((["modifiers " + mod, "key a", "modifiers"] + click(0, 0) for _ in range(100)), []))
    walk, direction = [], "right"
    while len(walk) < 2000:
        walk += ["key " + direction] * 20 + ["key down"]
        direction = "left" if direction == "right" else "right"
    trace("keys.trace", first + walk[:2000] + ["modifiers shift"] + ["key down" if k % 2 == 0 else "key right" for k in range(1000)])
    trace("context.trace", ["modifiers control", "key a", "modifiers"] + click(1, 1, "", "secondary") + click(2, 2, "", "secondary"))


if __name__ == "__main__":
    main()
