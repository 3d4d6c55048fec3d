#!/bin/sh
# The charts of --format html's per-node page (SPEC 16): the device
# timeline and the steps as stacked SVG bars. On tests/views/charts.json
# (two devices with overlapping classes and gaps, a device group known by a
# pid holding markup, two steps; its figures worked by hand below):
# (a) the bars' <title>s (tooltips) say the hand-worked figures, the page
#     parses strictly and the pid's markup shows as text;
# (b) the figures under the device bars are the report's timeline lines;
# (c) the sections come after the header, before the call tree, in the
#     contents; the scale and the marks are where the figures put them;
# (d) --step, a trace without steps, and more steps than PAGE_STEPS (50);
# (e) Chromium's screenshot shows the six colours of the bars (skipped
#     without Chromium).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
check() { python3 "$top_srcdir/tests/html_check.py" "$@"; }
fixture=$top_srcdir/tests/views/charts.json
page=$tmp/charts.html
"$PROFILE_PARSER" -s "$fixture" -d "$page" 2>"$tmp/report" || { fail "profile_parser failed"; cat "$tmp/report"; }

# (a) Device 0: k1 compute [10,30), an NCCL kernel (communication)
# [20,40), a copy [60,70) launched at 50, k2 compute [120,150) launched at
# 115. Span [10,150) 140 us; busy [10,40) [60,70) [120,150) 70 us (50.0%);
# compute's union 50, communication 20, overlapping compute 10 ([20,30)),
# memcpy 10: the class parts 80, 10 more than busy. Gaps [40,60): host wait
# to the launch at 50, 10, other 10; [70,120): host wait to 115, 45, other
# 5: idle 70, host wait 55 (78.571...% of idle, 78.6 as every percentage,
# one decimal half away from zero (SPEC 28); 39.285...% of the span, 39.3),
# other 15 (10.7%); communication 20 is 14.285...% of the span, 14.3.
# Device 1: a memset [30,35), k3 [80,120) launched at 40, k4 [170,190)
# launched at 160. Span [30,190) 160; busy 65 (40.6%); compute 60, memset
# 5; gaps [35,80): host wait 5 (to 40), other 40; [120,170): host wait 40
# (to 160), other 10: idle 95 (59.375% of the span, 59.4), host wait 45
# (47.368...% of idle, 47.4), other 50 (31.25% of the span, 31.3). The device
# of pid "<i>gpu</i>" (no args.device): one unlaunched kernel [10,20).
# Steps [0,100] and [100,200] of pid 1, which launched on devices 0 and 1.
# Step 1's launches: compute 20 + 40, communication 20, memcpy 10, memset 5
# (total 95); its events' union [10,40) [60,70) [80,120): busy 80. Both
# devices' busy time in the window: [10,40) [60,70) [80,100): idle 40; the
# host-wait parts [35,50) and [70,100), less the busy time: [40,50)
# [70,80), 20 (50.0% of idle); other 20. Step 2: compute 30 + 20; busy 50;
# busy in the window [100,150) [170,190): idle 30; host wait [100,115)
# [120,160) less busy: [150,160), 10 (33.3%); other 20.
cat >"$tmp/titles" <<'EOF'
device 0: busy 0.07 ms of a 0.14 ms span (50.0%) | compute busy 0.05, communication busy 0.02 (0.01 overlapped with compute), memcpy busy 0.01 ms | idle 0.07 ms of the span: host wait 0.055 ms (78.6%), other 0.015 ms | the class parts add up to 0.08 ms, 0.01 ms more than the busy time: classes ran at once (communication overlapped with compute 0.01 ms)
device 0: compute busy 0.05 ms (35.7% of the span)
device 0: communication busy 0.02 ms (14.3% of the span)
device 0: memcpy busy 0.01 ms (7.1% of the span)
device 0: host wait 0.055 ms (39.3% of the span)
device 0: other idle 0.015 ms (10.7% of the span)
device 1: busy 0.065 ms of a 0.16 ms span (40.6%) | compute busy 0.06, memset busy 0.005 ms | idle 0.095 ms of the span: host wait 0.045 ms (47.4%), other 0.05 ms
device 1: compute busy 0.06 ms (37.5% of the span)
device 1: memset busy 0.005 ms (3.1% of the span)
device 1: host wait 0.045 ms (28.1% of the span)
device 1: other idle 0.05 ms (31.3% of the span)
device ? (pid <i>gpu</i>): busy 0.01 ms of a 0.01 ms span (100.0%) | compute busy 0.01 ms | idle 0.0 ms of the span: host wait 0.0 ms, other 0.0 ms
device ? (pid <i>gpu</i>): compute busy 0.01 ms (100.0% of the span)
device 0, 10-100 us: 2 gaps, idle 0.07 ms (50.0% of the span): host wait 0.055 ms, other 0.015 ms
device 0, 10-100 us: host wait 0.055 ms (78.6% of the idle)
device 0, 10-100 us: other idle 0.015 ms (21.4% of the idle)
device 1, 10-100 us: 2 gaps, idle 0.095 ms (59.4% of the span): host wait 0.045 ms, other 0.05 ms
device 1, 10-100 us: host wait 0.045 ms (47.4% of the idle)
device 1, 10-100 us: other idle 0.05 ms (52.6% of the idle)
ProfilerStep#1 | host 0.1 ms, device total 0.095 ms, busy 0.08 ms | compute 0.06, communication 0.02, memcpy 0.01, memset 0.005 ms | idle 0.04 ms of the window: host wait 0.02 ms (50.0%), other 0.02 ms
ProfilerStep#1: compute 0.06 ms (60.0% of the window)
ProfilerStep#1: communication 0.02 ms (20.0% of the window)
ProfilerStep#1: memcpy 0.01 ms (10.0% of the window)
ProfilerStep#1: memset 0.005 ms (5.0% of the window)
ProfilerStep#1: host wait 0.02 ms (20.0% of the window)
ProfilerStep#1: other idle 0.02 ms (20.0% of the window)
ProfilerStep#2 | host 0.1 ms, device total 0.05 ms, busy 0.05 ms | compute 0.05 ms | idle 0.03 ms of the window: host wait 0.01 ms (33.3%), other 0.02 ms
ProfilerStep#2: compute 0.05 ms (50.0% of the window)
ProfilerStep#2: host wait 0.01 ms (10.0% of the window)
ProfilerStep#2: other idle 0.02 ms (20.0% of the window)
EOF
check titles "$page" >"$tmp/got_titles"
if diff "$tmp/titles" "$tmp/got_titles" >"$tmp/why"; then pass "the bars' titles say the hand-worked figures of both devices and both steps"
else fail "the bars' titles:"; cat "$tmp/why"; fi
if check valid "$page" >"$tmp/why"; then pass "the page with charts parses strictly"
else fail "not valid:"; cat "$tmp/why"; fi
if check safe "$page" 'device ? (pid <i>gpu</i>)' >"$tmp/why"; then pass "a pid holding markup is shown as text, no element from it"
else fail "the pid's markup:"; cat "$tmp/why"; fi

