#!/usr/bin/env python3
"""The replay viewer tested in a real browser (headless Chromium, driven over
the DevTools protocol on a pipe; standard library only).

For each case (a golden scenario of Traces/: <name>.inputs or <name>.trace,
<name>.scene.json, as the golden tests find them) it renders the HTML viewer
with `pointersim render`, replays the same inputs with `pointersim replay
--verbose`, opens the page at `#t=SECONDS` for sampled times and checks, against
the log line of that time (computed here from the log, not by the page):
  - the state the page shows: the line, the model and presented pointer, the
    shape, the accessories, the band (rect, mode, active), the selection, the
    region and latch, and that the page prints every log line exactly;
  - the pixels on screen: the model pointer's crosshair at its place, the
    presented shape (its drawn extent, by hiding the layer and comparing
    screenshots), every accessory at its centre, the band's corners;
and, as a control, that a page drawing the pointer 180 pt off fails the pixel
checks. Optionally (--bench LINES) it renders a generated one-hour mouse
recording, reports its size and measures the frame time while scrubbing, and
(--screenshot FILE) saves a screenshot of the viewer.

usage: run.py --bin POINTERSIM --chromium PATH [--case DIR/NAME|/PATH/NAME]... [--all]
              [--bench LINES] [--screenshot FILE [--screenshot-case DIR/NAME@T]] [--verbose]
exit: 0 all checks passed, 1 a check failed.
"""
import argparse, json, math, os, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, decode_png

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_CASES = [
    "band/autoscroll",                      # a band with autoscroll (scrolled content)
    "regions/slider-horizontal",            # a latched drag with accessories (lift)
    "regions/accessories-five",             # custom accessory shapes, system and hidden styles
    "regions/scrolled",                     # regions in scrolled content
    "regions/text-beam",                    # beams
    "recordings/touchpad-clickpad-elantech-samsung700z3a",     # a touchpad recording
    "recordings/touchpad-clickpad-synaptics.left-phys-click",  # a clickpad click: a band
    "input/unplug",                         # an unplug cancelling a band
    "band/cancel",
]
FAILURES = []
VERBOSE = False


def log(msg):
    print(f"[browser-test] {msg}", file=sys.stderr, flush=True)


QUIET = False
COUNT = {"checks": 0, "pixels": 0}


def check(ok, what):
    COUNT["checks"] += 1
    if any(w in what for w in ("drawn", "draws nothing")):
        COUNT["pixels"] += 1
    if not ok:
        FAILURES.append(what)
        if not QUIET:
            log("FAIL " + what)
    elif VERBOSE:
        log("ok   " + what)
    return ok


class Case:
    def __init__(self, spec):
        self.name = spec
        d, n = os.path.split(spec)
        self.dir = d if os.path.isabs(d) else os.path.join(ROOT, "Traces", d)  # DIR/NAME under Traces/, or /abs/path/NAME
        base = os.path.join(self.dir, n)
        if os.path.exists(base + ".inputs"):
            self.inputs = [os.path.join(self.dir, l.strip()) for l in open(base + ".inputs") if l.strip()]
        else:
            self.inputs = [base + ".trace"]
        self.scene = base + ".scene.json" if os.path.exists(base + ".scene.json") else None
        self.initial = []
        self.ids = []
        if self.scene:
            s = json.load(open(self.scene))
            self.initial = s.get("band", {}).get("initialSelection", [])
            self.ids = scene_ids(s)

    def args(self):
        return self.inputs + (["--scene", self.scene] if self.scene else [])

    def animated(self):
        """Whether the scene's pointer animates (regionConfiguration.animation
        "standard" or a duration): `render` then samples it at 60 Hz, as
        `replay --frames 60` does."""
        if not self.scene:
            return False
        a = json.load(open(self.scene)).get("regionConfiguration", {}).get("animation")
        if isinstance(a, str):
            return a == "standard"
        return isinstance(a, dict) and (a.get("duration", 0) > 0 or a.get("accessoryDuration", 0) > 0)


def all_cases():
    out = []
    for d, _, files in os.walk(os.path.join(ROOT, "Traces")):
        for f in files:
            if f.endswith(".expected.jsonl"):
                out.append(os.path.relpath(os.path.join(d, f[:-len(".expected.jsonl")]), os.path.join(ROOT, "Traces")))
    return sorted(out)


def scene_ids(scene):
    """The scene's item ids in scene order (a list, or a grid's r<row>c<column>)."""
    items = scene.get("items", [])
    if isinstance(items, dict) and "grid" in items:
        g = items["grid"]
        return ["r%dc%d" % (r, c) for r in range(g["rows"]) for c in range(g["columns"])]
    return [i["id"] for i in items]


def log_ids(value, ids):
    """A list of ids as the log writes it (docs/Formats/Log.md, "Long lists"):
    ids, "all", or {"count": N, "ranges": [[FIRST, LAST], ...]} in scene indices."""
    if value is None:
        return []
    if value == "all":
        return list(ids)
    if isinstance(value, dict):
        return [ids[i] for a, b in value["ranges"] for i in range(a, b + 1)]
    return value


def is_list(value):
    return isinstance(value, (list, dict)) or value == "all"


# ---- what the log says at each line ----------------------------------------------
def expected_states(lines, initial, ids=()):
    """Per log line: the last pointer line, the band, the selection, the region."""
    sel, states = list(initial), []
    pointer, band, band_active, region, latched = None, None, False, None, "none"
    for text in lines:
        e = json.loads(text)
        ev = e["event"]
        if ev == "pointer":
            pointer = e
        elif ev == "band.began":
            band, band_active = e, True
        elif ev == "band.selecting":
            band = e
            s = set(sel) - set(log_ids(e["removed"], ids)) | set(log_ids(e["added"], ids))
            sel = [x for x in s]
        elif ev == "band.ended":
            band, band_active = e, False
            sel = log_ids(e["selection"], ids)
        elif is_list(e.get("added")) or is_list(e.get("removed")) or is_list(e.get("selection")):
            # other kinds that change the selection (selection.changed: clicks, keys)
            if is_list(e.get("selection")):
                sel = log_ids(e["selection"], ids)
            else:
                sel = list(set(sel) - set(log_ids(e.get("removed"), ids)) | set(log_ids(e.get("added"), ids)))
        elif ev == "region.entered":
            region, latched = e["region"], "none"
        elif ev == "region.exited":
            region, latched = None, "none"
        elif ev == "region.latched":
            latched = e["axes"]
        elif ev == "region.unlatched":
            latched = "none"
        states.append({"t": e["t"], "pointer": pointer, "band": band, "active": band_active,
                       "selection": set(sel), "region": region, "latched": latched})
    return states


