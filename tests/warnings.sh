#!/bin/sh
# The warnings of SPEC 10.1, one fixture each (tests/warnings/*.json, checked
# by hand): the exact line, an exit status of 0, and -q silencing it.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
w=$top_srcdir/tests/warnings

# expect_warning DESCRIPTION LINE TRACE OPTIONS...: the run warns exactly LINE.
expect_warning() {
	description=$1 line=$2 trace=$3; shift 3
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/out" "$@" 2>"$tmp/err"; status=$?
	if [ "$status" -ne 0 ]; then
		fail "$description: exit status $status"; cat "$tmp/err"; return
	fi
	if grep -qxF -- "profile_parser: warning: $trace: $line" "$tmp/err"; then
		pass "$description"
	else
		fail "$description: wanted the line 'profile_parser: warning: $trace: $line'"; cat "$tmp/err"
	fi
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out" "$@" 2>"$tmp/err"
	[ ! -s "$tmp/err" ] && pass "$description: -q silences it" || fail "$description: -q wrote $(cat "$tmp/err")"
}

# no_warning DESCRIPTION TRACE OPTIONS...: the run warns nothing.
no_warning() {
	description=$1 trace=$2; shift 2
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/out" "$@" 2>"$tmp/err"
	grep -q "^profile_parser: warning: " "$tmp/err" && { fail "$description: $(grep "warning: " "$tmp/err")"; return; }
	pass "$description"
}

# Categories that match no event: the trace's own, most frequent first (at
# most 8; Operator is cpu_op's older spelling), and a hint for case.
p=$w/python_functions.json
expect_warning "a -mc category that matches nothing" \
	"-mc nosuch matches no event; the trace's categories: python_function (3), cpu_op (2), a (1), b (1), c (1), d (1), e (1), f (1) and 1 more" \
	"$p" -mc nosuch
expect_warning "categories are case-sensitive" \
	"-mc CPU_OP matches no event (categories are case-sensitive: cpu_op?); the trace's categories: python_function (3), cpu_op (2), a (1), b (1), c (1), d (1), e (1), f (1) and 1 more" \
	"$p" -mc CPU_OP
expect_warning "a -dc category that matches nothing" \
	"-dc gpu_memset matches no event; the trace's categories: kernel (4), cuda_runtime (3), cpu_op (1), user_annotation (1)" \
	"$w/coverage.json" -mc cpu_op,user_annotation -dc kernel,gpu_memset
expect_warning "the default -mc on a trace without python_function" \
	"-mc python_function matches no event; the trace's categories: kernel (4), cuda_runtime (3), cpu_op (1), user_annotation (1)" \
	"$w/coverage.json" --max_depth 1
"$PROFILE_PARSER" -s "$p" -d "$tmp/out" -mc Operator,python_function --all-python-functions 2>"$tmp/err"
grep -q "matches no event" "$tmp/err" && fail "an older spelling matches its category: $(cat "$tmp/err")" \
	|| pass "an older spelling matches its category"
# The default -hc and -dc are not warned about one by one (cuda_driver and
# gpu_memset are often absent), but as a whole when nothing matches on a
# trace with device work of other names, or launches and no device event.
no_warning "the default -hc and -dc on a trace with launches and kernels" "$w/coverage.json" -mc cpu_op,user_annotation
no_warning "a CPU-only trace" "$top_srcdir/tests/cases/forest.json" -mc cpu_op
expect_warning "the default -hc matches nothing on a trace with other categories" \
	"no event is of the launch categories (-hc cuda_runtime,cuda_driver): every device figure is 0 (-hc and -dc name other categories); the trace's categories: python_function (3), cpu_op (2), a (1), b (1), c (1), d (1), e (1), f (1) and 1 more" \
	"$p" -mc cpu_op
expect_warning "the default -dc matches nothing on a trace with launches" \
	"no event is of the device categories (-dc kernel,gpu_memcpy,gpu_memset): every device figure is 0 (-hc and -dc name other categories); the trace's categories: cpu_op (1), cuda_profiler_range (1), cuda_runtime (1)" \
	"$w/no_kernels.json" -mc cpu_op
