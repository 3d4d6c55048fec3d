#!/bin/sh
# Exit statuses and messages: usage errors (2), unreadable input or not a
# trace (1); a failed run leaves the destination as it was and no temporary file.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
good=$cases/object_form.json
LC_ALL=C; export LC_ALL # the system's messages (strerror) in English
pp() { "$PROFILE_PARSER" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }

pp --help
expect_status 0 "--help"
grep -q -- "--max_depth" "$tmp/out" && grep -q -- "-mc" "$tmp/out" && pass "--help lists the options" || fail "--help lists the options"
# expect_line TEXT DESCRIPTION: standard error is the one line TEXT.
expect_line() {
	if [ "$(cat "$tmp/err")" = "$1" ]; then pass "$2"; else fail "$2: standard error is not the one line '$1':"; cat "$tmp/err"; fi
}
# the multi-letter short options in the option column, not in the description
for pair in mc,monitor_cat hc,host_cat dc,device_cat; do
	grep -qE "^  -${pair%,*}, --${pair#*,}=LIST +Categories " "$tmp/out" \
		&& pass "--help shows -${pair%,*}, --${pair#*,}=LIST" || fail "--help lacks '-${pair%,*}, --${pair#*,}=LIST': $(grep -e "${pair#*,}" "$tmp/out")"
done
grep -q -- "-mc:" "$tmp/out" && fail "--help still says -mc: in a description" || pass "no -mc: in the descriptions"
# every exit status of the man page, in --help's exit status sentence
help_statuses=$(tr '\n' ' ' < "$tmp/out" | sed -n 's/.*Exit status: //p')
for code in $(awk '/^\.SH/ { on = ($0 == ".SH EXIT STATUS") } on && last == ".TP" && /^\.B [0-9]/ { print $2 } { last = $0 }' "$top_srcdir/man/profile_parser.1"); do
	case " $help_statuses" in
	*" $code "* | *"; $code "*) pass "--help gives exit status $code" ;;
	*) fail "--help lacks exit status $code: $help_statuses" ;;
	esac
done
# --merge's failures (exit status 1), in --help and in the man page
man_exit=$(awk '/^\.SH/ { on = ($0 == ".SH EXIT STATUS") } on' "$top_srcdir/man/profile_parser.1" | sed 's/\\//g' | tr '\n' ' ')
for words in "--merge summary" "not a JSON Lines summary" "a name and rank twice" "not a regular file" "mix views or options"; do
	case $help_statuses in *"$words"*) pass "--help's exit status: $words" ;; *) fail "--help's exit status lacks '$words': $help_statuses" ;; esac
done
for words in "--merge" "not a JSON Lines summary" "a name and rank twice" "not a regular file" "mix views or options"; do
	case $man_exit in *"$words"*) pass "the man page's EXIT STATUS: $words" ;; *) fail "the man page's EXIT STATUS lacks '$words'" ;; esac
done
pp -q --help-export
expect_status 0 "--help-export, after another option"
grep -q -- "--skip-empty-shapes" "$tmp/out" && ! grep -q -- "--max_depth=N" "$tmp/out" && pass "--help-export shows the export options only" || fail "--help-export: $(cat "$tmp/out")"
pp -s --help -d "$tmp/o.csv"
expect_status 1 "--help as the value of -s is a file name"
pp --version
expect_status 0 "--version"
sed -n 1p "$tmp/out" | grep -qx "profile_parser [0-9][0-9.]*" && pass "--version: name and version" || fail "--version line 1: $(sed -n 1p "$tmp/out")"
# the MIT licence (the file LICENSE), in the words of coreutils
sed -n 2p "$tmp/out" | grep -qx "Copyright (C) 20[0-9][0-9] the profile_parser authors\." && pass "--version: copyright" || fail "--version line 2: $(sed -n 2p "$tmp/out")"
[ "$(sed -n 3p "$tmp/out")" = "License MIT: the MIT License <https://opensource.org/licenses/MIT>." ] && pass "--version: the MIT licence" || fail "--version line 3: $(sed -n 3p "$tmp/out")"
[ "$(sed -n 4p "$tmp/out")" = "This is free software: you are free to change and redistribute it." ] && pass "--version: free software" || fail "--version line 4: $(sed -n 4p "$tmp/out")"
[ "$(sed -n 5p "$tmp/out")" = "There is NO WARRANTY, to the extent permitted by law." ] && [ "$(wc -l < "$tmp/out")" -eq 5 ] \
	&& pass "--version: no warranty, last" || fail "--version: $(cat "$tmp/out")"
