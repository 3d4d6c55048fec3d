#!/bin/sh
# The annotated trace (--format perfetto, SPEC 29) in a real browser:
# headless Chromium parses it in a small page (tests/perfetto_page.js) the
# way Perfetto's JSON importer does: thread tracks per (pid, tid) whose
# slices must nest, counter tracks per (pid, name, series), the names of M
# events; it reports the tracks and slice counts, asserted here. On
# tests/perfetto/small.json (--min-gap 0 --bins 2, worked by hand in
# tests/perfetto.sh): one gap slice, two findings on two threads, one
# counter track; on the example with --summary critical: the counts
# tests/perfetto_check.py finds (Python's reading of the same file).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
[ -n "$browser" ] || skip_all "no Chromium (chromium, chromium-browser, google-chrome) to load the trace; install it with scripts/install-deps.sh --browser"
need python3 python3

# load TRACE.perfetto.json: the browser's reading into $got
load() {
	{ printf '<!doctype html><html><body><script id="trace" type="application/json">'
	  sed 's|</|<\\/|g' "$1"
	  printf '</script><script>'; cat "$top_srcdir/tests/perfetto_page.js"; printf '</script></body></html>\n'; } > "$tmp/page.html"
	render --dump-dom "file://$tmp/page.html" > "$tmp/dom.html"
	got=$(sed -n 's/.*data-perfetto="\([^"]*\)".*/\1/p' "$tmp/dom.html" | sed 's/&amp;/\&/g; s/&quot;/"/g')
}
field() { printf '%s\n' "$got" | tr ';' '\n' | sed -n "s/^$1=//p"; }

"$PROFILE_PARSER" -q -s "$top_srcdir/tests/perfetto/small.json" -d "$tmp/small.perfetto.json" -mc cpu_op \
	--min-gap 0 --bins 2 2>"$tmp/err" || fail "the annotated trace: $(cat "$tmp/err")"
load "$tmp/small.perfetto.json"
[ -n "$got" ] || { fail "no reading from the browser"; tail -n 5 "$tmp/browser.err"; finish; exit 1; }
[ "$(field process)" = profile_parser ] && [ "$(field pid)" = 8 ] && pass "the process profile_parser, pid 8" \
	|| fail "the process: $got"
[ "$(field improper)" = 0 ] && pass "the added slices nest on every thread" || fail "$(field improper) slices not nested"
[ "$(field 'track:gaps (device 0)')" = 1 ] && [ "$(field track:findings)" = 2 ] && [ "$(field counter_tracks)" = 1 ] \
	&& pass "small.json: 1 gap slice, 2 findings, 1 counter track" || fail "small.json: $got"
# 2 input threads (7/1 and 1/7) and 3 of ours (gaps, findings, findings #2)
[ "$(field tracks)" = 5 ] && pass "5 thread tracks" || fail "the thread tracks: $got"

example=$top_srcdir/examples/example_trace.json
"$PROFILE_PARSER" -q -s "$example" -d "$tmp/example.perfetto.json" --summary critical 2>"$tmp/err" \
	|| fail "the example's: $(cat "$tmp/err")"
load "$tmp/example.perfetto.json"
python3 "$top_srcdir/tests/perfetto_check.py" "$example" "$tmp/example.perfetto.json" > "$tmp/py" \
	|| fail "perfetto_check: $(cat "$tmp/py")"
[ "$(field improper)" = 0 ] && pass "the example: the added slices nest" || fail "the example: $(field improper) not nested"
for track in 'gaps (device 0)' findings 'critical path'; do
	want=$(sed -n "s/^track $track: //p" "$tmp/py")
	[ -n "$want" ] && [ "$(field "track:$track")" = "$want" ] && pass "the example: $track, $want slices" \
		|| fail "the example: $track: $(field "track:$track"), Python read $want"
done
[ "$(field counter_tracks)" = 1 ] && pass "the example: 1 counter track (busy share; no Total Allocated to draw)" \
	|| fail "the example's counter tracks: $got"
[ "$(field exact)" = yes ] && pass "ts and dur read from their text, to the ns" || skip "this Chromium has no JSON.parse source text"

# a shared trace with memory events: both counters, and Python's counts
a100=a100_particle_transformer_bs512.json.gz
if have_traces "$a100" > /dev/null; then
	"$PROFILE_PARSER" -q -s "$traces/$a100" -d "$tmp/a100.perfetto.json" --summary critical 2>"$tmp/err" \
		|| fail "$a100: $(cat "$tmp/err")"
	load "$tmp/a100.perfetto.json"
	python3 "$top_srcdir/tests/perfetto_check.py" "$traces/$a100" "$tmp/a100.perfetto.json" > "$tmp/py" \
		|| fail "perfetto_check: $(cat "$tmp/py")"
	[ "$(field improper)" = 0 ] && [ "$(field counter_tracks)" = 2 ] \
		&& pass "$a100: the slices nest; 2 counter tracks (busy share, allocated memory)" || fail "$a100: $got"
	for track in 'gaps (device 0)' findings 'critical path'; do
		want=$(sed -n "s/^track $track: //p" "$tmp/py")
		[ "$(field "track:$track")" = "$want" ] && pass "$a100: $track, $want slices" \
			|| fail "$a100: $track: $(field "track:$track"), Python read $want"
	done
else
	skip "$(have_traces "$a100")"
fi
finish
