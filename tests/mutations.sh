#!/bin/sh
# The mutation list stays true to the tree (scripts/mutate.sh -n): each
# mutation of scripts/mutations.txt names a line that is in its file once,
# so that a change to a guarded line is seen here, in seconds, and not only
# by the mutation check that CI runs for minutes (a mutation that no longer
# applies fails it). Then the dry run itself is checked: a line that is not
# in its file, or is there twice, is reported and fails it.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

mutate=$top_srcdir/scripts/mutate.sh
if out=$(sh "$mutate" -n 2>&1); then
	pass "every mutation applies: $(printf '%s' "$out" | tail -n 1)"
else
	fail "a mutation does not apply (update scripts/mutations.txt with the line as it is now): $out"
fi

# a line not in its file, and a line there twice ('}' is in any .c many times)
printf 'file: src/util/pylit.c\nfrom: a line that is not there;\nto: x;\nrule: absent\n\n' > "$tmp/list"
printf 'file: src/util/pylit.c\nfrom: }\nto: x\nrule: twice\n' >> "$tmp/list"
out=$(sh "$mutate" -n -l "$tmp/list" 2>&1); status=$?
[ "$status" -eq 2 ] && pass "a mutation that does not apply: exit status 2" || fail "a mutation that does not apply: exit status $status, not 2"
case $out in
*"absent"*"NOT APPLIED"*"twice"*"NOT APPLIED"*) pass "both named, each by its rule" ;;
*) fail "both not named: $out" ;;
esac
case $out in *"2 mutations: 0 apply, 2 not applied"*) pass "counted: 2 not applied" ;; *) fail "not counted: $out" ;; esac
finish
