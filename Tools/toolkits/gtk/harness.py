#!/usr/bin/python3
"""Play PointerSim sessions in a real GTK 4 GtkGridView and report what GTK did.

    harness.py --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate] [--detail]
               [--view-offset N]

Implements the protocol of Traces/toolkits/README.md (the GTK side). Needs an X server in $DISPLAY
(run.sh starts a private Xvfb), Debian's python3-gi + gir1.2-gtk-4.0 and libXtst
(installed with xdotool). Input is real X input: XTest requests sent through
libXtst (ctypes, Tools/toolkits/xinput.py) on a second X connection, so GDK reads them through XInput2
exactly as it reads a mouse and a keyboard.

How a session is played (one GTK process plays every session):
- a fresh undecorated toplevel per session (fresh GtkGridView, GtkMultiSelection,
  list item widgets and their click gestures, so no anchor, focus or double-click
  series survives from one session to the next), the grid view at the window's
  corner (an identity transform, so GTK sees whole-pixel coordinates), the window
  MARGIN pixels larger to the right and below;
- the scene must be a grid GtkGridView reproduces exactly: cells tile the view from
  (0,0), pitch == size, columns * cell width == view width, rows * cell height <=
  view height; every cell's allocation is read back (compute_bounds) and compared;
  otherwise the session is skipped with the reason;
- trace events are sent at their trace times (gaps longer than LONG_GAP seconds
  are shortened to SHORT_GAP: GTK's only timing rule here is the 400 ms
  double-click time, a GLib timer GtkGestureClick starts when it handles a press);
- after every release and every key the pointer is moved to a pixel beside the
  view and the harness waits until GTK's toplevel has seen that motion (X delivers
  events in order, so GTK has then handled everything before it), reads the
  selection and moves the pointer back; with a button held (moving would move the
  drag) it waits SETTLE_HELD seconds instead;
- whether GTK's rubberband existed before a release is asked by a capture-phase
  controller on the toplevel, which sees every event before the grid view does (the
  release is the last event whose state still holds the released button).
The harness records only what GTK did; it never encodes expectations.
"""

import argparse
import json
import os
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from session import conform_answers, conform_loop, trace_steps  # noqa: E402
from xinput import XInput  # noqa: E402

# The capture controller's "event" signal carries a GdkEvent, which PyGObject cannot
# marshal (it warns once and passes None); the harness reads the event through the
# controller instead.
warnings.filterwarnings("ignore", message=".*G_VALUE_HOLDS_OBJECT.*")

os.environ["GDK_BACKEND"] = "x11"
os.environ["GDK_SCALE"] = "1"
os.environ.setdefault("GTK_A11Y", "none")
os.environ.setdefault("NO_AT_BRIDGE", "1")

import gi  # noqa: E402

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkX11", "4.0")
from gi.repository import Gdk, GdkX11, GLib, Gtk  # noqa: E402,F401

MAX_LATE = 0.025           # seconds: a press sent later than this replays the session
MAX_TRIES = 5
VIEW_OFFSET = 0           # the grid view's origin inside the toplevel window (--view-offset)
MARGIN = 40               # window pixels right of and below the view (the sync pixel is there)
LONG_GAP = 1.0            # trace gaps longer than this (seconds) ...
SHORT_GAP = 0.6           # ... are played as this (more than the double-click time)
SYNC_TIMEOUT = 3.0        # seconds to wait for GTK to report the sync motion
SETTLE_HELD = 0.15        # final observation with a button still held: wait this long

KEYSYMS = {"left": "Left", "right": "Right", "up": "Up", "down": "Down",
           "space": "space", "return": "Return", "escape": "Escape", "tab": "Tab"}
MODIFIER_KEYSYMS = {"shift": "Shift_L", "control": "Control_L", "option": "Alt_L",
                    "command": "Super_L"}
FLAG_ALIASES = {"ctrl": "control", "alt": "option", "meta": "command", "super": "command"}
BUTTONS = {"primary": 1, "middle": 2, "secondary": 3}
BUTTON_MASKS = {1: int(1 << 8), 2: int(1 << 9), 3: int(1 << 10)}  # GDK_BUTTON1/2/3_MASK


class Skip(Exception):
    pass


# ---------------------------------------------------------------- main loop helpers

CTX = GLib.MainContext.default()


