#!/bin/sh
# Exit statuses and messages: usage errors (2), unreadable input or not a
# trace (1); a failed run leaves the destination as it was and no temporary file.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
good=$cases/object_form.json
pp() { "$PROFILE_PARSER" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }

pp --help
expect_status 0 "--help"
grep -q -- "--max_depth" "$tmp/out" && grep -q -- "-mc" "$tmp/out" && pass "--help lists the options" || fail "--help lists the options"
pp --version
expect_status 0 "--version"
grep -q "^profile_parser [0-9]" "$tmp/out" && pass "--version prints the version" || fail "--version output: $(cat "$tmp/out")"

pp -s "$good"
expect_status 2 "missing -d"
expect_stderr "Try 'profile_parser --help'" "usage errors point to --help"
pp -s "$good" -d "$tmp/o.csv" --max_depth 0
expect_status 2 "--max_depth 0"
pp -s "$good" -d "$tmp/o.csv" --max_depth 2 --min_depth 3
expect_status 2 "--max_depth below --min_depth"
pp -s "$good" -d "$tmp/o.csv" --no-such-option
expect_status 2 "unknown option"

pp -s "$good" -d "$tmp/o.csv" --columns Operation,bogus
expect_status 2 "an unknown column"
expect_stderr "unknown column 'bogus'; the columns are: name, args," "the usage error lists the catalogue"
pp -s "$good" -d "$tmp/o.csv" --meta novalue
expect_status 2 "--meta without NAME="
pp -s "$good" -d "$tmp/o.csv" --opaque "$tmp/no-such-names.txt"
expect_status 1 "a missing --opaque file"
expect_stderr "no-such-names.txt" "the message names the names file"
pp --help-export
expect_status 0 "--help-export"
grep -q -- "--skip-empty-shapes" "$tmp/out" && pass "--help-export lists the export options" || fail "--help-export"

pp -s "$tmp/does-not-exist.json" -d "$tmp/o.csv"
expect_status 1 "missing input"
expect_stderr "does-not-exist.json" "the message names the file"
printf '{"traceEvents": [{"ph": "X", "ts": 1,' > "$tmp/cut.json"
pp -s "$tmp/cut.json" -d "$tmp/o.csv"
expect_status 1 "truncated trace"
expect_stderr "cut short" "truncated: says so"
printf '[{"ph": "X"} oops]' > "$tmp/bad.json"
pp -s "$tmp/bad.json" -d "$tmp/o.csv"
expect_status 1 "not JSON"
expect_stderr "at byte 13" "a parse error gives the byte offset"
printf '{"a": 1}' > "$tmp/notrace.json"
pp -s "$tmp/notrace.json" -d "$tmp/o.csv"
expect_status 1 "JSON without traceEvents"
: > "$tmp/empty.json"
pp -s "$tmp/empty.json" -d "$tmp/o.csv"
expect_status 1 "empty file"
gzip -c "$good" | head -c 150 > "$tmp/cutgz.json.gz"
pp -s "$tmp/cutgz.json.gz" -d "$tmp/o.csv"
expect_status 1 "cut gzip stream"
mkdir "$tmp/empty-dir"
pp -s "$tmp/empty-dir" -d "$tmp/o.csv"
expect_status 1 "a directory without traces"
pp -s "$cases" -d "$tmp/o.csv"
expect_status 2 "a directory of traces with -d FILE"
expect_stderr "-d must be a directory" "says -d must be a directory"

# The destination is untouched by a failed run, and no temporary file is left.
echo "precious" > "$tmp/keep.csv"
pp -s "$tmp/cut.json" -d "$tmp/keep.csv"
expect_status 1 "failed run"
[ "$(cat "$tmp/keep.csv")" = precious ] && pass "an existing destination is left as it was" || fail "destination replaced"
leftovers=$(ls "$tmp" | grep -c 'keep\.csv\.')
[ "$leftovers" -eq 0 ] && pass "no temporary file left" || fail "temporary files left: $(ls "$tmp")"
pp -s "$cases/exact_time.json" -d "$tmp/keep.csv" -mc cpu_op
expect_status 0 "a good run"
cmp -s "$tmp/keep.csv" "$cases/exact_time.csv" && pass "a good run replaces the destination" || fail "destination not replaced"
pp -s "$good" -d "/proc/no/such/place.csv"
expect_status 1 "an output that cannot be written"
finish
