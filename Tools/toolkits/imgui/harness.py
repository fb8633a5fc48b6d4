#!/usr/bin/env python3
"""Play PointerSim sessions (scene + trace) in real Dear ImGui and report what ImGui did.

    harness.py --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate]
    harness.py --conform     (a child of `pointersim conform --exec`)

The protocol is in Traces/toolkits/README.md: one RESULTS line per corpus line,
{"name", "toolkit", "widget", "observations": [{"step", "selection", "band"}]} or
{"name", "skipped": reason}. The harness reports only what ImGui did; it encodes no expectation.

The view (widget "multiselect"): one ImGui window covering the display (no decorations, padding,
border, rounding or scroll bars), and inside it BeginMultiSelect() with the flags Dear ImGui's demo
("Examples/Assets Browser") gives its box-select grid: ClearOnEscape | ClearOnClickVoid |
BoxSelect2d; the selection is a set of item indices, to which the requests (SetAll, SetRange) are
applied after BeginMultiSelect() and after EndMultiSelect(), as the demo does (it applies them to an
ImGuiSelectionBasicStorage, whose 1.93.0 batch path loses items: FINDINGS.md). Each scene item is a Selectable
("##id") of the item's size at the item's position (SetCursorScreenPos), with zero ItemSpacing and
FramePadding, submitted in scene order with its index as selection user data. Every item rect is
read back (GetItemRectMin/Max) in every frame and must equal the scene's, else the session is
skipped with why.

Frames: ImGui is frame-driven, so time is what the harness advances. Every trace event line is
queued (io.AddMousePosEvent, AddMouseButtonEvent, AddKeyEvent for ImGuiMod_* and keys) and one frame
is run whose io.DeltaTime brings ImGui's clock to the event's trace time; then one more frame
without input (0.1 ms, taken off the next delta), as a running application renders continuously;
a key is released in that second frame. The observation after the step: the selected ids in scene
order; "activated": the items an application's usual activation test
(IsItemHovered() && IsMouseDoubleClicked(0), right after the item) fired for; "band": BoxSelectState's current rect [x, y, w, h] while ImGui's box-select is active
(IsActive), null when not. Nothing else is shared between sessions: each gets a fresh ImGui context.
Modifiers map as: shift -> Shift, control -> Ctrl, option -> Alt, command -> Super.
"""

import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from session import conform_answers, conform_loop, scene_items, trace_steps  # noqa: E402

EVENTS = {"move", "press", "release", "modifiers", "key"}
MOD_NAMES = {"shift": "shift", "control": "control", "ctrl": "control", "option": "option",
             "alt": "option", "command": "command", "meta": "command", "super": "command"}
SETTLE = 0.0001  # the frame without input after each event's frame


class Skip(Exception):
    pass


def parse_trace(text):
    try:
        lines = trace_steps(text)
    except ValueError as e:
        raise Skip(str(e))
    steps = []
    for t, ev, args in lines:
        if ev not in EVENTS:
            raise Skip("trace event %r has no ImGui counterpart in this harness" % ev)
        if ev == "modifiers":
            mods = set()
            for a in args:
                if a.lower() not in MOD_NAMES:
                    raise Skip("unknown modifier %r" % a)
                mods.add(MOD_NAMES[a.lower()])
            args = sorted(mods)
        elif ev in ("press", "release"):
            if args not in (["primary"], ["secondary"], ["middle"]):
                raise Skip("bad button %r" % args)
        elif ev == "move":
            if len(args) != 2:
                raise Skip("bad move")
            args = [float(args[0]), float(args[1])]
            if args[0] != int(args[0]) or args[1] != int(args[1]):
                raise Skip("moves must be whole pixels (ImGui floors the pointer position)")
        elif ev == "key":
            if len(args) != 1:
                raise Skip("bad key")
        steps.append((t, ev, args))
    return steps


