#!/usr/bin/python3
"""Play PointerSim sessions in a real GTK 3 GtkIconView and report what GTK did.

    harness.py --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate] [--detail]

Implements the protocol of Traces/toolkits/README.md (the GTK 3 side). Needs an X server in
$DISPLAY (run.sh starts a private Xvfb), Debian's python3-gi + gir1.2-gtk-3.0 and libXtst
(installed with xdotool). Input is real X input: XTest requests sent through libXtst (ctypes)
on a second X connection, so GDK reads them through XInput2 as it reads a mouse and a keyboard.

How a session is played (one GTK process plays every session):
- a fresh undecorated toplevel per session with a new GtkIconView (GTK_SELECTION_MULTIPLE over
  a GtkListStore of the scene's ids, one GtkCellRendererText of the item's fixed size, no
  padding, no spacing, `columns`, `item-width` and `margin` from the scene) at the window's
  corner (an identity transform: GTK sees whole-pixel coordinates), the window MARGIN pixels
  larger to the right and below;
- the scene's items must be the layout GtkIconView gives them: a grid in scene order, row by
  row, from (margin, margin), all of one size, `columns` to a row (the last row may be short),
  with column and row spacing the gaps between them; every item's rect is read back with
  gtk_icon_view_get_cell_rect (the item's and its one cell's) and must equal the scene, else
  the session is skipped with the reason;
- trace events are sent at their trace times (gaps longer than LONG_GAP seconds are shortened
  to SHORT_GAP: GTK 3's time rules here are GDK's double and triple clicks, made from the X
  server's timestamps of the presses, so the real gaps matter); a session in which a press was
  sent more than MAX_LATE late, or in which the gap between two presses' X timestamps differs
  from the trace's by more than MAX_LATE (a busy X server), is played again;
- after every release and every key (and at the end) the harness waits until GTK has handled
  every event sent (an XSync on the XTest connection, a round trip on GTK's, GTK's main loop
  until nothing is pending) and reads the selection: the pointer stays where it is, so this
  works with a button held too.
The harness records only what GTK did; it never encodes expectations.
"""

import os
import sys
import time

TOOLKITS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [TOOLKITS, os.path.join(TOOLKITS, "lib")]
from session import scene_items  # noqa: E402
from xinput import XInput  # noqa: E402

os.environ["GDK_BACKEND"] = "x11"
os.environ["GDK_SCALE"] = "1"
os.environ.setdefault("NO_AT_BRIDGE", "1")

import gi  # noqa: E402

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gdk, GdkX11, Gtk  # noqa: E402,F401

import gtkharness  # noqa: E402
from gtkharness import CTX, MARGIN, Skip, parse_trace, plain_view, pump_until, pump_until_time  # noqa: E402


BAND_RGB = (255, 0, 255)  # the rubberband's CSS colour: the band probe looks for it on screen


