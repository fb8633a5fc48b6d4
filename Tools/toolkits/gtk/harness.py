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

import os
import sys
import time
import warnings

TOOLKITS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [TOOLKITS, os.path.join(TOOLKITS, "lib")]
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
from gi.repository import Gdk, GdkX11, Gtk  # noqa: E402,F401

import gtkharness  # noqa: E402
from gtkharness import MARGIN, Skip, parse_trace, plain_view, pump_until, pump_until_time  # noqa: E402

VIEW_OFFSET = 0           # the grid view's origin inside the toplevel window (--view-offset)
SYNC_TIMEOUT = 3.0        # seconds to wait for GTK to report the sync motion
SETTLE_HELD = 0.15        # final observation with a button still held: wait this long

BUTTON_MASKS = {1: int(1 << 8), 2: int(1 << 9), 3: int(1 << 10)}  # GDK_BUTTON1/2/3_MASK


def scene_grid(scene):
    """(ids, columns, rows, cell_w, cell_h, view_w, view_h) or Skip."""
    vw, vh = plain_view(scene, "GtkGridView")
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


class Player(gtkharness.Player):
    SHORT_GAP = 0.6           # long trace gaps are played as this (more than the double-click time)

    def __init__(self, detail=False):
        super().__init__(detail)
        self.xin = XInput()
        Gtk.init()
        provider = Gtk.CssProvider()
        provider.load_from_data(CSS)
        Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), provider,
                                                  Gtk.STYLE_PROVIDER_PRIORITY_USER + 10)
        settings = Gtk.Settings.get_default()
        self.settings = {k: settings.get_property(k) for k in
                         ("gtk-double-click-time", "gtk-double-click-distance", "gtk-dnd-drag-threshold")}

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
            return self.play_focused(s, name, events, start, "gridview")
        finally:
            self.end_session(s)

    # the hooks of gtkharness.Player.run_session
    def before_release(self, s, button):
        s.capture_log.clear()
        self.released_mask = BUTTON_MASKS[button]

    def settle(self, s):
        if self.held_buttons:
            # moving the pointer would move the drag: wait instead
            self.xin.sync()
            pump_until_time(time.monotonic() + SETTLE_HELD)
        else:
            self._sync(s)

    def add_observed(self, s, obs, observe):
        if observe == "release":
            band, rect, state, pointer = s.band_at_release(self.released_mask)
            obs["band"] = band
            if self.detail:
                obs["bandRect"] = rect
                obs["pointer"] = pointer
                obs["state"] = state_names(state)
        if self.detail:
            obs["focus"] = s.focus_item()


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


def main():
    def add_arguments(ap):
        ap.add_argument("--view-offset", type=int, default=0,
                        help="put the grid view this many pixels right of and below the window's corner "
                             "(default 0: an identity transform, so GTK sees whole-pixel coordinates)")

    def configure(args):
        global VIEW_OFFSET
        VIEW_OFFSET = args.view_offset

    return gtkharness.main(
        __doc__, Player, probe_rubberband, probe_leak,
        validate_help="check the rubberband probe and play each session twice; exit 1 on any difference",
        detail_help="add what GTK did event by event (key 'gtk') and the focused item to each result",
        add_arguments=add_arguments, configure=configure)


if __name__ == "__main__":
    sys.exit(main())
