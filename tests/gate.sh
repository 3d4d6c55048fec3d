#!/bin/sh
# The gate to merge on (SPEC 27), run as a CI job step would run it: pairs
# that must pass (the same run twice; runs that differ by noise only) and
# pairs that must fail, their exit statuses, the one line that says why
# (with and without -q, as a GitHub workflow command under
# GITHUB_ACTIONS=true), the JUnit file (tests/junit_check.py: the schema's
# rules with Python's standard library), --base, budgets, unlike hardware,
# the usage errors; the p-values the report prints against an independent
# reference in Python (the U distribution enumerated, fractions); and the
# man page's CI recipes (GitHub Actions and GitLab CI) run as written.
#
# The fixtures (tests/gate/*.json): 4 steps each, one aten::mm per step
# whose kernel runs K us, the step H us on the host (steps end to end):
#   base        H 1000 1010  990 1000   K  900  940  880  920  (A100, world 8)
#   earlier     H 1005  995 1000 1010   K  890  930  910  870  (an earlier base run)
#   noise       H 1005  995 1000 1010   K  930  890  950  910  (the base, jittered)
#   regression  H 1100 1110 1090 1120   K  990 1010 1000 1020
#   regression_v100: regression's steps on a Tesla V100, world size 2.
# Worked by hand:
#   device busy medians: base (900 + 920) / 2 = 910 us; noise (910 + 930) /
#   2 = 920 (+1.1%: 10/910 = 1.099%); regression (1000 + 1010) / 2 = 1005
#   (+10.4%: 95/910 = 10.440%); base with earlier, 8 samples: (900 + 910) /
#   2 = 905 (regression +11.0%: 100/905 = 11.050%).
#   host medians: base (1000 + 1000) / 2 = 1000; noise 1002.5 (+0.25%: +0.3%
#   half away from zero); regression 1105 (+10.5%); base with earlier:
#   990 995 1000 1000 | 1000 1005 1010 1010, 1000.
#   U, regression against base: every regression sample larger, U = 16;
#   of the C(8, 4) = 70 ways to choose 4 ranks of 8 only one is the top
#   four: p = 1/70 = 0.0143 (0.014). Against base and earlier (8): 1 of
#   C(12, 4) = 495, p = 0.00202 (0.002).
#   U, noise against base (busy): 890 beats 880; 910 beats 880, 900; 930
#   three; 950 four: U = 10. The 4-subsets of 8 ranks by U, from 0: 1 1 2 3
#   5 5 7 7 8 7 7 5 5 3 2 1 1; U >= 10: 24 of 70, p = 0.343.
#   aten::mm device total per step (the budget): base 3640/4 = 910 us,
#   regression 4020/4 = 1005 us: 4020 · 4 · 100000 = 1 608 000 000 against
#   3640 · 4 · (100000 + PCT): over for PCT 10.439 (1 607 991 840), not for
#   10.44 (1 608 006 400).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need python3 python3
fixtures=$top_srcdir/tests/gate
check_junit() { python3 "$top_srcdir/tests/junit_check.py" "$@"; }
A100="NVIDIA A100-SXM4-80GB, world size 8"

# gate WANT DESCRIPTION BASE NEW ARGS...: a CI step, -q, its standard error in $tmp/err
gate() {
	want=$1 what=$2 base=$3 new=$4
	shift 4
	rm -f "$tmp/diff.csv" "$tmp/gate.xml"
	"$PROFILE_PARSER" -q -s "$base" -s "$new" --diff name -mc cpu_op -d "$tmp/diff.csv" "$@" 2>"$tmp/err"
	status=$?
	expect_status "$want" "$what: exit status $want"
}
# one_line TEXT DESCRIPTION: standard error is exactly one line, TEXT
one_line() {
	if [ "$(wc -l < "$tmp/err")" -eq 1 ] && [ "$(cat "$tmp/err")" = "$1" ]; then pass "$2"
	else fail "$2: standard error is not the one line"; echo "wanted: $1"; echo "got:"; cat "$tmp/err"; fi
}
# junit WANT_SUMMARY DESCRIPTION [LINE...]: $tmp/gate.xml valid, its counts, and these testcase lines
junit() {
	summary=$1 what=$2
	shift 2
	if ! check_junit "$tmp/gate.xml" > "$tmp/junit.txt" 2>"$tmp/junit.err"; then
		fail "$what: the JUnit file: $(cat "$tmp/junit.err")"
		return
	fi
	[ "$(head -n 1 "$tmp/junit.txt")" = "$summary" ] || { fail "$what: the JUnit counts: $(head -n 1 "$tmp/junit.txt")"; return; }
	for line in "$@"; do
		grep -qxF -- "$line" "$tmp/junit.txt" || { fail "$what: no testcase '$line' in:"; cat "$tmp/junit.txt"; return; }
	done
	pass "$what: the JUnit file is valid, $summary"
}

