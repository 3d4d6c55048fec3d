#!/usr/bin/env bash
# The performance benchmark: profile_parser against the json-c floor (the
# time of merely parsing every event with json-c in one thread).
#
#   scripts/bench.sh [PAIRS]      (default 11 alternating pairs)
#   scripts/bench.sh ranks [RUNS] (only the 1,000 ranks of --summary rank; default 1 run)
#
# Builds profile_parser (-O2), compiles ../shared/bench/jsonc_floor.c, makes
# the big traces once (cached in bench-cache/, or $BENCH_CACHE), then prints a
# table of medians: time, ratio to the floor, MB/s, peak RSS and RSS/size;
# then gzip against plain, the cost of device busy(ms) and of the report (as
# ratios to the run without), time per MB at 1x, 5x and 20x copies, and 64
# ranks through --across-ranks and through map + --merge; then peak RSS per MB
# on hostile inputs (scripts/make_hostile_trace.py); then 1,000 ranks through
# --summary rank (SPEC 20), against --summary name --across-ranks on the same
# traces, and through its map + --merge.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
only=
if [ "${1:-}" = ranks ]; then only=ranks; shift; runs=${1:-1}; else runs=${1:-11}; fi
shared=$top/../shared
cache=${BENCH_CACHE:-$top/bench-cache}
[ -d "$shared/traces" ] && [ -f "$shared/bench/jsonc_floor.c" ] || {
	echo "bench.sh: needs ../shared/traces and ../shared/bench" >&2; exit 1; }