def scene_layout(scene):
    """(ids, rects, layout) where layout is the GtkIconView settings that give the scene's item
    rects, or Skip."""
    vw, vh = plain_view(scene, "GtkIconView")
    items = scene_items(scene)
    if not items:
        raise Skip("no items")
    ids = [i for i, _ in items]
    rects = [[int(v) if v == int(v) else v for v in r] for _, r in items]
    if any(v != int(v) for r in rects for v in r):
        raise Skip("item rects must be whole pixels")
    x0, y0, w, h = rects[0]
    if x0 != y0:
        raise Skip("the first item must be at (margin, margin): GtkIconView has one margin")
    if w <= 0 or h <= 0:
        raise Skip("empty items")
    cols = sum(1 for r in rects if r[1] == y0)
    cs = rects[1][0] - x0 - w if cols > 1 else 0
    rows = (len(rects) + cols - 1) // cols
    rs = rects[cols][1] - y0 - h if rows > 1 else 0
    if cs < 0 or rs < 0:
        raise Skip("items overlap")
    for k, r in enumerate(rects):
        want = [x0 + (k % cols) * (w + cs), y0 + (k // cols) * (h + rs), w, h]
        if r != want:
            raise Skip("item %s is not where GtkIconView puts it (%s)" % (ids[k], want))
    need_w = 2 * x0 + cols * w + (cols - 1) * cs
    need_h = 2 * y0 + rows * h + (rows - 1) * rs
    if need_w > vw or need_h > vh:
        raise Skip("the items with their margin (%dx%d) do not fit the view (%dx%d): the icon "
                   "view would scroll" % (need_w, need_h, vw, vh))
    return ids, rects, dict(margin=x0, cols=cols, w=w, h=h, cs=cs, rs=rs, vw=vw, vh=vh)


# ---------------------------------------------------------------- the GTK side

CSS = b"""
window, fixed { padding: 0; margin: 0; border: 0; background: #777; }
iconview { padding: 0; margin: 0; border: 0; outline: none; background: #eee; }
iconview rubberband, .rubberband { background-color: #ff00ff; border: 0; }
"""


class Session:
    def __init__(self, ids, lay, detail):
        self.ids = ids
        self.lay = lay
        self.detail = detail
        self.vw, self.vh = lay["vw"], lay["vh"]
        self.activated = []
        self.log = []          # detail: what GTK did, with the step being handled
        self.step = -1
        self.band_drawn = None  # at the last release: was the band on screen under its press point
        self.press_stamps = []  # the X server's timestamps of the presses GTK received
        self.press_point = None

        self.store = Gtk.ListStore(str)
        for i in ids:
            self.store.append([i])
        iv = Gtk.IconView.new_with_model(self.store)
        iv.set_selection_mode(Gtk.SelectionMode.MULTIPLE)
        iv.set_activate_on_single_click(False)
        iv.set_margin(lay["margin"])
        iv.set_column_spacing(lay["cs"])
        iv.set_row_spacing(lay["rs"])
        iv.set_item_padding(0)
        iv.set_spacing(0)
        iv.set_columns(lay["cols"])
        iv.set_item_width(lay["w"])
        cell = Gtk.CellRendererText()
        cell.set_fixed_size(lay["w"], lay["h"])
        cell.set_padding(0, 0)
        iv.pack_start(cell, True)
        self.cell = cell
        iv.set_size_request(self.vw, self.vh)
        iv.set_hexpand(False)
        iv.set_vexpand(False)
        iv.connect("item-activated", self._on_activate)
        iv.connect("selection-changed", self._on_selection_changed)
        # RUN_LAST signals: these handlers run before GtkIconView's own (so the band is still on)
        iv.connect("button-press-event", self._on_button)
        iv.connect("button-release-event", self._on_button)
        self.iv = iv

        win = Gtk.Window(type=Gtk.WindowType.TOPLEVEL)
        win.set_decorated(False)
        win.set_resizable(False)
        fixed = Gtk.Fixed()
        fixed.put(iv, 0, 0)
        fixed.set_size_request(self.vw + MARGIN, self.vh + MARGIN)
        win.add(fixed)
        self.mapped = False
        win.connect("map-event", self._on_map)
        self.win = win

    # signals
    def _on_activate(self, iv, path):
        self.activated.append(self.ids[path.get_indices()[0]])
        if self.detail:
            self.log.append({"step": self.step, "activate": self.activated[-1]})

    def _on_selection_changed(self, iv):
        if self.detail:
            self.log.append({"step": self.step, "selection": self.selection()})

    def _on_map(self, win, event):
        self.mapped = True
        return False

    def _on_button(self, iv, event):
        t = event.get_event_type()
        if t == Gdk.EventType.BUTTON_PRESS:
            self.press_stamps.append(event.get_time())  # the X server's timestamp (ms)
        if t == Gdk.EventType.BUTTON_PRESS and event.get_button()[1] == 1:
            self.press_point = (round(event.x_root - self.origin[0]), round(event.y_root - self.origin[1]))
        elif t == Gdk.EventType.BUTTON_RELEASE and event.get_button()[1] == 1 and self.want_band_check:
            self.band_drawn = self.band_on_screen(self.press_point)
        return False

    def band_on_screen(self, p):
        """Whether the pixel at view point p shows the rubberband's colour (the icon view draws
        its band only while it is rubberbanding)."""
        if p is None or not (0 <= p[0] < self.vw and 0 <= p[1] < self.vh):
            return None
        bw = self.bin_window()
        pb = Gdk.pixbuf_get_from_window(bw, p[0], p[1], 1, 1)
        if pb is None:
            return None
        px = pb.get_pixels()
        return tuple(px[:3]) == BAND_RGB

    def bin_window(self):
        """GtkIconView's bin window (the child GdkWindow items are drawn on; no public getter)."""
        w = self.iv.get_window()
        if w is None:
            return None
        kids = w.get_children()
        return kids[0] if len(kids) == 1 else None

    def selection(self):
        sel = {p.get_indices()[0] for p in self.iv.get_selected_items()}
        return [self.ids[i] for i in range(len(self.ids)) if i in sel]

    def cursor_item(self):
        ok, path, _cell = self.iv.get_cursor()
        return self.ids[path.get_indices()[0]] if ok and path is not None else None

    def check_geometry(self, rects):
        x, y = self.iv.translate_coordinates(self.win, 0, 0) or (None, None)
        got = [x, y, self.iv.get_allocated_width(), self.iv.get_allocated_height()]
        if got != [0, 0, self.vw, self.vh]:
            raise Skip("icon view allocation %s, expected %s" % (got, [0, 0, self.vw, self.vh]))
        bx, by = self.bin_window().get_position()
        if (bx, by) != (0, 0):
            raise Skip("the icon view's bin window is at (%d, %d), not its corner" % (bx, by))
        for k, want in enumerate(rects):
            path = Gtk.TreePath.new_from_indices([k])
            for what, cell in (("item", None), ("cell", self.cell)):
                ok, r = self.iv.get_cell_rect(path, cell)
                got = [r.x, r.y, r.width, r.height] if ok else None
                if got != want:
                    raise Skip("%s %s: gtk_icon_view_get_cell_rect gives %s, the scene has %s" %
                               (what, self.ids[k], got, want))
        return True


class Player(gtkharness.Player):
    SHORT_GAP = 0.9           # long trace gaps are played as this (more than GDK's triple-click time, 2 x 400 ms)

    def __init__(self, detail=False):
        super().__init__(detail)
        self.xin = XInput()
        Gtk.init([])
        provider = Gtk.CssProvider()
        provider.load_from_data(CSS)
        Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), provider,
                                                 Gtk.STYLE_PROVIDER_PRIORITY_USER + 10)
        settings = Gtk.Settings.get_default()
        self.settings = {k: settings.get_property(k) for k in
                         ("gtk-double-click-time", "gtk-double-click-distance", "gtk-dnd-drag-threshold")}
        self.display = Gdk.Display.get_default()
        self.band_check = False

    def _sync(self, session):
        """Wait until GTK has handled every event sent so far: XSync on the XTest connection (the
        server has processed the fake input, so its events are on their way to GTK's connection in
        order), a round trip on GTK's own connection (they have arrived), then GTK's main loop until
        nothing is pending (GDK's queue, with the double and triple clicks it made, is handled)."""
        self.xin.sync()
        self.display.sync()
        for _ in range(3):
            while CTX.pending():
                CTX.iteration(False)
            self.display.sync()

    def play(self, entry):
        name = entry.get("name")
        try:
            scene = entry["scene"]
            ids, rects, lay = scene_layout(scene)
            events = parse_trace(entry["trace"])
            sw, sh = self.xin.screen_size
            if lay["vw"] + MARGIN > sw or lay["vh"] + MARGIN > sh:
                raise Skip("the view does not fit the X screen (%dx%d)" % (sw, sh))
        except Skip as e:
            return {"name": name, "skipped": str(e)}
        vw, vh = lay["vw"], lay["vh"]
        start = scene.get("pointer", {}).get("start", [vw / 2, vh / 2])

        s = Session(ids, lay, self.detail)
        s.origin = (0, 0)
        s.want_band_check = self.band_check or self.detail
        s.win.show_all()
        try:
            pump_until(lambda: s.mapped and s.win.get_window() is not None
                       and s.bin_window() is not None, 5.0, "the window to map")
            pump_until_time(time.monotonic() + 0.05)
            try:
                s.check_geometry(rects)
            except Skip as e:
                return {"name": name, "skipped": str(e)}
            xid = s.win.get_window().get_xid()
            wx, wy = self.xin.window_origin(xid)
            self.origin = (wx, wy)
            s.origin = self.origin
            self.xin.focus(xid)
            return self.play_focused(s, name, events, start, "iconview")
        finally:
            self.end_session(s)

    # the hooks of gtkharness.Player
    def focus_widget(self, s):
        s.iv.grab_focus()

    def before_release(self, s, button):
        s.band_drawn = None

    def add_observed(self, s, obs, observe):
        if observe == "release" and s.want_band_check:
            obs["band"] = s.band_drawn
        if self.detail:
            obs["cursor"] = s.cursor_item()

    def after_run(self, s, press_due):
        # GDK times double clicks with the X server's timestamps: each gap between two presses
        # must be the trace's within MAX_LATE, else the session counts as late (played again).
        stamps = s.press_stamps
        if len(stamps) == len(press_due):
            for k in range(1, len(stamps)):
                skew = (stamps[k] - stamps[k - 1]) / 1000.0 - (press_due[k] - press_due[k - 1])
                self.press_lateness.append(abs(skew))
        else:
            self.press_lateness.append(1.0)  # GTK did not see every press: play it again


