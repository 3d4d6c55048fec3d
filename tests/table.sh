#!/bin/sh
# --format table (SPEC 12) on tests/views/table.json, checked by hand: at
# COLUMNS=30, 60, 100 and 200, numbers right-aligned with the same decimals
# per column (host 2.0 and 0.50025 as 2.00000 and 0.50025), the tree
# indented two spaces a level, the table fitted to the width: the name
# given 40 characters first, then the columns by rank (the columns the rows
# are ordered by: the --sort keys, else the view's own order; then left to
# right) while they fit, the rest left out; a name that does not fit keeps
# its end after U+2026 (never inside a UTF-8 character: the Greek name);
# headers wrapped when there is no room; sorted rows as flat paths; a
# summary's own columns, and at 80 its order's columns first; the
# comparisons' tables at 80 and 100, the columns they are ordered by first;
# names that differ only at their end or in their middle kept apart at 80,
# 100 and 120 columns, every line within the width, the columns left out
# said once; control characters escaped, a tab apart from a space; many
# long names alike decided in about one reading; the width from COLUMNS (any size),
# else 120; the outputs (-d DIR/ writes STEM.txt); --summary perf's literal
# columns shortened to let the columns after them in; and the README's table,
# which must be what the example trace gives at 100.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
trace=$top_srcdir/tests/views/table.json
LC_ALL=C; export LC_ALL

# table DESCRIPTION WIDTH ARGS...: the table of ARGS at WIDTH must be standard input.
table() {
	description=$1 width=$2; shift 2
	cat > "$tmp/want"
	if ! COLUMNS=$width "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/out.txt" -mc cpu_op --format table "$@" 2>"$tmp/err"; then
		fail "$description: $(cat "$tmp/err")"; return
	fi
	if cmp -s "$tmp/out.txt" "$tmp/want"; then pass "$description"; else fail "$description:"; diff "$tmp/want" "$tmp/out.txt"; fi
}

table "COLUMNS=200: one-line headers, nothing shortened" 200 <<'EOF'
name                                                   host duration(ms)  device duration(ms)  device busy(ms)  cuda launch duration(ms)  device launch count  device %
-----------------------------------------------------  -----------------  -------------------  ---------------  ------------------------  -------------------  --------
ProfilerStep#1                                                   2.00000               0.1265           0.1265                  0.012125                    2     100.0
  nn.Module: Encoder→Attention                                   1.00050               0.0015           0.0015                  0.005000                    1       1.2
    aten::scaled_dot_product_attention_of_a_long_name            0.50025               0.0015           0.0015                  0.005000                    1       1.2
    αβγδεζηθικλμνξοπρστυφχψω                                     0.10000               0.0000           0.0000                  0.000000                    0       0.0
  aten::mm                                                       0.30000               0.1250           0.1250                  0.007125                    1      98.8
Optimizer.step#SGD.step                                          0.10000               0.0000           0.0000                  0.000000                    0       0.0
EOF
table "COLUMNS=100: the name gets 40, device % is left out, the end of a name kept" 100 <<'EOF'
                                                                                              device
                                                  host        device    device   cuda launch  launch
name                                      duration(ms)  duration(ms)  busy(ms)  duration(ms)   count
----------------------------------------  ------------  ------------  --------  ------------  ------
ProfilerStep#1                                 2.00000        0.1265    0.1265      0.012125       2
  nn.Module: Encoder→Attention                 1.00050        0.0015    0.0015      0.005000       1
    …ot_product_attention_of_a_long_name       0.50025        0.0015    0.0015      0.005000       1
    αβγδεζηθικλμνξοπρστυφχψω                   0.10000        0.0000    0.0000      0.000000       0
  aten::mm                                     0.30000        0.1250    0.1250      0.007125       1
Optimizer.step#SGD.step                        0.10000        0.0000    0.0000      0.000000       0
EOF
table "COLUMNS=60: one figure beside the name, which widens to what is left" 60 <<'EOF'
                                                        host
name                                            duration(ms)
----------------------------------------------  ------------
ProfilerStep#1                                       2.00000
  nn.Module: Encoder→Attention                       1.00050
    …aled_dot_product_attention_of_a_long_name       0.50025
    αβγδεζηθικλμνξοπρστυφχψω                         0.10000
  aten::mm                                           0.30000
Optimizer.step#SGD.step                              0.10000
EOF
table "COLUMNS=30: no room for 40 and a figure: the figure, and the name what is left" 30 --columns "name,launch count" <<'EOF'
                        launch
name                     count
----------------------  ------
ProfilerStep#1               2
  …: Encoder→Attention       1
    …on_of_a_long_name       1
    …θικλμνξοπρστυφχψω       0
  aten::mm                   1
…timizer.step#SGD.step       0
EOF
table "--sort flattens the tree: paths keep their end; device % left out" 60 --sort "host duration(ms)" --columns "name,host duration(ms),device %" <<'EOF'
                                                        host
