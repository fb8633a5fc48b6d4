#!/usr/bin/env python3
"""Writes the hand-written rule sessions of the `imgui` profile (one or more per rule of
docs/Selection.md's Dear ImGui section), one session a line:

    python3 Tools/toolkits/imgui/rules-source.py > Traces/toolkits/imgui/rules.jsonl

Scenes: the grid (3 x 4 items of 100 x 60 at (40, 40), pitch 120 x 100: gaps to press in) and the
tight row (touching and 1-pixel items, two overlapping items i and j)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gen = __import__("gen-corpus")

GRID, TIGHT = gen.IMGUI_GRID, gen.IMGUI_TIGHT
SESSIONS = []


def session(name, scene, *gestures):
    """gestures: lists of (dt, line) pairs, or strings 'dt line'."""
    t, lines = 0.0, []
    for g in gestures:
        for step in g:
            dt, text = step.split(" ", 1)
            t += float(dt)
            lines.append("%.3f %s" % (t, text))
    SESSIONS.append({"name": "imgui-rule-" + name, "widget": "multiselect", "scene": scene,
                     "trace": "pointersim-trace 1\n" + "\n".join(lines) + "\n"})


def click(x, y, mods=(), dt=0.5):
    out = ["%s move %d %d" % (dt, x, y)]
    if mods:
        out.append("0.02 modifiers " + " ".join(mods))
    out += ["0.04 press primary", "0.05 release primary"]
    if mods:
        out.append("0.02 modifiers")
    return out


def drag(points, mods=(), mid=None, escape_at=None):
    """Press at points[0], move through the rest, release; `mid`: (index, mods) changed after that move."""
    x, y = points[0]
    out = ["0.5 move %d %d" % (x, y)]
    if mods:
        out.append("0.02 modifiers " + " ".join(mods))
    out.append("0.04 press primary")
    for k, (px, py) in enumerate(points[1:]):
        out.append("0.04 move %d %d" % (px, py))
        if mid and mid[0] == k:
            out.append("0.02 modifiers " + " ".join(mid[1]))
        if escape_at == k:
            out.append("0.02 key escape")
    out.append("0.05 release primary")
    if mods or mid:
        out.append("0.02 modifiers")
    return out


def key(k, mods=()):
    out = []
    if mods:
        out.append("0.05 modifiers " + " ".join(mods))
    out.append("0.05 key " + k)
    if mods:
        out.append("0.02 modifiers")
    return out


# r0c0 [40,40,100,60]  r0c1 [160,40]  r0c2 [280,40]  r0c3 [400,40]
# r1c0 [40,140]        r1c1 [160,140] ...            r2c* at y 240
# Void clicks
session("void-click-clears", GRID, click(70, 60), click(20, 20))
for m in (["shift"], ["control"], ["option"], ["command"]):
    session("void-click-%s-keeps" % m[0], GRID, click(70, 60), click(20, 20, m))
session("void-press-release-over-item-keeps", GRID, click(70, 60), drag([(150, 60), (155, 60), (161, 60)]))
session("void-press-drag-5-keeps", GRID, click(70, 60), drag([(150, 120), (145, 120), (150, 120)]))
session("void-double-click-clears", GRID, click(70, 60), click(20, 20), click(21, 20, dt=0.1))
# Boxes from empty space
session("box-void-plain-replaces", GRID, click(310, 160), drag([(20, 20), (170, 50), (171, 51), (30, 30)]))
session("box-void-plain-live", GRID, click(310, 160), drag([(150, 120), (250, 250), (150, 20), (260, 130)]))
session("box-void-control-adds", GRID, click(190, 160), drag([(20, 20), (170, 50)], ["control"]))
session("box-void-control-leaving-deselects", GRID, click(190, 160), drag([(150, 120), (200, 160), (150, 130)], ["control"]))
session("box-void-shift-adds", GRID, click(190, 160), drag([(20, 20), (170, 50)], ["shift"]))
session("box-void-shift-leaving-deselects", GRID, click(190, 160), drag([(150, 120), (200, 160), (152, 125)], ["shift"]))
session("box-void-option-replaces", GRID, click(190, 160), drag([(20, 20), (170, 50)], ["option"]))
session("box-void-command-replaces", GRID, click(190, 160), drag([(20, 20), (170, 50)], ["command"]))
session("box-void-mods-mid-drag", GRID, click(190, 160), drag([(20, 20), (60, 60), (170, 50)], mid=(0, ["control"])))
session("box-void-shift-empty-after-anchor", GRID, click(70, 60), key("escape"), drag([(150, 120), (300, 160)], ["shift"]))
session("box-void-then-shift-click", GRID, drag([(150, 120), (300, 160)]), click(450, 270, ["shift"]))
session("box-void-control-empty", GRID, drag([(150, 120), (300, 160)], ["control"]), click(450, 270, ["shift"]))
# Threshold (6, Euclidean, at least)
session("threshold-5-no-box", GRID, click(70, 60), drag([(150, 120), (155, 120)]))
session("threshold-6-box", GRID, click(70, 60), drag([(150, 120), (156, 120)]))
session("threshold-4-4-no-box", GRID, click(70, 60), drag([(150, 120), (154, 124)]))
session("threshold-5-4-box", GRID, click(70, 60), drag([(150, 120), (155, 124)]))
session("threshold-back-keeps-box", GRID, drag([(150, 120), (170, 150), (150, 121)]))
# Edges: touching is no hit, a zero-width box hits what it crosses
session("edge-touching-max", GRID, drag([(20, 20), (40, 40)]))
session("edge-one-past", GRID, drag([(20, 20), (41, 41)]))
session("edge-box-on-max-edge", GRID, drag([(150, 120), (140, 100)]))
session("edge-zero-width-box", GRID, drag([(100, 20), (100, 150)]))
session("edge-zero-height-box", GRID, drag([(20, 70), (300, 70)]))
session("edge-zero-width-on-edge", GRID, drag([(140, 20), (140, 150)]))
# Boxes from items
session("box-item-unselected", GRID, click(310, 160), drag([(70, 60), (170, 80)]))
session("box-item-unselected-back", GRID, drag([(70, 60), (170, 80), (75, 65)]))
session("box-item-control", GRID, click(310, 160), drag([(70, 60), (170, 80)], ["control"]))
session("box-item-shift", GRID, click(310, 160), drag([(70, 60), (170, 80)], ["shift"]))
session("box-item-min-edge-away", GRID, click(310, 160), drag([(40, 40), (20, 20)]))
session("box-item-min-edge-through", GRID, drag([(40, 40), (20, 20), (60, 60), (20, 20)]))
session("box-item-selected-no-box", GRID, click(70, 60), click(190, 60, ["control"]), drag([(70, 60), (310, 170)]))
session("box-item-selected-release-over", GRID, click(70, 60), click(190, 60, ["control"]), drag([(70, 60), (90, 80)]))
session("box-item-selected-away-back", GRID, click(70, 60), click(190, 60, ["control"]), drag([(70, 60), (300, 200), (72, 62)]))
# Clicks
session("click-plain", GRID, click(70, 60), click(190, 60))
session("click-control-toggles", GRID, click(70, 60), click(190, 60, ["control"]), click(70, 60, ["control"]))
session("click-control-selected-release-away", GRID, click(70, 60), drag([(70, 60), (300, 200)], ["control"]))
session("click-shift-range", GRID, click(190, 60), click(310, 170, ["shift"]))
session("click-shift-range-back", GRID, click(190, 60), click(310, 170, ["shift"]), click(70, 60, ["shift"]))
session("click-shift-no-anchor", GRID, click(310, 170, ["shift"]))
session("click-shift-selected", GRID, click(190, 60), click(310, 170, ["control"]), click(310, 170, ["shift"]))
session("click-control-shift-anchor-selected", GRID, click(190, 60), click(310, 170, ["control", "shift"]))
session("click-control-shift-anchor-unselected", GRID, click(190, 60), click(190, 60, ["control"]),
        click(430, 60, ["control"]), click(310, 170, ["control", "shift"]))
session("click-option-command-plain", GRID, click(70, 60), click(190, 60, ["option"]), click(310, 60, ["command"]))
session("click-selected-plain-keeps-others-until-release", GRID, click(70, 60), click(190, 60, ["control"]), click(70, 60))
session("click-edges", GRID, click(40, 40), click(139, 99, ["control"]), click(140, 60, ["control"]), click(70, 100, ["control"]))
session("click-overlap-first-item", TIGHT, click(345, 65), click(375, 95, ["control"]))
session("click-touching-items", TIGHT, click(79, 30), click(80, 30, ["control"]), click(140, 30, ["control"]))
# Double clicks (0.30 s, distance 6: both strict)
session("double-click-item", GRID, click(70, 60), click(71, 61, dt=0.1))
session("double-click-control", GRID, click(70, 60, ["control"]), click(70, 60, ["control"], dt=0.1))
session("double-click-then-drag-no-box", GRID, click(70, 60), drag([(70, 60), (200, 200)]))
session("double-click-late", GRID, click(70, 60), click(70, 60, dt=0.31))
session("double-click-far", GRID, click(70, 60), click(74, 64, dt=0.1), click(70, 60, dt=0.1))
session("triple-click-then-drag", GRID, click(70, 60), click(70, 60, dt=0.1), drag([(70, 60), (250, 200)]))
session("double-click-void-then-item", GRID, click(150, 120), click(152, 120, dt=0.1))
# Keys
session("escape-clears", GRID, click(70, 60), key("escape"))
session("escape-with-shift-keeps", GRID, click(70, 60), key("escape", ["shift"]))
session("escape-during-box", GRID, click(310, 160), drag([(150, 120), (200, 160), (250, 180)], escape_at=1))
session("escape-during-box-from-item", GRID, drag([(70, 60), (200, 160), (250, 180)], ["control"], escape_at=0))
session("escape-before-threshold", GRID, click(310, 160), drag([(150, 120), (152, 120), (250, 180)], escape_at=0))
session("control-a-selects-all", GRID, click(70, 60), key("a", ["control"]))
session("control-a-before-any-press", GRID, key("a", ["control"]), click(70, 60, ["control"]))
session("control-shift-a-nothing", GRID, click(70, 60), key("a", ["control", "shift"]))
session("arrows-space-return-nothing", GRID, click(70, 60), key("right"), key("down", ["shift"]), key("space"), key("return"))

for s in SESSIONS:
    print(json.dumps(s, separators=(",", ":")))
