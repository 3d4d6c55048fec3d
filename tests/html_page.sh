#!/bin/sh
# The sections of the per-node page (SPEC 16) beyond its tables
# (tests/html.sh): what the analysis found, graph-capture matching and the
# flame graph.
# (a) "What the analysis found", on hand-made traces (tests/views/page_*),
#     each with one problem and the figures worked out by hand, and one with
#     none: its items, word for word, and nothing else;
# (b) the graph-capture matching table (tests/cases/graph_partial, whose
#     figures its .report gives), only with --graph-capture;
# (c) the flame graph inline: one <svg class="flame">, the page's one script,
#     no id of its own, strict parsing, at most PAGE_FLAME_FRAMES (3,000)
#     frames, the widest, and the page says how many were left out;
# (d) Chromium (skipped without it): the DOM after scripts holds the flame
#     graph's frames, its script ran, and a click on a frame zooms on it.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
check() { python3 "$top_srcdir/tests/html_check.py" "$@"; }
views=$top_srcdir/tests/views

# findings NAME WANT ARGS...: the page of ARGS has exactly the findings WANT (lines)
findings() {
	name=$1 want=$2; shift 2
	if ! "$PROFILE_PARSER" -q -d "$tmp/$name.html" -mc cpu_op "$@" 2>"$tmp/err"; then
		fail "$name: profile_parser failed"; cat "$tmp/err"; return
	fi
	check findings "$tmp/$name.html" >"$tmp/$name.found"
	if [ "$(cat "$tmp/$name.found")" = "$want" ]; then pass "$name: the page finds what it should, in words"
	else fail "$name: the findings are:"; cat "$tmp/$name.found"; echo "# wanted: $want"; fi
}

nothing='Nothing stood out: no performance rule of the findings fired (profile_parser(1), FINDINGS; --summary findings writes them).'
# (a) SPEC 22's findings, performance ones ranked, data ones under "About
# this trace". 10 of the 100 us of device time under the one monitored op:
# 10.0% < 90%, low-coverage; 0.09 ms from the launch at 200, outside it
findings coverage "$nothing
low-coverage (medium). 0.01 ms of the 0.1 ms of device time (10.0%) is under cpu_op, user_annotation or python_function events; 0.09 ms from 1 launch outside any, the rest claimed by no launch. To do: device work launched outside any op or annotation is in no row: wrap that code in torch.profiler.record_function(...), or profile with with_stack=True; --summary kernel lists every kernel." \
	-s "$views/page_coverage.json"
# a graph launch replays 30 + 10 us, all of the device time (>= 10%), without --graph-capture
findings graph "$nothing
graphs-unattributed (high). 1 graph launch replayed 0.04 ms (100.0% of the device time) on the ops that called the replays, not those that captured them. To do: the device time of CUDA/HIP graph replays sits on the ops that replayed them: --graph-capture FILE, a trace profiled while the graphs were captured, puts it under the ops that captured them." \
	-s "$views/page_graph.json"
# kernels [10, 20) and [510, 520), the second launched at 500 from inside the
# op step: a gap of 490 us, 480 of them host wait [20, 500), all inside step
# and no launch (cause framework), of the span [0, 520) us: 92.3% >= 25%,
# host-overhead (high), the gap being 100 us or longer; its start 20 us
findings idle "host-overhead (high): saves up to 0.48 ms (92.3% of the analysed span) on device 0. host wait in ops and launches, in gaps of 100 us or longer: 0.48 ms (92.3% of the analysed span) in 1 gap, at 0.020 ms of the analysed span; most in step (0.48 ms). To do: the host's own work between launches, most in step: that op's Python work (its arguments, checks, per-call allocations): do it once outside the step, or torch.compile the code around it." -s "$views/page_idle.json"
# mm and addmm of 64x64 floats: 2·64³ = 524288 flops, at 1 TFLOP/s 524 ns,
# over the bytes' 49 (66) ns at 1 TB/s; mm busy 10 us (roofline 5.2% < 30%,
# 10 of the 10.6 us of busy >= 5%), addmm 0.6 us (87.3%): far-from-roofline
# saves 10000 - 524 = 9476 ns of the span [2, 110.6) us = 108600 ns: 8.7%,
# medium (under 10%); fp32-matmul does not fire (--peak-flops makes the
# 16-bit peak the fp32 one, not 4 times it)
# (SPEC 26.4: a float mm with M, N, K 64, multiples of 4: the aligned gemm family and its advice)
far='far-from-roofline (medium): saves up to 0.009476 ms (8.7% of the analysed span). 1 op shape with 5% or more of the device busy time ran under 30% of its roofline, 0.009476 ms above it; gemm, 1 shape, 0.009476 ms above: aten::mm [[64, 64], [64, 64]] (1 call, busy 0.01 ms at 5.2% of its roofline, M 64, N 64, K 64). To do: gemm (aligned, yet far from the peak: too small to fill the device): larger batches, or fewer, larger matmuls (fused projections, torch.compile); --summary perf lists every shape.'
findings roofline "$far" -s "$views/page_roofline.json" --columns 'name,device busy(ms),roofline %' --peak-flops 1 --peak-bandwidth 1
findings none "$nothing" -s "$views/page_none.json"
# the page works the perf figures out whenever the trace has shapes (no perf column asked)...
findings roofline_unasked "$far" -s "$views/page_roofline.json" --peak-flops 1 --peak-bandwidth 1
# ...but says nothing of a device without peaks
findings roofline_no_peaks "$nothing" -s "$views/page_roofline.json"
# whatever the tree shows (-mc python_function: no node), the findings read the cpu_op events
findings roofline_modules "$far" -s "$views/page_roofline.json" --peak-flops 1 --peak-bandwidth 1 -mc python_function
# a trace without device events: nothing to judge, said so
printf '{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 5}]}' > "$tmp/nodev.json"
findings nodev 'Nothing to judge: the trace has no device events (kernels, copies, memsets), so there is no device time to cover, no idle device and no roofline.' \
	-s "$tmp/nodev.json"
