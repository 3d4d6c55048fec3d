#!/bin/sh
# The device timeline in the report (SPEC 11.3): per device, busy time over
# the span and each class's busy time (labelled busy: a union, not the sum
# the class columns give), with communication overlapped with compute; a
# class without events is left out. A fixture checked by hand, --comm-pattern, a trace without device
# events, -q; on every real trace the figures' bounds, and on a few the exact
# figures worked out here in python3 from the trace itself.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
fixtures=$top_srcdir/tests/device

# expect_timeline DESCRIPTION WANT: the report's timeline lines in $tmp/err are exactly WANT.
expect_timeline() {
	got=$(grep -A1 '^  device [0-9?]' "$tmp/err" | grep -v '^--$')
	if [ "$got" = "$2" ]; then pass "$1"; else fail "$1: got"; echo "$got"; echo "wanted"; echo "$2"; fi
}

# timeline.json, in us. Device 0: gemm [1000, 2500) on stream 7 and relu
# [1500, 3000) on stream 8 overlap (3 ms of duration, 2 ms busy); NCCL
# [2500, 4000) meets relu for 500; memcpy [4000, 4200) holds memset
# [4100, 4150); my_Custom_Coll_kernel [5000, 5300). Busy [1000, 4200) +
# [5000, 5300) = 3.5 ms of the span [1000, 5300), 4.3 ms: 81.395% is 81.4%
# (one decimal, half away from zero: SPEC 28). Compute [1000, 3000) + [5000, 5300) = 2.3, communication
# 1.5, overlapped 0.5, memcpy 0.2, memset 0.05. Device 1: [2000, 2250) and
# [2250, 2260) (args.device "1"), adjacent: 0.26 of 0.26, 100.0%, only
# compute (no other class: left out). Pid 5: [100, 400) without args.device
# and [300, 500) with device 70000, which does not fit: no device id, by
# pid: 0.4 of 0.4.
"$PROFILE_PARSER" -s "$fixtures/timeline.json" -d "$tmp/out.csv" -mc cpu_op 2>"$tmp/err"; status=$?
expect_status 0 "the timeline fixture runs"
expect_timeline "the timeline, by hand" '  device 0:      busy 3.5 ms of a 4.3 ms span (81.4%)
                 compute busy 2.3, communication busy 1.5 (0.5 overlapped with compute), memcpy busy 0.2, memset busy 0.05 ms
  device 1:      busy 0.26 ms of a 0.26 ms span (100.0%)
                 compute busy 0.26 ms
  device ? (pid 5): busy 0.4 ms of a 0.4 ms span (100.0%)
                 compute busy 0.4 ms'
if grep -A2 '^  device time:' "$tmp/err" | tail -n 2 | grep -q '^  device 0: '; then
	pass "the timeline follows the device time line"
else
	fail "the timeline is not after the device time line"; cat "$tmp/err"
fi

# the man page's example (REPORT): gemm [0, 1.5 ms) on stream 7, NCCL
# [0.5, 2 ms) on stream 8: 3 ms of device time, 2 ms busy, 1 ms together
"$PROFILE_PARSER" -s "$fixtures/two_streams.json" -d "$tmp/out.csv" -mc cpu_op 2>"$tmp/err"
expect_timeline "the man page's example" '  device 0:      busy 2.0 ms of a 2.0 ms span (100.0%)
                 compute busy 1.5, communication busy 1.5 (1.0 overlapped with compute) ms'
expect_stderr "  device time:   3.0 ms in 2 device events; 3.0 ms (100.0%) under " "the man page's example: device time"