name                                            duration(ms)
----------------------------------------------  ------------
ProfilerStep#1                                       2.00000
ProfilerStep#1$$nn.Module: Encoder→Attention         1.00050
…::scaled_dot_product_attention_of_a_long_name       0.50025
ProfilerStep#1$$aten::mm                             0.30000
…: Encoder→Attention$$αβγδεζηθικλμνξοπρστυφχψω       0.10000
Optimizer.step#SGD.step                              0.10000
EOF
table "the sort key is kept before the columns to its left" 60 --sort "device %" --columns "name,host duration(ms),device %" <<'EOF'
                                                      device
name                                                       %
----------------------------------------------------  ------
ProfilerStep#1                                         100.0
ProfilerStep#1$$aten::mm                                98.8
ProfilerStep#1$$nn.Module: Encoder→Attention             1.2
…$$aten::scaled_dot_product_attention_of_a_long_name     1.2
…Module: Encoder→Attention$$αβγδεζηθικλμνξοπρστυφχψω     0.0
Optimizer.step#SGD.step                                  0.0
EOF
table "--min_depth 2: the shallowest rows are not indented" 100 --min_depth 2 --columns "name,depth" <<'EOF'
name                                                 depth
---------------------------------------------------  -----
nn.Module: Encoder→Attention                             2
  aten::scaled_dot_product_attention_of_a_long_name      3
  αβγδεζηθικλμνξοπρστυφχψω                               3
aten::mm                                                 2
EOF
table "+LIST: the table's default columns, then LIST; --top keeps the tree" 120 --columns "+depth" --top 2 <<'EOF'
                                                                                                device
                                                                          device   cuda launch  launch
name                            host duration(ms)  device duration(ms)  busy(ms)  duration(ms)   count  device %  depth
------------------------------  -----------------  -------------------  --------  ------------  ------  --------  -----
ProfilerStep#1                             2.0000               0.1265    0.1265      0.012125       2     100.0      1
  nn.Module: Encoder→Attention             1.0005               0.0015    0.0015      0.005000       1       1.2      2
EOF
table "a summary: its own columns, sorted" 200 --summary name --sort "self host total(ms)" --top 3 <<'EOF'
                                                                                                                                                                 self       cuda  device  device
                                                                                                                                                               device     launch  launch   event
name                                               count  host total(ms)  host mean(ms)  host min(ms)  host max(ms)  self host total(ms)  device total(ms)  total(ms)  total(ms)   count   count
-------------------------------------------------  -----  --------------  -------------  ------------  ------------  -------------------  ----------------  ---------  ---------  ------  ------
ProfilerStep#1                                         1         2.00000        2.00000       2.00000       2.00000              0.69950            0.1265     0.0000   0.012125       2       2
aten::scaled_dot_product_attention_of_a_long_name      1         0.50025        0.50025       0.50025       0.50025              0.50025            0.0015     0.0015   0.005000       1       1
nn.Module: Encoder→Attention                           1         1.00050        1.00050       1.00050       1.00050              0.40025            0.0015     0.0000   0.005000       1       1
EOF
table "a summary at 80: its order's columns first (device total, host total), then left to right" 80 --summary name <<'EOF'
                                                       host      host     device
name                                       count  total(ms)  mean(ms)  total(ms)
-----------------------------------------  -----  ---------  --------  ---------
ProfilerStep#1                                 1    2.00000   2.00000     0.1265
aten::mm                                       1    0.30000   0.30000     0.1250
nn.Module: Encoder→Attention                   1    1.00050   1.00050     0.0015
…led_dot_product_attention_of_a_long_name      1    0.50025   0.50025     0.0015
Optimizer.step#SGD.step                        1    0.10000   0.10000     0.0000
αβγδεζηθικλμνξοπρστυφχψω                       1    0.10000   0.10000     0.0000
EOF
# --summary perf (SPEC 15.1) on tests/views/perf_wide.json: a literal
# column (Input Dims, Input Type: 44 characters each on the aten::add row)
# counts as 24 characters while the columns after it are fitted, so all 14
# columns fit in 170 (9+6+9+24+24+5+9+9+7+7+5+12+8+7 = 141, 13 gaps of 2:
# 167); the 3 left over widen Input Dims to 27. A literal that does not fit
# keeps its start and, after U+2026, its last third: Input Type at 24, 15
# characters then 8; but Input Dims, whose rows must never read alike (SPEC
# 28), is cut as names are: "…" and its last 26 characters, "], [2, 3, 4,
# 5, 6, 7], []]" (its 19th to 44th), no other cell of the column looking
# alike. The CSV keeps the whole text. Figures by hand
# (peaks tests/cases/perf.peaks: fp32 100 TFLOP/s, 2 TB/s): aten::mm as in
# tests/cases/perf_no_peak.working (busy 4 us); aten::add of 2·3·4·5·6·7 =
# 5040 bf16 elements: flops 5040, bytes 3·5040·2 = 30240, busy 1 us,
# TFLOP/s 0.005, TB/s 0.030, roofline 30240/2000 = 15.12 -> 15 ns, 1.5 %.
saved=$trace trace=$top_srcdir/tests/views/perf_wide.json
every='name,family,precision,Input Dims,Input Type,count,device busy total(ms),flops,bytes,TFLOP/s,TB/s,roofline(ms),roofline %,bound'
table "--summary perf at 170: every column, Input Dims and Input Type shortened" 170 --peaks "$top_srcdir/tests/cases/perf.peaks" --summary perf \
	--columns "$every" <<'EOF'
                                                                                               device
                                                                                                 busy                                                    roofline
