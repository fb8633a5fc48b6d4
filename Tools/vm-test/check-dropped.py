#!/usr/bin/env python3
"""Checks one device's recording from the VM test against what was sent when
the live reader fell behind (SYN_DROPPED): usage SENT RECORDED, both files of
"<node> <type> <code> <value>" lines. Exit 0 when the recording is what the
kernel and libevdev can make of the events sent, 1 (saying why) when not."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module
named = import_module("name-events").named
sent = open(sys.argv[1]).read().split("\n")[:-1]
rec = open(sys.argv[2]).read().split("\n")[:-1]
f = lambda l: l.split()[1:]
is_report = lambda l: f(l) in (["0", "0", "0"], ["0", "0", "1"])
drops = [i for i, l in enumerate(rec) if f(l)[:2] == ["0", "3"]]
def find(seq, start, at_end):
    """The position of seq as a contiguous run of sent at or after start (at the end if at_end), or None."""
    n = len(seq)
    if at_end:
        p = len(sent) - n
        return p if p >= start and sent[p:] == seq else None
    for p in range(start, len(sent) - n + 1):
        if sent[p:p + n] == seq:
            return p
    return None
def first_difference(got, want):
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f"; event {i}: recorded {named(g)}, sent {named(w)}"
    return ""
def check():
    if not drops:
        return None if rec == sent else "the events recorded are not those sent" + first_difference(rec, sent)
    # Before the first drop: exactly the sent prefix (the kernel hands out whole
    # frames and drops only what was not read yet).
    pos = len(rec[:drops[0]])
    if rec[:drops[0]] != sent[:pos]:
        return (f"the events before the SYN_DROPPED at event {drops[0]} are not what was sent first"
                + first_difference(rec[:drops[0]], sent[:pos]))
    bounds = drops + [len(rec)]
    for n, d in enumerate(drops):
        seg = rec[d + 1:bounds[n + 1]]
        last = n + 1 == len(drops)
        # The drop is followed by an empty SYN_REPORT, then libevdev's state delta
        # (key/LED events ending in a SYN_REPORT, or nothing when nothing changed),
        # then a contiguous run of what was sent later (the last run ending with
        # the last event sent). libevdev's sync first drains and discards every
        # event the kernel holds, so after the last drop the run may be empty:
        # everything sent after the overflow was still queued when the reader
        # synced (a slow reader, e.g. under ThreadSanitizer); the delta then
        # stands for it.
        if not seg and last:
            # The stream ends in the SYN_DROPPED: the reader stopped (SIGINT)
            # or its device went away before libevdev's sync; everything
            # after the overflow is lost, and what came before was checked.
            return None
        if not seg or f(seg[0]) != ["0", "0", "0"]:
            return f"the SYN_DROPPED at event {d} is not followed by an empty SYN_REPORT (but by {named(seg[0]) if seg else 'nothing'})"
        seg = seg[1:]
        found = None
        # libevdev's delta holds one SYN_REPORT, its last event
        for k in [0] + [i + 1 for i, l in enumerate(seg) if is_report(l)][:1]:
            if any(f(l)[0] not in ("0", "1", "17") for l in seg[:k]):
                break
            if last and k == len(seg):
                found = len(sent)   # all drained at the sync: nothing follows
                break
            p = find(seg[k:], pos, last)
            if p is not None:
                found = p + len(seg) - k
                break
        if found is None:
            return (f"what follows the SYN_DROPPED at event {d} is not a state delta and then what was sent"
                    + f" (it begins {', '.join(named(l) for l in seg[:3]) or 'with nothing'})")
        pos = found
    return None
err = check()
if err: print("recording: " + err, file=sys.stderr)
sys.exit(1 if err else 0)