def close(a, b, eps=0.0015):
    return a is not None and b is not None and len(a) == len(b) and all(abs(x - y) <= eps for x, y in zip(a, b))


def run_cmd(args, stderr=False):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    return p.stderr.strip().splitlines()[-1] + "\n" if stderr else p.stdout  # the last message: what was written


# ---- pixels ----------------------------------------------------------------------
class Stage:
    """Where the page draws the view: the stage canvas's content box, from the DOM,
    showing the drawing's extent (the view and what sticks out of it), in view points."""
    def __init__(self, b, view):
        g = b.eval("(() => { const c = document.getElementById('stage'), r = c.getBoundingClientRect();"
                   " return [r.left + c.clientLeft, r.top + c.clientTop, c.clientWidth, c.clientHeight]; })()")
        self.x, self.y, self.w, self.h = g
        # what is on screen: the drawing's extent, or the part of it the stage is zoomed onto
        ext, z = b.eval("PointerSimViewer.extent()"), b.eval("PointerSimViewer.zoom()")
        ew, eh = (ext[2] - ext[0]) / z["z"], (ext[3] - ext[1]) / z["z"]
        self.ext = [z["x"], z["y"], z["x"] + ew, z["y"] + eh]
        self.k = self.w / ew
        self.view = view

    def page(self, x, y):
        return self.x + (x - self.ext[0]) * self.k, self.y + (y - self.ext[1]) * self.k


def shot(b, x0, y0, x1, y1):
    """Pixels of the page in [x0, x1) × [y0, y1) (page px, rounded outward)."""
    x0, y0 = math.floor(x0), math.floor(y0)
    w, h = max(1, math.ceil(x1) - x0), max(1, math.ceil(y1) - y0)
    _, _, rows = decode_png(b.screenshot((x0, y0, w, h)))
    return x0, y0, rows


def diff_box(b, layer, x0, y0, x1, y1, hide=()):
    """The bounding box (page px) of what `layer` draws inside the clip: two
    screenshots, with and without it. None when it draws nothing there."""
    b.eval("(() => { const L = PointerSimViewer.layers; %s L[%s] = true; PointerSimViewer.redraw(); })()"
           % ("".join(f"L[{json.dumps(h)}] = false;" for h in hide), json.dumps(layer)))
    ox, oy, on = shot(b, x0, y0, x1, y1)
    b.eval(f"(() => {{ PointerSimViewer.layers[{json.dumps(layer)}] = false; PointerSimViewer.redraw(); }})()")
    _, _, off = shot(b, x0, y0, x1, y1)
    b.eval("(() => { const L = PointerSimViewer.layers; for (const k in L) L[k] = true; PointerSimViewer.redraw(); })()")
    xs, ys = [], []
    for j, (r1, r2) in enumerate(zip(on, off)):
        for i, (p, q) in enumerate(zip(r1, r2)):
            if abs(p[0] - q[0]) + abs(p[1] - q[1]) + abs(p[2] - q[2]) > 24:
                xs.append(ox + i); ys.append(oy + j)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def shape_bounds(shape, presented, beam=2.0):
    if "circle" in shape:
        r = shape["circle"] / 2
        return presented[0] - r, presented[1] - r, presented[0] + r, presented[1] + r
    if "roundedRect" in shape:
        x, y, w, h, _ = shape["roundedRect"]
        return x, y, x + w, y + h
    if "verticalBeam" in shape:
        l = shape["verticalBeam"] / 2
        return presented[0] - beam / 2, presented[1] - l, presented[0] + beam / 2, presented[1] + l
    if "horizontalBeam" in shape:
        l = shape["horizontalBeam"] / 2
        return presented[0] - l, presented[1] - beam / 2, presented[0] + l, presented[1] + beam / 2
    if "path" in shape:
        xs = [p[0] for p in shape["path"]]; ys = [p[1] for p in shape["path"]]
        return min(xs), min(ys), max(xs), max(ys)
    return None


