"""What the toolkit scripts share about a corpus session: its trace's event
lines and its scene's item rects (the formats are docs/Formats/Trace.md and
docs/Formats/Scene.md; this reads only what the corpus uses)."""


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
