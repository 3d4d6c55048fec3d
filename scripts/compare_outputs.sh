#!/usr/bin/env bash
# Byte identity of two builds: runs OLD and NEW profile_parser over the runs
# of scripts/output_runs.sh (every trace of TRACES_DIR, default
# ../shared/traces, the example trace and tests/cases/*.json, with option
# sets that cover every view and format, and the runs of many traces) and
# compares their standard outputs (with the files they write), exit statuses
# and standard errors byte for byte (the report's wall-time line masked: it
# is the one figure that may differ between two runs of one binary).
#
#   scripts/compare_outputs.sh OLD_BINARY NEW_BINARY [TRACES_DIR]
#
# Prints each run that differs (its options and a diff of the first lines),
# then "N runs, M differ"; exits 0 when none differs, 1 otherwise, 2 on a
# usage error. $COMPARE_QUICK=1 runs the traces over 1 MB (gzip) with four
# option sets only, as tests/golden.sh does.
#
# Two ways to the same guard. `make check` compares the build with the
# hashes recorded in tests/outputs.sha256 (tests/golden.sh, by
# scripts/record_outputs.sh over the same runs): a change meant to change an
# output records them again and commits the file, whose diff names the runs
# it changed. This script says how they changed: against the previous
# commit's binary (e.g. `git worktree add /tmp/base HEAD~ && make -C
# /tmp/base`), it shows the first lines of each difference, for a change
# meant to keep every output (a refactoring, a speed-up) or to review one
# meant to change some.
set -u
[ $# -ge 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY [TRACES_DIR]" >&2; exit 2; }
old=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
new=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/output_runs.sh"
output_top=$top
output_traces=${3:-$top/../shared/traces}
for b in "$old" "$new"; do
	[ -x "$b" ] || { echo "$0: $b is not a program" >&2; exit 2; }
done
[ -d "$output_traces" ] || { echo "$0: no traces in $output_traces" >&2; exit 2; }
output_traces=$(cd "$output_traces" && pwd)
output_quick=${COMPARE_QUICK:-0}

output_work=$(mktemp -d "${TMPDIR:-/tmp}/compare.XXXXXX")
work=$output_work
trap 'rm -rf "$work"' EXIT
output_environment
runs=0
differ=0

# output_run NAME ARGS...: both binaries with ARGS, each in a run folder of
# its own, outputs compared
output_run() {
	local name=$1 side bin
	shift
	for side in a b; do
		bin=$old; [ $side = b ] && bin=$new
		output_folder "$work/$side"
		(cd "$work/$side" && "$bin" "$@" > "$work/$side.out" 2> "$work/$side.err"; echo "exit $?" >> "$work/$side.err")
		output_mask "$work/$side.err" "$work/$side" > "$work/$side.err.masked"
		output_files "$work/$side" >> "$work/$side.out"
	done
	runs=$((runs + 1))
	if ! cmp -s "$work/a.out" "$work/b.out" || ! cmp -s "$work/a.err.masked" "$work/b.err.masked"; then
		differ=$((differ + 1))
		echo "DIFFERS: $name: $*"
		diff "$work/a.out" "$work/b.out" | head -5
		diff "$work/a.err.masked" "$work/b.err.masked" | head -5
	fi
}

# output_prepare ARGS...: the JSON Lines that the merge runs read, by OLD
output_prepare() {
	output_folder "$work/prepare"
	(cd "$work/prepare" && "$old" "$@") || echo "$0: the run that writes jsonl/ failed: $*" >&2
}

output_runs
echo "$runs runs, $differ differ"
[ $differ = 0 ]