def clip_to_view(box, ext):
    x0, y0, x1, y1 = box
    x0, y0, x1, y1 = max(ext[0], x0), max(ext[1], y0), min(ext[2], x1), min(ext[3], y1)
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def pixel_checks(b, name, t, st, view, tol=2.6):
    """The pointer, the shape, the accessories and the band, on screen."""
    stage = Stage(b, view)
    ext = stage.ext
    p = st["pointer"]
    if p:
        # the model pointer: the magenta crosshair's centre dot
        mx, my = stage.page(*p["model"])
        ox, oy, rows = shot(b, mx - 12, my - 12, mx + 12, my + 12)
        pts = [(ox + i + 0.5, oy + j + 0.5) for j, r in enumerate(rows) for i, c in enumerate(r) if c[0] > 200 and c[1] < 90 and c[2] > 200]
        if check(len(pts) >= 3, f"{name} @{t}: the model pointer is drawn near {p['model']}"):
            cx = sum(q[0] for q in pts) / len(pts); cy = sum(q[1] for q in pts) / len(pts)
            # the crosshair is clipped at the view's edges: compare only the axes it is inside
            inside_x = ext[0] + 8 < p["model"][0] < ext[2] - 8; inside_y = ext[1] + 8 < p["model"][1] < ext[3] - 8
            check((not inside_x or abs(cx - mx) <= tol) and (not inside_y or abs(cy - my) <= tol),
                  f"{name} @{t}: model pointer drawn at ({cx - stage.x:.1f}, {cy - stage.y:.1f}) px, log says {p['model']} → ({mx - stage.x:.1f}, {my - stage.y:.1f}) px")
        # the presented shape: its drawn extent
        bounds = shape_bounds(p["shape"], p["presented"])
        clip = clip_to_view(bounds, ext) if bounds else None
        if clip:
            pad = 14
            x0, y0 = stage.page(clip[0], clip[1]); x1, y1 = stage.page(clip[2], clip[3])
            box = diff_box(b, "pointer", x0 - pad, y0 - pad, x1 + pad, y1 + pad, hide=("model", "accessories"))
            if check(box is not None, f"{name} @{t}: the presented shape {p['shape']} is drawn"):
                ok = all(abs(u - v) <= tol + 1 for u, v in zip(box, (x0, y0, x1, y1)))
                check(ok, f"{name} @{t}: presented shape drawn over {tuple(round(v - o, 1) for v, o in zip(box, (stage.x, stage.y) * 2))} px, "
                          f"log says {tuple(round(v, 1) for v in clip)} pt → {tuple(round(v - o, 1) for v, o in zip((x0, y0, x1, y1), (stage.x, stage.y) * 2))} px")
        elif "hidden" in p["shape"]:
            x0, y0 = stage.page(*p["presented"])
            check(diff_box(b, "pointer", x0 - 15, y0 - 15, x0 + 15, y0 + 15, hide=("model", "accessories")) is None,
                  f"{name} @{t}: a hidden pointer draws nothing")
        for a in p["accessories"]:
            if not (ext[0] + 6 < a["center"][0] < ext[2] - 6 and ext[1] + 6 < a["center"][1] < ext[3] - 6) or a.get("alpha", 1) < 0.3:
                continue  # outside the view, or faded nearly out
            ax, ay = stage.page(*a["center"])
            box = diff_box(b, "accessories", ax - 8, ay - 8, ax + 8, ay + 8, hide=("model", "pointer"))
            if check(box is not None, f"{name} @{t}: accessory at {a['center']} is drawn"):
                bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                check(abs(bx - ax) <= tol and abs(by - ay) <= tol,
                      f"{name} @{t}: accessory drawn around ({bx - stage.x:.1f}, {by - stage.y:.1f}) px, log says {a['center']} → ({ax - stage.x:.1f}, {ay - stage.y:.1f}) px")
    if st["active"] and st["band"]:
        # the band's corners that are in the view (content → view: minus the scroll offset the page shows)
        x, y, w, h = st["band"]["rect"]
        if w >= 24 and h >= 24:
            off = b.eval("PointerSimViewer.state().scroll")
            # the band's moving corner is where the pointer is: rect corner = model + offset (pixel-rounded)
            if p:
                near = min(abs(x + cx0 - p["model"][0] - off[0]) + abs(y + cy0 - p["model"][1] - off[1]) for cx0 in (0, w) for cy0 in (0, h))
                check(near <= 1.01, f"{name} @{t}: a band corner is at the model pointer once scrolled by the offset the page shows {off}")
            vx, vy = x - off[0], y - off[1]
            for cx0, cy0, ix, iy in ((0, 0, 0, 1), (w, 0, 2, 1), (0, h, 0, 3), (w, h, 2, 3)):
                X, Y = vx + cx0, vy + cy0
                if not (ext[0] + 4 < X < ext[2] - 4 and ext[1] + 4 < Y < ext[3] - 4):
                    continue
                px_, py_ = stage.page(X, Y)
                box = diff_box(b, "band", px_ - 10, py_ - 10, px_ + 10, py_ + 10, hide=("model", "pointer", "accessories"))
                if check(box is not None, f"{name} @{t}: band corner ({X}, {Y}) in view is drawn"):
                    check(abs(box[ix] - px_) <= tol + 1 and abs(box[iy] - py_) <= tol + 1,
                          f"{name} @{t}: band corner drawn at ({box[ix] - stage.x:.1f}, {box[iy] - stage.y:.1f}) px, log says ({X}, {Y}) pt in view → ({px_ - stage.x:.1f}, {py_ - stage.y:.1f}) px")


def wait_for(b, expr, what, timeout=3):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if b.eval(expr):
            return True
        time.sleep(0.01)
    return check(False, what)


def controls(b, bin_, tmp):
    """Keyboard, buttons, the event list and the address, on band/autoscroll."""
    c = Case("band/autoscroll")
    texts = run_cmd([bin_, "replay", "--verbose"] + c.args()).splitlines()
    lines = [json.loads(l) for l in texts]
    html = os.path.join(tmp, "controls.html")
    run_cmd([bin_, "render"] + c.args() + ["--output", html])
    b.open("file://" + html)
    check(b.eval("PointerSimViewer.state().line") == 0, "controls: without #t the page opens at the first line")
    b.key("ArrowRight", "ArrowRight", 39)
    t1 = lines[[i for i, l in enumerate(lines) if l["t"] > lines[0]["t"]][0]]["t"]
    check(abs(b.eval("PointerSimViewer.time()") - t1) < 1e-6, f"controls: → steps to the next log line time ({t1} s)")
    wait_for(b, f"location.hash === '#t={t1}'", f"controls: the address follows (#t={t1})")
    b.key("ArrowRight", "ArrowRight", 39, shift=True)
    nxt = [l["t"] for l in lines if l["event"] not in ("pointer", "band.selecting") and l["t"] > t1]
    check(nxt and abs(b.eval("PointerSimViewer.time()") - nxt[0]) < 1e-6, f"controls: Shift+→ steps to the next event ({nxt[:1]})")
    b.key("ArrowLeft", "ArrowLeft", 37)
    check(b.eval("PointerSimViewer.time()") < nxt[0], "controls: ← steps back")
    # click the 5th row of the event list
    r = b.eval("(() => { const d = document.querySelectorAll('#events div.row')[4]; const r = d.getBoundingClientRect(); return [r.left + 20, r.top + 9, +d.dataset.line]; })()")
    b.mouse("mousePressed", r[0], r[1], 1); b.mouse("mouseReleased", r[0], r[1], 0)
    check(b.eval("PointerSimViewer.state().line") == r[2], f"controls: clicking an event jumps to its line ({r[2] + 1})")
    check(b.eval("document.querySelector('#events div.row.cur') && +document.querySelector('#events div.row.cur').dataset.line") == r[2], "controls: the event list marks the current event")
    check(b.eval("document.getElementById('curline').textContent") == texts[r[2]], "controls: the log panel shows the current line")
    # play at 4x: trace time advances about four times as fast as the wall clock
    b.eval("PointerSimViewer.seek(0)")
    b.eval("document.getElementById('speed').value = '4'; document.getElementById('speed').dispatchEvent(new Event('change'))")
    b.key(" ", "Space", 32)
    w0 = time.time(); time.sleep(0.04)
    check(b.eval("PointerSimViewer.playing()"), "controls: space plays")
    wait_for(b, "!PointerSimViewer.playing()", "controls: playing stops at the end", timeout=5)
    wall = time.time() - w0
    dur = lines[-1]["t"]
    check(dur / 4 * 0.7 <= wall <= dur / 4 + 0.6, f"controls: 4× plays {dur} s of trace in {wall:.2f} s of wall time")
    check(abs(b.eval("PointerSimViewer.time()") - dur) < 1e-6, "controls: playing ends at the last line")


