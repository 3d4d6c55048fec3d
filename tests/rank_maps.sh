#!/bin/sh
# Rank maps (--summary rank --format jsonl) read by --merge as strictly as
# traces are read (SPEC 20.2, 13.3; issue 44): a map that no trace makes
# is refused naming its file and line (an instance twice, a number out of
# turn, ids that are none, figures that do not hold together, times whose
# differences or sums would not fit in 63 bits); maps made with other
# options are a mix, refused naming both files and the option; a map of
# an older profile_parser (no options) is refused; a UTF-8 BOM is skipped;
# the page draws at most 64 rank bars, with a note. Every expected message
# and figure is written here by hand.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/ranks

# trace RANK BASE FILE: a trace of rank RANK with step 1 [0, 1000] us and
# three all-reduces (group 0) launched at 30, 31, 32 us, running 10 us from
# BASE100, BASE200 and BASE300 us (BASE: digits, "" for 0).
trace() {
	{
		printf '{"distributedInfo": {"rank": %s}, "traceEvents": [\n' "$1"
		printf '{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 1, "tid": 1, "ts": 0, "dur": 1000}'
		for i in 1 2 3; do
			printf ',\n{"ph": "X", "cat": "cpu_op", "name": "nccl:all_reduce", "pid": 1, "tid": 1, "ts": %s, "dur": 3}' $((28 + i))
			printf ',\n{"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": %s, "dur": 1, "args": {"correlation": %s}}' $((29 + i)) "$i"
			printf ',\n{"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce", "pid": 0, "tid": 7, "ts": %s%s00, "dur": 10, "args": {"device": 0, "stream": 7, "correlation": %s, "Collective name": "allreduce", "Process Group Name": "0"}}' "$2" "$i" "$i"
		done
		printf '\n]}\n'
	} > "$3"
}

# map TRACE DIR: its map into DIR/
map() {
	"$PROFILE_PARSER" -q -s "$1" -d "$2/" --summary rank --format jsonl -mc cpu_op || fail "the map of $1"
}

# merge_fails DESCRIPTION WANT DIR: --merge of DIR exits 1, standard error holding WANT
merge_fails() {
	rm -f "$tmp/out.csv"
	"$PROFILE_PARSER" --merge "$3" -d "$tmp/out.csv" 2>"$tmp/err"
	status=$?
	expect_status 1 "$1: exit status 1"
	expect_stderr "$2" "$1: the message"
}

# the maps of late (tests/ranks/WORKING), one per rank
mkdir "$tmp/late"
for r in 0 1 2; do map "$fixtures/late/rank$r.json" "$tmp/late"; done
head -n 1 "$tmp/late/rank0.jsonl" | grep -q '"options":"-mc cpu_op -hc cuda_driver,cuda_runtime -dc gpu_memcpy,gpu_memset,kernel"' \
	&& pass "a rank map records its options" || fail "a rank map records no options: $(head -n 1 "$tmp/late/rank0.jsonl")"

# tampered: NAME then a sed script over rank 0's map (its lines: 1 the
# rank's, 2 the all-reduce #0 of step 1 [200,300) us, 3 its exposed
# interval), and the message
tampered() {
	mkdir "$tmp/$1"
	cp "$tmp/late/rank1.jsonl" "$tmp/late/rank2.jsonl" "$tmp/$1/"
	sed "$2" "$tmp/late/rank0.jsonl" > "$tmp/$1/rank0.jsonl"
	merge_fails "$1" "$tmp/$1/rank0.jsonl: line $3" "$tmp/$1"
}
# the event line twice (and "events" 2): before, rank 0 counted twice in the instance
tampered dup '1s/"events":1/"events":2/; 2p' "3: the collective instance of line 2 again"
tampered dup_comms '1s/"events":1/"events":2/; 2s/"step":1,"collective":"allreduce","group":"0","number":0/"comms id":"7"/; 2p' \
	"3: the collective instance of line 2 again"
tampered dup_seq '1s/"events":1/"events":2/; 2s/"step":1,"collective":"allreduce","group":"0","number":0/"group":"0","seq":"3"/; 2p' \
	"3: the collective instance of line 2 again"
tampered number '2s/"number":0/"number":1/' "2: \"number\" 1 where 0 is due"
tampered step '2s/"step":1/"step":2/' "2: a \"step\" that is not among the \"step numbers\""
for id in '"0"' '""' '"x"' '"1.5"' '"007"' 7 null '"18446744073709551616"'; do
	tampered "id_$(printf %s "$id" | tr -dc 'a-z0-9')" "2s/\"step\":1,\"collective\":\"allreduce\",\"group\":\"0\",\"number\":0/\"comms id\":$id/" \
		"2: a \"comms id\" that is not a whole number from 1 to 2^64 - 1"
