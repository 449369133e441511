#!/usr/bin/env bash
# Records what a build of zhixi-review prints, to compare two builds byte for byte:
# plans of the sample workspace (every format, English and Chinese, two moments), a fleet
# planned with --batch, card and ZhiXi simulations (one retention and a sweep), fits and
# evaluations of the sample and of the real review log, and every card's state in that log.
# Each run leaves NAME.out (standard output), NAME.err (standard error) and NAME.status
# (exit status) in OUT_DIR, and any file the run writes beside them.
#
# Usage: Benchmarks/golden/capture.sh OUT_DIR [BINARY [BENCH_BINARY]]
#   BINARY        zhixi-review to run (default: .build/release/zhixi-review)
#   BENCH_BINARY  zhixi-bench that writes the fleet (default: beside BINARY)
# Compare two captures with Benchmarks/golden/compare.sh. The real log is read from
# ../shared/data (or $ZHIXI_REVLOG); without it the runs that need it are skipped and
# a line says so. Every run pins --now, so two captures of the same build are identical.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=${1:?usage: capture.sh OUT_DIR [BINARY [BENCH_BINARY]]}
binary=$(realpath "${2:-.build/release/zhixi-review}")
bench=$(realpath "${3:-$(dirname "$binary")/zhixi-bench}")
revlog=${ZHIXI_REVLOG:-../shared/data/anki-revlog-josh-2024.csv}
[ -f "$revlog" ] || revlog=../../shared/data/anki-revlog-josh-2024.csv
[ -f "$revlog" ] && revlog=$(realpath "$revlog")
mkdir -p "$out"
cp data/sample-workspace.json "$out/sample-workspace.json"
out=$(realpath "$out")
cd "$out"
# The sample is read from the capture's own copy, so that messages naming it are the same
# whichever checkout the capture runs from.
sample=sample-workspace.json

# run NAME ARGUMENT...: one run of the binary, its outputs kept under NAME.
run() {
    local name=$1; shift
    local status=0
    LANG=C.UTF-8 "$binary" "$@" >"$name.out" 2>"$name.err" </dev/null || status=$?
    echo "$status" >"$name.status"
}

# Plans of the sample: every format, both languages, two moments (a morning and a later week).
for now in 2026-11-29T01:00:00Z 2026-12-07T18:30:00+08:00; do
    for format in text json csv ics; do
        for lang in en zh; do
            run "plan-$now-$format-$lang" plan "$sample" --now "$now" --format "$format" --lang "$lang"
        done
    done
done
run plan-options plan "$sample" --now 2026-11-29T01:00:00Z --format json --lang en \
    --weekday-minutes sat=15,sun=0 --away 2026-12-03:2026-12-05 --postpone 2 --days 14 --week calendar
run plan-no-fuzz plan "$sample" --now 2026-11-29T01:00:00Z --no-fuzz --retention 0.85 --lang en

# A fleet of learners, planned in one batch.
"$bench" fleet --learners 300 --out fleet.jsonl --seed 12 >fleet.out 2>fleet.err
run plan-batch plan --batch fleet.jsonl --now 2026-11-29T01:00:00Z --lang en
run plan-batch-zh plan --batch fleet.jsonl --now 2026-11-29T01:00:00Z --lang zh --no-fuzz

# Simulations: cards mode with fsrs-rs's defaults, a sweep, ZhiXi mode from the sample.
run simulate-cards simulate --format json
run simulate-cards-text simulate
run simulate-sweep simulate --sweep 0.80:0.95:0.05 --seeds 2 --days 180 --deck 3000 --format json \
    --svg simulate-sweep.svg --series simulate-sweep-series.csv
run simulate-sweep-text simulate --sweep 0.80:0.95:0.05 --seeds 2 --days 180 --deck 3000 --budget 20
run simulate-zhixi simulate --workspace "$sample" --now 2026-11-29T01:00:00Z --format json
run simulate-zhixi-sweep simulate --workspace "$sample" --now 2026-11-29T01:00:00Z --sweep 0.80:0.95:0.05 --days 120
run simulate-zhixi-csv simulate --mode zhixi --days 120 --format csv --weekday-minutes sat=15,sun=0 \
    --away 2026-12-03:2026-12-05 --now 2026-11-29T01:00:00Z

# Fits and evaluations of the sample.
run optimize-sample optimize "$sample" --out optimize-sample.json
run evaluate-sample evaluate "$sample" --format json --predictions evaluate-sample-predictions.csv
run evaluate-sample-text evaluate "$sample" --splits 3

if [ -f "$revlog" ]; then
    run optimize-revlog optimize "$revlog"
    run evaluate-revlog evaluate "$revlog" --format json --predictions evaluate-revlog-predictions.csv
    run evaluate-revlog-text evaluate "$revlog" --splits 3
    run states-revlog states "$revlog" --now 2024-12-31T12:00:00Z
    run states-revlog-json states "$revlog" --now 2024-12-31T12:00:00Z --format json
    run states-revlog-csv states "$revlog" --now 2024-12-31T12:00:00Z --format csv --no-fuzz --elapsed 24h
    run simulate-revlog simulate --revlog "$revlog" --days 90 --format json --save-config simulate-revlog-config.json
else
    echo "capture: no review log at $revlog: its runs are skipped" >&2
fi
echo "capture: $(ls "$out" | wc -l) files in $out"