# ---------------------------------------------------------------- validation

PROBE_SCENE = {"format": "pointersim-scene/1", "view": {"width": 460, "height": 300, "scale": 1},
               "items": {"grid": {"rows": 2, "columns": 4, "origin": [20, 20], "size": [100, 60]}}}


def probe_rubberband(player):
    """A press on empty space and a drag make GTK's rubberband (it is on screen under the press
    point at the release, and it selects the items it crosses while it moves); a click on an item
    and a drag from an item do not."""
    trace = ("pointersim-trace 1\n0 move 10 250\n0.01 press primary\n0.05 move 60 200\n"
             "0.10 move 170 110\n0.30 release primary\n"
             "1.2 move 250 50\n1.21 press primary\n1.25 move 280 60\n1.3 move 330 120\n1.5 release primary\n")
    old = player.band_check
    player.band_check = True
    try:
        r = player.play({"name": "probe-rubberband", "scene": PROBE_SCENE, "trace": trace})
    finally:
        player.band_check = old
    obs = r.get("observations", [])
    ok = (len(obs) == 2 and obs[0].get("band") is True and obs[1].get("band") is False
          and obs[0]["selection"] == ["r1c0", "r1c1"] and obs[1]["selection"] == ["r0c2"])
    return ok, r


def probe_leak(player):
    """State does not leak from one session into the next: session Y gives the same result when
    it follows session X (a click on the same item, which would make Y's first press a double
    click, and an anchor for Y's Shift-click) as when it is played first."""
    x = "pointersim-trace 1\n0 move 70 50\n0.01 press primary\n0.02 release primary\n"
    y = ("pointersim-trace 1\n0 move 70 50\n0.001 press primary\n0.01 release primary\n"
         "0.1 move 270 110\n0.11 modifiers shift\n0.5 press primary\n0.51 release primary\n0.6 modifiers\n")
    fresh = player.play({"name": "probe-leak-y", "scene": PROBE_SCENE, "trace": y})
    player.play({"name": "probe-leak-x", "scene": PROBE_SCENE, "trace": x})
    t_end_x = player.last_session_end
    after = player.play({"name": "probe-leak-y", "scene": PROBE_SCENE, "trace": y})
    gap = player.last_session_start - t_end_x
    return fresh == after, gap, fresh, after


def main():
    return gtkharness.main(
        __doc__, Player, probe_rubberband, probe_leak,
        validate_help="check the rubberband and state-leak probes and play each session twice; "
                      "exit 1 on any difference",
        detail_help="add what GTK did event by event (key 'gtk'), the cursor item and whether the "
                    "band was on screen at each release")


if __name__ == "__main__":
    sys.exit(main())