# (b) the report's lines, their indentation of two left out, under each device's bar
sed -n '/^  device [0-9?]/,/^                 idle/p' "$tmp/report" | cut -c3- |
	awk '/^device/ { if (line != "") print line; line = $0; next } { line = line " | " $0 } END { print line }' >"$tmp/report_lines"
check figs "$page" | head -n 3 >"$tmp/figs"
if [ "$(wc -l <"$tmp/report_lines")" -eq 3 ] && diff "$tmp/report_lines" "$tmp/figs" >"$tmp/why"
then pass "the figures under the device bars are the report's device timeline lines"
else fail "the device figures are not the report's:"; cat "$tmp/why" "$tmp/report_lines"; fi
check figs "$page" | sed -n 4,5p >"$tmp/gap_figs"
cat >"$tmp/want_gap_figs" <<'EOF'
2 gaps, idle 0.07 ms (50.0% of the span): host wait 0.055 ms, other 0.015 ms
2 gaps, idle 0.095 ms (59.4% of the span): host wait 0.045 ms, other 0.05 ms
EOF
if diff "$tmp/want_gap_figs" "$tmp/gap_figs" >"$tmp/why"; then pass "the figures under the gap-length bars (SPEC 19.2)"
else fail "the gap-length figures:"; cat "$tmp/why"; fi
check figs "$page" | tail -n +6 >"$tmp/step_figs"
cat >"$tmp/want_step_figs" <<'EOF'
host 0.1 ms, device total 0.095 ms, busy 0.08 ms | compute 0.06, communication 0.02, memcpy 0.01, memset 0.005 ms | idle 0.04 ms of the window: host wait 0.02 ms (50.0%), other 0.02 ms
host 0.1 ms, device total 0.05 ms, busy 0.05 ms | compute 0.05 ms | idle 0.03 ms of the window: host wait 0.01 ms (33.3%), other 0.02 ms
EOF
if diff "$tmp/want_step_figs" "$tmp/step_figs" >"$tmp/why"; then pass "the figures under the step bars"
else fail "the step figures:"; cat "$tmp/why"; fi

