#!/bin/sh
# Faults of the machine and hostile inputs (issue 15): threads that cannot be
# started, memory limits, figures past 64 bits, merged traces. Each ends with
# the right output or exit 1 and one message; never a hang or a crash.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
asan=false
if ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then asan=true; fi
# Address space grows with the worker threads (a stack and an arena each):
# the same number on every machine, CI's.
PROFILE_PARSER_THREADS=2; export PROFILE_PARSER_THREADS

# A trace of several batches (src/input/batch.h): ops, launches and kernels.
awk 'BEGIN {
	printf "{\"traceEvents\": [\n"
	for (i = 0; i < 6000; i++) {
		t = i * 100
		printf "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op%d\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":50,\"args\":{\"Input Dims\":[[%d,3]]}},\n", i % 7, t, i
		printf "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":5,\"args\":{\"correlation\":%d}},\n", t + 10, i + 1
		printf "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k%d\",\"pid\":0,\"tid\":7,\"ts\":%d,\"dur\":20,\"args\":{\"correlation\":%d,\"device\":0,\"stream\":7}},\n", i % 5, t + 30, i + 1
	}
	printf "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"last\",\"pid\":1,\"tid\":2,\"ts\":1,\"dur\":1}]}\n"
}' > "$tmp/big.json"
chmod 755 "$tmp"; chmod 644 "$tmp/big.json"
"$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/want.csv" -mc cpu_op || fail "the reference run"

# same NAME: $tmp/got.csv is $tmp/want.csv, after a run whose status is $status.
same() {
	if [ "$status" -ne 0 ]; then fail "$1: exit status $status"; cat "$tmp/err"
	elif cmp -s "$tmp/got.csv" "$tmp/want.csv"; then pass "$1"
	else fail "$1: another output"; fi
}

# ---- threads that cannot be started: fewer workers, down to none ----
if [ "$(id -u)" -eq 0 ] && command -v prlimit >/dev/null && command -v setpriv >/dev/null \
	&& setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$PROFILE_PARSER" 2>/dev/null \
	&& ! $asan; then
	mkdir "$tmp/nobody" && chmod 777 "$tmp/nobody"
	for threads in 1 4; do
		rm -f "$tmp/nobody/got.csv"
		PROFILE_PARSER_THREADS=$threads timeout 60 prlimit --nproc=1 setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/nobody/got.csv" -mc cpu_op 2>"$tmp/err"
		status=$?; cp "$tmp/nobody/got.csv" "$tmp/got.csv" 2>/dev/null
		same "no thread can start ($threads asked): the same output in the reading thread"
	done
	cp "$tmp/big.json" "$tmp/big2.json"; chmod 644 "$tmp/big2.json"
	timeout 60 prlimit --nproc=1 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$PROFILE_PARSER" -q -j 2 -s "$tmp/big.json" -s "$tmp/big2.json" -d "$tmp/nobody/" -mc cpu_op 2>"$tmp/err"
	status=$?; cp "$tmp/nobody/big2.csv" "$tmp/got.csv" 2>/dev/null
	same "no thread can start, two traces: one after the other"
else
	skip "thread limits through prlimit and setpriv: they need root (and a plain build)"
fi

# base_vm: the virtual size (kB) of this binary at the start of a run, its
# libraries and locale mapped, waiting for its input (a FIFO); what a
# machine's libraries and locales add to every run, which a limit adds to
# what the process itself allocates.
base_vm() {
	rm -f "$tmp/wait.json" && mkfifo "$tmp/wait.json" || return 1
	"$PROFILE_PARSER" -q -s "$tmp/wait.json" -d "$tmp/wait.csv" -mc cpu_op 2>/dev/null &
	pid=$! i=0 vm=
	while [ $i -lt 200 ]; do # until it waits in open(2) for a writer, 20 s at most
		case "$(cat "/proc/$pid/wchan" 2>/dev/null)" in *fifo*|*partner*)
			vm=$(awk '$1 == "VmSize:" { print $2 }' "/proc/$pid/status"); break ;; esac
		sleep 0.1; i=$((i + 1))
	done
	: > "$tmp/wait.json" # the writer: the run sees an empty input and ends
	wait "$pid"
	[ -n "$vm" ] && echo "$vm"
}
if $asan; then
	skip "the worker threads under ulimit -v: a sanitizer build (this runs in a plain build)"
elif ! base=$(base_vm); then
	skip "the worker threads under ulimit -v: the start's virtual size could not be read (/proc/PID/wchan)"
