#!/bin/sh
# The page is bounded by what it shows, not by the trace (SPEC 16, issue
# 33), on hostile traces of scripts/make_hostile_trace.py:
# (a) longnames: ops and kernels of names of 10,000 characters. Every name
#     over HTML_NAME_CHARS (200) characters is cut where the page shows it
#     to its last 199 after a "…" (as the table format cuts), a link to the
#     page's one list of full names, where each is written once, the list
#     holding at most HTML_NAMES_BUDGET (2 MiB) of them and saying how many
#     cut names found no room; the page's size is at most that budget plus
#     2,000 bytes per row, node, frame or fact shown (plus 100 kB of style
#     and script), however long the names (300 ops of 6 MB of names fill
#     the list); with 20 ops every name is listed, once (a kernel's "launched
#     by" op too: its share stays out of the cut, the op's entry serves);
# (b) versions, devices: 50,000 "*version" keys and 50,000 distinct
#     deviceProperties entries: the header lists the first 20 of each (the
#     versions on one line, SPEC 28), then
#     "and N more";
# (c) the pages parse strictly, and Chromium follows a cut name's link to
#     its full name (skipped without Chromium).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
make_trace() { python3 "$top_srcdir/scripts/make_hostile_trace.py" "$@"; }
check() { python3 "$top_srcdir/tests/html_check.py" "$@"; }

# bound PAGE: the page's size against what it shows; the cut names and the list
bound() {
	python3 - "$1" <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
size = len(page.encode("utf-8"))
shown = (len(re.findall(r'<div class="row|<summary class="row', page)) + page.count("<tr>") +
         page.count('<g class="f"') + page.count("<dt>") + page.count("<li"))
limit = 2 * 1024 * 1024 + 2000 * shown + 100000
assert size <= limit, "%d bytes, over %d for %d things shown" % (size, limit, shown)
cuts = re.findall(r'<a class="cut" href="#name-(\d+)">([^<]*)</a>|<span class="cut">([^<]*)</span>', page)
assert cuts, "no name is cut"
for number, linked, unlinked in cuts:
    text = linked or unlinked
    assert text.startswith("\u2026") and len(text) == 200, (len(text), text[:40])
listed = dict(re.findall(r'<li id="name-(\d+)">([^<]*)</li>', page))
assert listed, "no list of full names"
for number, full in listed.items():
    assert len(full) == 10000, (number, len(full))
    assert page.count(full) == 1, (number, page.count(full))
for number, linked, unlinked in cuts:
    if number:
        assert listed[number].endswith(linked[1:]), number
print("%d bytes for %d things shown (at most %d); %d cut names, %d listed once" % (size, shown, limit, len(cuts),
                                                                                  len(listed)))
PY
}

for n in 20 300; do
	make_trace longnames $n "$tmp/long$n.json"
	if "$PROFILE_PARSER" -q -s "$tmp/long$n.json" -d "$tmp/long$n.html" 2>"$tmp/err"; then
		if bound "$tmp/long$n.html" >"$tmp/why" 2>&1; then pass "longnames $n ($(wc -c <"$tmp/long$n.json") bytes): $(tail -n 1 "$tmp/why")"
		else fail "longnames $n: the page is not bounded:"; tail -n 3 "$tmp/why"; fi
	else fail "longnames $n: profile_parser failed"; cat "$tmp/err"; fi
done
# the first op's name: the tree's first node, the list's first name; op 0's
# kernel, the last of the longest: its end, cut, in the kernels' table
name0=$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import make_hostile_trace as m; print(m.long_name("op", 0))' "$top_srcdir/scripts")
for n in 20 300; do
	if [ "$(grep -o "$name0" "$tmp/long$n.html" | wc -l)" -eq 1 ] && grep -q "<li id=\"name-1\">$name0</li>" "$tmp/long$n.html"
	then pass "longnames $n: op 0's full name is in the page once, first in the list"
	else fail "longnames $n: op 0's full name is not in the page once, first in the list"; fi
