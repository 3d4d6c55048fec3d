#!/bin/sh
# The Python binding's cost (SPEC 32): Analysis.table for some 10^6 rows
# against pandas.read_csv of the same CSV, which the program writes with the
# same options. The trace: a shared one (a100_particle_transformer_bs512,
# 2,851 per-node rows with -mc cpu_op,user_annotation) repeated by
# /work/shared/bench/make_big_trace.py until the nodes view has ROWS rows.
# Two tables: every column of the nodes view (text-heavy: names, args,
# kernels) and its numeric columns alone (--columns). REPEAT (3)
# alternating pairs, Analysis.table then read_csv, wall clock; the times
# are medians, the ratio the median of the pairs' ratios. The binding's
# time includes making the view (pp_analysis_table) and its DataFrame; the
# analysis (reading the trace, once) is apart.
#   scripts/bench_python.sh [ROWS]   (default 1000000; in a built tree)
#   BENCH_DIR=DIR (kept, its trace made once) REPEAT=N (pairs, 3)
# Needs the Python of configure (PYTHON_BINDING or /usr/bin/python3) with
# pandas, and make's build (.libs/libprofile_parser.so, ./profile_parser).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
rows=${1:-1000000}
py=${PYTHON_BINDING:-/usr/bin/python3}
shared=${PROFILE_PARSER_SHARED:-$top/../shared}
src=$shared/traces/a100_particle_transformer_bs512.json.gz
# BENCH_DIR=DIR: work there and keep it (its big.json made once)
if [ -n "${BENCH_DIR:-}" ]; then
	work=$BENCH_DIR
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi
mc=cpu_op,user_annotation
(cd "$top/python" && PROFILE_PARSER_BUILDDIR=$top "$py" setup.py -q build_ext --build-lib "$work/lib" --build-temp "$work/build") > /dev/null
one=$("$top/profile_parser" -q -s "$src" -d - -mc "$mc" | wc -l)
copies=$(( (rows + one - 2) / (one - 1) ))
[ -s "$work/big.json" ] && [ "$(cat "$work/copies" 2>/dev/null)" = "$copies" ] ||
	{ "$py" "$shared/bench/make_big_trace.py" "$src" "$copies" "$work/big.json" && echo "$copies" > "$work/copies"; }
numeric="name,host duration(ms),device duration(ms),cuda launch duration(ms),host ts"
"$top/profile_parser" -q -s "$work/big.json" -d "$work/all.csv" -mc "$mc"
"$top/profile_parser" -q -s "$work/big.json" -d "$work/numeric.csv" -mc "$mc" --columns "$numeric"
echo "trace: $copies copies of $(basename "$src"), $(wc -c < "$work/big.json") bytes"
PYTHONPATH=$work/lib "$py" - "$work" "$mc" "$numeric" "${REPEAT:-3}" <<'PY'
import statistics, sys, time
import pandas
import profile_parser

work, mc, numeric, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def timed(f):
    t = time.perf_counter()
    result = f()
    return time.perf_counter() - t, result


for name, options in (("all", {}), ("numeric", {"columns": numeric})):
    t, analysis = timed(lambda: profile_parser.analyze(work + "/big.json", mc=mc, **options))
    pairs = []
    for _ in range(repeat):  # alternating pairs: table, read_csv, table, read_csv...
        tb, frame = timed(lambda: analysis.table("nodes"))
        del frame
        tc, csv = timed(lambda: pandas.read_csv(work + "/%s.csv" % name, keep_default_na=False, na_values=[""]))
        shape = csv.shape
        del csv
        pairs.append((tb, tc))
    frame = analysis.table("nodes")
    assert frame.shape == shape, (frame.shape, shape)
    print("%-8s %d rows x %d columns: analyze %.2f s; table %.2f s, read_csv %.2f s (medians): %.2fx (median of %d pairs' ratios)"
          % (name, shape[0], shape[1], t, statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs),
             statistics.median(p[0] / p[1] for p in pairs), repeat))
    del frame, analysis
PY