# (c) order, contents, scale, marks: devices on a 0.16 ms scale (device
# 1's span is the longest; device 0's bar, 0.15 ms, is shorter), device
# 0's span ends at 140/160 of 10000 units; steps on 0.135 ms (step 1's
# parts), their windows at 100/135
order=$(grep -o '<section id="[a-z]*"' "$page" | tr '\n' ' ')
case $order in
*'"warnings" <section id="timeline" <section id="steps" <section id="tree" <section id="waiting"'*) pass "the sections: warnings, device timeline, steps, call tree, waiting" ;;
*) fail "the sections' order: $order" ;;
esac
if grep -q '<a href="#timeline">Device timeline</a>' "$page" && grep -q '<a href="#steps">Steps</a>' "$page"
then pass "the contents link the device timeline and the steps"
else fail "the contents lack the charts"; fi
if grep -q 'the full width is 0.16 ms' "$page" && grep -q 'the full width is 0.135 ms' "$page" &&
	grep -q 'x1="8750" y1="0" x2="8750"' "$page" && grep -q 'x1="10000" y1="0" x2="10000"' "$page" &&
	[ "$(grep -c 'x1="7407" y1="0" x2="7407"' "$page")" -eq 2 ]
then pass "one scale per section, each bar's mark at its span or window"
else fail "the scales or the marks are not where the figures put them"; fi
if grep -q '<rect class="c-compute" x="0" y="0" width="3125"' "$page" &&
	grep -q '<rect class="c-communication" x="3125" y="0" width="1250"' "$page"
then pass "device 0's compute and communication parts: 50 and 20 of 160 us"
else fail "device 0's parts are not where the figures put them"; fi

# (c2) SPEC 26.8: the devices' host wait [40,50) [70,115) (device 0) and
# [35,40) [120,160) (device 1), 100 us, all launched on thread 1, by cause
# (every category): [40,41) in the launch at 40 (launching, 1 us); fwd
# [1,99): 9 + 29 + 5 = 43; bwd [101,199): 14 + 40 = 54 (framework, 97 us);
# [99,101) in the ProfilerStep#N events only, which are no host events:
# outside, 2 us. Largest first; most in bwd.
rows=$(sed -n '/<section id="waiting">/,/<\/section>/p' "$page" | grep '^<tr><td' | sed 's/<[^>]*>/|/g; s/||*/|/g' | tr '\n' ' ')
if [ "$rows" = '|framework|0.097|97.0|bwd (0.054 ms); fwd (0.043 ms)| |outside|0.002|2.0| |launching|0.001|1.0|cudaLaunchKernel (0.001 ms)| ' ] &&
	grep -q 'host wait 0.1 ms: framework 0.097 ms, outside 0.002 ms, launching 0.001 ms (most in bwd, 0.054 ms).</p>' "$page"
then pass "the waiting section: the host wait by cause and the top ops of each"
else fail "the waiting section: $rows"; fi

