# Shared by the integration tests: where things are, and pass/fail counting.
# shellcheck shell=sh
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PROFILE_PARSER:=$top_srcdir/profile_parser}"
cases=$top_srcdir/tests/cases
# The shared folder beside the checkout (real traces, conformance cases,
# benchmark yardstick), and the folder of real traces; both can be moved.
shared=${PROFILE_PARSER_SHARED:-$top_srcdir/../shared}
traces=${PROFILE_PARSER_TRACES:-$shared/traces}
# Outputs the tests read do not depend on the machine's locale: the C locale
# (a test of another locale sets its own). The number of worker threads is
# pinned where a figure depends on it (memory.sh, faults.sh).
LC_ALL=C; export LC_ALL
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
# Results in TAP, which automake's tap-driver.sh reads: 'ok N - WHAT',
# 'not ok N - WHAT', 'ok N # SKIP WHY' for a part not run, and the plan
# '1..N' at the end (finish). Each result is also a line of $tmp/results, so
# that a check made in a subshell (a pipeline, a function's $(...)) counts.
passed=0 failed=0 skipped=0
: > "$tmp/results"
tap_result() {
	echo "$1" >> "$tmp/results"
	set -- "$1" "$(($(wc -l < "$tmp/results")))" "$2"
	# a '#' escaped: no message of a check reads as a TAP directive (# TODO
	# would turn a failure into an expected one)
	case $1:$3 in pass:*'#'* | fail:*'#'*) set -- "$1" "$2" "$(printf '%s' "$3" | sed 's/#/\\#/g')" ;; esac
	case $1 in
	pass) printf 'ok %s - %s\n' "$2" "$3" ;;
	fail) printf 'not ok %s - %s\n' "$2" "$3" ;;
	skip) printf 'ok %s # SKIP %s\n' "$2" "$3" ;;
	esac
}

# skip WHY: a part of the test not run here (a tool, a trace or a build kind
# missing), counted as a skip; the test goes on. WHY says how to run it.
skip() {
	skipped=$((skipped + 1))
	tap_result skip "$(printf '%s' "$*" | tr '\n#' '  ')"
}

# skip_all WHY: the whole test is skipped; ends it.
skip_all() {
	if [ -s "$tmp/results" ]; then
		skip "$*"
		finish
		exit
	fi
	echo "1..0 # SKIP $(printf '%s' "$*" | tr '\n#' '  ')"
	exit 0
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

# shared_traces: the shared traces a test runs over, one path a line: every
# one under PROFILE_PARSER_SLOW=1 (make check-slow, which .ci/run runs on
# every submission), else those of at most 400,000 bytes (make check within
# its time: the small traces hold every shape of the big ones, graphs,
# MTIA, AMD, memory events, ranks; the big ones cost 85% of the bytes).
# The tests that loop over them are in both make check and make check-slow.
# MAX_BYTES, when given, is make check's bound instead of 400,000.
shared_traces() {
	for trace in "$traces"/*.json.gz; do
		[ -f "$trace" ] || continue
		if [ -n "${PROFILE_PARSER_SLOW:-}" ] || [ "$(wc -c < "$trace")" -le "${1:-400000}" ]; then echo "$trace"; fi
	done
}

# small_shared_traces: the same for the scripts that run a trace many
# times over (the annotated trace's checks, the binding's every view):
# those of at most 50,000 bytes in make check, every one under
# PROFILE_PARSER_SLOW=1 (make check-slow).
small_shared_traces() {
	shared_traces 50000
}

# need_traces [FILE...]: skips the whole test unless have_traces.
need_traces() {
	why=$(have_traces "$@") || skip_all "$why"
}

# The headless browser of the page and SVG tests: $browser, the first of
# chromium, chromium-browser, google-chrome installed (empty: none), and
# render FLAGS... runs it headless (no sandbox: root in containers; no GPU;
# no first-run work) with a private profile, its messages appended to
# $tmp/browser.err.
browser=
for b in chromium chromium-browser google-chrome; do
	command -v "$b" >/dev/null && { browser=$b; break; }
done
render() {
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
		--user-data-dir="$tmp/profile" "$@" 2>>"$tmp/browser.err"
}

# need COMMAND PACKAGE: skips the whole test unless COMMAND is installed.
need() {
	command -v "$1" >/dev/null || skip_all "$1 is not installed; to run this test, install $2"
}

# peak OUT COMMAND...: runs COMMAND (its standard output thrown away); OUT
# gets its peak resident set in bytes, from Python's getrusage of the child.
# Needs python3 (need python3 python3).
peak() {
	out=$1; shift
	python3 -c '
import resource, subprocess, sys
status = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL)
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024))
sys.exit(status)' "$out" "$@"
}

pass() { passed=$((passed + 1)); tap_result pass "$*"; }
fail() { failed=$((failed + 1)); tap_result fail "$*"; }

# Ends the test: the plan, a summary line; exit 1 on any failure.
finish() {
	set -- "$(grep -c '^pass$' "$tmp/results")" "$(grep -c '^fail$' "$tmp/results")" "$(grep -c '^skip$' "$tmp/results")"
	echo "1..$(($1 + $2 + $3))"
	echo "# $1 passed, $2 failed, $3 skipped"
	[ "$2" -eq 0 ]
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
