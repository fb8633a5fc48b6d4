#!/usr/bin/env python3
"""Writes the seeded random sessions of the real-toolkit corpus.

    Tools/toolkits/gen-corpus.py qt  [--sessions N] [--seed S] > Traces/toolkits/qt/random.jsonl
    Tools/toolkits/gen-corpus.py gtk [--sessions N] [--seed S] > Traces/toolkits/gtk/random.jsonl
    Tools/toolkits/gen-corpus.py qt-graphicsview [--sessions N] [--seed S] > Traces/toolkits/qt/graphicsview-random.jsonl
    Tools/toolkits/gen-corpus.py qt-listview [--sessions N] [--seed S] > Traces/toolkits/qt/itemview-random.jsonl
    Tools/toolkits/gen-corpus.py imgui [--sessions N] [--seed S] > Traces/toolkits/imgui/random.jsonl
    Tools/toolkits/gen-corpus.py gtk3 [--sessions N] [--seed S] > Traces/toolkits/gtk3/random.jsonl

One session a line: {"name", "widget", "scene", "trace"} (Traces/toolkits/README.md).
The sessions lean on the edges where implementations break: the drag
threshold +-1, reversals through the press point, presses on item edges and in
the gaps, modifiers changed while the button is held, click series at and
beyond the double-click time and distance, keys with every modifier.
Deterministic: the same arguments write the same bytes.
"""
import argparse
import json
import random

from session import scene_items

# Scenes the harnesses reproduce exactly (read back and checked by them).
# Each Qt scene names its widget's profile (`qt` is an alias of qt-itemview, QListView's).
# Qt's QGraphicsView: arbitrary rects; a grid with gaps, and a row of touching
# and thin items.
QT_GV_GRID = {
    "format": "pointersim-scene/1",
    "view": {"width": 560, "height": 380, "scale": 1},
    "band": {"profile": "qt-graphicsview"},
    "items": {"grid": {"rows": 3, "columns": 4, "origin": [40, 40], "size": [100, 60], "pitch": [120, 100]}},
}
QT_GV_TIGHT = {
    "format": "pointersim-scene/1",
    "view": {"width": 400, "height": 300, "scale": 1},
    "band": {"profile": "qt-graphicsview"},
    "items": [
        {"id": "a", "rect": [20, 20, 60, 40]},
        {"id": "b", "rect": [80, 20, 60, 40]},
        {"id": "c", "rect": [140, 20, 1, 40]},
        {"id": "d", "rect": [20, 60, 121, 1]},
        {"id": "e", "rect": [200, 100, 37, 23]},
        {"id": "f", "rect": [240, 100, 30, 30]},
        {"id": "g", "rect": [60, 150, 80, 80]},
        {"id": "h", "rect": [300, 200, 50, 50]},
    ],
}


def tiled(cols, rows, w, h, profile, extra_rows=2, extra_width=0):
    """A grid of cells that tile the view from (0, 0), as GtkGridView and a
    QListView on its grid lay them out, with `extra_rows` of empty space
    below the last row."""
    return {
        "format": "pointersim-scene/1",
        "view": {"width": cols * w + extra_width, "height": (rows + extra_rows) * h, "scale": 1},
        "band": {"profile": profile},
        "items": {"grid": {"rows": rows, "columns": cols, "origin": [0, 0], "size": [w, h], "pitch": [w, h]}},
    }


QT_LV = tiled(4, 3, 100, 60, "qt-itemview", extra_width=20)
# QListView with spacing s: items of size at (s + col * (size + 2s), s + row * (size + 2s))
QT_LV_SPACED = {
    "format": "pointersim-scene/1",
    "view": {"width": 500, "height": 330, "scale": 1},
    "band": {"profile": "qt-itemview"},
    "items": {"grid": {"rows": 3, "columns": 4, "origin": [10, 10], "size": [100, 60], "pitch": [120, 80]}},
}
# Dear ImGui: selectables anywhere (a grid with gaps to box-select from, a row of
# touching and thin items, two overlapping items).
IMGUI_GRID = dict(QT_GV_GRID, band={"profile": "imgui"})
IMGUI_TIGHT = dict(QT_GV_TIGHT, band={"profile": "imgui"},
                   items=QT_GV_TIGHT["items"] + [{"id": "i", "rect": [320, 40, 50, 40]}, {"id": "j", "rect": [340, 60, 40, 40]}])
