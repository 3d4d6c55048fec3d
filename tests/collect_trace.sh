#!/bin/sh
# scripts/collect_trace.py refuses what it cannot do, before running
# anything, with one line on standard error and exit status 2 (no traceback):
# a $RANK that is not an integer (--help still works), PyTorch without Kineto
# (its export_chrome_trace writes the legacy format), --device cuda without
# CUDA, --cuda-graphs on a CPU, --profile-capture without --cuda-graphs,
# PyTorch missing. These run everywhere, against a stub `torch` package put
# first on PYTHONPATH ($tmp/stub: its Kineto and CUDA set by STUB_KINETO and
# STUB_CUDA; its torch.profiler lacks ExecutionTraceObserver, so a run that
# passes every check stops there, with status 2 too). Where python3 imports
# a real PyTorch, the script runs for real: with Kineto, it must write a
# Kineto trace (an object with traceEvents, cpu_op events with Input Dims)
# and an Execution Trace that profile_parser joins to it; without Kineto
# (Debian's python3-torch), it must refuse. Without one, that part is
# skipped, saying so.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
script=$top_srcdir/scripts/collect_trace.py
command -v python3 >/dev/null || skip_all "no python3 to run scripts/collect_trace.py; install python3 to run this test"

stub=$tmp/stub
mkdir -p "$stub/torch" "$tmp/notorch/torch"
cat > "$stub/torch/__init__.py" <<'EOF'
"""A stub of torch for tests/collect_trace.sh: what the script asks first."""
import os
import types

__version__ = "0.0+stub"
autograd = types.SimpleNamespace()
if os.environ.get("STUB_KINETO") != "absent":  # absent: a PyTorch older than kineto_available()
    autograd.kineto_available = lambda: os.environ.get("STUB_KINETO") == "1"
cuda = types.SimpleNamespace(is_available=lambda: os.environ.get("STUB_CUDA") == "1")
EOF
cat > "$stub/torch/profiler.py" <<'EOF'
"""No ExecutionTraceObserver here: the script stops at its import."""
EOF
cat > "$tmp/notorch/torch/__init__.py" <<'EOF'
raise ImportError("No module named 'torch' (stub)")
EOF

