#!/bin/sh
# The Python binding (SPEC 31, python/): the module built by setuptools
# against the build tree's library (.libs, found at run time by its rpath;
# nothing installed), then its pytest suite (python/tests): every view's
# table equals the program's CSV cell for cell on the shared traces
# (small_shared_traces: those of at most 50 kB, every one under PROFILE_PARSER_SLOW=1),
# errors raise with the program's message, two analyses in two threads
# agree with one at a time (and the GIL is released while a trace is read:
# a named pipe filled by another thread), a dict of lists without pandas, and the README's
# "From Python" example runs; and make install-python into a scratch
# prefix gives a module that runs. The Python is configure's PYTHON_BINDING (one
# with headers, setuptools and, preferred, pytest); skipped, saying why,
# without one.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
build=${abs_top_builddir:-$top_srcdir}
py=${PYTHON_BINDING:-}
[ -n "$py" ] || skip_all "no Python with its headers and setuptools (configure found none; Debian: apt-get install python3-dev python3-setuptools python3-pytest python3-pandas)"
[ -f "$build/.libs/libprofile_parser.so" ] || skip_all "no $build/.libs/libprofile_parser.so: build with make first"

# The module, built out of the source tree into $tmp.
if (cd "$top_srcdir/python" && PROFILE_PARSER_BUILDDIR=$build "$py" setup.py -q build_ext \
	--build-lib "$tmp/lib" --build-temp "$tmp/build") > "$tmp/build.log" 2>&1; then
	pass "the module builds with $py against $build/.libs"
else
	fail "the module does not build: $(tail -5 "$tmp/build.log")"
	finish
	exit 1
fi
if grep -q 'warning:' "$tmp/build.log"; then
	fail "the module's build warns: $(grep -m3 'warning:' "$tmp/build.log")"
else
	pass "the module builds -Wall -Wextra clean"
fi
# A sanitizer build's library wants its runtime loaded first, which a
# Python interpreter does not do: the module is built above, and the rest
# runs in the plain build (make check of .ci/run)
if nm -D "$build/.libs/libprofile_parser.so" 2>/dev/null | grep -q ' U __asan_'; then
	skip_all "a sanitizer build: Python does not load the sanitizers' runtime first; the binding's tests run in a plain build"
fi
help=$(cd "$tmp" && PYTHONPATH=$tmp/lib "$py" -c 'import profile_parser; help(profile_parser)' 2>&1)
case $help in
*"analyze(paths, /, **options)"*) pass "help(profile_parser) documents analyze(paths, /, **options)" ;;
*) fail "help(profile_parser) lacks analyze: $(printf '%s' "$help" | head -5)" ;;
esac
case $help in
*"table(self, /, view='nodes', *, text=False)"*"InputError"*) pass "help(profile_parser) documents Analysis.table and the errors" ;;
*) fail "help(profile_parser) lacks Analysis.table or InputError" ;;
esac

# make install-python, as a user runs it, into a scratch prefix: the
# library installed, the module built by pip (offline, no build isolation)
# against it through pkg-config, and importable from there.
root=$tmp/root
if [ -z "${PROFILE_PARSER_SLOW:-}" ]; then
	skip "make install-python: in make check-slow (PROFILE_PARSER_SLOW=1; tests/library.sh installs the library in make check)"
elif "$py" -c 'import wheel' 2> /dev/null; then
	if ${MAKE:-make} -s -C "$build" install-python PYTHON_BINDING="$py" prefix="$root" PIP_FLAGS="--target=$root/python --quiet" > "$tmp/install.log" 2>&1 &&
		out=$(cd "$tmp" && PYTHONPATH=$root/python "$py" -c '
import sys, profile_parser
a = profile_parser.analyze(sys.argv[1], peaks=sys.argv[2])
print(profile_parser.__file__.startswith(sys.argv[3]), len(a.findings) > 0)' \
		"$top_srcdir/examples/example_trace.json" "$root/share/profile_parser/peaks.tsv" "$root/python/" 2>&1) &&
		[ "$out" = "True True" ]; then
		pass "make install-python prefix=DIR: the module installed by pip against the installed library, and it runs"
	else
		fail "make install-python: $out $(tail -5 "$tmp/install.log")"
	fi
else
	skip "make install-python: $py has no wheel, which pip needs to build the module (Debian: apt-get install python3-wheel)"
fi

"$py" -c 'import pytest' 2> /dev/null || skip_all "$py has no pytest: the binding's tests need it (Debian: apt-get install python3-pytest)"
"$py" -c 'import pandas' 2> /dev/null || skip_all "$py has no pandas: the binding's tests compare its DataFrames (Debian: apt-get install python3-pandas)"
PP_TRACES=$(small_shared_traces)
PYTHONPATH=$tmp/lib PYTHONDONTWRITEBYTECODE=1 PROFILE_PARSER=$PROFILE_PARSER top_srcdir=$top_srcdir PP_TRACES=$PP_TRACES \
	"$py" -m pytest -q -rs -p no:cacheprovider "$top_srcdir/python/tests" > "$tmp/pytest.log" 2>&1
status=$?
summary=$(tail -1 "$tmp/pytest.log")
# what pytest skipped, each with its reason (-rs)
grep '^SKIPPED' "$tmp/pytest.log" | while IFS= read -r line; do skip "pytest: $line"; done
if [ "$status" -eq 0 ]; then
	pass "pytest python/tests: $summary"
else
	fail "pytest python/tests: $summary"
	cat "$tmp/pytest.log"
fi
finish
