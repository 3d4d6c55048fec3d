#!/bin/bash
# Graph-mode attribution (SPEC 14) beyond one fixture's rows (those are in
# tests/cases/graph_*): a capture file that is missing or not a trace changes
# no row (the default CSV, byte for byte, as without the option); rows that
# involve no graph launch are the same with and without a capture; every
# view sees the grafted rows (summaries, --diff, --across-ranks, folded,
# the table); --merge refuses summaries made with and without
# --graph-capture; two traces at once give what each gives alone; and, on
# the shared SGLang and vLLM pairs, the figures of SPEC 14.4's report (one
# exact match of 544 kernels; 25 windows replayed by 25 launches, the tied
# ones in turn), the device total and every op's inclusive figures unchanged.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
cases=$top_srcdir/tests/cases
replay=$cases/graph_exact.json capture=$cases/graph_exact.capture

# A capture file that is missing, or is not a trace: a warning naming it, the
# output what it is without the option.
"$PROFILE_PARSER" -s "$replay" -d "$tmp/plain.csv" -mc cpu_op 2>/dev/null || fail "the run without --graph-capture failed"
printf 'not a trace\n' > "$tmp/text.json"
for bad in "$tmp/missing.json" "$tmp/text.json"; do
	"$PROFILE_PARSER" -s "$replay" --graph-capture "$bad" -d "$tmp/bad.csv" -mc cpu_op 2>"$tmp/err"; status=$?
	if [ $status = 0 ] && cmp -s "$tmp/plain.csv" "$tmp/bad.csv" && grep -q "warning: --graph-capture $bad: not read" "$tmp/err"; then
		pass "a capture file that is ${bad##*/}: warned of, the rows as without it"
	else
		fail "a capture file that is ${bad##*/} (exit status $status):"; cat "$tmp/err"
	fi
done

# Rows that involve no graph launch are the same with and without a capture.
columns='name,depth,device duration(ms),self device duration(ms),replayed by'
"$PROFILE_PARSER" -q -s "$replay" -d "$tmp/without.csv" -mc cpu_op --columns "$columns"
"$PROFILE_PARSER" -q -s "$replay" --graph-capture "$capture" -d "$tmp/with.csv" -mc cpu_op --columns "$columns"
grep -v 'hipGraphLaunch#' "$tmp/with.csv" | cut -d, -f1-2 > "$tmp/kept"
cut -d, -f1-2 "$tmp/without.csv" | cmp -s - "$tmp/kept" && [ "$(grep -c 'hipGraphLaunch#100' "$tmp/with.csv")" = 3 ] \
	&& pass "the rows without a graph launch kept, 3 grafted rows added" || { fail "rows kept:"; cat "$tmp/with.csv"; }

# Every view sees the grafted rows.
"$PROFILE_PARSER" -q -s "$replay" --graph-capture "$capture" -d - -mc cpu_op --summary path > "$tmp/path.csv"
grep -q '^"decode\$\$mlp\$\$aten::gelu","1",' "$tmp/path.csv" && pass "--summary path: the grafted path" || { fail "--summary path:"; cat "$tmp/path.csv"; }
"$PROFILE_PARSER" -q -s "$replay" --graph-capture "$capture" -d - -mc cpu_op --summary kernel > "$tmp/kernel.csv"
grep -q '^"gelu","compute","1",.*"aten::gelu (100.0%)"' "$tmp/kernel.csv" && pass "--summary kernel: launched by the captured op" \
	|| { fail "--summary kernel:"; cat "$tmp/kernel.csv"; }
"$PROFILE_PARSER" -q -s "$replay" --graph-capture "$capture" -d - -mc cpu_op --format folded > "$tmp/stacks"
grep -q '^decode;mlp;aten::gelu;gelu 8000$' "$tmp/stacks" && pass "folded: the kernel under its capture path" || { fail "folded:"; cat "$tmp/stacks"; }
COLUMNS=100 "$PROFILE_PARSER" -q -s "$replay" --graph-capture "$capture" -d - -mc cpu_op --format table --columns 'name,replayed by' > "$tmp/table"
grep -q '^    aten::gelu  *hipGraphLaunch#100$' "$tmp/table" && pass "table: the grafted tree, replayed by" || { fail "table:"; cat "$tmp/table"; }
"$PROFILE_PARSER" -q -s "$replay" -s "$replay" --graph-capture "$capture" --diff path -mc cpu_op -d - > "$tmp/diff.csv"
grep -q '^"decode\$\$mlp\$\$aten::gelu","same",' "$tmp/diff.csv" && pass "--diff: the grafted keys" || { fail "--diff:"; cat "$tmp/diff.csv"; }
"$PROFILE_PARSER" -q -s "$replay" -s "$cases/graph_reordered.json" --graph-capture "$capture" --graph-capture "$cases/graph_reordered.capture" \
	--across-ranks --summary name -mc cpu_op -d - > "$tmp/ranks.csv" 2>/dev/null