command -v /usr/bin/time >/dev/null || { echo "bench.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
mkdir -p "$cache"

# ---- build ----
if [ ! -f "$top/Makefile" ]; then (cd "$top" && ./autogen.sh >/dev/null && ./configure -q CFLAGS="-O2 -g"); fi
make -s -C "$top" profile_parser >/dev/null
pp=$top/profile_parser
floor=$cache/jsonc_floor
[ "$floor" -nt "$shared/bench/jsonc_floor.c" ] ||
	cc -O2 -o "$floor" "$shared/bench/jsonc_floor.c" $(pkg-config --cflags --libs json-c zlib)

# ---- 1,000 ranks (SPEC 20) ----
# copies of nccl_data (21 collectives on 2 devices) under 1,000 rank names,
# distributedInfo.rank set to N in rank_N: each a gzip of its first bytes, up
# to the rank, then the rest compressed once (one gzip stream of two members,
# which zlib reads as one), so that making them takes seconds. Then, RUNS
# times: --summary rank -j 2 and --summary name --across-ranks -j 2 (alternating;
# the ratio of their wall times), and the map (--summary rank --format jsonl,
# two at a time) and --merge: wall time and peak RSS of each.
ranks1000() {
	local dir=$cache/ranks1000 plain=$cache/nccl_data.json
	if [ ! -s "$dir/rank_999.json.gz" ]; then
		mkdir -p "$dir"
		gzip -dc "$shared/traces/nccl_data.json.gz" > "$plain"
		local off
		off=$(grep -bo '"rank": 0,' "$plain" | head -n 1 | cut -d: -f1)
		tail -c +$((off + 10)) "$plain" | gzip -1 > "$cache/rest.gz"
		for ((r = 0; r < 1000; r++)); do
			{ head -c $((off + 8)) "$plain"; printf '%d' "$r"; } | gzip -1 > "$dir/head.gz"
			cat "$dir/head.gz" "$cache/rest.gz" > "$dir/rank_$r.json.gz"
		done
		rm -f "$dir/head.gz" "$plain"
	fi
	: > "$cache/t_rank.txt"; : > "$cache/t_name.txt"; : > "$cache/t_rmap.txt"; : > "$cache/t_rmerge.txt"
	for ((i = 0; i < runs; i++)); do
		run "$cache/t_rank.txt" "$pp" -q -s "$dir" -d "$cache/out.csv" --summary rank -mc cpu_op -j 2
		cp "$cache/out.csv" "$cache/ranks.csv"
		run "$cache/t_name.txt" "$pp" -q -s "$dir" -d "$cache/out.csv" --summary name --across-ranks -mc cpu_op -j 2
		rm -rf "$cache/rmap" && mkdir "$cache/rmap"
		/usr/bin/time -f "%e %U %S %M" -o "$cache/time.txt" sh -c 'ls "$1"/*.json.gz | xargs -P 2 -I{} "$2" -q -s {} -d "$3/" --summary rank --format jsonl -mc cpu_op' \
			sh "$dir" "$pp" "$cache/rmap"
		cat "$cache/time.txt" >> "$cache/t_rmap.txt"
		run "$cache/t_rmerge.txt" "$pp" -q --merge "$cache/rmap" -d "$cache/merged.csv"
		cmp -s "$cache/ranks.csv" "$cache/merged.csv" || { echo "bench.sh: map + --merge differs from --summary rank" >&2; exit 1; }
	done
	echo
	echo "1,000 ranks (nccl_data, $(size_mb "$shared/traces/nccl_data.json.gz") MB gzipped each, 21 collectives), $runs runs, medians:"
	echo
	echo "| step                                              |   time   | peak RSS |"
	echo "|---------------------------------------------------|----------|----------|"
	printf '| %-49s | %6.2f s | %5.0f MB |\n' "--summary rank -j 2" "$(median "$cache/t_rank.txt" 1)" "$(calc "$(median "$cache/t_rank.txt" 4) / 1000")"
	printf '| %-49s | %6.2f s | %5.0f MB |\n' "--summary name --across-ranks -j 2" "$(median "$cache/t_name.txt" 1)" "$(calc "$(median "$cache/t_name.txt" 4) / 1000")"
	printf '| %-49s | %6.2f s | %5.0f MB |\n' "map: 1,000 rank maps, 2 at a time" "$(median "$cache/t_rmap.txt" 1)" "$(calc "$(median "$cache/t_rmap.txt" 4) / 1000")"
	printf '| %-49s | %6.2f s | %5.0f MB |\n' "reduce: --merge" "$(median "$cache/t_rmerge.txt" 1)" "$(calc "$(median "$cache/t_rmerge.txt" 4) / 1000")"
	echo "--summary rank / --summary name --across-ranks (wall): $(calc "$(median "$cache/t_rank.txt" 1) / $(median "$cache/t_name.txt" 1)")"
}
# ---- traces (made once) ----
unpacked() { # NAME: ../shared/traces/NAME.json.gz, unpacked
	[ -s "$cache/$1.json" ] || gzip -dc "$shared/traces/$1.json.gz" > "$cache/$1.json"
	echo "$cache/$1.json"
}
copies() { # N: df_index_resolver N times over
	local out=$cache/df_x$1.json
	[ -s "$out" ] || python3 "$shared/bench/make_big_trace.py" "$shared/traces/df_index_resolver.json.gz" "$1" "$out"
	echo "$out"
}
if [ -z "$only" ]; then
	df1=$(unpacked df_index_resolver)
	mtia=$(unpacked mtia_rank0)
	df5=$(copies 5)
	df20=$(copies 20)
	chain=$cache/chain_100000.json # 100,000 nested ops: quadratic if a column walks subtrees (SPEC 11.4)
	[ -s "$chain" ] || python3 "$top/scripts/make_chain_trace.py" --depth 100000 "$chain"
	[ -s "$df20.gz" ] || gzip -6 -c "$df20" > "$df20.gz"
fi

# ---- measuring ----
# Every comparison runs its two commands in alternating pairs (A B A B ...)
# and quotes the median of the per-pair ratios: pairing keeps a ratio
# meaningful while the machine's speed drifts (issue 28).
#
# run OUTFILE CMD...: appends "wall user sys peak_kB" of one run to OUTFILE.
# The CSV of the previous run is removed first, outside the timing: replacing
# it would add the freeing of its pages (a GB on the big trace) to this run.
run() {
	local out=$1; shift
	rm -f "$cache/out.csv" "$cache/out.html"
	/usr/bin/time -f "%e %U %S %M" -o "$cache/time.txt" "$@" >/dev/null 2>"$cache/stderr.txt" || {
		echo "bench.sh: failed: $*" >&2; cat "$cache/stderr.txt" >&2; exit 1; }
	cat "$cache/time.txt" >> "$out"
}
median() { # FILE COLUMN
	sort -g -k"$2" "$1" | awk -v c="$2" '{v[NR]=$c} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'
}
# cpu_of FILE: FILE's lines with a fifth column, user + system seconds
cpu_of() { awk '{print $0, $2 + $3}' "$1"; }
# pair_ratio A_FILE B_FILE COLUMN: the median over the pairs of A's COLUMN / B's
pair_ratio() {
	paste -d' ' <(cpu_of "$1") <(cpu_of "$2") |
		awk -v c="$3" '{ b = $(5 + c); print (b > 0 ? $c / b : 0) }' > "$cache/ratios.txt"
	median "$cache/ratios.txt" 1
}
calc() { awk "BEGIN { print $* }"; }
size_mb() { stat -c %s "$1" | awk '{printf "%.1f", $1/1e6}'; }
if [ "$only" = ranks ]; then ranks1000; exit 0; fi

# case_row LABEL TRACE PLAIN OPTIONS...: alternating runs of the floor and
# profile_parser on TRACE; sizes are PLAIN's (the trace unpacked). Prints
# medians of wall and CPU time, the per-pair ratios, MB/s and peak RSS; sets
# t_case (profile_parser's runs).
case_row() {
	local label=$1 trace=$2 plain=$3; shift 3
	local t_pp=$cache/t_pp.txt t_floor=$cache/t_floor.txt
	: > "$t_pp"; : > "$t_floor"
	for ((i = 0; i < runs; i++)); do
		run "$t_floor" "$floor" "$trace"
		run "$t_pp" "$pp" -q -s "$trace" -d "$cache/out.csv" "$@"
	done
	cp "$t_pp" "$cache/t_case.txt"; t_case=$cache/t_case.txt
	local wall cpu wall_floor cpu_floor rss_kb size
	wall=$(median "$t_pp" 1); wall_floor=$(median "$t_floor" 1)
	cpu=$(cpu_of "$t_pp" > "$cache/c.txt"; median "$cache/c.txt" 5)
	cpu_floor=$(cpu_of "$t_floor" > "$cache/c.txt"; median "$cache/c.txt" 5)
	rss_kb=$(median "$t_pp" 4)
	size=$(stat -c %s "$plain")
	printf '| %-44s | %8s | %6.2f s | %6.2f s | %5.2f | %6.2f s | %6.2f s | %5.2f | %6.0f | %6.0f MB | %5.2f |\n' \
		"$label" "$(size_mb "$plain") MB" "$wall_floor" "$wall" "$(pair_ratio "$t_pp" "$t_floor" 1)" \
		"$cpu_floor" "$cpu" "$(pair_ratio "$t_pp" "$t_floor" 5)" \
		"$(calc "$size / 1000000 / $wall")" "$(calc "$rss_kb * 1024 / 1000000")" \
		"$(calc "$rss_kb * 1024 / $size")"
}

# ratio_row LABEL LIMIT TRACE A... -- B...: alternating runs of profile_parser
# on TRACE with the options A and with the options B; prints both medians
# and the median of B's per-pair ratios to A (wall and CPU), beside LIMIT
# (the bound an issue or the SPEC sets, or -)
ratio_row() {
	local label=$1 limit=$2 trace=$3; shift 3
	local a=() t_a=$cache/t_a.txt t_b=$cache/t_b.txt
	while [ "$1" != "--" ]; do a+=("$1"); shift; done
	shift
	: > "$t_a"; : > "$t_b"
	local out_a=(-d "$cache/out.csv") out_b=(-d "$cache/out.csv")
	case " ${a[*]} " in *" -d "*) out_a=() ;; esac
	case " $* " in *" -d "*) out_b=() ;; esac
	for ((i = 0; i < runs; i++)); do
		run "$t_a" "$pp" -s "$trace" "${out_a[@]}" "${a[@]}"
		run "$t_b" "$pp" -s "$trace" "${out_b[@]}" "$@"
	done
	printf '| %-48s | %6.2f s | %6.2f s | %5.2f | %5.2f | %5s |\n' "$label" "$(median "$t_a" 1)" \
		"$(median "$t_b" 1)" "$(pair_ratio "$t_b" "$t_a" 1)" "$(pair_ratio "$t_b" "$t_a" 5)" "$limit"
}

