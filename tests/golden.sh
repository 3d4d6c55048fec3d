#!/usr/bin/env bash
# The outputs of every view on every shared trace are those recorded in
# tests/outputs.sha256: scripts/record_outputs.sh --quick hashes this build's
# standard output, standard error (wall time masked) and exit status over the
# runs of scripts/output_runs.sh (the traces over 1 MB with four option sets
# only; GOLDEN_FULL=1 runs them all), and each run must match its recorded
# line. The list of runs and the recorded file must also agree (a run added
# or removed is recorded again). A run that differs is named with the
# command that shows its outputs. When the change is meant to change those
# outputs: scripts/record_outputs.sh, and commit tests/outputs.sha256 with it
# (its diff shows which runs changed). Skipped without the shared traces.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need_traces
command -v sha256sum >/dev/null || command -v shasum >/dev/null ||
	skip_all "neither sha256sum nor shasum is installed; to run this test, install coreutils"
record=$top_srcdir/scripts/record_outputs.sh
recorded=$top_srcdir/tests/outputs.sha256
rerecord="if the change is intended, run scripts/record_outputs.sh and commit tests/outputs.sha256 (its diff shows which outputs changed)"
quick=--quick
[ "${GOLDEN_FULL:-0}" = 1 ] && quick=

# the recorded lines, by run id
declare -A want
while IFS=$'\t' read -r id out err status; do
	case $id in '#'* | '') continue ;; esac
	want[$id]="$out $err $status"
done < "$recorded"
if [ ${#want[@]} -gt 0 ]; then pass "tests/outputs.sha256 holds ${#want[@]} runs"; else fail "tests/outputs.sha256 holds no run"; fi

# the list of runs and the recorded runs agree
if bash "$record" --list "$PROFILE_PARSER" "$traces" > "$tmp/list"; then
	declare -A listed
	missing=0
	while IFS= read -r id; do
		listed[$id]=1
		[ -n "${want[$id]+x}" ] || { missing=$((missing + 1)); fail "not recorded: $id"; }
	done < "$tmp/list"
	gone=0
	for id in "${!want[@]}"; do
		[ -n "${listed[$id]+x}" ] || { gone=$((gone + 1)); fail "recorded, but no longer a run (its trace missing from $traces, or the run left scripts/output_runs.sh): $id"; }
	done
	[ $missing = 0 ] && [ $gone = 0 ] && pass "the runs of scripts/output_runs.sh are those recorded"
else
	fail "scripts/record_outputs.sh --list failed"
fi

# this build's outputs, run by run
if bash "$record" $quick -o "$tmp/got" "$PROFILE_PARSER" "$traces" 2> "$tmp/record"; then
	runs=0 differ=0
	while IFS=$'\t' read -r id out err status; do
		case $id in '#'* | '') continue ;; esac
		runs=$((runs + 1))
		[ -n "${want[$id]+x}" ] || continue # said above
		read -r wout werr wstatus <<< "${want[$id]}"
		[ "$out $err $status" = "${want[$id]}" ] && continue
		differ=$((differ + 1))
		what=
		[ "$out" = "$wout" ] || what+=", standard output"
		[ "$err" = "$werr" ] || what+=", standard error"
		[ "$status" = "$wstatus" ] || what+=", exit status $status (recorded $wstatus)"
		fail "differs (${what#, }): $id"
		printf '  to see it: scripts/record_outputs.sh --show "%s" %s %s\n' \
			"$(printf '%s' "$id" | sed 's/[\\"$`]/\\&/g')" "$PROFILE_PARSER" "$traces"
	done < "$tmp/got"
	if [ $differ = 0 ]; then pass "$runs runs: their outputs as recorded"; else echo "$differ of $runs runs differ"; fi
else
	fail "scripts/record_outputs.sh failed: $(cat "$tmp/record")"
fi
[ "$failed" = 0 ] || echo "$rerecord"
finish
