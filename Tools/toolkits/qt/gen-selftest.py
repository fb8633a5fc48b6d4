#!/usr/bin/env python3
"""Writes selftest.jsonl: the Qt harness's hand-written sessions, each for both widgets.

Scene: a 560 x 400 view at scale 1 (one point = one pixel), the widget's profile (qt-graphicsview, qt-itemview), a 3 x 4 grid of 100 x 60
items r<row>c<col> at (120*col, 100*row): gaps of 20 px between columns and 40 px between rows, empty
space right of x = 460 and below y = 260. QListView reproduces it exactly with gridSize 120 x 100.
Every trace line has its own time (10 ms apart unless a gap is the point), so log lines map to steps.
"""
import json, os

SCENE = {"format": "pointersim-scene/1", "view": {"width": 560, "height": 400, "scale": 1},
         "band": {"profile": "qt"},
         "items": {"grid": {"rows": 3, "columns": 4, "origin": [0, 0], "size": [100, 60], "pitch": [120, 100]}}}

class T:
    def __init__(self, comment):
        self.lines = ["pointersim-trace 1", "# " + comment]
        self.t = -0.01   # the first event at 0.000
    def at(self, gap=0.01):
        self.t = round(self.t + gap, 3)
        return "%.3f" % self.t
    def ev(self, text, gap=0.01):
        self.lines.append("%s %s" % (self.at(gap), text)); return self
    def move(self, x, y, gap=0.01): return self.ev("move %d %d" % (x, y), gap)
    def press(self, b="primary", gap=0.01): return self.ev("press " + b, gap)
    def release(self, b="primary", gap=0.01): return self.ev("release " + b, gap)
    def mods(self, *m, gap=0.01): return self.ev(("modifiers " + " ".join(m)).strip(), gap)
    def key(self, k, gap=0.01): return self.ev("key " + k, gap)
    def click(self, x, y, gap=0.01):
        return self.move(x, y, gap).press().release()
    def text(self):
        return "\n".join(self.lines) + "\n"

# items that touch (pitch = size): 4 columns of 100 x 60 in a 450 x 300 view (QListView: gridSize 100 x 60)
TOUCHING = {"format": "pointersim-scene/1", "view": {"width": 450, "height": 300, "scale": 1},
            "band": {"profile": "qt"},
            "items": {"grid": {"rows": 3, "columns": 4, "origin": [0, 0], "size": [100, 60], "pitch": [100, 60]}}}

S = []
def add(name, t, scene=None):
    S.append((name, t, scene or SCENE))

