#!/usr/bin/env python3
"""Parameter fitting: ZhiXi Review (Swift) against fsrs-rs, on the same items and folds, in one run.

How it was run (and how to run it again), from the package root:

    pip install fsrs-rs-python            # fsrs-rs through its Python binding (0.9.3 embeds fsrs 6.6)
    swift build -c release --product zhixi-review
    swift build -c release --product zhixi-review --static-swift-stdlib --scratch-path .build-static
    python3 Benchmarks/compare/optimizer_vs_fsrs_rs.py [--runs 21]

Quality, the protocol of shared/data/README.md: the review log is turned into fsrs-rs items
here, in Python (days start 04:00 UTC; an item is every review on a later study day than the
card's previous review, with the card's whole history), ordered by the time of their last
review and cut into 5 equal folds; for k = 1..4 fsrs-rs's `compute_parameters` is fitted on
the items before fold k and fsrs-rs's `evaluate` scores fold k (recency-weighted log loss and
RMSE (bins)); the figures are the means over the four folds, and the AUC is that of all scored
items together (unweighted). Our side is `zhixi-review evaluate LOG --format json`, which builds
its items itself from the CSV; the script checks that both sides have the same number of items
and folds.

Speed: fsrs-rs's `compute_parameters` on the whole log, in process, the items already built
(median of --runs); ours, `zhixi-review optimize LOG` as a whole process — start, reading the
CSV, building the items, fitting, printing — timed from outside (median of --runs), for each
build found (a default build links the Swift runtime and Foundation dynamically, which costs
about 7 ms of start-up on Linux; --static-swift-stdlib links them in). Both run on the same
machine in the same run; other work on the machine shows in both.
"""
import argparse
import csv
import datetime
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import time
from collections import defaultdict

from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOG = os.path.join(os.path.dirname(ROOT), "shared", "data", "anki-revlog-josh-2024.csv")


def items_from_log(path):
    """fsrs-rs items: (time of last review, card, [(rating, delta_t), ...]), in time order."""
    cards = defaultdict(list)
    with open(path) as handle:
        for row in csv.DictReader(handle):
            text = row["review_time"]
            seconds = int(text) / 1000 if text.isdigit() else datetime.datetime.fromisoformat(text).timestamp()
            cards[row["card_id"]].append((seconds, int(row["review_rating"])))
    items = []
    for card, reviews in cards.items():
        reviews.sort()
        days = [math.floor((seconds - 4 * 3600) / 86400) for seconds, _ in reviews]
        history = []
        for index, (seconds, rating) in enumerate(reviews):
            delta = 0 if index == 0 else max(0, days[index] - days[index - 1])
            history.append((rating, delta))
            if index > 0 and delta > 0:
                items.append((seconds, card, list(history)))
    items.sort(key=lambda item: (item[0], int(item[1]) if item[1].isdigit() else item[1]))
    return items


def fsrs_items(items, drop_last=False):
    return [FSRSItem([FSRSReview(rating, delta) for rating, delta in (history[:-1] if drop_last else history)])
            for _, _, history in items]


def auc(predictions, labels):
    order = sorted(range(len(predictions)), key=lambda index: predictions[index])
    positives = sum(labels)
    negatives = len(labels) - positives
    rank_sum, start = 0.0, 0
    while start < len(order):
        end = start
        while end < len(order) and predictions[order[end]] == predictions[order[start]]:
            end += 1
        rank_sum += (start + end + 1) / 2 * sum(labels[order[index]] for index in range(start, end))
        start = end
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def fsrs_rs_protocol(items, folds):
    size = len(items) // folds
    log_losses, rmses, predictions, labels = [], [], [], []
    fit_seconds = []
    for fold in range(1, folds):
        train = items[:fold * size]
        test = items[fold * size:(fold + 1) * size if fold < folds - 1 else len(items)]
        train_items = fsrs_items(train)
        start = time.perf_counter()
        weights = FSRS(DEFAULT_PARAMETERS).compute_parameters(train_items)
        fit_seconds.append(time.perf_counter() - start)
        model = FSRS(weights)
        evaluation = model.evaluate(fsrs_items(test))
        log_losses.append(evaluation.log_loss)
        rmses.append(evaluation.rmse_bins)
        states = model.memory_state_batch(fsrs_items(test, drop_last=True))
        decay = -weights[20]
        factor = 0.9 ** (1 / decay) - 1
        for (_, _, history), state in zip(test, states):
            predictions.append((1 + factor * history[-1][1] / state.stability) ** decay)
            labels.append(1 if history[-1][0] > 1 else 0)
    return {"logLoss": statistics.mean(log_losses), "rmseBins": statistics.mean(rmses),
            "auc": auc(predictions, labels), "folds": list(zip(log_losses, rmses))}