def check_scene(scene):
    view = scene.get("view", {})
    W, H = view.get("width", 1024), view.get("height", 768)
    if view.get("scale", 2) != 1:
        raise Skip("view.scale must be 1 (one view point = one ImGui pixel)")
    content = view.get("content")
    if content and (content.get("width", W) != W or content.get("height", H) != H
                    or content.get("offset", [0, 0]) != [0, 0]):
        raise Skip("scrolling content is not played")
    if W != int(W) or H != int(H):
        raise Skip("view size must be whole pixels")
    if scene.get("regions"):
        raise Skip("pointer regions have no ImGui counterpart")
    band = scene.get("band", {})
    if band.get("enabled", True) is not True or band.get("vetoRects") or band.get("beginsOnItems", True) is not True:
        raise Skip("band.enabled/vetoRects/beginsOnItems are not ImGui settings")
    if band.get("hitRule", "intersects") != "intersects":
        raise Skip("ImGui's box hits items it overlaps (hitRule intersects)")
    sel = scene.get("selection", {})
    if sel.get("focus", True) is not True or sel.get("editing", False) or sel.get("selectionFollowsFocus", False):
        raise Skip("selection.focus/editing/selectionFollowsFocus are not played")
    items = scene_items(scene)
    ids = [i for i, _ in items]
    if len(set(ids)) != len(ids):
        raise Skip("item ids must be unique")
    for _, r in items:
        if any(v != int(v) for v in r) or r[2] <= 0 or r[3] <= 0:
            raise Skip("item rects must be whole pixels with a positive size")
    return int(W), int(H), items


_im = None


def im():
    global _im
    if _im is None:
        from imgui_bundle import imgui
        _im = imgui
    return _im


KEYMAP = None


def keymap():
    global KEYMAP
    if KEYMAP is None:
        K = im().Key
        KEYMAP = {"left": K.left_arrow, "right": K.right_arrow, "up": K.up_arrow, "down": K.down_arrow,
                  "space": K.space, "return": K.enter, "escape": K.escape, "tab": K.tab,
                  "delete": K.delete, "home": K.home, "end": K.end}
        for c in "abcdefghijklmnopqrstuvwxyz":
            KEYMAP[c] = getattr(K, c)
    return KEYMAP


def toolkit_name():
    return "Dear ImGui %s (imgui-bundle)" % im().get_version()


