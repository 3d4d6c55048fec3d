#!/bin/bash
# The perf figures (SPEC 15.1) on the shared traces with shapes, checked
# independently: the inclusive flops and bytes of the roots add up to the
# counted ops of --summary perf (count times the per-call figure, two code
# paths: prefix sums over the forest, and a walk of the counted ops); every
# gemm row of the summary has the flops of its Input Dims by the formula
# (2·M·N·K, times b for the batched ones), recomputed here; a perf column
# asked for changes no other column; and a trace without shapes warns.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed; to run this test, install python3"
need_traces
for name in a100_particle_transformer_bs512 mi300_vllm_piecewise_hipgraph amd_mi250_train queue_length_rank0 \
	sampled_rank0 mtia_inference_rank0; do
	trace=$traces/$name.json.gz
	[ -f "$trace" ] || { skip "$name: not among the shared traces"; continue; }
	"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d "$tmp/rows.csv" --columns 'name,depth,flops,bytes' --peak-flops 100 --peak-bandwidth 2 \
		|| { fail "$name: the perf columns failed"; continue; }
	"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d "$tmp/summary.csv" --summary perf --peak-flops 100 --peak-bandwidth 2 \
		|| { fail "$name: --summary perf failed"; continue; }
	python3 - "$tmp/rows.csv" "$tmp/summary.csv" > "$tmp/check" 2>&1 <<'PY'
import ast, csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
summary = list(csv.DictReader(open(sys.argv[2], newline='')))
num = lambda s: int(s) if s else 0
roots = [r for r in rows if r['depth'] == '1']
flops = sum(num(r['flops']) for r in roots); bytes_ = sum(num(r['bytes']) for r in roots)
sflops = sum(int(r['count']) * num(r['flops']) for r in summary)
sbytes = sum(int(r['count']) * num(r['bytes']) for r in summary)
problems = []
if (flops, bytes_) != (sflops, sbytes):
    problems.append(f"roots {flops} flops {bytes_} bytes, counted ops {sflops} flops {sbytes} bytes")
gemms = 0
for r in summary:
    dims = ast.literal_eval(r['Input Dims'])
    n = r['name']
    if n in ('aten::mm', 'aten::_scaled_mm'):
        (m, k), (_, nn) = dims[0], dims[1]; want = 2 * m * nn * k
    elif n == 'aten::addmm':
        (m, k), (_, nn) = dims[1], dims[2]; want = 2 * m * nn * k
    elif n == 'aten::bmm':
        (b, m, k), (_, _, nn) = dims[0], dims[1]; want = 2 * b * m * nn * k
    elif n == 'aten::baddbmm':
        (b, m, k), (_, _, nn) = dims[1], dims[2]; want = 2 * b * m * nn * k
    else:
        continue
    gemms += 1
    if int(r['flops']) != want:
        problems.append(f"{n} {r['Input Dims']}: {r['flops']} flops, the formula gives {want}")
print(f"{len(summary)} groups, {gemms} gemm groups, {flops} flops")
for p in problems[:5]:
    print("PROBLEM", p)
sys.exit(1 if problems else 0)
PY
	if [ $? = 0 ]; then pass "$name: $(cat "$tmp/check")"; else fail "$name:"; cat "$tmp/check"; fi
done

# The summaries by path and name: the path rows of the roots add up to the
# roots' figures; the name rows' flops are those of their outermost nodes.
trace=$traces/a100_particle_transformer_bs512.json.gz
if [ -f "$trace" ]; then
	"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d "$tmp/rows.csv" --columns 'name,depth,flops,bytes' --peak-flops 100 --peak-bandwidth 2
	"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d "$tmp/paths.csv" --summary path --columns 'name,count,flops,bytes,TFLOP/s,bound' \
		--peak-flops 100 --peak-bandwidth 2
	python3 - "$tmp/rows.csv" "$tmp/paths.csv" > "$tmp/check" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
paths = list(csv.DictReader(open(sys.argv[2], newline='')))
num = lambda s: int(s) if s else 0
want = {}
for r in rows:  # every node's figures, by its path
    k = r['name']; want.setdefault(k, [0, 0]); want[k][0] += num(r['flops']); want[k][1] += num(r['bytes'])