else
	# A worker thread's stack and arena do not fit in 12 MB more than the
	# start (about 7.6 MB of libraries here, 20 MB in all): the work is done
	# in the reading thread.
	rm -f "$tmp/got.csv"
	(ulimit -v $((base + 12400)); PROFILE_PARSER_THREADS=1 exec timeout 60 "$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/got.csv" -mc cpu_op) 2>"$tmp/err"
	status=$?
	same "ulimit -v $((base + 12400)) (the start's $base kB + 12400): the same output"
fi

# refused FILE WHAT [OPTIONS...]: exit 1, one line naming FILE and WHAT, no output left.
refused() {
	file=$1 what=$2; shift 2
	rm -f "$tmp/out.csv"
	"$PROFILE_PARSER" -s "$file" -d "$tmp/out.csv" "$@" 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 1 ]; then fail "$file: exit status $status, wanted 1"; cat "$tmp/err"
	elif [ "$(wc -l < "$tmp/err")" -ne 1 ] || ! grep -qF "$file: $what" "$tmp/err"; then
		fail "$file: wanted one line with '$what':"; cat "$tmp/err"
	elif [ -e "$tmp/out.csv" ]; then fail "$file: an output was left"
	else pass "$(cat "$tmp/err")"; fi
}

# produces FILE WANT OPTIONS...: the CSV rows of FILE (header left out) are WANT.
produces() {
	file=$1 want=$2; shift 2
	got=$("$PROFILE_PARSER" -q -s "$file" -d - "$@" | tr -d '\r' | tail -n +2)
	if [ "$got" = "$want" ]; then pass "$file $*"; else fail "$file $*: got"; echo "$got"; echo "wanted"; echo "$want"; fi
}

# ---- memory limits: the right output, or exit 1 and "out of memory" ----
# limited [--fits] LIMIT TRACE NAME OPTIONS...: under ulimit -v LIMIT, within
# a minute, $tmp/want.NAME again, or one line "TRACE: out of memory" and no
# file left; --fits: the largest limit of a series, where only the same
# output will do (a build that always runs out of memory fails there).
limited() {
	fits=false
	[ "$1" = --fits ] && { fits=true; shift; }
	limit=$1 trace=$2 name=$3; shift 3
	rm -rf "$tmp/lim" && mkdir "$tmp/lim"
	(ulimit -v "$limit"; exec timeout 60 "$PROFILE_PARSER" -q -s "$trace" -d "$tmp/lim/$name" "$@") 2>"$tmp/err"
	status=$?
	if [ "$status" -eq 0 ] && cmp -s "$tmp/lim/$name" "$tmp/want.$name"; then
		pass "ulimit -v $limit, $name: the same output"
	elif ! $fits && [ "$status" -eq 1 ] && [ "$(cat "$tmp/err")" = "profile_parser: $trace: out of memory" ] \
		&& [ -z "$(ls "$tmp/lim")" ]; then
		pass "ulimit -v $limit, $name: out of memory, nothing left"
	else
		fail "ulimit -v $limit, $name: exit $status, $(ls "$tmp/lim")"; cat "$tmp/err"
	fi
}
if ! $asan; then
	for name in big.csv big.jsonl; do
		"$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/want.$name" -mc cpu_op
		for limit in 8000 12000 16000 24000 32000 48000; do
			limited $limit "$tmp/big.json" $name -mc cpu_op
		done
		limited --fits 200000 "$tmp/big.json" $name -mc cpu_op
	done
	if [ -z "${PROFILE_PARSER_SLOW:-}" ]; then
		skip "df_index_resolver under memory limits: in make check-slow (PROFILE_PARSER_SLOW=1)"
	elif have_traces df_index_resolver.json.gz >/dev/null; then
		t=$traces/df_index_resolver.json.gz
		for name in df.csv df.jsonl; do
			"$PROFILE_PARSER" -q -s "$t" -d "$tmp/want.$name" -mc cpu_op,user_annotation
			limited 50000 "$t" $name -mc cpu_op,user_annotation
			limited --fits 200000 "$t" $name -mc cpu_op,user_annotation
		done
	else
		skip "df_index_resolver under memory limits: $(have_traces df_index_resolver.json.gz)"
	fi
else
	skip "memory limits (ulimit -v): a sanitizer build (this runs in a plain build)"
fi

