"""What the GTK 4 harness (Tools/toolkits/gtk/harness.py, GtkGridView) and
the GTK 3 harness (Tools/toolkits/gtk3/harness.py, GtkIconView) share: GLib's
main loop run until a time or a condition, a trace parsed into the X input
the harness sends, the scene checks both widgets make, the session loop
(trace times, lateness, held buttons and modifiers, the observations after
releases, keys and the end), the conform protocol and the command line
(`--corpus`, `--out`, `--only`, `--validate`, `--detail`, `--conform`).

A harness imports this after it has set GDK's environment and called
`gi.require_version` for its GTK; it subclasses `Player` (its window and
widget in `play`, and the hooks of `run_session`) and calls `main`. The
harness records only what GTK did; nothing here encodes expectations.
"""

import argparse
import json
import sys
import time

from gi.repository import GLib

from session import conform_answers, conform_loop, trace_steps

MAX_LATE = 0.025           # seconds: a press sent later than this replays the session
MAX_TRIES = 5
MARGIN = 40               # window pixels right of and below the view
LONG_GAP = 1.0            # trace gaps longer than this (seconds) are played as Player.SHORT_GAP

KEYSYMS = {"left": "Left", "right": "Right", "up": "Up", "down": "Down",
           "space": "space", "return": "Return", "escape": "Escape", "tab": "Tab"}
MODIFIER_KEYSYMS = {"shift": "Shift_L", "control": "Control_L", "option": "Alt_L",
                    "command": "Super_L"}
FLAG_ALIASES = {"ctrl": "control", "alt": "option", "meta": "command", "super": "command"}
BUTTONS = {"primary": 1, "middle": 2, "secondary": 3}


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
    """[(time, event)], each event the X input it becomes; Skip for what is not played."""
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


def plain_view(scene, widget):
    """(view width, view height) of a scene whose view, band and selection settings the
    widget (its name in the messages) reproduces, or Skip."""
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
    band = scene.get("band", {})
    if band.get("initialSelection"):
        raise Skip("initialSelection is not played")
    if band.get("enabled", True) is False or band.get("vetoRects"):
        raise Skip("band.enabled/vetoRects have no %s counterpart" % widget)
    sel = scene.get("selection", {})
    if sel.get("multiple", True) is False or sel.get("editing", False) or \
            sel.get("selectionFollowsFocus", False) or sel.get("focus", True) is False:
        raise Skip("selection options other than the defaults are not reproduced")
    if scene.get("regions"):
        raise Skip("pointer regions have no %s counterpart" % widget)
    return int(vw), int(vh)


# ---------------------------------------------------------------- the session loop

class Player:
    """One GTK process playing every session. A subclass sets SHORT_GAP and makes the
    window and widget in `play(entry)`; `run_session` sends the events and calls its hooks."""

    SHORT_GAP = 0.6

    def __init__(self, detail):
        self.detail = detail
        self.held_mods = set()
        self.held_buttons = set()
        self.lateness = []
        self.press_lateness = []

    def version(self):
        from gi.repository import Gtk
        return "GTK %d.%d.%d" % (Gtk.get_major_version(), Gtk.get_minor_version(),
                                 Gtk.get_micro_version())

    def _to_screen(self, vx, vy):
        return self.origin[0] + vx, self.origin[1] + vy

    def _release_all(self):
        for b in sorted(self.held_buttons):
            self.xin.button(b, False)
        for m in sorted(self.held_mods):
            self.xin.key(MODIFIER_KEYSYMS[m], False)
        self.held_buttons.clear()
        self.held_mods.clear()
        self.xin.sync()

    def play_focused(self, s, name, events, start, widget):
        """Plays the session `s` (its window mapped, checked and given the X focus): the pointer to
        its start, wait until GTK has seen input reach it and the window is active, then the events;
        the result for the corpus (`widget` names the widget)."""
        vw, vh = s.vw, s.vh
        self.pointer = (int(round(min(max(start[0], 0), vw))), int(round(min(max(start[1], 0), vh))))
        self._sync(s)
        pump_until(lambda: s.win.is_active(), 3.0, "the window to get keyboard focus")
        self.focus_widget(s)
        observations = self.run_session(s, events)
        result = {"name": name, "toolkit": self.version(), "widget": widget,
                  "observations": observations}
        if self.detail:
            result["gtk"] = s.log
        return result

    def end_session(self, s):
        """Releases what is held and destroys the session's window."""
        self._release_all()
        s.win.destroy()
        pump_until_time(time.monotonic() + 0.02)

    # hooks
    def focus_widget(self, s):
        """Once the window is active, before the first event."""

    def before_release(self, s, button):
        """Just before the release of `button` is sent."""

    def settle(self, s):
        """Wait until GTK has handled everything sent, before an observation."""
        self._sync(s)

    def add_observed(self, s, obs, observe):
        """Add the widget's own facts to an observation (`observe`: "release", "key" or False)."""

    def after_run(self, s, press_due):
        """After the last event; `press_due` holds each press's time on the played schedule."""

    def run_session(self, s, events):
        vw, vh = s.vw, s.vh
        self.last_session_start = time.monotonic()

        def clamp(x, y):
            return (int(round(min(max(x, 0), vw))), int(round(min(max(y, 0), vh))))

        self.pointer = clamp(*self.pointer)
        observations = []
        press_due = []
        t0 = time.monotonic()
        prev_t = None
        sched = 0.0
        for k, (t, ev) in enumerate(events):
            if prev_t is not None:
                gap = t - prev_t
                sched += self.SHORT_GAP if gap > LONG_GAP else gap
            prev_t = t
            due = t0 + sched
            pump_until_time(due)
            self.lateness.append(time.monotonic() - due)
            kind = ev[0]
            if kind == "press":
                # A press's time is what GTK's double clicks depend on.
                self.press_lateness.append(time.monotonic() - due)
                press_due.append(sched)
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
                    self.before_release(s, b)
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
                self.settle(s)
                obs = {"step": k, "selection": s.selection()}
                if s.activated:
                    obs["activated"] = list(s.activated)
                    s.activated.clear()
                self.add_observed(s, obs, observe)
                observations.append(obs)
        self.last_session_end = time.monotonic()
        self.after_run(s, press_due)
        return observations