# python_function events, none an nn.Module: the default view is empty
expect_warning "python_function events without nn.Module" \
	"none of the 3 python_function events is an nn.Module (recorded without with_modules=True?): --all-python-functions keeps them all" \
	"$p"

# Coverage: 0.05 ms of device time in 4 events; op's launch claims 0.035 ms
# (k1, k1b), the launch at 200 outside any cpu_op 0.01 ms (k2; the
# synchronize has no device event), and nobody launched the orphan.
expect_warning "coverage under 90%" \
	"monitored events (-mc cpu_op) claim 70.0% of the device time (0.035 of 0.05 ms); 0.01 ms come from 1 launch outside any monitored event; 0.005 ms from device events no launch claimed (their launches are not in the trace, or not of the -hc categories); a wider -mc (-mc cpu_op,user_annotation) may cover more" \
	"$w/coverage.json" -mc cpu_op
"$PROFILE_PARSER" -s "$w/coverage.json" -d "$tmp/out" -mc cpu_op 2>"$tmp/err"
expect_stderr "  device time:   0.05 ms in 4 device events; 0.035 ms (70.0%) under monitored events; 0.01 ms from 1 launch outside any monitored event" \
	"the coverage line of the report"
no_warning "coverage of exactly 90% is no warning" "$w/coverage.json" -mc cpu_op,user_annotation

# Memory columns on a trace without [memory] events: empty, never 0.
expect_warning "memory columns without [memory] events" \
	"no [memory] events (recorded without profile_memory=True?): the memory columns are empty" \
	"$w/coverage.json" -mc cpu_op,user_annotation --columns "name,host memory(bytes),self device memory(bytes)"
printf '"name","host memory(bytes)","self device memory(bytes)"\r\n"op","",""\r\n"outside","",""\r\n' > "$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && pass "memory cells are empty" || { fail "memory cells are empty"; cat "$tmp/out"; }
"$PROFILE_PARSER" -q -s "$w/coverage.json" -d "$tmp/out.jsonl" --format jsonl -mc cpu_op --columns "name,device memory(bytes)"
[ "$(cat "$tmp/out.jsonl")" = '{"name":"op","device memory(bytes)":null}' ] && pass "memory values are null in JSON Lines" \
	|| fail "memory values are null in JSON Lines: $(cat "$tmp/out.jsonl")"

# No row written, and which option did it.
expect_warning "no row: --min_depth below the deepest level" \
	"no row written, although the trace has 1 monitored event: removed by --min_depth 3, deeper than the deepest level (1)" \
	"$w/coverage.json" -mc cpu_op --min_depth 3
expect_warning "no row: --skip-empty-shapes" \
	"no row written, although the trace has 2 monitored events: removed by --skip-empty-shapes: no monitored event has Input Dims (recorded without record_shapes=True?)" \
	"$w/coverage.json" -mc cpu_op,user_annotation --skip-empty-shapes
printf 'op\n# a comment\nnosuch\n' > "$tmp/names"
expect_warning "no row: --exclude" \
	"no row written, although the trace has 1 monitored event: removed by --exclude" \
	"$w/coverage.json" -mc cpu_op --exclude "$tmp/names"
"$PROFILE_PARSER" -s "$w/coverage.json" -d "$tmp/out" --summary name -mc cpu_op --min_depth 2 2>"$tmp/err"
expect_stderr "no row written, although the trace has 1 monitored event: removed by --min_depth 2" "a summary with no row warns too"

# Names of --opaque and --exclude that match no monitored event.
expect_warning "unmatched --exclude names" "1 name of --exclude matches no monitored event: 'nosuch'" \
	"$w/coverage.json" -mc cpu_op,user_annotation --exclude "$tmp/names"
printf 'zz\naa\nop\n' > "$tmp/opaque"
expect_warning "unmatched --opaque names, sorted" "2 names of --opaque match no monitored event: 'aa', 'zz'" \
	"$w/coverage.json" -mc cpu_op --opaque "$tmp/opaque"
