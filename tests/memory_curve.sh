#!/bin/sh
# The memory figures of SPEC 21 on every shared trace with [memory] events:
# --summary memory cell by cell against the trace's JSON read by Python
# (tests/memory_check.py: events, allocations, frees, allocated total, peak
# and its ts, peak reserved, final, out of memory), and the curve's
# identities: peak >= final, allocations + frees <= events, the peak the
# curve's largest value, the timeline's allocated at 5,000 bins (100,000 in make check-slow) the
# curve's value at each bin's end and never above it (one accelerator), each step's peak and each node's memory peak increase within
# it. Also: --summary memory with --format folded or svg is a usage error,
# its table runs, and several traces make one table with the rank first. The hand-worked fixtures are tests/cases/memory_*.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
cases=$top_srcdir/tests/cases

for format in folded svg; do
	"$PROFILE_PARSER" -s "$cases/memory_summary.json" -d "$tmp/out.$format" --summary memory --format $format 2>"$tmp/err"; status=$?
	expect_status 2 "--summary memory --format $format is a usage error"
done
COLUMNS=300 "$PROFILE_PARSER" -s "$cases/memory_summary.json" -d - --summary memory --format table -q -mc cpu_op > "$tmp/table"
grep -q 'fwd\$\$mm' "$tmp/table" && [ "$(wc -l < "$tmp/table")" -eq 5 ] \
	&& pass "the table: a header, a rule and three rows" || { fail "the table"; cat "$tmp/table"; }

# several traces into one file: one table, the rank first (SPEC 21); a trace
# without a rank (no distributedInfo, no number in its name) gets its
# position in the list (as SPEC 13.2). By hand from tests/cases/memory_shared
# and memory_summary (their .working files).
"$PROFILE_PARSER" -q -s "$cases/memory_shared.json" -s "$cases/memory_summary.json" -d "$tmp/both.csv" -mc cpu_op \
	--summary memory --columns 'device,events,peak allocated(bytes),peak in'
expect_file() { # WHAT FILE EXPECTED
	printf '%s\n' "$3" | sed 's/$/\r/' > "$tmp/want"
	cmp -s "$tmp/want" "$2" && pass "$1" || { fail "$1"; diff "$tmp/want" "$2" | head -20; }
}
expect_file "two traces, one table with the rank first" "$tmp/both.csv" '"rank","device","events","peak allocated(bytes)","peak in"
"0","cpu","1","2",""
"0","cpu","1","1","a"
"0","0","1","5368710",""
"0","0","1","3221225472","a"
"0","0","1","1",""
"1","cpu","2","64","fwd$$mm"
"1","0","7","2705326080","fwd$$mm"
"1","1","2","768",""'
"$PROFILE_PARSER" -q -s "$cases/memory_shared.json" -s "$cases/memory_summary.json" -d "$tmp/each/" -mc cpu_op \
	--summary memory --columns 'device,events'
expect_file "two traces into a directory: a file each, no rank" "$tmp/each/memory_summary.csv" '"device","events"
"cpu","2"
"0","7"
"1","2"'

need_traces
# 100,000 bins in make check-slow (PROFILE_PARSER_SLOW=1), 5,000 in make check
bins=5000
[ "${PROFILE_PARSER_SLOW:-0}" = 1 ] && bins=100000
checked=0
for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	gzip -dc "$trace" | grep -q '"\[memory\]"' || continue
	checked=$((checked + 1))
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/summary.jsonl" --summary memory &&
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/timeline.csv" --summary timeline --bins "$bins" --columns 'device,end(us),allocated(bytes)' &&
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/step.jsonl" --summary step --columns 'step,peak allocated(bytes),memory growth(bytes)' &&
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/nodes.jsonl" -mc cpu_op --columns 'name,memory peak increase(bytes)' ||
		{ fail "$name: profile_parser failed"; continue; }
	if python3 "$top_srcdir/tests/memory_check.py" "$trace" "$tmp/summary.jsonl" "$tmp/timeline.csv" "$tmp/step.jsonl" \
		"$tmp/nodes.jsonl" > "$tmp/why"; then
		pass "$name: --summary memory cell by cell, and the curve's identities"
	else
		fail "$name:"; cat "$tmp/why"
	fi
done
[ "$checked" -gt 0 ] || skip "no shared trace has [memory] events"
finish
