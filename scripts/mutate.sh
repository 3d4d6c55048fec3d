#!/bin/sh
# The mutation check: does the suite catch one-line bugs? Each mutation of
# scripts/mutations.txt (a line of a source file, the line that replaces it,
# the rule it breaks) is applied alone to a scratch copy of this tree, which
# is rebuilt (only what changed) and tested; a mutation the tests pass is a
# survivor: a rule no test guards. Not part of make check (minutes).
#
#   usage: scripts/mutate.sh [-l LIST] [-t 'TESTS'] [-k] [-n] [NAME-FILTER]
#   -l LIST   the mutations (default scripts/mutations.txt)
#   -n        only check that each mutation applies (its line is in its file
#             once), in this tree, building and testing nothing (seconds:
#             make check runs it, tests/mutations.sh)
#   -t TESTS  the tests run for each mutation, as make check's TESTS (default
#             the fast ones: tests/cases.sh tests/errors.sh tests/robustness.sh
#             and the unit tests)
#   -k        keep the scratch copy (its path is printed)
#   NAME-FILTER  only the mutations whose rule or file contains it
# The scratch copy is unmutated first: its tests must pass, or nothing is
# measured. Exit status: 0 every mutation killed, 1 a survivor, 2 a mutation
# that does not apply (its line is not in the file, or is there twice).
# PROFILE_PARSER_SHARED and PROFILE_PARSER_TRACES pass on to the tests.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
list=$top/scripts/mutations.txt
keep=false dry=false
tests=
while getopts l:t:kn opt; do
	case $opt in
	l) list=$OPTARG ;;
	t) tests=$OPTARG ;;
	k) keep=true ;;
	n) dry=true ;;
	*) echo "usage: $0 [-l LIST] [-t 'TESTS'] [-k] [-n] [NAME-FILTER]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
filter=${1:-}
[ -f "$list" ] || { echo "$0: no list $list" >&2; exit 2; }
case $list in /*) ;; *) list=$PWD/$list ;; esac # read after the cd to the scratch copy
# the scratch copy is elsewhere: the shared folder beside this tree stays found
if [ -z "${PROFILE_PARSER_SHARED:-}" ] && [ -d "$top/../shared" ]; then
	PROFILE_PARSER_SHARED=$(cd "$top/../shared" && pwd); export PROFILE_PARSER_SHARED
fi
# apply FILE FROM TO: FILE's one line that is FROM (its indentation aside)
# becomes TO, indented alike, written to standard output; status 1 unless
# exactly one line matched
apply() {
	FROM=$2 TO=$3 awk '
		{ line = $0; sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line) }
		line == ENVIRON["FROM"] { n++; match($0, /^[ \t]*/); $0 = substr($0, 1, RLENGTH) ENVIRON["TO"] }
		{ print }
		END { exit n != 1 }' "$1"
}

# each_mutation: mutate FILE FROM TO RULE for each block of the list
each_mutation() {
	# the list: blocks of 'file:', 'from:', 'to:', 'rule:' lines; '#' comments
	file= from= to= rule=
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		'#'*) continue ;;
		file:*) file=$(printf '%s' "${line#file:}" | sed 's/^ *//') ;;
		from:*) from=$(printf '%s' "${line#from:}" | sed 's/^ *//') ;;
		to:*) to=$(printf '%s' "${line#to:}" | sed 's/^ *//') ;;
		rule:*) rule=$(printf '%s' "${line#rule:}" | sed 's/^ *//') ;;
		'') [ -n "$file" ] && mutate "$file" "$from" "$to" "$rule"; file= from= to= rule= ;;
		esac
	done < "$list"
	[ -n "$file" ] && mutate "$file" "$from" "$to" "$rule"
}

# -n: each mutation's line is in its file once, in this tree
if $dry; then
	n=0 broken=0
	mutate() {
		case "$1 $4" in *"$filter"*) ;; *) return ;; esac
		n=$((n + 1))
		apply "$top/$1" "$2" "$3" > /dev/null 2>&1 ||
			{ printf '%s: %s\n     NOT APPLIED (the line is not in it once): %s\n' "$1" "$4" "$2"; broken=$((broken + 1)); }
	}
	each_mutation
	echo "$n mutations: $((n - broken)) apply, $broken not applied"
	[ "$broken" -eq 0 ] || exit 2
	exit 0
fi

jobs=$(nproc 2>/dev/null || echo 2)
[ "$jobs" -gt 2 ] && jobs=2

scratch=$(mktemp -d "${TMPDIR:-/tmp}/mutate.XXXXXX") || exit 2
if $keep; then echo "the scratch copy: $scratch"; else trap 'rm -rf "$scratch"' EXIT; fi
trap 'exit 2' HUP INT TERM
# the tracked and the new (not ignored) files, as they are in the work tree
(cd "$top" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2>/dev/null) | (cd "$scratch" && tar -xf -) ||
	{ echo "$0: could not copy the tree" >&2; exit 2; }
cd "$scratch" || exit 2
echo "building the scratch copy"
{ ./autogen.sh && ./configure -q && make -j"$jobs" && make -j"$jobs" check TESTS=; } > build.log 2>&1 ||
	{ echo "$0: the unmutated copy does not build:"; tail -n 20 build.log; exit 2; }
if [ -z "$tests" ]; then
	tests="tests/cases.sh tests/errors.sh tests/robustness.sh $(sed -n 's/^\t\(tests\/unit\/test_[a-z_]*\) *\\\{0,1\}$/\1/p' Makefile.am | tr '\n' ' ')"
fi
# run_tests: the chosen tests; status 0 when all pass
run_tests() {
	make -j"$jobs" check TESTS="$tests" > check.log 2>&1
}
echo "the tests: $tests"
run_tests || { echo "$0: the unmutated copy fails its tests:"; grep -E '^(FAIL|ERROR)' check.log; exit 2; }

killed=0 survived=0 stillborn=0 broken=0 n=0
survivors=
# mutate FILE FROM TO RULE: one mutation, applied, built, tested, undone
mutate() {
	case "$1 $4" in *"$filter"*) ;; *) return ;; esac
	n=$((n + 1))
	cp "$1" "$1.orig"
	if ! { apply "$1" "$2" "$3" > "$1.mutant" && mv "$1.mutant" "$1"; }; then
		result="NOT APPLIED (the line is not in $1 once)"; broken=$((broken + 1)); rm -f "$1.mutant"
	elif ! make -j"$jobs" > make.log 2>&1 || ! make -j"$jobs" check TESTS= >> make.log 2>&1; then
		result="killed by the compiler"; stillborn=$((stillborn + 1))
	elif run_tests; then
		result="SURVIVED"; survived=$((survived + 1)); survivors="$survivors
  $1: $2 -> $3 ($4)"
	else
		result="killed by $(grep -E '^(FAIL|ERROR):' check.log | sed 's/^[A-Z]*: \([^ ]*\).*/\1/' | sort -u | tr '\n' ' ')"
		killed=$((killed + 1))
	fi
	mv "$1.orig" "$1" && touch "$1"
	printf '%2d %s: %s\n     %s\n' "$n" "$1" "$4" "$result"
}

each_mutation

echo "$n mutations: $killed killed by the tests, $stillborn by the compiler, $survived survived, $broken not applied"
[ -z "$survivors" ] || echo "survivors (a rule no test guards; add a case):$survivors"
[ "$broken" -eq 0 ] || exit 2
[ "$survived" -eq 0 ]