# --- pairs that must pass ---
cp "$fixtures/base.json" "$tmp/base_again.json"
gate 0 "the same run twice" "$fixtures/base.json" "$tmp/base_again.json" --fail-on-regression 5 --junit "$tmp/gate.xml"
[ ! -s "$tmp/err" ] && pass "the same run twice, -q: nothing on standard error" || { fail "the same run twice said something:"; cat "$tmp/err"; }
junit "tests=3 failures=0 skipped=0" "the same run twice" \
	"profile_parser.hardware|comparable hardware|passed|" \
	"profile_parser.fail-on-regression|device busy per step|passed|" \
	"profile_parser.fail-on-regression|host time per step|passed|"
gate 0 "noise only, at 5%" "$fixtures/base.json" "$fixtures/noise.json" --fail-on-regression 5 --junit "$tmp/gate.xml"
junit "tests=3 failures=0 skipped=0" "noise only"
# at 1% the device busy median is over (+1.1%), but the test cannot tell it from noise (p = 24/70)
"$PROFILE_PARSER" -s "$fixtures/base.json" -s "$fixtures/noise.json" --diff name -mc cpu_op -d "$tmp/diff.csv" \
	--fail-on-regression 1 2>"$tmp/err"; status=$?
expect_status 0 "noise only, at 1%: the median is over, the test says noise: passes"
expect_stderr "profile_parser: --fail-on-regression 1%: device busy per step: passed: median 0.92 ms of 4 samples against 0.91 ms of 4 (+1.1%; more than 1% fails); one-sided Mann-Whitney U = 10, p = 0.343 (exact), alpha 0.05: not told from noise" \
	"the report's line of the check: medians, U, p, alpha"
expect_stderr "profile_parser: --fail-on-regression 1%: host time per step: passed: median 1.0025 ms of 4 samples against 1.0 ms of 4 (+0.3%;" \
	"host time: the medians, +0.25% written +0.3%"

# --- pairs that must fail ---
reason="profile_parser: --fail-on-regression 5%: device busy per step 1.005 ms against 0.91 ms (+10.4%, p = 0.014); host time per step 1.105 ms against 1.0 ms (+10.5%, p = 0.014)"
gate 3 "a regression of 10%" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 5 --junit "$tmp/gate.xml"
one_line "$reason" "-q: one line says why"
[ -s "$tmp/diff.csv" ] && pass "the table is written all the same" || fail "no table"
junit "tests=3 failures=2 skipped=0" "a regression" \
	"profile_parser.fail-on-regression|device busy per step|failed|device busy per step 1.005 ms against 0.91 ms (+10.4%, p = 0.014)" \
	"profile_parser.fail-on-regression|host time per step|failed|host time per step 1.105 ms against 1.0 ms (+10.5%, p = 0.014)"
GITHUB_ACTIONS=true "$PROFILE_PARSER" -q -s "$fixtures/base.json" -s "$fixtures/regression.json" --diff name -mc cpu_op \
	-d "$tmp/diff.csv" --fail-on-regression 5 2>"$tmp/err"; status=$?
expect_status 3 "GITHUB_ACTIONS=true: exit status 3"
one_line "::error::profile_parser: --fail-on-regression 5%25: device busy per step 1.005 ms against 0.91 ms (+10.4%25, p = 0.014); host time per step 1.105 ms against 1.0 ms (+10.5%25, p = 0.014)" \
	"GITHUB_ACTIONS=true: the line as a workflow command, % escaped"
GITHUB_ACTIONS=false "$PROFILE_PARSER" -q -s "$fixtures/base.json" -s "$fixtures/regression.json" --diff name -mc cpu_op \
	-d "$tmp/diff.csv" --fail-on-regression 5 2>"$tmp/err"
one_line "$reason" "GITHUB_ACTIONS=false: the plain line"
"$PROFILE_PARSER" -s "$fixtures/base.json" -s "$fixtures/regression.json" --diff name -mc cpu_op -d "$tmp/diff.csv" \
	--fail-on-regression 5 2>"$tmp/err"; status=$?
