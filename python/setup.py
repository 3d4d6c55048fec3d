"""Builds profile_parser, the Python binding of libprofile_parser (SPEC 31).

Where the library comes from, first found:
  PROFILE_PARSER_BUILDDIR=DIR  a build tree of profile_parser (its
      .libs/libprofile_parser.so, made by make), the header from the source
      tree beside this file; the module finds the library there at run time
      (an rpath): for the tests, without installing anything;
  pkg-config profile_parser    the installed library (make install);
and GLib (pkg-config glib-2.0), which the library needs too.
  the build tree around this folder, if make has built it there.
Offline: pip install --no-build-isolation ./python (or make install-python).
"""
import os
import shlex
import subprocess

from setuptools import Extension, setup

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)


def in_tree(builddir):
    libs = os.path.join(os.path.abspath(builddir), ".libs")
    flags = pkg_config("glib-2.0")  # the module's hash tables
    if flags is None:
        raise SystemExit("profile_parser: pkg-config glib-2.0 failed (Debian: apt-get install libglib2.0-dev)")
    flags["include_dirs"].append(os.path.join(top, "src", "api"))
    flags["library_dirs"].append(libs)
    flags["runtime_library_dirs"].append(libs)
    flags["libraries"].append("profile_parser")
    return flags


def pkg_config(*packages):
    try:
        out = subprocess.run(["pkg-config", "--cflags", "--libs"] + list(packages),
                             check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    flags = dict(include_dirs=[], library_dirs=[], libraries=[], runtime_library_dirs=[])
    for flag in shlex.split(out):
        if flag.startswith("-I"):
            flags["include_dirs"].append(flag[2:])
        elif flag.startswith("-L"):
            flags["library_dirs"].append(flag[2:])
            if flag[2:] not in ("/usr/lib", "/lib") and not flag[2:].startswith("/usr/lib/"):
                flags["runtime_library_dirs"].append(flag[2:])
        elif flag.startswith("-l"):
            flags["libraries"].append(flag[2:])
    return flags


def library():
    if os.environ.get("PROFILE_PARSER_BUILDDIR"):
        return in_tree(os.environ["PROFILE_PARSER_BUILDDIR"])
    flags = pkg_config("profile_parser", "glib-2.0")
    if flags:
        return flags
    if os.path.exists(os.path.join(top, ".libs", "libprofile_parser.so")):
        return in_tree(top)
    raise SystemExit("profile_parser: libprofile_parser not found: make install it (pkg-config "
                     "profile_parser), or set PROFILE_PARSER_BUILDDIR to a build tree made by make")


sources = ["src/module.c", "src/analysis.c", "src/options.c", "src/convert.c", "src/errors.c"]
setup(
    name="profile_parser",
    version="1.0.0",
    description="The analysis of PyTorch profiler traces (libprofile_parser) from Python",
    license="MIT",
    python_requires=">=3.10",
    ext_modules=[Extension("profile_parser", sources=sources,
                           extra_compile_args=["-std=c11", "-Wall", "-Wextra"], **library())],
    extras_require={"pandas": ["pandas"]},
)
