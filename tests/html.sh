#!/bin/sh
# The page of --format html (SPEC 16), checked with Python's html.parser
# (tests/html_check.py) and, where one is installed, headless Chromium:
# (a) a trace whose op, kernel and thread names hold markup, quotes, U+2028
#     and invalid UTF-8 gives a page with no element, script or attribute
#     from a name, and shows the names as text;
# (b) every page parses strictly (a doctype, every element closed in order);
# (c) Chromium renders the page: the DOM after scripts holds the tables and
#     their rows and the filter box the script adds, a click on a numeric
#     column's header sorts its rows, largest first, and the screenshot is
#     not blank (skipped, with a message, without Chromium);
# (d) the page of every shared trace is at most 5 MB (skipped without them).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
check() { python3 "$top_srcdir/tests/html_check.py" "$@"; }

# (a) hostile names: ops, a kernel and a thread
python3 - "$tmp/hostile.json" <<'PY'
import json, sys
names = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '</style><b>x</b>', ']]> "q" \'s\' &amp;',
         'line\u2028sep\u2029end', 'bad @@FF@@ byte']
events = [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 7, "args": {"name": '<script>alert("t")</script>'}}]
ts = 0
for i, name in enumerate(names):
    events.append({"ph": "X", "cat": "cpu_op", "name": name, "pid": 1, "tid": 7, "ts": ts, "dur": 50})
    events.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 7, "ts": ts + 10,
                   "dur": 5, "args": {"correlation": 100 + i}})
    events.append({"ph": "X", "cat": "kernel", "name": "k_" + name, "pid": 0, "tid": 9, "ts": ts + 20, "dur": 10 + i,
                   "args": {"correlation": 100 + i, "device": 0}})
    ts += 100
text = json.dumps({"traceEvents": events}, ensure_ascii=False).replace("@@FF@@", "\\u0000")
data = text.encode("utf-8").replace(b"\\u0000", b"\xff")  # a byte that is not UTF-8, raw in the file
open(sys.argv[1], "wb").write(data)
PY
shown='<script>alert(1)</script>
<img src=x onerror=alert(1)>
</style><b>x</b>
]]> "q" '"'s'"' &amp;
k_<script>alert(1)</script>
bad '"$(printf '\357\277\275')"' byte'
for view in node name kernel path; do
	case $view in node) set -- ;; *) set -- --summary "$view" ;; esac
	page=$tmp/hostile_$view.html
	if ! "$PROFILE_PARSER" -q -s "$tmp/hostile.json" -d "$page" -mc cpu_op "$@" 2>"$tmp/err"; then
		fail "hostile names, $view: profile_parser failed"; cat "$tmp/err"; continue
	fi
	case $view in kernel) want=$(echo "$shown" | grep '^k_') ;; node | name | path) want=$(echo "$shown" | grep -v '^k_') ;; esac
	[ "$view" = node ] && want=$shown # the per-node page has the kernels' table too
	# one argument per line of WANT
	old_ifs=$IFS; IFS='
'
	# shellcheck disable=SC2086
	if check safe "$page" $want >"$tmp/why"; then pass "hostile names, $view: no element or script from a name, names shown as text"
	else fail "hostile names, $view:"; cat "$tmp/why"; fi
	IFS=$old_ifs
	if grep -q "$(printf 'line\342\200\250sep')" "$page"; then pass "hostile names, $view: U+2028 kept as text"
	else fail "hostile names, $view: U+2028 is not in the page"; fi
done

# (b) validity: every kind of page
echo '{"traceEvents": []}' > "$tmp/empty.json"
ex=$top_srcdir/examples/example_trace.json
run_page() { # NAME ARGS...: the page of ARGS in $tmp/NAME.html
	name=$1; shift
	"$PROFILE_PARSER" -q -d "$tmp/$name.html" "$@" 2>"$tmp/err" || { fail "$name: profile_parser failed"; cat "$tmp/err"; }
}
run_page node -s "$ex"
run_page summary_name -s "$ex" --summary name
run_page summary_step -s "$ex" --summary step
run_page diff -s "$ex" -s "$ex" --diff name
run_page empty_node -s "$tmp/empty.json"
run_page empty_name -s "$tmp/empty.json" --summary name
for page in node summary_name summary_step diff empty_node empty_name hostile_node hostile_kernel; do
	if check valid "$tmp/$page.html" >"$tmp/why"; then pass "$page: the page parses strictly"
	else fail "$page: not valid:"; cat "$tmp/why"; fi
done
for page in empty_node empty_name; do
	if grep -q 'class="empty"' "$tmp/$page.html"; then pass "$page: the page says it has nothing to show"
	else fail "$page: no word of the empty view"; fi
done
if grep -qF "Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\"" "$tmp/node.html" &&
	! grep -qiE '(src|href)="(https?:)?//' "$tmp/node.html"; then pass "the page loads nothing from outside (CSP)"
