#!/usr/bin/env python3
"""Names the evdev events in the VM test's event lists and diffs: reads lines
(from files given, or stdin) and rewrites each "<node> <type> <code> <value>"
- bare, or after a diff marker ("<", ">", "+", "-", " ") - as
"<node> EV_KEY KEY_A 1" (SYN_DROPPED, BTN_LEFT, REL_X, ...) with libevdev's
names (libevdev_event_type_get_name / _code_get_name, through ctypes); other
lines are printed as they are. Without libevdev the numbers stay.
Also a module: name(type, code) -> "EV_SYN SYN_DROPPED"."""
import ctypes, ctypes.util, re, sys

try:
    _lib = ctypes.CDLL(ctypes.util.find_library("evdev") or "libevdev.so.2")
    for _f in ("libevdev_event_type_get_name", "libevdev_event_code_get_name"):
        getattr(_lib, _f).restype = ctypes.c_char_p
except OSError:
    _lib = None

def name(t, c):
    """'EV_KEY KEY_A' for (1, 30); the numbers where libevdev has no name."""
    t, c = int(t), int(c)
    tn = cn = None
    if _lib is not None:
        tn = _lib.libevdev_event_type_get_name(ctypes.c_uint(t))
        cn = _lib.libevdev_event_code_get_name(ctypes.c_uint(t), ctypes.c_uint(c))
    return f"{tn.decode() if tn else t} {cn.decode() if cn else c}"

_line = re.compile(r"^([-+<> ]?\s*)(\S+) (\d+) (\d+) (-?\d+)$")

def named(line):
    """The line with its event named, or unchanged."""
    m = _line.match(line)
    if not m or line.startswith(("---", "+++")):
        return line
    lead, node, t, c, v = m.groups()
    return f"{lead}{node} {name(t, c)} {v}"

if __name__ == "__main__":
    src = [open(p) for p in sys.argv[1:]] or [sys.stdin]
    for f in src:
        for l in f:
            print(named(l.rstrip("\n")))
