#!/bin/sh
# --format perfetto, the annotated trace (SPEC 29): tests/perfetto/small.json
# worked by hand (the added arg on each device event, where it goes, the pid,
# the gap, the findings' spans, the counters), the names that choose the
# format and the usage errors; then tests/perfetto_check.py on the fixture,
# the example and the shared traces: valid JSON, the input's text byte for
# byte less the added arg, the added tracks' slices nested on every tid,
# the gap slices the rows of --summary gaps, the counters the cells of
# --summary timeline, the critical path the total of --summary critical;
# and the copy streams: its peak memory is not the input's size more.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
small=$top_srcdir/tests/perfetto/small.json
check=$top_srcdir/tests/perfetto_check.py

# small.json by hand: launches at 115 (in aten::mm, in step) and 150 (in
# step); gemm [125, 135) and relu [165, 170) on device 0: one gap [135, 165)
# ended by relu, host wait until its launch at 150 (cause framework, host op
# step), 15 us other idle; the span [125, 170) in 2 bins of 22.5 us: busy
# 10 us (44.4%) and 5 us (22.2%); pids 7 and 1 (99 only inside an event's
# args): the added one is 8
"$PROFILE_PARSER" -q -s "$small" -d "$tmp/small.perfetto.json" -mc cpu_op --min-gap 0 --bins 2 2>"$tmp/err"; status=$?
expect_status 0 "a name ending in .perfetto.json chooses the format"
python3 - "$tmp/small.perfetto.json" > "$tmp/out" 2>&1 <<'PY'
import json, sys
text = open(sys.argv[1]).read()
doc = json.loads(text)
ev = doc['traceEvents']
by_name = {e['name']: e for e in ev[:12]}
def arg(name):
    return by_name[name]['args']['profile_parser']
assert arg('gemm') == {'path': 'step$$aten::mm', 'class': 'compute'}, arg('gemm')
assert arg('relu') == {'path': 'step', 'class': 'compute'}, arg('relu')
assert arg('Memcpy DtoD (Device -> Device)') == {'path': None, 'class': 'memcpy'}
assert arg('Memset (Device)') == {'path': None, 'class': 'memset'}
# the arg first in args; an args member made where none was; "{ }" kept
assert '"args": {"profile_parser":{"path":"step$$aten::mm","class":"compute"},"device": 0, "stream": 7' in text
assert '"args": {"profile_parser":{"path":null,"class":"memcpy"} }}' in text
assert '"note": "args", "pid": 1, "tid": 7, "ts": 165, "dur": 5, "args": {"profile_parser":{"path":"step","class":"compute"},"device": 0' in text
assert '{"args":{"profile_parser":{"path":null,"class":"memset"}},"ph": "X", "cat": "gpu_memset"' in text
added = ev[12:]
assert {e['pid'] for e in added} == {8}
names = {e['tid']: e['args']['name'] for e in added if e['name'] == 'thread_name'}
x = [(names[e['tid']], e['name'], e['ts'], e['dur']) for e in added if e['ph'] == 'X']
assert ('gaps (device 0)', 'framework', 135.0, 30.0) in x, x
gap = [e for e in added if e['ph'] == 'X' and names[e['tid']] == 'gaps (device 0)'][0]
assert gap['args'] == {'device': 0, 'start(ms)': 0.02, 'length(ms)': 0.03, 'host wait(ms)': 0.015,
                       'other idle(ms)': 0.015, 'cause': 'framework', 'host op': 'step', 'ender': 'relu',
                       'ender thread': '7/1', 'step': None}, gap['args']
spans = {(n, t, d) for track, n, t, d in x if track.startswith('findings')}
assert ('launch-bound', 135.0, 30.0) in spans, spans         # over its gap
assert ('low-coverage', 115.0, 77.0) in spans, spans         # over the analysed span [115, 192)
c = [(e['ts'], e['args']['%']) for e in added if e['ph'] == 'C']
assert c == [(125.0, 44.4), (147.5, 22.2), (170.0, 0.0)], c
assert '"ts":147.500,' in text  # exact microseconds, three decimals
print('ok')
PY
[ "$(cat "$tmp/out")" = ok ] && pass "small.json: the args, the gap, the findings' spans and the counters worked by hand" \
	|| { fail "small.json by hand"; cat "$tmp/out"; }

# the names and the usage errors
"$PROFILE_PARSER" -q -s "$small" -d "$tmp/small.perfetto.json.gz" 2>"$tmp/err"; status=$?
expect_status 0 ".perfetto.json.gz"
python3 -c "import gzip, json, sys; json.loads(gzip.open(sys.argv[1]).read())" "$tmp/small.perfetto.json.gz" \
	&& pass ".perfetto.json.gz is gzip of JSON" || fail ".perfetto.json.gz"
"$PROFILE_PARSER" -q -s "$small" -d "$tmp/any.json" --format perfetto 2>"$tmp/err"; status=$?
expect_status 0 "--format perfetto with any name"
for bad in "-d $tmp/x.perfetto.json --format csv" "-d $tmp/x.json --format perfetto --summary gaps" \
	"-d $tmp/x.json --format perfetto --diff $small" "-d $tmp/x.csv --bins 3"; do
	eval "set -- $bad"
	"$PROFILE_PARSER" -q -s "$small" "$@" 2>"$tmp/err"; status=$?
	expect_status 2 "$bad is a usage error"
