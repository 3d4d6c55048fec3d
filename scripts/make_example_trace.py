#!/usr/bin/env python3
"""Writes examples/example_trace.json: a small Kineto trace in the layout
torch.profiler writes (PyTorch 2.x, CUDA), for the Quick start and the manual.

One training step of a two-layer MLP on one GPU: nn.Module python functions,
cpu_ops on the forward thread and on the autograd (backward) thread, runtime
launches with a driver call nested in one of them, a Triton kernel launched
by cuLaunchKernel, a host-to-device copy, a memset, and a CUDA graph replay
that starts three kernels.

    make_example_trace.py [OUT]      (default: examples/example_trace.json)
"""
import json
import sys

PID, FWD, BWD = 4242, 4242, 4250
T0 = 1732000000000000
events = []
ids = {"ext": 0, "corr": 0}


def ev(cat, name, tid, ts, dur, **args):
    e = {"ph": "X", "cat": cat, "name": name, "pid": PID, "tid": tid,
         "ts": T0 + ts, "dur": dur}
    if args:
        e["args"] = args
    events.append(e)
    return e


def op(name, tid, ts, dur, dims=None, types=None):
    ids["ext"] += 1
    args = {"External id": ids["ext"], "Record function id": 0, "Ev Idx": len(events)}
    if dims is not None:
        args["Input Dims"] = dims
        args["Input type"] = types
    return ev("cpu_op", name, tid, ts, dur, **args)


def launch(name, tid, ts, dur, cat="cuda_runtime"):
    ids["corr"] += 1
    ev(cat, name, tid, ts, dur, **{"External id": ids["ext"], "cbid": 211, "correlation": ids["corr"]})
    return ids["corr"]


def device(cat, name, ts, dur, corr, stream=7, **extra):
    args = {"External id": ids["ext"], "device": 0, "stream": stream, "correlation": corr}
    args.update(extra)
    events.append({"ph": "X", "cat": cat, "name": name, "pid": 0, "tid": stream,
                   "ts": T0 + ts, "dur": dur, "args": args})


def kernel(name, ts, dur, corr, grid, block, stream=7):
    device("kernel", name, ts, dur, corr, stream, **{
        "registers per thread": 32, "shared memory": 0, "blocks per SM": 0.25,
        "warps per SM": 1.0, "grid": grid, "block": block,
        "est. achieved occupancy %": 6})