done
if [ "$(grep -c '<li id="name-' "$tmp/long20.html")" -eq 40 ] && ! grep -q 'found no room' "$tmp/long20.html" &&
	grep -q '<td title="[^"]*"><a class="cut" href="#name-1">…x*::op0</a> (100.0%)</td>' "$tmp/long20.html"
then pass "longnames 20: the 40 names listed; a kernel's launcher links to its op's entry, its share after it"
else fail "longnames 20: not the 40 names listed, or the launcher has an entry of its own"; fi
if grep -q "cut names found no room in this list (it holds at most 2097152 bytes): --format csv gives every name whole" "$tmp/long300.html"
then pass "longnames 300: the list says how many cut names it could not hold"
else fail "longnames 300: no word of the names the list could not hold"; fi
"$PROFILE_PARSER" -q -s "$tmp/long300.json" --summary kernel -d "$tmp/kernels.html"
if bound "$tmp/kernels.html" >"$tmp/why" 2>&1; then pass "longnames, --summary kernel's page: $(tail -n 1 "$tmp/why")"
else fail "longnames, --summary kernel's page:"; tail -n 3 "$tmp/why"; fi

# (b) the header's lists
make_trace versions 50000 "$tmp/versions.json"
make_trace devices 50000 "$tmp/devices.json"
"$PROFILE_PARSER" -q -s "$tmp/versions.json" -d "$tmp/versions.html"
"$PROFILE_PARSER" -q -s "$tmp/devices.json" -d "$tmp/devices.html"
if [ "$(grep -c '<dt>Version' "$tmp/versions.html")" -eq 1 ] &&
	grep -q '<dt>Versions</dt><dd>v0_version: 0.0, v1_version: 1.0, .*, v19_version: 19.0, and 49980 more</dd>' "$tmp/versions.html"
then pass "50,000 versions: the header lists 20 on one line, and 49980 more"
else fail "50,000 versions: the header does not list 20 and 49980 more"; fi
if [ "$(grep -c '<dt>Device</dt>' "$tmp/devices.html")" -eq 21 ] &&
	grep -q '<dt>Device</dt><dd>device 19: device 19, 80.0 GiB, compute 9.0, 137 SMs</dd>' "$tmp/devices.html" &&
	grep -q '<dt>Device</dt><dd>and 49980 more: the report lists them all</dd>' "$tmp/devices.html"
then pass "50,000 devices: the header lists 20, and 49980 more"
else fail "50,000 devices: the header does not list 20 and 49980 more"; fi
# 100 kB and 250 bytes per bin of the device timeline's charts (SPEC 18.2:
# a bin's slice of the areas and its tooltip), whatever the header held
for page in versions devices; do
	size=$(wc -c <"$tmp/$page.html")
	bins=$(grep -o '<rect class="tl-hit"' "$tmp/$page.html" | wc -l)
	limit=$((100000 + 250 * bins))
	if [ "$size" -le "$limit" ]; then pass "$page: the page is $size bytes ($bins bins charted)"
	else fail "$page: the page is $size bytes, over $limit (100 kB and 250 bytes for each of its $bins bins)"; fi
done

# (c) strict parsing; a real browser
for page in long20 long300 kernels versions devices; do
	if check valid "$tmp/$page.html" >"$tmp/why"; then pass "$page: the page parses strictly"
	else fail "$page: not valid:"; cat "$tmp/why"; fi
done
if [ -z "$browser" ]; then
	skip "no Chromium (chromium, chromium-browser, google-chrome) to follow a cut name's link; install it with scripts/install-deps.sh --browser"
else
	sed 's|</body>|<script>var a = document.querySelector("a.cut"), li = document.querySelector(a.getAttribute("href"));\
document.body.setAttribute("data-cut", a.textContent.length + " " + li.textContent.length + " " + li.textContent.endsWith(a.textContent.slice(1)));</script></body>|' \
		"$tmp/long300.html" >"$tmp/follow.html"
	render --dump-dom "file://$tmp/follow.html" >"$tmp/followed.html"
	if grep -q 'data-cut="200 10000 true"' "$tmp/followed.html"; then pass "$browser: a cut name (200 characters) links to its full name (10,000)"
	else fail "$browser: a cut name's link:"; grep -o 'data-cut="[^"]*"' "$tmp/followed.html"; tail -n 3 "$tmp/browser.err"; fi
fi
finish
