#!/usr/bin/env python3
"""The job fixtures of tests/findings.sh (SPEC 22's job rules): each NAME/
holds rank0.json and rank1.json; WORKING says what each must give.
Times in us; each rank: ProfilerStep#1 [0, 1000], aten::op [0, 1000) holding
every launch, a gemm [0, 800) on device 0 (so no gap, no exposed
communication, and a device busy 80% of the span: no device-bound), and its
allreduces on device 0."""
import json, os, sys

AR = "ncclDevKernel_AllReduce_Sum_f32_RING_LL"

def rank(number, allreduces, gemm=(0, 800)):
    ev = [{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 1, "tid": 1, "ts": 0, "dur": 1000},
          {"ph": "X", "cat": "cpu_op", "name": "aten::op", "pid": 1, "tid": 1, "ts": 0, "dur": 1000}]
    kernels = [("gemm", gemm[0], gemm[1] - gemm[0], 8)] + [(AR, s, e - s, 9) for s, e in allreduces]
    for i, (name, ts, dur, stream) in enumerate(kernels):
        ev.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 0.001 * (i + 1),
                   "dur": 0.0005, "args": {"correlation": i + 1}})
        ev.append({"ph": "X", "cat": "kernel", "name": name, "pid": 0, "tid": stream, "ts": ts, "dur": dur,
                   "args": {"correlation": i + 1, "device": 0, "stream": stream}})
    return {"traceEvents": ev, "distributedInfo": {"rank": number, "world_size": 2}}

same = [(100 + 50 * k, 140 + 50 * k) for k in range(10)]
FIXTURES = {
    "job": ([(100, 200)], [(200, 250)]),
    "job_wait_under": ([(100.002, 200)], [(200, 250)]),
    "job_straggler_under": ([(190.001, 200)], [(200, 250)]),
    "clocks": ([(100, 110), (150, 160)] + same[2:], [(120, 140), (170, 190)] + same[2:]),
    "clocks_under": ([(100, 110)] + same[1:], [(120, 140)] + same[1:]),
    # r0's gemm [500, 1000) leaves its allreduce exposed
    "exposed": ([(100, 300)], [(200, 300)], (500, 1000)),
    "exposed_under": ([(100, 299.999)], [(200, 299.999)], (500, 1000)),
}

here = os.path.dirname(os.path.abspath(sys.argv[0]))
for name, (r0, r1, *gemm) in FIXTURES.items():
    os.makedirs(os.path.join(here, name), exist_ok=True)
    for number, allreduces in ((0, r0), (1, r1)):
        with open(os.path.join(here, name, "rank%d.json" % number), "w") as f:
            json.dump(rank(number, allreduces, *(gemm if number == 0 else ())), f)
