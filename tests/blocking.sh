#!/bin/sh
# Blocking calls, launches with device work, a step's device span (SPEC
# 19.1, 19.4, 19.5) on the real traces (the fixtures worked out by hand
# are tests/cases/blocking_*, device_launch_* and step_device_span, the
# rules one by one in tests/unit/test_blocking.c): on every trace, per row,
# device launch count and blocking count at most launch count, sync
# duration at most cuda launch duration and 0 without a blocking launch;
# the report's launches with device work at most its launches, its
# blocking calls the sum of their two parts and at least what the roots
# hold; per step, the device span at least the busy time and empty exactly
# when the step has no device event, after other idle(ms) by default; with
# --graph-capture, the roots' launches with device work as without (a
# graph launch counts where it was launched, whatever is grafted).
# The formats for people show device launch count (the example trace).
# The rest is skipped without the shared traces.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

# The formats for people show device launch count instead of launch count,
# per node and in the name, path and step summaries (the page's top ops too);
# the CSV keeps its columns. The example trace: ProfilerStep#3 has 8 launch
# events, of which one (a cuLaunchKernel) is nested in another: 7; the step
# (its launches by time, the backward thread's too) 10, of which 9.
example=$top_srcdir/examples/example_trace.json
for view in "" "--summary name" "--summary path" "--summary step"; do
	want=7
	[ "$view" = "--summary step" ] && want=9 # the step's launches by time: the backward thread's 2 more
	# shellcheck disable=SC2086
	COLUMNS=400 "$PROFILE_PARSER" -q -s "$example" -d - -mc cpu_op,user_annotation --format table $view > "$tmp/table.txt"
	head -n 1 "$tmp/table.txt" | grep -q "device launch count" && ! head -n 1 "$tmp/table.txt" | grep -q "  launch count" \
		&& grep -q "^ProfilerStep#3 .* $want " "$tmp/table.txt" \
		&& pass "--format table ${view:-per node}: device launch count instead of launch count" \
		|| fail "--format table ${view:-per node}: $(head -n 3 "$tmp/table.txt")"
	# shellcheck disable=SC2086
	"$PROFILE_PARSER" -q -s "$example" -d - -mc cpu_op,user_annotation $view | head -n 1 > "$tmp/header.csv"
	{ [ -z "$view" ] || grep -q '"launch count"' "$tmp/header.csv"; } && ! grep -q "device launch count" "$tmp/header.csv" \
		&& pass "CSV ${view:-per node}: its columns, as before" || fail "CSV ${view:-per node}: $(cat "$tmp/header.csv")"
done
"$PROFILE_PARSER" -q -s "$example" -d "$tmp/page.html" -mc cpu_op,user_annotation
[ "$(grep -c "device launch count" "$tmp/page.html")" -ge 2 ] && ! grep -q '>launch count<' "$tmp/page.html" \
	&& pass "the page: device launch count in the call tree and the top ops" \
	|| fail "the page: $(grep -o '.\{40\}launch count.\{10\}' "$tmp/page.html" | head -n 3)"

need_traces
need python3 python3
node_columns="depth,launch count,device launch count,blocking count,sync duration(ms),cuda launch duration(ms)"

for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	case "$name" in *_et) continue ;; esac
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/nodes.csv" -mc cpu_op,user_annotation --columns "$node_columns" \
		2>"$tmp/err" || { fail "$name: exit status $?"; continue; }
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/steps.csv" -mc cpu_op,user_annotation --summary step \
		2>/dev/null || { fail "$name: --summary step: exit status $?"; continue; }
	if python3 - "$tmp/err" "$tmp/nodes.csv" "$tmp/steps.csv" <<'PY'
import csv, re, sys
from decimal import Decimal as D
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"^  launches: +(\d+) \((\d+) with device work; (\d+) attributed, (\d+) unattributed\)$", text, re.M)
assert m, "no launches line"
launches, device_launches = int(m[1]), int(m[2])
assert device_launches <= launches, m[0]
b = re.search(r"^  blocking calls: (\d+), (\S+) ms \(synchronize (\S+) ms, copies to the host (\S+) ms\)$", text, re.M)
assert b or launches == 0, "no blocking calls line"
blocking, blocking_ms = (int(b[1]), D(b[2])) if b else (0, D(0))
if b:
    assert blocking <= launches and D(b[3]) + D(b[4]) == blocking_ms, b[0]
roots = [0, 0, D(0)]
with open(sys.argv[2], newline="", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        count, dev, blk = int(row["launch count"]), int(row["device launch count"]), int(row["blocking count"])
        sync, launch = D(row["sync duration(ms)"]), D(row["cuda launch duration(ms)"])
        assert dev <= count and blk <= count and sync <= launch, row
        assert blk or not sync, row
        if row["depth"] == "1":
            roots[0] += dev; roots[1] += blk; roots[2] += sync
assert roots[0] <= device_launches and roots[1] <= blocking and roots[2] <= blocking_ms, (roots, m[0])
with open(sys.argv[3], newline="", encoding="utf-8") as f:
    reader = csv.reader(f)
    header = next(reader)
    at = header.index("device span(ms)")
    assert header[at - 1] == "other idle(ms)", header
    for values in reader:
        row = dict(zip(header, values))
        if int(row["device event count"]) == 0:
            assert row["device span(ms)"] == "", row
        else:
            assert D(row["device span(ms)"]) >= D(row["device busy(ms)"]), row
        assert D(row["sync total(ms)"]) <= D(row["cuda launch total(ms)"]), row
PY
	then pass "$name: blocking calls, launches with device work and device spans are consistent"
	else fail "$name: blocking calls, launches with device work or device spans are not consistent"
	fi
done

# With --graph-capture the replayed events move to grafted rows, the launches stay.
roots() {
	awk -F'","' 'NR > 1 && $1 == "\"1" { dev += $2; blk += $3 } END { print dev + 0, blk + 0 }' "$1"
}
for pair in mi300_vllm_piecewise mi300_sglang_decode; do
	replay=$(ls "$traces/$pair"_hipgraph*.json.gz 2>/dev/null | head -n 1)
	capture=$(ls "$traces/$pair"_capture*.json.gz 2>/dev/null | head -n 1)
	if [ -z "$replay" ] || [ -z "$capture" ]; then skip "no $pair traces in $traces"; continue; fi
	"$PROFILE_PARSER" -q -s "$replay" -d "$tmp/plain.csv" -mc cpu_op,user_annotation \
		--columns "depth,device launch count,blocking count" &&
		"$PROFILE_PARSER" -q -s "$replay" -d "$tmp/grafted.csv" -mc cpu_op,user_annotation \
			--graph-capture "$capture" --columns "depth,device launch count,blocking count" ||
		{ fail "$pair: exit status $?"; continue; }
	plain=$(roots "$tmp/plain.csv") grafted=$(roots "$tmp/grafted.csv")
	[ "$plain" = "$grafted" ] && pass "$pair: the roots' launches with device work and blocking calls grafted as not ($plain)" \
		|| fail "$pair: the roots' launches with device work and blocking calls: $plain without --graph-capture, $grafted with it"
done
finish