grep -q '^"aten::gelu","1",' "$tmp/ranks.csv" && pass "--across-ranks: the grafted names" || { fail "--across-ranks:"; cat "$tmp/ranks.csv"; }

# --merge refuses a summary made with --graph-capture beside one made without.
"$PROFILE_PARSER" -q -s "$replay" --graph-capture "$capture" -mc cpu_op --summary name --format jsonl -d "$tmp/with.jsonl"
"$PROFILE_PARSER" -q -s "$replay" -mc cpu_op --summary name --format jsonl -d "$tmp/without.jsonl"
if "$PROFILE_PARSER" --merge "$tmp/with.jsonl" --merge "$tmp/without.jsonl" -d "$tmp/merged.csv" 2>"$tmp/err"; then
	fail "--merge took summaries with and without --graph-capture"
else
	grep -q -- "--graph-capture" "$tmp/err" && pass "--merge refuses summaries with and without --graph-capture" || { fail "--merge:"; cat "$tmp/err"; }
fi

# Two traces at once (threads sharing the capture): each as alone.
mkdir -p "$tmp/two"
"$PROFILE_PARSER" -q -j 2 -s "$replay" -s "$cases/graph_reordered.json" --graph-capture "$capture" \
	--graph-capture "$cases/graph_reordered.capture" -mc cpu_op -d "$tmp/two/" --columns "$columns"
"$PROFILE_PARSER" -q -s "$replay" --graph-capture "$capture" --graph-capture "$cases/graph_reordered.capture" \
	-mc cpu_op -d "$tmp/alone.csv" --columns "$columns"
cmp -s "$tmp/two/graph_exact.csv" "$tmp/alone.csv" && pass "-j 2: each trace as alone" || fail "-j 2: each trace as alone"

# The shared pairs.
t=$traces
if have_traces mi300_sglang_decode_hipgraph_2streams.json.gz mi300_sglang_decode_capture_bs32.json.gz \
	mi300_vllm_piecewise_hipgraph.json.gz mi300_vllm_piecewise_capture.json.gz; then
	check_pair() { # NAME REPLAY CAPTURE REPORT-LINE
		"$PROFILE_PARSER" -s "$t/$2" -d "$tmp/without.csv" -mc cpu_op,user_annotation \
			--columns 'name,device duration(ms),replayed by' 2>/dev/null
		"$PROFILE_PARSER" -s "$t/$2" --graph-capture "$t/$3" -d "$tmp/with.csv" -mc cpu_op,user_annotation \
			--columns 'name,device duration(ms),replayed by' 2>"$tmp/err"
		grep -qF -- "$4" "$tmp/err" && pass "$1: $4" || { fail "$1: wanted '$4'"; grep graph "$tmp/err"; }
		grep -v 'GraphLaunch#' "$tmp/with.csv" | cmp -s - "$tmp/without.csv" \
			&& pass "$1: every op's inclusive figures unchanged" || fail "$1: an op's figures changed"
		grep -F "device time:" "$tmp/err" > "$tmp/with_total"
		"$PROFILE_PARSER" -s "$t/$2" -d /dev/null -mc cpu_op,user_annotation 2>&1 | grep -F "device time:" | cmp -s - "$tmp/with_total" \
			&& pass "$1: the device total unchanged" || fail "$1: the device total changed"
	}
	check_pair "SGLang" mi300_sglang_decode_hipgraph_2streams.json.gz mi300_sglang_decode_capture_bs32.json.gz \
		"graph capture: 1 of 1 graph launches matched (1 exact, 0 reordered, 0 partial, 0 by graph id); 544 of 544 device events"
	check_pair "vLLM piecewise" mi300_vllm_piecewise_hipgraph.json.gz mi300_vllm_piecewise_capture.json.gz \
		"graph capture: 25 of 25 graph launches matched (25 exact, 0 reordered, 0 partial, 0 by graph id); 361 of 361 device events"
else
	skip "the SGLang and vLLM pairs: the shared traces are missing (PROFILE_PARSER_TRACES)"
fi
finish
