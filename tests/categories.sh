#!/bin/sh
# The categories the formats meant for people choose (SPEC 12, 16; issue
# 21, items 12 and 15), on fixtures of tests/categories checked by hand:
# without -mc, --format table and svg show the module view when the trace
# has nn.Module events and cpu_op,user_annotation otherwise, and say which;
# on an MTIA trace they take mtia_runtime and mtia_ccp_events for the
# defaults of -hc and -dc; CSV, JSON Lines and folded keep the reference
# tool's defaults. MTIA's dma* device events are copies (SPEC 11.1), and the
# default categories on an MTIA trace are warned about with the -hc and -dc
# to give. Then the real MTIA trace against its own JSON, and against HTA's
# figures for it (hta_mtia.py).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/categories
LC_ALL=C; export LC_ALL

# table TRACE ARGS...: the table's rows in $tmp/out, one a line: the name
# (its indentation dropped), then each figure as awk's %g prints it (so
# that the test does not depend on widths or decimals), and the report in
# $tmp/err.
table() {
	trace=$1; shift
	COLUMNS=200 "$PROFILE_PARSER" -s "$fixtures/$trace" -d "$tmp/table.txt" --format table "$@" 2>"$tmp/err" \
		|| { echo "exit status $?" > "$tmp/out"; cat "$tmp/err"; return; }
	sed '1,/^---/d' "$tmp/table.txt" |
		awk '{ sub(/^ +/, ""); n = split($0, f, /  +/); line = f[1]; for (i = 2; i <= n; i++) line = line " " sprintf("%g", f[i]); print line }' \
			> "$tmp/out"
}

# ops.json, times in us: python_function main [0, 200] (not an nn.Module);
# user_annotation forward [0, 100] holds cpu_op aten::mm [10, 50], whose
# launch at 20 (5 us) starts gemm (30 us), and aten::add [60, 70]; a launch
# at 150, in no op, starts late (10 us). The trace's device total: 40 us.
# forward and aten::mm: host 0.1 and 0.04 ms, device and busy 0.03, launch
# 0.005, 1 launch, 30 of 40 us = 75.0%; aten::add: 0.01 ms and nothing else.
table ops.json
expect_output "table, no nn.Module events: the cpu_op,user_annotation view" 'forward 0.1 0.03 0.03 0.005 1 75
aten::mm 0.04 0.03 0.03 0.005 1 75
aten::add 0.01 0 0 0 0 0'
expect_stderr "  categories:    -mc cpu_op,user_annotation: the trace has no nn.Module events (--format table chooses when -mc is not given)" \
	"table: the report says which view, and why"
grep -q 'python_function matches no event\|is an nn.Module' "$tmp/err" \
	&& fail "table: no warning about -mc python_function, not used: $(cat "$tmp/err")" \
	|| pass "table: no warning about -mc python_function, which it did not use"

# svg: the same frames (device weight): forward;aten::mm;gemm 30 us.
"$PROFILE_PARSER" -s "$fixtures/ops.json" -d "$tmp/flame.svg" 2>"$tmp/err"
grep -q '<title>gemm' "$tmp/flame.svg" && grep -q '<title>aten::mm' "$tmp/flame.svg" \
	&& pass "svg, no nn.Module events: the cpu_op,user_annotation view" \
	|| fail "svg, no nn.Module events: no aten::mm or gemm frame: $(cat "$tmp/err")"
expect_stderr "  categories:    -mc cpu_op,user_annotation: the trace has no nn.Module events (--format svg chooses when -mc is not given)" \
	"svg: the report says which view"

# The formats programs read keep the default python_function: CSV has its
# header alone (as the reference tool), folded no stack; no categories line.
"$PROFILE_PARSER" -s "$fixtures/ops.json" -d "$tmp/ops.csv" 2>"$tmp/err"
[ "$(wc -l < "$tmp/ops.csv")" -eq 1 ] && ! grep -q 'categories:' "$tmp/err" \
	&& pass "CSV keeps -mc python_function" || fail "CSV keeps -mc python_function: $(cat "$tmp/ops.csv" "$tmp/err")"
"$PROFILE_PARSER" -q -s "$fixtures/ops.json" -d "$tmp/ops.folded"
[ ! -s "$tmp/ops.folded" ] && pass "folded keeps -mc python_function" \
	|| fail "folded keeps -mc python_function: $(cat "$tmp/ops.folded")"

# -mc given: the table takes it, and says nothing of a choice.
table ops.json -mc cpu_op
expect_output "table -mc cpu_op: as given" 'aten::mm 0.04 0.03 0.03 0.005 1 75
aten::add 0.01 0 0 0 0 0'
grep -q 'categories:' "$tmp/err" && fail "table -mc cpu_op: a categories line: $(cat "$tmp/err")" \
	|| pass "table -mc cpu_op: no categories line"

