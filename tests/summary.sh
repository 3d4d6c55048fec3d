#!/bin/sh
# On the real df_index_resolver trace (28,010 [memory] events): the summaries
# by path and by name agree with sums over the full CSV, and each node's
# memory is the sum of the self memory of its subtree. Skipped (77) without
# ../shared/traces ($PROFILE_PARSER_TRACES) or python3.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need_traces df_index_resolver.json.gz
need python3 python3
trace=$traces/df_index_resolver.json.gz
extra="+Operation,self host duration(ms),self device duration(ms),launch count,device event count"
memory="host memory(bytes),self host memory(bytes),device memory(bytes),self device memory(bytes)"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/full.csv" -mc cpu_op --columns "$extra,$memory" || fail "full CSV"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/path.csv" -mc cpu_op --summary path || fail "summary by path"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/name.csv" -mc cpu_op --summary name || fail "summary by name"
"$PROFILE_PARSER" -s "$trace" -d "$tmp/memory.csv" -mc cpu_op --columns "name,$memory" 2>"$tmp/err"
expect_stderr "memory events: 28010" "all 28,010 [memory] events are read"
if python3 - "$tmp/full.csv" "$tmp/path.csv" "$tmp/name.csv" <<'PY'
import csv, sys
from collections import defaultdict
from decimal import Decimal as D
csv.field_size_limit(1 << 30)
read = lambda p: list(csv.DictReader(open(p, newline="", encoding="utf-8")))
full, by_path, by_name = read(sys.argv[1]), read(sys.argv[2]), read(sys.argv[3])

def totals(rows, key):
    g = defaultdict(lambda: defaultdict(D))
    for r in rows:
        t = g[key(r)]
        t["count"] += 1
        t["host"] += D(r["host duration(ms)"]); t["self host"] += D(r["self host duration(ms)"])
        t["device"] += D(r["device duration(ms)"]); t["self device"] += D(r["self device duration(ms)"])
        t["launch"] += D(r["cuda launch duration(ms)"]); t["launches"] += int(r["launch count"])
        t["events"] += int(r["device event count"])
        t["min"] = min(t.get("min", D("Infinity")), D(r["host duration(ms)"]))
        t["max"] = max(t["max"], D(r["host duration(ms)"]))
    return g

# by path every node is outermost: every figure is a plain sum over the rows
paths = totals(full, lambda r: r["name"])
assert len(paths) == len(by_path), (len(paths), len(by_path))
for s in by_path:
    t = paths[s["name"]]
    assert int(s["count"]) == t["count"], s["name"]
    for column, key in [("host total(ms)", "host"), ("self host total(ms)", "self host"), ("device total(ms)", "device"),
                        ("self device total(ms)", "self device"), ("cuda launch total(ms)", "launch"),
                        ("host min(ms)", "min"), ("host max(ms)", "max")]:
        assert D(s[column]) == t[key], (s["name"], column, s[column], t[key])
    assert int(s["launch count"]) == t["launches"] and int(s["device event count"]) == t["events"], s["name"]
    mean = (t["host"] * 1000000 / t["count"]).quantize(D(1), rounding="ROUND_HALF_UP") / 1000000
    assert D(s["host mean(ms)"]) == mean, (s["name"], s["host mean(ms)"], mean)
# by name: count and the self totals take every node of the group
names = totals(full, lambda r: r["Operation"])
assert len(names) == len(by_name)
for s in by_name:
    t = names[s["name"]]
    assert int(s["count"]) == t["count"], s["name"]
    assert D(s["self host total(ms)"]) == t["self host"] and D(s["self device total(ms)"]) == t["self device"], s["name"]
    assert D(s["host total(ms)"]) <= t["host"] and D(s["device total(ms)"]) <= t["device"], s["name"]
# sorted by device total, host total (descending), then name
keys = [(-D(s["device total(ms)"]), -D(s["host total(ms)"]), s["name"].encode()) for s in by_name]
assert keys == sorted(keys)
# memory: inclusive = the sum of self over the subtree (rows in pre-order)
for kind in ("host", "device"):
    stack = []
    for r in full + [None]:
        while stack and (r is None or not r["name"].startswith(stack[-1][0] + "$$")):
            name, inclusive, acc = stack.pop()
            assert inclusive == acc, (kind, name, inclusive, acc)
            if stack:
                stack[-1][2] += acc
        if r is not None:
            stack.append([r["name"], int(r[kind + " memory(bytes)"]), int(r["self " + kind + " memory(bytes)"])])
print(f"{len(by_path)} paths, {len(by_name)} names agree")
PY
then pass "summaries and memory agree with the full CSV"; else fail "summaries or memory disagree with the full CSV"; fi
finish
