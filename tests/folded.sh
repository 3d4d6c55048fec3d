#!/bin/sh
# --format folded and --format svg (SPEC 12). On tests/views/flame.json, the
# folded lines of each weight are checked against text worked out by hand;
# on every real trace, the folded values sum to the report's totals (device
# time under monitored events, non-nested launch time, self host time), and
# the SVG is well-formed XML whose frames are those of the merged folded
# stacks, as wide as their values and placed as the folded lines say.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
flame=$top_srcdir/tests/views/flame.json
pp() { "$PROFILE_PARSER" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }

# expect_folded DESCRIPTION ARGS...: the folded text of flame.json with ARGS is $tmp/want.
expect_folded() {
	what=$1; shift
	pp -q -s "$flame" -d - -mc cpu_op --format folded "$@"
	if [ "$status" -eq 0 ] && cmp -s "$tmp/out" "$tmp/want"; then pass "$what"; else
		fail "$what (exit status $status):"; diff "$tmp/want" "$tmp/out"; cat "$tmp/err"; fi
}

# The tree (times in us): step [0, 1000) holds aten::linear [100, 400) >
# aten::addmm [150, 350) (a launch of 20 us, gemm 50 us), "aten::add;weird"
# [500, 600) (launches of 10 and 5 us: add_kernel 8 us, a memset of 0 us),
# and aten::linear [700, 900) > aten::addmm [710, 860) (a launch of 30 us:
# gemm 70 us; inside it, a driver launch of 10 us, nested: gemm_tail 4 us).
# Thread 2: autograd::...AddmmBackward0 [300, 700) > aten::mm [320, 620)
# (launches of 15 and 25 us: nccl:all_reduce 90 us, a DtoH copy 12 us). A
# launch outside every op starts "orphan" (100 us): in no stack.
# The two aten::linear > aten::addmm stacks are summed; ';' in a name is
# ':'; the memset of 0 us is left out.
cat > "$tmp/want" <<'EOF'
step;aten::linear;aten::addmm;gemm 120000
step;aten::add:weird;add_kernel 8000
step;aten::linear;aten::addmm;gemm_tail 4000
autograd::engine::evaluate_function: AddmmBackward0;aten::mm;nccl:all_reduce 90000
autograd::engine::evaluate_function: AddmmBackward0;aten::mm;Memcpy DtoH 12000
EOF
expect_folded "device weight (the default)"
expect_folded "--weight device" --weight device
expect_folded "--min_depth and the export filters do not apply" --min_depth 3 --leaves --exclude "$top_srcdir/tests/views/flame.names"
cp "$tmp/want" "$tmp/device"

# launch: the non-nested launches (cuLaunchKernel, inside cudaLaunchKernel, is not one)
cat > "$tmp/want" <<'EOF'
step;aten::linear;aten::addmm;cudaLaunchKernel 50000
step;aten::add:weird;cudaLaunchKernel 10000
step;aten::add:weird;cudaMemsetAsync 5000
autograd::engine::evaluate_function: AddmmBackward0;aten::mm;cudaLaunchKernel 15000
autograd::engine::evaluate_function: AddmmBackward0;aten::mm;cudaMemcpyAsync 25000
EOF
expect_folded "--weight launch" --weight launch
cp "$tmp/want" "$tmp/launch"

# host: self times, step 1000 - 300 - 100 - 200 us, aten::linear 100 + 50 us
cat > "$tmp/want" <<'EOF'
step 400000
step;aten::linear 150000
step;aten::linear;aten::addmm 350000
step;aten::add:weird 100000
autograd::engine::evaluate_function: AddmmBackward0 100000
autograd::engine::evaluate_function: AddmmBackward0;aten::mm 300000
EOF
expect_folded "--weight host" --weight host

