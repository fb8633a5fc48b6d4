#!/usr/bin/env python3
"""Writes the selection scenarios under Traces/selection/: one trace and one
scene per case and profile (those of TOGGLE: uikit, qt, gtk). The expected logs are made with
Tools/update-golden.sh Traces/selection and reviewed by hand.

The qt-* cases run under `qt`, the alias of `qt-itemview` (QListView), except
those about a band from empty space that begins past a threshold
(GRAPHICSVIEW_CASES): QListView draws no band and has no threshold, so those
run under `qt-graphicsview` (QGraphicsView's RubberBandDrag).

The scene: a 4 x 3 grid of 100 x 60 items r<row>c<col> at (40 + 120 col,
40 + 100 row); a "star" button (highlight) on r0c0 at [110, 45, 24, 24]; an
"ok" button (highlight) at [560, 40, 80, 40]; a slider "knob" (lift,
latching horizontally) at [560, 150, 24, 24]; a "label" (hover, claims
nothing) at [560, 300, 200, 40]."""
import json, os, sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Traces", "selection")
# The profiles the scenarios are written for, each with its toggle modifier: the one table
# that names them (each case below is written per profile; `qt` is qt-itemview's alias).
TOGGLE = {"uikit": "command", "qt": "control", "gtk": "control"}
# The qt-* cases about QGraphicsView's band (threshold, band-shaped pointer, Escape while banding, a band
# an unplug cancels: QListView draws no band, its drag selection is live and nothing restores it).
GRAPHICSVIEW_CASES = {"recent-region", "escape", "band-pointer", "removed"}


def scene_profile(p, name):
    """The profile a case's scene names: `qt-graphicsview` for QGraphicsView's band cases."""
    return "qt-graphicsview" if p == "qt" and name in GRAPHICSVIEW_CASES else p


def scene(profile, selection=None, claim=True):
    s = {
        "format": "pointersim-scene/1",
        "band": {"profile": profile},
        "items": {"grid": {"rows": 3, "columns": 4, "origin": [40, 40], "size": [100, 60], "pitch": [120, 100]}},
        "regions": [
            {"id": "star", "rect": [110, 45, 24, 24], "style": {"effect": "highlight"}},
            {"id": "ok", "rect": [560, 40, 80, 40], "style": {"effect": "highlight"}},
            {"id": "knob", "rect": [560, 150, 24, 24], "latchingAxes": "horizontal",
             "style": {"effect": "lift", "accessories": [{"shape": "arrow", "position": "left"}, {"shape": "arrow", "position": "right"}]}},
            {"id": "label", "rect": [560, 300, 200, 40], "style": {"effect": "hover"}},
        ],
    }
    if not claim:
        s["band"]["regionsClaimPress"] = False
    if selection:
        s["selection"] = selection
    return s


def click(t, x, y, button="primary"):
    return [f"{t:.3f} move {x} {y}", f"{t + 0.01:.3f} press {button}", f"{t + 0.02:.3f} release {button}"]


def E(obj, absent=False):
    """An expectation line for TraceCommentTests: the replay has (or, absent, has no) such a line."""
    return ("# expect no: " if absent else "# expect: ") + json.dumps(obj, separators=(",", ":"))


def N(obj):
    return E(obj, absent=True)


ROW2 = ["r0c2", "r0c3", "r1c0", "r1c1", "r1c2", "r1c3", "r2c0", "r2c1", "r2c2"]
ALL = [f"r{r}c{c}" for r in range(3) for c in range(4)]
CLICK = {"event": "selection.changed", "cause": "click"}
KEY = {"event": "selection.changed", "cause": "key"}


def sel(t, cause=CLICK, **fields):
    return {"t": t, **cause, **fields}