def future_kinds(b, bin_, tmp):
    """A kind this viewer does not know is listed by its name and fields, and a
    "selection" it carries is applied: input/unplug's device.removed line is
    turned into {"event":"selection.changed","selection":["near","mid"]} in the page."""
    c = Case("input/unplug")
    html = os.path.join(tmp, "future.html")
    run_cmd([bin_, "render"] + c.args() + ["--output", html])
    text = open(html, encoding="utf-8").read()
    old_line = '"event":"device.removed","device":"PointerSim Test Mouse"}'
    assert old_line in text and '"device.removed"]' in text
    text = text.replace(old_line, '"event":"selection.changed","selection":["near","mid"]}').replace('"device.removed"]', '"selection.changed"]')
    open(html, "w", encoding="utf-8").write(text)
    b.open("file://" + html + "#t=0.5")
    b.eval("PointerSimViewer.seek(0.5)")
    check(sorted(b.eval("PointerSimViewer.selected()")) == ["mid", "near"], "future kinds: an unknown kind's selection is applied")
    rows = b.eval("Array.from(document.querySelectorAll('#events div.row')).map(d => d.textContent)")
    check(any("selection.changed" in r and "near" in r for r in rows), f"future kinds: listed by name with their fields ({rows[-1:]})")
    check(b.eval("PointerSimViewer.state().band.cancelled"), "future kinds: the band before it is still the cancelled one")
    # one that names an item (a focus move) marks it on the stage for a second
    text = text.replace('"event":"selection.changed","selection":["near","mid"]}', '"event":"focus.moved","item":"far"}').replace('"selection.changed"]', '"focus.moved"]')
    html = os.path.join(tmp, "future2.html")  # another page: the same address with a fragment would not reload
    open(html, "w", encoding="utf-8").write(text)
    b.open("file://" + html + "#t=0.5")
    marked = b.eval("JSON.stringify(PointerSimViewer.state().marked)")
    check(marked == '[{"kind":"focus.moved","item":2}]', f"future kinds: an item they name is marked ({marked})")


def profiles(b, bin_, tmp):
    """render --profiles: every profile's selection at each time `pointersim
    compare` reports, the profiles lane where they differ, and the squares
    drawn on the items."""
    args = [os.path.join(ROOT, "Traces/compare/three-toolkits.trace"), "--scene", os.path.join(ROOT, "Traces/compare/three-toolkits.scene.json")]
    lines = [json.loads(l) for l in run_cmd([bin_, "compare"] + args + ["--profiles", "uikit,qt,gtk"]).splitlines()]
    html = os.path.join(tmp, "profiles.html")
    run_cmd([bin_, "render"] + args + ["--profiles", "uikit,qt,gtk", "--output", html])
    b.open("file://" + html)
    check("profiles" in b.eval("PointerSimViewer.lanes()"), "profiles: the timeline has a profiles lane")
    n = 0
    for l in lines:
        if "t" not in l:
            continue
        b.eval(f"PointerSimViewer.seek({l['t']})")
        got = b.eval(f"PointerSimViewer.profiles({l['t']})")
        if l["event"] == "profiles.diverged":
            check(got == l["selections"], f"profiles: at {l['t']} s the page's selections are compare's ({got} vs {l['selections']})")
            n += 1
        elif l["event"] == "profiles.agreed":
            check(all(v == l["selection"] for v in got.values()), f"profiles: at {l['t']} s the profiles agree on {l['selection']} ({got})")
            n += 1
    diffs = b.eval("PointerSimViewer.profileDiffs()")[0]
    first = next(l["t"] for l in lines if l["event"] == "profiles.diverged")
    check(diffs and abs(diffs[0][0] / 1000 - first) < 1e-6, f"profiles: the lane's first difference starts at compare's first profiles.diverged ({diffs[:1]}, {first} s)")
    # the squares: with the items layer on, the top-left corner of a selected item differs from the page without squares
    check(n >= 5, f"profiles: {n} compare lines checked against the page")
    log(f"profiles: {n} compare lines checked")


def inside(box, ext, eps=0.01):
    return box[0] >= ext[0] - eps and box[1] >= ext[1] - eps and box[2] <= ext[2] + eps and box[3] <= ext[3] + eps


def log_boxes(e, scroll):
    """What a log line says is drawn (view points): the model pointer, the presented
    shape, the accessories' centres, the band, an item's new geometry."""
    out = []
    if e["event"] == "pointer":
        out.append(("model pointer", e["model"] * 2))
        bx = shape_bounds(e["shape"], e["presented"])
        if bx:
            out.append(("presented shape", list(bx)))
        out += [("accessory", a["center"] * 2) for a in e["accessories"]]
    if e["event"].startswith("band.") and "rect" in e:
        x, y, w, h = e["rect"]
        out.append(("band", [x - scroll[0], y - scroll[1], x + w - scroll[0], y + h - scroll[1]]))
    if e["event"] == "item.geometryChanged":
        x, y, w, h = e["rect"]
        out.append(("item " + e["item"], [x - scroll[0], y - scroll[1], x + w - scroll[0], y + h - scroll[1]]))
    return out


def fits(b, name, lines, url):
    """At every log line: everything the log says is drawn, and everything the page
    drew, lies inside the drawing on screen (the stage shows the whole extent, in the
    window); no two labels overlap; the legend and the stage are on the first screen."""
    b.open(url)
    ext = b.eval("PointerSimViewer.extent()")
    g = b.eval("(() => { const r = e => { const q = document.getElementById(e).getBoundingClientRect(); return [q.left, q.top, q.right, q.bottom]; };"
               " return { stage: r('stage'), legend: r('legend'), w: innerWidth, h: innerHeight, cw: document.getElementById('stage').clientWidth, ch: document.getElementById('stage').clientHeight }; })()")
    check(g["w"] == 1400 and g["h"] == 900, f"{name}: the window is 1400 × 900 ({g['w']} × {g['h']})")
    check(g["legend"][3] <= g["h"] and g["legend"][2] <= g["w"], f"{name}: the legend is on the first screen (bottom at {g['legend'][3]:.0f} px of {g['h']})")
    check(g["stage"][2] <= g["w"] and g["stage"][3] <= g["h"], f"{name}: the whole drawing is on the first screen ({[round(v) for v in g['stage']]})")
    check(abs(g["cw"] / (ext[2] - ext[0]) - g["ch"] / (ext[3] - ext[1])) < 0.01, f"{name}: the stage shows the extent {ext} at one scale")
    bad, overlaps, n = [], [], 0
    for i, text in enumerate(lines):
        e = json.loads(text)
        r = b.eval(f"(() => {{ PointerSimViewer.seekLine({i}); return JSON.stringify({{s: PointerSimViewer.state().scroll, d: PointerSimViewer.drawn()}}); }})()")
        r = json.loads(r)
        for what, box in log_boxes(e, r["s"]):
            n += 1
            if not inside(box, ext):
                bad.append(f"line {i + 1} (t {e['t']}): the log's {what} {box}")
        for box in r["d"]["boxes"]:
            n += 1
            if not inside(box[1:], ext):
                bad.append(f"line {i + 1} (t {e['t']}): drawn {box[0]} {box[1:]}")
        labels, taken = r["d"]["labels"], r["d"].get("taken", [])
        for j, a in enumerate(labels):
            n += 1
            if not inside(a[1:], ext):
                bad.append(f"line {i + 1} (t {e['t']}): label {a[0]!r} {a[1:]}")
            # no other label, item id or profile tag under it
            for c in taken:
                if c != a[1:] and a[1] < c[2] - 0.01 and c[0] < a[3] - 0.01 and a[2] < c[3] - 0.01 and c[1] < a[4] - 0.01:
                    overlaps.append(f"line {i + 1} (t {e['t']}): label {a[0]!r} {[round(v) for v in a[1:]]} overlaps {[round(v) for v in c]}")
    check(not bad, f"{name}: at all {len(lines)} log lines, everything drawn lies inside the drawing {ext} ({n} boxes; {bad[:3]})")
    check(not overlaps, f"{name}: at all {len(lines)} log lines, no label overlaps another, an item's id or a profile tag ({overlaps[:3]})")
    return n


