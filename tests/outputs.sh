#!/bin/sh
# Outputs never lost, never half-written (SPEC 10.3): unique names for traces
# of the same name, whatever -j; the form follows the name (.jsonl, .gz);
# an output never replaces an input; a replaced output keeps its mode; long
# names; and SIGINT, SIGTERM, SIGHUP leave no temporary file and the old
# output as it was, the process ending with 128+N.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
example=$top_srcdir/examples/example_trace.json
mc="-mc cpu_op,user_annotation"

# the names of temporary files: OUT.csv.XXXXXX, or .profile_parser.XXXXXX for long names
temporaries='^\.profile_parser\.|\.(csv|jsonl|gz)\.[A-Za-z0-9]{6}$'

# same FILE1 FILE2 DESCRIPTION: the two files are byte for byte the same
same() {
	if cmp -s "$1" "$2"; then pass "$3"; else fail "$3: $1 and $2 differ"; fi
}

# ---- traces of the same name ----
c=$tmp/c
mkdir -p "$c/a" "$c/b" "$c/x/a" "$c/y/a" "$tmp/single"
cp "$cases/object_form.json" "$c/a/trace.json"
cp "$cases/forest.json" "$c/b/trace.json"
cp "$example" "$c/x/a/t.json"
cp "$cases/begin_end.json" "$c/y/a/t.json"
for trace in a/trace.json b/trace.json x/a/t.json y/a/t.json; do
	"$PROFILE_PARSER" -q -s "$c/$trace" -d "$tmp/single/$(echo "$trace" | tr / _ | sed 's/\.json$//').csv" $mc
done
for j in 1 4; do
	out=$tmp/out$j
	"$PROFILE_PARSER" -s "$c/a/trace.json" -s "$c/b/trace.json" -s "$c/x/a/t.json" -s "$c/y/a/t.json" \
		-d "$out/" -j $j $mc 2>"$tmp/err"
	status=$?
	expect_status 0 "-j $j: traces of the same name"
	[ "$(ls -A "$out" | tr '\n' ' ')" = "a_trace.csv b_trace.csv x_a_t.csv y_a_t.csv " ] \
		&& pass "-j $j: one output each, named by the folders" || fail "-j $j: outputs $(ls -A "$out")"
	for name in a_trace b_trace x_a_t y_a_t; do
		same "$out/$name.csv" "$tmp/single/$name.csv" "-j $j: $name.csv is the single run's"
	done
	cmp -s "$out/a_trace.csv" "$out/b_trace.csv" || cmp -s "$out/x_a_t.csv" "$out/y_a_t.csv" \
		&& fail "-j $j: two outputs hold the same rows" || pass "-j $j: the outputs are distinct"
	expect_stderr "  $c/a/trace.json -> $out/a_trace.csv" "-j $j: the report maps a/trace.json"
	expect_stderr "  $c/y/a/t.json -> $out/y_a_t.csv" "-j $j: the report maps y/a/t.json"
done
# traces of two directories, as -s DIR names them
"$PROFILE_PARSER" -q -s "$c/a" -s "$c/b" -d "$tmp/dirs/" $mc
[ "$(ls -A "$tmp/dirs" | tr '\n' ' ')" = "a_trace.csv b_trace.csv " ] \
	&& pass "-s DIR -s DIR: named by the folders" || fail "-s DIR -s DIR: outputs $(ls -A "$tmp/dirs")"
# one trace named twice (another spelling, a link) is read once
ln -s "$c/a/trace.json" "$tmp/link.json"
"$PROFILE_PARSER" -s "$c/a/trace.json" -s "$c/a/../a/trace.json" -s "$tmp/link.json" -d "$tmp/twice/" $mc 2>"$tmp/err"
status=$?
expect_status 0 "a trace named three times"
[ "$(ls -A "$tmp/twice")" = "trace.csv" ] && same "$tmp/twice/trace.csv" "$tmp/single/a_trace.csv" "a trace named three times: one output" \
	|| fail "a trace named three times: outputs $(ls -A "$tmp/twice")"
expect_stderr "profile_parser: $tmp/link.json is $c/a/trace.json again: read once" "a trace named again is said"