# modules.json: nn.Module Net_0 [0, 100] holds Linear_0 [10, 60], which
# holds a python_function that is no module and aten::linear [15, 45],
# whose launch at 20 (5 us) starts gemm (20 us, the trace's device total):
# the module view, the other python_function and the cpu_op left out.
table modules.json
expect_output "table, nn.Module events: the module view" 'nn.Module: Net_0 0.1 0.02 0.02 0.005 1 100
nn.Module: Linear_0 0.05 0.02 0.02 0.005 1 100'
expect_stderr "  categories:    -mc python_function (the module view): the trace has nn.Module events (--format table chooses when -mc is not given)" \
	"table, nn.Module events: the report says so"
table modules.json -mc cpu_op
expect_output "table -mc cpu_op on a trace with modules: as given" 'aten::linear 0.03 0.02 0.02 0.005 1 100'

# mtia.json: aten::mul [0, 50] launches (mtia_runtime, 5 us at 10) three
# device events of mtia_ccp_events: mul-dtype_Float [20, 30), event_record
# [25, 28) and dma_request [32, 36), a copy; a dma_request [40, 42) that no
# launch claims. Device 17 us, busy 10 + 4 = 14, compute 13, memcpy 4; the
# trace's device total 19 us: 17/19 = 89.5%.
table mtia.json
expect_output "table on an MTIA trace: mtia_runtime and mtia_ccp_events" 'aten::mul 0.05 0.017 0.014 0.005 1 89.5'
expect_stderr "  categories:    -hc mtia_runtime -dc mtia_ccp_events: an MTIA trace, with no event of the default -hc and -dc (--format table chooses when they are not given)" \
	"table on an MTIA trace: the report says so"
grep -q 'no event is of\|matches no event' "$tmp/err" && fail "table on an MTIA trace: a warning: $(cat "$tmp/err")" \
	|| pass "table on an MTIA trace: no warning about categories"

# CSV with the categories given: the copy is memcpy, the rest compute.
"$PROFILE_PARSER" -q -s "$fixtures/mtia.json" -d "$tmp/out" -mc cpu_op -hc mtia_runtime -dc mtia_ccp_events \
	--columns "name,device duration(ms),device busy(ms),compute(ms),memcpy(ms),memset(ms)"
expect_output "MTIA's dma* device events are copies" '"name","device duration(ms)","device busy(ms)","compute(ms)","memcpy(ms)","memset(ms)"
"aten::mul","0.017","0.014","0.013","0.004","0.0"'
"$PROFILE_PARSER" -q -s "$fixtures/mtia.json" -d "$tmp/out" -mc cpu_op -hc mtia_runtime -dc mtia_ccp_events \
	--summary kernel --columns "name,class,count,total(ms)"
expect_output "--summary kernel on an MTIA trace: dma_request is memcpy" '"name","class","count","total(ms)"
"mul-dtype_Float","compute","1","0.01"
"dma_request","memcpy","2","0.006"
"event_record","compute","1","0.003"'

# CSV with the defaults: every device figure is 0, and the warning says
# exactly what to give; with -hc given, what is left to give.
"$PROFILE_PARSER" -s "$fixtures/mtia.json" -d "$tmp/out" -mc cpu_op 2>"$tmp/err"
expect_stderr "profile_parser: warning: $fixtures/mtia.json: no event is of the default launch and device categories (-hc cuda_runtime,cuda_driver -dc kernel,gpu_memcpy,gpu_memset): every device figure is 0; an MTIA trace: give -hc mtia_runtime -dc mtia_ccp_events" \
	"the defaults on an MTIA trace: the warning names -hc and -dc to give"
"$PROFILE_PARSER" -s "$fixtures/mtia.json" -d "$tmp/out" -mc cpu_op -hc mtia_runtime 2>"$tmp/err"
expect_stderr "profile_parser: warning: $fixtures/mtia.json: no event is of the default device categories (-dc kernel,gpu_memcpy,gpu_memset): every device figure is 0; an MTIA trace: give -dc mtia_ccp_events" \
	"-hc given on an MTIA trace: the warning names the -dc to give"

