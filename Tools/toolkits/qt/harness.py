#!/usr/bin/env python3
"""Play PointerSim sessions (scene + trace) in real Qt 6 widgets and report what Qt did.

    harness.py --corpus CORPUS.jsonl --out RESULTS.jsonl [--only NAME ...] [--validate] [--batch N]
    harness.py --conform [--widget graphicsview|listview]     (a child of `pointersim conform --exec`)

The protocol is in Traces/toolkits/README.md: one RESULTS line per corpus line,
{"name", "toolkit", "widget", "observations": [{"step", "selection", "band", ...}]} or
{"name", "skipped": reason}. The harness reports only what Qt did; it encodes no expectation.

Widgets:
  graphicsview  QGraphicsView, RubberBandDrag, one QGraphicsRectItem (ItemIsSelectable, no pen) per item;
                identity transform, no frame, no scroll bars, top-left alignment, scene rect = viewport rect.
                band = the rect of the last rubberBandChanged signal (null when Qt reports a null rect);
                activated = items that received a mouseDoubleClickEvent during the step (QGraphicsView has
                no activated signal: this is Qt delivering a double click to the item).
  listview      QListView, ExtendedSelection, ListMode, LeftToRight, wrapping, gridSize, uniform item sizes,
                Static, drag off, no edit triggers, QStandardItemModel with one non-editable item per scene item;
                only grid scenes whose every visualRect equals the scene rect. selectionRectVisible is on so that
                Qt paints its elastic band: band = the rect QListView hands the style for CE_RubberBand when the
                viewport is repainted after the step (Qt clips it to the viewport grown by 16 px); null when none
                is painted. activated = activated and doubleClicked signals ("doubleClicked:" is not separated:
                an id appears once per signal, in emission order). current = currentIndex.

Input goes through QtTest's QWindow overloads (QWindowSystemInterface, like real platform input), so Qt
itself synthesises double clicks from the event timestamps and positions. QTest's QWindow overloads advance
their own timestamp by `delay` (at least 1 ms) before every event and add 500 ms after a release only when
no delay is given; the harness always gives the delay that makes the timestamp Qt sees equal
(trace time in ms + a constant), and checks it on every event it can see (an equal-time event costs 1 ms).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from session import conform_answers, conform_loop, trace_steps  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------
# corpus parsing (no Qt needed)

EVENTS = {"move", "delta", "press", "release", "modifiers", "key"}
MOD_NAMES = {"shift": "shift", "control": "control", "ctrl": "control", "option": "option",
             "alt": "option", "command": "command", "meta": "command", "super": "command",
             "capslock": "capsLock"}
KEYS = {"left", "right", "up", "down", "space", "return", "escape", "tab"}


class Skip(Exception):
    pass


def parse_trace(text):
    """[(time, event, args)] for the event lines, in order (their index is the protocol's step)."""
    steps = []
    try:
        lines = trace_steps(text)
    except ValueError as e:
        raise Skip(str(e))
    for t, ev, args in lines:
        if ev not in EVENTS:
            raise Skip("trace event %r has no Qt counterpart in this harness" % ev)
        if ev == "modifiers":
            mods = set()
            for a in args:
                if a.lower() not in MOD_NAMES:
                    raise Skip("unknown modifier %r" % a)
                mods.add(MOD_NAMES[a.lower()])
            if "capsLock" in mods:
                raise Skip("capsLock is not played")
            args = sorted(mods)
        elif ev in ("press", "release"):
            if args not in (["primary"], ["secondary"], ["middle"]):
                raise Skip("bad button %r" % args)
        elif ev in ("move", "delta"):
            if len(args) != 2:
                raise Skip("bad %s" % ev)
            args = [float(args[0]), float(args[1])]
        elif ev == "key":
            if len(args) != 1 or not (args[0] in KEYS or (len(args[0]) == 1 and "a" <= args[0] <= "z")):
                raise Skip("bad key %r" % args)
        steps.append((t, ev, args))
    return steps


def scene_items(scene):
    """[(id, (x, y, w, h))] in scene order, and the grid dict or None."""
    items = scene.get("items", [])
    if isinstance(items, dict):
        g = items.get("grid")
        if g is None or set(items) != {"grid"}:
            raise Skip("items object without grid")
        rows, cols = g["rows"], g["columns"]
        ox, oy = g.get("origin", [0, 0])
        w, h = g["size"]
        px, py = g.get("pitch", [w, h])
        out = []
        for r in range(rows):
            for c in range(cols):
                out.append(("r%dc%d" % (r, c), (ox + c * px, oy + r * py, w, h)))
        return out, dict(rows=rows, columns=cols, origin=(ox, oy), size=(w, h), pitch=(px, py))
    return [(it["id"], tuple(it["rect"])) for it in items], None


def check_scene(scene):
    view = scene.get("view", {})
    W, H = view.get("width", 1024), view.get("height", 768)
    if view.get("scale", 2) != 1:
        raise Skip("view.scale must be 1 (one view point = one device pixel)")
    content = view.get("content")
    if content and (content.get("width", W) != W or content.get("height", H) != H
                    or content.get("offset", [0, 0]) != [0, 0]):
        raise Skip("scrolling content is not played")
    if W != int(W) or H != int(H):
        raise Skip("view size must be whole pixels")
    if scene.get("regions"):
        raise Skip("pointer regions have no Qt counterpart")
    band = scene.get("band", {})
    if band.get("enabled", True) is not True or band.get("vetoRects") or band.get("beginsOnItems", True) is not True:
        raise Skip("band.enabled/vetoRects/beginsOnItems are not Qt settings")
    sel = scene.get("selection", {})
    if sel.get("focus", True) is not True or sel.get("editing", False) or sel.get("selectionFollowsFocus", False):
        raise Skip("selection.focus/editing/selectionFollowsFocus are not played")
    items, grid = scene_items(scene)
    for _, r in items:
        if any(v != int(v) for v in r):
            raise Skip("item rects must be whole pixels")
    return int(W), int(H), items, grid


# ----------------------------------------------------------------------------------------------
# Qt side (imported lazily so that --help works without PySide6)

_qt = None


def qt():
    global _qt
    if _qt is None:
        from PySide6 import QtCore, QtGui, QtWidgets, QtTest
        _qt = (QtCore, QtGui, QtWidgets, QtTest)
    return _qt


class Player:
    """One QApplication; plays sessions one after the other, each in fresh widgets."""

    def __init__(self):
        QtCore, QtGui, QtWidgets, QtTest = qt()
        self.app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["pointersim-qt-harness"])
        self.version = "Qt " + QtCore.qVersion()
        self.keep = []          # references kept alive (PySide6 6.12 refcount pitfall)
        self.session_gap_ms = 100000

        harness = self

        class Filter(QtCore.QObject):
            def eventFilter(self, obj, ev):
                t = ev.type()
                if t in (QtCore.QEvent.Type.MouseButtonPress, QtCore.QEvent.Type.MouseButtonRelease,
                         QtCore.QEvent.Type.MouseButtonDblClick, QtCore.QEvent.Type.MouseMove):
                    harness.seen_ts = ev.timestamp()
                return False

        self.filter = Filter()
        self.seen_ts = None

        class BandStyle(QtWidgets.QProxyStyle):
            def drawControl(self, element, option, painter, widget=None):
                if element == QtWidgets.QStyle.ControlElement.CE_RubberBand:
                    r = option.rect
                    harness.painted_band.append([r.x(), r.y(), r.width(), r.height()])
                return super().drawControl(element, option, painter, widget)

        # QListView paints its elastic band with a QStylePainter on the viewport, i.e. the viewport's
        # style: the application style is Fusion behind this proxy, which records the rect.
        self.style = BandStyle(QtWidgets.QStyleFactory.create("Fusion"))
        self.app.setStyle(self.style)
        self.painted_band = []

    # -- building widgets -------------------------------------------------------------------

    def build_graphicsview(self, W, H, items, scene):
        QtCore, QtGui, QtWidgets, QtTest = qt()
        harness = self

        class Item(QtWidgets.QGraphicsRectItem):
            def mouseDoubleClickEvent(self, ev):
                harness.activated.append(self.data(0))
                return super().mouseDoubleClickEvent(ev)

        top = QtWidgets.QWidget()
        top.setGeometry(0, 0, W + 40, H + 40)
        view = QtWidgets.QGraphicsView(top)
        view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        view.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setAlignment(QtCore.Qt.AlignmentFlag.AlignLeft | QtCore.Qt.AlignmentFlag.AlignTop)
        view.setTransform(QtGui.QTransform())
        view.setDragMode(QtWidgets.QGraphicsView.DragMode.RubberBandDrag)
        if scene.get("band", {}).get("hitRule", "intersects") == "contains":
            view.setRubberBandSelectionMode(QtCore.Qt.ItemSelectionMode.ContainsItemShape)
        else:
            view.setRubberBandSelectionMode(QtCore.Qt.ItemSelectionMode.IntersectsItemShape)
        view.setGeometry(20, 20, W, H)
        gs = QtWidgets.QGraphicsScene(0, 0, W, H)
        view.setScene(gs)
        view.setSceneRect(0, 0, W, H)
        gitems = []
        for iid, (x, y, w, h) in items:
            it = Item(QtCore.QRectF(x, y, w, h))
            it.setPen(QtGui.QPen(QtCore.Qt.PenStyle.NoPen))
            it.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
            it.setData(0, iid)
            gs.addItem(it)
            gitems.append(it)
        self.band_signal = None

        def on_band(rect, a, b):
            self.band_signal = None if rect.isNull() else [rect.x(), rect.y(), rect.width(), rect.height()]
            self.band_signals += 1
        view.rubberBandChanged.connect(on_band)
        top.show()
        QtTest.QTest.qWaitForWindowExposed(top)
        self.keep += [top, view, gs, gitems, on_band, Item]
        # geometry read back
        vp = view.viewport()
        if (vp.width(), vp.height()) != (W, H):
            raise Skip("viewport is %dx%d, not %dx%d" % (vp.width(), vp.height(), W, H))
        for p in ((0, 0), (W - 1, H - 1), (W // 2, 7), (3, H // 2)):
            s = view.mapToScene(QtCore.QPoint(*p))
            if (s.x(), s.y()) != (float(p[0]), float(p[1])):
                raise Skip("viewport point %s maps to scene %s" % (p, (s.x(), s.y())))
        for it, (iid, r) in zip(gitems, items):
            for got, what in ((it.sceneBoundingRect(), "sceneBoundingRect"),
                              (it.shape().boundingRect(), "shape")):
                if (got.x(), got.y(), got.width(), got.height()) != tuple(float(v) for v in r):
                    raise Skip("item %s: %s %s != %s" % (iid, what, got, r))
        for iid in scene.get("band", {}).get("initialSelection", []):
            gitems[[i for i, _ in items].index(iid)].setSelected(True)
        self.app.processEvents()

        def selection():
            return [it.data(0) for it in gitems if it.isSelected()]

        def band():
            return self.band_signal

        def readback():
            r = view.rubberBandRect()
            return None if r.isNull() else [r.x(), r.y(), r.width(), r.height()]
        return dict(top=top, view=view, viewport=vp, key_target=view, selection=selection, band=band,
                    current=None, readback=readback)

    def build_listview(self, W, H, items, grid, scene):
        QtCore, QtGui, QtWidgets, QtTest = qt()
        if grid is None:
            raise Skip("listview plays grid scenes only")
        if scene.get("band", {}).get("hitRule", "intersects") != "intersects":
            raise Skip("QListView has no 'contains' band rule")
        (ox, oy), (w, h), (px, py) = grid["origin"], grid["size"], grid["pitch"]
        cols = grid["columns"]
        # QListView lays items out in grid cells of gridSize starting at spacing; the item rect is the
        # cell; so only origin (s, s) with pitch = size + s (s = spacing) can match. Try it, read back.
        top = QtWidgets.QWidget()
        top.setGeometry(0, 0, W + 40, H + 40)
        view = QtWidgets.QListView(top)
        view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        view.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setViewMode(QtWidgets.QListView.ViewMode.ListMode)
        view.setFlow(QtWidgets.QListView.Flow.LeftToRight)
        view.setWrapping(True)
        view.setResizeMode(QtWidgets.QListView.ResizeMode.Fixed)
        view.setMovement(QtWidgets.QListView.Movement.Static)
        view.setUniformItemSizes(True)
        view.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection
                              if scene.get("selection", {}).get("multiple", True)
                              else QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        view.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectItems)
        view.setDragEnabled(False)
        view.setDragDropMode(QtWidgets.QAbstractItemView.DragDropMode.NoDragDrop)
        view.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAutoScroll(False)
        view.setSelectionRectVisible(True)
        view.setContentsMargins(0, 0, 0, 0)
        view.setViewportMargins(0, 0, 0, 0)
        # Two layouts QListView gives exactly (measured): gridSize G puts item k at (col*Gx, row*Gy) with the
        # item's own size; spacing s (no gridSize) puts it at (s + col*(w+2s), s + row*(h+2s)). Anything
        # else is skipped; both are checked against every visualRect below.
        if (ox, oy) == (0, 0) and px >= w and py >= h:
            view.setGridSize(QtCore.QSize(int(px), int(py)))
        elif ox == oy and ox >= 0 and px == w + 2 * ox and py == h + 2 * oy:
            view.setSpacing(int(ox))
        else:
            raise Skip("QListView lays out origin (0,0) with a gridSize, or origin (s,s) with pitch size+2s "
                       "(spacing s); grid has origin %s size %s pitch %s" % ((ox, oy), (w, h), (px, py)))
        model = QtGui.QStandardItemModel(view)
        for iid, _ in items:
            si = QtGui.QStandardItem(iid)
            si.setEditable(False)
            si.setDragEnabled(False)
            si.setDropEnabled(False)
            si.setSizeHint(QtCore.QSize(int(w), int(h)))
            model.appendRow(si)
        view.setModel(model)
        view.setGeometry(20, 20, W, H)
        self.keep += [top, view, model]

        def on_act(idx):
            self.activated.append(model.item(idx.row()).text())

        def on_dbl(idx):
            self.double_clicked.append(model.item(idx.row()).text())
        view.activated.connect(on_act)
        view.doubleClicked.connect(on_dbl)
        self.keep += [on_act, on_dbl]
        top.show()
        QtTest.QTest.qWaitForWindowExposed(top)
        view.doItemsLayout()
        self.app.processEvents()
        vp = view.viewport()
        if (vp.width(), vp.height()) != (W, H):
            raise Skip("viewport is %dx%d, not %dx%d" % (vp.width(), vp.height(), W, H))
        for row, (iid, r) in enumerate(items):
            vr = view.visualRect(model.index(row, 0))
            got = (vr.x(), vr.y(), vr.width(), vr.height())
            if got != tuple(int(v) for v in r):
                raise Skip("QListView puts %s at %s, the scene at %s" % (iid, list(got), list(r)))
        # the hit test must agree too (indexAt at each item's corners and just outside)
        for row, (iid, (x, y, ww, hh)) in enumerate(items):
            for p in ((x, y), (x + ww - 1, y + hh - 1)):
                idx = view.indexAt(QtCore.QPoint(int(p[0]), int(p[1])))
                if idx.row() != row:
                    raise Skip("indexAt%s is row %d, not %s" % (p, idx.row(), iid))
        occupied = lambda qx, qy: any(x <= qx < x + ww and y <= qy < y + hh for _, (x, y, ww, hh) in items)
        for row, (iid, (x, y, ww, hh)) in enumerate(items):
            for p in ((x + ww, y), (x, y + hh), (x - 1, y), (x, y - 1)):
                if 0 <= p[0] < W and 0 <= p[1] < H and not occupied(*p):
                    idx = view.indexAt(QtCore.QPoint(int(p[0]), int(p[1])))
                    if idx.isValid():
                        raise Skip("indexAt%s is row %d, the scene has no item there" % (p, idx.row()))
        sm = view.selectionModel()
        for iid in scene.get("band", {}).get("initialSelection", []):
            sm.select(model.index([i for i, _ in items].index(iid), 0), QtCore.QItemSelectionModel.SelectionFlag.Select)
        self.app.processEvents()
        ids = [i for i, _ in items]

        def selection():
            return [ids[r] for r in range(len(ids)) if sm.isSelected(model.index(r, 0))]

        def band():
            self.painted_band.clear()
            vp.repaint()
            return self.painted_band[-1] if self.painted_band else None

        def current():
            c = view.currentIndex()
            return ids[c.row()] if c.isValid() else None
        return dict(top=top, view=view, viewport=vp, key_target=view, selection=selection, band=band,
                    current=current, readback=None)

    # -- playing ----------------------------------------------------------------------------

    def play(self, sess):
        QtCore, QtGui, QtWidgets, QtTest = qt()
        Qt = QtCore.Qt
        name = sess["name"]
        widget = sess.get("widget", "graphicsview")
        try:
            W, H, items, grid = check_scene(sess["scene"])
            steps = parse_trace(sess["trace"])
            self.activated = []
            self.band_signals = 0
            if widget == "graphicsview":
                if sess["scene"].get("selection", {}).get("multiple", True) is not True:
                    raise Skip("QGraphicsView has no single-selection mode")
                w = self.build_graphicsview(W, H, items, sess["scene"])
            elif widget == "listview":
                w = self.build_listview(W, H, items, grid, sess["scene"])
            else:
                raise Skip("unknown widget %r" % widget)
        except Skip as e:
            return {"name": name, "skipped": str(e)}
        top, vp = w["top"], w["viewport"]
        win = top.windowHandle()
        win.installEventFilter(self.filter)
        self.keep.append(win)
        MA = QtTest.QTest.MouseAction
        KM = Qt.KeyboardModifier
        modmap = {"shift": KM.ShiftModifier, "control": KM.ControlModifier,
                  "option": KM.AltModifier, "command": KM.MetaModifier}
        buttons = {"primary": Qt.MouseButton.LeftButton, "secondary": Qt.MouseButton.RightButton, "middle": Qt.MouseButton.MiddleButton}
        keymap = {"left": Qt.Key.Key_Left, "right": Qt.Key.Key_Right, "up": Qt.Key.Key_Up, "down": Qt.Key.Key_Down,
                  "space": Qt.Key.Key_Space, "return": Qt.Key.Key_Return, "escape": Qt.Key.Key_Escape, "tab": Qt.Key.Key_Tab}
        mods = KM.NoModifier
        pointer = [W / 2.0, H / 2.0]
        start = sess["scene"].get("pointer", {}).get("start")
        if start:
            pointer = [min(max(start[0], 0), W), min(max(start[1], 0), H)]
        held = set()
        observations = []
        timing = []            # (step, Qt timestamp - trace ms - base) where it is not 0
        base = None            # Qt timestamp - trace ms
        first = True

        def winpos():
            p = vp.mapTo(top, QtCore.QPoint(int(round(pointer[0])), int(round(pointer[1]))))
            return p

        def send(action, button, t):
            nonlocal base, first
            if first:
                delay = self.session_gap_ms
            else:
                delay = max(1, int(round(base + t * 1000)) - self.seen_ts)
            self.seen_ts_before = self.seen_ts
            QtTest.QTest.mouseEvent(action, win, button, mods, winpos(), delay)
            if self.seen_ts is None or self.seen_ts == self.seen_ts_before:
                # nobody saw it (no filter hit): keep our own account
                self.seen_ts = (self.seen_ts or 0) + delay
            if first:
                base = self.seen_ts - int(round(t * 1000))
                first = False
            off = self.seen_ts - int(round(t * 1000)) - base
            if off:
                timing.append((len(observations), off))

        for k, (t, ev, args) in enumerate(steps):
            self.activated = []
            self.double_clicked = []
            if ev in ("move", "delta"):
                if ev == "move":
                    pointer = [args[0], args[1]]
                else:
                    pointer = [pointer[0] + args[0], pointer[1] + args[1]]
                pointer = [min(max(pointer[0], 0), W), min(max(pointer[1], 0), H)]
                send(MA.MouseMove, Qt.MouseButton.NoButton, t)
            elif ev == "press":
                if args[0] not in held:
                    held.add(args[0])
                    send(MA.MousePress, buttons[args[0]], t)
            elif ev == "release":
                if args[0] in held:
                    held.discard(args[0])
                    send(MA.MouseRelease, buttons[args[0]], t)
            elif ev == "modifiers":
                mods = KM.NoModifier
                for m in args:
                    mods |= modmap[m]
            elif ev == "key":
                key = keymap.get(args[0]) or getattr(Qt.Key, "Key_" + args[0].upper())
                QtTest.QTest.keyClick(w["key_target"], key, mods)
            self.app.processEvents()
            obs = {"step": k, "selection": w["selection"](), "band": w["band"]()}
            if self.activated:
                obs["activated"] = list(self.activated)
            if self.double_clicked:
                obs["doubleClicked"] = list(self.double_clicked)
            if w["current"] is not None:
                obs["current"] = w["current"]()
            if w["readback"] is not None:
                rb = w["readback"]()
                if rb != obs["band"]:
                    obs["band_readback"] = rb      # rubberBandRect() disagrees with the signal
            observations.append(obs)
        # release anything still held, away from the session (not observed)
        for b in list(held):
            QtTest.QTest.mouseEvent(MA.MouseRelease, win, buttons[b], mods, winpos(), 1)
        win.removeEventFilter(self.filter)
        top.hide()
        res = {"name": name, "toolkit": self.version, "widget": widget, "observations": observations}
        if timing:
            res["timing"] = [{"step": s, "offset_ms": o} for s, o in timing]
        return res


# ----------------------------------------------------------------------------------------------
# driver

def load_corpus(path, only):
    sessions = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            s = json.loads(line)
            if only and s["name"] not in only:
                continue
            sessions.append(s)
    return sessions


def shield_none():
    """PySide6 6.12 on CPython 3.11 drops a reference to None on calls that return None (repaint,
    processEvents, QTest's functions ...); after some thousands of them the interpreter aborts with
    "none_dealloc". None is not immortal before 3.12: give it 2^40 spare references (its ob_refcnt is the
    object's first word). Batches of fresh processes (--batch) remain as a second guard."""
    if sys.version_info < (3, 12):
        import ctypes
        ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40


def worker(corpus, names_file):
    shield_none()
    with open(names_file) as f:
        wanted = json.load(f)
    sessions = {s["name"]: s for s in load_corpus(corpus, set(wanted))}
    p = Player()
    for name in wanted:
        try:
            r = p.play(sessions[name])
        except Skip as e:
            r = {"name": name, "skipped": str(e)}
        sys.stdout.write(json.dumps(r) + "\n")
        sys.stdout.flush()


def conform(widget):
    """Speak the protocol of `pointersim conform --exec` (docs/Formats/Conform.md) on stdin/stdout: each
    session (the scene line, its step lines, the end line) is played as a corpus session would be, and every
    step is answered with Qt's selection (and, for the graphicsview, its band rect), or the session is
    skipped with the reason. One QApplication plays every session."""
    shield_none()
    p = Player()

    def play(n, scene, trace, steps):
        try:
            r = p.play({"name": "conform-%d" % n, "widget": widget, "scene": scene, "trace": trace})
        except Skip as e:
            r = {"skipped": str(e)}
        return conform_answers(r, steps, "Qt", every_step=True)

    conform_loop(play, sys.stdin, sys.stdout)


def run_batches(corpus, names, batch):
    results = {}
    for i in range(0, len(names), batch):
        chunk = names[i:i + batch]
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as tf:
            json.dump(chunk, tf)
        try:
            env = dict(os.environ)
            env.setdefault("QT_QPA_PLATFORM", "offscreen")
            out = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", tf.name,
                                  "--corpus", corpus], capture_output=True, text=True, env=env)
        finally:
            os.unlink(tf.name)
        got = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
        for r in got:
            results[r["name"]] = r
        if out.returncode != 0 or len(got) != len(chunk):
            sys.stderr.write(out.stderr[-3000:])
            raise SystemExit("worker failed (exit %d) after %d of %d sessions" % (out.returncode, len(got), len(chunk)))
    return [results[n] for n in names]