expect_status 3 "without -q: exit status 3"
[ "$(tail -n 1 "$tmp/err")" = "$reason" ] && pass "without -q: the report, then the same line last" \
	|| { fail "without -q: the last line is not the reason"; tail -n 3 "$tmp/err"; }
expect_stderr "profile_parser: --fail-on-regression 5%: device busy per step: failed: median 1.005 ms of 4 samples against 0.91 ms of 4 (+10.4%; more than 5% fails); one-sided Mann-Whitney U = 16, p = 0.014 (exact), alpha 0.05: larger" \
	"without -q: the check's line"
# the level: p = 1/70 = 0.0143 passes at 0.01, fails at 0.015
gate 0 "--gate-alpha 0.01: p = 0.014 is not small enough" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 5 --gate-alpha 0.01
gate 3 "--gate-alpha 0.015" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 5 --gate-alpha .015
# the threshold: +10.44% and +10.5% of the medians
gate 3 "--fail-on-regression 10.4: both over" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 10.4
gate 3 "--fail-on-regression 10.45%: host time (+10.5%) only" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 10.45%
one_line "profile_parser: --fail-on-regression 10.45%: host time per step 1.105 ms against 1.0 ms (+10.5%, p = 0.014)" "the reason names the host time alone"
gate 0 "--fail-on-regression 10.5: neither over" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 10.5

# --base: the earlier run's steps join the base's samples (8 against 4)
gate 3 "--base: 4 against 8" "$fixtures/base.json" "$fixtures/regression.json" --base "$fixtures/earlier.json" \
	--fail-on-regression 5 --junit "$tmp/gate.xml"
one_line "profile_parser: --fail-on-regression 5%: device busy per step 1.005 ms against 0.905 ms (+11.0%, p = 0.002); host time per step 1.105 ms against 1.0 ms (+10.5%, p = 0.002)" \
	"--base: the medians of 8 samples, p = 1/495"
grep -qF "<property name=\"--base\" value=\"$fixtures/earlier.json\"/>" "$tmp/gate.xml" && pass "--base: a property of the JUnit file" \
	|| fail "--base: not among the JUnit file's properties"
# a run's steps count once: --base naming BASE, NEW or another --base is a usage error
for twice in "$fixtures/base.json" "$fixtures/regression.json" "$fixtures/earlier.json"; do
	"$PROFILE_PARSER" -q -s "$fixtures/base.json" -s "$fixtures/regression.json" --base "$fixtures/earlier.json" --base "$twice" \
		--diff name -mc cpu_op -d "$tmp/diff.csv" --fail-on-regression 5 2>"$tmp/err"; status=$?
	expect_status 2 "--base $(basename "$twice") a second time is a usage error"
	expect_stderr "its steps would count twice" "which says so"
done
gate 0 "--base: noise against 8" "$fixtures/base.json" "$fixtures/noise.json" --base "$fixtures/earlier.json" --fail-on-regression 5
"$PROFILE_PARSER" -s "$fixtures/base.json" -s "$fixtures/noise.json" --base "$fixtures/earlier.json" --diff name -mc cpu_op \
	-d "$tmp/diff.csv" --fail-on-regression 5 2>"$tmp/err"
expect_stderr "profile_parser: base: $fixtures/earlier.json" "--base: its report, headed base"

# fewer than 3 samples on a side: the medians alone, said
"$PROFILE_PARSER" -q -s "$top_srcdir/tests/findings/base.json" -s "$top_srcdir/tests/findings/new.json" --diff name \
	-d "$tmp/diff.csv" --fail-on-regression 5 2>"$tmp/err"; status=$?
expect_status 3 "two steps a side: no test, the medians decide"
one_line "profile_parser: --fail-on-regression 5%: device busy per step 0.011 ms against 0.01 ms (+10.0%; 2 samples against 2: too few to tell noise from change)" \
	"two steps a side: the line says noise could not be told from change"

# --- budgets per op ---
gate 3 "aten::*=10: aten::mm +10.44%" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 'aten::*=10,nothing*=1' --junit "$tmp/gate.xml"
one_line "profile_parser: --fail-on-regression: aten::*=10%: aten::mm device total per step 1.005 ms against 0.91 ms (+10.4%)" \
	"a budget's line names the key"
junit "tests=3 failures=1 skipped=1" "budgets" \
	"profile_parser.budget|aten::*=10%|failed|aten::*=10%: aten::mm device total per step 1.005 ms against 0.91 ms (+10.4%)" \
	"profile_parser.budget|nothing*=1%|skipped|matches no key of the diff"
