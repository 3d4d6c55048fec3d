#!/usr/bin/env python3
"""Writes the traces of tests/ranks.sh (SPEC 20): NAME/rankR.json, each rank a
trace with distributedInfo.rank R, ProfilerStep#N windows on pid 1, and per
kernel an op (ts L-1, 3 us) with its launch at L and the kernel on device 0.
The expected tables (NAME.csv) and their sums by hand are in NAME.working.
Run it from this folder; the traces are committed, so tests do not run it."""
import json, os

def trace(rank, steps, kernels):
    ev = [{"ph": "X", "cat": "user_annotation", "name": f"ProfilerStep#{n}", "pid": 1, "tid": 1, "ts": ts, "dur": dur}
          for n, ts, dur in steps]
    for corr, (op, launch, kname, kts, kdur, kargs, *cat) in enumerate(kernels, 1):
        opargs = {}
        if isinstance(op, tuple):  # (name, args)
            op, opargs = op
        ev.append(dict({"ph": "X", "cat": "cpu_op", "name": op, "pid": 1, "tid": 1, "ts": launch - 1, "dur": 3},
                       **({"args": opargs} if opargs else {})))
        ev.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": launch,
                   "dur": 1, "args": {"correlation": corr}})
        args = {"device": 0, "stream": 7, "correlation": corr}
        args.update(kargs)
        ev.append({"ph": "X", "cat": cat[0] if cat else "kernel", "name": kname, "pid": 0, "tid": 7, "ts": kts,
                   "dur": kdur, "args": args})
    return {"distributedInfo": {"rank": rank}, "traceEvents": ev}

AR = {"Collective name": "allreduce", "Process Group Name": "0"}
BC = {"Collective name": "broadcast", "Process Group Name": "0"}
SIZED = dict(AR, **{"Group size": 2, "dtype": "Float", "In msg nelems": 1000, "Out msg nelems": 1000})
BC_SIZED = dict(BC, **{"Group size": 2, "dtype": "Float", "In msg nelems": 10, "Out msg nelems": 10})
ONE = ((1, 0, 1000),)
def mm(kts, kdur, launch=20):
    return ("aten::mm", launch, "gemm", kts, kdur, {})
def ar(kts, kdur, launch=30, args=AR, name="ncclKernel_AllReduce"):
    return ("nccl:all_reduce", launch, name, kts, kdur, args)

