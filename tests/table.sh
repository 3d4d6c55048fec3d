#!/bin/sh
# --format table (SPEC 12) on tests/views/table.json, checked by hand: at
# COLUMNS=60, 100 and 200, numbers right-aligned with the same decimals per
# column (host 2.0 and 0.50025 as 2.00000 and 0.50025), the tree indented
# two spaces a level, the name shrunk in the middle with U+2026 (never
# inside a UTF-8 character: the Greek name) down to 12 characters and no
# further (at 60 the table is wider than 60), headers wrapped when there is
# no room; sorted rows as flat paths; a summary's own columns; the width
# from COLUMNS, else 120; the outputs (-d DIR/ writes STEM.txt); and the
# README's table, which must be what the example trace gives at 100.
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
name                                                   host duration(ms)  device duration(ms)  device busy(ms)  cuda launch duration(ms)  launch count  device %
-----------------------------------------------------  -----------------  -------------------  ---------------  ------------------------  ------------  --------
ProfilerStep#1                                                   2.00000               0.1265           0.1265                  0.012125             2     100.0
  nn.Module: Encoder→Attention                                   1.00050               0.0015           0.0015                  0.005000             1       1.2
    aten::scaled_dot_product_attention_of_a_long_name            0.50025               0.0015           0.0015                  0.005000             1       1.2
    αβγδεζηθικλμνξοπρστυφχψω                                     0.10000               0.0000           0.0000                  0.000000             0       0.0
  aten::mm                                                       0.30000               0.1250           0.1250                  0.007125             1      98.8
Optimizer.step#SGD.step                                          0.10000               0.0000           0.0000                  0.000000             0       0.0
EOF
table "COLUMNS=100: the name column shrinks to fit, keeping the indentation" 100 <<'EOF'
                                          host        device    device   cuda launch  launch  device
name                              duration(ms)  duration(ms)  busy(ms)  duration(ms)   count       %
--------------------------------  ------------  ------------  --------  ------------  ------  ------
ProfilerStep#1                         2.00000        0.1265    0.1265      0.012125       2   100.0
  nn.Module: Encoder→Attention         1.00050        0.0015    0.0015      0.005000       1     1.2
    aten::scaled_…of_a_long_name       0.50025        0.0015    0.0015      0.005000       1     1.2
    αβγδεζηθικλμνξοπρστυφχψω           0.10000        0.0000    0.0000      0.000000       0     0.0
  aten::mm                             0.30000        0.1250    0.1250      0.007125       1    98.8
Optimizer.step#SGD.step                0.10000        0.0000    0.0000      0.000000       0     0.0
EOF
table "COLUMNS=60: the name column stops at 12 characters, the table is wider" 60 <<'EOF'
                      host        device    device   cuda launch  launch  device
name          duration(ms)  duration(ms)  busy(ms)  duration(ms)   count       %
------------  ------------  ------------  --------  ------------  ------  ------
Profi…Step#1       2.00000        0.1265    0.1265      0.012125       2   100.0
  nn.M…ntion       1.00050        0.0015    0.0015      0.005000       1     1.2
    ate…name       0.50025        0.0015    0.0015      0.005000       1     1.2
    αβγ…φχψω       0.10000        0.0000    0.0000      0.000000       0     0.0
  aten::mm         0.30000        0.1250    0.1250      0.007125       1    98.8
Optim…D.step       0.10000        0.0000    0.0000      0.000000       0     0.0
EOF
table "--sort flattens the tree: paths shortened in the middle" 60 --sort "host duration(ms)" --columns "name,host duration(ms),device %" <<'EOF'
                                                host  device
name                                    duration(ms)       %
--------------------------------------  ------------  ------
ProfilerStep#1                               2.00000   100.0
ProfilerStep#1$$nn…: Encoder→Attention       1.00050     1.2
ProfilerStep#1$$nn…tion_of_a_long_name       0.50025     1.2
ProfilerStep#1$$aten::mm                     0.30000    98.8
ProfilerStep#1$$nn…ζηθικλμνξοπρστυφχψω       0.10000     0.0
Optimizer.step#SGD.step                      0.10000     0.0
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
                                                                          device   cuda launch  launch
name                            host duration(ms)  device duration(ms)  busy(ms)  duration(ms)   count  device %  depth
------------------------------  -----------------  -------------------  --------  ------------  ------  --------  -----
ProfilerStep#1                             2.0000               0.1265    0.1265      0.012125       2     100.0      1
  nn.Module: Encoder→Attention             1.0005               0.0015    0.0015      0.005000       1       1.2      2
EOF
table "a summary: its own columns, sorted" 200 --summary name --sort "self host total(ms)" --top 3 <<'EOF'
                                                                                                                                                                 self       cuda                device
                                                                                                                                                               device     launch                 event
name                                               count  host total(ms)  host mean(ms)  host min(ms)  host max(ms)  self host total(ms)  device total(ms)  total(ms)  total(ms)  launch count   count
-------------------------------------------------  -----  --------------  -------------  ------------  ------------  -------------------  ----------------  ---------  ---------  ------------  ------
ProfilerStep#1                                         1         2.00000        2.00000       2.00000       2.00000              0.69950            0.1265     0.0000   0.012125             2       2
aten::scaled_dot_product_attention_of_a_long_name      1         0.50025        0.50025       0.50025       0.50025              0.50025            0.0015     0.0015   0.005000             1       1
nn.Module: Encoder→Attention                           1         1.00050        1.00050       1.00050       1.00050              0.40025            0.0015     0.0000   0.005000             1       1
EOF
table "no row: the header and the rule" 200 --min_depth 9 <<'EOF'
name  host duration(ms)  device duration(ms)  device busy(ms)  cuda launch duration(ms)  launch count  device %
----  -----------------  -------------------  ---------------  ------------------------  ------------  --------
EOF

# Control characters in a name show as spaces; the table stays one line a row.
printf '%s\n' '[{"ph": "X", "cat": "cpu_op", "name": "two\nlines\tand a tab", "pid": 1, "tid": 1, "ts": 0, "dur": 1}]' > "$tmp/controls.json"
COLUMNS=80 "$PROFILE_PARSER" -q -s "$tmp/controls.json" -d - -mc cpu_op --format table --columns "name,launch count" > "$tmp/out.txt"
[ "$(sed -n 3p "$tmp/out.txt")" = "two lines and a tab             0" ] && [ "$(wc -l < "$tmp/out.txt")" -eq 3 ] \
	&& pass "control characters show as spaces" || { fail "control characters:"; cat "$tmp/out.txt"; }

# The width: COLUMNS, else the terminal (none here), else 120.
COLUMNS=120 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/120.txt" -mc cpu_op --format table
(unset COLUMNS; "$PROFILE_PARSER" -q -s "$trace" -d - -mc cpu_op --format table > "$tmp/unset.txt" </dev/null)
COLUMNS=wide "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/bad.txt" -mc cpu_op --format table
COLUMNS=100 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/100.txt" -mc cpu_op --format table
cmp -s "$tmp/120.txt" "$tmp/unset.txt" && pass "no COLUMNS, no terminal: 120" || fail "no COLUMNS: not the table at 120"
cmp -s "$tmp/120.txt" "$tmp/bad.txt" && pass "COLUMNS that is not a number: 120" || fail "COLUMNS=wide: not the table at 120"
cmp -s "$tmp/120.txt" "$tmp/100.txt" && fail "COLUMNS=100 and 120 give the same table" || pass "COLUMNS changes the table"

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
expect_stderr "--format wants csv, jsonl, table, folded or svg, not 'tabular'" "an unknown format lists table"

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