# ---------------------------------------------------------------- the conform protocol

def conform(player):
    """Speak the protocol of `pointersim conform --exec` (docs/Formats/Conform.md) on stdin/stdout:
    each session is played as a corpus session (again, up to MAX_TRIES times, when a press was sent
    late). GTK is observed after releases, keys and the end only: the other steps are answered
    without a selection (not compared)."""
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


# ---------------------------------------------------------------- the command line

def main(doc, make_player, probe_rubberband, probe_leak, validate_help, detail_help,
         add_arguments=None, configure=None):
    """The harness's command line: `--conform`, or a corpus played into `--out` (one result a line,
    written as each session ends). `probe_rubberband(player)` gives (ok, result), `probe_leak(player)`
    (ok, gap, fresh, after); `add_arguments(parser)` and `configure(args)` add a harness's own options."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    if "--conform" in sys.argv[1:]:
        conform(make_player(False))
        return 0
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--validate", action="store_true", help=validate_help)
    if add_arguments:
        add_arguments(ap)
    ap.add_argument("--detail", action="store_true", help=detail_help)
    args = ap.parse_args()
    if configure:
        configure(args)

    entries = []
    with open(args.corpus) as f:
        for line in f:
            line = line.strip()
            if line:
                entries.append(json.loads(line))
    if args.only:
        wanted = set(args.only)
        entries = [e for e in entries if e.get("name") in wanted]

    player = make_player(args.detail)
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

    out = open(args.out, "w")
    n_played = 0
    t_start = time.monotonic()
    for e in entries:
        t = time.monotonic()
        # GTK times double clicks on the wall clock (GTK 4: a GLib timer; GTK 3: the X server's
        # timestamps), so an event sent late (a loaded machine) can change what GTK does: such a
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
        out.write(json.dumps(r, separators=(",", ":")) + "\n")
        out.flush()
        n_played += 1
        sys.stderr.write("harness: %-40s %s (%.2f s, latest event %.1f ms late, presses off by %.1f ms at most)\n" % (
            e.get("name"), "skipped: " + r["skipped"] if "skipped" in r else
            "ERROR: " + r["error"] if "error" in r else "played",
            time.monotonic() - t, 1000 * late_here, 1000 * press_late))
    out.close()
    late = sorted(player.lateness)
    if late:
        sys.stderr.write("harness: %d sessions in %.1f s; event lateness median %.1f ms, max %.1f ms\n" % (
            n_played, time.monotonic() - t_start, 1000 * late[len(late) // 2], 1000 * late[-1]))
    if args.validate:
        sys.stderr.write("validate: %s\n" % ("ok" if failures == 0 else "%d FAILURES" % failures))
    return 1 if failures else 0