# --max_depth: deeper nodes' values go to their ancestor at the cut, with their leaves
cat > "$tmp/want" <<'EOF'
step;gemm 120000
step;add_kernel 8000
step;gemm_tail 4000
autograd::engine::evaluate_function: AddmmBackward0;nccl:all_reduce 90000
autograd::engine::evaluate_function: AddmmBackward0;Memcpy DtoH 12000
EOF
expect_folded "--max_depth 1, device" --max_depth 1
cat > "$tmp/want" <<'EOF'
step 400000
step;aten::linear 500000
step;aten::add:weird 100000
autograd::engine::evaluate_function: AddmmBackward0 100000
autograd::engine::evaluate_function: AddmmBackward0;aten::mm 300000
EOF
expect_folded "--max_depth 2, host" --max_depth 2 --weight host

# the output's name gives the format; DIR/ writes STEM.folded and STEM.svg
pp -s "$flame" -d "$tmp/named.folded" -mc cpu_op
expect_status 0 "-d x.folded"
cmp -s "$tmp/named.folded" "$tmp/device" && pass "-d x.folded writes folded stacks" || fail "-d x.folded: $(head -n 2 "$tmp/named.folded")"
expect_stderr "stacks:        5 written to $tmp/named.folded" "the report counts the stacks"
pp -q -s "$flame" -d "$tmp/dir/" -mc cpu_op --format svg
[ -s "$tmp/dir/flame.svg" ] && pass "-d DIR/ --format svg writes DIR/flame.svg" || fail "-d DIR/ --format svg: $(ls "$tmp/dir")"
pp -q -s "$flame" -d "$tmp/named.svg.gz" -mc cpu_op
gzip -dc "$tmp/named.svg.gz" 2>/dev/null | head -n 2 | grep -q '^<svg ' && pass "-d x.svg.gz writes compressed SVG" || fail "-d x.svg.gz"

# usage errors
pp -s "$flame" -d "$tmp/x.csv" --weight host
expect_status 2 "--weight without folded or svg"
expect_stderr "--weight is for --format folded and svg, not csv" "--weight with csv: the message"
pp -s "$flame" -d "$tmp/x.folded" --weight kernel
expect_status 2 "--weight kernel"
expect_stderr "--weight wants host, device or launch, not 'kernel'" "--weight kernel: the message"
pp -s "$flame" -d "$tmp/x.svg" --summary name
expect_status 2 "--summary with svg"
expect_stderr "--summary writes a table, not --format svg" "--summary with svg: the message"
pp -s "$flame" -d "$tmp/x.svg" --format folded
expect_status 2 "-d x.svg with --format folded"
expect_stderr "-d $tmp/x.svg names a svg file, but --format is folded" "-d x.svg with --format folded: the message"
pp -s "$flame" -d "$tmp/none.folded" -mc cpu_op -hc none_such
expect_stderr "no stack written: the trace's 8 monitored events have no device time" "no stack: a warning that says why"

# check_svg SVG FOLDED: the frames of SVG are those of FOLDED's stacks merged.
check_svg() {
	python3 "$top_srcdir/tests/flame_check.py" "$1" "$2"
}
pp -q -s "$flame" -d "$tmp/flame.svg" -mc cpu_op
if check_svg "$tmp/flame.svg" "$tmp/device" >"$tmp/check" 2>&1; then pass "flame.svg: $(cat "$tmp/check")"; else fail "flame.svg: $(cat "$tmp/check")"; fi
# --weight=launch (the = form) draws the launch stacks worked out above
rm -f "$tmp/x.svg"
pp -s "$flame" -d "$tmp/x.svg" -mc cpu_op --format svg --weight=launch
expect_status 0 "--weight=launch with --format svg"
if check_svg "$tmp/x.svg" "$tmp/launch" >"$tmp/check" 2>&1; then pass "--weight=launch: the SVG draws the launch stacks: $(cat "$tmp/check")"
else fail "--weight=launch: the SVG is not the launch stacks: $(cat "$tmp/check")"; fi
grep -c '<g class="f"' "$tmp/flame.svg" | grep -qx 12 && pass "flame.svg: 12 frames (all, 2 roots, 4 ops: the two aten::linear > aten::addmm merged, 5 device leaves)" \
	|| fail "flame.svg: $(grep -c '<g class="f"' "$tmp/flame.svg") frames, wanted 12"

