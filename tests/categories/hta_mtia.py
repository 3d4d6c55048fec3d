#!/usr/bin/env python3
"""HTA's view of an MTIA trace, for tests/categories.sh (standard library only).

Usage: hta_mtia.py TRACE DIR

Holistic Trace Analysis (HTA) reads a trace differently from profile_parser
in two ways that change its MTIA figures (its tests on this very trace,
tests/data/mtia_trace_single_rank, assert them):

 1. the stream: HTA takes an event's stream from its args "stream", -1
    where there is none, and its breakdowns count only the events whose
    stream is not -1 as device events. Some mtia_ccp_events events carry
    no "stream" (on mtia_rank0: 137 dma_request events of one thread);
    HTA leaves them out, profile_parser counts them (-dc mtia_ccp_events).
 2. the microsecond: where the timestamps are fractions of a microsecond
    (floats), HTA's parser moves each event's start up to the next whole
    microsecond (ceil(ts)) and its end down to the one before
    (floor(ts + dur)), in double precision, and keeps dur = end - start.
    profile_parser keeps every event's exact times.

This script writes two traces of TRACE's mtia_runtime, ac2g and
mtia_ccp_events events (the others do not bear on the device timeline):
DIR/stream.json with step 1 applied, DIR/hta.json with steps 1 and 2; run
through profile_parser, the second gives HTA's figures. It says on standard
output how many device events each step changed.
"""
import gzip
import json
import math
import os
import sys

KEPT = ("mtia_runtime", "ac2g", "mtia_ccp_events")


def main():
    trace, outdir = sys.argv[1], sys.argv[2]
    opener = gzip.open if trace.endswith(".gz") else open
    with opener(trace, "rt", encoding="utf-8") as fh:
        events = json.load(fh)["traceEvents"]
    events = [e for e in events if e.get("cat") in KEPT]

    def has_stream(e):
        return e["cat"] != "mtia_ccp_events" or "stream" in e.get("args", {})

    with_stream = [e for e in events if has_stream(e)]
    dropped = len(events) - len(with_stream)

    rounded = []
    for e in with_stream:
        if e["cat"] == "mtia_ccp_events" and e.get("ph") == "X":
            start = math.ceil(e["ts"])
            end = math.floor(e["ts"] + e["dur"])
            e = dict(e, ts=start, dur=end - start)
        rounded.append(e)

    for name, evs in (("stream.json", with_stream), ("hta.json", rounded)):
        with open(os.path.join(outdir, name), "w", encoding="utf-8") as fh:
            json.dump({"traceEvents": evs}, fh)
    device = sum(1 for e in with_stream if e["cat"] == "mtia_ccp_events")
    print(f"{dropped} device events without a stream left out; {device} rounded to the microsecond")


if __name__ == "__main__":
    main()