done
tampered compute '1s/"compute(ns)":50000/"compute(ns)":150001/' "1: figures no trace has"
tampered host_wait '1s/"host wait(ns)":0/"host wait(ns)":50001/' "1: figures no trace has"
tampered busy_idle '1s/"device busy(ns)":150000/"device busy(ns)":9223372036854775000/; 1s/"idle(ns)":50000/"idle(ns)":9000/' \
	"1: \"device busy(ns)\" and \"idle(ns)\" adding up past 2^63 - 1"
tampered span '2s/"start":200000/"start":-9223372036854775000/; 2s/"end":300000/"end":9223372036854775000/' \
	"2: times that span more than 2^63 ns"
tampered exposed_more '3s/\[200000,300000\]/[200000,300001]/' "3: \"exposed\" intervals adding up past"
tampered exposed_order '1s/"exposed":1/"exposed":2/; 3p' "4: an \"exposed\" interval out of order"
tampered old '1s/"options":"[^"]*",//' "1: no \"options\": a rank map written before 2026-12-02"
grep -q '^"2",' "$tmp/out.csv" && pass "a refused map: the others are merged" || fail "a refused map: the others not merged"

# Times near 2^63: rank 0's all-reduces at -4.7e18 ns, rank 1's at +4.7e18
# (each trace, each map, spans a few ms): their differences do not fit in
# 63 bits. Before, the waits wrapped (a negative wait(ms)); now nothing is
# written, by the direct run and by --merge alike.
mkdir "$tmp/far" "$tmp/far_maps"
trace 0 -4700000000000 "$tmp/far/rank0.json"
trace 1 4700000000000 "$tmp/far/rank1.json"
want="nothing written: the ranks' communication events span more than 2^63 ns (292 years): waits would be wrong"
"$PROFILE_PARSER" -s "$tmp/far" -d "$tmp/far.csv" --summary rank -mc cpu_op 2>"$tmp/err"
status=$?
expect_status 1 "events 2^63 ns apart: exit status 1"
expect_stderr "--summary rank: $want" "events 2^63 ns apart: said"
[ ! -e "$tmp/far.csv" ] && pass "events 2^63 ns apart: nothing written" || fail "events 2^63 ns apart: a table written"
for r in 0 1; do map "$tmp/far/rank$r.json" "$tmp/far_maps"; done
merge_fails "--merge, events 2^63 ns apart" "--merge: $want" "$tmp/far_maps"
"$PROFILE_PARSER" -s "$tmp/far" -d "$tmp/far.html" --summary rank -mc cpu_op 2>"$tmp/err"
status=$?
expect_status 1 "events 2^63 ns apart, the page: exit status 1"
# Rank 1 4e18 ns after rank 0: every difference fits, but its three
# instances' skews, 4e18 ns each (the delays too), add up past 2^63 - 1.
mkdir "$tmp/skew" "$tmp/skew_maps"
trace 0 "" "$tmp/skew/rank0.json"
trace 1 4000000000000 "$tmp/skew/rank1.json"
want="nothing written: the instances' skews add up past 2^63 ns (292 years): sums would be wrong"
"$PROFILE_PARSER" -s "$tmp/skew" -d "$tmp/skew.csv" --summary rank -mc cpu_op 2>"$tmp/err"
status=$?
expect_status 1 "skews past 2^63 ns: exit status 1"
expect_stderr "--summary rank: $want" "skews past 2^63 ns: said"
for r in 0 1; do map "$tmp/skew/rank$r.json" "$tmp/skew_maps"; done
merge_fails "--merge, skews past 2^63 ns" "--merge: $want" "$tmp/skew_maps"
# Near 2^63 but within it: rank 0 at 9.2e18 ns, rank 1 1 us later: the
# figures are those of a trace at 0 (by hand, from T = 9.2e15 us: #k of
# rank 0 [T+k00, T+k00+10), rank 1 [T+k00+1, T+k00+11): A = T+k00+1; rank 0
# waits 1 us and transfers 9 at each; rank 1, last, transfers 10 and
# caused a delay of 1 us at each), never wrapped.
mkdir "$tmp/edge"
trace 0 9200000000000 "$tmp/edge/rank0.json"
sed 's/"ts": 9200000000000\([1-3]\)00,/"ts": 9200000000000\101,/' "$tmp/edge/rank0.json" | sed 's/"rank": 0/"rank": 1/' \
	> "$tmp/edge/rank1.json"