# An Execution Trace of which no node joins: the counts, never "0 of 0".
expect_warning "an Execution Trace that joins nothing" \
	"the Execution Trace does not overlap the trace (collected at different times?): none of its 6 nodes joins any of the 14 rows" \
	"$top_srcdir/examples/example_trace.json" -mc cpu_op --et "$top_srcdir/tests/et/other_run_et.json"
# Launches of two processes share a correlation id: a merged trace.
expect_warning "launches of two processes share correlation ids" \
	"1 launch carries the correlation id of a launch of another process (traces of several processes merged?): device events go to the first launch of each id, of any process; their attribution is unreliable" \
	"$w/merged.json" -mc cpu_op
# Graph launches replay 10% or more of the device time and no --graph-capture
# is given (SPEC 14.4): the example trace's cudaGraphLaunch replays 3 kernels,
# 0.03375 of its 0.180925 ms (18.65...%, 18.7%); that is all it warns of.
graph_line="graph launches replay 0.03375 ms (18.7% of the device time), all of it on the ops that called the replays (or on none); --graph-capture FILE, a trace profiled while the graphs were captured, puts it under the ops that captured them"
expect_warning "graph launches replay 10% or more, no --graph-capture" "$graph_line" \
	"$top_srcdir/examples/example_trace.json" -mc cpu_op,user_annotation
"$PROFILE_PARSER" -s "$top_srcdir/examples/example_trace.json" -d "$tmp/out" -mc cpu_op,user_annotation 2>"$tmp/err"
[ "$(grep -c "^profile_parser: warning: " "$tmp/err")" -eq 1 ] && pass "the example trace warns of nothing else" \
	|| fail "the example trace warns of more: $(grep "warning: " "$tmp/err")"
# With the trace as its own capture (it captures nothing): no such warning;
# its graph launch matches no window, which is said instead.
"$PROFILE_PARSER" -s "$top_srcdir/examples/example_trace.json" --graph-capture "$top_srcdir/examples/example_trace.json" \
	-d "$tmp/out" -mc cpu_op,user_annotation 2>"$tmp/err"
! grep -q "graph launches replay" "$tmp/err" && grep -q "1 of 1 graph launch matched no capture window" "$tmp/err" \
	&& pass "with --graph-capture: no hint, the launch left unmatched said" || { fail "with --graph-capture:"; cat "$tmp/err"; }
# No warning about an option the view does not read (src/analysis/uses.h). The step
# summary takes launches by time, not -mc: on coverage.json (no
# python_function, 70% coverage) it says nothing of -mc nor of coverage;
# it still checks -hc, and the kernel summary, whose "launched by" reads
# -mc, still warns. The flame formats read neither the filters nor --step.
"$PROFILE_PARSER" -s "$w/coverage.json" -d "$tmp/out" --summary step 2>"$tmp/err"
grep -q -- '-mc\|monitored events claim' "$tmp/err" \
	&& fail "--summary step: no warning about -mc, which it does not read: $(grep warning "$tmp/err")" \
	|| pass "--summary step: no warning about -mc, which it does not read"
expect_warning "--summary step: -hc, which it reads" \
	"-hc nosuch matches no event; the trace's categories: kernel (4), cuda_runtime (3), cpu_op (1), user_annotation (1)" \
	"$w/coverage.json" --summary step -hc nosuch
expect_warning "--summary kernel: -mc, which its launched by reads" \
	"-mc python_function matches no event; the trace's categories: kernel (4), cuda_runtime (3), cpu_op (1), user_annotation (1)" \
	"$w/coverage.json" --summary kernel
no_warning "folded: --exclude and --step, which it does not read" "$w/coverage.json" -mc cpu_op,user_annotation \
	--format folded --exclude "$tmp/names" --step 3
