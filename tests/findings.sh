#!/bin/sh
# Findings (SPEC 22): --fail-on's exit statuses (3 after every output is
# written, the report saying which; data findings never fail), its usage
# errors, --fail-on-regression with --diff on hand-worked pairs
# (tests/findings/*.json), every format of --summary findings and its rank
# column with several traces; and on every shared trace, the invariants of
# the findings: each saving within the analysed span (saving % <= 100),
# the ranking order, and the same findings from --summary findings and from
# the report of another view with --fail-on (the findings read cpu_op,
# user_annotation and python_function whatever -mc says). The rules'
# fixtures, each where it fires and just under its threshold, are
# tests/cases/findings_*.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
cases=$top_srcdir/tests/cases
pairs=$top_srcdir/tests/findings

# usage errors
for bad in "--fail-on severe" "--fail-on ''" "--fail-on-regression 5" "--fail-on-regression 1.2345 --diff name" \
	"--fail-on-regression -1 --diff name" "--fail-on-regression x --diff name" "--fail-on low --diff name"; do
	eval "set -- $bad"
	"$PROFILE_PARSER" -s "$pairs/base.json" -s "$pairs/new.json" -d "$tmp/out.csv" "$@" 2>"$tmp/err"; status=$?
	expect_status 2 "$bad is a usage error"
done

# --fail-on: findings_device fires exposed-communication (medium) twice and pageable-copy (low)
for want in "high 0" "medium 3" "low 3"; do
	set -- $want
	rm -f "$tmp/out.csv"
	"$PROFILE_PARSER" -s "$cases/findings_device.json" -d "$tmp/out.csv" -mc cpu_op --fail-on "$1" 2>"$tmp/err"; status=$?
	expect_status "$2" "--fail-on $1: exit status $2"
	[ -s "$tmp/out.csv" ] && pass "--fail-on $1: the output is written" || fail "--fail-on $1: no output"
done
expect_stderr "fail-on:       exit status 3: 3 performance findings of severity low or above (exposed-communication on device 2, exposed-communication on device 4, pageable-copy on device 0)" \
	"the report says which findings failed"
expect_stderr "finding:       pageable-copy (low): saves up to 0.01 ms (1.0%) on device 0: 1 copy with pageable host memory (Pageable in its name)" "the report's finding line"
"$PROFILE_PARSER" -s "$cases/findings_device.json" -d "$tmp/out.csv" -mc cpu_op --fail-on medium -q 2>"$tmp/err"; status=$?
expect_status 3 "--fail-on with -q: exit status 3 all the same"
"$PROFILE_PARSER" -s "$cases/findings_coverage.json" -d "$tmp/out.csv" --fail-on low 2>"$tmp/err"; status=$?
expect_status 0 "--fail-on low: a data finding (low-coverage) does not fail"
"$PROFILE_PARSER" -s "$cases/findings_device.json" -s "$cases/findings_coverage.json" -d "$tmp/many/" --fail-on low -q 2>"$tmp/err"; status=$?
expect_status 3 "--fail-on with several traces: 3 when one of them fails"
expect_stderr "profile_parser: --fail-on low: pageable-copy (low) on device 0 of $cases/findings_device.json: saves up to 0.01 ms (1.0%);" \
	"-q: the reason all the same, naming the trace"
"$PROFILE_PARSER" -s "$cases/findings_device.json" -d "$tmp/page.html" --fail-on low -q 2>"$tmp/err"; status=$?
expect_status 3 "--fail-on with the page"
[ "$(wc -l < "$tmp/err")" -eq 1 ] && expect_stderr "profile_parser: --fail-on low: pageable-copy (low) on device 0: saves up to 0.01 ms (1.0%); exposed-communication (medium) on device 2: saves up to 0.1 ms (10.0%), exposed-communication (medium) on device 4: saves up to 0.1 ms (10.0%)" \
	"-q: one line says why, every finding that failed" || fail "-q: not one line: $(cat "$tmp/err")"

# --fail-on-regression (hand-worked: tests/findings/*.json). base: 2 steps of
# 100 us, each with a 10 us kernel; new: 11 us kernels (device busy per step
# +10%); new_host: 105 us steps (host time per step +5%); *_nosteps: the
# same kernels without steps (the trace's busy, 20 us against 22 us). Two
# samples a side (one without steps): fewer than 3, no test, the medians
# alone (SPEC 27; tests/gate.sh tests the test).
regress() { # WANT BASE NEW PCT WHAT
	"$PROFILE_PARSER" -s "$pairs/$2.json" -s "$pairs/$3.json" --diff name -d "$tmp/diff.csv" --fail-on-regression "$4" 2>"$tmp/err"
	status=$?
	expect_status "$1" "--fail-on-regression $4, $2 against $3: $5"
}
regress 0 base new 10 "device busy per step +10% is not more than 10%"
regress 3 base new 9.999 "+10% is more than 9.999%"
expect_stderr "profile_parser: --fail-on-regression 9.999%: device busy per step 0.011 ms against 0.01 ms (+10.0%; 2 samples against 2: too few to tell noise from change)" "the reason names the device busy"
regress 0 new base 0 "less busy is no regression"
regress 0 base new_host 5 "host time per step +5% is not more than 5%"
regress 3 base new_host 4.999 "+5% is more than 4.999%"
expect_stderr "profile_parser: --fail-on-regression 4.999%: host time per step 0.105 ms against 0.1 ms (+5.0%;" "the reason names the host time"
regress 0 base_nosteps new_nosteps 10 "without steps, the trace's busy: +10%"
regress 3 base_nosteps new_nosteps 9.5 "without steps, more than 9.5%"
expect_stderr "device busy per step 0.022 ms against 0.02 ms (+10.0%; 1 sample against 1: too few" "the trace's busy, one sample"

