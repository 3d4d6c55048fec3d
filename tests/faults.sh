#!/bin/sh
# Faults of the machine and hostile inputs (issue 15): threads that cannot be
# started, memory limits, figures past 64 bits, merged traces. Each ends with
# the right output or exit 1 and one message; never a hang or a crash.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
asan=false
if ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then asan=true; fi

# A trace of several batches (src/batch.h): ops, launches and kernels.
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
	echo "SKIP: thread limits through prlimit and setpriv need root (and a plain build)"
fi
if ! $asan; then
	# Threads' stacks and arenas do not fit in 20 MB of address space.
	rm -f "$tmp/got.csv"
	(ulimit -v 20000; PROFILE_PARSER_THREADS=1 timeout 60 "$PROFILE_PARSER" -q -s "$tmp/big.json" -d "$tmp/got.csv" -mc cpu_op) 2>"$tmp/err"
	status=$?
	same "ulimit -v 20000: the same output" 
fi

finish