# LICENSE holds the MIT licence of the same authors, and the man page says so
grep -qx "Copyright (c) 20[0-9][0-9] the profile_parser authors" "$top_srcdir/LICENSE" && grep -q "^Permission is hereby granted, free of charge" "$top_srcdir/LICENSE" \
	&& pass "LICENSE: the MIT licence" || fail "LICENSE: not the MIT licence of the profile_parser authors"
awk '/^\.SH/ { on = ($0 == ".SH COPYRIGHT") } on' "$top_srcdir/man/profile_parser.1" | grep -q "MIT" \
	&& pass "the man page's COPYRIGHT: MIT" || fail "the man page has no COPYRIGHT section naming the MIT licence"

pp -s "$good"
expect_status 2 "missing -d"
expect_stderr "Try 'profile_parser --help'" "usage errors point to --help"
pp -s "$good" -d "$tmp/o.csv" --max_depth 0
expect_status 2 "--max_depth 0"
expect_stderr "--max_depth must be -1 (no bound) or a whole number >= 1, not '0'" "--max_depth 0: the message"
pp -s "$good" -d "$tmp/o.csv" --max_depth 2 --min_depth 3
expect_status 2 "--max_depth below --min_depth"
expect_stderr "--max_depth 2 is below --min_depth 3" "--max_depth below --min_depth: the message"
pp -s "$good" -d "$tmp/o.csv" --no-such-option
expect_status 2 "unknown option"

pp -s "$good" -d "$tmp/o.csv" --columns Operation,bogus
expect_status 2 "an unknown column"
expect_stderr "unknown column 'bogus'; the columns are: name, args," "the usage error lists the catalogue"
pp -s "$good" -d "$tmp/o.csv" --meta novalue
expect_status 2 "--meta without NAME="
expect_stderr "--meta wants NAME=VALUE, not 'novalue'" "--meta without NAME=: the message"
# device peaks (SPEC 15.1): positive decimal numbers, a point and at most six decimals
for pair in "--peak-flops|abc|is not a decimal number" "--peak-flops|0|is not positive" "--peak-flops|0.000|is not positive" \
	"--peak-flops|-1|is not a decimal number" "--peak-flops|1e3|is not a decimal number" "--peak-flops|.5|is not a decimal number" \
	"--peak-flops|1,5|is not a decimal number" "--peak-bandwidth|3.|is not a decimal number" "--peak-bandwidth| 3|is not a decimal number" \
	"--peak-bandwidth|1.2345678|has more than 6 decimals" "--peak_bandwidth|99999999999999|is too large"; do
	option=${pair%%|*}; rest=${pair#*|}; value=${rest%%|*}; words=${rest#*|}
	pp -s "$good" -d "$tmp/o.csv" "$option" "$value"
	expect_status 2 "$option '$value'"
	canonical=$(echo "$option" | tr _ -)
	expect_stderr "profile_parser: $canonical '$value' $words" "$option '$value': the message"
done
pp -s "$good" -d "$tmp/o.csv" --peaks ''
expect_status 2 "--peaks ''"
expect_stderr "profile_parser: --peaks '' names no file" "--peaks '': the message"
[ -e "$tmp/o.csv" ] && fail "an output written despite a bad peak" || pass "no output after a bad peak"
# a --peaks FILE is read and checked whenever it is given, a perf column
# asked for or not: exit status 1, one line naming the file once, no output
printf 'match\tfp64\tfp32\n' > "$tmp/short_header.tsv"
printf '# made up\nmatch\tfp64\tfp32\t16-bit\tfp8\tint8\tbandwidth\tsource\nX GPU\t1\t2\t3\t4\t5\t2,5\tmade up\n' > "$tmp/bad_cell.tsv"
for pair in "no-such-peaks.tsv|No such file or directory" \
	"short_header.tsv|1: not the header of a peaks table (tab-separated: match, fp64, fp32, 16-bit, fp8, int8, bandwidth, host link(TB/s), interconnect(TB/s), source; or, without the links, match, fp64, fp32, 16-bit, fp8, int8, bandwidth, source)" \
	"bad_cell.tsv|3: bandwidth '2,5' is not a decimal number (digits, then a point and at most 6 decimals)"; do
	file=$tmp/${pair%%|*} why=${pair#*|}
	case $why in [0-9]*) where="$file:$why" ;; *) where="$file: $why" ;; esac
	for columns in "" "--columns name,flops"; do
		rm -f "$tmp/o.csv"
		pp -s "$good" -d "$tmp/o.csv" --peaks "$file" $columns
		expect_status 1 "--peaks ${pair%%|*} $columns"
		expect_line "profile_parser: $where" "--peaks ${pair%%|*} $columns: one line, the file named once"
		[ -e "$tmp/o.csv" ] && fail "--peaks ${pair%%|*} $columns: an output written" || pass "--peaks ${pair%%|*} $columns: no output"
	done
