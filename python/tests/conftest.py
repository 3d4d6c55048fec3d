"""What the binding's tests share: the program (PROFILE_PARSER), the source
tree (top_srcdir), the shared traces (PP_TRACES: one path a line, as
tests/lib.sh's shared_traces lists them; else those of at most 400,000
bytes in ../shared/traces, every one under PROFILE_PARSER_SLOW=1), and the
program's CSV of a command line, parsed."""
import csv
import io
import os
import subprocess

import pytest

csv.field_size_limit(1 << 30)

TOP = os.environ.get("top_srcdir") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAM = os.environ.get("PROFILE_PARSER") or os.path.join(TOP, "profile_parser")
PEAKS = os.path.join(TOP, "data", "peaks.tsv")
EXAMPLE = os.path.join(TOP, "examples", "example_trace.json")
VIEWS = ["nodes", "path", "name", "step", "kernel", "perf", "collective", "timeline",
         "idle", "memory", "rank", "findings", "gaps", "critical"]


def shared_traces():
    listed = os.environ.get("PP_TRACES")
    if listed is not None:
        return [line for line in listed.splitlines() if line]
    folder = os.environ.get("PROFILE_PARSER_TRACES") or os.path.join(TOP, "..", "shared", "traces")
    if not os.path.isdir(folder):
        return []
    slow = bool(os.environ.get("PROFILE_PARSER_SLOW"))
    paths = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json.gz"))
    return [p for p in paths if slow or os.path.getsize(p) <= 400000]


def program_args(options, traces, view):
    """The program's command line for analyze(traces, **options).table(view)."""
    args = [PROGRAM, "-q", "-d", "-"]
    for name, value in options.items():
        dashes = "-" if len(name) <= 2 else "--"  # -mc, -hc, -dc
        if value is True:
            args.append(dashes + name)
        elif isinstance(value, (list, tuple)):
            args.append("%s%s=%s" % (dashes, name, ",".join(str(v) for v in value)))
        else:
            args.append("%s%s=%s" % (dashes, name, value))
    for trace in traces:
        args += ["-s", trace]
    if view not in ("nodes", "diff", "across_ranks"):
        args.append("--summary=" + view)
    return args


def run_program(args):
    """(exit status, standard output, standard error) of the program."""
    env = dict(os.environ, LC_ALL="C")
    done = subprocess.run(args, capture_output=True, env=env)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def program_csv(options, traces, view):
    """The program's CSV as a list of rows (the header first)."""
    status, out, err = run_program(program_args(options, traces, view))
    assert status == 0, err
    return list(csv.reader(io.StringIO(out, newline="")))


@pytest.fixture(scope="session")
def traces():
    found = shared_traces()
    if not found:
        pytest.skip("no shared traces: PROFILE_PARSER_TRACES=DIR (a folder of the shared traces)")
    return found