name       family  precision  Input Dims                   Input Type                count  total(ms)      flops    bytes  TFLOP/s   TB/s  roofline(ms)         %  bound
---------  ------  ---------  ---------------------------  ------------------------  -----  ---------  ---------  -------  -------  -----  ------------  --------  -------
aten::mm   gemm    fp32       [[200, 500], [500, 1000]]    ['float', 'float']            1      0.004  200000000  3200000   50.000  0.800      0.002000      50.0  compute
aten::add  memory             …], [2, 3, 4, 5, 6, 7], []]  ['c10::BFloat16…Scalar']      1      0.001       5040    30240    0.005  0.030      0.000015       1.5  memory
EOF
# its own columns in a table (PERF_SUMMARY_VIEW_COLUMNS): name, precision,
# Input Dims, count, busy, the rates, roofline % and bound: 9+9+24+5+9+7+5+8+7
# = 83 and 8 gaps of 2: 99 in 120, so the 21 left widen Input Dims to its
# whole 44 characters (119 in all)
table "--summary perf in a table: its own columns, Input Dims whole at 120" 120 --peaks "$top_srcdir/tests/cases/perf.peaks" --summary perf <<'EOF'
                                                                              device
                                                                                busy                  roofline
name       precision  Input Dims                                    count  total(ms)  TFLOP/s   TB/s         %  bound
---------  ---------  --------------------------------------------  -----  ---------  -------  -----  --------  -------
aten::mm   fp32       [[200, 500], [500, 1000]]                         1      0.004   50.000  0.800      50.0  compute
aten::add             [[2, 3, 4, 5, 6, 7], [2, 3, 4, 5, 6, 7], []]      1      0.001    0.005  0.030       1.5  memory
EOF
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/wide.csv" -mc cpu_op --peaks "$top_srcdir/tests/cases/perf.peaks" --summary perf
grep -qF '"aten::add","memory","","[[2, 3, 4, 5, 6, 7], [2, 3, 4, 5, 6, 7], []]","['"'c10::BFloat16', 'c10::BFloat16', 'Scalar'"']","1",' "$tmp/wide.csv" \
	&& pass "--summary perf: the CSV keeps Input Dims and Input Type whole" || { fail "--summary perf: the CSV:"; cat "$tmp/wide.csv"; }
trace=$saved

table "no row: the header and the rule" 200 --min_depth 9 <<'EOF'
name  host duration(ms)  device duration(ms)  device busy(ms)  cuda launch duration(ms)  device launch count  device %
----  -----------------  -------------------  ---------------  ------------------------  -------------------  --------
EOF

table "--sort by the self time: each row its own device time, ancestors not repeated" 100 --sort "self device duration(ms)" --columns "name,self device duration(ms),device %" <<'EOF'
                                                                                 self device  device
name                                                                            duration(ms)       %
------------------------------------------------------------------------------  ------------  ------
ProfilerStep#1$$aten::mm                                                              0.1250    98.8
….Module: Encoder→Attention$$aten::scaled_dot_product_attention_of_a_long_name        0.0015     1.2
ProfilerStep#1                                                                        0.0000   100.0
ProfilerStep#1$$nn.Module: Encoder→Attention                                          0.0000     1.2
ProfilerStep#1$$nn.Module: Encoder→Attention$$αβγδεζηθικλμνξοπρστυφχψω                0.0000     0.0
Optimizer.step#SGD.step                                                               0.0000     0.0
EOF

# The comparisons' tables keep the columns their rows are ordered by first,
# as --sort keys (tests/compare: the diff by |delta device|, then |delta
# host|; across ranks by device total max): at 80 columns the diff of
# base.json and new.json (per step) keeps delta device and delta host, then
# the others from the left while they fit (status, the counts, base and new
# host: 14 + 11 + 11 + 9 + 7 + 7 + 10 + 10 = 79); at 100 the diff of the
# paths (a name of 23) keeps base device too (98); across ranks at 80, device
# total max and the host columns (76). The values are those of
# tests/compare.sh, in the table's decimals.
compare=$top_srcdir/tests/compare
# compared DESCRIPTION WIDTH ARGS...: the table of ARGS at WIDTH must be standard input.
compared() {
	description=$1 width=$2; shift 2
	cat > "$tmp/want"
	if ! COLUMNS=$width "$PROFILE_PARSER" -q "$@" -d "$tmp/out.txt" --format table 2>"$tmp/err"; then
		fail "$description: $(cat "$tmp/err")"; return
	fi
	if cmp -s "$tmp/out.txt" "$tmp/want"; then pass "$description"; else fail "$description:"; diff "$tmp/want" "$tmp/out.txt"; fi
}
compared "--diff at 80: base, new and delta device per step kept first (SPEC 23), then the sort key" 80 -s "$compare/base.json" -s "$compare/new.json" \
	--diff name -mc cpu_op,user_annotation <<'EOF'
                          base    new                 base       new      delta
                         count  count      delta    device    device     device
                           per    per   host per       per       per        per
