#!/bin/sh
# --fail-on on every view and every number of traces the man page allows
# (SPEC 22, issue 44; src/cli/fail_on.h): the exit status is that of the
# findings --summary findings lists for the same traces, whatever the run
# writes; where no findings can be worked out (--diff, --merge) it is a
# usage error, never a silent pass. Before the fix, two traces that each
# fire memory-capacity written into one --summary memory table exited 0,
# rank views were refused as "a comparison", and no run of several traces
# but --summary findings saw the job rules.
#
# The traces (tests/findings/gate/WORKING, tests/findings/jobs/WORKING):
# capacity.json fires memory-capacity (medium, its only finding), clean.json
# none; jobs/job/rank0.json and rank1.json fire nothing alone, and together
# straggler (high) and collective-wait (medium). So, with --fail-on medium,
# capacity alone or among others gives 3, clean alone or with another clean
# 0; with --fail-on high, the job's two ranks together give 3 and each alone 0.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
gate=$top_srcdir/tests/findings/gate
job=$top_srcdir/tests/findings/jobs/job
for t in cap_a cap_b; do cp "$gate/capacity.json" "$tmp/$t.json"; done
for t in clean_a clean_b; do cp "$gate/clean.json" "$tmp/$t.json"; done
mkdir "$tmp/caps" && cp "$gate/capacity.json" "$tmp/caps/a.json" && cp "$gate/capacity.json" "$tmp/caps/b.json"

# gated WANT SEVERITY WHAT ARGS...: the run of ARGS with --fail-on SEVERITY (-q) exits WANT
gated() {
	want=$1 severity=$2 what=$3; shift 3
	rm -rf "$tmp/out" "$tmp/out."*
	"$PROFILE_PARSER" -q "$@" --fail-on "$severity" >/dev/null 2>"$tmp/err"
	status=$?
	expect_status "$want" "--fail-on $severity, $what"
}

# Every view; its options, the extension of its file, and what shapes it
# takes: one trace (1), several into DIR/ (d), several into one file (f).
# A shape a view does not take is a usage error (2) whatever --fail-on says.
while IFS='|' read -r name options ext shapes; do
	eval "set -- $options"
	# one trace: to a file
	gated 3 medium "$name: one trace that fires" -s "$tmp/cap_a.json" -d "$tmp/out.$ext" "$@"
	gated 0 low "$name: one trace without findings" -s "$tmp/clean_a.json" -d "$tmp/out.$ext" "$@"
	gated 0 high "$name: one rank of the job alone" -s "$job/rank0.json" -d "$tmp/out.$ext" "$@"
	# several traces into DIR/
	case $shapes in *d*) d=3 c=0 ;; *) d=2 c=2 ;; esac
	gated $d medium "$name: several into DIR/, one fires" -s "$tmp/cap_a.json" -s "$tmp/clean_a.json" -d "$tmp/out/" "$@"
	gated $c low "$name: several into DIR/, none fires" -s "$tmp/clean_a.json" -s "$tmp/clean_b.json" -d "$tmp/out/" "$@"
	gated $d high "$name: the job's ranks into DIR/ (the job rules)" -s "$job/rank0.json" -s "$job/rank1.json" \
		-d "$tmp/out/" "$@"
	gated $d medium "$name: a directory of traces into DIR/" -s "$tmp/caps" -d "$tmp/out/" "$@"
	# several traces into one file
	case $shapes in *f*) f=3 c=0 ;; *) f=2 c=2 ;; esac
	gated $f medium "$name: several into one file, each fires" -s "$tmp/cap_a.json" -s "$tmp/cap_b.json" \
		-d "$tmp/out.$ext" "$@"
	gated $f medium "$name: several into one file, one fires" -s "$tmp/clean_a.json" -s "$tmp/cap_b.json" \
		-d "$tmp/out.$ext" "$@"
	gated $c low "$name: several into one file, none fires" -s "$tmp/clean_a.json" -s "$tmp/clean_b.json" \
		-d "$tmp/out.$ext" "$@"
	gated $f high "$name: the job's ranks into one file (the job rules)" -s "$job/rank0.json" -s "$job/rank1.json" \
		-d "$tmp/out.$ext" "$@"
	gated $f medium "$name: a directory of traces into one file" -s "$tmp/caps" -d "$tmp/out.$ext" "$@"
done <<'VIEWS'
node rows||csv|d
node rows, JSON Lines|--format jsonl|jsonl|d
node rows, a table|--format table|txt|d
folded stacks|--format folded|folded|d
flame graph|--format svg|svg|d
the page|--format html|html|d
--summary path|--summary path|csv|d
--summary name|--summary name|csv|d
--summary step|--summary step|csv|d
--summary kernel|--summary kernel|csv|d
--summary perf|--summary perf|csv|d
--summary collective|--summary collective|csv|d
--summary timeline|--summary timeline|csv|d
--summary idle|--summary idle|csv|d
--summary memory|--summary memory|csv|df
--summary memory, JSON Lines|--summary memory --format jsonl|jsonl|df
--summary findings|--summary findings|csv|f
--summary rank|--summary rank|csv|f
--summary rank, its page|--summary rank --format html|html|f
--summary path --across-ranks|--summary path --across-ranks|csv|f
--summary name --across-ranks, its page|--summary name --across-ranks --format html|html|f
--summary collective --across-ranks|--summary collective --across-ranks|csv|f
VIEWS