def forward_and_backward():
    ev("user_annotation", "ProfilerStep#3", FWD, 0, 3000.5, **{"External id": 1})
    ids["ext"] = 1
    op("aten::to", FWD, 10, 120.25, [[64, 512], [], [], [], []], ["float", "", "", "", ""])
    op("aten::copy_", FWD, 20, 100, [[64, 512], [64, 512], []], ["float", "float", ""])
    c = launch("cudaMemcpyAsync", FWD, 30, 80.125)
    device("gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", 40, 60.5, c, **{"bytes": 131072})

    ev("python_function", "nn.Module: MLP_0", FWD, 150, 900, **{"Python id": 1, "Python thread": 0})
    ev("python_function", "torch/nn/modules/module.py(1501): _call_impl", FWD, 152, 896)
    ev("python_function", "nn.Module: Linear_0", FWD, 160, 300, **{"Python id": 2, "Python thread": 0})
    op("aten::linear", FWD, 165, 290, [[64, 512], [1024, 512], [1024]], ["float", "float", "float"])
    op("aten::addmm", FWD, 180, 260, [[1024], [64, 512], [512, 1024], [], []], ["float", "float", "float", "Scalar", "Scalar"])
    c = launch("cudaLaunchKernel", FWD, 200, 40)
    ev("cuda_driver", "cuLaunchKernel", FWD, 205, 30, **{"External id": ids["ext"], "correlation": c + 1000})
    kernel("ampere_sgemm_64x32_sliced1x4_tn", 460, 25.75, c, [16, 2, 1], [128, 1, 1])

    ev("python_function", "nn.Module: ReLU_0", FWD, 470, 120, **{"Python id": 3, "Python thread": 0})
    op("aten::relu", FWD, 475, 110, [[64, 1024]], ["float"])
    op("aten::clamp_min", FWD, 480, 100, [[64, 1024], []], ["float", "Scalar"])
    c = launch("cudaLaunchKernel", FWD, 500, 20)
    kernel("void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)"
           "::launch_clamp_scalar(at::TensorIteratorBase&, c10::Scalar, c10::Scalar, "
           "at::native::detail::ClampLimits)::{lambda()#1}::operator()() const::{lambda()#7}"
           "::operator()() const::{lambda(float)#1}, at::detail::Array<char*, 2> >(int, "
           "at::native::(anonymous namespace)::launch_clamp_scalar(at::TensorIteratorBase&, "
           "c10::Scalar, c10::Scalar, at::native::detail::ClampLimits)::{lambda()#1}::operator()() "
           "const::{lambda()#7}::operator()() const::{lambda(float)#1}, "
           "at::detail::Array<char*, 2>)", 600, 3.2, c, [64, 1, 1], [128, 1, 1])

    ev("python_function", "nn.Module: Linear_1", FWD, 600, 400, **{"Python id": 4, "Python thread": 0})
    op("Torch-Compiled Region: 0/0", FWD, 610, 380)
    op("aten::empty_strided", FWD, 620, 15, [[], [], [], [], [], []], ["", "", "", "", "", ""])
    c = launch("cuLaunchKernel", FWD, 700, 35, cat="cuda_driver")
    kernel("triton_poi_fused_addmm_gelu_0", 760, 4.5, c, [256, 1, 1], [128, 1, 1])
    op("aten::mse_loss", FWD, 1100, 150, [[64, 10], [64, 10]], ["float", "float"])
    c = launch("cudaMemsetAsync", FWD, 1110, 12)
    device("gpu_memset", "Memset (Device)", 1130, 1.1, c, **{"bytes": 40})
    c = launch("cudaLaunchKernel", FWD, 1150, 18)
    kernel("void at::native::reduce_kernel<512, 1>(at::native::ReduceOp<float>)", 1180, 6.4, c, [1, 1, 1], [32, 16, 1])

    op("CUDAGraph::replay", FWD, 1300, 200)
    c = launch("cudaGraphLaunch", FWD, 1320, 150)
    for i, (name, dur) in enumerate([("graph_gemm_fwd", 20.5), ("graph_bias_relu", 2.25), ("graph_gemm_out", 11)]):
        kernel(name, 1480 + 30 * i, dur, c, [8, 1, 1], [256, 1, 1], stream=21)

    # the autograd engine runs the backward pass on a thread of its own,
    # overlapping the forward thread's ops in time
    op("autograd::engine::evaluate_function: AddmmBackward0", BWD, 1200, 500)
    op("AddmmBackward0", BWD, 1210, 480)
    op("aten::mm", BWD, 1220, 200, [[64, 1024], [1024, 512]], ["float", "float"])
    c = launch("cudaLaunchKernel", BWD, 1240, 25)
    kernel("ampere_sgemm_128x64_nn", 1600, 40.125, c, [8, 4, 1], [256, 1, 1])
    op("aten::sum", BWD, 1450, 100, [[64, 1024], [], [], []], ["float", "", "", ""])
    c = launch("cudaLaunchKernel", BWD, 1470, 20)
    kernel("void at::native::reduce_kernel<256, 2>(at::native::ReduceOp<float>)", 1700, 5.6, c, [4, 1, 1], [256, 1, 1])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "examples/example_trace.json"
    forward_and_backward()
    events.append({"ph": "M", "name": "process_name", "pid": PID, "tid": 0, "args": {"name": "python3"}})
    events.append({"ph": "M", "name": "thread_name", "pid": PID, "tid": BWD, "args": {"name": "autograd thread"}})
    doc = {
        "schemaVersion": 1,
        "deviceProperties": [{
            "id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85029158912,
            "computeMajor": 9, "computeMinor": 0, "maxThreadsPerBlock": 1024,
            "maxThreadsPerMultiprocessor": 2048, "regsPerBlock": 65536, "warpSize": 32,
            "sharedMemPerBlock": 49152, "numSms": 132}],
        "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 1},
        "record_shapes": 1,
        "traceEvents": events,
        "traceName": "example_trace.json",
        "displayTimeUnit": "ms",
        "baseTimeNanoseconds": 1700000000000000000,
    }
    with open(out, "w", encoding="utf-8") as f:
        f.write("{\n")
        items = list(doc.items())
        for i, (k, v) in enumerate(items):
            sep = "," if i + 1 < len(items) else ""
            if k == "traceEvents":
                f.write('  "traceEvents": [\n')
                f.write(",\n".join("    " + json.dumps(e) for e in v))
                f.write("\n  ]%s\n" % sep)
            else:
                f.write("  %s: %s%s\n" % (json.dumps(k), json.dumps(v), sep))
        f.write("}\n")


if __name__ == "__main__":
    main()
