#!/bin/sh
# JSON Lines round trip: every line parses, and every column's value equals
# the CSV's, on the example and on real traces (with the ET join and memory).
# Skipped (77) without python3; the example alone without ../shared/traces
# ($PROFILE_PARSER_TRACES).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
all="+Operation,depth,pid,tid,category,self host duration(ms),self device duration(ms),launch count,device event count,Input Dims,Input Type,host memory(bytes),self host memory(bytes),device memory(bytes),self device memory(bytes)"

check() { # NAME TRACE OPTIONS...
	name=$1 trace=$2; shift 2
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.csv" "$@" && "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.jsonl" --format jsonl "$@" \
		|| { fail "$name: exit status"; return; }
	if python3 - "$tmp/$name.csv" "$tmp/$name.jsonl" <<'PY'
import ast, csv, json, sys
from decimal import Decimal as D
csv.field_size_limit(1 << 30)
rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
assert len(rows) == len(lines), (len(rows), len(lines))
NUMBERS = {"rank", "host duration(ms)", "device duration(ms)", "cuda launch duration(ms)", "host ts", "depth",
           "self host duration(ms)", "self device duration(ms)", "launch count", "device event count", "et node",
           "host memory(bytes)", "self host memory(bytes)", "device memory(bytes)", "self device memory(bytes)",
           "count", "host total(ms)", "host mean(ms)", "host min(ms)", "host max(ms)", "self host total(ms)",
           "device total(ms)", "self device total(ms)", "cuda launch total(ms)"}
VALUES = {"args", "Input Dims", "Input Type", "input shapes", "input types", "output shapes", "output types"}
LISTS = {"cuda_runtime": "dur_ms", "kernels": "dur_ms", "cuda launch ts": "ts_us", "kernel ts": "ts_us"}
for row, line in zip(rows, lines):
    exact, value = json.loads(line, parse_float=D, parse_int=D), json.loads(line)
    assert list(exact) == list(row), (list(exact), list(row))
    for column, text in row.items():
        if column in NUMBERS:
            assert (text == "" and exact[column] is None) or D(text) == exact[column], (column, text, exact[column])
        elif column in VALUES:
            assert (text == "" and value[column] is None) or ast.literal_eval(text) == value[column], (column, text)
        elif column in LISTS:
            listed = ast.literal_eval("[" + text + "]")
            assert [(k, D(str(v))) for e in listed for k, v in e.items()] == \
                   [(e["name"], e[LISTS[column]]) for e in exact[column]], column
        elif column == "kernel infos":
            listed = ast.literal_eval("[" + text + "]")
            assert [(k, v) for e in listed for k, v in e.items()] == [(e["name"], e["args"] or {}) for e in value[column]]
        else:
            assert (text == "" and exact[column] is None) or text == exact[column], (column, text, exact[column])
print(len(rows), "rows agree")
PY
	then pass "$name: JSON Lines agree with the CSV"; else fail "$name: JSON Lines disagree with the CSV"; fi
}
check example "$top_srcdir/examples/example_trace.json" -mc cpu_op,user_annotation --columns "$all"
real="df_index_resolver.json.gz resnet50_2021_workers0.json.gz alexnet.json.gz simple_add_kineto.json.gz simple_add_et.json.gz nccl_data.json.gz"
# shellcheck disable=SC2086
if ! why=$(have_traces $real); then skip "the real traces: $why"; finish; exit; fi
# the two big traces in make check-slow (tests/lib.sh, shared_traces); a small one with args here
if [ -n "${PROFILE_PARSER_SLOW:-}" ]; then
	check df_index_resolver "$traces/df_index_resolver.json.gz" -mc cpu_op --max_depth 3 --columns "$all"
	check resnet50_2021 "$traces/resnet50_2021_workers0.json.gz" -mc cpu_op --max_depth 4 --columns "$all"
else
	skip "df_index_resolver and resnet50_2021_workers0 with every column: in make check-slow (PROFILE_PARSER_SLOW=1)"
	check alexnet "$traces/alexnet.json.gz" -mc cpu_op --columns "$all"
fi
check simple_add_et "$traces/simple_add_kineto.json.gz" -mc cpu_op,user_annotation --et "$traces/simple_add_et.json.gz"
check summary "$traces/nccl_data.json.gz" -mc cpu_op --summary path \
	--columns "rank,name,count,host total(ms),host mean(ms),host min(ms),host max(ms),self host total(ms),device total(ms),self device total(ms),cuda launch total(ms),launch count,device event count"
finish
