#!/bin/sh
# Views that answer at a glance (SPEC 23), at 80, 100, 120 and 200 columns:
# every view keeps the columns it exists for (none of them in the note of
# the columns left out): --summary collective its bandwidths,
# --across-ranks the device max, its rank and imbalance, --diff the base,
# new and delta device, --summary step device idle, host wait and device
# span, --summary perf roofline % and bound, --summary rank delay caused,
# last count and wait; and the kernel summary of tests/views/kernel_names.json
# shows short names (worked by hand from the rule of SPEC 23: "void "
# dropped, outermost templates <…>, the parameter list (…)), distinct: the
# two softmax kernels fold alike, so they keep the older form, apart.
# SPEC 28, each view keeps its answer at the four widths: --summary
# timeline busy, host wait, other idle and step (its us bounds left out
# first), --summary memory the peak and where (peak in, cut to its
# innermost frames), --summary perf the precision, shapes (never two rows
# alike), busy total, roofline % and bound, --summary findings its evidence
# and advice, wrapped under each row; bytes in KiB/MiB/GiB.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
LC_ALL=C.UTF-8; export LC_ALL
t=$top_srcdir/tests

# essential LABEL "COLUMN|COLUMN..." ARGS...: at each width, no COLUMN left out.
essential() {
	label=$1 columns=$2; shift 2
	for width in 80 100 120 200; do
		if ! COLUMNS=$width "$PROFILE_PARSER" -d "$tmp/out.txt" --format table "$@" 2>"$tmp/err"; then
			fail "$label at $width: $(cat "$tmp/err")"; continue
		fi
		left=$(sed -n 's/.*no room in [0-9]* columns for: \(.*\) (left out.*/, \1,/p' "$tmp/err")
		lost=
		old_ifs=$IFS IFS='|'
		for c in $columns; do
			case $left in *", $c,"*) lost="$lost [$c]" ;; esac
		done
		IFS=$old_ifs
		grep -qF -- "${columns%%|*}" "$tmp/out.txt" || grep -q -- "$(echo "${columns%%|*}" | cut -d' ' -f1)" "$tmp/out.txt" \
			|| lost="$lost [not in the header]"
		if [ -z "$lost" ]; then pass "$label at $width: its columns kept"
		else fail "$label at $width: left out:$lost"; cat "$tmp/err"; fi
	done
}

essential "--summary collective" "algbw(GB/s)|busbw(GB/s)" -s "$t/cases/collective_factors.json" -mc cpu_op --summary collective
essential "--across-ranks" "device total max(ms)|device total max rank|device imbalance" \
	-s "$t/compare/ranks" --summary name --across-ranks -mc cpu_op
essential "--diff name" "base device per step(ms)|new device per step(ms)|delta device per step(ms)" \
	-s "$t/compare/base.json" -s "$t/compare/new.json" --diff name -mc cpu_op,user_annotation
essential "--summary step" "device idle(ms)|host wait(ms)|device span(ms)" -s "$t/steps/steps.json" -mc cpu_op --summary step
essential "--summary perf" "roofline %|bound" -s "$t/views/perf_wide.json" --peaks "$t/cases/perf.peaks" -mc cpu_op --summary perf
essential "--summary rank" "delay caused(ms)|last count|wait(ms)" -s "$t/ranks/bandwidth" -mc cpu_op --summary rank

essential "--summary timeline" "busy(ms)|host wait(ms)|other idle(ms)|step" -s "$t/cases/timeline_bins.json" -mc cpu_op \
	--summary timeline --bins 3
essential "--summary memory" "peak allocated(bytes)|peak in" -s "$t/views/memory_bytes.json" -mc cpu_op --summary memory
essential "--summary perf, shapes" "precision|Input Dims|device busy total(ms)|roofline %|bound" -s "$t/views/perf_alike.json" \
	--peaks "$t/cases/perf.peaks" -mc cpu_op --summary perf

# --summary timeline: start(ms) and end(ms) from the analysed span's start,
# the us bounds left out first (tests/cases/timeline_from_start.working: bin
# 0 [90, 150) us is -0.01 to 0.05 ms from ProfilerStep#1 at 100 us; busy,
# host wait, other idle by hand: K1 20 us, the gap [110, 160) waits for the
# launch at 150: 40 us in bin 0, 10 us other idle in bin 1; K2 50 us). At
# 80: the essential 8+8+8+14 with gaps, then device 6, bin 3, start(ms) 9,
# end(ms) 7 (77 in all); compute(ms), 11 more, does not fit; the 3 left
# over cannot unwrap a header (host wait(ms) needs 5).
COLUMNS=80 "$PROFILE_PARSER" -s "$t/cases/timeline_from_start.json" -mc cpu_op --summary timeline --bins 2 --format table \
	-d "$tmp/tl.txt" 2>"$tmp/err"
cat >"$tmp/want" <<'TABLE'
                                               host     other