# refused DESCRIPTION TEXT [VAR=VALUE...] -- ARGS...: the script, with the
# stub torch and those variables, exits 2 with one line on standard error
# holding TEXT, no traceback, and writes nothing in $tmp/out.
refused() {
	description=$1 text=$2; shift 2
	vars=
	while [ "$1" != -- ]; do vars="$vars $1"; shift; done
	shift
	rm -rf "$tmp/out"
	# shellcheck disable=SC2086 # the variables, one word each
	env PYTHONPATH="${stub_path:-$stub}" $vars python3 "$script" --out "$tmp/out" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
	status=$?
	if [ $status = 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && grep -qF -- "collect_trace.py: $text" "$tmp/stderr" &&
		! grep -q Traceback "$tmp/stderr" && [ ! -e "$tmp/out" ]; then
		pass "$description"
	else
		fail "$description: status $status (wanted 2), wanted one line 'collect_trace.py: $text...'; got: $(cat "$tmp/stderr")"
	fi
}

# --help needs no PyTorch and reads no $RANK
env PYTHONPATH="$tmp/notorch" RANK=abc python3 "$script" --help >"$tmp/stdout" 2>"$tmp/stderr" &&
	grep -q -- "--cuda-graphs" "$tmp/stdout" && [ ! -s "$tmp/stderr" ] \
	&& pass "--help with RANK=abc and no PyTorch" || fail "--help with RANK=abc: $(cat "$tmp/stderr")"

refused "a RANK that is not an integer" "RANK='abc' in the environment is not an integer: unset it, or give --rank N" \
	RANK=abc STUB_KINETO=1 -- --device cpu
refused "an empty RANK" "RANK='' in the environment is not an integer" RANK= STUB_KINETO=1 -- --device cpu
refused "--rank given: a bad RANK is not read (the next check refuses)" "this PyTorch (0.0+stub) is built without Kineto" \
	RANK=abc STUB_KINETO=0 -- --rank 3
refused "PyTorch without Kineto" "this PyTorch (0.0+stub) is built without Kineto (torch.autograd.kineto_available() is false): its export_chrome_trace writes the legacy format" \
	STUB_KINETO=0 STUB_CUDA=1 --
refused "PyTorch without kineto_available()" "this PyTorch (0.0+stub) is built without Kineto" STUB_KINETO=absent --
refused "--device cuda without CUDA" "--device cuda: this PyTorch sees no CUDA device (torch.cuda.is_available() is false)" \
	STUB_KINETO=1 STUB_CUDA=0 -- --device cuda
refused "--cuda-graphs without CUDA" "--cuda-graphs captures CUDA graphs, and this PyTorch sees no CUDA device" \
	STUB_KINETO=1 STUB_CUDA=0 -- --cuda-graphs
refused "--cuda-graphs --profile-capture without CUDA" "--cuda-graphs captures CUDA graphs, and this PyTorch sees no CUDA device" \
	STUB_KINETO=1 STUB_CUDA=0 -- --cuda-graphs --profile-capture
refused "--cuda-graphs --device cpu" "--cuda-graphs captures CUDA graphs: it needs --device cuda, not cpu" \
	STUB_KINETO=1 STUB_CUDA=1 -- --cuda-graphs --device cpu
refused "--profile-capture without --cuda-graphs" "--profile-capture profiles the capture of --cuda-graphs: give --cuda-graphs too" \
	STUB_KINETO=1 STUB_CUDA=1 -- --profile-capture
env PYTHONPATH="$stub" STUB_KINETO=1 python3 "$script" --out "$tmp/out" --device tpu >"$tmp/stdout" 2>"$tmp/stderr"
[ $? = 2 ] && grep -q "argument --device: invalid choice: 'tpu'" "$tmp/stderr" && [ ! -e "$tmp/out" ] \
	&& pass "--device of another name" || fail "--device of another name: $(cat "$tmp/stderr")"
stub_path=$tmp/notorch; refused "no PyTorch" "PyTorch 2.x is needed" --; stub_path=
# every check passed: the stub has no ExecutionTraceObserver, and the script
# says so (status 2, not a traceback); --rank overrides a bad RANK
refused "Kineto and a CPU: the checks pass" "PyTorch 2.x is needed, with torch.profiler.ExecutionTraceObserver" \
	RANK=abc STUB_KINETO=1 STUB_CUDA=0 -- --rank 1
refused "Kineto and CUDA, --cuda-graphs --profile-capture: the checks pass" \
	"PyTorch 2.x is needed, with torch.profiler.ExecutionTraceObserver" STUB_KINETO=1 STUB_CUDA=1 -- --cuda-graphs --profile-capture

# A real PyTorch, where python3 has one
if ! python3 -c "import torch" >"$tmp/import" 2>&1; then
	skip "no PyTorch importable by python3 ($(tail -n 1 "$tmp/import")): the collection itself is not run; with a PyTorch installed, this test runs scripts/collect_trace.py and checks the traces it writes"
	finish
	exit
fi
real=$(python3 -c "import torch; print(torch.__version__, int(bool(getattr(torch.autograd, 'kineto_available', lambda: False)())), int(torch.cuda.is_available()))")
# shellcheck disable=SC2086 # three words: version, Kineto, CUDA
set -- $real
version=$1 kineto=$2 has_cuda=$3
if [ "$kineto" != 1 ]; then
	stub_path=$tmp/none; refused "PyTorch $version, which has no Kineto: refused" "this PyTorch ($version) is built without Kineto" -- --device cpu; stub_path=
	skip "PyTorch $version has no Kineto: no trace to check (a PyTorch with Kineto, as pytorch.org builds it, runs the collection)"
	finish
	exit
fi
# collect DEVICE ARGS...: runs the script for real into $tmp/DEVICE; checks
# the Kineto trace and the Execution Trace it wrote, and their join.
collect() {
	device=$1; shift
	out=$tmp/$device
	if ! timeout 600 python3 "$script" --out "$out" --device "$device" "$@" >"$tmp/stdout" 2>"$tmp/stderr"; then
		fail "PyTorch $version, --device $device $*: the collection failed: $(tail -n 5 "$tmp/stderr")"
		return
	fi
	python3 - "$out/kineto_trace_0.json" "$out/torch_et_0.json" "$device" >"$tmp/check" 2>&1 <<'EOF'
import json, sys
kineto, et, device = sys.argv[1:4]
with open(kineto) as f:
    trace = json.load(f)
assert isinstance(trace, dict) and "traceEvents" in trace, "not a Kineto trace (the legacy format?)"
events = trace["traceEvents"]
ops = [e for e in events if e.get("cat") == "cpu_op"]
assert ops, "no cpu_op event"
assert any(e.get("args", {}).get("Input Dims") for e in ops), "no Input Dims (record_shapes)"
assert any(e.get("name") == "[memory]" for e in events), "no [memory] event (profile_memory)"
if device == "cuda":
    assert any(e.get("cat") == "kernel" for e in events), "no kernel event"
with open(et) as f:
    assert json.load(f).get("nodes"), "no Execution Trace nodes"
print("ok")
EOF
	if grep -qx ok "$tmp/check"; then
		pass "PyTorch $version, --device $device $*: a Kineto trace with shapes and memory events, and an Execution Trace"
	else
		fail "PyTorch $version, --device $device $*: $(tail -n 3 "$tmp/check")"
		return
	fi
	"$PROFILE_PARSER" -s "$out/kineto_trace_0.json" --et "$out/torch_et_0.json" -d "$tmp/$device.csv" -mc cpu_op \
		--columns "name,et node" 2>"$tmp/pp.err"
	status=$?
	if [ $status = 0 ] && ! grep -q "legacy format\|does not overlap" "$tmp/pp.err" && grep -q '^"aten::[^"]*","[0-9]' "$tmp/$device.csv"; then
		pass "PyTorch $version, --device $device: profile_parser joins the Execution Trace to the trace"
	else
		fail "PyTorch $version, --device $device: profile_parser (status $status): $(grep warning "$tmp/pp.err") $(head -n 3 "$tmp/$device.csv")"
	fi
}
collect cpu
if [ "$has_cuda" = 1 ]; then
	collect cuda
	stub_path=$tmp/none
	refused "PyTorch $version with CUDA: --profile-capture alone still refused" \
		"--profile-capture profiles the capture of --cuda-graphs" -- --profile-capture
	stub_path=
else
	stub_path=$tmp/none; refused "PyTorch $version without CUDA: --device cuda refused" "--device cuda: this PyTorch sees no CUDA device" -- --device cuda; stub_path=
	skip "PyTorch $version sees no CUDA device: the collection on a GPU is not run"
fi
finish
