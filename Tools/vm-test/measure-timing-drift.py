#!/usr/bin/env python3
"""How far evemu-play's timing drifted in check (d): usage RECORDING.yaml
EVEMU-FILE...  Pairs each SYN_REPORT an evemu file holds (less SYN_DROPPED
and empty frames, which the kernel does not pass on) with the same SYN_REPORT
in the libinput record YAML of the reader (the device matched by name), up to
a SYN_DROPPED the reader got, and prints, in milliseconds, the spread of
(recorded time - file time) over every device: 0 when every frame came as
far apart as the files say, whatever the clocks; more when a loaded host
delayed the players (each one sleeps between its events by itself)."""
import re, sys

def evemu_frames(path):
    name, times, last_syn = None, [], True
    for line in open(path):
        if line.startswith("N: "):
            name = line[3:].strip()
        elif line.startswith("E: "):
            _, t, ty, co, _v = line.split()[:5]
            ty, co = int(ty, 16), int(co, 16)
            if ty == 0 and co == 3:
                continue
            if ty == 0 and co == 0:
                if not last_syn:
                    times.append(float(t))
                last_syn = True
            else:
                last_syn = False
    return name, times

def recorded_frames(path):
    frames, name, dropped = {}, None, set()
    event = re.compile(r"^\s*- \[\s*(-?\d+),\s*(-?\d+),\s*(\d+),\s*(\d+),\s*(-?\d+)\]")
    for line in open(path):
        m = re.match(r'^\s*name: "(.*)"', line)
        if m:
            name = m.group(1); frames.setdefault(name, [])
            continue
        m = event.match(line)
        if m and name is not None:
            s, us, ty, co, v = map(int, m.groups())
            if ty == 0 and co == 3:
                dropped.add(name)
            if ty == 0 and co == 0 and name not in dropped:
                frames[name].append(s + us / 1e6)
    return frames

rec = recorded_frames(sys.argv[1])
offsets = []
for f in sys.argv[2:]:
    name, times = evemu_frames(f)
    got = rec.get(name, [])
    offsets += [g - t for g, t in zip(got, times)]
print(f"{(max(offsets) - min(offsets)) * 1000:.1f}" if offsets else "0.0")