done
rm -f "$tmp/o.csv"
# without --peaks, the shipped table is read only when a perf figure is asked for
if command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null; then
	for columns in "" "--peak-flops 100" "--columns name,flops"; do
		strace -f -e trace=open,openat -o "$tmp/strace.txt" "$PROFILE_PARSER" -q -s "$good" -d "$tmp/strace.csv" $columns
		case $columns in *flops,*|*,flops) want=yes ;; *) want=no ;; esac
		if grep -q 'peaks\.tsv' "$tmp/strace.txt"; then got=yes; else got=no; fi
		[ "$got" = "$want" ] && pass "the shipped peaks read: $want, with '$columns'" || fail "the shipped peaks read: $got, with '$columns'"
	done
else
	skip "which runs read the shipped peaks: strace is not installed or cannot trace here"
fi
pp -q -s "$good" -d "$tmp/plain.csv"
pp -q -s "$good" -d "$tmp/peaks.csv" --peak-flops 989.4 --peak_bandwidth 0.000001 --peaks "$top_srcdir/data/peaks.tsv"
expect_status 0 "--peak-flops, --peak-bandwidth and --peaks with good values"
cmp -s "$tmp/plain.csv" "$tmp/peaks.csv" && pass "the peak options leave the default CSV as it was" || fail "the peak options changed the default CSV"

pp -s "$good" -d "$tmp/o.csv" --opaque "$tmp/no-such-names.txt"
expect_status 1 "a missing --opaque file"
expect_line "profile_parser: $tmp/no-such-names.txt: No such file or directory" "a missing --opaque file: one line, the file named once"
pp -s "$cases" -d "$tmp/many/" --whitelist "$tmp/no-such-names.txt"
expect_status 1 "a missing --whitelist file, many traces"
expect_line "profile_parser: $tmp/no-such-names.txt: No such file or directory" "a missing names file is reported once for many traces"
pp -s "$good" -d "$tmp/o.csv" --exclude "$cases"
expect_status 1 "a directory as --exclude file"
expect_line "profile_parser: $cases: Is a directory" "a directory as --exclude file: one line"
[ -e "$tmp/o.csv" ] && fail "an output written despite an unreadable names file" || pass "no output when a names file cannot be read"
pp -s "$good" -d "$tmp/o.csv" --opaque "$cases/export.names" -q
expect_status 0 "a readable --opaque file"
pp -s "$good" -d - -j -3
expect_status 2 "-j -3"
expect_stderr "profile_parser: -j wants a number of traces >= 1, or 0 for one per processor, not -3" "-j -3: the message says what -j takes"
pp -s "$good" -s "$cases/exact_time.json" -d "$tmp/j0/" -j 0 -q
expect_status 0 "-j 0: one per processor"
[ -s "$tmp/j0/object_form.csv" ] && [ -s "$tmp/j0/exact_time.csv" ] && pass "-j 0 writes every trace" || fail "-j 0: $(ls "$tmp/j0")"
mkdir "$tmp/one"
cp "$good" "$tmp/one/"
pp -s "$tmp/one" -d "$tmp/one-out/"
expect_status 0 "a directory of one trace"
grep -qx "profile_parser: 1 trace: 1 written, 0 failed" "$tmp/err" && pass "1 trace, not 1 traces" || fail "the count of one trace: $(tail -n 1 "$tmp/err")"
if [ -w /dev/full ]; then
	"$PROFILE_PARSER" -q -s "$good" -d - >/dev/full 2>"$tmp/err"; status=$?
	expect_status 1 "-d - on a full device"
	expect_line "profile_parser: standard output: cannot write: No space left on device" "-d -: the error says standard output"
