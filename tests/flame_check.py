#!/usr/bin/env python3
"""Checks an SVG flame graph of profile_parser against the folded stacks of
the same trace and weight: usage: flame_check.py GRAPH.svg STACKS.folded

The SVG must be well-formed XML. The folded lines, merged into a tree in
their order (a frame is made by the first line through it, so frames come
in the order profile_parser makes them), give every frame's total; the SVG
must hold, in that order, one <g class="f"> per frame at least 0.1 px wide
(frames within a rounding of 0.1 px may be either way), each with its name
and exact time in its <title>, its depth, a <rect> as wide as its total
(1180 px for everything) and where the folded order puts it, roots at the
bottom. Prints what it checked."""
import sys
import xml.dom.minidom
from decimal import Decimal

WIDTH, PAD, FRAME = 1200, 10, 16
SPAN = WIDTH - 2 * PAD


def merged(path):
    """(name, depth, parent, total) per frame, frame 0 being all."""
    frames = [["all", 0, -1, 0]]
    index = {}
    for line in open(path, encoding="utf-8"):
        stack, value = line.rstrip("\n").rsplit(" ", 1)
        parent = 0
        for name in stack.split(";"):
            key = (parent, name)
            if key not in index:
                index[key] = len(frames)
                frames.append([name, frames[parent][1] + 1, parent, 0])
            parent = index[key]
        while parent >= 0:
            frames[parent][3] += int(value)
            parent = frames[parent][2]
    return frames


def layout(frames):
    """Each frame's left edge and width in pixels."""
    grand = frames[0][3]
    offset, nxt = [0] * len(frames), [0] * len(frames)
    for i, (name, depth, parent, total) in enumerate(frames):
        if i:
            offset[i] = nxt[parent]
            nxt[parent] += total
            nxt[i] = offset[i]
    return [(PAD + offset[i] * SPAN / grand, f[3] * SPAN / grand) for i, f in enumerate(frames)]


def main(svg_path, folded_path):
    document = xml.dom.minidom.parse(svg_path)  # raises on XML that is not well-formed
    root = document.documentElement
    assert root.tagName == "svg", root.tagName
    height = int(root.getAttribute("height"))
    drawn = [g for g in root.getElementsByTagName("g") if g.getAttribute("class") == "f"]
    frames = merged(folded_path)
    if frames[0][3] == 0:
        assert not drawn, "frames drawn for no value"
        print("no value, no frame")
        return
    places = layout(frames)
    at = 0
    for i, (name, depth, parent, total) in enumerate(frames):
        left, width = places[i]
        if width < 0.0995:
            continue
        g = drawn[at] if at < len(drawn) else None
        title = g.getElementsByTagName("title")[0].firstChild.data if g else ""
        shown, _, figures = title.rpartition("\n")
        if width <= 0.1005 and shown != name:
            continue  # within a rounding of the threshold: left out
        assert g is not None, "frame %d (%s) is not drawn" % (i, name)
        assert shown == name, "frame %d: %r drawn, %r wanted" % (i, shown, name)
        ms = Decimal(figures.split(" ms, ")[0])
        assert ms * 1000000 == total, "%s: %s ms, wanted %d ns" % (name, ms, total)
        assert int(g.getAttribute("data-d")) == depth, (name, g.getAttribute("data-d"), depth)
        rect = g.getElementsByTagName("rect")[0]
        x, w, y = (float(rect.getAttribute(a)) for a in ("x", "width", "y"))
        assert abs(w - width) < 0.002, "%s: %s px wide, wanted %.4f" % (name, w, width)
        assert abs(x - left) < 0.002, "%s: at %s px, wanted %.4f" % (name, x, left)
        assert y == height - PAD - (depth + 1) * FRAME, "%s: y %s, roots at the bottom" % (name, y)
        at += 1
    assert at == len(drawn), "%d frames drawn, %d matched" % (len(drawn), at)
    print("%d of %d frames drawn, each where and as wide as its value says" % (at, len(frames)))


if __name__ == "__main__":
    main(*sys.argv[1:3])
