#!/bin/sh
# Peak memory at most the input's size (issues 15 and 28), on the
# pathological traces of scripts/make_hostile_trace.py: the smallest events
# by the million (also summarized), B events that no E closes, a thread per
# event, ops with a launch and a kernel each (under 0.9 of the input), and
# rows that list every launch (under half the output). Peak resident memory is read
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

# bounded KIND N ROWS PERCENT [OPTION...]: the trace of KIND with N events,
# read with -mc cpu_op and the OPTIONs, peaks at most at PERCENT % of its
# size; the rows written are checked by count.
bounded() {
	kind=$1 n=$2 want=$3 percent=$4; shift 4
	trace=$tmp/$kind.json
	python3 "$top_srcdir/scripts/make_hostile_trace.py" "$kind" "$n" "$trace" || { fail "$kind $n: no trace made"; return; }
	size=$(($(wc -c < "$trace") * percent / 100))
	peak "$tmp/peak" "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out.csv" -mc cpu_op "$@"
	status=$?
	rows=$(($(wc -l < "$tmp/out.csv") - 1))
	rss=$(cat "$tmp/peak")
	what="$kind $n${1:+ $*}"
	if [ "$status" -ne 0 ]; then fail "$what: exit status $status"
	elif [ "$rows" -ne "$want" ]; then fail "$what: $rows rows, wanted $want"
	elif [ "$rss" -gt "$size" ]; then fail "$what: peak memory $rss bytes, over $percent % of the input: $size"
	else pass "$what: peak memory $rss bytes, $percent % of the input: $size"; fi
	rm -f "$trace" "$tmp/out.csv"
}

bounded minimal 3000000 3000000 100
# a summary adds what it needs for the nodes that own launches only (here none)
bounded minimal 3000000 1 100 --summary name
bounded unmatched 1000000 0 100
bounded threads 2000000 2000000 100
# device events are grouped by launch through their positions, not copied
bounded launches 700000 700000 90

# Rows that list 30000 launches each, 16 of them (54 MB of CSV from 7 MB):
# the output passes through memory a few rows at a time, never held whole,
# so the peak stays under half its size.
trace=$tmp/lists.json
python3 "$top_srcdir/scripts/make_hostile_trace.py" lists 30000 "$trace"
peak "$tmp/peak" "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out.csv" -mc cpu_op
status=$?
rows=$(($(wc -l < "$tmp/out.csv") - 1))
size=$(wc -c < "$tmp/out.csv")
rss=$(cat "$tmp/peak")
if [ "$status" -ne 0 ]; then fail "lists 30000: exit status $status"
elif [ "$rows" -ne 16 ]; then fail "lists 30000: $rows rows, wanted 16"
elif [ "$rss" -gt $((size / 2)) ]; then fail "lists 30000: peak memory $rss bytes, over half the output's $size"
else pass "lists 30000: peak memory $rss bytes, the output $size"; fi
rm -f "$trace" "$tmp/out.csv"
# A chain 20,000 deep (scripts/make_chain_trace.py, 8 MB): the path
# summaries keep each path as its frame under its parent's (issue 33), not
# as one text a node: a path of depth d held d names, 1 GB at this depth
# and 24 GB at 100,000. Peak memory at most 3 times the input read (the
# reading's buffers weigh on 8 MB; the groups are 150 bytes a path), for
# --summary path, its --across-ranks and --diff path (two inputs); --top 5
# writes 5 rows, in full.
chain=$tmp/chain.json
python3 "$top_srcdir/scripts/make_chain_trace.py" --depth 20000 "$chain"
for view in "--summary path" "--summary path --across-ranks" "--diff path"; do
	case $view in
	--diff*) set -- -s "$chain" -s "$chain"; size=$(($(wc -c < "$chain") * 2 * 3)) ;;
	*) set -- -s "$chain"; size=$(($(wc -c < "$chain") * 3)) ;;
	esac
	peak "$tmp/peak" "$PROFILE_PARSER" -q "$@" -d "$tmp/out.csv" -mc cpu_op $view --top 5
	status=$?
	rows=$(($(wc -l < "$tmp/out.csv") - 1))
	rss=$(cat "$tmp/peak")
	# the fifth row's key: the first five frames of the chain, in full
	fifth=$(sed -n 6p "$tmp/out.csv" | cut -d, -f1)
	if [ "$status" -ne 0 ]; then fail "chain 20000, $view: exit status $status"
	elif [ "$rows" -ne 5 ] || [ "$fifth" != '"aten::op0$$aten::op1$$aten::op2$$aten::op3$$aten::op4"' ]; then
		fail "chain 20000, $view: $rows rows, the fifth $fifth"
	elif [ "$rss" -gt "$size" ]; then fail "chain 20000, $view: peak memory $rss bytes, over 3 times the input: $size"
	else pass "chain 20000, $view: peak memory $rss bytes, 3 times the input: $size"; fi
	rm -f "$tmp/out.csv"
done
rm -f "$chain"
# A chain 50,000 deep (21 MB): --summary path --top 5 makes the groups of the
# 5 rows written only, the others' keys and their order's two figures (16
# bytes) alone (src/views/nodes/path_order.h), in 40-byte trie nodes, and keeps no
# args literal (no column reads them): at most 1.25 times the input (1.50
# before, with a 120-byte group a path; at 20,000 deep the reading's own
# buffers outweigh the paths, so this takes a deeper chain). The 100,000-deep
# chain's figure is scripts/bench.sh's.
python3 "$top_srcdir/scripts/make_chain_trace.py" --depth 50000 "$chain"
size=$(($(wc -c < "$chain") * 5 / 4))
peak "$tmp/peak" "$PROFILE_PARSER" -q -s "$chain" -d "$tmp/out.csv" -mc cpu_op --summary path --top 5
status=$?
rows=$(($(wc -l < "$tmp/out.csv") - 1))
rss=$(cat "$tmp/peak")
if [ "$status" -ne 0 ]; then fail "chain 50000, --summary path --top 5: exit status $status"
elif [ "$rows" -ne 5 ]; then fail "chain 50000, --summary path --top 5: $rows rows"
elif [ "$rss" -gt "$size" ]; then fail "chain 50000, --summary path --top 5: peak memory $rss bytes, over 1.25 times the input: $size"
else pass "chain 50000, --summary path --top 5: peak memory $rss bytes, 1.25 times the input: $size"; fi
rm -f "$chain" "$tmp/out.csv"
# 100,000 memory devices, one event each, every other one in a process of
# its own (issue 44; 19 MB): the memory summary's rows read the devices (72
# bytes a row beside the device's 112, no copy), the devices are sorted in
# place and a pid's text is found in O(1) (a walk of the pids for each
# device took minutes: quadratic), so at most 2.5 times the input (3 before,
# at 10^6 devices); and the report has at most 8 memory lines and "and N
# more", not one a device.
trace=$tmp/memory.json
bounded memory 100000 100000 250 --summary memory
python3 "$top_srcdir/scripts/make_hostile_trace.py" memory 100000 "$trace"
"$PROFILE_PARSER" -s "$trace" -d "$tmp/out.csv" -mc cpu_op --summary memory 2>"$tmp/err"
lines=$(grep -c '^  memory: ' "$tmp/err")
if [ "$lines" -eq 9 ] && grep -qF '  memory:        and 99992 more accelerator memory devices (--summary memory lists every one)' "$tmp/err"; then
	pass "memory 100000: 8 memory lines in the report, then how many more"
else
	fail "memory 100000: $lines memory lines in the report:"; grep '^  memory: ' "$tmp/err" | tail -3
fi
rm -f "$trace" "$tmp/out.csv"
finish
