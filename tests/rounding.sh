#!/bin/sh
# One rounding (SPEC 28): every percentage of every output (report, warnings,
# tables, CSV, JSON Lines, the page, the SVG's titles) has one decimal, half
# away from zero, from the exact figure (src/util/percent.h). The fixture,
# tests/rounding/halves.json, worked by hand (times in us), with -mc cpu_op:
#   device 0: k1 [100, 144) launched in op, k2 [184, 228) launched at 162.26
#   outside any op; device 1: k3 [300, 916) launched outside; host ops op
#   [5, 54) and op2 [420, 771) in ProfilerStep#1 [0, 1000).
#   device time 44 + 44 + 616 = 704, under monitored events 44 (k1):
#     44 / 704 = 6.25% -> 6.3 (printf's %.1f, to even, said 6.2)
#   device 0: busy 88 of a 128 span: 68.75% -> 68.8 (cut: 68.7)
#     idle 40 = the gap [144, 184), ended by k2 launched at 162.26: host wait
#     18.26, 45.65% of the idle -> 45.7 (cut: 45.6); other 21.74, 54.35% -> 54.4
#     as shares of the span: idle 40 / 128 = 31.25% -> 31.3 (the page cut it
#     to 31.2 beside --summary idle's 31.3); host wait 18.26 / 128 =
#     14.265625% -> 14.3 (cut: 14.2); other 21.74 / 128 = 16.984375% -> 17.0
#     (cut: 16.9)
#   the step's window, 1000: busy 704 (70.4%), idle 296, host wait 18.26:
#     6.1689...% of the idle -> 6.2 (cut: 6.1), 1.826% of the window -> 1.8;
#     other 277.74: 27.774% of the window -> 27.8 (cut: 27.7)
#   --weight host: self host times op 49, op2 351, all 400: 12.25% -> 12.3,
#     87.75% -> 87.8, 100.0 (the SVG's titles had two decimals: 12.25)
# The halves of the function itself: tests/unit/test_percent.c.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
trace=$top_srcdir/tests/rounding/halves.json

"$PROFILE_PARSER" -s "$trace" -mc cpu_op -d /dev/null 2>"$tmp/err" || fail "the report: exit status $?"
for line in \
	"profile_parser: warning: $trace: monitored events (-mc cpu_op) claim 6.3% of the device time (0.044 of 0.704 ms)" \
	"  device time:   0.704 ms in 3 device events; 0.044 ms (6.3%) under monitored events;" \
	"  device 0:      busy 0.088 ms of a 0.128 ms span (68.8%)" \
	"                 idle 0.04 ms of the span: host wait 0.01826 ms (45.7%), other 0.02174 ms" \
	"  device 1:      busy 0.616 ms of a 0.616 ms span (100.0%)"; do
	grep -qF -- "$line" "$tmp/err" && pass "the report: $line" || { fail "the report lacks: $line"; cat "$tmp/err"; }
done

"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d - --summary idle > "$tmp/out"
expect_output "--summary idle, CSV: 31.25% -> 31.3" '"device","gap length","gaps","idle(ms)","host wait(ms)","other idle(ms)","share of span"
"0","10-100 us","1","0.04","0.01826","0.02174","31.3"'
"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d - --summary idle --format jsonl > "$tmp/jsonl"
grep -q '"share of span":31.3}$' "$tmp/jsonl" && pass "--summary idle, JSON Lines: 31.3" \
	|| { fail "--summary idle, JSON Lines"; cat "$tmp/jsonl"; }
COLUMNS=120 "$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d - --summary idle --format table > "$tmp/table"
grep -q '^ *0  10-100 us .* 31\.3$' "$tmp/table" && pass "--summary idle, table: 31.3" \
	|| { fail "--summary idle, table"; cat "$tmp/table"; }

"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d - --format svg --weight host > "$tmp/svg"
got=$(grep -o '<title>[^<]*</title>' "$tmp/svg" | tr '\n' ' ')
[ "$got" = '<title>all&#10;0.4 ms, 100.0%</title> <title>op&#10;0.049 ms, 12.3%</title> <title>op2&#10;0.351 ms, 87.8%</title> ' ] \
	&& pass "the SVG's titles: one decimal, 12.25% -> 12.3" || fail "the SVG's titles: $got"

"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d "$tmp/page.html" || fail "the page: exit status $?"
for text in '(68.8%)' '31.3% of the span' '14.3% of the span' '17.0% of the span' '45.7% of the idle' \
	'54.4% of the idle' 'host wait 0.01826 ms (45.7%)' 'host wait 0.01826 ms (6.2%)' '1.8% of the window' \
	'27.8% of the window' '70.4% of the window' '6.3% of the device'; do
	grep -qF -- "$text" "$tmp/page.html" && pass "the page: $text" || fail "the page lacks: $text"
done
for text in '68.7%' '31.2%' '14.2%' '16.9%' '45.6%' '54.3%' '(6.1%)' '27.7%' '6.2% of the device'; do
	grep -qF -- "$text" "$tmp/page.html" && fail "the page still cuts: $text" || pass "the page does not cut: $text"
done
finish
