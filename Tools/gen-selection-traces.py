#!/usr/bin/env python3
"""Writes the selection scenarios under Traces/selection/: one trace and one
scene per case and profile (uikit, qt, gtk). The expected logs are made with
Tools/update-golden.sh Traces/selection and reviewed by hand.

The scene: a 4 x 3 grid of 100 x 60 items r<row>c<col> at (40 + 120 col,
40 + 100 row); a "star" button (highlight) on r0c0 at [110, 45, 24, 24]; an
"ok" button (highlight) at [560, 40, 80, 40]; a slider "knob" (lift,
latching horizontally) at [560, 150, 24, 24]; a "label" (hover, claims
nothing) at [560, 300, 200, 40]."""
import json, os, sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Traces", "selection")
TOGGLE = {"uikit": "command", "qt": "control", "gtk": "control"}


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


def cases(p):
    tog = TOGGLE[p]
    yield "click", None, "clicks: select one, replace, click again (Qt/GTK: a double click), empty space", [
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
    yield "escape", None, "Escape while banding cancels the band (the selection of the press comes back); after it, UIKit clears", [
        *click(0.0, 90, 70), "0.100 move 150 120", "0.110 press primary", "0.130 move 300 250", "0.150 key escape",
        "0.170 move 400 300", "0.190 release primary", "0.300 key escape"]
    yield "band-pointer", None, "while banding the pointer is the band rect (verbose); before and after the system pointer", [
        "0.000 move 150 120", "0.010 press primary", "0.030 move 165 135", "0.050 move 270 230", "0.070 release primary"]


def main():
    os.makedirs(HERE, exist_ok=True)
    for p in ("uikit", "qt", "gtk"):
        for name, sel, what, lines in cases(p):
            base = os.path.join(HERE, f"{p}-{name}")
            with open(base + ".scene.json", "w") as f:
                json.dump(scene(p, sel), f, indent=1)
                f.write("\n")
            with open(base + ".trace", "w") as f:
                f.write(f"pointersim-trace 1\n# {p}: {what}\n" + "\n".join(lines) + "\n")
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
            f.write(f"pointersim-trace 1\n# {p}: band.regionsClaimPress false (the old rule): bands begin on controls\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
