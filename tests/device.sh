#!/bin/sh
# The device columns of SPEC 11.1 and the cost rule of 11.4: the class
# columns (compute, communication, memcpy, memset) and sync duration on a
# fixture checked by hand, --comm-pattern, the chain generator's trace (each
# node's inclusive sums, in O(1) a row), and on every real trace the four
# classes adding up to device duration on every row.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/device
columns="name,device duration(ms),compute(ms),communication(ms),memcpy(ms),memset(ms),sync duration(ms),cuda launch duration(ms),launch count"

# outer: memcpy 40 us, memset 10, its child inner: an NCCL kernel 300 and
# compute kernels 25 + 125 + 7. Sync: cudaDeviceSynchronize 50,
# cudaStreamSynchronize 30, cudaMemcpy 100 (holding a nested
# cudaStreamSynchronize of 20: not counted), cuMemcpyDtoH_v2 5; the two
# cudaMemcpyAsync (5, 10) are not. Launches: 5+4+6+7+8+3+50+30+100+10+5 = 228.
"$PROFILE_PARSER" -q -s "$fixtures/classes.json" -d "$tmp/out" -mc cpu_op --columns "$columns"; status=$?
expect_status 0 "the class columns run"
expect_output "classes and sync, by hand" '"name","device duration(ms)","compute(ms)","communication(ms)","memcpy(ms)","memset(ms)","sync duration(ms)","cuda launch duration(ms)","launch count"
"outer","0.507","0.157","0.3","0.04","0.01","0.185","0.228","12"
"outer$$inner","0.457","0.157","0.3","0.0","0.0","0.0","0.024","4"'

# --comm-pattern replaces the default (NCCL is compute now) and ignores case
"$PROFILE_PARSER" -q -s "$fixtures/classes.json" -d "$tmp/out" -mc cpu_op \
	--columns "name,compute(ms),communication(ms)" --comm-pattern 'custom_COLL'; status=$?
expect_status 0 "--comm-pattern runs"
expect_output "--comm-pattern replaces the default pattern, without regard to case" '"name","compute(ms)","communication(ms)"
"outer","0.45","0.007"
"outer$$inner","0.45","0.007"'

"$PROFILE_PARSER" -q -s "$fixtures/classes.json" -d "$tmp/out" -mc cpu_op --comm-pattern 'nccl(' 2>"$tmp/err"; status=$?
expect_status 2 "a bad --comm-pattern is a usage error"
expect_stderr "--comm-pattern" "the message names the option"

# JSON Lines gets the new columns too
"$PROFILE_PARSER" -q -s "$fixtures/classes.json" -d "$tmp/out" -mc cpu_op --format jsonl \
	--columns "name,sync duration(ms),memcpy(ms)"
expect_output "the columns in JSON Lines" '{"name":"outer","sync duration(ms)":0.185,"memcpy(ms)":0.04}
{"name":"outer$$inner","sync duration(ms)":0.0,"memcpy(ms)":0.0}'

# the chain generator: DEPTH nested ops, one kernel (3 us) and one launch
# (2 us) each; the node at depth k holds DEPTH - k + 1 of them
if command -v python3 >/dev/null; then
	depth=2000
	python3 "$top_srcdir/scripts/make_chain_trace.py" --depth $depth "$tmp/chain.json" || fail "the chain generator"
	"$PROFILE_PARSER" -q -s "$tmp/chain.json" -d "$tmp/chain.csv" -mc cpu_op \
		--columns "depth,device duration(ms),launch count,cuda launch duration(ms),compute(ms),device event count"
	if python3 - "$tmp/chain.csv" $depth <<'PY'
import csv, sys
from decimal import Decimal as D
rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
depth = int(sys.argv[2])
assert len(rows) == depth, len(rows)
for k, r in enumerate(rows, 1):
    n = depth - k + 1
    assert int(r["depth"]) == k, (k, r)
    assert int(r["launch count"]) == n and int(r["device event count"]) == n, (k, r)
    assert D(r["device duration(ms)"]) == D(3 * n) / 1000 == D(r["compute(ms)"]), (k, r)
    assert D(r["cuda launch duration(ms)"]) == D(2 * n) / 1000, (k, r)
PY
	then pass "the chain of $depth: depths and inclusive sums"; else fail "the chain of $depth"; fi
else
	skip "the chain of nested ops: python3 is not installed"
fi

# every real trace: compute + communication + memcpy + memset = device duration
if have_traces >/dev/null && command -v python3 >/dev/null; then
	for trace in $(shared_traces); do
		name=$(basename "$trace" .json.gz)
		case "$name" in *_et) continue ;; esac
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/real.csv" -mc cpu_op,user_annotation \
			--columns "device duration(ms),compute(ms),communication(ms),memcpy(ms),memset(ms),sync duration(ms),cuda launch duration(ms)" ||
			{ fail "$name: exit status $?"; continue; }
		if python3 - "$tmp/real.csv" <<'PY'
