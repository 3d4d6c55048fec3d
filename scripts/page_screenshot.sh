#!/bin/sh
# Remakes docs/page.png, the screenshot at the top of README.md: the page of
# --format html (SPEC 16) of a shared trace, rendered by headless Chromium
# (as tests/html.sh renders it) in a 1280x900 window, light scheme.
# Usage: scripts/page_screenshot.sh [TRACE [PNG]]
#   TRACE  default ../shared/traces/trace_diff_control.json.gz (steps, collectives)
#   PNG    default docs/page.png
# Needs a built ./profile_parser and Chromium (scripts/install-deps.sh
# --browser). The PNG is Chromium's, cropped to 1280x900 by the window (keep
# it under 300 KB: README.md shows it).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
trace=${1:-$top/../shared/traces/trace_diff_control.json.gz}
png=${2:-$top/docs/page.png}
browser=
for b in chromium chromium-browser google-chrome; do
	command -v "$b" >/dev/null && { browser=$b; break; }
done
[ -n "$browser" ] || { echo "$0: no Chromium; install it with scripts/install-deps.sh --browser" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the command shown in README.md, from a folder holding the trace
(cd "$(dirname "$trace")" && "$top/profile_parser" -q -s "$(basename "$trace")" -d "$tmp/page.html" --max_depth 3)
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
	--force-prefers-color-scheme=light --user-data-dir="$tmp/profile" --window-size=1280,900 \
	--screenshot="$tmp/shot.png" "file://$tmp/page.html" >/dev/null 2>&1
[ -s "$tmp/shot.png" ] || { echo "$0: $browser made no screenshot" >&2; exit 1; }
cp "$tmp/shot.png" "$png"
echo "$png: $(wc -c < "$png") bytes"
