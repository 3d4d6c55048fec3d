#!/bin/sh
# The page's device timeline over time (SPEC 18.2) on tests/cases/timeline_bins.json
# (see tests/cases/timeline_bins.working for its intervals, in ns):
# (a) without a script: one chart a device, its bins (min(2000, span)),
#     the ticks of the time axis worked out by hand, the tooltips of a few
#     bins, the steps' bands, the memory peak, the line at 100% (classes that
#     ran at once stack past it), the zoom buttons hidden, the span bars kept;
#     the page parses strictly and holds no element but its own;
# (b) in Chromium: the script shows the buttons; a click on "zoom in" shows
#     the middle half and redraws the ticks; a drag zooms on what it spans;
# (c) in Chromium: the memory peak's label inside the plot at either edge;
# (d) the busy window and the steps' host and device lanes (SPEC 28), by
#     hand on tests/views/page_window.json; (e) in Chromium, the chart
#     opening on that window, from the DOM's boxes.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
check() { python3 "$top_srcdir/tests/html_check.py" "$@"; }
page=$tmp/timeline.html
"$PROFILE_PARSER" -s "$top_srcdir/tests/cases/timeline_bins.json" -d "$page" -q || fail "profile_parser failed"
check valid "$page" >"$tmp/why" && pass "the page parses strictly" || { fail "the page:"; cat "$tmp/why"; }
check safe "$page" >"$tmp/why" && pass "no element but the page's own" || { fail "elements:"; cat "$tmp/why"; }

# (a) device 0: [0, 11000) ns in 2000 bins (bin k from floor(5.5 k)); device
# 1: [2000, 5000) in 2000 bins (1.5 ns each). Ticks: about six across, a
# round step: 11000 / 6 = 1833 -> 2000 ns (0.002 ms, three decimals);
# 3000 / 6 = 500 -> 500 ns (0.0005 ms, four decimals).
python3 - "$page" >"$tmp/got" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
for fig in re.findall(r'<figure class="tl".*?</figure>', page, re.S):
    head = re.search(r'data-bins="(\d+)" data-span="(\d+)"', fig)
    ticks = re.search(r'<g class="tl-ticks">(.*?)</g>', fig, re.S).group(1)
    print("bins %s span %s" % head.groups())
    print("ticks " + " ".join(re.findall(r'>([0-9.]+)</text>', ticks)))
    print("steps " + " ".join(re.findall(r'<text class="tl-step"[^>]*>([^<]*)</text>', fig)))
    print("peak " + " ".join(re.findall(r'<g class="tl-peak" data-k="(\d+)">.*?>(peak [^<]*)</text>', fig, re.S)[0]))
    print("hidden buttons %d, 100%% line %d" % (fig.count('class="tl-zoom" hidden'), fig.count('class="tl-full"')))
PY
cat >"$tmp/want" <<'WANT'
bins 2000 span 11000
ticks 0.000 0.002 0.004 0.006 0.008 0.010
steps ProfilerStep#1 ProfilerStep#2
peak 666 peak 300 B in ProfilerStep#1
hidden buttons 1, 100% line 1
bins 2000 span 3000
ticks 0.0000 0.0005 0.0010 0.0015 0.0020 0.0025 0.0030
steps 
peak 0 peak 1000 B
hidden buttons 1, 100% line 0
WANT
# device 0's peak, 300, is first at the end of bin 666 [3663, 3668.5 -> 3668):
# the event at 3666 is before its end, not before bin 665's (3663). Its label
# names the op of the curve's peak (SPEC 21): pid 1's device 0 reaches 300
# at 3.666 us inside ProfilerStep#1 (a user_annotation node of the page's
# -mc). Device 1's line is pid 2's only accelerator (Device Id 5): 1000 at
# 0 us, on a thread without nodes: no op in its label.
if diff "$tmp/want" "$tmp/got" >"$tmp/why"; then pass "the charts' bins, ticks, step labels, memory peaks, by hand"
else fail "the charts:"; cat "$tmp/why"; fi
# Tooltips, device 0. Bin 0 [0, 5): gemm only, no memory event before 5.
# Bin 400 [2200, 2205): gemm and the all-reduce at once (5 ns each, busy
# 5). Bin 1000 [5500, 5505): in the gap [5000, 8000), host wait to the
# launch at 7000; step 1 ([0, 6000]); 300 bytes since 3666. Bin 1999
# [10994, 11000): after the last busy interval: other idle.
check tltitles "$page" >"$tmp/titles"
for want in 'bin 0: 0.0 to 0.000005 ms | compute 0.000005 ms, busy 0.000005 ms | host wait 0.0 ms, other idle 0.0 ms | ProfilerStep#1' \
	'bin 400: 0.0022 to 0.002205 ms | compute 0.000005 ms, communication 0.000005 ms, busy 0.000005 ms | host wait 0.0 ms, other idle 0.0 ms | ProfilerStep#1 | allocated 100 bytes' \
	'bin 1000: 0.0055 to 0.005505 ms | busy 0.0 ms | host wait 0.000005 ms, other idle 0.0 ms | ProfilerStep#1 | allocated 300 bytes' \
	'bin 1999: 0.010994 to 0.011 ms | busy 0.0 ms | host wait 0.0 ms, other idle 0.000006 ms | ProfilerStep#2 | allocated 250 bytes'; do
	grep -qxF -- "$want" "$tmp/titles" && pass "tooltip: ${want%%|*}" || { fail "no tooltip '$want'"; grep -F "${want%%:*}:" "$tmp/titles" | head -3; }
