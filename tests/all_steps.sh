#!/bin/sh
# --diff with steps on both sides (SPEC 23) starts with the row "(all
# steps)": the step summaries' figures per step. tests/compare/threads_*.json,
# worked by hand: two steps of 100 us; in each, aten::mm on the step's
# thread launches (5 us) a kernel of 10 us, and aten::mm_backward on another
# thread, outside the step's node but in its window, launches (5 us) a
# kernel of 20 us (base) or 50 us (new). Per step: host 0.1 ms both; device
# and busy (10 + 20) = 0.03 ms and (10 + 50) = 0.06 ms, delta 0.03; launch
# 2 x 5 us = 0.01 ms both. The ProfilerStep#* row sees only the step's own
# thread: device 0.01 ms both, "same": the regression is in the first row.
# Without steps on both sides, no such row.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
c=$top_srcdir/tests/compare

"$PROFILE_PARSER" -q -s "$c/threads_base.json" -s "$c/threads_new.json" -d "$tmp/d.csv" --diff name -mc cpu_op 2>"$tmp/err" \
	|| fail "--diff: $(cat "$tmp/err")"
tr -d '\r' <"$tmp/d.csv" | sed -n 2p >"$tmp/first"
echo '"(all steps)","changed","1.000","1.000","0.1","0.1","0.0","0.03","0.06","0.03","0.03","0.06","0.03","0.01","0.01","0.0"' >"$tmp/want"
cmp -s "$tmp/want" "$tmp/first" && pass "--diff name: (all steps) first, other threads' work included" \
	|| { fail "--diff name: the first row"; cat "$tmp/d.csv"; }
tr -d '\r' <"$tmp/d.csv" | grep -qxF '"ProfilerStep#*","same","1.000","1.000","0.1","0.1","0.0","0.01","0.01","0.0","0.01","0.01","0.0","0.005","0.005","0.0"' \
	&& pass "--diff name: ProfilerStep#* its own thread only" || fail "--diff name: ProfilerStep#*"
[ "$(grep -c '(all steps)' "$tmp/d.csv")" -eq 1 ] && pass "--diff name: one (all steps) row" || fail "--diff name: (all steps) rows"

"$PROFILE_PARSER" -q -s "$c/threads_base.json" -s "$c/threads_new.json" -d "$tmp/p.jsonl" --diff path -mc cpu_op 2>"$tmp/err"
head -1 "$tmp/p.jsonl" | grep -q '^{"name":"(all steps)","status":"changed"' && pass "--diff path, JSON Lines: (all steps) first" \
	|| { fail "--diff path: the first line"; head -2 "$tmp/p.jsonl"; }

w=$top_srcdir/tests/views/perf_wide.json
"$PROFILE_PARSER" -q -s "$w" -s "$w" -d "$tmp/n.csv" --diff name -mc cpu_op 2>"$tmp/err"
grep -q '(all steps)' "$tmp/n.csv" && fail "no steps: a (all steps) row" || pass "no steps: no (all steps) row"
finish
