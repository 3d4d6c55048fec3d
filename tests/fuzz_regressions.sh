#!/bin/sh
# Every input in tests/fuzz/regressions (each once crashed or misbehaved under
# scripts/fuzz.sh) gets an answer: exit 0 with a CSV, or exit 1 with one line
# naming the file. Never a crash. And the harness of scripts/fuzz.sh, built
# by make check without libFuzzer (tests/fuzz/replay), replays them and the
# fixtures of tests/cases without a crash: a harness that no longer builds
# or runs fails here, not only when someone fuzzes.
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
replay=${abs_top_builddir:-$top_srcdir}/tests/fuzz/replay
if [ -x "$replay" ]; then
	count=0 failed=0
	for input in "$top_srcdir"/tests/fuzz/regressions/* "$top_srcdir"/tests/cases/*.json; do
		case "$input" in */README) continue ;; esac
		count=$((count + 1))
		G_SLICE=always-malloc "$replay" "$input" 2>"$tmp/err"
		status=$?
		if [ "$status" -ne 0 ]; then
			fail "the fuzz harness on $(basename "$input"): exit $status"; cat "$tmp/err"; failed=$((failed + 1))
		fi
	done
	[ "$count" -gt 0 ] && [ "$failed" = 0 ] && pass "the fuzz harness (tests/fuzz/replay) replays $count inputs"
else
	fail "no fuzz harness at $replay (make check builds it)"
fi
finish
