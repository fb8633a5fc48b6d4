#!/usr/bin/env python3
"""Writes a large synthetic evemu mouse recording for the replay benchmark.
Usage: Tools/gen-big-evemu.py OUT.evemu [megabytes=200] [press-ms=100]
A mouse circles with 1 kHz frames of REL_X, REL_Y, SYN_REPORT and drags a band
every 2 s, holding the button for press-ms (0: no drags). Do not commit the output."""
import sys
out, mb = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 200
press_ms = int(sys.argv[3]) if len(sys.argv) > 3 else 100
drags = press_ms > 0
target = int(mb * 1_000_000)
pattern = [(3, 1), (2, 2), (1, 3), (-1, 3), (-2, 2), (-3, 1), (-3, -1), (-2, -2), (-1, -3), (1, -3), (2, -2), (3, -1)]
with open(out, "w", buffering=1 << 20) as f:
    f.write("# EVEMU 1.3\n# Synthetic benchmark mouse (Tools/gen-big-evemu.py)\nN: Bench Mouse\nI: 0003 1234 5678 0111\n"
            "P: 00 00 00 00 00 00 00 00\nB: 00 0b 00 00 00 00 00 00 00\n")
    for i in range(12): f.write("B: 01 " + ("00 00 07 00 00 00 00 00" if i == 4 else "00 00 00 00 00 00 00 00") + "\n")
    f.write("B: 02 03 09 00 00 00 00 00 00\n")
    written, frame, events = 0, 0, 0
    buf = []
    while written < target:
        us = frame * 1000
        t = f"{us // 1000000}.{us % 1000000:06d}"
        dx, dy = pattern[(frame // 50) % len(pattern)]
        lines = f"E: {t} 0002 0000 {dx:04d}\t# EV_REL / REL_X {dx}\nE: {t} 0002 0001 {dy:04d}\t# EV_REL / REL_Y {dy}\n"
        events += 2
        if frame % 2000 == 0 and drags:
            lines += f"E: {t} 0001 0110 0001\t# EV_KEY / BTN_LEFT 1\n"; events += 1
        elif frame % 2000 == press_ms and drags:
            lines += f"E: {t} 0001 0110 0000\t# EV_KEY / BTN_LEFT 0\n"; events += 1
        lines += f"E: {t} 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +1ms\n"; events += 1
        buf.append(lines); written += len(lines); frame += 1
        if len(buf) >= 10000: f.write("".join(buf)); buf = []
    f.write("".join(buf))
print(f"{out}: {written / 1e6:.0f} MB, {events} events, {frame} frames")