GTK_GRID = tiled(4, 3, 100, 60, "gtk")
GTK_GRID_WIDE = tiled(5, 4, 80, 50, "gtk", extra_rows=1)



def icon_view(cols, n, w, h, margin, vw, vh):
    """GtkIconView's layout (GTK 3): n items of w x h, `cols` to a row (the last row may be
    short), from (margin, margin), no spacing; the view is larger, so there is empty space
    around and below (Tools/toolkits/gtk3/harness.py reads every rect back)."""
    return {
        "format": "pointersim-scene/1",
        "view": {"width": vw, "height": vh, "scale": 1},
        "band": {"profile": "gtk3"},
        "items": [{"id": "i%d" % k, "rect": [margin + (k % cols) * w, margin + (k // cols) * h, w, h]} for k in range(n)],
    }


GTK3_SCENES = [icon_view(4, 10, 100, 60, 20, 460, 300), icon_view(5, 13, 80, 50, 0, 400, 220),
               icon_view(3, 8, 120, 90, 8, 400, 330)]

MODS = ["shift", "control", "option", "command"]
VARIANTS = 1  # the seed: seed 1 writes the corpus as recorded, other seeds vary the layouts too


class Session:
    def __init__(self, rng, scene):
        self.rng = rng
        self.scene = scene
        self.t = 0.0
        self.lines = []
        self.mods = []
        self.rects = [rect for _, rect in scene_items(scene)]
        self.w = scene["view"]["width"]
        self.h = scene["view"]["height"]
        # QListView sessions: no Shift press on empty space (the `qt` profile
        # takes empty-space presses from QGraphicsView, which clears there).
        self.no_shift_on_empty = False

    def press_mods(self, p, mods):
        if self.no_shift_on_empty and not self.hit(p):
            mods = [m for m in mods if m != "shift"]
        return mods

    def add(self, dt, text):
        self.t += dt
        self.lines.append(f"{self.t:.3f} {text}")

    def set_mods(self, mods, dt=0.02):
        mods = [m for m in MODS if m in mods]
        if mods != self.mods:
            self.mods = mods
            self.add(dt, "modifiers" + "".join(" " + m for m in mods))

    def trace(self):
        return "pointersim-trace 1\n" + "\n".join(self.lines) + "\n"

    # Points: inside items, on their first and last pixel rows/columns, just
    # outside them, in the gaps and beyond the last item.
    def point(self, kind=None):
        rng = self.rng
        kind = kind or rng.choice(["inside", "inside", "edge", "outside", "empty"])
        if kind in ("inside", "edge", "outside"):
            x, y, w, h = rng.choice(self.rects)
            if kind == "inside":
                p = (x + rng.randrange(max(1, int(w))), y + rng.randrange(max(1, int(h))))
            elif kind == "edge":
                p = (rng.choice([x, x + w - 1, x + rng.randrange(max(1, int(w)))]),
                     rng.choice([y, y + h - 1, y + rng.randrange(max(1, int(h)))]))
            else:
                p = (rng.choice([x - 1, x + w, x + w + 1, x + rng.randrange(max(1, int(w)))]),
                     rng.choice([y - 1, y + h, y + rng.randrange(max(1, int(h)))]))
        else:
            for _ in range(50):
                p = (rng.randrange(1, self.w - 1), rng.randrange(1, self.h - 1))
                if not self.hit(p):
                    break
        return (min(max(int(p[0]), 1), self.w - 2), min(max(int(p[1]), 1), self.h - 2))

    def hit(self, p):
        return any(x <= p[0] < x + w and y <= p[1] < y + h for x, y, w, h in self.rects)

    def clamp(self, p):
        return (min(max(int(p[0]), 1), self.w - 2), min(max(int(p[1]), 1), self.h - 2))


def rand_mods(rng, allowed, weight_none=0.45):
    if rng.random() < weight_none:
        return []
    k = rng.choice([1, 1, 1, 2])
    return rng.sample(allowed, min(k, len(allowed)))


def gesture_click(s, allowed_mods, point_kind=None, wiggle=False):
    rng = s.rng
    p = s.point(point_kind)
    s.add(0.6, f"move {p[0]} {p[1]}")
    s.set_mods(s.press_mods(p, rand_mods(rng, allowed_mods)))
    s.add(0.04, "press primary")
    if wiggle:
        q = s.clamp((p[0] + rng.choice([-2, -1, 1, 2]), p[1] + rng.choice([-1, 0, 1])))
        s.add(0.03, f"move {q[0]} {q[1]}")
        if rng.random() < 0.5:
            s.add(0.03, f"move {p[0]} {p[1]}")
    s.add(0.05, "release primary")
    return p


def gesture_series(s, allowed_mods, intervals=(0.12, 0.2, 0.3, 0.38, 0.45, 0.55)):
    """A click, then more presses close in time and space (a double click, or
    just not one: time and distance at and beyond the limits)."""
    rng = s.rng
    p = gesture_click(s, allowed_mods, point_kind=rng.choice(["inside", "inside", "edge", "empty"]))
    for _ in range(rng.choice([1, 1, 1, 2])):
        dt = rng.choice(intervals)
        d = rng.choice([0, 0, 1, 3, 4, 5, 6, 8])
        q = s.clamp((p[0] + rng.choice([-1, 1]) * d, p[1] + rng.choice([0, 0, d, -d])))
        if q != p:
            s.add(dt / 3, f"move {q[0]} {q[1]}")
            dt -= dt / 3
        if rng.random() < 0.25:
            s.set_mods(s.press_mods(q, rand_mods(rng, allowed_mods, 0.3)), dt=dt / 4)
            dt -= dt / 4
        elif s.mods != s.press_mods(q, s.mods):
            s.set_mods(s.press_mods(q, s.mods), dt=dt / 4)
            dt -= dt / 4
        s.add(dt - 0.05, "press primary")
        s.add(0.05, "release primary")
        p = q


def gesture_band(s, allowed_mods, threshold, metric, start_kind, mods_mid_drag, shift_on_items=True, escape=0.08):
    rng = s.rng
    p = s.point(start_kind)
    s.add(0.6, f"move {p[0]} {p[1]}")
    mods = rand_mods(rng, allowed_mods)
    if not shift_on_items and s.hit(p):
        mods = [m for m in mods if m != "shift"]
    s.set_mods(mods)
    s.add(0.04, "press primary")
    cur = p
    for _ in range(rng.choice([1, 2, 3, 4, 5])):
        r = rng.random()
        if r < 0.3:  # around the threshold
            t = threshold + rng.choice([-1, 0, 1])
            if metric == "manhattan":
                a = rng.randrange(0, t + 1)
                d = (rng.choice([-1, 1]) * a, rng.choice([-1, 1]) * (t - a))
            elif metric == "euclidean":  # on and beside the circle: (t, 0), (0, t), (4, 4) ~ 5.66 < 6
                d = rng.choice([(t, 0), (0, t), (t - 2, t - 2), (t - 1, 3), (t - 2, 4)])
                d = (rng.choice([-1, 1]) * d[0], rng.choice([-1, 1]) * d[1])
            else:
                d = (rng.choice([-1, 1]) * t, rng.choice([-1, 1]) * rng.randrange(0, t + 1))
                if rng.random() < 0.5:
                    d = (d[1], d[0])
            q = (p[0] + d[0], p[1] + d[1])
        elif r < 0.45:  # through the press, to the other side
            q = (2 * p[0] - cur[0] + rng.randrange(-3, 4), 2 * p[1] - cur[1] + rng.randrange(-3, 4))
        elif r < 0.55:  # back onto the press point
            q = p
        else:  # anywhere: an item edge, a gap
            q = s.point()
        q = s.clamp(q)
        s.add(0.04, f"move {q[0]} {q[1]}")
        cur = q
        if mods_mid_drag and rng.random() < 0.25:
            s.set_mods(rand_mods(rng, allowed_mods, 0.3))
    if rng.random() < escape:
        s.add(0.03, "key escape")
        if escape > 0.08 and rng.random() < 0.5:  # and the drag goes on after it
            q = s.clamp(s.point())
            s.add(0.04, f"move {q[0]} {q[1]}")
    s.add(0.05, "release primary")


def gesture_keys(s, allowed_mods, keys):
    rng = s.rng
    for _ in range(rng.choice([1, 2, 3])):
        s.set_mods(rand_mods(rng, allowed_mods, 0.55))
        s.add(0.06, "key " + rng.choice(keys))


def session(rng, flavour, name):
    if flavour == "qt-graphicsview":
        scene = rng.choice([QT_GV_GRID, QT_GV_GRID, QT_GV_TIGHT])
        s = Session(rng, scene)
        s.add(0.0, f"move {s.w // 2} {s.h - 3}")
        for _ in range(rng.choice([2, 3, 4, 5])):
            g = rng.random()
            if g < 0.45:
                gesture_band(s, ["shift", "control", "option", "command"], 10, "manhattan",
                             rng.choice(["empty", "empty", "edge", "inside"]), mods_mid_drag=rng.random() < 0.3,
                             shift_on_items=False)
            elif g < 0.8:
                gesture_click(s, ["control", "option", "command"], wiggle=rng.random() < 0.3)
            else:
                gesture_series(s, [])
            s.set_mods([])
        widget = "graphicsview"
    elif flavour == "qt-graphicsview-open":
        # Unrestricted: everything a user does in one QGraphicsView, under the
        # `qt-graphicsview` profile (clicks with any modifiers on items, edges
        # and gaps, drags from items and from empty space with modifier changes
        # mid-drag, click series around the interval and the distance, keys).
        scene = dict(rng.choice([QT_GV_GRID, QT_GV_GRID, QT_GV_TIGHT]), band={"profile": "qt-graphicsview"})
        s = Session(rng, scene)
        s.add(0.0, f"move {s.w // 2} {s.h - 3}")
        for _ in range(rng.choice([2, 3, 4, 5, 6])):
            g = rng.random()
            if g < 0.4:
                gesture_band(s, MODS, 10, "manhattan", rng.choice(["empty", "empty", "edge", "inside"]),
                             mods_mid_drag=rng.random() < 0.4)
            elif g < 0.7:
                gesture_click(s, MODS, wiggle=rng.random() < 0.3)
            elif g < 0.88:
                gesture_series(s, MODS)
            else:
                gesture_keys(s, MODS, ["left", "right", "up", "down", "space", "return", "a", "escape", "tab"])
            s.set_mods([])
        widget = "graphicsview"
    elif flavour == "imgui":
        # Unrestricted: everything a user does in one ImGui multi-select view (clicks
        # with any modifiers on items, edges and gaps, boxes from items and from
        # empty space with modifier changes mid-drag, click series around the
        # double-click time (0.30 s) and distance (6), Escape and Ctrl+A among keys).
        # Intervals keep 10 ms off the double-click time: ImGui's clock adds float deltas.
        scene = rng.choice([IMGUI_GRID, IMGUI_GRID, IMGUI_TIGHT])
        s = Session(rng, scene)
        s.add(0.0, f"move {s.w // 2} {s.h - 3}")
        for _ in range(rng.choice([2, 3, 4, 5, 6])):
            g = rng.random()
            if g < 0.42:
                gesture_band(s, MODS, 6, "euclidean", rng.choice(["empty", "empty", "edge", "inside"]),
                             mods_mid_drag=rng.random() < 0.4)
            elif g < 0.72:
                gesture_click(s, MODS, wiggle=rng.random() < 0.3)
            elif g < 0.9:
                gesture_series(s, MODS, intervals=[0.12, 0.2, 0.26, 0.29, 0.31, 0.38, 0.45])
            else:
                gesture_keys(s, MODS, ["a", "a", "escape", "escape", "left", "space", "return"])
            s.set_mods([])
        widget = "multiselect"
    elif flavour == "qt-listview-open":
        # Unrestricted: everything a user does in one QListView, under the
        # `qt-itemview` profile (Traces/toolkits/qt/itemview-random*.jsonl).
        s = Session(rng, dict(QT_LV, band={"profile": "qt-itemview"}))
        s.add(0.0, f"move {s.w // 2} {s.h - 3}")
        for _ in range(rng.choice([2, 3, 4, 5, 6])):
            g = rng.random()
            if g < 0.35:
                gesture_band(s, MODS, 10, "manhattan", rng.choice(["empty", "edge", "inside", "inside"]),
                             mods_mid_drag=rng.random() < 0.4)
            elif g < 0.65:
                gesture_click(s, MODS, wiggle=rng.random() < 0.3)
            elif g < 0.82:
                gesture_series(s, MODS)
            else:
                gesture_keys(s, MODS, ["left", "right", "up", "down", "space", "return", "a", "escape"])
            s.set_mods([])
        widget = "listview"
    elif flavour == "qt-listview":
        # seed 1 keeps the one layout it was recorded with; later seeds vary it
        s = Session(rng, QT_LV if VARIANTS == 1 else rng.choice([QT_LV, QT_LV_SPACED]))
        s.no_shift_on_empty = True
        s.add(0.0, f"move {s.w // 2} {s.h - 3}")
        for _ in range(rng.choice([2, 3, 4, 5, 6])):
            g = rng.random()
            if g < 0.55:
                gesture_click(s, ["shift", "control", "option", "command"])
            elif g < 0.75:
                gesture_series(s, ["shift", "control"])
            else:
                gesture_keys(s, ["shift", "control"], ["left", "right", "up", "down", "space", "return", "a", "escape"])
            s.set_mods([])
        widget = "listview"
    elif flavour == "gtk3":
        # Unrestricted: everything a user does with the pointer in one GtkIconView (clicks with
        # any modifiers on items, their edges and the empty space, drags from items and from
        # empty space with modifiers changed mid-drag, bands across exact edges, zero-width
        # bands, click series around the double-click time and distance, Escape during drags).
        s = Session(rng, rng.choice(GTK3_SCENES))
        s.add(0.0, f"move {s.w // 2} {s.h - 3}")
        for _ in range(rng.choice([2, 3, 4, 5])):
            g = rng.random()
            if g < 0.42:
                gesture_band(s, MODS, rng.choice([1, 2, 3]), "chebyshev",
                             rng.choice(["empty", "empty", "edge", "inside", "outside"]), mods_mid_drag=rng.random() < 0.4,
                             escape=0.12)
            elif g < 0.7:
                gesture_click(s, MODS, wiggle=rng.random() < 0.3)
            elif g < 0.92:
                gesture_series(s, MODS)
            else:
                gesture_keys(s, MODS, ["escape"])
            s.set_mods([])
        widget = "iconview"
    elif flavour == "gtk":
        s = Session(rng, GTK_GRID if VARIANTS == 1 else rng.choice([GTK_GRID, GTK_GRID_WIDE]))
        s.add(0.0, f"move {s.w // 2} {s.h - 3}")
        for _ in range(rng.choice([2, 3, 4, 5])):
            g = rng.random()
            if g < 0.35:
                gesture_band(s, ["shift", "control", "option", "command"], 8, "chebyshev",
                             rng.choice(["empty", "inside", "edge"]), mods_mid_drag=rng.random() < 0.4)
            elif g < 0.65:
                gesture_click(s, ["shift", "control", "option", "command"], wiggle=rng.random() < 0.3)
            elif g < 0.85:
                gesture_series(s, ["shift", "control", "command"])
            else:
                gesture_keys(s, ["shift", "control"], ["left", "right", "up", "down", "space", "return", "a", "escape"])
            s.set_mods([])
        widget = "gridview"
    else:
        raise ValueError("no such flavour: %s" % flavour)
    return {"name": name, "widget": widget, "scene": s.scene, "trace": s.trace()}


# The corpora this writes (the first argument), each with the flavour of its k-th
# session (a branch of `session`): the one table that names them.
CORPORA = {
    "qt": lambda k: "qt-graphicsview" if k % 2 == 0 else "qt-listview",
    "gtk": lambda k: "gtk",
    "qt-graphicsview": lambda k: "qt-graphicsview-open",
    "qt-listview": lambda k: "qt-listview-open",
    "imgui": lambda k: "imgui",
    "gtk3": lambda k: "gtk3",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("toolkit", choices=list(CORPORA))
    ap.add_argument("--sessions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    global VARIANTS
    VARIANTS = a.seed
    rng = random.Random(f"{a.toolkit}-{a.seed}")
    flavour = CORPORA[a.toolkit]
    for k in range(a.sessions):
        print(json.dumps(session(rng, flavour(k), f"{a.toolkit}-random-{a.seed}-{k:04d}"), separators=(",", ":")))


if __name__ == "__main__":
    main()
