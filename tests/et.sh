#!/bin/sh
# The Execution Trace join and many ranks (SPEC 8.3, 8.4), on the real
# simple_add and sampled_rank traces of ../shared/traces or
# $PROFILE_PARSER_TRACES (skipped, 77, without
# them or without python3).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need_traces simple_add_kineto.json.gz simple_add_et.json.gz sampled_rank0.json.gz sampled_rank1.json.gz
need python3 python3
kineto=$traces/simple_add_kineto.json.gz
et=$traces/simple_add_et.json.gz
pp() { "$PROFILE_PARSER" "$@" 2>"$tmp/err"; status=$?; }

# every ET op with a non-zero rf_id joins its event, of the same name
pp -s "$kineto" --et "$et" -d "$tmp/flat.csv" -mc cpu_op,user_annotation
expect_status 0 "simple_add with its Execution Trace"
expect_stderr "38 nodes read; 36 rows joined, 0 not joined" "the report counts the join"
grep -q "does not overlap" "$tmp/err" && fail "a warning on traces of the same run" || pass "no overlap warning for the same run"
if python3 - "$tmp/flat.csv" "$et" <<'PY'
import csv, gzip, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
nodes = json.load(gzip.open(sys.argv[2], "rt"))["nodes"]
joined = {r["et node"]: r for r in rows if r["et node"]}
for n in nodes:
    if n["rf_id"] == 0:
        continue
    row = joined.get(str(n["id"]))
    assert row is not None, f"ET node {n['id']} ({n['name']}) joined no row"
    assert row["name"].split("$$")[-1] == n["name"], (row["name"], n["name"])
    assert row["op schema"] == n["op_schema"] and row["input shapes"] == str(n["input_shapes"]), n["id"]
    assert row["output types"] == str(n["output_types"]), n["id"]
PY
then pass "every ET op with a non-zero rf_id joins its event"; else fail "the join misses ET ops"; fi

# the join is counted whatever the columns
pp -s "$kineto" --et "$et" -d "$tmp/names.csv" -mc cpu_op,user_annotation --columns name,args
expect_stderr "36 rows joined, 0 not joined" "the join is counted without the ET columns"
grep -q "does not overlap" "$tmp/err" && fail "an overlap warning without the ET columns" || pass "no overlap warning without the ET columns"

# the same ET in the chakra layout gives identical columns
python3 "$top_srcdir/tests/et/to_chakra.py" "$et" "$tmp/simple_add_et_chakra.json"
pp -s "$kineto" --et "$tmp/simple_add_et_chakra.json" -d "$tmp/chakra.csv" -mc cpu_op,user_annotation
cmp -s "$tmp/flat.csv" "$tmp/chakra.csv" && pass "the chakra layout joins the same" || fail "the chakra layout differs"

# an Execution Trace of another run: a warning
pp -s "$kineto" --et "$top_srcdir/tests/et/other_run_et.json" -d "$tmp/other.csv" -mc cpu_op,user_annotation
expect_status 0 "an Execution Trace of another run"
expect_stderr "does not overlap the trace (collected at different times?)" "warns that the traces do not overlap"

# a Kineto trace given as --et: refused
pp -s "$kineto" --et "$kineto" -d "$tmp/x.csv"
expect_status 1 "a Kineto trace as --et"
expect_stderr "not an Execution Trace" "says it is not an Execution Trace"

# a directory of ranks, an ET for one of them, and a broken trace
mkdir "$tmp/ranks" "$tmp/ets"
cp "$traces/sampled_rank0.json.gz" "$tmp/ranks/kineto_trace_0.json.gz"
cp "$traces/sampled_rank1.json.gz" "$tmp/ranks/kineto_trace_1.json.gz"
printf '{"traceEvents": [{"ph": "X"' > "$tmp/ranks/kineto_trace_2.json"
cp "$et" "$tmp/ets/torch_et_1.json.gz"
cp "$et" "$tmp/ranks/torch_et_7.json.gz" # an Execution Trace among the traces is not a trace
pp -s "$tmp/ranks" -d "$tmp/out/" --et "$tmp/ets" -mc cpu_op -j 2
expect_status 1 "a directory with a broken trace"
expect_stderr "3 traces: 2 written, 1 failed" "the summary counts traces"
expect_stderr "failed: $tmp/ranks/kineto_trace_2.json: the document is cut short" "the broken trace is named"
[ -f "$tmp/out/kineto_trace_0.csv" ] && [ -f "$tmp/out/kineto_trace_1.csv" ] && [ ! -e "$tmp/out/kineto_trace_2.csv" ] \
	&& [ ! -e "$tmp/out/torch_et_7.csv" ] && pass "one CSV per good trace" || fail "CSVs: $(ls "$tmp/out")"
et_columns="+et node,op schema,input shapes,input types,output shapes,output types"
pp -s "$tmp/ranks/kineto_trace_0.json.gz" -d "$tmp/single0.csv" -mc cpu_op --columns "$et_columns"
pp -s "$tmp/ranks/kineto_trace_1.json.gz" -d "$tmp/single1.csv" -mc cpu_op --et "$tmp/ets/torch_et_1.json.gz"
cmp -s "$tmp/single0.csv" "$tmp/out/kineto_trace_0.csv" && cmp -s "$tmp/single1.csv" "$tmp/out/kineto_trace_1.csv" \
	&& pass "each CSV is the single run's, paired by rank" || fail "directory CSVs differ from single runs"

# -j 1 and -j 4 give identical files
rm "$tmp/ranks/kineto_trace_2.json"
pp -s "$tmp/ranks" -d "$tmp/j1/" --et "$tmp/ets" -mc cpu_op -j 1
expect_status 0 "-j 1"
pp -s "$tmp/ranks/kineto_trace_0.json.gz" -s "$tmp/ranks/kineto_trace_1.json.gz" -d "$tmp/j4/" --et "$tmp/ets" -mc cpu_op -j 4
expect_status 0 "-j 4, traces given with -s twice"
cmp -s "$tmp/j1/kineto_trace_0.csv" "$tmp/j4/kineto_trace_0.csv" && cmp -s "$tmp/j1/kineto_trace_1.csv" "$tmp/j4/kineto_trace_1.csv" \
	&& pass "-j 1 and -j 4 give identical files" || fail "-j 1 and -j 4 differ"
# the collection script documents itself, PyTorch or not
python3 "$top_srcdir/scripts/collect_trace.py" --help > "$tmp/help" 2>&1 \
	&& grep -q "record_shapes" "$tmp/help" && grep -q -- "--cuda-graphs" "$tmp/help" \
	&& pass "collect_trace.py --help" || fail "collect_trace.py --help: $(cat "$tmp/help")"
finish
