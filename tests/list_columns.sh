#!/bin/sh
# List columns (kernels, kernel infos, kernel ts, cuda_runtime, cuda launch
# ts) are cut as any long cell (SPEC 28, issue 44), in tables and on the
# page, their device events' short names (SPEC 23) inside them; CSV and JSON
# Lines keep them whole. tests/list_columns/kernels.json, with -mc cpu_op:
# op a launches K1 = "void at::native::vectorized_elementwise_kernel<4, ...>
# (int, ...)" (2 us at 100), op b k_small (1 us at 110) and K2 = "void
# at::native::reduce_kernel<512, ...>(at::native::ReduceOp<...>)" (3 us at
# 120). Short names: "at::native::vectorized_elementwise_kernel<…>(…)" and
# "at::native::reduce_kernel<…>(…)"; k_small is its own.
#   --columns name,kernels,'kernel ts' at COLUMNS=80: name 4 ("name"), then
#   the two lists count 24 each: 4 + 2 + 24 + 2 + 24 = 56; the 24 left widen
#   kernels (left to right) to 48. a's kernels, whole 181 characters, short
#   "{'at::native::vectorized_elementwise_kernel<…>(…)': 0.002}" 58 > 48:
#   cut to its first 48 - 1 - 48/3 = 31 characters, "…", its last 16; b's
#   short "{'k_small': 0.001},{'at::native::reduce_kernel<…>(…)': 0.003}" 61
#   > 48: the same. kernel ts, 24: its first 15, "…", its last 8.
#   At COLUMNS=200: 144 left, kernels 24 + 144 = 168: both short forms (58,
#   61) fit whole; kernel ts stays 24 (the width is full).
# A line was as long as its longest list (a 10,000-character kernel name
# made 10,000-character lines at COLUMNS=80), and the page wrote every list
# whole.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
trace=$top_srcdir/tests/list_columns/kernels.json

COLUMNS=80 "$PROFILE_PARSER" -q -s "$trace" -mc cpu_op --format table --columns "name,kernels,kernel ts" -d - > "$tmp/out"
expect_output "a table at 80 columns: the lists cut, their short names inside" "name  kernels                                           kernel ts
----  ------------------------------------------------  ------------------------
a     {'at::native::vectorized_elemen…l<…>(…)': 0.002}  {'at::native::v…)': 100}
b     {'k_small': 0.001},{'at::native…l<…>(…)': 0.003}  {'k_small': 110…)': 120}"
COLUMNS=200 "$PROFILE_PARSER" -q -s "$trace" -mc cpu_op --format table --columns "name,kernels,kernel ts" -d - > "$tmp/out"
expect_output "a table at 200 columns: the short names whole where they fit" "name  kernels$(printf '%*s' 163 '')kernel ts
----  $(printf '%0168d' 0 | tr 0 -)  ------------------------
a     {'at::native::vectorized_elementwise_kernel<…>(…)': 0.002}$(printf '%*s' 112 ''){'at::native::v…)': 100}
b     {'k_small': 0.001},{'at::native::reduce_kernel<…>(…)': 0.003}$(printf '%*s' 109 ''){'k_small': 110…)': 120}"

k1="void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)"
k2="void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, unsigned int, float, 4>)"
"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op --columns "name,kernels" -d - > "$tmp/out"
expect_output "CSV keeps the lists whole" "\"name\",\"kernels\"
\"a\",\"{'$k1': 0.002}\"
\"b\",\"{'k_small': 0.001},{'$k2': 0.003}\""
"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op --columns "name,kernels" --format jsonl -d - > "$tmp/out"
grep -qF "\"name\":\"$k1\"" "$tmp/out" && grep -qF "\"name\":\"$k2\"" "$tmp/out" \
	&& pass "JSON Lines keeps the names whole" || { fail "JSON Lines"; cat "$tmp/out"; }

# The page: a's list, 181 characters, whole; b's, 271 (over 200), shows its
# short form (61) in a link to its whole text, listed once; its title the
# whole text's last 199 characters after "…".
"$PROFILE_PARSER" -q -s "$trace" -mc cpu_op --columns "name,kernels" -d "$tmp/page.html" || fail "the page: exit status $?"
esc() { sed "s/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/'/\&#39;/g; s/\"/\&quot;/g"; }
a=$(printf "%s" "{'$k1': 0.002}" | esc)
b_short=$(printf "%s" "{'k_small': 0.001},{'at::native::reduce_kernel<…>(…)': 0.003}" | esc)
b_full=$(printf "%s" "{'k_small': 0.001},{'$k2': 0.003}" | esc)
grep -qF "<span>$a</span>" "$tmp/page.html" && pass "the page: a list of 200 characters or fewer whole" \
	|| fail "the page: a's list is not whole"
grep -qF "\">$b_short</a></span>" "$tmp/page.html" && [ "$(grep -cF "<li id=\"name-1\">$b_full</li>" "$tmp/page.html")" -eq 1 ] \
	&& pass "the page: a longer list shows its short names, linked to its whole text, listed once" \
	|| { fail "the page: b's list"; grep -o '<a class="cut"[^>]*>[^<]*</a>' "$tmp/page.html" | head -n 2; }

# The hostile trace of issue 33: 300 ops, each launching a kernel, each
# name of 10,000 characters. Every list column at 80 and 120 columns: no
# line wider; the page bounded by the cells it shows (at most 200
# characters a cell, and its title as many), plus the list of whole names
# (at most 2 MiB).
need python3 python3
python3 "$top_srcdir/scripts/make_hostile_trace.py" longnames 300 "$tmp/long.json"
lists="name,kernels,kernel infos,kernel ts,cuda_runtime,cuda launch ts"
for width in 80 120; do
	COLUMNS=$width "$PROFILE_PARSER" -q -s "$tmp/long.json" --format table --columns "$lists" -d "$tmp/long.txt"
	widest=$(python3 -c 'import sys; print(max(len(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8")))' "$tmp/long.txt")
	[ "$widest" -le "$width" ] && pass "longnames 300, every list column at COLUMNS=$width: lines of at most $widest characters" \
		|| fail "longnames 300 at COLUMNS=$width: a line of $widest characters"
done
"$PROFILE_PARSER" -q -s "$tmp/long.json" --columns "$lists" -d "$tmp/long.html"
if python3 - "$tmp/long.html" > "$tmp/why" 2>&1 <<'PY'
import html, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
size = len(page.encode("utf-8"))
rows = len(re.findall(r'<div class="row|<summary class="row', page))
cells = rows * 6  # the name and five lists
limit = 2 * 1024 * 1024 + 2100 * cells + 2000 * (page.count("<dt>") + page.count("<tr>")) + 100000
assert rows >= 300, rows
assert size <= limit, "%d bytes, over %d for %d rows" % (size, limit, rows)
shown = re.findall(r'<(?:a|span) class="cut"[^>]*title="([^"]*)"[^>]*>([^<]*)</(?:a|span)>', page)
assert len(shown) >= 300 * 3, len(shown)  # kernels, kernel infos, kernel ts (the runtime lists are short)
for title, text in shown:
    assert len(html.unescape(text)) <= 200 and len(html.unescape(title)) <= 200, (len(text), len(title))
print("%d bytes for %d rows (at most %d); %d list cells cut" % (size, rows, limit, len(shown)))
PY
then pass "longnames 300, every list column on the page: $(tail -n 1 "$tmp/why")"
else fail "longnames 300, the page's lists:"; tail -n 3 "$tmp/why"; fi
finish