fi
pp --help-export
expect_status 0 "--help-export"
grep -q -- "--skip-empty-shapes" "$tmp/out" && pass "--help-export lists the export options" || fail "--help-export"

pp -s "$tmp/does-not-exist.json" -d "$tmp/o.csv"
expect_status 1 "missing input"
expect_stderr "does-not-exist.json" "the message names the file"
printf '{"traceEvents": [{"ph": "X", "ts": 1,' > "$tmp/cut.json"
pp -s "$tmp/cut.json" -d "$tmp/o.csv"
expect_status 1 "truncated trace"
expect_stderr "cut short" "truncated: says so"
printf '[{"ph": "X"} oops]' > "$tmp/bad.json"
pp -s "$tmp/bad.json" -d "$tmp/o.csv"
expect_status 1 "not JSON"
expect_stderr "at byte 13" "a parse error gives the byte offset"
printf '{"a": 1}' > "$tmp/notrace.json"
pp -s "$tmp/notrace.json" -d "$tmp/o.csv"
expect_status 1 "JSON without traceEvents"
: > "$tmp/empty.json"
pp -s "$tmp/empty.json" -d "$tmp/o.csv"
expect_status 1 "empty file"
gzip -c "$good" | head -c 150 > "$tmp/cutgz.json.gz"
pp -s "$tmp/cutgz.json.gz" -d "$tmp/o.csv"
expect_status 1 "cut gzip stream"
mkdir "$tmp/empty-dir"
pp -s "$tmp/empty-dir" -d "$tmp/o.csv"
expect_status 1 "a directory without traces"
pp -s "$cases" -d "$tmp/o.csv"
expect_status 2 "a directory of traces with -d FILE"
expect_stderr "-d must be a directory" "says -d must be a directory"

# The destination is untouched by a failed run, and no temporary file is left.
echo "precious" > "$tmp/keep.csv"
pp -s "$tmp/cut.json" -d "$tmp/keep.csv"
expect_status 1 "failed run"
[ "$(cat "$tmp/keep.csv")" = precious ] && pass "an existing destination is left as it was" || fail "destination replaced"
leftovers=$(ls "$tmp" | grep -c 'keep\.csv\.')
[ "$leftovers" -eq 0 ] && pass "no temporary file left" || fail "temporary files left: $(ls "$tmp")"
pp -s "$cases/exact_time.json" -d "$tmp/keep.csv" -mc cpu_op
expect_status 0 "a good run"
cmp -s "$tmp/keep.csv" "$cases/exact_time.csv" && pass "a good run replaces the destination" || fail "destination not replaced"
pp -s "$good" -d "/proc/no/such/place.csv"
expect_status 1 "an output that cannot be written"

