#!/bin/sh
# Every real trace of ../shared/traces (or $PROFILE_PARSER_TRACES) runs with
# -mc cpu_op and with the defaults, without an error and with a well-formed
# CSV. Skipped (77) where that folder does not exist.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need_traces

for trace in "$traces"/*.json.gz; do
	name=$(basename "$trace" .json.gz)
	case "$name" in
	*_et) # an Execution Trace is not a Kineto trace: a clear refusal
		"$PROFILE_PARSER" -s "$trace" -d "$tmp/x.csv" 2>"$tmp/err"; status=$?
		expect_status 1 "$name refused"
		expect_stderr "Execution Trace" "$name: the message says what it is"
		continue ;;
	esac
	for options in "-mc cpu_op" ""; do
		# shellcheck disable=SC2086
		"$PROFILE_PARSER" -s "$trace" -d "$tmp/x.csv" $options 2>"$tmp/err"; status=$?
		rows=$(grep -o 'rows: *[0-9]*' "$tmp/err" | grep -o '[0-9]*$')
		lines=$(grep -c "$(printf '\r')$" "$tmp/x.csv" 2>/dev/null || echo 0)
		if [ "$status" -ne 0 ]; then
			fail "$name ${options:-(defaults)}: exit status $status: $(cat "$tmp/err")"
		elif [ "$(head -c 7 "$tmp/x.csv")" != '"name",' ]; then
			fail "$name ${options:-(defaults)}: no header"
		elif [ -z "$rows" ] || [ "$lines" -lt "$((rows + 1))" ]; then
			fail "$name ${options:-(defaults)}: the report says $rows rows, the CSV has $lines lines"
		else
			pass "$name ${options:-(defaults)}: $rows rows"
		fi
	done
	# --leaves writes exactly the rows that have no child in the full output
	if [ -n "${PYTHON3:-}" ] || command -v python3 >/dev/null; then
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/full.csv" -mc cpu_op,user_annotation
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/leaves.csv" -mc cpu_op,user_annotation --leaves
		childless=$(python3 -c '
import csv, sys
csv.field_size_limit(1 << 30)
names = [r[0] for r in csv.reader(open(sys.argv[1], newline="", encoding="utf-8"))][1:]
print(sum(1 for i, n in enumerate(names) if i + 1 == len(names) or not names[i + 1].startswith(n + "$$")))
' "$tmp/full.csv")
		leaves=$(($(grep -c "$(printf '\r')\$" "$tmp/leaves.csv") - 1))
		[ "$childless" = "$leaves" ] && pass "$name: --leaves rows ($leaves) are the childless rows" \
			|| fail "$name: --leaves wrote $leaves rows, the full output has $childless childless"
	fi
	# the number of worker threads never changes the output
	PROFILE_PARSER_THREADS=1 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/one.csv" -mc cpu_op,user_annotation
	PROFILE_PARSER_THREADS=4 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/four.csv" -mc cpu_op,user_annotation
	cmp -s "$tmp/one.csv" "$tmp/four.csv" && pass "$name: 1 and 4 workers agree" || fail "$name: 1 and 4 workers differ"
done
finish
