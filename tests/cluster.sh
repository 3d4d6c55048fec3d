#!/bin/sh
# The man page's cluster workflows run for real (issue 16): COMPARING RUNS AND
# RANKS, "Beyond one machine". Its command blocks are marked in the
# page's source ('.\" cluster: map.sh', 'submit', 'parallel', and for
# --summary rank 'map_rank.sh', 'submit_rank', 'parallel_rank'); the test
# renders the page with groff (a bare - or ' shows as non-ASCII, as in
# man_examples.sh) and runs each block as pasted from it. The only changes,
# for a test job of a few ranks instead of 1024:
#   map.sh     #SBATCH --array=0-1023%64 becomes --array=0-LAST%64, LAST the
#              highest rank in traces/ (every other line as written);
#   parallel   -S HOSTS becomes -S : (this machine, without ssh).
# The file names are the page's own: traces/rank_N.json.gz, summaries/,
# job.csv, in a folder per round; profile_parser is the built one, first on
# PATH. The traces: copies of the real sampled ranks (distributedInfo.rank
# set to N in rank_N) where the shared traces are, else the three fixtures
# of tests/compare/ranks.
#
# Slurm: a private one-node cluster under the build tree (its own slurm.conf,
# state, spool and logs, its own munge key, socket and munged, free high
# ports); the daemons run in the foreground as children of this test and are
# stopped by PID on any exit. It needs root (slurmd starts the jobs as their
# user) and the Debian packages slurm-wlm and munge; without them that part
# is skipped with a line saying so, and the GNU parallel part still runs.
# Checked: every map task completes and the reduce job (--dependency=afterok)
# writes exactly what --across-ranks writes, byte for byte (and for the
# blocks of --summary rank, map_rank.sh, submit_rank and parallel_rank, what
# --summary rank writes); with one broken
# rank, its task fails and the reduce never runs (Slurm: pending,
# DependencyNeverSatisfied; job.csv not written), and is cancelled. GNU
# parallel: the same result, and a broken rank stops the pipeline before the
# reduce.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need groff "groff (Debian: groff-base)"
need bash bash
page=$top_srcdir/man/profile_parser.1
PATH=$PATH:/usr/sbin:/sbin # where Debian puts munged, slurmctld, slurmd

# ---- the blocks, as the page renders them ----
# The markers become lines the rendering keeps (@@begin NAME, @@end) around
# the block; each block is then unindented by its common indentation.
awk '{ print } /^\.TH / && !done { print ".char - \\[hy]"; print ".char \047 \\[cq]"; print ".char ` \\[oq]"; done = 1 }' "$page" |
	awk '/^\.\\" cluster: / { name = $3; next }
		name != "" && /^\.nf/ { print; print "@@begin " name; inside = 1; next }
		inside && /^\.fi/ { print "@@end"; inside = 0; name = "" }
		{ print }' |
	groff -man -Tutf8 -rLL=78n -P-cbou 2>"$tmp/groff.err" > "$tmp/page.txt"
mkdir "$tmp/blocks"
awk -v dir="$tmp/blocks" '
	/^ *@@begin / { name = $2; n = 0; next }
	/^ *@@end/ {
		cut = 1000
		for (i = 1; i <= n; i++) { match(line[i], /^ */); if (RLENGTH < cut) cut = RLENGTH }
		for (i = 1; i <= n; i++) print substr(line[i], cut + 1) > (dir "/" name)
		close(dir "/" name); name = ""; next
	}
	name != "" { line[++n] = $0 }' "$tmp/page.txt"
for name in map.sh submit parallel map_rank.sh submit_rank parallel_rank; do
	if [ -s "$tmp/blocks/$name" ]; then
		pass "the page has the block '$name' ($(wc -l < "$tmp/blocks/$name") lines)"
	else
		fail "no block marked '.\\\" cluster: $name' in $page"; cat "$tmp/groff.err"
	fi
