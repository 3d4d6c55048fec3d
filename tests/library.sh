#!/bin/sh
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
finish