# every format; the rank column with several traces
for format in csv jsonl table; do
	"$PROFILE_PARSER" -q -s "$cases/findings_device.json" -d "$tmp/f.$format" --summary findings --format $format; status=$?
	expect_status 0 "--summary findings --format $format"
	grep -q 'exposed-communication' "$tmp/f.$format" && pass "--format $format has the finding" || fail "--format $format"
done
"$PROFILE_PARSER" -q -s "$cases/findings_device.json" -s "$cases/findings_optimizer.json" -d "$tmp/ranks.csv" --summary findings \
	--columns 'finding,device'
head -1 "$tmp/ranks.csv" | grep -q '^"rank","finding","device"' && pass "several traces: one table, rank first" \
	|| { fail "several traces: one table, rank first"; cat "$tmp/ranks.csv"; }
grep -c '"exposed-communication"\|"unfused-optimizer"' "$tmp/ranks.csv" | grep -qx 3 && pass "several traces: every trace's findings" \
	|| { fail "several traces: every trace's findings"; cat "$tmp/ranks.csv"; }
"$PROFILE_PARSER" -q -s "$cases/findings_device.json" -s "$cases/findings_optimizer.json" -d "$tmp/ranks/" --summary findings \
	2>"$tmp/err"; status=$?
expect_status 2 "several traces into a directory: a usage error (one table)"
# the page's "What the analysis found" has the host wait's rules
"$PROFILE_PARSER" -q -s "$cases/findings_wait.json" -d "$tmp/wait.html" --format html
for id in launch-bound host-overhead; do
	grep -q "<li><code>$id</code> (medium): saves up to" "$tmp/wait.html" && pass "the page lists $id" || fail "the page lacks $id"
done
# an incomplete trace (issue 45, item 8) is said first: on the page before
# the findings, in the report before the devices and their figures
"$PROFILE_PARSER" -s "$cases/incomplete_trace.json" -d "$tmp/incomplete.html" 2>"$tmp/err"
sed -n '/What the analysis found/,/Nothing stood out/p' "$tmp/incomplete.html" | grep -q 'The trace is incomplete' \
	&& pass "the page says the trace is incomplete before its findings" || fail "the page: incomplete-trace not first"
[ "$(grep -n 'incomplete:' "$tmp/err" | cut -d: -f1)" -lt "$(grep -n 'device 0:' "$tmp/err" | cut -d: -f1)" ] 2>/dev/null \
	&& pass "the report says it before the device timeline" || { fail "the report: incomplete-trace not first"; cat "$tmp/err"; }
# the job rules (SPEC 22 on 20): tests/findings/jobs/WORKING
for name in job job_wait_under job_straggler_under clocks clocks_under exposed exposed_under; do
	"$PROFILE_PARSER" -q -s "$pairs/jobs/$name/rank0.json" -s "$pairs/jobs/$name/rank1.json" -d "$tmp/$name.csv" \
		--summary findings --columns 'rank,finding,severity,saving(ms),saving %,device,evidence'
	cmp -s "$tmp/$name.csv" "$pairs/jobs/$name.csv" && pass "job rules: $name" \
		|| { fail "job rules: $name"; diff "$pairs/jobs/$name.csv" "$tmp/$name.csv"; }
done
"$PROFILE_PARSER" -q -s "$top_srcdir/tests/ranks/late/rank0.json" -s "$top_srcdir/tests/ranks/late/rank1.json" \
	-s "$top_srcdir/tests/ranks/late/rank2.json" -d "$tmp/late.csv" --summary findings \
	--columns 'rank,finding,severity,saving(ms),saving %,device,evidence'
cmp -s "$tmp/late.csv" "$pairs/jobs/late.csv" && pass "job rules: late (exposed-communication less the waiting)" \
	|| { fail "job rules: late"; diff "$pairs/jobs/late.csv" "$tmp/late.csv"; }
