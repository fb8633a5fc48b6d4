#!/usr/bin/env python3
"""Keeps the Qt sessions whose every step falls in the part of the `qt`
profile taken from the widget they were played in.

    Tools/toolkits/qt/profile-domain.py CORPUS.jsonl RESULTS.jsonl OUT.jsonl OUT.recorded.jsonl

The `qt` profile takes presses in empty space, bands and presses that move
from QGraphicsView (RubberBandDrag), and clicks and keys from QListView
(QAbstractItemView, ExtendedSelection); where the two widgets disagree, a
session of one widget says nothing about the other's part. So a QGraphicsView
session is kept when it has no key, no secondary or middle button, no press on
an item with Shift held (QGraphicsItem knows no Shift; ranges are QListView's)
and no press with Control held on the item of the previous press within the
double-click time (a Control double click: QListView's rule); a QListView
session when the pointer never moves while the primary button is held (a drag
there is QListView's own drag selection), it has no secondary or middle button
no press with Shift held on empty space (QGraphicsView clears there) and no
press on an item within the double-click time of a press on empty space
(QGraphicsScene hands that double click to the item; QListView makes it a press).
Traces/toolkits/README.md describes the corpus.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from session import scene_items, trace_steps  # noqa: E402


def hit(rects, p):
    hits = [k for k, (x, y, w, h) in enumerate(rects) if x <= p[0] < x + w and y <= p[1] < y + h]
    return hits[-1] if hits else None


def in_domain(session):
    rects = [rect for _, rect in scene_items(session["scene"])]
    widget = session.get("widget")
    view = session["scene"].get("view", {})
    p = (view.get("width", 1024) / 2, view.get("height", 768) / 2)
    mods, held, press_point = set(), False, None
    last_press = None  # (time, item, point)
    for t, ev, args in trace_steps(session["trace"]):
        if ev == "move":
            p = (float(args[0]), float(args[1]))
            if held and widget == "listview" and p != press_point:
                return False
        elif ev == "modifiers":
            mods = set(args)
        elif ev == "key":
            if widget == "graphicsview":
                return False
        elif ev in ("press", "release") and args[0] != "primary":
            return False
        elif ev == "press":
            item = hit(rects, p)
            if widget == "graphicsview":
                if item is not None and "shift" in mods:
                    return False
                if item is not None and "control" in mods and last_press and t - last_press[0] < 0.4 and last_press[1] == item:
                    return False
            elif item is None and "shift" in mods:
                return False
            elif (item is not None and last_press and last_press[1] is None and t - last_press[0] < 0.4
                  and abs(p[0] - last_press[2][0]) <= 5 and abs(p[1] - last_press[2][1]) <= 5):
                return False  # a double click from empty space onto an item: QGraphicsScene's rule
            held, press_point, last_press = True, p, (t, item, p)
        elif ev == "release":
            held = False
    return True


def main():
    corpus, results, out_corpus, out_results = sys.argv[1:5]
    sessions = [json.loads(l) for l in open(corpus)]
    recorded = {json.loads(l)["name"]: l for l in open(results)}
    kept = [s for s in sessions if in_domain(s)]
    with open(out_corpus, "w") as f:
        for s in kept:
            f.write(json.dumps(s, separators=(",", ":")) + "\n")
    with open(out_results, "w") as f:
        for s in kept:
            f.write(recorded[s["name"]].rstrip("\n") + "\n")
    sys.stderr.write("%d of %d sessions are in the profile's domain\n" % (len(kept), len(sessions)))


if __name__ == "__main__":
    main()
