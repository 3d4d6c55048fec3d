#!/bin/sh
# --sort LIST and --top N (SPEC 12) on tests/views/ties.json, checked by
# hand: numbers descending, text ascending, ties in the usual order (tree
# pre-order across threads, which is not the order of the nodes' ids; a
# summary's own order), keys that are not written, --top with and without
# --sort and beyond the row count, in CSV, JSON Lines and the table; the
# usage errors. On real traces (skipped without them, or without python3):
# --sort ... --top 5 equals the first 5 rows of the full output sorted here.
#
# ties.json: thread 1 has root x (ts 100, 0.004 ms of device time); thread
# 2 has root y (ts 0) with children y1 (0.004 ms) and y2 (0.002 ms), and
# root x (ts 60, none). Rows in the usual order: y, y$$y1, y$$y2, x (tid 2),
# x (tid 1); the nodes' ids put thread 1's x first.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
trace=$top_srcdir/tests/views/ties.json
LC_ALL=C; export LC_ALL

# rows DESCRIPTION ARGS...: the CSV (CR removed) of ARGS must be standard input.
rows() {
	description=$1; shift
	cat > "$tmp/want"
	if ! "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out.csv" -mc cpu_op "$@" 2>"$tmp/err"; then
		fail "$description: $(cat "$tmp/err")"; return
	fi
	if tr -d '\r' < "$tmp/out.csv" | cmp -s - "$tmp/want"; then pass "$description"; else
		fail "$description:"; tr -d '\r' < "$tmp/out.csv" | diff "$tmp/want" -; fi
}
columns="name,tid,device duration(ms)"

rows "no --sort: the usual order" --columns "$columns" <<'EOF'
"name","tid","device duration(ms)"
"y","2","0.006"
"y$$y1","2","0.004"
"y$$y2","2","0.002"
"x","2","0.0"
"x","1","0.004"
EOF
rows "numbers descending, ties in tree order (y\$\$y1 before thread 1's x)" --columns "$columns" --sort "device duration(ms)" <<'EOF'
"name","tid","device duration(ms)"
"y","2","0.006"
"y$$y1","2","0.004"
"x","1","0.004"
"y$$y2","2","0.002"
"x","2","0.0"
EOF
rows "text ascending, ties in tree order (thread 2's x first)" --columns "$columns" --sort operation <<'EOF'
"name","tid","device duration(ms)"
"x","2","0.0"
"x","1","0.004"
"y","2","0.006"
"y$$y1","2","0.004"
"y$$y2","2","0.002"
EOF
rows "two keys: text, then number" --columns "$columns" --sort "Operation, device duration(ms)" <<'EOF'
"name","tid","device duration(ms)"
"x","1","0.004"
"x","2","0.0"
"y","2","0.006"
"y$$y1","2","0.004"
"y$$y2","2","0.002"
EOF
rows "paths ascending, a shorter path first" --columns "$columns" --sort NAME <<'EOF'
"name","tid","device duration(ms)"
"x","2","0.0"
"x","1","0.004"
"y","2","0.006"
"y$$y1","2","0.004"
"y$$y2","2","0.002"
EOF
rows "a key that is not written (host duration), ties in tree order" --columns "$columns" --sort "host duration(ms)" <<'EOF'
"name","tid","device duration(ms)"
"y","2","0.006"
"y$$y1","2","0.004"
"y$$y2","2","0.002"
"x","1","0.004"
"x","2","0.0"
EOF
rows "device % as a key and a column" --columns "name,device %" --sort "device %" <<'EOF'
"name","device %"
"y","60.0"
"y$$y1","40.0"
"x","40.0"
"y$$y2","20.0"
"x","0.0"
EOF
rows "--top without --sort: the first rows in the usual order" --columns "$columns" --top 2 <<'EOF'
"name","tid","device duration(ms)"
"y","2","0.006"
"y$$y1","2","0.004"
EOF
rows "--top after --sort" --columns "$columns" --sort "device duration(ms)" --top 3 <<'EOF'
"name","tid","device duration(ms)"
"y","2","0.006"
"y$$y1","2","0.004"
"x","1","0.004"
EOF
rows "--top beyond the row count: every row" --columns "$columns" --sort "device duration(ms)" --top 100 <<'EOF'
"name","tid","device duration(ms)"
"y","2","0.006"
"y$$y1","2","0.004"
"x","1","0.004"
"y$$y2","2","0.002"
"x","2","0.0"
EOF
rows "--top with the depth bounds" --columns "$columns" --min_depth 2 --sort "device duration(ms)" --top 1 <<'EOF'
"name","tid","device duration(ms)"
"y$$y1","2","0.004"
EOF