name            status    step   step   step(ms)  step(ms)  step(ms)   step(ms)
--------------  -------  -----  -----  ---------  --------  --------  ---------
(all steps)     changed  1.000  1.000   0.000000    0.0035  0.002333  -0.001167
changed         changed  0.500  0.333   0.000500    0.0035  0.002333  -0.001167
ProfilerStep#*  changed  1.000  1.000   0.000000    0.0035  0.002333  -0.001167
removed         removed  0.500  0.000  -0.001500    0.0000  0.000000   0.000000
added           added    0.000  0.333   0.000333    0.0000  0.000000   0.000000
thrice          changed  1.500  1.667   0.000167    0.0000  0.000000   0.000000
tiny            changed  0.500  0.333  -0.000001    0.0000  0.000000   0.000000
same            same     1.000  1.000   0.000000    0.0000  0.000000   0.000000
EOF
compared "--diff path at 100: the device figures, the deltas, then from the left" 100 -s "$compare/base.json" -s "$compare/new.json" \
	--diff path -mc cpu_op,user_annotation <<'EOF'
                                   base    new                           base       new      delta
                                  count  count      base      delta    device    device     device
                                    per    per  host per   host per       per       per        per
name                     status    step   step  step(ms)   step(ms)  step(ms)  step(ms)   step(ms)
-----------------------  -------  -----  -----  --------  ---------  --------  --------  ---------
(all steps)              changed  1.000  1.000  0.100000   0.000000    0.0035  0.002333  -0.001167
ProfilerStep#*$$changed  changed  0.500  0.333  0.002500   0.000500    0.0035  0.002333  -0.001167
ProfilerStep#*           changed  1.000  1.000  0.100000   0.000000    0.0035  0.002333  -0.001167
ProfilerStep#*$$removed  removed  0.500  0.000  0.001500  -0.001500    0.0000  0.000000   0.000000
ProfilerStep#*$$added    added    0.000  0.333  0.000000   0.000333    0.0000  0.000000   0.000000
ProfilerStep#*$$thrice   changed  1.500  1.667  0.001500   0.000167    0.0000  0.000000   0.000000
ProfilerStep#*$$tiny     changed  0.500  0.333  0.000002  -0.000001    0.0000  0.000000   0.000000
ProfilerStep#*$$same     same     1.000  1.000  0.010000   0.000000    0.0000  0.000000   0.000000
EOF
compared "--across-ranks at 80: device total max, its rank and imbalance kept first (SPEC 23)" 80 -s "$compare/ranks" --summary name --across-ranks -mc cpu_op <<'EOF'
                                                            device
                       host                 host    device   total
                      total  host total    total     total     max     device
name  ranks  count  min(ms)  median(ms)  max(ms)   max(ms)    rank  imbalance
----  -----  -----  -------  ----------  -------  --------  ------  ---------
a         3      3    0.010       0.020    0.020  0.008000       2      2.000
d         2      2    0.005       0.005    0.005  0.003000       1
b         2      2    0.006       0.006    0.006  0.002001       1      1.001
c         1      1    0.001       0.001    0.001  0.002000       2      1.000
EOF

# Names that differ only at their end or in their middle (tests/views/table_names.json:
# aten::softmax and aten::_softmax, kernels of ... int) and ... long), cutlass
# kernels 128x128 and 64x64, modules Sequential_0 and Sequential_1), per node
# and in the summaries, at 80, 100 and 120 columns.
names=$top_srcdir/tests/views/table_names.json
# fitted DESCRIPTION WIDTH ARGS...: the table of ARGS at WIDTH into $tmp/fit.txt, its messages into $tmp/fit.err.
fitted() {
	description=$1 width=$2; shift 2
	if ! COLUMNS=$width "$PROFILE_PARSER" -s "$names" -d "$tmp/fit.txt" -mc cpu_op --format table "$@" 2>"$tmp/fit.err"; then
		fail "$description: $(cat "$tmp/fit.err")"; return 1
	fi
}
fitted "per node at 80" 80 && cat > "$tmp/want" <<'EOF'
                                                    host        device    device
