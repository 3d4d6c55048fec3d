#!/usr/bin/env python3
"""Writes a chain trace: the worst case for per-node sums (SPEC 11.4).

One thread holds a chain of nested cpu_op events DEPTH deep (each the only
child of the one before); each op launches one kernel (cudaLaunchKernel, in
its own interval before its child starts) that runs on stream 7 or 8 in turn.
A tool that walks each node's subtree does DEPTH^2/2 steps on it; one with
prefix sums does DEPTH. At the default depth of 100,000 it is about 37 MB.

    make_chain_trace.py [--depth N] OUT
"""
import argparse
import json

PID, TID = 4242, 4242
T0 = 1732000000000000
STEP = 4  # microseconds from one op's start to its child's


def chain(depth):
    """The trace's events, one at a time: op i, its launch, its kernel."""
    end = T0 + 2 * STEP * depth + 10  # the root's end; each child ends 1 us before its parent
    for i in range(depth):
        ts = T0 + STEP * i
        corr = i + 1
        yield {"ph": "X", "cat": "cpu_op", "name": "aten::op%d" % (i % 10), "pid": PID, "tid": TID,
               "ts": ts, "dur": end - i - ts, "args": {"External id": corr}}
        yield {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": PID, "tid": TID,
               "ts": ts + 1, "dur": 2, "args": {"correlation": corr}}
        stream = 7 + i % 2
        yield {"ph": "X", "cat": "kernel", "name": "kernel_%d" % (i % 7), "pid": 0, "tid": stream,
               "ts": ts + 2, "dur": 3, "args": {"device": 0, "stream": stream, "correlation": corr}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=100000, help="nodes in the chain [100000]")
    parser.add_argument("out", help="the trace to write")
    args = parser.parse_args()
    if args.depth < 1:
        parser.error("--depth must be >= 1")
    with open(args.out, "w", encoding="utf-8") as out:
        out.write('{"schemaVersion": 1, "traceEvents": [\n')
        for n, event in enumerate(chain(args.depth)):
            out.write((",\n" if n else "") + json.dumps(event, separators=(",", ":")))
        out.write("\n]}\n")


if __name__ == "__main__":
    main()
