#!/bin/sh
# --summary idle (SPEC 19.2) and the device waiting of SPEC 19.3: the usage
# errors of the formats that do not apply, the table, and on every real
# trace, in exact decimals (python3): each device's rows add up to the
# report's idle and host wait, each row's idle is its host wait plus other
# idle and its share the idle over the report's span; the roots' device
# waiting plus the report's outside part is the report's host wait, no
# node's self device waiting exceeds its device waiting, and --summary
# name's self device waiting total is the sum over every node. The
# hand-worked fixtures are tests/cases/idle_classes*, tests/cases/waiting_*.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
cases=$top_srcdir/tests/cases

for format in folded svg; do
	"$PROFILE_PARSER" -s "$cases/idle_classes.json" -d "$tmp/out.$format" --summary idle --format $format 2>"$tmp/err"; status=$?
	expect_status 2 "--summary idle --format $format is a usage error"
done
COLUMNS=200 "$PROFILE_PARSER" -s "$cases/idle_classes.json" -d - --summary idle --format table -q > "$tmp/table"
grep -q '^     0  >= 10 ms ' "$tmp/table" && [ "$(wc -l < "$tmp/table")" -eq 8 ] \
	&& pass "the table: a header, a rule and six rows" || { fail "the table"; cat "$tmp/table"; }

need python3 python3
need_traces
cat > "$tmp/idle.py" <<'PY'
import csv, re, sys
from decimal import Decimal as D, ROUND_HALF_UP
rows = list(csv.DictReader(open(sys.argv[1])))
report = open(sys.argv[2]).read()
ns = lambda text: int(D(text) * 1000000)
by_device = {}
for r in rows:
    idle, wait, other = ns(r['idle(ms)']), ns(r['host wait(ms)']), ns(r['other idle(ms)'])
    if idle != wait + other or min(wait, other) < 0 or int(r['gaps']) < 1:
        sys.exit('device %s, %s: idle %d, host wait %d, other %d' % (r['device'], r['gap length'], idle, wait, other))
    d = by_device.setdefault(r['device'], [0, 0, []])
    d[0] += idle
    d[1] += wait
    d[2].append((idle, r['share of span']))
for device, (idle, wait, shares) in by_device.items():
    m = re.search(r'^  device %s: +busy [0-9.]+ ms of a ([0-9.]+) ms span.*\n(?:   .*\n)*? +idle ([0-9.]+) ms of the span: host wait ([0-9.]+) ms' % device, report, re.M)
    if not m or (ns(m.group(2)), ns(m.group(3))) != (idle, wait):
        sys.exit('device %s: rows idle %d, host wait %d; the report: %s' % (device, idle, wait, m and m.group(0)))
    span = ns(m.group(1))
    for part, share in shares:
        want = (D(part) * 100 / span).quantize(D('0.1'), rounding=ROUND_HALF_UP)
        if D(share) != want:
            sys.exit('device %s: share %s of %d over %d, not %s' % (device, share, part, span, want))
print('%d devices, %d rows' % (len(by_device), len(rows)))
PY
cat > "$tmp/waiting.py" <<'PY'
import csv, re, sys
from decimal import Decimal as D
ns = lambda text: int(D(text) * 1000000)
nodes = list(csv.DictReader(open(sys.argv[1])))
names = list(csv.DictReader(open(sys.argv[2])))
report = open(sys.argv[3]).read()
m = re.search(r'^  host wait ([0-9.]+) ms: ([0-9.]+) ms with the launching thread outside monitored events, ([0-9.]+) ms inside them', report, re.M)
if not m:
    sys.exit('no host wait line')
total, outside, inside = (ns(g) for g in m.groups())
roots = sum(ns(r['device waiting(ms)']) for r in nodes if r['depth'] == '1')
if total != outside + inside or roots + outside != total:
    sys.exit('host wait %d = outside %d + inside %d; roots %d' % (total, outside, inside, roots))
for r in nodes:
    if not 0 <= ns(r['self device waiting(ms)']) <= ns(r['device waiting(ms)']):
        sys.exit('a node: self %s, device waiting %s' % (r['self device waiting(ms)'], r['device waiting(ms)']))
selves = sum(ns(r['self device waiting(ms)']) for r in nodes)
if selves != sum(ns(r['self device waiting total(ms)']) for r in names):
    sys.exit('self device waiting: nodes %d, --summary name %d' % (selves, sum(ns(r['self device waiting total(ms)']) for r in names)))
print('host wait %d ns: roots %d + outside %d' % (total, roots, outside))
PY
for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/idle.csv" --summary idle 2>"$tmp/err" || continue # not a trace
	if python3 "$tmp/idle.py" "$tmp/idle.csv" "$tmp/err" > "$tmp/check" 2>&1; then
		pass "$name: idle rows add up: $(cat "$tmp/check")"
	else
		fail "$name: idle rows: $(cat "$tmp/check")"
	fi
	grep -q '^  device [0-9]*: *busy' "$tmp/err" || continue # no device event
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/nodes.csv" -mc cpu_op,user_annotation \
		--columns 'depth,device waiting(ms),self device waiting(ms)' 2>"$tmp/err" || continue
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/names.csv" -mc cpu_op,user_annotation --summary name \
		--columns 'name,self device waiting total(ms)' || { fail "$name: --summary name"; continue; }
	if python3 "$tmp/waiting.py" "$tmp/nodes.csv" "$tmp/names.csv" "$tmp/err" > "$tmp/check" 2>&1; then
		pass "$name: device waiting: $(cat "$tmp/check")"
	else
		fail "$name: device waiting: $(cat "$tmp/check")"
	fi
done
finish