name                                        duration(ms)  duration(ms)  busy(ms)
------------------------------------------  ------------  ------------  --------
ProfilerStep#1                                      1.00         0.105     0.105
  aten::softmax                                     0.10         0.010     0.010
    aten::_softmax                                  0.08         0.010     0.010
  …c_add_CUDA_kernel_of_a_long_name<float>          0.10         0.020     0.020
  …_add_CUDA_kernel_of_a_long_name<double>          0.10         0.030     0.030
  …quential_0.Transfor…proj.forward(input)          0.10         0.040     0.040
  …quential_1.Transfor…proj.forward(input)          0.10         0.005     0.005
EOF
# The modules' names are alike at their end and in their first 38 characters:
# a start would leave them no end (25 at most of the 40 beside the indent, a
# third for the end), so they show where they differ, 19 characters from the
# 30th, and 19 of their end.
cmp -s "$tmp/fit.txt" "$tmp/want" && pass "per node at 80: the ends kept, where they differ when the ends are alike" \
	|| { fail "per node at 80:"; diff "$tmp/want" "$tmp/fit.txt"; }
note="profile_parser: --format table: no room in 80 columns for: cuda launch duration(ms), device launch count, device % (left out; a wider COLUMNS, or --columns, shows them)"
[ "$(grep -c -F -- "$note" "$tmp/fit.err")" -eq 1 ] && [ "$(grep -c "no room" "$tmp/fit.err")" -eq 1 ] \
	&& pass "per node at 80: the columns left out, said once" || { fail "per node at 80: the note:"; cat "$tmp/fit.err"; }
fitted "--summary kernel at 80" 80 --summary kernel && cat > "$tmp/want" <<'EOF'
name                                         class    count  total(ms)  mean(ms)
-------------------------------------------  -------  -----  ---------  --------
…1688gemm_64x64_32x3_…gemm::kernel::Params)  compute      1      0.040    0.0400
…1688gemm_128x128_32x…gemm::kernel::Params)  compute      1      0.030    0.0300
…rwardEpilogue>(float*, float const*, long)  compute      1      0.020    0.0200
…orwardEpilogue>(float*, float const*, int)  compute      2      0.015    0.0075
EOF
cmp -s "$tmp/fit.txt" "$tmp/want" && pass "--summary kernel at 80: a window where the names differ" \
	|| { fail "--summary kernel at 80:"; diff "$tmp/want" "$tmp/fit.txt"; }
grep -q -F "no room in 80 columns for: min(ms), max(ms), launched by, launch delay mean(ms), launch delay max(ms), grid, block, registers per thread, shared memory(bytes), blocks per SM, warps per SM, est. achieved occupancy % (left out" "$tmp/fit.err" \
	&& pass "--summary kernel at 80: the columns left out" || { fail "--summary kernel at 80: the note:"; cat "$tmp/fit.err"; }
for width in 80 100 120; do
	for view in "" "--sort 'self device duration(ms)'" "--summary kernel" "--summary name"; do
		eval "set -- $view"
		fitted "$view at $width" "$width" "$@" || continue
		widest=$(LC_ALL=C awk '{ gsub(/[\200-\277]/, ""); if (length($0) > n) n = length($0) } END { print n + 0 }' "$tmp/fit.txt")
		# the name cells: the rows after the rule, without indentation, up to two spaces
		awk 'rows { sub(/^ +/, ""); sub(/  .*/, ""); print } /^-/ { rows = 1 }' "$tmp/fit.txt" > "$tmp/cells"
		rows=$(wc -l < "$tmp/cells") distinct=$(sort -u "$tmp/cells" | wc -l) notes=$(grep -c "no room" "$tmp/fit.err")
		[ "$widest" -le "$width" ] && [ "$rows" -ge 4 ] && [ "$distinct" -eq "$rows" ] && [ "$notes" -le 1 ] \
			&& pass "${view:-per node} at $width: at most $width characters ($widest), $rows names apart, $notes note" \
			|| { fail "${view:-per node} at $width: widest $widest, $distinct names of $rows, $notes notes:"; cat "$tmp/fit.txt" "$tmp/fit.err"; }
	done
done
# Said once in a run, however many tables leave the same columns out; never with -q.
mkdir "$tmp/two"
cp "$names" "$tmp/two/a.json"; cp "$names" "$tmp/two/b.json"
COLUMNS=80 "$PROFILE_PARSER" -s "$tmp/two" -d "$tmp/two_out/" -mc cpu_op --format table 2>"$tmp/err"
[ "$(grep -c "no room" "$tmp/err")" -eq 1 ] && [ -s "$tmp/two_out/a.txt" ] && [ -s "$tmp/two_out/b.txt" ] \
	&& pass "two tables leaving out the same columns: said once" || { fail "two tables: the notes:"; cat "$tmp/err"; }
COLUMNS=80 "$PROFILE_PARSER" -q -s "$names" -d - -mc cpu_op --format table >/dev/null 2>"$tmp/err"
[ ! -s "$tmp/err" ] && pass "-q: nothing said of the columns left out" || { fail "-q:"; cat "$tmp/err"; }

