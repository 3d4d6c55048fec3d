"""The README's "From Python" example runs as a notebook cell would, and
prints what the README says it prints (and, with matplotlib, draws its
plot)."""
import os
import re
import subprocess
import sys

from conftest import TOP


def section():
    text = open(os.path.join(TOP, "README.md"), encoding="utf-8").read()
    start = text.index("### From Python")
    end = text.index("\n## ", start)
    return text[start:end]


def test_readme_example(tmp_path):
    text = section()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    printed = re.search(r"\nprints\n\n```\n(.*?)```", text, re.S).group(1)
    # the source tree's files wherever the cell runs (its plot lands in tmp_path)
    code = code.replace('"examples/', '"%s/examples/' % TOP).replace('"data/', '"%s/data/' % TOP)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert done.returncode == 0, done.stderr
    assert done.stdout == printed
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return
    assert (tmp_path / "top_ops.png").stat().st_size > 0


def test_man_page_example(tmp_path):
    """profile_parser(3), PYTHON: its example, on the bundled trace (and the
    source tree's table of peaks, the library not being installed)."""
    from conftest import EXAMPLE, PEAKS
    page = open(os.path.join(TOP, "man", "profile_parser.3"), encoding="utf-8").read()
    python = page[page.index("\n.SH PYTHON\n"):page.index("\n.SH FILES\n")]
    code = re.search(r"\n\.EX\n(.*?)\n\.EE\n", python, re.S).group(1)
    for roff, text in (("\\-", "-"), ("\\(aq", "'"), ("\\e", "\\"), ("\\&", "")):
        code = code.replace(roff, text)
    code = code.replace('"trace.json"', '%r, peaks=%r' % (EXAMPLE, PEAKS))
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert done.returncode == 0, done.stderr
    assert "ProfilerStep#3" in done.stdout and "host-overhead" in done.stdout
