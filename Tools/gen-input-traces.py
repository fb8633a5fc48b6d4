#!/usr/bin/env python3
"""Writes the synthetic raw recordings of Traces/input/ (evemu 1.3 and
libinput-record YAML). Run from the package root; review the goldens after."""
import os
OUT = "Traces/input"
MAXCODE = {0: 0x0f, 1: 0x2ff, 2: 0x0f, 3: 0x3f, 4: 0x07, 0x11: 0x0f}

def evemu_desc(name, ids, codes, absinfo={}, props=(), leds={}, comment=""):
    s = "# EVEMU 1.3\n"
    for c in comment.strip().splitlines(): s += "# " + c + "\n"
    s += f"N: {name}\nI: {ids[0]:04x} {ids[1]:04x} {ids[2]:04x} {ids[3]:04x}\n"
    bits = 0
    for p in props: bits |= 1 << p
    s += "P:" + "".join(f" {(bits >> (8*i)) & 0xff:02x}" for i in range(8)) + "\n"
    for t in sorted(codes):
        mask = 0
        for c in codes[t]: mask |= 1 << c
        for line in range(MAXCODE[t] // 64 + 1):
            s += f"B: {t:02x}" + "".join(f" {(mask >> (line*64 + 8*i)) & 0xff:02x}" for i in range(8)) + "\n"
    for c in sorted(absinfo):
        a = absinfo[c]; s += f"A: {c:02x} {a[0]} {a[1]} {a[2]} {a[3]} {a[4]}\n"
    for c in sorted(leds): s += f"L: {c:02x} {leds[c]}\n"
    return s

def ev(t, typ, code, val):
    sec, usec = int(round(t * 1e6)) // 1000000, int(round(t * 1e6)) % 1000000
    v = f"{val:04d}" if val >= 0 else "-" + f"{-val:03d}"
    return f"E: {sec}.{usec:06d} {typ:04x} {code:04x} {v}\n"

def frames(fs):
    """fs: list of (time, [(type, code, value)...], syn=True)."""
    s = ""
    for f in fs:
        t, evs = f[0], f[1]
        for e in evs: s += ev(t, *e)
        if len(f) < 3 or f[2]: s += ev(t, 0, 0, 0)
    return s

MOUSE = dict(name="PointerSim Test Mouse", ids=(3, 0x1234, 0x5678, 0x111),
             codes={0: [0, 1, 2, 3, 4], 1: [272, 273, 274], 2: [0, 1, 8, 11], 4: [4]})
KBD_CODES = {0: [0, 1, 3, 4], 1: [1] + list(range(2, 59)) + [97, 100, 125, 126], 4: [4], 0x11: [0, 1, 2]}
REL, KEY = 2, 1
def move(t, dx, dy): return (t, [(REL, 0, dx), (REL, 1, dy)])
def btn(t, v, code=272): return (t, [(4, 4, 0x90001), (KEY, code, v)])

def write(name, text):
    with open(os.path.join(OUT, name), "w") as f: f.write(text)

# 1. Mouse + keyboard: Shift held → an add band, then Command (Meta) → a toggle band.
mouse = evemu_desc(**MOUSE, comment="""Synthetic (Tools/gen-input-traces.py). Two drags with the mouse: the first while
Shift is held on the keyboard (add band), the second while Left Meta is held (toggle band,
Meta being command).
Scene: acceleration none, so one count = one point.
expect: {"t":1,"event":"band.began","rect":[100,100,1,1],"modifiers":["shift"],"mode":"add"}
expect: {"t":1.11,"event":"band.ended","rect":[100,100,100,60],"selection":["a","b","c"]}
expect: {"t":3.01,"event":"band.began","modifiers":["command"],"mode":"toggle"}
expect: {"t":3.11,"event":"band.ended","rect":[80,160,120,40],"selection":["a"]}""")
fs = [move(0.0, 0, 0)]  # a zero motion frame: nothing
t = 1.0
fs.append(btn(t, 1)); t += 0.01
for i in range(10): fs.append(move(t, 10, 6)); t += 0.01
fs.append(btn(t, 0)); t = 3.0
fs.append(btn(t, 1)); t += 0.01
for i in range(10): fs.append(move(t, -12, 4)); t += 0.01
fs.append(btn(t, 0))
write("mouse-keyboard.mouse.evemu", mouse + frames(fs))
kbd_yaml_events = [(0.5, [(4, 4, 0x700e1), (KEY, 42, 1)]), (0.8, [(KEY, 42, 2)], "rep"), (2.0, [(4, 4, 0x700e1), (KEY, 42, 0)]),
                   (2.5, [(4, 4, 0x700e3), (KEY, 125, 1)]), (3.5, [(4, 4, 0x700e3), (KEY, 125, 0)])]
y = """# libinput record
# Synthetic (Tools/gen-input-traces.py), written with --show-keycodes semantics (codes not obfuscated).
version: 1
ndevices: 1
libinput:
  version: "1.22.1"
  git: "unknown"
system:
  os: "debian:12"
  kernel: "6.1.0"
  dmi: "dmi:synthetic"
devices:
- node: /dev/input/event3
  evdev:
    # Name: PointerSim Test Keyboard
    name: "PointerSim Test Keyboard"
    id: [3, 4660, 22137, 273]
    codes:
"""
for t_ in sorted(KBD_CODES): y += f"      {t_}: [{', '.join(map(str, KBD_CODES[t_]))}]\n"
y += "    properties: []\n  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_KEYBOARD=1\n  events:\n"
for f in kbd_yaml_events:
    sec, usec = int(round(f[0]*1e6)) // 1000000, int(round(f[0]*1e6)) % 1000000
    y += "  - evdev:\n"
    for e in f[1]: y += f"    - [{sec:3d}, {usec:6d}, {e[0]:3d}, {e[1]:3d}, {e[2]:7d}]\n"
    y += f"    - [{sec:3d}, {usec:6d},   0,   0, {1 if len(f) > 2 else 0:7d}]\n"
write("mouse-keyboard.keyboard.yaml", y)
write("mouse-keyboard.inputs", "mouse-keyboard.mouse.evemu\nmouse-keyboard.keyboard.yaml\n")

# 2. SYN_DROPPED: the +500 after the drop and the half frame before it are discarded.
fs = [btn(0.0, 1), move(0.01, 10, 0), (0.02, [(REL, 0, 300)], False)]
s = mouse.split("N:")[0].replace("Two drags", "SYN_DROPPED. Two drags") if False else evemu_desc(**MOUSE, comment="""Synthetic: a drag whose middle is lost to a SYN_DROPPED. The half frame before the
drop (REL_X 300) and everything up to the next SYN_REPORT (REL_X 500) are discarded, so the
band grows only by the 10 + 10 counts around it. Acceleration none.
expect: {"t":0.01,"event":"band.selecting","rect":[100,100,10,1]}
expect: {"t":0.05,"event":"band.ended","rect":[100,100,20,1],"selection":["near"]}""")
s += frames(fs) + ev(0.02, 0, 3, 0) + ev(0.025, REL, 0, 500) + ev(0.03, 0, 0, 0) + frames([move(0.04, 10, 0), btn(0.05, 0)])
write("syn-dropped.trace.evemu", s)
write("syn-dropped.inputs", "syn-dropped.trace.evemu\n")

# 3. A trace that ends in the middle of a frame: the final release has no SYN_REPORT.
s = evemu_desc(**MOUSE, comment="""Synthetic: the recording stops mid-frame. The last frame (the button release) has
no SYN_REPORT, so it is never acted on: the band is still active at the end. Acceleration none.
expect: {"t":0.01,"event":"band.selecting","rect":[100,100,30,20]}
expect no: {"event":"band.ended"}""")
s += frames([btn(0.0, 1), move(0.01, 30, 20), (0.02, [(KEY, 272, 0)], False)])
write("mid-frame-end.evemu", s)
write("mid-frame-end.inputs", "mid-frame-end.evemu\n")

# 4. Unplug mid-drag: the band is cancelled, then the device is reported removed.
s = evemu_desc(**MOUSE, comment="""Synthetic: the mouse is unplugged mid-drag (our marker comment below). The band
ends cancelled (selection back to the press), then device.removed. Acceleration none.
expect: {"t":0.02,"event":"band.selecting","rect":[100,100,200,120]}
expect: {"t":0.5,"event":"band.ended","selection":["far"],"cancelled":true}
expect: {"t":0.5,"event":"device.removed","device":"PointerSim Test Mouse"}""")
s += frames([btn(0.0, 1), move(0.01, 100, 60), move(0.02, 100, 60)]) + "# pointersim: device removed 0.500000\n"
write("unplug.evemu", s)
write("unplug.inputs", "unplug.evemu\n")

# 5. Clickpad with duplicate tracking ids (32 units/mm, like the Elantech recording).
CLICKPAD = dict(name="PointerSim Test Clickpad", ids=(0x11, 2, 0xe, 0),
                codes={0: [0, 1, 3], 1: [272, 325, 330, 333, 334], 3: [0, 1, 0x2f, 0x35, 0x36, 0x37, 0x39]},
                absinfo={0: (0, 3200, 0, 0, 32), 1: (0, 2240, 0, 0, 32), 0x2f: (0, 1, 0, 0, 0), 0x35: (0, 3200, 0, 0, 32),
                         0x36: (0, 2240, 0, 0, 32), 0x37: (0, 2, 0, 0, 0), 0x39: (0, 65535, 0, 0, 0)}, props=(0, 2))
s = evemu_desc(**CLICKPAD, comment="""Synthetic clickpad, 100 x 70 mm at 32 units/mm, acceleration none. libinput keeps the
resolution as a whole dpi (32 x 25.4 = 812.8 -> 812), so 1 mm = 32 x 1000 / 812 = 39.409 points.
A finger lands at (50, 30) mm and moves 1 mm right per frame: the first frame after the landing
(0.012) gives no motion, the next five one step each; a repeated TRACKING_ID 7 and a -1 on the
empty slot 1 are ignored (libevdev discards them); a palm in slot 1 (0.060 to 0.084) never moves
the pointer.
expect no: {"t":0.012,"event":"pointer"}
expect: {"t":0.024,"event":"pointer","model":[139.409,100]}
expect: {"t":0.06,"event":"pointer","model":[257.635,100]}
expect: {"t":0.072,"event":"pointer","model":[297.044,100]}
A 38.75 mm move in 12 ms is a kernel jump (> 20 mm) and is dropped; the next 1 mm moves.
expect no: {"t":0.096,"event":"pointer"}
expect: {"t":0.108,"event":"pointer","model":[297.044,139.409]}
Then a physical click with a finger in the bottom-right soft button area (the strip is
min(10 mm, 15% of 70 mm) = 10 mm tall) gives a secondary press: a context menu for item a,
under the pointer; one in the bottom-left area a primary press on a: a click that selects a
at the release (uikit), no band.
expect: {"t":0.6,"event":"contextMenu.requested","point":[297.044,139.409],"items":["a"]}
expect: {"t":1.2,"event":"selection.changed","cause":"click","added":["a"]}
expect no: {"event":"band.began"}""")
A = 3
fr = [(0.000, [(A, 0x39, 7), (A, 0x35, 1600), (A, 0x36, 960), (KEY, 330, 1), (KEY, 325, 1)])]
x = 1600
for i in range(1, 4):
    x += 32; fr.append((0.012 * i, [(A, 0x35, x)]))
fr.append((0.048, [(A, 0x39, 7), (A, 0x35, x + 32), (A, 0x2f, 1), (A, 0x39, -1), (A, 0x2f, 0)]))
fr.append((0.060, [(A, 0x2f, 1), (A, 0x39, 8), (A, 0x37, 2), (A, 0x35, 200), (A, 0x36, 200), (A, 0x2f, 0), (A, 0x35, x + 64)]))
fr.append((0.072, [(A, 0x2f, 1), (A, 0x35, 900), (A, 0x2f, 0), (A, 0x35, x + 96)]))
fr.append((0.084, [(A, 0x2f, 1), (A, 0x39, -1), (A, 0x2f, 0)]))
fr.append((0.096, [(A, 0x36, 2200)]))
fr.append((0.108, [(A, 0x36, 2232)]))
fr.append((0.300, [(A, 0x39, -1), (KEY, 330, 0), (KEY, 325, 0)]))
fr.append((0.500, [(A, 0x39, 9), (A, 0x35, 3000), (A, 0x36, 2200), (KEY, 330, 1), (KEY, 325, 1)]))
fr.append((0.600, [(KEY, 272, 1)]))
fr.append((0.700, [(KEY, 272, 0)]))
fr.append((0.800, [(A, 0x39, -1), (KEY, 330, 0), (KEY, 325, 0)]))
fr.append((1.000, [(A, 0x39, 10), (A, 0x35, 400), (A, 0x36, 2200), (KEY, 330, 1), (KEY, 325, 1)]))
fr.append((1.100, [(KEY, 272, 1)]))
fr.append((1.200, [(KEY, 272, 0)]))
fr.append((1.300, [(A, 0x39, -1), (KEY, 330, 0), (KEY, 325, 0)]))
write("duplicate-tracking-id.evemu", s + frames(fr))
write("duplicate-tracking-id.inputs", "duplicate-tracking-id.evemu\n")
write("duplicate-tracking-id.flags", "--verbose\n")