# peak_row LABEL TRACE OPTIONS...: profile_parser's peak RSS on TRACE (median
# of the runs) over TRACE's size
peak_row() {
	local label=$1 trace=$2; shift 2
	: > "$cache/t_peak.txt"
	for ((i = 0; i < peak_runs; i++)); do run "$cache/t_peak.txt" "$pp" -q -s "$trace" -d "$cache/out.csv" "$@"; done
	local rss_kb
	rss_kb=$(median "$cache/t_peak.txt" 4)
	printf '| %-52s | %6s MB | %6.2f s | %6.0f MB | %5.2f |\n' "$label" "$(size_mb "$trace")" \
		"$(median "$cache/t_peak.txt" 1)" "$(calc "$rss_kb * 1024 / 1000000")" \
		"$(calc "$rss_kb * 1024 / $(stat -c %s "$trace")")"
}
peak_runs=$(( runs < 3 ? runs : 3 ))

echo "profile_parser benchmark, $(date -u +%Y-%m-%d), $(nproc) processors, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $runs alternating pairs; times are medians, ratios the median of the per-pair ratios; cpu is user + system"
echo
echo "| trace, options                               |     size | floor wall | wall | ratio | floor cpu | cpu | ratio |  MB/s | peak RSS | RSS/size |"
echo "|----------------------------------------------|----------|---------|---------|-------|---------|---------|-------|--------|-----------|-------|"
case_row "df_index_resolver, -mc cpu_op" "$df1" "$df1" -mc cpu_op
case_row "mtia_rank0, -mc cpu_op" "$mtia" "$mtia" -mc cpu_op
case_row "chain 100000 deep, -mc cpu_op, 3 columns" "$chain" "$chain" -mc cpu_op \
	--columns "depth,device duration(ms),launch count"
