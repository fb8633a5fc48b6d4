#!/usr/bin/env python3
"""Writes the hand-written rule sessions of the `qt-itemview` profile: one
QListView session per rule of Sources/PointerSimCore/Profiles/QtItemView/QtItemView.swift
(docs/Selection.md, "qt-itemview").

    Tools/toolkits/qt/gen-itemview-rules.py > Traces/toolkits/qt/itemview-rules.jsonl
    Tools/toolkits/qt/run.sh --corpus Traces/toolkits/qt/itemview-rules.jsonl --out Traces/toolkits/qt/itemview-rules.recorded.jsonl

The scene: a 420 x 300 QListView, a 4 x 3 grid of 100 x 60 items from (0, 0)
(r<row>c<col>), empty space right of x = 400 and below y = 180.
"""
import json

SCENE = {
    "format": "pointersim-scene/1",
    "view": {"width": 420, "height": 300, "scale": 1},
    "band": {"profile": "qt-itemview"},
    "items": {"grid": {"rows": 3, "columns": 4, "origin": [0, 0], "size": [100, 60], "pitch": [100, 60]}},
}

# Item centres and an empty point.
def c(r, col):
    return (col * 100 + 50, r * 60 + 30)


EMPTY = (410, 250)


class T:
    def __init__(self):
        self.t, self.lines = 0.0, []

    def add(self, dt, text):
        self.t += dt
        self.lines.append(f"{self.t:.3f} {text}")
        return self

    def mods(self, *m):
        return self.add(0.02, "modifiers" + "".join(" " + x for x in m))

    def move(self, p, dt=0.04):
        return self.add(dt, f"move {p[0]} {p[1]}")

    def click(self, p, *m, gap=0.6):
        self.move(p, gap)
        if m:
            self.mods(*m)
        self.add(0.04, "press primary").add(0.05, "release primary")
        if m:
            self.mods()
        return self

    def drag(self, a, points, *m, gap=0.6):
        self.move(a, gap)
        if m:
            self.mods(*m)
        self.add(0.04, "press primary")
        for p in points:
            if isinstance(p, list):  # a modifier change mid-drag
                self.mods(*p)
            else:
                self.move(p)
        self.add(0.05, "release primary")
        if m:
            self.mods()
        return self

    def key(self, k, *m):
        if m:
            self.mods(*m)
        self.add(0.06, "key " + k)
        if m:
            self.mods()
        return self

    def trace(self):
        return "pointersim-trace 1\n" + "\n".join(self.lines) + "\n"