# The real MTIA trace (HTA's mtia_trace_single_rank), its figures worked out
# from its JSON by a separate Python computation (exact decimals, every
# mtia_ccp_events event): compute 7309.063136 ms, of which nothing
# overlaps; dma_request, the only copies, 22361 events, 425.45592 ms; their
# union 393.854432 ms; busy 7701.827312 ms of a 13335.83644 ms span.
if have_traces mtia_rank0.json.gz >/dev/null; then
	"$PROFILE_PARSER" -s "$traces/mtia_rank0.json.gz" -d "$tmp/out" -mc cpu_op -hc mtia_runtime -dc mtia_ccp_events \
		--summary kernel --columns "name,class,count,total(ms)" 2>"$tmp/err"
	tr -d '\r' < "$tmp/out" | grep -qx '"dma_request","memcpy","22361","425.45592"' \
		&& pass "mtia_rank0: dma_request, 22361 copies, 425.45592 ms" || fail "mtia_rank0: dma_request: $(grep dma "$tmp/out")"
	compute=$(tr -d '\r' < "$tmp/out" | awk -F'","' 'NR > 1 && $2 == "compute" { n += $4 * 1000000 } END { printf "%.0f", n }')
	[ "$compute" = 7309063136 ] && pass "mtia_rank0: compute 7309.063136 ms" || fail "mtia_rank0: compute $compute ns"
	expect_stderr "busy 7701.827312 ms of a 13335.83644 ms span" "mtia_rank0: busy over the span"
	expect_stderr "memcpy busy 393.854432 ms" "mtia_rank0: the copies' union"
else
	skip "the real MTIA trace: $(have_traces mtia_rank0.json.gz)"
fi

# HTA's figures for the same trace, as its tests assert them (tests/
# test_trace_analysis.py, test_mtia_temporal_breakdown and
# test_get_mtia_kernel_breakdown, in us): a span of 13328071, idle 5649476,
# compute 7305597, non-compute 372998; dma_request 400892, add-dtype_Float
# (the first COMPUTATION row) 77283. They are ours once HTA's two readings
# are applied to the events (hta_mtia.py says how): the 137 dma_request
# events without a stream left out, which alone makes the span 13328.071736
# ms, busy 7700.797344 and dma_request 22224 events, 423.089112 ms (compute
# unchanged); then each event's start rounded up to the us and its end down,
# which makes every figure HTA's. idle = span - busy, non-compute = busy -
# compute (HTA: span - compute - idle).
if have_traces mtia_rank0.json.gz >/dev/null && command -v python3 >/dev/null; then
	mtia() { # mtia FILE: runs the file through, the report in $tmp/err
		"$PROFILE_PARSER" -s "$tmp/$1" -d "$tmp/out" -mc cpu_op -hc mtia_runtime -dc mtia_ccp_events \
			--summary kernel --columns "name,class,count,total(ms)" 2>"$tmp/err"
	}
	us() { awk '{ printf "%.0f", $1 * 1000 }'; } # ms on standard input to us
	total() { # total NAME: NAME's total in the kernel summary, in us
		tr -d '\r' < "$tmp/out" | awk -F'","' -v name="\"$1" '$1 == name { printf "%.0f", $4 * 1000 }'
	}
	python3 "$fixtures/hta_mtia.py" "$traces/mtia_rank0.json.gz" "$tmp" > "$tmp/py" \
		&& grep -qx '137 device events without a stream left out; 25677 rounded to the microsecond' "$tmp/py" \
		&& pass "hta_mtia.py: 137 events without a stream, 25677 rounded" || fail "hta_mtia.py: $(cat "$tmp/py")"
	mtia stream.json
	expect_stderr "busy 7700.797344 ms of a 13328.071736 ms span" "mtia_rank0, HTA's stream filter alone: the span"
	expect_stderr "compute busy 7309.063136, memcpy busy 391.734208 ms" "mtia_rank0, HTA's stream filter alone: compute unchanged"
	tr -d '\r' < "$tmp/out" | grep -qx '"dma_request","memcpy","22224","423.089112"' \
		&& pass "mtia_rank0, HTA's stream filter alone: dma_request" || fail "mtia_rank0, stream filter: $(grep dma "$tmp/out")"
	mtia hta.json
	span=$(sed -n 's/.* ms of a \([0-9.]*\) ms span.*/\1/p' "$tmp/err" | us)
	busy=$(sed -n 's/.*device ?.*: busy \([0-9.]*\) ms of.*/\1/p' "$tmp/err" | us)
	compute=$(sed -n 's/.*compute busy \([0-9.]*\),.*/\1/p' "$tmp/err" | us)
	got="span $span idle $((span - ${busy:-0})) compute $compute non-compute $((${busy:-0} - ${compute:-0})) dma_request $(total dma_request) add-dtype_Float $(total add-dtype_Float)"
	want="span 13328071 idle 5649476 compute 7305597 non-compute 372998 dma_request 400892 add-dtype_Float 77283"
	[ "$got" = "$want" ] && pass "mtia_rank0 read as HTA reads it: HTA's asserted figures ($want us)" \
		|| { fail "mtia_rank0 read as HTA reads it: $got, HTA asserts $want"; cat "$tmp/err"; }
else
	skip "HTA's figures for the real MTIA trace: $(have_traces mtia_rank0.json.gz && echo no python3)"
fi

finish