if grep -q '<p class="note">The 1 node shown.</p>' "$tmp/nodev.html"; then pass "one node: The 1 node shown"
else fail "one node: the tree's note"; grep -o '<p class="note">[^<]*nodes\? shown[^<]*</p>' "$tmp/nodev.html"; fi
# the second kernel launched at 15, before the gap at 20: no host wait
sed 's/"ts": 500, "dur": 5/"ts": 15, "dur": 5/' "$views/page_idle.json" > "$tmp/idle_other.json"
findings idle_other "$nothing" -s "$tmp/idle_other.json"
# the findings come before the contents and the warnings; the warning of
# the graph launches is on the page with -q too
if grep -n 'id="findings"\|class="toc"\|id="warnings"' "$tmp/graph.html" | cut -d: -f2 | tr -d '\n' |
	grep -q '<section id="findings"><nav class="toc".*<section id="warnings">'; then pass "the findings come first"
else fail "the findings are not at the top"; fi
if grep -q 'graph launches replay 0.04 ms (100.0% of the device time)' "$tmp/graph.html"; then pass "-q: the page has the warning of the graph launches"
else fail "-q: no warning of the graph launches on the page"; fi

# (b) graph-capture matching: 1 launch, matched partially; 10 events
# (0.055 ms), 9 placed (0.049 ms) under 2 captured ops, 1 left (0.006 ms)
gp=$top_srcdir/tests/cases/graph_partial
"$PROFILE_PARSER" -q -s "$gp.json" --graph-capture "$gp.capture" -mc cpu_op -d "$tmp/capture.html" 2>"$tmp/err" || cat "$tmp/err"
rows=$(sed -n '/<section id="graph-capture">/,/<\/section>/p' "$tmp/capture.html" | grep '^<tr><td>' | sed 's/<[^>]*>/|/g; s/||*/|/g')
want='|graph launches|1|
|matched|1|
|matched exactly|0|
|matched reordered|0|
|matched partially|1|
|matched by graph id|0|
|matched by position only (unverified)|0|
|matched no capture window|0|
|replayed device events|10|0.055|
|placed under captured ops|9|0.049|
|left on the ops that called the replays|1|0.006|
|captured ops the events were placed under|2|'
if [ "$rows" = "$want" ]; then pass "--graph-capture: the matching section's figures"
else fail "--graph-capture: the matching section:"; echo "$rows"; fi
if ! check findings "$tmp/capture.html" | grep -q 'graphs-unattributed'
then pass "--graph-capture: no graphs-unattributed finding"; else fail "--graph-capture: graphs-unattributed"; check findings "$tmp/capture.html"; fi
if ! grep -q 'id="graph-capture"' "$tmp/graph.html"; then pass "no matching section without --graph-capture"
else fail "a matching section without --graph-capture"; fi

# (c) the flame graph inline
ex=$top_srcdir/examples/example_trace.json
"$PROFILE_PARSER" -q -s "$ex" -d "$tmp/node.html" || fail "the example's page failed"
frames=$(grep -c '<g class="f"' "$tmp/node.html")
if grep -q '<svg class="flame" xmlns="http://www.w3.org/2000/svg"' "$tmp/node.html" && [ "$frames" -gt 5 ] &&
	[ "$(grep -c '<script' "$tmp/node.html")" = 1 ] && ! grep -q 'id="reset"\|<?xml\|CDATA' "$tmp/node.html" &&
	check valid "$tmp/node.html" >"$tmp/why"; then pass "the flame graph is inline ($frames frames), the page's one script, no id, valid"
else fail "the flame graph is not inline, or the page is not valid:"; cat "$tmp/why"; fi
for page in node coverage graph idle roofline none capture; do
	check valid "$tmp/$page.html" >"$tmp/why" || { fail "$page: not valid:"; cat "$tmp/why"; }