# ---- open B events wait as records of what pairing reads: the same pairs as X events ----
awk 'BEGIN {
	n = 6000
	printf "{\"traceEvents\": [\n"
	for (i = 0; i < n; i++)
		printf "{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"op%d \\u00e9\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"args\":{\"a\":%d,\"f\":1.5e-07,\"s\":\"x\\\"y\\u0000\",\"l\":[1,{\"k\":null}]}},\n", i % 7, i % 3, 10 * i, i
	for (i = n - 1; i >= 0; i--)
		printf "{\"ph\":\"E\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"args\":{\"a\":%d,\"e\":true}}%s\n", i % 3, 10 * n + 10 * (n - i), -i, i ? "," : ""
	printf "]}\n"
}' > "$tmp/deep_be.json"
awk 'BEGIN {
	n = 6000
	printf "{\"traceEvents\": [\n"
	for (i = 0; i < n; i++)
		printf "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op%d \\u00e9\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":%d,\"args\":{\"a\":%d,\"f\":1.5e-07,\"s\":\"x\\\"y\\u0000\",\"l\":[1,{\"k\":null}],\"e\":true}},\n", i % 7, i % 3, 10 * i, 10 * n + 10 * (n - i) - 10 * i, -i
	for (i = n - 1; i >= 0; i--)
		printf "{\"ph\":\"i\",\"pid\":1,\"tid\":1,\"ts\":0}%s\n", i ? "," : ""
	printf "]}\n"
}' > "$tmp/deep_x.json"
for fmt in csv jsonl; do
	"$PROFILE_PARSER" -q -s "$tmp/deep_be.json" -d "$tmp/deep_be.$fmt" -mc cpu_op
	"$PROFILE_PARSER" -q -s "$tmp/deep_x.json" -d "$tmp/deep_x.$fmt" -mc cpu_op
	if [ -s "$tmp/deep_x.$fmt" ] && cmp -s "$tmp/deep_be.$fmt" "$tmp/deep_x.$fmt"; then pass "6000 open B events ($fmt): as X events"
	else fail "6000 open B events ($fmt): not as X events"; fi
done
# 200,000 B events that no E closes (13 MB): 300 MB before, now within 200 MB of address space
if ! $asan; then
	awk 'BEGIN { printf "{\"traceEvents\": [\n"; for (i = 0; i < 200000; i++)
		printf "%s{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"op\",\"pid\":1,\"tid\":%d,\"ts\":%d}\n", i ? "," : "", i % 64, i
		printf "]}\n" }' > "$tmp/unmatched.json"
	(ulimit -v 200000; exec timeout 60 "$PROFILE_PARSER" -q -s "$tmp/unmatched.json" -d "$tmp/unmatched.csv" -mc cpu_op) 2>"$tmp/err"
	status=$?
	[ "$status" -eq 0 ] && pass "200000 unmatched B events within ulimit -v 200000" \
		|| { fail "200000 unmatched B events within ulimit -v 200000: exit $status"; cat "$tmp/err"; }
else
	skip "200000 unmatched B events under ulimit -v: a sanitizer build"
fi

# ---- events of BATCH_BYTES (512 KB) or more, parsed alone: as any other ----
xs=$(head -c 600000 /dev/zero | tr '\000' x)
big_event() { # NAME ARGS: one small op, then one whose name is 600,000 x's, with ARGS
	printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"a","pid":1,"tid":1,"ts":0,"dur":1},\n' > "$tmp/$1"
	printf '{"ph":"X","cat":"cpu_op","name":"%s","pid":1,"tid":1,"ts":2,"dur":1,"args":%s}]}\n' "$xs" "$2" >> "$tmp/$1"
}
nest() { printf "%${1}s" "" | tr ' ' '['; printf "%${1}s" "" | tr ' ' ']'; }
big_event big_name.json '{"a":1}'
produces "$tmp/big_name.json" "$(printf '"a","0"\n"%s","2"' "$xs")" -mc cpu_op --columns "name,host ts"
big_event deep126.json "{\"d\":$(nest 126)}" # 128 levels, as in any event
produces "$tmp/deep126.json" "$(printf '"0"\n"2"')" -mc cpu_op --columns "host ts"
big_event deep127.json "{\"d\":$(nest 127)}"
refused "$tmp/deep127.json" "JSON syntax error (nesting too deep) at byte 600290" -mc cpu_op
big_event raw_nul_big.json '{"a":"?"}' && tr '?' '\000' < "$tmp/raw_nul_big.json" > "$tmp/raw_nul_big2.json"
mv "$tmp/raw_nul_big2.json" "$tmp/raw_nul_big.json"
refused "$tmp/raw_nul_big.json" "JSON syntax error (a raw NUL byte) at byte 600165" -mc cpu_op
# One event whose name is 20 MB: it fits in 200 MB of address space (300 MB before); under less,
# the whole name or "out of memory", never a name json-c cut short (json-c 0.16 says nothing).
if ! $asan; then
	{ printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"'; head -c 20000000 /dev/zero | tr '\000' n
	  printf '","pid":1,"tid":1,"ts":0,"dur":1}]}\n'; } > "$tmp/name20.json"
	for limit in 50000 70000 90000 110000 200000; do
		rm -f "$tmp/name20.csv"
		(ulimit -v $limit; exec timeout 60 "$PROFILE_PARSER" -q -s "$tmp/name20.json" -d "$tmp/name20.csv" -mc cpu_op --columns name) \
			2>"$tmp/err"
		status=$?
		if [ "$status" -eq 0 ] && [ "$(wc -c < "$tmp/name20.csv")" -eq 20000012 ]; then pass "a 20 MB name under ulimit -v $limit"
		elif [ "$status" -eq 1 ] && [ $limit -lt 200000 ] && grep -qF "name20.json: out of memory" "$tmp/err" \
			&& [ ! -e "$tmp/name20.csv" ]; then pass "a 20 MB name under ulimit -v $limit: out of memory"
		else fail "a 20 MB name under ulimit -v $limit: exit $status, $(wc -c < "$tmp/name20.csv" 2>/dev/null) bytes"; cat "$tmp/err"; fi
	done