gate 3 "aten::mm=10.439: over" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression aten::mm=10.439
gate 0 "aten::mm=10.44: not over" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression aten::mm=10.44
gate 3 "total=10.5 and a budget: the budget fails" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression total=10.5,aten::mm=10
one_line "profile_parser: --fail-on-regression 10.5%: aten::mm=10%: aten::mm device total per step 1.005 ms against 0.91 ms (+10.4%)" \
	"total=PCT heads the line; the budget names its own"
gate 0 "budgets on noise" "$fixtures/base.json" "$fixtures/noise.json" --fail-on-regression 'aten::*=5' --fail-on-regression 3

# --- not comparable ---
gate 1 "an A100 base against a V100 run" "$fixtures/base.json" "$fixtures/regression_v100.json" --fail-on-regression 5 --junit "$tmp/gate.xml"
one_line "profile_parser: --fail-on-regression 5%: not comparable: the base trace ($fixtures/base.json: $A100) and the new trace ($fixtures/regression_v100.json: Tesla V100-SXM2-16GB, world size 2) come from different devices and world sizes; --allow-different-hardware compares them all the same" \
	"not comparable: one line naming both sides"
[ ! -e "$tmp/diff.csv" ] && pass "not comparable: no table" || fail "not comparable: a table was written"
junit "tests=1 failures=1 skipped=0" "not comparable" "profile_parser.hardware|comparable hardware|failed|not comparable: the base trace ($fixtures/base.json: $A100) and the new trace ($fixtures/regression_v100.json: Tesla V100-SXM2-16GB, world size 2) come from different devices and world sizes; --allow-different-hardware compares them all the same"
gate 1 "a --base of other hardware" "$fixtures/regression_v100.json" "$fixtures/regression_v100.json" --base "$fixtures/base.json" --fail-on-regression 5
expect_stderr "the base trace ($fixtures/base.json: $A100)" "the --base trace named"
gate 3 "--allow-different-hardware: the regression fails" "$fixtures/base.json" "$fixtures/regression_v100.json" \
	--fail-on-regression 5 --allow-different-hardware
one_line "$(printf '%s' "$reason")" "--allow-different-hardware: the regression's line"
"$PROFILE_PARSER" -s "$fixtures/base.json" -s "$fixtures/regression_v100.json" --diff name -mc cpu_op -d "$tmp/diff.csv" 2>"$tmp/err"; status=$?
expect_status 0 "without the gate, the diff only warns of the hardware"

