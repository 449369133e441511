#!/usr/bin/env bash
# `zhixi-review plan` end to end, from a JSON workspace file to its output: wall time and
# peak memory (maximum resident set size) as medians with min–max over RUNS runs, for
# generated workspaces of 100,000 sessions over 10,000 lessons and 1,000,000 sessions over
# 100,000 lessons, and how much more 1,000,000 costs than 100,000 (linear: 10×).
#
# How it was run, from the package root:
#   swift build -c release
#   Benchmarks/compare/plan_end_to_end.sh [RUNS]        (default 5)
#   BEFORE=DIR Benchmarks/compare/plan_end_to_end.sh     (also the zhixi-review in DIR, an
#                                                        earlier build, in the same rounds)
#
# The workspaces come from `zhixi-bench workspace` (deterministic); every session has a
# mastery score, up to two weak points and ~80 characters of learner input, Chinese
# included. In each round every build plans each workspace in each format, one after the
# other, so load from other work falls on all of them. The planner has no peer to run beside
# it: the issue's goals are the yardstick (1,000,000 sessions under 2 s and 1 GiB in both
# formats; 1,000,000 at most 10.5 times 100,000).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
bench=${BENCH:-.build/release/zhixi-bench}
review=${REVIEW:-.build/release/zhixi-review}
[ -x "$bench" ] && [ -x "$review" ] || { echo "build first: swift build -c release" >&2; exit 1; }
builds=("this build=$review")
[ -n "${BEFORE:-}" ] && builds+=("before=$BEFORE/zhixi-review")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
now=2026-11-30T00:53:20Z

# stats: median (min–max) of the numbers on standard input, each divided by $1.
stats() { sort -g | awk -v d="$1" '{v[NR]=$1/d} END {m=(NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2); printf "%.2f (%.2f–%.2f)", m, v[1], v[NR]}'; }

sizes=("100000 10000" "1000000 100000")
for size in "${sizes[@]}"; do
    set -- $size
    "$bench" workspace --sessions "$1" --lessons "$2" --out "$dir/workspace-$1.json" >/dev/null
done
for _ in $(seq "$runs"); do
    for size in "${sizes[@]}"; do
        set -- $size
        for format in text json; do
            for build in "${builds[@]}"; do
                name=${build%%=*}; binary=${build#*=}
                /usr/bin/time -f "%e %M" -o "$dir/time" "$binary" plan "$dir/workspace-$1.json" --now "$now" --format "$format" >/dev/null 2>&1
                read -r seconds kilobytes < "$dir/time"
                echo "$seconds" >> "$dir/$name-$1-$format.seconds"
                echo "$kilobytes" >> "$dir/$name-$1-$format.kilobytes"
            done
        done
    done
done
echo "$runs rounds; load average $(cut -d' ' -f1 /proc/loadavg) at the end; seconds and peak MiB, median (min–max)"
for build in "${builds[@]}"; do
    name=${build%%=*}
    for format in text json; do
        for size in "${sizes[@]}"; do
            set -- $size
            bytes=$(stat -c %s "$dir/workspace-$1.json")
            printf '%-10s %9d sessions, %7d lessons (%4d MB JSON), --format %-4s: %s s, peak %s MiB\n' "$name" "$1" "$2" \
                $((bytes / 1000000)) "$format" "$(stats 1 < "$dir/$name-$1-$format.seconds")" "$(stats 1024 < "$dir/$name-$1-$format.kilobytes")"
        done
        # The cost of 1,000,000 over 100,000, round by round.
        ratios=$(paste "$dir/$name-1000000-$format.seconds" "$dir/$name-100000-$format.seconds" | awk '{print $1 / $2}' | stats 1)
        printf '%-10s --format %-4s: 1,000,000 sessions cost %s times 100,000 (per round)\n' "$name" "$format" "$ratios"
    done
done