def showcase_fits(b, bin_, tmp):
    """The showcase (animated): the photo grows to the view's edge, its handles and arrows past it."""
    c = Case("showcase/showcase-animated")
    lines = run_cmd([bin_, "replay", "--verbose", "--frames", "60"] + c.args()).splitlines()
    html = os.path.join(tmp, "showcase.html")
    run_cmd([bin_, "render"] + c.args() + ["--output", html])
    n = fits(b, "showcase", lines, "file://" + html)
    log(f"showcase: {len(lines)} log lines, {n} boxes and labels checked inside the drawing")
    # the scene zooms: + twice, then fit
    b.eval("document.getElementById('zoomIn').click(); document.getElementById('zoomIn').click()")
    z = b.eval("PointerSimViewer.zoom()")
    check(abs(z["z"] - 2.25) < 1e-9, f"showcase: the + button zooms the scene (×{z['z']})")
    b.eval("document.getElementById('zoomFit').click()")
    z = b.eval("PointerSimViewer.zoom()")
    ext = b.eval("PointerSimViewer.extent()")
    check(z["z"] == 1 and z["x"] == ext[0] and z["y"] == ext[1], f"showcase: fit shows the whole drawing again ({z})")


def profiles_each(b, bin_, tmp):
    """render --profiles: each profile's own replay can be shown (picked in the page):
    its log lines exactly, its selection at every time `compare` reports, its events
    in the list; and at every line of each, the drawing fits."""
    trace = os.path.join(ROOT, "Traces/compare/three-toolkits.trace")
    scene_path = os.path.join(ROOT, "Traces/compare/three-toolkits.scene.json")
    compare = [json.loads(l) for l in run_cmd([bin_, "compare", trace, "--scene", scene_path]).splitlines()]
    names = next(l["profiles"] for l in compare if l["event"] == "profiles.summary")
    html = os.path.join(tmp, "profiles-each.html")
    run_cmd([bin_, "render", trace, "--scene", scene_path, "--profiles", ",".join(names), "--output", html])
    scene = json.load(open(scene_path))
    for k, name in enumerate(names):
        scene.setdefault("band", {})["profile"] = name
        sp = os.path.join(tmp, f"three-{name}.scene.json")
        json.dump(scene, open(sp, "w"))
        lines = run_cmd([bin_, "replay", "--verbose", trace, "--scene", sp]).splitlines()
        url = "file://" + html + f"#t=0&profile={name}"
        fits(b, f"three-toolkits ({name})", lines, url)
        b.open(url)
        check(b.eval("PointerSimViewer.profileShown()") == name, f"profiles: the page shows {name}'s replay when asked")
        got = json.loads(b.eval("JSON.stringify(Array.from({length: PointerSimViewer.lines}, (_, i) => PointerSimViewer.lineText(i)))"))
        check(got == lines, f"profiles: the page holds {name}'s own log ({len(got)} lines vs {len(lines)})")
        events = [l for l in lines if json.loads(l)["event"] != "pointer"]
        rows = b.eval("document.getElementById('eventsSpacer').offsetHeight / 18")
        check(rows == len(events), f"profiles: {name}'s event list has its {len(events)} events ({rows})")
        own = sorted({json.loads(l)["event"] for l in events} - {"band.began", "band.selecting", "band.ended"})
        log(f"profiles: {name}: {len(lines)} log lines, its own kinds {own}")
        for l in compare:
            if "t" not in l:
                continue
            want = l["selections"][name] if l["event"] == "profiles.diverged" else l.get("selection")
            if want is None:
                continue
            b.eval(f"PointerSimViewer.seek({l['t']})")
            sel = b.eval("PointerSimViewer.selected()")
            check(sorted(sel) == sorted(want), f"profiles: {name}'s items at {l['t']} s are compare's ({sel} vs {want})")
        # the choice in the page: the next profile, at the same moment
        nxt = names[(k + 1) % len(names)]
        b.eval("PointerSimViewer.seek(2.85)")
        b.eval(f"(() => {{ const s = document.getElementById('profile'); s.value = '{(k + 1) % len(names)}'; s.dispatchEvent(new Event('change')); }})()")
        time.sleep(0.3)
        wait_for(b, f"window.PointerSimViewer && PointerSimViewer.profileShown() === '{nxt}' && Math.abs(PointerSimViewer.time() - 2.85) < 0.001",
                 f"profiles: choosing {nxt} in the page shows its replay at the same moment", timeout=10)


SIZES = [(1400, 900), (1024, 700)]  # the first screens the viewer is read at (1×)
SIX = "uikit,qt-itemview,qt-graphicsview,gtk,gtk3,imgui"
READABLE = [  # (name, traces, scene, render options, moment): the pages docs/Viewer.md shows at both sizes
    ("showcase", ["Traces/showcase/showcase.trace"], "Traces/showcase/showcase-animated.scene.json", [], 0.95),
    ("six-profiles", ["Traces/compare/three-toolkits.trace"], "Traces/compare/three-toolkits.scene.json", ["--profiles", SIX], 2.85),
    ("touchpad", ["Traces/recordings/touchpad-clickpad-elantech-samsung700z3a.evemu"], "Traces/recordings/touchpad-clickpad-elantech-samsung700z3a.scene.json", [], 1e9),
    ("merged", ["Traces/recordings/keyboard-logitech-k400plus.drags.ptrace", "Traces/recordings/keyboard-logitech-k400plus.evemu"],
     "Traces/recordings/keyboard-logitech-k400plus.scene.json", [], 11.5),
]


