#!/usr/bin/env python3
"""Writes a capture trace with many nested capture windows (SPEC 14.1).

One thread (pid = tid = 4242) holds WINDOWS hipStreamBeginCapture /
hipStreamEndCapture pairs and LAUNCHES captured kernel launches
(hipLaunchKernel with args.kernel, each under its own cpu_op), and then
REPLAYS hipGraphLaunch calls, each with the kernels of one window replayed
on stream 7 (so the trace can be its own --graph-capture).

Shapes:
  nested  every BeginCapture, then every launch, then every EndCapture: all
          windows nest, the innermost holds every launch (the worst case of
          a tool that tests every window against every launch).
  random  a random well-nested sequence of the pairs (seeded, --seed), the
          launches spread between them, so windows nest and follow each
          other at random depths.
The replays replay, in turn, the windows that hold launches (each launch
counted in its innermost window only); with --replays 0 (the default) there
are none.

    make_capture_trace.py [--shape nested|random] [--windows N]
                          [--launches N] [--replays N] [--seed N] OUT
"""
import argparse
import json
import random

PID = TID = 4242
T0 = 1732000000000000


def sequence(shape, windows, launches, rng):
    """The thread's items in time order: ("B",), ("E",) and ("L", k)."""
    if shape == "nested":
        return [("B",)] * windows + [("L", k) for k in range(launches)] + [("E",)] * windows
    items, opened, closed, k = [], 0, 0, 0
    while closed < windows or k < launches:
        choices = []
        if opened < windows:
            choices.append("B")
        if opened > closed:
            choices.append("E")
        if k < launches:
            choices += ["L", "L"]
        pick = rng.choice(choices)
        if pick == "B":
            opened += 1
            items.append(("B",))
        elif pick == "E":
            closed += 1
            items.append(("E",))
        else:
            items.append(("L", k))
            k += 1
    return items


def events(items, replays):
    """The trace's events; each item takes 10 us of the thread's time."""
    stack, windows, corr, ts = [], [], 0, T0
    for item in items:
        corr += 1
        if item[0] == "B":
            stack.append([])
            yield {"ph": "X", "cat": "cuda_runtime", "name": "hipStreamBeginCapture", "pid": PID, "tid": TID,
                   "ts": ts, "dur": 2, "args": {"correlation": corr}}
        elif item[0] == "E":
            windows.append(stack.pop())
            yield {"ph": "X", "cat": "cuda_runtime", "name": "hipStreamEndCapture", "pid": PID, "tid": TID,
                   "ts": ts, "dur": 2, "args": {"correlation": corr}}
        else:
            kernel = "kernel_%d" % (item[1] % 13)
            if stack:
                stack[-1].append(kernel)
            yield {"ph": "X", "cat": "cpu_op", "name": "aten::op%d" % (item[1] % 10), "pid": PID, "tid": TID,
                   "ts": ts, "dur": 8}
            yield {"ph": "X", "cat": "cuda_runtime", "name": "hipLaunchKernel", "pid": PID, "tid": TID,
                   "ts": ts + 1, "dur": 2, "args": {"correlation": corr, "kernel": kernel}}
        ts += 10
    held = [w for w in windows if w]
    for r in range(replays if held else 0):
        corr += 1
        yield {"ph": "X", "cat": "cpu_op", "name": "decode", "pid": PID, "tid": TID, "ts": ts, "dur": 8}
        yield {"ph": "X", "cat": "cuda_runtime", "name": "hipGraphLaunch", "pid": PID, "tid": TID,
               "ts": ts + 1, "dur": 2, "args": {"correlation": corr}}
        at = ts + 5
        for kernel in held[r % len(held)]:
            yield {"ph": "X", "cat": "kernel", "name": kernel, "pid": 0, "tid": 7, "ts": at, "dur": 1,
                   "args": {"device": 0, "stream": 7, "correlation": corr}}
            at += 2
        ts = max(ts + 10, at + 10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shape", choices=("nested", "random"), default="nested", help="[nested]")
    parser.add_argument("--windows", type=int, default=6000, help="BeginCapture/EndCapture pairs [6000]")
    parser.add_argument("--launches", type=int, default=6000, help="captured launches [6000]")
    parser.add_argument("--replays", type=int, default=0, help="graph launches after the captures [0]")
    parser.add_argument("--seed", type=int, default=1, help="for --shape random [1]")
    parser.add_argument("out", help="the trace to write")
    args = parser.parse_args()
    if min(args.windows, args.launches, args.replays) < 0:
        parser.error("counts must be >= 0")
    items = sequence(args.shape, args.windows, args.launches, random.Random(args.seed))
    with open(args.out, "w", encoding="utf-8") as out:
        out.write('{"schemaVersion": 1, "traceEvents": [\n')
        for n, event in enumerate(events(items, args.replays)):
            out.write((",\n" if n else "") + json.dumps(event, separators=(",", ":")))
        out.write("\n]}\n")


if __name__ == "__main__":
    main()
