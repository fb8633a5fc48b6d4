#!/usr/bin/env python3
"""Shows one corpus session step by step: the trace, what the toolkit recorded
and what `pointersim replay` does (the selection after each step, from its log).

    Tools/toolkits/show.py CORPUS.jsonl RECORDED.jsonl NAME [--bin PATH]
"""
import argparse
import json
import os
import subprocess
import tempfile

from session import scene_items, trace_steps

ap = argparse.ArgumentParser()
ap.add_argument("corpus"); ap.add_argument("recorded"); ap.add_argument("name")
ap.add_argument("--bin", default=".build/debug/pointersim")
a = ap.parse_args()
sess = next(json.loads(l) for l in open(a.corpus) if json.loads(l)["name"] == a.name)
rec = next(json.loads(l) for l in open(a.recorded) if json.loads(l)["name"] == a.name)
with tempfile.TemporaryDirectory() as d:
    open(os.path.join(d, "s.scene.json"), "w").write(json.dumps(sess["scene"]))
    open(os.path.join(d, "s.trace"), "w").write(sess["trace"])
    log = subprocess.run([a.bin, "replay", os.path.join(d, "s.trace"), "--scene", os.path.join(d, "s.scene.json")],
                         capture_output=True, text=True, check=True).stdout
records = [json.loads(l) for l in log.splitlines()]
steps = [" ".join([f"{t:.3f}", ev] + args) for t, ev, args in trace_steps(sess["trace"])]
obs = {o["step"]: o for o in rec.get("observations", [])}
sel = []
order = {id: k for k, (id, _) in enumerate(scene_items(sess["scene"]))}
ri = 0
t0 = float(steps[0].split()[0])
for k, line in enumerate(steps):
    t = float(line.split()[0]) - t0
    notes = []
    while ri < len(records) and records[ri]["t"] <= t + 1e-9:
        r = records[ri]; ri += 1
        if "added" in r:
            sel = sorted(set(sel) - set(r["removed"]) | set(r["added"]), key=order.get)
        if r["event"] == "band.ended":
            sel = r["selection"]
        if r["event"] not in ("band.selecting",):
            notes.append(r["event"] + (":" + r.get("item", "") if "item" in r else "") + (":" + r.get("mode", "") if "mode" in r else ""))
    o = obs.get(k)
    mark = "" if o is None or o["selection"] == sel else "  <<<<"
    print(f"{k:3} {line:32} PS {sel} {' '.join(notes)}")
    if o is not None:
        print(f"    {'':32} TK {o['selection']} {o.get('band', '')} {o.get('activated', '')}{mark}")
