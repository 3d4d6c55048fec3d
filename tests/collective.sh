#!/bin/sh
# --summary collective (SPEC 15.2) beyond the fixtures of tests/cases
# (collective_*.json, worked out by hand there): the table format, one
# summary per trace, and the real traces: nccl_data (all-reduce and
# broadcast with message sizes in the kernels' args) checked against the
# kernel summary and against bandwidths recomputed here, and
# df_index_resolver (record_param_comms ops without args). The real-trace
# part is skipped without ../shared/traces ($PROFILE_PARSER_TRACES).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

# The table: every column fits in 200 columns, numbers right-aligned
COLUMNS=200 "$PROFILE_PARSER" -q -s "$cases/collective_factors.json" -d "$tmp/table.txt" --summary collective \
	--format table
sed -n 1p "$tmp/table.txt" | grep -q "algbw(GB/s)" && pass "table: the header names the bandwidths" \
	|| fail "table: header $(sed -n 1,2p "$tmp/table.txt")"
# first row after the header and the rule: the all-reduce of 8 ranks, 35.000 GB/s of bus bandwidth last
sed -n '/^---/{n;p;q}' "$tmp/table.txt" | grep -Eq '^allreduce +0 +8 +Float .* 0\.400000 .* 20\.000 +35\.000$' \
	&& pass "table: the first row is the largest total, its bandwidths last" \
	|| { fail "table: the first row"; cat "$tmp/table.txt"; }
grep -Eq '^all_to_all +0 +8 +Long +1000 +1000 +8000 +1 .* 2\.667 +2\.333$' "$tmp/table.txt" \
	&& pass "table: all-to-all's figures, right-aligned" || { fail "table: all-to-all"; cat "$tmp/table.txt"; }
grep -Eq '^barrier +0 +8 +Byte +1 +1 +1 +1 +0\.000500 +0\.000500 +0\.000500 +0\.000500$' "$tmp/table.txt" \
	&& pass "table: empty bandwidths are blank" || { fail "table: barrier"; cat "$tmp/table.txt"; }

# several traces: one summary each, the same as each alone
"$PROFILE_PARSER" -q -s "$cases/collective_factors.json" -s "$cases/collective_record.json" -d "$tmp/many/" \
	-mc cpu_op --summary collective
cmp -s "$tmp/many/collective_factors.csv" "$cases/collective_factors.csv" \
	&& cmp -s "$tmp/many/collective_record.csv" "$cases/collective_record.csv" \
	&& pass "several traces: one summary per trace" || fail "several traces: $(ls "$tmp/many")"

# without cpu_op among the monitored categories there is no record_param_comms node to fall back on
"$PROFILE_PARSER" -s "$cases/collective_record.json" -d "$tmp/no_cpu.csv" -mc user_annotation --summary collective \
	2>"$tmp/err"
expect_stderr "7 communication events, 1 with collective args, 0 from record_param_comms" \
	"the fallback needs cpu_op among the monitored categories"

# message bytes past 2^63 - 1: the cell is empty, the bandwidths (128 bits) are not. By hand: S =
# 2^62 x 8 (Double) = 2^65 = 36893488147419103232 bytes over 10^12 ns: 36893488.147419... GB/s
# -> 36893488.147, busbw x 1 (broadcast) the same
cat > "$tmp/big_s.json" <<'EOF'
{"traceEvents": [{"ph": "X", "cat": "kernel", "name": "ncclKernel_x", "pid": 0, "tid": 7, "ts": 0, "dur": 1000000000,
 "args": {"device": 0, "Collective name": "broadcast", "In msg nelems": 4611686018427387904, "Out msg nelems": 1,
 "Group size": 2, "dtype": "Double", "Process Group Name": "0"}}]}
EOF
got=$("$PROFILE_PARSER" -q -s "$tmp/big_s.json" -d - --summary collective | sed -n 2p | tr -d '\r')
[ "$got" = '"broadcast","0","2","Double","4611686018427387904","1","","1","1000000.0","1000000.0","1000000.0","1000000.0","36893488.147","36893488.147"' ] \
	&& pass "message bytes past 2^63 - 1: empty, the bandwidths exact" || fail "message bytes past 2^63 - 1: $got"

# --across-ranks is for the path, name and collective summaries (SPEC 20.3; tests/ranks.sh works the collective one out)
"$PROFILE_PARSER" -s "$cases/collective_factors.json" -s "$cases/collective_bad.json" -d "$tmp/across.csv" \
	--summary kernel --across-ranks 2>"$tmp/err"
