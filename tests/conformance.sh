#!/bin/sh
# The real-trace conformance check of ../shared/conformance (or of
# $PROFILE_PARSER_SHARED/conformance): 12 cases, cell by cell, each case a
# result here. Skipped where that folder or python3 is missing.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
check=$shared/conformance/check.sh
[ -x "$check" ] || skip_all "no $check; to run it, PROFILE_PARSER_SHARED=DIR make check (DIR: the shared folder, with conformance/ and traces/)"
"$check" "$PROFILE_PARSER" > "$tmp/check" 2>&1; status=$?
[ "$status" -eq 77 ] && skip_all "$check skipped: $(cat "$tmp/check")"
while IFS= read -r line; do
	case $line in
	"PASS "*) pass "${line#PASS }" ;;
	"FAIL "*) fail "${line#FAIL }" ;;
	*) printf '%s\n' "$line" ;;
	esac
done < "$tmp/check"
cases=$(grep -c -e '^PASS ' -e '^FAIL ' "$tmp/check")
[ "$cases" -gt 0 ] && pass "$check ran $cases cases" || fail "$check ran no case: $(cat "$tmp/check")"
if grep -q '^FAIL ' "$tmp/check"; then want=1; else want=0; fi
[ "$status" -eq "$want" ] && pass "check.sh's exit status ($status) agrees with its cases" \
	|| fail "check.sh exited $status, wanted $want"
finish
