#!/usr/bin/env python3
"""Plays the first sessions of the committed corpora in the real toolkits
again and checks that they still do what was recorded (a drift check: a new
Qt or GTK, or a harness that no longer plays what it did, shows here; that
PointerSim agrees with the recordings is `swift test`'s part).

    Tools/toolkits/check-live.py [--sessions N] [--toolkit NAME]...

The toolkits are the folders of Tools/toolkits with a `run.sh` (each with its
corpora in Traces/toolkits/NAME); `--toolkit` picks some (default: every one).

N sessions of each toolkit's `random.jsonl` (and for Qt of
`graphicsview-random.jsonl` and `itemview-random.jsonl`, the
`qt-graphicsview` and `qt-itemview` profiles' unrestricted sessions) (default: every one for Qt,
which plays them in seconds, and 40 for GTK, which plays them on the wall
clock, about 2 s each: with its 110 rule sessions, 150 in about 5 minutes),
then every session of its `rules.jsonl` (for Qt also `itemview-rules.jsonl`); for Dear ImGui, which plays a session in
milliseconds, every session of every corpus (`random`, `random2`, `random3`, `rules`);
for GTK 3 (`gtk3/`, the `gtk3` profile's GtkIconView, also on the wall clock,
about 3 s a session) 40 random sessions and its rules. Exit status 0 when every session played gives
the recorded result, 1 when one differs, 2 when a toolkit cannot be run.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def lines(path):
    with open(path) as f:
        return [l for l in f.read().splitlines() if l.strip()]


class Stopped(Exception):
    """TERM, HUP or INT arrived: the run is to end, its children first."""


def _stop(signum, _frame):
    raise Stopped(signum)


def run_ending_on_signal(args):
    """subprocess.run(args, stderr=PIPE, text=True), except that when this
    script is interrupted or terminated (a timeout) the child gets TERM and
    is waited for (run.sh then ends Xvfb and the harness: Tools/lib/children.sh),
    KILL only after 10 s; subprocess.run would KILL it at once, leaving its
    own children behind."""
    p = subprocess.Popen(args, stderr=subprocess.PIPE, text=True)
    try:
        _, err = p.communicate()
    except BaseException:
        p.terminate()
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        raise
    return subprocess.CompletedProcess(args, p.returncode, None, err)


# What sets a toolkit apart here (a toolkit not named plays the default: every
# session of its first random corpora and of its rules): the toolkits that play on
# the wall clock (the default is 40 random sessions each), and those so fast that
# every random corpus is played (`random2`, `random3`, … too).
WALL_CLOCK = {"gtk", "gtk3"}
EVERY_RANDOM_CORPUS = {"imgui"}


def toolkits():
    """The folders of Tools/toolkits with a harness (`run.sh`), by name."""
    here = os.path.join(ROOT, "Tools", "toolkits")
    return sorted(d for d in os.listdir(here) if os.path.isfile(os.path.join(here, d, "run.sh")))


def corpora(toolkit, n):
    """[(corpus, limit)]: each `*random` corpus of the toolkit (with `random2`, … for
    EVERY_RANDOM_CORPUS) limited to n sessions, then each `*rules` corpus whole."""
    d = os.path.join(ROOT, "Traces", "toolkits", toolkit)
    names = sorted(f[:-len(".recorded.jsonl")] for f in os.listdir(d) if f.endswith(".recorded.jsonl"))
    random_ = re.compile(r"(.*-)?random[0-9]*$" if toolkit in EVERY_RANDOM_CORPUS else r"(.*-)?random$")
    rules = re.compile(r"(.*-)?rules$")
    # the unrestricted random corpus first, as before: `random`, then `<widget>-random`
    order = lambda c: (c.split("-")[0] != "random" and "-" in c, c)  # noqa: E731
    return ([(c, n) for c in sorted(names, key=order) if random_.match(c)] +
            [(c, None) for c in sorted(names, key=order) if rules.match(c)])


def check(toolkit, n):
    d = os.path.join(ROOT, "Traces", "toolkits", toolkit)
    sessions, recorded = [], {}
    for corpus, limit in corpora(toolkit, n):
        c = lines(os.path.join(d, corpus + ".jsonl"))
        sessions += c if limit is None else c[:limit]
        for l in lines(os.path.join(d, corpus + ".recorded.jsonl")):
            recorded[json.loads(l)["name"]] = json.loads(l)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = os.path.join(tmp, "corpus.jsonl")
        out = os.path.join(tmp, "results.jsonl")
        with open(corpus, "w") as f:
            f.write("\n".join(sessions) + "\n")
        run = os.path.join(ROOT, "Tools", "toolkits", toolkit, "run.sh")
        p = run_ending_on_signal([run, "--corpus", corpus, "--out", out])
        if p.returncode == 2 or not os.path.exists(out):
            sys.stderr.write(p.stderr[-2000:])
            print(f"{toolkit}: the toolkit could not be run (exit {p.returncode})")
            return 2
        differ = []
        for l in lines(out):
            r = json.loads(l)
            want = recorded.get(r["name"])
            if "error" in r:
                differ.append(f"{r['name']}: {r['error']}")
            elif want is None or r.get("observations") != want.get("observations") or r.get("skipped") != want.get("skipped"):
                differ.append(r["name"])
        print(f"{toolkit}: {len(sessions) - len(differ)} of {len(sessions)} sessions played as recorded"
              f" ({json.loads(lines(out)[0]).get('toolkit', '?')})")
        for name in differ[:20]:
            print(f"  differs: {name}")
        return 1 if differ else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int)
    ap.add_argument("--toolkit", action="append", choices=toolkits())
    a = ap.parse_args()
    worst = 0
    for tk in a.toolkit or toolkits():
        n = a.sessions if a.sessions is not None else (40 if tk in WALL_CLOCK else None)
        worst = max(worst, check(tk, n))
    sys.exit(worst)


if __name__ == "__main__":
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _stop)
    try:
        main()
    except Stopped as e:
        sys.exit(128 + e.args[0])
    except KeyboardInterrupt:
        sys.exit(130)