FIXTURES = {
    # three ranks, rank 2 late (its gemm runs long; its launch comes late: host wait)
    "late": {0: (ONE, [mm(100, 50), ar(200, 100)]),
             1: (ONE, [mm(100, 50), ar(210, 90)]),
             2: (ONE, [mm(100, 150), ar(260, 50, launch=255)])},
    # ranks 1 and 2 arrive together, last: the last rank is 1, no delay, no straggler
    "tie": {0: (ONE, [ar(200, 100)]), 1: (ONE, [ar(250, 50)]), 2: (ONE, [ar(250, 60)])},
    # rank 2 skips the broadcast; the all-reduce overlaps rank 0's gemm (exposed communication)
    "skip": {0: (ONE, [mm(100, 100), ar(150, 100, launch=31), ("nccl:broadcast", 40, "ncclKernel_Broadcast", 300, 20, BC)]),
             1: (ONE, [ar(170, 80, launch=31), ("nccl:broadcast", 40, "ncclKernel_Broadcast", 310, 20, BC)]),
             2: (ONE, [ar(160, 90, launch=31)])},
    # rank 1 has three all-reduces in step 1, rank 0 two: the third is not matched
    "counts": {0: (ONE, [ar(100, 10), ar(200, 10, launch=31)]),
               1: (ONE, [ar(105, 10), ar(202, 10, launch=31), ar(300, 10, launch=32)])},
    # rank 1's clock is 1000 us ahead: each of its events starts after rank 0's ended
    "clocks": {0: (((1, 0, 500),), [ar(100, 10), ar(200, 10, launch=31)]),
               1: (((1, 1000, 500),), [ar(1100, 10, launch=1030), ar(1202, 10, launch=1031)])},
    # Comms Id past 2^63, in another order on rank 2, one id twice on rank 1 (its first counts)
    "comms_id": {0: (ONE, [ar(100, 10, args={"Comms Id": 18446744073709551615}),
                           ar(200, 10, launch=31, args={"Comms Id": 9223372036854775808})]),
                 1: (ONE, [ar(104, 6, args={"Comms Id": 18446744073709551615}),
                           ar(150, 5, launch=31, args={"Comms Id": 18446744073709551615}),
                           ar(201, 9, launch=32, args={"Comms Id": 9223372036854775808})]),
                 2: (ONE, [ar(50, 60, args={"Comms Id": 9223372036854775808}),
                           ar(120, 5, launch=31, args={"Comms Id": 18446744073709551615})])},
    # Seq per process group: rank 1 runs group b's Seq 1 before group a's; numbered by time they would pair a with b
    "seq": {0: (ONE, [ar(100, 200, args={"Seq": 1, "Process Group Name": "a"}),
                      ar(310, 10, launch=31, args={"Seq": 1, "Process Group Name": "b"})]),
            1: (ONE, [ar(200, 130, args={"Seq": 1, "Process Group Name": "b"}),
                      ar(250, 10, launch=31, args={"Seq": 1, "Process Group Name": "a"})])},
    # rank 0 has steps 1 and 2, rank 1 steps 2 and 3: step 2's all-reduce only is matched
    "steps": {0: (((1, 0, 100), (2, 100, 100)), [ar(50, 10, launch=10), ar(150, 10, launch=110)]),
              1: (((2, 0, 100), (3, 100, 100)), [ar(52, 10, launch=10), ar(150, 10, launch=110)])},
    # sizes and dtype: bandwidths, and those of the transfer only (--summary collective --across-ranks);
    # the broadcast is on rank 0 only: a row with no instance
    "bandwidth": {0: (ONE, [ar(100, 10, args=SIZED), ar(202, 8, launch=31, args=SIZED),
                            ("nccl:broadcast", 40, "ncclKernel_Broadcast", 300, 20, BC_SIZED)]),
                  1: (ONE, [ar(104, 6, args=SIZED), ar(201, 10, launch=31, args=SIZED)])},
    # no step number in two traces: a warning, nothing matched
    "disjoint": {0: (((1, 0, 100),), [ar(50, 10, launch=10)]), 1: (((2, 0, 100),), [ar(52, 10, launch=10)])},
    # the page's bars (SPEC 28): rank 0's all-reduce waits under its gemm and under the broadcast's transfer,
    # which overlaps it; a memcpy after a gap that its late launch ends (host wait)
    "bars": {0: (ONE, [mm(100, 100), ar(150, 150, launch=31),
                       ("nccl:broadcast", 32, "ncclKernel_Broadcast", 230, 30, BC),
                       ("aten::copy_", 350, "Memcpy HtoD (Pageable -> Device)", 400, 50, {}, "gpu_memcpy")]),
             1: (ONE, [ar(250, 70, launch=31), ("nccl:broadcast", 32, "ncclKernel_Broadcast", 240, 30, BC)])},
    # Comms Ids that are none (0, null, "", a float) and a Seq of null: every event is numbered instead
    "comms_bad": {0: (ONE, [ar(100, 10, args=dict(AR, **{"Comms Id": 0})),
                            ar(200, 10, launch=31, args=dict(AR, **{"Comms Id": None})),
                            ar(300, 10, launch=32, args=dict(AR, **{"Seq": None}))]),
                  1: (ONE, [ar(104, 6, args=dict(AR, **{"Comms Id": 0})),
                            ar(202, 8, launch=31, args=dict(AR, **{"Comms Id": ""})),
                            ar(301, 9, launch=32, args=dict(AR, **{"Comms Id": 1.5}))])},
    # two process groups named tp, ranks [0, 1] and [2, 3] (rank 3 writes them as a list): two instances of
    # each collective, numbered and by Seq, never one of four ranks
    "groups": {r: (ONE, [ar(s, d, args=dict(AR, **{"Process Group Name": "tp", "Process Group Ranks": pgr})),
                         ar(s2, d2, launch=31, args={"Seq": 1, "Process Group Name": "tp", "Process Group Ranks": pgr})])
               for r, s, d, s2, d2, pgr in ((0, 100, 10, 200, 10, "[0, 1]"), (1, 105, 5, 201, 9, "[0, 1]"),
                                            (2, 500, 20, 600, 10, "[2, 3]"), (3, 510, 10, 602, 8, [2, 3]))},
    # the same, the ranks given by the record_param_comms ops only: the same table
    "groups_recorded": {r: (ONE, [(("record_param_comms", dict(AR, **{"Process Group Name": "tp", "Process Group Ranks": pgr})),
                                   30, "ncclKernel_AllReduce", s, d, dict(AR, **{"Process Group Name": "tp"})),
                                  (("record_param_comms", dict(AR, **{"Process Group Name": "tp", "Process Group Ranks": pgr})),
                                   31, "ncclKernel_AllReduce", s2, d2, {"Seq": 1, "Process Group Name": "tp"})])
                        for r, s, d, s2, d2, pgr in ((0, 100, 10, 200, 10, "[0, 1]"), (1, 105, 5, 201, 9, "[0, 1]"),
                                                     (2, 500, 20, 600, 10, "[2, 3]"), (3, 510, 10, 602, 8, [2, 3]))},
    # step start late (SPEC 26.6), three common steps (odd: the middle one), rank 0's step 4 on no other rank;
    # each all-reduce 200 us into its step: rank 2 is late at its collectives because it entered the steps late
    "start_before": {0: (((1, 0, 900), (2, 2000, 900), (3, 4000, 900), (4, 6000, 900)),
                         [ar(200, 400, launch=150), ar(2200, 400, launch=2150), ar(4200, 400, launch=4150)]),
                     1: (((1, 10, 900), (2, 2000, 900), (3, 4010, 900)),
                         [ar(210, 400, launch=160), ar(2200, 400, launch=2150), ar(4210, 400, launch=4160)]),
                     2: (((1, 100, 900), (2, 2300, 900), (3, 4040, 900)),
                         [ar(300, 400, launch=250), ar(2500, 400, launch=2450), ar(4240, 400, launch=4190)])},
    # two common steps (even: the mean of the middle two, half a ns rounded up), rank 1's step 3 on no other;
    # rank 2 enters the steps nearly on time but reaches its all-reduce 600 us in, the others 200 us in
    "start_in": {0: (((1, 0, 1500), (2, 2030, 1500)), [ar(200, 800, launch=100), ar(2230, 800, launch=2130)]),
                 1: (((1, 20, 1500), (2, 2000, 1500), (3, 4000, 1500)),
                     [ar(220, 800, launch=120), ar(2200, 800, launch=2100)]),
                 2: (((1, 10, 1500), (2, 2050.001, 1500)),
                     [ar(610, 800, launch=600), ar(2650.001, 800, launch=2640.001)])},
}

for name, ranks in FIXTURES.items():
    os.makedirs(name, exist_ok=True)
    for rank, (steps, kernels) in ranks.items():
        with open(f"{name}/rank{rank}.json", "w") as out:
            json.dump(trace(rank, steps, kernels), out, indent=0)
            out.write("\n")
