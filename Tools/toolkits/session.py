"""What the toolkit scripts share about a corpus session: its trace's event
lines and its scene's item rects (the formats are docs/Formats/Trace.md and
docs/Formats/Scene.md; this reads only what the corpus uses), and the
harness side of the conform protocol."""
import json


def trace_steps(text):
    """[(time, event, args)] for the trace's event lines, in order: the
    index of each is the protocol's `step` (the header, comments and blank
    lines are not steps). Raises ValueError without the header."""
    steps, header = [], False
    for raw in text.split("\n"):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if not header:
            if words != ["pointersim-trace", "1"]:
                raise ValueError("trace: expected the header 'pointersim-trace 1'")
            header = True
            continue
        steps.append((float(words[0]), words[1] if len(words) > 1 else "", words[2:]))
    if not header:
        raise ValueError("trace: expected the header 'pointersim-trace 1'")
    return steps


def scene_items(scene):
    """[(id, [x, y, w, h])] in scene order: a list of items, or a grid
    (ids r<row>c<col>, row by row)."""
    items = scene.get("items", [])
    if isinstance(items, list):
        return [(it["id"], list(it["rect"])) for it in items]
    g = items["grid"]
    ox, oy = g.get("origin", [0, 0])
    w, h = g["size"]
    px, py = g.get("pitch", g["size"])
    return [(f"r{r}c{c}", [ox + c * px, oy + r * py, w, h]) for r in range(g["rows"]) for c in range(g["columns"])]


def conform_loop(play, stdin, stdout):
    """The harness side of `pointersim conform --exec` (docs/Formats/Conform.md):
    reads each session (its scene line, step lines and end line) from `stdin`,
    calls `play(number, scene, trace_text, step_count)`, and writes what it
    returns (the answer lines, as dicts: one per step, or one `skipped`) to
    `stdout`, flushed after each session."""
    scene, lines, n = None, [], 0
    for raw in stdin:
        if not raw.strip():
            continue
        msg = json.loads(raw)
        if "scene" in msg:
            scene, lines, n = msg["scene"], [], msg["session"]
        elif "step" in msg:
            lines.append(msg["line"])
        elif "end" in msg:
            trace = "pointersim-trace 1\n" + "".join(l + "\n" for l in lines)
            out = play(n, scene, trace, len(lines))
            stdout.write("".join(json.dumps(o) + "\n" for o in out))
            stdout.flush()


def conform_answers(result, step_count, toolkit, every_step):
    """The answer lines of a session a harness played (`result`: its
    `observations`, or `skipped`): each step's selection; with `every_step`,
    a session not observed after every step is skipped (with why), else the
    steps not observed are answered without a selection (not compared)."""
    if "skipped" in result:
        return [{"skipped": result["skipped"]}]
    seen = {o["step"]: o for o in result["observations"]}
    if every_step and len(seen) != step_count:
        return [{"skipped": "%s was observed after %d of %d steps" % (toolkit, len(seen), step_count)}]
    return [dict({"step": k}, **({"selection": seen[k]["selection"]} if k in seen else {}))
            for k in range(step_count)]
