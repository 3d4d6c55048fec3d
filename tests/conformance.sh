#!/bin/sh
# The real-trace conformance check of ../shared/conformance (or of
# $PROFILE_PARSER_SHARED/conformance): 12 cases, cell by cell. Skipped (77)
# where that folder or python3 is missing.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
check=${PROFILE_PARSER_SHARED:-$top_srcdir/../shared}/conformance/check.sh
[ -x "$check" ] || { echo "SKIP: no $check; to run it, PROFILE_PARSER_SHARED=DIR make check (DIR: the shared folder, with conformance/ and traces/)"; exit 77; }
exec "$check" "${PROFILE_PARSER:-$top_srcdir/profile_parser}"