# --- bands from empty space ---------------------------------------------------------------------
t = T("band from empty space, no modifiers: r0c0 selected first; below, at and past the threshold")
t.click(50, 30).move(530, 380).press().move(525, 380).move(520, 380).move(300, 150).move(250, 130).release()
add("band-plain", t)
t = T("band from empty space with Control: r0c0 kept; the band grows over four items, then shrinks off them")
t.click(50, 30).mods("control").move(530, 380).press().move(300, 150).move(450, 280).release().mods()
add("band-ctrl", t)
t = T("band from empty space with Shift: r0c0 selected first")
t.click(50, 30).mods("shift").move(530, 380).press().move(300, 150).move(450, 280).release().mods()
add("band-shift", t)
t = T("bands from empty space with Meta (command), then with Alt (option): r0c0 selected first")
t.click(50, 30).mods("command").move(530, 380).press().move(300, 150).release()
t.click(50, 30).mods("option").move(530, 380).press(gap=0.6).move(300, 150).release().mods()
add("band-meta-alt", t)
t = T("Escape while banding, then the drag goes on")
t.click(50, 30).move(530, 380).press().move(300, 150).key("escape").move(250, 130).release()
add("escape-during-band", t)
t = T("Control band that shrinks and grows again: does an item the band left come back")
t.mods("control").move(530, 380).press().move(300, 150).move(450, 220).move(300, 150).release().mods()
add("band-ctrl-regrow", t)
t = T("Control pressed only after the band began, released again before the release (r0c0 selected first)")
t.click(50, 30).move(530, 380).press().move(450, 280).mods("control").move(300, 150).mods().move(290, 140).release()
add("band-ctrl-midway", t)
t = T("threshold: 9 px Manhattan (below), then 10 (at); the presses 600 ms apart (no double click)")
t.click(50, 30).move(530, 380).press().move(526, 375).release()
t.move(530, 380).press(gap=0.6).move(525, 375).release()
add("threshold", t)
t = T("threshold on one axis: 9 px, then 10 px horizontally; the presses 600 ms apart (no double click)")
t.move(530, 380).press().move(521, 380).release().move(530, 380).press(gap=0.6).move(520, 380).release()
add("threshold-axis", t)
t = T("reversal through the press: out past the threshold, back onto the press point, out the other side")
t.move(470, 280).press().move(300, 150).move(465, 276).move(470, 280).move(500, 300).move(540, 390).release()
add("reversal", t)
t = T("band rect in each direction: down-right, up-left, up-right, down-left of the press")
t.move(470, 270).press().move(480, 280).move(460, 260).move(480, 262).move(462, 278).release()
add("band-directions", t)
t = T("band inside the 20 px gap between two columns (touching no item's pixels)")
t.click(50, 30).move(105, 10).press().move(115, 50).move(104, 50).release()
add("band-in-gap", t)
t = T("band down-right onto an item's first pixel (240,100 of r1c2), then up-left onto r0c1's last pixel (219,59)")
t.move(230, 80).press().move(239, 99).move(240, 100).move(230, 80, gap=0.6).release()
t.move(230, 80, gap=0.6).press().move(220, 60).move(219, 59).release()
add("band-first-pixel", t)
t = T("band inside the 20 px gap between two columns, nothing selected before")
t.move(105, 10).press().move(115, 50).release()
add("band-in-gap-fresh", t)
t = T("band inside the 40 px gap between two rows")
t.move(10, 65).press().move(90, 90).release()
add("band-in-row-gap", t)
t = T("band edges: a band whose edge stops on an item's edge pixel or just before it")
t.move(530, 280).press().move(460, 265).move(459, 265).move(459, 260).move(459, 259).release()
add("band-edge", t)

# --- presses on items ---------------------------------------------------------------------------
t = T("press on an item then drag across others (graphicsview: the item keeps the press; listview: drag-selects)")
t.move(50, 30).press().move(55, 34).move(60, 40).move(300, 250).release()
add("item-drag", t)
t = T("plain click on a selected item while another is selected too")
t.click(50, 30).mods("control").click(170, 30).mods().click(50, 30)
add("click-selected", t)
t = T("Control-click adds, Control-click on a selected item removes")
t.click(50, 30).mods("control").click(290, 30).click(50, 30).mods()
add("ctrl-click", t)
t = T("Control-press on an item then motion (3 px, then 20 px) before the release")
t.click(50, 30).mods("control").move(170, 30).press().move(173, 30).release()
t.move(290, 30).press().move(300, 40).move(310, 40).release().mods()
add("ctrl-press-motion", t)
t = T("Shift-click ranges after Control-clicks")
t.click(170, 30).mods("control").click(50, 130).mods("shift").click(290, 230).click(50, 30).mods()
add("shift-after-ctrl", t)
t = T("Control+Shift-click")
t.click(170, 30).mods("control", "shift").click(290, 130).mods()
add("ctrl-shift-click", t)
t = T("click on empty space, then Shift-click")
t.click(170, 30).click(520, 30).mods("shift").click(170, 130).mods()
add("empty-then-shift", t)
t = T("Control-click on empty space keeps the selection")
t.click(170, 30).mods("control").click(520, 30).mods()
add("ctrl-click-empty", t)
t = T("secondary click on an unselected item and on empty space")
t.click(170, 30).move(290, 30).press("secondary").release("secondary").move(520, 30).press("secondary").release("secondary")
add("secondary", t)
t = T("secondary press on empty space and drag over items")
t.click(170, 30).move(530, 380).press("secondary").move(300, 150).release("secondary")
add("secondary-drag", t)
t = T("secondary press on an item and drag over others")
t.click(170, 30).move(290, 30).press("secondary").move(300, 40).move(330, 250).release("secondary")
add("secondary-item-drag", t)
t = T("Meta (command) click and Alt (option) click after a click")
t.click(50, 30).mods("command").click(170, 30).mods("option").click(290, 30).mods()
add("meta-alt-click", t)

