#!/bin/sh
# Comparing runs and ranks (SPEC 13): --diff with and without steps,
# --across-ranks, the map (per-rank JSON Lines summaries) and the reduce
# (--merge), and the rank column, on fixtures checked by hand; the real
# trace_diff pair both ways and the real sampled ranks through map + merge.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/compare

pp() {
	"$PROFILE_PARSER" "$@" 2>"$tmp/err"
	status=$?
}

header='"name","status","base count","new count","base host total(ms)","new host total(ms)","delta host total(ms)","base device total(ms)","new device total(ms)","delta device total(ms)","base device busy(ms)","new device busy(ms)","delta device busy(ms)","base cuda launch total(ms)","new cuda launch total(ms)","delta cuda launch total(ms)"'
zeros='"0.0","0.0","0.0","0.0","0.0","0.0","0.0","0.0","0.0"'

header_step='"name","status","base count per step","new count per step","base host per step(ms)","new host per step(ms)","delta host per step(ms)","base device per step(ms)","new device per step(ms)","delta device per step(ms)","base device busy per step(ms)","new device busy per step(ms)","delta device busy per step(ms)","base cuda launch per step(ms)","new cuda launch per step(ms)","delta cuda launch per step(ms)"'

# base.json: 2 steps; same (10 us twice), changed (5 us, launch 1 us, kernel
# 7 us), removed (3 us), tiny (3 ns), thrice (1 us three times).
# new.json: 3 steps (other numbers); same (10 us thrice), changed (9 us,
# the same launch and kernel), added (1 us), tiny (3 ns), thrice (1 us five
# times). Per step, every figure, counts too (to the thousandth, half away
# from zero): changed 1/2 = 0.500 -> 1/3 = 0.333 calls, 2.5 -> 3 us, its
# kernel 3.5 us -> 7/3 = 2.333 us (rounded to the ns), its launch 0.5 ->
# 0.333 us; the steps (ProfilerStep#* once normalized) 1.000 -> 1.000, and
# hold the same kernel and launch; removed 0.500 calls, 1.5 us; added
# 0.333 calls, 0.333 us; thrice 3/2 = 1.500 -> 5/3 = 1.667 calls, 1.5 ->
# 1.667 us; tiny 0.500 -> 0.333 calls, 1.5 ns -> 2 (half away from zero)
# and 1 ns; same 1.000 calls and 10 us both. Sorted: |delta device|
# (changed before the steps by |delta host|), then |delta host|.
pp -s "$fixtures/base.json" -s "$fixtures/new.json" --diff name -mc cpu_op,user_annotation -d "$tmp/out"
expect_status 0 "--diff runs"
expect_output "--diff name with steps: every figure per step, counts too, by hand" "$header_step
\"(all steps)\",\"changed\",\"1.000\",\"1.000\",\"0.1\",\"0.1\",\"0.0\",\"0.0035\",\"0.002333\",\"-0.001167\",\"0.0035\",\"0.002333\",\"-0.001167\",\"0.0005\",\"0.000333\",\"-0.000167\"
\"changed\",\"changed\",\"0.500\",\"0.333\",\"0.0025\",\"0.003\",\"0.0005\",\"0.0035\",\"0.002333\",\"-0.001167\",\"0.0035\",\"0.002333\",\"-0.001167\",\"0.0005\",\"0.000333\",\"-0.000167\"
\"ProfilerStep#*\",\"changed\",\"1.000\",\"1.000\",\"0.1\",\"0.1\",\"0.0\",\"0.0035\",\"0.002333\",\"-0.001167\",\"0.0035\",\"0.002333\",\"-0.001167\",\"0.0005\",\"0.000333\",\"-0.000167\"
\"removed\",\"removed\",\"0.500\",\"0.000\",\"0.0015\",\"0.0\",\"-0.0015\",$zeros
\"added\",\"added\",\"0.000\",\"0.333\",\"0.0\",\"0.000333\",\"0.000333\",$zeros
\"thrice\",\"changed\",\"1.500\",\"1.667\",\"0.0015\",\"0.001667\",\"0.000167\",$zeros
\"tiny\",\"changed\",\"0.500\",\"0.333\",\"0.000002\",\"0.000001\",\"-0.000001\",$zeros
\"same\",\"same\",\"1.000\",\"1.000\",\"0.01\",\"0.01\",\"0.0\",$zeros"
expect_stderr "every figure is per step, counts too (base: 2 steps, new: 3 steps)" "the report says every figure is per step"
expect_stderr "--diff: 7 keys written to" "the report counts the keys"

