#!/bin/sh
# --graph-capture in memory and time linear in the capture's size (issue
# 33): 6,000 nested capture windows around 6,000 launches
# (scripts/make_capture_trace.py), the trace its own capture. Pairing
# every window with every launch it spans took 2 GB (36 million pairs);
# each launch is captured by its innermost window only, so the run with
# --graph-capture peaks at most at twice the run without it. The same for
# windows nested at random depths, replayed 6,000 times (6,000 graph launches
# of a few kernels each: their grafted rows cost what the rows do). Peak resident
# memory is read by Python's getrusage of the child; no timing is
# asserted. Skipped in sanitizer builds and without python3.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
if ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then
	skip_all "a sanitizer build: its shadow memory is not the program's; this runs in a plain build"
fi
PROFILE_PARSER_THREADS=2; export PROFILE_PARSER_THREADS

# bounded WHAT REPORT-LINE GENERATOR-OPTION...: the trace, with and without
# itself as --graph-capture; the report line checked, the peaks compared.
bounded() {
	what=$1 line=$2; shift 2
	trace=$tmp/capture.json
	python3 "$top_srcdir/scripts/make_capture_trace.py" "$@" "$trace" || { fail "$what: no trace made"; return; }
	peak "$tmp/plain" "$PROFILE_PARSER" -q -s "$trace" -d /dev/null -mc cpu_op 2>/dev/null
	peak "$tmp/with" "$PROFILE_PARSER" -s "$trace" --graph-capture "$trace" -d /dev/null -mc cpu_op 2>/dev/null
	status=$?
	"$PROFILE_PARSER" -s "$trace" --graph-capture "$trace" -d /dev/null -mc cpu_op 2>"$tmp/err" >/dev/null
	plain=$(cat "$tmp/plain") with=$(cat "$tmp/with")
	if [ "$status" -ne 0 ]; then fail "$what: exit status $status"
	elif ! grep -qF -- "$line" "$tmp/err"; then fail "$what: wanted '$line'"; grep graph "$tmp/err"
	elif [ "$with" -gt $((2 * plain)) ]; then fail "$what: peak memory $with bytes, over twice $plain (without --graph-capture)"
	else pass "$what: peak memory $with bytes, $plain without --graph-capture"; fi
	rm -f "$trace"
}

bounded "6000 nested windows around 6000 launches" \
	"graph capture: 1 of 1 graph launches matched (1 exact, 0 reordered, 0 partial, 0 by graph id); 6000 of 6000 device events" \
	--shape nested --windows 6000 --launches 6000 --replays 1
bounded "6000 windows at random depths, 6000 replays" "graph capture: 6000 of 6000 graph launches matched" \
	--shape random --windows 6000 --launches 6000 --replays 6000
finish
