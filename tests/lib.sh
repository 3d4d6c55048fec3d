# Shared by the integration tests: where things are, and pass/fail counting.
# shellcheck shell=sh
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PROFILE_PARSER:=$top_srcdir/profile_parser}"
cases=$top_srcdir/tests/cases
# The shared folder beside the checkout (real traces, conformance cases,
# benchmark yardstick), and the folder of real traces; both can be moved.
shared=${PROFILE_PARSER_SHARED:-$top_srcdir/../shared}
traces=${PROFILE_PARSER_TRACES:-$shared/traces}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# skip WHY: ends the test as skipped (77), with one line saying why and how
# to run it.
skip() {
	echo "SKIP: $*"
	exit 77
}

# have_traces [FILE...]: whether the real traces (and these files among
# them) are there; if not, says which are missing and how to point to them.
have_traces() {
	[ -d "$traces" ] || { echo "no real traces at $traces; $traces_how"; return 1; }
	for file in "$@"; do
		[ -f "$traces/$file" ] || { echo "no $file in $traces; $traces_how"; return 1; }
	done
}
traces_how="to use them, PROFILE_PARSER_TRACES=DIR make check (DIR: a folder of the shared traces)"

# need_traces [FILE...]: skips the test unless have_traces.
need_traces() {
	why=$(have_traces "$@") || skip "$why"
}

# need COMMAND PACKAGE: skips the test unless COMMAND is installed.
need() {
	command -v "$1" >/dev/null || skip "$1 is not installed; to run this test, install $2"
}

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

# expect_output DESCRIPTION WANT: $tmp/out holds exactly WANT (CR LF stripped).
expect_output() {
	got=$(tr -d '\r' < "$tmp/out")
	if [ "$got" = "$2" ]; then pass "$1"; else fail "$1: got"; echo "$got"; echo "wanted"; echo "$2"; fi
}
