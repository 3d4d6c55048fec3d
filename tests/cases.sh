#!/bin/sh
# Runs profile_parser on every tests/cases/NAME.json with the options of
# NAME.args (shell words: quotes and $cases work) and compares the output,
# byte for byte, with NAME.csv (or NAME.jsonl), worked out by hand: NAME.working
# says the rule the fixture pins and the sums (a fixture without one fails).
# NAME.report, when present, lists lines the report must contain.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

for trace in "$cases"/*.json; do
	name=$(basename "$trace" .json)
	eval "set -- $(cat "$cases/$name.args")"
	expected=$cases/$name.csv
	[ -f "$cases/$name.jsonl" ] && expected=$cases/$name.jsonl # --format jsonl
	out=$tmp/$(basename "$expected") # named as its format: a name that contradicts --format is an error
	[ -s "$cases/$name.working" ] || fail "$name: no $name.working (the rule it pins and the sums by hand)"
	"$PROFILE_PARSER" -s "$trace" -d "$out" "$@" 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then
		fail "$name: exit status $status"; cat "$tmp/err"; continue
	fi
	if ! cmp -s "$expected" "$out"; then
		fail "$name: the output differs"; diff "$expected" "$out" | head -20; continue
	fi
	missing=
	if [ -f "$cases/$name.report" ]; then
		while IFS= read -r line; do
			grep -qF -- "$line" "$tmp/err" || missing="$missing [$line]"
		done < "$cases/$name.report"
	fi
	if [ -n "$missing" ]; then fail "$name: the report lacks$missing"; cat "$tmp/err"; else pass "$name"; fi
done

# The same trace gzipped (whatever its name), and through standard input and output.
gzip -c "$cases/object_form.json" > "$tmp/gzipped.json"
"$PROFILE_PARSER" -q -s "$tmp/gzipped.json" -d "$tmp/gz.csv" -mc cpu_op && cmp -s "$tmp/gz.csv" "$cases/object_form.csv" \
	&& pass "gzip detected by its magic bytes" || fail "gzip detected by its magic bytes"
gzip -c "$cases/object_form.json" | "$PROFILE_PARSER" -q -s - -d - -mc cpu_op > "$tmp/stdout.csv" \
	&& cmp -s "$tmp/stdout.csv" "$cases/object_form.csv" \
	&& pass "standard input and output" || fail "standard input and output"

# -q: no report at all
"$PROFILE_PARSER" -q -s "$cases/skipped.json" -d "$tmp/q.csv" -mc cpu_op 2>"$tmp/err"
[ ! -s "$tmp/err" ] && pass "--quiet writes nothing on standard error" || fail "--quiet wrote: $(cat "$tmp/err")"

# -q with many traces: nothing at all when all went well
"$PROFILE_PARSER" -q -s "$cases/object_form.json" -s "$cases/skipped.json" -d "$tmp/quiet/" -mc cpu_op 2>"$tmp/err"
[ ! -s "$tmp/err" ] && [ -s "$tmp/quiet/skipped.csv" ] && pass "--quiet with many traces writes nothing on standard error" \
	|| fail "--quiet with many traces wrote: $(cat "$tmp/err")"

# missing parent directories of the destination are made
"$PROFILE_PARSER" -q -s "$cases/object_form.json" -d "$tmp/new/dir/out.csv" -mc cpu_op \
	&& cmp -s "$tmp/new/dir/out.csv" "$cases/object_form.csv" \
	&& pass "parent directories created" || fail "parent directories created"
# -d DIR/: DIR/STEM.csv, made when missing; an existing directory needs no slash
"$PROFILE_PARSER" -q -s "$cases/object_form.json" -d "$tmp/out/" -mc cpu_op \
	&& cmp -s "$tmp/out/object_form.csv" "$cases/object_form.csv" \
	&& pass "-d DIR/ writes DIR/STEM.csv" || fail "-d DIR/ writes DIR/STEM.csv"
gzip -c "$cases/object_form.json" > "$tmp/rank3.pt.trace.json.gz"
"$PROFILE_PARSER" -q -s "$tmp/rank3.pt.trace.json.gz" -d "$tmp/out" -mc cpu_op \
	&& cmp -s "$tmp/out/rank3.csv" "$cases/object_form.csv" \
	&& pass "an existing directory; .pt.trace.json.gz endings dropped" || fail "-d DIR with a .pt.trace.json.gz input: $(ls "$tmp/out")"
# -d DIR/ names the file by its format: STEM.jsonl for JSON Lines
eval "set -- $(cat "$cases/jsonl_row.args")"
"$PROFILE_PARSER" -q -s "$cases/jsonl_row.json" -d "$tmp/jsonl/" "$@" \
	&& cmp -s "$tmp/jsonl/jsonl_row.jsonl" "$cases/jsonl_row.jsonl" && [ ! -e "$tmp/jsonl/jsonl_row.csv" ] \
	&& pass "-d DIR/ --format jsonl writes DIR/STEM.jsonl" || fail "-d DIR/ --format jsonl: $(ls "$tmp/jsonl")"

# a destination that is not a regular file (a FIFO here, /dev/null alike) is
# written in place, never replaced by a file
mkfifo "$tmp/fifo"
cat "$tmp/fifo" > "$tmp/from_fifo" &
"$PROFILE_PARSER" -q -s "$cases/object_form.json" -d "$tmp/fifo" -mc cpu_op
wait
[ -p "$tmp/fifo" ] && cmp -s "$tmp/from_fifo" "$cases/object_form.csv" \
	&& pass "a FIFO destination is written in place" || fail "a FIFO destination is written in place"

# through a symbolic link, the file it names is replaced and the link stays
echo old > "$tmp/real.csv"
ln -s real.csv "$tmp/link.csv"
"$PROFILE_PARSER" -q -s "$cases/object_form.json" -d "$tmp/link.csv" -mc cpu_op
[ -L "$tmp/link.csv" ] && cmp -s "$tmp/real.csv" "$cases/object_form.csv" \
	&& pass "a symbolic link destination stays a link" || fail "a symbolic link destination stays a link"
# a link to a file not made yet: the file is made, as the shell's > does
ln -s made.csv "$tmp/dangling.csv"
"$PROFILE_PARSER" -q -s "$cases/object_form.json" -d "$tmp/dangling.csv" -mc cpu_op
[ -L "$tmp/dangling.csv" ] && cmp -s "$tmp/made.csv" "$cases/object_form.csv" \
	&& pass "a dangling link makes the file it names" || fail "a dangling link: $(ls -l "$tmp" | grep -e dangling -e made)"
# a loop of links is refused, and stays as it was
ln -s loop1 "$tmp/loop2" && ln -s loop2 "$tmp/loop1"
"$PROFILE_PARSER" -q -s "$cases/object_form.json" -d "$tmp/loop1" -mc cpu_op 2>"$tmp/err"; status=$?
expect_status 1 "a loop of links is refused"
expect_stderr "Too many levels of symbolic links" "a loop of links: the reason"
[ -L "$tmp/loop1" ] && pass "a loop of links stays links" || fail "a loop of links was replaced"
finish
