#!/bin/sh
# Verifies the build dependencies; installs the missing ones on Debian when
# running as root, otherwise prints the exact command to run. NumPy for the
# Python package's tests (python3-numpy) is optional: installed when root,
# otherwise those tests say SKIP.

if ! /usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 && [ "$(id -u)" = 0 ] &&
    command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing python3-numpy" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y python3-numpy >/dev/null 2>&1 ||
        { apt-get update >/dev/null 2>&1 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y python3-numpy >/dev/null 2>&1; } ||
        echo "deps: python3-numpy could not be installed: the Python tests will be skipped" >&2
fi

packages="flex bison libyaml-dev check pkg-config"
missing=""
command -v flex >/dev/null 2>&1 || missing="$missing flex"
command -v bison >/dev/null 2>&1 || missing="$missing bison"
if command -v pkg-config >/dev/null 2>&1; then
    pkg-config --exists yaml-0.1 || missing="$missing libyaml-dev"
    pkg-config --exists check || missing="$missing check"
else
    missing="$missing pkg-config libyaml-dev check"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing$missing" >&2
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y $packages >/dev/null 2>&1; then
        apt-get update >/dev/null 2>&1 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y $packages >/dev/null || {
            echo "deps: apt-get failed; run: apt-get update && apt-get install -y $packages" >&2
            exit 1
        }
    fi
    exit 0
fi
echo "deps: missing:$missing" >&2
echo "deps: run: sudo apt-get install -y $packages" >&2
exit 1
