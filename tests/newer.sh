#!/bin/sh
# Newer traces (SPEC 24): tests/newer/all.json holds every shape Kineto and
# PyTorch write since 2025 (see tests/newer/README). It is read in every view
# and format without a warning it does not deserve (the one deserved: its
# [OutOfMemory] instant, where the memory events are read), and every
# integer keeps its digits in args, kernel infos, JSON Lines and summary
# keys. With rank1.json (its collectives' numbers rewritten as strings), the
# collective instances are matched by Comms Id across ranks (SPEC 20.1).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
newer=$top_srcdir/tests/newer
all=$newer/all.json
pp() { "$PROFILE_PARSER" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }

# Each view and format: exit 0, something written, no warning but the OOM one.
for view in "" "--summary path" "--summary name" "--summary step" "--summary kernel" "--summary perf" \
	"--summary collective" "--summary timeline" "--summary idle" "--summary memory" "--summary findings" \
	"--format jsonl" "--format table" "--format folded" "--format svg" "--format html" \
	"--summary path --format jsonl" "--summary kernel --format table" "--summary step --format html"; do
	for mc in "-mc cpu_op" ""; do
		case "$mc:$view" in :*table* | :*svg* | :*html*) ;; :*) continue ;; esac # table, svg, html: by the trace
		# shellcheck disable=SC2086
		pp -s "$all" -d - $mc $view
		others=$(grep 'warning:' "$tmp/err" | grep -v '1 \[OutOfMemory\] event: the first at 0.16 ms, in ')
		if [ "$status" -eq 0 ] && [ -s "$tmp/out" ] && [ -z "$others" ]; then pass "all.json $mc $view: read, no undeserved warning"
		else fail "all.json $mc $view: status $status, warnings: $others"; fi
	done
done

# The fixtures of each change (tests/cases/newer_*.json): no warning in the
# views that find nothing to say (--summary findings without a finding was
# "no row written ... removed by the depth bounds", which no bound did).
for trace in "$cases"/newer_stream_sync.json "$cases"/newer_spans.json "$cases"/newer_memcpy_zero.json; do
	for view in "--summary findings" "--summary idle" "--summary kernel"; do
		# shellcheck disable=SC2086
		pp -s "$trace" -d - -mc cpu_op $view
		if [ "$status" -eq 0 ] && ! grep -q 'warning:' "$tmp/err"; then pass "$(basename "$trace") $view: no warning"
		else fail "$(basename "$trace") $view: $(grep 'warning:' "$tmp/err")"; fi
	done
done

# What is a node, a launch, a device event (tests/newer/README): with the
# categories --format table chooses, the step, fwd, record_param_comms and
# aten::mm; not the span row, the counters, the Stream Sync, the instants.
pp -s "$all" -d - --format table
grep -q 'nodes: *4 monitored on 1 thread, deepest level 3' "$tmp/err" \
	&& grep -q 'launches: *6 (5 with device work; 6 attributed, 0 unattributed)' "$tmp/err" \
	&& grep -q 'device events: 5 (5 claimed, 0 unclaimed)' "$tmp/err" \
	&& grep -q 'events: *25 read (0.0 MB), 0 skipped (0 malformed' "$tmp/err" \
	&& pass "spans, counters, cuda_sync: no node, launch or device event; nothing skipped" \
	|| { fail "spans, counters, cuda_sync"; cat "$tmp/err"; }

# The [OutOfMemory] instant: counted on device 0's row, warned about with its time and op.
pp -s "$all" -d - -mc cpu_op --summary memory
grep -q '^"1","0","1","1","0","1024","1024","205","ProfilerStep#1","fwd\$\$aten::mm","2097152","1024","85000000000","1"' "$tmp/out" \
	&& grep -qF 'all.json: 1 [OutOfMemory] event: the first at 0.16 ms, in fwd$$aten::mm' "$tmp/err" \
	&& pass "[OutOfMemory]: counted on its device's row (not an event), warned about" \
	|| { fail "[OutOfMemory]"; cat "$tmp/out" "$tmp/err"; }

# Digits intact: args and kernel infos (CSV and JSON Lines), summary keys.
digits='123456789012345678901234567890 -9223372036854775809 18446744073709551557 9223372036854775809 18446744073709551615 9223372036854775808 36893488147419103232'
for format in csv jsonl; do
	pp -q -s "$all" -d - -mc cpu_op --format $format --columns 'name,args,kernel infos'
	missing=
	for d in $digits; do grep -q -- "$d" "$tmp/out" || missing="$missing $d"; done
	[ -z "$missing" ] && [ "$status" -eq 0 ] && pass "$format: every integer's digits in args and kernel infos" \
		|| fail "$format: digits missing:$missing"
done
for format in csv jsonl; do
	pp -q -s "$all" -d - -mc cpu_op --summary collective --format $format
	[ "$(grep -c '36893488147419103232' "$tmp/out")" -eq 1 ] && pass "$format: a 2^65-element message keeps its digits in the summary key" \
		|| { fail "$format: summary key"; cat "$tmp/out"; }
done
pp -q -s "$all" -d - -mc cpu_op --columns 'name,kernel infos'
grep -qF "'graph id': 18446744073709551615, 'graph node id': 9223372036854775809" "$tmp/out" \
	&& grep -qF "'occupancy': {'blocks per SM': 1, 'warps per SM': 4, 'limiter': 'registers'}, 'priority': 0" "$tmp/out" \
	&& grep -qF "'bytes': 0, 'graph id': 0, 'graph node id': 0}" "$tmp/out" \
	&& pass "kernel infos: graph ids, occupancy, priority, the zero-length copy as written" || fail "kernel infos"

# Both ranks: collective instances by Comms Id, a number on rank 0 and a string on rank 1 (tests/newer/README).
pp -s "$all" -s "$newer/rank1.json" -d - -mc cpu_op --summary rank
got=$(awk -F'","' 'NR > 1 { sub(/^"/, "", $1); print $1, $8, $9, $10, $11, $12 }' "$tmp/out" | tr '\n' ';')
[ "$got" = "1 2 0.0 0.04 1 0.01;0 2 0.01 0.04 1 0.0;" ] && ! grep -q 'warning:.*count' "$tmp/err" \
	&& pass "--summary rank: the instances matched by Comms Id as written" || { fail "--summary rank: $got"; cat "$tmp/err"; }
finish