else fail "no Content-Security-Policy, or an outside resource"; fi
if grep -q 'NVIDIA H100 80GB HBM3' "$tmp/node.html" && grep -q '<dd>0 of 1</dd>' "$tmp/node.html" &&
	grep -q 'schemaVersion: 1' "$tmp/node.html" && grep -q 'monitored events (-mc python_function) claim 18.5% of the device time' "$tmp/node.html"
then pass "the header: device, rank of world size, version, and the run's warning (its coverage naming the module view's -mc, SPEC 28)"
else fail "the header lacks the device, rank, version or warning"; fi

# every warning of the run on a comparison's page, each trace's too (SPEC 16):
# the traces have no python_function event, so the default -mc matches none,
# and the cut-short trace fails
echo '{"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "op", "pid": 1, "tid": 1, "ts": 0, "dur": 5}]}' >"$tmp/ops.json"
printf '{"traceEvents": [' >"$tmp/cut.json"
"$PROFILE_PARSER" -q -s "$tmp/ops.json" -s "$tmp/ops.json" --diff name -d "$tmp/diff_warn.html" 2>/dev/null
if grep -q '<li>[^<]*/ops.json: -mc python_function matches no event' "$tmp/diff_warn.html" &&
	grep -q '<li>--diff: the base and the new trace are the same file' "$tmp/diff_warn.html"
then pass "--diff's page: the traces' warnings and the pair's"
else fail "--diff's page lacks a trace's warning or the pair's"; fi
"$PROFILE_PARSER" -q -s "$tmp/ops.json" -s "$tmp/cut.json" --summary name --across-ranks -d "$tmp/across_warn.html" 2>/dev/null
if grep -q '<li>[^<]*/ops.json: -mc python_function matches no event' "$tmp/across_warn.html" &&
	grep -q '<li>failed: .*cut.json: ' "$tmp/across_warn.html"
then pass "--across-ranks's page: the traces' warnings and failures"
else fail "--across-ranks's page lacks a trace's warning or failure"; fi

# --summary perf with no op modelled: the page (as standard error) says why,
# and blames no depth bound (there is none)
"$PROFILE_PARSER" -q -s "$tmp/ops.json" -mc cpu_op --summary perf -d "$tmp/perf_none.html" 2>/dev/null
if grep -q '<li>[^<]*/ops.json: no monitored op of the models&#39; table has Input Dims' "$tmp/perf_none.html" &&
	! grep -q 'depth bounds' "$tmp/perf_none.html"
then pass "--summary perf, no op modelled: why, and no depth bound blamed"
else fail "--summary perf, no op modelled: the warnings are wrong:"; grep '<li>' "$tmp/perf_none.html"; fi

# (c) a real browser
if [ -z "$browser" ]; then
	skip "no Chromium (chromium, chromium-browser, google-chrome) to render the page; install it with scripts/install-deps.sh --browser"
else
	render --dump-dom "file://$tmp/node.html" >"$tmp/dom.html"
	if check dom "$tmp/dom.html" 8 >"$tmp/why"; then pass "$browser: the DOM after scripts holds the tables, their rows, the filter box"
	else fail "$browser: the DOM:"; cat "$tmp/why"; fi
	# two clicks on the kernels' total(ms) (largest first, then smallest first), the column read back
	sed 's|</body>|<script>var t = document.querySelector("#kernel table.data"), th = t.tHead.rows[0].cells, i = 0;\
while (!th[i].classList.contains("n") \|\| th[i].textContent !== "total(ms)") i++;\
th[i].click(); th[i].click(); document.body.setAttribute("data-sorted", [].map.call(t.tBodies[0].rows, function (r) { return r.cells[i].textContent; }).join("\|"));</script></body>|' \
		"$tmp/node.html" >"$tmp/click.html"
	render --dump-dom "file://$tmp/click.html" >"$tmp/clicked.html"
	if check sorted "$tmp/clicked.html" >"$tmp/why"; then pass "$browser: two clicks on total(ms) sort the kernels smallest first (they come largest first)"
	else fail "$browser: sorting:"; cat "$tmp/why"; fi
	render --screenshot="$tmp/shot.png" --window-size=1200,900 "file://$tmp/node.html" >/dev/null
	if [ -s "$tmp/shot.png" ] && check png "$tmp/shot.png" >"$tmp/why"; then pass "$browser: the screenshot is not blank"
	else fail "$browser: screenshot:"; cat "$tmp/why" "$tmp/browser.err" 2>/dev/null | tail -n 5; fi
fi

# (d) the size bound
if why=$(have_traces); then
	big=0 n=0
	for trace in $(shared_traces); do
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/shared.html" 2>/dev/null || continue # not a trace (an ET)
		n=$((n + 1))
		size=$(wc -c < "$tmp/shared.html")
		[ "$size" -le 5000000 ] || { big=$((big + 1)); echo "# $(basename "$trace"): $size bytes"; }
	done
	if [ "$n" -gt 0 ] && [ "$big" -eq 0 ]; then pass "the pages of $n shared traces are at most 5 MB"
	else fail "$big of $n shared traces' pages are over 5 MB"; fi
else
	skip "$why"
fi
finish