device  bin  start(ms)  end(ms)  busy(ms)  wait(ms)  idle(ms)  step
------  ---  ---------  -------  --------  --------  --------  --------------
     0    0      -0.01     0.05      0.02      0.04      0.00
     0    1       0.05     0.11      0.05      0.00      0.01  ProfilerStep#1
TABLE
cmp -s "$tmp/want" "$tmp/tl.txt" && pass "--summary timeline at 80: from the start, busy and the waits kept" \
	|| { fail "--summary timeline at 80:"; diff "$tmp/want" "$tmp/tl.txt"; }
grep -qF "no room in 80 columns for: start(us), end(us), compute(ms), communication(ms), memcpy(ms), memset(ms), allocated(bytes) (left out" "$tmp/err" \
	&& pass "--summary timeline at 80: the us bounds left out first" || { fail "--summary timeline: the note"; cat "$tmp/err"; }
for width in 100 120 200; do
	COLUMNS=$width "$PROFILE_PARSER" -s "$t/cases/timeline_bins.json" -mc cpu_op --summary timeline --bins 3 --format table \
		-d "$tmp/tl.txt" 2>"$tmp/err"
	left=$(sed -n 's/.*no room in [0-9]* columns for: \(.*\) (left out.*/\1/p' "$tmp/err")
	case $left in
	'' | 'start(us), end(us)'*) pass "--summary timeline at $width: the us bounds the first left out" ;;
	*) fail "--summary timeline at $width: left out $left" ;;
	esac
done

# --summary memory in a table (tests/views/memory_bytes.json, by hand):
# peaks of 1023, 1024 and 1048575 bytes are 1023 B, 1.00 KiB and 1.00 MiB
# (1023.999 KiB rounds to 1024.00: the next unit), the reserved 0, 1048575
# and 2707847680 (2.5219 GiB) 0 B, 1.00 MiB, 2.52 GiB; the headers without
# "(bytes)", the cells saying their unit. The essential peak allocated (9)
# and peak in (room 40, +2) first, then pid 3+2, device 6+2, peak reserved
# 8+2: 74; peak in widens by the 6 left to 46: the path of 63 characters
# keeps its last 45 after "…" (the frame boundary in them would leave out
# 18, more than a third of 46: cut as it is). The CSV keeps the bytes.
COLUMNS=80 "$PROFILE_PARSER" -q -s "$t/views/memory_bytes.json" -mc cpu_op --summary memory --format table -d "$tmp/m.txt" \
	--columns "pid,device,peak allocated(bytes),peak reserved(bytes),peak in"
cat >"$tmp/want" <<'TABLE'
                  peak      peak
pid  device  allocated  reserved  peak in
---  ------  ---------  --------  ----------------------------------------------
1    cpu        1023 B       0 B  …ion_of_a_long_name$$aten::middle$$aten::empty
1    0        1.00 KiB  1.00 MiB  …ion_of_a_long_name$$aten::middle$$aten::empty
1    1        1.00 MiB  2.52 GiB  …ion_of_a_long_name$$aten::middle$$aten::empty
TABLE
cmp -s "$tmp/want" "$tmp/m.txt" && pass "--summary memory at 80: bytes in B, KiB, MiB, GiB; peak in by its end" \
	|| { fail "--summary memory at 80:"; diff "$tmp/want" "$tmp/m.txt"; }
"$PROFILE_PARSER" -q -s "$t/views/memory_bytes.json" -mc cpu_op --summary memory -d "$tmp/m.csv" \
	--columns "device,peak allocated(bytes),peak reserved(bytes)"
grep -q '^"1","1048575","2707847680"' "$tmp/m.csv" && pass "--summary memory: the CSV keeps exact bytes" \
	|| { fail "--summary memory: the CSV"; cat "$tmp/m.csv"; }

# --summary perf: three aten::add rows whose shapes differ only in their
# middle (tests/views/perf_alike.json) never read alike, at any width
# (their start and last third, the cut of other literals, are alike).
for width in 80 100 120 200; do
	COLUMNS=$width "$PROFILE_PARSER" -q -s "$t/views/perf_alike.json" --peaks "$t/cases/perf.peaks" -mc cpu_op --summary perf \
		--format table -d "$tmp/p.txt"
	sed '1,/^---/d' "$tmp/p.txt" >"$tmp/rows"
	rows=$(wc -l <"$tmp/rows") apart=$(sort -u "$tmp/rows" | wc -l)
	[ "$rows" -eq 3 ] && [ "$apart" -eq 3 ] && pass "--summary perf at $width: rows alike but in their shapes' middle stay apart" \
		|| { fail "--summary perf at $width: $apart of $rows apart"; cat "$tmp/p.txt"; }
done

