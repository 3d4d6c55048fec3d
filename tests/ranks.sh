#!/bin/sh
# --summary rank (SPEC 20.1, 20.2) and --summary collective --across-ranks
# (SPEC 20.3): the fixtures of tests/ranks (NAME/ holds
# a trace per rank, NAME.csv the table worked out in tests/ranks/WORKING,
# NAME.report lines standard error must hold); each also through the map
# (--summary rank --format jsonl per trace) and --merge, which must write the
# same table and the same warnings byte for byte; and the errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/ranks

for dir in "$fixtures"/*/; do
	name=$(basename "$dir")
	"$PROFILE_PARSER" -s "$dir" -d "$tmp/$name.csv" --summary rank -mc cpu_op 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then fail "$name: exit status $status"; cat "$tmp/err"; continue; fi
	if cmp -s "$fixtures/$name.csv" "$tmp/$name.csv"; then pass "$name: the table"
	else fail "$name: the table differs"; diff "$fixtures/$name.csv" "$tmp/$name.csv"; fi
	missing=
	while IFS= read -r line; do
		grep -qF -- "$line" "$tmp/err" || missing="$missing [$line]"
	done < "$fixtures/$name.report"
	if [ -n "$missing" ]; then fail "$name: the report lacks$missing"; cat "$tmp/err"; else pass "$name: the report"; fi
	[ -s "$fixtures/$name.report" ] || { grep -q 'straggler\|warning: --summary rank' "$tmp/err" \
		&& fail "$name: a straggler or warning line where none is due" || pass "$name: no straggler line"; }
	grep -E '^profile_parser: (warning: --summary rank|straggler)' "$tmp/err" > "$tmp/$name.direct"
	# map: one JSON Lines file per rank; reduce: --merge of the folder
	mkdir -p "$tmp/maps/$name"
	for trace in "$dir"*.json; do
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/maps/$name/" --summary rank --format jsonl -mc cpu_op \
			|| fail "$name: the map of $trace"
	done
	"$PROFILE_PARSER" --merge "$tmp/maps/$name" -d "$tmp/$name.merged.csv" 2>"$tmp/err"
	grep -E '^profile_parser: (warning: --summary rank|straggler)' "$tmp/err" > "$tmp/$name.merge"
	cmp -s "$tmp/$name.csv" "$tmp/$name.merged.csv" && cmp -s "$tmp/$name.direct" "$tmp/$name.merge" \
		&& pass "$name: map + --merge writes what --summary rank writes" \
		|| { fail "$name: map + --merge"; diff "$tmp/$name.csv" "$tmp/$name.merged.csv"; diff "$tmp/$name.direct" "$tmp/$name.merge"; cat "$tmp/err"; }
done

# --summary collective --across-ranks (SPEC 20.3): NAME.collective.csv where worked out
for expected in "$fixtures"/*.collective.csv; do
	name=$(basename "$expected" .collective.csv)
	"$PROFILE_PARSER" -q -s "$fixtures/$name" -d "$tmp/$name.collective.csv" --summary collective --across-ranks -mc cpu_op
	cmp -s "$expected" "$tmp/$name.collective.csv" && pass "$name: --summary collective --across-ranks" \
		|| { fail "$name: --summary collective --across-ranks differs"; diff "$expected" "$tmp/$name.collective.csv"; }
done

# the page (SPEC 20.5, 28): the straggler line first, one stacked bar per
# rank in the table's order, each its devices' span with every instant
# counted once (compute, then communication transfer, then wait, then
# memcpy and memset, then host wait, then other idle), the devices and world
# size in the header. late by hand (tests/ranks/WORKING): rank 2 span
# [100,310) = 210: compute 150, transfer [260,310) 50, wait 0, host wait 5,
# other idle 210 - 200 - 5 = 5; rank 0 span [100,300) = 200: compute 50,
# the all-reduce [200,300) waits [200,260) 60 and transfers 40, other idle
# 200 - 150 = 50; rank 1: 50, 40, [210,260) 50, 0, 200 - 140 = 60 (us).
# Before, the wait was counted twice (in exposed communication too): rank 0's
# bar was 260 us of a 200 us span.
if command -v python3 >/dev/null; then
	"$PROFILE_PARSER" -q -s "$fixtures/late" -d "$tmp/late.html" --summary rank -mc cpu_op
	python3 "$top_srcdir/tests/html_check.py" valid "$tmp/late.html" && pass "the page of --summary rank is valid HTML" \
		|| fail "the page of --summary rank is not valid HTML"
	python3 "$top_srcdir/tests/html_check.py" figs "$tmp/late.html" > "$tmp/figs"
	cat > "$tmp/figs.want" <<'WANT'
span 0.21 ms: compute 0.15 ms, communication transfer 0.05 ms, wait 0.0 ms, memcpy and memset 0.0 ms, host wait 0.005 ms, other idle 0.005 ms
span 0.2 ms: compute 0.05 ms, communication transfer 0.04 ms, wait 0.06 ms, memcpy and memset 0.0 ms, host wait 0.0 ms, other idle 0.05 ms
span 0.2 ms: compute 0.05 ms, communication transfer 0.04 ms, wait 0.05 ms, memcpy and memset 0.0 ms, host wait 0.0 ms, other idle 0.06 ms
WANT
	cmp -s "$tmp/figs" "$tmp/figs.want" && pass "the page: a bar per rank, the straggler first, by hand" \
		|| { fail "the page's bars"; diff "$tmp/figs.want" "$tmp/figs"; }
	# bars (tests/ranks/WORKING): rank 0's all-reduce [150,300) waits [150,250)
	# for rank 1, under its gemm [100,200) and, in [240,250), under the
	# broadcast's transfer [240,260): its bar's wait is [200,240) = 40 us
	# where the table's wait(ms) is 100 + 10 = 110 us; a memcpy [400,450)
	"$PROFILE_PARSER" -q -s "$fixtures/bars" -d "$tmp/bars.html" --summary rank -mc cpu_op
	python3 "$top_srcdir/tests/html_check.py" figs "$tmp/bars.html" > "$tmp/figs.bars"
	cat > "$tmp/figs.bars.want" <<'WANT'
span 0.08 ms: compute 0.0 ms, communication transfer 0.08 ms, wait 0.0 ms, memcpy and memset 0.0 ms, host wait 0.0 ms, other idle 0.0 ms
span 0.35 ms: compute 0.1 ms, communication transfer 0.06 ms, wait 0.04 ms, memcpy and memset 0.05 ms, host wait 0.05 ms, other idle 0.05 ms
WANT
	cmp -s "$tmp/figs.bars" "$tmp/figs.bars.want" && pass "the page: each instant of the span once, by precedence, by hand" \
		|| { fail "the page's bars of bars"; diff "$tmp/figs.bars.want" "$tmp/figs.bars"; }
	"$PROFILE_PARSER" -q --merge "$tmp/maps/bars" -d "$tmp/bars.merged.html"
	python3 "$top_srcdir/tests/html_check.py" figs "$tmp/bars.merged.html" | cmp -s - "$tmp/figs.bars.want" \
		&& pass "the page of --merge of bars: the same bars" || fail "the page of --merge of bars: other bars"
	first=$(grep -o 'class="straggler"\|class="bars"' "$tmp/late.html" | head -n 1)
	[ "$first" = 'class="straggler"' ] && pass "the page: the straggler line before the bars" || fail "the page: $first first"
	grep -q '<dt>Devices</dt>' "$tmp/late.html" && grep -q '<dt>World size</dt>' "$tmp/late.html" \
		&& pass "the page: devices and world size in the header" || fail "the page: no devices or world size"
	"$PROFILE_PARSER" -q --merge "$tmp/maps/late" -d "$tmp/merged.html"
	python3 "$top_srcdir/tests/html_check.py" figs "$tmp/merged.html" | cmp -s - "$tmp/figs.want" \
		&& pass "the page of --merge: the same bars" || fail "the page of --merge: other bars"
	"$PROFILE_PARSER" -q -s "$fixtures/late" -d "$tmp/across.html" --summary name --across-ranks -mc cpu_op
	python3 "$top_srcdir/tests/html_check.py" figs "$tmp/across.html" | cmp -s - "$tmp/figs.want" \
		&& grep -q 'class="straggler"' "$tmp/across.html" \
		&& pass "the page of --across-ranks: the straggler line and the same bars" || fail "the page of --across-ranks: other bars"
else
	skip "python3 is not installed; to check the page, install python3"
fi

# two traces of one rank: an error naming both, nothing written
cp "$fixtures/late/rank0.json" "$tmp/again.json"
"$PROFILE_PARSER" -s "$fixtures/late/rank0.json" -s "$tmp/again.json" -d "$tmp/twice.csv" --summary rank 2>"$tmp/err"
status=$?
expect_status 1 "the same rank twice: exit status 1"
expect_stderr "rank0.json and $tmp/again.json have the same rank, 0: nothing written" "the same rank twice: both named"
[ ! -e "$tmp/twice.csv" ] && pass "the same rank twice: nothing written" || fail "the same rank twice: a table was written"
# ... and through --merge
"$PROFILE_PARSER" -q -s "$tmp/again.json" -d "$tmp/twice_maps/a.jsonl" --summary rank -mc cpu_op
cp "$tmp/twice_maps/a.jsonl" "$tmp/twice_maps/b.jsonl"
"$PROFILE_PARSER" --merge "$tmp/twice_maps" -d "$tmp/twice.csv" 2>"$tmp/err"
status=$?
expect_status 1 "--merge: the same rank twice: exit status 1"
expect_stderr "a.jsonl and $tmp/twice_maps/b.jsonl have the same rank, 0: nothing written" "--merge: the same rank twice: both named"

# one table: -d a directory is a usage error (but for the map of one trace)
"$PROFILE_PARSER" -s "$fixtures/late" -d "$tmp/dir/" --summary rank 2>"$tmp/err"
status=$?
expect_status 2 "--summary rank -d DIR/ of several traces: a usage error"
# a map that is not one: the line named
printf '{"summary":"rank","rank":0,"options":""}\n' > "$tmp/bad.jsonl"
"$PROFILE_PARSER" --merge "$tmp/bad.jsonl" -d "$tmp/bad.csv" 2>"$tmp/err"
status=$?
expect_status 1 "--merge: a broken rank map fails"
expect_stderr "line 1: no \"steps\"" "--merge: a broken rank map: the line and the member named"
finish