# A trace in PyTorch's legacy format (legacy.json: a bare array of "CPU
# functions" events of no cat, args empty, as PyTorch writes without
# Kineto) keeps no shapes, memory events or ids: the warnings say so rather
# than blame record_shapes, profile_memory or the Execution Trace.
legacy_text="the trace is in PyTorch's legacy format (\"CPU functions\" events of no category and empty args: what PyTorch writes without Kineto), which keeps no shapes, memory events or ids"
expect_warning "legacy format: --summary perf says why nothing is modelled" \
	"no op is modelled, and the perf columns are empty: $legacy_text" "$w/legacy.json" -mc cpu_op --summary perf
expect_warning "legacy format: a perf column, the default -mc" \
	"no op is modelled, and the perf columns are empty: $legacy_text" "$w/legacy.json" --columns name,flops
expect_warning "legacy format: the memory columns" \
	"no [memory] events ($legacy_text): the memory columns are empty" "$w/legacy.json" -mc cpu_op \
	--columns "name,host memory(bytes)"
expect_warning "legacy format: --skip-empty-shapes" \
	"no row written, although the trace has 3 monitored events: removed by --skip-empty-shapes: no monitored event has Input Dims ($legacy_text)" \
	"$w/legacy.json" -mc cpu_op --skip-empty-shapes
expect_warning "legacy format: --et joins nothing" \
	"the Execution Trace joins none of the 3 rows: $legacy_text" "$w/legacy.json" -mc cpu_op \
	--et "$top_srcdir/tests/et/other_run_et.json"
"$PROFILE_PARSER" -s "$w/legacy.json" -d "$tmp/out" -mc cpu_op --columns "name,flops,host memory(bytes)" \
	--skip-empty-shapes --et "$top_srcdir/tests/et/other_run_et.json" 2>"$tmp/err"; status=$?
[ $status = 0 ] && grep -q "warning: .*legacy format" "$tmp/err" &&
	! grep -q "record_shapes\|profile_memory\|collected at different times" "$tmp/err" \
	&& pass "legacy format: no option blamed" || fail "legacy format: an option blamed (status $status): $(cat "$tmp/err")"
# One event with a cat (legacy_mixed.json): not the legacy format
expect_warning "a Kineto trace with one \"CPU functions\" event: record_shapes is blamed" \
	"no monitored op of the models' table has Input Dims: no op is modelled, and the perf columns are empty (the trace was recorded without record_shapes=True, or its ops are not monitored: -mc cpu_op monitors them)" \
	"$w/legacy_mixed.json" -mc cpu_op --summary perf
expect_warning "a Kineto trace with one \"CPU functions\" event: profile_memory is blamed" \
	"no [memory] events (recorded without profile_memory=True?): the memory columns are empty" \
	"$w/legacy_mixed.json" -mc cpu_op --columns "name,host memory(bytes)"
# --summary perf with shapes and nothing counted says why: no device events
# (cpu_shapes.json: aten::mm and aten::add, both modelled, on the host); a
# modelled op that launched nothing on a trace with kernels (host_shapes.json:
# aten::mm, no launch; aten::fill_, not in the table, launches); ops of the
# table not modelled (unknown_type.json: a complex mm, a bmm of rank 2, a
# relu of empty Input Dims, by reason)
expect_warning "--summary perf: no device events" \
	"no op is counted, and the perf columns are empty: the trace has no device events (a run on the CPU?): its 2 modelled ops ran on the host" \
	"$w/cpu_shapes.json" -mc cpu_op --summary perf
expect_warning "--summary perf: the modelled op launched nothing" \
	"no op is counted, and the perf columns are empty: its 1 modelled op launched no device event (ran on the host)" \
	"$w/host_shapes.json" -mc cpu_op --summary perf
expect_warning "--summary perf: no op modelled, by reason" \
	"no op is modelled, and the perf columns are empty: of the ops of the models' table, 1 with no shapes, 1 with a tensor of an unknown type, 1 with inputs the models cannot read (malformed, of other ranks or forms)" \
	"$w/unknown_type.json" -mc cpu_op --summary perf
finish
