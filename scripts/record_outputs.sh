#!/usr/bin/env bash
# The outputs of every view on every trace, recorded as hashes: runs a
# profile_parser build over the runs of scripts/output_runs.sh (every trace
# of the shared traces, the example trace and tests/cases/*.json, with option
# sets that cover every view and format, and the runs of many traces) and
# writes tests/outputs.sha256, one line per run, sorted:
#
#   RUN-ID <tab> SHA256-OF-STDOUT <tab> SHA256-OF-STDERR <tab> EXIT-STATUS
#
# RUN-ID is the trace's name (or the kind of run) and the options, the paths
# relative to the run's folder (traces/NAME, examples/NAME, cases/NAME); the
# standard output's hash covers the files a run writes (its DIR/ outputs);
# the standard error's has the wall-time figures masked. Nothing of the
# machine enters them (no absolute path, a fixed locale, width and number of
# threads: output_environment), so that a fresh clone elsewhere records the
# same file. `make check` compares the build with that file (tests/golden.sh).
#
#   scripts/record_outputs.sh [-o FILE] [--quick] [BINARY [TRACES_DIR]]
#   scripts/record_outputs.sh --show RUN-ID [BINARY [TRACES_DIR]]
#   scripts/record_outputs.sh --list [BINARY [TRACES_DIR]]
#
# BINARY defaults to ./profile_parser of the repository, TRACES_DIR to
# ../shared/traces beside it (or $PROFILE_PARSER_TRACES). -o FILE writes
# there instead of tests/outputs.sha256 (- is standard output); --quick runs
# only what tests/golden.sh runs (the traces over 1 MB with four option sets
# only; its lines are those of the whole run); --show runs one run and shows its outputs as they are; --list
# prints the ids of all the runs, running none. The runs go
# $RECORD_JOBS at a time (default: one per processor); the result does not
# depend on it. Exits 0, or 2 on a usage error.
#
# When a change is meant to change an output: build it, run
# scripts/record_outputs.sh and commit tests/outputs.sha256 with the change;
# its diff shows which runs changed (scripts/compare_outputs.sh OLD NEW
# shows how).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/output_runs.sh"

# run_id NAME ARGS...: $id, the RUN-ID: NAME, a colon, the arguments, each
# in '' unless made only of characters that need none
run_id() {
	local arg
	id="$1:"
	shift
	for arg in "$@"; do
		case $arg in
		'' | *[!A-Za-z0-9_./:,=+-]*) id+=" '$arg'" ;;
		*) id+=" $arg" ;;
		esac
	done
}

usage="usage: $0 [-o FILE] [--quick] [BINARY [TRACES_DIR]], $0 --show RUN-ID [BINARY [TRACES_DIR]] or $0 --list [BINARY [TRACES_DIR]]"
file=$top/tests/outputs.sha256 show='' list=0 output_quick=0
while [ $# -gt 0 ]; do
	case $1 in
	-o) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; file=$2; shift 2 ;;
	--quick) output_quick=1; shift ;;
	--show) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; show=$2; shift 2 ;;
	--list) list=1; shift ;;
	-*) echo "$usage" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -le 2 ] || { echo "$usage" >&2; exit 2; }
bin=${1:-$top/profile_parser}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
output_traces=${2:-${PROFILE_PARSER_TRACES:-$top/../shared/traces}}
[ -x "$bin" ] || { echo "$0: $bin is not a program" >&2; exit 2; }
[ -d "$output_traces" ] || { echo "$0: no traces in $output_traces" >&2; exit 2; }
output_traces=$(cd "$output_traces" && pwd)
output_top=$top
jobs=${RECORD_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}

output_work=$(mktemp -d "${TMPDIR:-/tmp}/record.XXXXXX")
trap 'rm -rf "$output_work"' EXIT
ln -s "$output_traces" "$output_work/traces"
output_environment

output_prepare() {
	output_folder "$output_work/prepare"
	(cd "$output_work/prepare" && "$bin" "$@") || echo "$0: the run that writes jsonl/ failed: $*" >&2
}

if [ $list = 1 ]; then
	output_prepare() { :; }
	output_run() {
		run_id "$@"
		printf '%s\n' "$id"
	}
	output_runs | LC_ALL=C sort
	exit 0
fi

if [ -n "$show" ]; then
	found=0
	output_run() {
		run_id "$@"
		[ "$id" = "$show" ] || return 0
		found=1
		shift
		output_folder "$output_work/show"
		(cd "$output_work/show" && "$bin" "$@")
		echo "exit status $?"
		[ -d "$output_work/show/out" ] && output_files "$output_work/show/"
	}
	output_runs
	[ $found = 1 ] || { echo "$0: no run $show" >&2; exit 2; }
	exit 0
fi

# the runs: their ids, and their arguments joined by a unit separator
ids=() args=()
output_run() {
	run_id "$@"
	ids+=("$id")
	shift
	local IFS=$'\x1f'
	args+=("$*")
}
output_runs
runs=${#ids[@]}

# worker K: runs K, K+JOBS, K+2×JOBS... in a run folder of its own, a line
# each to WORK/lines.K; three processes a run (the program, sed, the hash)
if command -v sha256sum >/dev/null; then hash=(sha256sum); else hash=(shasum -a 256); fi
worker() {
	local k=$1
	local i a status h1 h2 entries dir=$output_work/run$k
	local out=$output_work/out$k err=$output_work/err$k masked=$output_work/masked$k sums=$output_work/sums$k
	shopt -s nullglob dotglob
	output_folder "$dir"
	cd "$dir" || exit 1
	for ((i = k; i < runs; i += jobs)); do
		IFS=$'\x1f' read -r -a a <<< "${args[i]}"
		"$bin" "${a[@]}" > "$out" 2> "$err"
		status=$?
		entries=(*)
		if [ ${#entries[@]} != 4 ]; then # more than the links: DIR/ outputs
			output_files "$dir" >> "$out"
			output_folder "$dir" # anew, and this shell in it
			cd "$dir" || exit 1
		fi
		output_mask "$err" "$dir" > "$masked"
		"${hash[@]}" "$out" "$masked" > "$sums"
		{ read -r h1 _; read -r h2 _; } < "$sums"
		printf '%s\t%s\t%s\t%s\n' "${ids[i]}" "$h1" "$h2" "$status"
	done > "$output_work/lines.$k"
}
for ((k = 0; k < jobs; k++)); do
	worker $k &
done
wait
{
	echo "# profile_parser's outputs, recorded by scripts/record_outputs.sh: run id, sha256 of"
	echo "# stdout (and of the files it wrote), of stderr (wall time masked), exit status"
	cat "$output_work"/lines.* | LC_ALL=C sort
} > "$output_work/result"
[ "$(grep -vc '^#' "$output_work/result")" = "$runs" ] || { echo "$0: a run gave no line" >&2; exit 1; }
[ -z "$(grep -v '^#' "$output_work/result" | cut -f1 | uniq -d)" ] || { echo "$0: two runs of one id" >&2; exit 1; }
if [ "$file" = - ]; then cat "$output_work/result"; else cp "$output_work/result" "$file"; fi
echo "$0: $runs runs recorded" >&2
