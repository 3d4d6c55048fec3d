#!/bin/sh
# Broken and hostile inputs: each gets a clear answer, never a crash.
# Exit 1 cases: one line on standard error naming the file, what is wrong and
# where; no output file created, an existing one left as it was, no temporary
# file left. Exit 0 cases: a correct CSV.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

# refused NAME WHAT [OPTIONS...]: $tmp/NAME is refused with WHAT in the message.
refused() {
	name=$1 what=$2; shift 2
	rm -f "$tmp/out.csv"
	"$PROFILE_PARSER" -s "$tmp/$name" -d "$tmp/out.csv" "$@" 2>"$tmp/err"
	status=$?
	lines=$(wc -l < "$tmp/err")
	if [ "$status" -ne 1 ]; then
		fail "$name: exit status $status, wanted 1"; cat "$tmp/err"
	elif [ "$lines" -ne 1 ] || ! grep -qF "$tmp/$name: " "$tmp/err" || ! grep -qF -- "$what" "$tmp/err"; then
		fail "$name: wanted one line naming the file and '$what':"; cat "$tmp/err"
	elif [ -e "$tmp/out.csv" ] || ls "$tmp" | grep -q '^out\.csv\.'; then
		fail "$name: an output or temporary file was left"
	else
		pass "$name refused: $(cat "$tmp/err")"
	fi
}

# accepted NAME [OPTIONS...]: $tmp/NAME gives exit 0 and a valid UTF-8 CSV in $tmp/NAME.csv.
accepted() {
	name=$1; shift
	"$PROFILE_PARSER" -s "$tmp/$name" -d "$tmp/$name.csv" -mc cpu_op "$@" 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then
		fail "$name: exit status $status"; cat "$tmp/err"; return 1
	fi
	if ! iconv -f UTF-8 -t UTF-8 "$tmp/$name.csv" >/dev/null 2>&1; then
		fail "$name: the CSV is not valid UTF-8"; return 1
	fi
	return 0
}
row_count() { grep -c "$(printf '\r')\$" "$1"; }
header='"name","args","host duration(ms)","device duration(ms)","cuda launch duration(ms)","cuda_runtime","kernels","kernel infos","host ts","cuda launch ts","kernel ts"'
event='{"ph":"X","cat":"cpu_op","name":"op","pid":1,"tid":1,"ts":1,"dur":2}'