# On the real traces: the values add up to the report's figures, the SVG draws them.
why=$(have_traces alexnet.json.gz) || { skip "the real traces: $why"; finish; exit; }
columns="depth,device duration(ms),cuda launch duration(ms),self host duration(ms)"
for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	case "$name" in *_et) continue ;; esac # an Execution Trace, refused
	set -- -s "$trace" -mc cpu_op,user_annotation
	# the SVG takes MTIA's categories on an MTIA trace by itself, folded when given
	case "$name" in mtia_*) set -- "$@" -hc mtia_runtime -dc mtia_ccp_events ;; esac
	if ! "$PROFILE_PARSER" -q "$@" -d "$tmp/t.csv" --columns "$columns" 2>"$tmp/err" ||
		! "$PROFILE_PARSER" "$@" -d "$tmp/device.folded" 2>"$tmp/report" ||
		! "$PROFILE_PARSER" -q "$@" -d "$tmp/launch.folded" --weight launch ||
		! "$PROFILE_PARSER" -q "$@" -d "$tmp/host.folded" --weight host ||
		! "$PROFILE_PARSER" -q "$@" -d "$tmp/cut.folded" --max_depth 2 ||
		! "$PROFILE_PARSER" -q "$@" -d "$tmp/t.svg"; then
		fail "$name: $(cat "$tmp/err")"; continue
	fi
	if python3 - "$tmp" <<'PY' >"$tmp/sums" 2>&1
import csv, re, sys
from decimal import Decimal as D
d = sys.argv[1]
csv.field_size_limit(1 << 30)
rows = list(csv.DictReader(open(d + "/t.csv", newline="", encoding="utf-8")))
ns = lambda ms: int(D(ms) * 1000000)
want = {
    "device": sum(ns(r["device duration(ms)"]) for r in rows if r["depth"] == "1"),
    "launch": sum(ns(r["cuda launch duration(ms)"]) for r in rows if r["depth"] == "1"),
    "host": sum(ns(r["self host duration(ms)"]) for r in rows),
}
def folded(path):
    stacks = {}
    for line in open(path, encoding="utf-8"):
        assert line.endswith("\n") and "\r" not in line, repr(line)
        frames, value = line[:-1].rsplit(" ", 1)
        assert value.isdigit() and int(value) > 0, line
        assert frames not in stacks, "a stack written twice: " + frames
        stacks[frames] = int(value)
    return stacks
for weight in ("device", "launch", "host"):
    got = sum(folded("%s/%s.folded" % (d, weight)).values())
    assert got == want[weight], (weight, got, want[weight])
cut = folded(d + "/cut.folded")
assert sum(cut.values()) == want["device"], "--max_depth 2 loses device time"
assert all(s.count(";") <= 2 for s in cut), "--max_depth 2: a stack deeper than 2 levels and a leaf"
report = open(d + "/report", encoding="utf-8").read()
m = re.search(r"; ([0-9.]+) ms \([0-9.]+%\) under monitored events", report)
assert (ns(m.group(1)) if m else 0) == want["device"], "the report's device time under monitored events"
print("device %d, launch %d, host %d ns; %d stacks" % (want["device"], want["launch"], want["host"],
      len(folded(d + "/device.folded"))))
PY
	then pass "$name: the folded values add up: $(cat "$tmp/sums")"; else fail "$name: the sums: $(cat "$tmp/sums")"; fi
	if check_svg "$tmp/t.svg" "$tmp/device.folded" >"$tmp/check" 2>&1; then pass "$name: SVG $(cat "$tmp/check")"; else fail "$name: SVG: $(cat "$tmp/check")"; fi
done
finish