status=$?
expect_status 2 "--across-ranks --summary kernel is a usage error"
expect_stderr "--across-ranks wants --summary path, name or collective" "--across-ranks: the message names the summaries it takes"
"$PROFILE_PARSER" -q -s "$cases/collective_factors.json" -s "$cases/collective_bad.json" -d "$tmp/across.csv" \
	--summary collective --across-ranks
status=$?
expect_status 0 "--across-ranks --summary collective runs"

if ! command -v python3 >/dev/null; then
	skip "python3 is not installed; to run the real-trace checks, install python3"
elif why=$(have_traces nccl_data.json.gz df_index_resolver.json.gz); then
	trace=$traces/nccl_data.json.gz
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/nccl.csv" -mc cpu_op --summary collective 2>"$tmp/err"
	expect_stderr "collectives:   21 communication events, 21 with collective args, 0 from record_param_comms" \
		"nccl_data: 21 collectives (15 all-reduce, 6 broadcast), all with args"
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/kernel.csv" -mc cpu_op --summary kernel
	# by hand: the 3 all-reduces of 2049000 Float: S = 8196000 bytes, total
	# 3306.963 + 2520.607 + 5993.392 us = 11820962 ns; algbw 1000 * 8196000 *
	# 3 / 11820962 = 2080.03 -> 2.080 GB/s; busbw x 2(2-1)/2 = 2.080
	grep -q '^"allreduce","0","2","Float","2049000","2049000","8196000","3","11.820962",".*","2.080","2.080"' \
		"$tmp/nccl.csv" && pass "nccl_data: the first all-reduce, by hand" \
		|| { fail "nccl_data: the first all-reduce"; cat "$tmp/nccl.csv"; }
	# every row against the kernel summary (the same time in all) and
	# against bandwidths recomputed from the row's own cells
	if python3 - "$tmp/nccl.csv" "$tmp/kernel.csv" <<'PY'; then
import csv, sys
from decimal import Decimal as D, ROUND_HALF_UP
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
kernels = list(csv.DictReader(open(sys.argv[2], newline="")))
comm = [k for k in kernels if k["class"] == "communication"]
assert len(rows) == 7, len(rows)
assert sum(int(r["count"]) for r in rows) == sum(int(k["count"]) for k in comm) == 21
assert sum(D(r["total(ms)"]) for r in rows) == sum(D(k["total(ms)"]) for k in comm)
size = {"Float": 4, "Long": 8}
for r in rows:
    s = int(r["in elements"]) * size[r["dtype"]]
    assert int(r["message bytes"]) == s, r
    ns = D(r["total(ms)"]) * 1000000
    alg = (D(s) * int(r["count"]) / ns).quantize(D("0.001"), ROUND_HALF_UP)
    n = int(r["group size"])
    bus = (D(s) * int(r["count"]) * (2 * (n - 1) if r["collective"] == "allreduce" else n) / (ns * n)).quantize(
        D("0.001"), ROUND_HALF_UP)
    assert (r["algbw(GB/s)"], r["busbw(GB/s)"]) == (str(alg), str(bus)), (r, alg, bus)
totals = [D(r["total(ms)"]) for r in rows]
assert totals == sorted(totals, reverse=True)
PY
		pass "nccl_data: rows agree with the kernel summary, bandwidths recomputed"
	else
		fail "nccl_data: rows against the kernel summary"
	fi
	# df_index_resolver: 2020 all-reduce kernels under record_param_comms ops without args: one row, their name's (SPEC 15.2)
	trace=$traces/df_index_resolver.json.gz
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/df.csv" -mc cpu_op --summary collective 2>"$tmp/err"
	expect_stderr "2020 communication events, 0 with collective args, 0 from record_param_comms; bandwidths empty for 2020 (2020 no collective args)" \
		"df_index_resolver: record_param_comms without args"
	first_row() { [ "$(sed -n "$1p" "$tmp/df.csv" | tr -d '\r')" = "$2" ] && pass "$3" || fail "$3: $(cat "$tmp/df.csv")"; }
	first_row 2 '"ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)","","","","","","","2020","357.343","0.176902","0.004","4.979","",""' \
		"df_index_resolver: one row, the kernel's name, the kernel summary's figures"
else
	skip "$why"
fi
finish