# --summary findings: evidence and advice under each row, at every width:
# the lines under a row, joined, are the CSV's text, none wider than the
# width (or 32, the least), the first "  evidence: " or "  advice:   ",
# the others indented by 12; a blank line between rows.
"$PROFILE_PARSER" -q -s "$t/cases/findings_wait.json" -mc cpu_op --summary findings -d "$tmp/f.csv"
for width in 80 100 120 200; do
	COLUMNS=$width "$PROFILE_PARSER" -s "$t/cases/findings_wait.json" -mc cpu_op --summary findings --format table \
		-d "$tmp/f.txt" 2>"$tmp/err"
	grep -q "no room" "$tmp/err" && fail "--summary findings at $width: $(grep "no room" "$tmp/err")"
	if "${PYTHON3:-python3}" - "$tmp/f.csv" "$tmp/f.txt" "$width" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))
lines = open(sys.argv[2], encoding='utf-8').read().split('\n')
assert lines[-1] == '' and lines[1].startswith('---'), lines[:2]
lines = lines[2:-1]
width = max(int(sys.argv[3]), 32)
blocks, block, key = [], None, None
for i, line in enumerate(lines):
    assert len(line) <= width, (len(line), line)
    if not line:  # between rows only
        assert 0 < i < len(lines) - 1 and not lines[i + 1].startswith(' ') and lines[i - 1].startswith(' '), i
    elif not line.startswith(' '):
        assert i == 0 or lines[i - 1] == '', ('no blank line before', line)
        block = {'row': line, 'evidence': [], 'advice': []}
        blocks.append(block)
        key = None
    elif line.startswith('  evidence: '):
        key = 'evidence'
        block[key].append(line[12:])
    elif line.startswith('  advice:   '):
        key = 'advice'
        block[key].append(line[12:])
    else:
        assert key and line.startswith(' ' * 12) and line[12] != ' ', line
        block[key].append(line[12:])
assert len(blocks) == len(rows) > 1, (len(blocks), len(rows))
for b, r in zip(blocks, rows):
    assert b['row'].split()[0] == r['finding'], (b['row'], r['finding'])
    for key in ('evidence', 'advice'):
        assert ' '.join(b[key]) == r[key], (key, b[key], r[key])
PY
	then pass "--summary findings at $width: evidence and advice wrapped under each row"
	else fail "--summary findings at $width: the lines under the rows"; cat "$tmp/f.txt"; fi
done

# The kernel names at each width: distinct, and the short names by hand.
for width in 80 100 120 200; do
	COLUMNS=$width "$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.txt" --format table \
		-mc cpu_op --summary kernel --columns name,count 2>"$tmp/err" || { fail "kernels at $width: $(cat "$tmp/err")"; continue; }
	sed '1,/^---/d; s/  *[0-9][0-9]*$//' "$tmp/k.txt" >"$tmp/names"
	rows=$(wc -l <"$tmp/names") apart=$(sort -u "$tmp/names" | wc -l)
	[ "$rows" -eq 4 ] && [ "$apart" -eq 4 ] && pass "kernels at $width: 4 names, apart" \
		|| { fail "kernels at $width: $apart of $rows apart"; cat "$tmp/k.txt"; }
	if [ "$width" -le 120 ]; then
		grep -qx 'at::native::reduce_kernel<…>(…)' "$tmp/names" && grep -qx 'at::native::vectorized_elementwise_kernel<…>(…)' "$tmp/names" \
			&& pass "kernels at $width: short names, namespaces kept" \
			|| { fail "kernels at $width: no short names"; cat "$tmp/k.txt"; }
	fi
done
# CSV and JSON Lines keep the full names
"$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.csv" -mc cpu_op --summary kernel 2>/dev/null
grep -qF 'at::native::reduce_kernel<512, 1, at::native::ReduceOp<float' "$tmp/k.csv" && ! grep -q '<…>' "$tmp/k.csv" \
	&& pass "CSV: full names" || fail "CSV: full names"
"$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.jsonl" -mc cpu_op --summary kernel 2>/dev/null
grep -qF 'float, 4> >(at::native::ReduceOp' "$tmp/k.jsonl" && ! grep -q '<…>' "$tmp/k.jsonl" \
	&& pass "JSON Lines: full names" || fail "JSON Lines: full names"
# The page: a kernel name over 60 characters whose short name is its own shows it, the full name
# (up to 200 characters) in the title; the two
# softmax kernels, alike when short, show their full names
"$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.html" -mc cpu_op --summary kernel 2>/dev/null
grep -qF '<td class="k" title="void at::native::vectorized_elementwise_kernel&lt;4, at::native::AbsFunctor&lt;float&gt;, at::detail::Array&lt;char*, 2&gt; &gt;(int, at::native::AbsFunctor&lt;float&gt;, at::detail::Array&lt;char*, 2&gt;)">at::native::vectorized_elementwise_kernel&lt;…&gt;(…)</td>' "$tmp/k.html" \
	&& pass "the page: a short name shown, the full name in its title" || fail "the page: no short name with its title"
[ "$(grep -c '<td class="k" title="[^"]*">[^<]*cunn_SoftMaxForward&lt;8, ' "$tmp/k.html")" -eq 1 ] \
	&& pass "the page: short names alike are not used" || fail "the page: the softmax kernels"
finish
