#!/bin/sh
# The man page's EXAMPLES run (SPEC 10.4). The page is rendered by groff, with
# a bare '-', ' and ` turned into Unicode hyphens and quotes (the man page
# source must say \-, \(aq, \(ga), and every command block of the section is
# run as it would be pasted from the page, indentation included, with bash.
# Each must succeed (every profile_parser in it too) and write non-empty
# output: standard output, or new files with rows.
#
# The examples run in a folder holding what they name: trace.json and
# trace.json.gz (the bundled example trace), run/trace.json.gz, and traces/
# with kineto_trace_0.json.gz, kineto_trace_1.json.gz, torch_et_0.json and
# torch_et_1.json (the example trace, and tests/et/other_run_et.json, which
# joins nothing: the run is tested, not the join). With the real traces
# (trace_diff_test, whose list cells pass Python's csv field limit, and the
# simple_add pair for the ranks), every block runs a second time on them, in
# make check-slow (PROFILE_PARSER_SLOW=1; make check within its time).
# Reduced forms, for what a test cannot have:
#   ssh HOST COMMAND   runs COMMAND here (a stand-in ssh is first on PATH);
#   GNU parallel -S HOSTS   runs with -S : (this machine only);
#   a Slurm array script   runs with bash as array task 0, without sbatch.
# A block that needs a program that is not installed (jq, python3, GNU
# parallel) is skipped with a line saying so.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
need groff "groff (Debian: groff-base)"
need bash bash
page=$top_srcdir/man/profile_parser.1

# The rendered EXAMPLES section, strict: a bare - or ' shows as non-ASCII.
awk '{ print } /^\.TH / && !done { print ".char - \\[hy]"; print ".char \047 \\[cq]"; print ".char ` \\[oq]"; done = 1 }' "$page" |
	groff -man -Tutf8 -rLL=78n -P-cbou 2>"$tmp/groff.err" |
	awk '/^[A-Z]/ { on = ($0 == "EXAMPLES") } on' > "$tmp/examples.txt"
[ -s "$tmp/examples.txt" ] || { fail "no EXAMPLES section in the rendered page: $(cat "$tmp/groff.err")"; finish; exit 1; }

# The command blocks: runs of lines indented as .RS .nf text (14 columns).
mkdir "$tmp/blocks"
awk -v dir="$tmp/blocks" '
	/^              / { if (!inside) { n++; inside = 1 } print > (dir "/" n ".sh"); next }
	{ if (inside) close(dir "/" n ".sh"); inside = 0 }' "$tmp/examples.txt"
blocks=$(ls "$tmp/blocks" | wc -l)
in_source=$(awk '/^\.SH/ { on = ($0 == ".SH EXAMPLES") } on && /^\.nf/' "$page" | wc -l)
[ "$blocks" -eq "$in_source" ] && [ "$blocks" -gt 0 ] && pass "$blocks command blocks in EXAMPLES" \
	|| fail "$blocks command blocks rendered, $in_source .nf blocks in the source"
