#!/bin/sh
# --module-class (SPEC 23) on tests/views/module_class.json, worked by hand:
# ProfilerStep#1 > nn.Module: Encoder_0 > nn.Module: Layer_0, Layer_1 and
# Layer_12, each 50 us with an aten::mm of 20 us launching a kernel k of
# 10, 20 and 30 us; and three names that are no instance: "fc1" (digits but
# no '_'), "_7" (nothing before the '_'), "Block_" (no digits). With the
# option the three layers are one row nn.Module: Layer: count 3, host 0.15
# ms, self host 3 x 30 us = 0.09 ms, device 0.06 ms; one diff row; one
# folded stack of 60000 ns; one flame-graph frame. Without it, as before.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
t=$top_srcdir/tests/views/module_class.json

"$PROFILE_PARSER" -q -s "$t" -d "$tmp/name.csv" -mc cpu_op --summary name --module-class 2>"$tmp/err" \
	|| fail "--summary name: $(cat "$tmp/err")"
tr -d '\r' <"$tmp/name.csv" | grep -qxF '"nn.Module: Layer","3","0.15","0.05","0.05","0.05","0.09","0.06","0.0","0.015","3","3"' \
	&& pass "--summary name: one row for the three layers" || { fail "--summary name: no class row"; cat "$tmp/name.csv"; }
grep -q 'Layer_\|Encoder_0' "$tmp/name.csv" && fail "--summary name: an instance left" || pass "--summary name: no instance left"
for n in fc1 _7 Block_; do
	grep -q "^\"nn.Module: $n\",\"1\"," "$tmp/name.csv" && pass "--summary name: nn.Module: $n kept" \
		|| fail "--summary name: nn.Module: $n not kept"
done

"$PROFILE_PARSER" -q -s "$t" -s "$t" -d "$tmp/diff.csv" -mc cpu_op --diff name --module-class 2>"$tmp/err"
[ "$(grep -c '^"nn.Module: Layer","same","3.000","3.000","0.15","0.15","0.0","0.06","0.06","0.0",' "$tmp/diff.csv")" -eq 1 ] \
	&& pass "--diff name: one row for the class" || { fail "--diff name"; cat "$tmp/diff.csv"; }

"$PROFILE_PARSER" -q -s "$t" -d "$tmp/f.folded" -mc cpu_op --format folded --module-class 2>"$tmp/err"
printf '%s\n' 'ProfilerStep#1;nn.Module: Encoder;nn.Module: Layer;aten::mm;k 60000' >"$tmp/want"
cmp -s "$tmp/want" "$tmp/f.folded" && pass "folded: one stack of 60000 ns" || { fail "folded"; diff "$tmp/want" "$tmp/f.folded"; }

"$PROFILE_PARSER" -q -s "$t" -d "$tmp/f.svg" -mc cpu_op --format svg --module-class 2>"$tmp/err"
[ "$(grep -o '<title>nn.Module: Layer[^<]*' "$tmp/f.svg" | grep -c .)" -eq 1 ] && ! grep -q 'Layer_' "$tmp/f.svg" \
	&& pass "flame graph: one frame for the class" || fail "flame graph: $(grep -o '<title>nn.Module[^<]*' "$tmp/f.svg")"

"$PROFILE_PARSER" -q -s "$t" -d "$tmp/plain.csv" -mc cpu_op --summary name 2>"$tmp/err"
[ "$(grep -c '^"nn.Module: Layer_' "$tmp/plain.csv")" -eq 3 ] && pass "without --module-class: three rows" \
	|| fail "without --module-class"
finish
