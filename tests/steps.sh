#!/bin/sh
# Steps (SPEC 11.2): the step column, --step, --summary step and --summary
# kernel on fixtures checked by hand, then on the real traces: the step
# summary accounts for the device events of every launch inside a step
# (checked against the trace's own JSON), the kernel summary for every
# device event.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/steps

run() {
	"$PROFILE_PARSER" -s "$fixtures/steps.json" -d "$tmp/out" -mc cpu_op "$@" 2>"$tmp/err"
	status=$?
}

# steps.json, times in us. Process 1: ProfilerStep#1 [0, 100] and
# ProfilerStep#2 [100, 200] on thread 1; a gpu_user_annotation
# ProfilerStep#3 (not a step) and a user_annotation ProfilerStep#x (not a
# number: not a step). Thread 1: fwd at 10 launches k1 (20 us at 50); the
# backward thread 2: bwd at 60 launches k2 (20 us at 60, overlapping k1 by
# 10); outside any op, a launch at 95 (k3, 5 us) and cudaDeviceSynchronize
# (3 us) at 97; edge at 100 lies in both windows: the first in sort order,
# ProfilerStep#1, has it; fwd at 120 launches a memcpy (8) and a memset (2);
# after at 250, in no step, launches an NCCL kernel (10). Process 2:
# ProfilerStep#1 [0, 300] holds other at 10, which launches k1 (4 us).
run --columns "name,pid,tid,step,device duration(ms)"
expect_status 0 "the step column runs"
expect_output "the step of each node: by pid and time, across threads" '"name","pid","tid","step","device duration(ms)"
"fwd","1","1","ProfilerStep#1","0.02"
"other","2","1","ProfilerStep#1","0.004"
"bwd","1","2","ProfilerStep#1","0.02"
"edge","1","1","ProfilerStep#1","0.0"
"fwd","1","1","ProfilerStep#2","0.01"
"after","1","1","","0.01"'

run --format jsonl --columns "name,step" --max_depth 1 --step 1-2
expect_output "JSON Lines: the step is text" '{"name":"fwd","step":"ProfilerStep#1"}
{"name":"other","step":"ProfilerStep#1"}
{"name":"bwd","step":"ProfilerStep#1"}
{"name":"edge","step":"ProfilerStep#1"}
{"name":"fwd","step":"ProfilerStep#2"}'

# Step 1 of process 2 comes first: same number, same ts, a later end.
# Step 1 of process 1: k1 + k2 + k3 = 45 us, busy [50, 80] + [96, 101] =
# 35; launches 5 + 4 + 2 + 3 = 14, of which sync 3; 4 launches, 3 events.
# Step 2: memcpy 8 + memset 2, busy 10, one launch of 5 us.
# Idle (SPEC 15.3): no event has args.device, so all are one device (pid
# 0's), the device of every step. Its busy union: [50,80) [96,101)
# [130,138) [140,142) [200,204) [255,265); its gaps and the launches of the
# events that end them: [80,96) <- 95: host wait [80,95) 15; [101,130) <-
# 125: 24; [138,140) <- 125: none; [142,200) <- 12 (process 2's): none;
# [204,255) <- 252: 48. Process 2's step [0,300]: busy 59, idle 241, host
# wait 15 + 24 + 48 = 87, other 154. Step 1 [0,100]: busy 30 + 4 = 34,
# idle 66, host wait 15, other 51. Step 2 [100,200]: busy 1 + 8 + 2 = 11
# (k1 at 200 starts at the window's end), idle 89, host wait 24, other 65.
# Device span (SPEC 19.4), first start to last end of the step's events:
# process 2's [200, 204) 4; step 1 from k1's 50 to k3's 101: 51; step 2
# from the memcpy's 130 to the memset's 142: 12.
run --summary step --columns "+pid"
expect_status 0 "--summary step runs"
expect_output "--summary step, by hand" '"step","host duration(ms)","device total(ms)","device busy(ms)","compute(ms)","communication(ms)","memcpy(ms)","memset(ms)","sync total(ms)","cuda launch total(ms)","launch count","device event count","device idle(ms)","host wait(ms)","other idle(ms)","device span(ms)","peak allocated(bytes)","memory growth(bytes)","pid"
"ProfilerStep#1","0.3","0.004","0.004","0.004","0.0","0.0","0.0","0.0","0.001","1","1","0.241","0.087","0.154","0.004","","","2"
"ProfilerStep#1","0.1","0.045","0.035","0.045","0.0","0.0","0.0","0.003","0.014","4","3","0.066","0.015","0.051","0.051","","","1"
"ProfilerStep#2","0.1","0.01","0.01","0.0","0.0","0.008","0.002","0.0","0.005","1","2","0.089","0.024","0.065","0.012","","","1"'
# the rows account for all device time inside steps: 69 us in all, less
# the NCCL kernel of after (10 us), which no step holds
total=$(awk -F'","' 'NR > 1 { sum += $3 } END { printf "%.3f", sum }' "$tmp/out")
if [ "$total" = "0.059" ]; then pass "the step rows add up to the device time inside steps"
else fail "the step rows add up to $total ms, not 0.059"; fi

