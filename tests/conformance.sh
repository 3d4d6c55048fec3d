#!/bin/sh
# The real-trace conformance check of ../shared/conformance: 12 cases, cell by
# cell. Skipped (77) where that folder or python3 is missing.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
check=$top_srcdir/../shared/conformance/check.sh
[ -x "$check" ] || { echo "no $check: skipped"; exit 77; }
exec "$check" "${PROFILE_PARSER:-$top_srcdir/profile_parser}"
