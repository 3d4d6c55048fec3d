"""Checks of a page of --format html (tests/html.sh), with Python's own
html.parser only. Usage: html_check.py KIND FILE [ARGS...]
  valid FILE            the page parses strictly: a doctype, every element
                        closed in order (void elements aside), one <html>
  safe FILE TEXT...     no element but the page's own, one <script> (ours, no
                        src), no <img>, no on* attribute; each TEXT shown as text
  dom FILE MIN          (a --dump-dom) the tables have at least MIN body rows
                        in all, and the script added a filter box
  sorted FILE           (a --dump-dom) data-sorted holds numbers, ascending, not all equal
  findings FILE         prints the items of "What the analysis found", one a
                        line (or its note when nothing stood out)
  flame FILE MIN        (a --dump-dom) one svg.flame inline, its script ran
                        (data-zoom="ready"), at least MIN frames (g.f)
  zoomed FILE WIDTH     (a --dump-dom) data-zoomed is "WIDTH|HIDDEN": the frame
                        clicked spans WIDTH, HIDDEN > 0 frames hidden
  png FILE              a PNG with more than 2 colours (not blank)
  titles FILE           prints the <title> of every element of a chart <svg> (not the flame graph nor
                        a chart over time), one a line (a title's newlines as " | ")
  tltitles FILE         the same for the charts over time (svg.tl-chart)
  figs FILE             prints the text of every <pre class="figs">, one a line
                        (its newlines as " | ")
  colours FILE MIN R,G,B...  a PNG with at least MIN pixels of each colour
                        (each channel within 3)
"""
import struct, sys, zlib
from html.parser import HTMLParser

VOID = {"meta", "input", "br", "img", "hr", "link", "col", "wbr", "area", "base", "source", "embed"}
OURS = {"html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "dl", "dt", "dd", "nav",
        "strong", "ol", "ul", "li", "a", "section", "p", "div", "table", "thead", "tbody", "tr", "th", "td",
        "details", "summary", "span", "script", "input", "pre", "code",
        "svg", "g", "rect", "line", "text",  # the charts' and the flame graph's
        "figure", "figcaption", "button", "path"}  # the charts over time (SPEC 18.2)


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.tags, self.text, self.doctype = [], [], [], [], False
        self.attrs, self.findings = [], None
        self.svg_titles, self.figs, self.into, self.svg_classes = [], [], None, []
        self.tl_titles = []

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        self.finding_start(tag, attrs)
        self.tags.append(tag)
        self.attrs.extend((tag, k, v) for k, v in attrs)
        if tag == "svg":
            self.svg_classes.append(dict(attrs).get("class") or "")
        over_time = any(c.startswith("tl-") for c in self.svg_classes)
        if tag == "title" and "svg" in self.stack and over_time:
            self.tl_titles.append("")
            self.into = self.tl_titles
        elif tag == "title" and "svg" in self.stack and "flame" not in self.svg_classes[-1].split():  # the charts' only
            self.svg_titles.append("")
            self.into = self.svg_titles
        elif tag == "pre" and ("class", "figs") in attrs:
            self.figs.append("")
            self.into = self.figs
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend((tag, k, v) for k, v in attrs)

    def handle_endtag(self, tag):
        if tag in ("title", "pre"):
            self.into = None
        if tag == "svg" and self.svg_classes:
            self.svg_classes.pop()
        if tag == "section" and self.found is not None:
            self.findings, self.found = self.found, None
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes %s at line %d" % (tag, self.stack[-1:] or "nothing", self.getpos()[0]))
        else:
            self.stack.pop()

    def handle_data(self, data):
        if self.into is not None:
            self.into[-1] += data
        if self.stack and self.stack[-1] not in ("script", "style"):
            self.text.append(data)
        if self.found and self.stack and self.stack[-1] in ("li", "code", "p"):
            self.found[-1] += data

    found = None  # the findings' items, while in their section

    def finding_start(self, tag, attrs):
        if tag == "section" and ("id", "findings") in attrs:
            self.found = []
        elif self.found is not None and tag in ("li", "p"):
            self.found.append("")


def parse(path):
    page = Page()
    with open(path, encoding="utf-8", errors="strict") as f:
        page.feed(f.read())
    page.close()
    return page


