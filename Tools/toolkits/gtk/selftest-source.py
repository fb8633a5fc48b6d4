#!/usr/bin/python3
"""Writes selftest.jsonl: the hand-written GTK sessions (the traces are below).

Scene: a 400 x 300 view (scale 1) with a 2 x 4 grid of 100 x 100 cells from (0,0)
(r0c0 … r1c3); the strip y 200…300 below the last row is the view's empty space.
Setup lines select a known starting state by real clicks.
"""
import json
import os

SCENE = {"format": "pointersim-scene/1",
         "view": {"width": 400, "height": 300, "scale": 1},
         "band": {"profile": "gtk"},
         "items": {"grid": {"rows": 2, "columns": 4, "size": [100, 100]}}}

# setup: r0c3 selected alone (click), the anchor at r0c3
SEL_R0C3 = """
0.000 move 350 50
0.010 press primary
0.020 release primary
"""
# setup: r1c0 and r0c3 selected (click r1c0, control-click r0c3); the anchor at r0c3
SEL_R1C0_R0C3 = """
0.000 move 50 150
0.010 press primary
0.020 release primary
0.600 modifiers control
0.610 move 350 50
0.620 press primary
0.630 release primary
0.640 modifiers
"""


def band(mods_press, mods_release, start, end, setup=SEL_R1C0_R0C3):
    """A band from start to end; modifiers at the press and at the release."""
    lines = [setup.strip()]
    lines.append("1.300 modifiers " + " ".join(mods_press))
    lines.append("1.310 move %d %d" % start)
    lines.append("1.320 press primary")
    sx, sy = start
    ex, ey = end
    lines.append("1.340 move %d %d" % (sx + (ex - sx) // 2, sy + (ey - sy) // 2))
    lines.append("1.360 move %d %d" % end)
    lines.append("1.370 modifiers " + " ".join(mods_release))
    lines.append("1.380 release primary")
    lines.append("1.400 modifiers")
    return "\n".join(lines)


S = {}
EMPTY = (50, 250)      # below the last row
ITEM = (150, 150)      # on r1c1
for label, mods in (("plain", []), ("shift", ["shift"]), ("ctrl", ["control"]),
                    ("ctrlshift", ["shift", "control"]), ("super", ["command"]),
                    ("alt", ["option"])):
    S["gtk-st-band-%s-empty" % label] = band(mods, mods, EMPTY, (250, 150))
    S["gtk-st-band-%s-item" % label] = band(mods, mods, ITEM, (250, 50))
# the band over only unselected items (ctrl+shift: toggle would select them)
S["gtk-st-band-ctrlshift-unselected"] = band(["shift", "control"], ["shift", "control"], (150, 250), (250, 50))
# modifiers changed mid-drag: which flags choose the mode?
S["gtk-st-band-press-shift-release-plain"] = band(["shift"], [], EMPTY, (250, 150))
S["gtk-st-band-press-plain-release-shift"] = band([], ["shift"], EMPTY, (250, 150))
S["gtk-st-band-press-plain-release-ctrl"] = band([], ["control"], EMPTY, (250, 150))
S["gtk-st-band-press-ctrl-release-plain"] = band(["control"], [], EMPTY, (250, 150))
# the band's edges: a band that ends exactly on a cell boundary, and one pixel before it
S["gtk-st-band-edge-199"] = band([], [], (250, 250), (199, 150))
S["gtk-st-band-edge-200"] = band([], [], (250, 250), (200, 150))
S["gtk-st-band-edge-99"] = band([], [], (50, 250), (99, 199))
S["gtk-st-band-edge-100"] = band([], [], (50, 250), (100, 199))
S["gtk-st-band-edge-up-100"] = band([], [], (250, 150), (100, 120))
S["gtk-st-band-edge-up-101"] = band([], [], (250, 150), (101, 120))
S["gtk-st-band-edge-left-100-from-empty"] = band([], [], (250, 250), (100, 150))
S["gtk-st-band-edge-left-200-from-item"] = band([], [], (350, 150), (200, 120))
S["gtk-st-band-edge-left-300-from-item"] = band([], [], (350, 150), (300, 120))
S["gtk-st-band-edge-down-200-from-item"] = band([], [], (50, 150), (150, 200))
# a Shift band from an item far from the anchor: does the press click first?
S["gtk-st-band-shift-item-far"] = band(["shift"], ["shift"], (350, 150), (250, 150))


def thresh(dx, dy, start=(150, 150)):
    sx, sy = start
    return "\n".join([SEL_R0C3.strip(),
                      "0.600 move %d %d" % start, "0.610 press primary",
                      "0.630 move %d %d" % (sx + dx, sy + dy), "0.650 release primary"])


for dx, dy in ((8, 0), (9, 0), (0, 8), (0, 9), (-8, 0), (-9, 0), (8, 8), (6, 6), (4, 0), (5, 0)):
    S["gtk-st-thresh-item-%+d%+d" % (dx, dy)] = thresh(dx, dy)
for dx, dy in ((8, 0), (9, 0), (0, -8), (0, -9)):
    S["gtk-st-thresh-empty-%+d%+d" % (dx, dy)] = thresh(dx, dy, start=(150, 250))
# back under the threshold before the release: is the band still there?
S["gtk-st-thresh-out-and-back"] = "\n".join([SEL_R0C3.strip(), "0.600 move 150 150", "0.610 press primary",
                                             "0.630 move 170 150", "0.650 move 152 150", "0.670 release primary"])


def click(mods, at=(150, 150), setup=SEL_R1C0_R0C3, release_mods=None):
    lines = [setup.strip(), "1.300 modifiers " + " ".join(mods), "1.310 move %d %d" % at,
             "1.320 press primary"]
    if release_mods is not None:
        lines.append("1.330 modifiers " + " ".join(release_mods))
    lines += ["1.340 release primary", "1.400 modifiers"]
    return "\n".join(lines)


for label, mods in (("plain", []), ("shift", ["shift"]), ("ctrl", ["control"]),
                    ("ctrlshift", ["shift", "control"]), ("super", ["command"]),
                    ("alt", ["option"]), ("ctrlalt", ["control", "option"]),
                    ("supershift", ["shift", "command"]), ("ctrlsuper", ["control", "command"])):
    S["gtk-st-click-%s-unselected" % label] = click(mods)
    S["gtk-st-click-%s-selected" % label] = click(mods, at=(50, 150))
    S["gtk-st-click-%s-empty" % label] = click(mods, at=(150, 250))
# modifiers at the press or at the release of a click?
S["gtk-st-click-press-ctrl-release-plain"] = click(["control"], release_mods=[])
S["gtk-st-click-press-plain-release-ctrl"] = click([], release_mods=["control"])
S["gtk-st-click-press-plain-release-shift"] = click([], release_mods=["shift"])
# Shift-click ranges: the anchor stays
S["gtk-st-range"] = """
0.000 move 150 50
0.010 press primary
0.020 release primary
0.600 modifiers shift
0.610 move 250 150
0.620 press primary
0.630 release primary
1.300 move 50 50
1.310 press primary
1.320 release primary
1.400 modifiers
""".strip()
S["gtk-st-range-no-anchor"] = """
0.000 modifiers shift
0.010 move 250 150
0.020 press primary
0.030 release primary
0.600 move 50 50
0.610 press primary
0.620 release primary
0.700 modifiers
""".strip()
# Ctrl+Shift-click: the anchor selected / not selected / no anchor
S["gtk-st-ctrlshift-anchor-selected"] = """
0.000 move 50 150
0.010 press primary
0.020 release primary
0.600 modifiers control
0.610 move 150 50
0.620 press primary
0.630 release primary
1.300 modifiers shift control
1.310 move 350 50
1.320 press primary
1.330 release primary
1.400 modifiers
""".strip()
S["gtk-st-ctrlshift-anchor-unselected"] = """
0.000 move 50 150
0.010 press primary
0.020 release primary
0.600 modifiers control
0.610 move 150 50
0.620 press primary
0.630 release primary
1.300 modifiers shift control
1.310 move 350 150
1.320 press primary
1.330 release primary
1.400 modifiers
""".strip()
S["gtk-st-ctrlshift-no-anchor"] = """
0.000 modifiers shift control
0.010 move 250 50
0.020 press primary
0.030 release primary
0.600 move 50 150
0.610 press primary
0.620 release primary
0.700 modifiers
""".strip()


def clicks(points, times, mods=()):
    lines = []
    if mods:
        lines.append("0.000 modifiers " + " ".join(mods))
    for (x, y), t in zip(points, times):
        lines += ["%.3f move %d %d" % (t, x, y), "%.3f press primary" % (t + 0.001),
                  "%.3f release primary" % (t + 0.02)]
    if mods:
        lines.append("%.3f modifiers" % (times[-1] + 0.1))
    return "\n".join(lines)


P = (150, 150)
S["gtk-st-double-in-time"] = clicks([P, P], [0.0, 0.3])
S["gtk-st-double-out-of-time"] = clicks([P, P], [0.0, 0.45])
S["gtk-st-double-near-time"] = clicks([P, P], [0.0, 0.37])
S["gtk-st-double-distance-4"] = clicks([P, (154, 150)], [0.0, 0.2])
S["gtk-st-double-distance-5"] = clicks([P, (155, 150)], [0.0, 0.2])
S["gtk-st-double-distance-diag-4"] = clicks([P, (154, 154)], [0.0, 0.2])
S["gtk-st-double-across-items"] = clicks([(198, 150), (202, 150)], [0.0, 0.2])
S["gtk-st-triple"] = clicks([P, P, P], [0.0, 0.2, 0.4])
S["gtk-st-quadruple"] = clicks([P, P, P, P], [0.0, 0.2, 0.4, 0.6])
S["gtk-st-double-ctrl"] = clicks([P, P], [0.05, 0.3], mods=["control"])
S["gtk-st-double-shift"] = clicks([P, P], [0.05, 0.3], mods=["shift"])
S["gtk-st-double-empty"] = clicks([(150, 250), (150, 250)], [0.0, 0.2])
# the second press within time of the first press but the first release held long
S["gtk-st-double-long-hold"] = """
0.000 move 150 150
0.010 press primary
0.390 release primary
0.450 press primary
0.460 release primary
""".strip()
S["gtk-st-double-press-gap-390"] = clicks([P, P], [0.0, 0.39])
S["gtk-st-double-press-gap-410"] = clicks([P, P], [0.0, 0.41])
# the second press of a double click becomes a band
S["gtk-st-double-then-drag"] = """
0.000 move 150 150
0.010 press primary
0.020 release primary
0.200 press primary
0.220 move 200 170
0.240 move 250 170
0.260 release primary
""".strip()
# other buttons
S["gtk-st-secondary-click-item"] = SEL_R0C3.strip() + """
0.600 move 150 150
0.610 press secondary
0.620 release secondary
""".rstrip()
S["gtk-st-secondary-drag"] = SEL_R0C3.strip() + """
0.600 move 150 250
0.610 press secondary
0.630 move 200 150
0.650 move 250 150
0.670 release secondary
""".rstrip()
S["gtk-st-middle-click-item"] = SEL_R0C3.strip() + """
0.600 move 150 150
0.610 press middle
0.620 release middle
""".rstrip()
# Super (command) held
S["gtk-st-super-a"] = SEL_R0C3.strip() + "\n0.600 modifiers command\n0.610 key a\n0.700 modifiers"
S["gtk-st-super-click-double"] = clicks([P, P], [0.05, 0.3], mods=["command"])
# Escape during a band
S["gtk-st-escape-band"] = SEL_R0C3.strip() + """
0.600 move 50 250
0.610 press primary
0.630 move 150 150
0.650 move 250 150
0.700 key escape
0.720 move 260 160
0.740 release primary
1.000 key escape
""".rstrip()
S["gtk-st-escape-before-threshold"] = SEL_R0C3.strip() + """
0.600 move 150 150
0.610 press primary
0.620 key escape
0.640 move 250 150
0.660 release primary
""".rstrip()
# keys
S["gtk-st-keys-fresh"] = """
0.000 move 200 280
0.100 key right
0.200 key down
0.300 key space
""".strip()
S["gtk-st-keys-arrows"] = SEL_R0C3.strip() + """
0.600 key left
0.700 key down
0.800 modifiers shift
0.810 key left
0.820 key left
0.900 modifiers control
0.910 key up
0.920 key space
0.930 key space
1.000 modifiers shift control
1.010 key right
1.100 modifiers
1.110 key return
""".rstrip()
S["gtk-st-keys-space"] = SEL_R1C0_R0C3.strip() + """
1.300 key space
1.400 key space
1.500 modifiers shift
1.510 key space
1.600 modifiers control
1.610 key space
1.700 modifiers
""".rstrip()
S["gtk-st-keys-ctrl-a"] = SEL_R0C3.strip() + """
0.600 modifiers control
0.610 key a
0.700 modifiers shift control
0.710 key a
0.800 modifiers control
0.810 key a
0.900 modifiers
0.910 key a
""".rstrip()
S["gtk-st-keys-ctrl-arrows"] = SEL_R0C3.strip() + """
0.600 modifiers control
0.610 key left
0.620 key left
0.700 modifiers shift
0.710 key down
0.800 modifiers
""".rstrip()
S["gtk-st-keys-space-fresh"] = "0.000 move 200 280\n0.100 key space"
S["gtk-st-keys-return-fresh"] = "0.000 move 200 280\n0.100 key return"
S["gtk-st-keys-shift-arrow-fresh"] = "0.000 move 200 280\n0.100 modifiers shift\n0.110 key right\n0.120 key down\n0.200 modifiers"
S["gtk-st-keys-return"] = SEL_R0C3.strip() + "\n0.600 key return\n0.700 key tab\n0.800 key left"

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "selftest.jsonl"), "w") as f:
    for name, trace in S.items():
        f.write(json.dumps({"name": name, "scene": SCENE,
                            "trace": "pointersim-trace 1\n" + trace.strip() + "\n"},
                           separators=(",", ":")) + "\n")
