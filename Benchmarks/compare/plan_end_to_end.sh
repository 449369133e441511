#!/usr/bin/env bash
# `zhixi-review plan` end to end, from a JSON workspace file to its output: wall time and
# peak memory (maximum resident set size), median of RUNS runs, for generated workspaces of
# 100,000 sessions over 10,000 lessons and 1,000,000 sessions over 100,000 lessons.
#
# How it was run, from the package root:
#   swift build -c release
#   Benchmarks/compare/plan_end_to_end.sh [RUNS]        (default 5)
#
# The workspaces come from `zhixi-bench workspace` (deterministic); every session has a
# mastery score, up to two weak points and ~80 characters of learner input, Chinese
# included. The planner has no peer to run beside it: the issue's goals are the yardstick
# (100,000 sessions under 1 s; 1,000,000 under 5 s and 2 GiB).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
bench=${BENCH:-.build/release/zhixi-bench}
review=${REVIEW:-.build/release/zhixi-review}
[ -x "$bench" ] && [ -x "$review" ] || { echo "build first: swift build -c release" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
now=2026-11-30T00:53:20Z

median() { sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

for size in "100000 10000" "1000000 100000"; do
    set -- $size
    file="$dir/workspace-$1.json"
    "$bench" workspace --sessions "$1" --lessons "$2" --out "$file" >/dev/null
    bytes=$(stat -c %s "$file")
    for format in text json; do
        times=(); peaks=()
        for _ in $(seq "$runs"); do
            /usr/bin/time -f "%e %M" -o "$dir/time" "$review" plan "$file" --now "$now" --format "$format" >/dev/null 2>&1
            read -r seconds kilobytes < "$dir/time"
            times+=("$seconds"); peaks+=("$kilobytes")
        done
        t=$(printf '%s\n' "${times[@]}" | median)
        m=$(printf '%s\n' "${peaks[@]}" | median)
        printf '%9d sessions, %7d lessons (%4d MB JSON), --format %-4s: median %6.2f s, peak %6.0f MiB\n' \
            "$1" "$2" $((bytes / 1000000)) "$format" "$t" "$(awk -v k="$m" 'BEGIN {print k / 1024}')"
    done
done
