#!/bin/sh
# --summary gaps (SPEC 26.3) beyond its fixtures' rows (tests/cases/gaps_*):
# --min-gap's default (100 us) and its errors, --sort and --top, every
# format, the page; many rows formatted by several threads give the same
# bytes as by one (pure getters, src/views/table/write.h); and on every shared
# trace, the rows' invariants: host wait + other idle = length, a cause and
# a host op exactly when there is host wait, starts in order per device.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
cases=$top_srcdir/tests/cases
edges=$cases/gaps_edges.json

# --min-gap's default is 100 us: of gaps_edges.json's five gaps (50, 250,
# 10, 460 and 60 us; gaps_edges.working), the 250 and 460 us ones
"$PROFILE_PARSER" -q -s "$edges" -d "$tmp/default.csv" --summary gaps --columns 'device,start(ms),length(ms)'
printf '"device","start(ms)","length(ms)"\r\n"0","0.050","0.25"\r\n"0","0.340","0.46"\r\n' > "$tmp/want.csv"
cmp -s "$tmp/want.csv" "$tmp/default.csv" && pass "--min-gap 100 by default: the gaps of 100 us or more" \
	|| { fail "--min-gap's default"; cat "$tmp/default.csv"; }
"$PROFILE_PARSER" -q -s "$edges" -d "$tmp/min.csv" --summary gaps --min-gap 60 --columns 'length(ms)'
[ "$(tr -d '\r' < "$tmp/min.csv" | tr '\n' ' ')" = '"length(ms)" "0.25" "0.46" "0.06" ' ] \
	&& pass "--min-gap 60: a gap of exactly 60 us is written" || { fail "--min-gap 60"; cat "$tmp/min.csv"; }
"$PROFILE_PARSER" -q -s "$edges" -d "$tmp/min.csv" --summary gaps --min-gap 60.001 --columns 'length(ms)'
[ "$(tr -d '\r' < "$tmp/min.csv" | tr '\n' ' ')" = '"length(ms)" "0.25" "0.46" ' ] \
	&& pass "--min-gap 60.001: not the 60 us gap" || { fail "--min-gap 60.001"; cat "$tmp/min.csv"; }
# --sort and --top: the longest first
"$PROFILE_PARSER" -q -s "$edges" -d "$tmp/top.csv" --summary gaps --min-gap 0 --sort 'length(ms)' --top 2 \
	--columns 'start(ms),length(ms),cause'
printf '"start(ms)","length(ms)","cause"\r\n"0.340","0.46","outside"\r\n"0.050","0.25","framework"\r\n' > "$tmp/want.csv"
cmp -s "$tmp/want.csv" "$tmp/top.csv" && pass "--sort length(ms) --top 2: the two longest" || { fail "--sort --top"; cat "$tmp/top.csv"; }
# usage errors
for bad in "--min-gap -1 --summary gaps" "--min-gap x --summary gaps" "--min-gap 5 --summary idle"; do
	eval "set -- $bad"
	"$PROFILE_PARSER" -s "$edges" -d "$tmp/bad.csv" "$@" 2>"$tmp/err"; status=$?
	expect_status 2 "$bad is a usage error"
done
expect_stderr "--min-gap goes with --summary gaps" "the error names the option"
# every format, and the page
for format in jsonl table html; do
	"$PROFILE_PARSER" -q -s "$edges" -d "$tmp/gaps.$format" --summary gaps --min-gap 0; status=$?
	expect_status 0 "--format $format"
	grep -q 'Memset (Device)' "$tmp/gaps.$format" && pass "--format $format has the ender" || fail "--format $format"
done
grep -q '"start(ms)":-0.100,' "$tmp/gaps.jsonl" && grep -q '"cause":null' "$tmp/gaps.jsonl" \
	&& pass "JSON Lines: a negative start, an empty cause as null" || { fail "JSON Lines"; cat "$tmp/gaps.jsonl"; }

# many rows: the same bytes by three threads as by one (10,000 gaps of 1 us)
awk 'BEGIN { printf "{\"traceEvents\": ["; for (i = 0; i < 10001; i++) printf "%s{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":1,\"args\":{\"correlation\":%d}},{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":%d,\"dur\":1,\"args\":{\"correlation\":%d,\"device\":0}}", i ? "," : "", 2 * i, i + 1, 2 * i, i + 1; print "]}" }' > "$tmp/many.json"
for format in csv jsonl; do
	PROFILE_PARSER_THREADS=1 "$PROFILE_PARSER" -q -s "$tmp/many.json" -d "$tmp/one.$format" --summary gaps --min-gap 0
	PROFILE_PARSER_THREADS=3 "$PROFILE_PARSER" -q -s "$tmp/many.json" -d "$tmp/three.$format" --summary gaps --min-gap 0
	if cmp -s "$tmp/one.$format" "$tmp/three.$format" && [ "$(wc -l < "$tmp/one.$format")" -ge 10000 ]; then
		pass "$format: $(wc -l < "$tmp/one.$format") lines of gaps, the same by three threads as by one"
	else
		fail "$format: the gaps by three threads differ from one's"
	fi
done

need python3 python3
need_traces
cat > "$tmp/check.py" <<'PY'
import csv, sys
from decimal import Decimal as D
rows = list(csv.DictReader(open(sys.argv[1])))
last = {}
for r in rows:
    length, wait, other = D(r['length(ms)']), D(r['host wait(ms)']), D(r['other idle(ms)'])
    if wait + other != length or wait < 0 or other < 0:
        sys.exit('parts do not add up: %s' % r)
    if (wait > 0) != (r['cause'] != '') or (wait > 0) != (r['host op'] != ''):
        sys.exit('a cause and a host op exactly with host wait: %s' % r)
    start = D(r['start(ms)'])
    if r['device'] in last and start < last[r['device']]:
        sys.exit('starts out of order on device %s' % r['device'])
    last[r['device']] = start
PY
for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	case $name in simple_add_et) continue ;; esac
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.csv" --summary gaps --min-gap 0 || { fail "$name: --summary gaps"; continue; }
	python3 "$tmp/check.py" "$tmp/$name.csv" && pass "$name: every gap's parts add up, causes with host wait, in order" \
		|| fail "$name: --summary gaps"
done
finish