class View:
    """One fresh ImGui context with the multi-select view of a scene."""

    def __init__(self, W, H, items):
        imgui = im()
        self.W, self.H, self.items = W, H, items
        self.ctx = imgui.create_context()
        imgui.set_current_context(self.ctx)
        io = imgui.get_io()
        io.set_ini_filename(None)
        io.display_size = (W, H)
        io.backend_flags |= imgui.BackendFlags_.renderer_has_textures.value
        # io.config_flags |= imgui.ConfigFlags_.nav_enable_keyboard.value
        self.io = io
        st = imgui.get_style()
        st.window_padding = (0, 0)
        st.item_spacing = (0, 0)
        st.item_inner_spacing = (0, 0)
        st.frame_padding = (0, 0)
        st.window_border_size = 0
        st.window_rounding = 0
        st.touch_extra_padding = (0, 0)
        self.flags = (imgui.MultiSelectFlags_.clear_on_escape.value | imgui.MultiSelectFlags_.clear_on_click_void.value
                      | imgui.MultiSelectFlags_.box_select2d.value)
        self.selection = set()  # item indices (see apply())
        self.clock = 0.0   # the trace time ImGui's clock stands at
        self.mismatch = None
        self.activated = []  # items double-clicked (IsItemHovered() && IsMouseDoubleClicked(0)) since the last observation

    def frame(self, dt):
        imgui = im()
        self.io.delta_time = max(dt, 1e-6)
        imgui.new_frame()
        imgui.set_next_window_pos((0, 0))
        imgui.set_next_window_size((self.W, self.H))
        wf = imgui.WindowFlags_
        imgui.begin("view", None, wf.no_decoration.value | wf.no_move.value | wf.no_resize.value
                    | wf.no_saved_settings.value | wf.no_scrollbar.value | wf.no_scroll_with_mouse.value
                    | wf.no_background.value | wf.no_focus_on_appearing.value)
        ms = imgui.begin_multi_select(self.flags, len(self.selection), len(self.items))
        self.apply(ms)
        for i, (iid, (x, y, w, h)) in enumerate(self.items):
            imgui.set_cursor_screen_pos((x, y))
            imgui.set_next_item_selection_user_data(i)
            imgui.selectable("##" + iid, i in self.selection, 0, (w, h))
            if imgui.is_item_hovered() and imgui.is_mouse_double_clicked(0):
                self.activated.append(iid)
            mn, mx = imgui.get_item_rect_min(), imgui.get_item_rect_max()
            got = [mn.x, mn.y, mx.x - mn.x, mx.y - mn.y]
            if got != [x, y, w, h] and self.mismatch is None:
                self.mismatch = "item %s: ImGui's rect %s, the scene's %s" % (iid, got, [x, y, w, h])
        ms = imgui.end_multi_select()
        self.apply(ms)
        imgui.end()
        imgui.render()

    def apply(self, ms):
        """The requests, applied as imgui_widgets.cpp's comment on ApplyRequests gives "the most
        simple implementation": SetAll clears (and selects every item), SetRange sets each item of
        the range. (ImGuiSelectionBasicStorage is not used: 1.93.0's batch path loses items, see
        Tools/toolkits/imgui/FINDINGS.md.)"""
        RT = im().SelectionRequestType
        for req in ms.requests:
            if req.type == RT.set_all:
                self.selection = set(range(len(self.items))) if req.selected else set()
            elif req.type == RT.set_range:
                for n in range(int(req.range_first_item), int(req.range_last_item) + 1):
                    if req.selected:
                        self.selection.add(n)
                    else:
                        self.selection.discard(n)

    def state(self):
        sel = [iid for i, (iid, _) in enumerate(self.items) if i in self.selection]
        bs = im().get_current_context().box_select_state
        band = None
        if bs.is_active:
            r = bs.box_select_rect_curr
            band = [r.min.x, r.min.y, r.max.x - r.min.x, r.max.y - r.min.y]
        return sel, band

    def close(self):
        im().destroy_context(self.ctx)


def play(sess):
    name = sess.get("name", "?")
    try:
        W, H, items = check_scene(sess["scene"])
        steps = parse_trace(sess["trace"])
    except Skip as e:
        return {"name": name, "skipped": str(e)}
    imgui = im()
    v = View(W, H, items)
    # the application's selection at the start (the scene's band.initialSelection)
    v.selection = {k for k, (iid, _) in enumerate(items) if iid in set(sess["scene"].get("band", {}).get("initialSelection", []))}
    try:
        io = v.io
        # the pointer starts outside the view; two frames lay the view out
        v.frame(1 / 60)
        v.frame(1 / 60)
        v.activated = []
        if v.mismatch:
            return {"name": name, "skipped": "geometry: " + v.mismatch}
        t0 = steps[0][0] if steps else 0.0
        v.clock = t0 - SETTLE
        mods = set()
        obs = []
        MOD_KEYS = {"shift": imgui.Key.mod_shift, "control": imgui.Key.mod_ctrl,
                    "option": imgui.Key.mod_alt, "command": imgui.Key.mod_super}
        for k, (t, ev, args) in enumerate(steps):
            if ev == "move":
                io.add_mouse_pos_event(args[0], args[1])
            elif ev in ("press", "release"):
                b = {"primary": 0, "secondary": 1, "middle": 2}[args[0]]
                io.add_mouse_button_event(b, ev == "press")
            elif ev == "modifiers":
                new = set(args)
                for m in sorted(mods - new):
                    io.add_key_event(MOD_KEYS[m], False)
                for m in sorted(new - mods):
                    io.add_key_event(MOD_KEYS[m], True)
                mods = new
            elif ev == "key":
                km = keymap()
                if args[0] not in km:
                    return {"name": name, "skipped": "key %r is not played" % args[0]}
                io.add_key_event(km[args[0]], True)
            dt = t - v.clock
            if dt <= 0:
                dt = 1e-6
            v.frame(dt)
            v.clock += dt
            if ev == "key":
                io.add_key_event(keymap()[args[0]], False)
            v.frame(SETTLE)
            v.clock += SETTLE
            if v.mismatch:
                return {"name": name, "skipped": "geometry: " + v.mismatch}
            sel, band = v.state()
            obs.append({"step": k, "selection": sel, "band": band, "activated": v.activated})
            v.activated = []
        return {"name": name, "toolkit": toolkit_name(), "widget": "multiselect", "observations": obs}
    finally:
        v.close()


