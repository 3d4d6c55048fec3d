#!/bin/sh
# The perf columns of --diff (SPEC 13.1, 15.1) on two fixtures worked out by
# hand: flops, bytes and roofline(ms) of each side and their delta, as
# totals and per step; the rates of each side's totals (TFLOP/s, TB/s,
# roofline %) and their deltas; bound; empty cells where a side has no
# counted op, no key or no peak (never 0); the status decided by the times.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/compare

pp() {
	"$PROFILE_PARSER" "$@" 2>"$tmp/err"
	status=$?
}

# Peaks (tests/cases/perf.peaks, "Partial GPU"): fp32 100 TFLOP/s = 100000
# FLOP/ns, 16-bit 400000 FLOP/ns, bandwidth 2000 B/ns, fp64 unknown.
#
# perf_base.json, 2 steps:
#  aten::mm [[64,128],[128,256]] float, kernel 2 us: M=64 K=128 N=256,
#   flops 2*64*256*128 = 4194304; bytes (8192+32768)*4 + 16384*4 = 229376;
#   compute 41.94304 ns, memory 114.688 ns: roofline 115 ns, memory bound.
#   Per step: 2097152 flops, 114688 bytes, 115/2 = 57.5 -> 58 ns.
#   Rates of the totals over busy 2000 ns: 4194304/2000 = 2097.152 -> 2.097
#   TFLOP/s; 229376/2000 = 114.688 -> 0.115 TB/s; 115/2000 = 5.75% -> 5.8.
#  aten::bmm [[2,64,128],[2,128,256]] double (fp64: no peak), kernel 4 us:
#   flops 2*2*64*256*128 = 8388608; bytes (16384+65536)*8 + 32768*8 =
#   917504; roofline, roofline % and bound empty. Per step 4194304 and
#   458752. Rates: 8388608/4000 = 2097.152 -> 2.097; 917504/4000 = 229.376
#   -> 0.229. Not in NEW: removed, NEW's side empty, the deltas too.
#  other: no shapes, 10 us (5 us per step).
# perf_new.json, 3 steps:
#  aten::mm: the float one again, kernel 1 us (flops 4194304, bytes 229376,
#   roofline 115 ns, compute 41.94304 ns, memory 114.688 ns), and
#   [[1024,1024],[1024,1024]] bf16, kernel 7 us: flops 2*1024^3 =
#   2147483648; bytes (2^20+2^20)*2 + 2^20*2 = 6291456; compute
#   5368.70912 ns, memory 3145.728 ns: roofline 5369 ns. The key: flops
#   2151677952, bytes 6520832, roofline 115 + 5369 = 5484 ns, compute
#   5410.65216 >= memory 3260.416 ns: compute bound; busy 8000 ns.
#   Per step: 2151677952/3 = 717225984; 6520832/3 = 2173610.67 -> 2173611;
#   5484/3 = 1828 ns. Rates: 2151677952/8000 = 268959.744 -> 268.960;
#   6520832/8000 = 815.104 -> 0.815; 5484/8000 = 68.55% -> 68.6.
#  other: no shapes, 15 us (5 us per step: every time delta 0, "same").
# Deltas per step: flops 717225984 - 2097152 = 715128832; bytes 2173611 -
# 114688 = 2058923; roofline 1828 - 58 = 1770 ns. Rates: 268960 - 2097 =
# 266863 thousandths; 815 - 115 = 700; 686 - 58 = 628 tenths.
# Sorted by |delta device per step|: aten::bmm 2000 ns (4000/2 -> 0), then
# aten::mm 1667 (2000/2 = 1000 -> 8000/3 = 2667), then other.
peaks="--peaks $top_srcdir/tests/cases/perf.peaks"

pp -s "$fixtures/perf_base.json" -s "$fixtures/perf_new.json" --diff name -mc cpu_op $peaks -d "$tmp/out" \
	--columns "name,status,base flops,new flops,delta flops,base bytes,new bytes,delta bytes,base roofline(ms),new roofline(ms),delta roofline(ms)"