# Summaries: their own order is device total, host total, name: y, x, y1, y2.
summary="name,count,cuda launch total(ms)"
rows "summary: its own order" --summary name --columns "$summary" <<'EOF'
"name","count","cuda launch total(ms)"
"y","1","0.002"
"x","2","0.002"
"y1","1","0.001"
"y2","1","0.001"
EOF
rows "summary by count, ties in the summary's order" --summary name --columns "$summary" --sort count <<'EOF'
"name","count","cuda launch total(ms)"
"x","2","0.002"
"y","1","0.002"
"y1","1","0.001"
"y2","1","0.001"
EOF
rows "summary by launch total: y before x, as the summary has them" --summary name --columns "$summary" --sort "cuda launch total(ms)" --top 3 <<'EOF'
"name","count","cuda launch total(ms)"
"y","1","0.002"
"x","2","0.002"
"y1","1","0.001"
EOF
rows "summary by name ascending, on a key not written" --summary path --columns "count" --sort name <<'EOF'
"count"
"2"
"1"
"1"
"1"
EOF
rows "summary --top without --sort, beyond the row count" --summary name --columns name --top 9 <<'EOF'
"name"
"y"
"x"
"y1"
"y2"
EOF

# The same orders in JSON Lines and in the table.
"$PROFILE_PARSER" -q -s "$trace" -d - -mc cpu_op --format jsonl --columns "name,tid" --sort "device duration(ms)" --top 4 > "$tmp/out.jsonl"
[ "$(tr -d '\n' < "$tmp/out.jsonl")" = '{"name":"y","tid":"2"}{"name":"y$$y1","tid":"2"}{"name":"x","tid":"1"}{"name":"y$$y2","tid":"2"}' ] \
	&& pass "JSON Lines: the same order" || { fail "JSON Lines order:"; cat "$tmp/out.jsonl"; }
"$PROFILE_PARSER" -q -s "$trace" -d - -mc cpu_op --summary name --format jsonl --columns name --sort count --top 2 > "$tmp/out.jsonl"
[ "$(tr -d '\n' < "$tmp/out.jsonl")" = '{"name":"x"}{"name":"y"}' ] && pass "JSON Lines: a sorted summary" || { fail "JSON Lines summary:"; cat "$tmp/out.jsonl"; }
COLUMNS=80 "$PROFILE_PARSER" -q -s "$trace" -d - -mc cpu_op --format table --columns "name,tid,device duration(ms)" --sort "device duration(ms)" > "$tmp/out.txt"
cat > "$tmp/want" <<'EOF'
name   tid  device duration(ms)
-----  ---  -------------------
y      2                  0.006
y$$y1  2                  0.004
x      1                  0.004
y$$y2  2                  0.002
x      2                  0.000
EOF
cmp -s "$tmp/out.txt" "$tmp/want" && pass "table: sorted rows are flat paths, in the same order" || { fail "sorted table:"; diff "$tmp/want" "$tmp/out.txt"; }
COLUMNS=80 "$PROFILE_PARSER" -q -s "$trace" -d - -mc cpu_op --format table --columns "name,device %" --top 4 > "$tmp/out.txt"
cat > "$tmp/want" <<'EOF'
name  device %
----  --------
y         60.0
  y1      40.0
  y2      20.0