# An empty value, or an empty element of a list (two commas in a row, one at
# an end, only blanks between), is a usage error (2) with one clear message
# and nothing else (no GLib assertion), before any trace is read.
usage_line() {
	message=$1; shift
	pp -s "$good" -d "$tmp/never.csv" "$@"
	expect_status 2 "$*"
	printf 'profile_parser: %s\nTry %s for more information.\n' "$message" "'profile_parser --help'" > "$tmp/want"
	cmp -s "$tmp/err" "$tmp/want" && pass "$*: the message alone" || { fail "$*: standard error is not '$message' alone:"; cat "$tmp/err"; }
}
usage_line "--step wants a step number N or a range N-M (N <= M), not ''" --step ''
usage_line "--step wants a step number N or a range N-M (N <= M), not ''" --step=
usage_line "--sort 'name,,depth' has an empty column (two commas in a row, or one at an end)" --sort 'name,,depth'
usage_line "--sort 'name,' has an empty column (two commas in a row, or one at an end)" --sort 'name,'
usage_line "--sort names no column" --sort ''
usage_line "--columns 'name, ,depth' has an empty column (two commas in a row, or one at an end)" --columns 'name, ,depth'
usage_line "--columns '+,depth' has an empty column (two commas in a row, or one at an end)" --columns '+,depth'
usage_line "--columns names no column" --columns '+'
usage_line "-mc/--monitor_cat names no category" -mc ''
usage_line "-mc/--monitor_cat 'cpu_op,,user_annotation' has an empty category (two commas in a row, or one at an end)" -mc 'cpu_op,,user_annotation'
usage_line "-mc/--monitor_cat names no category" --monitor_cat=' , '
usage_line "-hc/--host_cat ',cuda_runtime' has an empty category (two commas in a row, or one at an end)" -hc ',cuda_runtime'
usage_line "-hc/--host_cat names no category" --host-cat ''
usage_line "-dc/--device_cat 'kernel,' has an empty category (two commas in a row, or one at an end)" -dc 'kernel,'
usage_line "-dc/--device_cat names no category" -dc ''
usage_line "--et '' names no file" --et ''
usage_line "--opaque/--whitelist '' names no file" --opaque ''
usage_line "--exclude/--blacklist '' names no file" --blacklist ''
usage_line "--comm-pattern '' names no device event (an empty pattern would match every one)" --comm-pattern ''
# --top's limit is said: 4294967295 (the most a 32-bit count holds) is taken, one more is not.
usage_line "--top wants a whole number of rows from 1 to 4294967295, not '4294967296'" --top 4294967296
usage_line "--top wants a whole number of rows from 1 to 4294967295, not '0'" --top 0
pp -s "$good" -d "$tmp/top.csv" --top 4294967295 -q
expect_status 0 "--top 4294967295, the limit, is taken"
# A --comm-pattern that backtracks without end, (a+)+b on 40 a's and "_b",
# hits PCRE's match limit: an error that names the pattern and the name, not
# "no match" (exit status 1, the trace could not be read as asked). The same
# pattern on a short name, and a plain one on the long name, are no error.
comm_trace() {
	printf '{"traceEvents": [
  {"ph": "X", "cat": "cpu_op", "name": "op", "pid": 1, "tid": 1, "ts": 0, "dur": 100},
  {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 10, "dur": 5, "args": {"correlation": 1}},
  {"ph": "X", "cat": "kernel", "name": "%s", "pid": 0, "tid": 7, "ts": 20, "dur": 30, "args": {"correlation": 1}}]}\n' "$1" > "$2"
}
long=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_b
comm_trace "$long" "$tmp/backtrack.json"
comm_trace aaa_b "$tmp/short.json"
pp -q -s "$tmp/backtrack.json" -d "$tmp/comm.csv" -mc cpu_op --columns name,communication\(ms\) --comm-pattern '(a+)+b'
expect_status 1 "--comm-pattern at PCRE's match limit is an error"
expect_stderr "profile_parser: $tmp/backtrack.json: --comm-pattern '(a+)+b' cannot be matched against the device event name '$long': " "the match limit: the message names the trace, the pattern and the name"
expect_stderr "limit" "the match limit: the message says the limit was reached"
[ -e "$tmp/comm.csv" ] && fail "the match limit: an output was written" || pass "the match limit: no output"
pp -q -s "$tmp/backtrack.json" -d "$tmp/comm.csv" -mc cpu_op --summary kernel --comm-pattern '(a+)+b'
expect_status 1 "the match limit with --summary kernel"
pp -q -s "$tmp/short.json" -d - -mc cpu_op --columns name,communication\(ms\) --comm-pattern '(a+)+b'
expect_status 0 "(a+)+b on a short name"
expect_output "(a+)+b on a short name: no match, no error" '"name","communication(ms)"
"op","0.0"'
pp -q -s "$tmp/backtrack.json" -d - -mc cpu_op --columns name,communication\(ms\) --comm-pattern 'a_B$'
expect_status 0 "a plain pattern on the long name"
expect_output "a plain pattern on the long name matches" '"name","communication(ms)"
"op","0.03"'

