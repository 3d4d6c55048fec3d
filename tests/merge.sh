#!/bin/sh
# --merge, --across-ranks and the summaries' keys on inputs that used to be
# merged wrongly (issue 21): names with a NUL, a summary reached twice, a
# repeated line, a FIFO, summaries of other views or options, ranks twice,
# odd ranks, a BOM and blank lines. The fixtures of tests/compare/ranks
# (figures worked out in tests/compare.sh) and tests/compare/nul.json.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/compare

pp() {
	"$PROFILE_PARSER" "$@" 2>"$tmp/err"
	status=$?
}

# same_as FILE DESCRIPTION: $tmp/out is FILE, byte for byte
same_as() {
	if cmp -s "$1" "$tmp/out"; then pass "$2"; else fail "$2:"; diff "$1" "$tmp/out" | head -n 8; cat "$tmp/err"; fi
}

# no_line TEXT DESCRIPTION: standard error has no line with TEXT
no_line() {
	if grep -qF -- "$1" "$tmp/err"; then fail "$2:"; cat "$tmp/err"; else pass "$2"; fi
}

# ---- names with a NUL are distinct keys everywhere ----
# nul.json: op\0b (10 us) and op\0c (5 us); no device time, so sorted by
# host total (summaries), by key (across ranks: op\0b < op\0c).
cp "$fixtures/nul.json" "$tmp/nul_0.json"
cp "$fixtures/nul.json" "$tmp/nul_1.json"
for view in name path; do
	pp -q -s "$fixtures/nul.json" -d "$tmp/out" -mc cpu_op --summary $view --format jsonl --columns "name,count,host total(ms)"
	expect_output "--summary $view: names with a NUL stay apart" '{"name":"op\u0000b","count":1,"host total(ms)":0.01}
{"name":"op\u0000c","count":1,"host total(ms)":0.005}'
done
nul_across='{"name":"op\u0000b","ranks":2,"count":2,"host total max(ms)":0.01}
{"name":"op\u0000c","ranks":2,"count":2,"host total max(ms)":0.005}'
pp -q -s "$tmp/nul_0.json" -s "$tmp/nul_1.json" -d "$tmp/out" -mc cpu_op --summary name --across-ranks --format jsonl \
	--columns "name,ranks,count,host total max(ms)"
expect_output "--across-ranks: names with a NUL stay apart" "$nul_across"
mkdir "$tmp/nulmap"
for rank in 0 1; do
	"$PROFILE_PARSER" -q -s "$tmp/nul_$rank.json" -d "$tmp/nulmap/" -mc cpu_op --summary name --format jsonl
done
pp -q --merge "$tmp/nulmap" -d "$tmp/out" --format jsonl --columns "name,ranks,count,host total max(ms)"
expect_output "--merge: names with a NUL stay apart" "$nul_across"
pp -q -s "$tmp/nul_0.json" -s "$tmp/nul_1.json" -d "$tmp/out" -mc cpu_op --diff name --format jsonl \
	--columns "name,status,base count,new count"
expect_output "--diff: names with a NUL stay apart" '{"name":"op\u0000b","status":"same","base count":1,"new count":1}
{"name":"op\u0000c","status":"same","base count":1,"new count":1}'