x          0.0
EOF
cmp -s "$tmp/out.txt" "$tmp/want" && pass "table: --top without --sort keeps the tree" || { fail "table --top:"; diff "$tmp/want" "$tmp/out.txt"; }

# Usage errors: exit status 2, one clear message.
usage() {
	description=$1 message=$2; shift 2
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/never.csv" -mc cpu_op "$@" >/dev/null 2>"$tmp/err"; status=$?
	expect_status 2 "$description"
	expect_stderr "$message" "$description: the message"
}
usage "an unknown sort column" "profile_parser: --sort: unknown column 'bogus'; the columns are: name, args," --sort bogus
usage "a list column as a key" "--sort: 'kernels' is a list column; sort by a number or a text column" --sort "name,kernels"
usage "a node column in a summary" "--sort: unknown column 'device duration(ms)'; the columns are: rank, name, count," --summary name --sort "device duration(ms)"
usage "an empty --sort" "--sort names no column" --sort " , "
for n in 0 -3 abc 2.5 ""; do
	usage "--top '$n'" "profile_parser: --top wants a whole number of rows from 1 to 4294967295, not '$n'" --top "$n"
done
[ -e "$tmp/never.csv" ] && fail "a usage error wrote an output" || pass "no output after usage errors"

# Real traces: the first 5 rows sorted here equal --sort ... --top 5.
if ! why=$(have_traces kineto_docs_small.json.gz triton_example.json.gz backward_thread.json.gz nccl_data.json.gz); then
	skip "--sort on real traces: $why"
elif ! command -v python3 >/dev/null; then
	skip "--sort on real traces: python3 is not installed"
else
	for name in kineto_docs_small triton_example backward_thread nccl_data; do
		for key in "device duration(ms)" "name" "launch count"; do
			cols="name,device duration(ms),host duration(ms),launch count"
			"$PROFILE_PARSER" -q -s "$traces/$name.json.gz" -d "$tmp/full.csv" -mc cpu_op,user_annotation --columns "$cols"
			"$PROFILE_PARSER" -q -s "$traces/$name.json.gz" -d "$tmp/top.csv" -mc cpu_op,user_annotation --columns "$cols" --sort "$key" --top 5
			if python3 - "$tmp/full.csv" "$tmp/top.csv" "$key" <<'PY'
import csv, io, sys
from decimal import Decimal
full, top, key = sys.argv[1:]
rows = list(csv.reader(open(full, newline="", encoding="utf-8")))
header, rows = rows[0], rows[1:]
k = header.index(key)
if key == "name":  # text: ascending in byte order; stable, so ties stay in the usual order
    rows.sort(key=lambda r: r[k].encode())
else:              # numbers: descending
    rows.sort(key=lambda r: -Decimal(r[k]))
out = io.StringIO(newline="")
csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n").writerows([header] + rows[:5])
sys.exit(out.getvalue().encode() != open(top, "rb").read())
PY
			then pass "$name: --sort '$key' --top 5 is the full CSV's first 5 sorted"; else fail "$name: --sort '$key' --top 5"; fi
		done
	done
	"$PROFILE_PARSER" -q -s "$traces/nccl_data.json.gz" -d "$tmp/full.csv" -mc cpu_op --summary name
	"$PROFILE_PARSER" -q -s "$traces/nccl_data.json.gz" -d "$tmp/top.csv" -mc cpu_op --summary name --sort "count" --top 5
	if python3 - "$tmp/full.csv" "$tmp/top.csv" <<'PY'
import csv, io, sys
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
header, rows = rows[0], rows[1:]
rows.sort(key=lambda r: -int(r[header.index("count")]))
out = io.StringIO(newline="")
csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n").writerows([header] + rows[:5])
sys.exit(out.getvalue().encode() != open(sys.argv[2], "rb").read())
PY
	then pass "nccl_data: a summary sorted by count, top 5"; else fail "nccl_data: a summary sorted by count"; fi
fi
finish
