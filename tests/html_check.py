"""Checks of a page of --format html (tests/html.sh), with Python's own
html.parser only. Usage: html_check.py KIND FILE [ARGS...]
  valid FILE            the page parses strictly: a doctype, every element
                        closed in order (void elements aside), one <html>
  safe FILE TEXT...     no element but the page's own, one <script> (ours, no
                        src), no <img>, no on* attribute; each TEXT shown as text
  dom FILE MIN          (a --dump-dom) the tables have at least MIN body rows
                        in all, and the script added a filter box
  sorted FILE           (a --dump-dom) data-sorted holds numbers, ascending, not all equal
  png FILE              a PNG with more than 2 colours (not blank)
  titles FILE           prints the <title> of every element of an <svg>, one a
                        line (a title's newlines as " | ")
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
        "details", "summary", "span", "script", "input", "pre", "svg", "rect", "line"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.tags, self.text, self.doctype = [], [], [], [], False
        self.attrs = []
        self.svg_titles, self.figs, self.into = [], [], None

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend((tag, k, v) for k, v in attrs)
        if tag == "title" and "svg" in self.stack:
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
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes %s at line %d" % (tag, self.stack[-1:] or "nothing", self.getpos()[0]))
        else:
            self.stack.pop()

    def handle_data(self, data):
        if self.into is not None:
            self.into[-1] += data
        if self.stack and self.stack[-1] not in ("script", "style"):
            self.text.append(data)


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
    elif kind in ("titles", "figs"):
        for text in page.svg_titles if kind == "titles" else page.figs:
            print(text.replace("\n", " | "))
    elif kind == "sorted":
        got = [v for t, k, v in page.attrs if k == "data-sorted"]
        values = [float(x) for x in got[0].split("|")] if got and got[0] else []
        if len(set(values)) < 2 or values != sorted(values):
            problems.append("not sorted ascending: %r" % got)
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
