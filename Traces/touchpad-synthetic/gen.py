import math, sys
# device params: (xmin,xmax,ymin,ymax, pressure max or None, has_major, major_normal, has_minor, interval_s, slots, has_st_pressure)
DEV = {
 'asus': dict(x=(0,3097), y=(0,2119), p=255, major=(True, 400), minor=False, dt=0.0115, slots=5),
 't650': dict(x=(0,2832), y=(0,2364), p=50, major=(False,0), minor=False, dt=0.0083, slots=10),
 'apple': dict(x=(-4620,5140), y=(-150,6600), p=None, major=(True, 220), minor=True, dt=0.0080, slots=16),
 'topbuttonpad': dict(x=(1472,5472), y=(1408,4448), p=255, major=(False,0), minor=False, dt=0.0125, slots=2),
 'magic': dict(x=(-2909,3167), y=(-2456,2565), p=None, major=(True, 220), minor=True, dt=0.011, slots=16),
 'btpad': dict(x=(0,2832), y=(0,2364), p=50, major=(False,0), minor=False, dt=0.0083, slots=10),
 'tap': dict(x=(0,3097), y=(0,2119), p=255, major=(True, 400), minor=False, dt=0.0115, slots=5),
 'edge': dict(x=(1472,5472), y=(1408,4448), p=255, major=(False,0), minor=False, dt=0.0125, slots=0),
}
name = sys.argv[1]
set2 = name.endswith('2')
if set2: name = name[:-1]
d = DEV[name]
X0,X1 = d['x']; Y0,Y1 = d['y']
def X(f): return int(X0 + f*(X1-X0))
def Y(f): return int(Y0 + f*(Y1-Y0))
t = 0.000001
frames = []
slots = {}   # slot -> (tid, x, y, p)
state = dict(tid=100, btn=0, touch=0, tool=0)
last = {}    # emitted values for dedup per slot/axis
lastst = {}
TOOLS = {1:0x145, 2:0x14d, 3:0x14e, 4:0x14f, 5:0x148}
def frame(touches, btn=None, dt=None, palm=False):
    """touches: dict slot -> (x, y, pressure_frac) or None to lift"""
    global t
    ev = []
    prev_n = sum(1 for s in slots)
    for s, v in sorted(touches.items()):
        if v is None:
            if s in slots:
                if d['slots'] > 0: ev += [(3,0x2f,s),(3,0x39,-1)]
                del slots[s]; last.pop(s, None)
            continue
        x, y, pf = v
        pf = pf + 0.012*((len(frames)+s) % 2)
        new = s not in slots
        evs = []
        if new:
            state['tid'] += 1
            evs.append((3,0x39,state['tid']))
        lv = last.setdefault(s, {})
        vals = [(0x35, x), (0x36, y)]
        if d['p'] is not None: vals.append((0x3a, int(pf*d['p'])))
        if d['major'][0]: vals.append((0x30, int(d['major'][1]*pf/0.5)))
        if d['minor']: vals.append((0x31, int(d['major'][1]*0.85*pf/0.5)))
        for c, val in vals:
            if lv.get(c) != val:
                evs.append((3,c,val)); lv[c] = val
        if evs and d['slots'] > 0: ev += [(3,0x2f,s)] + evs
        slots[s] = (x, y, pf)
    n = len(slots)
    touch = 1 if n > 0 else 0
    if touch != state['touch']:
        ev.append((1,0x14a,touch)); state['touch'] = touch
    tool = TOOLS.get(min(n,5), 0) if n > 0 else 0
    if tool != state['tool']:
        if state['tool']: ev.append((1,state['tool'],0))
        if tool: ev.append((1,tool,1))
        state['tool'] = tool
    if btn is not None and btn != state['btn']:
        ev.append((1,0x110,btn)); state['btn'] = btn
    if slots:
        s0 = min(slots)
        x, y, pf = slots[s0]
        for c, val in [(0,x),(1,y)] + ([(0x18,int(pf*d['p']))] if d['p'] is not None else []):
            if lastst.get(c) != val:
                ev.append((3,c,val)); lastst[c] = val
    frames.append((t, ev))
    t += dt if dt else d['dt']

def gap(s):
    global t
    t += s

