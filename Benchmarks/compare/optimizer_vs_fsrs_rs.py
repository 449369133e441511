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

Speed, in rounds (--runs), the two sides one after the other in each round so both see the
same load: fsrs-rs's `compute_parameters` on the whole log, in process, the items already
built; ours, `zhixi-review optimize LOG` as a whole process — start, reading the CSV, building
the items, fitting, printing — timed from outside, for each build found (a default build links
the Swift runtime and Foundation dynamically, which costs about 7 ms of start-up on Linux;
--static-swift-stdlib links them in). Then per fold of the protocol (k = 1..4): fsrs-rs's fit on
the training items of fold k, in process, against `zhixi-review optimize` of the log cut after
the last review of those items (a process per fold, written to a temporary folder first), so
each fold's fit costs ours a process start. Medians with min–max over the rounds, and the ratio
ours/fsrs-rs within each round (median, min–max). With --before DIR, the zhixi-review in DIR (an
earlier build) runs in the same rounds.
"""
import argparse
import csv
import tempfile
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
LOG = os.environ.get("ZHIXI_REVLOG") or next(
    (path for path in (os.path.join(os.path.dirname(ROOT), "shared", "data", "anki-revlog-josh-2024.csv"),
                       os.path.join(os.path.dirname(os.path.dirname(ROOT)), "shared", "data", "anki-revlog-josh-2024.csv"))
     if os.path.exists(path)), os.path.join(os.path.dirname(ROOT), "shared", "data", "anki-revlog-josh-2024.csv"))


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


def time_once(command):
    """Wall and CPU seconds (user + system, all threads) of one run of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def spread(values, scale=1000.0, digits=2):
    scaled = [value * scale for value in values]
    return f"{statistics.median(scaled):.{digits}f} ({min(scaled):.{digits}f}–{max(scaled):.{digits}f})"


def cut_logs(path, items, folds, directory):
    """For each fold k = 1..folds-1: the log's rows up to the last review of fold k's training
    items, written to DIRECTORY/fold-k.csv; returns [(path, training items)]."""
    with open(path) as handle:
        reader = csv.reader(handle)
        header = next(reader)
        rows = list(reader)
    time_column = header.index("review_time")

    def seconds(text):
        return int(text) / 1000 if text.isdigit() else datetime.datetime.fromisoformat(text).timestamp()

    timed = [(seconds(row[time_column]), row) for row in rows]
    size = len(items) // folds
    cuts = []
    for fold in range(1, folds):
        train = items[:fold * size]
        cutoff = train[-1][0]
        fold_path = os.path.join(directory, f"fold-{fold}.csv")
        with open(fold_path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(header)
            writer.writerows(row for when, row in timed if when <= cutoff)
        cuts.append((fold_path, train))
    return cuts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--log", default=LOG)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-review"))
    parser.add_argument("--static-binary", default=os.path.join(ROOT, ".build-static", "release", "zhixi-review"))
    parser.add_argument("--before", help="a folder holding an earlier build's zhixi-review, run in the same rounds")
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
    ours_run_result = json.loads(ours_run.stdout)
    if ours_run_result["items"] != len(items):
        sys.exit(f"item counts differ: ours {ours_run_result['items']}, here {len(items)}")
    defaults = ours_run_result["defaults"]

    # Speed.
    all_items = fsrs_items(items)
    timings = [("default build", args.binary)]
    if os.path.exists(args.static_binary):
        timings.append(("--static-swift-stdlib", args.static_binary))
    if args.before:
        timings.append(("before", os.path.join(args.before, "zhixi-review")))
    fsrs_seconds, fsrs_cpu = [], []
    ours = {name: ([], [], []) for name, _ in timings}  # wall, CPU, ratio per round
    # The fit alone, as compute_parameters: builds since issue 27 add a held-out check (one more fit)
    # unless given --no-check; earlier builds do not know the option and fit only.
    fit_only = {binary: (["--no-check"] if "--no-check" in subprocess.run([binary, "optimize", "--help"], capture_output=True,
                                                                            text=True).stdout else [])
                for _, binary in timings}
    with tempfile.TemporaryDirectory() as directory:
        cuts = cut_logs(args.log, items, args.folds, directory)
        fold_items = [fsrs_items(train) for _, train in cuts]
        fold_theirs = [[] for _ in cuts]
        fold_ours = {name: [([], []) for _ in cuts] for name, _ in timings}  # wall, ratio
        for _ in range(args.runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            FSRS(DEFAULT_PARAMETERS).compute_parameters(all_items)
            fsrs_seconds.append(time.perf_counter() - start)
            fsrs_cpu.append(time.process_time() - start_cpu)
            for name, binary in timings:
                wall, cpu = time_once([binary, "optimize", args.log] + fit_only[binary])
                ours[name][0].append(wall)
                ours[name][1].append(cpu)
                ours[name][2].append(wall / fsrs_seconds[-1])
            for index, ((fold_path, _), train) in enumerate(zip(cuts, fold_items)):
                start = time.perf_counter()
                FSRS(DEFAULT_PARAMETERS).compute_parameters(train)
                fold_theirs[index].append(time.perf_counter() - start)
                for name, binary in timings:
                    wall, _ = time_once([binary, "optimize", fold_path] + fit_only[binary])
                    fold_ours[name][index][0].append(wall)
                    fold_ours[name][index][1].append(wall / fold_theirs[index][-1])

    print(f"review log: {os.path.basename(args.log)}, {len(items)} items, {args.folds} folds ({args.folds - 1} scored)")
    print(f"{'parameters':<32} {'log loss':>9} {'RMSE(bins)':>11} {'AUC':>7}")
    print(f"{'FSRS-6 defaults':<32} {defaults['logLoss']:>9.4f} {defaults['rmseBins']:>11.4f} {defaults['auc']:>7.4f}")
    print(f"{'fsrs-rs compute_parameters':<32} {theirs['logLoss']:>9.4f} {theirs['rmseBins']:>11.4f} {theirs['auc']:>7.4f}")
    candidate = ours_run_result["candidate"]
    print(f"{'ZhiXi ParameterOptimizer':<32} {candidate['logLoss']:>9.4f} {candidate['rmseBins']:>11.4f} {candidate['auc']:>7.4f}")
    for index, fold in enumerate(ours_run_result["folds"]):
        their_loss, their_rmse = theirs["folds"][index]
        print(f"  fold {index + 1}: fsrs-rs {their_loss:.4f} / {their_rmse:.4f}, "
              f"ours {fold['candidate']['logLoss']:.4f} / {fold['candidate']['rmseBins']:.4f}")
    print(f"\nfitting the whole log ({args.runs} rounds; ms, median (min–max); load average {os.getloadavg()[0]:.1f} at the end):")
    print(f"  fsrs-rs compute_parameters, in process, items built: {spread(fsrs_seconds)} (CPU {spread(fsrs_cpu)})")
    for name, _ in timings:
        wall, cpu, ratio = ours[name]
        print(f"  zhixi-review optimize ({name}), whole process: {spread(wall)} (CPU {spread(cpu)}); "
              f"ratio ours/fsrs-rs per round {spread(ratio, 1, 2)}")
    print("per fold of the protocol (fsrs-rs in process on the fold's training items; ours a process on the log cut there):")
    for index, (_, train) in enumerate(cuts):
        print(f"  fold {index + 1} ({len(train):,} training items): fsrs-rs {spread(fold_theirs[index])} ms; "
              + "; ".join(f"{name} {spread(fold_ours[name][index][0])} ms, ratio {spread(fold_ours[name][index][1], 1, 2)}"
                          for name, _ in timings))


if __name__ == "__main__":
    main()