# (d) --step 2: its bar alone; no steps: no section; 60 steps: 50 bars and a word
"$PROFILE_PARSER" -q -s "$fixture" --step 2 -d "$tmp/step2.html" 2>/dev/null
if grep -q 'aria-label="ProfilerStep#2"' "$tmp/step2.html" && ! grep -q 'aria-label="ProfilerStep#1"' "$tmp/step2.html"
then pass "--step 2: step 2's bar alone"
else fail "--step 2 does not keep step 2's bar alone"; fi
grep -v ProfilerStep "$fixture" >"$tmp/nosteps.json"
"$PROFILE_PARSER" -q -s "$tmp/nosteps.json" -d "$tmp/nosteps.html" 2>"$tmp/err" || cat "$tmp/err"
if grep -q '<section id="timeline"' "$tmp/nosteps.html" && ! grep -q 'id="steps"' "$tmp/nosteps.html"
then pass "a trace without ProfilerStep#N: the device timeline, no steps section"
else fail "a trace without steps: the sections are wrong"; fi
python3 - "$tmp/many.json" <<'PY'
import json, sys
events = []
for n in range(60):
    ts = n * 100
    events += [{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d" % n, "pid": 1, "tid": 1, "ts": ts, "dur": 100},
               {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": ts + 1, "dur": 1,
                "args": {"correlation": n}},
               {"ph": "X", "cat": "kernel", "name": "k", "pid": 0, "tid": 7, "ts": ts + 10, "dur": 50,
                "args": {"correlation": n, "device": 0}}]
json.dump({"traceEvents": events}, open(sys.argv[1], "w"))
PY
"$PROFILE_PARSER" -q -s "$tmp/many.json" -d "$tmp/many.html" 2>/dev/null
bars=$(grep -c 'aria-label="ProfilerStep#' "$tmp/many.html")
if [ "$bars" -eq 50 ] && grep -q 'The first 50 of 60 steps are shown' "$tmp/many.html" &&
	grep -q 'aria-label="ProfilerStep#49"' "$tmp/many.html" && ! grep -q 'aria-label="ProfilerStep#50"' "$tmp/many.html"
then pass "60 steps: the first 50 bars, and the page says so"
else fail "60 steps: $bars bars, or no word of the others"; fi

# (e) a real browser: the bars in html_assets.c's colours, in the light
# and the dark scheme. The legends' swatches are 10 px squares (100 pixels
# a colour, 200 in all); the smallest bars (the memsets, 5 of 160 and 5
# of 135 us of a bar some 990 px wide and 18 px high) hold over 1,000
# pixels: at least 800 of each colour says the bars were drawn.
shoot() { # PNG [FLAGS...]
	png=$1; shift
	render --screenshot="$png" --window-size=1200,2400 "$@" "file://$page" >/dev/null
}
if [ -z "$browser" ]; then
	skip "no Chromium (chromium, chromium-browser, google-chrome) to render the charts; install it with scripts/install-deps.sh --browser"
else
	shoot "$tmp/light.png"
	# compute, communication, memcpy, memset, host wait, other idle (light)
	if check colours "$tmp/light.png" 800 70,130,215 165,90,210 60,175,80 70,180,180 225,110,125 190,190,182 >"$tmp/why"
	then pass "$browser: the screenshot shows the bars in the six colours"
	else fail "$browser: the bars' colours:"; cat "$tmp/why"; tail -n 5 "$tmp/browser.err"; fi
	shoot "$tmp/dark.png" --force-dark-mode
	# the dark scheme's other idle, and compute; the light one's other idle
	# no more than as text's anti-aliasing greys (some 900 pixels within 3
	# of it on this page; its bars in the light scheme take some 25,000)
	if check colours "$tmp/dark.png" 800 88,90,96 70,130,215 >"$tmp/why" && ! check colours "$tmp/dark.png" 5000 190,190,182 >/dev/null
	then pass "$browser: in the dark scheme, other idle takes its dark colour"
	else fail "$browser: the dark scheme's colours:"; cat "$tmp/why"; tail -n 5 "$tmp/browser.err"; fi
fi
finish