P = 0.45
if set2:
    # 3 and 4 fingers (fake touches beyond the slots on 2-slot pads), moving together
    for n in (3, 4):
        for k in range(30):
            xx = 0.3 + 0.008*k
            frame({i:(X(xx+0.08*i), Y(0.45+0.01*(i%2)), P) for i in range(n)})
        frame({i:None for i in range(n)}); gap(0.6)
    # diagonal two-finger scroll (free scrolling)
    for k in range(45):
        frame({0:(X(0.3+0.008*k), Y(0.3+0.008*k), P), 1:(X(0.4+0.008*k), Y(0.31+0.008*k), P)})
    frame({0:None, 1:None}); gap(0.6)
    # pinch out
    for k in range(30):
        frame({0:(X(0.45-0.008*k), Y(0.45-0.004*k), P), 1:(X(0.55+0.008*k), Y(0.55+0.004*k), P)})
    frame({0:None, 1:None}); gap(0.6)
    # a jump: 30 mm in one frame, then normal motion
    for k in range(10): frame({0:(X(0.2+0.003*k), Y(0.5), P)})
    frame({0:(X(0.7), Y(0.5), P)})
    for k in range(10): frame({0:(X(0.7+0.003*k), Y(0.5), P)})
    frame({0:None}); gap(0.6)
    # wobble: right-left-right jitter, then motion
    for k in range(12): frame({0:(X(0.5) + (2 if k % 2 else -2), Y(0.5), P)})
    for k in range(20): frame({0:(X(0.5) + 6*k, Y(0.5) + 2*k, P)})
    frame({0:None}); gap(0.6)
    # two- and three-finger clicks in the middle of the pad
    for n in (2, 3):
        for k in range(5): frame({i:(X(0.4+0.06*i), Y(0.5), P) for i in range(n)})
        frame({i:(X(0.4+0.06*i), Y(0.5), P) for i in range(n)}, btn=1)
        for k in range(5): frame({i:(X(0.4+0.06*i), Y(0.5), P) for i in range(n)})
        frame({i:(X(0.4+0.06*i), Y(0.5), P) for i in range(n)}, btn=0)
        frame({i:None for i in range(n)}); gap(0.6)
    # physical left and right within 20 ms (middle emulation on pads with two buttons)
    RIGHT = 0x111
    def key(code, v):
        frames[-1][1].insert(0, (1, code, v))
    for k in range(4): frame({0:(X(0.5), Y(0.5), P)})
    frame({0:(X(0.5), Y(0.5), P)}, btn=1); frame({0:(X(0.5), Y(0.5), P)}, dt=0.008); key(RIGHT, 1)
    for k in range(6): frame({0:(X(0.5), Y(0.5), P)})
    frame({0:(X(0.5), Y(0.5), P)}, btn=0); key(RIGHT, 0)
    frame({0:None}); gap(0.6)
    # quick left click (< 50 ms) and a long one (> 50 ms)
    for hold in (2, 9):
        for k in range(3): frame({0:(X(0.5), Y(0.5), P)})
        frame({0:(X(0.5), Y(0.5), P)}, btn=1)
        for k in range(hold): frame({0:(X(0.5), Y(0.5), P)})
        frame({0:(X(0.5), Y(0.5), P)}, btn=0)
        frame({0:None}); gap(0.5)
    with open(sys.argv[2], 'w') as f:
        for tt, ev in frames:
            for e in ev:
                f.write("E: %.6f %04x %04x %04d\n" % (tt, e[0], e[1], e[2]) if e[2] >= 0 else "E: %.6f %04x %04x %d\n" % (tt, e[0], e[1], e[2]))
            f.write("E: %.6f 0000 0000 0000\n" % tt)
    print(len(frames), "frames")
    sys.exit(0)
if name == 'tap':
    def tapn(n, frames_down=5, x=0.5, y=0.5, move=0.0):
        for k in range(frames_down):
            frame({i:(X(x+0.08*i+move*k), Y(y), P) for i in range(n)})
        frame({i:None for i in range(n)})
    tapn(1); gap(0.5)
    tapn(1); gap(0.1); tapn(1); gap(0.5)
    tapn(1); gap(0.09)
    for k in range(30): frame({0:(X(0.4+0.01*k), Y(0.5), P)})
    frame({0:None}); gap(0.5)
    tapn(2); gap(0.5)
    tapn(3); gap(0.5)
    tapn(1, frames_down=8, move=0.004); gap(0.5)
    tapn(1, frames_down=30); gap(0.5)
    tapn(2, frames_down=4); gap(0.12); tapn(1); gap(0.5)
    for k in range(40): frame({0:(X(0.3+0.008*k), Y(0.4+0.002*k), P)})
    frame({0:None}); gap(0.5)
if name == 'edge':
    for k in range(40): frame({0:(X(0.97), Y(0.2+0.015*k), P)})
    frame({0:None}); gap(0.6)
    for k in range(40): frame({0:(X(0.2+0.012*k), Y(0.975), P)})
    frame({0:None}); gap(0.6)
    for k in range(32): frame({0:(X(0.975), Y(0.5), P)})
    for k in range(20): frame({0:(X(0.975), Y(0.5+0.002*k), P)})
    frame({0:None}); gap(0.6)
    for k in range(25): frame({0:(X(0.96-0.02*k), Y(0.3+0.005*k), P)})
    frame({0:None}); gap(0.6)
    for k in range(50): frame({0:(X(0.3+0.006*k), Y(0.4+0.003*k), P)})
    frame({0:None}); gap(0.6)
    for k in range(30): frame({0:(X(0.97), Y(0.8-0.02*k), P)})
    frame({0:None}); gap(0.3)
