#!/bin/sh
# Numbers do not follow the locale (issue 21, item 14): under a locale whose
# decimal point is a comma (de_DE.UTF-8), every output (CSV, JSON Lines,
# tables, folded stacks, the SVG and its script) and the report are byte for
# byte those of the C locale. The locale is the system's if it has one, or
# one made here with localedef into a private directory (LOCPATH).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
example=$top_srcdir/examples/example_trace.json

# comma_locale: sets LOCALE (and LOCPATH when it is made here) to a locale
# whose decimal point is a comma; fails when there is none to be had.
comma_locale() {
	for LOCALE in de_DE.UTF-8 de_DE.utf8 fr_FR.UTF-8 fr_FR.utf8; do
		[ "$(LC_ALL=$LOCALE locale decimal_point 2>/dev/null)" = "," ] && return 0
	done
	command -v localedef >/dev/null || return 1
	mkdir -p "$tmp/locales"
	LOCALE=de_DE.UTF-8
	localedef -i de_DE -f UTF-8 "$tmp/locales/$LOCALE" >/dev/null 2>&1 # warnings: a status of 1, the locale made
	LOCPATH=$tmp/locales
	export LOCPATH
	[ "$(LC_ALL=$LOCALE locale decimal_point 2>/dev/null)" = "," ]
}
comma_locale || skip_all "no locale with a decimal comma: none installed (locale -a) and localedef could not make de_DE.UTF-8 (install the locales package)"
echo "a decimal comma: LC_ALL=$LOCALE${LOCPATH:+ LOCPATH=$LOCPATH}"

# run NAME ARGS...: the run under C and under the comma locale, its output
# written as out/NAME in both (the report names it) and kept in C/ and
# LOCALE/ with the report (.err), whose wall time, which varies, is left out
# (.report), and the exit status; one trace at a time, so that the reports
# come in the order of the traces.
mkdir "$tmp/out"
run() {
	name=$1; shift
	for lc in C "$LOCALE"; do
		dir=$tmp/$lc
		mkdir -p "$dir"
		LC_ALL=$lc "$PROFILE_PARSER" -j 1 "$@" -d "$tmp/out/$name" 2>"$dir/$name.err"
		echo "$?" >"$dir/$name.status"
		mv "$tmp/out/$name" "$dir/$name"
		sed 's/^\(  wall time:     \)[0-9]*\.[0-9]* s (read [0-9]*\.[0-9]*, build [0-9]*\.[0-9]*, attribute [0-9]*\.[0-9]*, write [0-9]*\.[0-9]*)$/\1N.NNN s/' \
			"$dir/$name.err" >"$dir/$name.report"
	done
	for part in "" .report .status; do
		if cmp -s "$tmp/C/$name$part" "$tmp/$LOCALE/$name$part"; then
			pass "$name${part:- output}: the same under $LOCALE"
		else
			fail "$name${part:- output}: not the same under $LOCALE:"
			diff "$tmp/C/$name$part" "$tmp/$LOCALE/$name$part" | head -n 6
		fi
	done
}
mc="-mc cpu_op,user_annotation"
figures="+args,device %,compute(ms),communication(ms),device busy(ms),sync duration(ms)"
run nodes.csv -s "$example" $mc --columns "$figures"
run nodes.jsonl -s "$example" $mc --columns "$figures"
run literals.csv -s "$cases/literals.json" $(cat "$cases/literals.args")
run literals.jsonl -s "$cases/literals.json" $(cat "$cases/literals.args")
run nodes.txt -s "$example" $mc --format table --columns "$figures"
run name.txt -s "$example" $mc --format table --summary name
run kernel.txt -s "$example" --format table --summary kernel
run step.csv -s "$example" $mc --summary step
run diff.txt -s "$top_srcdir/tests/compare/base.json" -s "$top_srcdir/tests/compare/new.json" -mc cpu_op --diff name --format table
run stacks.folded -s "$example" $mc
run flame.svg -s "$example" $mc

# What the comma locale would have changed, worked out by hand: the labels'
# width in the SVG's script (7.2 px), a frame's share (0.0605 of 0.180925 ms:
# 33.439...%, one decimal: 33.4%), the device's memory (85029158912 / 2^30 = 79.19 GiB) and the
# share of the device time under monitored events (0.03345 / 0.180925: 18.5%).
dir=$tmp/$LOCALE
grep -q "var W = [0-9]*, P = [0-9]*, CW = 7\.2, zoomed = null;" "$dir/flame.svg" \
	&& pass "the SVG's script: CW = 7.2" || fail "the SVG's script: $(grep -o 'CW = [^ ]*' "$dir/flame.svg")"
grep -q "<title>aten::to&#10;0\.0605 ms, 33\.4%</title>" "$dir/flame.svg" \
	&& pass "the SVG's titles: 33.4%" || fail "the SVG's titles: $(grep -o 'ms, [0-9,.]*%' "$dir/flame.svg" | head -n 3)"
grep -q "device 0: NVIDIA H100 80GB HBM3, 79\.2 GiB," "$dir/nodes.csv.err" \
	&& pass "the report: 79.2 GiB" || fail "the report's device: $(grep 'device 0' "$dir/nodes.csv.err")"
grep -q "monitored events (-mc [a-z_,]*) claim 18\.5% of the device time" "$dir/kernel.txt.err" \
	&& pass "the warning: 18.5%" || fail "the warning: $(grep 'claim' "$dir/kernel.txt.err")"
grep -q "^  wall time:     [0-9]*\.[0-9]\{3\} s (read [0-9]*\.[0-9]\{3\}, build [0-9]*\.[0-9]\{3\}, attribute [0-9]*\.[0-9]\{3\}, write [0-9]*\.[0-9]\{3\})$" "$dir/nodes.csv.err" \
	&& pass "the report: the wall time with points" || fail "the report's wall time: $(grep 'wall time' "$dir/nodes.csv.err")"
finish