# issue 33: a path is its frame under its parent's, never one text a node (the texts are quadratic in depth)
case_row "chain 100000 deep, --summary path --top 5" "$chain" "$chain" -mc cpu_op --summary path --top 5
case_row "df_index_resolver x20, -mc cpu_op --max_depth 3" "$df20" "$df20" -mc cpu_op --max_depth 3
cp "$t_case" "$cache/t_plain.txt"
case_row "the same, gzipped (floor on the gzip too)" "$df20.gz" "$df20" -mc cpu_op --max_depth 3
echo
printf 'gzip / plain (x20, profile_parser, the same pairs'"'"' order): wall %.2f, cpu %.2f (issue 28: wall at most 1.15)\n' \
	"$(pair_ratio "$t_case" "$cache/t_plain.txt" 1)" "$(pair_ratio "$t_case" "$cache/t_plain.txt" 5)"
echo
echo "issue 28's bounds: on df_index_resolver cpu ratio <= 1.0 and wall ratio <= 0.7; on the x20 wall ratio <= 0.8;"
echo "RSS/size <= 0.6 on df_index_resolver, <= 0.4 on the x20, <= 1.0 on 3e6 minimal events (below)."
echo "issue 33's bounds: the 100,000-deep chain's --summary path --top 5 at most 3x the floor's wall (above),"
echo "RSS/size below 1.0 (below; --diff path reads the chain twice, its RSS/size over one)."
echo
echo "peak RSS, $peak_runs runs, medians:"
echo
echo "| trace, options                                       |      size |   time  |  peak RSS | RSS/size |"
echo "|------------------------------------------------------|-----------|---------|-----------|-------|"
minimal=$cache/hostile_minimal_3000000.json
[ -s "$minimal" ] || python3 "$top/scripts/make_hostile_trace.py" minimal 3000000 "$minimal"
peak_row "3e6 minimal cpu_op events, --summary name" "$minimal" -mc cpu_op --summary name
peak_row "3e6 minimal cpu_op events, default columns" "$minimal" -mc cpu_op
peak_row "chain 100000 deep, --summary path --top 5" "$chain" -mc cpu_op --summary path --top 5
peak_row "chain 100000 deep, --summary path --across-ranks --top 5" "$chain" -mc cpu_op --summary path --across-ranks --top 5
peak_row "chain 100000 deep, --diff path --top 5 (itself)" "$chain" -s "$chain" -mc cpu_op --diff path --top 5
peak_row "chain 100000 deep, --summary name --top 5" "$chain" -mc cpu_op --summary name --top 5
echo
echo "costs, as ratios to the same run without (SPEC 11.4: device busy(ms) at most 1.25x; issue 25: the perf columns 1.25x):"
echo
echo "| added to the run                                 |  without |     with | wall ratio | cpu ratio | limit |"
echo "|--------------------------------------------------|----------|----------|-------|-------|-------|"
ratio_row 'df_index_resolver, -mc cpu_op: +device busy(ms)' 1.25 "$df1" -q -mc cpu_op -- \
	-q -mc cpu_op --columns "+device busy(ms)"