done
"$PROFILE_PARSER" -q -s - -d "$tmp/x.perfetto.json" < "$small" 2>"$tmp/err"; status=$?
expect_status 2 "standard input, which cannot be read twice, is a usage error"
expect_stderr "standard input can be read once: save it to a file" "which says what to do"

# the checker on the fixture, the example and the shared traces
run_check() { # TRACE NAME [OPTION...] (and $min_gap)
	trace=$1 name=$2
	shift 2
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.perfetto.json.gz" --summary critical $min_gap "$@" 2>"$tmp/err" &&
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.gaps.jsonl" --summary gaps $min_gap "$@" &&
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.timeline.jsonl" --summary timeline \
			--columns '+start(us),end(us)' "$@" &&
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.critical.jsonl" --summary critical "$@" &&
		python3 "$check" "$trace" "$tmp/$name.perfetto.json.gz" --gaps "$tmp/$name.gaps.jsonl" \
			--timeline "$tmp/$name.timeline.jsonl" --critical "$tmp/$name.critical.jsonl" > "$tmp/out" 2>&1
}
min_gap='--min-gap 0'
run_check "$small" small -mc cpu_op && grep -q 'track gaps (device 0): 1$' "$tmp/out" \
	&& pass "small.json: $(tr '\n' ';' < "$tmp/out")" || { fail "small.json"; cat "$tmp/out" "$tmp/err"; }
min_gap=
run_check "$top_srcdir/examples/example_trace.json" example && grep -q 'track critical path' "$tmp/out" \
	&& pass "the example: $(tr '\n' ';' < "$tmp/out")" || { fail "the example"; cat "$tmp/out" "$tmp/err"; }

# streaming: 30,000 launches and kernels (about 15 MB), the peak memory of
# the annotated trace less that of --summary findings (which reads as much)
# is well under the input's size
awk 'BEGIN { printf "{\"traceEvents\": [\n"; for (i = 0; i < 30000; i++) printf "%s{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1, \"ts\": %d, \"dur\": 1, \"args\": {\"correlation\": %d, \"padding\": \"%0100d\"}},\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, \"ts\": %d, \"dur\": 1, \"args\": {\"correlation\": %d, \"device\": 0, \"padding\": \"%0100d\"}}", i ? ",\n" : "", 3 * i, i + 1, 0, 3 * i + 1, i + 1, 0; print "]}" }' > "$tmp/big.json"
if ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then
	skip "streaming (peak memory): a sanitizer build, whose shadow memory is not the program's; this runs in a plain build"
	"$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/big.perfetto.json"
else
	peak "$tmp/peak_findings" "$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/big.csv" --summary findings
	peak "$tmp/peak_perfetto" "$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/big.perfetto.json"
	size=$(wc -c < "$tmp/big.json") more=$(($(cat "$tmp/peak_perfetto") - $(cat "$tmp/peak_findings")))
	# (the copy's own buffers: three chunks of 1 MiB, 2 MiB of output, the
	# element; a copy of the input would add its whole size)
	[ "$more" -lt $((4194304 + size / 2)) ] && pass "streams: $more bytes more at the peak than --summary findings, for $size bytes of input" \
		|| fail "not streamed: $more bytes more at the peak, for $size bytes of input"
fi
python3 "$check" "$tmp/big.json" "$tmp/big.perfetto.json" > "$tmp/out" 2>&1 \
	&& grep -q 'annotated 30000,' "$tmp/out" && pass "the 30,000 kernels annotated" || { fail "the big trace"; cat "$tmp/out"; }

if have_traces > /dev/null; then
	for trace in $(small_shared_traces); do
		name=$(basename "$trace" .json.gz)
		case $name in *_et) continue ;; esac # Execution Traces are no traces to annotate
		run_check "$trace" "$name" && pass "$name: $(tr '\n' ';' < "$tmp/out")" || { fail "$name"; cat "$tmp/out" "$tmp/err"; }
	done
else
	skip "$(have_traces)"
fi
# the second read of a gzip file (src/input/unzip.h): a header with the
# file's name (gzip's), two members, bytes after the last: the same copy
example=$top_srcdir/examples/example_trace.json
"$PROFILE_PARSER" -q -s "$example" -d "$tmp/plain.perfetto.json"
gzip -c "$example" > "$tmp/named.json.gz"
head -c 3000 "$example" | gzip -c > "$tmp/members.json.gz"
tail -c +3001 "$example" | gzip -c >> "$tmp/members.json.gz"
printf 'xx' >> "$tmp/members.json.gz"
for gz in named members; do
	"$PROFILE_PARSER" -q -s "$tmp/$gz.json.gz" -d "$tmp/$gz.perfetto.json" && cmp -s "$tmp/plain.perfetto.json" "$tmp/$gz.perfetto.json" \
		&& pass "a gzip input ($gz) annotated as the plain one" || fail "a gzip input ($gz) annotated otherwise than the plain one"
done

finish
