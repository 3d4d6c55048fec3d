# Shared by the integration tests: where things are, and pass/fail counting.
# shellcheck shell=sh
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PROFILE_PARSER:=$top_srcdir/profile_parser}"
cases=$top_srcdir/tests/cases
shared=$top_srcdir/../shared
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# Ends the test with a summary line; exit 1 on any failure.
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}

# expect_status WANT DESCRIPTION: compares $status with WANT.
expect_status() {
	if [ "$status" -eq "$1" ]; then pass "$2"; else fail "$2: exit status $status, wanted $1"; cat "$tmp/err" 2>/dev/null; fi
}

# expect_stderr TEXT DESCRIPTION: $tmp/err holds TEXT.
expect_stderr() {
	if grep -qF -- "$1" "$tmp/err"; then pass "$2"; else fail "$2: standard error lacks '$1':"; cat "$tmp/err"; fi
}