# ---- the form follows the name ----
f=$tmp/form
mkdir -p "$f"
"$PROFILE_PARSER" -q -s "$example" -d "$f/plain.csv" $mc
"$PROFILE_PARSER" -q -s "$example" -d "$f/plain.out" --format jsonl $mc
head -c 1 "$f/plain.out" | grep -q '{' && pass "--format jsonl -d x.out is JSON Lines" || fail "--format jsonl -d x.out"
"$PROFILE_PARSER" -q -s "$example" -d "$f/x.txt" $mc && same "$f/x.txt" "$f/plain.csv" "-d x.txt is CSV"
"$PROFILE_PARSER" -q -s "$example" -d "$f/x.jsonl" $mc && same "$f/x.jsonl" "$f/plain.out" "-d x.jsonl is JSON Lines"
"$PROFILE_PARSER" -q -s "$example" -d "$f/x.csv.gz" $mc && gzip -dc "$f/x.csv.gz" > "$f/x.csv.gz.out" \
	&& same "$f/x.csv.gz.out" "$f/plain.csv" "-d x.csv.gz is gzip of the CSV" || fail "-d x.csv.gz"
"$PROFILE_PARSER" -q -s "$example" -d "$f/x.jsonl.gz" $mc && gzip -dc "$f/x.jsonl.gz" > "$f/x.jsonl.gz.out" \
	&& same "$f/x.jsonl.gz.out" "$f/plain.out" "-d x.jsonl.gz is gzip of the JSON Lines" || fail "-d x.jsonl.gz"
"$PROFILE_PARSER" -q -s "$example" -d "$f/dir/" --compress $mc && gzip -dc "$f/dir/example_trace.csv.gz" > "$f/dir.out" \
	&& same "$f/dir.out" "$f/plain.csv" "-d DIR/ --compress writes STEM.csv.gz" || fail "-d DIR/ --compress: $(ls "$f/dir")"
"$PROFILE_PARSER" -q -s "$example" -d "$f/dirj/" --compress --format jsonl $mc && gzip -dc "$f/dirj/example_trace.jsonl.gz" > "$f/dirj.out" \
	&& same "$f/dirj.out" "$f/plain.out" "-d DIR/ --compress --format jsonl writes STEM.jsonl.gz" || fail "-d DIR/ --compress --format jsonl: $(ls "$f/dirj")"
"$PROFILE_PARSER" -q -s "$example" -d - --compress $mc | gzip -dc > "$f/stdout.out" \
	&& same "$f/stdout.out" "$f/plain.csv" "-d - --compress writes gzip to standard output" || fail "-d - --compress"
"$PROFILE_PARSER" -q -s "$example" -d "$f/same.csv.gz" --format csv --compress $mc && gzip -dc "$f/same.csv.gz" > "$f/same.out" \
	&& same "$f/same.out" "$f/plain.csv" "--format and --compress that agree with the name" || fail "--format csv --compress -d x.csv.gz"
for contradiction in "--format jsonl -d $f/c1.csv" "--format csv -d $f/c2.jsonl.gz" "--format jsonl -d $f/c3.csv.gz" "--compress -d $f/c4.csv" "--compress -d $f/c5.txt"; do
	# shellcheck disable=SC2086
	"$PROFILE_PARSER" -q -s "$example" $contradiction $mc 2>"$tmp/err"
	status=$?
	expect_status 2 "a usage error: $contradiction"
	expect_stderr "Try 'profile_parser --help'" "$contradiction: the usage hint"
done
[ -z "$(ls "$f" | grep '^c[0-9]')" ] && pass "no output for a contradiction" || fail "outputs for contradictions: $(ls "$f")"

