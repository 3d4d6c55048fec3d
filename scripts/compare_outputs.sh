#!/usr/bin/env bash
# Byte identity of two builds: runs OLD and NEW profile_parser over every
# trace of TRACES_DIR (default ../shared/traces), the example trace and
# tests/cases/*.json, with option sets that cover every view and format, and
# compares their standard outputs, exit statuses and standard errors byte
# for byte (the report's wall-time line masked: it is the one figure that
# may differ between two runs of one binary).
#
#   scripts/compare_outputs.sh OLD_BINARY NEW_BINARY [TRACES_DIR]
#
# Prints each run that differs (its options and a diff of the first lines),
# then "N runs, M differ"; exits 0 when none differs, 1 otherwise, 2 on a
# usage error. $COMPARE_QUICK=1 skips the traces over 1 MB (gzip) on the
# slow option sets (a run of a few minutes instead of ten).
#
# Where it runs: in CI and by hand, against the binary of the previous
# commit (e.g. `git worktree add /tmp/base HEAD~ && make -C /tmp/base`), for
# a change meant to keep every output (a refactoring, a speed-up). It is not
# part of `make check`: the real traces are not in the repository (a checkout
# has no ../shared), a full run takes minutes on two cores, and a recorded
# set of hashes would have to be recorded again by every change that is
# meant to change an output, where the previous commit's binary needs no
# upkeep: what a change may change is the author's to say, and this script
# tells which outputs it did change.
set -u
[ $# -ge 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY [TRACES_DIR]" >&2; exit 2; }
old=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
new=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
traces=${3:-$top/../shared/traces}
for b in "$old" "$new"; do
	[ -x "$b" ] || { echo "$0: $b is not a program" >&2; exit 2; }
done
[ -d "$traces" ] || { echo "$0: no traces in $traces" >&2; exit 2; }
quick=${COMPARE_QUICK:-0}

work=$(mktemp -d "${TMPDIR:-/tmp}/compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
export LC_ALL=C COLUMNS=100
runs=0
differ=0

# mask FILE: the wall-time figures of a report (and a trace's folder) go
mask() {
	sed -e 's/^\(  wall time: *\).*/\1X/' -e "s#$work/[ab]/#WORK/#g" "$1"
}

# compare NAME ARGS...: both binaries with ARGS (WORK/ in an argument is a
# folder of each run's own), outputs compared
compare() {
	local name=$1; shift
	local side bin
	for side in a b; do
		bin=$old; [ $side = b ] && bin=$new
		rm -rf "$work/$side"; mkdir -p "$work/$side"
		local args=() arg
		for arg in "$@"; do args+=("${arg//WORK\//$work/$side/}"); done
		(cd "$work/$side" && "$bin" "${args[@]}" > "$work/$side.out" 2> "$work/$side.err"; echo "exit $?" >> "$work/$side.err")
		mask "$work/$side.err" > "$work/$side.err.masked"
		# files written under WORK/ (DIR/ outputs) count as output too
		(cd "$work/$side" && find . -type f | LC_ALL=C sort | while read -r f; do echo "== $f"; cat "$f"; done) >> "$work/$side.out"
	done
	runs=$((runs + 1))
	if ! cmp -s "$work/a.out" "$work/b.out" || ! cmp -s "$work/a.err.masked" "$work/b.err.masked"; then
		differ=$((differ + 1))
		echo "DIFFERS: $name: $*"
		diff "$work/a.out" "$work/b.out" | head -5
		diff "$work/a.err.masked" "$work/b.err.masked" | head -5
	fi
}

busy_columns='+device busy(ms),compute(ms),communication(ms),memcpy(ms),memset(ms),sync duration(ms),step,self host duration(ms),self device duration(ms),launch count,device event count,device %,depth,pid,tid,category'

inputs=("$top/examples/example_trace.json")
for f in "$top"/tests/cases/*.json "$traces"/*.json.gz "$traces"/*.json; do
	[ -f "$f" ] && inputs+=("$f")
done

for t in "${inputs[@]}"; do
	n=$(basename "$t")
	big=0
	[ "$(wc -c < "$t")" -gt 1000000 ] && big=1
	compare "$n" -s "$t" -d -
	compare "$n" -s "$t" -d - -mc cpu_op,user_annotation
	compare "$n" -s "$t" -d - -mc cpu_op,user_annotation --columns "$busy_columns"
	compare "$n" -s "$t" -d - -mc cpu_op --format jsonl
	for s in path name step kernel; do
		compare "$n" -s "$t" -d - -mc cpu_op,user_annotation --summary $s
	done
	compare "$n" -s "$t" -d - --format table
	compare "$n" -s "$t" -d - --format table --summary name --sort "device duration(ms)" --top 20
	compare "$n" -s "$t" -d - -mc cpu_op,user_annotation --step 1-2
	compare "$n" -s "$t" -d - -mc cpu_op,user_annotation --max_depth 3 --min_depth 2
	compare "$n" -s "$t" -d - -mc cpu_op --leaves
	[ "$quick" = 1 ] && [ $big = 1 ] && continue
	for w in device launch host; do
		compare "$n" -s "$t" -d - -mc cpu_op,user_annotation --format folded --weight $w
	done
	compare "$n" -s "$t" -d - --format svg
	compare "$n" -s "$t" -d - --summary name --format jsonl
done

# many traces: comparisons, ranks, merging, DIR/ outputs
d=$traces
if [ -f "$d/trace_diff_control.json.gz" ] && [ -f "$d/trace_diff_test.json.gz" ]; then
	for k in path name; do
		compare diff -j 1 -s "$d/trace_diff_control.json.gz" -s "$d/trace_diff_test.json.gz" -d - -mc cpu_op --diff $k
	done
	compare diff -j 1 -s "$d/trace_diff_control.json.gz" -s "$d/trace_diff_test.json.gz" -d - -mc cpu_op --diff name --step 1
fi
if [ -f "$d/sampled_rank0.json.gz" ] && [ -f "$d/sampled_rank1.json.gz" ]; then
	r0=$d/sampled_rank0.json.gz r1=$d/sampled_rank1.json.gz
	for k in path name; do
		compare ranks -j 1 -s "$r0" -s "$r1" -d - -mc cpu_op,user_annotation --summary $k --across-ranks
	done
	compare ranks-table -j 1 -s "$r0" -s "$r1" -d - -mc cpu_op --summary name --across-ranks --format table
	compare dir -j 1 -s "$r0" -s "$r1" -d WORK/out/ -mc cpu_op
	mkdir -p "$work/jsonl"
	"$old" -q -s "$r0" -s "$r1" -d "$work/jsonl/" -mc cpu_op --summary name --format jsonl
	compare merge --merge "$work/jsonl" -d -
	compare merge-table --merge "$work/jsonl" -d - --format table
fi

echo "$runs runs, $differ differ"
[ $differ = 0 ]