# the reports of the two traces: labelled, the base's first, whichever ends first
for jobs in 1 2; do
	pp -s "$fixtures/base.json" -s "$fixtures/new.json" --diff name -mc cpu_op -d "$tmp/out" -j $jobs
	if grep -n '^profile_parser: \(base\|new\): ' "$tmp/err" | cut -d: -f3- |
		tr '\n' '|' | grep -qxF " base: $fixtures/base.json| new: $fixtures/new.json|"; then
		pass "-j $jobs: the reports say base, then new"
	else
		fail "-j $jobs: the reports are not labelled base, then new"; cat "$tmp/err"
	fi
done
pp -s "$fixtures/new.json" -s "$fixtures/base.json" --diff name -mc cpu_op -d "$tmp/out"
if grep -n '^profile_parser: \(base\|new\): ' "$tmp/err" | cut -d: -f3- |
	tr '\n' '|' | grep -qxF " base: $fixtures/new.json| new: $fixtures/base.json|"; then
	pass "the other way round: the labels follow -s, not the names"
else
	fail "the other way round: the labels"; cat "$tmp/err"
fi

# standard input, labelled as messages call it
"$PROFILE_PARSER" -s - -s "$fixtures/new.json" --diff name -mc cpu_op -d "$tmp/out" < "$fixtures/base.json" 2>"$tmp/err"
expect_stderr "profile_parser: base: standard input" "standard input: labelled so, not -"
if grep -q '^profile_parser: base: -$' "$tmp/err"; then fail "standard input: labelled -"; else pass "standard input: not labelled -"; fi

# a base of one step: "1 step", not "1 steps"
grep -v 'ProfilerStep#2' "$fixtures/base.json" > "$tmp/one_step.json"
pp -s "$tmp/one_step.json" -s "$fixtures/new.json" --diff name -mc cpu_op -d "$tmp/out"
expect_stderr "(base: 1 step, new: 3 steps)" "one step: singular"

# 16 steps of 100 us; once (1 us) in the first, thrice (1 us) in the first
# three: 1/16 = 0.0625 and 3/16 = 0.1875 calls, half away from zero at the
# thousandth: 0.063 and 0.188; 1/16 us = 62.5 ns: 63 ns; 3/16 us: 188 ns
# (every delta 0: in byte order)
{
	printf '{"traceEvents": [\n'
	for i in $(seq 1 16); do
		printf '{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d", "pid": 1, "tid": 1, "ts": %d, "dur": 100},\n' \
			"$i" $((i * 100))
	done
	for i in 1 2 3; do
		printf '{"ph": "X", "cat": "cpu_op", "name": "thrice", "pid": 1, "tid": 1, "ts": %d, "dur": 1},\n' $((i * 100 + 10))
	done
	printf '{"ph": "X", "cat": "cpu_op", "name": "once", "pid": 1, "tid": 1, "ts": 120, "dur": 1}\n]}\n'
} > "$tmp/sixteen.json"
pp -q -s "$tmp/sixteen.json" -s "$tmp/sixteen.json" --diff name -mc cpu_op -d "$tmp/out" \
	--columns "name,base count,new count,base host total(ms)"
expect_output "counts per step: half away from zero at the thousandth" '"name","base count per step","new count per step","base host per step(ms)"
"(all steps)","1.000","1.000","0.1"
"once","0.063","0.063","0.000063"
"thrice","0.188","0.188","0.000188"'

pp -q -s "$fixtures/base.json" -s "$fixtures/new.json" --diff path -mc cpu_op,user_annotation -d "$tmp/out" \
	--columns "name,status,base count,new count"
expect_output "--diff path: ProfilerStep#N frames become ProfilerStep#*; the counts picked are per step" '"name","status","base count per step","new count per step"
"(all steps)","changed","1.000","1.000"
"ProfilerStep#*$$changed","changed","0.500","0.333"
"ProfilerStep#*","changed","1.000","1.000"
"ProfilerStep#*$$removed","removed","0.500","0.000"
"ProfilerStep#*$$added","added","0.000","0.333"
"ProfilerStep#*$$thrice","changed","1.500","1.667"
"ProfilerStep#*$$tiny","changed","0.500","0.333"
"ProfilerStep#*$$same","same","1.000","1.000"'

