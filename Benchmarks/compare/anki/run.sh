#!/bin/sh
# Makes the reference Anki collection and Anki's own numbers for it.
#   Benchmarks/compare/anki/run.sh [OUTPUT_DIRECTORY]   (default Tests/Fixtures/Anki)
# Needs: Python 3.11 with `anki` 26.9.3 (pip install anki==26.9.3), libfaketime
# (Debian: apt-get install faketime). Takes about two minutes.
# The Python processes see TZ=America/New_York and a clock that make_collection.py
# and reference.py move themselves (libfaketime reads the file on every call).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../../Tests/Fixtures/Anki}
mkdir -p "$out"
clock=$(mktemp)
trap 'rm -f "$clock" "$clock.tmp"' EXIT
echo 1767618000 > "$clock"
faketime_lib=${FAKETIME_LIB:-/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1}
run() {
    TZ=America/New_York LD_PRELOAD=$faketime_lib FAKETIME_TIMESTAMP_FILE=$clock \
        FAKETIME_NO_CACHE=1 FAKETIME_FMT=%s PYTHONHASHSEED=0 python3 "$@"
}
run "$here/make_collection.py" "$out"
run "$here/reference.py" "$out"
chmod 644 "$out"/*