else
	skip "a 20 MB name under ulimit -v: a sanitizer build"
fi

# ---- figures past 63 bits: an error, never a wrapped number ----
f=$top_srcdir/tests/faults
refused "$f/wrap_host.json" "the monitored events' durations add up past 2^63 ns (292 years)" -mc cpu_op
refused "$f/wrap_device.json" "the device events' durations add up past 2^63 ns (292 years)" -mc cpu_op
refused "$f/wrap_span.json" "the events span more than 2^63 ns (292 years)" -mc cpu_op
# Bytes of 9e18 twice: each an integer, their sum past 2^63 - 1: the second
# [memory] event is skipped with a warning (issue 44: not the whole trace
# refused, which failed every view that reads the memory events)
produces "$f/wrap_memory.json" '"op","9000000000000000000"' -mc cpu_op --columns "name,device memory(bytes)"
"$PROFILE_PARSER" -s "$f/wrap_memory.json" -d "$tmp/wrap.csv" -mc cpu_op --columns "+device memory(bytes)" 2>"$tmp/err"
status=$?
expect_status 0 "$f/wrap_memory.json: read, the event that would wrap skipped"
expect_stderr "skipped 1 [memory] event: its Bytes would take the memory events' bytes past 2^63 - 1 in all (in magnitude), which no sum holds; the first is event #2" \
	"$f/wrap_memory.json: the warning names the event"
produces "$f/wrap_memory.json" '"op","1","0.05"' -mc cpu_op --summary name --columns "name,count,host total(ms)"
produces "$f/fits.json" '"op","3","9223372036854.775"' -mc cpu_op --summary name --columns "name,count,host total(ms)"
# launch delays of 3e18 ns each (launches at 1 to 4 us, kernels 3e15 us later): their sum, 1.2e19
# ns, is past 2^63 - 1 but their mean, 3e18 ns = 3000000000000 ms, is not (summed in 128 bits)
produces "$f/delay_sum.json" '"k","4","3000000000000.0","3000000000000.0"' -mc cpu_op --summary kernel \
	--columns "name,count,launch delay mean(ms),launch delay max(ms)"
# correlation ids of 64 bits, unsigned (also as strings); -1 is not 2^64 - 1
produces "$f/correlation_64.json" '"a","{'"'k_a'"': 0.005}"
"b","{'"'k_b'"': 0.005}"
"c","{'"'k_c'"': 0.005}"' -mc cpu_op --columns name,kernels

# Numbers that are not finite: null in JSON Lines, as Python's str() in CSV
produces "$f/non_finite.json" '"op","{'"'a': nan, 'b': inf, 'c': -inf, 'd': inf, 'e': [nan, 1.5, {'f': -inf}], 'g': 'NaN'"'}"' \
	-mc cpu_op --columns name,args
got=$("$PROFILE_PARSER" -q -s "$f/non_finite.json" -d - --format jsonl -mc cpu_op --columns args)
want='{"args":{"a":null,"b":null,"c":null,"d":null,"e":[null,1.5,{"f":null}],"g":"NaN"}}'
[ "$got" = "$want" ] && pass "JSON Lines: non-finite numbers are null" || fail "JSON Lines: non-finite numbers: $got"
if [ -n "$PYTHON3" ] && command -v "$PYTHON3" >/dev/null; then
	printf '%s\n' "$got" | "$PYTHON3" -c 'import json, sys; json.loads(sys.stdin.read(), parse_constant=lambda c: sys.exit(1))' \
		&& pass "JSON Lines: strict JSON" || fail "JSON Lines: not strict JSON"
