#!/bin/sh
# Why the device was idle (SPEC 15.3) on the real traces (the fixtures
# worked out by hand are tests/cases/idle_*): on every trace, the report's
# idle line per device is the span less the busy time, its host wait no
# more than that, other idle the rest, the percentage host wait over idle
# with one decimal, half away from zero (SPEC 28); every step's idle time is within its window and its host
# wait within its idle time (a trace without device events has no idle
# figure: empty cells). On a few traces (the biggest four in make
# check-slow), the exact figures of the
# report, --summary step and --summary kernel, worked out by
# tests/idle_check.py from the trace's own JSON; with --graph-capture the
# same (grafting moves device events to other rows, not their launch: the
# graph launch). Skipped without the shared traces.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need_traces
need python3 python3
check=$top_srcdir/tests/idle_check.py
step_columns="step,pid,host duration(ms),device idle(ms),host wait(ms),other idle(ms)"
kernel_columns="name,launch delay mean(ms),launch delay max(ms)"

for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	case "$name" in *_et) continue ;; esac
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/steps.csv" -mc cpu_op,user_annotation --summary step \
		--columns "$step_columns" 2>"$tmp/err" || { fail "$name: exit status $?"; continue; }
	if python3 - "$tmp/err" "$tmp/steps.csv" <<'PY'
import csv, re, sys
from decimal import Decimal as D
text = open(sys.argv[1], encoding="utf-8").read()
head = re.compile(r"^  device (\d+|\? \(pid .*\)): +busy (\S+) ms of a (\S+) ms span", re.M)
idle = re.compile(r"^ {17}idle (\S+) ms of the span: host wait (\S+) ms(?: \((\d+)\.(\d)%\))?, other (\S+) ms$", re.M)
heads, idles = head.findall(text), idle.findall(text)
assert len(heads) == len(idles), (heads, idles)
for (device, busy, span), (x, h, whole, tenth, o) in zip(heads, idles):
    x, h, o = D(x), D(h), D(o)
    assert x == D(span) - D(busy), (device, x, span, busy)
    assert 0 <= h <= x and o == x - h, (device, x, h, o)
    if x:
        hn, xn = int(h * 1000000), int(x * 1000000)  # ns: one decimal, half away from zero (SPEC 28)
        assert int(whole) * 10 + int(tenth) == (2000 * hn + xn) // (2 * xn), (device, h, x, whole, tenth)
    else:
        assert whole == "", device
for r in csv.DictReader(open(sys.argv[2], newline="")):
    if not heads:  # no device event: no idle figure
        assert (r["device idle(ms)"], r["host wait(ms)"], r["other idle(ms)"]) == ("", "", ""), r
        continue
    window, x, h, o = (D(r[c]) for c in ("host duration(ms)", "device idle(ms)", "host wait(ms)", "other idle(ms)"))
    assert 0 <= h <= x <= window and o == x - h, r
print("%d devices" % len(heads))
PY
	then pass "$name: idle within the span and the steps, host wait within idle"
	else fail "$name: idle figures out of bounds"; fi
done

# exact: TRACE [--graph-capture CAPTURE]: the report, the step and kernel summaries
exact() {
	name=$1
	shift
	label=$(printf ' %s' "$name" "$@" | sed "s|$traces/||g")
	have_traces "$name.json.gz" >/dev/null || { skip "$name: no $name.json.gz in $traces"; return; }
	"$PROFILE_PARSER" -s "$traces/$name.json.gz" "$@" -d "$tmp/steps.csv" --summary step --columns "$step_columns" \
		2>"$tmp/err" &&
		"$PROFILE_PARSER" -q -s "$traces/$name.json.gz" "$@" -d "$tmp/kernels.csv" --summary kernel \
			--columns "$kernel_columns" || { fail "$label: exit status"; return; }
	if python3 "$check" "$traces/$name.json.gz" "$tmp/err" "$tmp/steps.csv" "$tmp/kernels.csv" > "$tmp/check" 2>&1; then
		pass "${label# }: the exact idle figures ($(tr '\n' ';' < "$tmp/check"))"
	else
		fail "${label# }: the idle figures differ from the trace's"; cat "$tmp/check"
	fi
}
# the biggest traces (Python reads each whole) in make check-slow only (PROFILE_PARSER_SLOW=1)
for name in resnet50_2021_workers0 mi300_vllm_piecewise_hipgraph; do
	exact $name
done
if [ -n "${PROFILE_PARSER_SLOW:-}" ]; then
	for name in df_index_resolver trace_diff_control trace_diff_test queue_length_rank0; do
		exact $name
	done
else
	skip "the exact idle figures of df_index_resolver, trace_diff_control, trace_diff_test and queue_length_rank0: in make check-slow (PROFILE_PARSER_SLOW=1)"
fi
if have_traces mi300_vllm_piecewise_capture.json.gz mi300_sglang_decode_capture_bs32.json.gz >/dev/null; then
	exact mi300_vllm_piecewise_hipgraph -mc cpu_op --graph-capture "$traces/mi300_vllm_piecewise_capture.json.gz"
	exact mi300_sglang_decode_hipgraph_2streams -mc cpu_op \
		--graph-capture "$traces/mi300_sglang_decode_capture_bs32.json.gz"
	grep -q "placed under [1-9]" "$tmp/err" && pass "--graph-capture placed device events in grafted rows" \
		|| { fail "--graph-capture placed nothing: the check above proves nothing of grafting"; cat "$tmp/err"; }
fi
finish