ratio_row 'the x20, --max_depth 3: +device busy(ms)' 1.25 "$df20" -q -mc cpu_op --max_depth 3 -- \
	-q -mc cpu_op --max_depth 3 --columns "+device busy(ms)"
ratio_row 'the x20, --max_depth 3: the report (no -q)' - "$df20" -q -mc cpu_op --max_depth 3 -- \
	-mc cpu_op --max_depth 3
ratio_row 'df_index_resolver: +flops,TFLOP/s,roofline %' 1.25 "$df1" -q -mc cpu_op -- \
	-q -mc cpu_op --columns "+flops,TFLOP/s,roofline %"
ratio_row 'the x20, --max_depth 3: +flops,TFLOP/s,roofline %' 1.25 "$df20" -q -mc cpu_op --max_depth 3 -- \
	-q -mc cpu_op --max_depth 3 --columns "+flops,TFLOP/s,roofline %"
a100=$(unpacked a100_particle_transformer_bs512) # shapes on every op: every perf model at work
ratio_row 'a100 (shapes): +flops,TFLOP/s,roofline %' 1.25 "$a100" -q -mc cpu_op -- \
	-q -mc cpu_op --columns "+flops,TFLOP/s,roofline %"
ratio_row 'df_index_resolver: -d page.html against -d out.csv' 1.3 "$df1" -q -mc cpu_op -- \
	-q -mc cpu_op -d "$cache/out.html"
ratio_row 'df_index_resolver: --summary collective against step' 1.1 "$df1" -q --summary step -- \
	-q --summary collective
echo
echo "scaling, -mc cpu_op --max_depth 3 (profile_parser only):"
for n in 1 5 20; do
	case $n in 1) t=$df1 ;; 5) t=$df5 ;; 20) t=$df20 ;; esac
	: > "$cache/t_scale.txt"
	for ((i = 0; i < peak_runs; i++)); do run "$cache/t_scale.txt" "$pp" -q -s "$t" -d "$cache/out.csv" -mc cpu_op --max_depth 3; done
	s=$(median "$cache/t_scale.txt" 1)
	printf '  x%-3s %8s MB  %6.2f s  %6.2f ms/MB\n' "$n" "$(size_mb "$t")" "$s" "$(calc "$s * 1000000000 / $(stat -c %s "$t")")"