"$PROFILE_PARSER" -q -s "$tmp/edge" -d "$tmp/edge.csv" --summary rank -mc cpu_op --columns "rank,wait(ms),transfer(ms),delay caused(ms)" \
	|| fail "near 2^63: exit status $?"
printf '"rank","wait(ms)","transfer(ms)","delay caused(ms)"\r\n"1","0.0","0.03","0.003"\r\n"0","0.003","0.027","0.0"\r\n' > "$tmp/edge.want"
cmp -s "$tmp/edge.csv" "$tmp/edge.want" && pass "near 2^63: exact figures, by hand" \
	|| { fail "near 2^63: other figures"; cat "$tmp/edge.csv"; }

# Mixes (SPEC 13.3): maps of other -hc, -dc or --comm-pattern than the first
# are refused, both files and the option named; --module-class shapes no
# rank map (it renames nn.Module frames only): not recorded, merged.
mix() {
	rm -rf "$tmp/mix"
	mkdir "$tmp/mix"
	cp "$tmp/late/rank0.jsonl" "$tmp/mix/a.jsonl"
	"$PROFILE_PARSER" -q -s "$fixtures/late/rank1.json" -d "$tmp/mix/b.jsonl" --summary rank --format jsonl -mc cpu_op "$@"
}
mix -hc cuda_runtime
merge_fails "maps of other -hc" "--merge: nothing written: rank maps of different options cannot be merged: $tmp/mix/a.jsonl: --summary rank -mc cpu_op -hc cuda_driver,cuda_runtime -dc gpu_memcpy,gpu_memset,kernel; $tmp/mix/b.jsonl: --summary rank -mc cpu_op -hc cuda_runtime -dc gpu_memcpy,gpu_memset,kernel: $tmp/mix/a.jsonl has -hc cuda_driver,cuda_runtime, $tmp/mix/b.jsonl -hc cuda_runtime" "$tmp/mix"
[ ! -e "$tmp/out.csv" ] && pass "maps of other -hc: nothing written" || fail "maps of other -hc: a table written"
mix -dc kernel
merge_fails "maps of other -dc" "$tmp/mix/a.jsonl has -dc gpu_memcpy,gpu_memset,kernel, $tmp/mix/b.jsonl -dc kernel" "$tmp/mix"
mix --comm-pattern "nccl|it's -x"
merge_fails "maps of other --comm-pattern" "$tmp/mix/b.jsonl has --comm-pattern nccl|it's -x, $tmp/mix/a.jsonl has not" "$tmp/mix"
mix --module-class
"$PROFILE_PARSER" -q --merge "$tmp/mix" -d "$tmp/out.csv" && pass "maps with and without --module-class merge" \
	|| fail "maps with and without --module-class: exit status $?"

# A UTF-8 BOM before a map is skipped, as before a summary; "1 rank"
mkdir "$tmp/bom"
printf '\357\273\277' > "$tmp/bom/rank0.jsonl"
cat "$tmp/late/rank0.jsonl" >> "$tmp/bom/rank0.jsonl"
cp "$tmp/late/rank1.jsonl" "$tmp/late/rank2.jsonl" "$tmp/bom/"
"$PROFILE_PARSER" -q --merge "$tmp/bom" -d "$tmp/bom.csv" && cmp -s "$tmp/bom.csv" "$fixtures/late.csv" \
	&& pass "a map with a UTF-8 BOM: merged, the table of late" || fail "a map with a UTF-8 BOM"
"$PROFILE_PARSER" --merge "$tmp/bom/rank0.jsonl" -d "$tmp/one.csv" 2>"$tmp/err"
expect_stderr "--merge: 1 rank of 1 map written to $tmp/one.csv" "one map: 1 rank, singular"

# The page caps the rank bars as it caps the device bars: 70 ranks, 64 bars
# and a note; the table keeps every rank.
mkdir "$tmp/many"
r=0
while [ $r -lt 70 ]; do trace $r "" "$tmp/many/rank$r.json"; r=$((r + 1)); done
"$PROFILE_PARSER" -q -s "$tmp/many" -d "$tmp/many.html" --summary rank -mc cpu_op || fail "70 ranks: exit status $?"
bars=$(grep -c '<pre class="figs">' "$tmp/many.html")
[ "$bars" -eq 64 ] && pass "70 ranks: 64 bars" || fail "70 ranks: $bars bars"
grep -q 'The bars of the first 64 of 70 ranks are shown' "$tmp/many.html" && pass "70 ranks: the note" \
	|| fail "70 ranks: no note"
[ "$(grep -o '<tr>' "$tmp/many.html" | wc -l)" -eq 71 ] && pass "70 ranks: every row in the table" || fail "70 ranks: rows missing"
finish