# What each profile's replay shows, in words and as checked expectations, under
# the header line. `qt` is the alias of `qt-itemview`, QAbstractItemView as
# QListView has it (measured on real QListView sessions, Traces/toolkits/qt);
# where a case uses a setting the port does not model (single selection,
# editing, selection follows focus), its note says the log is the rule-based
# model with qt-itemview's rule values, not measured. The GRAPHICSVIEW_CASES
# run under qt-graphicsview.
NOTES = {
    ("click", "uikit"): [
        "# uikit: the first click selects r0c1 at the release, with the primary action;",
        "# the click on r1c2 adds it, the second one (on the selected r1c2) removes it;",
        "# on empty space a 1x1 band clears the selection.",
        E(sel(0.02, added=["r0c1"], removed=[])), E({"t": 0.02, "event": "item.primaryAction", "item": "r0c1"}),
        E(sel(0.12, added=["r1c2"], removed=[])), N({"t": 0.12, "event": "item.primaryAction"}),
        E(sel(0.21, added=[], removed=["r1c2"])),
        E({"t": 0.51, "event": "band.began", "rect": [150, 120, 1, 1]}), E({"t": 0.52, "event": "band.ended", "selection": []})],
    ("click", "qt"): [
        "# qt (QListView): each click selects its item alone at the press; the second press on",
        "# r1c2 is a double click: the primary action, no selection change; a click on empty",
        "# space clears the selection at the release.",
        E(sel(0.11, added=["r1c2"], removed=["r0c1"])), E({"t": 0.2, "event": "item.primaryAction", "item": "r1c2"}),
        E(sel(0.52, added=[], removed=["r1c2"]))],
    ("click", "gtk"): [
        "# gtk: the focus moves at the press, the selection at the release (r0c1, then",
        "# r1c2 alone); the second press on r1c2 is a double click: the primary action;",
        "# a click on empty space keeps the selection.",
        E({"t": 0.01, "event": "focus.moved", "item": "r0c1"}), E(sel(0.02, added=["r0c1"], removed=[])),
        E(sel(0.12, added=["r1c2"], removed=["r0c1"])), E({"t": 0.2, "event": "item.primaryAction", "item": "r1c2"}),
        N({"t": 0.21, "event": "selection.changed"}), N({"t": 0.51}), N({"t": 0.52})],
    ("toggle", "uikit"): [
        "# uikit: the plain click selects r0c0 (with the primary action); Command-clicks",
        "# add r0c2 and remove r0c0, no primary action; on empty space a 1x1 toggle band",
        "# keeps the selection.",
        E(sel(0.13, added=["r0c2"], removed=[])), N({"t": 0.13, "event": "item.primaryAction"}),
        E(sel(0.22, added=[], removed=["r0c0"])),
        E({"t": 0.31, "event": "band.began", "mode": "toggle"}), E({"t": 0.32, "event": "band.ended", "selection": ["r0c2"]})],
    ("toggle", "qt"): [
        "# qt (QListView): the plain click selects r0c0 at the press; Control-clicks add r0c2 and",
        "# remove r0c0 at the press; on empty space nothing changes.",
        E(sel(0.12, added=["r0c2"], removed=[])), E(sel(0.21, added=[], removed=["r0c0"])), N({"t": 0.31}), N({"t": 0.32})],
    ("toggle", "gtk"): [
        "# gtk: the plain click selects r0c0 at the release; Control-clicks add r0c2 and",
        "# remove r0c0 at the release; on empty space nothing changes.",
        E(sel(0.13, added=["r0c2"], removed=[])), E(sel(0.22, added=[], removed=["r0c0"])),
        N({"event": "item.primaryAction"}), N({"t": 0.31}), N({"t": 0.32})],
    ("range", "uikit"): [
        "# uikit: from the anchor r0c1, Shift-click on r2c2 selects r0c1…r2c2 in scene",
        "# order; Shift-click on r0c0 (the anchor stays r0c1) leaves r0c0, r0c1;",
        "# Shift+Command-click on r2c3 adds r0c1…r2c3 and keeps r0c0.",
        E(sel(0.13, added=ROW2, removed=[])), E(sel(0.22, added=["r0c0"], removed=ROW2)),
        E(sel(0.33, added=ROW2 + ["r2c3"], removed=[]))],
    ("range", "qt"): [
        "# qt: the same ranges at the press; with Control too the range r0c1…r2c3",
        "# replaces the previous range's part, so r0c0 goes."],
    ("range", "gtk"): [
        "# gtk: the same ranges as uikit's at the release (the focus moves at the press);",
        "# Shift+Control adds the range, the anchor r0c1 being selected.",
        E(sel(0.13, added=ROW2, removed=[])), E(sel(0.22, added=["r0c0"], removed=ROW2)),
        E(sel(0.33, added=ROW2 + ["r2c3"], removed=[]))],
    ("keys", "uikit"): [
        "# uikit: the first arrow brings the focus to r0c0; arrows move it to the nearest",
        "# item that way and select nothing; Space toggles r1c1 in; Shift+arrows select",
        "# from the anchor r1c1 to the focus in scene order; Return is the primary action;",
        "# Command-A selects all, A alone nothing; Escape clears; Tab does nothing; the",
        "# third Up, at the top row, does nothing.",
        E({"t": 0, "event": "focus.moved", "item": "r0c0"}), N({"t": 0, "event": "selection.changed"}),
        E({"t": 0.2, "event": "focus.moved", "item": "r1c1"}), E(sel(0.3, KEY, added=["r1c1"])),
        E(sel(0.5, KEY, added=["r1c2"])), E(sel(0.6, KEY, added=["r1c3", "r2c0", "r2c1", "r2c2"])),
        E({"t": 0.9, "event": "item.primaryAction", "item": "r2c1"}),
        E(sel(1.1, KEY, added=["r0c0", "r0c1", "r0c2", "r0c3", "r1c0", "r2c3"])), N({"t": 1.3}),
        E(sel(1.4, KEY, added=[], removed=ALL)), N({"t": 1.5}),
        E({"t": 1.7, "event": "focus.moved", "item": "r0c1"}), N({"t": 1.8})],
    ("keys", "qt"): [
        "# qt: the focus starts on r0c0 and arrows select the item they move to alone;",
        "# Space selects (r1c2 stays); Shift+arrows select from the anchor; Left selects",
        "# r2c2 alone; Return is the primary action; Control-A selects all, A alone",
        "# nothing; Escape and Tab do nothing; Up selects r1c2, then r0c2, alone."],
    ("keys", "gtk"): [
        "# gtk: the focus starts on r0c0 and arrows select the item they move to alone;",
        "# Space toggles r1c2 out; Shift+arrows select from the anchor r1c2 to the focus;",
        "# Left selects r2c2 alone; Return is the primary action; Control-A selects all,",
        "# A alone nothing; Escape does nothing; Tab moves the focus out of the view, so",
        "# the Up arrows after it do nothing.",
        E(sel(0, KEY, added=["r0c1"])), E(sel(0.3, KEY, added=[], removed=["r1c2"])),
        E(sel(0.5, KEY, added=["r1c2", "r1c3"])), E({"t": 0.8, "event": "focus.moved", "item": "r2c2"}),
        E({"t": 0.9, "event": "item.primaryAction", "item": "r2c2"}),
        E(sel(1.1, KEY, added=[i for i in ALL if i != "r2c2"])),
        N({"t": 1.3}), N({"t": 1.4}), N({"t": 1.6}), N({"t": 1.7}), N({"t": 1.8})],
    ("follows-focus", "uikit"): [
        "# uikit: the first arrow (Down) brings the focus to r0c0 and selects it; Right",
        "# selects r0c1 alone; Shift+Right extends to r0c2; Down selects r1c2 alone; the",
        "# click on r0c0 adds it (a click adds); Right selects r0c1 alone.",
        E(sel(0, KEY, added=["r0c0"])), E(sel(0.1, KEY, added=["r0c1"], removed=["r0c0"])),
        E(sel(0.3, KEY, added=["r0c2"], removed=[])), E(sel(0.5, KEY, added=["r1c2"], removed=["r0c1", "r0c2"])),
        E(sel(0.62, added=["r0c0"], removed=[])), E(sel(0.7, KEY, added=["r0c1"], removed=["r0c0", "r1c2"]))],
    ("follows-focus", "qt"): [
        "# qt: the focus starts on r0c0: Down selects r1c0 alone, Right r1c1; Shift+Right",
        "# extends to r1c2; Down selects r2c2 alone; the click selects r0c0 alone at the",
        "# press; Right selects r0c1 alone. Selection that follows focus is a setting the",
        "# qt-itemview port does not model: this is the rule-based model with qt-itemview's rule",
        "# values, not measured.",
        E(sel(0.5, KEY, added=["r2c2"], removed=["r1c1", "r1c2"])), E(sel(0.7, KEY, added=["r0c1"], removed=["r0c0"]))],
    ("follows-focus", "gtk"): [
        "# gtk: the focus starts on r0c0: Down selects r1c0 alone, Right r1c1; Shift+Right",
        "# extends to r1c2; Down selects r2c2 alone; the click selects r0c0 alone at the",
        "# release; Right selects r0c1 alone.",
        E(sel(0, KEY, added=["r1c0"])), E(sel(0.1, KEY, added=["r1c1"], removed=["r1c0"])),
        E(sel(0.3, KEY, added=["r1c2"], removed=[])), E(sel(0.5, KEY, added=["r2c2"], removed=["r1c1", "r1c2"])),
        E(sel(0.62, added=["r0c0"], removed=["r2c2"])), E(sel(0.7, KEY, added=["r0c1"], removed=["r0c0"]))],
    ("context", "uikit"): [
        "# uikit: a secondary click on empty space asks for a menu for no items; the",
        "# click selects r0c0, the Command-click adds r0c1; on the unselected r0c2: r0c2,",
        "# the selection unchanged; on the selected r0c0: the whole selection, flocked;",
        "# the click on the selected r0c0 removes it; Control-click is a context click:",
        "# on the selected r0c1, the selection; the right click on ok asks for no menu.",
        E({"t": 0.01, "event": "contextMenu.requested", "point": [150, 120], "items": []}),
        E({"t": 0.41, "event": "contextMenu.requested", "items": ["r0c2"]}), N({"t": 0.41, "event": "selection.changed"}),
        E({"t": 0.51, "event": "contextMenu.requested", "items": ["r0c0", "r0c1"]}),
        E({"t": 0.51, "event": "contextMenu.flocked", "items": ["r0c0", "r0c1"]}),
        E({"t": 0.61, "event": "contextMenu.requested", "items": []}),
        E({"t": 0.82, "event": "contextMenu.requested", "point": [210, 70], "items": ["r0c1"]}),
        N({"t": 0.83, "event": "selection.changed"}), N({"t": 1.01})],
    ("context", "qt"): [
        "# qt (QListView): a secondary click on an unselected item selects it alone first (r0c2,",
        "# then r0c0) and the menu is for it; on empty space it clears the selection first;",
        "# Control-click toggles (r0c1 in, at the press); the right click on ok asks for no menu.",
        E(sel(0.22, added=["r0c1"], removed=[]))],
    ("context", "gtk"): [
        "# gtk: a secondary click changes no selection: on empty space no items, on the",
        "# unselected r0c2 that item, on the selected r0c0 the whole selection (no flock);",
        "# the click on r0c0 selects it alone at the release; Control-click toggles r0c1",
        "# in; the right click on ok asks for no menu.",
        E({"t": 0.01, "event": "contextMenu.requested", "items": []}),
        E({"t": 0.41, "event": "contextMenu.requested", "items": ["r0c2"]}),
        E({"t": 0.51, "event": "contextMenu.requested", "items": ["r0c0", "r0c1"]}), N({"event": "contextMenu.flocked"}),
        E({"t": 0.61, "event": "contextMenu.requested", "items": []}), E(sel(0.72, added=[], removed=["r0c1"])),
        E(sel(0.83, added=["r0c1"], removed=[])), N({"t": 0.82, "event": "contextMenu.requested"}), N({"t": 1.01})],
    ("controls", "uikit"): [
        "# uikit: the click selects r0c0; the presses on the star and ok buttons and the",
        "# knob's latched drag select nothing and begin no band; the band from the label",
        "# selects r2c3; the band from (530,120) crosses ok without entering it.",
        N({"t": 0.11}), N({"t": 0.15}), N({"t": 0.21}), N({"t": 0.25}),
        E({"t": 0.31, "event": "region.latched", "region": "knob"}), N({"t": 0.33}), N({"t": 0.35}),
        E({"t": 0.41, "event": "band.began", "rect": [600, 320, 1, 1]}), E({"t": 0.45, "event": "band.ended", "selection": ["r2c3"]}),
        E({"t": 0.51, "event": "band.began", "rect": [530, 120, 1, 1]}), N({"t": 0.53, "event": "region.entered"}),
        E({"t": 0.57, "event": "band.ended", "selection": ["r1c1", "r1c2", "r1c3"]})],
    ("controls", "qt"): [
        "# qt (QListView): the click selects r0c0 at the press; the presses on the star and ok",
        "# buttons and the knob's latched drag select nothing; the drag from the label (empty",
        "# space for the list) selects the items the rect from its press point meets (r2c3), the",
        "# press's clearing of r0c0 coming with that first move; the drag from (530,120) crosses",
        "# ok without entering it and selects what QListView's intersectingSet gives: the rows",
        "# from the one holding the rect's top (r0c1…r0c3, r1c1…r1c3). Regions are not a Qt",
        "# concept: which region claims a press is the scene's rule, not measured.",
        E({"t": 0.43, "event": "band.selecting", "rect": [451, 251, 149, 69], "added": ["r2c3"], "removed": ["r0c0"]}),
        E({"t": 0.57, "event": "band.ended", "rect": [251, 120, 279, 31], "selection": ["r0c1", "r0c2", "r0c3", "r1c1", "r1c2", "r1c3"], "cancelled": False})],
    ("controls", "gtk"): [
        "# gtk: the click selects r0c0 at the release; the presses on the star and ok",
        "# buttons and the knob's latched drag select nothing and begin no band; the band",
        "# from the label selects r2c3; the band from (530,120) crosses ok without",
        "# entering it; each band's selection changes at its release only.",
        N({"t": 0.11}), N({"t": 0.15}), N({"t": 0.21}), N({"t": 0.25}), N({"t": 0.33}), N({"t": 0.35}),
        E({"t": 0.31, "event": "region.latched", "region": "knob"}),
        E({"t": 0.43, "event": "band.began", "rect": [450, 250, 150.5, 70.5]}), E({"t": 0.45, "event": "band.ended", "selection": ["r2c3"]}),
        E({"t": 0.53, "event": "band.began", "rect": [530, 60, 70.5, 60.5]}), N({"t": 0.53, "event": "region.entered"}),
        N({"event": "band.selecting", "added": ["r1c1", "r1c2", "r1c3"]}),
        E({"t": 0.57, "event": "band.ended", "selection": ["r1c1", "r1c2", "r1c3"]})],
    ("controls-unclaimed", "uikit"): [
        "# uikit: the drag from the star is r0c0's band, from the press point at the first",
        "# motion; the ok button and the (still latching) knob begin bands at the press.",
        E({"t": 0.13, "event": "band.began", "rect": [122, 57, 1, 1]}),
        E({"t": 0.15, "event": "band.ended", "selection": ["r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r2c2"]}),
        E({"t": 0.21, "event": "band.began", "rect": [600, 60, 1, 1]}),
        E({"t": 0.31, "event": "band.began", "rect": [572, 162, 1, 1]}), E({"t": 0.31, "event": "region.latched", "region": "knob"}),
        E({"t": 0.37, "event": "band.ended", "selection": ["r1c0", "r1c1", "r1c2", "r1c3", "r2c0", "r2c1", "r2c2", "r2c3"]})],
    ("controls-unclaimed", "qt"): [
        "# qt (QListView): the press on the star is r0c0's: its drag selects the rect from the",
        "# press point (QAbstractItemView's drag selection); the presses on ok and on the (still",
        "# latching) knob are presses on empty space whose drags select rects too.",
        E({"t": 0.15, "event": "band.ended", "rect": [122, 57, 179, 194], "selection": ["r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r2c2"], "cancelled": False})],
    ("controls-unclaimed", "gtk"): [
        "# gtk: the star, the ok button and the (still latching) knob begin bands past",
        "# 8 points, from the press point.",
        E({"t": 0.13, "event": "band.began", "rect": [122, 57, 178.5, 193.5]}),
        E({"t": 0.23, "event": "band.began", "rect": [200, 60, 400.5, 140.5]}),
        E({"t": 0.31, "event": "region.latched", "region": "knob"}), E({"t": 0.33, "event": "band.began", "rect": [100, 160, 472.5, 2.5]}),
        E({"t": 0.37, "event": "band.ended", "selection": ["r1c0", "r1c1", "r1c2", "r1c3", "r2c0", "r2c1", "r2c2", "r2c3"]})],
    ("item-drag", "uikit"): [
        "# uikit: the band begins at the first motion, from the press point, and selects",
        "# r0c0 at once; no click; the Command-drag from r2c3 is a toggle band: r1c3, r2c3",
        "# in, r1c2, r2c2 out.",
        E({"t": 0.02, "event": "band.began", "rect": [90, 70, 1, 1]}), E({"t": 0.02, "event": "band.selecting", "added": ["r0c0"]}),
        N({"event": "selection.changed"}), E({"t": 0.13, "event": "band.began", "mode": "toggle"}),
        E({"t": 0.13, "event": "band.selecting", "added": ["r1c3", "r2c3"], "removed": ["r1c2", "r2c2"]})],
    ("item-drag", "qt"): [
        "# qt (QListView): the press selects r0c0 and its drag keeps selecting the items the",
        "# rect from the press point meets (no threshold, no band drawn: the log's rect is the",
        "# pixels spanned); the Control-press on r2c3 toggles it in at the press and its drag",
        "# toggles the items its rect meets.",
        E({"t": 0.04, "event": "band.ended", "rect": [90, 70, 211, 181], "selection": ["r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r2c2"], "cancelled": False}),
        E(sel(0.12, added=["r2c3"], removed=[])), E({"t": 0.13, "event": "band.began", "rect": [331, 171, 119, 99], "modifiers": ["control"], "mode": "toggle"})],
    ("item-drag", "gtk"): [
        "# gtk: the band begins past 8 points, from the press point; no click; the",
        "# Control-drag from r2c3 moves the focus at the press and adds its band's items",
        "# at the release (add mode).",
        N({"t": 0.02}), E({"t": 0.03, "event": "band.began", "rect": [90, 70, 210.5, 180.5]}), N({"event": "selection.changed"}),
        E({"t": 0.12, "event": "focus.moved", "item": "r2c3"}), E({"t": 0.13, "event": "band.began", "mode": "add"}),
        E({"t": 0.14, "event": "band.ended", "selection": ["r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r1c3", "r2c0", "r2c1", "r2c2", "r2c3"]})],
    ("editing", "uikit"): [
        "# uikit: the clicks toggle r0c0 in, r0c1 in, r0c0 out, r0c0 in, at the release.",
        E(sel(0.02, added=["r0c0"], removed=[])), E(sel(0.22, added=[], removed=["r0c0"])),
        E(sel(0.32, added=["r0c0"], removed=[])), N({"event": "item.primaryAction"})],
    ("editing", "qt"): [
        "# qt: the same toggles, at the press. Edit mode is a setting the qt-itemview port does",
        "# not model: this is the rule-based model with qt-itemview's rule values, not measured.",
        E(sel(0.01, added=["r0c0"], removed=[])), E(sel(0.21, added=[], removed=["r0c0"])), N({"event": "item.primaryAction"})],
    ("editing", "gtk"): [
        "# gtk: the same toggles, at the release (the focus moves at the press).",
        E(sel(0.12, added=["r0c1"], removed=[])), E(sel(0.22, added=[], removed=["r0c0"])),
        E(sel(0.32, added=["r0c0"], removed=[])), N({"event": "item.primaryAction"})],
    ("single", "uikit"): [
        "# uikit: the Shift-click on r1c2 replaces r0c0; the Command-click on the selected",
        "# r1c2 deselects it; Command-A selects nothing; the drag from empty space begins",
        "# no band.",
        E(sel(0.13, added=["r1c2"], removed=["r0c0"])), E(sel(0.23, added=[], removed=["r1c2"])),
        N({"event": "band.began"}), N({"t": 0.41}), N({"t": 0.43}), N({"t": 0.45})],
    ("single", "qt"): [
        "# qt: the Shift-click on r1c2 replaces r0c0 at the press; the Control-press at",
        "# 0.22 comes 0.1 s after the Shift-press at the same point: a double click, which",
        "# only activates (r1c2 stays selected); the press on empty space clears it and",
        "# the drag begins no band. Single selection is a setting the qt-itemview port does not",
        "# model: this is the rule-based model with qt-itemview's rule values, not measured.",
        E(sel(0.12, added=["r1c2"], removed=["r0c0"])), E({"t": 0.22, "event": "item.primaryAction", "item": "r1c2"}), N({"event": "band.began"})],
    ("single", "gtk"): [
        "# gtk: the Shift-click on r1c2 replaces r0c0; the Control-click at 0.22 is also",
        "# the second click of a double click on r1c2 (0.1 s after the first): the primary",
        "# action, and it deselects r1c2 at the release; no select all; no band.",
        E(sel(0.13, added=["r1c2"], removed=["r0c0"])), E({"t": 0.22, "event": "item.primaryAction", "item": "r1c2"}),
        E(sel(0.23, added=[], removed=["r1c2"])), N({"event": "band.began"}), N({"t": 0.41}), N({"t": 0.45})],
    ("recent-region", "uikit"): [
        "# uikit: ok is entered and exited; the press at (540,60) begins a band; dragging",
        "# over ok enters it again (the most recent region); dragging off exits it.",
        E({"t": 0.1, "event": "region.exited", "region": "ok"}), E({"t": 0.2, "event": "band.began", "rect": [540, 60, 1, 1]}),
        E({"t": 0.3, "event": "region.entered", "region": "ok"}), E({"t": 0.4, "event": "region.exited", "region": "ok"})],
    ("recent-region", "qt"): [
        "# qt-graphicsview (QGraphicsView): the same, the band beginning past the threshold, at (600,60).",
        E({"t": 0.3, "event": "band.began", "rect": [540, 60, 60.5, 1]}),
        E({"t": 0.3, "event": "region.entered", "region": "ok"}), E({"t": 0.4, "event": "region.exited", "region": "ok"})],
    ("recent-region", "gtk"): [
        "# gtk: the same, the band beginning past 8 points, at (600,60).",
        E({"t": 0.3, "event": "band.began", "rect": [540, 60, 60.5, 1]}),
        E({"t": 0.3, "event": "region.entered", "region": "ok"}), E({"t": 0.4, "event": "region.exited", "region": "ok"})],
    ("escape", "uikit"): [
        "# uikit: Escape cancels the band, r0c0 comes back; the second Escape clears it.",
        E({"t": 0.15, "event": "band.ended", "selection": ["r0c0"], "cancelled": True}), N({"t": 0.17}), N({"t": 0.19}),
        E(sel(0.3, KEY, added=[], removed=["r0c0"]))],
    ("escape", "qt"): [
        "# qt-graphicsview (QGraphicsView): Escape is ignored: the band goes on to the",
        "# release (the press on empty space cleared r0c0); the second Escape does nothing.",
        E({"t": 0.17, "event": "band.selecting", "rect": [150, 120, 250.5, 180.5]}),
        E({"t": 0.19, "event": "band.ended", "selection": ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3"], "cancelled": False}),
        N({"t": 0.3})],
    ("escape", "gtk"): [
        "# gtk: Escape is ignored: the band goes on to the release and replaces r0c0;",
        "# the second Escape does nothing.",
        N({"t": 0.15}), E({"t": 0.19, "event": "band.ended", "selection": ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3"], "cancelled": False}),
        N({"t": 0.3})],
    ("band-pointer", "uikit"): [
        "# uikit: the band, and the band-shaped pointer, begin at the press.",
        E({"t": 0, "event": "pointer", "shape": {"circle": 19}}),
        E({"t": 0.01, "event": "pointer", "shape": {"roundedRect": [150, 120, 1, 1, 0]}}),
        E({"t": 0.05, "event": "pointer", "shape": {"roundedRect": [150, 120, 120, 110, 0]}}),
        E({"t": 0.07, "event": "pointer", "shape": {"circle": 19}})],
    ("band-pointer", "qt"): [
        "# qt-graphicsview (QGraphicsView): the band, and the band-shaped pointer, begin past the threshold.",
        E({"t": 0.01, "event": "pointer", "shape": {"circle": 19}}),
        E({"t": 0.03, "event": "pointer", "shape": {"roundedRect": [150, 120, 15.5, 15.5, 0]}}),
        E({"t": 0.05, "event": "pointer", "shape": {"roundedRect": [150, 120, 120.5, 110.5, 0]}}),
        E({"t": 0.07, "event": "pointer", "shape": {"circle": 19}})],
    ("band-pointer", "gtk"): [
        "# gtk: the band, and the band-shaped pointer, begin past 8 points.",
        E({"t": 0.01, "event": "pointer", "shape": {"circle": 19}}),
        E({"t": 0.03, "event": "pointer", "shape": {"roundedRect": [150, 120, 15.5, 15.5, 0]}}),
        E({"t": 0.05, "event": "pointer", "shape": {"roundedRect": [150, 120, 120.5, 110.5, 0]}}),
        E({"t": 0.07, "event": "pointer", "shape": {"circle": 19}})],
}
for _p in TOGGLE:
    NOTES[("removed", _p)] = [
        E({"t": 0.05, "event": "band.ended", "selection": [], "cancelled": True}),
        E({"t": 0.05, "event": "device.removed", "device": "/dev/input/event7"}), N({"t": 0.07}), N({"t": 0.09})]


def cases(p):
    tog = TOGGLE[p]
    yield "click", None, "clicks on r0c1, on r1c2 and on r1c2 again (Qt/GTK: a double click), on empty space", [
        *click(0.0, 210, 70),
        "# r1c2, then again within 400 ms and 5 pt",
        *click(0.1, 330, 170), "0.200 press primary", "0.210 release primary",
        "# empty space: UIKit a 1x1 band (clears), Qt clears at the press, GTK keeps",
        *click(0.5, 150, 120)]
    yield "toggle", None, f"{tog}-click toggles; {tog}-click on empty space keeps the selection", [
        *click(0.0, 90, 70), f"0.100 modifiers {tog}", *click(0.11, 330, 70), *click(0.2, 90, 70),
        *click(0.3, 150, 120), "0.400 modifiers"]
    yield "range", None, "Shift-click selects the range from the anchor in scene order; the anchor stays", [
        *click(0.0, 210, 70), "0.100 modifiers shift", *click(0.11, 330, 270), *click(0.2, 90, 70),
        f"0.300 modifiers shift {tog}", "# with the toggle modifier too: the range is added",
        *click(0.31, 450, 270), "0.400 modifiers"]
    yield "keys", None, "keyboard focus: arrows, Shift+arrow, Space, Return, select all, Escape, Tab", [
        "0.000 key right", "0.100 key right", "0.200 key down", "0.300 key space",
        "0.400 modifiers shift", "0.500 key right", "0.600 key down", "0.700 modifiers",
        "0.800 key left", "0.900 key return", f"1.000 modifiers {tog}", "1.100 key a", "1.200 modifiers",
        "1.300 key a", "1.400 key escape", "1.500 key tab", "1.600 key up", "1.700 key up", "1.800 key up"]
    yield "follows-focus", {"selectionFollowsFocus": True}, "selectionFollowsFocus: an arrow selects the focused item alone", [
        "0.000 key down", "0.100 key right", "0.200 modifiers shift", "0.300 key right", "0.400 modifiers",
        "0.500 key down", *click(0.6, 90, 70), "0.700 key right"]
    yield "context", None, "context menus: empty space, an unselected item, a selected item, Control-click", [
        *click(0.0, 150, 120, "secondary"), *click(0.1, 90, 70),
        f"0.200 modifiers {tog}", *click(0.21, 210, 70), "0.300 modifiers",
        *click(0.4, 330, 70, "secondary"), *click(0.5, 90, 70, "secondary"), *click(0.6, 150, 120, "secondary"),
        *click(0.7, 90, 70), "0.800 modifiers control", *click(0.81, 210, 70), "0.900 modifiers",
        "# a right click on a claiming region is the control's, not the items'",
        *click(1.0, 600, 60, "secondary")]
    yield "controls", None, "who gets the press: a button on an item, a button, a latched slider drag over items, a band from empty space over regions", [
        *click(0.0, 90, 70),
        "# the star button on r0c0 claims the press: no click, no band while dragging over items",
        "0.100 move 122 57", "0.110 press primary", "0.130 move 300 250", "0.150 release primary",
        "0.200 move 600 60", "0.210 press primary", "0.230 move 200 200", "0.250 release primary",
        "# the knob latches; dragging it over the items selects nothing",
        "0.300 move 572 162", "0.310 press primary", "0.330 move 100 160", "0.350 move 60 260", "0.370 release primary",
        "# the label (hover) claims nothing: a band begins there",
        "0.400 move 600 320", "0.410 press primary", "0.430 move 450 250", "0.450 release primary",
        "# a band from empty space passes over the ok button (not entered) and on over items",
        "0.500 move 530 120", "0.510 press primary", "0.530 move 600 60", "0.550 move 250 150", "0.570 release primary"]
    yield "item-drag", None, "a drag that starts on an item: UIKit and GTK band from the press point, Qt's item keeps the press", [
        "0.000 move 90 70", "0.010 press primary", "0.020 move 91 71", "0.030 move 300 250", "0.040 release primary",
        f"0.100 modifiers {tog}", "0.110 move 450 270", "0.120 press primary", "0.130 move 330 170", "0.140 release primary",
        "0.200 modifiers"]
    yield "editing", {"editing": True}, "edit mode: a click toggles, no primary action (also not for Return)", [
        *click(0.0, 90, 70), *click(0.1, 210, 70), *click(0.2, 90, 70), *click(0.3, 90, 70), "0.400 key return"]
    yield "single", {"multiple": False}, "single selection: Shift and the toggle modifier do not extend; no band; no select all", [
        *click(0.0, 90, 70), "0.100 modifiers shift", *click(0.11, 330, 170), f"0.200 modifiers {tog}",
        *click(0.21, 330, 170), "0.230 key a", "0.300 modifiers", "0.400 move 150 120", "0.410 press primary",
        "0.430 move 400 300", "0.450 release primary"]
    yield "recent-region", None, "the most recent region is the last current one: hover ok, leave, press outside, drag back in", [
        "0.000 move 600 60", "0.100 move 540 60", "0.200 press primary", "0.300 move 600 60", "0.400 move 700 60",
        "0.500 release primary"]
    yield "removed", None, "an unplug in a trace cancels the band it drives; the rest of the press is ignored", [
        "0.000 move 150 120", "0.010 press primary", "0.030 move 300 250", "0.050 removed /dev/input/event7",
        "0.070 move 400 300", "0.090 release primary"]
    yield "escape", None, "Escape while banding: UIKit cancels the band (the selection of the press comes back), Qt and GTK ignore it; after it, UIKit's Escape clears", [
        *click(0.0, 90, 70), "0.100 move 150 120", "0.110 press primary", "0.130 move 300 250", "0.150 key escape",
        "0.170 move 400 300", "0.190 release primary", "0.300 key escape"]
    yield "band-pointer", None, "while banding the pointer is the band rect (verbose); before and after the system pointer", [
        "0.000 move 150 120", "0.010 press primary", "0.030 move 165 135", "0.050 move 270 230", "0.070 release primary"]


# The controls case's comments, as they read without regionsClaimPress.
UNCLAIMED = {
    "# the star button on r0c0 claims the press: no click, no band while dragging over items":
        "# the star button on r0c0 claims nothing here: the press is r0c0's (a drag from an item: see item-drag)",
    "# the knob latches; dragging it over the items selects nothing":
        "# the knob still latches, and the drag from it is a band over the items",
}


def main():
    os.makedirs(HERE, exist_ok=True)
    for p in TOGGLE:
        for name, sel, what, lines in cases(p):
            base = os.path.join(HERE, f"{p}-{name}")
            with open(base + ".scene.json", "w") as f:
                json.dump(scene(scene_profile(p, name), sel), f, indent=1)
                f.write("\n")
            with open(base + ".trace", "w") as f:
                f.write(f"pointersim-trace 1\n# {scene_profile(p, name)}: {what}\n" + "".join(n + "\n" for n in NOTES.get((name, p), [])) + "\n".join(lines) + "\n")
            if name == "band-pointer":
                with open(base + ".flags", "w") as f:
                    f.write("--verbose\n")
        # The old rule as a scene option: nothing claims the press.
        base = os.path.join(HERE, f"{p}-controls-unclaimed")
        with open(base + ".scene.json", "w") as f:
            json.dump(scene(p, claim=False), f, indent=1)
            f.write("\n")
        with open(base + ".trace", "w") as f:
            name, sel, what, lines = next(c for c in cases(p) if c[0] == "controls")
            lines = [UNCLAIMED.get(l, l) for l in lines]
            f.write(f"pointersim-trace 1\n# {p}: band.regionsClaimPress false (the old rule): bands begin on controls\n"
                    + "".join(n + "\n" for n in NOTES.get(("controls-unclaimed", p), [])) + "\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