# ---- refused, exit 1 ----
: > "$tmp/empty.json";                        refused empty.json "empty input"
printf ' \n\t \n' > "$tmp/blank.json";        refused blank.json "empty input"
printf 'hello' > "$tmp/words.json";           refused words.json "not JSON"
printf '42' > "$tmp/number.json";             refused number.json "not a trace"
printf 'null' > "$tmp/null.json";             refused null.json "not a trace"
printf '{"schemaVersion": 1}' > "$tmp/no_events.json"; refused no_events.json "no traceEvents array"
printf '{"traceEvents": {"a": 1}}' > "$tmp/events_object.json"; refused events_object.json "traceEvents is not an array at byte 16"
printf '{"traceEvents": [%s, {"ph":"X","na' "$event" > "$tmp/cut_event.json"; refused cut_event.json "cut short"
printf '{"traceEvents": [{"name": "unfinished str' > "$tmp/cut_string.json"; refused cut_string.json "cut short"
printf '{"traceEvents": [%s,' "$event" > "$tmp/cut_array.json"; refused cut_array.json "cut short"
printf '{"traceEvents": [%s]' "$event" > "$tmp/cut_object.json"; refused cut_object.json "cut short"
printf '{"traceEvents": []} {}' > "$tmp/after.json"; refused after.json "data after the end of the JSON document at byte 20"
printf '{"traceEvents": [{"ph": "X", "ts": tru}]}' > "$tmp/token.json"; refused token.json "at byte 35"
printf '{"traceEvents": [{"ph": "M", "args": [1 2]}]}' > "$tmp/token_ignored.json"; refused token_ignored.json "at byte 40"
deep=$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "["; for (i = 0; i < 200; i++) printf "]" }')
printf '{"traceEvents": [{"ph": "X", "cat": "cpu_op", "args": %s}]}' "$deep" > "$tmp/deep_event.json"
refused deep_event.json "nesting too deep"
printf '{"traceEvents": [{"ph": "M", "args": %s}]}' "$deep" > "$tmp/deep_ignored.json"
refused deep_ignored.json "nesting too deep"
printf '{"meta": %s, "traceEvents": []}' "$deep" > "$tmp/deep_metadata.json"
refused deep_metadata.json "at byte"
gzip -c "$cases/attribution.json" > "$tmp/whole.gz"
size=$(wc -c < "$tmp/whole.gz")
head -c $((size / 2)) "$tmp/whole.gz" > "$tmp/cut.json.gz";      refused cut.json.gz "gzip stream cut or corrupt (unexpected end of file)"
head -c $((size - 4)) "$tmp/whole.gz" > "$tmp/no_trailer.json.gz"; refused no_trailer.json.gz "gzip stream cut or corrupt (unexpected end of file) after 1489 bytes"
gzip -c "$cases/attribution.json" > "$tmp/corrupt.json.gz"
size=$(wc -c < "$tmp/corrupt.json.gz")
printf 'XXXXXXXXXXXXXXXX' | dd of="$tmp/corrupt.json.gz" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
refused corrupt.json.gz "gzip stream cut or corrupt"
mkdir "$tmp/dir.json";                        refused dir.json "a directory without traces"
: > "$tmp/file";                              refused file/inside.json "Not a directory"
printf '{"traceEvents": [%s]}' "$event" > "$tmp/good.json"
rm -f "$tmp/out.csv"
"$PROFILE_PARSER" -s "$tmp/good.json" -d "$tmp/file/out.csv" 2>"$tmp/err"; status=$?
[ "$status" -eq 1 ] && grep -qF "$tmp/file/out.csv" "$tmp/err" && pass "an output that cannot be written: $(cat "$tmp/err")" \
	|| { fail "an output that cannot be written: exit $status"; cat "$tmp/err"; }
echo kept > "$tmp/kept.csv"
"$PROFILE_PARSER" -s "$tmp/cut_event.json" -d "$tmp/kept.csv" 2>/dev/null
[ "$(cat "$tmp/kept.csv")" = kept ] && ! ls "$tmp" | grep -q '^kept\.csv\.' \
	&& pass "a failed run leaves the destination and no temporary file" || fail "a failed run touched the destination"

# ---- accepted, exit 0 ----
# check WHAT COMMAND...: after an accepted run, COMMAND must succeed; every
# check passes or fails (an accepted run that fails has failed already).
check() {
	what=$1; shift
	if "$@"; then pass "$what"; else fail "$what: '$*' failed; standard error:"; cat "$tmp/err"; fi
}
# has_rows FILE N: FILE, a CSV, has N lines (the header and N - 1 rows)
has_rows() { [ "$(row_count "$1")" -eq "$2" ]; }
# err_has TEXT: the run's standard error holds TEXT
err_has() { grep -qF -- "$1" "$tmp/err"; }
# csv_has FILE TEXT
csv_has() { grep -qF -- "$2" "$1"; }

printf '{"traceEvents": []}' > "$tmp/no_event.json"
accepted no_event.json && check "an empty trace: the header alone" [ "$(cat "$tmp/no_event.json.csv")" = "$header$(printf '\r')" ]
printf '\357\273\277{"traceEvents": [%s]}' "$event" > "$tmp/bom.json"
accepted bom.json && check "a byte order mark" has_rows "$tmp/bom.json.csv" 2
printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"raw\ttab\nnewline","ts":1,"dur":2,"args":{"s":"a\001b"}}]}' > "$tmp/control.json"
accepted control.json && check "raw control characters" csv_has "$tmp/control.json.csv" "'s': 'a\\x01b'"
printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"bad\377name","ts":1,"dur":2,"args":{"k\376":"v\300"}}]}' > "$tmp/latin1.json"
if accepted latin1.json; then
	check "invalid UTF-8 replaced by U+FFFD" csv_has "$tmp/latin1.json.csv" "bad$(printf '\357\277\275')name"
	check "invalid UTF-8 counted: $(grep UTF "$tmp/err")" err_has "invalid UTF-8, replaced by U+FFFD"