def pump_until_time(deadline):
    """Run GTK's main loop until time.monotonic() >= deadline."""
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            while CTX.pending():
                CTX.iteration(False)
            return
        if remaining < 0.002:
            CTX.iteration(False)
            continue
        src = GLib.timeout_source_new(max(1, int(remaining * 1000) - 1))
        src.set_callback(lambda *a: False)
        src.attach(CTX)
        CTX.iteration(True)
        src.destroy()


def pump_until(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise RuntimeError("timed out waiting for " + what)
        src = GLib.timeout_source_new(5)
        src.set_callback(lambda *a: False)
        src.attach(CTX)
        CTX.iteration(True)
        src.destroy()


# ---------------------------------------------------------------- parsing

def parse_trace(text):
    events = []
    try:
        lines = trace_steps(text)
    except ValueError as e:
        raise Skip(str(e))
    for t, kind, args in lines:
        if kind == "move":
            ev = ("move", float(args[0]), float(args[1]))
        elif kind == "delta":
            ev = ("delta", float(args[0]), float(args[1]))
        elif kind in ("press", "release"):
            if args[0] not in BUTTONS:
                raise Skip("unsupported button %s" % args[0])
            ev = (kind, args[0])
        elif kind == "modifiers":
            flags = set()
            for a in args:
                a = FLAG_ALIASES.get(a, a)
                if a == "capsLock":
                    raise Skip("capsLock is not played")
                if a not in MODIFIER_KEYSYMS:
                    raise Skip("unknown modifier %s" % a)
                flags.add(a)
            ev = ("modifiers", frozenset(flags))
        elif kind == "key":
            name = args[0]
            if name in KEYSYMS:
                ev = ("key", KEYSYMS[name])
            elif len(name) == 1 and "a" <= name <= "z":
                ev = ("key", name)
            else:
                raise Skip("unknown key %s" % name)
        else:
            raise Skip("event %r has no GTK counterpart in this harness" % kind)
        events.append((t, ev))
    return events


def scene_grid(scene):
    """(ids, columns, rows, cell_w, cell_h, view_w, view_h) or Skip."""
    view = scene.get("view", {})
    vw = view.get("width", 1024)
    vh = view.get("height", 768)
    if view.get("scale", 2) != 1:
        raise Skip("view.scale must be 1 (one view point = one device pixel)")
    content = view.get("content")
    if content and (content.get("width", vw) != vw or content.get("height", vh) != vh):
        raise Skip("scrolling content is not reproduced")
    if vw != int(vw) or vh != int(vh):
        raise Skip("view size must be whole pixels")
    vw, vh = int(vw), int(vh)
    band = scene.get("band", {})
    if band.get("initialSelection"):
        raise Skip("initialSelection is not played")  # could be; not needed yet
    if band.get("enabled", True) is False or band.get("vetoRects"):
        raise Skip("band.enabled/vetoRects have no GtkGridView counterpart")
    sel = scene.get("selection", {})
    if sel.get("multiple", True) is False or sel.get("editing", False) or \
            sel.get("selectionFollowsFocus", False) or sel.get("focus", True) is False:
        raise Skip("selection options other than the defaults are not reproduced")
    if scene.get("regions"):
        raise Skip("pointer regions have no GtkGridView counterpart")
    items = scene.get("items")
    if isinstance(items, dict):
        g = items["grid"]
        rows, cols = int(g["rows"]), int(g["columns"])
        origin = g.get("origin", [0, 0])
        size = g["size"]
        pitch = g.get("pitch", size)
        if list(origin) != [0, 0]:
            raise Skip("grid origin must be [0,0]: GtkGridView cells start at the view's corner")
        if list(pitch) != list(size):
            raise Skip("grid pitch must equal size: GtkGridView 4.8 has no spacing")
        cw, ch = size
        ids = ["r%dc%d" % (r, c) for r in range(rows) for c in range(cols)]
    elif isinstance(items, list) and items:
        ids = [it["id"] for it in items]
        cw, ch = items[0]["rect"][2], items[0]["rect"][3]
        if cw <= 0 or ch <= 0:
            raise Skip("empty items")
        cols = int(round(vw / cw))
        rows = (len(ids) + cols - 1) // cols
        if rows * cols != len(ids):
            raise Skip("items do not fill whole rows")
        for i, it in enumerate(items):
            want = [(i % cols) * cw, (i // cols) * ch, cw, ch]
            if list(it["rect"]) != want:
                raise Skip("item %s is not at the grid cell GtkGridView gives it (%s)" % (it["id"], want))
    else:
        raise Skip("no items")
    if cw != int(cw) or ch != int(ch):
        raise Skip("cell size must be whole pixels")
    cw, ch = int(cw), int(ch)
    if cols * cw != vw:
        raise Skip("columns * cell width (%d) must equal the view width (%d): GtkGridView "
                   "divides its width among its columns" % (cols * cw, vw))
    if rows * ch > vh:
        raise Skip("rows * cell height exceeds the view height (content would scroll)")
    return ids, cols, rows, cw, ch, vw, vh


# ---------------------------------------------------------------- the GTK side

CSS = b"""
window, window > * { padding: 0; margin: 0; border: 0; background: #777; }
gridview { padding: 0; margin: 0; border: 0; border-spacing: 0; outline: none; background: #eee; }
gridview > child { padding: 0; margin: 0; border: 0; min-width: 0; min-height: 0;
                   outline: none; border-radius: 0; }
gridview > child > box { padding: 0; margin: 0; border: 0; min-width: 0; min-height: 0; }
"""


def state_names(state):
    if state is None:
        return None
    names = [f for f in ("shift", "lock", "control", "alt", "super", "hyper", "meta")
             if state & int(getattr(Gdk.ModifierType, f.upper() + "_MASK"))]
    known = sum(int(getattr(Gdk.ModifierType, f.upper() + "_MASK")) for f in
                ("shift", "lock", "control", "alt", "super", "hyper", "meta",
                 "button1", "button2", "button3", "button4", "button5"))
    if state & ~known:
        names.append("0x%x" % (state & ~known))
    return names


def css_children(widget, name):
    out = []
    child = widget.get_first_child()
    while child is not None:
        if child.get_css_name() == name:
            out.append(child)
        child = child.get_next_sibling()
    return out


class Session:
    def __init__(self, ids, cols, rows, cw, ch, vw, vh, detail):
        self.ids = ids
        self.detail = detail
        self.vw, self.vh = vw, vh
        self.activated = []
        self.log = []          # detail: what GTK did, with the step being handled
        self.step = -1
        self.sync_seen = 0
        self.sync_target = None
        self.cells = {}

        self.store = Gtk.StringList.new(ids)
        self.model = Gtk.MultiSelection.new(self.store)
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", self._setup, ch)
        factory.connect("bind", self._bind)
        factory.connect("unbind", self._unbind)
        gv = Gtk.GridView.new(self.model, factory)
        gv.set_enable_rubberband(True)
        gv.set_single_click_activate(False)
        gv.set_min_columns(cols)
        gv.set_max_columns(cols)
        gv.set_size_request(vw, vh)
        gv.set_hexpand(False)
        gv.set_vexpand(False)
        gv.connect("activate", self._on_activate)
        self.model.connect("selection-changed", self._on_selection_changed)
        self.gv = gv

        win = Gtk.Window()
        win.set_decorated(False)
        win.set_resizable(False)
        fixed = Gtk.Fixed()
        fixed.put(gv, VIEW_OFFSET, VIEW_OFFSET)
        fixed.set_size_request(vw + VIEW_OFFSET + MARGIN, vh + VIEW_OFFSET + MARGIN)
        win.set_child(fixed)
        win.set_default_size(vw + VIEW_OFFSET + MARGIN, vh + VIEW_OFFSET + MARGIN)
        legacy = Gtk.EventControllerLegacy()
        legacy.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
        legacy.connect("event", self._on_event)
        win.add_controller(legacy)
        motion = Gtk.EventControllerMotion()
        motion.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
        motion.connect("motion", self._on_motion)
        win.add_controller(motion)
        self.capture_log = []
        self.last_motion = None
        self.win = win

    # factory
    def _setup(self, factory, item, ch):
        box = Gtk.Box()
        box.set_size_request(1, ch)
        item.set_child(box)

    def _bind(self, factory, item):
        self.cells[item.get_position()] = item.get_child()

    def _unbind(self, factory, item):
        pos = item.get_position()
        if self.cells.get(pos) is item.get_child():
            del self.cells[pos]

    # signals
    def _on_activate(self, gv, pos):
        self.activated.append(self.ids[pos])
        if self.detail:
            self.log.append({"step": self.step, "activate": self.ids[pos]})

    def _on_selection_changed(self, model, pos, n):
        if self.detail:
            self.log.append({"step": self.step, "selection": self.selection()})

    def _on_event(self, controller, event):
        # PyGObject cannot marshal GdkEvent (event is None here), but the controller
        # tells the current event's modifier state, which includes the buttons held
        # before the event: a button release is the last event that still has its
        # button's mask before the sync motion (which has none).
        state = controller.get_current_event_state()
        bands = css_children(self.gv, "rubberband")
        rect = None
        if bands and self.detail:
            ok, b = bands[0].compute_bounds(self.gv)
            if ok:
                rect = [b.get_x(), b.get_y(), b.get_width(), b.get_height()]
        self.capture_log.append((int(state), bool(bands), rect, self.last_motion))
        if len(self.capture_log) > 4096:
            del self.capture_log[:2048]
        return False

    def _on_motion(self, controller, x, y):
        self.last_motion = [x - VIEW_OFFSET, y - VIEW_OFFSET]
        if self.sync_target is not None and (round(x), round(y)) == self.sync_target:
            self.sync_seen += 1

    def band_at_release(self, mask):
        """Whether the rubberband existed when GTK's toplevel saw the release of the
        button with this state mask (the last captured event still holding it)."""
        for state, band, rect, pointer in reversed(self.capture_log):
            if state & mask:
                return band, rect, state, pointer
        return None, None, None, None

    def selection(self):
        return [self.ids[i] for i in range(len(self.ids)) if self.model.is_selected(i)]

    def focus_item(self):
        fw = self.win.get_focus()
        while fw is not None and fw.get_parent() is not self.gv:
            fw = fw.get_parent()
        if fw is None:
            return None
        for pos, child in self.cells.items():
            if child.get_parent() is fw:
                return self.ids[pos]
        return None

    def check_geometry(self, cols, cw, ch):
        ok, b = self.gv.compute_bounds(self.win)
        if not ok:
            raise Skip("cannot read the grid view's bounds")
        got = [b.get_x(), b.get_y(), b.get_width(), b.get_height()]
        if got != [VIEW_OFFSET, VIEW_OFFSET, self.vw, self.vh]:
            raise Skip("grid view allocation %s, expected %s" %
                       (got, [VIEW_OFFSET, VIEW_OFFSET, self.vw, self.vh]))
        if len(self.cells) != len(self.ids):
            raise Skip("GtkGridView made %d cells for %d items" % (len(self.cells), len(self.ids)))
        for pos, child in self.cells.items():
            cell = child.get_parent()
            ok, b = cell.compute_bounds(self.gv)
            got = [b.get_x(), b.get_y(), b.get_width(), b.get_height()]
            want = [(pos % cols) * cw, (pos // cols) * ch, cw, ch]
            if not ok or got != want:
                raise Skip("cell %s allocated %s, the scene has %s" % (self.ids[pos], got, want))
        return True


class Player:
    def __init__(self, detail=False):
        self.detail = detail
        self.xin = XInput()
        Gtk.init()
        provider = Gtk.CssProvider()
        provider.load_from_data(CSS)
        Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), provider,
                                                  Gtk.STYLE_PROVIDER_PRIORITY_USER + 10)
        settings = Gtk.Settings.get_default()
        self.settings = {k: settings.get_property(k) for k in
                         ("gtk-double-click-time", "gtk-double-click-distance", "gtk-dnd-drag-threshold")}
        self.held_mods = set()
        self.held_buttons = set()
        self.lateness = []
        self.press_lateness = []

    def version(self):
        return "GTK %d.%d.%d" % (Gtk.get_major_version(), Gtk.get_minor_version(),
                                 Gtk.get_micro_version())

    def _to_screen(self, vx, vy):
        return self.origin[0] + vx, self.origin[1] + vy

    def _sync(self, session):
        """Move to a pixel beside the view, wait until GTK saw it, move back."""
        bx, by = session.vw + MARGIN // 2, session.vh + MARGIN // 2
        session.sync_target = (bx + VIEW_OFFSET, by + VIEW_OFFSET)
        before = session.sync_seen
        self.xin.motion(*self._to_screen(bx, by))
        pump_until(lambda: session.sync_seen > before, SYNC_TIMEOUT, "GTK to see the sync motion")
        session.sync_target = None
        self.xin.motion(*self._to_screen(*self.pointer))

    def play(self, entry):
        name = entry.get("name")
        try:
            scene = entry["scene"]
            ids, cols, rows, cw, ch, vw, vh = scene_grid(scene)
            events = parse_trace(entry["trace"])
            sw, sh = self.xin.screen_size
            if vw + VIEW_OFFSET + MARGIN > sw or vh + VIEW_OFFSET + MARGIN > sh:
                raise Skip("the view does not fit the X screen (%dx%d)" % (sw, sh))
        except Skip as e:
            return {"name": name, "skipped": str(e)}
        start = scene.get("pointer", {}).get("start", [vw / 2, vh / 2])

        s = Session(ids, cols, rows, cw, ch, vw, vh, self.detail)
        s.win.present()
        surface = None
        try:
            pump_until(lambda: s.win.get_mapped() and len(s.cells) == len(ids)
                       and s.win.get_surface() is not None, 5.0, "the window to map")
            surface = s.win.get_surface()
            xid = GdkX11.X11Surface.get_xid(surface)
            # let the first frame lay everything out
            pump_until_time(time.monotonic() + 0.05)
            try:
                s.check_geometry(cols, cw, ch)
            except Skip as e:
                return {"name": name, "skipped": str(e)}
            wx, wy = self.xin.window_origin(xid)
            self.origin = (wx + VIEW_OFFSET, wy + VIEW_OFFSET)
            self.xin.focus(xid)
            self.pointer = (int(round(min(max(start[0], 0), vw))), int(round(min(max(start[1], 0), vh))))
            # the pointer to its start, and wait until GTK has seen input reach it
            self._sync(s)
            pump_until(lambda: s.win.is_active(), 3.0, "the window to get keyboard focus")
            observations = self._run(s, events)
            result = {"name": name, "toolkit": self.version(), "widget": "gridview",
                      "observations": observations}
            if self.detail:
                result["gtk"] = s.log
            return result
        finally:
            self._release_all()
            s.win.destroy()
            pump_until_time(time.monotonic() + 0.02)

    def _release_all(self):
        for b in sorted(self.held_buttons):
            self.xin.button(b, False)
        for m in sorted(self.held_mods):
            self.xin.key(MODIFIER_KEYSYMS[m], False)
        self.held_buttons.clear()
        self.held_mods.clear()
        self.xin.sync()

    def _run(self, s, events):
        vw, vh = s.vw, s.vh
        self.last_session_start = time.monotonic()

        def clamp(x, y):
            return (int(round(min(max(x, 0), vw))), int(round(min(max(y, 0), vh))))

        self.pointer = clamp(*self.pointer)
        observations = []
        t0 = time.monotonic()
        prev_t = None
        sched = 0.0
        for k, (t, ev) in enumerate(events):
            if prev_t is not None:
                gap = t - prev_t
                sched += SHORT_GAP if gap > LONG_GAP else gap
            prev_t = t
            due = t0 + sched
            pump_until_time(due)
            self.lateness.append(time.monotonic() - due)
            kind = ev[0]
            if kind == "press":
                # Only a press's time matters to GTK (its double-click timer).
                self.press_lateness.append(time.monotonic() - due)
            s.step = k
            observe = False
            if kind == "move":
                self.pointer = clamp(ev[1], ev[2])
                self.xin.motion(*self._to_screen(*self.pointer))
            elif kind == "delta":
                self.pointer = clamp(self.pointer[0] + ev[1], self.pointer[1] + ev[2])
                self.xin.motion(*self._to_screen(*self.pointer))
            elif kind == "press":
                b = BUTTONS[ev[1]]
                if b not in self.held_buttons:
                    self.held_buttons.add(b)
                    self.xin.button(b, True)
            elif kind == "release":
                b = BUTTONS[ev[1]]
                if b in self.held_buttons:
                    s.capture_log.clear()
                    released_mask = BUTTON_MASKS[b]
                    self.held_buttons.discard(b)
                    self.xin.button(b, False)
                    observe = "release"
            elif kind == "modifiers":
                want = ev[1]
                for m in sorted(self.held_mods - want):
                    self.xin.key(MODIFIER_KEYSYMS[m], False)
                for m in sorted(want - self.held_mods):
                    self.xin.key(MODIFIER_KEYSYMS[m], True)
                self.held_mods = set(want)
            elif kind == "key":
                self.xin.key(ev[1], True)
                self.xin.key(ev[1], False)
                observe = "key"
            last = k == len(events) - 1
            if observe or last:
                if self.held_buttons:
                    # moving the pointer would move the drag: wait instead
                    self.xin.sync()
                    pump_until_time(time.monotonic() + SETTLE_HELD)
                else:
                    self._sync(s)
                obs = {"step": k, "selection": s.selection()}
                if s.activated:
                    obs["activated"] = list(s.activated)
                    s.activated.clear()
                if observe == "release":
                    band, rect, state, pointer = s.band_at_release(released_mask)
                    obs["band"] = band
                    if self.detail:
                        obs["bandRect"] = rect
                        obs["pointer"] = pointer
                        obs["state"] = state_names(state)
                if self.detail:
                    obs["focus"] = s.focus_item()
                observations.append(obs)
        self.last_session_end = time.monotonic()
        return observations


# ---------------------------------------------------------------- validation

def probe_rubberband(player):
    """A band really creates GTK's rubberband widget; a click does not."""
    trace = ("pointersim-trace 1\n0 move 50 50\n0.01 press primary\n0.03 move 70 70\n"
             "0.05 move 150 130\n0.07 release primary\n0.7 move 250 50\n0.71 press primary\n"
             "0.72 release primary\n")
    scene = {"format": "pointersim-scene/1", "view": {"width": 400, "height": 300, "scale": 1},
             "items": {"grid": {"rows": 3, "columns": 4, "size": [100, 100]}}}
    r = player.play({"name": "probe-rubberband", "scene": scene, "trace": trace})
    obs = r.get("observations", [])
    ok = (len(obs) == 2 and obs[0].get("band") is True and obs[1].get("band") is False
          and obs[0]["selection"] == ["r0c0", "r0c1", "r1c0", "r1c1"] and obs[1]["selection"] == ["r0c2"])
    return ok, r


def probe_leak(player):
    """State does not leak from one session into the next: session Y (a click on r1c1
    at once, a Shift-click on r0c0, Shift+Right, Space) gives the same result when it
    follows session X (a click on r1c1, then Ctrl+Right) as when it is played first. A
    leaked double-click series would activate r1c1 at Y's first press, a leaked anchor
    or focus would change the Shift-click range and the keys."""
    scene = {"format": "pointersim-scene/1", "view": {"width": 400, "height": 300, "scale": 1},
             "items": {"grid": {"rows": 3, "columns": 4, "size": [100, 100]}}}
    x = ("pointersim-trace 1\n0 move 150 150\n0.01 press primary\n0.02 release primary\n"
         "0.03 modifiers control\n0.04 key right\n0.05 modifiers\n")
    y = ("pointersim-trace 1\n0 move 150 150\n0.001 press primary\n0.01 release primary\n"
         "0.1 move 50 50\n0.11 modifiers shift\n0.12 press primary\n0.13 release primary\n"
         "0.14 key right\n0.15 modifiers\n0.16 key space\n")
    fresh = player.play({"name": "probe-leak-y", "scene": scene, "trace": y})
    player.play({"name": "probe-leak-x", "scene": scene, "trace": x})
    t_end_x = player.last_session_end
    after = player.play({"name": "probe-leak-y", "scene": scene, "trace": y})
    gap = player.last_session_start - t_end_x
    return fresh == after, gap, fresh, after


def conform(player):
    """Speak the protocol of `pointersim conform --exec` (docs/Formats/Conform.md) on stdin/stdout: each
    session is played as a corpus session would be (again, up to MAX_TRIES times, when a press was sent
    late). GTK is observed after releases, keys and the end only: the other steps are answered without a
    selection (not compared)."""
    def play(n, scene, trace, steps):
        entry = {"name": "conform-%d" % n, "scene": scene, "trace": trace}
        r = None
        for _ in range(MAX_TRIES):
            n_press = len(player.press_lateness)
            try:
                r = player.play(entry)
            except Skip as e:
                r = {"skipped": str(e)}
            except RuntimeError as err:
                r = {"skipped": "GTK did not answer: %s" % err}
            if "skipped" in r or max(player.press_lateness[n_press:], default=0.0) <= MAX_LATE:
                break
        else:
            r = {"skipped": "a press was sent late on every try (the machine is too busy)"}
        return conform_answers(r, steps, "GTK", every_step=False)

    conform_loop(play, sys.stdin, sys.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    if "--conform" in sys.argv[1:]:
        conform(Player())
        return 0
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--validate", action="store_true",
                    help="check the rubberband probe and play each session twice; exit 1 on any difference")
    ap.add_argument("--view-offset", type=int, default=0,
                    help="put the grid view this many pixels right of and below the window's corner "
                         "(default 0: an identity transform, so GTK sees whole-pixel coordinates)")
    ap.add_argument("--detail", action="store_true",
                    help="add what GTK did event by event (key 'gtk') and the focused item to each result")
    args = ap.parse_args()
    global VIEW_OFFSET
    VIEW_OFFSET = args.view_offset

    entries = []
    with open(args.corpus) as f:
        for line in f:
            line = line.strip()
            if line:
                entries.append(json.loads(line))
    if args.only:
        wanted = set(args.only)
        entries = [e for e in entries if e.get("name") in wanted]

    player = Player(detail=args.detail)
    sys.stderr.write("harness: %s, settings %s\n" % (player.version(), json.dumps(player.settings)))
    failures = 0
    if args.validate:
        ok, r = probe_rubberband(player)
        sys.stderr.write("validate: rubberband probe %s %s\n" % ("ok" if ok else "FAILED", json.dumps(r)))
        failures += 0 if ok else 1
        ok, gap, fresh, after = probe_leak(player)
        sys.stderr.write("validate: state leak probe %s (%.0f ms from the end of one session to the "
                         "first event of the next) %s\n" % ("ok" if ok else "FAILED", 1000 * gap,
                                                            json.dumps(after)))
        if not ok:
            sys.stderr.write("validate:   played first: %s\n" % json.dumps(fresh))
        failures += 0 if ok else 1

    results = []
    t_start = time.monotonic()
    for e in entries:
        t = time.monotonic()
        # GTK times double clicks with its own timer on the wall clock, so an
        # event sent late (a loaded machine) can change what GTK does: such a
        # session is played again, up to MAX_TRIES times in all.
        for attempt in range(MAX_TRIES):
            n_late, n_press = len(player.lateness), len(player.press_lateness)
            try:
                r = player.play(e)
            except RuntimeError as err:  # GTK never reported the sync motion or the window
                r = {"name": e.get("name"), "error": str(err)}
            late_here = max(player.lateness[n_late:], default=0.0)
            press_late = max(player.press_lateness[n_press:], default=0.0)
            if "error" not in r and press_late <= MAX_LATE:
                break
            if "error" not in r:
                r = {"name": e.get("name"), "error": "a press was sent %.0f ms late (the machine is too busy to "
                     "play this session on time)" % (1000 * press_late)}
        if "error" in r:
            failures += 1
        if args.validate and "skipped" not in r and "error" not in r:
            try:
                r2 = player.play(e)
            except RuntimeError as err:
                r2 = {"name": e.get("name"), "error": str(err)}
            if r2 != r:
                failures += 1
                sys.stderr.write("validate: %s differs between two plays:\n  %s\n  %s\n" %
                                 (e.get("name"), json.dumps(r), json.dumps(r2)))
        results.append(r)
        sys.stderr.write("harness: %-40s %s (%.2f s, latest event %.1f ms late)\n" % (
            e.get("name"), "skipped: " + r["skipped"] if "skipped" in r else
            "ERROR: " + r["error"] if "error" in r else "played",
            time.monotonic() - t, 1000 * late_here))
    with open(args.out, "w") as f:
        for r in results:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    late = sorted(player.lateness)
    if late:
        sys.stderr.write("harness: %d sessions in %.1f s; event lateness median %.1f ms, max %.1f ms\n" % (
            len(results), time.monotonic() - t_start, 1000 * late[len(late) // 2], 1000 * late[-1]))
    if args.validate:
        sys.stderr.write("validate: %s\n" % ("ok" if failures == 0 else "%d FAILURES" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
