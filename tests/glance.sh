#!/bin/sh
# Views that answer at a glance (SPEC 23), at 80, 100, 120 and 200 columns:
# every view keeps the columns it exists for (none of them in the note of
# the columns left out): --summary collective its bandwidths,
# --across-ranks the device max, its rank and imbalance, --diff the base,
# new and delta device, --summary step device idle, host wait and device
# span, --summary perf roofline % and bound, --summary rank delay caused,
# last count and wait; and the kernel summary of tests/views/kernel_names.json
# shows short names (worked by hand from the rule of SPEC 23: "void "
# dropped, outermost templates <…>, the parameter list (…)), distinct: the
# two softmax kernels fold alike, so they keep the older form, apart.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
LC_ALL=C.UTF-8; export LC_ALL
t=$top_srcdir/tests

# essential LABEL "COLUMN|COLUMN..." ARGS...: at each width, no COLUMN left out.
essential() {
	label=$1 columns=$2; shift 2
	for width in 80 100 120 200; do
		if ! COLUMNS=$width "$PROFILE_PARSER" -d "$tmp/out.txt" --format table "$@" 2>"$tmp/err"; then
			fail "$label at $width: $(cat "$tmp/err")"; continue
		fi
		left=$(sed -n 's/.*no room in [0-9]* columns for: \(.*\) (left out.*/, \1,/p' "$tmp/err")
		lost=
		old_ifs=$IFS IFS='|'
		for c in $columns; do
			case $left in *", $c,"*) lost="$lost [$c]" ;; esac
		done
		IFS=$old_ifs
		grep -qF -- "${columns%%|*}" "$tmp/out.txt" || grep -q -- "$(echo "${columns%%|*}" | cut -d' ' -f1)" "$tmp/out.txt" \
			|| lost="$lost [not in the header]"
		if [ -z "$lost" ]; then pass "$label at $width: its columns kept"
		else fail "$label at $width: left out:$lost"; cat "$tmp/err"; fi
	done
}

essential "--summary collective" "algbw(GB/s)|busbw(GB/s)" -s "$t/cases/collective_factors.json" -mc cpu_op --summary collective
essential "--across-ranks" "device total max(ms)|device total max rank|device imbalance" \
	-s "$t/compare/ranks" --summary name --across-ranks -mc cpu_op
essential "--diff name" "base device per step(ms)|new device per step(ms)|delta device per step(ms)" \
	-s "$t/compare/base.json" -s "$t/compare/new.json" --diff name -mc cpu_op,user_annotation
essential "--summary step" "device idle(ms)|host wait(ms)|device span(ms)" -s "$t/steps/steps.json" -mc cpu_op --summary step
essential "--summary perf" "roofline %|bound" -s "$t/views/perf_wide.json" --peaks "$t/cases/perf.peaks" -mc cpu_op --summary perf
essential "--summary rank" "delay caused(ms)|last count|wait(ms)" -s "$t/ranks/bandwidth" -mc cpu_op --summary rank

# The kernel names at each width: distinct, and the short names by hand.
for width in 80 100 120 200; do
	COLUMNS=$width "$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.txt" --format table \
		-mc cpu_op --summary kernel --columns name,count 2>"$tmp/err" || { fail "kernels at $width: $(cat "$tmp/err")"; continue; }
	sed '1,/^---/d; s/  *[0-9][0-9]*$//' "$tmp/k.txt" >"$tmp/names"
	rows=$(wc -l <"$tmp/names") apart=$(sort -u "$tmp/names" | wc -l)
	[ "$rows" -eq 4 ] && [ "$apart" -eq 4 ] && pass "kernels at $width: 4 names, apart" \
		|| { fail "kernels at $width: $apart of $rows apart"; cat "$tmp/k.txt"; }
	if [ "$width" -le 120 ]; then
		grep -qx 'at::native::reduce_kernel<…>(…)' "$tmp/names" && grep -qx 'at::native::vectorized_elementwise_kernel<…>(…)' "$tmp/names" \
			&& pass "kernels at $width: short names, namespaces kept" \
			|| { fail "kernels at $width: no short names"; cat "$tmp/k.txt"; }
	fi
done
# CSV and JSON Lines keep the full names
"$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.csv" -mc cpu_op --summary kernel 2>/dev/null
grep -qF 'at::native::reduce_kernel<512, 1, at::native::ReduceOp<float' "$tmp/k.csv" && ! grep -q '<…>' "$tmp/k.csv" \
	&& pass "CSV: full names" || fail "CSV: full names"
"$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.jsonl" -mc cpu_op --summary kernel 2>/dev/null
grep -qF 'float, 4> >(at::native::ReduceOp' "$tmp/k.jsonl" && ! grep -q '<…>' "$tmp/k.jsonl" \
	&& pass "JSON Lines: full names" || fail "JSON Lines: full names"
# The page: a kernel name over 60 characters whose short name is its own shows it, the full name
# (up to 200 characters) in the title; the two
# softmax kernels, alike when short, show their full names
"$PROFILE_PARSER" -q -s "$t/views/kernel_names.json" -d "$tmp/k.html" -mc cpu_op --summary kernel 2>/dev/null
grep -qF '<td class="k" title="void at::native::vectorized_elementwise_kernel&lt;4, at::native::AbsFunctor&lt;float&gt;, at::detail::Array&lt;char*, 2&gt; &gt;(int, at::native::AbsFunctor&lt;float&gt;, at::detail::Array&lt;char*, 2&gt;)">at::native::vectorized_elementwise_kernel&lt;…&gt;(…)</td>' "$tmp/k.html" \
	&& pass "the page: a short name shown, the full name in its title" || fail "the page: no short name with its title"
[ "$(grep -c '<td class="k" title="[^"]*">[^<]*cunn_SoftMaxForward&lt;8, ' "$tmp/k.html")" -eq 1 ] \
	&& pass "the page: short names alike are not used" || fail "the page: the softmax kernels"
finish
