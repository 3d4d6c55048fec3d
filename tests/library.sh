#!/bin/sh
# libprofile_parser as its users get it (SPEC 31): the shared library
# exports the pp_ symbols alone (nm -D); make install DESTDIR=... prefix=/usr
# puts the library (shared and static), profile_parser.h, profile_parser.pc
# and the man pages in place; the complete example program of
# profile_parser(3)'s EXAMPLES, taken from the page's source, builds with
# cc $(pkg-config --cflags --libs profile_parser) against the installed
# library and prints the top ops and the findings that the program's CSVs
# of the same trace and options hold; so does the same program linked with
# the static library.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need nm "nm (Debian: binutils)"
need cc "a C compiler (Debian: build-essential)"
need pkg-config "pkg-config (Debian: pkg-config)"
build=${abs_top_builddir:-$top_srcdir}
so=$build/.libs/libprofile_parser.so
[ -f "$so" ] || skip_all "no $so: build with make first"

# Only pp_ names exported, and every function of the header among them.
nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRVWi]$/ { print $3 }' | sed 's/@.*//' | sort -u > "$tmp/exported"
others=$(grep -v '^pp_' "$tmp/exported" | head -5 | tr '\n' ' ')
[ -s "$tmp/exported" ] && [ -z "$others" ] && pass "nm -D: the shared library exports pp_ names alone ($(wc -l < "$tmp/exported"))" \
	|| fail "nm -D: exported besides pp_: $others"
sed -n 's/^[a-z_0-9 *]*[ *]\(pp_[a-z_]*\)(.*/\1/p' "$top_srcdir/src/api/profile_parser.h" | sort -u > "$tmp/declared"
missing=$(comm -23 "$tmp/declared" "$tmp/exported" | tr '\n' ' ')
[ "$(wc -l < "$tmp/declared")" -ge 20 ] && [ -z "$missing" ] && pass "every function of profile_parser.h is exported" \
	|| fail "declared but not exported: $missing"

# make install into a staging root, as a package would.
root=$tmp/root
if ${MAKE:-make} -s -C "$build" install DESTDIR="$root" prefix=/usr > "$tmp/install.log" 2>&1; then
	pass "make install DESTDIR=... prefix=/usr"
else
	fail "make install: $(tail -5 "$tmp/install.log")"
	finish
	exit 1
fi
for f in usr/include/profile_parser.h usr/lib/libprofile_parser.so usr/lib/libprofile_parser.a \
	usr/lib/pkgconfig/profile_parser.pc usr/share/man/man3/profile_parser.3 usr/share/man/man1/profile_parser.1 \
	usr/share/profile_parser/peaks.tsv usr/bin/profile_parser; do
	[ -f "$root/$f" ] && pass "installed /$f" || fail "not installed: /$f"
done
grep -q '^libdir=/usr/lib$' "$root/usr/lib/pkgconfig/profile_parser.pc" && pass "profile_parser.pc says prefix=/usr" \
	|| fail "profile_parser.pc: $(grep dir= "$root/usr/lib/pkgconfig/profile_parser.pc" | tr '\n' ' ')"

# The example program of profile_parser(3), as its source says it.
awk '/^\.SH EXAMPLES/ { on = 1 } on && /^\.EX/ { inside = 1; next } inside && /^\.EE/ { exit } inside' \
	"$top_srcdir/man/profile_parser.3" | sed -e 's/\\e/\\/g' -e 's/\\-/-/g' -e 's/\\&//g' > "$tmp/example.c"
grep -q 'int main' "$tmp/example.c" && pass "the example program taken from profile_parser(3) ($(wc -l < "$tmp/example.c") lines)" \
	|| fail "no example program in profile_parser(3)"
# found by PKG_CONFIG_PATH, its directories under the staging root (sysroot)
PKG_CONFIG_PATH=$root/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
staged() {
	pkg-config "$@" profile_parser
}
flags=$(staged --cflags --libs) && pass "pkg-config --cflags --libs profile_parser: $flags" \
	|| fail "pkg-config does not find profile_parser"