# new_flat.json: new.json without its steps: totals, not per step
pp -s "$fixtures/base.json" -s "$fixtures/new_flat.json" --diff name -mc cpu_op -d "$tmp/out"
expect_output "--diff name without steps: totals, by hand" "$header
\"same\",\"changed\",\"2\",\"3\",\"0.02\",\"0.03\",\"0.01\",$zeros
\"changed\",\"changed\",\"1\",\"1\",\"0.005\",\"0.009\",\"0.004\",\"0.007\",\"0.007\",\"0.0\",\"0.007\",\"0.007\",\"0.0\",\"0.001\",\"0.001\",\"0.0\"
\"removed\",\"removed\",\"1\",\"0\",\"0.003\",\"0.0\",\"-0.003\",$zeros
\"thrice\",\"changed\",\"3\",\"5\",\"0.003\",\"0.005\",\"0.002\",$zeros
\"added\",\"added\",\"0\",\"1\",\"0.0\",\"0.001\",\"0.001\",$zeros
\"tiny\",\"same\",\"1\",\"1\",\"0.000003\",\"0.000003\",\"0.0\",$zeros"
expect_stderr "figures are totals (the new trace has no ProfilerStep#N)" "the report says the figures are totals"
pp -s "$fixtures/new_flat.json" -s "$fixtures/base.json" --diff name -mc cpu_op -d "$tmp/out"
expect_stderr "figures are totals (the base trace has no ProfilerStep#N)" "the base without steps: the report says which"
pp -s "$fixtures/new_flat.json" -s "$fixtures/new_flat.json" --diff name -mc cpu_op -d "$tmp/out"
expect_stderr "figures are totals (neither trace has a ProfilerStep#N)" "neither with steps: the report says so"

# either spelling may be picked (and sorted by): the rows say which they hold
pp -q -s "$fixtures/base.json" -s "$fixtures/new_flat.json" --diff name -mc cpu_op -d "$tmp/out" \
	--columns "name,new count per step,delta host per step(ms)" --sort "new count per step" --top 2
expect_output "--diff of totals, columns picked per step: totals" '"name","new count","delta host total(ms)"
"thrice","5","0.002"
"same","3","0.01"'
pp -q -s "$fixtures/base.json" -s "$fixtures/new.json" --diff name -mc cpu_op -d "$tmp/out" \
	--columns "+base count per step,new count" --format jsonl --top 1
expect_output "--diff per step, a column picked in both spellings: once" '{"name":"(all steps)","status":"changed","base count per step":1.000,"new count per step":1.000,"base host per step(ms)":0.1,"new host per step(ms)":0.1,"delta host per step(ms)":0.0,"base device per step(ms)":0.0035,"new device per step(ms)":0.002333,"delta device per step(ms)":-0.001167,"base device busy per step(ms)":0.0035,"new device busy per step(ms)":0.002333,"delta device busy per step(ms)":-0.001167,"base cuda launch per step(ms)":0.0005,"new cuda launch per step(ms)":0.000333,"delta cuda launch per step(ms)":-0.000167}
{"name":"changed","status":"changed","base count per step":0.500,"new count per step":0.333,"base host per step(ms)":0.0025,"new host per step(ms)":0.003,"delta host per step(ms)":0.0005,"base device per step(ms)":0.0035,"new device per step(ms)":0.002333,"delta device per step(ms)":-0.001167,"base device busy per step(ms)":0.0035,"new device busy per step(ms)":0.002333,"delta device busy per step(ms)":-0.001167,"base cuda launch per step(ms)":0.0005,"new cuda launch per step(ms)":0.000333,"delta cuda launch per step(ms)":-0.000167}'

pp -q -s "$fixtures/base.json" -s "$fixtures/new.json" --diff name -mc cpu_op --format jsonl -d "$tmp/out" \
	--columns "name,status,delta host total(ms)" --top 2
expect_output "--diff in JSON Lines, with --top" '{"name":"(all steps)","status":"changed","delta host per step(ms)":0.0}
{"name":"changed","status":"changed","delta host per step(ms)":0.0005}
{"name":"removed","status":"removed","delta host per step(ms)":-0.0015}'