if name in ('tap', 'edge'):
    with open(sys.argv[2], 'w') as f:
        for tt, ev in frames:
            for e in ev:
                f.write("E: %.6f %04x %04x %04d\n" % (tt, e[0], e[1], e[2]) if e[2] >= 0 else "E: %.6f %04x %04x %d\n" % (tt, e[0], e[1], e[2]))
            f.write("E: %.6f 0000 0000 0000\n" % tt)
    print(len(frames), "frames")
    sys.exit(0)
# S1: one finger, hold then move with a speed profile
for k in range(8): frame({0:(X(0.3), Y(0.5), P)})
for k in range(80):
    u = k/79.0
    s = 0.5 - 0.5*math.cos(math.pi*u)
    frame({0:(X(0.3+0.4*s), Y(0.5+0.1*math.sin(3*u)), P)})
frame({0:None}); gap(0.6)
# S1b: slow tiny moves (deceleration region, hysteresis)
for k in range(50): frame({0:(X(0.5)+ (k//3), Y(0.4) + (k%7==0), P)})
frame({0:None}); gap(0.6)
# S2: click bottom right
for k in range(5): frame({0:(X(0.85), Y(0.95), P)})
for k in range(8): frame({0:(X(0.85), Y(0.95), P+0.1)}, btn=1)
frame({0:(X(0.85), Y(0.95), P)}, btn=0)
frame({0:(X(0.85), Y(0.95), P)}); frame({0:None}); gap(0.6)
# S2b: click bottom left then drag up
for k in range(5): frame({0:(X(0.2), Y(0.95), P)})
frame({0:(X(0.2), Y(0.95), P+0.1)}, btn=1)
for k in range(30): frame({0:(X(0.2+0.005*k), Y(0.95-0.012*k), P+0.1)})
frame({0:(X(0.35), Y(0.6), P)}, btn=0)
frame({0:None}); gap(0.6)
# S3: two-finger vertical scroll
for k in range(45):
    yy = 0.3 + 0.012*k
    frame({0:(X(0.45), Y(yy), P), 1:(X(0.56)+k%2, Y(yy+0.01), P)})
frame({0:None, 1:None}); gap(0.7)
# S4: two-finger horizontal scroll, slower, second finger lands later
for k in range(5): frame({0:(X(0.3), Y(0.4), P)})
for k in range(50):
    xx = 0.3 + 0.006*k
    frame({0:(X(xx), Y(0.4), P), 1:(X(xx+0.02), Y(0.47), P)})
frame({0:None}); frame({1:None}); gap(0.7)
# S5: three-finger swipe
if d['slots'] >= 3:
    for k in range(35):
        xx = 0.25 + 0.01*k
        frame({0:(X(xx), Y(0.4), P), 1:(X(xx+0.1), Y(0.38), P), 2:(X(xx+0.2), Y(0.41), P)})
    frame({0:None, 1:None, 2:None}); gap(0.7)
# S6: finger moving, thumb lands at the bottom and rests; then physical click with both
for k in range(10): frame({0:(X(0.4+0.01*k), Y(0.4), P)})
for k in range(30): frame({0:(X(0.5+0.008*k), Y(0.4-0.004*k), P), 1:(X(0.45), Y(0.96), P+0.15)})
for k in range(6): frame({0:(X(0.74), Y(0.28), P+0.1), 1:(X(0.45), Y(0.96), P+0.2)}, btn=1)
frame({0:(X(0.74), Y(0.28), P), 1:(X(0.45), Y(0.96), P)}, btn=0)
frame({0:None, 1:None}); gap(0.6)
# S7: palm (high pressure / large touch) moving
for k in range(25): frame({0:(X(0.3+0.01*k), Y(0.6), 0.97)})
frame({0:None}); gap(0.6)
# S8: touch from the left edge moving in
for k in range(25): frame({0:(X(0.02+0.015*k), Y(0.5), P)})
frame({0:None}); gap(0.6)
# S9: top area click (top buttons on TOPBUTTONPADs)
for k in range(6): frame({0:(X(0.1), Y(0.03), P)})
frame({0:(X(0.1), Y(0.03), P)}, btn=1)
for k in range(5): frame({0:(X(0.1), Y(0.03), P)})
frame({0:(X(0.1), Y(0.03), P)}, btn=0); frame({0:None}); gap(0.6)
# S10: fast flick
for k in range(12): frame({0:(X(0.2+0.05*k), Y(0.3+0.03*k), P)})
frame({0:None}); gap(0.3)
with open(sys.argv[2], 'w') as f:
    for tt, ev in frames:
        for e in ev:
            f.write("E: %.6f %04x %04x %04d\n" % (tt, e[0], e[1], e[2]) if e[2] >= 0 else "E: %.6f %04x %04x %d\n" % (tt, e[0], e[1], e[2]))
        f.write("E: %.6f 0000 0000 0000\n" % tt)
print(len(frames), "frames")