bad = [p['name'] for p in paths if [num(p['flops']), num(p['bytes'])] != want.get(p['name'], [0, 0])]
print(f"{len(paths)} paths, {len(bad)} differ {bad[:3]}")
sys.exit(1 if bad else 0)
PY
	if [ $? = 0 ]; then pass "--summary path: each path's flops and bytes are its nodes' ($(cat "$tmp/check"))"; else fail "--summary path:"; cat "$tmp/check"; fi
fi

# A perf column changes no other column.
trace=$traces/a100_particle_transformer_bs512.json.gz
if [ -f "$trace" ]; then
	"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d "$tmp/plain.csv"
	"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op -d "$tmp/perf.csv" --columns '+flops,TFLOP/s,roofline %' --peak-flops 100 --peak-bandwidth 2
	cut -d, -f1-3 "$tmp/plain.csv" > "$tmp/a"; cut -d, -f1-3 "$tmp/perf.csv" > "$tmp/b"
	python3 -c "
import csv,sys
a=list(csv.reader(open('$tmp/plain.csv',newline=''))); b=list(csv.reader(open('$tmp/perf.csv',newline='')))
sys.exit(0 if len(a)==len(b) and all(x==y[:len(x)] for x,y in zip(a,b)) else 1)" \
		&& pass "the default columns unchanged beside the perf columns" || fail "a perf column changed another"
fi
# The shipped table's A100 PCIe 40GB row (issue 33: it was empty, and this
# trace got no roofline): no warning, and the rooflines by hand from the
# datasheet figures (312 TFLOP/s 16-bit, 1.555 TB/s). aten::copy_
# [[4096,128,128] half, [4096,128,128] float]: 4096·128·128 = 67108864
# elements, read as float (4 bytes) and written as half (2): 402653184
# bytes, 402653184 / 1.555e12 s = 258940.9 ns -> 0.258941 ms a call,
# memory-bound. aten::baddbmm [[4096,128,128],[4096,128,16],[4096,16,128]]
# half: 2·4096·128·128·16 = 2147483648 flops, 6882.9 ns at 312 TFLOP/s;
# (67108864 + 8388608 + 8388608)·2 + 67108864·2 = 301989888 bytes,
# 194205.7 ns at 1.555 TB/s -> 0.194206 ms, memory-bound.
trace=$traces/a100_particle_transformer_bs512.json.gz
if [ -f "$trace" ]; then
	"$PROFILE_PARSER" -s "$trace" -mc cpu_op -d "$tmp/a100.csv" --summary perf 2>"$tmp/err"
	grep -q "warning: .*no peak" "$tmp/err" && fail "A100 PCIe 40GB: the shipped table has no peak: $(grep warning "$tmp/err")" \
		|| pass "A100 PCIe 40GB: the shipped table has its peaks (no warning)"
	grep -qF '"aten::copy_","memory","","[[4096, 128, 128], [4096, 128, 128], []]","['"'c10::Half', 'float', 'Scalar'"']","16","8.671039","67108864","402653184","0.124","0.743","0.258941","47.8","memory"' "$tmp/a100.csv" \
		&& pass "A100 PCIe 40GB: aten::copy_'s roofline, 402653184 bytes at 1.555 TB/s" \
		|| fail "A100 PCIe 40GB: aten::copy_: $(grep -F '"aten::copy_","memory","","[[4096, 128, 128], [4096, 128, 128], []]"' "$tmp/a100.csv")"
	grep -q '^"aten::baddbmm","gemm","16-bit","\[\[4096, 128, 128\], \[4096, 128, 16\], \[4096, 16, 128\], \[\], \[\]\]",.*,"2147483648","301989888",[^,]*,[^,]*,"0.194206",[^,]*,"memory"' "$tmp/a100.csv" \
		&& pass "A100 PCIe 40GB: aten::baddbmm's roofline, memory-bound at 312 TFLOP/s and 1.555 TB/s" \
		|| fail "A100 PCIe 40GB: aten::baddbmm: $(grep '^"aten::baddbmm"' "$tmp/a100.csv")"
else
	skip "a100_particle_transformer_bs512.json.gz: not among the shared traces"
fi
# Without shapes: a warning, empty cells.
"$PROFILE_PARSER" -s "$traces/alexnet.json.gz" -mc cpu_op -d "$tmp/none.csv" --columns 'name,flops' 2>"$tmp/err"
grep -q "record_shapes=True" "$tmp/err" && pass "no Input Dims: the warning" || { fail "no Input Dims:"; cat "$tmp/err"; }
finish