# a library built with the sanitizers (./configure --enable-sanitizers) wants them in its programs too
san=
nm -D "$so" | grep -q ' U __asan_' && san="-fsanitize=address,undefined"
# shellcheck disable=SC2086
if cc -std=c11 -Wall -Wextra -Werror $san -o "$tmp/example" "$tmp/example.c" $flags 2> "$tmp/cc.log"; then
	pass "the example compiles, -Wall -Wextra clean, against the installed library"
else
	fail "the example does not compile: $(head -5 "$tmp/cc.log")"
fi

# What it must print: the program's CSVs of the same trace and options.
trace=$top_srcdir/examples/example_trace.json
peaks=$root/usr/share/profile_parser/peaks.tsv
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/name.csv" -mc cpu_op,user_annotation --summary name --peaks "$peaks"
"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/findings.csv" -mc cpu_op,user_annotation --summary findings --peaks "$peaks"
{
	echo "top ops by device time (ms):"
	# the name and device total(ms) of the first five rows (no name of the example holds a quote or a comma)
	awk -F'","' 'NR == 1 { for (i = 1; i <= NF; i++) { gsub(/"/, "", $i); if ($i == "device total(ms)") d = i } next }
		NR <= 6 { gsub(/"/, "", $1); gsub(/"/, "", $d); printf "  %10.6f  %s\n", $d, $1 }' "$tmp/name.csv"
	echo "$(($(wc -l < "$tmp/findings.csv") - 1)) findings:"
	python3 -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline="")):
    print("  %s (%s): saves up to %s ms" % (r["finding"], r["severity"], r["saving(ms)"] or "?"))' "$tmp/findings.csv"
} > "$tmp/expected" 2> "$tmp/expected.err" || true
[ -s "$tmp/expected.err" ] && skip "the expected findings need python3: $(head -1 "$tmp/expected.err")"

if [ -x "$tmp/example" ]; then
	LD_LIBRARY_PATH=$root/usr/lib "$tmp/example" "$trace" "$peaks" > "$tmp/out" 2> "$tmp/err"
	status=$?
	[ "$status" -eq 0 ] && [ ! -s "$tmp/err" ] && pass "the example runs (exit 0, nothing on standard error)" \
		|| fail "the example: exit $status, $(head -3 "$tmp/err")"
	head -2 "$tmp/out" | tail -1 | grep -q '^    0\.135200  ProfilerStep#3$' && pass "its first op: ProfilerStep#3, 0.1352 ms of device time" \
		|| fail "its first op: $(head -2 "$tmp/out" | tail -1)"
	grep -q ' findings:$' "$tmp/out" && [ "$(grep -c 'saves up to' "$tmp/out")" -ge 1 ] && pass "it prints findings" \
		|| fail "no findings printed: $(cat "$tmp/out")"
	if [ ! -s "$tmp/expected.err" ]; then
		diff "$tmp/expected" "$tmp/out" > "$tmp/diff" && pass "its output is the program's CSVs' top ops and findings" \
			|| fail "the example's output differs from the CSVs': $(head -8 "$tmp/diff")"
	fi
	LD_LIBRARY_PATH=$root/usr/lib "$tmp/example" /nonexistent.json > /dev/null 2> "$tmp/err"
	status=$?
	[ "$status" -eq 1 ] && grep -q '^example: /nonexistent.json: /nonexistent.json: No such file or directory$' "$tmp/err" \
		&& pass "a trace that is not there: PP_ERROR_INPUT (1) and the program's message" \
		|| fail "a trace that is not there: exit $status, $(cat "$tmp/err")"
fi

# The same program with the static library: nothing to find at run time.
static_flags=$(staged --static --cflags)
deps=$(staged --static --libs | sed 's/-lprofile_parser//') # the library's own dependencies (Libs.private)
# shellcheck disable=SC2086
if cc -std=c11 $san -o "$tmp/example_static" "$tmp/example.c" $static_flags "$root/usr/lib/libprofile_parser.a" $deps \
	2> "$tmp/cc_static.log"; then
	env -u LD_LIBRARY_PATH "$tmp/example_static" "$trace" "$peaks" > "$tmp/out_static" 2>&1
	cmp -s "$tmp/out" "$tmp/out_static" && pass "linked with libprofile_parser.a: the same output" \
		|| fail "the static link's output differs: $(head -3 "$tmp/out_static")"
else
	fail "the example does not link with libprofile_parser.a: $(head -5 "$tmp/cc_static.log")"
fi
finish