def render_rel(bin_, html, traces, scene, opts):
    # relative paths, so that the page's title does not name this machine's folders
    subprocess.run([os.path.abspath(bin_), "render"] + traces + ["--scene", scene] + opts + ["--output", html], cwd=ROOT, check=True, capture_output=True)


def readable(b, bin_, tmp):
    """The viewer at 1× at 1400 × 900 and 1024 × 700 (issue 45): profile tags at the
    body's size, nothing cut at the right (page, panel, log lines, event rows, the
    timeline's labels), no mid-word breaks, one time shown, the pointer's trail, the
    buttons lane for a press from a merged trace."""
    pages = {}
    for name, traces, scene, opts, t in READABLE:
        pages[name] = os.path.join(tmp, f"readable-{name}.html")
        render_rel(bin_, pages[name], traces, scene, opts)
    try:
        for w, h in SIZES:
            b.resize(w, h)
            for name, traces, scene, opts, t in READABLE:
                what = f"readable {name} at {w} × {h}"
                b.open("file://" + pages[name] + f"#t={min(t, 3600)}")
                b.eval(f"PointerSimViewer.seek({t})")
                r = b.eval("""(() => {
                  const body = parseFloat(getComputedStyle(document.body).fontSize), cut = [];
                  const over = (e, what) => { if (e.scrollWidth > e.clientWidth + 1) cut.push(what + ' ' + e.scrollWidth + ' > ' + e.clientWidth); };
                  over(document.documentElement, 'the page'); over(document.getElementById('log'), 'the log lines');
                  document.querySelectorAll('#events div.row').forEach((d, i) => { if (d.style.display !== 'none') over(d, 'event row ' + i); });
                  document.querySelectorAll('#state td, #state th, header').forEach((e, i) => over(e, e.tagName + ' ' + i + ' ' + e.textContent.slice(0, 30)));
                  const tl = document.getElementById('timeline').clientWidth;
                  PointerSimViewer.timelineLabels().forEach(l => { if (l[2] > tl || l[1] < 0) cut.push('timeline label ' + l[0] + ' at ' + l[1].toFixed(0) + '…' + l[2].toFixed(0) + ' of ' + tl); });
                  const wb = [document.querySelector('#state td'), document.getElementById('log')].map(e => e ? getComputedStyle(e).wordBreak : 'normal');
                  const times = Array.from(document.querySelectorAll('body *')).filter(e => e.tagName !== 'SCRIPT' && e.tagName !== 'STYLE' && e.children.length === 0 && /\\bt = \\d/.test(e.textContent)).map(e => e.id);
                  const th = Array.from(document.querySelectorAll('#state th')).map(e => e.textContent);
                  return { body: body, tags: PointerSimViewer.drawn().tags, trail: PointerSimViewer.drawn().trail, cut: cut, wordBreak: wb, times: times, th: th,
                           lanes: PointerSimViewer.lanes(), input: PointerSimViewer.inputCounts(), profiles: !!PointerSimViewer.profiles(0) };
                })()""")
                check(not r["cut"], f"{what}: nothing is cut at the right ({r['cut'][:3]})")
                check(all(v == "normal" for v in r["wordBreak"]), f"{what}: the panel and the log never break inside a word ({r['wordBreak']})")
                check(r["times"] == ["clock"] and "time" not in r["th"], f"{what}: one time is shown, the header's ({r['times']}, panel rows {r['th'][:2]})")
                check(r["trail"] > 1, f"{what}: the pointer's trail is drawn ({r['trail']} points)")
                if r["profiles"]:
                    check(len(r["tags"]) >= 6 * 12 and min(r["tags"]) >= r["body"] - 0.01, f"{what}: every item has its six profile tags at the body's size ({len(r['tags'])} tags, {min(r['tags'] or [0]):.1f} px, body {r['body']} px)")
                if name == "merged":
                    check("buttons" in r["lanes"] and r["input"].get("2", 0) > 0, f"{what}: the buttons lane has the presses of the merged trace ({r['input']})")
    finally:
        b.resize(1400, 900)


class Done(Exception):
    pass


SHOTS = [  # docs/Viewer.md's screenshots: (file, traces, scene, render options, moment, profile)
    ("viewer.png", ["Traces/regions/band-over-regions.trace"], "Traces/regions/band-over-regions.scene.json", [], 0.6, None),
    ("viewer-showcase-resize.png", ["Traces/showcase/showcase.trace"], "Traces/showcase/showcase-animated.scene.json", [], 0.95, None),
    ("viewer-showcase-release.png", ["Traces/showcase/showcase.trace"], "Traces/showcase/showcase-animated.scene.json", [], 1.25, None),
]


def shots(b, bin_, tmp, out_dir):
    """The screenshots docs/Viewer.md shows, at 1400 × 900: the showcase while the
    photo grows and as the arrows go, and the three-toolkit page at the
    control-click under each profile."""
    os.makedirs(out_dir, exist_ok=True)
    names = ["uikit", "qt", "gtk"]  # the three docs/Viewer.md shows (qt: qt-itemview's alias, as the page names it)
    todo = list(SHOTS) + [(f"viewer-three-toolkits-{n}.png", ["Traces/compare/three-toolkits.trace"], "Traces/compare/three-toolkits.scene.json",
                           ["--profiles", ",".join(names)], 2.85, n) for n in names]
    todo = [(f, tr, sc, o, t, p, (1400, 900)) for f, tr, sc, o, t, p in todo]
    # the pages of the readability checks at both sizes
    todo += [(f"viewer-{name}-{w}x{h}.png", traces, scene, opts, t, None, (w, h)) for w, h in SIZES for name, traces, scene, opts, t in READABLE if name != "merged"]
    for i, (fname, traces, scene, opts, t, prof, size) in enumerate(todo):
        b.resize(*size)
        html = os.path.join(tmp, f"shot{i}.html")
        # relative paths, so that the page's title does not name this machine's folders
        subprocess.run([os.path.abspath(bin_), "render"] + traces + ["--scene", scene] + opts + ["--output", html], cwd=ROOT, check=True, capture_output=True)
        b.open("file://" + html + f"#t={min(t, 3600)}" + (f"&profile={prof}" if prof else ""))
        if t > 3600:
            b.eval(f"PointerSimViewer.seek({t})")
        open(os.path.join(out_dir, fname), "wb").write(b.screenshot())
        log(f"screenshot: {os.path.join(out_dir, fname)} ({' '.join(traces)} at {t} s{', ' + prof if prof else ''}, {size[0]} × {size[1]})")
    b.resize(1400, 900)