def sessions():
    s = {}
    s["press-unselected"] = T().click(c(0, 1)).click(c(1, 2))
    s["press-selected-waits-for-release"] = T().click(c(0, 0)).click(c(0, 1), "control").click(c(0, 0))
    s["empty-release-clears"] = T().click(c(0, 0)).click(c(0, 1), "control").click(EMPTY)
    s["empty-release-keeps-with-modifiers"] = T().click(c(0, 0)).click(EMPTY, "shift").click(EMPTY, "control").click(EMPTY, "option")
    s["control-toggles-at-press"] = T().click(c(0, 0)).click(c(1, 1), "control").click(c(0, 0), "control").click(c(1, 1), "control")
    s["shift-range-keeps-committed"] = T().click(c(2, 3)).click(c(0, 0), "control").click(c(0, 2), "shift").click(c(0, 1), "shift").click(c(1, 2), "shift")
    s["control-shift-is-shift"] = T().click(c(0, 1)).click(c(1, 2), "control", "shift").click(c(0, 3), "control", "shift")
    s["anchorless-shift-ranges-from-current"] = T().click(c(0, 0)).click(EMPTY).click(c(0, 2), "shift").click(c(1, 0), "shift")
    s["anchor-stays-through-shift-clicks"] = T().click(c(0, 0)).click(c(0, 2), "shift").click(c(1, 0), "shift").click(c(0, 1), "shift")
    s["first-shift-ranges-from-first-item"] = T().click(c(1, 1), "shift").click(c(0, 2), "shift")
    s["drag-from-item-replaces-anchor-stays"] = (T().drag(c(0, 1), [(c(0, 1)[0] + 5, 30), c(0, 2), c(1, 2), c(0, 2)])
                                                  .click(c(1, 1), "shift"))
    s["drag-from-empty-replaces"] = T().click(c(2, 3)).drag(EMPTY, [(390, 170), (150, 100), (390, 200), (405, 190)])
    s["drag-control-from-unselected-selects"] = T().click(c(0, 0)).drag(c(1, 1), [c(1, 2), c(2, 3), c(1, 1), c(0, 0)], "control")
    s["drag-control-from-selected-deselects"] = T().key("a", "control").drag(c(1, 1), [c(1, 2), c(2, 3), c(1, 2)], "control")
    s["drag-control-from-empty-toggles"] = T().click(c(2, 2)).drag(EMPTY, [(250, 150), (150, 100), (250, 170)], "control")
    s["drag-shift-adds-from-last-press-point"] = T().click(c(0, 0)).click(c(2, 3), "control").drag(c(2, 0), [(150, 150), c(1, 1), (120, 10)], "shift")
    s["drag-modifiers-read-at-every-move"] = (T().click(c(2, 3), "control")
                                               .drag(c(0, 0), [c(0, 2), ["control"], c(1, 2), c(1, 3), ["shift"], c(2, 1), [], c(2, 2)]))
    s["drag-up-left-band"] = T().drag(c(2, 3), [(349, 149), (349, 150), (348, 149), (120, 40), (351, 151)])
    s["drag-one-pixel-back-selects-nothing"] = T().click(c(2, 3)).drag(c(0, 1), [(149, 29), (148, 28)])
    s["move-to-same-point-is-no-drag"] = T().click(c(1, 1)).move((250, 100)).mods("control").add(0.04, "press primary").move((250, 100)).add(0.05, "release primary").mods()
    s["first-press-shift-band-from-origin"] = T().drag(c(1, 1), [(160, 100), (40, 30)], "shift")
    s["ctrl-drag-anchor"] = T().drag(c(0, 1), [c(0, 2)], "control").click(c(1, 1), "shift")
    s["shift-ctrl-drag-keeps-anchor"] = T().click(c(1, 2)).drag(c(2, 0), [c(2, 1), c(1, 0), (250, 250)], "shift", "control").click(c(1, 3), "shift", "control")
    s["ctrl-drag-over-empty-keeps-anchor"] = T().drag(c(0, 3), [c(0, 2), ["control"], (130, 200)]).click(c(2, 2), "shift")
    s["ctrl-press-anchor-is-pressed-item"] = T().click(c(0, 0)).click(c(1, 1), "control").click(c(2, 0), "shift")
    s["drag-right-of-rows-and-below"] = T().click(c(0, 0)).drag((405, 10), [(415, 150), (395, 150), (405, 250)]).drag((50, 200), [(350, 250), (350, 170)])
    s["double-click-activates"] = T().click(c(1, 1)).move(c(1, 1), 0.1).add(0.1, "press primary").add(0.05, "release primary")
    s["double-click-ctrl-activates-no-toggle"] = (T().click(c(1, 1), "control").mods("control").add(0.1, "press primary")
                                                   .add(0.05, "release primary").mods())
    s["double-click-other-item-is-press"] = T().click(c(1, 1)).move((c(1, 1)[0] - 52, c(1, 1)[1]), 0.05).add(0.05, "press primary").add(0.05, "release primary")
    s["double-click-empty-is-press"] = T().click(c(0, 0)).click(EMPTY).add(0.1, "press primary").add(0.05, "release primary")
    s["double-click-interval-399"] = T().click(c(1, 1)).add(0.309, "press primary").add(0.05, "release primary")
    s["double-click-interval-400"] = T().click(c(1, 1)).add(0.31, "press primary").add(0.05, "release primary")
    s["double-click-distance-5"] = T().click(c(1, 1)).move((c(1, 1)[0] + 5, c(1, 1)[1] - 5), 0.05).add(0.05, "press primary").add(0.05, "release primary")
    s["double-click-distance-6"] = T().click(c(1, 1)).move((c(1, 1)[0] + 6, c(1, 1)[1]), 0.05).add(0.05, "press primary").add(0.05, "release primary")
    s["double-click-motion-out-and-back"] = T().click(c(1, 1)).move((c(1, 1)[0] + 10, c(1, 1)[1]), 0.03).move(c(1, 1), 0.03).add(0.03, "press primary").add(0.05, "release primary")
    s["triple-press-third-is-new"] = (T().click(c(1, 1)).add(0.1, "press primary").add(0.05, "release primary")
                                       .add(0.1, "press primary").add(0.05, "release primary"))
    s["drag-after-double-click-selects"] = T().click(c(1, 1)).add(0.1, "press primary").move(c(1, 3)).move(c(2, 3)).add(0.05, "release primary")
    s["keys-arrows-select"] = T().key("right").key("right").key("down").key("left").key("up").key("up")
    s["keys-arrow-at-edge"] = T().key("left").key("up").click(c(2, 3)).key("right").key("down")
    s["keys-shift-arrows-range"] = T().click(c(0, 1)).key("right", "shift").key("down", "shift").key("left", "shift").key("up", "shift").key("up", "shift")
    s["keys-control-arrows-move-current-and-anchor"] = T().click(c(0, 1)).key("right", "control").key("down", "control").key("right", "shift")
    s["keys-space"] = T().click(c(0, 1)).key("right", "control").key("space").key("space").key("space", "control").key("space", "control").key("space", "shift")
    s["keys-return-activates"] = T().key("return").click(c(1, 2)).key("return", "shift")
    s["keys-select-all"] = T().key("a", "control").key("right", "shift").key("a", "control", "shift").key("a").key("escape")
    s["keys-during-drag"] = T().move(c(0, 1), 0.6).add(0.04, "press primary").move(c(0, 2)).key("down").key("right", "shift").move(c(1, 3)).add(0.05, "release primary")
    s["shift-range-after-keys"] = T().click(c(0, 0)).key("right").key("right").click(c(1, 1), "shift")
    return s


def main():
    for name, t in sessions().items():
        print(json.dumps({"name": "itemview-" + name, "widget": "listview", "scene": SCENE, "trace": t.trace()},
                         separators=(",", ":")))


if __name__ == "__main__":
    main()