else
	skip "JSON Lines: strict JSON: python3 is not installed"
fi

# --merge: counts past 2^63 - 1 are not read, and their sums are refused
"$PROFILE_PARSER" --merge "$f/count_max.jsonl" --merge "$f/count_one.jsonl" -d "$tmp/out.csv" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && [ ! -e "$tmp/out.csv" ] && grep -qF "the counts of a key add up past 2^63 - 1" "$tmp/err"; then
	pass "--merge: counts past 2^63 - 1 refused"
else fail "--merge: counts past 2^63 - 1: exit $status"; cat "$tmp/err"; fi
"$PROFILE_PARSER" -q --merge "$f/count_max.jsonl" -d - 2>"$tmp/err" | grep -qF '"9223372036854775807"' \
	&& pass "--merge: a count of 2^63 - 1" || fail "--merge: a count of 2^63 - 1"
"$PROFILE_PARSER" --merge "$f/count_past.jsonl" -d "$tmp/out.csv" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && grep -qF 'line 1: no "count" number' "$tmp/err"; then pass "--merge: a count of 2^63 is refused"
else fail "--merge: a count of 2^63: exit $status"; cat "$tmp/err"; fi

# ---- the small ones ----
ev='{"ph":"X","cat":"cpu_op","name":"op","pid":1,"tid":1,"ts":1,"dur":2}'
printf '{"traceEvents\\u0000junk": [%s]}' "$ev" > "$tmp/nul_key.json"
refused "$tmp/nul_key.json" "not a trace: no traceEvents array" -mc cpu_op
printf '{"traceEvents": [%s], "traceEvents": [%s]}' "$ev" "$ev" > "$tmp/twice.json"
refused "$tmp/twice.json" "not a trace: a second traceEvents member (which one is meant?) at byte 103" -mc cpu_op
printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"o\000p","pid":1,"tid":1,"ts":1,"dur":2}]}' > "$tmp/raw_nul.json"
for mc in cpu_op user_annotation; do
	refused "$tmp/raw_nul.json" "JSON syntax error (a raw NUL byte) at byte 51" -mc $mc
done
printf '{"traceEvents": [{"ph":"X","cat":"cpu_op","name":"op","pid":1,\000"tid":1,"ts":1,"dur":2}]}' > "$tmp/raw_nul2.json"
for mc in cpu_op user_annotation; do
	refused "$tmp/raw_nul2.json" "JSON syntax error (a raw NUL byte) at byte 62" -mc $mc
done
head -c 4096 /dev/zero > "$tmp/zeros.json"
refused "$tmp/zeros.json" "not JSON (unexpected character) at byte 0"

# usage WHAT OPTIONS...: exit 2 with WHAT, before reading anything.
usage() {
	what=$1; shift
	"$PROFILE_PARSER" "$@" 2>"$tmp/err" </dev/null
	status=$?
	if [ "$status" -eq 2 ] && grep -qF -- "$what" "$tmp/err"; then pass "usage: $what"
	else fail "usage: $what: exit $status"; cat "$tmp/err"; fi
}
mkdir "$tmp/one" && cp "$tmp/nul_key.json" "$tmp/one/t.json"
usage "with a directory of traces (-s DIR), -d must be a directory (DIR/), even for one trace" --src="$tmp/one" -d "$tmp/x.csv"
usage "-d '' names no file (- is standard output)" -s - -d ''
usage "-s '' names no file (- is standard input)" --src= -d "$tmp/x.csv"
# A name with a newline cannot forge a line of the report.
forged="$tmp/$(printf 'a\nprofile_parser: forged')"
"$PROFILE_PARSER" -s "$forged" -d "$tmp/x.csv" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF 'a\nprofile_parser: forged: ' "$tmp/err"; then
	pass "a newline in a name is shown as \\n"
else fail "a newline in a name: exit $status"; cat "$tmp/err"; fi
cp "$tmp/big.json" "$forged"
"$PROFILE_PARSER" -s "$forged" -d "$forged.csv" -mc cpu_op 2>"$tmp/err"
if ! grep -q '^profile_parser: forged' "$tmp/err" && grep -qF 'forged.csv' "$tmp/err"; then pass "the report escapes newlines in names"
else fail "the report forged a line:"; cat "$tmp/err"; fi

finish