# Control characters in a name show escaped, as in messages; the table stays one line a row.
printf '%s\n' '[{"ph": "X", "cat": "cpu_op", "name": "two\nlines\tand a tab", "pid": 1, "tid": 1, "ts": 0, "dur": 1}]' > "$tmp/controls.json"
COLUMNS=80 "$PROFILE_PARSER" -q -s "$tmp/controls.json" -d - -mc cpu_op --format table --columns "name,launch count" > "$tmp/out.txt"
[ "$(sed -n 3p "$tmp/out.txt")" = 'two\nlines\tand a tab             0' ] && [ "$(wc -l < "$tmp/out.txt")" -eq 3 ] \
	&& pass "control characters show escaped" || { fail "control characters:"; cat "$tmp/out.txt"; }
# Names that differ only by a tab and a space, or a NUL and a space, stay
# apart in a table; the folded stacks still show a space, as they did.
printf '%s\n' '[{"ph": "X", "cat": "cpu_op", "name": "\tG", "pid": 1, "tid": 1, "ts": 0, "dur": 1},' \
	'{"ph": "X", "cat": "cpu_op", "name": " G", "pid": 1, "tid": 1, "ts": 10, "dur": 2},' \
	'{"ph": "X", "cat": "cpu_op", "name": "op\u0000b", "pid": 1, "tid": 1, "ts": 20, "dur": 3},' \
	'{"ph": "X", "cat": "cpu_op", "name": "op b", "pid": 1, "tid": 1, "ts": 30, "dur": 4}]' > "$tmp/tab_space.json"
COLUMNS=80 "$PROFILE_PARSER" -q -s "$tmp/tab_space.json" -d - -mc cpu_op --format table --columns "name,host duration(ms)" > "$tmp/out.txt"
cat > "$tmp/want" <<'EOF'
name     host duration(ms)
-------  -----------------
\tG                  0.001
 G                   0.002
op\x00b              0.003
op b                 0.004
EOF
cmp -s "$tmp/out.txt" "$tmp/want" && pass "a tab and a space, a NUL and a space: apart" || { fail "a tab and a space:"; diff "$tmp/want" "$tmp/out.txt"; }
"$PROFILE_PARSER" -q -s "$tmp/tab_space.json" -d - -mc cpu_op --format folded --weight host > "$tmp/out.folded"
printf '%s\n' ' G 3000' 'op b 7000' | cmp -s - "$tmp/out.folded" && pass "folded: controls still spaces (the stacks alike merged)" \
	|| { fail "folded: controls:"; cat "$tmp/out.folded"; }

# C1 controls (CSI: U+009B, NEL: U+0085) and bidirectional controls (U+202E,
# U+2066) from the trace are shown escaped in the table, the folded stacks
# and the messages (tests/views/hostile_controls.json); CSV and JSON Lines
# keep the trace's bytes.
hostile=$top_srcdir/tests/views/hostile_controls.json
escaped='a\u009b31mb\u202ec\u2066d\u0085e'
raw=$(printf 'a\302\23331mb\342\200\256c\342\201\246d\302\205e')
# no_raw FILE: FILE holds none of the characters escaped
no_raw() {
	! LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$1" && ! LC_ALL=C grep -q "$(printf '\342\200[\252-\256]')" "$1" \
		&& ! LC_ALL=C grep -q "$(printf '\342\201[\246-\251]')" "$1"
}
COLUMNS=80 "$PROFILE_PARSER" -q -s "$hostile" -d - -mc cpu_op --format table --columns "name,launch count" > "$tmp/out.txt"
[ "$(sed -n 3p "$tmp/out.txt")" = "$escaped;f             1" ] && no_raw "$tmp/out.txt" \
	&& pass "table: C1 and bidirectional controls escaped" || { fail "table: hostile controls:"; od -c "$tmp/out.txt" | head; }
"$PROFILE_PARSER" -q -s "$hostile" -d - -mc cpu_op --format folded > "$tmp/out.folded"
[ "$(cat "$tmp/out.folded")" = "$escaped:f;k\\u202e 4000" ] && no_raw "$tmp/out.folded" \
	&& pass "folded: C1 and bidirectional controls escaped" || { fail "folded: hostile controls:"; od -c "$tmp/out.folded" | head; }
"$PROFILE_PARSER" -s "$hostile" -d "$tmp/out.csv" -mc nothing 2>"$tmp/err"
grep -q -F "the trace's categories: cpu_op (1), cuda_runtime (1), kernel (1), odd\\u009bcat (1)" "$tmp/err" \
	&& grep -q -x -F '  device 0: GPU\u009b2J' "$tmp/err" && grep -q -x -F '  rank 1\u202e' "$tmp/err" && no_raw "$tmp/err" \
	&& pass "messages: C1 and bidirectional controls escaped" || { fail "messages: hostile controls:"; cat "$tmp/err"; }
