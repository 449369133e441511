#!/usr/bin/env bash
# Compares two captures of Benchmarks/golden/capture.sh byte for byte: every file of either,
# listing the ones that differ or are missing. Exit status 0 when they are identical, 1 otherwise.
# Usage: Benchmarks/golden/compare.sh BEFORE_DIR AFTER_DIR
set -uo pipefail
before=${1:?usage: compare.sh BEFORE_DIR AFTER_DIR}
after=${2:?usage: compare.sh BEFORE_DIR AFTER_DIR}
differ=0
files=$( (cd "$before" && ls; cd "$after" && ls) | sort -u)
for file in $files; do
    if [ ! -e "$before/$file" ] || [ ! -e "$after/$file" ]; then
        echo "only in one: $file"; differ=$((differ + 1))
    elif ! cmp -s "$before/$file" "$after/$file"; then
        echo "differs: $file ($(cmp "$before/$file" "$after/$file" | head -n 1))"; differ=$((differ + 1))
    fi
done
count=$(echo "$files" | wc -l)
if [ "$differ" -eq 0 ]; then
    echo "compare: $count files, all identical"
else
    echo "compare: $differ of $count files differ"
    exit 1
fi