# --comm-pattern replaces the classes: NCCL is compute now (compute
# [1000, 4000) = 3.0), my_Custom_Coll_kernel communication (0.3, apart from compute)
"$PROFILE_PARSER" -s "$fixtures/timeline.json" -d "$tmp/out.csv" -mc cpu_op --comm-pattern custom_COLL 2>"$tmp/err"
expect_timeline "--comm-pattern changes the classes" '  device 0:      busy 3.5 ms of a 4.3 ms span (81.4%)
                 compute busy 3.0, communication busy 0.3 (0.0 overlapped with compute), memcpy busy 0.2, memset busy 0.05 ms
  device 1:      busy 0.26 ms of a 0.26 ms span (100.0%)
                 compute busy 0.26 ms
  device ? (pid 5): busy 0.4 ms of a 0.4 ms span (100.0%)
                 compute busy 0.4 ms'

# the timeline changes nothing in the rows
"$PROFILE_PARSER" -q -s "$fixtures/timeline.json" -d "$tmp/quiet.csv" -mc cpu_op 2>"$tmp/err"
if cmp -s "$tmp/out.csv" "$tmp/quiet.csv" && [ ! -s "$tmp/err" ]; then
	pass "-q: the same rows, and no report"
else
	fail "-q: rows differ or something was printed"; cat "$tmp/err"
fi

# no device events: no timeline line
"$PROFILE_PARSER" -s "$cases/forest.json" -d "$tmp/out.csv" -mc cpu_op 2>"$tmp/err"; status=$?
expect_status 0 "a trace without device events runs"
if grep -q '^  device [0-9?]' "$tmp/err"; then fail "a timeline without device events"; cat "$tmp/err"; else pass "no timeline without device events"; fi

# the real traces: per device busy <= span, each class <= busy, overlap <=
# min(communication, compute), and the devices' busy times add up to no more
# than the device time
if have_traces && command -v python3 >/dev/null; then
	for trace in $(shared_traces); do
		name=$(basename "$trace" .json.gz)
		case "$name" in *_et) continue ;; esac
		"$PROFILE_PARSER" -s "$trace" -d "$tmp/real.csv" -mc cpu_op,user_annotation 2>"$tmp/err" ||
			{ fail "$name: exit status $?"; continue; }
		if python3 - "$tmp/err" <<'PY'
import re, sys
from decimal import Decimal as D
text = open(sys.argv[1], encoding="utf-8").read()
total = re.search(r"^  device time:   (\S+) ms in (\d+) device event", text, re.M)
head = re.compile(r"^  device (\d+|\? \(pid .*\)): +busy (\S+) ms of a (\S+) ms span(?: \((\d+\.\d)%\))?$", re.M)
part = re.compile(r"(compute|communication|memcpy|memset) busy (\d+\.\d+)(?: \((\d+\.\d+) overlapped with compute\))?")
lines = []
for m in re.finditer(r"^ {17}(?!idle )(\S.*) ms$", text, re.M):  # the class lines (the idle lines: tests/idle.sh)
    parts = m.group(1).split(", ")
    found = {}
    for p in parts:
        f = part.fullmatch(p)
        assert f and f.group(1) not in found, (m.group(0), p)
        found[f.group(1)] = f
    assert list(found) == [c for c in ("compute", "communication", "memcpy", "memset") if c in found], m.group(0)
    comm = found.get("communication")
    assert (comm is not None and comm.group(3) is not None) == ("communication" in found and "compute" in found), m.group(0)
    lines.append(tuple(found[c].group(2) if c in found else "0" for c in ("compute", "communication"))
                 + (comm.group(3) if comm is not None and comm.group(3) else "0",)
                 + tuple(found[c].group(2) if c in found else "0" for c in ("memcpy", "memset")))
heads = head.findall(text)
assert len(heads) == len(lines), (heads, lines)
assert bool(heads) == bool(total), "a timeline without device time, or device time without a timeline"
busy_sum = D(0)
for (device, busy, span, percent), figures in zip(heads, lines):
    busy, span = D(busy), D(span)
    compute, comm, overlap, memcpy, memset = map(D, figures)
    assert busy <= span, (device, busy, span)
    assert all(c <= busy for c in (compute, comm, memcpy, memset)), (device, busy, figures)
    assert overlap <= min(comm, compute), (device, figures)
    assert busy <= compute + comm - overlap + memcpy + memset, (device, busy, figures)
    if span:
        # one decimal, half away from zero (SPEC 28): within half a tenth
        assert D(percent) - D("0.05") <= 100 * busy / span < D(percent) + D("0.05"), (device, percent, busy, span)
    busy_sum += busy
