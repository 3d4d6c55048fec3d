#!/bin/sh
# valgrind --leak-check=full on every fixture of tests/cases: no error and no
# definite leak. Skipped (77) without valgrind, and in sanitizer builds.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need valgrind valgrind
if ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then skip "a sanitizer build; valgrind runs in a plain build (./configure without --enable-sanitizers)"; fi
for trace in "$cases"/*.json "$top_srcdir"/tests/fuzz/regressions/*.json; do
	name=$(basename "$trace" .json)
	set --
	[ -f "$cases/$name.args" ] && eval "set -- $(cat "$cases/$name.args")"
	valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out.csv" "$@" 2>"$tmp/err"
	status=$?
	if [ "$status" -eq 0 ]; then pass "$name under valgrind"; else fail "$name under valgrind: exit $status"; cat "$tmp/err"; fi
done
printf '{"traceEvents": [{"ph": "X", "cat": "cpu_op", "ts": 1, "dur": tru}]}' > "$tmp/bad.json"
valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
	"$PROFILE_PARSER" -q -s "$tmp/bad.json" -d "$tmp/out.csv" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] && pass "a refused trace under valgrind" || { fail "a refused trace under valgrind: exit $status"; cat "$tmp/err"; }
finish
