#!/usr/bin/env python3
"""Collects a Kineto trace and a PyTorch Execution Trace of the same training
steps of a model, named by rank, with the settings profile_parser's analysis
needs:

  OUT/kineto_trace_RANK.json   torch.profiler: CPU and CUDA activities,
                               record_shapes, with_stack, profile_memory, a
                               wait/warmup/active schedule
  OUT/torch_et_RANK.json       ExecutionTraceObserver, started and stopped on
                               the boundaries of the same active steps

Then, for every rank at once:

  profile_parser -s OUT/ -d csv/ --et OUT/ -mc cpu_op,user_annotation

The model is a small MLP (forward, loss, backward, optimizer step) unless
--model names a factory: "package.module:function", called with no argument,
returning (model, make_batch) where make_batch(device) returns the inputs of
one step; the loss is the sum of the model's output. --compile runs the model
through torch.compile (Triton kernels launched by cuLaunchKernel);
--cuda-graphs captures the forward pass as a CUDA graph (one cudaGraphLaunch
starting many kernels); with --profile-capture the capture itself is
profiled too, into OUT/graph_capture_RANK.json, for

  profile_parser -s OUT/kineto_trace_RANK.json --graph-capture OUT/graph_capture_RANK.json

to put the replayed kernels back under the ops that captured them. Under
torchrun, the rank comes from $RANK.

Needs PyTorch 2.x; --help works without it.
"""
import argparse
import importlib
import os
import sys


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="traces", help="directory for the traces (default: traces)")
    parser.add_argument("--model", help='factory "package.module:function" (default: a small MLP)')
    parser.add_argument("--rank", type=int, default=int(os.environ.get("RANK", "0")),
                        help="rank in the file names (default: $RANK, else 0)")
    parser.add_argument("--wait", type=int, default=1, help="steps before the profiler warms up (default 1)")
    parser.add_argument("--warmup", type=int, default=1, help="warm-up steps, not recorded (default 1)")
    parser.add_argument("--active", type=int, default=2, help="steps recorded in both traces (default 2)")
    parser.add_argument("--device", default=None, help="cuda or cpu (default: cuda when there is one)")
    parser.add_argument("--compile", action="store_true", help="run the model through torch.compile")
    parser.add_argument("--cuda-graphs", action="store_true", help="capture the forward pass as a CUDA graph")
    parser.add_argument("--profile-capture", action="store_true",
                        help="with --cuda-graphs, also profile the graph capture (OUT/graph_capture_RANK.json)")
    parser.add_argument("--gzip", action="store_true", help="compress the Kineto trace (.json.gz)")
    return parser.parse_args(argv)


def small_mlp(torch):
    model = torch.nn.Sequential(torch.nn.Linear(512, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 10))
    return model, lambda device: (torch.randn(64, 512, device=device),)


def load_model(spec, torch):
    if not spec:
        return small_mlp(torch)
    module, _, function = spec.partition(":")
    return getattr(importlib.import_module(module), function)()


def profile_capture(torch, args, capture):
    """Runs CAPTURE (the warm-up and the graph capture) under torch.profiler
    and writes its trace: the capture windows and the ops around the captured
    launches, for --graph-capture."""
    from torch.profiler import ProfilerActivity, profile
    path = os.path.join(args.out, f"graph_capture_{args.rank}.json" + (".gz" if args.gzip else ""))
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA], record_shapes=True) as prof:
        graphed = capture()
        torch.cuda.synchronize()
    prof.export_chrome_trace(path)
    print(path)
    return graphed


def make_step(torch, model, make_batch, device, args):
    forward = model
    if args.compile:
        forward = torch.compile(model)
    if args.cuda_graphs and device == "cuda":
        capture = lambda: torch.cuda.make_graphed_callables(model, make_batch(device))
        forward = profile_capture(torch, args, capture) if args.profile_capture else capture()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

    def step():
        optimizer.zero_grad(set_to_none=True)
        output = forward(*make_batch(device))
        output.sum().backward()  # the autograd engine runs it on a thread of its own
        optimizer.step()
    return step


def collect(args):
    import torch  # here, so that --help needs no PyTorch
    from torch.profiler import ExecutionTraceObserver, ProfilerActivity, profile, schedule

    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    os.makedirs(args.out, exist_ok=True)
    kineto_path = os.path.join(args.out, f"kineto_trace_{args.rank}.json" + (".gz" if args.gzip else ""))
    et_path = os.path.join(args.out, f"torch_et_{args.rank}.json")
    model, make_batch = load_model(args.model, torch)
    model = model.to(device)
    step = make_step(torch, model, make_batch, device, args)
    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device == "cuda" else [])
    first_active = args.wait + args.warmup
    et = ExecutionTraceObserver()
    et.register_callback(et_path)
    with profile(activities=activities, record_shapes=True, with_stack=True, profile_memory=True,
                 schedule=schedule(wait=args.wait, warmup=args.warmup, active=args.active, repeat=1),
                 on_trace_ready=lambda prof: prof.export_chrome_trace(kineto_path)) as prof:
        for i in range(first_active + args.active):
            if i == first_active:
                et.start()
            with torch.profiler.record_function(f"## step {i} ##"):
                step()
            if device == "cuda":
                torch.cuda.synchronize()
            if i == first_active + args.active - 1:
                et.stop()
            prof.step()
    et.unregister_callback()
    print(f"{kineto_path}\n{et_path}")


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        collect(args)
    except ImportError as error:
        sys.exit(f"collect_trace.py: PyTorch 2.x is needed ({error})")


if __name__ == "__main__":
    main()