done
if LC_ALL=C grep -n '[^ -~]' "$tmp/blocks"/* >"$tmp/nonascii"; then
	fail "commands with characters that are not ASCII (write \\- and \\(aq in the source):"; cat "$tmp/nonascii"
else
	pass "the blocks are plain ASCII as rendered"
fi
# What the test relies on, so that an edit that breaks it says so here.
for name in map.sh map_rank.sh; do
	grep -q '^#SBATCH --array=0-1023%64$' "$tmp/blocks/$name" || fail "$name: no '#SBATCH --array=0-1023%64' line to adapt"
done
grep -q 'sbatch --dependency=afterok:\$map' "$tmp/blocks/submit" || fail "submit: no 'sbatch --dependency=afterok:\$map'"
grep -q 'parallel -S [^ ]' "$tmp/blocks/parallel" || fail "parallel: no 'parallel -S HOSTS'"
[ "$failed" -eq 0 ] || { finish; exit 1; }

# ---- the work folder, under the build tree ----
builddir=${abs_top_builddir:-$(pwd)}
mkdir -p "$builddir/tests"
work=$(mktemp -d "$builddir/tests/cluster.XXXXXX") || exit 99
chmod 755 "$work" # munged wants every folder above its socket searchable
daemons=
# stop_daemons: cancels what jobs are left, then stops each daemon this test
# started (slurmd, slurmctld, munged) by its PID: TERM, and KILL after 10 s.
stop_daemons() {
	if [ -n "$daemons" ]; then
		timeout 10 scancel --quiet --user=root >/dev/null 2>&1
		i=0
		while [ -n "$(timeout 10 squeue -h 2>/dev/null)" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
		for pid in $daemons; do kill -TERM "$pid" 2>/dev/null; done
		for pid in $daemons; do
			i=0
			while alive "$pid" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
			alive "$pid" && { echo "daemon $pid ignores TERM: KILL"; kill -KILL "$pid" 2>/dev/null; }
		done
		daemons=
	fi
}
# alive PID: the process runs (a zombie, not yet reaped, does not)
alive() {
	state=$(ps -o stat= -p "$1" 2>/dev/null) && case "$state" in Z*) false ;; *) true ;; esac
}
trap 'stop_daemons; rm -rf "$tmp" "$work"' EXIT
trap 'exit 1' HUP INT TERM

mkdir "$work/bin"
ln -s "$PROFILE_PARSER" "$work/bin/profile_parser"
PATH=$work/bin:$PATH
export PATH

# traces DIR BROKEN: DIR/traces/rank_N.json.gz, N from 0; BROKEN=yes adds one
# more rank whose trace is cut short. Prints the highest rank.
traces() {
	mkdir -p "$1/traces"
	n=0
	if have_traces sampled_rank0.json.gz sampled_rank1.json.gz >/dev/null; then
		for n in 0 1 2 3; do
			gzip -dc "$traces/sampled_rank$((n % 2)).json.gz" |
				sed -E "s/(\"distributedInfo\": *\\{[^}]*\"rank\": *)[0-9]+/\\1$n/" |
				gzip -c > "$1/traces/rank_$n.json.gz"
		done
	else
		for n in 0 1 2; do gzip -c "$top_srcdir/tests/compare/ranks/rank$n.json" > "$1/traces/rank_$n.json.gz"; done
	fi
	if [ "$2" = yes ]; then
		n=$((n + 1))
		printf '{"traceEvents": [{"ph": "X", ' | gzip -c > "$1/traces/rank_$n.json.gz"
	fi
	echo "$n"
}
if have_traces sampled_rank0.json.gz sampled_rank1.json.gz >/dev/null; then
	echo "the traces: copies of the real sampled ranks, as rank_0 to rank_3"
else
	echo "the traces: tests/compare/ranks as rank_0 to rank_2 ($(have_traces sampled_rank0.json.gz sampled_rank1.json.gz))"
fi

# what the reduce must write: --across-ranks over the same traces
mkdir "$work/expected"
traces "$work/expected" no >/dev/null
"$PROFILE_PARSER" -q -s "$work/expected/traces" --summary name --across-ranks -mc cpu_op -d "$work/expected/across.csv"
[ -s "$work/expected/across.csv" ] || { fail "--across-ranks wrote nothing"; finish; exit 1; }

# ... and --summary rank's (SPEC 20.2), which the rank rounds' ranks.csv must be
"$PROFILE_PARSER" -q -s "$work/expected/traces" --summary rank -mc cpu_op -d "$work/expected/ranks.csv"
[ -s "$work/expected/ranks.csv" ] || { fail "--summary rank wrote nothing"; finish; exit 1; }

# same_as_across DIR DESCRIPTION: DIR/job.csv is --across-ranks's table (the
# rank rounds, named *-rank: DIR/ranks.csv is --summary rank's)
same_as_across() {
	case $2 in
	*-rank) got=ranks.csv want=$work/expected/ranks.csv what="--summary rank" ;;
	*) got=job.csv want=$work/expected/across.csv what=--across-ranks ;;
	esac
	if [ -s "$1/$got" ] && cmp -s "$want" "$1/$got"; then
		pass "$2: $got equals $what, byte for byte ($(($(wc -l < "$1/$got") - 1)) rows)"
	else
		fail "$2: $got differs from $what"; diff "$want" "$1/$got" | head -n 5
	fi
}

# ---- Slurm ----
# slurm_jobs DIR: 'ID NAME STATE REASON' of each job (each array task once
# it is split) submitted from DIR
slurm_jobs() {
	scontrol -o show job 2>/dev/null | awk -v dir="$1" '{
		id = name = state = reason = wd = ""
		for (i = 1; i <= NF; i++) {
			k = substr($i, 1, index($i, "=") - 1); v = substr($i, index($i, "=") + 1)
			if (k == "JobId") id = v; else if (k == "JobName") name = v
			else if (k == "JobState") state = v; else if (k == "Reason") reason = v
			else if (k == "WorkDir") wd = v
		}
		if (wd == dir) print id, name, state, reason
	}'
}

# slurm_wait DIR: waits (60 s at most) until every job of DIR has ended, or
# waits on a dependency that can never be satisfied; 1 on time out.
slurm_wait() {
	i=0
	while [ $i -lt 600 ]; do
		slurm_jobs "$1" > "$1/jobs"
		[ -s "$1/jobs" ] && ! awk '$3 ~ /^(PENDING|RUNNING|CONFIGURING|COMPLETING|SUSPENDED|REQUEUED|RESIZING)$/ &&
			$4 != "DependencyNeverSatisfied" { busy = 1 } END { exit !busy }' "$1/jobs" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# slurm_round NAME BROKEN [_rank]: the page's map.sh and submit block in a
# fresh folder (with _rank, map_rank.sh and submit_rank: --summary rank)
slurm_round() {
	dir=$work/$1
	last=$(traces "$dir" "$2")
	sed "s/^#SBATCH --array=0-1023%64\$/#SBATCH --array=0-$last%64/" "$tmp/blocks/map$3.sh" > "$dir/map$3.sh"
	(cd "$dir" && bash -e "$tmp/blocks/submit$3") > "$dir/submit.out" 2>&1
	status=$?
	expect_status 0 "$1: the submit block runs ($(tr '\n' ' ' < "$dir/submit.out"))"
	reduce=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$dir/submit.out")
	if ! slurm_wait "$dir"; then
		fail "$1: the jobs did not end within 60 s:"; cat "$dir/jobs"; tail -n 5 "$work/log/"*.log
		return
	fi
	echo "$1: the jobs, at the end:"; sed 's/^/  /' "$dir/jobs"
	tasks=$(awk -v map="map$3.sh" '$2 == map' "$dir/jobs" | wc -l)
	[ "$tasks" -eq $((last + 1)) ] && pass "$1: $tasks array tasks, one per rank" ||
		fail "$1: $tasks array tasks, wanted $((last + 1))"
	if [ "$2" = yes ]; then
		failed_tasks=$(awk -v map="map$3.sh" '$2 == map && $3 == "FAILED"' "$dir/jobs" | wc -l)
		completed=$(awk -v map="map$3.sh" '$2 == map && $3 == "COMPLETED"' "$dir/jobs" | wc -l)
		[ "$failed_tasks" -eq 1 ] && [ "$completed" -eq "$last" ] &&
			grep -q "rank_$last.json.gz" "$dir"/slurm-*_"$last".out 2>/dev/null &&
			pass "$1: the broken rank's task failed, saying why; the others completed" ||
			fail "$1: $failed_tasks tasks failed, $completed completed"
		if awk -v id="$reduce" '$1 == id && $3 == "PENDING" && $4 == "DependencyNeverSatisfied" { ok = 1 } END { exit !ok }' "$dir/jobs" &&
			[ ! -e "$dir/job.csv" ] && [ ! -e "$dir/ranks.csv" ]; then
			pass "$1: the reduce job $reduce never runs (DependencyNeverSatisfied), no job.csv"
		else
			fail "$1: the reduce job $reduce: $(awk -v id="$reduce" '$1 == id' "$dir/jobs")"
		fi
		scancel "$reduce"
		i=0
		while slurm_jobs "$dir" | awk -v id="$reduce" '$1 == id && $3 != "CANCELLED" { f = 1 } END { exit !f }' && [ $i -lt 100 ]; do
			sleep 0.1; i=$((i + 1))
		done
		[ -e "$dir/job.csv" ] && fail "$1: job.csv written after all"
	else
		completed=$(awk '$3 == "COMPLETED"' "$dir/jobs" | wc -l)
		[ "$completed" -eq $((last + 2)) ] && pass "$1: every map task and the reduce job $reduce completed" ||
			fail "$1: $completed of $((last + 2)) jobs completed"
		same_as_across "$dir" "$1"
	fi
}

slurm_skip=
if [ "$(id -u)" -ne 0 ]; then
	slurm_skip="not root (slurmd runs as root); run make check as root"
else
	for program in munged slurmctld slurmd sbatch scontrol scancel sinfo; do
		command -v $program >/dev/null || slurm_skip="${slurm_skip:-no} $program"
	done
	[ -z "$slurm_skip" ] || slurm_skip="$slurm_skip: install the Debian packages slurm-wlm and munge (scripts/install-deps.sh)"
fi

# free_port: a TCP port from 20000 to 59999 that no socket here uses
free_port() {
	while :; do
		port=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
		hex=$(printf ':%04X$' "$port")
		awk 'NR > 1 { print $2 }' /proc/net/tcp /proc/net/tcp6 2>/dev/null | grep -q "$hex" || { echo "$port"; return; }
	done
}

# start_cluster: munged, slurmctld and slurmd, with the node idle (30 s at most)
start_cluster() {
	mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/log"
	chmod 755 "$work/munge"
	key=$work/munge/munge.key
	if command -v mungekey >/dev/null; then mungekey -c -k "$key"; else dd if=/dev/urandom of="$key" bs=1024 count=1 2>/dev/null; fi
	chmod 600 "$key"
	socket=$work/munge/socket
	munged -F --force --socket="$socket" --key-file="$key" --pid-file="$work/munge/munged.pid" \
		--seed-file="$work/munge/munged.seed" --log-file="$work/log/munged.log" \
		</dev/null >>"$work/log/munged.log" 2>&1 &
	daemons="$daemons $!"
	i=0
	until munge -S "$socket" -n >/dev/null 2>&1; do
		[ $i -lt 100 ] || { echo "munged did not start:"; cat "$work/log/munged.log"; return 1; }
		sleep 0.1; i=$((i + 1))
	done
	host=$(hostname -s)
	cat > "$work/slurm.conf" <<EOF
# A private one-node cluster for tests/cluster.sh
ClusterName=profileparser
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
PlugStackConfig=$work/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# map.sh asks 2 CPUs and 8 GB a task: the node says 4 CPUs and 16 GB, whatever
# the machine has (config_overrides), so that two tasks run at a time
SlurmdParameters=config_overrides
NodeName=$host NodeAddr=127.0.0.1 CPUs=4 RealMemory=16384 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
	: > "$work/plugstack.conf"
	SLURM_CONF=$work/slurm.conf
	export SLURM_CONF
	slurmctld -D -c -f "$SLURM_CONF" </dev/null >>"$work/log/slurmctld.log" 2>&1 &
	daemons="$daemons $!"
	slurmd -D -N "$host" -f "$SLURM_CONF" </dev/null >>"$work/log/slurmd.log" 2>&1 &
	daemons="$daemons $!"
	i=0
	until [ "$(sinfo -h -N -o %t 2>/dev/null)" = idle ]; do
		[ $i -lt 300 ] || { echo "the node is not idle after 30 s:"; sinfo -N 2>&1; tail -n 20 "$work/log/"*.log; return 1; }
		sleep 0.1; i=$((i + 1))
	done
	echo "a private Slurm cluster: $(sinfo -h -o '%P %D node %N %t %c CPUs') (daemons$daemons)"
}

if [ -n "$slurm_skip" ]; then
	skip "the Slurm part: $slurm_skip"
elif start_cluster; then
	pass "the private Slurm cluster starts"
	slurm_round slurm no
	slurm_round slurm-broken yes
	slurm_round slurm-rank no _rank
	slurm_round slurm-broken-rank yes _rank
	started=$daemons
	stop_daemons
	# every daemon gone, and no process (a job, a step) left in the folder
	left=
	for pid in $started; do alive "$pid" && left="$left $pid"; done
	for proc in /proc/[0-9]*; do
		case "$(readlink "$proc/cwd" 2>/dev/null)" in "$work"/*) left="$left ${proc#/proc/}" ;; esac
	done
	[ -z "$left" ] && pass "the daemons are stopped (PIDs$started), no job is left" ||
		fail "still running:$left"
else
	fail "the private Slurm cluster starts"
fi

# ---- GNU parallel ----
# parallel_round NAME BROKEN [_rank]: the page's parallel block (with _rank,
# parallel_rank: --summary rank), with -S :
parallel_round() {
	dir=$work/$1
	traces "$dir" "$2" >/dev/null
	sed 's/parallel -S [^ ]*/parallel -S :/' "$tmp/blocks/parallel$3" > "$dir/parallel.sh"
	(cd "$dir" && PARALLEL_HOME=$work/parallel-home bash "$dir/parallel.sh") > "$dir/out" 2>&1
	status=$?
	if [ "$2" = yes ]; then
		if [ $status -ne 0 ] && [ ! -e "$dir/job.csv" ] && [ ! -e "$dir/ranks.csv" ] && grep -q 'rank_[0-9]*.json.gz' "$dir/out"; then
			pass "$1: a broken rank stops the pipeline before the reduce (exit status $status, no job.csv)"
		else
			fail "$1: exit status $status, job.csv $([ -e "$dir/job.csv" ] && echo written || echo absent)"; cat "$dir/out"
		fi
	else
		expect_status 0 "$1: the parallel block runs"
		[ $status -eq 0 ] || cat "$dir/out"
		same_as_across "$dir" "$1"
	fi
}
if command -v parallel >/dev/null; then
	parallel_round parallel no
	parallel_round parallel-broken yes
	parallel_round parallel-rank no _rank
	parallel_round parallel-broken-rank yes _rank
else
	skip "the GNU parallel part: parallel is not installed; install GNU parallel (Debian: parallel)"
fi
finish