run --summary step --step 2 --format jsonl
expect_output "--summary step --step 2: one row, JSON numbers" '{"step":"ProfilerStep#2","host duration(ms)":0.1,"device total(ms)":0.01,"device busy(ms)":0.01,"compute(ms)":0.0,"communication(ms)":0.0,"memcpy(ms)":0.008,"memset(ms)":0.002,"sync total(ms)":0.0,"cuda launch total(ms)":0.005,"launch count":1,"device event count":2,"device idle(ms)":0.089,"host wait(ms)":0.024,"other idle(ms)":0.065,"device span(ms)":0.012,"peak allocated(bytes)":null,"memory growth(bytes)":null}'

# cpu_only.json: two steps of process 1, [0, 100] and [100, 250], and two
# ops, no launch, no device event (a CPU-only run). No device was there to
# be idle: the idle columns are empty (SPEC 15.3), not the whole window,
# and so is the device span (SPEC 19.4).
header='"step","host duration(ms)","device total(ms)","device busy(ms)","compute(ms)","communication(ms)","memcpy(ms)","memset(ms)","sync total(ms)","cuda launch total(ms)","launch count","device event count","device idle(ms)","host wait(ms)","other idle(ms)","device span(ms)","peak allocated(bytes)","memory growth(bytes)"'
"$PROFILE_PARSER" -q -s "$fixtures/cpu_only.json" -d "$tmp/out" --summary step
expect_output "no device event: the idle cells are empty" "$header"'
"ProfilerStep#1","0.1","0.0","0.0","0.0","0.0","0.0","0.0","0.0","0.0","0","0","","","","","",""
"ProfilerStep#2","0.15","0.0","0.0","0.0","0.0","0.0","0.0","0.0","0.0","0","0","","","","","",""'
"$PROFILE_PARSER" -q -s "$fixtures/cpu_only.json" -d "$tmp/out" --summary step --format jsonl --columns "step,device idle(ms),host wait(ms),other idle(ms)"
expect_output "no device event: the idle figures are null in JSON Lines" '{"step":"ProfilerStep#1","device idle(ms)":null,"host wait(ms)":null,"other idle(ms)":null}
{"step":"ProfilerStep#2","device idle(ms)":null,"host wait(ms)":null,"other idle(ms)":null}'
"$PROFILE_PARSER" -q -s "$fixtures/cpu_only.json" -d "$tmp/out" --summary step --sort "other idle(ms)" --columns "step,other idle(ms)"
expect_output "no device event: sorting by an idle column keeps the step order" '"step","other idle(ms)"
"ProfilerStep#1",""
"ProfilerStep#2",""'
"$PROFILE_PARSER" -q -s "$fixtures/cpu_only.json" -d "$tmp/page.html"
if grep -q 'class="c-idle"' "$tmp/page.html" || grep -q 'class="c-wait"' "$tmp/page.html"; then
	fail "no device event: the page draws an idle bar"
else pass "no device event: the page draws no idle bar"; fi
if grep -q "The trace has no device events: its 2 steps had no device time and no device that could be idle" "$tmp/page.html"
then pass "no device event: the page's steps say why no bar is drawn"
else fail "no device event: the page's steps do not say why no bar is drawn"; fi

run --step 2 --columns name,step
expect_output "--step 2: the nodes of step 2 only" '"name","step"
"fwd","ProfilerStep#2"'

run --step 1 --summary name --columns "name,count,device total(ms)"
expect_output "--step applies to summaries (ties: by host total, then name)" '"name","count","device total(ms)"
"bwd","1","0.02"
"fwd","1","0.02"
"other","1","0.004"
"edge","1","0.0"'

run --step 7
expect_status 0 "a range without steps is no error"
expect_stderr "--step 7 matches no step: the trace's steps are numbered 1 to 2" "a range without steps is a warning"
expect_stderr "removed by --step" "the empty output names --step"
# without ProfilerStep#2, the steps are process 1's and process 2's ProfilerStep#1;
# without process 2's too, one step
grep -v '"ProfilerStep#2"' "$fixtures/steps.json" > "$tmp/ones.json"
grep -v '"ProfilerStep#1", "pid": 2' "$tmp/ones.json" > "$tmp/one.json"
"$PROFILE_PARSER" -s "$tmp/ones.json" -d "$tmp/out" -mc cpu_op --step 5 2>"$tmp/err"
expect_stderr "--step 5 matches no step: the trace's steps are all numbered 1" "steps of one number: the warning says so"
"$PROFILE_PARSER" -s "$tmp/one.json" -d "$tmp/out" -mc cpu_op --step 5 2>"$tmp/err"
expect_stderr "--step 5 matches no step: the trace has one step, numbered 1" "one step: the warning says so"
grep -q "numbered 1 to 1" "$tmp/err" && fail "one step: numbered 1 to 1" || pass "one step: no range of one"

