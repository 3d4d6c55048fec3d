#!/bin/sh
# The SVG flame graph in a real browser (SPEC 12): headless Chromium renders
# the example trace's graph, and the screenshot must show every frame at
# least 4 px wide in its own color where the SVG puts it (roots at the
# bottom, on the gray "all" bar), with many colors, not a blank page. Then
# a click, sent by a script appended to a copy, zooms: the clicked frame
# fills the width, frames beside it hide; a click on "Reset zoom" restores
# all. Skipped (77) where no Chromium is installed: scripts/install-deps.sh
# --browser installs it (CI does).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
[ -n "$browser" ] || skip_all "no Chromium (chromium, chromium-browser, google-chrome) to render the SVG; install it with scripts/install-deps.sh --browser (Debian: apt-get install chromium)"

svg=$tmp/example.svg
"$PROFILE_PARSER" -q -s "$top_srcdir/examples/example_trace.json" -d "$svg" -mc cpu_op,user_annotation ||
	{ fail "profile_parser --format svg"; finish; exit 1; }
height=$(sed -n 's/^<svg .* height="\([0-9]*\)".*/\1/p' "$svg")
# The screenshot (a window of 1200x800: smaller ones may be drawn in part).
# FLAME_PNG=FILE keeps it, cut to the graph's height: docs/flamegraph.png.
render --screenshot="$tmp/shot.png" --window-size=1200,800 "file://$svg" >/dev/null
if [ -s "$tmp/shot.png" ]; then pass "$browser rendered the SVG ($(wc -c < "$tmp/shot.png") bytes of PNG)"; else
	fail "$browser made no screenshot:"; tail -n 5 "$tmp/browser.err"; finish; exit 1; fi

if python3 - "$tmp/shot.png" "$svg" "$height" "${FLAME_PNG:-}" <<'PY' >"$tmp/check" 2>&1
import re, struct, sys, zlib
import xml.dom.minidom

def png_pixels(path):
    """A tiny PNG reader: 8-bit RGB or RGBA, not interlaced. Rows of (r, g, b)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and not interlace, (depth, color, interlace)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    size = 3 if color == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * size, [], bytearray(width * size)
    for y in range(height):
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
        rows.append([tuple(line[x * size:x * size + 3]) for x in range(width)])
        previous = line
    return rows

pixels = png_pixels(sys.argv[1])
colors = {p for row in pixels for p in row}
assert len(colors) > 20, "a blank screenshot: %d colors" % len(colors)
document = xml.dom.minidom.parse(sys.argv[2])
checked = roots = 0
for g in document.getElementsByTagName("g"):
    if g.getAttribute("class") != "f":
        continue
    rect = g.getElementsByTagName("rect")[0]
    x, w, y = (float(rect.getAttribute(a)) for a in ("x", "width", "y"))
    if w < 4:
        continue
    want = tuple(int(v) for v in re.findall(r"\d+", rect.getAttribute("fill")))
    got = pixels[int(y) + 1][int(x + w / 2)]  # above the label's letters
    name = g.getElementsByTagName("title")[0].firstChild.data.split("\n")[0]
    assert all(abs(a - b) <= 3 for a, b in zip(got, want)), "%s: %s at (%d, %d), wanted %s" % (
        name, got, x + w / 2, y + 1, want)
    checked += 1
    if g.getAttribute("data-d") == "1":
        roots += 1
        r, gr, b = got
        bottom = int(sys.argv[3]) - 10 - 2 * 16  # on the "all" bar, the graph's last
        assert r >= 200 and b <= 90 and y == bottom, "%s: a root, not host-colored at the bottom" % name
assert checked >= 10 and roots == 2, (checked, roots)
if sys.argv[4]:  # the top HEIGHT rows, as an RGB PNG
    chunk = lambda kind, body: struct.pack(">I", len(body)) + kind + body + struct.pack(
        ">I", zlib.crc32(kind + body))
    rows = pixels[:int(sys.argv[3])]
    raw = b"".join(b"\0" + bytes(v for p in row for v in p) for row in rows)
    open(sys.argv[4], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(
        ">IIBBBBB", len(rows[0]), len(rows), 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
print("%d colors; %d frames in their colors where the SVG puts them, the 2 roots host-colored at the bottom" % (
    len(colors), checked))
PY
then pass "the screenshot: $(cat "$tmp/check")"; else fail "the screenshot: $(cat "$tmp/check")"; fi

# zoom on aten::to (the third frame: all, ProfilerStep#3, aten::to), then reset
click() {
	sed '$d' "$svg" > "$tmp/click.svg"
	printf '<script>%s</script>\n</svg>\n' "$1" >> "$tmp/click.svg"
	render --dump-dom "file://$tmp/click.svg" > "$tmp/dom" 2>>"$tmp/browser.err"
}
to="var g = document.querySelectorAll('g.f')[2]; g.dispatchEvent(new MouseEvent('click', { bubbles: true }));"
click "$to"
if python3 - "$tmp/dom" <<'PY' >"$tmp/check" 2>&1
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
frames = re.findall(r'<g class="f"[^>]*>.*?</g>', dom, re.S)
assert len(frames) >= 10, "%d frames in the DOM" % len(frames)
def frame(name):
    return next(f for f in frames if "<title>%s\n" % name in f or "<title>%s&#10;" % name in f)
def width(f):
    return float(re.search(r'<rect [^>]*width="([0-9.]+)"', f).group(1))
hidden = lambda f: "display: none" in f
assert width(frame("aten::to")) == 1180 and not hidden(frame("aten::to")), frame("aten::to")
assert width(frame("aten::copy_")) == 1180, "what stands on the zoomed frame fills the width"
assert width(frame("ProfilerStep#3")) == 1180 and not hidden(frame("ProfilerStep#3")), "its ancestors span it"
assert hidden(frame("aten::linear")) and hidden(frame("AddmmBackward0")), "the frames beside it hide"
print("aten::to fills the width, aten::linear and the backward thread hide")
PY
then pass "a click zooms: $(cat "$tmp/check")"; else fail "a click zooms: $(cat "$tmp/check")"; tail -n 5 "$tmp/browser.err"; fi
click "$to document.querySelector('#reset text').dispatchEvent(new MouseEvent('click', { bubbles: true }));"
if ! grep -q 'display: none' "$tmp/dom" && grep -q '<title>aten::linear' "$tmp/dom"; then pass "Reset zoom shows every frame again"; else
	fail "Reset zoom: frames stay hidden"; fi
finish