# --summary rank --format jsonl of one trace writes its map: that trace's findings
gated 3 medium "the rank map of one trace that fires" -s "$tmp/cap_a.json" -d "$tmp/out.jsonl" --summary rank --format jsonl
gated 0 low "the rank map of one trace without findings" -s "$tmp/clean_a.json" -d "$tmp/out.jsonl" --summary rank \
	--format jsonl
# the job's findings are said, then the verdict
"$PROFILE_PARSER" -s "$job/rank0.json" -s "$job/rank1.json" -d "$tmp/out/" --fail-on high 2>"$tmp/err" >/dev/null
status=$?
expect_status 3 "the job's ranks into DIR/, with the report"
expect_stderr "profile_parser: finding: straggler (high): saves up to 0.1 ms (10.0% of the ranks' mean analysed span): rank 1" \
	"the job's finding lines after the traces' reports"
expect_stderr "profile_parser: --fail-on high: straggler (high) of the job: saves up to 0.1 ms (10.0%)" "the verdict said, naming the job's finding (SPEC 27)"
[ -s "$tmp/out/rank0.csv" ] && [ -s "$tmp/out/rank1.csv" ] && pass "every output written" || fail "the outputs: $(ls "$tmp/out")"
# two traces of one rank make no job: an error naming both, once the outputs are written
mkdir "$tmp/r1" "$tmp/r2" && cp "$job/rank0.json" "$tmp/r1/" && cp "$job/rank0.json" "$tmp/r2/"
rm -rf "$tmp/out"
"$PROFILE_PARSER" -q -s "$tmp/r1/rank0.json" -s "$tmp/r2/rank0.json" -d "$tmp/out/" --fail-on high 2>"$tmp/err"
status=$?
expect_status 1 "two traces of one rank: the job rules cannot be worked out: an error"
expect_stderr "have the same rank, 0: the job rules cannot be worked out" "naming both"
[ -s "$tmp/out/r1_rank0.csv" ] && [ -s "$tmp/out/r2_rank0.csv" ] && pass "their outputs written" \
	|| fail "their outputs: $(ls "$tmp/out")"

# Two traces read at once: each keeps its device's capacity (GLib's C locale
# is made before any thread: a thread that waited for it took the EAGAIN its
# wait left in errno for a bad Device Id, lost the capacity and with it
# memory-capacity, now and then; valgrind's scheduling made it most runs)
if ! command -v valgrind >/dev/null; then
	skip "valgrind is not installed: the capacity of traces read at once under it (install valgrind)"
elif ldd "$PROFILE_PARSER" 2>/dev/null | grep -q 'libasan'; then
	skip "a sanitizer build: valgrind runs in a plain build"
else
	for round in 1 2 3; do
		rm -rf "$tmp/out"
		valgrind -q "$PROFILE_PARSER" -q -s "$tmp/clean_a.json" -s "$tmp/cap_a.json" -d "$tmp/out/" --summary memory \
			--fail-on medium 2>"$tmp/err"
		status=$?
		cells=$(tail -qn1 "$tmp/out/clean_a.csv" "$tmp/out/cap_a.csv" 2>/dev/null | cut -d, -f13 | tr '\n' ' ')
		if [ "$status" -eq 3 ] && [ "$cells" = '"1000000" "1" ' ]; then
			pass "two traces at once under valgrind, round $round: both capacities, exit status 3"
		else
			fail "two traces at once under valgrind, round $round: exit status $status, capacities $cells"; cat "$tmp/err"
		fi
	done
fi

# no findings to work out: usage errors that say why (not "a comparison")
"$PROFILE_PARSER" -s "$tmp/cap_a.json" -s "$tmp/clean_a.json" --diff name -d "$tmp/diff.csv" --fail-on low 2>"$tmp/err"
status=$?
expect_status 2 "--diff: a usage error"
expect_stderr "--fail-on does not go with --diff, which compares two runs: --fail-on-regression PCT gates a diff" \
	"--diff: the message says what gates a diff"
"$PROFILE_PARSER" -q -s "$job/rank0.json" -d "$tmp/maps/rank0.jsonl" --summary rank --format jsonl
"$PROFILE_PARSER" -q -s "$job/rank1.json" -d "$tmp/maps/rank1.jsonl" --summary rank --format jsonl
for view in "" "--summary rank"; do
	"$PROFILE_PARSER" --merge "$tmp/maps" -d "$tmp/merged.csv" $view --fail-on low 2>"$tmp/err"
	status=$?
	expect_status 2 "--merge${view:+ $view}: a usage error"
	expect_stderr "--fail-on reads the findings of traces, and --merge reads summaries, which hold none" \
		"--merge${view:+ $view}: the message says why"
	if grep -q 'comparison' "$tmp/err"; then fail "--merge: the message calls it a comparison"; else pass "--merge: no \"comparison\""; fi
done
finish