done
[ "$(grep -c '^bin ' "$tmp/titles")" -eq 4000 ] && pass "a tooltip a bin" || fail "$(grep -c '^bin ' "$tmp/titles") bin tooltips, not 4000"
grep -q '<svg class="bar"' "$page" && pass "the span bars stay" || fail "no span bar"

# Without a script the peak's label runs from its mark towards the middle:
# device 0's (bin 1 of 2000, in the first third) starts at its mark, device
# 1's (bin 1999) ends there (tests/views/page_peak.json, (c) below).
"$PROFILE_PARSER" -q -s "$top_srcdir/tests/views/page_peak.json" -mc cpu_op -d "$tmp/peak.html" || fail "the peak's page"
anchors=$(grep -o '<g class="tl-peak" data-k="[0-9]*"><line [^>]*><text [^>]*text-anchor="[a-z]*"' "$tmp/peak.html" |
	sed 's/.*data-k="\([0-9]*\)".*text-anchor="\([a-z]*\)"/\1 \2/' | tr '\n' ' ')
[ "$anchors" = "1 start 1999 end " ] && pass "without a script, the peaks' labels run towards the middle ($anchors)" \
	|| fail "the peaks' labels' anchors: '$anchors'"


# (d) SPEC 28, tests/views/page_window.json by hand: device 0 is busy
# [10, 10.5) us (launched at 5, in ProfilerStep#1 [0, 300]), [400, 480)
# (launched at 250: step 1 too, the device 150 us behind) and [480, 500)
# (launched at 350: step 2 [300, 600]). Its span [10, 500): 490000 ns in
# 2000 bins (245 ns each). Busy 100.5 us, 99% of it 99.495 us: from 10 us
# the window would end at 400 + 98.995, 488.995 us long; from 400 the
# last 100 us hold it, to 499.495: [400, 499.495) us, bins (390000 · 2000
# / 490000 =) 1591.837 to (489495 · 2000 / 490000 =) 1997.939, 0.39 to
# 0.489495 ms from the span's start. The lanes: step 1's host window
# [0, 300] clipped to the span, bins 0 to 290000 · 2000 / 490000 =
# 1183.673, its device span [10, 480) (0.0 to 0.47 ms) bins 0 to 1918.367;
# step 2's window [300, 500) 1183.673 + 816.327, its device span [480,
# 500) (0.47 to 0.49 ms) 1918.367 + 81.633.
"$PROFILE_PARSER" -q -s "$top_srcdir/tests/views/page_window.json" -mc cpu_op -d "$tmp/window.html" || fail "the window's page"
python3 - "$tmp/window.html" >"$tmp/got" <<'PY'
import html, re, sys
page = open(sys.argv[1]).read()
print(re.search(r'<figure class="tl"[^>]*>', page).group(0))
print(html.unescape(re.sub(r'<[^>]+>', '', re.search(r'<span class="tl-window">.*?</span></span>', page).group(0))))
lanes = re.search(r'<svg class="tl-lanes"(.*?)</svg>', page, re.S).group(1)
for rect in re.findall(r'<rect class="([^"]*)" x="([^"]*)" width="([^"]*)"[^>]*><title>([^<]*)</title>', lanes):
    print(" | ".join(html.unescape(x) for x in rect))
print("bands %d" % page.count('tl-band'))
PY
cat >"$tmp/want" <<'WANT'
<figure class="tl" data-bins="2000" data-span="490000" data-a="1591.837" data-b="1997.939">
99% of its busy time lies in 0.39 to 0.489495 ms; showing the whole span
tl-host b0 | 0.000 | 1183.673 | ProfilerStep#1: the host's window, -0.01 to 0.29 ms
tl-dev b0 | 0.000 | 1918.367 | ProfilerStep#1: its work on the device, 0.0 to 0.47 ms (device span 0.47 ms)
tl-host b1 | 1183.673 | 816.327 | ProfilerStep#2: the host's window, 0.29 to 0.59 ms
tl-dev b1 | 1918.367 | 81.633 | ProfilerStep#2: its work on the device, 0.47 to 0.49 ms (device span 0.02 ms)
bands 0
WANT
if diff "$tmp/want" "$tmp/got" >"$tmp/why"; then pass "the busy window and the steps' host and device lanes, by hand"
else fail "the busy window, the lanes:"; cat "$tmp/why"; fi