# ---- paths whose names hold "$$" are distinct keys everywhere ----
# dollar.json: the node a$$b (100 us) and the path a (100 us) > b (10 us);
# x$ (50 us) > y (5 us) and x (40 us) > $y (4 us); c$$d (30 us) and
# c\$\$d (20 us). Joined by $$ as they are, a$$b and a > b are one text,
# so are x$ > y and x > $y. A name that starts with $ or holds $$ or \$ is
# escaped (\ doubled, $ as \$): a\$\$b, x$$\$y, c\$\$d, c\\\$\\\$d (each
# \ doubled again by JSON); every other name as it is: a$$b, x$$$y.
# Summaries: by host total, then name (byte order, $ before \);
# across ranks and the diff (no device time, no delta): by key.
cp "$fixtures/dollar.json" "$tmp/dollar_0.json"
cp "$fixtures/dollar.json" "$tmp/dollar_1.json"
pp -q -s "$fixtures/dollar.json" -d "$tmp/out" -mc cpu_op --summary path --format jsonl --columns "name,count,host total(ms)"
expect_output '--summary path: a name holding $$ and a path of two names stay apart' '{"name":"a","count":1,"host total(ms)":0.1}
{"name":"a\\$\\$b","count":1,"host total(ms)":0.1}
{"name":"x$","count":1,"host total(ms)":0.05}
{"name":"x","count":1,"host total(ms)":0.04}
{"name":"c\\$\\$d","count":1,"host total(ms)":0.03}
{"name":"c\\\\\\$\\\\\\$d","count":1,"host total(ms)":0.02}
{"name":"a$$b","count":1,"host total(ms)":0.01}
{"name":"x$$$y","count":1,"host total(ms)":0.005}
{"name":"x$$\\$y","count":1,"host total(ms)":0.004}'
dollar_across='{"name":"a","ranks":2,"count":2,"host total max(ms)":0.1}
{"name":"a$$b","ranks":2,"count":2,"host total max(ms)":0.01}
{"name":"a\\$\\$b","ranks":2,"count":2,"host total max(ms)":0.1}
{"name":"c\\$\\$d","ranks":2,"count":2,"host total max(ms)":0.03}
{"name":"c\\\\\\$\\\\\\$d","ranks":2,"count":2,"host total max(ms)":0.02}
{"name":"x","ranks":2,"count":2,"host total max(ms)":0.04}
{"name":"x$","ranks":2,"count":2,"host total max(ms)":0.05}
{"name":"x$$$y","ranks":2,"count":2,"host total max(ms)":0.005}
{"name":"x$$\\$y","ranks":2,"count":2,"host total max(ms)":0.004}'
pp -q -s "$tmp/dollar_0.json" -s "$tmp/dollar_1.json" -d "$tmp/out" -mc cpu_op --summary path --across-ranks --format jsonl \
	--columns "name,ranks,count,host total max(ms)"
expect_output '--across-ranks: paths with $$ in a name stay apart' "$dollar_across"
mkdir "$tmp/dollarmap"
for rank in 0 1; do
	"$PROFILE_PARSER" -q -s "$tmp/dollar_$rank.json" -d "$tmp/dollarmap/" -mc cpu_op --summary path --format jsonl
done
pp -q --merge "$tmp/dollarmap" -d "$tmp/out" --format jsonl --columns "name,ranks,count,host total max(ms)"
expect_status 0 '--merge of paths with $$ in a name: no key twice'
expect_output '--merge: paths with $$ in a name stay apart' "$dollar_across"
pp -q -s "$tmp/dollar_0.json" -s "$tmp/dollar_1.json" -d "$tmp/out" -mc cpu_op --diff path --format jsonl \
	--columns "name,status,base count,new count"
expect_output '--diff path: paths with $$ in a name stay apart' '{"name":"a","status":"same","base count":1,"new count":1}
{"name":"a$$b","status":"same","base count":1,"new count":1}
{"name":"a\\$\\$b","status":"same","base count":1,"new count":1}
{"name":"c\\$\\$d","status":"same","base count":1,"new count":1}
{"name":"c\\\\\\$\\\\\\$d","status":"same","base count":1,"new count":1}
{"name":"x","status":"same","base count":1,"new count":1}
{"name":"x$","status":"same","base count":1,"new count":1}
{"name":"x$$$y","status":"same","base count":1,"new count":1}
{"name":"x$$\\$y","status":"same","base count":1,"new count":1}'
# the per-node rows write each name as it is (the Python tool's form)
pp -q -s "$fixtures/dollar.json" -d "$tmp/out" -mc cpu_op --columns name --max_depth 1
expect_output 'the rows: each name as it is' '"name"
"a$$b"
"a"
"x$"
"x"
"c$$d"
"c\$\$d"'

