#!/bin/sh
# --summary critical (SPEC 30): the fixtures of several ranks in
# tests/critical (NAME/ a trace per rank; NAME.csv the table worked out in
# tests/critical/WORKING, NAME.report lines standard error must hold,
# NAME.what_if a --what-if and NAME.what_if.csv its table); the fixtures of
# one trace are tests/cases/critical_*. Then the usage errors, every
# format, and on every real trace the sums: each rank's rows add up to its
# "(critical path)" row, each share is the row's time over it (one
# decimal, half up); and on those under 1 MB, --what-if '*=1' changes
# nothing, and with '*=0' only delays, waits and time outside any event
# (which no name matches) are left.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/critical

for dir in "$fixtures"/*/; do
	name=$(basename "$dir")
	"$PROFILE_PARSER" -s "$dir" -d "$tmp/$name.csv" --summary critical 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then fail "$name: exit status $status"; cat "$tmp/err"; continue; fi
	cmp -s "$fixtures/$name.csv" "$tmp/$name.csv" && pass "$name: the table across ranks" \
		|| { fail "$name: the table differs"; diff "$fixtures/$name.csv" "$tmp/$name.csv"; }
	missing=
	while IFS= read -r line; do
		grep -qF -- "$line" "$tmp/err" || missing="$missing [$line]"
	done < "$fixtures/$name.report"
	if [ -n "$missing" ]; then fail "$name: the report lacks$missing"; cat "$tmp/err"; else pass "$name: the report"; fi
	[ -f "$fixtures/$name.what_if" ] || continue
	"$PROFILE_PARSER" -q -s "$dir" -d "$tmp/$name.what_if.csv" --summary critical --what-if "$(cat "$fixtures/$name.what_if")"
	cmp -s "$fixtures/$name.what_if.csv" "$tmp/$name.what_if.csv" && pass "$name: --what-if $(cat "$fixtures/$name.what_if")" \
		|| { fail "$name: --what-if differs"; diff "$fixtures/$name.what_if.csv" "$tmp/$name.what_if.csv"; }
done
# the same ranks given one by one, in the other order: the same table
"$PROFILE_PARSER" -q -s "$fixtures/late/rank1.json" -s "$fixtures/late/rank0.json" -d "$tmp/late.swapped.csv" --summary critical
cmp -s "$fixtures/late.csv" "$tmp/late.swapped.csv" && pass "the table does not depend on the order of the traces" \
	|| { fail "the order of the traces changed the table"; diff "$fixtures/late.csv" "$tmp/late.swapped.csv"; }
# one rank twice: an error naming both, nothing written
cp "$fixtures/late/rank0.json" "$tmp/again.json"
"$PROFILE_PARSER" -s "$fixtures/late/rank0.json" -s "$tmp/again.json" -d "$tmp/twice.csv" --summary critical 2>"$tmp/err"
status=$?
expect_status 1 "two traces of one rank"
grep -q 'have the same rank, 0' "$tmp/err" && [ ! -e "$tmp/twice.csv" ] && pass "two traces of one rank: named, nothing written" \
	|| { fail "two traces of one rank"; cat "$tmp/err"; }

# usage errors
for args in "--what-if op=0.5" "--summary step --what-if op=0.5" "--summary critical --what-if op" \
	"--summary critical --what-if =2" "--summary critical --what-if op=-1" "--summary critical --what-if op=1000001" \
	"--summary critical --what-if op=0.1234567891" "--summary critical --what-if op=1e3" \
	"--summary critical --format folded" "--summary critical --format svg"; do
	# shellcheck disable=SC2086
	"$PROFILE_PARSER" -s "$cases/critical_basic.json" -d "$tmp/u.out" $args 2>"$tmp/err"; status=$?
	expect_status 2 "$args is a usage error"
done
"$PROFILE_PARSER" -s "$cases/critical_basic.json" -d - --summary critical --what-if x 2>&1 |
	grep -q "what-if wants GLOB=FACTOR (.*), not 'x'" && pass "a bad --what-if names the option and the value" \
	|| fail "a bad --what-if's message"
"$PROFILE_PARSER" -s "$cases/critical_basic.json" -s "$cases/critical_sync.json" -d "$tmp/dir/" --summary critical 2>"$tmp/err"
status=$?
expect_status 2 "several traces into a directory"

# every format: the table, JSON Lines, the page
COLUMNS=120 "$PROFILE_PARSER" -q -s "$cases/critical_basic.json" -d - --summary critical --format table > "$tmp/table"
grep -q '^(critical path) *path *0.080 *100.0 *1$' "$tmp/table" && grep -q '^k1 *device *0.030 *37.5 *1$' "$tmp/table" \
	&& pass "the table" || { fail "the table"; cat "$tmp/table"; }
"$PROFILE_PARSER" -q -s "$cases/critical_basic.json" -d "$tmp/c.jsonl" --summary critical
head -2 "$tmp/c.jsonl" | tail -1 | grep -q '"name": *"k1", *"kind": *"device", *"critical(ms)": *0.03, *"share": *37.5, *"count": *1' \
	&& [ "$(wc -l < "$tmp/c.jsonl")" -eq 7 ] && pass "JSON Lines" || { fail "JSON Lines"; cat "$tmp/c.jsonl"; }
if command -v python3 >/dev/null; then
	"$PROFILE_PARSER" -q -s "$cases/critical_basic.json" -d "$tmp/c.html" --summary critical
	python3 "$top_srcdir/tests/html_check.py" valid "$tmp/c.html" && grep -q 'launch delay' "$tmp/c.html" \
		&& pass "the page" || fail "the page"
	# the step's critical-path bar (issue 50), by critical_basic.working: of
	# the 80 us path, device k1 30 + k2 18 = 48, host 10 + 10 = 20, launch
	# delay 10, queueing 2; its figures the report's line
	for part in 'step 1: device 0.048 ms (60.0% of the path)' 'step 1: host 0.02 ms (25.0% of the path)' \
		'step 1: launch delay 0.01 ms (12.5% of the path)' 'step 1: queueing 0.002 ms (2.5% of the path)' \
		'critical path of step 1: 0.08 ms: device 60.0%, host 25.0%, waiting for other ranks 0.0%; most: k1 0.03 ms'; do
		grep -qF "<title>$part</title>" "$tmp/c.html" || { fail "the page's critical-path bar lacks [$part]"; continue; }
		pass "the page's critical-path bar: $part"
	done
	grep -q 'id="paths"' "$tmp/c.html" && pass "the page's section of the paths" || fail "no section of the paths on the page"
	# two ranks (tests/critical/WORKING, late): rank 0 waits 60 us of its 120 for rank 1
	"$PROFILE_PARSER" -q -s "$top_srcdir/tests/critical/late" -d "$tmp/late.html" --summary critical
	grep -qF '<title>step 1, rank 0: waiting for other ranks 0.06 ms (50.0% of the path)</title>' "$tmp/late.html" \
		&& pass "the job's page: a bar per rank's path" || fail "the job's page lacks rank 0's wait"
else
	skip "no python3: the page is not checked"
fi

need python3 python3
need_traces
cat > "$tmp/sums.py" <<'PY'
import csv, sys
from decimal import Decimal as D, ROUND_HALF_UP
ns = lambda text: int(D(text) * 1000000)
rows = list(csv.DictReader(open(sys.argv[1])))
mode = sys.argv[2]
totals, sums = {}, {}
for r in rows:
    rank = r.get('rank', '')
    if r['kind'] == 'path':
        totals[rank] = (ns(r['critical(ms)']), ns(r['measured(ms)']))
        continue
    c, m = sums.get(rank, (0, 0))
    sums[rank] = (c + ns(r['critical(ms)']), m + ns(r['measured(ms)']))
    whole = totals[rank][0]
    want = (D(ns(r['critical(ms)'])) * 100 / whole).quantize(D('0.1'), rounding=ROUND_HALF_UP) if whole else None
    if whole and D(r['share']) != want:
        sys.exit('%s: share %s, not %s' % (r['name'], r['share'], want))
    if mode == 'zero' and r['kind'] in ('host', 'device') and r['name'] != '(outside ops)' and ns(r['critical(ms)']):
        sys.exit('%s (%s): %s ms with every time scaled by 0' % (r['name'], r['kind'], r['critical(ms)']))
    if mode == 'same' and r['critical(ms)'] != r['measured(ms)']:
        sys.exit('%s: %s predicted, %s measured, with factors 1' % (r['name'], r['critical(ms)'], r['measured(ms)']))
for rank, (c, m) in totals.items():
    if sums.get(rank, (0, 0)) != (c, m):
        sys.exit('rank %r: rows add up to %r, the total row says %r' % (rank, sums.get(rank), (c, m)))
    if mode == 'zero' and c > m:
        sys.exit('rank %r: %d predicted with every time scaled by 0, over the measured %d' % (rank, c, m))
print('%d rows, %d paths' % (len(rows), len(totals)))
PY
for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/p.csv" --summary critical --columns "name,kind,critical(ms),measured(ms),share,count" \
		2>"$tmp/err" || continue # not a trace
	if python3 "$tmp/sums.py" "$tmp/p.csv" plain > "$tmp/check" 2>&1; then
		pass "$name: the rows add up: $(cat "$tmp/check")"
	else
		fail "$name: $(cat "$tmp/check")"
	fi
	lines=$(grep -c '^  critical path of ' "$tmp/err")
	paths=$(awk -F, 'NR > 1 && $2 == "\"path\"" { n += $4 } END { print n + 0 }' "$tmp/p.csv")
	[ "$lines" -le 5 ] && { [ "$paths" -le 5 ] || grep -q "^  critical path: $((paths - 5)) more steps" "$tmp/err"; } \
		&& pass "$name: the report's lines ($lines)" || fail "$name: $lines report lines for $paths paths"
	[ "$(wc -c < "$trace")" -gt 1000000 ] && continue # the what-if checks on the smaller traces (make check's time)
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/one.csv" --summary critical --what-if '*=1'
	python3 "$tmp/sums.py" "$tmp/one.csv" same > "$tmp/check" 2>&1 && cmp -s "$tmp/one.csv" "$tmp/p.csv" \
		&& pass "$name: --what-if '*=1' changes nothing" || fail "$name: --what-if '*=1': $(cat "$tmp/check")"
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/zero.csv" --summary critical --what-if '*=0'
	python3 "$tmp/sums.py" "$tmp/zero.csv" zero > "$tmp/check" 2>&1 \
		&& pass "$name: --what-if '*=0' leaves delays and waits" || fail "$name: --what-if '*=0': $(cat "$tmp/check")"
done
finish