# (b) in Chromium: "whole span" (a chart opens on its busy window, (e)),
# ticks before, a click on "zoom in", ticks after; then, the second chart's
# whole span shown, a drag across its second quarter.
if [ -z "$browser" ]; then
	skip "no Chromium (chromium, chromium-browser, google-chrome) to zoom the charts; install it with scripts/install-deps.sh --browser"
else
	sed 's|</body>|<script>(function () {\
var figs = document.querySelectorAll("figure.tl"), f = figs[0], b = document.body;\
function ticks(g) { return [].map.call(g.querySelectorAll("g.tl-ticks text"), function (t) { return t.textContent; }).join(" "); }\
b.setAttribute("data-shown", f.querySelector(".tl-zoom").hidden ? "hidden" : "shown");\
f.querySelector("button[data-z=all]").click();\
b.setAttribute("data-before", ticks(f));\
f.querySelector("button[data-z=in]").click();\
b.setAttribute("data-after", ticks(f));\
b.setAttribute("data-click", f.getAttribute("data-range") + "\|" + f.querySelector("svg.tl-plot").getAttribute("viewBox"));\
var g = figs[1]; g.querySelector("button[data-z=all]").click();\
var plot = g.querySelector("svg.tl-plot"), r = plot.getBoundingClientRect(), y = r.top + r.height / 2;\
function at(type, x) { plot.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x, clientY: y, pointerId: 1 })); }\
at("pointerdown", r.left + r.width / 4); at("pointermove", r.left + r.width / 3); at("pointerup", r.left + r.width / 2);\
b.setAttribute("data-drag", g.getAttribute("data-range") + "\|" + ticks(g));\
})();</script></body>|' "$page" >"$tmp/zoom.html"
	render --dump-dom "file://$tmp/zoom.html" >"$tmp/zoomed.html"
	python3 - "$tmp/zoomed.html" >"$tmp/why" 2>&1 <<'PY'
import html, re, sys
dom = open(sys.argv[1]).read()
body = re.search(r'<body([^>]*)>', dom).group(1)
got = {k: html.unescape(v) for k, v in re.findall(r'data-(\w+)="([^"]*)"', body)}
problems = []
if got.get("shown") != "shown":
    problems.append("the script did not show the zoom buttons: %r" % got.get("shown"))
if got.get("before") != "0.000 0.002 0.004 0.006 0.008 0.010":
    problems.append("ticks before: %r" % got.get("before"))
# the middle half: bins [500, 1500), ns [2750, 8250): 5500 / 6 = 916 -> 1000 ns steps
if got.get("after") != "0.003 0.004 0.005 0.006 0.007 0.008":
    problems.append("ticks after the click: %r" % got.get("after"))
if got.get("click") != "500 1500|500 0 1000 1000":
    problems.append("range after the click: %r" % got.get("click"))
drag = got.get("drag", "").split("|")
try:
    a, b = (float(x) for x in drag[0].split())
    if not (abs(a - 500) < 20 and abs(b - 1000) < 20):
        problems.append("the drag's range %r, wanted about 500 1000 (of 2000 bins)" % drag[0])
    if drag[1] == "0.0000 0.0005 0.0010 0.0015 0.0020 0.0025 0.0030":
        problems.append("the drag left the ticks as they were")
except (ValueError, IndexError):
    problems.append("no range after the drag: %r" % got.get("drag"))
print("\n".join(problems) or "zoomed: %s; dragged: %s" % (got.get("click"), got.get("drag")))
sys.exit(1 if problems else 0)
PY
	if [ $? = 0 ]; then pass "$browser: $(cat "$tmp/why")"; else fail "$browser: zoom:"; cat "$tmp/why"; fi

	# (c) the memory peak's label stays inside the plot, both edges (SPEC
	# 28), on tests/views/page_peak.json: device 0's peak (2 GiB at 0.5 us
	# of [0, 1000)) in its bin 1 of 2000, at the plot's left edge; device
	# 1's (3 GiB at 999.5 us) in its last bin, at the right edge. Each label
	# ("peak 2.00 GiB in aten::empty_strided_..._first_layer", 82
	# characters) centred on its mark ran past the edge by half its width.
	# At 800 px the labels fit whole; at 480 px the plot is narrower than
	# them: each loses its end to a "…". Each chart is shown whole first: a
	# device busy all along opens on the first 99% of its span (SPEC 28).
	python3 - "$tmp/peak.html" "$tmp/peaks.html" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
