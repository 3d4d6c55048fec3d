#!/bin/sh
# The shape of src/ (SPEC 17): one folder per stage, each including only
# the stages below it. Reads every #include "..." of src/ and fails on
#  - an include of a later stage (a sink including a view), or of a file
#    that is not there;
#  - a cycle between modules (a module: a .c and its .h), within a stage too;
#  - a file over 500 lines;
#  - a .c without its .h (main.c aside), or a source outside the stages.
# The stages, lowest first, are STAGES below: a module may include its own
# stage's modules and those of the stages before it. Data flows input ->
# model -> attribution -> analysis (the results model) -> views -> sinks ->
# output, but a view hands rows to a sink it includes, so sinks and output
# sit below views here, and the results model (analysis) reads the views'
# figures, so it sits above them; the report (text on standard error) and
# the page (HTML) are composed from the results model; cli runs them, api
# (the library) runs cli. A stage may hold family folders (views/perf/,
# views/ranks/...): a file is stage/module.ext or stage/family/module.ext,
# and its stage is its first folder.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

STAGES="util output model input attribution sinks views analysis report page cli api"
src=$top_srcdir/src
[ -d "$src" ] || skip "no src/ at $src"

# every source, as "stage/module.ext", and every include, as "FROM TO"
(cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | LC_ALL=C sort) > "$tmp/files"
(cd "$src" && while read -r f; do
	sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f" | while read -r to; do echo "$f $to"; done
done < "$tmp/files") > "$tmp/includes"

# Files: where they are, their length, their header.
awk -v stages="$STAGES" -v src="$src" '
BEGIN { n = split(stages, s, " "); for (i = 1; i <= n; i++) rank[s[i]] = i }
{
	f = $0
	if (f == "main.c") next
	depth = split(f, part, "/")
	if (depth < 2 || depth > 3 || !(part[1] in rank)) { print "FAIL " f ": not in a stage folder (" stages "), or a family folder of one" ; bad++ }
	else if (f ~ /\.c$/) {
		h = f; sub(/\.c$/, ".h", h)
		if (system("test -f \"" src "/" h "\"") != 0) { print "FAIL " f ": no " h; bad++ }
	}
}
END { exit bad != 0 }' "$tmp/files" && pass "every source is in a stage folder, every .c has its .h" \
	|| fail "sources outside the stages or without a header"

long=$(cd "$src" && while read -r f; do
	n=$(wc -l < "$f")
	[ "$n" -gt 500 ] && echo "$f ($n lines)"
done < "$tmp/files")
[ -z "$long" ] && pass "no source file over 500 lines" || fail "over 500 lines: $long"

# Includes: known files, of this stage or an earlier one.
awk -v stages="$STAGES" '
BEGIN { n = split(stages, s, " "); for (i = 1; i <= n; i++) rank[s[i]] = i }
FNR == NR { known[$0] = 1; next }
{
	from = $1; to = $2
	if (to == "config.h") next
	if (!(to in known)) { print "FAIL " from " includes \"" to "\", which is no file of src/"; bad++; next }
	if (from == "main.c") next
	split(from, a, "/"); split(to, b, "/")
	if (rank[b[1]] > rank[a[1]]) { print "FAIL " from " (" a[1] ") includes " to ", of the later stage " b[1]; bad++ }
}
END { exit bad != 0 }' "$tmp/files" "$tmp/includes" && pass "no include of a later stage" \
	|| fail "includes of a later stage (the stages: $STAGES)"

# Cycles between modules: a depth-first search over "module -> module".
awk '
{
	from = $1; to = $2
	if (to == "config.h") next
	sub(/\.[ch]$/, "", from); sub(/\.[ch]$/, "", to)
	if (from == to) next
	if (!((from, to) in edge)) { edge[from, to] = 1; out[from] = out[from] " " to }
	node[from] = 1; node[to] = 1
}
function visit(m,    i, k, list, t) {
	state[m] = 1; stack[++depth] = m
	k = split(out[m], list, " ")
	for (i = 1; i <= k; i++) {
		t = list[i]
		if (state[t] == 1) { cycle(t); bad++ }
		else if (!state[t]) visit(t)
	}
	state[m] = 2; depth--
}
function cycle(t,    i, text) {
	for (i = depth; i > 0 && stack[i] != t; i--)
		text = " -> " stack[i] text
	print "FAIL include cycle: " t text " -> " t
}
END { for (m in node) if (!state[m]) visit(m); exit bad != 0 }' "$tmp/includes" && pass "no include cycle between modules" \
	|| fail "include cycles"

finish
