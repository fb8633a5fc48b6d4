#!/usr/bin/env python3
"""Compare the Qt harness's results with `pointersim replay` of the same sessions (a helper for FINDINGS.md).

    compare.py --corpus selftest.jsonl --results RESULTS.jsonl [--pointersim .build/debug/pointersim]

PointerSim's side here is this script's own reading of the log (not the lead's official side): per trace
step (log lines are matched to steps by time, so every step of a compared trace needs its own time) it
derives the selection (selection.changed and band.* diffs, band.ended's selection), the band rect
(band.began/selecting, null after band.ended), `activated` (item.primaryAction) and `current`
(focus.moved; listview only), and prints every step where Qt and PointerSim differ.
"""
import argparse, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import parse_trace, scene_items  # noqa: E402


def pointersim_obs(exe, sess):
    with tempfile.TemporaryDirectory() as d:
        sp, tp = os.path.join(d, "s.scene.json"), os.path.join(d, "s.trace")
        with open(sp, "w") as f:
            json.dump(sess["scene"], f)
        with open(tp, "w") as f:
            f.write(sess["trace"])
        out = subprocess.run([exe, "replay", tp, "--scene", sp], capture_output=True, text=True, check=True).stdout
    log = [json.loads(l) for l in out.splitlines() if l.strip()]
    steps = parse_trace(sess["trace"])
    times = [round(t, 3) for t, _, _ in steps]
    if len(set(times)) != len(times):
        raise SystemExit("%s: steps share times; cannot map log lines to steps" % sess["name"])
    order = [i for i, _ in scene_items(sess["scene"])[0]]
    sel, band, current = set(sess["scene"].get("band", {}).get("initialSelection", [])), None, None
    by_step = {}
    for line in log:
        t = round(line["t"], 3)
        if t not in times:
            raise SystemExit("%s: log line at %s matches no step" % (sess["name"], t))
        by_step.setdefault(times.index(t), []).append(line)
    obs = []
    for k in range(len(steps)):
        activated = []
        unknown = False
        for line in by_step.get(k, []):
            ev = line["event"]
            if ev in ("selection.changed", "band.selecting"):
                sel |= set(line.get("added", []))
                sel -= set(line.get("removed", []))
            if ev in ("band.began", "band.selecting"):
                band = line["rect"]
            if ev == "band.began":
                # band.began carries no diff: the selection change of its own rect is logged with the next
                # band.* line, so the selection at this step is not known from the log
                unknown = True
            if ev == "band.ended":
                band = None
                sel = set(line["selection"])
            if ev == "focus.moved":
                current = line["item"]
            if ev == "item.primaryAction":
                activated.append(line["item"])
        o = {"step": k, "selection": "?" if unknown else [i for i in order if i in sel], "band": band,
             "current": current}
        if activated:
            o["activated"] = activated
        obs.append(o)
    return obs, log


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--pointersim", default=".build/debug/pointersim")
    ap.add_argument("--log", action="store_true", help="also print PointerSim's log of differing sessions")
    ap.add_argument("--only", nargs="*", default=[], help="sessions to compare (default all)")
    ap.add_argument("--all", action="store_true", help="print every step, not only differing ones")
    a = ap.parse_args()
    corpus = {}
    for l in open(a.corpus):
        if l.strip():
            s = json.loads(l)
            corpus[s["name"]] = s
    same = differ = 0
    for l in open(a.results):
        r = json.loads(l)
        if "skipped" in r:
            print("== %s: skipped by the harness: %s" % (r["name"], r["skipped"]))
            continue
        if a.only and r["name"] not in a.only:
            continue
        sess = corpus[r["name"]]
        ps, log = pointersim_obs(a.pointersim, sess)
        steps = parse_trace(sess["trace"])
        diffs = []
        for q, p in zip(r["observations"], ps):
            keys = ["selection", "band", "activated"] + (["current"] if r["widget"] == "listview" else [])
            d = [(k, q.get(k), p.get(k)) for k in keys if q.get(k) != p.get(k) and p.get(k) != "?"]
            if d or a.all:
                t, ev, args = steps[q["step"]]
                if not d:
                    d = [(k, q.get(k), p.get(k)) for k in keys]
                diffs.append("  step %d (%.3f %s %s): %s" % (q["step"], t, ev, " ".join(str(x) for x in args),
                             "; ".join("%s Qt %s PointerSim %s" % (k, json.dumps(x), json.dumps(y)) for k, x, y in d)))
        if diffs:
            differ += 1
            print("== %s (%s): %d steps differ" % (r["name"], r["widget"], len(diffs)))
            print("\n".join(diffs))
            if a.log:
                print("  pointersim log:\n" + "\n".join("    " + json.dumps(x) for x in log))
        else:
            same += 1
            print("== %s (%s): same" % (r["name"], r["widget"]))
    print("%d sessions the same, %d differ" % (same, differ))


if __name__ == "__main__":
    main()