def validate(sessions, first, second):
    problems = []
    for s, a, b in zip(sessions, first, second):
        name = s["name"]
        if a != b:
            problems.append("%s: the two runs differ" % name)
        if "skipped" in a:
            continue
        for t in a.get("timing", []):
            # QtTest advances its clock by at least 1 ms per event: a mouse event at the same trace time as
            # the previous one is 1 ms late (and only it: the next one is back on the clock). Say so; fail
            # on anything else.
            msg = "%s step %d: Qt's timestamp is %+d ms off the trace's clock" % (name, t["step"], t["offset_ms"])
            if t["offset_ms"] == 1:
                print("validate: note: " + msg + " (an event at the same time as the previous one)")
            else:
                problems.append(msg)
        for o in a["observations"]:
            if "band_readback" in o:
                problems.append("%s step %d: rubberBandRect() %s != rubberBandChanged %s"
                                % (name, o["step"], o["band_readback"], o["band"]))
    # a band from empty space must report a rubber band (the probe session below)
    return problems


PROBE = {
    "name": "validate-probe-band",
    "widget": "graphicsview",
    "scene": {"format": "pointersim-scene/1", "view": {"width": 300, "height": 200, "scale": 1},
              "items": [{"id": "a", "rect": [100, 60, 40, 30]}]},
    "trace": "pointersim-trace 1\n0.000 move 20 20\n0.010 press primary\n0.020 move 200 150\n0.030 release primary\n",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus")
    ap.add_argument("--out")
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--validate", action="store_true")
    ap.add_argument("--batch", type=int, default=50, help="sessions per fresh process (default 50)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--conform", action="store_true", help="be a child of `pointersim conform --exec` (stdin/stdout)")
    ap.add_argument("--widget", default="graphicsview", help="the widget for --conform (default graphicsview)")
    a = ap.parse_args()
    if a.conform:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        conform(a.widget)
        sys.stdout.flush()
        os._exit(0)
    if a.worker:
        worker(a.corpus, a.worker)
        # skip interpreter finalisation: PySide6 6.12's refcount bug on None aborts it (results are written)
        sys.stdout.flush()
        os._exit(0)
    if not a.corpus or not a.out:
        ap.error("--corpus and --out are required")
    sessions = load_corpus(a.corpus, set(a.only))
    names = [s["name"] for s in sessions]
    if len(set(names)) != len(names):
        raise SystemExit("duplicate session names in the corpus")
    results = run_batches(a.corpus, names, a.batch)
    with open(a.out, "w") as f:
        for r in results:
            f.write(json.dumps(r) + "\n")
    skipped = sum(1 for r in results if "skipped" in r)
    print("%d sessions played, %d skipped -> %s" % (len(results) - skipped, skipped, a.out))
    if a.validate:
        second = run_batches(a.corpus, names, a.batch)
        problems = validate(sessions, results, second)
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as tf:
            tf.write(json.dumps(PROBE) + "\n")
        try:
            probe = run_batches(tf.name, [PROBE["name"]], 1)[0]
        finally:
            os.unlink(tf.name)
        bands = [o["band"] for o in probe.get("observations", [])]
        if not any(bands):
            problems.append("probe: a band from empty space reported no rubber band: %s" % probe)
        else:
            print("probe: band from empty space reported %s" % [b for b in bands if b])
        geometry = sum(1 for r in results if "skipped" not in r)
        print("validate: %d sessions played twice; geometry read back for each (skips name the mismatch)" % geometry)
        for p in problems:
            print("VALIDATION: " + p)
        if problems:
            return 1
        print("validate: OK (identical runs, Qt's timestamps on the trace's clock, band reported)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