# the straggler's advice (SPEC 26.6): the delay began before the step, or in it (tests/findings/jobs/WORKING)
straggler() { # NAME WANT WHAT
	"$PROFILE_PARSER" -q -s "$top_srcdir/tests/ranks/$1/rank0.json" -s "$top_srcdir/tests/ranks/$1/rank1.json" \
		-s "$top_srcdir/tests/ranks/$1/rank2.json" -d "$tmp/$1.csv" --summary findings \
		--columns 'finding,severity,saving(ms),saving %,evidence,advice'
	got=$(grep '^"","straggler"' "$tmp/$1.csv") # several traces: the rank first (a job's: empty)
	[ "$got" = "$2" ] && pass "straggler: $3" || { fail "straggler: $3"; printf '%s\n%s\n' "$2" "$got"; }
}
late_text="it entered the steps %s ms late (step start late, the median over the steps every rank has), against %s ms late on average at its collectives"
straggler start_before "$(printf '"","straggler","medium","0.42","7.6","rank 2 arrived last at 3 of 3 collectives, 0.42 ms after the next rank in all; '"$late_text"'","the straggler entered the steps late: the delay began before the step, in what ran between steps on that rank (the previous step'"'"'s tail, evaluation, checkpointing, logging, garbage collection, data loading outside the step): move it off the step'"'"'s path or give every rank the same; --summary step and the page'"'"'s timeline show that rank between its steps"\r' 0.1 0.146667)" \
	"late at the steps' starts: the delay began before the step"
straggler start_in "$(printf '"","straggler","high","0.810001","19.4","rank 2 arrived last at 2 of 2 collectives, 0.810001 ms after the next rank in all; '"$late_text"'","the straggler entered the steps on time and fell behind in them: its in-step work (its host work between launches, its data loading within the step, a larger share of the work) delays its collectives; balance the ranks'"'"' work and look at that rank'"'"'s steps"\r' 0.030001 0.430001)" \
	"on time at the steps' starts: its in-step work"
"$PROFILE_PARSER" -q -s "$pairs/jobs/job/rank0.json" -s "$pairs/jobs/clocks/rank0.json" -d "$tmp/same.csv" --summary findings \
	2>"$tmp/err"; status=$?
expect_status 1 "two traces of one rank: an error"
expect_stderr "have the same rank, 0: nothing written" "naming both"
"$PROFILE_PARSER" -s "$pairs/jobs/job/rank0.json" -s "$pairs/jobs/job/rank1.json" -d "$tmp/fail.csv" --summary findings \
	--fail-on high 2>"$tmp/err"; status=$?
expect_status 3 "--fail-on high: a job finding (straggler, high) fails"
expect_stderr "profile_parser: finding: straggler (high): saves up to 0.1 ms (10.0% of the ranks' mean analysed span): rank 1" \
	"the job's finding lines"
expect_stderr "profile_parser: --fail-on high: straggler (high) of the job: saves up to 0.1 ms (10.0%)" "the reason said, one line"

need python3 python3
need_traces
cat > "$tmp/check.py" <<'PY'
import csv, sys
from decimal import Decimal as D
rows = list(csv.DictReader(open(sys.argv[1])))
report = [l for l in open(sys.argv[2]) if l.startswith('  finding:')]
perf = [r for r in rows if r['kind'] == 'performance']
if rows[:len(perf)] != perf:
    sys.exit('a data finding before a performance one')
sev = {'high': 0, 'medium': 1, 'low': 2}
key = lambda r: (-(D(r['saving(ms)']) if r['saving(ms)'] else D(-1)), sev[r['severity']], r['finding'], int(r['device'] or -1))
if [key(r) for r in perf] != sorted(key(r) for r in perf):
    sys.exit('performance findings out of order')
data = rows[len(perf):]
if [(sev[r['severity']], r['finding']) for r in data] != sorted((sev[r['severity']], r['finding']) for r in data):
    sys.exit('data findings out of order')
for r in perf:
    if r['saving(ms)'] and not (D(0) <= D(r['saving %']) <= D(100)):
        sys.exit('%s: saving %% %s outside the analysed span' % (r['finding'], r['saving %']))
if len(report) != len(perf) or any(('  finding:       %s (%s)' % (r['finding'], r['severity'])) not in l for r, l in zip(perf, report)):
    sys.exit('the report of another view (-mc python_function, --max_depth 1, --step 1) with --fail-on has other findings:\n%s\n%s' % (''.join(report), perf))
PY
for trace in $(shared_traces); do
	name=$(basename "$trace" .json.gz)
	case $name in simple_add_et) continue ;; esac
	"$PROFILE_PARSER" -q -s "$trace" -d "$tmp/$name.csv" --summary findings || { fail "$name: --summary findings"; continue; }
	"$PROFILE_PARSER" -s "$trace" -d "$tmp/$name.other.csv" -mc python_function --max_depth 1 --step 1 --fail-on high 2>"$tmp/$name.err"
	python3 "$tmp/check.py" "$tmp/$name.csv" "$tmp/$name.err" && pass "$name: findings ranked, within the span, the same in another view" \
		|| fail "$name: findings"
done
finish
