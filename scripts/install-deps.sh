#!/bin/sh
# Installs the Debian packages that building and testing profile_parser needs,
# only those missing (run as root; nothing is fetched when all are there).
# --browser: Chromium too, in which tests/svg_browser.sh renders the SVG flame
# graph (without it, that test is skipped); CI passes it.
set -e
packages="build-essential autoconf automake pkg-config libjson-c-dev libglib2.0-dev libcunit1-dev zlib1g-dev"
# what the tests use: groff renders the man page whose EXAMPLES they run, jq
# and GNU parallel are in those examples, valgrind checks the fixtures
packages="$packages groff-base jq parallel valgrind"
# and a private one-node Slurm cluster runs the man page's job array
packages="$packages slurm-wlm munge"
case "${1:-}" in
--browser) packages="$packages chromium" ;;
"") ;;
*) echo "usage: $0 [--browser]" >&2; exit 2 ;;
esac
missing=
for p in $packages; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
command -v python3 >/dev/null || missing="$missing python3" # for the conformance check
[ -z "$missing" ] && exit 0
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq $missing
