#!/usr/bin/env python3
"""Why the device was idle (SPEC 15.3), worked out from a trace's own JSON,
for tests/idle.sh to compare with profile_parser's outputs.

  idle_check.py TRACE REPORT [STEPS.csv [KERNELS.csv]]

REPORT: profile_parser's standard error; its idle lines must be those
worked out here, per device (args.device). STEPS.csv: --summary step with
the columns step, pid, device idle(ms), host wait(ms), other idle(ms).
KERNELS.csv: --summary kernel with name, launch delay mean(ms), launch
delay max(ms); either - to skip it. The default categories (launches cuda_runtime and
cuda_driver, device events kernel, gpu_memcpy and gpu_memset); a device
event's launch is the first launch in (ts, end descending, position) order
that carries its correlation id: a graph launch for every event it
replays (old traces' Runtime, Kernel, Memcpy and Memset are read as
those). Exits 1 with the first difference."""
import csv, gzip, json, re, sys
from decimal import Decimal as D

LAUNCH = {"cuda_runtime", "cuda_driver"}
DEVICE = {"kernel", "gpu_memcpy", "gpu_memset"}
ALIASES = {"Runtime": "cuda_runtime", "Kernel": "kernel", "Memcpy": "gpu_memcpy", "Memset": "gpu_memset"}


def ns(us):
    return int(D(us) * 1000)


def load(path):
    opener = gzip.open if open(path, "rb").read(2) == b"\x1f\x8b" else open
    doc = json.load(opener(path, "rt", encoding="utf-8"), parse_float=D)
    return doc["traceEvents"] if isinstance(doc, dict) else doc


def union_clip(lists, start, end):
    """The union of interval lists, clipped to [start, end)."""
    spans = sorted((max(s, start), min(e, end)) for l in lists for s, e in l if min(e, end) > max(s, start))
    merged = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    return merged


def length(spans):
    return sum(e - s for s, e in spans)


def overlap(a, b):
    i = j = total = 0
    while i < len(a) and j < len(b):
        total += max(0, min(a[i][1], b[j][1]) - max(a[i][0], b[j][0]))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def ms_text(value):
    text = str((D(value) / 10**6).normalize())
    if "E" in text:
        text = format(D(value) / 10**6, "f")
    return text if "." in text else text + ".0"


def main():
    events = load(sys.argv[1])
    launches = {}  # correlation -> (key, ts, pid)
    device = []    # (key, ts, dur, position, correlation, pid)
    steps = []
    for position, e in enumerate(events):
        if not isinstance(e, dict) or e.get("ph") != "X" or "ts" not in e or "dur" not in e:
            continue
        args = e.get("args") if isinstance(e.get("args"), dict) else {}
        ts, dur = ns(e["ts"]), ns(e["dur"])
        cat = ALIASES.get(e.get("cat"), e.get("cat"))
        if cat in LAUNCH and "correlation" in args:
            key = (ts, -(ts + dur), position)
            if args["correlation"] not in launches or key < launches[args["correlation"]][0]:
                launches[args["correlation"]] = (key, ts, e.get("pid"))
        elif cat in DEVICE:
            d = args.get("device")
            group = d if isinstance(d, int) and 0 <= d <= 65535 else ("pid", e.get("pid"))
            device.append((group, ts, dur, position, args.get("correlation")))
        if e.get("cat") != "gpu_user_annotation" and re.fullmatch(r"ProfilerStep#\d+", str(e.get("name"))):
            steps.append((e["name"], e.get("pid"), ts, dur))
    device.sort(key=lambda x: (x[1], x[3]))
    busy, wait, figures, launched_on = {}, {}, {}, {}
    delays = {}
    for group, ts, dur, position, correlation in device:
        launch = launches.get(correlation)
        if launch:
            launched_on.setdefault(launch[2], set()).add(group)
        f = figures.setdefault(group, {"first": ts, "last": ts + dur, "wait": 0})
        f["last"] = max(f["last"], ts + dur)
        if dur <= 0:
            continue
        b = busy.setdefault(group, [])
        if b and ts <= b[-1][1]:
            b[-1][1] = max(b[-1][1], ts + dur)
            continue
        if b and launch and launch[1] > b[-1][1]:  # a gap [b[-1][1], ts): its host-wait part
            part = [b[-1][1], min(launch[1], ts)]
            wait.setdefault(group, []).append(part)
            f["wait"] += part[1] - part[0]
        b.append([ts, ts + dur])
    # the report: per device with an id, "idle X ms of the span: host wait H ms (P%), other O ms"
    want = []
    for group in sorted(g for g in figures if not isinstance(g, tuple)):
        f = figures[group]
        idle = f["last"] - f["first"] - length(busy.get(group, []))
        line = "device %d: idle %s ms of the span: host wait %s ms" % (group, ms_text(idle), ms_text(f["wait"]))
        if idle > 0:
            permille = (2000 * f["wait"] + idle) // (2 * idle)  # half away from zero (SPEC 28)
            line += " (%d.%d%%)" % (permille // 10, permille % 10)
        want.append(line + ", other %s ms" % ms_text(idle - f["wait"]))
    got = []
    lines = open(sys.argv[2], encoding="utf-8").read().splitlines()
    for k, line in enumerate(lines):
        m = re.match(r"  device (\d+): +busy", line)
        if m:
            assert lines[k + 2].startswith(" " * 17 + "idle "), lines[k:k + 3]
            got.append("device %s: %s" % (m.group(1), lines[k + 2].strip()))
    assert got == want, "\n".join(["report: got"] + got + ["wanted"] + want)
    print("%d devices: the idle lines" % len(got))
    if len(sys.argv) > 3 and sys.argv[3] != "-":  # the step summary
        rows = {(r["step"], r["pid"]): r for r in csv.DictReader(open(sys.argv[3], newline=""))}
        assert len(rows) == len(steps), (len(rows), len(steps))
        for name, pid, ts, dur in steps:
            groups = sorted(launched_on.get(pid, ()), key=str)
            u = union_clip([busy.get(g, []) for g in groups], ts, ts + dur)
            v = union_clip([wait.get(g, []) for g in groups], ts, ts + dur)
            idle, host = dur - length(u), length(v) - overlap(v, u)
            r = rows[(name, str(pid))]
            if not device:  # no device event in the trace: no idle figure (empty cells)
                got_row = [r[c] for c in ("device idle(ms)", "host wait(ms)", "other idle(ms)")]
                assert got_row == ["", "", ""], (name, pid, got_row)
                continue
            got_row = [int(D(r[c]) * 10**6) for c in ("device idle(ms)", "host wait(ms)", "other idle(ms)")]
            assert got_row == [idle, host, idle - host], (name, pid, got_row, [idle, host, idle - host])
        print("%d steps: idle, host wait, other idle" % len(rows))
    if len(sys.argv) > 4:  # the kernel summary
        for group, ts, dur, position, correlation in device:
            launch = launches.get(correlation)
            if launch:
                delays.setdefault(events[position]["name"], []).append(ts - launch[1])
        rows = list(csv.DictReader(open(sys.argv[4], newline="")))
        for r in rows:
            d = delays.get(r["name"])
            if not d:
                assert r["launch delay mean(ms)"] == r["launch delay max(ms)"] == "", r
                continue
            mean = (2 * sum(d) + len(d)) // (2 * len(d))
            got_row = [int(D(r[c]) * 10**6) for c in ("launch delay mean(ms)", "launch delay max(ms)")]
            assert got_row == [mean, max(d)], (r["name"], got_row, [mean, max(d)])
        print("%d kernels: launch delay mean and max" % len(rows))


main()