if total:
    assert busy_sum <= D(total.group(1)), (busy_sum, total.group(1))
print("%d devices" % len(heads))
PY
		then pass "$name: the timeline's bounds"
		else fail "$name: the timeline's bounds"; fi
	done

	# exact figures from the trace itself: per args.device, the union of
	# the [ts, ts + dur) of each class, and the intersection of the
	# communication and compute unions by a two-pointer walk
	for name in nccl_data sampled_rank1 alexnet mi300_sglang_decode_hipgraph_2streams; do
		[ -f "$traces/$name.json.gz" ] || { skip "$name: the timeline's exact figures: no $name.json.gz in $traces"; continue; }
		"$PROFILE_PARSER" -s "$traces/$name.json.gz" -d "$tmp/real.csv" -mc cpu_op 2>"$tmp/err" || fail "$name: exit status"
		if python3 - "$traces/$name.json.gz" "$tmp/err" <<'PY'
import gzip, json, re, sys
from decimal import Decimal as D
doc = json.load(gzip.open(sys.argv[1]), parse_float=D)
events = doc["traceEvents"] if isinstance(doc, dict) else doc
pattern = re.compile("nccl|rccl|deep_ep|dpsk::ep|cross_device_reduce|all_reduce|allreduce|all_gather|allgather"
                     "|reduce_scatter|alltoall|all_to_all", re.I)
devices = {}
for e in events:
    if not isinstance(e, dict) or e.get("ph") != "X" or e.get("cat") not in ("kernel", "gpu_memcpy", "gpu_memset"):
        continue
    device = e["args"]["device"]
    cls = {"gpu_memcpy": "memcpy", "gpu_memset": "memset"}.get(e["cat"]) or (
        "communication" if pattern.search(e["name"]) else "compute")
    devices.setdefault(device, []).append((D(e["ts"]), D(e["ts"]) + D(e["dur"]), cls))

def union(spans):
    merged = []
    for s, e in sorted(spans):
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    return merged

def intersection(a, b):
    i = j = 0
    total = D(0)
    while i < len(a) and j < len(b):
        total += max(D(0), min(a[i][1], b[j][1]) - max(a[i][0], b[j][0]))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total

def ms(us):
    text = str((us / 1000).normalize())
    return text if "." in text or "E" in text else text + ".0"

want = []
for device in sorted(devices):
    spans = devices[device]
    by = {c: union([(s, e) for s, e, k in spans if k == c]) for c in ("compute", "communication", "memcpy", "memset")}
    length = {c: sum((e - s for s, e in u), D(0)) for c, u in by.items()}
    busy = sum((e - s for s, e in union([(s, e) for s, e, _ in spans])), D(0))
    span = max(e for _, e, _ in spans) - min(s for s, _, _ in spans)
    want.append("  device %d: busy %s ms of a %s ms span" % (device, ms(busy), ms(span)))
    parts = []
    for c in ("compute", "communication", "memcpy", "memset"):
        if not by[c]:
            continue
        parts.append("%s busy %s" % (c, ms(length[c])))
        if c == "communication" and by["compute"]:
            parts[-1] += " (%s overlapped with compute)" % ms(intersection(by["compute"], by["communication"]))
    want.append(", ".join(parts) + " ms")
lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
got = []
for k, line in enumerate(lines):
    if re.match(r"  device \d+: +busy", line):
        got.append(re.sub(r": +", ": ", line).split(" (")[0])
        got.append(lines[k + 1].strip())
assert got == want, "\n".join(["got"] + got + ["wanted"] + want)
print("\n".join(got))
PY
		then pass "$name: the timeline's exact figures"
		else fail "$name: the timeline's exact figures"; fi
	done
else
	skip "the timeline of real traces: $(have_traces && echo 'python3 is not installed')"
fi
finish
