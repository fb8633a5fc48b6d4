#!/usr/bin/python3
"""Compare the GTK harness's results with what `pointersim replay` logs.

    compare.py --corpus CORPUS.jsonl --results RESULTS.jsonl [--pointersim PATH] [--json OUT]

For each played session, replays the scene + trace with PointerSim, derives the
same observations the harness takes (the selection after every release, every key
and the last step; the items activated since the previous observation; whether a
band was active just before each release) and prints every difference. This is a
helper for writing FINDINGS.md; the lead's own PointerSim side is separate.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def trace_events(text):
    out = []
    header = False
    for raw in text.split("\n"):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if not header:
            header = True
            continue
        w = line.split()
        out.append((float(w[0]), w[1], w[2:]))
    return out


def derive(scene, trace, pointersim):
    ids_order = None
    g = scene["items"]["grid"] if isinstance(scene["items"], dict) else None
    if g:
        ids_order = ["r%dc%d" % (r, c) for r in range(g["rows"]) for c in range(g["columns"])]
    else:
        ids_order = [it["id"] for it in scene["items"]]
    with tempfile.TemporaryDirectory() as d:
        sp, tp = os.path.join(d, "s.scene.json"), os.path.join(d, "t.trace")
        with open(sp, "w") as f:
            json.dump(scene, f)
        with open(tp, "w") as f:
            f.write(trace)
        p = subprocess.run([pointersim, "replay", tp, "--scene", sp], capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(p.stderr)
        log = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    events = trace_events(trace)
    t0 = events[0][0]
    sel = set()
    li = 0
    band_active = False
    observations = []
    activated = []
    held = set()
    eps = 1e-6
    for k, (t, kind, args) in enumerate(events):
        tr = round(t - t0, 3)
        band_before = None
        # lines strictly before this event's time
        while li < len(log) and log[li]["t"] < tr - eps:
            band_active = apply(log[li], sel, activated, band_active)
            li += 1
        band_before = band_active
        while li < len(log) and log[li]["t"] <= tr + eps:
            band_active = apply(log[li], sel, activated, band_active)
            li += 1
        observe = None
        if kind == "release" and args[0] in held:
            held.discard(args[0])
            observe = "release"
        elif kind == "press":
            held.add(args[0])
        elif kind == "key":
            observe = "key"
        if observe or k == len(events) - 1:
            obs = {"step": k, "selection": [i for i in ids_order if i in sel]}
            if activated:
                obs["activated"] = list(activated)
                activated.clear()
            if observe == "release":
                obs["band"] = band_before
            observations.append(obs)
    return observations, log


def apply(line, sel, activated, band_active):
    ev = line["event"]
    if ev == "selection.changed" or ev == "band.selecting":
        sel.difference_update(line.get("removed", []))
        sel.update(line.get("added", []))
    if ev == "band.began":
        band_active = True
    if ev == "band.ended":
        sel.clear()
        sel.update(line["selection"])
        band_active = False
    if ev == "item.primaryAction":
        activated.append(line["item"])
    return band_active


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--pointersim", default=os.path.join(os.path.dirname(__file__), "../../../.build/debug/pointersim"))
    ap.add_argument("--json")
    a = ap.parse_args()
    corpus = {}
    for l in open(a.corpus):
        if l.strip():
            e = json.loads(l)
            corpus[e["name"]] = e
    diffs = []
    same = 0
    for l in open(a.results):
        r = json.loads(l)
        if "skipped" in r:
            print("SKIPPED %s: %s" % (r["name"], r["skipped"]))
            continue
        e = corpus[r["name"]]
        ps, log = derive(e["scene"], e["trace"], a.pointersim)
        gtk = [{k: v for k, v in o.items() if k in ("step", "selection", "activated", "band")}
               for o in r["observations"]]
        if ps == gtk:
            same += 1
            continue
        rows = []
        for o_g, o_p in zip(gtk, ps):
            if o_g != o_p:
                rows.append({"step": o_g["step"], "gtk": o_g, "pointersim": o_p})
        if len(gtk) != len(ps):
            rows.append({"count": [len(gtk), len(ps)]})
        diffs.append({"name": r["name"], "trace": e["trace"], "diffs": rows, "log": log})
        print("DIFF %s" % r["name"])
        for row in rows:
            print("   ", json.dumps(row))
    print("%d sessions identical, %d differ" % (same, len(diffs)))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(diffs, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
