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

Needs PyTorch 2.x built with Kineto (torch.autograd.kineto_available()):
without it, export_chrome_trace writes the legacy format (no shapes, memory
events or ids), which the Execution Trace cannot join; --help works without
PyTorch. What cannot be done is refused before anything runs, with a message
and exit status 2: PyTorch missing or without Kineto, a $RANK that is not an
integer (without --rank), --device cuda without CUDA, --cuda-graphs on a CPU,
--profile-capture without --cuda-graphs.
"""
import argparse
import importlib
import os
import sys


PROGRAM = "collect_trace.py"


def refuse(message):
    """Says why the collection cannot be done, and exits with status 2."""
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    sys.exit(2)


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="traces", help="directory for the traces (default: traces)")
    parser.add_argument("--model", help='factory "package.module:function" (default: a small MLP)')
    parser.add_argument("--rank", type=int, default=None,
                        help="rank in the file names (default: $RANK, else 0)")
    parser.add_argument("--wait", type=int, default=1, help="steps before the profiler warms up (default 1)")
    parser.add_argument("--warmup", type=int, default=1, help="warm-up steps, not recorded (default 1)")
    parser.add_argument("--active", type=int, default=2, help="steps recorded in both traces (default 2)")
    parser.add_argument("--device", default=None, choices=("cuda", "cpu"),
                        help="cuda or cpu (default: cuda when there is one)")
    parser.add_argument("--compile", action="store_true", help="run the model through torch.compile")
    parser.add_argument("--cuda-graphs", action="store_true", help="capture the forward pass as a CUDA graph")
    parser.add_argument("--profile-capture", action="store_true",
                        help="with --cuda-graphs, also profile the graph capture (OUT/graph_capture_RANK.json)")
    parser.add_argument("--gzip", action="store_true", help="compress the Kineto trace (.json.gz)")
    args = parser.parse_args(argv)  # --help ends here, whatever $RANK holds
    if args.rank is None:
        rank = os.environ.get("RANK", "0")
        try:
            args.rank = int(rank)
        except ValueError:
            refuse(f"RANK={rank!r} in the environment is not an integer: unset it, or give --rank N")
    if args.profile_capture and not args.cuda_graphs:
        refuse("--profile-capture profiles the capture of --cuda-graphs: give --cuda-graphs too")
    if args.cuda_graphs and args.device == "cpu":
        refuse("--cuda-graphs captures CUDA graphs: it needs --device cuda, not cpu")
    return args


def check_torch(torch, args):
    """The device the collection runs on, once PyTorch can do what ARGS ask;
    refuses otherwise."""
    kineto_available = getattr(torch.autograd, "kineto_available", None)
    if kineto_available is None or not kineto_available():
        refuse(f"this PyTorch ({getattr(torch, '__version__', '?')}) is built without Kineto "
               "(torch.autograd.kineto_available() is false): its export_chrome_trace writes the legacy "
               "format, which keeps no shapes, memory events or ids, and the Execution Trace joins "
               "nothing in it; install a PyTorch with Kineto (the builds of pytorch.org have it)")
    cuda = torch.cuda.is_available()
    if args.device == "cuda" and not cuda:
        refuse("--device cuda: this PyTorch sees no CUDA device (torch.cuda.is_available() is false); "
               "give --device cpu, or run where a GPU is visible")
    device = args.device or ("cuda" if cuda else "cpu")
    if args.cuda_graphs and device != "cuda":
        refuse("--cuda-graphs captures CUDA graphs, and this PyTorch sees no CUDA device "
               "(torch.cuda.is_available() is false): run where a GPU is visible, or leave it out")
    return device


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
    try:
        import torch  # here, so that --help needs no PyTorch
    except ImportError as error:
        refuse(f"PyTorch 2.x is needed ({error})")
    device = check_torch(torch, args)
    try:
        from torch.profiler import ExecutionTraceObserver, ProfilerActivity, profile, schedule
    except ImportError as error:
        refuse(f"PyTorch 2.x is needed, with torch.profiler.ExecutionTraceObserver ({error})")

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
    collect(args)


if __name__ == "__main__":
    main()