measure = """<script>(function () {
var out = [];
[].forEach.call(document.querySelectorAll("figure.tl"), function (f, i) {
  f.querySelector("button[data-z=all]").click(); /* it opened on [0, 990) us, its busy window: the peaks lie outside */
  var t = f.querySelector(".tl-peak text"), r = t.getBoundingClientRect();
  var fr = f.querySelector(".tl-frame").getBoundingClientRect();
  out.push(i + ":" + (r.left >= fr.left - 0.5 && r.right <= fr.right + 0.5 ? "inside" :
    "out(" + Math.round(r.left - fr.left) + "," + Math.round(fr.right - r.right) + ")") + ":" +
    (t.lastChild.data.slice(-1) === "\u2026" ? "cut" : "whole"));
});
document.body.setAttribute("data-peaks", out.join(" "));
})();</script></body>"""
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", measure))
PY
	for size in 800,600:"0:inside:whole 1:inside:whole" 480,600:"0:inside:cut 1:inside:cut"; do
		render --dump-dom --window-size="${size%%:*}" "file://$tmp/peaks.html" >"$tmp/peaks.dom"
		got=$(sed -n 's/.*data-peaks="\([^"]*\)".*/\1/p' "$tmp/peaks.dom")
		[ "$got" = "${size#*:}" ] && pass "$browser at ${size%%,*} px: the memory peaks' labels inside the plot ($got)" \
			|| fail "$browser at ${size%%,*} px: the memory peaks' labels: '$got', not '${size#*:}'"
	done

	# (e) the chart opens on its busy window (SPEC 28, (d) above): the range
	# after loading is its data-a to data-b, the lanes zoomed with the plot;
	# from the DOM's boxes at 1000 px, step 2's device bar starts (1918.367
	# - 1591.837) / 406.102 = 80.4% across the frame, its host window covers
	# the frame, ProfilerStep#1's label (its window ends at bin 1183.673,
	# before the range) is hidden, #2's shown inside the frame; "whole span"
	# shows [0, 2000), both labels, the caption saying so.
	python3 - "$tmp/window.html" "$tmp/window_m.html" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
measure = """<script>(function () {
var f = document.querySelector("figure.tl"), out = [];
var frame = f.querySelector(".tl-frame").getBoundingClientRect();
function box(e) { return e.getBoundingClientRect(); }
function state(tag) {
  var lanes = f.querySelector("svg.tl-lanes"), plot = f.querySelector("svg.tl-plot");
  var va = plot.getAttribute("viewBox").split(" "), vb = lanes.getAttribute("viewBox").split(" ");
  out.push(tag + "-range=" + f.getAttribute("data-range"));
  out.push(tag + "-lanes=" + (va[0] === vb[0] && va[2] === vb[2] ? "with" : "apart"));
  out.push(tag + "-caption=" + f.querySelector(".tl-range").textContent);
  var labels = f.querySelectorAll(".tl-step");
  out.push(tag + "-labels=" + [].map.call(labels, function (t) {
    var r = box(t), inside = r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5;
    return t.getAttribute("visibility") + (t.getAttribute("visibility") === "visible" ? (inside ? "-inside" : "-out") : "");
  }).join(","));
}
state("open");
var rects = f.querySelectorAll("svg.tl-lanes rect"), dev2 = box(rects[3]), host2 = box(rects[2]);
out.push("dev2=" + ((dev2.left - frame.left) / frame.width).toFixed(3));
out.push("host2=" + (host2.left <= frame.left + 1 && host2.right >= frame.right - 1 ? "covers" : "not"));
f.querySelector("button[data-z=all]").click();
state("all");
document.body.setAttribute("data-window", out.join(";"));
})();</script></body>"""
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", measure))
PY
	render --dump-dom --window-size=1000,800 "file://$tmp/window_m.html" >"$tmp/window.dom"
	got=$(sed -n 's/.*data-window="\([^"]*\)".*/\1/p' "$tmp/window.dom" | tr ';' '\n')
	want='open-range=1591.837 1997.939
open-lanes=with
open-caption=0.390 to 0.489 ms of 0.490
open-labels=hidden,visible-inside
dev2=0.804
host2=covers
all-range=0 2000
all-lanes=with
all-caption=the whole span
all-labels=visible-inside,visible-inside'
	if [ "$got" = "$want" ]; then pass "$browser: the chart opens on the busy window, the lanes zoomed with it"
	else fail "$browser: the busy window:"; printf '%s\n' "$got" >"$tmp/got"; printf '%s\n' "$want" | diff - "$tmp/got"; fi
fi
finish
