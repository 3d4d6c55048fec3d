#!/bin/sh
# Every input in tests/fuzz/regressions (each once crashed or misbehaved under
# scripts/fuzz.sh) gets an answer: exit 0 with a CSV, or exit 1 with one line
# naming the file. Never a crash.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
for input in "$top_srcdir"/tests/fuzz/regressions/*; do
	case "$input" in */README) continue ;; esac
	name=$(basename "$input")
	"$PROFILE_PARSER" -s "$input" -d "$tmp/out.csv" -mc cpu_op,user_annotation,python_function 2>"$tmp/err"
	status=$?
	if [ "$status" -eq 0 ] || { [ "$status" -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF "$name" "$tmp/err"; }; then
		pass "$name: exit $status"
	else
		fail "$name: exit $status"; cat "$tmp/err"
	fi
done
finish