for bad in 2-1 x 1- -3 1-2-3; do
	run --step=$bad
	expect_status 2 "--step $bad is a usage error"
	expect_stderr "--step wants a step number N or a range N-M" "--step $bad: the message says what it wants"
done
run --summary steps
expect_status 2 "--summary steps is a usage error"
expect_stderr "--summary wants path, name, step, kernel, perf, collective, timeline, idle, memory, rank, findings, gaps or critical" "the message lists the summaries"

"$PROFILE_PARSER" -s "$fixtures/kernels.json" -d "$tmp/out" -mc cpu_op --summary step 2>"$tmp/err"
expect_stderr "--summary step: the trace has no ProfilerStep#N event" "a trace without steps: a warning"
expect_output "a trace without steps: the header alone" '"step","host duration(ms)","device total(ms)","device busy(ms)","compute(ms)","communication(ms)","memcpy(ms)","memset(ms)","sync total(ms)","cuda launch total(ms)","launch count","device event count","device idle(ms)","host wait(ms)","other idle(ms)","device span(ms)","peak allocated(bytes)","memory growth(bytes)"'

# kernels.json: K1 6 us by zeta and 6 by alpha (a tie: alpha first in byte
# order, with half of K1's time: 50.0%); K3 12 us launched by no one (ties
# K1's total: K1 first by name); K2 4 us by one alpha, 3 + 3 by two betas:
# the betas count together (6 of 10: 60.0%); mean 10/3 us, to the ns; K4 3
# us by inner's own launch, 2 by outer's own (outer holds inner: own
# launches count, not inclusive ones; 3 of 5: 60.0%); K5 from a launch
# outside any op; a memcpy by outer (all of it: 100.0%); K6 1 us by gamma
# and 15 us that no launch claims: 1/16 = 6.25%, half up to 6.3% (the share
# is of the kernel's whole time, claimed or not); K0 by gamma, 0 us: no
# share of no time. Launch delays (kernel ts less its launch's, SPEC 15.3):
# 1 us for every event with a launch but K4's second (137 - 135 = 2: mean
# 1.5, max 2) and K0 (230 - 223 = 7); K3 has no launch (empty), and K6's
# unclaimed event does not count. No args hold a kernel property: the seven
# columns of SPEC 28 (grid ... est. achieved occupancy %) are empty.
"$PROFILE_PARSER" -q -s "$fixtures/kernels.json" -d "$tmp/out" -mc cpu_op --summary kernel
expect_output "--summary kernel, by hand" '"name","class","count","total(ms)","mean(ms)","min(ms)","max(ms)","launched by","launch delay mean(ms)","launch delay max(ms)","grid","block","registers per thread","shared memory(bytes)","blocks per SM","warps per SM","est. achieved occupancy %"
"K6","compute","2","0.016","0.008","0.001","0.015","gamma (6.3%)","0.001","0.001","","","","","","",""
"K1","compute","2","0.012","0.006","0.006","0.006","alpha (50.0%)","0.001","0.001","","","","","","",""
"K3","compute","1","0.012","0.012","0.012","0.012","","","","","","","","","",""
"K2","compute","3","0.01","0.003333","0.003","0.004","beta (60.0%)","0.001","0.001","","","","","","",""
"K4","compute","2","0.005","0.0025","0.002","0.003","inner (60.0%)","0.0015","0.002","","","","","","",""
"K5","compute","1","0.003","0.003","0.003","0.003","","0.001","0.001","","","","","","",""
"Memcpy DtoD (Device -> Device)","memcpy","1","0.001","0.001","0.001","0.001","outer (100.0%)","0.001","0.001","","","","","","",""
"K0","compute","1","0.0","0.0","0.0","0.0","gamma","0.007","0.007","","","","","","",""'

run --summary kernel --step 2
expect_output "--summary kernel --step 2: the device events of step 2's launches" '"name","class","count","total(ms)","mean(ms)","min(ms)","max(ms)","launched by","launch delay mean(ms)","launch delay max(ms)","grid","block","registers per thread","shared memory(bytes)","blocks per SM","warps per SM","est. achieved occupancy %"
"Memcpy HtoD (Pageable -> Device)","memcpy","1","0.008","0.008","0.008","0.008","fwd (100.0%)","0.005","0.005","","","","","","",""
"Memset (Device)","memset","1","0.002","0.002","0.002","0.002","fwd (100.0%)","0.015","0.015","","","","","","",""'

