#!/bin/sh
# Every real trace of ../shared/traces (or $PROFILE_PARSER_TRACES) runs with
# -mc cpu_op and with the defaults, without an error and with a well-formed
# CSV whose rows (counted by Python's CSV reader) are exactly the report's,
# and with -mc cpu_op the monitored nodes; a defaults run that writes no row
# says why (the default -mc python_function keeps nn.Module events only, and
# most traces have none). Skipped where that folder does not exist.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need_traces
have_python=false
command -v python3 >/dev/null && have_python=true
$have_python || skip "the rows counted by a CSV parser, --leaves: python3 is not installed"

# csv_rows FILE: the records of FILE, a CSV, less the header
csv_rows() {
	python3 -c '
import csv, sys
csv.field_size_limit(1 << 30)
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    print(sum(1 for _ in csv.reader(f)) - 1)' "$1"
}

# run NAME LABEL OPTIONS...: $tmp/x.csv from a fresh run; its checks
run() {
	name=$1 label=$2; shift 2
	rm -f "$tmp/x.csv"
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/x.csv" "$@" 2>"$tmp/err"; status=$?
	rows=$(sed -n 's/^  rows: *\([0-9][0-9]*\) written.*/\1/p' "$tmp/err")
	nodes=$(sed -n 's/^  nodes: *\([0-9][0-9]*\) monitored.*/\1/p' "$tmp/err")
	if [ "$status" -ne 0 ]; then
		fail "$name $label: exit status $status: $(cat "$tmp/err")"; return
	elif [ "$(head -c 7 "$tmp/x.csv")" != '"name",' ]; then
		fail "$name $label: no header"; return
	elif [ -z "$rows" ]; then
		fail "$name $label: the report has no rows line:"; cat "$tmp/err"; return
	fi
	if $have_python; then
		records=$(csv_rows "$tmp/x.csv")
		[ "$records" = "$rows" ] && pass "$name $label: $rows rows, as the report says" \
			|| fail "$name $label: the report says $rows rows, the CSV has $records"
	fi
	case $label in
	"-mc cpu_op")
		[ "$rows" = "$nodes" ] && pass "$name $label: a row for each of the $nodes monitored nodes" \
			|| fail "$name $label: $rows rows, $nodes monitored nodes" ;;
	*) # the defaults: rows, or a warning that says why none
		if [ "$rows" -eq 0 ]; then
			grep -q "^profile_parser: warning: .*$name.*python_function" "$tmp/err" \
				&& pass "$name $label: no row, and a warning on python_function says why" \
				|| { fail "$name $label: no row, and no warning on python_function:"; cat "$tmp/err"; }
		else
			[ "$rows" = "$nodes" ] && pass "$name $label: a row for each of the $nodes nn.Module nodes" \
				|| fail "$name $label: $rows rows, $nodes monitored nodes"
		fi ;;
	esac
}

for trace in "$traces"/*.json.gz; do
	name=$(basename "$trace" .json.gz)
	case "$name" in
	*_et) # an Execution Trace is not a Kineto trace: a clear refusal
		rm -f "$tmp/x.csv"
		"$PROFILE_PARSER" -s "$trace" -d "$tmp/x.csv" 2>"$tmp/err"; status=$?
		expect_status 1 "$name refused"
		expect_stderr "Execution Trace" "$name: the message says what it is"
		[ ! -e "$tmp/x.csv" ] && pass "$name: no output" || fail "$name: an output was written"
		continue ;;
	esac
	run "$name" "-mc cpu_op" -mc cpu_op
	run "$name" "(defaults)"
	rm -f "$tmp/full.csv" "$tmp/leaves.csv" "$tmp/one.csv" "$tmp/four.csv"
	# --leaves writes exactly the rows that have no child in the full output
	if $have_python; then
		if ! "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/full.csv" -mc cpu_op,user_annotation ||
			! "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/leaves.csv" -mc cpu_op,user_annotation --leaves; then
			fail "$name: --leaves or its full run failed"
		else
			childless=$(python3 -c '
import csv, sys
csv.field_size_limit(1 << 30)
names = [r[0] for r in csv.reader(open(sys.argv[1], newline="", encoding="utf-8"))][1:]
print(sum(1 for i, n in enumerate(names) if i + 1 == len(names) or not names[i + 1].startswith(n + "$$")))
' "$tmp/full.csv")
			leaves=$(csv_rows "$tmp/leaves.csv")
			[ "$childless" = "$leaves" ] && pass "$name: --leaves rows ($leaves) are the childless rows" \
				|| fail "$name: --leaves wrote $leaves rows, the full output has $childless childless"
		fi
	fi
	# the number of worker threads never changes the output
	if PROFILE_PARSER_THREADS=1 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/one.csv" -mc cpu_op,user_annotation &&
		PROFILE_PARSER_THREADS=4 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/four.csv" -mc cpu_op,user_annotation; then
		cmp -s "$tmp/one.csv" "$tmp/four.csv" && pass "$name: 1 and 4 workers agree" || fail "$name: 1 and 4 workers differ"
	else
		fail "$name: a run with 1 or 4 workers failed"
	fi
done
finish