# The values a message quotes are shown escaped, as names are: no raw
# control character (a newline would forge a line), no U+202E (RLO).
rlo=$(printf '\342\200\256')
nl='
'
# no_raw DESCRIPTION: standard error holds no U+202E, tab or escape as such
no_raw() {
	if grep -q "$rlo" "$tmp/err" || grep -q "$(printf '[\t\033]')" "$tmp/err"; then fail "$1: raw on standard error:"; cat "$tmp/err"; else pass "$1"; fi
}
pp -s "$good" -d "$tmp/never.csv" --summary "$(printf 'x\033')"
expect_status 2 "--summary with an escape character"
expect_line "$(printf "profile_parser: --summary wants path, name, step, kernel, perf, collective, timeline, idle, memory, rank, findings, gaps or critical, not 'x\\\\x1b'\nTry 'profile_parser --help' for more information.")" \
	"--summary: the escape character shown as \\x1b, the message alone"
# (GLib takes a value that is not ASCII in a UTF-8 locale only)
if locale -a 2>/dev/null | grep -qix 'c\.utf-\?8'; then
	LC_ALL=C.UTF-8
	pp -s "$good" -d "$tmp/never.csv" --top "1$nl$rlo"
	expect_status 2 "--top with a newline and U+202E"
	expect_line "$(printf "profile_parser: --top wants a whole number of rows from 1 to 4294967295, not '1\\\\n\\\\u202e'\nTry 'profile_parser --help' for more information.")" \
		"--top: the value escaped, the message alone"
	pp -s "$good" -d "$tmp/never.csv" --sort "name$rlo"
	expect_stderr "--sort: unknown column 'name\\u202e'; the columns are: " "--sort: the unknown column escaped"
	no_raw "--sort: no raw character"
	pp -s "$good" -d "$tmp/never.csv" --jobs "$(printf '1\t')$rlo"
	expect_status 2 "--jobs with a tab and U+202E"
	expect_stderr "1\\t\\u202e" "GLib's message: the value escaped"
	no_raw "GLib's message: no raw character"
	pp -q -s "$tmp/backtrack.json" -d "$tmp/comm.csv" -mc cpu_op --comm-pattern "(a+)+${rlo}b"
	expect_status 1 "--comm-pattern with U+202E at the match limit"
	expect_stderr "--comm-pattern '(a+)+\\u202eb' cannot be matched against the device event name '$long': " "the match limit: the pattern escaped"
	no_raw "the match limit: the pattern escaped, in GLib's message too"
	LC_ALL=C
else
	skip "the values that are not ASCII: no C.UTF-8 locale"
fi

pp --merge '' -d "$tmp/never.csv"
expect_status 2 "--merge ''"
expect_line "$(printf "profile_parser: --merge '' names no file\nTry 'profile_parser --help' for more information.")" "--merge '': the message alone"
[ -e "$tmp/never.csv" ] && fail "a usage error wrote an output" || pass "no output after the usage errors"
# Blanks around the names of a list are no empty element.
pp -s "$good" -d "$tmp/blanks.csv" -q -mc ' python_function , cpu_op ' --columns ' name , depth ' --sort ' depth '
expect_status 0 "blanks around list names"
finish