print(len(S), "sessions")

# edges.jsonl: a sweep of band ends around the cell edges (plain bands, nothing selected
# before), to pin down which cells a band whose end is near an edge hits.
E = {}


def sweep_band(start, end):
    sx, sy = start
    ex, ey = end
    return "\n".join(["0.000 move %d %d" % start, "0.010 press primary",
                      "0.030 move %d %d" % (sx + (ex - sx) // 2, sy + (ey - sy) // 2),
                      "0.050 move %d %d" % end, "0.070 release primary"])


for sx, sy, kind in ((250, 150, "item"), (250, 250, "empty")):
    for edge in (100, 200):
        for ex in range(edge - 2, edge + 3):
            E["gtk-edge-left-from-%s-%d-%d-to-%d" % (kind, sx, sy, ex)] = sweep_band((sx, sy), (ex, 120))
for sx, sy, kind in ((50, 150, "item"), (50, 250, "empty")):
    for edge in (100, 200, 300):
        for ex in range(edge - 2, edge + 3):
            E["gtk-edge-right-from-%s-%d-%d-to-%d" % (kind, sx, sy, ex)] = sweep_band((sx, sy), (ex, 170))
for ey in range(98, 103):
    E["gtk-edge-up-from-item-150-150-to-%d" % ey] = sweep_band((150, 150), (160, ey))
    E["gtk-edge-down-from-item-150-50-to-%d" % ey] = sweep_band((150, 50), (160, ey))
for ey in range(198, 203):
    E["gtk-edge-down-from-item-150-150-to-%d" % ey] = sweep_band((150, 150), (160, ey))
    E["gtk-edge-up-from-empty-150-250-to-%d" % ey] = sweep_band((150, 250), (160, ey))
with open(os.path.join(here, "edges.jsonl"), "w") as f:
    for name, trace in E.items():
        f.write(json.dumps({"name": name, "scene": SCENE,
                            "trace": "pointersim-trace 1\n" + trace.strip() + "\n"},
                           separators=(",", ":")) + "\n")
print(len(E), "edge sessions")
