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
	for trace in "$traces"/*.json.gz; do
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
finish