done

# ---- many ranks (SPEC 13.2, 13.3) ----
# 64 copies of a real trace under rank names, through --across-ranks with
# -j 2, and through the map (one JSON Lines summary per rank, two at a
# time) and the reduce (--merge): wall time and peak RSS of each.
ranks=$cache/ranks64
if [ ! -s "$ranks/rank_63.json.gz" ]; then
	mkdir -p "$ranks"
	for ((r = 0; r < 64; r++)); do cp "$shared/traces/nccl_data.json.gz" "$ranks/rank_$r.json.gz"; done
fi
rank_runs=$peak_runs
: > "$cache/t_across.txt"; : > "$cache/t_map.txt"; : > "$cache/t_merge.txt"
for ((i = 0; i < rank_runs; i++)); do
	run "$cache/t_across.txt" "$pp" -q -s "$ranks" -d "$cache/out.csv" --summary name --across-ranks -mc cpu_op -j 2
	rm -rf "$cache/map" && mkdir "$cache/map"
	/usr/bin/time -f "%e %U %S %M" -o "$cache/time.txt" sh -c 'ls "$1"/*.json.gz | xargs -P 2 -I{} "$2" -q -s {} -d "$3/" --summary name --format jsonl -mc cpu_op' \
		sh "$ranks" "$pp" "$cache/map"
	cat "$cache/time.txt" >> "$cache/t_map.txt"
	run "$cache/t_merge.txt" "$pp" -q --merge "$cache/map" -d "$cache/merged.csv"
done
echo
echo "64 ranks (nccl_data, $(size_mb "$shared/traces/nccl_data.json.gz") MB gzipped each), $rank_runs runs, medians:"
echo
echo "| step                                              |   time  | peak RSS |"
echo "|---------------------------------------------------|---------|----------|"
printf '| %-49s | %5.2f s | %5.0f MB |\n' "--across-ranks -j 2" "$(median "$cache/t_across.txt" 1)" "$(calc "$(median "$cache/t_across.txt" 4) / 1000")"
printf '| %-49s | %5.2f s | %5.0f MB |\n' "map: 64 JSON Lines summaries, 2 at a time" "$(median "$cache/t_map.txt" 1)" "$(calc "$(median "$cache/t_map.txt" 4) / 1000")"
printf '| %-49s | %5.2f s | %5.0f MB |\n' "reduce: --merge" "$(median "$cache/t_merge.txt" 1)" "$(calc "$(median "$cache/t_merge.txt" 4) / 1000")"

# ---- hostile inputs (issue 15) ----
# Peak RSS per MB of input on pathological traces (scripts/make_hostile_trace.py):
# the bound is the input's size (1.00 MB per MB).
echo
echo "hostile inputs, -mc cpu_op, $rank_runs runs, medians (peak RSS at most the input's size):"
echo
echo "| input                                   |     size |   time  |  peak RSS  | RSS per MB |"
echo "|-----------------------------------------|----------|---------|------------|------------|"
for spec in "minimal 3000000" "minimal 10000000" "unmatched 1000000" "threads 2000000" "name 100000000"; do
	set -- $spec
	hostile=$cache/hostile_$1_$2.json
	[ -s "$hostile" ] || python3 "$top/scripts/make_hostile_trace.py" "$1" "$2" "$hostile"
	: > "$cache/t_hostile.txt"
	for ((i = 0; i < rank_runs; i++)); do run "$cache/t_hostile.txt" "$pp" -q -s "$hostile" -d "$cache/out.csv" -mc cpu_op; done
	rss_kb=$(median "$cache/t_hostile.txt" 4)
	printf '| %-39s | %5s MB | %5.2f s | %7.0f MB | %10.2f |\n' "$1 $2" "$(size_mb "$hostile")" \
		"$(median "$cache/t_hostile.txt" 1)" "$(calc "$rss_kb / 1000")" "$(calc "$rss_kb * 1024 / $(stat -c %s "$hostile")")"
done

ranks1000