# --- many steps: the normal approximation (21 a side), hand-worked ---
# base K = 900, 902, ..., 940 (i = 0..20); shifted: K + 1; larger: K + 100.
# shifted: pairs new_i > base_j when i >= j: 231 = U; mean 220.5, variance
# 21 · 21 / 12 · 43 = 1580.25: z = (231 - 220.5 - 0.5) / 39.7524 = 0.2516,
# p = 0.401; medians 921 against 920 (+0.1%): over 0.05%, not told from
# noise. larger: U = 441, z = 5.534, p < 0.001.
steps() { # FILE ADD: 21 steps of 1000 us, kernels 900 + 2i + ADD
	i=0 pairs=
	while [ $i -lt 21 ]; do pairs="$pairs 1000:$((900 + 2 * i + $2))"; i=$((i + 1)); done
	python3 - "$1" $pairs <<'PY'
import json, sys
events, ts = [], 0
for i, pair in enumerate(sys.argv[2:], 1):
    h, k = map(int, pair.split(':'))
    events += [{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d" % i, "pid": 1, "tid": 1, "ts": ts, "dur": h},
               {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": ts + 1, "dur": 3},
               {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": ts + 2, "dur": 1,
                "args": {"correlation": i}},
               {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": ts + 5, "dur": k,
                "args": {"correlation": i, "device": 0, "stream": 7}}]
    ts += h
json.dump({"traceEvents": events}, open(sys.argv[1], "w"))
PY
}
steps "$tmp/many_base.json" 0
steps "$tmp/many_shifted.json" 1
steps "$tmp/many_larger.json" 100
"$PROFILE_PARSER" -s "$tmp/many_base.json" -s "$tmp/many_shifted.json" --diff name -mc cpu_op -d "$tmp/diff.csv" \
	--fail-on-regression 0.05 2>"$tmp/err"; status=$?
expect_status 0 "21 a side, shifted by noise: passes"
expect_stderr "device busy per step: passed: median 0.921 ms of 21 samples against 0.92 ms of 21 (+0.1%; more than 0.05% fails); one-sided Mann-Whitney U = 231, p = 0.401 (normal approximation), alpha 0.05: not told from noise" \
	"21 a side: the normal approximation, p worked by hand"
gate 3 "21 a side, every step larger" "$tmp/many_base.json" "$tmp/many_larger.json" --fail-on-regression 5
one_line "profile_parser: --fail-on-regression 5%: device busy per step 1.02 ms against 0.92 ms (+10.9%, p < 0.001)" "p below 0.001 said so"

# --- the p-values the report prints, against a reference of our own ---
# (the U distribution enumerated subset by subset, in fractions, up to 12
# samples; the normal approximation's formula above; SciPy's definitions)
cat > "$tmp/reference.py" <<'PY'
import csv, itertools, math, re, sys
from fractions import Fraction
def samples(paths, column):
    out = []
    for p in paths:
        out += [round(float(r[column]) * 1e6) for r in csv.DictReader(open(p))]
    return out
def u_of(new, base):
    return sum(Fraction(1) if a > b else Fraction(1, 2) if a == b else 0 for a in new for b in base)
def p_value(new, base):
    u = u_of(new, base)
    n, m, pooled = len(new), len(base), new + base
    if n <= 20 and m <= 20 and n + m <= 12:
        ways = list(itertools.combinations(range(n + m), n))
        tail = 0
        for pick in ways:
            chosen = [pooled[i] for i in pick]
            rest = [pooled[i] for i in range(n + m) if i not in pick]
            tail += u_of(chosen, rest) >= u
        return u, Fraction(tail, len(ways))
    N = n + m
    ties = sum(t ** 3 - t for t in (pooled.count(v) for v in set(pooled)))
    var = n * m / 12 * ((N + 1) - ties / (N * (N - 1)))
    if var <= 0:  # every value tied: SciPy has no p (0/0); the gate says 1
        return u, Fraction(1)
    z = (float(u) - n * m / 2 - 0.5) / math.sqrt(var)
    return u, 0.5 * math.erfc(z / math.sqrt(2))
new_csv, base_csvs, report = sys.argv[1], sys.argv[2:-1], open(sys.argv[-1]).read()
for what, column in (('device busy per step', 'device busy(ms)'), ('host time per step', 'host duration(ms)')):
    u, p = p_value(samples([new_csv], column), samples(base_csvs, column))
    m = re.search(re.escape(what) + r': \w+: .*?U = ([0-9.]+), p ([=<]) ([0-9.]+)', report)
    if not m:
        sys.exit('%s: no test in the report' % what)
    shown = '< 0.001' if p < Fraction(1, 1000) else '= %.3f' % (math.floor(float(p) * 1000 + 0.5) / 1000)
    if Fraction(m.group(1)) != u or '%s %s' % (m.group(2), m.group(3)) != shown:
        sys.exit('%s: the report says U = %s, p %s %s; the reference U = %s, p %s (%s)' %
                 (what, m.group(1), m.group(2), m.group(3), u, shown, float(p)))
print('U and p as the reference has them')
PY
reference() { # DESCRIPTION NEW BASE... : the non -q report's U and p against the reference's
	what=$1 new=$2
	shift 2
	for trace in "$new" "$@"; do
		"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$(basename "$trace").steps.csv" --summary step || fail "$what: steps of $trace"
	done
	set -- "$@" "$new"
	first=$1
	shift
	bases=
	for trace in "$@"; do [ "$trace" = "$new" ] || bases="$bases --base $trace"; done
	# shellcheck disable=SC2086
	"$PROFILE_PARSER" -s "$first" -s "$new" $bases --diff name -mc cpu_op -d "$tmp/diff.csv" --fail-on-regression 0 \
		2>"$tmp/report.txt"
	csvs=$tmp/$(basename "$first").steps.csv
	for trace in "$@"; do [ "$trace" = "$new" ] || csvs="$csvs $tmp/$(basename "$trace").steps.csv"; done
	# shellcheck disable=SC2086
	if python3 "$tmp/reference.py" "$tmp/$(basename "$new").steps.csv" $csvs "$tmp/report.txt" > "$tmp/ref.out" 2>&1; then
		pass "$what: $(cat "$tmp/ref.out")"
	else
		fail "$what: $(cat "$tmp/ref.out")"
	fi
}
reference "noise against base (ties in the host times)" "$fixtures/noise.json" "$fixtures/base.json"
reference "regression against base" "$fixtures/regression.json" "$fixtures/base.json"
reference "base against noise (the other way round)" "$fixtures/base.json" "$fixtures/noise.json"
reference "noise against base and earlier" "$fixtures/noise.json" "$fixtures/base.json" "$fixtures/earlier.json"
reference "21 a side, shifted" "$tmp/many_shifted.json" "$tmp/many_base.json"
reference "21 a side, the same (every value tied pairwise)" "$tmp/many_base.json" "$tmp/many_base.json"

# --- --fail-on's JUnit file: one testcase per performance rule ---
"$PROFILE_PARSER" -q -s "$top_srcdir/tests/cases/findings_device.json" -d "$tmp/out.csv" -mc cpu_op --fail-on low \
	--junit "$tmp/gate.xml" 2>"$tmp/err"; status=$?
expect_status 3 "--fail-on low --junit: exit status 3"
rules=$(grep -c '^	{ "[a-z0-9-]*", FINDING_PERFORMANCE' "$top_srcdir/src/views/findings/findings.c")
junit "tests=$rules failures=2 skipped=0" "--fail-on" \
	"profile_parser.fail-on|pageable-copy|failed|pageable-copy (low) on device 0: saves up to 0.01 ms (1.0%)" \
	"profile_parser.fail-on|exposed-communication|failed|exposed-communication (medium) on device 2: saves up to 0.1 ms (10.0%), exposed-communication (medium) on device 4: saves up to 0.1 ms (10.0%)" \
	"profile_parser.fail-on|launch-bound|passed|"
"$PROFILE_PARSER" -q -s "$top_srcdir/tests/cases/findings_device.json" -d "$tmp/out.csv" -mc cpu_op --fail-on high \
	--junit "$tmp/gate.xml" 2>"$tmp/err"; status=$?
expect_status 0 "--fail-on high --junit: nothing that high, 0"
junit "tests=$rules failures=0 skipped=0" "--fail-on high"
GITHUB_ACTIONS=true "$PROFILE_PARSER" -q -s "$top_srcdir/tests/cases/findings_device.json" -d "$tmp/out.csv" -mc cpu_op \
	--fail-on low 2>"$tmp/err"
one_line "::error::profile_parser: --fail-on low: pageable-copy (low) on device 0: saves up to 0.01 ms (1.0%25); exposed-communication (medium) on device 2: saves up to 0.1 ms (10.0%25), exposed-communication (medium) on device 4: saves up to 0.1 ms (10.0%25)" \
	"--fail-on under GITHUB_ACTIONS=true: a workflow command"

# --- the JUnit file as an output: whole or not at all; names the file when it cannot be written ---
echo "old" > "$tmp/old.xml"
gate 3 "--junit replaces a file" "$fixtures/base.json" "$fixtures/regression.json" --fail-on-regression 5 --junit "$tmp/old.xml"
grep -q '^<?xml' "$tmp/old.xml" && [ "$(ls -A "$tmp" | grep -c 'old\.xml')" -eq 1 ] && pass "--junit: the file replaced, no temporary left" \
	|| fail "--junit: not replaced as an output is"
touch "$tmp/plain"
gate 1 "--junit into a path that cannot be" "$fixtures/base.json" "$fixtures/noise.json" --fail-on-regression 5 --junit "$tmp/plain/gate.xml"
expect_stderr "profile_parser: --junit $tmp/plain/gate.xml: " "the file named"
"$PROFILE_PARSER" -q -s "$fixtures/base.json" -s "$fixtures/noise.json" --diff name -mc cpu_op -d "$tmp/diff.csv" \
	--fail-on-regression 5 --junit - > "$tmp/stdout.xml" 2>"$tmp/err"
cp "$tmp/stdout.xml" "$tmp/gate.xml"
junit "tests=3 failures=0 skipped=0" "--junit -: standard output"

# --- usage errors ---
for bad in "--fail-on-regression 5 --gate-alpha 0" "--fail-on-regression 5 --gate-alpha 1" "--fail-on-regression 5 --gate-alpha 0.5x" \
	"--fail-on-regression 5 --gate-alpha 0.0000000001" "--fail-on-regression aten::mm=5 --gate-alpha 0.01" \
	"--fail-on-regression aten::mm=5 --base $fixtures/earlier.json" "--fail-on-regression 5 --base -" \
	"--fail-on-regression =5" "--fail-on-regression aten::mm=" "--fail-on-regression 5,,6" "--fail-on-regression 5.1234" \
	"--allow-different-hardware" "--junit $tmp/j.xml" "--gate-alpha 0.05" "--fail-on-regression 5 --junit - -d -"; do
	# shellcheck disable=SC2086
	"$PROFILE_PARSER" -s "$fixtures/base.json" -s "$fixtures/noise.json" --diff name -d "$tmp/u.csv" $bad 2>"$tmp/err"; status=$?
	expect_status 2 "usage error: $bad"
done
cp "$fixtures/noise.json" "$tmp/input.json"
"$PROFILE_PARSER" -s "$fixtures/base.json" -s "$tmp/input.json" --diff name -d "$tmp/u.csv" --fail-on-regression 5 \
	--junit "$tmp/input.json" 2>"$tmp/err"; status=$?
expect_status 2 "--junit naming an input: a usage error"
cmp -s "$fixtures/noise.json" "$tmp/input.json" && pass "the input is left as it was" || fail "--junit replaced an input"
"$PROFILE_PARSER" -s "$fixtures/base.json" -d "$tmp/u.csv" --fail-on-regression 5 --base "$fixtures/earlier.json" 2>"$tmp/err"; status=$?
expect_status 2 "--base without --diff: a usage error"
expect_stderr "--fail-on-regression goes with --diff" "the message says so"

# --- the man page's CI recipes, run as written (section CONTINUOUS INTEGRATION) ---
if ! command -v groff >/dev/null; then
	skip "the man page's CI recipes: groff is not installed (Debian: groff-base)"
	finish
	exit
fi
awk '{ print } /^\.TH / && !done { print ".char - \\[hy]"; print ".char \047 \\[cq]"; done = 1 }' "$top_srcdir/man/profile_parser.1" |
	groff -man -Tutf8 -rLL=78n -P-cbou 2>/dev/null | awk '/^[A-Z]/ { on = ($0 == "CONTINUOUS INTEGRATION") } on' > "$tmp/ci.txt"
cat > "$tmp/steps.py" <<'PY'
# The commands of the recipes in the rendered section: GitHub Actions' run:
# steps (a literal block or one line), GitLab's script: items (a folded
# block or one line), each written to DIR/KIND.N.sh with its name (and
# whether it runs after a failure, if: always()) in DIR/KIND.N.info.
import re, sys
text, out = open(sys.argv[1]).read().split('\n'), sys.argv[2]
blocks, current = [], []
for line in text:
    if line.startswith('              '):
        current.append(line[14:])
    elif current:
        blocks.append(current)
        current = []
if current:
    blocks.append(current)
kinds = {'github': 0, 'gitlab': 0}
def indent(l):
    return len(l) - len(l.lstrip(' '))
def block_after(lines, i, base):
    body = []
    while i < len(lines) and (not lines[i].strip() or indent(lines[i]) > base):
        body.append(lines[i])
        i += 1
    cut = min(indent(l) for l in body if l.strip())
    return [l[cut:] for l in body], i
for lines in blocks:
    kind = 'github' if any(l.startswith('jobs:') for l in lines) else 'gitlab' if any('script:' in l for l in lines) else None
    if not kind:
        continue
    i, name, always = 0, '', False
    while i < len(lines):
        l = lines[i]
        m = re.match(r'\s*(- )?name: (.*)', l)
        if m:
            name, always = m.group(2), False
        if re.match(r'\s*if: always\(\)', l):
            always = True
        m = re.match(r'(\s*)(- )?run: (.*)', l)
        if kind == 'github' and m:
            if m.group(3) == '|':
                body, i = block_after(lines, i + 1, indent(l))
                command = '\n'.join(body)
            else:
                command, i = m.group(3), i + 1
            kinds[kind] += 1
            open('%s/%s.%d.sh' % (out, kind, kinds[kind]), 'w').write(command + '\n')
            open('%s/%s.%d.info' % (out, kind, kinds[kind]), 'w').write('%s\n%s\n' % (name, 'always' if always else ''))
            continue
        m = re.match(r'(\s*)script:\s*$', l)
        if kind == 'gitlab' and m:
            i += 1
            while i < len(lines) and indent(lines[i]) > indent(l):
                item = re.match(r'(\s*)- (.*)', lines[i])
                if not item:
                    i += 1
                    continue
                if item.group(2) == '>':
                    body, i = block_after(lines, i + 1, indent(lines[i]))
                    command = ' '.join(b.strip() for b in body if b.strip())
                else:
                    command, i = item.group(2), i + 1
                kinds[kind] += 1
                open('%s/%s.%d.sh' % (out, kind, kinds[kind]), 'w').write(command + '\n')
                open('%s/%s.%d.info' % (out, kind, kinds[kind]), 'w').write('script\n\n')
            continue
        i += 1
print(kinds['github'], kinds['gitlab'])
PY
mkdir "$tmp/recipe"
set -- $(python3 "$tmp/steps.py" "$tmp/ci.txt" "$tmp/recipe")
[ "${1:-0}" -ge 2 ] && [ "${2:-0}" -ge 2 ] && pass "the recipes: $1 GitHub Actions steps, $2 GitLab script items" \
	|| fail "the recipes were not found in CONTINUOUS INTEGRATION ($*)"
mkdir "$tmp/bin"
ln -s "$PROFILE_PARSER" "$tmp/bin/profile_parser"
# job KIND NEW WANT...: runs KIND's commands in a fresh folder, as the CI
# system does (GitHub: each step bash -e, the next unless one failed, or
# always() ones; GitLab: the script's items in turn, until one fails), the
# new trace NEW; WANT: each command's exit status, "-" for not run
job() {
	kind=$1 new=$2
	shift 2
	dir=$tmp/job.$kind.$(basename "$new" .json)
	mkdir -p "$dir/main" "$dir/run"
	gzip -c "$fixtures/base.json" > "$dir/main/trace.json.gz"
	gzip -c "$fixtures/earlier.json" > "$dir/main/earlier.json.gz"
	gzip -c "$new" > "$dir/run/trace.json.gz"
	n=1 failed= got=
	while [ -f "$tmp/recipe/$kind.$n.sh" ]; do
		if [ -n "$failed" ] && { [ "$kind" = gitlab ] || [ "$(sed -n 2p "$tmp/recipe/$kind.$n.info")" != always ]; }; then
			got="$got -"
		else
			if [ "$kind" = github ]; then
				(cd "$dir" && GITHUB_ACTIONS=true PATH="$tmp/bin:$PATH" bash -e "$tmp/recipe/$kind.$n.sh") 2>"$dir/err.$n"
			else
				(cd "$dir" && GITLAB_CI=true PATH="$tmp/bin:$PATH" bash -e "$tmp/recipe/$kind.$n.sh") 2>"$dir/err.$n"
			fi
			s=$?
			got="$got $s"
			[ $s -eq 0 ] || failed=1
		fi
		n=$((n + 1))
	done
	if [ "$got" = " $*" ]; then pass "$kind recipe, $(basename "$new"): exit statuses$got"
	else fail "$kind recipe, $(basename "$new"): exit statuses$got, wanted $*"; cat "$dir"/err.*; fi
}
job github "$fixtures/noise.json" 0 0
for xml in gate.xml findings.xml; do
	cp "$tmp/job.github.noise/$xml" "$tmp/gate.xml" 2>/dev/null
	junit "$(check_junit "$tmp/gate.xml" 2>/dev/null | head -n 1)" "GitHub recipe, noise: $xml"
	grep -q 'failures="0"' "$tmp/gate.xml" && pass "GitHub recipe, noise: $xml has no failure" || fail "GitHub recipe, noise: $xml failed"
done
job github "$fixtures/regression.json" 3 0
cp "$tmp/job.github.regression/err.1" "$tmp/err"
one_line "::error::profile_parser: --fail-on-regression 5%25: device busy per step 1.005 ms against 0.905 ms (+11.0%25, p = 0.002); host time per step 1.105 ms against 1.0 ms (+10.5%25, p = 0.002); aten::*=10%25: aten::mm device total per step 1.005 ms against 0.91 ms (+10.4%25)" \
	"GitHub recipe, regression: the gate step's log is one error annotation"
cp "$tmp/job.github.regression/gate.xml" "$tmp/gate.xml"
junit "tests=4 failures=3 skipped=0" "GitHub recipe, regression: gate.xml" \
	"profile_parser.budget|aten::*=10%|failed|aten::*=10%: aten::mm device total per step 1.005 ms against 0.91 ms (+10.4%)"
job gitlab "$fixtures/noise.json" 0 0
job gitlab "$fixtures/regression.json" 3 -
cp "$tmp/job.gitlab.regression/err.1" "$tmp/err"
case $(cat "$tmp/err") in
"profile_parser: --fail-on-regression 5%: device busy per step 1.005 ms against 0.905 ms"*) pass "GitLab recipe, regression: the plain line" ;;
*) fail "GitLab recipe, regression: $(cat "$tmp/err")" ;;
esac
[ -s "$tmp/job.gitlab.regression/gate.xml" ] && [ -s "$tmp/job.gitlab.regression/diff.csv" ] \
	&& pass "GitLab recipe, regression: the report and the table are there for artifacts:when:always" \
	|| fail "GitLab recipe, regression: gate.xml or diff.csv missing"
finish