# ---- an output never replaces an input ----
p=$tmp/protect
mkdir -p "$p/dir"
cp "$example" "$p/t.json"
gzip -c "$example" > "$p/t.json.gz"
ln -s t.json "$p/link.csv"
ln "$p/t.json" "$p/hard.csv"
cp "$example" "$p/dir/t.csv"
cp "$example" "$p/et.json"
for input in t.json t.json.gz dir/t.csv et.json; do cp "$p/$input" "$p/$input.bak"; done
protect() { # DESCRIPTION INPUT-THAT-MUST-STAY OPTIONS...
	what=$1 kept=$2; shift 2
	"$PROFILE_PARSER" "$@" $mc 2>"$tmp/err"
	status=$?
	expect_status 2 "$what: a usage error"
	expect_stderr "(the same file)" "$what: the message says why"
	grep -q "events" "$tmp/err" && fail "$what: the trace was read" || pass "$what: nothing read"
	same "$kept" "$kept.bak" "$what: the input is intact"
}
protect "-s t.json -d t.json" "$p/t.json" -s "$p/t.json" -d "$p/t.json"
protect "-d through a symbolic link to the input" "$p/t.json" -s "$p/t.json" -d "$p/link.csv"
protect "-d a hard link of the input" "$p/t.json" -s "$p/t.json" -d "$p/hard.csv"
protect "-s t.json.gz -d t.json.gz" "$p/t.json.gz" -s "$p/t.json.gz" -d "$p/./t.json.gz"
protect "-d DIR/ where DIR/STEM.csv is an input" "$p/dir/t.csv" -s "$p/t.json" -s "$p/dir/t.csv" -d "$p/dir/"
protect "--et FILE as the output" "$p/et.json" -s "$p/t.json" --et "$p/et.json" -d "$p/et.json"
"$PROFILE_PARSER" -s "$p/t.json" -d - $mc 2>"$tmp/err" >>"$p/t.json"
status=$?
expect_status 2 "-d - appending to the input: a usage error"
same "$p/t.json" "$p/t.json.bak" "-d - appending to the input: the input is intact"
[ -z "$(ls -A "$p" "$p/dir" | grep -E "$temporaries")" ] && pass "no temporary file left by a refused run" || fail "temporary files: $(ls -A "$p")"

# ---- mode and long names ----
printf 'old\n' > "$tmp/mode.csv"
chmod 600 "$tmp/mode.csv"
"$PROFILE_PARSER" -q -s "$example" -d "$tmp/mode.csv" $mc
[ "$(stat -c %a "$tmp/mode.csv")" = 600 ] && same "$tmp/mode.csv" "$f/plain.csv" "a replaced output keeps its mode (600)" \
	|| fail "a replaced output's mode: $(stat -c %a "$tmp/mode.csv")"
(umask 027 && "$PROFILE_PARSER" -q -s "$example" -d "$tmp/new.csv" $mc)
[ "$(stat -c %a "$tmp/new.csv")" = 640 ] && pass "a new output: 0666 less the umask" || fail "a new output's mode: $(stat -c %a "$tmp/new.csv")"
long=$(printf '%0251d' 0 | tr 0 n).csv # 255 bytes, the longest file name
"$PROFILE_PARSER" -q -s "$example" -d "$tmp/$long" $mc 2>"$tmp/err"
status=$?
expect_status 0 "an output name of 255 bytes"
same "$tmp/$long" "$f/plain.csv" "an output name of 255 bytes: written"
printf 'old\n' > "$tmp/$long"
"$PROFILE_PARSER" -q -s "$example" -d "$tmp/$long" $mc && same "$tmp/$long" "$f/plain.csv" "an output name of 255 bytes: replaced"
# ---- signals ----
# A large trace (about 100 MB) is written into a FIFO the run reads, all but
# its last bytes: the run is then certainly in the middle of reading it, its
# temporary file made, when the signal comes. env --default-signal undoes
# the SIGINT that sh ignores in background commands.
if ! env --default-signal=INT true 2>/dev/null; then
	skip "the signal tests: env has no --default-signal (GNU coreutils 8.31 or later)"
	finish
	exit
fi
awk 'BEGIN { printf "{\"traceEvents\": ["; for (i = 0; i < 560000; i++) printf "%s{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op_with_a_long_enough_name_%d\", \"pid\": 1, \"tid\": 1, \"ts\": %d, \"dur\": 1, \"args\": {\"External id\": %d, \"note\": \"padding padding padding padding padding\"}}", (i ? ",\n" : ""), i % 1000, 2 * i, i; printf "]}" }' > "$tmp/big.json"
size=$(wc -c < "$tmp/big.json")
[ "$size" -gt 100000000 ] && pass "a trace of $size bytes" || fail "the large trace has only $size bytes"

# temporary_in DIR: waits (a minute at most) for a temporary file in DIR.
temporary_in() {
	tries=0
	until ls -A "$1" | grep -qE "$temporaries"; do
		tries=$((tries + 1))
		[ $tries -gt 600 ] && return 1
		sleep 0.1
	done
}

