#!/bin/sh
# The device busy(ms) column on the real traces: on every row of every trace,
# busy is no more than the device duration; on small traces it equals the
# union of the row's kernel ts intervals worked out here, in python3.
# Skipped (77) without ../shared/traces ($PROFILE_PARSER_TRACES).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need_traces alexnet.json.gz
need python3 python3
columns="name,device duration(ms),device busy(ms)"

for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	case "$name" in *_et) continue ;; esac # an Execution Trace, refused
	if ! "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/busy.csv" -mc cpu_op,user_annotation --columns "$columns" 2>"$tmp/err"; then
		fail "$name: $(cat "$tmp/err")"; continue
	fi
	if python3 - "$tmp/busy.csv" <<'PY'
import csv, sys
from decimal import Decimal as D
csv.field_size_limit(1 << 30)
rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
over = [r["name"] for r in rows if D(r["device busy(ms)"]) > D(r["device duration(ms)"])]
assert not over, "busy over duration: %s" % over[:3]
print("%d rows, %d busy less than duration" % (len(rows), sum(
    D(r["device busy(ms)"]) < D(r["device duration(ms)"]) for r in rows)))
PY
	then pass "$name: busy <= duration on every row"; else fail "$name: busy <= duration"; fi
done

# The union worked out independently, from each row's own list of device events.
for name in alexnet mi300_sglang_decode_hipgraph_2streams; do
	[ -f "$traces/$name.json.gz" ] || { skip "$name: the union worked out independently: no $name.json.gz in $traces"; continue; }
	"$PROFILE_PARSER" -q -s "$traces/$name.json.gz" -d "$tmp/$name.jsonl" -mc cpu_op,user_annotation \
		--columns "name,kernel ts,device duration(ms),device busy(ms)" || fail "$name: JSON Lines"
	if python3 - "$tmp/$name.jsonl" <<'PY'
import json, sys
from decimal import Decimal as D
rows = overlapping = 0
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line, parse_float=D, parse_int=D)
    spans = sorted((e["ts_us"], e["ts_us"] + e["dur_ms"] * 1000) for e in r["kernel ts"])
    total, end = D(0), None
    for s, e in spans:
        if end is None or s > end:
            total += e - s; end = e
        elif e > end:
            total += e - end; end = e
    busy = r["device busy(ms)"]
    assert busy * 1000 == total, (r["name"], busy, total / 1000)
    rows += 1
    overlapping += busy < r["device duration(ms)"]
print("%d rows agree, %d with overlaps" % (rows, overlapping))
assert overlapping, "no row has overlapping device events"
PY
	then pass "$name: busy is the union of the row's kernel ts"; else fail "$name: busy is the union"; fi
done
finish
