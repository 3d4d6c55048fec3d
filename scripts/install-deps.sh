#!/bin/sh
# Installs the Debian packages that building and testing profile_parser needs,
# only those missing (run as root; nothing is fetched when all are there).
# --browser: Chromium too, in which tests/svg_browser.sh renders the SVG flame
# graph (without it, that test is skipped); --fuzz: clang and its libFuzzer
# runtime, for scripts/fuzz.sh. CI passes both.
set -e
packages="build-essential autoconf automake libtool pkg-config libjson-c-dev libglib2.0-dev libcunit1-dev zlib1g-dev"
# what the tests use: groff renders the man page whose EXAMPLES they run, jq
# and GNU parallel are in those examples, valgrind checks the fixtures
packages="$packages groff-base jq parallel valgrind"
# and a private one-node Slurm cluster runs the man page's job array
packages="$packages slurm-wlm munge"
# the Python binding (python/, tests/python.sh): Python's headers,
# setuptools and wheel to build it (pip install --no-build-isolation),
# pytest for its tests, pandas for its DataFrames
packages="$packages python3-dev python3-setuptools python3-wheel python3-pytest python3-pandas"
# a decimal-comma locale, de_DE.UTF-8, under which the views must not change
packages="$packages locales"
for flag in "$@"; do
	case $flag in
	--browser) packages="$packages chromium" ;;
	--fuzz) packages="$packages clang libclang-rt-dev" ;;
	*) echo "usage: $0 [--browser] [--fuzz]" >&2; exit 2 ;;
	esac
done
missing=
for p in $packages; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
command -v python3 >/dev/null || missing="$missing python3" # for the conformance check
if [ -n "$missing" ]; then
	echo "installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq $missing
fi
# de_DE.UTF-8 generated once (locale -a spells it de_DE.utf8)
if ! locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8'; then
	echo "generating the locale de_DE.UTF-8"
	if grep -q '^# *de_DE\.UTF-8 UTF-8' /etc/locale.gen; then
		sed -i 's/^# *\(de_DE\.UTF-8 UTF-8\)/\1/' /etc/locale.gen
	elif ! grep -q '^de_DE\.UTF-8 UTF-8' /etc/locale.gen; then
		echo 'de_DE.UTF-8 UTF-8' >> /etc/locale.gen
	fi
	locale-gen
fi