def main():
    kind, path, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if kind == "png":
        return png(path)
    if kind == "colours":
        return colours(path, args)
    page = parse(path)
    problems = []
    if kind == "valid":
        problems += page.errors
        if page.stack:
            problems.append("left open: %s" % page.stack)
        if not page.doctype:
            problems.append("no <!DOCTYPE html>")
        if page.tags.count("html") != 1 or page.tags.count("body") != 1:
            problems.append("not one html and one body")
    elif kind == "safe":
        strange = sorted(set(page.tags) - OURS)
        if strange:
            problems.append("elements not the page's own: %s" % strange)
        if page.tags.count("script") != 1:
            problems.append("%d script elements, not 1" % page.tags.count("script"))
        for tag, name, value in page.attrs:
            if name.startswith("on") or name == "src" or (name == "href" and not (value or "").startswith("#")):
                problems.append("attribute %s=%r on <%s>" % (name, value, tag))
        text = "".join(page.text)
        for want in args:
            if want not in text:
                problems.append("the text %r is not shown" % want)
    elif kind == "dom":
        rows = page.tags.count("tr") - page.tags.count("thead")
        if rows < int(args[0]):
            problems.append("%d body rows, wanted at least %s" % (rows, args[0]))
        if ("input", "class", "filter") not in page.attrs:
            problems.append("no filter box: the script did not run")
    elif kind in ("titles", "figs", "tltitles"):
        for text in page.svg_titles if kind == "titles" else page.tl_titles if kind == "tltitles" else page.figs:
            print(text.replace("\n", " | "))
    elif kind == "sorted":
        got = [v for t, k, v in page.attrs if k == "data-sorted"]
        values = [float(x) for x in got[0].split("|")] if got and got[0] else []
        if len(set(values)) < 2 or values != sorted(values):
            problems.append("not sorted ascending: %r" % got)
    elif kind == "findings":
        if page.findings is None:
            problems.append("no findings section")
        for item in page.findings or []:
            print(" ".join(item.split()))
    elif kind == "flame":
        svgs = [t for t, k, v in page.attrs if t == "svg" and k == "class" and v == "flame"]
        frames = sum(1 for t, k, v in page.attrs if t == "g" and k == "class" and v == "f")
        if len(svgs) != 1:
            problems.append("%d svg.flame, not 1" % len(svgs))
        if ("svg", "data-zoom", "ready") not in page.attrs:
            problems.append("the flame graph's script did not run")
        if frames < int(args[0]):
            problems.append("%d frames, wanted at least %s" % (frames, args[0]))
    elif kind == "zoomed":
        got = [v for t, k, v in page.attrs if k == "data-zoomed"]
        try:
            width, hidden = got[0].split("|")
            zoomed = abs(float(width) - float(args[0])) < 0.01 and int(hidden) > 0
        except (IndexError, ValueError):
            zoomed = False
        if not zoomed:
            problems.append("not zoomed: data-zoomed %r, wanted width %s and frames hidden" % (got, args[0]))
    for p in problems:
        print(p)
    return 1 if problems else 0


def pixels(path, every=1):
    """The colours of a PNG's pixels (every EVERY-th row), counted; None when not a PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    size = {0: 1, 2: 3, 4: 2, 6: 4}[color] * depth // 8
    stride, previous, counts = width * size, bytearray(width * size), {}
    for y in range(height):  # the filters undone (PNG 9.2), every pixel's colour counted
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - size] if i >= size else 0
            b, c = previous[i], previous[i - size] if i >= size else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % every == 0:
            for i in range(0, stride, size):
                pixel = bytes(line[i:i + size])
                counts[pixel] = counts.get(pixel, 0) + 1
        previous = line
    return counts


def png(path):
    counts = pixels(path, 4)
    if counts is None:
        print("not a PNG")
        return 1
    if len(counts) <= 2:
        print("%d colours: blank" % len(counts))
        return 1
    return 0


def colours(path, args):
    least, wanted, counts = int(args[0]), args[1:], pixels(path)
    if counts is None:
        print("not a PNG")
        return 1
    missing = 0
    for text in wanted:
        want = [int(x) for x in text.split(",")]
        n = sum(k for pixel, k in counts.items() if all(abs(p - w) <= 3 for p, w in zip(pixel, want)))
        if n < least:
            print("colour %s: %d pixels" % (text, n))
            missing += 1
    return 1 if missing else 0


sys.exit(main())
