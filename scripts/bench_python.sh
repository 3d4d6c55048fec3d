#!/bin/sh
# The Python binding's cost (SPEC 32): Analysis.table for some 10^6 rows
# against pandas.read_csv of the same CSV, which the program writes with the
# same options. The trace: a shared one (a100_particle_transformer_bs512,
# 2,851 per-node rows with -mc cpu_op,user_annotation) repeated by
# /work/shared/bench/make_big_trace.py until the nodes view has ROWS rows.
# Two tables: every column of the nodes view (text-heavy: names, args,
# kernels) and its numeric columns alone (--columns). Each timing is the
# best of REPEAT wall-clock runs; the binding's includes making the view
# (pp_analysis_table) and its DataFrame, the analysis (reading the trace)
# apart.
#   scripts/bench_python.sh [ROWS]   (default 1000000; in a built tree)
# Needs the Python of configure (PYTHON_BINDING or /usr/bin/python3) with
# pandas, and make's build (.libs/libprofile_parser.so, ./profile_parser).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
rows=${1:-1000000}
py=${PYTHON_BINDING:-/usr/bin/python3}
shared=${PROFILE_PARSER_SHARED:-$top/../shared}
src=$shared/traces/a100_particle_transformer_bs512.json.gz
work=${BENCH_DIR:-$(mktemp -d)}
trap 'rm -rf "$work"' EXIT
mc=cpu_op,user_annotation
(cd "$top/python" && PROFILE_PARSER_BUILDDIR=$top "$py" setup.py -q build_ext --build-lib "$work/lib" --build-temp "$work/build") > /dev/null
one=$("$top/profile_parser" -q -s "$src" -d - -mc "$mc" | wc -l)
copies=$(( (rows + one - 2) / (one - 1) ))
"$py" "$shared/bench/make_big_trace.py" "$src" "$copies" "$work/big.json"
numeric="name,host duration(ms),device duration(ms),cuda launch duration(ms),host ts"
"$top/profile_parser" -q -s "$work/big.json" -d "$work/all.csv" -mc "$mc"
"$top/profile_parser" -q -s "$work/big.json" -d "$work/numeric.csv" -mc "$mc" --columns "$numeric"
echo "trace: $copies copies of $(basename "$src"), $(wc -c < "$work/big.json") bytes"
PYTHONPATH=$work/lib "$py" - "$work" "$mc" "$numeric" "${REPEAT:-3}" <<'PY'
import sys, time
import pandas
import profile_parser

work, mc, numeric, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def best(f):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - t)
    return min(times), result


for name, options in (("all", {}), ("numeric", {"columns": numeric})):
    t, analysis = best(lambda: profile_parser.analyze(work + "/big.json", mc=mc, **options))
    tb, frame = best(lambda: analysis.table("nodes"))
    tc, csv = best(lambda: pandas.read_csv(work + "/%s.csv" % name, keep_default_na=False, na_values=[""]))
    assert frame.shape == csv.shape, (frame.shape, csv.shape)
    print("%-8s %d rows x %d columns: analyze %.2f s; table %.2f s, read_csv %.2f s: %.2fx"
          % (name, frame.shape[0], frame.shape[1], t, tb, tc, tb / tc))
    del frame, csv, analysis
PY
