#!/usr/bin/env python3
"""Writes the hand-written GTK 3 rule sessions, one or more per rule of the `gtk3` profile
(docs/BandSelection.md, "GTK 3"):

    python3 Tools/toolkits/gtk3/rules-source.py > Traces/toolkits/gtk3/rules.jsonl

Scene: GtkIconView's layout of 10 items of 100 x 60, 4 to a row, margin 20, in a 460 x 300 view
(i0 is [20, 120) x [20, 80), i4 the first of the second row, i8 and i9 the short third row; empty
space around the items, right of i3/i7 and below the rows). One session a line, the protocol of
Traces/toolkits/README.md. Deterministic.
"""
import json

SCENE = {
    "format": "pointersim-scene/1",
    "view": {"width": 460, "height": 300, "scale": 1},
    "band": {"profile": "gtk3"},
    "items": [{"id": "i%d" % k, "rect": [20 + (k % 4) * 100, 20 + (k // 4) * 60, 100, 60]} for k in range(10)],
}


class T:
    def __init__(self):
        self.t = 0.0
        self.lines = []
        self.mods = ""

    def at(self, dt, text):
        self.t += dt
        self.lines.append("%.3f %s" % (self.t, text))
        return self

    def mod(self, m, dt=0.02):
        if m != self.mods:
            self.mods = m
            self.at(dt, ("modifiers " + m).strip())
        return self

    def click(self, x, y, m="", gap=0.9):
        self.at(gap, "move %d %d" % (x, y)).mod(m).at(0.04, "press primary").at(0.05, "release primary")
        return self.mod("")

    def drag(self, path, m="", gap=0.9, mid=None, escape_after=None):
        x, y = path[0]
        self.at(gap, "move %d %d" % (x, y)).mod(m).at(0.04, "press primary")
        for k, (x, y) in enumerate(path[1:]):
            self.at(0.04, "move %d %d" % (x, y))
            if mid and k in mid:
                self.mod(mid[k])
            if escape_after is not None and k == escape_after:
                self.at(0.03, "key escape")
        self.at(0.05, "release primary")
        return self.mod("")

    def presses(self, pts, gaps, m=""):
        x, y = pts[0]
        self.at(0.9, "move %d %d" % (x, y)).mod(m).at(0.04, "press primary").at(0.05, "release primary")
        for (x, y), g in zip(pts[1:], gaps):
            self.at(g / 2, "move %d %d" % (x, y)).at(g / 2 - 0.05, "press primary").at(0.05, "release primary")
        return self.mod("")

    def key(self, k, dt=0.1):
        return self.at(dt, "key " + k)

    def text(self):
        return "pointersim-trace 1\n" + "".join(l + "\n" for l in ["0.000 move 230 290"] + self.lines)


S = {}
# clicks with every modifier
S["click-plain"] = T().click(70, 50).click(270, 110)
S["click-ctrl-toggles"] = T().click(70, 50).click(170, 50, "control").click(270, 110, "control").click(170, 50, "control")
S["click-shift-grid-rectangle"] = T().click(170, 50).click(370, 110, "shift")
S["click-shift-rectangle-backwards"] = T().click(370, 50).click(70, 170, "shift")
S["click-shift-anchor-stays"] = T().click(170, 50).click(370, 110, "shift").click(70, 170, "shift")
S["click-shift-no-anchor-clears"] = T().drag([(440, 10), (160, 100)]).click(270, 110, "shift").click(70, 50, "shift")
S["click-ctrlshift-is-range"] = T().click(70, 50).click(370, 50, "control").click(270, 110, "control shift")
S["click-alt-is-plain"] = T().click(70, 50).click(170, 50, "option")
S["click-super-is-plain"] = T().click(70, 50).click(170, 50, "command")
S["click-super-ctrl-toggles"] = T().click(70, 50).click(170, 50, "control command")
S["click-ctrl-after-toggle-anchor"] = T().click(70, 50).click(270, 110, "control").click(370, 50, "shift")
# empty space
S["empty-click-clears"] = T().click(70, 50).click(270, 110, "control").click(440, 250)
S["empty-click-ctrl-keeps"] = T().click(70, 50).click(440, 250, "control")
S["empty-click-shift-clears"] = T().click(70, 50).click(440, 250, "shift")
S["empty-click-alt-clears"] = T().click(70, 50).click(10, 10, "option")
# bands from empty space
S["band-plain-live-replace"] = T().click(270, 170).drag([(440, 250), (400, 190), (200, 100), (150, 60)])
S["band-ctrl-toggles"] = T().click(70, 50).click(170, 110, "control").drag([(10, 10), (60, 40), (190, 120)], "control")
S["band-shift-replaces"] = T().click(70, 50).drag([(440, 10), (300, 70)], "shift")
S["band-ctrlshift-toggles"] = T().click(370, 50).drag([(440, 10), (300, 70)], "control shift")
S["band-alt-super"] = T().click(70, 50).drag([(440, 10), (300, 70)], "option command")
S["band-mods-mid-drag-plain"] = T().click(70, 50).drag([(440, 10), (350, 40), (300, 100)], "", mid={0: "control"})
S["band-mods-mid-drag-ctrl"] = T().click(70, 50).drag([(10, 10), (60, 40), (150, 100)], "control", mid={0: ""})
S["band-shrinks-back"] = T().drag([(10, 250), (300, 100), (100, 190), (10, 250)])
S["band-through-press"] = T().drag([(220, 250), (320, 100), (120, 100)])
S["band-below-items"] = T().click(70, 50).drag([(230, 210), (450, 290)])
# drags from items
S["drag-from-item"] = T().click(370, 170).drag([(70, 50), (80, 60), (300, 120)])
S["drag-from-item-ctrl"] = T().click(370, 50).drag([(70, 50), (300, 120)], "control")
S["drag-from-selected-item"] = T().click(70, 50).click(170, 50, "control").drag([(70, 50), (300, 120)])
# zero-width spans and exact edges
S["band-zero-width"] = T().drag([(440, 10), (440, 200)]).drag([(170, 250), (170, 10)])
S["band-one-pixel-wide"] = T().drag([(170, 250), (171, 10)])
S["band-zero-height"] = T().drag([(10, 50), (450, 50)])
S["band-ends-on-left-edge"] = T().drag([(10, 250), (120, 130)])
S["band-ends-one-past-left-edge"] = T().drag([(10, 250), (121, 130)])
S["band-ends-on-top-edge"] = T().drag([(440, 290), (300, 140)])
S["band-ends-one-past-top-edge"] = T().drag([(440, 290), (300, 139)])
S["band-from-right-edge-line"] = T().drag([(420, 290), (420, 10)]).drag([(420, 290), (419, 10)])
S["band-from-bottom-edge"] = T().drag([(440, 200), (230, 199)]).drag([(440, 200), (230, 200)])
# presses on max edges (first item in order, its closed rect)
S["press-max-edge-unselected"] = T().click(70, 110).click(120, 50)
S["press-max-edge-selected"] = T().click(70, 50).click(120, 50, "control")
S["press-max-edge-band"] = T().click(270, 110).drag([(220, 80), (160, 40)])
S["press-max-edge-selected-no-band"] = T().click(270, 50).drag([(220, 80), (160, 40)])
S["press-right-edge-of-row"] = T().click(370, 50).click(420, 50).click(370, 50, "control").click(420, 50)
S["press-bottom-edge"] = T().click(170, 200).click(170, 170).click(170, 200, "control")
S["press-min-edge"] = T().click(20, 20).click(120, 80, "control")
# double clicks
S["double-plain"] = T().presses([(70, 50), (70, 50)], [0.2])
S["double-ctrl-toggles-twice"] = T().presses([(70, 50), (71, 51)], [0.2], "control")
S["double-shift"] = T().click(370, 50).presses([(70, 50), (70, 50)], [0.2], "shift")
S["double-distance-5"] = T().presses([(70, 50), (75, 45)], [0.2])
S["double-distance-6"] = T().presses([(70, 50), (76, 50)], [0.2])
S["double-time-380"] = T().presses([(70, 50), (70, 50)], [0.38])
S["double-time-450"] = T().presses([(70, 50), (70, 50)], [0.45])
S["double-across-items"] = T().presses([(117, 50), (122, 50)], [0.2])
S["double-from-empty"] = T().presses([(10, 50), (14, 50)], [0.2]).presses([(440, 50), (418, 50)], [0.2]).presses([(424, 50), (419, 50)], [0.2])
S["double-second-on-empty"] = T().presses([(22, 50), (17, 50)], [0.2])
S["triple"] = T().presses([(70, 50), (70, 50), (70, 50)], [0.15, 0.15])
S["five-presses"] = T().presses([(70, 50)] * 5, [0.15] * 4)
S["triple-too-late"] = T().presses([(70, 50), (70, 50), (70, 50)], [0.38, 0.38]).presses([(170, 50)] * 3, [0.39, 0.45])
S["triple-far-from-first"] = T().presses([(70, 50), (74, 50), (78, 50)], [0.15, 0.15])
S["double-then-band"] = T().at(0.9, "move 440 250").at(0.04, "press primary").at(0.05, "release primary").at(0.15, "press primary") \
    .at(0.04, "move 300 100").at(0.05, "release primary")
# Escape
S["escape-ends-band"] = T().drag([(440, 250), (300, 100), (100, 30)], escape_after=1)
S["escape-ends-band-ctrl"] = T().click(70, 50).drag([(10, 10), (150, 60), (400, 150)], "control", escape_after=0)
S["escape-then-new-band"] = T().drag([(440, 250), (300, 100), (100, 30)], escape_after=0).drag([(440, 10), (350, 70)])
S["escape-without-band"] = T().click(70, 50).key("escape")
S["escape-holding-item"] = T().click(370, 50).at(0.9, "move 70 50").at(0.04, "press primary").at(0.05, "move 200 100") \
    .key("escape", 0.03).at(0.05, "move 300 120").at(0.05, "release primary")

for name, t in S.items():
    print(json.dumps({"name": "gtk3-rule-" + name, "widget": "iconview", "scene": SCENE, "trace": t.text()},
                     separators=(",", ":")))