# the hardware: a100.json (two A100s, rank 3 of 8) and v100.json (one
# V100, rank 1 of 2) differ in both; base.json says neither (no warning)
pp -s "$fixtures/a100.json" -s "$fixtures/v100.json" --diff name -mc cpu_op -d "$tmp/out"
expect_status 0 "--diff of different hardware runs"
expect_stderr "profile_parser: warning: --diff: the base and the new trace come from different devices (base: NVIDIA A100-PG509-200; new: Tesla V100-SXM2-16GB)" "different devices: a warning"
expect_stderr "profile_parser: warning: --diff: the base and the new trace come from different world sizes (base: 8; new: 2)" "different world sizes: a warning"
expect_stderr "  rank 3 of 8" "the report gives the rank of the world size"
cp "$fixtures/a100.json" "$tmp/a100_again.json"
for pair in "$fixtures/a100.json $tmp/a100_again.json" "$fixtures/a100.json $fixtures/base.json"; do
	set -- $pair
	pp -s "$1" -s "$2" --diff name -mc cpu_op -d "$tmp/out"
	if grep -q 'warning: --diff' "$tmp/err"; then fail "--diff $pair: a warning"; cat "$tmp/err"
	else pass "--diff of the same hardware, or of one unknown: no warning"; fi
done
pp -q -s "$fixtures/a100.json" -s "$fixtures/v100.json" --diff name -mc cpu_op -d "$tmp/out"
if [ -s "$tmp/err" ]; then fail "-q: the warnings printed"; cat "$tmp/err"; else pass "-q: no warning"; fi

# a trace diffed with itself (named twice, or through a link): a warning
ln -s "$fixtures/base.json" "$tmp/link.json"
for second in "$fixtures/base.json" "$tmp/link.json"; do
	pp -s "$fixtures/base.json" -s "$second" --diff name -mc cpu_op -d "$tmp/out"
	expect_status 0 "--diff of a file with itself runs"
	expect_stderr "profile_parser: warning: --diff: the base and the new trace are the same file ($fixtures/base.json)" \
		"--diff of a file with itself ($(basename "$second")): a warning"
done
pp -s "$fixtures/base.json" -s "$tmp/one_step.json" --diff name -mc cpu_op -d "$tmp/out"
if grep -q 'same file' "$tmp/err"; then fail "two files: the same file?"; else pass "two files: not the same file"; fi

# usage errors
pp -s "$fixtures/base.json" --diff name -d "$tmp/out"
expect_status 2 "--diff with one trace"
expect_stderr "--diff compares two traces: -s BASE -s NEW" "--diff with one trace: the message"
pp -s "$fixtures/base.json" -s "$fixtures/new.json" --diff name -d "$tmp/"
expect_status 2 "--diff into a directory"
expect_stderr "a comparison writes one table" "--diff into a directory: the message"
pp -s "$fixtures/base.json" -s "$fixtures/new.json" --diff step -d "$tmp/out"
expect_status 2 "--diff step"
expect_stderr "--diff wants path or name, not 'step'" "--diff step: the message"
pp -s "$fixtures/ranks" --across-ranks -d "$tmp/out"
expect_status 2 "--across-ranks without --summary"
expect_stderr "--across-ranks wants --summary path, name or collective" "--across-ranks without --summary: the message"
pp -s "$fixtures/ranks" --merge "$tmp" -d "$tmp/out"
expect_status 2 "--merge with -s"
expect_stderr "--merge reads summaries, not traces: give no -s" "--merge with -s: the message"
pp -s "$fixtures/base.json" -s "$fixtures/base.json" --diff name -d "$fixtures/base.json"
expect_status 2 "--diff over its own input"
expect_stderr "is the input $fixtures/base.json (the same file)" "--diff over its own input: the message"

# three ranks: rank 0 and 2 from distributedInfo, rank 1 from the file name.
# a: host 10, 20, 20 (max: ranks 1 and 2, the lowest wins), device 4, 0, 8;
# d: device 0 and 3, a lower median of 0 (no imbalance); b: device 2.000
# and 2.001 us, 2.001 / 2.000 = 1.0005, half away from zero: 1.001; c: one
# rank. Sorted by device max. device total min rank (SPEC 20.4): the
# lowest rank of the least device time: a 1 (0 us), d 0 (0 against rank
# 1's 3), b 0 (2.000 against 2.001), c 2 (alone).
across='"name","ranks","count","host total min(ms)","host total median(ms)","host total max(ms)","host total max rank","host imbalance","device total min(ms)","device total min rank","device total median(ms)","device total max(ms)","device total max rank","device imbalance"
"a","3","3","0.01","0.02","0.02","1","1.000","0.0","1","0.004","0.008","2","2.000"
"d","2","2","0.005","0.005","0.005","0","1.000","0.0","0","0.0","0.003","1",""
"b","2","2","0.006","0.006","0.006","0","1.000","0.002","0","0.002","0.002001","1","1.001"
"c","1","1","0.001","0.001","0.001","2","1.000","0.002","2","0.002","0.002","2","1.000"'
pp -s "$fixtures/ranks" --summary name --across-ranks -mc cpu_op -d "$tmp/out" -j 2
expect_status 0 "--across-ranks runs"
expect_output "--across-ranks, by hand" "$across"
cp "$tmp/out" "$tmp/across.csv"
pp -q -s "$fixtures/ranks" --summary name --across-ranks -mc cpu_op -d "$tmp/out" --format jsonl --columns "name,device imbalance"
expect_output "the imbalance in JSON Lines: a number with three decimals, or null" '{"name":"a","device imbalance":2.000}
{"name":"d","device imbalance":null}
{"name":"b","device imbalance":1.001}
{"name":"c","device imbalance":1.000}'