"$PROFILE_PARSER" -q -s "$hostile" -d "$tmp/out.csv" -mc cpu_op
"$PROFILE_PARSER" -q -s "$hostile" -d "$tmp/out.jsonl" -mc cpu_op
grep -q -F "\"$raw;f\"," "$tmp/out.csv" && grep -q -F "{\"name\":\"$raw;f\"," "$tmp/out.jsonl" \
	&& pass "CSV and JSON Lines keep the trace's bytes" || { fail "CSV, JSON Lines: not the trace's bytes"; head -c 300 "$tmp/out.csv" "$tmp/out.jsonl"; }

# The width: COLUMNS, else the terminal (none here), else 120.
COLUMNS=120 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/120.txt" -mc cpu_op --format table
(unset COLUMNS; "$PROFILE_PARSER" -q -s "$trace" -d - -mc cpu_op --format table > "$tmp/unset.txt" </dev/null)
COLUMNS=wide "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/bad.txt" -mc cpu_op --format table
COLUMNS=100 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/100.txt" -mc cpu_op --format table
cmp -s "$tmp/120.txt" "$tmp/unset.txt" && pass "no COLUMNS, no terminal: 120" || fail "no COLUMNS: not the table at 120"
cmp -s "$tmp/120.txt" "$tmp/bad.txt" && pass "COLUMNS that is not a number: 120" || fail "COLUMNS=wide: not the table at 120"
cmp -s "$tmp/120.txt" "$tmp/100.txt" && fail "COLUMNS=100 and 120 give the same table" || pass "COLUMNS changes the table"
# Any width: COLUMNS past 65535 was taken for 120. A name of 70,000
# characters and its launch count: at COLUMNS=70008 the count's column is
# 6 wide (its header's longest word, the header on two lines), so the name
# has 70008 - 6 - 2 = 70000, all it needs: the row is the name, 2 spaces
# and "     0", 70008 characters. At COLUMNS=99999999999999999999 (past 64
# bits: as wide as any table) the header's room to spare widens the count
# to "launch count", 12: the name, 2 + 11 spaces and "0" (70014). At 70007
# the name gets 69999: a "…" and its last 69998 characters.
long=$(head -c 70000 /dev/zero | tr '\0' a)
printf '{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "%s", "pid": 1, "tid": 1, "ts": 0, "dur": 1}]}\n' "$long" > "$tmp/wide.json"
for width in 70008 99999999999999999999 70007; do
	COLUMNS=$width "$PROFILE_PARSER" -q -s "$tmp/wide.json" -d "$tmp/wide.txt" -mc cpu_op --format table --columns "name,launch count"
	row=$(tail -n 1 "$tmp/wide.txt")
	case $width in
	70008) want="$long       0" what="the name whole (70008 characters)" ;;
	70007) want="…$(printf '%s' "$long" | cut -c 1-69998)       0" what="the name cut to 69999 characters" ;;
	*) want="$long             0" what="the name whole, the header on one line (70014 characters)" ;;
	esac
	[ "$row" = "$want" ] && pass "COLUMNS=$width: $what" \
		|| fail "COLUMNS=$width: not $what: a row of $(printf '%s' "$row" | wc -c) bytes"
done

# Outputs: -d x.txt with --format table; -d DIR/ writes STEM.txt (.txt.gz with
# --compress); a name of another format is a usage error; x.txt alone stays CSV.
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/dir/" -mc cpu_op --format table
[ -f "$tmp/dir/table.txt" ] && cmp -s "$tmp/dir/table.txt" "$tmp/120.txt" && pass "-d DIR/ writes DIR/table.txt" || fail "-d DIR/: $(ls "$tmp/dir")"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/gz/" -mc cpu_op --format table --compress
[ -f "$tmp/gz/table.txt.gz" ] && gzip -dc "$tmp/gz/table.txt.gz" | cmp -s - "$tmp/120.txt" && pass "--compress -d DIR/ writes DIR/table.txt.gz" || fail "--compress: $(ls "$tmp/gz")"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/x.csv" -mc cpu_op --format table 2>"$tmp/err"; status=$?
expect_status 2 "--format table -d x.csv"
expect_stderr "-d $tmp/x.csv names a csv file, but --format is table" "--format table -d x.csv: the message"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/plain.txt" -mc cpu_op
head -c 8 "$tmp/plain.txt" | grep -q '^"name",' && pass "-d x.txt without --format is CSV, as before" || fail "-d x.txt: $(head -n 1 "$tmp/plain.txt")"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/x" -mc cpu_op --format tabular 2>"$tmp/err"; status=$?
expect_status 2 "--format tabular"
expect_stderr "--format wants csv, jsonl, table, folded, svg, html or perfetto, not 'tabular'" "an unknown format lists table"

# The README's Quick start shows the example trace at COLUMNS=100: that table,
# as the program prints it.
readme=$top_srcdir/README.md
command=$(sed -n 's/^    \$ \(\.\/profile_parser .*--format table\)$/\1/p' "$readme" | head -n 1)
if [ -z "$command" ]; then
	fail "the README shows no '\$ ./profile_parser ... --format table' command"