if LC_ALL=C grep -n '[^ -~]' "$tmp/blocks"/*.sh >"$tmp/nonascii"; then
	fail "commands with characters that are not ASCII (write \\- and \\(aq in the source):"; cat "$tmp/nonascii"
else
	pass "the commands are plain ASCII as rendered"
fi

# The stand-ins: profile_parser records any failure (but SIGPIPE, from | head).
mkdir "$tmp/bin"
cat > "$tmp/bin/profile_parser" <<EOF
#!/bin/sh
"$PROFILE_PARSER" "\$@"; status=\$?
[ \$status -eq 0 ] || [ \$status -eq 141 ] || echo "profile_parser \$*: exit status \$status" >> "$tmp/failures"
exit \$status
EOF
printf '#!/bin/sh\n# ssh HOST COMMAND: COMMAND, here\nshift\nexec sh -c "$*"\n' > "$tmp/bin/ssh"
chmod +x "$tmp/bin/profile_parser" "$tmp/bin/ssh"

# fixtures DIR TRACE.json.gz KINETO.json.gz ET.json: the files the examples name.
fixtures() {
	mkdir -p "$1/run" "$1/traces"
	gzip -dc "$2" > "$1/trace.json"
	cp "$2" "$1/trace.json.gz"
	cp "$2" "$1/run/trace.json.gz"
	for rank in 0 1; do
		cp "$3" "$1/traces/kineto_trace_$rank.json.gz"
		cp "$4" "$1/traces/torch_et_$rank.json"
	done
}

# run_blocks LABEL TRACE.json.gz KINETO.json.gz ET.json ROWS: every block in a
# fresh folder; ROWS=yes: new CSV files must hold a row, not only the header.
run_blocks() {
	label=$1 rows=$5
	for block in $(ls "$tmp/blocks" | sort -n); do
		script=$tmp/blocks/$block
		title="$label trace, example ${block%.sh}: $(sed -n '1s/^ *//p' "$script" | cut -c 1-60)"
		missing=
		for program in jq python3 parallel; do
			grep -q "\\<$program " "$script" && ! command -v "$program" >/dev/null && missing="$missing $program"
		done
		if [ -n "$missing" ]; then
			skip "$title: not installed:$missing"
			continue
		fi
		if grep -q '\<parallel -S' "$script"; then
			sed 's/\<parallel -S [^ ]*/parallel -S :/' "$script" > "$tmp/local.sh"
			script=$tmp/local.sh
			echo "reduced: GNU parallel runs with -S : (this machine)"
		fi
		grep -q '\<ssh ' "$script" && echo "reduced: ssh HOST COMMAND runs COMMAND here"
		grep -q 'SLURM_ARRAY_TASK_ID' "$script" && echo "reduced: the Slurm script runs with bash as array task 0"
		dir=$tmp/run/$label.${block%.sh}
		fixtures "$dir" "$2" "$3" "$4"
		(cd "$dir" && find . -type f | sort) > "$tmp/before"
		rm -f "$tmp/failures"
		(cd "$dir" && SLURM_ARRAY_TASK_ID=0 PATH="$tmp/bin:$PATH" bash -e "$script") >"$tmp/stdout" 2>"$tmp/stderr"
		status=$?
		(cd "$dir" && find . -type f | sort) | comm -13 "$tmp/before" - > "$tmp/new"
		problem=
		[ "$status" -eq 0 ] || problem="exit status $status"
		[ -f "$tmp/failures" ] && problem="$(cat "$tmp/failures")"
		[ -s "$tmp/stdout" ] || [ -s "$tmp/new" ] || problem="${problem:-no output}"
		while read -r file; do
			case "$file" in
			*.csv) want=1; [ "$rows" = yes ] && want=2 ;;
			*) want=1 ;;
			esac
			[ "$(wc -l < "$dir/$file")" -ge "$want" ] || problem="${problem:-$file has fewer than $want lines}"
		done < "$tmp/new"
		if [ -z "$problem" ]; then
			pass "$title ($(wc -l < "$tmp/stdout") lines out, files: $(tr '\n' ' ' < "$tmp/new"))"
		else
			fail "$title: $problem"; cat "$script" "$tmp/stderr"
		fi
		cp "$tmp/stdout" "$tmp/stdout.$label.${block%.sh}"
		rm -rf "$dir"
	done
}

# What the pipelines print makes sense: the python3 pipeline prints up to ten
# "DURATION PATH" lines of level 2, the jq one objects with a name and ms.
# check_lines LABEL PATTERN-OF-BLOCK REGEX DESCRIPTION
check_lines() {
	block=$(grep -l "$2" "$tmp/blocks"/*.sh | head -n 1)
	[ -n "$block" ] || { fail "$1 trace: $4: no example has '$2'"; return; }
	out=$tmp/stdout.$1.$(basename "$block" .sh)
	[ -f "$out" ] || return 0 # skipped, and counted so, by run_blocks
	if [ -s "$out" ] && ! grep -qvE "$3" "$out"; then pass "$1 trace: $4"; else fail "$1 trace: $4:"; head -n 5 "$out"; fi
}

example=$tmp/example_trace.json.gz
gzip -c "$top_srcdir/examples/example_trace.json" > "$example"
run_blocks bundled "$example" "$example" "$top_srcdir/tests/et/other_run_et.json" yes
check_lines bundled 'python3 -c' '^[0-9]+\.[0-9]+ [^$]+[$][$][^$]+$' "the python3 pipeline prints durations and level-2 paths"
check_lines bundled 'jq -c' '^\{"name":"[^"]*","ms":[0-9.]+\}$' "jq prints the roots' names and device times"

if [ -z "${PROFILE_PARSER_SLOW:-}" ]; then
	skip "the examples on real traces: in make check-slow (PROFILE_PARSER_SLOW=1)"
elif why=$(have_traces trace_diff_test.json.gz simple_add_kineto.json.gz simple_add_et.json.gz); then
	gzip -dc "$traces/simple_add_et.json.gz" > "$tmp/simple_add_et.json"
	run_blocks real "$traces/trace_diff_test.json.gz" "$traces/simple_add_kineto.json.gz" "$tmp/simple_add_et.json" no
	check_lines real 'python3 -c' '^[0-9]+\.[0-9]+ [^$]+[$][$][^$]+$' "the python3 pipeline prints durations and level-2 paths"
	check_lines real 'jq -c' '^\{"name":"[^"]*","ms":[0-9.]+\}$' "jq prints the roots' names and device times"
else
	skip "the examples on real traces: $why"
fi
finish