import csv, sys
from decimal import Decimal as D
csv.field_size_limit(sys.maxsize)
for r in csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")):
    parts = sum(D(r[c]) for c in ("compute(ms)", "communication(ms)", "memcpy(ms)", "memset(ms)"))
    assert parts == D(r["device duration(ms)"]), r
    assert D(r["sync duration(ms)"]) <= D(r["cuda launch duration(ms)"]), r
PY
		then pass "$name: the classes add up to device duration on every row"
		else fail "$name: the classes do not add up"; fi
		# with a list column the figures come from the rows' launch lists,
		# without one from prefix sums over the tree: the same numbers
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/listed.csv" -mc cpu_op,user_annotation \
			--columns "device duration(ms),compute(ms),communication(ms),memcpy(ms),memset(ms),sync duration(ms),cuda launch duration(ms),self device duration(ms),launch count,device event count,cuda_runtime"
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/unlisted.csv" -mc cpu_op,user_annotation \
			--columns "device duration(ms),compute(ms),communication(ms),memcpy(ms),memset(ms),sync duration(ms),cuda launch duration(ms),self device duration(ms),launch count,device event count"
		if python3 - "$tmp/listed.csv" "$tmp/unlisted.csv" <<'PY'
import csv, sys
csv.field_size_limit(sys.maxsize)
listed = [r[:-1] for r in csv.reader(open(sys.argv[1], newline="", encoding="utf-8"))]
unlisted = list(csv.reader(open(sys.argv[2], newline="", encoding="utf-8")))
assert listed == unlisted
PY
		then pass "$name: figures from launch lists equal those from prefix sums"
		else fail "$name: figures from launch lists differ from those from prefix sums"; fi
	done
else
	skip "the sums over real traces: $(have_traces && echo 'python3 is not installed')"
fi
# 20,000 deviceProperties entries, each its own name, then a second entry of
# id 5 (issue 33: the entries were looked up and grouped by walking them all,
# seconds on 50,000): the first entry of an id names its device, whatever
# the number of entries, and the report lists each group once, in order.
if command -v python3 >/dev/null; then
	python3 - "$tmp/many.json" <<'PY'
import json, sys
devs = [{"id": i, "name": "GPU %d" % i} for i in range(20000)] + [{"id": 5, "name": "late"}]
ev = []
for k, d in enumerate([5, 19999]):
    ts = 100 * (k + 1)
    ev += [{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": ts, "dur": 50,
            "args": {"External id": k + 1, "Input Dims": [[8, 8], [8, 8]], "Input type": ["float", "float"]}},
           {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": ts + 10,
            "dur": 5, "args": {"correlation": k + 1}},
           {"ph": "X", "cat": "kernel", "name": "gemm", "pid": d, "tid": 7, "ts": ts + 20, "dur": 10,
            "args": {"device": d, "stream": 7, "correlation": k + 1}}]
json.dump({"deviceProperties": devs, "traceEvents": ev}, open(sys.argv[1], "w"))
PY
	"$PROFILE_PARSER" -s "$tmp/many.json" -d "$tmp/out" -mc cpu_op --columns "name,flops,roofline(ms)" 2>"$tmp/err"
	status=$?
	expect_status 0 "20,000 deviceProperties entries"
	expect_output "20,000 deviceProperties entries: the rows" '"name","flops","roofline(ms)"
"aten::mm","1024",""
"aten::mm","1024",""'
	if grep -qF "no peak for device 'GPU 5' in" "$tmp/err" && grep -qF "no peak for device 'GPU 19999' in" "$tmp/err" &&
		! grep -q "device 'late'" "$tmp/err"; then pass "20,000 entries: the first entry of an id names its device"
	else fail "20,000 entries: the devices named otherwise: $(grep 'no peak' "$tmp/err")"; fi
	groups=$(grep -c '^  device [0-9]*: [Gl]' "$tmp/err")
	if [ "$groups" -eq 20001 ] && grep -qx '  device 5: GPU 5' "$tmp/err" && grep -qx '  device 5: late' "$tmp/err" &&
		[ "$(grep -n '^  device 5: [Gl]' "$tmp/err" | cut -d: -f1 | tr '\n' ' ')" = "$(($(grep -n '^  device 0: ' "$tmp/err" | cut -d: -f1) + 5)) $(($(grep -n '^  device 0: ' "$tmp/err" | cut -d: -f1) + 20000)) " ]
	then pass "20,000 entries: the report lists 20,001 groups, in the order of the entries"
	else fail "20,000 entries: the report lists $groups groups"; fi
else
	skip "20,000 deviceProperties entries: python3 is not installed"
fi
finish