# map: one JSON Lines summary per rank, carrying its rank; reduce: --merge
mkdir "$tmp/map"
for trace in "$fixtures"/ranks/*.json; do
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/map/" --summary name --format jsonl -mc cpu_op ||
		fail "the map of $trace"
done
if head -n 1 "$tmp/map/rank1.jsonl" | grep -q '^{"rank":1,"name":'; then pass "a rank's summary carries its rank"
else fail "a rank's summary carries its rank: $(head -n 1 "$tmp/map/rank1.jsonl")"; fi
pp --merge "$tmp/map" -d "$tmp/merged.csv"
expect_status 0 "--merge runs"
if cmp -s "$tmp/across.csv" "$tmp/merged.csv"; then pass "map + merge equals --across-ranks, byte for byte"
else fail "map + merge differs from --across-ranks"; diff "$tmp/across.csv" "$tmp/merged.csv"; fi
gzip -c "$tmp/map/rank2.jsonl" > "$tmp/rank2.jsonl.gz"
rm -f "$tmp/merged.csv"
pp -q --merge "$tmp/map/rank0.jsonl" --merge "$tmp/map/rank1.jsonl" --merge "$tmp/rank2.jsonl.gz" -d "$tmp/merged.csv"
expect_status 0 "--merge of files runs"
if cmp -s "$tmp/across.csv" "$tmp/merged.csv"; then pass "--merge of files, one gzipped"
else fail "--merge of files differs"; fi

# The perf columns across ranks (SPEC 15.1 over SPEC 13.2), peaks of
# tests/cases/perf.peaks (fp32 100000 FLOP/ns, 2000 bytes/ns; "Other GPU"
# has none). rank 0: aten::mm [64,128] x [128,256] float, kernel 2 us:
# flops 2*64*256*128 = 4194304, bytes (8192 + 32768 + 16384) * 4 = 229376;
# compute 41.9 ns, memory 114.688 -> roofline 115 ns, memory bound.
# rank 1: aten::mm [1024,1024]^2, kernel 30 us: flops 2 * 1024^3 =
# 2147483648, bytes 3 * 1048576 * 4 = 12582912; compute 21474.84 ns,
# memory 6291.5 -> roofline 21475, compute bound. rank 2 (Other GPU):
# aten::bmm [2,64,128] x [2,128,256], kernel 4 us: flops 8388608, bytes
# (16384 + 65536 + 32768) * 4 = 458752, no roofline. "b": no shapes, a
# 1 us kernel on every rank.
# aten::mm: flops 4194304 + 2147483648 = 2151677952, bytes 12812288, busy
# 32 us; TFLOP/s 2151677952 / 32000 = 67239.9 FLOP/ns = 67.240; TB/s
# 12812288 / 32000 = 400.4 bytes/ns = 0.400; roofline 115 + 21475 = 21590
# ns; 21590 / 32000 = 67.47% -> 67.5; bound: memory on one rank, compute on
# the other: mixed. aten::bmm: 8388608 / 4000 = 2097.2 -> 2.097; 458752 /
# 4000 = 114.7 -> 0.115; its rank lacks a peak: roofline, % and bound
# empty. b: no counted op: empty but for its busy, 3 us.
perf_columns='name,ranks,count,flops,bytes,device busy total(ms),TFLOP/s,TB/s,roofline(ms),roofline %,bound'
perf_across='"name","ranks","count","flops","bytes","device busy total(ms)","TFLOP/s","TB/s","roofline(ms)","roofline %","bound"
"aten::mm","2","2","2151677952","12812288","0.032","67.240","0.400","0.02159","67.5","mixed"
"aten::bmm","1","1","8388608","458752","0.004","2.097","0.115","","",""
"b","3","3","","","0.003","","","","",""'
peaks=$top_srcdir/tests/cases/perf.peaks
pp -q -s "$fixtures/perf_ranks" --summary name --across-ranks -mc cpu_op --peaks "$peaks" --columns "$perf_columns" -d "$tmp/out" -j 2
expect_status 0 "--across-ranks with perf columns runs"
expect_output "--across-ranks: the perf columns, by hand" "$perf_across"
mkdir "$tmp/perf_map"
for trace in "$fixtures"/perf_ranks/*.json; do
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/perf_map/" --summary name --format jsonl -mc cpu_op --peaks "$peaks" \
		--columns '+flops,bytes,device busy total(ms),roofline(ms),bound' || fail "the perf map of $trace"
done
pp -q --merge "$tmp/perf_map" --columns "$perf_columns" -d "$tmp/out"
expect_status 0 "--merge with perf columns runs"
expect_output "--merge: the perf columns, as --across-ranks" "$perf_across"
pp -q --merge "$tmp/perf_map" --columns "name,flops" -d "$tmp/out"
expect_output "--merge: the flops alone" '"name","flops"
"aten::mm","2151677952"
"aten::bmm","8388608"
"b",""'
mkdir "$tmp/perf_plain"
"$PROFILE_PARSER" -q -s "$fixtures/perf_ranks/rank0.json" -d "$tmp/perf_plain/" --summary name --format jsonl -mc cpu_op
pp --merge "$tmp/perf_plain" --columns "name,TFLOP/s" -d "$tmp/out"
expect_status 1 "--merge: perf columns over summaries without their figures fail"
expect_stderr 'line 1: no "flops" figure (a number or null): the perf columns asked for read it' "--merge: the missing figure named"
"$PROFILE_PARSER" -q -s "$fixtures/perf_ranks/rank0.json" -d "$tmp/perf_plain/rank0.jsonl" --summary name --format jsonl \
	-mc cpu_op --columns '+flops'
pp --merge "$tmp/perf_plain" --columns "name,roofline %" -d "$tmp/out"
expect_stderr 'no "roofline(ms)" figure (a number or null)' "--merge: the next missing figure named"
pp -q --merge "$tmp/perf_plain" -d "$tmp/out"
expect_status 0 "--merge without perf columns reads summaries without perf figures"

# A rank whose flops is past 2^63 - 1 (issue 33): tests/compare/perf_past63,
# peaks as above. rank 0 is perf_ranks' rank 0 (aten::mm: flops 4194304,
# bytes 229376, busy 2 us, roofline 115 ns). rank 1: aten::mm A [2^21, 2^21]
# x B [2^21, 2^20] float, kernel 30 us: flops 2 * 2^21 * 2^20 * 2^21 = 2^63
# = 9223372036854775808, past 2^63 - 1: no cell holds it, so its TFLOP/s,
# roofline(ms), roofline % and bound are empty too (SPEC 15.1: made from a
# figure the row lacks); bytes (2^42 + 2^41) * 4 + 2^41 * 4 = 2^45 =
# 35184372088832. rank 2: that aten::mm twice (kernels 10 and 20 us): flops
# 2^64 = 18446744073709551616, bytes 2^46 = 70368744177664, busy 30 us.
# "b": no counted op, a 1 us kernel on every rank.
# Across the ranks, aten::mm (3 ranks, count 4): flops empty (two ranks
# lack it), and so TFLOP/s; bytes 229376 + 35184372088832 + 70368744177664
# = 105553116495872; busy 2 + 30 + 30 = 62 us; TB/s 105553116495872 / 62000
# = 1702469620.9 bytes/ns -> 1702469.621; roofline, % and bound empty (ranks
# 1 and 2 lack them). Never the sums of rank 0 alone.
past='"name","ranks","count","flops","bytes","device busy total(ms)","TFLOP/s","TB/s","roofline(ms)","roofline %","bound"
"aten::mm","3","4","","105553116495872","0.062","","1702469.621","","",""
"b","3","3","","","0.003","","","","",""'
pp -q -s "$fixtures/perf_past63" --summary name --across-ranks -mc cpu_op --peaks "$peaks" --columns "$perf_columns" -d "$tmp/past_across.csv"
cp "$tmp/past_across.csv" "$tmp/out"
expect_output "--across-ranks: a rank with flops past 2^63 - 1 empties the cells made from them, by hand" "$past"
mkdir "$tmp/past_map"
for trace in "$fixtures"/perf_past63/*.json; do
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/past_map/" --summary name --format jsonl -mc cpu_op --peaks "$peaks" \
		--columns '+flops,bytes,device busy total(ms),roofline(ms),bound' || fail "the perf map of $trace"
done
grep -o '"flops":[^,]*,"bytes":[^,]*' "$tmp/past_map/rank2.jsonl" > "$tmp/out"
expect_output "the map: flops past 2^64 with all its digits in JSON Lines (the rank has counted ops), empty where it has none" '"flops":18446744073709551616,"bytes":70368744177664
"flops":null,"bytes":null'
pp -q --merge "$tmp/past_map" --columns "$perf_columns" -d "$tmp/past_merged.csv"
expect_status 0 "--merge of a rank with flops past 2^63 - 1 runs"
if cmp -s "$tmp/past_across.csv" "$tmp/past_merged.csv"; then pass "--merge equals --across-ranks byte for byte: a rank with flops past 2^63 - 1 is never left out"
else fail "--merge differs from --across-ranks (a rank with flops past 2^63 - 1):"; diff "$tmp/past_across.csv" "$tmp/past_merged.csv"; fi
# a summary written before (flops null, but bytes there): a rank with counted ops lacking its flops
sed 's/"flops":[0-9]*,/"flops":null,/' "$tmp/past_map/rank1.jsonl" > "$tmp/past_map/rank1.jsonl.new" && mv "$tmp/past_map/rank1.jsonl.new" "$tmp/past_map/rank1.jsonl"
pp -q --merge "$tmp/past_map" --columns "name,flops,bytes" -d "$tmp/out"
expect_output "--merge: a null flops beside a figure is a rank lacking its flops, not one without counted ops" '"name","flops","bytes"
"aten::mm","","105553116495872"
"b","",""'
# one rank's own views: the cells made from its flops are empty too (rank 1:
# TB/s 35184372088832 / 30000 = 1172812402.9 bytes/ns -> 1172812.403), and
# JSON Lines keeps the flops' digits
pp -q -s "$fixtures/perf_past63/rank1.json" --summary name -mc cpu_op --peaks "$peaks" -d "$tmp/out" \
	--columns 'name,flops,bytes,TFLOP/s,TB/s,roofline(ms),roofline %,bound'
expect_output "--summary name: flops past 2^63 - 1: the rate, roofline and bound made from it empty" '"name","flops","bytes","TFLOP/s","TB/s","roofline(ms)","roofline %","bound"
"aten::mm","","35184372088832","","1172812.403","","",""
"b","","","","","","",""'
pp -q -s "$fixtures/perf_past63/rank1.json" --summary perf -mc cpu_op --peaks "$peaks" -d "$tmp/out" --format jsonl \
	--columns 'name,count,flops,bytes,TFLOP/s,TB/s,roofline(ms),roofline %,bound'
expect_output "--summary perf: flops past 2^63 - 1: its digits in JSON Lines, the rate, roofline and bound made from it empty" '{"name":"aten::mm","count":1,"flops":9223372036854775808,"bytes":35184372088832,"TFLOP/s":null,"TB/s":1172812.403,"roofline(ms)":null,"roofline %":null,"bound":null}'

# a broken rank is reported, the others still summarized, exit 1
mkdir "$tmp/broken"
cp "$fixtures"/ranks/*.json "$tmp/broken/"
printf '{"traceEvents": [{"ph": "X", ' > "$tmp/broken/rank3.json"
pp -s "$tmp/broken" --summary name --across-ranks -mc cpu_op -d "$tmp/out"
expect_status 1 "a broken rank: exit status 1"
expect_stderr "rank3.json" "a broken rank: named"
expect_output "a broken rank: the others summarized" "$across"
cp "$tmp/map/rank0.jsonl" "$tmp/map/rank9.jsonl"
printf '{"name": "x"}\n' >> "$tmp/map/rank9.jsonl"
pp --merge "$tmp/map" -d "$tmp/out"
expect_status 1 "a broken summary: exit status 1"
expect_stderr "rank9.jsonl: line" "a broken summary: named, with its line"
expect_output "a broken summary: the others merged, nothing of it" "$across"

# the rank column of per-node rows: distributedInfo, the file name, or none
pp -q -s "$fixtures/ranks/rank2.json" -d "$tmp/out" -mc cpu_op --columns "rank,name" --max_depth 1 --top 1
expect_output "rank from distributedInfo" '"rank","name"
"2","a"'
pp -q -s "$fixtures/ranks/rank1.json" -d "$tmp/out" -mc cpu_op --columns "rank,name" --top 1 --format jsonl
expect_output "rank from the file name" '{"rank":1,"name":"a"}'
pp -q -s "$fixtures/base.json" -d "$tmp/out" -mc cpu_op --columns "rank,name" --top 1
expect_output "no rank: empty" '"rank","name"
"","same"'

# ---- the real traces ----
if ! why=$(have_traces trace_diff_control.json.gz trace_diff_test.json.gz sampled_rank0.json.gz sampled_rank1.json.gz) ||
	! command -v python3 >/dev/null; then
	skip "the real traces: ${why:-python3 is not installed}"
	finish
	exit
fi
for mode in name path; do
	rm -f "$tmp/forward.csv" "$tmp/backward.csv" # a failed run compares nothing old
	"$PROFILE_PARSER" -q -s "$traces/trace_diff_control.json.gz" -s "$traces/trace_diff_test.json.gz" \
		--diff $mode -mc cpu_op,user_annotation -d "$tmp/forward.csv"
	"$PROFILE_PARSER" -q -s "$traces/trace_diff_test.json.gz" -s "$traces/trace_diff_control.json.gz" \
		--diff $mode -mc cpu_op,user_annotation -d "$tmp/backward.csv"
	if python3 - "$tmp/forward.csv" "$tmp/backward.csv" <<'PY'
import csv, re, sys
from decimal import Decimal as D
forward = {r["name"]: r for r in csv.DictReader(open(sys.argv[1], newline=""))}
backward = {r["name"]: r for r in csv.DictReader(open(sys.argv[2], newline=""))}
assert forward.keys() == backward.keys() and forward
swap = {"added": "removed", "removed": "added", "same": "same", "changed": "changed"}
for key, f in forward.items():
    b = backward[key]
    assert swap[f["status"]] == b["status"], (key, f["status"], b["status"])
    # both traces have steps: every figure per step, counts with three decimals
    assert re.fullmatch(r"\d+\.\d{3}", f["base count per step"]) and re.fullmatch(r"\d+\.\d{3}", f["new count per step"]), key
    assert (f["base count per step"], f["new count per step"]) == (b["new count per step"], b["base count per step"]), key
    for c in f:
        if c.startswith("delta "):
            assert D(f[c]) == -D(b[c]), (key, c)
            stem = c[len("delta "):]
            assert D(f["new " + stem]) - D(f["base " + stem]) == D(f[c]), (key, c)
assert any(r["status"] == "added" for r in forward.values())
PY
	then pass "trace_diff both ways ($mode): deltas negated, added and removed swapped"
	else fail "trace_diff both ways ($mode)"; fi
done
# an A100 of a job of 8 ranks against a V100 of a job of 2: both warnings, the reports labelled
"$PROFILE_PARSER" -s "$traces/trace_diff_control.json.gz" -s "$traces/trace_diff_test.json.gz" \
	--diff name -mc cpu_op,user_annotation -d "$tmp/forward.csv" 2>"$tmp/err"
expect_stderr "different devices (base: NVIDIA A100-PG509-200; new: Tesla V100-SXM2-16GB)" "trace_diff: the devices differ"
expect_stderr "different world sizes (base: 8; new: 2)" "trace_diff: the world sizes differ"
expect_stderr "profile_parser: base: $traces/trace_diff_control.json.gz" "trace_diff: the base labelled"
expect_stderr "profile_parser: new: $traces/trace_diff_test.json.gz" "trace_diff: the new trace labelled"

# copies of the real sampled ranks under rank names: map + merge == --across-ranks
mkdir "$tmp/real" "$tmp/realmap"
cp "$traces/sampled_rank0.json.gz" "$tmp/real/trace_rank_0.json.gz"
cp "$traces/sampled_rank1.json.gz" "$tmp/real/trace_rank_1.json.gz"
for mode in name path; do
	rm -f "$tmp/real.csv" "$tmp/realmerged.csv"
	"$PROFILE_PARSER" -q -s "$tmp/real" --summary $mode --across-ranks -mc cpu_op,user_annotation -d "$tmp/real.csv"
	rm -f "$tmp"/realmap/*
	for trace in "$tmp"/real/*; do
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/realmap/" --summary $mode --format jsonl -mc cpu_op,user_annotation
	done
	"$PROFILE_PARSER" -q --merge "$tmp/realmap" -d "$tmp/realmerged.csv"
	if [ -s "$tmp/real.csv" ] && cmp -s "$tmp/real.csv" "$tmp/realmerged.csv"; then
		pass "the sampled ranks ($mode): map + merge equals --across-ranks, byte for byte"
	else
		fail "the sampled ranks ($mode): map + merge differs"
	fi
done
finish