def sample_times(states, limit=14):
    times = sorted({s["t"] for s in states})
    if len(times) <= limit:
        return times
    # the first, the last, every band and region event time, then evenly spread
    keep = {times[0], times[-1]}
    step = len(times) / (limit - 2)
    keep |= {times[int(i * step)] for i in range(limit - 2)}
    return sorted(keep)


def run_case(b, bin_, spec, tmp, pixels=True, mutate=False, samples=14):
    c = Case(spec)
    name = spec + (" (pointer drawn 180 pt off)" if mutate else "")
    lines = run_cmd([bin_, "replay", "--verbose"] + (["--frames", "60"] if c.animated() else []) + c.args()).splitlines()
    html = os.path.join(tmp, spec.replace("/", "_") + ".html")
    out = run_cmd([bin_, "render"] + c.args() + ["--output", html], stderr=True)
    check(out.startswith(f"pointersim: wrote {html}: HTML viewer") and str(os.path.getsize(html)) in out, f"{name}: render says what it wrote ({out.strip()})")
    if mutate:
        text = open(html, encoding="utf-8").read()
        hook = "if (layers.overlays) drawOverlays(ctx, s);"
        assert hook in text
        open(html, "w", encoding="utf-8").write(text.replace(hook, hook + " ctx.translate(0, 180);"))
    states = expected_states(lines, c.initial, c.ids)
    view = json.loads(open(c.scene).read()).get("view", {}) if c.scene else {}
    view = (view.get("width", 1024), view.get("height", 768))
    url = "file://" + html
    first = True
    for t in sample_times(states, samples):
        k = max(i for i, s in enumerate(states) if s["t"] <= t)
        st = states[k]
        if first:
            b.open(url + f"#t={t}")   # a link to a moment opens there
            first = False
            if not mutate:
                got = b.eval("JSON.stringify(Array.from({length: PointerSimViewer.lines}, (_, i) => PointerSimViewer.lineText(i)))")
                got = json.loads(got)
                bad = [i for i, (x, y) in enumerate(zip(got, lines)) if x != y]
                check(len(got) == len(lines) and not bad, f"{name}: the page prints all {len(lines)} log lines exactly" + (f" (line {bad[0] + 1}: {got[bad[0]]} vs {lines[bad[0]]})" if bad else ""))
        else:
            b.eval(f"location.hash = '#t={t}'")   # the page follows its address
            wait_for(b, f"Math.abs(PointerSimViewer.time() - {t}) < 0.0005", f"{name}: the page follows #t={t}")
        v = b.eval("JSON.stringify(PointerSimViewer.state())")
        v = json.loads(v)
        if not mutate:
            check(v["line"] == k, f"{name} @{t}: the page shows line {v['line'] + 1}, the log's line of that time is {k + 1}")
            p = st["pointer"]
            if p:
                check(close(v["model"], p["model"]) and close(v["presented"], p["presented"]), f"{name} @{t}: pointer {v['model']} / {v['presented']} vs the log's {p['model']} / {p['presented']}")
                check(v["shape"] == p["shape"], f"{name} @{t}: shape {v['shape']} vs {p['shape']}")
                check(len(v["accessories"]) == len(p["accessories"]) and all(close(a["center"], e["center"]) and abs(a["angle"] - e["angle"]) < 0.0015 for a, e in zip(v["accessories"], p["accessories"])),
                      f"{name} @{t}: accessories {v['accessories']} vs {p['accessories']}")
                check(close(v["content"], p["content"]), f"{name} @{t}: content parallax {v['content']} vs {p['content']}")
            band = v["band"]
            if st["active"]:
                check(band and band["active"] and close(band["rect"], st["band"]["rect"]), f"{name} @{t}: band {band} vs the log's {st['band']['rect']}")
            else:
                check(not band or not band["active"], f"{name} @{t}: no band is active")
            if st["band"] and st["band"]["event"] == "band.ended":
                check(band and band["cancelled"] == st["band"]["cancelled"], f"{name} @{t}: the last band's cancelled flag")
            got_sel = set(b.eval("PointerSimViewer.selected()"))
            check(got_sel == st["selection"], f"{name} @{t}: selection {sorted(got_sel)} vs {sorted(st['selection'])}")
            check(v["region"] == st["region"] and v["latched"] == st["latched"], f"{name} @{t}: region {v['region']} latched {v['latched']} vs {st['region']} {st['latched']}")
            hash_ = b.eval("location.hash")
            check(abs(float(hash_.split("=")[1]) - t) < 0.0006 if hash_.startswith("#t=") else False, f"{name} @{t}: the address says {hash_}")
        if pixels:
            pixel_checks(b, name, t, st, view)
    return len(lines)


