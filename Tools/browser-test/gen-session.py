#!/usr/bin/env python3
"""Writes a one-hour synthetic evemu mouse recording that replays (with
--verbose) to about LINES log lines, for the viewer's scale test.
Usage: gen-session.py OUT.evemu [LINES=1000000]
The mouse sweeps the view on a Lissajous path and drags a band for 1.2 s every
10 s; the frame rate is chosen so that frames + band lines ≈ LINES. Do not
commit the output."""
import math, sys
out = sys.argv[1]
lines = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
seconds, drag_fraction = 3600, 0.12
rate = max(1, round(lines / (seconds * (1 + drag_fraction))))  # frames per second
period_us = 1_000_000 // rate
with open(out, "w", buffering=1 << 20) as f:
    f.write("# EVEMU 1.3\n# Synthetic one-hour mouse session (Tools/browser-test/gen-session.py)\nN: Session Mouse\n"
            "I: 0003 1234 5678 0111\nP: 00 00 00 00 00 00 00 00\nB: 00 0b 00 00 00 00 00 00 00\n")
    for i in range(12): f.write("B: 01 " + ("00 00 07 00 00 00 00 00" if i == 4 else "00 00 00 00 00 00 00 00") + "\n")
    f.write("B: 02 03 00 00 00 00 00 00 00\n")
    x = y = 0.0  # the intended path, in device units; we emit its integer steps
    ex = ey = 0
    buf, frames = [], seconds * rate
    for n in range(frames):
        us = n * period_us
        t = f"{us // 1000000}.{us % 1000000:06d}"
        s = us / 1e6
        x = 260 * math.sin(s / 3.1) + 90 * math.sin(s * 1.7)
        y = 190 * math.sin(s / 4.3 + 1) + 60 * math.cos(s * 1.3)
        dx, dy = round(x) - ex, round(y) - ey
        if dx == 0 and dy == 0:
            dx = 1 if n % 2 else -1  # a hand is never still: every frame moves
        ex += dx; ey += dy
        ev = ""
        if dx: ev += f"E: {t} 0002 0000 {dx}\n"
        if dy: ev += f"E: {t} 0002 0001 {dy}\n"
        phase = s % 10
        if phase < 1 / rate:
            ev += f"E: {t} 0001 0110 1\n"
        elif abs(phase - 1.2) < 0.5 / rate:
            ev += f"E: {t} 0001 0110 0\n"
        if not ev:
            continue
        buf.append(ev + f"E: {t} 0000 0000 0\n")
        if len(buf) >= 4096:
            f.write("".join(buf)); buf = []
    f.write("".join(buf))
