import random
random.seed(13)
def bits_lines(t, codes, nbytes):
    b = [0]*nbytes
    for c in codes: b[c//8] |= 1 << (c%8)
    out = []
    for i in range(0, nbytes, 8):
        out.append("B: %02x " % t + " ".join("%02x" % x for x in b[i:i+8]))
    return out
def desc(name, bus, vid, pid, ver, props, ev, keys, rels):
    L = ["# EVEMU 1.3", "N: " + name, "I: %04x %04x %04x %04x" % (bus, vid, pid, ver)]
    p = 0
    for x in props: p |= 1 << x
    L.append("P: %02x 00 00 00 00 00 00 00" % p)
    L += bits_lines(0, ev, 8)
    L += bits_lines(1, keys, 96)
    L += bits_lines(2, rels, 8)
    for t in (3, 4, 5, 0x11, 0x12, 0x14, 0x15, 0x15):
        L += bits_lines(t, [], 8)
    return "\n".join(L) + "\n"
class Ev:
    def __init__(s, t0=1000.0): s.t = t0; s.lines = []
    def frame(s, dt_ms, evs):
        s.t += dt_ms / 1000.0
        us = int(round(s.t * 1e6))
        for (ty, c, v) in evs: s.lines.append("E: %d.%06d %04x %04x %d" % (us // 1000000, us % 1000000, ty, c, v))
        s.lines.append("E: %d.%06d 0000 0000 0" % (us // 1000000, us % 1000000))
    def text(s): return "\n".join(s.lines) + "\n"
K, R = 1, 2
BL, BR, BM, BS = 0x110, 0x111, 0x112, 0x113
def moves(e, n, dt, vx, vy, jitter=True):
    for i in range(n):
        dx = vx + (random.randint(-1, 1) if jitter else 0); dy = vy + (random.randint(-1, 1) if jitter else 0)
        evs = []
        if dx: evs.append((R, 0, dx))
        if dy: evs.append((R, 1, dy))
        if not evs: evs = [(R, 0, 1)]
        e.frame(dt, evs)

# A: 2-button USB mouse (middle emulation on by default), wheel, debouncing cases.
d = desc("Synth Two Button Mouse", 3, 0x1234, 0x5678, 0x111, [], [0, 1, 2, 4], [BL, BR], [0, 1, 8])
d = d.replace("B: 04 00", "B: 04 10", 1)  # MSC_SCAN
e = Ev()
moves(e, 40, 8, 3, 1); moves(e, 30, 4, 12, -5); moves(e, 20, 10, 1, 0)
e.frame(300, [(K, BL, 1)]); e.frame(20, [(K, BR, 1)]); e.frame(100, [(K, BL, 0)]); e.frame(30, [(K, BR, 0)])  # middle
e.frame(400, [(K, BL, 1)]); e.frame(30, [(K, BL, 0)])            # quick left
e.frame(400, [(K, BR, 1)]); moves(e, 10, 8, 2, 2); e.frame(150, [(K, BR, 0)])  # right hold with motion
e.frame(400, [(K, BL, 1)]); e.frame(5, [(K, BL, 0)]); e.frame(4, [(K, BL, 1)]); e.frame(200, [(K, BL, 0)])  # bounce
e.frame(400, [(K, BL, 1), (K, BR, 1)]); e.frame(120, [(K, BL, 0), (K, BR, 0)])  # both in one frame
for i in range(6): e.frame(40, [(R, 8, -1)])
e.frame(700, [(R, 8, 1)]); e.frame(30, [(R, 8, 2)])
moves(e, 30, 7, -6, 4)
e.frame(500, [(K, BL, 1)]); e.frame(200, [(K, BL, 0)]); e.frame(8, [(K, BL, 1)]); e.frame(8, [(K, BL, 0)])  # fast re-click
e.frame(300, [(K, BR, 1)]); e.frame(60, [(K, BR, 0)]); e.frame(3, [(K, BR, 1)]); e.frame(3, [(K, BR, 0)]); e.frame(3, [(K, BR, 1)]); e.frame(300, [(K, BR, 0)])
e.frame(400, [(K, BL, 1)]); moves(e, 5, 10, 1, 1)  # held at the end
open("rec/synth-mouse-2button.evemu", "w").write(d + e.text())

# B: pointing stick (p50 identity): button scrolling.
d = desc("TPPS/2 IBM TrackPoint", 0x11, 2, 0xa, 0, [0, 5], [0, 1, 2], [BL, BR, BM], [0, 1])
e = Ev()
moves(e, 40, 10, 1, 0); moves(e, 20, 10, 3, -2)
e.frame(300, [(K, BM, 1)]); moves(e, 15, 10, 0, 2, False); moves(e, 30, 10, 1, 4); e.frame(20, [(K, BM, 0)])
moves(e, 10, 10, -2, 1)
e.frame(300, [(K, BM, 1)]); e.frame(80, [(K, BM, 0)])        # quick middle click
e.frame(300, [(K, BM, 1)]); e.frame(350, [(K, BM, 0)])       # long middle, no motion
e.frame(300, [(K, BM, 1)]); moves(e, 25, 10, 6, 0); moves(e, 20, 10, 6, 5); e.frame(10, [(K, BM, 0)])  # horizontal scroll
e.frame(300, [(K, BL, 1)]); moves(e, 10, 10, 2, 2); e.frame(10, [(K, BL, 0)])
moves(e, 60, 10, -1, -1)
e.frame(300, [(K, BM, 1)]); moves(e, 5, 10, 0, 1, False)  # held at the end
open("rec/synth-trackpoint-btnscroll.evemu", "w").write(d + e.text())

# C: Bluetooth MX Master (hwdb: 1000 dpi, 24/14 clicks; quirk: inverted horizontal), hi-res wheels.
d = desc("MX Master Mouse", 5, 0x46d, 0xb012, 0x1, [], [0, 1, 2, 4], [BL, BR, BM, BS, 0x114], [0, 1, 6, 8, 11, 12])
d = d.replace("B: 04 00", "B: 04 10", 1)
e = Ev()
moves(e, 30, 8, 4, 2)
for i in range(8):
    e.frame(15, [(R, 11, 30)] + ([(R, 8, 1)] if i % 4 == 3 else []))
e.frame(200, [(R, 11, 15)]); e.frame(15, [(R, 11, 15)]); e.frame(15, [(R, 11, 30), (R, 8, 1)])
e.frame(100, [(R, 11, -30)]); e.frame(15, [(R, 11, -30)]); e.frame(15, [(R, 11, -60), (R, 8, -1)])
e.frame(700, [(R, 11, 40)]); e.frame(10, [(R, 11, 40)]); e.frame(10, [(R, 11, 40), (R, 8, 1)])
for i in range(6):
    e.frame(20, [(R, 12, 60)] + ([(R, 6, 1)] if i % 2 == 1 else []))
e.frame(300, [(R, 12, -120), (R, 6, -1)])
moves(e, 20, 8, -3, 0)
e.frame(300, [(K, BM, 1)]); e.frame(100, [(K, BM, 0)])
e.frame(300, [(K, BS, 1)]); e.frame(100, [(K, BS, 0)])
open("rec/synth-mouse-mxmaster-hires.evemu", "w").write(d + e.text())

# D: Bluetooth MX1000 (hwdb: 800 dpi → low-dpi filter), lo-res wheel.
d = desc("Logitech MX1000 mouse", 5, 0x46d, 0xb003, 0x1, [], [0, 1, 2], [BL, BR, BM], [0, 1, 6, 8])
e = Ev()
moves(e, 40, 8, 2, 1); moves(e, 40, 6, 9, -4); moves(e, 30, 12, 1, 1); moves(e, 30, 3, 20, 10)
e.frame(900, [(R, 0, 1)]); e.frame(1200, [(R, 1, 1)])
for i in range(5): e.frame(50, [(R, 8, -1)])
e.frame(40, [(R, 6, 1)]); e.frame(40, [(R, 6, -1)])
e.frame(200, [(K, BL, 1)]); moves(e, 10, 8, 5, 5); e.frame(10, [(K, BL, 0)])
open("rec/synth-mouse-mx1000-lowdpi.evemu", "w").write(d + e.text())

# E: keyboard: repeats, shift, a key held at the end.
keys = list(range(1, 128))
d = desc("Synth USB Keyboard", 3, 0x1234, 0x9999, 0x111, [], [0, 1, 4, 0x11, 0x14], keys, [])
d = d.replace("B: 11 00", "B: 11 07", 1).replace("B: 04 00", "B: 04 10", 1)
e = Ev()
e.frame(100, [(K, 30, 1)]); e.frame(300, [(K, 30, 2)]); e.frame(33, [(K, 30, 2)]); e.frame(33, [(K, 30, 0)])
e.frame(200, [(K, 42, 1)]); e.frame(50, [(K, 31, 1)]); e.frame(60, [(K, 31, 0)]); e.frame(40, [(K, 42, 0)])
e.frame(100, [(K, 29, 1), (K, 46, 1)]); e.frame(80, [(K, 46, 0), (K, 29, 0)])
e.frame(200, [(K, 57, 1)]); e.frame(100, [(K, 57, 0)]); e.frame(10, [(K, 57, 1)])  # held at the end
open("rec/synth-keyboard.evemu", "w").write(d + e.text())