run --summary kernel --columns "name,class" --comm-pattern '^k3$'
expect_output "--summary kernel: classes follow --comm-pattern" '"name","class"
"k1","compute"
"k2","compute"
"ncclKernel_AllReduce","compute"
"Memcpy HtoD (Pageable -> Device)","memcpy"
"k3","communication"
"Memset (Device)","memset"'

# ---- the real traces ----
if ! have_traces df_index_resolver.json.gz >/dev/null || ! command -v python3 >/dev/null; then
	skip "the real traces: $(have_traces df_index_resolver.json.gz && echo 'python3 is not installed')"
	finish
	exit
fi

# df_index_resolver: per step, the device events of every launch whose ts
# lies in the step's window (same pid; both ends included), read from the
# trace's JSON by Python, equal the step summary's totals and counts.
"$PROFILE_PARSER" -q -s "$traces/df_index_resolver.json.gz" -d "$tmp/steps.csv" --summary step
if python3 - "$traces/df_index_resolver.json.gz" "$tmp/steps.csv" <<'PY'
import csv, gzip, json, re, sys
from decimal import Decimal as D
events = json.load(gzip.open(sys.argv[1]), parse_float=D)["traceEvents"]
steps = [e for e in events if e.get("ph") == "X" and e.get("cat") != "gpu_user_annotation"
         and re.fullmatch(r"ProfilerStep#\d+", str(e.get("name")))]
launches = [e for e in events if e.get("ph") == "X" and e.get("cat") in ("cuda_runtime", "cuda_driver")]
device = {}
for e in events:
    if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset"):
        device.setdefault(e["args"]["correlation"], []).append(D(e["dur"]))
total, count, launched = {}, {}, {}
for l in launches:
    inside = [s for s in steps if s["pid"] == l["pid"] and s["ts"] <= l["ts"] <= s["ts"] + s["dur"]]
    if not inside:
        continue
    step = min(inside, key=lambda s: (s["ts"], -(s["ts"] + s["dur"])))["name"]
    durs = device.get((l.get("args") or {}).get("correlation"), [])
    total[step] = total.get(step, D(0)) + sum(durs, D(0))
    count[step] = count.get(step, 0) + len(durs)
    launched[step] = launched.get(step, 0) + 1
rows = list(csv.DictReader(open(sys.argv[2], newline="")))
assert [r["step"] for r in rows] == sorted(total, key=lambda s: int(s.split("#")[1])), rows
for r in rows:
    assert D(r["device total(ms)"]) == total[r["step"]] / 1000, (r, total[r["step"]])
    assert int(r["device event count"]) == count[r["step"]], r
    assert int(r["launch count"]) == launched[r["step"]], r
PY
then pass "df_index_resolver: --summary step accounts for every launch inside a step"
else fail "df_index_resolver: --summary step differs from the trace"; fi

# every trace: the kernel summary counts every device event (the report's
# total); the step rows never exceed it; busy <= total on every row; the
# steps read with the default categories (the skimmer passes step events
# through) equal those read with user_annotation monitored
for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	case "$name" in *_et) continue ;; esac
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/kernel.csv" -mc cpu_op --summary kernel 2>"$tmp/err" ||
		{ fail "$name: --summary kernel: exit status $?"; continue; }
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/step.csv" --summary step
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/step2.csv" -mc cpu_op,user_annotation --summary step -j 1
	if python3 - "$tmp/kernel.csv" "$tmp/err" "$tmp/step.csv" "$tmp/step2.csv" <<'PY'
import csv, re, sys
from decimal import Decimal as D
csv.field_size_limit(sys.maxsize)
kernels = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
report = open(sys.argv[2]).read()
m = re.search(r"device time:\s+([0-9.]+) ms in (\d+) device event", report)
total, events = (D(m.group(1)), int(m.group(2))) if m else (D(0), 0)
assert sum(int(k["count"]) for k in kernels) == events, (events, len(kernels))
assert abs(sum(D(k["total(ms)"]) for k in kernels) - total) < D("0.001"), total
keys = [(-D(k["total(ms)"]), k["name"].encode()) for k in kernels]
assert keys == sorted(keys)
steps = list(csv.DictReader(open(sys.argv[3], newline="")))
assert sum(D(s["device total(ms)"]) for s in steps) <= total + D("0.001")
for s in steps:
    assert D(s["device busy(ms)"]) <= D(s["device total(ms)"]), s
    assert sum(D(s[c]) for c in ("compute(ms)", "communication(ms)", "memcpy(ms)", "memset(ms)")) == D(s["device total(ms)"]), s
assert open(sys.argv[3]).read() == open(sys.argv[4]).read()
PY
	then pass "$name: the kernel and step summaries agree with the report"
	else fail "$name: the kernel or step summary"; fi
done
finish