done
# 1,000 layers of 1 us each under one step, each a layer, an inner op and a
# kernel: 3,002 frames (with "all"), each layer's 1.18 px wide; the 3,000
# widest drawn, ties in frame order: the last layer's inner op and kernel left out
python3 - "$tmp/wide.json" <<'PY'
import json, sys
ev = [{"ph": "X", "cat": "cpu_op", "name": "step", "pid": 1, "tid": 1, "ts": 0, "dur": 10000}]
for i in range(1000):
    ev += [{"ph": "X", "cat": "cpu_op", "name": "layer_%d" % i, "pid": 1, "tid": 1, "ts": 1 + 9 * i, "dur": 8},
           {"ph": "X", "cat": "cpu_op", "name": "inner_%d" % i, "pid": 1, "tid": 1, "ts": 2 + 9 * i, "dur": 6},
           {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 3 + 9 * i, "dur": 1,
            "args": {"correlation": i + 1}},
           {"ph": "X", "cat": "kernel", "name": "k_%d" % i, "pid": 0, "tid": 7, "ts": 20000 + i, "dur": 1,
            "args": {"correlation": i + 1, "device": 0, "stream": 7}}]
json.dump({"traceEvents": ev}, open(sys.argv[1], "w"))
PY
"$PROFILE_PARSER" -q -s "$tmp/wide.json" -mc cpu_op -d "$tmp/wide.html" || fail "the wide trace's page failed"
if [ "$(grep -c '<g class="f"' "$tmp/wide.html")" = 3000 ] && grep -q '<title>layer_999&#10;' "$tmp/wide.html" &&
	! grep -q '<title>inner_999&#10;' "$tmp/wide.html" &&
	grep -q '3000 frames drawn; 2 narrower than a pixel (or past the 3000 widest) left out' "$tmp/wide.html"
then pass "the flame graph draws the 3,000 widest frames and says how many were left out"
else fail "the flame graph's bound: $(grep -c '<g class="f"' "$tmp/wide.html") frames"; fi

# (d) a real browser
# (e) the tree's perf columns (SPEC 16, 15.1) when the trace has Input Dims:
# tests/cases/perf_module's figures, worked out by hand in its .working
# (Model_0: 400300000 flops, 43.276 TFLOP/s, 0.951 TB/s, roofline 56.2%,
# memory); none, and no warning of a trace without shapes, otherwise.
"$PROFILE_PARSER" -q -s "$top_srcdir/tests/cases/perf_module.json" -mc cpu_op,python_function \
	--peaks "$top_srcdir/tests/cases/perf.peaks" -d "$tmp/perf.html"
python3 - "$tmp/perf.html" >"$tmp/why" 2>&1 <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
tree = page[page.index('id="tree"'):]
tree = tree[:tree.index('</section>')]
head = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<span>(.*?)</span>", tree[:tree.index("</div>")])]
want = ["flops", "TFLOP/s", "TB/s", "roofline %", "bound"]
if head[-5:] != want:
    sys.exit("the tree's header ends %r, not %r" % (head[-5:], want))
text = re.sub(r"<[^>]+>", " ", tree)
if not re.search(r"nn\.Module: Model_0\s+(\S+\s+){6}400300000\s+43\.276\s+0\.951\s+56\.2\s+memory", text):
    sys.exit("Model_0's perf cells are not 400300000 43.276 0.951 56.2 memory")
print("tree header", head[-5:])
PY
if [ $? = 0 ]; then pass "the tree has the perf columns of a trace with shapes, by hand: $(cat "$tmp/why")"
else fail "the tree's perf columns:"; cat "$tmp/why"; fi
"$PROFILE_PARSER" -s "$top_srcdir/tests/compare/base.json" -mc cpu_op -d "$tmp/noshapes.html" 2>"$tmp/err"
if grep -q "TFLOP/s" "$tmp/noshapes.html" || grep -q "Input Dims" "$tmp/err" || grep -q "perf models" "$tmp/err"; then
	fail "a trace without shapes: perf columns, or their warning or report line"; cat "$tmp/err"
else pass "a trace without shapes: no perf column, no warning, no perf line in the report"; fi

if [ -z "$browser" ]; then
	skip "no Chromium (chromium, chromium-browser, google-chrome) to render the page; install it with scripts/install-deps.sh --browser"
else
	render --dump-dom "file://$tmp/node.html" >"$tmp/dom.html"
	if check flame "$tmp/dom.html" "$frames" >"$tmp/why"; then pass "$browser: the DOM after scripts holds the flame graph's $frames frames, zoom ready"
	else fail "$browser: the flame graph in the DOM:"; cat "$tmp/why"; fi
	# a click on the last frame (a leaf): it fills the width (1200 - 2 * 10), its other frames hide
	sed 's|</body>|<script>var fs = document.querySelectorAll("svg.flame g.f"), f = fs[fs.length - 1];\
f.dispatchEvent(new MouseEvent("click", { bubbles: true }));\
document.body.setAttribute("data-zoomed", f.querySelector("rect").getAttribute("width") + "\|" +\
[].filter.call(fs, function (g) { return g.style.display === "none"; }).length);</script></body>|' \
		"$tmp/node.html" >"$tmp/click.html"
	render --dump-dom "file://$tmp/click.html" >"$tmp/clicked.html"
	if check zoomed "$tmp/clicked.html" 1180 >"$tmp/why"; then pass "$browser: a click on a frame zooms on it"
	else fail "$browser: zoom:"; cat "$tmp/why"; fi
fi
finish
