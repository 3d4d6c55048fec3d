#!/bin/sh
# valgrind --leak-check=full on every fixture of tests/cases: no error and no
# definite leak. Skipped (77) without valgrind, and in sanitizer builds.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need valgrind valgrind
if ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then skip_all "a sanitizer build; valgrind runs in a plain build (./configure without --enable-sanitizers)"; fi
for trace in "$cases"/*.json "$top_srcdir"/tests/fuzz/regressions/*.json; do
	name=$(basename "$trace" .json)
	set --
	[ -f "$cases/$name.args" ] && eval "set -- $(cat "$cases/$name.args")"
	valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out" "$@" 2>"$tmp/err" # no extension: the format of the args
	status=$?
	# a fuzz regression may be refused (exit 1), as tests/fuzz_regressions.sh allows; 99 is valgrind's
	case "$status:$trace" in
	0:* | 1:*/fuzz/regressions/*) pass "$name under valgrind: exit $status" ;;
	*) fail "$name under valgrind: exit $status"; cat "$tmp/err" ;;
	esac
done
printf '{"traceEvents": [{"ph": "X", "cat": "cpu_op", "ts": 1, "dur": tru}]}' > "$tmp/bad.json"
valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
	"$PROFILE_PARSER" -q -s "$tmp/bad.json" -d "$tmp/out.csv" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] && pass "a refused trace under valgrind" || { fail "a refused trace under valgrind: exit $status"; cat "$tmp/err"; }
# many traces of one name, gzip-compressed; an output refused as an input
mkdir -p "$tmp/a" "$tmp/b"
cp "$cases/object_form.json" "$tmp/a/t.json"
cp "$cases/forest.json" "$tmp/b/t.json"
valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
	"$PROFILE_PARSER" -q -s "$tmp/a/t.json" -s "$tmp/b/t.json" -s "$tmp/a/t.json" -d "$tmp/many/" --compress -mc cpu_op 2>"$tmp/err"
status=$?
[ "$status" -eq 0 ] && [ -f "$tmp/many/a_t.csv.gz" ] && pass "traces of one name, compressed, under valgrind" \
	|| { fail "traces of one name under valgrind: exit $status"; cat "$tmp/err"; }
valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
	"$PROFILE_PARSER" -q -s "$tmp/a/t.json" -d "$tmp/a/t.json" 2>"$tmp/err"
status=$?
[ "$status" -eq 2 ] && pass "an output refused as an input under valgrind" || { fail "an output refused as an input under valgrind: exit $status"; cat "$tmp/err"; }
finish