else
	awk -v line="    \$ $command" '$0 == line { on = 1; next } on && !/^    / { exit } on { print substr($0, 5) }' "$readme" > "$tmp/readme.txt"
	(cd "$top_srcdir" && eval "COLUMNS=100 \"\$PROFILE_PARSER\" ${command#./profile_parser}") > "$tmp/example.txt"
	cmp -s "$tmp/readme.txt" "$tmp/example.txt" && pass "the README's table is the example trace's at COLUMNS=100" \
		|| { fail "the README's table is not what '$command' prints at COLUMNS=100:"; diff "$tmp/readme.txt" "$tmp/example.txt"; }
fi

# Many long names alike but in their middle: 1000 names of 20006 characters,
# 10000 A, the row's number in 6 digits, 10000 B, in one table 1000 columns
# wide. Their ends are alike and so are their starts as far as any head
# goes, so each shows a window where they differ, which holds its number.
# Deciding their forms reads each name about once: a search that rebuilt
# every name at every head length took minutes (the check is that it ends
# within 60 s, not how fast).
awk 'BEGIN {
	a = "A"; while (length(a) < 10000) a = a a; a = substr(a, 1, 10000); b = a; gsub(/A/, "B", b)
	print "{\"traceEvents\": ["
	for (i = 0; i < 1000; i++) # print, not printf: some awks limit what printf formats
		print (i ? "," : "") "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"" a sprintf("%06d", i) b "\", \"pid\": 1, \"tid\": 1, \"ts\": " i * 10 ", \"dur\": 5}"
	print "]}"
}' > "$tmp/long_names.json"
limit=; command -v timeout >/dev/null && limit="timeout 60"
COLUMNS=1000 $limit "$PROFILE_PARSER" -q -s "$tmp/long_names.json" -mc cpu_op --summary name --format table -d "$tmp/long_names.txt" 2>"$tmp/err"
status=$?
if [ "$status" -eq 124 ]; then
	fail "1000 names of 20006 characters at 1000 columns: still running after 60 s"
elif [ "$status" -ne 0 ]; then
	fail "1000 names of 20006 characters at 1000 columns: exit $status: $(cat "$tmp/err")"
else
	# row i (in key order: every figure is alike) shows A, its number, B
	bad=$(LC_ALL=C awk -v width=1000 'rows { n = sprintf("A%06dB", rows - 1); if (index($0, n) == 0 || index($0, "\342\200\246") == 0) bad++; rows++ }
		{ line = $0; gsub(/[\200-\277]/, "", line); if (length(line) > width) bad++ }
		/^-/ { rows = 1 } END { print (rows == 1001 ? 0 : 1) + bad }' "$tmp/long_names.txt")
	[ "$bad" -eq 0 ] && pass "1000 names of 20006 characters at 1000 columns: each shows its number, within 1000 characters" \
		|| { fail "1000 names of 20006 characters at 1000 columns: $bad lines wrong"; head -c 3000 "$tmp/long_names.txt"; }
fi

# Under valgrind: no error and no definite leak, through the table, sorted or not.
if ! command -v valgrind >/dev/null; then
	skip "the table under valgrind: valgrind is not installed"
elif ldd "$PROFILE_PARSER" 2>/dev/null | grep -q libasan; then
	skip "the table under valgrind: a sanitizer build (valgrind runs in a plain build)"
else
	for args in "" "--sort name --top 3" "--summary name --sort count" "--columns '+kernels,host ts' --sort 'device busy(ms)'"; do
		eval "set -- $args"
		valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
			"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/vg.txt" -mc cpu_op --format table "$@" 2>"$tmp/err"
		status=$?
		[ "$status" -eq 0 ] && [ -s "$tmp/vg.txt" ] && pass "under valgrind: --format table $args" \
			|| { fail "under valgrind: --format table $args: exit $status"; cat "$tmp/err"; }
	done
fi

# Real traces: at COLUMNS=100 the default table fits in 100 characters.
if ! why=$(have_traces kineto_docs_small.json.gz triton_example.json.gz nccl_data.json.gz resnet50_2021_workers0.json.gz); then
	skip "the table on real traces: $why"
elif ! command -v python3 >/dev/null; then
	skip "the table on real traces: python3 is not installed"
else
	for name in kineto_docs_small triton_example nccl_data resnet50_2021_workers0; do
		COLUMNS=100 "$PROFILE_PARSER" -q -s "$traces/$name.json.gz" -d "$tmp/real.txt" -mc cpu_op,user_annotation --format table
		widest=$(python3 -c 'import sys; print(max(len(l) for l in open(sys.argv[1], encoding="utf-8").read().splitlines()))' "$tmp/real.txt")
		lines=$(wc -l < "$tmp/real.txt")
		[ "$widest" -le 100 ] && [ "$lines" -gt 3 ] && pass "$name: $lines lines, at most 100 characters ($widest)" \
			|| fail "$name: $lines lines, the widest has $widest characters"
	done
fi
finish
