#!/bin/sh
# Peak memory at most the input's size (issue 15), on the pathological traces
# of scripts/make_hostile_trace.py: the smallest events by the million, B
# events that no E closes, a thread per event. Peak resident memory is read
# by Python's getrusage of the child. Skipped in sanitizer builds (their
# shadow memory is not the program's) and without python3.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
if ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then
	skip_all "a sanitizer build: its shadow memory is not the program's; this runs in a plain build"
fi

# Memory grows with the worker threads (a stack and an arena each): the same
# number on every machine, CI's.
PROFILE_PARSER_THREADS=2; export PROFILE_PARSER_THREADS

# peak OUT COMMAND...: runs COMMAND; OUT gets its peak resident set in bytes.
peak() {
	out=$1; shift
	python3 -c '
import resource, subprocess, sys
status = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL)
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024))
sys.exit(status)' "$out" "$@"
}

# bounded KIND N: the trace of KIND with N events, read with -mc cpu_op,
# peaks at most at its size; the rows written are checked by count.
bounded() {
	trace=$tmp/$1.json
	python3 "$top_srcdir/scripts/make_hostile_trace.py" "$1" "$2" "$trace" || { fail "$1 $2: no trace made"; return; }
	size=$(wc -c < "$trace")
	peak "$tmp/peak" "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out.csv" -mc cpu_op
	status=$?
	rows=$(($(wc -l < "$tmp/out.csv") - 1))
	rss=$(cat "$tmp/peak")
	if [ "$status" -ne 0 ]; then fail "$1 $2: exit status $status"
	elif [ "$rows" -ne "$3" ]; then fail "$1 $2: $rows rows, wanted $3"
	elif [ "$rss" -gt "$size" ]; then fail "$1 $2: peak memory $rss bytes, over the input's $size"
	else pass "$1 $2: peak memory $rss bytes, the input $size"; fi
	rm -f "$trace" "$tmp/out.csv"
}

bounded minimal 3000000 3000000
bounded unmatched 1000000 0
bounded threads 2000000 2000000
finish
