#!/usr/bin/env bash
# Fuzzes the whole pipeline with libFuzzer (clang, AddressSanitizer and
# UndefinedBehaviorSanitizer) for SECONDS (default 60):
#
#   scripts/fuzz.sh [SECONDS]
#
# Seeds: the fixtures of tests/cases and tests/fuzz/regressions (inputs that
# once failed). The growing corpus is kept in fuzz-build/corpus. Exits 0 when
# nothing was found; a crash, leak or timeout leaves its input in fuzz-build/
# (turn it into a regression: copy it to tests/fuzz/regressions/).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=$top/fuzz-build
command -v clang >/dev/null || { echo "fuzz.sh: needs clang (apt-get install clang)" >&2; exit 2; }
[ -f "$top/config.h" ] || (cd "$top" && { [ -x configure ] || ./autogen.sh >/dev/null; } && ./configure -q)
mkdir -p "$build/corpus"
# the library's sources as the build system lists them (Makefile.am), so that
# no layout of src/ can leave the harness without them
sources=$(make -s -C "$top" print-lib-sources | tr ' ' '\n' | sed -n 's|^\(src/.*\.c\)$|'"$top"'/\1|p')
[ -n "$sources" ] || { echo "fuzz.sh: the build system lists no library source (make print-lib-sources)" >&2; exit 1; }
# shellcheck disable=SC2086
clang -g -O1 -std=c11 -D_GNU_SOURCE -DPKGDATADIR="\"$top/data\"" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$top" -I"$top/src" $(pkg-config --cflags json-c glib-2.0 zlib) \
	$sources "$top/tests/fuzz/fuzz_pipeline.c" -o "$build/fuzz_pipeline" \
	$(pkg-config --libs json-c glib-2.0 zlib) -lm
cp -n "$top"/tests/cases/*.json "$top"/tests/fuzz/regressions/* "$build/corpus/" 2>/dev/null || true
cd "$build"
# GLib 2.74 keeps per-thread GSlice magazines in its parked pool threads,
# which LeakSanitizer reports once at exit; plain malloc keeps reports ours.
export G_SLICE=always-malloc
exec ./fuzz_pipeline -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
	-dict="$top/tests/fuzz/json.dict" -print_final_stats=1 corpus
