# The runs whose outputs must not change unless a change means them to: every
# trace of the shared traces, the example trace and tests/cases/*.json, with
# option sets that cover every view and format, and the runs of many traces
# (comparisons, ranks, DIR/ outputs, merging). One list, sourced by
# scripts/compare_outputs.sh (two builds compared run by run) and
# scripts/record_outputs.sh (the hashes of tests/outputs.sha256, which
# tests/golden.sh checks in `make check`).
#
# A run happens in a folder of its own, made by output_folder, where the
# inputs are links with fixed names, so that no output (the report names its
# traces) holds a path of this machine:
#   traces/    the shared traces ($output_traces)
#   examples/  the repository's examples
#   cases/     tests/cases
#   jsonl/     JSON Lines summaries that output_prepare wrote, for --merge
# and a run writes its DIR/ outputs under out/. Each run is in the fixed
# environment of output_environment: the C locale, COLUMNS=100 (the width of
# --format table) and PROFILE_PARSER_THREADS=2 (the outputs do not depend on
# the number of threads, and this makes sure that no machine's core count
# enters them); runs of many traces name -j 1 (traces read at once, whose
# default is one per processor).
#
# The sourcing script sets output_top (the repository), output_traces (the
# folder of shared traces) and output_work (a scratch folder of its own),
# defines
#   output_run NAME ARGS...      run profile_parser with ARGS in a fresh
#                                run folder; NAME is the trace's or the kind's
#   output_prepare ARGS...       run profile_parser with ARGS in a run
#                                folder, to write the jsonl/ that the merge
#                                runs read (the same outputs are checked by
#                                a run of their own, dir-jsonl)
# and calls output_runs. With output_quick=1 the traces over 1 MB (gzip),
# where reading takes most of a run, and the fixtures of tests/cases (whose
# outputs tests/cases.sh checks by hand) run four option sets only (the
# default CSV, every attribution column, the step summary, a sorted table),
# in a third of the time of all: what tests/golden.sh runs in make check
# (make check-slow runs them all).
# shellcheck shell=bash disable=SC2154

# output_environment: the environment every run shares (exported).
output_environment() {
	export LC_ALL=C COLUMNS=100 PROFILE_PARSER_THREADS=2
	unset LANG LC_MESSAGES LC_CTYPE LC_NUMERIC
}

# output_folder DIR: DIR made afresh as a run folder, its links in place
output_folder() {
	rm -rf "$1"
	mkdir -p "$1" "$output_work/jsonl"
	ln -s "$output_traces" "$1/traces"
	ln -s "$output_top/examples" "$1/examples"
	ln -s "$output_top/tests/cases" "$1/cases"
	ln -s "$output_work/jsonl" "$1/jsonl"
}

# output_files DIR: the files that a run wrote in DIR (its DIR/ outputs),
# each as '== NAME' and its bytes; the links are not followed
output_files() {
	(cd "$1" && find . -type f | LC_ALL=C sort | while read -r f; do echo "== $f"; cat "$f"; done)
}

# output_mask FILE RUN-FOLDER: the standard error of a run with what varies
# between two runs of one binary masked: the wall-time figures of the
# report, and any path of this machine (the run's folder, the scratch
# folder, the traces, the repository), should one come out despite the links
output_mask() {
	local seds=(-e 's/^\(  wall time: *\).*/\1X/') dir
	for dir in "$2" "$output_work" "$output_traces" "$output_top"; do
		[ -n "$dir" ] || continue
		seds+=(-e "s#$(printf '%s' "$dir" | sed 's/[][\\.*^$#&]/\\&/g')#DIR#g")
	done
	sed "${seds[@]}" "$1"
}

