#!/bin/sh
# The progress line: on a terminal, for inputs over 64 MiB, erased when done;
# never when standard error is not a terminal, nor with -q. The terminal is a
# pseudo-terminal from script(1) (skipped, 77, without it).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need script "script(1) (Debian: bsdutils)"
awk 'BEGIN { printf "{\"traceEvents\": ["; for (i = 0; i < 360000; i++) printf "%s{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op_with_a_long_enough_name_%d\", \"pid\": 1, \"tid\": 1, \"ts\": %d, \"dur\": 1, \"args\": {\"External id\": %d, \"note\": \"padding padding padding padding padding\"}}", (i ? ",\n" : ""), i % 1000, 2 * i, i; printf "]}" }' > "$tmp/big.json"
[ "$(wc -c < "$tmp/big.json")" -gt 67108864 ] || { fail "the input is not over 64 MiB"; finish; exit 1; }
script -qec "'$PROFILE_PARSER' -s '$tmp/big.json' -d '$tmp/out.csv' -mc cpu_op --max_depth 1" "$tmp/tty" >/dev/null 2>&1
tr '\r' '\n' < "$tmp/tty" > "$tmp/lines"
grep -aq "profile_parser: reading $tmp/big.json: [0-9]* MB ([0-9]*%), [0-9]* MB/s" "$tmp/lines" \
	&& pass "a progress line on a terminal" || { fail "no progress line on a terminal"; cat "$tmp/lines" | head -5; }
# the report follows an erase sequence, on a line of its own
grep -aqx "$(printf '\033')\\[Kprofile_parser: $tmp/big.json" "$tmp/lines" \
	&& pass "the line is erased when done" || fail "the progress line is not erased"
script -qec "'$PROFILE_PARSER' -q -s '$tmp/big.json' -d '$tmp/out.csv' -mc cpu_op --max_depth 1" "$tmp/tty_quiet" >/dev/null 2>&1
grep -aq "reading" "$tmp/tty_quiet" && fail "a progress line with -q" || pass "no progress line with -q"
"$PROFILE_PARSER" -s "$tmp/big.json" -d "$tmp/out.csv" -mc cpu_op --max_depth 1 2>"$tmp/err"
grep -aq "reading" "$tmp/err" && fail "a progress line when standard error is a file" || pass "no progress line off a terminal"
finish
