#!/usr/bin/env python3
"""A band selection in Python, deliberately wrong: the band's corners are
rounded to pixels with Python's round(), which rounds halves to even, where
PointerSim (and UIKit) round them away from zero.

It speaks the protocol of `pointersim conform --exec` (docs/Formats/Conform.md):
a scene line, then one line per step, then an end line, for each session; it
answers every step with its selection. It models a band alone, so run it with
`--kind band` (presses on empty space) and a profile it knows (`--profile uikit`):

    pointersim conform --exec "python3 Examples/ConformPython/band_round_even.py" --kind band --profile uikit
"""
import json
import math
import os
import sys


def round_half_away(v):
    return math.copysign(math.floor(abs(v) + 0.5), v)


# The bug: round() takes halves to even (PointerSim: away from zero). With
# BAND_ROUNDING=away in the environment it rounds as PointerSim does (the
# tests' correct implementation).
ROUND = round_half_away if os.environ.get("BAND_ROUNDING") == "away" else round

# A second bug, for the tests: with MODIFIERS_AT=release the mode is read
# again from the modifiers held at the release (UIKit and Qt read them at the
# press only; GTK at the release).
MODIFIERS_AT_RELEASE = os.environ.get("MODIFIERS_AT") == "release"


def band_rect(anchor, point, scale):
    ax, ay = (ROUND(v * scale) / scale for v in anchor)
    px, py = (ROUND(v * scale) / scale for v in point)
    x, y = min(ax, px), min(ay, py)
    return [x, y, max(1.0, abs(px - ax)), max(1.0, abs(py - ay))]


def hits(item, band, rule):
    ix, iy, iw, ih = item
    bx, by, bw, bh = band
    if rule == "contains":
        return bx < ix and ix + iw < bx + bw and by < iy and iy + ih < by + bh
    return max(ix, bx) < min(ix + iw, bx + bw) and max(iy, by) < min(iy + ih, by + bh)


class Band:
    def __init__(self, scene):
        self.items = [(it["id"], it["rect"]) for it in scene["items"]]
        self.selected = set(scene["band"]["initialSelection"])
        self.profile = scene["band"]["profile"]
        self.rule = scene["band"]["hitRule"]
        self.scale = scene["view"]["scale"]
        self.size = (scene["view"]["width"], scene["view"]["height"])
        self.pointer = tuple(scene["pointer"].get("start", [self.size[0] / 2, self.size[1] / 2]))
        self.modifiers = []
        self.anchor = None  # while the button is held
        self.start = set()
        self.mode = "replace"

    def mode_for(self, flags):
        for r in self.profile["rules"]:
            if (sorted(r["flags"]) == sorted(flags)) if r["match"] == "exact" else set(r["flags"]) <= set(flags):
                return r["mode"]
        return self.profile["default"]

    def update(self):
        band = band_rect(self.anchor, self.pointer, self.scale)
        inside = {i for i, rect in self.items if hits(rect, band, self.rule)}
        if self.mode == "replace":
            self.selected = inside
        elif self.mode == "add":
            self.selected = self.start | inside
        elif self.mode == "toggle":
            self.selected = self.start ^ inside

    def step(self, s):
        e = s["event"]
        if e == "move":
            self.pointer = (min(max(s["x"], 0), self.size[0]), min(max(s["y"], 0), self.size[1]))
            if self.anchor is not None:
                self.update()
        elif e == "modifiers":
            self.modifiers = s["modifiers"]
        elif e == "press" and s["button"] == "primary" and self.anchor is None:
            self.anchor, self.start, self.mode = self.pointer, set(self.selected), self.mode_for(self.modifiers)
            self.update()
        elif e == "release" and s["button"] == "primary" and self.anchor is not None:
            if MODIFIERS_AT_RELEASE:
                self.mode = self.mode_for(self.modifiers)
                self.update()
            self.anchor = None
        return [i for i, _ in self.items if i in self.selected]


def main():
    band = None
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if "scene" in msg:
            band = Band(msg["scene"])
        elif "step" in msg:
            print(json.dumps({"step": msg["step"], "selection": band.step(msg)}), flush=True)


if __name__ == "__main__":
    main()