fi
printf '{"traceEvents": [1, "two", [3], null, true, %s]}' "$event" > "$tmp/not_objects.json"
if accepted not_objects.json; then
	check "events that are not objects: counted" err_has "skipped 5 events; the first is event #0 (not a JSON object)"
	check "events that are not objects: skipped, the op written" has_rows "$tmp/not_objects.json.csv" 2
fi
printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","ts":NaN,"dur":1},{"ph":"X","cat":"cpu_op","ts":1,"dur":Infinity},{"ph":"X","cat":"cpu_op","ts":-Infinity,"dur":1},{"ph":"X","cat":"cpu_op","ts":1e300,"dur":1},{"ph":"X","cat":"cpu_op","ts":1,"dur":99999999999999999999},%s]}' "$event" > "$tmp/absurd.json"
if accepted absurd.json; then
	check "NaN, infinite and out-of-range times: counted" err_has "skipped 5 events; the first is event #0 (ts is not a number in range)"
	check "NaN, infinite and out-of-range times: skipped" has_rows "$tmp/absurd.json.csv" 2
fi
# an escaped NUL: raw in the name (a CSV field holds any byte), \x00 in the
# literals; the launch on the op's thread, so that its kernel is the op's
printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"a\\u0000b","pid":1,"tid":1,"ts":1,"dur":2},{"ph":"X","cat":"kernel","name":"k\\u0000","ts":5,"dur":1,"args":{"correlation":1}},{"ph":"X","cat":"cuda_runtime","name":"l","pid":1,"tid":1,"ts":1.5,"dur":0.5,"args":{"correlation":1}}]}' > "$tmp/nul.json"
{ printf '%s\r\n' "$header"
  printf '"a\000b",'
  printf '%s\r\n' "\"\",\"0.002\",\"0.001\",\"0.0005\",\"{'l': 0.0005}\",\"{'k\\x00': 0.001}\",\"{'k\\x00': {'correlation': 1}}\",\"1\",\"{'l': 1.5}\",\"{'k\\x00': 5}\""
} > "$tmp/nul.want"
accepted nul.json && check "escaped NUL characters: kept raw in names, \\x00 in literals" cmp "$tmp/nul.want" "$tmp/nul.json.csv"
awk 'BEGIN { printf "{\"traceEvents\": [{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\""; s = "0123456789abcdef"; for (i = 0; i < 4; i++) s = s s s s; for (i = 0; i < 7680; i++) printf "%s", s; printf "\",\"ts\":1,\"dur\":2}]}" }' > "$tmp/long_name.json"
accepted long_name.json && check "a 30 MB name" [ "$(wc -c < "$tmp/long_name.json.csv")" -gt 31457280 ]
awk 'BEGIN { printf "{\"traceEvents\": ["; for (i = 0; i < 100000; i++) printf "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"t\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":1}", (i ? "," : ""), i, i; printf "]}" }' > "$tmp/threads.json"
if accepted threads.json; then
	check "100,000 threads: the report" err_has "100000 monitored on 100000 threads"
	check "100,000 threads: a row each" has_rows "$tmp/threads.json.csv" 100001
fi
awk 'BEGIN { n = 100000; printf "{\"traceEvents\": ["; for (i = 0; i < n; i++) printf "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":%d}", (i ? "," : ""), i, 2 * (n - i); printf "]}" }' > "$tmp/deep_tree.json"
if accepted deep_tree.json --min_depth 99999; then
	check "a call tree 100,000 levels deep: the report" err_has "deepest level 100000"
	check "a call tree 100,000 levels deep: levels 99999 and 100000 written" has_rows "$tmp/deep_tree.json.csv" 3
fi
finish