def load_corpus(path, only):
    out = []
    with open(path) as f:
        for line in f:
            if line.strip():
                s = json.loads(line)
                if not only or s["name"] in only:
                    out.append(s)
    return out


def conform():
    def answer(n, scene, trace, steps):
        r = play({"name": str(n), "scene": scene, "trace": trace})
        return conform_answers(r, steps, "ImGui", every_step=True)
    conform_loop(answer, sys.stdin, sys.stdout)


def validate(sessions, first, second):
    problems = []
    for s, a, b in zip(sessions, first, second):
        if a != b:
            problems.append("%s: the two runs differ" % s["name"])
        if "skipped" in a and a["skipped"].startswith("geometry"):
            problems.append("%s: %s" % (s["name"], a["skipped"]))
    return problems


PROBE = {
    "name": "validate-probe-box",
    "widget": "multiselect",
    "scene": {"format": "pointersim-scene/1", "view": {"width": 300, "height": 200, "scale": 1},
              "items": [{"id": "a", "rect": [100, 60, 40, 30]}, {"id": "b", "rect": [150, 60, 40, 30]}]},
    "trace": "pointersim-trace 1\n0.000 move 20 20\n0.040 press primary\n0.080 move 120 70\n0.120 move 30 30\n"
             "0.160 release primary\n",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus")
    ap.add_argument("--out")
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--validate", action="store_true")
    ap.add_argument("--conform", action="store_true", help="be a child of `pointersim conform --exec` (stdin/stdout)")
    a = ap.parse_args()
    if a.conform:
        conform()
        return 0
    if not a.corpus or not a.out:
        ap.error("--corpus and --out are required")
    sessions = load_corpus(a.corpus, set(a.only))
    names = [s["name"] for s in sessions]
    if len(set(names)) != len(names):
        raise SystemExit("duplicate session names in the corpus")
    results = [play(s) for s in sessions]
    with open(a.out, "w") as f:
        for r in results:
            f.write(json.dumps(r) + "\n")
    skipped = sum(1 for r in results if "skipped" in r)
    print("%d sessions played, %d skipped -> %s" % (len(results) - skipped, skipped, a.out))
    if a.validate:
        second = [play(s) for s in sessions]
        problems = validate(sessions, results, second)
        probe = play(PROBE)
        bands = [o["band"] for o in probe.get("observations", [])]
        # the box must exist while dragging (steps 2 and 3), cover a at step 2 and select it, and be gone after the release
        if not (bands[2] and bands[3] and bands[4] is None and probe["observations"][2]["selection"] == ["a"]
                and probe["observations"][3]["selection"] == []):
            problems.append("probe: a box from empty space was not created as expected: %s" % probe)
        else:
            print("probe: box-select from empty space active with rects %s, %s" % (bands[2], bands[3]))
        played = sum(1 for r in results if "skipped" not in r)
        print("validate: %d sessions played twice; every item rect read back in every frame" % played)
        for p in problems:
            print("VALIDATION: " + p)
        if problems:
            return 1
        print("validate: OK (identical runs, geometry equal to the scenes, box-select really active)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