# ---- the one-hour recording ---------------------------------------------------------
def bench(b, bin_, tmp, target_lines):
    """A generated one-hour mouse recording (~target_lines log lines): its
    render's size and the frame time while scrubbing it."""
    rec = os.path.join(tmp, "hour.evemu")
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "gen-session.py"), rec, str(target_lines)], check=True)
    html = os.path.join(tmp, "hour.html")
    t0 = time.time()
    out = run_cmd([bin_, "render", rec, "--output", html], stderr=True)
    render_s = time.time() - t0
    size = os.path.getsize(html)
    lines = int(out.split(" log lines")[0].rsplit(", ", 1)[1])
    log(f"bench: {out.strip()} in {render_s:.1f} s")
    t0 = time.time()
    b.open("file://" + html + "#t=1800")
    open_s = time.time() - t0
    decode_ms = b.eval("PointerSimViewer.decodeMs")
    # scrub: every animation frame, seek somewhere else (a sweep, then random jumps), as a drag on the timeline does
    b.eval("(() => { const P = PointerSimViewer.profile; for (const k in P) P[k] = 0; })()")
    r = b.eval("""new Promise(done => {
      const V = PointerSimViewer, work = [], frames = []; let i = 0, last = performance.now(); const n = 300; V.scrubbing(true);
      function step(now) {
        frames.push(now - last); last = now;
        const s = i < n / 2 ? V.duration * i / (n / 2) : V.duration * ((i * 7919) % 1000) / 1000;
        const a = performance.now(); V.seek(s); work.push(performance.now() - a);
        if (++i < n) requestAnimationFrame(step); else { V.scrubbing(false); done({ work: work, frames: frames.slice(1) }); }
      }
      requestAnimationFrame(step);
    })""", await_promise=True)
    prof = b.eval("PointerSimViewer.profile")
    # and a real drag across the timeline (input events through the browser)
    g = b.eval("(() => { const r = document.getElementById('timeline').getBoundingClientRect(); return [r.left, r.top, r.width]; })()")
    t0 = time.time(); steps = 60
    b.mouse("mousePressed", g[0] + 100, g[1] + 30, 1)
    for i in range(steps):
        b.mouse("mouseMoved", g[0] + 100 + (g[2] - 120) * i / steps, g[1] + 30, 1)
    b.mouse("mouseReleased", g[0] + g[2] - 20, g[1] + 30, 1)
    b.eval("new Promise(r => requestAnimationFrame(() => r(1)))", await_promise=True)
    drag_ms = (time.time() - t0) * 1000 / steps
    hash_after = b.eval("location.hash")
    q = lambda xs, f: sorted(xs)[min(len(xs) - 1, int(f * len(xs)))]
    w, fr = r["work"], r["frames"]
    res = {"lines": lines, "bytes": size, "render_s": round(render_s, 2), "open_s": round(open_s, 2), "decode_ms": round(decode_ms),
           "seek_draw_ms": {"median": round(q(w, 0.5), 2), "p95": round(q(w, 0.95), 2), "max": round(max(w), 2)},
           "frame_ms": {"median": round(q(fr, 0.5), 2), "p95": round(q(fr, 0.95), 2), "max": round(max(fr), 2)},
           "drag_event_ms": round(drag_ms, 2), "hash_after_drag": hash_after,
           "per_frame_ms": {k: round(v / max(1, prof["frames"]), 2) for k, v in prof.items() if k != "frames"}}
    print(json.dumps(res))
    check(size <= 40 * 1024 * 1024, f"bench: the render of {lines} log lines is {size / 1048576:.1f} MiB (at most 40)")
    # generous: the figure is reported; this only catches a page that stopped being interactive
    check(q(w, 0.5) < 16 and q(w, 0.95) < 50, f"bench: scrubbing costs {q(w, 0.5):.1f} ms per frame at the median (under a 60 Hz frame), {q(w, 0.95):.1f} ms at p95 (under 50)")
    check(hash_after.startswith("#t="), "bench: the address follows a drag on the timeline")
    return res


def main():
    global VERBOSE, QUIET
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--chromium", required=True)
    ap.add_argument("--case", action="append", help="DIR/NAME under Traces/ or /PATH/NAME: NAME.inputs or NAME.trace, NAME.scene.json")
    ap.add_argument("--all", action="store_true", help="every golden case in Traces/ (state checks; pixels on the default cases)")
    ap.add_argument("--all-pixels", action="store_true", help="with --all: the pixel checks too (slower)")
    ap.add_argument("--bench", type=int, default=0, metavar="LINES")
    ap.add_argument("--screenshot")
    ap.add_argument("--screenshot-case", default="regions/band-over-regions@0.6")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--fits-only", action="store_true", help="only the showcase and three-toolkit checks (the drawing fits, every profile)")
    ap.add_argument("--shots", metavar="DIR", help="save the screenshots docs/Viewer.md shows into DIR (after the checks)")
    a = ap.parse_args()
    VERBOSE = a.verbose
    cases = a.case or DEFAULT_CASES
    t_start = time.time()
    b = Browser(a.chromium, 1400, 900)  # the first screen the viewer is made for
    try:
        with tempfile.TemporaryDirectory(prefix="pointersim-browser-test-") as tmp:
            version = b.call("Browser.getVersion", session=False)["product"]
            log(f"{version}, {len(cases)} cases")
            if a.fits_only:
                cases, a.all = [], False
            for spec in cases:
                t0 = time.time()
                n = run_case(b, a.bin, spec, tmp)
                log(f"{spec}: {n} log lines checked ({time.time() - t0:.1f} s)")
            if a.all:
                for spec in all_cases():
                    if spec not in cases:
                        run_case(b, a.bin, spec, tmp, pixels=a.all_pixels, samples=6)
                log(f"all {len(all_cases())} golden cases: state{' and pixels' if a.all_pixels else ''} checked")
            if a.fits_only:
                readable(b, a.bin, tmp)
                showcase_fits(b, a.bin, tmp)
                profiles_each(b, a.bin, tmp)
                if a.shots:
                    shots(b, a.bin, tmp, a.shots)
                raise Done()
            # a long band: a pointer shaped like the band at every line (more shapes than the
            # page keeps as templates, so most are written inline)
            with open(os.path.join(tmp, "long-band.trace"), "w") as f:
                f.write("pointersim-trace 1\n0 move 30 30\n0.01 press primary\n")
                for i in range(600):
                    f.write(f"{0.02 + i * 0.004:.3f} move {40 + i * 1.3:.1f} {35 + (i * 7) % 500 * 1.1:.1f}\n")
                f.write("2.5 release primary\n")
            n = run_case(b, a.bin, os.path.join(tmp, "long-band"), tmp)
            log(f"a generated 600-step band: {n} log lines checked")
            controls(b, a.bin, tmp)
            future_kinds(b, a.bin, tmp)
            profiles(b, a.bin, tmp)
            readable(b, a.bin, tmp)
            showcase_fits(b, a.bin, tmp)
            profiles_each(b, a.bin, tmp)
            # the control: a page that draws the pointer 180 pt off must fail the pixel checks

            before, QUIET = len(FAILURES), True
            run_case(b, a.bin, "band/autoscroll", tmp, mutate=True)
            QUIET = False
            caught = len(FAILURES) - before
            del FAILURES[before:]
            check(caught > 0, "control: a viewer drawing the pointer 180 pt off fails the pixel checks")
            log(f"control: the misplaced pointer was caught by {caught} checks")
            if a.screenshot:
                spec, t = a.screenshot_case.rsplit("@", 1)
                c = Case(spec)
                html = os.path.join(tmp, "shot.html")
                # relative paths, so that the page's title does not name this machine's folders
                subprocess.run([os.path.abspath(a.bin), "render"] + [os.path.relpath(x, ROOT) if x.startswith(ROOT) else x for x in c.args()]
                               + ["--output", html], cwd=ROOT, check=True, capture_output=True)
                b.open("file://" + html + f"#t={t}")
                open(a.screenshot, "wb").write(b.screenshot())
                log(f"screenshot: {a.screenshot} ({spec} at {t} s)")
            if a.bench:
                bench(b, a.bin, tmp, a.bench)
            if a.shots:
                shots(b, a.bin, tmp, a.shots)
    except Done:
        pass
    finally:
        b.close()
    if FAILURES:
        log(f"{len(FAILURES)} check(s) failed ({time.time() - t_start:.0f} s)")
        return 1
    log(f"all {COUNT['checks']} checks passed, {COUNT['pixels']} of them on pixels ({time.time() - t_start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