# ---- the map of the three ranks, and what --across-ranks writes ----
"$PROFILE_PARSER" -q -s "$fixtures/ranks" --summary name --across-ranks -mc cpu_op -d "$tmp/across.csv"
mkdir "$tmp/map"
for trace in "$fixtures"/ranks/*.json; do
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/map/" --summary name --format jsonl -mc cpu_op || fail "the map of $trace"
done

# each line records the view and the options that shape it; rank1.json: d
# (5 us, a launch of 1 us, a kernel of 3 us) comes first
if [ "$(head -n 1 "$tmp/map/rank1.jsonl")" = '{"rank":1,"name":"d","count":1,"host total(ms)":0.005,"host mean(ms)":0.005,"host min(ms)":0.005,"host max(ms)":0.005,"self host total(ms)":0.005,"device total(ms)":0.003,"self device total(ms)":0.003,"cuda launch total(ms)":0.001,"launch count":1,"device event count":1,"summary":"name","options":"-mc cpu_op -hc cuda_driver,cuda_runtime -dc gpu_memcpy,gpu_memset,kernel"}' ]
then pass "a summary line records its view and options"
else fail "a summary line records its view and options: $(head -n 1 "$tmp/map/rank1.jsonl")"; fi
# the options in one canonical form: categories canonical, sorted, once;
# --opaque and --exclude by the SHA-256 of their sorted names ("a\nb\n");
# step 1 of base.json, leaves: changed (a kernel of 7 us) comes first; --top
# 1 keeps one row of the rank's: recorded (issue 44), as it shapes the rows
printf 'b\n# a comment\n\na\n' > "$tmp/names"
digest=$(printf 'a\nb\n' | sha256sum | cut -c 1-16)
pp -q -s "$fixtures/base.json" -d "$tmp/out" --summary name -mc Operator,user_annotation,cpu_op -dc Kernel \
	--all-python-functions --max_depth 2 --min_depth 1 --leaves --opaque "$tmp/names" --exclude "$tmp/names" --step 1 \
	--columns name,count,summary,options --top 1
expect_output "the options, canonical" "\"name\",\"count\",\"summary\",\"options\"
\"changed\",\"1\",\"name\",\"-mc cpu_op,user_annotation -hc cuda_driver,cuda_runtime -dc kernel --all-python-functions --max_depth 2 --min_depth 1 --leaves --opaque sha256:$digest --exclude sha256:$digest --step 1 --top 1\""

# ---- a summary reached twice is read once ----
pp --merge "$tmp/map" -d "$tmp/out"
expect_status 0 "--merge of the map"
same_as "$tmp/across.csv" "--merge of the map equals --across-ranks"
ln -s rank0.jsonl "$tmp/map/zz_link.jsonl"
pp --merge "$tmp/map" --merge "$tmp/map/rank1.jsonl" --merge "$tmp/map" -d "$tmp/out"
expect_status 0 "--merge with a link, a file and a directory named twice"
same_as "$tmp/across.csv" "a link, a file and a directory named twice: each summary counted once"
expect_stderr "$tmp/map/zz_link.jsonl is $tmp/map/rank0.jsonl again: read once" "the link: said in the report"
expect_stderr "$tmp/map/rank1.jsonl is $tmp/map/rank1.jsonl again: read once" "the file named twice: said in the report"
rm "$tmp/map/zz_link.jsonl"

# ---- a (rank, name) twice in a file: refused, with the file and the line ----
mkdir "$tmp/repeated"
cp "$tmp/map/rank0.jsonl" "$tmp/map/rank1.jsonl" "$tmp/repeated/"
head -n 1 "$tmp/map/rank2.jsonl" > "$tmp/repeated/rank2.jsonl"
cat "$tmp/map/rank2.jsonl" >> "$tmp/repeated/rank2.jsonl"
pp --merge "$tmp/repeated" -d "$tmp/out"
expect_status 1 "a repeated line: exit status 1"
expect_stderr "$tmp/repeated/rank2.jsonl: line 2: the name and rank (2) of line 1 again" "a repeated line: the file and the lines"
expect_stderr "--merge: 3 keys of 2 summaries written" "a repeated line: nothing of its file, the others merged"

# ---- a FIFO is skipped in a directory, refused by name, never waited on ----
# (timeout: a guard, so that a hang fails the check instead of the run)
if command -v timeout >/dev/null && mkfifo "$tmp/map/fifo.jsonl" 2>/dev/null; then
	timeout 20 "$PROFILE_PARSER" --merge "$tmp/map" -d "$tmp/out" 2>"$tmp/err"
	status=$?
	expect_status 0 "a FIFO in the directory: no wait"
	same_as "$tmp/across.csv" "a FIFO in the directory: the summaries merged"
	expect_stderr "$tmp/map/fifo.jsonl: not a regular file: skipped" "a FIFO in the directory: said in the report"
	timeout 20 "$PROFILE_PARSER" --merge "$tmp/map/fifo.jsonl" --merge "$tmp/map/rank0.jsonl" -d "$tmp/out" 2>"$tmp/err"
	status=$?
	expect_status 1 "a FIFO named: no wait, exit status 1"
	expect_stderr "$tmp/map/fifo.jsonl: not a regular file (a FIFO)" "a FIFO named: refused, saying why"
	rm "$tmp/map/fifo.jsonl"
else
	skip "the FIFO checks: no timeout (coreutils), or mkfifo failed"
fi

# ---- summaries of other views or options are not merged ----
"$PROFILE_PARSER" -q -s "$fixtures/ranks/rank1.json" -d "$tmp/path1.jsonl" --summary path -mc cpu_op
"$PROFILE_PARSER" -q -s "$fixtures/ranks/rank1.json" -d "$tmp/deep1.jsonl" --summary name -mc cpu_op --max_depth 1
"$PROFILE_PARSER" -q -s "$fixtures/ranks/rank1.json" -d "$tmp/step1.jsonl" --summary name -mc cpu_op,user_annotation
options="-mc cpu_op -hc cuda_driver,cuda_runtime -dc gpu_memcpy,gpu_memset,kernel"
rm -f "$tmp/mixed.csv"
pp --merge "$tmp/map/rank0.jsonl" --merge "$tmp/path1.jsonl" -d "$tmp/mixed.csv"
expect_status 1 "a path summary with a name summary: exit status 1"
expect_stderr "--merge: nothing written: summaries of different views or options cannot be merged: $tmp/map/rank0.jsonl: --summary name $options; $tmp/path1.jsonl: --summary path $options" \
	"a path summary with a name summary: both named, with their views"
[ -e "$tmp/mixed.csv" ] && fail "a mix: a table written" || pass "a mix: no table written"
pp --merge "$tmp/map/rank0.jsonl" --merge "$tmp/deep1.jsonl" -d "$tmp/mixed.csv"
expect_status 1 "another depth bound: exit status 1"
expect_stderr "$tmp/deep1.jsonl: --summary name $options --max_depth 1" "another depth bound: named"
pp --merge "$tmp/map/rank0.jsonl" --merge "$tmp/step1.jsonl" -d "$tmp/mixed.csv"
expect_status 1 "other categories: exit status 1"
# older summaries (without "summary" and "options") merge among themselves only
mkdir "$tmp/old"
for rank in 0 1 2; do sed 's/,"summary":.*}$/}/' "$tmp/map/rank$rank.jsonl" > "$tmp/old/rank$rank.jsonl"; done
pp -q --merge "$tmp/old" -d "$tmp/out"
expect_status 0 "older summaries, all of them"
same_as "$tmp/across.csv" "older summaries merge among themselves"
pp --merge "$tmp/map/rank0.jsonl" --merge "$tmp/old/rank1.jsonl" -d "$tmp/mixed.csv"
expect_status 1 "a summary with an older one: exit status 1"
expect_stderr "$tmp/old/rank1.jsonl: no view or options recorded" "a summary with an older one: said"
# one file whose lines differ
{ head -n 1 "$tmp/map/rank0.jsonl"; head -n 1 "$tmp/path1.jsonl"; } > "$tmp/inner.jsonl"
pp --merge "$tmp/inner.jsonl" -d "$tmp/mixed.csv"
expect_status 1 "a file of two views: exit status 1"
expect_stderr "$tmp/inner.jsonl: line 2: --summary path $options, but line 1: --summary name $options" "a file of two views: the lines"

# ---- a rank twice: a warning naming both files, exit status 0 ----
mkdir "$tmp/twice"
cp "$fixtures/ranks/rank0.json" "$tmp/twice/a.json"  # distributedInfo rank 0
cp "$fixtures/ranks/rank0.json" "$tmp/twice/b.json"  # the same
cp "$fixtures/base.json" "$tmp/twice/c.json"          # no rank: its place, 2
cp "$fixtures/ranks/rank1.json" "$tmp/twice/rank_2.json" # rank 2, by its name
pp -s "$tmp/twice" --summary name --across-ranks -mc cpu_op -d "$tmp/out"
expect_status 0 "--across-ranks, ranks twice: exit status 0"
expect_stderr "profile_parser: warning: $tmp/twice/a.json and $tmp/twice/b.json have the same rank, 0: counted as two ranks" \
	"--across-ranks: the same rank twice, both files named"
expect_stderr "profile_parser: warning: $tmp/twice/c.json and $tmp/twice/rank_2.json have the same rank, 2 ($tmp/twice/c.json records none: its place in the list)" \
	"--across-ranks: a place in the list that is another's rank"
"$PROFILE_PARSER" -s - -s "$tmp/twice/b.json" --summary name --across-ranks -mc cpu_op -d "$tmp/out" \
	< "$tmp/twice/a.json" 2>"$tmp/err"
expect_stderr "profile_parser: warning: standard input and $tmp/twice/b.json have the same rank, 0" \
	"--across-ranks: standard input named as messages call it"
pp -q -s "$tmp/twice" --summary name --across-ranks -mc cpu_op -d "$tmp/out"
no_line "warning" "--across-ranks -q: no warning"
pp -s "$fixtures/ranks" --summary name --across-ranks -mc cpu_op -d "$tmp/out"
no_line "warning" "--across-ranks, distinct ranks: no warning"
cp "$tmp/map/rank0.jsonl" "$tmp/map/rank0_again.jsonl"
pp --merge "$tmp/map" -d "$tmp/out"
expect_status 0 "--merge, a rank twice: exit status 0"
expect_stderr "profile_parser: warning: $tmp/map/rank0.jsonl and $tmp/map/rank0_again.jsonl have the same rank, 0: counted as two ranks" \
	"--merge: the same rank twice, both files named"
rm "$tmp/map/rank0_again.jsonl"
pp --merge "$tmp/map" -d "$tmp/out"
no_line "warning" "--merge, distinct ranks: no warning"

# ---- ranks: whole numbers from 0 to 2^63 - 1, or null ----
line='"name":"a","count":1,"host total(ms)":0.01,"device total(ms)":0.0'
for rank in -4 1.5 true 9223372036854775808 99999999999999999999 '"3"' '"rank 3"' '[1]'; do
	printf '{"rank":%s,%s}\n' "$rank" "$line" > "$tmp/rank.jsonl"
	pp --merge "$tmp/rank.jsonl" -d "$tmp/out"
	expect_status 1 "rank $rank: refused"
	expect_stderr 'rank.jsonl: line 1: a "rank" that is not a whole number from 0 to 2^63 - 1 (nor null)' "rank $rank: said"
done
# leading zeros: not JSON (Python's json refuses them too), not rank 12
printf '{"rank":00012,%s}\n' "$line" > "$tmp/rank.jsonl"
pp --merge "$tmp/rank.jsonl" -d "$tmp/out"
expect_status 1 "rank 00012: refused"
expect_stderr 'rank.jsonl: line 1: not JSON (number expected): not a JSON Lines summary' "rank 00012: said"
for rank in 0 9223372036854775807 null; do
	printf '{"rank":%s,%s}\n' "$rank" "$line" > "$tmp/rank.jsonl"
	pp -q --merge "$tmp/rank.jsonl" -d "$tmp/out" --format jsonl --columns "name,host total max rank"
	[ "$rank" = null ] && want=0 || want=$rank # null: the file's place, 0
	expect_output "rank $rank: accepted" "{\"name\":\"a\",\"host total max rank\":$want}"
done
# a BOM, CR LF and blank lines, as in traces
printf '\357\273\277{"rank":5,%s}\r\n\r\n  \t\n{"rank":5,"name":"b","count":2,"host total(ms)":0.02,"device total(ms)":0.0}\n\n' \
	"$line" > "$tmp/bom.jsonl"
pp -q --merge "$tmp/bom.jsonl" -d "$tmp/out" --format jsonl --columns "name,count,host total max rank"
expect_status 0 "a BOM and blank lines: accepted"
expect_output "a BOM and blank lines: both lines read" '{"name":"a","count":1,"host total max rank":5}
{"name":"b","count":2,"host total max rank":5}'
# ---- a duration finer than the nanosecond: refused, never rounded ----
# (issue 33) A summary writes whole nanoseconds; 0.0000005 ms is half a ns,
# which rounding would read as 1 ns (0.0000004 as 0): the line names its
# file, line and member, the file adds nothing, exit status 1 as for any
# line that is no summary. Trailing zeros past the ns are no finer.
good='{"rank":0,"name":"a","count":1,"host total(ms)":0.001,"device total(ms)":0.0}'
for value in 0.0000005 0.0000004 1.0000001 1e-7; do
	for member in 'host total(ms)' 'device total(ms)'; do
		if [ "$member" = 'host total(ms)' ]; then times="\"host total(ms)\":$value,\"device total(ms)\":0.0"
		else times="\"host total(ms)\":0.001,\"device total(ms)\":$value"; fi
		printf '%s\n{"rank":0,"name":"b","count":1,%s}\n' "$good" "$times" > "$tmp/fine.jsonl"
		pp --merge "$tmp/fine.jsonl" --merge "$tmp/bom.jsonl" -d "$tmp/out" --format jsonl --columns "name,count"
		expect_status 1 "--merge: $member $value (finer than the ns): exit status 1"
		expect_stderr "fine.jsonl: line 2: \"$member\" $value is finer than the nanosecond" "--merge: $member $value: the file, line and member named"
		expect_output "--merge: $member $value: nothing of its file, the other file merged" '{"name":"a","count":1}
{"name":"b","count":2}'
	done
done
printf '{"rank":0,"name":"a","count":1,"host total(ms)":0.0010000,"device total(ms)":1.000000e-3}\n' > "$tmp/fine.jsonl"
pp -q --merge "$tmp/fine.jsonl" -d "$tmp/out" --format jsonl --columns "name,host total max(ms),device total max(ms)"
expect_status 0 "--merge: zeros past the ns are whole nanoseconds"
expect_output "--merge: 0.0010000 and 1.000000e-3 ms read as 1000 ns" '{"name":"a","host total max(ms)":0.001,"device total max(ms)":0.001}'
# with perf columns, the perf durations too (the map of tests/compare.sh's perf fixtures)
perf='"flops":4194304,"bytes":229376,"bound":"memory","summary":"name","options":"-mc cpu_op"'
for member in 'device busy total(ms)' 'roofline(ms)'; do
	[ "$member" = 'roofline(ms)' ] && other='"device busy total(ms)":0.002' || other='"roofline(ms)":0.000115'
	printf '{"rank":0,"name":"a","count":1,"host total(ms)":0.01,"device total(ms)":0.002,%s,%s,"%s":0.0001155}\n' "$perf" "$other" "$member" > "$tmp/fine.jsonl"
	pp --merge "$tmp/fine.jsonl" -d "$tmp/out" --columns "name,roofline %"
	expect_status 1 "--merge: $member 0.0001155 (finer than the ns): exit status 1"
	expect_stderr "fine.jsonl: line 1: \"$member\" 0.0001155 is finer than the nanosecond" "--merge: $member: the file, line and member named"
done
# ---- options that shape the rows are recorded (issue 44) ----
# --module-class names the rows (nn.Module: Linear beside Linear_0): a map
# with it and one without are a mix, both files and the option named; the
# same with --top (the rows kept); the direct run and the merge agree.
modules=$top_srcdir/tests/cases/modules.json
mkdir "$tmp/classes"
pp -q -s "$modules" -d "$tmp/classes/a.jsonl" --summary name --format jsonl -mc python_function
pp -q -s "$modules" -d "$tmp/classes/b.jsonl" --summary name --format jsonl -mc python_function --module-class
grep -q '"options":"-mc python_function -hc cuda_driver,cuda_runtime -dc gpu_memcpy,gpu_memset,kernel --module-class"' \
	"$tmp/classes/b.jsonl" && pass "--module-class is among a summary's options" || fail "--module-class not recorded"
rm -f "$tmp/out"
pp --merge "$tmp/classes" -d "$tmp/out"
expect_status 1 "--merge: with and without --module-class: exit status 1"
expect_stderr "--merge: nothing written: summaries of different views or options cannot be merged: $tmp/classes/a.jsonl: --summary name -mc python_function -hc cuda_driver,cuda_runtime -dc gpu_memcpy,gpu_memset,kernel; $tmp/classes/b.jsonl: --summary name -mc python_function -hc cuda_driver,cuda_runtime -dc gpu_memcpy,gpu_memset,kernel --module-class: $tmp/classes/b.jsonl has --module-class, $tmp/classes/a.jsonl has not" \
	"--merge: with and without --module-class: both files and the option named"
[ -e "$tmp/out" ] && fail "--module-class mix: a table written" || pass "--module-class mix: no table written"
cp "$tmp/classes/b.jsonl" "$tmp/classes/a.jsonl"
sed 's/"rank":null/"rank":1/' "$tmp/classes/b.jsonl" > "$tmp/classes/c.jsonl"
cp "$modules" "$tmp/modules_1.json"
pp -q -s "$modules" -s "$tmp/modules_1.json" -d "$tmp/across.csv" --summary name --across-ranks -mc python_function --module-class
pp -q --merge "$tmp/classes/a.jsonl" --merge "$tmp/classes/c.jsonl" -d "$tmp/out"
grep -q '"nn.Module: Linear"' "$tmp/out" && same_as "$tmp/across.csv" "--module-class maps merge as --across-ranks writes"
pp -q -s "$modules" -d "$tmp/classes/c.jsonl" --summary name --format jsonl -mc python_function --module-class --top 1
pp --merge "$tmp/classes" -d "$tmp/out"
expect_stderr "$tmp/classes/c.jsonl has --top 1, $tmp/classes/a.jsonl has not" "--merge: a map cut by --top: a mix, named"
finish