# --- double clicks: Qt decides from timestamps (press to press) and positions -----------------------
def dbl(name, gap, dx=0, dy=0, comment=""):
    t = T("double click? second press %d ms after the first, %d,%d px away %s" % (gap * 1000, dx, dy, comment))
    t.move(50, 30).press().release(gap=0.01)
    if dx or dy:
        t.move(50 + dx, 30 + dy, gap=0.005)
        t.press(gap=round(gap - 0.015, 3))
    else:
        t.press(gap=round(gap - 0.01, 3))
    t.release()
    add(name, t)
dbl("dbl-200ms", 0.2)
dbl("dbl-399ms", 0.399)
dbl("dbl-400ms", 0.4)
dbl("dbl-401ms", 0.401)
dbl("dbl-600ms", 0.6)
dbl("dbl-4px", 0.2, 4, 0)
dbl("dbl-5px", 0.2, 5, 0)
dbl("dbl-6px", 0.2, 6, 0)
dbl("dbl-5px-5px", 0.2, 5, 5)
dbl("dbl-0px-6px", 0.2, 0, 6)
t = T("double click after moving 10 px away from the first press and back")
t.move(50, 30).press().release().move(60, 30).move(50, 30).press(gap=0.1).release()
add("dbl-move-away-back", t)
t = T("a drag from empty space whose press is the second press of a double click")
t.click(170, 30).move(520, 300).press().release().press(gap=0.1).move(450, 250).move(300, 150).release()
add("dbl-empty-drag", t)
t = T("a drag from an item whose press is the second press of a double click (Control held)")
t.click(170, 30).mods("control").move(50, 30).press().release().press(gap=0.1).move(60, 40).move(300, 150).release().mods()
add("dbl-ctrl-item-drag", t)
t = T("a key between the two clicks of a double click")
t.move(50, 30).press().release().key("right").press(gap=0.1).release()
add("dbl-key-between", t)
t = T("three presses 150 ms apart on one item")
t.move(50, 30).press().release().press(gap=0.14).release().press(gap=0.14).release()
add("triple", t)
t = T("double click on empty space")
t.click(170, 30).move(520, 30).press().release().press(gap=0.15).release()
add("dbl-empty", t)
t = T("double click with Control held")
t.mods("control").move(50, 30).press().release().press(gap=0.15).release().mods()
add("dbl-ctrl", t)
t = T("touching items: double click whose second press, 4 px away, lands on the next item")
t.move(98, 30).press().release().move(102, 30, gap=0.005).press(gap=0.1).release()
add("dbl-across-items", t, TOUCHING)

# --- keys ---------------------------------------------------------------------------------------
t = T("arrow keys from a fresh view, Shift+arrows, Space, Control+Space, Return")
t.key("right").key("right").key("down").mods("shift").key("right").key("down").mods().key("left")
t.key("space").mods("control").key("space").key("right").key("space").mods().key("return")
add("keys-arrows", t)
t = T("Control+A, A alone, Escape, Tab after a click")
t.click(170, 30).key("a").mods("control").key("a").mods().key("escape").key("tab")
add("keys-select-all", t)
t = T("arrow after a click moves from the clicked item")
t.click(170, 130).key("right").key("up").mods("control").key("left").key("space").mods()
add("keys-after-click", t)

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "selftest.jsonl"), "w") as f:
        for widget, suffix in (("graphicsview", "gv"), ("listview", "lv")):
            for name, t, scene in S:
                # each session names its widget's profile (`qt` is an alias of qt-itemview)
                profile = {"graphicsview": "qt-graphicsview", "listview": "qt-itemview"}[widget]
                scene = dict(scene, band=dict(scene["band"], profile=profile))
                f.write(json.dumps({"name": "qt-self-%s-%s" % (name, suffix), "widget": widget,
                                    "scene": scene, "trace": t.text()}) + "\n")
    print("%d sessions" % (2 * len(S)))

if __name__ == "__main__":
    main()