expect_status 0 "--diff with the perf figures runs"
expect_output "--diff per step: flops, bytes and roofline per step (picked as totals), by hand" '"name","status","base flops per step","new flops per step","delta flops per step","base bytes per step","new bytes per step","delta bytes per step","base roofline per step(ms)","new roofline per step(ms)","delta roofline per step(ms)"
"(all steps)","changed","","","","","","","","",""
"aten::bmm","removed","4194304","","","458752","","","","",""
"aten::mm","changed","2097152","717225984","715128832","114688","2173611","2058923","0.000058","0.001828","0.00177"
"other","same","","","","","","","","",""'

pp -q -s "$fixtures/perf_base.json" -s "$fixtures/perf_new.json" --diff name -mc cpu_op $peaks -d "$tmp/out" \
	--columns "name,base TFLOP/s,new TFLOP/s,delta TFLOP/s,base TB/s,new TB/s,delta TB/s,base roofline %,new roofline %,delta roofline %,base bound,new bound"
expect_output "--diff: the rates of the totals, their deltas and bound, by hand" '"name","base TFLOP/s","new TFLOP/s","delta TFLOP/s","base TB/s","new TB/s","delta TB/s","base roofline %","new roofline %","delta roofline %","base bound","new bound"
"(all steps)","","","","","","","","","","",""
"aten::bmm","2.097","","","0.229","","","","","","",""
"aten::mm","2.097","268.960","266.863","0.115","0.815","0.700","5.8","68.6","62.8","memory","compute"
"other","","","","","","","","","","",""'

# NEW without its steps: totals. aten::mm's deltas 2151677952 - 4194304 =
# 2147483648 flops, 6520832 - 229376 = 6291456 bytes, 5484 - 115 = 5369 ns;
# the rates as before (they are the totals'). Sorted by |delta device|:
# aten::mm 6000 ns, aten::bmm 4000 ns; other's host 10 -> 15 us: changed.
grep -v ProfilerStep "$fixtures/perf_new.json" > "$tmp/new_flat.json"
pp -q -s "$fixtures/perf_base.json" -s "$tmp/new_flat.json" --diff name -mc cpu_op $peaks -d "$tmp/out" \
	--columns "name,status,base flops per step,new flops,delta flops,base bytes,new bytes per step,delta bytes,base roofline per step(ms),new roofline(ms),delta roofline(ms),new TFLOP/s,delta roofline %,new bound"
expect_output "--diff of totals: the figures as totals (picked per step too), the rates alike" '"name","status","base flops","new flops","delta flops","base bytes","new bytes","delta bytes","base roofline(ms)","new roofline(ms)","delta roofline(ms)","new TFLOP/s","delta roofline %","new bound"
"aten::mm","changed","4194304","2151677952","2147483648","229376","6520832","6291456","0.000115","0.005484","0.005369","268.960","62.8","compute"
"aten::bmm","removed","8388608","","","917504","","","","","","","",""
"other","changed","","","","","","","","","","","",""'

# JSON Lines: an empty side is null, never 0
pp -q -s "$fixtures/perf_base.json" -s "$fixtures/perf_new.json" --diff name -mc cpu_op $peaks -d "$tmp/out" \
	--columns "name,new flops,delta flops,new bound" --format jsonl --top 1
expect_output "--diff, JSON Lines: the side without the key is null" '{"name":"(all steps)","new flops per step":null,"delta flops per step":null,"new bound":null}
{"name":"aten::bmm","new flops per step":null,"delta flops per step":null,"new bound":null}'

# the defaults have no perf column
pp -q -s "$fixtures/perf_base.json" -s "$fixtures/perf_new.json" --diff name -mc cpu_op $peaks -d "$tmp/out"
if head -n 1 "$tmp/out" | grep -q 'flops\|bytes\|roofline\|TB/s\|bound'; then
	fail "--diff: a perf column among the defaults"; head -n 1 "$tmp/out"
else
	pass "--diff: no perf column among the defaults"
fi

finish