output_runs() {
	local busy_columns='+device busy(ms),compute(ms),communication(ms),memcpy(ms),memset(ms),sync duration(ms),step,self host duration(ms),self device duration(ms),launch count,device event count,device %,depth,pid,tid,category'
	local inputs=(examples/example_trace.json) f t n s w k big
	for f in "$output_top"/tests/cases/*.json; do
		[ -f "$f" ] && inputs+=("cases/${f##*/}")
	done
	for f in "$output_traces"/*.json.gz "$output_traces"/*.json; do
		[ -f "$f" ] && inputs+=("traces/${f##*/}")
	done

	for t in "${inputs[@]}"; do
		n=${t##*/}
		big=0
		case $t in
		traces/*) f=$output_traces/$n ;;
		examples/*) f=$output_top/$t ;;
		*) f=$output_top/tests/$t ;;
		esac
		[ "$(wc -c < "$f")" -gt 1000000 ] && big=1
		output_run "$n" -s "$t" -d -
		output_run "$n" -s "$t" -d - -mc cpu_op,user_annotation --columns "$busy_columns"
		output_run "$n" -s "$t" -d - -mc cpu_op,user_annotation --summary step
		output_run "$n" -s "$t" -d - --format table --summary name --sort "device total(ms)" --top 20
		[ "${output_quick:-0}" = 1 ] && { [ $big = 1 ] || [ "${t%%/*}" = cases ]; } && continue
		output_run "$n" -s "$t" -d - -mc cpu_op,user_annotation
		output_run "$n" -s "$t" -d - -mc cpu_op --format jsonl
		for s in path name kernel; do
			output_run "$n" -s "$t" -d - -mc cpu_op,user_annotation --summary $s
		done
		output_run "$n" -s "$t" -d - --format table
		output_run "$n" -s "$t" -d - -mc cpu_op,user_annotation --step 1-2
		output_run "$n" -s "$t" -d - -mc cpu_op,user_annotation --max_depth 3 --min_depth 2
		output_run "$n" -s "$t" -d - -mc cpu_op --leaves
		for w in device launch host; do
			output_run "$n" -s "$t" -d - -mc cpu_op,user_annotation --format folded --weight $w
		done
		output_run "$n" -s "$t" -d - --format svg
		output_run "$n" -s "$t" -d - --summary name --format jsonl
		output_run "$n" -s "$t" -d - --summary findings
		output_run "$n" -s "$t" -d - --summary critical
		output_run "$n" -s "$t" -d - --summary critical --format table --what-if 'aten::*=0.5' --what-if '*gemm*=0.5'
	done

	# many traces: comparisons, ranks, merging, DIR/ outputs
	local d=$output_traces c=traces/trace_diff_control.json.gz x=traces/trace_diff_test.json.gz
	if [ -f "$d/trace_diff_control.json.gz" ] && [ -f "$d/trace_diff_test.json.gz" ]; then
		for k in path name; do
			output_run diff -j 1 -s $c -s $x -d - -mc cpu_op --diff $k
		done
		output_run diff -j 1 -s $c -s $x -d - -mc cpu_op --diff name --step 1
	fi
	local r0=traces/sampled_rank0.json.gz r1=traces/sampled_rank1.json.gz
	if [ -f "$d/sampled_rank0.json.gz" ] && [ -f "$d/sampled_rank1.json.gz" ]; then
		for k in path name; do
			output_run ranks -j 1 -s $r0 -s $r1 -d - -mc cpu_op,user_annotation --summary $k --across-ranks
		done
		output_run ranks-table -j 1 -s $r0 -s $r1 -d - -mc cpu_op --summary name --across-ranks --format table
		output_run critical-ranks -j 1 -s $r0 -s $r1 -d - --summary critical
		output_run critical-ranks -j 1 -s $r0 -s $r1 -d - --summary critical --what-if 'aten::*=0.5' --format jsonl
		output_run dir -j 1 -s $r0 -s $r1 -d out/ -mc cpu_op
		output_run dir-jsonl -j 1 -s $r0 -s $r1 -d out/ -mc cpu_op --summary name --format jsonl
		output_prepare -q -j 1 -s $r0 -s $r1 -d jsonl/ -mc cpu_op --summary name --format jsonl
		output_run merge --merge jsonl -d -
		output_run merge-table --merge jsonl -d - --format table
	fi
}