# feed FIFO: writes all of the large trace but its last 100 bytes into the
# FIFO, which the shell holds open on descriptor 3 (so the run never sees
# its end); returns once the run has read all but a pipe's worth.
feed() {
	exec 3<>"$1" # opening read-write never waits for the reader
	timeout 120 head -c $((size - 100)) "$tmp/big.json" >&3
}

# interrupted SIGNAL STATUS: a run stopped by SIGNAL while reading ends with
# STATUS and leaves the old output as it was, and nothing else.
interrupted() {
	s=$tmp/sig_$1
	mkdir -p "$s"
	mkfifo "$s/in.json"
	printf 'the old output\n' > "$s/out.csv"
	cp "$s/out.csv" "$tmp/old.csv"
	env --default-signal="$1" "$PROFILE_PARSER" -q -s "$s/in.json" -d "$s/out.csv" -mc cpu_op &
	pid=$!
	feed "$s/in.json"
	temporary_in "$s" && kill -0 "$pid" && pass "SIG$1: the run is reading, its temporary file made" \
		|| fail "SIG$1: no temporary file while reading: $(ls -A "$s")"
	kill -"$1" "$pid"
	wait "$pid"
	status=$?
	exec 3>&-
	expect_status "$2" "SIG$1: the process ends with the signal's status"
	[ "$(ls -A "$s" | tr '\n' ' ')" = "in.json out.csv " ] && pass "SIG$1: no temporary file remains" \
		|| fail "SIG$1: left behind: $(ls -A "$s")"
	same "$s/out.csv" "$tmp/old.csv" "SIG$1: the old output is intact"
}
interrupted INT 130
interrupted TERM 143
interrupted HUP 129

# Many jobs at once: two small traces are written, the third (the large one
# through a FIFO, named like them) is still being read when SIGTERM comes.
s=$tmp/sig_jobs
mkdir -p "$s/big" "$s/out"
mkfifo "$s/big/trace.json"
printf 'the old output\n' > "$s/out/big_trace.csv"
cp "$s/out/big_trace.csv" "$tmp/old.csv"
env --default-signal=TERM "$PROFILE_PARSER" -q -s "$c/a/trace.json" -s "$c/b/trace.json" -s "$s/big/trace.json" \
	-d "$s/out/" -j 4 $mc &
pid=$!
feed "$s/big/trace.json"
tries=0
until [ -f "$s/out/a_trace.csv" ] && [ -f "$s/out/b_trace.csv" ] || [ $tries -gt 600 ]; do
	tries=$((tries + 1))
	sleep 0.1
done
temporary_in "$s/out" && pass "-j 4: two traces written, the third being read" || fail "-j 4: no temporary file: $(ls -A "$s/out")"
kill -TERM "$pid"
wait "$pid"
status=$?
exec 3>&-
expect_status 143 "-j 4: SIGTERM ends the run with status 143"
[ "$(ls -A "$s/out" | tr '\n' ' ')" = "a_trace.csv b_trace.csv big_trace.csv " ] \
	&& pass "-j 4: the outputs written stay, no temporary file remains" || fail "-j 4: the outputs: $(ls -A "$s/out")"
same "$s/out/big_trace.csv" "$tmp/old.csv" "-j 4: the old output of the interrupted trace is intact"
same "$s/out/a_trace.csv" "$tmp/single/a_trace.csv" "-j 4: a finished output is whole"

# A signal ignored when the run starts (nohup, a background job) stays
# ignored, as in gzip: the run goes on and writes its output.
s=$tmp/sig_ignored
mkdir -p "$s"
mkfifo "$s/in.json"
(trap '' INT && exec "$PROFILE_PARSER" -q -s "$s/in.json" -d "$s/out.csv" -mc cpu_op --max_depth 1) &
pid=$!
feed "$s/in.json"
temporary_in "$s"
kill -INT "$pid"
tail -c 100 "$tmp/big.json" >&3
exec 3>&-
wait "$pid"
status=$?
expect_status 0 "an ignored SIGINT stays ignored"
[ "$(head -c 7 "$s/out.csv")" = '"name",' ] && [ "$(ls -A "$s" | tr '\n' ' ')" = "in.json out.csv " ] \
	&& pass "an ignored SIGINT: the output written" || fail "an ignored SIGINT: $(ls -A "$s")"
finish
