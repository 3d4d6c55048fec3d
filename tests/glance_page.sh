#!/bin/sh
# The page at a glance (SPEC 23), in headless Chromium at 800 x 900 on
# tests/views/page_glance.json: ProfilerStep#1 > nn.Module: Model > three
# blocks, each Attention > Inner > Deep > an op of a 150-character name
# launching a kernel of 100, 900.125 and 300.25 us. Checked from the DOM's
# boxes after layout (tests/glance_page.js): every shown tree row's numbers
# lie under their header (right edges within a pixel), however deep; no
# table or tree wider than the viewport unless it scrolls inside its box;
# the tree open to depth 2 (ProfilerStep#1, Model) and along the path of
# most device time (Block_1, its Attention, Inner, Deep), the rest closed;
# no row taller than two lines (long names cut, their full name in a
# title); the numbers of a column with one number of decimals.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
[ -n "$browser" ] || skip_all "no Chromium (chromium, chromium-browser, google-chrome) to render the page; install it with scripts/install-deps.sh --browser"

"$PROFILE_PARSER" -q -s "$top_srcdir/tests/views/page_glance.json" -mc cpu_op -d "$tmp/page.html" 2>"$tmp/err" \
	|| fail "the page: $(cat "$tmp/err")"
{ sed 's|</body>.*||' "$tmp/page.html"; printf '<script>'; cat "$top_srcdir/tests/glance_page.js"; printf '</script></body></html>\n'; } \
	| sed "s|script-src 'unsafe-inline'|script-src 'unsafe-inline'|" >"$tmp/measured.html"
render --dump-dom --window-size=800,900 "file://$tmp/measured.html" >"$tmp/dom.html"
got=$(sed -n 's/.*data-glance="\([^"]*\)".*/\1/p' "$tmp/dom.html" | sed 's/&amp;/\&/g; s/&quot;/"/g')
[ -n "$got" ] || { fail "no measure from the browser"; tail -n 5 "$tmp/browser.err"; finish; }
field() { printf '%s\n' "$got" | tr ';' '\n' | sed -n "s/^$1=//p"; }

[ "$(field aligned)" = yes ] && pass "nested rows: numbers under their headers" || fail "nested rows: $(field aligned)"
[ "$(field wide)" = 0 ] && pass "no table wider than the viewport unless it scrolls in its box" \
	|| fail "$(field wide) tables run off the page"
want='ProfilerStep#1|nn.Module: Model|nn.Module: Block_1|nn.Module: Attention|nn.Module: Inner|nn.Module: Deep'
[ "$(field open)" = "$want" ] && pass "the tree open to depth 2 and along the path of most device time" \
	|| fail "the open nodes: $(field open)"
[ "$(field tall)" = 0 ] && pass "no row taller than two lines" || { fail "$(field tall) rows taller than two lines"; printf "%s\n" "$got" | tr ";" "\n" | grep "^tall:"; }
[ "$(field titled_cut)" -ge 1 ] && pass "a long name cut in its box, its full name in the title" \
	|| fail "no long name cut with a title ($(field titled_cut))"
[ "$(field mixed)" = 0 ] && pass "the numbers of a column: one number of decimals" || fail "$(field mixed) columns mix decimals"
finish