def time_process(command, runs):
    """Median, fastest and slowest wall time, and median CPU time (user + system, all threads)."""
    seconds, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        seconds.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(seconds), min(seconds), max(seconds), statistics.median(cpu)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--log", default=LOG)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-review"))
    parser.add_argument("--static-binary", default=os.path.join(ROOT, ".build-static", "release", "zhixi-review"))
    args = parser.parse_args()
    if not os.path.exists(args.log):
        sys.exit(f"{args.log} is absent: this comparison needs the real review log of shared/data")
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing; build it with: swift build -c release --product zhixi-review")

    items = items_from_log(args.log)

    # Quality, both sides on the same protocol.
    theirs = fsrs_rs_protocol(items, args.folds)
    ours_run = subprocess.run([args.binary, "evaluate", args.log, "--format", "json", "--splits", str(args.folds)],
                              check=True, capture_output=True, text=True, cwd=ROOT)
    ours = json.loads(ours_run.stdout)
    if ours["items"] != len(items):
        sys.exit(f"item counts differ: ours {ours['items']}, here {len(items)}")
    defaults = ours["defaults"]

    # Speed.
    all_items = fsrs_items(items)
    fsrs_seconds, fsrs_cpu = [], []
    for _ in range(args.runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        FSRS(DEFAULT_PARAMETERS).compute_parameters(all_items)
        fsrs_seconds.append(time.perf_counter() - start)
        fsrs_cpu.append(time.process_time() - start_cpu)
    theirs_median = statistics.median(fsrs_seconds)
    timings = [("zhixi-review optimize (default build)", args.binary)]
    if os.path.exists(args.static_binary):
        timings.append(("zhixi-review optimize (--static-swift-stdlib)", args.static_binary))

    print(f"review log: {os.path.basename(args.log)}, {len(items)} items, {args.folds} folds ({args.folds - 1} scored)")
    print(f"{'parameters':<32} {'log loss':>9} {'RMSE(bins)':>11} {'AUC':>7}")
    print(f"{'FSRS-6 defaults':<32} {defaults['logLoss']:>9.4f} {defaults['rmseBins']:>11.4f} {defaults['auc']:>7.4f}")
    print(f"{'fsrs-rs compute_parameters':<32} {theirs['logLoss']:>9.4f} {theirs['rmseBins']:>11.4f} {theirs['auc']:>7.4f}")
    candidate = ours["candidate"]
    print(f"{'ZhiXi ParameterOptimizer':<32} {candidate['logLoss']:>9.4f} {candidate['rmseBins']:>11.4f} {candidate['auc']:>7.4f}")
    for index, fold in enumerate(ours["folds"]):
        their_loss, their_rmse = theirs["folds"][index]
        print(f"  fold {index + 1}: fsrs-rs {their_loss:.4f} / {their_rmse:.4f}, "
              f"ours {fold['candidate']['logLoss']:.4f} / {fold['candidate']['rmseBins']:.4f}")
    print(f"\nfitting the whole log ({args.runs} runs, medians):")
    print(f"  fsrs-rs compute_parameters, in process, items built: {theirs_median * 1000:7.2f} ms "
          f"(min {min(fsrs_seconds) * 1000:.2f}; CPU {statistics.median(fsrs_cpu) * 1000:.2f} ms)")
    for name, binary in timings:
        median, fastest, slowest, cpu = time_process([binary, "optimize", args.log], args.runs)
        print(f"  {name}, whole process: {median * 1000:7.2f} ms (min {fastest * 1000:.2f}, max {slowest * 1000:.2f}; "
              f"CPU {cpu * 1000:.2f} ms); ratio ours/fsrs-rs {median / theirs_median:.2f} (min/min {fastest / min(fsrs_seconds):.2f})")


if __name__ == "__main__":
    main()
